#!/usr/bin/env python3
"""Compares the SE rater's output with SE's reference ratings.

Usage: compare.py REFERENCE.tsv OURS.tsv [--show N] [--se-times SE.tsv]
REFERENCE.tsv: puzzle, ER, EP, ED, hardest (SE's), SE seconds, as kept in bench/se/.
OURS.tsv: the `se_rate` example's output (puzzle, ER, EP, ED, hardest, microseconds).
SE.tsv: a fresh serate run on the same puzzles (same columns as REFERENCE.tsv); its
seconds are used for the speed ratio instead of the reference's.
Prints one line: count, % equal ER / within 0.1 / EP / ED / hardest technique, times.
"""
import sys


def read(path):
    rows = {}
    order = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            rows[parts[0]] = parts[1:]
            order.append(parts[0])
    return rows, order


def main():
    ref, order = read(sys.argv[1])
    ours, _ = read(sys.argv[2])
    show = 0
    if "--show" in sys.argv:
        show = int(sys.argv[sys.argv.index("--show") + 1])
    se_times = ref
    if "--se-times" in sys.argv:
        se_times, _ = read(sys.argv[sys.argv.index("--se-times") + 1])
    n = er = er1 = ep = ed = name = 0
    total_us = 0
    se_s = 0.0
    shown = 0
    for p in order:
        if p not in ours:
            continue
        r, o = ref[p], ours[p]
        n += 1
        try:
            oer, oep, oed = float(o[0]), float(o[1]), float(o[2])
        except ValueError:
            oer = oep = oed = -1.0
        rer, rep, red = float(r[0]), float(r[1]), float(r[2])
        total_us += int(o[4]) if len(o) > 4 and o[4].isdigit() else 0
        t = se_times.get(p, [])
        se_s += float(t[4]) if len(t) > 4 and t[4] else 0.0
        name += len(r) > 3 and len(o) > 3 and r[3] == o[3]
        e = abs(oer - rer) < 0.05
        er += e
        er1 += abs(oer - rer) < 0.15
        ep += abs(oep - rep) < 0.05
        ed += abs(oed - red) < 0.05
        if shown < show and not (e and abs(oep - rep) < 0.05 and abs(oed - red) < 0.05):
            shown += 1
            print(f"  {p} SE {r[0]}/{r[1]}/{r[2]} {r[3]}  ours {o[0]}/{o[1]}/{o[2]} {o[3]}")
    if n == 0:
        print("no puzzles in common")
        return
    pct = lambda k: f"{100.0 * k / n:5.1f}%"
    ours_s = total_us / 1e6
    ratio = f"{se_s / ours_s:.0f}x" if ours_s > 0 and se_s > 0 else "-"
    print(f"{n:4d} puzzles | ER equal {pct(er)} | ER within 0.1 {pct(er1)} | EP equal {pct(ep)} | "
          f"ED equal {pct(ed)} | hardest equal {pct(name)} | SE {se_s:9.2f} s | "
          f"ours {ours_s:7.3f} s | {ratio}")


if __name__ == "__main__":
    main()
