//! The generator (seed 004, for any rule set and size): a full grid that satisfies every
//! rule, then its cells in a random order, each clue dropped when the puzzle stays unique.
//! What is left is irreducible: every clue is needed. Before a puzzle is handed out, `verify`
//! proves that by a different question than the one that dug it.
//!
//! Everything random comes from the seed and the puzzle's index, so a list of puzzles is the
//! same however many threads made it.

use std::time::{Duration, Instant};

use crate::check;
use crate::emit::Format;
use crate::engine::{self, Backend, Error};
use crate::puzzle::{Cell, Puzzle};
use crate::search;
use crate::solve::{self, Outcome};

#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub backend: Backend,
    pub seed: u64,
    /// Random orders tried per puzzle; the one with the fewest clues is kept.
    pub tries: usize,
    /// Seconds each solver question may take.
    pub time_limit: Option<f64>,
}

impl Settings {
    /// When a question asked now must end.
    fn deadline(&self) -> Option<Instant> {
        self.time_limit
            .map(|t| Instant::now() + Duration::from_secs_f64(t))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The puzzle's givens, one entry per cell.
    pub givens: Vec<Option<i64>>,
    /// Its only solution.
    pub solution: Vec<i64>,
    pub clues: usize,
    /// Solver questions asked (grid, then one per clue considered).
    pub questions: usize,
    pub seconds: f64,
}

/// A small, fast, seedable generator (SplitMix64): the orders and weights need to be
/// reproducible, not cryptographic.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

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

/// Generate puzzle number `index` for the rules of `p` (its own givens are ignored).
pub fn generate(p: &Puzzle, index: u64, s: &Settings) -> Result<Generated, Error> {
    let start = Instant::now();
    let mut rules = p.clone();
    rules.givens = vec![None; p.cell_count()];
    let model = match s.backend {
        Backend::Builtin => Some(search::Model::new(&rules).map_err(Error::Builtin)?),
        Backend::Mip(..) => None,
    };
    let Some(solution) = full_grid(&rules, model.as_ref(), s, stream(s.seed, index, 0))? else {
        return Err(Error::Builtin(
            "the rules have no solution, so there is no puzzle to make".into(),
        ));
    };
    let mut questions = 1;
    let mut best: Option<Vec<Option<i64>>> = None;
    for t in 0..s.tries.max(1) {
        let mut order: Vec<Cell> = (0..p.cell_count()).collect();
        Rng::new(stream(s.seed, index, 1 + t as u64)).shuffle(&mut order);
        let mut givens: Vec<Option<i64>> = solution.iter().map(|&v| Some(v)).collect();
        for c in order {
            let value = solution[c];
            givens[c] = None;
            questions += 1;
            if !unique_without(&rules, model.as_ref(), &givens, c, value, s)? {
                givens[c] = Some(value);
            }
        }
        let clues = givens.iter().flatten().count();
        if best
            .as_ref()
            .is_none_or(|b| clues < b.iter().flatten().count())
        {
            best = Some(givens);
        }
    }
    let givens = best.expect("at least one try");
    Ok(Generated {
        clues: givens.iter().flatten().count(),
        givens,
        solution,
        questions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A random grid that satisfies every rule: the builtin search with a shuffled value order,
/// or CBC / HiGHS with one random row fixed.
fn full_grid(
    rules: &Puzzle,
    model: Option<&search::Model>,
    s: &Settings,
    seed: u64,
) -> Result<Option<Vec<i64>>, Error> {
    let deadline = s.deadline();
    match (s.backend, model) {
        (Backend::Builtin, Some(m)) => {
            let out = m.solve(
                &rules.givens,
                &search::Options {
                    limit: 1,
                    seed: Some(seed),
                    deadline,
                    ..Default::default()
                },
            );
            Ok(out.solutions.into_iter().next())
        }
        (Backend::Mip(solver, format), _) => {
            // Seed 004 suggests random objective weights, but then the solver has to prove an
            // optimum: 11 s for a 9x9 with HiGHS with weights on every column, 1 s with a
            // preferred row. Fixing one random row to a random permutation of the values is as
            // different from seed to seed (9! rows for a 9x9) and leaves a feasibility
            // problem (0.03 s). Rules that forbid that row get half of it, then none of it,
            // then a search with no fixed cells: still seeded, still the same on every run.
            let mut rng = Rng::new(seed);
            let mut values: Vec<i64> = rules.values().collect();
            rng.shuffle(&mut values);
            let row = rng.below(rules.rows);
            let cells: Vec<(Cell, i64)> = (0..rules.cols)
                .zip(values)
                .map(|(col, v)| (rules.cell(row, col), v))
                .collect();
            for fixed in [cells.len(), cells.len() / 2, 0] {
                let mut q = rules.clone();
                for &(c, v) in &cells[..fixed] {
                    q.givens[c] = Some(v);
                }
                let mip = engine::lower(&q, solver)?;
                if let Some(values) = run(&mip, solver, format, s.time_limit)? {
                    let grid = solve::decode(&mip, &values).map_err(|detail| Error::Decode {
                        solver: solver.name(),
                        detail,
                    })?;
                    return Ok(Some(grid));
                }
            }
            Ok(None)
        }
        (Backend::Builtin, None) => unreachable!("the builtin backend comes with its model"),
    }
}

/// Whether the puzzle with `givens` (cell `c` now open) still has only the solution with
/// `value` at `c`: is there a solution with another value there? (Seed 004 asks the same
/// question as "minimise x[c, value]: is the optimum 1?".)
fn unique_without(
    rules: &Puzzle,
    model: Option<&search::Model>,
    givens: &[Option<i64>],
    c: Cell,
    value: i64,
    s: &Settings,
) -> Result<bool, Error> {
    let deadline = s.deadline();
    match (s.backend, model) {
        (Backend::Builtin, Some(m)) => {
            let out = m.solve(
                givens,
                &search::Options {
                    limit: 1,
                    deadline,
                    exclude: vec![(c, value)],
                    ..Default::default()
                },
            );
            // Out of time: keep the clue (the puzzle stays unique either way).
            Ok(out.solutions.is_empty() && !out.timed_out)
        }
        (Backend::Mip(solver, format), _) => {
            let mut q = rules.clone();
            q.givens = givens.to_vec();
            let mut mip = engine::lower(&q, solver)?;
            engine::forbid_values(&mut mip, &[(c, value)], "other_value");
            Ok(run(&mip, solver, format, s.time_limit)?.is_none())
        }
        (Backend::Builtin, None) => unreachable!("the builtin backend comes with its model"),
    }
}

/// Solve once: the values, or None when infeasible. A time limit counts as "not proven".
fn run(
    mip: &crate::mip::Mip,
    solver: solve::Solver,
    format: Format,
    time_limit: Option<f64>,
) -> Result<Option<Vec<f64>>, Error> {
    let r = solve::solve(
        mip,
        &solve::Options {
            solver,
            format,
            time_limit,
            below: None,
        },
    )?;
    match r.outcome {
        Outcome::Solved(v) | Outcome::Stopped(v) => Ok(Some(v)),
        Outcome::Infeasible => Ok(None),
        Outcome::TimeLimit => Err(Error::Solve(solve::SolveError::Hung {
            solver,
            seconds: time_limit.unwrap_or(0.0),
        })),
    }
}

/// Prove a generated puzzle before it is written, by whole-puzzle counts with the builtin
/// search rather than the per-clue question that dug it: the solution satisfies every rule
/// (the checker) and keeps the givens; the puzzle has exactly one solution; and without any
/// one of its clues, at least two. An error here is a bug in sdkc.
pub fn verify(p: &Puzzle, g: &Generated) -> Result<(), String> {
    let mut q = p.clone();
    q.givens = g.givens.clone();
    let broken = check::check(&q, &g.solution);
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
    let count = |q: &Puzzle| -> Result<Vec<Vec<i64>>, String> {
        let found = engine::find(q, None, Backend::Builtin, 2, None).map_err(|e| e.to_string())?;
        Ok(found.solutions)
    };
    let found = count(&q)?;
    if found != [g.solution.clone()] {
        return Err(format!(
            "the puzzle has {} solutions, not exactly the one generated",
            found.len()
        ));
    }
    for c in 0..g.givens.len() {
        if g.givens[c].is_none() {
            continue;
        }
        let mut r = q.clone();
        r.givens[c] = None;
        if count(&r)?.len() < 2 {
            return Err(format!(
                "the clue at {} can be removed and the puzzle stays unique: it is not irreducible",
                p.cell_name(c)
            ));
        }
    }
    Ok(())
}

/// A puzzle in the one-line form: a character per cell, `.` for an open one.
pub fn one_line(givens: &[Option<i64>]) -> String {
    givens
        .iter()
        .map(|g| g.map_or('.', crate::puzzle::value_char))
        .collect()
}
