//! The checker: evaluates every rule of a `Puzzle` directly on a complete grid. It shares no
//! code with `lower`, so a wrong encoding shows up as a broken rule even when a solver is
//! satisfied with the MIP. Uniqueness proofs, the generator and brute-force tests build on it.

use std::fmt;

use crate::puzzle::{AggKind, BinOp, Binder, Cell, CellTerm, Expr, Puzzle, RuleKind, SetTerm};

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
    check_with(p, grid, Some(&p.givens))
}

/// `check` with `givens` in place of the puzzle's own (one per cell): a batch holds each
/// line's grids to the line's givens without copying the whole puzzle for them.
pub fn check_against(p: &Puzzle, givens: &[Option<i64>], grid: &[i64]) -> Vec<Violation> {
    check_with(p, grid, Some(givens))
}

/// `check` without the givens: the value set and the rules (the generator's proof holds a
/// grid to other givens than the puzzle's own, and checks those itself).
pub fn check_rules(p: &Puzzle, grid: &[i64]) -> Vec<Violation> {
    check_with(p, grid, None)
}

/// Whether two cells of `cells` may hold one value: one pass with a bit per value, so that
/// only such an area has its pairs listed. (The generator checks some 25 grids per 9x9
/// puzzle it proves, and comparing every pair of every area was a seventh of its work.) A
/// value past 128 of them from the lowest is not told apart here: the pairs are listed.
fn repeats(p: &Puzzle, grid: &[i64], cells: &[usize]) -> bool {
    // The bits as two 64-bit words: a 128-bit shift is a branchy sequence of several
    // instructions, and this loop was a fourteenth of the 9x9 generator's work.
    let mut seen = [0u64; 2];
    for &c in cells {
        let i = grid[c].wrapping_sub(p.lo);
        if !(0..128).contains(&i) {
            return true;
        }
        let (word, bit) = ((i >> 6) as usize, 1u64 << (i & 63));
        if seen[word] & bit != 0 {
            return true;
        }
        seen[word] |= bit;
    }
    false
}

fn check_with(p: &Puzzle, grid: &[i64], givens: Option<&[Option<i64>]>) -> Vec<Violation> {
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
        if let Some(g) = givens.and_then(|gs| gs[c])
            && g != v
        {
            out.push(Violation {
                rule: "givens".into(),
                cells: vec![c],
                message: format!("{} is {v}, but the given is {g}", p.cell_name(c)),
            });
        }
    }
    for rule in &p.rules {
        match &rule.kind {
            RuleKind::Expr { expr, vars, .. } => {
                let mut ev = Eval {
                    p,
                    grid,
                    env: vec![usize::MAX; *vars],
                };
                out.extend(
                    ev.violations(expr)
                        .into_iter()
                        .map(|(cells, message)| Violation {
                            rule: rule.name.clone(),
                            cells,
                            message,
                        }),
                );
            }
            RuleKind::Distinct(areas) => {
                for area in areas {
                    if !repeats(p, grid, &area.cells) {
                        continue;
                    }
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

/// The expression interpreter: quantifiers enumerate their sets, aggregates count, and every
/// comparison is computed on the grid's values. Arithmetic saturates rather than overflowing.
struct Eval<'a> {
    p: &'a Puzzle,
    grid: &'a [i64],
    /// The cell each bound variable stands for.
    env: Vec<Cell>,
}

/// At most this many failing instances are listed per rule.
const MAX_REPORTED: usize = 10;

impl Eval<'_> {
    /// The instances of a rule that fail: for a top-level `for`, each failing binding with its
    /// cells; otherwise the rule as a whole.
    fn violations(&mut self, e: &Expr) -> Vec<(Vec<Cell>, String)> {
        if let Expr::Quant {
            all: true,
            binder,
            set,
            filter,
            body,
        } = e
        {
            let mut out = Vec::new();
            for cells in self.selected(*binder, set, filter.as_deref()) {
                self.bind(*binder, &cells);
                if !self.truth(body) && out.len() < MAX_REPORTED {
                    let names: Vec<String> = cells
                        .iter()
                        .map(|&c| format!("{} = {}", self.p.cell_name(c), self.grid[c]))
                        .collect();
                    out.push((cells, format!("fails for {}", names.join(", "))));
                }
            }
            return out;
        }
        if self.truth(e) {
            Vec::new()
        } else {
            vec![(Vec::new(), "does not hold".into())]
        }
    }

    fn cell(&self, t: CellTerm) -> Cell {
        match t {
            CellTerm::Fixed(c) => c,
            CellTerm::Var(v) => self.env[v],
        }
    }

    fn bind(&mut self, binder: Binder, cells: &[Cell]) {
        match binder {
            Binder::One(v) => self.env[v] = cells[0],
            Binder::Pair(a, b) => {
                self.env[a] = cells[0];
                self.env[b] = cells[1];
            }
        }
    }

    /// The elements a binder ranges over: single cells, or pairs.
    fn members(&self, binder: Binder, set: &SetTerm) -> Vec<Vec<Cell>> {
        let list: Vec<Cell> = match set {
            SetTerm::Cells(c) => c.clone(),
            SetTerm::Neighbours(rel, c) => self.p.neighbours(*rel, self.cell(*c)),
            SetTerm::Pairs(rel) => {
                return self
                    .p
                    .relation_pairs(*rel)
                    .into_iter()
                    .map(|(a, b)| vec![a, b])
                    .collect();
            }
            SetTerm::Steps(c) => return c.windows(2).map(<[Cell]>::to_vec).collect(),
        };
        match binder {
            Binder::One(_) => list.into_iter().map(|c| vec![c]).collect(),
            Binder::Pair(..) => {
                let mut pairs = Vec::new();
                for i in 0..list.len() {
                    for j in i + 1..list.len() {
                        pairs.push(vec![list[i], list[j]]);
                    }
                }
                pairs
            }
        }
    }

    /// The members a binder ranges over whose filter holds. Every binder of a rule has its own
    /// variables, so binding an inner one never disturbs an outer one: no save and restore.
    fn selected(&mut self, binder: Binder, set: &SetTerm, filter: Option<&Expr>) -> Vec<Vec<Cell>> {
        let mut out = self.members(binder, set);
        if let Some(f) = filter {
            out.retain(|cells| {
                self.bind(binder, cells);
                self.truth(f)
            });
        }
        out
    }

    fn truth(&mut self, e: &Expr) -> bool {
        match e {
            Expr::Bool(b) => *b,
            Expr::HasMark(c, m) => {
                let marks = &self.p.marks[self.cell(*c)];
                m.chars().all(|ch| marks.contains(ch))
            }
            Expr::Clued(a, b, pairs) => {
                let (a, b) = (self.cell(*a), self.cell(*b));
                pairs.contains(&(a.min(b), a.max(b)))
            }
            Expr::Not(x) => !self.truth(x),
            Expr::In(x, ranges) => {
                let v = self.number(x);
                ranges.iter().any(|r| (r.0..=r.1).contains(&v))
            }
            Expr::Bin(op, l, r) => match op {
                BinOp::And => self.truth(l) && self.truth(r),
                BinOp::Or => self.truth(l) || self.truth(r),
                BinOp::Implies => !self.truth(l) || self.truth(r),
                BinOp::Iff => self.truth(l) == self.truth(r),
                _ => {
                    let (a, b) = (self.number(l), self.number(r));
                    match op {
                        BinOp::Eq => a == b,
                        BinOp::Ne => a != b,
                        BinOp::Lt => a < b,
                        BinOp::Le => a <= b,
                        BinOp::Gt => a > b,
                        BinOp::Ge => a >= b,
                        _ => unreachable!("arithmetic is not a condition"),
                    }
                }
            },
            Expr::Quant {
                all,
                binder,
                set,
                filter,
                body,
            } => {
                // forall: no selected member fails; exists: some selected member holds.
                let members = self.selected(*binder, set, filter.as_deref());
                members.into_iter().any(|cells| {
                    self.bind(*binder, &cells);
                    self.truth(body) != *all
                }) != *all
            }
            _ => unreachable!("the analyzer only lets conditions here"),
        }
    }

    fn number(&mut self, e: &Expr) -> i64 {
        match e {
            Expr::Int(v) => *v,
            Expr::Value(c) => self.grid[self.cell(*c)],
            Expr::Row(c) => (self.cell(*c) / self.p.cols + 1) as i64,
            Expr::Lookup(c, table) => table[self.cell(*c)],
            Expr::Col(c) => (self.cell(*c) % self.p.cols + 1) as i64,
            Expr::Neg(x) => self.number(x).saturating_neg(),
            Expr::Abs(x) => self.number(x).saturating_abs(),
            Expr::Bin(op, l, r) => {
                let (a, b) = (self.number(l), self.number(r));
                match op {
                    BinOp::Add => a.saturating_add(b),
                    BinOp::Sub => a.saturating_sub(b),
                    BinOp::Mul => a.saturating_mul(b),
                    BinOp::Div => floor_quotient(a, b),
                    BinOp::Mod => a.saturating_sub(floor_quotient(a, b).saturating_mul(b)),
                    _ => unreachable!("conditions are not numbers"),
                }
            }
            Expr::Agg {
                kind,
                binder,
                set,
                filter,
                body,
            } => {
                let mut total = 0i64;
                let mut seen = std::collections::BTreeSet::new();
                for cells in self.selected(*binder, set, filter.as_deref()) {
                    self.bind(*binder, &cells);
                    match kind {
                        AggKind::Sum => total = total.saturating_add(self.number(body)),
                        AggKind::Count => total += i64::from(self.truth(body)),
                        AggKind::NDistinct => {
                            seen.insert(self.number(body));
                        }
                    }
                }
                if *kind == AggKind::NDistinct {
                    seen.len() as i64
                } else {
                    total
                }
            }
            _ => unreachable!("the analyzer only lets numbers here"),
        }
    }
}

/// `a / b` rounded down, computed apart from the grounding's own (in 128 bits, from the
/// Euclidean quotient), so the two check each other. The analyzer never lets `b` be 0.
fn floor_quotient(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let (a, b) = (i128::from(a), i128::from(b));
    // The Euclidean quotient rounds down for b > 0; for b < 0 it rounds up, one too high
    // unless the division is exact.
    let q = a.div_euclid(b);
    let q = if b < 0 && a.rem_euclid(b) != 0 {
        q - 1
    } else {
        q
    };
    q.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 whose one given is r1c1 = 1, and a solution of its rules with 2 there.
    fn four() -> (Puzzle, [i64; 16]) {
        let p = crate::load(
            "four.sdk",
            b"grid 4x4\nboxes 2x2\ngivens \"1...............\"\nrule distinct rows, columns, boxes\n",
            None,
        )
        .expect("the model reads");
        let grid = [
            2, 1, 3, 4, //
            3, 4, 1, 2, //
            1, 2, 4, 3, //
            4, 3, 2, 1,
        ];
        (p, grid)
    }

    #[test]
    fn check_rules_leaves_the_givens_out_and_nothing_else() {
        let (p, grid) = four();
        let other = grid;
        assert_eq!(check(&p, &other).len(), 1);
        assert_eq!(check(&p, &other)[0].rule, "givens");
        assert!(check_rules(&p, &other).is_empty());
        // A broken row and a value out of range are still found.
        let mut broken = other;
        broken[1] = 2;
        broken[15] = 7;
        let rules: Vec<String> = check_rules(&p, &broken)
            .into_iter()
            .map(|v| v.rule)
            .collect();
        assert!(rules.contains(&"values".to_string()), "{rules:?}");
        assert!(
            rules.iter().any(|r| r != "values" && r != "givens"),
            "{rules:?}"
        );
    }

    #[test]
    fn check_against_holds_the_grid_to_the_givens_it_is_handed() {
        let (p, grid) = four();
        // The puzzle's own given (r1c1 = 1) is not asked; the line's r1c2 = 3 is.
        let mut line = vec![None; 16];
        line[1] = Some(3);
        let broken = check_against(&p, &line, &grid);
        assert_eq!(broken.len(), 1, "{broken:?}");
        assert_eq!(
            (broken[0].rule.as_str(), &broken[0].cells),
            ("givens", &vec![1])
        );
        line[1] = Some(1);
        assert!(check_against(&p, &line, &grid).is_empty());
        assert_eq!(check(&p, &grid)[0].rule, "givens");
    }

    #[test]
    fn an_area_lists_each_repeated_pair_whatever_the_values() {
        let p = crate::load(
            "row.sdk",
            b"grid 1x4\nvalues 1..4\nrule distinct rows\n",
            None,
        )
        .expect("the model reads");
        let pairs = |grid: &[i64]| -> Vec<Vec<usize>> {
            check_rules(&p, grid)
                .into_iter()
                .filter(|v| v.rule != "values")
                .map(|v| v.cells)
                .collect()
        };
        assert!(pairs(&[4, 2, 3, 1]).is_empty());
        // Three cells with one value: three pairs, each once.
        assert_eq!(pairs(&[2, 2, 1, 2]), [vec![0, 1], vec![0, 3], vec![1, 3]]);
        // Values past the bit per value (and i64's ends) are compared too.
        assert_eq!(
            pairs(&[i64::MIN, 500, i64::MIN, 500]),
            [vec![0, 2], vec![1, 3]]
        );
        assert!(pairs(&[i64::MAX, 500, i64::MIN, 1]).is_empty());
        // Past 64 values the bits are 128 wide.
        let wide = crate::load(
            "wide.sdk",
            b"grid 1x4\nvalues 1..100\nrule distinct rows\n",
            None,
        )
        .expect("the model reads");
        let wide_pairs = |grid: &[i64]| -> Vec<Vec<usize>> {
            check_rules(&wide, grid)
                .into_iter()
                .map(|v| v.cells)
                .collect()
        };
        assert!(wide_pairs(&[100, 65, 64, 1]).is_empty());
        assert_eq!(wide_pairs(&[100, 70, 100, 1]), [vec![0, 2]]);
    }
}
