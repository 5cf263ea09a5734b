//! The analyzed model: a puzzle with every name resolved, every set expanded to cells and every
//! given checked. It knows nothing about MIPs; the lowering, the checker and the solvers all
//! start from here.

use crate::diagnostic::{Origin, Span};

/// A cell is its row-major index; `Puzzle::cell_name` spells it the puzzle way (`r3c7`).
pub type Cell = usize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub name: String,
    pub rows: usize,
    pub cols: usize,
    /// Box height and width, when the grid has boxes.
    pub boxes: Option<(usize, usize)>,
    /// The value set, `lo..=hi`.
    pub lo: i64,
    pub hi: i64,
    /// One entry per cell: the given value, if any.
    pub givens: Vec<Option<i64>>,
    /// Where each given was written (the model or `--givens`), for explanations.
    pub given_at: Vec<Option<(Origin, Span)>>,
    /// One entry per cell: its marks (`marks { ... }`), as a string of mark symbols.
    pub marks: Vec<String>,
    /// Neighbour relations, built-in stencils first; `RelId` indexes this.
    pub relations: Vec<Relation>,
    /// `encoding integer`: integer cell variables instead of one-hot binaries (seed 001 Part 30).
    pub integer_cells: bool,
    pub rules: Vec<Rule>,
}

/// A neighbour relation: a stencil of offsets `(drow, dcol)`, closed under negation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relation {
    pub name: String,
    pub offsets: Vec<(i64, i64)>,
}

pub type RelId = usize;
/// A bound variable of a rule (`c`, `a`, `b`): an index into the rule's environment.
pub type VarId = usize;

/// How a rule wants to be encoded; `Auto` (`table`) is the tightest sdkc knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formulation {
    /// Two- and three-cell rules as aggregated conflict rows on the one-hot columns (`table`).
    Auto,
    /// One row per forbidden value pair, `x[a,k] + x[b,k'] <= 1` (seed 002, Approach II).
    Pairs,
    /// Linear rows in the cell values with big-M binaries for disjunctions (seed 002, Approach I).
    BigM,
}

impl Formulation {
    /// The names `--formulation` takes.
    pub const NAMES: [&'static str; 3] = ["table", "pairs", "bigm"];
}

impl std::str::FromStr for Formulation {
    type Err = String;

    fn from_str(s: &str) -> Result<Formulation, String> {
        match s {
            "table" => Ok(Formulation::Auto),
            "pairs" => Ok(Formulation::Pairs),
            "bigm" => Ok(Formulation::BigM),
            _ => Err(format!("`{s}` is not a formulation: table, pairs or bigm")),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellTerm {
    Fixed(Cell),
    Var(VarId),
}

pub use crate::ast::{AggKind, BinOp};

/// A checked expression: names resolved, types known (the analyzer rejects ill-typed ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Int(i64),
    Bool(bool),
    /// `v[c]`.
    Value(CellTerm),
    /// `row(c)`, `col(c)`: 1-based coordinates, known at compile time.
    Row(CellTerm),
    Col(CellTerm),
    /// `mark[c] has "X"`: the cell carries every symbol of the string.
    HasMark(CellTerm, String),
    /// Data about a cell known before solving, one number per cell: `pos(c, L)` (the cell's
    /// place on a list, 0 off it), `box(c)`.
    Lookup(CellTerm, Vec<i64>),
    /// `clued(a, b, white, black)`: the two cells, in either order, are a pair of the model's
    /// two-cell clues of those rules (each pair stored smaller cell first).
    Clued(CellTerm, CellTerm, std::collections::BTreeSet<(Cell, Cell)>),
    Neg(Box<Expr>),
    Abs(Box<Expr>),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `e in {...}`: whether the value lies in one of the ranges `(lo, hi)`, which are sorted,
    /// disjoint and not adjacent (`{1, 2, 5}` is `[(1, 2), (5, 5)]`). `not in` is `Not(In)`.
    In(Box<Expr>, Vec<(i64, i64)>),
    /// `forall`/`for` (`all`) or `exists` over a set or its pairs, with an optional filter.
    Quant {
        all: bool,
        binder: Binder,
        set: SetTerm,
        filter: Option<Box<Expr>>,
        body: Box<Expr>,
    },
    /// `sum`, `count` or `ndistinct` of `body` over the set; `ndistinct(S)` has `body` `v[c]`.
    Agg {
        kind: AggKind,
        binder: Binder,
        set: SetTerm,
        filter: Option<Box<Expr>>,
        body: Box<Expr>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binder {
    One(VarId),
    Pair(VarId, VarId),
}

/// What a quantifier ranges over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetTerm {
    /// A list of cells: an area, a built-in single-area set, `cells`. With a pair binder, its
    /// unordered pairs.
    Cells(Vec<Cell>),
    /// The neighbours of a cell under a relation (`orth(c)`), in row-major order. With a pair
    /// binder, their unordered pairs.
    Neighbours(RelId, CellTerm),
    /// Every unordered pair of neighbours in the grid (`for (a, b) in orth`), each once.
    Pairs(RelId),
    /// Consecutive cells of a list, in order (`steps(t1)`): thermometers, arrows, lines.
    Steps(Vec<Cell>),
}

/// The kinds of parameter a defined rule takes (`define cage(total: number, cells: cells)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    Number,
    Cell,
    /// A list of cells in order: a line, a cage, a row read from one side.
    Cells,
    /// A list of numbers in order, repeats kept (`{1, 1, 2}`: a quadruple's digits).
    Numbers,
}

impl ParamKind {
    /// The kind a definition names (`number`, `cell`, `cells`, `numbers`).
    pub fn from_name(name: &str) -> Option<ParamKind> {
        match name {
            "number" => Some(ParamKind::Number),
            "cell" => Some(ParamKind::Cell),
            "cells" => Some(ParamKind::Cells),
            "numbers" => Some(ParamKind::Numbers),
            _ => None,
        }
    }
}

/// A rule written as one call of a defined rule (`rule cage(15, r1c1 r1c2)`): the family and
/// its arguments, kept beside the expansion so a backend can recognise the family (a cage, a
/// line, an outside clue) without reading the algebra back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    pub name: String,
    pub args: Vec<Arg>,
    /// The standard library's rule, with none of the library's rules replaced by a model's
    /// `define`: a backend may then rely on what the name means (the builtin search's
    /// propagators for sandwiches, X-sums, skyscrapers do).
    pub library: bool,
}

/// One argument of a family's call, as the definition's parameter kind reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A number; `None` when it is an expression of cell values rather than a constant.
    Number(Option<i64>),
    Cell(Cell),
    Cells(Vec<Cell>),
    Numbers(Vec<i64>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The name the user gave, or one made from the sets (`rows`, `columns`), for messages.
    pub name: String,
    /// Whether the user named the rule; a named rule's LP rows start with its name.
    pub named: bool,
    pub span: Span,
    pub kind: RuleKind,
    /// The defined rule this one calls, when it is a single call.
    pub family: Option<Family>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleKind {
    /// Every area's cells take pairwise different values.
    Distinct(Vec<Area>),
    /// A condition that must hold; `vars` is how many variables it binds.
    Expr {
        expr: Expr,
        vars: usize,
        formulation: Formulation,
    },
}

/// A named list of cells: a row (`r1`), a column (`c1`), a box (`b1`), a diagonal (`d1`,
/// `d2`), a region (its letter), or an area the model defines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// Short, for LP row names: `r1`, `c1`, `b1`, `d1`, a region's letter, an area's name.
    pub name: String,
    /// For sentences: `row 1`, `box 5`, `the main diagonal`, `region A`, `area cage1`.
    pub label: String,
    pub cells: Vec<Cell>,
}

impl Puzzle {
    pub fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    pub fn value_count(&self) -> usize {
        (self.hi - self.lo + 1) as usize
    }

    pub fn values(&self) -> impl Iterator<Item = i64> + Clone + use<> {
        self.lo..=self.hi
    }

    pub fn cell(&self, row: usize, col: usize) -> Cell {
        row * self.cols + col
    }

    /// The cells at the relation's offsets from `cell`, inside the grid, in row-major order.
    pub fn neighbours(&self, rel: RelId, cell: Cell) -> Vec<Cell> {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        let mut out: Vec<Cell> = self.relations[rel]
            .offsets
            .iter()
            // (An offset may be as large as a 64-bit number: a reach past any grid.)
            .map(|&(dr, dc)| (r.saturating_add(dr), c.saturating_add(dc)))
            .filter(|&(nr, nc)| {
                nr >= 0 && nc >= 0 && nr < self.rows as i64 && nc < self.cols as i64
            })
            .map(|(nr, nc)| nr as usize * self.cols + nc as usize)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every unordered pair of cells related by `rel`, each once, `(a, b)` with `a < b`.
    pub fn relation_pairs(&self, rel: RelId) -> Vec<(Cell, Cell)> {
        (0..self.cell_count())
            .flat_map(|a| {
                self.neighbours(rel, a)
                    .into_iter()
                    .filter(move |&b| b > a)
                    .map(move |b| (a, b))
            })
            .collect()
    }

    /// `r3c7`, 1-based, as puzzle people write it.
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("r{}c{}", cell / self.cols + 1, cell % self.cols + 1)
    }
}

/// The one-character form of a value in the community one-line format: digits, then letters
/// for 10 and above (`A` is 10). Values that have no such character are written as `?`.
pub fn value_char(v: i64) -> char {
    match v {
        0..=9 => char::from(b'0' + v as u8),
        10..=35 => char::from(b'A' + (v - 10) as u8),
        _ => '?',
    }
}
