//! `sdkc run` when the puzzle or the solver goes wrong: each case its own exit code, status
//! and message, never a panic.

mod common;
use common::{Ran, Sdkc, expected_grid, printed_grid, root};

const CLASSIC: &str = "examples/classic.sdk";

#[test]
fn infeasible_puzzle_exits_4_and_says_which_givens_conflict() {
    // Row 1 holds 1..8, and the 9 it needs is already in column 9 and box 3: no solution,
    // though no two givens share a value in a row, column or box. The smallest reason: with
    // 1..6 in row 1 and a 9 in box 3, row 1's three cells in box 3 have only 7 and 8 left.
    let puzzle = "12345678.".to_string() + &".".repeat(8) + "9" + &".".repeat(63);
    let text =
        format!("grid 9x9\nboxes 3x3\ngivens \"{puzzle}\"\nrule distinct rows, columns, boxes\n");
    // The explanation is the same whichever solver answers the deletion filter's questions.
    let explanation = "these givens and rules already conflict:
  model.sdk:3: givens r1c1 = 1, r1c2 = 2, r1c3 = 3, r1c4 = 4, r1c5 = 5, r1c6 = 6, r2c9 = 9
      | givens \"12345678.........9...............................................................\"
  model.sdk:4: rule `rows, columns, boxes`: row 1, box 3
      | rule distinct rows, columns, boxes
";
    for (solver, format) in [
        ("builtin", "lp"),
        ("cbc", "lp"),
        ("cbc", "mps"),
        ("highs", "lp"),
        ("highs", "mps"),
        ("glpk", "lp"),
        ("glpk", "mps"),
    ] {
        let ran = Sdkc::new()
            .model(&text)
            .args(&[
                "run",
                "--solver",
                solver,
                "--format",
                format,
                "--json",
                "model.sdk",
            ])
            .status(4)
            .stderr(&format!(
                "the puzzle has no solution ({solver} proved it infeasible)\n{explanation}"
            ))
            .run();
        let v = ran.json();
        assert_eq!(v["status"], "infeasible");
        assert_eq!(v["grid"], serde_json::Value::Null);
        assert_eq!(v["explanation"]["minimal"], true);
        let parts = &v["explanation"]["parts"];
        assert_eq!(parts.as_array().unwrap().len(), 9);
        assert_eq!(
            parts[0],
            serde_json::json!({"kind": "given", "cell": "r1c1", "value": 1, "file": "model.sdk", "line": 3, "column": 9})
        );
        assert_eq!(
            parts[7],
            serde_json::json!({"kind": "rule", "rule": "rows, columns, boxes", "area": "row 1", "file": "model.sdk", "line": 4, "column": 1})
        );
    }
    // --no-explain: only the verdict.
    Sdkc::new()
        .model(&text)
        .args(&["run", "--solver", "builtin", "--no-explain", "model.sdk"])
        .status(4)
        .stderr("the puzzle has no solution (builtin proved it infeasible)\n")
        .run();
}

/// An explanation that keeps a rule reading the model's other clues (kropki_negative reads
/// its dots) is not called minimal, and says why: that rule was grounded with every dot, so
/// the white dot kept here is not needed once the rule is read without it (a review found
/// `minimal: true` on this one).
#[test]
fn an_explanation_through_a_negative_constraint_is_not_called_minimal() {
    let ran = Sdkc::new()
        .model("grid 1x3\nvalues 1..4\ngivens \"4.2\"\nrule white(r1c1, r1c2)\nrule kropki_negative()\n")
        .args(&["run", "--solver", "builtin", "--json", "model.sdk"])
        .status(4)
        .run();
    assert!(
        ran.out.stderr.ends_with(
            "(a rule here reads the model's other clues, as kropki_negative reads its dots: without a clue left out it would say more, so the set may not be minimal)\n"
        ),
        "{}",
        ran.out.stderr
    );
    assert_eq!(ran.json()["explanation"]["minimal"], false);
    // Without the dot, the puzzle still has no solution.
    Sdkc::new()
        .model("grid 1x3\nvalues 1..4\ngivens \"4.2\"\nrule kropki_negative()\n")
        .args(&["run", "--solver", "builtin", "--no-explain", "model.sdk"])
        .status(4)
        .run();
}

/// A cage in an explanation says whether its sum is part of the conflict, not only that its
/// cells differ (the text named "the cells of cage2" alone, which conflict with nothing).
#[test]
fn an_explanation_names_a_cages_sum_when_it_needs_it() {
    let model = "grid 4x4\nboxes 2x2\ngivens \"2...............\"\nrule distinct rows, columns, boxes\nrule cage(4, r3c3 r3c4)\nrule cage(4, r1c1 r2c2)\n";
    Sdkc::new()
        .model(model)
        .args(&["run", "--solver", "builtin", "model.sdk"])
        .status(4)
        .stderr(
            "the puzzle has no solution (builtin proved it infeasible)
these givens and rules already conflict:
  model.sdk:3: given r1c1 = 2
      | givens \"2...............\"
  model.sdk:6: rule `cage2`: the cells of cage2, and the rest of the rule
      | rule cage(4, r1c1 r2c2)
",
        )
        .run();
}

#[test]
fn time_limit_exits_5() {
    // A 36x36 grid with no givens: HiGHS stops at its limit before it has a grid; CBC does
    // not look at the clock in its root LP, so sdkc's watchdog stops it. (At 0.01 s the limit
    // passes while the model is lowered, and no solver is run at all.)
    let text = "grid 36x36\nboxes 6x6\nrule distinct rows, columns, boxes\n";
    for (solver, limit, said) in [
        (
            "highs",
            "0.3",
            "highs reached the time limit before finding a solution",
        ),
        (
            "cbc",
            "0.3",
            "cbc reached the time limit without a solution and was stopped by sdkc after",
        ),
        (
            "highs",
            "0.01",
            "highs reached the time limit before finding a solution",
        ),
    ] {
        let ran = Sdkc::new()
            .model(text)
            .args(&[
                "run",
                "--solver",
                solver,
                "--time-limit",
                limit,
                "--json",
                "model.sdk",
            ])
            .status(5)
            .run();
        assert_eq!(ran.json()["status"], "time_limit");
        assert!(ran.out.stderr.starts_with(said), "{}", ran.out.stderr);
    }
}

/// The builtin solver reads the clock inside a node too: a model whose every node prunes
/// thousands of many-cell conditions (found by the fuzzer: 12 s past a 0.02 s limit) stops
/// at its time limit. The fuzz smoke pass runs the same file under a 10 s watchdog.
#[test]
fn the_builtin_time_limit_holds_inside_a_node() {
    Sdkc::new()
        .args(&[
            "run",
            "tests/fuzz/regressions/model-builtin-deadline-count.sdk",
            "--solver",
            "builtin",
            "--time-limit",
            "0.02",
        ])
        .status(5)
        .stderr("builtin reached the time limit before finding a solution\n")
        .run();
}

/// A MIP solver out of time says so, and points to the builtin search: HiGHS does not find
/// the zipper puzzle's grid in a second (it takes a minute), the builtin search proves it
/// unique in a twentieth of one.
#[test]
fn a_mip_solver_out_of_time_points_to_the_builtin_search() {
    let zipper = "examples/library/zipper-zip-zips.sdk";
    Sdkc::new()
        .args(&["run", zipper, "--solver", "highs", "--time-limit", "1"])
        .status(5)
        .stderr(
            "highs reached the time limit before finding a solution\n\
             hint: sdkc's own search (`--solver builtin`) may answer sooner\n",
        )
        .run();
    let proved = Sdkc::new()
        .args(&["run", zipper, "--solver", "builtin", "--unique"])
        .status(0)
        .run();
    assert!(
        proved
            .out
            .stderr
            .starts_with("unique: builtin proved there is no other solution"),
        "{}",
        proved.out.stderr
    );
}

/// CBC 2.10 stopped by its time limit in the middle of its preprocessing sometimes writes
/// "infeasible" (on this zipper with `-sec 0.2`, one run in six; a review saw `-a` count 22 of
/// a model's 288 grids as all of them): sdkc takes a "no grid" that came at the limit for the
/// limit, and starts no solver with less than 0.1 s left (CBC given a few milliseconds may
/// also crash). Twelve short runs, none of which may say there is no solution. Since the
/// zipper's areas per total (src/lower/family.rs, 4,088 rows) CBC's preprocessing outlasts
/// these limits and sdkc stops it ("... and was stopped by sdkc after 2.2 s"): either way the
/// answer is the time limit.
#[test]
fn cbc_cut_short_never_says_there_is_no_grid() {
    let zipper = "examples/library/zipper-zip-zips.sdk";
    for limit in [
        "0.05", "0.15", "0.2", "0.2", "0.2", "0.2", "0.25", "0.25", "0.3", "0.3", "0.35", "0.4",
    ] {
        let out = common::sdkc(&["run", zipper, "--solver", "cbc", "--time-limit", limit]);
        assert_eq!(out.code, 5, "{limit}: {}", out.stderr);
        let said = out.stderr.lines().next().unwrap_or_default();
        assert!(
            said == "cbc reached the time limit before finding a solution"
                || (said.starts_with(
                    "cbc reached the time limit without a solution and was stopped by sdkc after "
                ) && said.ends_with(" s")),
            "{limit}: {}",
            out.stderr
        );
        assert!(
            out.stderr
                .ends_with("hint: sdkc's own search (`--solver builtin`) may answer sooner\n"),
            "{limit}: {}",
            out.stderr
        );
    }
}

/// HiGHS's presolve says Blitz has no solution (it has one); sdkc checks such an answer
/// with a run without presolve, and when the time limit leaves that run too little time the
/// answer is the time limit: with `--time-limit 0.15` the check got 0.05 s and "no
/// solution" stood (a review found it). Solved or out of time, never "no solution".
#[test]
fn highs_presolve_infeasible_unchecked_is_the_time_limit() {
    for limit in ["0.12", "0.15", "0.15", "0.18", "0.2", "0.3"] {
        let out = common::sdkc(&[
            "run",
            "tests/fpuzzles/blitz.txt",
            "--solver",
            "highs",
            "--time-limit",
            limit,
        ]);
        assert!(
            out.code == 0 || out.code == 5,
            "{limit}: exit {}: {}",
            out.code,
            out.stderr
        );
    }
}

#[test]
fn missing_solver_exits_6_and_says_how_to_install() {
    Sdkc::new()
        .env("PATH", "/nonexistent")
        .args(&["run", CLASSIC, "--solver", "cbc"])
        .status(6)
        .stderr("error: solver `cbc` not found on PATH: install it with `apt-get install coinor-cbc` (Debian/Ubuntu), or set SDKC_CBC to the binary\n")
        .run();
    Sdkc::new()
        .env("SDKC_CBC", "/nonexistent/cbc")
        .args(&["run", CLASSIC, "--solver", "cbc"])
        .status(6)
        .stderr("error: solver `cbc` not found: SDKC_CBC names /nonexistent/cbc, which is not an executable file\n")
        .run();
    let ran = Sdkc::new()
        .env("SDKC_HIGHS", "/nonexistent/highs")
        .args(&["run", CLASSIC, "--solver", "highs", "--json"])
        .status(6)
        .run();
    let v = ran.json();
    assert_eq!(v["status"], "error");
    assert_eq!(v["solver"], "highs");
}

#[test]
fn with_no_solver_installed_auto_uses_the_builtin_one() {
    let ran = Sdkc::new()
        .env("PATH", "/nonexistent")
        .args(&["run", CLASSIC])
        .run();
    assert_eq!(printed_grid(&ran.out.stdout), expected_grid("classic"));
    assert!(
        ran.out.stderr.starts_with("solved with builtin in "),
        "{}",
        ran.out.stderr
    );
}

/// A stand-in for a broken solver: a script that does what a crashed or confused solver does.
/// (The real binaries cannot be made to crash or write garbage on purpose.)
fn fake_solver(dir: &std::path::Path, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-solver");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// Run the classic puzzle with `solver` replaced by a fake one running `body`; `expect` adds
/// what the run must give (its status, its output).
fn run_faking(solver: &str, body: &str, expect: impl FnOnce(Sdkc) -> Sdkc) -> Ran {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_solver(dir.path(), body);
    let var = format!("SDKC_{}", solver.to_uppercase());
    expect(
        Sdkc::new()
            .env(&var, &fake)
            .args(&["run", CLASSIC, "--solver", solver]),
    )
    .run()
}

#[test]
fn crashing_solver_exits_7_with_its_log() {
    run_faking(
        "cbc",
        "echo 'Segmentation fault (core dumped)' >&2; exit 139",
        |s| {
            s.status(7).stderr(
                "error: solver `cbc` failed: it exited with status 139; its log ends with: Segmentation fault (core dumped)\n",
            )
        },
    );
}

#[test]
fn a_log_that_is_not_utf8_is_shown_lossily() {
    // Latin-1 "é" (0xE9) is not UTF-8: shown as U+FFFD, the rest of the line kept.
    run_faking(
        "cbc",
        "printf 'Fehler: Lizenz abgelaufen \\351t\\351\\n' >&2; exit 3",
        |s| {
            s.status(7).stderr(
                "error: solver `cbc` failed: it exited with status 3; its log ends with: Fehler: Lizenz abgelaufen \u{FFFD}t\u{FFFD}\n",
            )
        },
    );
}

#[test]
fn killed_solver_exits_7() {
    run_faking("highs", "kill -9 $$", |s| {
        s.status(7).stderr(
            "error: solver `highs` failed: it was killed by signal 9; its log ends with: (nothing)\n",
        )
    });
}

#[test]
fn unreadable_solution_exits_8() {
    // CBC's argv ends with `-solu FILE`: write something that is not a solution there.
    run_faking(
        "cbc",
        "for a; do last=$a; done; echo 'Licence expired' > \"$last\"",
        |s| {
            s.status(8).stderr(
                "error: could not read the solution `cbc` wrote: unexpected status line `Licence expired`\n",
            )
        },
    );
}

#[test]
fn missing_solution_file_exits_8() {
    let ran = run_faking("highs", "echo 'reading model'; exit 0", |s| s.status(8));
    let stderr = &ran.out.stderr;
    assert!(
        stderr.starts_with("error: could not read the solution `highs` wrote: no solution file ("),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("the solver's log ends with: reading model\n"),
        "{stderr}"
    );
}

/// A value on a 0-1 column further than 1e-6 from 0 or 1, or outside its bounds, is the
/// solver's error, named with the column: never rounded into a grid.
#[test]
fn fractional_or_out_of_bounds_values_exit_8_naming_the_column() {
    for (value, what) in [
        (
            "0.7",
            "binary column `x_r1c3_1` has the value 0.7, which is not within 1e-6 of an integer",
        ),
        (
            "7",
            "binary column `x_r1c3_1` has the value 7, outside its bounds 0..1",
        ),
        (
            "1e308",
            "binary column `x_r1c3_1` has the value 1e308, outside its bounds 0..1",
        ),
    ] {
        run_faking(
            "cbc",
            &format!(
                "for a; do last=$a; done; printf 'Optimal - objective value 0\\n      0 x_r1c3_1  {value}  0\\n' > \"$last\""
            ),
            |s| {
                s.status(8).stderr(&format!(
                    "error: could not read the solution `cbc` wrote: {what}\n"
                ))
            },
        );
    }
}

/// The checker catches a solver (or an encoding) that returns a grid breaking a rule: here a
/// "solution" that sets every free cell to its first candidate value.
#[test]
fn grid_that_breaks_a_rule_exits_9_naming_rule_and_cells() {
    let dir = tempfile::tempdir().unwrap();
    let lp = Sdkc::new()
        .args(&["compile", "-o", "-", CLASSIC])
        .run()
        .out
        .stdout;
    // First column of every cell row, in CBC's `solu` format.
    let mut sol = String::from("Optimal - objective value 0\n");
    for (i, line) in lp
        .lines()
        .filter(|l| l.starts_with(" r") && l.contains(": x_"))
        .enumerate()
    {
        let col = line.split_whitespace().nth(1).unwrap();
        let row = line.split(':').next().unwrap().trim();
        if !row.contains('_') {
            sol.push_str(&format!("{i} {col} 1 0\n"));
        }
    }
    std::fs::write(dir.path().join("sol.txt"), sol).unwrap();
    let ran = run_faking(
        "cbc",
        &format!(
            "for a; do last=$a; done; cp {}/sol.txt \"$last\"",
            dir.path().display()
        ),
        |s| s.status(9),
    );
    let stderr = &ran.out.stderr;
    assert!(
        stderr.starts_with("error: cbc returned a grid that breaks the model"),
        "{stderr}"
    );
    let first = stderr.lines().nth(1).unwrap();
    assert!(
        first.starts_with("  rule `rows, columns, boxes`: r1c3 and r1c"),
        "{first}"
    );
}

#[test]
fn bad_time_limit_is_a_usage_error() {
    Sdkc::new()
        .args(&["run", CLASSIC, "--time-limit", "-1"])
        .status(2)
        .run();
    // Every command that takes a time limit refuses zero the same way.
    for args in [
        &["run", CLASSIC, "--time-limit=0"][..],
        &["run", CLASSIC, "--givens-file", "-", "--time-limit=0"],
        &["generate", CLASSIC, "--time-limit=0"],
    ] {
        Sdkc::new()
            .args(args)
            .status(2)
            .stderr("error: --time-limit must be a positive number of seconds, not 0\n")
            .run();
    }
    // A limit past the clock's reach is refused too (it once panicked adding it to the start).
    for args in [
        &["run", CLASSIC, "--time-limit=1e19"][..],
        &["run", CLASSIC, "--candidates", "--time-limit=1e19"],
        &["generate", CLASSIC, "--time-limit=1e19"],
        &["render", CLASSIC, "--solution", "--time-limit=1e19"],
    ] {
        Sdkc::new()
            .args(args)
            .status(2)
            .stderr("error: --time-limit must be at most 1000000000 seconds, not 10000000000000000000\n")
            .run();
    }
}

#[test]
fn unreadable_model_file_exits_1() {
    let ran = Sdkc::new()
        .args(&["run", "examples/does-not-exist.sdk"])
        .status(1)
        .run();
    assert!(
        ran.out
            .stderr
            .starts_with("error: cannot read examples/does-not-exist.sdk: No such file"),
        "{}",
        ran.out.stderr
    );
}

#[test]
fn fixed_mps_with_long_names_is_a_model_error() {
    Sdkc::new()
        .args(&[
            "run",
            "examples/seed000-maxdiff.sdk",
            "--format",
            "fixed-mps",
            "--solver",
            "cbc",
        ])
        .status(3)
        .stderr("error: fixed MPS allows names of at most 8 characters, and this model has `maxdiff_1` (9 characters); use `--format mps` (free MPS) or `--format lp`\n")
        .run();
}

#[test]
fn more_values_than_the_builtin_solver_holds_is_a_model_error() {
    Sdkc::new()
        .model("grid 1x1\nvalues 1..200\nrule x: v[r1c1] > 0\n")
        .args(&["run", "--solver", "builtin", "model.sdk"])
        .status(3)
        .stderr("error: the builtin solver handles at most 128 values per cell; this puzzle has 200: use --solver cbc or highs\n")
        .run();
}

/// The explanation's checks share one time budget (`--time-limit`): a model whose
/// infeasibility the builtin search proves at once but whose checks take about a second
/// together (region-sum lines read the wrong way, with the published grid given: each check
/// drops a part and searches again) stops explaining at a tenth of that, keeps the parts not
/// checked, and says the set may not be minimal. The margin is tenfold because the checks
/// got faster as the propagation did: at a one-second limit they finished.
#[test]
fn the_explanation_keeps_to_the_time_limit() {
    let model = std::fs::read_to_string(root().join("examples/library/region-sum-lm-00098I.sdk"))
        .unwrap()
        .replace("rule region_sum(", "rule whole_boxes(")
        + "define whole_boxes(line: cells):\n    for (a, b) in steps(line) where box(a) != box(b):\n        \
           sum(c in line where box(c) == box(a): v[c]) == sum(c in line where box(c) == box(b): v[c])\n";
    let grid: String =
        std::fs::read_to_string(root().join("tests/expected/variants/region-sum-lm-00098I.txt"))
            .unwrap()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
    let start = std::time::Instant::now();
    let ran = Sdkc::new()
        .model(&model)
        .args(&[
            "run",
            "model.sdk",
            "--givens",
            &grid,
            "--solver",
            "builtin",
            "--time-limit",
            "0.1",
        ])
        .status(4)
        .run();
    assert!(
        start.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        start.elapsed()
    );
    assert!(
        ran.out.stderr.starts_with("the puzzle has no solution (builtin proved it infeasible)\nthese givens and rules already conflict:\n"),
        "{}",
        ran.out.stderr
    );
    assert!(
        ran.out
            .stderr
            .ends_with("(some checks ran out of time, so the set may not be minimal)\n"),
        "{}",
        ran.out.stderr
    );
}

/// A solver that runs past its time limit and is stopped by sdkc is out of time like one that
/// stopped itself: the grid found before stands (it was thrown away, with "without a
/// solution"; a review found it with glpsol, which overran `--tmlim 8` by 3.6 s). The first
/// run is the real glpsol; the second, which would prove the grid unique, never ends. (GLPK's
/// branch and cut alone, through a `--solver-option`: its MiniSat has no clock, and sdkc stops
/// it at the limit itself.)
#[test]
fn a_grid_found_before_sdkc_stops_a_solver_stands() {
    first_glpk_run_only("", &["--solver-option", "first="]);
}

/// `run examples/three.sdk --unique --solver glpk --time-limit 1 MORE` with a fake glpsol that
/// runs `prelude`, then the real glpsol on its first run and hangs on every later one: the
/// grid of the first run stands, with the time limit (exit 5).
fn first_glpk_run_only(prelude: &str, more: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let ran = dir.path().join("ran");
    let fake = fake_solver(
        dir.path(),
        &format!(
            "{prelude}if [ -e '{0}' ]; then sleep 60; exit 0; fi\ntouch '{0}'\nexec glpsol \"$@\"",
            ran.display()
        ),
    );
    let out = Sdkc::new()
        .env("SDKC_GLPK", &fake)
        .args(&[
            "run",
            "examples/three.sdk",
            "--unique",
            "--solver",
            "glpk",
            "--time-limit",
            "1",
        ])
        .args(more)
        .status(5)
        .stdout("1 2 | 4 3\n4 3 | 2 1\n----+----\n3 4 | 1 2\n2 1 | 3 4\n")
        .run();
    assert!(
        out.out.stderr.starts_with(
            "glpk found a solution but reached the time limit before proving it unique\n"
        ),
        "{}",
        out.out.stderr
    );
}

/// A fake `highs` that runs the real one, but gives the runs whose options file has a line
/// matching `checks` (a grep pattern) a microsecond without presolve, which it cannot finish
/// in (with presolve, HiGHS finishes presolve whatever its time limit).
fn highs_cutting(dir: &std::path::Path, checks: &str) -> String {
    fake_solver(
        dir,
        &format!(
            "if grep -qs '{checks}' options.txt; then\n\
             echo 'presolve = off' >> options.txt\n\
             n=$#; prev=\n\
             while [ $n -gt 0 ]; do\n\
               a=$1; shift; n=$((n - 1))\n\
               if [ \"$prev\" = --time_limit ]; then set -- \"$@\" 0.000001; else set -- \"$@\" \"$a\"; fi\n\
               prev=$a\n\
             done\n\
             fi\n\
             exec highs \"$@\""
        ),
    )
}

/// CBC's "no solution" at its root is checked with its heuristics and Gomory cuts on
/// (`-heur on -gomoryCuts ifmove`); when that check runs out of its time, the root's answer
/// stands and says so. The check here is a fake that says it ran out (the real CBC decides
/// these at its root whatever its time limit); the first run is the real CBC.
#[test]
fn an_answer_of_cbc_root_alone_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_solver(
        dir.path(),
        "case \" $* \" in\n\
         *\" ifmove \"*)\n\
           prev=\n\
           for a in \"$@\"; do\n\
             if [ \"$prev\" = -solu ]; then echo 'Stopped on time (no integer solution) - objective value 0.00000000' > \"$a\"; fi\n\
             prev=$a\n\
           done\n\
           echo 'Result - Stopped on time limit'\n\
           exit 0;;\n\
         esac\n\
         exec cbc \"$@\"",
    );
    Sdkc::new()
        .env("SDKC_CBC", &fake)
        .args(&["run", "examples/noway.sdk", "--solver", "cbc", "--no-explain"])
        .status(4)
        .stdout("")
        .stderr("the puzzle has no solution (cbc's root alone says so: the check with its heuristics and Gomory cuts ran out of time; `--solver builtin` can check)\n")
        .run();
    let ran = Sdkc::new()
        .env("SDKC_CBC", &fake)
        .args(&["run", CLASSIC, "--solver", "cbc", "--unique"])
        .status(0)
        .run();
    assert!(
        ran.out.stderr.starts_with("unique: cbc's root alone says there is no other solution: the check with its heuristics and Gomory cuts ran out of time (2 solves, "),
        "{}",
        ran.out.stderr
    );
}

/// HiGHS 1.10.0, the real one, which `scripts/install-solvers` puts on PATH as `highs-1.10`
/// beside the current HiGHS: the older HiGHS a user may have.
fn highs_1_10() -> String {
    std::env::var_os("PATH")
        .and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join("highs-1.10"))
                .find(|p| p.is_file())
        })
        .expect("HiGHS 1.10.0 (`highs-1.10`) is not on PATH: run scripts/install-solvers")
        .to_string_lossy()
        .into_owned()
}

/// sdkc's own HiGHS settings (`mip_heuristic_run_rens = false`) are unknown to a HiGHS before
/// 1.11, which stops at the options file: the run is made again without them, and the puzzle
/// is still proved.
#[test]
fn an_older_highs_without_sdkcs_settings_still_solves() {
    let kept = tempfile::tempdir().unwrap();
    let keep = kept.path().join("runs");
    let ran = Sdkc::new()
        .env("SDKC_HIGHS", &highs_1_10())
        .args(&["run", CLASSIC, "--solver", "highs", "--unique"])
        .args(&["--keep-files", keep.to_str().unwrap()])
        .status(0)
        .run();
    assert_eq!(printed_grid(&ran.out.stdout), expected_grid("classic"));
    says_highs_proved_it_unique(&ran);
    // Refused once: the later runs (the proof, and the check of presolve's "no other") went
    // without the setting from the start.
    let refused = std::fs::read_to_string(keep.join("highs-1.log")).unwrap();
    assert!(
        refused
            .starts_with("ERROR:   getOptionIndex: Option \"mip_heuristic_run_rens\" is unknown\n"),
        "{refused}"
    );
    let mut logs: Vec<String> = std::fs::read_dir(&keep)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".log"))
        .collect();
    logs.sort();
    assert_eq!(
        logs,
        ["highs-1.log", "highs-2.log", "highs-3.log", "highs-4.log"]
    );
    // A user's option such a HiGHS does not know is still an error that quotes it.
    Sdkc::new()
        .env("SDKC_HIGHS", &highs_1_10())
        .args(&["run", CLASSIC, "--solver", "highs"])
        .args(&["--solver-option", "mip_heuristic_run_rens=true"])
        .status(7)
        .stderr("error: solver `highs` failed: it exited with status 255; its log ends with: ERROR:   getOptionIndex: Option \"mip_heuristic_run_rens\" is unknown / ERROR:   Cannot read value \"true\" for option \"mip_heuristic_run_rens\"\n")
        .run();
}

/// A HiGHS before 1.11 exits 1 when its time limit ends a search (its "warning"), having
/// written its solution file as always: that is the time limit (exit 5), not a failure of
/// the solver (exit 7, as sdkc said before).
#[test]
fn an_older_highs_at_its_time_limit_says_the_time_limit() {
    Sdkc::new()
        .env("SDKC_HIGHS", &highs_1_10())
        .args(&[
            "run",
            "examples/library/zipper-zip-zips.sdk",
            "--solver",
            "highs",
        ])
        .args(&["--time-limit", "1"])
        .status(5)
        .stderr(
            "highs reached the time limit before finding a solution\n\
             hint: sdkc's own search (`--solver builtin`) may answer sooner\n",
        )
        .run();
}

/// HiGHS's presolve has said "no solution" of puzzles that have one (the README's "Solvers");
/// sdkc checks such an answer with two of presolve's rules off, then without presolve, and
/// when both checks run out of their time, presolve's answer stands and is said to be
/// presolve's alone. The real HiGHS answers; a check cut short is the real HiGHS given a
/// microsecond. Presolve decides that "no way" has no solution (it has none) and that the
/// classic has no other.
#[test]
fn an_answer_of_highs_presolve_alone_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let fake = highs_cutting(dir.path(), "^presolve");
    // Runs with a fake HiGHS, or the real one as it is.
    let with = |fake: Option<&str>| match fake {
        Some(f) => Sdkc::new().env("SDKC_HIGHS", f),
        None => Sdkc::new(),
    };
    let unique = [
        "run",
        "examples/classic.sdk",
        "--solver",
        "highs",
        "--unique",
    ];
    let noway = [
        "run",
        "examples/noway.sdk",
        "--solver",
        "highs",
        "--no-explain",
    ];
    with(Some(&fake))
        .args(&noway)
        .status(4)
        .stdout("")
        .stderr("the puzzle has no solution (highs's presolve alone says so: its checks with less of it and without it ran out of time; `--solver builtin` can check)\n")
        .run();
    // An explanation whose parts were left out on such answers says so, and its JSON counts them.
    let explain = ["run", "examples/noway.sdk", "--solver", "highs"];
    let ran = with(Some(&fake)).args(&explain).status(4).run();
    assert!(
        ran.out.stderr.ends_with("      | rule distinct rows, columns, boxes\n(highs's presolve alone says 25 parts left out were not needed: its checks with less of it and without it ran out of time; `--solver builtin` can check)\n"),
        "{}",
        ran.out.stderr
    );
    let ran = with(Some(&fake))
        .args(&explain)
        .args(&["--json"])
        .status(4)
        .run();
    assert_eq!(
        ran.json()["explanation"]["unchecked"],
        25,
        "{}",
        ran.out.stdout
    );
    let ran = with(Some(&fake)).args(&unique).status(0).run();
    assert!(
        ran.out.stderr.starts_with("unique: highs's presolve alone says there is no other solution: its checks with less of it and without it ran out of time (2 solves, "),
        "{}",
        ran.out.stderr
    );
    // The batch's line says it, and so does generate of the puzzles whose proofs rest on it.
    let ran = with(Some(&fake))
        .args(&unique)
        .args(&["--givens-file", "bench/hard9x9.txt", "--shard", "1/19"])
        .run();
    assert!(
        ran.out.stdout.contains(" highs's presolve alone says there is no other solution: its checks with less of it and without it ran out of time\n"),
        "{}",
        ran.out.stdout
    );
    let ran = with(Some(&fake))
        .args(&["generate", "examples/three.sdk", "--solver", "highs"])
        .status(0)
        .run();
    assert!(
        ran.out.stderr.ends_with("; each proved unique and irreducible\nnote: the uniqueness of 1 of them rests on answers whose check ran out of time (highs's presolve alone says no other grid fits: its checks with less of it and without it ran out of time)\n"),
        "{}",
        ran.out.stderr
    );
    let ran = with(Some(&fake))
        .args(&[
            "generate",
            "examples/three.sdk",
            "--solver",
            "highs",
            "--format",
            "json",
        ])
        .status(0)
        .run();
    assert!(
        ran.out.stdout.ends_with(",\"unchecked\":1}\n"),
        "{}",
        ran.out.stdout
    );
    // And generate, when the rules themselves have no grid (generate leaves givens out).
    let no_ones = b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule no_ones: for c in cells: v[c] != 1\n";
    let generate_noway = ["generate", "-", "--solver", "highs"];
    with(Some(&fake))
        .args(&generate_noway)
        .stdin(no_ones)
        .status(4)
        .stdout("")
        .stderr("error: the rules have no solution (highs's presolve alone says so: its checks with less of it and without it ran out of time; `--solver builtin` can check), so there is no puzzle to make\n")
        .run();
    // When only the check without presolve is cut short, the first check decides.
    std::fs::create_dir(dir.path().join("only")).unwrap();
    let only = highs_cutting(&dir.path().join("only"), "^presolve = off");
    // (And the real HiGHS, as it is.)
    for fake in [Some(only.as_str()), None] {
        with(fake)
            .args(&noway)
            .status(4)
            .stderr("the puzzle has no solution (highs proved it infeasible)\n")
            .run();
        let ran = with(fake).args(&explain).status(4).run();
        assert!(
            ran.out
                .stderr
                .ends_with("      | rule distinct rows, columns, boxes\n"),
            "{}",
            ran.out.stderr
        );
        let ran = with(fake).args(&explain).args(&["--json"]).status(4).run();
        assert_eq!(
            ran.json()["explanation"].get("unchecked"),
            None,
            "{}",
            ran.out.stdout
        );
        with(fake)
            .args(&generate_noway)
            .stdin(no_ones)
            .status(4)
            .stderr("error: the rules have no solution, so there is no puzzle to make\n")
            .run();
        let ran = with(fake).args(&unique).status(0).run();
        says_highs_proved_it_unique(&ran);
    }
}

/// The run's stderr says HiGHS proved the grid unique in its two solves.
fn says_highs_proved_it_unique(ran: &Ran) {
    assert!(
        ran.out
            .stderr
            .starts_with("unique: highs proved there is no other solution (2 solves, "),
        "{}",
        ran.out.stderr
    );
}

/// GLPK's race: when its MiniSat crashes (say, out of memory) and its branch and cut reaches
/// the time limit, the answer is the time limit, with the grid branch and cut found before
/// it, not MiniSat's failure (a review found exit 7 with the grid lost). The fake runs the
/// real glpsol's branch and cut, kills itself when asked for MiniSat, and never ends the
/// second question's branch and cut.
#[test]
fn a_crashed_way_of_glpk_does_not_hide_the_others_time_limit() {
    first_glpk_run_only(
        "case \"$*\" in *--minisat*) kill -9 $$;; esac\n",
        &["-p", "2"],
    );
}
