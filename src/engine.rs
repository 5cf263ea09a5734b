//! One interface over the three solvers for the questions puzzle setters ask: find a solution,
//! find up to N of them (a uniqueness proof is N = 2), and, when there is none, find a
//! minimal set of givens and rules that already conflict.
//!
//! CBC and HiGHS enumerate by seed 000's method: solve, add a no-good cut that forbids the
//! grid found, solve again (on CBC raced against an objective that cuts the last grid off,
//! see `enumerate_mip`). The builtin search counts directly. The explanation is a deletion
//! filter that asks any of them "is this subset still infeasible?".

use std::time::{Duration, Instant};

use crate::emit::Format;
use crate::mip::{Column, Mip, Row, Sense};
use crate::puzzle::{Cell, Puzzle, RuleKind};
use crate::search;
use crate::solve::{self, Outcome, SolveError, Solver};

/// Which solver answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Builtin,
    Mip(Solver, Format),
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Builtin => "builtin",
            Backend::Mip(s, _) => s.name(),
        }
    }
}

/// The solutions a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// Complete grids (row-major), in the order found; not yet checked.
    pub solutions: Vec<Vec<i64>>,
    /// The search ran out of time; there may be more solutions (or, with none, one at all).
    pub timed_out: bool,
    /// Seconds spent in solver processes or in the search.
    pub seconds: f64,
    /// Solver runs (1 per solution, plus the one that proved there are no more).
    pub solves: usize,
    /// Search nodes, for the builtin solver.
    pub nodes: Option<u64>,
}

#[derive(Debug)]
pub enum Error {
    Solve(SolveError),
    /// The builtin solver cannot take this model (too many values per cell).
    Builtin(String),
    /// A solver's values do not make a grid.
    Decode {
        solver: &'static str,
        detail: String,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Solve(e) => e.fmt(f),
            Error::Builtin(m) => f.write_str(m),
            Error::Decode { solver, detail } => {
                write!(
                    f,
                    "could not read a grid from {solver}'s solution: {detail}"
                )
            }
        }
    }
}

impl From<SolveError> for Error {
    fn from(e: SolveError) -> Self {
        Error::Solve(e)
    }
}

/// Find up to `limit` solutions of `p` (whose MIP is `mip`, for the MIP backends), within
/// `time_limit` seconds in all.
pub fn find(
    p: &Puzzle,
    mip: Option<&Mip>,
    backend: Backend,
    limit: usize,
    time_limit: Option<f64>,
) -> Result<Found, Error> {
    let start = Instant::now();
    let deadline = time_limit.map(|t| start + Duration::from_secs_f64(t));
    match backend {
        Backend::Builtin => {
            let model = search::Model::new(p).map_err(Error::Builtin)?;
            Ok(find_builtin(&model, &p.givens, limit, start, deadline))
        }
        Backend::Mip(solver, format) => {
            let owned;
            let mip = match mip {
                Some(m) => m,
                None => {
                    owned = lower(p, solver)?;
                    &owned
                }
            };
            enumerate_mip(mip, solver, format, limit, deadline, start)
        }
    }
}

/// Up to `limit` solutions from a compiled builtin model (one model serves many givens: the
/// batch compiles it once), timed from `start`.
pub fn find_builtin(
    model: &search::Model,
    givens: &[Option<i64>],
    limit: usize,
    start: Instant,
    deadline: Option<Instant>,
) -> Found {
    let out = model.solve(
        givens,
        &search::Options {
            limit,
            deadline,
            ..Default::default()
        },
    );
    Found {
        solutions: out.solutions,
        timed_out: out.timed_out,
        seconds: start.elapsed().as_secs_f64(),
        solves: 1,
        nodes: Some(out.nodes),
    }
}

/// Lower `p` for `solver`. The models reaching here have been lowered once already (their
/// mistakes reported then), so a failure is the solver run's, not the user's.
pub fn lower(p: &Puzzle, solver: Solver) -> Result<Mip, Error> {
    crate::lower::lower(p).map_err(|d| {
        Error::Solve(SolveError::Failed {
            solver,
            detail: format!("the model could not be lowered: {}", d.kind),
        })
    })
}

/// Solve, forbid the grid found, solve again.
///
/// On CBC with one-hot cells, each question after the first is asked two ways at once (two
/// processes), because neither is fast everywhere; the second way only ends the race by
/// proving that no other grid exists, so the grids found are the first way's, the same on
/// every run:
/// - with a no-good row for the last grid, where CBC's preprocessing often proves there is no
///   other (miracle: 0.19 s), but on seed 001's fancy board its LP takes 4 s to find itself
///   infeasible;
/// - with no row for the last grid but the objective "how many free cells keep its values",
///   minimised, with `-cutoff` just below that number: on the fancy board the relaxation's
///   bound is the proof (0.2 s), on miracle it is weak (0.9 s).
///
/// Earlier grids always have rows. HiGHS is as fast with the row alone (fancy: 0.15 s).
fn enumerate_mip(
    mip: &Mip,
    solver: Solver,
    format: Format,
    limit: usize,
    deadline: Option<Instant>,
    start: Instant,
) -> Result<Found, Error> {
    let mut mip = mip.clone();
    let mut found = Found {
        solutions: Vec::new(),
        timed_out: false,
        seconds: 0.0,
        solves: 0,
        nodes: None,
    };
    let race = solver == Solver::Cbc && !mip.integer_cells;
    // The last grid found, while it has no row yet (race only).
    let mut pending: Option<Vec<i64>> = None;
    loop {
        let remaining = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
        if remaining.is_some_and(|r| r <= 0.0) {
            found.timed_out = true;
            break;
        }
        let plain = solve::Options {
            solver,
            format,
            time_limit: remaining,
            below: None,
        };
        let run = match &pending {
            Some(last) => {
                let k = found.solutions.len() - 1;
                let mut with_row = mip.clone();
                forbid(&mut with_row, last, k);
                let mut by_objective = mip.clone();
                by_objective.objective = agreement(&mip, last);
                let cutoff = solve::Options {
                    below: Some(by_objective.objective.len() as f64 - 0.5),
                    ..plain
                };
                solve::race((&with_row, &plain), (&by_objective, &cutoff))?
            }
            None => solve::solve(&mip, &plain)?,
        };
        found.solves += 1;
        let values = match run.outcome {
            Outcome::Solved(v) | Outcome::Stopped(v) => v,
            Outcome::Infeasible => break,
            Outcome::TimeLimit => {
                found.timed_out = true;
                break;
            }
        };
        let grid = solve::decode(&mip, &values).map_err(|detail| Error::Decode {
            solver: solver.name(),
            detail,
        })?;
        if let Some(last) = pending.take() {
            forbid(&mut mip, &last, found.solutions.len() - 1);
            if last == grid {
                // The solver ignored the cutoff: ask again with the row alone.
                continue;
            }
        }
        if found.solutions.contains(&grid) {
            return Err(Error::Decode {
                solver: solver.name(),
                detail: "the solver returned a grid that a no-good cut forbids".into(),
            });
        }
        let free = if race {
            let free = !agreement(&mip, &grid).is_empty();
            pending = Some(grid.clone());
            free
        } else {
            forbid(&mut mip, &grid, found.solutions.len())
        };
        found.solutions.push(grid);
        if found.solutions.len() >= limit || !free {
            break;
        }
    }
    found.seconds = start.elapsed().as_secs_f64();
    Ok(found)
}

/// The one-hot columns of `grid`'s values in the free cells: their sum is how many free cells
/// keep the grid's values.
fn agreement(mip: &Mip, grid: &[i64]) -> Vec<(usize, i64)> {
    value_columns(mip, &free_cells(mip, grid))
}

/// The grid's values in the cells that are not fixed by givens.
fn free_cells(mip: &Mip, grid: &[i64]) -> Vec<(Cell, i64)> {
    (0..grid.len())
        .filter(|&c| mip.fixed[c].is_none())
        .map(|c| (c, grid[c]))
        .collect()
}

/// The one-hot column of each `(cell, value)`, coefficient 1; values a cell cannot take have
/// none and are skipped.
fn value_columns(mip: &Mip, assignment: &[(Cell, i64)]) -> Vec<(usize, i64)> {
    assignment
        .iter()
        .filter_map(|&(c, v)| {
            mip.cell_columns[c]
                .iter()
                .find(|&&(w, _)| w == v)
                .map(|&(_, col)| (col, 1))
        })
        .collect()
}

/// Add a no-good cut that forbids `grid` and nothing else: its free cells cannot all keep
/// their values. Returns false when no cell is free (the grid is the model's only possible one).
pub fn forbid(mip: &mut Mip, grid: &[i64], k: usize) -> bool {
    let free = free_cells(mip, grid);
    if free.is_empty() {
        return false;
    }
    forbid_values(mip, &free, &format!("nogood_{}", k + 1));
    true
}

/// Add rows that forbid the cells of `assignment` all taking their values. With one-hot
/// cells: the columns of those values sum to at most their number less one (seed 000). With
/// integer cells: each cell gets two binaries, "above its value" and "below it", and one of
/// them must hold.
pub fn forbid_values(mip: &mut Mip, assignment: &[(Cell, i64)], name: &str) {
    if !mip.integer_cells {
        let terms = value_columns(mip, assignment);
        // A value with no column is one the cell cannot take: nothing to forbid.
        if terms.len() < assignment.len() {
            return;
        }
        let rhs = terms.len() as i64 - 1;
        mip.rows.push(Row {
            name: name.to_string(),
            terms,
            sense: Sense::Le,
            rhs,
        });
        return;
    }
    let mut any = Vec::new();
    for &(c, g) in assignment {
        let col = mip.cell_columns[c][0].1;
        let (lo, hi) = (mip.columns[col].lower, mip.columns[col].upper);
        let cell = mip.cell_name(c);
        let mut binary = |mip: &mut Mip, side: &str| {
            let i = mip.columns.len();
            mip.columns.push(Column {
                lower: 0,
                upper: 1,
                integer: true,
            });
            mip.column_names
                .push_with(|s| s.push_str(&format!("{name}_{cell}_{side}")));
            any.push((i, 1));
            i
        };
        if g < hi {
            // above = 1  =>  v >= g + 1:   v - (g + 1 - lo) above >= lo
            let above = binary(mip, "up");
            mip.rows.push(Row {
                name: format!("{name}_{cell}_up"),
                terms: vec![(col, 1), (above, -(g + 1 - lo))],
                sense: Sense::Ge,
                rhs: lo,
            });
        }
        if g > lo {
            // below = 1  =>  v <= g - 1:   v + (hi - g + 1) below <= hi
            let below = binary(mip, "down");
            mip.rows.push(Row {
                name: format!("{name}_{cell}_down"),
                terms: vec![(col, 1), (below, hi - g + 1)],
                sense: Sense::Le,
                rhs: hi,
            });
        }
    }
    mip.rows.push(Row {
        name: name.to_string(),
        terms: any,
        sense: Sense::Ge,
        rhs: 1,
    });
}

/// One element of an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Given(Cell),
    /// A whole expression rule, by index.
    Rule(usize),
    /// One area of a `distinct` rule: (rule, area).
    Area(usize, usize),
}

/// A set of givens and rules that has no solution, and from which no element can be dropped
/// (when `minimal`; a test that ran out of time keeps its element, and then it may not be).
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    pub parts: Vec<Part>,
    pub minimal: bool,
    pub solves: usize,
}

/// The puzzle restricted to some of its parts.
pub fn restrict(p: &Puzzle, parts: &[Part]) -> Puzzle {
    let mut q = p.clone();
    for (c, g) in q.givens.iter_mut().enumerate() {
        if !parts.contains(&Part::Given(c)) {
            *g = None;
        }
    }
    let mut rules = Vec::new();
    for (r, rule) in p.rules.iter().enumerate() {
        match &rule.kind {
            RuleKind::Expr { .. } => {
                if parts.contains(&Part::Rule(r)) {
                    rules.push(rule.clone());
                }
            }
            RuleKind::Distinct(areas) => {
                let kept: Vec<_> = areas
                    .iter()
                    .enumerate()
                    .filter(|(a, _)| parts.contains(&Part::Area(r, *a)))
                    .map(|(_, area)| area.clone())
                    .collect();
                if !kept.is_empty() {
                    let mut rule = rule.clone();
                    rule.kind = RuleKind::Distinct(kept);
                    rules.push(rule);
                }
            }
        }
    }
    q.rules = rules;
    q
}

/// Every part of the puzzle: its givens, then its rules (each area of a `distinct` rule apart).
pub fn parts(p: &Puzzle) -> Vec<Part> {
    let mut out: Vec<Part> = (0..p.givens.len())
        .filter(|&c| p.givens[c].is_some())
        .map(Part::Given)
        .collect();
    for (r, rule) in p.rules.iter().enumerate() {
        match &rule.kind {
            RuleKind::Expr { .. } => out.push(Part::Rule(r)),
            RuleKind::Distinct(areas) => out.extend((0..areas.len()).map(|a| Part::Area(r, a))),
        }
    }
    out
}

/// A deletion filter over the puzzle's parts: drop a part when the rest is still infeasible.
/// Givens go first, against every rule, so the givens kept are a minimal conflicting set;
/// then the rules, those with the fewest of the kept givens in their cells first, so the
/// areas the conflict lives in (a row full of the givens) are the ones that stay.
pub fn explain(
    p: &Puzzle,
    backend: Backend,
    time_limit: Option<f64>,
) -> Result<Explanation, Error> {
    let all = parts(p);
    let (givens, rules): (Vec<Part>, Vec<Part>) =
        all.iter().partition(|part| matches!(part, Part::Given(_)));
    let mut x = Explanation {
        parts: all,
        minimal: true,
        solves: 0,
    };
    for g in givens {
        try_without(p, &mut x, g, backend, time_limit)?;
    }
    let kept: Vec<Cell> = x
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Given(c) => Some(*c),
            _ => None,
        })
        .collect();
    let mut rules: Vec<(usize, Part)> = rules
        .into_iter()
        .map(|part| {
            let inside = match part {
                Part::Area(r, a) => match &p.rules[r].kind {
                    RuleKind::Distinct(areas) => {
                        areas[a].cells.iter().filter(|c| kept.contains(c)).count()
                    }
                    RuleKind::Expr { .. } => 0,
                },
                // An expression rule's cells are not listed; it is tried last, so it stays
                // unless the areas explain the conflict without it.
                _ => usize::MAX,
            };
            (inside, part)
        })
        .collect();
    rules.sort_by_key(|&(inside, _)| inside);
    for (_, part) in rules {
        try_without(p, &mut x, part, backend, time_limit)?;
    }
    Ok(x)
}

/// Drop `part` from the explanation if the puzzle without it still has no solution.
fn try_without(
    p: &Puzzle,
    x: &mut Explanation,
    part: Part,
    backend: Backend,
    time_limit: Option<f64>,
) -> Result<(), Error> {
    let trial: Vec<Part> = x.parts.iter().copied().filter(|&q| q != part).collect();
    let found = find(&restrict(p, &trial), None, backend, 1, time_limit)?;
    x.solves += found.solves;
    if found.solutions.is_empty() && !found.timed_out {
        x.parts = trial;
    } else {
        x.minimal &= !found.timed_out;
    }
    Ok(())
}
