#!/usr/bin/env python3
"""Measure what proving a solution unique (`sdkc run --unique`) costs next to a plain solve.

1. Every example in examples/*.sdk on each solver (builtin, CBC, HiGHS): wall time of the
   `sdkc run` process (compile, write, solve, read back, check), best of --runs, for a plain
   run and for `run --unique`, and the ratio unique/single. Every run has --time-limit
   (default 60 s); a run that stops there prints "time limit".
2. The builtin solver on every puzzle of bench/hard9x9.txt (examples/classic.sdk with
   --givens), plain and --unique: the in-process "seconds" from the JSON, the search "nodes",
   and the process wall time (best of --runs; nodes from the same run), with the max and median
   over the set; then the same with --unique for the seed examples.

Usage: cargo build --release && python3 bench/unique.py --runs 3
       bench/unique.py [--runs K] [--time-limit S] [--bin PATH/TO/sdkc]
(uses target/release/sdkc unless --bin is given; it does not build.)
"""
import argparse, glob, json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVERS = ("builtin", "cbc", "highs")
SKIP = set()  # (example, solver) pairs not to run; none since issue 3
SEEDS = ("seed000-maxdiff", "seed001-fancy", "seed001-integer", "seed002-mindiff-cyclic")


def run(sdkc, model, solver, limit, unique=False, givens=None):
    """One `sdkc run --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--solver", solver, "--json", "--time-limit", str(limit)]
    if unique:
        args.append("--unique")
    if givens:
        args += ["--givens", givens]
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"sdkc gave no JSON ({' '.join(args)}): {p.stderr.strip()}")
    return wall, out


def best(sdkc, runs, *args, **kw):
    """Best of `runs`: (wall, in-process seconds, JSON of the fastest run by wall)."""
    results = [run(sdkc, *args, **kw) for _ in range(runs)]
    wall, out = min(results, key=lambda r: r[0])
    return wall, min(o.get("seconds", float("inf")) for _, o in results), out


def cell(wall, out, ok):
    if out["status"] == "time_limit":
        return "time limit"
    if out["status"] not in ok:
        return out["status"]
    return f"{wall:.3f}"


def hard_puzzles():
    path = os.path.join(ROOT, "bench", "hard9x9.txt")
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        grid, _, rest = line.partition(" ")
        name = rest.strip().split(" — ")[0]
        yield grid, name


def ms(s):
    return f"{s * 1000:.2f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "sdkc"))
    a = ap.parse_args()
    sdkc, lim = a.bin, a.time_limit
    if not os.path.exists(sdkc):
        sys.exit(f"{sdkc} not found: run `cargo build --release` or pass --bin")

    examples = sorted(glob.glob(os.path.join(ROOT, "examples", "*.sdk")))
    print(f"## Single solve vs --unique: process wall time, s (best of {a.runs})\n")
    head = "| example |" + "".join(f" {s} single | {s} unique | {s} ratio |" for s in SOLVERS)
    print(head)
    print("|---|" + "---|---|---|" * len(SOLVERS))
    for model in examples:
        name = os.path.basename(model)[:-4]
        row = [name]
        for solver in SOLVERS:
            if (name, solver) in SKIP:
                row += ["—", "—", "—"]
                continue
            w1, _, o1 = best(sdkc, a.runs, model, solver, lim)
            wu, _, ou = best(sdkc, a.runs, model, solver, lim, unique=True)
            c1, cu = cell(w1, o1, ("solved",)), cell(wu, ou, ("unique",))
            ratio = f"{wu / w1:.2f}" if o1["status"] == "solved" and ou["status"] == "unique" else "—"
            row += [c1, cu, ratio]
        print("| " + " | ".join(row) + " |", flush=True)

    classic = os.path.join(ROOT, "examples", "classic.sdk")
    print(f"\n## Builtin on bench/hard9x9.txt (classic.sdk --givens): ms, best of {a.runs}\n")
    print("| puzzle | single s (ms) | single nodes | unique s (ms) | unique nodes | unique wall (ms) | status |")
    print("|---|---|---|---|---|---|---|")
    cols = {k: [] for k in ("s1", "n1", "su", "nu", "wu")}
    for grid, name in hard_puzzles():
        _, s1, o1 = best(sdkc, a.runs, classic, "builtin", lim, givens=grid)
        wu, su, ou = best(sdkc, a.runs, classic, "builtin", lim, unique=True, givens=grid)
        for k, v in (("s1", s1), ("n1", o1.get("nodes", 0)), ("su", su),
                     ("nu", ou.get("nodes", 0)), ("wu", wu)):
            cols[k].append(v)
        status = "time limit" if ou["status"] == "time_limit" else ou["status"]
        print(f"| {name} | {ms(s1)} | {o1.get('nodes')} | {ms(su)} | {ou.get('nodes')} | "
              f"{ms(wu)} | {status} |", flush=True)
    for label, f in (("**max**", max), ("**median**", statistics.median)):
        print(f"| {label} | {ms(f(cols['s1']))} | {f(cols['n1']):g} | {ms(f(cols['su']))} | "
              f"{f(cols['nu']):g} | {ms(f(cols['wu']))} | |")

    print(f"\n## Builtin --unique on the seed examples: ms, best of {a.runs}\n")
    print("| example | unique s (ms) | unique nodes | unique wall (ms) | status |")
    print("|---|---|---|---|---|")
    secs, nodes, walls = [], [], []
    for name in SEEDS:
        model = os.path.join(ROOT, "examples", name + ".sdk")
        wu, su, ou = best(sdkc, a.runs, model, "builtin", lim, unique=True)
        secs.append(su), nodes.append(ou.get("nodes", 0)), walls.append(wu)
        status = "time limit" if ou["status"] == "time_limit" else ou["status"]
        print(f"| {name} | {ms(su)} | {ou.get('nodes')} | {ms(wu)} | {status} |", flush=True)
    for label, f in (("**max**", max), ("**median**", statistics.median)):
        print(f"| {label} | {ms(f(secs))} | {f(nodes):g} | {ms(f(walls))} | |")


if __name__ == "__main__":
    main()
