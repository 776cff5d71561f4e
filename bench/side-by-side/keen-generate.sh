#!/usr/bin/env bash
# Generation speed side by side with Keen's own generator (Simon Tatham's puzzles), one thread,
# in-process for Keen and one `calcudoku generate -j 1` run per row: sizes 4 to 9 at each of
# Keen's five levels. Prints a Markdown table: Keen ms per puzzle, calcudoku ms per puzzle,
# ratio (Keen ÷ calcudoku; above 1 = calcudoku faster).
#
# Usage: bash bench/side-by-side/keen-generate.sh PATH-TO-PUZZLES-CHECKOUT [COUNT]
# (a checkout of https://git.tartarus.org/simon/puzzles or a fork with keen.c and latin.c; it
#  is copied to and built in a temporary folder, nothing of it enters this repository).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${1:?usage: keen-generate.sh PATH-TO-PUZZLES-CHECKOUT [COUNT]}"
count="${2:-50}"
work="$(mktemp -d /tmp/keen-generate.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$here/keen-build.sh"
build_keen "$src" "$work" keen_generate_driver.c
(cd "$repo" && cargo build --release --quiet -p calcudoku-cli)
echo "| size | level | Keen ms | calcudoku ms | ratio |"
echo "|---:|---|---:|---:|---:|"
letters=(e n h x u)
levels=(easy normal hard extreme unreasonable)
for size in 4 5 6 7 8 9; do
  for i in 0 1 2 3 4; do
    keen="$("$work/keen-driver" "${size}d${letters[$i]}" "$count")"
    start=$(date +%s.%N)
    "$repo/target/release/calcudoku" generate -q -j 1 -s "$size" -d "${levels[$i]}" \
      -n "$count" --seed 1 > /dev/null
    end=$(date +%s.%N)
    ours="$(awk -v s="$start" -v e="$end" -v n="$count" 'BEGIN {printf "%.3f", (e - s) / n * 1000}')"
    ratio="$(awk -v k="$keen" -v o="$ours" 'BEGIN {printf "%.1f", k / o}')"
    echo "| $size | ${levels[$i]} | $keen | $ours | $ratio |"
  done
done
