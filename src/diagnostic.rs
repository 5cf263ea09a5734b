//! Errors as data. Every mistake in a model is a `Diagnostic`: a span in one source, a kind
//! whose `Display` is the one sentence the user reads, and optionally a second span ("first
//! defined here"). Rendering (file:line:column, the source line, the span underlined) is done
//! once, here, with miette's graphical handler.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

/// A byte range in a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(s: pest::Span<'_>) -> Self {
        Span::new(s.start(), s.end())
    }
}

/// Which text a span points into: the model file, or the `--givens` argument that replaces
/// the model's givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Model,
    GivensArg,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub origin: Origin,
    pub span: Span,
    pub kind: ErrorKind,
    /// A second place worth showing, with its label ("first defined here").
    pub related: Option<(Span, String)>,
}

impl Diagnostic {
    pub fn new(span: Span, kind: ErrorKind) -> Self {
        Diagnostic {
            origin: Origin::Model,
            span,
            kind,
            related: None,
        }
    }

    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related = Some((span, label.into()));
        self
    }
}

/// Everything that can be wrong with a model. The `Display` impl is the message; `label` is
/// the short text under the underlined span; `help` says what would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    NotUtf8 {
        byte: u8,
    },
    EmptyFile,
    Syntax {
        expected: String,
        found: String,
        suggestion: Option<String>,
    },
    MissingGrid,
    DuplicateStatement {
        what: &'static str,
    },
    GridTooSmall,
    GridTooLarge {
        rows: u64,
        cols: u64,
    },
    BoxesWithoutGrid,
    BoxesDontTile {
        rows: usize,
        cols: usize,
        box_rows: u64,
        box_cols: u64,
    },
    EmptyValueRange {
        lo: u64,
        hi: u64,
    },
    ValueRangeTooLarge {
        lo: u64,
        hi: u64,
    },
    UnknownSet {
        name: String,
        suggestion: Option<String>,
    },
    NoBoxes,
    DuplicateName {
        name: String,
    },
    CellOutsideGrid {
        cell: String,
        rows: usize,
        cols: usize,
    },
    DuplicateCell {
        cell: String,
    },
    BadGivenToken {
        token: String,
    },
    GivenOutOfRange {
        token: String,
        value: i64,
        lo: i64,
        hi: i64,
    },
    GivensRowLength {
        row: usize,
        expected: usize,
        found: usize,
    },
    GivensRowCount {
        expected: usize,
        found: usize,
    },
    OneLineLength {
        expected: usize,
        found: usize,
    },
    RegionRowLength {
        what: &'static str,
        row: usize,
        expected: usize,
        found: usize,
    },
    RegionRowCount {
        what: &'static str,
        expected: usize,
        found: usize,
    },
    BadRegionToken {
        token: String,
    },
    UnknownName {
        name: String,
        suggestion: Option<String>,
    },
    UnknownFunction {
        name: String,
        suggestion: Option<String>,
    },
    TypeMismatch {
        expected: &'static str,
        found: &'static str,
    },
    ArgumentCount {
        name: String,
        expected: usize,
        found: usize,
    },
    NeverHolds {
        detail: String,
    },
    EmptyQuantifier {
        set: String,
    },
    NoMarks,
    UnknownMark {
        mark: String,
    },
    PairsNeedPairBinder {
        set: String,
    },
    FamilyNotASet {
        name: String,
    },
    UnknownRelation {
        name: String,
    },
    UnknownFormulation {
        name: String,
    },
    UnknownEncoding {
        name: String,
    },
    ValueTooLarge,
    Unsupported {
        rule: String,
        what: String,
    },
    AreaTooLarge {
        rule: String,
        area: String,
        cells: usize,
        values: usize,
    },
    GivensConflict {
        rule: String,
        area: String,
        value: i64,
        first: String,
        second: String,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            NotUtf8 { byte } => write!(
                f,
                "the file is not UTF-8 text: byte 0x{byte:02x} cannot start or continue a character"
            ),
            EmptyFile => write!(
                f,
                "the file is empty: a model needs at least a grid line such as `grid 9x9`"
            ),
            Syntax {
                expected, found, ..
            } => write!(f, "expected {expected}, found {found}"),
            MissingGrid => write!(
                f,
                "the model has no `grid` line, so sdkc does not know the size of the puzzle"
            ),
            DuplicateStatement { what } => {
                write!(f, "a second `{what}` line: a model has at most one")
            }
            GridTooSmall => write!(f, "a grid needs at least one row and one column"),
            GridTooLarge { rows, cols } => write!(
                f,
                "a {rows}x{cols} grid is larger than sdkc supports (at most 256x256)"
            ),
            BoxesWithoutGrid => {
                write!(f, "`boxes` needs a `grid` line to say the size of the grid")
            }
            BoxesDontTile {
                rows,
                cols,
                box_rows,
                box_cols,
            } => write!(
                f,
                "boxes of {box_rows}x{box_cols} do not tile a {rows}x{cols} grid"
            ),
            EmptyValueRange { lo, hi } => write!(f, "the value range {lo}..{hi} is empty"),
            ValueRangeTooLarge { lo, hi } => write!(
                f,
                "the value range {lo}..{hi} is larger than sdkc supports (at most 256 values, each at most 1000)"
            ),
            UnknownSet { name, .. } => write!(f, "unknown set `{name}`"),
            NoBoxes => write!(f, "this grid has no boxes, so the set `boxes` is empty"),
            DuplicateName { name } => write!(f, "the name `{name}` is defined twice"),
            CellOutsideGrid { cell, rows, cols } => {
                write!(f, "cell {cell} is outside the {rows}x{cols} grid")
            }
            DuplicateCell { cell } => write!(f, "cell {cell} is listed twice in this area"),
            BadGivenToken { token } => write!(f, "`{token}` is not a value or an empty cell"),
            GivenOutOfRange {
                token,
                value,
                lo,
                hi,
            } => write!(
                f,
                "given `{token}` is {value}, outside the values {lo}..{hi}"
            ),
            GivensRowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "givens row {row} has {}, but the grid has {expected} columns",
                cells(*found)
            ),
            GivensRowCount { expected, found } => write!(
                f,
                "the givens have {found} rows, but the grid has {expected}"
            ),
            OneLineLength { expected, found } => write!(
                f,
                "the one-line givens have {found} characters, but the grid has {expected} cells"
            ),
            RegionRowLength {
                what,
                row,
                expected,
                found,
            } => {
                write!(
                    f,
                    "{what} row {row} has {}, but the grid has {expected} columns",
                    cells(*found)
                )
            }
            RegionRowCount {
                what,
                expected,
                found,
            } => {
                write!(
                    f,
                    "the {what} has {found} rows, but the grid has {expected}"
                )
            }
            BadRegionToken { token } => write!(f, "`{token}` is not a region letter"),
            UnknownName { name, .. } => write!(f, "unknown name `{name}`"),
            UnknownFunction { name, .. } => write!(f, "unknown function `{name}`"),
            TypeMismatch { expected, found } => write!(f, "expected {expected}, found {found}"),
            ArgumentCount {
                name,
                expected,
                found,
            } => {
                write!(
                    f,
                    "`{name}` takes {expected} argument{}, found {found}",
                    if *expected == 1 { "" } else { "s" }
                )
            }
            NeverHolds { detail } => write!(f, "this comparison can never hold: {detail}"),
            EmptyQuantifier { set } => {
                write!(f, "the quantifier ranges over `{set}`, which is empty")
            }
            NoMarks => write!(f, "the model has no `marks` block, so no cell has a mark"),
            UnknownMark { mark } => write!(f, "no cell is marked `{mark}`"),
            PairsNeedPairBinder { set } => write!(
                f,
                "`{set}` is a set of cell pairs: bind two names, as in `for (a, b) in {set}`"
            ),
            FamilyNotASet { name } => {
                write!(f, "`{name}` is a family of areas, not one set of cells")
            }
            UnknownRelation { name } => write!(f, "unknown relation `{name}`"),
            UnknownFormulation { name } => write!(f, "unknown formulation `{name}`"),
            UnknownEncoding { name } => write!(f, "unknown encoding `{name}`"),
            ValueTooLarge => write!(f, "this number is too large"),
            Unsupported { rule, what } => write!(
                f,
                "rule `{rule}` uses something sdkc cannot encode yet: {what}"
            ),
            AreaTooLarge {
                rule,
                area,
                cells,
                values,
            } => write!(
                f,
                "rule `{rule}` can never hold: {area} has {cells} cells but there are only {values} values"
            ),
            GivensConflict {
                rule,
                area,
                value,
                first,
                second,
            } => write!(
                f,
                "the givens already break rule `{rule}`: {first} and {second} are both {value} in {area}"
            ),
        }
    }
}

impl ErrorKind {
    /// The short text printed under the underlined span.
    pub fn label(&self) -> String {
        use ErrorKind::*;
        match self {
            NotUtf8 { .. } => "not UTF-8".into(),
            EmptyFile => "empty".into(),
            Syntax { .. } => "unexpected here".into(),
            MissingGrid => "no grid line in this file".into(),
            DuplicateStatement { .. } => "second one".into(),
            GridTooSmall | GridTooLarge { .. } => "grid size".into(),
            BoxesWithoutGrid => "no grid size yet".into(),
            BoxesDontTile { .. } => "box shape".into(),
            EmptyValueRange { .. } | ValueRangeTooLarge { .. } => "value range".into(),
            UnknownSet { .. } => "not a set".into(),
            NoBoxes => "no boxes in this grid".into(),
            DuplicateName { .. } => "defined again here".into(),
            CellOutsideGrid { .. } => "outside the grid".into(),
            DuplicateCell { .. } => "listed again".into(),
            BadGivenToken { .. } => "not a value".into(),
            GivenOutOfRange { .. } => "out of range".into(),
            GivensRowLength { found, .. } | RegionRowLength { found, .. } => cells(*found),
            GivensRowCount { found, .. } | RegionRowCount { found, .. } => format!("{found} rows"),
            OneLineLength { found, .. } => format!("{found} characters"),
            BadRegionToken { .. } => "not a letter".into(),
            UnknownName { .. } => "not defined".into(),
            UnknownFunction { .. } => "no such function".into(),
            TypeMismatch { found, .. } => format!("this is {found}"),
            ArgumentCount { .. } => "here".into(),
            NeverHolds { .. } => "always false".into(),
            EmptyQuantifier { .. } => "empty".into(),
            NoMarks => "mark used here".into(),
            UnknownMark { .. } => "not in the marks block".into(),
            PairsNeedPairBinder { .. } | FamilyNotASet { .. } => "here".into(),
            UnknownRelation { .. } => "not a relation".into(),
            UnknownFormulation { .. } | UnknownEncoding { .. } => "unknown".into(),
            ValueTooLarge => "too large".into(),
            Unsupported { .. } => "this rule".into(),
            AreaTooLarge { .. } => "too many cells for the values".into(),
            GivensConflict { second, .. } => second.to_string(),
        }
    }

    pub fn help(&self) -> Option<String> {
        use ErrorKind::*;
        match self {
            NotUtf8 { .. } => Some("save the model as UTF-8 (plain text)".into()),
            Syntax { suggestion: Some(s), .. } => Some(format!("did you mean `{s}`?")),
            EmptyFile => Some("see examples/classic.sdk for a complete model".into()),
            MissingGrid => Some("add a line such as `grid 9x9` (rows x columns)".into()),
            BoxesDontTile { rows, cols, .. } => Some(format!(
                "box height must divide {rows} and box width must divide {cols}; for example {}",
                tiling_example(*rows, *cols)
            )),
            EmptyValueRange { .. } => Some("write the smallest value first, as in `values 1..9`".into()),
            UnknownName { suggestion: Some(s), .. } | UnknownFunction { suggestion: Some(s), .. } => {
                Some(format!("did you mean `{s}`?"))
            }
            UnknownFunction { suggestion: None, .. } => Some(
                "the functions are row(c), col(c), and a relation or stencil applied to a cell (orthogonal(c), diagonal(c), king(c), knight(c))".into(),
            ),
            NoMarks => Some("add a `marks { ... }` block: one token of mark symbols per cell, `.` for none".into()),
            FamilyNotASet { name } => Some(format!("use `distinct {name}`, or quantify over one of its areas")),
            UnknownRelation { .. } => Some("the built-in stencils are orthogonal, diagonal, king and knight; or write `offsets (0,1) (1,0)`".into()),
            UnknownFormulation { .. } => Some("the formulations are `table` (the default), `pairs` and `bigm`".into()),
            UnknownEncoding { .. } => Some("the encodings are `onehot` (the default) and `integer`".into()),
            UnknownSet { suggestion: Some(s), .. } => Some(format!("did you mean `{s}`?")),
            UnknownSet { suggestion: None, .. } => Some(
                "the sets are cells, rows, columns, boxes, diagonals, diagonal, antidiagonal, regions, and the areas this file defines".into(),
            ),
            NoBoxes => Some("add a line such as `boxes 3x3` after the grid line".into()),
            CellOutsideGrid { rows, cols, .. } => Some(format!("rows run from 1 to {rows} and columns from 1 to {cols}")),
            BadGivenToken { .. } => Some("write a value as a number (`7`, `12`) or a letter for values above 9 (`A` is 10); `.` is an empty cell".into()),
            GivensRowLength { .. } | RegionRowLength { .. } => Some("write one grid row per line; `|` and `-+-` lines are ignored".into()),
            OneLineLength { .. } => Some("one character per cell, row by row; `.` or `0` for an empty cell".into()),
            BadRegionToken { .. } => Some("draw each region with one letter; `.` marks a cell in no region".into()),
            AreaTooLarge { .. } => Some("enlarge the value set with `values LO..HI`, or make the area smaller".into()),
            GivensConflict { .. } => Some("one of these givens is wrong; fix or remove it".into()),
            _ => None,
        }
    }
}

/// "1 cell", "3 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".into()
    } else {
        format!("{n} cells")
    }
}

fn tiling_example(rows: usize, cols: usize) -> String {
    let r = (1..=rows)
        .rev()
        .find(|d| rows.is_multiple_of(*d) && d * d <= rows)
        .unwrap_or(1);
    let c = (1..=cols)
        .rev()
        .find(|d| cols.is_multiple_of(*d) && d * d <= cols)
        .unwrap_or(1);
    let (r, c) = if rows == cols && r * c != rows {
        (r, cols / r)
    } else {
        (r, c)
    };
    format!("`boxes {r}x{c}`")
}

/// A source text that diagnostics point into, with the name printed before `:line:column`.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Debug)]
struct Report {
    message: String,
    help: Option<String>,
    src: NamedSource<String>,
    labels: Vec<LabeledSpan>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for Report {}
impl miette::Diagnostic for Report {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// Render one diagnostic as plain text (no colour, so snapshots and logs read the same):
/// `× message`, then `╭─[file:line:column]`, the source lines with the span underlined, and help.
pub fn render(diag: &Diagnostic, source: &Source) -> String {
    let span = clamp(diag.span, source.text);
    let mut labels = vec![LabeledSpan::new_primary_with_span(
        Some(diag.kind.label()),
        to_miette(span),
    )];
    if let Some((rel, label)) = &diag.related {
        labels.push(LabeledSpan::new_with_span(
            Some(label.clone()),
            to_miette(clamp(*rel, source.text)),
        ));
    }
    let report = Report {
        message: diag.kind.to_string(),
        help: diag.kind.help(),
        src: NamedSource::new(source.name, source.text.to_string()),
        labels,
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    if handler.render_report(&mut out, &report).is_err() {
        // Rendering into a String cannot fail in practice; fall back to the one-line form.
        let (l, c) = line_col(source.text, span.start);
        out = format!("{}:{l}:{c}: {}\n", source.name, diag.kind);
    }
    out
}

/// The one-line form, `file:line:column: message`, for `--json` and logs.
pub fn one_line(diag: &Diagnostic, source: &Source) -> String {
    let (l, c) = line_col(source.text, diag.span.start);
    format!("{}:{l}:{c}: {}", source.name, diag.kind)
}

fn clamp(span: Span, text: &str) -> Span {
    let start = floor_char_boundary(text, span.start.min(text.len()));
    let end = floor_char_boundary(text, span.end.min(text.len())).max(start);
    Span::new(start, end)
}

fn to_miette(span: Span) -> SourceSpan {
    SourceSpan::new(span.start.into(), span.end - span.start)
}
