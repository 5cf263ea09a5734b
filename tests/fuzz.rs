//! A fuzzing harness on stable Rust (no nightly, no cargo-fuzz): mutated inputs go through
//! the library in a child worker process, so a panic, a stack overflow, an abort, running out
//! of memory or a hang is caught, recorded and the run goes on.
//!
//! ```sh
//! cargo test --test fuzz                           # the CI smoke pass: fixed seed, fixed count
//! SDKC_FUZZ_SECONDS=900 SDKC_FUZZ_TARGET=model cargo test --release --test fuzz   # long run
//! scripts/fuzz model 900                           # the same, one worker per core
//! SDKC_FUZZ_REPRO=target/fuzz-findings/model-0123456789abcdef.sdk cargo test --test fuzz
//! ```
//!
//! Targets (the `TARGETS` table; adding one is a function and a row): `model` (model text
//! through load, every formulation, every emitter, a short builtin search and the checker),
//! `givens` (the one-line `--givens` text read into fixed models), `batch` (the lines of a
//! `--givens-file` list, each solved as `run --givens --unique` would).
//!
//! Inputs: the seeds (`examples/*.sdk`, `tests/fuzz/corpus/<target>/`, and the saved crashes
//! of `tests/fuzz/regressions/<target>-*`), each run once as it is, then mutations of them and
//! of earlier inputs that got through every stage: token-level (delete, duplicate, swap,
//! insert or replace from a dictionary of the language, numbers, splices, slices repeated,
//! deep nesting, long operator chains, long lines) and byte-level (bit flips, random bytes,
//! truncation, invalid UTF-8). Everything is drawn from one splitmix64 stream per target and
//! job, so a seed gives the same inputs on every machine.
//!
//! Settings, all optional (environment variables; defaults for the smoke pass / a long run):
//! - `SDKC_FUZZ_TARGET`: the targets to run, comma-separated (all).
//! - `SDKC_FUZZ_SECONDS`: seconds per target; setting it makes the run a long one.
//! - `SDKC_FUZZ_RUNS`: executions per target (`Target::smoke_runs` / unlimited).
//! - `SDKC_FUZZ_SEED`: decimal or `0x` hex (fixed / from the clock; the summary prints it).
//! - `SDKC_FUZZ_JOBS`: worker processes per target, each with its own stream (1).
//! - `SDKC_FUZZ_MAX_LEN`: the largest input in bytes (64 KiB / 512 KiB).
//! - `SDKC_FUZZ_MAX_REPEAT`: the largest repeat count: nesting depth, chain length, padding
//!   (64 / 200,000).
//! - `SDKC_FUZZ_MAX_COLUMNS`: cells x values above which `model` does not lower (10,000 / no
//!   limit): the smoke pass leaves big grids, slow in the test profile, to the long run.
//! - `SDKC_FUZZ_TIMEOUT`: seconds one input may take (10).
//! - `SDKC_FUZZ_MEMORY_MB`: the worker's address-space limit (4096).
//! - `SDKC_FUZZ_STACK_MB`: the worker thread's stack, as `sdkc`'s main thread has it (8).
//! - `SDKC_FUZZ_FINDINGS`: where findings go (`target/fuzz-findings`).
//! - `SDKC_FUZZ_REPRO=FILE`: run one file in this process (its panic and, with
//!   `RUST_BACKTRACE=1`, backtrace show); the target comes from the file name's prefix or
//!   `SDKC_FUZZ_TARGET`. `SDKC_FUZZ_REPRO=DIR`: replay every file of DIR through workers.
//! - `SDKC_FUZZ_MINIMIZE=FILE`: shrink a finding while it stays the same (class and panic
//!   place) into `FILE.min`, for at most `SDKC_FUZZ_SECONDS` (120).
//!
//! The smoke pass keeps inputs small (no known-slow sizes), so it stays a few seconds; the
//! long run tries deep nesting, long chains and lines past 100,000 columns.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use sdkc::batch::{self, Batch, Shard};
use sdkc::emit::{self, Format};
use sdkc::puzzle::{Formulation, Puzzle, RuleKind};
use sdkc::{Backend, Builtin, Goal, Question};

// ================================================================================================
// Targets
// ================================================================================================

/// How far an input got through a target (0: stopped at the first stage). Inputs that reach
/// `Target::complete` become parents of later mutations: a cheap stand-in for coverage
/// feedback, which keeps the fuzzer from spending most of its time in the parser.
type Reached = u8;

struct Target {
    name: &'static str,
    /// Extension of the files findings are written to.
    ext: &'static str,
    run: fn(&[u8]) -> Reached,
    complete: Reached,
    /// Tokens the mutator inserts; `NUMBERS` are added to every dictionary.
    dict: &'static [&'static str],
    /// More tokens, for long runs only: ones that multiply the work (rules that ground to
    /// hundreds of thousands of terms, the largest grids), which would make the smoke pass
    /// slow in the test profile.
    heavy_dict: &'static [&'static str],
    /// Seeds besides `tests/fuzz/corpus/<name>/` and `tests/fuzz/regressions/<name>-*`.
    extra_seeds: fn() -> Vec<Vec<u8>>,
    /// Executions of the smoke pass; sized so the three targets take well under 30 s together
    /// in the test profile (the batch target solves puzzles, so it gets fewer).
    smoke_runs: u64,
}

/// Every target. To add one: write `fn name(input: &[u8]) -> Reached` that panics on anything
/// wrong, add a row here, and optionally seed files in `tests/fuzz/corpus/<name>/`.
const TARGETS: &[Target] = &[
    Target {
        name: "model",
        ext: "sdk",
        run: model,
        complete: 2,
        dict: MODEL_DICT,
        heavy_dict: MODEL_HEAVY,
        extra_seeds: examples,
        smoke_runs: 3000,
    },
    Target {
        name: "givens",
        ext: "txt",
        run: givens,
        complete: 1,
        dict: GIVENS_DICT,
        heavy_dict: &[],
        extra_seeds: no_seeds,
        smoke_runs: 3000,
    },
    Target {
        name: "batch",
        ext: "txt",
        run: batch_list,
        complete: 1,
        dict: BATCH_DICT,
        heavy_dict: &[],
        extra_seeds: no_seeds,
        smoke_runs: 600,
    },
];

/// Model text through everything a model meets in `compile` and `run`: parse and analyze
/// (`load`, which also renders any mistakes), lowering in every formulation, every output
/// format, the builtin solver (compiled, then a short search whose grids must pass the
/// checker), and the checker on three more grids.
fn model(input: &[u8]) -> Reached {
    stage("load");
    let puzzle = match sdkc::load("fuzz.sdk", input, None) {
        Ok(p) => p,
        Err(e) => {
            rendered(&e);
            return 0;
        }
    };
    // The smoke pass skips lowering grids that take seconds in the test profile (a mutated
    // `grid 99x99` is a valid 970,000-column model); the long run lowers everything.
    if puzzle.cell_count().saturating_mul(puzzle.value_count()) > max_columns() {
        return 1;
    }
    // `--formulation F` changes the algebraic rules that do not already ask for F: lower the
    // model as written, then, while its MIP is small, once for each formulation that makes a
    // different MIP. (A big model lowered three more times is only slow, and for the wrong
    // reason: the pairs formulation of a 6,561-term rule is 2 million rows.)
    let asked: Vec<Formulation> = puzzle
        .rules
        .iter()
        .filter_map(|r| match r.kind {
            RuleKind::Expr { formulation, .. } => Some(formulation),
            RuleKind::Distinct(_) => None,
        })
        .collect();
    let mut formulations = vec![None];
    let mut lowered = false;
    while let Some(f) = formulations.pop() {
        let formulation = f.map_or("as written".into(), |f| format!("{f:?}"));
        stage(&format!("lower ({formulation})"));
        match sdkc::build_with("fuzz.sdk", input, None, f) {
            Ok((_, mip)) => {
                if !lowered && mip.rows.len() <= OTHER_FORMULATIONS_MAX_ROWS {
                    let other = |&&g: &&Formulation| asked.iter().any(|&a| a != g);
                    let all: Vec<Formulation> = Formulation::NAMES
                        .iter()
                        .map(|n| n.parse().unwrap())
                        .collect();
                    let others = all.iter().filter(other);
                    formulations.extend(others.map(|&g| Some(g)));
                }
                // Every format for the model as written; the writers do not depend on the
                // formulation, so LP (the one CBC and HiGHS read by default) for the others.
                let formats: Vec<Format> = if lowered {
                    vec![Format::Lp]
                } else {
                    Format::NAMES.iter().map(|n| n.parse().unwrap()).collect()
                };
                lowered = true;
                for format in formats {
                    stage(&format!("emit {format} ({formulation})"));
                    // A fixed-MPS name over 8 characters is a refusal, not a failure.
                    let _ = emit::to_string(&mip, format);
                }
            }
            Err(e) => rendered(&e),
        }
    }
    // `run --solver builtin` compiles the rules without lowering them, then searches; a
    // short search, with every grid it finds checked: a grid that breaks a rule is a bug.
    stage("builtin solver: compile");
    let searchable = match Builtin.prepare(&puzzle) {
        Ok(search) => {
            stage("builtin solver: search");
            let start = Instant::now();
            let q = Question {
                limit: Some(2),
                deadline: Some(start + SEARCH_TIME),
                ..Question::default()
            };
            let found = search.find(&puzzle.givens, &q, &mut |grid| {
                let broken = sdkc::check::check(&puzzle, grid);
                assert!(
                    broken.is_empty(),
                    "the builtin solver's grid breaks the model: {}",
                    broken[0]
                );
                true
            });
            assert!(found.is_ok(), "the builtin search failed: {found:?}");
            true
        }
        Err(_) => false,
    };
    // `run` checks grids only of models a solver accepted; so does this.
    if !(lowered || searchable) {
        return 1;
    }
    stage("check");
    check_grids(&puzzle);
    2
}

/// The largest MIP (in rows) whose model the `model` target lowers in the other
/// formulations too.
const OTHER_FORMULATIONS_MAX_ROWS: usize = 50_000;

/// How long the `model` target lets the builtin solver search: enough for most small
/// puzzles, little enough to keep thousands of executions a second.
const SEARCH_TIME: Duration = Duration::from_millis(20);

/// Models the one-line givens are read into: three sizes, values past 9 written as letters.
const GIVENS_MODELS: &[(&str, &[u8])] = &[
    ("classic.sdk", include_bytes!("../examples/classic.sdk")),
    ("six.sdk", include_bytes!("../examples/six.sdk")),
    ("sixteen.sdk", include_bytes!("../examples/sixteen.sdk")),
];

/// The `--givens LINE` text, read into each fixed model and lowered as `run --givens` does.
fn givens(input: &[u8]) -> Reached {
    // A command-line argument reaches sdkc as a `String` (clap refuses one that is not
    // UTF-8), so that is what the library is handed.
    let line = String::from_utf8_lossy(input);
    let mut reached = 0;
    for (name, model) in GIVENS_MODELS {
        stage(&format!("build {name}"));
        match sdkc::build(name, model, Some(&line)) {
            Ok((puzzle, _)) => {
                reached = 1;
                stage(&format!("check {name}"));
                check_grids(&puzzle);
            }
            Err(e) => rendered(&e),
        }
    }
    reached
}

/// How many puzzles of a list the batch target solves: the list parser sees every line,
/// and a few solves exercise reading each puzzle into the model and judging the result.
const BATCH_SOLVES: usize = 3;

thread_local! {
    /// The classic model, ready for many puzzles, as `run --givens-file --unique` with the
    /// builtin solver makes it (built once per worker: it does not depend on the list).
    static BATCH: Batch<'static> = Batch::new(
        "classic.sdk",
        GIVENS_MODELS[0].1.to_vec(),
        &Builtin,
        batch::Options {
            goal: Goal::Count(Some(2)),
            // Far below the watchdog, so a slow puzzle is an answer, not a hang.
            time_limit: Some(1.0),
            formulation: None,
        },
    )
    .expect("examples/classic.sdk is a valid model");
}

/// The bytes of a `--givens-file` list: its entries, each line as a `--shard` value (the other
/// parser of user text in batch mode), and the first few puzzles solved and judged.
fn batch_list(input: &[u8]) -> Reached {
    stage("entries");
    for line in input.split(|&b| b == b'\n') {
        let _ = String::from_utf8_lossy(line).parse::<Shard>();
    }
    let entries = batch::entries(input);
    let mut reached = 0;
    for e in &entries {
        assert!(
            e.line >= 1 && e.column >= 1,
            "entry at line {} column {}",
            e.line,
            e.column
        );
        assert!(
            !e.puzzle.is_empty() && !e.puzzle.contains(char::is_whitespace),
            "entry {:?} is not one field",
            e.puzzle
        );
    }
    BATCH.with(|b| {
        for e in entries.iter().take(BATCH_SOLVES) {
            stage(&format!("solve line {}", e.line));
            let out = b.solve(e);
            assert_eq!(out.line, Some(e.line), "the outcome names another line");
            assert!(
                !out.wrong_answer,
                "line {}: {}",
                e.line,
                out.message.as_deref().unwrap_or("")
            );
            if out.status.ok() {
                reached = 1;
            }
        }
    });
    reached
}

/// What every rejected input must come with: at least one message, each rendered both ways.
fn rendered(e: &sdkc::ModelErrors) {
    assert!(!e.diagnostics.is_empty(), "an error without a diagnostic");
    assert_eq!(e.rendered.len(), e.diagnostics.len());
    assert_eq!(e.one_line.len(), e.diagnostics.len());
}

/// Marks where a worker is: the parent names the stage a worker was in when it hung or died
/// (`timeout in lower (Pairs)`), from the last mark on the worker's stderr.
fn stage(name: &str) {
    if IN_WORKER.load(Ordering::Relaxed) {
        eprintln!("{STAGE_MARK}{name}");
    }
}

/// Set in worker processes only, so a reproduction in-process prints no marks.
static IN_WORKER: AtomicBool = AtomicBool::new(false);
const STAGE_MARK: &str = "fuzz-stage: ";

/// The checker and the grid printer on two grids like the ones a solver returns: the
/// pattern of a valid sudoku (rows, columns and boxes distinct on a square grid whose values
/// fit), and the same with the model's givens written in. A grid that breaks everything (a
/// constant one) would only make the checker list millions of violations, which a solver's
/// grid never makes it do.
fn check_grids(p: &Puzzle) {
    let n = p.value_count().max(1);
    let (bh, bw) = p.boxes.unwrap_or((1, p.cols));
    let (bh, bw) = (bh.max(1), bw.max(1));
    let pattern: Vec<i64> = (0..p.cell_count())
        .map(|i| {
            let (r, c) = (i / p.cols, i % p.cols);
            p.lo + ((bw * (r % bh) + r / bh + c) % n) as i64
        })
        .collect();
    let mut given = pattern.clone();
    for (v, g) in given.iter_mut().zip(&p.givens) {
        *v = g.unwrap_or(*v);
    }
    for grid in [pattern, given] {
        let _ = sdkc::check::check(p, &grid);
        let _ = sdkc::grid::format(p, &grid);
    }
}

/// `SDKC_FUZZ_MAX_COLUMNS` as the parent set it for this worker; no limit when unset.
fn max_columns() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| env_num("SDKC_FUZZ_MAX_COLUMNS").map_or(usize::MAX, |n| n as usize))
}

fn examples() -> Vec<Vec<u8>> {
    files_in(&root().join("examples"), |name| name.ends_with(".sdk"))
}

fn no_seeds() -> Vec<Vec<u8>> {
    Vec::new()
}

// ================================================================================================
// Dictionaries (kept one group a line, which rustfmt would spread one item a line)
// ================================================================================================

#[rustfmt::skip]
const MODEL_DICT: &[&str] = &[
    // Statement keywords, alone and in whole statements.
    "puzzle", "grid", "boxes", "values", "givens", "regions", "area", "rule", "marks", "relation",
    "encoding", "distinct", "none", "offsets", "integer",
    "puzzle \"p\"\n", "grid 9x9\n", "grid 4x4\n", "grid 1x1\n", "grid 2x1\n",
    "grid 16x16, boxes 4x4\n", "grid 9 X 9", "grid 9×9",
    "boxes 3x3\n", "boxes 2x2\n", "boxes none\n",
    "values 1..9\n", "values 0..8\n", "values 9..1\n", "values 0..0\n", "values 1..4294967296\n",
    "values -5..5\n",
    "givens \"", "givens {\n", "regions {\n", "regions jig {\n", "marks {\n",
    "area a = r1c1 r1c2 r2c1\n", "area t1 = r1c1 r1c2 r1c3\n",
    "relation k = knight\n", "relation o = offsets (1,2) (-1,0) (0,0)\n",
    "encoding integer\n", "encoding binary\n",
    "rule distinct rows, columns, boxes\n", "rule d: distinct cells\n", "rule distinct regions\n",
    "rule distinct diagonals\n",
    // Algebraic rules.
    "rule s: sum(c in cells: v[c]) == 405\n",
    "rule n: ndistinct(cells) == 9\n",
    "rule m: count(c in cells where row(c) == col(c): v[c] > 5) >= 2\n",
    "rule k: for (a, b) in king: v[a] != v[b]\n",
    "rule x: for c in cells: (ndistinct(diagonal(c)) == v[c]) <=> mark[c] has \"X\"\n",
    "rule q: for c in cells: v[c] % 3 != v[c] / 3 + 1\n",
    "rule i: for (a, b) in orthogonal: v[a] - v[b] not in {-1, 1} or v[a] in {1, 3..5}\n",
    "rule e: v[r1c1] == 1 => v[r1c2] == 99\n",
    // Sets and functions.
    "cells", "rows", "columns", "cols", "diagonals", "diagonal", "antidiagonal", "orthogonal",
    "king", "knight", "steps(", "row(", "col(", "diagonal(", "king(", "orthogonal(", "steps(t1)",
    // Expressions.
    "for", "forall", "exists", "in", "where", "has", "and", "or", "not", "sum(", "count(",
    "ndistinct(", "v[", "mark[", "c", "a", "b", "(a, b)", "for c in cells: ",
    "for (a, b) in orthogonal: ", "exists c in rows: ", "(pairs)", "(bigm)", "(table)",
    "v[r1c1]", "v[c]", "|v[a] - v[b]|",
    // Punctuation and operators.
    "(", ")", "[", "]", "{", "}", "|", ",", ":", "=", "==", "!=", "<", "<=", ">", ">=", "=>",
    "<=>", "+", "-", "*", "/", "%", "..", "\"", "\"X\"", "\"\"", "#", "\n", " ", "\t", "\n}\n",
    " in {1, 3}", " not in {2..4}", "{-1, 1}", "in {", "% 0", "/ v[c]",
    // Grid block tokens and cells, inside the grid and out.
    "x", "X", "+O", "O", ".", "---+---",
    "r1c1", "r9c9", "R2C3", "r0c1", "r1c0", "r10c10", "r256c256", "r99999999999999999999c1",
    // Defined rules, calls, paths and list functions.
    "define", "define f(a: cell, l: cells, n: number): ", "define g(): f(r1c1, r1c1-r1c3, 5)\n",
    "define h(x: cells): h(x)\n", "number", "cell", "cells", "rule cage(15, r1c1 r1c2 r2c1)\n",
    "rule thermo(r9c4-r7c2)\n", "rule sandwich(r3, 17)\n", "rule kropki_negative()\n",
    "rule white(r1c1, r1c2)\n", "rule little_killer(r9c8-r8c9, 12)\n", "r1c1-r1c9",
    "r1c1-r1c3-r3c3", "r1c1-r2c3", "-r9c9", "len(", "pos(", "at(", "first(", "last(",
    "reverse(", "distinct(", "box(", "boxpos(", "minvalue()", "maxvalue()", "clued(a, b, white)",
    "\\\"",
];

/// Long runs only: the largest grids, and rules that ground to many terms on any grid.
#[rustfmt::skip]
const MODEL_HEAVY: &[&str] = &[
    "grid 256x256\n", "grid 99x99, boxes 9x11\n",
    "rule q: for a in cells: for b in cells: for c in cells: v[a] + v[b] != v[c]\n",
    "rule p: for (a, b) in cells: v[a] != v[b]\n",
    "rule t: count(a in cells: count(b in cells: v[b] == v[a]) == 1) == 9\n",
];

#[rustfmt::skip]
const GIVENS_DICT: &[&str] = &[
    ".", "0", "1", "5", "9", "A", "F", "G", "Z", "a", "g", "z", "-", "|", "*", " ", "\n", "#",
    "\"", "..", "...", "53..7....", "11", "0.0.0", "é", "10", "16",
];

#[rustfmt::skip]
const BATCH_DICT: &[&str] = &[
    "\n", "\r\n", "#", "# a comment\n", " ", "\t", ".", "1", "9", "x",
    // `--shard` values, good and bad.
    "0/4", "3/2", "1/0", "18446744073709551616/1",
    "  name — source",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ".................................................................................",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "11...............................................................................",
];

/// Numbers where sizes, values, cells and offsets go: limits of the integer types, of the
/// grid (256), and big enough to overflow any of them.
#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "9", "10", "16", "25", "36", "64", "100", "127", "128", "255", "256",
    "257", "1000", "65535", "65536", "2147483647", "2147483648", "4294967295", "4294967296",
    "9223372036854775807", "9223372036854775808", "18446744073709551615",
    "18446744073709551616", "340282366920938463463374607431768211456",
    "000000000000000000000000000000000000009",
];

/// Text that trips up decoders and column arithmetic: invalid UTF-8 (a lone continuation
/// byte, a truncated sequence, a surrogate, an overlong form, past U+10FFFF), NUL, CR, a BOM,
/// a right-to-left override, a combining accent, wide and emoji characters, digits that are
/// numeric but not ASCII.
#[rustfmt::skip]
const ODD_TEXT: &[&[u8]] = &[
    b"\xff", b"\x80", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80",
    b"\0", b"\r", b"\r\n", b"\t",
    "\u{feff}".as_bytes(), "\u{202e}".as_bytes(), "e\u{301}".as_bytes(), "é".as_bytes(),
    "\u{3000}".as_bytes(), "漢".as_bytes(), "😀".as_bytes(), "Ａ".as_bytes(), "٣".as_bytes(),
    "²".as_bytes(), "Ⅻ".as_bytes(),
];

/// Wrappers for deep nesting: `open` N times, the wrapped tokens, `close` N times.
#[rustfmt::skip]
const NESTS: &[(&str, &str)] = &[
    ("(", ")"), ("|", "|"), ("v[", "]"), ("mark[", "] has \"X\""), ("ndistinct(king(", "))"),
    ("row(", ")"), ("f(", ")"), ("(", " + 1)"), ("1 + (", ")"), ("not ", ""), ("-", ""),
    ("- ", ""), ("{", "}"), ("\"", "\""),
];

/// Long runs only: wrappers that iterate over a set, so N of them ground to |set|^N terms.
/// `@` is replaced by the depth, so the nested quantifiers bind different names.
#[rustfmt::skip]
const HEAVY_NESTS: &[(&str, &str)] = &[
    ("sum(c in cells: ", ")"), ("count(c in cells: ", ")"), ("for a@ in cells: ", ""),
    ("exists b@ in rows: ", ""), ("forall (a@, b@) in orthogonal: ", ""),
    ("sum(s@ in cells: ", ")"),
];

/// Operators and operands for long flat chains (`v[r1c1] + v[r1c1] + ...`).
#[rustfmt::skip]
const CHAIN_OPS: &[&str] = &[
    " + ", " - ", " * ", " / ", " % ", " and ", " or ", " => ", " <=> ", " == ", " != ", " < ", " <= ",
    ", ", " ", " in {1} ",
];
#[rustfmt::skip]
const CHAIN_TERMS: &[&str] = &[
    "v[r1c1]", "1", "v[c]", "r1c1", "(1)", "|v[r1c2]|", "not v[r1c1] == 1",
    "count(c in cells: v[c] == 1)", "x", "rows",
];

/// What long lines are padded with: columns counted in bytes and in characters differ for
/// all but the first two.
const PAD: &[&str] = &[" ", "\t", "x", "1", "é", "\u{3000}", "e\u{301}"];

// ================================================================================================
// Random numbers and mutations
// ================================================================================================

/// splitmix64: tiny, fast, and the same stream on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when n is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }

    /// Log-uniform in `1..=max`: every order of magnitude is as likely as any other.
    fn log_uniform(&mut self, max: usize) -> usize {
        let max = max.max(1);
        let bits = (usize::BITS - max.leading_zeros()) as usize;
        let e = self.below(bits);
        ((1usize << e) + self.below(1 << e)).clamp(1, max)
    }
}

struct Limits {
    max_len: usize,
    /// The largest repeat count; most repeats stay at 16 or below whatever this is.
    max_repeat: usize,
    /// Use the heavy dictionary entries and wrappers too (long runs).
    heavy: bool,
}

/// Turns one input into another. Inputs are byte strings; the token-level mutations see them
/// as words, runs of blanks, newlines and operators, so they keep the language's shapes.
struct Mutator {
    rng: Rng,
    /// The target's dictionary and `NUMBERS`.
    words: Vec<&'static str>,
    nests: Vec<(&'static str, &'static str)>,
    limits: Limits,
}

/// Splits text into tokens that concatenate back to it: words (ASCII alphanumerics, `_`, and
/// any non-ASCII byte, so UTF-8 sequences stay whole), runs of blanks, single newlines, the
/// multi-character operators, and single other bytes.
fn tokens(input: &[u8]) -> Vec<&[u8]> {
    const OPS: &[&[u8]] = &[b"<=>", b"=>", b"<=", b">=", b"==", b"!=", b".."];
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\r';
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        let len = if word(b) {
            input[i..].iter().take_while(|&&c| word(c)).count()
        } else if blank(b) {
            input[i..].iter().take_while(|&&c| blank(c)).count()
        } else {
            OPS.iter()
                .find(|op| input[i..].starts_with(op))
                .map_or(1, |op| op.len())
        };
        out.push(&input[i..i + len]);
        i += len;
    }
    out
}

fn concat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

impl Mutator {
    fn new(target: &Target, seed: u64, limits: Limits) -> Mutator {
        let mut words = target.dict.to_vec();
        let mut nests = NESTS.to_vec();
        if limits.heavy {
            words.extend_from_slice(target.heavy_dict);
            nests.extend_from_slice(HEAVY_NESTS);
        }
        words.extend_from_slice(NUMBERS);
        Mutator {
            rng: Rng(seed),
            words,
            nests,
            limits,
        }
    }

    /// A repeat count: up to 16 most of the time, one time in eight up to the limit, never
    /// more than `room` bytes of `unit`-byte pieces.
    fn repeat(&mut self, unit: usize, room: usize) -> usize {
        let cap = if self.rng.chance(8) {
            self.limits.max_repeat
        } else {
            self.limits.max_repeat.min(16)
        };
        self.rng.log_uniform(cap).min(room / unit.max(1)).max(1)
    }

    fn word(&mut self) -> &'static [u8] {
        self.rng.pick(&self.words).as_bytes()
    }

    /// One to a few mutations of `input`, drawing splices from `other`. A mutation that
    /// would pass `max_len` is dropped.
    fn mutate(&mut self, input: &[u8], other: &[u8]) -> Vec<u8> {
        let mut data = input.to_vec();
        // Mostly one or two mutations, sometimes up to six.
        let most = 1 + self.rng.below(6);
        let n = 1 + self.rng.below(most);
        for _ in 0..n {
            let next = self.once(&data, other);
            if next.len() <= self.limits.max_len {
                data = next;
            }
        }
        data
    }

    fn once(&mut self, data: &[u8], other: &[u8]) -> Vec<u8> {
        let room = self.limits.max_len.saturating_sub(data.len());
        let toks = tokens(data);
        let t = toks.len();
        // A token position (a boundary between tokens, 0..=t) and a token index (0..t).
        let at = self.rng.below(t + 1);
        let ti = self.rng.below(t);
        match self.rng.below(20) {
            // ---- token level ----
            0 if t > 0 => {
                let k = 1 + self.rng.below(4);
                let end = (ti + k).min(t);
                concat(&[&toks[..ti], &toks[end..]].concat())
            }
            1 if t > 0 => {
                let end = (ti + 1 + self.rng.below(8)).min(t);
                let run = toks[ti..end].to_vec();
                concat(&[&toks[..at], &run[..], &toks[at..]].concat())
            }
            2 if t > 1 => {
                let mut v = toks.clone();
                v.swap(ti, self.rng.below(t));
                concat(&v)
            }
            3 | 4 => {
                let w = self.word();
                let space: &[u8] = if self.rng.chance(2) { b" " } else { b"" };
                concat(&[&toks[..at], &[space, w, space][..], &toks[at..]].concat())
            }
            5 if t > 0 => {
                let mut v = toks.clone();
                v[ti] = self.word();
                concat(&v)
            }
            6 => self.number(&toks),
            7 => {
                // Splice: this input's head, the other's tail; or a run of the other inside.
                let theirs = tokens(other);
                let j = self.rng.below(theirs.len() + 1);
                if self.rng.chance(2) {
                    concat(&[&toks[..at], &theirs[j..]].concat())
                } else {
                    let end = (j + 1 + self.rng.below(16)).min(theirs.len());
                    concat(&[&toks[..at], &theirs[j..end], &toks[at..]].concat())
                }
            }
            8 if t > 0 => {
                // A slice repeated many times: long lists, repeated statements and cells.
                let end = (ti + 1 + self.rng.below(8)).min(t);
                let run = concat(&toks[ti..end]);
                let n = self.repeat(run.len(), room);
                let mut out = concat(&toks[..end]);
                for _ in 0..n {
                    out.extend_from_slice(&run);
                }
                out.extend(concat(&toks[end..]));
                out
            }
            9 | 10 => self.nest(&toks, room),
            11 => self.chain(&toks, room),
            12 => self.lines(data, room),
            13 => {
                // A long line: a mistake after it sits past column 65,535.
                let pad = self.rng.pick(PAD).as_bytes();
                let n = self.repeat(pad.len(), room);
                let mut out = concat(&toks[..at]);
                for _ in 0..n {
                    out.extend_from_slice(pad);
                }
                out.extend(concat(&toks[at..]));
                out
            }
            // ---- byte level ----
            14 if !data.is_empty() => {
                let mut v = data.to_vec();
                let i = self.rng.below(v.len());
                v[i] ^= 1 << self.rng.below(8);
                v
            }
            15 => {
                let mut v = data.to_vec();
                let i = self.rng.below(v.len() + 1);
                let bytes: Vec<u8> = (0..1 + self.rng.below(8))
                    .map(|_| self.rng.next() as u8)
                    .collect();
                v.splice(i..i, bytes);
                v
            }
            16 if !data.is_empty() => {
                let mut v = data.to_vec();
                let i = self.rng.below(v.len());
                let end = (i + 1 + self.rng.below(16)).min(v.len());
                v.drain(i..end);
                v
            }
            17 => data[..self.rng.below(data.len() + 1)].to_vec(),
            _ => {
                let mut v = data.to_vec();
                let i = self.rng.below(v.len() + 1);
                v.splice(i..i, self.rng.pick(ODD_TEXT).iter().copied());
                v
            }
        }
    }

    /// Replace a number with a limit, a neighbour or a longer one; or insert one.
    fn number(&mut self, toks: &[&[u8]]) -> Vec<u8> {
        let numbers: Vec<usize> = (0..toks.len())
            .filter(|&i| toks[i].iter().all(u8::is_ascii_digit))
            .collect();
        let mut v: Vec<Vec<u8>> = toks.iter().map(|t| t.to_vec()).collect();
        let Some(&i) = (!numbers.is_empty()).then(|| self.rng.pick(&numbers)) else {
            let at = self.rng.below(v.len() + 1);
            v.insert(at, self.rng.pick(NUMBERS).as_bytes().to_vec());
            return v.concat();
        };
        let old = String::from_utf8_lossy(&v[i]).into_owned();
        v[i] = match (self.rng.below(4), old.parse::<u128>()) {
            (0, Ok(n)) => n.saturating_add(1).to_string().into_bytes(),
            (1, Ok(n)) => n.saturating_sub(1).to_string().into_bytes(),
            (2, _) => format!("{old}{}", self.rng.below(10)).into_bytes(),
            _ => self.rng.pick(NUMBERS).as_bytes().to_vec(),
        };
        v.concat()
    }

    /// A token position, most of the time in a rule (from `rule` to the next statement
    /// keyword) where an operand starts (`v`, `(`, a number, a cell, a function or quantifier
    /// word) or, with `after`, just past where one ends. Nesting and chains then land in an
    /// expression, where the parser and the analyzer recurse, rather than in a givens block
    /// (flat tokens) or where the parser stops at once.
    fn operand_at(&mut self, toks: &[&[u8]], after: bool) -> usize {
        #[rustfmt::skip]
        const STATEMENTS: &[&[u8]] = &[
            b"puzzle", b"grid", b"boxes", b"values", b"givens", b"regions", b"area", b"marks",
            b"relation", b"encoding",
        ];
        #[rustfmt::skip]
        const OPERAND_WORDS: &[&[u8]] = &[
            b"v", b"(", b"|", b"not", b"sum", b"count", b"ndistinct", b"mark", b"row", b"col",
            b"exists", b"for", b"forall",
        ];
        let cell = |t: &[u8]| t.len() >= 4 && t[0] | 0x20 == b'r' && t[1].is_ascii_digit();
        let number_or_cell = |t: &[u8]| t[0].is_ascii_digit() || cell(t);
        let starts = |t: &[u8]| number_or_cell(t) || OPERAND_WORDS.contains(&t);
        let ends = |t: &[u8]| number_or_cell(t) || matches!(t, b"]" | b")" | b"|");
        let mut places = Vec::new();
        let mut in_rule = false;
        for (k, &t) in toks.iter().enumerate() {
            if t == b"rule" {
                in_rule = true;
            } else if STATEMENTS.contains(&t) {
                in_rule = false;
            } else if in_rule && (if after { ends(t) } else { starts(t) }) {
                places.push(k + usize::from(after));
            }
        }
        if places.is_empty() || self.rng.chance(4) {
            self.rng.below(toks.len() + 1)
        } else {
            *self.rng.pick(&places)
        }
    }

    /// Deep nesting: `open` N times before a few tokens, `close` N times after them.
    fn nest(&mut self, toks: &[&[u8]], room: usize) -> Vec<u8> {
        let (open, close) = *self.rng.pick(&self.nests);
        // A depth in place of `@` takes up to six digits.
        let digits = if open.contains('@') { 12 } else { 0 };
        let n = self.repeat(open.len() + close.len() + digits, room);
        let i = self.operand_at(toks, false);
        let j = (i + self.rng.below(4)).min(toks.len());
        let mut out = concat(&toks[..i]);
        for d in 0..n {
            out.extend_from_slice(open.replace('@', &d.to_string()).as_bytes());
        }
        out.extend(concat(&toks[i..j]));
        for d in (0..n).rev() {
            out.extend_from_slice(close.replace('@', &d.to_string()).as_bytes());
        }
        out.extend(concat(&toks[j..]));
        out
    }

    /// A long flat chain: ` OP TERM` N times after a token; one operator throughout, or mixed.
    fn chain(&mut self, toks: &[&[u8]], room: usize) -> Vec<u8> {
        let mixed = self.rng.chance(3);
        let (op, term) = (*self.rng.pick(CHAIN_OPS), *self.rng.pick(CHAIN_TERMS));
        let n = self.repeat(op.len() + term.len(), room);
        let at = self.operand_at(toks, true);
        let mut out = concat(&toks[..at]);
        for _ in 0..n {
            let (op, term) = if mixed {
                (*self.rng.pick(CHAIN_OPS), *self.rng.pick(CHAIN_TERMS))
            } else {
                (op, term)
            };
            out.extend_from_slice(op.as_bytes());
            out.extend_from_slice(term.as_bytes());
        }
        out.extend(concat(&toks[at..]));
        out
    }

    /// Whole lines: one repeated many times (20,000 givens rows), deleted, swapped, joined.
    fn lines(&mut self, data: &[u8], room: usize) -> Vec<u8> {
        let mut lines: Vec<Vec<u8>> = data
            .split_inclusive(|&b| b == b'\n')
            .map(<[u8]>::to_vec)
            .collect();
        if lines.is_empty() {
            return data.to_vec();
        }
        let i = self.rng.below(lines.len());
        let j = self.rng.below(lines.len());
        match self.rng.below(4) {
            0 => {
                let line = lines[i].clone();
                let n = self.repeat(line.len(), room);
                lines.splice(i..i, std::iter::repeat_n(line, n));
            }
            1 => {
                lines.remove(i);
            }
            2 => lines.swap(i, j),
            _ => {
                if lines[i].last() == Some(&b'\n') {
                    lines[i].pop();
                }
            }
        }
        lines.concat()
    }
}

// ================================================================================================
// The worker: runs inputs in a child process
// ================================================================================================

/// Set in a worker's environment to the target it runs.
const WORKER_ENV: &str = "SDKC_FUZZ_WORKER";

/// Frames: parent to worker `len: u32 LE, input`; worker to parent `MAGIC, tag, reached,
/// len: u32 LE, message` (tag 0: ran, 1: panicked). The magic byte catches a reply the
/// library's own output has corrupted (it cannot: stdout is moved aside, see `worker_main`).
const MAGIC: u8 = 0xF2;

/// The largest input kept as a parent for later mutations.
const POOL_MAX_LEN: usize = 16 << 10;

/// The last panic's message, location and backtrace, set by the worker's panic hook.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

fn worker_main(target: &'static Target) -> ! {
    IN_WORKER.store(true, Ordering::Relaxed);
    limit_memory();
    die_with_parent();
    // Replies go through a private copy of stdout; whatever the library prints to stdout goes
    // to stderr, where the parent keeps it for crash reports.
    let replies = reply_channel();
    panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(a panic payload that is not text)");
        let place = info.location().map_or("an unknown place".into(), |l| {
            format!("{}:{}:{}", short_path(l.file()), l.line(), l.column())
        });
        let (frames, ours) = our_frames(&std::backtrace::Backtrace::force_capture().to_string());
        // The first line is the finding's signature: where it panicked and, when that is in
        // a dependency (miette's renderer), the innermost sdkc line that led there.
        let signature = match ours {
            Some(ours) if !place.starts_with("src/") && !place.starts_with("tests/") => {
                format!("panicked at {place} via {ours}")
            }
            _ => format!("panicked at {place}"),
        };
        let text = format!("{signature}\n{message}\nbacktrace (sdkc's frames):\n{frames}");
        *PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
    }));
    let worker = thread::Builder::new()
        .name("fuzz-worker".into())
        .stack_size(stack_bytes())
        .spawn(move || serve(target, replies))
        .expect("the worker thread starts");
    let code = match worker.join() {
        Ok(Ok(())) => 0,
        _ => 2,
    };
    std::process::exit(code)
}

fn serve(target: &Target, mut replies: Box<dyn Write + Send>) -> io::Result<()> {
    let mut stdin = io::stdin().lock();
    loop {
        let mut len = [0u8; 4];
        match stdin.read_exact(&mut len) {
            Ok(()) => {}
            // The parent closed the pipe: the run is over.
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e),
        }
        let mut input = vec![0; u32::from_le_bytes(len) as usize];
        stdin.read_exact(&mut input)?;
        let (tag, reached, message) =
            match panic::catch_unwind(AssertUnwindSafe(|| (target.run)(&input))) {
                Ok(reached) => (0, reached, String::new()),
                Err(_) => {
                    let text = PANIC.lock().unwrap_or_else(|e| e.into_inner()).take();
                    (
                        1,
                        0,
                        text.unwrap_or_else(|| "panic without a message".into()),
                    )
                }
            };
        let mut frame = vec![MAGIC, tag, reached];
        frame.extend_from_slice(&(message.len() as u32).to_le_bytes());
        frame.extend_from_slice(message.as_bytes());
        replies.write_all(&frame)?;
        replies.flush()?;
    }
}

/// The frames of a backtrace that are in this repository (sdkc or this harness), with their
/// source lines, and the innermost one's `file:line`. The standard library's and the
/// dependencies' frames only hide where the panic came from. Frames are matched by their
/// source path, since release builds name inlined frames without their module.
fn our_frames(backtrace: &str) -> (String, Option<String>) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
    let lines: Vec<&str> = backtrace.lines().collect();
    let mut out = Vec::new();
    let mut innermost = None;
    for (k, line) in lines.iter().enumerate() {
        let Some(at) = line.trim_start().strip_prefix("at ") else {
            continue;
        };
        // Paths of this package's files are relative (`./src/parse.rs`) or under its root.
        let file = at.strip_prefix(root).unwrap_or(at);
        let file = file.strip_prefix("./").unwrap_or(file);
        if !(file.starts_with("src/") || file.starts_with("tests/")) {
            continue;
        }
        if file.starts_with("tests/fuzz.rs") {
            // The hook's own frame comes first and the target function's after sdkc's: the
            // panic's place and message already say all they would.
            if innermost.is_some() {
                break;
            }
            continue;
        }
        innermost.get_or_insert_with(|| file.to_string());
        if k > 0 {
            out.push(lines[k - 1].trim_end().to_string());
        }
        out.push(format!("             at {file}"));
    }
    out.truncate(40);
    (out.join("\n"), innermost)
}

/// A source path as short as it can be read: a dependency's from its crate's directory.
fn short_path(file: &str) -> &str {
    match file.find("/index.crates.io-") {
        Some(i) => file[i + 1..].split_once('/').map_or(file, |(_, rest)| rest),
        None => file,
    }
}

#[cfg(unix)]
fn limit_memory() {
    let bytes = env_num("SDKC_FUZZ_MEMORY_MB").unwrap_or(4096) << 20;
    let limit = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: bytes as libc::rlim_t,
    };
    // No core files from the aborts this harness provokes on purpose.
    let no_core = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: setrlimit reads the struct we pass and touches nothing else.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &limit);
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
    }
}

#[cfg(not(unix))]
fn limit_memory() {}

/// A worker stuck in a loop must not outlive a fuzzer stopped with Ctrl-C.
#[cfg(target_os = "linux")]
fn die_with_parent() {
    // SAFETY: PR_SET_PDEATHSIG takes a signal number and changes only this process.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent() {}

#[cfg(unix)]
fn reply_channel() -> Box<dyn Write + Send> {
    use std::os::fd::FromRawFd;
    // SAFETY: fd 1 and 2 are open (the parent made them pipes); dup gives a new descriptor
    // owned by the File from here on, and dup2 only repoints fd 1.
    unsafe {
        let fd = libc::dup(1);
        assert!(fd >= 0, "dup(1) failed");
        libc::dup2(2, 1);
        Box::new(io::BufWriter::new(fs::File::from_raw_fd(fd)))
    }
}

#[cfg(not(unix))]
fn reply_channel() -> Box<dyn Write + Send> {
    Box::new(io::stdout())
}

fn stack_bytes() -> usize {
    (env_num("SDKC_FUZZ_STACK_MB").unwrap_or(8) << 20) as usize
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Panic,
    StackOverflow,
    OutOfMemory,
    Timeout,
    Crash,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Panic => "panic",
            Class::StackOverflow => "stack-overflow",
            Class::OutOfMemory => "out-of-memory",
            Class::Timeout => "timeout",
            Class::Crash => "crash",
        })
    }
}

const CLASSES: [Class; 5] = [
    Class::Panic,
    Class::StackOverflow,
    Class::OutOfMemory,
    Class::Timeout,
    Class::Crash,
];

struct Finding {
    class: Class,
    /// What makes two findings the same bug: the panic's location, else the class.
    signature: String,
    message: String,
}

impl Finding {
    /// A finding from a worker that hung or died: `why`, the stage it was in (from its stage
    /// marks) and the last lines it wrote, which hold the runtime's message for an overflow
    /// or a failed allocation.
    fn at(class: Class, why: String, stderr: &str) -> Finding {
        let stage = stderr
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix(STAGE_MARK))
            .unwrap_or("an unknown stage");
        let output: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with(STAGE_MARK))
            .collect();
        let tail = output[output.len().saturating_sub(20)..].join("\n");
        Finding {
            class,
            signature: format!("{class} in {stage}"),
            message: format!("{why}, in {stage}\n{tail}"),
        }
    }

    /// A panic the worker caught: its hook put the signature on the message's first line.
    fn panic(message: String) -> Finding {
        Finding {
            class: Class::Panic,
            signature: message.lines().next().unwrap_or("").to_string(),
            message,
        }
    }
}

struct Reply {
    tag: u8,
    reached: Reached,
    message: String,
}

struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: Receiver<Reply>,
    /// The tail of the worker's stderr: the runtime's last words on a stack overflow or a
    /// failed allocation, which say which of the two killed it.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_reader: Option<JoinHandle<()>>,
}

impl Worker {
    fn spawn(target: &'static str, max_columns: Option<usize>) -> io::Result<Worker> {
        let mut cmd = Command::new(std::env::current_exe()?);
        cmd.env(WORKER_ENV, target)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match max_columns {
            Some(n) => cmd.env("SDKC_FUZZ_MAX_COLUMNS", n.to_string()),
            None => cmd.env_remove("SDKC_FUZZ_MAX_COLUMNS"),
        };
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut err = child.stderr.take().expect("piped stderr");
        let (tx, replies) = mpsc::channel();
        // Replies are read on a thread so the parent can wait for one with a deadline.
        thread::spawn(move || {
            while let Some(reply) = read_reply(&mut stdout) {
                if tx.send(reply).is_err() {
                    return;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let tail = Arc::clone(&stderr);
        let stderr_reader = thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n @ 1..) = err.read(&mut buf) {
                let mut t = tail.lock().unwrap();
                t.extend_from_slice(&buf[..n]);
                let excess = t.len().saturating_sub(64 * 1024);
                if excess > 0 {
                    // Cut whole lines, so the tail never starts with half of one.
                    let cut = t[excess..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(t.len(), |i| excess + i + 1);
                    t.drain(..cut);
                }
            }
        });
        Ok(Worker {
            child,
            stdin,
            replies,
            stderr,
            stderr_reader: Some(stderr_reader),
        })
    }

    /// Run one input. `Err` means the worker found something and must be replaced.
    fn run(&mut self, input: &[u8], timeout: Duration) -> Result<Reached, Finding> {
        let mut frame = (input.len() as u32).to_le_bytes().to_vec();
        frame.extend_from_slice(input);
        let sent = match self.stdin.as_mut() {
            Some(w) => w.write_all(&frame).and_then(|()| w.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        if sent.is_ok() {
            match self.replies.recv_timeout(timeout) {
                Ok(r) if r.tag == 0 => return Ok(r.reached),
                Ok(r) => return Err(Finding::panic(r.message)),
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    let stderr = self.stderr_to_end();
                    let why = format!("no answer within {:.1} s", timeout.as_secs_f64());
                    return Err(Finding::at(Class::Timeout, why, &stderr));
                }
                // The reply pipe closed: the worker died.
                Err(RecvTimeoutError::Disconnected) => {}
            }
        }
        let status = self.child.wait();
        let stderr = self.stderr_to_end();
        Err(died(status, &stderr))
    }

    /// Everything the worker wrote to stderr (its last 64 KiB), once it has exited.
    fn stderr_to_end(&mut self) -> String {
        if let Some(h) = self.stderr_reader.take() {
            let _ = h.join();
        }
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Close the input pipe (the worker exits at its end) and reap the process.
    fn finish(mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_reply(r: &mut impl Read) -> Option<Reply> {
    let mut head = [0u8; 7];
    r.read_exact(&mut head).ok()?;
    if head[0] != MAGIC {
        return None;
    }
    let len = u32::from_le_bytes(head[3..7].try_into().unwrap()) as usize;
    let mut message = vec![0; len];
    r.read_exact(&mut message).ok()?;
    Some(Reply {
        tag: head[1],
        reached: head[2],
        message: String::from_utf8_lossy(&message).into_owned(),
    })
}

/// Why the worker died, from its exit status and the runtime's message on stderr.
fn died(status: io::Result<ExitStatus>, stderr: &str) -> Finding {
    let status = match status {
        Ok(s) => describe(s),
        Err(e) => format!("could not be waited for: {e}"),
    };
    let class = if stderr.contains("has overflowed its stack") {
        Class::StackOverflow
    } else if stderr.contains("memory allocation of") {
        Class::OutOfMemory
    } else {
        Class::Crash
    };
    let mut f = Finding::at(class, format!("worker {status}"), stderr);
    if class == Class::Crash {
        // An unexplained death: the way it died tells crashes apart.
        f.signature = format!("crash ({status}){}", &f.signature["crash".len()..]);
    }
    f
}

#[cfg(unix)]
fn describe(s: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (_, Some(sig)) => format!("killed by signal {sig}"),
        (Some(c), _) => format!("exited with code {c}"),
        _ => s.to_string(),
    }
}

#[cfg(not(unix))]
fn describe(s: ExitStatus) -> String {
    s.to_string()
}

// ================================================================================================
// The fuzzing loop
// ================================================================================================

struct Config {
    long: bool,
    seconds: Option<f64>,
    runs: Option<u64>,
    seed: u64,
    jobs: usize,
    max_len: usize,
    max_repeat: usize,
    max_columns: Option<usize>,
    timeout: Duration,
    findings: PathBuf,
}

impl Config {
    fn from_env() -> Config {
        let seconds = env_num("SDKC_FUZZ_SECONDS").map(|s| s as f64);
        let long = seconds.is_some();
        let seed = env_num("SDKC_FUZZ_SEED").unwrap_or_else(|| {
            if long {
                // A fresh stream each long run; the summary prints it for a replay.
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            } else {
                0x5D4C_F022
            }
        });
        Config {
            long,
            seconds,
            runs: env_num("SDKC_FUZZ_RUNS"),
            seed,
            jobs: env_num("SDKC_FUZZ_JOBS").unwrap_or(1).max(1) as usize,
            max_len: env_num("SDKC_FUZZ_MAX_LEN")
                .map_or(if long { 512 << 10 } else { 64 << 10 }, |n| n as usize),
            max_repeat: env_num("SDKC_FUZZ_MAX_REPEAT")
                .map_or(if long { 200_000 } else { 64 }, |n| n as usize),
            max_columns: match env_num("SDKC_FUZZ_MAX_COLUMNS") {
                Some(n) => Some(n as usize),
                None if long => None,
                None => Some(10_000),
            },
            timeout: Duration::from_secs_f64(
                std::env::var("SDKC_FUZZ_TIMEOUT")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(10.0),
            ),
            findings: std::env::var_os("SDKC_FUZZ_FINDINGS")
                .map_or_else(|| root().join("target/fuzz-findings"), PathBuf::from),
        }
    }
}

/// One distinct finding: how often it came, the first message, the smallest input saved.
struct Seen {
    class: Class,
    count: u64,
    message: String,
    smallest: Option<(usize, PathBuf)>,
    saved: u64,
}

#[derive(Default)]
struct Stats {
    execs: u64,
    restarts: u64,
    seconds: f64,
    findings: BTreeMap<String, Seen>,
    slowest: Option<(f64, Vec<u8>)>,
    /// Executions by the stage they reached: how deep the fuzzer gets.
    stages: [u64; 4],
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        self.execs += other.execs;
        self.restarts += other.restarts;
        self.seconds = self.seconds.max(other.seconds);
        for (mine, theirs) in self.stages.iter_mut().zip(other.stages) {
            *mine += theirs;
        }
        for (sig, s) in other.findings {
            match self.findings.get_mut(&sig) {
                None => {
                    self.findings.insert(sig, s);
                }
                Some(mine) => {
                    mine.count += s.count;
                    mine.saved += s.saved;
                    if s.smallest.as_ref().map(|x| x.0) < mine.smallest.as_ref().map(|x| x.0)
                        || mine.smallest.is_none()
                    {
                        mine.smallest = s.smallest;
                    }
                }
            }
        }
        if other.slowest.as_ref().map(|s| s.0) > self.slowest.as_ref().map(|s| s.0) {
            self.slowest = other.slowest;
        }
    }

    fn count(&self, class: Class) -> u64 {
        self.findings
            .values()
            .filter(|s| s.class == class)
            .map(|s| s.count)
            .sum()
    }

    /// Keep the finding; save its input when it is among the first few of its kind or the
    /// smallest yet (the one to start a reproducer from).
    fn record(&mut self, target: &Target, cfg: &Config, f: Finding, input: &[u8]) {
        let seen = self.findings.entry(f.signature).or_insert_with(|| Seen {
            class: f.class,
            count: 0,
            message: f.message.clone(),
            smallest: None,
            saved: 0,
        });
        seen.count += 1;
        let smaller = seen.smallest.as_ref().is_none_or(|s| input.len() < s.0);
        if seen.saved < 10 || smaller {
            let path = cfg.findings.join(format!(
                "{}-{:016x}.{}",
                target.name,
                fnv1a(input),
                target.ext
            ));
            let log = format!("{}: {}\n{}\n", target.name, f.class, f.message);
            let written = fs::create_dir_all(&cfg.findings)
                .and_then(|()| fs::write(&path, input))
                .and_then(|()| fs::write(path.with_extension("log"), log));
            match written {
                Ok(()) => {
                    seen.saved += 1;
                    if smaller {
                        seen.smallest = Some((input.len(), path));
                    }
                }
                Err(e) => eprintln!("fuzz: cannot write {}: {e}", path.display()),
            }
        }
    }
}

fn fuzz(target: &'static Target, cfg: &Config) -> Stats {
    let seeds = seeds(target);
    assert!(!seeds.is_empty(), "no seeds for target {}", target.name);
    let jobs: Vec<Stats> = thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.jobs)
            .map(|job| {
                let seeds = &seeds;
                s.spawn(move || fuzz_job(target, cfg, seeds, job))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = Stats::default();
    for j in jobs {
        total.merge(j);
    }
    total
}

fn fuzz_job(target: &'static Target, cfg: &Config, seeds: &[Vec<u8>], job: usize) -> Stats {
    let mut mutator = Mutator::new(
        target,
        cfg.seed ^ fnv1a(target.name.as_bytes()) ^ (job as u64).wrapping_mul(0x9E37),
        Limits {
            max_len: cfg.max_len,
            max_repeat: cfg.max_repeat,
            heavy: cfg.long,
        },
    );
    let runs = cfg.runs.or(if cfg.long {
        None
    } else {
        Some(target.smoke_runs)
    });
    // Each job takes its share of the executions, so the total is what was asked.
    let runs = runs.map(|r| r / cfg.jobs as u64 + u64::from((job as u64) < r % cfg.jobs as u64));
    let spawn = || Worker::spawn(target.name, cfg.max_columns).expect("the worker starts");
    let mut worker = spawn();
    let mut stats = Stats::default();
    let mut pool: Vec<Vec<u8>> = Vec::new();
    let start = Instant::now();
    loop {
        let done = runs.is_some_and(|r| stats.execs >= r)
            || cfg
                .seconds
                .is_some_and(|s| start.elapsed().as_secs_f64() >= s);
        if done {
            break;
        }
        // Job 0 runs every seed as it is first; then mutations of a seed or of a pool entry.
        let i = stats.execs as usize;
        let input = if job == 0 && i < seeds.len() {
            seeds[i].clone()
        } else {
            let from_pool = !pool.is_empty() && !mutator.rng.chance(3);
            let parent = if from_pool {
                mutator.rng.pick(&pool).clone()
            } else {
                mutator.rng.pick(seeds).clone()
            };
            let other = if mutator.rng.chance(2) || pool.is_empty() {
                mutator.rng.pick(seeds).clone()
            } else {
                mutator.rng.pick(&pool).clone()
            };
            mutator.mutate(&parent, &other)
        };
        let t0 = Instant::now();
        let result = worker.run(&input, cfg.timeout);
        let took = t0.elapsed().as_secs_f64();
        stats.execs += 1;
        if stats.slowest.as_ref().is_none_or(|s| took > s.0) {
            stats.slowest = Some((took, input.clone()));
        }
        match result {
            Ok(reached) => {
                stats.stages[usize::from(reached).min(3)] += 1;
                // Only small inputs become parents: mutations of a big one are slow to run
                // and big again, and big inputs come from the repeat mutations anyway.
                if reached >= target.complete && input.len() <= POOL_MAX_LEN {
                    if pool.len() < 1000 {
                        pool.push(input);
                    } else {
                        let k = mutator.rng.below(pool.len());
                        pool[k] = input;
                    }
                }
            }
            Err(f) => {
                if cfg.long {
                    let first = f.message.lines().next().unwrap_or("");
                    eprintln!("fuzz {}: {} ({first})", target.name, f.class);
                }
                stats.record(target, cfg, f, &input);
                worker.finish();
                worker = spawn();
                stats.restarts += 1;
            }
        }
    }
    worker.finish();
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}

/// The target's seeds, in a fixed order: the extra ones, its corpus directory, then the saved
/// regressions.
fn seeds(target: &Target) -> Vec<Vec<u8>> {
    let fuzz = root().join("tests/fuzz");
    let mut out = (target.extra_seeds)();
    out.extend(files_in(&fuzz.join("corpus").join(target.name), |_| true));
    let prefix = format!("{}-", target.name);
    out.extend(files_in(&fuzz.join("regressions"), |n| {
        n.starts_with(&prefix)
    }));
    out
}

fn print_summary(target: &Target, cfg: &Config, s: &Stats) {
    let rate = s.execs as f64 / s.seconds.max(1e-9);
    println!(
        "fuzz {}: {} executions in {:.1} s ({:.0}/s, {} job{}), seed {:#x}, {} restarts",
        target.name,
        s.execs,
        s.seconds,
        rate,
        cfg.jobs,
        if cfg.jobs == 1 { "" } else { "s" },
        cfg.seed,
        s.restarts
    );
    let counts: Vec<String> = CLASSES
        .iter()
        .map(|&c| format!("{c} {}", s.count(c)))
        .collect();
    println!("  findings: {}", counts.join(", "));
    let stages: Vec<String> = (0..=usize::from(target.complete).min(3))
        .map(|i| format!("{i}: {}", s.stages[i]))
        .collect();
    println!(
        "  inputs by the stage they reached (of {}): {}",
        target.complete,
        stages.join(", ")
    );
    if let Some((secs, input)) = &s.slowest {
        // Not a finding, but the place to look for work that grows too fast with the input.
        let path = cfg
            .findings
            .join(format!("slowest-{}.{}", target.name, target.ext));
        let saved = fs::create_dir_all(&cfg.findings).and_then(|()| fs::write(&path, input));
        let at = if saved.is_ok() {
            format!(" ({})", path.display())
        } else {
            String::new()
        };
        println!("  slowest input: {:.3} s, {} bytes{at}", secs, input.len());
    }
    for (sig, seen) in &s.findings {
        let smallest = seen.smallest.as_ref().map_or(String::new(), |(n, p)| {
            format!("; smallest {n} bytes: {}", p.display())
        });
        println!(
            "  [{}] {sig}: {} input{}{smallest}",
            seen.class,
            seen.count,
            if seen.count == 1 { "" } else { "s" }
        );
        for line in seen.message.lines().skip(1).take(12) {
            println!("      {line}");
        }
    }
}

// ================================================================================================
// Reproducing, replaying and shrinking findings
// ================================================================================================

/// The target a findings file belongs to: `SDKC_FUZZ_TARGET`, else its name's prefix
/// (`model-….sdk`, `slowest-model.sdk`), else `model`.
fn target_of(path: &Path) -> &'static Target {
    if let Ok(name) = std::env::var("SDKC_FUZZ_TARGET")
        && let Some(t) = TARGETS.iter().find(|t| t.name == name)
    {
        return t;
    }
    let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
    let file = file.unwrap_or_default();
    let file = file.strip_prefix("slowest-").unwrap_or(&file);
    TARGETS
        .iter()
        .find(|t| {
            file.starts_with(&format!("{}-", t.name)) || file.starts_with(&format!("{}.", t.name))
        })
        .unwrap_or(&TARGETS[0])
}

/// One file, in this process, on a thread with the worker's stack and under its memory
/// limit: a panic prints its message (and backtrace with RUST_BACKTRACE=1), a stack overflow
/// or a failed allocation aborts the process with the runtime's message.
fn repro_file(path: &Path) -> i32 {
    let target = target_of(path);
    let input = fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    println!(
        "fuzz: running {} ({} bytes) through target {}",
        path.display(),
        input.len(),
        target.name
    );
    limit_memory();
    let start = Instant::now();
    let run = target.run;
    let result = thread::Builder::new()
        .name("fuzz-repro".into())
        .stack_size(stack_bytes())
        .spawn(move || run(&input))
        .expect("the thread starts")
        .join();
    match result {
        Ok(reached) => {
            println!(
                "fuzz: no failure ({:.3} s, reached stage {reached} of {})",
                start.elapsed().as_secs_f64(),
                target.complete
            );
            0
        }
        Err(_) => {
            println!(
                "fuzz: panicked after {:.3} s",
                start.elapsed().as_secs_f64()
            );
            1
        }
    }
}

/// Every file of a directory through isolated workers: which findings still happen.
fn replay_dir(dir: &Path, cfg: &Config) -> i32 {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "log" && e != "min"))
        .collect();
    paths.sort();
    let mut failed = 0;
    for path in &paths {
        let target = target_of(path);
        let input = fs::read(path).unwrap_or_default();
        let mut w = Worker::spawn(target.name, None).expect("the worker starts");
        let t0 = Instant::now();
        let result = w.run(&input, cfg.timeout);
        let took = t0.elapsed().as_secs_f64();
        match result {
            Ok(_) => {
                w.finish();
                println!("ok      {:>7.3} s  {}", took, path.display());
            }
            Err(f) => {
                failed += 1;
                println!(
                    "{:<7} {:>7.3} s  {}: {}",
                    f.class.to_string(),
                    took,
                    path.display(),
                    f.signature
                );
                for line in f.message.lines().skip(1).take(3) {
                    println!("            {line}");
                }
            }
        }
    }
    println!("fuzz: {} of {} files still fail", failed, paths.len());
    i32::from(failed > 0)
}

/// Shrink a finding: delete ever smaller chunks while the same finding (class and panic
/// location) still happens. Written to `FILE.min`.
fn minimize(path: &Path, cfg: &Config) -> i32 {
    let target = target_of(path);
    let budget = Duration::from_secs_f64(cfg.seconds.unwrap_or(120.0));
    let start = Instant::now();
    let mut best = fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    // One worker serves every candidate that runs clean; a failure needs a fresh one.
    let mut worker: Option<Worker> = None;
    let mut sig = |input: &[u8]| -> Option<String> {
        let mut w = match worker.take() {
            Some(w) => w,
            None => Worker::spawn(target.name, None).expect("the worker starts"),
        };
        match w.run(input, cfg.timeout) {
            Ok(_) => {
                worker = Some(w);
                None
            }
            Err(f) => Some(f.signature),
        }
    };
    let Some(want) = sig(&best) else {
        println!("fuzz: {} does not fail; nothing to shrink", path.display());
        return 1;
    };
    println!("fuzz: shrinking {} bytes ({want})", best.len());
    let mut chunk = best.len().div_ceil(2).max(1);
    'outer: while chunk >= 1 {
        let mut progressed = false;
        let mut i = 0;
        while i < best.len() {
            if start.elapsed() > budget {
                break 'outer;
            }
            let end = (i + chunk).min(best.len());
            let candidate = [&best[..i], &best[end..]].concat();
            if sig(&candidate).as_deref() == Some(&want) {
                best = candidate;
                progressed = true;
            } else {
                i += chunk;
            }
        }
        if !progressed {
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }
    if let Some(w) = worker {
        w.finish();
    }
    let out = PathBuf::from(format!("{}.min", path.display()));
    fs::write(&out, &best).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
    println!(
        "fuzz: {} bytes in {:.1} s: {}",
        best.len(),
        start.elapsed().as_secs_f64(),
        out.display()
    );
    0
}

// ================================================================================================
// Entry point (harness = false: cargo runs this binary with libtest's arguments)
// ================================================================================================

/// The libtest arguments this binary honours: name filters, `--exact`, `--skip`, `--list`,
/// `--ignored` (no target is ignored, so nothing runs). The rest are accepted and ignored.
struct Args {
    filters: Vec<String>,
    skips: Vec<String>,
    exact: bool,
    list: bool,
    ignored: bool,
}

impl Args {
    fn parse() -> Args {
        let mut a = Args {
            filters: Vec::new(),
            skips: Vec::new(),
            exact: false,
            list: false,
            ignored: false,
        };
        let mut it = std::env::args().skip(1);
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--list" => a.list = true,
                "--exact" => a.exact = true,
                "--ignored" => a.ignored = true,
                "--skip" => a.skips.extend(it.next()),
                // Options of libtest that take a value.
                "--test-threads" | "--color" | "--format" | "--logfile" | "-Z"
                | "--shuffle-seed" => {
                    it.next();
                }
                s if s.starts_with('-') => {}
                s => a.filters.push(s.to_string()),
            }
        }
        a
    }

    fn selects(&self, test: &str) -> bool {
        let hit = |f: &String| {
            if self.exact {
                test == f
            } else {
                test.contains(f.as_str())
            }
        };
        !self.ignored
            && (self.filters.is_empty() || self.filters.iter().any(hit))
            && !self.skips.iter().any(|s| test.contains(s.as_str()))
    }
}

fn main() {
    if let Ok(name) = std::env::var(WORKER_ENV) {
        let target = TARGETS
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no fuzz target {name}"));
        worker_main(target);
    }
    let args = Args::parse();
    let cfg = Config::from_env();
    if args.list {
        for t in TARGETS {
            println!("fuzz::{}: test", t.name);
        }
        return;
    }
    if let Some(path) = std::env::var_os("SDKC_FUZZ_REPRO") {
        let path = PathBuf::from(path);
        let code = if path.is_dir() {
            replay_dir(&path, &cfg)
        } else {
            repro_file(&path)
        };
        std::process::exit(code);
    }
    if let Some(path) = std::env::var_os("SDKC_FUZZ_MINIMIZE") {
        std::process::exit(minimize(Path::new(&path), &cfg));
    }
    let wanted: Option<Vec<String>> = std::env::var("SDKC_FUZZ_TARGET")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.split(',').map(|t| t.trim().to_string()).collect());
    if let Some(w) = &wanted
        && let Some(bad) = w.iter().find(|n| !TARGETS.iter().any(|t| &t.name == n))
    {
        let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
        eprintln!("fuzz: no target `{bad}` (targets: {})", names.join(", "));
        std::process::exit(2);
    }
    let selected: Vec<&'static Target> = TARGETS
        .iter()
        .filter(|t| {
            wanted
                .as_ref()
                .is_none_or(|w| w.iter().any(|n| n == t.name))
        })
        .filter(|t| args.selects(&format!("fuzz::{}", t.name)))
        .collect();
    println!("\nrunning {} tests", selected.len());
    let mut failed = Vec::new();
    for t in &selected {
        let stats = fuzz(t, &cfg);
        print_summary(t, &cfg, &stats);
        let ok = stats.findings.is_empty();
        println!(
            "test fuzz::{} ... {}",
            t.name,
            if ok { "ok" } else { "FAILED" }
        );
        if !ok {
            failed.push(t.name);
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed",
        if failed.is_empty() { "ok" } else { "FAILED" },
        selected.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        println!(
            "fuzz: the findings of {} are in {}; run one with \
             SDKC_FUZZ_REPRO=FILE cargo test --test fuzz",
            failed.join(", "),
            cfg.findings.display()
        );
        std::process::exit(1);
    }
}

// ================================================================================================
// Small helpers
// ================================================================================================

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files of a directory whose names pass `keep`, sorted by name; none if it is missing.
fn files_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<Vec<u8>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| p.file_name().is_some_and(|n| keep(&n.to_string_lossy())))
        .collect();
    paths.sort();
    paths.iter().filter_map(|p| fs::read(p).ok()).collect()
}

/// A number from the environment, decimal or `0x` hexadecimal.
fn env_num(name: &str) -> Option<u64> {
    let s = std::env::var(name).ok()?;
    let s = s.trim().replace('_', "");
    let parsed = match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => s.parse(),
    };
    match parsed {
        Ok(n) => Some(n),
        Err(_) => panic!("{name}={s} is not a number"),
    }
}

/// FNV-1a: a stable 64-bit hash for findings' file names and per-target seeds.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}
