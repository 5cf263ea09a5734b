//! `sdkc solvers` says which solvers are installed, where, and which version; a solver named
//! by SDKC_CBC / SDKC_HIGHS that is not there is reported as such, and `auto` passes over it.

mod common;
use common::*;

#[test]
fn every_solver_is_listed_with_its_path_and_version() {
    let ran = Sdkc::new().args(&["solvers"]).run();
    let lines: Vec<&str> = ran.out.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", ran.out.stdout);
    assert_eq!(
        lines[0],
        format!(
            "builtin  found      sdkc {} (its own exact search; nothing to install)",
            env!("CARGO_PKG_VERSION")
        )
    );
    // The real binaries the tests install: Debian's CBC 2.10, PyPI's HiGHS 1.x.
    assert!(
        lines[1].starts_with("cbc      found      /"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with("/cbc (version 2.10.8)"), "{}", lines[1]);
    assert!(
        lines[2].starts_with("highs    found      /"),
        "{}",
        lines[2]
    );
    assert!(lines[2].contains("/highs (version 1."), "{}", lines[2]);
    // Debian's glpk-utils 5.0.
    assert!(
        lines[3].starts_with("glpk     found      /")
            && lines[3].ends_with("/glpsol (version 5.0)"),
        "{}",
        lines[3]
    );
    assert_eq!(
        lines[4],
        "auto     = glpk (the first found of glpk, highs, cbc, builtin)"
    );
}

#[test]
fn a_solver_variable_naming_nothing_is_reported_and_auto_falls_back() {
    let missing = "/nonexistent/glpsol";
    let ran = Sdkc::new()
        .env("SDKC_GLPK", missing)
        .args(&["solvers"])
        .run();
    let lines: Vec<&str> = ran.out.stdout.lines().collect();
    assert_eq!(
        lines[3],
        "glpk     not found  SDKC_GLPK names /nonexistent/glpsol, which is not an executable file"
    );
    assert_eq!(
        lines[4],
        "auto     = highs (the first found of glpk, highs, cbc, builtin)"
    );
    Sdkc::new()
        .env("SDKC_GLPK", missing)
        .args(&["run", "examples/six.sdk", "--solver", "glpk"])
        .status(6)
        .stderr("error: solver `glpk` not found: SDKC_GLPK names /nonexistent/glpsol, which is not an executable file\n")
        .run();
    let ran = Sdkc::new()
        .env("SDKC_GLPK", missing)
        .args(&["run", "examples/six.sdk"])
        .run();
    assert!(
        ran.out.stderr.starts_with("solved with highs in "),
        "{}",
        ran.out.stderr
    );
    assert_eq!(printed_grid(&ran.out.stdout), expected_grid("six"));
    // And past HiGHS too, to CBC.
    let ran = Sdkc::new()
        .env("SDKC_GLPK", missing)
        .env("SDKC_HIGHS", "/nonexistent/highs")
        .args(&["solvers"])
        .run();
    assert_eq!(
        ran.out.stdout.lines().nth(4),
        Some("auto     = cbc (the first found of glpk, highs, cbc, builtin)")
    );
}

/// The bash completion script completes subcommands and options in a real bash.
#[test]
fn bash_completes_subcommands_and_options() {
    let ran = Sdkc::new().args(&["completions", "bash"]).run();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("sdkc.bash");
    std::fs::write(&script, &ran.out.stdout).unwrap();
    let complete = |words: &str, cword: usize, cur: &str, prev: &str| {
        let program = format!(
            "source {}; COMP_WORDS=({words}); COMP_CWORD={cword}; _sdkc sdkc {cur} {prev}; echo \"${{COMPREPLY[@]}}\"",
            script.display()
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &program])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    assert_eq!(complete("sdkc so", 1, "so", "sdkc"), "solvers");
    assert_eq!(
        complete("sdkc run x.sdk --sol", 3, "--sol", "x.sdk"),
        "--solver --solver-option"
    );
    assert_eq!(
        complete("sdkc run x.sdk --solver ''", 4, "''", "--solver"),
        "auto builtin cbc highs glpk"
    );
}
