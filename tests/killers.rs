//! Tarek's 42 killers and Wecoc's three extreme ones (`examples/killers/`, written by
//! `bench/killers.py` from the Interactive Sudoku Solver's `TAREK_ALL` and `EXTREME_KILLERS`
//! lists, their grids in `tests/expected/killers/`: as ISS finds them, and Wecoc's as
//! published): cages and nothing else, where a search that reads each cage alone is lost.
//!
//! 1. the builtin search proves every one unique, to that grid;
//! 2. the law of leftovers (the sums the cages imply over rows, columns and boxes) keeps the
//!    search small: bounds on nodes that the search without it passed a hundred times over;
//! 3. so do a cage's required values (those every set of values it can take holds), taken
//!    from the rest of the areas that hold all the cage's places for them.
//!
//! (HiGHS and CBC find no grid of these in 60 s: README, "Killers".)

mod common;
use common::{nodes, proves_unique_as, sdk_stems};

fn path(name: &str) -> String {
    format!("examples/killers/{name}.sdk")
}

/// The builtin search proves the killer unique, to its grid; what it wrote (with `-s`).
fn proved(name: &str) -> common::Out {
    proves_unique_as(&path(name), &format!("killers/{name}"), "builtin", &["-s"])
}

/// `proved` on one thread, whose nodes are the same on every run (on more, the threads'
/// nodes are summed, and move with their timing).
fn proved_on_one_thread(name: &str) -> common::Out {
    proves_unique_as(
        &path(name),
        &format!("killers/{name}"),
        "builtin",
        &["-s", "-p", "1"],
    )
}

#[test]
fn the_builtin_search_proves_every_killer_unique() {
    let names = sdk_stems("examples/killers");
    assert_eq!(names.len(), 45, "{names:?}");
    for name in &names {
        proved(name);
    }
}

/// Without the leftovers, killer 1 took 126,952 nodes, killer 41 past 150,000 (20 s), killer
/// 29 47,763 (measured on 2371720's build); with them 109, 2,787 and 226 (13040f3).
#[test]
fn the_law_of_leftovers_keeps_the_search_small() {
    for (name, most) in [
        ("tarek-01", 2_000),
        ("tarek-41", 10_000),
        ("tarek-29", 2_000),
    ] {
        let out = proved_on_one_thread(name);
        let n = nodes(&out.stderr);
        assert!(n <= most, "{name}: {n} nodes (at most {most})");
    }
}

/// Without the required values, Wecoc #1 took 14,548 nodes, killer 41 2,787 and Wecoc #2
/// 7,636 (95bac40); with them 5,976, 458 and 3,997; with the rules' conditions pruned in a
/// row after the areas' cheap propagators (2026-12-07), 6,601, 1,242 and 2,475.
#[test]
fn a_cages_required_values_leave_its_areas() {
    for (name, most) in [("wecoc-1", 8_000), ("tarek-41", 1_600), ("wecoc-2", 5_500)] {
        let out = proved_on_one_thread(name);
        let n = nodes(&out.stderr);
        assert!(n <= most, "{name}: {n} nodes (at most {most})");
    }
}

/// Mathemagic's hard killers (`examples/killers-hard/`, written by `bench/hard_killers.py`
/// from ISS's `MATHEMAGIC_KILLERS`, their grids as ISS finds them) take the builtin search 4 to
/// 16 s each (ISS: 1.5 to 5.6 s; README, "Killers against the Interactive Sudoku Solver"), too
/// long for every one here: the quickest is proved, to its grid.
#[test]
fn the_quickest_of_mathemagics_hard_killers_is_proved() {
    assert_eq!(common::sdk_stems("examples/killers-hard").len(), 14);
    proves_unique_as(
        "examples/killers-hard/mathemagic-05.sdk",
        "killers-hard/mathemagic-05",
        "builtin",
        &[],
    );
}
