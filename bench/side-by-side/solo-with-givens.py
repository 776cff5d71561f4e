#!/usr/bin/env python3
"""Solo game IDs with some of their solution given: `solo-with-givens.py CALCUDOKU K SEED < IDS`
reads Solo IDs (one a line), solves each with `CALCUDOKU solve`, and writes the same ID with K
more cells of its solution given (chosen by a generator seeded with SEED), in Solo's own grid
encoding (a digit per given, `_` between adjacent givens, `a`..`z` for runs of 1..26 blanks);
at most half of the open cells.

Solo's generator makes Killer puzzles with no givens, all of Killer level advanced (and cannot
make lower Killer levels); given cells make easier ones, whose levels Solo's solver still
judges, so the lower Killer levels can be compared too."""
import random
import subprocess
import sys


def decode(grid, area):
    cells, i = [], 0
    while len(cells) < area:
        ch = grid[i]
        if ch == "_":
            i += 1
        elif ch.isalpha():
            cells += [0] * (ord(ch) - ord("a") + 1)
            i += 1
        else:
            j = i
            while j < len(grid) and grid[j].isdigit():
                j += 1
            cells.append(int(grid[i:j]))
            i = j
    return cells, grid[i:]


def encode(cells):
    out, run, last_digit = [], 0, False
    for v in cells + [None]:
        if v == 0:
            run += 1
            continue
        while run:
            take = min(run, 26)
            out.append(chr(ord("a") + take - 1))
            run -= take
            last_digit = False
        if v is None:
            break
        if last_digit:
            out.append("_")
        out.append(str(v))
        last_digit = True
    return "".join(out)


def main():
    bin_, k, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    ids = [l.strip() for l in sys.stdin if l.strip()]
    sol = subprocess.run([bin_, "solve", "-q", "-"], input="\n".join(ids) + "\n",
                         capture_output=True, text=True, check=True).stdout.split()
    rng = random.Random(seed)
    for idx, id_ in enumerate(ids):
        params, desc = id_.split(":", 1)
        area = round(len(sol) / len(ids))
        grid, rest = decode(desc, area)
        solution = [int(v) for v in sol[idx * area:(idx + 1) * area]]
        open_ = [c for c in range(area) if grid[c] == 0]
        for c in rng.sample(open_, min(k, len(open_) // 2)):
            grid[c] = solution[c]
        print(f"{params}:{encode(grid)}{rest}")


main()
