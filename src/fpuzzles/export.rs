//! The f-puzzles format, written: a model whose rules are library calls (and distinct rows,
//! columns, boxes or regions) as f-puzzles JSON, its compressed string and a link. The inverse
//! of the import: import, export and import again gives the same rules.

use serde_json::{Map, Value, json};

use super::{Error, box_height, err};
use crate::puzzle::{Arg, Cell, Puzzle, RuleKind};

/// The f-puzzles site's link for a compressed string.
pub const FPUZZLES_URL: &str = "https://www.f-puzzles.com/?load=";

/// `json` as f-puzzles shares it: lz-string's base64 of the JSON text.
pub fn compress(json: &Value) -> String {
    lz_str::compress_to_base64(json.to_string().as_str())
}

/// An f-puzzles link that opens `json`.
pub fn url(json: &Value) -> String {
    format!("{FPUZZLES_URL}{}", compress(json))
}

struct Out {
    n: usize,
    keys: Map<String, Value>,
}

impl Out {
    fn name(&self, c: Cell) -> String {
        format!("R{}C{}", c / self.n + 1, c % self.n + 1)
    }

    fn names(&self, cells: &[Cell]) -> Value {
        Value::Array(cells.iter().map(|&c| Value::from(self.name(c))).collect())
    }

    fn push(&mut self, key: &str, item: Value) {
        let list = self
            .keys
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(a) = list {
            a.push(item);
        }
    }

    fn flag(&mut self, key: &str) {
        self.keys.insert(key.to_string(), Value::Bool(true));
    }

    fn row(&self, r: usize) -> Vec<Cell> {
        (0..self.n).map(|c| r * self.n + c).collect()
    }

    fn column(&self, c: usize) -> Vec<Cell> {
        (0..self.n).map(|r| r * self.n + c).collect()
    }

    /// The clue cell for an outside clue whose line is `line`, read from the clue's side.
    fn clue(&self, line: &[Cell]) -> Option<String> {
        let n = self.n;
        for i in 0..n {
            let row = self.row(i);
            if line == row.as_slice() {
                return Some(format!("R{}C0", i + 1));
            }
            if line.iter().eq(row.iter().rev()) {
                return Some(format!("R{}C{}", i + 1, n + 1));
            }
            let col = self.column(i);
            if line == col.as_slice() {
                return Some(format!("R0C{}", i + 1));
            }
            if line.iter().eq(col.iter().rev()) {
                return Some(format!("R{}C{}", n + 1, i + 1));
            }
        }
        None
    }

    /// A little killer's clue cell and direction: the line runs along one diagonal from the
    /// grid's edge to its edge.
    fn little_killer(&self, line: &[Cell]) -> Option<(String, &'static str)> {
        let n = self.n as i64;
        let at = |c: Cell| ((c / self.n) as i64, (c % self.n) as i64);
        let inside = |(r, c): (i64, i64)| (0..n).contains(&r) && (0..n).contains(&c);
        let dirs = [
            ((-1, -1), "UL"),
            ((-1, 1), "UR"),
            ((1, -1), "DL"),
            ((1, 1), "DR"),
        ];
        for ((dr, dc), word) in dirs {
            let steps_ok = line.windows(2).all(|w| {
                let (a, b) = (at(w[0]), at(w[1]));
                (b.0 - a.0, b.1 - a.1) == (dr, dc)
            });
            let (first, last) = (at(line[0]), at(*line.last()?));
            let before = (first.0 - dr, first.1 - dc);
            let after = (last.0 + dr, last.1 + dc);
            if steps_ok && !inside(before) && !inside(after) {
                return Some((format!("R{}C{}", before.0 + 1, before.1 + 1), word));
            }
        }
        None
    }
}

fn cells_of(a: &Arg) -> Option<&[Cell]> {
    match a {
        Arg::Cells(c) => Some(c),
        _ => None,
    }
}

fn cell_of(a: &Arg) -> Option<Cell> {
    match a {
        Arg::Cell(c) => Some(*c),
        Arg::Cells(c) if c.len() == 1 => Some(c[0]),
        _ => None,
    }
}

fn number_of(a: &Arg) -> Option<i64> {
    match a {
        Arg::Number(n) => *n,
        _ => None,
    }
}

/// `p` as f-puzzles JSON, or why it has no f-puzzles form (the first rule that has none).
pub fn export(p: &Puzzle) -> Result<Value, Error> {
    let n = p.rows;
    if p.rows != p.cols || !(3..=16).contains(&n) {
        return err(format!(
            "f-puzzles grids are square, 3x3 to 16x16; this one is {}x{}",
            p.rows, p.cols
        ));
    }
    if p.lo != 1 || p.hi != n as i64 {
        return err(format!(
            "f-puzzles grids hold 1..{n}; this one holds {}..{}",
            p.lo, p.hi
        ));
    }
    let mut o = Out {
        n,
        keys: Map::new(),
    };
    // The distinct areas: rows, columns, regions (or boxes), diagonals, and the rest.
    let mut areas: Vec<Vec<Cell>> = Vec::new();
    // The model's own `regions`, which may be its rows or its columns (as f-puzzles allows).
    let mut declared: Vec<Vec<Cell>> = Vec::new();
    for rule in &p.rules {
        // (A library call's `distinct(L)` is a distinct rule of its own, with its family.)
        if let (RuleKind::Distinct(list), None) = (&rule.kind, &rule.family) {
            for a in list {
                let mut cells = a.cells.clone();
                cells.sort_unstable();
                if a.label.starts_with("region ") && !declared.contains(&cells) {
                    declared.push(cells.clone());
                }
                if !areas.contains(&cells) {
                    areas.push(cells);
                }
            }
        }
    }
    let sorted = |mut v: Vec<Cell>| {
        v.sort_unstable();
        v
    };
    let rows: Vec<Vec<Cell>> = (0..n).map(|r| o.row(r)).collect();
    let cols: Vec<Vec<Cell>> = (0..n).map(|c| sorted(o.column(c))).collect();
    let diagonal: Vec<Cell> = (0..n).map(|i| i * n + i).collect();
    let anti: Vec<Cell> = sorted((0..n).map(|i| i * n + (n - 1 - i)).collect());
    if !rows.iter().chain(&cols).all(|x| areas.contains(x)) {
        return err(
            "f-puzzles puzzles have distinct rows and columns; this model's rules do not say so",
        );
    }
    let mut rest: Vec<Vec<Cell>> = areas
        .iter()
        .filter(|a| !rows.contains(a) && !cols.contains(a))
        .cloned()
        .collect();
    // Regions: areas of n cells that cover the grid once.
    let mut region = vec![usize::MAX; n * n];
    let mut regions = 0;
    for a in rest.iter().filter(|a| a.len() == n) {
        claim(&mut region, &mut regions, a);
    }
    // Regions that are all rows, or all columns, are the model's regions still.
    if regions == 0 && declared.len() == n && declared.iter().all(|a| a.len() == n) {
        for a in &declared {
            claim(&mut region, &mut regions, a);
        }
    }
    // A region may be a row or a column too (a 7x7's first rows): those fill what is left.
    if regions > 0 {
        for a in rows.iter().chain(&cols) {
            claim(&mut region, &mut regions, a);
        }
    }
    // Numbered in the order their first cells come, row by row, as the import letters them.
    let mut number = vec![usize::MAX; regions.max(1)];
    let mut next = 0;
    for g in region.iter_mut().filter(|g| **g != usize::MAX) {
        if number[*g] == usize::MAX {
            number[*g] = next;
            next += 1;
        }
        *g = number[*g];
    }
    let h = box_height(n);
    let w = n / h;
    let default = |c: Cell| (c / n / h) * h + (c % n) / w;
    let covered = region.iter().all(|&r| r != usize::MAX);
    if covered {
        rest.retain(|a| !(a.len() == n && a.iter().all(|&c| region[c] == region[a[0]])));
    } else if h > 1 {
        return err(format!(
            "f-puzzles puzzles have regions: this model's distinct rules have no boxes or regions that cover the {n}x{n} grid"
        ));
    }
    // The same partition as f-puzzles' boxes needs no `region` keys.
    let as_boxes = !covered
        || (0..n * n)
            .all(|a| (0..n * n).all(|b| (region[a] == region[b]) == (default(a) == default(b))));
    if rest.contains(&diagonal) && rest.contains(&anti) {
        o.flag("diagonal-");
        o.flag("diagonal+");
    } else if rest.contains(&diagonal) {
        o.flag("diagonal-");
    } else if rest.contains(&anti) {
        o.flag("diagonal+");
    }
    rest.retain(|a| *a != diagonal && *a != anti);
    for a in &rest {
        let item = json!({"cells": o.names(a)});
        o.push("extraregion", item);
    }

    // Which dots there are decides whether sdkc's negative rules say what f-puzzles' do.
    let families: Vec<&str> = p
        .rules
        .iter()
        .filter_map(|r| r.family.as_ref().map(|f| f.name.as_str()))
        .collect();
    let has = |names: &[&str]| families.iter().any(|f| names.contains(f));
    let mut negative: Vec<&str> = Vec::new();
    let mut column_indexers = Vec::new();
    let mut row_indexers = Vec::new();

    let mut done = Vec::new();
    let greater = fortress(p, n)?;
    if let Some((key, cells)) = &greater {
        for &c in cells {
            let item = json!({"cell": o.name(c)});
            o.push(key, item);
        }
    }
    for rule in &p.rules {
        // A call may be two rules (its distinct part split off): one constraint.
        if rule.family.is_some() {
            if done.contains(&rule.span) {
                continue;
            }
            done.push(rule.span);
        } else if let RuleKind::Distinct(_) = rule.kind {
            continue;
        }
        let why = |what: &str| {
            err(format!(
                "rule `{}` {what}, so the puzzle has no f-puzzles form",
                rule.name
            ))
        };
        let Some(f) = &rule.family else {
            return why("is written as algebra, which f-puzzles cannot show");
        };
        let own = ["fpuzzles_nonconsecutive", "fpuzzles_negative_ratio"].contains(&f.name.as_str());
        if !f.library && !own {
            return why(&format!("calls the model's own `{}`", f.name));
        }
        let a = &f.args;
        let bad = || {
            Error(format!(
                "rule `{}` ({}) has arguments f-puzzles cannot show",
                rule.name, f.name
            ))
        };
        let cells = |i: usize| a.get(i).and_then(cells_of).ok_or_else(bad);
        let cell = |i: usize| a.get(i).and_then(cell_of).ok_or_else(bad);
        let num = |i: usize| a.get(i).and_then(number_of).ok_or_else(bad);
        match f.name.as_str() {
            "cage" => {
                let item = json!({"cells": o.names(cells(1)?), "value": num(0)?.to_string()});
                o.push("killercage", item);
            }
            "extra_region" => {
                let item = json!({"cells": o.names(cells(0)?)});
                o.push("extraregion", item);
            }
            "little_killer" => {
                let line = cells(0)?;
                let Some((at, dir)) = o.little_killer(line) else {
                    return why(
                        "is not a whole diagonal from edge to edge, as f-puzzles' little killers are",
                    );
                };
                let item = json!({"cell": at, "direction": dir, "value": num(1)?.to_string(), "cells": o.names(line)});
                o.push("littlekillersum", item);
            }
            "arrow" => {
                let circle = cell(0)?;
                let mut line = vec![circle];
                line.extend_from_slice(cells(1)?);
                let item = json!({"cells": o.names(&[circle]), "lines": [o.names(&line)]});
                o.push("arrow", item);
            }
            "pill_arrow" => {
                let pill = cells(0)?;
                if !pill.is_sorted() {
                    return why(
                        "has a pill that does not read left to right or top to bottom, as f-puzzles reads pills",
                    );
                }
                let shaft = cells(1)?;
                let mut line = vec![*pill.last().ok_or_else(bad)?];
                line.extend_from_slice(shaft);
                let item = json!({"cells": o.names(pill), "lines": [o.names(&line)]});
                o.push("arrow", item);
            }
            // f-puzzles draws a dot or a letter on the edge two cells share, and a quadruple's
            // circle on the corner four share: elsewhere its picture means another pair.
            "white" | "black" | "difference" | "ratio" | "x" | "v"
                if !side_by_side(cell(0)?, cell(1)?, n) =>
            {
                return why(
                    "joins two cells that are not side by side, and f-puzzles draws its mark on a shared edge",
                );
            }
            "quadruple" if !around_a_corner(cells(0)?, n) => {
                return why(
                    "is not on the four cells around one corner, where f-puzzles draws a quadruple",
                );
            }
            "white" | "black" => {
                let key = if f.name == "white" {
                    "difference"
                } else {
                    "ratio"
                };
                let item = json!({"cells": o.names(&[cell(0)?, cell(1)?])});
                o.push(key, item);
            }
            "difference" | "ratio" => {
                let item =
                    json!({"cells": o.names(&[cell(0)?, cell(1)?]), "value": num(2)?.to_string()});
                o.push(&f.name, item);
            }
            "x" | "v" => {
                let item = json!({"cells": o.names(&[cell(0)?, cell(1)?]), "value": f.name.to_uppercase()});
                o.push("xv", item);
            }
            "kropki_negative" | "white_negative" | "nonconsecutive" => {
                // sdkc's negative rules leave alone the pairs with a white or black dot;
                // f-puzzles' leave alone every dot: the same when every dot is white or black
                // (and, for the ones without black dots, when there are none).
                if has(&["difference", "ratio"]) {
                    return why(
                        "leaves alone only white and black dots, while f-puzzles' negative rules leave every dot alone",
                    );
                }
                if f.name == "white_negative" && has(&["black"])
                    || f.name == "nonconsecutive" && has(&["black", "white"])
                {
                    return why(
                        "applies across dots, while f-puzzles' nonconsecutive leaves every dot alone",
                    );
                }
                o.flag("nonconsecutive");
                if f.name == "kropki_negative" {
                    negative.push("ratio");
                }
            }
            "fpuzzles_nonconsecutive" => o.flag("nonconsecutive"),
            "fpuzzles_negative_ratio" => negative.push("ratio"),
            "xv_negative" => negative.push("xv"),
            "greater" if greater.is_some() => {}
            "minimum" | "maximum" if greater.as_ref().is_some_and(|(k, _)| k == &f.name) => {}
            "odd" | "even" | "minimum" | "maximum" => {
                let item = json!({"cell": o.name(cell(0)?)});
                o.push(&f.name, item);
            }
            "quadruple" => {
                let Some(Arg::Numbers(ds)) = a.get(1) else {
                    return Err(bad());
                };
                let item = json!({"cells": o.names(cells(0)?), "values": ds});
                o.push("quadruple", item);
            }
            "clone" => {
                let item = json!({"cells": o.names(cells(0)?), "cloneCells": o.names(cells(1)?)});
                o.push("clone", item);
            }
            "indexing" => {
                let (line, index) = (cells(0)?, cell(1)?);
                let (r, c) = (index / n, index % n);
                if line == o.row(r).as_slice() {
                    column_indexers.push(index);
                } else if line == o.column(c).as_slice() {
                    row_indexers.push(index);
                } else {
                    return why(
                        "indexes a line that is not the index cell's whole row or column in order, as f-puzzles' indexers do",
                    );
                }
            }
            "thermo" | "slow_thermo" | "palindrome" | "renban" | "between" | "region_sum"
            | "entropic" | "modular" | "zipper" | "nabner" => {
                if f.name == "entropic" && n != 9 {
                    return why("is an entropic line off 9x9, where f-puzzles' groups differ");
                }
                if f.name == "region_sum" && !as_boxes {
                    return why("is a region-sum line on irregular regions");
                }
                let key = match f.name.as_str() {
                    "thermo" => "thermometer",
                    "slow_thermo" => "slowthermometer",
                    "between" => "betweenline",
                    "region_sum" => "regionsumline",
                    "entropic" => "entropicline",
                    "modular" => "modularline",
                    "zipper" => "zipperline",
                    other => other,
                };
                let item = json!({"lines": [o.names(cells(0)?)]});
                o.push(key, item);
            }
            "german_whisper" | "dutch_whisper" | "whisper" => {
                let gap = match f.name.as_str() {
                    "german_whisper" => 5,
                    "dutch_whisper" => 4,
                    _ => num(1)?,
                };
                let mut item = json!({"lines": [o.names(cells(0)?)]});
                if gap != n.div_ceil(2) as i64 {
                    item["value"] = Value::from(gap.to_string());
                }
                o.push("whispers", item);
            }
            "sandwich" | "x_sum" | "skyscraper" => {
                let line = cells(0)?;
                let Some(at) = o.clue(line) else {
                    return why(
                        "is not on a whole row or column read from one end, as f-puzzles' outside clues are",
                    );
                };
                let key = match f.name.as_str() {
                    "sandwich" => "sandwichsum",
                    "x_sum" => "xsum",
                    _ => "skyscraper",
                };
                let item = json!({"cell": at, "value": num(1)?.to_string()});
                o.push(key, item);
            }
            "diagonals" => {
                o.flag("diagonal-");
                o.flag("diagonal+");
            }
            "anti_knight" => o.flag("antiknight"),
            "anti_king" => o.flag("antiking"),
            "disjoint_groups" => {
                if p.boxes.is_none() || !as_boxes {
                    return why("needs boxes as f-puzzles draws them");
                }
                o.flag("disjointgroups");
            }
            "windoku" if n == 9 => {
                for (r, c) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells: Vec<Cell> = (0..9).map(|k| (r + k / 3) * 9 + c + k % 3).collect();
                    let item = json!({"cells": o.names(&cells)});
                    o.push("extraregion", item);
                }
            }
            other => {
                return why(&format!(
                    "calls `{other}`, which f-puzzles has no constraint for"
                ));
            }
        }
    }
    if !column_indexers.is_empty() {
        let item = json!({"cells": o.names(&column_indexers)});
        o.push("columnindexer", item);
    }
    if !row_indexers.is_empty() {
        let item = json!({"cells": o.names(&row_indexers)});
        o.push("rowindexer", item);
    }
    if !negative.is_empty() {
        negative.sort_unstable();
        negative.dedup();
        o.keys.insert("negative".into(), json!(negative));
    }

    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let cell = r * n + c;
                        let mut m = Map::new();
                        if let Some(v) = p.givens[cell] {
                            m.insert("value".into(), Value::from(v));
                            m.insert("given".into(), Value::Bool(true));
                        }
                        if covered && !as_boxes {
                            m.insert("region".into(), Value::from(region[cell]));
                        }
                        Value::Object(m)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut root = Map::new();
    root.insert("size".into(), Value::from(n));
    if !p.name.is_empty() {
        root.insert("title".into(), Value::from(p.name.clone()));
    }
    root.insert("grid".into(), Value::Array(grid));
    root.extend(o.keys);
    Ok(Value::Object(root))
}

/// `greater(a, b)` rules read back as f-puzzles' maxima (or minima) when they are exactly what
/// the import writes for marked cells side by side: every marked cell compared with each
/// neighbour that is not marked, and nothing else. The key and the marked cells, or `None`
/// when there are no `greater` rules.
fn fortress(p: &Puzzle, n: usize) -> Result<Option<(String, Vec<Cell>)>, Error> {
    let mut pairs = Vec::new();
    let mut marked: [Vec<Cell>; 2] = [Vec::new(), Vec::new()];
    for rule in &p.rules {
        let Some(f) = rule.family.as_ref().filter(|f| f.library) else {
            continue;
        };
        match (f.name.as_str(), f.args.as_slice()) {
            ("greater", [a, b]) => {
                if let (Some(a), Some(b)) = (cell_of(a), cell_of(b)) {
                    pairs.push((a, b));
                }
            }
            ("maximum", [a]) => marked[0].extend(cell_of(a)),
            ("minimum", [a]) => marked[1].extend(cell_of(a)),
            _ => {}
        }
    }
    let beside = |c: Cell| -> Vec<Cell> {
        let (r, k) = ((c / n) as i64, (c % n) as i64);
        [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|&(dr, dc)| (r + dr, k + dc))
            .filter(|&(r, k)| (0..n as i64).contains(&r) && (0..n as i64).contains(&k))
            .map(|(r, k)| r as usize * n + k as usize)
            .collect()
    };
    if pairs.is_empty() {
        // `maximum(c)` beside `maximum(d)`: each larger than the other, no grid; f-puzzles
        // compares marked cells with unmarked ones only, which has grids (a review found the
        // export turn 0 grids into 66).
        for (i, key) in ["maximum", "minimum"].into_iter().enumerate() {
            if marked[i]
                .iter()
                .any(|&m| beside(m).iter().any(|x| marked[i].contains(x)))
            {
                return err(format!(
                    "two `{key}` cells are side by side, each {} than the other; f-puzzles compares a marked cell with its unmarked neighbours only, so the puzzle has no f-puzzles form",
                    if i == 0 { "larger" } else { "smaller" }
                ));
            }
        }
        return Ok(None);
    }
    for (i, key) in ["maximum", "minimum"].into_iter().enumerate() {
        // The cells that are larger (maxima) or smaller (minima) in every pair.
        let mut set = marked[i].clone();
        set.extend(pairs.iter().map(|&(a, b)| if i == 0 { a } else { b }));
        set.sort_unstable();
        set.dedup();
        let mut expected: Vec<(Cell, Cell)> = Vec::new();
        let mut fits = true;
        for &m in &set {
            let others: Vec<Cell> = beside(m).into_iter().filter(|x| !set.contains(x)).collect();
            let alone = marked[i].contains(&m);
            // A `maximum(c)` call compares c with every neighbour: right only without marked ones.
            if alone && others.len() != beside(m).len() {
                fits = false;
            }
            if !alone {
                expected.extend(others.iter().map(|&x| if i == 0 { (m, x) } else { (x, m) }));
            }
        }
        let mut got = pairs.clone();
        got.sort_unstable();
        expected.sort_unstable();
        if fits && got == expected {
            return Ok(Some((key.to_string(), set)));
        }
    }
    err(
        "its `greater` rules are not f-puzzles' minima or maxima (each marked cell larger or smaller than every unmarked neighbour), so the puzzle has no f-puzzles form",
    )
}

/// Make `area` the next region (`regions` counts them) when none of its cells has one yet.
fn claim(region: &mut [usize], regions: &mut usize, area: &[Cell]) {
    if area.iter().all(|&c| region[c] == usize::MAX) {
        for &c in area {
            region[c] = *regions;
        }
        *regions += 1;
    }
}

/// Two cells that share an edge of an `n`-column grid.
fn side_by_side(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// Four cells of an `n`-column grid that make a 2x2 square, in any order.
fn around_a_corner(cells: &[usize], n: usize) -> bool {
    let Some(&top) = cells.iter().min() else {
        return false;
    };
    let mut square = vec![top, top + 1, top + n, top + n + 1];
    let mut cells = cells.to_vec();
    square.sort_unstable();
    cells.sort_unstable();
    top % n + 1 < n && cells == square
}
