//! Tight rows for the standard library's sum and line families (issue 14), written beside the
//! rows of their grounded algebra, which stays (except for renban, lunchbox, sandwich, zipper,
//! between, entropic, modular, nabner and region-sum lines, skyscrapers and counting circles,
//! whose rows say all the rule says): these rows need only be valid, not complete,
//! and the algebra keeps saying exactly what the rule means.
//!
//! The grounded algebra of a sum clue is one linear row, `sum_c sum_k k x[c,k] = total`, whose
//! relaxation lets every cell hold half a 1 and half a 9; and a clue whose pieces share one
//! total (a zipper's pairs) is tied two pieces at a time, with no column for the total a
//! search would branch on. Cages, sum cages, little killers, arrows, pill arrows and zippers
//! get:
//!
//! - a **shared total**: binaries `z_t`, one per total the pieces can all reach, `sum_t z_t =
//!   1` (or a cell's own one-hot columns, for an arrow's circle; or a number; or, for a pill
//!   arrow, one binary per number the pill can spell, tied to its digits' columns);
//! - per piece, the **layered sum** (a dynamic programme as a flow): a node per cell of the
//!   piece and partial sum that can still reach a total, an arc column `f` in [0, 1] per node
//!   and digit of the next cell, `x[c,k] = sum of c's arcs with digit k`, flow kept at every
//!   node, and the flow into the last layer's node t equal to `z_t`. A path is a choice of
//!   digits, so this is the convex hull of the piece's assignments and its total (for two
//!   cells, their pair table), and the arcs are integral whenever the `x` and `z` are: they
//!   need not be binaries. When the piece's cells all differ (an arrow in one box, a cage) a
//!   node is the set of digits used so far rather than their sum, so the flow knows that 3 + 3
//!   is no way to make 6 (Eddies' arrows: HiGHS 16 s to 7 s).
//!
//! Renban gets the count form instead: a binary per possible lowest digit, one chosen, and
//! each digit's count on the line equal to the sum of the starts whose run covers it.
//!
//! A lunchbox gets a flow along its line through the states of the automaton that reads it
//! (the crusts, chosen at the first cell; the phase; the sum between the crusts), and its
//! `distinct` rows. Its algebra (per pair of cells, "these are the crusts, so the sum between
//! them is the total", a conflict table over the whole line) is left out: 24,000 rows that
//! kept HiGHS from finding even a solution of the Normal Lunchbox in 120 s; the flow and the
//! distinct rows prove it in 1.2 s. The distinct rows are also written once per choice of
//! crusts over that choice's arcs, bounded by a binary for that choice
//! (`digits_once_per_crusts`): CBC 106 s → 22–27 s (85–95 s with the rows bounded by the
//! arcs that choose the crusts, no binary), GLPK now finds the grid within 120 s (none in 60
//! s before), HiGHS the same 0.9–1.2 s.
//!
//! Sandwiches and X-sums get the same kind of flow (`sandwich`, `x_sum`). A sandwich's states
//! are the phase and the sum between the crusts; on a line whose cells all differ the flow
//! says all the rule says, and its algebra (a binary per pair of cells that may hold the
//! crusts) is left out: HiGHS proved Between 1 and 9 in 0.4 s that way, 1.3–1.5 s with both,
//! 18 s with the algebra alone. An X-sum on a row or column is its digit sets, a binary per
//! set its first N cells may hold, in place of its algebra (`x_sum_sets`); elsewhere its flow's
//! states are the first digit, the count and the sum so far, and it keeps its algebra (CTC
//! X-Sum as a flow: 1.4–1.6 s with it, 5.5–6.1 s without, 17 s before).
//! A lockout line's states are its two ends, chosen at the first cell, and whether the last
//! digit read was the chosen end (`lockout`). A thermometer's state is the digit just read
//! (`chain`). A skyscraper's states are the tallest digit so far and how many were seen, a
//! between line's its two ends (`skyscraper`, `between`); both say all their rule says, and
//! their algebra is left out. Measured and not kept: a nabner line as cliques
//! (at most one cell holds k or k + 1, for each k): Cold Sauerkraut 22 s against 15–22 s.
//!
//! Only a library call (`Family::library`) is recognised, as in the builtin search: a model's
//! own `define zipper` means what its body says.
//!
//! A region-sum line with a piece of one cell and none longer than two gets that cell as its
//! total and each other piece as a layered sum into it (`region_sum`), in place of its
//! algebra. Other region-sum lines get a shared total and layered pieces, without the
//! zipper's integer column, in place of their algebra too (since 2026-12-07: GLPK and CBC
//! gain ten to fifty times, HiGHS loses two on `region-sum-lm-00098I`; `region_sum`). Earlier
//! sessions measured the same on every line slower on HiGHS: `region-sum-lm-00098I` from 22 s
//! to the 30 s limit, and, with the algebra left out, from 19 s to over 60 s.
//!
//! A zipper's pieces and shared total say all it says (each pair, and the middle cell, sum to
//! the one total chosen), so its algebra is left out when every piece got its flow: HiGHS
//! then proves The Zip that Zips the Zips in 69 s and 81 s, against 116 s and over 120 s with
//! the algebra (`--unique -r 1` and `-r 2`, the same machine, 2026-11-27; measured the same
//! way in an earlier session: 58 s and 80 s against over 90 s and 120 s). Still far from 30
//! s; a flow per distinct area over the pairs it holds whole (the digits used so far; four
//! pairs in a box make 9, 10 or 11) and the middle cell as the total did not prove it in 60
//! s. An integer column equal to the chosen total (`zipper1_total`) gives the solver a branch
//! that halves the totals: 51–76 s → 50–59 s (`--unique -r 1` to `-r 4`, old and new binary
//! taking turns, 2026-11-28). Then two kinds of rows the flows imply for whole numbers only
//! or not as rows (`piece_totals`, `partners_apart`): each piece's sum equal to the total as
//! one row, and two cells whose partners must differ kept apart. Together they took HiGHS's
//! nodes on the zipper from 119–257 to 12–180 over ten seeds and its time, with the default
//! seed, from 92 s to 29 s (a review's runs beside both); seeds 7 and 8, 50 s and 46 s → 23 s
//! and 26 s; seed 9 60 s → 49 s. Each kind alone took off about half the nodes.
//! Then the areas per total (`areas_per_total`): an area's row for digit k, written once per
//! total over the arcs that go to that total and bounded by its binary, the disjunction over
//! the totals lifted (Balas). CBC then proves the zipper in 38–52 s (three runs; no grid in 60
//! s before), HiGHS in 19.3 s and 19.5 s (2026-12-06, `run --unique --time-limit 120`).

use std::collections::{BTreeMap, BTreeSet};

use super::Builder;
use crate::mip::Sense;
use crate::puzzle::{Arg, Cell, Family, Formulation, Puzzle, Rule, RuleKind};

/// A node of a layered sum: the partial sum, and the digits used (bit k: `lo + k`) when the
/// piece's cells all differ.
type State = (i64, u128);

/// Nodes a layered sum may have per layer; past this the piece keeps only its algebra.
const STATE_LIMIT: usize = 2048;

/// The most digit sets an X-sum or a sandwich is written with (`x_sum_sets`,
/// `sandwich_sets`); past it, its automaton.
const SET_LIMIT: usize = 512;

/// The most columns of an `at_most_one` clause row (GLPK writes k (k - 1) / 2 clauses).
const AT_MOST_ONE_LIMIT: usize = 256;

/// The most steps `choose` takes looking for a clue's digit sets (a 9x9 sandwich's take a few
/// thousand); past it, the automaton.
const CHOOSE_STEPS: usize = 100_000;

/// Whether a cell comes twice in `cells`: such a clue is left to its algebra, which says what
/// a revisit means (`pos` is a cell's first place), where these rows read a line visit by
/// visit or count a circle twice.
fn repeats(cells: &[Cell]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

/// The total the pieces of a clue share.
enum Total {
    /// A number (a cage's, a little killer's).
    Number(i64),
    /// One-hot columns `(value, column)`, exactly one of which is 1.
    OneHot(Vec<(i64, usize)>),
}

/// What a recognised clue says: every piece sums to one total.
struct Shape {
    pieces: Vec<Vec<Cell>>,
    total: TotalSpec,
}

enum TotalSpec {
    Number(i64),
    /// A cell's value (an arrow's circle).
    Cell(Cell),
    /// The number a pill's digits spell, its first cell the leading digit (a pill arrow).
    Spelled(Vec<Cell>),
    /// A new shared total over the values every piece can reach; with `branch`, an integer
    /// column equal to it for branch and cut to branch on (`branch_column`).
    Shared {
        branch: bool,
    },
}

/// Whether the rule's grounded algebra is still needed beside the family's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Algebra {
    /// Keep it: the family's rows, if any, are cuts beside it.
    Kept,
    /// Keep it, marked `implied`: the family's rows say everything the rule says, but the
    /// algebra (a sum row, or a short sum's table of conflict rows) still tightens branch
    /// and cut's relaxation. Leaving the sums'
    /// algebra out for every solver was measured (2026-12-07): GLPK's MiniSat proved hard
    /// killers 2-6x faster (tarek-05 from over 30 s to 11.8 s), while HiGHS took the Barbed
    /// Cross 1.3 s -> 3.3 s and CBC Eddies 4.8 s -> 12.4 s. So each solver chooses.
    Implied,
    /// The family's rows say everything the rule says.
    Replaced,
}

/// Add the family's rows, if the rule is a library call this module knows.
///
/// Renban, lunchbox, sandwich, zipper, between, entropic, modular and nabner lines,
/// skyscrapers, counting circles, region-sum lines and X-sums on a row or column replace
/// their algebra, their rows saying all the rule says (renban's counts imply `distinct` and
/// the run): HiGHS proved Renban Skyscrapers in 4 s that way and not in 30 s with both. The
/// other sums and X-sums keep theirs:
/// leaving it out was no faster beyond HiGHS's noise at first (Barbed Cross 3.8 s against
/// 4.9 s, Eddies 14 s against 16 s), and slower since (2026-12-07, tighter rows: HiGHS on the
/// Barbed Cross 1.3 s -> 3.3 s, CBC on Eddies 4.8 s -> 12.4 s); with it these rows need only
/// be valid. Where a sum's digit sets or flow
/// (or a thermometer's, lockout line's or X-sum's automaton) are built whole, its algebra is
/// marked `Implied`, for GLPK's MiniSat to leave out.
pub(super) fn encode<'p>(p: &'p Puzzle, b: &mut Builder<'p>, rule: &Rule) -> Algebra {
    let Some(f) = &rule.family else {
        return Algebra::Kept;
    };
    let RuleKind::Expr { formulation, .. } = &rule.kind else {
        return Algebra::Kept;
    };
    if !f.library || p.integer_cells || *formulation != Formulation::Auto {
        return Algebra::Kept;
    }
    let mut enc = Enc {
        b,
        p,
        rule: &rule.name,
        rows: 0,
        cols: 0,
        record: None,
        flows_only: false,
    };
    match (f.name.as_str(), f.args.as_slice()) {
        ("renban", [Arg::Cells(line)]) if enc.renban(line) => Algebra::Replaced,
        ("lunchbox", [Arg::Cells(line), Arg::Number(Some(total))])
            if enc.lunchbox(line, *total) =>
        {
            Algebra::Replaced
        }
        ("sandwich", [Arg::Cells(line), Arg::Number(Some(total))]) => {
            let (lo, hi) = (p.lo, p.hi);
            if enc.sandwich(line, *total, lo, hi) {
                Algebra::Replaced
            } else {
                Algebra::Kept
            }
        }
        (
            "sandwich_of",
            [
                Arg::Cells(line),
                Arg::Number(Some(total)),
                Arg::Number(Some(low)),
                Arg::Number(Some(high)),
            ],
        ) => {
            if enc.sandwich(line, *total, *low, *high) {
                Algebra::Replaced
            } else {
                Algebra::Kept
            }
        }
        ("thermo", [Arg::Cells(line)]) => implied(enc.chain(line, |a, b| a < b) && !repeats(line)),
        ("slow_thermo", [Arg::Cells(line)]) => {
            implied(enc.chain(line, |a, b| a <= b) && !repeats(line))
        }
        ("between", [Arg::Cells(line)]) => enc.between(line),
        ("lockout", [Arg::Cells(line), Arg::Number(Some(gap))]) => {
            implied(enc.lockout(line, *gap) && !repeats(line))
        }
        ("x_sum", [Arg::Cells(line), Arg::Number(Some(total))]) => enc.x_sum(line, *total),
        ("region_sum", [Arg::Cells(line)]) => enc.region_sum(line),
        ("skyscraper", [Arg::Cells(line), Arg::Number(Some(seen))]) => enc.skyscraper(line, *seen),
        ("entropic", [Arg::Cells(line)]) => {
            let (lo, n) = (p.lo, p.hi - p.lo + 1);
            enc.windows(line, |v| (v - lo) * 3 / n)
        }
        ("modular", [Arg::Cells(line)]) => enc.windows(line, |v| v.rem_euclid(3)),
        ("nabner", [Arg::Cells(line)]) => enc.nabner(line),
        ("counting_circles", [Arg::Cells(circles)]) => enc.counting_circles(circles),
        _ => match recognize(f) {
            Some(shape) if enc.sums(&shape) => {
                if f.name == "zipper" {
                    // A zipper's pieces and shared total say all it says (each pair, and the
                    // middle cell, sum to the one total chosen), and its algebra only slowed
                    // HiGHS down.
                    Algebra::Replaced
                } else if f.name != "cage" || enc.all_apart(&shape.pieces[0]) {
                    // The rows say the sum whole (and a cage's distinct digits are its
                    // areas' already): the algebra is implied.
                    Algebra::Implied
                } else {
                    Algebra::Kept
                }
            }
            Some(_) | None => Algebra::Kept,
        },
    }
}

/// `Implied` when the family's rows were built whole (and say all the rule says), else
/// `Kept`: the algebra stays for branch and cut either way (the flows alone made HiGHS slower
/// on Lockout Lines and the X-sum), but GLPK's MiniSat may leave it out.
fn implied(whole: bool) -> Algebra {
    if whole {
        Algebra::Implied
    } else {
        Algebra::Kept
    }
}

fn recognize(f: &Family) -> Option<Shape> {
    let cells = |a: &Arg| match a {
        Arg::Cells(c) => Some(c.clone()),
        _ => None,
    };
    let number = |a: &Arg| match a {
        Arg::Number(Some(v)) => Some(*v),
        _ => None,
    };
    let shape = match (f.name.as_str(), f.args.as_slice()) {
        ("cage" | "sum_cage", [total, c]) | ("little_killer", [c, total]) => Shape {
            pieces: vec![cells(c)?],
            total: TotalSpec::Number(number(total)?),
        },
        ("arrow", [Arg::Cell(circle), line]) => {
            let line = cells(line)?;
            if line.contains(circle) {
                return None;
            }
            Shape {
                pieces: vec![line],
                total: TotalSpec::Cell(*circle),
            }
        }
        ("pill_arrow", [pill, line]) => {
            let (pill, line) = (cells(pill)?, cells(line)?);
            if !(1..=3).contains(&pill.len()) {
                return None;
            }
            Shape {
                pieces: vec![line],
                total: TotalSpec::Spelled(pill),
            }
        }
        ("zipper", [line]) => {
            let line = cells(line)?;
            let n = line.len();
            let mut pieces: Vec<Vec<Cell>> =
                (0..n / 2).map(|i| vec![line[i], line[n - 1 - i]]).collect();
            if n % 2 == 1 {
                pieces.push(vec![line[n / 2]]);
            }
            Shape {
                pieces,
                total: TotalSpec::Shared { branch: true },
            }
        }
        _ => return None,
    };
    // A cell twice on one line: the definitions still mean something, but not a sum of
    // independent layers; leave such a clue to its algebra.
    let mut all: Vec<Cell> = shape.pieces.concat();
    match &shape.total {
        TotalSpec::Cell(c) => all.push(*c),
        TotalSpec::Spelled(pill) => all.extend(pill),
        _ => {}
    }
    if repeats(&all) || shape.pieces.iter().any(Vec::is_empty) {
        return None;
    }
    Some(shape)
}

struct Enc<'a, 'p> {
    b: &'a mut Builder<'p>,
    p: &'p Puzzle,
    rule: &'a str,
    rows: usize,
    cols: usize,
    /// While `Some`, `layered` notes here, for a piece of one or two free cells, each column
    /// that says "this cell holds digit k and the total is t": `(cell, k, t, column)`.
    record: Option<Vec<(Cell, i64, i64, usize)>>,
    /// Whether `layered` writes a flow even where the cells all differ (a region-sum line's
    /// pairs: their digit sets made HiGHS slower, Raw Spaghetti 5.5 s → 9.3 s and
    /// `region-sum-lm-00098I` 14.4 s → 19.7 s, one run each, 2026-12-07).
    flows_only: bool,
}

impl Enc<'_, '_> {
    fn row(&mut self, terms: Vec<(usize, i64)>, sense: Sense, rhs: i64) {
        self.rows += 1;
        let name = format!("{}_sum{}", self.rule, self.rows);
        self.b.row(name, terms, sense, rhs);
    }

    /// A continuous arc column in [0, 1].
    fn arc(&mut self) -> usize {
        self.cols += 1;
        let name = format!("{}_f{}", self.rule, self.cols);
        self.b.column(|t| t.push_str(&name), 0, 1, false)
    }

    fn binary(&mut self, what: &str, v: i64) -> usize {
        let name = if v >= 0 {
            format!("{}_{what}{v}", self.rule)
        } else {
            format!("{}_{what}m{}", self.rule, -v)
        };
        self.b.column(|t| t.push_str(&name), 0, 1, true)
    }

    /// An equality `sum of ups = sum of downs` over binaries, for branch and cut whole and
    /// for a clause solver as clauses (`Mip::clause_rows`): each column of one side implies
    /// one of the other's. GLPK hands MiniSat a row of more than two columns that is no
    /// clause as an adder, whose propagation is weak; at most one column a side is ever 1
    /// here (one set chosen, one cell holding the digit), so the clauses say all the row
    /// says. Sandwich Snipe (two grids, no third), MiniSat alone: 42 s with the rows whole,
    /// 2.3 s as clauses (`sdkc run tests/fpuzzles/sandwich-snipe-18.txt -a --solver glpk -p
    /// 1`, 2026-12-08).
    fn linked(&mut self, ups: &[usize], downs: &[usize]) {
        for (from, to) in [(ups, downs), (downs, ups)] {
            for &a in from {
                self.implies(a, to);
            }
        }
        let mut terms: Vec<(usize, i64)> = ups.iter().map(|&u| (u, 1)).collect();
        terms.extend(downs.iter().map(|&d| (d, -1)));
        if !terms.is_empty() {
            self.row(terms, Sense::Eq, 0);
            self.b.imply_last_row();
        }
    }

    /// `a <= sum of to` for a clause solver alone: when a, one of `to`.
    fn implies(&mut self, a: usize, to: &[usize]) {
        let mut terms: Vec<(usize, i64)> = to.iter().map(|&t| (t, 1)).collect();
        terms.push((a, -1));
        self.b.clause_row(terms, Sense::Ge, 0);
    }

    /// `sum of cells >= sum of sets` (the sets exclusive): whole for branch and cut, for a
    /// clause solver one clause per set (`linked`).
    fn covered(&mut self, cells: &[usize], sets: &[usize]) {
        for &y in sets {
            self.implies(y, cells);
        }
        let mut terms: Vec<(usize, i64)> = cells.iter().map(|&c| (c, 1)).collect();
        terms.extend(sets.iter().map(|&y| (y, -1)));
        self.row(terms, Sense::Ge, 0);
        self.b.imply_last_row();
    }

    /// Cells that differ hold every digit of the set chosen among `sets` (`(digits from lo,
    /// column)`, at most one chosen): per digit of some set, not given among the cells, the
    /// cells holding it at least as often as the sets holding it are chosen (`covered`).
    /// With as many digits in each set as cells, the cells hold that set.
    fn cells_hold_sets(&mut self, cells: &[Cell], sets: &[(u128, usize)]) {
        let lo = self.p.lo;
        for d in lo..=self.p.hi {
            let bit = 1u128 << (d - lo);
            let ys = holding(sets, bit);
            // A given among them: the digit is there whatever is chosen.
            if ys.is_empty() || cells.iter().any(|&c| self.p.givens[c] == Some(d)) {
                continue;
            }
            let xs: Vec<usize> = cells
                .iter()
                .flat_map(|&c| self.b.cell_columns[c].iter().filter(|t| t.0 == d))
                .map(|t| t.1)
                .collect();
            self.covered(&xs, &ys);
        }
    }

    /// At most one of `ys`, for a clause solver alone (which the other rows imply, but
    /// MiniSat propagates it at once: Sandwich Snipe 3.3 s without, 2.3 s with), while the
    /// pairs of clauses GLPK writes for it are few.
    fn at_most_one(&mut self, ys: &[usize]) {
        if (2..=AT_MOST_ONE_LIMIT).contains(&ys.len()) {
            self.b
                .clause_row(ys.iter().map(|&y| (y, 1)).collect(), Sense::Le, 1);
        }
    }

    /// A digit set's binary: `prefix` and its digits where they are 1 to 9 and fit a name
    /// (`x_sum1_x4_1459`), else the rule's name and the set's place among the rule's sets
    /// (`x_sum1_y7`: no longer than the rule's first row, `x_sum1_sum1`, as the places stop at
    /// `SET_LIMIT`). A review found `NAME_x4_n100` refused for a 57-letter name.
    fn set_column(&mut self, prefix: String, set: u128, place: usize) -> usize {
        let lo = self.p.lo;
        let digits: Vec<i64> = (0..128)
            .filter(|&b| set >> b & 1 == 1)
            .map(|b| lo + b as i64)
            .collect();
        let name = if digits.iter().all(|d| (1..=9).contains(d))
            && prefix.len() + digits.len() <= super::MAX_NAME
        {
            let mut name = prefix;
            name.extend(digits.iter().map(|d| char::from(b'0' + *d as u8)));
            name
        } else {
            format!("{}_y{place}", self.rule)
        };
        self.b.column(|t| t.push_str(&name), 0, 1, true)
    }

    /// An integer column equal to the chosen value of the one-hot columns `z`, which the rows
    /// need not but a solver's branching can use: "the total is at most 10" halves the totals
    /// where a binary takes one away. HiGHS found the zipper's grid in 13–23 s with it against
    /// 20–46 s without (The Zip that Zips the Zips, first solve, random seeds 1–4).
    fn branch_column(&mut self, z: &[(i64, usize)]) {
        let (Some(lo), Some(hi)) = (z.first(), z.last()) else {
            return;
        };
        let name = format!("{}_total", self.rule);
        let t = self.b.column(|n| n.push_str(&name), lo.0, hi.0, true);
        let mut terms = vec![(t, 1)];
        terms.extend(z.iter().map(|&(v, c)| (c, -v)));
        self.row(terms, Sense::Eq, 0);
    }

    /// Whether the rules keep every two of `cells` apart.
    fn all_apart(&self, cells: &[Cell]) -> bool {
        cells
            .iter()
            .enumerate()
            .all(|(i, &a)| cells[i + 1..].iter().all(|&c| self.b.must_differ(a, c)))
    }

    /// A cell's possible values: its given, or its one-hot columns.
    fn values(&self, c: Cell) -> Vec<i64> {
        match self.p.givens[c] {
            Some(g) => vec![g],
            None => self.b.cell_columns[c].iter().map(|t| t.0).collect(),
        }
    }

    /// The sums a piece can reach, each cell on its own (repeats allowed).
    fn reachable(&self, piece: &[Cell]) -> Option<Vec<i64>> {
        let mut sums = vec![0i64];
        for &c in piece {
            let values = self.values(c);
            let mut next: Vec<i64> = sums
                .iter()
                .flat_map(|s| values.iter().map(move |v| s + v))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.len() > STATE_LIMIT {
                return None;
            }
            sums = next;
        }
        Some(sums)
    }

    /// The shape's rows; whether they say all it says (no piece past the limits).
    fn sums(&mut self, shape: &Shape) -> bool {
        // `spelled` reads a pill's number digit by digit: a value past 9 (`values 8..11`) is
        // no digit, and such a pill is its algebra's alone (`100 a + 10 b + c`).
        if let TotalSpec::Spelled(pill) = &shape.total
            && pill
                .iter()
                .any(|&c| self.values(c).iter().any(|v| !(0..=9).contains(v)))
        {
            return false;
        }
        let mut reach = Vec::new();
        for piece in &shape.pieces {
            match self.reachable(piece) {
                Some(r) => reach.push(r),
                None => return false,
            }
        }
        let total = match shape.total {
            TotalSpec::Number(t) => Total::Number(t),
            TotalSpec::Cell(c) => match self.p.givens[c] {
                Some(g) => Total::Number(g),
                None => Total::OneHot(self.b.cell_columns[c].clone()),
            },
            TotalSpec::Spelled(ref pill) => self.spelled(pill, &reach[0]),
            TotalSpec::Shared { branch } => {
                // The totals every piece can reach; one binary each, exactly one chosen.
                let mut common = reach[0].clone();
                for r in &reach[1..] {
                    common.retain(|t| r.binary_search(t).is_ok());
                }
                let z: Vec<(i64, usize)> = common
                    .iter()
                    .map(|&t| (t, self.binary("total", t)))
                    .collect();
                self.row(z.iter().map(|&(_, c)| (c, 1)).collect(), Sense::Eq, 1);
                if branch {
                    self.branch_column(&z);
                }
                Total::OneHot(z)
            }
        };
        if let (TotalSpec::Shared { .. }, Total::OneHot(z)) = (&shape.total, &total) {
            self.piece_totals(&shape.pieces, z);
            self.partners_apart(&shape.pieces);
        }
        // A piece past the limits keeps only its algebra; the others' rows are still valid.
        if let TotalSpec::Shared { .. } = shape.total {
            self.record = Some(Vec::new());
        }
        let mut complete = true;
        for piece in &shape.pieces {
            complete &= self.layered(piece, &total);
        }
        if let (Some(record), Total::OneHot(z)) = (self.record.take(), &total) {
            self.areas_per_total(&shape.pieces, z, record);
        }
        complete
    }

    /// Per distinct area that holds cells of two or more pieces, per total t and digit k: the
    /// columns saying "this cell holds k and the total is t" sum to at most `z_t`. Summed over
    /// t, this is the area's own row; but the relaxation could split the total, each part a
    /// grid that breaks the area and the two together keeping it. With these rows each total's
    /// part of the flow keeps the areas on its own (the disjunction over totals, lifted).
    fn areas_per_total(
        &mut self,
        pieces: &[Vec<Cell>],
        z: &[(i64, usize)],
        record: Vec<(Cell, i64, i64, usize)>,
    ) {
        let piece_of: BTreeMap<Cell, usize> = pieces
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.iter().map(move |&c| (c, i)))
            .collect();
        // (area, t, k) -> (pieces, columns)
        type Group = (BTreeSet<usize>, Vec<usize>);
        let mut groups: BTreeMap<(usize, i64, i64), Group> = BTreeMap::new();
        for (c, k, t, col) in record {
            for &a in &self.b.areas[c] {
                let g = groups.entry((a, t, k)).or_default();
                g.0.insert(piece_of[&c]);
                g.1.push(col);
            }
        }
        let z: BTreeMap<i64, usize> = z.iter().copied().collect();
        // Two areas with the same cells of the line (a row and a box) make one row.
        let mut made = BTreeSet::new();
        for ((_, t, _), (holding, cols)) in groups {
            // One piece alone: its flow already says so.
            if holding.len() < 2 {
                continue;
            }
            let Some(&zt) = z.get(&t) else { continue };
            let mut merged: BTreeMap<usize, i64> = BTreeMap::new();
            for c in cols {
                *merged.entry(c).or_default() += 1;
            }
            let mut terms: Vec<(usize, i64)> = merged.into_iter().collect();
            if !made.insert(terms.clone()) {
                continue;
            }
            terms.push((zt, -1));
            self.row(terms, Sense::Le, 0);
        }
    }

    /// Per piece, its values' sum equal to the chosen total (`z`'s value): the flows imply it,
    /// but as one row it is there for the solver's propagation and cuts.
    fn piece_totals(&mut self, pieces: &[Vec<Cell>], z: &[(i64, usize)]) {
        for piece in pieces {
            let given: i64 = piece.iter().filter_map(|&c| self.p.givens[c]).sum();
            let mut terms: Vec<(usize, i64)> = piece
                .iter()
                .flat_map(|&c| &self.b.cell_columns[c])
                .map(|&(v, x)| (x, v))
                .collect();
            terms.extend(z.iter().map(|&(t, c)| (c, -t)));
            self.row(terms, Sense::Eq, -given);
        }
    }

    /// Two cells of a zipper whose partners must differ (a row, a column, a box holds the
    /// partners) differ too, since each is the total less its partner: per value, at most one
    /// of the two holds it. No row said so, and the relaxation met it with each pair's flow
    /// split over two totals. Grown into cliques with the cells that must differ from both,
    /// these rows made HiGHS slower.
    fn partners_apart(&mut self, pieces: &[Vec<Cell>]) {
        let pairs: Vec<(Cell, Cell)> = pieces
            .iter()
            .filter(|p| p.len() == 2)
            .flat_map(|p| [(p[0], p[1]), (p[1], p[0])])
            .collect();
        let mut rows = Vec::new();
        for (i, &(u, pu)) in pairs.iter().enumerate() {
            for &(v, pv) in &pairs[i + 1..] {
                if v == pu || self.b.must_differ(u, v) || !self.b.must_differ(pu, pv) {
                    continue;
                }
                for k in self.p.lo..=self.p.hi {
                    let given = [u, v]
                        .iter()
                        .filter(|&&c| self.p.givens[c] == Some(k))
                        .count() as i64;
                    let terms: Vec<(usize, i64)> = [self.b.x(u, k), self.b.x(v, k)]
                        .into_iter()
                        .flatten()
                        .map(|x| (x, 1))
                        .collect();
                    rows.push((terms, 1 - given));
                }
            }
        }
        self.clique_rows(rows);
    }

    /// The number `pill` spells, as one binary per number the line can sum to and the pill's
    /// digits can spell, exactly one chosen, each pill cell's one-hot columns the sum of the
    /// numbers with that digit in its place: the number and its digits are then one choice,
    /// as a circle's value is (Pill Arrow Sudoku: the line's relaxation no longer makes 13
    /// from half a 1 and half a 25).
    fn spelled(&mut self, pill: &[Cell], line_sums: &[i64]) -> Total {
        let place = |t: i64, i: usize| (t / 10i64.pow((pill.len() - 1 - i) as u32)) % 10;
        let values: Vec<Vec<i64>> = pill.iter().map(|&c| self.values(c)).collect();
        let limit = 10i64.pow(pill.len() as u32);
        let numbers: Vec<i64> = line_sums
            .iter()
            .copied()
            .filter(|&t| t < limit)
            .filter(|&t| (0..pill.len()).all(|i| values[i].contains(&place(t, i))))
            // Two pill cells that must differ never spell the same digit twice.
            .filter(|&t| {
                (0..pill.len()).all(|i| {
                    (i + 1..pill.len()).all(|j| {
                        place(t, i) != place(t, j) || !self.b.must_differ(pill[i], pill[j])
                    })
                })
            })
            .collect();
        let z: Vec<(i64, usize)> = numbers
            .iter()
            .map(|&t| (t, self.binary("number", t)))
            .collect();
        self.row(z.iter().map(|&(_, c)| (c, 1)).collect(), Sense::Eq, 1);
        for (i, &c) in pill.iter().enumerate() {
            if self.p.givens[c].is_some() {
                continue;
            }
            for (v, x) in self.b.cell_columns[c].clone() {
                let mut terms = vec![(x, 1)];
                terms.extend(z.iter().filter(|t| place(t.0, i) == v).map(|t| (t.1, -1)));
                self.row(terms, Sense::Eq, 0);
            }
        }
        Total::OneHot(z)
    }

    /// The piece's cells sum to the total: a flow through the layers of partial sums. False
    /// when the piece has too many partial sums for one, and no rows were written.
    fn layered(&mut self, piece: &[Cell], total: &Total) -> bool {
        // Givens are a constant; the layers are the free cells.
        let offset: i64 = piece.iter().filter_map(|&c| self.p.givens[c]).sum();
        let free: Vec<Cell> = piece
            .iter()
            .copied()
            .filter(|&c| self.p.givens[c].is_none())
            .collect();
        let targets: Vec<(i64, Option<usize>)> = match total {
            Total::Number(t) => vec![(t - offset, None)],
            Total::OneHot(z) => z.iter().map(|&(t, c)| (t - offset, Some(c))).collect(),
        };
        if free.is_empty() {
            // Only the total can still be wrong: it must be the givens' sum.
            match total {
                Total::Number(t) if *t == offset => {}
                Total::Number(_) => self.row(Vec::new(), Sense::Eq, 1), // cannot hold
                Total::OneHot(z) => {
                    let terms = z.iter().filter(|t| t.0 == offset).map(|t| (t.1, 1));
                    self.row(terms.collect(), Sense::Eq, 1);
                }
            }
            return true;
        }
        let domains: Vec<Vec<(i64, usize)>> = free
            .iter()
            .map(|&c| self.b.cell_columns[c].clone())
            .collect();
        let n = free.len();
        // Cells that all differ (an arrow in one box, a cage, a zipper pair in one row) track the digits used so far, not
        // only their sum: the flow is then over sets of distinct digits, and a piece cannot
        // reach 6 with 3 + 3. Otherwise (a diagonal, a line across boxes) the sum alone.
        let nv = self.p.value_count();
        let distinct = n >= 2
            && nv <= 128
            && (0..n).all(|i| (i + 1..n).all(|j| self.b.must_differ(free[i], free[j])));
        let lo = self.p.lo;
        let bit = |v: i64| if distinct { 1u128 << (v - lo) } else { 0 };
        let step = |s: State, v: i64| -> Option<State> {
            (s.1 & bit(v) == 0).then_some((s.0 + v, s.1 | bit(v)))
        };
        // Forward: the states after each layer, while few enough.
        let mut states: Vec<BTreeSet<State>> = Vec::with_capacity(n + 1);
        states.push(BTreeSet::from([(0, 0)]));
        for d in &domains {
            let next: BTreeSet<State> = states
                .last()
                .unwrap()
                .iter()
                .flat_map(|&s| d.iter().filter_map(move |t| step(s, t.0)))
                .collect();
            if next.len() > STATE_LIMIT {
                return false;
            }
            states.push(next);
        }
        // Backward: keep the states from which a target is still reachable.
        let goals: BTreeSet<i64> = targets.iter().map(|t| t.0).collect();
        states[n].retain(|s| goals.contains(&s.0));
        for i in (1..n).rev() {
            let (now, later) = states.split_at_mut(i + 1);
            let later = &later[0];
            now[i].retain(|&s| {
                domains[i]
                    .iter()
                    .any(|t| step(s, t.0).is_some_and(|x| later.contains(&x)))
            });
        }
        // Cells that all differ, summing to a number (a killer cage) or to a total of its own
        // (an arrow's circle, a pill's chosen number): the clue's combinations rather than
        // the flow (`combinations`). Not a shared total's pieces, whose arcs `record` notes.
        if distinct && self.record.is_none() && !self.flows_only {
            let sets: Vec<(i64, u128)> = states[n].iter().copied().collect();
            self.combinations(&domains, &sets, &targets);
            return true;
        }
        // inflow[s] after layer i: the terms of the flow into node (i, s). Layer 1's nodes are
        // the first cell's own columns.
        let mut inflow: BTreeMap<State, Vec<(usize, i64)>> = BTreeMap::new();
        for &(v, x) in &domains[0] {
            let s = (v, bit(v));
            if states[1].contains(&s) {
                inflow.insert(s, vec![(x, 1)]);
                if let (1, Some(r)) = (n, self.record.as_mut()) {
                    r.push((free[0], v, v + offset, x));
                }
            } else {
                self.row(vec![(x, 1)], Sense::Eq, 0);
            }
        }
        for i in 1..n {
            let mut next: BTreeMap<State, Vec<(usize, i64)>> = BTreeMap::new();
            // Per digit of this layer's cell, its arcs.
            let mut per_digit: BTreeMap<i64, Vec<(usize, i64)>> = BTreeMap::new();
            for (&s, into) in &inflow {
                let mut out = Vec::new();
                for &(v, _) in &domains[i] {
                    let Some(t) = step(s, v).filter(|t| states[i + 1].contains(t)) else {
                        continue;
                    };
                    let f = self.arc();
                    if let (2, Some(r)) = (n, self.record.as_mut()) {
                        // Layer 1's state is the first cell's digit; t the pair's sum.
                        r.push((free[0], s.0, t.0 + offset, f));
                        r.push((free[1], v, t.0 + offset, f));
                    }
                    out.push((f, 1));
                    per_digit.entry(v).or_default().push((f, 1));
                    next.entry(t).or_default().push((f, 1));
                }
                // What flows into node (i, s) leaves it.
                let mut terms = into.clone();
                terms.extend(out.iter().map(|&(f, _)| (f, -1)));
                self.row(terms, Sense::Eq, 0);
            }
            for &(v, x) in &domains[i] {
                let mut terms = vec![(x, 1)];
                if let Some(arcs) = per_digit.get(&v) {
                    terms.extend(arcs.iter().map(|&(f, _)| (f, -1)));
                }
                self.row(terms, Sense::Eq, 0);
            }
            inflow = next;
        }
        // The last layer: the flow into the nodes of sum t is the total's indicator.
        if let Total::OneHot(_) = total {
            let mut by_sum: BTreeMap<i64, Vec<(usize, i64)>> = BTreeMap::new();
            for ((sum, _), terms) in inflow {
                by_sum.entry(sum).or_default().extend(terms);
            }
            for &(t, z) in &targets {
                let z = z.expect("one-hot totals have columns");
                let mut terms = by_sum.remove(&t).unwrap_or_default();
                terms.push((z, -1));
                self.row(terms, Sense::Eq, 0);
            }
        }
        // (A number: the cells' rows carry a flow of 1 into the last layer, all of it a sum
        // that is the total.)
        true
    }

    /// Cells that all differ and sum to a total, as the sets of digits they can hold (`sets`,
    /// `(sum, set)` from `layered`'s forward pass: each reachable through the cells' values,
    /// its sum a target): a binary per set (`cage3_s1456`), and per digit the count of
    /// the cells holding it equal to the chosen sets that contain it. Per target, the chosen
    /// sets of that sum are its one-hot column (an arrow's circle, a pill's number), or, for
    /// a number, exactly one set is chosen. With one set chosen, its digits each in exactly
    /// one cell and no other digit in any, the cells hold that set, so these rows say all the
    /// clue says. This is how a setter reads a cage ("16 in four: 1 2 4 9, 1 2 5 8, ..."),
    /// and a solver can branch on a combination.
    ///
    /// The flow over the digit sets used so far (what `layered` writes for other pieces) is
    /// the convex hull of the clue's assignments and this is not (two cells summing to 5 may
    /// hold half a 1 and half a 2, and half a 4 and half a 3), but its LP is three to four
    /// times larger and degenerate: on tarek-01 HiGHS spent about 2,300 simplex iterations a
    /// node and found no grid in 40 s; with the sets, 470 a node, the grid in 3.6 s. GLPK's
    /// MiniSat proves tarek-01 in 1.9 s where it took 15.9 s (README, "Killers against the
    /// Interactive Sudoku Solver").
    ///
    /// The rows tying sets to totals and digits are equalities whole for branch and cut and
    /// clauses for MiniSat (`linked`): the 45 hard killers on MiniSat alone 153 s -> 21.7 s
    /// (`python3 bench/families.py --runs 1 --time-limit 30 --solvers glpk-sat --dir
    /// examples/killers`, 2026-12-08); the LP files are the same bytes.
    fn combinations(
        &mut self,
        domains: &[Vec<(i64, usize)>],
        sets: &[(i64, u128)],
        targets: &[(i64, Option<usize>)],
    ) {
        let lo = self.p.lo;
        // Named by the digits where they are 1 to 9 (`cage3_s1456`), else by their place among
        // the sets (`cage3_sn7`): no longer than the rows' `cage3_sum12` then, so a rule name
        // that fits the rows fits these. One piece a rule comes here (a region-sum line's
        // pieces keep their flows, a shared total's pieces record their arcs), so the names
        // are the rule's own and unique.
        let chosen: Vec<(u128, usize)> = sets
            .iter()
            .enumerate()
            .map(|(i, &(_, set))| {
                let digits: Vec<i64> = (0..128)
                    .filter(|&b| set >> b & 1 == 1)
                    .map(|b| lo + b as i64)
                    .collect();
                let mut name = format!("{}_s", self.rule);
                if digits.iter().all(|d| (1..=9).contains(d))
                    && name.len() + digits.len() <= super::MAX_NAME
                {
                    name.extend(digits.iter().map(|d| char::from(b'0' + *d as u8)));
                } else {
                    name.push_str(&format!("n{}", i + 1));
                }
                (set, self.b.column(|t| t.push_str(&name), 0, 1, true))
            })
            .collect();
        for &(t, z) in targets {
            let ys: Vec<usize> = sets
                .iter()
                .zip(&chosen)
                .filter(|(s, _)| s.0 == t)
                .map(|(_, c)| c.1)
                .collect();
            match z {
                Some(z) => {
                    self.linked(&ys, &[z]);
                    self.at_most_one(&ys);
                }
                None => self.row(ys.iter().map(|&y| (y, 1)).collect(), Sense::Eq, 1),
            }
        }
        // The cells differ, so at most one holds the digit; one set is chosen.
        for v in self.p.lo..=self.p.hi {
            let xs: Vec<usize> = domains
                .iter()
                .flat_map(|d| d.iter().filter(|t| t.0 == v).map(|t| t.1))
                .collect();
            let bit = 1u128 << (v - lo);
            self.linked(&xs, &holding(&chosen, bit));
        }
    }

    /// A region-sum line with a piece of one cell, and no piece of more than two: that cell's
    /// digit is the total, every other piece a layered sum into its one-hot columns (another
    /// one-cell piece: its columns equal to the total's; a two-cell piece: its pair table,
    /// each pair of digits an arc into the total it makes). That says all the line says, so
    /// its algebra is left out: a piece of one cell against one of two was a three-cell
    /// conflict table (81 rows, each satisfied by halves), and a cell two pieces away was tied
    /// to the total only through them. HiGHS then proved Raw Spaghetti's "no other grid" at
    /// the root, 4.5-6.9 s, against 33-39 s and 3,000-3,441 nodes (random seeds 0-3), and with
    /// these rows beside the algebra it still took 31-35 s.
    ///
    /// Any other line (a longer piece, or none of one cell) is a layered sum per piece into a
    /// shared total, as a zipper is, without the zipper's integer column (with it HiGHS took
    /// `region-sum-lm-00098I` 16-30 s over seeds 1-3, without it 10-19 s). These rows too say
    /// all the line says and replace its algebra, an equality of two sums per box crossing.
    /// GLPK's MiniSat and CBC read them far better: `region-sum-lm-00098I` GLPK 8.8 s → 0.64 s,
    /// CBC 38 → 11 s; Equal Sums (`tests/fpuzzles/`) GLPK 6.4 → 0.13 s, CBC over 60 → 0.7 s,
    /// HiGHS 6-13 → 0.4-0.5 s. HiGHS alone is slower on `region-sum-lm-00098I`: 5.8-8.0 s →
    /// 10-19 s over seeds 1-5 (2026-12-07). A piece past the limits keeps the algebra
    /// (`Algebra::Kept`), beside the rows already written for the others, which are valid.
    fn region_sum(&mut self, line: &[Cell]) -> Algebra {
        let Some(pieces) = self.region_pieces(line) else {
            return Algebra::Kept;
        };
        if pieces.len() < 2 {
            return Algebra::Kept;
        }
        let single = pieces.iter().position(|piece| piece.len() == 1);
        let (Some(single), false) = (single, pieces.iter().any(|piece| piece.len() > 2)) else {
            // A longer piece: every piece a layered sum into a shared total.
            let shape = Shape {
                pieces,
                total: TotalSpec::Shared { branch: false },
            };
            return if self.sums(&shape) {
                Algebra::Replaced
            } else {
                Algebra::Kept
            };
        };
        let t = pieces[single][0];
        let total = match self.p.givens[t] {
            Some(g) => Total::Number(g),
            None => Total::OneHot(self.b.cell_columns[t].clone()),
        };
        self.flows_only = true;
        for (i, piece) in pieces.iter().enumerate() {
            if i != single {
                // Two cells of one box: a few dozen arcs, never past the limit.
                let whole = self.layered(piece, &total);
                debug_assert!(whole);
            }
        }
        Algebra::Replaced
    }

    /// A region-sum line's pieces: its runs of cells in one box, in the line's order. None
    /// without boxes, or on a line that comes back to a cell (the algebra's alone: `pos` is a
    /// cell's first place).
    fn region_pieces(&self, line: &[Cell]) -> Option<Vec<Vec<Cell>>> {
        let (bh, bw) = self.p.boxes?;
        if repeats(line) {
            return None;
        }
        let box_of = |c: Cell| (c / self.p.cols / bh, c % self.p.cols / bw);
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        for (i, &c) in line.iter().enumerate() {
            match pieces.last_mut() {
                Some(piece) if box_of(line[i - 1]) == box_of(c) => piece.push(c),
                _ => pieces.push(vec![c]),
            }
        }
        Some(pieces)
    }

    /// Renban: the line holds the run `s .. s + n - 1` for one lowest digit s, each digit once.
    /// A binary per possible s, one chosen, and per digit k: `sum_c x[c,k]` (plus the givens
    /// equal to k) `= sum of z_s over the runs that hold k`. Exact with the distinct rows, and
    /// the relaxation already spreads the line over one run of digits.
    fn renban(&mut self, line: &[Cell]) -> bool {
        let n = line.len() as i64;
        let (lo, hi) = (self.p.lo, self.p.hi);
        if repeats(line) || n == 0 || n > hi - lo + 1 {
            return false; // the algebra says what a repeated cell or an impossible line means
        }
        let starts: Vec<(i64, usize)> = (lo..=hi - n + 1)
            .map(|s| (s, self.binary("low", s)))
            .collect();
        self.row(starts.iter().map(|&(_, c)| (c, 1)).collect(), Sense::Eq, 1);
        for k in lo..=hi {
            let given = line
                .iter()
                .filter(|&&c| self.p.givens[c] == Some(k))
                .count() as i64;
            let mut terms: Vec<(usize, i64)> = line
                .iter()
                .filter_map(|&c| self.b.x(c, k))
                .map(|x| (x, 1))
                .collect();
            terms.extend(
                starts
                    .iter()
                    .filter(|&&(s, _)| s <= k && k < s + n)
                    .map(|&(_, z)| (z, -1)),
            );
            self.row(terms, Sense::Eq, -given);
        }
        true
    }

    /// Entropic and modular lines: any three cells in a row on the line hold digits of three
    /// different classes (thirds of the range, remainders by 3), so per window of three
    /// cells (the whole line, on a line of two) and per class, at most one cell holds a
    /// digit of that class. These cliques say all the rule says, so its algebra (per pair of
    /// cells and per digit, "not that digit here and its class there", which the relaxation
    /// meets with halves) is left out. GLPK proved Entropic Connections in 0.7 s this way
    /// (47 s with the algebra, 1.2 s with both) and Modular Lines 1 in 0.25 s (no solution in
    /// 60 s before).
    fn windows(&mut self, line: &[Cell], class: impl Fn(i64) -> i64) -> Algebra {
        if repeats(line) || line.len() < 2 {
            return Algebra::Kept; // a cell twice, or no pair: the algebra says what it means
        }
        let mut classes: Vec<i64> = (self.p.lo..=self.p.hi).map(&class).collect();
        classes.sort_unstable();
        classes.dedup();
        let mut rows = Vec::new();
        for w in line.windows(line.len().min(3)) {
            for &g in &classes {
                let given = w
                    .iter()
                    .filter(|&&c| self.p.givens[c].is_some_and(|v| class(v) == g))
                    .count() as i64;
                let terms: Vec<(usize, i64)> = w
                    .iter()
                    .flat_map(|&c| &self.b.cell_columns[c])
                    .filter(|&&(v, _)| class(v) == g)
                    .map(|&(_, x)| (x, 1))
                    .collect();
                if given > 1 {
                    return Algebra::Kept; // two givens break it: the algebra's empty row says so
                }
                rows.push((terms, 1 - given));
            }
        }
        self.clique_rows(rows);
        Algebra::Replaced
    }

    /// Nabner: no two cells of the line hold equal or consecutive digits, so per digit k at
    /// most one cell holds k or k + 1 (a clique of the conflicts the pairs make). These rows
    /// say all the rule says, so its algebra (a conflict table per pair of cells) is left
    /// out: Cold Sauerkraut on CBC 84–115 s (no proof in 150 s with the algebra), HiGHS 8.0 s
    /// (9.8 s). With the algebra beside them, CBC took 124 s and HiGHS 12.4 s.
    fn nabner(&mut self, line: &[Cell]) -> Algebra {
        let (lo, hi) = (self.p.lo, self.p.hi);
        if repeats(line) || hi <= lo {
            return Algebra::Kept;
        }
        // The cells in grid order: the clique is a set.
        let mut cells = line.to_vec();
        cells.sort_unstable();
        let mut rows = Vec::new();
        for k in lo..hi {
            let given = cells
                .iter()
                .filter(|&&c| self.p.givens[c].is_some_and(|g| g == k || g == k + 1))
                .count() as i64;
            if given > 1 {
                return Algebra::Kept;
            }
            let terms: Vec<(usize, i64)> = cells
                .iter()
                .flat_map(|&c| [self.b.x(c, k), self.b.x(c, k + 1)])
                .flatten()
                .map(|x| (x, 1))
                .collect();
            rows.push((terms, 1 - given));
        }
        self.clique_rows(rows);
        if cells.iter().all(|&c| self.p.givens[c].is_none()) {
            self.nabner_sets(&cells);
        }
        Algebra::Replaced
    }

    /// The digits a nabner line holds, as a choice among the sets it can hold (as many digits as
    /// cells, no two equal or consecutive): a binary `w_S` per set, one chosen, and per digit k
    /// the number of the line's cells holding k equal to the sum of the chosen sets holding k
    /// (none or one). With whole `x` the line's digits are then the chosen set, so these rows
    /// say all the rule says; beside the cliques they tell the relaxation which digits fill
    /// the line together, and the `w_S` are a branch that chooses them. Not written past 256
    /// sets.
    ///
    /// They replaced the line's convex hull, the same sets each with an assignment of its
    /// digits to the cells (continuous `p[c,k,S]`, a bipartite matching per set, every
    /// `x[c,k]` the sum of its `p`: 1,900 more columns on Cold Sauerkraut), which HiGHS's
    /// presolve needed more time to take apart: Cold Sauerkraut, `run --unique --solver S
    /// --time-limit 120`, 2026-12-07: HiGHS 1.05–1.16 s → 0.27–0.35 s (three runs each, taking
    /// turns; 3.7–8.7 s and 138 nodes with the cliques alone), CBC from no grid in 120 s to its
    /// grid in 65 s (no proof in the 120 s). GLPK finds no grid in 120 s either way.
    fn nabner_sets(&mut self, cells: &[Cell]) {
        let (lo, hi) = (self.p.lo, self.p.hi);
        let n = cells.len();
        let mut sets: Vec<Vec<i64>> = Vec::new();
        let mut stack: Vec<Vec<i64>> = vec![Vec::new()];
        while let Some(set) = stack.pop() {
            if set.len() == n {
                sets.push(set);
                if sets.len() > 256 {
                    return;
                }
                continue;
            }
            let from = set.last().map_or(lo, |&k| k + 2);
            // Room for the rest, each two apart.
            let last = hi - 2 * (n - set.len() - 1) as i64;
            for k in (from..=last).rev() {
                let mut next = set.clone();
                next.push(k);
                stack.push(next);
            }
        }
        let mut chosen = Vec::new();
        let mut per_digit: BTreeMap<i64, Vec<(usize, i64)>> = BTreeMap::new();
        for (i, set) in sets.iter().enumerate() {
            self.cols += 1;
            let name = format!("{}_set{}", self.rule, i + 1);
            let w = self.b.column(|t| t.push_str(&name), 0, 1, true);
            chosen.push((w, 1));
            for &k in set {
                per_digit.entry(k).or_default().push((w, -1));
            }
        }
        self.row(chosen, Sense::Eq, 1);
        for k in lo..=hi {
            let mut terms: Vec<(usize, i64)> = cells
                .iter()
                .filter_map(|&c| self.b.x(c, k))
                .map(|x| (x, 1))
                .collect();
            terms.extend(per_digit.remove(&k).unwrap_or_default());
            if !terms.is_empty() {
                self.row(terms, Sense::Eq, 0);
            }
        }
    }

    /// Counting circles: a binary `u_k` per digit, "k is in the circles", and the number of
    /// circles holding k equal to `k u_k`, so each digit is in none of them or in exactly k;
    /// and, each circle holding one digit, `sum_k k u_k` equal to the number of circles, a
    /// row the others imply for whole numbers only, which tells the relaxation which digits
    /// can fill the circles together. These rows say all the rule says, so its algebra (per
    /// digit, a binary per side of "none or k" and big-M rows around the count) is left out.
    /// Clockwork: HiGHS 2.8 s → 0.08 s, CBC 1.6 s → 0.16 s; without the last row, 1.4 s and
    /// 3.5 s. That last row is now the hull of its whole solutions (`digit_sets`) when there
    /// are few digits.
    fn counting_circles(&mut self, circles: &[Cell]) -> Algebra {
        if repeats(circles) {
            return Algebra::Kept; // a circle listed twice: the algebra's count says what it means
        }
        let mut digits = Vec::new(); // (u_k, k)
        let mut open = circles.len() as i64; // circles less those of the digits the givens decide
        for k in self.p.lo..=self.p.hi {
            let given = circles
                .iter()
                .filter(|&&c| self.p.givens[c] == Some(k))
                .count() as i64;
            let terms: Vec<(usize, i64)> = circles
                .iter()
                .filter_map(|&c| self.b.x(c, k))
                .map(|x| (x, 1))
                .collect();
            if given != 0 && (k <= 0 || (terms.is_empty() && given != k)) {
                return Algebra::Kept; // the givens break it: the algebra's empty row says so
            }
            if terms.is_empty() {
                open -= given;
            } else if k <= 0 {
                self.row(terms, Sense::Le, 0); // no circle can hold k
            } else {
                let u = self.binary("in", k);
                digits.push((u, k));
                let mut terms = terms;
                terms.push((u, -k));
                self.row(terms, Sense::Eq, -given);
            }
        }
        if !digits.is_empty() && !self.digit_sets(&digits, open) {
            self.row(digits, Sense::Eq, open);
        }
        Algebra::Replaced
    }

    /// The sets of digits that can fill the circles together (their sum the number of open
    /// circles): a binary each, one chosen, and each `u_k` the sum of the sets that hold k.
    /// The relaxation of `sum_k k u_k = open` alone takes fractions of digits that no set
    /// makes (a half of 9 and of 5 for 7); this is the convex hull of its whole solutions,
    /// and that row is then left out. Santorini (23 circles, 23 sets): HiGHS 8.5–12.4 s →
    /// 0.2 s, CBC 12.7–23.4 s → 8.8–9.4 s (2026-12-06). With the row kept beside the sets CBC
    /// took 44–50 s; with the sets continuous (a whole `u` is one set's indicator) or the `u_k`
    /// continuous, CBC found no grid in 60 s. False, and nothing written, past 16 digits (2^16
    /// sets to try at most).
    fn digit_sets(&mut self, digits: &[(usize, i64)], open: i64) -> bool {
        if digits.len() > 16 {
            return false;
        }
        let sets: Vec<u32> = (0u32..1 << digits.len())
            .filter(|&m| {
                let sum: i64 = (0..digits.len())
                    .filter(|&i| m >> i & 1 == 1)
                    .map(|i| digits[i].1)
                    .sum();
                sum == open
            })
            .collect();
        let columns: Vec<usize> = sets
            .iter()
            .map(|&m| self.binary("set", i64::from(m)))
            .collect();
        self.row(columns.iter().map(|&c| (c, 1)).collect(), Sense::Eq, 1);
        for (i, &(u, _)) in digits.iter().enumerate() {
            let mut terms = vec![(u, 1)];
            terms.extend(
                sets.iter()
                    .zip(&columns)
                    .filter(|(m, _)| *m >> i & 1 == 1)
                    .map(|(_, &c)| (c, -1)),
            );
            self.row(terms, Sense::Eq, 0);
        }
        true
    }

    /// `sum terms <= rhs` for each row that can bind (a row over fewer columns than its
    /// right-hand side allows says nothing).
    fn clique_rows(&mut self, rows: Vec<(Vec<(usize, i64)>, i64)>) {
        for (terms, rhs) in rows {
            if terms.len() as i64 > rhs {
                self.row(terms, Sense::Le, rhs);
            }
        }
    }

    /// Lunchbox: the line's digits differ, and those strictly between its smallest and its
    /// largest digit (the crusts) sum to the total. One path through the line per grid: a
    /// state is the crusts `(m, M)`, chosen at the first cell, and the phase (before the first
    /// crust, after crust m or M with the sum so far, after both), every digit in [m, M].
    /// The flow over these states is the convex hull of the line's assignments up to the
    /// digits repeating, which the distinct rows say.
    fn lunchbox(&mut self, line: &[Cell], total: i64) -> bool {
        let n = line.len() as i64;
        let (lo, hi) = (self.p.lo, self.p.hi);
        if n < 2 || repeats(line) {
            return false; // one cell has no crusts; a repeated cell is the algebra's
        }
        // (m, M, phase, sum): phase 0 before a crust, 1 after m, 2 after M, 3 after both;
        // m > M is the source, before the crusts are chosen.
        type Lb = (i64, i64, u8, i64);
        let step = |s: Lb, v: i64| -> Vec<Lb> {
            let (m, big, phase, sum) = s;
            if m > big {
                return (lo..=hi)
                    .flat_map(|m| (m + n - 1..=hi).map(move |big| (m, big)))
                    .filter_map(|(m, big)| step_in((m, big, 0, 0), v, total))
                    .collect();
            }
            step_in((m, big, phase, sum), v, total)
                .into_iter()
                .collect()
        };
        let Some(arcs) =
            self.automaton_keyed(line, (1, 0, 0, 0), step, |s| s.2 == 3, |s| (s.0, s.1))
        else {
            return false;
        };
        self.digits_once_per_crusts(line[0], arcs);
        let rule = self.rule;
        self.b.distinct(Some(rule), "distinct", line);
        true
    }

    /// A lunchbox's digits differ, within each choice of crusts: per crusts (m, M) and digit k
    /// between them, the arcs reading k with those crusts carry at most the flow that chose
    /// them, a binary `crusts{m}_{M}` (CBC branches on it: 85–95 s → 22–27 s). Summed over the crusts, this is the `distinct` row of k; but the relaxation could
    /// mix two crusts' paths that each repeat a digit the other does not use. (Each path reads
    /// each crust once, so the crusts' own digits need no row.)
    fn digits_once_per_crusts(&mut self, first: Cell, arcs: Vec<(Cell, i64, (i64, i64), usize)>) {
        let mut chosen: BTreeMap<(i64, i64), Vec<(usize, i64)>> = BTreeMap::new();
        type Reading = ((i64, i64), i64);
        let mut reading: BTreeMap<Reading, Vec<(usize, i64)>> = BTreeMap::new();
        for (c, v, crusts, f) in arcs {
            if c == first {
                chosen.entry(crusts).or_default().push((f, -1));
            }
            if crusts.0 < v && v < crusts.1 {
                reading.entry((crusts, v)).or_default().push((f, 1));
            }
        }
        // A binary per choice of crusts, equal to the flow that chose them.
        let mut binaries: BTreeMap<(i64, i64), usize> = BTreeMap::new();
        for (&(m, big), arcs) in &chosen {
            let name = format!("{}_crusts{m}_{big}", self.rule);
            let w = self.b.column(|t| t.push_str(&name), 0, 1, true);
            let mut terms = vec![(w, 1)];
            terms.extend(arcs);
            self.row(terms, Sense::Eq, 0);
            binaries.insert((m, big), w);
        }
        for ((crusts, _), mut terms) in reading {
            if terms.len() < 2 {
                continue; // one arc never carries more than its crusts' flow
            }
            terms.push((binaries[&crusts], -1));
            self.row(terms, Sense::Le, 0);
        }
    }

    /// Whether the line's cells all differ, and whether they hold every value (a full row):
    /// None when some two may be equal.
    fn all_differ(&self, line: &[Cell]) -> Option<bool> {
        let n = line.len();
        (0..n)
            .all(|i| (i + 1..n).all(|j| self.b.must_differ(line[i], line[j])))
            .then_some(n == self.p.value_count())
    }

    /// A sandwich as a flow through the automaton that reads its line: before a crust, between
    /// the crusts with the sum so far, past the total (the other crust may no longer come),
    /// after both. Only on a line whose cells all differ (each crust at most once there), and
    /// on a full row both crusts must come. There it says all the rule says, and the caller
    /// leaves out the algebra, a disjunction per pair of cells (a binary each) whose
    /// relaxation says little (Between 1 and 9: HiGHS 18 s with the algebra alone).
    fn sandwich(&mut self, line: &[Cell], total: i64, low: i64, high: i64) -> bool {
        let Some(full) = self.all_differ(line) else {
            return false;
        };
        if low == high || line.len() < 2 {
            return false;
        }
        let held = |v: i64| (self.p.lo..=self.p.hi).contains(&v);
        let full = full && held(low) && held(high);
        if full && self.sandwich_sets(line, total, low, high) {
            return true;
        }
        // (phase, first crust, sum, digits between): 0 before a crust, 1 between, 2 after
        // both, 3 between past the total; sums only grow when no value is negative.
        type Sw = (u8, i64, i64, u128);
        let grows = self.p.lo >= 0;
        // The line's digits all differ, so the state between the crusts holds the digits used
        // too, not their sum alone: the flow then knows no filling repeats a digit. GLPK's
        // MiniSat finds Sandwich Snipe's two grids in 15 s (none in 60 s before) and proves
        // Between 1 and 9 in 0.10 s (0.21 s); HiGHS is unchanged, CBC slower there (0.3 s ->
        // 1.2 s), and HiGHS and CBC still find no grid of the Snipe in 60 s. Past the state
        // limit (a 16x16's fourteen middle digits), the sums alone, as before.
        let lo = self.p.lo;
        for sets in [self.p.value_count() <= 128, false] {
            let bit = |v: i64| if sets { 1u128 << (v - lo) } else { 0 };
            let step = |(phase, first, sum, mask): Sw, v: i64| -> Vec<Sw> {
                let crust = v == low || v == high;
                let next = match (phase, crust) {
                    (0, false) | (2, false) | (3, false) => Some((phase, first, sum, mask)),
                    (0, true) => Some((1, v, 0, 0)),
                    (1, false) if grows && sum + v > total => Some((3, first, 0, 0)),
                    (1, false) if mask & bit(v) != 0 => None,
                    (1, false) => Some((1, first, sum + v, mask | bit(v))),
                    (1, true) if v != first && sum == total => Some((2, 0, 0, 0)),
                    _ => None,
                };
                next.into_iter().collect()
            };
            if self.automaton(line, (0, 0, 0, 0), step, |s| !full || s.0 == 2) {
                return true;
            }
        }
        false
    }

    /// A sandwich on a full row (its cells all differ and hold every value, so both crusts
    /// come), as the crusts' places and the digit sets between them: a binary per pair of
    /// places i < j and set of j - i - 1 digits (neither crust) summing to the total that the
    /// cells between can hold (`sandwich1_b2_7_2368`: crusts in the line's second and seventh
    /// cells, 2 3 6 8 between; `sandwich1_b4_5` for crusts side by side). Per place, the pairs
    /// it ends are chosen exactly when it holds a crust; per pair and digit of its sets, the
    /// cells between hold the digit at least when a set holding it is chosen. The two crusts
    /// come once each, so one pair is chosen, the one they are at, and the cells between hold
    /// its set. False (and no rows) past `SET_LIMIT` sets.
    fn sandwich_sets(&mut self, line: &[Cell], total: i64, low: i64, high: i64) -> bool {
        let (lo, hi) = (self.p.lo, self.p.hi);
        if hi - lo >= 127 {
            return false;
        }
        let n = line.len();
        let middle: Vec<i64> = (lo..=hi).filter(|&v| v != low && v != high).collect();
        let domains: Vec<Vec<i64>> = line.iter().map(|&c| self.values(c)).collect();
        let crusts = |i: usize, j: usize| {
            let (a, b) = (&domains[i], &domains[j]);
            (a.contains(&low) && b.contains(&high)) || (a.contains(&high) && b.contains(&low))
        };
        // Per pair of places, its sets (bits from `lo`).
        let mut pairs: Vec<((usize, usize), Vec<u128>)> = Vec::new();
        let mut count = 0;
        let mut steps = CHOOSE_STEPS;
        for i in 0..n {
            for j in i + 1..n {
                if !crusts(i, j) {
                    continue;
                }
                let between = &domains[i + 1..j];
                let held: Vec<i64> = middle
                    .iter()
                    .copied()
                    .filter(|v| between.iter().any(|d| d.contains(v)))
                    .collect();
                let mut sets = Vec::new();
                let within = choose(&held, j - i - 1, total, &mut steps, &mut |chosen| {
                    if assignable(between, chosen) {
                        sets.push(chosen.iter().fold(0u128, |m, &v| m | 1u128 << (v - lo)));
                        count += 1;
                    }
                    count <= SET_LIMIT
                });
                if !within {
                    return false;
                }
                if !sets.is_empty() {
                    pairs.push(((i, j), sets));
                }
            }
        }
        // The pairs' columns, and per place the columns of the pairs it ends.
        let mut ends: Vec<Vec<(usize, i64)>> = vec![Vec::new(); n];
        let mut columns: Vec<Vec<(u128, usize)>> = Vec::new();
        let mut place = 0;
        for ((i, j), sets) in &pairs {
            let mut here = Vec::new();
            for &set in sets {
                place += 1;
                let mut prefix = format!("{}_b{}_{}", self.rule, i + 1, j + 1);
                if set != 0 {
                    prefix.push('_');
                }
                let y = self.set_column(prefix, set, place);
                ends[*i].push((y, 1));
                ends[*j].push((y, 1));
                here.push((set, y));
            }
            columns.push(here);
        }
        for (p, &c) in line.iter().enumerate() {
            let ys: Vec<usize> = std::mem::take(&mut ends[p]).iter().map(|t| t.0).collect();
            match self.p.givens[c] {
                Some(g) => {
                    let terms = ys.iter().map(|&y| (y, 1)).collect();
                    self.row(terms, Sense::Eq, i64::from(g == low || g == high));
                }
                None => {
                    let xs: Vec<usize> = self.b.cell_columns[c]
                        .iter()
                        .filter(|t| t.0 == low || t.0 == high)
                        .map(|t| t.1)
                        .collect();
                    self.linked(&ys, &xs);
                }
            }
        }
        let all: Vec<usize> = columns.iter().flatten().map(|c| c.1).collect();
        self.at_most_one(&all);
        for (((i, j), _), here) in pairs.iter().zip(&columns) {
            // (Split into clauses, HiGHS found no grid of Sandwich Snipe in 60 s, and both
            // grids whole: the clauses are MiniSat's alone.)
            self.cells_hold_sets(&line[i + 1..*j], here);
        }
        true
    }

    /// An X-sum. On a line whose cells all differ (a row or a column), its digit sets
    /// (`x_sum_sets`), which say all the rule says: its algebra goes. Otherwise a flow through
    /// the automaton that reads the line from the clue: the first digit N, how many digits so
    /// far and their sum, until the N-th, whose sum must be the total; the algebra stays
    /// beside it. Values from 1 only (the first digit is a count).
    ///
    /// The automaton on a row: CTC X-Sum (`examples/library/x-sum-ctc.sdk`) was 14,701
    /// columns and 5,490 rows, most of them its arcs. Its LP took CBC 3.7 s at the root and
    /// 8,000 simplex iterations a node; CBC found no grid in 60 s. With the sets: 824 columns
    /// and 673 rows, CBC proves it in 0.2 s, HiGHS 0.85 s → 0.09 s, GLPK 1.3 s → 0.06 s
    /// (`sdkc run FILE --unique --solver S`, 2026-12-08). Beside the algebra, the sets took
    /// CBC 0.44 s and HiGHS 0.15 s.
    fn x_sum(&mut self, line: &[Cell], total: i64) -> Algebra {
        let n = line.len() as i64;
        if self.p.lo < 1 || n == 0 || repeats(line) {
            // A line that comes back to a cell is the algebra's alone: `pos` is a cell's
            // first place, where the automaton reads the line visit by visit.
            return Algebra::Kept;
        }
        if self.all_differ(line).is_some() && self.x_sum_sets(line, total) {
            return Algebra::Replaced;
        }
        // (phase, N, digits so far, their sum): 0 at the start, 1 counting, 2 done.
        type Xs = (u8, i64, i64, i64);
        let step = |(phase, big, k, sum): Xs, v: i64| -> Vec<Xs> {
            let next = match phase {
                // A first digit past the line's length asks nothing: done, whatever follows.
                0 if v > n => return vec![(2, 0, 0, 0)],
                0 => Some((1, v, 1, v)),
                1 => Some((1, big, k + 1, sum + v)),
                _ => return vec![(2, 0, 0, 0)],
            };
            // The N-th digit closes the sum; digits are at least 1, so a sum past the
            // total before it is dead.
            next.and_then(|(p, big, k, sum)| {
                if k == big {
                    (sum == total).then_some((2, 0, 0, 0))
                } else {
                    (sum < total).then_some((p, big, k, sum))
                }
            })
            .into_iter()
            .collect()
        };
        implied(self.automaton(line, (0, 0, 0, 0), step, |s| s.0 == 2))
    }

    /// An X-sum on a line whose cells all differ, as the digit sets its first N cells can
    /// hold: per first digit N, a binary per set of N digits that holds N and sums to the
    /// total (`x_sum1_x4_1459`), the sets of N chosen exactly when the first cell is N, and per
    /// digit of those sets, the line's second to N-th cells holding it at least when a set
    /// holding it is chosen. N - 1 cells that differ, each digit of the set but N among them:
    /// they hold that set. False (and no rows) when the sets are too many to write.
    fn x_sum_sets(&mut self, line: &[Cell], total: i64) -> bool {
        let (lo, hi) = (self.p.lo, self.p.hi);
        if hi - lo >= 127 {
            return false;
        }
        let first = self.values(line[0]);
        // Per first digit N within the line, its sets (bits from `lo`).
        let mut per_n: Vec<(i64, Vec<u128>)> = Vec::new();
        let mut count = 0;
        let mut steps = CHOOSE_STEPS;
        for &big in &first {
            if big > line.len() as i64 {
                // A first digit past the line's length asks nothing.
                continue;
            }
            let cells = &line[1..big as usize];
            let domains: Vec<Vec<i64>> = cells.iter().map(|&c| self.values(c)).collect();
            let mut sets = Vec::new();
            // The other N - 1 digits: every subset of the values but N that the cells hold,
            // of that size and sum.
            let others: Vec<i64> = (lo..=hi)
                .filter(|&v| v != big && domains.iter().any(|d| d.contains(&v)))
                .collect();
            let within = choose(
                &others,
                big as usize - 1,
                total - big,
                &mut steps,
                &mut |chosen| {
                    if assignable(&domains, chosen) {
                        let mut set = 1u128 << (big - lo);
                        for &v in chosen {
                            set |= 1u128 << (v - lo);
                        }
                        sets.push(set);
                        count += 1;
                    }
                    count <= SET_LIMIT
                },
            );
            if !within {
                return false;
            }
            per_n.push((big, sets));
        }
        let given = self.p.givens[line[0]];
        let mut place = 0;
        for (big, sets) in per_n {
            let mut terms: Vec<(usize, i64)> = Vec::new();
            let mut chosen: Vec<(u128, usize)> = Vec::new();
            for &set in &sets {
                place += 1;
                let y = self.set_column(format!("{}_x{big}_", self.rule), set, place);
                terms.push((y, 1));
                chosen.push((set, y));
            }
            // The sets of N are chosen exactly when the first cell holds N.
            let ys: Vec<usize> = terms.iter().map(|t| t.0).collect();
            match given {
                Some(_) => self.row(terms, Sense::Eq, 1),
                None => {
                    let x = self.b.cell_columns[line[0]]
                        .iter()
                        .find(|t| t.0 == big)
                        .expect("a first digit is a column of a free first cell")
                        .1;
                    self.linked(&ys, &[x]);
                    self.at_most_one(&ys);
                }
            }
            // N itself is the first cell's.
            let others: Vec<(u128, usize)> = chosen
                .iter()
                .map(|&(set, y)| (set & !(1u128 << (big - lo)), y))
                .collect();
            self.cells_hold_sets(&line[1..big as usize], &others);
        }
        true
    }

    /// A skyscraper clue as a flow through the automaton that reads its line from the clue:
    /// the tallest digit so far and how many were seen. It says all the rule says, and the
    /// algebra (a count of conjunctions, a binary per pair of cells: 445 rows a clue on a 9x9
    /// row) goes.
    fn skyscraper(&mut self, line: &[Cell], seen: i64) -> Algebra {
        if line.is_empty() || repeats(line) {
            // A line that comes back to a cell is the algebra's alone, as an X-sum's.
            return Algebra::Kept;
        }
        // (the tallest digit so far, digits seen); i64::MIN before the first.
        let step = |(tallest, count): (i64, i64), v: i64| -> Vec<(i64, i64)> {
            if v <= tallest {
                vec![(tallest, count)]
            } else if count < seen {
                vec![(v, count + 1)]
            } else {
                Vec::new()
            }
        };
        if self.automaton(line, (i64::MIN, 0), step, |s| s.1 == seen) {
            Algebra::Replaced
        } else {
            Algebra::Kept
        }
    }

    /// A line whose neighbours must satisfy `ok` (a thermometer) as a flow through the
    /// automaton whose state is the digit just read: an arc per pair of neighbouring digits,
    /// so the relaxation holds the line's pairs together, not each pair on its own. HiGHS: I
    /// Want to Break Free (18 thermometers) 9.1 s to 2.0 s, Cold Sauerkraut 15–18 s to 12 s.
    /// Whispers the same way made Doggo Experiment #8 slower (18–26 s to 30–35 s): not kept.
    fn chain(&mut self, line: &[Cell], ok: impl Fn(i64, i64) -> bool) -> bool {
        // (started, the digit just read)
        let step = |(started, last): (bool, i64), v: i64| -> Vec<(bool, i64)> {
            if !started || ok(last, v) {
                vec![(true, v)]
            } else {
                Vec::new()
            }
        };
        self.automaton(line, (false, 0), step, |_| true)
    }

    /// A lockout line as a flow through the automaton that reads it: the first digit and the
    /// last one, chosen at the first cell at least `gap` apart; every middle digit outside
    /// the range they span; the last digit the chosen one. The algebra stays: Lockout Lines
    /// (DSM 23) took HiGHS 0.28–0.44 s with both, 14 s with the flow alone, 19–24 s with
    /// the algebra alone.
    fn lockout(&mut self, line: &[Cell], gap: i64) -> bool {
        if line.len() < 2 {
            return false;
        }
        let (lo, hi) = (self.p.lo, self.p.hi);
        // (started, first, last, the digit just read was the last): (false, ..) the source.
        type Lk = (bool, i64, i64, bool);
        let step = |(started, a, b, closed): Lk, v: i64| -> Vec<Lk> {
            if !started {
                return (lo..=hi)
                    .filter(|&b| (v - b).abs() >= gap)
                    .map(|b| (true, v, b, false))
                    .collect();
            }
            if closed {
                // The last digit was read in the middle: between the ends, inclusive.
                return Vec::new();
            }
            if v == b {
                vec![(true, a, b, true)]
            } else if v < a.min(b) || v > a.max(b) {
                vec![(true, a, b, false)]
            } else {
                Vec::new()
            }
        };
        self.automaton(line, (false, 0, 0, false), step, |s| s.3)
    }

    /// A between line as a flow through the automaton that reads it: the two ends, the last
    /// chosen at the first cell at least 2 apart; every middle digit strictly between them;
    /// the last digit the chosen one. It says all the rule says, and the algebra (a
    /// disjunction per middle cell, a binary each) goes: Between Lines (SVS 173) HiGHS 2.1 s
    /// → 0.06 s, CBC 3.0 → 0.08 s; with the algebra kept, 0.10 s and 0.12 s.
    fn between(&mut self, line: &[Cell]) -> Algebra {
        if line.len() < 3 || repeats(line) {
            return Algebra::Kept;
        }
        let n = line.len();
        let (lo, hi) = (self.p.lo, self.p.hi);
        // (cells read, first, last); (0, ..) the source.
        type Bt = (usize, i64, i64);
        let step = |(read, a, b): Bt, v: i64| -> Vec<Bt> {
            if read == 0 {
                return (lo..=hi)
                    .filter(|&b| (v - b).abs() >= 2)
                    .map(|b| (1, v, b))
                    .collect();
            }
            let ok = if read + 1 == n {
                v == b
            } else {
                v > a.min(b) && v < a.max(b)
            };
            if ok {
                vec![(read + 1, a, b)]
            } else {
                Vec::new()
            }
        };
        if self.automaton(line, (0, 0, 0), step, |s| s.0 == n) {
            Algebra::Replaced
        } else {
            Algebra::Kept
        }
    }

    /// A flow through the states of an automaton read along `cells`: a node per layer and
    /// state that the source reaches and that reaches an accepting state, an arc column in
    /// [0, 1] per node, digit and successor, `x[c,k]` = the sum of cell c's arcs with digit
    /// k. False (and no rows) when a layer has more than `STATE_LIMIT` states.
    fn automaton<S: Ord + Copy>(
        &mut self,
        cells: &[Cell],
        start: S,
        step: impl Fn(S, i64) -> Vec<S>,
        accept: impl Fn(&S) -> bool,
    ) -> bool {
        self.automaton_keyed(cells, start, step, accept, |_| ())
            .is_some()
    }

    /// `automaton`, returning its arcs as `(cell, digit, key of the state the arc enters,
    /// column)`; None (and no rows) past the limit.
    fn automaton_keyed<S: Ord + Copy, K>(
        &mut self,
        cells: &[Cell],
        start: S,
        step: impl Fn(S, i64) -> Vec<S>,
        accept: impl Fn(&S) -> bool,
        key: impl Fn(&S) -> K,
    ) -> Option<Vec<(Cell, i64, K, usize)>> {
        let mut arcs = Vec::new();
        let n = cells.len();
        let domains: Vec<Vec<i64>> = cells.iter().map(|&c| self.values(c)).collect();
        let mut states: Vec<BTreeSet<S>> = vec![BTreeSet::from([start])];
        for d in &domains {
            let mut next = BTreeSet::new();
            for &s in states.last().unwrap() {
                for &v in d {
                    next.extend(step(s, v));
                }
            }
            if next.len() > STATE_LIMIT {
                return None;
            }
            states.push(next);
        }
        states[n].retain(|s| accept(s));
        for i in (0..n).rev() {
            let (now, later) = states.split_at_mut(i + 1);
            let later = &later[0];
            now[i].retain(|&s| {
                domains[i]
                    .iter()
                    .any(|&v| step(s, v).iter().any(|t| later.contains(t)))
            });
        }
        // Per layer, the arcs into each state; the source's outflow is 1.
        let mut inflow: BTreeMap<S, Vec<(usize, i64)>> = BTreeMap::new();
        let mut first = true;
        for i in 0..n {
            let mut next: BTreeMap<S, Vec<(usize, i64)>> = BTreeMap::new();
            let mut per_digit: BTreeMap<i64, Vec<(usize, i64)>> = BTreeMap::new();
            let mut source = Vec::new();
            for &s in &states[i] {
                let mut out = Vec::new();
                for &v in &domains[i] {
                    for t in step(s, v) {
                        if !states[i + 1].contains(&t) {
                            continue;
                        }
                        let f = self.arc();
                        arcs.push((cells[i], v, key(&t), f));
                        out.push((f, -1));
                        per_digit.entry(v).or_default().push((f, -1));
                        next.entry(t).or_default().push((f, 1));
                    }
                }
                if first {
                    source.extend(out.iter().map(|&(f, _)| (f, 1)));
                } else {
                    let mut terms = inflow.remove(&s).unwrap_or_default();
                    terms.extend(out);
                    self.row(terms, Sense::Eq, 0);
                }
            }
            if first {
                self.row(source, Sense::Eq, 1);
                first = false;
            }
            for &(v, x) in &self.b.cell_columns[cells[i]].clone() {
                let mut terms = vec![(x, 1)];
                terms.extend(per_digit.remove(&v).unwrap_or_default());
                self.row(terms, Sense::Eq, 0);
            }
            inflow = next;
        }
        Some(arcs)
    }
}

/// One step of a lunchbox's automaton inside chosen crusts (m, M): digit v from `s`.
fn step_in(s: (i64, i64, u8, i64), v: i64, total: i64) -> Option<(i64, i64, u8, i64)> {
    let (m, big, phase, sum) = s;
    let inside = m < v && v < big;
    let crust = if v == m {
        1
    } else if v == big {
        2
    } else if inside {
        0
    } else {
        return None;
    };
    match (phase, crust) {
        (0 | 3, 0) => Some(s),
        (0, c) => Some((m, big, c, 0)),
        (1 | 2, 0) => Some((m, big, phase, sum + v)),
        (1, 2) | (2, 1) if sum == total => Some((m, big, 3, 0)),
        _ => None,
    }
}

/// The columns of the sets (`(digits as bits, column)`) that hold the digit `bit`.
fn holding(sets: &[(u128, usize)], bit: u128) -> Vec<usize> {
    sets.iter()
        .filter(|c| c.0 & bit != 0)
        .map(|c| c.1)
        .collect()
}

/// Calls `f` with every `k` of `values` (ascending, each at most once) that sum to `sum`,
/// while it returns true and `steps` (counted down, shared by a clue's calls) last; false
/// when `f` stopped it or the steps ran out (a 36x36's middle totals have billions of
/// subsets: a review found an X-sum there compiling for 113 s, where the flow took 0.03 s).
fn choose(
    values: &[i64],
    k: usize,
    sum: i64,
    steps: &mut usize,
    f: &mut impl FnMut(&[i64]) -> bool,
) -> bool {
    fn go(
        values: &[i64],
        k: usize,
        sum: i64,
        picked: &mut Vec<i64>,
        steps: &mut usize,
        f: &mut impl FnMut(&[i64]) -> bool,
    ) -> bool {
        if k == 0 {
            return sum != 0 || f(picked);
        }
        // The largest k left: a sum past theirs is out of reach from here on.
        let most: i64 = values.iter().rev().take(k).sum();
        if values.len() < k || sum > most {
            return true;
        }
        for (i, &v) in values.iter().enumerate() {
            // Ascending: the smallest k from here already pass the sum.
            if values.len() - i < k || values[i..i + k].iter().sum::<i64>() > sum {
                break;
            }
            let Some(left) = steps.checked_sub(1) else {
                return false;
            };
            *steps = left;
            picked.push(v);
            let go_on = go(&values[i + 1..], k - 1, sum - v, picked, steps, f);
            picked.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    go(values, k, sum, &mut Vec::with_capacity(k), steps, f)
}

/// Whether cells with these domains can hold `digits`, one each: a matching, by augmenting
/// paths.
fn assignable(domains: &[Vec<i64>], digits: &[i64]) -> bool {
    fn augment(
        c: usize,
        domains: &[Vec<i64>],
        digits: &[i64],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (j, v) in digits.iter().enumerate() {
            if seen[j] || !domains[c].contains(v) {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|o| augment(o, domains, digits, seen, owner)) {
                owner[j] = Some(c);
                return true;
            }
        }
        false
    }
    if domains.len() != digits.len() {
        return false;
    }
    let mut owner = vec![None; digits.len()];
    (0..domains.len()).all(|c| {
        let mut seen = vec![false; digits.len()];
        augment(c, domains, digits, &mut seen, &mut owner)
    })
}
