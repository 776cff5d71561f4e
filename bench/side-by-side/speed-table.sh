#!/usr/bin/env bash
# The speed table of issue #18, from one run: calcudoku beside tdoku on the five public Sudoku
# sets and beside Keen's solver on the KenKen corpus sets of sizes 8 to 10, one thread.
# Every cell is peer time ÷ calcudoku time (above 1: calcudoku faster).
#
# - in-process: calcudoku's own `bench` command against the peer's own timing loop: tdoku's
#   `run_benchmark` (puzzles in file order, not permuted; solve and prove unique), and for
#   Keen a small driver (keen_solve_driver.c) that times one top-level call of Keen's solver
#   per game ID, which proves the solution unique. Same work on both sides for KenKen: the
#   puzzle is parsed before the clock starts (Keen: validate_desc/new_game; calcudoku: its
#   .in text), and the clock covers building the solver's state from it and solving (Keen's
#   solver() builds its cage lists and solver state; calcudoku's Solver::new compiles the
#   model). KenKen: the mean over the set of each puzzle's median of REPEAT runs, the median
#   of RUNS such runs per side (taken in turn); Sudoku: the median rate of RUNS runs per side
#   (taken in turn), each warmed up, then timed over whole passes (tdoku: -w 1 -t 1). The
#   best of the RUNS runs per side is a column of its own: on a shared machine a run can fall
#   in a spell when another guest shares the core, which slows code that keeps the core busy
#   (calcudoku, tdoku) far more than code that waits on memory (Keen).
# - whole process: `calcudoku count --limit 2 -q -j 1 FILE` against the peer as a program on
#   the same file (tdoku_count_driver.c: the count up to 2 of each line; the Keen driver
#   without REPEAT: the count of each game ID), wall time, the median of RUNS runs per side
#   taken in turn (best in the second column of the raw figures), timed by wall2.py (each
#   process started directly, output to a file opened before the clock starts). For KenKen
#   FILE is the set's Keen IDs, one a line.
# Answers are checked: both programs' counts must agree line for line (a mismatch stops the
# script).
#
# Usage: bash bench/side-by-side/speed-table.sh TDOKU-CHECKOUT PUZZLES-CHECKOUT [RUNS] [REPEAT]
#   TDOKU-CHECKOUT: https://github.com/t-dillon/tdoku (BSD-2), its src/ and include/ suffice
#   PUZZLES-CHECKOUT: Simon Tatham's puzzles (https://git.tartarus.org/simon/puzzles, MIT) or
#   a fork with keen.c and latin.c
# Both are copied to and built in a temporary folder; nothing of them enters this repository.
# Needs gcc and g++ with glibc's static libraries (the peers are linked -static-pie), and
# python3 (wall2.py).
# RUNS (default 5): whole-process runs per file, and in-process runs of a set, per side;
# REPEAT (default 21): runs of each KenKen puzzle within one in-process run.
# SETS_SUDOKU / SETS_KENKEN (environment) override the sets; DATA the shared data folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
tdoku="$(cd "${1:?usage: speed-table.sh TDOKU-CHECKOUT PUZZLES-CHECKOUT [RUNS] [REPEAT]}" && pwd)"
puzzles="$(cd "${2:?usage: speed-table.sh TDOKU-CHECKOUT PUZZLES-CHECKOUT [RUNS] [REPEAT]}" && pwd)"
runs="${3:-5}"
repeat="${4:-21}"
data="${DATA:-$repo/../shared/data}"
sets_sudoku="${SETS_SUDOKU:-17-clue magictour-top1465 forum-hardest-1905-11plus forum-hardest-1106 serg-benchmark}"
if [ -z "${SETS_KENKEN:-}" ]; then
  # Sizes 8 to 10, each level in Keen's order, then the multiplication-only sets.
  for size in 8 9 10; do
    for level in easy normal hard extreme unreasonable normal-multonly hard-multonly; do
      if [ -d "$data/kenken/${size}x$size-$level" ]; then
        SETS_KENKEN="${SETS_KENKEN:-} ${size}x$size-$level"
      fi
    done
  done
fi
sets_kenken="$SETS_KENKEN"
work="$(mktemp -d /tmp/speed-table.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# --- builds -------------------------------------------------------------------------------
log="$work/build.log"
mkdir -p "$work/tdoku" "$work/keen"
cat > "$work/tdoku/build_info.h" <<'EOF'
#define C_COMPILER_ID "GNU"
#define CXX_COMPILER_ID "GNU"
#define C_COMPILER_VERSION ""
#define CXX_COMPILER_VERSION ""
#define C_FLAGS " -O3 -march=native"
#define CXX_FLAGS " -O3 -march=native"
EOF
cxx=(g++ -std=c++14 -O3 -march=native -w)
{
  # tdoku's benchmark program, as its CMakeLists.txt builds it (without the other solvers).
  "${cxx[@]}" -I"$work/tdoku" -o "$work/tdoku/run_benchmark" "$tdoku/src/run_benchmark.cc" \
    "$tdoku/src/util.cc" "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/other/other_solvers.cc"
  # Its library object (solver + util) and the counting driver.
  "${cxx[@]}" -fno-exceptions -fno-rtti -c -o "$work/tdoku/solver.o" \
    "$tdoku/src/solver_dpll_triad_simd.cc"
  "${cxx[@]}" -fno-exceptions -fno-rtti -c -o "$work/tdoku/util.o" "$tdoku/src/util.cc"
  gcc -O2 -c -o "$work/tdoku/count.o" "$here/tdoku_count_driver.c"
  # Linked statically, as `cargo xtask dist` links calcudoku: the whole-process columns then
  # compare the programs, not their dynamic loaders.
  g++ -static-pie -o "$work/tdoku/tdoku-count" "$work/tdoku/count.o" "$work/tdoku/solver.o" \
    "$work/tdoku/util.o"
  # Keen's solver with the top-level driver.
  source "$here/keen-build.sh"
  build_keen "$puzzles" "$work/keen" keen_solve_driver.c
} > "$log" 2>&1 || { cat "$log" >&2; echo "speed-table.sh: a peer failed to build" >&2; exit 1; }
source "$here/calcudoku-build.sh"
calcudoku_binary "$repo"
bin="$CALCUDOKU"

# --- helpers ------------------------------------------------------------------------------
# The median of its arguments (the lower middle one of an even count).
median() {
  printf '%s\n' "$@" | sort -g | awk '{t[NR] = $1} END {printf "%s", t[int((NR + 1) / 2)]}'
}
# The smallest and the largest of their arguments.
smallest() { printf '%s\n' "$@" | sort -g | head -n 1; }
largest() { printf '%s\n' "$@" | sort -g | tail -n 1; }
# Wall seconds of RUNS runs of each of two commands, taken in turn (stdout to $work/out.1 and
# $work/out.2), as "median best median best" (tab-separated), the first command's then the
# second's (wall2.py: each process started directly and timed from its start to its end,
# not through a copy of this shell). Taking turns spreads a slow spell of the shared machine
# over both sides instead of one.
wall2() {
  local -n cmd1="$1" cmd2="$2"
  python3 "$here/wall2.py" "$runs" "$work/out.1" "$work/out.2" -- "${cmd1[@]}" -- "${cmd2[@]}" \
    || failed "${cmd1[*]} / ${cmd2[*]}"
}
# Times the arrays peer_cmd and ours_cmd as whole processes (wall2), checks that their counts
# agree, and appends a set's row of raw figures. Arguments: the set's label, its puzzles, and
# the in-process seconds a puzzle: peer and ours (median), then peer and ours (best).
whole_and_row() {
  local whole
  whole="$(wall2 peer_cmd ours_cmd)"
  same_counts "$work/out.2" "$work/out.1" "$1"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$3" "$4" "$whole" "$2" "$5" "$6" >> "$raw"
}
failed() {
  echo "speed-table.sh: failed: $1" >&2
  exit 1
}
# Counts from `calcudoku count` ("2+ (stopped at --limit 2)" is 2) and from a peer, compared.
same_counts() {
  local ours="$1" theirs="$2" what="$3"
  if ! cmp -s <(sed 's/+.*//' "$ours") "$theirs"; then
    echo "speed-table.sh: $what: the counts differ" >&2
    diff <(sed 's/+.*//' "$ours") "$theirs" | head >&2
    exit 1
  fi
}
ratio() { awk -v p="$1" -v o="$2" 'BEGIN {printf (p / o >= 10 ? "%.0f" : "%.2f"), p / o}'; }

raw="$work/raw.tsv"
printf 'set\tpeer_in_s\tours_in_s\tpeer_whole_med\tpeer_whole_best\tours_whole_med\tours_whole_best\tpuzzles\tpeer_in_best\tours_in_best\n' > "$raw"

# --- Sudoku -------------------------------------------------------------------------------
for set in $sets_sudoku; do
  file="$data/sudoku/$set.txt"
  n="$(grep -c . "$file")"
  # In-process, per puzzle (seconds): the median rate of RUNS runs per side, the two sides
  # taken in turn. tdoku: its own loop (1 s warm-up, 1 s timed, the file in its order, each
  # puzzle once a pass); calcudoku: `bench` (0.5 s warm-up, at least 1 s of whole passes).
  peer_rates=() ours_rates=()
  for ((i = 0; i < runs; i++)); do
    peer_rates+=("$("$work/tdoku/run_benchmark" -s tdoku -r0 -v1 -n "$n" -w 1 -t 1 "$file" |
      awk -F'|' '/^\|tdoku/ {gsub(/[ ,]/, "", $3); print $3}')")
    ours_rates+=("$("$bin" bench --json "$file" |
      sed 's/.*"unique_per_s":\([0-9.e+]*\).*/\1/')")
  done
  peer_in="$(awk -v r="$(median "${peer_rates[@]}")" 'BEGIN {printf "%.9f", 1 / r}')"
  ours_in="$(awk -v r="$(median "${ours_rates[@]}")" 'BEGIN {printf "%.9f", 1 / r}')"
  peer_in_best="$(awk -v r="$(largest "${peer_rates[@]}")" 'BEGIN {printf "%.9f", 1 / r}')"
  ours_in_best="$(awk -v r="$(largest "${ours_rates[@]}")" 'BEGIN {printf "%.9f", 1 / r}')"
  # Whole process, the two programs in turn, answers compared.
  peer_cmd=("$work/tdoku/tdoku-count" "$file")
  ours_cmd=("$bin" count --limit 2 -q -j 1 "$file")
  whole_and_row "sudoku/$set" "$n" "$peer_in" "$ours_in" "$peer_in_best" "$ours_in_best"
done

# --- KenKen -------------------------------------------------------------------------------
for set in $sets_kenken; do
  dir="$data/kenken/$set"
  cat "$dir"/*.keen > "$work/ids.txt"
  n="$(grep -c . "$work/ids.txt")"
  # In-process: the mean over the set of each puzzle's median of REPEAT runs (seconds); the
  # median of RUNS such runs on each side, the two sides taken in turn. calcudoku's run of a
  # set lasts about a millisecond, so one slow spell of the machine can take all of it; the
  # median of several runs is the same statistic, no longer at the mercy of one spell.
  peer_runs=() ours_runs=()
  for ((i = 0; i < runs; i++)); do
    peer_runs+=("$("$work/keen/keen-driver" "$work/ids.txt" "$repeat" |
      awk '{s += $2} END {printf "%.9f", s / NR}')")
    ours_runs+=("$("$bin" bench --json --repeat "$repeat" "$dir" |
      sed 's/.*"mean_ms":\([0-9.e+-]*\).*/\1/' | awk '{printf "%.9f", $1 / 1000}')")
  done
  peer_in="$(median "${peer_runs[@]}")"
  ours_in="$(median "${ours_runs[@]}")"
  peer_in_best="$(smallest "${peer_runs[@]}")"
  ours_in_best="$(smallest "${ours_runs[@]}")"
  peer_cmd=("$work/keen/keen-driver" "$work/ids.txt")
  ours_cmd=("$bin" count --limit 2 -q -j 1 "$work/ids.txt")
  whole_and_row "kenken/$set" "$n" "$peer_in" "$ours_in" "$peer_in_best" "$ours_in_best"
done

# --- the table ----------------------------------------------------------------------------
# The last column is calcudoku's own whole-process time over its in-process time for the
# file (the in-process time counts no process start, no reading, no writing): medians over
# medians, then best run over best run. Only for files of 1,000 puzzles or more (the goal of
# #18 item 2; below that the process start is most of the time).
echo "| set | puzzles | in-process (median) | in-process (best) | whole process (median) | whole process (best) | calcudoku whole ÷ in-process (median; best) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
tail -n +2 "$raw" | while IFS=$'\t' read -r set pin oin pwm pwb owm owb n pib oib; do
  own="$(awk -v wm="$owm" -v wb="$owb" -v im="$oin" -v ib="$oib" -v n="$n" 'BEGIN {
    if (n < 1000) print "–"; else printf "%.2f; %.2f", wm / (im * n), wb / (ib * n) }')"
  echo "| $set | $n | $(ratio "$pin" "$oin") | $(ratio "$pib" "$oib") | $(ratio "$pwm" "$owm") | $(ratio "$pwb" "$owb") | $own |"
done
echo
echo "Raw figures (seconds; in-process per puzzle, whole process per file):"
echo
sed 's/^/    /' "$raw"
