#!/usr/bin/env bash
# Two builds of calcudoku side by side in one run: the speed of a change, as a ratio.
# Every cell is OLD's time ÷ NEW's time (above 1: NEW faster), in-process (`calcudoku bench`):
# Sudoku sets by their rate of solving with proof of uniqueness (the median of RUNS runs per
# side, the two sides taken in turn, each warmed up and timed over whole passes); KenKen sets
# by the mean of each puzzle's median of REPEAT runs (the median of RUNS such runs per side,
# in turn). Both builds must answer every puzzle correctly (`bench` checks the answers and
# exits with status 1 otherwise, which stops the script).
#
# Usage: bash bench/side-by-side/before-after.sh OLD-BINARY NEW-BINARY [RUNS] [REPEAT]
#   Build each as the project ships it (`cargo xtask dist` in a checkout of each commit).
# SETS_SUDOKU / SETS_KENKEN (environment) override the sets; DATA the shared data folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
old="$1"
new="$2"
runs="${3:-5}"
repeat="${4:-21}"
data="${DATA:-$repo/../shared/data}"
sets_sudoku="${SETS_SUDOKU:-17-clue magictour-top1465 forum-hardest-1905-11plus forum-hardest-1106 serg-benchmark}"
sets_kenken="${SETS_KENKEN:-8x8-normal 8x8-extreme 9x9-hard 9x9-unreasonable 10x10-normal 10x10-extreme}"

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "| set | puzzles | old ÷ new (median of $runs) |"
echo "|---|---:|---:|"
for set in $sets_sudoku; do
  file="$data/sudoku/$set.txt"
  [ -f "$file" ] || continue
  n="$(grep -c . "$file")"
  olds=() news=()
  for ((i = 0; i < runs; i++)); do
    olds+=("$("$old" bench --json "$file" | sed 's/.*"unique_per_s":\([0-9.e+]*\).*/\1/')")
    news+=("$("$new" bench --json "$file" | sed 's/.*"unique_per_s":\([0-9.e+]*\).*/\1/')")
  done
  # Rates: new's over old's is old's time over new's.
  ratio="$(awk -v o="$(median "${olds[@]}")" -v n="$(median "${news[@]}")" 'BEGIN {printf "%.2f", n / o}')"
  echo "| sudoku/$set | $n | $ratio |"
done
for set in $sets_kenken; do
  dir="$data/kenken/$set"
  [ -d "$dir" ] || continue
  n="$(ls "$dir"/*.keen 2>/dev/null | wc -l)"
  olds=() news=()
  for ((i = 0; i < runs; i++)); do
    olds+=("$("$old" bench --json --repeat "$repeat" "$dir" | sed 's/.*"mean_ms":\([0-9.e+-]*\).*/\1/')")
    news+=("$("$new" bench --json --repeat "$repeat" "$dir" | sed 's/.*"mean_ms":\([0-9.e+-]*\).*/\1/')")
  done
  ratio="$(awk -v o="$(median "${olds[@]}")" -v n="$(median "${news[@]}")" 'BEGIN {printf "%.2f", o / n}')"
  echo "| kenken/$set | $n | $ratio |"
done
# Generation: wall time of `generate -n COUNT --seed 1 -j 1 -q`, the median of RUNS runs per
# side in turn; both must make the same puzzles (the same seed gives the same puzzles while
# the generator's draws are unchanged) or the row says they differ.
gens="${GENERATE:-kenken:6:hard:8000 kenken:9:extreme:200 sudoku:9:hard:40 killer:9:medium:1000}"
wall() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", b - a}'; }
for g in $gens; do
  IFS=: read -r kind size level count <<< "$g"
  args=(generate -k "$kind" -s "$size" -d "$level" -n "$count" --seed 1 -j 1 -q)
  same="same puzzles"
  [ "$("$old" "${args[@]}" | md5sum)" = "$("$new" "${args[@]}" | md5sum)" ] || same="other puzzles"
  olds=() news=()
  for ((i = 0; i < runs; i++)); do
    olds+=("$(wall "$old" "${args[@]}")")
    news+=("$(wall "$new" "${args[@]}")")
  done
  ratio="$(awk -v o="$(median "${olds[@]}")" -v n="$(median "${news[@]}")" 'BEGIN {printf "%.2f", o / n}')"
  echo "| generate $kind ${size}×$size $level ($same) | $count | $ratio |"
done
