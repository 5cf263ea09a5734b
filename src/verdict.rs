//! What a run means: ask a backend for grids, check every grid it returns against the rules
//! (`check`, which shares no code with the lowering), and name the outcome. `run`, every line
//! of a batch and the library's users get the same verdict and the same messages from here.

use std::time::Instant;

use crate::check::{self, Violation};
use crate::exit;
use crate::puzzle::Puzzle;
use crate::solve::{self, Prepared, Question, Statistics};

/// What to ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// One grid.
    Solve,
    /// Count grids: up to `n` (`--count N`; `--unique` is 2), or all of them (`None`).
    Count(Option<usize>),
}

/// The outcome of a run, as `run --json` and every batch line name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A grid, checked.
    Solved,
    /// Counting: exactly one grid.
    Unique,
    /// Counting: more than one grid.
    NotUnique,
    /// No grid at all.
    Infeasible,
    /// The time limit came first.
    TimeLimit,
    /// Something went wrong: the model, the solver, or a grid that breaks a rule.
    Error,
}

impl Status {
    /// The name in JSON and in batch lines.
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

    /// Whether `run` exits 0 for it: a grid, and when counting the only one.
    pub fn ok(self) -> bool {
        matches!(self, Status::Solved | Status::Unique)
    }
}

/// A grid the backend returned that breaks the model: a bug in sdkc.
#[derive(Debug, Clone, PartialEq)]
pub struct WrongAnswer {
    /// The grid, row-major.
    pub grid: Vec<i64>,
    /// Every rule it breaks.
    pub broken: Vec<Violation>,
}

/// What a run concluded.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// What the run concluded.
    pub status: Status,
    /// The backend that answered.
    pub solver: &'static str,
    /// The first grid found, checked.
    pub first: Option<Vec<i64>>,
    /// Grids found.
    pub count: usize,
    /// False when the time limit stopped the search.
    pub complete: bool,
    /// What the status means, when it needs saying (`exactly 3 solutions`).
    pub message: Option<String>,
    /// What the search cost.
    pub statistics: Statistics,
    /// Set when a grid broke a rule (the status is then `Error`).
    pub wrong: Option<WrongAnswer>,
}

impl Verdict {
    /// A grid the backend returned breaks the model: say so (a bug in sdkc) and keep it.
    pub fn set_wrong(&mut self, w: WrongAnswer) {
        let why: Vec<String> = w.broken.iter().map(ToString::to_string).collect();
        self.message = Some(format!(
            "{} returned a grid that breaks the model (a bug in sdkc; please report it): {}",
            self.solver,
            why.join("; ")
        ));
        self.wrong = Some(w);
    }

    /// The exit code of `run` for this verdict.
    pub fn exit_code(&self) -> u8 {
        if self.wrong.is_some() {
            return exit::WRONG_ANSWER;
        }
        match self.status {
            Status::Solved | Status::Unique => exit::OK,
            Status::NotUnique => exit::NOT_UNIQUE,
            Status::Infeasible => exit::INFEASIBLE,
            Status::TimeLimit => exit::TIME_LIMIT,
            Status::Error => exit::SOLVER_FAILED,
        }
    }
}

/// Ask `prepared` (the backend called `solver`, prepared for `p`'s rules) for `p`'s grids as
/// `goal` says, before `deadline`; check each grid, hand the good ones to `each` (numbered
/// from 1) as they are found, and name the outcome. `each` returning false stops the search
/// (the reader has gone).
pub fn decide(
    p: &Puzzle,
    prepared: &dyn Prepared,
    solver: &'static str,
    goal: Goal,
    deadline: Option<Instant>,
    each: &mut dyn FnMut(usize, &[i64]) -> bool,
) -> Result<Verdict, solve::Error> {
    decide_with(p, &p.givens, prepared, solver, goal, deadline, each)
}

/// `decide` for `p`'s rules with `givens` (one per cell) in place of its own: a batch line
/// asks with its givens, and every grid is checked against them, without a copy of the
/// puzzle per line.
pub fn decide_with(
    p: &Puzzle,
    givens: &[Option<i64>],
    prepared: &dyn Prepared,
    solver: &'static str,
    goal: Goal,
    deadline: Option<Instant>,
    each: &mut dyn FnMut(usize, &[i64]) -> bool,
) -> Result<Verdict, solve::Error> {
    let limit = match goal {
        Goal::Solve => Some(1),
        Goal::Count(n) => n,
    };
    let q = Question {
        limit,
        deadline,
        ..Question::default()
    };
    let mut first = None;
    let mut wrong = None;
    let mut seen = 0;
    // Checking a grid against rules by the ten thousand takes seconds, and the search reads
    // the clock only now and then: a grid that comes past the deadline, once one is in hand,
    // is neither checked nor counted, and ends the search (`-a` on 10,000 renban lines ran
    // for minutes past `--time-limit 2`). Only then: a search that ends by itself after the
    // last grid (a puzzle with every cell given, proved unique in one node) keeps its end.
    let mut late = false;
    let mut found = prepared.find(givens, &q, &mut |g| {
        if seen > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            late = true;
            return false;
        }
        let broken = check::check_against(p, givens, g);
        if !broken.is_empty() {
            wrong = Some(WrongAnswer {
                grid: g.to_vec(),
                broken,
            });
            return false;
        }
        seen += 1;
        if first.is_none() {
            first = Some(g.to_vec());
        }
        each(seen, g)
    })?;
    found.timed_out |= late;
    // A "no (other) solution" whose check ran out of time is said to be that.
    let alone = found.statistics.unchecked > 0;
    let mut v = Verdict {
        status: Status::Error,
        solver,
        first,
        count: seen,
        complete: !found.timed_out,
        message: None,
        statistics: found.statistics,
        wrong: None,
    };
    if let Some(w) = wrong {
        v.set_wrong(w);
        return Ok(v);
    }
    let n = seen;
    // Every grid there is was found: the search ended on its own before the limit.
    let exhausted = !found.timed_out && limit.is_none_or(|l| n < l);
    let (status, message) = match goal {
        _ if n == 0 && found.timed_out => (
            Status::TimeLimit,
            Some(format!(
                "{solver} reached the time limit before finding a solution"
            )),
        ),
        _ if n == 0 && alone => (
            Status::Infeasible,
            Some(format!(
                "the puzzle has no solution {}",
                unchecked_aside(solver, "so")
            )),
        ),
        _ if n == 0 => (
            Status::Infeasible,
            Some(format!(
                "the puzzle has no solution ({solver} proved it infeasible)"
            )),
        ),
        Goal::Solve => (Status::Solved, None),
        Goal::Count(_) if n == 1 && exhausted && alone => (
            Status::Unique,
            Some(unchecked(solver, "there is no other solution")),
        ),
        Goal::Count(_) if n == 1 && exhausted => (Status::Unique, None),
        // `-n 1` asked for one grid and got it: a solve, not a count the clock cut short.
        Goal::Count(Some(1)) if !found.timed_out => (Status::Solved, None),
        Goal::Count(Some(2)) if n == 1 => (
            Status::TimeLimit,
            Some(format!(
                "{solver} found a solution but reached the time limit before proving it unique"
            )),
        ),
        Goal::Count(_) if n == 1 => (
            Status::TimeLimit,
            Some(format!(
                "{solver} found 1 solution but reached the time limit before finding another or proving there is none"
            )),
        ),
        Goal::Count(_) if exhausted && alone => (
            Status::NotUnique,
            Some(format!(
                "exactly {n} solutions ({})",
                unchecked(solver, "there are no more")
            )),
        ),
        Goal::Count(_) if exhausted => (Status::NotUnique, Some(format!("exactly {n} solutions"))),
        Goal::Count(_) if found.timed_out => (
            Status::NotUnique,
            Some(format!(
                "at least {n} solutions (the time limit stopped the count)"
            )),
        ),
        Goal::Count(_) => (Status::NotUnique, Some(format!("at least {n} solutions"))),
    };
    v.status = status;
    v.message = message;
    Ok(v)
}

/// `unchecked` as an aside that names the way to check: "(highs's presolve alone says
/// `claim`: ...; `--solver builtin` can check)".
pub fn unchecked_aside(solver: &str, claim: &str) -> String {
    format!(
        "({}; `--solver builtin` can check)",
        unchecked(solver, claim)
    )
}

/// A "no (other) solution" whose check ran out of time (`MipSolver::confirm_infeasible`), in
/// words: "highs's presolve alone says `claim`: ...".
pub fn unchecked(solver: &str, claim: &str) -> String {
    match solver {
        "highs" => format!(
            "highs's presolve alone says {claim}: its checks with less of it and without it ran out of time"
        ),
        "cbc" => format!(
            "cbc's root alone says {claim}: the check with its heuristics and Gomory cuts ran out of time"
        ),
        _ => format!("{solver}'s first run alone says {claim}: the check ran out of time"),
    }
}
