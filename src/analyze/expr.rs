//! Rule expressions: name resolution and type checking, from `ast::Expr` to `puzzle::Expr`.
//! Every mistake is reported with the span of the offending text. A comparison whose sides'
//! ranges decide it (`v[c] > 9` with values 1..9) is folded to false or true; it is reported as
//! a mistake only where it makes the whole rule constant, so `A => v[c] == 7` says `not A`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::ast::{self, AggKind, BinOp, ExprKind, QuantKind};
use crate::diagnostic::{Diagnostic, ErrorKind, SHOWN_PER_KIND, Span};
use crate::ground::floor_div;
use crate::puzzle::{Area, Binder, CellTerm, Expr, RelId, Relation, SetTerm, VarId};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    Int,
    Bool,
    Cell,
}

/// A checked subexpression: a value, or a cell (which only `v[..]`, `mark[..]`, `row(..)` and
/// relations take, so it never becomes an `Expr` of its own).
enum Checked {
    Value(Expr, Ty, Fold),
    Cell(CellTerm),
}

/// What a condition is for every grid when its comparisons decide it: its truth, and the
/// comparisons (or membership tests) that make it so. `None`: it depends on the grid.
type Fold = Option<(bool, Vec<Cause>)>;

/// A comparison or membership test that holds for every grid, or for none.
struct Cause {
    span: Span,
    what: &'static str,
    holds: bool,
    detail: String,
}

/// The largest number a rule may write (a literal, or an end of a range in a set).
const MAX_NUMBER: u64 = 1_000_000_000;

impl Ty {
    fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Cell => "a cell",
        }
    }
}

/// What the type checker needs to know about the rest of the model.
pub struct Ctx<'a> {
    pub rows: usize,
    pub cols: usize,
    pub lo: i64,
    pub hi: i64,
    pub sets: &'a BTreeMap<String, (Vec<Area>, Option<Span>)>,
    pub relations: &'a [Relation],
    /// Each relation's id by name (the last of a name).
    pub relation_ids: &'a HashMap<&'a str, RelId>,
    /// Mark symbols that occur in the marks block; `None` when there is no block.
    pub marks: Option<BTreeSet<char>>,
    pub diags: &'a mut Vec<Diagnostic>,
    pub searches: &'a mut Searches,
    scope: Vec<(String, VarId)>,
    next_var: usize,
}

impl<'a> Ctx<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rows: usize,
        cols: usize,
        lo: i64,
        hi: i64,
        sets: &'a BTreeMap<String, (Vec<Area>, Option<Span>)>,
        relations: &'a [Relation],
        relation_ids: &'a HashMap<&'a str, RelId>,
        marks: Option<BTreeSet<char>>,
        diags: &'a mut Vec<Diagnostic>,
        searches: &'a mut Searches,
    ) -> Self {
        Ctx {
            rows,
            cols,
            lo,
            hi,
            sets,
            relations,
            relation_ids,
            marks,
            diags,
            searches,
            scope: Vec::new(),
            next_var: 0,
        }
    }

    /// Check a rule body, which must be a condition. Returns the expression and the number of
    /// variables it binds.
    pub fn rule(&mut self, e: &ast::Expr) -> Option<(Expr, usize)> {
        self.next_var = 0;
        self.scope.clear();
        let (out, fold) = self.expect_fold(e, Ty::Bool)?;
        // A rule that can never hold is a mistake: report the comparisons that make it so.
        // So is one made to hold for every grid by a comparison that can never hold (`v[c] ==
        // 10 => ...`, `not (v[c] > 9)`). One that comparisons which always hold make true
        // (`v[c] > 0`) says nothing, harmlessly: it is kept, as it always was.
        if let Some((rule_holds, mut causes)) = fold {
            if rule_holds {
                causes.retain(|c| !c.holds);
            }
            if causes.is_empty() {
                return Some((out, self.next_var));
            }
            for c in causes {
                let kind = ErrorKind::ConstantCondition {
                    what: c.what,
                    holds: c.holds,
                    rule_holds,
                    detail: c.detail,
                };
                self.error(c.span, kind);
            }
            return None;
        }
        Some((out, self.next_var))
    }

    fn error(&mut self, span: Span, kind: ErrorKind) {
        self.diags.push(Diagnostic::new(span, kind));
    }

    fn expect(&mut self, e: &ast::Expr, ty: Ty) -> Option<Expr> {
        self.expect_fold(e, ty).map(|(out, _)| out)
    }

    /// `expect`, and what the condition is for every grid if its comparisons decide it.
    fn expect_fold(&mut self, e: &ast::Expr, ty: Ty) -> Option<(Expr, Fold)> {
        let found = match self.expr(e)? {
            Checked::Value(out, t, fold) if t == ty => return Some((out, fold)),
            Checked::Value(_, t, _) => t,
            Checked::Cell(_) => Ty::Cell,
        };
        self.error(
            e.span,
            ErrorKind::TypeMismatch {
                expected: ty.describe(),
                found: found.describe(),
            },
        );
        None
    }

    fn cell(&mut self, e: &ast::Expr) -> Option<CellTerm> {
        match self.expr(e)? {
            Checked::Cell(c) => Some(c),
            Checked::Value(_, t, _) => {
                self.error(
                    e.span,
                    ErrorKind::TypeMismatch {
                        expected: Ty::Cell.describe(),
                        found: t.describe(),
                    },
                );
                None
            }
        }
    }

    fn expr(&mut self, e: &ast::Expr) -> Option<Checked> {
        use ExprKind as K;
        let mut fold = None;
        let (out, ty) = match &e.kind {
            K::Int(v) => {
                if v.unsigned_abs() > MAX_NUMBER {
                    self.error(e.span, ErrorKind::ValueTooLarge);
                    return None;
                }
                (Expr::Int(*v), Ty::Int)
            }
            K::Cell(c) => {
                if c.row == 0 || c.col == 0 || c.row > self.rows as u64 || c.col > self.cols as u64
                {
                    let kind = ErrorKind::CellOutsideGrid {
                        cell: format!("r{}c{}", c.row, c.col),
                        rows: self.rows,
                        cols: self.cols,
                    };
                    self.error(e.span, kind);
                    return None;
                }
                return Some(Checked::Cell(CellTerm::Fixed(
                    (c.row - 1) as usize * self.cols + c.col as usize - 1,
                )));
            }
            K::Var(name) => match self.scope.iter().rev().find(|(n, _)| n == name) {
                Some(&(_, id)) => return Some(Checked::Cell(CellTerm::Var(id))),
                None => {
                    let known: Vec<&str> = self.scope.iter().map(|(n, _)| n.as_str()).collect();
                    let suggestion =
                        self.searches
                            .suggest(Unknown::Name, name, known.iter().copied());
                    self.error(
                        e.span,
                        ErrorKind::UnknownName {
                            name: name.clone(),
                            suggestion,
                        },
                    );
                    return None;
                }
            },
            K::Value(c) => (Expr::Value(self.cell(c)?), Ty::Int),
            K::Mark(c, mark) => {
                let cell = self.cell(c)?;
                match &self.marks {
                    None => {
                        self.error(e.span, ErrorKind::NoMarks);
                        return None;
                    }
                    Some(symbols) => {
                        if mark.value.is_empty()
                            || !mark.value.chars().all(|ch| symbols.contains(&ch))
                        {
                            self.error(
                                mark.span,
                                ErrorKind::UnknownMark {
                                    mark: mark.value.clone(),
                                },
                            );
                            return None;
                        }
                    }
                }
                (Expr::HasMark(cell, mark.value.clone()), Ty::Bool)
            }
            K::Call(name, args) => match name.value.as_str() {
                "row" | "col" => {
                    if args.len() != 1 {
                        let kind = ErrorKind::ArgumentCount {
                            name: name.value.clone(),
                            expected: 1,
                            found: args.len(),
                        };
                        self.error(e.span, kind);
                        return None;
                    }
                    let c = self.cell(&args[0])?;
                    (
                        if name.value == "row" {
                            Expr::Row(c)
                        } else {
                            Expr::Col(c)
                        },
                        Ty::Int,
                    )
                }
                other => {
                    let known = ["row", "col"]
                        .into_iter()
                        .chain(self.relations.iter().map(|r| r.name.as_str()));
                    let suggestion = self.searches.suggest(Unknown::Function, other, known);
                    self.error(
                        name.span,
                        ErrorKind::UnknownFunction {
                            name: other.to_string(),
                            suggestion,
                        },
                    );
                    return None;
                }
            },
            K::Abs(x) => (Expr::Abs(Box::new(self.expect(x, Ty::Int)?)), Ty::Int),
            K::Neg(x) => (Expr::Neg(Box::new(self.expect(x, Ty::Int)?)), Ty::Int),
            K::Not(x) => {
                let (x, f) = self.expect_fold(x, Ty::Bool)?;
                fold = f.map(|(v, causes)| (!v, causes));
                (Expr::Not(Box::new(x)), Ty::Bool)
            }
            K::Binary(op, l, r) => {
                let (operand, result) = match op {
                    BinOp::Iff | BinOp::Implies | BinOp::Or | BinOp::And => (Ty::Bool, Ty::Bool),
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod => {
                        (Ty::Int, Ty::Int)
                    }
                    _ => (Ty::Int, Ty::Bool),
                };
                // Check both sides even when the first fails, to report every mistake.
                let lhs = self.expect_fold(l, operand);
                let rhs = self.expect_fold(r, operand);
                let ((lhs, fl), (rhs, fr)) = (lhs?, rhs?);
                if matches!(op, BinOp::Div | BinOp::Mod) {
                    self.divisor(*op, &rhs, r.span)?;
                }
                let out = Expr::Bin(*op, Box::new(lhs), Box::new(rhs));
                if operand == Ty::Bool {
                    fold = combine(*op, fl, fr);
                }
                if result == Ty::Bool && operand == Ty::Int {
                    self.constant(out, e.span, &mut fold)
                } else {
                    (out, result)
                }
            }
            K::In {
                value,
                set,
                negated,
            } => {
                let x = self.expect(value, Ty::Int);
                let ranges = self.int_set(set);
                let mut out = Expr::In(Box::new(x?), ranges?);
                if *negated {
                    out = Expr::Not(Box::new(out));
                }
                self.constant(out, e.span, &mut fold)
            }
            K::Quant(kind, comp) => {
                let (binder, set, filter, body, folds) = self.comprehension(comp, Ty::Bool)?;
                let all = *kind == QuantKind::All;
                fold = match folds {
                    // No member is selected: `for` holds, `exists` does not.
                    (Some((false, causes)), _) => Some((all, causes)),
                    // The body is the same for every member (and the set is not empty).
                    (_, body) => body,
                };
                (
                    Expr::Quant {
                        all,
                        binder,
                        set,
                        filter,
                        body,
                    },
                    Ty::Bool,
                )
            }
            K::Aggregate(kind, comp) => {
                let body_ty = if *kind == AggKind::Count {
                    Ty::Bool
                } else {
                    Ty::Int
                };
                let (binder, set, filter, body, _) = self.comprehension(comp, body_ty)?;
                (
                    Expr::Agg {
                        kind: *kind,
                        binder,
                        set,
                        filter,
                        body,
                    },
                    Ty::Int,
                )
            }
            K::AggregateSet(kind, set) => {
                let set = self.set(set, false)?;
                let var = self.fresh();
                let body = match kind {
                    AggKind::Count => Expr::Bool(true),
                    _ => Expr::Value(CellTerm::Var(var)),
                };
                let agg = Expr::Agg {
                    kind: *kind,
                    binder: Binder::One(var),
                    set,
                    filter: None,
                    body: Box::new(body),
                };
                (agg, Ty::Int)
            }
        };
        Some(Checked::Value(out, ty, fold))
    }

    fn fresh(&mut self) -> VarId {
        self.next_var += 1;
        self.next_var - 1
    }

    /// A comprehension's parts, with what its filter and its body are for every grid where
    /// their comparisons decide it.
    #[allow(clippy::type_complexity)]
    fn comprehension(
        &mut self,
        comp: &ast::Comprehension,
        body_ty: Ty,
    ) -> Option<(Binder, SetTerm, Option<Box<Expr>>, Box<Expr>, (Fold, Fold))> {
        let pair = matches!(comp.binder, ast::Binder::Pair(..));
        let set = self.set(&comp.set, pair)?;
        let depth = self.scope.len();
        let binder = match &comp.binder {
            ast::Binder::One(n) => {
                let id = self.fresh();
                self.scope.push((n.value.clone(), id));
                Binder::One(id)
            }
            ast::Binder::Pair(a, b) => {
                let (ia, ib) = (self.fresh(), self.fresh());
                self.scope.push((a.value.clone(), ia));
                self.scope.push((b.value.clone(), ib));
                Binder::Pair(ia, ib)
            }
        };
        let filter = match &comp.filter {
            Some(f) => self
                .expect_fold(f, Ty::Bool)
                .map(|(f, fold)| (Some(Box::new(f)), fold)),
            None => Some((None, None)),
        };
        let body = self.expect_fold(&comp.body, body_ty);
        self.scope.truncate(depth);
        let ((filter, filter_fold), (body, body_fold)) = (filter?, body?);
        Some((
            binder,
            set,
            filter,
            Box::new(body),
            (filter_fold, body_fold),
        ))
    }

    /// Resolve what a quantifier ranges over. `pair` says whether two names are bound.
    fn set(&mut self, s: &ast::SetExpr, pair: bool) -> Option<SetTerm> {
        let name = s.name.value.as_str();
        let term = match &s.args {
            None => {
                if let Some((areas, _)) = self.sets.get(name) {
                    if areas.len() != 1 {
                        self.error(
                            s.span,
                            ErrorKind::FamilyNotASet {
                                name: name.to_string(),
                            },
                        );
                        return None;
                    }
                    SetTerm::Cells(areas[0].cells.clone())
                } else if let Some(rel) = self.relation(name) {
                    if !pair {
                        self.error(
                            s.span,
                            ErrorKind::PairsNeedPairBinder {
                                set: name.to_string(),
                            },
                        );
                        return None;
                    }
                    SetTerm::Pairs(rel)
                } else {
                    let names = self
                        .sets
                        .keys()
                        .map(String::as_str)
                        .chain(self.relations.iter().map(|r| r.name.as_str()));
                    let suggestion = self.searches.suggest(Unknown::Set, name, names);
                    self.error(
                        s.name.span,
                        ErrorKind::UnknownSet {
                            name: name.to_string(),
                            suggestion,
                        },
                    );
                    return None;
                }
            }
            Some(args) => {
                if args.len() != 1 {
                    let kind = ErrorKind::ArgumentCount {
                        name: name.to_string(),
                        expected: 1,
                        found: args.len(),
                    };
                    self.error(s.span, kind);
                    return None;
                }
                if name == "steps" {
                    let area = match &args[0].kind {
                        ExprKind::Var(a) => self.sets.get(a).filter(|(areas, _)| areas.len() == 1),
                        _ => None,
                    };
                    let Some((areas, _)) = area else {
                        let kind = ErrorKind::TypeMismatch {
                            expected: "the name of an area",
                            found: "something else",
                        };
                        self.error(args[0].span, kind);
                        return None;
                    };
                    if !pair {
                        self.error(
                            s.span,
                            ErrorKind::PairsNeedPairBinder {
                                set: format!("steps({})", areas[0].name),
                            },
                        );
                        return None;
                    }
                    SetTerm::Steps(areas[0].cells.clone())
                } else if let Some(rel) = self.relation(name) {
                    SetTerm::Neighbours(rel, self.cell(&args[0])?)
                } else {
                    let known = ["steps"]
                        .into_iter()
                        .chain(self.relations.iter().map(|r| r.name.as_str()));
                    let suggestion = self.searches.suggest(Unknown::Function, name, known);
                    self.error(
                        s.name.span,
                        ErrorKind::UnknownFunction {
                            name: name.to_string(),
                            suggestion,
                        },
                    );
                    return None;
                }
            }
        };
        let empty = match &term {
            SetTerm::Cells(c) | SetTerm::Steps(c) => c.len() < if pair { 2 } else { 1 },
            SetTerm::Pairs(rel) => self.relations[*rel].offsets.is_empty(),
            SetTerm::Neighbours(..) => false,
        };
        if empty {
            self.error(
                s.span,
                ErrorKind::EmptyQuantifier {
                    set: name.to_string(),
                },
            );
            return None;
        }
        Some(term)
    }

    fn relation(&self, name: &str) -> Option<RelId> {
        self.relation_ids.get(name).copied()
    }

    /// A comparison or membership test (`out`, written at `span`) that its sides' ranges
    /// decide is folded to `Bool`, and `fold` says why; otherwise `out` is kept as it is.
    fn constant(&self, out: Expr, span: Span, fold: &mut Fold) -> (Expr, Ty) {
        match self.decided(&out) {
            Some((holds, what, detail)) => {
                let cause = Cause {
                    span,
                    what,
                    holds,
                    detail,
                };
                *fold = Some((holds, vec![cause]));
                (Expr::Bool(holds), Ty::Bool)
            }
            None => (out, Ty::Bool),
        }
    }

    /// Whether a comparison or membership test holds for every grid or for none, by the
    /// ranges of its sides: its truth, what it is, and the ranges that decide it.
    fn decided(&self, e: &Expr) -> Option<(bool, &'static str, String)> {
        match e {
            Expr::Bin(op, l, r) => {
                let ((a, b), (c, d)) = (self.bounds(l)?, self.bounds(r)?);
                let (always, never) = match op {
                    BinOp::Eq => (a == b && c == d && a == c, b < c || d < a),
                    BinOp::Ne => (b < c || d < a, a == b && c == d && a == c),
                    BinOp::Lt => (b < c, a >= d),
                    BinOp::Le => (b <= c, a > d),
                    BinOp::Gt => (a > d, b <= c),
                    BinOp::Ge => (a >= d, b < c),
                    _ => return None,
                };
                let detail = format!(
                    "the left side is between {a} and {b}, the right side between {c} and {d}"
                );
                (always || never).then_some((always, "comparison", detail))
            }
            // `e in {...}`, or `e not in {...}`.
            Expr::In(..) | Expr::Not(_) => {
                let (negated, inner) = match e {
                    Expr::Not(x) => (true, x.as_ref()),
                    _ => (false, e),
                };
                let Expr::In(x, ranges) = inner else {
                    return None;
                };
                let (a, b) = self.bounds(x)?;
                let always = ranges.iter().any(|&(lo, hi)| lo <= a && b <= hi);
                let never = ranges.iter().all(|&(lo, hi)| hi < a || b < lo);
                let has = if always { "every" } else { "no" };
                let detail = format!(
                    "the left side is between {a} and {b}, and the set has {has} number in that range"
                );
                (always || never).then_some((always != negated, "membership test", detail))
            }
            _ => None,
        }
    }

    /// The ranges of a set `{1, 3..5}`, checked, sorted and merged.
    fn int_set(&mut self, items: &[ast::Spanned<(i64, i64)>]) -> Option<Vec<(i64, i64)>> {
        let mut ranges = Vec::new();
        let mut ok = true;
        for item in items {
            let (lo, hi) = item.value;
            if lo.unsigned_abs() > MAX_NUMBER || hi.unsigned_abs() > MAX_NUMBER {
                self.error(item.span, ErrorKind::ValueTooLarge);
                ok = false;
            } else if lo > hi {
                self.error(item.span, ErrorKind::EmptySetRange { lo, hi });
                ok = false;
            } else {
                ranges.push((lo, hi));
            }
        }
        if !ok {
            return None;
        }
        ranges.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1 + 1 => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Some(merged)
    }

    /// The divisor of `/` and `%` must be known before solving and never 0, so every backend
    /// divides by a constant, exactly.
    fn divisor(&mut self, op: BinOp, d: &Expr, span: Span) -> Option<()> {
        let op = if op == BinOp::Div { "/" } else { "%" };
        if depends_on_cells(d) {
            self.error(span, ErrorKind::DivisorNotKnown { op });
            return None;
        }
        match self.bounds(d) {
            Some((a, b)) if a > 0 || b < 0 => Some(()),
            // (A data expression always has a range; `(0, 0)` would only be a fallback.)
            range => {
                let (lo, hi) = range.unwrap_or((0, 0));
                self.error(span, ErrorKind::DivisionByZero { op, lo, hi });
                None
            }
        }
    }

    /// The range of an integer expression over all grids, where it is easy to tell.
    /// Saturating, as grounding computes constants.
    fn bounds(&self, e: &Expr) -> Option<(i64, i64)> {
        Some(match e {
            Expr::Int(v) => (*v, *v),
            Expr::Value(_) => (self.lo, self.hi),
            Expr::Row(_) => (1, self.rows as i64),
            Expr::Col(_) => (1, self.cols as i64),
            Expr::Neg(x) => {
                let (a, b) = self.bounds(x)?;
                (b.saturating_neg(), a.saturating_neg())
            }
            Expr::Abs(x) => {
                let (a, b) = self.bounds(x)?;
                if a >= 0 {
                    (a, b)
                } else if b <= 0 {
                    (b.saturating_neg(), a.saturating_neg())
                } else {
                    (0, b.max(a.saturating_neg()))
                }
            }
            Expr::Bin(op, l, r) => {
                let ((a, b), (c, d)) = (self.bounds(l)?, self.bounds(r)?);
                match op {
                    BinOp::Add => (a.saturating_add(c), b.saturating_add(d)),
                    BinOp::Sub => (a.saturating_sub(d), b.saturating_sub(c)),
                    BinOp::Mul => corners(a, b, c, d, i64::saturating_mul)?,
                    // A divisor's range never holds 0 (checked before this is asked): floor
                    // division is monotonic in each side, so the corners bound it.
                    BinOp::Div if c > 0 || d < 0 => corners(a, b, c, d, floor_div)?,
                    BinOp::Mod if c > 0 || d < 0 => {
                        // Within one block of a constant divisor, `x % k` is `x - k * q`.
                        let q = floor_div(a, c);
                        if c == d && floor_div(b, c) == q {
                            let kq = c.saturating_mul(q);
                            (a.saturating_sub(kq), b.saturating_sub(kq))
                        } else if c > 0 {
                            (0, d - 1)
                        } else {
                            (c + 1, 0)
                        }
                    }
                    _ => return None,
                }
            }
            Expr::Agg {
                kind,
                binder,
                set,
                body,
                ..
            } => {
                let n = self.members_at_most(*binder, set);
                match kind {
                    AggKind::Count => (0, n),
                    AggKind::Sum => {
                        // A filter may leave out any member.
                        let (a, b) = self.bounds(body)?;
                        (a.min(0).saturating_mul(n), b.max(0).saturating_mul(n))
                    }
                    AggKind::NDistinct => {
                        let (a, b) = self.bounds(body)?;
                        (0, n.min(b.saturating_sub(a).saturating_add(1)))
                    }
                }
            }
            _ => return None,
        })
    }

    /// At most how many members a binder takes from a set.
    fn members_at_most(&self, binder: Binder, set: &SetTerm) -> i64 {
        let n = match set {
            SetTerm::Cells(c) => c.len() as i64,
            SetTerm::Neighbours(rel, _) => self.relations[*rel].offsets.len() as i64,
            SetTerm::Pairs(rel) => {
                return (self.rows * self.cols * self.relations[*rel].offsets.len()) as i64;
            }
            SetTerm::Steps(c) => return c.len().saturating_sub(1) as i64,
        };
        match binder {
            Binder::One(_) => n,
            Binder::Pair(..) => n * (n - 1).max(0) / 2,
        }
    }
}

/// The smallest and largest of `f` at the four corners of two ranges.
fn corners(a: i64, b: i64, c: i64, d: i64, f: fn(i64, i64) -> i64) -> Option<(i64, i64)> {
    let p = [f(a, c), f(a, d), f(b, c), f(b, d)];
    Some((*p.iter().min()?, *p.iter().max()?))
}

/// Whether an expression reads cell values (a divisor must not).
fn depends_on_cells(e: &Expr) -> bool {
    match e {
        Expr::Value(_) => true,
        Expr::Int(_) | Expr::Bool(_) | Expr::Row(_) | Expr::Col(_) | Expr::HasMark(..) => false,
        Expr::Neg(x) | Expr::Abs(x) | Expr::Not(x) | Expr::In(x, _) => depends_on_cells(x),
        Expr::Bin(_, l, r) => depends_on_cells(l) || depends_on_cells(r),
        Expr::Quant { filter, body, .. } | Expr::Agg { filter, body, .. } => {
            depends_on_cells(body) || filter.as_deref().is_some_and(depends_on_cells)
        }
    }
}

/// What `l op r` is for every grid, from what its sides are: `and` is false when either side
/// is (the sides that are false are the causes), true when both are; `or` the other way round;
/// `a => b` is `not a or b`; `<=>` is decided when both sides are.
fn combine(op: BinOp, l: Fold, r: Fold) -> Fold {
    let (l, r, decisive) = match op {
        BinOp::And => (l, r, false),
        BinOp::Or => (l, r, true),
        BinOp::Implies => (l.map(|(v, c)| (!v, c)), r, true),
        _ => {
            return match (l, r) {
                (Some((a, mut ca)), Some((b, cb))) => {
                    ca.extend(cb);
                    Some((a == b, ca))
                }
                _ => None,
            };
        }
    };
    match (l, r) {
        (Some((a, mut ca)), Some((b, cb))) => {
            if a == b {
                ca.extend(cb);
                Some((a, ca))
            } else if a == decisive {
                Some((a, ca))
            } else {
                Some((b, cb))
            }
        }
        (Some((a, c)), None) | (None, Some((a, c))) if a == decisive => Some((a, c)),
        _ => None,
    }
}

fn suggest<'s>(name: &str, known: impl Iterator<Item = &'s str>) -> Option<String> {
    if name.len() <= 1 {
        return None;
    }
    near(name, known.filter(|k| *k != name))
}

/// The known name nearest to `name` in edit distance, if one is at most 2 edits away. Names
/// whose lengths differ by more than 2 are not compared, and nor is a name longer than
/// `MAX_SUGGESTED` characters: nobody misspells those, and comparing two long names costs the
/// product of their lengths.
pub(super) fn near<'s>(name: &str, known: impl Iterator<Item = &'s str>) -> Option<String> {
    const MAX_SUGGESTED: usize = 64;
    let len = name.chars().count();
    if len > MAX_SUGGESTED {
        return None;
    }
    known
        .filter(|k| k.chars().count().abs_diff(len) <= 2)
        .map(|k| (strsim::levenshtein(k, name), k))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k.to_string())
}

/// Which kind of unknown name a "did you mean" search is for.
#[derive(Clone, Copy)]
pub enum Unknown {
    Set,
    Name,
    Function,
}

/// "Did you mean" searches compare a name with every name the model defines, so they are made
/// only for the mistakes that will be shown: the first `SHOWN_PER_KIND` of each kind.
#[derive(Default)]
pub struct Searches([usize; 3]);

impl Searches {
    /// Count one more mistake of this kind, and look for what was meant only if it is among
    /// those shown.
    pub fn suggest<'s>(
        &mut self,
        what: Unknown,
        name: &str,
        known: impl Iterator<Item = &'s str>,
    ) -> Option<String> {
        if self.worth(what) {
            suggest(name, known)
        } else {
            None
        }
    }

    /// Count one more mistake of this kind; whether it is among those shown.
    pub fn worth(&mut self, what: Unknown) -> bool {
        let n = &mut self.0[what as usize];
        *n += 1;
        *n <= SHOWN_PER_KIND
    }
}

/// The built-in stencils, usable by name without a `relation` line.
pub fn builtin_relations() -> Vec<Relation> {
    let orth = vec![(-1, 0), (0, -1), (0, 1), (1, 0)];
    let diag = vec![(-1, -1), (-1, 1), (1, -1), (1, 1)];
    let mut king = orth.clone();
    king.extend(diag.iter().copied());
    king.sort_unstable();
    let knight = vec![
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    vec![
        Relation {
            name: "orthogonal".into(),
            offsets: orth,
        },
        Relation {
            name: "diagonal".into(),
            offsets: diag,
        },
        Relation {
            name: "king".into(),
            offsets: king,
        },
        Relation {
            name: "knight".into(),
            offsets: knight,
        },
    ]
}
