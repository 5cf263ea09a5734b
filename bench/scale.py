#!/usr/bin/env python3
"""How the builtin search scales with the grid: issue 14's targets, measured.

1. `run --unique` on an empty N x N grid (rows, columns and boxes distinct; N = 25 ... 100,
   boxes sqrt(N) x sqrt(N), or rows and columns only where N is not a square): the search must
   find two solutions. In-process seconds and nodes from `-s --json`.
2. `generate` (whole process, --jobs threads, default 1): puzzles per second for 9x9
   (examples/classic.sdk), and the time for one irreducible 16x16, 25x25 and 36x36 for each
   `--order` of --orders and each seed of --seeds, each question limited to --question-limit
   seconds (a question that runs out fails the puzzle: shown as "failed"). Beside the time:
   the clues, the fewest clues in a row, column and box, and the values never given (how
   evenly the order spread the clues).

The grids are written to a temporary folder; nothing else is touched.

Usage: cargo build --release && python3 bench/scale.py
       bench/scale.py [--bin PATH/TO/sdkc] [--time-limit S] [--question-limit S]
                      [--sizes 25,36,49,64,81,100] [--orders auto,cells,values,rows]
                      [--seeds 1,2,3] [--jobs N] [--generate 16,25,36]
"""
import argparse, json, math, os, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def model(n):
    b = math.isqrt(n)
    if b * b == n:
        return f"grid {n}x{n}\nboxes {b}x{b}\nrule distinct rows, columns, boxes\n"
    return f"grid {n}x{n}\nrule distinct rows, columns\n"


def spread(puzzle, n):
    """The fewest clues in a row, a column and a box, and the values never given."""
    cells = puzzle.split(",") if "," in puzzle else list(puzzle)
    given = [c != "." for c in cells]
    b = math.isqrt(n)
    rows = min(sum(given[r * n:(r + 1) * n]) for r in range(n))
    cols = min(sum(given[c::n]) for c in range(n))
    # The models here have sqrt(n) x sqrt(n) boxes only when n is a square.
    boxes = min(sum(given[(br + i) * n + bc + j] for i in range(b) for j in range(b))
                for br in range(0, n, b) for bc in range(0, n, b)) if b * b == n else "-"
    values = n - len({c for c in cells if c != "."})
    return f"{rows} / {cols} / {boxes} | {values}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.environ.get("SDKC_BIN", os.path.join(ROOT, "target/release/sdkc")))
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--question-limit", type=float, default=30)
    ap.add_argument("--sizes", default="25,36,49,64,81,100")
    ap.add_argument("--orders", default="auto")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--generate", default="16,25,36")
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
        print(f"| generate | order | seed | seconds (whole process, -j {a.jobs}) | clues | fewest in a row / column / box | values never given |")
        print("|---|---|---|---|---|---|---|")
        start = time.perf_counter()
        out = subprocess.run([a.bin, "generate", os.path.join(ROOT, "examples/classic.sdk"), "-n", "100", "-j", "1"],
                             capture_output=True, text=True)
        s = time.perf_counter() - start
        print(f"| 100 9x9 | auto | 1 | {s:.2f} ({100 / s:.0f} puzzles/s, -j 1) | | | |")
        for n in map(int, a.generate.split(",")):
            if n == 16:
                path = os.path.join(ROOT, "examples/sixteen.sdk")
            else:
                path = os.path.join(tmp, f"gen{n}.sdk")
                with open(path, "w") as f:
                    f.write(model(n))
            for order in a.orders.split(","):
                for seed in a.seeds.split(","):
                    start = time.perf_counter()
                    out = subprocess.run([a.bin, "generate", path, "-n", "1", "-j", str(a.jobs), "--seed", seed,
                                          "--order", order, "--format", "json",
                                          "--time-limit", str(a.question_limit)],
                                         capture_output=True, text=True)
                    s = time.perf_counter() - start
                    if out.returncode == 0:
                        j = json.loads(out.stdout)
                        print(f"| one {n}x{n} | {order} | {seed} | {s:.2f} | {j['clues']} | {spread(j['puzzle'], n)} |")
                    else:
                        print(f"| one {n}x{n} | {order} | {seed} | {s:.2f} | failed: {out.stderr.strip().splitlines()[-1]} | | |")

if __name__ == "__main__":
    main()
