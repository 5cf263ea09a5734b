//! A 0-1 MIP as the emitters and solvers see it: named columns, named linear rows, and the
//! map back from columns to cell values. Everything is integral, so coefficients are `i64` and
//! the text the emitters write is exact.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mip {
    /// The puzzle's name, for the file headers.
    pub name: String,
    /// The grid's width, to name cells (`r2c5`) in messages.
    pub grid_cols: usize,
    /// Cells are integer columns (`encoding integer`), not one-hot binaries.
    pub integer_cells: bool,
    pub columns: Vec<Column>,
    /// Column names, in one arena (a million columns would otherwise be a million strings).
    pub column_names: Names,
    pub rows: Vec<Row>,
    /// Rows only a solver that reasons on clauses sees (GLPK's MiniSat, `src/solve/glpk.rs`),
    /// not written in the model's files: a family's row split into clauses, where the row
    /// whole stands among `rows` marked `implied` (a sandwich's "the cells between hold this
    /// digit when a set holding it is chosen", one row per set; `src/lower/family.rs`).
    /// Named `~c1`, `~c2`, ... (no name of a model starts with `~`).
    pub clause_rows: Vec<Row>,
    /// Minimised; empty for a pure feasibility model.
    pub objective: Vec<(usize, i64)>,
    /// Cells whose value the compiler already knows (givens, and cells left with one value):
    /// they have no columns.
    pub fixed: Vec<Option<i64>>,
    /// For each cell, the columns `x[cell, value]` as `(value, column)`; with integer cells,
    /// the cell's one column as `(0, column)`.
    pub cell_columns: Vec<Vec<(i64, usize)>>,
    /// Per rule: what it cost, in the order the rules were written.
    pub stats: Vec<RuleStats>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub lower: i64,
    pub upper: i64,
    pub integer: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    Le,
    Ge,
    Eq,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub terms: Vec<(usize, i64)>,
    pub sense: Sense,
    pub rhs: i64,
    /// The other rows already say what this one says: a rule's algebra beside the family
    /// rows that state it whole (a cage's sum beside its digit sets). Branch and cut keeps
    /// it, for the bound it gives the relaxation; a solver that reasons on clauses alone may
    /// leave it out (GLPK's MiniSat does, `src/solve/glpk.rs`).
    pub implied: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleStats {
    pub rule: String,
    pub columns: usize,
    pub rows: usize,
    pub nonzeros: usize,
}

/// Many short strings stored end to end in one `String`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    text: String,
    ends: Vec<usize>,
}

impl Names {
    /// Append a name built by `f` (which writes into the arena) and return its index.
    pub fn push_with(&mut self, f: impl FnOnce(&mut String)) -> usize {
        f(&mut self.text);
        self.ends.push(self.text.len());
        self.ends.len() - 1
    }

    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

impl Mip {
    pub fn column_name(&self, col: usize) -> &str {
        self.column_names.get(col)
    }

    pub fn cell_name(&self, cell: usize) -> String {
        format!(
            "r{}c{}",
            cell / self.grid_cols + 1,
            cell % self.grid_cols + 1
        )
    }

    pub fn nonzeros(&self) -> usize {
        self.rows.iter().map(|r| r.terms.len()).sum()
    }

    /// Whether a column is binary: integer with bounds 0 and 1.
    pub fn is_binary(&self, col: usize) -> bool {
        let c = &self.columns[col];
        c.integer && c.lower == 0 && c.upper == 1
    }
}
