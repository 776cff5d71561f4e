#!/usr/bin/env bash
# 9×9 Sudoku generation side by side with QQWing (Stephen Ostermiller's generator and grader,
# C++), one thread each, one process per row, clues without symmetry on both sides.
#
# QQWing grades with its own four levels (simple, easy, intermediate, expert). For each, the
# script times QQWing making COUNT puzzles at that level, grades them with `calcudoku grade`,
# and times `calcudoku generate` making COUNT puzzles at the level calcudoku's grader gives
# most of QQWing's (so both sides make puzzles of the same grade by the same yardstick). Then
# the other way: QQWing rates calcudoku's puzzles of each level.
#
# Usage: bash bench/side-by-side/qqwing-generate.sh PATH-TO-QQWING-CHECKOUT [COUNT]
# (a checkout of https://github.com/stephenostermiller/qqwing; QQWing is GPL: it is copied to
#  and built in a temporary folder, never linked with or committed to this repository).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: qqwing-generate.sh PATH-TO-QQWING-CHECKOUT [COUNT]}"
count="${2:-100}"
work="$(mktemp -d /tmp/qqwing-generate.XXXXXX)"
trap 'rm -rf "$work"' EXIT

cp -r "$src/src/cpp" "$work/src"
# The autotools build would write config.h; two names are all main.cpp needs.
printf '#define VERSION "side-by-side"\n#define PACKAGE_STRING "qqwing (side-by-side build)"\n' \
  > "$work/src/config.h"
g++ -O2 -I"$work/src" -o "$work/qqwing" "$work/src/main.cpp" "$work/src/qqwing.cpp"
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
cd_bin="$CALCUDOKU"

# Seconds taken by a command, its output to a file.
timed() {
  local out="$1"
  shift
  local start end
  start=$(date +%s.%N)
  "$@" > "$out"
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN {printf "%.6f", e - s}'
}

# The calcudoku level most puzzles of a one-line file grade at.
usual_level() {
  "$cd_bin" grade -q -j 1 "$1" | sed 's/ (rating.*//' | sort | uniq -c | sort -rn | head -1 \
    | sed 's/^ *[0-9]* //'
}

# "level ×k, …" of a one-line file as graded by calcudoku.
our_grades() {
  "$cd_bin" grade -q -j 1 "$1" | sed 's/ (rating.*//' | sort | uniq -c | sort -rn \
    | awk '{n=$1; $1=""; sub(/^ /, ""); printf "%s%s ×%d", (NR > 1 ? ", " : ""), $0, n}'
}

# "Level ×k, …" of a one-line file as rated by QQWing.
qq_grades() {
  "$work/qqwing" --solve --stats --nosolution < "$1" | sed -n 's/^Difficulty: //p' | sort \
    | uniq -c | sort -rn | awk '{printf "%s%s ×%d", (NR > 1 ? ", " : ""), $2, $1}'
}

echo "$count puzzles per row, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| QQWing level | QQWing ms | calcudoku grades them | calcudoku level | calcudoku ms | ratio |"
echo "|---|---:|---|---|---:|---:|"
for level in simple easy intermediate expert; do
  qq="$work/qq-$level.txt"
  t_qq=$(timed "$qq" "$work/qqwing" --generate "$count" --difficulty "$level" --one-line \
    --symmetry none)
  ours_level="$(usual_level "$qq")"
  ours="$work/cd-$level.txt"
  t_cd=$(timed "$ours" "$cd_bin" generate -q -j 1 -k sudoku -d "$ours_level" -n "$count" \
    --seed 1 --symmetry none)
  awk -v l="$level" -v g="$(our_grades "$qq")" -v ol="$ours_level" -v q="$t_qq" -v c="$t_cd" \
    -v n="$count" 'BEGIN {printf "| %s | %.2f | %s | %s | %.2f | %.1f× |\n",
      l, q / n * 1000, g, ol, c / n * 1000, q / c}'
done
echo
echo "| calcudoku level | calcudoku ms | QQWing rates them |"
echo "|---|---:|---|"
for level in easy medium hard fiendish diabolical; do
  ours="$work/ours-$level.txt"
  t_cd=$(timed "$ours" "$cd_bin" generate -q -j 1 -k sudoku -d "$level" -n "$count" --seed 1 \
    --symmetry none)
  awk -v l="$level" -v c="$t_cd" -v n="$count" -v g="$(qq_grades "$ours")" \
    'BEGIN {printf "| %s | %.2f | %s |\n", l, c / n * 1000, g}'
done
