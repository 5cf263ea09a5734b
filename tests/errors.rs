//! Every mistake a model can hold is reported with file:line:column, the source line, the span
//! underlined and a sentence that helps; exit code 3; never a panic. One snapshot per message.

mod common;
use common::{json_errors, with_model};

/// Compile `model` and return what the user reads on stderr, asserting the model-error exit.
fn error_of(model: &[u8]) -> String {
    let (_dir, out) = with_model(model, &["compile"]);
    assert_eq!(
        out.code, 3,
        "expected exit 3 (model error); stderr:\n{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
    out.stderr
}

const HEADER: &str = "grid 9x9\nboxes 3x3\n";

/// A relation none of whose offsets fits the grid relates no two cells, as one with no offset
/// does: a quantifier over its pairs is empty, and says so (it grounded to nothing, silently;
/// an offset past 64 bits is one such, and its neighbours are computed without overflow).
#[test]
fn relation_past_the_grid_is_empty() {
    snapshot!(
        "relation_past_the_grid",
        error_of(
            b"grid 4x4\nboxes 2x2\nrelation far = offsets (5, 5) (99999999999999999999, 1)\n\
              rule distinct rows, columns, boxes\nrule x: for (a, b) in far: v[a] != v[b]\n"
        )
    );
}

#[test]
fn empty_file() {
    snapshot!("empty_file", error_of(b""));
}

#[test]
fn only_comments_is_empty() {
    snapshot!(
        "only_comments",
        error_of(b"# nothing here\n\n   # or here\n")
    );
}

#[test]
fn not_utf8() {
    snapshot!("not_utf8", error_of(b"grid 9x9\npuzzle \"caf\xe9\"\n"));
}

#[test]
fn syntax_error_unknown_statement() {
    snapshot!(
        "syntax_statement",
        error_of(b"grid 9x9\nrules distinct rows\n")
    );
}

#[test]
fn syntax_error_trailing_comma() {
    snapshot!("syntax_comma", error_of(b"grid 9x9\nrule distinct rows,\n"));
}

#[test]
fn syntax_error_unclosed_block() {
    snapshot!(
        "syntax_block",
        error_of(b"grid 2x2\ngivens {\n  1 .\n  . 1\n")
    );
}

#[test]
fn missing_grid() {
    snapshot!(
        "missing_grid",
        error_of(b"puzzle \"no size\"\nrule distinct rows\n")
    );
}

#[test]
fn duplicate_grid() {
    snapshot!("duplicate_grid", error_of(b"grid 9x9\ngrid 4x4\n"));
}

#[test]
fn unknown_set_with_suggestion() {
    snapshot!(
        "unknown_set",
        error_of(format!("{HEADER}rule distinct rows, colums\n").as_bytes())
    );
}

#[test]
fn unknown_set_without_suggestion() {
    snapshot!(
        "unknown_set_plain",
        error_of(format!("{HEADER}rule distinct cages\n").as_bytes())
    );
}

#[test]
fn boxes_in_a_grid_without_boxes() {
    snapshot!(
        "no_boxes",
        error_of(b"grid 9x9\nrule distinct rows, boxes\n")
    );
}

#[test]
fn duplicate_area_name() {
    snapshot!(
        "duplicate_area",
        error_of(format!("{HEADER}area cage = r1c1 r1c2\narea cage = r2c1\n").as_bytes())
    );
}

#[test]
fn area_named_like_a_builtin_set() {
    snapshot!(
        "area_builtin_name",
        error_of(format!("{HEADER}area rows = r1c1 r1c2\n").as_bytes())
    );
}

/// A relation named like a stencil is refused too: the library's `anti_king` and `minimum`
/// took the model's `king` and `orthogonal` for theirs, and a grid breaking the rule as the
/// library means it passed the check (a review found it).
#[test]
fn relation_named_like_a_stencil() {
    snapshot!(
        "relation_builtin_name",
        error_of(format!("{HEADER}relation king = orthogonal\nrule anti_king()\n").as_bytes())
    );
}

/// A `(` left open names the `)` that would close it, at the end of the file and before the
/// next statement (it said "an operator or the end of the expression", found the end).
#[test]
fn an_open_bracket_names_its_closing_one() {
    assert_eq!(
        json_errors_of(format!("{HEADER}rule z: (v[r1c1] == 1\n").as_bytes()),
        ["model.sdk:4:1: expected an operator or `)`, found the end of the file"]
    );
    assert_eq!(
        json_errors_of(
            format!("{HEADER}rule z: (v[r1c1] == 1\n  # a comment (\nrule y: v[r1c2] == 2\n")
                .as_bytes()
        ),
        ["model.sdk:5:1: expected an operator or `)`, found `rule`"]
    );
    // Where a path could also go on, the cell is named too.
    assert_eq!(
        json_errors_of(format!("{HEADER}rule thermo(r2c1-r2c2\nrule distinct rows\n").as_bytes()),
        ["model.sdk:4:1: expected a cell such as `r1c1` or an operator or `)`, found `rule`"]
    );
    // The bracket left open is shown where it opened, lines before the place pest stopped.
    let err = error_of(
        format!("{HEADER}rule z: sum(c in row(1): v[c]\n  + 0 == 45\nrule y: v[r1c2] == 2\n")
            .as_bytes(),
    );
    assert!(
        err.contains(
            " 3 │ rule z: sum(c in row(1): v[c]\n   ·            ┬\n   ·            ╰── this `(` is not closed\n"
        ),
        "{err}"
    );
}

/// An absolute value left open names its closing bar; the bars pair up from the left, so an
/// inner `|...|` that closed is not the one named.
#[test]
fn an_open_bar_names_its_closing_one() {
    assert_eq!(
        json_errors_of(format!("{HEADER}rule z: |v[r1c1] - |v[r1c2]| >= 1\n").as_bytes()),
        ["model.sdk:4:1: expected an operator or `|`, found the end of the file"]
    );
    // A closed pair of bars is not named: the `(` after it is.
    assert_eq!(
        json_errors_of(format!("{HEADER}rule z: |v[r1c1] - v[r1c2]| >= (1\n").as_bytes()),
        ["model.sdk:4:1: expected an operator or `)`, found the end of the file"]
    );
}

/// A comma at the end of a list says so (it said "expected a set of numbers such as `{1, 3,
/// 5}`, found `)`" in a call of `cage`).
#[test]
fn a_trailing_comma_says_so() {
    for (text, col) in [
        ("rule cage(r1c1, r1c2, 3,)", 25),
        ("rule z: v[r1c1] in {1, 2,}", 26),
    ] {
        assert_eq!(
            json_errors_of(format!("{HEADER}{text}\n").as_bytes()),
            [format!(
                "model.sdk:3:{col}: expected another item after the `,` (a list has no comma at \
                 its end), found `{}`",
                &text[col - 1..col]
            )]
        );
    }
    // The closing bracket on the next line.
    assert_eq!(
        json_errors_of(format!("{HEADER}rule cage(5, r1c1 r1c2,\n)\n").as_bytes()),
        [
            "model.sdk:4:1: expected another item after the `,` (a list has no comma at its end), found `)`"
        ]
    );
}

/// A quantifier or a sum missing its `:` names it (pest never names a bare string, so it said
/// "expected a set of numbers such as `{1, 3, 5}`, found `cells`"); a bracket found where
/// something else is missing is not the one expected ("expected an operator or `)`, found
/// `)`").
#[test]
fn a_missing_colon_is_named() {
    for (text, col, found) in [
        ("rule a: for c in cells v[c] > 1", 24, "v"),
        ("rule a: for (a, b) in orthogonal v[a] != v[b]", 34, "v"),
        ("rule a: count(c in cells v[c] == 1) == 4", 26, "v"),
        ("rule a: sum(c in row(1)) v[c] == 10", 24, ")"),
    ] {
        assert_eq!(
            json_errors_of(format!("{HEADER}{text}\n").as_bytes()),
            [format!(
                "model.sdk:3:{col}: expected `:` or `where`, found `{found}`"
            )],
            "{text}"
        );
    }
    // After a `where` filter, the filter may go on.
    assert_eq!(
        json_errors_of(
            format!("{HEADER}rule a: for c in cells where row(c) == 1 v[c] > 1\n").as_bytes()
        ),
        ["model.sdk:3:42: expected `:` or an operator or the end of the expression, found `v`"]
    );
}

/// A missing `=`, `:` or `has` is named where it is missing (pest names no bare string: each
/// said "expected a statement (...)", found the statement's keyword, or named the `]` before).
#[test]
fn a_missing_sign_or_word_is_named() {
    let marks = "marks {\nX . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
                 . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
                 . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n}\n";
    for (text, at, message) in [
        ("area x<y = r1c1 r2c2", "3:7", "expected `=`, found `<`"),
        ("area xy r1c1 r2c2", "3:9", "expected `=`, found `r1c1`"),
        (
            "relation r offsets (0, 1)",
            "3:12",
            "expected `=`, found `offsets`",
        ),
        (
            "define f(line: cells) distinct(line)",
            "3:23",
            "expected `:`, found `distinct`",
        ),
        (
            "define f(line cells): distinct(line)",
            "3:15",
            "expected `:`, found `cells`",
        ),
    ] {
        assert_eq!(
            json_errors_of(format!("{HEADER}{text}\n").as_bytes()),
            [format!("model.sdk:{at}: {message}")],
            "{text}"
        );
    }
    assert_eq!(
        json_errors_of(format!("{HEADER}{marks}rule a: mark[r1c1] \"X\"\n").as_bytes()),
        ["model.sdk:14:20: expected `has`, found `\"`"]
    );
}

/// A library pill of more than three cells is a mistake: its definition reads up to the
/// hundreds, and a review saw `9000` read as 0.
#[test]
fn a_pill_of_four_cells_is_refused() {
    assert_eq!(
        json_errors_of(
            format!("{HEADER}rule pill_arrow(r1c1 r1c2 r1c3 r1c4, r1c5-r1c8)\n").as_bytes()
        ),
        [
            "model.sdk:3:17: `pill_arrow` reads a pill of one to three cells as a number, not one of 4"
        ]
    );
}

/// A function where a set to quantify over belongs is said to be one (it said "unknown
/// function `row`", beside a help that lists `row` among the functions).
#[test]
fn a_function_is_not_a_set() {
    assert_eq!(
        json_errors_of(format!("{HEADER}rule a: sum(c in row(1): v[c]) == 10\n").as_bytes()),
        ["model.sdk:3:18: `row(...)` is a function's value, not a set to quantify over"]
    );
}

#[test]
fn duplicate_rule_name() {
    snapshot!(
        "duplicate_rule",
        error_of(format!("{HEADER}rule a: distinct rows\nrule a: distinct columns\n").as_bytes())
    );
}

#[test]
fn cell_outside_grid() {
    snapshot!(
        "cell_outside",
        error_of(format!("{HEADER}area cage = r1c1 r10c2\n").as_bytes())
    );
}

#[test]
fn cell_listed_twice() {
    snapshot!(
        "cell_twice",
        error_of(format!("{HEADER}area cage = r1c1 r1c2 r1c1\n").as_bytes())
    );
}

#[test]
fn given_outside_value_range() {
    snapshot!(
        "given_range",
        error_of(b"grid 4x4\nboxes 2x2\ngivens {\n  1 2 . .\n  . . 5 .\n  . . . .\n  . . . .\n}\n")
    );
}

#[test]
fn given_that_is_not_a_value() {
    snapshot!(
        "given_token",
        error_of(b"grid 4x4\ngivens {\n  1 2 . .\n  . . x? .\n  . . . .\n  . . . .\n}\n")
    );
}

#[test]
fn givens_row_of_wrong_length() {
    snapshot!(
        "givens_row_length",
        error_of(b"grid 4x4\ngivens {\n  1 2 . .\n  . . 3\n  . . . .\n  . . . .\n}\n")
    );
}

#[test]
fn givens_with_too_few_rows() {
    snapshot!(
        "givens_row_count",
        error_of(b"grid 4x4\ngivens {\n  1 2 . .\n  . . 3 .\n}\n")
    );
}

#[test]
fn one_line_givens_of_wrong_length() {
    snapshot!(
        "one_line_length",
        error_of(b"grid 4x4\ngivens \"12..3...\"\n")
    );
}

#[test]
fn box_shape_that_does_not_tile() {
    snapshot!("boxes_tile", error_of(b"grid 9x9\nboxes 2x3\n"));
}

#[test]
fn two_givens_break_a_distinct_rule() {
    snapshot!("givens_conflict", error_of(b"grid 4x4\nboxes 2x2\ngivens {\n  1 2 . .\n  . . . .\n  . . . .\n  1 . . .\n}\nrule distinct rows, columns, boxes\n"));
}

#[test]
fn area_larger_than_the_value_set() {
    snapshot!(
        "area_too_large",
        error_of(b"grid 6x6\nvalues 1..4\nrule distinct rows\n")
    );
}

#[test]
fn empty_value_range() {
    snapshot!("empty_values", error_of(b"grid 4x4\nvalues 4..1\n"));
}

#[test]
fn region_map_row_of_wrong_length() {
    snapshot!(
        "region_row_length",
        error_of(b"grid 4x4\nregions {\n  AABB\n  AAB\n  CCDD\n  CCDD\n}\nrule distinct regions\n")
    );
}

#[test]
fn every_mistake_is_reported_not_only_the_first() {
    let err = error_of(
        format!("{HEADER}area a = r0c1\nrule distinct rows, colums\nrule distinct cages\n")
            .as_bytes(),
    );
    assert_eq!(err.matches("× ").count(), 3, "{err}");
    assert!(err.ends_with("error: 3 mistakes in model.sdk\n"), "{err}");
}

/// What `sdkc run --json` lists as the model's mistakes, one line each.
fn json_errors_of(model: &[u8]) -> Vec<String> {
    let (_dir, out) = with_model(model, &["run", "--json"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    json_errors(&out.stdout)
}

/// What the syntax message says a line may start with: every statement of the grammar.
const A_STATEMENT: &str = "a statement (puzzle, grid, boxes, values, givens, marks, regions, area, relation, encoding, define or rule)";

#[test]
fn every_syntax_error_is_reported_not_only_the_first() {
    let model = "puzzle \"three mistakes\"\ngrid 9x9\nrelaton orth = orthogonal\nboxes 3x3 3x3\nvalues 1..9\nrule distinct rows, columns, boxes\nrule r: v[r1c1] != * 2\n";
    assert_eq!(
        error_of(model.as_bytes()),
        "  × expected a statement (puzzle, grid, boxes, values, givens, marks, regions, area, relation,
  │ encoding, define or rule), found `relaton`
   ╭─[model.sdk:3:1]
 2 │ grid 9x9
 3 │ relaton orth = orthogonal
   · ───┬───
   ·    ╰── unexpected here
 4 │ boxes 3x3 3x3
   ╰────
  help: did you mean `relation`?
  × expected a statement (puzzle, grid, boxes, values, givens, marks, regions, area, relation,
  │ encoding, define or rule), found `3x3`
   ╭─[model.sdk:4:11]
 3 │ relaton orth = orthogonal
 4 │ boxes 3x3 3x3
   ·           ─┬─
   ·            ╰── unexpected here
 5 │ values 1..9
   ╰────
  × expected a cell such as `r1c1`, a name or a number, found `*`
   ╭─[model.sdk:7:20]
 6 │ rule distinct rows, columns, boxes
 7 │ rule r: v[r1c1] != * 2
   ·                    ┬
   ·                    ╰── unexpected here
   ╰────
error: 3 mistakes in model.sdk
"
    );
    assert_eq!(
        json_errors_of(model.as_bytes()),
        [
            format!("model.sdk:3:1: expected {A_STATEMENT}, found `relaton`"),
            format!("model.sdk:4:11: expected {A_STATEMENT}, found `3x3`"),
            "model.sdk:7:20: expected a cell such as `r1c1`, a name or a number, found `*`".into(),
        ]
    );
}

#[test]
fn a_cell_indexed_by_row_and_column_names_the_form_meant() {
    // `v[1,2]` is how GAMS, AMPL and PuLP index a cell; an operand that stops short names
    // the operators and the `]` left open (pest lists only the operators).
    let model = format!(
        "{HEADER}rule v[1,2] != v[ 3 , 4 ]\nrule mark[5,6] has X\nrule v[r1c1] == v[1 2]\n"
    );
    let err = error_of(model.as_bytes());
    assert!(
        err.starts_with(
            "  × expected `]` (a cell is one word, row then column: `r1c2`), found `,`
   ╭─[model.sdk:3:9]
 2 │ boxes 3x3
 3 │ rule v[1,2] != v[ 3 , 4 ]
   ·         ┬
   ·         ╰── unexpected here
 4 │ rule mark[5,6] has X
   ╰────
  help: did you mean `v[r1c2]`?
"
        ),
        "{err}"
    );
    assert_eq!(
        json_errors_of(model.as_bytes()),
        [
            "model.sdk:3:9: expected `]` (a cell is one word, row then column: `r1c2`), found `,`",
            "model.sdk:4:12: expected `]` (a cell is one word, row then column: `r1c2`), found `,`",
            "model.sdk:5:21: expected an operator or `]`, found `2`",
        ]
    );
    let helps: Vec<&str> = err.lines().filter(|l| l.starts_with("  help:")).collect();
    assert_eq!(
        helps,
        [
            "  help: did you mean `v[r1c2]`?",
            "  help: did you mean `mark[r5c6]`?"
        ],
        "{err}"
    );
}

#[test]
fn misspelt_distinct_is_named_with_the_set_after_it() {
    // `distinc` reads as a name (of a rule, then `:`; or of a value), so the parse fails at the
    // set after it.
    let model = format!("{HEADER}rule distinc rows\nrule r: distnct columns\n");
    assert_eq!(
        json_errors_of(model.as_bytes()),
        [
            format!(
                "model.sdk:3:14: expected `:`, {A_STATEMENT} or an operator or the end of the expression, found `rows`"
            ),
            format!(
                "model.sdk:4:17: expected {A_STATEMENT} or an operator or the end of the expression, found `columns`"
            ),
        ]
    );
    let err = error_of(model.as_bytes());
    let helps: Vec<&str> = err.lines().filter(|l| l.starts_with("  help:")).collect();
    assert_eq!(
        helps,
        [
            "  help: did you mean `distinct rows`?",
            "  help: did you mean `distinct columns`?"
        ],
        "{err}"
    );
}

#[test]
fn misspelt_relation_keyword_is_named() {
    snapshot!(
        "syntax_relation",
        error_of(format!("{HEADER}relaton orth = orthogonal\n").as_bytes())
    );
}

#[test]
fn misspelt_statement_keywords_are_named() {
    // One mistake a line, each with the keyword meant.
    let err =
        error_of(b"grid 9x9\nrulle distinct rows\ngivns \"1\"\nmrks {\n  X\n}\nencodng onehot\n");
    let helps: Vec<&str> = err.lines().filter(|l| l.starts_with("  help:")).collect();
    assert_eq!(
        helps,
        [
            "  help: did you mean `rule`?",
            "  help: did you mean `givens`?",
            "  help: did you mean `marks`?",
            "  help: did you mean `encoding`?",
        ],
        "{err}"
    );
    assert!(err.ends_with("error: 4 mistakes in model.sdk\n"), "{err}");
}

#[test]
fn syntax_message_lists_every_statement() {
    assert_eq!(
        json_errors_of(b"grid 9x9\nrules distinct rows\n"),
        [format!(
            "model.sdk:2:1: expected {A_STATEMENT}, found `rules`"
        )]
    );
    // Where the file starts, too.
    assert_eq!(
        json_errors_of(b"grids 9x9\n"),
        [format!(
            "model.sdk:1:1: expected {A_STATEMENT}, found `grids`"
        )]
    );
}

#[test]
fn syntax_error_leads_to_no_other_mistake() {
    // The statement in error is skipped to the next line that starts one; what follows is read
    // as it would be alone: a statement continued on a line that starts with `boxes`, a set
    // named `boxes` on a line of its own, a block. No analysis either (no grid line here, and
    // an unknown set), since the file did not parse.
    let model = b"rulle distinct rows\n  columns, boxes\nrule distinct rows,\n  boxes\ngrid 9x9,\nboxes 3x3\nmarks {\n  rule . .\n}\nrule distinct colums\n";
    assert_eq!(
        json_errors_of(model),
        [format!(
            "model.sdk:1:1: expected {A_STATEMENT}, found `rulle`"
        )]
    );
    // A rule that ends too early, then a statement: the statement is not the mistake's
    // continuation, and is read.
    assert_eq!(
        json_errors_of(b"grid 9x9\nrule distinct rows,\nrule distinct columns\nboxes 3x3\n"),
        ["model.sdk:3:1: expected a set name such as `rows`, found `rule`"]
    );
}

#[test]
fn givens_option_of_wrong_length_points_into_the_option() {
    let (_dir, out) = with_model(
        b"grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n",
        &["run", "--givens", "12..3"],
    );
    assert_eq!(out.code, 3);
    snapshot!("givens_option_length", out.stderr);
}

#[test]
fn fixed_mps_names_too_long() {
    let dir = tempfile::tempdir().unwrap();
    let model = common::root().join("examples/classic.sdk");
    let long = "grid 10x10\nboxes 2x5\nrule distinct rows, columns, boxes\n".to_string();
    std::fs::write(dir.path().join("model.sdk"), long).unwrap();
    let out = common::sdkc_in(
        dir.path(),
        &["compile", "--format", "fixed-mps", "model.sdk"],
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: fixed MPS allows names of at most 8 characters, and this model has `x_r1c1_10` (9 characters); use `--format mps` (free MPS) or `--format lp`\n"
    );
    assert!(
        !dir.path().join("model.mps").exists(),
        "no half-written output"
    );
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() == 1,
        "no temporary file left behind"
    );
    drop(model);
}

#[test]
fn regions_drawn_with_any_letter_are_named_in_messages() {
    // A region letter outside ASCII, and two equal givens in it.
    let model = "grid 2x2\nvalues 1..4\nregions {\n  é é\n  b b\n}\ngivens \"11..\"\nrule distinct regions\n";
    let err = error_of(model.as_bytes());
    assert!(
        err.contains(
            "× the givens already break rule `regions`: r1c1 and r1c2 are both 1 in region é"
        ),
        "{err}"
    );
}

// ---- rule expressions ----------------------------------------------------------------------

#[test]
fn comparison_that_can_never_hold() {
    snapshot!(
        "never_holds",
        error_of(format!("{HEADER}rule big: for c in cells: v[c] > 9\n").as_bytes())
    );
}

#[test]
fn comparison_that_can_never_hold_makes_the_rule_always_hold() {
    snapshot!(
        "never_holds_rule_always_holds",
        error_of(format!("{HEADER}rule r: for c in cells: v[c] == 10 => v[c] < 5\n").as_bytes())
    );
}

#[test]
fn comparison_that_always_holds_makes_the_rule_never_hold() {
    snapshot!(
        "always_holds_rule_never_holds",
        error_of(format!("{HEADER}rule r: for c in cells: not (v[c] >= 1)\n").as_bytes())
    );
}

#[test]
fn membership_that_can_never_hold() {
    snapshot!(
        "membership_never_holds",
        error_of(format!("{HEADER}rule r: v[r1c1] + v[r1c2] in {{1, 19..20}}\n").as_bytes())
    );
}

#[test]
fn remainder_by_a_cell_value() {
    snapshot!(
        "divisor_depends_on_cells",
        error_of(format!("{HEADER}rule r: for c in cells: v[c] % v[r1c1] == 0\n").as_bytes())
    );
}

#[test]
fn division_by_zero() {
    snapshot!(
        "division_by_zero",
        error_of(format!("{HEADER}rule r: v[r1c1] / 0 == 1\n").as_bytes())
    );
}

#[test]
fn divisor_that_can_be_zero() {
    snapshot!(
        "divisor_can_be_zero",
        error_of(format!("{HEADER}rule r: for c in cells: v[c] % (col(c) - 5) == 1\n").as_bytes())
    );
}

#[test]
fn malformed_set() {
    snapshot!(
        "set_syntax",
        error_of(format!("{HEADER}rule r: v[r1c1] in {{1,, 3}}\n").as_bytes())
    );
    snapshot!(
        "set_unclosed",
        error_of(format!("{HEADER}rule r: v[r1c1] not in {{1, 3\nrule distinct rows\n").as_bytes())
    );
    snapshot!(
        "set_empty_range",
        error_of(format!("{HEADER}rule r: v[r1c1] in {{2, 5..3}}\n").as_bytes())
    );
}

#[test]
fn unknown_function() {
    snapshot!(
        "unknown_function",
        error_of(format!("{HEADER}rule r: for c in cells: v[c] != knigth(c)\n").as_bytes())
    );
}

#[test]
fn unknown_function_as_a_set() {
    snapshot!(
        "unknown_set_function",
        error_of(format!("{HEADER}rule r: for c in cells: ndistinct(kings(c)) >= 1\n").as_bytes())
    );
}

#[test]
fn quantifier_over_an_empty_set() {
    snapshot!(
        "empty_quantifier",
        error_of(
            format!("{HEADER}area one = r1c1\nrule r: for (a, b) in one: v[a] != v[b]\n")
                .as_bytes()
        )
    );
}

#[test]
fn value_of_a_cell_outside_the_grid() {
    snapshot!(
        "value_outside",
        error_of(format!("{HEADER}rule r: v[r10c1] == 1\n").as_bytes())
    );
}

#[test]
fn unknown_variable() {
    snapshot!(
        "unknown_variable",
        error_of(format!("{HEADER}rule r: for cell in cells: v[c] >= 1\n").as_bytes())
    );
}

#[test]
fn number_where_a_condition_is_needed() {
    snapshot!(
        "type_mismatch",
        error_of(format!("{HEADER}rule r: v[r1c1] + 1\n").as_bytes())
    );
}

#[test]
fn cell_where_a_number_is_needed() {
    snapshot!(
        "cell_not_number",
        error_of(format!("{HEADER}rule r: for c in cells: c > 1\n").as_bytes())
    );
}

#[test]
fn a_family_of_areas_is_not_one_set() {
    snapshot!(
        "family_not_set",
        error_of(format!("{HEADER}rule r: for c in rows: v[c] >= 1\n").as_bytes())
    );
}

#[test]
fn relation_iterated_with_one_name() {
    snapshot!(
        "pairs_binder",
        error_of(format!("{HEADER}rule r: for a in orthogonal: v[a] >= 1\n").as_bytes())
    );
}

#[test]
fn mark_without_a_marks_block() {
    snapshot!(
        "no_marks",
        error_of(
            format!("{HEADER}rule r: for c in cells: mark[c] has \"X\" => v[c] < 5\n").as_bytes()
        )
    );
}

#[test]
fn mark_that_no_cell_carries() {
    let marks = "marks {\n  X . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n}\n";
    snapshot!(
        "unknown_mark",
        error_of(
            format!("{HEADER}{marks}rule r: for c in cells: mark[c] has \"Y\" => v[c] < 5\n")
                .as_bytes()
        )
    );
}

#[test]
fn unknown_formulation() {
    snapshot!(
        "unknown_formulation",
        error_of(
            format!("{HEADER}rule r (bigM): for (a, b) in orthogonal: v[a] != v[b]\n").as_bytes()
        )
    );
}

#[test]
fn unknown_relation() {
    snapshot!(
        "unknown_relation",
        error_of(format!("{HEADER}relation orth = orthogonl\n").as_bytes())
    );
}

#[test]
fn unknown_encoding() {
    snapshot!(
        "unknown_encoding",
        error_of(format!("{HEADER}encoding integers\n").as_bytes())
    );
}

// ---- sizes, data blocks and the lowering's limits ------------------------------------------

#[test]
fn grid_of_size_zero() {
    snapshot!("grid_too_small", error_of(b"grid 0x9\n"));
}

#[test]
fn grid_too_large() {
    snapshot!("grid_too_large", error_of(b"grid 300x300\n"));
}

#[test]
fn value_range_too_large() {
    snapshot!("values_too_large", error_of(b"grid 4x4\nvalues 1..5000\n"));
}

#[test]
fn boxes_without_a_grid_line() {
    snapshot!(
        "boxes_without_grid",
        error_of(b"boxes 3x3\nrule distinct rows\n")
    );
}

#[test]
fn number_too_large_in_a_rule() {
    snapshot!(
        "number_too_large",
        error_of(format!("{HEADER}rule r: v[r1c1] < 99999999999\n").as_bytes())
    );
}

#[test]
fn function_with_the_wrong_number_of_arguments() {
    snapshot!(
        "argument_count",
        error_of(format!("{HEADER}rule r: for c in cells: row(c, c) >= 1\n").as_bytes())
    );
}

#[test]
fn region_map_with_a_symbol_that_is_not_a_letter() {
    snapshot!(
        "bad_region_token",
        error_of(b"grid 2x2\nregions {\n  A ?\n  B B\n}\nrule distinct regions\n")
    );
}

#[test]
fn marks_row_of_wrong_length() {
    snapshot!(
        "marks_row_length",
        error_of(b"grid 2x2\nmarks {\n  X .\n  .\n}\n")
    );
}

#[test]
fn product_of_cell_values_over_many_cells() {
    // Five cells: too many for a table, and a product of two cell values is not linear.
    let model = format!("{HEADER}rule r: v[r1c1] * v[r1c2] + v[r1c3] + v[r1c4] + v[r1c5] == 20\n");
    snapshot!("unsupported_product", error_of(model.as_bytes()));
}

// ---- long lines and many mistakes ----------------------------------------------------------

#[test]
fn mistake_past_column_65535_is_shown_in_a_window_of_its_line() {
    // miette cannot draw a column past 65,535 (it panicked, exit 101): the line is cut to a
    // window around the span, `…` where text is left out; the header keeps the true column.
    let model = format!(
        "{HEADER}rule distinct rows, columns, boxes\nrule x: {}v[r1c1] == 10\n",
        " ".repeat(70_000)
    );
    let err = error_of(model.as_bytes());
    assert!(err.contains("╭─[model.sdk:4:70009]"), "{err}");
    snapshot!("long_line", err);
}

#[test]
fn span_across_a_long_line_is_shown_at_both_ends() {
    // A givens row of 35,000 cells: the span runs the whole line, shown by its two ends.
    let model = format!(
        "{HEADER}givens {{\n  {}\n{}}}\n",
        ". ".repeat(35_000),
        "  . . . . . . . . .\n".repeat(8)
    );
    snapshot!("long_span", error_of(model.as_bytes()));
}

#[test]
fn many_bad_givens_show_the_first_of_their_kind_and_count_the_rest() {
    // 20,000 givens out of range (100 rows of 200 in a 200x200 grid with values 1..9): the
    // first 20 are shown, then one line counts the rest; the summary counts them all.
    let mut model = String::from("grid 200x200\nvalues 1..9\ngivens {\n");
    for r in 0..200 {
        let cell = if r < 100 { "99" } else { "." };
        model.push_str(&format!("  {}\n", vec![cell; 200].join(" ")));
    }
    model.push_str("}\n");
    let err = error_of(model.as_bytes());
    // A window of 100 characters around the span (at the start of the line, 2 + 51 of them).
    let start = format!("  {}…", "99 ".repeat(17));
    let first = format!(
        "  × given `99` is 99, outside the values 1..9
   ╭─[model.sdk:4:3]
 3 │ givens {{
 4 │ {start}
   ·   ─┬
   ·    ╰── out of range
 5 │ {start}
   ╰────
"
    );
    assert!(err.starts_with(&first), "{}", &err[..2000.min(err.len())]);
    assert_eq!(err.matches("  × given `99` is 99").count(), 20);
    // The 20th, in column 60: characters 11 to 110 of its line, `…` on both sides.
    let window = format!("… {}…", "99 ".repeat(33));
    let last = format!(
        "  × given `99` is 99, outside the values 1..9
   ╭─[model.sdk:4:60]
 3 │ givens {{
 4 │ {window}
   ·                                                   ─┬
   ·                                                    ╰── out of range
 5 │ {window}
   ╰────
  … 19,980 more mistakes like the one above (not shown)
error: 20,000 mistakes in model.sdk
"
    );
    assert!(
        err.ends_with(&last),
        "{}",
        &err[err.len().saturating_sub(2000)..]
    );

    // `--json` lists the same: the 20 shown, then the line that counts the rest.
    let (_dir, out) = with_model(model.as_bytes(), &["run", "--json"]);
    assert_eq!(out.code, 3);
    let errors = json_errors(&out.stdout);
    assert_eq!(errors.len(), 21, "{errors:?}");
    assert_eq!(
        errors[0],
        "model.sdk:4:3: given `99` is 99, outside the values 1..9"
    );
    assert_eq!(
        errors[19],
        "model.sdk:4:60: given `99` is 99, outside the values 1..9"
    );
    assert_eq!(
        errors[20],
        "19,980 more mistakes like the one above (not shown)"
    );
}

#[test]
fn a_cell_repeated_8000_times_is_reported_briefly() {
    let model = format!("{HEADER}area a = {}\n", vec!["r1c1"; 8000].join(" "));
    let err = error_of(model.as_bytes());
    assert_eq!(
        err.matches("  × cell r1c1 is listed twice in this area")
            .count(),
        20
    );
    let first = format!(
        "  × cell r1c1 is listed twice in this area
   ╭─[model.sdk:3:15]
 2 │ boxes 3x3
 3 │ area a = {}…
   ·               ──┬─
   ·                 ╰── listed again
   ╰────
",
        "r1c1 ".repeat(11) + "r1"
    );
    assert!(err.starts_with(&first), "{}", &err[..2000.min(err.len())]);
    let last = format!(
        "  × cell r1c1 is listed twice in this area
   ╭─[model.sdk:3:110]
 2 │ boxes 3x3
 3 │ …c1 {}r1…
   ·                                                  ──┬─
   ·                                                    ╰── listed again
   ╰────
  … 7,979 more mistakes like the one above (not shown)
error: 7,999 mistakes in model.sdk
",
        "r1c1 ".repeat(19)
    );
    assert!(
        err.ends_with(&last),
        "{}",
        &err[err.len().saturating_sub(2000)..]
    );
}

/// A path that runs back over its own cells is one mistake, for its first repeated cell, and
/// its expansion stops past the grid's size: `r1c1-r256c256-` written 10,000 times once made
/// 5 million mistakes and 2 GB.
#[test]
fn a_path_over_cells_listed_before_is_one_mistake() {
    let model = format!("{HEADER}area a = {}r1c1\n", "r1c1-r9c9-".repeat(1000));
    let err = error_of(model.as_bytes());
    assert_eq!(err.matches("  × ").count(), 1, "{err}");
    assert!(
        err.starts_with("  × cell r8c8 is listed twice in this area\n   ╭─[model.sdk:3:10]\n"),
        "{err}"
    );
    assert!(err.ends_with("error: 1 mistake in model.sdk\n"), "{err}");
    let big = format!(
        "grid 256x256\narea a = {}r1c1\n",
        "r1c1-r256c256-".repeat(70_000)
    );
    let err = error_of(big.as_bytes());
    assert!(err.ends_with("error: 1 mistake in model.sdk\n"), "{err}");
}

#[test]
fn mistakes_of_other_kinds_are_shown_after_a_kind_is_cut_short() {
    // 30 repeated cells, then an unknown set: the cut is per kind, the unknown set still shows.
    let model = format!(
        "{HEADER}area a = {}\nrule distinct rows, colums\n",
        vec!["r1c1"; 31].join(" ")
    );
    let err = error_of(model.as_bytes());
    assert_eq!(
        err.matches("  × cell r1c1 is listed twice").count(),
        20,
        "{err}"
    );
    assert!(
        err.contains(
            "  … 10 more mistakes like the one above (not shown)\n  × unknown set `colums`"
        ),
        "{err}"
    );
    assert!(err.ends_with("error: 31 mistakes in model.sdk\n"), "{err}");
}

#[test]
fn a_set_listed_many_times_in_a_rule_counts_once() {
    let compile = |model: String| {
        let (_dir, out) = with_model(model.as_bytes(), &["compile", "-o", "-"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let once = compile(format!("{HEADER}rule distinct rows, columns\n"));
    let many = compile(format!(
        "{HEADER}rule distinct {}, cols\n",
        vec!["rows, columns"; 1600].join(", ")
    ));
    assert_eq!(once, many);
    // An unknown set named twice is one mistake.
    let err = error_of(format!("{HEADER}rule distinct colums, rows, colums\n").as_bytes());
    assert!(err.ends_with("error: 1 mistake in model.sdk\n"), "{err}");
}

// ---- defined rules and the standard library ------------------------------------------------

#[test]
fn call_with_too_few_arguments() {
    snapshot!(
        "call_argument_count",
        error_of(format!("{HEADER}rule cage(15)\n").as_bytes())
    );
}

#[test]
fn call_with_its_arguments_swapped() {
    // Both arguments are of the wrong kind: both are reported, each at its argument.
    let err = error_of(format!("{HEADER}rule cage(r1c1 r1c2, 15)\n").as_bytes());
    assert!(err.ends_with("error: 2 mistakes in model.sdk\n"), "{err}");
    snapshot!("call_arguments_swapped", err);
}

#[test]
fn call_with_a_number_where_a_cell_goes() {
    snapshot!(
        "call_number_for_cell",
        error_of(format!("{HEADER}rule arrow(5, r1c2 r1c3)\n").as_bytes())
    );
}

#[test]
fn call_with_a_list_where_a_cell_goes() {
    snapshot!(
        "call_list_for_cell",
        error_of(format!("{HEADER}rule white(r1c1 r1c2, r1c3)\n").as_bytes())
    );
}

#[test]
fn call_with_a_quantified_cell_where_cells_go() {
    snapshot!(
        "call_quantified_cell_for_cells",
        error_of(format!("{HEADER}rule r: for c in cells: cage(10, c)\n").as_bytes())
    );
}

#[test]
fn define_with_an_unknown_parameter_kind() {
    snapshot!(
        "define_unknown_kind",
        error_of(format!("{HEADER}define f(a: numbr, b: cell): v[b] == a\n").as_bytes())
    );
}

#[test]
fn define_with_a_parameter_named_twice() {
    snapshot!(
        "define_duplicate_parameter",
        error_of(format!("{HEADER}define f(a: number, a: cell): v[a] == 1\n").as_bytes())
    );
}

#[test]
fn define_of_a_name_defined_twice() {
    let err = error_of(
        format!(
            "{HEADER}define f(a: cell): v[a] == 1\ndefine f(b: cell): v[b] == 2\nrule f(r1c1)\n"
        )
        .as_bytes(),
    );
    assert!(err.contains("first defined here"), "{err}");
    snapshot!("define_twice", err);
}

#[test]
fn path_that_is_not_straight_in_a_call() {
    snapshot!(
        "path_not_straight",
        error_of(format!("{HEADER}rule thermo(r1c1-r2c3)\n").as_bytes())
    );
}

#[test]
fn path_from_a_cell_to_itself() {
    snapshot!(
        "path_same_cell",
        error_of(format!("{HEADER}rule thermo(r1c1-r1c1)\n").as_bytes())
    );
}

#[test]
fn path_corner_outside_the_grid_in_a_call() {
    snapshot!(
        "path_outside_call",
        error_of(format!("{HEADER}rule thermo(r1c1-r1c10)\n").as_bytes())
    );
}

#[test]
fn paths_in_an_area() {
    // A bent run and a corner outside the grid: each area's mistake at its place.
    let err = error_of(
        format!("{HEADER}area a = r1c1-r2c3\narea b = r0c1-r1c1\nrule distinct a, b\n").as_bytes(),
    );
    assert!(err.ends_with("error: 2 mistakes in model.sdk\n"), "{err}");
    snapshot!("path_in_area", err);
}

#[test]
fn define_that_calls_itself() {
    snapshot!(
        "recursive_define",
        error_of(format!("{HEADER}define f(c: cell): f(c)\nrule f(r1c1)\n").as_bytes())
    );
}

#[test]
fn define_that_calls_itself_through_another() {
    snapshot!(
        "recursive_define_indirect",
        error_of(
            format!(
                "{HEADER}define f(c: cell): g(c)\ndefine g(c: cell): v[c] > 1 and f(c)\nrule f(r1c1)\n"
            )
            .as_bytes()
        )
    );
}

#[test]
fn cage_total_no_cells_can_reach() {
    // Two cells of 1..9 sum to at most 18.
    snapshot!(
        "cage_total_out_of_range",
        error_of(format!("{HEADER}rule cage(100, r1c1 r1c2)\n").as_bytes())
    );
}

#[test]
fn little_killer_total_no_diagonal_can_reach() {
    snapshot!(
        "little_killer_out_of_range",
        error_of(format!("{HEADER}rule little_killer(r1c1-r2c2, 40)\n").as_bytes())
    );
}

#[test]
fn mistake_in_a_library_rule_names_the_library() {
    // A thermometer of one cell has no steps; the mistake is inside `thermo`, for this call.
    let err = error_of(format!("{HEADER}rule thermo(r1c1)\n").as_bytes());
    assert!(
        err.contains("in `thermo` (a rule of the standard library): "),
        "{err}"
    );
    snapshot!("library_rule_mistake", err);
}

#[test]
fn mistake_in_a_define_is_reported_once_at_its_first_call() {
    let err = error_of(
        format!("{HEADER}define f(c: cell): v[c] > x\nrule f(r1c1)\nrule f(r2c2)\n").as_bytes(),
    );
    assert_eq!(err.matches("  × ").count(), 1, "{err}");
    assert!(err.ends_with("error: 1 mistake in model.sdk\n"), "{err}");
    assert_eq!(
        err,
        "  × in `f`: unknown name `x`
   ╭─[model.sdk:4:6]
 2 │ boxes 3x3
 3 │ define f(c: cell): v[c] > x
   ·                           ┬
   ·                           ╰── not defined
 4 │ rule f(r1c1)
   ·      ───┬───
   ·         ╰── in this call
 5 │ rule f(r2c2)
   ╰────
error: 1 mistake in model.sdk
"
    );
    snapshot!("define_mistake_once", err);
}

#[test]
fn pos_of_a_cell_not_on_the_list() {
    snapshot!(
        "pos_not_on_list",
        error_of(format!("{HEADER}rule r: pos(r5c5, r1c1-r1c3) == 1\n").as_bytes())
    );
}

#[test]
fn misspelt_library_rule_is_suggested() {
    let err = error_of(format!("{HEADER}rule cagee(15, r1c1 r1c2)\n").as_bytes());
    assert!(err.contains("  help: did you mean `cage`?\n"), "{err}");
    snapshot!("unknown_rule", err);
}

#[test]
fn box_function_in_a_grid_without_boxes() {
    snapshot!(
        "box_without_boxes",
        error_of(b"grid 9x9\nrule r: for c in cells: box(c) > 0\n")
    );
}

#[test]
fn model_define_takes_the_place_of_the_library_rule() {
    // The model's `cage` has three parameters: a call with the library's two is counted
    // against the model's.
    let model = format!(
        "{HEADER}define cage(total: number, cells: cells, x: number): sum(c in cells: v[c]) == total\nrule cage(10, r1c1 r1c2)\n"
    );
    let err = error_of(model.as_bytes());
    assert!(err.contains("× `cage` takes 3 arguments, found 2"), "{err}");
    snapshot!("define_shadows_library", err);

    // And it is the model's rule that is solved: `odd` redefined as even. The library's odd
    // cells would hold 1 or 3.
    let solve = |model: &str| {
        let (_dir, out) = with_model(model.as_bytes(), &["run"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        common::printed_grid(&out.stdout)
    };
    let rules =
        "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule odd(r1c1)\nrule odd(r1c2)\n";
    let own = solve(&format!("define odd(c: cell): v[c] % 2 == 0\n{rules}"));
    assert!(own[0][0] % 2 == 0 && own[0][1] % 2 == 0, "{own:?}");
    let library = solve(rules);
    assert!(
        library[0][0] % 2 == 1 && library[0][1] % 2 == 1,
        "{library:?}"
    );
}

#[test]
fn quantifier_over_numbers_with_a_pair_of_names() {
    snapshot!(
        "numbers_pair_binder",
        error_of(format!("{HEADER}rule r: for (a, b) in {{1, 2}}: v[r1c1] != a\n").as_bytes())
    );
}

#[test]
fn range_whose_end_depends_on_the_grid() {
    snapshot!(
        "range_not_known",
        error_of(
            format!("{HEADER}rule r: for i in range(1, v[r1c1]): v[at(r1, i)] != 5\n").as_bytes()
        )
    );
}

#[test]
fn list_of_numbers_where_cells_go() {
    snapshot!(
        "numbers_for_cells",
        error_of(format!("{HEADER}rule thermo({{1, 2, 3}})\n").as_bytes())
    );
}

#[test]
fn at_outside_the_list() {
    snapshot!(
        "at_outside_list",
        error_of(format!("{HEADER}rule r: v[at(r1c1-r1c3, 4)] == 1\n").as_bytes())
    );
}

#[test]
fn define_named_like_a_builtin_function() {
    snapshot!(
        "define_builtin_name",
        error_of(format!("{HEADER}define first(c: cell): v[c] == 1\n").as_bytes())
    );
}

#[test]
fn a_set_of_numbers_summed_whole() {
    snapshot!(
        "numbers_summed_whole",
        error_of(format!("{HEADER}rule r: sum({{1, 2}}) == 3\n").as_bytes())
    );
}

/// A `numbers` parameter passed on to another rule is fine (the first call); a number where
/// a list of numbers goes is not.
#[test]
fn a_number_where_a_list_of_numbers_goes() {
    snapshot!(
        "number_for_numbers",
        error_of(
            format!(
                "{HEADER}define q2(c: cells, ds: numbers): quadruple(c, ds)\n\
                 rule q2(r1c1 r1c2 r2c1 r2c2, {{1, 2}})\nrule q2(r2c2 r2c3 r3c2 r3c3, 5)\n"
            )
            .as_bytes()
        )
    );
}

#[test]
fn at_with_a_place_that_depends_on_the_grid() {
    snapshot!(
        "at_place_not_known",
        error_of(format!("{HEADER}rule r: v[at(r1, v[r2c2])] == 1\n").as_bytes())
    );
}

#[test]
fn distinct_list_longer_than_the_values() {
    snapshot!(
        "distinct_list_too_long",
        error_of(format!("{HEADER}rule renban(r1c1-r1c9 r2c1)\n").as_bytes())
    );
}

/// A size past 64 bits is a number too large at its place, not a size quoted clamped (`a
/// 18446744073709551615x9 grid` named a size nobody wrote); so is a cell's row or column.
#[test]
fn sizes_past_64_bits_are_too_large_where_they_are_written() {
    assert_eq!(
        json_errors_of(b"grid 99999999999999999999x9\nrule distinct rows\n"),
        ["model.sdk:1:6: this number is too large"]
    );
    assert_eq!(
        json_errors_of(b"grid 9x9\nboxes 3x99999999999999999999\nrule distinct rows\n"),
        ["model.sdk:2:9: this number is too large"]
    );
    assert_eq!(
        json_errors_of(
            b"grid 9x9\nvalues 99999999999999999999..99999999999999999999\nrule distinct rows\n"
        ),
        [
            "model.sdk:2:8: this number is too large",
            "model.sdk:2:30: this number is too large"
        ]
    );
    // So is a cell's row or column, in a rule and in an area (`cell r18446744073709551615c1
    // is outside the 9x9 grid` named a cell nobody wrote; a review found it).
    assert_eq!(
        json_errors_of(
            b"grid 9x9\narea a = r1c1 r1c99999999999999999999\n\
              rule x: v[r99999999999999999999c1] == 1\nrule distinct rows\n"
        ),
        [
            "model.sdk:2:15: this number is too large",
            "model.sdk:3:11: this number is too large"
        ]
    );
}
