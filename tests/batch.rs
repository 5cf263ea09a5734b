//! `sdkc run MODEL --givens-file FILE`: a list of one-line puzzles, each solved as
//! `--givens LINE` would, one result a line in input order, whatever --jobs and --shard say.

mod common;
use common::{Out, root, sdkc, sdkc_env, sdkc_in, sdkc_stdin};
use serde_json::Value;

const CLASSIC: &str = "examples/classic.sdk";
const FOUR: &str = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n";
/// 4x4 puzzles: one solution, three solutions, none (column 3 has no room for row 1's 3 or
/// 4, though no two givens clash).
const UNIQUE4: &str = "1.2...3..4.2....";
const THREE4: &str = "1..........2..34";
const NONE4: &str = "12........3...4.";

/// The puzzles of bench/hard9x9.txt (the first field of each line).
fn hard() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("bench/hard9x9.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// Write `model.sdk` and `puzzles.txt` in a fresh directory and run `sdkc run model.sdk
/// --givens-file puzzles.txt ARGS` there.
fn batch(model: &str, list: &str, args: &[&str]) -> Out {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("model.sdk"), model).unwrap();
    std::fs::write(dir.path().join("puzzles.txt"), list).unwrap();
    let mut all = vec!["run", "model.sdk", "--givens-file", "puzzles.txt"];
    all.extend_from_slice(args);
    sdkc_in(dir.path(), &all)
}

fn classic_model() -> String {
    std::fs::read_to_string(root().join(CLASSIC)).unwrap()
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The same puzzles through the batch and through one `run --givens` each: the same status,
/// grid and count, in input order, with the file's line numbers.
fn batch_equals_single_runs(solver: &str, puzzles: &[String]) {
    let list = format!("# a comment\n\n{}", puzzles.join("\n"));
    let out = batch(
        &classic_model(),
        &list,
        &["--solver", solver, "--unique", "--json"],
    );
    assert_eq!(out.code, 0, "{solver}: {}", out.stderr);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), puzzles.len());
    for (i, (got, puzzle)) in lines.iter().zip(puzzles).enumerate() {
        let single = sdkc(&[
            "run", CLASSIC, "--solver", solver, "--unique", "--json", "--givens", puzzle,
        ]);
        assert_eq!(single.code, 0, "{puzzle} on {solver}: {}", single.stderr);
        let want: Value = serde_json::from_str(single.stdout.trim()).unwrap();
        assert_eq!(got["line"], i + 3, "{solver}");
        for field in ["status", "grid", "count"] {
            assert_eq!(got[field], want[field], "{field} of {puzzle} on {solver}");
        }
    }
}

#[test]
fn the_builtin_solver_gives_what_single_runs_give() {
    batch_equals_single_runs("builtin", &hard());
}

// CBC and HiGHS take a second or more on the hardest puzzles: the fast ones (the 17-clue
// puzzles and the classic) stand in for the list.
fn quick() -> Vec<String> {
    let mut p: Vec<String> = hard().into_iter().rev().take(3).collect();
    p.push(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".into(),
    );
    p
}

#[test]
fn cbc_gives_what_single_runs_give() {
    batch_equals_single_runs("cbc", &quick());
}

#[test]
fn highs_gives_what_single_runs_give() {
    batch_equals_single_runs("highs", &quick());
}

#[test]
fn one_job_and_two_print_the_same() {
    let mut list = hard().join("\n");
    list.push_str("\n12\n");
    list.push_str(&quick().join("\n"));
    let one = batch(
        &classic_model(),
        &list,
        &["--solver", "builtin", "--jobs", "1"],
    );
    let two = batch(
        &classic_model(),
        &list,
        &["--solver", "builtin", "--jobs", "2"],
    );
    assert_eq!(one.code, 11);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout.lines().count(), hard().len() + 1 + quick().len());
    let highs: Vec<Out> = ["1", "2"]
        .iter()
        .map(|j| {
            batch(
                &classic_model(),
                &quick().join("\n"),
                &["--solver", "highs", "--jobs", j],
            )
        })
        .collect();
    assert_eq!(highs[0].code, 0, "{}", highs[0].stderr);
    assert_eq!(highs[0].stdout, highs[1].stdout);
}

#[test]
fn a_malformed_line_is_reported_with_its_line_number_and_the_rest_go_on() {
    let list = format!(
        "# 4x4 puzzles\n{UNIQUE4}\n1.2...3..4.2...\n\n11..............  duplicate\n  1.2...3..4.2...x\n{UNIQUE4} name\n"
    );
    let out = batch(FOUR, &list, &["--solver", "builtin"]);
    assert_eq!(out.code, 11);
    assert_eq!(
        out.stdout,
        "2 solved 1324423134122143
3 error the one-line givens have 15 characters, but the grid has 16 cells
5 error the givens already break rule `rows, columns, boxes`: r1c1 and r1c2 are both 1 in row 1
6 error given `x` is 33, outside the values 1..4
7 solved 1324423134122143
"
    );
    let mut stderr = out.stderr.lines();
    assert_eq!(
        stderr.next().unwrap(),
        "puzzles.txt:3:1: the one-line givens have 15 characters, but the grid has 16 cells"
    );
    assert_eq!(
        stderr.next().unwrap(),
        "puzzles.txt:5:2: the givens already break rule `rows, columns, boxes`: r1c1 and r1c2 are both 1 in row 1"
    );
    // The column counts the spaces before the puzzle.
    assert_eq!(
        stderr.next().unwrap(),
        "puzzles.txt:6:18: given `x` is 33, outside the values 1..4"
    );
    let summary = stderr.next().unwrap();
    assert!(
        summary.starts_with("2 of 5 puzzles solved with builtin in "),
        "{summary}"
    );
    assert!(
        summary.ends_with("; every grid checked (error: 3)"),
        "{summary}"
    );
    assert_eq!(stderr.next(), None);

    // In JSON, the same facts as fields; stderr stays for the summary-free run.
    let out = batch(FOUR, &list, &["--solver", "builtin", "--json"]);
    assert_eq!(out.code, 11);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["status"], "error");
    assert_eq!(lines[1]["grid"], Value::Null);
    assert_eq!(lines[1]["column"], 1);
    assert_eq!(
        lines[1]["message"],
        "the one-line givens have 15 characters, but the grid has 16 cells"
    );
    assert_eq!(lines[3]["column"], 18);
    assert_eq!(out.stderr, "");
}

/// A line far longer than a grid (here a million characters, and one of 300,000 commas) is
/// reported as a short wrong one is, at its line and column; it is not read into the model
/// first, which took ten times the line's size in memory.
#[test]
fn a_very_long_line_is_reported_like_a_short_wrong_one() {
    let long = "1".repeat(1_000_000);
    let commas = ",".repeat(299_999);
    let list = format!("{UNIQUE4}\n  {long}\n{commas}\n");
    let out = batch(FOUR, &list, &["--solver", "builtin"]);
    assert_eq!(out.code, 11);
    assert_eq!(
        out.stdout,
        "1 solved 1324423134122143
2 error the one-line givens have 1000000 characters, but the grid has 16 cells
3 error the one-line givens have 300000 values, but the grid has 16 cells
"
    );
    let mut stderr = out.stderr.lines();
    assert_eq!(
        stderr.next().unwrap(),
        "puzzles.txt:2:3: the one-line givens have 1000000 characters, but the grid has 16 cells"
    );
}

#[test]
fn two_shards_together_are_the_whole_list() {
    // Comments and blank lines do not count in the index; line numbers stay the file's.
    let mut list = String::from("# hard ones\n");
    for (i, p) in hard().iter().enumerate() {
        list.push_str(p);
        list.push('\n');
        if i % 5 == 0 {
            list.push_str("\n# more\n");
        }
    }
    let run = |shard: &[&str]| {
        let mut args = vec!["--solver", "builtin"];
        args.extend_from_slice(shard);
        let out = batch(&classic_model(), &list, &args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let whole = run(&[]);
    let (even, odd) = (run(&["--shard", "0/2"]), run(&["--shard", "1/2"]));
    assert_eq!(even.lines().count(), hard().len().div_ceil(2));
    let mut merged: Vec<&str> = even.lines().chain(odd.lines()).collect();
    merged.sort_by_key(|l| l.split(' ').next().unwrap().parse::<usize>().unwrap());
    assert_eq!(merged.join("\n") + "\n", whole);
    assert_eq!(run(&["--shard", "0/1"]), whole);
    // The first puzzle (line 2) in shard 0, the second (line 5, after a blank line and a
    // comment) in shard 1.
    assert!(even.starts_with("2 solved "), "{even}");
    assert!(odd.starts_with("5 solved "), "{odd}");

    for bad in ["2/2", "1/0", "a/2", "3", "1/2/3"] {
        let out = batch(&classic_model(), &list, &["--shard", bad]);
        assert_eq!(out.code, 2, "{bad}: {}", out.stderr);
        assert!(out.stderr.contains("--shard"), "{}", out.stderr);
    }
}

#[test]
fn unique_and_count_give_each_puzzle_its_status_and_the_batch_its_exit_code() {
    let list = format!("{UNIQUE4}\n{THREE4}\n{NONE4}\n");
    for solver in ["builtin", "cbc", "highs", "glpk"] {
        let out = batch(FOUR, &list, &["--solver", solver, "--unique", "--json"]);
        assert_eq!(out.code, 11, "{solver}: {}", out.stderr);
        let v = json_lines(&out.stdout);
        assert_eq!(v[0]["status"], "unique", "{solver}");
        assert_eq!(v[0]["count"], 1);
        assert_eq!(
            v[0]["grid"],
            serde_json::json!([[1, 3, 2, 4], [4, 2, 3, 1], [3, 4, 1, 2], [2, 1, 4, 3]])
        );
        assert_eq!(v[1]["status"], "not_unique", "{solver}");
        assert_eq!(v[1]["count"], 2);
        assert_eq!(v[2]["status"], "infeasible", "{solver}");
        assert_eq!(v[2]["count"], 0);
        assert_eq!(
            v[2]["message"],
            format!("the puzzle has no solution ({solver} proved it infeasible)")
        );
        assert!(v.iter().all(|o| o["seconds"].as_f64().unwrap() >= 0.0));
    }
    // Only unique puzzles: exit 0; solving alone does not ask for uniqueness.
    let out = batch(FOUR, &format!("{UNIQUE4}\n{UNIQUE4}\n"), &["--unique"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = batch(
        FOUR,
        &format!("{UNIQUE4}\n{THREE4}\n"),
        &["--solver", "builtin"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "1 solved 1324423134122143\n2 solved 1243342143122134\n"
    );
    let out = batch(
        FOUR,
        &format!("{UNIQUE4}\n{THREE4}\n"),
        &["--solver", "builtin", "--unique"],
    );
    assert_eq!(out.code, 11);
    // --count N: the count, and whether it is exact.
    let out = batch(
        FOUR,
        &format!("{THREE4}\n"),
        &["--solver", "builtin", "--count", "10"],
    );
    assert_eq!(
        out.stdout,
        "1 not_unique 1243342143122134 exactly 3 solutions\n"
    );
    let out = batch(
        FOUR,
        &format!("{THREE4}\n"),
        &["--solver", "builtin", "--count", "2"],
    );
    assert_eq!(
        out.stdout,
        "1 not_unique 1243342143122134 at least 2 solutions\n"
    );
    assert!(
        out.stderr
            .starts_with("0 of 1 puzzles unique with builtin in ")
            && out
                .stderr
                .ends_with("; every grid checked (not_unique: 1)\n"),
        "{}",
        out.stderr
    );
    // `-n 1` is a solve: each line `solved`, and the summary says so (it said "unique").
    let out = batch(
        FOUR,
        &format!("{THREE4}\n"),
        &["--solver", "builtin", "-n", "1"],
    );
    assert_eq!(out.stdout, "1 solved 1243342143122134\n");
    assert!(
        out.stderr
            .starts_with("1 of 1 puzzles solved with builtin in "),
        "{}",
        out.stderr
    );
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let input = format!("{}\n\n{}x\n", quick()[0], quick()[1]);
    let out = sdkc_stdin(
        &["run", CLASSIC, "--givens-file", "-", "--solver", "builtin"],
        input.as_bytes(),
    );
    assert_eq!(out.code, 11);
    let stdout = out.stdout;
    assert!(stdout.starts_with("1 solved "), "{stdout}");
    assert!(
        stdout.contains("\n3 error the one-line givens have 82 characters"),
        "{stdout}"
    );
    let stderr = out.stderr;
    assert!(
        stderr.starts_with("<stdin>:3:1: the one-line givens"),
        "{stderr}"
    );
}

#[test]
fn a_long_list_shows_no_progress_bar_when_stderr_is_not_a_terminal() {
    let list = format!("{UNIQUE4}\n").repeat(150);
    let out = batch(FOUR, &list, &["--solver", "builtin", "--unique"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout.lines().count(), 150);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("150 of 150 puzzles unique with builtin in ")
    );
}

#[test]
fn the_batch_exit_codes() {
    // The list cannot be read: 1.
    let out = sdkc(&["run", CLASSIC, "--givens-file", "/nonexistent/puzzles.txt"]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "error: cannot read /nonexistent/puzzles.txt: No such file or directory (os error 2)\n"
    );
    // The model itself has mistakes: 3, with the usual diagnostics, before any puzzle.
    let out = batch("grid 4x4\nrule distinct rowz\n", UNIQUE4, &[]);
    assert_eq!(out.code, 3);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("unknown set `rowz`"), "{}", out.stderr);
    // The solver is missing: said once, 6.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("puzzles.txt"), UNIQUE4).unwrap();
    let out = sdkc_env(
        &root(),
        &[
            "run",
            CLASSIC,
            "--givens-file",
            &dir.path().join("puzzles.txt").display().to_string(),
            "--solver",
            "cbc",
        ],
        &[("SDKC_CBC", "/nonexistent/cbc")],
    );
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    // Usage: --givens and --givens-file together, --jobs or --shard alone, --jobs 0.
    for args in [
        &["run", CLASSIC, "--givens-file", "x.txt", "--givens", "1"][..],
        &["run", CLASSIC, "--jobs", "2"],
        &["run", CLASSIC, "--shard", "0/2"],
        &["run", CLASSIC, "--givens-file", "x.txt", "--jobs", "0"],
    ] {
        let out = sdkc(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
    }
    // An empty list solves nothing, and fails nothing.
    let out = batch(FOUR, "# nothing yet\n", &[]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "puzzles.txt has no puzzles\n");
}

#[test]
fn a_reader_that_stops_reading_stops_the_batch() {
    // `sdkc ... | head -1`: once standard output is closed, the workers stop after the puzzles
    // they are on, instead of solving the rest of the list for nobody (800 HiGHS runs here,
    // ten seconds and more).
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("puzzles.txt");
    std::fs::write(&list, (quick().join("\n") + "\n").repeat(200)).unwrap();
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(["run", CLASSIC, "--solver", "highs", "--givens-file"])
        .arg(&list)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("1 solved "), "{first}");
    let out = child.wait_with_output().unwrap();
    // Quietly, exit 0, as `run -a | head` and `generate | head` end (it was exit 1).
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "a broken pipe is not an error to report"
    );
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}

/// A count lists its grids in a batch's JSON as `run --json` does, and a failure of the whole
/// run (a model with mistakes, a missing solver) is one report on standard output too, so a
/// reader of the lines learns of it.
#[test]
fn batch_json_has_run_json_s_shape() {
    let out = batch(
        FOUR,
        &format!("{THREE4}\n"),
        &["--solver", "builtin", "--count", "3", "--json"],
    );
    let line = &json_lines(&out.stdout)[0];
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("model.sdk"), FOUR).unwrap();
    let one = sdkc_in(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--givens",
            THREE4,
            "--solver",
            "builtin",
            "--count",
            "3",
            "--json",
        ],
    );
    let one: Value = serde_json::from_str(one.stdout.trim()).unwrap();
    assert_eq!(line["grids"], one["grids"]);
    assert_eq!(line["grids"].as_array().map(Vec::len), Some(3), "{line}");

    let out = batch(
        "grid 4x4\nrule distinct rowz\n",
        &format!("{THREE4}\n"),
        &["--json"],
    );
    assert_eq!(out.code, 3);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["status"], "error");
    assert_eq!(lines[0]["message"], "the model has mistakes");
    assert_eq!(lines[0]["errors"][0], "model.sdk:2:15: unknown set `rowz`");

    std::fs::write(dir.path().join("puzzles.txt"), format!("{THREE4}\n")).unwrap();
    let out = sdkc_env(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--givens-file",
            "puzzles.txt",
            "--solver",
            "cbc",
            "--json",
        ],
        &[("SDKC_CBC", "/nonexistent")],
    );
    assert_eq!(out.code, 6);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["status"], "error");
    assert_eq!(lines[0]["solver"], "cbc");
    assert_eq!(
        lines[0]["message"],
        "solver `cbc` not found: SDKC_CBC names /nonexistent, which is not an executable file"
    );
}

/// A list read as it is solved: longer than the outcomes the workers may run ahead of the
/// first one not yet printed (1,024 a thread), with a slow puzzle among fast ones, a wrong
/// line and comments, prints the same with one job as with three, in input order.
#[test]
fn a_long_list_streams_in_order_on_any_number_of_jobs() {
    let mut list = String::from("# a long list\n");
    for i in 0..6000 {
        match i % 1500 {
            7 => list.push_str(&hard()[0]),
            11 => list.push_str("1.2"),
            _ => list.push_str(&quick()[i % quick().len()]),
        }
        list.push('\n');
    }
    let runs: Vec<Out> = ["1", "3"]
        .iter()
        .map(|j| {
            batch(
                &classic_model(),
                &list,
                &["--solver", "builtin", "--jobs", j],
            )
        })
        .collect();
    assert_eq!(runs[0].code, 11);
    assert_eq!(runs[0].stdout, runs[1].stdout);
    let numbers: Vec<usize> = runs[0]
        .stdout
        .lines()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers, (2..6002).collect::<Vec<_>>());
}

/// A list that cannot be read part way (here a folder, which opens but does not read) ends the
/// run with exit 1 and says why, in JSON too.
#[test]
fn a_list_that_fails_to_read_is_said() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("model.sdk"), FOUR).unwrap();
    std::fs::create_dir(dir.path().join("list")).unwrap();
    let out = sdkc_in(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--givens-file",
            "list",
            "--solver",
            "builtin",
        ],
    );
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "error: cannot read list: Is a directory (os error 21)\n"
    );
    let out = sdkc_in(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--givens-file",
            "list",
            "--solver",
            "builtin",
            "--json",
        ],
    );
    assert_eq!(out.code, 1);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["status"], "error");
    assert_eq!(
        lines[0]["message"],
        "cannot read list: Is a directory (os error 21)"
    );
}
