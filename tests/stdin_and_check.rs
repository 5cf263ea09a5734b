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
    let from_file = Sdkc::new()
        .args(&["run", "examples/classic.sdk", "--solver", "builtin"])
        .run();
    let from_stdin = Sdkc::new()
        .stdin(&classic())
        .args(&["run", "-", "--solver", "builtin"])
        .stdout(&from_file.out.stdout)
        .run();
    assert_eq!(
        printed_grid(&from_stdin.out.stdout),
        expected_grid("classic")
    );
    // compile without -o: standard output, as there is no file name to put `.lp` on.
    let from_file = Sdkc::new()
        .args(&["compile", "examples/classic.sdk", "-o", "-"])
        .run();
    Sdkc::new()
        .stdin(&classic())
        .args(&["compile", "-"])
        .stdout(&from_file.out.stdout)
        .run();
}

#[test]
fn mistakes_in_standard_input_are_reported_against_stdin() {
    let ran = Sdkc::new()
        .stdin(b"grid 4x4\nrule distinct rowz\n")
        .args(&["check", "-"])
        .status(3)
        .run();
    let stderr = &ran.out.stderr;
    assert!(stderr.contains("╭─[<stdin>:2:15]"), "{stderr}");
    assert!(
        stderr.ends_with("error: 1 mistake in <stdin>\n"),
        "{stderr}"
    );
}

#[test]
fn the_model_and_the_list_cannot_both_be_standard_input() {
    Sdkc::new()
        .stdin(&classic())
        .args(&["run", "-", "--givens-file", "-"])
        .status(2)
        .stderr("error: the model and the --givens-file list cannot both be standard input\n")
        .run();
}

#[test]
fn check_says_what_the_model_is() {
    Sdkc::new()
        .args(&["check", "examples/classic.sdk"])
        .stdout("examples/classic.sdk: no mistakes (grid 9x9, values 1..9, 30 givens, 1 rule)\n")
        .run();
    Sdkc::new()
        .args(&["check", "examples/seed001-fancy.sdk"])
        .stdout(
            "examples/seed001-fancy.sdk: no mistakes (grid 9x9, values 1..9, 0 givens, 4 rules)\n",
        )
        .run();
    Sdkc::new()
        .model("grid 9x9\nboxes 2x2\n")
        .args(&["check", "model.sdk"])
        .status(3)
        .stdout("")
        .run();
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

/// A byte-order mark at the start of a model or a list (Windows editors write one) is not
/// read as text: it once made the model's first word a mistake and the list's first line one
/// character too long.
#[test]
fn a_byte_order_mark_is_not_text() {
    let bom = |text: &str| [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    Sdkc::new()
        .file(
            "bom.sdk",
            &bom("grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n"),
        )
        .file("list.txt", &bom("1.2...3..4.2....\n"))
        .args(&["check", "bom.sdk"])
        .stdout("bom.sdk: no mistakes (grid 4x4, values 1..4, 0 givens, 1 rule)\n")
        .run();
    Sdkc::new()
        .file(
            "bom.sdk",
            &bom("grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n"),
        )
        .file("list.txt", &bom("1.2...3..4.2....\n"))
        .args(&[
            "run",
            "bom.sdk",
            "--givens-file",
            "list.txt",
            "--solver",
            "builtin",
        ])
        .stdout("1 solved 1324423134122143\n")
        .run();
}
