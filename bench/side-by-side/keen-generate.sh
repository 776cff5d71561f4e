#!/usr/bin/env bash
# Generation speed side by side with Keen's own generator (Simon Tatham's puzzles), one thread,
# in-process for Keen and one `calcudoku generate -j 1` run per row: every size and level Keen
# makes (3×3 only at easy and normal, as Keen does; 4 to 9 at its five levels). Prints a
# Markdown table: Keen ms per puzzle, calcudoku ms per puzzle, ratio (Keen ÷ calcudoku; above
# 1 = calcudoku faster).
#
# Then Keen's multiplication-only rows of the issue's table (8×8 and 9×9, normal and hard; all
# of sizes 4 to 9 at its five levels with MULT_ONLY=all), each starting at MULT_COUNT puzzles
# (default 5: Keen takes about 12 s for one 9×9 hard).
#
# Each row starts at COUNT puzzles; a tool whose run took less than MIN_SECONDS (default 0.5)
# runs again with proportionally more puzzles and that run is reported, so that small sizes are
# not a measure of process start-up or of a handful of lucky seeds.
#
# Usage: bash bench/side-by-side/keen-generate.sh PATH-TO-PUZZLES-CHECKOUT [COUNT]
# (a checkout of https://git.tartarus.org/simon/puzzles or a fork with keen.c and latin.c; it
#  is copied to and built in a temporary folder, nothing of it enters this repository).
# CALCUDOKU=path times that binary instead of building this checkout's; BASELINE=path times a
# second calcudoku binary in the same run (e.g. one built from an earlier commit) on as many
# puzzles as the first made, in two more columns: its ms per puzzle and its ratio to Keen.
# SIZES="3 4 5" times only those sizes (MULT_ONLY=none leaves out the × only rows).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: keen-generate.sh PATH-TO-PUZZLES-CHECKOUT [COUNT]}"
count="${2:-40}"
min_seconds="${MIN_SECONDS:-0.5}"
mult_count="${MULT_COUNT:-5}"
mult_only="${MULT_ONLY:-issue}"
work="$(mktemp -d /tmp/keen-generate.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$here/keen-build.sh"
build_keen "$src" "$work" keen_generate_driver.c
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
baseline="${BASELINE:-}"

now() { date +%s.%N; }
# How many puzzles the second run takes when the first (n puzzles, t seconds) was too short.
more() { awk -v n="$1" -v t="$2" -v m="$min_seconds" 'BEGIN {
  if (t >= m) { print 0; exit }
  k = int(n * m * 1.3 / (t > 0.001 ? t : 0.001)) + 1; print (k > 400000 ? 400000 : k) }'; }

# Keen: mean ms per puzzle, rerun with more puzzles while a run is short.
keen_ms() {
  local params="$1" n="${2:-$count}" ms k
  ms="$("$work/keen-driver" "$params" "$n")"
  for _ in 1 2 3; do
    k="$(more "$n" "$(awk -v ms="$ms" -v n="$n" 'BEGIN {print ms * n / 1000}')")"
    [ "$k" -gt 0 ] || break
    ms="$("$work/keen-driver" "$params" "$k")"; n="$k"
  done
  echo "$ms $n"
}

# calcudoku (binary $1): mean ms per puzzle over one process, rerun likewise; with a fourth
# argument, exactly that many puzzles (the baseline makes as many as calcudoku did: the same
# seed's first puzzles, so the two means are over the same puzzles when both make the same).
# A fifth argument (--mult-only) is passed on to `generate`; a sixth is the first run's count.
ours_ms() {
  local bin="$1" size="$2" level="$3" n="${4:-${6:-$count}}" flag="${5:-}" start end k
  run() {
    start="$(now)"
    # shellcheck disable=SC2086
    "$bin" generate -q -j 1 -s "$size" -d "$level" $flag -n "$1" --seed 1 > /dev/null
    end="$(now)"
  }
  run "$n"
  if [ -z "${4:-}" ]; then
    # Up to three more runs: a first run of a few puzzles is mostly process start-up, which
    # makes the next count too small.
    for _ in 1 2 3; do
      k="$(more "$n" "$(awk -v s="$start" -v e="$end" 'BEGIN {print e - s}')")"
      [ "$k" -gt 0 ] || break
      run "$k"; n="$k"
    done
  fi
  awk -v s="$start" -v e="$end" -v n="$n" 'BEGIN {printf "%.4f %d\n", (e - s) / n * 1000, n}'
}

if [ -n "$baseline" ]; then
  echo "| size | level | Keen ms (puzzles) | calcudoku ms (puzzles) | ratio | baseline ms | baseline ratio |"
  echo "|---:|---|---:|---:|---:|---:|---:|"
else
  echo "| size | level | Keen ms (puzzles) | calcudoku ms (puzzles) | ratio |"
  echo "|---:|---|---:|---:|---:|"
fi
letters=(e n h x u)
levels=(easy normal hard extreme unreasonable)
# One row: size, level index, "m" for multiplication only (or empty), first count.
row() {
  local size="$1" i="$2" m="$3" first="$4" flag="" label="${levels[$2]}" keen kn ours on
  if [ -n "$m" ]; then flag="--mult-only"; label="$label, × only"; fi
  read -r keen kn <<< "$(keen_ms "${size}d${letters[$i]}$m" "$first")"
  read -r ours on <<< "$(ours_ms "$CALCUDOKU" "$size" "${levels[$i]}" "" "$flag" "$first")"
  ratio="$(awk -v k="$keen" -v o="$ours" 'BEGIN {printf "%.1f", k / o}')"
  line="| $size | $label | $keen ($kn) | $ours ($on) | $ratio |"
  if [ -n "$baseline" ]; then
    read -r base bn <<< "$(ours_ms "$baseline" "$size" "${levels[$i]}" "$on" "$flag")"
    bratio="$(awk -v k="$keen" -v o="$base" 'BEGIN {printf "%.1f", k / o}')"
    line="$line $base ($bn) | $bratio |"
  fi
  echo "$line"
}
for size in ${SIZES:-3 4 5 6 7 8 9}; do
  for i in 0 1 2 3 4; do
    # Keen makes 3×3 puzzles only up to normal (it lowers any harder level to normal).
    if [ "$size" = 3 ] && [ "$i" -gt 1 ]; then continue; fi
    row "$size" "$i" "" "$count"
  done
done
case "$mult_only" in
  none) ;;
  all)
    for size in 4 5 6 7 8 9; do
      for i in 0 1 2 3 4; do row "$size" "$i" m "$mult_count"; done
    done ;;
  *)
    for size in 8 9; do
      for i in 1 2; do row "$size" "$i" m "$mult_count"; done
    done ;;
esac
