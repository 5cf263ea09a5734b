#!/usr/bin/env python3
"""What `sdkc generate` costs, against seed 004's 1.49 s for one irreducible 9x9 (AMPL+HiGHS).

Measures, with the release binary (whole process, best of --runs):
  - one irreducible 9x9 classic puzzle with the builtin solver, HiGHS and CBC;
  - one 16x16 with the builtin solver;
  - puzzles per second for 100 9x9 puzzles with --jobs 1 and --jobs 2;
  - the mean clue count of 100 9x9 puzzles with --tries 1 and --tries 20.

    cargo build --release && python3 bench/generate.py --runs 3
"""

import argparse
import json
import subprocess
import time


def run(binary, args):
    start = time.perf_counter()
    out = subprocess.run([binary, "generate", *args], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"sdkc generate {' '.join(args)} failed: {out.stderr}")
    return seconds, out.stdout


def best(binary, args, runs):
    return min(run(binary, args)[0] for _ in range(runs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/sdkc")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()

    print("| what | solver | s (best of %d) |" % a.runs)
    print("|---|---|---|")
    for solver in ["builtin", "highs", "cbc"]:
        s = best(a.bin, ["examples/classic.sdk", "--solver", solver, "--seed", "1"], a.runs)
        print(f"| one 9x9 | {solver} | {s:.3f} |")
    s = best(a.bin, ["examples/sixteen.sdk", "--solver", "builtin", "--seed", "1"], a.runs)
    print(f"| one 16x16 | builtin | {s:.3f} |")
    print()
    print("| 100 9x9 puzzles | s | puzzles/s |")
    print("|---|---|---|")
    for jobs in ["1", "2"]:
        s = best(a.bin, ["examples/classic.sdk", "--count", "100", "--jobs", jobs], a.runs)
        print(f"| --jobs {jobs} | {s:.3f} | {100 / s:.0f} |")
    print()
    print("| 100 9x9 puzzles | mean clues | min | max | s |")
    print("|---|---|---|---|---|")
    for tries in ["1", "20"]:
        s, out = run(a.bin, ["examples/classic.sdk", "--count", "100", "--tries", tries,
                             "--format", "json"])
        clues = [json.loads(line)["clues"] for line in out.splitlines()]
        print(f"| --tries {tries} | {sum(clues) / len(clues):.2f} | {min(clues)} | {max(clues)} | {s:.2f} |")


if __name__ == "__main__":
    main()
