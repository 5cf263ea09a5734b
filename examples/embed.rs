//! sdkc as a library: load a model, prove its puzzle unique with the best backend installed,
//! write its MIP as LP, and ask the builtin search directly for a random grid of its rules.
//!
//! `cargo run --example embed -- examples/classic.sdk`

use std::process::ExitCode;

use sdkc::{Backend, Goal, Question, Settings, Status};

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/classic.sdk".into());
    let bytes = std::fs::read(&path).expect("the model can be read");
    // Mistakes come back rendered with file:line:column, as the command line shows them.
    let puzzle = match sdkc::load(&path, &bytes, None) {
        Ok(p) => p,
        Err(errors) => {
            for e in &errors.rendered {
                eprint!("{e}");
            }
            return ExitCode::from(sdkc::exit::MODEL);
        }
    };

    // `auto`: HiGHS, CBC or GLPK if installed, else the builtin search.
    let backend = sdkc::solve::auto(&Settings::default());
    let prepared = backend
        .prepare(&puzzle)
        .expect("the backend takes the model");
    let verdict = sdkc::verdict::decide(
        &puzzle,
        prepared.as_ref(),
        backend.name(),
        Goal::Count(Some(2)),
        None,
        &mut |_, _| true,
    )
    .expect("the backend answers");
    println!("{}: {:?} ({})", path, verdict.status, verdict.solver);
    if verdict.status == Status::Unique {
        print!(
            "{}",
            sdkc::grid::format(&puzzle, verdict.first.as_ref().unwrap())
        );
    }

    // The MIP, as CPLEX-LP text.
    let (_, mip) = sdkc::build(&path, &bytes, None).expect("the model lowers");
    let lp = sdkc::emit::to_string(&mip, sdkc::Format::Lp).expect("LP names fit");
    println!("{} lines of LP", lp.lines().count());

    // Any backend answers the same questions: here a random grid of the rules alone.
    let mut rules = puzzle.clone();
    rules.givens = vec![None; puzzle.cell_count()];
    let search = sdkc::Builtin
        .prepare(&rules)
        .expect("the builtin search takes the rules");
    let question = Question {
        random: Some(7),
        ..Question::one()
    };
    search
        .find(&rules.givens, &question, &mut |grid| {
            println!("a random grid of the rules: {}", sdkc::grid::one_line(grid));
            assert!(sdkc::check_grid(&rules, grid).is_empty());
            false
        })
        .expect("the search answers");
    ExitCode::SUCCESS
}
