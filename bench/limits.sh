#!/usr/bin/env bash
# Bounded work on bad input (issue 11), measured on the release binary: wall time and peak
# memory (max RSS) of each input class the README's "Limits" section lists, and the largest
# grid that compiles within the memory bound. Usage: bench/limits.sh  (about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sdkc=$PWD/target/release/sdkc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head='grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n'

python3 - "$work" <<'EOF'
import sys, os
w = sys.argv[1]
h = 'grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\n'
cases = {
    'parens-5000': h + 'rule x: ' + '(' * 5000 + 'v[r1c1]' + ')' * 5000 + ' == 1\n',
    'plus-6000': h + 'rule x: ' + ' + '.join(['v[r1c1]'] * 6000) + ' >= 1\n',
    'not-6000': h + 'rule x: ' + 'not ' * 6000 + 'v[r1c1] == 1\n',
    'column-70000': h + 'rule x: ' + ' ' * 70000 + 'v[r1c1] == 10\n',
    'quantifiers-5-on-25x25': 'grid 25x25\nboxes 5x5\nrule distinct rows, columns, boxes\n'
        'rule b: for a in cells: for b in cells: for c in cells: for d in cells: for e in cells: v[a] + v[b] != v[c] + v[d] + v[e]\n',
    'all-pairs-256x256': 'grid 256x256\nboxes 16x16\nrule p: for (a, b) in cells: v[a] != v[b]\n',
    'bad-givens-20000': 'grid 200x200\nvalues 1..100\ngivens {\n'
        + ''.join(' '.join(['999'] * 100 + ['.'] * 100) + '\n' for _ in range(200)) + '}\n',
    'repeated-cells-8000': h + 'area a = ' + ' '.join(['r1c1'] * 8000) + '\nrule distinct a\n',
    'repeated-set-1600': h.replace('rule distinct rows, columns, boxes', 'rule distinct ' + ', '.join(['rows'] * 1600)),
    'lowering-past-30M': 'grid 20x20\nvalues 1..256\nrule s: for c in cells: sum(d in cells: v[d]) == 40000 + row(c)\n',
}
for n in (169, 196, 256):
    b = int(n ** 0.5)
    cases[f'grid-{n}x{n}'] = f'grid {n}x{n}\nboxes {b}x{b}\nrule distinct rows, columns, boxes\n'
for name, text in cases.items():
    open(os.path.join(w, name + '.sdk'), 'w').write(text)
EOF

printf '%-28s %-6s %5s %9s %10s\n' input format exit seconds 'peak MiB'
for f in "$work"/*.sdk; do
  name=$(basename "$f" .sdk)
  for format in lp mps; do
    case $name in grid-*|lowering-*) ;; *) [ "$format" = mps ] && continue ;; esac
    /usr/bin/time -f '%e %M' -o "$work/time" "$sdkc" compile "$f" --format "$format" -o "$work/out" \
      >/dev/null 2>"$work/err" && code=0 || code=$?
    read -r secs kib < <(tail -n 1 "$work/time")
    printf '%-28s %-6s %5s %9s %10.0f\n' "$name" "$format" "$code" "$secs" "$((kib / 1024))"
    rm -f "$work/out"
  done
done
