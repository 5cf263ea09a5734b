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
