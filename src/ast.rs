//! The syntax tree of a `.sdk` file, as written: names are not resolved and grid blocks are
//! still raw tokens. Every node carries the byte span it came from, so later stages can point
//! at the exact text when they report a mistake.

use crate::diagnostic::Span;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Model {
    pub statements: Vec<Statement>,
}

#[derive(Debug, Clone)]
pub struct Statement {
    pub kind: StatementKind,
    /// The whole statement, for "first defined here" notes.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum StatementKind {
    Puzzle(Spanned<String>),
    Grid {
        rows: Spanned<u64>,
        cols: Spanned<u64>,
        boxes: Option<BoxShape>,
    },
    Boxes(BoxShape),
    Values {
        lo: Spanned<u64>,
        hi: Spanned<u64>,
    },
    Givens(GridData),
    Regions {
        name: Option<Spanned<String>>,
        map: Block,
    },
    Area {
        name: Spanned<String>,
        cells: Vec<Spanned<Path>>,
    },
    /// `define NAME(PARAM: KIND, ...): BODY`: a rule with parameters.
    Define(Definition),
    Rule {
        name: Option<Spanned<String>>,
        /// `rule NAME (bigm): ...`: the formulation asked for this rule.
        formulation: Option<Spanned<String>>,
        body: RuleBody,
    },
    Marks(Block),
    Relation {
        name: Spanned<String>,
        def: RelationDef,
    },
    Encoding(Spanned<String>),
}

#[derive(Debug, Clone)]
pub enum RelationDef {
    /// A built-in stencil by name (`orthogonal`, `knight`, ...).
    Named(Spanned<String>),
    /// Offsets `(dr, dc)`, taken in both directions.
    Offsets(Vec<Spanned<(i64, i64)>>),
}

#[derive(Debug, Clone)]
pub enum BoxShape {
    None(Span),
    Dims {
        rows: Spanned<u64>,
        cols: Spanned<u64>,
        span: Span,
    },
}

/// A cell as written, `r3c7`: 1-based, not yet checked against the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellRef {
    pub row: u64,
    pub col: u64,
}

/// A cell, or a path through straight runs (`r1c1-r1c5-r3c5`): the cells where it starts and
/// turns and ends, as written; the analyzer fills in the cells between and checks each run.
pub type Path = Vec<Spanned<CellRef>>;

/// A rule with parameters (`define cage(total: number, cells: cells): ...`).
#[derive(Debug, Clone)]
pub struct Definition {
    pub name: Spanned<String>,
    pub params: Vec<Param>,
    pub body: Expr,
}

/// One parameter of a definition: its name and its kind as written (`number`, `cell`,
/// `cells`; the analyzer checks the kind).
#[derive(Debug, Clone)]
pub struct Param {
    pub name: Spanned<String>,
    pub kind: Spanned<String>,
}

/// Per-cell data: either a `{ ... }` block or the one-line community form in a string.
#[derive(Debug, Clone)]
pub enum GridData {
    Block(Block),
    Line(Spanned<String>),
}

/// A `{ ... }` block: the non-empty lines, each a list of raw tokens.
#[derive(Debug, Clone)]
pub struct Block {
    pub lines: Vec<Vec<Spanned<String>>>,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum RuleBody {
    Distinct(Vec<Spanned<String>>),
    Expr(Expr),
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Iff,
    Implies,
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    /// `/`: division rounded down (floor), by a divisor known before solving.
    Div,
    /// `%`: the remainder of `/`, so `x == k * (x / k) + x % k`; between 0 and k - 1 for k > 0.
    Mod,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantKind {
    /// `for` and `forall`: every element.
    All,
    /// `exists`: at least one.
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggKind {
    Sum,
    Count,
    NDistinct,
}

#[derive(Debug, Clone)]
pub enum Binder {
    One(Spanned<String>),
    Pair(Spanned<String>, Spanned<String>),
}

/// What a quantifier or aggregate ranges over: a set or relation by name, or a call such as
/// `orth(c)` or `steps(t1)`.
#[derive(Debug, Clone)]
pub struct SetExpr {
    pub name: Spanned<String>,
    pub args: Option<Vec<Expr>>,
    /// `{1, 3..5}`: numbers written out (then `name` is empty), in the order written.
    pub numbers: Option<Vec<Spanned<(i64, i64)>>>,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct Comprehension {
    pub binder: Binder,
    pub set: SetExpr,
    pub filter: Option<Box<Expr>>,
    pub body: Box<Expr>,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Int(i64),
    Cell(CellRef),
    Var(String),
    /// A list of cells written out as an argument (`r1c1 r1c2`, `r1c1-r1c5`).
    Cells(Vec<Spanned<Path>>),
    /// A list of numbers written out as an argument (`{1, 1, 2}`, `{1..4}`), in order.
    Numbers(Vec<Spanned<(i64, i64)>>),
    Value(Box<Expr>),
    Mark(Box<Expr>, Spanned<String>),
    Call(Spanned<String>, Vec<Expr>),
    Abs(Box<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `e in {1, 3..5}`, or `e not in {...}` (`negated`).
    In {
        value: Box<Expr>,
        set: Vec<Spanned<(i64, i64)>>,
        negated: bool,
    },
    Quant(QuantKind, Comprehension),
    /// `sum(c in S: e)`, `count(c in S: cond)`, or `ndistinct(S)` (`body` is `v[c]`).
    Aggregate(AggKind, Comprehension),
    /// `ndistinct(S)`, `sum(S)`, `count(S)` written over a set directly.
    AggregateSet(AggKind, SetExpr),
}
