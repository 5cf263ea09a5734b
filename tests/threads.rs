//! `run -p N` with the builtin search: a proof or a count of one puzzle on N threads (every
//! core by default), with the same answer and the same output as on one thread.

mod common;
use common::{Sdkc, nodes, proves_unique_as};

/// `run --unique -s -p P` of `model`, which has more grids than one (exit 10).
fn not_unique(model: &str, p: &str) -> common::Out {
    Sdkc::new()
        .model(model)
        .args(&[
            "run",
            "model.sdk",
            "--unique",
            "--solver",
            "builtin",
            "-s",
            "-p",
            p,
        ])
        .status(10)
        .run()
        .out
}

/// The killer `name` of `examples/killers/` without the cages `drop` says (numbered from 1).
fn killer_without(name: &str, drop: impl Fn(usize) -> bool) -> String {
    let mut cages = 0;
    std::fs::read_to_string(common::root().join(format!("examples/killers/{name}.sdk")))
        .unwrap()
        .lines()
        .filter(|l| {
            cages += l.starts_with("rule cage") as usize;
            !l.starts_with("rule cage") || !drop(cages)
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_proof_on_two_threads_proves_the_published_grid() {
    for name in ["wecoc-1", "tarek-39"] {
        proves_unique_as(
            &format!("examples/killers/{name}.sdk"),
            &format!("killers/{name}"),
            "builtin",
            &["-p", "2"],
        );
    }
}

/// Which grids a puzzle with more than one shows, and in what order, is the one-thread
/// search's on any number of threads: the output is the same bytes.
#[test]
fn every_number_of_threads_writes_the_same_output() {
    // (3,411 nodes on one thread for `--unique`, 3,412 for `--count 3`: past the first 500
    // the threads share the tree.)
    let model = killer_without("tarek-39", |k| k <= 6);
    for args in [
        &["--unique"][..],
        &["--count", "3"],
        &["--count", "3", "--json"],
    ] {
        let run = |p: &str| {
            Sdkc::new()
                .model(&model)
                .args(&["run", "model.sdk", "--solver", "builtin", "-p", p])
                .args(args)
                .status(10)
                .run()
                .out
        };
        // (A report's `seconds` is the one thing that moves in JSON.)
        let timeless = |out: String| {
            let Ok(mut v) = serde_json::from_str::<serde_json::Value>(&out) else {
                return out;
            };
            v["seconds"] = 0.into();
            v.to_string()
        };
        let one = run("1");
        let said = one.stderr.clone() + &one.stdout;
        assert!(
            said.contains("found at least") || said.contains("at least 3 solutions"),
            "{said}"
        );
        for p in ["2", "3"] {
            let more = run(p);
            assert_eq!(
                timeless(more.stdout),
                timeless(one.stdout.clone()),
                "-p {p} {args:?}"
            );
        }
    }
}

/// The time limit stops every thread: the process ends with the limit's exit code and
/// message.
#[test]
fn the_time_limit_stops_every_thread() {
    let start = std::time::Instant::now();
    Sdkc::new()
        .args(&[
            "run",
            "examples/killers-hard/mathemagic-14.sdk",
            "--unique",
            "--solver",
            "builtin",
            "-p",
            "2",
            "--time-limit",
            "0.3",
        ])
        .status(5)
        .stderr("builtin reached the time limit before finding a solution\n")
        .run();
    // (Without the stop, the threads would search on for the whole proof: about 1.7 s, the
    // first grid among it.)
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

/// Wecoc #1 without its ninth cage has more grids than one, and the one-thread search takes
/// 25,076 nodes to find two: past the first thread's warm-up, the threads share the tree,
/// find two grids, and the one-thread search says which.
#[test]
fn threads_that_find_two_grids_show_the_one_thread_searchs() {
    let model = killer_without("wecoc-1", |k| k == 9);
    let (one, two) = (not_unique(&model, "1"), not_unique(&model, "2"));
    assert_eq!(two.stdout, one.stdout);
    // The threads' nodes and then the one-thread search's.
    assert_eq!(nodes(&one.stderr), 25_076);
    assert!(nodes(&two.stderr) > 25_076, "{}", two.stderr);
    assert!(
        two.stderr
            .contains("not unique: builtin found at least 2 solutions")
            && two
                .stderr
                .contains("threads:    2 (the nodes summed over them)"),
        "{}",
        two.stderr
    );
}

/// A second grid found by the first thread before it handed out any work (within its first
/// 500 nodes) is the one-thread search's, node for node: the answer, with no second search.
#[test]
fn a_second_grid_found_alone_is_the_answer() {
    let model = killer_without("tarek-39", |k| k <= 12);
    let run = |p: &str| {
        let out = not_unique(&model, p);
        (nodes(&out.stderr), out.stdout)
    };
    let one = run("1");
    assert_eq!(one.0, 129);
    assert_eq!(run("2"), one);
}

/// True candidates' first question (up to 64 grids) on two threads: Wecoc #1 without its ninth
/// cage has two grids (25,405 nodes on one thread), which the threads find together, the tree
/// searched once, where the one-thread search used to search it again for their order. The
/// candidates, the grid shown and the counts are the same as on one thread.
#[test]
fn true_candidates_are_found_on_every_thread() {
    let model = killer_without("wecoc-1", |k| k == 9);
    let run = |p: &str, more: &[&str]| {
        Sdkc::new()
            .model(&model)
            .args(&[
                "run",
                "model.sdk",
                "--candidates",
                "--solver",
                "builtin",
                "-p",
                p,
            ])
            .args(more)
            .status(10)
            .run()
            .out
    };
    let (one, two) = (run("1", &["-s"]), run("2", &["-s"]));
    assert_eq!(two.stdout, one.stdout);
    for out in [&one, &two] {
        assert!(
            out.stderr.contains(
                "not unique: 6 cells have more than one candidate (2 solutions and 1 question"
            ),
            "{}",
            out.stderr
        );
    }
    // The threads searched (how many nodes depends on their timing).
    assert!(
        two.stderr
            .contains("threads:    2 (the nodes summed over them)"),
        "{}",
        two.stderr
    );
    assert_eq!(nodes(&one.stderr), 25_405);
    // JSON: the same but for the seconds.
    let timeless = |out: &str| {
        let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
        v["seconds"] = 0.into();
        v
    };
    let (one, two) = (run("1", &["--json"]), run("2", &["--json"]));
    assert_eq!(timeless(&two.stdout), timeless(&one.stdout));
    assert_eq!(timeless(&one.stdout)["candidates"]["solutions"], 2);
}
