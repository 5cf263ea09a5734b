//! The builtin search (`crate::search`) as a backend: nothing to install, no process to start,
//! so it answers the many small questions of the generator and the explanation fastest.

use std::path::PathBuf;
use std::time::Instant;

use super::{Backend, Error, Found, Prepared, Question, Statistics};
use crate::puzzle::Puzzle;
use crate::search;

/// sdkc's own exact search, on one thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct Builtin;

impl Backend for Builtin {
    fn name(&self) -> &'static str {
        "builtin"
    }

    fn locate(&self) -> Result<Option<PathBuf>, Error> {
        Ok(None)
    }

    fn version(&self) -> Option<String> {
        Some(env!("CARGO_PKG_VERSION").to_string())
    }

    fn prepare_until(
        &self,
        rules: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Box<dyn Prepared + '_>, Error> {
        Threaded(1).prepare_until(rules, deadline)
    }
}

/// The builtin search with proofs and counts on this many threads (`Settings::threads`,
/// `solve::backend`): the same answers, sooner on a machine with cores to spare.
#[derive(Debug, Clone, Copy)]
pub struct Threaded(pub usize);

impl Backend for Threaded {
    fn name(&self) -> &'static str {
        Builtin.name()
    }

    fn locate(&self) -> Result<Option<PathBuf>, Error> {
        Builtin.locate()
    }

    fn version(&self) -> Option<String> {
        Builtin.version()
    }

    fn prepare_until(
        &self,
        rules: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Box<dyn Prepared + '_>, Error> {
        let start = Instant::now();
        let model =
            search::Model::new_until(rules, deadline).map_err(|detail| Error::Unsupported {
                solver: "builtin",
                detail,
            })?;
        Ok(Box::new(PreparedSearch {
            model,
            threads: self.0,
            shape: super::Shape::of(rules),
            seconds: start.elapsed().as_secs_f64(),
        }))
    }
}

struct PreparedSearch {
    /// None: the deadline came before the rules were compiled.
    model: Option<search::Model>,
    /// Threads for a proof or a count.
    threads: usize,
    /// What a question must fit (`check_question`).
    shape: super::Shape,
    /// Compiling the rules, counted once, in the first answer's statistics.
    seconds: f64,
}

impl Prepared for PreparedSearch {
    fn grids_are_cheap(&self) -> bool {
        true
    }

    fn find(
        &self,
        givens: &[Option<i64>],
        q: &Question,
        each: &mut dyn FnMut(&[i64]) -> bool,
    ) -> Result<Found, Error> {
        self.shape.check(givens, q)?;
        let start = Instant::now();
        let Some(model) = &self.model else {
            return Ok(Found::out_of_time(Statistics {
                solves: 1,
                nodes: Some(0),
                prepare_seconds: self.seconds,
                ..Statistics::default()
            }));
        };
        // A forbidden grid is skipped when the search reaches it, and not counted: the search
        // meets each grid once, so asking for that many more finds the same grids otherwise.
        let limit = q.limit.map_or(0, |n| n + q.forbid.len());
        let mut count = 0;
        let out = model.solve_each(
            givens,
            &search::Options {
                limit,
                seed: q.random,
                deadline: q.deadline,
                exclude: q.exclude.clone(),
                prefer: q.prefer.clone(),
                learned: q.learned.clone(),
                race: q.race,
                threads: self.threads,
                any_order: q.any_order,
            },
            &mut |g| {
                if q.forbid.iter().any(|f| f == g) {
                    return true;
                }
                count += 1;
                each(g) && q.limit.is_none_or(|n| count < n)
            },
        );
        Ok(Found {
            count,
            timed_out: out.timed_out,
            statistics: Statistics {
                solves: 1,
                nodes: Some(out.nodes),
                prepare_seconds: self.seconds,
                solve_seconds: start.elapsed().as_secs_f64(),
                threads: out.threads,
                ..Statistics::default()
            },
        })
    }
}
