//! Stage 1: text to syntax tree. Checks that the bytes are UTF-8 and that the text follows the
//! grammar in `grammar/sdk.pest`; nothing about meaning (sizes, names, ranges) is checked here.

use pest::Parser as _;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest_derive::Parser;

use crate::ast::*;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};

#[derive(Parser)]
#[grammar = "../grammar/sdk.pest"]
struct SdkParser;

/// Decode a model file's bytes, reporting the first byte that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        Diagnostic::new(
            Span::new(at, at + 1),
            ErrorKind::NotUtf8 { byte: bytes[at] },
        )
    })
}

/// The statements, in the grammar's order (`statement` in `grammar/sdk.pest`): the keyword each
/// starts with, the keyword's rule and the statement's rule. The syntax message that lists what
/// a line may start with, "did you mean", the recovery after a syntax error and the nesting
/// check all read this one list; a unit test holds it to the grammar.
const STATEMENTS: &[Stmt] = &[
    Stmt::new("puzzle", Rule::kw_puzzle, Rule::puzzle_stmt),
    Stmt::new("grid", Rule::kw_grid, Rule::grid_stmt),
    Stmt::new("boxes", Rule::kw_boxes, Rule::boxes_stmt),
    Stmt::new("values", Rule::kw_values, Rule::values_stmt),
    Stmt::new("givens", Rule::kw_givens, Rule::givens_stmt),
    Stmt::new("marks", Rule::kw_marks, Rule::marks_stmt),
    Stmt::new("regions", Rule::kw_regions, Rule::regions_stmt),
    Stmt::new("area", Rule::kw_area, Rule::area_stmt),
    Stmt::new("relation", Rule::kw_relation, Rule::relation_stmt),
    Stmt::new("encoding", Rule::kw_encoding, Rule::encoding_stmt),
    Stmt::new("define", Rule::kw_define, Rule::define_stmt),
    Stmt::new("rule", Rule::kw_rule, Rule::rule_stmt),
];

struct Stmt {
    keyword: &'static str,
    kw: Rule,
    rule: Rule,
}

impl Stmt {
    const fn new(keyword: &'static str, kw: Rule, rule: Rule) -> Stmt {
        Stmt { keyword, kw, rule }
    }
}

/// "a statement (puzzle, grid, ... or rule)": what a syntax error expects where a statement
/// could start.
static A_STATEMENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let words: Vec<&str> = STATEMENTS.iter().map(|s| s.keyword).collect();
    let (last, rest) = words.split_last().expect("the grammar has statements");
    format!("a statement ({} or {last})", rest.join(", "))
});

fn is_statement_keyword(word: &str) -> bool {
    STATEMENTS.iter().any(|s| s.keyword == word)
}

/// The keyword `word` is likely a misspelling of (`relaton`: `relation`), among `keywords`:
/// one within two edits, the nearest, for words of three letters or more.
fn misspelt<'k>(word: &str, keywords: impl Iterator<Item = &'k str>) -> Option<&'k str> {
    // A word much longer than every keyword is none of them (and not worth measuring).
    if word.len() <= 2 || word.len() > 12 {
        return None;
    }
    keywords
        // Two edits change the length by two at most.
        .filter(|k| *k != word && k.len().abs_diff(word.len()) <= 2)
        .map(|k| (strsim::levenshtein(k, word), k))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The model in `text`, or its mistakes: every syntax error, one for each statement that does
/// not follow the grammar (the first is what `parse` returns).
pub fn parse(text: &str) -> Result<Model, Diagnostic> {
    parse_all(text).map_err(|errors| {
        errors
            .into_iter()
            .next()
            .expect("a failed parse has a mistake")
    })
}

/// The model in `text`, or every syntax error in it. After a syntax error the parser resumes at
/// the next line that starts a statement (its first word a statement keyword, or a misspelt
/// one such as `relaton`) and reports the rest of the file's errors as a file read from there
/// would, so one mistake is reported once and leads to no other. An empty file and one nested
/// too deep are one mistake each, found before the grammar is tried.
pub fn parse_all(text: &str) -> Result<Model, Vec<Diagnostic>> {
    if text.trim().is_empty()
        || text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(vec![Diagnostic::new(Span::new(0, 0), ErrorKind::EmptyFile)]);
    }
    check_nesting(text).map_err(|d| vec![d])?;
    let first = match SdkParser::parse(Rule::file, text) {
        Ok(mut pairs) => {
            let file = pairs
                .next()
                .expect("the grammar's `file` rule always yields one pair");
            let statements = file
                .into_inner()
                .take_while(|p| p.as_rule() != Rule::EOI)
                .map(statement)
                .collect();
            return Ok(Model { statements });
        }
        Err(e) => syntax_error(e, text, 0),
    };
    Err(recover(text, first, first_error_from))
}

/// Every syntax error of `text`, the first being `first`: after each, `first_error` (the first
/// error of the text from a place on) is asked about the rest, from where it resumes.
fn recover(
    text: &str,
    first: Diagnostic,
    first_error: impl Fn(&str, usize) -> Option<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut errors = vec![first];
    // Where the last parse started; each resumes further on, so this ends.
    let mut from = 0;
    loop {
        let at = errors.last().expect("one error at least").span.start;
        let Some(start) = resume_at(text, at, from) else {
            break;
        };
        from = start;
        match first_error(text, start) {
            None => break,
            // The statement that starts where the last error was is the one at fault: that
            // error (`grid` then a line `values 1 x`: no grid size) stands for it.
            Some(d) if d.span.start == at => {}
            Some(d) => errors.push(d),
        }
    }
    errors
}

/// Where to go on after a syntax error at `at`, in a parse that started at `from`: the next line
/// that starts a statement. That is the error's own line when the error is a statement keyword
/// at its start (the statement before ended too early: `grid` then a line `rule ...`).
fn resume_at(text: &str, at: usize, from: usize) -> Option<usize> {
    let line_start = text[..at]
        .bytes()
        .rev()
        .take_while(|b| *b != b'\n')
        .all(|b| matches!(b, b' ' | b'\t' | b'\r'));
    let word_end = text[at..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(text.len(), |n| at + n);
    if at > from && line_start && is_statement_keyword(&text[at..word_end]) {
        return Some(at);
    }
    StatementLines::new(text, at).next()
}

/// The first syntax error in `text[start..]`, read as a file of its own, or none.
///
/// pest's error takes time in the length of the text it was given (it finds the error's line
/// from the end), so a file of 100,000 bad lines would take quadratic time if each parse were
/// given the rest of the file. Each is given a window that ends where a line starts a
/// statement, widened to twice its length while its parse fails only at its end: there, text
/// past the window could have continued the statement (`grid 9x9,` then a line `boxes 3x3`).
/// An error before the window's end is the error of the whole rest: a window ends at the start
/// of a line outside strings, comments and blocks, so the parse reaches past it only through a
/// rule tried at that very place (every word the grammar matches there is a rule's), and that
/// rule's failure would be the error at the window's end.
fn first_error_from(text: &str, start: usize) -> Option<Diagnostic> {
    let mut ends = StatementLines::new(text, start);
    let mut end = ends.nth(1).unwrap_or(text.len());
    loop {
        match SdkParser::parse(Rule::file, &text[start..end]) {
            Ok(_) if end == text.len() => return None,
            Err(e) if end == text.len() || error_position(&e) < end - start => {
                return Some(syntax_error(e, text, start));
            }
            _ => {}
        }
        let wider = start + 2 * (end - start);
        end = ends.find(|&p| p >= wider).unwrap_or(text.len());
    }
}

fn error_position(err: &pest::error::Error<Rule>) -> usize {
    match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// The places after `from` where a line starts with a statement keyword, or a word that looks
/// like a misspelt one: where a parse may resume after a syntax error. A lexical pass that
/// passes over strings, comments and grid blocks as the grammar reads them, so a line inside a
/// block is never one.
struct StatementLines<'a> {
    text: &'a str,
    i: usize,
    line_start: bool,
}

impl<'a> StatementLines<'a> {
    /// Scanning from `from`, which is outside strings, comments and blocks (an error's place
    /// is: the grammar fails inside a block only at a `{` or the end of the file, and inside a
    /// string only at the end of its line). A word at `from` itself is not one of the places.
    fn new(text: &'a str, from: usize) -> Self {
        StatementLines {
            text,
            i: from,
            line_start: false,
        }
    }
}

impl Iterator for StatementLines<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let b = self.text.as_bytes();
        let skip_to = |i: &mut usize, stop: &[u8]| {
            while *i < b.len() && !stop.contains(&b[*i]) {
                *i += 1;
            }
        };
        while self.i < b.len() {
            let start = self.i;
            self.i += 1;
            match b[start] {
                b'\n' => {
                    self.line_start = true;
                    continue;
                }
                b' ' | b'\t' | b'\r' => continue,
                b'#' => skip_to(&mut self.i, b"\n"),
                b'"' => {
                    // `\"` inside a string is a quote, not its end.
                    loop {
                        skip_to(&mut self.i, b"\"\n\\");
                        if b.get(self.i) != Some(&b'\\') {
                            break;
                        }
                        self.i = (self.i + 2).min(b.len());
                    }
                    if b.get(self.i) == Some(&b'"') {
                        self.i += 1;
                    }
                }
                // A block ends at its first `}` outside a comment (a `{` inside one is an
                // error, found before this).
                b'{' => {
                    loop {
                        skip_to(&mut self.i, b"}#");
                        if b.get(self.i) != Some(&b'#') {
                            break;
                        }
                        skip_to(&mut self.i, b"\n");
                    }
                    self.i = (self.i + 1).min(b.len());
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    while self.i < b.len()
                        && (b[self.i].is_ascii_alphanumeric() || b[self.i] == b'_')
                    {
                        self.i += 1;
                    }
                    let word = &self.text[start..self.i];
                    if self.line_start && starts_statement(word) {
                        self.line_start = false;
                        return Some(start);
                    }
                }
                _ => {}
            }
            self.line_start = false;
        }
        None
    }
}

/// Whether a line whose first word is `word` starts a statement, or was meant to. Not a word
/// that starts with one of the grammar's bare words (`in`, `has`, ...): those continue an
/// expression, and `first_error_from` relies on every word that can continue a statement at
/// the start of such a line being a rule's.
fn starts_statement(word: &str) -> bool {
    is_statement_keyword(word)
        || (!["in", "has", "where", "offsets"]
            .iter()
            .any(|w| word.starts_with(w))
            && misspelt(word, STATEMENTS.iter().map(|s| s.keyword)).is_some())
}

fn statement(pair: Pair<Rule>) -> Statement {
    let span = Span::from(pair.as_span());
    let rule = pair.as_rule();
    // Keyword tokens carry no information past the rule they start.
    let mut inner = pair
        .into_inner()
        .filter(|p| !is_keyword(p.as_rule()) && !is_sign(p.as_rule()));
    let kind = match rule {
        Rule::puzzle_stmt => StatementKind::Puzzle(string(inner.next().unwrap())),
        Rule::grid_stmt => {
            let (rows, cols) = dims(inner.next().unwrap());
            StatementKind::Grid {
                rows,
                cols,
                boxes: inner.next().map(box_shape),
            }
        }
        Rule::boxes_stmt => StatementKind::Boxes(box_shape(inner.next().unwrap())),
        Rule::values_stmt => StatementKind::Values {
            lo: int(inner.next().unwrap()),
            hi: int(inner.next().unwrap()),
        },
        Rule::givens_stmt => {
            let data = inner.next().unwrap();
            StatementKind::Givens(match data.as_rule() {
                Rule::string => GridData::Line(string(data)),
                _ => GridData::Block(block(data)),
            })
        }
        Rule::regions_stmt => {
            let first = inner.next().unwrap();
            let (name, map) = if first.as_rule() == Rule::name {
                (Some(spanned_str(&first)), block(inner.next().unwrap()))
            } else {
                (None, block(first))
            };
            StatementKind::Regions { name, map }
        }
        Rule::area_stmt => {
            let name = spanned_str(&inner.next().unwrap());
            let cells = inner.map(path).collect();
            StatementKind::Area { name, cells }
        }
        Rule::define_stmt => {
            let name = spanned_str(&inner.next().unwrap());
            let mut params = Vec::new();
            let mut body = None;
            for p in inner {
                match p.as_rule() {
                    Rule::param => {
                        let mut parts = p.into_inner().filter(|p| !is_sign(p.as_rule()));
                        let name = spanned_str(&parts.next().unwrap());
                        let kind = spanned_str(&parts.next().unwrap());
                        params.push(Param { name, kind });
                    }
                    _ => body = Some(expr(p)),
                }
            }
            StatementKind::Define(Definition {
                name,
                params,
                body: body.expect("a definition has a body"),
            })
        }
        Rule::rule_stmt => {
            let mut name = None;
            let mut formulation = None;
            let mut body = None;
            for p in inner {
                match p.as_rule() {
                    Rule::name => name = Some(spanned_str(&p)),
                    Rule::formulation => {
                        formulation = Some(spanned_str(&p.into_inner().next().unwrap()))
                    }
                    _ => body = Some(p),
                }
            }
            let body = body.expect("a rule has a body");
            let body = match body.as_rule() {
                Rule::distinct_rule => RuleBody::Distinct(
                    body.into_inner()
                        .filter(|p| p.as_rule() == Rule::set_ref)
                        .map(|s| spanned_str(&s))
                        .collect(),
                ),
                _ => RuleBody::Expr(expr(body)),
            };
            StatementKind::Rule {
                name,
                formulation,
                body,
            }
        }
        Rule::marks_stmt => StatementKind::Marks(block(inner.next().unwrap())),
        Rule::encoding_stmt => StatementKind::Encoding(spanned_str(&inner.next().unwrap())),
        Rule::relation_stmt => {
            let name = spanned_str(&inner.next().unwrap());
            let def = inner.next().unwrap();
            let def = match def.as_rule() {
                Rule::offsets => RelationDef::Offsets(
                    def.into_inner()
                        .map(|o| {
                            let span = o.as_span().into();
                            let mut n = o.into_inner().map(|p| signed(p.as_str()));
                            Spanned::new((n.next().unwrap(), n.next().unwrap()), span)
                        })
                        .collect(),
                ),
                _ => RelationDef::Named(spanned_str(&def)),
            };
            StatementKind::Relation { name, def }
        }
        other => unreachable!("the grammar has no statement {other:?}"),
    };
    Statement { kind, span }
}

fn is_keyword(rule: Rule) -> bool {
    STATEMENTS.iter().any(|s| s.kw == rule)
}

/// The signs and words between a statement's or an expression's parts (`=`, `:`, `where`,
/// `has`): rules only so that pest names one that is missing; they carry nothing.
fn is_sign(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::assign | Rule::colon | Rule::where_kw | Rule::has_kw
    )
}

/// Saturating, so a 40-digit number is a (too large) number and not a parser failure.
fn signed(text: &str) -> i64 {
    let (neg, digits) = text.strip_prefix('-').map_or((false, text), |d| (true, d));
    let v = digits.bytes().fold(0i64, |acc, b| {
        acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    });
    if neg { -v } else { v }
}

static PRATT: std::sync::LazyLock<PrattParser<Rule>> = std::sync::LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_iff, Assoc::Left))
        .op(Op::infix(Rule::op_implies, Assoc::Right))
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left)
            | Op::postfix(Rule::op_in))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_mod, Assoc::Left))
        .op(Op::prefix(Rule::op_neg))
});

fn expr(pair: Pair<Rule>) -> Expr {
    PRATT
        .map_primary(primary)
        .map_prefix(|op, rhs| {
            let span = Span::new(op.as_span().start(), rhs.span.end);
            let kind = match op.as_rule() {
                Rule::op_not => ExprKind::Not(Box::new(rhs)),
                _ => ExprKind::Neg(Box::new(rhs)),
            };
            Expr { kind, span }
        })
        .map_postfix(|lhs, op| {
            let span = Span::new(lhs.span.start, op.as_span().end());
            let mut negated = false;
            let mut set = Vec::new();
            for p in op.into_inner() {
                match p.as_rule() {
                    Rule::in_not => negated = true,
                    Rule::int_set => set = int_set(p),
                    _ => {}
                }
            }
            Expr {
                kind: ExprKind::In {
                    value: Box::new(lhs),
                    set,
                    negated,
                },
                span,
            }
        })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::op_iff => BinOp::Iff,
                Rule::op_implies => BinOp::Implies,
                Rule::op_or => BinOp::Or,
                Rule::op_and => BinOp::And,
                Rule::op_eq => BinOp::Eq,
                Rule::op_ne => BinOp::Ne,
                Rule::op_lt => BinOp::Lt,
                Rule::op_le => BinOp::Le,
                Rule::op_gt => BinOp::Gt,
                Rule::op_ge => BinOp::Ge,
                Rule::op_add => BinOp::Add,
                Rule::op_sub => BinOp::Sub,
                Rule::op_div => BinOp::Div,
                Rule::op_mod => BinOp::Mod,
                _ => BinOp::Mul,
            };
            let span = Span::new(lhs.span.start, rhs.span.end);
            Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            }
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<Rule>) -> Expr {
    let span: Span = pair.as_span().into();
    let rule = pair.as_rule();
    let text = pair.as_str().to_string();
    let mut inner = pair.into_inner();
    let kind = match rule {
        Rule::paren => return expr(inner.next().unwrap()),
        Rule::int => ExprKind::Int(signed(&text)),
        Rule::cell_ref => ExprKind::Cell(cell_ref(&text)),
        Rule::var => ExprKind::Var(text),
        Rule::abs => ExprKind::Abs(Box::new(expr(inner.next().unwrap()))),
        Rule::value => ExprKind::Value(Box::new(expr(inner.next().unwrap()))),
        Rule::mark_test => {
            let cell = expr(inner.next().unwrap());
            let m = inner.find(|p| !is_sign(p.as_rule())).unwrap();
            let mark = if m.as_rule() == Rule::string {
                string(m)
            } else {
                spanned_str(&m)
            };
            ExprKind::Mark(Box::new(cell), mark)
        }
        Rule::call => {
            let name = spanned_str(&inner.next().unwrap());
            ExprKind::Call(name, inner.map(argument).collect())
        }
        Rule::quantifier => {
            let kw = inner.next().unwrap();
            let kind = if kw.as_str() == "exists" {
                QuantKind::Any
            } else {
                QuantKind::All
            };
            ExprKind::Quant(kind, comprehension(inner))
        }
        Rule::aggregate => {
            let kw = inner.next().unwrap();
            let kind = match kw.as_str() {
                "sum" => AggKind::Sum,
                "count" => AggKind::Count,
                _ => AggKind::NDistinct,
            };
            let first = inner.peek().unwrap();
            if first.as_rule() == Rule::set_expr {
                ExprKind::AggregateSet(kind, set_expr(inner.next().unwrap()))
            } else {
                ExprKind::Aggregate(kind, comprehension(inner))
            }
        }
        other => unreachable!("the grammar has no primary {other:?}"),
    };
    Expr { kind, span }
}

/// The ranges of a set of numbers `{1, 3..5}`, as written.
fn int_set(pair: Pair<Rule>) -> Vec<Spanned<(i64, i64)>> {
    pair.into_inner()
        .filter(|i| i.as_rule() == Rule::int_range)
        .map(|item| {
            let item_span = item.as_span().into();
            let mut ends = item.into_inner().map(|n| signed(n.as_str()));
            let lo = ends.next().expect("a range starts with a number");
            let hi = ends.next().unwrap_or(lo);
            Spanned::new((lo, hi), item_span)
        })
        .collect()
}

/// A call's argument: a list of cells, a set of numbers, or an expression.
fn argument(pair: Pair<Rule>) -> Expr {
    match pair.as_rule() {
        Rule::int_set => {
            let span = pair.as_span().into();
            Expr {
                kind: ExprKind::Numbers(int_set(pair)),
                span,
            }
        }
        Rule::cell_list => {
            let span = pair.as_span().into();
            let items = pair.into_inner().map(path).collect();
            Expr {
                kind: ExprKind::Cells(items),
                span,
            }
        }
        _ => expr(pair),
    }
}

/// A cell or a path `r1c1-r1c5-r3c5`: its corners as written.
fn path(pair: Pair<Rule>) -> Spanned<Path> {
    let span = pair.as_span().into();
    let points = pair
        .into_inner()
        .map(|p| Spanned::new(cell_ref(p.as_str()), p.as_span().into()))
        .collect();
    Spanned::new(points, span)
}

fn comprehension(mut inner: pest::iterators::Pairs<Rule>) -> Comprehension {
    let b = inner.next().unwrap();
    let mut names = b.into_inner().map(|n| spanned_str(&n));
    let first = names.next().unwrap();
    let binder = match names.next() {
        Some(second) => Binder::Pair(first, second),
        None => Binder::One(first),
    };
    let set = set_expr(inner.next().unwrap());
    let rest: Vec<Pair<Rule>> = inner.filter(|p| !is_sign(p.as_rule())).collect();
    let (filter, body) = match rest.len() {
        2 => (Some(Box::new(expr(rest[0].clone()))), expr(rest[1].clone())),
        _ => (None, expr(rest[0].clone())),
    };
    Comprehension {
        binder,
        set,
        filter,
        body: Box::new(body),
    }
}

fn set_expr(pair: Pair<Rule>) -> SetExpr {
    let span: Span = pair.as_span().into();
    let inner = pair.into_inner().next().unwrap();
    match inner.as_rule() {
        Rule::call => {
            let mut parts = inner.into_inner();
            let name = spanned_str(&parts.next().unwrap());
            SetExpr {
                name,
                args: Some(parts.map(argument).collect()),
                numbers: None,
                span,
            }
        }
        Rule::int_set => SetExpr {
            name: Spanned::new(String::new(), span),
            args: None,
            numbers: Some(int_set(inner)),
            span,
        },
        _ => SetExpr {
            name: spanned_str(&inner),
            args: None,
            numbers: None,
            span,
        },
    }
}

fn spanned_str(pair: &Pair<Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), pair.as_span().into())
}

fn string(pair: Pair<Rule>) -> Spanned<String> {
    let span = pair.as_span().into();
    let raw = pair.into_inner().next().map_or("", |p| p.as_str());
    // The grammar lets a backslash escape only `"` and `\`; any other stays as written.
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('"' | '\\'))) => {
                text.push(next);
                chars.next();
            }
            _ => text.push(c),
        }
    }
    Spanned::new(text, span)
}

/// Integers are parsed saturating: a 40-digit size is still a size, and the analyzer says it is
/// too large, rather than the parser failing on an overflow.
fn int(pair: Pair<Rule>) -> Spanned<u64> {
    let v = pair.as_str().bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    });
    Spanned::new(v, pair.as_span().into())
}

fn dims(pair: Pair<Rule>) -> (Spanned<u64>, Spanned<u64>) {
    let mut inner = pair.into_inner();
    (int(inner.next().unwrap()), int(inner.next().unwrap()))
}

fn box_shape(pair: Pair<Rule>) -> BoxShape {
    let span: Span = pair.as_span().into();
    match pair.as_rule() {
        Rule::kw_none => BoxShape::None(span),
        _ => {
            let (rows, cols) = dims(pair);
            BoxShape::Dims { rows, cols, span }
        }
    }
}

fn cell_ref(text: &str) -> CellRef {
    let lower = text.to_ascii_lowercase();
    let (r, c) = lower[1..].split_once('c').expect("grammar guarantees rNcM");
    let num = |s: &str| {
        s.bytes().fold(0u64, |acc, b| {
            acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
        })
    };
    CellRef {
        row: num(r),
        col: num(c),
    }
}

fn block(pair: Pair<Rule>) -> Block {
    let span = pair.as_span().into();
    let mut lines = vec![Vec::new()];
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::block_nl => lines.push(Vec::new()),
            Rule::block_token => {
                // A token drawn with rule characters (`---+---`) is a separator, not a cell; a
                // lone `+` is a mark (seed 001's board), so a separator needs a `-` or `=`.
                let t = p.as_str();
                let separator = t.chars().all(|ch| matches!(ch, '-' | '+' | '=' | '_'))
                    && t.contains(['-', '=']);
                if !separator {
                    lines.last_mut().unwrap().push(spanned_str(&p));
                }
            }
            _ => {}
        }
    }
    lines.retain(|l| !l.is_empty());
    Block { lines, span }
}

/// The syntax error pest found in `text[offset..]`, in words.
fn syntax_error(err: pest::error::Error<Rule>, text: &str, offset: usize) -> Diagnostic {
    use pest::error::ErrorVariant;
    let at = offset + error_position(&err);
    let found = describe_found(text, at);
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => describe_expected(positives),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = at
        + text[at..].chars().next().map_or(0, |c| {
            if c.is_alphanumeric() || c == '_' {
                text[at..]
                    .find(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
                    .unwrap_or(text.len() - at)
            } else {
                c.len_utf8()
            }
        });
    // A misspelled keyword is the most common syntax error: name the keyword meant.
    let keywords = STATEMENTS
        .iter()
        .map(|s| s.keyword)
        .chain(["distinct", "none"]);
    let word = &text[at..end];
    let mut suggestion = misspelt(word, keywords).map(str::to_string);
    // `rule distinc rows` fails at `rows`, the word after the misspelling (`distinc` reads as
    // a name): name the two words meant.
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = text[line_start..at].trim_end();
    let previous = &before[before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1)..];
    if suggestion.is_none()
        && word.starts_with(char::is_alphabetic)
        && misspelt(previous, ["distinct"].into_iter()).is_some()
    {
        suggestion = Some(format!("distinct {word}"));
    }
    // pest lists the operators where an operand may end, not the bracket that would close it:
    // name the one left open (`rule z: (v[r1c1] == 1` and the file ends).
    // (With other things pest also expected, such as a path's next cell, the same words
    // close the list: "a cell such as `r1c1` or an operator or `)`".)
    // (Unless that bracket is the very thing found: something else is missing before it.)
    // Where the statement ran on past the line the bracket opened on, that bracket is shown
    // too (on its own line it is a few characters back, and the message names it).
    let mut open_at = None;
    let expected = match unclosed(text, at) {
        Some((close, opener))
            if expected.ends_with(OPERATOR_OR_END) && !text[at..].starts_with(close) =>
        {
            // (What pest stopped at, less the blank end of a file.)
            let end = text[..at].trim_end().len().max(opener);
            open_at = Some(opener).filter(|&o| text[o..end].contains('\n'));
            format!(
                "{}an operator or `{close}`",
                &expected[..expected.len() - OPERATOR_OR_END.len()]
            )
        }
        _ => expected,
    };
    // `cage(r1c1, r1c2, 3,)`: pest expects whatever the list holds next; say that a comma
    // needs an item after it.
    let expected =
        if text[at..].starts_with([')', ']', '}']) && text[..at].trim_end().ends_with(',') {
            "another item after the `,` (a list has no comma at its end)".to_string()
        } else {
            expected
        };
    let (expected, suggestion) = match comma_cell(text, at) {
        Some(meant) => (
            "`]` (a cell is one word, row then column: `r1c2`)".to_string(),
            Some(meant),
        ),
        None => (expected, suggestion),
    };
    let diagnostic = Diagnostic::new(
        Span::new(at, end),
        ErrorKind::Syntax {
            expected,
            found,
            suggestion,
        },
    );
    match open_at {
        Some(opener) => {
            let bracket = &text[opener..opener + 1];
            diagnostic.with_related(
                Span::new(opener, opener + 1),
                format!("this `{bracket}` is not closed"),
            )
        }
        None => diagnostic,
    }
}

/// What `describe_expected` says where pest lists only the operators.
const OPERATOR_OR_END: &str = "an operator or the end of the expression";

/// The bracket that closes the innermost `(`, `[`, `{` or `|` still open at `at`, and where
/// that one opened, in the statement `at` is in (from the last line before it that starts at
/// its first column), outside comments and strings.
fn unclosed(text: &str, at: usize) -> Option<(char, usize)> {
    // Back line by line, so a file of many bad lines is still read in linear time.
    let mut start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    while start == at || !text[start..].starts_with(|c: char| !c.is_whitespace() && c != '#') {
        if start == 0 {
            return None;
        }
        start = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    let mut open = Vec::new();
    let mut chars = text[start..at].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                chars.by_ref().find(|&(_, c)| c == '\n');
            }
            '"' => {
                chars.by_ref().find(|&(_, c)| c == '"');
            }
            '(' => open.push((')', start + i)),
            '[' => open.push((']', start + i)),
            '{' => open.push(('}', start + i)),
            ')' | ']' | '}' => {
                open.pop();
            }
            // `|x|` opens and closes with the same bar: one after an open bar closes it.
            '|' if open.last().is_some_and(|o| o.0 == '|') => {
                open.pop();
            }
            '|' => open.push(('|', start + i)),
            _ => {}
        }
    }
    open.pop()
}

/// `v[1,2]` at the comma: how GAMS, AMPL and PuLP index a cell by row and column. The cell
/// meant, as sdkc writes it (`v[r1c2]`); `mark[...]` likewise.
fn comma_cell(text: &str, at: usize) -> Option<String> {
    let before = text[..at].trim_end();
    let row = &before[before.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let open = before[..before.len() - row.len()]
        .trim_end()
        .strip_suffix('[')?;
    let name = ["v", "mark"].into_iter().find(|n| {
        open.strip_suffix(n)
            .is_some_and(|b| !b.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
    })?;
    let after = text[at..].strip_prefix(',')?.trim_start();
    let col = &after[..after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len()];
    let close = after[col.len()..].trim_start().starts_with(']');
    (!row.is_empty() && !col.is_empty() && close).then(|| format!("{name}[r{row}c{col}]"))
}

fn describe_found(text: &str, at: usize) -> String {
    let rest = &text[at..];
    match rest.chars().next() {
        None => "the end of the file".into(),
        Some('\n') | Some('\r') => "the end of the line".into(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let word: String = rest
                .chars()
                .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                .collect();
            format!("`{word}`")
        }
        Some(c) => format!("`{c}`"),
    }
}

fn describe_expected(positives: &[Rule]) -> String {
    let mut names: Vec<&str> = positives
        .iter()
        .map(|r| match r {
            r if STATEMENTS.iter().any(|s| s.rule == *r) => A_STATEMENT.as_str(),
            // pest names only `file` when the text fails at its very start (the file's, or where
            // a parse resumed): a statement was expected there.
            Rule::EOI | Rule::file => A_STATEMENT.as_str(),
            Rule::string => "a quoted string",
            Rule::dims => "a size such as `9x9`",
            Rule::int | Rule::signed | Rule::int_range => "a number",
            Rule::int_set => "a set of numbers such as `{1, 3, 5}`",
            Rule::int_set_end => "`,` or `}` (the end of the set)",
            Rule::colon => "`:`",
            Rule::assign => "`=`",
            Rule::has_kw => "`has`",
            Rule::where_kw => "`where`",
            Rule::kw_none => "`none` or a box size such as `3x3`",
            Rule::name => "a name",
            Rule::set_ref => "a set name such as `rows`",
            Rule::cell_ref | Rule::path => "a cell such as `r1c1`",
            Rule::param => "a parameter such as `total: number`",
            Rule::block => "`{` and a grid block",
            Rule::distinct_rule => "a rule such as `distinct rows`",
            Rule::block_token | Rule::block_nl => "a grid row or `}`",
            // (Where an operand may end: pest lists the operators, not the `]` or `)` that may
            // close it.)
            Rule::op_iff
            | Rule::op_implies
            | Rule::op_or
            | Rule::op_and
            | Rule::op_le
            | Rule::op_ge
            | Rule::op_eq
            | Rule::op_ne
            | Rule::op_lt
            | Rule::op_gt
            | Rule::op_add
            | Rule::op_sub
            | Rule::op_mul
            | Rule::op_div
            | Rule::op_mod
            | Rule::op_in
            | Rule::in_not
            | Rule::in_kw => OPERATOR_OR_END,
            _ => "",
        })
        .filter(|n| !n.is_empty())
        .collect();
    names.sort();
    names.dedup();
    match names.len() {
        0 => "something else".into(),
        1 => names[0].into(),
        _ => {
            let last = names.pop().unwrap();
            format!("{} or {last}", names.join(", "))
        }
    }
}

/// Whether a word is a cell reference such as `r1c1` (the grammar's `cell_ref`).
fn is_cell_ref(word: &str) -> bool {
    let rest = word.strip_prefix(['r', 'R']).unwrap_or("");
    match rest.split_once(['c', 'C']) {
        Some((r, c)) => {
            !r.is_empty()
                && !c.is_empty()
                && r.bytes().all(|b| b.is_ascii_digit())
                && c.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// How deep an expression may nest: brackets, `|...|`, quantifiers, prefix operators and the
/// operators of a chain each count a level. Every stage after the parser (and pest's own
/// parser) walks expressions recursively; at this depth each needs well under a megabyte of
/// stack, so even a thread with a small stack is safe. Real rules nest a few levels.
pub const MAX_NESTING: usize = 256;

/// Refuse text nested deeper than `MAX_NESTING` before pest (whose parser recurses per bracket)
/// or the Pratt parser (per prefix operator and per `=>`) ever see it. A lexical pass that knows
/// the grammar's shape: it tells an opening `|` (where an operand starts) from a closing one,
/// and bounds the depth of the syntax tree from above, since a left-associative chain
/// `a + b + c` is a tree as deep as the chain is long.
fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    // Precedence buckets, loosest first, as in `PRATT`; `PREFIX` is a run of `not` / unary `-`.
    const IFF: usize = 0;
    const IMPLIES: usize = 1;
    const OR: usize = 2;
    const AND: usize = 3;
    const CMP: usize = 4;
    const ADD: usize = 5;
    const MUL: usize = 6;
    const PREFIX: usize = 7;
    /// One bracket (or the statement itself). Its depth is 1 + its quantifiers + the longest
    /// run seen of each precedence: `a != 1 and b != 2` is `and` over `!=`, 2 + 1 deep, not 4.
    #[derive(Default)]
    struct Frame {
        quantifiers: usize,
        runs: [usize; 8],
        longest: [usize; 8],
    }
    impl Frame {
        fn depth(&self) -> usize {
            1 + self.quantifiers + self.longest.iter().sum::<usize>()
        }
    }
    let bytes = text.as_bytes();
    let mut frames: Vec<Frame> = vec![Frame::default()];
    // The depth of every frame but the innermost, kept up to date as frames open and close.
    let mut outer = 0;
    // After an operand (a name, a number, a closing bracket) a `|` closes and `-` is binary.
    let mut after_operand = false;
    // Where the last cell reference (`r1c1`) ended: a `-` right there, then a cell, is a
    // path's step (`r1c1-r1c9`), not a subtraction.
    let mut cell_end = usize::MAX;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        i += 1;
        // What this token does: open a bracket, add an operator of a precedence, a quantifier.
        let mut op = None;
        let mut quantifier = false;
        match b {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
                i += 1;
                after_operand = true;
                continue;
            }
            // Grid blocks hold tokens, and the sets of `e in {1, 3}` numbers: no nesting. A
            // set ends an operand (a block ends a statement, and the next starts afresh).
            b'{' => {
                while i < bytes.len() && bytes[i] != b'}' {
                    i += 1;
                }
                i += 1;
                operand_done(frames.last_mut());
                after_operand = true;
                continue;
            }
            b'(' | b'[' => {}
            b'|' if !after_operand => {}
            b')' | b']' | b'|' => {
                if frames.len() > 1 {
                    frames.pop();
                    outer -= frames.last().map_or(0, Frame::depth);
                }
                operand_done(frames.last_mut());
                after_operand = true;
                continue;
            }
            b',' | b':' => {
                // Arguments, and a quantifier's filter and body, sit side by side: what
                // follows starts new runs.
                if let Some(f) = frames.last_mut() {
                    f.runs = [0; 8];
                }
                after_operand = false;
                continue;
            }
            b'-' if start == cell_end && matches!(bytes.get(i), Some(b'r' | b'R')) => continue,
            b'-' if !after_operand => op = Some(PREFIX),
            b'+' | b'-' => op = Some(ADD),
            b'*' | b'/' | b'%' => op = Some(MUL),
            b'=' | b'<' | b'>' | b'!' => {
                while i < bytes.len() && matches!(bytes[i], b'=' | b'<' | b'>') {
                    i += 1;
                }
                op = Some(match &text[start..i] {
                    "<=>" => IFF,
                    "=>" => IMPLIES,
                    _ => CMP,
                });
            }
            _ if b.is_ascii_alphanumeric() || b == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                match &text[start..i] {
                    w if is_statement_keyword(w) => {
                        frames = vec![Frame::default()];
                        outer = 0;
                        after_operand = false;
                        continue;
                    }
                    "for" | "forall" | "exists" => quantifier = true,
                    // `e not in {...}`: the `in` that follows is the operator.
                    "not" if after_operand => continue,
                    "not" => op = Some(PREFIX),
                    "and" => op = Some(AND),
                    "or" => op = Some(OR),
                    // Membership `e in {1, 3}` is a comparison (a quantifier's `in` is
                    // followed by a set's name).
                    "in" if next_token(&text[i..]).starts_with('{') => op = Some(CMP),
                    "in" | "where" | "has" => {
                        after_operand = false;
                        continue;
                    }
                    w => {
                        if is_cell_ref(w) {
                            cell_end = i;
                        }
                        operand_done(frames.last_mut());
                        after_operand = true;
                        continue;
                    }
                }
            }
            _ => continue,
        }
        after_operand = false;
        let frame = frames
            .last_mut()
            .expect("the statement's frame is never popped");
        if quantifier {
            frame.quantifiers += 1;
        } else if let Some(p) = op {
            frame.runs[p] += 1;
            frame.longest[p] = frame.longest[p].max(frame.runs[p]);
            // A looser operator ends the operand of every tighter one.
            for q in p + 1..PREFIX {
                frame.runs[q] = 0;
            }
        } else {
            outer += frame.depth();
            frames.push(Frame::default());
        }
        let depth = outer + frames.last().map_or(0, Frame::depth);
        if depth > MAX_NESTING {
            return Err(Diagnostic::new(
                Span::new(start, i),
                ErrorKind::TooDeep { limit: MAX_NESTING },
            ));
        }
    }
    return Ok(());

    /// The text from its next token on: past whitespace and comments, as the grammar skips.
    fn next_token(mut text: &str) -> &str {
        loop {
            text = text.trim_start_matches([' ', '\t', '\r', '\n']);
            match text.strip_prefix('#') {
                Some(comment) => text = comment.find('\n').map_or("", |n| &comment[n..]),
                None => return text,
            }
        }
    }

    /// An operand ends a run of prefix operators (`not not a`: two levels, then done).
    fn operand_done(frame: Option<&mut Frame>) {
        if let Some(f) = frame {
            f.runs[PREFIX] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `\"` and `\\` in a string are a quote and a backslash; a quote inside a string does not
    /// end it for the recovery after a syntax error either.
    #[test]
    fn parse_strings_escape_quotes_and_backslashes() {
        let m = parse("puzzle \"The \\\"Leven\\\" a\\\\b \\d\"\ngrid 4x4\n").unwrap();
        let StatementKind::Puzzle(name) = &m.statements[0].kind else {
            panic!("a puzzle statement first")
        };
        assert_eq!(name.value, "The \"Leven\" a\\b \\d");
        let errors =
            parse_all("puzzle \"a \\\" rule x\"\ngrid 4x4 4\nrule distinct rows\n").unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    fn syntax_errors(text: &str) -> Vec<(Span, String, Option<String>)> {
        let errors = parse_all(text).expect_err("the text has mistakes");
        errors
            .into_iter()
            .map(|d| match d.kind {
                ErrorKind::Syntax {
                    expected,
                    found,
                    suggestion,
                } => (
                    d.span,
                    format!("expected {expected}, found {found}"),
                    suggestion,
                ),
                other => panic!("not a syntax error: {other:?}"),
            })
            .collect()
    }

    const A_STATEMENT_TEXT: &str = "a statement (puzzle, grid, boxes, values, givens, marks, \
                                    regions, area, relation, encoding, define or rule)";

    #[test]
    fn parse_statements_are_the_grammars() {
        // Every `*_stmt` rule is in `STATEMENTS`, in the order of the grammar's `statement`.
        let grammar = include_str!("../grammar/sdk.pest");
        let body = grammar
            .split("\nstatement = _{")
            .nth(1)
            .and_then(|rest| rest.split('}').next())
            .expect("the grammar has a `statement` rule");
        let alternatives: Vec<&str> = body.split('|').map(str::trim).collect();
        let listed: Vec<String> = STATEMENTS.iter().map(|s| format!("{:?}", s.rule)).collect();
        assert_eq!(alternatives, listed);
        let rules: Vec<String> = Rule::all_rules()
            .iter()
            .map(|r| format!("{r:?}"))
            .filter(|r| r.ends_with("_stmt"))
            .collect();
        assert_eq!(rules.len(), STATEMENTS.len(), "{rules:?}");
        for s in STATEMENTS {
            assert_eq!(format!("{:?}", s.rule), format!("{}_stmt", s.keyword));
            assert_eq!(format!("{:?}", s.kw), format!("kw_{}", s.keyword));
            let kw = SdkParser::parse(s.kw, s.keyword).expect("the keyword's rule reads it");
            assert_eq!(kw.as_str(), s.keyword);
        }
        assert_eq!(*A_STATEMENT, A_STATEMENT_TEXT);
    }

    #[test]
    fn parse_error_lists_every_statement() {
        let errors = syntax_errors("grid 9x9\nrules distinct rows\n");
        assert_eq!(
            errors,
            [(
                Span::new(9, 14),
                format!("expected {A_STATEMENT_TEXT}, found `rules`"),
                Some("rule".into())
            )]
        );
        // Also where the file starts (pest then names only the `file` rule).
        let errors = syntax_errors("grids 9x9\n");
        assert_eq!(
            errors[0].1,
            format!("expected {A_STATEMENT_TEXT}, found `grids`")
        );
    }

    #[test]
    fn parse_suggests_the_statement_keyword_meant() {
        for (typo, meant) in [
            ("relaton", "relation"),
            ("rulle", "rule"),
            ("givns", "givens"),
            ("mraks", "marks"),
            ("encodng", "encoding"),
            ("regons", "regions"),
            ("puzle", "puzzle"),
        ] {
            let errors = syntax_errors(&format!("grid 9x9\n{typo} x\n"));
            assert_eq!(errors.len(), 1, "{typo}: {errors:?}");
            assert_eq!(errors[0].2.as_deref(), Some(meant), "{typo}");
        }
        // Nothing near enough: no suggestion.
        assert_eq!(syntax_errors("grid 9x9\nfoo x\n")[0].2, None);
    }

    #[test]
    fn parse_reports_every_statement_in_error_once() {
        let text = "grid 9x9\nrelaton orth = orthogonal\nboxes 3x3\nvalues 1..9..\n\
                    rule distinct rows,\nrule distinct columns\ngivns \"12\"\n\
                    rule r: v[r1c1] ==\n";
        let errors = syntax_errors(text);
        let found: Vec<(usize, &str)> = errors
            .iter()
            .map(|(span, message, _)| (span.start, message.as_str()))
            .collect();
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(
            found,
            [
                (
                    at("relaton"),
                    &*format!("expected {A_STATEMENT_TEXT}, found `relaton`")
                ),
                (
                    at("..\nrule"),
                    &*format!("expected {A_STATEMENT_TEXT}, found `.`")
                ),
                (
                    at("rule distinct columns"),
                    "expected a set name such as `rows`, found `rule`"
                ),
                (
                    at("givns"),
                    &*format!("expected {A_STATEMENT_TEXT}, found `givns`")
                ),
                (
                    text.len(),
                    "expected a cell such as `r1c1`, a name or a number, found the end of the file"
                ),
            ]
        );
    }

    #[test]
    fn parse_resumes_without_follow_on_errors() {
        // After the error, a statement continued on lines that start with keywords
        // (`grid 9x9,` / `boxes 3x3`, a set named `boxes`), a block holding a line that
        // starts with a keyword, and a statement after the error's own line.
        let text = "grid 9x9\nrulle x y z\n  more words\ngrid 9x9,\nboxes 3x3\n\
                    rule distinct rows,\n  boxes\nmarks {\n  rule . .\n}\nrule a: v[r1c1] == 1\n";
        let errors = syntax_errors(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        // The statement before ended early: the next, on the error's line, is read too.
        let errors = syntax_errors("grid\nrule distinct rows,\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        // The error is where a statement starts, and that statement is the one at fault.
        let errors = syntax_errors("grid 9x9\nvalues 1 x\nrule distinct rows\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    /// `recover` with every parse given the whole rest of the text: what the windows of
    /// `first_error_from` must agree with.
    fn unwindowed(text: &str) -> Vec<Diagnostic> {
        let Err(e) = SdkParser::parse(Rule::file, text) else {
            panic!("the text has a syntax error");
        };
        recover(text, syntax_error(e, text, 0), |t, start| {
            SdkParser::parse(Rule::file, &t[start..])
                .err()
                .map(|e| syntax_error(e, t, start))
        })
    }

    #[test]
    fn parse_windows_find_what_the_whole_rest_would() {
        // Mutations of the examples: words and marks of the language inserted, tokens
        // deleted, lines repeated.
        const WORDS: &[&str] = &[
            "rulle",
            "relaton",
            "grid",
            "boxes",
            "regions",
            "rule",
            "givens",
            "values",
            "marks",
            "mark",
            "area",
            "where",
            "in",
            "offsets",
            "and",
            ",",
            "{",
            "}",
            "\"",
            "#",
            "..",
            "=",
            ":",
            "(",
            ")",
            "|",
            "x",
            "9x9",
            "r1c1",
            "distinct",
            "\n",
            "\n  ",
            "\nrule",
            "\ngrid",
            "\nrulle",
            "\nboxes",
            "\nregions",
            "\ninrule",
            "\n{",
            "\n}",
            "in {",
            "not in {1, 3}",
            "{1..3, 7}",
            "%",
            "/",
        ];
        const LINES: &[&str] = &[
            "grid 9x9,",
            "grid 9x9",
            "boxes 3x3",
            "boxes",
            "rule distinct rows,",
            "  boxes",
            "regions",
            "regions r",
            "{",
            "}",
            "  AB # }",
            "  rule x",
            "rulle x",
            "relation r =",
            "relaton",
            "relation",
            "rule r: v[r1c1] ==",
            "mark[r1c1] has \"X\"",
            "marks",
            "area a = r1c1",
            "area",
            "r1c2",
            "values 1..",
            "values",
            "9",
            "givens \"1",
            "# {",
            "rule r: for c",
            "in cells: v[c] > 1",
            "inrule",
            "where",
            "and",
            "rule",
            "puzzle",
            "\"a\"",
            "encoding",
            "encodng x",
            "offsets (1, 0)",
            "rule r (pairs):",
            "x,",
            "rule s: v[r1c1] in {1,",
            "  3..5, 7}",
            "rule m: v[r1c1] % 2 == v[r1c2] / 3",
        ];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        // The models only: the folder also holds a Rust example, a puzzle list and subfolders.
        let mut seeds: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "sdk"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        seeds.sort();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut compared, mut several) = (0, 0);
        for _ in 0..4000 {
            let seed = &seeds[below(seeds.len())];
            let mut tokens: Vec<String> = seed
                .split_inclusive([' ', '\n'])
                .map(str::to_string)
                .collect();
            for _ in 0..1 + below(6) {
                let i = below(tokens.len());
                match below(3) {
                    0 => tokens.insert(i, format!("{} ", WORDS[below(WORDS.len())])),
                    1 => drop(tokens.remove(i)),
                    _ => {
                        let line: Vec<String> = tokens[i..]
                            .iter()
                            .take_while(|t| !t.ends_with('\n'))
                            .cloned()
                            .collect();
                        tokens.splice(i..i, line);
                    }
                }
            }
            let mut text = tokens.concat();
            if below(2) == 0 {
                // Or lines that continue a statement or start one, at random.
                text = (0..3 + below(30))
                    .map(|_| LINES[below(LINES.len())])
                    .collect::<Vec<_>>()
                    .join("\n");
            }
            let Err(errors) = parse_all(&text) else {
                continue;
            };
            if !matches!(errors[0].kind, ErrorKind::Syntax { .. }) {
                continue;
            }
            assert!(
                errors.windows(2).all(|w| w[0].span.start < w[1].span.start),
                "{text}"
            );
            assert_eq!(errors, unwindowed(&text), "{text}");
            compared += 1;
            several += usize::from(errors.len() > 1);
        }
        assert!(
            compared > 1000 && several > 300,
            "{compared} texts, {several} with several errors"
        );
    }

    #[test]
    fn parse_of_many_bad_lines_takes_linear_time() {
        // 50,000 statements in error: each parse is given a window, not the rest of the file
        // (which would take minutes).
        let line = "rulle distinct rows\nrule distinct rows,,\ngrid 9x9,\nboxes 3x3 x\n";
        let text = format!("grid 9x9\n{}", line.repeat(12_500));
        let started = std::time::Instant::now();
        let errors = syntax_errors(&text);
        assert_eq!(errors.len(), 37_500);
        assert!(
            started.elapsed().as_secs_f64() < 5.0,
            "{:?}",
            started.elapsed()
        );
    }
}
