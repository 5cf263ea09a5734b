//! The search for small grids whose only rules are full `distinct` areas (the classic 9x9,
//! jigsaws, X-sudoku, windoku, 6x6 and 8x8): each value's possible cells are one 128-bit
//! board, so a placed value leaves all its peers in one AND, a cell's count of values is a
//! few ANDs and ORs over the boards, and a node's whole state is copied in one move. The
//! general search keeps a domain per cell and a count per area and value, updated one value
//! at a time: on such grids this one answers the same questions faster (hard 9x9s 1.5x, the
//! 9x9 generator 2x) and finds the same set of grids, since both are exact.
//!
//! Propagation: naked singles, hidden singles, and pointing and claiming between any two
//! areas that share two or more cells (a box and a row, a jigsaw region and a column).

use std::time::Instant;

use super::{Options, Outcome};

/// The most values (a node's state is an array of this many boards).
const MAX_VALUES: usize = 16;

/// A node's state.
#[derive(Clone, Copy)]
struct Boards {
    /// Per value, the cells that can still take it (a placed value's cell included).
    cand: [u128; MAX_VALUES],
    /// The placed cells.
    solved: u128,
    /// Per value, the areas (bits of `Houses::units`) where it is not placed yet: only these
    /// can hold a hidden single or a pointing of it. Most of a generator's questions start
    /// from a nearly full grid, where this leaves a few areas of the 27 to look at.
    open_units: [u64; MAX_VALUES],
}

pub(super) struct Houses {
    lo: i64,
    nvals: usize,
    cells: usize,
    /// Every cell.
    all: u128,
    /// The full areas (at most 64).
    units: Vec<u128>,
    /// Per cell, its areas (bits of `units`).
    unit_of: Vec<u64>,
    /// Per cell, the cells that share an area with it.
    peers: Vec<u128>,
    /// Two areas that share two or more cells: (both areas' cells, the shared cells, the
    /// first's other cells, the second's other cells, the two areas as bits of `units`). (One
    /// array, not two zipped: the pointing loop goes through it for every value that lost a
    /// cell, at every node, and the zip's second index was 9% of a hard 9x9's instructions.)
    crossings: Vec<(u128, u128, u128, u128, u64)>,
    /// Per area, its crossings (bits of indices into `crossings`, `crossing_words` words an
    /// area): a value that lost one cell can point only through the crossings of that cell's
    /// areas, a dozen of a 9x9's 54.
    crossings_of: Vec<u64>,
    /// The words of a set of crossings.
    crossing_words: usize,
}

/// The most words of a set of crossings: two of at most 64 areas, so at most 2,016.
const CROSSING_WORDS: usize = 32;

/// A well-mixed 64-bit value of `x` (SplitMix64's output function), to seed a random stream.
pub(super) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one search carries besides the boards.
struct Run<'o> {
    limit: usize,
    prefer: Option<&'o [i64]>,
    deadline: Option<Instant>,
    each: &'o mut dyn FnMut(&[i64]) -> bool,
    out: &'o mut Outcome,
    stop: bool,
    /// Per cell, 1 + `PRIOR` + how often a contradiction lay in it (dom/wdeg, as the general
    /// search).
    weight: [u32; 128],
    /// The largest weight.
    heaviest: u32,
    /// The state of the value order's shuffle (a random grid), when there is one.
    rng: Option<u64>,
}

/// Every cell's weight starts at 1 + PRIOR, as if it had failed that many times: the general
/// search's `WEIGHT_PRIOR` (these weights are never halved, so a start is the same as a
/// prior). Larger here since a 9x9's search is short: 3,000 hard 9x9s (`bench/batch.py
/// --puzzles 3000 --write FILE`, then `sdkc run examples/classic.sdk --givens-file FILE
/// --unique --solver builtin -p 1` under callgrind), with no prior 3,412M instructions,
/// with 2 3,303M, 4 3,211M, 8 3,087M, 16 2,996M, 32 2,947M, 64 2,998M, 256 3,190M; another
/// 3,000 (`--seed 7`): none 3,382M, 16 2,962M, 32 2,940M, 64 2,998M.
const PRIOR: u32 = 32;

impl Run<'_> {
    /// A contradiction lay in these cells: they weigh more in the next choices.
    fn blame(&mut self, cells: u128) {
        for c in Houses::each(cells) {
            self.weight[c] = self.weight[c].saturating_add(1);
            self.heaviest = self.heaviest.max(self.weight[c]);
        }
    }
}

impl Houses {
    /// The search for a grid of `cells` cells whose rules are exactly these full areas (each
    /// with as many cells as values); None when the grid is too large for a board, or has
    /// more areas than an area mask's 64 bits.
    pub(super) fn new(lo: i64, nvals: usize, cells: usize, units: &[Vec<u32>]) -> Option<Houses> {
        if cells > 128 || nvals > MAX_VALUES || nvals == 0 || units.len() > 64 {
            return None;
        }
        let mask = |u: &[u32]| u.iter().fold(0u128, |m, &c| m | 1 << c);
        let units: Vec<u128> = units.iter().map(|u| mask(u)).collect();
        let mut peers = vec![0u128; cells];
        let mut unit_of = vec![0u64; cells];
        for (i, &u) in units.iter().enumerate() {
            for c in Self::each(u) {
                peers[c] |= u & !(1 << c);
                unit_of[c] |= 1 << i;
            }
        }
        let mut crossings = Vec::new();
        for (i, &a) in units.iter().enumerate() {
            for (j, &b) in units.iter().enumerate().skip(i + 1) {
                let shared = a & b;
                if shared.count_ones() >= 2 && a != b {
                    crossings.push((a | b, shared, a & !shared, b & !shared, 1 << i | 1 << j));
                }
            }
        }
        let crossing_words = crossings.len().div_ceil(64);
        let mut crossings_of = vec![0u64; units.len() * crossing_words];
        for (k, &(.., pair)) in crossings.iter().enumerate() {
            for i in super::bits(pair) {
                crossings_of[i as usize * crossing_words + k / 64] |= 1 << (k % 64);
            }
        }
        Some(Houses {
            lo,
            nvals,
            cells,
            all: if cells == 128 {
                !0
            } else {
                (1u128 << cells) - 1
            },
            units,
            unit_of,
            peers,
            crossings,
            crossings_of,
            crossing_words,
        })
    }

    /// The cells of a board, lowest first.
    fn each(m: u128) -> impl Iterator<Item = usize> {
        super::bits(m).map(|c| c as usize)
    }

    /// `Model::solve_each` on the boards: the same options, the same outcome.
    pub(super) fn solve_each(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        each: &mut dyn FnMut(&[i64]) -> bool,
        out: &mut Outcome,
    ) {
        // (A model with no rules has no areas: no bit.)
        let every_unit = u64::MAX
            .checked_shr(64 - self.units.len() as u32)
            .unwrap_or(0);
        let mut b = Boards {
            cand: [0; MAX_VALUES],
            solved: 0,
            open_units: [every_unit; MAX_VALUES],
        };
        for v in 0..self.nvals {
            b.cand[v] = self.all;
        }
        for &(c, v) in &opts.exclude {
            if let Some(v) = self.index(v) {
                b.cand[v] &= !(1 << c);
            }
        }
        // The givens all at once: each value's cells and their peers, then every board
        // (placing them one by one cleared every board per given: a generator's question
        // starts from some 30 givens, and that was a twentieth of its instructions).
        let mut given = [0u128; MAX_VALUES];
        let mut taken = [0u128; MAX_VALUES];
        for (c, g) in givens.iter().enumerate() {
            let Some(g) = *g else { continue };
            let Some(v) = self.index(g) else { return };
            given[v] |= 1 << c;
            taken[v] |= self.peers[c];
            b.open_units[v] &= !self.unit_of[c];
        }
        let solved = given[..self.nvals].iter().fold(0, |m, &g| m | g);
        for v in 0..self.nvals {
            // A given excluded, or two givens of one value that are peers.
            if given[v] & !b.cand[v] != 0 || given[v] & taken[v] != 0 {
                return;
            }
            b.cand[v] = (b.cand[v] & !taken[v] & !solved) | given[v];
        }
        b.solved = solved;
        let mut run = Run {
            limit: if opts.limit == 0 {
                usize::MAX
            } else {
                opts.limit
            },
            prefer: opts.prefer.as_deref(),
            deadline: opts.deadline,
            each,
            out,
            stop: false,
            weight: [1 + PRIOR; 128],
            heaviest: 1 + PRIOR,
            // (Seeded through SplitMix64: seeds in sequence, as the generator's are, differ in
            // their low bits, and with the seed itself as the state the first area's random
            // order below left half of a 4x4's grids out of reach of the binary draws after
            // it.)
            rng: opts.seed.map(|s| splitmix(s) | 1),
        };
        // One random grid of an empty puzzle (the generator's): its first area holds the
        // values in a random order. Trading values for one another maps a grid of these rules
        // to another (each area holds each value once), so every order is in some grid, and
        // the search starts with a ninth of a 9x9 filled (the generator's random grids 83M
        // instructions for 300 9x9 puzzles, 67M so).
        // (The order has a stream of its own: drawn from the search's, every grid is reached
        // too, but the random grids of 300 9x9 puzzles took 76M instructions, not 67M, and
        // the whole generator 516M, not 498M, over three seeds.)
        if let Some(seed) = opts.seed
            && run.limit == 1
            && opts.exclude.is_empty()
            && b.solved == 0
            && let Some(&first) = self.units.first()
        {
            let mut values: Vec<usize> = (0..self.nvals).collect();
            let mut state = splitmix(!seed) | 1;
            super::shuffle(&mut state, &mut values);
            for (c, &v) in Self::each(first).zip(&values) {
                self.place(&mut b, c, v);
            }
        }
        if self.settle::<true>(&mut b, &[!0; MAX_VALUES]).is_ok() {
            self.dfs(b, &mut run);
        }
    }

    /// The index of value `v`, if it is one.
    fn index(&self, v: i64) -> Option<usize> {
        let i = v - self.lo;
        (0..self.nvals as i64).contains(&i).then_some(i as usize)
    }

    /// Value `v` goes to cell `c`: it leaves the peers, the other values leave the cell.
    fn place(&self, b: &mut Boards, c: usize, v: usize) {
        let bit = 1u128 << c;
        for w in 0..self.nvals {
            b.cand[w] &= !bit;
        }
        b.cand[v] = (b.cand[v] & !self.peers[c]) | bit;
        b.solved |= bit;
        b.open_units[v] &= !self.unit_of[c];
    }

    /// The cells with one value or more left, and with two or more (a bit-sliced count over
    /// the boards).
    fn counts(&self, b: &Boards) -> (u128, u128) {
        let (mut once, mut twice) = (0u128, 0u128);
        for &x in &b.cand[..self.nvals] {
            twice |= once & x;
            once |= x;
        }
        (once, twice)
    }

    /// The areas (bits of `units`) holding any of these cells of the grid.
    fn units_of(&self, cells: u128) -> u64 {
        let mut m = 0;
        for c in Self::each(cells) {
            m |= self.unit_of[c];
        }
        m
    }

    // (`v` indexes boards that `place` changes inside the loops.)
    #[allow(clippy::needless_range_loop)]
    /// Propagate to a fixpoint; on a contradiction, the cells it lies in. `settled` are the
    /// boards when there was nothing left to propagate (the parent's, all cells before the
    /// first): only areas where a value lost a cell since can have a new hidden single or
    /// pointing. `FIRST` for a search's first settle, where every board lost every cell it
    /// does not hold (and the cells past the grid): there the areas where a value lost cells
    /// are found by testing each open area against them; after, by looking up the lost
    /// cells' areas, which are few (a peer's placed value; a placed value's peers): testing
    /// every open area was a sixth of a hard 9x9's instructions. (A generator's question
    /// starts from a nearly full grid: most cells lost at once, few areas open.)
    fn settle<const FIRST: bool>(
        &self,
        b: &mut Boards,
        settled: &[u128; MAX_VALUES],
    ) -> Result<(), u128> {
        // Per value, its board when its hidden singles and its pointing were last looked for.
        let mut hidden_seen = *settled;
        let mut pointing_seen = *settled;
        loop {
            let open = self.all & !b.solved;
            let (once, twice) = self.counts(b);
            if open & !once != 0 {
                return Err(open & !once);
            }
            let mut progress = false;
            // Naked singles, value by value: such a cell has no other value to clear.
            let naked = open & !twice;
            if naked != 0 {
                for v in 0..self.nvals {
                    for c in Self::each(b.cand[v] & naked) {
                        let bit = 1u128 << c;
                        // A peer placed just before took its value.
                        if b.cand[v] & bit == 0 {
                            return Err(bit);
                        }
                        b.cand[v] &= !self.peers[c];
                        b.open_units[v] &= !self.unit_of[c];
                    }
                }
                b.solved |= naked;
                continue;
            }
            // Hidden singles: a value with one place in an area goes there; none is a
            // contradiction.
            for v in 0..self.nvals {
                let lost = hidden_seen[v] & !b.cand[v];
                if lost == 0 {
                    continue;
                }
                // (Before the areas: what placing `v` below takes from it is seen next round.)
                hidden_seen[v] = b.cand[v];
                let touched = if FIRST { !0 } else { self.units_of(lost) };
                for i in super::bits(b.open_units[v] & touched) {
                    let u = self.units[i as usize];
                    if FIRST && u & lost == 0 {
                        continue;
                    }
                    let x = b.cand[v] & u;
                    if x == 0 {
                        return Err(u);
                    }
                    if x & (x - 1) == 0 && x & b.solved == 0 {
                        self.place(b, x.trailing_zeros() as usize, v);
                        progress = true;
                    }
                }
            }
            if progress {
                continue;
            }
            // Pointing and claiming: a value whose places in one area all lie in the cells
            // it shares with another leaves the rest of the other.
            for v in 0..self.nvals {
                let lost = pointing_seen[v] & !b.cand[v];
                if lost == 0 {
                    continue;
                }
                pointing_seen[v] = b.cand[v];
                let mut x = b.cand[v];
                let open = b.open_units[v];
                // A crossing touches the lost cells exactly when one of its two areas does,
                // and can point only when both are open.
                let mut point = |k: usize| {
                    let (both, shared, a, o, pair) = self.crossings[k];
                    // (A value placed in either area has no place left in the shared cells
                    // unless it is placed there: nothing to point.)
                    if open & pair != pair || x & shared == 0 || (FIRST && both & lost == 0) {
                        return;
                    }
                    if x & a == 0 {
                        x &= !o;
                    } else if x & o == 0 {
                        x &= !a;
                    }
                };
                if FIRST {
                    (0..self.crossings.len()).for_each(point);
                } else {
                    let mut scan = [0u64; CROSSING_WORDS];
                    let scan = &mut scan[..self.crossing_words];
                    for i in super::bits(open & self.units_of(lost)) {
                        let of = &self.crossings_of[i as usize * self.crossing_words..];
                        for (s, &o) in scan.iter_mut().zip(of) {
                            *s |= o;
                        }
                    }
                    for (w, &word) in scan.iter().enumerate() {
                        super::bits(word).for_each(|k| point(w * 64 + k as usize));
                    }
                }
                if x != b.cand[v] {
                    b.cand[v] = x;
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// A value with exactly two open places in an area whose heavier place weighs at least
    /// half of `w / k`: (value, the two places), the heaviest such, the last on a tie in the
    /// order of areas, then values.
    fn two_places(&self, b: &Boards, weight: &[u32; 128], w: u64, k: u64) -> Option<(usize, u128)> {
        // Value by value over the areas where it is open (a value placed in an area has no
        // open place in it), not area by area testing every value: at a hard 9x9's nodes
        // about 90 of the 243 pairs are open, and the test of the other 150 was a ninth of
        // this function. The first place at least `w / 2k` and at least the best so far
        // wins; a tie goes to the later area, or in the same area to the later value (the
        // order of the loops): the same pick as the area-by-area loop's.
        let mut best = None;
        let mut pick = None;
        for v in 0..self.nvals {
            for i in super::bits(b.open_units[v]) {
                // (An open value's places in its area are open cells: a placed cell keeps
                // only its value's board, and that value is closed in its areas.)
                let x = b.cand[v] & self.units[i as usize];
                debug_assert_eq!(x & b.solved, 0);
                // Exactly two places: one left once the lowest is cleared. (Not `count_ones`:
                // without a POPCNT target it is a long bit-twiddling sequence on 128 bits, and
                // this runs for every open area and value at every node: it was 9% of a hard
                // 9x9's instructions.)
                let rest = x & x.wrapping_sub(1);
                if rest == 0 || rest & (rest - 1) != 0 {
                    continue;
                }
                let (a, o) = (
                    x.trailing_zeros() as usize,
                    127 - x.leading_zeros() as usize,
                );
                let wa = weight[a].max(weight[o]) as u64;
                let wins = match best {
                    None => wa * k >= 2 * w,
                    Some((bw, bi)) => wa > bw || (wa == bw && i >= bi),
                };
                if wins {
                    best = Some((wa, i));
                    pick = Some((v, x));
                }
            }
        }
        pick
    }

    /// Per count of values, the cells that have that many left (from five bit-sliced counters
    /// over the boards): `[k]` holds the cells with `k` values.
    fn by_count(&self, b: &Boards) -> [u128; MAX_VALUES + 1] {
        let mut planes = [0u128; 5];
        for &x in &b.cand[..self.nvals] {
            let mut carry = x;
            for p in &mut planes {
                let next = *p & carry;
                *p ^= carry;
                carry = next;
                if carry == 0 {
                    break;
                }
            }
        }
        std::array::from_fn(|k| {
            planes.iter().enumerate().fold(self.all, |m, (j, &p)| {
                m & if k >> j & 1 == 1 { p } else { !p }
            })
        })
    }

    fn dfs(&self, b: Boards, run: &mut Run) {
        run.out.nodes += 1;
        if run.out.nodes.is_multiple_of(256) && run.deadline.is_some_and(|d| Instant::now() >= d) {
            run.out.timed_out = true;
            run.stop = true;
            return;
        }
        let open = self.all & !b.solved;
        if open == 0 {
            // Value by value over its board: a cell's value looked up value by value was a
            // thirtieth of the 9x9 generator's instructions.
            let mut grid = vec![0; self.cells];
            for (v, &board) in b.cand[..self.nvals].iter().enumerate() {
                for c in Self::each(board) {
                    grid[c] = self.lo + v as i64;
                }
            }
            run.out.found += 1;
            let more = (run.each)(&grid);
            run.stop = !more || run.out.found >= run.limit;
            return;
        }
        // The open cell with the fewest values for its weight, the first such; then, when it
        // has three or more, a value with two places left in an area whose heavier place
        // weighs at least half the cell's weight per value splits the search in two instead
        // (the general search's choice, which these boards make cheaper to find).
        // (By count, fewest first, until no heavier cell could win: the first cell with two
        // values when nothing has failed yet.)
        let by_count = self.by_count(&b);
        let (mut c, mut best_k, mut best_w) = (usize::MAX, MAX_VALUES as u64 + 1, 1u64);
        for (k, &cells) in by_count.iter().enumerate().take(self.nvals + 1).skip(2) {
            let k = k as u64;
            if k * best_w > best_k * run.heaviest as u64 {
                break;
            }
            for x in Self::each(cells & open) {
                let w = run.weight[x] as u64;
                if k * best_w < best_k * w || (k * best_w == best_k * w && x < c) {
                    (c, best_k, best_w) = (x, k, w);
                }
            }
        }
        if best_k > 2
            && run.rng.is_none()
            && let Some((v, x)) = self.two_places(&b, &run.weight, best_w, best_k)
        {
            for at in Self::each(x) {
                let mut child = b;
                self.place(&mut child, at, v);
                match self.settle::<false>(&mut child, &b.cand) {
                    Ok(()) => self.dfs(child, run),
                    Err(cells) => run.blame(cells | 1 << at),
                }
                if run.stop {
                    return;
                }
            }
            return;
        }
        let bit = 1u128 << c;
        let mut values = [0usize; MAX_VALUES];
        let mut k = 0;
        for v in 0..self.nvals {
            if b.cand[v] & bit != 0 {
                values[k] = v;
                k += 1;
            }
        }
        if let Some(p) = run.prefer
            && let Some(j) = values[..k].iter().position(|&v| p[c] == self.lo + v as i64)
        {
            values[..=j].rotate_right(1);
        }
        if let Some(state) = &mut run.rng {
            super::shuffle(state, &mut values[..k]);
        }
        for &v in &values[..k] {
            let mut child = b;
            self.place(&mut child, c, v);
            match self.settle::<false>(&mut child, &b.cand) {
                Ok(()) => self.dfs(child, run),
                Err(cells) => run.blame(cells | bit),
            }
            if run.stop {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::tests::model;

    #[test]
    fn only_small_grids_of_full_areas_are_searched_on_bitboards() {
        let classic = "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n";
        assert!(model(classic).houses.is_some());
        let x = "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes, diagonals\n";
        assert!(model(x).houses.is_some());
        // The library's windoku is four more full areas.
        assert!(
            model(&format!("{classic}rule windoku()\n"))
                .houses
                .is_some()
        );
        // Another rule (one that always holds, since three cells of a row differ), a cage
        // smaller than the value set, a grid past 128 cells: the
        // general search.
        let more = format!("{classic}rule always: v[r1c1] + v[r1c2] + v[r1c3] >= 6\n");
        assert!(model(&more).houses.is_none());
        let cage = format!("{classic}area cage = r1c1 r1c2\nrule distinct cage\n");
        assert!(model(&cage).houses.is_none());
        let big = "grid 12x12\nboxes 3x4\nrule distinct rows, columns, boxes\n";
        assert!(model(big).houses.is_none());
    }

    #[test]
    fn random_grids_reach_every_grid() {
        // The random grid starts from its first area in a random order: over 4,000 seeds, a
        // 4x4's random grids are all 288 of its grids, each one of them.
        let m = model("grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n");
        assert!(m.houses.is_some());
        let all = m.solve(&[None; 16], &crate::search::Options::default());
        assert_eq!(all.found, 288);
        let every: std::collections::BTreeSet<Vec<i64>> = all.solutions.into_iter().collect();
        let mut reached = std::collections::BTreeSet::new();
        for seed in 0..4000 {
            let one = crate::search::Options {
                limit: 1,
                seed: Some(seed),
                ..Default::default()
            };
            let grid = m.solve(&[None; 16], &one).solutions.remove(0);
            assert!(every.contains(&grid), "{grid:?}");
            reached.insert(grid);
        }
        assert_eq!(reached.len(), every.len(), "{reached:?}");
    }

    #[test]
    fn a_grid_with_no_rules_has_every_grid() {
        // No areas at all: still the bitboards, and every assignment of the two values to the
        // four cells a solution.
        let m = model("grid 2x2\n");
        assert!(m.houses.is_some());
        let out = m.solve(&[None; 4], &crate::search::Options::default());
        assert_eq!(out.found, 16);
        assert_eq!(out.solutions[0], vec![1, 1, 1, 1]);
    }
}
