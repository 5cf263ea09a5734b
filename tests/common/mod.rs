//! Test harness: runs the real `sdkc` binary and captures what a user would see.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Run `sdkc` with `args` in directory `dir`.
pub fn sdkc_in(dir: &Path, args: &[&str]) -> Out {
    sdkc_env(dir, args, &[])
}

pub fn sdkc_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Out {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sdkc"));
    cmd.args(args).current_dir(dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the sdkc binary runs");
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Run `sdkc ARGS` from the repository root with `input` on standard input.
pub fn sdkc_stdin(args: &[&str], input: &[u8]) -> Out {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sdkc binary runs");
    // sdkc may refuse before reading (a usage error): then the pipe is closed, which is fine.
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The `errors` list of a `--json` answer: each mistake as `file:line:column: message`.
pub fn json_errors(stdout: &str) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_str(stdout).unwrap();
    json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().to_string())
        .collect()
}

/// Run `sdkc` from the repository root (so paths read `examples/classic.sdk`).
pub fn sdkc(args: &[&str]) -> Out {
    sdkc_in(&root(), args)
}

/// Write `text` as `model.sdk` in a fresh directory and run `sdkc ARGS model.sdk` there, so
/// messages name the file `model.sdk`.
pub fn with_model(text: &[u8], args: &[&str]) -> (tempfile::TempDir, Out) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("model.sdk"), text).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.push("model.sdk");
    let out = sdkc_in(dir.path(), &all);
    (dir, out)
}

/// The published solution of an example, from `tests/expected/NAME.txt`: one row a line,
/// one character a cell (`A` is 10).
pub fn expected_grid(name: &str) -> Vec<Vec<i64>> {
    let text =
        std::fs::read_to_string(root().join("tests/expected").join(format!("{name}.txt"))).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.chars()
                .map(|c| c.to_digit(36).expect("a value character") as i64)
                .collect()
        })
        .collect()
}

/// A JSON grid (rows of numbers, as `run --json` writes `grid`), row-major.
pub fn flat_grid(v: &serde_json::Value) -> Vec<i64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a grid: {v}"))
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()))
        .collect()
}

/// The grids `sdkc run model.sdk -a --json MORE...` lists for `model`, sorted; the run must
/// find more than one (exit 10).
pub fn listed_grids(model: &str, more: &[&str]) -> Vec<Vec<i64>> {
    grids_listed_by(
        Sdkc::new()
            .model(model)
            .args(&["run", "model.sdk", "-a", "--json"])
            .args(more),
    )
}

/// The grids a `run -a --json` command lists, sorted; it must find more than one (exit 10).
pub fn grids_listed_by(command: Sdkc) -> Vec<Vec<i64>> {
    let ran = command.status(10).run();
    let mut grids: Vec<Vec<i64>> = ran
        .json_lines()
        .into_iter()
        .filter(|v| v.get("solution").is_some())
        .map(|v| flat_grid(&v["grid"]))
        .collect();
    grids.sort();
    grids
}

/// Parse the grid `sdkc run` prints (values separated by spaces, `|` and `-+-` lines ignored).
pub fn printed_grid(stdout: &str) -> Vec<Vec<i64>> {
    stdout
        .lines()
        .filter(|l| l.chars().any(|c| c.is_ascii_digit()))
        .map(|l| {
            l.split_whitespace()
                .filter(|t| *t != "|")
                .map(|t| t.parse().unwrap())
                .collect()
        })
        .collect()
}

/// xorshift64*: a deterministic random source for generated test cases, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

/// Snapshots live in `snapshots/` at the top of the repository.
#[macro_export]
macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => true }, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

/// Every grid that satisfies the puzzle (up to `limit` of them): backtracking over the distinct rules (the
/// enumeration), each complete grid judged by the checker (the semantics).
pub fn brute_force(p: &sdkc::puzzle::Puzzle, limit: usize) -> std::collections::BTreeSet<Vec<i64>> {
    let n = p.cell_count();
    let mut grid: Vec<i64> = p.givens.iter().map(|g| g.unwrap_or(0)).collect();
    let mut out = std::collections::BTreeSet::new();
    fn ok(p: &sdkc::puzzle::Puzzle, grid: &[i64], c: usize) -> bool {
        let (r, col) = (c / p.cols, c % p.cols);
        let (bh, bw) = p.boxes.unwrap();
        (0..p.cols).all(|j| j == col || grid[r * p.cols + j] != grid[c])
            && (0..p.rows).all(|i| i == r || grid[i * p.cols + col] != grid[c])
            && (0..p.rows).all(|i| {
                (0..p.cols).all(|j| {
                    (i / bh != r / bh || j / bw != col / bw)
                        || (i == r && j == col)
                        || grid[i * p.cols + j] != grid[c]
                })
            })
    }
    fn go(
        p: &sdkc::puzzle::Puzzle,
        grid: &mut Vec<i64>,
        c: usize,
        out: &mut std::collections::BTreeSet<Vec<i64>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if c == grid.len() {
            if sdkc::check::check(p, grid).is_empty() {
                out.insert(grid.clone());
            }
            return;
        }
        if p.givens[c].is_some() {
            if ok(p, grid, c) {
                go(p, grid, c + 1, out, limit);
            }
            return;
        }
        for v in p.lo..=p.hi {
            grid[c] = v;
            if ok(p, grid, c) {
                go(p, grid, c + 1, out, limit);
            }
        }
        grid[c] = 0;
    }
    go(p, &mut grid, 0, &mut out, limit);
    let _ = n;
    out
}

/// One `sdkc` invocation, described then run, in the style of `just`'s tests:
/// `Sdkc::new().model(TEXT).args(&["run", "model.sdk"]).status(0).stdout(GRID).run()`.
/// Files given with `model` or `file` are written into a fresh folder the command runs in;
/// without any, it runs from the repository root (so `examples/...` paths work), unless
/// `current_dir` names another folder.
#[derive(Default)]
pub struct Sdkc {
    args: Vec<String>,
    files: Vec<(String, Vec<u8>)>,
    current_dir: Option<PathBuf>,
    stdin: Option<Vec<u8>>,
    env: Vec<(String, String)>,
    status: Option<i32>,
    stdout: Option<String>,
    stderr: Option<String>,
}

/// What an `Sdkc` run left: its output, and the folder it ran in (kept until dropped).
pub struct Ran {
    pub out: Out,
    pub dir: Option<tempfile::TempDir>,
    cwd: PathBuf,
}

impl Ran {
    /// The folder the command ran in.
    pub fn path(&self) -> PathBuf {
        self.cwd.clone()
    }

    /// Standard output as one JSON value.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.out.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}): {}", self.out.stdout))
    }

    /// Standard output as JSON lines (`run -a --json`: one line a grid, then the verdict).
    pub fn json_lines(&self) -> Vec<serde_json::Value> {
        self.out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }
}

impl Sdkc {
    pub fn new() -> Sdkc {
        Sdkc::default()
    }

    /// `text` as `model.sdk` in the folder the command runs in.
    pub fn model(self, text: &str) -> Sdkc {
        self.file("model.sdk", text.as_bytes())
    }

    pub fn file(mut self, name: &str, bytes: &[u8]) -> Sdkc {
        self.files.push((name.to_string(), bytes.to_vec()));
        self
    }

    /// Run in `dir`, an existing folder the caller keeps (say a previous run's `ran.path()`),
    /// instead of a fresh one; files given with `model` or `file` are written there.
    pub fn current_dir(mut self, dir: &Path) -> Sdkc {
        self.current_dir = Some(dir.to_path_buf());
        self
    }

    pub fn args(mut self, args: &[&str]) -> Sdkc {
        self.args.extend(args.iter().map(|a| a.to_string()));
        self
    }

    pub fn stdin(mut self, bytes: &[u8]) -> Sdkc {
        self.stdin = Some(bytes.to_vec());
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Sdkc {
        self.env.push((key.to_string(), value.to_string()));
        self
    }

    /// The exit code expected (checked by `run`; 0 if not set).
    pub fn status(mut self, code: i32) -> Sdkc {
        self.status = Some(code);
        self
    }

    /// The whole standard output expected.
    pub fn stdout(mut self, text: &str) -> Sdkc {
        self.stdout = Some(text.to_string());
        self
    }

    /// The whole standard error expected.
    pub fn stderr(mut self, text: &str) -> Sdkc {
        self.stderr = Some(text.to_string());
        self
    }

    /// Run it and check what was expected.
    pub fn run(self) -> Ran {
        use std::io::Write;
        use std::process::Stdio;
        let dir = (self.current_dir.is_none() && !self.files.is_empty())
            .then(|| tempfile::tempdir().unwrap());
        let cwd = match (&self.current_dir, &dir) {
            (Some(c), _) => c.clone(),
            (None, Some(d)) => d.path().to_path_buf(),
            (None, None) => root(),
        };
        for (name, bytes) in &self.files {
            std::fs::write(cwd.join(name), bytes).unwrap();
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sdkc"));
        cmd.args(&self.args)
            .current_dir(&cwd)
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("the sdkc binary runs");
        if let Some(input) = &self.stdin {
            let _ = child.stdin.take().unwrap().write_all(input);
        }
        let o = child.wait_with_output().unwrap();
        let out = Out {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        };
        let what = format!("sdkc {}", self.args.join(" "));
        assert_eq!(
            out.code,
            self.status.unwrap_or(0),
            "{what}: exit code\nstdout:\n{}\nstderr:\n{}",
            out.stdout,
            out.stderr
        );
        if let Some(expected) = &self.stdout {
            assert_eq!(
                &out.stdout, expected,
                "{what}: stdout\nstderr:\n{}",
                out.stderr
            );
        }
        if let Some(expected) = &self.stderr {
            assert_eq!(&out.stderr, expected, "{what}: stderr");
        }
        Ran { out, dir, cwd }
    }
}

/// `sdkc run model.sdk -a -s --solver SOLVER` of `model`, for each of `solvers`, counts
/// exactly `count` grids (more than one: exit 10).
pub fn counts_exactly(model: &str, solvers: &[&str], count: usize) {
    for solver in solvers {
        let ran = Sdkc::new()
            .model(model)
            .args(&["run", "model.sdk", "-a", "-s", "--solver", solver])
            .status(10)
            .run();
        assert!(
            ran.out.stderr.contains(&format!(
                "not unique: {solver} found exactly {count} solutions"
            )),
            "{model}{solver}: {}",
            ran.out.stderr
        );
    }
}

/// `sdkc run FILE --unique --solver SOLVER --time-limit 60` (and `--givens`, when some) prints
/// the published grid of `tests/expected/variants/NAME.txt` and says the solver proved it the
/// only solution (or that its presolve or root alone says so), every rule checked: the check
/// of every published variant puzzle.
pub fn proves_unique(file: &str, name: &str, solver: &str, givens: Option<&str>) {
    let mut args = Vec::new();
    if let Some(g) = givens {
        args.extend(["--givens", g]);
    }
    proves_unique_as(file, &format!("variants/{name}"), solver, &args);
}

/// `proves_unique` with the grid of `tests/expected/EXPECTED.txt` and more arguments (`-s`);
/// what `run` wrote, for more checks.
pub fn proves_unique_as(file: &str, expected: &str, solver: &str, more: &[&str]) -> Out {
    let mut args = vec![
        "run",
        file,
        "--unique",
        "--solver",
        solver,
        "--time-limit",
        "60",
    ];
    args.extend(more);
    let out = sdkc(&args);
    assert_eq!(out.code, 0, "{file} with {solver}:\n{}", out.stderr);
    assert_eq!(
        printed_grid(&out.stdout),
        expected_grid(expected),
        "{file} with {solver}"
    );
    // HiGHS's presolve (or CBC's root) may decide the proof, and its checks run out of their
    // second on a busy machine: the answer is then said to be that run's alone, and stands.
    assert!(
        [
            format!("unique: {solver} proved there is no other solution"),
            format!("unique: {solver}'s presolve alone says there is no other solution"),
            format!("unique: {solver}'s root alone says there is no other solution"),
        ]
        .iter()
        .any(|said| out.stderr.contains(said)),
        "{file} with {solver}: {}",
        out.stderr
    );
    assert!(out.stderr.contains("every rule checked"), "{}", out.stderr);
    out
}

/// The names (without `.sdk`) of the models in `dir` (from the repository's root), sorted.
pub fn sdk_stems(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sdk"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The givens of `examples/library/NAME.sdk`'s `givens { ... }` block as one line of 81
/// characters (all `.` without one).
pub fn library_givens(name: &str) -> String {
    let text =
        std::fs::read_to_string(root().join(format!("examples/library/{name}.sdk"))).unwrap();
    let Some(start) = text.find("givens {") else {
        return ".".repeat(81);
    };
    let body = &text[start + "givens {".len()..];
    let body = &body[..body.find('}').unwrap()];
    let line: String = body
        .split_whitespace()
        .filter(|t| *t == "." || t.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(line.len(), 81, "{name}: the givens block");
    line
}

/// One test a puzzle, `mod SOLVER { #[test] fn NAME() {...} }`, each calling the test file's
/// own `proves_unique(name, solver)`.
#[macro_export]
macro_rules! unique {
    ($solver:ident { $($test:ident: $name:literal,)* }) => {
        mod $solver {
            $(#[test] fn $test() { super::proves_unique($name, stringify!($solver)); })*
        }
    };
}

/// The published variant puzzles, by file name (without `.sdk`): each is
/// `examples/variants/NAME.sdk` (long form) and `examples/library/NAME.sdk` (library form).
pub const VARIANTS: &[&str] = &[
    "anti-king-knight-reddit",
    "anti-knight-ctc",
    "arrow-sugarroad",
    "between-lines-svs173",
    "disjoint-barbed-cross",
    "disjoint-doggo-experiment-8",
    "little-killer-2",
    "little-killer-ctc",
    "odd-even-ctc",
    "palindrome-svs013",
    "quadruple-repeated",
    "region-sum-lm-00098I",
    "region-sum-raw-spaghetti",
    "renban-leven",
    "sandwich-between-1-and-9",
    "skyscraper-ctc",
    "whispers-german",
    "windoku-sudocue",
    "x-sum-ctc",
    "xv-strict-ctc",
];

/// The search nodes `run -s` reported on standard error.
pub fn nodes(stderr: &str) -> u64 {
    let line = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("nodes:"))
        .unwrap_or_else(|| panic!("no nodes in {stderr}"));
    line.split(':').nth(1).unwrap().trim().parse().unwrap()
}
