//! The standard library of variant rules: `library/standard.sdk`, written in the language
//! itself, parsed once and callable from every model (`rule cage(15, r1c1 r1c2 r2c1)`).
//! `sdkc rules` lists it from the comments above each definition.

use std::sync::LazyLock;

use crate::ast::{Definition, StatementKind};

/// The library's text, as shipped.
pub const SOURCE: &str = include_str!("../library/standard.sdk");

static DEFINITIONS: LazyLock<Vec<Definition>> = LazyLock::new(|| {
    // A unit test parses and analyzes the library; a mistake in it fails the build's tests,
    // never a user's run.
    crate::parse::parse(SOURCE)
        .map(|m| {
            m.statements
                .into_iter()
                .filter_map(|s| match s.kind {
                    StatementKind::Define(d) => Some(d),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
});

/// The names the library defines, read off its text without parsing it (`define NAME(` at
/// the start of a line): a model that mentions none of them needs no library, and parsing the
/// library was half of what a run of a classic 9x9 cost (4.7 ms a process without this, 2.2 ms
/// with it: most of a batch's fixed cost).
static NAMES: LazyLock<std::collections::HashSet<&'static str>> = LazyLock::new(|| {
    SOURCE
        .lines()
        .filter_map(|l| l.strip_prefix("define "))
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
});

/// Whether `text` (a model) mentions a library rule's name anywhere, even in a comment: if
/// not, it calls none, and its analysis may skip the library.
pub fn mentioned_in(text: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| NAMES.contains(w))
}

/// The library's definitions, in the order the file gives them.
pub fn definitions() -> &'static [Definition] {
    &DEFINITIONS
}

/// The text of a library rule's definition, from `define` to the end of its body.
pub fn definition_text(name: &str) -> Option<&'static str> {
    let d = definitions().iter().find(|d| d.name.value == name)?;
    let start = SOURCE[..d.name.span.start].rfind("define")?;
    Some(&SOURCE[start..d.body.span.end])
}

/// One library rule, for `sdkc rules`: its name, its parameters as `name: kind`, what it
/// means and an example call.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// The name a rule calls it by.
    pub name: String,
    /// Its parameters, `name: kind`.
    pub params: Vec<String>,
    /// What it means, in a sentence or two.
    pub doc: String,
    /// One call, as a model writes it (`rule cage(15, r1c1 r1c2 r2c1)`).
    pub example: String,
}

/// Every library rule with its documentation: the `#` lines right above its `define`; a line
/// `# example: ...` is its example, the others its description.
pub fn entries() -> Vec<Entry> {
    definitions()
        .iter()
        .map(|d| {
            let before = &SOURCE[..d.name.span.start];
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let comments: Vec<&str> = SOURCE[..line_start]
                .lines()
                .rev()
                .take_while(|l| l.starts_with('#'))
                .collect();
            let mut doc = Vec::new();
            let mut example = String::new();
            for line in comments.into_iter().rev() {
                let text = line.trim_start_matches('#').trim();
                match text.strip_prefix("example:") {
                    Some(e) => example = e.trim().to_string(),
                    None => doc.push(text),
                }
            }
            Entry {
                name: d.name.value.clone(),
                params: d
                    .params
                    .iter()
                    .map(|p| format!("{}: {}", p.name.value, p.kind.value))
                    .collect(),
                doc: doc.join(" "),
                example,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan for names finds exactly the names the parse finds, so a model that calls a
    /// library rule always gets the library.
    #[test]
    fn the_names_scanned_are_the_names_defined() {
        let parsed: std::collections::HashSet<&str> = definitions()
            .iter()
            .map(|d| d.name.value.as_str())
            .collect();
        assert_eq!(*NAMES, parsed);
        assert!(mentioned_in("grid 9x9\nrule thermo(r1c1 r1c2)\n"));
        assert!(!mentioned_in(
            "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n"
        ));
    }

    /// A rule that is one call keeps its family and arguments beside the expansion (both
    /// rules of a cage: its sum and its distinct list); a call inside other algebra does not.
    #[test]
    fn a_call_keeps_its_family_and_arguments() {
        use crate::puzzle::{Arg, Family, RuleKind};
        let text = "grid 4x4\nrule cage(7, r1c1 r1c2 r2c1)\nrule sandwich(reverse(c2), 0)\n\
                    rule not thermo(r4c1-r4c3)\n";
        let p = crate::analyze::analyze(&crate::parse::parse(text).unwrap(), None).unwrap();
        let cage = Family {
            name: "cage".into(),
            args: vec![Arg::Number(Some(7)), Arg::Cells(vec![0, 1, 4])],
            library: true,
        };
        assert_eq!(p.rules[0].family.as_ref(), Some(&cage));
        assert!(matches!(p.rules[0].kind, RuleKind::Distinct(_)));
        assert_eq!(p.rules[1].family.as_ref(), Some(&cage));
        assert!(matches!(p.rules[1].kind, RuleKind::Expr { .. }));
        assert_eq!(p.rules[0].name, "cage1");
        let sandwich = Family {
            name: "sandwich".into(),
            args: vec![Arg::Cells(vec![13, 9, 5, 1]), Arg::Number(Some(0))],
            library: true,
        };
        assert_eq!(p.rules[2].family.as_ref(), Some(&sandwich));
        assert_eq!(p.rules[3].family, None);
    }

    /// Every library rule has a description and an example, and its example, in a 9x9 sudoku,
    /// analyzes without a mistake (so the definition type-checks for real arguments) and has a
    /// solution (a palindrome inside one box and a quadruple repeating a digit inside one box
    /// had none; a review found them).
    #[test]
    fn library_parses_and_every_example_analyzes() {
        let defined = SOURCE.matches("\ndefine ").count();
        assert_eq!(definitions().len(), defined, "the library did not parse");
        assert!(defined >= 40);
        for e in entries() {
            assert!(!e.doc.is_empty(), "{} has no description", e.name);
            assert!(
                e.example.starts_with(&format!("rule {}(", e.name)),
                "{}'s example is `{}`",
                e.name,
                e.example
            );
            let model = format!(
                "grid 9x9, boxes 3x3\nrule distinct rows, columns, boxes\n{}\n",
                e.example
            );
            let parsed =
                crate::parse::parse(&model).unwrap_or_else(|d| panic!("{}: {d:?}", e.example));
            let puzzle = crate::analyze::analyze(&parsed, None).unwrap_or_else(|d| {
                panic!(
                    "{}: {:?}",
                    e.example,
                    d.iter().map(|d| d.kind.to_string()).collect::<Vec<_>>()
                )
            });
            use crate::solve::Backend;
            let prepared = crate::solve::Builtin.prepare(&puzzle).unwrap();
            let q = crate::solve::Question {
                deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(20)),
                ..crate::solve::Question::one()
            };
            let found = prepared.find(&puzzle.givens, &q, &mut |_| true).unwrap();
            assert_eq!(found.count, 1, "{}: no grid", e.example);
        }
    }
}
