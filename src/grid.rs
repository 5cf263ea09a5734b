//! Grids as people read them: aligned values, box borders drawn where the boxes are.

use crate::puzzle::{Puzzle, value_char};

/// A solved grid, one row a line, `|` and `-+-` between boxes.
pub fn format(p: &Puzzle, grid: &[i64]) -> String {
    let width = grid.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
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
            out.push_str(&format!("{:>width$}", grid[r * p.cols + c]));
        }
        out.push('\n');
    }
    out
}

/// The community one-line form: one character per cell, row by row.
pub fn one_line(grid: &[i64]) -> String {
    grid.iter().map(|&v| value_char(v)).collect()
}
