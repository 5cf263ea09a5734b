//! HiGHS: command line and `--solution_file` format.
//!
//! The file starts `Model status` / `<status>`; then `# Primal solution values`, a line
//! `Feasible` or `None`, `Objective <v>`, `# Columns <n>` and `n` lines `name value`.

use std::ffi::OsString;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use super::MipSolver;
use super::mip::{Options, Outcome, index_by_name, log_number, number};
use crate::mip::Mip;

pub struct Highs;

/// The options file `args` names: sdkc's settings, then those the command line does not take.
const OPTIONS_FILE: &str = "options.txt";

/// sdkc's settings, first in the options file, so a `--solver-option` of the same key (a later
/// line) wins. RENS, a sub-MIP heuristic HiGHS runs at the root, spent three quarters of the
/// simplex iterations of the zipper's proof (65,747 of 85,862) looking for a grid that a
/// proof of uniqueness has none of; without it HiGHS proves The Zip that Zips the Zips in
/// 18.8 s against 32.1 s, Cold Sauerkraut in 5.4 s against 9.8 s, Doggo Experiment #8 in 8.8
/// s against 16.5 s (README, "Solvers").
const SETTINGS: &[(&str, &str)] = &[("mip_heuristic_run_rens", "false")];

/// A HiGHS of this process refused `SETTINGS` (`without_settings`): the later runs (every
/// solve of a count, a batch's lines) go without them from the start, rather than each
/// failing first.
static REFUSED: AtomicBool = AtomicBool::new(false);

/// HiGHS's option that turns presolve rules off, a bit each.
const PRESOLVE_RULE_OFF: &str = "presolve_rule_off";

/// Bits 12 (the aggregator) and 14 (sparsify) of `presolve_rule_off`.
const AGGREGATOR_AND_SPARSIFY: u32 = (1 << 12) | (1 << 14);

impl MipSolver for Highs {
    fn name(&self) -> &'static str {
        "highs"
    }

    fn binary(&self) -> &'static str {
        "highs"
    }

    fn env_var(&self) -> &'static str {
        "SDKC_HIGHS"
    }

    fn install_hint(&self) -> &'static str {
        "install it with `pip install highsbox` (on Debian 12 in a venv, see the README) and put its `highs` on PATH, or set SDKC_HIGHS to the binary"
    }

    fn version_args(&self) -> &'static [&'static str] {
        &["--version"]
    }

    /// `HiGHS version 1.15.1 Githash 04024d7. Copyright (c) 2025 HiGHS under MIT licence terms`
    fn parse_version(&self, output: &str) -> Option<String> {
        output.lines().find_map(|l| {
            let v = l.trim().strip_prefix("HiGHS version")?;
            v.split_whitespace().next().map(str::to_string)
        })
    }

    fn args(&self, model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
        args(model, solution, opts)
    }

    /// HiGHS's command line takes few options (no `threads`); the rest go in a file.
    fn extra_files(&self, opts: &Options) -> Vec<(&'static str, String)> {
        let mut text = String::new();
        if !opts.plain && !REFUSED.load(Ordering::Relaxed) {
            for (k, v) in SETTINGS {
                text.push_str(&format!("{k} = {v}\n"));
            }
        }
        if let Some(n) = opts.threads {
            text.push_str(&format!("threads = {n}\n"));
        }
        for (k, v) in &opts.options {
            text.push_str(&format!("{k} = {v}\n"));
        }
        vec![(OPTIONS_FILE, text)]
    }

    /// `ERROR:   getOptionIndex: Option "mip_heuristic_run_rens" is unknown`: a HiGHS before
    /// 1.11 (2025) has none of these settings, and runs as it always did.
    fn without_settings(&self, log: &str, opts: &Options) -> Option<Options> {
        let unknown = SETTINGS
            .iter()
            .any(|(k, _)| log.contains(&format!("Option \"{k}\" is unknown")));
        if !unknown || opts.plain {
            return None;
        }
        REFUSED.store(true, Ordering::Relaxed);
        Some(Options {
            plain: true,
            ..opts.clone()
        })
    }

    fn read_solution(&self, text: &str, mip: &Mip, _opts: &Options) -> Result<Outcome, String> {
        read_solution(text, mip)
    }

    /// HiGHS's MIP presolve has wrongly declared feasible models infeasible, release after
    /// release (its issues #1164, #1958, #2388, #3090): HiGHS 1.15.1 says `Presolve:
    /// Infeasible` for the published killer `tests/fpuzzles/blitz.txt`, which it solves in
    /// 0.1 s with `presolve = off`. An infeasibility presolve decided alone is checked
    /// (`process::run`), unless the user chose a `presolve` option or presolve rules: first
    /// with two of presolve's rules off, the aggregator and sparsify. Without either, HiGHS
    /// 1.15.1 finds Blitz's grid, and with lifting for probing on, `disjoint-barbed-cross`'s,
    /// which its full presolve calls infeasible; and it decides the proofs of most library
    /// examples in about 0.1 s, where the check without presolve ran out of its second on
    /// many of them (three of four measured on the second solve's LP, `highs --model_file X
    /// --options_file F`; the fourth branched for 5 s; 2026-11-28). Then, when that runs out
    /// of time, without presolve (`another_check`).
    fn confirm_infeasible(&self, log: &str, opts: &Options) -> Option<Options> {
        let by_presolve = log.lines().any(|l| {
            l.trim()
                .strip_prefix("Presolve")
                .map(|r| r.trim_start().trim_start_matches(':').trim())
                == Some("Infeasible")
        });
        if !by_presolve
            || opts
                .options
                .iter()
                .any(|(k, _)| k == "presolve" || k == PRESOLVE_RULE_OFF)
        {
            return None;
        }
        let mut again = opts.clone();
        again.options.push((
            PRESOLVE_RULE_OFF.into(),
            AGGREGATOR_AND_SPARSIFY.to_string(),
        ));
        Some(again)
    }

    /// The check without presolve: a hard proof can then take a hundred times longer, so it
    /// comes second.
    fn another_check(&self, opts: &Options) -> Option<Options> {
        let mut again = opts.clone();
        again.options.push(("presolve".into(), "off".into()));
        Some(again)
    }

    /// HiGHS before 1.11 exits 1 (its "warning") when a limit ends its run, and writes the
    /// solution file as on any other: the MIP's solving report says `  Status            Time
    /// limit reached`, an LP's log `Model status        : Time limit reached`. Without this,
    /// such a HiGHS given `--time-limit` failed (exit 7) where it should say the time limit.
    fn stopped_at_limit(&self, code: i32, log: &str) -> bool {
        code == 1
            && log.lines().any(|l| {
                let l = l.trim();
                let status = l.strip_prefix("Model status").or(l.strip_prefix("Status"));
                status.is_some_and(|s| s.trim_start_matches([' ', ':']).ends_with("limit reached"))
            })
    }

    /// The solving report's `  Nodes             0` and `  LP iterations     24`.
    fn statistics(&self, log: &str) -> (Option<u64>, Option<u64>) {
        (log_number(log, "Nodes"), log_number(log, "LP iterations"))
    }
}

pub fn args(model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
    // A fixed seed: the same model gives the same run (and the same grid) every time.
    let mut a: Vec<OsString> = vec![
        "--model_file".into(),
        model.into(),
        "--solution_file".into(),
        solution.into(),
        "--random_seed".into(),
        opts.random_seed.unwrap_or(0).to_string().into(),
    ];
    a.push("--options_file".into());
    a.push(OPTIONS_FILE.into());
    if let Some(t) = opts.time_limit {
        a.push("--time_limit".into());
        a.push(t.to_string().into());
    }
    a
}

pub fn read_solution(text: &str, mip: &Mip) -> Result<Outcome, String> {
    let mut lines = text.lines().map(str::trim);
    if lines.next() != Some("Model status") {
        return Err("the file does not start with `Model status`".into());
    }
    let status = lines.next().ok_or("the file ends after `Model status`")?;
    let feasible = text
        .lines()
        .skip_while(|l| l.trim() != "# Primal solution values")
        .nth(1)
        .map(str::trim)
        == Some("Feasible");
    match status {
        "Optimal" => {}
        "Infeasible" | "Primal infeasible or unbounded" => return Ok(Outcome::Infeasible),
        "Time limit reached" if !feasible => return Ok(Outcome::TimeLimit),
        // A limit (time, nodes: "Solution limit reached") with a feasible grid is a solution.
        "Time limit reached" | "Solution limit reached" => {}
        other => return Err(format!("unexpected model status `{other}`")),
    }
    if !feasible {
        return Err(format!(
            "status `{status}` but no feasible primal solution in the file"
        ));
    }
    let mut rest = text.lines().skip_while(|l| !l.starts_with("# Columns"));
    let header = rest.next().ok_or("no `# Columns` section")?;
    let n: usize = header["# Columns".len()..]
        .trim()
        .parse()
        .map_err(|_| format!("bad header `{header}`"))?;
    let by_name = index_by_name(mip);
    let mut values = vec![0.0; mip.columns.len()];
    let mut seen = 0;
    for line in rest.take(n) {
        let (name, value) = line
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| format!("`{line}` is not `name value`"))?;
        let col = *by_name.get(name).ok_or_else(|| {
            format!("the file names column `{name}`, which the model does not have")
        })?;
        values[col] =
            number(value).ok_or_else(|| format!("`{value}` is not a number (column `{name}`)"))?;
        seen += 1;
    }
    if seen != n || n != mip.columns.len() {
        return Err(format!(
            "the file lists {seen} of {n} columns; the model has {}",
            mip.columns.len()
        ));
    }
    Ok(if status == "Optimal" {
        Outcome::Solved(values)
    } else {
        Outcome::Stopped(values)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exit 1 is a limit only with a limit's status in the log (HiGHS 1.10's MIP report, its
    /// LP line); any other exit status, or exit 1 with another status, is a failure.
    #[test]
    fn exit_1_is_a_limit_only_when_the_log_says_one() {
        let mip =
            "Solving report\n  Model             model\n  Status            Time limit reached\n";
        let lp = "Model status        : Time limit reached\n";
        let failed = "Solving report\n  Status            Infeasible\n";
        assert!(Highs.stopped_at_limit(1, mip));
        assert!(Highs.stopped_at_limit(1, lp));
        assert!(!Highs.stopped_at_limit(1, failed));
        assert!(!Highs.stopped_at_limit(1, ""));
        assert!(!Highs.stopped_at_limit(255, mip));
        assert!(!Highs.stopped_at_limit(134, lp));
    }

    /// Only an infeasibility decided by presolve is checked, first with two presolve rules
    /// off, then without presolve; not when the user chose a `presolve` option or rules.
    #[test]
    fn an_infeasibility_presolve_decided_alone_is_checked() {
        let by_presolve = "Presolving model\nPresolve: Infeasible\n\nSolving report\n  Status            Infeasible\n";
        let by_search = "Presolving model\n1013 rows, 1649 cols, 8494 nonzeros  0s\n\nSolving report\n  Status            Infeasible\n";
        let opts = Options {
            options: vec![("mip_rel_gap".into(), "0".into())],
            ..Options::default()
        };
        let again = Highs
            .confirm_infeasible(by_presolve, &opts)
            .expect("asked again");
        assert_eq!(
            again.options,
            [
                ("mip_rel_gap".to_string(), "0".to_string()),
                ("presolve_rule_off".to_string(), "20480".to_string())
            ]
        );
        assert_eq!(
            Highs.another_check(&opts).expect("checked again").options,
            [
                ("mip_rel_gap".to_string(), "0".to_string()),
                ("presolve".to_string(), "off".to_string())
            ]
        );
        assert!(Highs.confirm_infeasible(by_search, &opts).is_none());
        for key in ["presolve", "presolve_rule_off"] {
            let chosen = Options {
                options: vec![(key.into(), "on".into())],
                ..Options::default()
            };
            assert!(Highs.confirm_infeasible(by_presolve, &chosen).is_none());
        }
    }
}
