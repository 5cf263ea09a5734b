//! CBC (COIN-OR Branch and Cut): command line and `solu` file.
//!
//! The file's first line is the status (`Optimal - objective value 0.00000000`, `Infeasible -
//! ...`, `Integer infeasible - ...`, `Stopped on time - ...`, `Stopped on time (no integer
//! solution - continuous used) - ...`); then one line per column that is not zero:
//! `index name value reduced-cost`, with `**` in front when the value breaks a bound.

use std::ffi::OsString;
use std::path::Path;

use super::{Options, Outcome, index_by_name, number};
use crate::mip::Mip;

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
