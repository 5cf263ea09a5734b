//! Batch solving: one model, a list of one-line puzzles, each solved and checked exactly as
//! `run --givens LINE` would, spread over a thread pool, the results handed back in input
//! order. A puzzle that cannot be read is an outcome like any other, so the rest go on.

use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::diagnostic::{self, Origin, Source};
use crate::emit::{self, Format};
use crate::engine::{self, Backend, Found};
use crate::puzzle::{Formulation, Puzzle};
use crate::solve::SolveError;
use crate::{ModelErrors, check, search};

/// One puzzle of the list: the first whitespace-separated field of its line (the rest of the
/// line is free text, a name or a source, as in `bench/hard9x9.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in the file, counting blank and comment lines.
    pub line: usize,
    /// 1-based column (in characters) where the puzzle starts.
    pub column: usize,
    pub puzzle: String,
}

/// The puzzles of a list file. Blank lines and lines starting with `#` are skipped but keep
/// their line numbers. Lines are decoded one by one, so a stray byte that is not UTF-8 spoils
/// only its own line (it becomes U+FFFD, which that puzzle then reports as a bad character).
pub fn entries(bytes: &[u8]) -> Vec<Entry> {
    let mut out = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let text = String::from_utf8_lossy(raw);
        let body = text.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let Some(puzzle) = body.split_whitespace().next() else {
            continue;
        };
        out.push(Entry {
            line: i + 1,
            column: text.chars().count() - body.chars().count() + 1,
            puzzle: puzzle.to_string(),
        });
    }
    out
}

/// `--shard K/N`: keep the puzzles whose 0-based index among the list's puzzles is K modulo N,
/// so N machines given K = 0 … N-1 split one list between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub fn keeps(self, i: usize) -> bool {
        i % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not K/N (for example 0/4)"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{s}` is not K/N (for example 0/4): `{t}` is not a number"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 {
            return Err(format!("`{s}`: N must be at least 1"));
        }
        if index >= count {
            return Err(format!("`{s}`: K must be less than N (0 … {})", count - 1));
        }
        Ok(Shard { index, count })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Solved,
    Unique,
    NotUnique,
    Infeasible,
    TimeLimit,
    Error,
}

impl Status {
    /// The name `run --json` uses for the same outcome.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::NotUnique => "not_unique",
            Status::Infeasible => "infeasible",
            Status::TimeLimit => "time_limit",
            Status::Error => "error",
        }
    }
}

/// What happened to one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub line: usize,
    pub status: Status,
    /// The first grid found (row-major), checked against every rule.
    pub grid: Option<Vec<i64>>,
    /// Grids found, when counting; with `complete`, false when the time limit stopped the count.
    pub count: Option<usize>,
    pub complete: bool,
    pub seconds: f64,
    /// Why there is no grid, or how many there are (`exactly 3 solutions`).
    pub message: Option<String>,
    /// The puzzle could not be read: where in its line the first mistake is (1-based column).
    /// The message is then a model diagnostic, which text mode repeats on stderr.
    pub column: Option<usize>,
    /// The solver's grid broke a rule (a bug in sdkc, which deserves to be seen on stderr).
    pub wrong_answer: bool,
}

impl Outcome {
    /// What `run --givens` would have exited 0 for: a grid, and with counting the only one.
    pub fn ok(&self) -> bool {
        matches!(self.status, Status::Solved | Status::Unique)
    }

    fn new(line: usize, status: Status, message: Option<String>) -> Outcome {
        Outcome {
            line,
            status,
            grid: None,
            count: None,
            complete: true,
            seconds: 0.0,
            message,
            column: None,
            wrong_answer: false,
        }
    }
}

/// The question asked of every puzzle.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub backend: Backend,
    /// `--count N` (`--unique` is 2); `None` solves.
    pub count: Option<usize>,
    pub time_limit: Option<f64>,
    pub formulation: Option<Formulation>,
}

/// A model ready to answer for many puzzles.
pub struct Batch {
    name: String,
    bytes: Vec<u8>,
    opts: Options,
    /// The builtin solver's compiled rules, shared by every puzzle (they do not depend on the
    /// givens); saves recompiling them for each line.
    search: Option<search::Model>,
    /// Grid width, for printing grids as rows.
    pub cols: usize,
}

/// Why a batch cannot start: the model itself is wrong, or the builtin solver cannot take it.
#[derive(Debug)]
pub enum ModelError {
    Mistakes(ModelErrors),
    Unsupported(String),
}

impl Batch {
    /// Check the model once, with its own givens (a mistake there is the model's, not a
    /// puzzle's), and compile what every puzzle shares.
    pub fn new(name: &str, bytes: Vec<u8>, opts: Options) -> Result<Batch, ModelError> {
        let puzzle = match opts.backend {
            Backend::Builtin => crate::load(name, &bytes, None),
            Backend::Mip(..) => {
                crate::build_with(name, &bytes, None, opts.formulation).map(|(p, _)| p)
            }
        }
        .map_err(ModelError::Mistakes)?;
        let search = match opts.backend {
            Backend::Builtin => Some(search::Model::new(&puzzle).map_err(ModelError::Unsupported)?),
            Backend::Mip(..) => None,
        };
        Ok(Batch {
            name: name.to_string(),
            bytes,
            opts,
            search,
            cols: puzzle.cols,
        })
    }

    /// Solve one puzzle as `run --givens` would: read it into the model, solve, check every
    /// grid found, and say what that means.
    pub fn solve(&self, e: &Entry) -> Outcome {
        let start = Instant::now();
        let mut out = self.answer(e, start);
        out.seconds = (start.elapsed().as_secs_f64() * 1e6).round() / 1e6;
        out
    }

    fn answer(&self, e: &Entry, start: Instant) -> Outcome {
        let givens = Some(e.puzzle.as_str());
        let loaded = match self.opts.backend {
            Backend::Builtin => crate::load(&self.name, &self.bytes, givens).map(|p| (p, None)),
            Backend::Mip(..) => {
                crate::build_with(&self.name, &self.bytes, givens, self.opts.formulation)
                    .map(|(p, m)| (p, Some(m)))
            }
        };
        let (puzzle, mip) = match loaded {
            Ok(x) => x,
            Err(errs) => return self.unreadable(e, &errs),
        };
        if let (Some(mip), Backend::Mip(_, Format::FixedMps)) = (&mip, self.opts.backend)
            && let Err(err) = emit::check_fixed_names(mip)
        {
            return Outcome::new(e.line, Status::Error, Some(err.to_string()));
        }
        let limit = self.opts.count.unwrap_or(1);
        let found = match &self.search {
            Some(model) => {
                let deadline = self
                    .opts
                    .time_limit
                    .map(|t| start + Duration::from_secs_f64(t));
                Ok(engine::find_builtin(
                    model,
                    &puzzle.givens,
                    limit,
                    start,
                    deadline,
                ))
            }
            None => engine::find(
                &puzzle,
                mip.as_ref(),
                self.opts.backend,
                limit,
                self.opts.time_limit,
            ),
        };
        match found {
            Ok(found) => self.judge(e, &puzzle, found, limit),
            Err(err) => {
                let status = match err {
                    engine::Error::Solve(SolveError::Hung { .. }) => Status::TimeLimit,
                    _ => Status::Error,
                };
                Outcome::new(e.line, status, Some(err.to_string()))
            }
        }
    }

    /// The puzzle did not load: its first mistake, placed in the list file's line when it
    /// points into the puzzle (a bad character, a wrong length, givens that break a rule).
    fn unreadable(&self, e: &Entry, errs: &ModelErrors) -> Outcome {
        let (message, column) = match errs.diagnostics.first() {
            Some(d) if d.origin == Origin::GivensArg => {
                let (_, c) = diagnostic::line_col(&e.puzzle, d.span.start);
                (d.kind.to_string(), Some(e.column + c - 1))
            }
            Some(d) => {
                let text = String::from_utf8_lossy(&self.bytes);
                let src = Source {
                    name: &self.name,
                    text: &text,
                };
                (diagnostic::one_line(d, &src), None)
            }
            None => ("the puzzle could not be read".to_string(), None),
        };
        let mut out = Outcome::new(e.line, Status::Error, Some(message));
        out.column = column.or(Some(e.column));
        out
    }

    /// Check every grid and name the outcome, as `run` does for one puzzle.
    fn judge(&self, e: &Entry, p: &Puzzle, found: Found, limit: usize) -> Outcome {
        let solver = self.opts.backend.name();
        for g in &found.solutions {
            let broken = check::check(p, g);
            if !broken.is_empty() {
                let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
                let mut out = Outcome::new(
                    e.line,
                    Status::Error,
                    Some(format!(
                        "{solver} returned a grid that breaks the model (a bug in sdkc; please report it): {}",
                        why.join("; ")
                    )),
                );
                out.grid = Some(g.clone());
                out.wrong_answer = true;
                return out;
            }
        }
        let n = found.solutions.len();
        let counting = self.opts.count.is_some();
        let exhausted = !found.timed_out && n < limit;
        let (status, message) = if n == 0 && found.timed_out {
            (
                Status::TimeLimit,
                Some(format!(
                    "{solver} reached the time limit before finding a solution"
                )),
            )
        } else if n == 0 {
            (
                Status::Infeasible,
                Some(format!(
                    "the puzzle has no solution ({solver} proved it infeasible)"
                )),
            )
        } else if !counting {
            (Status::Solved, None)
        } else if n == 1 && exhausted {
            (Status::Unique, None)
        } else if n == 1 {
            (
                Status::TimeLimit,
                Some(format!(
                    "{solver} found a solution but reached the time limit before proving it unique"
                )),
            )
        } else if exhausted {
            (Status::NotUnique, Some(format!("exactly {n} solutions")))
        } else {
            (Status::NotUnique, Some(format!("at least {n} solutions")))
        };
        let mut out = Outcome::new(e.line, status, message);
        if counting {
            out.count = Some(n);
            out.complete = !found.timed_out;
        }
        out.grid = found.solutions.into_iter().next();
        out
    }

    /// Solve every entry on `jobs` threads (rayon's default, one per core, when `None`) and
    /// hand each outcome to `each` on this thread, in input order, as soon as every outcome
    /// before it is in: a long list prints as it goes, and its output does not depend on
    /// which thread finished first. When `each` returns false (its reader has gone: `| head`)
    /// the workers stop after the puzzles they are on.
    pub fn solve_all(
        &self,
        list: &[Entry],
        jobs: Option<usize>,
        mut each: impl FnMut(Outcome) -> bool,
    ) -> Result<(), rayon::ThreadPoolBuildError> {
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(n) = jobs {
            builder = builder.num_threads(n);
        }
        let pool = builder.build()?;
        // Workers take the next puzzle from a shared counter rather than splitting the list
        // into halves, so puzzles finish roughly in order and few wait to be printed.
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        std::thread::scope(|s| {
            let next = &next;
            s.spawn(move || {
                pool.broadcast(|_| {
                    let tx = tx.clone();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= list.len() || tx.send((i, self.solve(&list[i]))).is_err() {
                            break;
                        }
                    }
                });
            });
            let mut waiting = BTreeMap::new();
            let mut want = 0;
            // Leaving the loop drops the receiver, and a worker's next send fails.
            'receive: for (i, out) in rx {
                waiting.insert(i, out);
                while let Some(out) = waiting.remove(&want) {
                    if !each(out) {
                        break 'receive;
                    }
                    want += 1;
                }
            }
        });
        Ok(())
    }
}
