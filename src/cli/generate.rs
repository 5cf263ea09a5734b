//! `sdkc generate MODEL`: irreducible puzzles for the model's rules.

use std::path::{Path, PathBuf};
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
    let backend = backend(choice, &sdkc::Settings::default());
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
    let made = generate::generate_all(
        &puzzle,
        a.count,
        backend.as_ref(),
        &settings,
        a.jobs.map(|j| j as usize),
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    let puzzles = match made {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return e.exit_code();
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut files: Vec<(Option<PathBuf>, String)> = Vec::new();
    // The options besides the seed that change the puzzles, for the sdk header's command.
    let mut reproduce = String::new();
    if a.tries > 1 {
        reproduce += &format!(" --tries {}", a.tries);
    }
    if a.order != Order::Auto {
        reproduce += &format!(" --order {}", a.order);
    }
    let mut all = String::new();
    for (i, g) in puzzles.iter().enumerate() {
        let line = generate::one_line(&g.givens);
        match a.format {
            PuzzleFormat::Line => {
                all.push_str(&line);
                all.push('\n');
            }
            PuzzleFormat::Json => {
                let json = sdkc::report::PuzzleLine {
                    index: i + 1,
                    puzzle: line,
                    solution: grid::givens_line(
                        &g.solution.iter().map(|&v| Some(v)).collect::<Vec<_>>(),
                    ),
                    clues: g.clues,
                    seconds: sdkc::report::seconds(g.seconds),
                };
                all.push_str(&serde_json::to_string(&json).unwrap_or_default());
                all.push('\n');
            }
            PuzzleFormat::Fpuzzles => {
                let mut p = puzzle.clone();
                p.givens = g.givens.clone();
                match sdkc::fpuzzles::export(&p) {
                    Ok(json) => all.push_str(&sdkc::fpuzzles::url(&json)),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return e.exit_code();
                    }
                }
                all.push('\n');
            }
            PuzzleFormat::Sdk => {
                let header = format!(
                    "# puzzle {} of `sdkc generate --seed {}{}` for {}: {} clues, proved unique and irreducible\n",
                    i + 1,
                    a.seed,
                    reproduce,
                    model_name(&a.model),
                    g.clues
                );
                let model = header + &generate::as_sdk(&text, &line);
                match folder {
                    Some(dir) => {
                        let stem = a
                            .model
                            .file_stem()
                            .filter(|_| a.model != Path::new("-"))
                            .map_or("puzzle".into(), |s| s.to_string_lossy().into_owned());
                        files.push((Some(dir.join(format!("{stem}-{}.sdk", i + 1))), model));
                    }
                    None => {
                        // Several models in one stream: a blank line between them.
                        if i > 0 {
                            all.push('\n');
                        }
                        all.push_str(&model);
                    }
                }
            }
        }
    }
    if folder.is_none() {
        files.push((output.map(Path::to_path_buf), all));
    }
    if let Some(dir) = folder
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return exit::IO;
    }
    for (path, text) in &files {
        match path {
            Some(path) => {
                if let Err(e) = sdkc::output::write(path, |w| {
                    w.write_all(text.as_bytes()).map_err(EmitError::Io)
                }) {
                    eprintln!("error: {e}");
                    return exit::IO;
                }
            }
            None => out!("{text}"),
        }
    }
    summary(
        &puzzles,
        backend.name(),
        start,
        folder,
        settings.order.resolve(&puzzle),
    );
    exit::OK
}

fn summary(
    puzzles: &[generate::Generated],
    solver: &str,
    start: Instant,
    folder: Option<&Path>,
    order: Order,
) {
    let n = puzzles.len();
    let total: usize = puzzles.iter().map(|g| g.clues).sum();
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
