#!/usr/bin/env python3
"""Write examples/killers/: the 42 killers of tarek's list (the TAREK_ALL list of the Interactive
Sudoku Solver's data/collections.js, from the rcbroughton.co.uk forum thread it names), one model
each, and their grids in tests/expected/killers/, as ISS finds them; and the Wecoc killers of
its EXTREME_KILLERS list (the fourth, "tarek unsolvable #41", is TAREK_ALL[40]), with their
published grids.

ISS keeps each killer as one line of 81 characters in the "snarfable" killer format of the
enjoysudoku.com forum: a cell either holds its cage's total (0-9, then A = 10 ... Z = 35, then
a = 36 ... j = 45) or points at a neighbour of its cage (< left, > right, ^ up, v down; ` ' , .
the diagonals up-left, up-right, down-left, down-right). A total of 0 is a cage with no total:
its digits differ, written `extra_region` (a one-cell one says nothing and is left out). The
Wecoc killers are in SudoCue's format instead, `3x3::k:` then 81 numbers, each a cell's cage
total times 256 plus its cage's number (`3x3:d:k:` adds both diagonals). This script only
reads those formats (its own code); the puzzles and the grids are ISS's.

Usage: python3 bench/killers.py [--iss /tmp/iss] [--node node]
(ISS's source tree as bench/families.py describes; the grids come from bench/iss.mjs, which
must find each killer unique.) Then `python3 bench/families.py --dir examples/killers` measures
them against ISS.
"""
import argparse, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEP = {"<": -1, ">": 1, "^": -9, "v": 9, "`": -10, "'": -8, ",": 8, ".": 10}
SOURCE = "http://rcbroughton.co.uk/sudoku/forum/viewtopic.php?f=3&t=434#p2453"


def killers(iss, name="TAREK_ALL"):
    """The 81-character killers of ISS's list NAME (TAREK_ALL, MATHEMAGIC_KILLERS), in order."""
    text = open(os.path.join(iss, "data", "collections.js"), encoding="utf-8").read()
    start = text.index(f"export const {name}")
    end = text.find("export const", start + 1)
    return re.findall(r"'([^'\n]{81})'", text[start:end if end > 0 else len(text)])


def iss_grids(iss, node, labels, limit=30):
    """The grid ISS finds for each of its labels ("TAREK_ALL[0]", ...), by bench/iss.mjs, one
    string of 81 digits each; exits unless ISS finds every one unique."""
    p = subprocess.run([node, os.path.join(ROOT, "bench", "iss.mjs"), "--iss", iss,
                        "--runs", "0", "--time-limit", str(limit)],
                       input="\n".join(labels), capture_output=True, text=True)
    found = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    if p.returncode != 0 or len(found) != len(labels):
        sys.exit(f"iss.mjs: {p.stderr.strip() or p.stdout[-400:]}")
    for label, got in zip(labels, found):
        if got["status"] != "unique":
            sys.exit(f"{label}: ISS says {got['status']}")
    return [got["grid"] for got in found]


def total_of(ch):
    if ch.isdigit():
        return int(ch)
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 10
    if "a" <= ch <= "j":
        return ord(ch) - ord("a") + 36
    raise ValueError(f"not a total: {ch!r}")


def cages(line):
    """[(total, [cell, ...]), ...] in the order of each cage's total cell."""
    target = [i + STEP.get(ch, 0) for i, ch in enumerate(line)]
    by_head = {}
    for i in range(81):
        c, seen = i, 0
        while target[c] != c:
            c = target[c]
            seen += 1
            if seen > 81 or not 0 <= c < 81:
                raise ValueError(f"cell {i} points nowhere")
        by_head.setdefault(c, []).append(i)
    return [(total_of(line[h]), cells) for h, cells in sorted(by_head.items())]


EXTREME = ["Wecoc #1", "Wecoc #1 [mod A]", "Wecoc #2"]


def extreme(iss):
    """[(name, src, input, solution)] of the EXTREME list's entries."""
    text = open(os.path.join(iss, "data", "collections.js"), encoding="utf-8").read()
    out = []
    for want in EXTREME:
        at = text.index(f"name: '{want}'")
        field = lambda key: re.search(key + r": '([^']*)'", text[at:]).group(1)
        out.append((want, field("src"), field("input"), field("solution")))
    return out


def long_cages(line):
    """SudoCue's killer format: (diagonals?, [(total, [cell, ...]), ...]) by cage number."""
    parts = line.split(":")
    if len(parts) < 84 or parts[0] != "3x3" or parts[2] != "k":
        raise ValueError(f"not SudoCue's killer format: {line[:20]}")
    by_cage = {}
    for cell, v in enumerate(int(x) for x in parts[3:84]):
        if v // 256:
            by_cage.setdefault(v % 256, (v // 256, []))[1].append(cell)
    return parts[1] == "d", [by_cage[k] for k in sorted(by_cage)]


def name(i):
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def cage_rules(cages):
    out = []
    for total, cells in cages:
        where = " ".join(name(c) for c in cells)
        if total:
            out.append(f"rule cage({total}, {where})")
        elif len(cells) > 1:
            out.append(f"rule extra_region({where})")
    return out


def extreme_model(title, src, line, stem):
    diagonals, cages = long_cages(line)
    out = [
        f"# {title} (ISS's name): an extreme killer sudoku by Wecoc, from {src},",
        "# as transcribed with its published solution in github.com/sigh/Interactive-Sudoku-Solver",
        f'# (data/collections.js, entry "{title}"), in SudoCue\'s killer format.',
        "# Rules: classic sudoku; the digits of a cage sum to its total and do not repeat. No",
        f"# givens. Written by bench/killers.py; the grid is tests/expected/killers/{stem}.txt.",
        f'puzzle "{title}"',
        "grid 9x9",
        "boxes 3x3",
        "",
        "rule distinct rows, columns, boxes",
    ]
    if diagonals:
        out.append("rule distinct diagonals")
    return "\n".join(out + cage_rules(cages)) + "\n"


def write(folder, stem, text, grid):
    """examples/FOLDER/STEM.sdk and its grid (81 digits) as tests/expected/FOLDER/STEM.txt."""
    for d in ("examples", os.path.join("tests", "expected")):
        os.makedirs(os.path.join(ROOT, d, folder), exist_ok=True)
    with open(os.path.join(ROOT, "examples", folder, stem + ".sdk"), "w") as f:
        f.write(text)
    with open(os.path.join(ROOT, "tests", "expected", folder, stem + ".txt"), "w") as f:
        f.write("".join(grid[r * 9:r * 9 + 9] + "\n" for r in range(9)))


def model(k, line):
    out = [
        f'# tarek\'s killer {k + 1} (ISS\'s label: TAREK_ALL[{k}]): a killer sudoku of tarek\'s list of',
        f"# 42 from the forum thread {SOURCE},",
        "# as transcribed in github.com/sigh/Interactive-Sudoku-Solver",
        f'# (data/collections.js, entry "TAREK_ALL[{k}]"), in the forum\'s killer format:',
        f"#   {line}",
        "# Rules: classic sudoku; the digits of a cage sum to its total and do not repeat (a cage",
        "# whose total is 0 in that format has none: extra_region). No givens. Written by",
        "# bench/killers.py; the grid is tests/expected/killers/" + f"tarek-{k + 1:02}.txt.",
        f'puzzle "tarek\'s killer {k + 1}"',
        "grid 9x9",
        "boxes 3x3",
        "",
        "rule distinct rows, columns, boxes",
    ]
    return "\n".join(out + cage_rules(cages(line))) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default="/tmp/iss")
    ap.add_argument("--node", default="node")
    a = ap.parse_args()
    lines = killers(a.iss)
    if len(lines) != 42:
        sys.exit(f"TAREK_ALL: {len(lines)} killers of 81 characters, not 42")
    grids = iss_grids(a.iss, a.node, [f"TAREK_ALL[{k}]" for k in range(len(lines))])
    for k, (line, grid) in enumerate(zip(lines, grids)):
        write("killers", f"tarek-{k + 1:02}", model(k, line), grid)
    for title, src, line, solution in extreme(a.iss):
        stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
        write("killers", stem, extreme_model(title, src, line, stem), solution)
    print(f"wrote {len(lines) + len(EXTREME)} models to examples/killers and their grids to "
          f"tests/expected/killers")


if __name__ == "__main__":
    main()
