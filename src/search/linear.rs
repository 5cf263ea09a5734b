//! Sums: a ground comparison linear in the cells' values (a killer cage, a little killer, an
//! arrow, a region-sum line's two segments, a pill read as `10 a + b`), recognised by its shape
//! whether a library rule or the model's own algebra wrote it, and pruned to exactly the values
//! that take part in some solution of the sum alone (generalised arc consistency), by a
//! dynamic programme over the reachable partial sums. When the cells must all differ (a cage,
//! a segment inside a box), over the sets of values used instead: the sum and the `distinct`
//! together, which no pair table and no bound sees.

use super::{Dom, bits};
use crate::ground::G;
use crate::puzzle::BinOp;

/// `Σ coefficient · v[cell] + constant  op  0`.
#[derive(Debug, Clone)]
pub struct Linear {
    /// (coefficient, cell), one term per cell, no zero coefficient.
    pub terms: Vec<(i64, u32)>,
    pub constant: i64,
    pub op: Op,
    /// Every coefficient is 1 (or every one -1) and the cells must pairwise differ: the sum is
    /// filtered over sets of distinct values. Set by the model once the `distinct` areas are known.
    pub distinct: bool,
    /// Otherwise, for a sum with unit coefficients: the terms (indices) split into groups whose
    /// cells pairwise differ (the stretch of a little killer's diagonal inside one box), when
    /// some group has two or more; each group's sums are those of distinct values.
    pub groups: Vec<Vec<usize>>,
    /// A second such split, when the cells of different `groups` must differ too: groups that
    /// take at most one cell of each of those (on the Barbed Cross's long diagonals, the cells
    /// at the same place in their boxes, which its disjoint groups keep apart). Each split
    /// alone is filtered exactly; one after the other they see more than either.
    pub across: Vec<Vec<usize>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Le,
    Ne,
}

/// Partial sums are bitsets of at most this many bits; a sum with a wider range (large
/// coefficients on many cells) is pruned by bounds.
const MAX_RANGE: i64 = 1 << 16;

/// The largest value set whose subsets are enumerated as bitmasks for a distinct sum.
pub const MAX_DISTINCT_VALUES: usize = 16;

/// Values below this many (bit indices) and groups of at most three cells take the grouped
/// filter's fast path (`small_groups`), whose tables are sized for them.
const SMALL_VALUES: u32 = 16;

/// A group of a partly distinct sum has at most this many cells, and its assignments are
/// enumerated only while the product of its domain sizes is at most `MAX_GROUP_PRODUCT`
/// (a 3-cell stretch of a 9x9 diagonal: 729).
const MAX_GROUP: usize = 4;
const MAX_GROUP_PRODUCT: u64 = 4096;

impl Linear {
    /// `g` as a linear comparison, when it is one.
    pub fn recognize(g: &G) -> Option<Linear> {
        let G::Cmp(op, a, b) = g else { return None };
        // Everything moves to the left: `a - b op 0`, with `<`, `>`, `>=` as `<=`.
        let (sign, shift, op) = match op {
            BinOp::Eq => (1, 0, Op::Eq),
            BinOp::Ne => (1, 0, Op::Ne),
            BinOp::Le => (1, 0, Op::Le),
            BinOp::Lt => (1, 1, Op::Le),
            BinOp::Ge => (-1, 0, Op::Le),
            BinOp::Gt => (-1, 1, Op::Le),
            _ => return None,
        };
        let mut terms: Vec<(i64, u32)> = Vec::new();
        let mut constant = shift;
        collect(a, sign, &mut terms, &mut constant)?;
        collect(b, -sign, &mut terms, &mut constant)?;
        terms.sort_by_key(|&(_, c)| c);
        let mut merged: Vec<(i64, u32)> = Vec::with_capacity(terms.len());
        for (k, c) in terms {
            match merged.last_mut() {
                Some((k0, c0)) if *c0 == c => *k0 = k0.checked_add(k)?,
                _ => merged.push((k, c)),
            }
        }
        merged.retain(|&(k, _)| k != 0);
        Some(Linear {
            terms: merged,
            constant,
            op,
            distinct: false,
            groups: Vec::new(),
            across: Vec::new(),
        })
    }

    /// `v[0] + ... + v[n-1] == total` over a slice of `n` domains; `distinct` when the values
    /// must differ and every domain lies within the 16 lowest values.
    pub fn sum_of(n: usize, total: i64, distinct: bool) -> Linear {
        Linear {
            terms: (0..n as u32).map(|j| (1, j)).collect(),
            constant: total.saturating_neg(),
            op: Op::Eq,
            distinct,
            groups: Vec::new(),
            across: Vec::new(),
        }
    }

    /// Split the terms into groups of cells that pairwise differ, greedily in order (see
    /// `groups`), and then into groups across those (see `across`); keeps none when every
    /// group would be a single cell.
    pub fn group(&mut self, peers: &dyn Fn(u32, u32) -> bool) {
        let unit =
            self.terms.iter().all(|&(k, _)| k == 1) || self.terms.iter().all(|&(k, _)| k == -1);
        if self.op != Op::Eq || !unit {
            return;
        }
        let cells: Vec<u32> = self.terms.iter().map(|t| t.1).collect();
        let groups = split(cells.len(), &|a, b| peers(cells[a], cells[b]));
        if groups.iter().all(|g| g.len() == 1) {
            return;
        }
        let mut home = vec![0; cells.len()];
        for (g, group) in groups.iter().enumerate() {
            group.iter().for_each(|&j| home[j] = g);
        }
        let across = split(cells.len(), &|a, b| {
            home[a] != home[b] && peers(cells[a], cells[b])
        });
        if across.iter().any(|g| g.len() > 1) {
            self.across = across;
        }
        self.groups = groups;
    }

    /// Whether the distinct-set filter can apply: unit coefficients of one sign, few values.
    pub fn could_be_distinct(&self, nvals: usize) -> bool {
        nvals <= MAX_DISTINCT_VALUES
            && self.op == Op::Eq
            && self.terms.len() <= nvals
            && (self.terms.iter().all(|&(k, _)| k == 1) || self.terms.iter().all(|&(k, _)| k == -1))
    }

    /// For a sum of cells that all differ (`distinct`): what their value indices sum to, with
    /// `lo` the value of index 0.
    pub fn index_sum(&self, lo: i64) -> i64 {
        let total = self
            .constant
            .saturating_neg()
            .saturating_mul(self.terms[0].0);
        total - lo * self.terms.len() as i64
    }

    /// The values of each term's cell that some solution of this comparison alone uses (in
    /// `out`, one domain per term); false when it has none. `lo` is the value of bit 0.
    pub fn filter(&self, lo: i64, doms: &[Dom], out: &mut Vec<Dom>, scratch: &mut Scratch) -> bool {
        out.clear();
        out.extend(self.terms.iter().map(|&(_, c)| doms[c as usize]));
        match self.op {
            Op::Le => self.bounds(lo, out),
            Op::Ne => self.not_equal(lo, out),
            Op::Eq if self.distinct => distinct_sum(self, lo, out, scratch),
            Op::Eq if !self.groups.is_empty() => {
                // The split across first: measured on the Barbed Cross, 9,074 nodes where the
                // other order took 9,726 (and both in turn until neither prunes, 9,479 and more
                // time).
                let mut done = false;
                for groups in [&self.across, &self.groups] {
                    if !groups.is_empty() && grouped(self, groups, lo, out, scratch) {
                        if out.contains(&0) {
                            return false;
                        }
                        done = true;
                    }
                }
                done || self.sum(lo, out, scratch)
            }
            Op::Eq => self.sum(lo, out, scratch),
        }
    }

    /// `Σ == 0` by partial sums, or by bounds where they are too wide for bitsets.
    fn sum(&self, lo: i64, out: &mut [Dom], scratch: &mut Scratch) -> bool {
        match reachable(self, lo, out, scratch) {
            Some(ok) => ok,
            // Too wide for bitsets: both halves of `==` as bounds.
            None => {
                let mut flipped = self.clone();
                flipped.op = Op::Le;
                if !flipped.bounds(lo, out) {
                    return false;
                }
                flipped.terms.iter_mut().for_each(|t| t.0 = -t.0);
                flipped.constant = -flipped.constant;
                flipped.bounds(lo, out)
            }
        }
    }

    /// `Σ ≤ 0`: each value must leave room for the smallest contributions of the others.
    fn bounds(&self, lo: i64, out: &mut [Dom]) -> bool {
        let contribution = |k: i64, i: u32| k.saturating_mul(lo + i as i64);
        let least = |k: i64, d: Dom| {
            bits(d)
                .map(|i| contribution(k, i))
                .min()
                .unwrap_or(i64::MAX)
        };
        let mins: Vec<i64> = self
            .terms
            .iter()
            .zip(out.iter())
            .map(|(&(k, _), &d)| least(k, d))
            .collect();
        let total = mins.iter().fold(self.constant, |s, &m| s.saturating_add(m));
        if total > 0 {
            return false;
        }
        for (j, &(k, _)) in self.terms.iter().enumerate() {
            let rest = total.saturating_sub(mins[j]);
            let keep = bits(out[j])
                .filter(|&i| rest.saturating_add(contribution(k, i)) <= 0)
                .fold(0, |d, i| d | 1u128 << i);
            out[j] = keep;
        }
        true
    }

    /// `Σ != 0`: prunes only once one cell is open.
    fn not_equal(&self, lo: i64, out: &mut [Dom]) -> bool {
        let open: Vec<usize> = (0..out.len())
            .filter(|&j| out[j].count_ones() != 1)
            .collect();
        if open.len() > 1 {
            return true;
        }
        let fixed: i64 = self
            .terms
            .iter()
            .zip(out.iter())
            .enumerate()
            .filter(|(j, _)| !open.contains(j))
            .fold(self.constant, |s, (_, (&(k, _), d))| {
                s.saturating_add(k.saturating_mul(lo + d.trailing_zeros() as i64))
            });
        match open.first() {
            None => fixed != 0,
            Some(&j) => {
                let k = self.terms[j].0;
                let keep = bits(out[j])
                    .filter(|&i| fixed.saturating_add(k.saturating_mul(lo + i as i64)) != 0)
                    .fold(0, |d, i| d | 1u128 << i);
                out[j] = keep;
                keep != 0
            }
        }
    }
}

/// The indices `0..n` split into groups of at most `MAX_GROUP` that pairwise `differ`, each
/// index going to the first group it fits, else to a new one.
fn split(n: usize, differ: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for j in 0..n {
        match groups
            .iter_mut()
            .find(|g| g.len() < MAX_GROUP && g.iter().all(|&i| differ(i, j)))
        {
            Some(g) => g.push(j),
            None => groups.push(vec![j]),
        }
    }
    groups
}

/// Adds `sign · g` to the terms; None when `g` is not linear (a product of cells, `%`, `|x|`).
fn collect(g: &G, sign: i64, terms: &mut Vec<(i64, u32)>, constant: &mut i64) -> Option<()> {
    match g {
        G::Int(v) => *constant = constant.checked_add(sign.checked_mul(*v)?)?,
        G::Val(c) => terms.push((sign, *c as u32)),
        G::Neg(x) => collect(x, -sign, terms, constant)?,
        G::Sum(items) => {
            for x in items {
                collect(x, sign, terms, constant)?;
            }
        }
        G::Arith(BinOp::Add, x, y) => {
            collect(x, sign, terms, constant)?;
            collect(y, sign, terms, constant)?;
        }
        G::Arith(BinOp::Sub, x, y) => {
            collect(x, sign, terms, constant)?;
            collect(y, -sign, terms, constant)?;
        }
        G::Arith(BinOp::Mul, x, y) => match (&**x, &**y) {
            (G::Int(k), other) | (other, G::Int(k)) => {
                collect(other, sign.checked_mul(*k)?, terms, constant)?
            }
            _ => return None,
        },
        _ => return None,
    }
    Some(())
}

/// Buffers reused between calls (a search prunes sums millions of times).
#[derive(Default)]
pub struct Scratch {
    words: Vec<u64>,
    layers: Vec<Vec<u32>>,
    seen: Vec<u64>,
    back: Vec<u64>,
    next: Vec<u64>,
    /// For the lines' filters (`lines`): totals, and one part of a line.
    pub totals: Vec<i64>,
    pub common: Vec<i64>,
    pub part: Vec<Dom>,
    /// For a nabner line's filter: the sets of values read so far, per layer.
    pub value_sets: Vec<Vec<Dom>>,
    /// For the clues read on a line whose cells differ (`lines::read_apart`): per layer, the
    /// values read so far with the clue's own state.
    pub paths: super::lines::Paths,
    /// For a sandwich's filter: the matching filter over its row.
    pub matching: super::lines::RowMatching,
    /// For `lines::Line::filter`: the line's domains; what its cheap filter kept, which an
    /// exact one narrows (`exact_after`); what one pass of an exact filter keeps.
    pub line: Vec<Dom>,
    pub narrowed: Vec<Dom>,
    pub kept: Vec<Dom>,
    /// For counting circles' exact filter.
    pub circles: super::lines::Circles,
    /// For `small_groups`: each group's sums, and the sums of the groups before and after it.
    groups: Vec<GroupSums>,
    before: Vec<u128>,
    after: Vec<u128>,
    /// For `reachable`: each term's least contribution.
    mins: Vec<i64>,
    /// Sets of values put aside per piece of a line (`stash_sets`), with their width in words.
    stash: Vec<(Vec<Vec<u32>>, usize)>,
    /// What `distinct_sum` answered for a small cage, by its total and domains (`Memo`).
    memo: Memo,
    /// Per count of cells and total, the sets of values that some set of values with that
    /// total holds (`Parts`).
    parts: Parts,
}

/// For `distinct_sets` with a total: whether a set of values (bit i: value index i) lies in
/// some set of `n` values whose indices sum to `t`, one bit per set, per (n, t) asked, over the
/// values below a width (up to `PARTS_WIDTH`; rebuilt wider when a call needs it). A partial
/// set outside every such set can never be completed, whatever the other cells hold.
#[derive(Default)]
struct Parts {
    index: std::collections::HashMap<(usize, i64), usize>,
    tables: Vec<(usize, Vec<u64>)>,
}

/// Past this many values a table would take 2^width bits per total: the bounds of `completes`
/// instead.
const PARTS_WIDTH: usize = 12;

impl Parts {
    /// The table for `n` values of index sum `t` over `width` values (built on first use).
    fn table(&mut self, n: usize, t: i64, width: usize) -> &[u64] {
        let k = *self.index.entry((n, t)).or_insert_with(|| {
            self.tables.push((0, Vec::new()));
            self.tables.len() - 1
        });
        let (built, bits) = &mut self.tables[k];
        if *built < width {
            let size = 1usize << width;
            bits.clear();
            bits.resize(size.div_ceil(64), 0);
            for m in 0..size as u32 {
                if m.count_ones() as usize == n && bits_sum(m) == t {
                    set(bits, m as usize);
                }
            }
            // Every subset of a set marked: one value at a time (sum over subsets).
            for b in 0..width {
                for m in 0..size {
                    if m >> b & 1 == 1 && get(bits, m) {
                        set(bits, m ^ 1 << b);
                    }
                }
            }
            *built = width;
        }
        bits
    }
}

/// The sum of the indices of a set's bits.
fn bits_sum(m: u32) -> i64 {
    bits(m as u128).map(|i| i as i64).sum()
}

/// The answers of `distinct_sum` on up to `MEMO_CELLS` cells, each a pure function of the
/// value of bit 0, the total and the domains, whichever cage asked: a search asks the same
/// question again and again (tarek's killers: four cells of nine values from scratch, three
/// microseconds a call, most of their search). Keyed by the total and the domains packed 16
/// bits each; the answer packed the same way, `NONE` for no solution. Cleared when full, so it
/// never holds more than `MEMO_SIZE` answers.
#[derive(Default)]
struct Memo {
    lo: i64,
    answers: std::collections::HashMap<u128, u128, MemoHash>,
}

const MEMO_CELLS: usize = 6;
const MEMO_SIZE: usize = 1 << 16;

/// A multiply-and-fold hash of the packed key (the key is already well mixed bits; SipHash
/// cost more than the filter saved on the smallest cages).
#[derive(Default, Clone, Copy)]
pub(super) struct MemoHash;

impl std::hash::BuildHasher for MemoHash {
    type Hasher = MemoHasher;
    fn build_hasher(&self) -> MemoHasher {
        MemoHasher(0)
    }
}

pub(super) struct MemoHasher(u64);

impl std::hash::Hasher for MemoHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u128(&mut self, k: u128) {
        let m = (k as u64 ^ ((k >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = m ^ m >> 32;
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = (self.0 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Exact pruning of `Σ == 0` by partial sums: the sums reachable from the left after each term,
/// then, from the right, which sums can still reach the target. `None` when the range is too
/// wide for bitsets.
fn reachable(l: &Linear, lo: i64, out: &mut [Dom], s: &mut Scratch) -> Option<bool> {
    // Term j contributes k·v - min_j, between 0 and span_j.
    let mut mins = std::mem::take(&mut s.mins);
    mins.clear();
    let ok = reachable_from(l, lo, out, s, &mut mins);
    s.mins = mins;
    ok
}

/// `reachable`, with `mins` an empty buffer for each term's least contribution.
fn reachable_from(
    l: &Linear,
    lo: i64,
    out: &mut [Dom],
    s: &mut Scratch,
    mins: &mut Vec<i64>,
) -> Option<bool> {
    let n = l.terms.len();
    let mut range: i64 = 0;
    for (j, &(k, _)) in l.terms.iter().enumerate() {
        let vals = bits(out[j]).map(|i| k.saturating_mul(lo + i as i64));
        let (mn, mx) = vals.fold((i64::MAX, i64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        if mn > mx {
            return Some(false);
        }
        mins.push(mn);
        range = range.saturating_add(mx - mn);
    }
    if range >= MAX_RANGE {
        return None;
    }
    let target = mins
        .iter()
        .fold(l.constant, |a, &m| a.saturating_add(m))
        .saturating_neg();
    if target < 0 || target > range {
        return Some(false);
    }
    let (target, range) = (target as usize, range as usize);
    if range < 64 && out.iter().all(|&d| d >> 64 == 0) {
        return Some(reachable_in_a_word(l, lo, out, s, mins, target));
    }
    let w = range / 64 + 1;
    // Layer j (0..=n) holds the sums reachable with terms 0..j.
    s.words.clear();
    s.words.resize(w * (n + 1), 0);
    s.words[0] = 1;
    for j in 0..n {
        let k = l.terms[j].0;
        let (done, rest) = s.words.split_at_mut(w * (j + 1));
        let from = &done[w * j..];
        let to = &mut rest[..w];
        for i in bits(out[j]) {
            let c = (k.saturating_mul(lo + i as i64) - mins[j]) as usize;
            shift_left_or(to, from, c);
        }
    }
    if !get(&s.words[w * n..], target) {
        return Some(false);
    }
    // Backwards: `back` holds the sums after term j from which the target is reachable.
    s.back.clear();
    s.back.resize(w, 0);
    set(&mut s.back, target);
    for j in (0..n).rev() {
        let k = l.terms[j].0;
        let from = &s.words[w * j..w * (j + 1)];
        s.next.clear();
        s.next.resize(w, 0);
        let mut keep: Dom = 0;
        for i in bits(out[j]) {
            let c = (k.saturating_mul(lo + i as i64) - mins[j]) as usize;
            if intersects_shifted(from, &s.back, c) {
                keep |= 1u128 << i;
                shift_right_or(&mut s.next, &s.back, c);
            }
        }
        out[j] = keep;
        for (x, f) in s.next.iter_mut().zip(from) {
            *x &= f;
        }
        std::mem::swap(&mut s.back, &mut s.next);
    }
    Some(true)
}

/// `reachable` when every partial sum fits one word (a cage, an arrow, a short diagonal, the
/// leftovers' sums on a 9x9) and every value's index is below 64: the same layers as single
/// words, without the slices' loops.
fn reachable_in_a_word(
    l: &Linear,
    lo: i64,
    out: &mut [Dom],
    s: &mut Scratch,
    mins: &[i64],
    target: usize,
) -> bool {
    let n = l.terms.len();
    let shift = |j: usize, i: u32| (l.terms[j].0.saturating_mul(lo + i as i64) - mins[j]) as u32;
    s.words.clear();
    s.words.resize(n + 1, 0);
    s.words[0] = 1;
    for (j, &d) in out.iter().enumerate() {
        let from = s.words[j];
        s.words[j + 1] = bits(d as u64).fold(0, |to, i| to | from << shift(j, i));
    }
    if s.words[n] >> target & 1 == 0 {
        return false;
    }
    // Backwards: `back` holds the sums after term j from which the target is reachable.
    let mut back: u64 = 1 << target;
    for j in (0..n).rev() {
        let from = s.words[j];
        let (mut next, mut keep) = (0u64, 0 as Dom);
        for i in bits(out[j] as u64) {
            let before = back >> shift(j, i);
            if from & before != 0 {
                keep |= 1 << i;
                next |= before;
            }
        }
        out[j] = keep;
        back = next & from;
    }
    true
}

fn get(b: &[u64], i: usize) -> bool {
    b[i / 64] >> (i % 64) & 1 == 1
}

fn set(b: &mut [u64], i: usize) {
    b[i / 64] |= 1 << (i % 64);
}

/// `to |= from << c` (bits past the end dropped).
fn shift_left_or(to: &mut [u64], from: &[u64], c: usize) {
    let (q, r) = (c / 64, c % 64);
    for i in (q..to.len()).rev() {
        let mut x = from[i - q] << r;
        if r != 0 && i > q {
            x |= from[i - q - 1] >> (64 - r);
        }
        to[i] |= x;
    }
}

/// `to |= from >> c`.
fn shift_right_or(to: &mut [u64], from: &[u64], c: usize) {
    let (q, r) = (c / 64, c % 64);
    for i in 0..to.len().saturating_sub(q) {
        let mut x = from[i + q] >> r;
        if r != 0 && i + q + 1 < from.len() {
            x |= from[i + q + 1] << (64 - r);
        }
        to[i] |= x;
    }
}

/// Whether some `s` has `a[s]` and `b[s + c]`.
fn intersects_shifted(a: &[u64], b: &[u64], c: usize) -> bool {
    let (q, r) = (c / 64, c % 64);
    (0..a.len().saturating_sub(q)).any(|i| {
        let mut x = b[i + q] >> r;
        if r != 0 && i + q + 1 < b.len() {
            x |= b[i + q + 1] << (64 - r);
        }
        a[i] & x != 0
    })
}

/// A sum of groups of cells that pairwise differ within a group: each group's assignments of
/// distinct values give its possible sums (with the values each sum uses), and a group keeps
/// the assignments whose sum the other groups can complete to the total. False when it does not
/// apply to these domains (sums past 127 value steps, a group with too many assignments); the
/// caller then prunes without the groups. Otherwise `out` holds the kept values (a cell left
/// empty means there is no solution).
fn grouped(
    l: &Linear,
    groups: &[Vec<usize>],
    lo: i64,
    out: &mut [Dom],
    scratch: &mut Scratch,
) -> bool {
    let n = l.terms.len();
    let sign = l.terms[0].0;
    // In value steps from `lo`: Σ i == total - n·lo.
    let total = l.constant.saturating_neg().saturating_mul(sign);
    let Some(target) = total.checked_sub((n as i64).saturating_mul(lo)) else {
        return false;
    };
    let widest: u32 = out.iter().map(|d| 127 - d.leading_zeros().min(127)).sum();
    if widest >= 128 {
        return false;
    }
    if out.contains(&0) || !(0..128).contains(&target) {
        out.fill(0);
        return true;
    }
    let target = target as usize;
    if out.iter().all(|&d| d >> SMALL_VALUES == 0) && groups.iter().all(|g| g.len() <= 3) {
        small_groups(groups, target, out, scratch);
        return true;
    }
    // Per group, the sums its cells reach with different values (its last cell's values as
    // one shifted bitset: a 3-cell stretch of a diagonal is 72 steps, where listing its 504
    // assignments with their supports per sum made this filter a fifth of the Barbed Cross's
    // time).
    let mut sums: Vec<u128> = Vec::with_capacity(groups.len());
    for g in groups {
        let product = g
            .iter()
            .fold(1u64, |p, &j| p.saturating_mul(out[j].count_ones() as u64));
        if product > MAX_GROUP_PRODUCT {
            return false;
        }
        let mut set = 0u128;
        let mut chosen = [0u32; MAX_GROUP];
        assign(g, out, 0, 0, 0, &mut chosen, &mut |_, rest, sum| {
            set |= rest << sum
        });
        sums.push(set);
    }
    // Sums reachable by the groups before each group, and after it.
    let m = sums.len();
    let mut before = vec![1u128; m + 1];
    for g in 0..m {
        before[g + 1] = convolve(before[g], sums[g]);
    }
    let mut after = vec![1u128; m + 1];
    for g in (0..m).rev() {
        after[g] = convolve(after[g + 1], sums[g]);
    }
    // Then each group's values that reach a sum the others complete to the total.
    let doms = &mut scratch.part;
    doms.clear();
    doms.extend_from_slice(out);
    out.fill(0);
    for (g, group) in groups.iter().enumerate() {
        let others = convolve(before[g], after[g + 1]);
        // The sums s of this group with target - s reachable by the others.
        let mut viable = 0u128;
        for s in bits(sums[g]) {
            let s = s as usize;
            if s <= target && others >> (target - s) & 1 == 1 {
                viable |= 1 << s;
            }
        }
        let mut chosen = [0u32; MAX_GROUP];
        let last = group[group.len() - 1];
        assign(
            group,
            doms,
            0,
            0,
            0,
            &mut chosen,
            &mut |chosen, rest, sum| {
                let fits = rest & (viable >> sum);
                if fits != 0 {
                    out[last] |= fits;
                    for (k, &j) in group[..group.len() - 1].iter().enumerate() {
                        out[j] |= 1 << chosen[k];
                    }
                }
            },
        );
    }
    true
}

/// `grouped` when every value is below `SMALL_VALUES` and every group has at most three cells
/// (a little killer's diagonal on grids up to 16x16): one walk of each group's assignments
/// records, for each value of each of its cells, the sums the group's other cells complete it
/// to; the values are then kept by a few masks per value against the sums the other groups
/// leave, instead of a second walk (the Barbed Cross's two long diagonals, three groups each).
fn small_groups(groups: &[Vec<usize>], target: usize, out: &mut [Dom], scratch: &mut Scratch) {
    let m = groups.len();
    // Grown, never shrunk, and each entry written before it is read: a fresh table per call
    // cost as much as filling it.
    let tables = &mut scratch.groups;
    if tables.len() < m {
        tables.resize(m, GroupSums::default());
    }
    for (g, t) in groups.iter().zip(tables.iter_mut()) {
        t.fill(g, out);
    }
    // The sums reachable by the groups before each group, and by those after it.
    let (before, after) = (&mut scratch.before, &mut scratch.after);
    if before.len() < m + 1 {
        before.resize(m + 1, 1);
        after.resize(m + 1, 1);
    }
    before[0] = 1;
    after[m] = 1;
    for g in 1..m {
        before[g] = convolve(before[g - 1], tables[g - 1].sums as u128);
    }
    for g in (1..m).rev() {
        after[g] = convolve(after[g + 1], tables[g].sums as u128);
    }
    for (g, group) in groups.iter().enumerate() {
        let others = match (before[g], after[g + 1]) {
            (1, x) | (x, 1) => x,
            (x, y) => convolve(x, y),
        };
        // The group's sums s with target - s reachable by the others: bit s of `others`
        // reversed and shifted is bit target - s of `others`.
        let viable = tables[g].sums & (others.reverse_bits() >> (127 - target)) as u64;
        tables[g].keep(group, viable, out);
    }
}

/// One group of `small_groups` (at most three cells, values below 16): which sums of the
/// group each of its cells' values can be part of.
#[derive(Clone, Copy, Default)]
struct GroupSums {
    /// The sums the group reaches with different values.
    sums: u64,
    /// For each value of the first and the second of three cells: the sums the other two reach
    /// with values different from it and from each other.
    others: [[u32; 16]; 2],
    /// For each sum of the cells before the last (their values all different): the last cell's
    /// values that differ from them.
    last: [u32; 32],
    /// The sums of the cells before the last (some `last` may be empty).
    before_last: u32,
}

impl GroupSums {
    fn fill(&mut self, group: &[usize], doms: &[Dom]) {
        self.last = [0; 32];
        match *group {
            [x] => {
                self.last[0] = doms[x] as u32;
                self.before_last = (doms[x] != 0) as u32;
                self.sums = doms[x] as u64;
            }
            [x, y] => {
                let (dx, dy) = (doms[x] as u32, doms[y] as u32);
                let (mut sums, mut before_last) = (0u64, 0u32);
                for a in bits(dx) {
                    let rest = dy & !(1 << a);
                    self.last[a as usize] = rest;
                    before_last |= 1 << a;
                    sums |= (rest as u64) << a;
                }
                self.sums = sums;
                self.before_last = before_last;
            }
            [x, y, z] => {
                let (dx, dy, dz) = (doms[x] as u32, doms[y] as u32, doms[z] as u32);
                self.others[1] = [0; 16];
                let (mut sums, mut before_last) = (0u64, 0u32);
                for a in bits(dx) {
                    let mut with_a = 0u32;
                    for b in bits(dy & !(1 << a)) {
                        let rest = dz & !(1 << a | 1 << b);
                        with_a |= rest << b;
                        self.others[1][b as usize] |= rest << a;
                        self.last[(a + b) as usize] |= rest;
                        before_last |= 1 << (a + b);
                    }
                    self.others[0][a as usize] = with_a;
                    sums |= (with_a as u64) << a;
                }
                self.sums = sums;
                self.before_last = before_last;
            }
            _ => unreachable!("small_groups takes groups of one to three cells"),
        }
    }

    /// The values of the group's cells (in `out`) that take part in a sum in `viable`.
    fn keep(&self, group: &[usize], viable: u64, out: &mut [Dom]) {
        let (mut last, mut first) = (0u32, 0u32);
        for s in bits(self.before_last) {
            let fits = self.last[s as usize] & (viable >> s) as u32;
            if fits != 0 {
                last |= fits;
                first |= 1 << s;
            }
        }
        out[group[group.len() - 1]] = last as Dom;
        match *group {
            [x, _] => out[x] = first as Dom,
            [x, y, _] => {
                for (k, &j) in [x, y].iter().enumerate() {
                    out[j] = bits(out[j] as u32)
                        .filter(|&v| (self.others[k][v as usize] as u64) & (viable >> v) != 0)
                        .fold(0, |d, v| d | 1 << v);
                }
            }
            _ => {}
        }
    }
}

/// Every assignment of distinct values to the cells of `group` but its last (from position `k`
/// on, the values in `used` taken, `sum` so far), handed to `each` with the last cell's values
/// left (`rest`, bit i is value i) and the sum of the others: the last cell's values are
/// handled all at once, as a bitset shifted by that sum.
fn assign<F: FnMut(&[u32; MAX_GROUP], Dom, u32)>(
    group: &[usize],
    doms: &[Dom],
    k: usize,
    used: Dom,
    sum: u32,
    chosen: &mut [u32; MAX_GROUP],
    each: &mut F,
) {
    // Three cells (a diagonal's stretch through a box, the commonest group) as two plain
    // loops: the Barbed Cross 10% faster than through the recursion.
    if k == 0 && group.len() == 3 {
        let (d0, d1, d2) = (doms[group[0]], doms[group[1]], doms[group[2]]);
        for a in bits(d0) {
            chosen[0] = a;
            for b in bits(d1 & !(1u128 << a)) {
                chosen[1] = b;
                let rest = d2 & !(1u128 << a | 1u128 << b);
                if rest != 0 {
                    each(chosen, rest, a + b);
                }
            }
        }
        return;
    }
    if k + 1 == group.len() {
        let rest = doms[group[k]] & !used;
        if rest != 0 {
            each(chosen, rest, sum);
        }
        return;
    }
    for v in bits(doms[group[k]] & !used) {
        chosen[k] = v;
        assign(group, doms, k + 1, used | 1u128 << v, sum + v, chosen, each);
    }
}

/// The sums of one from `a` and one from `b` (below 128).
fn convolve(a: u128, b: u128) -> u128 {
    bits(b).fold(0, |acc, s| acc | a << s)
}

/// Exact pruning of a sum over cells that must all differ: the sets of values the first j
/// cells can take (as bitmasks of value indices), then, from the right, which of those sets
/// complete to a set with the right total. A value is kept where it extends a set that
/// completes. (A 9-cell cage has at most 126 sets in a layer.)
fn distinct_sum(l: &Linear, lo: i64, out: &mut [Dom], s: &mut Scratch) -> bool {
    let sign = l.terms[0].0;
    // Σ sign·v + constant == 0, so Σ v == -constant·sign.
    let total = l.constant.saturating_neg().saturating_mul(sign);
    // The cells already fixed take their values from the others and from the total; the open
    // cells alone are filtered (fewer sets to walk, and the same question more often, for
    // the memo, whatever the fixed cells were).
    let mut fixed: Dom = 0;
    let mut rest = total;
    for &d in out.iter() {
        if d & d.wrapping_sub(1) == 0 {
            if d == 0 || fixed & d != 0 {
                return false;
            }
            fixed |= d;
            rest -= lo + d.trailing_zeros() as i64;
        }
    }
    if fixed == 0 {
        return distinct_sum_open(lo, total, out, s);
    }
    let mut open = [0 as Dom; MAX_DISTINCT_VALUES];
    let mut k = 0;
    for &d in out.iter() {
        if d & d.wrapping_sub(1) != 0 {
            open[k] = d & !fixed;
            k += 1;
        }
    }
    if k == 0 {
        return rest == 0;
    }
    if !distinct_sum_open(lo, rest, &mut open[..k], s) {
        return false;
    }
    let mut k = 0;
    for d in out.iter_mut() {
        if *d & d.wrapping_sub(1) != 0 {
            *d = open[k];
            k += 1;
        }
    }
    true
}

/// `distinct_sum` on cells none of which is fixed, to `total`.
fn distinct_sum_open(lo: i64, total: i64, out: &mut [Dom], s: &mut Scratch) -> bool {
    // The key: the domains 16 bits each, the total above them (a total past 16 bits, or
    // another value of bit 0, asks afresh).
    let key = (out.len() <= MEMO_CELLS && (0..1 << 16).contains(&total)).then(|| {
        out.iter()
            .rev()
            .fold(total as u128, |k, &d| k << 16 | (d & 0xffff))
    });
    if let Some(key) = key {
        if s.memo.lo != lo {
            s.memo.answers.clear();
            s.memo.lo = lo;
        }
        if let Some(&a) = s.memo.answers.get(&key) {
            if a == NONE {
                return false;
            }
            for (j, d) in out.iter_mut().enumerate() {
                *d = a >> (16 * j) & 0xffff;
            }
            return true;
        }
    }
    let ok = distinct_sets(out, s, Some((lo, total))).is_some()
        && distinct_sum_again(lo, out, s, &mut |t| t == total);
    if let Some(key) = key {
        if s.memo.answers.len() >= MEMO_SIZE {
            s.memo.answers.clear();
        }
        let a = if ok {
            out.iter().rev().fold(0u128, |a, &d| a << 16 | d)
        } else {
            NONE
        };
        s.memo.answers.insert(key, a);
    }
    ok
}

/// A memo's answer for a cage with no solution (no packed answer has its top bits set).
const NONE: u128 = u128::MAX;

/// The totals cells that must all differ can reach (pushed to `totals`, possibly repeated);
/// false when they can't all differ. The values must fit `distinct_fits`.
pub fn distinct_totals(lo: i64, doms: &[Dom], s: &mut Scratch, totals: &mut Vec<i64>) -> bool {
    if distinct_sets(doms, s, None).is_none() {
        return false;
    }
    totals.extend(s.layers[doms.len()].iter().map(|&m| set_sum(lo, m)));
    true
}

/// The sum of a set of values (bit i: value `lo + i`, below `MAX_DISTINCT_VALUES`), a byte at a
/// time from a table of the bytes' index sums: summed bit by bit, this was a tenth of Raw
/// Spaghetti's search.
fn set_sum(lo: i64, m: u32) -> i64 {
    const BYTE: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            let mut i = 0;
            while i < 8 {
                if b >> i & 1 == 1 {
                    t[b] += i as u8;
                }
                i += 1;
            }
            b += 1;
        }
        t
    };
    debug_assert!(m >> 16 == 0, "at most 16 values");
    let (low, high) = ((m & 0xff) as usize, (m >> 8 & 0xff) as usize);
    let indices = BYTE[low] as i64 + BYTE[high] as i64 + 8 * high.count_ones() as i64;
    lo * m.count_ones() as i64 + indices
}

/// The forward half of the distinct-set filter (`distinct_sum_again` is the backward): in
/// `s.layers[j]`, the sets of different values (bitmasks of value indices) the first j cells
/// can take; the bitset width in words, or None when some layer is empty. With `reach` (the
/// value of bit 0 and one total), only the sets that some set of values with that total holds
/// (`Parts`; past `PARTS_WIDTH` values, those whose total the other cells' values can still
/// reach by bounds): the rest could never be kept, and a cage's total leaves few (a 6-cell
/// cage of 21 is {1..6} alone, where its layers held up to 126 sets each). Tarek's killers
/// spent four fifths of their search in this filter; these tables took a sixth off it.
fn distinct_sets(out: &[Dom], s: &mut Scratch, reach: Option<(i64, i64)>) -> Option<usize> {
    let n = out.len();
    let nvals = out.iter().fold(0u128, |a, &d| a | d);
    let width = 128 - nvals.leading_zeros() as usize;
    let words = ((1usize << width) / 64).max(1);
    // The sets some set of values with the total holds, when that fits a table. (A total no
    // n values below the width reach gets no table: the bounds refuse every set at once, and
    // a model's many odd totals cannot fill memory with tables.)
    let parts: Option<&[u64]> = match reach {
        Some((lo, total))
            if width <= PARTS_WIDTH
                && (0..=(n * width) as i64).contains(&(total - lo * n as i64)) =>
        {
            Some(s.parts.table(n, total - lo * n as i64, width))
        }
        _ => None,
    };
    // What the cells after the j-th can take, together (for the bounds, without a table).
    let mut after = [0u32; MAX_DISTINCT_VALUES + 1];
    if reach.is_some() && parts.is_none() {
        for j in (0..n).rev() {
            after[j] = after[j + 1] | out[j] as u32;
        }
    }
    // Grown, never shrunk: a layer keeps its room from one call to the next (pieces of
    // different lengths in turn re-created them: a tenth of Raw Spaghetti's time in realloc).
    if s.layers.len() < n + 1 {
        s.layers.resize_with(n + 1, Vec::new);
    }
    s.seen.clear();
    s.seen.resize(words, 0);
    s.layers[0].clear();
    s.layers[0].push(0);
    for j in 0..n {
        let (done, rest) = s.layers.split_at_mut(j + 1);
        let (from, to) = (&done[j], &mut rest[0]);
        to.clear();
        let d = out[j] as u32;
        let left = (n - j - 1) as u32;
        for &m in from.iter() {
            for i in bits(d & !m) {
                let next = m | 1 << i;
                let (w, b) = (next as usize / 64, next % 64);
                if s.seen[w] >> b & 1 == 0 {
                    if let Some(parts) = parts {
                        if !get(parts, next as usize) {
                            continue;
                        }
                    } else if let Some((lo, total)) = reach
                        && !completes(
                            next,
                            after[j + 1],
                            left,
                            total - set_sum(lo, next) - lo * left as i64,
                        )
                    {
                        continue;
                    }
                    s.seen[w] |= 1 << b;
                    to.push(next);
                }
            }
        }
        for &m in to.iter() {
            s.seen[m as usize / 64] &= !(1 << (m % 64));
        }
        if to.is_empty() {
            return None;
        }
    }
    Some(words)
}

/// Whether `left` different values of `avail` (bit i: index i), none of `taken`, can have
/// indices summing to `need`: between the sums of the `left` smallest and largest. (Not every
/// sum between is reachable; the backward half keeps only the sets that are.)
fn completes(taken: u32, avail: u32, left: u32, need: i64) -> bool {
    let a = avail & !taken;
    if a.count_ones() < left {
        return false;
    }
    let (mut low, mut high) = (a, a);
    let (mut min, mut max) = (0i64, 0i64);
    for _ in 0..left {
        min += low.trailing_zeros() as i64;
        low &= low - 1;
        let top = 31 - high.leading_zeros();
        max += top as i64;
        high &= !(1 << top);
    }
    min <= need && need <= max
}

/// Put the sets of the last `distinct_sets` (or `distinct_totals`) aside as number `k`, so that
/// `take_sets(k)` brings them back for `distinct_sum_again`: a region-sum line needs every
/// piece's sets twice, for the totals and then to prune, and computing them twice cost a
/// fifth of Raw Spaghetti's search.
pub fn stash_sets(s: &mut Scratch, k: usize) {
    if s.stash.len() <= k {
        s.stash.resize_with(k + 1, Default::default);
    }
    std::mem::swap(&mut s.layers, &mut s.stash[k].0);
    s.stash[k].1 = s.seen.len();
}

/// The sets put aside as number `k`, back where `distinct_sum_again` reads them.
pub fn take_sets(s: &mut Scratch, k: usize) {
    std::mem::swap(&mut s.layers, &mut s.stash[k].0);
    // (`seen` is all zeros between calls; only its width is read.)
    s.seen.resize(s.stash[k].1, 0);
}

/// Whether a sum over cells that must all differ can use the distinct-set filter: few enough
/// values.
pub fn distinct_fits(doms: &[Dom]) -> bool {
    let all = doms.iter().fold(0u128, |a, &d| a | d);
    doms.len() <= MAX_DISTINCT_VALUES && 128 - (all.leading_zeros() as usize) <= MAX_DISTINCT_VALUES
}

/// The backward half of the distinct-set filter, after `distinct_sets` (or `distinct_totals`)
/// of these same domains, whose layers `s` still holds: `keep(t)` says whether a total is
/// allowed (it may also record it: it is asked for each set of values the cells can take, so
/// for every total they can reach, some more than once). The values of `out` that take part
/// in an assignment of all-different values with an allowed total are kept; false when there
/// is none. The values must fit `distinct_fits`.
pub fn distinct_sum_again(
    lo: i64,
    out: &mut [Dom],
    s: &mut Scratch,
    keep: &mut dyn FnMut(i64) -> bool,
) -> bool {
    let n = out.len();
    let words = s.seen.len();
    // `back` marks the sets (after term j) that complete; starting with the full sets that sum
    // to the total.
    s.back.clear();
    s.back.resize(words, 0);
    s.next.clear();
    s.next.resize(words, 0);
    let mut any = false;
    for &m in &s.layers[n] {
        if keep(set_sum(lo, m)) {
            s.back[m as usize / 64] |= 1 << (m % 64);
            any = true;
        }
    }
    if !any {
        return false;
    }
    for j in (0..n).rev() {
        let d = out[j] as u32;
        let mut keep: u32 = 0;
        for &m in &s.layers[j] {
            let mut completes = false;
            for i in bits(d & !m) {
                let next = m | 1 << i;
                if s.back[next as usize / 64] >> (next % 64) & 1 == 1 {
                    keep |= 1 << i;
                    completes = true;
                }
            }
            if completes {
                s.next[m as usize / 64] |= 1 << (m % 64);
            }
        }
        for &m in &s.layers[j + 1] {
            s.back[m as usize / 64] &= !(1 << (m % 64));
        }
        out[j] = keep as Dom;
        std::mem::swap(&mut s.back, &mut s.next);
    }
    for &m in &s.layers[0] {
        s.back[m as usize / 64] &= !(1 << (m % 64));
    }
    true
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The tests' random numbers: xorshift from `seed`, the same every run (the supports'
    /// tests draw from it too).
    pub(in crate::search) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// What a search does to a sum's domains between two calls of its filter (the supports'
    /// and tables' tests): a random cell loses a random value, or is fixed to it.
    pub(in crate::search) fn take_away(rng: &mut impl FnMut() -> u64, doms: &mut [Dom]) {
        let j = rng() as usize % doms.len();
        let vals: Vec<u32> = bits(doms[j]).collect();
        let v = vals[rng() as usize % vals.len()];
        doms[j] = if rng().is_multiple_of(2) && vals.len() > 1 {
            doms[j] & !(1 << v)
        } else {
            1 << v
        };
    }

    fn filtered(l: &Linear, doms: &[Dom]) -> Option<Vec<Dom>> {
        let mut out = Vec::new();
        let ok = l.filter(1, doms, &mut out, &mut Scratch::default());
        ok.then_some(out)
    }

    /// Every assignment of the domains' values (bit `i` is value `1 + i`) to the cells, in
    /// order: the brute force the filters are held to.
    fn each_assignment(doms: &[Dom], f: &mut dyn FnMut(&[i64])) {
        fn walk(j: usize, doms: &[Dom], vals: &mut [i64], f: &mut dyn FnMut(&[i64])) {
            if j == doms.len() {
                return f(vals);
            }
            for i in bits(doms[j]) {
                vals[j] = 1 + i as i64;
                walk(j + 1, doms, vals, f);
            }
        }
        walk(0, doms, &mut vec![0; doms.len()], f);
    }

    #[test]
    fn a_sets_sum_is_the_sum_of_its_values() {
        for lo in [-3, 0, 1] {
            for m in 0..1u32 << MAX_DISTINCT_VALUES {
                let slow: i64 = bits(m as u128).map(|i| lo + i as i64).sum();
                assert_eq!(set_sum(lo, m), slow, "{lo} {m:b}");
            }
        }
    }

    /// A cage (cells that differ, one total) against brute force, with one `Scratch` for every
    /// question, each asked twice, so the memo's answers, the tables of completable sets (9
    /// values) and the bounds past them (16 values) are all held to it; a quarter of the cells
    /// fixed, as deep in a search. Cages of up to 7 cells (past the memo's 6).
    #[test]
    fn cages_are_exact_when_asked_again() {
        let mut next = xorshift(777);
        let mut scratch = Scratch::default();
        let mut asked = Vec::new();
        for case in 0..600 {
            let nvals = if case % 3 == 0 { 16 } else { 9 };
            let n = 2 + (next() % if nvals == 16 { 4 } else { 6 }) as usize;
            let doms: Vec<Dom> = (0..n)
                .map(|_| {
                    if next().is_multiple_of(4) {
                        1 << (next() % nvals)
                    } else {
                        (next() % ((1 << nvals) - 1) + 1) as Dom
                    }
                })
                .collect();
            // Totals around the middle of what n different values reach.
            let mid = (n * (nvals as usize + 1) / 2) as i64;
            let total = mid - 6 + (next() % 13) as i64;
            asked.push((doms, total));
            if case % 2 == 1 {
                // The question before again, as a search asks it again.
                let again = asked[asked.len() - 2].clone();
                asked.push(again);
            }
        }
        for (case, (doms, total)) in asked.iter().enumerate() {
            let n = doms.len();
            let l = Linear {
                terms: (0..n).map(|c| (1, c as u32)).collect(),
                constant: -total,
                op: Op::Eq,
                distinct: true,
                groups: Vec::new(),
                across: Vec::new(),
            };
            let mut want = vec![0 as Dom; n];
            let mut any = false;
            each_assignment(doms, &mut |v| {
                let differ = (0..n).all(|a| (a + 1..n).all(|b| v[a] != v[b]));
                if differ && v.iter().sum::<i64>() == *total {
                    any = true;
                    for (w, x) in want.iter_mut().zip(v) {
                        *w |= 1 << (x - 1);
                    }
                }
            });
            let mut out = Vec::new();
            let ok = l.filter(1, doms, &mut out, &mut scratch);
            assert_eq!(ok, any, "case {case}: {total} on {doms:?}");
            if ok {
                assert_eq!(out, want, "case {case}: {total} on {doms:?}");
            }
        }
    }

    /// Every value of every cell against brute force over the domains, for sums with and
    /// without `distinct`, several totals and domains.
    #[test]
    fn sums_keep_exactly_the_values_of_some_solution() {
        let mut next = xorshift(12345);
        for case in 0..400 {
            let n = 2 + (next() % 4) as usize;
            let coefs: Vec<i64> = (0..n)
                .map(|_| [1, 1, 1, -1, 2, 10][(next() % 6) as usize])
                .collect();
            let distinct = case % 2 == 0;
            let coefs: Vec<i64> = if distinct { vec![1; n] } else { coefs };
            let doms: Vec<Dom> = (0..n).map(|_| (next() % 511 + 1) as Dom).collect();
            let total = (next() % 30) as i64;
            let lhs = G::Sum(
                coefs
                    .iter()
                    .enumerate()
                    .map(|(c, &k)| G::Arith(BinOp::Mul, Box::new(G::Int(k)), Box::new(G::Val(c))))
                    .collect(),
            );
            let op = [BinOp::Eq, BinOp::Le, BinOp::Gt, BinOp::Ne][(next() % 4) as usize];
            let g = G::Cmp(op, Box::new(lhs), Box::new(G::Int(total)));
            let mut l = Linear::recognize(&g).unwrap();
            l.distinct = distinct && l.op == Op::Eq;
            let mut want = vec![0 as Dom; n];
            let mut any = false;
            each_assignment(&doms, &mut |v| {
                let s: i64 = v.iter().zip(&coefs).map(|(x, k)| x * k).sum();
                let holds = match op {
                    BinOp::Eq => s == total,
                    BinOp::Le => s <= total,
                    BinOp::Gt => s > total,
                    _ => s != total,
                };
                let differ = !(distinct && op == BinOp::Eq)
                    || (0..n).all(|a| (0..n).all(|b| a == b || v[a] != v[b]));
                if holds && differ {
                    any = true;
                    for (w, x) in want.iter_mut().zip(v) {
                        *w |= 1 << (x - 1);
                    }
                }
            });
            let got = filtered(&l, &doms);
            if !any {
                assert!(
                    got.is_none() || op == BinOp::Ne,
                    "case {case}: {g:?} on {doms:?} has no solution"
                );
                continue;
            }
            let got = got.unwrap_or_else(|| panic!("case {case}: {g:?} on {doms:?} refused"));
            // `!=` prunes only its last open cell; `<=` by bounds, which is exact too.
            if op != BinOp::Ne {
                assert_eq!(got, want, "case {case}: {g:?} on {doms:?}");
            } else {
                for (g, w) in got.iter().zip(&want) {
                    assert_eq!(
                        g & w,
                        *w,
                        "case {case}: {g:?} removed a value of a solution"
                    );
                }
            }
        }
    }

    /// The indices `0..n` in a random order, split into groups of one to four.
    fn random_split(n: usize, next: &mut dyn FnMut() -> u64) -> Vec<Vec<usize>> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut rest = &order[..];
        while !rest.is_empty() {
            let k = (1 + (next() % 4) as usize).min(rest.len());
            groups.push(rest[..k].to_vec());
            rest = &rest[k..];
        }
        groups
    }

    /// A sum over groups of cells that differ within each group (a little killer's diagonal
    /// through boxes): every value of every cell against brute force, with groups of one to
    /// four cells, values below 16 (the fast path) and up to 20 (the general one), and sums
    /// written with either sign. With a second split (`across`), each split alone is exact, so
    /// both keep every value of a solution of both, and no value either alone removes.
    #[test]
    fn grouped_sums_keep_exactly_the_values_of_some_solution() {
        let mut next = xorshift(987654321);
        let mut exact = [0usize; 2];
        for case in 0..4000 {
            let n = 1 + (next() % 8) as usize;
            let nvals = if case % 3 == 0 { 20 } else { 9 };
            let doms: Vec<Dom> = (0..n)
                .map(|_| match next() % 4 {
                    // A few values, as deep in a search.
                    0 | 1 => {
                        (1 << (next() % nvals)) | (1 << (next() % nvals)) | (1 << (next() % nvals))
                    }
                    _ => next() as Dom & ((1 << nvals) - 1),
                })
                .map(|d| if d == 0 { 1 } else { d })
                .collect();
            let groups = random_split(n, &mut next);
            let across = if case % 4 >= 2 {
                random_split(n, &mut next)
            } else {
                Vec::new()
            };
            let sign = if case % 5 == 4 { -1 } else { 1 };
            let total = (next() % (n as u64 * 9 + 2)) as i64;
            let sum = |groups: &[Vec<usize>], across: &[Vec<usize>]| {
                let mut l = Linear::sum_of(n, total, false);
                if sign == -1 {
                    l.terms.iter_mut().for_each(|t| t.0 = -1);
                    l.constant = total;
                }
                l.groups = groups.to_vec();
                l.across = across.to_vec();
                l
            };
            let l = sum(&groups, &across);
            let differ = |v: &[i64]| {
                groups
                    .iter()
                    .chain(&across)
                    .all(|g| g.iter().all(|&a| g.iter().all(|&b| a == b || v[a] != v[b])))
            };
            let mut want = vec![0 as Dom; n];
            each_assignment(&doms, &mut |v| {
                if v.iter().sum::<i64>() == total && differ(v) {
                    for (w, x) in want.iter_mut().zip(v) {
                        *w |= 1 << (x - 1);
                    }
                }
            });
            let any = want.iter().all(|&w| w != 0);
            let got = filtered(&l, &doms);
            let about = format!("case {case}: {groups:?} and {across:?} = {total} on {doms:?}");
            // The groups apply while each has few assignments; otherwise the sum is pruned
            // without them, which keeps every value of a solution and maybe more.
            let widest: u32 = doms.iter().map(|d| 127 - d.leading_zeros()).sum();
            let applies = widest < 128
                && groups.iter().chain(&across).all(|g| {
                    let product: u64 = g.iter().map(|&j| doms[j].count_ones() as u64).product();
                    product <= MAX_GROUP_PRODUCT
                });
            let applies = applies && across.is_empty();
            exact[applies as usize] += 1;
            match got {
                None => assert!(!any, "{about} refused"),
                Some(got) if applies => {
                    assert!(any, "{about} has no solution");
                    assert_eq!(got, want, "{about}");
                }
                Some(got) => {
                    for (g, w) in got.iter().zip(&want) {
                        assert_eq!(g & w, *w, "{about} removed a value of a solution");
                    }
                    for alone in [sum(&groups, &[]), sum(&across, &[])] {
                        let by_one = filtered(&alone, &doms).unwrap_or(vec![0; n]);
                        for (g, o) in got.iter().zip(&by_one) {
                            assert_eq!(g & o, *g, "{about} kept a value of {:?}", alone.groups);
                        }
                    }
                }
            }
        }
        // Most cases are exact ones.
        assert!(exact[1] > 1500, "{exact:?}");
    }

    /// A diagonal through three boxes whose cells also differ with those at the same place in
    /// the other boxes (the Barbed Cross's disjoint groups): split by boxes, then across them.
    #[test]
    fn a_diagonal_splits_by_boxes_and_across_them() {
        let mut l = Linear::sum_of(9, 45, false);
        l.group(&|a, b| a / 3 == b / 3 || a % 3 == b % 3);
        assert_eq!(l.groups, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]);
        assert_eq!(l.across, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]);
        // Without the disjoint groups, nothing differs across the boxes.
        let mut l = Linear::sum_of(9, 45, false);
        l.group(&|a, b| a / 3 == b / 3);
        assert_eq!(l.groups, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]);
        assert!(l.across.is_empty());
    }
}
