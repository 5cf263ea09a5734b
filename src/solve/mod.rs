//! Stage 5: the backends that answer questions about a puzzle, behind one trait.
//!
//! A question is always the same shape (`Question`): find grids of a puzzle, up to a limit,
//! before a deadline, with some values or grids ruled out, or one grid chosen at random. Every
//! backend answers it: the builtin search (`builtin`) directly, the MIP solvers (`cbc`, `highs`,
//! `glpk`) through the one-hot MIP and the generic loop in `mip` (solve, forbid the grid found,
//! solve again). What differs between MIP solvers is only their command line and file format
//! (`mip::MipSolver`); starting, watching and stopping a binary is `process`'s business.
//!
//! Adding a MIP solver is one file implementing `MipSolver` and one line in `MIP_SOLVERS`.

mod builtin;
mod cbc;
mod glpk;
mod highs;
pub mod mip;
mod process;

use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

pub use builtin::{Builtin, Threaded};
pub use mip::{MipBackend, MipSolver};

use crate::diagnostic::Diagnostic;
use crate::emit::Format;
use crate::exit;
use crate::puzzle::{Cell, Puzzle};

/// What to find. The default finds one grid, with no deadline.
#[derive(Debug, Clone, Default)]
pub struct Question {
    /// Stop after this many grids (1 solves, 2 proves uniqueness); `None` finds every grid.
    pub limit: Option<usize>,
    /// Give up at this instant (the answer is then marked `timed_out`).
    pub deadline: Option<Instant>,
    /// Values cells may not take, on top of the rules: each `(cell, value)` is ruled out
    /// (the generator asks "is there a solution with another value here?").
    pub exclude: Vec<(Cell, i64)>,
    /// Grids not to report, as if the rules forbade them (grids already known).
    pub forbid: Vec<Vec<i64>>,
    /// Find one grid chosen at random by this seed, not the first in the search's order (the
    /// generator's full grid). The same seed gives the same grid on every run.
    pub random: Option<u64>,
    /// A known grid whose values the search tries first (the generator's solution: a second
    /// solution mostly agrees with it). Only the builtin search uses it; answers are the same.
    pub prefer: Option<Vec<i64>>,
    /// Where the builtin search's earlier questions on the same rules failed, to start from
    /// and add to (`search::Learned`). Other backends ignore it; answers are the same.
    pub learned: Option<crate::search::Learned>,
    /// With `limit` 1 and `prefer`: the builtin search races a second search in its own
    /// value order on another thread, for a core that would be idle (`search::Options::race`).
    /// Whether a grid is found is the same; which grid may differ from run to run.
    pub race: bool,
    /// Only the set of grids matters, not their order: the builtin search may then answer a
    /// question whose grids are fewer than `limit` on all its threads (`search::Options::
    /// any_order`), the grids sorted. The caller sorts such an answer from any backend.
    pub any_order: bool,
}

impl Question {
    /// One grid: `limit` 1.
    pub fn one() -> Question {
        Question {
            limit: Some(1),
            ..Question::default()
        }
    }

    /// Up to `n` grids.
    pub fn up_to(n: usize) -> Question {
        Question {
            limit: Some(n),
            ..Question::default()
        }
    }
}

/// How a backend's answer went: how many grids (each was handed to the caller as it was
/// found), whether the deadline cut the search short, and what it cost.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Found {
    /// Grids found.
    pub count: usize,
    /// The deadline stopped the search: there may be more grids (or, with none, one at all).
    pub timed_out: bool,
    /// What the search cost.
    pub statistics: Statistics,
}

impl Found {
    /// No grid, for want of time (the deadline came before the question could be asked).
    pub fn out_of_time(statistics: Statistics) -> Found {
        Found {
            count: 0,
            timed_out: true,
            statistics,
        }
    }
}

/// What a search cost, as far as the backend reports it (`run -s`).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Statistics {
    /// Solver runs: one per grid found plus the one that found no more (MIP solvers); one
    /// search (builtin).
    pub solves: usize,
    /// Branch-and-bound or search nodes, summed over the runs, when the backend reports them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Simplex iterations, summed over the runs, when the solver reports them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Columns of the MIP handed to the solver (before any no-good row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<usize>,
    /// Rows of the MIP handed to the solver (before any no-good row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Non-zeros of the MIP handed to the solver.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nonzeros: Option<usize>,
    /// Seconds spent lowering the puzzle to a MIP (MIP solvers) or compiling its rules (builtin).
    pub prepare_seconds: f64,
    /// Seconds spent searching: in solver processes, or in the builtin search.
    pub solve_seconds: f64,
    /// Answers "no (other) solution" whose check ran out of its time, so that they rest on
    /// the first run alone: HiGHS's presolve, or CBC's root with sdkc's settings (both have
    /// been wrong; `MipSolver::confirm_infeasible`).
    #[serde(skip_serializing_if = "is_zero")]
    pub unchecked: usize,
    /// Of the solver runs, those GLPK's MiniSat answered (`solve::glpk::ways`).
    #[serde(skip_serializing_if = "is_zero")]
    pub minisat: usize,
    /// The builtin search's threads, when more than one searched (its `nodes` are then
    /// summed over them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

/// For serde: a count of none is left out.
pub(crate) fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Statistics {
    /// Add another run's costs to these (counts summed; sizes kept from the first run).
    pub fn add(&mut self, other: &Statistics) {
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        self.solves += other.solves;
        self.nodes = sum(self.nodes, other.nodes);
        self.iterations = sum(self.iterations, other.iterations);
        self.columns = self.columns.or(other.columns);
        self.rows = self.rows.or(other.rows);
        self.nonzeros = self.nonzeros.or(other.nonzeros);
        self.prepare_seconds += other.prepare_seconds;
        self.solve_seconds += other.solve_seconds;
        self.unchecked += other.unchecked;
        self.minisat += other.minisat;
        self.threads = self.threads.max(other.threads);
    }
}

/// How the solvers run, as the user set it (the conventions of PuLP's `msg`, `keepFiles` and
/// `options`, and of MiniZinc's `-p` and `-r`). The builtin search reads only `threads`, for
/// its proofs and counts (`Threaded`); its answers are the same on any number.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The file format handed to the solver.
    pub format: Format,
    /// Threads the solver may use (its own default when `None`; the builtin search's is one).
    pub threads: Option<usize>,
    /// The solver's random seed (sdkc fixes one when `None`, so runs repeat).
    pub random_seed: Option<u64>,
    /// Options passed to the solver as they are, `KEY=VALUE`, in its own vocabulary.
    pub options: Vec<(String, String)>,
    /// Copy every run's model, solution and log into this folder.
    pub keep_files: Option<PathBuf>,
    /// Copy the solver's log to standard error after every run.
    pub verbose: bool,
}

/// Something that answers questions about puzzles: the builtin search or a MIP solver.
///
/// `prepare` compiles what every puzzle with the same rules shares (the builtin search's
/// propagators), once; `Prepared::find` then answers for one set of givens. A batch of
/// puzzles prepares once and asks many times.
pub trait Backend: Send + Sync {
    /// The name `--solver` takes: `builtin`, `cbc`, `highs`, `glpk`.
    fn name(&self) -> &'static str;

    /// The binary this backend runs (`None` for the builtin search), or why it cannot run
    /// here (`Error::Missing`, which says how to install it).
    fn locate(&self) -> Result<Option<PathBuf>, Error>;

    /// The version the backend reports, if it does.
    fn version(&self) -> Option<String>;

    /// Compile the rules of `rules` (its givens are ignored) for `find`.
    fn prepare(&self, rules: &Puzzle) -> Result<Box<dyn Prepared + '_>, Error> {
        self.prepare_until(rules, None)
    }

    /// `prepare`, within a time limit: compiling or lowering rules by the ten thousand takes
    /// seconds, so a backend stops at `deadline`, and its `find` then answers every question
    /// out of time (`Found::out_of_time`), as a search stopped by the deadline would.
    fn prepare_until(
        &self,
        rules: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Box<dyn Prepared + '_>, Error>;
}

/// A backend ready to answer questions about puzzles with one set of rules.
pub trait Prepared: Send + Sync {
    /// Find grids of the puzzle with these givens (one entry per cell), as `q` asks. Each grid
    /// is handed to `each` as soon as it is found (row-major values); `each` returning false
    /// ends the search early. Grids are not yet checked: that is `verdict`'s job.
    fn find(
        &self,
        givens: &[Option<i64>],
        q: &Question,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Result<Found, Error>;

    /// Whether one more grid of a search costs about as little as a search step (the builtin
    /// search) rather than a solver run (a MIP solver, which must be run again with the grids
    /// found so far cut off): a question that can use many grids then asks for them at once.
    fn grids_are_cheap(&self) -> bool {
        false
    }
}

/// Every MIP solver sdkc can run, in the order `sdkc solvers` lists them.
const MIP_SOLVERS: [&'static dyn MipSolver; 3] = [&cbc::Cbc, &highs::Highs, &glpk::Glpk];

/// `--solver auto`, in order of preference: the first one found answers. Judged by the worst
/// case (README, "Solvers"): since GLPK races its MiniSat against its branch and cut it
/// proves every example, library puzzle, 16x16 and hard 9x9 in at most 15 s (the zipper) and
/// 39 of the 45 hard killers in 30 s, where HiGHS leaves the 25x25 and 44 of the killers at
/// the limit, and CBC more. The builtin search is faster than all of them but last: running
/// the written model through a real solver is what sdkc is for, and the builtin search is
/// the fallback that is always there.
pub const AUTO_ORDER: [&str; 4] = ["glpk", "highs", "cbc", "builtin"];

/// Every backend name, builtin first: the values of `--solver` besides `auto`.
pub fn names() -> Vec<&'static str> {
    std::iter::once(Builtin.name())
        .chain(MIP_SOLVERS.iter().map(|s| s.name()))
        .collect()
}

/// The backend called `name`, set up with `settings`.
pub fn backend(name: &str, settings: &Settings) -> Option<Box<dyn Backend>> {
    if name == Builtin.name() {
        return Some(match settings.threads {
            Some(n) if n > 1 => Box::new(Threaded(n)),
            _ => Box::new(Builtin),
        });
    }
    MIP_SOLVERS
        .into_iter()
        .find(|s| s.name() == name)
        .map(|solver| Box::new(MipBackend::new(solver, settings.clone())) as Box<dyn Backend>)
}

/// Every backend, builtin first.
pub fn backends(settings: &Settings) -> Vec<Box<dyn Backend>> {
    names()
        .into_iter()
        .filter_map(|n| backend(n, settings))
        .collect()
}

/// `--solver auto`: the first backend of `AUTO_ORDER` that can run here.
pub fn auto(settings: &Settings) -> Box<dyn Backend> {
    AUTO_ORDER
        .into_iter()
        .filter_map(|n| backend(n, settings))
        .find(|b| b.locate().is_ok())
        .unwrap_or_else(|| Box::new(Builtin))
}

/// Why a backend gave no answer. Each error owns its exit code.
#[derive(Debug)]
pub enum Error {
    /// The solver binary is not installed (or its `SDKC_*` variable names no executable).
    Missing {
        /// The backend's name.
        solver: &'static str,
        /// The variable that names the binary (`SDKC_CBC`).
        env_var: &'static str,
        /// What it names, when it is set.
        set_to: Option<PathBuf>,
        /// How to install it.
        hint: &'static str,
    },
    /// The binary could not be started, exited non-zero, or was killed.
    Failed {
        /// The backend's name.
        solver: &'static str,
        /// What happened, with the end of its log.
        detail: String,
    },
    /// The solver ran but its solution file is missing, not in the expected form, or its
    /// values do not make a grid.
    Unreadable {
        /// The backend's name.
        solver: &'static str,
        /// What is wrong with the file or its values.
        detail: String,
    },
    /// The solver ran past its own time limit (CBC does not look at the clock during its root
    /// LP) and sdkc stopped it: for the user, the time limit was hit.
    Hung {
        /// The backend's name.
        solver: &'static str,
        /// How long sdkc waited.
        seconds: f64,
    },
    /// The solver's files could not be written.
    Io(std::io::Error),
    /// The puzzle could not be lowered to a MIP (it is too large): a mistake in the model,
    /// to be shown against its source.
    Model(Box<Diagnostic>),
    /// The backend cannot take this model (the builtin search with more than 128 values,
    /// fixed MPS with a long name).
    Unsupported {
        /// The backend's name.
        solver: &'static str,
        /// Why not.
        detail: String,
    },
    /// The question cannot be asked: the rules have no grid to start from (the generator).
    NoGrid {
        /// The backend that said so.
        solver: &'static str,
        /// Whether its answer rests on a first run whose checks ran out of time
        /// (`Statistics::unchecked`; `verdict::unchecked`).
        unchecked: bool,
    },
    /// The question does not fit the rules: givens, an excluded cell or a forbidden grid of
    /// the wrong size, or a value outside the rules' range (a library caller's mistake; the
    /// command line never asks such a question).
    BadQuestion {
        /// What does not fit.
        detail: String,
    },
}

impl Error {
    /// The exit code the command line ends with (README, "Exit codes").
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Missing { .. } => exit::SOLVER_MISSING,
            Error::Failed { .. } => exit::SOLVER_FAILED,
            // sdkc's own files (the run's folder, a kept file), not the solver: exit 1, as every
            // file sdkc cannot read or write.
            Error::Io(_) => exit::IO,
            Error::Unreadable { .. } => exit::SOLVER_OUTPUT,
            Error::Hung { .. } => exit::TIME_LIMIT,
            Error::Model(_) | Error::Unsupported { .. } => exit::MODEL,
            Error::NoGrid { .. } => exit::INFEASIBLE,
            Error::BadQuestion { .. } => exit::USAGE,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Missing {
                solver,
                env_var,
                set_to: Some(p),
                ..
            } => write!(
                f,
                "solver `{solver}` not found: {env_var} names {}, which is not an executable file",
                p.display()
            ),
            Error::Missing { solver, hint, .. } => {
                write!(f, "solver `{solver}` not found on PATH: {hint}")
            }
            Error::Failed { solver, detail } => write!(f, "solver `{solver}` failed: {detail}"),
            Error::Unreadable { solver, detail } => {
                write!(f, "could not read the solution `{solver}` wrote: {detail}")
            }
            Error::Hung { solver, seconds } => write!(
                f,
                "{solver} reached the time limit without a solution and was stopped by sdkc after {seconds:.1} s"
            ),
            Error::Io(e) => write!(f, "could not prepare the solver's files: {e}"),
            Error::Model(d) => write!(f, "{}", d.kind),
            Error::Unsupported { detail, .. } => f.write_str(detail),
            Error::NoGrid {
                unchecked: false, ..
            } => f.write_str("the rules have no solution, so there is no puzzle to make"),
            Error::NoGrid {
                solver,
                unchecked: true,
            } => write!(
                f,
                "the rules have no solution {}, so there is no puzzle to make",
                crate::verdict::unchecked_aside(solver, "so")
            ),
            Error::BadQuestion { detail } => {
                write!(f, "the question does not fit the rules: {detail}")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

/// The instant `seconds` after `start`: a time limit as a deadline. A limit below zero or not a
/// number has already passed; one too large for the clock is no limit. (The command line
/// refuses such limits; the library takes them without a panic.)
pub fn deadline_after(start: std::time::Instant, seconds: f64) -> Option<std::time::Instant> {
    if seconds.is_nan() || seconds <= 0.0 {
        return Some(start);
    }
    std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .and_then(|d| start.checked_add(d))
}

/// Whether `givens` and `q` fit `rules`: one given per cell, each in the rules' range, and the
/// excluded cells and forbidden grids of the same grid. Every backend's `find` asks this first,
/// so a library caller's mistake is an error, not a panic (a review found the MIP backends
/// indexing past the grid).
pub fn check_question(rules: &Puzzle, givens: &[Option<i64>], q: &Question) -> Result<(), Error> {
    Shape::of(rules).check(givens, q)
}

/// What a question must fit: the number of cells and the range of values.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    cells: usize,
    lo: i64,
    hi: i64,
}

impl Shape {
    pub(crate) fn of(rules: &Puzzle) -> Shape {
        Shape {
            cells: rules.rows * rules.cols,
            lo: rules.lo,
            hi: rules.hi,
        }
    }

    pub(crate) fn check(self, givens: &[Option<i64>], q: &Question) -> Result<(), Error> {
        let Shape { cells, lo, hi } = self;
        let bad = |detail: String| Err(Error::BadQuestion { detail });
        if givens.len() != cells {
            return bad(format!(
                "{} givens for a grid of {cells} cells",
                givens.len()
            ));
        }
        if let Some(v) = givens.iter().flatten().find(|v| !(lo..=hi).contains(*v)) {
            return bad(format!("a given {v} outside the values {lo}..{hi}"));
        }
        if let Some((c, _)) = q.exclude.iter().find(|&&(c, _)| c >= cells) {
            return bad(format!(
                "an excluded value at cell {c} of a grid of {cells} cells"
            ));
        }
        if let Some(g) = q.forbid.iter().find(|g| g.len() != cells) {
            return bad(format!(
                "a forbidden grid of {} values for a grid of {cells} cells",
                g.len()
            ));
        }
        if let Some(g) = q.prefer.as_ref().filter(|g| g.len() != cells) {
            return bad(format!(
                "a preferred grid of {} values for a grid of {cells} cells",
                g.len()
            ));
        }
        Ok(())
    }
}
