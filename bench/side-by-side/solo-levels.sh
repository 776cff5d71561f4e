#!/usr/bin/env bash
# Solo's levels side by side: `solo-levels.sh PUZZLES CALCUDOKU FILE…` builds Solo's solver
# from a checkout of Tatham's puzzles (PUZZLES) in a temporary folder, grades every game ID of
# each FILE (one a line) with it and with `CALCUDOKU grade --scale solo`, and prints per file
# how many levels agree (and the IDs that do not).
set -euo pipefail
src="$1"; bin="$2"; shift 2
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# shellcheck source=solo-build.sh
. "$(dirname "$0")/solo-build.sh"
build_solo "$src" "$work"
for f in "$@"; do
  grep -v '^\s*$' "$f" > "$work/ids"
  "$work/solo-solve" "$work/ids" | cut -d' ' -f2 > "$work/theirs"
  "$bin" grade -q --scale solo "$work/ids" | cut -d: -f1 > "$work/ours"
  paste "$work/ids" "$work/theirs" "$work/ours" | awk -v f="$f" '
    $2 == $3 { ok++ } $2 != $3 { print "  differs: " $0 }
    END { printf "%s: %d of %d agree\n", f, ok, NR }'
done
