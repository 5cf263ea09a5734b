//! The command line MiniZinc, PuLP and ripgrep users expect: every solution streamed (`-a`),
//! counts without a cap (`-n`), statistics (`-s`), the solver's files and log (`--keep-files`,
//! `-v`), options passed through (`--solver-option`, `-p`, `-r`), one JSON shape, and
//! `generate` writing one model per puzzle into a folder.

mod common;
use common::*;

/// A 4x4 sudoku with exactly three solutions.
const THREE: &str =
    "grid 4x4\nboxes 2x2\ngivens \"1..........2..34\"\nrule distinct rows, columns, boxes\n";

const THREE_GRIDS: [&str; 3] = [
    "1 4 | 2 3\n3 2 | 4 1\n----+----\n4 3 | 1 2\n2 1 | 3 4\n",
    "1 2 | 4 3\n4 3 | 2 1\n----+----\n3 4 | 1 2\n2 1 | 3 4\n",
    "1 2 | 4 3\n3 4 | 2 1\n----+----\n4 3 | 1 2\n2 1 | 3 4\n",
];

const MIP_SOLVERS: [&str; 3] = ["cbc", "highs", "glpk"];

/// Every grid of `-a`, however it was found; sorted, so the backends can be compared.
fn streamed_grids(stdout: &str) -> Vec<String> {
    let mut grids: Vec<String> = stdout
        .split("solution ")
        .filter(|s| !s.is_empty())
        .map(|s| s.split_once(":\n").unwrap().1.to_string())
        .collect();
    grids.sort();
    grids
}

#[test]
fn all_solutions_are_streamed_by_every_backend() {
    let mut expected: Vec<String> = THREE_GRIDS.iter().map(|g| g.to_string()).collect();
    expected.sort();
    for solver in ["builtin", "cbc", "highs", "glpk"] {
        let ran = Sdkc::new()
            .model(THREE)
            .args(&["run", "model.sdk", "-a", "--solver", solver])
            .status(10)
            .stderr(&format!("not unique: {solver} found exactly 3 solutions\n"))
            .run();
        assert_eq!(streamed_grids(&ran.out.stdout), expected, "{solver}");
    }
    // The builtin search's order is its own, the same on every run.
    Sdkc::new()
        .model(THREE)
        .args(&["run", "model.sdk", "--all-solutions", "--solver", "builtin"])
        .status(10)
        .stdout(&format!(
            "solution 1:\n{}solution 2:\n{}solution 3:\n{}",
            THREE_GRIDS[2], THREE_GRIDS[1], THREE_GRIDS[0]
        ))
        .run();
}

#[test]
fn all_solutions_as_json_lines_then_the_report() {
    let ran = Sdkc::new()
        .model(THREE)
        .args(&["run", "model.sdk", "-a", "--json", "--solver", "builtin"])
        .status(10)
        .run();
    let lines: Vec<&str> = ran.out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", ran.out.stdout);
    assert_eq!(
        lines[0],
        r#"{"solution":1,"grid":[[1,2,4,3],[3,4,2,1],[4,3,1,2],[2,1,3,4]]}"#
    );
    let last: serde_json::Value = serde_json::from_str(lines[3]).unwrap();
    assert_eq!(last["status"], "not_unique");
    assert_eq!(last["count"], 3);
    assert_eq!(last["complete"], true);
    assert_eq!(last["message"], "exactly 3 solutions");
    // The grids were streamed, not repeated at the end.
    assert_eq!(last["grids"], serde_json::Value::Null);
}

/// The empty 6x6 sudoku has 28,200,960 solutions: `-a` streams them with flat memory; here
/// the reader stops after a few thousand lines and sdkc ends quietly (a broken pipe).
#[test]
fn all_solutions_of_a_big_count_stream_until_the_reader_stops() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(["run", "-", "-a", "--json", "--solver", "builtin"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        b"grid 6x6\nboxes 2x3\nrule distinct rows, columns, boxes\n",
    )
    .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for k in 1..=5000 {
        let line = lines.next().unwrap().unwrap();
        assert!(line.starts_with(&format!("{{\"solution\":{k},")), "{line}");
    }
    drop(lines);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a closed pipe ends sdkc quietly");
}

#[test]
fn count_has_no_cap_and_says_how_many() {
    Sdkc::new()
        .model(THREE)
        .args(&["run", "model.sdk", "-n", "20000", "--solver", "builtin"])
        .status(10)
        .stderr(
            "not unique: builtin found exactly 3 solutions; they differ in 7 cells (marked *)\n",
        )
        .run();
}

/// A count that is not a uniqueness proof says so when the time limit stops it. The empty
/// 6x6 has 28,200,960 solutions: half a second finds many, not all.
#[test]
fn count_under_a_time_limit_does_not_talk_about_uniqueness() {
    let ran = Sdkc::new()
        .model("grid 6x6\nboxes 2x3\nrule distinct rows, columns, boxes\n")
        .args(&[
            "run",
            "model.sdk",
            "-n",
            "100000000",
            "--time-limit",
            "0.5",
            "--solver",
            "builtin",
            "--json",
        ])
        .status(10)
        .run();
    let v = ran.json();
    assert_eq!(v["status"], "not_unique");
    assert_eq!(v["complete"], false);
    let message = v["message"].as_str().unwrap();
    assert!(
        message.starts_with("at least ")
            && message.ends_with(" solutions (the time limit stopped the count)"),
        "{message}"
    );
}

#[test]
fn statistics_for_every_backend() {
    for solver in ["builtin", "cbc", "highs", "glpk"] {
        let ran = Sdkc::new()
            .args(&[
                "run",
                "examples/classic.sdk",
                "--unique",
                "-s",
                "--json",
                "--solver",
                solver,
            ])
            .run();
        let s = &ran.json()["statistics"];
        if solver == "builtin" {
            assert_eq!(s["solves"], 1);
            assert!(s["nodes"].as_u64().is_some(), "{s}");
            assert_eq!(s["columns"], serde_json::Value::Null);
        } else {
            // Found, then proved there is no other.
            assert_eq!(s["solves"], 2, "{solver}: {s}");
            assert_eq!(s["columns"], 153, "{solver}: {s}");
            assert_eq!(s["rows"], 204, "{solver}: {s}");
            assert_eq!(s["nonzeros"], 612, "{solver}: {s}");
        }
        assert!(s["solve_seconds"].as_f64().unwrap() > 0.0);
        // And in text, on standard error.
        let ran = Sdkc::new()
            .args(&["run", "examples/classic.sdk", "-s", "--solver", solver])
            .run();
        assert!(
            ran.out
                .stderr
                .starts_with(&format!("statistics ({solver}):\n")),
            "{}",
            ran.out.stderr
        );
        // (GLPK's race answers with either way: its MiniSat's answers are counted.)
        assert!(
            ran.out.stderr.lines().any(|l| l == "  solves:     1"
                || (solver == "glpk" && l == "  solves:     1 (1 answered by GLPK's MiniSat)")),
            "{}",
            ran.out.stderr
        );
    }
}

#[test]
fn keep_files_keeps_every_run_and_verbose_shows_the_log() {
    for solver in MIP_SOLVERS {
        let ran = Sdkc::new()
            .model(THREE)
            .args(&[
                "run",
                "model.sdk",
                "--unique",
                "--keep-files",
                "kept",
                "--solver",
                solver,
                "-v",
            ])
            .status(10)
            .run();
        let mut kept: Vec<String> = std::fs::read_dir(ran.path().join("kept"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        kept.sort();
        // Two questions: a grid, another grid. CBC asks the second two ways at once (two
        // runs, see `cbc.rs`), and GLPK each of them, its branch and cut and its MiniSat, on a
        // machine of two cores or more (`glpk.rs`); a run stopped wrote no solution.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let runs = match solver {
            "cbc" => 3,
            "glpk" if cores >= 2 => 4,
            _ => 2,
        };
        let expected: Vec<String> = (1..=runs)
            .flat_map(|n| ["log", "lp", "sol"].map(|e| format!("{solver}-{n}.{e}")))
            .filter(|f| kept.contains(f) || !f.ends_with(".sol"))
            .collect();
        assert_eq!(kept, expected, "{solver}");
        let model =
            std::fs::read_to_string(ran.path().join(format!("kept/{solver}-1.lp"))).unwrap();
        assert!(model.contains("Subject To"), "{model}");
        // A later model forbids the first grid (with CBC's two at once, whichever finished
        // first was kept first).
        let later: Vec<String> = (2..=runs)
            .map(|n| {
                std::fs::read_to_string(ran.path().join(format!("kept/{solver}-{n}.lp"))).unwrap()
            })
            .collect();
        assert!(later.iter().any(|m| m.contains("nogood_1")), "{solver}");
        assert_eq!(
            ran.out
                .stderr
                .matches(&format!("--- {solver} log ("))
                .count(),
            runs,
            "{}",
            ran.out.stderr
        );
    }
}

/// Options reach the solver as it spells them, with the thread count and the seed; an
/// option it does not know is an error (exit 7) that says so, never silently ignored.
#[test]
fn solver_options_threads_and_seed_reach_the_solver() {
    // (solver, a good option, where the log shows it, a bad option, what the error says)
    let cases = [
        (
            "cbc",
            "maxNodes=1000",
            "-threads 2 -randomCbcSeed 7 -heur off -gomoryCuts off -maxNodes 1000 -solve",
            "noSuchOption=1",
            "error: solver `cbc` failed: it did not understand its command line: No match for noSuchOption - ? for list of commands / No match for 1 - ? for list of commands\n",
        ),
        (
            "highs",
            "mip_rel_gap=0",
            "Set option threads to 2\nSet option random_seed to 7\n",
            "no_such_option=1",
            "error: solver `highs` failed: it exited with status 255; its log ends with: ERROR:   getOptionIndex: Option \"no_such_option\" is unknown / ERROR:   Cannot read value \"1\" for option \"no_such_option\"\n",
        ),
        // GLPK has one thread and no random choices: -p and -r change nothing. sdkc's
        // `--first`, `--cover` and `--clique` come before the user's options.
        (
            "glpk",
            "mipgap=0",
            "solution.txt --first --cover\n --clique --mipgap 0\n",
            "no-such-option=1",
            "error: solver `glpk` failed: it exited with status 1; its log ends with: Invalid option '--no-such-option'; try /usr/bin/glpsol --help\n",
        ),
    ];
    for (solver, good, shown, bad, error) in cases {
        let ran = Sdkc::new()
            .model(THREE)
            .args(&[
                "run",
                "model.sdk",
                "--solver",
                solver,
                "--solver-option",
                good,
                "-r",
                "7",
                "-p",
                "2",
                "--keep-files",
                "kept",
            ])
            .run();
        let log = std::fs::read_to_string(ran.path().join(format!("kept/{solver}-1.log"))).unwrap();
        assert!(log.contains(shown), "{solver}: {log}");
        if solver == "highs" {
            // sdkc's own settings first (src/solve/highs.rs), so the user's come later and win.
            assert!(
                log.contains(
                    "\nSet option mip_heuristic_run_rens to false\nSet option mip_rel_gap to 0\n"
                ),
                "{log}"
            );
        }
        Sdkc::new()
            .model(THREE)
            .args(&[
                "run",
                "model.sdk",
                "--solver",
                solver,
                "--solver-option",
                bad,
            ])
            .status(7)
            .stderr(error)
            .run();
    }
}

/// A line break in a `--solver-option` would be a line of its own in HiGHS's options file,
/// an option past every check (a review set `log_file` so): refused with the arguments.
#[test]
fn a_solver_option_with_a_line_break_is_refused() {
    let ran = Sdkc::new()
        .model(THREE)
        .args(&[
            "run",
            "model.sdk",
            "--solver",
            "highs",
            "--solver-option",
            "presolve=off\nlog_file=injected.log",
        ])
        .status(2)
        .run();
    assert!(
        ran.out.stderr.contains(
            "`presolve=off\\nlog_file=injected.log` holds a line break or another control character, which no solver option has"
        ),
        "{}",
        ran.out.stderr
    );
}

/// CBC takes an option it knows with a value it cannot read, says so in its log and goes on
/// without it (a review found `threads=abc` taken silently): the run is not the one asked
/// for, so it is the solver's error, exit 7, quoting CBC.
#[test]
fn a_cbc_option_with_a_value_cbc_cannot_read_is_an_error() {
    for (option, said) in [
        (
            "threads=abc",
            "String of abc is illegal for integer parameter threads value remains 0",
        ),
        (
            "heur=maybe",
            "<Possible options for heuristicsOnOff are: off on;",
        ),
    ] {
        Sdkc::new()
            .model(THREE)
            .args(&[
                "run",
                "model.sdk",
                "--solver",
                "cbc",
                "--solver-option",
                option,
            ])
            .status(7)
            .stderr(&format!(
                "error: solver `cbc` failed: it did not understand its command line: {said}\n"
            ))
            .run();
    }
}

#[test]
fn a_model_that_cannot_be_read_names_no_solver() {
    let ran = Sdkc::new()
        .args(&["run", "nosuch.sdk", "--json"])
        .status(1)
        .stderr("error: cannot read nosuch.sdk: No such file or directory (os error 2)\n")
        .run();
    let v = ran.json();
    assert_eq!(v["status"], "error");
    assert_eq!(v["solver"], serde_json::Value::Null);
    assert_eq!(
        v["message"],
        "cannot read nosuch.sdk: No such file or directory (os error 2)"
    );
}

/// One shape: a run and a batch line have the same keys, in the same order.
#[test]
fn run_and_batch_lines_have_one_shape() {
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    let run = Sdkc::new()
        .args(&[
            "run",
            "examples/classic.sdk",
            "--json",
            "--solver",
            "builtin",
        ])
        .run()
        .json();
    let batch = Sdkc::new()
        .args(&[
            "run",
            "examples/classic.sdk",
            "--json",
            "--solver",
            "builtin",
            "--givens-file",
            "bench/hard9x9.txt",
            "--shard",
            "0/1000",
        ])
        .run();
    let line: serde_json::Value =
        serde_json::from_str(batch.out.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(keys(&run), keys(&line));
    // The list's first puzzle, after its comment lines.
    assert_eq!(line["line"], 21);
    assert_eq!(run["line"], serde_json::Value::Null);
}

#[test]
fn generate_writes_one_model_per_puzzle_into_a_folder() {
    let template = "# The classic 4x4, with a puzzle someone wrote by hand:\npuzzle \"four\"\ngrid 4x4\nboxes 2x2\n# these givens are the old ones\ngivens \"1..........2..34\"\nrule distinct rows, columns, boxes # every unit\n";
    let ran = Sdkc::new()
        .model(template)
        .args(&[
            "generate",
            "model.sdk",
            "-n",
            "2",
            "--format",
            "sdk",
            "-o",
            "out/",
        ])
        .run();
    assert!(
        ran.out
            .stderr
            .starts_with("generated 2 irreducible puzzles into out/ ("),
        "{}",
        ran.out.stderr
    );
    for k in 1..=2 {
        let path = ran.path().join(format!("out/model-{k}.sdk"));
        let text = std::fs::read_to_string(&path).unwrap();
        let (header, body) = text.split_once('\n').unwrap();
        assert!(
            header.starts_with(&format!(
                "# puzzle {k} of `sdkc generate --seed 1` for model.sdk: "
            )),
            "{header}"
        );
        assert!(
            !body.contains("old ones") && !body.contains("by hand"),
            "{body}"
        );
        assert!(
            body.starts_with("puzzle \"four\"\ngrid 4x4\nboxes 2x2\ngivens \""),
            "{body}"
        );
        assert!(
            body.ends_with("\"\nrule distinct rows, columns, boxes # every unit\n"),
            "{body}"
        );
        // Each file is a model of its own, and its puzzle is unique.
        Sdkc::new()
            .args(&[
                "run",
                path.to_str().unwrap(),
                "--unique",
                "--solver",
                "builtin",
            ])
            .run();
    }
    // A folder takes only whole models.
    Sdkc::new()
        .model(template)
        .args(&["generate", "model.sdk", "-o", "out/"])
        .status(2)
        .stderr("error: -o names a folder, which only --format sdk fills (one file per puzzle); give a file name\n")
        .run();
}

/// Mistakes come in the order of the file, whichever check found them (the givens are
/// checked before the rules, but a rule above them comes first).
#[test]
fn mistakes_are_listed_in_source_order() {
    let ran = Sdkc::new()
        .model("grid 4x4\nboxes 2x2\nrule a: v[r1c1] != nosuch\ngivens \"1..........2..3x\"\nrule distinct rows, colums, boxes\nrule b: v[r9c9] == 1\n")
        .args(&["run", "model.sdk", "--json"])
        .status(3)
        .run();
    assert_eq!(
        json_errors(&ran.out.stdout),
        [
            "model.sdk:3:20: unknown name `nosuch`",
            "model.sdk:4:24: given `x` is 33, outside the values 1..4",
            "model.sdk:5:21: unknown set `colums`",
            "model.sdk:6:11: cell r9c9 is outside the 4x4 grid",
        ]
    );
    assert_eq!(ran.json()["solver"], serde_json::Value::Null);
}

/// A model too large to lower is the model's mistake in a batch too, said once before any
/// puzzle, whichever MIP solver was asked.
#[test]
fn a_batch_on_a_model_too_large_says_so_once() {
    for solver in MIP_SOLVERS {
        let ran = Sdkc::new()
            .model("grid 196x196\nboxes 14x14\nrule distinct rows, columns, boxes\n")
            .file("list.txt", b"x\n")
            .args(&[
                "run",
                "model.sdk",
                "--givens-file",
                "list.txt",
                "--solver",
                solver,
            ])
            .status(3)
            .run();
        let stderr = &ran.out.stderr;
        assert!(
            stderr.contains("this model's MIP would have about 30,118,144 non-zeros")
                && stderr.ends_with("error: 1 mistake in model.sdk\n"),
            "{solver}: {stderr}"
        );
    }
}

/// A model read from a device or a pipe has no folder for `MODEL.lp`: the LP goes to standard
/// output instead of `/dev/stdin.lp`.
#[test]
fn compile_from_dev_stdin_writes_to_standard_output() {
    let ran = Sdkc::new()
        .stdin(b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n")
        .args(&["compile", "/dev/stdin"])
        .stderr("")
        .run();
    assert!(
        ran.out.stdout.starts_with("\\ Model: (unnamed)\n"),
        "{}",
        ran.out.stdout
    );
    assert!(!std::path::Path::new("/dev/stdin.lp").exists());
}

/// `sdkc rules` lists the standard library as setters read it; `sdkc rules NAME` adds the
/// definition; a misspelt name is a usage error with a suggestion; `--json` is one object a
/// line.
#[test]
fn rules_lists_the_standard_library() {
    let ran = Sdkc::new().args(&["rules"]).status(0).run();
    let out = &ran.out.stdout;
    assert!(out.starts_with(
        "cage(total: number, cells: cells)\n    Killer cage: the digits sum to `total`, and no digit repeats in the cage.\n    rule cage(15, r1c1 r1c2 r2c1)\n\n"
    ));
    for family in [
        "thermo(line: cells)",
        "arrow(circle: cell, line: cells)",
        "white(a: cell, b: cell)",
        "kropki_negative()",
        "xv_negative()",
        "german_whisper(line: cells)",
        "renban(line: cells)",
        "palindrome(line: cells)",
        "between(line: cells)",
        "lockout(line: cells, gap: number)",
        "region_sum(line: cells)",
        "entropic(line: cells)",
        "modular(line: cells)",
        "parity_line(line: cells)",
        "zipper(line: cells)",
        "little_killer(line: cells, total: number)",
        "sandwich(line: cells, total: number)",
        "x_sum(line: cells, total: number)",
        "skyscraper(line: cells, seen: number)",
        "numbered_room(line: cells, digit: number)",
        "indexing(line: cells, index: cell)",
        "lunchbox(line: cells, total: number)",
        "clone(a: cells, b: cells)",
        "contains(cells: cells, digit: number, times: number)",
        "quadruple(cells: cells, digits: numbers)",
        "equality_cage(cells: cells)",
        "pill_arrow(pill: cells, line: cells)",
        "disjoint_groups()",
        "windoku()",
        "diagonals()",
        "anti_knight()",
        "anti_king()",
        "nonconsecutive()",
        "even(c: cell)",
        "odd(c: cell)",
        "minimum(c: cell)",
        "counting_circles(cells: cells)",
    ] {
        assert!(
            out.contains(&format!("\n{family}\n")),
            "{family} is not listed"
        );
    }
    Sdkc::new()
        .args(&["rules", "thermo"])
        .status(0)
        .stdout("thermo(line: cells)\n    Thermometer: digits strictly increase from the bulb (the line's first cell).\n    rule thermo(r9c4-r7c2)\n\ndefine thermo(line: cells): for (a, b) in steps(line): v[a] < v[b]\n")
        .run();
    Sdkc::new()
        .args(&["rules", "sandwhich"])
        .status(2)
        .stderr("error: the library has no rule `sandwhich`; did you mean `sandwich`? (`sdkc rules` lists them)\n")
        .run();
    let json = Sdkc::new().args(&["rules", "--json"]).status(0).run();
    let first: serde_json::Value =
        serde_json::from_str(json.out.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["name"], "cage");
    assert_eq!(
        first["params"],
        serde_json::json!(["total: number", "cells: cells"])
    );
    assert_eq!(first["example"], "rule cage(15, r1c1 r1c2 r2c1)");
    assert_eq!(first.get("definition"), None);
    // One rule by name has its definition too, as the text does (a review found it missing).
    Sdkc::new()
        .args(&["rules", "thermo", "--json"])
        .status(0)
        .stdout("{\"name\":\"thermo\",\"params\":[\"line: cells\"],\"doc\":\"Thermometer: digits strictly increase from the bulb (the line's first cell).\",\"example\":\"rule thermo(r9c4-r7c2)\",\"definition\":\"define thermo(line: cells): for (a, b) in steps(line): v[a] < v[b]\"}\n")
        .run();
}

/// A setter's killer cage, thermometer and sandwich clue, one line each, have the grids of
/// the same rules written out by hand.
#[test]
fn library_calls_are_one_line_per_clue() {
    let head = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n";
    let short = format!(
        "{head}rule cage(5, r1c1 r2c1)\nrule thermo(r4c4-r4c2)\nrule sandwich(r1c3-r4c3, 3)\n"
    );
    let long = format!(
        "{head}area k = r1c1 r2c1\nrule sum(k) == 5\nrule distinct k\n\
         area t = r4c4 r4c3 r4c2\nrule for (a, b) in steps(t): v[a] < v[b]\n\
         area s = r1c3 r2c3 r3c3 r4c3\n\
         rule for (a, b) in s: (v[a] == 1 and v[b] == 4 or v[a] == 4 and v[b] == 1)\n\
             => sum(c in s where row(a) < row(c) and row(c) < row(b): v[c]) == 3\n"
    );
    let grids = |model: &str| {
        let ran = Sdkc::new()
            .model(model)
            .args(&["run", "model.sdk", "-a", "--solver", "builtin"])
            .status(10)
            .run();
        streamed_grids(&ran.out.stdout)
    };
    let expected = grids(&long);
    assert_eq!(expected.len(), 2, "{expected:?}");
    assert_eq!(grids(&short), expected);
    Sdkc::new()
        .model(&short)
        .args(&["check", "model.sdk"])
        .status(0)
        .stdout("model.sdk: no mistakes (grid 4x4, values 1..4, 0 givens, 5 rules)\n")
        .run();
}

/// A MIP solver's seed fits a C `int`, which HiGHS reads it into: past 2^31 - 1 HiGHS stopped
/// with an error (exit 7; a review found it), so the command line refuses it (exit 2), and
/// the largest works on every MIP backend.
#[test]
fn random_seeds_past_a_c_int_are_refused() {
    let ran = Sdkc::new()
        .args(&[
            "run",
            "examples/classic.sdk",
            "--solver",
            "highs",
            "-r",
            "2147483648",
        ])
        .status(2)
        .run();
    assert!(
        ran.out
            .stderr
            .contains("2147483648 is not in 0..=2147483647"),
        "{}",
        ran.out.stderr
    );
    for solver in ["highs", "cbc", "glpk"] {
        Sdkc::new()
            .args(&[
                "run",
                "examples/classic.sdk",
                "--solver",
                solver,
                "-r",
                "2147483647",
            ])
            .status(0)
            .run();
    }
}
