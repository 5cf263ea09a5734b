//! Running a solver binary, the same way for every MIP solver: find it, write the model into a
//! fresh temporary folder, start it there (argv, never a shell; its own process group, see
//! `cleanup`), watch the clock and a cancel flag, read its solution file back, and remove the
//! folder whatever happens. Only the command line and the file formats are the solver's own
//! (`MipSolver`).

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::mip::{MipSolver, Options, Outcome, strict};
use super::{Error, Settings};
use crate::emit;
use crate::mip::Mip;

/// The share of its time limit past which a solver's "no grid" is taken for the limit.
const TRUSTED_SHARE: f64 = 0.9;

/// The binary: `$SDKC_<SOLVER>` if set, else the first executable of that name on PATH.
pub fn locate(solver: &dyn MipSolver) -> Result<PathBuf, Error> {
    let missing = |set_to| Error::Missing {
        solver: solver.name(),
        env_var: solver.env_var(),
        set_to,
        hint: solver.install_hint(),
    };
    if let Some(p) = std::env::var_os(solver.env_var()) {
        let p = PathBuf::from(p);
        return if is_executable(&p) {
            Ok(p)
        } else {
            Err(missing(Some(p)))
        };
    }
    std::env::var_os("PATH")
        .and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join(solver.binary()))
                .find(|p| is_executable(p))
        })
        .ok_or_else(|| missing(None))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// What the binary prints with `solver.version_args()`, or none when it prints nothing
/// within 5 seconds.
pub fn version_output(solver: &dyn MipSolver, binary: &Path) -> Option<String> {
    let dir = crate::cleanup::TempDir::new().ok()?;
    let log = dir.path().join("version.txt");
    let file = std::fs::File::create(&log).ok()?;
    let mut command = Command::new(binary);
    command
        .args(solver.version_args())
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
    Some(String::from_utf8_lossy(&std::fs::read(&log).ok()?).into_owned())
}

/// A finished solver run.
#[derive(Debug, Clone)]
pub struct Run {
    pub outcome: Outcome,
    /// Wall time of the solver process.
    pub seconds: f64,
    /// Nodes and simplex iterations, when the solver's log says.
    pub nodes: Option<u64>,
    pub iterations: Option<u64>,
    /// "No solution" rests on the first run alone: the run that checks such an answer
    /// (`MipSolver::confirm_infeasible`: HiGHS without presolve, CBC with its defaults) ran
    /// out of the time it had.
    pub unchecked: bool,
    /// Answered by GLPK's MiniSat (`Options::sat`).
    pub sat: bool,
}

/// Runs numbered for `--keep-files`, across the whole process (a count makes many runs).
static KEPT: AtomicUsize = AtomicUsize::new(0);

/// Write `mip` into a fresh temporary folder, run the solver on it, and read the solution
/// file; stopped early (`Ok(None)`) once `cancel` is set. The folder and everything in it is
/// removed on return.
pub fn run(
    solver: &dyn MipSolver,
    binary: &Path,
    mip: &Mip,
    opts: &Options,
    settings: &Settings,
    cancel: Option<&AtomicBool>,
) -> Result<Option<Run>, Error> {
    let name = solver.name();
    let dir = crate::cleanup::TempDir::new()?;
    // Absolute, because the solver runs with this folder as its working folder.
    let root = dir.path().canonicalize()?;
    let model = root.join(format!("model.{}", opts.format.extension()));
    // Inside sdkc's own temporary folder: a plain write, no atomic replacement needed.
    let mut file = std::io::BufWriter::new(std::fs::File::create(&model)?);
    emit::write(&solver.model(mip, opts), opts.format, &mut file)
        .and_then(|()| file.flush().map_err(emit::EmitError::Io))
        .map_err(|e| match e {
            emit::EmitError::Io(e) => Error::Io(e),
            other => Error::Unsupported {
                solver: name,
                detail: other.to_string(),
            },
        })?;
    drop(file);
    for (file_name, text) in solver.extra_files(opts) {
        std::fs::write(root.join(file_name), text)?;
    }
    let solution = root.join("solution.txt");
    let args = solver.args(&model, &solution, opts);
    let log = root.join("solver.log");
    let start = Instant::now();
    let sdkc_clock = !solver.keeps_time(opts);
    let finished = watch(
        solver,
        binary,
        &args,
        &root,
        opts.time_limit,
        sdkc_clock,
        cancel,
    );
    let seconds = start.elapsed().as_secs_f64();
    let log_text = String::from_utf8_lossy(&std::fs::read(&log).unwrap_or_default()).into_owned();
    if settings.verbose {
        // The run another one's answer stopped (GLPK's race, CBC's two questions) says so.
        let stopped = match finished {
            Ok(Ended::Cancelled) => ", stopped: another run answered first",
            _ => "",
        };
        eprintln!("--- {name} log ({}{stopped}) ---", model.display());
        eprint!("{log_text}");
        eprintln!("--- end of {name} log ---");
    }
    if let Some(keep) = &settings.keep_files {
        keep_files(keep, name, &root, opts)?;
    }
    if finished.is_err()
        && let Some(mut plain) = solver.without_settings(&log_text, opts)
    {
        drop(dir);
        plain.time_limit = opts.time_limit.map(|t| (t - seconds).max(0.0));
        return self::run(solver, binary, mip, &plain, settings, cancel);
    }
    match finished? {
        Ended::Finished => {}
        Ended::Cancelled => return Ok(None),
        Ended::OutOfTime => {
            return Ok(Some(Run {
                outcome: Outcome::TimeLimit,
                seconds,
                nodes: None,
                iterations: None,
                unchecked: false,
                sat: opts.sat,
            }));
        }
    }
    if let Some(detail) = solver.refused(&log_text) {
        return Err(Error::Failed {
            solver: name,
            detail,
        });
    }
    let text = std::fs::read_to_string(&solution).map_err(|e| Error::Unreadable {
        solver: name,
        detail: format!(
            "no solution file ({e}); the solver's log ends with: {}",
            tail(&log_text)
        ),
    })?;
    let outcome = solver
        .read_solution(&text, mip, opts)
        .and_then(|outcome| strict(outcome, mip))
        .map_err(|detail| Error::Unreadable {
            solver: name,
            detail,
        })?;
    let outcome = solver
        .settle(outcome, &log_text, opts)
        .map_err(|detail| Error::Failed {
            solver: name,
            detail,
        })?;
    // "No grid" that came as the time limit ran out is not trusted: CBC 2.10 cut short in its
    // preprocessing writes "infeasible" (given 1 ms, in 6 runs of 10, on a model with 288
    // grids; a review found `-a --time-limit 2` counting 22 of them as all). Such an answer
    // is the time limit, which is always true.
    let outcome = match opts.time_limit {
        Some(t) if outcome == Outcome::Infeasible && seconds >= TRUSTED_SHARE * t => {
            Outcome::TimeLimit
        }
        _ => outcome,
    };
    if outcome == Outcome::TimeLimit && opts.time_limit.is_none() {
        // No limit was set, so the solver gave up for its own reasons (GLPK writes the same
        // status for both).
        return Err(Error::Failed {
            solver: name,
            detail: format!(
                "it stopped without a solution and without a time limit; its log ends with: {}",
                tail(&log_text)
            ),
        });
    }
    let (nodes, iterations) = solver.statistics(&log_text);
    let run = Run {
        outcome,
        seconds,
        nodes,
        iterations,
        unchecked: false,
        sat: opts.sat,
    };
    if run.outcome != Outcome::Infeasible {
        return Ok(Some(run));
    }
    let Some(again) = solver.confirm_infeasible(&log_text, opts) else {
        return Ok(Some(run));
    };
    // Each check may take as long as the first run, and at least a second (within what is
    // left of the time limit): HiGHS without presolve took 248 s to prove what presolve
    // decided in 1.9 s on Renban Skyscrapers, and 0.1 s to solve Blitz. When a check finds a
    // grid, that is the answer, and when it proves there is none, the first answer is
    // confirmed. When it runs out of its time, the next check (`MipSolver::another_check`)
    // is made; after the last, the first run's answer stands, said to be unchecked. But when
    // the user's time limit cut a check's time short, the check was not made and the answer
    // is the time limit: HiGHS's presolve said Blitz had no solution, and with `--time-limit
    // 0.15` the check got 0.05 s and the false answer stood (a review found it). Every run's
    // costs are the run's.
    drop(dir);
    let budget = seconds.max(1.0);
    let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    };
    let mut total = Run {
        unchecked: true,
        ..run
    };
    let checks = std::iter::once(again).chain(solver.another_check(opts));
    for mut check in checks {
        let left = opts.time_limit.map(|t| t - total.seconds);
        let cut_short = left.is_some_and(|l| l < budget);
        if left.is_some_and(|l| l < super::mip::MIN_SLICE) {
            total.outcome = Outcome::TimeLimit;
            total.unchecked = false;
            return Ok(Some(total));
        }
        check.time_limit = Some(left.map_or(budget, |l| l.min(budget)));
        let Some(next) = self::run(solver, binary, mip, &check, settings, cancel)? else {
            return Ok(None);
        };
        total.seconds += next.seconds;
        total.nodes = sum(total.nodes, next.nodes);
        total.iterations = sum(total.iterations, next.iterations);
        match next.outcome {
            Outcome::TimeLimit if cut_short => {
                total.outcome = Outcome::TimeLimit;
                total.unchecked = false;
                return Ok(Some(total));
            }
            // Out of its own time: the next check, or the first answer unchecked.
            Outcome::TimeLimit => {}
            other => {
                total.outcome = other;
                total.unchecked = false;
                return Ok(Some(total));
            }
        }
    }
    Ok(Some(total))
}

/// `--keep-files DIR`: the run's model, solution and log as `DIR/<solver>-<n>.<ext>`, n
/// counting the runs of this sdkc process from 1.
fn keep_files(keep: &Path, name: &str, root: &Path, opts: &Options) -> Result<(), Error> {
    std::fs::create_dir_all(keep)?;
    let n = KEPT.fetch_add(1, Ordering::Relaxed) + 1;
    for (from, ext) in [
        (
            format!("model.{}", opts.format.extension()),
            opts.format.extension(),
        ),
        ("solution.txt".to_string(), "sol"),
        ("solver.log".to_string(), "log"),
    ] {
        let from = root.join(from);
        if from.exists() {
            let to = keep.join(format!("{name}-{n}.{ext}"));
            let bytes = std::fs::read(&from)?;
            crate::output::write(&to, |w| w.write_all(&bytes).map_err(emit::EmitError::Io))
                .map_err(|e| match e {
                    emit::EmitError::Io(e) => Error::Io(e),
                    other => Error::Io(std::io::Error::other(other.to_string())),
                })?;
        }
    }
    Ok(())
}

/// How a watched solver process ended.
enum Ended {
    /// On its own: a 0 exit status, or one that `MipSolver::stopped_at_limit` reads as a
    /// limit.
    Finished,
    /// Killed because `cancel` was set.
    Cancelled,
    /// Killed at the time limit, which it does not keep itself (`sdkc_clock`).
    OutOfTime,
}

/// Run the solver to its end, until `cancel` is set, or (`sdkc_clock`: a solver without a
/// clock of its own) until its time limit.
fn watch(
    solver: &dyn MipSolver,
    binary: &Path,
    args: &[OsString],
    dir: &Path,
    time_limit: Option<f64>,
    sdkc_clock: bool,
    cancel: Option<&AtomicBool>,
) -> Result<Ended, Error> {
    let name = solver.name();
    let log = &dir.join("solver.log");
    let log_file = std::fs::File::create(log)?;
    let mut command = Command::new(binary);
    command
        .args(args)
        // Solvers drop logs (HiGHS.log) in their working folder: keep them in ours.
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(log_file.try_clone()?)
        .stderr(log_file);
    let mut child = crate::cleanup::Process::spawn(&mut command).map_err(|e| Error::Failed {
        solver: name,
        detail: format!("could not start {}: {e}", binary.display()),
    })?;
    // The solver gets the time limit itself; this watchdog only catches one that ignores it.
    let grace = time_limit.and_then(|t| Duration::try_from_secs_f64(t.max(0.0) * 1.2 + 2.0).ok());
    // A solver that has no clock is stopped at the limit itself.
    let limit = time_limit
        .filter(|_| sdkc_clock)
        .and_then(|t| Duration::try_from_secs_f64(t.max(0.0)).ok());
    let started = Instant::now();
    // Poll: first often (most solves take milliseconds), then every 5 ms, so a cancel flag or
    // the watchdog is seen soon. Dropping `child` on any early return kills its whole group.
    let mut pause = Duration::from_micros(250);
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            child.kill();
            return Ok(Ended::Cancelled);
        }
        if limit.is_some_and(|l| started.elapsed() >= l) {
            child.kill();
            return Ok(Ended::OutOfTime);
        }
        if let Some(limit) = grace
            && started.elapsed() >= limit
        {
            child.kill();
            return Err(Error::Hung {
                solver: name,
                seconds: limit.as_secs_f64(),
            });
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    if !status.success() {
        let text = String::from_utf8_lossy(&std::fs::read(log).unwrap_or_default()).into_owned();
        let how = match status.code() {
            Some(code) if solver.stopped_at_limit(code, &text) => return Ok(Ended::Finished),
            Some(code) => format!("it exited with status {code}"),
            None => {
                use std::os::unix::process::ExitStatusExt;
                format!("it was killed by signal {}", status.signal().unwrap_or(0))
            }
        };
        return Err(Error::Failed {
            solver: name,
            detail: format!("{how}; its log ends with: {}", tail(&text)),
        });
    }
    Ok(Ended::Finished)
}

/// The last lines of a solver log, for error messages; its error lines instead when it has
/// some (HiGHS prints an unknown option's error first, then its banner).
fn tail(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let errors: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.trim_start().starts_with("ERROR"))
        .collect();
    if !errors.is_empty() {
        lines = errors;
    }
    let start = lines.len().saturating_sub(3);
    let t = lines[start..].join(" / ");
    if t.is_empty() { "(nothing)".into() } else { t }
}
