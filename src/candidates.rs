//! True candidates: for each cell, the values it takes in some solution (the union of all
//! solutions), which setters read to see where a puzzle with several solutions needs one more
//! clue. Found without enumerating the solutions: first a search for two solutions, or up to
//! 64 with the builtin search, where more grids cost little (a unique puzzle, the common case,
//! ends there: one question, its solution the candidates; so does a puzzle with fewer
//! solutions than were looked for: their union); then, for each cell, one question "is there a
//! solution with a value here that no solution found so far has?" (the values seen are
//! excluded), asked again while the answer is yes. Every grid an answer brings marks its value
//! in every cell, so most cells need one question, answered "no". Every grid is checked by
//! `check` before it counts, as in `verdict`.

use std::time::Instant;

/// Grids the first question looks for when grids are cheap (`Prepared::grids_are_cheap`).
const FIRST_GRIDS: usize = 64;

use crate::check;
use crate::puzzle::{Cell, Puzzle};
use crate::solve::{self, Prepared, Question, Statistics};
use crate::verdict::{Status, Verdict, WrongAnswer};

/// The candidates of every cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    /// Per cell (row-major), the values some solution has there, ascending.
    pub values: Vec<Vec<i64>>,
    /// Per cell, whether its values are proved to be all of them (false when the time limit
    /// came first: it may have more).
    pub complete: Vec<bool>,
    /// Solutions found on the way (each differs from every earlier one).
    pub solutions: usize,
    /// Questions asked of the solver.
    pub questions: usize,
}

impl Candidates {
    /// Whether every cell is proved complete.
    pub fn all_complete(&self) -> bool {
        self.complete.iter().all(|&c| c)
    }

    /// The cells with more than one candidate.
    pub fn open_cells(&self) -> usize {
        self.values.iter().filter(|v| v.len() > 1).count()
    }
}

/// The true candidates of `p` from `prepared` (the backend called `solver`, prepared for `p`'s
/// rules), before `deadline`, with the verdict they imply: `unique` when every cell is proved
/// to have one candidate, `not_unique` when some cell has two (`exactly N solutions` is not
/// known: the message counts the cells), `infeasible`, or `time_limit` when cells are left
/// unproved and none has shown two values. No candidates when there is no grid at all.
pub fn find(
    p: &Puzzle,
    prepared: &dyn Prepared,
    solver: &'static str,
    deadline: Option<Instant>,
) -> Result<(Verdict, Option<Candidates>), solve::Error> {
    let n = p.cell_count();
    let mut statistics = Statistics::default();
    let mut wrong = None;
    let mut first: Option<Vec<i64>> = None;
    let mut seen: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut solutions = 0;
    let mut questions = 0;
    let mut complete = vec![false; n];
    let mut timed_out = false;
    let mut ignored = None;
    // Cells in row-major order; each asked until the answer is no (or time runs out). The
    // first question has nothing to exclude: it finds the first solution.
    let mut cell = 0;
    while cell < n {
        // A given's cell has its value in every solution: nothing to ask (and a MIP has no
        // column to exclude it with).
        if first.is_some() && p.givens[cell].is_some() {
            complete[cell] = true;
            cell += 1;
            continue;
        }
        // Every value already seen in this cell: there is nothing left to find.
        if seen[cell].len() == p.value_count() {
            complete[cell] = true;
            cell += 1;
            continue;
        }
        // Out of time: a question now could still find a grid before the search reads the
        // clock, and its check would take as long again.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            timed_out = true;
            break;
        }
        let exclude: Vec<(Cell, i64)> = seen[cell].iter().map(|&v| (cell, v)).collect();
        let asked_first = first.is_none();
        // The first question looks for two solutions: most puzzles a setter checks are
        // unique, and then one uniqueness proof replaces a question per cell. Where grids
        // are cheap it looks for up to `FIRST_GRIDS`: a puzzle with a few solutions ends
        // there too, the union of all of them (Sandwich snipe 18, two solutions: 81
        // questions, over 30 s → one question, 0.6 s).
        let limit = match (asked_first, prepared.grids_are_cheap()) {
            (true, true) => FIRST_GRIDS,
            (true, false) => 2,
            (false, _) => 1,
        };
        questions += 1;
        let mut got: Vec<Vec<i64>> = Vec::new();
        let found = prepared.find(
            &p.givens,
            &Question {
                limit: Some(limit),
                deadline,
                exclude,
                // The first question's grids count as a set: fewer than the limit, they are
                // every grid, which the builtin search finds on all its threads at once.
                any_order: asked_first,
                ..Question::default()
            },
            &mut |g| {
                got.push(g.to_vec());
                got.len() < limit
            },
        )?;
        // (A backend reports its preparation with every answer: counted once.)
        let mut cost = found.statistics.clone();
        if questions > 1 {
            cost.prepare_seconds = 0.0;
        }
        statistics.add(&cost);
        let many = got.len();
        // Every grid (fewer than asked for) in one order whatever found them, so that the
        // first shown is the same on any number of threads.
        if asked_first && many < limit {
            got.sort();
        }
        // Checking grids against rules by the ten thousand takes seconds each: past the
        // deadline, the grids not yet checked are left (a time limit of 2 s ran 97 s).
        let mut late = false;
        for (i, g) in got.into_iter().enumerate() {
            // A grid with an excluded value in the cell asked about would loop for ever:
            // the backend ignored the question (a bug in sdkc), reported and stopped.
            if !asked_first && seen[cell].binary_search(&g[cell]).is_ok() {
                ignored = Some(format!(
                    "{solver} returned a grid with {} in {}, a value the question excluded (a bug in sdkc; please report it)",
                    g[cell],
                    p.cell_name(cell)
                ));
                break;
            }
            let broken = check::check(p, &g);
            if !broken.is_empty() {
                wrong = Some(WrongAnswer { grid: g, broken });
                break;
            }
            solutions += 1;
            for (c, &v) in g.iter().enumerate() {
                if let Err(at) = seen[c].binary_search(&v) {
                    seen[c].insert(at, v);
                }
            }
            if first.is_none() {
                first = Some(g);
            }
            if i + 1 < many && deadline.is_some_and(|d| Instant::now() >= d) {
                late = true;
                break;
            }
        }
        if ignored.is_some() || wrong.is_some() {
            break;
        }
        if late {
            timed_out = true;
            break;
        }
        if found.timed_out && many < limit {
            timed_out = true;
            break;
        }
        match (asked_first, many) {
            // No solution at all.
            (true, 0) => break,
            // Fewer than asked for: every solution is found, the candidates are their union
            // (exactly one: every cell's only candidate is its value).
            (true, k) if k < limit => {
                complete = vec![true; n];
                break;
            }
            // As many as asked for: ask cell by cell from the first.
            (true, _) => {}
            (false, 0) => {
                complete[cell] = true;
                cell += 1;
            }
            (false, _) => {}
        }
    }
    // A given's cell holds its value in every solution, asked or not (the time limit may have
    // stopped the questions before the loop reached it).
    if first.is_some() {
        for (c, given) in p.givens.iter().enumerate() {
            complete[c] |= given.is_some();
        }
    }
    // A cell that holds every value in the grids found is complete, asked or not (the time
    // limit may have come first).
    for (c, values) in seen.iter().enumerate() {
        if values.len() == p.value_count() {
            complete[c] = true;
        }
    }
    let alone = statistics.unchecked > 0;
    let mut v = Verdict {
        status: Status::Error,
        solver,
        first: first.clone(),
        count: solutions,
        complete: !timed_out,
        message: None,
        statistics,
        wrong: None,
    };
    if let Some(w) = wrong {
        v.set_wrong(w);
        return Ok((v, None));
    }
    if ignored.is_some() {
        v.message = ignored;
        return Ok((v, None));
    }
    let Some(_) = first else {
        (v.status, v.message) = if timed_out {
            (
                Status::TimeLimit,
                Some(format!(
                    "{solver} reached the time limit before finding a solution"
                )),
            )
        } else if alone {
            (
                Status::Infeasible,
                Some(format!(
                    "the puzzle has no solution {}",
                    crate::verdict::unchecked_aside(solver, "so")
                )),
            )
        } else {
            (
                Status::Infeasible,
                Some(format!(
                    "the puzzle has no solution ({solver} proved it infeasible)"
                )),
            )
        };
        return Ok((v, None));
    };
    let c = Candidates {
        values: seen,
        complete,
        solutions,
        questions,
    };
    let several = c.open_cells();
    let left = c.complete.iter().filter(|&&d| !d).count();
    let unproved = format!(
        "{solver} reached the time limit with {left} cell{} not proved complete (marked ?)",
        if left == 1 { "" } else { "s" }
    );
    (v.status, v.message) = if several > 0 {
        let mut m = format!(
            "{several} cell{} more than one candidate",
            if several == 1 { " has" } else { "s have" }
        );
        if timed_out {
            m = format!("{m}; {unproved}");
        }
        (Status::NotUnique, Some(m))
    } else if timed_out {
        (Status::TimeLimit, Some(unproved))
    } else {
        (Status::Unique, None)
    };
    // A candidate ruled out by an answer whose check ran out of time is said to be that.
    if alone && first.is_some() {
        let note = format!(
            "for some candidates, {}",
            crate::verdict::unchecked(solver, "there is no grid")
        );
        v.message = Some(match v.message.take() {
            Some(m) => format!("{m}; {note}"),
            None => note,
        });
    }
    Ok((v, Some(c)))
}
