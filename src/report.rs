//! The JSON sdkc prints: one object per `run --json`, and one per line of a batch, in the same
//! shape (every key is always there, `null` when it does not apply), documented in the README.

use serde::Serialize;

use crate::explain::PlacedPart;
use crate::solve::Statistics;
use crate::verdict::{Status, Verdict};

/// One run's answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// `solved`, `unique`, `not_unique`, `infeasible`, `time_limit` or `error`.
    pub status: Status,
    /// The backend that answered; `null` when none ran (the model did not load).
    pub solver: Option<&'static str>,
    /// The model, as messages name it (`<stdin>` for standard input).
    pub model: String,
    /// Batch only: the puzzle's line in the list file.
    pub line: Option<usize>,
    /// Batch only: the column of the puzzle's first mistake, when it could not be read.
    pub column: Option<usize>,
    /// The first grid found, as rows.
    pub grid: Option<Vec<Vec<i64>>>,
    /// Counting only: grids found, and whether that is all of them (false when the time
    /// limit stopped the count).
    pub count: Option<usize>,
    /// Counting only: false when the time limit stopped the count.
    pub complete: Option<bool>,
    /// `run --count N` only: every grid found, as rows.
    pub grids: Option<Vec<Vec<Vec<i64>>>>,
    /// What the status means or what went wrong, as sdkc prints it on standard error.
    pub message: Option<String>,
    /// The model's mistakes, each as `file:line:column: message`, in source order.
    pub errors: Option<Vec<String>>,
    /// `infeasible` only: givens and rules that already conflict.
    pub explanation: Option<ExplanationReport>,
    /// `run --candidates` only: every cell's true candidates.
    pub candidates: Option<CandidatesReport>,
    /// `-s/--statistics` only: what the search cost.
    pub statistics: Option<Statistics>,
    /// Wall-clock seconds, from reading the model (run) or the puzzle's line (batch).
    pub seconds: f64,
    /// The grid broke a rule (a bug in sdkc); not in the JSON: the status is `error`.
    #[serde(skip)]
    pub wrong_answer: bool,
}

/// Why there is no solution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplanationReport {
    /// False when some test ran out of time, so a part might be droppable.
    pub minimal: bool,
    /// Parts left out on a solver's "no solution" whose check ran out of time
    /// (`Explanation::unchecked`).
    #[serde(skip_serializing_if = "crate::solve::is_zero")]
    pub unchecked: usize,
    /// The givens and rules, each placed in the source.
    pub parts: Vec<PlacedPart>,
}

/// Every cell's true candidates, as `run --candidates --json` prints them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidatesReport {
    /// Rows of cells, each cell its candidates ascending.
    pub cells: Vec<Vec<Vec<i64>>>,
    /// Cells whose candidates are not proved complete (the time limit came first), by name.
    pub incomplete: Vec<String>,
    /// Solutions found on the way.
    pub solutions: usize,
    /// Questions asked of the solver.
    pub questions: usize,
}

impl CandidatesReport {
    /// The report of `c` for the puzzle `p`.
    pub fn new(p: &crate::Puzzle, c: &crate::candidates::Candidates) -> CandidatesReport {
        CandidatesReport {
            cells: c.values.chunks(p.cols.max(1)).map(|r| r.to_vec()).collect(),
            incomplete: (0..c.values.len())
                .filter(|&i| !c.complete[i])
                .map(|i| p.cell_name(i))
                .collect(),
            solutions: c.solutions,
            questions: c.questions,
        }
    }
}

impl Report {
    /// A report with only its status and model.
    pub fn new(status: Status, model: &str) -> Report {
        Report {
            status,
            solver: None,
            model: model.to_string(),
            line: None,
            column: None,
            grid: None,
            count: None,
            complete: None,
            grids: None,
            message: None,
            errors: None,
            explanation: None,
            candidates: None,
            statistics: None,
            seconds: 0.0,
            wrong_answer: false,
        }
    }

    /// An error with its message.
    pub fn error(model: &str, message: String) -> Report {
        let mut r = Report::new(Status::Error, model);
        r.message = Some(message);
        r
    }

    /// What a verdict says; `cols` is the grid's width; `counting` adds the count.
    pub fn from_verdict(v: &Verdict, model: &str, cols: usize, counting: bool) -> Report {
        let mut r = Report::new(v.status, model);
        r.solver = Some(v.solver);
        r.grid = v
            .wrong
            .as_ref()
            .map(|w| &w.grid)
            .or(v.first.as_ref())
            .map(|g| rows(g, cols));
        if counting {
            r.count = Some(v.count);
            r.complete = Some(v.complete);
        }
        r.message = v.message.clone();
        r.wrong_answer = v.wrong.is_some();
        r
    }

    /// The object on one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report is plain data")
    }
}

/// One grid of `run -a --json`, printed as soon as it is found, before the final report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolutionLine {
    /// Its number, from 1, in the order found.
    pub solution: usize,
    /// The grid, as rows.
    pub grid: Vec<Vec<i64>>,
}

/// One puzzle of `generate --format json`, a line each.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PuzzleLine {
    /// Its number, from 1.
    pub index: usize,
    /// The puzzle in the one-line form, `.` for an open cell.
    pub puzzle: String,
    /// Its only solution, in the one-line form.
    pub solution: String,
    /// How many givens it has.
    pub clues: usize,
    /// Seconds spent making it.
    pub seconds: f64,
    /// Clues left out on a "no other grid" whose check ran out of its time (HiGHS's presolve
    /// or CBC's root alone said it; `Generated::unchecked`).
    #[serde(skip_serializing_if = "crate::solve::is_zero")]
    pub unchecked: usize,
}

/// A row-major grid as rows of `cols` values.
pub fn rows(g: &[i64], cols: usize) -> Vec<Vec<i64>> {
    g.chunks(cols.max(1)).map(<[i64]>::to_vec).collect()
}

/// Seconds rounded to the microsecond, as every report shows them.
pub fn seconds(s: f64) -> f64 {
    (s * 1e6).round() / 1e6
}
