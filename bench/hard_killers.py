#!/usr/bin/env python3
"""Write examples/killers-hard/: the 14 killers of the Interactive Sudoku Solver's
MATHEMAGIC_KILLERS list (hard killers generated with ISS by the forum user Mathemagic, from the
enjoysudoku.com thread the list names), one model each, and their grids in
tests/expected/killers-hard/, as ISS finds them.

They are in the forum's killer format, read by bench/killers.py's own functions (`cages`,
`cage_rules`). They take ISS 1.6 to 5 s each and sdkc's builtin search several times that:
a benchmark for the cages' propagation, kept out of the test suite's full runs
(tests/killers.rs proves one of them).

Usage: python3 bench/hard_killers.py [--iss /tmp/iss] [--node node]
(ISS's source tree as bench/families.py describes; bench/iss.mjs must find each unique.) Then
`python3 bench/families.py --dir examples/killers-hard` measures them against ISS.
"""
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from killers import cage_rules, cages, iss_grids, killers, write  # noqa: E402

LIST = "MATHEMAGIC_KILLERS"
SOURCE = "http://forum.enjoysudoku.com/the-hardest-killers-t39601.html#p313003"


def model(k, line):
    stem = f"mathemagic-{k + 1:02}"
    out = [
        f"# Mathemagic's killer {k + 1} (ISS's label: {LIST}[{k}]): a hard killer sudoku generated",
        f"# with the Interactive Sudoku Solver, from the forum thread {SOURCE},",
        "# as transcribed in github.com/sigh/Interactive-Sudoku-Solver",
        f'# (data/collections.js, entry "{LIST}[{k}]"), in the forum\'s killer format:',
        f"#   {line}",
        "# Rules: classic sudoku; the digits of a cage sum to its total and do not repeat. No",
        f"# givens. Written by bench/hard_killers.py; the grid is tests/expected/killers-hard/{stem}.txt.",
        f'puzzle "Mathemagic\'s killer {k + 1}"',
        "grid 9x9",
        "boxes 3x3",
        "",
        "rule distinct rows, columns, boxes",
    ]
    return stem, "\n".join(out + cage_rules(cages(line))) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default="/tmp/iss")
    ap.add_argument("--node", default="node")
    a = ap.parse_args()
    lines = killers(a.iss, LIST)
    if len(lines) != 14:
        sys.exit(f"{LIST}: {len(lines)} killers of 81 characters, not 14")
    grids = iss_grids(a.iss, a.node, [f"{LIST}[{k}]" for k in range(len(lines))], limit=120)
    for k, (line, grid) in enumerate(zip(lines, grids)):
        write("killers-hard", *model(k, line), grid)
    print(f"wrote {len(lines)} models to examples/killers-hard and their grids to "
          f"tests/expected/killers-hard")


if __name__ == "__main__":
    main()
