#!/usr/bin/env python3
"""Measure what proving a solution unique (`sdkc run --unique`) costs next to a plain solve.

1. Every example in examples/*.sdk on each solver (builtin, CBC, HiGHS, GLPK): wall time of
   the `sdkc run` process (compile, write, solve, read back, check), best of --runs, for a
   plain run and for `run --unique`, and the ratio unique/single; then which backend was
   fastest, and which MIP solver. Every run has --time-limit (default 60 s); a run that stops
   there prints "time limit" and is not repeated, nor is one that took over --long seconds
   (such a cell is marked "(1 run)").
2. The builtin solver on every puzzle of bench/hard9x9.txt (examples/classic.sdk with
   --givens), plain and --unique: the in-process "seconds" from the JSON, the search nodes
   (`statistics.nodes` of `-s`),
   and the process wall time (best of --runs; nodes from the same run), with the max and median
   over the set; then the same with --unique for the seed examples.

Usage: cargo build --release && python3 bench/unique.py --runs 3
       bench/unique.py [--runs K] [--time-limit S] [--long S] [--bin PATH/TO/sdkc]
                       [--solvers builtin,cbc,highs,glpk]
(uses --bin, else $SDKC_BIN, else target/release/sdkc; it does not build. The hard 9x9 list on
every backend: bench/solvers.py.)
"""
import argparse, glob, json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVERS = ("builtin", "cbc", "highs", "glpk")
SKIP = set()  # (example, solver) pairs not to run; none since issue 3
# the README's command examples: three.sdk has 3 solutions, noway.sdk none
NOT_UNIQUE = {"three", "noway"}
SEEDS = ("seed000-maxdiff", "seed001-fancy", "seed001-integer", "seed002-mindiff-cyclic")


def run(sdkc, model, solver, limit, unique=False, givens=None):
    """One `sdkc run -s --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--solver", solver, "--json", "-s", "--time-limit", str(limit)]
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


LONG = 20.0  # --long: a run that took longer than this (s) is not repeated


def best(sdkc, runs, *args, **kw):
    """Best of `runs` (fewer after a time limit or a run over LONG s): (wall, in-process
    seconds, JSON of the fastest run by wall, number of runs)."""
    results = []
    for _ in range(runs):
        results.append(run(sdkc, *args, **kw))
        wall, out = results[-1]
        if out["status"] in ("time_limit", "error") or wall > LONG:
            break
    wall, out = min(results, key=lambda r: r[0])
    return wall, min(o.get("seconds", float("inf")) for _, o in results), out, len(results)


def nodes(out):
    return (out.get("statistics") or {}).get("nodes")


def cell(wall, out, ok, k=None, runs=None):
    if out["status"] == "time_limit":
        return "time limit"
    if out["status"] not in ok:
        return out["status"]
    return f"{wall:.3f}" + (" (1 run)" if k is not None and k < runs else "")


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


NAMES = {"builtin": "builtin", "cbc": "CBC", "highs": "HiGHS", "glpk": "GLPK"}


def fastest(times):
    """The backend with the least wall time among those that answered, and its time."""
    done = {s: t for s, t in times.items() if t is not None}
    if not done:
        return "—"
    s = min(done, key=done.get)
    return f"{NAMES[s]} {done[s]:.3f}"


def main():
    global LONG
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--long", type=float, default=LONG)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN")
                    or os.path.join(ROOT, "target", "release", "sdkc"))
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    a = ap.parse_args()
    sdkc, lim, LONG = a.bin, a.time_limit, a.long
    solvers = a.solvers.split(",")
    if not os.path.exists(sdkc):
        sys.exit(f"{sdkc} not found: run `cargo build --release` or pass --bin")

    examples = [m for m in sorted(glob.glob(os.path.join(ROOT, "examples", "*.sdk")))
                if os.path.basename(m)[:-4] not in NOT_UNIQUE]
    print(f"## Single solve vs --unique: process wall time, s (best of {a.runs})\n")
    head = "| example |" + "".join(f" {NAMES[s]} | {NAMES[s]} `--unique` | ratio |" for s in solvers)
    print(head + " fastest | fastest `--unique` | fastest MIP | fastest MIP `--unique` |")
    print("|---|" + "---|---|---|" * len(solvers) + "---|---|---|---|")
    for model in examples:
        name = os.path.basename(model)[:-4]
        row, single, uniq = [name], {}, {}
        for solver in solvers:
            if (name, solver) in SKIP:
                row += ["—", "—", "—"]
                continue
            w1, _, o1, k1 = best(sdkc, a.runs, model, solver, lim)
            wu, _, ou, ku = best(sdkc, a.runs, model, solver, lim, unique=True)
            ok1, oku = ("solved",), ("unique",)
            c1, cu = cell(w1, o1, ok1, k1, a.runs), cell(wu, ou, oku, ku, a.runs)
            single[solver] = w1 if o1["status"] in ok1 else None
            uniq[solver] = wu if ou["status"] in oku else None
            ratio = f"{wu / w1:.2f}" if single[solver] and uniq[solver] else "—"
            row += [c1, cu, ratio]
        mip = lambda d: {s: t for s, t in d.items() if s != "builtin"}
        row += [fastest(single), fastest(uniq), fastest(mip(single)), fastest(mip(uniq))]
        print("| " + " | ".join(row) + " |", flush=True)

    if "builtin" not in solvers:
        return
    classic = os.path.join(ROOT, "examples", "classic.sdk")
    print(f"\n## Builtin on bench/hard9x9.txt (classic.sdk --givens): ms, best of {a.runs}\n")
    print("| puzzle | single s (ms) | single nodes | unique s (ms) | unique nodes | unique wall (ms) | status |")
    print("|---|---|---|---|---|---|---|")
    cols = {k: [] for k in ("s1", "n1", "su", "nu", "wu")}
    for grid, name in hard_puzzles():
        _, s1, o1, _ = best(sdkc, a.runs, classic, "builtin", lim, givens=grid)
        wu, su, ou, _ = best(sdkc, a.runs, classic, "builtin", lim, unique=True, givens=grid)
        for k, v in (("s1", s1), ("n1", nodes(o1) or 0), ("su", su),
                     ("nu", nodes(ou) or 0), ("wu", wu)):
            cols[k].append(v)
        status = "time limit" if ou["status"] == "time_limit" else ou["status"]
        print(f"| {name} | {ms(s1)} | {nodes(o1)} | {ms(su)} | {nodes(ou)} | "
              f"{ms(wu)} | {status} |", flush=True)
    for label, f in (("**max**", max), ("**median**", statistics.median)):
        print(f"| {label} | {ms(f(cols['s1']))} | {f(cols['n1']):g} | {ms(f(cols['su']))} | "
              f"{f(cols['nu']):g} | {ms(f(cols['wu']))} | |")

    print(f"\n## Builtin --unique on the seed examples: ms, best of {a.runs}\n")
    print("| example | unique s (ms) | unique nodes | unique wall (ms) | status |")
    print("|---|---|---|---|---|")
    secs, counts, walls = [], [], []
    for name in SEEDS:
        model = os.path.join(ROOT, "examples", name + ".sdk")
        wu, su, ou, _ = best(sdkc, a.runs, model, "builtin", lim, unique=True)
        secs.append(su), counts.append(nodes(ou) or 0), walls.append(wu)
        status = "time limit" if ou["status"] == "time_limit" else ou["status"]
        print(f"| {name} | {ms(su)} | {nodes(ou)} | {ms(wu)} | {status} |", flush=True)
    for label, f in (("**max**", max), ("**median**", statistics.median)):
        print(f"| {label} | {ms(f(secs))} | {f(counts):g} | {ms(f(walls))} | |")


if __name__ == "__main__":
    main()
