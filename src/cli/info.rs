//! `sdkc solvers` and `sdkc check`.

use std::path::Path;

use sdkc::exit;
use sdkc::solve::{self, Settings};

use super::{load, model_name, print_solve_error};

/// `sdkc solvers`: one line a backend, found or not, then what `--solver auto` picks.
pub fn solvers() -> u8 {
    let settings = Settings::default();
    for b in solve::backends(&settings) {
        match b.locate() {
            Ok(None) => outln!(
                "{:<8} found      sdkc {} (its own exact search; nothing to install)",
                b.name(),
                b.version().unwrap_or_default()
            ),
            Ok(Some(path)) => outln!(
                "{:<8} found      {} (version {})",
                b.name(),
                path.display(),
                b.version().unwrap_or_else(|| "unknown".into())
            ),
            Err(e) => outln!(
                "{:<8} not found  {}",
                b.name(),
                e.to_string()
                    .split_once(": ")
                    .map_or(String::new(), |(_, how)| how.to_string())
            ),
        }
    }
    outln!(
        "auto     = {} (the first found of {})",
        solve::auto(&settings).name(),
        solve::AUTO_ORDER.join(", ")
    );
    exit::OK
}

/// `sdkc rules [NAME] [--json]`: the standard library, one rule a paragraph (its call, what it
/// means, an example), or one rule with its definition as the library writes it.
pub fn rules(name: Option<&str>, json: bool) -> u8 {
    let entries = sdkc::library::entries();
    let chosen: Vec<_> = match name {
        None => entries.iter().collect(),
        Some(n) => match entries.iter().find(|e| e.name == n) {
            Some(e) => vec![e],
            None => {
                let near = entries
                    .iter()
                    .map(|e| (strsim::levenshtein(&e.name, n), &e.name))
                    .min()
                    .filter(|(d, _)| *d <= 2)
                    .map_or(String::new(), |(_, m)| format!("; did you mean `{m}`?"));
                eprintln!("error: the library has no rule `{n}`{near} (`sdkc rules` lists them)");
                return exit::USAGE;
            }
        },
    };
    for e in &chosen {
        if json {
            // One rule asked for by name comes with its definition, as the text does.
            #[derive(serde::Serialize)]
            struct Named<'a> {
                #[serde(flatten)]
                entry: &'a sdkc::library::Entry,
                definition: &'a str,
            }
            let line = match name {
                Some(_) => serde_json::to_string(&Named {
                    entry: e,
                    definition: sdkc::library::definition_text(&e.name).unwrap_or_default(),
                }),
                None => serde_json::to_string(e),
            };
            outln!("{}", line.expect("an entry serializes"));
            continue;
        }
        outln!("{}({})", e.name, e.params.join(", "));
        outln!("    {}", e.doc);
        outln!("    {}", e.example);
        if name.is_some() {
            outln!();
            outln!(
                "{}",
                sdkc::library::definition_text(&e.name).unwrap_or_default()
            );
        } else {
            outln!();
        }
    }
    exit::OK
}

/// `sdkc check`: parse and analyze, the way every other command starts; say what the model is.
pub fn check(path: &Path) -> u8 {
    let (bytes, p) = match load(path, None) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    // What the MIP solvers and `compile` would refuse whatever the givens is a mistake too:
    // `run` on any MIP solver (GLPK, the first choice of `--solver auto`) refuses it.
    if let Err(d) = sdkc::lower::check_rules(&p) {
        return print_solve_error(&solve::Error::Model(Box::new(d)), path, &bytes);
    }
    let givens = p.givens.iter().filter(|g| g.is_some()).count();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    outln!(
        "{}: no mistakes (grid {}x{}, values {}..{}, {}, {})",
        model_name(path),
        p.rows,
        p.cols,
        p.lo,
        p.hi,
        plural(givens, "given"),
        plural(p.rules.len(), "rule")
    );
    exit::OK
}
