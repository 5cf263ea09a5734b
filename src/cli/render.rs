//! `sdkc render`: the puzzle as an SVG picture, with its solution or candidates if asked.

use std::path::Path;
use std::time::Instant;

use sdkc::exit;
use sdkc::render::Options;
use sdkc::verdict::Status;

use super::{backend, bad_time_limit, load, model_name};

/// What `sdkc render` was asked.
pub struct Args<'a> {
    pub model: &'a Path,
    pub output: Option<&'a Path>,
    pub solution: bool,
    pub candidates: bool,
    pub solver: &'a str,
    pub time_limit: Option<f64>,
}

pub fn render(a: &Args<'_>) -> u8 {
    if let Some(msg) = bad_time_limit(a.time_limit) {
        eprintln!("error: {msg}");
        return exit::USAGE;
    }
    if let Some(out) = a.output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(a.model, "model")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let (bytes, puzzle) = match load(a.model, None) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mut options = Options::default();
    if a.solution || a.candidates {
        // `auto` is the builtin search, as for the generator: a picture wants an answer fast.
        let choice = if a.solver == "auto" {
            "builtin"
        } else {
            a.solver
        };
        let backend = backend(choice, &sdkc::Settings::default());
        let deadline = a
            .time_limit
            .and_then(|t| sdkc::solve::deadline_after(Instant::now(), t));
        let prepared = match backend.prepare_until(&puzzle, deadline) {
            Ok(p) => p,
            Err(e) => return super::print_solve_error(&e, a.model, &bytes),
        };
        let solver = backend.name();
        let verdict = if a.candidates {
            sdkc::candidates::find(&puzzle, prepared.as_ref(), solver, deadline).map(|(v, c)| {
                options.candidates = c.map(|c| (c.values, c.complete));
                v
            })
        } else {
            sdkc::verdict::decide(
                &puzzle,
                prepared.as_ref(),
                solver,
                sdkc::Goal::Solve,
                deadline,
                &mut |_, _| true,
            )
        };
        let v = match verdict {
            Ok(v) => v,
            Err(e) => return super::print_solve_error(&e, a.model, &bytes),
        };
        match v.status {
            Status::Solved | Status::Unique | Status::NotUnique if !a.candidates => {
                options.solution = v.first.clone();
            }
            Status::Unique | Status::NotUnique | Status::TimeLimit
                if options.candidates.is_some() => {}
            _ => {
                eprintln!(
                    "error: {}",
                    v.message.as_deref().unwrap_or("no solution to draw")
                );
                return v.exit_code();
            }
        }
    }
    let svg = sdkc::render::svg(&puzzle, &options);
    let written = super::write_output(a.output, svg.as_bytes());
    if let Some(msg) = written {
        eprintln!("error: {msg}");
        return exit::IO;
    }
    if let Some(o) = a.output.filter(|o| *o != Path::new("-")) {
        eprintln!("drew {} into {}", model_name(a.model), o.display());
    }
    exit::OK
}
