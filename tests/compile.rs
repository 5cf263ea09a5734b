//! `sdkc compile`: the LP and MPS text (snapshots), where it is written, that it is the same
//! bytes on every run, and that a failure never leaves a half-written file.

mod common;
use common::{Out, Sdkc, root};

fn compiled(example: &str, format: &str) -> String {
    Sdkc::new()
        .args(&[
            "compile",
            &format!("examples/{example}.sdk"),
            "--format",
            format,
            "-o",
            "-",
        ])
        .run()
        .out
        .stdout
}

/// `sdkc compile -o - EXTRA model.sdk` on `model`, in a fresh folder.
fn compiled_model(model: &str, extra: &[&str]) -> Out {
    let mut args = vec!["compile", "-o", "-"];
    args.extend_from_slice(extra);
    args.push("model.sdk");
    Sdkc::new().model(model).args(&args).run().out
}

#[test]
fn classic_lp() {
    snapshot!("classic.lp", compiled("classic", "lp"));
}

#[test]
fn classic_free_mps() {
    snapshot!("classic.mps", compiled("classic", "mps"));
}

#[test]
fn classic_fixed_mps() {
    let text = compiled("classic", "fixed-mps");
    // Fixed MPS: fields start at columns 2, 5, 15, 25, 40 and 50.
    let line = text
        .lines()
        .find(|l| l.contains("x_r1c3_1") && l.contains("r1c3"))
        .unwrap();
    assert_eq!(&line[4..12], "x_r1c3_1");
    assert_eq!(&line[14..18], "r1c3");
    assert_eq!(&line[24..25], "1");
    snapshot!("classic.fixed.mps", text);
}

#[test]
fn six_lp() {
    snapshot!("six.lp", compiled("six", "lp"));
}

#[test]
fn six_mps() {
    snapshot!("six.mps", compiled("six", "mps"));
}

#[test]
fn latin_square_without_boxes_and_with_zero_based_values() {
    let model = "puzzle \"Latin square 3x3, values 0..2\"\ngrid 3x3\nvalues 0..2\ngivens {\n  0 . .\n  . . .\n  . . 1\n}\nrule latin: distinct rows, columns\n";
    snapshot!("latin3.lp", compiled_model(model, &[]).stdout);
}

#[test]
fn user_areas_and_named_rules_name_their_rows() {
    let model = "grid 4x4\nboxes 2x2\narea corners = r1c1 r1c4 r4c1 r4c4\nrule distinct rows, columns, boxes\nrule corner: distinct corners\n";
    let out = compiled_model(model, &[]);
    assert!(
        out.stdout
            .contains(" corner_corners_1: x_r1c1_1 + x_r1c4_1 + x_r4c1_1 + x_r4c4_1 = 1\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains(" r1_1: x_r1c1_1 + x_r1c2_1 + x_r1c3_1 + x_r1c4_1 = 1\n")
    );
}

#[test]
fn an_area_smaller_than_the_value_set_gets_at_most_one() {
    let model =
        "grid 4x4\nboxes 2x2\narea pair = r1c1 r2c3\nrule distinct rows\nrule p: distinct pair\n";
    let out = compiled_model(model, &[]);
    assert!(
        out.stdout.contains(" p_pair_3: x_r1c1_3 + x_r2c3_3 <= 1\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn same_model_same_bytes() {
    for format in ["lp", "mps", "fixed-mps"] {
        let runs: Vec<String> = (0..3).map(|_| compiled("classic", format)).collect();
        assert_eq!(runs[0], runs[1]);
        assert_eq!(runs[1], runs[2]);
    }
    for format in ["lp", "mps"] {
        assert_eq!(compiled("sixteen", format), compiled("sixteen", format));
    }
}

#[test]
fn writes_next_to_the_model_by_default() {
    let classic = std::fs::read(root().join("examples/classic.sdk")).unwrap();
    let ran = Sdkc::new()
        .file("classic.sdk", &classic)
        .args(&["compile", "classic.sdk"])
        .stdout("")
        .stderr("wrote classic.lp (153 columns, 204 rows, 612 non-zeros)\n")
        .run();
    let dir = ran.path();
    assert_eq!(
        std::fs::read_to_string(dir.join("classic.lp")).unwrap(),
        compiled("classic", "lp")
    );
    Sdkc::new()
        .current_dir(&dir)
        .args(&["compile", "classic.sdk", "--format", "mps"])
        .run();
    assert_eq!(
        std::fs::read_to_string(dir.join("classic.mps")).unwrap(),
        compiled("classic", "mps")
    );
    Sdkc::new()
        .current_dir(&dir)
        .args(&["compile", "classic.sdk", "-o", "sub.lp"])
        .run();
    assert!(dir.join("sub.lp").exists());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["classic.lp", "classic.mps", "classic.sdk", "sub.lp"],
        "no temporary files left behind"
    );
}

#[test]
fn a_failed_write_leaves_the_old_file_untouched() {
    let long = "grid 10x10\nboxes 2x5\nrule distinct rows, columns, boxes\n";
    let ran = Sdkc::new()
        .file("m.sdk", long.as_bytes())
        .file("m.mps", b"previous contents\n")
        .args(&["compile", "m.sdk", "--format", "fixed-mps"])
        .status(3)
        .run();
    assert_eq!(
        std::fs::read_to_string(ran.path().join("m.mps")).unwrap(),
        "previous contents\n"
    );
    assert_eq!(std::fs::read_dir(ran.path()).unwrap().count(), 2);
}

#[test]
fn unwritable_output_is_an_io_error() {
    Sdkc::new()
        .args(&[
            "compile",
            "examples/classic.sdk",
            "-o",
            "/nonexistent-dir/x.lp",
        ])
        .status(1)
        .stderr(
            "error: cannot write /nonexistent-dir/x.lp: No such file or directory (os error 2)\n",
        )
        .run();
}

#[test]
fn stats_per_rule() {
    let dir = tempfile::tempdir().unwrap();
    Sdkc::new()
        .args(&[
            "compile",
            "examples/classic.sdk",
            "--stats",
            "-o",
            dir.path().join("c.lp").to_str().unwrap(),
        ])
        .stdout(
            "\
rule                    columns       rows   non-zeros
one value per cell          153         51         153
rows, columns, boxes          0        153         459
total                       153        204         612
",
        )
        .run();
    // With the model on stdout, the table goes to stderr.
    let out = Sdkc::new()
        .args(&["compile", "examples/classic.sdk", "--stats", "-o", "-"])
        .run()
        .out;
    assert!(out.stdout.starts_with("\\ Model: Classic (Wikipedia)\n"));
    assert!(out.stderr.contains("one value per cell          153"));
}

/// The lowering removes a given's value from every cell that shares an area with it, so no
/// column stands for a value a cell cannot take.
#[test]
fn no_column_for_an_impossible_value() {
    let lp = compiled("classic", "lp");
    // r1c3 sees 5,3,7 (row), 8 (column), 6,9 (box): it keeps 1, 2 and 4.
    assert!(lp.contains(" r1c3: x_r1c3_1 + x_r1c3_2 + x_r1c3_4 = 1\n"));
    assert!(!lp.contains("x_r1c1_"), "a given cell has no columns");
}

/// `ndistinct` knows what the distinct rules decide: r1c1's king neighbours on a 4x4 grid all
/// lie in its box, so they show 3 different values whatever the grid, and the rule becomes
/// "r1c1 is 3", a domain of one value and no rows at all.
#[test]
fn ndistinct_that_distinct_rules_fix_is_a_constant() {
    let model = "grid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\nrule k: ndistinct(king(r1c1)) == v[r1c1]\n";
    let out = compiled_model(model, &[]);
    assert!(
        out.stdout.contains(" r1c1: x_r1c1_3 = 1\n"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains(" k_"), "{}", out.stdout);
}

/// The tight encodings of issue 3, on one small model (the text of the LP is the reference):
/// - `ndistinct` over r2c2's diagonal neighbours, where only the two crossing pairs may be
///   equal: 4 - [r1c1 == r3c3] - [r1c3 == r3c1], with `same_` columns per common value, and
///   r2c2 narrowed to 2..4 before any row;
/// - `exists` a pair of r1c2's orthogonal neighbours summing to it: per value k of r1c2,
///   `x[r1c2,k] <= sum of the pair-table columns p[i,j] with i + j = k`, the tables tied to
///   the cells by `sum_j p[i,j] = x[a,i]` and `sum_i p[i,j] = x[b,j]` (no p[i,i] for r1c1
///   and r1c3, which share a row).
#[test]
fn tight_encodings_of_ndistinct_and_exists() {
    let model = "grid 4x4\nboxes 2x2\ngivens \"...............4\"\nrule distinct rows, columns, boxes\nrule x: ndistinct(diagonal(r2c2)) == v[r2c2]\nrule plus: exists (a, b) in orthogonal(r1c2): v[a] + v[b] == v[r1c2]\n";
    let out = compiled_model(model, &["--stats"]);
    snapshot!("encodings.lp", out.stdout);
    assert!(out.stderr.contains("plus "), "{}", out.stderr);
}

/// A two-cell rule that no equal pair satisfies keeps its cells apart as a distinct area does:
/// with anti-king, fewer of r3c3's king neighbours can repeat a value, so they show at least 4
/// different values (3 without), and r3c3, equal to that count, loses 3.
#[test]
fn a_rule_that_forbids_equal_values_narrows_ndistinct() {
    let base = "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\nrule o: ndistinct(king(r3c3)) == v[r3c3]\n";
    let out = compiled_model(base, &[]);
    assert!(
        out.stdout
            .contains(" r3c3: x_r3c3_3 + x_r3c3_4 + x_r3c3_5 + x_r3c3_6 + x_r3c3_7"),
        "{}",
        out.stdout
    );
    let anti_king = format!("{base}rule ak: for (a, b) in king: v[a] != v[b]\n");
    let out = compiled_model(&anti_king, &[]);
    assert!(
        out.stdout
            .contains(" r3c3: x_r3c3_4 + x_r3c3_5 + x_r3c3_6 + x_r3c3_7 + x_r3c3_8 = 1\n"),
        "{}",
        out.stdout
    );
}

/// `-o NAME.mps` writes MPS (the name says so); an explicit `--format` wins.
#[test]
fn the_format_follows_the_output_extension() {
    let dir = tempfile::tempdir().unwrap();
    let mps = dir.path().join("six.mps");
    Sdkc::new()
        .args(&["compile", "examples/six.sdk", "-o", mps.to_str().unwrap()])
        .run();
    assert_eq!(
        std::fs::read_to_string(&mps).unwrap(),
        compiled("six", "mps")
    );
    Sdkc::new()
        .args(&[
            "compile",
            "examples/six.sdk",
            "--format",
            "lp",
            "-o",
            mps.to_str().unwrap(),
        ])
        .run();
    let expected = Sdkc::new()
        .args(&["compile", "examples/six.sdk", "-o", "-"])
        .run()
        .out
        .stdout;
    assert_eq!(std::fs::read_to_string(&mps).unwrap(), expected);
}
