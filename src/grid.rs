//! Grids as people read them: aligned values, box borders drawn where the boxes are.

use crate::puzzle::{Puzzle, value_char};

/// A solved grid, one row a line, `|` and `-+-` between boxes.
pub fn format(p: &Puzzle, grid: &[i64]) -> String {
    format_marked(p, grid, None)
}

/// A grid with some cells marked by a `*` after their value (the cells where solutions differ).
pub fn format_marked(p: &Puzzle, grid: &[i64], marked: Option<&[bool]>) -> String {
    let digits = grid.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    let text: Vec<String> = grid
        .iter()
        .enumerate()
        .map(|(cell, v)| {
            let mark = match marked {
                Some(m) if m[cell] => "*",
                Some(_) => " ",
                None => "",
            };
            format!("{v:>digits$}{mark}")
        })
        .collect();
    layout(p, &text)
}

/// Candidates, a set of values per cell in the grid's layout: digits run together (`139`),
/// larger values joined by commas (`10,12`); a cell not proved complete has a `?` after it.
pub fn format_candidates(p: &Puzzle, sets: &[Vec<i64>], complete: &[bool]) -> String {
    let compact = sets.iter().flatten().all(|v| (0..=9).contains(v));
    let text: Vec<String> = sets
        .iter()
        .zip(complete)
        .map(|(s, &done)| {
            let vals: Vec<String> = s.iter().map(|v| v.to_string()).collect();
            let mut t = vals.join(if compact { "" } else { "," });
            if !done {
                t.push('?');
            }
            t
        })
        .collect();
    let width = text.iter().map(|t| t.len()).max().unwrap_or(1);
    let text: Vec<String> = text.iter().map(|t| format!("{t:<width$}")).collect();
    layout(p, &text)
}

/// Cells' texts (each as wide as the widest) in the grid's layout: ` ` between cells, ` | `
/// and a `-+-` line between boxes, no trailing blanks.
fn layout(p: &Puzzle, text: &[String]) -> String {
    let width = text.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let (bh, bw) = p.boxes.unwrap_or((p.rows, p.cols));
    let mut out = String::new();
    for r in 0..p.rows {
        if r > 0 && r % bh == 0 {
            for c in 0..p.cols {
                if c > 0 {
                    out.push_str(if c % bw == 0 { "-+-" } else { "-" });
                }
                out.push_str(&"-".repeat(width));
            }
            out.push('\n');
        }
        for c in 0..p.cols {
            if c > 0 {
                out.push_str(if c % bw == 0 { " | " } else { " " });
            }
            out.push_str(&text[r * p.cols + c]);
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

/// The community one-line form: one character per cell, row by row.
pub fn one_line(grid: &[i64]) -> String {
    grid.iter().map(|&v| value_char(v)).collect()
}

/// Givens (or a whole grid, every cell given) as one line that `--givens`, `givens "..."` and
/// `--givens-file` read back: one character a cell (`.` empty) when every value has one (0 to
/// 35), else the values separated by commas (`1,.,36`).
pub fn givens_line(givens: &[Option<i64>]) -> String {
    if givens.iter().flatten().all(|v| (0..=35).contains(v)) {
        givens.iter().map(|g| g.map_or('.', value_char)).collect()
    } else {
        givens
            .iter()
            .map(|g| g.map_or(".".to_string(), |v| v.to_string()))
            .collect::<Vec<_>>()
            .join(",")
    }
}
