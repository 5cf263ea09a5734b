//! sdkc compiles Sudoku-like puzzle models (`.sdk` files) to 0-1 MIPs, writes them as CPLEX-LP
//! or MPS, runs CBC or HiGHS on them, and checks the grids they return.
//!
//! The pipeline, one module a stage:
//! `parse` (text to syntax tree) → `analyze` (names, sets, givens: a `Puzzle`) → `lower` (the
//! one-hot MIP) → `emit` (LP / MPS text) → `solve` (a solver binary) → `check` (every rule
//! evaluated on the grid, independently of `lower`).

// A Diagnostic is made once per mistake and travels up a few frames: boxing it buys nothing.
#![allow(clippy::result_large_err)]

pub mod analyze;
pub mod ast;
pub mod batch;
pub mod check;
pub mod diagnostic;
pub mod emit;
pub mod engine;
pub mod generate;
pub mod grid;
pub mod ground;
pub mod lower;
pub mod mip;
pub mod parse;
pub mod puzzle;
pub mod search;
pub mod solve;

use diagnostic::{Diagnostic, Origin, Source};
use mip::Mip;
use puzzle::Puzzle;

/// A model that did not compile: its diagnostics, rendered against the sources they point into.
#[derive(Debug)]
pub struct ModelErrors {
    pub diagnostics: Vec<Diagnostic>,
    /// Each diagnostic rendered (file:line:column, source line, underline, help).
    pub rendered: Vec<String>,
    /// Each diagnostic as `file:line:column: message`.
    pub one_line: Vec<String>,
}

/// Parse and analyze a model file's bytes. `name` is what messages call the file;
/// `givens` replaces the model's givens with a one-line puzzle.
pub fn load(name: &str, bytes: &[u8], givens: Option<&str>) -> Result<Puzzle, ModelErrors> {
    let text = match parse::decode(bytes) {
        Ok(t) => t,
        Err(mut d) => {
            // Show the valid text before the bad byte, so line:column still points at it.
            let valid = String::from_utf8_lossy(&bytes[..d.span.start]).into_owned();
            let lossy = valid.clone() + "\u{FFFD}";
            d.span = diagnostic::Span::new(valid.len(), lossy.len());
            return Err(errors(vec![d], name, &lossy, givens));
        }
    };
    let model = parse::parse(text).map_err(|d| errors(vec![d], name, text, givens))?;
    analyze::analyze(&model, givens).map_err(|ds| errors(ds, name, text, givens))
}

/// `load`, then `lower`: the puzzle and its MIP, or every mistake rendered.
pub fn build(name: &str, bytes: &[u8], givens: Option<&str>) -> Result<(Puzzle, Mip), ModelErrors> {
    build_with(name, bytes, givens, None)
}

/// `build`, with every algebraic rule lowered in `formulation` (the `--formulation` option),
/// whatever the model asks for.
pub fn build_with(
    name: &str,
    bytes: &[u8],
    givens: Option<&str>,
    formulation: Option<puzzle::Formulation>,
) -> Result<(Puzzle, Mip), ModelErrors> {
    let mut puzzle = load(name, bytes, givens)?;
    if let Some(f) = formulation {
        for rule in &mut puzzle.rules {
            if let puzzle::RuleKind::Expr { formulation, .. } = &mut rule.kind {
                *formulation = f;
            }
        }
    }
    match lower::lower(&puzzle) {
        Ok(mip) => Ok((puzzle, mip)),
        Err(d) => Err(errors(
            vec![d],
            name,
            &String::from_utf8_lossy(bytes),
            givens,
        )),
    }
}

fn errors(diags: Vec<Diagnostic>, name: &str, text: &str, givens: Option<&str>) -> ModelErrors {
    let model_src = Source { name, text };
    let arg_src = Source {
        name: "--givens",
        text: givens.unwrap_or(""),
    };
    let src = |d: &Diagnostic| {
        if d.origin == Origin::GivensArg {
            &arg_src
        } else {
            &model_src
        }
    };
    ModelErrors {
        rendered: diags
            .iter()
            .map(|d| diagnostic::render(d, src(d)))
            .collect(),
        one_line: diags
            .iter()
            .map(|d| diagnostic::one_line(d, src(d)))
            .collect(),
        diagnostics: diags,
    }
}
