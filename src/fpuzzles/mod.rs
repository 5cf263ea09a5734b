//! The f-puzzles format, read: a puzzle as setters share it (the JSON itself, the lz-string
//! compressed base64 string, or an f-puzzles / SudokuPad URL carrying one) turned into a
//! readable `.sdk` model, one library rule a clue. What each key means follows rangsk's
//! SudokuSolver, the solver f-puzzles itself calls (`notes/fpuzzles-format.md`).
//!
//! Every key is either mapped to a rule, ignored with a note (drawings, solver settings), or an
//! error that names it and its cells: a clue is never dropped silently.

pub mod export;

pub use export::{compress, export, url};

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{Map, Value};

/// A compressed string longer than this is refused before it is decompressed: lz-string's
/// output can grow with the square of its input, and the largest published puzzles are a few
/// KiB.
pub const MAX_COMPRESSED: usize = 32 * 1024;
/// The most JSON read (a 16x16 with a clue on every cell is far below it): as much as a model
/// (`cli::MAX_MODEL`), since the import's model is about as long as the JSON's clues.
pub const MAX_JSON: usize = 1024 * 1024;

/// Why a text is not an f-puzzles puzzle sdkc can import (exit code 3, like a model's mistakes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl Error {
    /// Whether the text was refused for its size (a string, its JSON), rather than for not
    /// being an f-puzzles puzzle.
    pub fn is_too_large(&self) -> bool {
        self.0.contains(READS_AT_MOST)
    }

    /// The exit code of a puzzle that cannot be imported.
    pub fn exit_code(&self) -> u8 {
        crate::exit::MODEL
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, Error> {
    Err(Error(msg.into()))
}

/// A puzzle read from f-puzzles: the model's text, and what was left out (one line each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The `.sdk` model.
    pub text: String,
    /// Keys read but carrying no rule (drawings, solver settings, typed-in digits).
    pub notes: Vec<String>,
    /// The clues written, by rule (`cage` 12, `thermo` 3), for the summary line.
    pub rules: BTreeMap<String, usize>,
    /// The grid's side.
    pub size: usize,
}

/// Whether `bytes` hold an f-puzzles puzzle rather than an `.sdk` model: JSON (a model never
/// starts with `{`), a URL that carries one, or one word of base64 (a model always has a
/// space: `grid 9x9`).
pub fn looks_like(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let t = text.trim();
    if t.starts_with('{') {
        return true;
    }
    let lower = t.get(..t.len().min(256)).unwrap_or("").to_ascii_lowercase();
    if (lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("www."))
        && (lower.contains("load=") || lower.contains("fpuzzles"))
    {
        return true;
    }
    t.len() >= 16
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'$'))
}

/// How a size-limit message ends, before the limit: such a text is a puzzle too large to read,
/// not a model with a typo (`Error::is_too_large`).
const READS_AT_MOST: &str = "sdkc reads at most";

/// How many UTF-16 units a base64 lz-string decompresses to, without decompressing it: the
/// same reading of codes as the decoder's, keeping each dictionary phrase's length only, and
/// stopping once past `MAX_JSON`. `None` when it does not decode (lz-str then says so).
fn decompressed_len(base64: &str) -> Option<u64> {
    const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let mut vals = base64
        .bytes()
        .filter_map(|b| KEY.iter().position(|&k| k == b).map(|v| v as u32));
    // Six bits a character, the highest first; each code's bits come lowest first.
    let (mut val, mut bit) = (vals.next()?, 1u32 << 5);
    let mut read = |n: u32| -> Option<u32> {
        let mut code = 0;
        for i in 0..n {
            if val & bit != 0 {
                code |= 1 << i;
            }
            bit >>= 1;
            if bit == 0 {
                bit = 1 << 5;
                val = vals.next()?;
            }
        }
        Some(code)
    };
    // Codes 0 and 1 bring a new 8- or 16-bit character, 2 ends the text; the dictionary's
    // phrases start at 3.
    let mut phrases: Vec<u64> = vec![1, 1, 1];
    match read(2)? {
        c @ (0 | 1) => read(8 + 8 * c)?,
        2 => return Some(0),
        _ => return None,
    };
    phrases.push(1);
    let (mut w, mut total) = (1u64, 1u64);
    let (mut bits, mut enlarge) = (3u32, 4u64);
    loop {
        let mut code = read(bits)? as usize;
        if code < 2 {
            read(8 + 8 * code as u32)?;
            phrases.push(1);
            code = phrases.len() - 1;
            enlarge -= 1;
        } else if code == 2 {
            return Some(total);
        }
        if enlarge == 0 {
            enlarge = 1u64.checked_shl(bits)?;
            bits += 1;
        }
        let entry = match phrases.get(code) {
            Some(&len) => len,
            None if code == phrases.len() => w + 1,
            None => return None,
        };
        total += entry;
        if total > MAX_JSON as u64 {
            return Some(total);
        }
        phrases.push(w + 1);
        enlarge -= 1;
        w = entry;
        if enlarge == 0 {
            enlarge = 1u64.checked_shl(bits)?;
            bits += 1;
        }
    }
}

/// The puzzle's JSON, from any of the forms people paste.
pub fn decode(text: &str) -> Result<Value, Error> {
    let t = text.trim();
    if t.starts_with('{') {
        if t.len() > MAX_JSON {
            return err(format!(
                "the f-puzzles JSON is {} bytes; {READS_AT_MOST} {MAX_JSON}",
                t.len()
            ));
        }
        return serde_json::from_str(t).or_else(|e| err(format!("not f-puzzles JSON: {e}")));
    }
    let mut s = t;
    if let Some(at) = s.find("load=") {
        s = &s[at + 5..];
        s = s.split(['&', '#']).next().unwrap_or("");
    } else if let Some(at) = s.rfind("fpuzzles") {
        s = &s[at + "fpuzzles".len()..];
        s = s.split(['?', '&', '#']).next().unwrap_or("");
    }
    // A URL's query may come percent-encoded, or with `+` turned into a space.
    let s = s
        .replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+");
    if s.is_empty() {
        return err(
            "no f-puzzles string found (expected JSON, a compressed string, or a URL with `?load=` or `fpuzzles`)",
        );
    }
    if s.len() > MAX_COMPRESSED {
        return err(format!(
            "the f-puzzles string is {} characters; {READS_AT_MOST} {MAX_COMPRESSED}",
            s.len()
        ));
    }
    if let Some(bad) = s
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')))
    {
        return err(format!(
            "not an f-puzzles string: `{}` is not a base64 character",
            bad.escape_default()
        ));
    }
    // lz-string's dictionary holds every phrase whole, so a 32 KiB string can take gigabytes
    // to decompress (each phrase one character longer than the last): its length comes first.
    // (The count stops past the bound, so the message says no more than that.)
    if decompressed_len(&s).is_some_and(|n| n > MAX_JSON as u64) {
        return err(format!(
            "the f-puzzles string decompresses to more than {MAX_JSON} characters; {READS_AT_MOST} that many"
        ));
    }
    let wide = lz_str::decompress_from_base64(&s)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| Error("not an f-puzzles string: it does not decompress".into()))?;
    let json = String::from_utf16(&wide)
        .or_else(|_| err("not an f-puzzles string: it decompresses to invalid text"))?;
    if !json.trim_start().starts_with('{') {
        return err("not an f-puzzles string: it does not decompress to JSON");
    }
    decode(&json)
}

/// Read a puzzle in any form and write it as a model.
pub fn import(text: &str) -> Result<Imported, Error> {
    to_sdk(&decode(text)?)
}

/// A cell `(row, column)`, 1-based; 0 and size+1 are outside clues' places.
type Rc = (usize, usize);
/// Each polyline of a line key, with the instance it belongs to (for its `value`).
type Lines<'a> = Vec<(Vec<Rc>, &'a Map<String, Value>)>;

struct Conv<'a> {
    n: usize,
    root: &'a Map<String, Value>,
    rules: Vec<String>,
    defines: Vec<String>,
    notes: Vec<String>,
    /// Per line key, its note on lines of one cell (an index into `notes`) and their count.
    one_cell: BTreeMap<String, (usize, usize)>,
    count: BTreeMap<String, usize>,
    /// Regular boxes (rows, columns), or None for irregular regions.
    boxes: Option<(usize, usize)>,
}

/// A key's value is there and not empty (`false`, `[]`, `null`, `""` and `{}` are absent).
fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Object(o) => !o.is_empty(),
        // As JavaScript reads it, which f-puzzles is: 0 is false.
        Value::Number(x) => x.as_f64() != Some(0.0),
    }
}

/// A number written as a JSON number or a string (`"17"`); `None` when empty.
fn number(v: Option<&Value>, what: &str) -> Result<Option<i64>, Error> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(x)) => {
            if let Some(i) = x.as_i64() {
                return Ok(Some(i));
            }
            // `4.0` is 4, as JavaScript reads it; a whole number past 64 bits (JSON reads
            // 18446744073709551616 and 1e20 as floats) is too large, not fractional.
            let f = x.as_f64().unwrap_or(f64::NAN);
            if f.fract() != 0.0 || f.is_nan() {
                err(format!("{what}: `{x}` is not a whole number"))
            } else if f.abs() < 9.0e15 {
                Ok(Some(f as i64))
            } else {
                err(format!("{what}: `{x}` is too large"))
            }
        }
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<i64>()
            .map(Some)
            .map_err(|_| Error(format!("{what}: `{s}` is not a number"))),
        Some(other) => err(format!("{what}: `{other}` is not a number")),
    }
}

fn parse_cell(v: &Value, what: &str) -> Result<Rc, Error> {
    let s = v
        .as_str()
        .ok_or_else(|| Error(format!("{what}: `{v}` is not a cell name like \"R1C1\"")))?;
    let up = s.to_ascii_uppercase();
    let bad = || Error(format!("{what}: `{s}` is not a cell name like \"R1C1\""));
    let rest = up.strip_prefix('R').ok_or_else(bad)?;
    let (r, c) = rest.split_once('C').ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    Ok((r, c))
}

/// An instance's `cell`: where its clue sits.
fn clue_cell(item: &Map<String, Value>, what: &str) -> Result<Rc, Error> {
    let cell = item
        .get("cell")
        .ok_or_else(|| Error(format!("{what}: no `cell`")))?;
    parse_cell(cell, what)
}

fn name(rc: Rc) -> String {
    format!("r{}c{}", rc.0, rc.1)
}

/// Cells as the model writes them: a line whose every step goes to a neighbour (diagonals
/// too) as a path through its corners (`r1c1-r1c4-r3c4`), other lists cell by cell.
fn names(cells: &[Rc]) -> String {
    let step = |a: Rc, b: Rc| (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
    let steps: Vec<(i64, i64)> = cells.windows(2).map(|w| step(w[0], w[1])).collect();
    let walk = steps
        .iter()
        .all(|&(dr, dc)| dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0));
    if cells.len() < 3 || !walk {
        return cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ");
    }
    let mut out = vec![name(cells[0])];
    for i in 1..cells.len() {
        // A corner where the direction changes, and the last cell.
        if i == cells.len() - 1 || steps[i] != steps[i - 1] {
            out.push(name(cells[i]));
        }
    }
    out.join("-")
}

/// The largest divisor of `n` at most its square root: f-puzzles' box height (6: 2x3, 12: 3x4;
/// a prime size has boxes one row high, that is no boxes).
fn box_height(n: usize) -> usize {
    (1..=n)
        .filter(|&h| n.is_multiple_of(h) && h * h <= n)
        .max()
        .unwrap_or(1)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One comment line's text: no line breaks, no control characters.
fn comment_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim_end()
        .to_string()
}

impl<'a> Conv<'a> {
    fn inside(&self, rc: Rc) -> bool {
        (1..=self.n).contains(&rc.0) && (1..=self.n).contains(&rc.1)
    }

    /// The cells of `v` (a list of names), each inside the grid.
    fn cells(&self, v: Option<&Value>, what: &str) -> Result<Vec<Rc>, Error> {
        let out = self.cell_list(v, what)?;
        if out.is_empty() {
            return err(format!("{what}: no cells"));
        }
        Ok(out)
    }

    /// The cells of a clue whose cells are a set, not a path (a cage, an extra region, a
    /// pill): sorted, each once (a cage of `R1C1, R1C1, R1C2` is a cage of two cells, not one
    /// that cannot hold); empty when the list is.
    fn cell_set(&self, v: Option<&Value>, what: &str) -> Result<Vec<Rc>, Error> {
        let mut out = self.cell_list(v, what)?;
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// `cells`, empty when the list is.
    fn cell_list(&self, v: Option<&Value>, what: &str) -> Result<Vec<Rc>, Error> {
        let list = v
            .and_then(Value::as_array)
            .ok_or_else(|| Error(format!("{what}: no list of cells")))?;
        let mut out = Vec::with_capacity(list.len());
        for c in list {
            let rc = parse_cell(c, what)?;
            if !self.inside(rc) {
                return err(format!(
                    "{what}: {} is outside the {n}x{n} grid",
                    name(rc),
                    n = self.n
                ));
            }
            out.push(rc);
        }
        Ok(out)
    }

    /// The two cells a mark between neighbours joins (`what` names the instance, `mark` the
    /// kind of mark for the message), as the model names them.
    fn pair(
        &self,
        item: &Map<String, Value>,
        what: &str,
        mark: &str,
    ) -> Result<(String, String), Error> {
        let cells = self.cells(item.get("cells"), what)?;
        if cells.len() != 2 {
            return err(format!(
                "{what}: {mark} joins two cells, not {}",
                cells.len()
            ));
        }
        Ok((name(cells[0]), name(cells[1])))
    }

    fn items(&self, key: &str) -> Result<Vec<&'a Map<String, Value>>, Error> {
        let Some(v) = self.root.get(key).filter(|v| present(v)) else {
            return Ok(Vec::new());
        };
        let list = v
            .as_array()
            .ok_or_else(|| Error(format!("`{key}` is not a list")))?;
        list.iter()
            .enumerate()
            .map(|(i, x)| {
                x.as_object()
                    .ok_or_else(|| Error(format!("`{key}` #{}: not an object", i + 1)))
            })
            .collect()
    }

    /// A clue of the puzzle's, `what` (`` `arrow` #2 ``), that has no `lacks` (a shaft, a total)
    /// asks nothing: left out, with a note that names it.
    fn asks_nothing(&mut self, what: &str, lacks: &str) {
        self.notes.push(format!(
            "{what} has no {lacks}, so it asks nothing: left out"
        ));
    }

    /// A line of one cell asks nothing (no two cells to compare): left out, with one note per
    /// key that counts them, so a setter who meant longer lines sees how many were not.
    fn one_cell_line(&mut self, key: &str) {
        let (at, count) = match self.one_cell.get(key) {
            Some(&(at, count)) => (at, count + 1),
            None => {
                self.notes.push(String::new());
                (self.notes.len() - 1, 1)
            }
        };
        self.one_cell.insert(key.to_string(), (at, count));
        self.notes[at] = if count == 1 {
            format!("`{key}`: a line of one cell asks nothing: left out")
        } else {
            format!("`{key}`: {count} lines of one cell ask nothing: left out")
        };
    }

    fn rule(&mut self, family: &str, call: String) {
        *self.count.entry(family.to_string()).or_default() += 1;
        self.rules.push(format!("rule {call}"));
    }

    /// Each polyline of a line key's instances (`[{lines: [[cells...], ...]}]`).
    fn lines(&mut self, key: &str) -> Result<Lines<'a>, Error> {
        let mut out = Vec::new();
        for (i, item) in self.items(key)?.into_iter().enumerate() {
            let what = format!("`{key}` #{}", i + 1);
            let lines = item
                .get("lines")
                .and_then(Value::as_array)
                .ok_or_else(|| Error(format!("{what}: no `lines`")))?;
            if lines.is_empty() {
                self.asks_nothing(&what, "lines");
            }
            for l in lines {
                let cells = self.path(Some(l), &what)?;
                if cells.is_empty() {
                    self.asks_nothing(&what, "cells on a line");
                    continue;
                }
                out.push((cells, item));
            }
        }
        Ok(out)
    }

    /// The cells of a line in order, a cell twice in a row once: it is one point of the
    /// polyline, not a step (a line of `R1C1, R1C1` is a line of one cell, not a thermometer
    /// that cannot hold; an arrow's shaft through `R1C2, R1C2` adds r1c2 once). Empty when
    /// the list is.
    fn path(&self, v: Option<&Value>, what: &str) -> Result<Vec<Rc>, Error> {
        let mut cells = self.cell_list(v, what)?;
        cells.dedup();
        Ok(cells)
    }

    /// The line an outside clue at `rc` reads, from the clue's side.
    fn outside_line(&self, rc: Rc, what: &str) -> Result<Vec<Rc>, Error> {
        let n = self.n;
        let (r, c) = rc;
        let line: Vec<Rc> = if (1..=n).contains(&r) && c == 0 {
            (1..=n).map(|j| (r, j)).collect()
        } else if (1..=n).contains(&r) && c == n + 1 {
            (1..=n).rev().map(|j| (r, j)).collect()
        } else if (1..=n).contains(&c) && r == 0 {
            (1..=n).map(|i| (i, c)).collect()
        } else if (1..=n).contains(&c) && r == n + 1 {
            (1..=n).rev().map(|i| (i, c)).collect()
        } else {
            return err(format!(
                "{what}: the clue at {} is not beside a row or column",
                name(rc)
            ));
        };
        Ok(line)
    }

    fn unsupported(&self, key: &str, why: &str) -> Result<(), Error> {
        let Some(v) = self.root.get(key).filter(|v| present(v)) else {
            return Ok(());
        };
        // Name the first instance's cells, so the setter finds it.
        let mut cells = Vec::new();
        if let Some(first) = v.as_array().and_then(|a| a.first()) {
            let mut all: Vec<&Value> = Vec::new();
            match first {
                Value::String(_) => all.push(first),
                Value::Object(o) => {
                    for k in ["cell", "cells"] {
                        match o.get(k) {
                            Some(Value::Array(a)) => all.extend(a.iter()),
                            Some(s @ Value::String(_)) => all.push(s),
                            _ => {}
                        }
                    }
                    if let Some(Value::Array(ls)) = o.get("lines") {
                        for l in ls {
                            if let Value::Array(a) = l {
                                all.extend(a.iter());
                            }
                        }
                    }
                }
                _ => {}
            }
            for c in all {
                if let Ok(rc) = parse_cell(c, key) {
                    cells.push(name(rc));
                }
            }
        }
        let count = v.as_array().map_or(1, Vec::len);
        err(format!(
            "`{key}` ({why}) cannot be imported: sdkc has no rule for it{}{}",
            if cells.is_empty() {
                String::new()
            } else {
                format!("; the first is at {}", cells.join(" "))
            },
            if count > 1 {
                format!(" ({count} in all)")
            } else {
                String::new()
            }
        ))
    }
}

/// Keys that only draw (f-puzzles' add-on writes a drawing of each of its rules there too, so
/// reading them as rules would apply a rule twice).
const DRAWINGS: &[&str] = &["line", "text", "circle", "rectangle", "cage"];
/// Keys that set up a solver or an editor, not the puzzle.
const SETTINGS: &[&str] = &[
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "metadata",
    "triggereffect",
    "solution",
];
/// Keys read as the puzzle's rules (in the order their rules are written).
const RULE_KEYS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "extraregion",
    "killercage",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "ratio",
    "xv",
    "quadruple",
    "clone",
    "rowindexer",
    "columnindexer",
    "thermometer",
    "slowthermometer",
    "arrow",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "regionsumline",
    "entropicline",
    "modularline",
    "zipperline",
    "nabner",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
];
/// Keys sdkc knows and cannot import yet, with what they are.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("doublearrow", "double arrows"),
    ("lockout", "lockout lines as SudokuPad writes them"),
    ("boxindexer", "box indexers"),
    ("fogofwar", "fog of war"),
    ("foglight", "fog of war lights"),
];

/// The model for an f-puzzles puzzle's JSON.
pub fn to_sdk(v: &Value) -> Result<Imported, Error> {
    let root = v
        .as_object()
        .ok_or_else(|| Error("not an f-puzzles puzzle: the JSON is not an object".into()))?;
    let grid = root
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| Error("not an f-puzzles puzzle: no `grid`".into()))?;
    let n = match number(root.get("size"), "`size`")? {
        Some(s) => s,
        None => grid.len() as i64,
    };
    if !(3..=16).contains(&n) {
        return err(format!("`size` is {n}; f-puzzles grids are 3x3 to 16x16"));
    }
    let n = n as usize;
    if grid.len() != n
        || grid
            .iter()
            .any(|r| r.as_array().is_none_or(|r| r.len() != n))
    {
        return err(format!("`grid` is not {n} rows of {n} cells"));
    }
    let mut c = Conv {
        n,
        root,
        rules: Vec::new(),
        defines: Vec::new(),
        notes: Vec::new(),
        one_cell: BTreeMap::new(),
        count: BTreeMap::new(),
        boxes: None,
    };
    for (key, what) in UNSUPPORTED {
        c.unsupported(key, what)?;
    }
    for (key, value) in root {
        let known = RULE_KEYS.contains(&key.as_str())
            || DRAWINGS.contains(&key.as_str())
            || SETTINGS.contains(&key.as_str())
            || UNSUPPORTED.iter().any(|(k, _)| k == key)
            || ["size", "grid", "title", "author", "ruleset"].contains(&key.as_str());
        if !known && present(value) {
            return err(format!(
                "`{key}` is not an f-puzzles key sdkc knows; it may be a rule, so the puzzle is not imported without it"
            ));
        }
    }

    // Regions: a missing `region` is the cell's default box; `null` is no region.
    let h = box_height(n);
    let w = n / h;
    let mut region = vec![0usize; n * n];
    let mut regular = true;
    let mut givens = vec![None; n * n];
    let mut typed = 0;
    let mut pencil = 0;
    for (r, row) in grid.iter().enumerate() {
        for (col, cell) in row.as_array().unwrap().iter().enumerate() {
            let what = format!("`grid` cell {}", name((r + 1, col + 1)));
            let cell = cell
                .as_object()
                .ok_or_else(|| Error(format!("{what}: not an object")))?;
            let default = (r / h) * h + col / w;
            region[r * n + col] = match cell.get("region") {
                None => default,
                Some(Value::Null) => {
                    return err(format!(
                        "{what} is in no region (`region: null`); sdkc's regions cover the grid"
                    ));
                }
                Some(x) => {
                    let id = number(Some(x), &what)?.unwrap_or(default as i64);
                    if !(0..n as i64).contains(&id) {
                        return err(format!(
                            "{what}: region {id} is not between 0 and {}",
                            n - 1
                        ));
                    }
                    id as usize
                }
            };
            regular &= region[r * n + col] == default;
            if let Some(val) = number(cell.get("value"), &what)? {
                if cell.get("given").and_then(Value::as_bool) == Some(true) {
                    if !(1..=n as i64).contains(&val) {
                        return err(format!("{what}: the given {val} is not between 1 and {n}"));
                    }
                    givens[r * n + col] = Some(val);
                } else {
                    typed += 1;
                }
            }
            if cell.get("givenPencilMarks").is_some_and(present) {
                pencil += 1;
            }
        }
    }
    if pencil > 0 {
        return err(format!(
            "{pencil} cell{} given pencil marks (`givenPencilMarks`), which sdkc cannot import yet",
            if pencil == 1 { " has" } else { "s have" }
        ));
    }
    if typed > 0 {
        c.notes.push(format!(
            "{typed} digit{} typed in without `given` (a solver's progress) {}: left out",
            if typed == 1 { "" } else { "s" },
            if typed == 1 {
                "is not a clue"
            } else {
                "are not clues"
            }
        ));
    }
    let mut sizes = vec![0usize; n];
    for &g in &region {
        sizes[g] += 1;
    }
    if let Some(g) = sizes.iter().position(|&s| s != n) {
        return err(format!(
            "region {g} has {} cells; every region of a {n}x{n} grid has {n}",
            sizes[g]
        ));
    }
    if regular && h > 1 {
        c.boxes = Some((h, w));
    }
    // Regions lettered in the order their first cells come, row by row: the same letters
    // whatever numbers the file gave them (and after an export).
    let mut letter = vec![usize::MAX; n];
    let mut next = 0;
    for g in region.iter_mut() {
        if letter[*g] == usize::MAX {
            letter[*g] = next;
            next += 1;
        }
        *g = letter[*g];
    }

    convert_rules(&mut c)?;

    for key in DRAWINGS {
        if let Some(v) = root.get(*key).filter(|v| present(v)) {
            if *key == "cage"
                && let Some(dr) = v.as_array().and_then(|a| {
                    a.iter().find(|x| {
                        x.get("value")
                            .and_then(Value::as_str)
                            .is_some_and(|s| s.starts_with("DR") || s.starts_with("FOW"))
                    })
                })
            {
                return err(format!(
                    "`cage` with value `{}` (a digital-root cage or fog of war) cannot be imported: sdkc has no rule for it",
                    dr["value"].as_str().unwrap_or_default()
                ));
            }
            let k = v.as_array().map_or(1, Vec::len);
            c.notes.push(format!(
                "`{key}`: {k} drawing{} without a rule of {} own, left out",
                if k == 1 { "" } else { "s" },
                if k == 1 { "its" } else { "their" }
            ));
        }
    }
    for key in SETTINGS {
        if root.get(*key).is_some_and(present) && *key != "solution" {
            c.notes.push(format!("`{key}`: a solver setting, left out"));
        }
    }

    // The text.
    let mut t = String::new();
    let title = root.get("title").and_then(Value::as_str).unwrap_or("");
    let author = root.get("author").and_then(Value::as_str).unwrap_or("");
    let ruleset = root.get("ruleset").and_then(Value::as_str).unwrap_or("");
    t.push_str("# Imported from f-puzzles by `sdkc import`.\n");
    if !title.is_empty() {
        t.push_str(&format!("# Title: {}\n", comment_text(title)));
    }
    if !author.is_empty() {
        t.push_str(&format!("# Author: {}\n", comment_text(author)));
    }
    if !ruleset.trim().is_empty() {
        t.push_str("# Rules:\n");
        for line in ruleset.lines() {
            let line = comment_text(line);
            if line.is_empty() {
                t.push_str("#\n");
            } else {
                t.push_str(&format!("#   {line}\n"));
            }
        }
    }
    let shown_title = if title.trim().is_empty() {
        "f-puzzles import".to_string()
    } else {
        comment_text(title.lines().next().unwrap_or(""))
    };
    t.push_str(&format!("puzzle \"{}\"\n", escape(&shown_title)));
    t.push_str(&format!("grid {n}x{n}\n"));
    let sets = match c.boxes {
        Some((h, w)) => {
            t.push_str(&format!("boxes {h}x{w}\n"));
            "rows, columns, boxes"
        }
        None if regular => {
            t.push_str("boxes none\n");
            "rows, columns"
        }
        None => {
            t.push_str("boxes none\nregions {\n");
            for r in 0..n {
                let row: Vec<String> = (0..n)
                    .map(|col| ((b'A' + region[r * n + col] as u8) as char).to_string())
                    .collect();
                t.push_str(&format!("  {}\n", row.join(" ")));
            }
            t.push_str("}\n");
            "rows, columns, regions"
        }
    };
    if givens.iter().any(Option::is_some) {
        t.push_str("givens {\n");
        let width = if n > 9 { 2 } else { 1 };
        for r in 0..n {
            let mut line = String::from(" ");
            for col in 0..n {
                if col > 0 && c.boxes.is_some_and(|(_, w)| col % w == 0) {
                    line.push_str(" |");
                }
                let s = givens[r * n + col].map_or(".".to_string(), |g: i64| g.to_string());
                line.push_str(&format!(" {s:>width$}"));
            }
            if r > 0
                && let Some((h, _)) = c.boxes
                && r % h == 0
            {
                let rule: String = line
                    .split('|')
                    .map(|seg| "-".repeat(seg.len()))
                    .collect::<Vec<_>>()
                    .join("+");
                t.push_str(&format!("  {}\n", &rule[2..]));
            }
            t.push_str(&line);
            t.push('\n');
        }
        t.push_str("}\n");
    }
    t.push_str(&format!("rule distinct {sets}\n"));
    for d in &c.defines {
        t.push_str(d);
        t.push('\n');
    }
    for r in &c.rules {
        t.push_str(r);
        t.push('\n');
    }
    Ok(Imported {
        text: t,
        notes: c.notes,
        rules: c.count,
        size: n,
    })
}

/// Every rule key, in `RULE_KEYS`' order.
fn convert_rules(c: &mut Conv<'_>) -> Result<(), Error> {
    let n = c.n;
    let root = c.root;
    let flag = |k: &str| root.get(k).is_some_and(present);
    match (flag("diagonal+"), flag("diagonal-")) {
        (true, true) => c.rule("diagonals", "diagonals()".into()),
        (true, false) => c.rule("distinct", "distinct antidiagonal".into()),
        (false, true) => c.rule("distinct", "distinct diagonal".into()),
        (false, false) => {}
    }
    if flag("antiknight") {
        c.rule("anti_knight", "anti_knight()".into());
    }
    if flag("antiking") {
        c.rule("anti_king", "anti_king()".into());
    }
    if flag("disjointgroups") {
        if c.boxes.is_none() {
            return err(
                "`disjointgroups` on irregular regions cannot be imported: sdkc's disjoint groups are the boxes'",
            );
        }
        c.rule("disjoint_groups", "disjoint_groups()".into());
    }

    // Dots first (their values decide which negative rule fits), written after the globals.
    let mut dots = Vec::new();
    let (mut odd_white, mut black_ratios, mut any_black) = (false, Vec::new(), false);
    for (key, default) in [("difference", 1), ("ratio", 2)] {
        for (i, item) in c.items(key)?.into_iter().enumerate() {
            let what = format!("`{key}` #{}", i + 1);
            let (a, b) = c.pair(item, &what, "a dot")?;
            let k = number(item.get("value"), &what)?.unwrap_or(default);
            dots.push(match (key, k) {
                ("difference", 1) => ("white", format!("white({a}, {b})")),
                ("difference", d) => {
                    odd_white = true;
                    ("difference", format!("difference({a}, {b}, {d})"))
                }
                (_, 2) => {
                    any_black = true;
                    if !black_ratios.contains(&2) {
                        black_ratios.push(2);
                    }
                    ("black", format!("black({a}, {b})"))
                }
                (_, r) => {
                    any_black = true;
                    if !black_ratios.contains(&r) {
                        black_ratios.push(r);
                    }
                    ("ratio", format!("ratio({a}, {b}, {r})"))
                }
            });
        }
    }
    // Anything but a list of names is a mistake, not nothing: a dropped negative constraint
    // would let the puzzle have solutions its setter ruled out.
    let negative: Vec<String> = match root.get("negative") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_str().map(str::to_string).ok_or_else(|| {
                    Error(format!(
                        "`negative` holds `{x}`, where f-puzzles writes names (`ratio`, `xv`)"
                    ))
                })
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return err(format!(
                "`negative` is `{other}`, where f-puzzles writes a list of names (`[\"ratio\"]`)"
            ));
        }
    };
    for neg in &negative {
        if !["ratio", "xv"].contains(&neg.as_str()) {
            return err(format!(
                "`negative` names `{neg}`, which sdkc cannot import (it knows `ratio` and `xv`)"
            ));
        }
    }
    let nonconsecutive = flag("nonconsecutive");
    let neg_ratio = negative.iter().any(|x| x == "ratio");
    if black_ratios.is_empty() {
        black_ratios.push(2);
    }
    black_ratios.sort_unstable();
    let standard = !odd_white && black_ratios == [2];
    match (nonconsecutive, neg_ratio) {
        (true, true) if standard => c.rule("kropki_negative", "kropki_negative()".into()),
        (true, false) if !any_black && !odd_white => {
            if dots.is_empty() {
                c.rule("nonconsecutive", "nonconsecutive()".into());
            } else {
                c.rule("white_negative", "white_negative()".into());
            }
        }
        (false, false) => {}
        (nc, nr) => {
            // f-puzzles' reading: neither applies across a dot of any kind. Written as the
            // model's own rules, named so that `export` knows them again.
            let across =
                "for (a, b) in orthogonal where not clued(a, b, white, black, difference, ratio)";
            if nc {
                c.defines.push(format!(
                    "# f-puzzles' nonconsecutive: neighbours without a dot of any kind.\n\
                     define fpuzzles_nonconsecutive():\n    {across}:\n        |v[a] - v[b]| != 1"
                ));
                c.rule(
                    "fpuzzles_nonconsecutive",
                    "fpuzzles_nonconsecutive()".into(),
                );
            }
            if nr {
                let body: Vec<String> = black_ratios
                    .iter()
                    .map(|r| format!("v[a] != {r} * v[b] and v[b] != {r} * v[a]"))
                    .collect();
                c.defines.push(format!(
                    "# f-puzzles' negative ratio: neighbours without a dot of any kind are in no ratio a dot uses.\n\
                     define fpuzzles_negative_ratio():\n    {across}:\n        {}",
                    body.join(" and ")
                ));
                c.rule(
                    "fpuzzles_negative_ratio",
                    "fpuzzles_negative_ratio()".into(),
                );
            }
        }
    }
    if negative.iter().any(|x| x == "xv") {
        c.rule("xv_negative", "xv_negative()".into());
    }

    for (i, item) in c.items("extraregion")?.into_iter().enumerate() {
        let what = format!("`extraregion` #{}", i + 1);
        let cells = c.cell_set(item.get("cells"), &what)?;
        match cells.len() {
            0 => c.asks_nothing(&what, "cells"),
            1 => c
                .notes
                .push(format!("{what} has one cell, so it asks nothing: left out")),
            _ => c.rule("extra_region", format!("extra_region({})", names(&cells))),
        }
    }
    for (i, item) in c.items("killercage")?.into_iter().enumerate() {
        let what = format!("`killercage` #{}", i + 1);
        let cells = c.cell_set(item.get("cells"), &what)?;
        if cells.is_empty() {
            c.asks_nothing(&what, "cells");
            continue;
        }
        match number(item.get("value"), &what)? {
            Some(total) => c.rule("cage", format!("cage({total}, {})", names(&cells))),
            // One cell never repeats a digit.
            None if cells.len() == 1 => c.notes.push(format!(
                "{what} has one cell and no total, so it asks nothing: left out"
            )),
            None => c.rule("extra_region", format!("extra_region({})", names(&cells))),
        }
    }
    for key in ["odd", "even", "minimum", "maximum"] {
        let mut marked = Vec::new();
        for (i, item) in c.items(key)?.into_iter().enumerate() {
            let what = format!("`{key}` #{}", i + 1);
            let cell = item
                .get("cell")
                .ok_or_else(|| Error(format!("{what}: no `cell`")))?;
            let rc = parse_cell(cell, &what)?;
            if !c.inside(rc) {
                return err(format!("{what}: {} is outside the grid", name(rc)));
            }
            marked.push(rc);
        }
        for &rc in &marked {
            // A minimum or maximum is compared with its neighbours that are not marked too
            // (two maxima side by side in a fortress are not compared with each other).
            let beside: Vec<Rc> = [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .map(|&(dr, dc)| ((rc.0 as i64 + dr) as usize, (rc.1 as i64 + dc) as usize))
                .filter(|&x| c.inside(x))
                .collect();
            let paired =
                matches!(key, "minimum" | "maximum") && beside.iter().any(|x| marked.contains(x));
            if !paired {
                c.rule(key, format!("{key}({})", name(rc)));
                continue;
            }
            for x in beside.into_iter().filter(|x| !marked.contains(x)) {
                let (a, b) = if key == "maximum" { (rc, x) } else { (x, rc) };
                c.rule("greater", format!("greater({}, {})", name(a), name(b)));
            }
        }
    }
    for (family, call) in dots {
        c.rule(family, call);
    }
    for (i, item) in c.items("xv")?.into_iter().enumerate() {
        let what = format!("`xv` #{}", i + 1);
        let (a, b) = c.pair(item, &what, "an X or V")?;
        // No value, or another one, is a mistake: a clue sdkc dropped would leave the puzzle
        // with solutions its setter ruled out.
        match item.get("value") {
            Some(Value::String(x)) if x.eq_ignore_ascii_case("x") => {
                c.rule("x", format!("x({a}, {b})"))
            }
            Some(Value::String(x)) if x.eq_ignore_ascii_case("v") => {
                c.rule("v", format!("v({a}, {b})"))
            }
            Some(Value::String(x)) => return err(format!("{what}: `{x}` is neither X nor V")),
            Some(x) => return err(format!("{what}: `{x}` is neither X nor V")),
            None => return err(format!("{what}: no `value` (X or V)")),
        }
    }
    for (i, item) in c.items("quadruple")?.into_iter().enumerate() {
        let what = format!("`quadruple` #{}", i + 1);
        let cells = c.cells(item.get("cells"), &what)?;
        let values = item
            .get("values")
            .and_then(Value::as_array)
            .ok_or_else(|| Error(format!("{what}: no `values`")))?;
        let mut ds = Vec::new();
        for v in values {
            if let Some(d) = number(Some(v), &what)? {
                ds.push(d.to_string());
            }
        }
        if ds.is_empty() {
            c.asks_nothing(&what, "digits");
        } else {
            c.rule(
                "quadruple",
                format!("quadruple({}, {{{}}})", names(&cells), ds.join(", ")),
            );
        }
    }
    for (i, item) in c.items("clone")?.into_iter().enumerate() {
        let what = format!("`clone` #{}", i + 1);
        let a = c.cells(item.get("cells"), &what)?;
        let b = c.cells(item.get("cloneCells"), &what)?;
        if a.len() != b.len() {
            return err(format!("{what}: {} cells cloned to {}", a.len(), b.len()));
        }
        let (a, b): (Vec<Rc>, Vec<Rc>) = a.iter().zip(&b).filter(|(x, y)| x != y).unzip();
        if a.is_empty() {
            c.notes.push(format!(
                "{what} clones its cells to themselves, so it asks nothing: left out"
            ));
        } else {
            c.rule("clone", format!("clone({}, {})", names(&a), names(&b)));
        }
    }
    for (key, column) in [("rowindexer", false), ("columnindexer", true)] {
        let mut seen = Vec::new();
        for (i, item) in c.items(key)?.into_iter().enumerate() {
            for rc in c.cells(item.get("cells"), &format!("`{key}` #{}", i + 1))? {
                if seen.contains(&rc) {
                    continue;
                }
                seen.push(rc);
                let line: Vec<Rc> = if column {
                    (1..=n).map(|j| (rc.0, j)).collect()
                } else {
                    (1..=n).map(|i| (i, rc.1)).collect()
                };
                c.rule(
                    "indexing",
                    format!(
                        "indexing({}-{}, {})",
                        name(line[0]),
                        name(line[n - 1]),
                        name(rc)
                    ),
                );
            }
        }
    }
    for (key, family) in [
        ("thermometer", "thermo"),
        ("slowthermometer", "slow_thermo"),
    ] {
        for (line, _) in c.lines(key)? {
            if line.len() > 1 {
                c.rule(family, format!("{family}({})", names(&line)));
            } else {
                c.one_cell_line(key);
            }
        }
    }
    for (i, item) in c.items("arrow")?.into_iter().enumerate() {
        let what = format!("`arrow` #{}", i + 1);
        // A pill reads left to right, top to bottom.
        let bulb = c.cell_set(item.get("cells"), &what)?;
        // No circle: no total for the shaft, as a cage with no cells has no sum.
        if bulb.is_empty() {
            c.asks_nothing(&what, "circle");
            continue;
        }
        let lines = item
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| Error(format!("{what}: no `lines`")))?;
        let mut shafts = Vec::new();
        for l in lines {
            let mut shaft = c.path(Some(l), &what)?;
            // Each line starts in the bulb.
            while shaft.first().is_some_and(|x| bulb.contains(x)) {
                shaft.remove(0);
            }
            if !shaft.is_empty() {
                shafts.push(shaft);
            }
        }
        // An arrow with no shaft asks nothing, whatever its bulb.
        if shafts.is_empty() {
            c.asks_nothing(&what, "shaft");
            continue;
        }
        if bulb.len() > 3 {
            return err(format!(
                "{what}: a pill of {} cells (sdkc's pills have up to 3)",
                bulb.len()
            ));
        }
        for shaft in shafts {
            if bulb.len() == 1 {
                c.rule(
                    "arrow",
                    format!("arrow({}, {})", name(bulb[0]), names(&shaft)),
                );
            } else {
                c.rule(
                    "pill_arrow",
                    format!("pill_arrow({}, {})", names(&bulb), names(&shaft)),
                );
            }
        }
    }
    for (key, family) in [
        ("palindrome", "palindrome"),
        ("renban", "renban"),
        ("betweenline", "between"),
        ("regionsumline", "region_sum"),
        ("entropicline", "entropic"),
        ("modularline", "modular"),
        ("zipperline", "zipper"),
        ("nabner", "nabner"),
    ] {
        let lines = c.lines(key)?;
        // Lines of one cell ask nothing, so they are left out before the grid is asked to fit.
        let (lines, one_cell): (Vec<_>, Vec<_>) = lines.into_iter().partition(|(l, _)| l.len() > 1);
        for _ in one_cell {
            c.one_cell_line(key);
        }
        if lines.is_empty() {
            continue;
        }
        if family == "entropic" && n != 9 {
            return err(format!(
                "`{key}` on a {n}x{n} grid cannot be imported: sdkc's entropic lines split 1..9 into thirds"
            ));
        }
        if family == "region_sum" && c.boxes.is_none() {
            return err(format!(
                "`{key}` on irregular regions cannot be imported: sdkc's region-sum lines follow the boxes"
            ));
        }
        for (line, _) in lines {
            c.rule(family, format!("{family}({})", names(&line)));
        }
    }
    for (line, item) in c.lines("whispers")? {
        // A line of one cell is left out whatever its gap says, as every other line is.
        if line.len() < 2 {
            c.one_cell_line("whispers");
            continue;
        }
        let gap = number(item.get("value"), "`whispers`")?.unwrap_or(n.div_ceil(2) as i64);
        if n == 9 && gap == 5 {
            c.rule(
                "german_whisper",
                format!("german_whisper({})", names(&line)),
            );
        } else if n == 9 && gap == 4 {
            c.rule("dutch_whisper", format!("dutch_whisper({})", names(&line)));
        } else {
            c.rule("whisper", format!("whisper({}, {gap})", names(&line)));
        }
    }
    for (i, item) in c.items("littlekillersum")?.into_iter().enumerate() {
        let what = format!("`littlekillersum` #{}", i + 1);
        let Some(total) = number(item.get("value"), &what)? else {
            c.asks_nothing(&what, "total");
            continue;
        };
        let at = clue_cell(item, &what)?;
        let (dr, dc): (i64, i64) = match item.get("direction").and_then(Value::as_str) {
            Some("UL") => (-1, -1),
            Some("UR") => (-1, 1),
            Some("DL") => (1, -1),
            Some("DR") => (1, 1),
            other => {
                return err(format!(
                    "{what}: direction {} is not UL, UR, DL or DR",
                    other.unwrap_or("(none)")
                ));
            }
        };
        let inside =
            |r: i64, col: i64| (1..=n as i64).contains(&r) && (1..=n as i64).contains(&col);
        let (mut r, mut col) = (at.0 as i64, at.1 as i64);
        if !inside(r, col) {
            r += dr;
            col += dc;
        }
        let mut path = Vec::new();
        while inside(r, col) {
            path.push((r as usize, col as usize));
            r += dr;
            col += dc;
        }
        if path.is_empty() {
            return err(format!(
                "{what}: the clue at {} points at no cell",
                name(at)
            ));
        }
        c.rule(
            "little_killer",
            format!("little_killer({}, {total})", names(&path)),
        );
    }
    for (key, family) in [
        ("sandwichsum", "sandwich"),
        ("xsum", "x_sum"),
        ("skyscraper", "skyscraper"),
    ] {
        for (i, item) in c.items(key)?.into_iter().enumerate() {
            let what = format!("`{key}` #{}", i + 1);
            let Some(value) = number(item.get("value"), &what)? else {
                c.asks_nothing(&what, "value");
                continue;
            };
            let at = clue_cell(item, &what)?;
            let line = c.outside_line(at, &what)?;
            c.rule(
                family,
                format!("{family}({}-{}, {value})", name(line[0]), name(line[n - 1])),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers as JavaScript reads them: `4.0` is 4; a fraction and a number past 64 bits are
    /// refused, each with its own reason (`4.0` was "too large").
    #[test]
    fn whole_numbers_written_with_a_point() {
        let n = |text: &str| number(Some(&serde_json::from_str(text).unwrap()), "`size`");
        assert_eq!(n("4.0"), Ok(Some(4)));
        assert_eq!(n("-2.0"), Ok(Some(-2)));
        assert_eq!(n("2.5"), err("`size`: `2.5` is not a whole number"));
        assert_eq!(n("1e20"), err("`size`: `1e+20` is too large"));
    }

    /// A base64 lz-string whose every code after the first is the phrase being made (the
    /// decoder's "w + w[0]" case): `codes` codes decompress to 1 + codes (codes + 3) / 2
    /// copies of `{`, each phrase one longer than the last.
    fn bomb(codes: u64) -> String {
        const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
        let (mut out, mut cur, mut filled) = (String::new(), 0u8, 0);
        let mut write = |value: u64, n: u32| {
            for i in 0..n {
                cur = (cur << 1) | ((value >> i) & 1) as u8;
                filled += 1;
                if filled == 6 {
                    out.push(KEY[cur as usize] as char);
                    (cur, filled) = (0, 0);
                }
            }
        };
        write(0, 2);
        write(u64::from(b'{'), 8);
        let (mut phrases, mut bits, mut enlarge) = (4u64, 3u32, 4u64);
        for _ in 0..codes {
            write(phrases, bits);
            phrases += 1;
            enlarge -= 1;
            if enlarge == 0 {
                enlarge = 1 << bits;
                bits += 1;
            }
        }
        write(2, bits);
        write(0, 12); // the last character's padding, and one more
        out
    }

    /// The length scan reads lz-string as lz-str does: the same length on strings lz-str
    /// made and on a small bomb, and a 6 KB bomb of 4.5 million characters refused before it
    /// is decompressed (a 32 KiB one took 660 MB).
    #[test]
    fn decompressed_length_is_known_before_decompressing() {
        for text in [
            "{\"size\":9}".to_string(),
            "{\"size\":9,\"grid\":[]}".repeat(50),
            (0..3000)
                .map(|i| char::from_u32(0x20 + (i * 7919) % 0x3000).unwrap())
                .collect(),
        ] {
            let s = lz_str::compress_to_base64(text.as_str());
            let real = lz_str::decompress_from_base64(&s).unwrap().len() as u64;
            assert_eq!(decompressed_len(&s), Some(real));
        }
        let small = bomb(100);
        assert_eq!(
            decompressed_len(&small),
            Some(lz_str::decompress_from_base64(&small).unwrap().len() as u64)
        );
        assert_eq!(decompressed_len(&small), Some(1 + 100 * 103 / 2));
        let big = bomb(3000);
        assert!(big.len() < MAX_COMPRESSED, "{}", big.len());
        let e = decode(&big).unwrap_err();
        assert!(e.is_too_large());
        assert_eq!(
            e.0,
            "the f-puzzles string decompresses to more than 1048576 characters; sdkc reads at most that many"
        );
        assert_eq!(decompressed_len("AAAA"), None);
    }

    #[test]
    fn box_heights_follow_f_puzzles() {
        let got: Vec<(usize, usize)> = [4, 6, 7, 8, 9, 10, 12, 16]
            .iter()
            .map(|&n| (n, box_height(n)))
            .collect();
        assert_eq!(
            got,
            [
                (4, 2),
                (6, 2),
                (7, 1),
                (8, 2),
                (9, 3),
                (10, 2),
                (12, 3),
                (16, 4)
            ]
        );
    }

    #[test]
    fn a_model_is_not_taken_for_f_puzzles() {
        assert!(!looks_like(b"grid 9x9\nrule distinct rows\n"));
        assert!(!looks_like(b"# {\"size\":9}\ngrid 9x9\n"));
        assert!(looks_like(b"  {\"size\": 4, \"grid\": []}"));
        assert!(looks_like(b"N4IgzglgXgpiBcBOANCALhNAbO8QGE\n"));
        assert!(looks_like(b"https://www.f-puzzles.com/?load=N4Igzg"));
    }
}
