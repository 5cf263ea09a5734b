//! Stage 3: `Puzzle` to `Mip`.
//!
//! The base is the one-hot (equality) encoding: a binary `x[c,k]` for each cell c and each value
//! k that c can still take, `sum_k x[c,k] = 1` per cell, and per area of a distinct rule and
//! per value `sum_c x[c,k] = 1` when the area is as large as the value set, `<= 1` otherwise.
//! Givens are not rows: a given cell has no columns, and no cell that shares an area with it
//! has a column for its value. Algebraic rules are lowered in `expr`: the tightest encoding
//! for each ground instance, chosen by how many cells it involves. A call of a standard-library
//! sum or line family also gets the tight rows of `family` (a shared total, layered sums).
//!
//! With `encoding integer` (seed 001 Part 30) each cell is one integer column instead, and a
//! distinct area becomes pairwise `v_a - v_b >= 1 - M d`, `v_b - v_a >= 1 - M (1 - d)`.

mod expr;
mod family;

use std::ops::Range;
use std::time::Instant;

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::mip::{Column, Mip, Names, Row, RuleStats, Sense};
use crate::puzzle::{Cell, Puzzle, RuleKind};

/// Lower a puzzle. Fails only for a rule the encodings cannot express (a product of two
/// cell values in an instance over more than three cells, `ndistinct` with integer cells).
pub fn lower(p: &Puzzle) -> Result<Mip, Diagnostic> {
    Ok(lower_until(p, None)?.expect("no deadline to pass"))
}

/// `lower`, giving up at `deadline` (`Ok(None)`): lowering 40,000 clues takes seconds, and a
/// time limit is the user's whole budget.
pub fn lower_until(p: &Puzzle, deadline: Option<Instant>) -> Result<Option<Mip>, Diagnostic> {
    let past = || deadline.is_some_and(|d| Instant::now() >= d);
    estimate_size(p)?;
    let mut b = Builder::new(p);
    b.deadline = deadline;
    b.prune_by_givens();
    let grounded = expr::ground_all(p, &mut b);
    if past() {
        return Ok(None);
    }
    b.cell_columns();
    let base = if p.integer_cells {
        "cell values (integer)"
    } else {
        "one value per cell"
    };
    let mut stats = vec![b.stats_since(base, (0, 0, 0))];
    let mut grounded = grounded.into_iter();
    // Where each rule's rows start, to find the rule of a name `unique_names` made too long.
    let mut first_rows = Vec::with_capacity(p.rules.len());
    // Per rule whose algebra a family's rows imply: the columns and rows the algebra made.
    let mut implied = Vec::new();
    for (r, rule) in p.rules.iter().enumerate() {
        if past() {
            return Ok(None);
        }
        let before = b.mark();
        first_rows.push(before.1);
        match &rule.kind {
            RuleKind::Distinct(areas) => {
                for area in areas {
                    b.distinct(
                        rule.named.then_some(rule.name.as_str()),
                        &area.name,
                        &area.cells,
                    );
                }
            }
            RuleKind::Expr { .. } => {
                let g = grounded.next().expect("one grounding per expression rule");
                debug_assert_eq!(g.rule, r);
                // A library family's tight rows (`family`); a few say all the rule says, and
                // the rule's algebra is then left out; where others do, it is kept but
                // marked implied (`mark_implied`, below), for GLPK's MiniSat to leave out.
                let algebra = family::encode(p, &mut b, rule);
                if algebra != family::Algebra::Replaced {
                    let (columns, rows, _) = b.mark();
                    expr::encode(p, &mut b, rule, g).map_err(|what| {
                        Diagnostic::new(
                            rule.span,
                            ErrorKind::Unsupported {
                                rule: rule.name.clone(),
                                what,
                            },
                        )
                    })?;
                    if algebra == family::Algebra::Implied {
                        implied.push((columns..b.columns.len(), rows..b.rows.len()));
                    }
                }
            }
        }
        if b.over_budget() {
            return Err(Diagnostic::new(
                rule.span,
                ErrorKind::ModelTooLarge {
                    rule: Some(rule.name.clone()),
                    estimate: b.nonzeros as u128,
                    limit: MAX_NONZEROS,
                },
            ));
        }
        if let Some(coefficient) = b.large_coefficient_since(before) {
            return Err(Diagnostic::new(
                rule.span,
                ErrorKind::CoefficientTooLarge {
                    rule: rule.name.clone(),
                    coefficient,
                    limit: MAX_COEFFICIENT,
                },
            ));
        }
        if let Some(name) = b.long_name_since(before) {
            return Err(Diagnostic::new(
                rule.span,
                ErrorKind::MipNameTooLong {
                    name,
                    limit: MAX_NAME,
                },
            ));
        }
        stats.push(b.stats_since(&rule.name, before));
    }
    mark_implied(&mut b.rows, &implied);
    b.placeholder_if_empty();
    unique_names(&mut b.rows);
    // The `~2` that tells two equal names apart may take a name past the limit too.
    if let Some(i) = b.rows.iter().position(|row| row.name.len() > MAX_NAME) {
        let rule = first_rows
            .partition_point(|&first| first <= i)
            .saturating_sub(1);
        // Only a rule's rows have names that long (a cell's are `r1c1`-short).
        let span = p.rules.get(rule).map_or(Default::default(), |r| r.span);
        return Err(Diagnostic::new(
            span,
            ErrorKind::MipNameTooLong {
                name: b.rows[i].name.clone(),
                limit: MAX_NAME,
            },
        ));
    }
    let Builder {
        columns,
        column_names,
        rows,
        clause_rows,
        cell_columns,
        ..
    } = b;
    let fixed = p.givens.clone();
    Ok(Some(Mip {
        name: p.name.clone(),
        grid_cols: p.cols,
        integer_cells: p.integer_cells,
        columns,
        column_names,
        rows,
        clause_rows,
        objective: Vec::new(),
        fixed,
        cell_columns,
        stats,
    }))
}

/// The refusals that belong to a rule whatever the givens: a row or column named past
/// `MAX_NAME`, a coefficient past `MAX_COEFFICIENT`. Found by lowering the rules with no givens,
/// so that `check` and a batch say them once, before any puzzle: a given folds rows and their
/// names away, which made a batch refuse some lines and solve others. (A model too large
/// without givens is not refused here: each puzzle's own lowering says whether it fits.)
pub fn check_rules(p: &Puzzle) -> Result<(), Diagnostic> {
    check_rules_until(p, None)
}

/// `check_rules`, given up at `deadline` (nothing found by then: `Ok`; the question's own
/// lowering finds what is left, if it has the time).
pub fn check_rules_until(p: &Puzzle, deadline: Option<Instant>) -> Result<(), Diagnostic> {
    let mut bare = p.clone();
    bare.givens = vec![None; p.cell_count()];
    if estimate_size(&bare).is_err() {
        return Ok(());
    }
    match lower_until(&bare, deadline) {
        Err(d)
            if matches!(
                d.kind,
                ErrorKind::MipNameTooLong { .. } | ErrorKind::CoefficientTooLarge { .. }
            ) =>
        {
            Err(d)
        }
        _ => Ok(()),
    }
}

/// The largest MIP sdkc builds, in non-zeros: about 1.6 GB to hold and write (35 bytes a
/// non-zero for LP, 53 for MPS, measured on box sudokus up to 169x169).
pub const MAX_NONZEROS: u64 = 30_000_000;

/// And in rows: a row costs about 100 bytes besides its non-zeros (its name, its vector), so a
/// model of many short rows (two cells apart: 36 rows of 2) reaches the memory bound first.
pub const MAX_ROWS: u64 = 5_000_000;

/// Refuse, before any column exists, a model whose MIP would pass `MAX_NONZEROS`: one-hot
/// cells, one row per distinct area and value, and a term per grounded term. (What this misses,
/// the count in `Builder::row` catches while lowering.)
pub fn estimate_size(p: &Puzzle) -> Result<(), Diagnostic> {
    let values = p.value_count() as u128;
    let mut nonzeros = p.cell_count() as u128 * values;
    for rule in &p.rules {
        nonzeros += match &rule.kind {
            RuleKind::Expr { expr, .. } => crate::ground::estimate(p, expr),
            RuleKind::Distinct(areas) => areas.iter().map(|a| a.cells.len() as u128 * values).sum(),
        };
    }
    if nonzeros > u128::from(MAX_NONZEROS) {
        return Err(Diagnostic::new(
            crate::diagnostic::Span::new(0, 0),
            ErrorKind::ModelTooLarge {
                rule: None,
                estimate: nonzeros,
                limit: MAX_NONZEROS,
            },
        ));
    }
    Ok(())
}

/// Mark `implied` the rows of each rule's algebra that a family's rows imply (`implied`: the
/// columns and rows each made), but not where a row left standing would lose what defines a
/// column: a rule's algebra can make a column a later rule reuses (a pair table, which the
/// builder shares), and a solver that leaves the implied rows out must still see that
/// column's rows. Such an algebra stays whole, and so, in turn, does any algebra whose
/// columns it uses.
fn mark_implied(rows: &mut [Row], implied: &[(Range<usize>, Range<usize>)]) {
    if implied.is_empty() {
        return;
    }
    // The algebra (index into `implied`) that made each column, for columns past the first.
    let start = implied[0].0.start;
    let mut made_by = vec![usize::MAX; implied.last().map_or(0, |i| i.0.end) - start];
    for (k, (columns, _)) in implied.iter().enumerate() {
        for c in columns.clone() {
            made_by[c - start] = k;
        }
    }
    let mut kept = vec![false; implied.len()];
    let mut implied_row = vec![false; rows.len()];
    for (_, r) in implied {
        implied_row[r.clone()].iter_mut().for_each(|x| *x = true);
    }
    // Rows that stay: every row outside the implied algebra, then that of any algebra kept.
    let mut standing: Vec<usize> = (0..rows.len()).filter(|&r| !implied_row[r]).collect();
    while let Some(r) = standing.pop() {
        for &(c, _) in &rows[r].terms {
            let Some(&k) = c.checked_sub(start).and_then(|i| made_by.get(i)) else {
                continue;
            };
            if k != usize::MAX && !kept[k] && !implied[k].1.contains(&r) {
                kept[k] = true;
                standing.extend(implied[k].1.clone());
            }
        }
    }
    for (k, (_, r)) in implied.iter().enumerate() {
        if !kept[k] {
            rows[r.clone()]
                .iter_mut()
                .for_each(|row| row.implied = true);
        }
    }
}

/// A pair table's columns: `(value of a, value of b, column)`.
pub(crate) type PairTable = Vec<(i64, i64, usize)>;

/// Per cell, the indices of the distinct areas that contain it, sorted.
fn distinct_areas(p: &Puzzle) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); p.cell_count()];
    let mut id = 0;
    for rule in &p.rules {
        let RuleKind::Distinct(areas) = &rule.kind else {
            continue;
        };
        for area in areas {
            for &c in &area.cells {
                if out[c].last() != Some(&id) {
                    out[c].push(id);
                }
            }
            id += 1;
        }
    }
    out
}

/// The MIP under construction, with the cells' remaining values.
pub(crate) struct Builder<'p> {
    p: &'p Puzzle,
    /// `domain[cell][k]`: value `lo + k` is still possible.
    domain: Vec<Vec<bool>>,
    columns: Vec<Column>,
    column_names: Names,
    rows: Vec<Row>,
    /// Rows for a clause solver alone (`Mip::clause_rows`).
    clause_rows: Vec<Row>,
    /// One-hot: `(value, column)` per cell. Integer cells: `(0, column)`.
    cell_columns: Vec<Vec<(i64, usize)>>,
    /// Integer cells: pairs already made different (a pair in a row and a box needs one).
    different: std::collections::HashSet<(Cell, Cell)>,
    /// Per cell, the distinct areas it is in (indices in rule order), sorted: two cells that
    /// share one never hold the same value, which `ndistinct` and pair tables exploit.
    areas: Vec<Vec<usize>>,
    /// Pairs of cells (a < b) that a two-cell rule keeps apart, as if they shared an area.
    apart: std::collections::BTreeSet<(Cell, Cell)>,
    /// `same(a, b)` for a pair of cells, shared by every rule that asks: per common value k a
    /// column w_k = x[a,k] x[b,k], so that `a == b` is `sum_k w_k`.
    pub(crate) same: std::collections::BTreeMap<(Cell, Cell), Vec<(i64, usize)>>,
    /// The joint table of a pair of cells: a column p[i,j] per pair of values they can hold
    /// together, with `sum_j p[i,j] = x[a,i]` and `sum_i p[i,j] = x[b,j]`.
    pub(crate) pair_tables: std::collections::BTreeMap<(Cell, Cell), PairTable>,
    /// Non-zeros of every row made so far (kept or not): the budget's measure.
    nonzeros: usize,
    /// When to give up (`lower_until`); grounding stops there too.
    deadline: Option<Instant>,
}

impl<'p> Builder<'p> {
    fn new(p: &'p Puzzle) -> Self {
        let n = p.cell_count();
        Builder {
            p,
            domain: vec![vec![true; p.value_count()]; n],
            columns: Vec::new(),
            column_names: Names::default(),
            rows: Vec::new(),
            clause_rows: Vec::new(),
            cell_columns: vec![Vec::new(); n],
            different: std::collections::HashSet::new(),
            areas: distinct_areas(p),
            apart: Default::default(),
            same: Default::default(),
            pair_tables: Default::default(),
            deadline: None,
            nonzeros: 0,
        }
    }

    /// Past `MAX_NONZEROS` or `MAX_ROWS`: rows are no longer kept, and `lower` fails after the
    /// rule.
    pub(crate) fn over_budget(&self) -> bool {
        self.nonzeros as u64 > MAX_NONZEROS || self.rows.len() as u64 >= MAX_ROWS
    }

    pub(crate) fn keep_apart(&mut self, a: Cell, b: Cell) {
        self.apart.insert((a.min(b), a.max(b)));
    }

    /// Whether the rules keep two cells apart: a distinct area holds both, or a rule on the
    /// pair forbids every equal pair of values.
    pub(crate) fn must_differ(&self, a: Cell, b: Cell) -> bool {
        if self.apart.contains(&(a.min(b), a.max(b))) {
            return true;
        }
        let (x, y) = (&self.areas[a], &self.areas[b]);
        let (mut i, mut j) = (0, 0);
        while i < x.len() && j < y.len() {
            match x[i].cmp(&y[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }

    /// Whether two different cells can hold the same value in some grid: no distinct area
    /// holds both, and their domains meet.
    pub(crate) fn possibly_equal(&self, a: Cell, b: Cell) -> bool {
        !self.must_differ(a, b)
            && (0..self.p.value_count()).any(|k| self.domain[a][k] && self.domain[b][k])
    }

    fn idx(&self, v: i64) -> usize {
        (v - self.p.lo) as usize
    }

    /// A given keeps only its own value and removes it from every cell that shares a distinct
    /// area with it. Only givens prune: propagating further (a cell left with one value
    /// pruning its own peers) would solve easy puzzles here and hand the solver an empty
    /// model, which is the solver's job, not the compiler's.
    fn prune_by_givens(&mut self) {
        let p = self.p;
        for (cell, g) in p.givens.iter().enumerate() {
            if let Some(v) = *g {
                let k = self.idx(v);
                self.domain[cell]
                    .iter_mut()
                    .enumerate()
                    .for_each(|(i, d)| *d = i == k);
            }
        }
        for rule in &p.rules {
            let RuleKind::Distinct(areas) = &rule.kind else {
                continue;
            };
            for area in areas {
                for &c in &area.cells {
                    let Some(v) = p.givens[c] else { continue };
                    let k = self.idx(v);
                    for &other in &area.cells {
                        if other != c {
                            self.domain[other][k] = false;
                        }
                    }
                }
            }
        }
    }

    /// The values a free cell can still take.
    pub(crate) fn values(&self, cell: Cell) -> Vec<i64> {
        (0..self.p.value_count())
            .filter(|&k| self.domain[cell][k])
            .map(|k| self.p.lo + k as i64)
            .collect()
    }

    pub(crate) fn remove_value(&mut self, cell: Cell, v: i64) {
        let k = self.idx(v);
        self.domain[cell][k] = false;
    }

    /// Columns and the one-value-per-cell rows (one-hot), or one integer column per cell.
    fn cell_columns(&mut self) {
        let p = self.p;
        for cell in 0..p.cell_count() {
            if p.givens[cell].is_some() {
                continue;
            }
            let cell_name = p.cell_name(cell);
            if p.integer_cells {
                let vals = self.values(cell);
                let (lo, hi) = (
                    vals.first().copied().unwrap_or(p.lo),
                    vals.last().copied().unwrap_or(p.lo - 1),
                );
                let col = self.column(
                    |t| {
                        t.push_str("v_");
                        t.push_str(&cell_name);
                    },
                    lo,
                    hi,
                    true,
                );
                self.cell_columns[cell].push((0, col));
                continue;
            }
            let first = self.columns.len();
            for v in self.values(cell) {
                let col = self.column(
                    |t| {
                        t.push_str("x_");
                        t.push_str(&cell_name);
                        t.push('_');
                        push_int(t, v);
                    },
                    0,
                    1,
                    true,
                );
                self.cell_columns[cell].push((v, col));
            }
            let terms = (first..self.columns.len()).map(|c| (c, 1)).collect();
            self.row(cell_name, terms, Sense::Eq, 1);
        }
    }

    pub(crate) fn column(
        &mut self,
        name: impl FnOnce(&mut String),
        lower: i64,
        upper: i64,
        integer: bool,
    ) -> usize {
        // A `~` in front, not the rows' `_`: the rows' names are made unique afterwards
        // (`unique_names`), the columns' are not, and a rule named `_info` has columns
        // `_info_z1` too (two rules sharing a column: HiGHS and CBC said "no solution" to a
        // model with 96; a review found it). No name of the model holds a `~`.
        self.column_names.push_with(|t| {
            let start = t.len();
            name(t);
            if reads_as_number(&t[start..]) {
                t.insert(start, '~');
            }
        });
        self.columns.push(Column {
            lower,
            upper,
            integer,
        });
        self.columns.len() - 1
    }

    pub(crate) fn row(&mut self, name: String, terms: Vec<(usize, i64)>, sense: Sense, rhs: i64) {
        self.nonzeros += terms.len();
        if self.over_budget() {
            return;
        }
        self.rows.push(Row {
            name: lp_safe(name),
            terms,
            sense,
            rhs,
            implied: false,
        });
    }

    /// The last row made, marked implied: the family's rows say it too (`clause_row`).
    pub(crate) fn imply_last_row(&mut self) {
        if let Some(row) = self.rows.last_mut() {
            row.implied = true;
        }
    }

    /// A row for a clause solver alone (`Mip::clause_rows`), named `~c1`, `~c2`, ...
    pub(crate) fn clause_row(&mut self, terms: Vec<(usize, i64)>, sense: Sense, rhs: i64) {
        self.nonzeros += terms.len();
        if self.over_budget() {
            return;
        }
        let name = format!("~c{}", self.clause_rows.len() + 1);
        self.clause_rows.push(Row {
            name,
            terms,
            sense,
            rhs,
            implied: false,
        });
    }

    /// The one-hot column of `cell = v`, if the cell can take `v`.
    pub(crate) fn x(&self, cell: Cell, v: i64) -> Option<usize> {
        self.cell_columns[cell]
            .iter()
            .find(|&&(k, _)| k == v)
            .map(|&(_, c)| c)
    }

    /// The integer column of a cell (`encoding integer`).
    pub(crate) fn v(&self, cell: Cell) -> usize {
        self.cell_columns[cell][0].1
    }

    fn distinct(&mut self, rule: Option<&str>, area_name: &str, cells: &[Cell]) {
        if self.p.integer_cells {
            return self.distinct_integer(rule.unwrap_or(area_name), cells);
        }
        let nv = self.p.value_count();
        let full = cells.len() == nv;
        // Per value (by index): the area's constant part (givens holding it) and its columns.
        let mut per_value: Vec<(i64, Vec<(usize, i64)>)> = (0..nv)
            .map(|_| (0, Vec::with_capacity(cells.len())))
            .collect();
        for &c in cells {
            if let Some(v) = self.p.givens[c] {
                per_value[self.idx(v)].0 += 1;
            }
            for &(v, col) in &self.cell_columns[c] {
                per_value[self.idx(v)].1.push((col, 1));
            }
        }
        for (k, (constant, terms)) in per_value.into_iter().enumerate() {
            let v = self.p.lo + k as i64;
            let rhs = 1 - constant;
            let sense = if full { Sense::Eq } else { Sense::Le };
            // Skip rows that cannot bind: `<=` with room for every term, `= 0` over nothing.
            let redundant = match sense {
                Sense::Le => rhs >= terms.len() as i64,
                _ => terms.is_empty() && rhs == 0,
            };
            if redundant {
                continue;
            }
            let name = match rule {
                Some(r) => format!("{r}_{area_name}_{v}"),
                None => format!("{area_name}_{v}"),
            };
            self.row(name, terms, sense, rhs);
        }
    }

    /// Integer cells: each pair of the area differs, by a binary d choosing the order and
    /// M = (largest value - smallest value + 1), the smallest M that is valid.
    fn distinct_integer(&mut self, prefix: &str, cells: &[Cell]) {
        let p = self.p;
        let m = p.hi - p.lo + 1;
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if !self.different.insert((a.min(b), a.max(b))) {
                    continue;
                }
                let (na, nb) = (p.cell_name(a), p.cell_name(b));
                match (p.givens[a], p.givens[b]) {
                    (Some(_), Some(_)) => {}
                    (Some(g), None) | (None, Some(g)) => {
                        // One side known: a different value is a domain restriction.
                        let free = if p.givens[a].is_none() { a } else { b };
                        let col = self.v(free);
                        let d = self.column(|t| t.push_str(&format!("d_{na}_{nb}")), 0, 1, true);
                        // v >= g + 1 - M d  and  v <= g - 1 + M (1 - d)
                        self.row(
                            format!("{prefix}_{na}_{nb}_a"),
                            vec![(col, 1), (d, m)],
                            Sense::Ge,
                            g + 1,
                        );
                        self.row(
                            format!("{prefix}_{na}_{nb}_b"),
                            vec![(col, 1), (d, m)],
                            Sense::Le,
                            g - 1 + m,
                        );
                    }
                    (None, None) => {
                        let (ca, cb) = (self.v(a), self.v(b));
                        let d = self.column(|t| t.push_str(&format!("d_{na}_{nb}")), 0, 1, true);
                        self.row(
                            format!("{prefix}_{na}_{nb}_a"),
                            vec![(ca, 1), (cb, -1), (d, m)],
                            Sense::Ge,
                            1,
                        );
                        self.row(
                            format!("{prefix}_{na}_{nb}_b"),
                            vec![(cb, 1), (ca, -1), (d, -m)],
                            Sense::Ge,
                            1 - m,
                        );
                    }
                }
            }
        }
    }

    fn placeholder_if_empty(&mut self) {
        if self.columns.is_empty() || self.rows.is_empty() {
            // Givens fill the grid, or (integer cells) no rule needs a row. HiGHS fails on a
            // model without rows or columns, CBC calls one without columns invalid, and GLPK
            // reads an empty `Subject To` as a syntax error, so the model gets a placeholder
            // column fixed at 0 and a row. The column is an integer one, so that GLPK solves
            // the model as a MIP: as an LP, its presolver leaves an infeasible one `UNDEFINED`,
            // which says nothing.
            let col = self.column(|t| t.push_str("zero"), 0, 0, true);
            self.row("zero".into(), vec![(col, 1)], Sense::Eq, 0);
        }
    }

    fn mark(&self) -> (usize, usize, usize) {
        (self.columns.len(), self.rows.len(), self.nonzeros)
    }

    /// A coefficient of a row made since `mark` larger than `MAX_COEFFICIENT`.
    fn large_coefficient_since(&self, (_, r, _): (usize, usize, usize)) -> Option<i64> {
        self.rows[r..]
            .iter()
            .flat_map(|row| &row.terms)
            .map(|&(_, a)| a)
            .find(|a| a.unsigned_abs() > MAX_COEFFICIENT as u64)
    }

    /// A row or column name made since `mark` longer than `MAX_NAME` characters.
    fn long_name_since(&self, (c, r, _): (usize, usize, usize)) -> Option<String> {
        let columns = (c..self.columns.len()).map(|i| self.column_names.get(i));
        let rows = self.rows[r..].iter().map(|row| row.name.as_str());
        columns
            .chain(rows)
            .find(|n| n.len() > MAX_NAME)
            .map(str::to_string)
    }

    fn stats_since(&self, rule: &str, (c, r, z): (usize, usize, usize)) -> RuleStats {
        let (c2, r2, z2) = self.mark();
        RuleStats {
            rule: rule.to_string(),
            columns: c2 - c,
            rows: r2 - r,
            nonzeros: z2 - z,
        }
    }
}

/// Append a non-negative integer without going through `fmt` (a million column names).
fn push_int(t: &mut String, v: i64) {
    if (0..10).contains(&v) {
        t.push(char::from(b'0' + v as u8));
    } else {
        t.push_str(&v.to_string());
    }
}

/// Row names are made from rule and area names, which the user chooses, so two rules can
/// produce the same name (rule `a` over area `b_1`, and an unnamed rule over area `a_b_1`).
/// LP readers would merge or reject duplicates; a numbered suffix keeps every row.
fn unique_names(rows: &mut [Row]) {
    let mut seen = std::collections::HashSet::new();
    // Per name, the next suffix to try: a name repeated n times costs n tries, not n²/2
    // (130 copies of a 25x25 sudoku's rules took 7 s before).
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for row in rows.iter_mut() {
        if !seen.insert(row.name.clone()) {
            let k = next.entry(row.name.clone()).or_insert(2);
            while !seen.insert(format!("{}~{k}", row.name)) {
                *k += 1;
            }
            row.name = format!("{}~{k}", row.name);
            *k += 1;
        }
    }
}

/// The largest coefficient sdkc writes. A MIP solver takes a column within its integrality
/// tolerance of a whole number for whole (GLPK 1e-5, HiGHS 1e-6), so a coefficient `a` lets a
/// row be off by `a` times that: past 100,000 a whole unit, and a review saw GLPK and HiGHS
/// return grids that break the rule and CBC count 2 grids of 16. The examples' largest is 90
/// (a pill arrow's hundreds); 10,000 leaves GLPK a tenth of a unit.
pub const MAX_COEFFICIENT: i64 = 10_000;

/// The longest row or column name sdkc writes. Names come from the model's rule and area
/// names; CBC misreads a free MPS file whose names pass about 150 characters and crashes past
/// 170, and glpsol refuses names of 255 (a review found all three). The model's own rows
/// (`r1_5`, `cage3_sum12`) are far shorter.
pub const MAX_NAME: usize = 64;

/// LP and MPS readers reject names that read as the start of a number (`reads_as_number`),
/// and glpsol any letter past ASCII (a region `é`): such a letter is written as its code,
/// `ue9`.
fn lp_safe(name: String) -> String {
    let name = if name.is_ascii() {
        name
    } else {
        name.chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    format!("u{:x}", u32::from(c))
                }
            })
            .collect()
    };
    if reads_as_number(&name) {
        format!("_{name}")
    } else {
        name
    }
}

/// Whether an LP reader would take a name for the start of a number: a digit or a period
/// first, or `inf`, `infinity` or `nan` in any case (HiGHS refused the whole file of a rule
/// named `info` or an area named `infield`, whose rows are `info_1` and `infield_3`; a
/// review found it). Such a row is written with `_` in front, such a column with `~`.
fn reads_as_number(name: &str) -> bool {
    let b = name.as_bytes();
    let starts = |word: &[u8]| b.len() >= word.len() && b[..word.len()].eq_ignore_ascii_case(word);
    b.first().is_some_and(|&c| c.is_ascii_digit() || c == b'.') || starts(b"inf") || starts(b"nan")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(terms: &[usize]) -> Row {
        Row {
            name: String::new(),
            terms: terms.iter().map(|&c| (c, 1)).collect(),
            sense: Sense::Le,
            rhs: 1,
            implied: false,
        }
    }

    fn marked(rows: &[Row]) -> Vec<bool> {
        rows.iter().map(|r| r.implied).collect()
    }

    /// Columns 0-1 are cells'. Algebra A made column 2 (rows 1-2), algebra B column 3 (rows
    /// 3-4), and row 5 stands outside both.
    #[test]
    fn an_algebra_whose_column_a_standing_row_uses_stays_whole() {
        let algebras = [(2..3, 1..3), (3..4, 3..5)];
        let base = |last: &[usize]| {
            vec![
                row(&[0, 1]),
                row(&[0, 2]),
                row(&[1, 2]),
                row(&[0, 3]),
                row(&[1, 3]),
                row(last),
            ]
        };
        // Nothing outside uses their columns: both implied.
        let mut rows = base(&[0, 1]);
        mark_implied(&mut rows, &algebras);
        assert_eq!(marked(&rows), [false, true, true, true, true, false]);
        // Row 5 uses B's column (a pair table B made and a later rule shared): B stays.
        let mut rows = base(&[0, 3]);
        mark_implied(&mut rows, &algebras);
        assert_eq!(marked(&rows), [false, true, true, false, false, false]);
        // And if B's rows use A's column, A stays too, in turn.
        let mut rows = base(&[0, 3]);
        rows[4] = row(&[2, 3]);
        mark_implied(&mut rows, &algebras);
        assert_eq!(marked(&rows), [false; 6]);
        // A's rows using B's column keep nothing: both go together.
        let mut rows = base(&[0, 1]);
        rows[1] = row(&[2, 3]);
        mark_implied(&mut rows, &algebras);
        assert_eq!(marked(&rows), [false, true, true, true, true, false]);
    }
}
