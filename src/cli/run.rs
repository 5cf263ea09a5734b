//! `sdkc run MODEL`: solve, check, print; count; explain a puzzle with no solution.

use std::time::Instant;

use sdkc::Backend;
use sdkc::report::{self, ExplanationReport, Report};
use sdkc::solve::{self, Settings, Statistics};
use sdkc::verdict::{self, Goal, Status, Verdict};
use sdkc::{exit, explain, grid};

use super::{backend, bad_keep_files, bad_time_limit, model_name, print_model_errors, read_model};
use crate::RunArgs;

/// Said after a MIP solver ran out of time: on a variant puzzle, the one thing a setter meets
/// that the builtin search mostly answers in well under a second.
const BUILTIN_HINT: &str = "hint: sdkc's own search (`--solver builtin`) may answer sooner";

/// The solver settings the options set.
pub fn settings(a: &RunArgs) -> Settings {
    Settings {
        format: a.format,
        threads: a.threads.map(|n| n as usize),
        random_seed: a.random_seed,
        options: a.solver_option.clone(),
        keep_files: a.keep_files.clone(),
        verbose: a.verbose,
    }
}

/// What the options ask.
pub fn goal(a: &RunArgs) -> Goal {
    if a.all_solutions {
        Goal::Count(None)
    } else if a.unique {
        Goal::Count(Some(2))
    } else {
        a.count
            .map_or(Goal::Solve, |n| Goal::Count(Some(n as usize)))
    }
}

pub fn run(a: &RunArgs) -> u8 {
    let start = Instant::now();
    let name = model_name(&a.model);
    // With --json, every ending prints one report; the exit code is the same either way.
    let finish = |r: Report, code: u8| super::finish(a.json, start, r, code);
    if let Some(msg) = bad_time_limit(a.time_limit) {
        eprintln!("error: {msg}");
        return finish(Report::error(&name, msg), exit::USAGE);
    }
    if let Some((msg, code)) = bad_keep_files(a.keep_files.as_deref(), &[(&a.model, "model")]) {
        eprintln!("error: {msg}");
        return finish(Report::error(&name, msg), code);
    }
    let mut backend = backend(&a.solver, &settings(a));
    if a.threads.is_none() && backend.name() == solve::Builtin.name() {
        // One puzzle's proof on every core: its answer is the same on any number of threads.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        backend = Box::new(solve::Threaded(cores));
    }
    let (bytes, name) = match read_model(&a.model) {
        Ok(b) => b,
        Err((msg, code)) => {
            eprintln!("error: {msg}");
            return finish(Report::error(&name, msg), code);
        }
    };
    let givens = a.givens.as_deref();
    let model_errors = |errs: sdkc::ModelErrors| {
        let mut r = Report::error(&name, "the model has mistakes".into());
        r.errors = Some(print_model_errors(&name, &errs));
        finish(r, exit::MODEL)
    };
    let mut puzzle = match sdkc::load(&name, &bytes, givens) {
        Ok(p) => p,
        Err(errs) => return model_errors(errs),
    };
    sdkc::reformulate(&mut puzzle, a.formulation);
    let solver = backend.name();
    let solver_error = |e: solve::Error| {
        if let solve::Error::Model(d) = e {
            let text = String::from_utf8_lossy(&bytes);
            return model_errors(sdkc::render_errors(vec![*d], &name, &text, givens));
        }
        let msg = e.to_string();
        let mut r = Report::error(&name, msg.clone());
        r.solver = Some(solver);
        if let solve::Error::Hung { .. } = e {
            r.status = Status::TimeLimit;
            eprintln!("{msg}");
            // Out of time as surely as a solver that stopped itself: the same hint.
            eprintln!("{BUILTIN_HINT}");
        } else {
            eprintln!("error: {msg}");
        }
        finish(r, e.exit_code())
    };
    let deadline = a
        .time_limit
        .and_then(|t| sdkc::solve::deadline_after(start, t));
    let prepared = match backend.prepare_until(&puzzle, deadline) {
        Ok(p) => p,
        Err(e) => return solver_error(e),
    };
    let goal = goal(a);
    let streaming = a.all_solutions;
    let rows = |g: &[i64]| report::rows(g, puzzle.cols);
    // `--count N` prints every grid at the end, with the cells where they differ marked.
    let mut grids: Vec<Vec<i64>> = Vec::new();
    let mut cands = None;
    let decided = if a.candidates {
        sdkc::candidates::find(&puzzle, prepared.as_ref(), solver, deadline).map(|(v, c)| {
            cands = c;
            v
        })
    } else {
        verdict::decide(
            &puzzle,
            prepared.as_ref(),
            solver,
            goal,
            deadline,
            &mut |k, g| {
                if streaming && a.json {
                    let line = report::SolutionLine {
                        solution: k,
                        grid: rows(g),
                    };
                    outln!("{}", serde_json::to_string(&line).unwrap_or_default());
                } else if streaming {
                    outln!("solution {k}:");
                    out!("{}", grid::format(&puzzle, g));
                } else if matches!(goal, Goal::Count(_)) {
                    grids.push(g.to_vec());
                }
                true
            },
        )
    };
    let v = match decided {
        Ok(v) => v,
        Err(e) => return solver_error(e),
    };
    let counting = matches!(goal, Goal::Count(_));
    let mut r = Report::from_verdict(&v, &name, puzzle.cols, counting);
    if counting && !streaming {
        r.grids = Some(grids.iter().map(|g| rows(g)).collect());
    }
    if let Some(c) = &cands {
        r.candidates = Some(report::CandidatesReport::new(&puzzle, c));
    }
    if a.statistics {
        r.statistics = Some(v.statistics.clone());
        if !a.json {
            print_statistics(solver, &v.statistics, start);
        }
    }
    let code = v.exit_code();
    let seconds = start.elapsed().as_secs_f64();
    if let Some(w) = &v.wrong {
        eprintln!(
            "error: {solver} returned a grid that breaks the model (a bug in sdkc; please report it):"
        );
        for b in w.broken.iter().take(10) {
            eprintln!("  {b}");
        }
        if w.broken.len() > 10 {
            eprintln!("  ... and {} more", w.broken.len() - 10);
        }
        eprint!("{}", grid::format(&puzzle, &w.grid));
        return finish(r, code);
    }
    let plain = !a.json;
    if let (Some(c), true) = (&cands, plain) {
        out!(
            "{}",
            grid::format_candidates(&puzzle, &c.values, &c.complete)
        );
        let how = format!(
            "{} solution{} and {} question{} with {solver} in {seconds:.3} s; every grid checked",
            c.solutions,
            if c.solutions == 1 { "" } else { "s" },
            c.questions,
            if c.questions == 1 { "" } else { "s" },
        );
        match v.status {
            Status::Unique => match &v.message {
                // Some were ruled out by answers whose check ran out of time.
                Some(m) => eprintln!("unique: every cell has one candidate ({how}); {m}"),
                None => eprintln!("unique: every cell has one candidate ({how})"),
            },
            _ => eprintln!(
                "{}: {} ({how})",
                if v.status == Status::NotUnique {
                    "not unique"
                } else {
                    "time limit"
                },
                v.message.as_deref().unwrap_or_default()
            ),
        }
        return finish(r, code);
    }
    match v.status {
        Status::Infeasible => {
            eprintln!("{}", v.message.as_deref().unwrap_or_default());
            if !a.no_explain {
                r.explanation = explain_why(a, &puzzle, backend.as_ref(), &name, &bytes);
            }
        }
        Status::TimeLimit => {
            if let (Some(first), true, false) = (&v.first, plain, streaming) {
                out!("{}", grid::format(&puzzle, first));
            }
            eprintln!("{}", v.message.as_deref().unwrap_or_default());
            // A MIP solver that runs out of time on a variant puzzle is the one thing a
            // setter meets that the builtin search mostly answers in well under a second
            // (every published puzzle of examples/ in under half of one).
            if solver != "builtin" {
                eprintln!("{BUILTIN_HINT}");
            }
        }
        Status::Solved if plain => {
            out!(
                "{}",
                grid::format(&puzzle, v.first.as_deref().unwrap_or_default())
            );
            eprintln!("solved with {solver} in {seconds:.3} s; every rule checked");
        }
        Status::Unique if plain => {
            if !streaming {
                out!(
                    "{}",
                    grid::format(&puzzle, v.first.as_deref().unwrap_or_default())
                );
            }
            let solves = v.statistics.solves;
            let plural = if solves == 1 { "" } else { "s" };
            if v.statistics.unchecked > 0 {
                eprintln!(
                    "unique: {} ({solves} solve{plural}, {seconds:.3} s); every rule checked",
                    sdkc::verdict::unchecked(solver, "there is no other solution")
                );
            } else {
                eprintln!(
                    "unique: {solver} proved there is no other solution ({solves} solve{plural}, {seconds:.3} s); every rule checked",
                );
            }
        }
        Status::NotUnique if plain => not_unique(&puzzle, &v, &grids, streaming),
        Status::Error => eprintln!("error: {}", v.message.as_deref().unwrap_or_default()),
        _ => {}
    }
    finish(r, code)
}

/// Several grids: without -a, each printed with the cells where any two differ marked.
fn not_unique(puzzle: &sdkc::Puzzle, v: &Verdict, grids: &[Vec<i64>], streaming: bool) {
    let how_many = v.message.as_deref().unwrap_or_default();
    if streaming {
        eprintln!("not unique: {} found {how_many}", v.solver);
        return;
    }
    let first = &grids[0];
    let differ: Vec<bool> = (0..first.len())
        .map(|c| grids.iter().any(|g| g[c] != first[c]))
        .collect();
    for (i, g) in grids.iter().enumerate() {
        outln!("solution {}:", i + 1);
        out!("{}", grid::format_marked(puzzle, g, Some(&differ)));
    }
    eprintln!(
        "not unique: {} found {how_many}; they differ in {} cells (marked *)",
        v.solver,
        differ.iter().filter(|&&d| d).count()
    );
}

/// The explanation's time when `--time-limit` gives none.
const EXPLAIN_SECONDS: f64 = 60.0;

/// Look for the givens and rules that conflict, print them, and return them for JSON.
fn explain_why(
    a: &RunArgs,
    puzzle: &sdkc::Puzzle,
    backend: &dyn solve::Backend,
    name: &str,
    bytes: &[u8],
) -> Option<ExplanationReport> {
    // All the checks together get the run's time limit, or a minute: a hard puzzle's checks
    // can each take as long as a solve, and there is one a given and one an area.
    let budget = a.time_limit.unwrap_or(EXPLAIN_SECONDS);
    match explain::explain(puzzle, backend, Some(budget)) {
        Ok(x) => {
            let text = String::from_utf8_lossy(bytes);
            let (lines, parts) =
                explain::describe(puzzle, &x, name, &text, a.givens.as_deref().unwrap_or(""));
            eprintln!("these givens and rules already conflict:");
            for line in &lines {
                eprintln!("{line}");
            }
            if x.reads_clues {
                eprintln!(
                    "(a rule here reads the model's other clues, as kropki_negative reads its dots: without a clue left out it would say more, so the set may not be minimal)"
                );
            } else if !x.minimal {
                eprintln!("(some checks ran out of time, so the set may not be minimal)");
            }
            if x.unchecked > 0 {
                let claim = match x.unchecked {
                    1 => "1 part left out was not needed".to_string(),
                    k => format!("{k} parts left out were not needed"),
                };
                eprintln!("{}", sdkc::verdict::unchecked_aside(backend.name(), &claim));
            }
            Some(ExplanationReport {
                minimal: x.minimal,
                unchecked: x.unchecked,
                parts,
            })
        }
        Err(e) => {
            eprintln!("could not explain why: {e}");
            None
        }
    }
}

/// `-s`: what the search cost, on standard error.
fn print_statistics(solver: &str, s: &Statistics, start: Instant) {
    eprintln!("statistics ({solver}):");
    if let (Some(c), Some(r), Some(nz)) = (s.columns, s.rows, s.nonzeros) {
        eprintln!("  model:      {c} columns, {r} rows, {nz} non-zeros");
    }
    match s.minisat {
        0 => eprintln!("  solves:     {}", s.solves),
        n => eprintln!(
            "  solves:     {} ({n} answered by GLPK's MiniSat)",
            s.solves
        ),
    }
    if let Some(n) = s.nodes {
        eprintln!("  nodes:      {n}");
    }
    if let Some(n) = s.threads {
        eprintln!("  threads:    {n} (the nodes summed over them)");
    }
    if let Some(n) = s.iterations {
        eprintln!("  iterations: {n}");
    }
    eprintln!(
        "  time:       {:.3} s preparing, {:.3} s solving, {:.3} s in all",
        s.prepare_seconds,
        s.solve_seconds,
        start.elapsed().as_secs_f64()
    );
}
