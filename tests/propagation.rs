//! The builtin solver's propagators against brute force: each propagator removes exactly the
//! values that no solution of its rule alone has.
//!
//! Every case is a small model — a one-row grid, one rule (a sum, a linear comparison, a cage,
//! an outside clue), random givens and random partial domains written as `rule v[c] in {...}` —
//! built from a seeded xorshift, so a failure reproduces. Its solutions are enumerated by
//! brute force over the cells the rule touches, each assignment judged by the checker
//! (`sdkc::check_grid`, an interpreter that shares no code with the search), and projected
//! onto each cell. `Model::propagate` (the root propagation of the builtin search) must then:
//!
//! - always be sound: keep every value some solution uses, and say "no solution" (None) only
//!   when there is none;
//! - be exact — keep only those values, and say None when there is no solution — for sums and
//!   linear comparisons without `distinct` (generalised arc consistency), for cages (sum and
//!   `distinct` together, three or more cells), for X-sums and skyscrapers on lines whose
//!   cells are not forced to differ and on a row whose cells all differ, sandwiches on a full
//!   row, lunchboxes (whose rule says their digits differ), quadruples (with and without
//!   `distinct` among their cells), zippers, lockout, between, entropic, modular, nabner and
//!   renban lines, counting circles, and region-sum lines that visit each box once (also written out as chained
//!   equal sums, `A == B and B == C`);
//! - for the clues pruned with a `distinct` they only partly use (X-sums and skyscrapers on a
//!   line only some of whose cells must differ, region-sum lines that come back to a box), be
//!   sound, and with the whole line given keep it exactly when it is a solution.
//!
//! Every failure message holds the model text, the givens (as a one-line `--givens`), the cell
//! and the values, so `sdkc run model.sdk --givens LINE -a --solver builtin` reproduces it.

mod common;
use common::Rng;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use sdkc::puzzle::Puzzle;
use sdkc::search::Model;

/// Assignments enumerated per case at most (the product of the scope's domain sizes): cells
/// get givens or narrower domains until it fits.
const BUDGET: usize = 5000;

/// One random case: a one-row grid, its value range, givens, partial domains and rules.
#[derive(Clone, Debug)]
struct Setup {
    cols: usize,
    lo: i64,
    hi: i64,
    givens: Vec<Option<i64>>,
    /// Values a cell is limited to by a `rule v[c] in {...}` line, when it is.
    restrict: Vec<Option<Vec<i64>>>,
    /// Model lines after the grid, values and domain lines (areas, rules).
    rules: Vec<String>,
    /// The cells the rules touch, in the order of the line: enumerated and compared.
    scope: Vec<usize>,
    /// The rules make the scope's cells pairwise different (the enumeration skips repeats).
    distinct: bool,
    /// Box width, when the row is cut into boxes (`boxes 1xW`).
    boxes: Option<usize>,
}

fn name(c: usize) -> String {
    format!("r1c{}", c + 1)
}

fn names(cells: &[usize]) -> String {
    cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

fn set_text(values: &[i64]) -> String {
    let v: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("{{{}}}", v.join(", "))
}

impl Setup {
    fn new(cols: usize, lo: i64, hi: i64) -> Setup {
        Setup {
            cols,
            lo,
            hi,
            givens: vec![None; cols],
            restrict: vec![None; cols],
            rules: Vec::new(),
            scope: Vec::new(),
            distinct: false,
            boxes: None,
        }
    }

    fn values(&self) -> Vec<i64> {
        (self.lo..=self.hi).collect()
    }

    /// The model text (givens not included: they are passed to `propagate`, and printed as a
    /// one-line `--givens`).
    fn text(&self) -> String {
        let mut t = format!("grid 1x{}\nvalues {}..{}\n", self.cols, self.lo, self.hi);
        if let Some(w) = self.boxes {
            writeln!(t, "boxes 1x{w}").unwrap();
        }
        for (c, r) in self.restrict.iter().enumerate() {
            if let Some(vals) = r {
                writeln!(t, "rule v[{}] in {}", name(c), set_text(vals)).unwrap();
            }
        }
        for r in &self.rules {
            writeln!(t, "{r}").unwrap();
        }
        t
    }

    fn givens_line(givens: &[Option<i64>]) -> String {
        givens
            .iter()
            .map(|g| match g {
                Some(v) => sdkc::puzzle::value_char(*v),
                None => '.',
            })
            .collect()
    }

    /// The values the enumeration tries for cell `c` (a superset of what the model allows it).
    fn domain(&self, c: usize) -> Vec<i64> {
        match (&self.givens[c], &self.restrict[c]) {
            (Some(g), _) => vec![*g],
            (None, Some(r)) => r.clone(),
            (None, None) => self.values(),
        }
    }

    /// A bound on the assignments the enumeration tries: the product of the domain sizes, the
    /// i-th cell of a distinct scope having at most `values - i` choices.
    fn size(&self) -> usize {
        let nvals = (self.hi - self.lo + 1) as usize;
        self.scope
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let d = self.domain(c).len();
                if self.distinct {
                    d.min(nvals.saturating_sub(i).max(1))
                } else {
                    d
                }
            })
            .fold(1usize, |a, b| a.saturating_mul(b))
    }

    /// Random givens and partial domains on the scope, then more until the enumeration fits
    /// the budget.
    fn narrow(&mut self, rng: &mut Rng) {
        let scope = self.scope.clone();
        for &c in &scope {
            match rng.below(8) {
                0 => self.give(rng, c),
                1..=3 => self.restrict_cell(rng, c),
                _ => {}
            }
        }
        while self.size() > BUDGET {
            let c = *rng.pick(&scope);
            if rng.below(3) == 0 {
                self.give(rng, c);
            } else {
                self.restrict_cell(rng, c);
            }
        }
    }

    fn give(&mut self, rng: &mut Rng, c: usize) {
        let d = self.domain(c);
        self.givens[c] = Some(*rng.pick(&d));
        self.restrict[c] = None;
    }

    /// Limit a cell to a random proper subset of its values (at least one value, at most
    /// all but one), never touching a given cell.
    fn restrict_cell(&mut self, rng: &mut Rng, c: usize) {
        if self.givens[c].is_some() {
            return;
        }
        let d = self.domain(c);
        if d.len() <= 1 {
            return;
        }
        let keep = 1 + rng.below(d.len() - 1);
        let mut pool = d.clone();
        let mut chosen = Vec::new();
        for _ in 0..keep {
            let i = rng.below(pool.len());
            chosen.push(pool.remove(i));
        }
        chosen.sort_unstable();
        self.restrict[c] = Some(chosen);
    }
}

/// A loaded case: the puzzle, its search model, its solutions on the scope.
struct Found {
    setup: Setup,
    puzzle: Puzzle,
    model: Model,
    /// Every solution, as the scope's values in scope order.
    solutions: Vec<Vec<i64>>,
}

impl Found {
    /// Model text and givens, for failure messages.
    fn context(&self, givens: &[Option<i64>]) -> String {
        format!(
            "\n--- model ---\n{}--- givens: \"{}\" ---\n",
            self.setup.text(),
            Setup::givens_line(givens)
        )
    }

    /// The grid of a scope assignment (cells outside the scope take the lowest value: no rule
    /// touches them).
    fn grid(&self, values: &[i64]) -> Vec<i64> {
        let mut grid = vec![self.setup.lo; self.setup.cols];
        for (&c, &v) in self.setup.scope.iter().zip(values) {
            grid[c] = v;
        }
        grid
    }

    fn is_solution(&self, values: &[i64]) -> bool {
        sdkc::check_grid(&self.puzzle, &self.grid(values)).is_empty()
    }

    /// Per scope cell, the values some solution uses.
    fn projection(&self) -> Vec<BTreeSet<i64>> {
        let mut out = vec![BTreeSet::new(); self.setup.scope.len()];
        for s in &self.solutions {
            for (o, &v) in out.iter_mut().zip(s) {
                o.insert(v);
            }
        }
        out
    }
}

/// Load the setup's model; None when sdkc refuses it (a comparison that can never hold: the
/// generator then draws another).
fn load(setup: &Setup) -> Option<(Puzzle, Model)> {
    let text = setup.text();
    let puzzle = sdkc::load("propagation.sdk", text.as_bytes(), None).ok()?;
    let model = Model::new(&puzzle).unwrap_or_else(|e| panic!("Model::new: {e}\n{text}"));
    Some((puzzle, model))
}

/// The setup loaded and its solutions enumerated; None when sdkc refuses the model.
fn solve(setup: Setup) -> Option<Found> {
    assert!(setup.size() <= BUDGET, "over budget: {setup:?}");
    let (puzzle, model) = load(&setup)?;
    let mut found = Found {
        setup,
        puzzle,
        model,
        solutions: Vec::new(),
    };
    let doms: Vec<Vec<i64>> = found
        .setup
        .scope
        .iter()
        .map(|&c| found.setup.domain(c))
        .collect();
    let mut values = Vec::with_capacity(doms.len());
    let mut solutions = Vec::new();
    enumerate(&found, &doms, &mut values, &mut solutions);
    found.solutions = solutions;
    Some(found)
}

/// Draw setups from `make` until sdkc accepts one, then enumerate its solutions.
fn case(rng: &mut Rng, make: &dyn Fn(&mut Rng) -> Setup) -> Found {
    for _ in 0..200 {
        if let Some(found) = solve(make(rng)) {
            return found;
        }
    }
    panic!("200 setups in a row refused by sdkc::load");
}

fn enumerate(f: &Found, doms: &[Vec<i64>], values: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
    let j = values.len();
    if j == doms.len() {
        if f.is_solution(values) {
            out.push(values.clone());
        }
        return;
    }
    for &v in &doms[j] {
        if f.setup.distinct && values.contains(&v) {
            continue;
        }
        values.push(v);
        enumerate(f, doms, values, out);
        values.pop();
    }
}

/// What `propagate` keeps for the scope (in scope order), or None.
fn kept(f: &Found, givens: &[Option<i64>]) -> Option<Vec<BTreeSet<i64>>> {
    let doms = f.model.propagate(givens)?;
    assert_eq!(doms.len(), f.setup.cols, "one domain per cell");
    Some(
        f.setup
            .scope
            .iter()
            .map(|&c| doms[c].iter().copied().collect())
            .collect(),
    )
}

/// Sound: every value of a solution kept; None only without solutions. Exact, too: only those
/// values kept, and None whenever there is no solution.
/// Returns whether propagation removed any value of the scope's domains.
fn compare(f: &Found, exact: bool) -> bool {
    let givens = &f.setup.givens;
    let want = f.projection();
    let Some(got) = kept(f, givens) else {
        assert!(
            f.solutions.is_empty(),
            "propagation says there is no solution, but {} is one{}",
            show(f, &f.solutions[0]),
            f.context(givens)
        );
        return true;
    };
    if f.solutions.is_empty() {
        assert!(
            !exact,
            "no solution, yet propagation keeps {}{}",
            show_domains(f, &got),
            f.context(givens)
        );
        return false;
    }
    for (j, (w, g)) in want.iter().zip(&got).enumerate() {
        let cell = name(f.setup.scope[j]);
        let lost: Vec<i64> = w.difference(g).copied().collect();
        if let Some(&v) = lost.first() {
            let s = f.solutions.iter().find(|s| s[j] == v).unwrap();
            panic!(
                "{cell}: propagation removed {lost:?} (keeps {g:?}), but {} is a solution; \
                 the solutions use {w:?} there{}",
                show(f, s),
                f.context(givens)
            );
        }
        if exact {
            assert_eq!(
                g,
                w,
                "{cell}: propagation keeps {g:?}, the solutions use only {w:?} (extra: {:?}){}",
                g.difference(w).collect::<Vec<_>>(),
                f.context(givens)
            );
        }
    }
    f.setup
        .scope
        .iter()
        .zip(&got)
        .any(|(&c, g)| g.len() < f.setup.domain(c).len())
}

fn show(f: &Found, values: &[i64]) -> String {
    let parts: Vec<String> = f
        .setup
        .scope
        .iter()
        .zip(values)
        .map(|(&c, v)| format!("{}={v}", name(c)))
        .collect();
    parts.join(" ")
}

fn show_domains(f: &Found, doms: &[BTreeSet<i64>]) -> String {
    let parts: Vec<String> = f
        .setup
        .scope
        .iter()
        .zip(doms)
        .map(|(&c, d)| format!("{}={d:?}", name(c)))
        .collect();
    parts.join(" ")
}

/// With the whole scope given, propagation keeps it (each cell its given) exactly when it is a
/// solution: tried on a random solution and on a random assignment (of different values when
/// the scope's cells must differ).
fn whole_line(f: &Found, rng: &mut Rng) -> usize {
    let mut tried = 0;
    let mut assignments = Vec::new();
    if !f.solutions.is_empty() {
        assignments.push(f.solutions[rng.below(f.solutions.len())].clone());
    }
    let mut pool = f.setup.values();
    let random: Vec<i64> = f
        .setup
        .scope
        .iter()
        .map(|_| {
            if f.setup.distinct {
                pool.remove(rng.below(pool.len()))
            } else {
                *rng.pick(&pool)
            }
        })
        .collect();
    assignments.push(random);
    for values in assignments {
        let mut givens = f.setup.givens.clone();
        for (&c, &v) in f.setup.scope.iter().zip(&values) {
            givens[c] = Some(v);
        }
        // The domain lines still apply: a value outside one is not a solution.
        let solution = f.is_solution(&values)
            && f.setup
                .scope
                .iter()
                .zip(&values)
                .all(|(&c, v)| f.setup.restrict[c].as_ref().is_none_or(|r| r.contains(v)));
        let got = kept(f, &givens);
        match got {
            Some(doms) => {
                assert!(
                    solution,
                    "{} is no solution, yet propagation keeps it{}",
                    show(f, &values),
                    f.context(&givens)
                );
                for (j, d) in doms.iter().enumerate() {
                    assert_eq!(
                        d.iter().copied().collect::<Vec<_>>(),
                        vec![values[j]],
                        "{}: a given cell keeps {d:?}{}",
                        name(f.setup.scope[j]),
                        f.context(&givens)
                    );
                }
            }
            None => assert!(
                !solution,
                "{} is a solution, yet propagation finds none{}",
                show(f, &values),
                f.context(&givens)
            ),
        }
        tried += 1;
    }
    tried
}

/// A random order of `k` of the cells `0..cols`.
fn line(rng: &mut Rng, cols: usize, k: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..cols).collect();
    for i in (1..cols).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    cells.truncate(k);
    cells
}

/// A random value of `lo..=hi`.
fn value(rng: &mut Rng, lo: i64, hi: i64) -> i64 {
    lo + rng.below((hi - lo + 1) as usize) as i64
}

/// A clue taken from a random assignment of the setup's domains (so most cases have
/// solutions), moved by -2..2 one time in three.
fn nudge(rng: &mut Rng, clue: i64) -> i64 {
    if rng.below(3) == 0 {
        clue + rng.below(5) as i64 - 2
    } else {
        clue
    }
}

/// A random assignment of the setup's scope, of different values when `distinct`.
fn sample(rng: &mut Rng, s: &Setup) -> Vec<i64> {
    let mut used = Vec::new();
    for &c in &s.scope {
        let d: Vec<i64> = s
            .domain(c)
            .into_iter()
            .filter(|v| !s.distinct || !used.contains(v))
            .collect();
        let v = if d.is_empty() {
            value(rng, s.lo, s.hi)
        } else {
            *rng.pick(&d)
        };
        used.push(v);
    }
    used
}

/// Run `cases` cases of `make`, comparing exactly or for soundness (and then the whole line
/// given, when `whole`), and print how many had solutions.
fn run(seed: u64, cases: usize, exact: bool, whole: bool, make: &dyn Fn(&mut Rng) -> Setup) {
    let mut rng = Rng(seed);
    let (mut solvable, mut pruned, mut lines) = (0, 0, 0);
    for _ in 0..cases {
        let f = case(&mut rng, make);
        if compare(&f, exact) {
            pruned += 1;
        }
        if !f.solutions.is_empty() {
            solvable += 1;
        }
        if whole {
            lines += whole_line(&f, &mut rng);
        }
    }
    // Most cases must have solutions, or the comparison says little.
    assert!(
        solvable * 3 >= cases,
        "only {solvable} of {cases} cases have a solution"
    );
    eprintln!(
        "{cases} cases, {solvable} with solutions, {pruned} pruned by propagation, \
         {lines} whole-line checks"
    );
}

// ---------------------------------------------------------------------------------------
// Sums and linear comparisons, no distinct: exact.

/// A random value range: from 0 or 1, 4 to 7 values.
fn range(rng: &mut Rng) -> (i64, i64) {
    let lo = rng.below(2) as i64;
    (lo, lo + 3 + rng.below(4) as i64)
}

/// A sum of the library or written out: `sum_cage`, `little_killer` (sometimes on a line that
/// comes back to a cell), `arrow`, `sum(c in A: v[c]) OP K`.
fn sum_setup(rng: &mut Rng) -> Setup {
    let (lo, hi) = range(rng);
    let k = 3 + rng.below(3);
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    let a = sample(rng, &s);
    let total: i64 = a.iter().sum();
    match rng.below(4) {
        0 => {
            // A cage whose digits may repeat; now and then a cell listed twice (counted twice).
            let mut listed = cells.clone();
            if rng.below(4) == 0 {
                listed.push(cells[rng.below(k)]);
            }
            let total = listed
                .iter()
                .map(|c| a[cells.iter().position(|x| x == c).unwrap()])
                .sum();
            s.rules.push(format!(
                "rule sum_cage({}, {})",
                nudge(rng, total),
                names(&listed)
            ));
        }
        1 => s.rules.push(format!(
            "rule little_killer({}, {})",
            names(&cells),
            nudge(rng, total)
        )),
        2 => {
            // The first cell is the circle.
            s.rules.push(format!(
                "rule arrow({}, {})",
                name(cells[0]),
                names(&cells[1..])
            ));
        }
        _ => {
            let op = *rng.pick(&["==", "<=", "<", ">", ">=", "!="]);
            s.rules.push(format!("area A = {}", names(&cells)));
            s.rules.push(format!(
                "rule s: sum(c in A: v[c]) {op} {}",
                nudge(rng, total)
            ));
        }
    }
    s
}

/// A linear comparison with coefficients (up to a pill's 100), cells on both sides:
/// `2*v[a] + v[b] - v[c] OP K`, `v[a] - 3*v[b] <= v[c] + 2`.
fn linear_setup(rng: &mut Rng) -> Setup {
    let (lo, hi) = range(rng);
    // One or two cells go to a pair table or a domain; three or more to the linear propagator.
    let k = [1, 2, 3, 3, 4, 4, 5][rng.below(7)];
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    let a = sample(rng, &s);
    let coefs: Vec<i64> = (0..k)
        .map(|_| *rng.pick(&[1, 1, 1, -1, -1, 2, -2, 3, 10, -100]))
        .collect();
    let value: i64 = coefs.iter().zip(&a).map(|(k, v)| k * v).sum();
    let op = *rng.pick(&["==", "==", "<=", "<", ">", ">=", "!="]);
    // Each term on the left, or negated on the right; the constant on either side.
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (&k, &c) in coefs.iter().zip(&cells) {
        let (side, k) = if rng.below(3) == 0 {
            (&mut right, -k)
        } else {
            (&mut left, k)
        };
        let term = match k {
            1 => format!("v[{}]", name(c)),
            -1 => format!("-v[{}]", name(c)),
            _ => format!("{k} * v[{}]", name(c)),
        };
        side.push(term);
    }
    let constant = nudge(rng, value);
    let shift = rng.below(5) as i64 - 2;
    // left - right == value: left == right + constant, written as `right + constant`.
    let join = |terms: &[String]| {
        let mut t = String::new();
        for (i, x) in terms.iter().enumerate() {
            match (i, x.strip_prefix('-')) {
                (0, _) => t.push_str(x),
                (_, Some(rest)) => write!(t, " - {rest}").unwrap(),
                (_, None) => write!(t, " + {x}").unwrap(),
            }
        }
        t
    };
    let mut l = if left.is_empty() {
        "0".to_string()
    } else {
        join(&left)
    };
    let mut r = if right.is_empty() {
        String::new()
    } else {
        join(&right)
    };
    // Move `shift` to the left: left + shift OP right + constant + shift.
    if shift != 0 {
        write!(l, " + {shift}").unwrap();
    }
    let c = constant + shift;
    if r.is_empty() {
        r = c.to_string();
    } else if c >= 0 {
        write!(r, " + {c}").unwrap();
    } else {
        write!(r, " - {}", -c).unwrap();
    }
    s.rules.push(format!("rule lin: {l} {op} {r}"));
    s
}

#[test]
fn sums_are_exact() {
    run(0x5eed_0001, 90, true, false, &sum_setup);
}

#[test]
fn linear_comparisons_are_exact() {
    run(0x5eed_0002, 120, true, false, &linear_setup);
}

// ---------------------------------------------------------------------------------------
// Cages: the sum and distinct together, exact on three or more cells.

/// A cage of `k` cells: the library's `cage`, or the sum and a `distinct` area written out
/// (the total on either side).
fn cage_setup(rng: &mut Rng, k: usize) -> Setup {
    let lo = rng.below(2) as i64;
    let hi = lo + (k as i64 - 1).max(3) + rng.below(6) as i64;
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.distinct = true;
    s.narrow(rng);
    let a = sample(rng, &s);
    let total = nudge(rng, a.iter().sum());
    match rng.below(3) {
        0 => {
            s.rules.push(format!("area A = {}", names(&cells)));
            s.rules.push("rule distinct A".to_string());
            s.rules
                .push(format!("rule s: {total} == sum(c in A: v[c])"));
        }
        _ => s
            .rules
            .push(format!("rule cage({total}, {})", names(&cells))),
    }
    s
}

#[test]
fn cages_are_exact() {
    run(0x5eed_0003, 120, true, false, &|rng| {
        let k = 3 + rng.below(3);
        cage_setup(rng, k)
    });
}

/// A cage of two cells grounds to a condition on two cells, pruned by its pair table, which
/// must know the cells differ: `cage(4, r1c1 r1c2)` with values 1..3 keeps 1 and 3 only, not
/// the 2 of 2 + 2.
#[test]
fn two_cell_cages_are_exact() {
    let mut smallest = Setup::new(2, 1, 3);
    smallest.scope = vec![0, 1];
    smallest.distinct = true;
    smallest.rules.push("rule cage(4, r1c1 r1c2)".to_string());
    compare(&solve(smallest).expect("the model loads"), true);
    run(0x5eed_000c, 100, true, false, &|rng| cage_setup(rng, 2));
}

/// A sum whose cells lie in a distinct row (so the sum is pruned over sets of different
/// values) among other cells of the row: sound.
#[test]
fn sums_in_a_distinct_row_are_sound() {
    run(0x5eed_000f, 60, false, true, &|rng| {
        let cols = 4 + rng.below(3);
        let lo = rng.below(2) as i64;
        let hi = lo + cols as i64 - 1 + rng.below(2) as i64;
        let mut s = Setup::new(cols, lo, hi);
        s.scope = line(rng, cols, cols);
        s.distinct = true;
        s.rules.push("rule distinct rows".to_string());
        s.narrow(rng);
        let a = sample(rng, &s);
        let k = 2 + rng.below(cols - 2);
        let total = nudge(rng, a[..k].iter().sum());
        s.rules
            .push(format!("rule sum_cage({total}, {})", names(&s.scope[..k])));
        s
    });
}

// ---------------------------------------------------------------------------------------
// X-sums and skyscrapers on lines whose cells may repeat: exact.

/// A line of 3 to 6 cells in any order; values from 0 or 1 to past the line's length (a first
/// digit that points past the end, or at nothing, says nothing).
fn outside_setup(rng: &mut Rng, distinct: Distinct) -> (Setup, Vec<usize>) {
    let k = 3 + rng.below(4);
    let lo = rng.below(2) as i64;
    let (cols, hi) = match distinct {
        // The whole row, pairwise different: at least as many values as cells.
        Distinct::Row => (k, lo + k as i64 - 1 + rng.below(2) as i64),
        _ => (k + rng.below(2), lo + 2 + rng.below(k + 1) as i64),
    };
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, if distinct == Distinct::Row { cols } else { k });
    s.scope = cells.clone();
    match distinct {
        Distinct::No => {}
        Distinct::Row => {
            s.rules.push("rule distinct rows".to_string());
            s.distinct = true;
        }
        Distinct::Part => {
            // A few of the line's cells must differ (not all: the line is not distinct).
            let m = 2 + rng.below(cells.len() - 2);
            let part = line(rng, cells.len(), m);
            let area: Vec<usize> = part.iter().map(|&j| cells[j]).collect();
            if (area.len() as i64) <= hi - lo + 1 {
                s.rules.push(format!("area P = {}", names(&area)));
                s.rules.push("rule distinct P".to_string());
            }
        }
    }
    s.narrow(rng);
    (s, cells)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Distinct {
    No,
    Part,
    Row,
}

/// The X-sum clue of values along a line (None when the first digit points at no prefix).
fn x_sum_of(values: &[i64]) -> Option<i64> {
    let n = values[0];
    (1..=values.len() as i64)
        .contains(&n)
        .then(|| values[..n as usize].iter().sum())
}

fn x_sum_setup(rng: &mut Rng, distinct: Distinct) -> Setup {
    let (mut s, cells) = outside_setup(rng, distinct);
    let a = sample(rng, &s);
    let total = x_sum_of(&a).unwrap_or_else(|| value(rng, s.lo, s.hi * 3));
    s.rules.push(format!(
        "rule x_sum({}, {})",
        names(&cells),
        nudge(rng, total)
    ));
    s
}

/// How many values along a line are taller than all before them.
fn seen_of(values: &[i64]) -> i64 {
    let mut tallest = i64::MIN;
    let mut seen = 0;
    for &v in values {
        if v > tallest {
            tallest = v;
            seen += 1;
        }
    }
    seen
}

fn skyscraper_setup(rng: &mut Rng, distinct: Distinct) -> Setup {
    let (mut s, cells) = outside_setup(rng, distinct);
    let a = sample(rng, &s);
    let seen = nudge(rng, seen_of(&a)).clamp(1, cells.len() as i64);
    s.rules
        .push(format!("rule skyscraper({}, {seen})", names(&cells)));
    s
}

#[test]
fn x_sum_without_distinct_is_exact() {
    run(0x5eed_0004, 100, true, false, &|rng| {
        x_sum_setup(rng, Distinct::No)
    });
}

#[test]
fn skyscraper_without_distinct_is_exact() {
    run(0x5eed_0005, 100, true, false, &|rng| {
        skyscraper_setup(rng, Distinct::No)
    });
}

// ---------------------------------------------------------------------------------------
// X-sums and skyscrapers on a row whose cells all differ: exact (read with the row's
// `distinct`, as an automaton over the values read so far).

#[test]
fn x_sum_on_a_distinct_row_is_exact() {
    run(0x5eed_0006, 150, true, true, &|rng| {
        x_sum_setup(rng, Distinct::Row)
    });
}

#[test]
fn skyscraper_on_a_distinct_row_is_exact() {
    run(0x5eed_0008, 150, true, true, &|rng| {
        skyscraper_setup(rng, Distinct::Row)
    });
}

// Clues with a distinct they use only in part: sound, and right on a whole given line.

#[test]
fn x_sum_on_a_partly_distinct_line_is_sound() {
    run(0x5eed_0007, 40, false, true, &|rng| {
        x_sum_setup(rng, Distinct::Part)
    });
}

#[test]
fn skyscraper_on_a_partly_distinct_line_is_sound() {
    run(0x5eed_0009, 40, false, true, &|rng| {
        skyscraper_setup(rng, Distinct::Part)
    });
}

/// The sandwich clue of values along a line: the sum strictly between the first `low` and
/// `high` (None when one is missing).
fn sandwich_of(values: &[i64], low: i64, high: i64) -> Option<i64> {
    let p = values.iter().position(|&v| v == low)?;
    let q = values.iter().position(|&v| v == high)?;
    let (p, q) = (p.min(q), p.max(q));
    Some(values[p + 1..q].iter().sum())
}

/// Where a sandwich is: on a full row (every value once: the propagator's case), on a row
/// with a value to spare, or on a row whose digits may repeat (both left to the algebra).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bread {
    FullRow,
    Spare,
    Repeats,
}

/// A row with `sandwich` (crusts the lowest and highest value) or `sandwich_of` (any two
/// crusts; now and then one no cell can hold, and the clue says nothing).
fn sandwich_setup(rng: &mut Rng, bread: Bread) -> Setup {
    let n = if bread == Bread::Repeats {
        4 + rng.below(2)
    } else {
        4 + rng.below(4)
    };
    let lo = rng.below(2) as i64;
    let hi = lo + n as i64 - 1 + (bread == Bread::Spare) as i64;
    let mut s = Setup::new(n, lo, hi);
    let cells = line(rng, n, n);
    s.scope = cells.clone();
    if bread != Bread::Repeats {
        s.distinct = true;
        s.rules.push("rule distinct rows".to_string());
    }
    s.narrow(rng);
    let a = sample(rng, &s);
    if rng.below(2) == 0 {
        let total = sandwich_of(&a, lo, hi).unwrap_or(0);
        s.rules.push(format!(
            "rule sandwich({}, {})",
            names(&cells),
            nudge(rng, total)
        ));
    } else {
        let low = value(rng, lo, hi);
        let mut high = value(rng, lo, hi);
        if high == low {
            high = if low == hi { lo } else { low + 1 };
        }
        if rng.below(8) == 0 {
            high = hi + 1;
        }
        let total = sandwich_of(&a, low, high).unwrap_or(0);
        s.rules.push(format!(
            "rule sandwich_of({}, {}, {low}, {high})",
            names(&cells),
            nudge(rng, total)
        ));
    }
    s
}

/// On a full row, read with the row's `distinct`: exact.
#[test]
fn sandwich_on_a_full_row_is_exact() {
    run(0x5eed_000a, 150, true, true, &|rng| {
        sandwich_setup(rng, Bread::FullRow)
    });
}

/// A sandwich the propagator must leave to the algebra (the row lacks a value, or its
/// digits may repeat) is still solved soundly.
#[test]
fn sandwich_off_a_full_row_is_sound() {
    run(0x5eed_000d, 30, false, true, &|rng| {
        sandwich_setup(rng, Bread::Spare)
    });
    run(0x5eed_000e, 30, false, true, &|rng| {
        sandwich_setup(rng, Bread::Repeats)
    });
}

/// The lunchbox clue of values along a line: the sum strictly between its smallest and
/// largest value.
fn lunchbox_of(values: &[i64]) -> i64 {
    let min = values.iter().min().unwrap();
    let max = values.iter().max().unwrap();
    sandwich_of(values, *min, *max).unwrap()
}

/// A lunchbox on 3 to 6 cells of a row (its rule says they differ), as many values or more.
fn lunchbox_setup(rng: &mut Rng) -> Setup {
    let k = 3 + rng.below(4);
    let lo = rng.below(2) as i64;
    let hi = lo + k as i64 - 1 + rng.below(3) as i64;
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.distinct = true;
    s.narrow(rng);
    let a = sample(rng, &s);
    s.rules.push(format!(
        "rule lunchbox({}, {})",
        names(&cells),
        nudge(rng, lunchbox_of(&a))
    ));
    s
}

/// Read with its own `distinct`: exact.
#[test]
fn lunchbox_is_exact() {
    run(0x5eed_000b, 150, true, true, &lunchbox_setup);
}

// ---------------------------------------------------------------------------------------
// Counting circles: exact.

/// Counting circles on 3 to 7 cells of a row, values from 0 or 1 to 5 or 6 (so 0, and digits
/// too large for the circles, occur), the cells may repeat values.
fn counting_circles_setup(rng: &mut Rng) -> Setup {
    let k = 3 + rng.below(5);
    let lo = rng.below(2) as i64;
    let hi = 5 + rng.below(2) as i64;
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    s.rules
        .push(format!("rule counting_circles({})", names(&cells)));
    s
}

#[test]
fn counting_circles_are_exact() {
    run(0x5eed_0011, 200, true, true, &counting_circles_setup);
}

// ---------------------------------------------------------------------------------------
// A sum over two blocks of cells, each block pairwise different (a little killer's diagonal
// through two boxes): each block's sums are of distinct values, so the sum and both blocks'
// `distinct` together are pruned exactly.

#[test]
fn sums_over_blocks_of_distinct_cells_are_exact() {
    run(0x5eed_0010, 120, true, true, &|rng| {
        let cols = 4 + rng.below(4);
        let lo = rng.below(2) as i64;
        let hi = lo + 3 + rng.below(3) as i64;
        let mut s = Setup::new(cols, lo, hi);
        let cells = line(rng, cols, cols);
        let split = 2 + rng.below(cols.min(6) - 3);
        let (a, b) = cells.split_at(split.min(4));
        let b = &b[..b.len().min(4)];
        s.scope = [a, b].concat();
        // The sum lists the blocks' cells interleaved, as a diagonal through boxes need not.
        let mut order = s.scope.clone();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        s.rules.push(format!("area block_a = {}", names(a)));
        s.rules.push(format!("area block_b = {}", names(b)));
        s.rules.push("rule distinct block_a, block_b".to_string());
        s.narrow(rng);
        let mut x = Vec::new();
        for block in [a, b] {
            let mut used: Vec<i64> = Vec::new();
            for &c in block {
                let d: Vec<i64> = s
                    .domain(c)
                    .into_iter()
                    .filter(|v| !used.contains(v))
                    .collect();
                let v = if d.is_empty() {
                    value(rng, lo, hi)
                } else {
                    *rng.pick(&d)
                };
                used.push(v);
            }
            x.extend(used);
        }
        let total = nudge(rng, x.iter().sum());
        s.rules
            .push(format!("rule sum_cage({total}, {})", names(&order)));
        s
    });
}

// ---------------------------------------------------------------------------------------
// Renban: sound, and a whole line kept exactly when it is a solution.

/// A renban on 2 to 5 cells of a row of up to 7 values (so several runs fit).
fn renban_setup(rng: &mut Rng) -> Setup {
    let k = 2 + rng.below(4);
    let lo = rng.below(2) as i64;
    let hi = lo + k as i64 + rng.below(3) as i64;
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.distinct = true;
    s.narrow(rng);
    s.rules.push(format!("rule renban({})", names(&cells)));
    s
}

#[test]
fn renban_is_sound() {
    run(0x5eed_0012, 120, false, true, &renban_setup);
}

// ---------------------------------------------------------------------------------------
// Quadruples, zippers and region-sum lines: exact.

/// A quadruple on 2 to 4 cells (all different or not) whose digits are some of a random
/// assignment's, repeats included, one of them sometimes replaced.
fn quadruple_setup(rng: &mut Rng, distinct: bool) -> Setup {
    let (lo, hi) = range(rng);
    let k = 2 + rng.below(3);
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.distinct = distinct;
    s.narrow(rng);
    let mut digits = sample(rng, &s);
    digits.truncate(1 + rng.below(k));
    if rng.below(3) == 0 {
        let j = rng.below(digits.len());
        digits[j] = value(rng, lo, hi);
    }
    digits.sort_unstable();
    if distinct {
        s.rules.push(format!("area A = {}", names(&cells)));
        s.rules.push("rule distinct A".to_string());
    }
    s.rules.push(format!(
        "rule quadruple({}, {})",
        names(&cells),
        set_text(&digits)
    ));
    s
}

#[test]
fn quadruples_are_exact() {
    run(0x5eed_0013, 120, true, false, &|rng| {
        quadruple_setup(rng, false)
    });
    run(0x5eed_0014, 120, true, false, &|rng| {
        quadruple_setup(rng, true)
    });
}

/// A zipper line of 2 to 6 cells, odd and even lengths.
fn zipper_setup(rng: &mut Rng) -> Setup {
    let (lo, hi) = range(rng);
    // A middle cell holds a pair's total: values from 0 or 1 leave room for it.
    let k = 2 + rng.below(5);
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    s.rules.push(format!("rule zipper({})", names(&cells)));
    s
}

#[test]
fn zippers_are_exact() {
    run(0x5eed_0015, 150, true, false, &zipper_setup);
}

/// A region-sum line over a row cut into boxes of 2 or 3 cells, each box distinct. With
/// `whole_boxes` the line visits the boxes one after another (each box one piece); else two
/// neighbours on it are swapped, so a box may hold two pieces.
fn region_sum_setup(rng: &mut Rng, whole_boxes: bool) -> Setup {
    region_sum_written(rng, whole_boxes, false)
}

/// `region_sum_setup`, or with `by_hand` the same line written out as the model's own
/// algebra: its pieces (runs of cells in one box) as a chain of equal sums, `A == B and B ==
/// C`, each sum with its cells in a random order.
fn region_sum_written(rng: &mut Rng, whole_boxes: bool, by_hand: bool) -> Setup {
    let (w, m) = *rng.pick(&[(2, 2), (2, 3), (3, 2)]);
    let lo = rng.below(2) as i64;
    let hi = lo + w as i64 - 1 + rng.below(3) as i64;
    let cols = w * m;
    let mut s = Setup::new(cols, lo, hi);
    s.boxes = Some(w);
    let mut boxes: Vec<usize> = (0..m).collect();
    for i in (1..m).rev() {
        boxes.swap(i, rng.below(i + 1));
    }
    let mut cells = Vec::new();
    for b in boxes {
        let mut inside: Vec<usize> = (b * w..(b + 1) * w).collect();
        for i in (1..w).rev() {
            inside.swap(i, rng.below(i + 1));
        }
        cells.extend(inside);
    }
    if !whole_boxes {
        // Two neighbours on the line swapped: a box may now be left and entered again.
        let i = rng.below(cols - 1);
        cells.swap(i, i + 1);
    }
    s.scope = cells.clone();
    s.narrow(rng);
    s.rules.push("rule distinct boxes".to_string());
    if !by_hand {
        s.rules.push(format!("rule region_sum({})", names(&cells)));
        return s;
    }
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if i == 0 || c / w != cells[i - 1] / w {
            pieces.push(Vec::new());
        }
        pieces.last_mut().unwrap().push(c);
    }
    let sum = |rng: &mut Rng, piece: &[usize]| {
        let mut p = piece.to_vec();
        for i in (1..p.len()).rev() {
            p.swap(i, rng.below(i + 1));
        }
        p.iter()
            .map(|&c| format!("v[{}]", name(c)))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let sides: Vec<String> = pieces.iter().map(|p| sum(rng, p)).collect();
    let links: Vec<String> = sides
        .windows(2)
        .map(|w| format!("{} == {}", w[0], w[1]))
        .collect();
    s.rules.push(format!("rule line: {}", links.join(" and ")));
    s
}

#[test]
fn region_sum_lines_are_exact_when_each_box_is_one_piece() {
    run(0x5eed_0016, 150, true, false, &|rng| {
        region_sum_setup(rng, true)
    });
}

#[test]
fn region_sum_lines_are_sound() {
    run(0x5eed_0017, 150, false, true, &|rng| {
        region_sum_setup(rng, false)
    });
}

/// The same lines written out as chained equal sums (`Line::equal_sums` prunes them as the
/// library's `region_sum`).
#[test]
fn region_sums_written_by_hand_are_exact_when_each_box_is_one_piece() {
    run(0x5eed_0026, 150, true, false, &|rng| {
        region_sum_written(rng, true, true)
    });
}

#[test]
fn region_sums_written_by_hand_are_sound() {
    run(0x5eed_0027, 150, false, true, &|rng| {
        region_sum_written(rng, false, true)
    });
}

/// A lockout line of 2 to 6 cells with a gap of 1 to 4.
fn lockout_setup(rng: &mut Rng) -> Setup {
    let (lo, hi) = range(rng);
    let k = 2 + rng.below(5);
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    let gap = 1 + rng.below(4);
    s.rules
        .push(format!("rule lockout({}, {gap})", names(&cells)));
    s
}

#[test]
fn lockout_lines_are_exact() {
    run(0x5eed_0018, 150, true, false, &lockout_setup);
}

/// Pointing works from the givens alone: box 1's second and third rows given 2 to 7 leave the
/// 1, 8 and 9 of box 1 in row 1, so no other cell of row 1 can hold them. Nothing but pointing
/// says so (no given sees those cells with those values), and it must be found at the root,
/// where the givens' values leave their peers before the places are counted.
#[test]
fn pointing_from_the_givens_is_found_at_the_root() {
    let p = sdkc::load(
        "pointing.sdk",
        b"grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n",
        Some(&format!(
            "{}234{}567{}",
            ".".repeat(9),
            ".".repeat(6),
            ".".repeat(60)
        )),
    )
    .expect("the model reads");
    let model = Model::new(&p).expect("the model compiles");
    let doms = model
        .propagate(&p.givens)
        .expect("the givens are consistent");
    for (c, d) in doms.iter().enumerate().take(9) {
        let want: &[i64] = if c < 3 {
            &[1, 8, 9]
        } else {
            &[2, 3, 4, 5, 6, 7]
        };
        assert_eq!(d, want, "r1c{}", c + 1);
    }
}

// ---------------------------------------------------------------------------------------
// Lines whose rule is the line alone (no distinct of their own beyond what the rule says):
// exact. Between, entropic, modular, nabner and renban lines have their own propagators
// (src/search/lines.rs); whispers, thermometers, palindromes and parity lines are pairs of
// neighbours, each pair pruned by its table, which on a line (a chain of pairs) is exact too.

/// A line of 2 to 6 of a row's cells in a random order, in a row of one more cell at most,
/// under the library rule `family`.
fn line_rule_setup(rng: &mut Rng, family: &str) -> Setup {
    let (lo, hi) = range(rng);
    let k = 2 + rng.below(5);
    line_of(rng, family, lo, hi, k)
}

/// A line of `k` of a row's cells in a random order, in a row of one more cell at most.
fn line_of(rng: &mut Rng, family: &str, lo: i64, hi: i64, k: usize) -> Setup {
    let cols = k + rng.below(2);
    let mut s = Setup::new(cols, lo, hi);
    let cells = line(rng, cols, k);
    s.scope = cells.clone();
    s.narrow(rng);
    s.rules.push(format!("rule {family}({})", names(&cells)));
    s
}

#[test]
fn between_lines_are_exact() {
    run(0x5eed_0020, 150, true, false, &|r| {
        line_rule_setup(r, "between")
    });
}

#[test]
fn entropic_lines_are_exact() {
    run(0x5eed_0021, 150, true, false, &|r| {
        line_rule_setup(r, "entropic")
    });
}

#[test]
fn modular_lines_are_exact() {
    run(0x5eed_0022, 150, true, false, &|r| {
        line_rule_setup(r, "modular")
    });
}

/// Lines of 2 to 4 cells over 7 to 9 values: k cells need 2k - 1 values.
#[test]
fn nabner_lines_are_exact() {
    run(0x5eed_0023, 150, true, false, &|r| {
        let lo = r.below(2) as i64;
        let hi = lo + 6 + r.below(3) as i64;
        let k = 2 + r.below(3);
        line_of(r, "nabner", lo, hi, k)
    });
}

/// A renban's cells need not be peers: its own `distinct` is pruned with the run.
#[test]
fn renban_lines_are_exact() {
    run(0x5eed_0024, 150, true, false, &|r| {
        line_rule_setup(r, "renban")
    });
}

#[test]
fn whispers_thermometers_palindromes_and_parity_lines_are_exact() {
    for (i, family) in ["dutch_whisper", "thermo", "palindrome", "parity_line"]
        .iter()
        .enumerate()
    {
        run(0x5eed_0025 + i as u64, 100, true, false, &|r| {
            line_rule_setup(r, family)
        });
    }
}
