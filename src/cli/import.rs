//! `sdkc import` and `sdkc export`: f-puzzles puzzles (JSON, compressed string or URL) read
//! into a model, and a model written as one.

use std::io::Write;
use std::path::Path;

use sdkc::exit;

use super::{load, model_name, print_model_errors, read};

/// Import `path` (`-`: standard input) and write the model to `output` (standard output when
/// none), after checking that it compiles.
pub fn import(path: &Path, output: Option<&Path>) -> u8 {
    let name = model_name(path);
    if let Some(out) = output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(path, "puzzle")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let bytes = match read(path) {
        Ok(b) => b,
        Err(msg) => {
            eprintln!("error: {msg}");
            return exit::IO;
        }
    };
    let imported = match sdkc::fpuzzles::import(&String::from_utf8_lossy(&bytes)) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return e.exit_code();
        }
    };
    // What was written must compile: a clue the rules cannot hold (a cage total out of reach)
    // is reported here, against the model's text.
    let shown = format!("{name} (imported)");
    let puzzle = match sdkc::load(&shown, imported.text.as_bytes(), None) {
        Ok(p) => p,
        Err(errs) => {
            print_model_errors(&shown, &errs);
            return exit::MODEL;
        }
    };
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    let givens = puzzle.givens.iter().filter(|g| g.is_some()).count();
    let clues: usize = imported.rules.values().sum();
    let kinds: Vec<String> = imported
        .rules
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    let written = match output.filter(|o| *o != Path::new("-")) {
        None => {
            let mut out = std::io::stdout().lock();
            match out
                .write_all(imported.text.as_bytes())
                .and_then(|()| out.flush())
            {
                Ok(()) => None,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => None,
                Err(e) => Some(format!("cannot write to standard output: {e}")),
            }
        }
        Some(o) => sdkc::output::write(o, |w| {
            w.write_all(imported.text.as_bytes())
                .map_err(|e| sdkc::output::OutputError::Io {
                    path: o.to_path_buf(),
                    error: e,
                })
        })
        .err()
        .map(|e| e.to_string()),
    };
    if let Some(msg) = written {
        eprintln!("error: {msg}");
        return exit::IO;
    }
    eprintln!(
        "imported a {n}x{n} with {givens} given{} and {clues} clue{}{}{}",
        if givens == 1 { "" } else { "s" },
        if clues == 1 { "" } else { "s" },
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        },
        output
            .filter(|o| *o != Path::new("-"))
            .map_or(String::new(), |o| format!(" into {}", o.display())),
        n = imported.size,
    );
    exit::OK
}

/// Write `bytes` to `output` (standard output when none or `-`); the message when it fails.
fn write_out(output: Option<&Path>, bytes: &[u8]) -> Option<String> {
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

/// Export the model at `path` as f-puzzles `form` (`url`, `string` or `json`), one line.
pub fn export(path: &Path, form: &str, output: Option<&Path>) -> u8 {
    if let Some(out) = output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(path, "model")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let (_, puzzle) = match load(path, None) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let json = match sdkc::fpuzzles::export(&puzzle) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: {}: {e}", model_name(path));
            return e.exit_code();
        }
    };
    let line = match form {
        "json" => json.to_string(),
        "string" => sdkc::fpuzzles::compress(&json),
        _ => sdkc::fpuzzles::url(&json),
    } + "\n";
    if let Some(msg) = write_out(output, line.as_bytes()) {
        eprintln!("error: {msg}");
        return exit::IO;
    }
    exit::OK
}
