//! Lines and outside clues of the standard library, pruned as what they are rather than as the
//! dozens of implications their algebra grounds to: each propagator keeps exactly the values
//! that take part in some solution of its clue (given the `distinct` the clue relies on), by
//! enumerating the clue's few scenarios (where the crusts of a sandwich are, what the first
//! digit of an X-sum says), running its automaton (a skyscraper's tallest-so-far), or sharing
//! one total between its parts (a zipper's pairs, a region-sum line's pieces), which the
//! grounded algebra only ties two at a time.
//!
//! Only a library call (`Family::library`) is recognised: a model's own `define sandwich`
//! means what its body says and is searched by its algebra. The one shape read off the
//! algebra is a chain of equal sums (`equal_sums`): a region-sum line written out, whose
//! equalities say exactly what one shared total says.

use super::linear::{self, Linear, Scratch};
use super::{Dom, alldiff, bits};
use crate::puzzle::{Arg, Family};

#[derive(Debug, Clone)]
pub enum Line {
    /// The digits between `low` and `high` sum to `total`; the line holds every value once.
    Sandwich {
        cells: Vec<u32>,
        total: i64,
        low: i64,
        high: i64,
        /// Per count of cells between the crusts, the sets of other values that sum to
        /// `total` (bit `i` the value `lo + i`); none when there are too many values to list.
        fillings: Option<Vec<Vec<Dom>>>,
    },
    /// The first digit, N, says how many cells from the clue sum to `total`.
    XSum {
        cells: Vec<u32>,
        total: i64,
        /// The first cells are pairwise peers (a row): the prefix sums are of distinct values.
        distinct: bool,
    },
    /// `seen` digits are taller than every digit before them.
    Skyscraper {
        cells: Vec<u32>,
        seen: i64,
        /// The cells are pairwise peers (a row): the tallest so far is the largest value read.
        distinct: bool,
    },
    /// The digits between the line's smallest and largest digit sum to `total`; the line's
    /// digits differ (by this rule itself, whether or not other rules keep its cells apart).
    Lunchbox { cells: Vec<u32>, total: i64 },
    /// Each digit in the circles appears in them exactly as many times as its value, or not
    /// at all.
    CountingCircles { cells: Vec<u32> },
    /// The line's digits differ and are consecutive.
    Renban { cells: Vec<u32> },
    /// Each required digit is among the cells at least as often as it is listed; `peers`
    /// says which pairs of the cells must differ (`peers[i]` bit j).
    Quadruple {
        cells: Vec<u32>,
        /// (digit, times), each digit once.
        required: Vec<(i64, usize)>,
        peers: Vec<u64>,
    },
    /// Digits the same distance from the middle sum to one total, the middle cell's digit on
    /// a line of odd length. `pairs` are positions in `cells`; `differ` whether a pair's
    /// cells must differ.
    Zipper {
        cells: Vec<u32>,
        pairs: Vec<(usize, usize, bool)>,
        middle: Option<usize>,
    },
    /// The ends differ by at least `gap`; every other cell is below both ends or above both.
    Lockout { cells: Vec<u32>, gap: i64 },
    /// Every cell but the ends lies strictly between the ends' digits.
    Between { cells: Vec<u32> },
    /// Any three cells in a row on the line (both cells of a two-cell line) hold values of
    /// different classes: `classes` are the classes' values (bit `i` the value `lo + i`),
    /// thirds of the range for an entropic line, remainders by 3 for a modular one.
    Windows { cells: Vec<u32>, classes: Vec<Dom> },
    /// No two digits on the line are equal or consecutive (nabner).
    Apart { cells: Vec<u32> },
    /// The pieces (runs of positions in `cells`, whose cells all differ) have one sum: a
    /// region-sum line's pieces in each box, or the sides of equal sums written out
    /// (`equal_sums`).
    RegionSum {
        cells: Vec<u32>,
        pieces: Vec<std::ops::Range<usize>>,
    },
}

/// What a propagator needs to know about the model to decide whether it applies.
pub struct Context<'a> {
    pub lo: i64,
    pub nvals: usize,
    /// Whether two cells must differ.
    pub peers: &'a dyn Fn(u32, u32) -> bool,
    /// The grid's columns and its boxes' height and width, if it has boxes (`box(c)`).
    pub cols: usize,
    pub boxes: Option<(usize, usize)>,
}

impl<'a> Context<'a> {
    /// The context of the puzzle `p`'s grid, with `peers` for the cells that must differ.
    pub fn new(p: &crate::puzzle::Puzzle, peers: &'a dyn Fn(u32, u32) -> bool) -> Context<'a> {
        Context {
            lo: p.lo,
            nvals: p.value_count(),
            peers,
            cols: p.cols,
            boxes: p.boxes,
        }
    }
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
        let all_differ = |c: &[u32]| all_differ(c, cx);
        let once = |c: &[u32]| c.iter().enumerate().all(|(i, a)| !c[i + 1..].contains(a));
        let hi = cx.lo + cx.nvals as i64 - 1;
        match (f.name.as_str(), f.args.as_slice()) {
            ("sandwich", [line, total]) | ("sandwich_of", [line, total, _, _]) => {
                let cells = cells(line)?;
                let (low, high) = match f.args.as_slice() {
                    [_, _, low, high] => (number(low)?, number(high)?),
                    _ => (cx.lo, hi),
                };
                // Exactly one low and one high crust: the line holds every value once.
                if cells.len() != cx.nvals || !all_differ(&cells) || low == high {
                    return None;
                }
                let total = number(total)?;
                Some(Line::Sandwich {
                    fillings: fillings(cx.lo, cx.nvals, low, high, total),
                    total,
                    cells,
                    low,
                    high,
                })
            }
            // A line that comes back to a cell is the algebra's: `pos` is a cell's first
            // place, where these propagators read the line visit by visit.
            ("x_sum", [line, total]) => {
                let cells = cells(line).filter(|c| once(c))?;
                let distinct = all_differ(&cells);
                Some(Line::XSum {
                    total: number(total)?,
                    cells,
                    distinct,
                })
            }
            ("skyscraper", [line, seen]) => {
                let cells = cells(line).filter(|c| once(c))?;
                Some(Line::Skyscraper {
                    distinct: all_differ(&cells),
                    seen: number(seen)?,
                    cells,
                })
            }
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
                (!cells.is_empty() && once(&cells)).then_some(Line::Renban { cells })
            }
            ("quadruple", [cells_arg, Arg::Numbers(digits)]) => {
                let cells = cells(cells_arg)?;
                if cells.len() > MAX_QUADRUPLE || !once(&cells) {
                    return None;
                }
                let mut required: Vec<(i64, usize)> = Vec::new();
                for &d in digits {
                    match required.iter_mut().find(|(v, _)| *v == d) {
                        Some((_, k)) => *k += 1,
                        None => required.push((d, 1)),
                    }
                }
                let peers = cells
                    .iter()
                    .map(|&a| {
                        cells.iter().enumerate().fold(0u64, |m, (j, &b)| {
                            m | u64::from(a != b && (cx.peers)(a, b)) << j
                        })
                    })
                    .collect();
                Some(Line::Quadruple {
                    cells,
                    required,
                    peers,
                })
            }
            ("lockout", [line, gap]) => {
                let cells = cells(line)?;
                // A line that comes back to an end is left to the algebra.
                (cells.len() >= 2 && once(&cells)).then_some(Line::Lockout {
                    gap: number(gap)?,
                    cells,
                })
            }
            ("zipper", [line]) => {
                let cells = cells(line)?;
                let n = cells.len();
                if n < 2 || !once(&cells) || cx.nvals > 128 {
                    return None;
                }
                let pairs = (0..n / 2)
                    .map(|i| (i, n - 1 - i, (cx.peers)(cells[i], cells[n - 1 - i])))
                    .collect();
                Some(Line::Zipper {
                    cells,
                    pairs,
                    middle: (n % 2 == 1).then_some(n / 2),
                })
            }
            ("region_sum", [line]) => {
                let cells = cells(line)?;
                let (bh, bw) = cx.boxes?;
                if !once(&cells) || cx.nvals > linear::MAX_DISTINCT_VALUES {
                    return None;
                }
                let box_of = |c: u32| {
                    let (r, col) = (c as usize / cx.cols, c as usize % cx.cols);
                    (r / bh, col / bw)
                };
                let mut pieces = Vec::new();
                let mut start = 0;
                for i in 1..=cells.len() {
                    if i == cells.len() || box_of(cells[i]) != box_of(cells[i - 1]) {
                        pieces.push(start..i);
                        start = i;
                    }
                }
                // Pieces whose cells differ (a box that is an area), else the algebra.
                let differ = pieces.iter().all(|r| all_differ(&cells[r.clone()]));
                (pieces.len() >= 2 && differ).then_some(Line::RegionSum { cells, pieces })
            }
            // A line that comes back to a cell is left to the algebra (its `pos` is the
            // cell's first place, where these propagators read the line visit by visit).
            ("between", [line]) => {
                let cells = cells(line)?;
                (cells.len() >= 3 && once(&cells) && cx.nvals <= 128)
                    .then_some(Line::Between { cells })
            }
            ("entropic" | "modular", [line]) => {
                let cells = cells(line)?;
                if cells.len() < 2 || !once(&cells) || cx.nvals > 128 {
                    return None;
                }
                let n = cx.nvals as i64;
                let class = |v: i64| match f.name.as_str() {
                    "entropic" => (v - cx.lo) * 3 / n,
                    _ => v.rem_euclid(3),
                };
                let mut classes = vec![0 as Dom; 3];
                for v in cx.lo..=hi {
                    classes[class(v) as usize] |= bit(cx.lo, v);
                }
                classes.retain(|&c| c != 0);
                Some(Line::Windows { cells, classes })
            }
            ("nabner", [line]) => {
                let cells = cells(line)?;
                (cells.len() >= 2 && once(&cells) && cx.nvals <= 128)
                    .then_some(Line::Apart { cells })
            }
            // The rule says its digits differ: read so whether or not the cells are peers.
            ("lunchbox", [line, total]) => {
                let cells = cells(line).filter(|c| once(c))?;
                Some(Line::Lunchbox {
                    total: number(total)?,
                    cells,
                })
            }
            _ => None,
        }
    }

    /// Chains of equal sums written by hand (`A == B and B == C`, each side a sum of cells
    /// that must all differ, as a region-sum line's pieces written out): the sides linked
    /// through a side they share have one total, which the equalities, each filtered on its
    /// own (`linear`), tie only two sides at a time. Each such group of two or more sides, no
    /// cell on two of them, as one `RegionSum` over its sides, with the indices in `sums` of
    /// the equalities it says all of: the group's sides have one sum exactly when its
    /// equalities hold, since they link every side, and each side's cells differ anyway. So
    /// a line written out is pruned as `region_sum(...)` of the library is. In the order of
    /// the sides' first appearance, so the same model gives the same lines.
    pub fn equal_sums(sums: &[&Linear], cx: &Context) -> Vec<(Line, Vec<usize>)> {
        if cx.nvals > linear::MAX_DISTINCT_VALUES {
            return Vec::new();
        }
        let differ = |c: &[u32]| all_differ(c, cx);
        // Each side once (its cells, sorted), and a union-find over them.
        let mut sides: Vec<Vec<u32>> = Vec::new();
        let mut index: std::collections::BTreeMap<Vec<u32>, usize> = Default::default();
        let mut parent: Vec<usize> = Vec::new();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        // Per equality taken, its first side (whose group it joins).
        let mut taken: Vec<(usize, usize)> = Vec::new();
        for (k, l) in sums.iter().enumerate() {
            if l.op != linear::Op::Eq || l.constant != 0 {
                continue;
            }
            let side = |sign: i64| -> Vec<u32> {
                let mut c: Vec<u32> = l
                    .terms
                    .iter()
                    .filter(|t| t.0 == sign)
                    .map(|t| t.1)
                    .collect();
                c.sort_unstable();
                c
            };
            let (plus, minus) = (side(1), side(-1));
            if plus.is_empty()
                || minus.is_empty()
                || plus.len() + minus.len() != l.terms.len()
                || !differ(&plus)
                || !differ(&minus)
                || plus.len().max(minus.len()) > cx.nvals
            {
                continue;
            }
            let mut id = |c: Vec<u32>| {
                *index.entry(c.clone()).or_insert_with(|| {
                    sides.push(c);
                    parent.push(parent.len());
                    parent.len() - 1
                })
            };
            let (a, b) = (id(plus), id(minus));
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
            taken.push((k, a));
        }
        // Per group (its root), its sides and its equalities; every equality joins two sides.
        let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for i in 0..sides.len() {
            let r = root(&mut parent, i);
            groups.entry(r).or_default().push(i);
        }
        let mut says: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for &(k, a) in &taken {
            says.entry(root(&mut parent, a)).or_default().push(k);
        }
        let mut out = Vec::new();
        for (r, members) in &groups {
            let mut cells = Vec::new();
            let mut pieces = Vec::new();
            for &i in members {
                let start = cells.len();
                cells.extend_from_slice(&sides[i]);
                pieces.push(start..cells.len());
            }
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let said = says.remove(r).unwrap_or_default();
            out.push((Line::RegionSum { cells, pieces }, said));
        }
        out
    }

    pub fn cells(&self) -> &[u32] {
        match self {
            Line::Sandwich { cells, .. }
            | Line::XSum { cells, .. }
            | Line::Skyscraper { cells, .. }
            | Line::Lunchbox { cells, .. }
            | Line::CountingCircles { cells }
            | Line::Renban { cells }
            | Line::Quadruple { cells, .. }
            | Line::Zipper { cells, .. }
            | Line::Lockout { cells, .. }
            | Line::Between { cells }
            | Line::Windows { cells, .. }
            | Line::Apart { cells }
            | Line::RegionSum { cells, .. } => cells,
        }
    }

    /// The values of each cell (in `out`, in the order of `cells()`) that some solution of
    /// the clue uses; false when there is none.
    pub fn filter(&self, lo: i64, doms: &[Dom], out: &mut Vec<Dom>, s: &mut Scratch) -> bool {
        // The buffers are kept between calls (this runs at every node that touches a line).
        let mut line = std::mem::take(&mut s.line);
        line.clear();
        line.extend(self.cells().iter().map(|&c| doms[c as usize]));
        out.clear();
        out.resize(line.len(), 0);
        match self {
            Line::Sandwich {
                low,
                high,
                fillings: Some(fillings),
                ..
            } => sandwich_by_fillings(lo, &line, *low, *high, fillings, out, s),
            Line::Sandwich {
                total, low, high, ..
            } => sandwich(lo, &line, *total, *low, *high, out, s),
            Line::XSum {
                total, distinct, ..
            } => {
                x_sum(lo, &line, *total, *distinct, out, s);
                if *distinct {
                    exact_after(out, s, |narrowed, out, s| {
                        x_sum_apart(lo, narrowed, *total, out, s)
                    });
                }
            }
            Line::Skyscraper { seen, distinct, .. } => {
                skyscraper(&line, *seen, out);
                if *distinct {
                    exact_after(out, s, |narrowed, out, s| {
                        skyscraper_apart(narrowed, *seen, out, s)
                    });
                }
            }
            Line::Lunchbox { total, .. } => {
                // Sound on its own (it knows the digits differ), and cheap: the automaton,
                // exact, reads what it keeps.
                lunchbox(lo, &line, *total, out, s);
                // (Past its states, a line whose cells are not peers is still kept only when
                // its digits differ once they are all placed: the automaton then has one
                // path to read.)
                exact_after(out, s, |narrowed, out, s| {
                    lunchbox_apart(lo, narrowed, *total, out, s)
                });
            }
            Line::CountingCircles { .. } => {
                counting_circles(lo, &line, out);
                exact_after(out, s, |narrowed, out, s| {
                    counting_circles_exact(lo, narrowed, out, &mut s.circles)
                });
            }
            Line::Renban { .. } => renban(&line, out),
            Line::Quadruple {
                required, peers, ..
            } => quadruple(lo, &line, required, peers, out),
            Line::Zipper { pairs, middle, .. } => zipper(lo, &line, pairs, *middle, out),
            Line::RegionSum { pieces, .. } => region_sum(lo, &line, pieces, out, s),
            Line::Lockout { gap, .. } => lockout(&line, *gap, out),
            Line::Between { .. } => between(&line, out),
            Line::Windows { classes, .. } => windows(&line, classes, out),
            Line::Apart { .. } => apart(&line, out, s),
        }
        s.line = line;
        out.iter().all(|&d| d != 0)
    }
}

/// Whether the cells are pairwise different cells that the model keeps apart.
fn all_differ(c: &[u32], cx: &Context) -> bool {
    c.iter()
        .enumerate()
        .all(|(i, &a)| c[i + 1..].iter().all(|&b| a != b && (cx.peers)(a, b)))
}

/// Quadruples on more cells than this are left to their algebra (the filter enumerates).
const MAX_QUADRUPLE: usize = 8;

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

/// A sandwich's fillings are listed when the values other than the crusts have at most this
/// many subsets (16x16 grids and smaller).
const MAX_FILLINGS_VALUES: usize = 14;

/// The sets of values other than `low` and `high` that sum to `total`, grouped by size; None
/// when there are too many values to list them, or a crust is not a value.
fn fillings(lo: i64, nvals: usize, low: i64, high: i64, total: i64) -> Option<Vec<Vec<Dom>>> {
    let (lb, hb) = (bit(lo, low), bit(lo, high));
    if nvals < 2 || nvals - 2 > MAX_FILLINGS_VALUES || lb == 0 || hb == 0 {
        return None;
    }
    let others: Vec<u32> = (0..nvals as u32)
        .filter(|&i| (lb | hb) & 1 << i == 0)
        .collect();
    let mut by_size = vec![Vec::new(); others.len() + 1];
    for subset in 0u32..1 << others.len() {
        let (mut set, mut sum) = (0 as Dom, 0i64);
        for (k, &i) in others.iter().enumerate() {
            if subset & 1 << k != 0 {
                set |= 1 << i;
                sum += lo + i as i64;
            }
        }
        if sum == total {
            by_size[subset.count_ones() as usize].push(set);
        }
    }
    Some(by_size)
}

/// A sandwich on a line that holds every value once, by where its crusts are and which values
/// fill it: the cells between the crusts hold exactly the filling, the cells outside exactly
/// the rest. A scenario counts when each part's cells can hold its values one each (a perfect
/// matching), and keeps the values of the part's cells that some such matching uses (the
/// matching filter of `distinct`, `alldiff::filter`, over the part's values): exactly the
/// values some solution of the clue and the row's `distinct` uses. (The old pruning knew only
/// the sum between the crusts, so a filling's values stayed possible outside: a grid of
/// sandwich clues and no givens found no solution in 30 s, where the fillings prune it to a
/// few thousand nodes. Reading the row as an automaton over the values used so far and the
/// sum was exact too, but took Sandwich Snipe from 0.38 s to 34 s.)
fn sandwich_by_fillings(
    lo: i64,
    line: &[Dom],
    low: i64,
    high: i64,
    fillings: &[Vec<Dom>],
    out: &mut [Dom],
    s: &mut Scratch,
) {
    let (lb, hb) = (bit(lo, low), bit(lo, high));
    let crusts = lb | hb;
    // The line holds every value once: as many cells as values.
    let n = line.len();
    let all: Dom = (1 << n) - 1;
    let fits = |part: &mut dyn Iterator<Item = usize>, set: Dom| {
        let mut union = 0;
        for j in part {
            if line[j] & set == 0 {
                return false;
            }
            union |= line[j] & set;
        }
        union == set
    };
    let part = &mut s.matching;
    for p in 0..n {
        for q in p + 1..n {
            // The crusts either way round: the rest of the row is the same question, its
            // crust cells each one value that no other cell may take, so one matching
            // answers both.
            let low_first = line[p] & lb != 0 && line[q] & hb != 0;
            let high_first = line[p] & hb != 0 && line[q] & lb != 0;
            let (bp, bq) = match (low_first, high_first) {
                (false, false) => continue,
                (true, _) => (lb, hb),
                (false, true) => (hb, lb),
            };
            let crust_p = if low_first { lb } else { 0 } | if high_first { hb } else { 0 };
            let crust_q = if low_first { hb } else { 0 } | if high_first { lb } else { 0 };
            for &fill in &fillings[q - p - 1] {
                let rest = all & !crusts & !fill;
                let inside = p + 1..q;
                let outside = (0..p).chain(q + 1..n);
                // Nothing this scenario could add: no need to ask whether it holds.
                let adds = crust_p & !out[p] != 0
                    || crust_q & !out[q] != 0
                    || inside.clone().any(|j| line[j] & fill & !out[j] != 0)
                    || outside.clone().any(|j| line[j] & rest & !out[j] != 0);
                if !adds {
                    continue;
                }
                // Cheap first: each cell can hold one of its part's values, and the part's
                // cells all of them.
                if !fits(&mut inside.clone(), fill) || !fits(&mut outside.clone(), rest) {
                    continue;
                }
                // Every cell can hold every value of its part: any of them is in some
                // assignment.
                if inside.clone().all(|j| line[j] & fill == fill)
                    && outside.clone().all(|j| line[j] & rest == rest)
                {
                    out[p] |= crust_p;
                    out[q] |= crust_q;
                    inside.clone().for_each(|j| out[j] |= fill);
                    outside.clone().for_each(|j| out[j] |= rest);
                    continue;
                }
                // The row's cells each limited to their part's values: the matching filter
                // keeps the values of some assignment of the row's values, one each, that
                // puts the filling between these crusts.
                part.doms.clear();
                // (Fillings are listed for 16 values at most: a row's values fit 32 bits,
                // whose matchings cost less than 128 bits'.)
                part.doms.extend((0..n).map(|j| {
                    (line[j]
                        & if j == p {
                            bp
                        } else if j == q {
                            bq
                        } else if j > p && j < q {
                            fill
                        } else {
                            rest
                        }) as u32
                }));
                let hint = part.hint.get_or_insert_with(|| alldiff::Hint::new(n));
                if alldiff::filter::<u32>(&mut part.doms, hint, &mut part.scratch).is_none() {
                    continue;
                }
                for (j, (o, &d)) in out.iter_mut().zip(&part.doms).enumerate() {
                    *o |= match j {
                        _ if j == p => crust_p,
                        _ if j == q => crust_q,
                        _ => d as Dom,
                    };
                }
            }
        }
    }
}

/// A row's matching filter with its buffers (kept in `Scratch` between calls).
#[derive(Default)]
pub struct RowMatching {
    scratch: alldiff::Scratch<u32>,
    hint: Option<alldiff::Hint>,
    doms: Vec<u32>,
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

/// An exact filter run on what a cheaper sound one kept (`out`), which it narrows in place;
/// when it gives up (too many states), `out` stays as the cheap filter left it. Domains the
/// cheap filter narrowed leave the exact one fewer paths to read.
fn exact_after(
    out: &mut [Dom],
    s: &mut Scratch,
    exact: impl FnOnce(&[Dom], &mut [Dom], &mut Scratch) -> bool,
) {
    if out.contains(&0) {
        return; // no solution already
    }
    let mut narrowed = std::mem::take(&mut s.narrowed);
    narrowed.clear();
    narrowed.extend_from_slice(out);
    if !exact(&narrowed, out, s) {
        out.copy_from_slice(&narrowed);
    }
    s.narrowed = narrowed;
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

/// Renban: the digits are a run of `n` consecutive values, each once. Per run that every
/// cell can reach and whose every value has a cell, the cells and the run's values are a full
/// area: the matching filter keeps exactly the values of some assignment of the run, and a
/// cell keeps the union over the runs. Exact, whether or not the cells are peers elsewhere
/// (on a 9x9, at most 9 runs of the line's few cells a call).
fn renban(line: &[Dom], out: &mut [Dom]) {
    let n = line.len();
    let all = line.iter().fold(0u128, |a, &d| a | d);
    if n == 0 || n > 128 || all == 0 {
        return;
    }
    let run: Dom = if n == 128 { !0 } else { (1u128 << n) - 1 };
    let top = 127 - all.leading_zeros();
    let mut hint = alldiff::Hint::new(n);
    let mut scratch = alldiff::Scratch::default();
    let mut doms = Vec::with_capacity(n);
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
        // The cells hold the window's n values once each: a full area of the window's
        // values, pruned exactly by the matching filter.
        doms.clear();
        doms.extend(line.iter().map(|&d| (d & window) >> start));
        if alldiff::filter::<Dom>(&mut doms, &mut hint, &mut scratch).is_none() {
            continue;
        }
        for (o, &d) in out.iter_mut().zip(&doms) {
            *o |= d << start;
        }
    }
}

/// Quadruple: every assignment of the cells' values (pairwise different where they must be)
/// that holds each required digit often enough, enumerated cell by cell; a branch stops as
/// soon as the digits still missing outnumber the cells left. Exact for the clue with the
/// `distinct` among its cells (at most `MAX_QUADRUPLE` cells, so at most 9^8 leaves on 9x9,
/// and a 2x2 quadruple of four digits has at most 4! of them).
fn quadruple(lo: i64, line: &[Dom], required: &[(i64, usize)], peers: &[u64], out: &mut [Dom]) {
    // (the digit's bit, how many more are needed); a digit off the value set can't be met.
    let mut need: Vec<(Dom, usize)> = Vec::with_capacity(required.len());
    for &(d, k) in required {
        let b = bit(lo, d);
        if b == 0 {
            return;
        }
        need.push((b, k));
    }
    let mut chosen = vec![0 as Dom; line.len()];
    fn walk(
        j: usize,
        line: &[Dom],
        peers: &[u64],
        need: &mut [(Dom, usize)],
        chosen: &mut [Dom],
        out: &mut [Dom],
    ) {
        let missing: usize = need.iter().map(|&(_, k)| k).sum();
        if missing > line.len() - j {
            return;
        }
        if j == line.len() {
            for (o, &c) in out.iter_mut().zip(chosen.iter()) {
                *o |= c;
            }
            return;
        }
        let taken = (0..j)
            .filter(|&i| peers[j] >> i & 1 == 1)
            .fold(0, |a, i| a | chosen[i]);
        for i in bits(line[j] & !taken) {
            let b = 1u128 << i;
            chosen[j] = b;
            let slot = need.iter().position(|&(d, k)| d == b && k > 0);
            if let Some(s) = slot {
                need[s].1 -= 1;
            }
            walk(j + 1, line, peers, need, chosen, out);
            if let Some(s) = slot {
                need[s].1 += 1;
            }
        }
        chosen[j] = 0;
    }
    walk(0, line, peers, &mut need, &mut chosen, out);
}

/// Zipper: the totals every pair can make (different digits where the pair must differ) and
/// the middle cell can hold, intersected; then each cell keeps the values that make one of
/// those totals with its partner. Exact for the clue with its pairs' `distinct`.
fn zipper(
    lo: i64,
    line: &[Dom],
    pairs: &[(usize, usize, bool)],
    middle: Option<usize>,
    out: &mut [Dom],
) {
    // Totals as sums of value indices (the total is 2·lo + s), 0..=254: two u128 words.
    let mut totals = [!0u128, !0u128];
    for &(a, b, differ) in pairs {
        let mut made = [0u128; 2];
        for i in bits(line[a]) {
            let other = if differ {
                line[b] & !(1u128 << i)
            } else {
                line[b]
            };
            or_shifted(&mut made, other, i);
        }
        totals[0] &= made[0];
        totals[1] &= made[1];
    }
    if let Some(m) = middle {
        // v[m] = lo + k is the total 2·lo + s, so s = k - lo.
        let mut at = [0u128; 2];
        for k in bits(line[m]) {
            if let Ok(s) = usize::try_from(k as i64 - lo)
                && s < 256
            {
                at[s / 128] |= 1u128 << (s % 128);
            }
        }
        totals[0] &= at[0];
        totals[1] &= at[1];
        for k in bits(line[m]) {
            if let Ok(s) = usize::try_from(k as i64 - lo)
                && s < 256
                && totals[s / 128] >> (s % 128) & 1 == 1
            {
                out[m] |= 1u128 << k;
            }
        }
    }
    if totals == [0, 0] {
        return;
    }
    for &(a, b, differ) in pairs {
        for (x, y) in [(a, b), (b, a)] {
            for i in bits(line[x]) {
                let other = if differ {
                    line[y] & !(1u128 << i)
                } else {
                    line[y]
                };
                let mut made = [0u128; 2];
                or_shifted(&mut made, other, i);
                if made[0] & totals[0] != 0 || made[1] & totals[1] != 0 {
                    out[x] |= 1u128 << i;
                }
            }
        }
    }
}

/// `to |= d << by` over two words.
fn or_shifted(to: &mut [u128; 2], d: Dom, by: u32) {
    if by == 0 {
        to[0] |= d;
    } else {
        to[0] |= d << by;
        to[1] |= d >> (128 - by);
    }
}

/// Region-sum line: the totals every piece can reach (its cells differ) intersected, then each
/// piece narrowed to the assignments with one of those totals. Exact for the clue with the
/// pieces' `distinct`.
fn region_sum(
    lo: i64,
    line: &[Dom],
    pieces: &[std::ops::Range<usize>],
    out: &mut [Dom],
    s: &mut Scratch,
) {
    if pieces
        .iter()
        .any(|r| !linear::distinct_fits(&line[r.clone()]))
    {
        out.copy_from_slice(line);
        return;
    }
    // The totals every piece reaches, kept sorted in `common`.
    let mut common = std::mem::take(&mut s.common);
    let mut totals = std::mem::take(&mut s.totals);
    let mut part = std::mem::take(&mut s.part);
    common.clear();
    let mut ok = true;
    for (k, r) in pieces.iter().enumerate() {
        totals.clear();
        if !linear::distinct_totals(lo, &line[r.clone()], s, &mut totals) {
            ok = false;
            break;
        }
        linear::stash_sets(s, k);
        totals.sort_unstable();
        totals.dedup();
        if k == 0 {
            common.extend_from_slice(&totals);
        } else {
            common.retain(|t| totals.binary_search(t).is_ok());
        }
        if common.is_empty() {
            ok = false;
            break;
        }
    }
    if ok {
        // The totals as a bitset from the lowest, when they span fewer than 128: a binary
        // search per set of values was a twentieth of Raw Spaghetti's search.
        let base = common[0];
        let mask = (common[common.len() - 1] - base < 128)
            .then(|| common.iter().fold(0u128, |m, &t| m | 1 << (t - base)));
        // Each piece's sets, put aside above.
        for (k, r) in pieces.iter().enumerate().rev() {
            part.clear();
            part.extend_from_slice(&line[r.clone()]);
            let mut allowed = |t: i64| match mask {
                Some(mask) => (0..128).contains(&(t - base)) && mask >> (t - base) & 1 == 1,
                None => common.binary_search(&t).is_ok(),
            };
            linear::take_sets(s, k);
            let kept = linear::distinct_sum_again(lo, &mut part, s, &mut allowed);
            if !kept {
                out.iter_mut().for_each(|o| *o = 0);
                break;
            }
            out[r.clone()].copy_from_slice(&part);
        }
    }
    s.common = common;
    s.totals = totals;
    s.part = part;
}

/// Lockout line: each pair of end values far enough apart, kept when every middle cell has a
/// value outside the range they span, which the middle cells then keep. Exact for the clue.
fn lockout(line: &[Dom], gap: i64, out: &mut [Dom]) {
    by_ends(line, out, |x, y| {
        let (a, b) = (x.min(y), x.max(y));
        // Values a..=b as a mask (b < 128).
        let span = (!0u128 >> (127 - b)) & (!0u128 << a);
        ((x as i64 - y as i64).abs() >= gap).then_some(!span)
    });
}

/// Between: per pair of end digits at least two apart, the middle cells keep the values
/// strictly between them. Exact for the clue.
fn between(line: &[Dom], out: &mut [Dom]) {
    by_ends(line, out, |x, y| {
        let (a, b) = (x.min(y), x.max(y));
        // Values a + 1 ..= b - 1 (b < 128).
        (b >= a + 2).then(|| (!0u128 >> (128 - b)) & (!0u128 << (a + 1)))
    });
}

/// A line whose middle cells, given its ends' values x and y, each hold any value of
/// `middle(x, y)` (None: the ends cannot be x and y): each pair of ends every middle cell can
/// meet is kept, with the middle cells' values it allows. Exact, since given the ends the
/// middle cells are independent.
fn by_ends(line: &[Dom], out: &mut [Dom], middle: impl Fn(u32, u32) -> Option<Dom>) {
    let n = line.len();
    for x in bits(line[0]) {
        for y in bits(line[n - 1]) {
            let Some(allowed) = middle(x, y) else {
                continue;
            };
            if line[1..n - 1].iter().any(|&d| d & allowed == 0) {
                continue;
            }
            out[0] |= 1u128 << x;
            out[n - 1] |= 1u128 << y;
            for (o, &d) in out[1..n - 1].iter_mut().zip(&line[1..n - 1]) {
                *o |= d & allowed;
            }
        }
    }
}

/// Entropic and modular lines: the automaton whose state is the classes of the last two
/// cells read (`NONE` before the line), a class allowed when it is neither; the values kept
/// are those on a path from the start to the end. Exact.
fn windows(line: &[Dom], classes: &[Dom], out: &mut [Dom]) {
    const NONE: usize = 3;
    let n = line.len();
    let k = classes.len();
    // A state (older, newer) as older * 4 + newer; a set of states as 16 bits.
    let next = |s: usize, g: usize| -> Option<usize> {
        let (older, newer) = (s / 4, s % 4);
        (g != older && g != newer).then_some(newer * 4 + g)
    };
    let mut fwd = vec![0u16; n + 1];
    fwd[0] = 1 << (NONE * 4 + NONE);
    for j in 0..n {
        for s in bits(fwd[j] as u128) {
            for g in (0..k).filter(|&g| line[j] & classes[g] != 0) {
                if let Some(t) = next(s as usize, g) {
                    fwd[j + 1] |= 1 << t;
                }
            }
        }
    }
    let mut back: u16 = fwd[n];
    for j in (0..n).rev() {
        let mut alive = 0u16;
        for s in bits(fwd[j] as u128) {
            for g in (0..k).filter(|&g| line[j] & classes[g] != 0) {
                if let Some(t) = next(s as usize, g)
                    && back >> t & 1 == 1
                {
                    out[j] |= line[j] & classes[g];
                    alive |= 1 << s;
                }
            }
        }
        back = alive;
    }
}

/// States a nabner line's filter keeps per layer; past it the line is filtered pair by pair.
const APART_STATES: usize = 4096;

/// Nabner: the automaton whose state is the set of values read so far, a value allowed when
/// neither it nor a neighbour is in the set; the values kept are those on a path from the
/// start to the end (exact). A line whose sets outnumber `APART_STATES` keeps, per cell, the
/// values each other cell has a partner for.
fn apart(line: &[Dom], out: &mut [Dom], s: &mut Scratch) {
    let n = line.len();
    let near = |v: u32| -> Dom {
        let b = 1u128 << v;
        b | b << 1 | b >> 1
    };
    // The layers' vectors are kept between calls (this runs at every node that touches the
    // line): cleared, not dropped.
    let layers = &mut s.value_sets;
    if layers.len() < n + 1 {
        layers.resize_with(n + 1, Vec::new);
    }
    layers[0].clear();
    layers[0].push(0);
    for j in 0..n {
        let (done, rest) = layers.split_at_mut(j + 1);
        let next = &mut rest[0];
        next.clear();
        for &set in &done[j] {
            for v in bits(line[j] & !(set | set << 1 | set >> 1)) {
                next.push(set | 1u128 << v);
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.len() > APART_STATES {
            for (i, o) in out.iter_mut().enumerate() {
                *o = bits(line[i])
                    .filter(|&v| (0..n).all(|j| j == i || line[j] & !near(v) != 0))
                    .fold(0, |a, v| a | 1u128 << v);
            }
            return;
        }
    }
    // Backwards: layer j + 1 keeps only the sets that reach the end, layer j those with a
    // step into them.
    for j in (0..n).rev() {
        let (now, later) = layers.split_at_mut(j + 1);
        let (now, alive) = (&mut now[j], &later[0]);
        now.retain(|&set| {
            let mut kept = false;
            for v in bits(line[j] & !(set | set << 1 | set >> 1)) {
                if alive.binary_search(&(set | 1u128 << v)).is_ok() {
                    out[j] |= 1u128 << v;
                    kept = true;
                }
            }
            kept
        });
    }
}

/// (values read, state) pairs `read_apart` keeps per layer; past it the clue is pruned its
/// own cheaper way (a skyscraper on a 25x25 row, a lunchbox over a hundred values).
const PATH_STATES: usize = 1 << 11;

/// A clue read along a line whose cells all differ, as an automaton whose state is the set of
/// values read so far and a state of the clue's own: from each of `starts`, `step` takes a
/// state, the set read before and the next cell's value (its index) to the next state, or to
/// None where the clue fails; `accept` says which end states are solutions. The values kept
/// in `out` are those on a path from a start to an accepted end: exactly the values that some
/// solution of the clue and of the line's `distinct` uses, which no filter of the clue alone
/// beside `distinct`'s own knows (an X-sum's prefix may reach its total only with a digit
/// the rest of the line needs). False, `out` untouched, when a layer holds more than
/// PATH_STATES pairs.
fn read_apart(
    line: &[Dom],
    starts: &[u64],
    step: &impl Fn(u64, Dom, u32) -> Option<u64>,
    accept: impl Fn(u64) -> bool,
    out: &mut [Dom],
    s: &mut Scratch,
) -> bool {
    let n = line.len();
    let p = &mut s.paths;
    // Forward: each layer's distinct pairs, and the steps into them (from which pair of the
    // layer before, with which value, to which pair), so the way back needs no search.
    p.states.clear();
    p.steps.clear();
    p.step_at.clear();
    p.index.begin(starts.len());
    for &st in starts {
        p.index.insert(&mut p.states, (0, st));
    }
    let mut first = 0;
    for &d in line {
        let last = p.states.len();
        p.step_at.push(p.steps.len());
        // A layer's pairs are told apart by a hash index rather than by sorting them: the
        // sort of 24-byte keys was a quarter of the lunchbox's time.
        let reach: usize = p.states[first..last]
            .iter()
            .map(|&(used, _)| (d & !used).count_ones() as usize)
            .sum();
        p.index.begin(reach);
        for i in first..last {
            let (used, st) = p.states[i];
            for v in bits(d & !used) {
                if let Some(t) = step(st, used, v) {
                    let to = p.index.insert(&mut p.states, (used | 1u128 << v, t));
                    p.steps.push((i as u32, v as u8, to));
                }
            }
        }
        if p.states.len() - last > PATH_STATES {
            return false;
        }
        first = last;
    }
    p.step_at.push(p.steps.len());
    // Backwards: a pair is alive when it is an accepted end or steps into a live pair; a
    // value is kept where such a step reads it.
    p.alive.clear();
    p.alive.resize(p.states.len(), false);
    for i in first..p.states.len() {
        p.alive[i] = accept(p.states[i].1);
    }
    out.fill(0);
    for j in (0..n).rev() {
        for &(from, v, to) in &p.steps[p.step_at[j]..p.step_at[j + 1]] {
            if p.alive[to as usize] {
                p.alive[from as usize] = true;
                out[j] |= 1u128 << v;
            }
        }
    }
    true
}

/// `read_apart`'s buffers, kept between calls (this runs at every node that touches a line).
#[derive(Default)]
pub struct Paths {
    /// Every layer's (values read, state) pairs, one layer after another.
    states: Vec<(Dom, u64)>,
    /// The steps between layers (from pair, value, to pair), and where each layer's begin.
    steps: Vec<(u32, u8, u32)>,
    step_at: Vec<usize>,
    index: PairIndex,
    alive: Vec<bool>,
}

/// The pairs of one layer of `read_apart`, by hash (open addressing, linear probing): where
/// each is in `states`.
#[derive(Default)]
struct PairIndex {
    /// 1 + the pair's place in `states`; 0 for an empty slot.
    slots: Vec<u32>,
    mask: usize,
}

impl PairIndex {
    /// Empty, with room for `n` pairs at most half full.
    fn begin(&mut self, n: usize) {
        let size = (2 * n).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(size, 0);
        self.mask = size - 1;
    }

    /// The place of `key` in `states` (this layer's), pushed there if new.
    fn insert(&mut self, states: &mut Vec<(Dom, u64)>, key: (Dom, u64)) -> u32 {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let (used, st) = key;
        let h = ((used as u64).wrapping_mul(K) ^ ((used >> 64) as u64).rotate_left(29) ^ st)
            .wrapping_mul(K);
        let mut i = (h >> 32) as usize & self.mask;
        loop {
            match self.slots[i] {
                0 => {
                    states.push(key);
                    self.slots[i] = states.len() as u32;
                    return states.len() as u32 - 1;
                }
                at if states[at as usize - 1] == key => return at - 1,
                _ => i = (i + 1) & self.mask,
            }
        }
    }
}

/// A sum between crusts carried in a state: the phase (before the first crust, after one,
/// after both) in the low two bits, the sum so far above them.
fn phase_sum(phase: u64, sum: i64) -> u64 {
    phase | ((sum as u64) << 2)
}

fn phase_of(st: u64) -> (u64, i64) {
    (st & 3, (st as i64) >> 2)
}

/// A lunchbox read with its `distinct`: the crusts (the smallest and largest digit, as value
/// indices) are chosen before the first cell, every digit lies between them, and the sum
/// grows between them and must be `total` at the second.
fn lunchbox_apart(lo: i64, line: &[Dom], total: i64, out: &mut [Dom], s: &mut Scratch) -> bool {
    let n = line.len();
    let all = line.iter().fold(0u128, |a, &d| a | d);
    if n < 2 {
        out.copy_from_slice(line); // no two cells: no crusts, nothing between
        return true;
    }
    // State: the crusts in bits 0–15 (seven bits each), the phase and sum above them.
    let starts = bits(all)
        .flat_map(|m| bits(all >> m).map(move |d| (m, m + d)))
        .filter(|&(m, big)| big >= m + n as u32 - 1)
        .map(|(m, big)| m as u64 | (big as u64) << 8);
    let grows = lo >= 0;
    let step = |st: u64, _: Dom, v: u32| -> Option<u64> {
        let (m, big) = ((st & 0xff) as u32, (st >> 8 & 0xff) as u32);
        let (phase, sum) = phase_of(st >> 16);
        if v < m || v > big {
            return None;
        }
        let next = match phase {
            0 if v == m || v == big => phase_sum(1, 0),
            0 => phase_sum(0, 0),
            1 if v == m || v == big => (sum == total).then_some(phase_sum(2, 0))?,
            1 => {
                let sum = sum + lo + v as i64;
                if grows && sum > total {
                    return None;
                }
                phase_sum(1, sum)
            }
            _ => phase_sum(2, 0),
        };
        Some(st & 0xffff | next << 16)
    };
    // One pair of crusts at a time, so a pair that could only keep values already kept is
    // not read at all (most of them, once the first few have kept most values).
    let mut kept = std::mem::take(&mut s.kept);
    kept.clear();
    kept.resize(n, 0);
    out.iter_mut().for_each(|o| *o = 0);
    for start in starts {
        let (m, big) = ((start & 0xff) as u32, (start >> 8 & 0xff) as u32);
        let within = (!0u128 << m) & (!0u128 >> (127 - big));
        if line
            .iter()
            .zip(out.iter())
            .all(|(&d, &o)| d & within & !o == 0)
        {
            continue;
        }
        if !read_apart(line, &[start], &step, |st| st >> 16 & 3 == 2, &mut kept, s) {
            out.iter_mut().for_each(|o| *o = 0);
            s.kept = kept;
            return false;
        }
        for (o, &k) in out.iter_mut().zip(&kept) {
            *o |= k;
        }
    }
    s.kept = kept;
    true
}

/// An X-sum read with its `distinct`: the first digit, N, and how many digits have been read
/// and their sum until the Nth, which must bring it to `total`.
fn x_sum_apart(lo: i64, line: &[Dom], total: i64, out: &mut [Dom], s: &mut Scratch) -> bool {
    let n = line.len() as i64;
    // State: 0 at the start, 1 when the clue is settled (said or saying nothing), else
    // N in bits 2–9, the count in bits 10–17 and the sum above them.
    const SETTLED: u64 = 1;
    let grows = lo >= 0;
    let state = |big_n: i64, count: i64, sum: i64| -> Option<u64> {
        if count == big_n {
            return (sum == total).then_some(SETTLED);
        }
        if grows && sum > total {
            return None;
        }
        Some((big_n as u64) << 2 | (count as u64) << 10 | (sum as u64) << 18)
    };
    let step = |st: u64, _: Dom, v: u32| -> Option<u64> {
        let value = lo + v as i64;
        if st == 0 {
            if !(1..=n).contains(&value) {
                return Some(SETTLED); // the first digit points past the line
            }
            return state(value, 1, value);
        }
        if st == SETTLED {
            return Some(SETTLED);
        }
        let (big_n, count, sum) = (
            (st >> 2 & 0xff) as i64,
            (st >> 10 & 0xff) as i64,
            (st as i64) >> 18,
        );
        state(big_n, count + 1, sum + value)
    };
    read_apart(line, &[0], &step, |st| st == SETTLED, out, s)
}

/// A skyscraper read with its `distinct`: the state counts the digits seen, the tallest so far
/// being the largest value read.
fn skyscraper_apart(line: &[Dom], seen: i64, out: &mut [Dom], s: &mut Scratch) -> bool {
    let step = |st: u64, used: Dom, v: u32| -> Option<u64> {
        let taller = used == 0 || v > 127 - used.leading_zeros();
        let st = st + taller as u64;
        (st as i64 <= seen).then_some(st)
    };
    read_apart(line, &[0], &step, |st| st as i64 == seen, out, s)
}

/// Sets of digits `counting_circles_exact` reads per call at most; past it, the circles keep
/// what the sums of the digits' values alone keep.
const CIRCLE_SETS: usize = 64;

/// Counting circles, exactly: for each set of digits whose values sum to the number of
/// circles (and that holds every digit some circle must hold), digit k as k interchangeable
/// slots, so an assignment is a perfect matching of circles and slots, and the matching
/// filter of `distinct` over the slots keeps exactly the circles' digits some assignment
/// uses (a digit k with k places among circles that two other digits need was kept by the
/// sums alone). False when the circles outnumber 128 slots or the sets `CIRCLE_SETS`.
fn counting_circles_exact(lo: i64, line: &[Dom], out: &mut [Dom], c: &mut Circles) -> bool {
    let n = line.len();
    if n > 128 {
        return false;
    }
    let all = line.iter().fold(0u128, |a, &d| a | d);
    let Circles {
        digits,
        room,
        kept,
        hint,
        scratch,
        doms,
        stack,
    } = c;
    // Digits that can be used: value k >= 1 with at least k circles that can hold it.
    digits.clear();
    digits.extend(bits(all).filter_map(|i| {
        let k = lo + i as i64;
        let places = line.iter().filter(|&&d| d >> i & 1 == 1).count();
        (k >= 1 && k as usize <= places).then_some((i, k as usize))
    }));
    let placed = line
        .iter()
        .filter(|d| d.count_ones() == 1)
        .fold(0u128, |a, &d| a | d);
    // The largest sum the digits from j on can still add.
    room.clear();
    room.resize(digits.len() + 1, 0);
    for j in (0..digits.len()).rev() {
        room[j] = room[j + 1] + digits[j].1;
    }
    kept.clear();
    kept.resize(n, 0);
    // The last call's matching is a hint for this one when it has as many slots.
    let hint = match hint {
        Some((m, h)) if *m == n => h,
        _ => &mut hint.insert((n, alldiff::Hint::new(n))).1,
    };
    let mut sets = 0;
    // Depth-first over the digits, in or out, the sum so far; each complete set is read.
    stack.clear();
    stack.push((0usize, 0usize, 0u128));
    while let Some((j, sum, set)) = stack.pop() {
        if sum == n {
            if placed & !set != 0 {
                continue;
            }
            sets += 1;
            if sets > CIRCLE_SETS {
                return false;
            }
            // Nothing this set could add: no need to ask whether it holds.
            if line
                .iter()
                .zip(kept.iter())
                .all(|(&d, &k)| d & set & !k == 0)
            {
                continue;
            }
            // Digit i's slots start at slot[i], one per circle it must fill.
            let mut slot = [0u32; 128];
            let mut next = 0;
            for i in bits(set) {
                slot[i as usize] = next;
                next += (lo + i as i64) as u32;
            }
            let slots = |i: u32| {
                let k = (lo + i as i64) as u32;
                (if k == 128 { !0 } else { (1u128 << k) - 1 }) << slot[i as usize]
            };
            doms.clear();
            doms.extend(
                line.iter()
                    .map(|&d| bits(d & set).fold(0u128, |a, i| a | slots(i))),
            );
            if doms.contains(&0) || alldiff::filter::<Dom>(doms, hint, scratch).is_none() {
                continue;
            }
            for (k, &d) in kept.iter_mut().zip(doms.iter()) {
                *k |= bits(set)
                    .filter(|&i| d & slots(i) != 0)
                    .fold(0u128, |a, i| a | 1u128 << i);
            }
            continue;
        }
        if j == digits.len() || sum + room[j] < n {
            continue;
        }
        let (i, k) = digits[j];
        stack.push((j + 1, sum, set));
        if sum + k <= n {
            stack.push((j + 1, sum + k, set | 1u128 << i));
        }
    }
    out.copy_from_slice(kept);
    true
}

/// `counting_circles_exact`'s buffers, kept between calls (it runs at every node that touches
/// the circles).
#[derive(Default)]
pub struct Circles {
    /// The digits that can be used (value index, value).
    digits: Vec<(u32, usize)>,
    /// The largest sum the digits from j on can still add.
    room: Vec<usize>,
    kept: Vec<Dom>,
    /// The matching of the last call, with its number of slots.
    hint: Option<(usize, alldiff::Hint)>,
    scratch: alldiff::Scratch<Dom>,
    doms: Vec<Dom>,
    /// The depth-first search over the sets: (digit, sum, set).
    stack: Vec<(usize, usize, u128)>,
}
