#!/usr/bin/env python3
"""Every backend on the hard 9x9 list: which one answers fastest?

Each puzzle of bench/hard9x9.txt is solved with
`sdkc run examples/classic.sdk --givens PUZZLE --solver S --json -s --time-limit L`, plain and
with `--unique`, for each backend (builtin, cbc, highs, glpk), --runs times. Per run: the
JSON's in-process `seconds`, the wall time of the process, and `statistics.nodes` (the
builtin search's nodes; the MIP solver's branch-and-bound nodes as sdkc read them from its
log, summed over the solves of a --unique). Per puzzle the median of the runs is taken (a run
that hits the time limit or fails is not repeated); per backend the table gives the median and
the max over the puzzles, the median nodes, and how many puzzles were solved (plain) or proved
unique (--unique) within the limit. A per-puzzle table (median in-process seconds, nodes)
follows.

Usage: bench/solvers.py [--runs K] [--time-limit S] [--bin PATH/TO/sdkc]
                        [--solvers builtin,cbc,highs,glpk,glpk-sat,glpk-bnb]
(uses --bin, else $SDKC_BIN, else target/release/sdkc; it does not build.)
"""
import argparse, json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVERS = ("builtin", "cbc", "highs", "glpk")
NAMES = {"builtin": "builtin", "cbc": "CBC", "highs": "HiGHS", "glpk": "GLPK",
         "glpk-sat": "GLPK's MiniSat", "glpk-bnb": "GLPK's branch and cut"}
# GLPK races its branch and cut and its MiniSat on models of binaries (src/solve/glpk.rs
# `ways`): `glpk-sat` is MiniSat alone (`-p 1`), `glpk-bnb` branch and cut alone (a
# `--solver-option`, its own `--first` again).
EXTRA = {"glpk-sat": ["--solver", "glpk", "-p", "1"],
         "glpk-bnb": ["--solver", "glpk", "--solver-option", "first="]}


def run(sdkc, model, solver, limit, givens, unique):
    """One `sdkc run -s --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--json", "-s", "--time-limit", str(limit),
            "--givens", givens] + EXTRA.get(solver, ["--solver", solver]) + (
                ["--unique"] if unique else [])
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t
    try:
        return wall, json.loads(p.stdout.splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        sys.exit(f"sdkc gave no JSON ({' '.join(args)}): {p.stderr.strip()}")


def hard_puzzles():
    for line in open(os.path.join(ROOT, "bench", "hard9x9.txt"), encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            grid, _, rest = line.partition(" ")
            yield grid, rest.strip().split(" — ")[0]


def measure(sdkc, runs, model, solver, limit, givens, unique):
    """Median over `runs` (fewer after a time limit or an error): dict with wall, secs, nodes,
    status (of the last run), runs."""
    walls, secs, nodes, status = [], [], [], None
    for _ in range(runs):
        wall, out = run(sdkc, model, solver, limit, givens, unique)
        status = out["status"]
        walls.append(wall)
        secs.append(out.get("seconds") or wall)
        nodes.append((out.get("statistics") or {}).get("nodes"))
        if status not in ("solved", "unique"):
            break
    known = [n for n in nodes if n is not None]
    return {"wall": statistics.median(walls), "secs": statistics.median(secs),
            "nodes": statistics.median(known) if known else None, "status": status,
            "runs": len(walls)}


def fmt_s(s):
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN")
                    or os.path.join(ROOT, "target", "release", "sdkc"))
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    a = ap.parse_args()
    if not os.path.exists(a.bin):
        sys.exit(f"{a.bin} not found: run `cargo build --release` or pass --bin")
    solvers = a.solvers.split(",")
    model = os.path.join(ROOT, "examples", "classic.sdk")
    puzzles = list(hard_puzzles())
    res = {}  # (solver, unique) -> [measure per puzzle]
    for solver in solvers:
        for unique in (False, True):
            res[solver, unique] = [measure(a.bin, a.runs, model, solver, a.time_limit, g, unique)
                                   for g, _ in puzzles]
            print(f"  {solver} {'--unique' if unique else 'plain'} done", file=sys.stderr,
                  flush=True)

    n = len(puzzles)
    print(f"## The {n} hard 9x9 puzzles on every backend (median of {a.runs} runs per puzzle; "
          f"time limit {a.time_limit:g} s)\n")
    print("| backend | question | median | max | median wall | max wall | "
          "median nodes | max nodes | answered |")
    print("|---|---|---|---|---|---|---|---|---|")
    for solver in solvers:
        for unique in (False, True):
            rs = res[solver, unique]
            ok = [r for r in rs if r["status"] == ("unique" if unique else "solved")]
            nodes = [r["nodes"] for r in rs if r["nodes"] is not None]
            med = lambda k: statistics.median(r[k] for r in rs)
            top = lambda k: max(r[k] for r in rs)
            row = [NAMES[solver], "`--unique`" if unique else "solve",
                   fmt_s(med("secs")), fmt_s(top("secs")), fmt_s(med("wall")), fmt_s(top("wall")),
                   f"{statistics.median(nodes):g}" if nodes else "—",
                   f"{max(nodes):g}" if nodes else "—",
                   f"{len(ok)}/{n} {'proved unique' if unique else 'solved'}"]
            print("| " + " | ".join(row) + " |")

    for unique in (False, True):
        print(f"\n## Per puzzle{' with `--unique`' if unique else ''}: median in-process time "
              f"(nodes)\n")
        print("| puzzle | " + " | ".join(NAMES[s] for s in solvers) + " | fastest MIP |")
        print("|---|" + "---|" * len(solvers) + "---|")
        for i, (_, name) in enumerate(puzzles):
            cells, mips = [], {}
            for s in solvers:
                r = res[s, unique][i]
                want = "unique" if unique else "solved"
                if r["status"] == want:
                    cells.append(f"{fmt_s(r['secs'])} ({r['nodes'] if r['nodes'] is not None else '—'})")
                    if s != "builtin":
                        mips[s] = r["secs"]
                else:
                    cells.append("time limit" if r["status"] == "time_limit" else r["status"])
            best = min(mips, key=mips.get) if mips else None
            print(f"| {name} | " + " | ".join(cells) + f" | {NAMES[best] if best else '—'} |")
        wins = {}
        for i in range(n):
            mips = {s: res[s, unique][i]["secs"] for s in solvers if s != "builtin"
                    and res[s, unique][i]["status"] == ("unique" if unique else "solved")}
            if mips:
                w = min(mips, key=mips.get)
                wins[w] = wins.get(w, 0) + 1
        print("\nfastest MIP solver: " + ", ".join(f"{NAMES[s]} {k}/{n}" for s, k in
                                                    sorted(wins.items(), key=lambda x: -x[1])))


if __name__ == "__main__":
    main()
