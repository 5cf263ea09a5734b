//! Residual supports for a sum whose cells all differ (a cage, a leftovers' sum): for each
//! cell and value, one whole assignment of the sum that uses it. While every value of every
//! cell still has its assignment inside the cells' domains, the exact filter
//! (`linear::distinct_sum`) would remove nothing, and this check costs a mask test a value
//! where the filter walks every set of values: on Wecoc's extreme killers two thirds of the
//! filter's calls that its memo did not answer changed nothing. A value whose assignment lost
//! a value gets a new one by a short depth-first search; one that provably has none goes.
//! (AC-2001's residues: a support stays a solution of the sum alone whatever the search
//! did, so it is kept across backtracking, and only checked.)

use super::{Dom, bits};

/// An assignment is one bit per (cell, value) in a `u128`: cells times values at most 128 (a
/// 9x9's cage of up to 14 cells, a 16x16's of up to 8), at most 16 cells and 32 values.
const MAX_BITS: usize = 128;
const MAX_CELLS: usize = 16;

/// A support not yet known (no assignment of one cell or more is empty).
const NONE: u128 = 0;

/// How many cells the search for one support may set before it gives up: at a check
/// (`QUICK`; then the exact filter looks) and after the exact filter (`STEPS`, when every value
/// has a support to find). Wecoc #1 [mod A], seconds by the bound at a check: 16: 2.18, 64:
/// 1.45, 256: 1.41, 1024: 1.43.
pub const QUICK: u32 = 256;
pub const STEPS: u32 = 4096;

/// What `Supports::prune` did.
#[derive(Debug, PartialEq, Eq)]
pub enum Pruned {
    /// Every value has a support: the exact filter would keep them all.
    Kept,
    /// Some values have none and were removed (a cell may be left empty); the rest have one.
    Narrowed,
    /// A search for a support gave up: the exact filter must look.
    Unknown,
}

/// The supports of one sum: per (cell of the sum, value index), an assignment with bit
/// `k · width + v` for value index v of the sum's k-th cell.
#[derive(Clone, Default)]
pub struct Supports {
    width: usize,
    tuples: Vec<u128>,
    /// For `required`: the sets of values (bit i: index i) of the sum's size whose indices
    /// add up to its total, once asked; `combos_for` is that total + 1 once built.
    combos: Vec<u32>,
    combos_for: i64,
}

impl Supports {
    /// No supports yet, for a sum over `n` cells of `width` values; None when they do not fit
    /// a `u128`.
    pub fn new(n: usize, width: usize) -> Option<Supports> {
        (n * width <= MAX_BITS && width <= 32 && n <= MAX_CELLS && n > 0).then(|| Supports {
            width,
            tuples: vec![NONE; n * width],
            combos: Vec::new(),
            combos_for: 0,
        })
    }

    /// The values every set of values the cells could still take holds (killer solvers'
    /// required digits): what the sets of the right size and total that lie within the cells'
    /// values and hold every fixed cell's value have in common. (No set is checked for a way
    /// to place it in the cells: these are a superset of the sets the cells can take, so what
    /// they all hold, the cells hold.) Nothing past 16 values.
    pub fn required(&mut self, doms: &[Dom], need: i64) -> Dom {
        let (mut all, mut fixed) = (0u32, 0u32);
        for &d in doms {
            all |= d as u32;
            if d & d.wrapping_sub(1) == 0 {
                fixed |= d as u32;
            }
        }
        self.required_within(doms.len(), all, fixed, need) as Dom
    }

    /// `required` for `n` cells whose values are `all` together, the fixed ones' `fixed`.
    pub fn required_within(&mut self, n: usize, all: u32, fixed: u32, need: i64) -> u32 {
        if self.width > 16 {
            return 0;
        }
        if self.combos_for != need + 1 {
            self.combos = (0u32..1 << self.width)
                .filter(|&m| m.count_ones() == n as u32 && index_sum(m) == need)
                .collect();
            self.combos_for = need + 1;
        }
        let mut common = u32::MAX;
        for &c in &self.combos {
            if c & !all == 0 && c & fixed == fixed {
                common &= c;
            }
        }
        if common == u32::MAX { 0 } else { common }
    }

    /// Whether the sum keeps supports (the default keeps none: it is not one this applies to).
    pub fn is_used(&self) -> bool {
        !self.tuples.is_empty()
    }

    /// A value of each cell (`doms`, one per cell of the sum) that has no assignment of
    /// different values whose indices sum to `need` is removed: kept where its support's values
    /// are all still in `doms`, else searched afresh in at most `steps` values tried. Each one
    /// found serves all its cells.
    pub fn prune(&mut self, doms: &mut [Dom], need: i64, steps: u32) -> Pruned {
        let n = doms.len();
        let w = self.width;
        let mut packed = pack(doms, w);
        let mut narrowed = false;
        // The search reads 32-bit words (`width` is at most 32).
        let mut small = [0u32; MAX_CELLS];
        for (s, &d) in small.iter_mut().zip(doms.iter()) {
            *s = d as u32;
        }
        // What the cells from the k-th on add at least and at most, each from its own domain
        // whatever the others take; a walk leaves out its own cell's share. (Bounds from
        // before a removal below stay bounds after it.)
        let mut walk = Walk::new(&small[..n]);
        for j in 0..n {
            let mut started = false;
            for i in bits(small[j]) {
                let t = self.tuples[j * w + i as usize];
                if t != NONE && t & !packed == 0 {
                    continue;
                }
                if !started {
                    walk.skip(&small[..n], j);
                    started = true;
                }
                walk.found[j] = i as u8;
                walk.steps = steps;
                match walk.assign(&small[..n], 0, 1 << i, need - i as i64) {
                    Some(true) => {
                        let found = &walk.found[..n];
                        let t = found
                            .iter()
                            .enumerate()
                            .fold(0u128, |t, (k, &v)| t | 1 << (k * w + v as usize));
                        for (k, &v) in found.iter().enumerate() {
                            self.tuples[k * w + v as usize] = t;
                        }
                    }
                    // No assignment uses it, so none of the supports kept so far does: it
                    // goes without breaking them.
                    Some(false) => {
                        doms[j] &= !(1 << i);
                        small[j] &= !(1 << i);
                        packed &= !(1 << (j * w + i as usize));
                        narrowed = true;
                    }
                    None => return Pruned::Unknown,
                }
            }
            if doms[j] == 0 {
                return Pruned::Narrowed;
            }
        }
        if narrowed {
            Pruned::Narrowed
        } else {
            Pruned::Kept
        }
    }
}

/// The sum of the indices of a set's bits.
fn index_sum(m: u32) -> i64 {
    bits(m as Dom).map(|i| i as i64).sum()
}

/// The domains as one mask, cell k's at bit `k · width`.
fn pack(doms: &[Dom], width: usize) -> u128 {
    doms.iter()
        .enumerate()
        .fold(0, |p, (k, &d)| p | d << (k * width))
}

/// A depth-first search for one support, the cell `skip` set.
struct Walk {
    skip: usize,
    /// The last cell to set.
    last: usize,
    /// Per cell k, what the cells from the k-th on add at least and at most, each from its
    /// own domain whatever the others take; and the skipped cell's own share of that.
    low: [i64; MAX_CELLS + 1],
    high: [i64; MAX_CELLS + 1],
    skip_low: i64,
    skip_high: i64,
    /// The values chosen so far.
    found: [u8; MAX_CELLS],
    /// Values it may still try.
    steps: u32,
}

/// A cell's smallest and largest value index (0 for an empty cell).
fn ends(d: u32) -> (i64, i64) {
    if d == 0 {
        (0, 0)
    } else {
        (d.trailing_zeros() as i64, 31 - d.leading_zeros() as i64)
    }
}

impl Walk {
    fn new(doms: &[u32]) -> Walk {
        let mut w = Walk {
            skip: 0,
            last: 0,
            low: [0; MAX_CELLS + 1],
            high: [0; MAX_CELLS + 1],
            skip_low: 0,
            skip_high: 0,
            found: [0; MAX_CELLS],
            steps: 0,
        };
        for (k, &d) in doms.iter().enumerate().rev() {
            let (a, b) = ends(d);
            w.low[k] = w.low[k + 1] + a;
            w.high[k] = w.high[k + 1] + b;
        }
        w
    }

    /// Walks from now on set cell `skip` themselves.
    fn skip(&mut self, doms: &[u32], skip: usize) {
        let n = doms.len();
        self.skip = skip;
        self.last = if skip + 1 == n {
            n.wrapping_sub(2)
        } else {
            n - 1
        };
        (self.skip_low, self.skip_high) = ends(doms[skip]);
    }

    /// What the cells from the k-th on, all but `skip`, add at least and at most.
    fn reach(&self, k: usize) -> (i64, i64) {
        if k <= self.skip {
            (self.low[k] - self.skip_low, self.high[k] - self.skip_high)
        } else {
            (self.low[k], self.high[k])
        }
    }

    /// From cell `k` on: values for the cells not yet set, all different from each other and
    /// from `used`, whose indices sum to `need`. Some(false) when there are none, None when it
    /// ran out of steps. A value that leaves the cells after it out of their reach is skipped;
    /// the last cell's value is the one left.
    fn assign(&mut self, doms: &[u32], k: usize, used: u32, need: i64) -> Option<bool> {
        let k = if k == self.skip { k + 1 } else { k };
        if k >= doms.len() {
            // (Only when the sum has one cell.)
            return Some(need == 0);
        }
        if self.steps == 0 {
            return None;
        }
        self.steps -= 1;
        if k == self.last {
            let ok = (0..32).contains(&need) && (doms[k] & !used) >> need as u32 & 1 == 1;
            self.found[k] = need as u8;
            return Some(ok);
        }
        // Only the values that leave the cells after it within their reach, `need - high`
        // to `need - low` (the skipped cell adds nothing to the reach), lowest first.
        let (low, high) = self.reach(k + 1);
        let (from, to) = ((need - high).max(0), need - low);
        if to < from || from > 31 {
            return Some(false);
        }
        let span = if to >= 31 { u32::MAX } else { (2u32 << to) - 1 };
        let mut open = doms[k] & !used & span & (u32::MAX << from);
        let next = if k + 1 == self.skip { k + 2 } else { k + 1 };
        if next == self.last {
            // Two cells left: the values a of this one whose partner `need - a` the last can
            // take, all at once (the last cell's values mirrored onto `need - b`), a != b.
            let last = doms[next] & !used;
            let mirrored = last.reverse_bits() as u64;
            let partners = if need >= 31 {
                (mirrored << (need - 31).min(32)) as u32
            } else {
                (mirrored >> (31 - need)) as u32
            };
            let mut pairs = open & partners;
            if need % 2 == 0 && need < 64 {
                pairs &= !(1u64 << (need / 2)) as u32;
            }
            if pairs == 0 {
                return Some(false);
            }
            let a = pairs.trailing_zeros();
            self.found[k] = a as u8;
            self.found[next] = (need - a as i64) as u8;
            return Some(true);
        }
        while open != 0 {
            let i = open.trailing_zeros();
            open &= open - 1;
            self.found[k] = i as u8;
            if self.assign(doms, k + 1, used | 1 << i, need - i as i64)? {
                return Some(true);
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::linear::tests::{take_away, xorshift};

    /// The values of each cell that some assignment of different values with indices summing
    /// to `need` uses, by enumeration.
    fn brute(doms: &[Dom], need: i64) -> Vec<Dom> {
        fn walk(
            doms: &[Dom],
            k: usize,
            used: Dom,
            need: i64,
            path: &mut Vec<u32>,
            out: &mut [Dom],
        ) {
            if k == doms.len() {
                if need == 0 {
                    for (j, &i) in path.iter().enumerate() {
                        out[j] |= 1 << i;
                    }
                }
                return;
            }
            for i in bits(doms[k] & !used) {
                path.push(i);
                walk(doms, k + 1, used | 1 << i, need - i as i64, path, out);
                path.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        walk(doms, 0, 0, need, &mut Vec::new(), &mut out);
        out
    }

    /// Asked again and again as the domains shrink (a search's order: the supports kept from
    /// one call are checked at the next), `prune` removes exactly the values no solution of
    /// the sum alone has, and says whether it removed any; rarely gives up.
    #[test]
    fn prunes_exactly_as_domains_shrink() {
        let mut rng = xorshift(0x5eed_cafe);
        let (mut kept, mut narrowed, mut unknown) = (0, 0, 0);
        for _ in 0..400 {
            let n = 2 + rng() as usize % 6;
            let width = if rng().is_multiple_of(4) { 16 } else { 9 };
            let need = (n * (n - 1) / 2) as i64 + (rng() % ((n * (width - n)) as u64 + 1)) as i64;
            let mut doms: Vec<Dom> = (0..n)
                .map(|_| (rng() as Dom & ((1 << width) - 1)) | 1 << (rng() % width as u64))
                .collect();
            let mut s = Supports::new(n, width).unwrap();
            for _ in 0..6 {
                let want = brute(&doms, need);
                let before = doms.clone();
                match s.prune(&mut doms, need, STEPS) {
                    Pruned::Kept => {
                        assert_eq!(doms, before);
                        assert_eq!(want, before, "kept values with no solution");
                        kept += 1;
                    }
                    Pruned::Narrowed => {
                        assert_ne!(doms, before);
                        if doms.iter().all(|&d| d != 0) {
                            assert_eq!(doms, want);
                        } else {
                            assert!(
                                want.iter().all(|&d| d == 0),
                                "emptied a cell with solutions"
                            );
                        }
                        narrowed += 1;
                    }
                    // Whatever it removed before it gave up has no solution.
                    Pruned::Unknown => {
                        assert!(doms.iter().zip(&want).all(|(&d, &w)| w & !d == 0));
                        unknown += 1;
                    }
                }
                if doms.contains(&0) {
                    break;
                }
                // The search takes a value away from a cell (or fixes it).
                take_away(&mut rng, &mut doms);
            }
        }
        assert!(
            kept > 300 && narrowed > 300 && unknown < 10,
            "kept {kept}, narrowed {narrowed}, unknown {unknown}"
        );
    }

    /// What `required` says a cage holds, every set of different values its cells can take
    /// with that total holds (by enumeration); and it says something often enough to matter.
    #[test]
    fn required_values_are_in_every_solution() {
        let mut rng = xorshift(0xfeed_beef);
        let mut said = 0;
        for _ in 0..2000 {
            let n = 2 + rng() as usize % 4;
            let width = 9;
            let need = (n * (n - 1) / 2) as i64 + (rng() % ((n * (width - n)) as u64 + 1)) as i64;
            let doms: Vec<Dom> = (0..n)
                .map(|_| {
                    let d = rng() as Dom & 0x1ff | rng() as Dom & 0x1ff;
                    if rng().is_multiple_of(5) {
                        1 << (rng() % 9)
                    } else {
                        d.max(1)
                    }
                })
                .collect();
            let mut s = Supports::new(n, width).unwrap();
            let required = s.required(&doms, need);
            // Every solution's set of values.
            let mut sets = Vec::new();
            let mut each = vec![0u32; n];
            fn walk(
                doms: &[Dom],
                k: usize,
                used: u32,
                need: i64,
                each: &mut Vec<u32>,
                sets: &mut Vec<u32>,
            ) {
                if k == doms.len() {
                    if need == 0 {
                        sets.push(used);
                    }
                    return;
                }
                for i in bits(doms[k] & !(used as Dom)) {
                    each[k] = i;
                    walk(doms, k + 1, used | 1 << i, need - i as i64, each, sets);
                }
            }
            walk(&doms, 0, 0, need, &mut each, &mut sets);
            for set in &sets {
                assert_eq!(
                    required as u32 & !set,
                    0,
                    "{doms:?} to {need}: required {required:b}, a solution holds {set:b}"
                );
            }
            if !sets.is_empty() && required != 0 {
                said += 1;
            }
        }
        assert!(said > 200, "required values found {said} times");
    }
}
