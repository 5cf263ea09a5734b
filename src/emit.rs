//! Stage 4: `Mip` to text, in CPLEX-LP, free MPS or fixed MPS. The writers stream to any
//! `Write`, iterate only vectors (never a hash map), and format integers exactly, so the same
//! model gives the same bytes on every run and machine.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use crate::mip::{Mip, Sense};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// CPLEX-LP text.
    #[default]
    Lp,
    /// Free-format MPS.
    Mps,
    /// Fixed-format MPS (every name at most 8 characters).
    FixedMps,
}

impl Format {
    /// The names `--format` takes.
    pub const NAMES: [&'static str; 3] = ["lp", "mps", "fixed-mps"];

    /// The format a file name's extension means (`.mps`: MPS), if any.
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        let e = path.extension()?.to_str()?.to_ascii_lowercase();
        match e.as_str() {
            "lp" => Some(Format::Lp),
            "mps" => Some(Format::Mps),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Lp => "lp",
            Format::Mps | Format::FixedMps => "mps",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "lp" => Ok(Format::Lp),
            "mps" => Ok(Format::Mps),
            "fixed-mps" => Ok(Format::FixedMps),
            _ => Err(format!("`{s}` is not a format: lp, mps or fixed-mps")),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Lp => "lp",
            Format::Mps => "mps",
            Format::FixedMps => "fixed-mps",
        })
    }
}

#[derive(Debug)]
pub enum EmitError {
    /// Fixed MPS holds names of at most 8 characters.
    NameTooLong {
        name: String,
    },
    /// Fixed MPS holds numbers of at most 12 characters.
    NumberTooWide {
        value: i64,
    },
    Io(io::Error),
    Output(crate::output::OutputError),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::NameTooLong { name } => write!(
                f,
                "fixed MPS allows names of at most 8 characters, and this model has `{}` ({} characters); use `--format mps` (free MPS) or `--format lp`",
                // (A 5 MB name was quoted whole.)
                crate::diagnostic::clip_name(name),
                name.chars().count()
            ),
            EmitError::NumberTooWide { value } => write!(
                f,
                "fixed MPS allows numbers of at most 12 characters, and this model has `{value}` ({} characters); use `--format mps` (free MPS) or `--format lp`",
                value.to_string().len()
            ),
            EmitError::Io(e) => write!(f, "{e}"),
            EmitError::Output(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EmitError {}

impl EmitError {
    /// The exit code the command line ends with: 3 for what fixed MPS cannot hold (a
    /// model's mistake), 1 for a file that cannot be written.
    pub fn exit_code(&self) -> u8 {
        match self {
            EmitError::NameTooLong { .. } | EmitError::NumberTooWide { .. } => crate::exit::MODEL,
            EmitError::Io(_) | EmitError::Output(_) => crate::exit::IO,
        }
    }
}

impl From<crate::output::OutputError> for EmitError {
    fn from(e: crate::output::OutputError) -> Self {
        EmitError::Output(e)
    }
}

impl From<io::Error> for EmitError {
    fn from(e: io::Error) -> Self {
        EmitError::Io(e)
    }
}

pub fn write(mip: &Mip, format: Format, out: &mut dyn Write) -> Result<(), EmitError> {
    match format {
        Format::Lp => write_lp(mip, out)?,
        Format::Mps => write_mps(mip, out, false)?,
        Format::FixedMps => {
            check_fixed(mip)?;
            write_mps(mip, out, true)?
        }
    }
    Ok(())
}

/// Render to a string (tests, snapshots, `-o -`).
pub fn to_string(mip: &Mip, format: Format) -> Result<String, EmitError> {
    let mut buf = Vec::new();
    write(mip, format, &mut buf)?;
    Ok(String::from_utf8(buf).expect("emitters write ASCII names and numbers"))
}

/// Write to the file `path` the way every `-o` is written (`output::write`): whole or not at
/// all, keeping its mode, never replacing a device, FIFO or symlink.
pub fn write_file(mip: &Mip, format: Format, path: &Path) -> Result<(), EmitError> {
    crate::output::write(path, |w| write(mip, format, w))
}

/// Fixed MPS holds names of at most 8 characters and numbers of at most 12 (its fields): the
/// first name or number that does not fit, as an error. (glpsol refused a coefficient of
/// `-100000000000` running into the next field; a review found it.)
pub fn check_fixed(mip: &Mip) -> Result<(), EmitError> {
    let columns = (0..mip.columns.len()).map(|c| mip.column_name(c));
    let mut names = columns.chain(mip.rows.iter().map(|r| r.name.as_str()));
    if let Some(name) = names.find(|n| n.len() > 8) {
        return Err(EmitError::NameTooLong {
            name: name.to_string(),
        });
    }
    let terms = mip.rows.iter().flat_map(|r| &r.terms).chain(&mip.objective);
    let rhs = mip.rows.iter().map(|r| r.rhs);
    let bounds = mip.columns.iter().flat_map(|c| [c.lower, c.upper]);
    let mut numbers = terms.map(|t| t.1).chain(rhs).chain(bounds);
    match numbers.find(|v| v.to_string().len() > 12) {
        Some(value) => Err(EmitError::NumberTooWide { value }),
        None => Ok(()),
    }
}

/// LP lines are kept short: some readers limit a line to 255 characters, and a diff of two
/// models reads better with one term group per line.
const LP_LINE: usize = 78;

fn write_lp(mip: &Mip, w: &mut dyn Write) -> io::Result<()> {
    writeln!(
        w,
        "\\ Model: {}",
        if mip.name.is_empty() {
            "(unnamed)".to_string()
        } else {
            one_line(&mip.name)
        }
    )?;
    writeln!(
        w,
        "\\ Written by sdkc: {} columns, {} rows, {} non-zeros",
        mip.columns.len(),
        mip.rows.len(),
        mip.nonzeros()
    )?;
    writeln!(w, "Minimize")?;
    let mut line = String::with_capacity(128);
    line.push_str(" obj:");
    // A column in no row and not in the objective (an integer cell no rule names) is named
    // there with a zero coefficient: CBC's LP reader otherwise fails on such columns ("Hash
    // table: too many names") and reads no model. One-hot models have none.
    let mut named = vec![false; mip.columns.len()];
    for &(c, _) in mip.rows.iter().flat_map(|r| &r.terms).chain(&mip.objective) {
        named[c] = true;
    }
    let mut objective = mip.objective.clone();
    objective.extend((0..named.len()).filter(|&c| !named[c]).map(|c| (c, 0)));
    if objective.is_empty() {
        // An objective with no terms: readers accept a zero coefficient on any column.
        if !mip.columns.is_empty() {
            line.push_str(" 0 ");
            line.push_str(mip.column_name(0));
        }
    } else {
        push_terms(w, &mut line, mip, &objective)?;
    }
    writeln!(w, "{line}")?;

    writeln!(w, "Subject To")?;
    for row in &mip.rows {
        line.clear();
        line.push(' ');
        line.push_str(&row.name);
        line.push(':');
        if row.terms.is_empty() {
            // A row over no column (a value no cell of an area can take): `0 x = 1` keeps it
            // in the file so the solver reports the model infeasible.
            line.push_str(" 0 ");
            line.push_str(if mip.columns.is_empty() {
                "x"
            } else {
                mip.column_name(0)
            });
        } else {
            push_terms(w, &mut line, mip, &row.terms)?;
        }
        let sense = match row.sense {
            Sense::Le => " <=",
            Sense::Ge => " >=",
            Sense::Eq => " =",
        };
        push_wrapped(w, &mut line, &format!("{sense} {}", row.rhs))?;
        writeln!(w, "{line}")?;
    }

    let bounded: Vec<usize> = (0..mip.columns.len())
        .filter(|&c| !mip.is_binary(c))
        .collect();
    if !bounded.is_empty() {
        writeln!(w, "Bounds")?;
        for &c in &bounded {
            let col = &mip.columns[c];
            if col.lower == col.upper {
                writeln!(w, " {} = {}", mip.column_name(c), col.lower)?;
            } else {
                writeln!(
                    w,
                    " {} <= {} <= {}",
                    col.lower,
                    mip.column_name(c),
                    col.upper
                )?;
            }
        }
    }
    write_name_list(w, "Binaries", mip, |c| mip.is_binary(c))?;
    write_name_list(w, "Generals", mip, |c| {
        mip.columns[c].integer && !mip.is_binary(c)
    })?;
    writeln!(w, "End")?;
    Ok(())
}

fn push_terms(
    w: &mut dyn Write,
    line: &mut String,
    mip: &Mip,
    terms: &[(usize, i64)],
) -> io::Result<()> {
    let mut term = String::new();
    for (i, &(col, coef)) in terms.iter().enumerate() {
        term.clear();
        match (i, coef) {
            (0, 1) => {}
            (0, -1) => term.push_str(" -"),
            (_, 1) => term.push_str(" +"),
            (_, -1) => term.push_str(" -"),
            (0, c) => {
                term.push(' ');
                term.push_str(&c.to_string());
            }
            (_, c) if c < 0 => {
                term.push_str(" - ");
                term.push_str(&(-c).to_string());
            }
            (_, c) => {
                term.push_str(" + ");
                term.push_str(&c.to_string());
            }
        }
        let name = mip.column_name(col);
        term.push(' ');
        term.push_str(name);
        // (A term is taken to be at most 8 characters past its name, which a coefficient of
        // up to 4 digits is, and measured when it is longer.)
        if line.len() + name.len() + 8 > LP_LINE {
            writeln!(w, "{line}")?;
            line.clear();
            line.push(' ');
        }
        push_wrapped(w, line, &term)?;
    }
    Ok(())
}

/// Append `text` to `line`, first writing `line` out and starting a new one (a continuation:
/// it begins with a space) when `text` would take it past `LP_LINE`.
fn push_wrapped(w: &mut dyn Write, line: &mut String, text: &str) -> io::Result<()> {
    if line.len() + text.len() > LP_LINE && !line.trim().is_empty() {
        writeln!(w, "{line}")?;
        line.clear();
        line.push(' ');
    }
    line.push_str(text);
    Ok(())
}

fn write_name_list(
    w: &mut dyn Write,
    header: &str,
    mip: &Mip,
    pick: impl Fn(usize) -> bool,
) -> io::Result<()> {
    let mut line = String::with_capacity(128);
    let mut any = false;
    for c in (0..mip.columns.len()).filter(|&c| pick(c)) {
        if !any {
            writeln!(w, "{header}")?;
            any = true;
        }
        let name = mip.column_name(c);
        if line.len() + name.len() + 1 > LP_LINE {
            writeln!(w, "{line}")?;
            line.clear();
        }
        line.push(' ');
        line.push_str(name);
    }
    if !line.is_empty() {
        writeln!(w, "{line}")?;
    }
    Ok(())
}

/// MPS, free or fixed. Fixed MPS places fields at columns 2, 5, 15, 25, 40 and 50; free MPS
/// separates them with spaces. Both mark integer columns with MARKER lines and give every
/// column explicit bounds, because readers disagree on the default upper bound of an integer.
fn write_mps(mip: &Mip, w: &mut dyn Write, fixed: bool) -> io::Result<()> {
    let name = if mip.name.is_empty() {
        "sdkc".to_string()
    } else {
        mps_name(&mip.name, fixed)
    };
    let title = if mip.name.is_empty() {
        "(unnamed)".to_string()
    } else {
        one_line(&mip.name)
    };
    writeln!(w, "* Model: {title}")?;
    writeln!(
        w,
        "* Written by sdkc: {} columns, {} rows, {} non-zeros",
        mip.columns.len(),
        mip.rows.len(),
        mip.nonzeros()
    )?;
    // `FREE` on the NAME line tells CBC's reader (CoinMpsIO) the file is free MPS; without it,
    // it guesses from the layout and misreads short names. HiGHS and GLPK accept it.
    writeln!(
        w,
        "NAME          {name}{}",
        if fixed { "" } else { " FREE" }
    )?;
    let mut line = MpsLine::new(fixed);
    writeln!(w, "ROWS")?;
    line.fields(w, "N", &["obj"])?;
    for row in &mip.rows {
        let code = match row.sense {
            Sense::Le => "L",
            Sense::Ge => "G",
            Sense::Eq => "E",
        };
        line.fields(w, code, &[&row.name])?;
    }

    // Column-major, as compressed columns: each column's entries, rows in order.
    let ncols = mip.columns.len();
    let mut start = vec![0usize; ncols + 1];
    for row in &mip.rows {
        for &(c, _) in &row.terms {
            start[c + 1] += 1;
        }
    }
    for c in 0..ncols {
        start[c + 1] += start[c];
    }
    let mut fill = start.clone();
    let mut entries = vec![(0usize, 0i64); start[ncols]];
    for (r, row) in mip.rows.iter().enumerate() {
        for &(c, coef) in &row.terms {
            entries[fill[c]] = (r, coef);
            fill[c] += 1;
        }
    }
    let mut obj = vec![0i64; ncols];
    for &(c, coef) in &mip.objective {
        obj[c] += coef;
    }

    writeln!(w, "COLUMNS")?;
    let mut in_int = false;
    let (mut a, mut b) = (String::new(), String::new());
    for (c, col) in mip.columns.iter().enumerate() {
        if col.integer != in_int {
            let marker = if col.integer { "'INTORG'" } else { "'INTEND'" };
            line.fields(w, "", &["MARKER", "'MARKER'", "", marker])?;
            in_int = col.integer;
        }
        // The objective entry first (a column in no row still needs one entry to exist).
        let own = &entries[start[c]..start[c + 1]];
        let mut pending: Option<(&str, i64)> =
            (obj[c] != 0 || own.is_empty()).then_some(("obj", obj[c]));
        for &(r, coef) in own {
            let here = (mip.rows[r].name.as_str(), coef);
            match pending.take() {
                None => pending = Some(here),
                Some((r0, v0)) => {
                    number(&mut a, v0);
                    number(&mut b, here.1);
                    line.fields(w, "", &[mip.column_name(c), r0, &a, here.0, &b])?;
                }
            }
        }
        if let Some((r0, v0)) = pending {
            number(&mut a, v0);
            line.fields(w, "", &[mip.column_name(c), r0, &a])?;
        }
    }
    if in_int {
        line.fields(w, "", &["MARKER", "'MARKER'", "", "'INTEND'"])?;
    }

    writeln!(w, "RHS")?;
    for row in mip.rows.iter().filter(|r| r.rhs != 0) {
        number(&mut a, row.rhs);
        line.fields(w, "", &["RHS", &row.name, &a])?;
    }

    writeln!(w, "BOUNDS")?;
    for (c, col) in mip.columns.iter().enumerate() {
        if col.lower == col.upper {
            number(&mut a, col.lower);
            line.fields(w, "FX", &["BND", mip.column_name(c), &a])?;
        } else {
            if col.lower != 0 {
                number(&mut a, col.lower);
                line.fields(w, "LO", &["BND", mip.column_name(c), &a])?;
            }
            number(&mut a, col.upper);
            line.fields(w, "UP", &["BND", mip.column_name(c), &a])?;
        }
    }
    writeln!(w, "ENDATA")?;
    Ok(())
}

/// Format an integer into a reused buffer.
fn number(buf: &mut String, v: i64) {
    use std::fmt::Write as _;
    buf.clear();
    if (0..10).contains(&v) {
        buf.push(char::from(b'0' + v as u8));
    } else {
        let _ = write!(buf, "{v}");
    }
}

/// One MPS data line at a time, built in a reused buffer.
struct MpsLine {
    fixed: bool,
    buf: String,
}

impl MpsLine {
    fn new(fixed: bool) -> Self {
        MpsLine {
            fixed,
            buf: String::with_capacity(80),
        }
    }

    /// `code` is field 1 (row type or bound type); `fields` are fields 2 to 6. An empty field
    /// keeps its place in fixed MPS and is left out in free MPS.
    fn fields(&mut self, w: &mut dyn Write, code: &str, fields: &[&str]) -> io::Result<()> {
        // Fixed MPS field starts (1-based columns): code 2, then 5, 15, 25, 40, 50.
        const STARTS: [usize; 5] = [5, 15, 25, 40, 50];
        let buf = &mut self.buf;
        buf.clear();
        buf.push(' ');
        buf.push_str(code);
        for (f, start) in fields.iter().zip(STARTS) {
            if self.fixed {
                while buf.len() < start - 1 {
                    buf.push(' ');
                }
            } else if f.is_empty() {
                continue;
            } else if buf.len() > 1 {
                buf.push(' ');
            }
            buf.push_str(f);
        }
        let end = buf.trim_end().len();
        buf.truncate(end);
        buf.push('\n');
        w.write_all(buf.as_bytes())
    }
}

/// The puzzle's name in a comment line: its first line, every other control character (a tab,
/// a form feed, a carriage return) a space, since glpsol refuses a fixed MPS file with a tab
/// anywhere, comments included (a review found it).
fn one_line(s: &str) -> String {
    s.lines()
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The NAME record: no spaces (free MPS splits on them), at most 8 characters in fixed MPS.
fn mps_name(s: &str, fixed: bool) -> String {
    let mut n: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if fixed {
        n.truncate(8);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 model; its rows' coefficients are 1.
    fn mip() -> Mip {
        let text = b"grid 2x2\nrule distinct rows, columns\n";
        crate::lower::lower(&crate::load("t.sdk", text, None).unwrap()).unwrap()
    }

    /// Fixed MPS's number fields hold 12 characters: a wider number is refused, not written
    /// into the next field (glpsol refused `-100000000000` there; a review found it). Models
    /// no longer reach such numbers (coefficients stop at 10,000, `lower::MAX_COEFFICIENT`), so
    /// the check is tested on a MIP changed by hand.
    #[test]
    fn fixed_mps_refuses_numbers_wider_than_its_fields() {
        let mut m = mip();
        assert!(to_string(&m, Format::FixedMps).is_ok());
        m.rows[0].rhs = 999_999_999_999;
        assert!(to_string(&m, Format::FixedMps).is_ok());
        for (change, number) in [
            (
                &mut |m: &mut Mip| m.rows[0].rhs = -100_000_000_000_i64,
                "-100000000000",
            ),
            (
                &mut |m: &mut Mip| m.rows[0].terms[0].1 = 1_000_000_000_000,
                "1000000000000",
            ),
            (
                &mut |m: &mut Mip| m.columns[0].upper = 1_000_000_000_000,
                "1000000000000",
            ),
        ] as [(&mut dyn FnMut(&mut Mip), &str); 3]
        {
            let mut m = mip();
            change(&mut m);
            let e = to_string(&m, Format::FixedMps).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "fixed MPS allows numbers of at most 12 characters, and this model has \
                     `{number}` ({} characters); use `--format mps` (free MPS) or `--format lp`",
                    number.len()
                )
            );
            // LP keeps every line within 78 characters, the number and all.
            let lp = to_string(&m, Format::Lp).unwrap();
            assert!(lp.lines().all(|l| l.len() <= 78), "{lp}");
        }
    }
}
