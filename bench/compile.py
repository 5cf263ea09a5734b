#!/usr/bin/env python3
"""Benchmark: `sdkc compile` of the one-hot model of box size n = 3..10 (9x9 up to 100x100,
with a few givens), to LP and to MPS. Reports the best wall time of several runs, the peak
memory (max RSS) of the sdkc process, and the size of the file written.

Usage: bench/compile.py [--runs K] [--max-n N]     (builds sdkc in release mode first)
"""
import argparse, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def model(n: int) -> str:
    side = n * n
    # Givens: the main diagonal of a valid solution grid (the cyclic pattern sudoku).
    def value(r, c):
        return (r * n + r // n + c) % side + 1
    lines = []
    for r in range(side):
        lines.append(" ".join(str(value(r, c)) if r == c else "." for c in range(side)))
    return (f'puzzle "bench n={n}"\ngrid {side}x{side}\nboxes {n}x{n}\ngivens {{\n'
            + "\n".join(lines) + "\n}\nrule distinct rows, columns, boxes\n")


def run(binary, args):
    start = time.perf_counter()
    proc = subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"sdkc failed: {proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024  # KiB -> MiB


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--max-n", type=int, default=10)
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    binary = os.path.join(ROOT, "target", "release", "sdkc")
    print(f"{'n':>3} {'grid':>8} {'format':>6} {'columns':>9} {'rows':>7} {'non-zeros':>10} "
          f"{'size MB':>8} {'best s':>8} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as d:
        for n in range(3, a.max_n + 1):
            src = os.path.join(d, f"n{n}.sdk")
            with open(src, "w") as f:
                f.write(model(n))
            stats = subprocess.run([binary, "compile", src, "-o", os.devnull, "--stats"],
                                   capture_output=True, text=True, check=True).stdout
            total = stats.strip().splitlines()[-1].split()
            for fmt in ("lp", "mps"):
                out = os.path.join(d, f"n{n}.{fmt}")
                best, peak = float("inf"), 0.0
                for _ in range(a.runs):
                    t, m = run(binary, ["compile", src, "--format", fmt, "-o", out])
                    best, peak = min(best, t), max(peak, m)
                size = os.path.getsize(out) / 1e6
                side = n * n
                print(f"{n:>3} {f'{side}x{side}':>8} {fmt:>6} {total[1]:>9} {total[2]:>7} {total[3]:>10} "
                      f"{size:>8.1f} {best:>8.3f} {peak:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
