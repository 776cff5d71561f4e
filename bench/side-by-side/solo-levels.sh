#!/usr/bin/env bash
# Solo's levels side by side: `solo-levels.sh PUZZLES CALCUDOKU FILE…` builds Solo's solver
# from a checkout of Tatham's puzzles (PUZZLES) in a temporary folder, grades every game ID of
# each FILE (one a line) with it and with `CALCUDOKU grade --scale solo`, and prints per file
# how many levels agree (and the IDs that do not). A Killer's level is its two words, the
# level and the Killer level (`basic advanced`), and agrees only when both do.
#
# `solo-levels.sh PUZZLES CALCUDOKU --make COUNT PARAMS…` first makes each set with Solo's
# generator: COUNT IDs of each of Solo's parameter strings (`3x3kdi`: Killer, intermediate),
# seeded with the string; for a Killer, also the same IDs with 4, 8, 16 and 24 cells of their
# solution given (solo-with-givens.py), since Solo's generator makes Killer level advanced
# only.
set -euo pipefail
src="$1"; bin="$2"; shift 2
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# shellcheck source=solo-build.sh
. "$here/solo-build.sh"
build_solo "$src" "$work"
files=()
if [ "${1:-}" = "--make" ]; then
  count="$2"; shift 2
  mkdir -p "$work/sets"
  for params in "$@"; do
    "$work/solo-generate" "$params" "$count" "$params" > "$work/sets/$params" 2>/dev/null
    files+=("$work/sets/$params")
    case "${params%%d*}" in
      *k*)
        for k in 4 8 16 24; do
          python3 "$here/solo-with-givens.py" "$bin" "$k" "$params" < "$work/sets/$params" \
            > "$work/sets/$params+$k"
          files+=("$work/sets/$params+$k")
        done ;;
    esac
  done
else
  files=("$@")
fi
for f in "${files[@]}"; do
  grep -v "^\s*$" "$f" > "$work/ids" || true
  "$work/solo-solve" "$work/ids" | cut -d' ' -f2- > "$work/theirs"
  "$bin" grade -q --scale solo "$work/ids" | cut -d: -f1 | sed 's/ (Killer \(.*\))/ \1/' > "$work/ours"
  paste "$work/ids" "$work/theirs" "$work/ours" | awk -F'\t' -v f="${f##*/}" '
    $2 == $3 { ok++; seen[$2]++ } $2 != $3 { print "  differs: " $0 }
    END { printf "%s: %d of %d agree (", f, ok, NR; sep = ""
          for (l in seen) { printf "%s%s %d", sep, l, seen[l]; sep = ", " } print ")" }'
done
