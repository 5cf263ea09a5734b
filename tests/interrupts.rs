//! An interrupted sdkc leaves nothing behind: SIGINT, SIGTERM and SIGHUP during a real CBC or
//! HiGHS run stop the solver, remove every temporary folder, say so, and exit 128 + the signal;
//! after a SIGKILL the guardian does the same cleaning. A time limit kills whatever the solver
//! forked too. Each run gets a TMPDIR of its own, so "nothing left" can be checked exactly.

mod common;
use common::*;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// An empty 9x9 sudoku: `--count 10000` keeps a solver busy for as long as the test needs.
const EMPTY: &str = "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n";

/// Processes whose command line mentions `dir` (a solver reading its model from there).
fn processes_using(dir: &Path) -> Vec<String> {
    let needle = dir.to_str().unwrap();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push(cmdline);
        }
    }
    found
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "gave up: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Start `sdkc ARGS` with a private TMPDIR and wait until a solver runs in it.
fn start(work: &Path, tmp: &Path, args: &[&str]) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(args)
        .current_dir(work)
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until("a solver process starts", || {
        !processes_using(tmp).is_empty()
    });
    child
}

fn interrupt(signal: i32, args: &[&str]) {
    let work = tempfile::tempdir().unwrap();
    std::fs::write(work.path().join("empty.sdk"), EMPTY).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let child = start(work.path(), tmp.path(), args);
    // SAFETY: a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if signal == libc::SIGKILL {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(libc::SIGKILL));
        // The guardian cleans up once it sees sdkc gone.
        wait_until("the guardian removes the temporary folders", || {
            std::fs::read_dir(tmp.path()).unwrap().count() == 0
        });
    } else {
        let name = match signal {
            libc::SIGINT => "SIGINT",
            libc::SIGTERM => "SIGTERM",
            _ => "SIGHUP",
        };
        assert_eq!(out.status.code(), Some(128 + signal), "{stderr}");
        assert!(
            stderr.ends_with(&format!(
                "sdkc: interrupted by {name}; solvers stopped, temporary files removed\n"
            )),
            "{stderr}"
        );
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
    wait_until("no solver process is left", || {
        processes_using(tmp.path()).is_empty()
    });
}

fn run_args(solver: &'static str) -> Vec<&'static str> {
    vec!["run", "empty.sdk", "--solver", solver, "--count", "10000"]
}

#[test]
fn sigint_during_cbc_and_highs() {
    interrupt(libc::SIGINT, &run_args("cbc"));
    interrupt(libc::SIGINT, &run_args("highs"));
    interrupt(libc::SIGINT, &run_args("glpk"));
}

#[test]
fn sigterm_during_cbc_and_highs() {
    interrupt(libc::SIGTERM, &run_args("cbc"));
    interrupt(libc::SIGTERM, &run_args("highs"));
}

#[test]
fn sighup_during_cbc_and_highs() {
    interrupt(libc::SIGHUP, &run_args("cbc"));
    interrupt(libc::SIGHUP, &run_args("highs"));
}

#[test]
fn sigkill_during_cbc_and_highs() {
    interrupt(libc::SIGKILL, &run_args("cbc"));
    interrupt(libc::SIGKILL, &run_args("highs"));
}

#[test]
fn sigint_during_a_batch_and_the_generator() {
    let list = root().join("bench/hard9x9.txt");
    let list = list.to_str().unwrap();
    interrupt(
        libc::SIGINT,
        &[
            "run",
            "empty.sdk",
            "--solver",
            "highs",
            "--givens-file",
            list,
            "--jobs",
            "2",
            "--unique",
        ],
    );
    interrupt(
        libc::SIGTERM,
        &[
            "generate",
            "empty.sdk",
            "--solver",
            "cbc",
            "--count",
            "50",
            "--jobs",
            "2",
        ],
    );
}

/// A solver that forks: the time limit's watchdog kills its whole process group, so the
/// grandchild does not outlive it. (A script stands in for the solver: the real ones do not
/// fork, and cannot be made to ignore their time limit.)
#[test]
fn a_time_limit_kills_what_the_solver_forked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("grandchild.pid");
    let fake = dir.path().join("fake-solver");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\nsleep 300 &\necho $! > {}\nsleep 300\n",
            pid_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = sdkc_env(
        &root(),
        &[
            "run",
            "examples/classic.sdk",
            "--solver",
            "cbc",
            "--time-limit",
            "0.5",
        ],
        &[("SDKC_CBC", fake.to_str().unwrap())],
    );
    assert_eq!(out.code, 5, "{}", out.stderr);
    // (0.5 s, not 0.1: sdkc starts no solver with less than 0.1 s left.) The watchdog waits
    // 1.2 times what is left of the limit when the solver starts, plus 2 s: 2.6 s when reading
    // the model took no time, 2.5 s when a loaded machine spent 0.05 s on it (a CI run did).
    let seconds = out
        .stderr
        .strip_prefix(
            "cbc reached the time limit without a solution and was stopped by sdkc after ",
        )
        .and_then(|rest| {
            rest.strip_suffix(
                " s\nhint: sdkc's own search (`--solver builtin`) may answer sooner\n",
            )
        })
        .and_then(|n| n.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("{}", out.stderr));
    assert!((2.1..=2.6).contains(&seconds), "{}", out.stderr);
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Gone, or a zombie waiting for a parent that does not reap (PID 1 in some containers).
    wait_until(
        "the grandchild is killed",
        || match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit(')')
                .next()
                .unwrap()
                .trim_start()
                .starts_with('Z'),
        },
    );
}

/// An interrupted compile leaves no partial output: the hidden temporary file beside the
/// target is removed, and the target is never created.
#[test]
fn sigint_during_a_compile_leaves_no_partial_file() {
    let work = tempfile::tempdir().unwrap();
    // 144x144: a few seconds of writing, long enough to be caught in the middle.
    std::fs::write(
        work.path().join("big.sdk"),
        "grid 144x144\nboxes 12x12\nrule distinct rows, columns, boxes\n",
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(["compile", "big.sdk", "-o", "big.lp"])
        .current_dir(work.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until("the temporary output file appears", || {
        std::fs::read_dir(work.path())
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with(".sdkc-"))
    });
    // SAFETY: a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let names: Vec<String> = std::fs::read_dir(work.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["big.sdk"]);
}
