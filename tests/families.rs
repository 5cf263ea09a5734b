//! One published puzzle for each family of the standard library that had no example
//! (`examples/library/FAMILY-SOURCE.sdk`, each with its published solution in
//! `tests/expected/variants/FAMILY-SOURCE.txt`, both from the Interactive Sudoku Solver's
//! `data/example_puzzles.js` and `data/collections.js`):
//!
//! 1. each file has no mistakes and accepts its published grid;
//! 2. the builtin search proves every file unique, HiGHS, CBC and GLPK those they prove in
//!    seconds;
//! 3. every file is proved unique by the builtin search with half of the
//!    published grid given (the cells of one colour of a checkerboard, plus the file's givens);
//! 4. the library's `lunchbox` keeps a lunchbox's digits distinct, as the published rules do
//!    (it once allowed repeats, which let `lunchbox-normal` have a second solution).

mod common;
use common::{expected_grid, library_givens, printed_grid, root, sdkc};

/// Every family example, by file name (without `.sdk`).
const FAMILIES: &[&str] = &[
    "clone-domino",
    "counting-circles-clockwork",
    "counting-circles-santorini",
    "dutch-whispers-elementary",
    "entropic-connections",
    "indexing-159",
    "lockout-dsm23",
    "look-and-say-2",
    "look-and-say-3",
    "look-and-say-killer",
    "lunchbox-normal",
    "maximum-fortress",
    "modular-lines-1",
    "nabner-cold-sauerkraut",
    "nonconsecutive-anti-knight",
    "numbered-rooms-n",
    "pill-arrow-lm",
    "zipper-zip-zips",
];

fn path(name: &str) -> String {
    format!("examples/library/{name}.sdk")
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

/// Each file has no mistakes, names its source, and accepts its published grid
/// (`run --givens GRID` checks every rule).
#[test]
fn every_family_example_accepts_its_published_grid() {
    for name in FAMILIES {
        let out = sdkc(&["check", &path(name)]);
        assert_eq!(out.code, 0, "{name}:\n{}{}", out.stdout, out.stderr);
        let text = std::fs::read_to_string(root().join(path(name))).unwrap();
        assert!(
            text.contains("github.com/sigh/Interactive-Sudoku-Solver"),
            "{name}: the header names its source"
        );
        let grid = published(name);
        let givens = library_givens(name);
        for (g, p) in givens.chars().zip(one_line(&grid).chars()) {
            assert!(
                g == '.' || g == p,
                "{name}: a given differs from the published grid"
            );
        }
        let out = sdkc(&[
            "run",
            &path(name),
            "--givens",
            &one_line(&grid),
            "--solver",
            "builtin",
            "--time-limit",
            "60",
        ]);
        assert_eq!(out.code, 0, "{name}:\n{}", out.stderr);
        assert_eq!(printed_grid(&out.stdout), grid, "{name}");
    }
}

/// `run --unique` with `solver` (and `givens`, when some) finds the published grid and proves
/// it the only solution.
fn proves_unique(name: &str, solver: &str) {
    common::proves_unique(&path(name), name, solver, None);
}

// The builtin search proves every family example, each in under 0.25 s of a release build
// (`python3 bench/families.py --solvers builtin`; nabner-cold-sauerkraut 0.17 s and
// zipper-zip-zips 0.08 s the slowest, on 2026-11-26).
#[test]
fn the_builtin_search_proves_every_family_example_unique() {
    for name in FAMILIES {
        proves_unique(name, "builtin");
    }
}

// HiGHS: seconds of `run --unique --json --time-limit 60` (release build, one run each, one
// after another on the 2-core machine this was written on, 2026-11-26; nabner on 2026-11-27).
// lunchbox-normal (1.6 s) is in tests/encodings.rs. zipper-zip-zips (23–49 s alone) has its
// own test below, with room for the other tests beside it.
unique!(highs {
    nabner_cold_sauerkraut: "nabner-cold-sauerkraut", // 0.27–0.35 s since each line's chosen digit set as counts (src/lower/family.rs, 2026-12-07; 1.05–1.16 s with each line's hull; 3.7–8.7 s before, 2026-12-06; 9.8 s with RENS, src/solve/highs.rs; 19–22 s before the thermometers' flows)
    clone_domino: "clone-domino",                     // 0.06 s
    counting_circles_clockwork: "counting-circles-clockwork", // 0.09 s (2.8 s before its counts)
    dutch_whispers_elementary: "dutch-whispers-elementary", // 0.24 s
    entropic_connections: "entropic-connections",     // 0.81 s
    indexing_159: "indexing-159",                     // 0.06 s
    lockout_dsm23: "lockout-dsm23", // 0.28–0.44 s (20–24 s before the lockout flow)
    maximum_fortress: "maximum-fortress", // 0.13 s
    modular_lines_1: "modular-lines-1", // 0.23 s
    nonconsecutive_anti_knight: "nonconsecutive-anti-knight", // 0.09 s
    numbered_rooms_n: "numbered-rooms-n", // 0.13 s
    pill_arrow_lm: "pill-arrow-lm", // 0.59 s (31 s before the pills' numbers, src/lower/family.rs)
    // (2026-12-06, `bench/families.py --runs 3`, best of 3; the look-and-says since their
    // clues on two or three cells are count rows, src/lower/expr.rs, one run each)
    counting_circles_santorini: "counting-circles-santorini", // 0.2 s since the circles' digit sets (src/lower/family.rs; 8.5–12.4 s before)
    look_and_say_2: "look-and-say-2",                         // 0.08 s (0.10 s)
    look_and_say_3: "look-and-say-3",                         // 0.08 s (2.3 s)
    look_and_say_killer: "look-and-say-killer",               // 0.07 s (0.12 s)
});

/// `run --unique` with `solver` and a time limit of its own, for a proof too long for the 60 s
/// the others have with the other tests running beside them: the published grid, proved the
/// only solution.
fn proves_unique_within(name: &str, solver: &str, seconds: &str) {
    let file = path(name);
    let out = sdkc(&[
        "run",
        &file,
        "--unique",
        "--solver",
        solver,
        "--time-limit",
        seconds,
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(printed_grid(&out.stdout), published(name));
    let said = format!("unique: {solver} proved there is no other solution");
    assert!(out.stderr.contains(&said), "{}", out.stderr);
}

/// HiGHS proves the zipper unique: 92 s with the default seed before each piece's total row
/// and the rows keeping apart the cells whose partners differ (src/lower/family.rs), 29 s
/// after (2026-11-28, a review's runs beside it); without RENS (src/solve/highs.rs) 17.5–29.2
/// s over seeds 0–5 alone (2026-11-29); 19.3 s and 19.5 s alone since its areas per total
/// (2026-12-06). The 60 s of the others would be tight with the other tests running beside it.
#[test]
fn highs_proves_the_zipper_unique() {
    proves_unique_within("zipper-zip-zips", "highs", "300");
}

/// CBC proves the Normal Lunchbox unique: 22–27 s alone since a binary per choice of crusts
/// bounds its distinct rows per choice (src/lower/family.rs), 106 s before (2026-12-06); its
/// race of two processes would make the 60 s of the others tight beside the other tests.
#[test]
fn cbc_proves_the_lunchbox_unique() {
    proves_unique_within("lunchbox-normal", "cbc", "300");
}

/// CBC proves the zipper unique: 38–52 s alone since its areas per total (2026-12-06), 45 s
/// and 56 s (2026-12-07), each in 12 nodes; the 60 s of the others would not do beside the
/// other tests.
#[test]
fn cbc_proves_the_zipper_unique() {
    proves_unique_within("zipper-zip-zips", "cbc", "300");
}

/// CBC proves Cold Sauerkraut unique (seven nabner lines, five thermometers, one given): 103
/// s alone and 121 s at `-p 1` (2026-12-07, tenth session; 180 s in an earlier run of the same
/// rows, each line's chosen digit set as counts, src/lower/family.rs). The longest test, in a
/// limit of its own that leaves room for the other tests running beside it. CBC's options measured on it and
/// not made sdkc's (one run each, `-p 1`, `--solver-option`): `cuts=off` 68 s, `heur=on` 73
/// s, `nodeStrategy=depth` 84 s, `clique=forceOn` 105 s, `probing=forceOn` 120 s; the first
/// two slower on the other family examples (`cuts=off`: the lockout 11 → 20 s, the lunchbox
/// 23 → 38 s, santorini 10 → 38 s).
#[test]
fn cbc_proves_cold_sauerkraut_unique() {
    proves_unique_within("nabner-cold-sauerkraut", "cbc", "600");
}

// CBC, timed the same way, with sdkc's CBC settings (heuristics and Gomory cuts off,
// src/solve/cbc.rs; 2026-11-27, eighth session). Slower than the 60 s limit allows with the
// other tests running beside, each with its own test above: nabner-cold-sauerkraut (no grid
// in 60 s before each line's chosen digit set as counts; 103–121 s alone since),
// zipper-zip-zips (38–56 s alone since its areas per total, src/lower/family.rs; no grid in
// 60 s before, 2026-12-06) and lunchbox-normal (22–27 s alone).
unique!(cbc {
    clone_domino: "clone-domino",                             // 0.1 s
    counting_circles_clockwork: "counting-circles-clockwork", // 0.14 s (1.6 s before its counts)
    entropic_connections: "entropic-connections",             // 6.8 s
    dutch_whispers_elementary: "dutch-whispers-elementary",   // 0.4 s
    indexing_159: "indexing-159",                             // 0.1 s
    lockout_dsm23: "lockout-dsm23", // 9.4–13.7 s (over 40 s with CBC's defaults)
    maximum_fortress: "maximum-fortress", // 0.1 s
    modular_lines_1: "modular-lines-1", // 0.4 s (0.8 s before its cliques)
    nonconsecutive_anti_knight: "nonconsecutive-anti-knight", // 0.2 s
    numbered_rooms_n: "numbered-rooms-n", // 2.0 s
    pill_arrow_lm: "pill-arrow-lm", // 6.9 s (13.7 s with CBC's defaults)
    // (2026-12-06; the look-and-says since their clues on two or three cells are count
    // rows, src/lower/expr.rs: look-and-say-3 had no proof in 100 s, 120 s)
    look_and_say_killer: "look-and-say-killer", // 0.11 s (0.34–0.40 s)
    look_and_say_2: "look-and-say-2",           // 0.27 s (0.33–0.48 s)
    look_and_say_3: "look-and-say-3",           // 0.09 s
    counting_circles_santorini: "counting-circles-santorini", // 8.8–9.4 s since the circles' digit sets (12.7–23.4 s before)
});

// GLPK, timed the same way. Since 2026-12-07 (eleventh session) GLPK races its branch and
// cut (`--first`, `--cover`, `--clique`) against its MiniSat on every model of binaries
// (src/solve/glpk.rs `ways`). The first three times are the race's (`bench/families.py`,
// one run each; in brackets branch and cut's alone), the others branch and cut's alone,
// measured before the race (2026-11-27 and -28, with the cliques and counting rows of
// src/lower/family.rs). zipper-zip-zips (whose totals are integer columns, so
// branch and cut's alone) has its own test below. The lunchbox and
// Cold Sauerkraut are proved by MiniSat: branch and cut found no grid of either in 120 s and
// 150 s.
unique!(glpk {
    lunchbox_normal: "lunchbox-normal", // 0.27 s (no grid in 120 s)
    nabner_cold_sauerkraut: "nabner-cold-sauerkraut", // 0.09 s (no grid in 150 s)
    numbered_rooms_n: "numbered-rooms-n", // 0.05 s (17–27 s)
    clone_domino: "clone-domino",       // 0.06 s
    counting_circles_clockwork: "counting-circles-clockwork", // 0.16 s (0.39 s before --clique; past 30 s before --cover)
    entropic_connections: "entropic-connections",             // 0.6 s (46 s before)
    modular_lines_1: "modular-lines-1",                       // 0.3 s (past 60 s before)
    dutch_whispers_elementary: "dutch-whispers-elementary", // 3.9 s (7.3 s before --clique; past 30 s before --first)
    indexing_159: "indexing-159",                           // 0.04 s
    lockout_dsm23: "lockout-dsm23",                         // 3.3 s (past 30 s before --first)
    maximum_fortress: "maximum-fortress",                   // 0.06 s (0.84 s before --clique)
    nonconsecutive_anti_knight: "nonconsecutive-anti-knight", // 0.31 s
    pill_arrow_lm: "pill-arrow-lm",                         // 13.1 s (past 30 s before --first)
    // (2026-12-06; the look-and-says since their clues on two or three cells are count
    // rows, src/lower/expr.rs: look-and-say-3 had no proof in 100 s)
    look_and_say_killer: "look-and-say-killer", // 0.06 s (3.6–3.7 s)
    look_and_say_2: "look-and-say-2",           // 0.14 s (7.4–7.7 s)
    look_and_say_3: "look-and-say-3",           // 0.06 s
    // (2026-12-07: since the model's integer columns that are not a cell's come first in
    // glpsol's column order, src/solve/glpk.rs, the families' choices branched on first;
    // its grid but no proof in 120 s before)
    counting_circles_santorini: "counting-circles-santorini", // 4.8–5.2 s
});

/// GLPK proves the zipper unique since the model's integer columns that are not a cell's (its
/// totals) come first in glpsol's column order, so that `--first` branches on the total
/// before the cells (src/solve/glpk.rs): 17.1–18.8 s and 14 nodes alone, where it found no
/// grid in 120 s before (2026-12-07). Its own limit: each of its nodes takes a second.
#[test]
fn glpk_proves_the_zipper_unique() {
    proves_unique_within("zipper-zip-zips", "glpk", "300");
}

/// With half of the published grid given (one colour of a checkerboard, and the file's own
/// givens), the builtin search proves every file unique in milliseconds: the files are
/// checked to have no other solution near the published one.
#[test]
fn unique_with_half_the_published_grid() {
    for name in FAMILIES {
        let grid = one_line(&published(name));
        let own = library_givens(name);
        let half: String = grid
            .chars()
            .zip(own.chars())
            .enumerate()
            .map(|(i, (p, g))| {
                if (i / 9 + i % 9) % 2 == 1 || g != '.' {
                    p
                } else {
                    '.'
                }
            })
            .collect();
        common::proves_unique(&path(name), name, "builtin", Some(&half));
    }
}

/// The library's `lunchbox` keeps the digits of a lunchbox distinct, as ISS's does ("Numbers
/// must be distinct"). It once allowed repeats, and then held whatever the sum when the
/// smallest or largest digit repeated: this grid was a second solution of `lunchbox-normal`
/// (its lunchbox r2c4-r2c3-r3c3-r3c2-r5c2 holds 1 6 9 8 1 3, the 1 twice).
#[test]
fn lunchbox_digits_do_not_repeat() {
    const OTHER: &str = "123784569456129378789365142817253496635947821294816735961438257\
                         372591684548672913";
    let out = sdkc(&[
        "run",
        &path("lunchbox-normal"),
        "--givens",
        OTHER,
        "--solver",
        "builtin",
        "--no-explain",
    ]);
    assert_eq!(
        out.code, 4,
        "the library's lunchbox rejects it:\n{}{}",
        out.stdout, out.stderr
    );
}
