//! `-` reads the model from standard input, in every command; `sdkc check` analyzes a model
//! without solving it.

mod common;
use common::*;

use std::process::{Command, Stdio};

fn classic() -> Vec<u8> {
    std::fs::read(root().join("examples/classic.sdk")).unwrap()
}

#[test]
fn run_and_compile_read_the_model_from_standard_input() {
    let from_file = sdkc(&["run", "examples/classic.sdk", "--solver", "builtin"]);
    let from_stdin = sdkc_stdin(&["run", "-", "--solver", "builtin"], &classic());
    assert_eq!(from_stdin.code, 0, "{}", from_stdin.stderr);
    assert_eq!(from_stdin.stdout, from_file.stdout);
    assert_eq!(printed_grid(&from_stdin.stdout), expected_grid("classic"));
    // compile without -o: standard output, as there is no file name to put `.lp` on.
    let lp = sdkc_stdin(&["compile", "-"], &classic());
    assert_eq!(lp.code, 0, "{}", lp.stderr);
    assert_eq!(
        lp.stdout,
        sdkc(&["compile", "examples/classic.sdk", "-o", "-"]).stdout
    );
}

#[test]
fn mistakes_in_standard_input_are_reported_against_stdin() {
    let out = sdkc_stdin(&["check", "-"], b"grid 4x4\nrule distinct rowz\n");
    assert_eq!(out.code, 3);
    assert!(out.stderr.contains("╭─[<stdin>:2:15]"), "{}", out.stderr);
    assert!(
        out.stderr.ends_with("error: 1 mistake in <stdin>\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_model_and_the_list_cannot_both_be_standard_input() {
    let out = sdkc_stdin(&["run", "-", "--givens-file", "-"], &classic());
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: the model and the --givens-file list cannot both be standard input\n"
    );
}

#[test]
fn check_says_what_the_model_is() {
    let out = sdkc(&["check", "examples/classic.sdk"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "examples/classic.sdk: no mistakes (grid 9x9, values 1..9, 30 givens, 1 rule)\n"
    );
    let out = sdkc(&["check", "examples/seed001-fancy.sdk"]);
    assert_eq!(
        out.stdout,
        "examples/seed001-fancy.sdk: no mistakes (grid 9x9, values 1..9, 0 givens, 4 rules)\n"
    );
    let (_dir, out) = with_model(b"grid 9x9\nboxes 2x2\n", &["check"]);
    assert_eq!(out.code, 3);
    assert!(out.stdout.is_empty());
}

/// `sdkc ... | head`: once the reader is gone, sdkc stops quietly with exit 0 (no panic, no
/// "Broken pipe" message), whether it was writing a model or printing results.
#[test]
fn a_closed_standard_output_ends_quietly() {
    for args in [
        &["compile", "examples/seed001-fancy.sdk", "-o", "-"][..],
        &["generate", "examples/six.sdk", "--count", "3000"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
            .args(args)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read a little, then hang up, as `head -c 100` does. Each output is larger than a
        // pipe's buffer, so sdkc is still writing when the reader goes.
        let mut first = [0u8; 100];
        std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!stderr.contains("Broken pipe"), "{stderr}");
    }
}
