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
cp "$src"/*.c "$src"/*.h "$work"/
# Some forks declare the colour-preset enum in a way only MSVC accepts; name it for gcc.
perl -0pi -e 's/enum \{(\s*COLOURPRESET_ENTRY,\s*COLOURPRESET_PENCIL,\s*)\} colourpreset_type;/enum colourpreset_type {$1};/' "$work/puzzles.h"
cp "$here/keen_grade_driver.c" "$here/keen_stubs.c" "$work/"
support=""
for f in latin.c malloc.c misc.c dsf.c tree234.c random.c drawing.c matching.c maxflow.c; do
  [ -f "$work/$f" ] && support="$support $work/$f"
done
gcc -O2 -DSTANDALONE_SOLVER -I"$work" -o "$work/keen-grade" "$work/keen_grade_driver.c" \
  "$work/keen_stubs.c" $support -lm
(cd "$repo" && cargo build --release --quiet -p calcudoku-cli)
ours="$("$repo/target/release/calcudoku" bench --grade --repeat "$repeat" "$corpus")"
echo "| set | Keen ms | calcudoku ms | ratio | levels agree |"
echo "|---|---:|---:|---:|---:|"
while read -r name puzzles agree mean _; do
  [ "$name" = set ] && continue
  cat "$corpus/$name"/*.keen > "$work/ids.txt"
  keen="$("$work/keen-grade" "$work/ids.txt" "$repeat" | awk '{s += $2; n++} END {printf "%.4f", s / n * 1000}')"
  ratio="$(awk -v k="$keen" -v o="$mean" 'BEGIN {printf "%.1f", k / o}')"
  echo "| $name | $keen | $mean | $ratio | $agree/$puzzles |"
done <<< "$ours"
