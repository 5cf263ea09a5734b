#!/usr/bin/env python3
"""Compare the long form of each published variant puzzle (examples/variants/NAME.sdk) with its
library form (examples/library/NAME.sdk: the clues as calls to library/standard.sdk); then time
the family examples that exist only in library form.

For each puzzle: the size of both files (lines of model: not blank, not a comment; and all
lines), then `sdkc run --unique -s --json` on both forms with the builtin search and with
HiGHS: the in-process "seconds" of the JSON (best of --runs) and the search nodes
(`statistics.nodes`, from the fastest run), and whether the two forms found the same grid.
Every run has --time-limit (default 60 s); a run that stops there prints "time limit" and is
not repeated, nor is one that took over --long seconds.

Usage: cargo build --release && python3 bench/library.py --runs 3
       bench/library.py [--runs K] [--time-limit S] [--long S] [--bin PATH/TO/sdkc]
                        [--solvers builtin,highs] [--only NAME,NAME]
(uses --bin, else $SDKC_BIN, else target/release/sdkc; it does not build.)
"""
import argparse, glob, json, os, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = {"builtin": "builtin", "cbc": "CBC", "highs": "HiGHS", "glpk": "GLPK"}
LONG = 20.0  # --long: a run that took longer than this (s) is not repeated


def lines(path):
    """(lines of model, all lines): a line of model is neither blank nor only a comment."""
    text = open(path, encoding="utf-8").read().splitlines()
    code = [l for l in text if l.strip() and not l.strip().startswith("#")]
    return len(code), len(text)


def run(sdkc, model, solver, limit):
    """One `sdkc run --unique -s --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--solver", solver, "--unique", "--json", "-s",
            "--time-limit", str(limit)]
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t
    try:
        return wall, json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"sdkc gave no JSON ({' '.join(args)}): {p.stderr.strip()}")


def best(sdkc, runs, model, solver, limit):
    """The fastest of `runs` runs by in-process seconds (fewer after a time limit, an error
    or a run over LONG s): (JSON of that run, number of runs)."""
    results = []
    for _ in range(runs):
        wall, out = run(sdkc, model, solver, limit)
        results.append(out)
        if out["status"] in ("time_limit", "error") or wall > LONG:
            break
    return min(results, key=lambda o: o.get("seconds") or float("inf")), len(results)


def cell(out, k, runs):
    """`seconds / nodes`, or what stopped the run."""
    status = out["status"]
    if status == "time_limit":
        return "time limit"
    if status != "unique":
        return status
    nodes = (out.get("statistics") or {}).get("nodes")
    once = " (1 run)" if k < runs else ""
    return f"{out['seconds']:.2f} / {nodes}{once}"


def main():
    global LONG
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--long", type=float, default=LONG)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN")
                    or os.path.join(ROOT, "target", "release", "sdkc"))
    ap.add_argument("--solvers", default="builtin,highs")
    ap.add_argument("--only", default="", help="comma-separated puzzle names")
    a = ap.parse_args()
    sdkc, lim, LONG = a.bin, a.time_limit, a.long
    solvers = a.solvers.split(",")
    if not os.path.exists(sdkc):
        sys.exit(f"{sdkc} not found: run `cargo build --release` or pass --bin")
    # the library forms with a long form (examples/library/ also holds puzzles without one)
    names = sorted(os.path.basename(p)[:-4]
                   for p in glob.glob(os.path.join(ROOT, "examples", "library", "*.sdk"))
                   if os.path.exists(os.path.join(ROOT, "examples", "variants",
                                                  os.path.basename(p))))
    if a.only:
        names = [n for n in names if n in a.only.split(",")]

    print(f"## Long form vs library form: lines, and `run --unique` seconds / nodes "
          f"(best of {a.runs}, time limit {lim:g} s)\n")
    head = "| puzzle | lines long | lines library |"
    rule = "|---|---|---|"
    for s in solvers:
        head += f" {NAMES[s]} long | {NAMES[s]} library |"
        rule += "---|---|"
    print(head + " same grid |")
    print(rule + "---|")
    totals = [0, 0, 0, 0]
    for name in names:
        long_path = os.path.join(ROOT, "examples", "variants", name + ".sdk")
        lib_path = os.path.join(ROOT, "examples", "library", name + ".sdk")
        (lc, lt), (bc, bt) = lines(long_path), lines(lib_path)
        for i, v in enumerate((lc, lt, bc, bt)):
            totals[i] += v
        row = [name, f"{lc} ({lt})", f"{bc} ({bt})"]
        grids = set()
        for s in solvers:
            for path in (long_path, lib_path):
                out, k = best(sdkc, a.runs, path, s, lim)
                row.append(cell(out, k, a.runs))
                if out["status"] == "unique":
                    grids.add(json.dumps(out["grids"][0]))
        row.append("yes" if len(grids) == 1 else ("—" if not grids else "NO"))
        print("| " + " | ".join(row) + " |", flush=True)
    print(f"| **total** | {totals[0]} ({totals[1]}) | {totals[2]} ({totals[3]}) |"
          + " |" * (2 * len(solvers)) + " |")
    print("\nlines: lines of model (not blank, not a comment), all lines in brackets; "
          "a solver cell: in-process seconds / search nodes of `run --unique -s`.")

    # The family examples that exist only in library form.
    only = sorted(os.path.basename(p)[:-4]
                  for p in glob.glob(os.path.join(ROOT, "examples", "library", "*.sdk"))
                  if not os.path.exists(os.path.join(ROOT, "examples", "variants",
                                                     os.path.basename(p))))
    if a.only:
        only = [n for n in only if n in a.only.split(",")]
    if not only:
        return
    print(f"\n## Family examples (library form only): lines, and `run --unique` seconds / nodes\n")
    print("| puzzle | lines |" + "".join(f" {NAMES[s]} |" for s in solvers))
    print("|---|---|" + "---|" * len(solvers))
    for name in only:
        path = os.path.join(ROOT, "examples", "library", name + ".sdk")
        c, t = lines(path)
        row = [name, f"{c} ({t})"]
        for s in solvers:
            out, k = best(sdkc, a.runs, path, s, lim)
            row.append(cell(out, k, a.runs))
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
