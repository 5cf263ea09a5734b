#!/usr/bin/env python3
"""Compare encodings of seed 001's fancy board (Part 65) on CBC and HiGHS: the experiment
behind sdkc's `ndistinct` and pivot encodings (README, "Seed examples").

Writes one CPLEX-LP file per formulation (independently of sdkc, so that formulations sdkc
no longer writes can still be measured), runs `cbc FILE -solve` and `highs FILE` on each
(best of --runs, --time-limit seconds), checks the grid against the published solution, and
prints a Markdown table. Every variant but the first folds the `ndistinct` instances that
the distinct rules make constant (no pair of neighbours that may be equal) and takes the
range of the others from the pairs that may be equal; the first ignores the distinct rules,
as sdkc did before.

  ndistinct  y     y_k >= x[c,k], y_k <= sum_c x[c,k]; count = sum_k y_k
             pairs count = |S| - sum [a == b] + sum [a == b == c] over the pairs (triples) that
                   may be equal, [a == b] by per-value product columns (continuous)
  + marked   z     a binary per pair of neighbours, each with a guarded conflict table
             pivot x[c,k] <= sum over the pairs of pair-table columns p[i,j] with i + j = k
  + negated  conflict  x[c,k] + x[a,i] + x[b,k-i] <= 2
             table     p-table columns: sum_{i+j=k} p[i,j] + x[c,k] <= 1
  equal pairs come from the pair tables too in "tables everywhere".

Usage: bench/fancy_formulations.py [--runs K] [--time-limit S]
"""
import argparse, itertools, os, re, subprocess, tempfile, time

BOARD = """. . X + O . + . .
. + . . +O O . + +
. + . X + . . . .
X + . . + X . . .
+ . . + + . + X O
. X X + . + . + .
+O . + X . . + +O .
. + . . X + X + X
+O X . . + . O . ."""
SOLUTION = "962753814451286739783491526295674183817932645634518297548327961176849352329165478"
MARKS = [line.split() for line in BOARD.split("\n")]
V = range(1, 10)
CELLS = [(r, c) for r in range(9) for c in range(9)]

VARIANTS = [
    # name, ndistinct, + marked, + negated, fold constant counts and use the pairs' range
    ("y, z, conflict; no folding (sdkc before)", "y", "z", "conflict", False),
    ("y, z, conflict", "y", "z", "conflict", True),
    ("pairs, z, conflict", "pairs", "z", "conflict", True),
    ("y, pivot, conflict", "y", "pivot", "conflict", True),
    ("tables everywhere", "tables", "pivot", "table", True),
    ("pairs, pivot, conflict (sdkc)", "pairs", "pivot", "conflict", True),
]


def box(a):
    return (a[0] // 3) * 3 + a[1] // 3


def differ(a, b):
    return a[0] == b[0] or a[1] == b[1] or box(a) == box(b)


def inside(r, c):
    return 0 <= r < 9 and 0 <= c < 9


def around(a, steps):
    return [(a[0] + dr, a[1] + dc) for dr, dc in steps if inside(a[0] + dr, a[1] + dc)]


DIAG = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
ORTH = [(-1, 0), (0, -1), (0, 1), (1, 0)]


def model(nd, plus, neg, fold):
    dom = {a: set(V) for a in CELLS}
    inst = []
    for a in CELLS:
        m = MARKS[a[0]][a[1]]
        inst.append((a, around(a, DIAG), "X" in m))
        inst.append((a, around(a, KING), "O" in m))
    if fold:
        pe = lambda S: [(x, y) for x, y in itertools.combinations(S, 2) if not differ(x, y)]
    else:  # every pair may be equal, as far as the encoding knows
        pe = lambda S: list(itertools.combinations(S, 2))
    for a, S, pos in inst:  # constant counts fold into the domains
        if not pe(S):
            dom[a] = dom[a] & {len(S)} if pos else dom[a] - {len(S)}
    rows, cont, binv = [], [], []
    X = lambda a, k: f"x{a[0]}{a[1]}_{k}"
    counter = [0]

    def new(prefix, binary):
        counter[0] += 1
        name = f"{prefix}{counter[0]}"
        (binv if binary else cont).append(name)
        return name

    def row(terms, sense, rhs):
        text = " ".join(f"{'+' if k >= 0 else '-'} {abs(k)} {n}" for k, n in terms)
        rows.append(f"{text} {sense} {rhs}")

    for a in CELLS:
        binv.extend(X(a, k) for k in sorted(dom[a]))
        row([(1, X(a, k)) for k in sorted(dom[a])], "=", 1)
    units = [[(r, c) for c in range(9)] for r in range(9)] + [[(r, c) for r in range(9)] for c in range(9)]
    units += [[(br * 3 + i, bc * 3 + j) for i in range(3) for j in range(3)] for br in range(3) for bc in range(3)]
    for u in units:
        for k in V:
            row([(1, X(a, k)) for a in u if k in dom[a]], "=", 1)
    tables = {}

    def table(a, b):
        key = (min(a, b), max(a, b))
        if key not in tables:
            a, b = key
            t = {(i, j): new("p", False) for i in sorted(dom[a]) for j in sorted(dom[b])
                 if not (differ(a, b) and i == j)}
            for i in sorted(dom[a]):
                row([(1, n) for (p, q), n in t.items() if p == i] + [(-1, X(a, i))], "=", 0)
            for j in sorted(dom[b]):
                row([(1, n) for (p, q), n in t.items() if q == j] + [(-1, X(b, j))], "=", 0)
            tables[key] = (key, t)
        return tables[key]

    equal = {}

    def same(a, b):  # [a == b] as a list of columns
        key = (min(a, b), max(a, b))
        if nd == "tables":
            (p, q), t = table(*key)
            return [n for (i, j), n in t.items() if i == j]
        if key not in equal:
            cols = []
            for k in sorted(dom[a] & dom[b]):
                w = new("w", False)
                row([(1, w), (-1, X(a, k))], "<=", 0)
                row([(1, w), (-1, X(b, k))], "<=", 0)
                row([(1, w), (-1, X(a, k)), (-1, X(b, k))], ">=", -1)
                cols.append(w)
            equal[key] = cols
        return equal[key]

    for a, S, pos in inst:
        pairs = pe(S)
        if not pairs:
            continue
        triples = [t for t in itertools.combinations(S, 3) if all(not differ(x, y) for x, y in itertools.combinations(t, 2))]
        lo, hi = len(S) - len(pairs) + len(triples), len(S)
        lo = max(lo, 1) if fold else 1
        if nd == "y":
            count, constant = [], 0
            for k in V:
                cs = [X(x, k) for x in S if k in dom[x]]
                if cs:
                    y = new("y", True)
                    for cx in cs:
                        row([(1, y), (-1, cx)], ">=", 0)
                    row([(1, y)] + [(-1, cx) for cx in cs], "<=", 0)
                    count.append((1, y))
        else:
            count, constant = [], len(S)
            for x, y in pairs:
                count += [(-1, n) for n in same(x, y)]
            for x, y, z in triples:
                t = new("t", False)
                exy, eyz = same(x, y), same(y, z)
                row([(1, t)] + [(-1, n) for n in exy], "<=", 0)
                row([(1, t)] + [(-1, n) for n in eyz], "<=", 0)
                row([(1, t)] + [(-1, n) for n in exy + eyz], ">=", -1)
                count.append((1, t))
        if pos:
            for k in list(dom[a]):
                if not lo <= k <= hi:
                    row([(1, X(a, k))], "=", 0)
            row([(k, X(a, k)) for k in sorted(dom[a])] + [(-k, n) for k, n in count], "=", constant)
        else:
            ind = {j: new("n", True) for j in range(lo, hi + 1)}
            row([(1, n) for n in ind.values()], "=", 1)
            row([(j, n) for j, n in ind.items()] + [(-k, n) for k, n in count], "=", constant)
            for j, n in ind.items():
                if j in dom[a]:
                    row([(1, X(a, j)), (1, n)], "<=", 1)
    for a in CELLS:
        pairs = list(itertools.combinations(around(a, ORTH), 2))
        if "+" in MARKS[a[0]][a[1]]:
            if plus == "z":
                zs = []
                for x, y in pairs:
                    z = new("z", True)
                    zs.append((1, z))
                    for i in sorted(dom[x]):
                        for j in sorted(dom[y]):
                            if differ(x, y) and i == j:
                                continue
                            bad = [(1, X(a, k)) for k in sorted(dom[a]) if k != i + j]
                            if bad:
                                row([(1, z), (1, X(x, i)), (1, X(y, j))] + bad, "<=", 3)
                row(zs, ">=", 1)
            else:
                for k in sorted(dom[a]):
                    terms = [(1, X(a, k))]
                    for x, y in pairs:
                        terms += [(-1, n) for (i, j), n in table(x, y)[1].items() if i + j == k]
                    row(terms, "<=", 0)
        else:
            for x, y in pairs:
                for k in sorted(dom[a]):
                    if neg == "table":
                        t = [(1, n) for (i, j), n in table(x, y)[1].items() if i + j == k]
                        if t:
                            row([(1, X(a, k))] + t, "<=", 1)
                    else:
                        for i in sorted(dom[x]):
                            if k - i in dom[y] and not (differ(x, y) and i == k - i):
                                row([(1, X(a, k)), (1, X(x, i)), (1, X(y, k - i))], "<=", 2)
    lines = ["Minimize", f" obj: 0 {binv[0]}", "Subject To"]
    lines += [f" r{i}: {r}" for i, r in enumerate(rows)]
    lines += ["Bounds"] + [f" 0 <= {c} <= 1" for c in cont]
    lines += ["Binaries"] + [f" {b}" for b in binv] + ["End"]
    return "\n".join(lines) + "\n", len(rows), len(cont) + len(binv)


def grid_from(values):
    g = ["?"] * 81
    for name, v in values:
        m = re.fullmatch(r"x(\d)(\d)_(\d)", name)
        if m and v > 0.5:
            g[int(m[1]) * 9 + int(m[2])] = m[3]
    return "".join(g)


def run_cbc(lp, sol, limit):
    t = time.perf_counter()
    out = subprocess.run(["cbc", lp, "-sec", str(limit), "-timeMode", "elapsed", "-solve", "-solu", sol],
                         capture_output=True, text=True).stdout
    t = time.perf_counter() - t
    nodes = re.search(r"Enumerated nodes:\s+(\d+)", out)
    text = open(sol).read().split("\n")
    if not text[0].startswith("Optimal"):
        return t, None, "time limit"
    vals = [(f[1], float(f[2])) for f in (l.split() for l in text[1:]) if len(f) >= 3]
    return t, int(nodes[1]) if nodes else 0, grid_from(vals)


def run_highs(lp, sol, limit, cwd):
    t = time.perf_counter()
    out = subprocess.run(["highs", "--model_file", lp, "--time_limit", str(limit), "--solution_file", sol],
                         capture_output=True, text=True, cwd=cwd).stdout
    t = time.perf_counter() - t
    nodes = re.search(r"^\s+Nodes\s+(\d+)", out, re.M)
    text = open(sol).read()
    if "\nOptimal\n" not in text[:40]:
        return t, None, "time limit"
    head, rest = text.split("# Columns", 1)[1].split("\n", 1)
    cols = rest.split("\n")[: int(head)]
    vals = [(l.rsplit(" ", 1)[0], float(l.rsplit(" ", 1)[1])) for l in cols]
    return t, int(nodes[1]) if nodes else None, grid_from(vals)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    a = ap.parse_args()
    print("| formulation | rows | columns | CBC s (nodes) | HiGHS s (nodes) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for name, nd, plus, neg, fold in VARIANTS:
            text, nrows, ncols = model(nd, plus, neg, fold)
            lp = os.path.join(d, "fancy.lp")
            open(lp, "w").write(text)
            cells = []
            for solver in ("cbc", "highs"):
                best = None
                for _ in range(a.runs):
                    sol = os.path.join(d, f"{solver}.sol")
                    t, nodes, grid = (run_cbc(lp, sol, a.time_limit) if solver == "cbc"
                                      else run_highs(lp, sol, a.time_limit, d))
                    if grid == "time limit":
                        best = "time limit"
                        break
                    assert grid == SOLUTION, f"{name} on {solver}: wrong grid {grid}"
                    if best is None or t < best[0]:
                        best = (t, nodes)
                cells.append(best if isinstance(best, str) else f"{best[0]:.2f} ({best[1]})")
            print(f"| {name} | {nrows} | {ncols} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
