//! Cell lists as written: a cell, or a path through straight runs (`r1c1-r1c5-r3c5`). A path
//! is how setters read a line off the grid, so a thermometer or a sandwich row is one short
//! item instead of a cell per cell.

use crate::ast::{CellRef, Path, Spanned};
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::puzzle::Cell;

/// The cells of a path in order, each corner once (`r1c1-r1c3-r3c3` is r1c1 r1c2 r1c3 r2c3
/// r3c3), each with the span of the item it came from. A run that is not along a row, a column
/// or a diagonal, or a corner outside the grid, is reported in `diags` and the path is `None`.
pub fn expand(
    path: &Spanned<Path>,
    rows: usize,
    cols: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Cell>> {
    expand_at_most(path, rows, cols, diags, usize::MAX)
}

/// `expand`, stopped once it has more than `limit` cells: an area holds each cell once, so
/// past the grid's size its cells repeat, and the first `rows * cols + 1` show a repeat.
/// (A path of 20,000 corners across a 256x256 grid is 5 million cells, 40 MB a copy.)
pub fn expand_at_most(
    path: &Spanned<Path>,
    rows: usize,
    cols: usize,
    diags: &mut Vec<Diagnostic>,
    limit: usize,
) -> Option<Vec<Cell>> {
    let mut ok = true;
    for p in &path.value {
        let CellRef { row, col } = p.value;
        // The parser saturates a row or column past 64 bits: a number nobody wrote.
        if row == u64::MAX || col == u64::MAX {
            diags.push(Diagnostic::new(p.span, ErrorKind::ValueTooLarge));
            ok = false;
        } else if row == 0 || col == 0 || row > rows as u64 || col > cols as u64 {
            diags.push(Diagnostic::new(
                p.span,
                ErrorKind::CellOutsideGrid {
                    cell: format!("r{row}c{col}"),
                    rows,
                    cols,
                },
            ));
            ok = false;
        }
    }
    for w in path.value.windows(2) {
        let (a, b) = (w[0].value, w[1].value);
        let (dr, dc) = (b.row.abs_diff(a.row), b.col.abs_diff(a.col));
        if !(dr == 0 || dc == 0 || dr == dc) || (dr == 0 && dc == 0) {
            let span = crate::diagnostic::Span::new(w[0].span.start, w[1].span.end);
            diags.push(Diagnostic::new(
                span,
                ErrorKind::PathNotStraight {
                    from: format!("r{}c{}", a.row, a.col),
                    to: format!("r{}c{}", b.row, b.col),
                },
            ));
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    let index = |r: u64, c: u64| (r as usize - 1) * cols + c as usize - 1;
    let first = path.value[0].value;
    let mut cells = vec![index(first.row, first.col)];
    for w in path.value.windows(2) {
        let (a, b) = (w[0].value, w[1].value);
        let step = |from: u64, to: u64| (to as i64 - from as i64).signum();
        let (sr, sc) = (step(a.row, b.row), step(a.col, b.col));
        let (mut r, mut c) = (a.row as i64, a.col as i64);
        while (r, c) != (b.row as i64, b.col as i64) {
            r += sr;
            c += sc;
            cells.push(index(r as u64, c as u64));
            if cells.len() > limit {
                return Some(cells);
            }
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Span;

    fn path(points: &[(u64, u64)]) -> Spanned<Path> {
        let p = points
            .iter()
            .map(|&(row, col)| Spanned::new(CellRef { row, col }, Span::new(0, 4)))
            .collect();
        Spanned::new(p, Span::new(0, 4))
    }

    #[test]
    fn path_runs_along_rows_columns_and_diagonals_and_turns_at_corners() {
        let mut d = Vec::new();
        // r1c1-r1c3-r3c3 on a 4x4 grid: right, then down.
        assert_eq!(
            expand(&path(&[(1, 1), (1, 3), (3, 3)]), 4, 4, &mut d),
            Some(vec![0, 1, 2, 6, 10])
        );
        // r4c1-r1c4: the anti-diagonal, upwards.
        assert_eq!(
            expand(&path(&[(4, 1), (1, 4)]), 4, 4, &mut d),
            Some(vec![12, 9, 6, 3])
        );
        // A single cell, and a path that comes back over itself (a loop).
        assert_eq!(expand(&path(&[(2, 2)]), 4, 4, &mut d), Some(vec![5]));
        assert_eq!(
            expand(&path(&[(1, 1), (1, 2), (1, 1)]), 4, 4, &mut d),
            Some(vec![0, 1, 0])
        );
        assert!(d.is_empty());
    }

    #[test]
    fn path_refuses_bent_runs_and_cells_outside() {
        let mut d = Vec::new();
        assert_eq!(expand(&path(&[(1, 1), (2, 3)]), 4, 4, &mut d), None);
        assert_eq!(d[0].kind.to_string(), "r1c1-r2c3 is not a straight run");
        d.clear();
        assert_eq!(expand(&path(&[(1, 1), (1, 1)]), 4, 4, &mut d), None);
        assert_eq!(expand(&path(&[(1, 1), (1, 5)]), 4, 4, &mut d), None);
        assert!(matches!(d[1].kind, ErrorKind::CellOutsideGrid { .. }));
    }
}
