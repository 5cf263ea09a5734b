//! GLPK (`glpsol`): command line and the printable solution file (`-o`).
//!
//! `glpsol` writes two kinds of solution file. The raw one (`-w`) carries the MIP status
//! reliably (`s mip <rows> <cols> o|f|n|u <obj>`) and full precision, but it lists columns by
//! index only (`j 17 1`), in the order GLPK created them while reading. For MPS that is the
//! order sdkc wrote them (`mip.columns`), but GLPK's CPLEX-LP reader creates a column where
//! it first sees its name, objective and rows first, and sdkc's rows do not name the columns
//! in column order: on examples/kropki.sdk (`nodot_z70` moves) and seed001-integer.sdk (every
//! `v_` column moves) the indices of an LP run are not sdkc's, and reading them by position
//! would put values on the wrong columns without any error. So sdkc reads the printable file
//! (`-o`), which names every column; its one price is that it prints values with 6
//! significant digits (`%13.6g`), exact for the integers a sudoku model takes below 10^6, and
//! a value at or above 10^6 is refused rather than read rounded.
//!
//! The printable file of a MIP (`glp_print_mip`, GLPK 5.0) starts with a header:
//!
//! ```text
//! Problem:
//! Rows:       9
//! Columns:    4 (4 integer, 4 binary)
//! Non-zeros:  12
//! Status:     INTEGER OPTIMAL
//! Objective:  obj = 0 (MINimum)
//! ```
//!
//! The status is `INTEGER OPTIMAL` (proven), `INTEGER NON-OPTIMAL` (a solution, the time limit
//! stopped the search), `INTEGER EMPTY` (no solution: an LP relaxation with none, found by the
//! preprocessor or the simplex, and a search that ran out of nodes all say this) or `INTEGER
//! UNDEFINED` (the time limit came before any solution; glpsol also writes it when the search
//! fails, which the file cannot tell apart, but the log says). Then the rows' table, and the
//! columns' table: `   No. Column name ...`, a line of dashes, one line per column
//! `index name [*] activity lower upper` (`*` marks an integer column), until a blank line.
//! A name longer than 12 characters ends its line, and the rest follows on the next:
//!
//! ```text
//!      5 nonconsecutive_d2
//!                     *              0             0             1
//! ```
//!
//! (Most lines of the tables end with a space; the reader splits them at whitespace.)
//!
//! A model without integer columns would be solved as an LP and printed the LP way
//! (`glp_print_sol`): status `OPTIMAL`, and a status column instead of the `*` (`     1 zero
//!         NS             0             0             =         < eps`). sdkc writes none
//! (its placeholder `zero`, when the givens fill the grid, is an integer column: an LP that
//! the presolver finds infeasible is left `UNDEFINED`), but reads such a file all the same.
//!
//! glpsol exits 0 whatever the status (optimal, infeasible, time limit): it ignores what the
//! solver returns; it exits 1 only when it cannot run (a bad option such as `--tmlim 1.5`, an
//! unreadable model, an unwritable solution file).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::Path;

use super::MipSolver;
use super::mip::{Options, Outcome, index_by_name, number};
use crate::emit::Format;
use crate::mip::{Mip, Names, Sense};

pub struct Glpk;

impl MipSolver for Glpk {
    fn name(&self) -> &'static str {
        "glpk"
    }

    fn binary(&self) -> &'static str {
        "glpsol"
    }

    fn env_var(&self) -> &'static str {
        "SDKC_GLPK"
    }

    fn install_hint(&self) -> &'static str {
        "install it with `apt-get install glpk-utils` (Debian/Ubuntu), or set SDKC_GLPK to the binary"
    }

    fn version_args(&self) -> &'static [&'static str] {
        const ARGS: [&str; 1] = [version_arg()];
        &ARGS
    }

    fn parse_version(&self, output: &str) -> Option<String> {
        parse_version(output)
    }

    fn args(&self, model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
        args(model, solution, opts)
    }

    fn read_solution(&self, text: &str, mip: &Mip, opts: &Options) -> Result<Outcome, String> {
        read_solution_as(text, mip, opts.sat)
    }

    fn model<'m>(&self, mip: &'m Mip, opts: &Options) -> Cow<'m, Mip> {
        if opts.sat {
            return Cow::Owned(binaries(mip));
        }
        choices_first(mip, opts.format).map_or(Cow::Borrowed(mip), Cow::Owned)
    }

    fn keeps_time(&self, opts: &Options) -> bool {
        !opts.sat
    }

    fn ways(&self, mip: &Mip, opts: &Options) -> Vec<Options> {
        ways(mip, opts, cores())
    }

    fn refused(&self, log: &str) -> Option<String> {
        refused(log)
    }

    fn settle(&self, outcome: Outcome, log: &str, opts: &Options) -> Result<Outcome, String> {
        settle(outcome, log, opts)
    }

    fn statistics(&self, log: &str) -> (Option<u64>, Option<u64>) {
        statistics(log)
    }

    // glpsol stops with exit status 1 on an option it does not know (`Invalid option
    // '--nosuchoption'; try glpsol --help`) or a bad value (`Invalid relative mip gap
    // tolerance 'abc'`), so a run never goes on without one; `refused` is for MiniSat.
}

/// The cores this machine has, for the race of GLPK's two ways.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Whether `mip` is a question GLPK's MiniSat takes (`glp_intfeas1`): every column a binary
/// or fixed, every coefficient whole (sdkc's are), no objective. sdkc's continuous columns
/// (a family's flow arcs, the pair tables' and equalities' shared columns) lie in [0, 1]
/// and are whole whenever the cells' binaries are (a path of a flow is a choice of digits),
/// so they are handed over as binaries (`binaries`): the model keeps the same grids.
/// Integer cells (`encoding integer`) or another column with a wider range are branch and
/// cut's alone; one that a single row defines from the others (a zipper's total) is left
/// out of MiniSat's model (`unseen`).
///
/// And a model small enough: glpsol writes a row of k binaries that at most one may take
/// (a cell's one-hot row, a value's row in an area) as k (k - 1) / 2 clauses of two, so
/// the clauses of an empty N x N grid grow as N^4: 0.74 GB for a 49x49, 1.65 GB for a 64x64
/// (glpsol's peak, `--time-limit 20`, 2026-12-07), where HiGHS took 0.61 GB. Past
/// `MAX_SAT_PAIRS` such pairs (a 49x49 has 11.3 million) branch and cut runs alone.
pub fn sat_ready(mip: &Mip) -> bool {
    sat_columns(mip)
        && mip
            .rows
            .iter()
            .filter(|r| {
                !r.implied && r.rhs == 1 && r.sense != Sense::Ge && r.terms.iter().all(|t| t.1 == 1)
            })
            .map(|r| r.terms.len() * r.terms.len().saturating_sub(1) / 2)
            .try_fold(0usize, |sum, pairs| {
                sum.checked_add(pairs).filter(|&s| s <= MAX_SAT_PAIRS)
            })
            .is_some()
}

/// Whether MiniSat takes `mip` at all (`sat_ready` without the bound on its size): every
/// column a binary, fixed, continuous in [0, 1], or `unseen` (defined by the others, or in
/// no row MiniSat sees), and no objective.
fn sat_columns(mip: &Mip) -> bool {
    let unseen = unseen(mip);
    !mip.columns.is_empty()
        && (0..mip.columns.len()).all(|c| clause_column(mip, c) || unseen.contains_key(&c))
        && mip.objective.iter().all(|&(_, k)| k == 0)
}

/// Whether column `c` is one MiniSat reads as it is (or as a binary, `binaries`).
fn clause_column(mip: &Mip, c: usize) -> bool {
    let c = &mip.columns[c];
    c.lower == c.upper || (c.lower == 0 && c.upper == 1)
}

/// The columns MiniSat need not see: each with the one row that defines it, or with none.
///
/// Defined: a column wider than [0, 1], not a cell's, in a single row MiniSat sees (not
/// implied), an equality where its coefficient is 1 or -1 and every other column is one
/// MiniSat reads. Its value is then that row's rest, which sdkc works out from MiniSat's
/// answer (`read_solution_as`); its bounds stay, as rows over the rest (`binaries`). This
/// is a zipper's total (`zipper1_total = 2 zipper1_total2 + 3 zipper1_total3 + ...`), which
/// no row needs and which is there for branch and cut's branching (`src/lower/family.rs`):
/// without it MiniSat takes the zipper, and proves The Zip that Zips the Zips in 0.22 s,
/// where branch and cut alone took 14 s.
///
/// With none: a column, not a cell's, in no row MiniSat sees, which leaves out the implied
/// rows (an X-sum's algebra beside its automaton: the algebra's indicators). It takes its
/// lower bound, and its value means nothing: sdkc reads the grid from the cells' columns and
/// checks it against the rules. Left in, such columns cost MiniSat time: the X-sum (CTC)
/// 1.6-1.9 s with them, 1.05 s without (-p 1, 2026-12-07).
fn unseen(mip: &Mip) -> BTreeMap<usize, Option<usize>> {
    let any_implied = mip.rows.iter().any(|r| r.implied);
    // Most models have no column past [0, 1] and no implied row: then no set of a large
    // grid's cell columns.
    if !any_implied && (0..mip.columns.len()).all(|c| clause_column(mip, c)) {
        return BTreeMap::new();
    }
    let cells: BTreeSet<usize> = mip.cell_columns.iter().flatten().map(|t| t.1).collect();
    // Per column, the rows it is in, up to two; MiniSat sees no implied row (`binaries`).
    let mut rows_of: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut used = vec![false; mip.columns.len()];
    for row in &mip.clause_rows {
        for &(c, _) in &row.terms {
            used[c] = true;
        }
    }
    for (r, row) in mip.rows.iter().enumerate().filter(|(_, row)| !row.implied) {
        for &(c, _) in &row.terms {
            used[c] = true;
            if !clause_column(mip, c) && !cells.contains(&c) {
                let rows = rows_of.entry(c).or_default();
                if rows.len() < 2 {
                    rows.push(r);
                }
            }
        }
    }
    let defined = rows_of.into_iter().filter_map(|(c, rows)| {
        let &[r] = rows.as_slice() else { return None };
        let row = &mip.rows[r];
        let coefficient: i64 = row.terms.iter().filter(|t| t.0 == c).map(|t| t.1).sum();
        let rest_clauses = row
            .terms
            .iter()
            .all(|&(o, _)| o == c || clause_column(mip, o));
        // A row of the column alone would leave bounds rows with no columns.
        let rest = row.terms.iter().any(|&(o, _)| o != c);
        (mip.columns[c].integer
            && row.sense == Sense::Eq
            && coefficient.abs() == 1
            && rest_clauses
            && rest)
            .then_some((c, Some(r)))
    });
    // Only implied rows leave a column in no row: the lowering writes none otherwise.
    let free = (0..mip.columns.len())
        .filter(|&c| any_implied && !used[c] && !cells.contains(&c))
        .map(|c| (c, None));
    defined.chain(free).collect()
}

/// The most pairs of binaries at most one of which may be 1 (rows `x + y + ... <= 1` or
/// `= 1`, each k binaries k (k - 1) / 2 pairs; `sat_ready`) for GLPK's MiniSat: a 49x49 grid's
/// rows, not a 64x64's (33.5 million). Other rows (a sum, a no-good row) are a few clauses
/// each.
pub const MAX_SAT_PAIRS: usize = 16_000_000;

/// `mip` with its continuous columns in [0, 1] made binaries, as `glpsol --minisat` needs
/// (it refuses a model with any other column: `glp_intfeas1: column 794: non-binary
/// non-fixed variable not allowed`), without its `implied` rows (a long sum is many clauses
/// to MiniSat, and the flows that imply it are clauses already: hard killers 2-6x faster,
/// README "Solvers"), with its `clause_rows` in their place (a digit set's rows as clauses:
/// the 45 hard killers 153 s -> 21.7 s), and without its `unseen` columns and their
/// defining rows.
fn binaries(mip: &Mip) -> Mip {
    binaries_without(mip, &unseen(mip))
}

/// `binaries` with `unseen(mip)` already worked out.
fn binaries_without(mip: &Mip, unseen: &BTreeMap<usize, Option<usize>>) -> Mip {
    if unseen.is_empty() {
        let mut out = mip.clone();
        for c in &mut out.columns {
            if c.lower == 0 && c.upper == 1 {
                c.integer = true;
            }
        }
        out.rows.retain(|r| !r.implied);
        let clauses = std::mem::take(&mut out.clause_rows);
        out.rows.extend(clauses);
        return out;
    }
    let mut index = vec![usize::MAX; mip.columns.len()];
    let mut columns = Vec::new();
    let mut column_names = Names::default();
    for (c, column) in mip.columns.iter().enumerate() {
        if unseen.contains_key(&c) {
            continue;
        }
        index[c] = columns.len();
        let mut column = column.clone();
        if column.lower == 0 && column.upper == 1 {
            column.integer = true;
        }
        columns.push(column);
        column_names.push_with(|t| t.push_str(mip.column_name(c)));
    }
    let by_row: BTreeMap<usize, usize> =
        unseen.iter().filter_map(|(&c, &r)| Some((r?, c))).collect();
    let names: BTreeSet<&str> = mip.rows.iter().map(|r| r.name.as_str()).collect();
    let mut rows = Vec::new();
    for (r, row) in mip.rows.iter().enumerate() {
        if row.implied {
            continue;
        }
        let Some(&c) = by_row.get(&r) else {
            rows.push(crate::mip::Row {
                terms: row.terms.iter().map(|&(c, k)| (index[c], k)).collect(),
                ..row.clone()
            });
            continue;
        };
        rows.extend(bounds_rows(mip, row, c, &index, &names));
    }
    // Over binaries alone, which MiniSat sees (`unseen` counts them as used).
    rows.extend(mip.clause_rows.iter().map(|row| crate::mip::Row {
        terms: row.terms.iter().map(|&(c, k)| (index[c], k)).collect(),
        ..row.clone()
    }));
    let remap = |cols: &Vec<(i64, usize)>| cols.iter().map(|&(v, c)| (v, index[c])).collect();
    Mip {
        columns,
        column_names,
        rows,
        clause_rows: Vec::new(),
        cell_columns: mip.cell_columns.iter().map(remap).collect(),
        // Zero coefficients only (`sat_columns`), on kept columns.
        objective: mip
            .objective
            .iter()
            .filter(|&&(c, _)| !unseen.contains_key(&c))
            .map(|&(c, k)| (index[c], k))
            .collect(),
        ..mip.clone()
    }
}

/// The bounds of column `c`, which `row` defines (`unseen`), as rows over the row's rest,
/// where the rest's own range does not already keep them: `lower <= c <= upper` with
/// `c = (rhs - rest) / k`, k = 1 or -1. Without them MiniSat could give a grid whose `c`
/// lies outside its bounds (`x / 9`'s remainder, from the algebra). A zipper's total
/// (`t = 2 z2 + ... + 9 z9`, one z chosen) keeps both: each z alone reaches 0 or 44.
fn bounds_rows(
    mip: &Mip,
    row: &crate::mip::Row,
    c: usize,
    index: &[usize],
    names: &BTreeSet<&str>,
) -> Vec<crate::mip::Row> {
    let own: i64 = row.terms.iter().filter(|t| t.0 == c).map(|t| t.1).sum();
    let rest: Vec<(usize, i64)> = row
        .terms
        .iter()
        .filter(|t| t.0 != c)
        .map(|&(o, k)| (index[o], k))
        .collect();
    // The rest's range, from its columns' bounds.
    let (mut low, mut high) = (0i64, 0i64);
    for &(o, k) in row.terms.iter().filter(|t| t.0 != c) {
        let (a, b) = (k * mip.columns[o].lower, k * mip.columns[o].upper);
        low += a.min(b);
        high += a.max(b);
    }
    let column = &mip.columns[c];
    // own = 1: rest = rhs - c, so rhs - upper <= rest <= rhs - lower;
    // own = -1: rest = rhs + c, so rhs + lower <= rest <= rhs + upper.
    let (at_least, at_most) = if own == 1 {
        (row.rhs - column.upper, row.rhs - column.lower)
    } else {
        (row.rhs + column.lower, row.rhs + column.upper)
    };
    let mut out = Vec::new();
    // A name no row of the model has (row names are unique, and the emitters need them so).
    let fresh = |suffix: &str| {
        let mut name = format!("{}_{suffix}", row.name);
        while names.contains(name.as_str()) {
            name.push('_');
        }
        name
    };
    if low < at_least {
        out.push(crate::mip::Row {
            name: fresh("low"),
            terms: rest.clone(),
            sense: Sense::Ge,
            rhs: at_least,
            implied: false,
        });
    }
    if high > at_most {
        out.push(crate::mip::Row {
            name: fresh("high"),
            terms: rest,
            sense: Sense::Le,
            rhs: at_most,
            implied: false,
        });
    }
    out
}

/// GLPK's ways to run `mip`: its branch and cut (`args`), and for a model of binaries
/// (`sat_ready`) its MiniSat too (`--minisat`: the rows translated to clauses and handed to
/// the MiniSat solver glpsol carries). They are good at different models: MiniSat proves Cold
/// Sauerkraut unique in 0.07 s and the Normal Lunchbox in 0.2 s, where branch and cut found
/// no grid in 150 s and 120 s, and the very hard 16x16 X-sudoku in 0.2 s; branch and cut
/// proves the Barbed Cross in 2.2 s, where MiniSat had no grid in 30 s. So both run, one
/// process each, when the user allows two threads (`-p`, every core by default) and the
/// machine has two cores; on one, MiniSat alone, the faster on most of the examples. A
/// user's `--solver-option minisat=` asks for MiniSat alone, and any other option is for
/// branch and cut, which then runs alone.
pub fn ways(mip: &Mip, opts: &Options, cores: usize) -> Vec<Options> {
    let asked = |k: &str| opts.options.iter().any(|(key, _)| key == k);
    // Asked for by name, MiniSat runs whatever the model's size (when it takes the model at
    // all: else glpsol's refusal is the answer).
    let ready = if asked("minisat") {
        sat_columns(mip)
    } else {
        sat_ready(mip)
    };
    if !ready || opts.sat || (!opts.options.is_empty() && !asked("minisat")) {
        return vec![opts.clone()];
    }
    let sat = Options {
        sat: true,
        options: opts
            .options
            .iter()
            .filter(|(k, _)| k != "minisat")
            .cloned()
            .collect(),
        ..opts.clone()
    };
    let two = opts.threads.unwrap_or(cores).min(cores) >= 2;
    if two && !asked("minisat") {
        vec![opts.clone(), sat]
    } else {
        vec![sat]
    }
}

/// A MiniSat run's outcome with what its log says. Its translation into clauses may find
/// that the rows have no solution before MiniSat runs (`PROBLEM HAS NO INTEGER FEASIBLE
/// SOLUTION` in the log: rows such as `0 x = 1`, which the lowering writes for a rule that
/// cannot hold); glpsol then writes the status `INTEGER UNDEFINED`, read as a time limit.
/// MiniSat has no time limit (sdkc stops it, and then there is no file to read), so any other
/// undefined status of a finished run is a failure, not the time limit.
pub fn settle(outcome: Outcome, log: &str, opts: &Options) -> Result<Outcome, String> {
    if !opts.sat || outcome != Outcome::TimeLimit {
        return Ok(outcome);
    }
    if log
        .lines()
        .any(|l| l.trim() == "PROBLEM HAS NO INTEGER FEASIBLE SOLUTION")
    {
        return Ok(Outcome::Infeasible);
    }
    let last = log
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    Err(format!(
        "its MiniSat ended without an answer; its log ends with: {}",
        last.trim()
    ))
}

/// What glpsol's MiniSat refused although glpsol went on, from its log: the translation's
/// `glp_intfeas1: ... not allowed` (a model with a column that is not a binary), after which
/// glpsol writes an undefined solution, which reads as the time limit.
pub fn refused(log: &str) -> Option<String> {
    log.lines()
        .find(|l| l.starts_with("glp_intfeas1:"))
        .map(|l| format!("its MiniSat refused the model: {}", l.trim()))
}

/// The flag that makes `glpsol` print its version and exit. Its first line is
/// `GLPSOL--GLPK LP/MIP Solver 5.0` (GLPK 5.0; 4.x printed `GLPSOL: GLPK LP/MIP Solver, v4.65`),
/// then comes a copyright notice.
pub const fn version_arg() -> &'static str {
    "--version"
}

/// The version in what `glpsol --version` printed: `5.0` from `GLPSOL--GLPK LP/MIP Solver 5.0`
/// (or `4.65` from `GLPSOL: GLPK LP/MIP Solver, v4.65`). The first line only: a later one
/// says "General Public License version 3".
pub fn parse_version(output: &str) -> Option<String> {
    let line = output.lines().find(|l| l.contains("GLPK LP/MIP Solver"))?;
    let v = line.split_whitespace().last()?;
    let v = v.strip_prefix('v').unwrap_or(v);
    v.starts_with(|c: char| c.is_ascii_digit())
        .then(|| v.to_string())
}

/// `glpsol <format flag> MODEL -o SOLUTION --first --cover --clique [--tmlim SECONDS] [--KEY VALUE]...`
///
/// - The model's format is given, not guessed: glpsol's default is free MPS.
/// - `--tmlim` takes whole seconds (glpsol refuses `1.5`, and anything above `i32::MAX`), so
///   the limit is rounded up, and at least 1: a run may go on for up to a second past a limit
///   that is not whole, never stop before it. glpsol measures wall-clock time, and it looks
///   at the clock between simplex iterations, so it may end a little late (1.6 s for a limit
///   of 1 s on an empty 16x16 grid).
/// - No seed: `--seed` only seeds the MathProg translator's random numbers (glpsol's help says
///   so), and GLPK's branch and bound has no random choices as glpsol runs it; the same model
///   gives the same run and the same grid every time (checked: three runs of killer.sdk and of
///   an empty 9x9 grid wrote identical files). `opts.random_seed` is ignored, so is
///   `opts.threads` here (GLPK uses one thread; `ways` reads it to race a second process).
/// - `opts.below` (a cutoff only CBC is asked for) is ignored too.
/// - Each `--solver-option KEY=VALUE` is `--KEY VALUE` (`--KEY` alone when VALUE is empty),
///   last, so that an option the user gives twice, like `--tmlim`, overrides sdkc's.
pub fn args(model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
    let format = match opts.format {
        Format::Lp => "--lp",
        Format::Mps => "--freemps",
        Format::FixedMps => "--mps",
    };
    let mut a: Vec<OsString> = vec![format.into(), model.into(), "-o".into(), solution.into()];
    // Branch on the first fractional column, not on Driebeck and Tomlin's estimate: with no
    // objective to estimate, the first column is the first open cell in reading order, as a
    // sudoku search would go, and GLPK then proves the Miracle Sudoku (13 s, past 30 s
    // before), thermo (0.5 s, 4.2 s before) and three more family examples. Before the
    // user's options, so `--solver-option drtom=` brings GLPK's own choice back. The model's
    // integer columns that are not a cell's come first (`choices_first`), so a family's
    // choice (a zipper's total, the counting circles' set of digits) is branched on before
    // the cells: Santorini proved in 4.8–5.2 s (its grid but no proof in 120 s before), the
    // zipper in 17.1–18.8 s (no grid in 120 s), 2026-12-07.
    if opts.sat {
        // MiniSat has no time limit and no branching; `--tmlim` would be ignored (sdkc stops
        // it at the limit, `MipSolver::keeps_time`).
        a.push("--minisat".into());
        push_options(&mut a, opts);
        return a;
    }
    a.push("--first".into());
    // Mixed cover cuts, which act on rows with coefficients other than 1 over binaries (the
    // one of counting circles, `sum_k k u_k = circles`): Clockwork in 0.3 s, past 30 s
    // without. The other family examples GLPK proves took as long with them (one run each
    // way, 2026-11-28). glpsol has no flag to turn them off again.
    a.push("--cover".into());
    // Clique cuts, from the conflict graph of the binaries (a cell's one-hot row, a value's
    // row, column and box rows, the families' cliques): Numbered Rooms proved in 27 s and
    // 3,398 nodes (95 s and 15,608 without), Dutch whispers 7.3 s → 3.9 s, Fortress 0.84 s →
    // 0.06 s, Clockwork 0.39 s → 0.16 s; the other family examples GLPK proves, and the
    // hard 9x9s, the same nodes (one run each way, 2026-11-28). No flag turns them off.
    a.push("--clique".into());
    if let Some(t) = opts.time_limit {
        a.push("--tmlim".into());
        a.push(whole_seconds(t).to_string().into());
    }
    push_options(&mut a, opts);
    a
}

/// The user's `--solver-option`s, last.
fn push_options(a: &mut Vec<OsString>, opts: &Options) {
    for (k, v) in &opts.options {
        a.push(format!("--{k}").into());
        if !v.is_empty() {
            a.push(v.into());
        }
    }
}

/// `mip` with its integer columns that are not a cell's (a family's choice of digits, sets or
/// totals, an algebra's binaries) first, or `None` when it has none: `--first` branches on
/// the first fractional column. A column's place is where glpsol creates it: in an MPS file
/// the order of the columns, in a CPLEX-LP file the order in which their names first come,
/// so the LP's objective names them first, each with a zero coefficient.
fn choices_first(mip: &Mip, format: Format) -> Option<Mip> {
    let mut cell = vec![false; mip.columns.len()];
    for &(_, c) in mip.cell_columns.iter().flatten() {
        cell[c] = true;
    }
    let first: Vec<usize> = (0..mip.columns.len())
        .filter(|&c| mip.columns[c].integer && !cell[c])
        .collect();
    if first.is_empty() {
        return None;
    }
    let mut out = mip.clone();
    if format == Format::Lp {
        let mut named = vec![false; mip.columns.len()];
        for &(c, _) in &mip.objective {
            named[c] = true;
        }
        out.objective = first
            .iter()
            .filter(|&&c| !named[c])
            .map(|&c| (c, 0))
            .chain(mip.objective.iter().copied())
            .collect();
        return Some(out);
    }
    // MPS: the columns permuted, `order[new] = old`.
    let order: Vec<usize> = first
        .iter()
        .copied()
        .chain((0..mip.columns.len()).filter(|&c| !mip.columns[c].integer || cell[c]))
        .collect();
    let mut new_of = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_of[old] = new;
    }
    out.columns = order.iter().map(|&c| mip.columns[c].clone()).collect();
    let mut names = Names::default();
    for &c in &order {
        names.push_with(|t| t.push_str(mip.column_name(c)));
    }
    out.column_names = names;
    for row in &mut out.rows {
        for term in &mut row.terms {
            term.0 = new_of[term.0];
        }
    }
    for term in &mut out.objective {
        term.0 = new_of[term.0];
    }
    for term in out.cell_columns.iter_mut().flatten() {
        term.1 = new_of[term.1];
    }
    Some(out)
}

/// A time limit as glpsol's `--tmlim` takes it: whole seconds, rounded up, from 1 to `i32::MAX`.
fn whole_seconds(t: f64) -> i64 {
    if t.is_nan() {
        return 1;
    }
    t.ceil().clamp(1.0, i32::MAX as f64) as i64
}

/// Values printed with `%13.6g`: from 10^6 on, the printed number may be rounded.
const EXACT_BELOW: f64 = 1e6;

/// `read_solution_as` of a branch and cut run (the unit tests' files).
#[cfg(test)]
fn read_solution(text: &str, mip: &Mip) -> Result<Outcome, String> {
    read_solution_as(text, mip, false)
}

/// `read_solution` of a run whose continuous columns in [0, 1] glpsol was given as binaries
/// (`sat`: MiniSat's, `binaries`), so that it solved them as integer columns, and which did
/// not see `mip`'s `unseen` columns: their values come from their rows, or are their lower
/// bounds.
pub fn read_solution_as(text: &str, mip: &Mip, sat: bool) -> Result<Outcome, String> {
    let unseen = if sat { unseen(mip) } else { BTreeMap::new() };
    if unseen.is_empty() {
        return read_table(text, mip, sat);
    }
    let seen = binaries_without(mip, &unseen);
    let fill = |values: Vec<f64>| {
        let mut all = vec![0.0; mip.columns.len()];
        let mut from = values.into_iter();
        for (c, value) in all.iter_mut().enumerate() {
            *value = match unseen.get(&c) {
                None => from.next().unwrap_or(0.0),
                // In no row MiniSat saw: any value in bounds is as good.
                Some(None) => mip.columns[c].lower as f64,
                Some(Some(_)) => 0.0, // below, from its row
            };
        }
        for (&c, &r) in &unseen {
            let Some(r) = r else { continue };
            let row = &mip.rows[r];
            let (mut own, mut rest) = (0.0, 0.0);
            for &(o, k) in &row.terms {
                if o == c {
                    own += k as f64;
                } else {
                    rest += k as f64 * all[o];
                }
            }
            all[c] = (row.rhs as f64 - rest) / own;
        }
        all
    };
    Ok(match read_table(text, &seen, sat)? {
        Outcome::Solved(values) => Outcome::Solved(fill(values)),
        Outcome::Stopped(values) => Outcome::Stopped(fill(values)),
        other => other,
    })
}

/// `read_solution_as` of the model glpsol was given.
fn read_table(text: &str, mip: &Mip, sat: bool) -> Result<Outcome, String> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.first().ok_or("the solution file is empty")?;
    if !first.starts_with("Problem:") {
        return Err(format!(
            "the file does not start with `Problem:` but `{}`",
            first.trim()
        ));
    }
    // The header: `Key:  value` lines up to the first blank line.
    let header = |key: &str| {
        lines
            .iter()
            .enumerate()
            .take_while(|(_, l)| !l.trim().is_empty())
            .find_map(|(i, l)| l.strip_prefix(key).map(|v| (i + 1, v.trim())))
    };
    let (status_line, status) = header("Status:").ok_or("the header has no `Status:` line")?;
    let proven = match status {
        "INTEGER OPTIMAL" => true,
        "INTEGER NON-OPTIMAL" => false,
        "INTEGER EMPTY" => return Ok(Outcome::Infeasible),
        "INTEGER UNDEFINED" => return Ok(Outcome::TimeLimit),
        // A model without integer columns, solved as an LP.
        "OPTIMAL" => true,
        other => return Err(format!("line {status_line}: unexpected status `{other}`")),
    };
    let (count_line, count) = header("Columns:").ok_or("the header has no `Columns:` line")?;
    // `4 (4 integer, 4 binary)` for a MIP, `1` for an LP.
    let n: usize = count
        .split_whitespace()
        .next()
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("line {count_line}: `{count}` is not a number of columns"))?;
    if n != mip.columns.len() {
        return Err(format!(
            "line {count_line}: the file has {n} columns; the model has {}",
            mip.columns.len()
        ));
    }
    let table = lines
        .iter()
        .position(|l| l.trim_start().starts_with("No. Column name"))
        .ok_or("no table of columns (`No. Column name`)")?;
    // The LP layout has a status column `St` (B, NL, NU, NF, NS) where a MIP's has `*`.
    let lp = lines[table].split_whitespace().any(|f| f == "St");
    if lp != (status == "OPTIMAL") {
        return Err(format!(
            "line {}: a table of columns laid out for {}, under the status `{status}`",
            table + 1,
            if lp { "an LP" } else { "a MIP" }
        ));
    }
    if !lines
        .get(table + 1)
        .is_some_and(|l| l.starts_with("------"))
    {
        return Err(format!(
            "line {}: the table of columns has no line of dashes",
            table + 2
        ));
    }
    let by_name = index_by_name(mip);
    let mut values = vec![0.0; mip.columns.len()];
    let mut seen = vec![false; mip.columns.len()];
    let mut listed = 0;
    let mut k = table + 2;
    while let Some(line) = lines.get(k).filter(|l| !l.trim().is_empty()) {
        let at = k + 1;
        let mut fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() == 2 {
            // A long name: the rest of the entry is on the next line.
            k += 1;
            match lines.get(k).filter(|l| !l.trim().is_empty()) {
                Some(next) => fields.extend(next.split_whitespace()),
                None => {
                    return Err(format!(
                        "line {at}: column `{}` has no values after it",
                        fields[1]
                    ));
                }
            }
        }
        let (index, name, rest) = match fields.as_slice() {
            [index, name, rest @ ..] if !rest.is_empty() => (*index, *name, rest),
            _ => {
                return Err(format!(
                    "line {at} is not `index name [*] activity lower upper`: `{}`",
                    line.trim()
                ));
            }
        };
        if index.parse::<usize>().ok() != Some(listed + 1) {
            return Err(format!(
                "line {at}: column number `{index}` where {} should be",
                listed + 1
            ));
        }
        let col = *by_name.get(name).ok_or_else(|| {
            format!("line {at} names column `{name}`, which the model does not have")
        })?;
        if seen[col] {
            return Err(format!("line {at} lists column `{name}` a second time"));
        }
        let (integer, rest) = if lp {
            match rest {
                [st, rest @ ..] if ["B", "NL", "NU", "NF", "NS"].contains(st) => (false, rest),
                _ => {
                    return Err(format!(
                        "line {at}: column `{name}` has no status (B, NL, NU, NF, NS)"
                    ));
                }
            }
        } else {
            match rest {
                ["*", rest @ ..] => (true, rest),
                _ => (false, rest),
            }
        };
        // glpsol's idea of the column must be sdkc's: a column read as continuous would give
        // a value of the relaxation, not of the MIP. (MiniSat's run was given the continuous
        // columns in [0, 1] as binaries, `binaries`.)
        let c = &mip.columns[col];
        let written = c.integer || (sat && c.lower == 0 && c.upper == 1);
        if integer != written {
            return Err(format!(
                "line {at}: glpsol solved column `{name}` as {}, but the model's is {}",
                if integer { "integer" } else { "continuous" },
                if written { "integer" } else { "continuous" }
            ));
        }
        let shown = *rest
            .first()
            .ok_or_else(|| format!("line {at}: column `{name}` has no value"))?;
        let value = number(shown).ok_or_else(|| {
            format!("line {at}: column `{name}` has `{shown}` where a number should be")
        })?;
        if value.abs() >= EXACT_BELOW {
            return Err(format!(
                "line {at}: column `{name}` has the value `{shown}`, which the printable file \
                 rounds to 6 significant digits"
            ));
        }
        values[col] = value;
        seen[col] = true;
        listed += 1;
        k += 1;
    }
    if listed != n {
        return Err(format!(
            "the file lists {listed} of its {n} columns; the model has {}",
            mip.columns.len()
        ));
    }
    Ok(if proven {
        Outcome::Solved(values)
    } else {
        Outcome::Stopped(values)
    })
}

/// Simplex iterations and subproblems, from the log. The branch and bound prints progress
/// lines `+  4576: mip =   2.527000000e+03 >=   1.779000000e+03  29.6% (118; 22)`: iterations
/// so far (4576, the root LP's included), open subproblems (118) and finished ones (22); the
/// last line's finished count is the nodes (all of them once the tree is empty). Before the
/// branch and bound, the LP relaxation prints `*  4959: obj = ...` (iterations only). A model
/// the MIP preprocessor solves prints neither: no node, no iteration.
pub fn statistics(log: &str) -> (Option<u64>, Option<u64>) {
    let mut nodes = None;
    let mut iterations = None;
    for line in log.lines() {
        let Some((head, tail)) = line.split_once(':') else {
            continue;
        };
        let marker = head.chars().next();
        let Ok(count) = head.trim_start_matches(['+', '*', '~', ' ']).parse::<u64>() else {
            continue;
        };
        if !matches!(marker, Some('+' | '*' | '~' | ' ')) {
            continue;
        }
        iterations = Some(count);
        if marker == Some('+') {
            // `(118; 22)` at the end.
            nodes = tail
                .trim_end()
                .strip_suffix(')')
                .and_then(|t| t.rsplit_once(';'))
                .and_then(|(_, done)| done.trim().parse().ok())
                .or(nodes);
        }
    }
    if iterations.is_none() && log.contains("SOLUTION FOUND BY MIP PREPROCESSOR") {
        return (Some(0), Some(0));
    }
    (nodes, iterations)
}

#[cfg(test)]
mod tests {
    //! On files glpsol 5.0 (Debian's glpk-utils 5.0-1) wrote for the 2x2 model of the solver
    //! tests (`grid 2x2`, `givens "1..."`, rows and columns distinct), compiled by sdkc and run
    //! as `glpsol --lp t.lp -o t.out`, with rows added by hand for the other cases; for the
    //! statuses a 2x2 grid cannot provoke (a time limit), the header lines of real runs on
    //! bigger grids above the 2x2 model's table. Lines are written out one by one, so that
    //! the space glpsol ends them with stays visible.
    use super::*;

    /// Columns x_r1c2_2, x_r2c1_2, x_r2c2_1, x_r2c2_2: the readers' shared 2x2 model.
    use crate::solve::mip::tests::mip;

    /// A 4x4 whose renban line has a binary per lowest digit (`renban1_low1`, ...): glpsol is
    /// given those columns first, each format its own way, and the same model otherwise.
    #[test]
    fn a_familys_binaries_come_first() {
        let text =
            b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule renban(r1c1-r2c1)\n";
        let m = crate::lower::lower(&crate::load("t.sdk", text, None).unwrap()).unwrap();
        let cell = |c: usize| m.cell_columns.iter().flatten().any(|&(_, x)| x == c);
        let first: Vec<&str> = (0..m.columns.len())
            .filter(|&c| m.columns[c].integer && !cell(c))
            .map(|c| m.column_name(c))
            .collect();
        assert!(!first.is_empty());
        let names = |m: &Mip, terms: &[(usize, i64)]| -> Vec<String> {
            terms
                .iter()
                .map(|&(c, _)| m.column_name(c).to_string())
                .collect()
        };
        let lp = choices_first(&m, Format::Lp).unwrap();
        assert_eq!(names(&lp, &lp.objective), first);
        assert!(lp.objective.iter().all(|&(_, k)| k == 0));
        assert_eq!((&lp.columns, &lp.rows), (&m.columns, &m.rows));
        let mps = choices_first(&m, Format::Mps).unwrap();
        let order: Vec<&str> = (0..first.len()).map(|c| mps.column_name(c)).collect();
        assert_eq!(order, first);
        for (a, b) in m.rows.iter().zip(&mps.rows) {
            assert_eq!(names(&m, &a.terms), names(&mps, &b.terms));
        }
        for (a, b) in m.cell_columns.iter().zip(&mps.cell_columns) {
            let at = |m: &Mip, cs: &[(i64, usize)]| -> Vec<(i64, String)> {
                cs.iter()
                    .map(|&(v, c)| (v, m.column_name(c).to_string()))
                    .collect()
            };
            assert_eq!(at(&m, a), at(&mps, b));
        }
        // A model with no such column is written as it is.
        assert!(choices_first(&mip(), Format::Lp).is_none());
    }

    /// Lines 8 to 19: the rows' table and the blank line after it.
    const ROWS: &str = concat!(
        "   No.   Row name        Activity     Lower bound   Upper bound\n",
        "------ ------------    ------------- ------------- -------------\n",
        "     1 r1c2                        1             1             = \n",
        "     2 r2c1                        1             1             = \n",
        "     3 r2c2                        1             1             = \n",
        "     4 r1_2                        1             1             = \n",
        "     5 r2_1                        1             1             = \n",
        "     6 r2_2                        1             1             = \n",
        "     7 c1_2                        1             1             = \n",
        "     8 c2_1                        1             1             = \n",
        "     9 c2_2                        1             1             = \n",
        "\n",
    );

    /// Lines 20 and 21; the columns follow from line 22.
    const COLUMNS: &str = concat!(
        "   No. Column name       Activity     Lower bound   Upper bound\n",
        "------ ------------    ------------- ------------- -------------\n",
    );

    /// The 2x2 model's solution, as glpsol printed it: lines 22 to 25.
    const SOLVED: &str = concat!(
        "     1 x_r1c2_2     *              1             0             1 \n",
        "     2 x_r2c1_2     *              1             0             1 \n",
        "     3 x_r2c2_1     *              1             0             1 \n",
        "     4 x_r2c2_2     *              0             0             1 \n",
    );

    const TAIL: &str = concat!(
        "\n",
        "Integer feasibility conditions:\n",
        "\n",
        "KKT.PE: max.abs.err = 0.00e+00 on row 0\n",
        "        max.rel.err = 0.00e+00 on row 0\n",
        "        High quality\n",
        "\n",
        "KKT.PB: max.abs.err = 0.00e+00 on row 0\n",
        "        max.rel.err = 0.00e+00 on row 0\n",
        "        High quality\n",
        "\n",
        "End of output\n",
    );

    /// A whole file with this status, objective value and table of columns.
    fn file(status: &str, objective: &str, columns: &str) -> String {
        [
            "Problem:    \n",
            "Rows:       9\n",
            "Columns:    4 (4 integer, 4 binary)\n",
            "Non-zeros:  12\n",
            &format!("Status:     {status}\n"),
            &format!("Objective:  obj = {objective} (MINimum)\n"),
            "\n",
            ROWS,
            COLUMNS,
            columns,
            TAIL,
        ]
        .concat()
    }

    fn strings(a: Vec<OsString>) -> Vec<String> {
        a.iter().map(|a| a.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn optimal() {
        let text = file("INTEGER OPTIMAL", "0", SOLVED);
        assert_eq!(
            read_solution(&text, &mip()),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
        // The same run on the free MPS file (`--freemps`): the problem has a name.
        let mps = text.replace("Problem:    \n", "Problem:    sdkc\n");
        assert_eq!(
            read_solution(&mps, &mip()),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
        // A continuous column in [0, 1] solved as integer: MiniSat's run, given it as a
        // binary, and no other.
        let mut arcs = mip();
        arcs.columns[0].integer = false;
        assert_eq!(
            read_solution_as(&text, &arcs, true),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
        assert!(read_solution(&text, &arcs).unwrap_err().ends_with(
            "glpsol solved column `x_r1c2_2` as integer, but the model's is continuous"
        ),);
    }

    /// The LP reader numbers columns as it meets them, objective first: with the objective
    /// `0 x_r2c2_1`, that column is number 1. Names, not numbers, place the values.
    #[test]
    fn columns_are_read_by_name_not_number() {
        let reordered = concat!(
            "     1 x_r2c2_1     *              1             0             1 \n",
            "     2 x_r1c2_2     *              1             0             1 \n",
            "     3 x_r2c1_2     *              1             0             1 \n",
            "     4 x_r2c2_2     *              0             0             1 \n",
        );
        assert_eq!(
            read_solution(&file("INTEGER OPTIMAL", "0", reordered), &mip()),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0]))
        );
    }

    /// `--tmlim 1` on an empty 9x9 grid with random costs: `TIME LIMIT EXCEEDED; SEARCH
    /// TERMINATED` in the log, a solution of cost 2527 in the file.
    #[test]
    fn time_limit_with_a_solution() {
        assert_eq!(
            read_solution(&file("INTEGER NON-OPTIMAL", "2527", SOLVED), &mip()),
            Ok(Outcome::Stopped(vec![1.0, 1.0, 1.0, 0.0]))
        );
    }

    /// `--tmlim 1` on an empty 16x16 grid (stopped in the branch and bound) or 25x25 grid
    /// (stopped in the LP relaxation): every value 0.
    #[test]
    fn time_limit_without_a_solution() {
        let zeros = SOLVED.replace("*              1", "*              0");
        assert_eq!(
            read_solution(&file("INTEGER UNDEFINED", "0", &zeros), &mip()),
            Ok(Outcome::TimeLimit)
        );
    }

    /// The same status whether the preprocessor proves it (`PROBLEM HAS NO PRIMAL FEASIBLE
    /// SOLUTION`; here for the row `bad: x_r1c2_2 + x_r2c1_2 <= 1` added), the LP relaxation
    /// (`LP HAS NO PRIMAL FEASIBLE SOLUTION`) or the search (`PROBLEM HAS NO INTEGER FEASIBLE
    /// SOLUTION`, on an odd cycle of `x + y = 1` rows).
    #[test]
    fn infeasible() {
        let text = concat!(
            "Problem:    \n",
            "Rows:       10\n",
            "Columns:    4 (4 integer, 4 binary)\n",
            "Non-zeros:  14\n",
            "Status:     INTEGER EMPTY\n",
            "Objective:  obj = 0 (MINimum)\n",
            "\n",
        );
        assert_eq!(read_solution(text, &mip()), Ok(Outcome::Infeasible));
    }

    /// A name longer than 12 characters ends its line (a column `nonconsecutive_d2` added to
    /// the 2x2 model, in a row `long: x_r2c2_2 + nonconsecutive_d2 <= 1`).
    #[test]
    fn long_names_wrap() {
        let mut m = mip();
        m.column_names
            .push_with(|t| t.push_str("nonconsecutive_d2"));
        m.columns.push(crate::mip::Column {
            lower: 0,
            upper: 1,
            integer: true,
        });
        let columns = [
            SOLVED,
            "     5 nonconsecutive_d2\n",
            "                    *              1             0             1 \n",
        ]
        .concat();
        let text = file("INTEGER OPTIMAL", "0", &columns).replace(
            "Columns:    4 (4 integer, 4 binary)",
            "Columns:    5 (5 integer, 5 binary)",
        );
        assert_eq!(
            read_solution(&text, &m),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0, 1.0]))
        );
        let cut = text.replace(
            "                    *              1             0             1 \n",
            "",
        );
        assert_eq!(
            read_solution(&cut, &m),
            Err("line 26: column `nonconsecutive_d2` has no values after it".into())
        );
    }

    /// A model without integer columns is solved as an LP and printed the LP way
    /// (`glp_print_sol`). sdkc writes none (givens that fill the grid leave its placeholder
    /// `zero`, an integer column), so the model here is that one with `zero` made continuous.
    #[test]
    fn a_model_without_integer_columns_is_an_lp() {
        let p = crate::load(
            "full.sdk",
            b"grid 2x2\ngivens \"1221\"\nrule distinct rows, columns\n",
            None,
        )
        .unwrap();
        let mut m = crate::lower::lower(&p).unwrap();
        assert!(m.columns[0].integer, "the placeholder is an integer column");
        m.columns[0].integer = false;
        let text = concat!(
            "Problem:    \n",
            "Rows:       1\n",
            "Columns:    1\n",
            "Non-zeros:  1\n",
            "Status:     OPTIMAL\n",
            "Objective:  obj = 0 (MINimum)\n",
            "\n",
            "   No.   Row name   St   Activity     Lower bound   Upper bound    Marginal\n",
            "------ ------------ -- ------------- ------------- ------------- -------------\n",
            "     1 zero         B              0             0             = \n",
            "\n",
            "   No. Column name  St   Activity     Lower bound   Upper bound    Marginal\n",
            "------ ------------ -- ------------- ------------- ------------- -------------\n",
            "     1 zero         NS             0             0             =         < eps\n",
            "\n",
            "Karush-Kuhn-Tucker optimality conditions:\n",
        );
        assert_eq!(read_solution(text, &m), Ok(Outcome::Solved(vec![0.0])));
        // An LP's other statuses (`UNDEFINED` is what the LP presolver leaves on an
        // infeasible LP) say nothing sdkc can use.
        assert_eq!(
            read_solution(
                &text.replace("Status:     OPTIMAL", "Status:     UNDEFINED"),
                &m
            ),
            Err("line 5: unexpected status `UNDEFINED`".into())
        );
        // The 2x2 model's binaries in an LP's table: glpsol ignored their integrality.
        let as_lp = file("OPTIMAL", "0", SOLVED).replace(
            "   No. Column name       Activity",
            "   No. Column name  St   Activity",
        );
        assert_eq!(
            read_solution(&as_lp, &mip()),
            Err("line 22: column `x_r1c2_2` has no status (B, NL, NU, NF, NS)".into())
        );
        // An LP's table under a MIP status, or the other way round.
        assert_eq!(
            read_solution(&as_lp.replace("OPTIMAL", "INTEGER OPTIMAL"), &mip()),
            Err("line 20: a table of columns laid out for an LP, under the status `INTEGER OPTIMAL`".into())
        );
    }

    #[test]
    fn malformed_files_are_errors() {
        let m = mip();
        let optimal = |columns: &str| read_solution(&file("INTEGER OPTIMAL", "0", columns), &m);
        assert_eq!(
            read_solution("", &m),
            Err("the solution file is empty".into())
        );
        // The raw format (`-w`) is not the one sdkc asks for.
        assert_eq!(
            read_solution("c Problem:    \nc Rows:       9\ns mip 9 4 o 0\n", &m),
            Err("the file does not start with `Problem:` but `c Problem:`".into())
        );
        assert_eq!(
            read_solution(&file("INTEGER ???", "0", SOLVED), &m),
            Err("line 5: unexpected status `INTEGER ???`".into())
        );
        assert_eq!(
            read_solution(
                &file("INTEGER OPTIMAL", "0", SOLVED)
                    .replace("Columns:    4 (4", "Columns:    5 (5"),
                &m
            ),
            Err("line 3: the file has 5 columns; the model has 4".into())
        );
        assert_eq!(
            read_solution(
                &file("INTEGER OPTIMAL", "0", SOLVED).replace(COLUMNS, ""),
                &m
            ),
            Err("no table of columns (`No. Column name`)".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace("x_r2c2_2 ", "y_r2c2_2 ")),
            Err("line 25 names column `y_r2c2_2`, which the model does not have".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace("     4 x_r2c2_2", "     4 x_r2c2_1")),
            Err("line 25 lists column `x_r2c2_1` a second time".into())
        );
        assert_eq!(
            optimal(&SOLVED[..SOLVED.rfind("     4").unwrap()]),
            Err("the file lists 3 of its 4 columns; the model has 4".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace("     3 x_r2c2_1", "     7 x_r2c2_1")),
            Err("line 24: column number `7` where 3 should be".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace(
                "*              1             0",
                "*            one             0"
            )),
            Err("line 22: column `x_r1c2_2` has `one` where a number should be".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace("     2 x_r2c1_2     *", "     2 x_r2c1_2      ")),
            Err("line 23: glpsol solved column `x_r2c1_2` as continuous, but the model's is integer".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace("*              1             0", "*    1.23457e+06             0")),
            Err("line 22: column `x_r1c2_2` has the value `1.23457e+06`, which the printable file rounds to 6 significant digits".into())
        );
        assert_eq!(
            optimal(&SOLVED.replace(
                "     1 x_r1c2_2     *              1             0             1 ",
                "     1 x_r1c2_2     *"
            )),
            Err("line 22: column `x_r1c2_2` has no value".into())
        );
    }

    #[test]
    fn command_lines() {
        let mut opts = Options {
            format: Format::Lp,
            time_limit: Some(2.5),
            below: Some(80.5),
            threads: Some(4),
            random_seed: Some(7),
            ..Options::default()
        };
        let (model, solution) = (
            Path::new("/tmp/r/model.lp"),
            Path::new("/tmp/r/solution.txt"),
        );
        assert_eq!(
            strings(args(model, solution, &opts)),
            [
                "--lp",
                "/tmp/r/model.lp",
                "-o",
                "/tmp/r/solution.txt",
                "--first",
                "--cover",
                "--clique",
                "--tmlim",
                "3"
            ]
        );
        opts.format = Format::Mps;
        opts.time_limit = Some(0.01);
        opts.options = vec![
            ("cuts".into(), String::new()),
            ("mipgap".into(), "0.1".into()),
        ];
        let model = Path::new("/tmp/r/model.mps");
        assert_eq!(
            strings(args(model, solution, &opts)),
            [
                "--freemps",
                "/tmp/r/model.mps",
                "-o",
                "/tmp/r/solution.txt",
                "--first",
                "--cover",
                "--clique",
                "--tmlim",
                "1",
                "--cuts",
                "--mipgap",
                "0.1"
            ]
        );
        opts.format = Format::FixedMps;
        opts.time_limit = None;
        opts.options.clear();
        assert_eq!(
            strings(args(model, solution, &opts)),
            [
                "--mps",
                "/tmp/r/model.mps",
                "-o",
                "/tmp/r/solution.txt",
                "--first",
                "--cover",
                "--clique"
            ]
        );
        assert_eq!(whole_seconds(3.0), 3);
        assert_eq!(whole_seconds(3.000001), 4);
        assert_eq!(whole_seconds(0.0), 1);
        assert_eq!(whole_seconds(1e300), i32::MAX as i64);
        // MiniSat's way: no branching flags and no `--tmlim` (it has no clock), the user's
        // options last.
        opts.sat = true;
        opts.time_limit = Some(2.5);
        opts.options = vec![("seed".into(), "3".into())];
        assert_eq!(
            strings(args(model, solution, &opts)),
            [
                "--mps",
                "/tmp/r/model.mps",
                "-o",
                "/tmp/r/solution.txt",
                "--minisat",
                "--seed",
                "3"
            ]
        );
    }

    /// Both ways on a model of binaries when two threads may run on two cores; MiniSat alone
    /// on one thread or one core, or when the user asks for it; branch and cut alone with any
    /// other option of the user's, or on a model MiniSat cannot take.
    #[test]
    fn the_ways_glpk_runs() {
        let ways_of = |m: &Mip, threads: Option<usize>, options: &[&str], cores: usize| {
            let opts = Options {
                threads,
                options: options
                    .iter()
                    .map(|k| (k.to_string(), String::new()))
                    .collect(),
                ..Options::default()
            };
            ways(m, &opts, cores)
                .iter()
                .map(|w| {
                    let keys: Vec<&str> = w.options.iter().map(|(k, _)| k.as_str()).collect();
                    format!("{}{keys:?}", if w.sat { "sat" } else { "bnb" })
                })
                .collect::<Vec<_>>()
        };
        let m = mip();
        assert!(sat_ready(&m));
        assert_eq!(ways_of(&m, None, &[], 2), ["bnb[]", "sat[]"]);
        assert_eq!(ways_of(&m, Some(2), &[], 8), ["bnb[]", "sat[]"]);
        assert_eq!(ways_of(&m, Some(1), &[], 2), ["sat[]"]);
        assert_eq!(ways_of(&m, None, &[], 1), ["sat[]"]);
        assert_eq!(ways_of(&m, None, &["minisat"], 2), ["sat[]"]);
        assert_eq!(
            ways_of(&m, None, &["minisat", "seed"], 2),
            ["sat[\"seed\"]"]
        );
        assert_eq!(ways_of(&m, None, &["cuts"], 2), ["bnb[\"cuts\"]"]);
        // A column past [0, 1] in many rows (an integer cell), or an objective.
        let mut wide = m.clone();
        wide.columns[0].upper = 9;
        assert!(!sat_ready(&wide));
        assert_eq!(ways_of(&wide, None, &[], 2), ["bnb[]"]);
        assert_eq!(ways_of(&wide, None, &["minisat"], 2), ["bnb[\"minisat\"]"]);
        let mut objective = m.clone();
        objective.objective = vec![(0, 1)];
        assert!(!sat_ready(&objective));
        // A row of 5,657 binaries is 15,997,996 pairs, one of 5,658 16,003,653: past
        // `MAX_SAT_PAIRS`, the clauses would take gigabytes.
        for (k, ready) in [(5_657, true), (5_658, false)] {
            let mut big = m.clone();
            let first = big.columns.len();
            for _ in 0..k {
                big.columns.push(crate::mip::Column {
                    lower: 0,
                    upper: 1,
                    integer: true,
                });
            }
            big.rows.push(crate::mip::Row {
                name: "big".into(),
                terms: (first..first + k).map(|c| (c, 1)).collect(),
                sense: crate::mip::Sense::Le,
                rhs: 1,
                implied: false,
            });
            assert_eq!(sat_ready(&big), ready, "{k}");
            // Asked for by name, MiniSat runs whatever the size.
            assert_eq!(ways_of(&big, None, &["minisat"], 2), ["sat[]"]);
            // Marked implied, MiniSat never sees it: no pairs either.
            big.rows.last_mut().unwrap().implied = true;
            assert!(sat_ready(&big), "{k}");
            big.rows.last_mut().unwrap().implied = false;
            // As a no-good row (at most k - 1 of them: one clause), it costs no pairs.
            big.rows.last_mut().unwrap().rhs = k as i64 - 1;
            assert!(sat_ready(&big), "{k}");
        }
        // Continuous columns in [0, 1] are handed over as binaries; fixed ones stay.
        let mut arcs = m.clone();
        arcs.columns[1].integer = false;
        arcs.columns[2] = crate::mip::Column {
            lower: 0,
            upper: 0,
            integer: false,
        };
        assert!(sat_ready(&arcs));
        let b = binaries(&arcs);
        assert!(b.columns[1].integer);
        assert!(!b.columns[2].integer);
    }

    fn row(name: &str, terms: Vec<(usize, i64)>, sense: Sense, rhs: i64) -> crate::mip::Row {
        crate::mip::Row {
            name: name.into(),
            terms,
            sense,
            rhs,
            implied: false,
        }
    }

    /// The 2x2 model with a column `t` in [0, 2] that one equality defines from binaries
    /// (`t = x_r1c2_2 + x_r2c1_2` as `terms`), as a zipper's total is defined.
    fn with_total(terms: Vec<(usize, i64)>, sense: Sense) -> Mip {
        let mut m = mip();
        m.columns.push(crate::mip::Column {
            lower: 0,
            upper: 2,
            integer: true,
        });
        m.column_names.push_with(|t| t.push('t'));
        m.rows.push(row("total", terms, sense, 0));
        m
    }

    /// Rows marked implied (a sum beside the flow that states it) are left out of MiniSat's
    /// model, with a defined column or without (their pairs do not count against its size:
    /// `the_ways_glpk_runs`); branch and cut's model keeps them.
    #[test]
    fn minisat_leaves_out_implied_rows() {
        let mut m = mip();
        let mut sum = row("sum", vec![(0, 1), (1, 1)], Sense::Le, 1);
        sum.implied = true;
        m.rows.insert(3, sum);
        let b = binaries(&m);
        assert_eq!(b.rows, binaries(&mip()).rows);
        let opts = Options::default();
        assert_eq!(Glpk.model(&m, &opts).rows, m.rows);
        // Beside a defined column, its row and the implied one both go.
        let mut both = with_total(vec![(4, 1), (0, -1), (1, -1)], Sense::Eq);
        let mut sum = row("sum", vec![(0, 1), (1, 1)], Sense::Le, 1);
        sum.implied = true;
        both.rows.insert(0, sum);
        assert_eq!(binaries(&both), binaries(&mip()));
        // A column only an implied row has (an indicator of the algebra's) is in no row
        // MiniSat sees: left out, and read back at its lower bound, even when wider than a
        // binary (which MiniSat would refuse).
        let mut free = with_total(vec![(4, 1), (0, -1), (1, -1)], Sense::Eq);
        free.columns[4].lower = 1;
        free.rows[9].implied = true;
        assert_eq!(unseen(&free), BTreeMap::from([(4, None)]));
        assert!(sat_ready(&free));
        assert_eq!(binaries(&free), binaries(&mip()));
        let text = file("INTEGER OPTIMAL", "0", SOLVED);
        assert_eq!(
            read_solution_as(&text, &free, true),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0, 1.0]))
        );
        // Branch and cut sees it.
        assert!(read_solution_as(&text, &free, false).is_err());
    }

    #[test]
    fn minisat_does_not_see_a_column_its_row_defines() {
        let m = with_total(vec![(4, 1), (0, -1), (1, -1)], Sense::Eq);
        assert_eq!(unseen(&m), BTreeMap::from([(4, Some(9))]));
        assert!(sat_ready(&m));
        let b = binaries(&m);
        assert_eq!(b.columns.len(), 4);
        assert_eq!(b.rows.len(), 9);
        assert_eq!(b, binaries(&mip()));
        // Its value comes from its row: 1 + 1.
        let text = file("INTEGER OPTIMAL", "0", SOLVED);
        assert_eq!(
            read_solution_as(&text, &m, true),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0, 2.0]))
        );
        // Branch and cut sees the column, and its file must list it.
        assert!(read_solution_as(&text, &m, false).is_err());
        // Written with -1, its value is the same.
        let minus = with_total(vec![(0, 1), (4, -1), (1, 1)], Sense::Eq);
        assert_eq!(
            read_solution_as(&text, &minus, true),
            Ok(Outcome::Solved(vec![1.0, 1.0, 1.0, 0.0, 2.0]))
        );
        // Its bounds stay, as rows over the row's rest where the rest's own range does not
        // keep them: t in [1, 2] asks -x_r1c2_2 - x_r2c1_2 <= -1 (MiniSat once gave grids
        // whose t, read back, was out of its bounds: `x / 9`'s remainder).
        let mut bound = m.clone();
        bound.columns[4].lower = 1;
        let b = binaries(&bound);
        assert_eq!(b.rows.len(), 10);
        assert_eq!(
            b.rows[9],
            row("total_high", vec![(0, -1), (1, -1)], Sense::Le, -1)
        );
        // t in [-1, 1]: at most one of the two.
        let mut above = m.clone();
        above.columns[4].lower = -1;
        above.columns[4].upper = 1;
        assert_eq!(
            binaries(&above).rows[9],
            row("total_low", vec![(0, -1), (1, -1)], Sense::Ge, -1)
        );
        let mut minus_bound = minus.clone();
        minus_bound.columns[4].lower = 1;
        assert_eq!(
            binaries(&minus_bound).rows[9],
            row("total_low", vec![(0, 1), (1, 1)], Sense::Ge, 1)
        );
        // Not defined: an inequality, a coefficient of 2, a second row, a cell's column
        // (`encoding integer`), a row with another wide column, or a row of it alone.
        let le = with_total(vec![(4, 1), (0, -1), (1, -1)], Sense::Le);
        let twice = with_total(vec![(4, 2), (0, -1), (1, -1)], Sense::Eq);
        let mut second = m.clone();
        second.rows.push(row("again", vec![(4, 1)], Sense::Le, 2));
        let mut cell = m.clone();
        cell.cell_columns[0] = vec![(0, 4)];
        let mut wide = m.clone();
        wide.columns[1].upper = 3;
        let alone = with_total(vec![(4, 1)], Sense::Eq);
        for other in [le, twice, second, cell, wide, alone] {
            assert!(unseen(&other).is_empty(), "{other:?}");
            assert!(!sat_ready(&other));
        }
    }

    /// A finished MiniSat run whose file says "undefined": no solution when its translation
    /// said so, else a failure; branch and cut's undefined status is its time limit.
    #[test]
    fn settling_minisat_runs() {
        let sat = Options {
            sat: true,
            ..Options::default()
        };
        let log = "Translating to CNF-SAT...\nOriginal problem has 57 rows, 33 columns, and 140 \
                   non-zeros\nPROBLEM HAS NO INTEGER FEASIBLE SOLUTION\nTime used:   0.0 secs\n";
        assert_eq!(
            settle(Outcome::TimeLimit, log, &sat),
            Ok(Outcome::Infeasible)
        );
        assert_eq!(
            settle(Outcome::TimeLimit, log, &Options::default()),
            Ok(Outcome::TimeLimit)
        );
        assert_eq!(
            settle(
                Outcome::TimeLimit,
                "Solving CNF-SAT problem...\nboom\n",
                &sat
            ),
            Err("its MiniSat ended without an answer; its log ends with: boom".into())
        );
        assert_eq!(
            settle(Outcome::Infeasible, "", &sat),
            Ok(Outcome::Infeasible)
        );
        assert_eq!(
            refused("Will search for ANY feasible solution\nglp_intfeas1: column 794: non-binary non-fixed variable not allowed\n"),
            Some("its MiniSat refused the model: glp_intfeas1: column 794: non-binary non-fixed variable not allowed".into())
        );
        assert_eq!(refused("Writing MIP solution\n"), None);
    }

    #[test]
    fn version() {
        assert_eq!(Glpk.version_args(), ["--version"]);
        let five = concat!(
            "GLPSOL--GLPK LP/MIP Solver 5.0\n",
            "Copyright (C) 2000-2020 Free Software Foundation, Inc.\n",
            "\n",
            "This program has ABSOLUTELY NO WARRANTY.\n",
            "\n",
            "This program is free software; you may re-distribute it under the terms\n",
            "of the GNU General Public License version 3 or later.\n",
        );
        assert_eq!(parse_version(five).as_deref(), Some("5.0"));
        assert_eq!(
            parse_version("GLPSOL: GLPK LP/MIP Solver, v4.65\n").as_deref(),
            Some("4.65")
        );
        assert_eq!(parse_version("glpsol: command not found\n"), None);
    }

    /// Log lines of real runs: killer.sdk (solved at the root), miracle.sdk (1367 nodes), an
    /// empty 25x25 grid stopped in its LP relaxation, classic.sdk (solved by the preprocessor).
    #[test]
    fn statistics_from_the_log() {
        let killer = concat!(
            "Solving LP relaxation...\n",
            "GLPK Simplex Optimizer 5.0\n",
            "1590 rows, 729 columns, 14238 non-zeros\n",
            "      0: obj =   0.000000000e+00 inf =   4.998e+02 (173)\n",
            "    941: obj =   0.000000000e+00 inf =   7.884e-12 (0) 8\n",
            "OPTIMAL LP SOLUTION FOUND\n",
            "Integer optimization begins...\n",
            "Long-step dual simplex will be used\n",
            "+   941: mip =     not found yet >=              -inf        (1; 0)\n",
            "+   941: >>>>>   0.000000000e+00 >=   0.000000000e+00   0.0% (1; 0)\n",
            "+   941: mip =   0.000000000e+00 >=     tree is empty   0.0% (0; 1)\n",
            "INTEGER OPTIMAL SOLUTION FOUND\n",
            "Time used:   0.4 secs\n",
            "Memory used: 4.0 Mb (4174545 bytes)\n",
        );
        assert_eq!(statistics(killer), (Some(1), Some(941)));
        let miracle = concat!(
            "+ 61236: mip =     not found yet >=   0.000000000e+00        (16; 1247)\n",
            "+ 61584: >>>>>   0.000000000e+00 >=   0.000000000e+00   0.0% (18; 1251)\n",
            "+ 61584: mip =   0.000000000e+00 >=     tree is empty   0.0% (0; 1367)\n",
            "INTEGER OPTIMAL SOLUTION FOUND\n",
            "Time used:   25.7 secs\n",
        );
        assert_eq!(statistics(miracle), (Some(1367), Some(61584)));
        let stopped = concat!(
            "      0: obj =   0.000000000e+00 inf =   2.776e+03 (281)\n",
            "Perturbing LP to avoid stalling [288]...\n",
            "Removing LP perturbation [2668]...\n",
            "   2668: obj =   0.000000000e+00 inf =   6.920e+02 (119) 15\n",
            "TIME LIMIT EXCEEDED; SEARCH TERMINATED\n",
            "Time used:   1.0 secs\n",
        );
        assert_eq!(statistics(stopped), (None, Some(2668)));
        let preprocessed = concat!(
            "Preprocessing...\n",
            "Objective value =   0.000000000e+00\n",
            "INTEGER OPTIMAL SOLUTION FOUND BY MIP PREPROCESSOR\n",
            "Time used:   0.0 secs\n",
        );
        assert_eq!(statistics(preprocessed), (Some(0), Some(0)));
    }
}
