//! Rule expressions: name resolution and type checking, from `ast::Expr` to `puzzle::Expr`.
//! Every mistake is reported with the span of the offending text; a comparison whose sides'
//! ranges cannot meet is reported as one that can never hold.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::ast::{self, AggKind, BinOp, ExprKind, QuantKind};
use crate::diagnostic::{Diagnostic, ErrorKind, SHOWN_PER_KIND, Span};
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
    Value(Expr, Ty),
    Cell(CellTerm),
}

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
        let out = self.expect(e, Ty::Bool)?;
        Some((out, self.next_var))
    }

    fn error(&mut self, span: Span, kind: ErrorKind) {
        self.diags.push(Diagnostic::new(span, kind));
    }

    fn expect(&mut self, e: &ast::Expr, ty: Ty) -> Option<Expr> {
        let found = match self.expr(e)? {
            Checked::Value(out, t) if t == ty => return Some(out),
            Checked::Value(_, t) => t,
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
            Checked::Value(_, t) => {
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
        let (out, ty) = match &e.kind {
            K::Int(v) => {
                if v.unsigned_abs() > 1_000_000_000 {
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
            K::Not(x) => (Expr::Not(Box::new(self.expect(x, Ty::Bool)?)), Ty::Bool),
            K::Binary(op, l, r) => {
                let (operand, result) = match op {
                    BinOp::Iff | BinOp::Implies | BinOp::Or | BinOp::And => (Ty::Bool, Ty::Bool),
                    BinOp::Add | BinOp::Sub | BinOp::Mul => (Ty::Int, Ty::Int),
                    _ => (Ty::Int, Ty::Bool),
                };
                // Check both sides even when the first fails, to report every mistake.
                let lhs = self.expect(l, operand);
                let rhs = self.expect(r, operand);
                let (lhs, rhs) = (lhs?, rhs?);
                let out = Expr::Bin(*op, Box::new(lhs), Box::new(rhs));
                if result == Ty::Bool && operand == Ty::Int {
                    self.never_holds(&out, e.span);
                }
                (out, result)
            }
            K::Quant(kind, comp) => {
                let (binder, set, filter, body) = self.comprehension(comp, Ty::Bool)?;
                let all = *kind == QuantKind::All;
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
                let (binder, set, filter, body) = self.comprehension(comp, body_ty)?;
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
        Some(Checked::Value(out, ty))
    }

    fn fresh(&mut self) -> VarId {
        self.next_var += 1;
        self.next_var - 1
    }

    #[allow(clippy::type_complexity)]
    fn comprehension(
        &mut self,
        comp: &ast::Comprehension,
        body_ty: Ty,
    ) -> Option<(Binder, SetTerm, Option<Box<Expr>>, Box<Expr>)> {
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
            Some(f) => self.expect(f, Ty::Bool).map(|f| Some(Box::new(f))),
            None => Some(None),
        };
        let body = self.expect(&comp.body, body_ty);
        self.scope.truncate(depth);
        Some((binder, set, filter?, Box::new(body?)))
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

    /// Report a comparison whose sides' ranges make it false for every grid.
    fn never_holds(&mut self, e: &Expr, span: Span) {
        let Expr::Bin(op, l, r) = e else { return };
        let (Some((a, b)), Some((c, d))) = (self.bounds(l), self.bounds(r)) else {
            return;
        };
        let impossible = match op {
            BinOp::Eq => b < c || d < a,
            BinOp::Ne => a == b && c == d && a == c,
            BinOp::Lt => a >= d,
            BinOp::Le => a > d,
            BinOp::Gt => b <= c,
            BinOp::Ge => b < c,
            _ => false,
        };
        if impossible {
            let detail =
                format!("the left side is between {a} and {b}, the right side between {c} and {d}");
            self.error(span, ErrorKind::NeverHolds { detail });
        }
    }

    /// The range of an integer expression over all grids, where it is easy to tell.
    fn bounds(&self, e: &Expr) -> Option<(i64, i64)> {
        Some(match e {
            Expr::Int(v) => (*v, *v),
            Expr::Value(_) => (self.lo, self.hi),
            Expr::Row(_) => (1, self.rows as i64),
            Expr::Col(_) => (1, self.cols as i64),
            Expr::Neg(x) => {
                let (a, b) = self.bounds(x)?;
                (-b, -a)
            }
            Expr::Abs(x) => {
                let (a, b) = self.bounds(x)?;
                if a >= 0 {
                    (a, b)
                } else if b <= 0 {
                    (-b, -a)
                } else {
                    (0, b.max(-a))
                }
            }
            Expr::Bin(BinOp::Add, l, r) => {
                let ((a, b), (c, d)) = (self.bounds(l)?, self.bounds(r)?);
                (a + c, b + d)
            }
            Expr::Bin(BinOp::Sub, l, r) => {
                let ((a, b), (c, d)) = (self.bounds(l)?, self.bounds(r)?);
                (a - d, b - c)
            }
            Expr::Bin(BinOp::Mul, l, r) => {
                let ((a, b), (c, d)) = (self.bounds(l)?, self.bounds(r)?);
                let p = [a * c, a * d, b * c, b * d];
                (*p.iter().min()?, *p.iter().max()?)
            }
            _ => return None,
        })
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
