//! `sdkc run --candidates`: every cell's true candidates (the values it takes in some
//! solution), on every backend, checked against the union of every solution found by brute
//! force (small grids) and by `run -a` (a 9x9 with many solutions).

mod common;
use common::{Sdkc, brute_force};
use serde_json::Value;

/// Small models with several solutions each, and one with a single solution.
const SMALL: &[(&str, &str)] = &[
    (
        "three",
        "grid 4x4\nboxes 2x2\ngivens \"1..........2..34\"\nrule distinct rows, columns, boxes\n",
    ),
    (
        "killer4",
        "grid 4x4\nboxes 2x2\ngivens \"...........3....\"\nrule distinct rows, columns, boxes\n\
         rule cage(3, r1c1 r1c2)\nrule cage(7, r2c1 r2c2)\n",
    ),
    (
        "thermo4",
        "grid 4x4\nboxes 2x2\ngivens \"..............2.\"\nrule distinct rows, columns, boxes\n\
         rule thermo(r1c1 r1c2 r2c2)\n",
    ),
    (
        "six-open",
        "grid 6x6\nboxes 2x3\ngivens {\n . 4 . . . 5\n 5 . 6 . . 4\n . 2 . 5 . .\n \
         . . 5 . 1 .\n 3 . . 2 . .\n . . . . . .\n}\nrule distinct rows, columns, boxes\n",
    ),
    (
        "six",
        "grid 6x6\nboxes 2x3\ngivens {\n . 4 . . . 5\n 5 . 6 . . 4\n . 2 . 5 . .\n \
         . . 5 . 1 2\n 3 5 . 2 . .\n . . . . 5 .\n}\nrule distinct rows, columns, boxes\n",
    ),
];

/// Per cell (row-major), the sorted values of every grid in `grids`.
fn union(cells: usize, grids: impl IntoIterator<Item = Vec<i64>>) -> Vec<Vec<i64>> {
    let mut u = vec![std::collections::BTreeSet::new(); cells];
    for g in grids {
        for (c, v) in g.into_iter().enumerate() {
            u[c].insert(v);
        }
    }
    u.into_iter().map(|s| s.into_iter().collect()).collect()
}

/// The `candidates.cells` of a JSON report, flattened row-major.
fn cells(v: &Value) -> Vec<Vec<i64>> {
    v["candidates"]["cells"]
        .as_array()
        .unwrap_or_else(|| panic!("no candidates: {v}"))
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|set| {
            set.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect()
        })
        .collect()
}

/// `sdkc run model.sdk --candidates --json --solver SOLVER [EXTRA]` on `model`, expecting
/// exit `status`: the JSON report.
fn candidates_of(model: &str, solver: &str, extra: &[&str], status: i32) -> Value {
    let mut args = vec![
        "run",
        "model.sdk",
        "--candidates",
        "--json",
        "--solver",
        solver,
    ];
    args.extend_from_slice(extra);
    Sdkc::new()
        .model(model)
        .args(&args)
        .status(status)
        .run()
        .json()
}

fn candidates_equal_the_brute_force_union(solver: &str) {
    for (name, text) in SMALL {
        let (p, _) = sdkc::build("model.sdk", text.as_bytes(), None).unwrap();
        let all = brute_force(&p, usize::MAX);
        assert!(!all.is_empty(), "{name}");
        let expected = union(p.cell_count(), all.iter().cloned());
        let unique = all.len() == 1;
        let v = candidates_of(text, solver, &[], if unique { 0 } else { 10 });
        assert_eq!(cells(&v), expected, "{name} on {solver}");
        assert_eq!(v["status"], if unique { "unique" } else { "not_unique" });
        assert_eq!(v["candidates"]["incomplete"], serde_json::json!([]));
        // Every solution found is a different grid, so no more than there are.
        let found = v["candidates"]["solutions"].as_u64().unwrap() as usize;
        assert!(found >= 1 && found <= all.len(), "{name}: {found}");
        let open = expected.iter().filter(|s| s.len() > 1).count();
        if !unique {
            assert_eq!(
                v["message"],
                format!(
                    "{open} cell{} more than one candidate",
                    if open == 1 { " has" } else { "s have" }
                ),
                "{name}"
            );
        }
    }
}

#[test]
fn builtin_candidates_are_the_union_of_every_solution() {
    candidates_equal_the_brute_force_union("builtin");
}

#[test]
fn cbc_candidates_are_the_union_of_every_solution() {
    candidates_equal_the_brute_force_union("cbc");
}

#[test]
fn highs_candidates_are_the_union_of_every_solution() {
    candidates_equal_the_brute_force_union("highs");
}

#[test]
fn glpk_candidates_are_the_union_of_every_solution() {
    candidates_equal_the_brute_force_union("glpk");
}

/// The classic example with its first two rows' givens removed: many solutions, whose union
/// `run -a` gives, against the candidates found with far fewer questions.
#[test]
fn candidates_of_a_9x9_equal_the_union_of_run_all() {
    let open = classic_opened();
    // `-a --json` streams one line `{"solution":K,"grid":[[...]]}` per grid, then the report.
    let all = Sdkc::new()
        .model(&open)
        .args(&["run", "model.sdk", "-a", "--json", "--solver", "builtin"])
        .status(10)
        .run();
    let grids: Vec<Vec<i64>> = all
        .json_lines()
        .into_iter()
        .filter(|v| v.get("solution").is_some())
        .map(|v| common::flat_grid(&v["grid"]))
        .collect();
    assert!(grids.len() > 10, "{} solutions", grids.len());
    let expected = union(81, grids.iter().cloned());
    for solver in ["builtin", "highs"] {
        let v = candidates_of(&open, solver, &[], 10);
        assert_eq!(cells(&v), expected, "{solver}");
        let solutions = v["candidates"]["solutions"].as_u64().unwrap() as usize;
        assert!(solutions < grids.len(), "{solver}: {solutions} solutions");
    }
}

/// The text form: small digit sets in the grid's layout, exit 10, and a summary on stderr.
#[test]
fn candidates_print_as_a_grid_of_digit_sets() {
    let ran = Sdkc::new()
        .args(&[
            "run",
            "examples/three.sdk",
            "--candidates",
            "--solver",
            "builtin",
        ])
        .status(10)
        .stdout(
            "1   24  | 24  3\n\
             34  234 | 24  1\n\
             --------+--------\n\
             34  34  | 1   2\n\
             2   1   | 3   4\n",
        )
        .run();
    let err = &ran.out.stderr;
    assert!(
        err.starts_with(
            "not unique: 7 cells have more than one candidate (3 solutions and 1 question with builtin in "
        ) && err.ends_with(" s; every grid checked)\n"),
        "{err}"
    );
}

/// A unique puzzle: one candidate per cell (the published grid), from one question (the search
/// for two solutions finds one), exit 0.
#[test]
fn a_unique_puzzle_has_one_candidate_per_cell() {
    let v = Sdkc::new()
        .args(&[
            "run",
            "examples/classic.sdk",
            "--candidates",
            "--json",
            "--solver",
            "builtin",
        ])
        .run()
        .json();
    assert_eq!(v["status"], "unique");
    let expected: Vec<Vec<i64>> = common::expected_grid("classic")
        .into_iter()
        .flatten()
        .map(|x| vec![x])
        .collect();
    assert_eq!(cells(&v), expected);
    assert_eq!(v["candidates"]["questions"], 1);
    assert_eq!(v["candidates"]["solutions"], 1);
}

/// The classic example with the givens of its first two rows removed: 2,484 solutions.
fn classic_opened() -> String {
    let text = std::fs::read_to_string(common::root().join("examples/classic.sdk")).unwrap();
    let open = text
        .replace("5 3 . | . 7 . | . . .", ". . . | . . . | . . .")
        .replace("6 . . | 1 9 5 | . . .", ". . . | . . . | . . .");
    assert_ne!(open, text, "the classic example's first rows changed");
    open
}

/// A cell that already holds every value in the grids found is not asked about: on the empty
/// 4x4 each of the 16 cells would cost at least one question ("another value here?", answered
/// no) after the first; most are full before their turn. Every cell's candidates are 1..4.
#[test]
fn a_cell_with_every_value_is_not_asked() {
    let empty = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n";
    for solver in ["builtin", "highs"] {
        let v = candidates_of(empty, solver, &[], 10);
        let asked = v["candidates"]["questions"].as_u64().unwrap();
        assert!(asked < 17, "{solver}: {asked} questions");
        assert!(
            cells(&v).iter().all(|c| c == &[1, 2, 3, 4]),
            "{solver}: {v}"
        );
        assert_eq!(
            v["candidates"]["incomplete"],
            serde_json::json!([]),
            "{solver}"
        );
    }
}

/// A time limit that stops the questions part way: the cells not proved are listed (and
/// marked `?` in text), and what was found is right as far as it goes: every cell's values
/// are among its true candidates, all of them where the cell is proved.
#[test]
fn a_time_limit_marks_the_cells_not_proved() {
    let open = classic_opened();
    let truth = cells(&candidates_of(&open, "builtin", &[], 10));
    // HiGHS spends well over a second on the 77 questions of this puzzle (a solver process
    // each, 1.5 s in a release build), and finds its first two grids in a tenth of that.
    let v = candidates_of(&open, "highs", &["--time-limit", "0.3"], 10);
    assert_eq!(v["status"], "not_unique");
    let incomplete: Vec<String> = v["candidates"]["incomplete"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    assert!(!incomplete.is_empty(), "{v}");
    // The questions go in reading order: the last row's open cells are not reached. Its
    // givens are proved all the same (each holds its value in every solution).
    assert!(incomplete.contains(&"r9c7".to_string()), "{v}");
    assert!(!incomplete.contains(&"r9c9".to_string()), "{v}");
    let message = v["message"].as_str().unwrap();
    assert!(
        message.ends_with(&format!(
            "; highs reached the time limit with {} cells not proved complete (marked ?)",
            incomplete.len()
        )),
        "{message}"
    );
    for (c, (got, all)) in cells(&v).iter().zip(&truth).enumerate() {
        let name = format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        assert!(
            got.iter().all(|x| all.contains(x)),
            "{name}: {got:?} not in {all:?}"
        );
        if !incomplete.contains(&name) {
            assert_eq!(got, all, "{name} is proved complete");
        }
    }
}

/// No solution: no candidates, the infeasible exit code and its explanation as without
/// `--candidates`.
#[test]
fn an_infeasible_puzzle_has_no_candidates() {
    let v = Sdkc::new()
        .args(&[
            "run",
            "examples/noway.sdk",
            "--candidates",
            "--json",
            "--solver",
            "builtin",
        ])
        .status(4)
        .run()
        .json();
    assert_eq!(v["status"], "infeasible");
    assert_eq!(v["candidates"], Value::Null);
    assert_eq!(v["explanation"]["minimal"], true);
}

/// `--candidates` answers its own question: it does not combine with counting.
#[test]
fn candidates_do_not_combine_with_count() {
    let ran = Sdkc::new()
        .args(&["run", "examples/three.sdk", "--candidates", "--count", "3"])
        .status(2)
        .run();
    assert!(
        ran.out
            .stderr
            .contains("the argument '--candidates' cannot be used with '--count <N>'"),
        "{}",
        ran.out.stderr
    );
}
