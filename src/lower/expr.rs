//! Algebraic rules to rows. A rule is first *grounded* (`crate::ground`): quantifiers expanded over their sets,
//! marks, coordinates and givens folded to constants, negations pushed down to comparisons.
//! Each conjunct of the result is then encoded by the number of free cells it involves:
//!
//! - none: true, or a row that cannot hold (the puzzle is infeasible);
//! - one: the values it forbids are removed from the cell's domain (no row, no column);
//! - two or three (and few value combinations): a conflict table on the one-hot columns,
//!   `x[a,i] (+ x[b,j]) + sum_{k forbidden} x[c,k] <= n - 1`, no new columns and no big-M;
//!   but a comparison of counts of one-cell conditions (`count(c in S: v[c] == 2) == 1`) is
//!   its linear row, which is exact and tighter (`counts_apart`);
//! - a disjunction whose conditions all involve one cell c and at most two others each
//!   (`exists (a, b) in orthogonal(c): v[a] + v[b] == v[c]`): per value of c, a row over
//!   the other cells' one-hot columns or their pairs' joint tables (`pivot_or`);
//! - more: linear rows in the values `v[c] = sum_k k x[c,k]`, with auxiliary binaries for
//!   other disjunctions and `count`, and every big-M computed from the bounds of the
//!   expression it relaxes.
//!
//! `ndistinct` uses what the distinct rules say (`shape`): it is a constant when no two of its
//! items can be equal (folded before any column exists, so its rule may become a domain
//! restriction), and, when no three items can all be equal, `items - sum [a == b]` over the
//! pairs that can be, with equality columns shared by every rule. Measured on seed 001's
//! fancy board (README, `bench/fancy_formulations.py`), these two take CBC from no answer in
//! 60 s to 0.46 s at the root.
//!
//! The `pairs` formulation writes one row per forbidden value pair instead of aggregated
//! conflicts (seed 002, Approach II); `bigm` skips tables and takes the linear route
//! (Approach I); `encoding integer` has no one-hot columns, so it is always linear.

use std::collections::BTreeSet;

use super::Builder;
use crate::ground::{self, G, cells_of, eval_bool, negated};
use crate::mip::Sense;
use crate::puzzle::{BinOp, Cell, Formulation, Puzzle, Rule, RuleKind};

/// Tables are enumerated over at most this many value combinations.
const TABLE_LIMIT: usize = 4096;

/// One rule, grounded: its conjuncts that still need rows.
pub(super) struct Grounded {
    pub rule: usize,
    conjuncts: Vec<G>,
}

/// Ground every expression rule, and apply the one-cell conjuncts to the domains now, before
/// any column exists.
pub(super) fn ground_all(p: &Puzzle, b: &mut Builder) -> Vec<Grounded> {
    let mut ground = Vec::new();
    for (r, rule) in p.rules.iter().enumerate() {
        let RuleKind::Expr {
            expr,
            vars,
            formulation,
        } = &rule.kind
        else {
            continue;
        };
        // Past the deadline (`lower_until`) the rest is not grounded: `lower_until` gives up.
        if b.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Vec::new();
        }
        let conjuncts = ground::conjuncts(p, expr, *vars);
        for c in &conjuncts {
            mark_apart(c, b);
        }
        ground.push((r, *formulation, conjuncts));
    }
    let mut out = Vec::new();
    for (r, formulation, ground) in ground {
        let mut conjuncts = Vec::new();
        let folded: Vec<G> = ground
            .into_iter()
            .flat_map(|c| ground::flatten_and(fold_ndistinct(c, b)))
            .collect();
        for c in folded {
            if c == G::Bool(true) {
                continue;
            }
            let cells = cells_of(&c);
            if cells.len() == 1 && !p.integer_cells && formulation != Formulation::BigM {
                let cell = *cells.iter().next().unwrap();
                for v in b.values(cell) {
                    if !eval_bool(&c, &|_| v) {
                        b.remove_value(cell, v);
                    }
                }
            } else {
                if !p.integer_cells {
                    narrow_by_bounds(&c, b);
                }
                conjuncts.push(c);
            }
        }
        out.push(Grounded { rule: r, conjuncts });
    }
    out
}

/// A rule instance over two cells that no equal pair of values satisfies (`v[a] != v[b]` of
/// an anti-king rule, `|v[a] - v[b]| >= 2`) keeps them apart like a distinct area does, which
/// `ndistinct` and the pair tables use: with anti-king, a cell's 8 king neighbours show 8
/// different values.
fn mark_apart(g: &G, b: &mut Builder) {
    let cells: Vec<Cell> = cells_of(g).into_iter().collect();
    let [a, c] = cells[..] else { return };
    let common: Vec<i64> = b
        .values(a)
        .into_iter()
        .filter(|v| b.values(c).contains(v))
        .collect();
    if common.iter().all(|&v| !eval_bool(g, &|_| v)) {
        b.keep_apart(a, c);
    }
}

/// `v[c] (op) e` with e not involving c: c keeps only the values that can compare with some
/// value in e's range. (A cell equal to the number of distinct values among its four diagonal
/// neighbours is at most 4.) The row is still written; this removes columns it would forbid.
fn narrow_by_bounds(g: &G, b: &mut Builder) {
    let G::Cmp(op, l, r) = g else { return };
    let (cell, other, op) = match (l.as_ref(), r.as_ref()) {
        (G::Val(c), e) => (*c, e, *op),
        (e, G::Val(c)) => (*c, e, flip(*op)),
        _ => return,
    };
    if cells_of(other).contains(&cell) {
        return;
    }
    let Some((lo, hi)) = bounds(other, b) else {
        return;
    };
    for v in b.values(cell) {
        let possible = match op {
            BinOp::Eq => lo <= v && v <= hi,
            BinOp::Le => v <= hi,
            BinOp::Lt => v < hi,
            BinOp::Ge => v >= lo,
            BinOp::Gt => v > lo,
            _ => true,
        };
        if !possible {
            b.remove_value(cell, v);
        }
    }
}

/// `a op b` as `b op' a`.
fn flip(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        other => other,
    }
}

/// The range of a ground integer expression over the current domains.
fn bounds(g: &G, b: &Builder) -> Option<(i64, i64)> {
    Some(match g {
        G::Int(v) => (*v, *v),
        G::Val(c) => {
            let vals = b.values(*c);
            (*vals.first()?, *vals.last()?)
        }
        G::Neg(x) => {
            let (lo, hi) = bounds(x, b)?;
            (-hi, -lo)
        }
        G::Abs(x) => {
            let (lo, hi) = bounds(x, b)?;
            if lo >= 0 {
                (lo, hi)
            } else if hi <= 0 {
                (-hi, -lo)
            } else {
                (0, hi.max(-lo))
            }
        }
        G::Arith(op, x, y) => {
            let ((a, bb), (c, d)) = (bounds(x, b)?, bounds(y, b)?);
            match op {
                BinOp::Add => (a + c, bb + d),
                BinOp::Sub => (a - d, bb - c),
                BinOp::Div | BinOp::Mod => div_bounds(*op, a, bb, c),
                _ => {
                    let p = [a * c, a * d, bb * c, bb * d];
                    (*p.iter().min()?, *p.iter().max()?)
                }
            }
        }
        G::Sum(items) => items.iter().try_fold((0, 0), |(lo, hi), i| {
            bounds(i, b).map(|(a, c)| (lo + a, hi + c))
        })?,
        G::Count(items) => (0, items.len() as i64),
        G::NDistinct(items) => match shape(items, b) {
            Some(s) => (s.lo, s.hi),
            None => {
                let mut values = BTreeSet::new();
                for i in items {
                    let (lo, hi) = bounds(i, b)?;
                    values.extend(lo..=hi.min(lo + 1000));
                }
                let n = items.len().min(values.len()) as i64;
                (n.min(1), n)
            }
        },
        _ => return None,
    })
}

/// `ndistinct` over cells that the distinct rules keep (partly) apart. Only the pairs of items
/// that may hold the same value matter: with no such pair the count is a constant (around a
/// 3x3 box centre, the eight king neighbours are all in the box: 8 distinct values, whatever
/// the grid), and when no three items may all be equal it is `items - sum over those pairs of
/// [a == b]`. A given among the items is a constant, equal to a cell exactly when the cell
/// takes its value. `None` when four items may all be equal or there are too many items
/// (the range computation assumes classes of at most three).
struct Shape {
    items: usize,
    pairs: Vec<(Item, Item)>,
    /// Whether some three items may all be equal (the pair count is then not exact).
    triples: bool,
    lo: i64,
    hi: i64,
}

/// An item of `ndistinct`: a given value, or a free cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Const(i64),
    Cell(Cell),
}

/// Items beyond which `shape` gives up (its range computation is exponential in them).
const SHAPE_LIMIT: usize = 16;

fn shape(items: &[G], b: &Builder) -> Option<Shape> {
    let mut set = BTreeSet::new();
    for i in items {
        set.insert(match i {
            G::Int(v) => Item::Const(*v),
            G::Val(c) => Item::Cell(*c),
            _ => return None,
        });
    }
    let items: Vec<Item> = set.into_iter().collect();
    if items.len() > SHAPE_LIMIT || b.p.integer_cells {
        return None;
    }
    let mut union = BTreeSet::new();
    for &i in &items {
        match i {
            Item::Const(v) => {
                union.insert(v);
            }
            Item::Cell(c) => union.extend(b.values(c)),
        }
    }
    let may_equal = |x: Item, y: Item| match (x, y) {
        (Item::Const(_), Item::Const(_)) => false, // different constants (the set merged equal ones)
        (Item::Const(v), Item::Cell(c)) | (Item::Cell(c), Item::Const(v)) => {
            b.values(c).contains(&v)
        }
        (Item::Cell(c), Item::Cell(d)) => b.possibly_equal(c, d),
    };
    let n = items.len();
    let mut equal = vec![0u32; n]; // bit j of equal[i]: items i and j may be equal
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if may_equal(items[i], items[j]) {
                equal[i] |= 1 << j;
                equal[j] |= 1 << i;
                pairs.push((items[i], items[j]));
            }
        }
    }
    let mut triples = false;
    for i in 0..n {
        for j in i + 1..n {
            if equal[i] & (1 << j) == 0 {
                continue;
            }
            for k in j + 1..n {
                if equal[i] & equal[j] & (1 << k) != 0 {
                    if equal[i] & equal[j] & equal[k] != 0 {
                        return None; // four items that may all be equal
                    }
                    triples = true;
                }
            }
        }
    }
    let mut memo = vec![u8::MAX; 1 << n];
    let fewest = fewest_classes((1u32 << n) - 1, &equal, &mut memo);
    Some(Shape {
        items: n,
        lo: i64::from(fewest),
        hi: n.min(union.len()) as i64,
        pairs,
        triples,
    })
}

/// The fewest values the cells in `left` can show: a partition into classes of cells that may
/// be pairwise equal (at most three, as `shape` checked), as few classes as possible.
fn fewest_classes(left: u32, equal: &[u32], memo: &mut [u8]) -> u8 {
    if left == 0 {
        return 0;
    }
    if memo[left as usize] != u8::MAX {
        return memo[left as usize];
    }
    let i = left.trailing_zeros() as usize;
    let rest = left & !(1 << i);
    let mut best = 1 + fewest_classes(rest, equal, memo);
    let mut js = rest & equal[i];
    while js != 0 {
        let j = js.trailing_zeros() as usize;
        js &= js - 1;
        best = best.min(1 + fewest_classes(rest & !(1 << j), equal, memo));
        let mut ks = js & equal[j];
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            best = best.min(1 + fewest_classes(rest & !(1 << j) & !(1 << k), equal, memo));
        }
    }
    memo[left as usize] = best;
    best
}

/// Replace every `ndistinct` whose value the distinct rules already fix by that constant, and
/// fold what becomes constant. A cell whose rule then involves only itself loses the values
/// the rule forbids instead of getting rows (an `X` cell at a box centre is 4).
fn fold_ndistinct(g: G, b: &Builder) -> G {
    let f = |x: Box<G>| Box::new(fold_ndistinct(*x, b));
    match g {
        G::NDistinct(items) => match shape(&items, b) {
            Some(s) if s.lo == s.hi => G::Int(s.lo),
            _ => G::NDistinct(items),
        },
        G::Neg(x) => match fold_ndistinct(*x, b) {
            G::Int(v) => G::Int(v.saturating_neg()),
            x => G::Neg(Box::new(x)),
        },
        G::Abs(x) => match fold_ndistinct(*x, b) {
            G::Int(v) => G::Int(v.saturating_abs()),
            x => G::Abs(Box::new(x)),
        },
        G::Arith(op, l, r) => match (fold_ndistinct(*l, b), fold_ndistinct(*r, b)) {
            (G::Int(x), G::Int(y)) => G::Int(ground::arith(op, x, y)),
            (l, r) => G::Arith(op, Box::new(l), Box::new(r)),
        },
        G::Cmp(op, l, r) => ground::cmp(op, *f(l), *f(r)),
        G::In(x, ranges) => match fold_ndistinct(*x, b) {
            G::Int(v) => G::Bool(ground::contains(&ranges, v)),
            x => G::In(Box::new(x), ranges),
        },
        G::And(v) => ground::and(v.into_iter().map(|x| fold_ndistinct(x, b)).collect()),
        G::Or(v) => ground::or(v.into_iter().map(|x| fold_ndistinct(x, b)).collect()),
        G::Sum(v) => G::Sum(v.into_iter().map(|x| fold_ndistinct(x, b)).collect()),
        G::Count(v) => G::Count(v.into_iter().map(|x| fold_ndistinct(x, b)).collect()),
        other => other,
    }
}

/// A literal: a binary column, or its complement `1 - x`.
#[derive(Debug, Clone, Copy)]
struct Lit {
    col: usize,
    negated: bool,
}

/// A linear expression with the range it can take.
#[derive(Debug, Clone)]
struct Lin {
    terms: Vec<(usize, i64)>,
    constant: i64,
    lo: i64,
    hi: i64,
}

impl Lin {
    fn constant(v: i64) -> Self {
        Lin {
            terms: Vec::new(),
            constant: v,
            lo: v,
            hi: v,
        }
    }

    fn scaled(mut self, k: i64) -> Self {
        self.terms.iter_mut().for_each(|t| t.1 *= k);
        self.constant *= k;
        let (a, b) = (self.lo * k, self.hi * k);
        self.lo = a.min(b);
        self.hi = a.max(b);
        self
    }

    fn plus(mut self, other: Lin) -> Self {
        self.terms.extend(other.terms);
        self.constant += other.constant;
        self.lo += other.lo;
        self.hi += other.hi;
        self
    }

    /// Merge repeated columns (readers reject a column twice in one row) and drop zeros.
    fn normalized(mut self) -> Self {
        self.terms.sort_by_key(|t| t.0);
        let mut merged: Vec<(usize, i64)> = Vec::with_capacity(self.terms.len());
        for (c, k) in self.terms {
            match merged.last_mut() {
                Some(last) if last.0 == c => last.1 += k,
                _ => merged.push((c, k)),
            }
        }
        merged.retain(|t| t.1 != 0);
        self.terms = merged;
        self
    }
}

/// Encodes the conjuncts of one rule.
struct Enc<'a, 'p> {
    b: &'a mut Builder<'p>,
    p: &'p Puzzle,
    rule: &'a str,
    formulation: Formulation,
    rows: usize,
    aux: usize,
    /// Whether the comparison being encoded binds only under a guard literal (inside an
    /// `or`, a `count`, an implication): `ndistinct` then takes the smaller `y` encoding.
    guarded: bool,
}

pub(super) fn encode<'p>(
    p: &'p Puzzle,
    b: &mut Builder<'p>,
    rule: &Rule,
    g: Grounded,
) -> Result<(), String> {
    let RuleKind::Expr { formulation, .. } = &rule.kind else {
        unreachable!()
    };
    let mut enc = Enc {
        b,
        p,
        rule: &rule.name,
        formulation: *formulation,
        rows: 0,
        aux: 0,
        guarded: false,
    };
    for c in g.conjuncts {
        // Past the budget the rule fails anyway: stop making rows nobody keeps.
        if enc.b.over_budget() {
            break;
        }
        enc.post(&c, None)?;
    }
    Ok(())
}

impl Enc<'_, '_> {
    fn row_name(&mut self) -> String {
        self.rows += 1;
        format!("{}_{}", self.rule, self.rows)
    }

    fn aux_column(&mut self, kind: &str, lo: i64, hi: i64) -> usize {
        self.aux += 1;
        let name = format!("{}_{kind}{}", self.rule, self.aux);
        self.b.column(|t| t.push_str(&name), lo, hi, true)
    }

    /// Add `terms (sense) rhs`, or, with a guard literal g, the row relaxed so that it only
    /// binds when g is 1. The relaxation uses the exact range of the terms, so M is as small
    /// as it can be.
    fn add_row(&mut self, mut lin: Lin, sense: Sense, rhs: i64, guard: Option<Lit>) {
        lin = lin.normalized();
        let rhs = rhs - lin.constant;
        let (lo, hi) = (lin.lo - lin.constant, lin.hi - lin.constant);
        match sense {
            Sense::Eq if guard.is_none() => {
                if lo == hi && lo == rhs {
                    return; // always holds
                }
                let name = self.row_name();
                self.b.row(name, lin.terms, Sense::Eq, rhs);
            }
            Sense::Eq => {
                self.add_row(
                    Lin {
                        terms: lin.terms.clone(),
                        constant: 0,
                        lo,
                        hi,
                    },
                    Sense::Le,
                    rhs,
                    guard,
                );
                self.add_row(
                    Lin {
                        terms: lin.terms,
                        constant: 0,
                        lo,
                        hi,
                    },
                    Sense::Ge,
                    rhs,
                    guard,
                );
            }
            Sense::Le => {
                if hi <= rhs {
                    return; // always holds
                }
                let mut terms = lin.terms;
                let mut rhs = rhs;
                if let Some(g) = guard {
                    // terms <= rhs + M (1 - g), M = hi - rhs
                    let m = hi - rhs;
                    push_lit(&mut terms, &mut rhs, g, m);
                    rhs += m;
                }
                let name = self.row_name();
                self.b.row(name, terms, Sense::Le, rhs);
            }
            Sense::Ge => {
                if lo >= rhs {
                    return;
                }
                let mut terms = lin.terms;
                let mut rhs = rhs;
                if let Some(g) = guard {
                    // terms >= rhs - M (1 - g), M = rhs - lo
                    let m = rhs - lo;
                    push_lit(&mut terms, &mut rhs, g, -m);
                    rhs -= m;
                }
                let name = self.row_name();
                self.b.row(name, terms, Sense::Ge, rhs);
            }
        }
    }

    /// Post a condition (with a guard: only when the guard literal is 1).
    fn post(&mut self, g: &G, guard: Option<Lit>) -> Result<(), String> {
        match g {
            G::Bool(true) => return Ok(()),
            G::Bool(false) => {
                // Cannot hold: with a guard, the guard must be 0; without, the model is infeasible.
                let name = self.row_name();
                match guard {
                    Some(l) => {
                        let (mut terms, mut rhs) = (Vec::new(), 0);
                        push_lit(&mut terms, &mut rhs, l, 1);
                        self.b.row(name, terms, Sense::Le, rhs);
                    }
                    None => self.b.row(name, Vec::new(), Sense::Eq, 1),
                }
                return Ok(());
            }
            G::And(items) => {
                for i in items {
                    self.post(i, guard)?;
                }
                return Ok(());
            }
            _ => {}
        }
        // A comparison of counts is exact as its linear row, and tighter than any table.
        if (guard.is_some() || self.formulation != Formulation::Auto || !counts_apart(g))
            && self.table(g, guard)
        {
            return Ok(());
        }
        match g {
            G::Or(items) if self.pivot_or(items, guard) => Ok(()),
            G::Or(items) => {
                // At least one disjunct holds: a literal per disjunct that implies it.
                let mut lits = Vec::new();
                for i in items {
                    lits.push(self.half_reify(i)?);
                }
                let mut lin = Lin::constant(0);
                for l in lits {
                    lin = lin.plus(lit_lin(l));
                }
                self.add_row(lin, Sense::Ge, 1, guard);
                Ok(())
            }
            G::Cmp(op, l, r) => self.compare(*op, l, r, guard),
            G::In(x, ranges) => self.member(x, ranges, guard),
            _ => unreachable!("a ground condition is a constant, and, or, a comparison or `in`"),
        }
    }

    /// A new binary z with z => g.
    fn half_reify(&mut self, g: &G) -> Result<Lit, String> {
        let z = self.aux_column("z", 0, 1);
        let lit = Lit {
            col: z,
            negated: false,
        };
        self.post(g, Some(lit))?;
        Ok(lit)
    }

    /// A new binary z with z <=> g (for `count`).
    fn reify(&mut self, g: &G) -> Result<Lit, String> {
        let z = self.aux_column("z", 0, 1);
        self.post(
            g,
            Some(Lit {
                col: z,
                negated: false,
            }),
        )?;
        self.post(
            &negated(g),
            Some(Lit {
                col: z,
                negated: true,
            }),
        )?;
        Ok(Lit {
            col: z,
            negated: false,
        })
    }

    fn compare(&mut self, op: BinOp, l: &G, r: &G, guard: Option<Lit>) -> Result<(), String> {
        let outer = self.guarded;
        self.guarded = guard.is_some();
        let done = self.compare_inner(op, l, r, guard);
        self.guarded = outer;
        done
    }

    fn compare_inner(&mut self, op: BinOp, l: &G, r: &G, guard: Option<Lit>) -> Result<(), String> {
        if op == BinOp::Ne {
            // Not convex. Between two one-hot values (a cell, or an expression given value
            // indicators), it is convex per value: w_a[k] + w_b[k] <= 1 for each k.
            if !self.p.integer_cells
                && self.formulation != Formulation::BigM
                && let (Some(a), Some(b)) = (self.indicators(l)?, self.indicators(r)?)
            {
                for (k, ca) in a {
                    if let Some(&(_, cb)) = b.iter().find(|(kb, _)| *kb == k) {
                        let lin = Lin {
                            terms: vec![(ca, 1), (cb, 1)],
                            constant: 0,
                            lo: 0,
                            hi: 2,
                        };
                        self.add_row(lin, Sense::Le, 1, guard);
                    }
                }
                return Ok(());
            }
            // Otherwise: l - r <= -1 or l - r >= 1.
            if let Some(g) = guard {
                // Only when the guard holds: z1 => l < r, z2 => l > r, z1 + z2 >= guard.
                let z1 =
                    self.half_reify(&G::Cmp(BinOp::Lt, Box::new(l.clone()), Box::new(r.clone())))?;
                let z2 =
                    self.half_reify(&G::Cmp(BinOp::Gt, Box::new(l.clone()), Box::new(r.clone())))?;
                let (mut terms, mut rhs) = (vec![(z1.col, 1), (z2.col, 1)], 0);
                push_lit(&mut terms, &mut rhs, g, -1);
                let name = self.row_name();
                self.b.row(name, terms, Sense::Ge, rhs);
                return Ok(());
            }
            // One binary d picks the side, as in seed 002's Approach I.
            let diff = self.lin(l)?.plus(self.lin(r)?.scaled(-1));
            let d = self.aux_column("d", 0, 1);
            self.add_row(
                diff.clone(),
                Sense::Le,
                -1,
                Some(Lit {
                    col: d,
                    negated: true,
                }),
            );
            self.add_row(
                diff,
                Sense::Ge,
                1,
                Some(Lit {
                    col: d,
                    negated: false,
                }),
            );
            return Ok(());
        }
        let diff = self.lin(l)?.plus(self.lin(r)?.scaled(-1));
        match op {
            BinOp::Eq => self.add_row(diff, Sense::Eq, 0, guard),
            BinOp::Le => self.add_row(diff, Sense::Le, 0, guard),
            BinOp::Lt => self.add_row(diff, Sense::Le, -1, guard),
            BinOp::Ge => self.add_row(diff, Sense::Ge, 0, guard),
            _ => self.add_row(diff, Sense::Ge, 1, guard),
        }
        Ok(())
    }

    /// One-hot value indicators `(value, column)` of an integer expression: a cell's own
    /// columns, or new binaries w_k with sum w = 1 and sum k w_k = the expression. `None`
    /// when the range is too wide to be worth it.
    fn indicators(&mut self, g: &G) -> Result<Option<Vec<(i64, usize)>>, String> {
        if let G::Val(c) = g {
            return Ok(Some(self.b.cell_columns[*c].clone()));
        }
        let lin = self.lin(g)?;
        if lin.hi - lin.lo > 64 {
            return Ok(None);
        }
        let mut ind = Vec::new();
        for k in lin.lo..=lin.hi {
            ind.push((k, self.aux_column("w", 0, 1)));
        }
        let one = Lin {
            terms: ind.iter().map(|&(_, c)| (c, 1)).collect(),
            constant: 0,
            lo: 1,
            hi: 1,
        };
        let name = self.row_name();
        self.b.row(name, one.terms, Sense::Eq, 1);
        let mut link = Lin {
            terms: ind.iter().map(|&(k, c)| (c, k)).collect(),
            constant: 0,
            lo: lin.lo,
            hi: lin.hi,
        };
        link = link.plus(lin.scaled(-1));
        let link = link.normalized();
        let name = self.row_name();
        let rhs = -link.constant;
        self.b.row(name, link.terms, Sense::Eq, rhs);
        Ok(Some(ind))
    }

    /// The linear form of an integer expression, adding auxiliary columns where needed.
    fn lin(&mut self, g: &G) -> Result<Lin, String> {
        Ok(match g {
            G::Int(v) => Lin::constant(*v),
            G::Val(c) => {
                if self.p.integer_cells {
                    let col = self.b.v(*c);
                    let vals = self.b.values(*c);
                    let (lo, hi) = (vals.first().copied().unwrap_or(self.p.lo), vals.last().copied().unwrap_or(self.p.hi));
                    Lin { terms: vec![(col, 1)], constant: 0, lo, hi }
                } else {
                    let cols = &self.b.cell_columns[*c];
                    let lo = cols.iter().map(|t| t.0).min().unwrap_or(0);
                    let hi = cols.iter().map(|t| t.0).max().unwrap_or(0);
                    Lin { terms: cols.iter().map(|&(v, col)| (col, v)).collect(), constant: 0, lo, hi }
                }
            }
            G::Neg(x) => self.lin(x)?.scaled(-1),
            G::Arith(BinOp::Add, a, b) => self.lin(a)?.plus(self.lin(b)?),
            G::Arith(BinOp::Sub, a, b) => self.lin(a)?.plus(self.lin(b)?.scaled(-1)),
            G::Arith(op @ (BinOp::Div | BinOp::Mod), x, k) => {
                let G::Int(k) = **k else {
                    unreachable!("grounding makes every divisor a number")
                };
                self.divide(*op, g, x, k)?
            }
            G::Arith(_, a, b) => match (a.as_ref(), b.as_ref()) {
                (G::Int(k), x) | (x, G::Int(k)) => self.lin(x)?.scaled(*k),
                (G::Count(c), x) | (x, G::Count(c)) if c.len() == 1 => {
                    // (condition) * x, from an aggregate filter on cell values: z <=> cond and
                    // t = z * x with t in [min(0, lo), max(0, hi)].
                    let z = self.reify(&c[0])?;
                    let x = self.lin(x)?;
                    let (lo, hi) = (x.lo.min(0), x.hi.max(0));
                    let t = self.aux_column("t", lo, hi);
                    let tl = Lin { terms: vec![(t, 1)], constant: 0, lo, hi };
                    // z = 1: t = x;  z = 0: t = 0.
                    self.add_row(tl.clone().plus(x.clone().scaled(-1)), Sense::Eq, 0, Some(z));
                    self.add_row(tl, Sense::Eq, 0, Some(Lit { col: z.col, negated: true }));
                    Lin { terms: vec![(t, 1)], constant: 0, lo, hi }
                }
                _ => return Err("a product of two expressions that both depend on cell values, in an instance over more than three cells".into()),
            },
            G::Abs(x) => {
                let x = self.lin(x)?;
                if x.lo >= 0 {
                    x
                } else if x.hi <= 0 {
                    x.scaled(-1)
                } else {
                    // t = |x|: t >= x, t >= -x, and a binary d picks the side t equals.
                    let hi = x.hi.max(-x.lo);
                    let t = self.aux_column("t", 0, hi);
                    let tl = Lin { terms: vec![(t, 1)], constant: 0, lo: 0, hi };
                    self.add_row(tl.clone().plus(x.clone().scaled(-1)), Sense::Ge, 0, None);
                    self.add_row(tl.clone().plus(x.clone()), Sense::Ge, 0, None);
                    let d = self.aux_column("d", 0, 1);
                    self.add_row(tl.clone().plus(x.clone().scaled(-1)), Sense::Le, 0, Some(Lit { col: d, negated: false }));
                    self.add_row(tl.clone().plus(x), Sense::Le, 0, Some(Lit { col: d, negated: true }));
                    tl
                }
            }
            G::Sum(items) => {
                let mut total = Lin::constant(0);
                for i in items {
                    total = total.plus(self.lin(i)?);
                }
                total
            }
            G::Count(items) => {
                let mut total = Lin::constant(0);
                for i in items {
                    let cells = cells_of(i);
                    total = match i {
                        G::Bool(b) => total.plus(Lin::constant(i64::from(*b))),
                        // A condition on one one-hot cell (`v[c] == 7`, `v[c] % 2 == 0`) is
                        // the sum of the columns of the values that meet it: exact, as the
                        // columns sum to 1, and no indicator column.
                        _ if !self.p.integer_cells && cells.len() == 1 => {
                            let c = *cells.iter().next().expect("one cell");
                            let terms: Vec<(usize, i64)> = self.b.cell_columns[c]
                                .iter()
                                .filter(|&&(v, _)| ground::eval_bool(i, &|_| v))
                                .map(|&(_, col)| (col, 1))
                                .collect();
                            let hi = i64::from(!terms.is_empty());
                            total.plus(Lin {
                                terms,
                                constant: 0,
                                lo: 0,
                                hi,
                            })
                        }
                        _ => {
                            let z = self.reify(i)?;
                            total.plus(lit_lin(z))
                        }
                    };
                }
                total
            }
            G::NDistinct(items) => self.ndistinct(items)?,
            _ => unreachable!("not a number"),
        })
    }

    /// `x / k` or `x % k` (the whole of it, `g`) for a number k: on one one-hot cell a sum of
    /// its columns weighted by the result for each value, exact with nothing new; otherwise
    /// integer columns q and r with `x = k q + r` and r between 0 and k - 1 (k + 1 and 0 for
    /// k < 0), which fixes both for every integer x. A range of x within one multiple of k
    /// needs neither: q is a number there.
    fn divide(&mut self, op: BinOp, g: &G, x: &G, k: i64) -> Result<Lin, String> {
        if !self.p.integer_cells
            && let [c] = cells_of(x).into_iter().collect::<Vec<_>>()[..]
        {
            let cols = self.b.cell_columns[c].clone();
            let values: Vec<i64> = cols
                .iter()
                .map(|&(v, _)| ground::eval_int(g, &|_| v))
                .collect();
            return Ok(Lin {
                terms: cols
                    .iter()
                    .zip(&values)
                    .map(|(&(_, col), &f)| (col, f))
                    .collect(),
                constant: 0,
                lo: values.iter().copied().min().unwrap_or(0),
                hi: values.iter().copied().max().unwrap_or(0),
            });
        }
        let x = self.lin(x)?;
        let (qlo, qhi) = div_bounds(BinOp::Div, x.lo, x.hi, k);
        if qlo == qhi {
            return Ok(match op {
                BinOp::Div => Lin::constant(qlo),
                _ => x.plus(Lin::constant(-k * qlo)),
            });
        }
        let (rlo, rhi) = if k > 0 { (0, k - 1) } else { (k + 1, 0) };
        let q = self.aux_column("q", qlo, qhi);
        let r = self.aux_column("r", rlo, rhi);
        let ql = Lin {
            terms: vec![(q, 1)],
            constant: 0,
            lo: qlo,
            hi: qhi,
        };
        let rl = Lin {
            terms: vec![(r, 1)],
            constant: 0,
            lo: rlo,
            hi: rhi,
        };
        // x - k q - r = 0.
        let def = x.plus(ql.clone().scaled(-k)).plus(rl.clone().scaled(-1));
        self.add_row(def, Sense::Eq, 0, None);
        Ok(if op == BinOp::Div { ql } else { rl })
    }

    /// `x in ranges` (with a guard: only when the guard literal is 1). On a one-hot cell, its
    /// columns for the values in the set sum to 1; otherwise the ranges that meet x's range
    /// each get a binary z_i, one of them is chosen, and x lies between the chosen range's
    /// ends: `sum z = 1`, `x >= sum lo_i z_i`, `x <= sum hi_i z_i` (one range needs no z).
    /// Under a guard g, `sum z = g` and the ends of x's own range stand in when g is 0.
    fn member(&mut self, x: &G, ranges: &[(i64, i64)], guard: Option<Lit>) -> Result<(), String> {
        if let (G::Val(c), false) = (x, self.p.integer_cells) {
            let cols = &self.b.cell_columns[*c];
            let inside: Vec<(usize, i64)> = cols
                .iter()
                .filter(|&&(v, _)| ground::contains(ranges, v))
                .map(|&(_, col)| (col, 1))
                .collect();
            if inside.len() == cols.len() {
                return Ok(()); // every value left is in the set
            }
            let lin = Lin {
                terms: inside,
                constant: 0,
                lo: 0,
                hi: 1,
            };
            self.add_row(lin, Sense::Ge, 1, guard);
            return Ok(());
        }
        let x = self.lin(x)?.normalized();
        let meet: Vec<(i64, i64)> = ranges
            .iter()
            .filter(|&&(lo, hi)| lo <= x.hi && x.lo <= hi)
            .map(|&(lo, hi)| (lo.max(x.lo), hi.min(x.hi)))
            .collect();
        match meet[..] {
            [] => self.post(&G::Bool(false), guard),
            [(lo, hi)] => {
                self.add_row(x.clone(), Sense::Ge, lo, guard);
                self.add_row(x, Sense::Le, hi, guard);
                Ok(())
            }
            _ => {
                let z: Vec<usize> = meet.iter().map(|_| self.aux_column("z", 0, 1)).collect();
                // sum z = g (1 without a guard).
                let (mut terms, mut rhs): (Vec<(usize, i64)>, i64) =
                    (z.iter().map(|&c| (c, 1)).collect(), 0);
                match guard {
                    Some(g) => push_lit(&mut terms, &mut rhs, g, -1),
                    None => rhs = 1,
                }
                let name = self.row_name();
                self.b.row(name, terms, Sense::Eq, rhs);
                // x - sum lo_i z_i + x.lo g >= x.lo (without a guard: x - sum lo_i z_i >= 0),
                // and the same with the upper ends and <=.
                for (sense, end) in [(Sense::Ge, 0), (Sense::Le, 1)] {
                    let own = if end == 0 { x.lo } else { x.hi };
                    let mut terms = x.terms.clone();
                    terms.extend(
                        z.iter()
                            .zip(&meet)
                            .map(|(&c, r)| (c, -if end == 0 { r.0 } else { r.1 })),
                    );
                    let mut rhs = -x.constant;
                    if let Some(g) = guard {
                        push_lit(&mut terms, &mut rhs, g, own);
                        rhs += own;
                    }
                    let name = self.row_name();
                    self.b.row(name, terms, sense, rhs);
                }
                Ok(())
            }
        }
    }

    /// ndistinct over cells: y_k = OR_c x[c,k], y_k >= x[c,k] for each c and
    /// y_k <= sum_c x[c,k]; the count is the constants' distinct values plus sum y_k.
    fn ndistinct(&mut self, items: &[G]) -> Result<Lin, String> {
        if self.p.integer_cells {
            return Err("`ndistinct` with `encoding integer` (it needs one-hot cells)".into());
        }
        // The equal-pair count where it is exact (no three items may all be equal) and binds
        // unguarded: tight, and what solves seed 001's fancy board at the root. Elsewhere the
        // `y` form, which measured faster: with triples (counting them by inclusion-exclusion
        // took CBC 10.8 s on a 6x6 model where `y` takes 0.35 s), and under a guard, where the
        // relaxation is loose anyway (a 4x4 model with `(ndistinct(king(c)) == v[c]) or ...`
        // in every cell: CBC 7 s with pairs, 0.1 s with `y`).
        if let Some(s) = shape(items, self.b).filter(|s| !self.guarded && !s.triples) {
            let mut lin = Lin::constant(s.items as i64);
            for &(x, y) in &s.pairs {
                let cols: Vec<usize> = match (x, y) {
                    // Constants sort first: a pair with one is (constant, cell).
                    (Item::Const(v), Item::Cell(c)) => self.b.x(c, v).into_iter().collect(),
                    (Item::Cell(c), Item::Cell(d)) => {
                        self.same(c, d).into_iter().map(|t| t.1).collect()
                    }
                    _ => unreachable!("two constants are never equal"),
                };
                lin.terms
                    .extend(cols.into_iter().map(|col: usize| (col, -1)));
            }
            lin.lo = s.lo;
            lin.hi = s.hi;
            return Ok(lin);
        }
        let mut constants = BTreeSet::new();
        let mut cells = Vec::new();
        for i in items {
            match i {
                G::Int(v) => {
                    constants.insert(*v);
                }
                G::Val(c) => cells.push(*c),
                _ => return Err("`ndistinct` of expressions other than cell values".into()),
            }
        }
        let mut values: BTreeSet<i64> = BTreeSet::new();
        for &c in &cells {
            values.extend(self.b.cell_columns[c].iter().map(|t| t.0));
        }
        let mut lin = Lin::constant(constants.len() as i64);
        for k in values.into_iter().filter(|k| !constants.contains(k)) {
            let cols: Vec<usize> = cells.iter().filter_map(|&c| self.b.x(c, k)).collect();
            let y = self.aux_column("y", 0, 1);
            for &x in &cols {
                let name = self.row_name();
                self.b.row(name, vec![(y, 1), (x, -1)], Sense::Ge, 0);
            }
            let mut terms = vec![(y, 1)];
            terms.extend(cols.iter().map(|&x| (x, -1)));
            let name = self.row_name();
            self.b.row(name, terms, Sense::Le, 0);
            lin = lin.plus(Lin {
                terms: vec![(y, 1)],
                constant: 0,
                lo: 0,
                hi: 1,
            });
        }
        // At least one distinct value when there is any cell.
        if !cells.is_empty() && constants.is_empty() {
            lin.lo = 1;
        }
        // The range is left as the y columns give it, though `shape` knows a narrower one:
        // the narrower big-M made CBC slower on a guarded `ndistinct` (0.1 s -> 2.7 s).
        Ok(lin)
    }

    /// A continuous column in [0, 1] (the shared equality and pair-table columns are integral
    /// whenever the cells' columns are, so they need not be binaries).
    fn unit_column(&mut self, name: String) -> usize {
        self.b.column(|t| t.push_str(&name), 0, 1, false)
    }

    /// `a == b` for two one-hot cells, shared by every rule: per common value k a column
    /// w_k in [0, 1] with w_k <= x[a,k], w_k <= x[b,k], w_k >= x[a,k] + x[b,k] - 1, so that
    /// [a == b] = sum_k w_k. (Integral whenever the x are, so the columns are continuous.)
    fn same(&mut self, a: Cell, b: Cell) -> Vec<(i64, usize)> {
        let key = (a.min(b), a.max(b));
        if let Some(cols) = self.b.same.get(&key) {
            return cols.clone();
        }
        let (na, nb) = (self.p.cell_name(key.0), self.p.cell_name(key.1));
        let mut cols = Vec::new();
        for (k, xa) in self.b.cell_columns[key.0].clone() {
            let Some(xb) = self.b.x(key.1, k) else {
                continue;
            };
            let w = self.unit_column(format!("same_{na}_{nb}_{k}"));
            let name = self.row_name();
            self.b.row(name, vec![(w, 1), (xa, -1)], Sense::Le, 0);
            let name = self.row_name();
            self.b.row(name, vec![(w, 1), (xb, -1)], Sense::Le, 0);
            let name = self.row_name();
            self.b
                .row(name, vec![(w, 1), (xa, -1), (xb, -1)], Sense::Ge, -1);
            cols.push((k, w));
        }
        self.b.same.insert(key, cols.clone());
        cols
    }

    /// The joint table of two one-hot cells (a < b), shared by every rule: a column p[i,j] in
    /// [0, 1] per pair of values they can take together (not i == j when a distinct area holds
    /// both), with `sum_j p[i,j] = x[a,i]` and `sum_i p[i,j] = x[b,j]`. Any condition on the
    /// pair is then a sum of its columns, exactly: the convex hull of the pair's assignments.
    fn pair_table(&mut self, a: Cell, b: Cell) -> Vec<(i64, i64, usize)> {
        if let Some(t) = self.b.pair_tables.get(&(a, b)) {
            return t.clone();
        }
        let (na, nb) = (self.p.cell_name(a), self.p.cell_name(b));
        let differ = self.b.must_differ(a, b);
        let (da, db) = (
            self.b.cell_columns[a].clone(),
            self.b.cell_columns[b].clone(),
        );
        let mut table = Vec::new();
        for &(i, _) in &da {
            for &(j, _) in &db {
                if differ && i == j {
                    continue;
                }
                let col = self.unit_column(format!("pair_{na}_{nb}_{i}_{j}"));
                table.push((i, j, col));
            }
        }
        // The marginals: a's value i is row i of the table, b's value j its column j.
        for (first, cells) in [(true, &da), (false, &db)] {
            for &(v, x) in cells {
                let mut terms: Vec<(usize, i64)> = table
                    .iter()
                    .filter(|t| if first { t.0 == v } else { t.1 == v })
                    .map(|t| (t.2, 1))
                    .collect();
                terms.push((x, -1));
                let name = self.row_name();
                self.b.row(name, terms, Sense::Eq, 0);
            }
        }
        self.b.pair_tables.insert((a, b), table.clone());
        table
    }

    /// A disjunction whose conditions all involve one cell c, each with at most two other
    /// cells (`exists (a, b) in orthogonal(c): v[a] + v[b] == v[c]`). Per value k of c:
    /// `x[c,k] <= sum over the conditions of [it holds with c = k]`, where that indicator is a
    /// sum of the other cell's one-hot columns, or of the pair's joint-table columns. Exact on
    /// integers, no big-M, and much tighter than a binary per disjunct (CBC solved seed 001's
    /// fancy board at the root with this, and not in 300 s without). False when the
    /// disjunction does not have that shape.
    fn pivot_or(&mut self, items: &[G], guard: Option<Lit>) -> bool {
        if self.p.integer_cells || self.formulation == Formulation::BigM || items.is_empty() {
            return false;
        }
        let sets: Vec<BTreeSet<Cell>> = items.iter().map(cells_of).collect();
        let Some(c) = sets[0].iter().copied().find(|c| {
            sets.iter().all(|s| {
                s.contains(c) && s.len() <= 3 && {
                    let size: usize = s
                        .iter()
                        .filter(|&o| o != c)
                        .map(|&o| self.b.cell_columns[o].len())
                        .product();
                    size <= TABLE_LIMIT
                }
            })
        }) else {
            return false;
        };
        for (k, xk) in self.b.cell_columns[c].clone() {
            let mut terms = vec![(xk, 1)];
            let mut always = false;
            for (item, set) in items.iter().zip(&sets) {
                let others: Vec<Cell> = set.iter().copied().filter(|&o| o != c).collect();
                let (cols, all): (Vec<usize>, usize) = match others[..] {
                    [] => (Vec::new(), usize::from(!eval_bool(item, &|_| k))),
                    [a] => {
                        let da = self.b.cell_columns[a].clone();
                        let cols = da
                            .iter()
                            .filter(|&&(i, _)| eval_bool(item, &|x| if x == c { k } else { i }))
                            .map(|t| t.1)
                            .collect();
                        (cols, da.len())
                    }
                    [a, b] => {
                        let table = self.pair_table(a, b);
                        let cols = table
                            .iter()
                            .filter(|&&(i, j, _)| {
                                eval_bool(item, &|x| {
                                    if x == c {
                                        k
                                    } else if x == a {
                                        i
                                    } else {
                                        j
                                    }
                                })
                            })
                            .map(|t| t.2)
                            .collect();
                        (cols, table.len())
                    }
                    _ => unreachable!("at most two other cells"),
                };
                if cols.len() == all {
                    always = true; // this condition holds whenever c = k
                    break;
                }
                terms.extend(cols.into_iter().map(|col| (col, -1)));
            }
            if !always {
                let lin = Lin {
                    terms,
                    constant: 0,
                    lo: 0,
                    hi: 0,
                }
                .normalized();
                self.table_row(lin.terms, 0, guard);
            }
        }
        true
    }

    /// Encode a condition over two or three free cells as a conflict table, if the
    /// formulation allows it and there are few enough value combinations. Returns false when
    /// the condition is not table material.
    fn table(&mut self, g: &G, guard: Option<Lit>) -> bool {
        if self.p.integer_cells || self.formulation == Formulation::BigM {
            return false;
        }
        let cells: Vec<Cell> = cells_of(g).into_iter().collect();
        if cells.len() < 2 || cells.len() > 3 {
            return false;
        }
        let domains: Vec<Vec<(i64, usize)>> = cells
            .iter()
            .map(|&c| self.b.cell_columns[c].clone())
            .collect();
        if domains.iter().map(Vec::len).product::<usize>() > TABLE_LIMIT {
            return false;
        }
        if domains.iter().any(Vec::is_empty) {
            // A cell with no value left already makes the model infeasible (its cell row is
            // empty); there is nothing to forbid.
            return true;
        }
        let n = cells.len() as i64;
        let holds =
            |vals: &[i64]| eval_bool(g, &|c| vals[cells.iter().position(|&x| x == c).unwrap()]);
        let last = domains.len() - 1;
        // Every combination of all cells but the last, then the last cell's forbidden values.
        let mut prefix = vec![0usize; last];
        loop {
            let mut vals: Vec<i64> = prefix
                .iter()
                .enumerate()
                .map(|(i, &k)| domains[i][k].0)
                .collect();
            vals.push(0);
            let mut forbidden = Vec::new();
            for &(v, col) in &domains[last] {
                vals[last] = v;
                if !holds(&vals) {
                    forbidden.push(col);
                }
            }
            let head: Vec<usize> = prefix
                .iter()
                .enumerate()
                .map(|(i, &k)| domains[i][k].1)
                .collect();
            if self.formulation == Formulation::Pairs {
                for &f in &forbidden {
                    let mut terms: Vec<(usize, i64)> = head.iter().map(|&c| (c, 1)).collect();
                    terms.push((f, 1));
                    self.table_row(terms, n - 1, guard);
                }
            } else if !forbidden.is_empty() {
                let mut terms: Vec<(usize, i64)> = head.iter().map(|&c| (c, 1)).collect();
                terms.extend(forbidden.iter().map(|&c| (c, 1)));
                self.table_row(terms, n - 1, guard);
            }
            // Next prefix (odometer).
            let mut i = last;
            loop {
                if i == 0 {
                    return true;
                }
                i -= 1;
                prefix[i] += 1;
                if prefix[i] < domains[i].len() {
                    break;
                }
                prefix[i] = 0;
            }
        }
    }

    fn table_row(&mut self, mut terms: Vec<(usize, i64)>, mut rhs: i64, guard: Option<Lit>) {
        if let Some(g) = guard {
            // The row binds only when the guard is 1: add the guard and one to the right side.
            push_lit(&mut terms, &mut rhs, g, 1);
            rhs += 1;
        }
        let name = self.row_name();
        self.b.row(name, terms, Sense::Le, rhs);
    }
}

/// Whether `g` compares counts of conditions on one cell each (and numbers), each cell in one
/// count item at most: `count(c in cage: v[c] == 2) == 1`, a look-and-say clue on a cage of
/// two or three cells. Its linear row over the one-hot columns has a coefficient of 1 or -1 on
/// each cell's columns of one sign, so with the cells' own rows it is totally unimodular: the
/// convex hull of the cells' assignments. A conflict table of the same condition lets the
/// relaxation spread a cell over the values it forbids (per value of the other cells, "not
/// this and not a 2 there": a cell at a ninth of each value meets every row).
fn counts_apart(g: &G) -> bool {
    fn walk(g: &G, seen: &mut BTreeSet<Cell>) -> bool {
        match g {
            G::Int(_) => true,
            G::Neg(x) => walk(x, seen),
            G::Arith(BinOp::Add | BinOp::Sub, a, b) => walk(a, seen) && walk(b, seen),
            G::Sum(items) => items.iter().all(|i| walk(i, seen)),
            G::Count(items) => items.iter().all(|i| match i {
                G::Bool(_) => true,
                _ => {
                    let cells = cells_of(i);
                    cells.len() == 1 && cells.into_iter().all(|c| seen.insert(c))
                }
            }),
            _ => false,
        }
    }
    let G::Cmp(op, l, r) = g else {
        return false;
    };
    let mut seen = BTreeSet::new();
    *op != BinOp::Ne && walk(l, &mut seen) && walk(r, &mut seen) && !seen.is_empty()
}

/// The range of `x / k` (`op` `Div`) or `x % k` for x in `lo..=hi` and a number k other than 0.
fn div_bounds(op: BinOp, lo: i64, hi: i64, k: i64) -> (i64, i64) {
    let (a, b) = (ground::floor_div(lo, k), ground::floor_div(hi, k));
    match op {
        BinOp::Div => (a.min(b), a.max(b)),
        // Within one multiple of k, `x % k` is `x - k q`.
        _ if a == b => (lo - k * a, hi - k * a),
        _ if k > 0 => (0, k - 1),
        _ => (k + 1, 0),
    }
}

/// Add `k * lit` to a row's left side (a negated literal is `1 - x`).
fn push_lit(terms: &mut Vec<(usize, i64)>, rhs: &mut i64, l: Lit, k: i64) {
    if l.negated {
        terms.push((l.col, -k));
        *rhs -= k;
    } else {
        terms.push((l.col, k));
    }
}

fn lit_lin(l: Lit) -> Lin {
    if l.negated {
        Lin {
            terms: vec![(l.col, -1)],
            constant: 1,
            lo: 0,
            hi: 1,
        }
    } else {
        Lin {
            terms: vec![(l.col, 1)],
            constant: 0,
            lo: 0,
            hi: 1,
        }
    }
}
