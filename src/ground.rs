//! Grounding: an algebraic rule with its quantifiers expanded over their sets, marks and
//! coordinates (and, in the lowering, givens) folded to constants, and negations pushed down to
//! comparisons. The lowering turns ground conditions into rows; the builtin solver propagates
//! them. The checker does not use this: it interprets rules on its own, so it can catch a
//! grounding bug in either.

use std::collections::BTreeSet;

use crate::puzzle::{AggKind, BinOp, Binder, Cell, CellTerm, Expr, Puzzle, SetTerm};

/// The conjuncts of an expression rule: what must hold, each as small as grounding makes it.
/// `Bool(false)` among them means the rule can never hold.
pub fn conjuncts(p: &Puzzle, expr: &Expr, vars: usize) -> Vec<G> {
    let mut env = vec![usize::MAX; vars];
    flatten_and(ground(p, expr, &mut env, true))
}

/// How many terms grounding may make of one rule. Every rule of the examples stays under
/// 20,000 (the fancy seed's largest is about 10,000); a 25x25 grid's `for (a, b) in cells:
/// v[a] != v[b]` is 585,000. A term can become dozens of rows in the lowering (a pair of cells
/// that must differ: one row per value), so past this the time and memory of the lowering
/// grow past anything a puzzle needs: a 36x36 grid's all-pairs rule (2.5 million terms) took
/// 24 s to reach the MIP's size bound.
pub const MAX_TERMS: u64 = 1_000_000;

/// An upper bound on the terms grounding `e` makes: each quantifier and aggregate multiplies
/// its filter and body by the size of its set. Computed without expanding anything, so a rule
/// too large to ground is refused before its memory is spent.
pub fn estimate(p: &Puzzle, e: &Expr) -> u128 {
    let members = |binder: &Binder, set: &SetTerm| -> u128 {
        let n = match set {
            SetTerm::Cells(c) => c.len() as u128,
            // A neighbourhood is at most the relation's offsets.
            SetTerm::Neighbours(rel, _) => p.relations[*rel].offsets.len() as u128,
            SetTerm::Pairs(rel) => {
                return p.cell_count() as u128 * p.relations[*rel].offsets.len() as u128;
            }
            SetTerm::Steps(c) => return c.len().saturating_sub(1) as u128,
        };
        match binder {
            Binder::One(_) => n,
            Binder::Pair(..) => n.saturating_mul(n.saturating_sub(1)) / 2,
        }
    };
    match e {
        Expr::Int(_)
        | Expr::Bool(_)
        | Expr::Value(_)
        | Expr::Row(_)
        | Expr::Col(_)
        | Expr::HasMark(..)
        | Expr::Lookup(..)
        | Expr::Clued(..) => 1,
        // Saturating throughout: an absurd rule's estimate stops at u128::MAX, refused all the same.
        Expr::Neg(x) | Expr::Abs(x) | Expr::Not(x) | Expr::In(x, _) => {
            estimate(p, x).saturating_add(1)
        }
        // `a <=> b` grounds each side twice, as itself and as its negation (`(a and b) or (not
        // a and not b)`): a chain of them doubles at each step (24 terms took 4 GB).
        Expr::Bin(BinOp::Iff, l, r) => estimate(p, l)
            .saturating_add(estimate(p, r))
            .saturating_mul(2)
            .saturating_add(1),
        Expr::Bin(_, l, r) => estimate(p, l)
            .saturating_add(estimate(p, r))
            .saturating_add(1),
        Expr::Quant {
            binder,
            set,
            filter,
            body,
            ..
        }
        | Expr::Agg {
            binder,
            set,
            filter,
            body,
            ..
        } => {
            let each =
                estimate(p, body).saturating_add(filter.as_ref().map_or(0, |f| estimate(p, f)));
            let n = match filter {
                Some(f) => selected(p, *binder, set, f).unwrap_or_else(|| members(binder, set)),
                None => members(binder, set),
            };
            n.saturating_mul(each).saturating_add(1)
        }
    }
}

/// How many members of a set pass a filter that reads only data about the binder's own cells
/// (`cells where row(c) == 3`): counted, so a narrow filter over a large set is not refused as
/// if it kept every member. `None` when the filter reads cell values or other binders' cells,
/// or the set is too large to count quickly.
fn selected(p: &Puzzle, binder: Binder, set: &SetTerm, filter: &Expr) -> Option<u128> {
    let own = match binder {
        Binder::One(v) => vec![v],
        Binder::Pair(a, b) => vec![a, b],
    };
    if !reads_only(filter, &own) {
        return None;
    }
    let list = match set {
        SetTerm::Cells(c) => c.len(),
        _ => return None,
    };
    let n = match binder {
        Binder::One(_) => list,
        Binder::Pair(..) => list * list.saturating_sub(1) / 2,
    };
    if n > 200_000 {
        return None;
    }
    let mut env = vec![0; own.iter().max().map_or(0, |m| m + 1)];
    let mut count = 0;
    for m in members(p, &env.clone(), binder, set) {
        bind(&mut env, binder, m);
        if ground(p, filter, &mut env, true) != G::Bool(false) {
            count += 1;
        }
    }
    Some(count)
}

/// Whether an expression reads no cell value, and binds or reads no cell variable but `own`.
fn reads_only(e: &Expr, own: &[usize]) -> bool {
    let term = |t: &CellTerm| match t {
        CellTerm::Fixed(_) => true,
        CellTerm::Var(v) => own.contains(v),
    };
    match e {
        Expr::Int(_) | Expr::Bool(_) => true,
        Expr::Value(_) | Expr::Quant { .. } | Expr::Agg { .. } => false,
        Expr::Row(c) | Expr::Col(c) | Expr::HasMark(c, _) | Expr::Lookup(c, _) => term(c),
        Expr::Clued(a, b, _) => term(a) && term(b),
        Expr::Neg(x) | Expr::Abs(x) | Expr::Not(x) | Expr::In(x, _) => reads_only(x, own),
        Expr::Bin(_, l, r) => reads_only(l, own) && reads_only(r, own),
    }
}

/// A ground expression: no variables, no quantifiers, data folded, `not` only inside `Cmp`.
#[derive(Debug, Clone, PartialEq)]
pub enum G {
    Int(i64),
    Bool(bool),
    /// The value of a free (not given) cell.
    Val(Cell),
    Neg(Box<G>),
    Abs(Box<G>),
    Arith(BinOp, Box<G>, Box<G>),
    Cmp(BinOp, Box<G>, Box<G>),
    /// The value lies in one of the ranges: sorted, disjoint, not adjacent (`puzzle::Expr::In`).
    /// A negation is the complement, so `not in` needs no form of its own.
    In(Box<G>, Vec<(i64, i64)>),
    And(Vec<G>),
    Or(Vec<G>),
    Sum(Vec<G>),
    Count(Vec<G>),
    NDistinct(Vec<G>),
}

pub fn flatten_and(g: G) -> Vec<G> {
    match g {
        G::And(items) => items.into_iter().flat_map(flatten_and).collect(),
        G::Bool(true) => Vec::new(),
        other => vec![other],
    }
}

fn cell(env: &[Cell], t: CellTerm) -> Cell {
    match t {
        CellTerm::Fixed(c) => c,
        CellTerm::Var(v) => env[v],
    }
}

/// The elements of a set for a binder: cells, or pairs of cells.
fn members(p: &Puzzle, env: &[Cell], binder: Binder, set: &SetTerm) -> Vec<(Cell, Cell)> {
    let list: Vec<Cell> = match set {
        SetTerm::Cells(c) => c.clone(),
        SetTerm::Neighbours(rel, c) => p.neighbours(*rel, cell(env, *c)),
        SetTerm::Pairs(rel) => return p.relation_pairs(*rel),
        SetTerm::Steps(c) => return c.windows(2).map(|w| (w[0], w[1])).collect(),
    };
    match binder {
        Binder::One(_) => list.into_iter().map(|c| (c, c)).collect(),
        Binder::Pair(..) => {
            let mut v = Vec::new();
            for i in 0..list.len() {
                for j in i + 1..list.len() {
                    v.push((list[i], list[j]));
                }
            }
            v
        }
    }
}

fn bind(env: &mut [Cell], binder: Binder, (a, b): (Cell, Cell)) {
    match binder {
        Binder::One(v) => env[v] = a,
        Binder::Pair(x, y) => {
            env[x] = a;
            env[y] = b;
        }
    }
}

/// Ground a condition; `positive` false grounds its negation (negations pushed inward).
fn ground(p: &Puzzle, e: &Expr, env: &mut Vec<Cell>, positive: bool) -> G {
    match e {
        Expr::Bool(b) => G::Bool(*b == positive),
        Expr::HasMark(c, m) => {
            let marks = &p.marks[cell(env, *c)];
            G::Bool(m.chars().all(|ch| marks.contains(ch)) == positive)
        }
        Expr::Clued(a, b, pairs) => {
            let (a, b) = (cell(env, *a), cell(env, *b));
            G::Bool(pairs.contains(&(a.min(b), a.max(b))) == positive)
        }
        Expr::Not(x) => ground(p, x, env, !positive),
        Expr::In(x, ranges) => {
            let ranges = if positive {
                ranges.clone()
            } else {
                complement(ranges)
            };
            match ground_int(p, x, env) {
                G::Int(v) => G::Bool(contains(&ranges, v)),
                x => G::In(Box::new(x), ranges),
            }
        }
        Expr::Bin(op, l, r) => match op {
            BinOp::And | BinOp::Or => {
                let (l, r) = (ground(p, l, env, positive), ground(p, r, env, positive));
                if (*op == BinOp::And) == positive {
                    and(vec![l, r])
                } else {
                    or(vec![l, r])
                }
            }
            BinOp::Implies => {
                // a => b  is  not a or b;  its negation  a and not b.
                let (a, b) = (ground(p, l, env, !positive), ground(p, r, env, positive));
                if positive {
                    or(vec![a, b])
                } else {
                    and(vec![a, b])
                }
            }
            BinOp::Iff => {
                let (a, na) = (ground(p, l, env, true), ground(p, l, env, false));
                let (b, nb) = (ground(p, r, env, positive), ground(p, r, env, !positive));
                // (a and b) or (not a and not b); negated: (a and not b) or (not a and b).
                or(vec![and(vec![a, b]), and(vec![na, nb])])
            }
            _ => {
                let op = if positive { *op } else { negate(*op) };
                cmp(op, ground_int(p, l, env), ground_int(p, r, env))
            }
        },
        Expr::Quant {
            all,
            binder,
            set,
            filter,
            body,
        } => {
            let mut items = Vec::new();
            for m in members(p, env, *binder, set) {
                bind(env, *binder, m);
                // forall x where f: b  ==  and over x of (not f or b); exists: or of (f and b).
                let item = match (filter, *all) {
                    (None, _) => ground(p, body, env, positive),
                    (Some(f), true) if positive => {
                        or(vec![ground(p, f, env, false), ground(p, body, env, true)])
                    }
                    (Some(f), true) => {
                        and(vec![ground(p, f, env, true), ground(p, body, env, false)])
                    }
                    (Some(f), false) if positive => {
                        and(vec![ground(p, f, env, true), ground(p, body, env, true)])
                    }
                    (Some(f), false) => {
                        or(vec![ground(p, f, env, false), ground(p, body, env, false)])
                    }
                };
                items.push(item);
            }
            if *all == positive {
                and(items)
            } else {
                or(items)
            }
        }
        _ => unreachable!("the analyzer only lets conditions here"),
    }
}

fn ground_int(p: &Puzzle, e: &Expr, env: &mut Vec<Cell>) -> G {
    match e {
        Expr::Int(v) => G::Int(*v),
        Expr::Value(c) => {
            let c = cell(env, *c);
            match p.givens[c] {
                Some(v) => G::Int(v),
                None => G::Val(c),
            }
        }
        Expr::Row(c) => G::Int((cell(env, *c) / p.cols + 1) as i64),
        Expr::Lookup(c, table) => G::Int(table[cell(env, *c)]),
        Expr::Col(c) => G::Int((cell(env, *c) % p.cols + 1) as i64),
        Expr::Neg(x) => match ground_int(p, x, env) {
            G::Int(v) => G::Int(v.saturating_neg()),
            g => G::Neg(Box::new(g)),
        },
        Expr::Abs(x) => match ground_int(p, x, env) {
            G::Int(v) => G::Int(v.saturating_abs()),
            g => G::Abs(Box::new(g)),
        },
        Expr::Bin(op, l, r) => {
            let (a, mut b) = (ground_int(p, l, env), ground_int(p, r, env));
            if matches!(op, BinOp::Div | BinOp::Mod) {
                // The analyzer lets only data divide (numbers, coordinates, aggregates of
                // them): grounded, a constant, which the lowering and the search rely on.
                b = G::Int(eval_int(&b, &|_| {
                    unreachable!("a divisor reads no cell value")
                }));
            }
            match (a, b) {
                (G::Int(a), G::Int(b)) => G::Int(arith(*op, a, b)),
                (a, b) => G::Arith(*op, Box::new(a), Box::new(b)),
            }
        }
        Expr::Agg {
            kind,
            binder,
            set,
            filter,
            body,
        } => {
            let mut items = Vec::new();
            for m in members(p, env, *binder, set) {
                bind(env, *binder, m);
                let keep = match filter {
                    None => G::Bool(true),
                    Some(f) => ground(p, f, env, true),
                };
                match keep {
                    G::Bool(false) => continue,
                    G::Bool(true) => {}
                    // A filter that depends on cell values: count and sum can take it in.
                    k => match kind {
                        AggKind::Count => {
                            items.push(and(vec![k, ground(p, body, env, true)]));
                            continue;
                        }
                        _ => {
                            let v = ground_int(p, body, env);
                            items.push(G::Arith(
                                BinOp::Mul,
                                Box::new(G::Count(vec![k])),
                                Box::new(v),
                            ));
                            continue;
                        }
                    },
                }
                items.push(match kind {
                    AggKind::Count => ground(p, body, env, true),
                    _ => ground_int(p, body, env),
                });
            }
            match kind {
                AggKind::Sum => G::Sum(items),
                AggKind::Count => G::Count(items),
                AggKind::NDistinct => G::NDistinct(items),
            }
        }
        _ => unreachable!("the analyzer only lets numbers here"),
    }
}

pub fn negate(op: BinOp) -> BinOp {
    match op {
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        other => other,
    }
}

pub fn arith(op: BinOp, a: i64, b: i64) -> i64 {
    match op {
        BinOp::Add => a.saturating_add(b),
        BinOp::Sub => a.saturating_sub(b),
        BinOp::Div => floor_div(a, b),
        BinOp::Mod => floor_mod(a, b),
        _ => a.saturating_mul(b),
    }
}

/// `a / k` rounded down (-7 / 2 is -4), saturating. The analyzer never lets `k` be 0; 0 is
/// answered 0 rather than a panic all the same.
pub fn floor_div(a: i64, k: i64) -> i64 {
    if k == 0 {
        return 0;
    }
    let q = a.saturating_div(k);
    if q.saturating_mul(k) != a && (a < 0) != (k < 0) {
        q - 1
    } else {
        q
    }
}

/// The remainder of `floor_div`: `a - k * (a / k)`, between 0 and k - 1 for k > 0 (and
/// between k + 1 and 0 for k < 0), as in Python.
pub fn floor_mod(a: i64, k: i64) -> i64 {
    if k == 0 {
        return 0;
    }
    let r = a.wrapping_rem(k);
    if r != 0 && (r < 0) != (k < 0) {
        r + k
    } else {
        r
    }
}

/// Whether `v` lies in one of the ranges.
pub fn contains(ranges: &[(i64, i64)], v: i64) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= v && v <= hi)
}

/// Every number (of i64) in none of the ranges, as ranges: `not in {1, 3}` is `in {..0, 2,
/// 4..}`. The complement of the complement is the set again.
pub fn complement(ranges: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    // The smallest number not yet covered, if any is left.
    let mut next = Some(i64::MIN);
    for &(lo, hi) in ranges {
        if let Some(n) = next
            && n < lo
        {
            out.push((n, lo - 1));
        }
        next = hi.checked_add(1);
    }
    if let Some(n) = next {
        out.push((n, i64::MAX));
    }
    out
}

pub fn compare(op: BinOp, a: i64, b: i64) -> bool {
    match op {
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        _ => a >= b,
    }
}

pub fn cmp(op: BinOp, l: G, r: G) -> G {
    match (op, l, r) {
        (op, G::Int(a), G::Int(b)) => G::Bool(compare(op, a, b)),
        // |x| <= r is convex: x <= r and -x <= r, two rows and no auxiliary (seed 000).
        (BinOp::Le | BinOp::Lt, G::Abs(x), r) => and(vec![
            cmp(op, (*x).clone(), r.clone()),
            cmp(op, G::Neg(x), r),
        ]),
        (BinOp::Ge | BinOp::Gt, l, G::Abs(x)) => and(vec![
            cmp(op, l.clone(), (*x).clone()),
            cmp(op, l, G::Neg(x)),
        ]),
        (op, l, r) => G::Cmp(op, Box::new(l), Box::new(r)),
    }
}

pub fn and(items: Vec<G>) -> G {
    let mut out = Vec::new();
    for i in items {
        match i {
            G::Bool(true) => {}
            G::Bool(false) => return G::Bool(false),
            G::And(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    match out.len() {
        0 => G::Bool(true),
        1 => out.pop().unwrap(),
        _ => G::And(out),
    }
}

pub fn or(items: Vec<G>) -> G {
    let mut out = Vec::new();
    for i in items {
        match i {
            G::Bool(false) => {}
            G::Bool(true) => return G::Bool(true),
            G::Or(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    match out.len() {
        0 => G::Bool(false),
        1 => out.pop().unwrap(),
        _ => G::Or(out),
    }
}

pub fn cells_of(g: &G) -> BTreeSet<Cell> {
    fn walk(g: &G, out: &mut BTreeSet<Cell>) {
        match g {
            G::Int(_) | G::Bool(_) => {}
            G::Val(c) => {
                out.insert(*c);
            }
            G::Neg(x) | G::Abs(x) | G::In(x, _) => walk(x, out),
            G::Arith(_, a, b) | G::Cmp(_, a, b) => {
                walk(a, out);
                walk(b, out);
            }
            G::And(v) | G::Or(v) | G::Sum(v) | G::Count(v) | G::NDistinct(v) => {
                v.iter().for_each(|x| walk(x, out))
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(g, &mut out);
    out
}

/// Evaluate a ground condition with `value(cell)` for every free cell (tables, domains).
pub fn eval_bool(g: &G, value: &dyn Fn(Cell) -> i64) -> bool {
    match g {
        G::Bool(b) => *b,
        G::Cmp(op, a, b) => compare(*op, eval_int(a, value), eval_int(b, value)),
        G::In(x, ranges) => contains(ranges, eval_int(x, value)),
        G::And(v) => v.iter().all(|x| eval_bool(x, value)),
        G::Or(v) => v.iter().any(|x| eval_bool(x, value)),
        _ => unreachable!("not a condition"),
    }
}

pub fn eval_int(g: &G, value: &dyn Fn(Cell) -> i64) -> i64 {
    match g {
        G::Int(v) => *v,
        G::Val(c) => value(*c),
        G::Neg(x) => eval_int(x, value).saturating_neg(),
        G::Abs(x) => eval_int(x, value).saturating_abs(),
        G::Arith(op, a, b) => arith(*op, eval_int(a, value), eval_int(b, value)),
        G::Sum(v) => v
            .iter()
            .map(|x| eval_int(x, value))
            .fold(0, i64::saturating_add),
        G::Count(v) => v.iter().filter(|x| eval_bool(x, value)).count() as i64,
        G::NDistinct(v) => v
            .iter()
            .map(|x| eval_int(x, value))
            .collect::<BTreeSet<_>>()
            .len() as i64,
        _ => unreachable!("not a number"),
    }
}

/// The negation of a ground condition, negations pushed down to comparisons.
pub fn negated(g: &G) -> G {
    match g {
        G::Bool(b) => G::Bool(!b),
        G::And(v) => or(v.iter().map(negated).collect()),
        G::Or(v) => and(v.iter().map(negated).collect()),
        G::Cmp(op, a, b) => G::Cmp(negate(*op), a.clone(), b.clone()),
        G::In(x, ranges) => G::In(x.clone(), complement(ranges)),
        _ => unreachable!("not a condition"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule_estimate(rule: &str) -> u128 {
        let text = format!("grid 9x9, boxes 3x3\nrule r: {rule}\n");
        let p = crate::analyze::analyze(&crate::parse::parse(&text).unwrap(), None).unwrap();
        match &p.rules[0].kind {
            crate::puzzle::RuleKind::Expr { expr, .. } => estimate(&p, expr),
            _ => unreachable!("an expression rule"),
        }
    }

    /// A filter on the binder's own cells is counted: one row of 81 cells is 9 members, and a
    /// pair binder over the row's cells 36, not 3,240. A filter that reads another binder's
    /// cell is bounded by the whole set.
    #[test]
    fn estimate_counts_what_a_data_filter_keeps() {
        // 9 members, each the filter (row(c) == 3: 3 terms) and the body (1).
        assert_eq!(
            rule_estimate("sum(c in cells where row(c) == 3: v[c]) == 45"),
            9 * 4 + 1 + 1 + 1
        );
        let pairs =
            rule_estimate("for (a, b) in cells where row(a) == 3 and row(b) == 3: v[a] != v[b]");
        assert_eq!(pairs, 36 * (3 + 7) + 1);
        let outer = rule_estimate(
            "for a in cells where row(a) == 3: sum(c in cells where col(c) < col(a): v[c]) > 0",
        );
        assert!(outer > 9 * 81, "{outer}");
    }
}
