//! Every mistake a model can hold is reported with file:line:column, the source line, the span
//! underlined and a sentence that helps; exit code 3; never a panic. One snapshot per message.

mod common;
use common::with_model;

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
