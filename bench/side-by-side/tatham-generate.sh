#!/usr/bin/env bash
# Generation against Tatham's Towers and Unequal generators, in one run:
# `tatham-generate.sh PUZZLES CALCUDOKU [COUNT] [SIZES]` builds the games' drivers from a
# checkout of Tatham's puzzles (PUZZLES) in a temporary folder (tatham-build.sh), then per game,
# size (default 5 to 9) and level makes COUNT puzzles (default 40) with each, seed 5: Tatham's
# in-process (the sum of the driver's per-puzzle times), calcudoku on one thread
# (`generate -v -k KIND -s N -d LEVEL -n COUNT --seed 5 -j 1`) both in-process (the sum of
# the times `-v` gives each puzzle: the generator alone, as Tatham's driver times it) and as
# the whole process, its start of about a millisecond included (a handicap to calcudoku only
# where a row takes milliseconds). Prints a Markdown table: seconds for the COUNT puzzles and
# Tatham ÷ calcudoku for each. GAMES (environment) picks among towers, unequal and adjacent.
set -euo pipefail
src="$1"; bin="$2"; count="${3:-40}"; sizes="${4:-5 6 7 8 9}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d /tmp/tatham-generate.XXXXXX)"; trap 'rm -rf "$work"' EXIT
# shellcheck source=tatham-build.sh
. "$here/tatham-build.sh"
echo "| game | size | level | Tatham s | calcudoku s | Tatham ÷ calcudoku | calcudoku whole process s | Tatham ÷ that |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for game in ${GAMES:-towers unequal adjacent}; do
  case "$game" in
    towers) driver=towers; mode=""; levels="easy:e hard:h extreme:x unreasonable:u" ;;
    unequal) driver=unequal; mode=""; levels="trivial:t easy:e tricky:k extreme:x recursive:r" ;;
    adjacent) driver=unequal; mode="a"; levels="trivial:t easy:e tricky:k extreme:x recursive:r" ;;
    *) echo "unknown game $game" >&2; exit 2 ;;
  esac
  if [ ! -x "$work/$driver/$driver-driver" ]; then
    mkdir -p "$work/$driver"
    build_tatham "$src" "$work/$driver" "$driver" 2>/dev/null
  fi
  for n in $sizes; do
    for pair in $levels; do
      level="${pair%%:*}"; letter="${pair#*:}"
      theirs=$("$work/$driver/$driver-driver" gen "${n}${mode}d${letter}" "$count" 5 \
        | awk -F'\t' '{s += $2} END {printf "%.3f", s}')
      start=$(date +%s.%N)
      "$bin" generate -v -k "$game" -s "$n" -d "$level" -n "$count" --seed 5 -j 1 \
        2> "$work/verbose" > /dev/null
      end=$(date +%s.%N)
      whole=$(echo "$end - $start" | bc -l)
      # `-v` ends each puzzle's line with its milliseconds: "puzzle 3: easy in 2 attempts, 0.081 ms".
      ours=$(awk -v n="$count" '/^puzzle [0-9]+:/ {s += $(NF - 1); k++}
        END {if (k != n) exit 1; printf "%.6f", s / 1000}' "$work/verbose")
      awk -v g="$game" -v n="$n" -v l="$level" -v t="$theirs" -v o="$ours" -v w="$whole" \
        'BEGIN {printf "| %s | %d | %s | %.4f | %.4f | %.1f | %.4f | %.1f |\n", g, n, l, t, o, t / o, w, t / w}'
    done
  done
done
