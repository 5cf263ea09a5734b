//! `sdkc generate MODEL`: irreducible puzzles for the model's rules.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use sdkc::emit::EmitError;
use sdkc::generate::{self, Order, Settings};
use sdkc::{exit, grid};

use super::{backend, bad_time_limit, load, model_name};
use crate::{GenerateArgs, PuzzleFormat};

pub fn generate(a: &GenerateArgs) -> u8 {
    if let Some(msg) = bad_time_limit(a.time_limit) {
        eprintln!("error: {msg}");
        return exit::USAGE;
    }
    let output = a.output.as_deref().filter(|p| *p != Path::new("-"));
    let folder = output.filter(|o| o.is_dir() || o.as_os_str().to_string_lossy().ends_with('/'));
    if folder.is_some() && a.format != PuzzleFormat::Sdk {
        eprintln!(
            "error: -o names a folder, which only --format sdk fills (one file per puzzle); give a file name"
        );
        return exit::USAGE;
    }
    if let Some(out) = output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(&a.model, "model")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let (bytes, puzzle) = match load(&a.model, None) {
        Ok(x) => x,
        Err(code) => return code,
    };
    // Rules f-puzzles cannot show are said before any puzzle is made.
    if a.format == PuzzleFormat::Fpuzzles
        && let Err(e) = sdkc::fpuzzles::export(&puzzle)
    {
        eprintln!("error: {}: {e}", model_name(&a.model));
        return e.exit_code();
    }
    // `auto` is the builtin search here: one question per cell, each answered faster than a
    // solver process starts.
    let choice = if a.solver == "auto" {
        "builtin"
    } else {
        &a.solver
    };
    // One thread a question: a seed must give the same puzzles on every run, where GLPK's
    // race of its two ways (its MiniSat alone on one thread, src/solve/glpk.rs) would answer
    // with either's grid; and the generator runs its puzzles side by side (`-j`).
    let one = sdkc::Settings {
        threads: Some(1),
        ..sdkc::Settings::default()
    };
    let backend = backend(choice, &one);
    let settings = Settings {
        seed: a.seed,
        tries: a.tries as usize,
        time_limit: a.time_limit,
        order: a.order,
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
    let text = String::from_utf8_lossy(&bytes);
    // The options besides the seed that change the puzzles, for the sdk header's command.
    let mut reproduce = String::new();
    if a.tries > 1 {
        reproduce += &format!(" --tries {}", a.tries);
    }
    if a.order != Order::Auto {
        reproduce += &format!(" --order {}", a.order);
    }
    let stem = a
        .model
        .file_stem()
        .filter(|_| a.model != Path::new("-"))
        .map_or("puzzle".into(), |s| s.to_string_lossy().into_owned());
    // A file of the folder that is the model through a link is refused before any work, as a
    // single `-o` is: only a file already there can be one, so the folder's own names are
    // read (not every name up to `-n`, which may be millions).
    if let Some(dir) = folder
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let ours = name
                .to_str()
                .and_then(|n| n.strip_prefix(&format!("{stem}-")))
                .and_then(|n| n.strip_suffix(".sdk"))
                // Only the names generate writes: digits, no leading 0 (not `+1`).
                .filter(|k| !k.starts_with('0') && k.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|k| k.parse::<u64>().ok())
                .is_some_and(|k| (1..=a.count).contains(&k));
            if ours
                && let Err(e) = sdkc::output::refuse_inputs(&entry.path(), &[(&a.model, "model")])
            {
                eprintln!("error: {e}");
                return exit::USAGE;
            }
        }
    }
    // One puzzle as it is written (a model of `--format sdk` without its separating line).
    let shown = |i: u64, g: &generate::Generated| -> Result<String, Stop> {
        let line = generate::one_line(&g.givens);
        Ok(match a.format {
            PuzzleFormat::Line => line + "\n",
            PuzzleFormat::Json => {
                let json = sdkc::report::PuzzleLine {
                    index: i as usize + 1,
                    puzzle: line,
                    solution: grid::givens_line(
                        &g.solution.iter().map(|&v| Some(v)).collect::<Vec<_>>(),
                    ),
                    clues: g.clues,
                    seconds: sdkc::report::seconds(g.seconds),
                    unchecked: g.unchecked,
                };
                serde_json::to_string(&json).unwrap_or_default() + "\n"
            }
            PuzzleFormat::Fpuzzles => {
                let mut p = puzzle.clone();
                p.givens = g.givens.clone();
                let json = sdkc::fpuzzles::export(&p)
                    .map_err(|e| Stop::Write(e.to_string(), e.exit_code()))?;
                sdkc::fpuzzles::url(&json) + "\n"
            }
            PuzzleFormat::Sdk => {
                // A uniqueness that rests on an unchecked answer says so.
                let proved = if g.unchecked > 0 {
                    format!(
                        "proved irreducible; unique by {}'s first run alone for {} clue{} left out (its checks ran out of time)",
                        backend.name(),
                        g.unchecked,
                        if g.unchecked == 1 { "" } else { "s" }
                    )
                } else {
                    "proved unique and irreducible".to_string()
                };
                let header = format!(
                    "# puzzle {} of `sdkc generate --seed {}{}` for {}: {} clues, {proved}\n",
                    i + 1,
                    a.seed,
                    reproduce,
                    model_name(&a.model),
                    g.clues
                );
                header + &generate::as_sdk(&text, &line)
            }
        })
    };
    // Puzzles are written as they are proved, a few hundred at a time, so memory stays flat
    // however many are asked for; only the count and the clues are kept for the summary.
    let (mut made, mut clues, mut alone) = (0usize, 0usize, 0usize);
    let mut tally = |g: &generate::Generated| {
        made += 1;
        clues += g.clues;
        alone += usize::from(g.unchecked > 0);
    };
    // One puzzle into a stream (a file, or standard output flushed for a reader down a
    // pipe), several models of `--format sdk` a blank line apart.
    let mut stream = |w: &mut dyn Write,
                      i: u64,
                      g: &generate::Generated,
                      failed: &dyn Fn(std::io::Error) -> Stop|
     -> Result<(), Stop> {
        if i > 0 && a.format == PuzzleFormat::Sdk {
            w.write_all(b"\n").map_err(failed)?;
        }
        w.write_all(shown(i, g)?.as_bytes()).map_err(failed)?;
        w.flush().map_err(failed)?;
        tally(g);
        Ok(())
    };
    let run = |each: &mut dyn FnMut(u64, generate::Generated) -> Result<(), Stop>| {
        generate::generate_each(
            &puzzle,
            a.count,
            backend.as_ref(),
            &settings,
            a.jobs.map(|j| j as usize),
            &|| bar.inc(1),
            each,
        )
    };
    let result = match (folder, output) {
        // One file per puzzle, each written whole as its puzzle is proved.
        (Some(dir), _) => run(&mut |i, g| {
            if i == 0 {
                std::fs::create_dir_all(dir).map_err(|e| {
                    Stop::Write(format!("cannot create {}: {e}", dir.display()), exit::IO)
                })?;
            }
            let path = dir.join(format!("{stem}-{}.sdk", i + 1));
            // Never a file through which the model itself would be replaced.
            sdkc::output::refuse_inputs(&path, &[(&a.model, "model")])
                .map_err(|e| Stop::Write(e.to_string(), exit::USAGE))?;
            let model = shown(i, &g)?;
            sdkc::output::write(&path, |w| {
                w.write_all(model.as_bytes()).map_err(EmitError::Io)
            })
            .map_err(|e| Stop::Write(e.to_string(), exit::IO))?;
            tally(&g);
            Ok(())
        }),
        // One file, replaced only once every puzzle is in it.
        (None, Some(path)) => sdkc::output::write(path, |w| {
            let failed = |e: std::io::Error| {
                Stop::Write(format!("cannot write {}: {e}", path.display()), exit::IO)
            };
            run(&mut |i, g| stream(w, i, &g, &failed))
        }),
        (None, None) => {
            let mut w = std::io::BufWriter::new(std::io::stdout().lock());
            run(&mut |i, g| stream(&mut w, i, &g, &Stop::stdout))
        }
    };
    bar.finish_and_clear();
    match result {
        Ok(()) | Err(Stop::Closed) => {}
        Err(Stop::Made(sdkc::generate::Error::Solve(e))) => {
            return super::print_solve_error(&e, &a.model, &bytes);
        }
        Err(Stop::Made(e)) => {
            eprintln!("error: {e}");
            return e.exit_code();
        }
        Err(Stop::Write(message, code)) => {
            eprintln!("error: {message}");
            return code;
        }
    }
    summary(
        made,
        clues,
        backend.name(),
        start,
        folder,
        settings.order.resolve(&puzzle),
    );
    if alone > 0 {
        eprintln!(
            "note: the uniqueness of {alone} of them rests on answers whose check ran out of time ({})",
            sdkc::verdict::unchecked(backend.name(), "no other grid fits")
        );
    }
    exit::OK
}

/// Why the puzzles stopped before the last.
enum Stop {
    /// Making or proving one failed.
    Made(generate::Error),
    /// Writing failed: the message, and the exit code.
    Write(String, u8),
    /// Standard output was closed (`| head`): nothing more is wanted, and nothing is wrong.
    Closed,
}

impl Stop {
    fn stdout(e: std::io::Error) -> Stop {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Write(format!("cannot write to standard output: {e}"), exit::IO)
        }
    }
}

impl From<generate::Error> for Stop {
    fn from(e: generate::Error) -> Stop {
        Stop::Made(e)
    }
}

impl From<sdkc::output::OutputError> for Stop {
    fn from(e: sdkc::output::OutputError) -> Stop {
        Stop::Write(e.to_string(), exit::IO)
    }
}

fn summary(
    n: usize,
    total: usize,
    solver: &str,
    start: Instant,
    folder: Option<&Path>,
    order: Order,
) {
    let plural = if n == 1 { "" } else { "s" };
    if total == 0 {
        eprintln!(
            "the rules alone force one grid: {n} puzzle{plural} with 0 clues, each proved unique"
        );
        return;
    }
    let mean = total as f64 / n as f64;
    let mean = if mean.fract() == 0.0 {
        format!("{mean}")
    } else {
        format!("{mean:.1}")
    };
    let place = folder.map_or(String::new(), |d| format!(" into {}", d.display()));
    // Said when the clues are not spread as one random order spreads them.
    let dug = match order {
        Order::Values => ", dug value by value",
        Order::Rows => ", dug row by row",
        Order::Auto | Order::Cells => "",
    };
    eprintln!(
        "generated {n} irreducible puzzle{plural}{place} ({mean} clues on average{dug}) with {solver} in {:.3} s; each proved unique and irreducible",
        start.elapsed().as_secs_f64()
    );
}
