//! Soundness of the encodings and of the builtin solver: for random rule sets on 4x4 and 6x6
//! grids, the set of solutions found through the MIP (CBC or HiGHS, adding a no-good cut per
//! solution until infeasible) and the set the builtin solver finds both equal the set found
//! by brute-force enumeration through the checker. The checker shares no
//! code with the lowering, so a wrong encoding (too strict or too loose) shows up here.
//! A third of the rules are calls of the standard library's variant rules (cages, lines,
//! outside clues, dots with their negative constraints), so their expansions — paths, `pos`,
//! `box`, `clued`, `distinct(L)` split into a distinct rule — are held to the same test.
//! A fixed seed makes every case reproduce; a failure prints the model.

mod common;
use common::{Rng, brute_force};

use std::collections::BTreeSet;

use sdkc::Question;
use sdkc::puzzle::Puzzle;

/// The MIP solvers every case is tried with, in turn: GLPK twice, its MiniSat alone (one
/// thread, on a model of binaries: every continuous column handed to it as a binary) and its
/// branch and cut alone (a `--solver-option` of its own, `--first` again), so that each of its
/// ways is held to the brute force (src/solve/glpk.rs `ways`).
const MIP_SOLVERS: [&str; 4] = ["highs", "cbc", "glpk-sat", "glpk-bnb"];

/// The backend of a name of `MIP_SOLVERS`, with its settings.
fn backend(solver: &str) -> Box<dyn sdkc::solve::Backend> {
    let mut settings = sdkc::Settings::default();
    let name = match solver {
        "glpk-sat" => {
            settings.threads = Some(1);
            "glpk"
        }
        "glpk-bnb" => {
            settings.options = vec![("first".into(), String::new())];
            "glpk"
        }
        other => other,
    };
    sdkc::solve::backend(name, &settings).unwrap()
}

/// A random valid sudoku of the shape (a pattern grid with rows, columns and values shuffled
/// within the symmetries that keep it valid), used as the source of givens.
fn base_grid(rng: &mut Rng, n: usize, bh: usize, bw: usize) -> Vec<i64> {
    let mut perm: Vec<i64> = (1..=n as i64).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = (bw * (r % bh) + r / bh + c) % n;
            grid[r * n + c] = perm[v];
        }
    }
    grid
}

fn cell(rng: &mut Rng, n: usize) -> String {
    format!("r{}c{}", rng.below(n) + 1, rng.below(n) + 1)
}

/// One random rule, as text.
fn random_rule(rng: &mut Rng, n: usize, name: &str) -> String {
    let formulation = *rng.pick(&["", "", " (pairs)", " (bigm)"]);
    let body = match rng.below(18) {
        0 => format!(
            "for (a, b) in orthogonal: |v[a] - v[b]| <= {}",
            2 + rng.below(2)
        ),
        1 => "for (a, b) in king: v[a] != v[b]".to_string(),
        2 => "for (a, b) in knight: v[a] != v[b]".to_string(),
        3 => "for (a, b) in orthogonal: |v[a] - v[b]| != 1".to_string(),
        4 => format!(
            "v[{}] + v[{}] == {}",
            cell(rng, n),
            cell(rng, n),
            3 + rng.below(2 * n - 3)
        ),
        5 => format!("v[{}] < v[{}]", cell(rng, n), cell(rng, n)),
        6 => format!("v[{}] > 2 => v[{}] < 3", cell(rng, n), cell(rng, n)),
        7 => format!("ndistinct(diagonal({c})) == v[{c}]", c = cell(rng, n)),
        8 => format!("ndistinct(king({c})) != v[{c}]", c = cell(rng, n)),
        9 => format!(
            "exists (a, b) in orthogonal({c}): v[a] + v[b] == v[{c}]",
            c = cell(rng, n)
        ),
        10 => format!(
            "not (exists (a, b) in orthogonal({c}): v[a] + v[b] == v[{c}])",
            c = cell(rng, n)
        ),
        11 => format!(
            "count(c in cells where row(c) == {}: v[c] >= {}) == {}",
            1 + rng.below(n),
            1 + rng.below(n),
            rng.below(n)
        ),
        12 => format!(
            "sum(c in cells where col(c) == {}: v[c]) - v[{}] >= {}",
            1 + rng.below(n),
            cell(rng, n),
            n
        ),
        // Remainder and floor division by a constant of either sign, of sums and of
        // differences (negative dividends): tables, or q and r columns under `bigm`.
        13 if rng.below(2) == 0 => {
            let k = if rng.below(4) == 0 {
                -2 - rng.below(2) as i64
            } else {
                2 + rng.below(2) as i64
            };
            let op = rng.pick(&["+", "-"]);
            let (a, b) = (cell(rng, n), cell(rng, n));
            if rng.below(2) == 0 {
                let r = rng.below(k.unsigned_abs() as usize) as i64 * k.signum();
                format!("(v[{a}] {op} v[{b}]) % {k} == {r}")
            } else {
                format!("(v[{a}] {op} v[{b}]) / {k} == {}", rng.below(6) as i64 - 2)
            }
        }
        14 => format!("ndistinct(king({c})) == v[{c}]", c = cell(rng, n)),
        15 => format!("ndistinct(orthogonal({c})) == v[{c}]", c = cell(rng, n)),
        // A disjunction around one cell under a guard (pair tables with a guard literal).
        16 => format!(
            "v[{d}] > 2 => ((exists (a, b) in orthogonal({c}): v[a] + v[b] == v[{c}]) and v[{d}] != v[{c}])",
            c = cell(rng, n),
            d = cell(rng, n)
        ),
        17 => language_rule(rng, n),
        _ => format!(
            "v[{a}] == 2 * v[{b}] or v[{b}] == 2 * v[{a}]",
            a = cell(rng, n),
            b = cell(rng, n)
        ),
    };
    format!("rule {name}{formulation}: {body}\n")
}

/// A rule of the language's later words: `in`, `%` and `/` inside linear rows, a
/// consequence that can never hold.
fn language_rule(rng: &mut Rng, n: usize) -> String {
    match rng.below(6) {
        // Membership: a cell's domain, or an expression (a kropki dot, a pair's sum).
        0 | 1 => match rng.below(3) {
            0 => format!("v[{}] in {}", cell(rng, n), set(rng, n)),
            1 => format!("v[{}] not in {}", cell(rng, n), set(rng, n)),
            _ => format!("v[{}] - v[{}] in {{-1, 1}}", cell(rng, n), cell(rng, n)),
        },
        // `%` and `/` of single cells inside a linear row: weighted one-hot columns.
        2 => match rng.below(2) {
            0 => format!(
                "sum(c in cells where row(c) == col(c): v[c] % 3) == {}",
                rng.below(2 * n)
            ),
            _ => format!(
                "sum(c in cells where row(c) + col(c) == {}: v[c] / 2) == {}",
                n + 1,
                rng.below(n * n / 2)
            ),
        },
        // `%` of a sum over a column: integer columns q and r.
        3 => format!(
            "sum(c in cells where col(c) == {}: v[c] * (row(c) % 2)) % 3 == {}",
            1 + rng.below(n),
            rng.below(3)
        ),
        _ => match rng.below(3) {
            // A sum over an anti-diagonal in a set of ranges: binaries that pick a range.
            0 => {
                let a = n + rng.below(n * n - n);
                let b = n + rng.below(n * n - n);
                format!(
                    "sum(c in cells where row(c) + col(c) == {}: v[c]) in {{{a}, {b}..{}}}",
                    n + 1,
                    b + rng.below(4)
                )
            }
            1 => {
                let lo = 3 + rng.below(2 * n - 4);
                format!(
                    "v[{}] + v[{}] not in {{{lo}..{}}}",
                    cell(rng, n),
                    cell(rng, n),
                    lo + rng.below(3)
                )
            }
            // A consequence that can never hold: `not (v[a] > 2)`.
            _ => format!(
                "v[{}] > 2 => v[{}] == {}",
                cell(rng, n),
                cell(rng, n),
                n + 3
            ),
        },
    }
}

/// A random set of values such as `{2, 3..4}` (the ranges may overlap).
fn set(rng: &mut Rng, n: usize) -> String {
    let (a, b) = (1 + rng.below(n), 1 + rng.below(n));
    format!("{{{a}, {b}..{}}}", b + rng.below(2))
}

fn random_model(rng: &mut Rng, n: usize, bh: usize, bw: usize, givens: usize) -> String {
    let base = base_grid(rng, n, bh, bw);
    let mut line: Vec<char> = vec!['.'; n * n];
    for _ in 0..givens {
        let i = rng.below(n * n);
        line[i] = char::from(b'0' + base[i] as u8);
    }
    let mut text = format!(
        "grid {n}x{n}\nboxes {bh}x{bw}\ngivens \"{}\"\nrule distinct rows, columns, boxes\n",
        line.iter().collect::<String>()
    );
    for k in 0..1 + rng.below(3) {
        // A third of the rules are calls of the standard library's variant rules.
        if rng.below(3) == 0 {
            text.push_str(&format!("rule {}\n", library_rule(rng, n)));
        } else {
            text.push_str(&random_rule(rng, n, &format!("r{k}")));
        }
    }
    text
}

/// A random line: a walk of orthogonal steps from a random cell, 2 to 4 cells, that may
/// come back to a cell (a loop), as a list of cells.
fn line(rng: &mut Rng, n: usize) -> String {
    let (mut r, mut c) = (rng.below(n), rng.below(n));
    let mut cells = vec![format!("r{}c{}", r + 1, c + 1)];
    for _ in 0..1 + rng.below(3) {
        let (dr, dc) = *rng.pick(&[(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]);
        let (nr, nc) = (r as i64 + dr, c as i64 + dc);
        if (0..n as i64).contains(&nr) && (0..n as i64).contains(&nc) {
            (r, c) = (nr as usize, nc as usize);
            cells.push(format!("r{}c{}", r + 1, c + 1));
        }
    }
    if cells.len() == 1 {
        cells.push(format!("r{}c{}", r + 1, if c + 1 < n { c + 2 } else { c }));
    }
    cells.join(" ")
}

/// A row or column read from either side: `r2`, `reverse(c3)`.
fn outside(rng: &mut Rng, n: usize) -> String {
    let name = format!("{}{}", rng.pick(&["r", "c"]), 1 + rng.below(n));
    if rng.below(2) == 0 {
        name
    } else {
        format!("reverse({name})")
    }
}

/// A call of a standard-library rule with random arguments that fit an n x n grid.
fn library_rule(rng: &mut Rng, n: usize) -> String {
    let (a, b) = (cell(rng, n), cell(rng, n));
    let k = 1 + rng.below(n);
    match rng.below(30) {
        0 => format!("cage({}, {})", 3 + rng.below(3 * n - 3), line(rng, n)),
        1 => format!("thermo({})", line(rng, n)),
        2 => format!("slow_thermo({})", line(rng, n)),
        3 => format!("whisper({}, 2)", line(rng, n)),
        4 => format!("renban({})", line(rng, n)),
        5 => format!("palindrome({})", line(rng, n)),
        6 => format!("between({})", line(rng, n)),
        7 => format!("lockout({}, 2)", line(rng, n)),
        8 => format!("region_sum({})", line(rng, n)),
        9 => format!("modular({})", line(rng, n)),
        10 if rng.below(2) == 0 => format!("nabner({})", line(rng, n)),
        10 => format!("parity_line({})", line(rng, n)),
        11 => format!("zipper({})", line(rng, n)),
        12 => format!("sandwich({}, {})", outside(rng, n), rng.below(n + 2)),
        // On a short line too, where a first digit past its length asks nothing (the MIP's
        // flow once dropped those grids).
        13 => format!(
            "x_sum({}, {})",
            if rng.below(2) == 0 {
                outside(rng, n)
            } else {
                line(rng, n)
            },
            1 + rng.below(n * (n + 1) / 2)
        ),
        // On two cells in any places too (maybe one cell twice, the algebra's alone), which
        // the MIP's flow reads as a line whose digits may repeat. The row is drawn either way,
        // so that the cases after this one stay those of the earlier suite.
        14 => {
            let row = outside(rng, n);
            let (line, seen) = if k.is_multiple_of(2) {
                (format!("{a} {b}"), 1 + k / 2 % 2)
            } else {
                (row, k)
            };
            format!("skyscraper({line}, {seen})")
        }
        15 => format!("numbered_room({}, {k})", outside(rng, n)),
        16 => format!("indexing(r{k}, r{k}c{})", 1 + rng.below(n)),
        17 => format!("lunchbox({}, {})", outside(rng, n), rng.below(n + 2)),
        18 => format!("clone({a} {b}, {} {})", cell(rng, n), cell(rng, n)),
        19 => {
            let f = rng.pick(&["white", "black", "x", "v", "greater"]);
            format!("{f}({a}, {b})")
        }
        20 => format!("difference({a}, {b}, {})", 1 + rng.below(2)),
        21 => format!("ratio({a}, {b}, {})", 2 + rng.below(2)),
        22 => rng
            .pick(&["kropki_negative()", "xv_negative()", "nonconsecutive()"])
            .to_string(),
        23 => format!("{}({a})", rng.pick(&["even", "odd", "minimum", "maximum"])),
        24 if rng.below(3) == 0 => format!("contains({}, {k}, 1)", line(rng, n)),
        // One or two (count, digit) pairs, a count of 0 to 2 (the search's own propagator for
        // counts of one digit, `src/search/count.rs`).
        24 if rng.below(2) == 0 => {
            let first = 10 * rng.below(3) + k;
            let clue = if rng.below(2) == 0 {
                100 * first + 10 * rng.below(3) + 1 + (k % n)
            } else {
                first
            };
            format!("look_and_say({clue}, {})", line(rng, n))
        }
        24 => format!(
            "quadruple({}, {{{k}, {}, {}}})",
            line(rng, n),
            1 + rng.below(n),
            1 + rng.below(n)
        ),
        25 => format!("counting_circles({a} {b} {})", cell(rng, n)),
        26 => format!("little_killer(r1c{k}-r{k}c1, {})", k + rng.below(2 * k)),
        27 if rng.below(3) == 0 => format!("equality_cage({})", line(rng, n)),
        27 if rng.below(2) == 0 => format!("pill_arrow({}, {})", line(rng, n), line(rng, n)),
        27 => format!("arrow({a}, {})", line(rng, n)),
        28 => rng
            .pick(&[
                "diagonals()",
                "anti_king()",
                "anti_knight()",
                "disjoint_groups()",
            ])
            .to_string(),
        _ => format!("entropic({})", line(rng, n)),
    }
}

/// Every solution through the MIP, the way `sdkc run --count` finds them: solve, forbid the
/// grid found with a no-good cut, solve again, until infeasible.
fn through_mip(p: &Puzzle, solver: &str, limit: usize) -> Result<BTreeSet<Vec<i64>>, String> {
    let backend = backend(solver);
    let q = Question {
        limit: Some(limit),
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(60)),
        ..Question::default()
    };
    let mut grids = Vec::new();
    let found = backend
        .prepare(p)
        .and_then(|prepared| {
            prepared.find(&p.givens, &q, &mut |g| {
                grids.push(g.to_vec());
                true
            })
        })
        .map_err(|e| e.to_string())?;
    if found.timed_out {
        return Err("time limit".into());
    }
    let set: BTreeSet<Vec<i64>> = grids.iter().cloned().collect();
    if set.len() != grids.len() {
        return Err("the same grid was found twice".into());
    }
    Ok(set)
}

/// The grids the builtin search finds, up to `limit`; none of them twice (`what` names the
/// case when one is).
fn builtin(puzzle: &Puzzle, limit: usize, what: &str) -> BTreeSet<Vec<i64>> {
    let model = sdkc::search::Model::new(puzzle).unwrap();
    let out = model.solve(
        &puzzle.givens,
        &sdkc::search::Options {
            limit,
            ..Default::default()
        },
    );
    let set: BTreeSet<Vec<i64>> = out.solutions.iter().cloned().collect();
    assert_eq!(
        set.len(),
        out.solutions.len(),
        "{what}: the builtin solver found a solution twice"
    );
    set
}

fn run_cases(seed: u64, cases: usize, n: usize, bh: usize, bw: usize, givens: usize) {
    let mut rng = Rng(seed);
    let mut compared = 0;
    let mut total_solutions = 0;
    // Cases with a call of a library rule among their rules.
    let mut with_library = 0;
    // Cases that call `look_and_say`.
    let mut with_counts = 0;
    for case in 0..cases {
        let text = random_model(&mut rng, n, bh, bw, givens);
        // A model the analyzer rejects (two equal givens in a row, a comparison that can never
        // hold) is not a soundness case.
        let Ok((puzzle, _)) = sdkc::build("random.sdk", text.as_bytes(), None) else {
            continue;
        };
        let expected = brute_force(&puzzle, usize::MAX);
        if expected.len() > 40 {
            continue; // too many to enumerate through a solver quickly; not informative
        }
        // Every MIP solver in turn.
        let solver = MIP_SOLVERS[case % MIP_SOLVERS.len()];
        let found = through_mip(&puzzle, solver, expected.len() + 1)
            .unwrap_or_else(|e| panic!("case {case} ({solver}): {e}\n{text}"));
        assert_eq!(
            found, expected,
            "case {case} ({solver}): MIP and brute force disagree\n{text}"
        );
        // The builtin solver, on the same model, must find the same set.
        assert_eq!(
            builtin(&puzzle, expected.len() + 1, &format!("case {case}\n{text}")),
            expected,
            "case {case}: builtin solver and brute force disagree\n{text}"
        );
        compared += 1;
        total_solutions += expected.len();
        if text
            .lines()
            .any(|l| l.starts_with("rule ") && l.contains('(') && !l.contains(':'))
        {
            with_library += 1;
        }
        with_counts += usize::from(text.contains("look_and_say("));
    }
    // The counts' propagator among them (`src/search/count.rs`).
    assert!(
        with_counts >= 1,
        "only {with_counts} compared cases call look_and_say"
    );
    // The generator must produce enough real cases for the comparison to mean something.
    assert!(
        compared >= cases / 3,
        "only {compared} of {cases} cases were compared"
    );
    assert!(
        with_library >= compared / 5,
        "only {with_library} of {compared} compared cases call a library rule"
    );
    eprintln!(
        "{compared} cases compared ({with_library} with library rules, {with_counts} with \
         look_and_say), {total_solutions} solutions in all"
    );
}

#[test]
fn random_rules_on_4x4_grids() {
    run_cases(0x5EED_0004, 300, 4, 2, 2, 3);
}

#[test]
fn random_rules_on_6x6_grids() {
    run_cases(0x5EED_0006, 60, 6, 2, 3, 14);
}

/// Grids whose only rules are full areas are searched on bitboards (`search::houses`), all
/// others by the general search: on random 4x4 and 6x6 givens, with and without the
/// diagonals, both find exactly the brute-force solutions (the general search sees the same
/// model with a rule that always holds, since three cells of a row differ), also with a value excluded at a cell
/// and another grid's values tried first, as the generator asks.
#[test]
fn full_areas_alone_search_like_brute_force() {
    let mut rng = Rng(0x5EED_00A5);
    let (mut compared, mut solutions, mut excluded) = (0, 0, 0);
    // Questions whose search failed somewhere and so handed on weights above 1.
    let mut learned_failures = 0;
    // Grids found by a race.
    let mut raced_grids = 0;
    for case in 0..240 {
        let (n, bh, bw, givens) = if case % 2 == 0 {
            (4, 2, 2, 1 + rng.below(5))
        } else {
            (6, 2, 3, 6 + rng.below(10))
        };
        let base = base_grid(&mut rng, n, bh, bw);
        let mut line: Vec<char> = vec!['.'; n * n];
        for _ in 0..givens {
            let i = rng.below(n * n);
            line[i] = char::from(b'0' + base[i] as u8);
        }
        let diagonals = if rng.below(2) == 0 { ", diagonals" } else { "" };
        let text = format!(
            "grid {n}x{n}\nboxes {bh}x{bw}\ngivens \"{}\"\nrule distinct rows, columns, boxes{diagonals}\n",
            line.iter().collect::<String>()
        );
        let Ok((puzzle, _)) = sdkc::build("areas.sdk", text.as_bytes(), None) else {
            continue;
        };
        let expected = brute_force(&puzzle, 200);
        if expected.len() >= 200 {
            continue;
        }
        let general = format!("{text}rule always: v[r1c1] + v[r1c2] + v[r1c3] >= 6\n");
        let (general, _) = sdkc::build("general.sdk", general.as_bytes(), None).unwrap();
        let (c, v) = (rng.below(n * n), 1 + rng.below(n) as i64);
        for (name, p) in [("bitboards", &puzzle), ("general search", &general)] {
            let model = sdkc::search::Model::new(p).unwrap();
            let all = model.solve(&p.givens, &sdkc::search::Options::default());
            let found: BTreeSet<Vec<i64>> = all.solutions.iter().cloned().collect();
            assert_eq!(
                found.len(),
                all.solutions.len(),
                "{name}, case {case}: a grid twice\n{text}"
            );
            assert_eq!(found, expected, "{name}, case {case}\n{text}");
            let want: BTreeSet<Vec<i64>> = expected.iter().filter(|g| g[c] != v).cloned().collect();
            // Asked twice, as the generator asks its questions, the second time from the
            // weights the first left: the same grids.
            let learned = sdkc::search::Learned::new();
            for ask in ["first", "second"] {
                let without = model.solve(
                    &p.givens,
                    &sdkc::search::Options {
                        exclude: vec![(c, v)],
                        prefer: Some(base.clone()),
                        learned: Some(learned.clone()),
                        ..Default::default()
                    },
                );
                let found: BTreeSet<Vec<i64>> = without.solutions.into_iter().collect();
                assert_eq!(
                    found, want,
                    "{name}, case {case}, without {v} at cell {c}, {ask} time\n{text}"
                );
            }
            // The generator's question with a race: one grid of those, or none when there
            // are none, whichever search wins.
            for _ in 0..2 {
                let raced = model.solve(
                    &p.givens,
                    &sdkc::search::Options {
                        limit: 1,
                        exclude: vec![(c, v)],
                        prefer: Some(base.clone()),
                        learned: Some(learned.clone()),
                        race: true,
                        ..Default::default()
                    },
                );
                assert_eq!(raced.found, want.len().min(1), "{name}, case {case}, raced");
                assert!(
                    raced.solutions.iter().all(|g| want.contains(g)),
                    "{name}, case {case}: the race found {:?}\n{text}",
                    raced.solutions
                );
                raced_grids += raced.found;
            }
            let weights = learned.weights();
            match name {
                "general search" => {
                    assert_eq!(weights.len(), n * n, "{name}, case {case}: no weights kept");
                    learned_failures += usize::from(weights.iter().any(|&w| w > 1));
                }
                _ => assert!(weights.is_empty(), "the bitboards keep no weights"),
            }
            excluded += expected.len() - want.len();
        }
        compared += 1;
        solutions += expected.len();
    }
    assert!(compared >= 150, "only {compared} cases compared");
    assert!(
        learned_failures >= 30,
        "only {learned_failures} searches handed on weights"
    );
    assert!(raced_grids >= 300, "only {raced_grids} grids raced");
    assert!(
        solutions >= 1000 && excluded >= 100,
        "{solutions} solutions, {excluded} excluded"
    );
    eprintln!(
        "{compared} cases, {solutions} solutions, {excluded} excluded ones, \
         {learned_failures} with learned weights"
    );
}

/// Counts of one digit, several to a model (`look_and_say` with one or two pairs, `contains`),
/// their clues counted on a random grid (one in five off by one), over cells that may share a
/// row or a box: the builtin search, whose counts' propagator (`src/search/count.rs`) reasons
/// about which of those cells may hold the digit together, finds exactly the grids brute
/// force finds, and so does each MIP solver in turn where there are a few.
#[test]
fn random_counts_on_4x4_grids() {
    let n = 4;
    let mut rng = Rng(0x5EED_C047);
    let (mut compared, mut on_mip) = (0, 0);
    for case in 0..150 {
        let base = base_grid(&mut rng, n, 2, 2);
        let mut text = String::from("grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n");
        for _ in 0..2 + rng.below(3) {
            // Two to five different cells, as a walk that may turn.
            let mut cells: Vec<(usize, usize)> = vec![(rng.below(n), rng.below(n))];
            for _ in 0..1 + rng.below(4) {
                let (r, c) = *cells.last().unwrap();
                let (dr, dc) = *rng.pick(&[(0i64, 1i64), (1, 0), (0, -1), (-1, 0), (1, 1)]);
                let next = ((r as i64 + dr) as usize, (c as i64 + dc) as usize);
                if next.0 < n && next.1 < n && !cells.contains(&next) {
                    cells.push(next);
                }
            }
            let names: Vec<String> = cells
                .iter()
                .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
                .collect();
            let count = |d: i64| cells.iter().filter(|&&(r, c)| base[r * n + c] == d).count();
            let off = usize::from(rng.below(5) == 0);
            let d = 1 + rng.below(n) as i64;
            if rng.below(4) == 0 {
                let times = (count(d) + off).max(1);
                text.push_str(&format!(
                    "rule contains({}, {d}, {times})\n",
                    names.join(" ")
                ));
                continue;
            }
            let mut clue = 10 * (count(d) + off) as i64 + d;
            if rng.below(2) == 0 {
                let e = 1 + (d % n as i64);
                clue = 100 * clue + 10 * count(e) as i64 + e;
            }
            text.push_str(&format!("rule look_and_say({clue}, {})\n", names.join(" ")));
        }
        // (A clue off by one may ask more of a digit than its cells can hold: the analyzer
        // rejects that rule as one that can never hold, and it is no soundness case.)
        let Ok((puzzle, _)) = sdkc::build("counts.sdk", text.as_bytes(), None) else {
            continue;
        };
        let expected = brute_force(&puzzle, usize::MAX);
        if expected.len() > 40 {
            continue;
        }
        assert_eq!(
            builtin(&puzzle, expected.len() + 1, &format!("case {case}\n{text}")),
            expected,
            "case {case}: builtin and brute force\n{text}"
        );
        compared += 1;
        // A MIP solver lists the grids one solve each: on the cases with few.
        if expected.len() > 6 {
            continue;
        }
        let solver = MIP_SOLVERS[case % MIP_SOLVERS.len()];
        let mip = through_mip(&puzzle, solver, expected.len() + 1)
            .unwrap_or_else(|e| panic!("case {case} ({solver}): {e}\n{text}"));
        assert_eq!(
            mip, expected,
            "case {case} ({solver}): MIP and brute force\n{text}"
        );
        on_mip += 1;
    }
    assert!(
        compared >= 60 && on_mip >= 30,
        "only {compared} cases compared, {on_mip} on a MIP solver"
    );
    eprintln!("{compared} cases with counts compared, {on_mip} of them on a MIP solver too");
}
