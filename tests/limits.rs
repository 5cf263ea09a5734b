//! Bounded work on any input: nesting and chains past sdkc's depth limit, rules that would
//! ground to billions of terms and models whose MIP would not fit in memory are refused with a
//! message naming the place and the size, never a stack overflow or an abort. (Measured in
//! bench/limits.sh, not timed here: each of these answers in milliseconds.)

mod common;
use common::*;

const SUDOKU: &str = "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n";

/// The model's mistakes in the one-line form (`--json`), and the exit code.
fn mistakes(model: &str) -> (i32, String) {
    let (_dir, out) = with_model(model.as_bytes(), &["run", "--json"]);
    (out.code, json_errors(&out.stdout).join("\n"))
}

fn too_deep(at: &str) -> String {
    format!(
        "model.sdk:{at}: this expression nests more than 256 levels deep (brackets, `|...|`, quantifiers and chained operators count), more than sdkc accepts"
    )
}

#[test]
fn deep_brackets_bars_and_calls_are_refused_at_level_257() {
    let cases = [
        (
            "(".repeat(5000) + "v[r1c1]" + &")".repeat(5000) + " == 1",
            "4:264",
        ),
        (
            "|".repeat(5000) + "v[r1c1]" + &"|".repeat(5000) + " == 1",
            "4:264",
        ),
        (
            "v[".repeat(5000) + "r1c1" + &"]".repeat(5000) + " == 1",
            "4:520",
        ),
        (
            "sum(c in cells: ".repeat(3000) + "v[c]" + &")".repeat(3000) + " == 1",
            "4:4092",
        ),
        ("not ".repeat(6000) + "v[r1c1] == 1", "4:1029"),
    ];
    for (rule, at) in cases {
        let (code, errors) = mistakes(&format!("{SUDOKU}rule x: {rule}\n"));
        assert_eq!(code, 3);
        assert_eq!(errors, too_deep(at));
    }
}

#[test]
fn long_chains_are_refused_at_level_257() {
    let cases = [
        (vec!["v[r1c1]"; 6000].join(" + ") + " >= 1", "4:2560"),
        (vec!["v[r1c1] != 0"; 6000].join(" and "), "4:4328"),
        (vec!["v[r1c1] == 1"; 6000].join(" => "), "4:4074"),
    ];
    for (rule, at) in cases {
        let (code, errors) = mistakes(&format!("{SUDOKU}rule x: {rule}\n"));
        assert_eq!(code, 3);
        assert_eq!(errors, too_deep(at));
    }
}

#[test]
fn chains_within_the_limit_still_solve() {
    // 120 conjuncts of a comparison each: `and` over `!=`, 122 levels, not 240.
    let rule = vec!["v[r1c1] != 0"; 120].join(" and ");
    let sum = vec!["v[r1c1]"; 200].join(" + ");
    let (_dir, out) = with_model(
        format!("{SUDOKU}rule x: {rule}\nrule y: {sum} >= 200\n").as_bytes(),
        &["run", "--solver", "builtin"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_grounding_bomb_is_refused_with_its_size() {
    let (code, errors) = mistakes(
        "grid 25x25\nboxes 5x5\nrule distinct rows, columns, boxes\n\
         rule bomb: for a in cells: for b in cells: for c in cells: for d in cells: for e in cells: v[a] + v[b] != v[c] + v[d] + v[e]\n",
    );
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:1: rule `bomb` would expand to about 858,459,717,188,126 terms, more than the 1,000,000 sdkc accepts"
    );
    let (code, errors) =
        mistakes("grid 100x100\nvalues 1..100\nrule all: for (a, b) in cells: v[a] != v[b] + 1\n");
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:3:1: rule `all` would expand to about 249,975,001 terms, more than the 1,000,000 sdkc accepts"
    );
}

/// A product or a sum past 10^15 is refused where it is written: 64-bit numbers saturate (a
/// rule whose two sides both saturated once lowered to nothing, and its puzzle "solved"), and
/// a solver's doubles lose digits. The same rule over smaller numbers still solves.
#[test]
fn products_and_sums_past_ten_to_the_fifteen_are_refused() {
    let (code, errors) = mistakes(
        "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n\
         rule r: 1000000000*1000000000*10*v[r1c1] == 1000000000*1000000000*10*v[r1c2]\n\
         rule s: sum(c in cells: 1000000000 * 100000 * v[c]) > 0\n\
         rule t: 1000000000 * 1000000000 * 1000000000 * 1000000000 * 10 * v[r2c2] > 0\n",
    );
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:9: this can be 1000000000000000000 in size; sdkc computes with numbers up to 1000000000000000\n\
         model.sdk:4:45: this can be 1000000000000000000 in size; sdkc computes with numbers up to 1000000000000000\n\
         model.sdk:5:9: this can be 6400000000000000 in size; sdkc computes with numbers up to 1000000000000000\n\
         model.sdk:6:9: this can be 1000000000000000000 in size; sdkc computes with numbers up to 1000000000000000"
    );
    let (dir, out) = with_model(
        b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule r: 1000000*v[r1c1] == 1000000*v[r1c2]\n",
        &["run", "--solver", "builtin"],
    );
    drop(dir);
    assert_eq!(out.code, 4, "{}", out.stderr);
}

#[test]
fn a_model_too_large_to_write_is_refused() {
    // 196x196 with 196 values: about 30.1 million non-zeros before any rule of algebra.
    let (code, errors) =
        mistakes("grid 196x196\nboxes 14x14\nrule distinct rows, columns, boxes\n");
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:1:1: this model's MIP would have about 30,118,144 non-zeros, more than the 30,000,000 sdkc writes (about 1.6 GB of memory to write)"
    );
    // Within the estimate, but the lowering passes the bound: stopped at the rule.
    let (code, errors) = mistakes(
        "grid 20x20\nvalues 1..256\nrule s: for c in cells: sum(d in cells: v[d]) == 40000 + row(c)\n",
    );
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:3:1: rule `s` takes this model's MIP past what sdkc writes: 30,000,000 non-zeros or 5,000,000 rows (about 2 GB of memory)"
    );
}

#[test]
fn a_rule_of_many_small_rows_stops_at_the_row_bound() {
    // 39,600 king pairs on a 100x100 grid, well within the grounding bound; each pair forbids
    // 198 value pairs, a row of two each: the lowering stops at 5,000,000 rows.
    let (code, errors) = mistakes(
        "grid 100x100\nvalues 1..100\nrelation k = king\nrule d: for (a, b) in k: |v[a] - v[b]| != 1\n",
    );
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:1: rule `d` takes this model's MIP past what sdkc writes: 30,000,000 non-zeros or 5,000,000 rows (about 2 GB of memory)"
    );
}

/// Defined rules that call others twice, twenty levels deep (a million calls), and a chain of
/// seventy that each call the next: refused with their limits, in a moment, not expanded.
#[test]
fn calls_of_defined_rules_are_bounded() {
    let mut doubling = vec!["define f0(c: cell): v[c] != 0".to_string()];
    for i in 1..20 {
        doubling.push(format!(
            "define f{i}(c: cell): f{}(c) and f{}(c)",
            i - 1,
            i - 1
        ));
    }
    let (code, errors) = mistakes(&format!(
        "grid 4x4\n{}\nrule f19(r1c1)\n",
        doubling.join("\n")
    ));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:22:6: in `f19`: this rule expands to more than 100,000 copies once its calls of defined rules and its quantifiers over numbers are written out"
    );
    let mut chain = vec!["define g0(c: cell): v[c] != 0".to_string()];
    for i in 1..70 {
        chain.push(format!("define g{i}(c: cell): g{}(c)", i - 1));
    }
    let (code, errors) = mistakes(&format!("grid 4x4\n{}\nrule g69(r1c1)\n", chain.join("\n")));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:72:6: in `g69`: calls of defined rules nest more than 64 levels deep"
    );
}

/// A balanced conjunction or disjunction of `n` copies of `item`, in brackets: as deep as the
/// logarithm of `n`.
fn balanced(item: &str, op: &str, n: usize) -> String {
    let mut parts = vec![item.to_string(); n];
    while parts.len() > 1 {
        parts = parts
            .chunks(2)
            .map(|p| match p {
                [a, b] => format!("({a} {op} {b})"),
                [a] => a.clone(),
                _ => unreachable!(),
            })
            .collect();
    }
    parts.pop().unwrap()
}

/// A call writes the called rule's body in its place, so along a chain of calls the nesting
/// adds up past what the parser bounds in each body: sixteen rules of 240 `not`s, each calling
/// the next, overflowed the stack (exit 134; a review found it). Refused at the call, with
/// the place in the body where the limit is passed.
#[test]
fn nesting_that_adds_up_through_calls_is_refused() {
    let mut defs = vec!["define d15(c: cell): v[c] > 0".to_string()];
    for i in (0..15).rev() {
        defs.push(format!(
            "define d{i}(c: cell): {}d{}(c)",
            "not not ".repeat(120),
            i + 1
        ));
    }
    let (code, errors) = mistakes(&format!("{SUDOKU}{}\nrule d0(r1c1)\n", defs.join("\n")));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:20:6: in `d0`: this nests more than 272 levels deep once the defined rules it is in are written out where they are called, more than sdkc accepts"
    );
}

/// A wide conjunction is no deeper than its brackets: 16,384 comparisons in a balanced tree
/// (15 levels; 295 KB) overflowed the stack once the rule's `and`s were taken apart (for its
/// `distinct` lists) and joined again as a chain; and so did a rule that calls 64 times a
/// definition of 256 comparisons (a review found both). They solve.
#[test]
fn wide_conjunctions_solve() {
    let wide = balanced("v[r1c1] > 0", "and", 16_384);
    let (_dir, out) = with_model(
        format!("{SUDOKU}rule x: {wide}\n").as_bytes(),
        &["run", "--solver", "builtin"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let body = balanced("v[c] > 0", "and", 256);
    let calls = balanced("f(r1c1)", "and", 64);
    let (_dir, out) = with_model(
        format!("{SUDOKU}define f(c: cell): {body}\nrule x: {calls}\n").as_bytes(),
        &["run", "--solver", "builtin"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// A rule that calls another twice doubles at each level, under the bound on copies (100,000)
/// when the body is large: fourteen levels over a body of 1,024 comparisons took 6.3 GB before
/// its grounding's size was estimated (a review found it). Refused once it passes four million
/// operators and operands; and a model whose rules pass ten million together, each of them
/// under four million, at the rule that passes it, once; a model whose rules use the ten
/// million exactly still has every rule checked (a review found the rules after them left
/// out): the one after is refused.
#[test]
fn rules_that_grow_through_calls_are_bounded_by_their_size() {
    let doubling = |levels: usize, comparisons: usize| {
        let mut defs = vec![format!(
            "define d{levels}(c: cell): {}",
            balanced("v[c] > 0", "or", comparisons)
        )];
        for i in (0..levels).rev() {
            defs.push(format!(
                "define d{i}(c: cell): d{}(c) or d{}(c)",
                i + 1,
                i + 1
            ));
        }
        defs.join("\n")
    };
    let (code, errors) = mistakes(&format!("{SUDOKU}{}\nrule d0(r1c1)\n", doubling(14, 1024)));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:19:6: in `d0`: this rule is more than 4,000,000 operators and operands long once its calls of defined rules and its quantifiers over numbers are written out, more than sdkc accepts"
    );
    let (code, errors) = mistakes(&format!(
        "{SUDOKU}{}\n{}",
        doubling(8, 512),
        "rule d0(r1c1)\n".repeat(40)
    ));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:28:6: in `d0`: the model's rules are more than 10,000,000 operators and operands long together, once their calls of defined rules and their quantifiers over numbers are written out, more than sdkc accepts"
    );
    // Fifteen of those rules (656,381 each) and one of 154,285 (`not` over 30,857 comparisons
    // of 4 each and their 30,856 `and`s): ten million exactly. The rule after them is checked,
    // and refused there.
    let filler = balanced("v[r1c1] > 1", "and", 30_857);
    let (code, errors) = mistakes(&format!(
        "{SUDOKU}{}\n{}rule f: not {filler}\nrule g: v[r1c1] > 1\n",
        doubling(8, 512),
        "rule d0(r1c1)\n".repeat(15)
    ));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:29:9: the model's rules are more than 10,000,000 operators and operands long together, once their calls of defined rules and their quantifiers over numbers are written out, more than sdkc accepts"
    );
}

/// An offset as large as a 64-bit number (the parser saturates it) reaches no cell: the
/// neighbours of a cell were `r + dr`, which a debug build refused as an overflow (a panic;
/// a review found it). The relation's other offset still relates cells.
#[test]
fn offsets_past_64_bits_reach_no_cell() {
    let (_dir, out) = with_model(
        b"grid 4x4\nboxes 2x2\nrelation far = offsets (1, 0) (99999999999999999999, 1)\n\
          rule distinct rows, columns, boxes\nrule x: for c in cells: for n in far(c): v[n] != v[c]\n",
        &["run", "--solver", "builtin", "--unique"],
    );
    assert_eq!(out.code, 10, "{}", out.stderr);
    assert!(out.stderr.starts_with("not unique"), "{}", out.stderr);
}

/// An input with no end (`/dev/zero` as the model, or as a `--givens-file` list whose one line
/// never ends) is read up to 1 MiB (a model) or 64 MiB (a list's line) and refused, exit 1:
/// it took memory until the allocator gave up (an abort at 4 GB under a limit, the machine's
/// memory without one).
#[test]
fn an_endless_input_is_refused() {
    Sdkc::new()
        .args(&["check", "/dev/zero"])
        .status(1)
        .stderr(
            "error: cannot read /dev/zero: it is longer than 1 MiB, far longer than any model\n",
        )
        .run();
    Sdkc::new()
        .model(SUDOKU)
        .args(&[
            "run",
            "model.sdk",
            "--givens-file",
            "/dev/zero",
            "--solver",
            "builtin",
        ])
        .status(1)
        .stderr("error: cannot read /dev/zero: line 1 is longer than 64 MiB\n")
        .run();
}

/// `a <=> b` grounds each side twice (as itself and as its negation), so a chain of them
/// doubles at each step: the estimate counts that, and 24 of them are refused at once with
/// their size, where they took 4 GB and aborted. A chain of 13 still solves.
#[test]
fn a_chain_of_equivalences_is_refused_with_its_size() {
    let chain = |n: usize| {
        let terms: Vec<String> = (0..n)
            .map(|i| format!("(v[r1c{}] == {})", i % 9 + 1, i % 9 + 1))
            .collect();
        format!("{SUDOKU}rule r: {}\n", terms.join(" <=> "))
    };
    let (code, errors) = mistakes(&chain(24));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:1: rule `r` would expand to about 83,886,073 terms, more than the 1,000,000 sdkc accepts"
    );
    let (_dir, out) = with_model(chain(13).as_bytes(), &["run", "--solver", "builtin"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// Quantifiers over numbers are written out when the model is read, so seven nested over
/// `{1..9}` pass the bound on copies: the message names them, not only defined rules (it said
/// "calls defined rules" of a rule that calls none). A set of too many numbers is its own
/// mistake, at the set.
#[test]
fn nested_quantifiers_over_numbers_and_large_number_sets_say_what_they_are() {
    let nested: String = (0..7).map(|i| format!("for d{i} in {{1..9}}: ")).collect();
    let (code, errors) = mistakes(&format!("{SUDOKU}rule r: {nested}v[r1c1] != d0\n"));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:9: this rule expands to more than 100,000 copies once its calls of defined rules and its quantifiers over numbers are written out"
    );
    let (code, errors) = mistakes(&format!(
        "{SUDOKU}rule r: for d in range(1, 1000000): v[r1c1] != d\n"
    ));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:4:18: this set holds more than 10,000 numbers"
    );
}

/// A name too long to read is quoted by its first 40 characters and its length: a 5 MB
/// identifier made a 5 MB message (the source line around it is already shown as a window).
#[test]
fn a_very_long_name_is_quoted_clipped() {
    let name = "a".repeat(1_000_000);
    let (code, errors) = mistakes(&format!("{SUDOKU}rule r: for c in {name}: v[c] != 1\n"));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        format!(
            "model.sdk:4:18: unknown set `{}…` (1,000,000 characters)",
            "a".repeat(40)
        )
    );
}

/// Names sdkc writes for the MIP solvers have at most 64 characters: an area named with 59
/// gives rows of 61 and solves on every backend; one of 70 is refused (CBC misread a free MPS
/// file with names of 160 and crashed at 170, glpsol refused 254: a review found them). The
/// builtin search, which writes no names, still solves it.
#[test]
fn mip_names_past_64_characters_are_refused() {
    let model = |name: &str| {
        format!(
            "grid 4x4\nboxes 2x2\ngivens \"12....1..3.....4\"\narea {name} = r2c1 r2c2\n\
             rule distinct rows, columns, boxes, {name}\n"
        )
    };
    let fits = model(&"a".repeat(59));
    for solver in ["cbc", "highs", "glpk", "builtin"] {
        Sdkc::new()
            .model(&fits)
            .args(&[
                "run",
                "model.sdk",
                "--unique",
                "--format",
                "mps",
                "--solver",
                solver,
            ])
            .status(0)
            .stdout("1 2 | 4 3\n3 4 | 1 2\n----+----\n4 3 | 2 1\n2 1 | 3 4\n")
            .run();
    }
    let long = model(&"a".repeat(70));
    let (code, errors) = mistakes(&long);
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        format!(
            "model.sdk:5:1: this rule names a row or column of the MIP `{}…` (72 characters), \
             longer than the 64 characters the MIP solvers read reliably (CBC misreads an MPS \
             file past about 150)",
            "a".repeat(40)
        )
    );
    Sdkc::new()
        .model(&long)
        .args(&["run", "model.sdk", "--unique", "--solver", "builtin"])
        .status(0)
        .run();
    // `render` shows the refusal at the rule too (it printed the bare sentence).
    let ran = Sdkc::new()
        .model(&long)
        .args(&[
            "render",
            "model.sdk",
            "--solution",
            "--solver",
            "cbc",
            "-o",
            "m.svg",
        ])
        .status(3)
        .run();
    assert!(
        ran.out.stderr.contains("╭─[model.sdk:5:1]"),
        "{}",
        ran.out.stderr
    );
    assert!(
        ran.out.stderr.ends_with("error: 1 mistake in model.sdk\n"),
        "{}",
        ran.out.stderr
    );
    // `check` says it too, and a batch says it once, before any puzzle, whatever each line
    // gives: the second line gives the area's cells, which folded its rows and their names
    // away, so a batch refused the first line and solved the second (a review found it).
    let checked = Sdkc::new()
        .model(&long)
        .args(&["check", "model.sdk"])
        .status(3)
        .stdout("")
        .run();
    assert!(
        checked.out.stderr.contains("╭─[model.sdk:5:1]")
            && checked
                .out
                .stderr
                .ends_with("error: 1 mistake in model.sdk\n"),
        "{}",
        checked.out.stderr
    );
    let batch = Sdkc::new()
        .model(&long)
        .file("lines.txt", b"12....1..3.....4\n12..34..........\n")
        .args(&[
            "run",
            "model.sdk",
            "--givens-file",
            "lines.txt",
            "--solver",
            "cbc",
        ])
        .status(3)
        .stdout("")
        .run();
    assert_eq!(
        batch
            .out
            .stderr
            .matches("this rule names a row or column")
            .count(),
        1,
        "{}",
        batch.out.stderr
    );
    assert!(
        batch
            .out
            .stderr
            .ends_with("error: 1 mistake in model.sdk\n"),
        "{}",
        batch.out.stderr
    );
}

/// The `~2` that tells two equal row names apart counts too: a rule named `A_1` beside a rule
/// `A` makes a second `A_1`, and with `A` of 61 characters the suffix took it to 65 (a review
/// found names of 66 written). The second rule is the one refused.
#[test]
fn a_suffix_that_takes_a_mip_name_past_64_characters_is_refused() {
    let a = "a".repeat(61);
    let model = format!(
        "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n\
         rule {a}: v[r1c1] != v[r1c2]\nrule {a}_1: v[r1c1] + v[r1c3] >= 3\n"
    );
    let (code, errors) = mistakes(&model);
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        format!(
            "model.sdk:5:1: this rule names a row or column of the MIP `{}…` (65 characters), \
             longer than the 64 characters the MIP solvers read reliably (CBC misreads an MPS \
             file past about 150)",
            "a".repeat(40)
        )
    );
}

/// A coefficient past 10,000 is refused for the MIP solvers, whose integrality tolerances
/// would let a row be off by a whole unit (a review saw GLPK and HiGHS return grids that break
/// the rule, and CBC count 2 grids of 16, with 200,000 and more). At 10,000 every backend
/// counts the 16; the builtin search, exact arithmetic, counts them past it too.
#[test]
fn coefficients_past_ten_thousand_are_refused_for_the_mip_solvers() {
    let model = |k: i64| {
        format!(
            "grid 1x5\nvalues 1..2\n\
             rule a: {k} * (v[r1c1] - v[r1c5]) + v[r1c2] - v[r1c3] + v[r1c4] >= 2\n"
        )
    };
    for solver in ["cbc", "highs", "glpk", "builtin"] {
        let ran = Sdkc::new()
            .model(&model(5000))
            .args(&["run", "model.sdk", "-a", "--solver", solver])
            .status(10)
            .run();
        assert!(
            ran.out.stderr.ends_with(&format!(
                "not unique: {solver} found exactly 16 solutions\n"
            )),
            "{solver}: {}",
            ran.out.stderr
        );
    }
    let (code, errors) = mistakes(&model(100_000));
    assert_eq!(code, 3);
    assert_eq!(
        errors,
        "model.sdk:3:1: rule `a` gives the MIP a coefficient of 100,000, past the 10,000 that \
         the MIP solvers' tolerances keep exact (GLPK takes a column within 0.00001 of a whole \
         number for whole, so a row may be off by the coefficient times that)"
    );
    let ran = Sdkc::new()
        .model(&model(100_000))
        .args(&["run", "model.sdk", "-a", "--solver", "builtin"])
        .status(10)
        .run();
    assert!(
        ran.out
            .stderr
            .ends_with("not unique: builtin found exactly 16 solutions\n"),
        "{}",
        ran.out.stderr
    );
}

/// The 64 MiB bound on a list's line holds whether or not the line's newline falls in the
/// chunk that crosses it (a line 5,000 bytes past it, with its newline, was read).
#[test]
fn a_list_line_past_64_mib_with_its_newline_is_refused() {
    let mut line = vec![b'1'; (64 << 20) + 5000];
    line.push(b'\n');
    Sdkc::new()
        .model(SUDOKU)
        .file("list.txt", &line)
        .args(&[
            "run",
            "model.sdk",
            "--givens-file",
            "list.txt",
            "--solver",
            "builtin",
        ])
        .status(1)
        .stderr("error: cannot read list.txt: line 1 is longer than 64 MiB\n")
        .run();
}

/// After a line it refuses, a batch reads no further with two threads either: the results
/// before stand, and nothing after (with `-j 2` the other thread went on reading the refused
/// line's tail as line 2 and solved line 3; a review found it).
#[test]
fn a_refused_line_ends_the_batch_with_any_jobs() {
    let mut list = format!("{}\n", ".".repeat(81)).into_bytes();
    list.extend(vec![b'.'; (64 << 20) + 5000]);
    list.extend(format!("\n{}\n", ".".repeat(81)).into_bytes());
    for jobs in ["1", "2"] {
        let ran = Sdkc::new()
            .model(SUDOKU)
            .file("list.txt", &list)
            .args(&[
                "run",
                "model.sdk",
                "--givens-file",
                "list.txt",
                "--solver",
                "builtin",
                "-j",
                jobs,
            ])
            .status(1)
            .stderr("error: cannot read list.txt: line 2 is longer than 64 MiB\n")
            .run();
        let lines: Vec<&str> = ran.out.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "-j {jobs}: {}", ran.out.stdout);
        assert!(lines[0].starts_with("1 solved "), "-j {jobs}: {}", lines[0]);
    }
}

/// A backquote inside a long name still leaves the message short.
#[test]
fn a_long_name_with_a_backquote_is_clipped_too() {
    let z = "z".repeat(1_000_000);
    let model =
        format!("grid 4x4\nboxes 2x2\ngivens {{\n. . . .\n. . . .\n. . . .\n. . . z`{z}\n}}\n");
    let (_dir, out) = with_model(model.as_bytes(), &["check"]);
    assert_eq!(out.code, 3);
    assert!(out.stderr.len() < 2000, "{} bytes", out.stderr.len());
    assert!(
        out.stderr.contains("… (1,000,004 characters)"),
        "{}",
        out.stderr
    );
}

/// The time limit is the whole run's, compiling the rules included: 20,000 entropic lines
/// took the builtin search 3.3 s to compile before it was given the limit, and it then found
/// a grid and said "solved" after a limit of half a second; HiGHS lowered them twice, past
/// any limit, before it was started. (They compile in about 0.15 s now, so the limit is
/// 0.05 s, well inside the compiling: at 0.5 s the search sometimes found its grid in time.)
#[test]
fn a_time_limit_covers_compiling_the_rules() {
    let model = format!("{SUDOKU}{}", "rule entropic(r1c1-r1c9)\n".repeat(20_000));
    for (solver, hint) in [
        ("builtin", ""),
        (
            "highs",
            "hint: sdkc's own search (`--solver builtin`) may answer sooner\n",
        ),
    ] {
        Sdkc::new()
            .model(&model)
            .args(&[
                "run",
                "model.sdk",
                "--solver",
                solver,
                "--time-limit",
                "0.05",
            ])
            .status(5)
            .stdout("")
            .stderr(&format!(
                "{solver} reached the time limit before finding a solution\n{hint}"
            ))
            .run();
    }
}

/// Checking a grid against thousands of rules takes a while, and the search reads the clock
/// only now and then: past the time limit no more grids are asked for, nor checked. Twenty
/// grids of 3,000 renban lines took their checks' time each, whatever the limit (10,000 of
/// them ran for minutes past `-a --time-limit 2`).
#[test]
fn a_time_limit_stops_a_count_whose_grids_are_slow_to_check() {
    let model = format!("{SUDOKU}{}", "rule renban(r1c1-r1c9)\n".repeat(3_000));
    // `run --solver builtin --json ARGS --time-limit 0.5` on the model: exit code and report.
    let builtin = |args: &[&str]| -> (i32, serde_json::Value) {
        let mut all = vec!["run", "--solver", "builtin", "--json"];
        all.extend(args);
        all.extend(["--time-limit", "0.5"]);
        let (_dir, out) = with_model(model.as_bytes(), &all);
        let report = serde_json::from_str(out.stdout.trim()).unwrap();
        (out.code, report)
    };
    for how in ["-n", "--candidates"] {
        let args: &[&str] = if how == "-n" { &["-n", "20"] } else { &[how] };
        let (code, report) = builtin(args);
        // One grid found is the time limit (5), more are "not unique" (10).
        assert!([5, 10].contains(&code), "{how}: {code}");
        if how == "-n" {
            assert_eq!(report["complete"], false, "{how}: {report}");
            let count = report["count"].as_u64().unwrap();
            assert!((1..20).contains(&count), "{how}: {report}");
        } else {
            // Cells left unproved: the questions stopped with the clock (on a loaded machine,
            // a CI run beside other work, the clock may come before the first grid's check
            // ends: then no candidates at all, the time limit).
            match report["candidates"]["incomplete"].as_array() {
                Some(left) => assert!(!left.is_empty(), "{how}: {report}"),
                None => assert_eq!(report["status"], "time_limit", "{how}: {report}"),
            }
        }
    }
    // A count that has its N grids is complete, whenever the clock passes the limit: `-n 1`
    // whose one grid's check ends past it is solved, not "found 1 solution but reached the
    // time limit".
    let (code, report) = builtin(&["-n", "1"]);
    assert_eq!(
        (code, &report["status"], &report["complete"]),
        (0, &serde_json::json!("solved"), &serde_json::json!(true)),
        "{report}"
    );
    // A search that ends by itself after its last grid keeps its end: every cell given is
    // unique, whenever that grid's check ends (a review saw "reached the time limit").
    let full = "123456789456789123789123456265871394391264875847395261512637948638942517974518632";
    let (code, report) = builtin(&["--unique", "--givens", full]);
    assert_eq!(
        (code, &report["status"]),
        (0, &serde_json::json!("unique")),
        "{report}"
    );
    // Candidates stopped by the clock: a given's cell is still proved (it holds its value in
    // every solution), whether or not the questions reached it.
    let some = format!("{}{}", &full[..40], ".".repeat(41));
    let (_, report) = builtin(&["--candidates", "--givens", &some]);
    let left: Vec<&str> = report["candidates"]["incomplete"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(!left.is_empty() && !left.contains(&"r1c1"), "{report}");
}

/// Sums by the thousand, as a file of one clue copied: the law of leftovers compared each sum
/// with every other sharing a cell, and 35,000 copies of one little killer (1 MiB) ran for
/// minutes past a 10 s limit before the builtin search began; 30,000 sums over every cell
/// would each have listed their table's rows for 65,536 steps. Copies are one sum, more sums
/// than cells derive nothing, and the tables of one model share one budget of steps.
#[test]
fn sums_by_the_thousand_are_compiled_within_the_time_limit() {
    for clue in [
        "rule little_killer(r1c1-r9c9, 45)\n",
        "rule cage(15, r1c1 r1c2 r2c1)\nrule cage(12, r1c2 r1c3)\n",
        "rule sum(c in cells: v[c]) == 405\n",
    ] {
        let model = format!("{SUDOKU}{}", clue.repeat(15_000));
        let start = std::time::Instant::now();
        let (_dir, out) = with_model(
            model.as_bytes(),
            &["run", "--solver", "builtin", "--time-limit", "3"],
        );
        assert!([0, 4, 5].contains(&out.code), "{}", out.stderr);
        assert!(
            start.elapsed().as_secs() < 15,
            "{clue}: {:?}",
            start.elapsed()
        );
    }
}
