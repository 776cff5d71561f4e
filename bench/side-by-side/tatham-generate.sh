#!/usr/bin/env bash
# Generation against Tatham's Towers and Unequal generators, in one run:
# `tatham-generate.sh PUZZLES CALCUDOKU [COUNT] [SIZES]` builds the games' drivers from a
# checkout of Tatham's puzzles (PUZZLES) in a temporary folder (tatham-build.sh), then per game,
# size (default 5 to 9) and level makes COUNT puzzles (default 40) with each, seed 5: Tatham's
# in-process (the sum of the driver's per-puzzle times), calcudoku on one thread
# (`generate -v -k KIND -s N -d LEVEL -n COUNT --seed 5 -j 1`) both in-process (the sum of
# the times `-v` gives each puzzle: the generator alone, as Tatham's driver times it) and as
# the whole process, its start of about a millisecond included (a handicap to calcudoku only
# where a row takes milliseconds).
#
# Unequal's generator (Futoshiki and Adjacent) gives up on a level after 50 tries and hands back
# a puzzle of the level below (its `new_game_desc` lowers the difficulty and goes on), so at
# some sizes most of the puzzles it makes for "extreme" are tricky or easy; Towers' generator
# loops until it meets the level. Each of Tatham's puzzles is therefore graded by the game's
# own standalone solver (the driver's `grade`), and Tatham's cost is its seconds for the COUNT
# puzzles divided by the number of them at the level asked for: what a puzzle at that level
# costs with Tatham's generator (make, grade, keep those at the level). calcudoku keeps only
# puzzles at the level, so its cost is its seconds ÷ COUNT.
#
# Prints a Markdown table: seconds for the COUNT puzzles each side, how many of Tatham's are at
# the level, and Tatham ÷ calcudoku per puzzle at the level (in-process, and against
# calcudoku's whole process). GAMES (environment) picks among towers, unequal and adjacent.
set -euo pipefail
src="$1"; bin="$2"; count="${3:-40}"; sizes="${4:-5 6 7 8 9}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d /tmp/tatham-generate.XXXXXX)"; trap 'rm -rf "$work"' EXIT
# shellcheck source=tatham-build.sh
. "$here/tatham-build.sh"
echo "| game | size | level | Tatham s | Tatham at the level | calcudoku s | Tatham ÷ calcudoku, per puzzle at the level | calcudoku whole process s | Tatham ÷ that |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---:|"
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
      "$work/$driver/$driver-driver" gen "${n}${mode}d${letter}" "$count" 5 > "$work/theirs"
      theirs=$(awk -F'\t' '{s += $2} END {printf "%.6f", s}' "$work/theirs")
      # The level Tatham's own solver gives each of its puzzles (first field of `grade`).
      cut -f1 "$work/theirs" > "$work/theirs.ids"
      at=$("$work/$driver/$driver-driver" grade "$work/theirs.ids" \
        | awk -F'\t' -v l="$level" 'tolower($1) == l {k++} END {print k + 0}')
      start=$(date +%s.%N)
      "$bin" generate -v -k "$game" -s "$n" -d "$level" -n "$count" --seed 5 -j 1 \
        2> "$work/verbose" > /dev/null
      end=$(date +%s.%N)
      whole=$(echo "$end - $start" | bc -l)
      # `-v` ends each puzzle's line with its milliseconds: "puzzle 3: easy in 2 attempts, 0.081 ms".
      ours=$(awk -v n="$count" '/^puzzle [0-9]+:/ {s += $(NF - 1); k++}
        END {if (k != n) exit 1; printf "%.6f", s / 1000}' "$work/verbose")
      awk -v g="$game" -v n="$n" -v l="$level" -v t="$theirs" -v a="$at" -v c="$count" \
        -v o="$ours" -v w="$whole" 'BEGIN {
          if (a == 0) { r = "none at the level"; rw = "–" }
          else { r = sprintf("%.1f", (t / a) / (o / c)); rw = sprintf("%.1f", (t / a) / (w / c)) }
          printf "| %s | %d | %s | %.4f | %d of %d | %.4f | %s | %.4f | %s |\n", g, n, l, t, a, c, o, r, w, rw
        }'
    done
  done
done
