#!/usr/bin/env python3
"""Draws the fixed puzzle samples rated by SE (see README.md): seed 47, file order kept."""
import random
import sys

SETS = [
    ("17-clue", 300),
    ("magictour-top1465", 300),
    ("norvig-top95", 95),
    ("forum-hardest-1905-11plus", 60),
]

def main():
    data = sys.argv[1] if len(sys.argv) > 1 else "../../../shared/data/sudoku"
    out = sys.argv[2] if len(sys.argv) > 2 else "."
    for name, n in SETS:
        with open(f"{data}/{name}.txt") as f:
            lines = [line.split()[0] for line in f if line.strip()]
        rng = random.Random(f"calcudoku-se-47-{name}")
        picks = sorted(rng.sample(range(len(lines)), min(n, len(lines))))
        with open(f"{out}/{name}.sample.txt", "w") as f:
            for i in picks:
                f.write(lines[i] + "\n")

if __name__ == "__main__":
    main()
