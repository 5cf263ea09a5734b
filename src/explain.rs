//! Why a puzzle has no solution: a minimal set of its givens and rules that already conflict,
//! found by a deletion filter that asks any backend "is this subset still infeasible?", and
//! placed in the model's source for people (`describe`) and for JSON.

use std::time::Instant;

use crate::diagnostic::{LineIndex, Origin};
use crate::puzzle::{Cell, Expr, Puzzle, RuleKind};
use crate::solve::{Backend, Error, Question};

/// One element of an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The given of a cell.
    Given(Cell),
    /// A whole expression rule, by index.
    Rule(usize),
    /// One area of a `distinct` rule: (rule, area).
    Area(usize, usize),
}

/// A set of givens and rules that has no solution, and from which no element can be dropped
/// (when `minimal`; a test that ran out of time keeps its element, and then it may not be).
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The givens and rules, givens first.
    pub parts: Vec<Part>,
    /// False when a test ran out of time, or when `reads_clues`, so a part might be
    /// droppable.
    pub minimal: bool,
    /// A rule kept reads the model's other clues (`clued(...)`, as kropki_negative does): it
    /// was grounded with every dot, and without one the filter dropped it would say more.
    pub reads_clues: bool,
    /// Backend runs the deletion filter made.
    pub solves: usize,
    /// Parts left out on a "no solution" whose check ran out of time (`Statistics::unchecked`):
    /// that the rest still conflicts rests on the solver's first run alone.
    pub unchecked: usize,
}

/// The puzzle restricted to some of its parts.
pub fn restrict(p: &Puzzle, parts: &[Part]) -> Puzzle {
    let mut q = p.clone();
    for (c, g) in q.givens.iter_mut().enumerate() {
        if !parts.contains(&Part::Given(c)) {
            *g = None;
        }
    }
    let mut rules = Vec::new();
    for (r, rule) in p.rules.iter().enumerate() {
        match &rule.kind {
            RuleKind::Expr { .. } => {
                if parts.contains(&Part::Rule(r)) {
                    rules.push(rule.clone());
                }
            }
            RuleKind::Distinct(areas) => {
                let kept: Vec<_> = areas
                    .iter()
                    .enumerate()
                    .filter(|(a, _)| parts.contains(&Part::Area(r, *a)))
                    .map(|(_, area)| area.clone())
                    .collect();
                if !kept.is_empty() {
                    let mut rule = rule.clone();
                    rule.kind = RuleKind::Distinct(kept);
                    rules.push(rule);
                }
            }
        }
    }
    q.rules = rules;
    q
}

/// Every part of the puzzle: its givens, then its rules (each area of a `distinct` rule apart).
pub fn parts(p: &Puzzle) -> Vec<Part> {
    let mut out: Vec<Part> = (0..p.givens.len())
        .filter(|&c| p.givens[c].is_some())
        .map(Part::Given)
        .collect();
    for (r, rule) in p.rules.iter().enumerate() {
        match &rule.kind {
            RuleKind::Expr { .. } => out.push(Part::Rule(r)),
            RuleKind::Distinct(areas) => out.extend((0..areas.len()).map(|a| Part::Area(r, a))),
        }
    }
    out
}

/// A deletion filter over the puzzle's parts: drop a part when the rest is still infeasible.
/// Givens go first, against every rule, so the givens kept are a minimal conflicting set;
/// then the rules, those with the fewest of the kept givens in their cells first, so the
/// areas the conflict lives in (a row full of the givens) are the ones that stay.
///
/// `time_limit` is for the whole filter, all its checks together: when it runs out, the parts
/// not yet checked are kept and the explanation is not `minimal`. `None`: no limit.
pub fn explain(
    p: &Puzzle,
    backend: &dyn Backend,
    time_limit: Option<f64>,
) -> Result<Explanation, Error> {
    let deadline = time_limit.and_then(|t| crate::solve::deadline_after(Instant::now(), t));
    let all = parts(p);
    let (givens, rules): (Vec<Part>, Vec<Part>) =
        all.iter().partition(|part| matches!(part, Part::Given(_)));
    let mut x = Explanation {
        parts: all,
        minimal: true,
        reads_clues: false,
        solves: 0,
        unchecked: 0,
    };
    for g in givens {
        try_without(p, &mut x, g, backend, deadline)?;
    }
    let kept: Vec<Cell> = x
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Given(c) => Some(*c),
            _ => None,
        })
        .collect();
    let mut rules: Vec<(usize, Part)> = rules
        .into_iter()
        .map(|part| {
            let inside = match part {
                Part::Area(r, a) => match &p.rules[r].kind {
                    RuleKind::Distinct(areas) => {
                        areas[a].cells.iter().filter(|c| kept.contains(c)).count()
                    }
                    RuleKind::Expr { .. } => 0,
                },
                // An expression rule's cells are not listed; it is tried last, so it stays
                // unless the areas explain the conflict without it.
                _ => usize::MAX,
            };
            (inside, part)
        })
        .collect();
    rules.sort_by_key(|&(inside, _)| inside);
    for (_, part) in rules {
        try_without(p, &mut x, part, backend, deadline)?;
    }
    // A rule that looks at the model's other clues (`clued(a, b, white, black)`, as
    // kropki_negative does) was grounded with all of them. Without a dot the filter dropped,
    // that rule would say more than it does here, so a smaller set may conflict too: not
    // claimed minimal (a review found a dot kept that the conflict did not need).
    x.reads_clues = x.parts.iter().any(|part| match part {
        Part::Rule(r) => match &p.rules[*r].kind {
            RuleKind::Expr { expr, .. } => looks_at_clues(expr),
            RuleKind::Distinct(_) => false,
        },
        _ => false,
    });
    x.minimal &= !x.reads_clues;
    Ok(x)
}

/// Whether `e` asks `clued(...)` anywhere.
fn looks_at_clues(e: &Expr) -> bool {
    match e {
        Expr::Clued(..) => true,
        Expr::Neg(a) | Expr::Abs(a) | Expr::Not(a) | Expr::In(a, _) => looks_at_clues(a),
        Expr::Bin(_, a, b) => looks_at_clues(a) || looks_at_clues(b),
        Expr::Quant { filter, body, .. } | Expr::Agg { filter, body, .. } => {
            filter.as_deref().is_some_and(looks_at_clues) || looks_at_clues(body)
        }
        _ => false,
    }
}

/// Drop `part` from the explanation if the puzzle without it still has no solution.
fn try_without(
    p: &Puzzle,
    x: &mut Explanation,
    part: Part,
    backend: &dyn Backend,
    deadline: Option<Instant>,
) -> Result<(), Error> {
    // Out of time: the part stays, unchecked.
    if deadline.is_some_and(|d| Instant::now() >= d) {
        x.minimal = false;
        return Ok(());
    }
    let trial: Vec<Part> = x.parts.iter().copied().filter(|&q| q != part).collect();
    let q = restrict(p, &trial);
    let question = Question {
        limit: Some(1),
        deadline,
        ..Question::default()
    };
    let found = backend
        .prepare_until(&q, deadline)?
        .find(&q.givens, &question, &mut |_| true)?;
    x.solves += found.statistics.solves;
    if found.count == 0 && !found.timed_out {
        x.parts = trial;
        x.unchecked += usize::from(found.statistics.unchecked > 0);
    } else {
        x.minimal &= !found.timed_out;
    }
    Ok(())
}

/// One part of an explanation, placed in the source: `run --json`'s `explanation.parts`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PlacedPart {
    /// `given` or `rule`.
    pub kind: &'static str,
    /// The given's cell (`r1c1`) and value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The given's value.
    pub value: Option<i64>,
    /// The rule's name, and which of its areas (`row 1`) when it is one area of a `distinct`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Which area of a `distinct` rule (`row 1`), when the part is one.
    pub area: Option<String>,
    /// Where it was written: the model's file, or `--givens`.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

/// An explanation for people, its parts grouped by the source line they were written on
/// (`bad.sdk:5: givens r1c1 = 1, r1c2 = 2` and the line itself), and each part placed for
/// JSON. `name` and `text` are the model's; `givens_arg` the `--givens` line, if any.
pub fn describe(
    p: &Puzzle,
    x: &Explanation,
    name: &str,
    text: &str,
    givens_arg: &str,
) -> (Vec<String>, Vec<PlacedPart>) {
    // Each text's lines found once: an explanation of thousands of rules is placed in a
    // moment, where counting lines from the start for each part took minutes.
    let (model_lines, givens_lines) = (LineIndex::new(text), LineIndex::new(givens_arg));
    // (file, line, column, source line)
    let at = |origin: Origin, offset: usize| {
        let (file, src, index) = match origin {
            Origin::Model => (name, text, &model_lines),
            Origin::GivensArg => ("--givens", givens_arg, &givens_lines),
        };
        let (l, c) = index.line_col(src, offset);
        let line = index.line_text(src, l).trim_end().to_string();
        (file.to_string(), l, c, line)
    };
    // (place, what kind, item, source line)
    let mut groups: Vec<(String, String, Vec<String>, String)> = Vec::new();
    let mut items = Vec::new();
    for part in &x.parts {
        let ((file, l, c, line), kind, item) = match *part {
            Part::Given(cell) => {
                let v = p.givens[cell].unwrap_or_default();
                let place = match p.given_at.get(cell).copied().flatten() {
                    Some((origin, span)) => at(origin, span.start),
                    None => (name.to_string(), 0, 0, String::new()),
                };
                (
                    place,
                    "given".to_string(),
                    format!("{} = {v}", p.cell_name(cell)),
                )
            }
            Part::Rule(r) | Part::Area(r, _) => {
                let rule = &p.rules[r];
                let area = match (part, &rule.kind) {
                    (Part::Area(_, i), RuleKind::Distinct(areas)) => areas[*i].label.clone(),
                    _ => String::new(),
                };
                (
                    at(Origin::Model, rule.span.start),
                    format!("rule `{}`", rule.name),
                    area,
                )
            }
        };
        items.push(match *part {
            Part::Given(cell) => PlacedPart {
                kind: "given",
                cell: Some(p.cell_name(cell)),
                value: p.givens[cell],
                rule: None,
                area: None,
                file: file.clone(),
                line: l,
                column: c,
            },
            Part::Rule(r) | Part::Area(r, _) => PlacedPart {
                kind: "rule",
                cell: None,
                value: None,
                rule: Some(p.rules[r].name.clone()),
                area: Some(item.clone()).filter(|a| !a.is_empty()),
                file: file.clone(),
                line: l,
                column: c,
            },
        });
        let place = format!("{file}:{l}");
        match groups.last_mut() {
            Some(g) if g.0 == place && g.1 == kind => g.2.push(item),
            _ => groups.push((place, kind, vec![item], line)),
        }
    }
    let lines = groups
        .into_iter()
        .flat_map(|(place, kind, items, line)| {
            // A rule's whole condition has no label; beside its areas (a cage: its cells all
            // differ, and its sum) it is named, so the line does not read as the areas alone.
            let whole = items.iter().any(String::is_empty);
            let mut items: Vec<String> = items.into_iter().filter(|i| !i.is_empty()).collect();
            if whole && !items.is_empty() {
                items.push("and the rest of the rule".into());
            }
            let head = match (kind.as_str(), items.len()) {
                (_, 0) => format!("  {place}: {kind}"),
                ("given", 1) => format!("  {place}: given {}", items[0]),
                ("given", _) => format!("  {place}: givens {}", items.join(", ")),
                _ => format!("  {place}: {kind}: {}", items.join(", ")),
            };
            [head, format!("      | {line}")]
        })
        .collect();
    (lines, items)
}
