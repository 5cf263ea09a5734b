//! `sdkc solvers` and `sdkc check`.

use std::path::Path;

use sdkc::exit;
use sdkc::solve::{self, Settings};

use super::{load, model_name};

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

/// `sdkc check`: parse and analyze, the way every other command starts; say what the model is.
pub fn check(path: &Path) -> u8 {
    let p = match load(path, None) {
        Ok((_, p)) => p,
        Err(code) => return code,
    };
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
