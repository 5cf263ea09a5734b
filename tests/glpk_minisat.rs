//! GLPK's two ways (src/solve/glpk.rs `ways`): on a model of binaries sdkc races GLPK's branch
//! and cut against its MiniSat (`glpsol --minisat`), one process each, when two threads are
//! allowed; on one thread MiniSat runs alone, and a `--solver-option` other than `minisat`
//! leaves branch and cut alone. Real glpsol runs, each proof checked against the published
//! grid.

mod common;
use common::*;

const SAUERKRAUT: &str = "examples/library/nabner-cold-sauerkraut.sdk";
const BARBED_CROSS: &str = "examples/library/disjoint-barbed-cross.sdk";

/// The LP file GLPK was handed for `model` (`--keep-files`), run with `more`: MiniSat's with
/// `-p 1`, branch and cut's with `--solver-option first=`.
fn kept_lp(model: &str, more: &[&str]) -> String {
    let ran = Sdkc::new()
        .model(model)
        .args(&[
            "run",
            "model.sdk",
            "--solver",
            "glpk",
            "--keep-files",
            "kept",
        ])
        .args(more)
        .run();
    std::fs::read_to_string(ran.path().join("kept/glpk-1.lp")).unwrap()
}

/// `sdkc run MODEL --unique --solver glpk MORE...`, to be run.
fn glpk(model: &str, more: &[&str]) -> Sdkc {
    Sdkc::new()
        .args(&["run", model, "--unique", "--solver", "glpk"])
        .args(more)
}

/// Cold Sauerkraut, which GLPK's branch and cut does not solve (no grid in 150 s), is proved
/// by the race, both of its answers MiniSat's; the same with MiniSat alone (`-p 1`).
#[test]
fn the_race_proves_what_branch_and_cut_cannot() {
    for threads in [None, Some("1")] {
        let mut more = vec!["-s"];
        if let Some(t) = threads {
            more.extend(["-p", t]);
        }
        let out = proves_unique_as(SAUERKRAUT, "variants/nabner-cold-sauerkraut", "glpk", &more);
        assert!(
            out.stderr
                .contains("  solves:     2 (2 answered by GLPK's MiniSat)\n"),
            "{threads:?}: {}",
            out.stderr
        );
    }
    // The JSON's statistics count them too.
    let ran = glpk(SAUERKRAUT, &["-p", "1", "--json", "-s"]).run();
    let json = ran.json();
    assert_eq!(json["status"], "unique");
    assert_eq!(json["statistics"]["solves"], 2);
    assert_eq!(json["statistics"]["minisat"], 2);
}

/// The zipper's total (`zipper1_total`, an integer column from 2 to 9 for branch and cut to
/// branch on) is defined by one row from binaries, so MiniSat's model leaves it out and sdkc
/// works it out from MiniSat's answer: MiniSat proves The Zip that Zips the Zips, where
/// before branch and cut ran alone (14 s).
#[test]
fn minisat_takes_the_zipper_without_its_total() {
    for threads in ["2", "1"] {
        let out = proves_unique_as(
            "examples/library/zipper-zip-zips.sdk",
            "variants/zipper-zip-zips",
            "glpk",
            &["-s", "-p", threads],
        );
        assert!(
            out.stderr
                .contains("  solves:     2 (2 answered by GLPK's MiniSat)\n"),
            "-p {threads}: {}",
            out.stderr
        );
    }
}

/// A remainder column of the algebra (`x / 9` is `x - 9 q - r = 0`, r in 0..8, q a binary
/// here) is in one row too, and its bounds matter: MiniSat's model keeps them as rows over
/// the rest. Before, MiniSat alone gave grids whose r, read back, was 12 (exit 8); now it
/// lists the builtin search's 64 grids.
#[test]
fn minisat_keeps_the_bounds_of_a_column_it_does_not_see() {
    let model = "\
grid 4x4
boxes 2x2
rule distinct rows, columns, boxes
rule (v[r1c1] + v[r2c2] + v[r3c3] + v[r4c4]) / 9 == 0
";
    let grids = |solver: &[&str]| listed_grids(model, &[&["--solver"], solver].concat());
    let builtin = grids(&["builtin"]);
    assert_eq!(builtin.len(), 64);
    assert_eq!(grids(&["glpk", "-p", "1"]), builtin);
    assert_eq!(grids(&["glpk"]), builtin);
}

/// A sum whose rows are built whole (a cage's digit sets, a little killer's layered flow)
/// has its algebra marked implied: branch and cut's model keeps those rows, MiniSat's leaves
/// them out (hard killers 2-6x faster). A cage's rows tying its sets to its digits are
/// equalities for branch and cut, clauses for MiniSat (hard killers 7x faster). The same 14
/// grids either way, and as the builtin search lists them.
#[test]
fn minisat_leaves_out_the_rows_a_flow_implies() {
    let model = "\
grid 4x4
boxes 2x2
rule distinct rows, columns, boxes
rule cage(7, r2c2 r2c3 r3c3)
rule little_killer(r4c1 r3c2 r2c3 r1c4, 10)
rule cage(7, r3c1 r4c1 r4c2)
";
    let grids = |solver: &[&str]| listed_grids(model, &[&["--solver"], solver].concat());
    let builtin = grids(&["builtin"]);
    assert_eq!(builtin.len(), 14);
    assert_eq!(grids(&["glpk", "-p", "1"]), builtin);
    assert_eq!(grids(&["glpk", "--solver-option", "first="]), builtin);
    assert_eq!(grids(&["glpk"]), builtin);
    // The files each way was given: the family's rows (`cage1_sum3`) in both, the algebra's table
    // (`cage1_3`, `little_killer1_1`) in branch and cut's alone.
    let minisat = kept_lp(model, &["-p", "1"]);
    let branch_and_cut = kept_lp(model, &["--solver-option", "first="]);
    // The family's rows: a cage's "one set" (`sum1`) and the little killer's flow in both;
    // a cage's digit rows (`sum3`) whole in branch and cut's, as clauses (`~c1`, ...) in
    // MiniSat's (`Mip::clause_rows`).
    for flow in [" cage1_sum1: ", " little_killer1_sum3: ", " cage2_sum1: "] {
        assert!(minisat.contains(flow), "{flow}: {minisat}");
        assert!(branch_and_cut.contains(flow), "{flow}: {branch_and_cut}");
    }
    for whole in [" cage1_sum3: ", " cage2_sum3: "] {
        assert!(!minisat.contains(whole), "{whole}: {minisat}");
        assert!(branch_and_cut.contains(whole), "{whole}: {branch_and_cut}");
    }
    assert!(minisat.contains(" ~c1: "), "{minisat}");
    assert!(!branch_and_cut.contains("~c"), "{branch_and_cut}");
    for algebra in [" cage1_3: ", " little_killer1_1: ", " cage2_3: "] {
        assert!(!minisat.contains(algebra), "{algebra}: {minisat}");
        assert!(
            branch_and_cut.contains(algebra),
            "{algebra}: {branch_and_cut}"
        );
    }
    // The areas that keep a cage's digits apart are its own rule's rows, and stay.
    assert!(minisat.contains(" cage1_distinct_1: "), "{minisat}");
}

/// The Barbed Cross goes the other way: branch and cut proves it in about 1.6 s, MiniSat in
/// about 7 s (its grid after about 0.9 s; before the short diagonals' digit sets it found
/// none in 30 s). So the race answers with branch and cut's, and MiniSat alone, which has no
/// clock of its own, is stopped by sdkc at the time limit, set here well before its grid:
/// exit 5, the time limit's message, not a solver that overran (which sdkc would stop only
/// 2 s past 1.2 times it).
#[test]
fn the_race_takes_branch_and_cut_where_it_is_faster() {
    let out = proves_unique_as(
        BARBED_CROSS,
        "variants/disjoint-barbed-cross",
        "glpk",
        &["-s"],
    );
    assert!(out.stderr.contains("  solves:     2\n"), "{}", out.stderr);
    glpk(BARBED_CROSS, &["-p", "1", "--time-limit", "0.3"])
        .status(5)
        .stderr(
            "glpk reached the time limit before finding a solution\n\
             hint: sdkc's own search (`--solver builtin`) may answer sooner\n",
        )
        .run();
    // A run stopped at the limit answered nothing: it is a solve, not MiniSat's answer.
    let ran = glpk(
        BARBED_CROSS,
        &["-p", "1", "--time-limit", "0.3", "--json", "-s"],
    )
    .status(5)
    .run();
    let json = ran.json();
    assert_eq!(json["status"], "time_limit");
    assert_eq!(json["statistics"]["solves"], 1);
    assert!(json["statistics"].get("minisat").is_none(), "{json}");
}

/// With `-v`, the log of the way the other's answer stopped says so; `--keep-files` keeps
/// both ways' files (the stopped one without a solution).
#[test]
fn the_stopped_way_says_so() {
    let ran = glpk(SAUERKRAUT, &["-p", "2", "-v"]).run();
    let headers: Vec<&str> = ran
        .out
        .stderr
        .lines()
        .filter(|l| l.starts_with("--- glpk log ("))
        .collect();
    let stopped = headers
        .iter()
        .filter(|l| l.ends_with(", stopped: another run answered first) ---"))
        .count();
    // Two questions, two ways each; branch and cut answers neither on this puzzle.
    if std::thread::available_parallelism().map_or(1, |n| n.get()) >= 2 {
        assert_eq!((headers.len(), stopped), (4, 2), "{headers:?}");
    }
}

/// The generator asks its questions on one thread each, so GLPK's answers, and with them the
/// puzzles of a seed, are the same on every run (the race would take either way's grid).
#[test]
fn the_generator_with_glpk_repeats_its_puzzles() {
    let run = || {
        Sdkc::new()
            .args(&[
                "generate",
                "examples/six.sdk",
                "--solver",
                "glpk",
                "-n",
                "3",
                "--seed",
                "5",
            ])
            .run()
            .out
            .stdout
    };
    let first = run();
    assert_eq!(first.lines().count(), 3, "{first}");
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
}

/// A user's `--solver-option` is GLPK's own vocabulary for its branch and cut, which then runs
/// alone: on Cold Sauerkraut it finds no grid before the limit. `minisat=` asks for MiniSat
/// alone; on a model that is not all binaries (`encoding integer`) MiniSat refuses it, and
/// that is GLPK's failure, quoted, not a time limit.
#[test]
fn a_solver_option_chooses_the_way() {
    glpk(
        SAUERKRAUT,
        &["--solver-option", "first=", "--time-limit", "2"],
    )
    .status(5)
    .run();
    let out = proves_unique_as(
        SAUERKRAUT,
        "variants/nabner-cold-sauerkraut",
        "glpk",
        &["-s", "--solver-option", "minisat="],
    );
    assert!(
        out.stderr
            .contains("  solves:     2 (2 answered by GLPK's MiniSat)\n"),
        "{}",
        out.stderr
    );
    Sdkc::new()
        .args(&[
            "run",
            "examples/seed001-integer.sdk",
            "--solver",
            "glpk",
            "--solver-option",
            "minisat=",
        ])
        .status(7)
        .stderr(
            "error: solver `glpk` failed: its MiniSat refused the model: glp_intfeas1: column \
             708: non-binary non-fixed variable not allowed\n",
        )
        .run();
}

/// MiniSat counts through the same no-good rows as branch and cut: every grid of a model
/// with several, on one thread (MiniSat alone) and on two (the race), and the true
/// candidates, which exclude values with rows of their own.
#[test]
fn minisat_counts_and_finds_candidates() {
    for threads in ["1", "2"] {
        let three = |question: &str| {
            Sdkc::new()
                .args(&["run", "examples/three.sdk", question])
                .args(&["--solver", "glpk", "-p", threads])
                .status(10)
                .run()
        };
        let ran = three("-a");
        assert!(
            ran.out
                .stderr
                .contains("not unique: glpk found exactly 3 solutions"),
            "{}",
            ran.out.stderr
        );
        let ran = three("--candidates");
        assert_eq!(
            ran.out.stdout,
            "1   24  | 24  3\n34  234 | 24  1\n--------+--------\n34  34  | 1   2\n2   1   | 3   4\n"
        );
    }
}

/// A sandwich's digit sets reach MiniSat as clauses (`Mip::clause_rows`, named `~c1`, ...),
/// each "a set chosen: its digits between the crusts" and "a crust here: a pair of places
/// ending here chosen" one clause, where the rows whole, which branch and cut keeps, are
/// adders to MiniSat: Sandwich Snipe (every clue 18, two grids) took MiniSat alone more than
/// 60 s with the rows whole, about 2.3 s as clauses. Neither the files written for branch
/// and cut nor `compile`'s hold the clauses.
#[test]
fn minisat_reads_a_sandwich_as_clauses() {
    let file = root().join("tests/fpuzzles/sandwich-snipe-18.txt");
    let file = file.to_str().unwrap();
    let listed = |more: &[&str]| {
        grids_listed_by(
            Sdkc::new()
                .args(&[
                    "run",
                    file,
                    "-a",
                    "--json",
                    "--solver",
                    "glpk",
                    "--time-limit",
                    "20",
                ])
                .args(more),
        )
    };
    let minisat = listed(&["-p", "1"]);
    assert_eq!(minisat.len(), 2, "{minisat:?}");
    assert_eq!(listed(&["--solver-option", "minisat="]), minisat);
    // The files each way was given, on a 4x4 (branch and cut takes long to find a grid of the
    // Snipe).
    let model = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n\
                 rule sandwich(r1c1-r1c4, 2)\nrule sandwich(r1c1-r4c1, 5)\n";
    let minisat = kept_lp(model, &["-p", "1"]);
    let branch_and_cut = kept_lp(model, &["--solver-option", "first="]);
    assert!(minisat.contains(" ~c1: "), "{minisat}");
    assert!(!branch_and_cut.contains("~c"), "{branch_and_cut}");
    // The rows whole (the first is the first place's: a crust there, or not) are branch and
    // cut's alone.
    assert!(
        branch_and_cut.contains(" sandwich1_sum1: "),
        "{branch_and_cut}"
    );
    assert!(!minisat.contains(" sandwich1_sum1: "), "{minisat}");
    let ran = Sdkc::new()
        .model(model)
        .args(&["compile", "model.sdk", "-o", "model.lp"])
        .run();
    let written = std::fs::read_to_string(ran.path().join("model.lp")).unwrap();
    assert!(!written.contains("~c"));
    assert!(written.contains(" sandwich1_sum1: "));
}
