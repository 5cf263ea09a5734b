//! Every example, solved by the real CBC and HiGHS binaries from every file format sdkc writes,
//! gives its published grid, and the grid passes the checker (`run` exits 0 only then).

mod common;
use common::{expected_grid, printed_grid, sdkc};

fn solves(example: &str, solver: &str, format: &str) {
    // Test names cannot hold `-`; example files use it.
    let example = &example.replace('_', "-");
    let path = format!("examples/{example}.sdk");
    let out = sdkc(&["run", &path, "--solver", solver, "--format", format]);
    assert_eq!(
        out.code, 0,
        "{example} with {solver} ({format}) failed:\n{}",
        out.stderr
    );
    assert_eq!(
        printed_grid(&out.stdout),
        expected_grid(example),
        "{example} with {solver} ({format})"
    );
    assert!(
        out.stderr.contains(&format!("solved with {solver}")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("every rule checked"), "{}", out.stderr);
}

/// One test per example and solver, over the formats whose names that example fits.
macro_rules! example_tests {
    ($($name:ident: [$($format:literal),*];)*) => {
        mod cbc {
            $(#[test] fn $name() { for f in [$($format),*] { super::solves(stringify!($name), "cbc", f); } })*
        }
        mod highs {
            $(#[test] fn $name() { for f in [$($format),*] { super::solves(stringify!($name), "highs", f); } })*
        }
    };
}

/// GLPK on every example, each format it can read: since it races its MiniSat against its
/// branch and cut (src/solve/glpk.rs) miracle and kropki too, which branch and cut alone took
/// 6 s a format and more than a minute on.
mod glpk {
    #[test]
    fn examples() {
        for (example, formats) in [
            ("classic", &["lp", "mps", "fixed-mps"][..]),
            ("six", &["lp", "mps", "fixed-mps"]),
            ("jigsaw", &["lp", "mps", "fixed-mps"]),
            ("xsudoku", &["lp", "mps", "fixed-mps"]),
            ("sixteen", &["lp", "mps"]),
            ("seed000_maxdiff", &["lp", "mps"]),
            ("seed002_mindiff_cyclic", &["lp", "mps"]),
            ("seed001_integer", &["lp", "mps"]),
            ("killer", &["lp", "mps"]),
            ("thermo", &["lp", "mps"]),
            ("seed001_fancy", &["lp", "mps"]),
            ("miracle", &["lp", "mps"]),
            ("kropki", &["lp", "mps"]),
        ] {
            for f in formats {
                super::solves(example, "glpk", f);
            }
        }
    }
}

// Fixed MPS holds names of at most 8 characters: `x_r1c1_9` fits, `x_r10c1_16` does not.
example_tests! {
    classic: ["lp", "mps", "fixed-mps"];
    six: ["lp", "mps", "fixed-mps"];
    jigsaw: ["lp", "mps", "fixed-mps"];
    xsudoku: ["lp", "mps", "fixed-mps"];
    sixteen: ["lp", "mps"];
    seed000_maxdiff: ["lp", "mps"];
    seed002_mindiff_cyclic: ["lp", "mps"];
    seed001_integer: ["lp", "mps"];
    killer: ["lp", "mps"];
    thermo: ["lp", "mps"];
    miracle: ["lp", "mps"];
    kropki: ["lp"];
    seed001_fancy: ["lp", "mps"];
}

#[test]
fn json_output_carries_status_solver_grid_and_seconds() {
    for solver in ["cbc", "highs", "glpk"] {
        let out = sdkc(&["run", "examples/classic.sdk", "--solver", solver, "--json"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let v: serde_json::Value =
            serde_json::from_str(out.stdout.trim()).expect("one JSON object");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["solver"], solver);
        assert_eq!(v["model"], "examples/classic.sdk");
        let grid: Vec<Vec<i64>> = serde_json::from_value(v["grid"].clone()).unwrap();
        assert_eq!(grid, expected_grid("classic"));
        assert!(v["seconds"].as_f64().unwrap() > 0.0);
        assert_eq!(out.stdout.lines().count(), 1);
    }
}

/// `--givens` swaps the puzzle, so one rules file serves a list of puzzles. This one is the
/// classic puzzle transposed: its solution is the published solution transposed.
#[test]
fn givens_option_replaces_the_models_givens() {
    let classic = expected_grid("classic");
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let transposed: String = (0..81)
        .map(|i| puzzle.as_bytes()[(i % 9) * 9 + i / 9] as char)
        .collect();
    for solver in ["cbc", "highs"] {
        let out = sdkc(&[
            "run",
            "examples/classic.sdk",
            "--solver",
            solver,
            "--givens",
            &transposed,
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let grid = printed_grid(&out.stdout);
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(grid[r][c], classic[c][r]);
            }
        }
    }
}

/// `auto` is GLPK when it is installed (src/solve/mod.rs `AUTO_ORDER`; the next ones are
/// in tests/solvers.rs).
#[test]
fn auto_picks_glpk_when_installed() {
    let out = sdkc(&["run", "examples/classic.sdk"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("solved with glpk"), "{}", out.stderr);
}

/// Givens that fill the grid leave no free cell: the model still goes through each solver
/// (a placeholder column and row keep every reader happy) and comes back as the same grid.
#[test]
fn givens_that_fill_the_grid() {
    let full: String = expected_grid("classic")
        .iter()
        .flatten()
        .map(|v| v.to_string())
        .collect();
    for solver in ["cbc", "highs"] {
        for format in ["lp", "mps", "fixed-mps"] {
            let out = sdkc(&[
                "run",
                "examples/classic.sdk",
                "--solver",
                solver,
                "--format",
                format,
                "--givens",
                &full,
            ]);
            assert_eq!(out.code, 0, "{solver} {format}: {}", out.stderr);
            assert_eq!(printed_grid(&out.stdout), expected_grid("classic"));
        }
    }
}

/// Short names in free MPS: CBC must not mistake the file for fixed MPS.
#[test]
fn tiny_latin_square_in_free_mps() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.sdk"),
        "grid 2x2\ngivens \"1...\"\nrule distinct rows, columns\n",
    )
    .unwrap();
    for solver in ["cbc", "highs"] {
        let out = common::sdkc_in(
            dir.path(),
            &["run", "m.sdk", "--solver", solver, "--format", "mps"],
        );
        assert_eq!(out.code, 0, "{solver}: {}", out.stderr);
        assert_eq!(out.stdout, "1 2\n2 1\n");
    }
}

/// The rows sdkc adds for its next question fit fixed MPS's 8 characters (`~n10`, `~e3`,
/// `~n2u1`): `-a` went on past the tenth grid (`nogood_10` stopped it, exit 3) and
/// `--candidates` started at all (`exclude_r1c2_1`), on every MIP backend, one-hot cells and
/// integer cells alike (a review found both).
#[test]
fn fixed_mps_asks_every_question() {
    let two_by_two = "grid 2x2\nvalues 1..2\n";
    let integer = "grid 2x2\nvalues 1..2\nencoding integer\nrule a: v[r1c1] + v[r1c2] >= 3\n";
    for solver in ["cbc", "highs", "glpk"] {
        for (model, count) in [(two_by_two, 16), (integer, 12)] {
            let ran = common::Sdkc::new()
                .model(model)
                .args(&[
                    "run",
                    "model.sdk",
                    "-a",
                    "--format",
                    "fixed-mps",
                    "--solver",
                    solver,
                ])
                .status(10)
                .run();
            assert!(
                ran.out.stderr.ends_with(&format!(
                    "not unique: {solver} found exactly {count} solutions\n"
                )),
                "{solver}: {}",
                ran.out.stderr
            );
        }
        let ran = common::Sdkc::new()
            .args(&[
                "run",
                "examples/three.sdk",
                "--candidates",
                "--format",
                "fixed-mps",
                "--solver",
                solver,
            ])
            .status(10)
            .run();
        assert!(
            ran.out
                .stderr
                .starts_with("not unique: 7 cells have more than one candidate (3 solutions"),
            "{solver}: {}",
            ran.out.stderr
        );
    }
}

/// Region letters past ASCII are written as their codes (`ue9_1` for `é`): glpsol refused
/// the LP with `é_1` (a review found it).
#[test]
fn region_letters_past_ascii_reach_every_solver() {
    let model = "grid 4x4\nregions {\n ééüü\n ééüü\n ßßøø\n ßßøø\n}\n\
                 givens \"12....1..3.....4\"\nrule distinct rows, columns, regions\n";
    for solver in ["cbc", "highs", "glpk"] {
        for format in ["lp", "mps"] {
            common::Sdkc::new()
                .model(model)
                .args(&[
                    "run",
                    "model.sdk",
                    "--unique",
                    "--solver",
                    solver,
                    "--format",
                    format,
                ])
                .status(0)
                .stdout("1 2 4 3\n3 4 1 2\n4 3 2 1\n2 1 3 4\n")
                .run();
        }
    }
    let lp = common::Sdkc::new()
        .model(model)
        .args(&["compile", "model.sdk", "-o", "-"])
        .status(0)
        .run();
    assert!(
        lp.out
            .stdout
            .contains("\n ue9_4: x_r2c1_4 + x_r2c2_4 = 1\n"),
        "{}",
        lp.out.stdout
    );
    assert!(!lp.out.stdout.contains('é'), "{}", lp.out.stdout);
}

/// Names that an LP reader takes for the start of a number (`inf`, `infinity`, `nan`, in any
/// case, as a rule's or an area's name) are written with `_` (rows) or `~` (columns) in front:
/// HiGHS refused the whole file of a rule named `info` (rows `info_1`, columns `info_z1`), and
/// `sdkc run` failed with exit 7 on a model `check` accepted. And a tab in the puzzle's name
/// (its comment line) no longer makes glpsol refuse a fixed MPS file. (A review found both.)
#[test]
fn names_that_read_as_numbers_and_tabs_in_the_title_reach_every_solver() {
    let model = "puzzle \"a\tb\"\ngrid 4x4\nboxes 2x2\narea inf = r1c1 r2c2 r3c3 r4c4\n\
                 rule distinct rows, columns, boxes, inf\n\
                 rule info: v[r1c1] == 1 or v[r1c2] == 2 or v[r1c3] * v[r2c1] == 3\n\
                 rule NaN: v[r4c4] + v[r4c3] >= 4\n";
    for solver in ["cbc", "highs", "glpk"] {
        for format in ["lp", "mps", "fixed-mps"] {
            common::Sdkc::new()
                .model(model)
                .args(&["run", "model.sdk", "--solver", solver, "--format", format])
                .status(0)
                .run();
        }
    }
    let lp = common::Sdkc::new()
        .model(model)
        .args(&["compile", "model.sdk", "-o", "-"])
        .status(0)
        .run();
    let text = &lp.out.stdout;
    assert!(text.starts_with("\\ Model: a b\n"), "{text}");
    for name in ["_inf_1:", "_info_1:", "~info_z1", "_NaN_1:"] {
        assert!(text.contains(name), "{name}: {text}");
    }
    assert!(!text.contains(" info"), "{text}");
    // A rule named `_info` beside `info`: the columns of `info` are `~info_z1`, so the two
    // rules share none (with `_` in front they shared `_info_z1`, and HiGHS and CBC said the
    // puzzle had no solution; a review found it). Every backend counts the same 96 grids.
    let both = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n\
                rule info: v[r1c1] * v[r1c2] == 2 or v[r2c1] * v[r2c2] == 2\n\
                rule _info: v[r1c1] * v[r1c2] == 12 or v[r2c1] * v[r2c2] == 12\n";
    for solver in ["builtin", "cbc", "highs", "glpk"] {
        let ran = common::Sdkc::new()
            .model(both)
            .args(&["run", "model.sdk", "--solver", solver, "--count", "200"])
            .status(10)
            .run();
        assert!(
            ran.out
                .stderr
                .starts_with(&format!("not unique: {solver} found exactly 96 solutions")),
            "{solver}: {}",
            ran.out.stderr
        );
    }
}

// ---- the seed models (issue 3) -------------------------------------------------------------

/// Each formulation of seed 002 (Approach II's forbidden pairs, Approach I's big-M, and the
/// default conflict table) gives the published grid on both solvers.
#[test]
fn seed002_every_formulation_gives_the_published_grid() {
    for formulation in ["table", "pairs", "bigm"] {
        for solver in ["cbc", "highs"] {
            let out = sdkc(&[
                "run",
                "examples/seed002-mindiff-cyclic.sdk",
                "--solver",
                solver,
                "--formulation",
                formulation,
            ]);
            assert_eq!(out.code, 0, "{formulation} {solver}: {}", out.stderr);
            assert_eq!(
                printed_grid(&out.stdout),
                expected_grid("seed002-mindiff-cyclic"),
                "{formulation} {solver}"
            );
        }
    }
}

#[test]
fn seed000_with_big_m_too() {
    for solver in ["cbc", "highs"] {
        let out = sdkc(&[
            "run",
            "examples/seed000-maxdiff.sdk",
            "--solver",
            solver,
            "--formulation",
            "bigm",
        ]);
        assert_eq!(out.code, 0, "{solver}: {}", out.stderr);
        assert_eq!(printed_grid(&out.stdout), expected_grid("seed000-maxdiff"));
    }
}

/// The fancy board of seed 001 Part 65 (solved from scratch above): the checker accepts its
/// published grid and rejects it with two cells swapped, and both solvers accept the grid as
/// givens, so the encoding admits it and the checker is not vacuous on these rules.
#[test]
fn seed001_fancy_admits_the_published_grid() {
    let grid: String = expected_grid("seed001-fancy")
        .iter()
        .flatten()
        .map(|v| v.to_string())
        .collect();
    let puzzle = sdkc::load(
        "fancy.sdk",
        &std::fs::read(common::root().join("examples/seed001-fancy.sdk")).unwrap(),
        None,
    )
    .unwrap();
    let cells: Vec<i64> = grid.bytes().map(|b| i64::from(b - b'0')).collect();
    assert!(sdkc::check::check(&puzzle, &cells).is_empty());
    // One changed pair of cells (a swap inside row 1) breaks the marks' rules.
    let mut swapped = cells.clone();
    swapped.swap(0, 1);
    assert!(!sdkc::check::check(&puzzle, &swapped).is_empty());
    for solver in ["cbc", "highs"] {
        let out = sdkc(&[
            "run",
            "examples/seed001-fancy.sdk",
            "--solver",
            solver,
            "--givens",
            &grid,
        ]);
        assert_eq!(out.code, 0, "{solver}: {}", out.stderr);
    }
}

/// The library takes a caller's mistakes as errors, not panics (a review found each):
/// givens, an excluded cell or a forbidden grid that do not fit the rules are
/// `BadQuestion` (exit 2) on every backend; a time limit below zero, not a number or too
/// large for the clock is taken as passed or as none; a byte-order mark is dropped; and the
/// model's mistakes are a `std::error::Error` with their exit code.
#[test]
fn the_library_refuses_questions_that_do_not_fit_without_a_panic() {
    use sdkc::solve::{Error, Question};
    let text = std::fs::read(common::root().join("examples/three.sdk")).unwrap();
    let puzzle = sdkc::load("three.sdk", &text, None).unwrap();
    let cells = puzzle.rows * puzzle.cols;
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(&text);
    assert_eq!(
        sdkc::load("three.sdk", &with_bom, None).unwrap().givens,
        puzzle.givens
    );
    let errors =
        sdkc::load("bad.sdk", b"grid 4x4\nrule distinct rows, colums\n", None).unwrap_err();
    let as_error: &dyn std::error::Error = &errors;
    assert!(as_error.to_string().starts_with("bad.sdk:2:"), "{as_error}");
    assert_eq!(errors.exit_code(), 3);
    let settings = sdkc::Settings::default();
    for name in ["builtin", "highs", "cbc", "glpk"] {
        let backend = sdkc::solve::backend(name, &settings).unwrap();
        let prepared = backend.prepare(&puzzle).unwrap();
        let bad_questions = [
            (
                vec![None; cells - 1],
                Question::one(),
                "15 givens for a grid of 16 cells",
            ),
            (
                vec![Some(puzzle.hi + 1); cells],
                Question::one(),
                "a given 5 outside the values 1..4",
            ),
            (
                vec![None; cells],
                Question {
                    exclude: vec![(cells, 1)],
                    ..Question::one()
                },
                "an excluded value at cell 16 of a grid of 16 cells",
            ),
            (
                vec![None; cells],
                Question {
                    forbid: vec![vec![1; cells + 1]],
                    ..Question::one()
                },
                "a forbidden grid of 17 values for a grid of 16 cells",
            ),
        ];
        for (givens, q, message) in bad_questions {
            match prepared.find(&givens, &q, &mut |_| true) {
                Err(e @ Error::BadQuestion { .. }) => {
                    assert_eq!(e.exit_code(), 2, "{name}");
                    assert_eq!(
                        e.to_string(),
                        format!("the question does not fit the rules: {message}"),
                        "{name}"
                    );
                }
                other => panic!("{name}: {other:?}"),
            }
        }
        let backend: &dyn sdkc::Backend = backend.as_ref();
        for limit in [-1.0, f64::NAN, 1e30] {
            sdkc::explain::explain(&puzzle, backend, Some(limit)).unwrap();
        }
    }
}
