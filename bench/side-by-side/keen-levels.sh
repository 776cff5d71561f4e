#!/usr/bin/env bash
# Does Keen's own grader give calcudoku's generated KenKen the level they were made at? For
# every size 4 to 9 and each of Keen's five levels, `calcudoku generate --to keen` makes COUNT
# puzzles (seed 1), Keen's standalone grading loop (solver at easy, normal, … until one
# finishes; built from a checkout of Simon Tatham's puzzles in a temporary folder) grades each
# game ID, and a Markdown table says how many of them Keen puts at the level asked.
#
# Usage: bash bench/side-by-side/keen-levels.sh PATH-TO-PUZZLES-CHECKOUT [COUNT] [FLAGS…]
# FLAGS go to `generate` (e.g. --mult-only). CALCUDOKU=path uses that binary instead of
# building this checkout's. Nothing of Keen enters this repository.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: keen-levels.sh PATH-TO-PUZZLES-CHECKOUT [COUNT] [FLAGS…]}"
count="${2:-10}"
shift $(( $# >= 2 ? 2 : 1 ))
work="$(mktemp -d /tmp/keen-levels.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$here/keen-build.sh"
build_keen "$src" "$work" keen_grade_driver.c
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
levels=(easy normal hard extreme unreasonable)
# Keen's names for its levels, as its grader prints them.
keen_names=(Easy Normal Hard Extreme Unreasonable)
echo "| size | $(IFS='|'; echo "${levels[*]}" | sed 's/|/ | /g') |"
echo "|---:|---:|---:|---:|---:|---:|"
total=0 agree=0
for size in 4 5 6 7 8 9; do
  line="| $size |"
  for i in 0 1 2 3 4; do
    "$CALCUDOKU" generate -q -j 2 -s "$size" -d "${levels[$i]}" "$@" -n "$count" --seed 1 \
      --to keen > "$work/ids.txt"
    made="$(grep -c . "$work/ids.txt" || true)"
    same="$("$work/keen-driver" "$work/ids.txt" 1 | awk -v want="${keen_names[$i]}" '$1 == want {k++} END {print k + 0}')"
    line="$line $same/$made |"
    total=$((total + made)) agree=$((agree + same))
  done
  echo "$line"
done
echo
echo "Keen's grader agrees on $agree of $total."
