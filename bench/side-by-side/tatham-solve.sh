#!/usr/bin/env bash
# Solving (with proof of uniqueness) or grading side by side with Tatham's Towers and Unequal,
# one thread, in-process for both: every spec of the shared tables (`towers.tsv`,
# `unequal.tsv`), parse excluded, the median of REPEAT runs per puzzle, the mean over the spec.
# Tatham's solver runs at its top level (Towers) or as Unequal's standalone solver does (one
# run at the recursive level). Prints a Markdown table: Tatham ms, calcudoku ms, ratio
# (Tatham ÷ calcudoku; above 1 = calcudoku faster) and how many calcudoku got right (solution,
# or with --grade the level Tatham's solver gives).
#
# Usage: bash bench/side-by-side/tatham-solve.sh PATH-TO-PUZZLES-CHECKOUT [TABLES] [REPEAT] [--grade]
# (a checkout of https://git.tartarus.org/simon/puzzles with towers.c, unequal.c and latin.c;
#  it is copied to and built in a temporary folder, nothing of it enters this repository).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: tatham-solve.sh PATH-TO-PUZZLES-CHECKOUT [TABLES] [REPEAT] [--grade]}"
tables="${2:-$repo/../shared/data/tatham}"
repeat="${3:-5}"
mode=solve
grade=()
if [ "${4:-}" = --grade ]; then mode=grade; grade=(--grade); fi
work="$(mktemp -d /tmp/tatham-solve.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$here/tatham-build.sh"
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
echo "| game spec | puzzles | Tatham ms | calcudoku ms | ratio | calcudoku right |"
echo "|---|---:|---:|---:|---:|---:|"
for game in towers unequal; do
  mkdir -p "$work/$game"
  build_tatham "$src" "$work/$game" "$game"
  "$CALCUDOKU" bench "${grade[@]}" --repeat "$repeat" "$tables/$game.tsv" > "$work/ours.txt"
  while read -r _ spec puzzles right mean _; do
    [ "$spec" = puzzles ] && continue
    awk -F'\t' -v s="$spec" '$1 == s {print $2}' "$tables/$game.tsv" > "$work/ids.txt"
    theirs="$("$work/$game/$game-driver" "$mode" "$work/ids.txt" "$repeat" \
      | awk '{s += $2; n++} END {printf "%.4f", s / n * 1000}')"
    ratio="$(awk -v t="$theirs" -v o="$mean" 'BEGIN {printf "%.1f", t / o}')"
    echo "| $game $spec | $puzzles | $theirs | $mean | $ratio | $right |"
  done < "$work/ours.txt"
done
