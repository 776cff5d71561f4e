#!/bin/sh
# Seeds fuzz/corpus/<target>/ from the puzzles in tests/fixtures/ and examples/ (and a few Keen
# IDs). The targets that take a leading format byte get one copy per byte 0..5.
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/read_detect corpus/read_forced corpus/keen_parse corpus/parse_solve corpus/big_cages \
    corpus/generate_options corpus/json_solve
for f in $(find ../tests/fixtures ../examples -type f -name '*.in' -o -type f -name '*.txt'); do
    name=$(echo "$f" | tr '/.' '__')
    cp "$f" "corpus/read_detect/$name"
    for b in 0 1 2 3 4 5; do
        { printf "\\$(printf '%03o' "$b")"; cat "$f"; } > "corpus/read_forced/$b$name"
        { printf "\\$(printf '%03o' "$b")"; cat "$f"; } > "corpus/parse_solve/$b$name"
    done
done
# Keen IDs: the shared corpus when it is there (a few of each size), else one built in.
ids=$(find ../../shared/data/kenken -name '00[0-2].keen' 2>/dev/null | xargs cat 2>/dev/null || true)
for id in ${ids:-4:b_5a_abbaa__,m6s1m12a9m4a5}; do
    printf '%s\n' "$id" > "corpus/keen_parse/$(echo "$id" | tr ':,' '__')"
    printf '%s\n' "$id" > "corpus/read_detect/keen_$(echo "$id" | tr ':,' '__')"
    { printf '\005'; printf '%s\n' "$id"; } > "corpus/parse_solve/keen_$(echo "$id" | tr ':,' '__')"
done
# big_cages: six header bytes (side - 1, largest cage, flags, givens, operators, target change;
# see fuzz_targets/big_cages.rs), the rest drawn from them. A 9x9 with one 81-cell + cage (plain,
# hidden, off by one), 16x16 with cages of up to 16 cells (all operators, hidden, grown to 16),
# 16x16 with boxes and givens and cages up to 64, a 16x16 Killer, 9x9 with - and / only, and
# a 12x12 with one 144-cell cage.
for h in '010 377 004 000 001 000' '010 377 364 000 001 000' '010 377 004 000 001 001' \
    '017 017 000 000 000 000' '017 017 004 000 000 000' '017 017 360 000 000 000' \
    '017 077 001 007 000 000' '017 040 003 000 001 000' '010 200 000 000 012 000' \
    '013 377 004 000 000 000'; do
    printf "$(printf '\\%s' $h)" > "corpus/big_cages/$(echo "$h" | tr ' ' '_')"
done
# render_options: two option bytes and a four-byte scale (see fuzz_targets/render_options.rs)
# before each example: everything drawn at 1.5, refused per-page 0 at 16, 31 at -1, one a page
# at 0.25. check_grid: each example with an empty 4x4 grid after a 0xFF byte, and the 6x6
# KenKen with its partial grid.
mkdir -p corpus/render_options corpus/check_grid
k=0
for f in ../examples/*.txt; do
    k=$((k + 1))
    case $((k % 4)) in
        0) head='\177\006\000\000\300\077' ;;
        1) head='\001\000\000\000\200\101' ;;
        2) head='\010\037\000\000\200\277' ;;
        *) head='\022\001\000\000\200\076' ;;
    esac
    { printf "$head"; cat "$f"; } > "corpus/render_options/ex$k"
    { cat "$f"; printf '\377'; printf '0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n'; } \
        > "corpus/check_grid/ex$k"
done
{ cat ../examples/kenken-6x6.ops.txt; printf '\377'; cat ../examples/kenken-6x6.partial.txt; } \
    > corpus/check_grid/partial6
# json_solve: a few objects, pretty and in lines (the target reads streams too).
printf '{"size": 4, "boxes": "2x2", "givens": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}\n' \
    > corpus/json_solve/sudoku4
printf '{"size": 2, "cages": [{"op": "+", "target": 3, "cells": [[0,0],[0,1]]}]}\n{"size": 1}\n' \
    > corpus/json_solve/lines
printf '{\n  "size": 3,\n  "cages": [{"op": null, "target": 6, "cells": [[0,0],[0,1],[0,2]]}]\n}\n' \
    > corpus/json_solve/pretty
# generate_options: kind, size, level, flags, operators, largest cage, seed (8 bytes), attempts,
# index (see fuzz_targets/generate_options.rs): one of each kind.
for h in '000 000 000 000 000 000 001' '001 005 001 000 000 000 002' '002 003 000 200 000 000 003' \
    '000 001 003 007 017 006 004'; do
    printf "$(printf '\\%s' $h)" > "corpus/generate_options/$(echo "$h" | tr ' ' '_')"
done
# Inputs kept from earlier runs (crashes fixed since; see crates/calcudoku/tests/regressions.rs).
for d in regressions/*/; do
    t=$(basename "$d")
    cp "$d"* "corpus/$t/" 2>/dev/null || true
done
