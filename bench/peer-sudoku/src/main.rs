//! sdkc's builtin search and generator side by side with the `sudoku` crate (0.8, a
//! JCZSolve-style bitset solver and a dig-out generator), in one run.
//!
//! ```text
//! cargo build --release                           # in the repository root: target/release/sdkc
//! cd bench/peer-sudoku && cargo run --release     # prints the markdown tables
//! ```
//!
//! Options (after `--`): `--seconds S` (time per side in parts 1 and 2, default 2),
//! `--runs N` (whole-process runs per command in part 3, default 30),
//! `--puzzles FILE` (default `bench/hard9x9.txt`), `--model FILE` (default
//! `examples/classic.sdk`). Paths are relative to the repository root, where every command
//! runs.
//!
//! 1. **Uniqueness, in process.** Every puzzle of the list, count up to 2 solutions:
//!    - sdkc `search::Model` compiled once from the model, then per puzzle the 81 characters
//!      turned into givens (by this program: sdkc has no public one-line parser that does not
//!      re-read the model) and `Model::solve(&givens, &Options { limit: 2, .. })`;
//!    - sdkc `Builtin.prepare(&rules)` once, then `Prepared::find(&givens, &Question::up_to(2))`
//!      (the public backend surface; the same search behind a trait object);
//!    - sdkc `batch::Batch::solve(&Entry)`: what `sdkc run --givens-file` does per puzzle
//!      (`sdkc::load` of the model with the line as givens, `verdict::decide`, every grid
//!      checked);
//!    - `sudoku::Sudoku::from_str_line(line)` + `solutions_up_to(2)`.
//!
//!    Passes over the whole file are repeated until each side has run `--seconds`, the sides
//!    taking turns in tenths of that (so a slower moment of the machine touches them alike);
//!    each puzzle's time is its mean over the passes; the table gives the mean and the median
//!    of those per-puzzle times. Every side must find exactly one solution, the same one.
//! 2. **Generator, 9x9, one thread.** sdkc `generate::generate` (random full grid, then each
//!    cell in random order dropped when the puzzle stays unique: irreducible), with and
//!    without the `generate::verify_with` proof that `sdkc generate` adds, against the sudoku
//!    crate's `Sudoku::generate_with_symmetry_and_rng_from(generate_solved_with_rng(..),
//!    Symmetry::None, ..)` (the same algorithm: irreducible) and its default
//!    `Sudoku::generate()` (180° symmetric, minimal only up to the symmetry). Puzzles per
//!    second until `--seconds` each, taking turns likewise; a sample of each side's puzzles
//!    is checked unique by the other. Then `sdkc generate MODEL -n 50 -j 1` as a whole
//!    process against this program's own `generate 50` mode (the crate's no-symmetry
//!    generator as a whole process), best of `--runs` (at most 10), taking turns.
//! 3. **Batch, whole processes.** `target/release/sdkc run --solver builtin --unique
//!    --givens-file LIST MODEL` (with `-j 1` and with the default one thread per core) against
//!    this program's own `batch LIST` mode, which reads the list and proves each line unique
//!    with the sudoku crate, printing the same `LINE unique SOLUTION` lines; the best (and
//!    the median) wall time of `--runs` runs, the commands taking turns, per puzzle, and the
//!    same with a list of no puzzles (the fixed cost of starting and reading the model). The
//!    outputs must agree.
//!
//! Note: the `sudoku` crate is AGPL-3.0; this program is a separate benchmark, not part of
//! sdkc, and nothing of it is linked into sdkc.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;
use sdkc::{Backend, Builtin, Puzzle, Question};

struct Args {
    seconds: f64,
    runs: usize,
    puzzles: String,
    model: String,
}

fn args() -> Args {
    let mut a = Args {
        seconds: 2.0,
        runs: 30,
        puzzles: "bench/hard9x9.txt".into(),
        model: "examples/classic.sdk".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--seconds" => a.seconds = value().parse().expect("--seconds S"),
            "--runs" => a.runs = value().parse().expect("--runs N"),
            "--puzzles" => a.puzzles = value(),
            "--model" => a.model = value(),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

/// The repository root: two levels above this project.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// The puzzles of a list file: the first field of each line that is not blank or a comment,
/// with its 1-based line number (as `sdkc::batch::entries` reads it).
fn puzzles(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let l = l.trim_start();
            if l.is_empty() || l.starts_with('#') {
                return None;
            }
            Some((i + 1, l.split_whitespace().next()?.to_string()))
        })
        .collect()
}

/// A one-line 9x9 puzzle as sdkc givens: `.` or `0` open, a digit given.
fn givens_of(line: &str) -> Vec<Option<i64>> {
    assert_eq!(line.len(), 81, "not an 81-character puzzle: {line}");
    line.bytes()
        .map(|b| match b {
            b'.' | b'0' => None,
            b'1'..=b'9' => Some(i64::from(b - b'0')),
            _ => panic!("bad character {:?} in {line}", b as char),
        })
        .collect()
}

fn grid_line(g: &[i64]) -> String {
    g.iter().map(|&v| char::from(b'0' + v as u8)).collect()
}

fn sudoku_line(s: &sudoku::Sudoku) -> String {
    s.to_bytes().iter().map(|&v| char::from(b'0' + v)).collect()
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// How many time slices each side's budget is cut into: the sides take turns, slice by slice,
/// so a change in the machine's speed (another process, the clock) touches them alike.
const SLICES: usize = 10;

/// Per-puzzle mean times in seconds of each side, and its pass count: after one warm-up pass,
/// the sides take turns running whole passes over the `n` puzzles, a slice of `budget` at a
/// time, until each has run `budget` seconds (and at least 3 passes). `side(i)` answers
/// puzzle `i`.
fn per_puzzle(
    n: usize,
    budget: f64,
    sides: &mut [&mut dyn FnMut(usize)],
) -> Vec<(Vec<f64>, usize)> {
    for side in sides.iter_mut() {
        for i in 0..n {
            side(i);
        }
    }
    let mut total = vec![vec![0.0; n]; sides.len()];
    let mut passes = vec![0usize; sides.len()];
    let mut spent = vec![0.0; sides.len()];
    let slice = budget / SLICES as f64;
    while (0..sides.len()).any(|k| spent[k] < budget || passes[k] < 3) {
        for (k, side) in sides.iter_mut().enumerate() {
            if spent[k] >= budget && passes[k] >= 3 {
                continue;
            }
            let start = Instant::now();
            while start.elapsed().as_secs_f64() < slice || passes[k] < 3 {
                for (i, t) in total[k].iter_mut().enumerate() {
                    let s = Instant::now();
                    side(i);
                    *t += s.elapsed().as_secs_f64();
                }
                passes[k] += 1;
                if start.elapsed().as_secs_f64() >= slice {
                    break;
                }
            }
            spent[k] += start.elapsed().as_secs_f64();
        }
    }
    total
        .into_iter()
        .zip(passes)
        .map(|(t, p)| (t.iter().map(|x| x / p as f64).collect(), p))
        .collect()
}

/// Puzzles made per second by each side, its mean clue count and how many it made: the sides
/// take turns a slice of `budget` at a time until each has run `budget` seconds (and made at
/// least 10). `side(i)` makes puzzle `i` and returns its clue count.
fn rate(budget: f64, sides: &mut [&mut dyn FnMut(u64) -> usize]) -> Vec<(f64, f64, u64)> {
    for side in sides.iter_mut() {
        side(u64::MAX); // warm-up
    }
    let k_all = sides.len();
    let (mut made, mut clues, mut spent) =
        (vec![0u64; k_all], vec![0usize; k_all], vec![0.0; k_all]);
    let slice = budget / SLICES as f64;
    while (0..k_all).any(|k| spent[k] < budget || made[k] < 10) {
        for (k, side) in sides.iter_mut().enumerate() {
            if spent[k] >= budget && made[k] >= 10 {
                continue;
            }
            let start = Instant::now();
            while start.elapsed().as_secs_f64() < slice || made[k] < 10 {
                clues[k] += side(made[k]);
                made[k] += 1;
            }
            spent[k] += start.elapsed().as_secs_f64();
        }
    }
    (0..k_all)
        .map(|k| {
            (
                made[k] as f64 / spent[k],
                clues[k] as f64 / made[k] as f64,
                made[k],
            )
        })
        .collect()
}

/// `batch LIST`: the whole-process peer of `sdkc run --unique --givens-file LIST`.
fn batch(list: &str) {
    use std::io::Write;
    let text = std::fs::read_to_string(list).expect("the list can be read");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (line, p) in puzzles(&text) {
        let s = sudoku::Sudoku::from_str_line(&p).expect("a one-line sudoku");
        let sols = s.solutions_up_to(2);
        let status = match sols.len() {
            0 => "infeasible",
            1 => "unique",
            _ => "multiple",
        };
        let grid = sols.first().map(sudoku_line).unwrap_or_default();
        writeln!(out, "{line} {status} {grid}").unwrap();
    }
}

/// Run each command `runs` times (after one warm-up each), taking turns, each run's output
/// captured; per command, the best and the median wall time in seconds and the last run's
/// standard output. The best is what the table divides: on a shared machine other processes
/// only ever add time, and the best of many runs is the least disturbed.
fn whole_process(cmds: &[&[String]], runs: usize) -> Vec<(f64, f64, String)> {
    let run = |cmd: &[String]| {
        let start = Instant::now();
        let out = Command::new(&cmd[0])
            .args(&cmd[1..])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .expect("the command starts");
        (start.elapsed().as_secs_f64(), out)
    };
    cmds.iter().for_each(|c| drop(run(c)));
    let mut times = vec![Vec::new(); cmds.len()];
    let mut last = vec![String::new(); cmds.len()];
    for _ in 0..runs {
        for (k, c) in cmds.iter().enumerate() {
            let (t, out) = run(c);
            times[k].push(t);
            last[k] = String::from_utf8_lossy(&out.stdout).into_owned();
        }
    }
    times
        .iter()
        .zip(last)
        .map(|(t, out)| {
            (
                t.iter().cloned().fold(f64::INFINITY, f64::min),
                median(t),
                out,
            )
        })
        .collect()
}

/// The `LINE STATUS SOLUTION` lines of a batch's output, sorted.
fn outcome_lines(out: &str) -> Vec<String> {
    let mut v: Vec<String> = out
        .lines()
        .filter(|l| l.split_whitespace().count() == 3)
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    v.sort();
    v
}

fn us(s: f64) -> String {
    format!("{:.1}", s * 1e6)
}

/// `generate N`: the whole-process peer of `sdkc generate MODEL -n N -j 1`: N irreducible
/// puzzles with no symmetry (the same algorithm as sdkc's), one line each.
fn generate(n: usize) {
    use std::io::Write;
    let mut rng = StdRng::seed_from_u64(1);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..n {
        let full = sudoku::Sudoku::generate_solved_with_rng(&mut rng);
        let p = sudoku::Sudoku::generate_with_symmetry_and_rng_from(
            full,
            sudoku::Symmetry::None,
            &mut rng,
        );
        writeln!(out, "{}", p.to_str_line()).unwrap();
    }
}

fn main() {
    let mut argv = std::env::args().skip(1);
    match argv.next().as_deref() {
        Some("batch") => return batch(&argv.next().expect("batch LIST")),
        Some("generate") => {
            let n = argv
                .next()
                .and_then(|n| n.parse().ok())
                .expect("generate N");
            return generate(n);
        }
        _ => {}
    }
    let a = args();
    let root = root();
    std::env::set_current_dir(&root).expect("cd to the repository root");
    let sdkc_bin = root.join("target/release/sdkc");
    let me = std::env::current_exe().expect("this program's path");

    let model_bytes = std::fs::read(&a.model).expect("the model can be read");
    let puzzle: Puzzle = match sdkc::load(&a.model, &model_bytes, None) {
        Ok(p) => p,
        Err(e) => panic!("{}", e.rendered.concat()),
    };
    assert_eq!((puzzle.rows, puzzle.cols), (9, 9), "a 9x9 model");
    let mut rules = puzzle.clone();
    rules.givens = vec![None; 81];
    let list_text = std::fs::read_to_string(&a.puzzles).expect("the list can be read");
    let list = puzzles(&list_text);
    let n = list.len();

    println!("# sdkc vs the `sudoku` crate (0.8.0)\n");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    if !load.is_empty() {
        println!(
            "Load average at the start: {} (this machine: {} cores); numbers taken on a busy machine are noisier.\n",
            load.join(" "),
            std::thread::available_parallelism().map_or(1, |c| c.get())
        );
    }
    println!(
        "Model `{}`, {} puzzles from `{}`; {} s per side in parts 1 and 2, best of {} runs in part 3; one thread unless said.\n",
        a.model, n, a.puzzles, a.seconds, a.runs
    );

    // ---- 1. uniqueness, in process ----
    let t = Instant::now();
    let model = sdkc::search::Model::new(&rules).expect("the builtin search takes the model");
    let compile = t.elapsed().as_secs_f64();
    let prepared = Builtin.prepare(&rules).expect("prepared");
    let batch_solver = sdkc::batch::Batch::new(
        &a.model,
        model_bytes.clone(),
        &Builtin,
        sdkc::batch::Options {
            goal: sdkc::Goal::Count(Some(2)),
            time_limit: None,
            formulation: None,
        },
    )
    .unwrap_or_else(|_| panic!("batch of {}", a.model));
    let entries = sdkc::batch::entries(list_text.as_bytes());
    assert_eq!(entries.len(), n);
    let givens: Vec<Vec<Option<i64>>> = list.iter().map(|(_, p)| givens_of(p)).collect();
    let opts = sdkc::search::Options {
        limit: 2,
        ..Default::default()
    };

    // Correctness first: one solution each, the same.
    for (i, (line, p)) in list.iter().enumerate() {
        let out = model.solve(&givens[i], &opts);
        assert_eq!(out.found, 1, "sdkc search: line {line} not unique");
        let mine = grid_line(&out.solutions[0]);
        let peer = sudoku::Sudoku::from_str_line(p).unwrap().solutions_up_to(2);
        assert_eq!(peer.len(), 1, "sudoku crate: line {line} not unique");
        assert_eq!(
            mine,
            sudoku_line(&peer[0]),
            "line {line}: different solutions"
        );
        let mut grids = Vec::new();
        prepared
            .find(&givens[i], &Question::up_to(2), &mut |g| {
                grids.push(g.to_vec());
                true
            })
            .unwrap();
        assert_eq!(grids, out.solutions, "line {line}: Prepared::find differs");
        let r = batch_solver.solve(&entries[i]);
        assert_eq!(r.status, sdkc::Status::Unique, "line {line}: Batch::solve");
        let g: Vec<i64> = r.grid.expect("a grid").concat();
        assert_eq!(g, out.solutions[0], "line {line}: Batch::solve differs");
    }

    let mut search = |i: usize| {
        std::hint::black_box(model.solve(&givens[i], &opts));
    };
    let mut find = |i: usize| {
        let mut c = 0;
        let f = prepared
            .find(&givens[i], &Question::up_to(2), &mut |g| {
                std::hint::black_box(g);
                c += 1;
                true
            })
            .unwrap();
        std::hint::black_box((c, f));
    };
    let mut batch_one = |i: usize| {
        std::hint::black_box(batch_solver.solve(&entries[i]));
    };
    let mut peer = |i: usize| {
        let s = sudoku::Sudoku::from_str_line(&list[i].1).unwrap();
        std::hint::black_box(s.solutions_up_to(2));
    };
    let mut peer_count = |i: usize| {
        let s = sudoku::Sudoku::from_str_line(&list[i].1).unwrap();
        std::hint::black_box(s.solutions_count_up_to(2));
    };
    let r = per_puzzle(
        n,
        a.seconds,
        &mut [
            &mut search,
            &mut find,
            &mut batch_one,
            &mut peer,
            &mut peer_count,
        ],
    );
    let [
        (t_search, p_search),
        (t_find, p_find),
        (t_batch, p_batch),
        (t_peer, p_peer),
        (t_peer_count, p_peer_count),
    ] = <[_; 5]>::try_from(r).unwrap();

    println!("## 1. Uniqueness (count up to 2), in process, µs per puzzle\n");
    println!(
        "sdkc `search::Model::new` (once): {} µs. Every side found exactly one solution for each of the {n} puzzles, the same one.\n",
        us(compile)
    );
    println!(
        "| side | call per puzzle | passes | mean µs | median µs | mean / sudoku | median / sudoku |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    let (pm, pmed) = (mean(&t_peer), median(&t_peer));
    let row = |side: &str, call: &str, t: &[f64], passes: usize| {
        println!(
            "| {side} | {call} | {passes} | {} | {} | {:.1}× | {:.1}× |",
            us(mean(t)),
            us(median(t)),
            mean(t) / pm,
            median(t) / pmed
        );
    };
    row(
        "sdkc search",
        "`Model::solve(&givens, &Options { limit: 2, .. })` (givens parsed by this program)",
        &t_search,
        p_search,
    );
    row(
        "sdkc backend",
        "`Prepared::find(&givens, &Question::up_to(2), ..)` (Builtin prepared once)",
        &t_find,
        p_find,
    );
    row(
        "sdkc batch",
        "`Batch::solve(&entry)`: `load` model + line, `verdict::decide`, check",
        &t_batch,
        p_batch,
    );
    row(
        "sudoku crate",
        "`Sudoku::from_str_line(line)?.solutions_up_to(2)`",
        &t_peer,
        p_peer,
    );
    row(
        "sudoku crate",
        "`Sudoku::from_str_line(line)?.solutions_count_up_to(2)`",
        &t_peer_count,
        p_peer_count,
    );

    println!("\nPer puzzle (µs, mean over the passes):\n");
    println!("| line | sdkc search | sdkc batch | sudoku | search / sudoku |");
    println!("|---:|---:|---:|---:|---:|");
    for (i, (line, _)) in list.iter().enumerate() {
        println!(
            "| {line} | {} | {} | {} | {:.1}× |",
            us(t_search[i]),
            us(t_batch[i]),
            us(t_peer[i]),
            t_search[i] / t_peer[i]
        );
    }

    // ---- 2. generator ----
    let settings = sdkc::generate::Settings {
        seed: 1,
        tries: 1,
        time_limit: None,
        order: sdkc::generate::Order::Auto,
    };
    let gen_sdkc = |i: u64| {
        sdkc::generate::generate(&rules, i, &Builtin, prepared.as_ref(), &settings)
            .expect("a puzzle")
    };
    let mut rng = StdRng::seed_from_u64(1);
    let gen_peer_none = |rng: &mut StdRng| {
        let full = sudoku::Sudoku::generate_solved_with_rng(rng);
        sudoku::Sudoku::generate_with_symmetry_and_rng_from(full, sudoku::Symmetry::None, rng)
    };

    // Cross-checks on a sample: each side's puzzles unique for the other.
    for i in 0..20 {
        let g = gen_sdkc(i);
        sdkc::generate::verify(&rules, &g).expect("sdkc's own proof");
        let line = sdkc::generate::one_line(&g.givens);
        let sols = sudoku::Sudoku::from_str_line(&line)
            .unwrap()
            .solutions_up_to(2);
        assert_eq!(
            sols.len(),
            1,
            "sdkc puzzle {line} not unique for the sudoku crate"
        );
        assert_eq!(sudoku_line(&sols[0]), grid_line(&g.solution));
        for p in [gen_peer_none(&mut rng), sudoku::Sudoku::generate()] {
            let line = p.to_str_line().to_string();
            let out = model.solve(&givens_of(&line), &opts);
            assert_eq!(
                out.found, 1,
                "sudoku-crate puzzle {line} not unique for sdkc"
            );
        }
    }

    let mut g_plain = |i: u64| gen_sdkc(i).clues;
    let mut g_verified = |i: u64| {
        let g = gen_sdkc(i);
        sdkc::generate::verify_with(&rules, &g, prepared.as_ref()).expect("proved");
        g.clues
    };
    let mut g_none = |_: u64| gen_peer_none(&mut rng).n_clues() as usize;
    let mut g_default = |_: u64| sudoku::Sudoku::generate().n_clues() as usize;
    let r = rate(
        a.seconds,
        &mut [&mut g_plain, &mut g_verified, &mut g_none, &mut g_default],
    );
    let [
        (r_sdkc, c_sdkc, n_sdkc),
        (r_sdkc_v, c_sdkc_v, n_sdkc_v),
        (r_none, c_none, n_none),
        (r_gen, c_gen, n_gen),
    ] = <[_; 4]>::try_from(r).unwrap();
    let gen_cmd = format!(
        "target/release/sdkc generate {} -n 50 -j 1 --seed 1",
        a.model
    );
    let gen_argv: Vec<String> = std::iter::once(sdkc_bin.display().to_string())
        .chain(gen_cmd.split_whitespace().skip(1).map(String::from))
        .collect();
    let peer_gen_argv: Vec<String> = vec![me.display().to_string(), "generate".into(), "50".into()];
    let procs = whole_process(&[&gen_argv, &peer_gen_argv], a.runs.min(10));
    let (t_gen_proc, _, ref gen_out) = procs[0];
    let (t_peer_gen_proc, _, ref peer_gen_out) = procs[1];
    assert_eq!(
        gen_out.lines().count(),
        50,
        "sdkc generate printed 50 puzzles"
    );
    assert_eq!(
        peer_gen_out.lines().count(),
        50,
        "the peer printed 50 puzzles"
    );

    println!("\n## 2. Generator, 9x9, one thread\n");
    println!(
        "Every sdkc puzzle of a sample of 20 was unique for the sudoku crate with the same solution, and 40 of the crate's were unique for sdkc.\n"
    );
    println!("| side | call | puzzles | puzzles/s | mean clues | sudoku (no symmetry) / side |");
    println!("|---|---|---:|---:|---:|---:|");
    let grow = |side: &str, call: &str, n: u64, r: f64, c: f64| {
        let c = if c.is_nan() {
            "–".to_string()
        } else {
            format!("{c:.1}")
        };
        println!(
            "| {side} | {call} | {n} | {r:.0} | {c} | {:.1}× |",
            r_none / r
        );
    };
    grow(
        "sdkc",
        "`generate::generate(&rules, i, &Builtin, prepared, &Settings { tries: 1, .. })`",
        n_sdkc,
        r_sdkc,
        c_sdkc,
    );
    grow(
        "sdkc",
        "the same + `generate::verify_with(&rules, &g, prepared)` (the proof `sdkc generate` adds, its search prepared once)",
        n_sdkc_v,
        r_sdkc_v,
        c_sdkc_v,
    );
    grow(
        "sdkc process",
        &format!(
            "`{gen_cmd}` (whole process, best of {} runs)",
            a.runs.min(10)
        ),
        50,
        50.0 / t_gen_proc,
        f64::NAN,
    );
    println!(
        "| sudoku crate process | `peer-sudoku generate 50` (the call below, 50 times, whole process, best of {} runs, taking turns with sdkc's) | 50 | {:.0} | – | {:.1}× (sdkc process / this: {:.1}×) |",
        a.runs.min(10),
        50.0 / t_peer_gen_proc,
        r_none / (50.0 / t_peer_gen_proc),
        t_gen_proc / t_peer_gen_proc
    );
    grow(
        "sudoku crate",
        "`generate_with_symmetry_and_rng_from(generate_solved_with_rng(rng), Symmetry::None, rng)`",
        n_none,
        r_none,
        c_none,
    );
    grow(
        "sudoku crate",
        "`Sudoku::generate()` (180° symmetry)",
        n_gen,
        r_gen,
        c_gen,
    );

    // ---- 3. batch, whole processes ----
    let empty = std::env::temp_dir().join(format!("peer-sudoku-empty-{}.txt", std::process::id()));
    std::fs::write(&empty, "# no puzzles\n").unwrap();
    let sdkc_cmd = |jobs: Option<&str>, list: &str| -> Vec<String> {
        let mut v = vec![
            sdkc_bin.display().to_string(),
            "run".into(),
            "--solver".into(),
            "builtin".into(),
            "--unique".into(),
        ];
        if let Some(j) = jobs {
            v.extend(["-j".into(), j.into()]);
        }
        v.extend(["--givens-file".into(), list.into(), a.model.clone()]);
        v
    };
    let peer_cmd = |list: &str| vec![me.display().to_string(), "batch".into(), list.into()];
    let empty_s = empty.display().to_string();
    let cases: Vec<(String, Vec<String>, Vec<String>)> = vec![
        (
            format!(
                "target/release/sdkc run --solver builtin --unique -j 1 --givens-file {} {}",
                a.puzzles, a.model
            ),
            sdkc_cmd(Some("1"), &a.puzzles),
            sdkc_cmd(Some("1"), &empty_s),
        ),
        (
            format!(
                "target/release/sdkc run --solver builtin --unique --givens-file {} {}",
                a.puzzles, a.model
            ),
            sdkc_cmd(None, &a.puzzles),
            sdkc_cmd(None, &empty_s),
        ),
        (
            format!(
                "bench/peer-sudoku/target/release/peer-sudoku batch {}",
                a.puzzles
            ),
            peer_cmd(&a.puzzles),
            peer_cmd(&empty_s),
        ),
    ];
    if !sdkc_bin.exists() {
        println!(
            "\n## 3. Batch: skipped, {} is not built (cargo build --release in the repository root)",
            sdkc_bin.display()
        );
        return;
    }
    // Every command and its empty-list twin, taking turns.
    let all: Vec<&[String]> = cases
        .iter()
        .flat_map(|(_, full, nothing)| [full.as_slice(), nothing.as_slice()])
        .collect();
    let timed = whole_process(&all, a.runs);
    struct Timed {
        shown: String,
        best: f64,
        median: f64,
        empty: f64,
        lines: Vec<String>,
    }
    let results: Vec<Timed> = cases
        .iter()
        .zip(timed.chunks(2))
        .map(|((shown, _, _), r)| Timed {
            shown: shown.clone(),
            best: r[0].0,
            median: r[0].1,
            empty: r[1].0,
            lines: outcome_lines(&r[0].2),
        })
        .collect();
    let _ = std::fs::remove_file(&empty);
    let peer = &results[results.len() - 1];
    assert_eq!(peer.lines.len(), n, "the peer batch answered every puzzle");
    for r in &results {
        assert_eq!(
            r.lines, peer.lines,
            "`{}` and the sudoku batch disagree",
            r.shown
        );
    }
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!("\n## 3. Batch, whole processes ({n} puzzles, {cores} cores)\n");
    println!(
        "All three printed the same `LINE unique SOLUTION` lines. Best and median of {} runs, the commands taking turns. \"Empty list\" is the same command on a list with no puzzles (best of {}): starting, reading the model, and for sdkc compiling it. The per-puzzle columns divide the best times.\n",
        a.runs, a.runs
    );
    println!(
        "| command | best ms | median ms | empty list ms | µs per puzzle (best / {n}) | µs per puzzle past the empty list | per puzzle / sudoku | past empty / sudoku |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let per = |r: &Timed| r.best / n as f64;
    let past = |r: &Timed| (r.best - r.empty).max(0.0) / n as f64;
    for r in &results {
        println!(
            "| `{}` | {:.2} | {:.2} | {:.2} | {} | {} | {:.1}× | {:.1}× |",
            r.shown,
            r.best * 1e3,
            r.median * 1e3,
            r.empty * 1e3,
            us(per(r)),
            us(past(r)),
            per(r) / per(peer),
            past(r) / past(peer)
        );
    }
}
