//! Lines and outside clues of the standard library, pruned as what they are rather than as the
//! dozens of implications their algebra grounds to: each propagator keeps exactly the values
//! that take part in some solution of its clue (given the `distinct` the clue relies on), by
//! enumerating the clue's few scenarios (where the crusts of a sandwich are, what the first
//! digit of an X-sum says) or running its automaton (a skyscraper's tallest-so-far).
//!
//! Only a library call (`Family::library`) is recognised: a model's own `define sandwich`
//! means what its body says and is searched by its algebra.

use super::linear::{Linear, Scratch};
use super::{Dom, bits};
use crate::puzzle::{Arg, Family};

#[derive(Debug, Clone)]
pub enum Line {
    /// The digits between `low` and `high` sum to `total`; the line holds every value once.
    Sandwich {
        cells: Vec<u32>,
        total: i64,
        low: i64,
        high: i64,
    },
    /// The first digit, N, says how many cells from the clue sum to `total`.
    XSum {
        cells: Vec<u32>,
        total: i64,
        /// The first cells are pairwise peers (a row): the prefix sums are of distinct values.
        distinct: bool,
    },
    /// `seen` digits are taller than every digit before them.
    Skyscraper { cells: Vec<u32>, seen: i64 },
    /// The digits between the line's smallest and largest digit sum to `total`; the line's
    /// digits differ.
    Lunchbox { cells: Vec<u32>, total: i64 },
    /// Each digit in the circles appears in them exactly as many times as its value, or not
    /// at all.
    CountingCircles { cells: Vec<u32> },
    /// The line's digits differ and are consecutive.
    Renban { cells: Vec<u32> },
}

/// What a propagator needs to know about the model to decide whether it applies.
pub struct Context<'a> {
    pub lo: i64,
    pub nvals: usize,
    /// Whether two cells must differ.
    pub peers: &'a dyn Fn(u32, u32) -> bool,
}

impl Line {
    /// The propagator of a library call, when there is one and its conditions hold.
    pub fn recognize(f: &Family, cx: &Context) -> Option<Line> {
        if !f.library {
            return None;
        }
        let cells = |a: &Arg| match a {
            Arg::Cells(c) => Some(c.iter().map(|&c| c as u32).collect::<Vec<u32>>()),
            _ => None,
        };
        let number = |a: &Arg| match a {
            Arg::Number(Some(v)) => Some(*v),
            _ => None,
        };
        let all_differ = |c: &[u32]| {
            c.iter()
                .enumerate()
                .all(|(i, &a)| c[i + 1..].iter().all(|&b| a != b && (cx.peers)(a, b)))
        };
        let hi = cx.lo + cx.nvals as i64 - 1;
        match (f.name.as_str(), f.args.as_slice()) {
            ("sandwich", [line, total]) | ("sandwich_of", [line, total, _, _]) => {
                let cells = cells(line)?;
                let (low, high) = match f.args.as_slice() {
                    [_, _, low, high] => (number(low)?, number(high)?),
                    _ => (cx.lo, hi),
                };
                // Exactly one low and one high crust: the line holds every value once.
                (cells.len() == cx.nvals && all_differ(&cells) && low != high).then_some(
                    Line::Sandwich {
                        total: number(total)?,
                        cells,
                        low,
                        high,
                    },
                )
            }
            ("x_sum", [line, total]) => {
                let cells = cells(line)?;
                let distinct = all_differ(&cells);
                Some(Line::XSum {
                    total: number(total)?,
                    cells,
                    distinct,
                })
            }
            ("skyscraper", [line, seen]) => Some(Line::Skyscraper {
                cells: cells(line)?,
                seen: number(seen)?,
            }),
            ("counting_circles", [circles]) => {
                let cells = cells(circles)?;
                let once = cells
                    .iter()
                    .enumerate()
                    .all(|(i, c)| !cells[i + 1..].contains(c));
                once.then_some(Line::CountingCircles { cells })
            }
            ("renban", [line]) => {
                let cells = cells(line)?;
                all_differ(&cells).then_some(Line::Renban { cells })
            }
            ("lunchbox", [line, total]) => {
                let cells = cells(line)?;
                all_differ(&cells).then_some(Line::Lunchbox {
                    total: number(total)?,
                    cells,
                })
            }
            _ => None,
        }
    }

    pub fn cells(&self) -> &[u32] {
        match self {
            Line::Sandwich { cells, .. }
            | Line::XSum { cells, .. }
            | Line::Skyscraper { cells, .. }
            | Line::Lunchbox { cells, .. }
            | Line::CountingCircles { cells }
            | Line::Renban { cells } => cells,
        }
    }

    /// The values of each cell (in `out`, in the order of `cells()`) that some solution of
    /// the clue uses; false when there is none.
    pub fn filter(&self, lo: i64, doms: &[Dom], out: &mut Vec<Dom>, s: &mut Scratch) -> bool {
        let line: Vec<Dom> = self.cells().iter().map(|&c| doms[c as usize]).collect();
        out.clear();
        out.resize(line.len(), 0);
        match self {
            Line::Sandwich {
                total, low, high, ..
            } => sandwich(lo, &line, *total, *low, *high, out, s),
            Line::XSum {
                total, distinct, ..
            } => x_sum(lo, &line, *total, *distinct, out, s),
            Line::Skyscraper { seen, .. } => skyscraper(&line, *seen, out),
            Line::Lunchbox { total, .. } => lunchbox(lo, &line, *total, out, s),
            Line::CountingCircles { .. } => counting_circles(lo, &line, out),
            Line::Renban { .. } => renban(&line, out),
        }
        out.iter().all(|&d| d != 0)
    }
}

fn bit(lo: i64, v: i64) -> Dom {
    match u32::try_from(v - lo) {
        Ok(i) if i < 128 => 1u128 << i,
        _ => 0,
    }
}

/// The values of `doms` whose sum is `total`, pairwise different when `distinct`: the
/// domains narrowed in place; false when no combination sums to it.
fn sum_to(lo: i64, doms: &mut [Dom], total: i64, distinct: bool, s: &mut Scratch) -> bool {
    if doms.is_empty() {
        return total == 0;
    }
    let n = doms.len();
    let values = doms.iter().fold(0u128, |a, &d| a | d);
    let l = Linear::sum_of(n, total, distinct && values < 1 << 16);
    let mut out = Vec::with_capacity(n);
    if !l.filter(lo, doms, &mut out, s) || out.contains(&0) {
        return false;
    }
    doms.copy_from_slice(&out);
    true
}

fn sandwich(
    lo: i64,
    line: &[Dom],
    total: i64,
    low: i64,
    high: i64,
    out: &mut [Dom],
    s: &mut Scratch,
) {
    let (lb, hb) = (bit(lo, low), bit(lo, high));
    if lb == 0 || hb == 0 {
        // A crust no cell can hold: the clue says nothing.
        out.copy_from_slice(line);
        return;
    }
    let crusts = lb | hb;
    let n = line.len();
    let mut between = Vec::with_capacity(n);
    for p in 0..n {
        for q in p + 1..n {
            for (bp, bq) in [(lb, hb), (hb, lb)] {
                if line[p] & bp == 0 || line[q] & bq == 0 {
                    continue;
                }
                between.clear();
                between.extend(line[p + 1..q].iter().map(|&d| d & !crusts));
                if !sum_to(lo, &mut between, total, true, s) {
                    continue;
                }
                out[p] |= bp;
                out[q] |= bq;
                for (o, &d) in out[p + 1..q].iter_mut().zip(&between) {
                    *o |= d;
                }
                for j in (0..p).chain(q + 1..n) {
                    out[j] |= line[j] & !crusts;
                }
            }
        }
    }
}

fn x_sum(lo: i64, line: &[Dom], total: i64, distinct: bool, out: &mut [Dom], s: &mut Scratch) {
    let n = line.len();
    let mut prefix = Vec::with_capacity(n);
    for i in bits(line[0]) {
        let k = lo + i as i64;
        if k < 1 || k > n as i64 {
            // The first digit points past the line: the clue says nothing.
            out[0] |= 1u128 << i;
            for j in 1..n {
                out[j] |= line[j];
            }
            continue;
        }
        let k = k as usize;
        prefix.clear();
        prefix.push(1u128 << i);
        prefix.extend_from_slice(&line[1..k]);
        if !sum_to(lo, &mut prefix, total, distinct, s) {
            continue;
        }
        for (o, &d) in out.iter_mut().zip(&prefix) {
            *o |= d;
        }
        for j in k..n {
            out[j] |= line[j];
        }
    }
}

/// The automaton of a skyscraper clue: the state after j cells is (tallest so far, how many
/// were seen); a value is kept where a path through it reaches `seen` at the end.
fn skyscraper(line: &[Dom], seen: i64, out: &mut [Dom]) {
    let n = line.len();
    if seen < 0 || seen > n as i64 {
        return;
    }
    let seen = seen as usize;
    // Tallest so far as 0 (none yet) or value index + 1.
    let heights = 1
        + line
            .iter()
            .fold(0u128, |a, &d| a | d)
            .checked_ilog2()
            .unwrap_or(0) as usize
        + 1;
    let width = heights * (n + 1);
    let state = |t: usize, c: usize| t * (n + 1) + c;
    let step = |t: usize, c: usize, i: u32| -> (usize, usize) {
        let h = i as usize + 1;
        if h > t { (h, c + 1) } else { (t, c) }
    };
    let mut fwd = vec![false; width * (n + 1)];
    fwd[state(0, 0)] = true;
    for j in 0..n {
        for t in 0..heights {
            for c in 0..=j {
                if !fwd[j * width + state(t, c)] {
                    continue;
                }
                for i in bits(line[j]) {
                    let (t2, c2) = step(t, c, i);
                    if c2 <= seen {
                        fwd[(j + 1) * width + state(t2, c2)] = true;
                    }
                }
            }
        }
    }
    // Backwards: which states after j cells can still end with `seen` visible.
    let mut back = vec![false; width];
    for t in 0..heights {
        back[state(t, seen)] = fwd[n * width + state(t, seen)];
    }
    for j in (0..n).rev() {
        let mut prev = vec![false; width];
        for t in 0..heights {
            for c in 0..=j.min(seen) {
                if !fwd[j * width + state(t, c)] {
                    continue;
                }
                for i in bits(line[j]) {
                    let (t2, c2) = step(t, c, i);
                    if c2 <= seen && back[state(t2, c2)] {
                        out[j] |= 1u128 << i;
                        prev[state(t, c)] = true;
                    }
                }
            }
        }
        back = prev;
    }
}

fn lunchbox(lo: i64, line: &[Dom], total: i64, out: &mut [Dom], s: &mut Scratch) {
    let n = line.len();
    let all = line.iter().fold(0u128, |a, &d| a | d);
    let mut between = Vec::with_capacity(n);
    for p in 0..n {
        for q in p + 1..n {
            // The smallest value at one end, the largest at the other, every other strictly
            // between them.
            for a in bits(line[p]) {
                for b in bits(line[q]) {
                    let (small, large) = (a.min(b), a.max(b));
                    if large < small + n as u32 - 1 {
                        continue; // no room for the other cells' distinct values
                    }
                    let inside = ((1u128 << large) - 1) & !((1u128 << (small + 1)) - 1) & all;
                    if (inside.count_ones() as usize) < n - 2 {
                        continue;
                    }
                    between.clear();
                    between.extend(line[p + 1..q].iter().map(|&d| d & inside));
                    if !sum_to(lo, &mut between, total, true, s) {
                        continue;
                    }
                    let outside_ok = (0..p).chain(q + 1..n).all(|j| line[j] & inside != 0);
                    if !outside_ok {
                        continue;
                    }
                    out[p] |= 1u128 << a;
                    out[q] |= 1u128 << b;
                    for (o, &d) in out[p + 1..q].iter_mut().zip(&between) {
                        *o |= d;
                    }
                    for j in (0..p).chain(q + 1..n) {
                        out[j] |= line[j] & inside;
                    }
                }
            }
        }
    }
}

/// Counting circles: the digits used in the circles are a set whose values sum to the number
/// of circles (each digit k used fills exactly k of them). A digit no such set contains leaves
/// every circle; a digit in every such set is used; a used digit with exactly k places takes
/// them, and one already placed k times leaves the other circles.
fn counting_circles(lo: i64, line: &[Dom], out: &mut [Dom]) {
    let n = line.len();
    let all = line.iter().fold(0u128, |a, &d| a | d);
    let (mut can, mut must) = (0u128, 0u128);
    for i in bits(all) {
        let k = lo + i as i64;
        let possible = line.iter().filter(|&&d| d >> i & 1 == 1).count() as i64;
        let fixed = line.iter().filter(|&&d| d == 1u128 << i).count() as i64;
        if fixed > 0 {
            must |= 1u128 << i;
        }
        if k >= 1 && possible >= k && fixed <= k {
            can |= 1u128 << i;
        }
    }
    if must & !can != 0 {
        return; // a digit placed that cannot be used as often as its value: no solution
    }
    // Subsets of the usable digits that contain every used one and sum to n: a digit is kept
    // if some subset contains it, forced if every subset does (reachable sums from either side).
    let digits: Vec<(u32, usize)> = bits(can).map(|i| (i, (lo + i as i64) as usize)).collect();
    let reach = |ds: &[(u32, usize)]| -> Vec<Vec<bool>> {
        let mut layers = vec![vec![false; n + 1]];
        layers[0][0] = true;
        for &(i, k) in ds {
            let last = layers.last().unwrap();
            let mut next = if must >> i & 1 == 1 {
                vec![false; n + 1]
            } else {
                last.clone()
            };
            for s in 0..=n.saturating_sub(k) {
                if last[s] {
                    next[s + k] = true;
                }
            }
            layers.push(next);
        }
        layers
    };
    let fwd = reach(&digits);
    let rev: Vec<(u32, usize)> = digits.iter().rev().copied().collect();
    let bwd = reach(&rev);
    let m = digits.len();
    if !fwd[m][n] {
        return;
    }
    let (mut kept, mut forced) = (0u128, 0u128);
    for (j, &(i, k)) in digits.iter().enumerate() {
        // Sums of the digits before j (fwd[j]) and after j (bwd[m - 1 - j]).
        let (before, after) = (&fwd[j], &bwd[m - 1 - j]);
        let with = (0..=n.saturating_sub(k)).any(|s| before[s] && after[n - k - s]);
        let without = must >> i & 1 == 0 && (0..=n).any(|s| before[s] && after[n - s]);
        if with {
            kept |= 1u128 << i;
        }
        if with && !without {
            forced |= 1u128 << i;
        }
    }
    for (o, &d) in out.iter_mut().zip(line) {
        *o = d & kept;
    }
    for i in bits(forced) {
        let k = (lo + i as i64) as usize;
        let bit = 1u128 << i;
        let possible = out.iter().filter(|&&d| d & bit != 0).count();
        let fixed = out.iter().filter(|&&d| d == bit).count();
        if possible == k {
            out.iter_mut()
                .filter(|d| **d & bit != 0)
                .for_each(|d| *d = bit);
        } else if fixed == k {
            out.iter_mut()
                .filter(|d| **d != bit)
                .for_each(|d| *d &= !bit);
        }
    }
}

/// Renban: the digits are a run of `n` consecutive values, each once. A run is possible when
/// every cell has a value in it and every value of it has a cell; a cell keeps its values in
/// the possible runs.
fn renban(line: &[Dom], out: &mut [Dom]) {
    let n = line.len();
    let all = line.iter().fold(0u128, |a, &d| a | d);
    if n == 0 || n > 128 || all == 0 {
        return;
    }
    let run: Dom = if n == 128 { !0 } else { (1u128 << n) - 1 };
    let top = 127 - all.leading_zeros();
    for start in all.trailing_zeros()..=top {
        if start as usize + n > 128 {
            break;
        }
        let window = run << start;
        if line.iter().any(|&d| d & window == 0) {
            continue;
        }
        if line.iter().fold(0u128, |a, &d| a | (d & window)) != window {
            continue;
        }
        for (o, &d) in out.iter_mut().zip(line) {
            *o |= d & window;
        }
    }
}
