//! CBC (COIN-OR Branch and Cut): command line and `solu` file.
//!
//! The file's first line is the status (`Optimal - objective value 0.00000000`, `Infeasible -
//! ...`, `Integer infeasible - ...`, `Stopped on time - ...`, `Stopped on time (no integer
//! solution - continuous used) - ...`); then one line per column that is not zero:
//! `index name value reduced-cost`, with `**` in front when the value breaks a bound.

use std::ffi::OsString;
use std::path::Path;

use super::mip::{
    Options, Outcome, Runner, agreement, index_by_name, log_number, number, solve_with_row,
};
use super::process::Run;
use super::{Error, MipSolver};
use crate::mip::Mip;

pub struct Cbc;

impl MipSolver for Cbc {
    fn name(&self) -> &'static str {
        "cbc"
    }

    fn binary(&self) -> &'static str {
        "cbc"
    }

    fn env_var(&self) -> &'static str {
        "SDKC_CBC"
    }

    fn install_hint(&self) -> &'static str {
        "install it with `apt-get install coinor-cbc` (Debian/Ubuntu), or set SDKC_CBC to the binary"
    }

    fn version_args(&self) -> &'static [&'static str] {
        &["-quit"]
    }

    /// `Version: 2.10.8`
    fn parse_version(&self, output: &str) -> Option<String> {
        output
            .lines()
            .find_map(|l| l.trim().strip_prefix("Version:"))
            .map(|v| v.trim().to_string())
    }

    fn args(&self, model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
        args(model, solution, opts)
    }

    fn read_solution(&self, text: &str, mip: &Mip, _opts: &Options) -> Result<Outcome, String> {
        read_solution(text, mip)
    }

    /// CBC 2.10 with sdkc's settings (heuristics and Gomory cuts off) has cut every grid away
    /// at the root: a 1x4 with a modular line, a thermometer and two no-good rows was "Problem
    /// proven infeasible" in 0 nodes, and a count said "exactly 2" of 24 (a review found it;
    /// HiGHS, GLPK and CBC with its defaults, or either setting alone, find the grid). So a
    /// "no solution" decided at the root is asked again with CBC's defaults, for as long as
    /// the first run took and at least a second (`process::run`), unless the user chose
    /// either setting. Not one decided by branching: asking every proof again made the hard
    /// 9x9s' batch 8.8 s → 22.0 s (their proofs take 6 to 50 nodes). (As for HiGHS, the
    /// first answer stands when the second run runs out of its time.)
    fn confirm_infeasible(&self, log: &str, opts: &Options) -> Option<Options> {
        let at_root = log_number(log, "Enumerated nodes:").unwrap_or(0) == 0;
        if !at_root
            || opts
                .options
                .iter()
                .any(|(k, _)| k == "heur" || k == "gomoryCuts")
        {
            return None;
        }
        let mut again = opts.clone();
        again.options.push(("heur".into(), "on".into()));
        again.options.push(("gomoryCuts".into(), "ifmove".into()));
        Some(again)
    }

    /// `No match for noSuchOption - ? for list of commands`; and an option it knows with a
    /// value it cannot read, which CBC says and then goes on without (`String of abc is
    /// illegal for integer parameter threads value remains 0`, `<Possible options for
    /// heuristicsOnOff are: off on;`): the run would not be the one asked for (a review found
    /// `threads=abc` taken silently).
    fn refused(&self, log: &str) -> Option<String> {
        let lines: Vec<&str> = log
            .lines()
            .map(str::trim)
            .filter(|l| {
                l.starts_with("No match for ")
                    || (l.starts_with("String of ") && l.contains(" is illegal for "))
                    || l.starts_with("<Possible options for ")
            })
            .collect();
        (!lines.is_empty()).then(|| {
            format!(
                "it did not understand its command line: {}",
                lines.join(" / ")
            )
        })
    }

    /// `Enumerated nodes:               0` and `Total iterations:               24`.
    fn statistics(&self, log: &str) -> (Option<u64>, Option<u64>) {
        (
            log_number(log, "Enumerated nodes:"),
            log_number(log, "Total iterations:"),
        )
    }

    /// With one-hot cells, "another grid than `last`?" is asked two ways at once (two
    /// processes), because neither is fast everywhere; the second way only ends the race by
    /// proving that no other grid exists, so the grids found are the first way's, the same on
    /// every run:
    /// - with a no-good row for the last grid, where CBC's preprocessing often proves there is
    ///   no other (miracle: 0.19 s), but on seed 001's fancy board its LP takes 4 s to find
    ///   itself infeasible;
    /// - with no row for the last grid but the objective "how many free cells keep its
    ///   values", minimised, with `-cutoff` just below that number: on the fancy board the
    ///   relaxation's bound is the proof (0.2 s), on miracle it is weak (0.9 s).
    ///
    /// Earlier grids always have rows. HiGHS is as fast with the row alone (fancy: 0.15 s).
    fn solve_other(
        &self,
        runner: &Runner<'_>,
        mip: &Mip,
        last: &[i64],
        k: usize,
        opts: &Options,
    ) -> Result<Run, Error> {
        if mip.integer_cells {
            return solve_with_row(runner, mip, last, k, opts);
        }
        let mut with_row = mip.clone();
        super::mip::forbid(&mut with_row, last, k, opts.format);
        let mut by_objective = mip.clone();
        by_objective.objective = agreement(mip, last);
        let cutoff = Options {
            below: Some(by_objective.objective.len() as f64 - 0.5),
            ..opts.clone()
        };
        runner.race((&with_row, opts), (&by_objective, &cutoff))
    }
}

pub fn args(model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
    let mut a: Vec<OsString> = vec![model.into()];
    if let Some(t) = opts.time_limit {
        // `-sec` counts CPU time unless told otherwise; a user's limit is wall-clock time.
        a.extend([
            "-sec".into(),
            t.to_string().into(),
            "-timeMode".into(),
            "elapsed".into(),
        ]);
    }
    if let Some(b) = opts.below {
        a.extend([
            "-cutoff".into(),
            b.to_string().into(),
            "-maxSolutions".into(),
            "1".into(),
        ]);
    }
    if let Some(n) = opts.threads {
        a.extend(["-threads".into(), n.to_string().into()]);
    }
    if let Some(seed) = opts.random_seed {
        a.extend(["-randomCbcSeed".into(), seed.to_string().into()]);
    }
    // CBC's primal heuristics and Gomory cuts off: sdkc's models are feasibility problems
    // whose LPs the dense Gomory rows slow down, and whose solutions come from branching
    // sooner than from the feasibility pump. Measured on every example and family example
    // and the hard 9x9s (`run --unique`, one run each, the two settings taking turns,
    // 2026-11-27): the hard 9x9s' batch 38–41 s → 12–15 s, Between lines 22.7 s → 6.8 s,
    // Skyscrapers 20.5 s → 8.7 s, lockout over 40 s → 13.7 s, Pill Arrow 13.7 s → 6.9 s; a few
    // small ones slower by tenths (noway's explanation 0.7 s → 1.2 s). Again on the 38 library
    // puzzles (2026-12-08, `--solver-option heur=on`, one run each): the small ones a few
    // hundredths faster, Doggo Experiment #8 still past 30 s (its saved LP alone, heuristics on
    // and Gomory cuts off, 6.8 s), but the lunchbox 17 s → past 30 s, `region-sum-lm-00098I`
    // 12 s → past 30 s, lockout 7.4 s → 15 s: still off. Before the user's
    // options, which CBC reads in order, so `--solver-option heur=on` turns them back on.
    a.extend(["-heur", "off", "-gomoryCuts", "off"].map(OsString::from));
    // `--solver-option KEY=VALUE` is CBC's `-KEY VALUE`, before it solves.
    for (k, v) in &opts.options {
        a.push(format!("-{k}").into());
        if !v.is_empty() {
            a.push(v.into());
        }
    }
    a.extend(["-solve".into(), "-solu".into(), solution.into()]);
    a
}

pub fn read_solution(text: &str, mip: &Mip) -> Result<Outcome, String> {
    let mut lines = text.lines();
    let status = lines.next().ok_or("the solution file is empty")?.trim();
    let proven = if status.starts_with("Optimal") {
        true
    } else if status.starts_with("Infeasible") || status.starts_with("Integer infeasible") {
        return Ok(Outcome::Infeasible);
    } else if status.starts_with("Stopped") {
        // A stop with "no integer solution" carries the LP relaxation's values, not a grid.
        if status.contains("no integer solution") {
            return Ok(Outcome::TimeLimit);
        }
        false
    } else {
        return Err(format!("unexpected status line `{status}`"));
    };
    let by_name = index_by_name(mip);
    let mut values = vec![0.0; mip.columns.len()];
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split_whitespace().filter(|f| *f != "**").collect();
        if fields.is_empty() {
            continue;
        }
        let (name, value) = match fields.as_slice() {
            [_, name, value, ..] => (*name, *value),
            _ => {
                return Err(format!(
                    "line {} is not `index name value reduced-cost`: `{}`",
                    i + 2,
                    line.trim()
                ));
            }
        };
        let col = *by_name.get(name).ok_or_else(|| {
            format!(
                "line {} names column `{name}`, which the model does not have",
                i + 2
            )
        })?;
        values[col] = number(value)
            .ok_or_else(|| format!("line {} has `{value}` where a number should be", i + 2))?;
    }
    Ok(if proven {
        Outcome::Solved(values)
    } else {
        Outcome::Stopped(values)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a "no solution" decided at the root is asked again, with CBC's defaults after
    /// sdkc's settings, and not when the user chose either setting.
    #[test]
    fn a_root_infeasibility_is_asked_again_with_cbcs_defaults() {
        let at_root = "Result - Problem proven infeasible\n\nEnumerated nodes:               0\n";
        let by_branching =
            "Result - Problem proven infeasible\n\nEnumerated nodes:               12\n";
        let opts = Options::default();
        assert_eq!(
            Cbc.confirm_infeasible(at_root, &opts).map(|o| o.options),
            Some(vec![
                ("heur".to_string(), "on".to_string()),
                ("gomoryCuts".to_string(), "ifmove".to_string())
            ])
        );
        assert!(Cbc.confirm_infeasible(by_branching, &opts).is_none());
        let chosen = Options {
            options: vec![("gomoryCuts".into(), "off".into())],
            ..Options::default()
        };
        assert!(Cbc.confirm_infeasible(at_root, &chosen).is_none());
    }

    /// sdkc's settings come before the user's options, which CBC reads after them and so
    /// override them (`--solver-option heur=on`).
    #[test]
    fn heuristics_and_gomory_cuts_off_before_the_users_options() {
        let opts = Options {
            options: vec![("heur".into(), "on".into())],
            ..Options::default()
        };
        let a: Vec<String> = args(Path::new("/m.lp"), Path::new("/s.txt"), &opts)
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            a,
            [
                "/m.lp",
                "-heur",
                "off",
                "-gomoryCuts",
                "off",
                "-heur",
                "on",
                "-solve",
                "-solu",
                "/s.txt"
            ]
        );
    }
}
