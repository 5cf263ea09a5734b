//! The analyzed model: a puzzle with every name resolved, every set expanded to cells and every
//! given checked. It knows nothing about MIPs; the lowering, the checker and the solvers all
//! start from here.

use crate::diagnostic::Span;

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
    pub rules: Vec<Rule>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The name the user gave, or one made from the sets (`rows`, `columns`), for messages.
    pub name: String,
    /// Whether the user named the rule; a named rule's LP rows start with its name.
    pub named: bool,
    pub span: Span,
    pub kind: RuleKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleKind {
    /// Every area's cells take pairwise different values.
    Distinct(Vec<Area>),
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
