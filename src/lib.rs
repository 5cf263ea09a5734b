//! sdkc compiles Sudoku-like puzzle models (`.sdk` files) to 0-1 MIPs, writes them as CPLEX-LP
//! or MPS, solves them with its own search or with CBC, HiGHS or GLPK, and checks every grid
//! against the rules with an interpreter that shares no code with the lowering.
//!
//! The surface, re-exported here:
//! - [`load`] a model from its text (or [`build`] it, to its [`Mip`] too); mistakes come back
//!   as [`ModelErrors`], each rendered with file:line:column;
//! - [`emit::write`] the MIP as LP or MPS ([`Format`]);
//! - pick a [`Backend`] ([`solve::backend`] by name, [`solve::auto`], or [`Builtin`]),
//!   [`Backend::prepare`] it for the puzzle's rules, and ask [`Prepared::find`] a [`Question`];
//!   or let [`verdict::decide`] ask, check every grid and name the outcome ([`Verdict`]);
//! - [`check_grid`] any grid against the rules;
//! - [`explain::explain`] a puzzle with no solution;
//! - [`generate::generate_all`] irreducible puzzles.
//!
//! ```
//! use sdkc::{Backend, Builtin, Goal, Status};
//!
//! let text = std::fs::read("examples/classic.sdk").unwrap();
//! let puzzle = sdkc::load("classic.sdk", &text, None).unwrap();
//! let prepared = Builtin.prepare(&puzzle).unwrap();
//! let verdict =
//!     sdkc::verdict::decide(&puzzle, prepared.as_ref(), "builtin", Goal::Count(Some(2)), None, &mut |_, _| true)
//!         .unwrap();
//! assert_eq!(verdict.status, Status::Unique);
//! assert!(sdkc::check_grid(&puzzle, verdict.first.as_ref().unwrap()).is_empty());
//! ```
//!
//! The pipeline, one module a stage: `parse` (text to syntax tree) → `analyze` (names, sets,
//! givens: a `Puzzle`) → `lower` (the one-hot MIP) → `emit` (LP / MPS text) → `solve` (a
//! backend) → `check` (every rule evaluated on the grid, independently of `lower`).

#![warn(missing_docs)]
// A Diagnostic is made once per mistake and travels up a few frames: boxing it buys nothing.
#![allow(clippy::result_large_err)]

// The compiler's stages: public for the tests and the fuzzing harness, documented in their
// own module docs rather than item by item.
#[allow(missing_docs)]
pub mod analyze;
#[allow(missing_docs)]
pub mod ast;
#[allow(missing_docs)]
pub mod check;
#[allow(missing_docs)]
pub mod diagnostic;
#[allow(missing_docs)]
pub mod emit;
#[allow(missing_docs)]
pub mod ground;
#[allow(missing_docs)]
pub mod lower;
#[allow(missing_docs)]
pub mod mip;
#[allow(missing_docs)]
pub mod parse;
#[allow(missing_docs)]
pub mod puzzle;
#[allow(missing_docs)]
pub mod search;

// What runs the questions and says what the answers mean.
#[allow(missing_docs)]
pub mod batch;
pub mod candidates;
pub mod cleanup;
pub mod exit;
pub mod explain;
pub mod fpuzzles;
pub mod generate;
#[allow(missing_docs)]
pub mod grid;
pub mod library;
#[allow(missing_docs)]
pub mod output;
pub mod render;
pub mod report;
pub mod solve;
pub mod verdict;

pub use emit::Format;
pub use explain::Explanation;
pub use mip::Mip;
pub use puzzle::{Formulation, Puzzle};
pub use report::Report;
pub use solve::{Backend, Builtin, Found, Prepared, Question, Settings, Statistics};
pub use verdict::{Goal, Status, Verdict};

use diagnostic::{Diagnostic, Origin, Source};

/// Every rule `grid` (row-major values) breaks; empty when it is a solution of `p`.
pub fn check_grid(p: &Puzzle, grid: &[i64]) -> Vec<check::Violation> {
    check::check(p, grid)
}

/// Up to `limit` grids of `p` (unchecked), from `backend` prepared for it: the short way to
/// count a puzzle's solutions or compare backends.
pub fn grids(
    backend: &dyn Backend,
    p: &Puzzle,
    limit: usize,
) -> Result<Vec<Vec<i64>>, solve::Error> {
    let mut out = Vec::new();
    backend
        .prepare(p)?
        .find(&p.givens, &Question::up_to(limit), &mut |g| {
            out.push(g.to_vec());
            true
        })?;
    Ok(out)
}

/// Lower every algebraic rule of `p` in `formulation` (the `--formulation` option), whatever
/// the model asks for; `None` leaves the rules as written.
pub fn reformulate(p: &mut Puzzle, formulation: Option<Formulation>) {
    let Some(f) = formulation else { return };
    for rule in &mut p.rules {
        if let puzzle::RuleKind::Expr { formulation, .. } = &mut rule.kind {
            *formulation = f;
        }
    }
}

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
    /// The exit code the command line ends with: 3, the model has mistakes.
    pub fn exit_code(&self) -> u8 {
        exit::MODEL
    }

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

/// Each mistake as `file:line:column: message`, one per line, with the count of those left
/// out.
impl std::fmt::Display for ModelErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.one_line_counted().join("\n"))
    }
}

impl std::error::Error for ModelErrors {}

/// Parse and analyze a model file's bytes. `name` is what messages call the file;
/// `givens` replaces the model's givens with a one-line puzzle.
pub fn load(name: &str, bytes: &[u8], givens: Option<&str>) -> Result<Puzzle, ModelErrors> {
    // A byte-order mark, which Windows editors write first, is no part of the text (the
    // command line drops it too).
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
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
    let model = parse::parse_all(text).map_err(|ds| errors(ds, name, text, givens))?;
    // A model that names no library rule is analyzed without the library; should it have a
    // mistake, again with it, so the messages (and their "did you mean") are the same.
    let puzzle = if library::mentioned_in(text) {
        analyze::analyze(&model, givens)
    } else {
        analyze::analyze_with(&model, givens, false).or_else(|_| analyze::analyze(&model, givens))
    }
    .map_err(|ds| errors(ds, name, text, givens))?;
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
    reformulate(&mut puzzle, formulation);
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

/// Render mistakes found in a model's text (`name`, `text`) or in its `--givens` line, as
/// `load` does: the first `diagnostic::SHOWN_PER_KIND` of each kind, the rest counted.
pub fn render_errors(
    diags: Vec<Diagnostic>,
    name: &str,
    text: &str,
    givens: Option<&str>,
) -> ModelErrors {
    errors(diags, name, text, givens)
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
    // In source order, whichever check found them first; `--givens` after the model.
    let mut diags = diags;
    diags.sort_by_key(|d| (d.origin == Origin::GivensArg, d.span.start));
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
