//! Stage 5: run a MIP solver binary on an emitted model and read its solution file back.
//! One module per backend behind `Backend`; everything about processes (temporary directory,
//! argv without a shell, time limit, exit status) is here, everything about one solver's
//! command line and file format is in its module.

mod cbc;
mod highs;

use std::ffi::OsString;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::emit::{self, Format};
use crate::mip::Mip;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Solver {
    Cbc,
    Highs,
}

impl Solver {
    pub fn name(self) -> &'static str {
        match self {
            Solver::Cbc => "cbc",
            Solver::Highs => "highs",
        }
    }

    /// The environment variable that overrides where the binary is.
    fn env_var(self) -> &'static str {
        match self {
            Solver::Cbc => "SDKC_CBC",
            Solver::Highs => "SDKC_HIGHS",
        }
    }

    fn install_hint(self) -> &'static str {
        match self {
            Solver::Cbc => {
                "install it with `apt-get install coinor-cbc` (Debian/Ubuntu), or set SDKC_CBC to the binary"
            }
            Solver::Highs => {
                "install it with `pip install highsbox` and put its `highs` on PATH, or set SDKC_HIGHS to the binary"
            }
        }
    }

    /// Every MIP solver sdkc can run, in the order `sdkc solvers` lists them.
    pub const ALL: [Solver; 2] = [Solver::Cbc, Solver::Highs];

    /// The binary: `$SDKC_<SOLVER>` if set, else the first `cbc`/`highs` on PATH; none if that
    /// is not an executable file (so `auto` passes over it).
    pub fn locate(self) -> Option<PathBuf> {
        if let Some(p) = std::env::var_os(self.env_var()) {
            return Some(PathBuf::from(p)).filter(|p| is_executable(p));
        }
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .map(|d| d.join(self.name()))
            .find(|p| is_executable(p))
    }
}

impl Solver {
    /// The first line the binary prints about its version (`cbc -quit`, `highs --version`), or
    /// none when it prints nothing within 5 seconds.
    pub fn version(self, binary: &Path) -> Option<String> {
        let dir = crate::cleanup::TempDir::new().ok()?;
        let log = dir.path().join("version.txt");
        let file = std::fs::File::create(&log).ok()?;
        let mut command = Command::new(binary);
        command
            .arg(match self {
                Solver::Cbc => "-quit",
                Solver::Highs => "--version",
            })
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(file.try_clone().ok()?)
            .stderr(file);
        let mut child = crate::cleanup::Process::spawn(&mut command).ok()?;
        let start = Instant::now();
        while child.try_wait().ok()?.is_none() {
            if start.elapsed() > Duration::from_secs(5) {
                return None; // dropping the child kills it
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let text = String::from_utf8_lossy(&std::fs::read(&log).ok()?).into_owned();
        text.lines()
            .map(str::trim)
            .find(|l| l.contains("ersion"))
            // `Version: 2.10.8`, `HiGHS version 1.15.1 Githash 04024d7. Copyright ...`
            .map(|l| {
                let v = l
                    .trim_start_matches("Version:")
                    .trim_start_matches("HiGHS version");
                v.split(". ").next().unwrap_or(v).trim().to_string()
            })
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// What a solver concluded. Values are by column index.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A solution the solver proved optimal (every solution is, without an objective).
    Solved(Vec<f64>),
    /// A feasible solution found before a limit stopped the search, optimality unproven.
    Stopped(Vec<f64>),
    Infeasible,
    /// The time limit ended the search before any solution was found.
    TimeLimit,
}

#[derive(Debug)]
pub enum SolveError {
    Missing {
        solver: Solver,
    },
    /// The binary could not be started, exited non-zero, or was killed.
    Failed {
        solver: Solver,
        detail: String,
    },
    /// The solver ran but its solution file is missing or not in the expected form.
    Unreadable {
        solver: Solver,
        detail: String,
    },
    /// The solver ran past its own time limit (CBC does not look at the clock during its root
    /// LP) and sdkc stopped it: for the user, the time limit was hit.
    Hung {
        solver: Solver,
        seconds: f64,
    },
    Io(std::io::Error),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Missing { solver } => match std::env::var_os(solver.env_var()) {
                Some(p) => write!(
                    f,
                    "solver `{solver}` not found: {} names {}, which is not an executable file",
                    solver.env_var(),
                    Path::new(&p).display()
                ),
                None => write!(
                    f,
                    "solver `{solver}` not found on PATH: {}",
                    solver.install_hint()
                ),
            },
            SolveError::Failed { solver, detail } => {
                write!(f, "solver `{solver}` failed: {detail}")
            }
            SolveError::Unreadable { solver, detail } => {
                write!(f, "could not read the solution `{solver}` wrote: {detail}")
            }
            SolveError::Hung { solver, seconds } => write!(
                f,
                "{solver} reached the time limit without a solution and was stopped by sdkc after {seconds:.1} s"
            ),
            SolveError::Io(e) => write!(f, "could not prepare the solver's files: {e}"),
        }
    }
}

impl From<std::io::Error> for SolveError {
    fn from(e: std::io::Error) -> Self {
        SolveError::Io(e)
    }
}

#[derive(Debug, Clone)]
pub struct Options {
    pub solver: Solver,
    pub format: Format,
    pub time_limit: Option<f64>,
    /// CBC only: only solutions whose objective (minimised) is below this, and the first one
    /// found is enough (`-cutoff` with `-maxSolutions 1`); a run with none is `Infeasible`.
    /// (HiGHS's `objective_bound` did not stop it from returning a solution above the bound,
    /// so sdkc does not ask HiGHS this way.)
    pub below: Option<f64>,
}

/// A finished solver run: the outcome and the wall time of the solver process.
#[derive(Debug, Clone)]
pub struct Run {
    pub outcome: Outcome,
    pub seconds: f64,
}

/// Write `mip` into a fresh temporary directory, run the solver on it (argv, no shell), and
/// read the solution file. The directory and everything in it is removed on return.
pub fn solve(mip: &Mip, opts: &Options) -> Result<Run, SolveError> {
    Ok(solve_unless(mip, opts, None)?.expect("a run without a cancel flag finishes"))
}

/// Solve `main` and, at the same time in a second process, `prover`, a model with the same
/// solutions asked another way. `main` decides with any answer; `prover` only by proving
/// there is no solution, so every grid reported is `main`'s, the same on every run. The
/// process still running is stopped. When neither decides (time limits, failures): a failure
/// if there was one, else `prover`'s grid if it found one before `main` ran out of time,
/// else the time limit.
pub fn race(main: (&Mip, &Options), prover: (&Mip, &Options)) -> Result<Run, SolveError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;
    let cancel = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for (i, (mip, opts)) in [main, prover].into_iter().enumerate() {
            let (tx, cancel) = (tx.clone(), &cancel);
            scope.spawn(move || {
                let _ = tx.send((i, solve_unless(mip, opts, Some(cancel))));
            });
        }
        drop(tx);
        let mut results: [Option<Result<Run, SolveError>>; 2] = [None, None];
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

/// `solve`, stopped early (`Ok(None)`) once `cancel` is set.
fn solve_unless(
    mip: &Mip,
    opts: &Options,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Option<Run>, SolveError> {
    let binary = opts.solver.locate().ok_or(SolveError::Missing {
        solver: opts.solver,
    })?;
    let dir = crate::cleanup::TempDir::new()?;
    // Absolute, because the solver runs with this directory as its working directory.
    let root = dir.path().canonicalize()?;
    let model = root.join(format!("model.{}", opts.format.extension()));
    // Inside sdkc's own temporary folder: a plain write, no atomic replacement needed.
    let mut file = std::io::BufWriter::new(std::fs::File::create(&model)?);
    emit::write(mip, opts.format, &mut file)
        .and_then(|()| file.flush().map_err(emit::EmitError::Io))
        .map_err(|e| match e {
            emit::EmitError::Io(e) => SolveError::Io(e),
            other => SolveError::Failed {
                solver: opts.solver,
                detail: other.to_string(),
            },
        })?;
    let solution = root.join("solution.txt");
    let args = match opts.solver {
        Solver::Cbc => cbc::args(&model, &solution, opts),
        Solver::Highs => highs::args(&model, &solution, opts),
    };
    let log = root.join("solver.log");
    let start = Instant::now();
    if !run_process(opts.solver, &binary, &args, &root, opts.time_limit, cancel)? {
        return Ok(None);
    }
    let seconds = start.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&solution).map_err(|e| SolveError::Unreadable {
        solver: opts.solver,
        detail: format!(
            "no solution file ({e}); the solver's log ends with: {}",
            tail(&log)
        ),
    })?;
    let outcome = match opts.solver {
        Solver::Cbc => cbc::read_solution(&text, mip),
        Solver::Highs => highs::read_solution(&text, mip),
    }
    .and_then(|outcome| strict(outcome, mip))
    .map_err(|detail| SolveError::Unreadable {
        solver: opts.solver,
        detail,
    })?;
    Ok(Some(Run { outcome, seconds }))
}

/// Run the solver to its end: `Ok(true)`; or until `cancel` is set: killed, `Ok(false)`.
fn run_process(
    solver: Solver,
    binary: &Path,
    args: &[OsString],
    dir: &Path,
    time_limit: Option<f64>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<bool, SolveError> {
    let log = &dir.join("solver.log");
    let log_file = std::fs::File::create(log)?;
    let mut command = Command::new(binary);
    command
        .args(args)
        // Solvers drop logs (HiGHS.log) in their working directory: keep them in ours.
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(log_file.try_clone()?)
        .stderr(log_file);
    let mut child = crate::cleanup::Process::spawn(&mut command).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => SolveError::Missing { solver },
        _ => SolveError::Failed {
            solver,
            detail: format!("could not start {}: {e}", binary.display()),
        },
    })?;
    // The solver gets the time limit itself; this watchdog only catches one that ignores it.
    let grace = time_limit.map(|t| Duration::from_secs_f64(t * 1.2 + 2.0));
    let started = Instant::now();
    // Poll: first often (most solves take milliseconds), then every 5 ms, so a cancel flag or
    // the watchdog is seen soon. Dropping `child` on any early return kills its whole group.
    let mut pause = Duration::from_micros(250);
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            child.kill();
            return Ok(false);
        }
        if let Some(limit) = grace
            && started.elapsed() >= limit
        {
            child.kill();
            return Err(SolveError::Hung {
                solver,
                seconds: limit.as_secs_f64(),
            });
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    if !status.success() {
        let how = match status.code() {
            Some(code) => format!("it exited with status {code}"),
            None => {
                use std::os::unix::process::ExitStatusExt;
                format!("it was killed by signal {}", status.signal().unwrap_or(0))
            }
        };
        return Err(SolveError::Failed {
            solver,
            detail: format!("{how}; its log ends with: {}", tail(log)),
        });
    }
    Ok(true)
}

/// The last lines of a solver log, for error messages.
fn tail(log: &Path) -> String {
    // A solver may print bytes that are not UTF-8 (a path, a locale's message): show them lossily.
    let text = String::from_utf8_lossy(&std::fs::read(log).unwrap_or_default()).into_owned();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(3);
    let t = lines[start..].join(" / ");
    if t.is_empty() { "(nothing)".into() } else { t }
}

/// How far from an integer, or outside its bounds, a value may be: the solvers' own default
/// feasibility tolerance. Beyond it the file is not a solution of the model sdkc wrote.
const TOLERANCE: f64 = 1e-6;

/// Every value within its column's bounds, and integral on integer columns (then rounded, so
/// `0.9999999` is 1): a solver answer that is not is an error naming the column, never a
/// silently rounded grid.
fn strict(outcome: Outcome, mip: &Mip) -> Result<Outcome, String> {
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
fn number(s: &str) -> Option<f64> {
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Column values by name: the solution files list columns by name, and a name sdkc did not
/// write means the file is not the one it expected.
fn index_by_name(mip: &Mip) -> std::collections::HashMap<&str, usize> {
    mip.columns
        .iter()
        .enumerate()
        .map(|(i, _)| (mip.column_name(i), i))
        .collect()
}

#[cfg(test)]
mod tests {
    //! The readers on solution files as CBC 2.10.8 and HiGHS 1.15.1 write them (status lines
    //! and layouts copied from real runs), for the cases a sudoku rarely provokes.
    use super::*;

    /// A 2x2 Latin square with r1c1 = 1: columns x_r1c2_2, x_r2c1_2, x_r2c2_1, x_r2c2_2.
    fn mip() -> Mip {
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
            solver: Solver::Cbc,
            format: Format::Lp,
            time_limit: None,
            below: Some(80.5),
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
