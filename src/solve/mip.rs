//! The MIP solvers' side of a question: lower the puzzle to its one-hot MIP, solve, forbid the
//! grid found with a no-good cut, solve again (seed 000's method), for any solver that
//! implements `MipSolver`. A solver may answer "another grid than this one?" its own way
//! (`MipSolver::solve_other`: CBC races two forms of it).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::process::{self, Run};
use super::{Backend, Error, Found, Prepared, Question, Settings, Statistics};
use crate::emit::{self, Format};
use crate::mip::{Column, Mip, Row, Sense};
use crate::puzzle::{Cell, Puzzle};

/// What a solver concluded. Values are by column index.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A solution the solver proved optimal (every solution is, without an objective).
    Solved(Vec<f64>),
    /// A feasible solution found before a limit stopped the search, optimality unproven.
    Stopped(Vec<f64>),
    /// No solution exists.
    Infeasible,
    /// The time limit ended the search before any solution was found.
    TimeLimit,
}

/// What one run of a solver is asked, as its command line needs it.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The model file's format.
    pub format: Format,
    /// Seconds left for this run.
    pub time_limit: Option<f64>,
    /// Only solutions whose objective (minimised) is below this, and the first one found is
    /// enough; a run with none is `Infeasible`. Only CBC is asked this way (`Cbc::solve_other`).
    pub below: Option<f64>,
    /// `--threads`.
    pub threads: Option<usize>,
    /// `--random-seed`.
    pub random_seed: Option<u64>,
    /// `--solver-option KEY=VALUE`, in order.
    pub options: Vec<(String, String)>,
    /// Without sdkc's own settings for the solver (`MipSolver::without_settings`).
    pub plain: bool,
    /// GLPK only: the model handed to GLPK's MiniSat (`glpsol --minisat`) instead of its
    /// branch and cut (`MipSolver::ways`).
    pub sat: bool,
}

/// One MIP solver binary: its name, how to find and install it, its command line and its
/// solution file. Everything else (files, processes, the enumeration) is shared.
pub trait MipSolver: Send + Sync {
    /// The name `--solver` takes.
    fn name(&self) -> &'static str;
    /// The binary's file name on PATH.
    fn binary(&self) -> &'static str;
    /// The variable that names the binary instead (`SDKC_CBC`).
    fn env_var(&self) -> &'static str;
    /// How to install it, for the "not found" message.
    fn install_hint(&self) -> &'static str;
    /// The arguments that make the binary print its version.
    fn version_args(&self) -> &'static [&'static str];
    /// The version in what the binary printed for `version_args`.
    fn parse_version(&self, output: &str) -> Option<String>;
    /// The command line that solves `model` and writes `solution` (both absolute paths; the
    /// solver runs in their folder).
    fn args(&self, model: &Path, solution: &Path, opts: &Options) -> Vec<OsString>;
    /// The model as this solver is to be given it: `mip` itself, or the same model written
    /// another way (GLPK's columns in another order). Solutions are read against `mip`.
    fn model<'m>(&self, mip: &'m Mip, _opts: &Options) -> std::borrow::Cow<'m, Mip> {
        std::borrow::Cow::Borrowed(mip)
    }
    /// Files the command line refers to besides the model (an options file), written into
    /// the run's folder first: `(file name, contents)`.
    fn extra_files(&self, _opts: &Options) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// When the solver stopped at one of sdkc's own settings (an older version that does not
    /// know it), the options of a run without them. `None`: the failure stands.
    fn without_settings(&self, _log: &str, _opts: &Options) -> Option<Options> {
        None
    }
    /// Whether an exit status other than 0, with this log, is the solver's way of saying that
    /// a limit ended its run, its solution file written as on any other run (HiGHS before
    /// 1.11 exits 1 when its time limit ends a search). `false`: the run failed.
    fn stopped_at_limit(&self, _code: i32, _log: &str) -> bool {
        false
    }
    /// Whether the solver stops itself at `opts.time_limit`. When not (GLPK's MiniSat has no
    /// clock), sdkc stops it there and the run's answer is the time limit.
    fn keeps_time(&self, _opts: &Options) -> bool {
        true
    }
    /// The ways to run `mip`, each as the options of its run, `opts` made for the solver's
    /// own way: one, or two raced in two processes when the user allows two threads, the
    /// first answer (a grid or none) taken and the other process stopped. The default is
    /// `opts` alone.
    fn ways(&self, _mip: &Mip, opts: &Options) -> Vec<Options> {
        vec![opts.clone()]
    }
    /// The outcome read from the solution file, with what only the log says: MiniSat's
    /// translation may find that there is no solution before MiniSat runs, and glpsol then
    /// writes the status of a run stopped without one. An error: a run the log says failed.
    fn settle(&self, outcome: Outcome, _log: &str, _opts: &Options) -> Result<Outcome, String> {
        Ok(outcome)
    }
    /// Read the solution file.
    fn read_solution(&self, text: &str, mip: &Mip, opts: &Options) -> Result<Outcome, String>;
    /// What the solver refused on its command line although it went on (CBC skips an
    /// option it does not know), from its log: a user's option that was not applied is an
    /// error, not a silent default.
    fn refused(&self, _log: &str) -> Option<String> {
        None
    }

    /// Nodes and simplex iterations, from the solver's log.
    fn statistics(&self, _log: &str) -> (Option<u64>, Option<u64>) {
        (None, None)
    }
    /// When the log says a stage known to err decided that `opts`'s run has no solution
    /// (HiGHS's presolve), the options of a second run that decides without that stage; its
    /// answer is the one given. `None`: the answer stands.
    fn confirm_infeasible(&self, _log: &str, _opts: &Options) -> Option<Options> {
        None
    }
    /// When the check of `confirm_infeasible` runs out of its time, the options of another
    /// check of the same answer, made from the first run's `opts`. `None`: the answer stands,
    /// unchecked.
    fn another_check(&self, _opts: &Options) -> Option<Options> {
        None
    }
    /// A grid of `mip` other than `last` (grid `k` of the enumeration; `mip` already forbids
    /// every grid before it). The plain way: add its no-good row and solve.
    fn solve_other(
        &self,
        runner: &Runner<'_>,
        mip: &Mip,
        last: &[i64],
        k: usize,
        opts: &Options,
    ) -> Result<Run, Error> {
        solve_with_row(runner, mip, last, k, opts)
    }
}

/// `MipSolver::solve_other` the plain way: `mip` with a no-good row for `last`, solved.
pub fn solve_with_row(
    runner: &Runner<'_>,
    mip: &Mip,
    last: &[i64],
    k: usize,
    opts: &Options,
) -> Result<Run, Error> {
    let mut with_row = mip.clone();
    forbid(&mut with_row, last, k, opts.format);
    runner.solve(&with_row, opts)
}

/// A MIP solver as a `Backend`.
pub struct MipBackend {
    solver: &'static dyn MipSolver,
    settings: Settings,
}

impl MipBackend {
    /// `solver` run with the user's `settings`.
    pub fn new(solver: &'static dyn MipSolver, settings: Settings) -> MipBackend {
        MipBackend { solver, settings }
    }
}

impl Backend for MipBackend {
    fn name(&self) -> &'static str {
        self.solver.name()
    }

    fn locate(&self) -> Result<Option<PathBuf>, Error> {
        process::locate(self.solver).map(Some)
    }

    fn version(&self) -> Option<String> {
        let binary = process::locate(self.solver).ok()?;
        self.solver
            .parse_version(&process::version_output(self.solver, &binary)?)
    }

    fn prepare_until(
        &self,
        rules: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Box<dyn Prepared + '_>, Error> {
        // A model too large to lower is the model's mistake, said once, before any question
        // (the estimate costs nothing next to lowering; each question lowers its own givens).
        crate::lower::estimate_size(rules).map_err(|d| Error::Model(Box::new(d)))?;
        // So is a name or coefficient the solvers cannot take, whatever the givens.
        crate::lower::check_rules_until(rules, deadline).map_err(|d| Error::Model(Box::new(d)))?;
        Ok(Box::new(PreparedMip {
            backend: self,
            binary: process::locate(self.solver)?,
            rules: rules.clone(),
        }))
    }
}

/// Runs one solver binary with the user's settings.
pub struct Runner<'a> {
    solver: &'a dyn MipSolver,
    binary: &'a Path,
    settings: &'a Settings,
}

impl Runner<'_> {
    /// Solve `mip` to the end.
    pub fn solve(&self, mip: &Mip, opts: &Options) -> Result<Run, Error> {
        Ok(self
            .solve_unless(mip, opts, None)?
            .expect("a run without a cancel flag finishes"))
    }

    /// Solve `mip`, stopped early (`Ok(None)`) once `cancel` is set.
    pub fn solve_unless(
        &self,
        mip: &Mip,
        opts: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<Run>, Error> {
        match self.solver.ways(mip, opts).as_slice() {
            [one] => process::run(self.solver, self.binary, mip, one, self.settings, cancel),
            // A run that is itself one side of a race (`cancel`) takes the first way alone.
            [first, ..] if cancel.is_some() => {
                process::run(self.solver, self.binary, mip, first, self.settings, cancel)
            }
            ways => self.either(mip, ways).map(Some),
        }
    }

    /// `mip` solved each of `ways` at once, one process each: the first answer (a grid, or
    /// none) is the answer and the other processes are stopped. When none answers: the time
    /// limit if a way reached it, or ran past it until sdkc stopped it (a way's failure, say
    /// MiniSat out of memory, does not undo what the other could still say), else the first
    /// failure.
    fn either(&self, mip: &Mip, ways: &[Options]) -> Result<Run, Error> {
        use std::sync::atomic::Ordering;
        use std::sync::mpsc;
        let cancel = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel();
        std::thread::scope(|scope| {
            for opts in ways {
                let (tx, cancel) = (tx.clone(), &cancel);
                scope.spawn(move || {
                    let r = process::run(
                        self.solver,
                        self.binary,
                        mip,
                        opts,
                        self.settings,
                        Some(cancel),
                    );
                    let _ = tx.send(r);
                });
            }
            drop(tx);
            // Out of time: a run that stopped at its limit, or one sdkc stopped past it.
            let (mut limit, mut failure) = (None, None);
            for r in rx.iter() {
                match r {
                    Ok(Some(run)) if run.outcome != Outcome::TimeLimit => {
                        cancel.store(true, Ordering::Relaxed);
                        return Ok(run);
                    }
                    Ok(Some(run)) => limit = limit.or(Some(Ok(run))),
                    Err(e @ Error::Hung { .. }) => limit = limit.or(Some(Err(e))),
                    Err(e) => failure = failure.or(Some(e)),
                    // Stopped: only after an answer, which returned above.
                    Ok(None) => {}
                }
            }
            match (limit, failure) {
                (Some(out_of_time), _) => out_of_time,
                (None, Some(e)) => Err(e),
                // (No way is stopped before an answer.)
                (None, None) => Err(Error::Failed {
                    solver: self.solver.name(),
                    detail: "each of its runs was stopped without an answer".into(),
                }),
            }
        })
    }

    /// Solve `main` and, at the same time in a second process, `prover`, a model with the
    /// same solutions asked another way. `main` decides with any answer; `prover` only by
    /// proving there is no solution, so every grid reported is `main`'s, the same on every
    /// run. The process still running is stopped. When neither decides (time limits,
    /// failures): a failure if there was one, else `prover`'s grid if it found one before
    /// `main` ran out of time, else the time limit.
    pub fn race(&self, main: (&Mip, &Options), prover: (&Mip, &Options)) -> Result<Run, Error> {
        use std::sync::atomic::Ordering;
        use std::sync::mpsc;
        let cancel = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel();
        std::thread::scope(|scope| {
            for (i, (mip, opts)) in [main, prover].into_iter().enumerate() {
                let (tx, cancel) = (tx.clone(), &cancel);
                scope.spawn(move || {
                    let _ = tx.send((i, self.solve_unless(mip, opts, Some(cancel))));
                });
            }
            drop(tx);
            let mut results: [Option<Result<Run, Error>>; 2] = [None, None];
            for (i, r) in rx.iter() {
                let Some(r) = r.transpose() else { continue }; // cancelled: nothing to say
                let decides = match &r {
                    Ok(run) if i == 0 => run.outcome != Outcome::TimeLimit,
                    Ok(run) => run.outcome == Outcome::Infeasible,
                    Err(_) => false,
                };
                if decides {
                    cancel.store(true, Ordering::Relaxed);
                    return r;
                }
                results[i] = Some(r);
            }
            let [m, p] = results.map(|r| r.expect("both threads report"));
            match (m, p) {
                (Err(e), _) | (_, Err(e)) => Err(e),
                (Ok(_), Ok(p)) if p.outcome != Outcome::TimeLimit => Ok(p),
                (Ok(m), Ok(_)) => Ok(m),
            }
        })
    }
}

struct PreparedMip<'a> {
    backend: &'a MipBackend,
    binary: PathBuf,
    rules: Puzzle,
}

impl Prepared for PreparedMip<'_> {
    fn find(
        &self,
        givens: &[Option<i64>],
        q: &Question,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Result<Found, Error> {
        super::check_question(&self.rules, givens, q)?;
        let start = Instant::now();
        let solver = self.backend.solver;
        let settings = &self.backend.settings;
        let runner = Runner {
            solver,
            binary: &self.binary,
            settings,
        };
        let mut p = self.rules.clone();
        p.givens = givens.to_vec();
        let mut stats = Statistics::default();
        if let Some(seed) = q.random {
            return random_grid(&runner, &p, q, seed, each);
        }
        // Lowering 40,000 clues takes seconds (and `prepare` lowered them once already): out
        // of time before the model is whole, no solver run could answer.
        let Some(mut mip) =
            crate::lower::lower_until(&p, q.deadline).map_err(|d| Error::Model(Box::new(d)))?
        else {
            return Ok(Found::out_of_time(stats));
        };
        if settings.format == Format::FixedMps {
            emit::check_fixed(&mip).map_err(|e| Error::Unsupported {
                solver: solver.name(),
                detail: e.to_string(),
            })?;
        }
        stats.columns = Some(mip.columns.len());
        stats.rows = Some(mip.rows.len());
        stats.nonzeros = Some(mip.nonzeros());
        // Row names must differ: a cell may have several values excluded (true candidates).
        for (k, &(c, v)) in q.exclude.iter().enumerate() {
            let long = format!("exclude_{}_{}", mip.cell_name(c), k + 1);
            let name = Added::new(settings.format, long, format!("~e{}", k + 1));
            forbid_values(&mut mip, &[(c, v)], &name);
        }
        for (k, g) in q.forbid.iter().enumerate() {
            let free = free_cells(&mip, g);
            let name = Added::new(
                settings.format,
                format!("known_{}", k + 1),
                format!("~k{}", k + 1),
            );
            forbid_values(&mut mip, &free, &name);
        }
        stats.prepare_seconds = start.elapsed().as_secs_f64();
        let mut found = enumerate(&runner, mip, q, each)?;
        stats.add(&found.statistics);
        found.statistics = stats;
        Ok(found)
    }
}

/// The least time left, in seconds, worth starting a solver for.
pub(super) const MIN_SLICE: f64 = 0.1;

fn options(settings: &Settings, deadline: Option<Instant>) -> Options {
    Options {
        format: settings.format,
        time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64()),
        below: None,
        threads: settings.threads,
        random_seed: settings.random_seed,
        options: settings.options.clone(),
        plain: false,
        sat: false,
    }
}

/// Solve, forbid the grid found, solve again, until `q.limit` grids, none left, the deadline,
/// or `each` says stop.
fn enumerate(
    runner: &Runner<'_>,
    mut mip: Mip,
    q: &Question,
    each: &mut dyn FnMut(&[i64]) -> bool,
) -> Result<Found, Error> {
    let solver = runner.solver;
    let mut found = Found::default();
    // The last grid found: the next question is "another one?".
    let mut last: Option<Vec<i64>> = None;
    // Every grid reported, and those the question forbids: a solver that returns one of them
    // again has ignored a no-good row. (The rows take as much memory as this.)
    let mut seen: std::collections::HashSet<Vec<i64>> = q.forbid.iter().cloned().collect();
    loop {
        let opts = options(runner.settings, q.deadline);
        // With less left than this no solver answers (CBC starts in 8 ms, then reads the
        // file), and CBC 2.10 given a few milliseconds may crash (a review saw signal 11 in a
        // quarter of the runs of `-a --time-limit 2`, the count thrown away).
        if opts.time_limit.is_some_and(|r| r < MIN_SLICE) {
            found.timed_out = true;
            break;
        }
        let k = found.count;
        let run = match &last {
            Some(last) => solver.solve_other(runner, &mip, last, k - 1, &opts),
            None => runner.solve(&mip, &opts),
        };
        // A solver that ran past its limit and was stopped is out of time like one that
        // stopped itself: the grids found before stand (they were thrown away, and a count
        // said nothing; a review found it with glpsol, which overran `--tmlim 8` by 3.6 s).
        // With none found, the error says how long the solver overran.
        let run = match run {
            Err(Error::Hung { .. }) if found.count > 0 => {
                found.timed_out = true;
                break;
            }
            other => other?,
        };
        let s = &mut found.statistics;
        s.solves += 1;
        s.minisat += usize::from(run.sat && run.outcome != Outcome::TimeLimit);
        s.solve_seconds += run.seconds;
        s.nodes = run.nodes.map(|n| n + s.nodes.unwrap_or(0)).or(s.nodes);
        s.iterations = run
            .iterations
            .map(|n| n + s.iterations.unwrap_or(0))
            .or(s.iterations);
        let values = match run.outcome {
            Outcome::Solved(v) | Outcome::Stopped(v) => v,
            Outcome::Infeasible => {
                s.unchecked += usize::from(run.unchecked);
                break;
            }
            Outcome::TimeLimit => {
                found.timed_out = true;
                break;
            }
        };
        let grid = decode(&mip, &values).map_err(|detail| Error::Unreadable {
            solver: solver.name(),
            detail,
        })?;
        if let Some(last) = last.take() {
            forbid(&mut mip, &last, k - 1, opts.format);
            if last == grid {
                // The solver ignored the cutoff of its own `solve_other`: ask again plainly.
                continue;
            }
        }
        if !seen.insert(grid.clone()) {
            return Err(Error::Unreadable {
                solver: solver.name(),
                detail: "the solver returned a grid that a no-good cut forbids".into(),
            });
        }
        found.count += 1;
        let more = each(&grid);
        // No free cell: the grid is the model's only possible one.
        let free = !free_cells(&mip, &grid).is_empty();
        if !more || q.limit.is_some_and(|n| found.count >= n) || !free {
            break;
        }
        last = Some(grid);
    }
    Ok(found)
}

/// A random grid that satisfies every rule: one random row fixed to a random permutation of
/// the values. Seed 004 suggests random objective weights, but then the solver has to prove an
/// optimum: 11 s for a 9x9 with HiGHS with weights on every column, 1 s with a preferred row.
/// Fixing one row is as different from seed to seed (9! rows for a 9x9) and leaves a
/// feasibility problem (0.03 s). Rules that forbid that row get half of it, then none of it.
fn random_grid(
    runner: &Runner<'_>,
    p: &Puzzle,
    q: &Question,
    seed: u64,
    each: &mut dyn FnMut(&[i64]) -> bool,
) -> Result<Found, Error> {
    let mut rng = crate::generate::Rng::new(seed);
    let mut values: Vec<i64> = p.values().collect();
    rng.shuffle(&mut values);
    let row = rng.below(p.rows);
    let cells: Vec<(Cell, i64)> = (0..p.cols)
        .zip(values)
        .map(|(col, v)| (p.cell(row, col), v))
        .filter(|&(c, _)| p.givens[c].is_none())
        .collect();
    let mut found = Found::default();
    for fixed in [cells.len(), cells.len() / 2, 0] {
        let mut t = p.clone();
        for &(c, v) in &cells[..fixed] {
            t.givens[c] = Some(v);
        }
        let start = Instant::now();
        let mip = crate::lower::lower(&t).map_err(|d| Error::Model(Box::new(d)))?;
        found.statistics.prepare_seconds += start.elapsed().as_secs_f64();
        let one = Question {
            limit: Some(1),
            deadline: q.deadline,
            ..Question::default()
        };
        let f = enumerate(runner, mip, &one, each)?;
        found.statistics.add(&f.statistics);
        found.timed_out |= f.timed_out;
        if f.count > 0 {
            found.count = 1;
            return Ok(found);
        }
        if f.timed_out {
            break;
        }
    }
    Ok(found)
}

/// The grid's values in the cells that are not fixed by givens.
fn free_cells(mip: &Mip, grid: &[i64]) -> Vec<(Cell, i64)> {
    (0..grid.len())
        .filter(|&c| mip.fixed[c].is_none())
        .map(|c| (c, grid[c]))
        .collect()
}

/// The one-hot columns of `grid`'s values in the free cells: their sum is how many free cells
/// keep the grid's values.
pub fn agreement(mip: &Mip, grid: &[i64]) -> Vec<(usize, i64)> {
    value_columns(mip, &free_cells(mip, grid))
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
pub fn forbid(mip: &mut Mip, grid: &[i64], k: usize, format: Format) -> bool {
    let free = free_cells(mip, grid);
    if free.is_empty() {
        return false;
    }
    let name = Added::new(format, format!("nogood_{}", k + 1), format!("~n{}", k + 1));
    forbid_values(mip, &free, &name);
    true
}

/// The name of a row sdkc adds to ask its next question: `nogood_3`, or in fixed MPS, whose
/// names have at most 8 characters, `~n3` (a review found `-a` stopping at the tenth grid,
/// `nogood_10`, and `--candidates` at once). No name of a model starts with `~`.
pub struct Added {
    name: String,
    short: bool,
}

impl Added {
    /// `long` for LP and free MPS, `short` for fixed MPS.
    pub fn new(format: Format, long: String, short: String) -> Added {
        let fixed = format == Format::FixedMps;
        Added {
            name: if fixed { short } else { long },
            short: fixed,
        }
    }

    /// The name of what the row needs for cell `cell` (the `i`-th of its cells) on `side`.
    fn part(&self, mip: &Mip, cell: Cell, i: usize, side: &str) -> String {
        if self.short {
            format!("{}{}{}", self.name, &side[..1], i + 1)
        } else {
            format!("{}_{}_{side}", self.name, mip.cell_name(cell))
        }
    }
}

/// Add rows that forbid the cells of `assignment` all taking their values. With one-hot
/// cells: the columns of those values sum to at most their number less one (seed 000). With
/// integer cells: each cell gets two binaries, "above its value" and "below it", and one of
/// them must hold.
pub fn forbid_values(mip: &mut Mip, assignment: &[(Cell, i64)], name: &Added) {
    if !mip.integer_cells {
        let terms = value_columns(mip, assignment);
        // A value with no column is one the cell cannot take: nothing to forbid.
        if terms.len() < assignment.len() {
            return;
        }
        let rhs = terms.len() as i64 - 1;
        mip.rows.push(Row {
            name: name.name.clone(),
            terms,
            sense: Sense::Le,
            rhs,
            implied: false,
        });
        return;
    }
    let mut any = Vec::new();
    for (i, &(c, g)) in assignment.iter().enumerate() {
        let Some(&(_, col)) = mip.cell_columns[c].first() else {
            continue; // a fixed cell: its value is the given's
        };
        let (lo, hi) = (mip.columns[col].lower, mip.columns[col].upper);
        let mut binary = |mip: &mut Mip, side: &str| {
            let part = name.part(mip, c, i, side);
            let i = mip.columns.len();
            mip.columns.push(Column {
                lower: 0,
                upper: 1,
                integer: true,
            });
            mip.column_names.push_with(|s| s.push_str(&part));
            any.push((i, 1));
            i
        };
        if g < hi {
            // above = 1  =>  v >= g + 1:   v - (g + 1 - lo) above >= lo
            let above = binary(mip, "up");
            mip.rows.push(Row {
                name: name.part(mip, c, i, "up"),
                terms: vec![(col, 1), (above, -(g + 1 - lo))],
                sense: Sense::Ge,
                rhs: lo,
                implied: false,
            });
        }
        if g > lo {
            // below = 1  =>  v <= g - 1:   v + (hi - g + 1) below <= hi
            let below = binary(mip, "down");
            mip.rows.push(Row {
                name: name.part(mip, c, i, "down"),
                terms: vec![(col, 1), (below, hi - g + 1)],
                sense: Sense::Le,
                rhs: hi,
                implied: false,
            });
        }
    }
    mip.rows.push(Row {
        name: name.name.clone(),
        terms: any,
        sense: Sense::Ge,
        rhs: 1,
        implied: false,
    });
}

/// The number after `name` at the start of the first log line that has one (`Enumerated
/// nodes:    0`), for a solver's statistics.
pub(super) fn log_number(log: &str, name: &str) -> Option<u64> {
    log.lines()
        .find_map(|l| l.trim().strip_prefix(name)?.trim().parse().ok())
}

/// How far from an integer, or outside its bounds, a value may be: the solvers' own default
/// feasibility tolerance. Beyond it the file is not a solution of the model sdkc wrote.
const TOLERANCE: f64 = 1e-6;

/// Every value within its column's bounds, and integral on integer columns (then rounded, so
/// `0.9999999` is 1): a solver answer that is not is an error naming the column, never a
/// silently rounded grid.
pub(super) fn strict(outcome: Outcome, mip: &Mip) -> Result<Outcome, String> {
    // As the solver wrote it, more or less: 0.7, 7, 1e308 (not 309 digits).
    let show = |v: f64| {
        if v.abs() >= 1e6 {
            format!("{v:e}")
        } else {
            format!("{v}")
        }
    };
    let check = |mut values: Vec<f64>| -> Result<Vec<f64>, String> {
        for (col, v) in values.iter_mut().enumerate() {
            let c = &mip.columns[col];
            let name = mip.column_name(col);
            let kind = if mip.is_binary(col) {
                "binary"
            } else if c.integer {
                "integer"
            } else {
                "continuous"
            };
            if *v < c.lower as f64 - TOLERANCE || *v > c.upper as f64 + TOLERANCE {
                return Err(format!(
                    "{kind} column `{name}` has the value {}, outside its bounds {}..{}",
                    show(*v),
                    c.lower,
                    c.upper
                ));
            }
            if c.integer {
                if (*v - v.round()).abs() > TOLERANCE {
                    return Err(format!(
                        "{kind} column `{name}` has the value {}, which is not within {TOLERANCE:e} of an integer",
                        show(*v)
                    ));
                }
                *v = v.round();
            }
        }
        Ok(values)
    };
    Ok(match outcome {
        Outcome::Solved(v) => Outcome::Solved(check(v)?),
        Outcome::Stopped(v) => Outcome::Stopped(check(v)?),
        other => other,
    })
}

/// Map column values to a grid: fixed cells from the model, others from the column at 1.
pub fn decode(mip: &Mip, values: &[f64]) -> Result<Vec<i64>, String> {
    let mut grid = Vec::with_capacity(mip.fixed.len());
    for (cell, fixed) in mip.fixed.iter().enumerate() {
        if let Some(v) = fixed {
            grid.push(*v);
            continue;
        }
        if mip.integer_cells {
            let col = mip.cell_columns[cell][0].1;
            let v = values[col];
            if (v - v.round()).abs() > 1e-6 {
                return Err(format!(
                    "cell {} has the fractional value {v}",
                    mip.cell_name(cell)
                ));
            }
            grid.push(v.round() as i64);
            continue;
        }
        let on: Vec<i64> = mip.cell_columns[cell]
            .iter()
            .filter(|&&(_, c)| values[c] > 0.5)
            .map(|&(v, _)| v)
            .collect();
        match on.as_slice() {
            [v] => grid.push(*v),
            [] => return Err(format!("no value is set for cell {}", mip.cell_name(cell))),
            _ => {
                return Err(format!(
                    "cell {} has several values set: {on:?}",
                    mip.cell_name(cell)
                ));
            }
        }
    }
    Ok(grid)
}

/// Parse a number the way solvers print them (`1`, `1e+00`, `0.99999999`, `-0`).
pub(super) fn number(s: &str) -> Option<f64> {
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Column values by name: the solution files list columns by name, and a name sdkc did not
/// write means the file is not the one it expected.
pub(super) fn index_by_name(mip: &Mip) -> std::collections::HashMap<&str, usize> {
    mip.columns
        .iter()
        .enumerate()
        .map(|(i, _)| (mip.column_name(i), i))
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    //! The readers on solution files as CBC 2.10.8 and HiGHS 1.15.1 write them (status lines
    //! and layouts copied from real runs), for the cases a sudoku rarely provokes.
    use super::*;
    use crate::solve::{cbc, highs};

    /// A 2x2 Latin square with r1c1 = 1: columns x_r1c2_2, x_r2c1_2, x_r2c2_1, x_r2c2_2. The
    /// model every solver's reader tests read their files against.
    pub(in crate::solve) fn mip() -> Mip {
        let p = crate::load(
            "t.sdk",
            b"grid 2x2\ngivens \"1...\"\nrule distinct rows, columns\n",
            None,
        )
        .unwrap();
        let m = crate::lower::lower(&p).unwrap();
        assert_eq!(
            (0..4).map(|c| m.column_name(c)).collect::<Vec<_>>(),
            ["x_r1c2_2", "x_r2c1_2", "x_r2c2_1", "x_r2c2_2"]
        );
        m
    }

    #[test]
    fn cbc_optimal_lists_only_nonzero_columns() {
        let text = "Optimal - objective value 0.00000000\n      0 x_r1c2_2                 1                       0\n      1 x_r2c1_2                 1                       0\n      2 x_r2c2_1                 1                       0\n";
        assert_eq!(
            cbc::read_solution(text, &mip()),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
        let sparse = "Optimal - objective value 0.00000000\n      2 x_r2c2_1                 1                       0\n";
        assert_eq!(
            cbc::read_solution(sparse, &mip()),
            Ok(Outcome::Solved(vec![0.0, 0.0, 1.0, 0.0]))
        );
    }

    /// `-maxSolutions 1` with a cutoff (the agreement objective of `--unique`) stops CBC with
    /// this status line: a solution, not proven optimal.
    #[test]
    fn cbc_stopped_on_the_solution_limit() {
        let text = "Stopped on iterations - objective value 1.00000000\n      0 x_r1c2_2                  1                       1\n";
        assert_eq!(
            cbc::read_solution(text, &mip()),
            Ok(Outcome::Stopped(vec![1.0, 0.0, 0.0, 0.0]))
        );
        let opts = Options {
            format: Format::Lp,
            below: Some(80.5),
            ..Options::default()
        };
        let args: Vec<String> = cbc::args(Path::new("m.lp"), Path::new("s.txt"), &opts)
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "m.lp",
                "-cutoff",
                "80.5",
                "-maxSolutions",
                "1",
                "-heur",
                "off",
                "-gomoryCuts",
                "off",
                "-solve",
                "-solu",
                "s.txt"
            ]
        );
    }

    #[test]
    fn cbc_stopped_on_time_with_and_without_a_solution() {
        let with = "Stopped on time - objective value 2687.00000000\n      0 x_r1c2_2                  1                       8\n";
        assert_eq!(
            cbc::read_solution(with, &mip()),
            Ok(Outcome::Stopped(vec![1.0, 0.0, 0.0, 0.0]))
        );
        let without = "Stopped on time (no integer solution - continuous used) - objective value 5812.69940390\n      0 x_r1c2_2         0.53140199                       0\n";
        assert_eq!(cbc::read_solution(without, &mip()), Ok(Outcome::TimeLimit));
    }

    #[test]
    fn cbc_infeasible_and_integer_infeasible() {
        assert_eq!(
            cbc::read_solution(
                "Infeasible - objective value 0.00000000\n      0 x_r1c2_2  1  0\n",
                &mip()
            ),
            Ok(Outcome::Infeasible)
        );
        assert_eq!(
            cbc::read_solution("Integer infeasible - objective value 0.00000000\n", &mip()),
            Ok(Outcome::Infeasible)
        );
    }

    #[test]
    fn cbc_marks_bound_violations_with_stars() {
        let text = "Optimal - objective value 0\n**    1 x_r2c1_2                 1                       0\n";
        assert_eq!(
            cbc::read_solution(text, &mip()),
            Ok(Outcome::Solved(vec![0.0, 1.0, 0.0, 0.0]))
        );
    }

    #[test]
    fn cbc_unknown_column_or_status_is_an_error() {
        assert_eq!(
            cbc::read_solution("Optimal - objective value 0\n 0 y 1 0\n", &mip()),
            Err("line 2 names column `y`, which the model does not have".into())
        );
        assert_eq!(
            cbc::read_solution("Status unknown - objective value 0.00000000\n", &mip()),
            Err("unexpected status line `Status unknown - objective value 0.00000000`".into())
        );
        assert_eq!(
            cbc::read_solution("", &mip()),
            Err("the solution file is empty".into())
        );
    }

    fn highs_file(status: &str, primal: &str, cols: &[(&str, &str)]) -> String {
        let mut s = format!("Model status\n{status}\n\n# Primal solution values\n{primal}\n");
        if primal == "Feasible" {
            s.push_str(&format!("Objective 0\n# Columns {}\n", cols.len()));
            for (n, v) in cols {
                s.push_str(&format!("{n} {v}\n"));
            }
            s.push_str("# Rows 0\n");
        }
        s.push_str("\n# Dual solution values\nNone\n");
        s
    }

    #[test]
    fn highs_statuses() {
        let cols = [
            ("x_r1c2_2", "1"),
            ("x_r2c1_2", "1"),
            ("x_r2c2_1", "1"),
            ("x_r2c2_2", "0"),
        ];
        assert_eq!(
            highs::read_solution(&highs_file("Optimal", "Feasible", &cols), &mip()),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
        assert_eq!(
            highs::read_solution(&highs_file("Time limit reached", "Feasible", &cols), &mip()),
            Ok(Outcome::Stopped(vec![1.0, 1.0, 1.0, 0.0]))
        );
        assert_eq!(
            highs::read_solution(&highs_file("Time limit reached", "None", &[]), &mip()),
            Ok(Outcome::TimeLimit)
        );
        assert_eq!(
            highs::read_solution(&highs_file("Infeasible", "None", &[]), &mip()),
            Ok(Outcome::Infeasible)
        );
        // Binary columns are bounded, so "infeasible or unbounded" can only be infeasible.
        assert_eq!(
            highs::read_solution(
                &highs_file("Primal infeasible or unbounded", "None", &[]),
                &mip()
            ),
            Ok(Outcome::Infeasible)
        );
        assert_eq!(
            highs::read_solution(&highs_file("Interrupted by user", "None", &[]), &mip()),
            Err("unexpected model status `Interrupted by user`".into())
        );
    }

    #[test]
    fn highs_values_in_exponent_form_and_short_files() {
        let cols = [
            ("x_r1c2_2", "1e+00"),
            ("x_r2c1_2", "9.9999999e-01"),
            ("x_r2c2_1", "-0"),
            ("x_r2c2_2", "1"),
        ];
        assert_eq!(
            highs::read_solution(&highs_file("Optimal", "Feasible", &cols), &mip()),
            Ok(Outcome::Solved(vec![1.0, 0.99999999, 0.0, 1.0]))
        );
        let short = highs_file("Optimal", "Feasible", &cols[..2]);
        assert_eq!(
            highs::read_solution(&short, &mip()),
            Err("the file lists 2 of 2 columns; the model has 4".into())
        );
        assert_eq!(
            highs::read_solution("Solution\n", &mip()),
            Err("the file does not start with `Model status`".into())
        );
    }

    #[test]
    fn decode_needs_exactly_one_value_per_cell() {
        let m = mip();
        assert_eq!(decode(&m, &[1.0, 1.0, 1.0, 0.0]), Ok(vec![1, 2, 2, 1]));
        assert_eq!(
            decode(&m, &[1.0, 0.0, 1.0, 0.0]),
            Err("no value is set for cell r2c1".into())
        );
        assert_eq!(
            decode(&m, &[1.0, 1.0, 1.0, 1.0]),
            Err("cell r2c2 has several values set: [1, 2]".into())
        );
    }
}
