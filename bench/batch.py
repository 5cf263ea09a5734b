#!/usr/bin/env python3
"""Measure batch solving: `sdkc run examples/classic.sdk --givens-file LIST` on a list of 9x9
puzzles, with each solver and --jobs 1 and 2, in milliseconds per puzzle (wall time of the
whole command divided by the number of puzzles).

The list is derived, deterministically from --seed, from the puzzles of bench/hard9x9.txt and
the classic puzzle (examples/classic.sdk, whose solution is tests/expected/classic.txt): each
one is a source puzzle with its digits relabelled, its rows permuted within bands, its bands
permuted, the same for columns and stacks, and maybe transposed. Those maps take a sudoku to a
sudoku, so every puzzle keeps exactly one solution.

Usage: bench/batch.py [--bin PATH] [--puzzles N] [--seed S] [--list FILE] [--write FILE]
                      [--solvers builtin,cbc,highs] [--jobs 1,2] [--unique]
"""
import argparse, json, os, random, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "examples", "classic.sdk")


def sources():
    """The hard puzzles' first fields, then the classic puzzle (checked against its solution)."""
    out = []
    with open(os.path.join(ROOT, "bench", "hard9x9.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                out.append(line.split()[0])
    with open(MODEL, encoding="utf-8") as f:
        text = f.read()
    block = text.split("givens {", 1)[1].split("}", 1)[0]
    cells = [t for line in block.splitlines() if "-" not in line
             for t in line.split() if t != "|"]
    classic = "".join(cells)
    with open(os.path.join(ROOT, "tests", "expected", "classic.txt"), encoding="utf-8") as f:
        solution = "".join(line.strip() for line in f if line.strip())
    assert len(classic) == 81 and all(c in (".", s) for c, s in zip(classic, solution))
    out.append(classic)
    return out


def within_bands(rng):
    """A permutation of 0..8 that keeps each band of three together."""
    bands = rng.sample(range(3), 3)
    return [3 * b + i for b in bands for i in rng.sample(range(3), 3)]


def transform(puzzle, rng):
    digits = dict(zip("123456789", rng.sample("123456789", 9)))
    digits["."] = "."
    rows, cols = within_bands(rng), within_bands(rng)
    grid = [[digits[puzzle[9 * rows[r] + cols[c]]] for c in range(9)] for r in range(9)]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return "".join("".join(row) for row in grid)


def make_list(n, seed):
    rng = random.Random(seed)
    src = sources()
    return [transform(src[i % len(src)], rng) for i in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", help="the sdkc binary (default: build and use target/release/sdkc)")
    ap.add_argument("--puzzles", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", help="read this list instead of deriving one")
    ap.add_argument("--write", help="write the derived list to this file and stop")
    ap.add_argument("--solvers", default="builtin,cbc,highs")
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--unique", action="store_true", help="prove each puzzle unique")
    a = ap.parse_args()
    puzzles = None
    if a.list:
        with open(a.list, encoding="utf-8") as f:
            puzzles = [l.split()[0] for l in f if l.strip() and not l.startswith("#")]
    else:
        puzzles = make_list(a.puzzles, a.seed)
    if a.write:
        with open(a.write, "w", encoding="utf-8") as f:
            f.write("".join(p + "\n" for p in puzzles))
        return
    sdkc = a.bin
    if not sdkc:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        sdkc = os.path.join(ROOT, "target", "release", "sdkc")
    n = len(puzzles)
    print(f"{n} puzzles{' (--unique)' if a.unique else ''}, {os.cpu_count()} cores\n")
    print("| solver | jobs | solved | wall s | ms per puzzle | speed-up |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        listfile = os.path.join(d, "puzzles.txt")
        with open(listfile, "w", encoding="utf-8") as f:
            f.write("".join(p + "\n" for p in puzzles))
        for solver in a.solvers.split(","):
            base = None
            for jobs in a.jobs.split(","):
                cmd = [sdkc, "run", MODEL, "--givens-file", listfile, "--solver", solver,
                       "--jobs", jobs, "--json"] + (["--unique"] if a.unique else [])
                t = time.perf_counter()
                p = subprocess.run(cmd, capture_output=True, text=True)
                wall = time.perf_counter() - t
                want = "unique" if a.unique else "solved"
                solved = sum(json.loads(l)["status"] == want for l in p.stdout.splitlines())
                base = base or wall
                print(f"| {solver} | {jobs} | {solved}/{n} | {wall:.2f} | {1000 * wall / n:.2f} "
                      f"| {base / wall:.2f} |", flush=True)
                if p.returncode not in (0, 11):
                    print(p.stderr, file=sys.stderr)


if __name__ == "__main__":
    main()
