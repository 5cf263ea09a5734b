//! `sdkc import` and `sdkc export`: f-puzzles puzzles (JSON, compressed string or URL) read
//! into a model, and a model written as one.

use std::path::Path;

use sdkc::exit;

use super::{load, model_name, print_model_errors, read};

/// Import `path` (`-`: standard input) and write the model to `output` (standard output when
/// none), after checking that it compiles. A `path` that names no file but reads as a puzzle
/// (a link, a compressed string, JSON) is the puzzle itself: setters paste links.
pub fn import(path: &Path, output: Option<&Path>) -> u8 {
    if let Some(out) = output
        && let Err(e) = sdkc::output::refuse_inputs(out, &[(path, "puzzle")])
    {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let pasted = path != Path::new("-")
        && std::fs::symlink_metadata(path).is_err()
        && sdkc::fpuzzles::looks_like(path.as_os_str().as_encoded_bytes());
    let (name, bytes) = if pasted {
        (
            "the pasted puzzle".to_string(),
            path.as_os_str().as_encoded_bytes().to_vec(),
        )
    } else {
        match read(path) {
            Ok(b) => (model_name(path), b),
            Err(msg) => {
                eprintln!("error: {msg}");
                return exit::IO;
            }
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
    let written = super::write_output(output, imported.text.as_bytes());
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
    if let Some(msg) = super::write_output(output, line.as_bytes()) {
        eprintln!("error: {msg}");
        return exit::IO;
    }
    exit::OK
}
