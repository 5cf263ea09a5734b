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
pub mod cleanup;
pub mod diagnostic;
pub mod emit;
pub mod engine;
pub mod generate;
pub mod grid;
pub mod ground;
pub mod lower;
pub mod mip;
pub mod output;
pub mod parse;
pub mod puzzle;
pub mod search;
pub mod solve;

use diagnostic::{Diagnostic, Origin, Source};
use mip::Mip;
use puzzle::Puzzle;

/// A model that did not compile: its mistakes, rendered against the sources they point into.
/// Of each kind of mistake (an `ErrorKind` variant) the first `diagnostic::SHOWN_PER_KIND` are
/// kept and rendered, in the order found; the rest are only counted, so 20,000 bad givens are
/// reported in a moment and a screenful.
#[derive(Debug)]
pub struct ModelErrors {
    /// The mistakes shown.
    pub diagnostics: Vec<Diagnostic>,
    /// Each one rendered (file:line:column, source lines, underline, help); the last shown of
    /// a kind that has more ends with the line that counts them (`diagnostic::more_like_it`).
    pub rendered: Vec<String>,
    /// Each one as `file:line:column: message`.
    pub one_line: Vec<String>,
    /// For each one, how many more of its kind were left out after it (0 but for the last
    /// shown of a kind that has more).
    pub omitted: Vec<usize>,
    /// Every mistake found, shown or not.
    pub total: usize,
}

impl ModelErrors {
    /// `one_line`, with the line that counts the mistakes left out after the last shown of
    /// each kind that has more: the `errors` of `--json`.
    pub fn one_line_counted(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.one_line.len());
        for (line, &more) in self.one_line.iter().zip(&self.omitted) {
            out.push(line.clone());
            if more > 0 {
                out.push(diagnostic::more_like_it(more));
            }
        }
        out
    }
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
    let puzzle = analyze::analyze(&model, givens).map_err(|ds| errors(ds, name, text, givens))?;
    within_budget(&puzzle).map_err(|d| errors(vec![d], name, text, givens))?;
    Ok(puzzle)
}

/// Refuse a rule that would ground to more terms than `ground::MAX_TERMS`, before the memory
/// is spent, naming the rule and the size. (Every solver grounds the rules; the MIP's own bound
/// is checked where it is made, in `lower`.)
fn within_budget(p: &Puzzle) -> Result<(), Diagnostic> {
    for rule in &p.rules {
        if let puzzle::RuleKind::Expr { expr, .. } = &rule.kind {
            let estimate = ground::estimate(p, expr);
            if estimate > u128::from(ground::MAX_TERMS) {
                return Err(Diagnostic::new(
                    rule.span,
                    diagnostic::ErrorKind::RuleTooLarge {
                        rule: rule.name.clone(),
                        estimate,
                        limit: ground::MAX_TERMS,
                    },
                ));
            }
        }
    }
    Ok(())
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
    // Each text's lines found once: every message is then a binary search away.
    let model_index = diagnostic::LineIndex::new(text);
    let arg_index = diagnostic::LineIndex::new(arg_src.text);
    let src = |d: &Diagnostic| {
        if d.origin == Origin::GivensArg {
            (&arg_src, &arg_index)
        } else {
            (&model_src, &model_index)
        }
    };
    let total = diags.len();
    // (found, shown) for each kind.
    use std::mem::discriminant;
    let mut kinds = std::collections::HashMap::<_, (usize, usize)>::new();
    for d in &diags {
        kinds.entry(discriminant(&d.kind)).or_default().0 += 1;
    }
    let mut out = ModelErrors {
        diagnostics: Vec::new(),
        rendered: Vec::new(),
        one_line: Vec::new(),
        omitted: Vec::new(),
        total,
    };
    for d in diags {
        let (found, shown) = kinds
            .get_mut(&discriminant(&d.kind))
            .expect("counted above");
        if *shown == diagnostic::SHOWN_PER_KIND {
            continue;
        }
        *shown += 1;
        let more = if *shown == diagnostic::SHOWN_PER_KIND {
            *found - *shown
        } else {
            0
        };
        let (s, index) = src(&d);
        let mut rendered = diagnostic::render_with(&d, s, index);
        if more > 0 {
            rendered.push_str(&format!("  … {}\n", diagnostic::more_like_it(more)));
        }
        out.rendered.push(rendered);
        out.one_line.push(diagnostic::one_line_with(&d, s, index));
        out.omitted.push(more);
        out.diagnostics.push(d);
    }
    out
}
