#!/usr/bin/env python3
"""Measure the seed and variant examples: columns, rows and non-zeros after sdkc; branch-and-
bound nodes and wall time on CBC and HiGHS.

Nodes come from the solvers' own logs on the LP file sdkc writes (CBC: "Enumerated nodes",
0 when it stops before branching; HiGHS: "Nodes" in its solving report). Wall time is
`sdkc run` end to end (compile, write, solve, read back, check), best of --runs.

Usage: bench/seeds.py [--runs K] [--time-limit S] [EXAMPLE[:FORMULATION] ...]
"""
import argparse, json, os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = [
    "classic", "seed000-maxdiff", "seed002-mindiff-cyclic:table", "seed002-mindiff-cyclic:pairs",
    "seed002-mindiff-cyclic:bigm", "seed001-integer", "seed001-fancy", "killer", "thermo",
    "miracle", "kropki",
]


def nodes(solver, lp, limit):
    if solver == "cbc":
        out = subprocess.run(["cbc", lp, "-sec", str(limit), "-timeMode", "elapsed", "-solve"],
                             capture_output=True, text=True).stdout
        m = re.search(r"Enumerated nodes:\s+(\d+)", out)
        return int(m.group(1)) if m else 0
    out = subprocess.run(["highs", "--model_file", lp, "--time_limit", str(limit)],
                         capture_output=True, text=True, cwd=os.path.dirname(lp)).stdout
    m = re.search(r"^\s+Nodes\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("examples", nargs="*")
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    sdkc = os.path.join(ROOT, "target", "release", "sdkc")
    print(f"| example | formulation | columns | rows | non-zeros | CBC nodes | CBC s | HiGHS nodes | HiGHS s |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for item in a.examples or DEFAULT:
            name, _, form = item.partition(":")
            model = os.path.join(ROOT, "examples", name + ".sdk")
            if not os.path.exists(model):
                print(f"| {name} | (missing) |", flush=True)
                continue
            extra = ["--formulation", form] if form else []
            lp = os.path.join(d, f"{name}-{form or 'default'}.lp")
            stats = subprocess.run([sdkc, "compile", model, "-o", lp, "--stats"] + extra,
                                   capture_output=True, text=True, check=True).stdout
            total = stats.strip().splitlines()[-1].split()
            row = [name, form or "default", total[1], total[2], total[3]]
            for solver in ("cbc", "highs"):
                n = nodes(solver, lp, a.time_limit)
                best, status = float("inf"), "?"
                for _ in range(a.runs):
                    t = time.perf_counter()
                    p = subprocess.run([sdkc, "run", model, "--solver", solver, "--json",
                                        "--time-limit", str(a.time_limit)] + extra,
                                       capture_output=True, text=True)
                    best = min(best, time.perf_counter() - t)
                    status = json.loads(p.stdout)["status"]
                row += [str(n), f"{best:.3f}" if status == "solved" else status]
            print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
