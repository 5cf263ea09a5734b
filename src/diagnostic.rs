//! Errors as data. Every mistake in a model is a `Diagnostic`: a span in one source, a kind
//! whose `Display` is the one sentence the user reads, and optionally a second span ("first
//! defined here"). Rendering (file:line:column, the source line, the span underlined) is done
//! once, here, with miette's graphical handler.

use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

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
    /// Brackets, `|...|`, quantifiers and operator chains nested past `limit` levels.
    TooDeep {
        limit: usize,
    },
    /// A rule whose quantifiers would expand to more than `limit` terms.
    RuleTooLarge {
        rule: String,
        estimate: u128,
        limit: u64,
    },
    /// The MIP of the whole model would be larger than `limit` non-zeros.
    ModelTooLarge {
        /// The rule being lowered when the count passed the limit; none for an estimate made
        /// before lowering.
        rule: Option<String>,
        estimate: u128,
        limit: u64,
    },
    /// A coefficient of the MIP past what the solvers' tolerances keep exact.
    CoefficientTooLarge {
        rule: String,
        coefficient: i64,
        limit: i64,
    },
    /// A row or column name of the MIP longer than the solvers read reliably.
    MipNameTooLong {
        name: String,
        limit: usize,
    },
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
        /// The values are separated by commas (counted as values, not characters).
        commas: bool,
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
    /// A comparison (`what`) that holds for every grid or for none (`holds`), which makes its
    /// rule constant (`rule_holds`); `detail` gives the ranges that decide it.
    ConstantCondition {
        what: &'static str,
        holds: bool,
        rule_holds: bool,
        detail: String,
    },
    /// The divisor of `/` or `%` (`op`) reads cell values.
    DivisorNotKnown {
        op: &'static str,
    },
    /// The divisor of `/` or `%` is 0, or its range `lo..hi` holds 0.
    DivisionByZero {
        op: &'static str,
        lo: i64,
        hi: i64,
    },
    /// A range `lo..hi` in a set `{...}` with `lo > hi`.
    EmptySetRange {
        lo: i64,
        hi: i64,
    },
    EmptyQuantifier {
        set: String,
        /// It takes pairs (`for (a, b) in line`), so one cell is too few.
        pairs: bool,
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
    /// A function of the language used where a set to quantify over belongs (`c in row(1)`).
    FunctionNotASet {
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
    /// A product or a sum that may be past `analyze::MAX_MAGNITUDE` in size.
    ExpressionTooLarge {
        magnitude: u64,
    },
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
    /// A run of a path (`r1c1-r2c3`) that is not along a row, a column or a diagonal.
    PathNotStraight {
        from: String,
        to: String,
    },
    /// A parameter kind other than `number`, `cell` and `cells`.
    UnknownParamKind {
        kind: String,
    },
    /// An argument of the wrong kind for a defined rule's parameter.
    ArgumentKind {
        rule: String,
        param: String,
        expected: &'static str,
        found: &'static str,
    },
    /// A library pill arrow's pill of more than three cells, whose leading digits its
    /// definition would leave out.
    PillTooLong {
        cells: usize,
    },
    /// A definition that calls itself, directly or through others.
    RecursiveDefinition {
        name: String,
    },
    /// A mistake inside a defined rule, for the arguments of one call: the rule, the mistake's
    /// message, and where the rule is defined when that is not the model (the library).
    InDefinition {
        rule: String,
        message: String,
        library: bool,
        /// The inner mistake's help, if it has one.
        inner_help: Option<String>,
    },
    /// A `define` whose name is a built-in function's.
    ReservedName {
        name: String,
    },
    /// Calls of defined rules nested past `limit` levels.
    CallsTooDeep {
        limit: usize,
    },
    /// `pos(c, L)` of a cell that is not on the list.
    NotOnList {
        cell: String,
    },
    /// A number that must be known before solving (`what`: the place in `at(L, i)`, an end of
    /// `range(a, b)`) reads cell values.
    NotKnown {
        what: &'static str,
    },
    /// `at(L, i)` with `i` outside `1..=len`.
    PlaceOutsideList {
        place: i64,
        len: usize,
    },
    /// A rule whose calls of defined rules and quantifiers over numbers expand past `limit`
    /// copies of their bodies.
    TooManyCalls {
        limit: usize,
    },
    /// A rule nested past `limit` levels once the rules it calls are written out in it.
    ExpandedTooDeep {
        limit: usize,
    },
    /// A rule of more than `limit` operators and operands once its calls are written out.
    RuleTooLong {
        limit: usize,
    },
    /// A model whose rules together are more than `limit` operators and operands once their
    /// calls are written out.
    RulesTooLarge {
        limit: usize,
    },
    /// A set of numbers (`range(a, b)`, `{1..n}`) with more than `limit` members.
    TooManyNumbers {
        limit: usize,
    },
}

impl fmt::Display for ErrorKind {
    /// The message, with any name quoted in it clipped (`clip_quoted`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&clip_quoted(&Unclipped(self).to_string()))
    }
}

/// The longest name a message quotes whole.
const QUOTED: usize = 60;

/// Each `quoted` part of `message` longer than `QUOTED` characters as its first 40, `…`, and
/// its length: a 5 MB identifier made a 5 MB message, twice over, where the source line it
/// stands in is already shown as a window.
pub fn clip_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..=open]);
        let n = inner.chars().count();
        if n > QUOTED {
            out.push_str(&clip_name(inner));
            out.push_str(&format!("` ({} characters)", thousands(n as u128)));
        } else {
            out.push_str(inner);
            out.push('`');
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    // A backquote inside a name (`z`zzz…`) pairs the quotes wrongly: then any word still too
    // long is clipped the same way.
    if out.len() > 2000 {
        out = out
            .split(' ')
            .map(|w| {
                let n = w.chars().count();
                if n > QUOTED {
                    format!("{} ({} characters)", clip_name(w), thousands(n as u128))
                } else {
                    w.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
    }
    out
}

/// A name as a message quotes it: whole up to `QUOTED` characters, else its first 40 and `…`.
pub fn clip_name(name: &str) -> String {
    if name.chars().count() > QUOTED {
        let mut head: String = name.chars().take(40).collect();
        head.push('…');
        head
    } else {
        name.to_string()
    }
}

/// An `ErrorKind`'s message as its fields make it.
struct Unclipped<'a>(&'a ErrorKind);

impl fmt::Display for Unclipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self.0 {
            NotUtf8 { byte } => write!(
                f,
                "the file is not UTF-8 text: byte 0x{byte:02x} cannot start or continue a character"
            ),
            EmptyFile => write!(
                f,
                "the file is empty: a model needs at least a grid line such as `grid 9x9`"
            ),
            TooDeep { limit } => write!(
                f,
                "this expression nests more than {limit} levels deep (brackets, `|...|`, quantifiers and chained operators count), more than sdkc accepts"
            ),
            RuleTooLarge {
                rule,
                estimate,
                limit,
            } => write!(
                f,
                "rule `{rule}` would expand to about {} terms, more than the {} sdkc accepts",
                thousands(*estimate),
                thousands(u128::from(*limit))
            ),
            ModelTooLarge {
                rule: None,
                estimate,
                limit,
            } => write!(
                f,
                "this model's MIP would have about {} non-zeros, more than the {} sdkc writes (about 1.6 GB of memory to write)",
                thousands(*estimate),
                thousands(u128::from(*limit))
            ),
            ModelTooLarge {
                rule: Some(rule),
                limit,
                ..
            } => write!(
                f,
                "rule `{rule}` takes this model's MIP past what sdkc writes: {} non-zeros or {} rows (about 2 GB of memory)",
                thousands(u128::from(*limit)),
                thousands(u128::from(crate::lower::MAX_ROWS))
            ),
            CoefficientTooLarge {
                rule,
                coefficient,
                limit,
            } => write!(
                f,
                "rule `{rule}` gives the MIP a coefficient of {}, past the {} that the MIP solvers' tolerances keep exact (GLPK takes a column within 0.00001 of a whole number for whole, so a row may be off by the coefficient times that)",
                thousands(coefficient.unsigned_abs().into()),
                thousands((*limit as u64).into())
            ),
            // (`clip_quoted` adds the name's length: such a name is always clipped.)
            MipNameTooLong { name, limit } => write!(
                f,
                "this rule names a row or column of the MIP `{name}`, longer than the {limit} characters the MIP solvers read reliably (CBC misreads an MPS file past about 150)"
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
            NoBoxes => write!(f, "this grid has no boxes: the model has no `boxes` line"),
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
            OneLineLength {
                expected,
                found,
                commas,
            } => write!(
                f,
                "the one-line givens have {found} {}, but the grid has {expected} cells",
                if *commas { "values" } else { "characters" }
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
            PathNotStraight { from, to } if from == to => {
                write!(f, "{from}-{to} runs from a cell to itself")
            }
            PathNotStraight { from, to } => write!(f, "{from}-{to} is not a straight run"),
            UnknownParamKind { kind } => write!(f, "unknown parameter kind `{kind}`"),
            ArgumentKind {
                rule,
                param,
                expected,
                found,
            } => write!(f, "`{rule}` takes {expected} as `{param}`, found {found}"),
            PillTooLong { cells } => write!(
                f,
                "`pill_arrow` reads a pill of one to three cells as a number, not one of {cells}"
            ),
            RecursiveDefinition { name } => write!(
                f,
                "`{name}` calls itself: a defined rule cannot call itself, directly or through other rules"
            ),
            InDefinition {
                rule,
                message,
                library: true,
                ..
            } => write!(f, "in `{rule}` (a rule of the standard library): {message}"),
            ReservedName { name } => {
                write!(f, "`{name}` is a built-in function and cannot be defined")
            }
            CallsTooDeep { limit } => write!(
                f,
                "calls of defined rules nest more than {limit} levels deep"
            ),
            InDefinition { rule, message, .. } => write!(f, "in `{rule}`: {message}"),
            NotOnList { cell } => {
                write!(f, "{cell} is not on the list, so it has no position on it")
            }
            NotKnown { what } => write!(f, "{what} must be a number known before solving"),
            PlaceOutsideList { place, len } => {
                write!(
                    f,
                    "place {place} is outside the list, which has {len} cells"
                )
            }
            TooManyCalls { limit } => write!(
                f,
                "this rule expands to more than {} copies once its calls of defined rules and its quantifiers over numbers are written out",
                thousands(*limit as u128)
            ),
            ExpandedTooDeep { limit } => write!(
                f,
                "this nests more than {limit} levels deep once the defined rules it is in are written out where they are called, more than sdkc accepts"
            ),
            RuleTooLong { limit } => write!(
                f,
                "this rule is more than {} operators and operands long once its calls of defined rules and its quantifiers over numbers are written out, more than sdkc accepts",
                thousands(*limit as u128)
            ),
            RulesTooLarge { limit } => write!(
                f,
                "the model's rules are more than {} operators and operands long together, once their calls of defined rules and their quantifiers over numbers are written out, more than sdkc accepts",
                thousands(*limit as u128)
            ),
            TooManyNumbers { limit } => write!(
                f,
                "this set holds more than {} numbers",
                thousands(*limit as u128)
            ),
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
            ConstantCondition {
                what,
                holds,
                rule_holds,
                detail,
            } => match (holds, rule_holds) {
                (false, false) => write!(f, "this {what} can never hold: {detail}"),
                (true, false) => write!(
                    f,
                    "this {what} always holds, which makes the rule never hold: {detail}"
                ),
                (false, true) => write!(
                    f,
                    "this {what} can never hold, which makes the rule hold for every grid: {detail}"
                ),
                // (Not reported: such a rule is kept.)
                (true, true) => write!(
                    f,
                    "this {what} always holds, and so does the rule: {detail}"
                ),
            },
            DivisorNotKnown { op } => write!(
                f,
                "the divisor of `{op}` must be known before solving, but this depends on cell values"
            ),
            DivisionByZero { op, lo: 0, hi: 0 } => {
                write!(f, "division by 0: the divisor of `{op}` is 0")
            }
            DivisionByZero { op, lo, hi } => write!(
                f,
                "the divisor of `{op}` can be 0: it is between {lo} and {hi}"
            ),
            EmptySetRange { lo, hi } => write!(f, "the range {lo}..{hi} in this set is empty"),
            EmptyQuantifier { set, .. } if set == "steps" => write!(
                f,
                "the line has fewer than two cells, so it has no steps (pairs of neighbouring cells)"
            ),
            EmptyQuantifier { set, pairs: true } => write!(
                f,
                "the quantifier takes pairs of cells from `{set}`, which has fewer than two"
            ),
            EmptyQuantifier { set, .. } => {
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
            FunctionNotASet { name } => {
                write!(
                    f,
                    "`{name}(...)` is a function's value, not a set to quantify over"
                )
            }
            UnknownRelation { name } => write!(f, "unknown relation `{name}`"),
            UnknownFormulation { name } => write!(f, "unknown formulation `{name}`"),
            UnknownEncoding { name } => write!(f, "unknown encoding `{name}`"),
            ValueTooLarge => write!(f, "this number is too large"),
            ExpressionTooLarge { magnitude } => {
                if *magnitude >= i64::MAX as u64 {
                    write!(f, "this can be larger than 64-bit numbers hold")?;
                } else {
                    write!(f, "this can be {magnitude} in size")?;
                }
                write!(
                    f,
                    "; sdkc computes with numbers up to {}",
                    crate::analyze::MAX_MAGNITUDE
                )
            }
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
            TooDeep { limit } => format!("level {} starts here", limit + 1),
            RuleTooLarge { .. } => "this rule".into(),
            ModelTooLarge { rule: None, .. } => "the grid".into(),
            ModelTooLarge { .. } => "this rule".into(),
            MipNameTooLong { .. } | CoefficientTooLarge { .. } => "this rule".into(),
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
            OneLineLength { found, commas, .. } => {
                format!("{found} {}", if *commas { "values" } else { "characters" })
            }
            BadRegionToken { .. } => "not a letter".into(),
            UnknownName { .. } => "not defined".into(),
            UnknownFunction { .. } => "no function or rule of this name".into(),
            TypeMismatch { found, .. } => format!("this is {found}"),
            ArgumentCount { .. } => "here".into(),
            PillTooLong { .. } => "this pill".into(),
            ConstantCondition { holds: false, .. } => "always false".into(),
            ConstantCondition { holds: true, .. } => "always true".into(),
            DivisorNotKnown { .. } => "depends on cell values".into(),
            DivisionByZero { lo: 0, hi: 0, .. } => "is 0".into(),
            DivisionByZero { .. } => "can be 0".into(),
            EmptySetRange { .. } => "empty range".into(),
            EmptyQuantifier { pairs: true, .. } => "fewer than two cells".into(),
            EmptyQuantifier { .. } => "empty".into(),
            NoMarks => "mark used here".into(),
            UnknownMark { .. } => "not in the marks block".into(),
            PairsNeedPairBinder { .. } | FamilyNotASet { .. } | FunctionNotASet { .. } => {
                "here".into()
            }
            UnknownRelation { .. } => "not a relation".into(),
            UnknownFormulation { .. } | UnknownEncoding { .. } => "unknown".into(),
            ValueTooLarge | ExpressionTooLarge { .. } => "too large".into(),
            Unsupported { .. } => "this rule".into(),
            AreaTooLarge { .. } => "too many cells for the values".into(),
            GivensConflict { second, .. } => second.to_string(),
            PathNotStraight { from, to } if from == to => "the same cell twice".into(),
            PathNotStraight { .. } => "not along a row, column or diagonal".into(),
            UnknownParamKind { .. } => "unknown kind".into(),
            ArgumentKind { found, .. } => format!("this is {found}"),
            RecursiveDefinition { name } => format!("calls `{name}` again"),
            InDefinition { .. } => "in this call".into(),
            ReservedName { .. } => "built-in".into(),
            CallsTooDeep { .. } => "too deep".into(),
            NotOnList { .. } => "not on the list".into(),
            NotKnown { .. } => "depends on the grid".into(),
            PlaceOutsideList { .. } => "outside the list".into(),
            TooManyCalls { .. } => "this rule".into(),
            ExpandedTooDeep { limit } => format!("level {} starts here", limit + 1),
            RuleTooLong { .. } | RulesTooLarge { .. } => "this rule".into(),
            TooManyNumbers { .. } => "this set".into(),
        }
    }

    pub fn help(&self) -> Option<String> {
        use ErrorKind::*;
        match self {
            NotUtf8 { .. } => Some("save the model as UTF-8 (plain text)".into()),
            DuplicateName { name } if crate::analyze::is_builtin_name(name) => Some(format!(
                "`{name}` is built in (the standard library's rules mean the built-in one); give yours another name"
            )),
            Syntax { suggestion: Some(s), .. } => Some(format!("did you mean `{s}`?")),
            EmptyFile => Some("see examples/classic.sdk for a complete model".into()),
            TooDeep { .. } => Some(
                "write a long sum as `sum(c in AREA: v[c])` and a long conjunction as `for c in AREA: ...`, or split the rule".into(),
            ),
            RuleTooLarge { .. } => Some(
                "narrow the quantifiers with `where`, iterate a relation's pairs (`for (a, b) in king`) instead of all pairs of cells, or split the rule".into(),
            ),
            ModelTooLarge { rule: None, .. } => {
                Some("use a smaller grid or fewer values".into())
            }
            ModelTooLarge { .. } => Some(
                "narrow the rule's quantifiers with `where`, or split it into smaller rules".into(),
            ),
            CoefficientTooLarge { .. } => Some(
                "write the rule with smaller numbers, or use the builtin search (`--solver builtin`), which has no such limit".into(),
            ),
            MipNameTooLong { .. } => Some(
                "give the rule or its area a shorter name (the builtin search, `--solver builtin`, has no such limit)".into(),
            ),
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
                "the functions are row, col, box, boxpos, len, pos, first, last, reverse, distinct, minvalue, maxvalue and clued; the rules are the standard library's (`sdkc rules` lists them) and the model's own `define`s; a relation applied to a cell (`orthogonal(c)`, `king(c)`) or `steps(L)` is a set to quantify over, as in `for d in orthogonal(c): ...`".into(),
            ),
            NoMarks => Some("add a `marks { ... }` block: one token of mark symbols per cell, `.` for none".into()),
            FamilyNotASet { name } => Some(format!("use `distinct {name}`, or quantify over one of its areas")),
            FunctionNotASet { name } => Some(format!(
                "quantify over a set and filter it, as in `for c in cells where {name}(c) == 1`; the sets to quantify over are the model's sets and areas, a line, `steps(L)`, `reverse(L)` and a relation applied to a cell (`orthogonal(c)`)"
            )),
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
            OneLineLength { commas: false, .. } => Some("one character per cell, row by row; `.` or `0` for an empty cell".into()),
            OneLineLength { commas: true, .. } => Some("one value per cell, row by row, separated by commas; `.` or nothing for an empty cell".into()),
            BadRegionToken { .. } => Some("draw each region with one letter; `.` marks a cell in no region".into()),
            AreaTooLarge { .. } => Some("enlarge the value set with `values LO..HI`, or make the area smaller".into()),
            GivensConflict { .. } => Some("one of these givens is wrong; fix or remove it".into()),
            ConstantCondition { holds: true, rule_holds: false, .. } => Some(
                "a rule that no grid satisfies leaves the puzzle without a solution: check the numbers against the value range".into(),
            ),
            ConstantCondition { rule_holds: true, .. } => Some(
                "a rule that every grid satisfies says nothing: check the numbers against the value range".into(),
            ),
            DivisorNotKnown { op } => Some(format!(
                "divide by a number, or by an expression of numbers, `row(c)` and `col(c)`, as in `v[c] {op} 2`: a constant divisor keeps every solver exact"
            )),
            DivisionByZero { .. } => {
                Some("`/` and `%` need a divisor that is never 0".into())
            }
            PathNotStraight { from, to } if from == to => Some(format!(
                "write a cell once: `{from}` alone is a line of one cell; a path names the corners where the line turns, as in `r1c1-r1c5-r3c5`"
            )),
            PathNotStraight { from, to } => Some(match (cell_numbers(from), cell_numbers(to)) {
                (Some((r, _)), Some((_, c))) => format!(
                    "a path runs straight (along a row, a column or a diagonal) between the cells written: name each corner where the line turns, as in `{from}-r{r}c{c}-{to}`"
                ),
                _ => "a path runs straight (along a row, a column or a diagonal) between the cells written: name each corner where the line turns, as in `r1c1-r1c5-r3c5`".into(),
            }),
            UnknownParamKind { .. } => Some(
                "the kinds are `number`, `cell`, `cells` (a list of cells, in order: a line or a cage) and `numbers` (a list such as `{1, 1, 2}`)".into(),
            ),
            ArgumentKind { expected: "a number", .. } => Some(
                "write a number such as `15`, or an expression of numbers; the arguments go in the order of the rule's parameters".into(),
            ),
            ArgumentKind { expected: "a cell", .. } => Some(
                "write one cell such as `r1c1`; the arguments go in the order of the rule's parameters".into(),
            ),
            ArgumentKind { .. } => Some(
                "write the cells one by one (`r1c1 r1c2 r2c1`), as a path (`r1c1-r1c5`), or as an area's name; the arguments go in the order of the rule's parameters".into(),
            ),
            RecursiveDefinition { .. } => Some("write the repeated part as a quantifier (`for c in L: ...`)".into()),
            InDefinition {
                inner_help: Some(h),
                ..
            } => Some(h.clone()),
            ReservedName { .. } => Some(format!(
                "choose another name; the built-in functions are {}",
                crate::analyze::FUNCTIONS.join(", ")
            )),
            CallsTooDeep { .. } => Some("a chain of rules that each call the next: call the innermost directly".into()),
            InDefinition { rule, library: true, .. } => Some(format!(
                "`sdkc rules {rule}` shows what the rule takes and its definition"
            )),
            NotOnList { .. } => Some("`pos(c, L)` is the place of cell c on the list L (1 for its first cell): c must be one of L's cells".into()),
            EmptyQuantifier { set, .. } if set == "steps" => Some("a line needs at least two cells: write it as a path such as `r1c1-r1c4`".into()),
            TypeMismatch { expected: "a list of cells", .. } => Some(
                "a list is known before solving: cells written out (`r1c1 r1c2`), a path (`r1c1-r1c5`), an area's name or a `cells` parameter; a quantifier's name is one cell at a time, not a list".into(),
            ),
            ConstantCondition { holds: false, rule_holds: false, .. } => Some(
                "a rule that no grid satisfies leaves the puzzle without a solution: check the numbers (a clue, a total) against the value range and the cells".into(),
            ),
            ExpandedTooDeep { .. } => Some("a call writes the called rule's body in its place, so the nesting of a chain of calls adds up: nest the definitions less, or call fewer levels deep".into()),
            RuleTooLong { .. } | RulesTooLarge { .. } => Some("a call writes the called rule's body in its place, a rule that calls another twice doubles, and a quantifier over numbers is a copy of its body per number: call fewer, or quantify over cells".into()),
            TooManyCalls { .. } => Some("each call of a defined rule, and each number a quantifier over numbers takes, is a copy of its body, and nesting multiplies them: call or nest fewer, or quantify over cells".into()),
            TooManyNumbers { .. } => Some("a quantifier over numbers is written out once per number: quantify over cells or values instead".into()),
            EmptySetRange { lo, hi } => {
                Some(format!("write the smaller number first, as in `{hi}..{lo}`"))
            }
            _ => None,
        }
    }
}

/// The row and column of a cell written `r3c7`.
fn cell_numbers(cell: &str) -> Option<(u64, u64)> {
    let (r, c) = cell.strip_prefix('r')?.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
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

/// 1-based line and column (in characters) of a byte offset. Scans the text: for many
/// offsets into one text, build a `LineIndex` once.
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

/// Where each line of a text starts, found once: line and column of any offset are then a
/// binary search and a count of the characters before it on its line.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of each line's first byte: 0, then one past every `\n`.
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The 0-based line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    fn last_line(&self) -> usize {
        self.starts.len() - 1
    }

    /// Line `i`'s first byte, the end of its text (before its `\n`) and the start of the next.
    fn bounds(&self, text: &str, i: usize) -> (usize, usize, usize) {
        let next = self.starts.get(i + 1).copied().unwrap_or(text.len());
        let end = if next > self.starts[i] && text.as_bytes()[next - 1] == b'\n' {
            next - 1
        } else {
            next
        };
        (self.starts[i], end, next)
    }

    /// The text of 1-based line `line` of `text` (the text the index was built from), without
    /// its newline: `text.lines().nth(line - 1)` without reading the lines before it.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        if line == 0 || line > self.starts.len() {
            return "";
        }
        let (start, end, _) = self.bounds(text, line - 1);
        &text[start..end]
    }

    /// 1-based line and column (in characters) of a byte offset of `text`, the text the
    /// index was built from; the same as `line_col(text, offset)`.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line(offset);
        let col = text[self.starts[line]..offset].chars().count() + 1;
        (line + 1, col)
    }
}

/// How many mistakes of one kind (an `ErrorKind` variant) are shown: past these, the rest of
/// the kind are only counted, so a file with 20,000 bad givens is reported in a moment and a
/// screenful, not in 20,000 snippets.
pub const SHOWN_PER_KIND: usize = 20;

/// The line that follows the last mistake shown of a kind that had more: "19,980 more
/// mistakes like the one above (not shown)".
pub fn more_like_it(n: usize) -> String {
    if n == 1 {
        "1 more mistake like the one above (not shown)".into()
    } else {
        format!(
            "{} more mistakes like the one above (not shown)",
            thousands(n as u128)
        )
    }
}

#[derive(Debug)]
struct Report<'a> {
    message: String,
    help: Option<String>,
    src: Excerpt<'a>,
    labels: Vec<LabeledSpan>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for Report<'_> {}
impl miette::Diagnostic for Report<'_> {
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
/// Builds a `LineIndex` of the source: to render many diagnostics of one text, use
/// `render_with` and one index.
pub fn render(diag: &Diagnostic, source: &Source) -> String {
    render_with(diag, source, &LineIndex::new(source.text))
}

/// `render`, with the source's line index built once by the caller. Only the lines around the
/// spans are handed to the renderer, and a line longer than `LONG_LINE` characters is shown as
/// windows around the spans on it (`…` where text is left out); the header still gives the
/// span's true line and column.
pub fn render_with(diag: &Diagnostic, source: &Source, index: &LineIndex) -> String {
    let span = clamp(diag.span, source.text);
    let related = diag
        .related
        .as_ref()
        .map(|(rel, label)| (clamp(*rel, source.text), label));
    let mut spans = vec![span];
    spans.extend(related.as_ref().map(|(r, _)| *r));
    let (src, at) = Excerpt::new(source.name, source.text, index, &spans);
    let mut labels = vec![LabeledSpan::new_primary_with_span(
        Some(diag.kind.label()),
        to_miette(at[0]),
    )];
    if let Some((_, label)) = related {
        labels.push(LabeledSpan::new_with_span(
            Some(label.clone()),
            to_miette(at[1]),
        ));
    }
    let report = Report {
        message: diag.kind.to_string(),
        help: diag.kind.help(),
        src,
        labels,
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    if handler.render_report(&mut out, &report).is_err() {
        // Rendering into a String cannot fail in practice; fall back to the one-line form.
        let (l, c) = index.line_col(source.text, span.start);
        out = format!("{}:{l}:{c}: {}\n", source.name, diag.kind);
    }
    out
}

/// The one-line form, `file:line:column: message`, for `--json` and logs.
pub fn one_line(diag: &Diagnostic, source: &Source) -> String {
    let (l, c) = line_col(source.text, diag.span.start);
    format!("{}:{l}:{c}: {}", source.name, diag.kind)
}

/// `one_line`, with the source's line index built once by the caller.
pub fn one_line_with(diag: &Diagnostic, source: &Source, index: &LineIndex) -> String {
    let (l, c) = index.line_col(source.text, diag.span.start);
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

/// A line longer than this many characters is shown as windows around the spans on it.
const LONG_LINE: usize = 120;
/// About how many characters of a long line are shown around a span on it.
const WINDOW: usize = 100;
/// Lines read around each span: miette shows one line of context before and after, and a span
/// that ends with its line's `\n` makes it read one more.
const MARGIN: usize = 2;
/// Two spans whose lines (with their margins) are at most this many lines apart are shown in
/// one snippet with every line between, as miette shows them; farther apart, in two.
const MAX_GAP: usize = 20;
const ELLIPSIS: &str = "…";

/// What a diagnostic's renderer reads instead of the whole source: the few lines around its
/// spans, in blocks of consecutive lines, each long line cut to windows around the spans.
/// Offsets into it are "excerpt offsets" (each block at its own `start`); it reports every
/// line with its true number and the primary span's true column, so the header and the line
/// numbers read as if the whole file had been rendered.
#[derive(Debug)]
struct Excerpt<'a> {
    name: &'a str,
    text: &'a str,
    index: &'a LineIndex,
    blocks: Vec<Block>,
}

#[derive(Debug)]
struct Block {
    /// The excerpt offset of the block's first byte.
    start: usize,
    /// The 0-based line number of its first line in the source.
    first_line: usize,
    /// How many lines it has.
    lines: usize,
    text: String,
    /// Runs of the block's text copied from the source, in order: (offset in the block,
    /// offset in the source, length). What is not in a run is an inserted `…`.
    runs: Vec<(usize, usize, usize)>,
}

impl Block {
    /// The excerpt offset of a source offset the block shows (an offset in a cut, which no
    /// span end is, goes to the end of the run before it).
    fn to_excerpt(&self, offset: usize) -> Option<usize> {
        let i = self.runs.partition_point(|&(_, o, _)| o <= offset);
        let (b, o, n) = self.runs[i.checked_sub(1)?];
        Some(self.start + b + (offset - o).min(n))
    }

    /// The source offset of an excerpt offset in a run of the block.
    fn to_source(&self, offset: usize) -> Option<usize> {
        let local = offset.checked_sub(self.start)?;
        let i = self.runs.partition_point(|&(b, _, _)| b <= local);
        let (b, o, n) = self.runs[i.checked_sub(1)?];
        (local <= b + n).then_some(o + local - b)
    }
}

impl<'a> Excerpt<'a> {
    /// The excerpt of `text` that shows `spans`, and each span's place in it.
    fn new(
        name: &'a str,
        text: &'a str,
        index: &'a LineIndex,
        spans: &[Span],
    ) -> (Self, Vec<Span>) {
        // The lines to show: each span's, with a margin, merged when close.
        let range = |s: &Span| {
            let (a, b) = (index.line(s.start), index.line(s.end));
            (
                a.saturating_sub(MARGIN),
                (b + MARGIN).min(index.last_line()),
            )
        };
        let mut ranges: Vec<(usize, usize)> = spans.iter().map(range).collect();
        ranges.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for (a, b) in ranges {
            match merged.last_mut() {
                Some(last) if a <= last.1 + 1 + MAX_GAP => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        let mut blocks = Vec::with_capacity(merged.len());
        let mut start = 0;
        for (a, b) in merged {
            let block = Self::block(text, index, spans, start, a, b);
            // One excerpt offset between blocks, so no offset is in two of them.
            start = block.start + block.text.len() + 1;
            blocks.push(block);
        }
        let excerpt = Excerpt {
            name,
            text,
            index,
            blocks,
        };
        let at = spans
            .iter()
            .map(|s| {
                let start = excerpt.to_excerpt(s.start);
                let end = excerpt.to_excerpt(s.end).max(start);
                Span::new(start, end)
            })
            .collect();
        (excerpt, at)
    }

    fn to_excerpt(&self, offset: usize) -> usize {
        let line = self.index.line(offset);
        self.blocks
            .iter()
            .find(|b| (b.first_line..b.first_line + b.lines).contains(&line))
            .map_or(0, |b| b.to_excerpt(offset).unwrap_or(b.start))
    }

    /// Lines `first..=last` of the source, long ones cut around the spans' ends on them.
    fn block(
        text: &str,
        index: &LineIndex,
        spans: &[Span],
        start: usize,
        first: usize,
        last: usize,
    ) -> Block {
        let mut block = Block {
            start,
            first_line: first,
            lines: last + 1 - first,
            text: String::new(),
            runs: Vec::new(),
        };
        // The windows (in characters) of each long line, where spans end on it.
        let mut windows: Vec<Option<Vec<(usize, usize)>>> = Vec::with_capacity(last + 1 - first);
        for line in first..=last {
            let (ls, le, _) = index.bounds(text, line);
            let t = &text[ls..le];
            windows.push(
                (t.len() > LONG_LINE && t.chars().count() > LONG_LINE).then(|| {
                    let col = |o: usize| text[ls..o].chars().count();
                    let on = |o: usize| index.line(o) == line;
                    let mut w = Vec::new();
                    for s in spans {
                        match (on(s.start), on(s.end)) {
                            (true, true) if col(s.end) - col(s.start) <= WINDOW / 2 => {
                                let (a, b) = (col(s.start), col(s.end));
                                let pad = (WINDOW - (b - a)) / 2;
                                w.push((a.saturating_sub(pad), b + pad));
                            }
                            (at_start, at_end) => {
                                if at_start {
                                    let a = col(s.start);
                                    w.push((a.saturating_sub(WINDOW / 4), a + WINDOW / 4));
                                }
                                if at_end {
                                    let b = col(s.end);
                                    w.push((b.saturating_sub(WINDOW / 4), b + WINDOW / 4));
                                }
                            }
                        }
                    }
                    w
                }),
            );
        }
        // A long line no span ends on shows the windows of the nearest line that has some, so
        // the columns line up; the first `WINDOW` characters when there is none.
        let found: Vec<usize> = (0..windows.len())
            .filter(|&i| windows[i].as_ref().is_some_and(|w| !w.is_empty()))
            .collect();
        for i in 0..windows.len() {
            if windows[i].as_ref().is_some_and(|w| w.is_empty()) {
                let near = found.iter().min_by_key(|&&j| j.abs_diff(i));
                windows[i] = Some(near.map_or(vec![(0, WINDOW)], |&j| {
                    windows[j].clone().unwrap_or_default()
                }));
            }
        }
        for (line, w) in (first..=last).zip(windows) {
            let (ls, le, next) = index.bounds(text, line);
            match w {
                None => block.copy(text, ls, next),
                Some(mut w) => {
                    let n = text[ls..le].chars().count();
                    for x in &mut w {
                        *x = (x.0.min(n), x.1.min(n));
                    }
                    w.sort_unstable();
                    // Windows that overlap or nearly touch are one.
                    let mut cut: Vec<(usize, usize)> = Vec::new();
                    for (a, b) in w {
                        match cut.last_mut() {
                            Some(last) if a <= last.1 + 4 => last.1 = last.1.max(b),
                            _ => cut.push((a, b)),
                        }
                    }
                    // Characters to bytes.
                    let bytes: Vec<usize> = text[ls..le]
                        .char_indices()
                        .map(|(o, _)| ls + o)
                        .chain([le])
                        .collect();
                    let mut shown_to = 0;
                    for (a, b) in cut {
                        if a > shown_to {
                            block.text.push_str(ELLIPSIS);
                        }
                        block.copy(text, bytes[a], bytes[b]);
                        shown_to = b;
                    }
                    if shown_to < n {
                        block.text.push_str(ELLIPSIS);
                    }
                    block.copy(text, le, next);
                }
            }
        }
        block
    }
}

impl Block {
    /// Append source bytes `from..to` to the block's text.
    fn copy(&mut self, text: &str, from: usize, to: usize) {
        if from < to {
            self.runs.push((self.text.len(), from, to - from));
            self.text.push_str(&text[from..to]);
        }
    }
}

impl SourceCode for Excerpt<'_> {
    fn read_span<'s>(
        &'s self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'s> + 's>, MietteError> {
        let end = span.offset() + span.len();
        let block = self
            .blocks
            .iter()
            .find(|b| b.start <= span.offset() && end <= b.start + b.text.len())
            .ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new((span.offset() - block.start).into(), span.len());
        let read = block.text.as_str().read_span(&local, before, after)?;
        let (mut line, mut column) = (block.first_line + read.line(), read.column());
        if before == 0 && after == 0 {
            // The header: the span's true line and column, whatever was cut from its line.
            if let Some(o) = block.to_source(span.offset()) {
                let (l, c) = self.index.line_col(self.text, o);
                (line, column) = (l - 1, c - 1);
            }
        }
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            read.data(),
            SourceSpan::new(
                (read.span().offset() + block.start).into(),
                read.span().len(),
            ),
            line,
            column,
            // miette counts the lines from the start of what it reads, and compares that count
            // to decide whether two spans share a snippet: count from the start of the file.
            block.first_line + read.line_count(),
        )))
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod excerpt_tests {
    use super::*;

    #[test]
    fn line_index_agrees_with_line_col_everywhere() {
        for text in [
            "",
            "\n",
            "grid 9x9",
            "grid 9x9\nboxes 3x3\n",
            "a\r\nbé\r\n\r\n漢字 x\ny",
            "\n\n\nlast",
        ] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    index.line_col(text, offset),
                    line_col(text, offset),
                    "{text:?} at {offset}"
                );
                let (line, _) = line_col(text, offset);
                assert_eq!(
                    index.line_text(text, line).trim_end(),
                    text.lines().nth(line - 1).unwrap_or("").trim_end(),
                    "{text:?} at {offset}"
                );
            }
        }
    }

    fn rendered(text: &str, span: Span, related: Option<Span>) -> String {
        let mut d = Diagnostic::new(span, ErrorKind::ValueTooLarge);
        if let Some(r) = related {
            d = d.with_related(r, "here too");
        }
        render(
            &d,
            &Source {
                name: "m.sdk",
                text,
            },
        )
    }

    #[test]
    fn a_long_line_is_cut_around_the_span_and_the_header_keeps_its_column() {
        let text = format!("a\n{}é 123 {}\nb\n", "é".repeat(80_000), "x".repeat(80_000));
        let start = text.find("123").unwrap();
        let out = rendered(&text, Span::new(start, start + 3), None);
        assert!(out.contains("╭─[m.sdk:2:80003]"), "{out}");
        // 48 characters either side of the span: 47 of the é, the space, `123`, the space, 47 x.
        let window = format!("…{} 123 {}…", "é".repeat(47), "x".repeat(47));
        assert!(out.contains(&window), "{out}");
        assert!(out.lines().all(|l| l.chars().count() < 120), "{out}");
    }

    #[test]
    fn two_spans_on_one_long_line_get_a_window_each() {
        let text = format!(
            "{}AB{}CD{}\n",
            "-".repeat(1000),
            "-".repeat(1000),
            "-".repeat(1000)
        );
        let (ab, cd) = (text.find("AB").unwrap(), text.find("CD").unwrap());
        let out = rendered(&text, Span::new(cd, cd + 2), Some(Span::new(ab, ab + 2)));
        assert!(out.contains("╭─[m.sdk:1:2003]"), "{out}");
        let dashes = "-".repeat(49);
        assert!(
            out.contains(&format!(" 1 │ …{dashes}AB{dashes}…{dashes}CD{dashes}…\n")),
            "{out}"
        );
        assert!(
            out.contains("here too") && out.contains("too large"),
            "{out}"
        );
    }

    #[test]
    fn spans_far_apart_are_shown_in_two_snippets_with_true_line_numbers() {
        let mut text = String::from("first\n");
        for _ in 0..5000 {
            text.push_str("filler\n");
        }
        text.push_str("second\n");
        let second = text.find("second").unwrap();
        let out = rendered(&text, Span::new(second, second + 6), Some(Span::new(0, 5)));
        assert_eq!(out.matches("╭─[").count(), 2, "{out}");
        assert!(
            out.contains("╭─[m.sdk:1:1]") && out.contains("╭─[m.sdk:5002:1]"),
            "{out}"
        );
        assert!(
            out.contains(" 5002 │ second\n") && out.contains(" 5001 │ filler\n"),
            "{out}"
        );
        assert!(out.lines().count() < 20, "{out}");
    }
}
