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

pub fn parse(text: &str) -> Result<Model, Diagnostic> {
    if text.trim().is_empty()
        || text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(Diagnostic::new(Span::new(0, 0), ErrorKind::EmptyFile));
    }
    check_nesting(text)?;
    let mut pairs = SdkParser::parse(Rule::file, text).map_err(|e| syntax_error(e, text))?;
    let file = pairs
        .next()
        .expect("the grammar's `file` rule always yields one pair");
    let mut statements = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        statements.push(statement(pair));
    }
    Ok(Model { statements })
}

fn statement(pair: Pair<Rule>) -> Statement {
    let span = Span::from(pair.as_span());
    let rule = pair.as_rule();
    // Keyword tokens carry no information past the rule they start.
    let mut inner = pair.into_inner().filter(|p| !is_keyword(p.as_rule()));
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
            let cells = inner
                .map(|p| Spanned::new(cell_ref(p.as_str()), p.as_span().into()))
                .collect();
            StatementKind::Area { name, cells }
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
    matches!(
        rule,
        Rule::kw_puzzle
            | Rule::kw_grid
            | Rule::kw_boxes
            | Rule::kw_values
            | Rule::kw_givens
            | Rule::kw_regions
            | Rule::kw_area
            | Rule::kw_rule
            | Rule::kw_marks
            | Rule::kw_relation
            | Rule::kw_encoding
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
            | Op::infix(Rule::op_ge, Assoc::Left))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left))
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
            let m = inner.next().unwrap();
            let mark = if m.as_rule() == Rule::string {
                string(m)
            } else {
                spanned_str(&m)
            };
            ExprKind::Mark(Box::new(cell), mark)
        }
        Rule::call => {
            let name = spanned_str(&inner.next().unwrap());
            ExprKind::Call(name, inner.map(expr).collect())
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

fn comprehension(mut inner: pest::iterators::Pairs<Rule>) -> Comprehension {
    let b = inner.next().unwrap();
    let mut names = b.into_inner().map(|n| spanned_str(&n));
    let first = names.next().unwrap();
    let binder = match names.next() {
        Some(second) => Binder::Pair(first, second),
        None => Binder::One(first),
    };
    let set = set_expr(inner.next().unwrap());
    let rest: Vec<Pair<Rule>> = inner.collect();
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
                args: Some(parts.map(expr).collect()),
                span,
            }
        }
        _ => SetExpr {
            name: spanned_str(&inner),
            args: None,
            span,
        },
    }
}

fn spanned_str(pair: &Pair<Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), pair.as_span().into())
}

fn string(pair: Pair<Rule>) -> Spanned<String> {
    let span = pair.as_span().into();
    Spanned::new(
        pair.into_inner()
            .next()
            .map_or("", |p| p.as_str())
            .to_string(),
        span,
    )
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

fn syntax_error(err: pest::error::Error<Rule>, text: &str) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let at = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
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
    const KEYWORDS: &[&str] = &[
        "puzzle", "grid", "boxes", "values", "givens", "regions", "area", "rule", "distinct",
        "none",
    ];
    let word = &text[at..end];
    let suggestion = KEYWORDS
        .iter()
        .filter(|k| **k != word && word.len() > 2 && strsim::levenshtein(k, word) <= 2)
        .min_by_key(|k| strsim::levenshtein(k, word))
        .map(|k| k.to_string());
    Diagnostic::new(
        Span::new(at, end),
        ErrorKind::Syntax {
            expected,
            found,
            suggestion,
        },
    )
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
            Rule::puzzle_stmt
            | Rule::grid_stmt
            | Rule::boxes_stmt
            | Rule::values_stmt
            | Rule::givens_stmt
            | Rule::regions_stmt
            | Rule::area_stmt
            | Rule::rule_stmt => {
                "a statement (puzzle, grid, boxes, values, givens, regions, area or rule)"
            }
            Rule::EOI => "a statement (puzzle, grid, boxes, values, givens, regions, area or rule)",
            Rule::string => "a quoted string",
            Rule::dims => "a size such as `9x9`",
            Rule::int => "a number",
            Rule::kw_none => "`none` or a box size such as `3x3`",
            Rule::name => "a name",
            Rule::set_ref => "a set name such as `rows`",
            Rule::cell_ref => "a cell such as `r1c1`",
            Rule::block => "`{` and a grid block",
            Rule::distinct_rule => "a rule such as `distinct rows`",
            Rule::block_token | Rule::block_nl => "a grid row or `}`",
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
            // Grid blocks hold tokens, not expressions.
            b'{' => {
                while i < bytes.len() && bytes[i] != b'}' {
                    i += 1;
                }
                i += 1;
                after_operand = false;
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
            b'-' if !after_operand => op = Some(PREFIX),
            b'+' | b'-' => op = Some(ADD),
            b'*' => op = Some(MUL),
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
                    "puzzle" | "grid" | "boxes" | "values" | "givens" | "regions" | "area"
                    | "rule" | "marks" | "relation" | "encoding" => {
                        frames = vec![Frame::default()];
                        outer = 0;
                        after_operand = false;
                        continue;
                    }
                    "for" | "forall" | "exists" => quantifier = true,
                    "not" => op = Some(PREFIX),
                    "and" => op = Some(AND),
                    "or" => op = Some(OR),
                    "in" | "where" | "has" => {
                        after_operand = false;
                        continue;
                    }
                    _ => {
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

    /// An operand ends a run of prefix operators (`not not a`: two levels, then done).
    fn operand_done(frame: Option<&mut Frame>) {
        if let Some(f) = frame {
            f.runs[PREFIX] = 0;
        }
    }
}
