#!/usr/bin/env bash
# Peak memory and seconds of 1 MiB of one clue shape at a time (4,000 to 60,000 clues on a
# 9x9), for `check`, the builtin search and HiGHS under a 10 s time limit: what the 1 MiB
# bound on a model's file keeps the memory of rules by the thousand to (README, "Limits").
# Usage: bench/clue-memory.sh [SIZE_IN_BYTES]   (default 1048576; takes about 15 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sdkc=$PWD/target/release/sdkc
size=${1:-1048576}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shapes=(
  'little_killer(r1c1-r9c9, 45)' 'x_sum(r1c1-r1c9, 25)' 'skyscraper(r1c1-r1c9, 4)'
  'sandwich(r1c1-r1c9, 20)' 'lunchbox(r1c1-r1c9, 20)' 'entropic(r1c1-r1c9)' 'zipper(r1c1-r1c9)'
  'region_sum(r1c1-r1c9)' 'renban(r1c1-r1c9)' 'nabner(r1c1-r1c9)' 'between(r1c1-r1c9)'
  'lockout(r1c1-r1c9, 4)' 'palindrome(r1c1-r1c9)' 'modular(r1c1-r1c9)'
  'counting_circles(r1c1-r1c9)' 'cage(45, r1c1-r1c9)' 'arrow(r1c1, r2c2-r9c9)'
  'pill_arrow(r1c1 r1c2, r2c2-r9c9)' 'german_whisper(r1c1-r1c9)' 'thermo(r1c1-r1c2)'
  'clone(r1c1-r1c3, r4c4-r4c6)' 'numbered_room(r1c1-r1c9, 5)' 'equality_cage(r1c1-r1c9)'
  'sum(c in cells: v[c]) == 405'
)
printf '%-34s | %-24s | %-24s | %-24s\n' 'clue (rule ...)' check 'run builtin' 'run highs'
for shape in "${shapes[@]}"; do
  python3 - "$shape" "$size" "$work/m.sdk" <<'PY'
import sys
shape, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
head = 'grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n'
line = f'rule {shape}\n'
open(out, 'w').write(head + line * ((size - len(head)) // len(line)))
PY
  row=$(printf '%-34s' "$shape")
  for cmd in "check" "run --solver builtin --time-limit 10" "run --solver highs --time-limit 10"; do
    # shellcheck disable=SC2086
    r=$( (/usr/bin/time -f "%e s %M KB exit %x" "$sdkc" $cmd "$work/m.sdk" 2>&1 >/dev/null || true) | tail -1)
    row+=$(printf ' | %-24s' "$r")
  done
  echo "$row"
done
