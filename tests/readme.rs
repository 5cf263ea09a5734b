//! The README's examples, run as written.
//!
//! Every command README.md shows is taken from it and run with `bash -c`:
//!
//! - in a fenced block without a language (or `console`, `text`), a line `$ COMMAND` is a
//!   command, and the lines after it, up to the next `$ ` line or the end of the block, are the
//!   output the README says it prints;
//! - every line of a ```` ```sh ```` block is a command whose output is not shown (comment lines
//!   skipped, a line ending in `\` joined to the next).
//!
//! The README's install line is `cargo install --path .`, which puts `sdkc` on PATH. Here a
//! temporary folder at the front of PATH holds `sdkc`, a symlink to the binary cargo built for
//! this test: it stands for that install. `cargo run --release -- ARGS` and `cargo run -- ARGS`
//! build and run that same binary, so they run as `sdkc ARGS`. `cargo run --example embed --
//! ARGS` runs as written from the repository root, with this test's own target folder (the
//! library is built already) and cargo's status lines off (`CARGO_TERM_QUIET`), so what is
//! compared is what the example prints, plus any compiler warning (a user would see it too).
//!
//! Each block runs in a fresh temporary copy of the files the commands use (`examples/`,
//! `bench/`, `tests/expected/`, ...), its commands in order in one folder, since a command may
//! read what the one before it wrote (`generate -o generated/`, then `cat generated/...`). So
//! nothing a command writes (`compile` writes `examples/classic.lp`) lands in the repository.
//! A block with `#SBATCH` lines is a Slurm job script: it runs as task 0 of its array would, with
//! `SLURM_ARRAY_TASK_ID=0` and `SLURM_CPUS_PER_TASK` set.
//!
//! Checks: the exit code is 0 unless `EXIT_CODES` says otherwise; for a `$ ` command, what it
//! prints (standard output, then standard error, as a terminal shows them) matches the shown
//! output line by line, where a shown line `...` stands for any number of lines, trailing blanks
//! are ignored and seconds may differ (every `DIGITS.DIGITS s` reads `N s` on both sides).
//! `sdkc solvers` names this machine's solver paths and versions, so there each shown line's
//! first word must start a line of the output. Commands that install software, need a cluster
//! or run for minutes are skipped (`SKIP`, each with its reason; each skip is printed). Every
//! command runs, all failures are collected, and the test fails once with the whole list.

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Commands not run, by how they start (as written in the README), and why.
const SKIP: &[(&str, &str)] = &[
    (
        "scripts/test",
        "installs CBC and HiGHS (apt-get, pip) and runs the whole `cargo test`, this test included",
    ),
    (
        "scripts/install-solvers",
        "installs software system-wide (apt-get, pip)",
    ),
    ("apt-get ", "installs system packages (root, network)"),
    ("sudo ", "installs or changes the system"),
    (
        "python3 -m venv",
        "creates a virtual environment and installs HiGHS from PyPI (network)",
    ),
    ("pip ", "installs from PyPI (network)"),
    ("pip3 ", "installs from PyPI (network)"),
    (
        "dist=$(~/.venvs/",
        "reads the virtual environment of the skipped `python3 -m venv` line",
    ),
    (
        "ln -s",
        "links into that virtual environment and ~/.local/bin, outside the repository",
    ),
    (
        "cargo install",
        "installs into ~/.cargo/bin; the `sdkc` symlink on this test's PATH stands for it",
    ),
    ("cargo insta review", "interactive snapshot review"),
    (
        "cargo test",
        "runs this crate's tests inside this test (the fuzz smoke pass alone takes ~15 s, half \
         this test's budget); CI runs them itself",
    ),
    ("cargo bench", "criterion benchmarks: minutes"),
    (
        "scripts/fuzz",
        "fuzzing runs of 15 minutes a target; `repro` and `minimize` build the fuzz harness in \
         release mode (minutes) and run cargo inside this test",
    ),
    (
        "bench/",
        "benchmark scripts: minutes of repeated timed runs",
    ),
    ("sbatch", "needs a Slurm cluster"),
];

/// Commands skipped only when a tool they need is not installed here: (how the command starts,
/// the tool, why).
const SKIP_WITHOUT: &[(&str, &str, &str)] = &[
    ("parallel ", "parallel", "GNU parallel is not installed"),
    (
        "sort -n -m out.",
        "parallel",
        "merges the out.K files the `parallel` line above writes, and GNU parallel is not \
         installed",
    ),
];

/// The exit code of a command whose documented outcome is not success (as written in the
/// README, without a trailing comment); every other command must exit 0.
const EXIT_CODES: &[(&str, i32)] = &[
    // "the puzzle has no solution"
    ("sdkc run examples/noway.sdk --solver builtin", 4),
    // "not unique: builtin found exactly 3 solutions"
    (
        "sdkc run examples/three.sdk --count 10 --solver builtin",
        10,
    ),
    // "not unique: 7 cells have more than one candidate"
    (
        "sdkc run examples/three.sdk --candidates --solver builtin",
        10,
    ),
    // a batch with an unreadable line, a not-unique and an infeasible puzzle
    (
        "sdkc run examples/classic.sdk --givens-file examples/puzzles.txt --unique --solver builtin",
        11,
    ),
];

/// What the commands read: copied into each block's fresh folder (those that exist).
const COPIED: &[&str] = &[
    "examples",
    "bench",
    "tests/expected",
    "tests/fuzz",
    "tests/fpuzzles",
    "scripts",
    "grammar",
    "src",
    "Cargo.toml",
    "Cargo.lock",
    "README.md",
];

/// How long one command may run before it counts as hung.
const TIMEOUT: Duration = Duration::from_secs(60);
/// `cargo run --example` may have to build the example first.
const CARGO_TIMEOUT: Duration = Duration::from_secs(300);

/// One command the README shows.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    /// Its line in the README (1-based).
    line: usize,
    /// The fenced block it is in (1-based, counting every fenced block).
    block: usize,
    /// As written, continuation lines joined.
    command: String,
    /// The output shown after a `$ ` command; `None` for a line of a ```sh block.
    output: Option<Vec<String>>,
    /// The whole text of its block (to recognise a Slurm script).
    block_text: String,
}

/// Every command in the fenced blocks of `markdown`.
fn extract(markdown: &str) -> Vec<Shown> {
    let mut out: Vec<Shown> = Vec::new();
    // (language, first line index in `out`, text)
    let mut fence: Option<(String, usize, String)> = None;
    let mut block = 0;
    // A command being joined over lines ending in `\`: (line, text, is a `$ ` command).
    let mut pending: Option<(usize, String, bool)> = None;
    // Whether the last command of `out` is a `$ ` command still collecting output.
    let mut collecting = false;
    for (i, raw) in markdown.lines().enumerate() {
        let trimmed = raw.trim_start();
        if trimmed.starts_with("```") {
            match fence.take() {
                None => {
                    block += 1;
                    let language = trimmed.trim_start_matches('`').trim();
                    let language = language.split_whitespace().next().unwrap_or("");
                    fence = Some((language.to_string(), out.len(), String::new()));
                }
                Some((_, first, text)) => {
                    if let Some((line, command, dollar)) = pending.take() {
                        push(&mut out, line, block, command, dollar);
                    }
                    for shown in &mut out[first..] {
                        shown.block_text = text.clone();
                    }
                    collecting = false;
                }
            }
            continue;
        }
        let Some((language, _, text)) = fence.as_mut() else {
            continue;
        };
        text.push_str(raw);
        text.push('\n');
        if let Some((line, mut command, dollar)) = pending.take() {
            command.push(' ');
            command.push_str(raw.trim());
            if command.ends_with('\\') {
                command.pop();
                let keep = command.trim_end().len();
                command.truncate(keep);
                pending = Some((line, command, dollar));
            } else {
                push(&mut out, line, block, command, dollar);
                collecting = dollar;
            }
            continue;
        }
        let sh = matches!(language.as_str(), "sh" | "bash" | "shell");
        let start = if sh {
            let t = raw.trim();
            (!t.is_empty() && !t.starts_with('#')).then(|| (t.to_string(), false))
        } else {
            raw.strip_prefix("$ ").map(|t| (t.trim().to_string(), true))
        };
        match start {
            Some((mut command, dollar)) => {
                if command.ends_with('\\') {
                    command.pop();
                    let keep = command.trim_end().len();
                    command.truncate(keep);
                    pending = Some((i + 1, command, dollar));
                    collecting = false;
                } else {
                    push(&mut out, i + 1, block, command, dollar);
                    collecting = dollar;
                }
            }
            None if collecting => {
                let last = out.last_mut().unwrap();
                last.output.as_mut().unwrap().push(raw.to_string());
            }
            None => {}
        }
    }
    out
}

fn push(out: &mut Vec<Shown>, line: usize, block: usize, command: String, dollar: bool) {
    out.push(Shown {
        line,
        block,
        command,
        output: dollar.then(Vec::new),
        block_text: String::new(),
    });
}

/// `command` without a trailing shell comment (a `#` after a blank, outside quotes).
fn without_comment(command: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (i, c) in command.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '#' && previous.is_whitespace() => return command[..i].trim_end(),
            None => {}
        }
        previous = c;
    }
    command.trim()
}

/// Why a command is not run, if it is not.
fn skipped(command: &str) -> Option<String> {
    if let Some((_, why)) = SKIP.iter().find(|(prefix, _)| command.starts_with(prefix)) {
        return Some(why.to_string());
    }
    SKIP_WITHOUT
        .iter()
        .find(|(prefix, tool, _)| command.starts_with(prefix) && !on_path(tool))
        .map(|(_, _, why)| why.to_string())
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(dir.join(tool))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

/// The command to give bash: `cargo run [--release] -- ARGS` is `sdkc ARGS` (the same binary).
fn mapped(command: &str) -> String {
    for prefix in ["cargo run --release -- ", "cargo run -- "] {
        if let Some(rest) = command.strip_prefix(prefix) {
            return format!("sdkc {rest}");
        }
    }
    command.to_string()
}

fn expected_code(command: &str, mapped: &str) -> i32 {
    let command = without_comment(command);
    let mapped = without_comment(mapped);
    EXIT_CODES
        .iter()
        .find(|(key, _)| *key == command || *key == mapped)
        .map_or(0, |(_, code)| *code)
}

/// Every `DIGITS.DIGITS s` (the `s` a word of its own) as `N s`; trailing blanks dropped.
fn normalise(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let at_word_start = i == 0 || !chars[i - 1].is_ascii_alphanumeric() && chars[i - 1] != '.';
        if at_word_start && chars[i].is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
                let mut k = j + 1;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                let unit = k + 1 < chars.len()
                    && chars[k] == ' '
                    && chars[k + 1] == 's'
                    && chars.get(k + 2).is_none_or(|c| !c.is_alphanumeric());
                if unit {
                    out.push_str("N s");
                    i = k + 2;
                    continue;
                }
            }
            out.extend(&chars[i..j]);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out.trim_end().to_string()
}

/// Lines for comparing: normalised, trailing blank lines dropped.
fn comparable(lines: &[String]) -> Vec<String> {
    let mut v: Vec<String> = lines.iter().map(|l| normalise(l)).collect();
    while v.last().is_some_and(String::is_empty) {
        v.pop();
    }
    v
}

/// Whether `actual` matches `shown`, where a shown `...` matches any number of lines.
fn matches(shown: &[String], actual: &[String]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| a == first && matches(rest, more)),
    }
}

/// `sdkc solvers`: every shown line's first word starts a line of the output.
fn matches_loosely(shown: &[String], actual: &[String]) -> Result<(), String> {
    let missing: Vec<&str> = shown
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|word| {
            !actual
                .iter()
                .any(|a| a.split_whitespace().next() == Some(*word))
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("no output line starts with {missing:?}"))
    }
}

/// A hint for a mismatch: shown lines the output lacks and, when the README elides nothing,
/// output lines it does not show (both normalised).
fn differences(shown: &[String], actual: &[String]) -> String {
    let mut hint = String::new();
    let lacking: Vec<&String> = shown
        .iter()
        .filter(|l| l.trim() != "..." && !actual.contains(l))
        .collect();
    if !lacking.is_empty() {
        let _ = write!(hint, "\n  shown but not printed: {lacking:?}");
    }
    if !shown.iter().any(|l| l.trim() == "...") {
        let extra: Vec<&String> = actual.iter().filter(|l| !shown.contains(l)).collect();
        if !extra.is_empty() {
            let _ = write!(hint, "\n  printed but not shown: {extra:?}");
        }
    }
    if hint.is_empty() {
        hint.push_str(" (the same lines, in another order or number)");
    }
    hint
}

struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    seconds: f64,
    timed_out: bool,
}

/// Run `command` with `bash -c` in `cwd`, killing its process group after `timeout`.
fn run(command: &str, cwd: &Path, env: &[(String, String)], timeout: Duration) -> Ran {
    use std::os::unix::process::CommandExt;
    let capture = tempfile::tempdir().unwrap();
    let (out_path, err_path) = (capture.path().join("out"), capture.path().join("err"));
    let start = Instant::now();
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .process_group(0);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("bash runs");
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    Ran {
        code: status.code(),
        stdout: read(&out_path),
        stderr: read(&err_path),
        seconds: start.elapsed().as_secs_f64(),
        timed_out,
    }
}

fn copy_tree(from: &Path, to: &Path) {
    let meta = std::fs::symlink_metadata(from).unwrap();
    if meta.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else if meta.file_type().is_symlink() {
        std::os::unix::fs::symlink(std::fs::read_link(from).unwrap(), to).unwrap();
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

/// A fresh folder holding copies of what the README's commands read.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in COPIED {
        let from = common::root().join(name);
        if from.exists() {
            let to = dir.path().join(name);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            copy_tree(&from, &to);
        }
    }
    dir
}

/// The target folder this test was built in (for `cargo run --example`).
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| common::root().join("target"))
}

fn indent(text: &str) -> String {
    if text.is_empty() {
        return "    (nothing)\n".to_string();
    }
    text.lines().map(|l| format!("    {l}\n")).collect()
}

#[test]
fn every_readme_command_runs_as_written() {
    let started = Instant::now();
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let commands = extract(&readme);
    assert!(
        commands.iter().any(|c| c.output.is_some()),
        "no `$ ` command found in README.md: is the extraction broken?"
    );

    // `cargo install --path .`: `sdkc` on PATH is the binary cargo built for this test.
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_sdkc"), bin.path().join("sdkc")).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );

    let mut failures: Vec<String> = Vec::new();
    let mut skips: Vec<String> = Vec::new();
    let mut ran = 0;
    let mut blocks: Vec<usize> = commands.iter().map(|c| c.block).collect();
    blocks.dedup();
    for block in blocks {
        let work = workspace();
        for shown in commands.iter().filter(|c| c.block == block) {
            let as_written = without_comment(&shown.command);
            let place = format!("README.md:{}: `{}`", shown.line, shown.command);
            if let Some(why) = skipped(as_written) {
                skips.push(format!("{place}: skipped: {why}"));
                continue;
            }
            ran += 1;
            let command = mapped(&shown.command);
            let mut env = vec![("PATH".to_string(), path.clone())];
            if shown.block_text.contains("#SBATCH") {
                env.push(("SLURM_ARRAY_TASK_ID".into(), "0".into()));
                env.push(("SLURM_CPUS_PER_TASK".into(), "4".into()));
            }
            let (cwd, timeout) = if command.starts_with("cargo run --example ") {
                env.push((
                    "CARGO_TARGET_DIR".into(),
                    target_dir().display().to_string(),
                ));
                env.push(("CARGO_TERM_QUIET".into(), "true".into()));
                (common::root(), CARGO_TIMEOUT)
            } else {
                (work.path().to_path_buf(), TIMEOUT)
            };
            let out = run(&command, &cwd, &env, timeout);
            eprintln!("{:6.2} s  {place}", out.seconds);

            let mut problems = Vec::new();
            let want = expected_code(&shown.command, &command);
            if out.timed_out {
                problems.push(format!(
                    "still running after {} s: killed",
                    timeout.as_secs()
                ));
            } else if out.code != Some(want) {
                problems.push(format!(
                    "exit code {}, expected {want}",
                    out.code
                        .map_or("none (killed by a signal)".into(), |c| c.to_string())
                ));
            }
            if let Some(output) = &shown.output {
                let actual_text = format!("{}{}", out.stdout, out.stderr);
                let actual: Vec<String> = actual_text.lines().map(str::to_string).collect();
                let (expected, actual) = (comparable(output), comparable(&actual));
                if as_written.starts_with("sdkc solvers") {
                    if let Err(e) = matches_loosely(&expected, &actual) {
                        problems.push(format!("output: {e}"));
                    }
                } else if !matches(&expected, &actual) {
                    problems.push(format!(
                        "output differs from the README's{}",
                        differences(&expected, &actual)
                    ));
                }
            }
            if !problems.is_empty() {
                let mut report = format!("{place}\n  {}\n", problems.join("; "));
                if command != shown.command {
                    let _ = writeln!(report, "  ran as: {command}");
                }
                if let Some(output) = &shown.output {
                    let _ = write!(report, "  README shows:\n{}", indent(&output.join("\n")));
                }
                let _ = write!(report, "  stdout:\n{}", indent(&out.stdout));
                let _ = write!(report, "  stderr:\n{}", indent(&out.stderr));
                failures.push(report);
            }
        }
    }
    for s in &skips {
        eprintln!("{s}");
    }
    eprintln!(
        "{ran} README commands run, {} skipped, {} failed, in {:.1} s",
        skips.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} README commands fail:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn extraction_reads_dollar_lines_sh_blocks_and_continuations() {
    let markdown = "\
text `sdkc inline` is not a command
```sh
cargo run -- run a.sdk   # a comment
# a comment line

sdkc run b.sdk --shard \"$K/16\" \\
     --jobs 2 > out
```

```
$ sdkc check a.sdk
a.sdk: no mistakes
...
$ sdkc solvers
builtin  found
```

```
sdkc compile MODEL [-o OUT]
```

```json
{\"status\": \"solved\"}
```
";
    let got: Vec<(usize, String, Option<Vec<String>>)> = extract(markdown)
        .into_iter()
        .map(|c| (c.line, c.command, c.output))
        .collect();
    let lines = |v: &[&str]| Some(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(
        got,
        vec![
            (3, "cargo run -- run a.sdk   # a comment".into(), None),
            (
                6,
                "sdkc run b.sdk --shard \"$K/16\" --jobs 2 > out".into(),
                None
            ),
            (
                11,
                "sdkc check a.sdk".into(),
                lines(&["a.sdk: no mistakes", "..."])
            ),
            (14, "sdkc solvers".into(), lines(&["builtin  found"])),
        ]
    );
    assert_eq!(
        without_comment("cargo run -- run a.sdk   # a comment"),
        "cargo run -- run a.sdk"
    );
    assert_eq!(
        without_comment("echo '# not' \"a # b\""),
        "echo '# not' \"a # b\""
    );
    assert_eq!(mapped("cargo run --release -- run a.sdk"), "sdkc run a.sdk");
    assert_eq!(
        mapped("cargo run --example embed -- a.sdk"),
        "cargo run --example embed -- a.sdk"
    );
}

#[test]
fn comparison_rules() {
    assert_eq!(
        normalise("unique: highs proved it (2 solves, 0.021 s); every rule   "),
        "unique: highs proved it (2 solves, N s); every rule"
    );
    assert_eq!(
        normalise("in 12.5 s, 24.7 clues, 0.3 seconds, v1.15.1 s"),
        "in N s, 24.7 clues, 0.3 seconds, v1.15.1 s"
    );
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb")));
    assert!(!matches(&lines("a\nb"), &lines("a\nb\nc")));
    assert!(
        matches_loosely(
            &lines("cbc  found x\nauto = highs"),
            &lines("auto = cbc\ncbc found y")
        )
        .is_ok()
    );
    assert!(matches_loosely(&lines("glpk found"), &lines("cbc found")).is_err());
}
