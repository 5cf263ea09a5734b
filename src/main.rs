//! The `sdkc` command: argument parsing and printing over the library.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::json;

use sdkc::batch::{self, Shard, Status};
use sdkc::emit::{self, Format};
use sdkc::engine::{self, Backend};
use sdkc::solve::{SolveError, Solver};
use sdkc::{check, grid, mip::Mip, puzzle::Formulation, puzzle::Puzzle, puzzle::RuleKind};

/// `print!` for results: a closed standard output (`sdkc ... | head`) ends sdkc quietly with
/// exit 0, as ripgrep does, instead of a panic. (A solver still running dies with sdkc, and the
/// guardian removes its folder: see `sdkc::cleanup`.)
macro_rules! out {
    ($($arg:tt)*) => { write_stdout(format_args!($($arg)*)) };
}

macro_rules! outln {
    () => { write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => {{ write_stdout(format_args!($($arg)*)); write_stdout(format_args!("\n")) }};
}

fn write_stdout(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(exit::IO.into());
        }
        std::process::exit(exit::OK.into());
    }
}

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
    /// Counting found more than one solution.
    pub const NOT_UNIQUE: u8 = 10;
    /// `--givens-file`: some puzzle was not solved (or, when counting, not unique).
    pub const BATCH_UNSOLVED: u8 = 11;
}

#[derive(Parser)]
#[command(
    name = "sdkc",
    version,
    about = "Compile Sudoku-like puzzle models to 0-1 MIPs, solve them with CBC, HiGHS or the builtin solver, and check the grids"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the model as CPLEX-LP or MPS (next to MODEL unless -o says otherwise).
    Compile {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
        /// Output file; `-` writes to standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The file format; by default taken from -o's extension (`.mps`: MPS), else LP.
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// Print columns, rows and non-zeros, per rule.
        #[arg(long)]
        stats: bool,
        /// Lower every algebraic rule this way, whatever the model says.
        #[arg(long, value_enum)]
        formulation: Option<Formulation>,
    },
    /// List the solvers: which are installed, where, and their versions; and what `auto` picks.
    Solvers,
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell) to standard
    /// output, e.g. `sdkc completions bash > ~/.local/share/bash-completion/completions/sdkc`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Check the model for mistakes without solving it (exit 0, or 3 with every mistake).
    Check {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
    },
    /// Solve the model, check the grid, and print it; count solutions; explain a puzzle with none.
    Run {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
        #[arg(long, value_enum, default_value_t = SolverChoice::Auto)]
        solver: SolverChoice,
        /// Look for up to N solutions (no-good cuts with CBC and HiGHS): exit 0 when there is
        /// exactly one, 10 when there are more (N is at most 10000: every grid is kept and printed).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000))]
        count: Option<u64>,
        /// Prove the solution unique: `--count 2`.
        #[arg(long, conflicts_with = "count")]
        unique: bool,
        /// When the puzzle has no solution, do not search for the givens and rules that conflict.
        #[arg(long)]
        no_explain: bool,
        /// The file format handed to the solver.
        #[arg(long, value_enum, default_value_t = Format::Lp)]
        format: Format,
        /// Seconds the solver may search before giving up.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        /// A puzzle in the one-line form (`53..7....6..195...`) that replaces the model's givens.
        #[arg(long, value_name = "LINE")]
        givens: Option<String>,
        /// Solve every puzzle of FILE, one a line in the one-line form (`-`: standard input),
        /// each as `--givens LINE` would; one result a line, in input order.
        #[arg(long, value_name = "FILE", conflicts_with = "givens")]
        givens_file: Option<PathBuf>,
        /// With --givens-file: solve N puzzles at a time (default: one per core).
        #[arg(long, value_name = "N", requires = "givens_file",
              value_parser = clap::value_parser!(u64).range(1..=1024))]
        jobs: Option<u64>,
        /// With --givens-file: keep only the puzzles whose index in the list is K modulo N
        /// (N machines, K = 0 … N-1, split one list).
        #[arg(long, value_name = "K/N", requires = "givens_file")]
        shard: Option<Shard>,
        /// Print one JSON object instead of the grid.
        #[arg(long)]
        json: bool,
        /// Lower every algebraic rule this way, whatever the model says.
        #[arg(long, value_enum)]
        formulation: Option<Formulation>,
    },
    /// Generate irreducible puzzles for the rules of MODEL (its givens are ignored), each
    /// proved unique and irreducible before it is written.
    Generate {
        /// The .sdk model file whose rules the puzzles follow (`-`: standard input).
        model: PathBuf,
        /// How many puzzles.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        count: u64,
        /// The same seed gives the same puzzles, whatever --jobs is.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `auto` is the builtin solver here: the generator asks one question per cell, and
        /// the builtin search answers it faster than a solver process starts.
        #[arg(long, value_enum, default_value_t = SolverChoice::Auto)]
        solver: SolverChoice,
        /// Threads (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
        jobs: Option<u64>,
        /// Random orders tried per puzzle; the one with the fewest clues is kept.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        tries: u64,
        #[arg(long, value_enum, default_value_t = PuzzleFormat::Line)]
        format: PuzzleFormat,
        /// Write the puzzles to this file (`-`: standard output, the default).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Seconds each solver question may take.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PuzzleFormat {
    /// One puzzle a line in the one-line form (`.` for an open cell).
    Line,
    /// The model with its givens replaced, a complete `.sdk` file per puzzle.
    Sdk,
    /// JSON lines: the puzzle, its solution, the clue count, the seconds spent.
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolverChoice {
    /// HiGHS if it is installed, else CBC, else the builtin solver.
    Auto,
    /// sdkc's own exact search: nothing to install.
    Builtin,
    Cbc,
    Highs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The guardian first, while sdkc has one thread (see `cleanup`).
    if let Err(e) =
        sdkc::cleanup::start_guardian().and_then(|()| sdkc::cleanup::install_signal_handler())
    {
        eprintln!("error: cannot catch interrupts: {e}");
        return ExitCode::from(exit::IO);
    }
    let code = match cli.command {
        Command::Compile {
            model,
            output,
            format,
            stats,
            formulation,
        } => {
            // An explicit --format wins; else `-o six.mps` means MPS, as the name says.
            let format = format.unwrap_or(match output.as_deref().and_then(|o| o.extension()) {
                Some(e) if e.eq_ignore_ascii_case("mps") => Format::Mps,
                _ => Format::Lp,
            });
            compile(&model, output.as_deref(), format, stats, formulation)
        }
        Command::Run {
            model,
            solver,
            count,
            unique,
            no_explain,
            format,
            time_limit,
            givens,
            givens_file,
            jobs,
            shard,
            json,
            formulation,
        } => {
            let a = RunArgs {
                path: &model,
                choice: solver,
                count: if unique {
                    Some(2)
                } else {
                    count.map(|n| n as usize)
                },
                explain: !no_explain,
                format,
                time_limit,
                givens: givens.as_deref(),
                json,
                formulation,
            };
            match givens_file {
                Some(file) => batch(&a, &file, jobs.map(|n| n as usize), shard),
                None => run(&a),
            }
        }
        Command::Check { model } => check(&model),
        Command::Solvers => solvers(),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sdkc", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            exit::OK
        }
        Command::Generate {
            model,
            count,
            seed,
            solver,
            jobs,
            tries,
            format,
            output,
            time_limit,
        } => generate(&GenerateArgs {
            path: &model,
            count,
            seed,
            choice: solver,
            jobs: jobs.map(|j| j as usize),
            tries: tries as usize,
            format,
            output: output.as_deref(),
            time_limit,
        }),
    };
    ExitCode::from(code)
}

/// Read, analyze and lower a model, printing its diagnostics on failure.
fn load(
    path: &Path,
    givens: Option<&str>,
    formulation: Option<Formulation>,
) -> Result<(Puzzle, Mip), (u8, Vec<String>)> {
    let bytes = read(path)?;
    sdkc::build_with(&model_name(path), &bytes, givens, formulation)
        .map_err(|errs| model_errors(path, errs))
}

/// What messages call a model: its path, or `<stdin>` for `-`.
fn model_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// A file's bytes; `-` is standard input.
fn read(path: &Path) -> Result<Vec<u8>, (u8, Vec<String>)> {
    let bytes = if path == Path::new("-") {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    };
    bytes.map_err(|e| {
        let msg = format!("error: cannot read {}: {e}", model_name(path));
        eprintln!("{msg}");
        (exit::IO, vec![msg])
    })
}

/// Print a model's mistakes; the exit code and each mistake on one line (for `--json`).
fn model_errors(path: &Path, errs: sdkc::ModelErrors) -> (u8, Vec<String>) {
    {
        for r in &errs.rendered {
            eprint!("{r}");
        }
        // Every mistake found, also those left out past the first few of a kind.
        let n = errs.total;
        eprintln!(
            "error: {} in {}",
            if n == 1 {
                "1 mistake".to_string()
            } else {
                format!("{} mistakes", sdkc::diagnostic::thousands(n as u128))
            },
            model_name(path)
        );
        (exit::MODEL, errs.one_line_counted())
    }
}

/// `sdkc solvers`: one line a backend, found or not, then what `--solver auto` picks (the rule
/// is in `backend`).
fn solvers() -> u8 {
    outln!(
        "{:<8} found      sdkc {} (its own exact search; nothing to install)",
        "builtin",
        env!("CARGO_PKG_VERSION")
    );
    for solver in Solver::ALL {
        match solver.locate() {
            Some(path) => outln!(
                "{:<8} found      {} (version {})",
                solver.name(),
                path.display(),
                solver.version(&path).unwrap_or_else(|| "unknown".into())
            ),
            None => outln!(
                "{:<8} not found  {}",
                solver.name(),
                SolveError::Missing { solver }
                    .to_string()
                    .split_once(": ")
                    .map_or(String::new(), |(_, how)| how.to_string())
            ),
        }
    }
    let auto = [Solver::Highs, Solver::Cbc]
        .into_iter()
        .find(|s| s.locate().is_some())
        .map_or("builtin", Solver::name);
    outln!("auto     = {auto} (HiGHS if found, else CBC, else builtin)");
    exit::OK
}

/// `sdkc check`: parse and analyze, the way every other command starts; say what the model is.
fn check(path: &Path) -> u8 {
    let bytes = match read(path) {
        Ok(b) => b,
        Err((code, _)) => return code,
    };
    match sdkc::load(&model_name(path), &bytes, None) {
        Ok(p) => {
            let givens = p.givens.iter().filter(|g| g.is_some()).count();
            let plural =
                |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
            outln!(
                "{}: no mistakes (grid {}x{}, values {}..{}, {}, {})",
                model_name(path),
                p.rows,
                p.cols,
                p.lo,
                p.hi,
                plural(givens, "given"),
                plural(p.rules.len(), "rule")
            );
            exit::OK
        }
        Err(errs) => model_errors(path, errs).0,
    }
}

fn compile(
    path: &Path,
    output: Option<&Path>,
    format: Format,
    stats: bool,
    formulation: Option<Formulation>,
) -> u8 {
    // A model from standard input has no name to put an extension on: it goes to standard output.
    let to_stdout = output == Some(Path::new("-")) || (output.is_none() && path == Path::new("-"));
    let out = output.map_or_else(
        || path.with_extension(format.extension()),
        Path::to_path_buf,
    );
    if let Err(e) = sdkc::output::refuse_inputs(&out, &[(path, "model")]) {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let (puzzle, mip) = match load(path, None, formulation) {
        Ok(p) => p,
        Err((code, _)) => return code,
    };
    let result = if to_stdout {
        let stdout = std::io::stdout();
        let mut lock = std::io::BufWriter::new(stdout.lock());
        emit::write(&mip, format, &mut lock)
            .and_then(|()| lock.flush().map_err(emit::EmitError::Io))
    } else {
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
        if let emit::EmitError::Io(io) = &e
            && io.kind() == std::io::ErrorKind::BrokenPipe
        {
            return exit::OK; // `compile -o - | head`: the reader has what it wanted
        }
        eprintln!("error: {e}");
        return match e {
            emit::EmitError::NameTooLong { .. } => exit::MODEL,
            emit::EmitError::Io(_) | emit::EmitError::Output(_) => exit::IO,
        };
    }
    if stats {
        let table = stats_table(&mip);
        if to_stdout {
            eprint!("{table}")
        } else {
            out!("{table}")
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

struct RunArgs<'a> {
    path: &'a Path,
    choice: SolverChoice,
    /// Look for up to this many solutions (`--count`, `--unique`).
    count: Option<usize>,
    explain: bool,
    format: Format,
    time_limit: Option<f64>,
    givens: Option<&'a str>,
    json: bool,
    formulation: Option<Formulation>,
}

/// What `run` prints with `--json`: one object, whatever happened.
struct Report<'a> {
    a: &'a RunArgs<'a>,
    start: Instant,
    solver: &'static str,
}

impl Report<'_> {
    fn emit(&self, status: &str, fields: serde_json::Value) {
        if !self.a.json {
            return;
        }
        let mut obj = json!({
            "status": status,
            "solver": self.solver,
            "grid": null,
            "seconds": (self.start.elapsed().as_secs_f64() * 1e6).round() / 1e6,
            "model": model_name(self.a.path),
        });
        if let (Some(o), serde_json::Value::Object(f)) = (obj.as_object_mut(), fields) {
            o.extend(f);
        }
        outln!("{obj}");
    }

    /// An error: its message on stderr (and in the JSON object), and its exit code.
    fn error(&self, code: u8, status: &str, msg: &str) -> u8 {
        if status == "error" {
            eprintln!("error: {msg}");
        } else {
            eprintln!("{msg}");
        }
        self.emit(status, json!({ "message": msg }));
        code
    }
}

/// What is wrong with a `--time-limit`, if anything (clap reads any number; zero, negative and
/// infinite ones are refused here, for `run`, the batch and `generate` alike).
fn bad_time_limit(t: Option<f64>) -> Option<String> {
    t.filter(|t| !(t.is_finite() && *t > 0.0))
        .map(|t| format!("--time-limit must be a positive number of seconds, not {t}"))
}

fn backend(a: &RunArgs) -> Backend {
    match a.choice {
        SolverChoice::Builtin => Backend::Builtin,
        SolverChoice::Cbc => Backend::Mip(Solver::Cbc, a.format),
        SolverChoice::Highs => Backend::Mip(Solver::Highs, a.format),
        // The MIP solvers first: they are what the files are for, and the builtin solver is
        // there so that nothing needs installing.
        SolverChoice::Auto => [Solver::Highs, Solver::Cbc]
            .into_iter()
            .find(|s| s.locate().is_some())
            .map_or(Backend::Builtin, |s| Backend::Mip(s, a.format)),
    }
}

fn run(a: &RunArgs) -> u8 {
    let mut rep = Report {
        a,
        start: Instant::now(),
        solver: match a.choice {
            SolverChoice::Auto => "auto",
            SolverChoice::Builtin => "builtin",
            SolverChoice::Cbc => "cbc",
            SolverChoice::Highs => "highs",
        },
    };
    if let Some(msg) = bad_time_limit(a.time_limit) {
        return rep.error(exit::USAGE, "error", &msg);
    }
    let backend = backend(a);
    rep.solver = backend.name();
    let model_failed = |rep: &Report, (code, errors): (u8, Vec<String>)| {
        rep.emit(
            "error",
            json!({ "message": "the model has mistakes", "errors": errors }),
        );
        code
    };
    let bytes = match read(a.path) {
        Ok(b) => b,
        Err(e) => return model_failed(&rep, e),
    };
    let name = model_name(a.path);
    let (puzzle, mip) = match backend {
        Backend::Builtin => match sdkc::load(&name, &bytes, a.givens) {
            Ok(p) => (p, None),
            Err(errs) => return model_failed(&rep, model_errors(a.path, errs)),
        },
        Backend::Mip(..) => match sdkc::build_with(&name, &bytes, a.givens, a.formulation) {
            Ok((p, m)) => (p, Some(m)),
            Err(errs) => return model_failed(&rep, model_errors(a.path, errs)),
        },
    };
    if let (Some(mip), Format::FixedMps) = (&mip, a.format)
        && let Err(e) = emit::check_fixed_names(mip)
    {
        return rep.error(exit::MODEL, "error", &e.to_string());
    }
    let solver = backend.name();
    let limit = a.count.unwrap_or(1);
    let found = match engine::find(&puzzle, mip.as_ref(), backend, limit, a.time_limit) {
        Ok(f) => f,
        Err(e) => {
            let (code, status) = match &e {
                engine::Error::Solve(SolveError::Missing { .. }) => (exit::SOLVER_MISSING, "error"),
                engine::Error::Solve(SolveError::Failed { .. } | SolveError::Io(_)) => {
                    (exit::SOLVER_FAILED, "error")
                }
                engine::Error::Solve(SolveError::Unreadable { .. })
                | engine::Error::Decode { .. } => (exit::SOLVER_OUTPUT, "error"),
                engine::Error::Solve(SolveError::Hung { .. }) => (exit::TIME_LIMIT, "time_limit"),
                engine::Error::Builtin(_) => (exit::MODEL, "error"),
            };
            return rep.error(code, status, &e.to_string());
        }
    };
    let rows =
        |g: &[i64]| -> Vec<Vec<i64>> { g.chunks(puzzle.cols).map(<[i64]>::to_vec).collect() };
    // Every grid is checked, whichever solver found it.
    for g in &found.solutions {
        let broken = check::check(&puzzle, g);
        if broken.is_empty() {
            continue;
        }
        eprintln!(
            "error: {solver} returned a grid that breaks the model (a bug in sdkc; please report it):"
        );
        for v in broken.iter().take(10) {
            eprintln!("  {v}");
        }
        if broken.len() > 10 {
            eprintln!("  ... and {} more", broken.len() - 10);
        }
        eprint!("{}", grid::format(&puzzle, g));
        let msg = broken
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ");
        rep.emit("error", json!({ "grid": rows(g), "message": msg }));
        return exit::WRONG_ANSWER;
    }
    let n = found.solutions.len();
    let counting = a.count.is_some();
    let exhausted = !found.timed_out && n < limit;
    let count_fields = |status_grid: Option<&[i64]>| {
        let mut f = json!({ "grid": status_grid.map(rows), "solves": found.solves });
        if let Some(nodes) = found.nodes {
            f["nodes"] = json!(nodes);
        }
        if counting {
            f["count"] = json!(n);
            f["grids"] = json!(found.solutions.iter().map(|g| rows(g)).collect::<Vec<_>>());
            f["complete"] = json!(!found.timed_out);
        }
        f
    };
    if n == 0 {
        if found.timed_out {
            let msg = format!("{solver} reached the time limit before finding a solution");
            eprintln!("{msg}");
            let mut f = count_fields(None);
            f["message"] = json!(msg);
            rep.emit("time_limit", f);
            return exit::TIME_LIMIT;
        }
        let msg = format!("the puzzle has no solution ({solver} proved it infeasible)");
        eprintln!("{msg}");
        let mut f = count_fields(None);
        f["message"] = json!(msg);
        if a.explain {
            match engine::explain(&puzzle, backend, a.time_limit) {
                Ok(x) => {
                    let text = String::from_utf8_lossy(&bytes);
                    let (lines, items) =
                        explanation(&puzzle, &x, &name, &text, a.givens.unwrap_or(""));
                    eprintln!("these givens and rules already conflict:");
                    for line in &lines {
                        eprintln!("{line}");
                    }
                    if !x.minimal {
                        eprintln!("(some checks ran out of time, so the set may not be minimal)");
                    }
                    f["explanation"] = json!(items);
                    f["explanation_minimal"] = json!(x.minimal);
                }
                Err(e) => eprintln!("could not explain why: {e}"),
            }
        }
        rep.emit("infeasible", f);
        return exit::INFEASIBLE;
    }
    let first = &found.solutions[0];
    if !counting || (n == 1 && limit == 1) {
        if !a.json {
            out!("{}", grid::format(&puzzle, first));
            eprintln!(
                "solved with {solver} in {:.3} s; every rule checked",
                found.seconds
            );
        }
        rep.emit("solved", count_fields(Some(first)));
        return exit::OK;
    }
    if n == 1 {
        if exhausted {
            if !a.json {
                out!("{}", grid::format(&puzzle, first));
                eprintln!(
                    "unique: {solver} proved there is no other solution ({} solve{}, {:.3} s); every rule checked",
                    found.solves,
                    if found.solves == 1 { "" } else { "s" },
                    found.seconds
                );
            }
            rep.emit("unique", count_fields(Some(first)));
            return exit::OK;
        }
        if !a.json {
            out!("{}", grid::format(&puzzle, first));
        }
        let msg = format!(
            "{solver} found a solution but reached the time limit before proving it unique"
        );
        eprintln!("{msg}");
        let mut f = count_fields(Some(first));
        f["message"] = json!(msg);
        rep.emit("time_limit", f);
        return exit::TIME_LIMIT;
    }
    // Several: show them all, the cells where any two differ marked.
    let differ: Vec<bool> = (0..first.len())
        .map(|c| found.solutions.iter().any(|g| g[c] != first[c]))
        .collect();
    let how_many = if exhausted {
        format!("exactly {n} solutions")
    } else if found.timed_out {
        format!("at least {n} solutions (the time limit stopped the count)")
    } else {
        format!("at least {n} solutions")
    };
    if !a.json {
        for (i, g) in found.solutions.iter().enumerate() {
            outln!("solution {}:", i + 1);
            out!("{}", grid::format_marked(&puzzle, g, Some(&differ)));
        }
        eprintln!(
            "not unique: {solver} found {how_many}; they differ in {} cells (marked *)",
            differ.iter().filter(|&&d| d).count()
        );
    }
    rep.emit("not_unique", count_fields(Some(first)));
    exit::NOT_UNIQUE
}

/// An explanation for people, its parts grouped by the source line they were written on
/// (`bad.sdk:5: givens r1c1 = 1, r1c2 = 2` and the line itself), and as JSON.
fn explanation(
    p: &Puzzle,
    x: &engine::Explanation,
    name: &str,
    text: &str,
    givens_arg: &str,
) -> (Vec<String>, Vec<serde_json::Value>) {
    use sdkc::diagnostic::{Origin, line_col};
    use sdkc::engine::Part;
    // (file, line, column, source line)
    let at = |origin: Origin, offset: usize| {
        let (file, src) = match origin {
            Origin::Model => (name, text),
            Origin::GivensArg => ("--givens", givens_arg),
        };
        let (l, c) = line_col(src, offset);
        let line = src.lines().nth(l - 1).unwrap_or("").trim_end().to_string();
        (file.to_string(), l, c, line)
    };
    // (place, what kind, item, source line)
    let mut groups: Vec<(String, String, Vec<String>, String)> = Vec::new();
    let mut items = Vec::new();
    for part in &x.parts {
        let ((file, l, _, line), kind, item) = match *part {
            Part::Given(cell) => {
                let v = p.givens[cell].unwrap_or_default();
                let place = match p.given_at.get(cell).copied().flatten() {
                    Some((origin, span)) => at(origin, span.start),
                    None => (name.to_string(), 0, 0, String::new()),
                };
                items.push(json!({ "kind": "given", "cell": p.cell_name(cell), "value": v, "line": place.1, "column": place.2 }));
                (
                    place,
                    "given".to_string(),
                    format!("{} = {v}", p.cell_name(cell)),
                )
            }
            Part::Rule(r) | Part::Area(r, _) => {
                let rule = &p.rules[r];
                let place = at(Origin::Model, rule.span.start);
                let area = match (part, &rule.kind) {
                    (Part::Area(_, i), RuleKind::Distinct(areas)) => Some(areas[*i].label.clone()),
                    _ => None,
                };
                items.push(json!({ "kind": "rule", "rule": rule.name, "area": area, "line": place.1, "column": place.2 }));
                let kind = format!("rule `{}`", rule.name);
                (place, kind, area.unwrap_or_default())
            }
        };
        let place = format!("{file}:{l}");
        match groups.last_mut() {
            Some(g) if g.0 == place && g.1 == kind => g.2.push(item),
            _ => groups.push((place, kind, vec![item], line)),
        }
    }
    let lines = groups
        .into_iter()
        .flat_map(|(place, kind, items, line)| {
            let items: Vec<String> = items.into_iter().filter(|i| !i.is_empty()).collect();
            let head = match (kind.as_str(), items.len()) {
                (_, 0) => format!("  {place}: {kind}"),
                ("given", 1) => format!("  {place}: given {}", items[0]),
                ("given", _) => format!("  {place}: givens {}", items.join(", ")),
                _ => format!("  {place}: {kind}: {}", items.join(", ")),
            };
            [head, format!("      | {line}")]
        })
        .collect();
    (lines, items)
}

struct GenerateArgs<'a> {
    path: &'a Path,
    count: u64,
    seed: u64,
    choice: SolverChoice,
    jobs: Option<usize>,
    tries: usize,
    format: PuzzleFormat,
    output: Option<&'a Path>,
    time_limit: Option<f64>,
}

fn generate(a: &GenerateArgs) -> u8 {
    use rayon::prelude::*;
    use sdkc::generate::{self, Settings};
    if let Some(msg) = bad_time_limit(a.time_limit) {
        eprintln!("error: {msg}");
        return exit::USAGE;
    }
    if let Some(out) = a.output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(a.path, "model")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let bytes = match read(a.path) {
        Ok(b) => b,
        Err((code, _)) => return code,
    };
    let name = model_name(a.path);
    let puzzle = match sdkc::load(&name, &bytes, None) {
        Ok(p) => p,
        Err(errs) => return model_errors(a.path, errs).0,
    };
    let backend = match a.choice {
        SolverChoice::Auto | SolverChoice::Builtin => Backend::Builtin,
        SolverChoice::Cbc => Backend::Mip(Solver::Cbc, Format::Lp),
        SolverChoice::Highs => Backend::Mip(Solver::Highs, Format::Lp),
    };
    let settings = Settings {
        backend,
        seed: a.seed,
        tries: a.tries,
        time_limit: a.time_limit,
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start the worker threads: {e}");
            return exit::IO;
        }
    };
    // A progress bar only for a person watching, and only when there is something to wait for.
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) && a.count > 1 {
        let bar = indicatif::ProgressBar::new(a.count);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let start = Instant::now();
    let results: Vec<Result<generate::Generated, String>> = pool.install(|| {
        (0..a.count)
            .into_par_iter()
            .map(|i| {
                let g = generate::generate(&puzzle, i, &settings).map_err(|e| e.to_string())?;
                generate::verify(&puzzle, &g).map_err(|e| {
                    format!(
                        "puzzle {} failed its proof (a bug in sdkc; please report it): {e}",
                        i + 1
                    )
                })?;
                bar.inc(1);
                Ok(g)
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut out = String::new();
    let mut total_clues = 0;
    for (i, r) in results.iter().enumerate() {
        let g = match r {
            Ok(g) => g,
            Err(e) => {
                let bug = e.contains("failed its proof");
                eprintln!("error: {e}");
                return if bug {
                    exit::WRONG_ANSWER
                } else if e.contains("no solution") {
                    exit::INFEASIBLE
                } else {
                    exit::SOLVER_FAILED
                };
            }
        };
        total_clues += g.clues;
        let line = generate::one_line(&g.givens);
        match a.format {
            PuzzleFormat::Line => {
                out.push_str(&line);
                out.push('\n');
            }
            PuzzleFormat::Json => {
                out.push_str(
                    &json!({
                        "index": i + 1,
                        "puzzle": line,
                        "solution": grid::one_line(&g.solution),
                        "clues": g.clues,
                        "seconds": (g.seconds * 1e6).round() / 1e6,
                    })
                    .to_string(),
                );
                out.push('\n');
            }
            PuzzleFormat::Sdk => {
                out.push_str(&with_givens(
                    &String::from_utf8_lossy(&bytes),
                    &line,
                    i + 1,
                    a.seed,
                ));
            }
        }
    }
    if let Some(path) = a.output.filter(|p| *p != Path::new("-")) {
        if let Err(e) = sdkc::output::write(path, |w| {
            w.write_all(out.as_bytes()).map_err(emit::EmitError::Io)
        }) {
            eprintln!("error: {e}");
            return exit::IO;
        }
    } else {
        out!("{out}");
    }
    let n = results.len();
    let mean = total_clues as f64 / n as f64;
    if total_clues == 0 {
        eprintln!(
            "the rules alone force one grid: {n} puzzle{} with 0 clues, each proved unique",
            if n == 1 { "" } else { "s" }
        );
    } else {
        eprintln!(
            "generated {n} irreducible puzzle{} ({} clues on average) with {} in {:.3} s; each proved unique and irreducible",
            if n == 1 { "" } else { "s" },
            if mean.fract() == 0.0 {
                format!("{mean}")
            } else {
                format!("{mean:.1}")
            },
            backend.name(),
            start.elapsed().as_secs_f64()
        );
    }
    exit::OK
}

/// The model text with its givens statement replaced by the one-line form (or the line
/// added when the model has none): a complete model per generated puzzle.
fn with_givens(text: &str, line: &str, index: usize, seed: u64) -> String {
    let header = format!("# sdkc generate --seed {seed}: puzzle {index}\n");
    let statement = format!("givens \"{line}\"");
    let span = sdkc::parse::parse(text).ok().and_then(|m| {
        m.statements
            .iter()
            .find(|s| matches!(s.kind, sdkc::ast::StatementKind::Givens(_)))
            .map(|s| s.span)
    });
    let mut body = match span {
        Some(sp) => format!("{}{statement}{}", &text[..sp.start], &text[sp.end..]),
        None => format!("{}\n{statement}\n", text.trim_end()),
    };
    if !body.ends_with('\n') {
        body.push('\n');
    }
    header + &body
}

/// `run --givens-file`: every puzzle of a list, one result a line, in input order.
fn batch(a: &RunArgs, file: &Path, jobs: Option<usize>, shard: Option<Shard>) -> u8 {
    let start = Instant::now();
    if let Some(msg) = bad_time_limit(a.time_limit) {
        eprintln!("error: {msg}");
        return exit::USAGE;
    }
    let backend = backend(a);
    // A missing solver would fail every puzzle the same way: say it once.
    if let Backend::Mip(solver, _) = backend
        && solver.locate().is_none()
    {
        eprintln!("error: {}", SolveError::Missing { solver });
        return exit::SOLVER_MISSING;
    }
    if a.path == Path::new("-") && file == Path::new("-") {
        eprintln!("error: the model and the --givens-file list cannot both be standard input");
        return exit::USAGE;
    }
    let bytes = match read(a.path) {
        Ok(b) => b,
        Err((code, _)) => return code,
    };
    let (list_name, list) = match read(file) {
        Ok(b) => (model_name(file), b),
        Err((code, _)) => return code,
    };
    let opts = batch::Options {
        backend,
        count: a.count,
        time_limit: a.time_limit,
        formulation: a.formulation,
    };
    let solver = match batch::Batch::new(&model_name(a.path), bytes, opts) {
        Ok(b) => b,
        Err(batch::ModelError::Mistakes(errs)) => return model_errors(a.path, errs).0,
        Err(batch::ModelError::Unsupported(msg)) => {
            eprintln!("error: {msg}");
            return exit::MODEL;
        }
    };
    let entries: Vec<batch::Entry> = batch::entries(&list)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.keeps(*i)))
        .map(|(_, e)| e)
        .collect();
    if entries.is_empty() {
        eprintln!("{list_name} has no puzzles");
    }

    // A progress bar only for a person watching a long list; pipes and logs get none.
    use std::io::IsTerminal;
    let bar = if std::io::stderr().is_terminal() && entries.len() > 100 {
        let bar = indicatif::ProgressBar::new(entries.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let cols = solver.cols;
    let rows = |g: &[i64]| -> Vec<Vec<i64>> { g.chunks(cols).map(<[i64]>::to_vec).collect() };
    let mut stdout = std::io::stdout().lock();
    let mut write_failed = None;
    let mut tally: Vec<(Status, usize)> = Vec::new();
    let mut ok = 0;
    let done = solver.solve_all(&entries, jobs, |out| {
        bar.inc(1);
        if out.ok() {
            ok += 1;
        } else {
            match tally.iter_mut().find(|(s, _)| *s == out.status) {
                Some((_, n)) => *n += 1,
                None => tally.push((out.status, 1)),
            }
        }
        let line = if a.json {
            let mut o = json!({
                "line": out.line,
                "status": out.status.name(),
                "grid": out.grid.as_deref().map(rows),
                "seconds": out.seconds,
            });
            if let Some(n) = out.count {
                o["count"] = json!(n);
                o["complete"] = json!(out.complete);
            }
            if let (Some(m), Status::Infeasible | Status::TimeLimit | Status::Error) =
                (&out.message, out.status)
            {
                o["message"] = json!(m);
            }
            if let Some(c) = out.column {
                o["column"] = json!(c);
            }
            o.to_string()
        } else {
            let mut l = format!("{} {}", out.line, out.status.name());
            if let Some(g) = &out.grid {
                l.push(' ');
                l.push_str(&one_line(g));
            }
            if let Some(m) = &out.message {
                l.push(' ');
                l.push_str(m);
            }
            l
        };
        bar.suspend(|| {
            // A puzzle that cannot be read, or a wrong grid, is also said where people look
            // for mistakes, as file:line:column.
            if let (Some(m), Some(c), false) = (&out.message, out.column, a.json) {
                eprintln!("{list_name}:{}:{c}: {m}", out.line);
            }
            if let (Some(m), true) = (&out.message, out.wrong_answer) {
                eprintln!("error: {list_name}:{}: {m}", out.line);
            }
            if let Err(e) = writeln!(stdout, "{line}") {
                write_failed = Some(e);
            }
        });
        write_failed.is_none()
    });
    bar.finish_and_clear();
    if let Err(e) = done {
        eprintln!("error: cannot start the worker threads: {e}");
        return exit::IO;
    }
    if let Some(e) = write_failed {
        // A reader that stopped reading (`| head`) wanted no more; anything else is worth a word.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the results: {e}");
        }
        return exit::IO;
    }
    let n = entries.len();
    if !a.json && n > 0 {
        let what = if a.count.is_some() {
            "unique"
        } else {
            "solved"
        };
        let mut summary = format!(
            "{ok} of {n} puzzles {what} with {} in {:.3} s; every grid checked",
            backend.name(),
            start.elapsed().as_secs_f64()
        );
        if !tally.is_empty() {
            let others: Vec<String> = tally
                .iter()
                .map(|(s, k)| format!("{}: {k}", s.name()))
                .collect();
            summary.push_str(&format!(" ({})", others.join(", ")));
        }
        eprintln!("{summary}");
    }
    if ok == n {
        exit::OK
    } else {
        exit::BATCH_UNSOLVED
    }
}

/// A grid in the one-line form when every value has a character (up to 35), else its values
/// separated by commas.
fn one_line(g: &[i64]) -> String {
    if g.iter().all(|v| (0..=35).contains(v)) {
        grid::one_line(g)
    } else {
        g.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}
