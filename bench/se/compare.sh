#!/usr/bin/env bash
# Compares the SE rater with Sudoku Explainer's own ratings on the samples kept here.
# Usage: bench/se/compare.sh [--serate DIR] [--max N]
#   --serate DIR  also run SE's serate (compiled classes in DIR, see README.md) on the same
#                 puzzles in this run, and take the speed ratio from that run (not for the 11+
#                 set, where SE needs minutes a puzzle: its recorded seconds are used);
#   --max N       only the first N puzzles of each set.
# Prints, per set: % of puzzles whose ER / EP / ED / hardest technique equal SE's, SE's and
# our total seconds (one thread each), and the ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
serate=""
max=1000000
while [ $# -gt 0 ]; do
    case "$1" in
        --serate) serate="$2"; shift 2 ;;
        --max) max="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
cargo build --release --quiet -p calcudoku --example se_rate
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
techs=1111111111010111011011011011000010100010111111
for set in 17-clue norvig-top95 magictour-top1465 forum-hardest-1905-11plus; do
    ref=bench/se/$set.tsv
    grep -v '^#' "$ref" | head -n "$max" | cut -f1 > "$tmp/$set.txt"
    ./target/release/examples/se_rate "$tmp/$set.txt" > "$tmp/$set.ours"
    extra=()
    if [ -n "$serate" ] && [ "$set" != forum-hardest-1905-11plus ]; then
        java -Xmx1g -cp "$serate" diuf.sudoku.test.serate --techs=$techs --threads=1 \
            --format="%g	%r	%p	%d	%R	%e" --input="$tmp/$set.txt" --output="$tmp/$set.se"
        # %e is like "1.23s" or "1m02s": to seconds.
        awk -F'\t' 'BEGIN{OFS="\t"} {t=$6; s=0; if (t ~ /m/) {split(t,a,"m"); s=a[1]*60;
            sub("s","",a[2]); s+=a[2]} else {sub("s","",t); s=t} $6=s; print}' \
            "$tmp/$set.se" > "$tmp/$set.se.tsv"
        extra=(--se-times "$tmp/$set.se.tsv")
    fi
    printf '%-28s ' "$set"
    python3 bench/se/compare.py "$ref" "$tmp/$set.ours" "${extra[@]}"
done
