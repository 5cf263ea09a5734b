//! Stage 3: `Puzzle` to `Mip`, with the one-hot (equality) encoding: a binary x[c,k] for each
//! cell c and each value k that c can still take, `sum_k x[c,k] = 1` per cell, and per area of
//! a distinct rule and per value `sum_c x[c,k] = 1` when the area is as large as the value set,
//! `<= 1` otherwise. Givens are not rows: they remove values from domains, so a given cell has
//! no columns and its peers have no column for its value.

use crate::mip::{Column, Mip, Row, RuleStats, Sense};
use crate::puzzle::{Puzzle, RuleKind};

pub fn lower(p: &Puzzle) -> Mip {
    let n = p.cell_count();
    let nv = p.value_count();
    let idx = |v: i64| (v - p.lo) as usize;

    // Domains: all values; a given keeps only its own and removes it from every cell that
    // shares a distinct area with it. Only givens prune: propagating further (a cell left with
    // one value pruning its own peers) would solve easy puzzles here and hand the solver an
    // empty model, which is the solver's job, not the compiler's.
    let mut domain = vec![vec![true; nv]; n];
    for (cell, g) in p.givens.iter().enumerate() {
        if let Some(v) = g {
            domain[cell].iter_mut().for_each(|d| *d = false);
            domain[cell][idx(*v)] = true;
        }
    }
    for rule in &p.rules {
        let RuleKind::Distinct(areas) = &rule.kind;
        for area in areas {
            for &c in &area.cells {
                let Some(v) = p.givens[c] else { continue };
                for &other in &area.cells {
                    if other != c {
                        domain[other][idx(v)] = false;
                    }
                }
            }
        }
    }

    // Givens are constants, with no columns. A cell whose domain is now empty keeps an empty
    // cell row, which makes the solver report the model infeasible.
    let fixed: Vec<Option<i64>> = p.givens.clone();

    let mut columns = Vec::new();
    let mut column_names = crate::mip::Names::default();
    let mut cell_columns = vec![Vec::new(); n];
    let mut rows = Vec::new();
    for cell in 0..n {
        if fixed[cell].is_some() {
            continue;
        }
        let first = columns.len();
        let cell_name = p.cell_name(cell);
        for k in 0..nv {
            if domain[cell][k] {
                let v = p.lo + k as i64;
                cell_columns[cell].push((v, columns.len()));
                column_names.push_with(|t| {
                    t.push_str("x_");
                    t.push_str(&cell_name);
                    t.push('_');
                    push_int(t, v);
                });
                columns.push(Column {
                    lower: 0,
                    upper: 1,
                    integer: true,
                });
            }
        }
        rows.push(Row {
            name: cell_name,
            terms: (first..columns.len()).map(|c| (c, 1)).collect(),
            sense: Sense::Eq,
            rhs: 1,
        });
    }
    if columns.is_empty() {
        // Givens fill the grid. HiGHS fails on a model without rows or columns and CBC calls
        // it invalid, so the model gets a placeholder column fixed at 0 and one row over it.
        column_names.push_with(|t| t.push_str("zero"));
        columns.push(Column {
            lower: 0,
            upper: 0,
            integer: false,
        });
        rows.push(Row {
            name: "zero".into(),
            terms: vec![(0, 1)],
            sense: Sense::Eq,
            rhs: 0,
        });
    }
    let mut stats = vec![RuleStats {
        rule: "one value per cell".into(),
        columns: columns.len(),
        rows: rows.len(),
        nonzeros: columns.len(),
    }];

    for rule in &p.rules {
        let RuleKind::Distinct(areas) = &rule.kind;
        let before = (rows.len(), nonzeros(&rows));
        for area in areas {
            let full = area.cells.len() == nv;
            // Per value (by index): the area's constant part (givens holding it) and its columns.
            let mut per_value: Vec<(i64, Vec<(usize, i64)>)> = (0..nv)
                .map(|_| (0, Vec::with_capacity(area.cells.len())))
                .collect();
            for &c in &area.cells {
                if let Some(v) = fixed[c] {
                    per_value[idx(v)].0 += 1;
                }
                for &(v, col) in &cell_columns[c] {
                    per_value[idx(v)].1.push((col, 1));
                }
            }
            for (k, (constant, terms)) in per_value.into_iter().enumerate() {
                let v = p.lo + k as i64;
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
                let name = if rule.named {
                    format!("{}_{}_{v}", rule.name, area.name)
                } else {
                    format!("{}_{v}", area.name)
                };
                rows.push(Row {
                    name: lp_safe(name),
                    terms,
                    sense,
                    rhs,
                });
            }
        }
        stats.push(RuleStats {
            rule: rule.name.clone(),
            columns: 0,
            rows: rows.len() - before.0,
            nonzeros: nonzeros(&rows) - before.1,
        });
    }

    unique_names(&mut rows);
    Mip {
        name: p.name.clone(),
        grid_cols: p.cols,
        columns,
        column_names,
        rows,
        objective: Vec::new(),
        fixed,
        cell_columns,
        stats,
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
    for row in rows.iter_mut() {
        if !seen.insert(row.name.clone()) {
            let mut k = 2;
            while !seen.insert(format!("{}~{k}", row.name)) {
                k += 1;
            }
            row.name = format!("{}~{k}", row.name);
        }
    }
}

fn nonzeros(rows: &[Row]) -> usize {
    rows.iter().map(|r| r.terms.len()).sum()
}

/// LP and MPS readers reject names that start with a digit or a period (they read as numbers).
fn lp_safe(name: String) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        format!("_{name}")
    } else {
        name
    }
}
