//! The generator (seed 004, for any rule set and size): a full grid that satisfies every
//! rule, then its cells in a random order (`Order`), each clue dropped when the puzzle stays
//! unique.
//! What is left is irreducible: every clue is needed. Before a puzzle is handed out, `verify`
//! proves that by a different question than the one that dug it.
//!
//! Everything random comes from the seed and the puzzle's index, so a list of puzzles is the
//! same however many threads made it.

use std::time::Instant;

use crate::check;
use crate::exit;
use crate::puzzle::{Cell, Puzzle};
use crate::solve::{self, Backend, Builtin, Prepared, Question};

/// How puzzles are made.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The same seed gives the same puzzles, whatever the number of threads.
    pub seed: u64,
    /// Random orders tried per puzzle; the one with the fewest clues is kept.
    pub tries: usize,
    /// Seconds each solver question may take.
    pub time_limit: Option<f64>,
    /// The order the clues are tried in.
    pub order: Order,
}

/// The order the dig tries the clues in (`--order`). Every order gives an irreducible puzzle
/// with one solution; they differ in how the clues that stay are spread, and in how dear the
/// questions are on a large grid.
///
/// A question costs little when the cells already open are few or hang together. In one
/// random order (`Cells`), the last questions of a 25x25 find a second solution among some
/// 350 open cells scattered over the grid, which takes thousands of nodes each (seed 1: 236
/// such searches, 54 s), and a 36x36 never finishes. Taken row by row, the rows not yet
/// reached are all given, so the open cells can only take their columns' missing values and
/// the search stays within the rows already taken; band by band (the rows of a band of boxes
/// together, the bands in a random order), whole boxes are given too: a 25x25 in 0.2 to
/// 0.3 s, a 36x36 in 3 to 4 s (`sdkc generate --order rows`, `-j 1`, seeds 1 to 3). In an
/// experimental build (other random draws, so other puzzles), seeds 1 to 4, the rows in one
/// random order took 4.9 to 18.5 s on a 36x36 and left 563 to 585 clues, band by band 3.4 to
/// 7.3 s and 553 to 555. But the first rows taken lose all or nearly all their clues (every
/// cell of the first is a naked single). Value by value is the same idea turned around (the
/// values not yet reached are all given) and keeps the clues even over rows, columns and
/// boxes, while the first value taken is never given and the next few rarely: a 25x25 in 0.9
/// to 2.5 s (seeds 1 to 8), but on a 36x36 its searches grow to 100,000 nodes and more and
/// it does not finish, where rows do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// `Cells` up to 16 values, `Values` up to 25, `Rows` past that: the evenest puzzle the
    /// dig finishes in seconds.
    #[default]
    Auto,
    /// Every cell in one random order: the clues spread evenly over places and values.
    Cells,
    /// Value by value, the values in a random order and each value's cells in a random order.
    Values,
    /// Row by row: the bands of boxes in a random order, the rows of a band in a random
    /// order, each row's cells in a random order. Without boxes (a jigsaw, a Latin square)
    /// each row is its own band.
    Rows,
}

impl Order {
    /// The names `--order` takes.
    pub const NAMES: [&'static str; 4] = ["auto", "cells", "values", "rows"];

    /// The order `Auto` stands for on the rules of `p`; any other order is itself.
    pub fn resolve(self, p: &Puzzle) -> Order {
        match self {
            Order::Auto if p.value_count() <= 16 => Order::Cells,
            Order::Auto if p.value_count() <= 25 => Order::Values,
            Order::Auto => Order::Rows,
            order => order,
        }
    }
}

impl std::str::FromStr for Order {
    type Err = String;

    fn from_str(s: &str) -> Result<Order, String> {
        match s {
            "auto" => Ok(Order::Auto),
            "cells" => Ok(Order::Cells),
            "values" => Ok(Order::Values),
            "rows" => Ok(Order::Rows),
            _ => Err(format!(
                "`{s}` is not an order: auto, cells, values or rows"
            )),
        }
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Order::Auto => "auto",
            Order::Cells => "cells",
            Order::Values => "values",
            Order::Rows => "rows",
        })
    }
}

impl Settings {
    /// When a question asked now must end.
    fn deadline(&self) -> Option<Instant> {
        self.time_limit
            .and_then(|t| crate::solve::deadline_after(Instant::now(), t))
    }
}

/// Why no puzzle came out.
#[derive(Debug)]
pub enum Error {
    /// The backend could not answer a question (or the rules have no grid at all).
    Solve(solve::Error),
    /// A question ran out of time, so the puzzle could not be proved irreducible.
    TimeLimit {
        /// The backend asked.
        solver: &'static str,
        /// The limit per question.
        seconds: f64,
    },
    /// The rules have more values than the builtin search holds, and it makes the proof
    /// (`verify`) whichever backend digs.
    TooManyValues {
        /// The puzzle's values.
        values: usize,
    },
    /// Puzzle `index` (from 1) failed the proof `verify` makes before it is written: a bug.
    Proof {
        /// The puzzle's number, from 1.
        index: u64,
        /// What the proof found.
        detail: String,
    },
}

impl Error {
    /// The exit code the command line ends with.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Solve(e) => e.exit_code(),
            Error::TimeLimit { .. } => exit::TIME_LIMIT,
            Error::TooManyValues { .. } => exit::MODEL,
            Error::Proof { .. } => exit::WRONG_ANSWER,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Solve(e) => e.fmt(f),
            Error::TimeLimit { solver, seconds } => write!(
                f,
                "{solver} reached the time limit ({seconds} s) on a question, so the puzzle could not be proved irreducible; allow more time"
            ),
            Error::TooManyValues { values } => write!(
                f,
                "the generator proves every puzzle with the builtin search, which handles at most {} values per cell; this puzzle has {values}",
                crate::search::MAX_VALUES
            ),
            Error::Proof { index, detail } => write!(
                f,
                "puzzle {index} failed its proof (a bug in sdkc; please report it): {detail}"
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<solve::Error> for Error {
    fn from(e: solve::Error) -> Self {
        Error::Solve(e)
    }
}

/// One generated puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The puzzle's givens, one entry per cell.
    pub givens: Vec<Option<i64>>,
    /// Its only solution.
    pub solution: Vec<i64>,
    /// How many givens it has.
    pub clues: usize,
    /// For each clue, a grid that satisfies every rule and every other clue but has another
    /// value there: the proof that the clue is needed, which `verify` checks.
    pub witnesses: Vec<(Cell, Vec<i64>)>,
    /// Solver questions asked: the grid, then one per clue considered that the other clues do
    /// not force through the `distinct` areas alone (`Forced`).
    pub questions: usize,
    /// Seconds spent making it.
    pub seconds: f64,
    /// Clues left out on a "no other grid fits" whose check ran out of its time (HiGHS's
    /// presolve or CBC's root alone said it): the uniqueness those rest on is that run's word.
    pub unchecked: usize,
}

/// A small, fast, seedable generator (SplitMix64): the orders and weights need to be
/// reproducible, not cryptographic.
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffle `v` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// The seed of puzzle `index` of a run with `seed`, and of its `k`-th stream.
fn stream(seed: u64, index: u64, k: u64) -> u64 {
    let mut r = Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ k.rotate_left(32));
    r.next_u64()
}

/// Generate puzzle number `index` for the rules of `p` (its own givens are ignored), asking
/// `backend`, prepared for those rules. (`generate_all` builds the tables the dig reads from
/// the rules once for all its puzzles; here they are built per call.)
pub fn generate(
    p: &Puzzle,
    index: u64,
    backend: &dyn Backend,
    prepared: &dyn Prepared,
    s: &Settings,
) -> Result<Generated, Error> {
    dig(p, &Tables::new(p), index, backend, prepared, s, false)
}

/// What the dig reads from the rules alone.
struct Tables {
    forced: Forced,
    /// Pairs of full areas that can trade values (`Swaps::cycles`): per pair, its cells in
    /// pairs (a cell of the first area, its partner in the second).
    pairings: Lists,
}

impl Tables {
    fn new(p: &Puzzle) -> Tables {
        Tables {
            forced: Forced::new(p),
            pairings: pairings(p),
        }
    }
}

/// The pairs of disjoint full `distinct` areas whose cells pair up, each cell with one in the
/// other area that is in every other area it is in (two rows of one band, two columns of one
/// stack): swapping paired cells' values keeps every other area's values.
fn pairings(p: &Puzzle) -> Lists {
    let mut out = Lists::new();
    let nvals = p.value_count();
    let mut areas: Vec<&[Cell]> = Vec::new();
    for rule in &p.rules {
        let crate::puzzle::RuleKind::Distinct(a) = &rule.kind else {
            return out;
        };
        areas.extend(a.iter().map(|a| &a.cells[..]));
    }
    if areas.len() > 128 || nvals > 128 {
        return out;
    }
    let mut of = vec![0u128; p.cell_count()];
    for (i, a) in areas.iter().enumerate() {
        for &c in a.iter() {
            of[c] |= 1 << i;
        }
    }
    let full: Vec<usize> = (0..areas.len())
        .filter(|&i| areas[i].len() == nvals)
        .collect();
    for (x, &i) in full.iter().enumerate() {
        for &j in &full[x + 1..] {
            let (a, b) = (areas[i], areas[j]);
            if a.iter().any(|&c| of[c] & 1 << j != 0) {
                continue;
            }
            let others = |c: Cell, own: usize| of[c] & !(1u128 << own);
            let start = out.items.len();
            let mut taken = 0u128;
            for &c in a.iter() {
                match b.iter().position(|&d| others(d, j) == others(c, i)) {
                    Some(m) if taken & 1 << m == 0 => {
                        taken |= 1 << m;
                        out.items.extend([c, b[m]]);
                    }
                    _ => break,
                }
            }
            if out.items.len() == start + 2 * a.len() {
                out.close();
            } else {
                out.items.truncate(start);
            }
        }
    }
    out
}

/// `race`: a core would otherwise be idle, and the builtin search may use it for a second
/// search on each question (`Question::race`).
fn dig(
    p: &Puzzle,
    tables: &Tables,
    index: u64,
    backend: &dyn Backend,
    prepared: &dyn Prepared,
    s: &Settings,
    race: bool,
) -> Result<Generated, Error> {
    let start = Instant::now();
    let open = vec![None; p.cell_count()];
    let mut questions = 1;
    let timed_out = || Error::TimeLimit {
        solver: backend.name(),
        seconds: s.time_limit.unwrap_or(0.0),
    };
    // A random grid that satisfies every rule.
    let mut solution = None;
    let full = prepared.find(
        &open,
        &Question {
            limit: Some(1),
            deadline: s.deadline(),
            random: Some(stream(s.seed, index, 0)),
            ..Question::default()
        },
        &mut |g| {
            solution = Some(g.to_vec());
            false
        },
    )?;
    let Some(solution) = solution else {
        return Err(if full.timed_out {
            timed_out()
        } else {
            Error::Solve(solve::Error::NoGrid {
                solver: backend.name(),
                unchecked: full.statistics.unchecked > 0,
            })
        });
    };
    // The fewest clues over the tries, with their witnesses.
    type Dug = (Vec<Option<i64>>, Vec<(Cell, Vec<i64>)>, usize);
    let mut best: Option<Dug> = None;
    let forced = &tables.forced;
    let swaps = Swaps::new(p, &tables.pairings, &solution);
    // Per value, the grid's cells that hold it: the only places of its clues.
    let holders = Lists::grouped(
        p.value_count(),
        (0..solution.len()).map(|c| ((solution[c] - p.lo) as usize, c)),
    );
    // The questions about one puzzle share where the search found it hard.
    let learned = crate::search::Learned::new();
    let by = s.order.resolve(p);
    for t in 0..s.tries.max(1) {
        let mut order: Vec<Cell> = (0..p.cell_count()).collect();
        let mut rng = Rng::new(stream(s.seed, index, 1 + t as u64));
        rng.shuffle(&mut order);
        // A stable sort by a random rank of each cell's value or row: the cells of one value
        // or row keep the shuffled order.
        let mut rank = |n: usize| {
            let mut r: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut r);
            r
        };
        match by {
            Order::Values => {
                let rank = rank(p.value_count());
                order.sort_by_key(|&c| rank[(solution[c] - p.lo) as usize]);
            }
            Order::Rows => {
                // Band by band: the rows of a band of boxes together, so that the bands not
                // reached are whole boxes given.
                let h = p.boxes.map_or(1, |b| b.0.max(1));
                let (band, row) = (rank(p.rows.div_ceil(h)), rank(p.rows));
                order.sort_by_key(|&c| (band[c / p.cols / h], row[c / p.cols]));
            }
            Order::Auto | Order::Cells => {}
        }
        let mut givens: Vec<Option<i64>> = solution.iter().map(|&v| Some(v)).collect();
        let mut witnesses = Vec::new();
        let mut alone = 0;
        for c in order {
            let value = solution[c];
            givens[c] = None;
            // Most clues dug early are a naked or hidden single of the others: the question's
            // answer ("no other solution") is known without asking it.
            if forced.forces(&givens, c, value, holders.get((value - p.lo) as usize)) {
                continue;
            }
            // An unavoidable set of the grid (two values, or two areas, that can trade
            // places) with no clue left in it: the clue is needed, and the traded grid shows
            // it.
            if let Some(w) = swaps
                .as_ref()
                .and_then(|s| s.witness(&givens, c, &solution))
            {
                givens[c] = Some(value);
                witnesses.push((c, w));
                continue;
            }
            questions += 1;
            // Is there a solution with another value at `c`? (Seed 004 asks the same
            // question as "minimise x[c, value]: is the optimum 1?".) Such a solution mostly
            // agrees with the one we have, so the search tries its values first: on a 25x25
            // that takes a third fewer nodes.
            let mut other_grid = None;
            let other = prepared.find(
                &givens,
                &Question {
                    limit: Some(1),
                    deadline: s.deadline(),
                    exclude: vec![(c, value)],
                    prefer: Some(solution.clone()),
                    learned: Some(learned.clone()),
                    race,
                    ..Question::default()
                },
                &mut |g| {
                    other_grid = Some(g.to_vec());
                    false
                },
            )?;
            if other.timed_out {
                return Err(timed_out());
            }
            if let Some(w) = other_grid {
                givens[c] = Some(value);
                // The clue stays, and every later clue kept with it: this grid shows the
                // finished puzzle needs it (`verify`).
                witnesses.push((c, w));
            } else {
                alone += other.statistics.unchecked.min(1);
            }
        }
        let clues = givens.iter().flatten().count();
        if best
            .as_ref()
            .is_none_or(|(b, _, _)| clues < b.iter().flatten().count())
        {
            best = Some((givens, witnesses, alone));
        }
    }
    let (givens, witnesses, unchecked) = best.expect("at least one try");
    Ok(Generated {
        unchecked,
        clues: givens.iter().flatten().count(),
        givens,
        solution,
        witnesses,
        questions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The `distinct` areas of a puzzle's rules, to see when the clues force a cell's value by
/// themselves: then the cell's clue can go without asking whether another value fits there.
/// Deductions from the areas alone are sound whatever else the rules say, and they answer
/// half a 9x9's questions: a solver process saved per such clue (one 9x9 with CBC: 0.85 s →
/// 0.46 s), where the builtin search answers them in a microsecond or two anyway.
struct Forced {
    lo: i64,
    /// Every value's bit (none past 128 values: nothing is then forced here).
    all: u128,
    /// Per cell, the cells that share an area with it.
    peers: Lists,
    /// Per cell, its areas with as many cells as values (each value has a place in them), as
    /// indices into `full_areas`.
    full: Lists,
    full_areas: Lists,
    /// Words per cell in `cell_areas`.
    area_words: usize,
    /// Per cell, its areas as a bit set (`area_words` words): a cell sees a clue when one of
    /// its areas holds it, so the hidden single reads each area's cells against the areas
    /// holding the value, not each cell's twenty peers (a third of the 9x9 dig's time).
    cell_areas: Vec<u64>,
}

/// Lists of cells, one after another in one vector: the generator builds these per puzzle,
/// and a vector per list cost 7% of the 9x9 generator's instructions in the allocator.
struct Lists {
    /// Where list `i` starts in `items` (and list `i + 1` after it ends).
    at: Vec<u32>,
    items: Vec<Cell>,
}

impl Lists {
    fn new() -> Lists {
        Lists {
            at: vec![0],
            items: Vec::new(),
        }
    }

    /// Ends the list being pushed.
    fn close(&mut self) {
        self.at.push(self.items.len() as u32);
    }

    fn get(&self, i: usize) -> &[Cell] {
        &self.items[self.at[i] as usize..self.at[i + 1] as usize]
    }

    /// `lists` lists, list `k` holding the items paired with `k` in `pairs`, in their order
    /// (counted, then placed).
    fn grouped(lists: usize, pairs: impl Iterator<Item = (usize, Cell)> + Clone) -> Lists {
        let mut at = vec![0u32; lists + 1];
        for (k, _) in pairs.clone() {
            at[k + 1] += 1;
        }
        for k in 0..lists {
            at[k + 1] += at[k];
        }
        let mut items = vec![0; at[lists] as usize];
        let mut next = at.clone();
        for (k, item) in pairs {
            items[next[k] as usize] = item;
            next[k] += 1;
        }
        Lists { at, items }
    }
}

impl Forced {
    fn new(p: &Puzzle) -> Forced {
        let n = p.cell_count();
        let nvals = p.value_count();
        let mut f = Forced {
            lo: p.lo,
            all: if nvals > 128 {
                0
            } else {
                u128::MAX >> (128 - nvals)
            },
            peers: Lists::new(),
            full: Lists::new(),
            full_areas: Lists::new(),
            area_words: 0,
            cell_areas: Vec::new(),
        };
        if nvals > 128 {
            f.peers.at.resize(n + 1, 0);
            f.full.at.resize(n + 1, 0);
            return f;
        }
        let mut areas: Vec<&[Cell]> = Vec::new();
        for rule in &p.rules {
            if let crate::puzzle::RuleKind::Distinct(a) = &rule.kind {
                areas.extend(a.iter().map(|a| &a.cells[..]));
            }
        }
        // Per cell, the areas that hold it.
        let areas_of = Lists::grouped(
            n,
            (areas.iter().enumerate()).flat_map(|(i, a)| a.iter().map(move |&c| (c, i))),
        );
        f.area_words = areas.len().div_ceil(64);
        f.cell_areas = vec![0; n * f.area_words];
        for (i, a) in areas.iter().enumerate() {
            for &c in a.iter() {
                f.cell_areas[c * f.area_words + i / 64] |= 1 << (i % 64);
            }
        }
        let mut full_index = vec![usize::MAX; areas.len()];
        for (i, a) in areas.iter().enumerate() {
            if a.len() == nvals {
                full_index[i] = f.full_areas.at.len() - 1;
                f.full_areas.items.extend_from_slice(a);
                f.full_areas.close();
            }
        }
        // Each peer once, in no particular order (`forces` only asks whether one holds a
        // value). Marked rather than sorted and deduplicated: the generator builds this once
        // a puzzle, and sorting was a tenth of a 9x9 puzzle's instructions.
        let mut seen = vec![usize::MAX; n];
        for c in 0..n {
            seen[c] = c;
            for &i in areas_of.get(c) {
                for &b in areas[i] {
                    if seen[b] != c {
                        seen[b] = c;
                        f.peers.items.push(b);
                    }
                }
                if full_index[i] != usize::MAX {
                    f.full.items.push(full_index[i]);
                }
            }
            f.peers.close();
            f.full.close();
        }
        f
    }

    /// Whether the clues `givens` (with none at `c`) leave `c` only `value`: every other
    /// value is a clue among its peers (a naked single), or every other cell of one of its
    /// full areas is a clue or sees a clue `value` (a hidden single).
    /// `holders`: cells among which every clue `value` lies (the grid's cells of that value).
    fn forces(&self, givens: &[Option<i64>], c: Cell, value: i64, holders: &[Cell]) -> bool {
        let bit = |v: i64| 1u128.checked_shl((v - self.lo) as u32).unwrap_or(0);
        if self.all == 0 {
            return false;
        }
        let seen = self
            .peers
            .get(c)
            .iter()
            .filter_map(|&q| givens[q])
            .fold(0, |m, v| m | bit(v));
        if seen | bit(value) == self.all && seen & bit(value) == 0 {
            return true;
        }
        if self.full.get(c).is_empty() {
            return false;
        }
        // The areas that hold a clue `value`.
        let w = self.area_words;
        let (mut small, mut large) = ([0u64; 8], Vec::new());
        let holding: &mut [u64] = if w <= small.len() {
            &mut small[..w]
        } else {
            large.resize(w, 0);
            &mut large
        };
        for &q in holders.iter().filter(|&&q| givens[q] == Some(value)) {
            for (h, a) in holding.iter_mut().zip(&self.cell_areas[q * w..(q + 1) * w]) {
                *h |= a;
            }
        }
        let sees = |d: Cell| {
            let areas = &self.cell_areas[d * w..(d + 1) * w];
            holding.iter().zip(areas).any(|(h, a)| h & a != 0)
        };
        self.full.get(c).iter().any(|&a| {
            self.full_areas
                .get(a)
                .iter()
                .all(|&d| d == c || givens[d].is_some() || sees(d))
        })
    }
}

/// Sets of cells where two values of the solution can trade places: the cells of either value
/// that one area after another links (each area holds at most one of each, and an area that
/// holds both must swap both). Swapping the values on such a set leaves every `distinct` area
/// distinct, so where the rules are nothing else, it is a second grid; a puzzle needs a clue
/// in each set (an unavoidable set). A clue that is the last in one of its sets is needed
/// without a question, and the swapped grid is its witness. Over 300 classic 9x9s this
/// answers a quarter of the searches (11,961 -> 9,151; the puzzles are the same); on a 25x25
/// the sets are large and nearly always hold a clue, so it saves little there.
struct Swaps {
    lo: i64,
    nvals: usize,
    /// Per cell and other value (cell * nvals + value index), its set in `sets`.
    set_of: Vec<u32>,
    sets: Lists,
    /// Sets where two areas trade values (see `cycles`): cells in pairs, each pair's two
    /// values swapped in the witness.
    cycles: Lists,
    /// Per cell, its sets in `cycles`.
    cycles_of: Lists,
}

impl Swaps {
    /// The sets of `solution`; None when a rule is not `distinct` (a swap may break it) or the
    /// values are too many to pair (past 256: the pairs alone would be tens of thousands).
    fn new(p: &Puzzle, pairings: &Lists, solution: &[i64]) -> Option<Swaps> {
        let nvals = p.value_count();
        if !(2..=256).contains(&nvals) {
            return None;
        }
        let mut areas = Vec::new();
        for rule in &p.rules {
            let crate::puzzle::RuleKind::Distinct(a) = &rule.kind else {
                return None;
            };
            areas.extend(a.iter().map(|a| &a.cells));
        }
        let n = solution.len();
        let index = |c: Cell| (solution[c] - p.lo) as usize;
        // Per area and value, the cell that holds it there.
        let none = u32::MAX;
        let mut at = vec![none; areas.len() * nvals];
        for (i, area) in areas.iter().enumerate() {
            for &c in area.iter() {
                at[i * nvals + index(c)] = c as u32;
            }
        }
        // Per value, its cells.
        let cells_of = Lists::grouped(nvals, (0..n).map(|c| (index(c), c)));
        let mut s = Swaps {
            lo: p.lo,
            nvals,
            set_of: vec![none; n * nvals],
            sets: Lists::new(),
            cycles: Lists::new(),
            cycles_of: Lists::new(),
        };
        // Union-find over the grid's cells, reset per pair.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        let (mut both, mut set_at_root) = (Vec::new(), Vec::new());
        for a in 0..nvals {
            for b in a + 1..nvals {
                for i in 0..areas.len() {
                    let (x, y) = (at[i * nvals + a], at[i * nvals + b]);
                    if x != none && y != none {
                        let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
                        parent[rx.max(ry) as usize] = rx.min(ry);
                    }
                }
                // Each set gets the number of its first cell's root, in cell order.
                both.clear();
                both.extend_from_slice(cells_of.get(a));
                both.extend_from_slice(cells_of.get(b));
                both.sort_unstable();
                set_at_root.clear();
                let first = s.sets.at.len() - 1;
                for &c in &both {
                    let r = root(&mut parent, c as u32);
                    let k = match set_at_root.iter().position(|&x| x == r) {
                        Some(k) => k,
                        None => {
                            set_at_root.push(r);
                            set_at_root.len() - 1
                        }
                    };
                    let other = if index(c) == a { b } else { a };
                    s.set_of[c * nvals + other] = (first + k) as u32;
                }
                for &r in &set_at_root {
                    for &c in &both {
                        if parent[c] == r || root(&mut parent, c as u32) == r {
                            s.sets.items.push(c);
                        }
                    }
                    s.sets.close();
                }
                for &c in &both {
                    parent[c] = c as u32;
                }
            }
        }
        s.cycles(pairings, solution, n);
        Some(s)
    }

    /// The sets where two full areas trade values. Two disjoint full areas whose cells pair
    /// up, each cell with one in the other area that shares every other area with it (two
    /// rows of one band, two columns of one stack), can swap the values of paired cells on
    /// any columns that hold the same values in both: every other area keeps its values.
    /// Such columns follow the cycles of the permutation taking a cell's value to its
    /// partner's (a cycle of two is a rectangle, often a two-value set too; those of three or
    /// more are sets of 6, 8, ... cells with as many values). Over 300 classic 9x9s they
    /// answer 721 more of the searches (9,151 -> 8,430; the same puzzles).
    fn cycles(&mut self, pairings: &Lists, solution: &[i64], n: usize) {
        let index = |c: Cell| (solution[c] - self.lo) as usize;
        let nvals = self.nvals;
        // Per value, the cell of the first area holding it, and that cell's partner.
        let mut pair_of = vec![(0, 0); nvals];
        let mut member = Vec::new();
        for k in 0..pairings.at.len() - 1 {
            for pair in pairings.get(k).chunks(2) {
                pair_of[index(pair[0])] = (pair[0], pair[1]);
            }
            // The cycles of value -> partner's value, each from its lowest value.
            for start in 0..nvals {
                member.clear();
                let mut v = start;
                loop {
                    let (c, d) = pair_of[v];
                    member.push((c, d));
                    v = index(d);
                    if v <= start {
                        break;
                    }
                }
                if v == start && member.len() >= 2 {
                    for &(c, d) in &member {
                        self.cycles.items.extend([c, d]);
                    }
                    self.cycles.close();
                }
            }
        }
        // Per cell, its cycles.
        let cycles = &self.cycles;
        self.cycles_of = Lists::grouped(
            n,
            (0..cycles.at.len() - 1).flat_map(|k| cycles.get(k).iter().map(move |&c| (c, k))),
        );
    }

    /// The solution with two values swapped on a set that holds `c` and no clue of `givens`
    /// (which has none at `c`), or two areas' values on a cycle, if there is one.
    fn witness(&self, givens: &[Option<i64>], c: Cell, solution: &[i64]) -> Option<Vec<i64>> {
        let v = solution[c];
        (0..self.nvals)
            .find_map(|o| {
                let k = self.set_of[c * self.nvals + o];
                if k == u32::MAX {
                    return None;
                }
                let set = self.sets.get(k as usize);
                if set.iter().any(|&d| givens[d].is_some()) {
                    return None;
                }
                let w = self.lo + o as i64;
                let mut grid = solution.to_vec();
                for &d in set {
                    grid[d] = if solution[d] == v { w } else { v };
                }
                Some(grid)
            })
            .or_else(|| {
                let k = self
                    .cycles_of
                    .get(c)
                    .iter()
                    .copied()
                    .find(|&k| self.cycles.get(k).iter().all(|&d| givens[d].is_none()))?;
                let mut grid = solution.to_vec();
                for pair in self.cycles.get(k).chunks(2) {
                    grid.swap(pair[0], pair[1]);
                }
                Some(grid)
            })
    }
}

/// `count` puzzles for the rules of `p`, numbered from 1, on `jobs` threads (one per core when
/// `None`), each proved by `verify` before it is returned; `done` is called as each is ready.
/// The puzzles are the same whatever `jobs` is.
pub fn generate_all(
    p: &Puzzle,
    count: u64,
    backend: &dyn Backend,
    s: &Settings,
    jobs: Option<usize>,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<Generated>, Error> {
    let mut all = Vec::new();
    generate_each::<Error>(p, count, backend, s, jobs, done, &mut |_, g| {
        all.push(g);
        Ok(())
    })?;
    Ok(all)
}

/// `generate_all`, each puzzle handed to `each` with its index (from 0) in order, as soon as
/// it and the puzzles before it are proved, rather than all at the end: a few hundred at a
/// time are held, so memory stays flat however many are asked for (all at once, 100,000 9x9
/// puzzles with their witnesses held 1.9 GB). An error from `each` stops the run.
pub fn generate_each<E: From<Error>>(
    p: &Puzzle,
    count: u64,
    backend: &dyn Backend,
    s: &Settings,
    jobs: Option<usize>,
    done: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(u64, Generated) -> Result<(), E>,
) -> Result<(), E> {
    use rayon::prelude::*;
    let mut rules = p.clone();
    rules.givens = vec![None; p.cell_count()];
    // Refused before any digging, which a MIP solver could do, since no puzzle could be
    // proved.
    if p.value_count() > crate::search::MAX_VALUES {
        return Err(Error::TooManyValues {
            values: p.value_count(),
        }
        .into());
    }
    let prepared = backend.prepare(&rules).map_err(Error::from)?;
    let tables = Tables::new(&rules);
    // The proof's own search, compiled once for every puzzle (a tenth of a 9x9's cost when
    // compiled per puzzle).
    let counter = Builtin.prepare(&rules).map_err(Error::from)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| Error::Solve(solve::Error::Io(std::io::Error::other(e))))
        .map_err(E::from)?;
    let threads = pool.current_num_threads() as u64;
    // Fewer puzzles than threads: each puzzle's questions may use a second core (the
    // answers, and so the puzzles, are the same). Only in one random order: value by value or
    // row by row the questions are too cheap to share, and racing them made one 25x25 19%
    // and one 36x36 13% slower (seeds 1 to 3, twice each, `-j 2` against `-j 1`).
    let race = count < threads && s.order.resolve(p) == Order::Cells;
    // Puzzles made at a time: enough that every thread stays busy to the end of a batch
    // (a 9x9 takes some 0.3 ms, so a batch of 256 is about 80 ms of one core).
    let batch = (64 * threads).max(256);
    let mut start = 0;
    while start < count {
        let end = count.min(start + batch);
        let made: Vec<Generated> = pool
            .install(|| {
                (start..end)
                    .into_par_iter()
                    .map(|i| {
                        let g = dig(&rules, &tables, i, backend, prepared.as_ref(), s, race)?;
                        verify_with(&rules, &g, counter.as_ref()).map_err(|detail| {
                            Error::Proof {
                                index: i + 1,
                                detail,
                            }
                        })?;
                        done();
                        Ok(g)
                    })
                    .collect::<Result<_, Error>>()
            })
            .map_err(E::from)?;
        for (i, g) in (start..end).zip(made) {
            each(i, g)?;
        }
        start = end;
    }
    Ok(())
}

/// Prove a generated puzzle before it is written, by other means than the per-clue question
/// that dug it: the solution satisfies every rule (the checker) and keeps the givens; the
/// builtin search counts the whole puzzle's solutions (exactly one); and for each clue, its
/// witness is a second solution once the clue is gone, which the checker accepts. The
/// witnesses make irreducibility a certificate checked by the interpreter, which shares no
/// code with the search (and costs nothing, where counting again without each clue took
/// longer than digging on a 25x25). An error here is a bug in sdkc.
pub fn verify(p: &Puzzle, g: &Generated) -> Result<(), String> {
    let builtin = Builtin.prepare(p).map_err(|e| e.to_string())?;
    verify_with(p, g, builtin.as_ref())
}

/// `verify`, with the builtin search already prepared for the rules of `p` (`Builtin.prepare`
/// of a copy of `p` without givens), as `generate_all` does once for all its puzzles:
/// preparing it again per 9x9 puzzle costs more than the proof. (No copy of the puzzle with
/// other givens: the checker holds each grid to the rules, and the givens are compared here;
/// two copies per puzzle were a sixth of a 9x9's proof.)
pub fn verify_with(p: &Puzzle, g: &Generated, builtin: &dyn Prepared) -> Result<(), String> {
    let broken = check::check_rules(p, &g.solution);
    if let Some(v) = broken.first() {
        return Err(format!("the solution breaks a rule: {v}"));
    }
    for (c, given) in g.givens.iter().enumerate() {
        if given.is_some_and(|v| v != g.solution[c]) {
            return Err(format!(
                "the given at {} is not the solution's",
                p.cell_name(c)
            ));
        }
    }
    let mut found = Vec::new();
    builtin
        .find(&g.givens, &Question::up_to(2), &mut |grid| {
            found.push(grid.to_vec());
            true
        })
        .map_err(|e| e.to_string())?;
    if found != [g.solution.clone()] {
        return Err(format!(
            "the puzzle has {} solutions, not exactly the one generated",
            found.len()
        ));
    }
    for (c, given) in g.givens.iter().enumerate() {
        if given.is_none() {
            continue;
        }
        // A second solution once this clue is gone: another value here, every other clue
        // kept, every rule kept.
        let needed = g
            .witnesses
            .iter()
            .find(|(w, _)| *w == c)
            .is_some_and(|(_, w)| {
                w[c] != g.solution[c]
                    && w.len() == g.solution.len()
                    && g.givens
                        .iter()
                        .zip(w)
                        .enumerate()
                        .all(|(d, (given, v))| d == c || given.is_none_or(|x| x == *v))
                    && check::check_rules(p, w).is_empty()
            });
        if !needed {
            return Err(format!(
                "the clue at {} has no second solution to show it is needed: the puzzle may not be irreducible",
                p.cell_name(c)
            ));
        }
    }
    Ok(())
}

/// A puzzle in the one-line form: a character per cell, `.` for an open one (values past 35:
/// separated by commas, `grid::givens_line`).
pub fn one_line(givens: &[Option<i64>]) -> String {
    crate::grid::givens_line(givens)
}

/// The model text as a complete model of the puzzle `line` (one-line form): its givens
/// statement replaced (or added when it has none), and the template's whole-line comments
/// dropped, since they describe the old givens (a comment at the end of a statement stays).
pub fn as_sdk(text: &str, line: &str) -> String {
    let statement = format!("givens \"{line}\"");
    let span = crate::parse::parse(text).ok().and_then(|m| {
        m.statements
            .iter()
            .find(|s| matches!(s.kind, crate::ast::StatementKind::Givens(_)))
            .map(|s| s.span)
    });
    let body = match span {
        Some(sp) => format!("{}{statement}{}", &text[..sp.start], &text[sp.end..]),
        None => format!("{}\n{statement}\n", text.trim_end()),
    };
    let mut out = String::new();
    let mut blank = true;
    for l in body.lines() {
        if l.trim_start().starts_with('#') {
            continue;
        }
        // No runs of blank lines where the comments were, none at the start.
        if l.trim().is_empty() {
            if blank {
                continue;
            }
            blank = true;
        } else {
            blank = false;
        }
        out.push_str(l.trim_end());
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `auto` is one random order up to 16 values, value by value up to 25, row by row past.
    #[test]
    fn auto_order_by_the_number_of_values() {
        let grid = |n: usize, b: &str| {
            let text = format!("grid {n}x{n}\nboxes {b}\nrule distinct rows, columns, boxes\n");
            crate::load("m.sdk", text.as_bytes(), None).unwrap()
        };
        assert_eq!(Order::Auto.resolve(&grid(9, "3x3")), Order::Cells);
        assert_eq!(Order::Auto.resolve(&grid(16, "4x4")), Order::Cells);
        assert_eq!(Order::Auto.resolve(&grid(20, "4x5")), Order::Values);
        assert_eq!(Order::Auto.resolve(&grid(25, "5x5")), Order::Values);
        assert_eq!(Order::Auto.resolve(&grid(30, "5x6")), Order::Rows);
        assert_eq!(Order::Auto.resolve(&grid(36, "6x6")), Order::Rows);
        assert_eq!(Order::Rows.resolve(&grid(9, "3x3")), Order::Rows);
        assert_eq!(Order::Values.resolve(&grid(36, "6x6")), Order::Values);
        assert_eq!(Order::Cells.resolve(&grid(36, "6x6")), Order::Cells);
    }

    fn made() -> (Puzzle, Generated) {
        let p = crate::load(
            "four.sdk",
            b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n",
            None,
        )
        .expect("the model reads");
        let s = Settings {
            seed: 7,
            tries: 1,
            time_limit: None,
            order: Order::Auto,
        };
        let mut g = generate_all(&p, 1, &Builtin, &s, Some(1), &|| ()).expect("a puzzle");
        (p, g.remove(0))
    }

    fn classic() -> Puzzle {
        crate::load(
            "classic.sdk",
            b"grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n",
            None,
        )
        .expect("the model reads")
    }

    /// A 9x9 grid's clues as a line, `.` open.
    fn clues(line: &str) -> Vec<Option<i64>> {
        line.chars()
            .map(|ch| ch.to_digit(10).map(|d| d as i64))
            .collect()
    }

    #[test]
    fn a_naked_and_a_hidden_single_are_forced_and_an_open_cell_is_not() {
        let p = classic();
        let f = Forced::new(&p);
        let every: Vec<Cell> = (0..81).collect();
        // r1c1 sees 2 to 9 in its row and column: 1 is forced there (naked single).
        let naked = clues(&format!("{:.<81}", ".2345....6........7........8........9"));
        assert!(f.forces(&naked, 0, 1, &every));
        // 1 is in rows 2 and 3 and in columns 2 and 3: in box 1 only r1c1 can take it
        // (hidden single), though r1c1 sees no other clue.
        let mut hidden = vec![None; 81];
        for at in [9 + 4, 18 + 7, 36 + 1, 54 + 2] {
            // r2c5, r3c8, r5c2, r7c3
            hidden[at] = Some(1);
        }
        assert!(f.forces(&hidden, 0, 1, &every), "hidden single");
        assert!(!f.forces(&hidden, 0, 2, &every));
        assert!(!f.forces(&vec![None; 81], 0, 1, &every));
    }

    /// Whole digs of 20 random grids of `p`, as the generator digs (each cell in a random
    /// order, its clue kept when another value fits there), without its shortcuts: `each` is
    /// told the grid, the clues without the cell, the cell, and whether another value fits.
    fn dig_along(p: &Puzzle, mut each: impl FnMut(&[i64], &[Option<i64>], Cell, bool)) {
        let search = Builtin.prepare(p).unwrap();
        let n = p.cell_count();
        for seed in 0..20 {
            let mut solution = Vec::new();
            let question = Question {
                limit: Some(1),
                random: Some(seed),
                ..Question::default()
            };
            search
                .find(&vec![None; n], &question, &mut |g| {
                    solution = g.to_vec();
                    false
                })
                .unwrap();
            let mut givens: Vec<Option<i64>> = solution.iter().map(|&v| Some(v)).collect();
            let mut order: Vec<Cell> = (0..n).collect();
            Rng::new(seed).shuffle(&mut order);
            for c in order {
                givens[c] = None;
                let question = Question {
                    limit: Some(1),
                    exclude: vec![(c, solution[c])],
                    ..Question::default()
                };
                let other = search
                    .find(&givens, &question, &mut |_| false)
                    .unwrap()
                    .count
                    > 0;
                each(&solution, &givens, c, other);
                if other {
                    givens[c] = Some(solution[c]);
                }
            }
        }
    }

    #[test]
    fn a_swapped_set_is_a_second_solution_of_the_clues_left() {
        // Along whole digs of random grids, classic and with diagonals: every witness the
        // swaps give keeps every rule and every other clue, and they answer a good share of
        // the clues the search shows needed.
        // The shares asked for are below those seen (38%, 21% and 54% of the needed clues):
        // the diagonals join more cells into each set, so fewer sets are left without a clue.
        for (text, share) in [
            (
                "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n",
                3,
            ),
            (
                "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes, diagonals\n",
                5,
            ),
            (
                "grid 6x6\nboxes 2x3\nrule distinct rows, columns, boxes\n",
                2,
            ),
        ] {
            let p = crate::load("t.sdk", text.as_bytes(), None).expect("the model reads");
            let n = p.cell_count();
            let (mut needed, mut swapped, mut cycled) = (0, 0, 0);
            dig_along(&p, |solution, givens, c, other| {
                let swaps = Swaps::new(&p, &pairings(&p), solution).expect("only distinct rules");
                if let Some(w) = swaps.witness(givens, c, solution) {
                    swapped += 1;
                    // Three values or more trade places only on a cycle of two areas.
                    let mut moved: Vec<i64> = (0..n)
                        .filter(|&d| w[d] != solution[d])
                        .map(|d| w[d])
                        .collect();
                    moved.sort_unstable();
                    moved.dedup();
                    cycled += usize::from(moved.len() >= 3);
                    assert_ne!(w[c], solution[c]);
                    assert!(check::check_rules(&p, &w).is_empty(), "{text}{w:?}");
                    for (d, g) in givens.iter().enumerate() {
                        assert!(g.is_none_or(|g| g == w[d]), "a clue changed at {d}");
                    }
                }
                needed += usize::from(other);
            });
            assert!(
                swapped * share > needed,
                "{text}: {swapped} of {needed} by swaps"
            );
            assert_eq!(
                cycled > 0,
                !pairings(&p).items.is_empty(),
                "{text}: {cycled}"
            );
        }
        // Areas that trade values: two rows of a band and two columns of a stack (9 + 9 on
        // the classic grid, 3 + 6 on the 6x6 with 2x3 boxes); no row of the X-sudoku has a
        // partner, since each holds a diagonal's cell and its partner is off the diagonal.
        for (text, pairs) in [
            (
                "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n",
                18,
            ),
            (
                "grid 6x6\nboxes 2x3\nrule distinct rows, columns, boxes\n",
                9,
            ),
            (
                "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes, diagonals\n",
                0,
            ),
        ] {
            let p = crate::load("t.sdk", text.as_bytes(), None).expect("the model reads");
            assert_eq!(pairings(&p).at.len() - 1, pairs, "{text}");
        }
        // A rule that is not `distinct` may tell the two values apart: no swaps.
        let p = crate::load(
            "t.sdk",
            b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule one: v[r1c1] < v[r1c2]\n",
            None,
        )
        .expect("the model reads");
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(Swaps::new(&p, &pairings(&p), &grid).is_none());
    }

    #[test]
    fn a_forced_clue_has_no_other_value_by_search() {
        // The shortcut against the question it saves, along whole digs of random grids.
        let p = classic();
        let f = Forced::new(&p);
        let (mut forced, mut asked) = (0, 0);
        dig_along(&p, |solution, givens, c, other| {
            asked += 1;
            let holders: Vec<Cell> = (0..81).filter(|&d| solution[d] == solution[c]).collect();
            if f.forces(givens, c, solution[c], &holders) {
                forced += 1;
                assert!(!other, "cell {c}: forced, yet another value fits");
            }
        });
        // Half the clues of a dig are forced (about 41 of 81 on 9x9).
        assert!(forced * 3 > asked, "{forced} of {asked} forced");
    }

    #[test]
    fn a_generated_puzzle_passes_its_proof() {
        let (p, g) = made();
        assert_eq!(g.witnesses.len(), g.clues);
        assert_eq!(verify(&p, &g), Ok(()));
    }

    #[test]
    fn a_clue_too_many_is_caught() {
        let (p, mut g) = made();
        let open = g.givens.iter().position(|v| v.is_none()).unwrap();
        g.givens[open] = Some(g.solution[open]);
        let name = p.cell_name(open);
        assert_eq!(
            verify(&p, &g),
            Err(format!(
                "the clue at {name} has no second solution to show it is needed: the puzzle may not be irreducible"
            ))
        );
    }

    #[test]
    fn a_witness_that_breaks_a_rule_or_a_clue_is_caught() {
        let (p, g) = made();
        // Another value at the witness's own cell is what it shows, so change another cell:
        // the grid breaks a row, or another clue.
        for k in 0..g.witnesses.len() {
            let mut bad = g.clone();
            let (c, w) = &mut bad.witnesses[k];
            let other = (*c + 1) % w.len();
            w[other] = if w[other] == 1 { 2 } else { 1 };
            assert!(verify(&p, &bad).is_err(), "witness {k} changed at {other}");
        }
    }

    #[test]
    fn a_missing_clue_is_caught() {
        let (p, mut g) = made();
        let clue = g.givens.iter().position(|v| v.is_some()).unwrap();
        g.givens[clue] = None;
        assert_eq!(
            verify(&p, &g),
            Err("the puzzle has 2 solutions, not exactly the one generated".to_string())
        );
    }
}
