#!/usr/bin/env bash
# Grading speed side by side with Keen's own grader (Simon Tatham's puzzles), one thread,
# in-process for both: every set of the KenKen corpus, parse excluded, the median of REPEAT runs
# per puzzle, the mean over the set. Prints a Markdown table: Keen ms, calcudoku ms, ratio
# (Keen ÷ calcudoku; above 1 = calcudoku faster) and whether calcudoku gave every puzzle the
# folder's level.
#
# Usage: bash bench/side-by-side/keen-grade.sh PATH-TO-PUZZLES-CHECKOUT [CORPUS] [REPEAT]
# (a checkout of https://git.tartarus.org/simon/puzzles or a fork with keen.c and latin.c;
#  it is copied to and built in a temporary folder, nothing of it enters this repository).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: keen-grade.sh PATH-TO-PUZZLES-CHECKOUT [CORPUS] [REPEAT]}"
corpus="${2:-$repo/../shared/data/kenken}"
repeat="${3:-21}"
work="$(mktemp -d /tmp/keen-grade.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$here/keen-build.sh"
build_keen "$src" "$work" keen_grade_driver.c
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
ours="$("$CALCUDOKU" bench --grade --repeat "$repeat" "$corpus")"
echo "| set | Keen ms | calcudoku ms | ratio | levels agree |"
echo "|---|---:|---:|---:|---:|"
while read -r name puzzles agree mean _; do
  [ "$name" = set ] && continue
  cat "$corpus/$name"/*.keen > "$work/ids.txt"
  keen="$("$work/keen-driver" "$work/ids.txt" "$repeat" | awk '{s += $2; n++} END {printf "%.4f", s / n * 1000}')"
  ratio="$(awk -v k="$keen" -v o="$mean" 'BEGIN {printf "%.1f", k / o}')"
  echo "| $name | $keen | $mean | $ratio | $agree/$puzzles |"
done <<< "$ours"
