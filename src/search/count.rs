//! How many cells of a set take one digit: `count(c in S: v[c] == d)` compared to a number
//! (look-and-say clues, `contains`, a quadruple's digits, counting written by hand), pruned
//! exactly, with the `distinct` among the set's own cells taken into account.
//!
//! The generic pruning of a condition by its algebra tries each value of each cell alone, and
//! so believes that two cells of one row can both hold the 5 a clue asks for twice: on
//! Look-and-Say 2 it took 221,297 nodes and 7.6 s (ISS: 635 guesses). Here the cells that can
//! still hold `d` form a graph whose edges are the pairs that must differ, and the cells that
//! hold `d` in a solution are an independent set of it, holding every cell fixed to `d`. So a
//! count between `min` and `max` can be met exactly when the largest such set has at least
//! `min` cells and the fixed ones are at most `max`; a cell may take `d` when a set of at
//! least `min` holds it too (and the fixed ones leave room), and another value when one of at
//! least `min` leaves it out. That keeps exactly the values some assignment of the set's cells
//! has with the digit counted right and never twice in cells that must differ
//! (`prunes_exactly`; the other digits' differences are the areas' to keep); the largest set is
//! found by a branching walk over bit masks, up to `MAX_WALKED` open cells that can hold the
//! digit, and past that counted as all of them, which only keeps more.

use super::{Dom, bits};
use crate::ground::G;
use crate::puzzle::BinOp;

/// Cells of a set, at most: the masks are `u32`.
const MAX_CELLS: usize = 32;
/// Open cells that can hold the digit past which the largest independent set is not looked
/// for (the count is bounded by the number of such cells instead): the walk branches in two
/// only on a cell with two neighbours or more, so at most about 1.6^16 (2,200) steps, and a
/// filter takes two walks a cell.
const MAX_WALKED: u32 = 16;

/// `min <= count(c in cells: v[c] == value) <= max`.
#[derive(Debug, Clone, PartialEq)]
pub struct Count {
    pub cells: Vec<u32>,
    /// The digit's index (the digit minus the lowest value).
    pub value: u32,
    pub min: i64,
    pub max: i64,
    /// Per position in `cells`, the positions of the cells it must differ from.
    adjacent: Vec<u32>,
}

impl Count {
    /// `g` as a count of one digit compared to a number, where `lo` is the lowest value: each
    /// item `v[c] == d` (either way round, or `v[c] in {d}`) or a constant (a given cell's
    /// comparison, folded), the cells all different. None for anything else, and for `!=`.
    pub fn recognize(g: &G, lo: i64) -> Option<Count> {
        let G::Cmp(op, a, b) = g else { return None };
        let (op, items, k) = match (&**a, &**b) {
            (G::Count(items), G::Int(k)) => (*op, items, *k),
            (G::Int(k), G::Count(items)) => (flip(*op)?, items, *k),
            _ => return None,
        };
        let mut cells = Vec::new();
        let mut digit = None;
        let mut constant = 0i64;
        for item in items {
            let (c, d) = match item {
                G::Bool(b) => {
                    constant += *b as i64;
                    continue;
                }
                G::Cmp(BinOp::Eq, x, y) => match (&**x, &**y) {
                    (G::Val(c), G::Int(d)) | (G::Int(d), G::Val(c)) => (*c, *d),
                    _ => return None,
                },
                G::In(x, ranges) => match (&**x, ranges.as_slice()) {
                    (G::Val(c), &[(a, b)]) if a == b => (*c, a),
                    _ => return None,
                },
                _ => return None,
            };
            if *digit.get_or_insert(d) != d {
                return None;
            }
            cells.push(c as u32);
        }
        let d = digit?;
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != cells.len() || cells.len() > MAX_CELLS || d < lo || d - lo >= 128 {
            return None;
        }
        let n = cells.len() as i64;
        let k = k - constant;
        let (min, max) = match op {
            BinOp::Eq => (k, k),
            BinOp::Le => (i64::MIN, k),
            BinOp::Lt => (i64::MIN, k - 1),
            BinOp::Ge => (k, i64::MAX),
            BinOp::Gt => (k + 1, i64::MAX),
            _ => return None,
        };
        Some(Count {
            adjacent: vec![0; cells.len()],
            cells,
            value: (d - lo) as u32,
            min: min.max(0),
            max: max.min(n),
        })
    }

    /// Record which of the cells must differ (`differ`, on grid cells).
    pub fn prepare(&mut self, differ: &dyn Fn(u32, u32) -> bool) {
        for (i, &a) in self.cells.iter().enumerate() {
            self.adjacent[i] = self
                .cells
                .iter()
                .enumerate()
                .filter(|&(j, &b)| j != i && differ(a, b))
                .fold(0, |m, (j, _)| m | 1 << j);
        }
    }

    /// Narrow `out` (one domain per cell of `cells`, from `doms`) to the values some
    /// assignment of the cells has; false when there is none.
    pub fn filter(&self, doms: &[Dom], out: &mut Vec<Dom>) -> bool {
        out.clear();
        out.extend(self.cells.iter().map(|&c| doms[c as usize]));
        let bit: Dom = 1 << self.value;
        let (mut can, mut fixed) = (0u32, 0u32);
        for (i, &d) in out.iter().enumerate() {
            if d & bit != 0 {
                can |= 1 << i;
                if d == bit {
                    fixed |= 1 << i;
                }
            }
        }
        let nfixed = fixed.count_ones() as i64;
        if nfixed > self.max || bits(fixed as Dom).any(|i| self.adjacent[i as usize] & fixed != 0) {
            return false;
        }
        // The cells that may still join the fixed ones.
        let free = can & !fixed & !self.neighbours(fixed);
        if nfixed + self.largest(free) < self.min {
            return false;
        }
        for i in bits((can & !fixed) as Dom) {
            let one = 1u32 << i;
            // With the digit: the fixed ones, this one, and the most of the rest that fit.
            let with = free & one != 0
                && nfixed < self.max
                && nfixed + 1 + self.largest(free & !one & !self.adjacent[i as usize]) >= self.min;
            // Without it: the fixed ones and the most of the rest.
            let without = nfixed + self.largest(free & !one) >= self.min;
            let d = &mut out[i as usize];
            if !with {
                *d &= !bit;
            }
            if !without {
                *d &= bit;
            }
            if *d == 0 {
                return false;
            }
        }
        true
    }

    /// The cells next to any of `set`.
    fn neighbours(&self, set: u32) -> u32 {
        bits(set as Dom).fold(0, |m, i| m | self.adjacent[i as usize])
    }

    /// The most cells of `set` no two of which must differ (past `MAX_WALKED` of them, their
    /// number: a bound, which keeps more values, never fewer).
    fn largest(&self, set: u32) -> i64 {
        if set.count_ones() > MAX_WALKED {
            return set.count_ones() as i64;
        }
        self.walk(set) as i64
    }

    /// The largest independent set of `set`: its lowest cell left out, or taken with its
    /// neighbours left out.
    fn walk(&self, set: u32) -> u32 {
        if set == 0 {
            return 0;
        }
        let i = set.trailing_zeros();
        let rest = set & (set - 1);
        let adj = self.adjacent[i as usize] & rest;
        let taken = 1 + self.walk(rest & !adj);
        if adj & adj.wrapping_sub(1) == 0 {
            // At most one neighbour in the set: a largest set without this cell holds that
            // neighbour at most, and this cell can take its place.
            return taken;
        }
        taken.max(self.walk(rest))
    }
}

/// `k OP count` as `count OP' k`.
fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Eq => BinOp::Eq,
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::linear::tests::xorshift;

    /// The values each cell takes in some assignment with the digit `value` counted between
    /// `min` and `max` and no two adjacent cells both holding it, by enumeration (the other
    /// values' differences are the areas' to enforce, not the count's).
    fn brute(c: &Count, doms: &[Dom]) -> Vec<Dom> {
        fn walk(c: &Count, doms: &[Dom], k: usize, path: &mut Vec<u32>, out: &mut [Dom]) {
            if k == doms.len() {
                let n = path.iter().filter(|&&v| v == c.value).count() as i64;
                if n >= c.min && n <= c.max {
                    for (j, &v) in path.iter().enumerate() {
                        out[j] |= 1 << v;
                    }
                }
                return;
            }
            for v in bits(doms[k]) {
                let clash =
                    v == c.value && (0..k).any(|j| c.adjacent[k] >> j & 1 == 1 && path[j] == v);
                if !clash {
                    path.push(v);
                    walk(c, doms, k + 1, path, out);
                    path.pop();
                }
            }
        }
        let mut out = vec![0; doms.len()];
        walk(c, doms, 0, &mut Vec::new(), &mut out);
        out
    }

    /// On random sets of up to 7 cells, random pairs that must differ, random domains over 4
    /// values and random bounds, `filter` keeps exactly what enumeration does, and fails
    /// exactly when enumeration finds nothing.
    #[test]
    fn prunes_exactly() {
        let mut rng = xorshift(0xc0_11_27);
        let (mut pruned, mut failed) = (0, 0);
        for _ in 0..3000 {
            let n = 2 + rng() as usize % 6;
            let mut c = Count {
                cells: (0..n as u32).collect(),
                value: (rng() % 4) as u32,
                min: (rng() % 4) as i64,
                max: 0,
                adjacent: vec![0; n],
            };
            c.max = c.min + (rng() % 3) as i64;
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|_| rng().is_multiple_of(3))
                .collect();
            c.prepare(&|a, b| {
                let (a, b) = (a.min(b) as usize, a.max(b) as usize);
                edges.contains(&(a, b))
            });
            let doms: Vec<Dom> = (0..n).map(|_| (rng() % 15 + 1) as Dom).collect();
            let want = brute(&c, &doms);
            let mut out = Vec::new();
            if want.iter().all(|&d| d == 0) {
                assert!(
                    !c.filter(&doms, &mut out),
                    "{c:?} on {doms:?}: kept {out:?}"
                );
                failed += 1;
            } else {
                assert!(c.filter(&doms, &mut out), "{c:?} on {doms:?}: failed");
                assert_eq!(out, want, "{c:?} on {doms:?}");
                pruned += (out != doms) as usize;
            }
        }
        assert!(
            pruned > 500 && failed > 300,
            "pruned {pruned}, failed {failed}"
        );
    }

    /// Only a count of one digit, compared to a number, is one.
    #[test]
    fn recognises_counts_of_one_digit() {
        let eq = |c: u32, d: i64| G::Cmp(BinOp::Eq, Box::new(G::Val(c as _)), Box::new(G::Int(d)));
        let count = |items: Vec<G>| Box::new(G::Count(items));
        let g = G::Cmp(
            BinOp::Eq,
            count(vec![eq(0, 3), eq(4, 3), G::Bool(true), eq(7, 3)]),
            Box::new(G::Int(2)),
        );
        let c = Count::recognize(&g, 1).unwrap();
        assert_eq!((c.cells, c.value, c.min, c.max), (vec![0, 4, 7], 2, 1, 1));
        let ge = G::Cmp(
            BinOp::Le,
            Box::new(G::Int(2)),
            count(vec![eq(0, 5), eq(1, 5)]),
        );
        let c = Count::recognize(&ge, 1).unwrap();
        assert_eq!((c.min, c.max), (2, 2));
        let mixed = G::Cmp(
            BinOp::Eq,
            count(vec![eq(0, 5), eq(1, 6)]),
            Box::new(G::Int(1)),
        );
        assert_eq!(Count::recognize(&mixed, 1), None);
        let ne = G::Cmp(
            BinOp::Ne,
            count(vec![eq(0, 5), eq(1, 5)]),
            Box::new(G::Int(1)),
        );
        assert_eq!(Count::recognize(&ne, 1), None);
    }
}
