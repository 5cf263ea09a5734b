//! `sdkc import` and f-puzzles files read directly by `run`, `check` and `compile`: every
//! puzzle of `tests/fpuzzles/` (published f-puzzles strings with their published solutions,
//! `tests/fpuzzles/SOURCES.md`) imported and solved to its published grid; the forms people
//! paste (JSON, compressed string, f-puzzles and SudokuPad URLs); and the errors.

mod common;
use common::{Sdkc, root};

/// Published puzzles with more than one solution, and how many: ISS's collection keeps
/// "Sandwich snipe 18" (every sandwich clue 18, no givens) as a search case, and ISS finds the
/// same two grids. Every solution is listed (`run -a`); the published one must be among them.
const MULTIPLE: &[(&str, u64)] = &[("sandwich-snipe-18", 2)];

fn corpus() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/fpuzzles"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "txt").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    names
}

/// The published solution, one number a cell.
fn solution(name: &str) -> Vec<i64> {
    let text =
        std::fs::read_to_string(root().join(format!("tests/fpuzzles/{name}.solution"))).unwrap();
    let text = text.trim();
    if text.contains(' ') {
        text.split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect()
    } else {
        text.bytes().map(|b| (b - b'0') as i64).collect()
    }
}

#[test]
fn every_published_puzzle_imports_and_solves_to_its_published_grid() {
    let names = corpus();
    assert_eq!(names.len(), 30, "{names:?}");
    for name in &names {
        let file = format!("tests/fpuzzles/{name}.txt");
        let expected = solution(name);
        if let Some(&(_, count)) = MULTIPLE.iter().find(|(n, _)| n == name) {
            let out = Sdkc::new()
                .args(&["run", &file, "-a", "--json", "--solver", "builtin"])
                .args(&["--time-limit", "30"])
                .status(10)
                .run();
            let lines = out.json_lines();
            let (last, grids) = lines.split_last().unwrap();
            assert_eq!(last["status"], "not_unique", "{name}");
            assert_eq!(last["count"], count, "{name}");
            assert_eq!(last["complete"], true, "{name}");
            assert_eq!(grids.len() as u64, count, "{name}");
            let grids: Vec<Vec<i64>> = grids
                .iter()
                .map(|g| common::flat_grid(&g["grid"]))
                .collect();
            assert!(grids.contains(&expected), "{name}: {grids:?}");
            continue;
        }
        let v = Sdkc::new()
            .args(&[
                "run",
                &file,
                "--unique",
                "--json",
                "--solver",
                "builtin",
                "--time-limit",
                "30",
            ])
            .run()
            .json();
        assert_eq!(v["status"], "unique", "{name}");
        let grid: Vec<i64> = common::flat_grid(&v["grid"]);
        assert_eq!(grid, expected, "{name}");
    }
}

/// The MIP backends read imported puzzles too (through the same model).
#[test]
fn imported_puzzles_solve_on_highs_and_cbc() {
    for solver in ["highs", "cbc"] {
        for name in ["peak-sudoku-4x4", "piggly-wiggly-6x6", "xv-kropki-x"] {
            let file = format!("tests/fpuzzles/{name}.txt");
            let v = Sdkc::new()
                .args(&["run", &file, "--unique", "--json", "--solver", solver])
                .run()
                .json();
            assert_eq!(v["status"], "unique", "{name} on {solver}");
            let grid: Vec<i64> = common::flat_grid(&v["grid"]);
            assert_eq!(grid, solution(name), "{name} on {solver}");
        }
    }
}

/// HiGHS 1.15.1's presolve says the published killer Blitz has no solution, which HiGHS
/// solves without presolve, or with its aggregator and sparsify off. sdkc checks whenever
/// presolve alone decided that a model has no solution, first with those two rules off
/// (`src/solve/highs.rs`), so `run --unique` proves Blitz unique, as the README says. (A later
/// HiGHS may not err here: then one run answers.)
#[test]
fn highs_proves_blitz_unique_although_its_presolve_says_no_solution() {
    let text = std::fs::read(root().join("tests/fpuzzles/blitz.txt")).unwrap();
    let ran = Sdkc::new()
        .file("blitz.txt", &text)
        .args(&["run", "blitz.txt", "--unique", "--json"])
        .args(&["--solver", "highs", "--keep-files", "kept"])
        .run();
    let v = ran.json();
    assert_eq!(v["status"], "unique", "{v}");
    assert_eq!(common::flat_grid(&v["grid"]), solution("blitz"));
    // Whenever a run's full presolve said "no solution", the next run checked it with some of
    // presolve's rules off.
    let log = |n: usize| std::fs::read_to_string(ran.path().join(format!("kept/highs-{n}.log")));
    let check = "Presolve rules not allowed:";
    let mut n = 1;
    while let Ok(text) = log(n) {
        if text.contains("Presolve: Infeasible") && !text.contains(check) {
            let next = log(n + 1).expect("a second run");
            assert!(next.contains(check), "{next}");
        }
        n += 1;
    }
    assert!(n > 2, "a grid, then the proof");
}

const PEAK: &str = "# Imported from f-puzzles by `sdkc import`.
# Title: Peak Sudoku
# Author: Rangsk
# Rules:
#   This is the ideal Sudoku. You may not like it, but this is what peak performance looks like.
#
#   Standard V: Digits separated by a V sum to 5. Not all Vs are given.
#
#   Standard Little Killer: Digits along a pointed diagonal sum to the clue next to the arrow. Digits can repeat along a diagonal.
puzzle \"Peak Sudoku\"
grid 4x4
boxes 2x2
rule distinct rows, columns, boxes
rule v(r1c2, r1c1)
rule little_killer(r1c4-r4c1, 14)
rule little_killer(r1c1-r4c4, 6)
rule little_killer(r2c1-r4c3, 9)
";

/// The model written: the title, author and rules text as comments, one rule a clue, and a
/// summary on standard error.
#[test]
fn import_writes_one_library_rule_a_clue() {
    Sdkc::new()
        .args(&["import", "tests/fpuzzles/peak-sudoku-4x4.txt"])
        .stdout(PEAK)
        .stderr("imported a 4x4 with 0 givens and 4 clues (little_killer 3, v 1)\n")
        .run();
}

/// Irregular regions become a `regions` block, givens a grid; drawings are noted, not read.
#[test]
fn irregular_regions_givens_and_drawings() {
    let ran = Sdkc::new()
        .args(&["import", "tests/fpuzzles/piggly-wiggly-6x6.txt"])
        .stderr("imported a 6x6 with 6 givens and 0 clues\n")
        .run();
    assert!(
        ran.out.stdout.contains(
            "grid 6x6\nboxes none\nregions {\n  A A A B B C\n  A A B B B C\n  D A E B C C\n  \
             D E E E C C\n  D D D E E F\n  D F F F F F\n}\ngivens {\n  . . . 2 . .\n"
        ),
        "{}",
        ran.out.stdout
    );
    Sdkc::new()
        .args(&["import", "tests/fpuzzles/one-five-nine.txt"])
        .stderr(
            "note: `line`: 32 drawings without a rule of their own, left out\n\
             imported a 9x9 with 0 givens and 19 clues (black 2, renban 16, white 1)\n",
        )
        .run();
}

/// The compressed string, its JSON, an f-puzzles URL, a SudokuPad URL and a percent-encoded
/// URL all give the same model; `-o` writes it to a file.
#[test]
fn every_pasted_form_gives_the_same_model() {
    let compressed = std::fs::read_to_string(root().join("tests/fpuzzles/peak-sudoku-4x4.txt"))
        .unwrap()
        .trim()
        .to_string();
    let json = String::from_utf16(&lz_str::decompress_from_base64(&compressed).unwrap()).unwrap();
    assert!(json.starts_with('{'));
    let forms = [
        json.clone(),
        format!("https://www.f-puzzles.com/?load={compressed}"),
        format!("https://sudokupad.app/fpuzzles{compressed}"),
        format!(
            "http://f-puzzles.com/?load={}&other=1",
            compressed.replace('+', "%2B").replace('/', "%2F")
        ),
        format!("  {compressed}\n"),
    ];
    for form in &forms {
        Sdkc::new()
            .args(&["import", "-"])
            .stdin(form.as_bytes())
            .stdout(PEAK)
            .run();
        // Pasted as the argument itself, where no file has that name.
        Sdkc::new().args(&["import", form]).stdout(PEAK).run();
    }
    let ran = Sdkc::new()
        .file("peak.json", json.as_bytes())
        .args(&["import", "peak.json", "-o", "peak.sdk"])
        .stdout("")
        .stderr("imported a 4x4 with 0 givens and 4 clues (little_killer 3, v 1) into peak.sdk\n")
        .run();
    assert_eq!(
        std::fs::read_to_string(ran.path().join("peak.sdk")).unwrap(),
        PEAK
    );
    // The model written is a model like any other.
    Sdkc::new()
        .current_dir(&ran.path())
        .args(&["run", "peak.sdk", "--unique", "--solver", "builtin"])
        .stdout("1 4 | 2 3\n3 2 | 4 1\n----+----\n2 3 | 1 4\n4 1 | 3 2\n")
        .run();
}

/// `check` and `compile` read an f-puzzles file as its model.
#[test]
fn check_and_compile_read_f_puzzles_files() {
    Sdkc::new()
        .args(&["check", "tests/fpuzzles/blitz.txt"])
        .stdout(
            "tests/fpuzzles/blitz.txt: no mistakes (grid 9x9, values 1..9, 0 givens, 32 rules)\n",
        )
        .run();
    let ran = Sdkc::new()
        .args(&["compile", "tests/fpuzzles/blitz.txt", "-o", "-"])
        .run();
    assert!(
        ran.out.stdout.starts_with("\\ Model: Blitz\n"),
        "{}",
        ran.out.stdout
    );
}

fn empty_grid(n: usize) -> serde_json::Value {
    serde_json::json!(vec![vec![serde_json::json!({}); n]; n])
}

/// What cannot be imported is an error that names it (exit 3), never a silent drop.
#[test]
fn what_cannot_be_imported_is_named() {
    let cases = [
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}),
            "`doublearrow` (double arrows) cannot be imported: sdkc has no rule for it; the first is at r1c1 r1c2 r1c3",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4), "sparkle": [{"cell": "R1C1"}]}),
            "`sparkle` is not an f-puzzles key sdkc knows; it may be a rule, so the puzzle is not imported without it",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "killercage": [{"cells": ["R1C1", "R9C2"], "value": "3"}]}),
            "`killercage` #1: r9c2 is outside the 4x4 grid",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "xv": [{"cells": ["R1C1", "R1C2"], "value": "W"}]}),
            "`xv` #1: `W` is neither X nor V",
        ),
        // A clue or a negative constraint in a form f-puzzles does not write is a mistake, not
        // nothing: dropped, it would let the puzzle have solutions its setter ruled out.
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "xv": [{"cells": ["R1C1", "R1C2"], "value": 5}]}),
            "`xv` #1: `5` is neither X nor V",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "xv": [{"cells": ["R1C1", "R1C2"]}]}),
            "`xv` #1: no `value` (X or V)",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4), "negative": "ratio"}),
            "`negative` is `\"ratio\"`, where f-puzzles writes a list of names (`[\"ratio\"]`)",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4), "negative": [1]}),
            "`negative` holds `1`, where f-puzzles writes names (`ratio`, `xv`)",
        ),
        // A whole number past 64 bits is too large, not fractional (it once said "not a whole
        // number").
        (
            serde_json::json!({"size": 1e20, "grid": empty_grid(4)}),
            "`size`: `1e+20` is too large",
        ),
        (
            serde_json::json!({"size": 4.5, "grid": empty_grid(4)}),
            "`size`: `4.5` is not a whole number",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4), "negative": ["difference"]}),
            "`negative` names `difference`, which sdkc cannot import (it knows `ratio` and `xv`)",
        ),
        (
            serde_json::json!({"size": 9, "grid": empty_grid(4)}),
            "`grid` is not 9 rows of 9 cells",
        ),
        (
            serde_json::json!({"size": 20, "grid": empty_grid(20)}),
            "`size` is 20; f-puzzles grids are 3x3 to 16x16",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "cage": [{"cells": ["R1C1"], "value": "DR3"}]}),
            "`cage` with value `DR3` (a digital-root cage or fog of war) cannot be imported: sdkc has no rule for it",
        ),
    ];
    let mut grid = empty_grid(4);
    grid[0][0] = serde_json::json!({"region": null});
    let mut pencil = empty_grid(4);
    pencil[0][0] = serde_json::json!({"givenPencilMarks": [1, 2]});
    let mut moved = empty_grid(4);
    moved[0][0] = serde_json::json!({"region": 1});
    let more = [
        (
            serde_json::json!({"size": 4, "grid": grid}),
            "`grid` cell r1c1 is in no region (`region: null`); sdkc's regions cover the grid",
        ),
        (
            serde_json::json!({"size": 4, "grid": pencil}),
            "1 cell has given pencil marks (`givenPencilMarks`), which sdkc cannot import yet",
        ),
        (
            serde_json::json!({"size": 4, "grid": moved}),
            "region 0 has 3 cells; every region of a 4x4 grid has 4",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "entropicline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}),
            "`entropicline` on a 4x4 grid cannot be imported: sdkc's entropic lines split 1..9 into thirds",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "sandwichsum": [{"cell": "R0C0", "value": "3"}]}),
            "`sandwichsum` #1: the clue at r0c0 is not beside a row or column",
        ),
        (
            serde_json::json!({"size": 4, "grid": empty_grid(4),
                "littlekillersum": [{"cell": "R0C1", "direction": "UP", "value": "3"}]}),
            "`littlekillersum` #1: direction UP is not UL, UR, DL or DR",
        ),
    ];
    let g = empty_grid(4);
    let mut irregular = empty_grid(4);
    irregular[0][0] = serde_json::json!({"region": 1});
    irregular[0][2] = serde_json::json!({"region": 0});
    let mut not_object = empty_grid(4);
    not_object[0][0] = serde_json::json!(1);
    let mut seven = empty_grid(4);
    seven[0][0] = serde_json::json!({"value": 7, "given": true});
    let shapes = [
        (
            serde_json::json!({"size": "four", "grid": g}),
            "`size`: `four` is not a number",
        ),
        (
            serde_json::json!({"size": 4, "grid": not_object}),
            "`grid` cell r1c1: not an object",
        ),
        (
            serde_json::json!({"size": 4, "grid": seven}),
            "`grid` cell r1c1: the given 7 is not between 1 and 4",
        ),
        (
            serde_json::json!({"size": 4}),
            "not an f-puzzles puzzle: no `grid`",
        ),
        (
            serde_json::json!({"size": 4, "grid": g, "thermometer": [{"cells": ["R1C1"]}]}),
            "`thermometer` #1: no `lines`",
        ),
        (
            serde_json::json!({"size": 4, "grid": g,
                "difference": [{"cells": ["R1C1", "R1C2", "R1C3"]}]}),
            "`difference` #1: a dot joins two cells, not 3",
        ),
        (
            serde_json::json!({"size": 4, "grid": g, "xv": [{"cells": ["R1C1"], "value": "X"}]}),
            "`xv` #1: an X or V joins two cells, not 1",
        ),
        (
            serde_json::json!({"size": 4, "grid": g, "arrow": [{
                "cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "lines": [["R1C1", "R1C3"]]}]}),
            "`arrow` #1: a pill of 4 cells (sdkc's pills have up to 3)",
        ),
        (
            serde_json::json!({"size": 4, "grid": g,
                "clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R4C4"]}]}),
            "`clone` #1: 2 cells cloned to 1",
        ),
        (
            serde_json::json!({"size": 4, "grid": g,
                "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"]}]}),
            "`quadruple` #1: no `values`",
        ),
        (
            serde_json::json!({"size": 4, "grid": irregular, "disjointgroups": true}),
            "`disjointgroups` on irregular regions cannot be imported: sdkc's disjoint groups are the boxes'",
        ),
        (
            serde_json::json!({"size": 4, "grid": irregular,
                "regionsumline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}),
            "`regionsumline` on irregular regions cannot be imported: sdkc's region-sum lines follow the boxes",
        ),
        (
            serde_json::json!({"size": 4, "grid": g, "odd": [{"cell": "X1"}]}),
            "`odd` #1: `X1` is not a cell name like \"R1C1\"",
        ),
        (
            serde_json::json!({"size": 4, "grid": g,
                "littlekillersum": [{"cell": "R0C0", "direction": "UL", "value": "3"}]}),
            "`littlekillersum` #1: the clue at r0c0 points at no cell",
        ),
    ];
    for (json, message) in cases.into_iter().chain(more).chain(shapes) {
        Sdkc::new()
            .args(&["import", "-"])
            .stdin(json.to_string().as_bytes())
            .status(3)
            .stdout("")
            .stderr(&format!("error: <stdin>: {message}\n"))
            .run();
    }
    // Text that is no puzzle at all.
    for (text, message) in [
        (
            "N4IgzglgXgpiBcBOANCAxxxxxxxxxx",
            "not an f-puzzles string: it does not decompress",
        ),
        (
            "{\"size\": 9",
            "not f-puzzles JSON: EOF while parsing an object at line 1 column 10",
        ),
        (
            "https://www.f-puzzles.com/?load=",
            "no f-puzzles string found (expected JSON, a compressed string, or a URL with `?load=` or `fpuzzles`)",
        ),
    ] {
        Sdkc::new()
            .args(&["import", "-"])
            .stdin(text.as_bytes())
            .status(3)
            .stderr(&format!("error: <stdin>: {message}\n"))
            .run();
    }
    // Deep nesting and a huge string are refused without a crash or the memory to expand them.
    let deep = format!("{{\"a\":{}", "[".repeat(100_000));
    let ran = Sdkc::new()
        .args(&["import", "-"])
        .stdin(deep.as_bytes())
        .status(3)
        .run();
    assert!(
        ran.out.stderr.contains("recursion limit exceeded"),
        "{}",
        ran.out.stderr
    );
    let huge = "N4Ig".repeat(10_000);
    Sdkc::new()
        .args(&["import", "-"])
        .stdin(huge.as_bytes())
        .status(3)
        .stderr(
            "error: <stdin>: the f-puzzles string is 40000 characters; sdkc reads at most 32768\n",
        )
        .run();
}

/// `import -` of `json`, a 4x4 with boxes, prints the model (its first lines, then `rules`) and
/// `stderr` (its notes and summary).
fn imports_4x4(json: &serde_json::Value, rules: &str, stderr: &str) {
    Sdkc::new()
        .args(&["import", "-"])
        .stdin(json.to_string().as_bytes())
        .stdout(&format!(
            "# Imported from f-puzzles by `sdkc import`.\npuzzle \"f-puzzles import\"\ngrid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n{rules}"
        ))
        .stderr(stderr)
        .run();
}

/// f-puzzles is JavaScript, where `0` is false: `"diagonal+": 0` asks for no diagonal. A
/// quadruple with no digits asks nothing, and the import says it left it out.
#[test]
fn a_zero_flag_is_off_and_an_empty_quadruple_is_named() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4), "diagonal+": 0,
        "diagonal-": 1,
        "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": []}]});
    imports_4x4(
        &json,
        "rule distinct diagonal\n",
        "note: `quadruple` #1 has no digits, so it asks nothing: left out
imported a 4x4 with 0 givens and 1 clue (distinct 1)
",
    );
}

/// A line of one cell asks nothing: left out, with one note per kind of line that counts
/// them, whatever else it says (a whispers line's gap that is no number, an entropic line on a
/// grid whose values entropic lines cannot split). A cell twice in a row is one point: a
/// thermometer of `R4C4, R4C4` is a line of one cell, not one that cannot hold. So is an arrow
/// with no shaft, whatever its bulb.
#[test]
fn a_line_of_one_cell_is_named() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "renban": [{"lines": [["R1C1"]]}, {"lines": [["R2C2"], ["R3C3", "R3C4"]]}],
        "thermometer": [{"lines": [["R4C4", "R4C4"]]}, {"lines": [["R4C1", "R4C1", "R4C2"]]}],
        "whispers": [{"lines": [["R1C4"]], "value": "x"}],
        "entropicline": [{"lines": [["R2C1"]]}],
        "arrow": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "lines": [["R1C1"]]}]});
    imports_4x4(
        &json,
        "rule thermo(r4c1 r4c2)\nrule renban(r3c3 r3c4)\n",
        "note: `thermometer`: a line of one cell asks nothing: left out
note: `arrow` #1 has no shaft, so it asks nothing: left out
note: `renban`: 2 lines of one cell ask nothing: left out
note: `entropicline`: a line of one cell asks nothing: left out
note: `whispers`: a line of one cell asks nothing: left out
imported a 4x4 with 0 givens and 2 clues (renban 1, thermo 1)
",
    );
}

/// A command that reads the f-puzzles file itself says what the import left out too, so a
/// setter who runs the puzzle directly knows a drawn clue was not read.
#[test]
fn commands_reading_a_puzzle_directly_give_its_notes() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "renban": [{"lines": [["R1C1"]]}]});
    Sdkc::new()
        .file("p.json", json.to_string().as_bytes())
        .args(&["check", "p.json"])
        .stdout("p.json: no mistakes (grid 4x4, values 1..4, 0 givens, 1 rule)\n")
        .stderr("note: p.json (imported): `renban`: a line of one cell asks nothing: left out\n")
        .run();
}

/// A clue with nothing to ask (an arrow with no shaft, an outside clue with no number) is left
/// out with a note that names it, never silently.
#[test]
fn a_clue_that_asks_nothing_is_named() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "arrow": [{"cells": ["R1C1"], "lines": []}, {"cells": ["R2C2"], "lines": [["R2C2"]]},
                  {"cells": ["R3C3"], "lines": [["R3C3", "R3C4"]]}],
        "littlekillersum": [{"cell": "R0C0", "direction": "DR", "cells": ["R1C1"]}],
        "sandwichsum": [{"cell": "R0C1"}],
        "xsum": [{"cell": "R1C0", "value": ""}],
        "killercage": [{"cells": ["R4C4"]}],
        "clone": [{"cells": ["R4C1"], "cloneCells": ["R4C1"]}],
        "thermometer": [{"lines": []}]});
    imports_4x4(
        &json,
        "rule arrow(r3c3, r3c4)\n",
        "note: `killercage` #1 has one cell and no total, so it asks nothing: left out
note: `clone` #1 clones its cells to themselves, so it asks nothing: left out
note: `thermometer` #1 has no lines, so it asks nothing: left out
note: `arrow` #1 has no shaft, so it asks nothing: left out
note: `arrow` #2 has no shaft, so it asks nothing: left out
note: `littlekillersum` #1 has no total, so it asks nothing: left out
note: `sandwichsum` #1 has no value, so it asks nothing: left out
note: `xsum` #1 has no value, so it asks nothing: left out
imported a 4x4 with 0 givens and 1 clue (arrow 1)
",
    );
}

/// `-o` never overwrites the puzzle being read.
#[test]
fn import_refuses_to_overwrite_its_input() {
    let text = std::fs::read(root().join("tests/fpuzzles/blitz.txt")).unwrap();
    let ran = Sdkc::new()
        .file("blitz.txt", &text)
        .args(&["import", "blitz.txt", "-o", "blitz.txt"])
        .status(2)
        .stderr("error: refusing to write blitz.txt: it is the puzzle this command reads; choose another -o\n")
        .run();
    assert_eq!(std::fs::read(ran.path().join("blitz.txt")).unwrap(), text);
}

/// A clue the rules cannot hold is reported against the model written, and `run` says the same.
#[test]
fn a_clue_out_of_range_is_a_model_mistake() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]});
    let ran = Sdkc::new()
        .args(&["import", "-"])
        .stdin(json.to_string().as_bytes())
        .status(3)
        .stdout("")
        .run();
    assert!(
        ran.out.stderr.contains("[<stdin> (imported):6:6]")
            && ran.out.stderr.contains("rule cage(30, r1c1 r1c2)")
            && ran
                .out
                .stderr
                .ends_with("error: 1 mistake in <stdin> (imported)\n"),
        "{}",
        ran.out.stderr
    );
}

/// Digits typed in without `given` are a solver's progress, not clues: left out with a note.
#[test]
fn typed_digits_are_not_clues() {
    let mut grid = empty_grid(4);
    grid[0][0] = serde_json::json!({"value": 1});
    grid[0][1] = serde_json::json!({"value": 2, "given": true});
    let json = serde_json::json!({"size": 4, "grid": grid});
    let ran = Sdkc::new()
        .args(&["import", "-"])
        .stdin(json.to_string().as_bytes())
        .stderr(
            "note: 1 digit typed in without `given` (a solver's progress) is not a clue: left out\n\
             imported a 4x4 with 1 given and 0 clues\n",
        )
        .run();
    assert!(
        ran.out.stdout.contains("givens {\n  . 2 | . .\n"),
        "{}",
        ran.out.stdout
    );
}

/// The model's rules from `puzzle` on, as a sorted list of lines: the constraint set, whatever
/// the order the keys gave it.
fn rules_of(model: &str) -> Vec<String> {
    let from = model.find("\npuzzle ").expect("a puzzle line") + 1;
    let mut lines: Vec<String> = model[from..].lines().map(str::to_string).collect();
    lines.sort();
    lines
}

/// Import, export and import again: the same rules, for every published puzzle.
#[test]
fn import_export_import_is_the_identity() {
    for name in corpus() {
        let file = format!("tests/fpuzzles/{name}.txt");
        let first = Sdkc::new().args(&["import", &file]).run().out.stdout;
        let link = Sdkc::new().args(&["export", &file]).run().out.stdout;
        assert!(
            link.starts_with("https://www.f-puzzles.com/?load=N4Ig"),
            "{name}: {link}"
        );
        let again = Sdkc::new()
            .args(&["import", "-"])
            .stdin(link.as_bytes())
            .run()
            .out
            .stdout;
        assert_eq!(rules_of(&again), rules_of(&first), "{name}");
    }
}

/// Regions that are the grid's rows (f-puzzles allows it) go round too: they were taken for
/// the rows and the export refused, saying the model had no regions.
#[test]
fn regions_that_are_the_rows_go_round() {
    let rows: Vec<serde_json::Value> = (0..4)
        .map(|r| serde_json::json!(vec![serde_json::json!({ "region": r }); 4]))
        .collect();
    let puzzle = serde_json::json!({ "size": 4, "grid": rows }).to_string();
    let first = Sdkc::new()
        .args(&["import", "-"])
        .stdin(puzzle.as_bytes())
        .run()
        .out
        .stdout;
    assert!(first.contains("  A A A A\n  B B B B\n"), "{first}");
    let ran = Sdkc::new()
        .model(&first)
        .args(&["export", "model.sdk"])
        .run();
    let again = Sdkc::new()
        .args(&["import", "-"])
        .stdin(ran.out.stdout.as_bytes())
        .run()
        .out
        .stdout;
    assert_eq!(rules_of(&again), rules_of(&first));
}

/// Hand-written library models export too, and the link solves to the model's own grid.
#[test]
fn library_models_export_to_links_that_solve_the_same() {
    for example in [
        "examples/killer-short.sdk",
        "examples/jigsaw.sdk",
        "examples/sixteen.sdk",
        "examples/library/arrow-sugarroad.sdk",
        "examples/library/maximum-fortress.sdk",
        "examples/library/region-sum-raw-spaghetti.sdk",
        "examples/library/x-sum-ctc.sdk",
        "examples/library/indexing-159.sdk",
    ] {
        let solve = |args: &[&str], stdin: Option<&[u8]>| {
            let mut s = Sdkc::new().args(args);
            if let Some(bytes) = stdin {
                s = s.stdin(bytes);
            }
            s.run().json()["grid"].clone()
        };
        let direct = solve(
            &["run", example, "--unique", "--json", "--solver", "builtin"],
            None,
        );
        let link = Sdkc::new().args(&["export", example]).run().out.stdout;
        let through = solve(
            &["run", "-", "--unique", "--json", "--solver", "builtin"],
            Some(link.as_bytes()),
        );
        assert_eq!(through, direct, "{example}");
    }
}

/// The three forms of `export`, byte for byte.
#[test]
fn export_writes_a_link_a_string_or_json() {
    let json = "{\"grid\":[[{\"given\":true,\"value\":1},{},{},{}],[{},{},{},{}],\
        [{},{},{},{\"given\":true,\"value\":2}],[{},{},{\"given\":true,\"value\":3},\
        {\"given\":true,\"value\":4}]],\"size\":4,\"title\":\"three ways\"}\n";
    Sdkc::new()
        .args(&["export", "examples/three.sdk", "--as", "json"])
        .stdout(json)
        .run();
    let string = lz_str::compress_to_base64(json.trim_end());
    Sdkc::new()
        .args(&["export", "examples/three.sdk", "--as", "string"])
        .stdout(&format!("{string}\n"))
        .run();
    Sdkc::new()
        .args(&["export", "examples/three.sdk", "--to", "fpuzzles"])
        .stdout(&format!("https://www.f-puzzles.com/?load={string}\n"))
        .run();
}

/// A rule f-puzzles cannot show is named, exit 3, and nothing is written.
#[test]
fn what_f_puzzles_cannot_show_is_named() {
    for (example, message) in [
        (
            "examples/kropki.sdk",
            "rule `white1` is written as algebra, which f-puzzles cannot show, so the puzzle has no f-puzzles form",
        ),
        (
            "examples/library/lunchbox-normal.sdk",
            "rule `lunchbox1` calls `lunchbox`, which f-puzzles has no constraint for, so the puzzle has no f-puzzles form",
        ),
    ] {
        let ran = Sdkc::new()
            .args(&["export", example])
            .status(3)
            .stdout("")
            .run();
        assert_eq!(ran.out.stderr, format!("error: {example}: {message}\n"));
    }
    for (rule, message) in [
        (
            "rule little_killer(r1c1 r2c2, 3)",
            "rule `little_killer1` is not a whole diagonal from edge to edge, as f-puzzles' little killers are, so the puzzle has no f-puzzles form",
        ),
        (
            "rule sandwich(r1c1-r1c3, 3)",
            "rule `sandwich1` is not on a whole row or column read from one end, as f-puzzles' outside clues are, so the puzzle has no f-puzzles form",
        ),
        // Two maxima side by side have no grid; f-puzzles' have (a review saw 0 grids
        // exported as 66).
        (
            "rule maximum(r1c1)\nrule maximum(r1c2)",
            "two `maximum` cells are side by side, each larger than the other; f-puzzles compares a marked cell with its unmarked neighbours only, so the puzzle has no f-puzzles form",
        ),
        (
            "rule minimum(r1c1)\nrule minimum(r2c1)",
            "two `minimum` cells are side by side, each smaller than the other; f-puzzles compares a marked cell with its unmarked neighbours only, so the puzzle has no f-puzzles form",
        ),
        // f-puzzles draws a dot on the edge of the pair, a quadruple's circle on the corner.
        (
            "rule white(r1c1, r1c3)",
            "rule `white1` joins two cells that are not side by side, and f-puzzles draws its mark on a shared edge, so the puzzle has no f-puzzles form",
        ),
        (
            "rule v(r1c1, r2c2)",
            "rule `v1` joins two cells that are not side by side, and f-puzzles draws its mark on a shared edge, so the puzzle has no f-puzzles form",
        ),
        (
            "rule quadruple(r1c1 r1c2 r1c3 r1c4, {1, 2})",
            "rule `quadruple1` is not on the four cells around one corner, where f-puzzles draws a quadruple, so the puzzle has no f-puzzles form",
        ),
        (
            "rule quadruple(r1c4 r2c4 r1c1 r2c1, {1})",
            "rule `quadruple1` is not on the four cells around one corner, where f-puzzles draws a quadruple, so the puzzle has no f-puzzles form",
        ),
    ] {
        Sdkc::new()
            .model(&format!(
                "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n{rule}\n"
            ))
            .args(&["export", "model.sdk"])
            .status(3)
            .stderr(&format!("error: model.sdk: {message}\n"))
            .run();
    }
    Sdkc::new()
        .model("grid 4x4\nrule distinct rows, columns\n")
        .args(&["export", "model.sdk"])
        .status(3)
        .stderr("error: model.sdk: f-puzzles puzzles have regions: this model's distinct rules have no boxes or regions that cover the 4x4 grid\n")
        .run();
    Sdkc::new()
        .model("grid 4x4\nboxes 2x2\nvalues 0..3\nrule distinct rows, columns, boxes\n")
        .args(&["export", "model.sdk"])
        .status(3)
        .stderr("error: model.sdk: f-puzzles grids hold 1..4; this one holds 0..3\n")
        .run();
    Sdkc::new()
        .model("grid 4x4\nboxes 2x2\nrule distinct rows, boxes\n")
        .args(&["export", "model.sdk"])
        .status(3)
        .stderr("error: model.sdk: f-puzzles puzzles have distinct rows and columns; this model's rules do not say so\n")
        .run();
}

/// `generate --format fpuzzles`: one link a puzzle, each importing to a puzzle with the
/// generated givens, proved unique.
#[test]
fn generate_writes_f_puzzles_links() {
    let ran = Sdkc::new()
        .args(&[
            "generate",
            "examples/six.sdk",
            "-n",
            "2",
            "--seed",
            "3",
            "--format",
            "fpuzzles",
        ])
        .run();
    let links: Vec<&str> = ran.out.stdout.lines().collect();
    assert_eq!(links.len(), 2, "{}", ran.out.stdout);
    for link in links {
        assert!(link.starts_with("https://www.f-puzzles.com/?load="));
        Sdkc::new()
            .args(&["run", "-", "--unique", "--solver", "builtin"])
            .stdin(link.as_bytes())
            .run();
    }
    Sdkc::new()
        .args(&["generate", "examples/kropki.sdk", "--format", "fpuzzles"])
        .status(3)
        .stderr("error: examples/kropki.sdk: rule `white1` is written as algebra, which f-puzzles cannot show, so the puzzle has no f-puzzles form\n")
        .run();
}

/// Replace one value somewhere in `v` (a random walk down objects and arrays) with a value of
/// another kind or a strange number.
fn mutate(v: &mut serde_json::Value, rng: &mut common::Rng) {
    use serde_json::Value;
    let strange = [
        Value::Null,
        Value::Bool(true),
        serde_json::json!(-1),
        serde_json::json!(0),
        serde_json::json!(i64::MAX),
        serde_json::json!(1e300),
        serde_json::json!("R0C0"),
        serde_json::json!("R99999999999999999999C1"),
        serde_json::json!("X"),
        serde_json::json!(""),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!(["R1C1", "R1C1", "R1C1", "R1C1", "R1C1"]),
        serde_json::json!("-5"),
        serde_json::json!("99999999999999999999"),
    ];
    let replacement = rng.pick(&strange).clone();
    descend(v, rng, replacement);
}

fn descend(v: &mut serde_json::Value, rng: &mut common::Rng, replacement: serde_json::Value) {
    use serde_json::Value;
    let go = rng.below(3) > 0;
    match v {
        Value::Object(m) if !m.is_empty() && go => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = rng.pick(&keys).clone();
            descend(m.get_mut(&k).unwrap(), rng, replacement);
        }
        Value::Array(a) if !a.is_empty() && go => {
            let i = rng.below(a.len());
            descend(&mut a[i], rng, replacement);
        }
        _ => *v = replacement,
    }
}

/// Broken puzzles (one value anywhere replaced by another kind, a huge or negative number, a
/// cell off the grid) are imported, exported and drawn or refused with a message, never a panic.
#[test]
fn broken_puzzles_never_panic() {
    let mut rng = common::Rng(0x005e_edf9);
    let mut imported = 0;
    let mut refused = 0;
    for name in corpus() {
        let text =
            std::fs::read_to_string(root().join(format!("tests/fpuzzles/{name}.txt"))).unwrap();
        let json = sdkc::fpuzzles::decode(&text).unwrap();
        for _ in 0..40 {
            let mut broken = json.clone();
            for _ in 0..=rng.below(3) {
                mutate(&mut broken, &mut rng);
            }
            let Ok(model) = sdkc::fpuzzles::to_sdk(&broken) else {
                refused += 1;
                continue;
            };
            imported += 1;
            // What was imported is a model: it loads or has mistakes, and loads back out.
            if let Ok(p) = sdkc::load("m.sdk", model.text.as_bytes(), None) {
                let _ = sdkc::fpuzzles::export(&p);
                let _ = sdkc::render::svg(&p, &sdkc::render::Options::default());
            }
        }
    }
    // Both outcomes happen, so the cases mean something.
    assert!(
        imported > 100 && refused > 100,
        "{imported} imported, {refused} refused"
    );
}

/// A model that is one word of letters could be a compressed string; when it does not
/// decompress it is read as the model it says it is, and its mistake is placed.
#[test]
fn a_one_word_model_is_still_a_model() {
    let ran = Sdkc::new()
        .model("xxxxxxxxxxxxxxxxxxxxxxxxxxxx\n")
        .args(&["check", "model.sdk"])
        .status(3)
        .run();
    assert!(
        ran.out.stderr.contains("[model.sdk:1:1]")
            && ran.out.stderr.ends_with("error: 1 mistake in model.sdk\n"),
        "{}",
        ran.out.stderr
    );
}

/// A place in a model imported on the fly is a place in the imported model, not in the JSON
/// file (one line here): messages name it `FILE (imported)`, as `sdkc import` does.
#[test]
fn places_in_an_imported_model_name_it_imported() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]});
    Sdkc::new()
        .file("th.json", json.to_string().as_bytes())
        .args(&["run", "th.json", "--solver", "builtin"])
        .status(4)
        .stderr(
            "the puzzle has no solution (builtin proved it infeasible)
these givens and rules already conflict:
  th.json (imported):6: rule `thermo1`
      | rule thermo(r1c1-r1c2-r1c1)
",
        )
        .run();
}

/// A batch of an imported model that fails as a whole names the model as `run` does, `FILE
/// (imported)`, in its JSON report (it once named the file alone).
#[test]
fn a_batch_of_an_imported_model_names_it_imported() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4)});
    let ran = Sdkc::new()
        .file("four.json", json.to_string().as_bytes())
        .args(&[
            "run",
            "four.json",
            "--givens-file",
            "missing.txt",
            "--solver",
            "builtin",
            "--json",
        ])
        .status(1)
        .run();
    let report = ran.json();
    assert_eq!(report["model"], "four.json (imported)");
    assert_eq!(report["status"], "error");
    assert!(
        ran.out
            .stderr
            .starts_with("error: cannot read missing.txt: "),
        "{}",
        ran.out.stderr
    );
}

/// A cell listed twice is one cell: in an arrow's shaft (r1c2 was added twice, so `8 1 7`
/// across the top read as no solution), a pill, a cage (a cage of r1c1 twice could not hold).
/// A cage or extra region with no cells, a line with none, an arrow with no circle and an
/// extra region of one cell ask nothing: each left out with its note, where they stopped the
/// import or were silent.
#[test]
fn a_cell_listed_twice_is_one_cell_and_empty_clues_are_named() {
    let json = serde_json::json!({"size": 4, "grid": empty_grid(4),
        "arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C2", "R1C3"]]},
                  {"cells": ["R3C1", "R3C2", "R3C1"], "lines": [["R3C2", "R4C3", "R4C3"]]},
                  {"cells": [], "lines": [["R2C3", "R2C4"]]}],
        "killercage": [{"cells": ["R2C1", "R2C1", "R2C2"], "value": "3"}, {"cells": []}],
        "extraregion": [{"cells": ["R4C4"]}, {"cells": []}],
        "thermometer": [{"lines": [[]]}]});
    imports_4x4(
        &json,
        "rule cage(3, r2c1 r2c2)\nrule arrow(r1c1, r1c2 r1c3)\nrule pill_arrow(r3c1 r3c2, r4c3)\n",
        "note: `extraregion` #1 has one cell, so it asks nothing: left out
note: `extraregion` #2 has no cells, so it asks nothing: left out
note: `killercage` #2 has no cells, so it asks nothing: left out
note: `thermometer` #1 has no cells on a line, so it asks nothing: left out
note: `arrow` #3 has no circle, so it asks nothing: left out
imported a 4x4 with 0 givens and 3 clues (arrow 1, cage 1, pill_arrow 1)
",
    );
}
