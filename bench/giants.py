#!/usr/bin/env python3
"""Write examples/giants/: the 16x16 puzzles of the Interactive Sudoku Solver's collections (the
EXAMPLE_16X16 list of its data/collections.js: three X-sudokus and a windoku, each with its
published solution), one model each, and their grids in tests/expected/giants/.

ISS keeps each as a constraint string: `.Shape~16x16`, then `.Diagonal~1.Diagonal~-1` (both
diagonals hold every value once) or `.Windoku` (nine 4x4 windows, rows and columns 2-5, 7-10 and
12-15, hold every value once), then `.~R1C1_5~...`, the givens, with rows and columns numbered
1-9 then a-g (10-16); its solution is one letter a cell, A = 1 ... P = 16. This script only reads
that form (its own code); the puzzles and the grids are ISS's.

Usage: python3 bench/giants.py [--iss /tmp/iss]
(ISS's source tree as bench/families.py describes.) Then `python3 bench/families.py --dir
examples/giants` measures them against ISS.
"""
import argparse, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = 16
# Windoku's windows on a 16x16 with 4x4 boxes: a 4x4 window from each of these rows and columns.
WINDOWS = (1, 6, 11)


def entries(iss):
    """(name, src, input, solution) of each entry of EXAMPLE_16X16, in order."""
    text = open(os.path.join(iss, "data", "collections.js"), encoding="utf-8").read()
    start = text.index("const EXAMPLE_16X16")
    end = text.index("];", start)
    body = text[start:end]
    out = []
    for block in re.split(r"\n  \{", body)[1:]:
        name = re.search(r"name: '([^']*)'", block).group(1)
        src = re.search(r"src: '([^']*)'", block).group(1)
        given = re.search(r"input: `([^`]*)`", block).group(1)
        solution = re.search(r"solution: '([^']*)'", block).group(1)
        out.append((name, src, " ".join(given.split()), solution))
    return out


def index(ch):
    """A row or column of ISS's cell names: 1-9, then a = 10 ... g = 16, as 0-based."""
    return int(ch, 17) - 1


def givens(constraint):
    """{(row, column): value} of the `.~R1C1_5~...` part."""
    cells = {}
    for r, c, v in re.findall(r"R([1-9a-g])C([1-9a-g])_(\d+)", constraint):
        cells[(index(r), index(c))] = int(v)
    return cells


def grid_block(cells):
    rows = []
    for r in range(N):
        parts = []
        for b in range(0, N, 4):
            parts.append(" ".join(f"{cells[(r, c)]:>2}" if (r, c) in cells else " ."
                                  for c in range(b, b + 4)))
        rows.append("  " + " | ".join(parts))
        if r % 4 == 3 and r < N - 1:
            rows.append("  " + "+".join(["-" * 12] * 4))
    return rows


def windows_block():
    rows = []
    for r in range(N):
        line = []
        for c in range(N):
            mark = "."
            for i, r0 in enumerate(WINDOWS):
                for j, c0 in enumerate(WINDOWS):
                    if r0 <= r < r0 + 4 and c0 <= c < c0 + 4:
                        mark = str(1 + 3 * i + j)
            line.append(mark)
        rows.append("  " + " ".join(line))
    return rows


def model(name, src, constraint, stem):
    windoku = ".Windoku" in constraint
    diagonals = ".Diagonal~1" in constraint and ".Diagonal~-1" in constraint
    if windoku == diagonals:
        sys.exit(f"{name}: neither a windoku nor an X-sudoku: {constraint[:80]}")
    extra = ("each of the nine 4x4 windows (rows and\n# columns 2-5, 7-10 and 12-15) also holds "
             "1..16 once" if windoku else "both main diagonals\n# also hold 1..16 once")
    out = [
        f'# "{name}" (ISS\'s name): a 16x16 puzzle from',
        f"# {src},",
        "# as transcribed with its published solution in github.com/sigh/Interactive-Sudoku-Solver",
        f'# (data/collections.js, entry "{name}").',
        f"# Rules: each row, column and 4x4 box holds 1..16 once; {extra}.",
        f"# Written by bench/giants.py; the grid is tests/expected/giants/{stem}.txt.",
        f'puzzle "{name}"',
        "grid 16x16",
        "boxes 4x4",
        "",
        "givens {",
        *grid_block(givens(constraint)),
        "}",
        "",
    ]
    if windoku:
        out += ["regions windows {", *windows_block(), "}", "",
                "rule distinct rows, columns, boxes, windows"]
    else:
        out += ["rule distinct rows, columns, boxes, diagonals"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default="/tmp/iss")
    a = ap.parse_args()
    found = entries(a.iss)
    if len(found) != 4:
        sys.exit(f"EXAMPLE_16X16: {len(found)} entries, not 4")
    os.makedirs(os.path.join(ROOT, "examples", "giants"), exist_ok=True)
    os.makedirs(os.path.join(ROOT, "tests", "expected", "giants"), exist_ok=True)
    for name, src, constraint, solution in found:
        stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        if len(solution) != N * N:
            sys.exit(f"{name}: a solution of {len(solution)} letters")
        with open(os.path.join(ROOT, "examples", "giants", stem + ".sdk"), "w") as f:
            f.write(model(name, src, constraint, stem))
        # One character a value, as tests/expected/sixteen.txt: 1-9, then A = 10 ... G = 16.
        digits = "".join("0123456789ABCDEFG"[ord(ch) - ord("A") + 1] for ch in solution)
        with open(os.path.join(ROOT, "tests", "expected", "giants", stem + ".txt"), "w") as f:
            f.write("".join(digits[r * N:r * N + N] + "\n" for r in range(N)))
    print(f"wrote {len(found)} models to examples/giants and their grids to tests/expected/giants")


if __name__ == "__main__":
    main()
