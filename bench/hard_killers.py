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
import argparse, json, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from killers import cage_rules, cages  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = "MATHEMAGIC_KILLERS"
SOURCE = "http://forum.enjoysudoku.com/the-hardest-killers-t39601.html#p313003"


def killers(iss):
    """The 81-character killers of the list, in order."""
    text = open(os.path.join(iss, "data", "collections.js"), encoding="utf-8").read()
    start = text.index(f"export const {LIST}")
    end = text.find("export const", start + 1)
    return re.findall(r"'([^'\n]{81})'", text[start:end if end > 0 else len(text)])


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
    lines = killers(a.iss)
    if len(lines) != 14:
        sys.exit(f"{LIST}: {len(lines)} killers of 81 characters, not 14")
    labels = "\n".join(f"{LIST}[{k}]" for k in range(len(lines)))
    p = subprocess.run([a.node, os.path.join(ROOT, "bench", "iss.mjs"), "--iss", a.iss,
                        "--runs", "0", "--time-limit", "120"],
                       input=labels, capture_output=True, text=True)
    found = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    if p.returncode != 0 or len(found) != len(lines):
        sys.exit(f"iss.mjs: {p.stderr.strip() or p.stdout[-400:]}")
    for d in ("examples/killers-hard", "tests/expected/killers-hard"):
        os.makedirs(os.path.join(ROOT, d), exist_ok=True)
    for k, (line, got) in enumerate(zip(lines, found)):
        if got["status"] != "unique":
            sys.exit(f"{LIST}[{k}]: ISS says {got['status']}")
        stem, text = model(k, line)
        with open(os.path.join(ROOT, "examples", "killers-hard", stem + ".sdk"), "w") as f:
            f.write(text)
        grid = got["grid"]
        with open(os.path.join(ROOT, "tests", "expected", "killers-hard", stem + ".txt"), "w") as f:
            f.write("".join(grid[r * 9:r * 9 + 9] + "\n" for r in range(9)))
    print(f"wrote {len(lines)} models to examples/killers-hard and their grids to "
          f"tests/expected/killers-hard")


if __name__ == "__main__":
    main()
