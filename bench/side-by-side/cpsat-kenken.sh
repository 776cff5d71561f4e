#!/usr/bin/env bash
# KenKen with several solutions side by side with OR-tools CP-SAT (one worker thread), in one
# run: per size folder of the set, the mean time per puzzle of calcudoku `count --limit 2` and
# `solve` (in-process, as `-v` reports it: parse excluded, model building included; the median
# of REPEAT runs per puzzle) and of CP-SAT's counterparts (cpsat-kenken.py: solver wall time,
# the Python model building excluded), their ratios, and whether the answers agree (the count
# to two, and the first solution in row-major order). Prints a Markdown table.
#
# Usage: bash bench/side-by-side/cpsat-kenken.sh [PYTHON] [SET] [REPEAT]
#   PYTHON  a Python with ortools (default /tmp/cpsat/bin/python; make one with
#           `python3 -m venv /tmp/cpsat && /tmp/cpsat/bin/pip install ortools`: OR-tools is never
#           a dependency of calcudoku)
#   SET     a folder of NxN folders of NNN.in puzzles (default bench/kenken-multisol)
#   REPEAT  runs of calcudoku per puzzle (default 3; CP-SAT runs once)
# CALCUDOKU=path/to/calcudoku times that binary instead of building this checkout's;
# BEFORE=path/to/other/calcudoku adds that binary's `solve` (mean ms, and ÷ this count).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${1:-/tmp/cpsat/bin/python}"
set_dir="${2:-$repo/bench/kenken-multisol}"
repeat="${3:-3}"
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
work="$(mktemp -d /tmp/cpsat-kenken.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The time `-v` reports for one run, in ms.
ms() { sed -n 's/.* in \([0-9.]*\) ms$/\1/p' "$1"; }
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
# A grid as rows joined by `/`, values by spaces, from calcudoku's JSON answer.
grid() { sed -n 's/.*"solution":\[\[\(.*\)\]\].*/\1/p' | sed 's/\],\[/\//g; s/,/ /g'; }

before_head="" before_rule=""
if [ -n "${BEFORE:-}" ]; then
  before_head=" before: solve ms | before: solve ÷ count |"
  before_rule="---:|---:|"
fi
echo "| size | puzzles | count ms | solve ms | solve ÷ count | worst solve ÷ count |$before_head CP-SAT count ms | CP-SAT solve ms | CP-SAT solve ÷ calcudoku solve | answers agree |"
echo "|---|---:|---:|---:|---:|---:|${before_rule}---:|---:|---:|---:|"
# Size folders in numeric order (9x9 before 10x10).
while read -r dir; do
  size="$(basename "$dir")"
  : > "$work/rows"
  for f in "$dir"/*.in; do
    name="$(basename "$f" .in)"
    for _ in $(seq "$repeat"); do
      "$CALCUDOKU" count -v --json --limit 2 "$f" > "$work/count.json" 2> "$work/count.err" || true
      ms "$work/count.err" >> "$work/count.ms"
      "$CALCUDOKU" solve -v --json "$f" > "$work/solve.json" 2> "$work/solve.err" || true
      ms "$work/solve.err" >> "$work/solve.ms"
      if [ -n "${BEFORE:-}" ]; then
        "$BEFORE" solve -v --json "$f" > "$work/before.json" 2> "$work/before.err" || true
        ms "$work/before.err" >> "$work/before.ms"
        cmp -s "$work/solve.json" "$work/before.json" || echo "before differs: $f" >&2
      else
        echo 0 >> "$work/before.ms"
      fi
    done
    count_ms="$(median < "$work/count.ms")"
    solve_ms="$(median < "$work/solve.ms")"
    before_ms="$(median < "$work/before.ms")"
    rm "$work/count.ms" "$work/solve.ms" "$work/before.ms"
    case "$(sed -n 's/.*"solutions":\([0-9]*\),"complete":\(true\|false\).*/\1 \2/p' "$work/count.json")" in
      "2 false") count=2+ ;;
      "1 true") count=1 ;;
      *) count=0 ;;
    esac
    first="$(grid < "$work/solve.json")"
    "$CALCUDOKU" convert --to json "$f" > "$work/$name.json"
    # FILE COUNT COUNT_MS FIRST_MS FIRST from CP-SAT.
    IFS=$'\t' read -r _ cp_count cp_count_ms cp_solve_ms cp_first \
      < <("$python" "$here/cpsat-kenken.py" "$work/$name.json")
    agree=0
    [ "$count" = "$cp_count" ] && [ "$first" = "$cp_first" ] && agree=1
    [ "$agree" = 1 ] || echo "disagree: $f (calcudoku $count, CP-SAT $cp_count)" >&2
    echo "$count_ms $solve_ms $cp_count_ms $cp_solve_ms $agree $before_ms" >> "$work/rows"
  done
  awk -v size="$size" -v before="${BEFORE:-}" '
    {
      c += $1; s += $2; pc += $3; ps += $4; a += $5; b += $6; n++
      r = $2 / $1; if (r > worst) worst = r
    }
    END {
      printf "| %s | %d | %.2f | %.2f | %.2f | %.1f |", size, n, c / n, s / n, s / c, worst
      if (before != "") printf " %.2f | %.2f |", b / n, b / c
      printf " %.1f | %.1f | %.1f | %d/%d |\n", pc / n, ps / n, ps / s, a, n
    }' "$work/rows"
done < <(find "$set_dir" -mindepth 1 -maxdepth 1 -type d | sort -V)
