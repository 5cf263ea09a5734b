//! Rule expressions: name resolution and type checking, from `ast::Expr` to `puzzle::Expr`.
//! Every mistake is reported with the span of the offending text. A comparison whose sides'
//! ranges decide it (`v[c] > 9` with values 1..9) is folded to false or true; it is reported as
//! a mistake only where it makes the whole rule constant, so `A => v[c] == 7` says `not A`.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::ast::{self, AggKind, BinOp, ExprKind, QuantKind};
use crate::diagnostic::{Diagnostic, ErrorKind, SHOWN_PER_KIND, Span};
use crate::ground::floor_div;
use crate::puzzle::{
    Area, Arg, Binder, Cell, CellTerm, Expr, Family, ParamKind, RelId, Relation, SetTerm, VarId,
};

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

/// The largest value a product or a sum may reach: sdkc's numbers are 64-bit, and a MIP
/// solver reads coefficients as doubles, exact up to 2^53 (some 9e15).
pub const MAX_MAGNITUDE: u64 = 1_000_000_000_000_000;

impl Ty {
    fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Cell => "a cell",
        }
    }
}

/// What a name stands for in a rule: a bound cell (a quantifier's, or a `cell` parameter), or
/// inside a defined rule a parameter's number or list of cells.
#[derive(Clone)]
enum Bound {
    Cell(CellTerm),
    Number(Expr),
    Cells(Vec<Cell>),
    Numbers(Vec<i64>),
}

/// The rules a model can call: the standard library's, and the model's own (which shadow the
/// library's of the same name).
#[derive(Default)]
pub struct Definitions<'d> {
    pub map: HashMap<String, Def<'d>>,
    /// A model's `define` has the name of a library rule (which other library rules may call).
    pub shadowed: bool,
    /// Mistakes inside a definition already reported, by the mistake's place and message: a
    /// wrong definition called twenty times is reported at its first call.
    reported: RefCell<HashSet<(usize, usize, String)>>,
}

pub struct Def<'d> {
    pub def: &'d ast::Definition,
    pub kinds: Vec<ParamKind>,
    /// Defined in the standard library (its spans point into the library's text).
    pub library: bool,
    /// Its head has a mistake (reported there): calls of it are not checked.
    pub broken: bool,
}

/// How many calls of defined rules one rule may expand to: a definition that calls another
/// twice, which calls another twice, ... doubles at each level.
const MAX_CALLS: usize = 100_000;

/// How deeply calls of defined rules may nest (each level is a frame of the checker's
/// recursion; real libraries nest two or three).
const MAX_CALL_DEPTH: usize = 64;

/// How deep a rule may nest once the rules it calls are written out in it: the parser's bound
/// on one expression's nesting and a margin (the leaves of a comparison at the parser's bound
/// are a level or two deeper here). Every stage after the checker walks rules recursively.
pub const MAX_EXPANDED_NESTING: usize = crate::parse::MAX_NESTING + 16;

/// How many expressions (operators and operands) one rule may be made of once its calls and
/// its quantifiers over numbers are written out, and all the rules of a model together: what
/// their checked forms take in memory before their grounding is estimated (up to about 170
/// bytes each). A clue of the standard library is a few hundred, and a file of them at the
/// 1 MiB bound on a model 5.7 million at most (palindromes, the densest of
/// `bench/clue-memory.sh`'s shapes; 0.7 GB for `check`); `for d in {1..10000}:` over two sums
/// of 16 cells, one rule, about 1.1 million.
pub const MAX_RULE_NODES: usize = 4_000_000;
pub const MAX_MODEL_NODES: usize = 10_000_000;

/// How many numbers a quantifier over numbers may take.
const MAX_NUMBERS: usize = 10_000;

/// The functions the language has, for "did you mean" and the help of an unknown function.
pub const FUNCTIONS: &[&str] = &[
    "row", "col", "box", "boxpos", "len", "pos", "at", "first", "last", "distinct", "reverse",
    "steps", "minvalue", "maxvalue", "clued",
];

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
    /// Box height and width, when the grid has boxes (`box(c)`).
    pub boxes: Option<(usize, usize)>,
    pub defs: &'a Definitions<'a>,
    /// The two-cell clues of the model (`rule white(r1c1, r1c2)`), by defined rule: what
    /// `clued(a, b, white, black)` looks up.
    pub clues: &'a HashMap<String, BTreeSet<(Cell, Cell)>>,
    /// When the rule is one call of a defined rule: its family and arguments.
    pub family: Option<Family>,
    scope: Vec<(String, Bound)>,
    next_var: usize,
    /// The defined rules being expanded, innermost last.
    calls: Vec<String>,
    expansions: usize,
    root: Span,
    /// How deep the expression being checked nests so far, calls written out.
    depth: usize,
    /// How many more expressions this rule may be made of, calls written out (`allow`).
    pub nodes_left: usize,
    /// The model's bound is the nearer of the two.
    nodes_left_is_model: bool,
    /// One of those bounds was passed, and said so (once).
    refused: bool,
    /// The bound passed was the model's: the rules after this one are not checked.
    pub model_refused: bool,
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
        boxes: Option<(usize, usize)>,
        defs: &'a Definitions<'a>,
        clues: &'a HashMap<String, BTreeSet<(Cell, Cell)>>,
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
            boxes,
            defs,
            clues,
            family: None,
            scope: Vec::new(),
            next_var: 0,
            calls: Vec::new(),
            expansions: 0,
            root: Span::default(),
            depth: 0,
            nodes_left: MAX_RULE_NODES,
            nodes_left_is_model: false,
            refused: false,
            model_refused: false,
        }
    }

    /// Let the next rule be made of the least of `MAX_RULE_NODES` and `model_left`, what the
    /// model's rules before it left of `MAX_MODEL_NODES`.
    pub fn allow(&mut self, model_left: usize) {
        self.nodes_left = MAX_RULE_NODES.min(model_left);
        self.nodes_left_is_model = model_left < MAX_RULE_NODES;
    }

    /// Check a rule body, which must be a condition. Returns the expression and the number of
    /// variables it binds.
    pub fn rule(&mut self, e: &ast::Expr) -> Option<(Expr, usize)> {
        self.next_var = 0;
        self.scope.clear();
        self.family = None;
        self.expansions = 0;
        self.depth = 0;
        self.refused = false;
        self.root = e.span;
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

    /// A product or a sum whose value may be past `MAX_MAGNITUDE` is a mistake: the numbers
    /// would saturate (`1000000000 * 1000000000 * 10 * v[r1c1] == ...` once lost its rule,
    /// both sides saturating to one number) or lose digits in a solver's doubles.
    fn in_range(&mut self, e: &Expr, span: Span) -> Option<()> {
        let Some((a, b)) = self.bounds(e) else {
            return Some(());
        };
        let magnitude = a.unsigned_abs().max(b.unsigned_abs());
        if magnitude > MAX_MAGNITUDE {
            self.error(span, ErrorKind::ExpressionTooLarge { magnitude });
            return None;
        }
        Some(())
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

    /// Check an expression, within the bounds on what a rule may grow to once the rules it
    /// calls are written out in it: the parser bounds each expression's own nesting
    /// (`MAX_NESTING`), but a call writes the body of the rule it calls in place, so along a
    /// chain of calls the nesting adds up (sixteen rules of 240 levels each calling the next
    /// overflowed the stack), and a rule that calls another twice doubles its size at each
    /// level (a 15 KB file took 6 GB before the size of its grounding was estimated).
    fn expr(&mut self, e: &ast::Expr) -> Option<Checked> {
        if self.depth >= MAX_EXPANDED_NESTING {
            if !self.refused {
                self.refused = true;
                self.error(
                    e.span,
                    ErrorKind::ExpandedTooDeep {
                        limit: MAX_EXPANDED_NESTING,
                    },
                );
            }
            return None;
        }
        if self.nodes_left == 0 {
            if !self.refused {
                self.refused = true;
                self.model_refused = self.nodes_left_is_model;
                let kind = if self.nodes_left_is_model {
                    ErrorKind::RulesTooLarge {
                        limit: MAX_MODEL_NODES,
                    }
                } else {
                    ErrorKind::RuleTooLong {
                        limit: MAX_RULE_NODES,
                    }
                };
                self.error(self.root, kind);
            }
            return None;
        }
        self.nodes_left -= 1;
        self.depth += 1;
        let out = self.checked(e);
        self.depth -= 1;
        out
    }

    fn checked(&mut self, e: &ast::Expr) -> Option<Checked> {
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
                // The parser saturates a row or column past 64 bits: a number nobody wrote
                // (`r18446744073709551615c1 is outside the grid` quoted it).
                if c.row == u64::MAX || c.col == u64::MAX {
                    self.error(e.span, ErrorKind::ValueTooLarge);
                    return None;
                }
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
            K::Var(name) => match self.lookup(name) {
                Some(Bound::Cell(t)) => return Some(Checked::Cell(t)),
                Some(Bound::Number(x)) => (x, Ty::Int),
                Some(Bound::Cells(_)) => {
                    let kind = ErrorKind::TypeMismatch {
                        expected: "a number, a condition or a cell",
                        found: "a list of cells",
                    };
                    self.error(e.span, kind);
                    return None;
                }
                Some(Bound::Numbers(_)) => {
                    let kind = ErrorKind::TypeMismatch {
                        expected: "a number, a condition or a cell",
                        found: "a list of numbers",
                    };
                    self.error(e.span, kind);
                    return None;
                }
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
            K::Cells(_) | K::Numbers(_) => {
                let found = if matches!(e.kind, K::Cells(_)) {
                    "a list of cells"
                } else {
                    "a list of numbers"
                };
                let kind = ErrorKind::TypeMismatch {
                    expected: "a number, a condition or a cell",
                    found,
                };
                self.error(e.span, kind);
                return None;
            }
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
            K::Call(name, args) => {
                let f = name.value.as_str();
                if !FUNCTIONS.contains(&f) && self.defs.map.contains_key(f) {
                    let (out, f) = self.call_rule(name, args, e.span)?;
                    fold = f;
                    (out, Ty::Bool)
                } else {
                    return self.function(name, args, e.span);
                }
            }
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
                if *op == BinOp::Mul {
                    self.in_range(&out, e.span)?;
                }
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
            K::Quant(kind, comp) if self.is_numbers(&comp.set) => {
                let (out, f) = self.unrolled_quant(*kind == QuantKind::All, comp)?;
                fold = f;
                (out, Ty::Bool)
            }
            K::Aggregate(kind, comp) if self.is_numbers(&comp.set) => {
                (self.unrolled_agg(*kind, comp, e.span)?, Ty::Int)
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
                let agg = Expr::Agg {
                    kind: *kind,
                    binder,
                    set,
                    filter,
                    body,
                };
                self.in_range(&agg, e.span)?;
                (agg, Ty::Int)
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

    fn lookup(&self, name: &str) -> Option<Bound> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.clone())
    }

    fn arity(
        &mut self,
        name: &ast::Spanned<String>,
        args: &[ast::Expr],
        n: usize,
        span: Span,
    ) -> Option<()> {
        if args.len() == n {
            return Some(());
        }
        let kind = ErrorKind::ArgumentCount {
            name: name.value.clone(),
            expected: n,
            found: args.len(),
        };
        self.error(span, kind);
        None
    }

    /// A built-in function: `row(c)`, `col(c)`, `box(c)`, and those of lists (`len`, `pos`,
    /// `first`, `last`, `distinct`).
    fn function(
        &mut self,
        name: &ast::Spanned<String>,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<Checked> {
        let int = |x: Expr| Some(Checked::Value(x, Ty::Int, None));
        match name.value.as_str() {
            "row" | "col" => {
                self.arity(name, args, 1, span)?;
                let c = self.cell(&args[0])?;
                int(if name.value == "row" {
                    Expr::Row(c)
                } else {
                    Expr::Col(c)
                })
            }
            "box" | "boxpos" => {
                self.arity(name, args, 1, span)?;
                let c = self.cell(&args[0])?;
                let Some((bh, bw)) = self.boxes else {
                    self.error(name.span, ErrorKind::NoBoxes);
                    return None;
                };
                // Boxes numbered row by row from 1; a cell's place in its box likewise.
                let (cols, per_row) = (self.cols, (self.cols / bw) as i64);
                let table = (0..self.rows * cols)
                    .map(|i| {
                        let (r, c) = (i / cols, i % cols);
                        if name.value == "box" {
                            (r / bh) as i64 * per_row + (c / bw) as i64 + 1
                        } else {
                            (r % bh * bw + c % bw) as i64 + 1
                        }
                    })
                    .collect();
                int(Expr::Lookup(c, table))
            }
            "minvalue" | "maxvalue" => {
                self.arity(name, args, 0, span)?;
                int(Expr::Int(if name.value == "minvalue" {
                    self.lo
                } else {
                    self.hi
                }))
            }
            "clued" => {
                if args.len() < 3 {
                    let kind = ErrorKind::ArgumentCount {
                        name: name.value.clone(),
                        expected: 3,
                        found: args.len(),
                    };
                    self.error(span, kind);
                    return None;
                }
                let a = self.cell(&args[0]);
                let b = self.cell(&args[1]);
                let mut pairs = BTreeSet::new();
                let mut ok = true;
                for f in &args[2..] {
                    match &f.kind {
                        ExprKind::Var(n) if self.defs.map.contains_key(n) => {
                            pairs.extend(self.clues.get(n).into_iter().flatten().copied());
                        }
                        _ => {
                            let kind = ErrorKind::TypeMismatch {
                                expected: "the name of a defined rule such as `white`",
                                found: "something else",
                            };
                            self.error(f.span, kind);
                            ok = false;
                        }
                    }
                }
                let (a, b) = (a?, b?);
                if !ok {
                    return None;
                }
                Some(Checked::Value(Expr::Clued(a, b, pairs), Ty::Bool, None))
            }
            "len" => {
                self.arity(name, args, 1, span)?;
                int(Expr::Int(self.list(&args[0])?.len() as i64))
            }
            "pos" => {
                self.arity(name, args, 2, span)?;
                let c = self.cell(&args[0]);
                let list = self.list(&args[1])?;
                let c = c?;
                // The first place of each cell: a line that comes back to a cell (a loop) is
                // there at its first visit.
                let mut table = vec![0; self.rows * self.cols];
                for (i, &cell) in list.iter().enumerate().rev() {
                    table[cell] = i as i64 + 1;
                }
                if let CellTerm::Fixed(cell) = c {
                    if table[cell] == 0 {
                        let name = format!("r{}c{}", cell / self.cols + 1, cell % self.cols + 1);
                        self.error(args[0].span, ErrorKind::NotOnList { cell: name });
                        return None;
                    }
                    return int(Expr::Int(table[cell]));
                }
                int(Expr::Lookup(c, table))
            }
            "at" => {
                // `at(L, i)`: the i-th cell of a list, from 1; `i` known before solving.
                self.arity(name, args, 2, span)?;
                let list = self.list(&args[0]);
                let i = self.expect(&args[1], Ty::Int);
                let (list, i) = (list?, i?);
                let place = match self.bounds(&i) {
                    Some((k, j)) if k == j && !depends_on_cells(&i) => k,
                    _ => {
                        let what = "the place in `at(L, i)`";
                        self.error(args[1].span, ErrorKind::NotKnown { what });
                        return None;
                    }
                };
                if place < 1 || place > list.len() as i64 {
                    let kind = ErrorKind::PlaceOutsideList {
                        place,
                        len: list.len(),
                    };
                    self.error(args[1].span, kind);
                    return None;
                }
                Some(Checked::Cell(CellTerm::Fixed(list[place as usize - 1])))
            }
            "first" | "last" => {
                self.arity(name, args, 1, span)?;
                let list = self.list(&args[0])?;
                let cell = if name.value == "first" {
                    list[0]
                } else {
                    list[list.len() - 1]
                };
                Some(Checked::Cell(CellTerm::Fixed(cell)))
            }
            "distinct" => {
                self.arity(name, args, 1, span)?;
                // `distinct(rows)`: every area of a set of several, each all different.
                if let ExprKind::Var(n) = &args[0].kind
                    && self.lookup(n).is_none()
                    && let Some((areas, _)) = self.sets.get(n.as_str())
                    && areas.len() > 1
                {
                    let lists: Vec<Vec<Cell>> = areas.iter().map(|a| a.cells.clone()).collect();
                    let parts = lists
                        .into_iter()
                        .map(|list| self.all_different(list))
                        .collect();
                    let out = super::balanced_and(parts);
                    return Some(Checked::Value(out, Ty::Bool, None));
                }
                let list = self.list(&args[0])?;
                let out = self.all_different(list);
                Some(Checked::Value(out, Ty::Bool, None))
            }
            other => {
                let known = FUNCTIONS
                    .iter()
                    .copied()
                    .chain(self.defs.map.keys().map(String::as_str))
                    .chain(self.relations.iter().map(|r| r.name.as_str()));
                let suggestion = self.searches.suggest(Unknown::Function, other, known);
                self.error(
                    name.span,
                    ErrorKind::UnknownFunction {
                        name: other.to_string(),
                        suggestion,
                    },
                );
                None
            }
        }
    }

    /// `distinct(L)`: every pair of L's cells differ. A loop lists its first cell again;
    /// distinct is about the cells, so each counts once.
    fn all_different(&mut self, mut list: Vec<Cell>) -> Expr {
        let mut seen = HashSet::new();
        list.retain(|c| seen.insert(*c));
        let (a, b) = (self.fresh(), self.fresh());
        let ne = Expr::Bin(
            BinOp::Ne,
            Box::new(Expr::Value(CellTerm::Var(a))),
            Box::new(Expr::Value(CellTerm::Var(b))),
        );
        if list.len() < 2 {
            return Expr::Bool(true);
        }
        Expr::Quant {
            all: true,
            binder: Binder::Pair(a, b),
            set: SetTerm::Cells(list),
            filter: None,
            body: Box::new(ne),
        }
    }

    /// A list of cells, in order: cells and paths written out, a `cells` parameter, an area's
    /// name, a cell known before solving, or `reverse(L)`.
    fn list(&mut self, e: &ast::Expr) -> Option<Vec<Cell>> {
        let not_a_list = |found| ErrorKind::TypeMismatch {
            expected: "a list of cells",
            found,
        };
        match &e.kind {
            ExprKind::Cells(items) => {
                let mut cells = Vec::new();
                let mut ok = true;
                for item in items {
                    match super::path::expand(item, self.rows, self.cols, self.diags) {
                        Some(c) => cells.extend(c),
                        None => ok = false,
                    }
                }
                ok.then_some(cells)
            }
            ExprKind::Call(name, args) if name.value == "reverse" => {
                self.arity(name, args, 1, e.span)?;
                let mut list = self.list(&args[0])?;
                list.reverse();
                Some(list)
            }
            ExprKind::Var(name) => match self.lookup(name) {
                Some(Bound::Cells(list)) => Some(list),
                Some(Bound::Cell(CellTerm::Fixed(c))) => Some(vec![c]),
                Some(_) => {
                    self.error(e.span, not_a_list("a name bound to one cell or number"));
                    None
                }
                None => {
                    let set = ast::SetExpr {
                        name: ast::Spanned::new(name.clone(), e.span),
                        args: None,
                        numbers: None,
                        span: e.span,
                    };
                    match self.set(&set, false)? {
                        SetTerm::Cells(c) => Some(c),
                        _ => {
                            self.error(e.span, not_a_list("a relation"));
                            None
                        }
                    }
                }
            },
            _ => match self.expr(e)? {
                Checked::Cell(CellTerm::Fixed(c)) => Some(vec![c]),
                Checked::Cell(_) => {
                    self.error(e.span, not_a_list("a cell that depends on a quantifier"));
                    None
                }
                Checked::Value(_, t, _) => {
                    self.error(e.span, not_a_list(t.describe()));
                    None
                }
            },
        }
    }

    /// A call of a defined rule: its arguments checked against its parameters, then its body
    /// checked with the parameters bound to them. A mistake in the body is reported at the
    /// call (the body alone cannot be wrong or right: `cage(100, r1c1 r1c2)` is wrong only for
    /// its arguments), with the place in the definition when the model defines it.
    fn call_rule(
        &mut self,
        name: &ast::Spanned<String>,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<(Expr, Fold)> {
        let defs = self.defs;
        let def = &defs.map[&name.value];
        if def.broken {
            return None;
        }
        if self.calls.len() >= MAX_CALL_DEPTH {
            self.error(
                span,
                ErrorKind::CallsTooDeep {
                    limit: MAX_CALL_DEPTH,
                },
            );
            return None;
        }
        if self.calls.contains(&name.value) {
            self.error(
                name.span,
                ErrorKind::RecursiveDefinition {
                    name: name.value.clone(),
                },
            );
            return None;
        }
        self.expansions += 1;
        if self.expansions > MAX_CALLS {
            if self.expansions == MAX_CALLS + 1 {
                self.error(self.root, ErrorKind::TooManyCalls { limit: MAX_CALLS });
            }
            return None;
        }
        self.arity(name, args, def.kinds.len(), span)?;
        let mut bound = Vec::with_capacity(args.len());
        let mut ok = true;
        for ((param, kind), arg) in def.def.params.iter().zip(&def.kinds).zip(args) {
            let wrong = |found| ErrorKind::ArgumentKind {
                rule: name.value.clone(),
                param: param.name.value.clone(),
                expected: match kind {
                    ParamKind::Number => "a number",
                    ParamKind::Cell => "a cell",
                    ParamKind::Cells => "a list of cells",
                    ParamKind::Numbers => "a list of numbers",
                },
                found,
            };
            let b = match (kind, &arg.kind) {
                (ParamKind::Number | ParamKind::Cell | ParamKind::Cells, ExprKind::Numbers(_)) => {
                    self.error(arg.span, wrong("a list of numbers"));
                    None
                }
                (ParamKind::Number | ParamKind::Cell, ExprKind::Cells(_)) => {
                    self.error(arg.span, wrong("a list of cells"));
                    None
                }
                (ParamKind::Number, _) => match self.expr(arg) {
                    Some(Checked::Value(x, Ty::Int, _)) => Some(Bound::Number(x)),
                    Some(Checked::Value(_, t, _)) => {
                        self.error(arg.span, wrong(t.describe()));
                        None
                    }
                    Some(Checked::Cell(_)) => {
                        self.error(arg.span, wrong("a cell"));
                        None
                    }
                    None => None,
                },
                (ParamKind::Cell, _) => match self.expr(arg) {
                    Some(Checked::Cell(c)) => Some(Bound::Cell(c)),
                    Some(Checked::Value(_, t, _)) => {
                        self.error(arg.span, wrong(t.describe()));
                        None
                    }
                    None => None,
                },
                (ParamKind::Numbers, _) => self.number_list(arg).map(Bound::Numbers),
                (ParamKind::Cells, ExprKind::Int(_)) => {
                    self.error(arg.span, wrong("a number"));
                    None
                }
                (ParamKind::Cells, ExprKind::Var(n))
                    if matches!(self.lookup(n), Some(Bound::Cell(CellTerm::Var(_)))) =>
                {
                    self.error(arg.span, wrong("a cell that depends on a quantifier"));
                    None
                }
                (ParamKind::Cells, _) => self.list(arg).map(Bound::Cells),
            };
            // The library's pill is read by place up to the hundreds; a longer one would lose
            // its leading digits silently (a review found `9000` read as 0).
            if let Some(Bound::Cells(pill)) = &b
                && def.library
                && name.value == "pill_arrow"
                && param.name.value == "pill"
                && pill.len() > 3
            {
                self.error(arg.span, ErrorKind::PillTooLong { cells: pill.len() });
                ok = false;
                continue;
            }
            match b {
                Some(b) => bound.push((param.name.value.clone(), b)),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        // The whole rule is this call (no quantifier is around it, so every cell is known).
        if self.calls.is_empty() && span == self.root {
            let args = bound
                .iter()
                .map(|(_, b)| match b {
                    Bound::Number(e) => Some(Arg::Number(literal(e))),
                    Bound::Cell(CellTerm::Fixed(c)) => Some(Arg::Cell(*c)),
                    Bound::Cell(CellTerm::Var(_)) => None,
                    Bound::Cells(list) => Some(Arg::Cells(list.clone())),
                    Bound::Numbers(list) => Some(Arg::Numbers(list.clone())),
                })
                .collect::<Option<Vec<Arg>>>();
            self.family = args.map(|args| Family {
                name: name.value.clone(),
                args,
                library: def.library && !defs.shadowed,
            });
        }
        // The body sees its parameters only: a definition means the same wherever it is called.
        let outer = std::mem::replace(&mut self.scope, bound);
        self.calls.push(name.value.clone());
        let before = self.diags.len();
        let body = self.expect_fold(&def.def.body, Ty::Bool);
        self.calls.pop();
        self.scope = outer;
        if self.diags.len() > before {
            let inner: Vec<Diagnostic> = self.diags.drain(before..).collect();
            for d in inner {
                // A mistake of a call inside this definition is told once, as the innermost
                // mistake's message in this rule: not "in `f`: in `g`: ...".
                let (message, inner_help) = match &d.kind {
                    ErrorKind::InDefinition {
                        message,
                        inner_help,
                        ..
                    } => (message.clone(), inner_help.clone()),
                    other => (other.to_string(), other.help()),
                };
                // A model's definition is reported once for each place in it; a library
                // rule's places are not the user's, so once for each call.
                let key = if def.library {
                    (span.start, span.end, message.clone())
                } else {
                    (d.span.start, d.span.end, message.clone())
                };
                if !defs.reported.borrow_mut().insert(key) {
                    continue;
                }
                let kind = ErrorKind::InDefinition {
                    rule: name.value.clone(),
                    message,
                    library: def.library,
                    inner_help,
                };
                let mut out = Diagnostic::new(span, kind);
                if !def.library {
                    out = out.with_related(d.span, d.kind.label());
                }
                self.diags.push(out);
            }
            return None;
        }
        let (out, fold) = body?;
        // What decides the body is reported at the call: the arguments make it so.
        let fold = fold.map(|(holds, causes)| {
            let causes = causes
                .into_iter()
                .map(|c| Cause {
                    span,
                    detail: format!("in `{}`, {}", name.value, c.detail),
                    ..c
                })
                .collect();
            (holds, causes)
        });
        Some((out, fold))
    }

    /// Whether a quantifier's set is numbers: `{1, 3..5}`, `range(a, b)`, or a `numbers`
    /// parameter (a name bound to cells or a set of cells is not).
    fn is_numbers(&self, s: &ast::SetExpr) -> bool {
        s.numbers.is_some()
            || (s.name.value == "range" && s.args.is_some())
            || (s.args.is_none() && matches!(self.lookup(&s.name.value), Some(Bound::Numbers(_))))
    }

    /// The numbers a quantifier over numbers takes, in order, repeats kept.
    fn number_values(&mut self, s: &ast::SetExpr) -> Option<Vec<i64>> {
        if let Some(items) = &s.numbers {
            return self.expand_numbers(items);
        }
        if let Some(args) = &s.args {
            // `range(a, b)`: a to b, both known before solving.
            self.arity(&s.name, args, 2, s.span)?;
            let what = "each end of `range(a, b)`";
            let a = self.known_number(&args[0], what);
            let b = self.known_number(&args[1], what);
            let (a, b) = (a?, b?);
            if b >= a && b - a >= MAX_NUMBERS as i64 {
                self.error(s.span, ErrorKind::TooManyNumbers { limit: MAX_NUMBERS });
                return None;
            }
            return Some((a..=b).collect());
        }
        match self.lookup(&s.name.value) {
            Some(Bound::Numbers(list)) => Some(list),
            _ => None,
        }
    }

    /// The numbers of `{1, 1, 3..5}` in order, repeats kept.
    fn expand_numbers(&mut self, items: &[ast::Spanned<(i64, i64)>]) -> Option<Vec<i64>> {
        let mut out = Vec::new();
        for item in items {
            let (lo, hi) = item.value;
            if lo.unsigned_abs() > MAX_NUMBER || hi.unsigned_abs() > MAX_NUMBER {
                self.error(item.span, ErrorKind::ValueTooLarge);
                return None;
            }
            if lo > hi {
                self.error(item.span, ErrorKind::EmptySetRange { lo, hi });
                return None;
            }
            if out.len() as i64 + (hi - lo) >= MAX_NUMBERS as i64 {
                self.error(item.span, ErrorKind::TooManyNumbers { limit: MAX_NUMBERS });
                return None;
            }
            out.extend(lo..=hi);
        }
        Some(out)
    }

    /// A `numbers` argument: `{1, 1, 2}`, or a `numbers` parameter passed on.
    fn number_list(&mut self, e: &ast::Expr) -> Option<Vec<i64>> {
        if let ExprKind::Var(n) = &e.kind
            && let Some(Bound::Numbers(list)) = self.lookup(n)
        {
            return Some(list);
        }
        match &e.kind {
            ExprKind::Numbers(items) => self.expand_numbers(items),
            _ => {
                let found = match self.expr(e)? {
                    Checked::Cell(_) => "a cell",
                    Checked::Value(_, t, _) => t.describe(),
                };
                let kind = ErrorKind::TypeMismatch {
                    expected: "a list of numbers such as `{1, 1, 2}`",
                    found,
                };
                self.error(e.span, kind);
                None
            }
        }
    }

    /// A number known before solving (`3`, `len(L) - 1`, a `number` parameter given one).
    fn known_number(&mut self, e: &ast::Expr, what: &'static str) -> Option<i64> {
        let x = self.expect(e, Ty::Int)?;
        match self.bounds(&x) {
            Some((a, b)) if a == b && !depends_on_cells(&x) => Some(a),
            _ => {
                self.error(e.span, ErrorKind::NotKnown { what });
                None
            }
        }
    }

    /// Each number of a quantifier over numbers, with its filter and body checked for it:
    /// the quantifier unrolled. Members whose filter is false are left out.
    #[allow(clippy::type_complexity)]
    fn unrolled(
        &mut self,
        comp: &ast::Comprehension,
        body_ty: Ty,
        once_each: bool,
    ) -> Option<Vec<(Option<(Expr, Fold)>, (Expr, Fold))>> {
        let name = match &comp.binder {
            ast::Binder::One(n) => n.value.clone(),
            ast::Binder::Pair(a, _) => {
                let kind = ErrorKind::TypeMismatch {
                    expected: "one name for a number (`for d in {1, 2}`)",
                    found: "a pair of names",
                };
                self.error(a.span, kind);
                return None;
            }
        };
        let mut values = self.number_values(&comp.set)?;
        if once_each {
            // `and` and `or` are idempotent: a number listed twice (`{7, 7}`) adds nothing.
            let mut seen = HashSet::new();
            values.retain(|v| seen.insert(*v));
        }
        let mut out = Vec::with_capacity(values.len());
        for v in values {
            self.expansions += 1;
            if self.expansions > MAX_CALLS {
                if self.expansions == MAX_CALLS + 1 {
                    self.error(self.root, ErrorKind::TooManyCalls { limit: MAX_CALLS });
                }
                return None;
            }
            self.scope.push((name.clone(), Bound::Number(Expr::Int(v))));
            let filter = comp.filter.as_ref().map(|f| self.expect_fold(f, Ty::Bool));
            let body = self.expect_fold(&comp.body, body_ty);
            self.scope.pop();
            let filter = match filter {
                None => None,
                Some(f) => Some(f?),
            };
            let body = body?;
            if matches!(filter, Some((Expr::Bool(false), _))) {
                continue;
            }
            out.push((filter, body));
        }
        Some(out)
    }

    /// `for d in {1, 2}: body` and `exists`: the conjunction (disjunction) of the bodies.
    fn unrolled_quant(&mut self, all: bool, comp: &ast::Comprehension) -> Option<(Expr, Fold)> {
        let parts = self.unrolled(comp, Ty::Bool, true)?;
        let op = if all { BinOp::And } else { BinOp::Or };
        let terms = parts
            .into_iter()
            .map(|(filter, (body, bfold))| match filter {
                None => (body, bfold),
                Some((f, ffold)) => {
                    let link = if all { BinOp::Implies } else { BinOp::And };
                    let fold = combine(link, ffold, bfold);
                    (Expr::Bin(link, Box::new(f), Box::new(body)), fold)
                }
            })
            .collect();
        // Joined as a balanced tree: up to 10,000 members, whose chain every later stage
        // would walk 10,000 levels deep. No member: `for` holds, `exists` does not.
        Some(
            balanced(terms, &mut |(l, lf), (r, rf)| {
                (Expr::Bin(op, Box::new(l), Box::new(r)), combine(op, lf, rf))
            })
            .unwrap_or((Expr::Bool(all), None)),
        )
    }

    /// `sum(d in {1, 2}: e)` and `count(d in ...: cond)`, unrolled into a sum. A count's
    /// terms are conditions, each counted through a one-member count.
    fn unrolled_agg(
        &mut self,
        kind: AggKind,
        comp: &ast::Comprehension,
        span: Span,
    ) -> Option<Expr> {
        if kind == AggKind::NDistinct {
            let kind = ErrorKind::TypeMismatch {
                expected: "a set of cells for `ndistinct`",
                found: "numbers",
            };
            self.error(span, kind);
            return None;
        }
        let body_ty = if kind == AggKind::Count {
            Ty::Bool
        } else {
            Ty::Int
        };
        let parts = self.unrolled(comp, body_ty, false)?;
        let mut terms = Vec::with_capacity(parts.len());
        for (filter, (body, _)) in parts {
            let term = match kind {
                AggKind::Sum => {
                    if let Some((f, _)) = &filter
                        && *f != Expr::Bool(true)
                    {
                        let kind = ErrorKind::TypeMismatch {
                            expected: "a filter known before solving (a sum over numbers adds each term or leaves it out)",
                            found: "a condition on cell values",
                        };
                        self.error(comp.set.span, kind);
                        return None;
                    }
                    body
                }
                _ => {
                    let cond = match filter {
                        None | Some((Expr::Bool(true), _)) => body,
                        Some((f, _)) => Expr::Bin(BinOp::And, Box::new(f), Box::new(body)),
                    };
                    // A condition the numbers decide counts as 0 or 1 here and now.
                    if let Expr::Bool(b) = cond {
                        terms.push(Expr::Int(i64::from(b)));
                        continue;
                    }
                    // [cond] as a number: the count of a one-cell set whose body is cond.
                    let var = self.fresh();
                    Expr::Agg {
                        kind: AggKind::Count,
                        binder: Binder::One(var),
                        set: SetTerm::Cells(vec![0]),
                        filter: None,
                        body: Box::new(cond),
                    }
                }
            };
            terms.push(term);
        }
        // Numbers added up here; the rest as a sum, plus their total when it is not 0.
        let constant: i64 = terms
            .iter()
            .filter_map(|t| match t {
                Expr::Int(v) => Some(*v),
                _ => None,
            })
            .fold(0i64, i64::saturating_add);
        let rest = balanced(
            terms
                .into_iter()
                .filter(|t| !matches!(t, Expr::Int(_)))
                .collect(),
            &mut |a, b| Expr::Bin(BinOp::Add, Box::new(a), Box::new(b)),
        );
        Some(match rest {
            None => Expr::Int(constant),
            Some(r) if constant == 0 => r,
            Some(r) => Expr::Bin(BinOp::Add, Box::new(r), Box::new(Expr::Int(constant))),
        })
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
                self.scope
                    .push((n.value.clone(), Bound::Cell(CellTerm::Var(id))));
                Binder::One(id)
            }
            ast::Binder::Pair(a, b) => {
                let (ia, ib) = (self.fresh(), self.fresh());
                self.scope
                    .push((a.value.clone(), Bound::Cell(CellTerm::Var(ia))));
                self.scope
                    .push((b.value.clone(), Bound::Cell(CellTerm::Var(ib))));
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
        // Numbers are quantified over by name (`for d in {1, 2}: ...`), not summed whole.
        if s.numbers.is_some() || (s.name.value == "range" && s.args.is_some()) {
            let kind = ErrorKind::TypeMismatch {
                expected: "a set of cells, or a name for each number (`sum(d in {1, 2}: d)`)",
                found: "numbers",
            };
            self.error(s.span, kind);
            return None;
        }
        let name = s.name.value.as_str();
        let term = match &s.args {
            None => {
                if let Some(Bound::Cells(list)) = self.lookup(name) {
                    SetTerm::Cells(list)
                } else if let Some((areas, _)) = self.sets.get(name) {
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
                } else if let Some(cells) = self.one_of_builtin(name) {
                    SetTerm::Cells(cells)
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
                    let list = self.list(&args[0])?;
                    if !pair {
                        self.error(
                            s.span,
                            ErrorKind::PairsNeedPairBinder {
                                set: "steps(...)".to_string(),
                            },
                        );
                        return None;
                    }
                    SetTerm::Steps(list)
                } else if name == "reverse" {
                    let mut list = self.list(&args[0])?;
                    list.reverse();
                    SetTerm::Cells(list)
                } else if let Some(rel) = self.relation(name) {
                    SetTerm::Neighbours(rel, self.cell(&args[0])?)
                } else if FUNCTIONS.contains(&name) {
                    // "unknown function `row`" beside a help that lists `row` said nothing.
                    self.error(
                        s.name.span,
                        ErrorKind::FunctionNotASet {
                            name: name.to_string(),
                        },
                    );
                    return None;
                } else {
                    let known = ["steps", "reverse"]
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
            // A relation relates no two cells of this grid when every offset reaches past it
            // (`offsets (5, 5)` on a 4x4), as when it has none (`offsets (0, 0)`).
            SetTerm::Pairs(rel) => self.relations[*rel].offsets.iter().all(|&(dr, dc)| {
                dr.unsigned_abs() >= self.rows as u64 || dc.unsigned_abs() >= self.cols as u64
            }),
            SetTerm::Neighbours(..) => false,
        };
        if empty {
            self.error(
                s.span,
                ErrorKind::EmptyQuantifier {
                    set: name.to_string(),
                    pairs: pair && matches!(term, SetTerm::Cells(_)),
                },
            );
            return None;
        }
        Some(term)
    }

    /// A row, column or box by its short name (`r3`, `c5`, `b1`), in order: left to right,
    /// top to bottom, a box row by row. So an outside clue reads `sandwich(r3, 17)`, and from
    /// the other side `sandwich(reverse(r3), 17)`.
    fn one_of_builtin(&self, name: &str) -> Option<Vec<Cell>> {
        let family = match name.as_bytes().first()? {
            b'r' => "rows",
            b'c' => "columns",
            b'b' => "boxes",
            _ => return None,
        };
        let (areas, _) = self.sets.get(family)?;
        areas
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.cells.clone())
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
            Expr::Lookup(_, table) => (*table.iter().min()?, *table.iter().max()?),
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
                filter,
            } => {
                let n = self.members_at_most(*binder, set);
                match kind {
                    AggKind::Count => (0, n),
                    // Without a filter a list of cells is summed whole (a neighbourhood may
                    // be cut by the grid's edge).
                    AggKind::Sum if filter.is_none() && matches!(set, SetTerm::Cells(_)) => {
                        let (a, b) = self.bounds(body)?;
                        (a.saturating_mul(n), b.saturating_mul(n))
                    }
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
        Expr::Int(_)
        | Expr::Bool(_)
        | Expr::Row(_)
        | Expr::Col(_)
        | Expr::HasMark(..)
        | Expr::Clued(..)
        | Expr::Lookup(..) => false,
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

/// `items` joined in order as a balanced tree by `join` (as deep as the logarithm of their
/// number, where a chain is as deep as they are many); None when there are none.
pub(crate) fn balanced<T>(mut items: Vec<T>, join: &mut dyn FnMut(T, T) -> T) -> Option<T> {
    while items.len() > 1 {
        let mut joined = Vec::with_capacity(items.len().div_ceil(2));
        let mut it = items.into_iter();
        while let Some(l) = it.next() {
            joined.push(match it.next() {
                Some(r) => join(l, r),
                None => l,
            });
        }
        items = joined;
    }
    items.pop()
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

/// A number written as a literal, negated or not (`-2` is `Neg(Int(2))`): a clue's total,
/// which the solvers' families read. None for any other expression, or past i64.
fn literal(mut e: &Expr) -> Option<i64> {
    let mut negated = false;
    loop {
        match e {
            Expr::Int(v) => return if negated { v.checked_neg() } else { Some(*v) },
            Expr::Neg(x) => {
                negated = !negated;
                e = x;
            }
            _ => return None,
        }
    }
}
