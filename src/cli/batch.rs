//! `sdkc run --givens-file LIST`: every puzzle of a list, one result a line, in input order.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use sdkc::Backend;
use sdkc::batch;
use sdkc::report::Report;
use sdkc::verdict::{Goal, Status};
use sdkc::{exit, grid};

use super::{backend, bad_time_limit, model_name, print_model_errors, read_model};
use crate::RunArgs;

/// `run --givens-file`: every puzzle of a list, one result a line, in input order.
pub fn batch(a: &RunArgs, file: &Path) -> u8 {
    let (jobs, shard) = (a.jobs.map(|n| n as usize), a.shard);
    let start = Instant::now();
    let name = model_name(&a.model);
    // A failure of the whole run (before any puzzle) is said on standard error and, with
    // --json, as one report, as `run --json` says it: a reader of the lines learns it too.
    let finish = |r: Report, code: u8| super::finish(a.json, start, r, code);
    // `name` is the model's name in messages: "FILE (imported)" once an f-puzzles file is read.
    let fail = |name: &str, msg: String, solver: Option<&'static str>, code: u8| {
        eprintln!("error: {msg}");
        let mut r = Report::error(name, msg);
        r.solver = solver;
        finish(r, code)
    };
    if let Some(msg) = bad_time_limit(a.time_limit) {
        return fail(&name, msg, None, exit::USAGE);
    }
    if let Some((msg, code)) = super::bad_keep_files(
        a.keep_files.as_deref(),
        &[(&a.model, "model"), (file, "--givens-file list")],
    ) {
        return fail(&name, msg, None, code);
    }
    let mut settings = super::run::settings(a);
    // The lines are the batch's parallelism (`-j`): a MIP solver's run takes one thread per
    // line unless `-p` says otherwise. GLPK then asks its MiniSat alone, where racing its
    // branch and cut beside it took the 19 hard 9x9s 0.27 s against 0.11 s (`--unique`,
    // whole process, 2026-12-07); HiGHS took 3.0 s either way.
    settings.threads = settings.threads.or(Some(1));
    let mut backend = backend(&a.solver, &settings);
    if backend.name() == sdkc::Builtin.name() {
        // A builtin search per line, one thread each, whatever `-p` says.
        backend = Box::new(sdkc::Builtin);
    }
    // A missing solver would fail every puzzle the same way: say it once.
    if let Err(e) = backend.locate() {
        return fail(&name, e.to_string(), Some(backend.name()), e.exit_code());
    }
    if a.model == Path::new("-") && file == Path::new("-") {
        return fail(
            &name,
            "the model and the --givens-file list cannot both be standard input".into(),
            None,
            exit::USAGE,
        );
    }
    let (bytes, name) = match read_model(&a.model) {
        Ok(x) => x,
        Err((msg, code)) => return fail(&name, msg, None, code),
    };
    let list_name = model_name(file);
    // The list is read as it is solved, a line at a time: its length costs no memory.
    let open = || -> std::io::Result<Box<dyn std::io::BufRead + Send>> {
        Ok(if file == Path::new("-") {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            Box::new(std::io::BufReader::new(std::fs::File::open(file)?))
        })
    };
    let reader = match open() {
        Ok(r) => r,
        Err(e) => {
            return fail(
                &name,
                format!("cannot read {list_name}: {e}"),
                None,
                exit::IO,
            );
        }
    };
    let opts = batch::Options {
        goal: super::run::goal(a),
        time_limit: a.time_limit,
        formulation: a.formulation,
    };
    let solver = match batch::Batch::new(&name, bytes, backend.as_ref(), opts) {
        Ok(b) => b,
        Err(batch::ModelError::Mistakes(errs)) => {
            let mut r = Report::error(&name, "the model has mistakes".into());
            r.errors = Some(print_model_errors(&name, &errs));
            return finish(r, exit::MODEL);
        }
        Err(batch::ModelError::Backend(e)) => {
            return fail(&name, e.to_string(), Some(backend.name()), e.exit_code());
        }
    };
    // A read error part way (a folder, a disk failing) ends the list there and is said after.
    let read_error = std::sync::Mutex::new(None);
    let entries = listed(strip_bom(reader), shard, &read_error);

    // A progress bar only for a person watching a long list of a file (counted first: a
    // second read of the file, which a terminal's reader does not notice); pipes, logs and
    // standard input get none.
    use std::io::IsTerminal;
    let total = if std::io::stderr().is_terminal() && file != Path::new("-") {
        open()
            .ok()
            .map(|r| listed(r, shard, &std::sync::Mutex::new(None)).count())
    } else {
        None
    };
    let bar = if let Some(total) = total.filter(|&t| t > 100) {
        let bar = indicatif::ProgressBar::new(total as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut stdout = std::io::stdout().lock();
    let mut write_failed = None;
    let mut tally: Vec<(Status, usize)> = Vec::new();
    let mut ok = 0;
    let mut n = 0;
    let done = solver.solve_each(entries, jobs, |out| {
        bar.inc(1);
        n += 1;
        if out.status.ok() {
            ok += 1;
        } else {
            match tally.iter_mut().find(|(s, _)| *s == out.status) {
                Some((_, n)) => *n += 1,
                None => tally.push((out.status, 1)),
            }
        }
        let line = if a.json {
            out.to_json()
        } else {
            let mut l = format!("{} {}", out.line.unwrap_or_default(), out.status.name());
            if let Some(g) = &out.grid {
                l.push(' ');
                l.push_str(&one_line(&g.concat()));
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
                eprintln!("{list_name}:{}:{c}: {m}", out.line.unwrap_or_default());
            }
            if let (Some(m), true) = (&out.message, out.wrong_answer) {
                eprintln!("error: {list_name}:{}: {m}", out.line.unwrap_or_default());
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
        // A reader that stopped reading (`| head`) wanted no more: a quiet exit 0, as `run -a`
        // and `generate` end (README, "Output files"); anything else is worth a word.
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return exit::OK;
        }
        eprintln!("error: cannot write the results: {e}");
        return exit::IO;
    }
    if let Some(e) = read_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return fail(
            &name,
            format!("cannot read {list_name}: {e}"),
            None,
            exit::IO,
        );
    }
    if n == 0 {
        eprintln!("{list_name} has no puzzles");
    }
    if !a.json && n > 0 {
        // `-n 1` is a solve too (status `solved`).
        let what = if matches!(opts.goal, Goal::Solve | Goal::Count(Some(1))) {
            "solved"
        } else {
            "unique"
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

/// The puzzles of the list `reader` holds that `shard` keeps, as they are read; the first read
/// error ends them and is left in `error`.
fn listed<'e>(
    reader: Box<dyn std::io::BufRead + Send>,
    shard: Option<batch::Shard>,
    error: &'e std::sync::Mutex<Option<std::io::Error>>,
) -> impl Iterator<Item = batch::Entry> + Send + 'e {
    batch::Entries::new(reader)
        .map_while(move |e| {
            e.map_err(|e| *error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e))
                .ok()
        })
        // After a read error, nothing more: with `-j 2` the other worker asks again, and the
        // reader would go on with the rest of the line it refused.
        .fuse()
        .enumerate()
        .filter(move |(i, _)| shard.is_none_or(|s| s.keeps(*i)))
        .map(|(_, e)| e)
}

/// `reader` without the byte-order mark a Windows editor may have put first (`read` drops it
/// from the files it reads whole).
fn strip_bom(mut reader: Box<dyn std::io::BufRead + Send>) -> Box<dyn std::io::BufRead + Send> {
    if let Ok(start) = reader.fill_buf()
        && start.starts_with(b"\xEF\xBB\xBF")
    {
        reader.consume(3);
    }
    reader
}

/// A grid in the one-line form when every value has a character (up to 35), else its values
/// separated by commas.
fn one_line(g: &[i64]) -> String {
    grid::givens_line(&g.iter().map(|&v| Some(v)).collect::<Vec<_>>())
}
