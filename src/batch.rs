//! Batch solving: one model, a list of one-line puzzles, each solved and checked exactly as
//! `run --givens LINE` would, spread over a thread pool, the results handed back in input
//! order. A puzzle that cannot be read is an outcome like any other, so the rest go on.

use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::mpsc;
use std::time::Instant;

use crate::ModelErrors;
use crate::diagnostic::{self, Origin, Source};
use crate::puzzle::Formulation;
use crate::report::{self, Report};
use crate::solve::{self, Backend, Prepared};
use crate::verdict::{self, Goal, Status};

/// One puzzle of the list: the first whitespace-separated field of its line (the rest of the
/// line is free text, a name or a source, as in `bench/hard9x9.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in the file, counting blank and comment lines.
    pub line: usize,
    /// 1-based column (in characters) where the puzzle starts.
    pub column: usize,
    pub puzzle: String,
}

/// The puzzles of a list file. Blank lines and lines starting with `#` are skipped but keep
/// their line numbers. Lines are decoded one by one, so a stray byte that is not UTF-8 spoils
/// only its own line (it becomes U+FFFD, which that puzzle then reports as a bad character).
pub fn entries(bytes: &[u8]) -> Vec<Entry> {
    Entries::new(bytes)
        .map(|e| e.expect("a slice reads"))
        .collect()
}

/// `entries` as they are read from `reader`, one line at a time: a list of any length takes
/// the memory of its longest line, not of the whole file (a million 9x9s held at once took
/// 439 MB).
pub struct Entries<R> {
    reader: R,
    line: usize,
    buf: Vec<u8>,
}

impl<R: std::io::BufRead> Entries<R> {
    pub fn new(reader: R) -> Entries<R> {
        Entries {
            reader,
            line: 0,
            buf: Vec::new(),
        }
    }
}

impl<R: std::io::BufRead> Iterator for Entries<R> {
    type Item = std::io::Result<Entry>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            match read_line(&mut self.reader, &mut self.buf, self.line + 1) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            self.line += 1;
            let raw = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
            let text = String::from_utf8_lossy(raw);
            let body = text.trim_start();
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            let Some(puzzle) = body.split_whitespace().next() else {
                continue;
            };
            return Some(Ok(Entry {
                line: self.line,
                column: text.chars().count() - body.chars().count() + 1,
                puzzle: puzzle.to_string(),
            }));
        }
    }
}

/// The longest line a list may have: far past any way of writing a grid (a 256x256 with
/// commas is under 200 KB), and a bound on what one line can take, where a list with no line
/// ends (`--givens-file /dev/zero`) took memory until the allocator gave up.
pub const MAX_LINE: usize = 64 << 20;

/// `read_until(b'\n')` that stops with an error once the line passes `MAX_LINE` bytes.
fn read_line(
    reader: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    line: usize,
) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(read);
        }
        let (taken, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        buf.extend_from_slice(&chunk[..taken]);
        reader.consume(taken);
        read += taken;
        // Past the bound, whether or not the line's newline is in this chunk (the newline
        // itself does not count).
        if buf.len() - usize::from(done) > MAX_LINE {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("line {line} is longer than {} MiB", MAX_LINE >> 20),
            ));
        }
        if done {
            return Ok(read);
        }
    }
}

/// `--shard K/N`: keep the puzzles whose 0-based index among the list's puzzles is K modulo N,
/// so N machines given K = 0 … N-1 split one list between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub fn keeps(self, i: usize) -> bool {
        i % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not K/N (for example 0/4)"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{s}` is not K/N (for example 0/4): `{t}` is not a number"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 {
            return Err(format!("`{s}`: N must be at least 1"));
        }
        if index >= count {
            return Err(format!("`{s}`: K must be less than N (0 … {})", count - 1));
        }
        Ok(Shard { index, count })
    }
}

/// The question asked of every puzzle.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// `Solve`, or `Count(Some(n))` for `--count N` (`--unique` is 2).
    pub goal: Goal,
    pub time_limit: Option<f64>,
    pub formulation: Option<Formulation>,
}

/// A model ready to answer for many puzzles.
pub struct Batch<'b> {
    name: String,
    bytes: Vec<u8>,
    opts: Options,
    backend: &'b dyn Backend,
    /// The backend prepared once for the model's rules (they do not depend on the givens):
    /// the builtin search's compiled rules are shared by every puzzle.
    prepared: Box<dyn Prepared + 'b>,
    /// Grid width, for printing grids as rows.
    pub cols: usize,
    /// The model read once: a puzzle line only swaps its givens.
    base: crate::Puzzle,
}

/// Why a batch cannot start: the model itself is wrong, or the backend cannot take it.
#[derive(Debug)]
pub enum ModelError {
    Mistakes(ModelErrors),
    Backend(solve::Error),
}

impl<'b> Batch<'b> {
    /// Check the model once, with its own givens (a mistake there is the model's, not a
    /// puzzle's), and prepare the backend for its rules.
    pub fn new(
        name: &str,
        bytes: Vec<u8>,
        backend: &'b dyn Backend,
        opts: Options,
    ) -> Result<Batch<'b>, ModelError> {
        let mut puzzle = crate::load(name, &bytes, None).map_err(ModelError::Mistakes)?;
        crate::reformulate(&mut puzzle, opts.formulation);
        let prepared = backend.prepare(&puzzle).map_err(|e| match e {
            solve::Error::Model(d) => ModelError::Mistakes(crate::render_errors(
                vec![*d],
                name,
                &String::from_utf8_lossy(&bytes),
                None,
            )),
            other => ModelError::Backend(other),
        })?;
        Ok(Batch {
            name: name.to_string(),
            bytes,
            opts,
            backend,
            prepared,
            cols: puzzle.cols,
            base: puzzle,
        })
    }

    /// Solve one puzzle as `run --givens` would: read it into the model, solve, check every
    /// grid found, and say what that means.
    pub fn solve(&self, e: &Entry) -> Report {
        let start = Instant::now();
        let mut out = self.answer(e, start);
        out.line = Some(e.line);
        out.seconds = report::seconds(start.elapsed().as_secs_f64());
        out
    }

    fn answer(&self, e: &Entry, start: Instant) -> Report {
        let read;
        let swapped = self.line_givens(&e.puzzle);
        let (puzzle, givens) = match &swapped {
            Some(g) => (&self.base, g),
            None if e.puzzle.len() > 16 * self.base.rows * self.base.cols + 64 => {
                return self.too_long(e);
            }
            // Something is wrong with the line: read the model with it, as `run --givens`
            // does, for the very same message.
            None => match crate::load(&self.name, &self.bytes, Some(&e.puzzle)) {
                Ok(p) => {
                    read = p;
                    (&read, &read.givens)
                }
                Err(errs) => return self.unreadable(e, &errs),
            },
        };
        let deadline = self
            .opts
            .time_limit
            .and_then(|t| crate::solve::deadline_after(start, t));
        let name = self.backend.name();
        // A count lists its grids, as `run --json` does (one shape for both).
        let counting = matches!(self.opts.goal, Goal::Count(_));
        let mut grids = Vec::new();
        match verdict::decide_with(
            puzzle,
            givens,
            self.prepared.as_ref(),
            name,
            self.opts.goal,
            deadline,
            &mut |_, g| {
                if counting {
                    grids.push(report::rows(g, self.cols));
                }
                true
            },
        ) {
            Ok(v) => {
                let mut r = Report::from_verdict(&v, &self.name, self.cols, counting);
                if counting {
                    r.grids = Some(grids);
                }
                r
            }
            Err(err) => {
                let mut r = Report::error(&self.name, err.to_string());
                r.solver = Some(name);
                if let solve::Error::Hung { .. } = err {
                    r.status = Status::TimeLimit;
                }
                r
            }
        }
    }

    /// This line's givens for the model read once, without reading the model again (a tenth
    /// of a millisecond a line) or copying it (a copy and its drop were more than half of
    /// what a line cost around the search); None when the line has any mistake (a length, a
    /// character, a value out of range, two equal givens in one `distinct` area), which
    /// `load` then reports.
    fn line_givens(&self, line: &str) -> Option<Vec<Option<i64>>> {
        let base = &self.base;
        let n = base.rows * base.cols;
        let mut givens = Vec::with_capacity(n);
        for ch in line.chars() {
            // Too long: stop before the vector grows with the line (a 50 MB line took 800 MB).
            if givens.len() == n {
                return None;
            }
            let value = match ch {
                '.' => None,
                '0'..='9' => Some(i64::from(ch as u8 - b'0')),
                'A'..='Z' => Some(i64::from(ch as u8 - b'A') + 10),
                'a'..='z' => Some(i64::from(ch as u8 - b'a') + 10),
                _ => return None,
            };
            // `0` is an empty cell unless 0 is a value of the puzzle.
            let value = value.filter(|&v| v != 0 || base.lo <= 0);
            if value.is_some_and(|v| v < base.lo || v > base.hi) {
                return None;
            }
            givens.push(value);
        }
        if givens.len() != n {
            return None;
        }
        // Which area last had each value given (a stamp per area, so nothing is cleared).
        let range = usize::try_from(base.hi - base.lo + 1)
            .ok()
            .filter(|&r| r <= 1 << 16)?;
        let mut seen = vec![0usize; range];
        let mut stamp = 0;
        for rule in &base.rules {
            if let crate::puzzle::RuleKind::Distinct(areas) = &rule.kind {
                for area in areas {
                    stamp += 1;
                    for &c in &area.cells {
                        if let Some(v) = givens[c] {
                            let slot = &mut seen[(v - base.lo) as usize];
                            if *slot == stamp {
                                return None;
                            }
                            *slot = stamp;
                        }
                    }
                }
            }
        }
        Some(givens)
    }

    /// A line far longer than any way of writing the grid: `load`'s message about its length,
    /// without reading the model with it (a 50 MB line took 500 MB that way).
    fn too_long(&self, e: &Entry) -> Report {
        let commas = e.puzzle.contains(',');
        let found = if commas {
            e.puzzle.split(',').count()
        } else {
            e.puzzle.chars().count()
        };
        let kind = crate::diagnostic::ErrorKind::OneLineLength {
            expected: self.base.rows * self.base.cols,
            found,
            commas,
        };
        let mut out = Report::error(&self.name, kind.to_string());
        out.column = Some(e.column);
        out
    }

    /// The puzzle did not load: its first mistake, placed in the list file's line when it
    /// points into the puzzle (a bad character, a wrong length, givens that break a rule).
    fn unreadable(&self, e: &Entry, errs: &ModelErrors) -> Report {
        let (message, column) = match errs.diagnostics.first() {
            Some(d) if d.origin == Origin::GivensArg => {
                let (_, c) = diagnostic::line_col(&e.puzzle, d.span.start);
                (d.kind.to_string(), Some(e.column + c - 1))
            }
            Some(d) => {
                let text = String::from_utf8_lossy(&self.bytes);
                let src = Source {
                    name: &self.name,
                    text: &text,
                };
                (diagnostic::one_line(d, &src), None)
            }
            None => ("the puzzle could not be read".to_string(), None),
        };
        let mut out = Report::error(&self.name, message);
        out.column = column.or(Some(e.column));
        out
    }

    /// Solve every entry on `jobs` threads (rayon's default, one per core, when `None`) and
    /// hand each outcome to `each` on this thread, in input order, as soon as every outcome
    /// before it is in: a long list prints as it goes, and its output does not depend on
    /// which thread finished first. When `each` returns false (its reader has gone: `| head`)
    /// the workers stop after the puzzles they are on.
    pub fn solve_all(
        &self,
        list: &[Entry],
        jobs: Option<usize>,
        each: impl FnMut(Report) -> bool,
    ) -> Result<(), rayon::ThreadPoolBuildError> {
        self.solve_each(list.iter().cloned(), jobs, each)
    }

    /// `solve_all` over entries as they come (`Entries` reading a file): the workers take
    /// the next entry as they are free, but never more than `WINDOW` past the first one
    /// still to be handed to `each`, so the outcomes waiting for a slow puzzle before them
    /// stay few whatever the length of the list.
    pub fn solve_each(
        &self,
        list: impl Iterator<Item = Entry> + Send,
        jobs: Option<usize>,
        mut each: impl FnMut(Report) -> bool,
    ) -> Result<(), rayon::ThreadPoolBuildError> {
        // One job: solved here, in order. Through a worker and a channel, each puzzle woke
        // this thread to print it, which cost a fast 9x9 more than solving it did.
        if jobs == Some(1) {
            for entry in list {
                if !each(self.solve(&entry)) {
                    break;
                }
            }
            return Ok(());
        }
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(n) = jobs {
            builder = builder.num_threads(n);
        }
        let pool = builder.build()?;
        let window = WINDOW * pool.current_num_threads();
        // The entries still to take, the index of the next, and whether to stop; `handed`
        // (under the same lock) counts the outcomes given to `each`.
        struct Queue<I> {
            list: I,
            next: usize,
            handed: usize,
            stop: bool,
        }
        let queue = std::sync::Mutex::new(Queue {
            list,
            next: 0,
            handed: 0,
            stop: false,
        });
        let room = std::sync::Condvar::new();
        let (tx, rx) = mpsc::channel::<(usize, Report)>();
        std::thread::scope(|s| {
            let (queue, room) = (&queue, &room);
            s.spawn(move || {
                pool.broadcast(|_| {
                    let tx = tx.clone();
                    loop {
                        let taken = {
                            let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
                            while !q.stop && q.next >= q.handed + window {
                                q = room.wait(q).unwrap_or_else(|e| e.into_inner());
                            }
                            if q.stop {
                                None
                            } else {
                                let i = q.next;
                                q.list.next().map(|e| {
                                    q.next += 1;
                                    (i, e)
                                })
                            }
                        };
                        let Some((i, entry)) = taken else { break };
                        if tx.send((i, self.solve(&entry))).is_err() {
                            break;
                        }
                    }
                });
            });
            let mut waiting = BTreeMap::new();
            let mut want = 0;
            // Leaving the loop drops the receiver, and a worker's next send fails.
            'receive: for (i, out) in rx {
                waiting.insert(i, out);
                while let Some(out) = waiting.remove(&want) {
                    if !each(out) {
                        break 'receive;
                    }
                    want += 1;
                    queue.lock().unwrap_or_else(|e| e.into_inner()).handed = want;
                    room.notify_all();
                }
            }
            // Workers waiting for room must not wait for ever once this thread stops taking.
            queue.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
            room.notify_all();
        });
        Ok(())
    }
}

/// Outcomes a worker thread may run ahead of the first one not yet handed on.
const WINDOW: usize = 1024;
