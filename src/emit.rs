//! Stage 4: `Mip` to text, in CPLEX-LP, free MPS or fixed MPS. The writers stream to any
//! `Write`, iterate only vectors (never a hash map), and format integers exactly, so the same
//! model gives the same bytes on every run and machine.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use crate::mip::{Mip, Sense};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// CPLEX-LP text.
    Lp,
    /// Free-format MPS.
    Mps,
    /// Fixed-format MPS (every name at most 8 characters).
    FixedMps,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Lp => "lp",
            Format::Mps | Format::FixedMps => "mps",
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
    Io(io::Error),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::NameTooLong { name } => write!(
                f,
                "fixed MPS allows names of at most 8 characters, and this model has `{name}` ({} characters); use `--format mps` (free MPS) or `--format lp`",
                name.len()
            ),
            EmitError::Io(e) => write!(f, "{e}"),
        }
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
            check_fixed_names(mip)?;
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

/// Write to `path` through a temporary file in the same directory, renamed into place only
/// when complete: a failure never leaves a half-written model behind.
pub fn write_file(mip: &Mip, format: Format, path: &Path) -> Result<(), EmitError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp = tempfile::Builder::new()
        .prefix(".sdkc-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    {
        let mut w = io::BufWriter::with_capacity(1 << 20, tmp.as_file());
        write(mip, format, &mut w)?;
        w.flush()?;
    }
    tmp.persist(path).map_err(|e| EmitError::Io(e.error))?;
    Ok(())
}

fn check_fixed_names(mip: &Mip) -> Result<(), EmitError> {
    let names = mip
        .columns
        .iter()
        .map(|c| &c.name)
        .chain(mip.rows.iter().map(|r| &r.name));
    for name in names {
        if name.len() > 8 {
            return Err(EmitError::NameTooLong { name: name.clone() });
        }
    }
    Ok(())
}

/// LP lines are kept short: some readers limit a line to 255 characters, and a diff of two
/// models reads better with one term group per line.
const LP_LINE: usize = 78;

fn write_lp(mip: &Mip, w: &mut dyn Write) -> io::Result<()> {
    writeln!(
        w,
        "\\ Model: {}",
        if mip.name.is_empty() {
            "(unnamed)"
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
    if mip.objective.is_empty() {
        // An objective with no terms: readers accept a zero coefficient on any column.
        if !mip.columns.is_empty() {
            line.push_str(" 0 ");
            line.push_str(&mip.columns[0].name);
        }
    } else {
        push_terms(w, &mut line, mip, &mip.objective)?;
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
            line.push_str(&mip.columns.first().map_or("x", |c| c.name.as_str()));
        } else {
            push_terms(w, &mut line, mip, &row.terms)?;
        }
        line.push_str(match row.sense {
            Sense::Le => " <= ",
            Sense::Ge => " >= ",
            Sense::Eq => " = ",
        });
        line.push_str(&row.rhs.to_string());
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
                writeln!(w, " {} = {}", col.name, col.lower)?;
            } else {
                writeln!(w, " {} <= {} <= {}", col.lower, col.name, col.upper)?;
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
    for (i, &(col, coef)) in terms.iter().enumerate() {
        let name = &mip.columns[col].name;
        if line.len() + name.len() + 8 > LP_LINE {
            writeln!(w, "{line}")?;
            line.clear();
            line.push(' ');
        }
        match (i, coef) {
            (0, 1) => {}
            (0, -1) => line.push_str(" -"),
            (_, 1) => line.push_str(" +"),
            (_, -1) => line.push_str(" -"),
            (0, c) => {
                line.push(' ');
                line.push_str(&c.to_string());
            }
            (_, c) if c < 0 => {
                line.push_str(" - ");
                line.push_str(&(-c).to_string());
            }
            (_, c) => {
                line.push_str(" + ");
                line.push_str(&c.to_string());
            }
        }
        line.push(' ');
        line.push_str(name);
    }
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
        let name = &mip.columns[c].name;
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
    writeln!(
        w,
        "* Model: {}",
        if mip.name.is_empty() {
            "(unnamed)"
        } else {
            one_line(&mip.name)
        }
    )?;
    writeln!(
        w,
        "* Written by sdkc: {} columns, {} rows, {} non-zeros",
        mip.columns.len(),
        mip.rows.len(),
        mip.nonzeros()
    )?;
    writeln!(w, "NAME          {name}")?;
    writeln!(w, "ROWS")?;
    field_line(w, fixed, "N", &["obj"])?;
    for row in &mip.rows {
        let s = match row.sense {
            Sense::Le => "L",
            Sense::Ge => "G",
            Sense::Eq => "E",
        };
        field_line(w, fixed, s, &[&row.name])?;
    }

    // Column-major: each column's entries, the objective first, then rows in order.
    let mut by_col: Vec<Vec<(usize, i64)>> = vec![Vec::new(); mip.columns.len()];
    for (r, row) in mip.rows.iter().enumerate() {
        for &(c, coef) in &row.terms {
            by_col[c].push((r, coef));
        }
    }
    let mut obj = vec![0i64; mip.columns.len()];
    for &(c, coef) in &mip.objective {
        obj[c] += coef;
    }
    writeln!(w, "COLUMNS")?;
    let mut in_int = false;
    for (c, col) in mip.columns.iter().enumerate() {
        if col.integer != in_int {
            let marker = if col.integer { "'INTORG'" } else { "'INTEND'" };
            field_line(w, fixed, "", &["MARKER", "'MARKER'", "", marker])?;
            in_int = col.integer;
        }
        let mut entries: Vec<(&str, String)> = Vec::new();
        if obj[c] != 0 || by_col[c].is_empty() {
            // A column in no row still needs one entry to exist; the objective holds it.
            entries.push(("obj", obj[c].to_string()));
        }
        entries.extend(
            by_col[c]
                .iter()
                .map(|&(r, coef)| (mip.rows[r].name.as_str(), coef.to_string())),
        );
        for pair in entries.chunks(2) {
            let mut fields = vec![col.name.as_str(), pair[0].0, pair[0].1.as_str()];
            if let Some((r, v)) = pair.get(1) {
                fields.push(r);
                fields.push(v.as_str());
            }
            field_line(w, fixed, "", &fields)?;
        }
    }
    if in_int {
        field_line(w, fixed, "", &["MARKER", "'MARKER'", "", "'INTEND'"])?;
    }

    writeln!(w, "RHS")?;
    for row in mip.rows.iter().filter(|r| r.rhs != 0) {
        field_line(w, fixed, "", &["RHS", &row.name, &row.rhs.to_string()])?;
    }

    writeln!(w, "BOUNDS")?;
    for col in &mip.columns {
        if col.lower == col.upper {
            field_line(w, fixed, "FX", &["BND", &col.name, &col.lower.to_string()])?;
        } else {
            if col.lower != 0 {
                field_line(w, fixed, "LO", &["BND", &col.name, &col.lower.to_string()])?;
            }
            field_line(w, fixed, "UP", &["BND", &col.name, &col.upper.to_string()])?;
        }
    }
    writeln!(w, "ENDATA")?;
    Ok(())
}

/// One data line. `code` is field 1 (row type or bound type); `fields` are fields 2 to 6.
fn field_line(w: &mut dyn Write, fixed: bool, code: &str, fields: &[&str]) -> io::Result<()> {
    if fixed {
        // Field starts (1-based columns): code 2, then 5, 15, 25, 40, 50.
        let mut line = format!(" {code:<2} ");
        const STARTS: [usize; 5] = [5, 15, 25, 40, 50];
        for (f, start) in fields.iter().zip(STARTS) {
            while line.len() < start - 1 {
                line.push(' ');
            }
            line.push_str(f);
        }
        writeln!(w, "{}", line.trim_end())
    } else {
        let mut line = String::from(" ");
        if !code.is_empty() {
            line.push_str(code);
            line.push(' ');
        }
        line.push_str(
            &fields
                .iter()
                .filter(|f| !f.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" "),
        );
        writeln!(w, "{line}")
    }
}

fn one_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
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
