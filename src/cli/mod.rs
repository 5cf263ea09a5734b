//! One module per subcommand: each reads its arguments, calls the library and prints.

pub mod batch;
pub mod compile;
pub mod generate;
pub mod import;
pub mod info;
pub mod render;
pub mod run;

use std::path::Path;

use sdkc::exit;
use sdkc::solve::{self, Backend, Settings};

/// What messages call a model: its path, or `<stdin>` for `-`.
pub fn model_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// The longest model (or f-puzzles file) sdkc reads: a 169x169 grid's givens are 60 KB, an
/// f-puzzles 16x16 a few hundred, a published puzzle's clues a few KB. This is what bounds the
/// memory of the rules by the thousand: grounded and lowered, 4 MiB of one clue shape took up
/// to 5 GB (9-cell region-sum and renban lines), 1 MiB of them takes at most 1.3 GB (README,
/// "Limits": every clue shape of the library measured). At 64 MiB a review saw 6 GB of
/// thermometers coming.
const MAX_MODEL: usize = 1 << 20;

/// A file's bytes (`-` is standard input) without a leading byte-order mark, or the message
/// saying why not.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    // At most MAX_MODEL bytes and one more, to tell a file past the bound: an endless input
    // (/dev/zero, /dev/urandom) took memory until the allocator gave up.
    let limit = MAX_MODEL as u64 + 1;
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("cannot read {}: {e}", model_name(path)))?;
    if bytes.len() > MAX_MODEL {
        return Err(format!(
            "cannot read {}: it is longer than {} MiB, far longer than any model",
            model_name(path),
            MAX_MODEL >> 20
        ));
    }
    // A byte-order mark, which Windows editors write at the start of UTF-8 files, is no part
    // of the text: left in, it was a bad character before the model's first word.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    Ok(bytes)
}

/// A model's text: an `.sdk` file as it is, or an f-puzzles puzzle (found by its content: JSON,
/// a compressed string or a URL) imported into one; and the name messages give it, which says
/// `(imported)` for the second, as `sdkc import` does: a line and column there are the
/// imported model's, not the file's. The error is the message and exit code.
pub fn read_model(path: &Path) -> Result<(Vec<u8>, String), (String, u8)> {
    let bytes = read(path).map_err(|m| (m, exit::IO))?;
    if !sdkc::fpuzzles::looks_like(&bytes) {
        return Ok((bytes, model_name(path)));
    }
    let text = String::from_utf8_lossy(&bytes);
    match sdkc::fpuzzles::import(&text) {
        Ok(imported) => {
            // What the import left out is said here too, as `import` says it: a setter who
            // runs the puzzle directly should know a drawn clue was not read.
            for note in &imported.notes {
                eprintln!("note: {} (imported): {note}", model_name(path));
            }
            Ok((
                imported.text.into_bytes(),
                format!("{} (imported)", model_name(path)),
            ))
        }
        // One word that does not decompress is more likely a model with a typo than a
        // puzzle: the parser says where it goes wrong.
        Err(e)
            if !e.is_too_large()
                && !text.trim_start().starts_with('{')
                && !text.contains("://") =>
        {
            Ok((bytes, model_name(path)))
        }
        Err(e) => Err((
            format!("{} (read as f-puzzles): {e}", model_name(path)),
            e.exit_code(),
        )),
    }
}

/// A backend's error as the command line shows it; returns its exit code. A rule the MIP
/// refused (a name or a coefficient past what the solvers read) is shown against the model's
/// text, with its file, line and column, as `run` shows it: `generate` and `render` printed
/// the bare sentence (a review found it). Anything else is `error: ...`.
pub fn print_solve_error(e: &sdkc::solve::Error, model: &Path, bytes: &[u8]) -> u8 {
    if let sdkc::solve::Error::Model(d) = e {
        let name = model_name(model);
        let text = String::from_utf8_lossy(bytes);
        let errs = sdkc::render_errors(vec![(**d).clone()], &name, &text, None);
        print_model_errors(&name, &errs);
        return errs.exit_code();
    }
    eprintln!("error: {e}");
    e.exit_code()
}

/// Print a model's mistakes and the line that counts them; each mistake on one line (for
/// `--json`).
pub fn print_model_errors(name: &str, errs: &sdkc::ModelErrors) -> Vec<String> {
    for r in &errs.rendered {
        eprint!("{r}");
    }
    // Every mistake found, also those left out past the first few of a kind.
    let n = errs.total;
    eprintln!(
        "error: {} in {name}",
        if n == 1 {
            "1 mistake".to_string()
        } else {
            format!("{} mistakes", sdkc::diagnostic::thousands(n as u128))
        },
    );
    errs.one_line_counted()
}

/// Read and load a model, printing what went wrong: the puzzle, or the exit code.
pub fn load(path: &Path, givens: Option<&str>) -> Result<(Vec<u8>, sdkc::Puzzle), u8> {
    let (bytes, name) = read_model(path).map_err(|(msg, code)| {
        eprintln!("error: {msg}");
        code
    })?;
    match sdkc::load(&name, &bytes, givens) {
        Ok(p) => Ok((bytes, p)),
        Err(errs) => {
            print_model_errors(&name, &errs);
            Err(exit::MODEL)
        }
    }
}

/// With `--json`, print `r` as the run's one report, its seconds counted from `start`; the
/// exit code is `code` either way (`run` and the batch end this way on every failure).
pub fn finish(json: bool, start: std::time::Instant, mut r: sdkc::report::Report, code: u8) -> u8 {
    if json {
        r.seconds = sdkc::report::seconds(start.elapsed().as_secs_f64());
        outln!("{}", r.to_json());
    }
    code
}

/// The longest `--time-limit`: some 31 years. A deadline much further off does not fit the
/// clock (`1e19` once panicked adding the limit to the start).
const MAX_TIME_LIMIT: f64 = 1e9;

/// What is wrong with a `--time-limit`, if anything (clap reads any number; zero, negative,
/// infinite and over-long ones are refused here, for `run`, the batch, `render` and
/// `generate` alike).
pub fn bad_time_limit(t: Option<f64>) -> Option<String> {
    let t = t?;
    if !(t.is_finite() && t > 0.0) {
        Some(format!(
            "--time-limit must be a positive number of seconds, not {t}"
        ))
    } else if t > MAX_TIME_LIMIT {
        Some(format!(
            "--time-limit must be at most {MAX_TIME_LIMIT} seconds, not {t}"
        ))
    } else {
        None
    }
}

/// What is wrong with `--keep-files DIR`, if anything, found before any solver runs: DIR
/// must be a folder (made now if missing), and none of the files a run keeps there
/// (`cbc-1.lp`, `highs-2.sol`, ...) may be a file the command reads (`inputs`: the model, a
/// `--givens-file` list, with the words that name them). A kept file is written as `-o` is,
/// through a symlink into its target, so a kept name that is a link to the model, a hard link
/// to it, or the model itself would replace it: compared by device and inode, as `-o` is. The
/// message, and the exit code.
pub fn bad_keep_files(
    keep: Option<&Path>,
    inputs: &[(&Path, &'static str)],
) -> Option<(String, u8)> {
    use std::os::unix::fs::MetadataExt;
    let keep = keep?;
    if let Err(e) = std::fs::create_dir_all(keep) {
        // The system's "File exists" for a link to nowhere or a file said what sdkc saw.
        let link = std::fs::read_link(keep).ok();
        let why = match (link, std::fs::metadata(keep)) {
            (Some(to), Err(_)) => format!(
                "a symbolic link to {}, which does not exist (sdkc makes no folder through a \
                 link: make it, or name another folder)",
                to.display()
            ),
            (_, Ok(m)) if !m.is_dir() => "not a folder".to_string(),
            _ => format!("cannot make the folder: {e}"),
        };
        return Some((format!("--keep-files {}: {why}", keep.display()), exit::IO));
    }
    // A kept file's name: a solver, a run number, and one of the kept extensions.
    let kept_name = |name: &str| {
        let Some((stem, ext)) = name.rsplit_once('.') else {
            return false;
        };
        let Some((solver, n)) = stem.rsplit_once('-') else {
            return false;
        };
        ["cbc", "highs", "glpk"].contains(&solver)
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
            && ["lp", "mps", "sol", "log"].contains(&ext)
    };
    let read: Vec<(u64, u64, &Path, &str)> = inputs
        .iter()
        .filter_map(|&(p, role)| {
            // Standard input redirected from a file (`run - < kf/highs-1.lp`) is that file.
            let at = sdkc::output::as_file(p);
            let m = std::fs::metadata(at).ok()?;
            m.file_type()
                .is_file()
                .then(|| (m.dev(), m.ino(), at, role))
        })
        .collect();
    let entries = std::fs::read_dir(keep).ok()?;
    let mut names: Vec<std::ffi::OsString> = entries
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .filter(|n| kept_name(&n.to_string_lossy()))
        .collect();
    names.sort();
    for name in names {
        let Ok(m) = std::fs::metadata(keep.join(&name)) else {
            continue;
        };
        if let Some(&(_, _, path, role)) = read
            .iter()
            .find(|&&(dev, ino, _, _)| (dev, ino) == (m.dev(), m.ino()))
        {
            let shown = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            return Some((
                format!(
                    "refusing --keep-files {}: a kept file could replace the {role} {}; choose another folder",
                    keep.display(),
                    shown.display()
                ),
                exit::USAGE,
            ));
        }
    }
    None
}

/// The backend `--solver NAME` names (`auto`: the registry's rule). clap accepts only the
/// registry's names, so an unknown one falls back to `auto` rather than failing.
pub fn backend(name: &str, settings: &Settings) -> Box<dyn Backend> {
    solve::backend(name, settings).unwrap_or_else(|| solve::auto(settings))
}

/// Write `bytes` to `output` through `sdkc::output` (standard output when none or `-`, where a
/// reader that has gone is no error); the message when it fails.
pub fn write_output(output: Option<&Path>, bytes: &[u8]) -> Option<String> {
    use std::io::Write;
    match output.filter(|o| *o != Path::new("-")) {
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(bytes).and_then(|()| out.flush()) {
                Ok(()) => None,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => None,
                Err(e) => Some(format!("cannot write to standard output: {e}")),
            }
        }
        Some(o) => sdkc::output::write(o, |w| {
            w.write_all(bytes)
                .map_err(|e| sdkc::output::OutputError::Io {
                    path: o.to_path_buf(),
                    error: e,
                })
        })
        .err()
        .map(|e| e.to_string()),
    }
}
