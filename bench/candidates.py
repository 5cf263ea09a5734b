#!/usr/bin/env python3
"""What `sdkc run --candidates` costs on every model of the repository, per solver, and what
importing the largest f-puzzles file costs.

1. `sdkc run MODEL --candidates --json --solver S --time-limit T` for every model in
   examples/*.sdk, examples/library/*.sdk and tests/fpuzzles/*.txt (f-puzzles files are read
   directly), for each S of --solvers: the process wall time (median of --runs), and from the
   JSON of the median run its status, `candidates.questions` (questions asked of the solver),
   `candidates.solutions` (solutions found on the way), the number of cells with more than one
   candidate (">1") and whether every cell was proved complete (`candidates.incomplete` empty).
   A run that ends in time_limit or error is reported as such (its wall time counts in the
   total) and is not repeated: such a cell is marked "(1 run)". A process still alive at
   2 x T + 30 s is killed and shows "killed". Totals per solver: the sum of the medians, the
   count proved complete; then the ratio HiGHS/builtin of the totals over the models both ran,
   and over the models both proved complete.
2. `sdkc import FILE -o OUT.sdk` on the largest tests/fpuzzles/*.txt (by bytes), median of
   --runs, next to `sdkc check FILE` (which reads the same file directly) for comparison, in ms.

Usage: cargo build --release && python3 bench/candidates.py --runs 3
       bench/candidates.py [--runs K] [--time-limit S] [--bin PATH/TO/sdkc]
                           [--solvers builtin,highs] [--skip [SOLVER:]NAME,...] [--only TEXT,...]
(uses --bin, else $SDKC_BIN, else target/release/sdkc; it does not build, and it runs a copy
taken at the start, so a rebuild during the run does not mix two binaries. NAME is a model's
name as the table shows it, e.g. `classic`, `library/arrow-sugarroad`, `fpuzzles/alien`; a NAME
without SOLVER: is skipped on every solver. --only keeps the models whose name contains one of
the comma-separated TEXTs. HiGHS: `highs` on PATH or $SDKC_HIGHS, see scripts/install-solvers.)
"""
import argparse, glob, json, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = {"builtin": "builtin", "cbc": "CBC", "highs": "HiGHS", "glpk": "GLPK"}
OK_CODES = (0, 10)  # exit 0: every cell has one candidate; 10: some cell has more


def models():
    """(name, path) of every model, in table order."""
    out = []
    for pattern, prefix, ext in (("examples/*.sdk", "", ".sdk"),
                                 ("examples/library/*.sdk", "library/", ".sdk"),
                                 ("tests/fpuzzles/*.txt", "fpuzzles/", ".txt")):
        for p in sorted(glob.glob(os.path.join(ROOT, pattern))):
            out.append((prefix + os.path.basename(p)[:-len(ext)], p))
    return out


def fmt(x):
    """Seconds, three significant digits."""
    if x >= 100:
        return f"{x:.0f}"
    return f"{x:.3g}"


def run_candidates(sdkc, model, solver, limit):
    """One `sdkc run --candidates --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--candidates", "--json", "--solver", solver,
            "--time-limit", f"{limit:g}"]
    t = time.perf_counter()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=2 * limit + 30)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t, {"status": "killed",
                                         "message": f"still running after {2 * limit + 30:g} s"}
    wall = time.perf_counter() - t
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        return wall, {"status": "error", "message": f"exit {p.returncode}, no JSON: "
                      + (p.stderr.strip() or p.stdout.strip())[:200]}
    if p.returncode not in OK_CODES and out.get("status") in ("unique", "not_unique"):
        out["odd_exit"] = p.returncode
    return wall, out


def median_run(sdkc, runs, model, solver, limit):
    """--runs runs (one after a time limit, an error or a kill): (median wall, JSON of the
    median run, number of runs, set of statuses seen)."""
    results = []
    for _ in range(runs):
        wall, out = run_candidates(sdkc, model, solver, limit)
        results.append((wall, out))
        if out.get("status") in ("time_limit", "error", "killed"):
            break
    results.sort(key=lambda r: r[0])
    wall = statistics.median(w for w, _ in results)
    out = results[(len(results) - 1) // 2][1]
    return wall, out, len(results), {o.get("status") for _, o in results}


def summary(out):
    """(questions, solutions, cells with more than one candidate, complete) or Nones."""
    c = out.get("candidates")
    if not c:
        return None, None, None, None
    multi = sum(1 for row in c["cells"] for cell in row if len(cell) > 1)
    return c["questions"], c["solutions"], multi, not c["incomplete"]


def time_cmd(args, runs):
    """Median wall time of `runs` runs of a command, and its last exit code and stderr."""
    walls, p = [], None
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run(args, capture_output=True, text=True)
        walls.append(time.perf_counter() - t)
    return statistics.median(walls), p.returncode, p.stderr.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN")
                    or os.path.join(ROOT, "target", "release", "sdkc"))
    ap.add_argument("--solvers", default="builtin,highs")
    ap.add_argument("--skip", default="", help="comma-separated [SOLVER:]NAME to skip")
    ap.add_argument("--only", default="", help="comma-separated substrings of model names")
    a = ap.parse_args()
    sdkc, lim = a.bin, a.time_limit
    solvers = [s for s in a.solvers.split(",") if s]
    for s in solvers:
        if s not in NAMES:
            sys.exit(f"unknown solver {s}: builtin, cbc, highs or glpk")
    if not os.path.exists(sdkc):
        sys.exit(f"{sdkc} not found: run `cargo build --release` or pass --bin")
    skip = set()  # (solver or None, name)
    for item in filter(None, a.skip.split(",")):
        s, sep, name = item.partition(":")
        if sep and s in NAMES:
            skip.add((s, name))
        else:
            skip.add((None, item))
    all_models = models()
    known = {n for n, _ in all_models}
    for _, name in skip:
        if name not in known:
            print(f"warning: --skip {name}: no such model", file=sys.stderr)
    todo = all_models
    if a.only:
        only = [t for t in a.only.split(",") if t]
        todo = [(n, p) for n, p in todo if any(t in n for t in only)]

    print("$ " + " ".join(["python3", "bench/candidates.py"] + sys.argv[1:]))
    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(sdkc)))
    print(f"# sdkc: {os.path.relpath(sdkc, ROOT) if sdkc.startswith(ROOT) else sdkc} "
          f"(built {built}), run {time.strftime('%Y-%m-%d %H:%M')}, "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory() as snap:
        copy = os.path.join(snap, "sdkc")
        shutil.copy2(sdkc, copy)
        bench(a, copy, todo, solvers, skip)
    print(f"\n# done {time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.2f}")


def bench(a, sdkc, todo, solvers, skip):
    lim = a.time_limit

    # Part 1
    print(f"## `sdkc run MODEL --candidates`: process wall time, s (median of {a.runs}), "
          f"time limit {lim:g} s\n")
    print("q: candidates.questions, sol: candidates.solutions, >1: cells with more than one "
          "candidate, done: every cell proved complete (candidates.incomplete empty)\n")
    head, rule = "| model |", "|---|"
    for s in solvers:
        head += f" {NAMES[s]} s | status | q | sol | >1 | done |"
        rule += "---|---|---|---|---|---|"
    print(head)
    print(rule, flush=True)

    walls = {s: {} for s in solvers}     # name -> median wall
    complete = {s: set() for s in solvers}
    odd = []                             # (name, solver, note)
    for name, path in todo:
        row = [name]
        for s in solvers:
            if (s, name) in skip or (None, name) in skip:
                row += ["skipped", "—", "—", "—", "—", "—"]
                continue
            wall, out, k, seen = median_run(sdkc, a.runs, path, s, lim)
            status = out.get("status", "?")
            q, sol, multi, done = summary(out)
            walls[s][name] = wall
            if done:
                complete[s].add(name)
            cell = fmt(wall) + (" (1 run)" if k < a.runs else "")
            row += [cell, status, "—" if q is None else str(q), "—" if sol is None else str(sol),
                    "—" if multi is None else str(multi),
                    "—" if done is None else ("yes" if done else "no")]
            if status in ("error", "killed", "time_limit"):
                note = status
                if out.get("message"):
                    note += ": " + " ".join(out["message"].split())[:160]
                odd.append((name, s, note))
            if out.get("odd_exit") is not None:
                odd.append((name, s, f"exit code {out['odd_exit']} with status {status}"))
            if len(seen) > 1:
                odd.append((name, s, "statuses differ between runs: " + ", ".join(sorted(seen))))
        print("| " + " | ".join(row) + " |", flush=True)

    tot = ["**total**"]
    for s in solvers:
        n = len(walls[s])
        tot += [f"**{fmt(sum(walls[s].values()))}**", f"{n} models",
                "", "", "", f"**{len(complete[s])}/{n}**"]
    print("| " + " | ".join(tot) + " |")

    if "builtin" in solvers and "highs" in solvers:
        both = sorted(set(walls["builtin"]) & set(walls["highs"]))
        done = sorted(complete["builtin"] & complete["highs"])
        print()
        for label, names in (("models both ran", both), ("models both proved complete", done)):
            b = sum(walls["builtin"][n] for n in names)
            h = sum(walls["highs"][n] for n in names)
            ratio = f"{h / b:.1f}" if b > 0 else "—"
            print(f"HiGHS/builtin on the total over the {len(names)} {label}: "
                  f"{fmt(h)} s / {fmt(b)} s = **{ratio}**")
    if odd:
        print("\nErrors, time limits, oddities:")
        for name, s, note in odd:
            print(f"- {name} ({NAMES[s]}): {note}")

    # Part 2
    fp = glob.glob(os.path.join(ROOT, "tests", "fpuzzles", "*.txt"))
    if not fp:
        return
    big = max(fp, key=lambda p: (os.path.getsize(p), p))
    rel = os.path.relpath(big, ROOT)
    print(f"\n## Import of the largest f-puzzles file, {rel} ({os.path.getsize(big)} bytes): "
          f"process wall time, ms (median of {a.runs})\n")
    print("| command | ms | exit |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        dest = os.path.join(tmp, "x.sdk")
        rows = []
        for label, args in ((f"sdkc import {rel} -o OUT.sdk", [sdkc, "import", big, "-o", dest]),
                            (f"sdkc check {rel}", [sdkc, "check", big])):
            wall, rc, err = time_cmd(args, a.runs)
            rows.append(wall)
            print(f"| `{label}` | {wall * 1000:.2f} | {rc} |", flush=True)
            if rc != 0:
                print(f"\n{label}: exit {rc}: {' '.join(err.split())[:200]}\n")
        print(f"| **total** | {sum(rows) * 1000:.2f} | |")
        if rows[1] > 0:
            print(f"\nimport/check: **{rows[0] / rows[1]:.2f}**")
        if os.path.exists(dest):
            print(f"(the imported model: {os.path.getsize(dest)} bytes, "
                  f"{sum(1 for _ in open(dest, encoding='utf-8'))} lines)")


if __name__ == "__main__":
    main()
