//! A sum over a few cells as the table of its solutions, filtered as a compact table (every
//! sum with an equality that has few enough solutions: cages, and the law of leftovers' sums,
//! whose cells differ in part or not at all, with the pairs that must differ): a killer
//! cage of five cells has at most 1,440 assignments of different digits with its total, so
//! each (cell, value) keeps the set of table rows that give the cell that value as a bitset of
//! a few dozen words. The rows still possible are those whose every value lies in its cell's
//! domain; a value stays when one of them gives it. That is generalised arc consistency, the
//! same values the residual supports (`supports`) and the filter over sets of values
//! (`linear::distinct_sum`) keep, for a few hundred word operations and no search: on
//! Mathemagic's hard killers (all cages of five cells) the supports' searches were a third of
//! the time. (Compact-Table, Demeulenaere et al., CP 2016, without its trail: the search keeps
//! each table's possible rows and the domains they are the rows within per node, copied to
//! each child like its counts of places, so a call takes out only the rows of the values lost
//! since; when values came back, as after another thread's work, it reads every cell again.)

use super::{Dom, bits};

/// A table cell's domain: at most `MAX_WIDTH` values, so one 32-bit word (the search's own
/// may be wider, and 128-bit operations cost two or more).
pub type Small = u32;

/// The most rows a table holds (32 words a set). A cage of six cells of nine digits can have
/// 5,760: past this the other filters are cheaper than the word operations.
pub const MAX_ROWS: usize = 2048;
const MAX_WORDS: usize = MAX_ROWS / 64;

/// Steps the enumeration of the rows may take before it gives up (partial assignments that
/// the pairwise differences end without a row).
const MAX_STEPS: usize = 1 << 16;

/// The steps all the tables of one model may take together, each step counted once per cell
/// of its sum (what it costs): about a tenth of a second. A file of 30,000 sums over every
/// cell (1 MiB of one clue) would otherwise walk 65,536 steps of 81 cells for each, minutes
/// before the search starts; the sums past it are pruned by the other filters.
pub const MODEL_STEPS: usize = 1 << 26;

/// The most values a cell of a table can take (bit indices of a domain).
pub const MAX_WIDTH: usize = 32;

#[derive(Debug, Clone)]
pub struct Table {
    cells: usize,
    width: usize,
    words: usize,
    /// Per (cell, value), the rows giving the cell that value: `words` words at
    /// `(cell · width + value) · words`.
    sets: Vec<u64>,
    /// The last word's bits that are rows.
    last: u64,
}

impl Table {
    /// The table of `Σ coefficient · (lo + value index) + constant = 0` over cells whose value
    /// indices lie in `doms`, where the cells `j` and `k` must differ when `differ(j, k)`;
    /// None when it would have more than `MAX_ROWS` rows (or none, or too wide a domain), or
    /// when listing them would take more of `budget` (steps times cells, `MODEL_STEPS` a
    /// model) than is left: what it takes is taken from it.
    pub fn new(
        coefficients: &[i64],
        constant: i64,
        lo: i64,
        doms: &[Dom],
        differ: &dyn Fn(usize, usize) -> bool,
        budget: &mut usize,
    ) -> Option<Table> {
        let n = coefficients.len();
        if n == 0 || doms.iter().any(|&d| d == 0 || d >> MAX_WIDTH != 0) {
            return None;
        }
        let width = doms
            .iter()
            .map(|&d| 128 - d.leading_zeros() as usize)
            .max()?;
        // Per cell, what each of its values adds to the sum.
        let values: Vec<Vec<i64>> = (0..n)
            .map(|j| {
                bits(doms[j])
                    .map(|i| coefficients[j].checked_mul(lo + i as i64))
                    .collect::<Option<_>>()
            })
            .collect::<Option<_>>()?;
        // What the cells from the j-th on can add, at least and at most.
        let mut low = vec![0i64; n + 1];
        let mut high = vec![0i64; n + 1];
        for j in (0..n).rev() {
            low[j] = low[j + 1].checked_add(*values[j].iter().min()?)?;
            high[j] = high[j + 1].checked_add(*values[j].iter().max()?)?;
        }
        let differs: Vec<Vec<bool>> = (0..n)
            .map(|j| (0..n).map(|k| j != k && differ(j, k)).collect())
            .collect();
        let need = constant.checked_neg()?;
        // Counted first, which costs a few hundred additions where the enumeration below
        // walks every row: a sum of five cells that need not differ (a law of leftovers' sum
        // of a killer) often has thousands of rows, and the enumeration would give up only
        // after 2,049 of them.
        match assignments(&values, need, budget) {
            Some(0) => return None,
            Some(k) if k > MAX_ROWS as u64 && differs.iter().flatten().all(|&d| !d) => {
                return None;
            }
            _ => {}
        }
        let indices: Vec<Vec<u8>> = doms
            .iter()
            .map(|&d| bits(d).map(|i| i as u8).collect())
            .collect();
        // The rows one after the other, `n` value indices each.
        let mut rows: Vec<u8> = Vec::new();
        let mut row = vec![0u8; n];
        // (The steps count up to the limit: those left of this table's share.)
        let share = MAX_STEPS.min(*budget / n);
        let mut steps = MAX_STEPS - share;
        let listed = enumerate(
            &Enumeration {
                indices: &indices,
                values: &values,
                low: &low,
                high: &high,
                differs: &differs,
            },
            0,
            need,
            &mut row,
            &mut rows,
            &mut steps,
        );
        *budget -= (steps.min(MAX_STEPS) - (MAX_STEPS - share)) * n;
        if !listed || rows.is_empty() {
            return None;
        }
        let count = rows.len() / n;
        let words = count.div_ceil(64);
        let mut sets = vec![0u64; n * width * words];
        for (r, row) in rows.chunks(n).enumerate() {
            for (j, &i) in row.iter().enumerate() {
                sets[(j * width + i as usize) * words + r / 64] |= 1 << (r % 64);
            }
        }
        let last = match count % 64 {
            0 => u64::MAX,
            k => (1 << k) - 1,
        };
        Some(Table {
            cells: n,
            width,
            words,
            sets,
            last,
        })
    }

    /// The rows giving cell `j` value `i`.
    fn set(&self, j: usize, i: u32) -> &[u64] {
        let at = (j * self.width + i as usize) * self.words;
        &self.sets[at..at + self.words]
    }

    /// Every value a cell of this table can take, as a set.
    fn all(&self) -> Small {
        Small::MAX >> (Small::BITS as usize - self.width)
    }

    /// A state to start from: every row possible, as for domains holding every value.
    pub fn start(&self, valid: &mut [u64], seen: &mut [Small], residues: &mut [u8]) {
        valid.fill(u64::MAX);
        valid[self.words - 1] = self.last;
        seen.fill(self.all());
        residues.fill(0);
    }

    /// Narrow `doms` (one per cell of the table) to the values some row within them gives;
    /// false when no row is left. `valid` holds the rows within `seen`, and is updated with
    /// it: when the domains lie within `seen` (the search went deeper) only the rows of the
    /// values lost since are taken out; else every cell's values are read again. `residues`
    /// holds, per (cell, value), the word where its last row was found, looked at first.
    pub fn filter(
        &self,
        doms: &mut [Small],
        valid: &mut [u64],
        seen: &mut [Small],
        residues: &mut [u8],
    ) -> bool {
        let all = self.all();
        if doms
            .iter()
            .zip(seen.iter())
            .any(|(&d, &s)| d & all & !s != 0)
        {
            self.start(valid, seen, residues);
        }
        for (j, (&d, s)) in doms.iter().zip(seen.iter_mut()).enumerate() {
            let d = d & all;
            let lost = *s & !d;
            if lost == 0 {
                continue;
            }
            *s = d;
            if lost.count_ones() > d.count_ones() {
                // Fewer values kept than lost: the rows of the kept ones.
                let mut union = [0u64; MAX_WORDS];
                let union = &mut union[..self.words];
                for i in bits(d) {
                    for (u, s) in union.iter_mut().zip(self.set(j, i)) {
                        *u |= s;
                    }
                }
                for (v, u) in valid.iter_mut().zip(union.iter()) {
                    *v &= u;
                }
            } else {
                // Every row gives the cell one value: the rows of the values it lost go.
                for i in bits(lost) {
                    for (v, s) in valid.iter_mut().zip(self.set(j, i)) {
                        *v &= !s;
                    }
                }
            }
        }
        // The words that still hold a row: deep in a search most are empty.
        let mut live = [0u8; MAX_WORDS];
        let mut nlive = 0;
        for (w, &v) in valid.iter().enumerate() {
            live[nlive] = w as u8;
            nlive += (v != 0) as usize;
        }
        if nlive == 0 {
            return false;
        }
        let live = &live[..nlive];
        let width = self.width;
        for (j, ((d, s), residues)) in doms
            .iter_mut()
            .zip(seen.iter_mut())
            .zip(residues.chunks_exact_mut(width))
            .enumerate()
        {
            let mut keep: Small = 0;
            let mut open = *d & all;
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let set = self.set(j, i);
                let r = &mut residues[i as usize];
                let w = *r as usize;
                if set[w] & valid[w] != 0 {
                    keep |= 1 << i;
                } else if let Some(&w) = live
                    .iter()
                    .find(|&&w| set[w as usize] & valid[w as usize] != 0)
                {
                    *r = w;
                    keep |= 1 << i;
                }
            }
            // (The values it drops have no row left: `valid` is still the rows within.)
            *d = keep;
            *s = keep;
        }
        true
    }
}

/// What a search keeps of every table: per table, its valid rows, the domains they are the
/// rows within, and its residues, side by side in three arrays (a node's children each start
/// from its `valid` and `seen`, copied like its counts of places).
#[derive(Clone, Default)]
pub struct States {
    pub valid: Vec<u64>,
    pub seen: Vec<Small>,
    residues: Vec<u8>,
    /// Per condition, where its table's state starts in the three arrays.
    at: Vec<(u32, u32, u32)>,
}

impl States {
    pub fn new(tables: &[Option<Table>]) -> States {
        let mut s = States::default();
        for t in tables {
            s.at.push((
                s.valid.len() as u32,
                s.seen.len() as u32,
                s.residues.len() as u32,
            ));
            if let Some(t) = t {
                let (v, c, r) = (s.valid.len(), s.seen.len(), s.residues.len());
                s.valid.resize(v + t.words, 0);
                s.seen.resize(c + t.cells, 0);
                s.residues.resize(r + t.cells * t.width, 0);
                t.start(&mut s.valid[v..], &mut s.seen[c..], &mut s.residues[r..]);
                // Rows within no domains: the first filter reads every cell (and `settled`
                // is false until it has run), though its rows are the rows of every value.
                s.seen[c..].fill(0);
            }
        }
        s
    }

    /// Whether condition `k`'s table last left its cells as `doms` are (then a filter would
    /// keep them all: every value it kept had a row within them).
    pub fn settled(&self, k: usize, t: &Table, doms: &[Small]) -> bool {
        let c = self.at[k].1 as usize;
        let all = t.all();
        doms.iter()
            .zip(&self.seen[c..c + t.cells])
            .all(|(&d, &s)| d & all == s)
    }

    /// `Table::filter` of condition `k`'s table with its state.
    pub fn filter(&mut self, k: usize, t: &Table, doms: &mut [Small]) -> bool {
        let (v, c, r) = self.at[k];
        let (v, c, r) = (v as usize, c as usize, r as usize);
        t.filter(
            doms,
            &mut self.valid[v..v + t.words],
            &mut self.seen[c..c + t.cells],
            &mut self.residues[r..r + t.cells * t.width],
        )
    }
}

/// How many ways one value of each cell (`values[j]`, the cell's possible contributions) add
/// up to `need`, differences ignored, saturating: at least the rows of the table, exactly them
/// when no two cells must differ. None when the partial sums span too wide a range to count
/// one by one, or the count would take more of `budget` (additions) than is left; what it
/// takes is taken from it.
fn assignments(values: &[Vec<i64>], need: i64, budget: &mut usize) -> Option<u64> {
    const MAX_SPAN: i64 = 1 << 14;
    // Per partial sum of the cells so far (from `low`, their least), the ways to reach it.
    let mut ways = vec![1u64];
    let mut low = 0i64;
    for vals in values {
        let min = *vals.iter().min()?;
        let max = *vals.iter().max()?;
        let span = (ways.len() as i64).checked_add(max.checked_sub(min)?)?;
        let cost = ways.len() * vals.len();
        if span > MAX_SPAN || cost > *budget {
            return None;
        }
        *budget -= cost;
        let mut next = vec![0u64; span as usize];
        for (s, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for &v in vals {
                let at = s + (v - min) as usize;
                next[at] = next[at].saturating_add(w);
            }
        }
        ways = next;
        low = low.checked_add(min)?;
    }
    let at = need.checked_sub(low)?;
    Some(if (0..ways.len() as i64).contains(&at) {
        ways[at as usize]
    } else {
        0
    })
}

struct Enumeration<'a> {
    /// Per cell, its value indices and what each adds to the sum.
    indices: &'a [Vec<u8>],
    values: &'a [Vec<i64>],
    low: &'a [i64],
    high: &'a [i64],
    differs: &'a [Vec<bool>],
}

/// The rows from cell `j` on that add `need`, appended to `rows`; false when there are more
/// than `MAX_ROWS` or the steps ran out.
fn enumerate(
    e: &Enumeration,
    j: usize,
    need: i64,
    row: &mut [u8],
    rows: &mut Vec<u8>,
    steps: &mut usize,
) -> bool {
    let n = row.len();
    if j == n {
        if need == 0 {
            rows.extend_from_slice(row);
        }
        return rows.len() <= MAX_ROWS * n;
    }
    *steps += 1;
    if *steps > MAX_STEPS {
        return false;
    }
    // The values of the earlier cells this one must differ from.
    let taken = (0..j)
        .filter(|&k| e.differs[j][k])
        .fold(0u64, |t, k| t | 1 << row[k]);
    for (&i, &v) in e.indices[j].iter().zip(&e.values[j]) {
        if taken >> i & 1 != 0 {
            continue;
        }
        // (Every value was checked to fit when the table was asked for; a total far out of
        // reach may not.)
        let Some(rest) = need.checked_sub(v) else {
            continue;
        };
        if rest < e.low[j + 1] || rest > e.high[j + 1] {
            continue;
        }
        row[j] = i;
        if !enumerate(e, j + 1, rest, row, rows, steps) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::linear::tests::{take_away, xorshift};

    /// A sum's coefficients, constant, value of index 0, domains and pairs that differ.
    type Sum<'a> = (
        &'a [i64],
        i64,
        i64,
        &'a [Dom],
        &'a dyn Fn(usize, usize) -> bool,
    );

    /// The values of each cell some assignment uses, by enumeration: values within the
    /// domains, different where `differ` says, summing with the coefficients to `-constant`.
    fn brute(
        coefficients: &[i64],
        constant: i64,
        lo: i64,
        doms: &[Dom],
        differ: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<Dom> {
        let n = doms.len();
        let mut out = vec![0; n];
        let mut row = vec![0u32; n];
        fn walk(j: usize, row: &mut Vec<u32>, out: &mut [Dom], c: Sum) {
            let (coefficients, constant, lo, doms, differ) = c;
            if j == doms.len() {
                let total: i64 = row
                    .iter()
                    .zip(coefficients)
                    .map(|(&i, &k)| k * (lo + i as i64))
                    .sum();
                if total + constant == 0 {
                    for (k, &i) in row.iter().enumerate() {
                        out[k] |= 1 << i;
                    }
                }
                return;
            }
            for i in bits(doms[j]) {
                if (0..j).any(|k| differ(j, k) && row[k] == i) {
                    continue;
                }
                row[j] = i;
                walk(j + 1, row, out, c);
            }
        }
        walk(
            0,
            &mut row,
            &mut out,
            (coefficients, constant, lo, doms, differ),
        );
        out
    }

    /// As the domains shrink (a search's order), the table keeps exactly the values some
    /// assignment within them uses, and says so when there is none; on cages (all differ),
    /// sums whose cells differ in part, and sums with other coefficients.
    #[test]
    fn filters_exactly_as_domains_shrink() {
        let mut rng = xorshift(0x7ab1e);
        let (mut built, mut narrowed, mut emptied) = (0, 0, 0);
        for case in 0..600 {
            let n = 2 + rng() as usize % 5;
            let width = if rng().is_multiple_of(4) { 16 } else { 9 };
            let lo = if rng().is_multiple_of(3) { 0 } else { 1 };
            let coefficients: Vec<i64> = (0..n)
                .map(|_| match case % 3 {
                    0 | 1 => 1,
                    _ => [1, 1, -1, 2, 10][rng() as usize % 5],
                })
                .collect();
            // All differ, some pairs, or none.
            let pattern = rng();
            let differ = move |j: usize, k: usize| match case % 3 {
                0 => true,
                _ => pattern >> ((j.min(k) * 7 + j.max(k)) % 64) & 1 == 1,
            };
            let full: Dom = (1 << width) - 1;
            let start: Vec<Dom> = (0..n).map(|_| full).collect();
            // A total some assignment reaches: the sum of a random row.
            let total: i64 = coefficients
                .iter()
                .map(|&k| k * (lo + (rng() % width as u64) as i64))
                .sum();
            let Some(t) = Table::new(
                &coefficients,
                -total,
                lo,
                &start,
                &differ,
                &mut MODEL_STEPS.clone(),
            ) else {
                continue;
            };
            built += 1;
            let mut doms = start.clone();
            let mut valid = vec![0; t.words];
            let mut seen = vec![0; n];
            let mut residues = vec![0; n * width];
            t.start(&mut valid, &mut seen, &mut residues);
            // What the domains were before the last step, to go back to now and then (a
            // search's backtracking: values come back).
            let mut before = doms.clone();
            for step in 0..8 {
                if step % 3 == 2 {
                    doms = before.clone();
                }
                before = doms.clone();
                let want = brute(&coefficients, -total, lo, &doms, &differ);
                let mut small: Vec<Small> = doms.iter().map(|&d| d as Small).collect();
                let ok = t.filter(&mut small, &mut valid, &mut seen, &mut residues);
                let got: Vec<Dom> = small.into_iter().map(Dom::from).collect();
                if want.contains(&0) {
                    assert!(!ok || got.contains(&0), "kept {got:?} with no row");
                    emptied += 1;
                    break;
                }
                assert!(ok);
                assert_eq!(got, want, "{coefficients:?} = {total}, domains {doms:?}");
                if got != doms {
                    narrowed += 1;
                }
                doms = got;
                // The search takes some values away (from two cells: one alone seldom
                // leaves no row).
                take_away(&mut rng, &mut doms);
                take_away(&mut rng, &mut doms);
            }
        }
        assert!(
            built > 400 && narrowed > 400 && emptied > 50,
            "built {built}, narrowed {narrowed}, emptied {emptied}"
        );
    }

    /// Too many rows: no table (a cage of six cells of nine digits with a middling total).
    #[test]
    fn large_tables_are_refused() {
        // `n` cells of nine digits summing to `total`, all different or none, with `budget`.
        let sum = |n: usize, total: i64, differ: bool, mut budget: usize| {
            let full: Dom = 0x1ff;
            Table::new(
                &vec![1; n],
                -total,
                1,
                &vec![full; n],
                &|_, _| differ,
                &mut budget,
            )
        };
        assert!(sum(6, 30, true, MODEL_STEPS).is_none());
        assert!(sum(5, 25, true, MODEL_STEPS).is_some());
        // Cells that need not differ: four with total 20 have 489 rows; five with total 25
        // 3,951 (refused by their count, before any is listed).
        assert!(sum(4, 20, false, MODEL_STEPS).is_some());
        assert!(sum(5, 25, false, MODEL_STEPS).is_none());
        // The model's budget spent: no more tables.
        assert!(sum(4, 20, false, 0).is_none());
        assert!(sum(5, 25, true, 4 * 5).is_none());
        assert_eq!(
            assignments(&vec![(1..=9).collect(); 5], 25, &mut MODEL_STEPS.clone()),
            Some(3951)
        );
    }

    /// The count of assignments is the number of rows brute force finds, differences ignored.
    #[test]
    fn assignments_are_counted_as_enumerated() {
        let mut rng = xorshift(0xc0de);
        for _ in 0..300 {
            let n = 1 + rng() as usize % 5;
            let values: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    let k = rng() as i64 % 3 - 1;
                    let mut v: Vec<i64> = (1..=9)
                        .filter(|_| !rng().is_multiple_of(3))
                        .map(|i| i * if k == 0 { 1 } else { k })
                        .collect();
                    if v.is_empty() {
                        v.push(5);
                    }
                    v
                })
                .collect();
            let need = rng() as i64 % 40 - 10;
            let mut brute = 0u64;
            let mut walk = vec![0usize; n];
            'all: loop {
                if walk.iter().zip(&values).map(|(&i, v)| v[i]).sum::<i64>() == need {
                    brute += 1;
                }
                for j in 0..n {
                    walk[j] += 1;
                    if walk[j] < values[j].len() {
                        continue 'all;
                    }
                    walk[j] = 0;
                }
                break;
            }
            assert_eq!(
                assignments(&values, need, &mut MODEL_STEPS.clone()),
                Some(brute),
                "{values:?} {need}"
            );
        }
    }
}
