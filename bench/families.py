#!/usr/bin/env python3
"""sdkc's builtin search and HiGHS against the Interactive Sudoku Solver (ISS), side by side, on
the same published puzzles: the family examples examples/library/*.sdk, each transcribed from an
entry of ISS's data/example_puzzles.js or data/collections.js (its header comment names it:
`(data/collections.js, entry "Windoku")`, sometimes over two comment lines).

For each puzzle, a proof of uniqueness by each solver:
  builtin, highs, cbc, glpk: `sdkc run FILE --unique -s --json --solver S --time-limit L`,
      the JSON's in-process `seconds` (best of --runs; a run that hit the time limit, failed or
      took over --long s is not repeated) and `statistics.nodes` (search nodes; the MIP
      solvers' branch-and-bound nodes) of the fastest run; glpk-sat and glpk-bnb: GLPK's two
      ways alone (its MiniSat with `-p 1`, its branch and cut with a `--solver-option`);
  iss: `node bench/iss.mjs --iss PATH` on the named entry, in a fresh node process per puzzle:
      ISS's SudokuBuilder.build, then nthSolution(0) and nthSolution(1) (two solutions looked
      for, as --unique does). "cold" is that first run (JIT cold, build + search); "warm" the
      best of --runs more runs in the same process (skipped after a cold run over --long s);
      "guesses" is ISS's own counter.
Every grid found is checked against the published solution, tests/expected/variants/NAME.txt
(iss.mjs also checks it against the entry's own `solution`); a mismatch is marked WRONG GRID.
A run stopped at the time limit shows "> L s". The ratio is builtin seconds / ISS cold seconds
(both a first run in a fresh process); above 1, ISS is faster.

ISS is not part of this repository. Export its source tree to /tmp/iss (or pass --iss):
  git clone https://github.com/sigh/Interactive-Sudoku-Solver /tmp/iss-git
  mkdir -p /tmp/iss && git -C /tmp/iss-git archive HEAD | tar -x -C /tmp/iss
It needs node (20 or later) and no npm install. HiGHS: `highs` on PATH or $SDKC_HIGHS (see
scripts/install-solvers).

Usage: cargo build --release && python3 bench/families.py --runs 1 --time-limit 30
       bench/families.py [--runs K] [--time-limit S] [--long S] [--bin PATH/TO/sdkc]
                         [--solvers builtin,highs,cbc,glpk,glpk-sat,glpk-bnb,iss]
                         [--iss PATH] [--node NODE]
                         [--only NAME,NAME] [--dir examples/killers] [--threads N]
(uses --bin, else $SDKC_BIN, else target/release/sdkc; it does not build. NAME is a file name
of examples/library/ (or of --dir) without .sdk. With --dir examples/killers: tarek's killers,
their grids in tests/expected/killers/.)
"""
import argparse, glob, json, math, os, re, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = {"builtin": "builtin", "highs": "HiGHS", "cbc": "CBC", "iss": "ISS",
         "glpk": "GLPK", "glpk-sat": "GLPK's MiniSat", "glpk-bnb": "GLPK's branch and cut"}
# What each sdkc solver name adds to `sdkc run`: GLPK races its branch and cut and its MiniSat
# on models of binaries (src/solve/glpk.rs `ways`); `-p 1` leaves MiniSat alone, and any
# `--solver-option` (here its own `--first` again) branch and cut alone.
EXTRA = {"glpk-sat": ["--solver", "glpk", "-p", "1"],
         "glpk-bnb": ["--solver", "glpk", "--solver-option", "first="]}
BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LONG = 20.0  # --long: a run that took longer than this (s) is not repeated

# `(data/example_puzzles.js, entry "NAME"` in the header comment; the name may hold \" escapes.
ENTRY = re.compile(r'\((data/[\w.-]+\.js), entry "((?:[^"\\]|\\.)*)"')


def iss_entry(path):
    """(collection file, entry name) from the leading comment of an .sdk file, or None."""
    head = []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("#"):
            break
        head.append(line[1:].strip())
    m = ENTRY.search(" ".join(head))
    return (m.group(1), m.group(2).replace('\\"', '"')) if m else None


def published(name, expected):
    """The published grid of tests/expected/EXPECTED/NAME.txt as row-major digits, or None."""
    path = os.path.join(ROOT, "tests", "expected", expected, name + ".txt")
    if not os.path.exists(path):
        return None
    return "".join(l.strip() for l in open(path, encoding="utf-8") if l.strip())


def fmt(x):
    """A time or a ratio, three significant digits."""
    if x >= 100:
        return f"{x:.0f}"
    return f"{x:.3g}"


THREADS = None


def sdkc_run(sdkc, model, solver, limit):
    """One `sdkc run --unique -s --json`: (wall seconds, parsed JSON)."""
    args = [sdkc, "run", model, "--unique", "--json", "-s", "--time-limit", str(limit)]
    args += EXTRA.get(solver, ["--solver", solver])
    if THREADS is not None and solver not in EXTRA:
        args += ["-p", str(THREADS)]
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.perf_counter() - t
    try:
        return wall, json.loads(p.stdout)
    except json.JSONDecodeError:
        return wall, {"status": "error", "message": p.stderr.strip()[:200]}


def sdkc_best(sdkc, runs, model, solver, limit):
    """The fastest of `runs` runs by in-process seconds (fewer after a time limit, an error
    or a run over LONG s)."""
    results = []
    for _ in range(runs):
        wall, out = sdkc_run(sdkc, model, solver, limit)
        results.append(out)
        if out["status"] in ("time_limit", "error") or wall > LONG:
            break
    return min(results, key=lambda o: o.get("seconds") or float("inf"))


def sdkc_grid(out):
    """The grid one character a cell, as tests/expected/ and bench/iss.mjs write it: 1-9, then
    A = 10, B = 11, ... (a 16x16's 16 is G)."""
    grid = out.get("grid") or ((out.get("grids") or [None])[0])
    return "".join(BASE36[v] for row in grid for v in row) if grid else None


def iss_run(node, iss, collection, entry, runs, limit):
    """bench/iss.mjs on one entry, in a fresh node process: its JSON line."""
    args = [node, os.path.join(ROOT, "bench", "iss.mjs"), "--iss", iss, "--runs", str(runs),
            "--long", str(LONG), "--time-limit", str(limit), f"{collection}:{entry}"]
    try:
        # the search stops itself at the limit; the build cannot, hence the margin
        p = subprocess.run(args, capture_output=True, text=True, timeout=2 * limit + 30)
    except subprocess.TimeoutExpired:
        return {"status": "time_limit", "seconds": None}
    try:
        return json.loads(p.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        return {"status": "error", "message": p.stderr.strip()[:200]}


def main():
    global LONG, THREADS
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--long", type=float, default=LONG)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN")
                    or os.path.join(ROOT, "target", "release", "sdkc"))
    ap.add_argument("--solvers", default="builtin,highs,iss")
    ap.add_argument("--iss", default="/tmp/iss", help="a copy of ISS's source tree")
    ap.add_argument("--node", default="node")
    ap.add_argument("--only", default="", help="comma-separated puzzle names")
    ap.add_argument("--dir", default="examples/library",
                    help="the models (examples/killers: tarek's killers, bench/killers.py)")
    ap.add_argument("--threads", type=int, default=None,
                    help="sdkc's -p (builtin: its proof on N threads; default every core)")
    a = ap.parse_args()
    THREADS = a.threads
    sdkc, lim, LONG = a.bin, a.time_limit, a.long
    solvers = a.solvers.split(",")
    for s in solvers:
        if s not in NAMES:
            sys.exit(f"unknown solver {s}: {', '.join(NAMES)}")
    if any(s != "iss" for s in solvers) and not os.path.exists(sdkc):
        sys.exit(f"{sdkc} not found: run `cargo build --release` or pass --bin")
    if "iss" in solvers and not os.path.exists(os.path.join(a.iss, "js", "solver",
                                                            "sudoku_builder.js")):
        sys.exit(f"no ISS source tree at {a.iss}: see the top of bench/families.py")

    paths = sorted(glob.glob(os.path.join(ROOT, a.dir, "*.sdk")))
    # The library's grids are under variants/ (its long forms share them); others by folder.
    expected = "variants" if os.path.basename(a.dir.rstrip("/")) == "library" \
        else os.path.basename(a.dir.rstrip("/"))
    if a.only:
        only = a.only.split(",")
        paths = [p for p in paths if os.path.basename(p)[:-4] in only]

    threads = "every core" if a.threads is None else f"-p {a.threads}"
    print(f"## Proofs of uniqueness: sdkc (builtin, HiGHS) and ISS on the ISS puzzles of "
          f"{a.dir} (best of {a.runs}, time limit {lim:g} s, sdkc on {threads})\n")
    head, rule = "| puzzle | ISS entry |", "|---|---|"
    for s in solvers:
        head += (" ISS s cold (warm) / guesses |" if s == "iss"
                 else f" {NAMES[s]} s / nodes |")
        rule += "---|"
    ratio = "builtin" in solvers and "iss" in solvers
    if ratio:
        head += " builtin/ISS |"
        rule += "---|"
    print(head)
    print(rule, flush=True)

    unmapped, ratios = [], []
    totals = {s: [0.0, 0, 0] for s in solvers}  # seconds (a limit counts as the limit), done, limits
    for path in paths:
        name = os.path.basename(path)[:-4]
        entry = iss_entry(path)
        want = published(name, expected)
        row = [name, f"{entry[1]} ({os.path.basename(entry[0])})" if entry else "—"]
        secs, limited = {}, {}
        for s in solvers:
            if s == "iss":
                if entry is None:
                    unmapped.append((name, "no `(data/FILE.js, entry \"NAME\")` in its header"))
                    row.append("no ISS entry")
                    continue
                out = iss_run(a.node, a.iss, entry[0], entry[1], a.runs, lim)
                grid = out.get("grid")
                status = out.get("status")
                if status == "error":
                    unmapped.append((name, out.get("message", "")))
            else:
                out = sdkc_best(sdkc, a.runs, path, s, lim)
                grid = sdkc_grid(out)
                status = out["status"]
            if status == "time_limit":
                cell = f"> {lim:g} s"
                totals[s][0] += lim
                totals[s][2] += 1
                secs[s], limited[s] = None, True
            elif status != "unique":
                cell = status if status != "error" else f"error: {out.get('message', '')[:60]}"
                secs[s] = None
            else:
                t = out["seconds"]
                secs[s] = t
                totals[s][0] += t
                totals[s][1] += 1
                if s == "iss":
                    warm = out.get("warm_seconds")
                    cell = fmt(t) + (f" ({fmt(warm)})" if warm is not None else "")
                    cell += f" / {out.get('counters', {}).get('guesses')}"
                else:
                    cell = f"{fmt(t)} / {(out.get('statistics') or {}).get('nodes')}"
                if want and grid != want:
                    cell += " WRONG GRID"
            row.append(cell)
        if ratio:
            b, i = secs.get("builtin"), secs.get("iss")
            if b is not None and i:
                ratios.append(b / i)
                row.append(fmt(b / i))
            elif limited.get("builtin") and i:
                row.append(f"> {fmt(lim / i)}")
            else:
                row.append("—")
        print("| " + " | ".join(row) + " |", flush=True)

    foot = f"| **total** ({len(paths)} puzzles) | |"
    for s in solvers:
        sec, done, limits = totals[s]
        foot += f" {fmt(sec)} s, {done} proved" + (f", {limits} at the limit" if limits else "") + " |"
    if ratio:
        gm = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None
        foot += f" geo. mean {fmt(gm)} ({len(ratios)} puzzles) |" if gm else " |"
    print(foot)
    print(f"\nA cell: in-process seconds / nodes (sdkc: search nodes, HiGHS: branch-and-bound "
          f"nodes; ISS: cold seconds, (best warm seconds), / ISS's guesses). \"> {lim:g} s\": "
          f"stopped at the time limit (counted as {lim:g} s in the total). builtin/ISS: builtin "
          f"seconds over ISS cold seconds (its geometric mean: over the puzzles both proved). ISS: {a.iss}, run by bench/iss.mjs (SudokuBuilder.build, "
          f"nthSolution(0), nthSolution(1)), one node process a puzzle.")
    if unmapped:
        print("\nNot run on ISS:")
        for n, why in unmapped:
            print(f"- {n}: {why}")


if __name__ == "__main__":
    main()
