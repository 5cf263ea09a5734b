//! HiGHS: command line and `--solution_file` format.
//!
//! The file starts `Model status` / `<status>`; then `# Primal solution values`, a line
//! `Feasible` or `None`, `Objective <v>`, `# Columns <n>` and `n` lines `name value`.

use std::ffi::OsString;
use std::path::Path;

use super::{Options, Outcome, index_by_name, number};
use crate::mip::Mip;

pub fn args(model: &Path, solution: &Path, opts: &Options) -> Vec<OsString> {
    // A fixed seed: the same model gives the same run (and the same grid) every time.
    let mut a: Vec<OsString> = vec![
        "--model_file".into(),
        model.into(),
        "--solution_file".into(),
        solution.into(),
        "--random_seed".into(),
        "0".into(),
    ];
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
