//! The `sdkc` command: argument parsing here, one module per subcommand in `cli/`, everything
//! else in the library.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

use sdkc::batch::Shard;
use sdkc::exit;
use sdkc::generate::Order;
use sdkc::{Format, Formulation};

/// `print!` for results: a closed standard output (`sdkc ... | head`) ends sdkc quietly with
/// exit 0, as ripgrep does, instead of a panic. (A solver still running dies with sdkc, and the
/// guardian removes its folder: see `sdkc::cleanup`.)
macro_rules! out {
    ($($arg:tt)*) => { $crate::write_stdout(format_args!($($arg)*)) };
}

macro_rules! outln {
    () => { $crate::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => {{
        $crate::write_stdout(format_args!($($arg)*));
        $crate::write_stdout(format_args!("\n"))
    }};
}

mod cli;

fn write_stdout(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(exit::IO.into());
        }
        std::process::exit(exit::OK.into());
    }
}

#[derive(Parser)]
#[command(
    name = "sdkc",
    version,
    about = "Compile Sudoku-like puzzle models to 0-1 MIPs, solve them with the builtin search, CBC, HiGHS or GLPK, and check the grids"
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
        #[arg(long, value_parser = format_parser())]
        format: Option<Format>,
        /// Print columns, rows and non-zeros, per rule.
        #[arg(short = 's', long, alias = "statistics")]
        stats: bool,
        /// Lower every algebraic rule this way, whatever the model says.
        #[arg(long, value_parser = formulation_parser())]
        formulation: Option<Formulation>,
    },
    /// List the solvers: which are installed, where, and their versions; and what `auto` picks.
    Solvers,
    /// List the standard library's variant rules (cage, thermo, sandwich, ...): each with its
    /// parameters, what it means and an example call; NAME shows one rule and its definition.
    Rules {
        /// Show only this rule, with its definition.
        name: Option<String>,
        /// One JSON object per rule: name, params, doc, example.
        #[arg(long)]
        json: bool,
    },
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell) to standard
    /// output, e.g. `sdkc completions bash > ~/.local/share/bash-completion/completions/sdkc`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Read an f-puzzles puzzle (its JSON, the compressed string, or an f-puzzles / SudokuPad
    /// URL) and write it as an .sdk model, one library rule a clue. `run`, `check`, `compile`,
    /// `generate`, `export` and `render` also read such a file directly.
    Import {
        /// The file holding the puzzle (`-`: standard input), or the link, compressed string
        /// or JSON itself (quoted).
        puzzle: PathBuf,
        /// Write the model here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Write the model as an f-puzzles puzzle (a link by default, or the compressed string, or
    /// the JSON), for every rule f-puzzles can show.
    Export {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
        /// The format written: f-puzzles (the only one so far).
        #[arg(long, default_value = "fpuzzles", value_parser = ["fpuzzles"])]
        to: String,
        /// What is written: an f-puzzles link, the compressed string, or the JSON.
        #[arg(long = "as", default_value = "url", value_parser = ["url", "string", "json"])]
        form: String,
        /// Write it here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Draw the puzzle as an SVG picture: the grid, its givens and every library rule as
    /// setters draw it; with --solution its solution, with --candidates every cell's candidates.
    Render {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
        /// Write the picture here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Draw a solution (checked) in blue in the open cells.
        #[arg(long, conflicts_with = "candidates")]
        solution: bool,
        /// Draw every open cell's true candidates in small digits (`run --candidates`).
        #[arg(long)]
        candidates: bool,
        /// Who solves for --solution and --candidates (`auto`: the builtin search).
        #[arg(long, default_value = "auto", value_parser = solver_parser())]
        solver: String,
        /// Give up solving after this many seconds.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
    },
    /// Check the model for mistakes without solving it (exit 0, or 3 with every mistake).
    Check {
        /// The .sdk model file (`-`: standard input).
        model: PathBuf,
    },
    /// Solve the model, check the grid, and print it; count solutions; explain a puzzle with none.
    Run(RunArgs),
    /// Generate irreducible puzzles for the rules of MODEL (its givens are ignored), each
    /// proved unique and irreducible before it is written.
    Generate(GenerateArgs),
}

/// `sdkc run`'s options (also read by `cli::run` and `cli::batch`).
#[derive(clap::Args)]
pub struct RunArgs {
    /// The .sdk model file (`-`: standard input).
    pub model: PathBuf,
    /// Who answers: `auto` is the first installed of GLPK, HiGHS, CBC, else the builtin
    /// search (`sdkc solvers` shows which).
    #[arg(long, default_value = "auto", value_parser = solver_parser())]
    pub solver: String,
    /// Look for up to N solutions: exit 0 when there is exactly one, 10 when there are more;
    /// every grid is printed at the end, the cells where they differ marked.
    #[arg(short = 'n', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Prove the solution unique: `--count 2`.
    #[arg(long, conflicts_with_all = ["count", "all_solutions"])]
    pub unique: bool,
    /// Find every solution, printing each as soon as it is found (memory stays flat with the
    /// builtin search); exit 0 when there is exactly one, 10 when there are more.
    #[arg(short = 'a', long, conflicts_with = "count")]
    pub all_solutions: bool,
    /// Show every cell's true candidates (the values it takes in some solution), one question
    /// per cell rather than every solution; exit 0 when each cell has one, 10 when not.
    #[arg(long, conflicts_with_all = ["count", "unique", "all_solutions", "givens_file"])]
    pub candidates: bool,
    /// When the puzzle has no solution, do not search for the givens and rules that conflict.
    #[arg(long)]
    pub no_explain: bool,
    /// The file format handed to a MIP solver.
    #[arg(long, default_value = "lp", value_parser = format_parser())]
    pub format: Format,
    /// Seconds the whole run may take (reading, every solver run, checking); exit 5 when the
    /// time is up before an answer. With --givens-file: per puzzle.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// A puzzle in the one-line form (`53..7....6..195...`) that replaces the model's givens.
    #[arg(long, value_name = "LINE")]
    pub givens: Option<String>,
    /// Solve every puzzle of FILE, one a line in the one-line form (`-`: standard input),
    /// each as `--givens LINE` would; one result a line, in input order.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["givens", "all_solutions"])]
    pub givens_file: Option<PathBuf>,
    /// With --givens-file: solve N puzzles at a time (default: one per core).
    #[arg(short = 'j', long, value_name = "N", requires = "givens_file",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// With --givens-file: keep only the puzzles whose index in the list is K modulo N
    /// (N machines, K = 0 … N-1, split one list).
    #[arg(long, value_name = "K/N", requires = "givens_file")]
    pub shard: Option<Shard>,
    /// Print JSON instead of the grid: one object (with -a, one line per solution first).
    #[arg(long)]
    pub json: bool,
    /// Print what the search cost: sizes, solver runs, nodes, iterations, seconds per phase.
    #[arg(short = 's', long)]
    pub statistics: bool,
    /// Copy every solver run's model, solution and log into DIR (`cbc-1.lp`, `cbc-1.sol`,
    /// `cbc-1.log`, ...), created if missing.
    #[arg(long, value_name = "DIR")]
    pub keep_files: Option<PathBuf>,
    /// Show the solver's own log on standard error after each run.
    #[arg(short, long)]
    pub verbose: bool,
    /// An option passed to the MIP solver as it is, in its own vocabulary (repeatable): CBC
    /// `-KEY VALUE`, HiGHS `KEY = VALUE` in an options file, GLPK `--KEY VALUE` (GLPK then
    /// runs its branch and cut alone; `minisat=`: its MiniSat alone).
    #[arg(long, value_name = "KEY=VALUE", value_parser = key_value)]
    pub solver_option: Vec<(String, String)>,
    /// Threads the solver may use: CBC, HiGHS, GLPK (on a model of binaries, at 2 or more on
    /// two cores its branch and cut and its MiniSat race, and either's grid may come first;
    /// at 1 MiniSat alone), and the builtin search's proof or count of one puzzle, every core
    /// by default (the same answer on any number; `-p 1` for the same nodes and grids on
    /// every run). A batch's runs take one each (`-j`), a MIP solver's more with `-p`.
    #[arg(short = 'p', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// The MIP solver's random seed, 0 to 2147483647 (sdkc fixes one by default, so runs
    /// repeat on one thread; GLPK makes no random choices).
    // (HiGHS's seed is a C `int`: past 2^31 - 1 it stopped with an error.)
    #[arg(short = 'r', long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=2_147_483_647))]
    pub random_seed: Option<u64>,
    /// Lower every algebraic rule this way, whatever the model says.
    #[arg(long, value_parser = formulation_parser())]
    pub formulation: Option<Formulation>,
}

/// `sdkc generate`'s options.
#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The .sdk model file whose rules the puzzles follow (`-`: standard input).
    pub model: PathBuf,
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// The same seed gives the same puzzles, whatever --jobs is.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Who answers the generator's questions: `auto` is the builtin search here, which answers
    /// one question per cell faster than a solver process starts; any solver of `sdkc solvers`.
    #[arg(long, default_value = "auto", value_parser = solver_parser())]
    pub solver: String,
    /// Threads (default: one per core).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Random orders tried per puzzle; the one with the fewest clues is kept.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub tries: u64,
    /// The order the clues are tried in: `cells` one random order (clues spread evenly),
    /// `values` value by value (even over the grid; the first values rarely or never given),
    /// `rows` row by row (the first rows nearly empty); `auto`: cells up to 16 values, values
    /// up to 25, rows past (large grids in seconds).
    #[arg(long, default_value = "auto", value_parser = order_parser())]
    pub order: Order,
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Line)]
    pub format: PuzzleFormat,
    /// Write the puzzles to this file (`-`: standard output, the default); with
    /// `--format sdk`, a folder (an existing one, or a name ending in `/`) gets one file per
    /// puzzle.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Seconds each solver question may take; a question that runs out of time ends the
    /// generator with exit 5 (the puzzle could not be proved irreducible).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// One puzzle a line in the one-line form (`.` for an open cell).
    Line,
    /// The model with its givens replaced, a complete `.sdk` file per puzzle.
    Sdk,
    /// JSON lines: the puzzle, its solution, the clue count, the seconds spent.
    Json,
    /// One f-puzzles link a line, the model's rules with the puzzle's givens (`sdkc export`).
    Fpuzzles,
}

/// `--solver`'s values: `auto` and every backend of the library's registry.
fn solver_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(std::iter::once("auto").chain(sdkc::solve::names()))
}

fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::NAMES).map(|s| s.parse::<Format>().expect("a listed name"))
}

fn order_parser() -> impl TypedValueParser<Value = Order> {
    PossibleValuesParser::new(Order::NAMES).map(|s| s.parse::<Order>().expect("a listed name"))
}

fn formulation_parser() -> impl TypedValueParser<Value = Formulation> {
    PossibleValuesParser::new(Formulation::NAMES)
        .map(|s| s.parse::<Formulation>().expect("a listed name"))
}

fn key_value(s: &str) -> Result<(String, String), String> {
    // HiGHS's options go into a file a line each: a line break in a value would be a line of
    // its own there, an option past the checks of the command line (a review found it).
    if s.contains(char::is_control) {
        return Err(format!(
            "`{}` holds a line break or another control character, which no solver option has",
            s.escape_debug()
        ));
    }
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("`{s}` is not KEY=VALUE")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The guardian first, while sdkc has one thread (see `cleanup`); not for the builtin
    // search, which starts no process and makes no temporary file for it to clean.
    let guardian = match &cli.command {
        Command::Run(a) if a.solver == "builtin" => {
            sdkc::cleanup::without_guardian();
            Ok(())
        }
        _ => sdkc::cleanup::start_guardian(),
    };
    if let Err(e) = guardian.and_then(|()| sdkc::cleanup::install_signal_handler()) {
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
            let format = format
                .or_else(|| output.as_deref().and_then(Format::from_extension))
                .unwrap_or(Format::Lp);
            cli::compile::compile(&model, output.as_deref(), format, stats, formulation)
        }
        Command::Run(a) => match &a.givens_file {
            Some(list) => cli::batch::batch(&a, list),
            None => cli::run::run(&a),
        },
        Command::Import { puzzle, output } => cli::import::import(&puzzle, output.as_deref()),
        Command::Export {
            model,
            to: _,
            form,
            output,
        } => cli::import::export(&model, &form, output.as_deref()),
        Command::Render {
            model,
            output,
            solution,
            candidates,
            solver,
            time_limit,
        } => cli::render::render(&cli::render::Args {
            model: &model,
            output: output.as_deref(),
            solution,
            candidates,
            solver: &solver,
            time_limit,
        }),
        Command::Check { model } => cli::info::check(&model),
        Command::Solvers => cli::info::solvers(),
        Command::Rules { name, json } => cli::info::rules(name.as_deref(), json),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sdkc", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            exit::OK
        }
        Command::Generate(a) => cli::generate::generate(&a),
    };
    ExitCode::from(code)
}
