//! How each kind of rule is encoded, on 4x4 models small enough to read: the LP text is a
//! snapshot, so a change to an encoding shows up in review. (Whether the encodings are right
//! is tests/soundness.rs's job.)

mod common;
use common::Sdkc;

const GRID: &str =
    "grid 4x4\nboxes 2x2\ngivens \"1...........4...\"\nrule distinct rows, columns, boxes\n";

/// The LP lines that belong to rule `name` (its rows and auxiliary columns), then `--stats`.
fn lp(name: &str, rules: &str, extra: &[&str]) -> String {
    let mut args = vec!["compile", "-o", "-", "--stats"];
    args.extend_from_slice(extra);
    args.push("model.sdk");
    let out = Sdkc::new()
        .model(&format!("{GRID}{rules}"))
        .args(&args)
        .run()
        .out;
    let prefix = format!("{name}_");
    // A rule's lines, with the continuation lines of its long rows.
    let mut own: Vec<&str> = Vec::new();
    let mut keeping = false;
    for line in out.stdout.lines() {
        keeping = line.contains(&prefix) || (keeping && line.starts_with("  "));
        if keeping {
            own.push(line);
        }
    }
    format!("{}\n--- stats ---\n{}", own.join("\n"), out.stderr)
}

#[test]
fn two_cell_rule_as_a_conflict_table() {
    snapshot!(
        "table.lp",
        lp(
            "nc",
            "rule nc: for (a, b) in orthogonal: |v[a] - v[b]| != 1\n",
            &[]
        )
    );
}

#[test]
fn two_cell_rule_as_forbidden_pairs() {
    snapshot!(
        "pairs.lp",
        lp(
            "nc",
            "rule nc (pairs): for (a, b) in orthogonal: |v[a] - v[b]| != 1\n",
            &[]
        )
    );
}

#[test]
fn two_cell_rule_with_big_m() {
    snapshot!(
        "bigm.lp",
        lp(
            "nc",
            "rule nc: for (a, b) in orthogonal: |v[a] - v[b]| >= 2\n",
            &["--formulation", "bigm"]
        )
    );
}

#[test]
fn one_cell_rule_removes_columns() {
    let out = Sdkc::new()
        .model(&format!("{GRID}rule odd: v[r1c2] != 2 and v[r1c2] != 4\n"))
        .args(&["compile", "-o", "-", "model.sdk"])
        .run()
        .out;
    assert!(
        out.stdout.contains(" r1c2: x_r1c2_3 = 1\n"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("odd_"),
        "no row for a one-cell rule: {}",
        out.stdout
    );
}

#[test]
fn ndistinct_with_auxiliaries() {
    snapshot!(
        "ndistinct.lp",
        lp("nd", "rule nd: ndistinct(king(r2c2)) == v[r3c3] + 1\n", &[])
    );
}

#[test]
fn sum_is_one_linear_row() {
    let text = lp(
        "cage",
        "rule cage: sum(c in cells where row(c) == 2: v[c]) == 10\n",
        &[],
    );
    // Four cells: too many for a table; the sum is one equality row over the one-hot columns.
    assert_eq!(text.matches(" cage_").count(), 1, "{text}");
    assert!(
        text.contains(" cage_1: 2 x_r2c1_2 + 3 x_r2c1_3 + 2 x_r2c2_2"),
        "{text}"
    );
}

#[test]
fn integer_cells() {
    let ran = Sdkc::new()
        .model("grid 4x4\nboxes 2x2\nencoding integer\ngivens \"1...............\"\nrule distinct rows, columns, boxes\n")
        .args(&["compile", "-o", "-", "model.sdk"])
        .run();
    snapshot!("integer.lp", ran.out.stdout);
}

#[test]
fn membership_of_one_cell_removes_columns() {
    // r1c2 is 2, 3 or 4 (r1c1 is the given 1); `in {1, 3}` leaves 3, and writes no row.
    let out = Sdkc::new()
        .model(&format!("{GRID}rule odd: v[r1c2] in {{1, 3}}\n"))
        .args(&["compile", "-o", "-", "model.sdk"])
        .run()
        .out;
    assert!(
        out.stdout.contains(" r1c2: x_r1c2_3 = 1\n"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("odd_"), "{}", out.stdout);
}

#[test]
fn remainder_of_each_cell_is_a_weighted_row() {
    // `v[c] % 3` of a one-hot cell is its columns weighted by 1, 2, 0, 1 (a weight 0 drops
    // the column): one row, no auxiliary column.
    let text = lp(
        "m",
        "rule m: sum(c in cells where row(c) == 2: v[c] % 3) == 4\n",
        &[],
    );
    assert_eq!(text.matches(" m_").count(), 1, "{text}");
    assert!(
        text.contains(" m_1: 2 x_r2c1_2 + 2 x_r2c2_2 + x_r2c2_4 + x_r2c3_1"),
        "{text}"
    );
    assert!(!text.contains("m_q") && !text.contains("m_r"), "{text}");
}

#[test]
fn remainder_of_a_sum_with_integer_columns() {
    snapshot!(
        "remainder.lp",
        lp(
            "m",
            "rule m: sum(c in cells where row(c) == 2: col(c) * v[c]) % 5 == 1\n",
            &[]
        )
    );
}

#[test]
fn membership_of_a_sum_picks_a_range() {
    snapshot!(
        "membership.lp",
        lp(
            "s",
            "rule s: sum(c in cells where col(c) == 2: row(c) * v[c]) not in {15..22, 25}\n",
            &[]
        )
    );
}
