//! The `sdkc` command: argument parsing and printing over the library.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::json;

use sdkc::emit::{self, Format};
use sdkc::solve::{self, Outcome, SolveError, Solver};
use sdkc::{check, grid, mip::Mip, puzzle::Formulation, puzzle::Puzzle};

/// Exit codes, documented in the README.
mod exit {
    pub const OK: u8 = 0;
    pub const IO: u8 = 1;
    /// The command line itself is wrong (clap uses 2 as well).
    pub const USAGE: u8 = 2;
    pub const MODEL: u8 = 3;
    pub const INFEASIBLE: u8 = 4;
    pub const TIME_LIMIT: u8 = 5;
    pub const SOLVER_MISSING: u8 = 6;
    pub const SOLVER_FAILED: u8 = 7;
    pub const SOLVER_OUTPUT: u8 = 8;
    pub const WRONG_ANSWER: u8 = 9;
}

#[derive(Parser)]
#[command(
    name = "sdkc",
    version,
    about = "Compile Sudoku-like puzzle models to 0-1 MIPs, solve them with CBC or HiGHS, and check the grids"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the model as CPLEX-LP or MPS (next to MODEL unless -o says otherwise).
    Compile {
        /// The .sdk model file.
        model: PathBuf,
        /// Output file; `-` writes to standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = Format::Lp)]
        format: Format,
        /// Print columns, rows and non-zeros, per rule.
        #[arg(long)]
        stats: bool,
        /// Lower every algebraic rule this way, whatever the model says.
        #[arg(long, value_enum)]
        formulation: Option<Formulation>,
    },
    /// Solve the model with a MIP solver, check the grid, and print it.
    Run {
        /// The .sdk model file.
        model: PathBuf,
        #[arg(long, value_enum, default_value_t = SolverChoice::Auto)]
        solver: SolverChoice,
        /// The file format handed to the solver.
        #[arg(long, value_enum, default_value_t = Format::Lp)]
        format: Format,
        /// Seconds the solver may search before giving up.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        /// A puzzle in the one-line form (`53..7....6..195...`) that replaces the model's givens.
        #[arg(long, value_name = "LINE")]
        givens: Option<String>,
        /// Print one JSON object instead of the grid.
        #[arg(long)]
        json: bool,
        /// Lower every algebraic rule this way, whatever the model says.
        #[arg(long, value_enum)]
        formulation: Option<Formulation>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolverChoice {
    /// HiGHS if it is installed, else CBC.
    Auto,
    Cbc,
    Highs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Compile {
            model,
            output,
            format,
            stats,
            formulation,
        } => compile(&model, output.as_deref(), format, stats, formulation),
        Command::Run {
            model,
            solver,
            format,
            time_limit,
            givens,
            json,
            formulation,
        } => run(
            &model,
            solver,
            format,
            time_limit,
            givens.as_deref(),
            json,
            formulation,
        ),
    };
    ExitCode::from(code)
}

/// Read, analyze and lower a model, printing its diagnostics on failure.
fn load(
    path: &Path,
    givens: Option<&str>,
    formulation: Option<Formulation>,
) -> Result<(Puzzle, Mip), (u8, Vec<String>)> {
    let bytes = std::fs::read(path).map_err(|e| {
        let msg = format!("error: cannot read {}: {e}", path.display());
        eprintln!("{msg}");
        (exit::IO, vec![msg])
    })?;
    sdkc::build_with(&path.display().to_string(), &bytes, givens, formulation).map_err(|errs| {
        for r in &errs.rendered {
            eprint!("{r}");
        }
        let n = errs.rendered.len();
        eprintln!(
            "error: {} in {}",
            if n == 1 {
                "1 mistake".to_string()
            } else {
                format!("{n} mistakes")
            },
            path.display()
        );
        (exit::MODEL, errs.one_line)
    })
}

fn compile(
    path: &Path,
    output: Option<&Path>,
    format: Format,
    stats: bool,
    formulation: Option<Formulation>,
) -> u8 {
    let (puzzle, mip) = match load(path, None, formulation) {
        Ok(p) => p,
        Err((code, _)) => return code,
    };
    let to_stdout = output == Some(Path::new("-"));
    let result = if to_stdout {
        let stdout = std::io::stdout();
        let mut lock = std::io::BufWriter::new(stdout.lock());
        emit::write(&mip, format, &mut lock)
            .and_then(|()| lock.flush().map_err(emit::EmitError::Io))
    } else {
        let out = output.map_or_else(
            || path.with_extension(format.extension()),
            Path::to_path_buf,
        );
        emit::write_file(&mip, format, &out).map(|()| {
            eprintln!(
                "wrote {} ({} columns, {} rows, {} non-zeros)",
                out.display(),
                mip.columns.len(),
                mip.rows.len(),
                mip.nonzeros()
            );
        })
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        return match e {
            emit::EmitError::NameTooLong { .. } => exit::MODEL,
            emit::EmitError::Io(_) => exit::IO,
        };
    }
    if stats {
        let table = stats_table(&mip);
        if to_stdout {
            eprint!("{table}")
        } else {
            print!("{table}")
        }
    }
    // The process ends here: freeing a million small allocations one by one costs more
    // than the operating system reclaiming the pages at exit.
    std::mem::forget(mip);
    std::mem::forget(puzzle);
    exit::OK
}

fn stats_table(mip: &Mip) -> String {
    let width = mip
        .stats
        .iter()
        .map(|s| s.rule.len())
        .max()
        .unwrap_or(4)
        .max(5);
    let mut out = format!(
        "{:<width$}  {:>9}  {:>9}  {:>10}\n",
        "rule", "columns", "rows", "non-zeros"
    );
    for s in &mip.stats {
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>9}  {:>10}\n",
            s.rule, s.columns, s.rows, s.nonzeros
        ));
    }
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>9}  {:>10}\n",
        "total",
        mip.columns.len(),
        mip.rows.len(),
        mip.nonzeros()
    ));
    out
}

fn run(
    path: &Path,
    choice: SolverChoice,
    format: Format,
    time_limit: Option<f64>,
    givens: Option<&str>,
    json: bool,
    formulation: Option<Formulation>,
) -> u8 {
    let start = Instant::now();
    let solver_name = match choice {
        SolverChoice::Auto => "auto",
        SolverChoice::Cbc => "cbc",
        SolverChoice::Highs => "highs",
    };
    let report = |status: &str,
                  solver: &str,
                  grid: Option<&[Vec<i64>]>,
                  message: Option<&str>,
                  errors: &[String]| {
        if json {
            let mut obj = json!({
                "status": status,
                "solver": solver,
                "grid": grid,
                "seconds": (start.elapsed().as_secs_f64() * 1e6).round() / 1e6,
                "model": path.display().to_string(),
            });
            if let Some(m) = message {
                obj["message"] = json!(m);
            }
            if !errors.is_empty() {
                obj["errors"] = json!(errors);
            }
            println!("{obj}");
        }
    };
    if let Some(t) = time_limit {
        if !(t.is_finite() && t > 0.0) {
            let msg = format!("--time-limit must be a positive number of seconds, not {t}");
            eprintln!("error: {msg}");
            report("error", solver_name, None, Some(&msg), &[]);
            return exit::USAGE;
        }
    }
    let (puzzle, mip) = match load(path, givens, formulation) {
        Ok(p) => p,
        Err((code, errors)) => {
            report(
                "error",
                solver_name,
                None,
                Some("the model has mistakes"),
                &errors,
            );
            return code;
        }
    };
    let solver = match choice {
        SolverChoice::Cbc => Solver::Cbc,
        SolverChoice::Highs => Solver::Highs,
        SolverChoice::Auto => match [Solver::Highs, Solver::Cbc]
            .into_iter()
            .find(|s| s.locate().is_some())
        {
            Some(s) => s,
            None => {
                let msg = "no solver found: install HiGHS (`pip install highsbox`, then put its `highs` on PATH) or CBC (`apt-get install coinor-cbc`), or name one with --solver";
                eprintln!("error: {msg}");
                report("error", solver_name, None, Some(msg), &[]);
                return exit::SOLVER_MISSING;
            }
        },
    };
    let name = solver.name();
    if format == Format::FixedMps {
        if let Err(e) = emit::check_fixed_names(&mip) {
            eprintln!("error: {e}");
            report("error", name, None, Some(&e.to_string()), &[]);
            return exit::MODEL;
        }
    }
    let opts = solve::Options {
        solver,
        format,
        time_limit,
    };
    let run = match solve::solve(&mip, &opts) {
        Ok(r) => r,
        Err(e) => {
            let code = match e {
                SolveError::Missing { .. } => exit::SOLVER_MISSING,
                SolveError::Failed { .. } | SolveError::Io(_) => exit::SOLVER_FAILED,
                SolveError::Unreadable { .. } => exit::SOLVER_OUTPUT,
                SolveError::Hung { .. } => {
                    eprintln!("{e}");
                    report("time_limit", name, None, Some(&e.to_string()), &[]);
                    return exit::TIME_LIMIT;
                }
            };
            eprintln!("error: {e}");
            report("error", name, None, Some(&e.to_string()), &[]);
            return code;
        }
    };
    let values = match run.outcome {
        Outcome::Solved(v) => v,
        Outcome::Infeasible => {
            let msg = format!("the puzzle has no solution ({name} proved the model infeasible)");
            eprintln!("{msg}");
            report("infeasible", name, None, Some(&msg), &[]);
            return exit::INFEASIBLE;
        }
        Outcome::TimeLimit => {
            let msg = format!("{name} reached the time limit before finding a solution");
            eprintln!("{msg}");
            report("time_limit", name, None, Some(&msg), &[]);
            return exit::TIME_LIMIT;
        }
    };
    let cells = match solve::decode(&mip, &values) {
        Ok(g) => g,
        Err(detail) => {
            let msg = format!("could not read a grid from {name}'s solution: {detail}");
            eprintln!("error: {msg}");
            report("error", name, None, Some(&msg), &[]);
            return exit::SOLVER_OUTPUT;
        }
    };
    let rows: Vec<Vec<i64>> = cells.chunks(puzzle.cols).map(<[i64]>::to_vec).collect();
    let broken = check::check(&puzzle, &cells);
    if !broken.is_empty() {
        eprintln!(
            "error: {name} returned a grid that breaks the model (a bug in sdkc's encoding; please report it):"
        );
        for v in broken.iter().take(10) {
            eprintln!("  {v}");
        }
        if broken.len() > 10 {
            eprintln!("  ... and {} more", broken.len() - 10);
        }
        eprint!("{}", grid::format(&puzzle, &cells));
        let msg = broken
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ");
        report("error", name, Some(&rows), Some(&msg), &[]);
        return exit::WRONG_ANSWER;
    }
    if json {
        report("solved", name, Some(&rows), None, &[]);
    } else {
        print!("{}", grid::format(&puzzle, &cells));
        eprintln!(
            "solved with {name} in {:.3} s; every rule checked",
            run.seconds
        );
    }
    exit::OK
}
