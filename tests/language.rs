//! The language's arithmetic and set words, each on a puzzle with one known solution: `%` and
//! `/` (floor division by a constant), `in {...}` and `not in {...}`, and an implication whose
//! consequence can never hold. Every puzzle is proved unique by the builtin solver and by each
//! MIP solver, through the real binary, which must print the exact grid; the other
//! formulations (`bigm`, `encoding integer`) take the linear route with auxiliary columns.

mod common;
use common::Sdkc;

const SOLVERS: [&str; 4] = ["builtin", "highs", "cbc", "glpk"];

/// Prove `model` unique with `solver` (and `extra` options): exit 0, the grid printed is
/// `grid`, and stderr says the solver proved it.
fn unique(model: &str, solver: &str, extra: &[&str], grid: &str) {
    let mut args = vec!["run", "model.sdk", "--unique", "--solver", solver];
    args.extend_from_slice(extra);
    let ran = Sdkc::new().model(model).args(&args).stdout(grid).run();
    assert!(
        ran.out.stderr.starts_with(&format!(
            "unique: {solver} proved there is no other solution"
        )),
        "{solver} {extra:?}: {}",
        ran.out.stderr
    );
}

/// Modular pairs, high and low cells (`v[c] / 4` is 1 for 4..6), and the remainder and
/// quotient of the diagonals' sums (six cells: integer columns q and r in the MIP).
const ARITH: &str = "grid 6x6
boxes 2x3
givens \"...................2..1461..........\"
rule distinct rows, columns, boxes
rule mod1: (v[r3c5] + v[r4c5]) % 3 == 1
rule mod2: (v[r1c1] + v[r2c1]) % 3 == 1
rule mod3: (v[r6c3] + v[r6c4]) % 3 == 2
rule mod4: (v[r5c5] + v[r6c5]) % 3 == 0
rule half1: v[r5c1] / 4 == 1
rule half2: v[r5c4] / 4 == 0
rule half3: v[r1c1] / 4 == 0
rule half4: v[r5c5] / 4 == 1
rule diag: sum(c in diagonal: v[c]) % 4 == 1
rule anti: sum(c in antidiagonal: v[c]) / 5 == 3
";

const ARITH_GRID: &str = "\
3 4 6 | 5 2 1
1 5 2 | 4 6 3
------+------
4 6 1 | 2 3 5
5 2 3 | 6 1 4
------+------
6 1 5 | 3 4 2
2 3 4 | 1 5 6
";

#[test]
fn remainder_and_division_by_a_constant() {
    for solver in SOLVERS {
        unique(ARITH, solver, &[], ARITH_GRID);
    }
    // Every condition on the linear route: q and r columns, weighted one-hot sums.
    for solver in ["highs", "glpk"] {
        unique(ARITH, solver, &["--formulation", "bigm"], ARITH_GRID);
    }
    unique(
        &format!("encoding integer\n{ARITH}"),
        "highs",
        &[],
        ARITH_GRID,
    );
}

/// Rounding down, as in Python: -1 % 3 is 2 and -1 / 3 is -1 (truncation would say -1 and 0,
/// and leave no solution); 2 % -3 is -1, the only value 1..4 whose remainder by -3 is -1.
const FLOOR: &str = "grid 1x2
values 1..4
rule d: (v[r1c1] - v[r1c2]) % 3 == 2
rule q: (v[r1c1] - v[r1c2]) / 3 == -1
rule n: v[r1c2] % -3 == -1
";

#[test]
fn division_rounds_down_for_negative_numbers() {
    for solver in SOLVERS {
        unique(FLOOR, solver, &[], "1 2\n");
        unique(FLOOR, solver, &["--formulation", "bigm"], "1 2\n");
    }
    for solver in ["highs", "cbc", "glpk"] {
        unique(&format!("encoding integer\n{FLOOR}"), solver, &[], "1 2\n");
    }
}

/// Even and odd cells, kropki white dots as `v[a] - v[b] in {-1, 1}`, a cell in `{1..2, 6}`,
/// a pair whose sum is not 5..7, and the diagonal's sum in a set of ranges (binaries that
/// pick a range in the MIP).
const MEMBER: &str = "grid 6x6
boxes 2x3
givens \".....1...2.......3..41...........5..\"
rule distinct rows, columns, boxes
rule even1: v[r6c5] not in {1, 3, 5}
rule even2: v[r6c6] not in {1, 3, 5}
rule odd3: v[r6c1] in {1, 3, 5}
rule even4: v[r5c2] not in {1, 3, 5}
rule white1: v[r2c3] - v[r3c3] in {-1, 1}
rule white2: v[r3c5] - v[r3c6] in {-1, 1}
rule white3: v[r6c4] - v[r6c5] in {-1, 1}
rule low_or_six: v[r6c3] in {1..2, 6}
rule apart: v[r3c3] + v[r3c4] not in {5..7}
rule diag: sum(c in diagonal: v[c]) in {11, 16..17}
";

const MEMBER_GRID: &str = "\
2 6 5 | 4 3 1
4 1 3 | 2 5 6
------+------
1 5 2 | 6 4 3
6 3 4 | 1 2 5
------+------
5 4 6 | 3 1 2
3 2 1 | 5 6 4
";

#[test]
fn set_membership() {
    for solver in SOLVERS {
        unique(MEMBER, solver, &[], MEMBER_GRID);
    }
    for solver in ["highs", "cbc", "glpk"] {
        unique(MEMBER, solver, &["--formulation", "bigm"], MEMBER_GRID);
    }
}

/// No 1 next to a 4, said the way a setter thinks of it: a difference of 3 implies something
/// impossible (the values are 1..4). The rule is accepted and means `not`.
const NEVER: &str = "grid 4x4
boxes 2x2
givens \"12..............\"
rule distinct rows, columns, boxes
rule apart: for (a, b) in orthogonal: |v[a] - v[b]| == 3 => v[a] == 7
";

const NEVER_GRID: &str = "\
1 2 | 4 3
3 4 | 2 1
----+----
4 3 | 1 2
2 1 | 3 4
";

#[test]
fn a_consequence_that_can_never_hold_negates_the_condition() {
    for solver in SOLVERS {
        unique(NEVER, solver, &[], NEVER_GRID);
    }
    unique(NEVER, "highs", &["--formulation", "bigm"], NEVER_GRID);
    // The same puzzle written with `!=`.
    let plain = NEVER.replace("== 3 => v[a] == 7", "!= 3");
    unique(&plain, "builtin", &[], NEVER_GRID);
    // And the rule does the work: without it there are more solutions.
    let without = NEVER.replace("rule apart:", "# rule apart:");
    Sdkc::new()
        .model(&without)
        .args(&["run", "model.sdk", "--unique", "--solver", "builtin"])
        .status(10)
        .run();
}

/// Membership with integer cells (`encoding integer`): no one-hot columns to restrict, so a
/// cell's set is binaries that pick a range too.
const MEMBER_4X4: &str = "grid 4x4
boxes 2x2
givens \"1...............\"
rule distinct rows, columns, boxes
rule even: v[r1c2] in {2, 4}
rule white: v[r2c3] - v[r2c4] in {-1, 1}
rule far: v[r4c4] not in {2..3}
rule pair: v[r3c3] + v[r3c4] not in {3..5}
rule diag: sum(c in diagonal: v[c]) in {6, 10..11}
";

const MEMBER_4X4_GRID: &str = "\
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1
";

#[test]
fn set_membership_with_integer_cells() {
    for solver in SOLVERS {
        unique(MEMBER_4X4, solver, &[], MEMBER_4X4_GRID);
    }
    let integer = format!("encoding integer\n{MEMBER_4X4}");
    for solver in ["highs", "cbc", "glpk"] {
        unique(&integer, solver, &[], MEMBER_4X4_GRID);
    }
}

/// Quantifiers over numbers, unrolled: `range(a, b)` with ends known before solving,
/// `exists k in {...}`, `sum` and `count` over numbers, a `numbers` argument with a repeat
/// (`quadruple(..., {3, 3})`: two 3s among the four cells), `at` and `len` of rows.
const NUMBERS: &str = "grid 4x4
boxes 2x2
rule distinct rows, columns, boxes
rule inc: for i in range(1, len(r1) - 1): v[at(r1, i)] < v[at(r1, i + 1)]
rule quad: quadruple(r2c1 r2c2 r3c1 r3c2, {3, 3})
rule pick: exists k in {2, 3}: v[r4c4] == k
rule col: sum(d in {1, 2}: v[at(c1, d)]) == 5
rule odd: count(d in {1..4}: d % 2 == 1 and v[r3c1] == d) == 1
rule far: exists k in range(3, 4): v[at(r3, k)] == 1
rule two: for d in {2}: v[at(r2, len(r2))] == d
";

const NUMBERS_GRID: &str = "\
1 2 | 3 4
4 3 | 1 2
----+----
3 4 | 2 1
2 1 | 4 3
";

#[test]
fn quantifiers_over_numbers() {
    for solver in SOLVERS {
        unique(NUMBERS, solver, &[], NUMBERS_GRID);
    }
    unique(NUMBERS, "highs", &["--formulation", "bigm"], NUMBERS_GRID);
}

/// Models whose MIP file once broke a solver's reader (a fuzzing helper found them): integer
/// cells that no row names (no row at all: HiGHS and GLPK refused the empty `Subject To`; a
/// column in no row: CBC's LP reader failed and read no model), and a model whose cells the
/// `table` formulation fixes, infeasible, which GLPK solved as an LP and left `UNDEFINED`.
/// Every backend now gives the builtin search's answer.
#[test]
fn models_with_few_rows_reach_every_solver() {
    let no_rows = "grid 2x2\nvalues 0..1\nencoding integer\nrule q: v[r1c1] >= 0 or v[r1c2] == 1\n";
    let loose_columns = "grid 3x3
values 2..3
encoding integer
rule q1: (for c in cells: (count(b in diagonal(c): (v[b] not in {5})) <= v[r3c2]))
";
    let all_fixed = "grid 3x3
values 2..3
relation rr = offsets (1,2)
rule q2 (bigm): (for a in cells: (v[a] <= 2))
rule q3 (bigm): (for c in cells: ((v[c] % 3) < ndistinct(rr(c))))
";
    for solver in SOLVERS {
        let ran = Sdkc::new()
            .model(no_rows)
            .args(&["run", "model.sdk", "--count", "20", "--solver", solver])
            .status(10)
            .run();
        assert!(
            ran.out
                .stderr
                .contains(&format!("not unique: {solver} found exactly 16 solutions")),
            "{solver}: {}",
            ran.out.stderr
        );
        for (model, extra) in [
            (loose_columns, "--time-limit=60"),
            (all_fixed, "--formulation=table"),
        ] {
            let ran = Sdkc::new()
                .model(model)
                .args(&[
                    "run",
                    "model.sdk",
                    "--solver",
                    solver,
                    "--no-explain",
                    extra,
                ])
                .status(4)
                .run();
            assert!(
                ran.out.stderr.starts_with(&format!(
                    "the puzzle has no solution ({solver} proved it infeasible)"
                )),
                "{solver}: {}",
                ran.out.stderr
            );
        }
    }
}
