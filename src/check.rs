//! The checker: evaluates every rule of a `Puzzle` directly on a complete grid. It shares no
//! code with `lower`, so a wrong encoding shows up as a broken rule even when a solver is
//! satisfied with the MIP. Uniqueness proofs, the generator and brute-force tests build on it.

use std::fmt;

use crate::puzzle::{Cell, Puzzle, RuleKind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken: a rule's name, or `values` / `givens` for the grid's own data.
    pub rule: String,
    pub cells: Vec<Cell>,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule `{}`: {}", self.rule, self.message)
    }
}

/// Every rule the grid breaks, in rule order; empty when the grid is a solution.
pub fn check(p: &Puzzle, grid: &[i64]) -> Vec<Violation> {
    let mut out = Vec::new();
    if grid.len() != p.rows * p.cols {
        out.push(Violation {
            rule: "grid".into(),
            cells: Vec::new(),
            message: format!(
                "the grid has {} cells, the puzzle {}",
                grid.len(),
                p.rows * p.cols
            ),
        });
        return out;
    }
    for (c, &v) in grid.iter().enumerate() {
        if v < p.lo || v > p.hi {
            out.push(Violation {
                rule: "values".into(),
                cells: vec![c],
                message: format!(
                    "{} is {v}, outside the values {}..{}",
                    p.cell_name(c),
                    p.lo,
                    p.hi
                ),
            });
        }
        if let Some(g) = p.givens[c] {
            if g != v {
                out.push(Violation {
                    rule: "givens".into(),
                    cells: vec![c],
                    message: format!("{} is {v}, but the given is {g}", p.cell_name(c)),
                });
            }
        }
    }
    for rule in &p.rules {
        match &rule.kind {
            RuleKind::Distinct(areas) => {
                for area in areas {
                    for (i, &a) in area.cells.iter().enumerate() {
                        for &b in &area.cells[i + 1..] {
                            if grid[a] == grid[b] {
                                out.push(Violation {
                                    rule: rule.name.clone(),
                                    cells: vec![a, b],
                                    message: format!(
                                        "{} and {} are both {} in {}",
                                        p.cell_name(a),
                                        p.cell_name(b),
                                        grid[a],
                                        area.label
                                    ),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
