//! No input panics the compiler: thousands of mutated example files and random byte strings go
//! through parse, analyze, lower and every emitter. A fixed seed makes any failure reproduce.

mod common;
use common::Rng;

use std::panic::{AssertUnwindSafe, catch_unwind};

use sdkc::emit::{self, Format};

/// Bytes that matter to the grammar, plus a few that do not belong in a model at all.
const ALPHABET: &[u8] = b"{}|.,:=\"#\n rcx0123456789ABZ-+_ grid boxes values givens regions area rule distinct rows\xff\xc3\xa9\x00";

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(5) {
            0 if !v.is_empty() => {
                let end = (at + 1 + rng.below(12)).min(v.len());
                v.drain(at.min(end)..end);
            }
            1 => {
                let n = 1 + rng.below(6);
                let ins: Vec<u8> = (0..n)
                    .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                    .collect();
                v.splice(at..at, ins);
            }
            2 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            3 => {
                // Duplicate a stretch (a second grid line, a repeated givens row).
                let start = rng.below(v.len() + 1);
                let end = (start + rng.below(40)).min(v.len());
                let piece = v[start..end].to_vec();
                v.splice(at..at, piece);
            }
            _ => {
                // Big numbers where sizes and values go.
                let n = ["0", "999999999999999999999999", "300", "-1", "10"][rng.below(5)];
                v.splice(at..at, n.bytes());
            }
        }
    }
    v
}

fn exercise(input: &[u8]) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        if let Ok(puzzle) = sdkc::load("fuzz.sdk", input, None) {
            // Keep the work per case small: lower only grids up to 16x16.
            if puzzle.rows * puzzle.cols <= 256 {
                let Ok(mip) = sdkc::lower::lower(&puzzle) else {
                    return;
                };
                for f in [Format::Lp, Format::Mps, Format::FixedMps] {
                    let _ = emit::to_string(&mip, f);
                }
                let grid = vec![puzzle.lo; puzzle.rows * puzzle.cols];
                let _ = sdkc::check::check(&puzzle, &grid);
            }
        }
    }));
    if result.is_err() {
        panic!(
            "sdkc panicked on this input:\n{:?}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn mutated_examples_never_panic() {
    let mut rng = Rng(0x5D4C_0001);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sdk"))
        .collect();
    names.sort();
    assert!(names.len() >= 5);
    for path in names {
        let src = std::fs::read(&path).unwrap();
        for _ in 0..600 {
            exercise(&mutate(&mut rng, &src));
        }
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0xBAD_5EED);
    for _ in 0..2000 {
        let n = rng.below(200);
        let bytes: Vec<u8> = (0..n)
            .map(|_| {
                if rng.below(3) == 0 {
                    rng.next() as u8
                } else {
                    ALPHABET[rng.below(ALPHABET.len())]
                }
            })
            .collect();
        exercise(&bytes);
    }
}

#[test]
fn givens_option_never_panics() {
    let model = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/classic.sdk"),
    )
    .unwrap();
    let mut rng = Rng(7);
    for _ in 0..2000 {
        let n = rng.below(100);
        let line: String = (0..n)
            .map(|_| ['.', '0', '1', '9', 'A', 'z', 'é', ' ', '\n'][rng.below(9)])
            .collect();
        let _ = sdkc::load("m.sdk", &model, Some(&line));
    }
}
