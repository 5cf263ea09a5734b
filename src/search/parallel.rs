//! A proof on several threads: the search tree split among them as they run out of work.
//!
//! One thread starts at the root, alone for its first 500 nodes (`WARMUP`); another with
//! nothing to do says so (`Pool::wants_work`), and the next node any busy thread visits hands
//! over the untried choices of its shallowest node that has some (`Search::donate`) as a
//! task: the domains of that node and the choices. Tasks from the top of a tree are its
//! largest parts, so a thread that takes one is busy for long, and it hands on parts of it in
//! turn. The cells' weights (dom/wdeg) are the pool's, learned by every thread. Every thread
//! keeps its own queues, supports and memos: they only ever describe the domains they were
//! made on, so they stay true when a thread jumps from one part of the tree to another, as
//! they do when it backtracks.
//!
//! Which grids the threads find first, and in what order, depends on their timing, so the
//! answer is taken from them only when it cannot: when they find no grid, or the one grid
//! there is (a proof of uniqueness, or that there is none), or two found by the first thread
//! before it handed out any work (its search is then the one-thread search, node for node).
//! When they find two otherwise, the one-thread search answers instead
//! (`Model::solve_each`), and a puzzle shows the same grids in the same order whatever the
//! number of threads. Only the nodes differ from run to run (they are summed over the
//! threads).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use super::{Frame, Model, Options, Outcome, Search, Word};

/// A part of the tree to search: a node's domains (after propagation) and the choices of it
/// still untried.
pub(super) struct Task<D> {
    doms: Vec<D>,
    choices: Vec<(u32, u32)>,
}

struct State<D> {
    tasks: Vec<Task<D>>,
    /// Threads waiting for a task.
    idle: usize,
    /// Every thread is idle and no task is left: the tree is searched.
    done: bool,
    grids: Vec<Vec<i64>>,
}

/// What the threads of one parallel search share.
pub(super) struct Pool<D> {
    state: Mutex<State<D>>,
    wake: Condvar,
    /// Idle threads for which no task waits: read at every node, so kept outside the lock.
    wanted: AtomicUsize,
    /// The search is over: enough grids, or the time limit.
    stop: AtomicBool,
    /// Work was handed out (the first thread's `WARMUP` is over).
    shared: AtomicBool,
    /// Threads started (the first counted from the start, so the others, idle until it
    /// hands out work, never find every thread idle before it has).
    threads: AtomicUsize,
    limit: usize,
    /// The cells' weights (dom/wdeg), learned by all the threads together.
    weight: Vec<AtomicU64>,
}

impl<D: Word> Pool<D> {
    fn new(limit: usize, cells: usize) -> Pool<D> {
        Pool {
            state: Mutex::new(State {
                tasks: Vec::new(),
                idle: 0,
                done: false,
                grids: Vec::new(),
            }),
            wake: Condvar::new(),
            wanted: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            shared: AtomicBool::new(false),
            threads: AtomicUsize::new(1),
            limit,
            weight: (0..cells).map(|_| AtomicU64::new(1)).collect(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<D>> {
        // A thread that panicked left a state that is still a state (its panic is passed on
        // when it is joined).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether a thread at its `nodes`-th node should hand out work.
    // (`WARMUP` is 0 in the unit tests.)
    #[allow(clippy::absurd_extreme_comparisons)]
    pub(super) fn wants_work(&self, nodes: u64) -> bool {
        self.wanted.load(Ordering::Relaxed) > 0
            && (nodes >= WARMUP || self.shared.load(Ordering::Relaxed))
    }

    pub(super) fn blame(&self, c: u32) {
        // (One add, however many threads blame at once: 64 bits never wrap, and a thread's
        // own weights saturate at `u32::MAX` as on one thread, where 0 would never be chosen.)
        self.weight[c as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Every weight halved (`HALVE_WEIGHTS`), each in one atomic step: a failure another
    /// thread adds meanwhile is halved or not, never lost.
    pub(super) fn halve(&self) {
        for w in &self.weight {
            let _ = w.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| {
                Some(v.div_ceil(2))
            });
        }
    }

    pub(super) fn weights(&self, weight: &mut [u32]) {
        for (w, g) in weight.iter_mut().zip(&self.weight) {
            *w = g.load(Ordering::Relaxed).min(u32::MAX as u64) as u32;
        }
    }

    fn end(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.lock().done = true;
        self.wake.notify_all();
    }

    fn update(&self, st: &State<D>) {
        self.wanted
            .store(st.idle.saturating_sub(st.tasks.len()), Ordering::Relaxed);
    }

    fn give(&self, task: Task<D>) {
        self.shared.store(true, Ordering::Relaxed);
        let mut st = self.lock();
        st.tasks.push(task);
        self.update(&st);
        drop(st);
        self.wake.notify_one();
    }

    /// A grid found; false once there are as many as asked (the search then stops).
    fn found(&self, grid: &[i64]) -> bool {
        let mut st = self.lock();
        st.grids.push(grid.to_vec());
        let more = st.grids.len() < self.limit;
        drop(st);
        if !more {
            self.end();
        }
        more
    }

    /// The next task, or None when the search is over.
    fn next(&self) -> Option<Task<D>> {
        let mut st = self.lock();
        loop {
            if st.done || self.stopped() {
                return None;
            }
            if let Some(t) = st.tasks.pop() {
                self.update(&st);
                return Some(t);
            }
            st.idle += 1;
            if st.idle == self.threads.load(Ordering::SeqCst) {
                st.done = true;
                self.update(&st);
                drop(st);
                self.wake.notify_all();
                return None;
            }
            self.update(&st);
            st = self.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            st.idle -= 1;
        }
    }
}

/// Nodes the first thread searches alone before it hands out work: dom/wdeg's weights need
/// failures before they choose well, and the top of a part of the tree, chosen first by the
/// thread that takes it, decides its size. Mathemagic's 14 hard killers on two threads, in
/// seconds summed over the 14 (one run each, the machine shared; one thread took 82 s):
/// from the first node 58 s and 53 s; after 1,000 nodes 38 s, 2,000 36 s, 3,000 35 s, 5,000
/// 41 s (47 and 42 s in earlier runs). But the first thread alone is all there is of a
/// smaller proof: best of 3, Wecoc #2 (3,997 nodes on one thread) 0.26 s after 5,000 nodes,
/// 0.15 s after 2,000 and 0.14 s after 1,000; Wecoc #1 [mod A] 0.44, 0.26 and 0.24 s.
/// Since a failure weighs only its fixed cells (`Search::blame`) the weights choose well
/// sooner (the 14 summed, `sdkc run FILE --unique --solver builtin -s -p 2` each, the
/// settings taking turns, two runs each or four, 2026-12-07): from the first node 17.6 and 16.8
/// s; after 100 nodes 14.6 and 14.8 s; 200 14.1, 14.4, 13.7, 13.8; 500 14.4, 14.2; 1,000
/// 13.7, 14.5; 2,000 15.7, 16.7, 15.4, 14.9; 8,000 16.0, 16.2. The 45 killers 1.4 -> 1.2 s
/// from 2,000 to 500, the library 0.4 -> 0.3 s.
#[cfg(not(test))]
const WARMUP: u64 = 500;
/// (The unit tests below hand out work from the first node: the most splitting, on small
/// trees; `tests/threads.rs` runs the binary, with the warm-up.)
#[cfg(test)]
const WARMUP: u64 = 0;

/// Ends a pool's search when dropped by a panicking thread.
struct EndOnPanic<'p, D: Word>(&'p Pool<D>);

impl<D: Word> Drop for EndOnPanic<'_, D> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.end();
        }
    }
}

impl<D: Word> Search<'_, '_, D> {
    /// Hand the untried choices of the shallowest node that has some to an idle thread.
    pub(super) fn donate(&mut self, pool: &Pool<D>) {
        let Some(f) = self.frames.iter_mut().find(|f| f.next < f.choices.len()) else {
            return;
        };
        let choices = f.choices.split_off(f.next);
        pool.give(Task {
            doms: f.doms.clone(),
            choices,
        });
    }

    /// Search a task's choices, from its node's domains.
    fn task(&mut self, t: Task<D>) {
        self.count_places(&t.doms);
        self.frames.push(Frame {
            doms: t.doms,
            choices: t.choices,
            next: 0,
        });
        self.branch(0);
        self.frames.clear();
    }
}

impl Model {
    /// `solve_each`'s search on `threads` threads, when the answer cannot depend on their
    /// timing: the grid found, if any, and the outcome; or, when they found two (the caller
    /// asks the one-thread search), what they cost and the grids.
    pub(super) fn parallel<D: Word + Sync>(
        &self,
        givens: &[Option<i64>],
        opts: &Options,
        threads: usize,
    ) -> Result<(Vec<Vec<i64>>, Outcome), Outcome> {
        // (At two grids the one-thread search answers: no need to look for more; unless any
        // order will do, and every grid may be found.)
        let cap = if opts.any_order {
            opts.limit
        } else {
            opts.limit.clamp(1, 2)
        };
        let pool = Pool::<D>::new(cap, self.unary.len());
        let work = |first: bool| {
            // A thread that panics ends the search, so that the others stop and the panic is
            // passed on when it is joined (else they would wait for its work forever).
            let _ending = EndOnPanic(&pool);
            let mut out = Outcome::default();
            let mut each = |g: &[i64]| pool.found(g);
            let mut s = self.searcher::<D>(opts, &mut each, &mut out);
            s.share = Some(&pool);
            // (The pool counts the grids: a thread alone never reaches the limit.)
            s.limit = usize::MAX;
            if first {
                let mut doms: Vec<D> = self.initial(givens, &opts.exclude);
                s.count_places(&doms);
                if doms.iter().all(|&d| d != D::ZERO) && s.propagate(&mut doms) {
                    s.dfs(doms);
                }
            }
            while !s.stop {
                let Some(t) = pool.next() else { break };
                s.task(t);
            }
            if s.out.timed_out {
                pool.end();
            }
            drop(s);
            out
        };
        let outs: Vec<Outcome> = std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map_while(|_| {
                    pool.threads.fetch_add(1, Ordering::SeqCst);
                    let t = std::thread::Builder::new()
                        // (The main thread's stack: the search recurses once a node.)
                        .stack_size(8 << 20)
                        .spawn_scoped(scope, || work(false));
                    if t.is_err() {
                        // (No thread to be had: the ones there are.)
                        pool.threads.fetch_sub(1, Ordering::SeqCst);
                    }
                    t.ok()
                })
                .collect();
            let mut outs = vec![work(true)];
            for t in others {
                // (A panic in another thread is a bug: passed on as one.)
                outs.push(t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            outs
        });
        let mut total = Outcome {
            threads: Some(outs.len()).filter(|&n| n > 1),
            ..Outcome::default()
        };
        for o in &outs {
            total.nodes += o.nodes;
            total.timed_out |= o.timed_out;
        }
        let mut grids = std::mem::take(&mut pool.lock().grids);
        // (Two threads may each bring a grid at once; a time limit keeps what came.)
        grids.truncate(opts.limit.max(1));
        // Two grids or more: which, and in what order, depends on the threads' timing; unless
        // the first thread found them alone, before it handed out any work: its search is
        // then the one-thread search, node for node, and `--unique` is answered.
        let alone = !pool.shared.load(Ordering::Relaxed);
        // Every grid, when any order will do: sorted, they are the same on any number of
        // threads.
        if opts.any_order && grids.len() < opts.limit && !total.timed_out {
            grids.sort();
            total.found = grids.len();
            return Ok((grids, total));
        }
        if grids.len() >= 2 && !total.timed_out && !(alone && opts.limit == 2) {
            total.found = grids.len();
            total.solutions = grids;
            return Err(total);
        }
        total.found = grids.len();
        Ok((grids, total))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::model;
    use super::super::{Model, Options, Outcome};

    /// Tarek's killer 39 (`examples/killers/`): thousands of nodes, enough for every thread
    /// to take work from the others.
    const KILLER: &str = include_str!("../../examples/killers/tarek-39.sdk");

    fn solve(m: &Model, limit: usize, threads: usize) -> Outcome {
        let opts = Options {
            limit,
            threads,
            ..Options::default()
        };
        m.solve(&vec![None; 81], &opts)
    }

    /// The same grids, counted the same, on one thread and on two to four.
    /// The one-thread grids of the first limit.
    fn agree(text: &str, limits: &[usize]) -> Vec<Vec<i64>> {
        let m = model(text);
        let mut first = None;
        for &limit in limits {
            let one = solve(&m, limit, 1);
            for threads in 2..=4 {
                let more = solve(&m, limit, threads);
                assert_eq!(
                    more.solutions, one.solutions,
                    "limit {limit}, {threads} threads"
                );
                assert_eq!(more.found, one.found, "limit {limit}, {threads} threads");
                assert!(!more.timed_out);
                assert!(more.nodes > 0);
            }
            first.get_or_insert(one.solutions);
        }
        first.unwrap_or_default()
    }

    #[test]
    fn a_proof_on_threads_is_the_proof_on_one() {
        let grids = agree(KILLER, &[2, 10]);
        assert_eq!(grids.len(), 1);
    }

    #[test]
    fn threads_that_find_no_grid_prove_there_is_none() {
        // Its grid has 1 and 5 there (`tests/expected/killers/tarek-39.txt`).
        let text = format!("{KILLER}\nrule cage(3, r9c8 r9c9)\n");
        assert!(agree(&text, &[2]).is_empty());
    }

    /// Without its first eight cages the killer has many grids: the first two (or five) of
    /// the one-thread search's order, whatever the threads.
    #[test]
    fn more_grids_than_one_are_those_of_one_thread() {
        let mut cages = 0;
        let text: String = KILLER
            .lines()
            .filter(|l| {
                cages += l.starts_with("rule cage") as usize;
                !l.starts_with("rule cage") || cages > 8
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(agree(&text, &[2, 5]).len(), 2);
        let m = model(&text);
        assert_eq!(solve(&m, 5, 3).solutions, solve(&m, 5, 1).solutions);
        assert_eq!(solve(&m, 5, 1).found, 5);
    }
}
