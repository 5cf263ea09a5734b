//! The standard library (`library/standard.sdk`) against the long form.
//!
//! 1. The published variant puzzles written with library calls (`examples/library/NAME.sdk`,
//!    the library form of `examples/variants/NAME.sdk`): each accepts its published grid, the
//!    builtin search proves it unique (HiGHS and CBC where that takes seconds), and both forms
//!    have the same solutions around the published grid.
//! 2. Soundness: random calls of each library rule that makes sense on a 4x4 grid (values 1..4,
//!    boxes 2x2) or a 6x6 one (values 1..6, boxes 2x3), or on a 9x9 grid with most of a solution
//!    given (`entropic`, `windoku`, `anti_king`), have exactly the solutions of the same
//!    constraint written out in the long form, every solution enumerated (`run -a`) with the
//!    builtin search; and a few tiny cases on each MIP solver. The long form here does not
//!    repeat the library's definitions: each clue's meaning is a Rust predicate on the digits of
//!    its cells, written out as the table of the digit tuples it allows
//!    (`(v[a] == 1 and v[b] == 2) or ...`), or for whole-grid rules as one such table per pair
//!    of cells the rule relates (pairs found here, not with the language's `knight`, ...).
//!    Each rule is tried on CASES calls, its numbers taken from a random solution so that most
//!    calls have solutions. `region_sum` on a line that enters a box twice has its own test
//!    at the end.

mod common;
use common::{Rng, VARIANTS, counts_exactly, expected_grid, printed_grid, root, sdk_stems, sdkc};
use std::collections::BTreeSet;

/// Every library-form example with a long form: the published variants
/// (`examples/variants/NAME.sdk`), each also in `examples/library/NAME.sdk`.
const LIBRARY: &[&str] = VARIANTS;

fn path(name: &str) -> String {
    format!("examples/library/{name}.sdk")
}

fn long_path(name: &str) -> String {
    format!("examples/variants/{name}.sdk")
}

fn published(name: &str) -> Vec<Vec<i64>> {
    expected_grid(&format!("variants/{name}"))
}

fn one_line(grid: &[Vec<i64>]) -> String {
    grid.iter()
        .flatten()
        .map(|v| char::from_digit(*v as u32, 36).unwrap())
        .collect()
}

/// `examples/library/` holds the library form of every long-form variant; `check` finds no
/// mistake in any file there.
#[test]
fn every_variant_has_a_library_form() {
    let stems = sdk_stems;
    let listed: Vec<String> = LIBRARY.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        stems("examples/variants"),
        listed,
        "examples/variants/ and LIBRARY"
    );
    // examples/library/ also holds puzzles with no long form (families without one in
    // examples/variants/); every file there checks clean
    let library = stems("examples/library");
    for name in &listed {
        assert!(
            library.contains(name),
            "{name}: no examples/library/{name}.sdk"
        );
    }
    for name in &library {
        let out = sdkc(&["check", &path(name)]);
        assert_eq!(out.code, 0, "{name}:\n{}{}", out.stdout, out.stderr);
    }
    for name in LIBRARY {
        let out = sdkc(&["check", &path(name)]);
        assert_eq!(out.code, 0, "{name}:\n{}{}", out.stdout, out.stderr);
        let text = std::fs::read_to_string(root().join(path(name))).unwrap();
        assert!(
            text.contains(&format!("library form of examples/variants/{name}.sdk")),
            "{name}: the header names its long form"
        );
    }
}

/// Each library form accepts its published grid (`run --givens GRID` checks every rule).
#[test]
fn every_published_grid_satisfies_its_library_form() {
    for name in LIBRARY {
        let out = sdkc(&[
            "run",
            &path(name),
            "--givens",
            &one_line(&published(name)),
            "--solver",
            "builtin",
            "--time-limit",
            "60",
        ]);
        assert_eq!(out.code, 0, "{name}:\n{}", out.stderr);
        assert_eq!(printed_grid(&out.stdout), published(name), "{name}");
    }
}

/// Every solution of `model` (with `extra` arguments) by the builtin search: `run -a --json`,
/// one line per solution; panics unless the enumeration completed.
fn all_solutions(model: &str, extra: &[&str]) -> BTreeSet<Vec<i64>> {
    let mut args = vec![
        "run",
        model,
        "-a",
        "--json",
        "--no-explain",
        "--solver",
        "builtin",
        "--time-limit",
        "60",
    ];
    args.extend_from_slice(extra);
    let out = sdkc(&args);
    assert!(
        [0, 4, 10].contains(&out.code),
        "{model}: exit {}\n{}",
        out.code,
        out.stderr
    );
    grids_of(&out.stdout, model)
}

/// The grids of `run -a --json` (or `-n N --json`) output, flattened.
fn grids_of(stdout: &str, what: &str) -> BTreeSet<Vec<i64>> {
    let mut grids = BTreeSet::new();
    let mut complete = false;
    for line in stdout.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v.get("solution").is_some() {
            grids.insert(flat(&v["grid"]));
        } else {
            complete = v["complete"].as_bool() == Some(true);
            if let Some(all) = v["grids"].as_array() {
                grids.extend(all.iter().map(flat));
            }
        }
    }
    assert!(
        complete,
        "{what}: the enumeration did not complete:\n{stdout}"
    );
    grids
}

fn flat(g: &serde_json::Value) -> Vec<i64> {
    g.as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()))
        .collect()
}

/// Both forms of every puzzle have the same solutions near the published grid: with `holes`
/// cells of it blanked (the same cells for both forms, a fixed seed), `run -a` finds the same
/// grids. This covers the puzzles the MIP solvers do not prove unique in seconds too.
#[test]
fn library_and_long_forms_agree_around_the_published_grid() {
    let mut rng = Rng(0x5eed_0001);
    for name in LIBRARY {
        let grid = published(name);
        for holes in [30, 45] {
            let mut line: Vec<char> = one_line(&grid).chars().collect();
            let mut cells: Vec<usize> = (0..81).collect();
            for i in (1..81).rev() {
                cells.swap(i, rng.below(i + 1));
            }
            for &c in &cells[..holes] {
                line[c] = '.';
            }
            let line: String = line.into_iter().collect();
            let long = all_solutions(&long_path(name), &["--givens", &line]);
            let lib = all_solutions(&path(name), &["--givens", &line]);
            assert!(
                long.contains(&grid.concat()),
                "{name}: the long form misses the published grid"
            );
            assert_eq!(lib, long, "{name} with {holes} cells blanked ({line})");
        }
    }
}

/// `run --unique` with `solver` proves the published grid (the long form's, which
/// tests/variants.rs proves) the only solution of the library form.
fn proves_unique(name: &str, solver: &str) {
    common::proves_unique(&path(name), name, solver, None);
}

// The builtin search proves every library form, each in under 0.25 s of a release build
// (`python3 bench/families.py --solvers builtin`; the Barbed Cross the slowest, on 2026-11-26).
#[test]
fn the_builtin_search_proves_every_library_form_unique() {
    for name in LIBRARY {
        proves_unique(name, "builtin");
    }
}

// HiGHS: seconds of `run --unique --json --time-limit 60` (release build, one run each, one
// after another on the 2-core machine this was written on, 2026-11-26). disjoint-barbed-cross
// (5.6 s), sandwich-between-1-and-9 (0.4 s) and x-sum-ctc (1.5 s) are in tests/encodings.rs.
// Left out, slower than a few seconds:
// disjoint-doggo-experiment-8  20–34 s
// region-sum-lm-00098I         29 s
// region-sum-raw-spaghetti     48 s
unique!(highs {
    anti_king_knight_reddit: "anti-king-knight-reddit", // 0.16 s
    anti_knight_ctc: "anti-knight-ctc",                 // 0.07 s
    arrow_sugarroad: "arrow-sugarroad",                 // 0.38 s
    between_lines_svs173: "between-lines-svs173",       // 0.11 s
    little_killer_2: "little-killer-2",                 // 0.11 s
    little_killer_ctc: "little-killer-ctc",             // 2.8 s
    odd_even_ctc: "odd-even-ctc",                       // 0.05 s
    palindrome_svs013: "palindrome-svs013",             // 0.04 s
    quadruple_repeated: "quadruple-repeated",           // 0.07 s
    renban_leven: "renban-leven",                       // 0.19 s
    skyscraper_ctc: "skyscraper-ctc",                   // 0.35 s
    whispers_german: "whispers-german",                 // 0.18 s
    windoku_sudocue: "windoku-sudocue",                 // 0.05 s
    xv_strict_ctc: "xv-strict-ctc",                     // 0.17 s
});

// CBC, timed the same way. disjoint-barbed-cross (22 s) and sandwich-between-1-and-9 (0.7 s)
// are in tests/encodings.rs. Left out, slower than a few seconds:
// between-lines-svs173         35 s
// little-killer-ctc            16 s
// skyscraper-ctc               41 s
// disjoint-doggo-experiment-8, region-sum-lm-00098I, region-sum-raw-spaghetti, x-sum-ctc:
// no proof in 60 s
unique!(cbc {
    anti_king_knight_reddit: "anti-king-knight-reddit", // 0.64 s
    anti_knight_ctc: "anti-knight-ctc",                 // 0.34 s
    arrow_sugarroad: "arrow-sugarroad",                 // 0.81 s
    little_killer_2: "little-killer-2",                 // 0.31 s
    odd_even_ctc: "odd-even-ctc",                       // 0.10 s
    palindrome_svs013: "palindrome-svs013",             // 0.12 s
    quadruple_repeated: "quadruple-repeated",           // 0.15 s
    renban_leven: "renban-leven",                       // 0.87 s
    whispers_german: "whispers-german",                 // 0.96 s
    windoku_sudocue: "windoku-sudocue",                 // 0.09 s
    xv_strict_ctc: "xv-strict-ctc",                     // 1.3 s
});

// ---- soundness: random library calls against the long form ----------------------------------

/// A grid shape: `n`x`n`, values 1..n, boxes `bh`x`bw`.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    bh: usize,
    bw: usize,
}

const FOUR: Shape = Shape { n: 4, bh: 2, bw: 2 };
const SIX: Shape = Shape { n: 6, bh: 2, bw: 3 };
const NINE: Shape = Shape { n: 9, bh: 3, bw: 3 };

type Cell = (usize, usize);

fn name(c: Cell) -> String {
    format!("r{}c{}", c.0 + 1, c.1 + 1)
}

/// The digits of some cells, tested by a predicate: one part of a long-form constraint.
type Pred = Box<dyn Fn(&[i64]) -> bool>;
struct Part {
    cells: Vec<Cell>,
    ok: Pred,
}

fn part(cells: Vec<Cell>, ok: impl Fn(&[i64]) -> bool + 'static) -> Part {
    Part {
        cells,
        ok: Box::new(ok),
    }
}

/// A case: the library call(s), the same constraint as parts, and the shape.
struct Case {
    calls: String,
    parts: Vec<Part>,
}

/// A random valid grid of the shape (a pattern grid, values, rows within bands, bands,
/// columns within stacks and stacks shuffled): where the clues' numbers come from, so that
/// most cases have solutions.
fn base_grid(rng: &mut Rng, s: Shape) -> Vec<Vec<i64>> {
    let n = s.n;
    let shuffle = |rng: &mut Rng, v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            v.swap(i, rng.below(i + 1));
        }
    };
    let mut vals: Vec<usize> = (0..n).collect();
    shuffle(rng, &mut vals);
    let order = |rng: &mut Rng, groups: usize, size: usize| {
        let mut g: Vec<usize> = (0..groups).collect();
        shuffle(rng, &mut g);
        let mut out = vec![];
        for b in g {
            let mut inner: Vec<usize> = (0..size).collect();
            shuffle(rng, &mut inner);
            out.extend(inner.into_iter().map(|i| b * size + i));
        }
        out
    };
    let rows = order(rng, n / s.bh, s.bh);
    let cols = order(rng, n / s.bw, s.bw);
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let (r, c) = (rows[r], cols[c]);
                    vals[(s.bw * (r % s.bh) + r / s.bh + c) % n] as i64 + 1
                })
                .collect()
        })
        .collect()
}

fn random_cell(rng: &mut Rng, s: Shape) -> Cell {
    (rng.below(s.n), rng.below(s.n))
}

/// A random walk of `len` distinct cells, each a king's move from the one before (shorter if
/// it gets stuck).
fn walk(rng: &mut Rng, s: Shape, len: usize, diagonal: bool) -> Vec<Cell> {
    let mut cells = vec![random_cell(rng, s)];
    while cells.len() < len {
        let (r, c) = *cells.last().unwrap();
        let mut next = vec![];
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                    continue;
                }
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr < 0 || nc < 0 || nr >= s.n as i64 || nc >= s.n as i64 {
                    continue;
                }
                let cell = (nr as usize, nc as usize);
                if !cells.contains(&cell) {
                    next.push(cell);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        cells.push(*rng.pick(&next));
    }
    cells
}

/// A list of cells as the call writes it: one by one, or as a path of one-cell steps (every
/// cell a corner), at random.
fn list(rng: &mut Rng, cells: &[Cell]) -> String {
    let sep = if cells.len() > 1 && rng.below(2) == 0 {
        "-"
    } else {
        " "
    };
    cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(sep)
}

/// A whole row or column, from either end, as a path (`r2c4-r2c1`).
fn line_of_grid(rng: &mut Rng, s: Shape) -> Vec<Cell> {
    let k = rng.below(s.n);
    let mut cells: Vec<Cell> = if rng.below(2) == 0 {
        (0..s.n).map(|c| (k, c)).collect()
    } else {
        (0..s.n).map(|r| (r, k)).collect()
    };
    if rng.below(2) == 0 {
        cells.reverse();
    }
    cells
}

fn path_text(cells: &[Cell]) -> String {
    format!("{}-{}", name(cells[0]), name(*cells.last().unwrap()))
}

fn orthogonal_pairs(s: Shape) -> Vec<(Cell, Cell)> {
    let mut v = vec![];
    for r in 0..s.n {
        for c in 0..s.n {
            if c + 1 < s.n {
                v.push(((r, c), (r, c + 1)));
            }
            if r + 1 < s.n {
                v.push(((r, c), (r + 1, c)));
            }
        }
    }
    v
}

/// Unordered pairs of distinct cells `rel` relates.
fn pairs_where(s: Shape, rel: impl Fn(Cell, Cell) -> bool) -> Vec<(Cell, Cell)> {
    let all: Vec<Cell> = (0..s.n)
        .flat_map(|r| (0..s.n).map(move |c| (r, c)))
        .collect();
    let mut v = vec![];
    for (i, &a) in all.iter().enumerate() {
        for &b in &all[i + 1..] {
            if rel(a, b) {
                v.push((a, b));
            }
        }
    }
    v
}

fn different(pairs: Vec<(Cell, Cell)>) -> Vec<Part> {
    pairs
        .into_iter()
        .map(|(a, b)| part(vec![a, b], |d| d[0] != d[1]))
        .collect()
}

fn values(base: &[Vec<i64>], cells: &[Cell]) -> Vec<i64> {
    cells.iter().map(|&(r, c)| base[r][c]).collect()
}

/// The number of buildings seen along `d` from its start.
fn seen(d: &[i64]) -> i64 {
    let mut top = 0;
    let mut n = 0;
    for &x in d {
        if x > top {
            top = x;
            n += 1;
        }
    }
    n
}

/// The sum strictly between the first `low`/`high` pair (the digits at positions i < j with
/// {d[i], d[j]} = {low, high}); None when they are not both there. For a row of distinct
/// digits there is at most one such pair.
fn sandwich_sums(d: &[i64], low: i64, high: i64) -> Vec<i64> {
    let mut sums = vec![];
    for i in 0..d.len() {
        for j in i + 1..d.len() {
            if (d[i] == low && d[j] == high) || (d[i] == high && d[j] == low) {
                sums.push(d[i + 1..j].iter().sum());
            }
        }
    }
    sums
}

/// One random case of library rule `rule` on shape `s`, its numbers taken from `base`.
fn case(rule: &str, rng: &mut Rng, s: Shape, base: &[Vec<i64>]) -> Case {
    let n = s.n as i64;
    let call = |args: String| format!("rule {rule}({args})");
    let pair = |rng: &mut Rng| {
        let a = random_cell(rng, s);
        let mut b = random_cell(rng, s);
        while b == a {
            b = random_cell(rng, s);
        }
        (a, b)
    };
    let one = |calls: String, cells: Vec<Cell>, ok: Pred| Case {
        calls,
        parts: vec![Part { cells, ok }],
    };
    match rule {
        "cage" | "sum_cage" | "little_killer" => {
            let cells = if rule == "little_killer" {
                // a diagonal from an edge cell
                let mut cells = vec![];
                let (dr, dc) = *rng.pick(&[(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)]);
                let (mut r, mut c) = random_cell(rng, s);
                let len = 2 + rng.below(2);
                while cells.len() < len && r < s.n && c < s.n {
                    cells.push((r, c));
                    r = (r as i64 + dr) as usize;
                    c = (c as i64 + dc) as usize;
                }
                cells
            } else {
                {
                    let len = 2 + rng.below(3);
                    walk(rng, s, len, true)
                }
            };
            let t: i64 = values(base, &cells).iter().sum::<i64>() + rng.below(2) as i64;
            let text = list(rng, &cells);
            let distinct = rule == "cage";
            let args = if rule == "little_killer" {
                format!("{text}, {t}")
            } else {
                format!("{t}, {text}")
            };
            one(
                call(args),
                cells,
                Box::new(move |d| {
                    d.iter().sum::<i64>() == t
                        && (!distinct || (0..d.len()).all(|i| !d[i + 1..].contains(&d[i])))
                }),
            )
        }
        "arrow" => {
            let w = {
                let len = 2 + rng.below(3);
                walk(rng, s, len, true)
            };
            let text = list(rng, &w[1..]);
            one(
                call(format!("{}, {text}", name(w[0]))),
                w,
                Box::new(|d| d[1..].iter().sum::<i64>() == d[0]),
            )
        }
        "pill_arrow" if rng.below(3) == 0 => {
            // A one-cell pill is an arrow's circle.
            let w = walk(rng, s, 4, true);
            let text = list(rng, &w[1..]);
            one(
                call(format!("{}, {text}", name(w[0]))),
                w,
                Box::new(|d| d[1..].iter().sum::<i64>() == d[0]),
            )
        }
        "pill_arrow" => {
            let w = walk(rng, s, 5, true);
            let text = list(rng, &w[2..]);
            one(
                call(format!("{} {}, {text}", name(w[0]), name(w[1]))),
                w,
                Box::new(|d| d[2..].iter().sum::<i64>() == 10 * d[0] + d[1]),
            )
        }
        "quadruple" => {
            let (r, c) = (rng.below(s.n - 1), rng.below(s.n - 1));
            let cells = vec![(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let digits: Vec<i64> = (0..2 + rng.below(2))
                .map(|_| 1 + rng.below(s.n) as i64)
                .collect();
            let written: Vec<String> = digits.iter().map(i64::to_string).collect();
            one(
                call(format!("{}, {{{}}}", list(rng, &cells), written.join(", "))),
                cells,
                Box::new(move |d| {
                    digits.iter().all(|k| {
                        d.iter().filter(|&x| x == k).count()
                            >= digits.iter().filter(|&x| x == k).count()
                    })
                }),
            )
        }
        "look_and_say" => {
            // Cells that may share a row or a box (a digit can repeat where they do not), the
            // clue counted on the base grid: one or two (count, digit) pairs, a count maybe 0.
            let len = 2 + rng.below(3);
            let cells = walk(rng, s, len, true);
            let seen = values(base, &cells);
            let first = 1 + rng.below(s.n) as i64;
            let mut digits = vec![first];
            if rng.below(2) == 0 {
                digits.push(1 + (first + rng.below(s.n - 1) as i64) % n);
            }
            let pairs: Vec<(i64, i64)> = digits
                .iter()
                .map(|&d| (seen.iter().filter(|&&x| x == d).count() as i64, d))
                .collect();
            let clue = pairs.iter().fold(0, |t, &(k, d)| 100 * t + 10 * k + d);
            one(
                call(format!("{clue}, {}", list(rng, &cells))),
                cells,
                Box::new(move |d| {
                    pairs
                        .iter()
                        .all(|&(k, x)| d.iter().filter(|&&y| y == x).count() as i64 == k)
                }),
            )
        }
        "equality_cage" => {
            let len = 2 + 2 * rng.below(2);
            let cells = walk(rng, s, len, true);
            let text = list(rng, &cells);
            let n = s.n as i64;
            one(
                call(text),
                cells,
                Box::new(move |d| {
                    let distinct = (0..d.len()).all(|i| !d[i + 1..].contains(&d[i]));
                    let even = d.iter().filter(|&&x| x % 2 == 0).count();
                    let low = d.iter().filter(|&&x| 2 * x < 1 + n).count();
                    let high = d.iter().filter(|&&x| 2 * x > 1 + n).count();
                    distinct && 2 * even == d.len() && low == high && low + high == d.len()
                }),
            )
        }
        "extra_region" => {
            let cells = {
                let len = 3 + rng.below(2);
                walk(rng, s, len, true)
            };
            let text = list(rng, &cells);
            one(
                call(text),
                cells,
                Box::new(|d| (0..d.len()).all(|i| !d[i + 1..].contains(&d[i]))),
            )
        }
        "white" | "black" | "difference" | "ratio" | "x" | "v" | "pair_sum" | "greater" => {
            let k = match rule {
                "difference" => 1 + rng.below(s.n - 1) as i64,
                "ratio" => 2 + rng.below(2) as i64,
                "pair_sum" => 3 + rng.below(2 * s.n - 3) as i64,
                _ => 0,
            };
            let extra = if k > 0 {
                format!(", {k}")
            } else {
                String::new()
            };
            let ok: Pred = match rule {
                "white" => Box::new(|d| (d[0] - d[1]).abs() == 1),
                "black" => Box::new(|d| d[0] == 2 * d[1] || d[1] == 2 * d[0]),
                "difference" => Box::new(move |d| (d[0] - d[1]).abs() == k),
                "ratio" => Box::new(move |d| d[0] == k * d[1] || d[1] == k * d[0]),
                "x" => Box::new(|d| d[0] + d[1] == 10),
                "v" => Box::new(|d| d[0] + d[1] == 5),
                "pair_sum" => Box::new(move |d| d[0] + d[1] == k),
                _ => Box::new(|d| d[0] > d[1]),
            };
            // two cells the clue holds for in `base`, if a few tries find them
            let mut ab = pair(rng);
            for _ in 0..40 {
                if ok(&values(base, &[ab.0, ab.1])) {
                    break;
                }
                ab = pair(rng);
            }
            let (a, b) = ab;
            one(
                call(format!("{}, {}{extra}", name(a), name(b))),
                vec![a, b],
                ok,
            )
        }
        "kropki_negative" | "white_negative" | "xv_negative" => {
            let (first, second) = match rule {
                "xv_negative" => ("x", "v"),
                _ => ("white", "black"),
            };
            let mut calls = vec![];
            let mut dots: Vec<((Cell, Cell), usize)> = vec![];
            // every dot `base` has (all dots given, so that `base` is a solution), each pair
            // written in a random order
            for (a, b) in orthogonal_pairs(s) {
                let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
                let d = values(base, &[a, b]);
                let kinds: Vec<usize> = match rule {
                    "xv_negative" => [(d[0] + d[1] == 10, 0), (d[0] + d[1] == 5, 1)]
                        .into_iter()
                        .filter_map(|(holds, k)| holds.then_some(k))
                        .collect(),
                    _ => [
                        ((d[0] - d[1]).abs() == 1, 0),
                        (
                            rule == "kropki_negative" && (d[0] == 2 * d[1] || d[1] == 2 * d[0]),
                            1,
                        ),
                    ]
                    .into_iter()
                    .filter_map(|(holds, k)| holds.then_some(k))
                    .collect(),
                };
                if kinds.is_empty() {
                    continue;
                }
                let kind = *rng.pick(&kinds);
                let f = if kind == 0 { first } else { second };
                calls.push(format!("rule {f}({}, {})", name(a), name(b)));
                dots.push(((a, b), kind));
            }
            calls.push(format!("rule {rule}()"));
            let consecutive = |d: &[i64]| (d[0] - d[1]).abs() == 1;
            let double = |d: &[i64]| d[0] == 2 * d[1] || d[1] == 2 * d[0];
            let mut parts = vec![];
            for (a, b) in orthogonal_pairs(s) {
                let dot = dots
                    .iter()
                    .find(|&&((p, q), _)| (p, q) == (a, b) || (p, q) == (b, a))
                    .map(|&(_, k)| k);
                let ok: Pred = match (rule, dot) {
                    ("xv_negative", Some(0)) => Box::new(|d| d[0] + d[1] == 10),
                    ("xv_negative", Some(_)) => Box::new(|d| d[0] + d[1] == 5),
                    ("xv_negative", None) => Box::new(|d| d[0] + d[1] != 10 && d[0] + d[1] != 5),
                    (_, Some(0)) => Box::new(consecutive),
                    (_, Some(_)) => Box::new(double),
                    ("white_negative", None) => Box::new(move |d| !consecutive(d)),
                    _ => Box::new(move |d| !consecutive(d) && !double(d)),
                };
                parts.push(Part {
                    cells: vec![a, b],
                    ok,
                });
            }
            Case {
                calls: calls.join("\n"),
                parts,
            }
        }
        "thermo" | "slow_thermo" | "whisper" | "german_whisper" | "dutch_whisper"
        | "parity_line" | "modular" => {
            let w = {
                let len = 2 + rng.below(4);
                walk(rng, s, len, true)
            };
            let gap = 2 + rng.below(2) as i64;
            let text = list(rng, &w);
            let calls = if rule == "whisper" {
                call(format!("{text}, {gap}"))
            } else {
                call(text)
            };
            let mut parts = vec![];
            for i in 0..w.len() - 1 {
                let ok: Pred = match rule {
                    "thermo" => Box::new(|d| d[0] < d[1]),
                    "slow_thermo" => Box::new(|d| d[0] <= d[1]),
                    "whisper" => Box::new(move |d| (d[0] - d[1]).abs() >= gap),
                    "german_whisper" => Box::new(|d| (d[0] - d[1]).abs() >= 5),
                    "dutch_whisper" => Box::new(|d| (d[0] - d[1]).abs() >= 4),
                    "parity_line" => Box::new(|d| (d[0] + d[1]) % 2 == 1),
                    _ => Box::new(|_| true),
                };
                parts.push(Part {
                    cells: vec![w[i], w[i + 1]],
                    ok,
                });
                if rule == "modular" {
                    // any three in a row: all remainders mod 3 differ
                    parts.pop();
                    for j in i + 1..(i + 3).min(w.len()) {
                        parts.push(part(vec![w[i], w[j]], |d| d[0] % 3 != d[1] % 3));
                    }
                }
            }
            Case { calls, parts }
        }
        "renban" | "nabner" | "palindrome" | "between" | "lockout" | "zipper" | "region_sum"
        | "counting_circles" => {
            let len = match rule {
                "counting_circles" => 3 + rng.below(2),
                _ => 3 + rng.below(2),
            };
            let w = if rule == "counting_circles" {
                let mut v: Vec<Cell> = vec![];
                while v.len() < len {
                    let c = random_cell(rng, s);
                    if !v.contains(&c) {
                        v.push(c);
                    }
                }
                v
            } else if rule == "region_sum" {
                // a line that meets each box in one piece (a line that comes back to a box:
                // the test at the end)
                loop {
                    let w = walk(rng, s, len, true);
                    let b = |c: Cell| (c.0 / s.bh, c.1 / s.bw);
                    let changes = (1..w.len()).filter(|&i| b(w[i]) != b(w[i - 1])).count();
                    let boxes: BTreeSet<_> = w.iter().map(|&c| b(c)).collect();
                    if changes + 1 == boxes.len() && boxes.len() > 1 {
                        break w;
                    }
                }
            } else {
                walk(rng, s, len, true)
            };
            let gap = 1 + rng.below(2) as i64;
            let text = if rule == "counting_circles" {
                // not a line: the cells one by one
                w.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
            } else {
                list(rng, &w)
            };
            let calls = if rule == "lockout" {
                call(format!("{text}, {gap}"))
            } else {
                call(text)
            };
            let boxes: Vec<(usize, usize)> = w.iter().map(|c| (c.0 / s.bh, c.1 / s.bw)).collect();
            let len = w.len();
            let ok: Pred = match rule {
                "renban" => Box::new(move |d| {
                    let mut v = d.to_vec();
                    v.sort();
                    v.windows(2).all(|p| p[1] == p[0] + 1)
                }),
                "nabner" => Box::new(|d| {
                    (0..d.len()).all(|i| (i + 1..d.len()).all(|j| (d[i] - d[j]).abs() >= 2))
                }),
                "palindrome" => Box::new(|d| d.iter().eq(d.iter().rev())),
                "between" => Box::new(move |d| {
                    let (lo, hi) = (d[0].min(d[len - 1]), d[0].max(d[len - 1]));
                    d[1..len - 1].iter().all(|&x| lo < x && x < hi)
                }),
                "lockout" => Box::new(move |d| {
                    let (lo, hi) = (d[0].min(d[len - 1]), d[0].max(d[len - 1]));
                    hi - lo >= gap && d[1..len - 1].iter().all(|&x| x < lo || x > hi)
                }),
                "zipper" => Box::new(move |d| {
                    let t = d[0] + d[len - 1];
                    (0..len).all(|i| {
                        let j = len - 1 - i;
                        if i == j { d[i] == t } else { d[i] + d[j] == t }
                    })
                }),
                "region_sum" => Box::new(move |d| {
                    // the pieces, in order along the line
                    let mut sums = vec![d[0]];
                    for i in 1..len {
                        if boxes[i] == boxes[i - 1] {
                            *sums.last_mut().unwrap() += d[i];
                        } else {
                            sums.push(d[i]);
                        }
                    }
                    sums.iter().all(|&x| x == sums[0])
                }),
                _ => Box::new(|d| {
                    d.iter()
                        .all(|&x| d.iter().filter(|&&y| y == x).count() as i64 == x)
                }),
            };
            one(calls, w, ok)
        }
        "clone" => {
            let len = 1 + rng.below(2);
            let a = walk(rng, s, len, true);
            let b = loop {
                let b = walk(rng, s, a.len(), true);
                if b.len() == a.len() && b.iter().all(|c| !a.contains(c)) {
                    break b;
                }
            };
            let k = a.len();
            let calls = call(format!("{}, {}", list(rng, &a), list(rng, &b)));
            let mut cells = a;
            cells.extend(b);
            one(calls, cells, Box::new(move |d| d[..k] == d[k..]))
        }
        "sandwich" | "sandwich_of" | "x_sum" | "skyscraper" | "numbered_room" | "lunchbox" => {
            let line = line_of_grid(rng, s);
            let d = values(base, &line);
            let (low, high) = if rule == "sandwich_of" {
                let a = 1 + rng.below(s.n) as i64;
                let mut b = 1 + rng.below(s.n) as i64;
                while b == a {
                    b = 1 + rng.below(s.n) as i64;
                }
                (a, b)
            } else {
                (1, n)
            };
            let noise = rng.below(3) as i64 - 1;
            let number = noise
                + match rule {
                    "sandwich" | "sandwich_of" => sandwich_sums(&d, low, high)[0],
                    "x_sum" => d[..d[0] as usize].iter().sum(),
                    "skyscraper" => seen(&d),
                    "numbered_room" => d[d[0] as usize - 1],
                    _ => {
                        let (i, j) = (
                            d.iter().position(|&x| x == 1).unwrap(),
                            d.iter().position(|&x| x == n).unwrap(),
                        );
                        d[i.min(j) + 1..i.max(j)].iter().sum()
                    }
                };
            let number = number.max(0);
            let calls = if rule == "sandwich_of" {
                call(format!("{}, {number}, {low}, {high}", path_text(&line)))
            } else {
                call(format!("{}, {number}", path_text(&line)))
            };
            let ok: Pred = match rule {
                "sandwich" | "sandwich_of" => {
                    Box::new(move |d| sandwich_sums(d, low, high).iter().all(|&x| x == number))
                }
                "x_sum" => Box::new(move |d| d[..d[0] as usize].iter().sum::<i64>() == number),
                "skyscraper" => Box::new(move |d| seen(d) == number),
                "numbered_room" => Box::new(move |d| d[d[0] as usize - 1] == number),
                _ => Box::new(move |d| {
                    // the smallest and the largest of the cells (distinct digits on a row)
                    let lo = *d.iter().min().unwrap();
                    let hi = *d.iter().max().unwrap();
                    let i = d.iter().position(|&x| x == lo).unwrap();
                    let j = d.iter().position(|&x| x == hi).unwrap();
                    d[i.min(j) + 1..i.max(j)].iter().sum::<i64>() == number
                }),
            };
            one(calls, line, ok)
        }
        "indexing" => {
            let line = line_of_grid(rng, s);
            let k = rng.below(s.n);
            let index = line[k];
            let pos = k as i64 + 1;
            one(
                call(format!("{}, {}", path_text(&line), name(index))),
                line,
                Box::new(move |d| d[d[k] as usize - 1] == pos),
            )
        }
        "even" | "odd" => {
            let c = random_cell(rng, s);
            let want = if rule == "even" { 0 } else { 1 };
            one(call(name(c)), vec![c], Box::new(move |d| d[0] % 2 == want))
        }
        "minimum" | "maximum" => {
            let c = random_cell(rng, s);
            let mut cells = vec![c];
            for (a, b) in orthogonal_pairs(s) {
                if a == c {
                    cells.push(b);
                } else if b == c {
                    cells.push(a);
                }
            }
            let min = rule == "minimum";
            one(
                call(name(c)),
                cells,
                Box::new(move |d| {
                    d[1..]
                        .iter()
                        .all(|&x| if min { d[0] < x } else { d[0] > x })
                }),
            )
        }
        "contains" => {
            let (r, c) = (rng.below(s.n - 1), rng.below(s.n - 1));
            let cells = vec![(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let digit = 1 + rng.below(s.n) as i64;
            let times = 1 + rng.below(2) as i64;
            one(
                call(format!("{}, {digit}, {times}", list(rng, &cells))),
                cells,
                Box::new(move |d| d.iter().filter(|&&x| x == digit).count() as i64 >= times),
            )
        }
        "entropic" => {
            let w = {
                let len = 3 + rng.below(2);
                walk(rng, s, len, true)
            };
            let text = list(rng, &w);
            let mut parts = vec![];
            for i in 0..w.len() {
                for j in i + 1..(i + 3).min(w.len()) {
                    // 1-3, 4-6, 7-9: a low, a middle and a high digit in any three in a row
                    parts.push(part(vec![w[i], w[j]], |d| (d[0] - 1) / 3 != (d[1] - 1) / 3));
                }
            }
            Case {
                calls: call(text),
                parts,
            }
        }
        "windoku" => {
            let window = |c: Cell| {
                let w = |x: usize| (1..=3).contains(&x) || (5..=7).contains(&x);
                (w(c.0) && w(c.1)).then_some((c.0 / 4, c.1 / 4))
            };
            Case {
                calls: call(String::new()),
                parts: different(pairs_where(s, move |a, b| {
                    window(a).is_some() && window(a) == window(b)
                })),
            }
        }
        "diagonals" | "anti_knight" | "anti_king" | "nonconsecutive" | "disjoint_groups" => {
            let (bh, bw) = (s.bh, s.bw);
            let parts = match rule {
                "diagonals" => different(pairs_where(s, |a, b| {
                    (a.0 == a.1 && b.0 == b.1) || (a.0 + a.1 == s.n - 1 && b.0 + b.1 == s.n - 1)
                })),
                "anti_knight" => different(pairs_where(s, |a, b| {
                    let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
                    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
                })),
                "anti_king" => different(pairs_where(s, |a, b| {
                    a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
                })),
                "disjoint_groups" => different(pairs_where(s, move |a, b| {
                    (a.0 % bh, a.1 % bw) == (b.0 % bh, b.1 % bw)
                })),
                _ => orthogonal_pairs(s)
                    .into_iter()
                    .map(|(a, b)| part(vec![a, b], |d| (d[0] - d[1]).abs() != 1))
                    .collect(),
            };
            Case {
                calls: call(String::new()),
                parts,
            }
        }
        other => panic!("no case for {other}"),
    }
}

/// A part in the long form: the table of the digit tuples it allows; None if it allows none.
fn table(p: &Part, s: Shape) -> Option<String> {
    let (n, k) = (s.n as i64, p.cells.len());
    // tuples that repeat a digit in a row, column or box are left out (the model's own
    // `distinct rows, columns, boxes` rules them out), which keeps a whole row's table short
    let unit = |a: Cell, b: Cell| {
        a.0 == b.0 || a.1 == b.1 || (a.0 / s.bh, a.1 / s.bw) == (b.0 / s.bh, b.1 / s.bw)
    };
    let sudoku = |d: &[i64]| {
        (0..k).all(|i| (i + 1..k).all(|j| d[i] != d[j] || !unit(p.cells[i], p.cells[j])))
    };
    let mut alts = vec![];
    let mut d = vec![1i64; k];
    loop {
        if sudoku(&d) && (p.ok)(&d) {
            let conj: Vec<String> = p
                .cells
                .iter()
                .zip(&d)
                .map(|(&c, x)| format!("v[{}] == {x}", name(c)))
                .collect();
            alts.push(format!("({})", conj.join(" and ")));
        }
        let mut i = 0;
        while i < k && d[i] == n {
            d[i] = 1;
            i += 1;
        }
        if i == k {
            break;
        }
        d[i] += 1;
    }
    (!alts.is_empty()).then(|| alts.join(" or "))
}

/// The givens: `count` cells of `base`, at random.
fn givens(rng: &mut Rng, s: Shape, base: &[Vec<i64>], count: usize) -> String {
    let mut shown = vec![vec![false; s.n]; s.n];
    for _ in 0..count {
        let (r, c) = random_cell(rng, s);
        shown[r][c] = true;
    }
    let rows: Vec<String> = (0..s.n)
        .map(|r| {
            (0..s.n)
                .map(|c| {
                    if shown[r][c] {
                        base[r][c].to_string()
                    } else {
                        ".".into()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("givens {{\n{}\n}}\n", rows.join("\n"))
}

/// The two models of a case: (library form, long form); None when some part allows no tuple.
fn models(c: &Case, s: Shape, givens: &str) -> Option<(String, String)> {
    let head = format!(
        "grid {n}x{n}\nboxes {}x{}\n{givens}rule distinct rows, columns, boxes\n",
        s.bh,
        s.bw,
        n = s.n
    );
    let mut long = head.clone();
    for (i, p) in c.parts.iter().enumerate() {
        long += &format!("rule part{}: {}\n", i + 1, table(p, s)?);
    }
    Some((format!("{head}{}\n", c.calls), long))
}

fn solutions(text: &str, extra: &[&str]) -> (BTreeSet<Vec<i64>>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("model.sdk"), text).unwrap();
    let mut args = vec![
        "run",
        "model.sdk",
        "--json",
        "--no-explain",
        "--time-limit",
        "60",
    ];
    args.extend_from_slice(extra);
    let out = common::sdkc_in(dir.path(), &args);
    assert!(
        [0, 4, 10].contains(&out.code),
        "exit {}\n{}\nmodel:\n{}",
        out.code,
        out.stderr,
        text.chars().take(2000).collect::<String>()
    );
    (grids_of(&out.stdout, text), out.stderr)
}

/// The library rules tested on 4x4 grids, and on 6x6 grids (those whose clues need digits
/// above 4: X sums to 10, German whispers differ by 5, ...; and `nonconsecutive`, which no
/// 4x4 sudoku satisfies); `entropic`, `windoku` and `anti_king` are tried on 9x9 grids
/// (ON_NINE).
const ON_FOUR: &[&str] = &[
    "cage",
    "sum_cage",
    "little_killer",
    "arrow",
    "extra_region",
    "white",
    "black",
    "difference",
    "ratio",
    "pair_sum",
    "greater",
    "kropki_negative",
    "white_negative",
    "thermo",
    "slow_thermo",
    "whisper",
    "renban",
    "palindrome",
    "between",
    "lockout",
    "region_sum",
    "parity_line",
    "zipper",
    "clone",
    "sandwich",
    "sandwich_of",
    "x_sum",
    "skyscraper",
    "numbered_room",
    "indexing",
    "lunchbox",
    "even",
    "odd",
    "minimum",
    "maximum",
    "contains",
    "quadruple",
    "look_and_say",
    "equality_cage",
    "counting_circles",
    "diagonals",
    "anti_knight",
    "disjoint_groups",
];
const ON_SIX: &[&str] = &[
    "nonconsecutive",
    "nabner",
    "x",
    "v",
    "xv_negative",
    "german_whisper",
    "dutch_whisper",
    "modular",
    "pill_arrow",
    "cage",
    "renban",
    "region_sum",
    "x_sum",
    "sandwich",
];

/// The rules tried on a 9x9 grid with most of a solution given: `entropic` needs 9 digits,
/// `windoku`'s windows are a 9x9 grid's, and a 4x4 sudoku has no anti-king solution (the
/// solutions given: examples/variants/windoku-sudocue.sdk's and anti-king-knight-reddit's
/// published grids).
const ON_NINE: &[&str] = &["entropic", "windoku", "anti_king"];

/// Cases per rule and shape.
const CASES: usize = 4;

fn soundness(rules: &[&str], s: Shape, seed: u64, shown: usize) {
    let mut rng = Rng(seed);
    let mut failures = vec![];
    for rule in rules {
        let mut done = 0;
        let mut solved = 0;
        let mut tries = 0;
        while done < CASES && tries < 100 * CASES {
            tries += 1;
            let base = if *rule == "windoku" {
                published("windoku-sudocue")
            } else if *rule == "anti_king" {
                published("anti-king-knight-reddit")
            } else if *rule == "nonconsecutive" {
                // a 4x4 sudoku cannot be non-consecutive; this 6x6 one is
                [[1, 3, 5, 2, 4, 6], [4, 6, 2, 5, 1, 3], [2, 4, 6, 3, 5, 1]]
                    .into_iter()
                    .chain([[5, 1, 3, 6, 2, 4], [3, 5, 1, 4, 6, 2], [6, 2, 4, 1, 3, 5]])
                    .map(|r| r.to_vec())
                    .collect()
            } else {
                base_grid(&mut rng, s)
            };
            let c = case(rule, &mut rng, s, &base);
            let g = givens(&mut rng, s, &base, shown);
            // cases `base` satisfies (so that they have solutions), but maybe the first
            // (whole-grid rules have no numbers to take from it)
            let whole = c.calls.ends_with("()");
            let holds = whole || c.parts.iter().all(|p| (p.ok)(&values(&base, &p.cells)));
            if !holds && (done > 0 || rng.below(2) == 0) {
                continue;
            }
            let Some((lib, long)) = models(&c, s, &g) else {
                continue;
            };
            done += 1;
            let (a, _) = solutions(&lib, &["-a", "--solver", "builtin"]);
            let (b, _) = solutions(&long, &["-a", "--solver", "builtin"]);
            solved += usize::from(!b.is_empty());
            if a != b {
                failures.push(format!(
                    "{rule}: {} solutions with the library, {} with the long form\n{lib}\n\
                     only library: {:?}\nonly long form: {:?}",
                    a.len(),
                    b.len(),
                    a.difference(&b).take(2).collect::<Vec<_>>(),
                    b.difference(&a).take(2).collect::<Vec<_>>()
                ));
            }
        }
        assert!(done == CASES, "{rule}: only {done} cases");
        // the clues' numbers come from a solution, so most cases have some
        assert!(solved > 0, "{rule}: no case has a solution");
        eprintln!("{rule}: {solved} of {CASES} cases with solutions");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn library_rules_match_the_long_form_on_4x4_grids() {
    soundness(ON_FOUR, FOUR, 0x11b_4a4a, 0);
}

#[test]
fn library_rules_match_the_long_form_on_6x6_grids() {
    soundness(ON_SIX, SIX, 0x11b_6a6a, 16);
}

#[test]
fn library_rules_match_the_long_form_on_9x9_grids() {
    soundness(ON_NINE, NINE, 0x11b_9a9a, 60);
}

/// Each MIP solver finds the same solutions as the builtin search on a few tiny cases (a 4x4
/// grid with half its cells given; `-n 50` so a MIP solver enumerates them all).
#[test]
fn library_rules_on_each_mip_solver() {
    let mut rng = Rng(0x11b_0c1b);
    for (solver, rules) in [
        ("cbc", ["cage", "thermo", "sandwich", "kropki_negative"]),
        ("highs", ["arrow", "renban", "skyscraper", "anti_king"]),
        ("glpk", ["little_killer", "between", "x_sum", "region_sum"]),
    ] {
        for rule in rules {
            let (lib, long) = loop {
                let base = base_grid(&mut rng, FOUR);
                let c = case(rule, &mut rng, FOUR, &base);
                let g = givens(&mut rng, FOUR, &base, 8);
                if let Some(m) = models(&c, FOUR, &g) {
                    break m;
                }
            };
            let (want, _) = solutions(&long, &["-a", "--solver", "builtin"]);
            let (got, _) = solutions(&lib, &["-n", "50", "--solver", solver]);
            assert_eq!(got, want, "{rule} on {solver}:\n{lib}");
        }
    }
}

/// The puzzles' rule for region-sum lines: a line that leaves a box and comes back has two
/// pieces there, each with the line's sum. (The library's `region_sum` once added all of the
/// line's cells in a box as one piece, which gave region-sum-lm-00098I other solutions.)
#[test]
fn region_sum_counts_each_piece_of_a_line_that_reenters_a_box() {
    // r1c1 r1c2 in box 1, r1c3 in box 2, r2c2 back in box 1: pieces 1+2 | 3 | ... the puzzle
    // needs v[r1c1] + v[r1c2] == v[r1c3] == v[r2c2]
    let s = FOUR;
    let w = vec![(0, 0), (0, 1), (0, 2), (1, 1)];
    let c = Case {
        calls: "rule region_sum(r1c1-r1c3-r2c2)".into(),
        parts: vec![part(w, |d| d[0] + d[1] == d[2] && d[2] == d[3])],
    };
    let (lib, long) = models(&c, s, "").unwrap();
    let (a, _) = solutions(&lib, &["-a", "--solver", "builtin"]);
    let (b, _) = solutions(&long, &["-a", "--solver", "builtin"]);
    assert_eq!(a, b);
}

/// An entropic line takes thirds of the value range, as the README says: in 1..6 the groups
/// are 1-2, 3-4 and 5-6, and four different digits on a line of four have 48 arrangements
/// (the definition took groups of three, 1-3 and 4-6, and found none; a review found it).
#[test]
fn entropic_lines_take_thirds_of_the_values() {
    counts_exactly(
        "grid 1x4\nvalues 1..6\nrule distinct rows\nrule entropic(r1c1-r1c4)\n",
        &["builtin", "highs", "cbc", "glpk"],
        48,
    );
}

/// On a line of two cells, modular and entropic keep the two apart, as rangsk's SudokuSolver
/// does and the rules' text says (a review found the text silent on it): of the 36 pairs of
/// 1..6, 12 share a remainder and 12 a third.
#[test]
fn two_cell_modular_and_entropic_lines_keep_their_cells_apart() {
    for rule in ["modular", "entropic"] {
        counts_exactly(
            &format!("grid 1x2\nvalues 1..6\nrule {rule}(r1c1-r1c2)\n"),
            &["builtin", "highs", "cbc", "glpk"],
            24,
        );
    }
}

/// A line that comes back to a cell (the README allows loops) counts it once: a renban loop
/// of six cells in 1..7 holds six consecutive digits (1,440 grids; the spread was bounded by
/// the seven visits, 5,040), a nabner loop no longer pairs the cell it comes back to with
/// itself (360; it had none), and a palindrome pairs visits, not first visits (64; it had
/// 256): counted by brute force in a review. Smaller ones on every backend (a MIP solver
/// runs once a grid).
#[test]
fn lines_that_come_back_to_a_cell() {
    let cases = [
        (
            "grid 2x3\nvalues 1..7\nrule renban(r1c1-r1c3-r2c3-r2c1-r1c1)\n",
            1440,
            false,
        ),
        (
            "grid 2x2\nvalues 1..9\nrule nabner(r1c1-r1c2-r2c2-r2c1-r1c1)\n",
            360,
            false,
        ),
        (
            "grid 2x3\nvalues 1..4\nrule palindrome(r1c1-r1c3-r2c3-r2c2-r1c2)\n",
            64,
            false,
        ),
        (
            "grid 2x2\nvalues 1..5\nrule renban(r1c1-r1c2-r2c2-r2c1-r1c1)\n",
            48,
            true,
        ),
        (
            "grid 2x2\nvalues 1..7\nrule nabner(r1c1-r1c2-r2c2-r2c1-r1c1)\n",
            24,
            true,
        ),
        (
            "grid 2x3\nvalues 1..2\nrule palindrome(r1c1-r1c3-r2c3-r2c2-r1c2)\n",
            8,
            true,
        ),
    ];
    for (model, count, every) in cases {
        let solvers: &[&str] = if every {
            &["builtin", "highs", "cbc", "glpk"]
        } else {
            &["builtin"]
        };
        counts_exactly(model, solvers, count);
    }
}
