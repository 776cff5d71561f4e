"""Sudoku Explainer's ratings of a whole set on a Dask LocalCluster (issue #47): wall time of
`calcudoku.dask.grade_bag(bag, scale="se")` on 1, then 2 worker processes of one thread each,
the ratings gathered to the client and checked against a file of `calcudoku grade --scale se`
output when one is given.

    python bench/se/dask_rate.py [--workers 1 2] [--partitions 32] [--check CLI_OUTPUT] FILE

The workers read FILE themselves (`db.read_text(FILE, blocksize=...)`); one cluster of
max(--workers) processes, a run on W workers restricted to the first W (`workers=`), after a
warm-up in which each worker imports calcudoku. Prints one line per worker count: puzzles,
seconds, puzzles per second, and how many ratings differ from the CLI's.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Dict, List

import dask.bag as db
from dask.distributed import Client, LocalCluster

import calcudoku.dask


def as_line(g: Dict) -> str:
    if "error" in g:
        return g["error"]
    return f"{g['er']:.1f}/{g['ep']:.1f}/{g['ed']:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--partitions", type=int, default=32)
    ap.add_argument("--check", type=Path, help="`calcudoku grade --scale se -q FILE` output")
    args = ap.parse_args()

    size = os.path.getsize(args.file)
    cluster = LocalCluster(
        n_workers=max(args.workers), threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    try:
        names = sorted(client.scheduler_info()["workers"])
        client.run(lambda: __import__("calcudoku").Puzzle)  # warm-up: import on every worker
        want: List[str] = []
        if args.check:
            want = [l.split(" ")[1] for l in args.check.read_text().split("\n") if l.strip()]
        for w in args.workers:
            bag = db.read_text(str(args.file), blocksize=max(1, size // args.partitions))
            bag = bag.map(str.strip).filter(None)
            rated = calcudoku.dask.grade_bag(bag, scale="se", threads=1)
            started = time.perf_counter()
            got = client.compute(rated, workers=names[:w]).result()
            took = time.perf_counter() - started
            differ = sum(a != as_line(g) for a, g in zip(want, got)) if want else None
            if want and len(want) != len(got):
                differ = f"{len(got)} ratings for {len(want)} CLI lines"
            print(
                f"{w} worker(s): {len(got)} puzzles in {took:.1f} s, {len(got) / took:.0f}/s"
                + ("" if differ is None else f", {differ} differ from the CLI")
            )
    finally:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
