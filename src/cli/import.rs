//! `sdkc import`: an f-puzzles puzzle (JSON, compressed string or URL) written as a model.

use std::io::Write;
use std::path::Path;

use sdkc::exit;

use super::{model_name, print_model_errors, read};

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
