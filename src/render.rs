//! Pictures: a puzzle drawn as SVG the way setters draw it — the grid with its boxes or
//! regions, the givens, and every library rule as its clue (cages with totals, thermometers,
//! arrows, dots, XV, coloured lines, outside clues), optionally a solution or the candidates.
//! Rules that have no picture (algebra, global rules such as anti-knight) are named in a
//! caption under the grid, so nothing a solver must know is left out silently.
//!
//! The text is deterministic: coordinates are written with one decimal, in rule order.

use std::fmt::Write as _;

use crate::puzzle::{Arg, Cell, Puzzle, RuleKind};

/// A cell's side, in SVG units (pixels in a browser).
pub const CELL: f64 = 60.0;

/// What to draw besides the puzzle.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// A solution: its digits drawn in blue in the open cells.
    pub solution: Option<Vec<i64>>,
    /// Candidates per cell (row-major), drawn small in the open cells; a cell whose list is not
    /// complete is marked with a `?`.
    pub candidates: Option<(Vec<Vec<i64>>, Vec<bool>)>,
}

const FONT: &str = "DejaVu Sans, sans-serif";
const SOLVED: &str = "#1e5bc6";

struct Pic<'a> {
    p: &'a Puzzle,
    /// The grid's top-left corner.
    ox: f64,
    oy: f64,
    /// Layers, drawn in this order.
    shade: String,
    lines: String,
    cages: String,
    marks: String,
    text: String,
    caption: Vec<String>,
}

fn esc(s: &str) -> String {
    // XML 1.0 has no way to write a control character but tab and newline, not even as a
    // reference: one in a puzzle's name made the picture unreadable (a review found it).
    s.chars()
        .map(|c| match c {
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => '\u{fffd}',
            c => c,
        })
        .collect::<String>()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A line's colour, by family: the colours setters' tools use, roughly.
fn line_colour(family: &str) -> Option<&'static str> {
    Some(match family {
        "thermo" | "slow_thermo" => "#c4c4c4",
        "palindrome" => "#a0a0a0",
        "renban" => "#d49cf5",
        "german_whisper" | "dutch_whisper" | "whisper" => "#66c266",
        "between" => "#9cc8f0",
        "region_sum" => "#5a8fe0",
        "entropic" => "#f0a050",
        "modular" => "#50b8b0",
        "zipper" => "#c9a0dc",
        "nabner" => "#e8d050",
        "lockout" => "#90a0b0",
        "parity_line" => "#d09070",
        _ => return None,
    })
}

impl Pic<'_> {
    fn rc(&self, c: Cell) -> (usize, usize) {
        (c / self.p.cols, c % self.p.cols)
    }

    fn centre(&self, c: Cell) -> (f64, f64) {
        let (r, k) = self.rc(c);
        (
            self.ox + (k as f64 + 0.5) * CELL,
            self.oy + (r as f64 + 0.5) * CELL,
        )
    }

    fn polyline(&mut self, cells: &[Cell], colour: &str, width: f64) {
        let pts: Vec<String> = cells
            .iter()
            .map(|&c| {
                let (x, y) = self.centre(c);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = writeln!(
            self.lines,
            r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="{width:.1}" stroke-linecap="round" stroke-linejoin="round"/>"##,
            pts.join(" ")
        );
    }

    fn fill_cell(&mut self, c: Cell, colour: &str) {
        let (r, k) = self.rc(c);
        let _ = writeln!(
            self.shade,
            r##"<rect x="{:.1}" y="{:.1}" width="{CELL:.1}" height="{CELL:.1}" fill="{colour}"/>"##,
            self.ox + k as f64 * CELL,
            self.oy + r as f64 * CELL
        );
    }

    /// A killer cage's dashed outline, inset from the cells' edges, and its total.
    fn cage(&mut self, cells: &[Cell], total: Option<i64>) {
        let d = 5.0;
        let inside = |r: i64, k: i64| {
            r >= 0
                && k >= 0
                && (r as usize) < self.p.rows
                && (k as usize) < self.p.cols
                && cells.contains(&(r as usize * self.p.cols + k as usize))
        };
        let mut path = String::new();
        for &c in cells {
            let (r, k) = self.rc(c);
            let (r, k) = (r as i64, k as i64);
            let x0 = self.ox + k as f64 * CELL;
            let y0 = self.oy + r as f64 * CELL;
            let (x1, y1) = (x0 + CELL, y0 + CELL);
            let left = if inside(r, k - 1) { 0.0 } else { d };
            let right = if inside(r, k + 1) { 0.0 } else { d };
            let up = if inside(r - 1, k) { 0.0 } else { d };
            let down = if inside(r + 1, k) { 0.0 } else { d };
            if !inside(r - 1, k) {
                let _ = write!(path, "M{:.1} {:.1}H{:.1}", x0 + left, y0 + d, x1 - right);
            }
            if !inside(r + 1, k) {
                let _ = write!(path, "M{:.1} {:.1}H{:.1}", x0 + left, y1 - d, x1 - right);
            }
            if !inside(r, k - 1) {
                let _ = write!(path, "M{:.1} {:.1}V{:.1}", x0 + d, y0 + up, y1 - down);
            }
            if !inside(r, k + 1) {
                let _ = write!(path, "M{:.1} {:.1}V{:.1}", x1 - d, y0 + up, y1 - down);
            }
        }
        let _ = writeln!(
            self.cages,
            r##"<path class="cage" d="{path}" fill="none" stroke="#000" stroke-width="1.2" stroke-dasharray="4 3"/>"##
        );
        if let (Some(t), Some(&first)) = (total, cells.iter().min()) {
            let (r, k) = self.rc(first);
            let (x, y) = (
                self.ox + k as f64 * CELL + 3.0,
                self.oy + r as f64 * CELL + 3.0,
            );
            let _ = writeln!(
                self.cages,
                r##"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="14.0" fill="#fff"/><text class="total" x="{:.1}" y="{:.1}" font-size="12" font-family="{FONT}">{t}</text>"##,
                7.0 * t.to_string().len() as f64 + 3.0,
                x + 1.5,
                y + 11.5
            );
        }
    }

    /// A mark between two neighbouring cells: a dot, a letter or a number.
    fn between(&mut self, a: Cell, b: Cell, fill: &str, label: &str, label_fill: &str) {
        let ((ax, ay), (bx, by)) = (self.centre(a), self.centre(b));
        let (x, y) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let r = if label.is_empty() { 0.11 } else { 0.16 } * CELL;
        let _ = writeln!(
            self.marks,
            r##"<circle class="dot" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#000" stroke-width="1.2"/>"##
        );
        if !label.is_empty() {
            let _ = writeln!(
                self.marks,
                r##"<text x="{x:.1}" y="{:.1}" font-size="13" font-family="{FONT}" font-weight="bold" text-anchor="middle" fill="{label_fill}">{}</text>"##,
                y + 4.5,
                esc(label)
            );
        }
    }

    /// A number outside the grid, where the clue for `line` (read from its first cell) sits.
    fn outside(&mut self, line: &[Cell], label: &str) {
        let Some(&first) = line.first() else { return };
        let (r, k) = self.rc(first);
        let (dr, dc) = match line.get(1) {
            Some(&next) => {
                let (r2, k2) = self.rc(next);
                (
                    (r2 as i64 - r as i64).signum(),
                    (k2 as i64 - k as i64).signum(),
                )
            }
            None => (1, 0),
        };
        let x = self.ox + (k as f64 + 0.5 - dc as f64) * CELL;
        let y = self.oy + (r as f64 + 0.5 - dr as f64) * CELL;
        let _ = writeln!(
            self.text,
            r##"<text class="outside" x="{x:.1}" y="{:.1}" font-size="{:.1}" font-family="{FONT}" text-anchor="middle">{}</text>"##,
            y + 0.13 * CELL,
            0.36 * CELL,
            esc(label)
        );
    }

    /// A line of the caption, once however many clues need it.
    fn note(&mut self, line: String) {
        if !self.caption.contains(&line) {
            self.caption.push(line);
        }
    }

    fn rule_name(name: &str) -> String {
        let known = match name {
            "anti_knight" => "Anti-knight",
            "anti_king" => "Anti-king",
            "nonconsecutive" => "Non-consecutive",
            "kropki_negative" => "Kropki negative (all dots given)",
            "white_negative" => "White dots negative (all given)",
            "xv_negative" => "XV negative (all X and V given)",
            "disjoint_groups" => "Disjoint groups",
            "fpuzzles_nonconsecutive" => "Non-consecutive (not across dots)",
            "fpuzzles_negative_ratio" => "Negative ratio (all black dots given)",
            _ => "",
        };
        if !known.is_empty() {
            return known.to_string();
        }
        let mut s = name.replace('_', " ");
        if let Some(f) = s.get(..1) {
            s = f.to_uppercase() + &s[1..];
        }
        s
    }
}

fn cells(a: Option<&Arg>) -> Vec<Cell> {
    match a {
        Some(Arg::Cells(c)) => c.clone(),
        Some(Arg::Cell(c)) => vec![*c],
        _ => Vec::new(),
    }
}

fn number(a: Option<&Arg>) -> Option<i64> {
    match a {
        Some(Arg::Number(n)) => *n,
        _ => None,
    }
}

/// Which region each cell is in, for the thick lines: the boxes, or the distinct areas of N
/// cells (not rows or columns) that cover the grid once; `None` when there are none.
fn regions(p: &Puzzle) -> Option<Vec<usize>> {
    let n = p.cols;
    if let Some((h, w)) = p.boxes {
        return Some(
            (0..p.cell_count())
                .map(|c| (c / n / h) * (n / w) + (c % n) / w)
                .collect(),
        );
    }
    let mut region = vec![usize::MAX; p.cell_count()];
    let mut next = 0;
    for rule in p.rules.iter().filter(|r| r.family.is_none()) {
        if let RuleKind::Distinct(areas) = &rule.kind {
            for a in areas {
                let row = a.cells.iter().all(|&c| c / n == a.cells[0] / n);
                let col = a.cells.iter().all(|&c| c % n == a.cells[0] % n);
                if a.cells.len() == n
                    && !row
                    && !col
                    && a.cells.iter().all(|&c| region[c] == usize::MAX)
                {
                    for &c in &a.cells {
                        region[c] = next;
                    }
                    next += 1;
                }
            }
        }
    }
    region.iter().all(|&r| r != usize::MAX).then_some(region)
}

/// The picture of `p`, as SVG text.
pub fn svg(p: &Puzzle, o: &Options) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let title_h = if p.name.is_empty() { 0.0 } else { 40.0 };
    let mut pic = Pic {
        p,
        ox: CELL,
        oy: CELL + title_h,
        shade: String::new(),
        lines: String::new(),
        cages: String::new(),
        marks: String::new(),
        text: String::new(),
        caption: Vec::new(),
    };
    let region = regions(p);
    let mut clone_colour = 0;
    const CLONES: [&str; 4] = ["#dfe8f7", "#f7e3d0", "#dff2df", "#f2dff2"];
    let mut done = Vec::new();
    for rule in &p.rules {
        let Some(f) = &rule.family else {
            match &rule.kind {
                RuleKind::Distinct(areas) => {
                    for a in areas {
                        let mut sorted = a.cells.clone();
                        sorted.sort_unstable();
                        let n = cols;
                        // A whole row or column goes without saying in a sudoku's picture;
                        // part of one is drawn as a cage like any other area.
                        let row = a.cells.len() == cols
                            && a.cells.iter().all(|&c| c / n == a.cells[0] / n);
                        let col = a.cells.len() == rows
                            && a.cells.iter().all(|&c| c % n == a.cells[0] % n);
                        let in_region = region.as_ref().is_some_and(|g| {
                            a.cells.iter().all(|&c| g[c] == g[a.cells[0]]) && a.cells.len() == n
                        });
                        let diagonal = rows == cols
                            && a.cells.len() == n
                            && (sorted.iter().enumerate().all(|(i, &c)| c == i * n + i)
                                || sorted
                                    .iter()
                                    .enumerate()
                                    .all(|(i, &c)| c == i * n + (n - 1 - i)));
                        if diagonal {
                            let ends = [sorted[0], sorted[n - 1]];
                            let (a0, b0) = (pic.centre(ends[0]), pic.centre(ends[1]));
                            let _ = writeln!(
                                pic.lines,
                                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#7a9cd0" stroke-width="2.0" stroke-dasharray="6 4"/>"##,
                                a0.0, a0.1, b0.0, b0.1
                            );
                        } else if !row && !col && !in_region && a.cells.len() > 1 {
                            pic.cage(&a.cells, None);
                        }
                    }
                }
                RuleKind::Expr { .. } => pic.caption.push(format!(
                    "rule {} (written as algebra, not drawn)",
                    rule.name
                )),
            }
            continue;
        };
        // A call whose distinct part is a rule of its own is drawn once.
        if done.contains(&rule.span) {
            continue;
        }
        done.push(rule.span);
        let a = &f.args;
        let name = f.name.as_str();
        match name {
            // A variant drawn as its plain rule is named too (a review found the pictures of
            // the two byte-identical, what sets them apart nowhere).
            "cage" | "sum_cage" => {
                pic.cage(&cells(a.get(1)), number(a.first()));
                if name == "sum_cage" {
                    pic.note("Sum cages: digits may repeat".into());
                }
            }
            "look_and_say" => {
                pic.cage(&cells(a.get(1)), number(a.first()));
                pic.note("Look-and-say: a clue's digit pairs are (count, digit): 1617 is one 6 and one 7".into());
            }
            "extra_region" | "equality_cage" => {
                pic.cage(&cells(a.first()), None);
                if name == "equality_cage" {
                    pic.note(
                        "Equality cages: as many odd as even, low as high; no middle digit".into(),
                    );
                }
            }
            "thermo" | "slow_thermo" => {
                if name == "slow_thermo" {
                    pic.note("Slow thermometers: digits may repeat".into());
                }
                let line = cells(a.first());
                let colour = line_colour(name).unwrap_or("#c4c4c4");
                pic.polyline(&line, colour, 0.28 * CELL);
                if let Some(&bulb) = line.first() {
                    let (x, y) = pic.centre(bulb);
                    let _ = writeln!(
                        pic.lines,
                        r##"<circle class="bulb" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}"/>"##,
                        0.38 * CELL
                    );
                }
            }
            "arrow" | "pill_arrow" => {
                let bulb = cells(a.first());
                let shaft = cells(a.get(1));
                let Some((&last_bulb, &first)) = bulb.last().zip(shaft.first()) else {
                    continue;
                };
                let (bx, by) = pic.centre(*bulb.iter().min().unwrap_or(&last_bulb));
                let (ex, ey) = pic.centre(*bulb.iter().max().unwrap_or(&last_bulb));
                let r = 0.38 * CELL;
                let _ = writeln!(
                    pic.lines,
                    r##"<rect class="arrow" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{r:.1}" fill="#fff" stroke="#888" stroke-width="2.0"/>"##,
                    bx - r,
                    by - r,
                    ex - bx + 2.0 * r,
                    ey - by + 2.0 * r
                );
                // The shaft leaves the bulb cell next to its first cell.
                let from = *bulb
                    .iter()
                    .min_by_key(|&&c| {
                        let ((x1, y1), (x2, y2)) = (pic.centre(c), pic.centre(first));
                        ((x1 - x2).powi(2) + (y1 - y2).powi(2)) as i64
                    })
                    .unwrap_or(&last_bulb);
                let (fx, fy) = pic.centre(from);
                let (sx, sy) = pic.centre(first);
                let len = ((sx - fx).powi(2) + (sy - fy).powi(2)).sqrt().max(1.0);
                let start = (fx + (sx - fx) / len * r, fy + (sy - fy) / len * r);
                let mut pts = vec![format!("{:.1},{:.1}", start.0, start.1)];
                for &c in &shaft {
                    let (x, y) = pic.centre(c);
                    pts.push(format!("{x:.1},{y:.1}"));
                }
                // The head: two strokes back from the tip.
                let tip = pic.centre(*shaft.last().unwrap_or(&first));
                let prev = if shaft.len() > 1 {
                    pic.centre(shaft[shaft.len() - 2])
                } else {
                    start
                };
                let (dx, dy) = (tip.0 - prev.0, tip.1 - prev.1);
                let l = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / l * 12.0, dy / l * 12.0);
                let _ = writeln!(
                    pic.lines,
                    r##"<polyline points="{}" fill="none" stroke="#888" stroke-width="2.0" stroke-linejoin="round"/><polyline points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="#888" stroke-width="2.0"/>"##,
                    pts.join(" "),
                    tip.0 - ux - uy * 0.6,
                    tip.1 - uy + ux * 0.6,
                    tip.0,
                    tip.1,
                    tip.0 - ux + uy * 0.6,
                    tip.1 - uy - ux * 0.6
                );
            }
            "white" | "black" | "difference" | "ratio" | "x" | "v" | "pair_sum" | "greater" => {
                let (x, y) = (cells(a.first()), cells(a.get(1)));
                let (Some(&ca), Some(&cb)) = (x.first(), y.first()) else {
                    continue;
                };
                match name {
                    "white" => pic.between(ca, cb, "#fff", "", "#000"),
                    "black" => pic.between(ca, cb, "#000", "", "#fff"),
                    "difference" => {
                        let d = number(a.get(2)).map_or(String::new(), |d| d.to_string());
                        pic.between(ca, cb, "#fff", &d, "#000")
                    }
                    "ratio" => {
                        let d = number(a.get(2)).map_or(String::new(), |d| d.to_string());
                        pic.between(ca, cb, "#000", &d, "#fff")
                    }
                    "pair_sum" => {
                        let d = number(a.get(2)).map_or(String::new(), |d| d.to_string());
                        pic.between(ca, cb, "#fff", &d, "#000")
                    }
                    "x" | "v" => pic.between(ca, cb, "#fff", &name.to_uppercase(), "#000"),
                    _ => {
                        // greater: the wide side toward the larger digit.
                        let ((r1, k1), (r2, k2)) = (pic.rc(ca), pic.rc(cb));
                        let sign = match (r2 as i64 - r1 as i64, k2 as i64 - k1 as i64) {
                            (0, 1) => ">",
                            (0, -1) => "<",
                            (1, 0) => "\u{2228}",
                            _ => "\u{2227}",
                        };
                        pic.between(ca, cb, "#fff", sign, "#000")
                    }
                }
            }
            "little_killer" => {
                let line = cells(a.first());
                let t = number(a.get(1)).map_or("?".to_string(), |t| t.to_string());
                // The arrow points along the diagonal, from the clue.
                let arrow = match line.get(1).map(|&c| {
                    let ((r1, k1), (r2, k2)) = (pic.rc(line[0]), pic.rc(c));
                    (r2 > r1, k2 > k1)
                }) {
                    Some((true, true)) | None => '\u{2198}',
                    Some((true, false)) => '\u{2199}',
                    Some((false, true)) => '\u{2197}',
                    Some((false, false)) => '\u{2196}',
                };
                pic.outside(&line, &format!("{t}{arrow}"));
            }
            "sandwich" | "x_sum" | "skyscraper" | "numbered_room" | "lunchbox" | "sandwich_of" => {
                let line = cells(a.first());
                let t = number(a.get(1)).map_or("?".to_string(), |t| t.to_string());
                pic.outside(&line, &t);
                if name == "sandwich_of" {
                    let crust = |i| number(a.get(i)).map_or("?".to_string(), |n| n.to_string());
                    pic.note(format!(
                        "Sandwich clues between {} and {}",
                        crust(2),
                        crust(3)
                    ));
                } else if name != "sandwich" {
                    pic.caption.push(format!("{} clues", Pic::rule_name(name)));
                }
            }
            "between" | "lockout" => {
                let line = cells(a.first());
                let colour = line_colour(name).unwrap_or("#999");
                pic.polyline(&line, colour, 0.12 * CELL);
                for end in [line.first(), line.last()].into_iter().flatten() {
                    let (x, y) = pic.centre(*end);
                    let _ = writeln!(
                        pic.marks,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#fff" stroke="{colour}" stroke-width="2.5"/>"##,
                        0.38 * CELL
                    );
                }
                if name == "lockout" {
                    pic.caption.push(format!(
                        "Lockout lines (gap {})",
                        number(a.get(1)).map_or("?".into(), |g| g.to_string())
                    ));
                }
            }
            _ if line_colour(name).is_some() => {
                let line = cells(a.first());
                pic.polyline(&line, line_colour(name).unwrap_or("#999"), 0.14 * CELL);
                if name == "whisper" {
                    pic.caption.push(format!(
                        "Whispers (gap {})",
                        number(a.get(1)).map_or("?".into(), |g| g.to_string())
                    ));
                }
            }
            "odd" | "even" => {
                for c in cells(a.first()) {
                    let (x, y) = pic.centre(c);
                    let _ = if name == "odd" {
                        writeln!(
                            pic.shade,
                            r##"<circle class="odd" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#d8d8d8"/>"##,
                            0.36 * CELL
                        )
                    } else {
                        writeln!(
                            pic.shade,
                            r##"<rect class="even" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#d8d8d8"/>"##,
                            x - 0.34 * CELL,
                            y - 0.34 * CELL,
                            0.68 * CELL,
                            0.68 * CELL
                        )
                    };
                }
            }
            "minimum" | "maximum" => {
                for c in cells(a.first()) {
                    pic.fill_cell(
                        c,
                        if name == "maximum" {
                            "#e4e4e4"
                        } else {
                            "#dbe7f7"
                        },
                    );
                }
                pic.caption
                    .push(format!("{} cells shaded", Pic::rule_name(name)));
            }
            "quadruple" | "contains" => {
                let cs = cells(a.first());
                let digits = match (name, a.get(1)) {
                    ("quadruple", Some(Arg::Numbers(ds))) => {
                        ds.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
                    }
                    _ => format!(
                        "{}\u{00d7}{}",
                        number(a.get(1)).unwrap_or(0),
                        number(a.get(2)).unwrap_or(0)
                    ),
                };
                let Some(&top) = cs.iter().min() else {
                    continue;
                };
                let (r, k) = pic.rc(top);
                let (x, y) = (
                    pic.ox + (k + 1) as f64 * CELL,
                    pic.oy + (r + 1) as f64 * CELL,
                );
                let _ = writeln!(
                    pic.marks,
                    r##"<circle class="quadruple" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#fff" stroke="#000" stroke-width="1.2"/><text x="{x:.1}" y="{:.1}" font-size="11" font-family="{FONT}" text-anchor="middle">{}</text>"##,
                    0.3 * CELL,
                    y + 4.0,
                    esc(&digits)
                );
            }
            "clone" => {
                let colour = CLONES[clone_colour % CLONES.len()];
                clone_colour += 1;
                for c in cells(a.first()).into_iter().chain(cells(a.get(1))) {
                    pic.fill_cell(c, colour);
                }
            }
            "indexing" => {
                for c in cells(a.get(1)) {
                    pic.fill_cell(c, "#f4d4d4");
                }
            }
            "counting_circles" => {
                for c in cells(a.first()) {
                    let (x, y) = pic.centre(c);
                    let _ = writeln!(
                        pic.marks,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#888" stroke-width="1.5"/>"##,
                        0.42 * CELL
                    );
                }
            }
            "windoku" if rows == 9 && cols == 9 => {
                for (r0, k0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    for i in 0..9 {
                        pic.fill_cell((r0 + i / 3) * 9 + k0 + i % 3, "#e8eef8");
                    }
                }
            }
            "diagonals" => {
                let n = rows.min(cols);
                for (s, e) in [(0, (n - 1) * cols + n - 1), (n - 1, (n - 1) * cols)] {
                    let (a0, b0) = (pic.centre(s), pic.centre(e));
                    let _ = writeln!(
                        pic.lines,
                        r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#7a9cd0" stroke-width="2.0" stroke-dasharray="6 4"/>"##,
                        a0.0, a0.1, b0.0, b0.1
                    );
                }
            }
            _ => pic.caption.push(Pic::rule_name(name)),
        }
    }
    pic.caption.dedup();

    // The grid: thin lines, thick lines between regions, the border.
    let (w, h) = (cols as f64 * CELL, rows as f64 * CELL);
    let mut grid = String::new();
    for r in 0..rows {
        for k in 0..cols {
            let c = r * cols + k;
            let x = pic.ox + k as f64 * CELL;
            let y = pic.oy + r as f64 * CELL;
            let thick = |other: Cell| region.as_ref().is_none_or(|g| g[c] != g[other]);
            if k + 1 < cols {
                let wdt = if thick(c + 1) && region.is_some() {
                    3.0
                } else {
                    1.0
                };
                let _ = writeln!(
                    grid,
                    r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{wdt:.1}" stroke-linecap="square"/>"##,
                    x + CELL,
                    x + CELL,
                    y + CELL,
                    if wdt > 1.0 { "#000" } else { "#999" }
                );
            }
            if r + 1 < rows {
                let wdt = if thick(c + cols) && region.is_some() {
                    3.0
                } else {
                    1.0
                };
                let _ = writeln!(
                    grid,
                    r##"<line x1="{x:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{wdt:.1}" stroke-linecap="square"/>"##,
                    y + CELL,
                    x + CELL,
                    y + CELL,
                    if wdt > 1.0 { "#000" } else { "#999" }
                );
            }
        }
    }
    let _ = writeln!(
        grid,
        r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="none" stroke="#000" stroke-width="3.0"/>"##,
        pic.ox, pic.oy
    );

    // Digits: givens black, a solution blue, candidates small.
    let big = 0.6 * CELL;
    for c in 0..p.cell_count() {
        let (x, y) = pic.centre(c);
        let (digit, fill, class) = match (p.givens[c], &o.solution) {
            (Some(g), _) => (Some(g), "#000", "given"),
            (None, Some(s)) => (s.get(c).copied(), SOLVED, "solution"),
            _ => (None, "", ""),
        };
        if let Some(d) = digit {
            let size = if d.abs() >= 10 { big * 0.75 } else { big };
            let _ = writeln!(
                pic.text,
                r##"<text class="{class}" x="{x:.1}" y="{:.1}" font-size="{size:.1}" font-family="{FONT}" text-anchor="middle" fill="{fill}">{d}</text>"##,
                y + size * 0.36
            );
            continue;
        }
        if let Some((values, complete)) = &o.candidates {
            let vs = values.get(c).cloned().unwrap_or_default();
            let done = complete.get(c).copied().unwrap_or(true);
            // One candidate, proved: the cell is solved, drawn as a solution's digit.
            if let ([v], true) = (vs.as_slice(), done) {
                let size = if v.abs() >= 10 { big * 0.75 } else { big };
                let _ = writeln!(
                    pic.text,
                    r##"<text class="solution" x="{x:.1}" y="{:.1}" font-size="{size:.1}" font-family="{FONT}" text-anchor="middle" fill="{SOLVED}">{v}</text>"##,
                    y + size * 0.36
                );
                continue;
            }
            let span = (p.hi - p.lo + 1).max(1) as f64;
            let side = span.sqrt().ceil() as i64;
            let step = CELL / side as f64;
            let size = (step * 0.7).min(16.0);
            let (x0, y0) = (x - CELL / 2.0, y - CELL / 2.0);
            for v in vs {
                let i = v - p.lo;
                let (row, col) = (i / side, i % side);
                let _ = writeln!(
                    pic.text,
                    r##"<text class="candidate" x="{:.1}" y="{:.1}" font-size="{size:.1}" font-family="{FONT}" text-anchor="middle" fill="{SOLVED}">{v}</text>"##,
                    x0 + (col as f64 + 0.5) * step,
                    y0 + (row as f64 + 0.5) * step + size * 0.36
                );
            }
            if !done {
                let _ = writeln!(
                    pic.text,
                    r##"<text class="incomplete" x="{:.1}" y="{:.1}" font-size="12" font-family="{FONT}" text-anchor="end" fill="#c02020">?</text>"##,
                    x0 + CELL - 3.0,
                    y0 + CELL - 4.0
                );
            }
        }
    }

    let caption_h = if pic.caption.is_empty() {
        0.0
    } else {
        22.0 * pic.caption.len() as f64 + 10.0
    };
    let width = w + 2.0 * CELL;
    let height = h + 2.0 * CELL + title_h + caption_h;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"##
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width:.0}" height="{height:.0}" fill="#fff"/>"##
    );
    if !p.name.is_empty() {
        let _ = writeln!(
            out,
            r##"<text class="title" x="{:.1}" y="34.0" font-size="22" font-family="{FONT}" text-anchor="middle">{}</text>"##,
            width / 2.0,
            esc(&p.name)
        );
    }
    for layer in [
        &pic.shade, &pic.lines, &grid, &pic.cages, &pic.marks, &pic.text,
    ] {
        out.push_str(layer);
    }
    for (i, line) in pic.caption.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text class="caption" x="{:.1}" y="{:.1}" font-size="15" font-family="{FONT}">{}</text>"##,
            pic.ox,
            pic.oy + h + CELL + 22.0 * i as f64 + 4.0,
            esc(line)
        );
    }
    out.push_str("</svg>\n");
    out
}
