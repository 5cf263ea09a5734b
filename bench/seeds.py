#!/usr/bin/env python3
"""Measure the seed and variant examples: columns, rows and non-zeros after sdkc; branch-and-
bound nodes, simplex iterations and wall time on each MIP solver (CBC, HiGHS, GLPK).

Everything comes from `sdkc run MODEL --solver S -s --json --time-limit L`: the model's size
(`statistics.columns/rows/nonzeros`, before any no-good row), `statistics.nodes` and
`statistics.iterations` (what sdkc read from the solver's log of that very run: CBC's
"Enumerated nodes", HiGHS's "Nodes", GLPK's branch-and-bound progress lines, 0 for GLPK when
its MIP preprocessor solves the model), and the wall time of the whole `sdkc run` process
(compile, write, solve, read back, check), best of --runs. A run that stops at the time limit
shows "time limit" and is not repeated; neither is a run longer than --long seconds (the
table says how many runs a cell is the best of when that happened).

Usage: bench/seeds.py [--runs K] [--time-limit S] [--long S] [--bin PATH/TO/sdkc]
                      [--solvers cbc,highs,glpk] [EXAMPLE[:FORMULATION] ...]
(the binary: --bin, else $SDKC_BIN, else target/release/sdkc after `cargo build --release`)
"""
import argparse, json, os, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = [
    "classic", "seed000-maxdiff", "seed002-mindiff-cyclic:table", "seed002-mindiff-cyclic:pairs",
    "seed002-mindiff-cyclic:bigm", "seed001-integer", "seed001-fancy", "killer", "thermo",
    "miracle", "kropki",
]
NAMES = {"builtin": "builtin", "cbc": "CBC", "highs": "HiGHS", "glpk": "GLPK"}


def run(sdkc, model, solver, limit, extra):
    """One `sdkc run -s --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--solver", solver, "--json", "-s",
            "--time-limit", str(limit)] + extra
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t
    try:
        return wall, json.loads(p.stdout.splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        sys.exit(f"sdkc gave no JSON ({' '.join(args)}): {p.stderr.strip()}")


def binary(arg):
    if arg:
        return arg
    if os.environ.get("SDKC_BIN"):
        return os.environ["SDKC_BIN"]
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")),
                        "release", "sdkc")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--long", type=float, default=20,
                    help="do not repeat a run that took longer than this (s)")
    ap.add_argument("--bin")
    ap.add_argument("--solvers", default="cbc,highs,glpk")
    ap.add_argument("examples", nargs="*")
    a = ap.parse_args()
    sdkc = binary(a.bin)
    solvers = a.solvers.split(",")
    head = ["example", "formulation", "columns", "rows", "non-zeros"]
    for s in solvers:
        head += [f"{NAMES[s]} nodes", f"{NAMES[s]} iters", f"{NAMES[s]} s"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for item in a.examples or DEFAULT:
        name, _, form = item.partition(":")
        model = os.path.join(ROOT, "examples", name + ".sdk")
        if not os.path.exists(model):
            print(f"| {name} | (missing) |", flush=True)
            continue
        extra = ["--formulation", form] if form else []
        size, cells = None, []
        for solver in solvers:
            results = []
            for _ in range(a.runs):
                results.append(run(sdkc, model, solver, a.time_limit, extra))
                wall, out = results[-1]
                if out["status"] != "solved" or wall > a.long:
                    break
            wall, out = min(results, key=lambda r: r[0])
            st = out.get("statistics") or {}
            size = size or (st.get("columns"), st.get("rows"), st.get("nonzeros"))
            if out["status"] == "solved":
                secs = f"{wall:.3f}" + (f" (1 run)" if len(results) < a.runs else "")
            elif out["status"] == "time_limit":
                secs = f"time limit ({a.time_limit:g} s)"
            else:
                secs = out["status"]
            n, it = st.get("nodes"), st.get("iterations")
            more = "≥" if out["status"] == "time_limit" else ""  # counted when the limit came
            cells += ["—" if n is None else f"{more}{n}", "—" if it is None else f"{more}{it}", secs]
        row = [name, form or "default"] + ["?" if v is None else str(v) for v in size] + cells
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
