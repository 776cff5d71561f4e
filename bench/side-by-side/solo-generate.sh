#!/usr/bin/env bash
# Generation against Solo's generator, in one run: `solo-generate.sh PUZZLES CALCUDOKU [COUNT]`
# builds Solo's generator from a checkout of Tatham's puzzles (PUZZLES) in a temporary folder,
# then for 9×9 Sudoku (3x3), jigsaw (9j), X (3x3x) and jigsaw X (9jx) at each of Solo's six
# levels, and 9×9 Killer (3x3k) at the levels calcudoku makes Killers at (trivial to
# advanced), makes COUNT
# puzzles (default 40) in a row with each: Solo's in-process (its driver's
# mean per puzzle), calcudoku on one thread (`generate -v -d LEVEL -n COUNT -j 1`) both
# in-process (the mean of the times `-v` gives each puzzle: the generator alone, as Solo's
# driver times it) and as the whole process divided by COUNT (its start of about a
# millisecond included). Prints a Markdown table: milliseconds per puzzle and Solo ÷
# calcudoku for each. PAIRS (environment) picks the kinds, as Solo's parameters and
# calcudoku's kind: e.g. PAIRS="9j:jigsaw 3x3x:x".
set -euo pipefail
src="$1"; bin="$2"; count="${3:-40}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# shellcheck source=solo-build.sh
. "$here/solo-build.sh"
build_solo "$src" "$work" 2>/dev/null
echo "| kind | level | Solo ms | calcudoku ms | Solo ÷ calcudoku | calcudoku whole process ms | Solo ÷ that |"
echo "|---|---|---:|---:|---:|---:|---:|"
for pair in ${PAIRS:-3x3:sudoku 9j:jigsaw 3x3x:x 9jx:jigsaw-x 3x3k:killer}; do
  params="${pair%%:*}"; kind="${pair#*:}"
  for level in trivial basic intermediate advanced extreme unreasonable; do
    # calcudoku makes Killers at Solo's levels up to advanced only.
    [ "$kind" = killer ] && [ "$level" = extreme ] && break
    theirs=$("$work/solo-generate" "${params}d${level:0:1}" "$count" bench 2>&1 >/dev/null | tail -1)
    start=$(date +%s.%N)
    "$bin" generate -v -k "$kind" -d "$level" -n "$count" --seed 1 -j 1 2> "$work/verbose" > /dev/null
    end=$(date +%s.%N)
    whole=$(echo "($end - $start) * 1000 / $count" | bc -l)
    # `-v` ends each puzzle's line with its milliseconds: "puzzle 3: basic in 1 attempts, 0.081 ms".
    ours=$(awk -v n="$count" '/^puzzle [0-9]+:/ {s += $(NF - 1); k++}
      END {if (k != n) exit 1; printf "%.4f", s / n}' "$work/verbose")
    printf "| %s | %s | %.3f | %.3f | %.1f× | %.3f | %.1f× |\n" "$params" "$level" "$theirs" \
      "$ours" "$(echo "$theirs / $ours" | bc -l)" "$whole" "$(echo "$theirs / $whole" | bc -l)"
  done
done
