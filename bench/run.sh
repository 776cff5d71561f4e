#!/usr/bin/env bash
# Reproduces the tables of PERFORMANCE.md: builds the release binary and times every corpus
# (one thread, in-process, parse + solve + proof of uniqueness, every answer checked).
# Usage: bash bench/run.sh [--quick]   (--quick: 200 puzzles per Sudoku set, 1 repeat)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared/data
cargo build --release --quiet
bin=./target/release/calcudoku
args=(--repeat 5)
sudoku_args=()
if [ "${1:-}" = "--quick" ]; then args=(--repeat 1); sudoku_args=(--max 200); fi
echo "## KenKen (shared corpus; targets from PEERS.tsv)"
"$bin" bench "${args[@]}" "$shared/kenken"
echo
echo "## KenKen 11x11 to 16x16 (bench/kenken-scale, made by generate::repaired_keen_like)"
"$bin" bench "${args[@]}" bench/kenken-scale
echo
echo "## Killer Sudoku 9x9 (bench/killer-9x9, made by generate::random_killer)"
"$bin" bench "${args[@]}" bench/killer-9x9
echo
echo "## Sudoku (puzzles per second; tdoku's figures beside)"
"$bin" bench "${sudoku_args[@]}" "$shared"/sudoku/*.txt
echo
echo "## Big Sudokus (general engine; bench/sudoku-big and tests/data/sudoku)"
"$bin" bench bench/sudoku-big/*.txt tests/data/sudoku/sudoku-16x16.line.txt \
    tests/data/sudoku/sudoku-25x25.line.txt
