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
        cells: Vec<Spanned<CellRef>>,
    },
    Rule {
        name: Option<Spanned<String>>,
        body: RuleBody,
    },
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
}
