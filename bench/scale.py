#!/usr/bin/env python3
"""How the builtin search scales with the grid: issue 14's targets, measured.

1. `run --unique` on an empty N x N grid (rows, columns and boxes distinct; N = 25 ... 100,
   boxes sqrt(N) x sqrt(N), or rows and columns only where N is not a square): the search must
   find two solutions. In-process seconds and nodes from `-s --json`.
2. `generate` (whole process, one thread): puzzles per second for 9x9 (examples/classic.sdk),
   and the time for one irreducible 16x16, 25x25 and 36x36, each question limited to
   --question-limit seconds (a question that runs out fails the puzzle: shown as "failed").

The grids are written to a temporary folder; nothing else is touched.

Usage: cargo build --release && python3 bench/scale.py
       bench/scale.py [--bin PATH/TO/sdkc] [--time-limit S] [--question-limit S]
                      [--sizes 25,36,49,64,81,100]
"""
import argparse, json, math, os, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def model(n):
    b = math.isqrt(n)
    if b * b == n:
        return f"grid {n}x{n}\nboxes {b}x{b}\nrule distinct rows, columns, boxes\n"
    return f"grid {n}x{n}\nrule distinct rows, columns\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN", os.path.join(ROOT, "target/release/sdkc")))
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--question-limit", type=float, default=30)
    ap.add_argument("--sizes", default="25,36,49,64,81,100")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("| empty grid | `run --unique` seconds | nodes | status |")
        print("|---|---|---|---|")
        for n in map(int, a.sizes.split(",")):
            path = os.path.join(tmp, f"empty{n}.sdk")
            with open(path, "w") as f:
                f.write(model(n))
            out = subprocess.run([a.bin, "run", path, "--solver", "builtin", "--unique", "-s", "--json",
                                  "--time-limit", str(a.time_limit)], capture_output=True, text=True)
            j = json.loads(out.stdout)
            nodes = (j.get("statistics") or {}).get("nodes")
            secs = j["seconds"] if j["status"] != "time_limit" else f"> {a.time_limit:g}"
            print(f"| {n}x{n} | {secs} | {nodes} | {j['status']} |")
        print()
        print("| generate | seconds (whole process, -j 1) | result |")
        print("|---|---|---|")
        start = time.perf_counter()
        out = subprocess.run([a.bin, "generate", os.path.join(ROOT, "examples/classic.sdk"), "-n", "100", "-j", "1"],
                             capture_output=True, text=True)
        s = time.perf_counter() - start
        print(f"| 100 9x9 | {s:.2f} | {100 / s:.0f} puzzles/s |")
        for n, path in [(16, os.path.join(ROOT, "examples/sixteen.sdk")), (25, None), (36, None)]:
            if path is None:
                path = os.path.join(tmp, f"gen{n}.sdk")
                with open(path, "w") as f:
                    f.write(model(n))
            start = time.perf_counter()
            out = subprocess.run([a.bin, "generate", path, "-n", "1", "-j", "1", "--time-limit", str(a.question_limit)],
                                 capture_output=True, text=True)
            s = time.perf_counter() - start
            if out.returncode == 0:
                clues = sum(ch != "." for ch in out.stdout.split()[0]) if n <= 36 else "?"
                print(f"| one {n}x{n} | {s:.2f} | {clues} clues |")
            else:
                print(f"| one {n}x{n} | {s:.2f} | failed: {out.stderr.strip().splitlines()[-1]} |")


if __name__ == "__main__":
    main()
