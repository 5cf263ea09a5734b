//! The law of leftovers (killer solvers' "rule of 45"): an area that holds every value once
//! sums to the same total every time, so where sums are known on most of a region made of such
//! areas, the few cells left over (and those that stick out) have a known sum too. Each such
//! sum is implied by the rules and is searched as one more sum (`linear`): a cage in a row
//! whose other cells are caged elsewhere tells its one free cell's value; a band of three rows
//! whose cages stick out by two cells ties those two to the one cell the cages leave inside.
//! Killer solvers find these first, and the Interactive Sudoku Solver builds them the same
//! ways: per area (its cages inside, and those out by one cell), over rows, columns and boxes
//! taken one more at a time, and over the whole grid. Without them the builtin search took
//! 126,952 nodes on the first of tarek's killers (`examples/killers/tarek-01.sdk`; ISS: 62
//! guesses), with them 157.
//!
//! A derived sum only adds pruning: every grid of the rules satisfies it, so the grids found
//! are the same, and each is still checked against the rules themselves.

use std::collections::BTreeSet;

use super::linear::{Linear, MAX_DISTINCT_VALUES, Op};

/// A derived sum over more cells than this, all of them in known sums already, is left out: it
/// prunes little and costs a filter on every change of its cells (ISS's limit too). A sum over
/// cells no known sum covers has no such limit: it is all the help those cells get.
const MAX_CELLS: usize = 6;

/// A sum the rules state: its cells (distinct, sorted) add up to `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sum {
    pub cells: Vec<u32>,
    pub total: i64,
}

impl Sum {
    /// `l` as a stated sum, when every coefficient is 1 (or every one -1) and it is an equality.
    pub fn of(l: &Linear) -> Option<Sum> {
        let sign = l.terms.first()?.0;
        if l.op != Op::Eq || !(sign == 1 || sign == -1) || l.terms.iter().any(|t| t.0 != sign) {
            return None;
        }
        let mut cells: Vec<u32> = l.terms.iter().map(|t| t.1).collect();
        cells.sort_unstable();
        // `sign * sum + constant == 0`.
        Some(Sum {
            cells,
            total: -l.constant * sign,
        })
    }
}

/// The grid's shape, as far as the leftovers need it.
pub struct Grid<'a> {
    pub rows: usize,
    pub cols: usize,
    /// Areas that hold every value once (`Model::full_units`' cells).
    pub full: &'a [&'a [u32]],
    /// The sum of every value (what each full area sums to).
    pub total: i64,
    pub nvals: usize,
}

/// Every sum the law of leftovers derives from `sums` on `grid`, as comparisons to search,
/// none of them one of `sums` and none twice, in a fixed order.
pub fn derive(grid: &Grid, sums: &[Sum]) -> Vec<Linear> {
    let n = grid.rows * grid.cols;
    let mut sums: Vec<&Sum> = sums
        .iter()
        .filter(|s| !s.cells.is_empty() && s.cells.iter().all(|&c| (c as usize) < n))
        .collect();
    // The same clue twice is one sum (first kept, in the given order).
    let mut once = BTreeSet::new();
    sums.retain(|s| once.insert((&s.cells, s.total)));
    // Past 16 values a sum is filtered by its partial sums, not over sets of distinct values,
    // and a derived one sees little: killers are 9x9 and 16x16 puzzles. More sums than cells
    // is no killer either, and each sum is compared with every other it overlaps: 1 MiB of
    // one little killer (35,000 times the same nine cells) took minutes past a 10 s limit
    // here before the copies were one, and still would with thousands that differ.
    if sums.is_empty() || sums.len() > n || grid.full.is_empty() || grid.nvals > MAX_DISTINCT_VALUES
    {
        return Vec::new();
    }
    let mut out = Derived {
        seen: sums
            .iter()
            .map(|s| (s.cells.clone(), Vec::new(), s.total))
            .collect(),
        list: Vec::new(),
        full: grid.full,
        area_total: grid.total,
    };
    let mut in_sum = vec![false; n];
    sums.iter()
        .flat_map(|s| &s.cells)
        .for_each(|&c| in_sum[c as usize] = true);
    let pieces = non_overlapping(&sums, n);
    for area in grid.full {
        per_area(grid, area, &sums, n, &mut out);
    }
    for order in partitions(grid) {
        growing(grid, &order, &pieces, &in_sum, n, &mut out);
    }
    whole_grid(grid, &pieces, n, &mut out);
    out.list
}

/// The derived sums, and every sum (stated or derived) as (positive cells, negative cells,
/// total), so none is added twice.
struct Derived<'a> {
    seen: BTreeSet<(Vec<u32>, Vec<u32>, i64)>,
    list: Vec<Linear>,
    full: &'a [&'a [u32]],
    area_total: i64,
}

impl Derived<'_> {
    /// `sum(plus) - sum(minus) == total`.
    fn add(&mut self, mut plus: Vec<u32>, mut minus: Vec<u32>, mut total: i64) {
        plus.sort_unstable();
        minus.sort_unstable();
        // Most of a full area: the same sum over the rest of the area, fewer cells to filter
        // (the cells of a box but its one two-cell cage: the cage itself, already stated).
        if minus.is_empty()
            && let Some(area) = self
                .full
                .iter()
                .find(|a| 2 * plus.len() > a.len() && plus.iter().all(|c| a.contains(c)))
        {
            plus = area
                .iter()
                .copied()
                .filter(|c| plus.binary_search(c).is_err())
                .collect();
            plus.sort_unstable();
            total = self.area_total - total;
        }
        if plus.is_empty() && minus.is_empty() {
            return;
        }
        // The same sum written the other way round.
        let flipped = (minus.clone(), plus.clone(), -total);
        if self.seen.contains(&flipped) || !self.seen.insert((plus.clone(), minus.clone(), total)) {
            return;
        }
        let mut terms: Vec<(i64, u32)> = plus
            .iter()
            .map(|&c| (1, c))
            .chain(minus.iter().map(|&c| (-1, c)))
            .collect();
        terms.sort_by_key(|t| t.1);
        self.list.push(Linear {
            terms,
            constant: -total,
            op: Op::Eq,
            distinct: false,
            groups: Vec::new(),
            across: Vec::new(),
        });
    }
}

/// A greedy set of sums no two of which share a cell, those that overlap the fewest others
/// first (they rule out the least), ties in their given order.
fn non_overlapping<'s>(sums: &[&'s Sum], n: usize) -> Vec<&'s Sum> {
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in sums.iter().enumerate() {
        s.cells.iter().for_each(|&c| at[c as usize].push(i));
    }
    let overlaps = |s: &Sum| {
        let mut others: Vec<usize> = s
            .cells
            .iter()
            .flat_map(|&c| at[c as usize].iter().copied())
            .collect();
        others.sort_unstable();
        others.dedup();
        others.len()
    };
    let mut order: Vec<(usize, usize)> = sums
        .iter()
        .enumerate()
        .map(|(i, s)| (overlaps(s), i))
        .collect();
    order.sort_unstable();
    let mut taken = vec![false; n];
    let mut chosen: Vec<usize> = Vec::new();
    for (_, i) in order {
        if sums[i].cells.iter().any(|&c| taken[c as usize]) {
            continue;
        }
        sums[i].cells.iter().for_each(|&c| taken[c as usize] = true);
        chosen.push(i);
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|i| sums[i]).collect()
}

/// One full area: the sums inside it leave the rest of it a known sum (a "hidden cage"), and
/// a sum with one cell outside it ties that cell to the area's other free cells.
fn per_area(grid: &Grid, area: &[u32], sums: &[&Sum], n: usize, out: &mut Derived) {
    let mut here = vec![false; n];
    area.iter().for_each(|&c| here[c as usize] = true);
    let touching: Vec<&Sum> = sums
        .iter()
        .copied()
        .filter(|s| s.cells.iter().any(|&c| here[c as usize]))
        .collect();
    let pieces = non_overlapping(&touching, n);
    let mut inside_cells = 0;
    let mut inside_sum = 0;
    let mut free = here.clone();
    let mut out_by_one = Vec::new();
    for s in &pieces {
        let within = s.cells.iter().filter(|&&c| here[c as usize]).count();
        if within == s.cells.len() {
            inside_cells += within;
            inside_sum += s.total;
            s.cells.iter().for_each(|&c| free[c as usize] = false);
        } else if s.cells.len() - within == 1 {
            out_by_one.push(*s);
        }
    }
    let rest: Vec<u32> = area.iter().copied().filter(|&c| free[c as usize]).collect();
    let rest_sum = grid.total - inside_sum;
    for s in out_by_one {
        let (inner, outer): (Vec<u32>, Vec<u32>) = s.cells.iter().partition(|&&c| here[c as usize]);
        let left: Vec<u32> = rest
            .iter()
            .copied()
            .filter(|c| !inner.contains(c))
            .collect();
        if left.len() + 1 > MAX_CELLS {
            continue;
        }
        out.add(left, outer, rest_sum - s.total);
    }
    if inside_cells >= 2 && inside_cells < area.len() {
        out.add(rest, Vec::new(), rest_sum);
    }
}

/// The orders in which `growing` takes full areas: rows top to bottom and bottom to top,
/// columns left to right and right to left, and the other full areas that tile the grid (its
/// boxes) in the order of their first cells.
fn partitions<'a>(grid: &Grid<'a>) -> Vec<Vec<&'a [u32]>> {
    let n = grid.rows * grid.cols;
    let row_of = |c: u32| c as usize / grid.cols;
    let col_of = |c: u32| c as usize % grid.cols;
    let mut rows: Vec<Option<&'a [u32]>> = vec![None; grid.rows];
    let mut cols: Vec<Option<&'a [u32]>> = vec![None; grid.cols];
    let mut others: Vec<&'a [u32]> = Vec::new();
    for &a in grid.full {
        if a.iter().all(|&c| row_of(c) == row_of(a[0])) {
            rows[row_of(a[0])].get_or_insert(a);
        } else if a.iter().all(|&c| col_of(c) == col_of(a[0])) {
            cols[col_of(a[0])].get_or_insert(a);
        } else {
            others.push(a);
        }
    }
    let mut orders = Vec::new();
    for line in [rows, cols] {
        if let Some(all) = line.into_iter().collect::<Option<Vec<&'a [u32]>>>() {
            let mut back = all.clone();
            back.reverse();
            orders.push(all);
            orders.push(back);
        }
    }
    others.sort_by_key(|a| a.iter().min().copied());
    let mut covered = vec![false; n];
    let mut tiles = Vec::new();
    for a in others {
        if a.iter().all(|&c| !covered[c as usize]) {
            a.iter().for_each(|&c| covered[c as usize] = true);
            tiles.push(a);
        }
    }
    if covered.iter().all(|&c| c) {
        orders.push(tiles);
    }
    orders
}

/// Full areas taken one more at a time: each sum most of whose cells lie in the region so far
/// joins it for good; the region's cells outside the joined sums and the sums' cells outside
/// the region then differ by a known total.
fn growing(
    grid: &Grid,
    order: &[&[u32]],
    pieces: &[&Sum],
    in_sum: &[bool],
    n: usize,
    out: &mut Derived,
) {
    let mut region = vec![false; n];
    let mut joined = vec![false; pieces.len()];
    let mut covered = vec![false; n];
    let mut joined_sum = 0;
    for (i, area) in order.iter().enumerate() {
        if i + 1 >= order.len() {
            break;
        }
        area.iter().for_each(|&c| region[c as usize] = true);
        for (j, s) in pieces.iter().enumerate() {
            if joined[j] {
                continue;
            }
            let within = s.cells.iter().filter(|&&c| region[c as usize]).count();
            if 2 * within > s.cells.len() {
                joined[j] = true;
                joined_sum += s.total;
                s.cells.iter().for_each(|&c| covered[c as usize] = true);
            }
        }
        // The first area alone is `per_area`'s.
        if i == 0 {
            continue;
        }
        let inside: Vec<u32> = (0..n as u32)
            .filter(|&c| region[c as usize] && !covered[c as usize])
            .collect();
        let outside: Vec<u32> = (0..n as u32)
            .filter(|&c| covered[c as usize] && !region[c as usize])
            .collect();
        let size = inside.len() + outside.len();
        if size == 0 || size > grid.nvals || (inside.len() > 2 && outside.len() > 2) {
            continue;
        }
        if size > MAX_CELLS && inside.iter().chain(&outside).all(|&c| in_sum[c as usize]) {
            continue;
        }
        // sum(region) = sum(inside) + sum(joined) - sum(outside).
        let region_sum = (i as i64 + 1) * grid.total;
        out.add(inside, outside, region_sum - joined_sum);
    }
}

/// The whole grid, when its rows (or other full areas) tile it: the cells no sum covers make
/// up what the sums leave of the grid's total.
fn whole_grid(grid: &Grid, pieces: &[&Sum], n: usize, out: &mut Derived) {
    if !n.is_multiple_of(grid.nvals) || partitions(grid).is_empty() {
        return;
    }
    let mut covered = vec![false; n];
    let mut total = (n / grid.nvals) as i64 * grid.total;
    for s in pieces {
        s.cells.iter().for_each(|&c| covered[c as usize] = true);
        total -= s.total;
    }
    let rest: Vec<u32> = (0..n as u32).filter(|&c| !covered[c as usize]).collect();
    if !rest.is_empty() && rest.len() < grid.nvals {
        out.add(rest, Vec::new(), total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows, columns and boxes of a 9x9, as cell lists.
    fn areas() -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..9u32 {
            out.push((0..9).map(|j| i * 9 + j).collect());
            out.push((0..9).map(|j| j * 9 + i).collect());
            let (r, c) = (i / 3 * 3, i % 3 * 3);
            out.push((0..9).map(|j| (r + j / 3) * 9 + c + j % 3).collect());
        }
        out
    }

    fn derive_on(sums: &[Sum]) -> Vec<Linear> {
        let areas = areas();
        let full: Vec<&[u32]> = areas.iter().map(|a| a.as_slice()).collect();
        let grid = Grid {
            rows: 9,
            cols: 9,
            full: &full,
            total: 45,
            nvals: 9,
        };
        derive(&grid, sums)
    }

    fn cage(cells: &[u32], grid: &[i64]) -> Sum {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        Sum {
            total: cells.iter().map(|&c| grid[c as usize]).sum(),
            cells,
        }
    }

    /// A box holding two cages whole and a third but one cell (r4c1, below the box): the
    /// box's total less the cages' ties that cell alone to a number, its value.
    #[test]
    fn a_cage_out_of_a_box_by_one_cell_gives_its_value() {
        let grid: Vec<i64> = (0..81)
            .map(|c| ((c / 9 % 3) * 3 + c / 27 + c % 9) % 9 + 1)
            .collect();
        let sums = [
            cage(&[0, 1, 9], &grid),
            cage(&[2, 10, 11], &grid),
            cage(&[18, 19, 20, 27], &grid),
        ];
        let derived = derive_on(&sums);
        let alone: Vec<&Linear> = derived
            .iter()
            .filter(|l| l.terms.len() == 1 && l.terms[0].1 == 27)
            .collect();
        assert_eq!(alone.len(), 1, "{derived:?}");
        let (k, _) = alone[0].terms[0];
        assert_eq!(k * grid[27] + alone[0].constant, 0, "{:?}", alone[0]);
    }

    /// Every sum derived from cages drawn on a grid holds on that grid: random grids (a
    /// pattern with its digits, rows, columns, bands and stacks shuffled) and random cages of
    /// one to six joined cells, some cells in none.
    #[test]
    fn derived_sums_hold_on_the_grid_of_their_cages() {
        let mut rng = 2024u64;
        let mut next = |k: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % k
        };
        let mut derived_count = 0;
        for case in 0..300 {
            let mut digits: Vec<i64> = (1..=9).collect();
            for i in (1..9).rev() {
                digits.swap(i, next(i as u64 + 1) as usize);
            }
            let perm = |next: &mut dyn FnMut(u64) -> u64| {
                let mut bands = [0, 1, 2];
                let mut out = Vec::new();
                for i in (1..3).rev() {
                    bands.swap(i, next(i as u64 + 1) as usize);
                }
                for b in bands {
                    let mut inner = [0, 1, 2];
                    for i in (1..3).rev() {
                        inner.swap(i, next(i as u64 + 1) as usize);
                    }
                    out.extend(inner.iter().map(|&r| b * 3 + r));
                }
                out
            };
            let rows = perm(&mut next);
            let cols = perm(&mut next);
            let grid: Vec<i64> = (0..81)
                .map(|c| {
                    let (r, k) = (rows[c / 9], cols[c % 9]);
                    digits[((r % 3) * 3 + r / 3 + k) % 9]
                })
                .collect();
            // Cages grown from random seeds into free neighbours.
            let mut owner = vec![usize::MAX; 81];
            let mut sums = Vec::new();
            for start in 0..81 {
                if owner[start] != usize::MAX || next(5) == 0 {
                    continue;
                }
                let size = 1 + next(6) as usize;
                let mut cells = vec![start as u32];
                owner[start] = sums.len();
                while cells.len() < size {
                    let c = cells[next(cells.len() as u64) as usize] as usize;
                    let (r, k) = (c / 9, c % 9);
                    let near = [
                        (r > 0, c.wrapping_sub(9)),
                        (r < 8, c + 9),
                        (k > 0, c.wrapping_sub(1)),
                        (k < 8, c + 1),
                    ];
                    let (ok, n) = near[next(4) as usize];
                    if ok && owner[n] == usize::MAX {
                        owner[n] = sums.len();
                        cells.push(n as u32);
                    } else if next(4) == 0 {
                        break;
                    }
                }
                sums.push(cage(&cells, &grid));
            }
            let derived = derive_on(&sums);
            assert_eq!(
                derived.len(),
                derive_on(&sums).len(),
                "case {case}: not deterministic"
            );
            for l in &derived {
                let value: i64 = l
                    .terms
                    .iter()
                    .map(|&(k, c)| k * grid[c as usize])
                    .sum::<i64>()
                    + l.constant;
                assert_eq!(value, 0, "case {case}: {l:?} does not hold");
                assert!(
                    !sums.iter().any(|s| l.terms.iter().all(|t| t.0 == 1)
                        && s.cells == l.terms.iter().map(|t| t.1).collect::<Vec<_>>()),
                    "case {case}: {l:?} is a stated sum"
                );
            }
            derived_count += derived.len();
        }
        // (The test is only as good as what it derives.)
        assert!(derived_count > 1000, "{derived_count} sums derived");
    }
}
