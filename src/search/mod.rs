//! The builtin solver: an exact depth-first search over the analyzed puzzle, for machines with
//! no MIP solver and for the many small questions of uniqueness proofs, explanations and the
//! generator, where starting a solver process costs more than answering.
//!
//! Domains are bitsets (32, 64 or 128 bits wide: `word`). `distinct` areas propagate by
//! elimination and hidden singles; ground conditions on two cells become support tables;
//! every other ground condition is checked by bounds reasoning on the cells' domains and, once
//! few value combinations remain, pruned to the values that take part in a combination that
//! satisfies it. Any rule the language accepts is therefore solved, and the grids found are
//! checked by `check` like a MIP solver's.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::ground::{self, G};
use crate::puzzle::{BinOp, Cell, Puzzle, RuleKind};

mod alldiff;
mod count;
mod houses;
mod leftovers;
mod linear;
mod lines;
mod parallel;
mod supports;
mod table;
mod word;

use count::Count;
use linear::Linear;
use lines::Line;
use word::{Width, Word};

/// `model.method::<D>(args)` with the word the model searches with (`Model::width`).
macro_rules! with_width {
    ($m:expr, $method:ident($($arg:expr),*)) => {
        match $m.width {
            Width::W32 => $m.$method::<u32>($($arg),*),
            Width::W64 => $m.$method::<u64>($($arg),*),
            Width::W128 => $m.$method::<Dom>($($arg),*),
        }
    };
}

/// A cell's remaining values: bit `i` is the value `lo + i`.
type Dom = u128;

/// The largest value set the bitsets hold.
pub const MAX_VALUES: usize = 128;

/// A condition on more than two cells is pruned by enumerating its open cells' combinations
/// when there are at most this many; above, by bounds, value by value, once at most
/// `SHAVE_LIMIT` cells are open (before that it rarely prunes and costs the most). Both were
/// chosen by measuring the seed and variant examples (`bench/builtin.py`): the fancy seed
/// takes 0.4 s with 512 and 12, 0.02 s with these.
const ENUMERATION_LIMIT: u64 = 64;

/// The search's stack: a new segment of `STACK_SEGMENT` bytes once less than
/// `STACK_RED_ZONE` is left (`Search::branch`).
const STACK_RED_ZONE: usize = 128 * 1024;
const STACK_SEGMENT: usize = 4 * 1024 * 1024;
const SHAVE_LIMIT: usize = 4;

/// A law of leftovers' sum without a table (its cells need not differ, and it has thousands
/// of assignments) is pruned only once at most this many of its cells are open: before, its
/// filter keeps every value 95 times in 100 (Mathemagic-01: 1.12 of 1.18 million calls that
/// its memo did not answer), and costs a fifth of the search. At -p 1, Mathemagic's 14 hard
/// killers 47.2 -> 40.8 s (1,159,952 -> 1,137,492 nodes; at most 3 open: 42.8 s, 1,223,906
/// nodes; at most 5: 45.9 s); 45 killers 39,019 -> 41,393 nodes, the same time.
const DERIVED_OPEN: usize = 4;

/// The most answers `Search::memos` hold together (about 2.5 MB; but at least 16 a sum), and
/// each at most. 4,096 a sum answered more (Wecoc #2: 1,667M instructions under callgrind
/// against 1,789M) but took no less time: its maps outgrow the caches (five killers, best of
/// five, 256 took 0.86 to 1.03 of 4,096's time, geometric mean 0.96).
const MEMO_ANSWERS: usize = 1 << 16;
const MEMO_SIZE: usize = 1 << 8;

/// The weights of dom/wdeg are halved every this many failures, so that the search follows
/// where the puzzle is hard now rather than where it was (as constraint solvers age their
/// weights, and ISS its conflict scores). Mathemagic's 14 hard killers on one thread, nodes
/// summed: never 1,738,804; every 100 failures 1,939,174; 300: 1,723,265; 700: 1,634,881;
/// 1,000: 1,446,412; 1,500: 1,695,380; 2,500: 1,541,478; 10,000: 1,597,339. The 45 killers:
/// 53,488 never, 52,804 at 1,000.
const HALVE_WEIGHTS: u64 = 1000;

/// The cells of the conditions pruned between two readings of the clock (`prune_general`).
const CLOCK_CELLS: usize = 256;

/// Added to every cell's weight where dom/wdeg weighs cells against each other: as if each
/// had failed that many times more, so that the first few failures do not turn the order
/// over at once. Nodes summed at -p 1 (`sdkc run FILE --unique --solver builtin -s -p 1`),
/// against none: Mathemagic's 14 hard killers 766,098 -> 695,775 (26.1 -> 22.8 s), and
/// mathemagic-01, -05 and -12, the three the Interactive Sudoku Solver was faster on, 66,124
/// -> 27,468, 66,145 -> 23,781 and 73,955 -> 16,294; the 45 killers 35,536 -> 34,900; the
/// library 8,952 -> 8,788; the variants 19,268 -> 19,719; the giants 11,820 -> 12,594;
/// `examples/twenty-five.sdk` 15,040 -> 13,523. With 4: the hard 14 682,013, but the
/// variants 24,825 and the giants 14,971; with 2: the hard 14 787,407. Starting every
/// weight at 5 instead (the prior halved away with the failures): 695,300, the giants 16,628.
const WEIGHT_PRIOR: u64 = 8;

/// Nodes of the first search for a random grid before it restarts (`Model::restarting`).
const FIRST_BUDGET: u64 = 1000;

/// Grids with this many values prune their full areas by matching too (`alldiff`). A 25x25
/// puzzle with 43% of its cells given (where the generator's questions end up,
/// `examples/twenty-five.sdk`) takes 340,000 nodes and 5.5 s to prove unique without it, and
/// 23,000 and 1.3 s with it. On 9x9 and 16x16 its
/// cost outweighs what it prunes (hard 9x9s 40% slower, 16x16 generation 15%); on nearly empty
/// grids past 36 values it is run on hundreds of areas a node for little (an empty 49x49:
/// 0.11 s without, 0.57 s with; 64x64: 0.30 s, 1.95 s; 100x100: 3 s, 14 s).
const MATCHING_VALUES: std::ops::RangeInclusive<usize> = 20..=36;

/// Grids with at least this many values (and the matching filter) also match each value's
/// rows to its columns (`Search::fish`). On 36x36 questions at 53% givens that the generator
/// could not answer in time, it halves the proofs (three of them: 564,215 → 274,505 nodes,
/// 496,599 → 183,959 and 1,489,475 → 722,938; 215 s → 118 s for the last); on 25x25 it
/// prunes in 0.5% of its calls and costs time (`examples/twenty-five.sdk` proved unique in
/// 2.5 s against 1.95 s; the generator's seed 1 68 s against 57 s, the same puzzles).
const FISH_VALUES: usize = 30;

/// A puzzle's rules compiled for search, independent of its givens (so one model answers the
/// many questions the generator and the explanation ask about different givens).
pub struct Model {
    lo: i64,
    nvals: usize,
    /// Values the one-cell conditions leave each cell.
    unary: Vec<Dom>,
    /// Cells that share a `distinct` area with each cell.
    peers: Vec<Vec<u32>>,
    /// The `distinct` areas.
    units: Vec<Vec<u32>>,
    /// The `distinct` areas each cell is in.
    cell_units: Vec<Vec<u32>>,
    /// The areas with as many cells as values (every value has a place in them): the search
    /// counts each value's places there, so a hidden single is found where a value is removed.
    full_units: Vec<u32>,
    /// Per cell, (full area's position in `full_units`) for the full areas it is in.
    cell_full_units: Vec<Vec<u32>>,
    /// Per cell, its position in each of those areas (bit of `Search::at`).
    cell_full_pos: Vec<Vec<u8>>,
    /// The search keeps each value's places in each full area as a bitmask (`Search::at`):
    /// on grids of 16 values and more. On a 9x9 the masks' upkeep on every narrowing costs
    /// more than scanning nine cells saves (the Barbed Cross: 1,345M instructions without
    /// them, 1,814M with them; `examples/twenty-five.sdk`: 11.97G with them, 15.91G without).
    masks: bool,
    /// Per full area, the full areas it shares two or more cells with (a box and a row), as
    /// (the shared cells' count, its cells outside the other, the other's cells outside it):
    /// a value whose places in the first all lie in the shared cells leaves the rest of the
    /// second (pointing and claiming).
    crossings: Vec<Vec<Crossing>>,
    /// The most cells two full areas share.
    widest_crossing: usize,
    binaries: Vec<Binary>,
    cell_binaries: Vec<Vec<u32>>,
    generals: Vec<General>,
    cell_generals: Vec<Vec<u32>>,
    /// Per general, the table of its solutions when it is a sum with few enough (`table`).
    tables: Vec<Option<table::Table>>,
    /// The generals from this one on are the law of leftovers' sums, pruned after the rules'
    /// own (`Search::lqueue`).
    derived_from: u32,
    /// Some condition holds for no values at all.
    never: bool,
    /// Full areas are pruned by matching too (`alldiff`).
    matching: bool,
    /// When every row and every column is a full area (and the matching filter runs): per
    /// row, its position in `full_units`. Each value then has one place per row and one per
    /// column, a matching between rows and columns, pruned like an area's (`Search::fish`).
    rows: Vec<u32>,
    /// The bitboard search, when the rules are only full areas on a small grid (`houses`).
    houses: Option<houses::Houses>,
    /// The word the search's bitsets use (`word`).
    width: Width,
}

/// A condition on two cells as support tables: for each value of `a`, the values of `b` it
/// allows, and the other way round.
struct Binary {
    a: u32,
    b: u32,
    ab: Vec<Dom>,
    ba: Vec<Dom>,
}

/// Two full areas that share cells (a box and a row), seen from the first.
#[derive(Clone)]
struct Crossing {
    shared: usize,
    /// The positions (in the first's cells) of the cells it shares with the second: a value
    /// whose places all lie there is pointing (one mask test where scanning the first's other
    /// cells made a 25x25 generator spend a third of its time here).
    shared_at: u128,
    /// The second's cells outside the first.
    theirs_only: Vec<u32>,
}

/// How a sum is filtered: over sets of distinct values when its cells must all differ,
/// otherwise over groups of cells that differ.
fn prepare_sum(l: &mut Linear, nvals: usize, peers: &dyn Fn(u32, u32) -> bool) {
    let cells: Vec<u32> = l.terms.iter().map(|t| t.1).collect();
    l.distinct = l.could_be_distinct(nvals)
        && cells
            .iter()
            .enumerate()
            .all(|(i, &a)| cells[i + 1..].iter().all(|&b| peers(a, b)));
    if !l.distinct {
        l.group(peers);
    } else if l.terms.len() <= 3 {
        // Two or three cells that differ: one group, whose assignments are fewer than the
        // sets of values the distinct filter walks (the Barbed Cross's short diagonals: 9%
        // faster).
        l.distinct = false;
        l.groups = vec![(0..l.terms.len()).collect()];
    }
}

/// What a node's children each start from, besides its domains: its counts of places and its
/// tables' states.
#[derive(Default)]
struct Saved {
    places: Vec<u8>,
    valid: Vec<u64>,
    seen: Vec<table::Small>,
}

impl Saved {
    fn save(&mut self, places: &[u8], tables: &table::States) {
        self.places.clear();
        self.places.extend_from_slice(places);
        self.valid.clear();
        self.valid.extend_from_slice(&tables.valid);
        self.seen.clear();
        self.seen.extend_from_slice(&tables.seen);
    }

    fn restore(&self, places: &mut [u8], tables: &mut table::States) {
        places.copy_from_slice(&self.places);
        tables.valid.copy_from_slice(&self.valid);
        tables.seen.copy_from_slice(&self.seen);
    }
}

/// A ground condition on three or more cells.
struct General {
    g: G,
    scope: Vec<u32>,
    kind: Kind,
}

/// How a condition on many cells is pruned.
enum Kind {
    /// By its algebra: enumeration of few combinations, else bounds.
    Expr,
    /// A linear comparison, exactly (`linear`).
    Linear(Linear),
    /// A library line or outside clue, the whole call as one (`lines`).
    Line(Line),
    /// How many cells of a set hold one digit, exactly (`count`).
    Count(Count),
}

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Stop after this many solutions (1 to solve, 2 to prove uniqueness; 0: all of them).
    pub limit: usize,
    /// Try values in an order shuffled by this seed instead of ascending (the generator).
    pub seed: Option<u64>,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Values a cell may not take, on top of the rules (the generator asks "is there a
    /// solution with another value here?").
    pub exclude: Vec<(Cell, i64)>,
    /// A known grid whose value each cell tries first (the generator, looking for a second
    /// solution, which mostly agrees with the first).
    pub prefer: Option<Vec<i64>>,
    /// Where earlier searches on the same rules failed, to start from and to add to (the
    /// generator's questions about one puzzle).
    pub learned: Option<Learned>,
    /// With `limit` 1 and a `prefer` grid: race a second search, which tries values in its
    /// own order, on another thread, and take the answer of the first to finish (`race`).
    pub race: bool,
    /// Threads for a proof or a count (`limit` 2 or more; 0 and 1: one). The answer is the
    /// same as on one thread; only the nodes differ (`parallel`).
    pub threads: usize,
    /// The caller wants the set of grids, not the order the search meets them in (true
    /// candidates' first question): when the threads find them all, fewer than `limit`, they
    /// stand, sorted, where otherwise the one-thread search would be asked again for its
    /// order. The caller sorts a one-thread answer of fewer than `limit` grids the same way.
    pub any_order: bool,
}

/// What searches on one set of rules learned about where the puzzle is hard: per cell, the
/// weight its failures gave it (dom/wdeg), handed from one search to the next. The
/// generator's questions about one puzzle differ by a clue or two, and their hard cells are
/// the same: on three 25x25s, starting each question from the last one's weights, halved,
/// took 21% fewer nodes (1.75 million → 1.39 million). Only the order of the search changes:
/// the grids found are the same set. The bitboard search (`houses`) keeps no weights.
#[derive(Debug, Clone, Default)]
pub struct Learned(std::sync::Arc<std::sync::Mutex<Vec<u32>>>);

impl Learned {
    pub fn new() -> Learned {
        Learned::default()
    }

    /// The weights of the last search with these rules (empty before one).
    pub fn weights(&self) -> Vec<u32> {
        self.lock().clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<u32>> {
        // A search that panicked mid-way left weights that are still weights.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Complete grids, in the order found (`solve`; empty from `solve_each`).
    pub solutions: Vec<Vec<i64>>,
    /// How many grids were found.
    pub found: usize,
    /// The deadline stopped the search: there may be solutions it did not reach.
    pub timed_out: bool,
    /// Search nodes (branchings) visited.
    pub nodes: u64,
    /// The threads that searched, when more than one did (`nodes` is their sum).
    pub threads: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tri {
    False,
    True,
    Unknown,
}

impl Model {
    /// One more condition on many cells, pruned whenever one of `scope` changes.
    fn add_general(&mut self, g: G, scope: Vec<u32>, kind: Kind) {
        let i = self.generals.len() as u32;
        for &c in &scope {
            self.cell_generals[c as usize].push(i);
        }
        self.generals.push(General { g, scope, kind });
    }

    /// Compile the rules of `p`; its givens are ignored (they are passed to `solve`).
    pub fn new(p: &Puzzle) -> Result<Model, String> {
        Ok(Model::new_until(p, None)?.expect("no deadline to pass"))
    }

    /// `new`, giving up at `deadline` (`Ok(None)`): compiling is most of the work on rules
    /// by the hundred thousand (4 MiB of entropic lines took 28 s), and a time limit is the
    /// user's whole budget, not the search's alone.
    pub fn new_until(p: &Puzzle, deadline: Option<Instant>) -> Result<Option<Model>, String> {
        let past = || deadline.is_some_and(|d| Instant::now() >= d);
        let nvals = p.value_count();
        if nvals > MAX_VALUES {
            return Err(format!(
                "the builtin solver handles at most {MAX_VALUES} values per cell; this puzzle has {nvals}: use --solver cbc or highs"
            ));
        }
        let n = p.cell_count();
        let full: Dom = if nvals == 128 {
            !0
        } else {
            (1u128 << nvals) - 1
        };
        // Ground without the givens, so they stay domain restrictions of one search.
        let free = Puzzle {
            givens: vec![None; n],
            ..p.clone()
        };
        let mut m = Model {
            lo: p.lo,
            nvals,
            unary: vec![full; n],
            peers: vec![Vec::new(); n],
            units: Vec::new(),
            cell_units: vec![Vec::new(); n],
            full_units: Vec::new(),
            cell_full_units: vec![Vec::new(); n],
            cell_full_pos: vec![Vec::new(); n],
            masks: nvals >= 16,
            crossings: Vec::new(),
            widest_crossing: 0,
            binaries: Vec::new(),
            cell_binaries: vec![Vec::new(); n],
            generals: Vec::new(),
            cell_generals: vec![Vec::new(); n],
            derived_from: u32::MAX,
            tables: Vec::new(),
            never: false,
            matching: MATCHING_VALUES.contains(&nvals),
            rows: Vec::new(),
            houses: None,
            width: Width::W128,
        };
        let mut pair_index: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        // An area already a unit (the same rule written twice, a cage that is also a box)
        // adds nothing: its peers and its hidden singles are there once.
        let mut seen_units: std::collections::HashSet<Vec<u32>> = std::collections::HashSet::new();
        // The `distinct` areas first: whether cells must differ decides how a sum or a line is
        // pruned.
        let (distincts, exprs): (Vec<_>, Vec<_>) = free
            .rules
            .iter()
            .partition(|r| matches!(r.kind, RuleKind::Distinct(_)));
        let mut peers_sorted = false;
        // The sums the rules state, whatever their size (a one-cell cage is a domain, a two-cell
        // one a pair table): what the law of leftovers reasons from (`leftovers`).
        let mut stated: Vec<leftovers::Sum> = Vec::new();
        for rule in distincts.into_iter().chain(exprs) {
            if past() {
                return Ok(None);
            }
            if let (Some(f), RuleKind::Expr { .. }) = (&rule.family, &rule.kind) {
                // Every `distinct` rule has been read by now: the peers are final.
                if !peers_sorted {
                    for p in &mut m.peers {
                        p.sort_unstable();
                        p.dedup();
                    }
                    peers_sorted = true;
                }
                let peers = |a: u32, b: u32| m.peers[a as usize].binary_search(&b).is_ok();
                let cx = lines::Context::new(p, &peers);
                if let Some(line) = Line::recognize(f, &cx) {
                    let scope = line.cells().to_vec();
                    m.add_general(G::Bool(true), scope, Kind::Line(line));
                    continue;
                }
            }
            match &rule.kind {
                RuleKind::Distinct(areas) => {
                    for area in areas {
                        let unit: Vec<u32> = area.cells.iter().map(|&c| c as u32).collect();
                        let mut key = unit.clone();
                        key.sort_unstable();
                        if !seen_units.insert(key) {
                            continue;
                        }
                        for &a in &unit {
                            for &b in &unit {
                                if a != b {
                                    m.peers[a as usize].push(b);
                                }
                            }
                        }
                        if unit.len() == m.nvals {
                            for (j, &c) in unit.iter().enumerate() {
                                m.cell_full_units[c as usize].push(m.full_units.len() as u32);
                                m.cell_full_pos[c as usize].push(j as u8);
                            }
                            m.full_units.push(m.units.len() as u32);
                        } else {
                            for &c in &unit {
                                m.cell_units[c as usize].push(m.units.len() as u32);
                            }
                        }
                        m.units.push(unit);
                    }
                }
                RuleKind::Expr { expr, vars, .. } => {
                    for g in ground::conjuncts(&free, expr, *vars) {
                        let cells: Vec<Cell> = ground::cells_of(&g).into_iter().collect();
                        // Read as a sum once: for the leftovers, and as the condition's kind.
                        let linear = Linear::recognize(&g);
                        if let Some(sum) = linear.as_ref().and_then(leftovers::Sum::of) {
                            stated.push(sum);
                        }
                        match cells.as_slice() {
                            [] => m.never |= !ground::eval_bool(&g, &|_| 0),
                            &[c] => {
                                let allowed = m.mask(|v| ground::eval_bool(&g, &|_| v));
                                m.unary[c] &= allowed;
                            }
                            &[a, b] => m.add_binary(&mut pair_index, &g, a, b),
                            _ => {
                                let kind = match linear {
                                    Some(l) if !l.terms.is_empty() => Kind::Linear(l),
                                    _ => Count::recognize(&g, m.lo).map_or(Kind::Expr, Kind::Count),
                                };
                                let scope = cells.iter().map(|&c| c as u32).collect();
                                m.add_general(g, scope, kind);
                            }
                        }
                    }
                }
            }
        }
        for p in &mut m.peers {
            p.sort_unstable();
            p.dedup();
        }
        // A pair table between cells that must differ (the sum of a two-cell cage) drops the
        // equal values, so the table alone is exact for both (2 + 2 leaves a cage of 4).
        for t in &mut m.binaries {
            if m.peers[t.a as usize].binary_search(&t.b).is_ok() {
                for i in 0..nvals {
                    t.ab[i] &= !(1u128 << i);
                    t.ba[i] &= !(1u128 << i);
                }
            }
        }
        // Full areas that share two or more cells (found through their cells, so a 100x100
        // grid's 300 areas are not compared pairwise).
        m.crossings = vec![Vec::new(); m.full_units.len()];
        for (f, &u) in m.full_units.iter().enumerate() {
            let mine = &m.units[u as usize];
            let mut others: Vec<u32> = mine
                .iter()
                .flat_map(|&c| m.cell_full_units[c as usize].iter().copied())
                .filter(|&g| g as usize != f)
                .collect();
            others.sort_unstable();
            others.dedup();
            for g in others {
                let theirs = &m.units[m.full_units[g as usize] as usize];
                let shared = theirs.iter().filter(|c| mine.contains(c)).count();
                if shared < 2 || shared == theirs.len() {
                    continue;
                }
                let shared_at = mine
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| theirs.contains(c))
                    .fold(0u128, |m, (j, _)| m | 1 << j);
                let theirs_only = theirs
                    .iter()
                    .copied()
                    .filter(|c| !mine.contains(c))
                    .collect();
                m.crossings[f].push(Crossing {
                    shared,
                    shared_at,
                    theirs_only,
                });
                m.widest_crossing = m.widest_crossing.max(shared);
            }
        }
        for g in &mut m.generals {
            let peers = |a: u32, b: u32| m.peers[a as usize].binary_search(&b).is_ok();
            match &mut g.kind {
                Kind::Linear(l) => prepare_sum(l, nvals, &peers),
                Kind::Count(count) => count.prepare(&peers),
                _ => {}
            }
        }
        // Equal sums chained by hand (a region-sum line written out): one total for all, in
        // place of the equalities it says all of.
        let chained = {
            let (at, sums): (Vec<usize>, Vec<&Linear>) = m
                .generals
                .iter()
                .enumerate()
                .filter_map(|(i, g)| match &g.kind {
                    Kind::Linear(l) => Some((i, l)),
                    _ => None,
                })
                .unzip();
            let peers = |a: u32, b: u32| m.peers[a as usize].binary_search(&b).is_ok();
            let cx = lines::Context::new(p, &peers);
            Line::equal_sums(&sums, &cx)
                .into_iter()
                .map(|(line, said)| (line, said.into_iter().map(|k| at[k]).collect::<Vec<_>>()))
                .collect::<Vec<_>>()
        };
        if !chained.is_empty() {
            let mut replaced = vec![false; m.generals.len()];
            for (line, said) in chained {
                said.iter().for_each(|&i| replaced[i] = true);
                replaced.push(false);
                m.generals.push(General {
                    g: G::Bool(true),
                    scope: line.cells().to_vec(),
                    kind: Kind::Line(line),
                });
            }
            m.generals = std::mem::take(&mut m.generals)
                .into_iter()
                .zip(replaced)
                .filter_map(|(g, gone)| (!gone).then_some(g))
                .collect();
            m.cell_generals = vec![Vec::new(); n];
            for (i, g) in m.generals.iter().enumerate() {
                for &c in &g.scope {
                    m.cell_generals[c as usize].push(i as u32);
                }
            }
        }
        // The sums the law of leftovers adds (after the chains of equal sums, which are the
        // model's own).
        let full_areas: Vec<&[u32]> = m
            .full_units
            .iter()
            .map(|&u| m.units[u as usize].as_slice())
            .collect();
        let grid = leftovers::Grid {
            rows: p.rows,
            cols: p.cols,
            full: &full_areas,
            total: p.values().sum(),
            nvals,
        };
        let derived = leftovers::derive(&grid, &stated);
        m.derived_from = m.generals.len() as u32;
        for mut l in derived {
            let peers = |a: u32, b: u32| m.peers[a as usize].binary_search(&b).is_ok();
            prepare_sum(&mut l, nvals, &peers);
            let scope = l.terms.iter().map(|t| t.1).collect();
            m.add_general(G::Bool(true), scope, Kind::Linear(l));
        }
        let mut budget = table::MODEL_STEPS;
        m.tables = m
            .generals
            .iter()
            .map(|g| match &g.kind {
                Kind::Linear(l) if l.op == linear::Op::Eq => {
                    let doms: Vec<Dom> = l.terms.iter().map(|t| m.unary[t.1 as usize]).collect();
                    let coefficients: Vec<i64> = l.terms.iter().map(|t| t.0).collect();
                    let peers = |j: usize, k: usize| {
                        let (a, b) = (l.terms[j].1, l.terms[k].1);
                        m.peers[a as usize].binary_search(&b).is_ok()
                    };
                    table::Table::new(&coefficients, l.constant, m.lo, &doms, &peers, &mut budget)
                }
                _ => None,
            })
            .collect();
        if m.matching && m.masks && nvals >= FISH_VALUES {
            m.rows = m.latin_rows(p.rows, p.cols);
        }
        if !m.never
            && m.binaries.is_empty()
            && m.generals.is_empty()
            && m.units.len() == m.full_units.len()
            && m.unary.iter().all(|&d| d == full)
        {
            m.houses = houses::Houses::new(m.lo, nvals, n, &m.units);
        }
        m.width = Width::of(nvals);
        Ok((!past()).then_some(m))
    }

    /// The full areas that are the grid's rows, in order, when the grid is square with as
    /// many values as cells in a row and every row and column is a full area whose cells are
    /// in reading order (so a row's place `j` is column `j`); else none.
    fn latin_rows(&self, rows: usize, cols: usize) -> Vec<u32> {
        if rows != cols || cols != self.nvals {
            return Vec::new();
        }
        let find = |cells: Vec<u32>| {
            self.full_units
                .iter()
                .position(|&u| self.units[u as usize] == cells)
                .map(|f| f as u32)
        };
        let n = cols as u32;
        let found: Option<Vec<u32>> = (0..n)
            .map(|r| find((0..n).map(|c| r * n + c).collect()))
            .collect();
        let columns = (0..n).all(|c| find((0..n).map(|r| r * n + c).collect()).is_some());
        match found {
            Some(rows) if columns => rows,
            _ => Vec::new(),
        }
    }

    fn value(&self, i: u32) -> i64 {
        self.lo + i as i64
    }

    /// The values for which `f` holds, as a domain.
    fn mask(&self, f: impl Fn(i64) -> bool) -> Dom {
        (0..self.nvals as u32)
            .filter(|&i| f(self.value(i)))
            .fold(0, |d, i| d | 1u128 << i)
    }

    fn add_binary(&mut self, index: &mut BTreeMap<(u32, u32), usize>, g: &G, a: Cell, b: Cell) {
        let mut ab = vec![0; self.nvals];
        let mut ba = vec![0; self.nvals];
        for i in 0..self.nvals as u32 {
            for j in 0..self.nvals as u32 {
                let (va, vb) = (self.value(i), self.value(j));
                if ground::eval_bool(g, &|c| if c == a { va } else { vb }) {
                    ab[i as usize] |= 1u128 << j;
                    ba[j as usize] |= 1u128 << i;
                }
            }
        }
        // Two conditions on the same pair (anti-king and non-consecutive) become one table.
        let key = (a as u32, b as u32);
        if let Some(&k) = index.get(&key) {
            let t = &mut self.binaries[k];
            t.ab.iter_mut().zip(&ab).for_each(|(x, y)| *x &= y);
            t.ba.iter_mut().zip(&ba).for_each(|(x, y)| *x &= y);
            return;
        }
        let k = self.binaries.len();
        index.insert(key, k);
        self.cell_binaries[a].push(k as u32);
        self.cell_binaries[b].push(k as u32);
        self.binaries.push(Binary {
            a: a as u32,
            b: b as u32,
            ab,
            ba,
        });
    }

    /// The values each cell keeps after propagation at the root, before any search (None
    /// when propagation alone finds that there is no solution): what the propagators deduce,
    /// for tests that compare it with the solutions, and for a setter's first look.
    pub fn propagate(&self, givens: &[Option<i64>]) -> Option<Vec<Vec<i64>>> {
        with_width!(self, propagate_with(givens))
    }

    fn propagate_with<D: Word>(&self, givens: &[Option<i64>]) -> Option<Vec<Vec<i64>>> {
        let mut found = None;
        let mut each = |_: &[i64]| true;
        let mut out = Outcome::default();
        let mut s = self.searcher(&Options::default(), &mut each, &mut out);
        let mut doms: Vec<D> = self.initial(givens, &[]);
        s.count_places(&doms);
        if !self.never && doms.iter().all(|&d| d != D::ZERO) && s.propagate(&mut doms) {
            found = Some(
                doms.iter()
                    .map(|&d| bits(d).map(|i| self.value(i)).collect())
                    .collect(),
            );
        }
        found
    }

    /// Search for up to `opts.limit` solutions with these givens (one entry per cell).
    pub fn solve(&self, givens: &[Option<i64>], opts: &Options) -> Outcome {
        let mut solutions = Vec::new();
        let mut out = self.solve_each(givens, opts, &mut |g| {
            solutions.push(g.to_vec());
            true
        });
        out.solutions = solutions;
        out
    }

    /// `solve`, handing each grid to `each` as it is found instead of keeping it (the
    /// outcome's `solutions` stay empty, `found` counts them), so enumerating every solution
    /// takes no more memory than finding one. `each` returning false stops the search.
    /// `opts.limit` 0 means no limit.
    pub fn solve_each(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Outcome {
        let mut out = Outcome::default();
        if self.never {
            return out;
        }
        if let Some(h) = &self.houses {
            h.solve_each(givens, opts, each, &mut out);
            return out;
        }
        if opts.race && opts.limit == 1 && opts.prefer.is_some() && opts.seed.is_none() {
            return self.race(givens, opts, each);
        }
        if opts.seed.is_some() && opts.limit == 1 && opts.prefer.is_none() {
            return self.restarting(givens, opts, each);
        }
        let mut spent = Outcome::default();
        if opts.threads > 1
            && opts.limit >= 2
            && opts.seed.is_none()
            && opts.prefer.is_none()
            && opts.learned.is_none()
        {
            match with_width!(self, parallel(givens, opts, opts.threads)) {
                Ok((grids, par)) => {
                    out = par;
                    for g in &grids {
                        if !each(g) {
                            break;
                        }
                    }
                    return out;
                }
                // Two grids or more: which came first depends on the threads' timing, so the
                // one-thread search says which (the nodes spent counted).
                Err(par) => spent = par,
            }
        }
        let mut told: Vec<Vec<i64>> = Vec::new();
        let mut each_told = |g: &[i64]| {
            // (Only the first grids can matter below: at most the threads' two.)
            if told.len() < spent.found {
                told.push(g.to_vec());
            }
            each(g)
        };
        let (weights, _) = with_width!(
            self,
            search(givens, opts, &mut each_told, &mut out, None, u64::MAX)
        );
        out.nodes += spent.nodes;
        out.threads = spent.threads;
        // The time limit stopped the one-thread search before the threads' grids: they are
        // grids all the same (which ones depends on the threads' timing, as any answer cut
        // short by the clock depends on it).
        if out.timed_out && out.found < spent.found {
            for g in spent.solutions.iter().filter(|g| !told.contains(g)) {
                if out.found >= spent.found || !each(g) {
                    break;
                }
                out.found += 1;
            }
        }
        if let Some(learned) = &opts.learned {
            *learned.lock() = weights;
        }
        out
    }

    /// Two searches for one grid on two threads, one trying the `prefer` grid's values first
    /// and one in its own order; the first to answer (a grid, none, or the time limit) stops
    /// the other, and its answer is the answer. Both searches are exact, so whether there is
    /// a grid does not depend on which wins; which grid is found, and the learned weights
    /// handed on, do. The generator's questions "another value here?" find a second
    /// solution that differs from the first in a hundred cells and more, and which order
    /// gets there first varies from question to question: over the 236 such questions of a
    /// 25x25, the fewer nodes of the two orders summed to 538,000 against 894,000 for
    /// `prefer` alone.
    fn race(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Outcome {
        use std::sync::atomic::{AtomicBool, Ordering};
        // Set by the first search to answer.
        let won = AtomicBool::new(false);
        let run = |opts: &Options| {
            let mut grid = None;
            let mut out = Outcome::default();
            let mut keep = |g: &[i64]| {
                grid = Some(g.to_vec());
                false
            };
            let (weights, _) = with_width!(
                self,
                search(givens, opts, &mut keep, &mut out, Some(&won), u64::MAX)
            );
            let first = won
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok();
            (first, out, grid, weights)
        };
        let own = Options {
            prefer: None,
            race: false,
            ..opts.clone()
        };
        let raced = std::thread::scope(|scope| {
            // (No thread to be had: the one search alone.)
            let other = std::thread::Builder::new()
                .spawn_scoped(scope, || run(&own))
                .ok()?;
            let a = run(opts);
            // (A panic in the other search is a bug: passed on as one.)
            let b = other
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            Some((a, b))
        });
        let Some((a, b)) = raced else {
            let alone = Options {
                race: false,
                ..opts.clone()
            };
            return self.solve_each(givens, &alone, each);
        };
        let ((_, mut out, grid, weights), (_, lost, _, _)) = if a.0 { (a, b) } else { (b, a) };
        out.nodes += lost.nodes;
        // (The search that lost hands on nothing.)
        if let Some(learned) = &opts.learned {
            *learned.lock() = weights;
        }
        if let Some(g) = grid {
            each(&g);
        }
        out
    }

    /// One random grid (the generator's), by searches in random value orders that give up
    /// after a budget of nodes and start again in another order with twice the budget, the
    /// weights of the cells that failed handed on (restarts, as constraint solvers do for a
    /// random solution). One random order can go deep into a part of the tree with no grid:
    /// Clockwork's 23 counting circles with no givens took over 5 s in 14 of 40 random orders,
    /// where the others took at most 1.4 s (most a few milliseconds). The first search runs in
    /// the seed's own order, so a grid found within its budget is the one found before
    /// restarts existed. Deterministic: budgets count nodes, not time.
    fn restarting(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Outcome {
        let mut total = Outcome::default();
        let learned = opts.learned.clone().unwrap_or_default();
        let mut budget = FIRST_BUDGET;
        for r in 0u64.. {
            let seed = opts
                .seed
                .map(|s| if r == 0 { s } else { houses::splitmix(s ^ r) });
            let o = Options {
                seed,
                learned: Some(learned.clone()),
                ..opts.clone()
            };
            let mut out = Outcome::default();
            let (weights, cut) =
                with_width!(self, search(givens, &o, each, &mut out, None, budget));
            *learned.lock() = weights;
            total.nodes += out.nodes;
            total.found += out.found;
            total.timed_out = out.timed_out;
            if !cut || out.found > 0 || out.timed_out {
                break;
            }
            budget = budget.saturating_mul(2);
        }
        total
    }

    /// One search (`solve_each` past its shortcuts), in the model's word (`with_width!`): its
    /// weights at the end, for `opts.learned`, and whether `budget` (nodes) cut it short.
    /// With `race`, it stops once the flag is set by the other search.
    fn search<D: Word>(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        each: &mut dyn FnMut(&[i64]) -> bool,
        out: &mut Outcome,
        race: Option<&std::sync::atomic::AtomicBool>,
        budget: u64,
    ) -> (Vec<u32>, bool) {
        let mut doms: Vec<D> = self.initial(givens, &opts.exclude);
        let mut s = self.searcher(opts, each, out);
        s.race = race;
        s.budget = budget;
        if let Some(learned) = &opts.learned {
            let old = learned.lock();
            if old.len() == s.weight.len() {
                // Halved: the last question's failures count, this one's count more.
                for (w, &o) in s.weight.iter_mut().zip(old.iter()) {
                    *w = 1 + o / 2;
                }
            }
        }
        s.count_places(&doms);
        if doms.iter().all(|&d| d != D::ZERO) && s.propagate(&mut doms) {
            s.dfs(doms);
        }
        (std::mem::take(&mut s.weight), s.cut)
    }

    /// The domains before propagation: the one-cell conditions, the givens, the exclusions.
    fn initial<D: Word>(&self, givens: &[Option<i64>], exclude: &[(Cell, i64)]) -> Vec<D> {
        let mut doms: Vec<D> = self.unary.iter().map(|&d| D::narrowed(d)).collect();
        for (c, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                let i = v - self.lo;
                doms[c] &= if (0..self.nvals as i64).contains(&i) {
                    D::bit(i as u32)
                } else {
                    D::ZERO
                };
            }
        }
        for &(c, v) in exclude {
            let i = v - self.lo;
            if (0..self.nvals as i64).contains(&i) {
                doms[c] &= !D::bit(i as u32);
            }
        }
        // Each given's value leaves its peers here, in bulk, before the places are counted:
        // through `narrow` each removal updates three counts one value at a time, which was
        // most of the cost of the generator's questions (most cells given).
        for c in 0..doms.len() {
            let d = doms[c];
            if d.count_ones() == 1 {
                for &p in &self.peers[c] {
                    doms[p as usize] &= !d;
                }
            }
        }
        doms
    }

    fn searcher<'m, 'o, D: Word>(
        &'m self,
        opts: &Options,
        each: &'o mut dyn FnMut(&[i64]) -> bool,
        out: &'o mut Outcome,
    ) -> Search<'m, 'o, D> {
        let n = self.unary.len();
        Search {
            m: self,
            queue: (0..n as u32).collect(),
            queued: vec![true; n],
            gqueue: Vec::new(),
            gqueued: vec![false; self.generals.len()],
            lqueue: std::collections::VecDeque::new(),
            uqueue: Vec::new(),
            uqueued: vec![false; self.units.len()],
            aqueue: if self.matching {
                (0..self.full_units.len() as u32).rev().collect()
            } else {
                Vec::new()
            },
            aqueued: vec![self.matching; self.full_units.len()],
            hints: if self.matching {
                vec![alldiff::Hint::new(self.nvals); self.full_units.len()]
            } else {
                Vec::new()
            },
            matching: alldiff::Scratch::default(),
            fqueue: if self.rows.is_empty() {
                Vec::new()
            } else {
                (0..self.nvals as u32).rev().collect()
            },
            fqueued: vec![!self.rows.is_empty(); self.nvals],
            fhints: if self.rows.is_empty() {
                Vec::new()
            } else {
                vec![alldiff::Hint::new(self.nvals); self.nvals]
            },
            places: Vec::new(),
            at: Vec::new(),
            trail: Vec::new(),
            holding: Vec::new(),
            singles: Vec::new(),
            pointing: Vec::new(),
            pointed: Vec::new(),
            open: Vec::new(),
            pruned: Vec::new(),
            kept: Vec::new(),
            small: Vec::new(),
            wide: vec![0; self.unary.len()],
            cage_places: Vec::new(),
            weight: vec![1; n],
            blames: 0,
            unclocked: 0,
            settled: vec![Vec::new(); self.generals.len()],
            supports: self
                .generals
                .iter()
                .map(|g| match &g.kind {
                    Kind::Linear(l) if l.distinct && l.op == linear::Op::Eq => {
                        supports::Supports::new(l.terms.len(), self.nvals).unwrap_or_default()
                    }
                    _ => supports::Supports::default(),
                })
                .collect(),
            tables: table::States::new(&self.tables),
            saved: Vec::new(),
            spare: Vec::new(),
            memos: vec![Default::default(); self.generals.len()],
            memo_size: (MEMO_ANSWERS / self.generals.len().max(1)).clamp(16, MEMO_SIZE),
            scratch: linear::Scratch::default(),
            limit: if opts.limit == 0 {
                usize::MAX
            } else {
                opts.limit
            },
            rng: opts.seed.map(|s| s ^ 0x9E37_79B9_7F4A_7C15),
            prefer: opts.prefer.clone(),
            deadline: opts.deadline,
            race: None,
            budget: u64::MAX,
            cut: false,
            each,
            out,
            stop: false,
            frames: Vec::new(),
            share: None,
        }
    }
}

struct Search<'m, 'o, D> {
    m: &'m Model,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Conditions on three or more cells waiting to be pruned.
    gqueue: Vec<u32>,
    gqueued: Vec<bool>,
    /// The law of leftovers' sums waiting (`Model::derived_from`): pruned once the rules' own
    /// conditions and the areas' cheap propagators are done, so that a cage's narrowing after
    /// narrowing does not wake them each time (Wecoc #1 [mod A]: 121 calls of theirs a node).
    lqueue: std::collections::VecDeque<u32>,
    /// Areas smaller than the value set with a changed cell, waiting to be checked for more
    /// cells than values.
    uqueue: Vec<u32>,
    uqueued: Vec<bool>,
    /// Full areas with a changed cell, waiting for the matching filter (when the model uses
    /// it), and per full area the matching it last found.
    aqueue: Vec<u32>,
    aqueued: Vec<bool>,
    hints: Vec<alldiff::Hint>,
    matching: alldiff::Scratch<D>,
    /// Values that lost a place since their rows-and-columns matching last ran
    /// (`Model::rows`), and per value the matching it last found.
    fqueue: Vec<u32>,
    fqueued: Vec<bool>,
    fhints: Vec<alldiff::Hint>,
    /// For each full area and value, how many of its cells can still take it.
    places: Vec<u8>,
    /// For each full area and value, the positions of those cells (bits of the area's
    /// cells in order): pointing's one mask test and a hidden single's cell read from it,
    /// where folding them from the area's domains was a tenth of a 25x25's instructions.
    /// (The counts stay beside them: a byte each, copied per node, read without a 128-bit
    /// `count_ones`.)
    at: Vec<D>,
    /// The bits `narrow` cleared in `at`, as `index << 7 | position`, so a node's children
    /// each start from its masks (undone, where copying them per child costs more).
    trail: Vec<u32>,
    /// Scratch: the peers of a cell just fixed that still hold its value.
    holding: Vec<u32>,
    /// (full area, value) whose places dropped to one or none.
    singles: Vec<(u32, u32)>,
    /// (full area, value) whose places dropped to few enough to lie in a crossing.
    pointing: Vec<(u32, u32)>,
    /// Per (full area, value), whether it is in `pointing` (the places of a value drop one
    /// by one: without this a 25x25 looked at each (area, value) up to five times a round).
    pointed: Vec<bool>,
    /// Scratch: the open cells of the condition being pruned.
    open: Vec<u32>,
    /// Scratch: the values a propagator keeps, one domain per cell of its scope.
    pruned: Vec<D>,
    /// The same for a condition on many cells, whose filters read 128 bits (`general`).
    kept: Vec<Dom>,
    /// A table's cells' domains, for its filter (`table_sum`).
    small: Vec<table::Small>,
    /// Per cell, its domain in 128 bits, for the filters of conditions on many cells: current
    /// only on the scope of the condition being pruned (`general`).
    wide: Vec<Dom>,
    /// Scratch: the cells of a cage or a count other than the first that can take a required
    /// value (`Search::place_required`, called at most nodes: a buffer kept, not one
    /// allocated a value).
    cage_places: Vec<u32>,
    /// Per cell, 1 + how often a condition on it failed (dom/wdeg), halved every
    /// `HALVE_WEIGHTS` failures.
    weight: Vec<u32>,
    /// Failures so far.
    blames: u64,
    /// Cells of the conditions pruned since the clock was last read (`prune_general`).
    unclocked: usize,
    /// Per condition on many cells, its cells' domains when its filter last ran, or for a
    /// condition by its algebra when it last held on them (empty until then).
    settled: Vec<Vec<Dom>>,
    /// Per depth, what its node's children start from (`branch`), kept for the next node
    /// there.
    saved: Vec<Saved>,
    /// Domains of nodes searched, for the next children.
    spare: Vec<Vec<D>>,
    /// The state of the conditions' tables (`Model::tables`): a node's children each start
    /// from the node's.
    tables: table::States,
    /// Per condition on many cells that is a sum of cells that all differ, the residual
    /// supports of its values (`supports`); unused for the others.
    supports: Vec<supports::Supports>,
    /// Per condition, what the filter of a sum (`Kind::Linear`) answered, by its cells'
    /// domains side by side: the domains it kept, the same way, or 0 for none. The filter is
    /// a pure function of them, and a search asks the same question again after
    /// backtracking (Wecoc #2: four calls in ten of its cages). Each holds at most
    /// `memo_size` answers and is cleared when full.
    memos: Vec<std::collections::HashMap<u128, u128, linear::MemoHash>>,
    /// `MEMO_ANSWERS` shared among the conditions, at most `MEMO_SIZE` each (a sum's own map
    /// stays small; one map for all took more instructions for the same answers).
    memo_size: usize,
    scratch: linear::Scratch,
    limit: usize,
    rng: Option<u64>,
    prefer: Option<Vec<i64>>,
    deadline: Option<Instant>,
    /// In a race (`Model::race`): set once either search has answered.
    race: Option<&'o std::sync::atomic::AtomicBool>,
    /// Nodes this search may visit before it gives up for a restart (`Model::restarting`).
    budget: u64,
    /// The budget ran out: the search stopped with part of the tree unexplored.
    cut: bool,
    each: &'o mut dyn FnMut(&[i64]) -> bool,
    out: &'o mut Outcome,
    stop: bool,
    /// Per depth of the search, the node's domains and its choices: what is left to search,
    /// which a parallel search hands out from the top (`parallel`).
    frames: Vec<Frame<D>>,
    /// In a parallel search, the work the threads share (`parallel::Pool`).
    share: Option<&'o parallel::Pool<D>>,
}

/// A node of the search being searched: its domains, its choices (a value of a cell, or a
/// place of a value), and the next one to try.
struct Frame<D> {
    doms: Vec<D>,
    choices: Vec<(u32, u32)>,
    next: usize,
}

impl<D> Frame<D> {
    fn take(&mut self) -> Option<(u32, u32)> {
        let c = self.choices.get(self.next).copied();
        self.next += 1;
        c
    }
}

impl<D: Word> Search<'_, '_, D> {
    /// Whether the time limit has passed; if so the search stops, marked timed out.
    fn past_deadline(&mut self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out.timed_out = true;
            self.stop = true;
        }
        if self.lost() {
            self.stop = true;
            return true;
        }
        self.stop && self.out.timed_out
    }

    /// The positions in full area `f` of the cells that can take value `i` (bits of the
    /// area's cells in order): kept (`Model::masks`), or read from the domains.
    fn places_at(&self, doms: &[D], f: usize, i: u32) -> D {
        let m = self.m;
        if m.masks {
            return self.at[f * m.nvals + i as usize];
        }
        m.units[m.full_units[f] as usize]
            .iter()
            .enumerate()
            .fold(D::ZERO, |a, (j, &c)| {
                a | (((doms[c as usize] >> i) & D::ONE) << j as u32)
            })
    }

    /// Whether the other search of a race has answered (this one's answer is then unused).
    fn lost(&self) -> bool {
        self.race
            .is_some_and(|r| r.load(std::sync::atomic::Ordering::Relaxed))
    }

    fn dfs(&mut self, doms: Vec<D>) {
        self.out.nodes += 1;
        if let Some(pool) = self.share {
            if pool.stopped() {
                self.stop = true;
                return;
            }
            if pool.wants_work(self.out.nodes) {
                self.donate(pool);
            }
            // Every thread's failures count in every thread's choices, as on one thread.
            pool.weights(&mut self.weight);
        }
        if self.out.nodes.is_multiple_of(256) && self.past_deadline() {
            return;
        }
        if self.out.nodes > self.budget {
            self.cut = true;
            self.stop = true;
            return;
        }
        // The open cell with the fewest values for the weight of the conditions that failed
        // around it (dom/wdeg: the search learns where the puzzle is hard), the weight taken
        // with `WEIGHT_PRIOR`; the first such in row-major order.
        let mut best = usize::MAX;
        // (k is at most 128 and a weight at most u32::MAX: the products fit.)
        let (mut best_k, mut best_w) = (MAX_VALUES as u64 + 1, 1u64);
        for (c, &d) in doms.iter().enumerate() {
            // (A fixed cell skips the count: without a POPCNT target `count_ones` is a long
            // sequence, and most of a generator question's cells are given.)
            if d & (d - D::ONE) == D::ZERO {
                continue;
            }
            let k = d.count_ones() as u64;
            let w = self.weight[c] as u64 + WEIGHT_PRIOR;
            if k * best_w < best_k * w {
                (best_k, best_w) = (k, w);
                best = c;
            }
        }
        if best == usize::MAX {
            let grid: Vec<i64> = doms
                .iter()
                .map(|d| self.m.value(d.trailing_zeros()))
                .collect();
            self.out.found += 1;
            let more = (self.each)(&grid);
            self.stop = !more || self.out.found >= self.limit;
            return;
        }
        let mut choices: Vec<(u32, u32)> = bits(doms[best]).map(|i| (best as u32, i)).collect();
        // A value with two places left in a full area splits the search in two where the
        // cell would split it in three or more: branch on those places instead when one of
        // them weighs at least half the cell's weight per value (the Interactive Sudoku
        // Solver's house candidates). I Want to Break Free, 18 two-cell thermometers and no
        // givens: 2.5 million nodes, 17 s → 57,000 nodes, 0.35 s; a hard 9x9: 426 → 174
        // nodes. Before any failure every weight is 1 and pairs always win: on grids past
        // 16 values only once the cell has failed, since on an empty 100x100 that tripled
        // the nodes.
        let failed = best_w > 1 + WEIGHT_PRIOR;
        let pair = if best_k > 2 && (failed || self.m.nvals <= 16) && self.rng.is_none() {
            self.two_places(&doms, best_w, best_k)
        } else {
            None
        };
        let placing = pair.is_some();
        if let Some((a, b, i)) = pair {
            choices = vec![(a, i), (b, i)];
        }
        // Values with the fewest places left in the cell's full areas first (most constrained
        // value): filling a large grid, a value running out of room in a box goes where it
        // still fits before the box fills up (an empty 100x100: 5.7 s, where ascending order
        // thrashed past 60 s). A proof of uniqueness tries every value anyway.
        if self.rng.is_none() && !placing {
            let m = self.m;
            let fewest = |&(c, i): &(u32, u32)| {
                m.cell_full_units[c as usize]
                    .iter()
                    .map(|&f| self.places[f as usize * m.nvals + i as usize])
                    .min()
                    .unwrap_or(0)
            };
            choices.sort_by_key(|x| fewest(x));
        }
        // The preferred grid's choice first: its value in the cell, or the place where it
        // has the value.
        if let Some(p) = &self.prefer {
            let lo = self.m.lo;
            if let Some(k) = choices
                .iter()
                .position(|&(c, i)| p[c as usize] - lo == i as i64)
            {
                choices[..=k].rotate_right(1);
            }
        }
        if let Some(state) = &mut self.rng {
            shuffle(state, &mut choices);
        }
        let depth = self.frames.len();
        self.frames.push(Frame {
            doms,
            choices,
            next: 0,
        });
        self.branch(depth);
        if let Some(f) = self.frames.pop() {
            self.spare.push(f.doms);
        }
    }

    /// Search the choices of the node at `depth` one after the other, each from the node's
    /// domains (those of its choices not handed to another thread meanwhile, `donate`).
    fn branch(&mut self, depth: usize) {
        // The counts of places belong to this node's domains: each child starts from them.
        // (Into buffers kept per depth, and the children's domains into spare ones: a node
        // allocates nothing.)
        if self.saved.len() <= depth {
            self.saved.resize_with(depth + 1, Default::default);
        }
        let mut saved = std::mem::take(&mut self.saved[depth]);
        saved.save(&self.places, &self.tables);
        let mark = self.trail.len();
        while let Some((c, i)) = self.frames[depth].take() {
            let mut child = self.spare.pop().unwrap_or_default();
            child.clear();
            child.extend_from_slice(&self.frames[depth].doms);
            saved.restore(&mut self.places, &mut self.tables);
            for t in self.trail.drain(mark..) {
                self.at[(t >> 7) as usize] |= D::bit(t & 127);
            }
            self.narrow(&mut child, c, D::bit(i));
            if self.propagate(&mut child) {
                // A node a level: a 128x128 grid may go thousands deep, past a thread's stack
                // (a debug build's 2 MB test threads overflowed on an empty 64x64). Near the
                // end of the stack the search goes on in a new segment.
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.dfs(child));
            } else {
                // The choice itself failed: its cell weighs more too (as in ISS, whose
                // conflict scores count only this; both together were best on the corpus).
                self.blame(&child, &[c]);
                self.spare.push(child);
            }
            if self.stop {
                break;
            }
        }
        self.saved[depth] = saved;
    }

    /// The value of a full area with two places left, both open, whose heavier place weighs
    /// at least half of `w / k` (a cell's weight per value): (heavier place, other place,
    /// value), the heaviest such pair, the last on a tie.
    fn two_places(&self, doms: &[D], w: u64, k: u64) -> Option<(u32, u32, u32)> {
        let m = self.m;
        let (mut best_w, mut best_k) = (w, k);
        let mut pick = None;
        for (f, &u) in m.full_units.iter().enumerate() {
            for i in 0..m.nvals {
                if self.places[f * m.nvals + i] != 2 {
                    continue;
                }
                let bit = D::bit(i as u32);
                let unit = &m.units[u as usize];
                let (a, b) = if m.masks {
                    let at = self.places_at(doms, f, i as u32);
                    (
                        unit[at.trailing_zeros() as usize],
                        unit[(D::BITS - 1 - at.leading_zeros()) as usize],
                    )
                } else {
                    let mut two = unit
                        .iter()
                        .copied()
                        .filter(|&c| doms[c as usize] & bit != D::ZERO);
                    let (Some(a), Some(b)) = (two.next(), two.next()) else {
                        continue;
                    };
                    (a, b)
                };
                if doms[a as usize] == bit || doms[b as usize] == bit {
                    continue;
                }
                let (a, b) = if self.weight[b as usize] > self.weight[a as usize] {
                    (b, a)
                } else {
                    (a, b)
                };
                // weight(a) / 2 >= best_w / best_k
                let wa = self.weight[a as usize] as u64 + WEIGHT_PRIOR;
                if wa * best_k >= 2 * best_w {
                    (best_w, best_k) = (wa, 2);
                    pick = Some((a, b, i as u32));
                }
            }
        }
        pick
    }

    /// A condition on these cells failed: those of them that hold one value (`doms` at the
    /// failure) weigh more in the choice of the next cell. The cells still open when a
    /// condition fails are what it failed on, the fixed ones what made it fail: weighed, a
    /// fixed cell is chosen earlier once the search backtracks past it, and the choices that
    /// lead to failures are made first. Measured at -p 1 (nodes summed over each folder with
    /// `sdkc run FILE --unique --solver builtin -s -p 1`) against weighing every cell of the
    /// condition: Mathemagic's 14 hard killers 1,125,382 -> 766,098 nodes (36.0 -> 27.7 s),
    /// the 45 killers 40,528 -> 35,536, the library 15,436 -> 8,952, the variants 28,270 ->
    /// 19,268, the giants 14,996 -> 11,820, `examples/twenty-five.sdk` 22,051 -> 15,040. Weighing only the open cells
    /// took the hard 14 to 5.3 million nodes, both kinds with the open ones at a quarter 0.79
    /// million, the emptied cell too 0.76 million.
    fn blame(&mut self, doms: &[D], cells: &[u32]) {
        for &c in cells {
            if doms[c as usize].count_ones() == 1 {
                self.weight[c as usize] = self.weight[c as usize].saturating_add(1);
                if let Some(pool) = self.share {
                    pool.blame(c);
                }
            }
        }
        self.blames += 1;
        if self.blames.is_multiple_of(HALVE_WEIGHTS) {
            for w in &mut self.weight {
                *w = w.div_ceil(2);
            }
            if let Some(pool) = self.share {
                pool.halve();
            }
        }
    }

    fn enqueue(&mut self, c: u32) {
        if !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.queue.push(c);
        }
    }

    /// Narrow cell `c` to `new`; false when nothing is left.
    fn narrow(&mut self, doms: &mut [D], c: u32, new: D) -> bool {
        let old = doms[c as usize];
        if new != old {
            doms[c as usize] = new;
            if new == D::ZERO {
                return false;
            }
            self.enqueue(c);
            let removed = old & !new;
            if !self.m.rows.is_empty() {
                for i in bits(removed) {
                    if !self.fqueued[i as usize] {
                        self.fqueued[i as usize] = true;
                        self.fqueue.push(i);
                    }
                }
            }
            let nvals = self.m.nvals;
            let m = self.m;
            let positions = &m.cell_full_pos[c as usize];
            for (j, &f) in m.cell_full_units[c as usize].iter().enumerate() {
                if self.m.matching && !self.aqueued[f as usize] {
                    self.aqueued[f as usize] = true;
                    self.aqueue.push(f);
                }
                for i in bits(removed) {
                    let at = f as usize * nvals + i as usize;
                    if m.masks {
                        let pos = positions[j];
                        self.at[at] &= !D::bit(pos as u32);
                        self.trail.push((at as u32) << 7 | pos as u32);
                    }
                    let k = &mut self.places[at];
                    *k -= 1;
                    if *k <= 1 {
                        self.singles.push((f, i));
                    } else if (*k as usize) <= self.m.widest_crossing {
                        let at = f as usize * nvals + i as usize;
                        if !self.pointed[at] {
                            self.pointed[at] = true;
                            self.pointing.push((f, i));
                        }
                    }
                }
            }
        }
        true
    }

    /// Count each value's places in each full area (at the start of a search).
    fn count_places(&mut self, doms: &[D]) {
        let m = self.m;
        self.places.clear();
        self.places.resize(m.full_units.len() * m.nvals, 0);
        self.at.clear();
        self.at.resize(m.full_units.len() * m.nvals, D::ZERO);
        self.trail.clear();
        self.pointed.clear();
        self.pointed.resize(m.full_units.len() * m.nvals, false);
        self.pointing.clear();
        self.singles.clear();
        for (f, &u) in m.full_units.iter().enumerate() {
            for (j, &c) in m.units[u as usize].iter().enumerate() {
                for i in bits(doms[c as usize]) {
                    self.places[f * m.nvals + i as usize] += 1;
                    if m.masks {
                        self.at[f * m.nvals + i as usize] |= D::bit(j as u32);
                    }
                }
            }
            // What `narrow` queues as counts drop, queued here for the counts the search
            // starts with (the givens' values leave their peers before they are counted).
            for i in 0..m.nvals {
                let k = self.places[f * m.nvals + i] as usize;
                if k <= 1 {
                    self.singles.push((f as u32, i as u32));
                } else if k <= m.widest_crossing {
                    self.pointed[f * m.nvals + i] = true;
                    self.pointing.push((f as u32, i as u32));
                }
            }
        }
    }

    /// Propagate to a fixpoint; false on a contradiction (the queue is then empty again).
    fn propagate(&mut self, doms: &mut [D]) -> bool {
        let ok = self.fixpoint(doms);
        if !ok {
            for c in self.queue.drain(..) {
                self.queued[c as usize] = false;
            }
            for k in self.gqueue.drain(..).chain(self.lqueue.drain(..)) {
                self.gqueued[k as usize] = false;
            }
            for u in self.uqueue.drain(..) {
                self.uqueued[u as usize] = false;
            }
            for f in self.aqueue.drain(..) {
                self.aqueued[f as usize] = false;
            }
            for i in self.fqueue.drain(..) {
                self.fqueued[i as usize] = false;
            }
            self.singles.clear();
            for (f, i) in self.pointing.drain(..) {
                self.pointed[f as usize * self.m.nvals + i as usize] = false;
            }
        }
        ok
    }

    fn fixpoint(&mut self, doms: &mut [D]) -> bool {
        let m = self.m;
        loop {
            while let Some(c) = self.queue.pop() {
                self.queued[c as usize] = false;
                let d = doms[c as usize];
                for &u in &m.cell_units[c as usize] {
                    if !self.uqueued[u as usize] {
                        self.uqueued[u as usize] = true;
                        self.uqueue.push(u);
                    }
                }
                if d & (d - D::ONE) == D::ZERO {
                    // Most peers no longer hold the value (a generator's question starts with
                    // most cells given): when the cell's areas are all full ones, the peers
                    // that do are read from the value's places there, in the same order
                    // (ascending) as the list of peers.
                    if m.masks && m.cell_units[c as usize].is_empty() {
                        let mut holding = std::mem::take(&mut self.holding);
                        holding.clear();
                        let i = d.trailing_zeros() as usize;
                        for (&f, &pos) in m.cell_full_units[c as usize]
                            .iter()
                            .zip(&m.cell_full_pos[c as usize])
                        {
                            let unit = &m.units[m.full_units[f as usize] as usize];
                            let at = self.at[f as usize * m.nvals + i] & !D::bit(pos as u32);
                            holding.extend(bits(at).map(|j| unit[j as usize]));
                        }
                        holding.sort_unstable();
                        holding.dedup();
                        for &p in &holding {
                            if !self.narrow(doms, p, doms[p as usize] & !d) {
                                self.blame(doms, &[c, p]);
                                self.holding = holding;
                                return false;
                            }
                        }
                        self.holding = holding;
                    } else {
                        for &p in &m.peers[c as usize] {
                            if doms[p as usize] & d == D::ZERO {
                                continue;
                            }
                            if !self.narrow(doms, p, doms[p as usize] & !d) {
                                self.blame(doms, &[c, p]);
                                return false;
                            }
                        }
                    }
                }
                for &k in &m.cell_binaries[c as usize] {
                    let t = &m.binaries[k as usize];
                    let (other, table) = if t.a == c { (t.b, &t.ab) } else { (t.a, &t.ba) };
                    let allowed =
                        bits(d).fold(D::ZERO, |acc, i| acc | D::narrowed(table[i as usize]));
                    if !self.narrow(doms, other, doms[other as usize] & allowed) {
                        self.blame(doms, &[c, other]);
                        return false;
                    }
                }
                // Conditions on many cells wait until the cheap propagation is done, so one
                // that several changes touch is pruned once.
                for &k in &m.cell_generals[c as usize] {
                    if !self.gqueued[k as usize] {
                        self.gqueued[k as usize] = true;
                        if k >= m.derived_from {
                            self.lqueue.push_back(k);
                        } else {
                            self.gqueue.push(k);
                        }
                    }
                }
            }
            // Hidden singles: a value with one place left in a full area goes there; none left
            // is a contradiction.
            while let Some((f, i)) = self.singles.pop() {
                let unit = &m.units[m.full_units[f as usize] as usize];
                let bit = D::bit(i);
                match self.places[f as usize * m.nvals + i as usize] {
                    0 => {
                        self.blame(doms, unit);
                        return false;
                    }
                    1 => {
                        // (Without the masks, the first cell that has it: no need to look
                        // further.)
                        let c = if m.masks {
                            unit[self.places_at(doms, f as usize, i).trailing_zeros() as usize]
                        } else {
                            *unit
                                .iter()
                                .find(|&&c| doms[c as usize] & bit != D::ZERO)
                                .unwrap()
                        };
                        if doms[c as usize] != bit && !self.narrow(doms, c, bit) {
                            return false;
                        }
                    }
                    _ => {}
                }
            }
            if !self.singles.is_empty() || !self.queue.is_empty() {
                continue;
            }
            // Pointing and claiming: a value confined to the cells an area shares with
            // another leaves the rest of the other.
            while let Some((f, i)) = self.pointing.pop() {
                self.pointed[f as usize * m.nvals + i as usize] = false;
                let count = self.places[f as usize * m.nvals + i as usize] as usize;
                if count < 2 {
                    continue;
                }
                let bit = D::bit(i);
                // Where the value can go in the area (narrowing the other area's cells below
                // leaves this area's as they are).
                let at = self.places_at(doms, f as usize, i);
                for x in &m.crossings[f as usize] {
                    if count > x.shared || at & !D::narrowed(x.shared_at) != D::ZERO {
                        continue;
                    }
                    for &c in &x.theirs_only {
                        let d = doms[c as usize];
                        if d & bit != D::ZERO && !self.narrow(doms, c, d & !bit) {
                            self.blame(doms, &x.theirs_only);
                            return false;
                        }
                    }
                }
            }
            // A smaller area (a cage that must differ) with more cells than values left for
            // them. Only the areas where a cell changed.
            while let Some(u) = self.uqueue.pop() {
                self.uqueued[u as usize] = false;
                let unit = &m.units[u as usize];
                let once = unit.iter().fold(D::ZERO, |a, &c| a | doms[c as usize]);
                if (once.count_ones() as usize) < unit.len() {
                    self.blame(doms, unit);
                    return false;
                }
            }
            if !self.queue.is_empty() {
                continue;
            }
            // The rules' conditions on many cells once the areas' hidden singles, pointing and
            // counts are done too: they see the cells those settle, and a failure is more
            // often found by the cheap propagators (whose blame, a whole area, steers the
            // search differently). Measured at -p 1 against running them before the hidden
            // singles: Mathemagic's 14 hard killers 1,352,770 -> 1,159,952 nodes, 48.9 ->
            // 46.6 s; 45 killers 46,845 -> 39,019 nodes; 38 library puzzles 15,807 -> 14,151.
            // And all of them in a row, before the cheap propagators look at what they
            // narrowed (most keep every value, and a pass of the cheap ones between each two
            // cost more than it found): under callgrind mathemagic-12 10,285M -> 6,409M
            // instructions (38,935 -> 28,194 nodes), Wecoc #2 1,913M -> 651M (5,423 -> 2,475),
            // tarek-39 1,081M -> 964M; the hard 14 1,137,492 -> 1,125,382 nodes, the 45
            // killers 41,393 -> 40,528, the library 14,151 -> 15,436.
            if !self.gqueue.is_empty() {
                while let Some(k) = self.gqueue.pop() {
                    if !self.prune_general(doms, k) {
                        return false;
                    }
                }
                continue;
            }
            // The law of leftovers' sums once the rules' own and the areas' cheap propagators
            // are done, oldest first.
            if let Some(k) = self.lqueue.pop_front() {
                if !self.prune_general(doms, k) {
                    return false;
                }
                continue;
            }
            // The matching filter last: it costs the most of the area propagators, and the
            // cheaper ones often settle the area first.
            if let Some(f) = self.aqueue.pop() {
                self.aqueued[f as usize] = false;
                let unit = &m.units[m.full_units[f as usize] as usize];
                let mut kept = std::mem::take(&mut self.pruned);
                kept.clear();
                kept.extend(unit.iter().map(|&c| doms[c as usize]));
                let ok = match alldiff::filter(
                    &mut kept,
                    &mut self.hints[f as usize],
                    &mut self.matching,
                ) {
                    None => false,
                    Some(false) => true,
                    Some(true) => self.narrow_each(doms, unit.iter().copied(), &kept),
                };
                self.pruned = kept;
                if !ok {
                    self.blame(doms, unit);
                    return false;
                }
                continue;
            }
            if let Some(i) = self.fqueue.pop() {
                self.fqueued[i as usize] = false;
                if !self.fish(doms, i) {
                    return false;
                }
                continue;
            }
            return true;
        }
    }

    /// Prune queued condition `k`; false on a contradiction (its cells blamed) or past the
    /// deadline.
    fn prune_general(&mut self, doms: &mut [D], k: u32) -> bool {
        self.gqueued[k as usize] = false;
        // One condition on many cells can take milliseconds to prune, and one node thousands
        // of them: the clock is read here too, not only every 256 nodes, so a time limit of
        // 0.02 s is not overrun by seconds. (The caller sees `stop`.) But not before every
        // condition: a killer's cages cost a fraction of a microsecond each, and reading the
        // clock before each of them was 5% of a proof under `--time-limit` (`perf record` on
        // mathemagic-05); so once the conditions pruned since the last reading hold
        // `CLOCK_CELLS` cells, a condition as large or larger each time. The hard 14 at -p 1
        // with `--time-limit 60`, the same nodes: 27.7 and 27.6 s -> 26.1 and 26.2 s.
        self.unclocked += self.m.generals[k as usize].scope.len();
        if self.unclocked >= CLOCK_CELLS {
            self.unclocked = 0;
            if self.past_deadline() {
                return false;
            }
        }
        if !self.general(doms, k as usize) {
            if !self.stop {
                let m = self.m;
                self.blame(doms, &m.generals[k as usize].scope);
            }
            return false;
        }
        true
    }

    /// Value `i`'s places as a matching between rows and columns (`Model::rows`): each row
    /// holds it once and each column once, so a place that lies in no perfect matching goes.
    /// These are the X-wings, swordfish and larger fish of every size at once, the view of a
    /// Latin square by value, which the areas' matchings (cells against values) never take.
    fn fish(&mut self, doms: &mut [D], i: u32) -> bool {
        let m = self.m;
        let mut kept = std::mem::take(&mut self.pruned);
        kept.clear();
        kept.extend(
            m.rows
                .iter()
                .map(|&f| self.at[f as usize * m.nvals + i as usize]),
        );
        let ok = match alldiff::filter(&mut kept, &mut self.fhints[i as usize], &mut self.matching)
        {
            None => false,
            Some(false) => true,
            Some(true) => {
                let bit = D::bit(i);
                let mut ok = true;
                'rows: for (r, &f) in m.rows.iter().enumerate() {
                    let gone = self.at[f as usize * m.nvals + i as usize] & !kept[r];
                    let unit = &m.units[m.full_units[f as usize] as usize];
                    for j in bits(gone) {
                        let c = unit[j as usize];
                        if !self.narrow(doms, c, doms[c as usize] & !bit) {
                            ok = false;
                            break 'rows;
                        }
                    }
                }
                ok
            }
        };
        self.pruned = kept;
        ok
    }

    /// Narrow each cell to the domain a propagator kept for it; false when one is emptied.
    fn narrow_each(
        &mut self,
        doms: &mut [D],
        cells: impl Iterator<Item = u32>,
        kept: &[D],
    ) -> bool {
        cells.zip(kept).all(|(c, &d)| self.narrow(doms, c, d))
    }
}

impl<D: Word> Search<'_, '_, D> {
    /// Prune the cells of a condition on three or more cells. The filters read 128-bit
    /// domains: the condition's cells are widened into `wide` (only its scope is current
    /// there, and only its scope is read), and what a filter keeps is narrowed back.
    fn general(&mut self, doms: &mut [D], k: usize) -> bool {
        let m = self.m;
        let cond = &m.generals[k];
        if let (Kind::Linear(l), Some(t)) = (&cond.kind, &m.tables[k]) {
            return self.table_sum(doms, k, l, t);
        }
        // A law of leftovers' sum (one with a table went above) waits until at most
        // `DERIVED_OPEN` of its cells are open.
        if k as u32 >= m.derived_from
            && cond
                .scope
                .iter()
                .filter(|&&c| {
                    let d = doms[c as usize];
                    d & (d - D::ONE) != D::ZERO
                })
                .count()
                > DERIVED_OPEN
        {
            return true;
        }
        // A sum's or a line's filter mostly keeps what its own filter would keep again: when
        // its cells are as it left them (it was queued again by its own pruning), it has
        // nothing to do. (The Barbed Cross's little killers: 40% of their calls.) Not every
        // filter is its own fixpoint, though (counting circles forces a digit into its last
        // places without looking at the other digits again; bounds on a sum narrow every
        // cell from the others' old bounds), so once every cell is fixed it looks again: a
        // filter's own pruning can fix the cells to values that break the rule, and a grid
        // is only ever reported after every rule has looked at its values (the generator's
        // random grids of Clockwork broke its counting circles one time in four).
        let settled = &self.settled[k];
        let fixed = || {
            cond.scope.iter().all(|&c| {
                let d = doms[c as usize];
                d == D::ZERO || d & (d - D::ONE) == D::ZERO
            })
        };
        if !matches!(cond.kind, Kind::Expr)
            && settled.len() == cond.scope.len()
            && cond
                .scope
                .iter()
                .zip(settled.iter())
                .all(|(&c, &d)| doms[c as usize].widened() == d)
            && !fixed()
        {
            return true;
        }
        // A condition by its algebra that held on wider domains than these holds on these:
        // nothing to prune, and no need to walk its expression again.
        if matches!(cond.kind, Kind::Expr)
            && settled.len() == cond.scope.len()
            && cond
                .scope
                .iter()
                .zip(settled.iter())
                .all(|(&c, &d)| doms[c as usize].widened() & !d == 0)
        {
            return true;
        }
        let mut wide = std::mem::take(&mut self.wide);
        for &c in &cond.scope {
            wide[c as usize] = doms[c as usize].widened();
        }
        let mut out = std::mem::take(&mut self.kept);
        let ok = match &cond.kind {
            Kind::Linear(l) => {
                let cells = || l.terms.iter().map(|t| t.1);
                let used = self.supports[k].is_used();
                let need = l.index_sum(m.lo);
                let w = m.nvals;
                // The answer, and whether it kept every value (nothing to narrow).
                let (ok, kept) = {
                    // The sum's question as one key: its cells' domains side by side.
                    let key = (l.terms.len() * w <= 128 && w < 128).then(|| {
                        cells()
                            .enumerate()
                            .fold(0u128, |p, (j, c)| p | wide[c as usize] << (j * w))
                    });
                    match key.and_then(|key| self.memos[k].get(&key).copied()) {
                        Some(a) if Some(a) == key => (true, true),
                        Some(a) => {
                            let mask = (1u128 << w) - 1;
                            out.clear();
                            out.extend((0..l.terms.len()).map(|j| a >> (j * w) & mask));
                            (!out.contains(&0), false)
                        }
                        None => {
                            let (ok, kept) = if used {
                                out.clear();
                                out.extend(cells().map(|c| wide[c as usize]));
                                match self.supports[k].prune(&mut out, need, supports::QUICK) {
                                    supports::Pruned::Kept => (true, true),
                                    supports::Pruned::Narrowed => (!out.contains(&0), false),
                                    supports::Pruned::Unknown => {
                                        let ok = l.filter(m.lo, &wide, &mut out, &mut self.scratch);
                                        if ok {
                                            self.supports[k].prune(&mut out, need, supports::STEPS);
                                        }
                                        (ok, false)
                                    }
                                }
                            } else {
                                (l.filter(m.lo, &wide, &mut out, &mut self.scratch), false)
                            };
                            if let Some(key) = key {
                                let memo = &mut self.memos[k];
                                if memo.len() >= self.memo_size {
                                    memo.clear();
                                }
                                let a = if ok {
                                    out.iter()
                                        .enumerate()
                                        .fold(0u128, |p, (j, &d)| p | d << (j * w))
                                } else {
                                    0
                                };
                                memo.insert(key, a);
                            }
                            (ok, kept)
                        }
                    }
                };
                ok && (kept || self.narrow_wide(doms, cells(), &out))
                    && (!used || self.required(doms, k, l, need, &mut out))
            }
            Kind::Line(line) => {
                line.filter(m.lo, &wide, &mut out, &mut self.scratch)
                    && self.narrow_wide(doms, line.cells().iter().copied(), &out)
            }
            Kind::Count(count) => {
                count.filter(&wide, &mut out)
                    && self.narrow_wide(doms, count.cells.iter().copied(), &out)
                    // The digit is in the set: not in the rest of an area that holds every
                    // cell of the set that can take it.
                    && (count.min < 1
                        || self.place_required(doms, count.cells.iter().copied(), 1 << count.value))
            }
            Kind::Expr => {
                self.kept = out;
                let ok = self.expression(doms, &mut wide, k);
                self.wide = wide;
                return ok;
            }
        };
        self.kept = out;
        self.wide = wide;
        if ok {
            let settled = &mut self.settled[k];
            settled.clear();
            settled.extend(cond.scope.iter().map(|&c| doms[c as usize].widened()));
        }
        ok
    }

    /// A sum with a table (`table`): its own fixpoint (every value it keeps has a row within
    /// the domains it keeps), so when its cells are as it left them it has nothing to do; no
    /// memo (the table answers in fewer instructions than a lookup) and no mirror of the
    /// domains in 128 bits (`general`'s other conditions): the cells' domains go to the
    /// filter and only those it narrowed come back.
    fn table_sum(&mut self, doms: &mut [D], k: usize, l: &Linear, t: &table::Table) -> bool {
        let mut small = std::mem::take(&mut self.small);
        small.clear();
        // (Every domain of a table's cells lies within its first 32 values.)
        small.extend(
            l.terms
                .iter()
                .map(|&(_, c)| doms[c as usize].widened() as table::Small),
        );
        if self.tables.settled(k, t, &small) {
            self.small = small;
            return true;
        }
        let ok = self.tables.filter(k, t, &mut small)
            && l.terms
                .iter()
                .zip(&small)
                .all(|(&(_, c), &d)| self.narrow(doms, c, D::narrowed(d as Dom)));
        // The cage's required values from the domains the table kept (its cells' own now).
        let required = if ok && self.supports[k].is_used() {
            let (mut all, mut fixed) = (0, 0);
            for &d in &small {
                all |= d;
                if d & d.wrapping_sub(1) == 0 {
                    fixed |= d;
                }
            }
            self.supports[k].required_within(small.len(), all, fixed, l.index_sum(self.m.lo))
        } else {
            0
        };
        self.small = small;
        ok && (required == 0
            || self.place_required(doms, l.terms.iter().map(|t| t.1), required as Dom))
    }

    /// Narrow each cell to the 128-bit domain a condition's filter kept for it.
    fn narrow_wide(
        &mut self,
        doms: &mut [D],
        cells: impl Iterator<Item = u32>,
        kept: &[Dom],
    ) -> bool {
        cells
            .zip(kept)
            .all(|(c, &d)| self.narrow(doms, c, D::narrowed(d)))
    }

    /// A value every set of values a cage can still take holds (`Supports::required`) is in
    /// one of the cage's cells that can take it: if that is one cell, it is that cell's value
    /// (a hidden single of the cage); else it goes from the rest of each full area that
    /// holds all of them (a killer solver's cage pointing: a cage of 3 cells in a row of a
    /// box that must hold a 9 takes the 9 from the rest of the row and the box). The
    /// Interactive Sudoku Solver's sum handler does this; a cage alone, however exactly
    /// filtered, cannot. (`out` is scratch.)
    fn required(
        &mut self,
        doms: &mut [D],
        k: usize,
        l: &Linear,
        need: i64,
        out: &mut Vec<Dom>,
    ) -> bool {
        out.clear();
        out.extend(l.terms.iter().map(|&(_, c)| doms[c as usize].widened()));
        let required = self.supports[k].required(out, need);
        self.place_required(doms, l.terms.iter().map(|t| t.1), required)
    }

    /// Each of the `required` values is in one of `cells` (a cage, a count of at least one)
    /// that can take it: if only one can, it does; else it leaves the rest of every full area
    /// that holds all of those places.
    fn place_required(
        &mut self,
        doms: &mut [D],
        cells: impl Iterator<Item = u32> + Clone,
        required: Dom,
    ) -> bool {
        let mut rest = std::mem::take(&mut self.cage_places);
        let kept = self.place_each(doms, cells, required, &mut rest);
        self.cage_places = rest;
        kept
    }

    /// `place_required`'s work, with `rest` as the scratch for a value's places other than the
    /// first.
    fn place_each(
        &mut self,
        doms: &mut [D],
        cells: impl Iterator<Item = u32> + Clone,
        required: Dom,
        rest: &mut Vec<u32>,
    ) -> bool {
        let m = self.m;
        for i in bits(required) {
            let bit = D::bit(i);
            // The cage's cells that can take it, open ones only: a fixed one's peers lost it
            // when it was fixed.
            let mut places = cells.clone().filter(|&c| doms[c as usize] & bit != D::ZERO);
            let Some(first) = places.next() else {
                return false;
            };
            if doms[first as usize] == bit {
                continue;
            }
            rest.clear();
            rest.extend(places);
            if rest.is_empty() {
                if !self.narrow(doms, first, bit) {
                    return false;
                }
                continue;
            }
            for &f in &m.cell_full_units[first as usize] {
                if !rest
                    .iter()
                    .all(|&c| m.cell_full_units[c as usize].contains(&f))
                {
                    continue;
                }
                // Its places there are the cage's alone: nothing to take.
                if self.places[f as usize * m.nvals + i as usize] as usize == 1 + rest.len() {
                    continue;
                }
                let unit = &m.units[m.full_units[f as usize] as usize];
                for &c in unit {
                    if c != first
                        && !rest.contains(&c)
                        && doms[c as usize] & bit != D::ZERO
                        && !self.narrow(doms, c, doms[c as usize] & !bit)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Prune a condition on many cells by its algebra: enumeration of few combinations, else
    /// bounds. `wide` holds its cells' domains in 128 bits, kept as they narrow.
    fn expression(&mut self, doms: &mut [D], wide: &mut [Dom], k: usize) -> bool {
        let cond = &self.m.generals[k];
        // It holds on these domains, and so on every part of them (evaluation only gets
        // surer as domains shrink): kept as held until the search backs out past them.
        let first = self.eval(&cond.g, wide);
        if first == Tri::True {
            let settled = &mut self.settled[k];
            settled.clear();
            settled.extend(cond.scope.iter().map(|&c| wide[c as usize]));
            return true;
        }
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        let mut product: u64 = 1;
        for &c in &cond.scope {
            let n = wide[c as usize].count_ones();
            if n > 1 {
                open.push(c);
                product = product.saturating_mul(n as u64);
            }
        }
        let ok = if open.is_empty() || product > ENUMERATION_LIMIT {
            // Bounds: each open value must leave the condition possible. A condition that
            // holds on the domains holds on every value of them (evaluation only gets surer
            // as domains shrink): nothing to shave. (A hand-written sandwich's implications
            // mostly hold once their crusts cannot be: this was half of its search.)
            let mut ok = first != Tri::False;
            if first == Tri::Unknown && !open.is_empty() && open.len() <= SHAVE_LIMIT {
                'cells: for &c in &open {
                    let saved = wide[c as usize];
                    let mut keep = 0;
                    for i in bits(saved) {
                        wide[c as usize] = 1u128 << i;
                        if self.eval(&cond.g, wide) != Tri::False {
                            keep |= 1u128 << i;
                        }
                    }
                    wide[c as usize] = keep;
                    if !self.narrow(doms, c, D::narrowed(keep)) {
                        ok = false;
                        break 'cells;
                    }
                }
            }
            ok
        } else {
            let mut support = vec![0u128; open.len()];
            self.enumerate(&cond.g, wide, &open, 0, &mut support);
            let mut ok = true;
            for (j, &c) in open.iter().enumerate() {
                if !self.narrow(doms, c, D::narrowed(wide[c as usize] & support[j])) {
                    ok = false;
                    break;
                }
            }
            ok
        };
        self.open = open;
        ok
    }

    /// Collect in `support` the values of `open[j..]` that take part in a combination for
    /// which `g` holds (the earlier open cells are fixed by the caller).
    fn enumerate(&self, g: &G, doms: &mut [Dom], open: &[u32], j: usize, support: &mut [Dom]) {
        match self.eval(g, doms) {
            Tri::False => {}
            // Every completion holds: all remaining values are supported.
            Tri::True => {
                for (s, &c) in support.iter_mut().zip(open) {
                    *s |= doms[c as usize];
                }
            }
            Tri::Unknown if j < open.len() => {
                let c = open[j] as usize;
                let saved = doms[c];
                for i in bits(saved) {
                    doms[c] = 1u128 << i;
                    self.enumerate(g, doms, open, j + 1, support);
                }
                doms[c] = saved;
            }
            // Evaluation is exact once every cell is fixed, so this is not reached; keeping the
            // values is the safe answer if it were.
            Tri::Unknown => {
                for (s, &c) in support.iter_mut().zip(open) {
                    *s |= doms[c as usize];
                }
            }
        }
    }

    /// Three-valued truth of a ground condition over the domains.
    fn eval(&self, g: &G, doms: &[Dom]) -> Tri {
        match g {
            G::Bool(b) => tri(*b),
            G::And(items) => {
                let mut r = Tri::True;
                for x in items {
                    match self.eval(x, doms) {
                        Tri::False => return Tri::False,
                        Tri::Unknown => r = Tri::Unknown,
                        Tri::True => {}
                    }
                }
                r
            }
            G::Or(items) => {
                let mut r = Tri::False;
                for x in items {
                    match self.eval(x, doms) {
                        Tri::True => return Tri::True,
                        Tri::Unknown => r = Tri::Unknown,
                        Tri::False => {}
                    }
                }
                r
            }
            G::Cmp(op, a, b) => self.compare(*op, a, b, doms),
            G::In(x, ranges) => self.member(x, ranges, doms),
            _ => unreachable!("not a condition"),
        }
    }

    fn compare(&self, op: BinOp, a: &G, b: &G, doms: &[Dom]) -> Tri {
        // A cell against a cell or a number: exact on the domains, not only their bounds.
        let as_dom = |g: &G| -> Option<Dom> {
            match g {
                G::Val(c) => Some(doms[*c]),
                G::Int(v) => {
                    let i = v - self.m.lo;
                    Some(if (0..self.m.nvals as i64).contains(&i) {
                        1u128 << i
                    } else {
                        0
                    })
                }
                _ => None,
            }
        };
        if matches!(op, BinOp::Eq | BinOp::Ne)
            && let (Some(x), Some(y)) = (as_dom(a), as_dom(b))
        {
            // An integer outside the value set has an empty "domain" but still a value.
            let outside = |g: &G, d: Dom| matches!(g, G::Int(_)) && d == 0;
            if !outside(a, x) && !outside(b, y) {
                let disjoint = x & y == 0;
                let same_point = x == y && x.count_ones() == 1;
                return match (op, disjoint, same_point) {
                    (BinOp::Eq, true, _) | (BinOp::Ne, _, true) => Tri::False,
                    (BinOp::Eq, _, true) | (BinOp::Ne, true, _) => Tri::True,
                    _ => Tri::Unknown,
                };
            }
        }
        let (al, ah) = self.range(a, doms);
        let (bl, bh) = self.range(b, doms);
        let point = al == ah && bl == bh;
        match op {
            BinOp::Eq if point => tri(al == bl),
            BinOp::Eq if ah < bl || bh < al => Tri::False,
            BinOp::Ne if point => tri(al != bl),
            BinOp::Ne if ah < bl || bh < al => Tri::True,
            BinOp::Eq | BinOp::Ne => Tri::Unknown,
            BinOp::Lt => ordered(ah < bl, al >= bh),
            BinOp::Le => ordered(ah <= bl, al > bh),
            BinOp::Gt => ordered(al > bh, ah <= bl),
            _ => ordered(al >= bh, ah < bl),
        }
    }

    /// `x in ranges`: exact on a cell's domain (the values left in the set, or out of it),
    /// by bounds on any other expression.
    fn member(&self, x: &G, ranges: &[(i64, i64)], doms: &[Dom]) -> Tri {
        if let G::Val(c) = x {
            let inside = self.m.mask(|v| ground::contains(ranges, v));
            let d = doms[*c];
            return if d & inside == 0 {
                Tri::False
            } else if d & !inside == 0 {
                Tri::True
            } else {
                Tri::Unknown
            };
        }
        let (l, h) = self.range(x, doms);
        if ranges.iter().any(|&(lo, hi)| lo <= l && h <= hi) {
            Tri::True
        } else if ranges.iter().all(|&(lo, hi)| hi < l || h < lo) {
            Tri::False
        } else {
            Tri::Unknown
        }
    }

    /// Bounds of a ground integer expression over the domains (exact when every cell in it is
    /// fixed).
    fn range(&self, g: &G, doms: &[Dom]) -> (i64, i64) {
        match g {
            G::Int(v) => (*v, *v),
            G::Val(c) => {
                let d = doms[*c];
                (
                    self.m.value(d.trailing_zeros()),
                    self.m.value(127 - d.leading_zeros()),
                )
            }
            G::Neg(x) => {
                let (l, h) = self.range(x, doms);
                (h.saturating_neg(), l.saturating_neg())
            }
            G::Abs(x) => {
                let (l, h) = self.range(x, doms);
                if l >= 0 {
                    (l, h)
                } else if h <= 0 {
                    (h.saturating_neg(), l.saturating_neg())
                } else {
                    (0, h.max(l.saturating_neg()))
                }
            }
            G::Arith(op, x, y) => {
                let (xl, xh) = self.range(x, doms);
                let (yl, yh) = self.range(y, doms);
                match op {
                    BinOp::Add => (xl.saturating_add(yl), xh.saturating_add(yh)),
                    BinOp::Sub => (xl.saturating_sub(yh), xh.saturating_sub(yl)),
                    // The divisor is a number (grounding makes it one), never 0.
                    BinOp::Div => {
                        let (a, b) = (ground::floor_div(xl, yl), ground::floor_div(xh, yl));
                        (a.min(b), a.max(b))
                    }
                    BinOp::Mod => {
                        let k = yl;
                        let q = ground::floor_div(xl, k);
                        if ground::floor_div(xh, k) == q {
                            // Within one block, `x % k` is `x - k q`: exact when x is fixed.
                            let kq = k.saturating_mul(q);
                            (xl.saturating_sub(kq), xh.saturating_sub(kq))
                        } else if k > 0 {
                            (0, k - 1)
                        } else {
                            (k + 1, 0)
                        }
                    }
                    _ => {
                        let p = [
                            xl.saturating_mul(yl),
                            xl.saturating_mul(yh),
                            xh.saturating_mul(yl),
                            xh.saturating_mul(yh),
                        ];
                        (*p.iter().min().unwrap(), *p.iter().max().unwrap())
                    }
                }
            }
            G::Sum(items) => items.iter().fold((0i64, 0i64), |(l, h), x| {
                let (xl, xh) = self.range(x, doms);
                (l.saturating_add(xl), h.saturating_add(xh))
            }),
            G::Count(items) => {
                let (mut l, mut h) = (0, 0);
                for x in items {
                    match self.eval(x, doms) {
                        Tri::True => {
                            l += 1;
                            h += 1
                        }
                        Tri::Unknown => h += 1,
                        Tri::False => {}
                    }
                }
                (l, h)
            }
            G::NDistinct(items) => self.ndistinct(items, doms),
            _ => unreachable!("not a number"),
        }
    }

    /// Bounds on the number of distinct values among `items`.
    fn ndistinct(&self, items: &[G], doms: &[Dom]) -> (i64, i64) {
        if items.is_empty() {
            return (0, 0);
        }
        // The usual case, every item a cell: bitsets, no allocation.
        if items.iter().all(|x| matches!(x, G::Val(_))) {
            let (mut fixed, mut union, mut open) = (0u128, 0u128, 0i64);
            for x in items {
                let G::Val(c) = x else { unreachable!() };
                let d = doms[*c];
                union |= d;
                if d.count_ones() == 1 {
                    fixed |= d;
                } else {
                    open += 1;
                }
            }
            let lo = (fixed.count_ones() as i64).max(1);
            let hi = (fixed.count_ones() as i64 + open).min(union.count_ones() as i64);
            return (lo, hi.max(lo));
        }
        let mut fixed: Vec<i64> = Vec::new();
        let mut open = 0i64;
        for x in items {
            let (l, h) = self.range(x, doms);
            if l == h {
                fixed.push(l);
            } else {
                open += 1;
            }
        }
        fixed.sort_unstable();
        fixed.dedup();
        let lo = (fixed.len() as i64).max(1);
        (lo, fixed.len() as i64 + open)
    }
}

fn tri(b: bool) -> Tri {
    if b { Tri::True } else { Tri::False }
}

fn ordered(always: bool, never: bool) -> Tri {
    if always {
        Tri::True
    } else if never {
        Tri::False
    } else {
        Tri::Unknown
    }
}

/// Shuffle `items` (Fisher-Yates) with an xorshift generator whose state is `state`: the value
/// order of a random grid, in both searches (the bitboard search also orders its first area
/// with it).
fn shuffle<T>(state: &mut u64, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        items.swap(i, (*state % (i as u64 + 1)) as usize);
    }
}

/// The indices of the set bits, lowest first: of a domain (`Dom`), an area mask (`u64`), or a
/// small domain (`u32`, where the 128-bit walk costs twice the instructions).
fn bits<T: Bits>(d: T) -> T::Iter {
    d.iter()
}

/// An unsigned integer as a set of bit indices (`bits`).
trait Bits: Copy {
    type Iter: Iterator<Item = u32>;
    fn iter(self) -> Self::Iter;
}

/// The set bits of one machine word, lowest first.
struct SetBits<T>(T);

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Iterator for SetBits<$t> {
            type Item = u32;
            fn next(&mut self) -> Option<u32> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros();
                self.0 &= self.0 - 1;
                Some(i)
            }
        }
        impl Bits for $t {
            type Iter = SetBits<$t>;
            fn iter(self) -> SetBits<$t> {
                SetBits(self)
            }
        }
    )*};
}
impl_bits!(u32, u64);

/// A 128-bit set walked as its two 64-bit halves: each step one word's operations, not two
/// words' with a carry (the domains of every model with conditions on many cells are 128
/// bits, most of them with values in the low half only).
struct Halves {
    low: SetBits<u64>,
    high: SetBits<u64>,
}

impl Iterator for Halves {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        self.low.next().or_else(|| self.high.next().map(|i| i + 64))
    }
}

impl Bits for u128 {
    type Iter = Halves;
    fn iter(self) -> Halves {
        Halves {
            low: SetBits(self as u64),
            high: SetBits((self >> 64) as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Dom, Model, Options, Outcome, Width};

    /// The search's model of a model's text (also `houses`'s tests).
    pub(super) fn model(text: &str) -> Model {
        let p = crate::load("t.sdk", text.as_bytes(), None).expect("the model reads");
        Model::new(&p).expect("the model compiles")
    }

    #[test]
    fn rows_and_columns_are_matched_per_value_on_latin_grids_of_30_values_and_more() {
        let grid = |n: usize, b: &str, rule: &str| {
            format!("grid {n}x{n}\nboxes {b}\nrule distinct {rule}\n")
        };
        let m = model(&grid(36, "6x6", "rows, columns, boxes"));
        assert_eq!(m.rows.len(), 36);
        let f = m.rows[4] as usize;
        assert_eq!(
            m.units[m.full_units[f] as usize],
            (144..180).collect::<Vec<u32>>()
        );
        assert!(model(&grid(36, "6x6", "rows, boxes")).rows.is_empty());
        assert!(
            model(&grid(25, "5x5", "rows, columns, boxes"))
                .rows
                .is_empty()
        );
    }

    #[test]
    fn every_width_searches_alike() {
        // Each model in its own width and in the wider ones: the same grids, the same nodes
        // and the same propagation. A 16x16 (too many cells for the bitboards), a 6x6 with
        // pair tables (a dot between two cells), a 9x9 with conditions on three cells (a sum
        // of cells that differ, whose filter reads 128 bits; a condition by its algebra), and
        // empty grids: a 16x16 branches on a
        // value's two places in an area, read from its mask; the others' values reach the top
        // bits of 32 and 64: a 32x32 and a 36x36 run the matching filter, the 36x36 also the
        // rows-and-columns matching (`fish`), and the 64x64 has a pair table.
        let sixteen = std::fs::read_to_string("examples/sixteen.sdk").expect("the example");
        let grid = |n: usize, boxes: &str, more: &str| {
            format!("grid {n}x{n}\nboxes {boxes}\nrule distinct rows, columns, boxes\n{more}")
        };
        let cases = [
            (sixteen, 0, Width::W32),
            (
                grid(
                    6,
                    "2x3",
                    "rule v[r1c1] == 2 * v[r1c2]\nrule v[r3c3] + 1 == v[r4c3]\n",
                ),
                50,
                Width::W32,
            ),
            (
                grid(
                    9,
                    "3x3",
                    "rule v[r1c1] + v[r1c2] + v[r2c1] == 12\nrule v[r5c5] + v[r5c6] > 2 * v[r6c5]\n",
                ),
                30,
                Width::W32,
            ),
            (grid(16, "4x4", ""), 2, Width::W32),
            (grid(32, "4x8", ""), 1, Width::W32),
            (grid(36, "6x6", ""), 1, Width::W64),
            (
                grid(64, "8x8", "rule v[r1c1] + v[r1c2] == 127\n"),
                1,
                Width::W64,
            ),
        ];
        for (text, limit, width) in cases {
            let p = crate::load("t.sdk", text.as_bytes(), None).expect("the model reads");
            let mut m = Model::new(&p).expect("the model compiles");
            assert_eq!(m.width, width, "{text}");
            assert!(m.houses.is_none());
            let wider = [Width::W32, Width::W64, Width::W128]
                .into_iter()
                .filter(|&w| w as u8 >= width as u8);
            let runs: Vec<_> = wider
                .map(|w| {
                    m.width = w;
                    let opts = Options {
                        limit,
                        ..Options::default()
                    };
                    let out = m.solve(&p.givens, &opts);
                    (out.solutions, out.nodes, m.propagate(&p.givens))
                })
                .collect();
            assert!(!runs[0].0.is_empty(), "{text}");
            for run in &runs[1..] {
                assert_eq!(run, &runs[0], "{text}");
            }
        }
    }

    /// The domains after propagation at the root, or None on a contradiction.
    fn root(m: &Model, givens: &[Option<i64>]) -> Option<Vec<Dom>> {
        let (mut out, mut each) = (Outcome::default(), |_: &[i64]| true);
        let mut s = m.searcher(&Options::default(), &mut each, &mut out);
        let mut doms = m.initial(givens, &[]);
        s.count_places(&doms);
        (doms.iter().all(|&d| d != 0) && s.propagate(&mut doms)).then_some(doms)
    }

    #[test]
    fn the_rows_and_columns_matching_keeps_every_solution_and_prunes_more() {
        // 6x6 Latin squares with random givens, the matching filter on in both models: the
        // second also matches each value's rows to its columns.
        let text = "grid 6x6\nrule distinct rows, columns\n";
        let mut plain = model(text);
        (plain.masks, plain.matching) = (true, true);
        let mut fish = model(text);
        (fish.masks, fish.matching) = (true, true);
        fish.rows = fish.latin_rows(6, 6);
        assert_eq!(fish.rows.len(), 6);
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        let (mut pruned_more, mut cases) = (0, 0);
        while cases < 300 {
            // A random Latin square, a random third to half of its cells given.
            let full = Options {
                limit: 1,
                seed: Some(next(1 << 30)),
                ..Options::default()
            };
            let square = plain.solve(&[None; 36], &full).solutions.remove(0);
            let keep = 2 + next(2);
            let givens: Vec<Option<i64>> = square
                .iter()
                .map(|&v| (next(6) < keep).then_some(v))
                .collect();
            let all = |m: &Model| {
                let mut out = m.solve(&givens, &Options::default());
                out.solutions.sort();
                out.solutions
            };
            let solutions = all(&plain);
            assert_eq!(all(&fish), solutions, "givens {givens:?}");
            let (a, b) = (root(&plain, &givens), root(&fish, &givens));
            if solutions.is_empty() {
                continue;
            }
            let (Some(a), Some(b)) = (a, b) else {
                panic!("a contradiction at the root of givens with a solution: {givens:?}");
            };
            cases += 1;
            for c in 0..36 {
                assert_eq!(
                    b[c] & !a[c],
                    0,
                    "the second model keeps only what the first does"
                );
                for s in &solutions {
                    assert_ne!(b[c] >> (s[c] - 1) & 1, 0, "a solution's value was pruned");
                }
            }
            pruned_more += usize::from(a != b);
        }
        assert!(
            pruned_more > 0,
            "the rows and columns matching never pruned more"
        );
    }
}
