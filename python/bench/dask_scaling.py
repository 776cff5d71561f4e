"""calcudoku.dask on 1, then 2 worker processes of a LocalCluster (one thread each): wall time
of `solve_bag(...)` for a set of puzzles, the speed-up, and the costs a model of more workers
needs (per-task overhead, gathering answers to the client).

The bag is `db.read_text(FILE, blocksize=size / --partitions).map(str.strip)`: the workers
read the file themselves. One cluster of max(--workers) processes; a run on W workers is
restricted to the first W (`workers=`), and the rounds alternate between the counts, so that
the machine's changing load falls on all of them alike. Two measures for each set and worker
count, after a warm-up (every worker imports calcudoku), each the median of --repeat runs:
*kept*, `persist()` until every partition is solved, the answers left on the workers (as a
pipeline that writes them out or reduces them does); *gathered*, `compute()`, every answer
brought back to the client as one list. Beside them, in the same run: the same puzzles solved
in this process by `solve_many(threads=1)` (no Dask) and by `solve_many(threads=W)` for each W
of --workers (rayon threads: what the machine's cores give at that moment, the ceiling of the
workers' speed-up), the time per Dask task measured on tasks that do nothing, and the time to
pickle and unpickle one puzzle's answer.

    python python/bench/dask_scaling.py [--repeat 3] [--partitions 16] [--workers 1 2]
        [--line] [FILE ...]

FILE: files of one-line puzzles (default: the shared 17-clue and forum-hardest-1905-11plus
sets, light and heavy work per puzzle). --line: answers as strings instead of rows.
"""

from __future__ import annotations

import argparse
import itertools
import os
import pickle
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

import dask.bag as db
from dask.distributed import Client, LocalCluster, wait

import calcudoku
import calcudoku.dask

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "sudoku"
DEFAULT = [SHARED / "17-clue.txt", SHARED / "forum-hardest-1905-11plus.txt"]


def wall(f: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    runs = []
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = f()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs), result


def nothing(part: List[str]) -> List[int]:
    return [len(part)]


RUNS = itertools.count()


def job(bag: Any, line: bool) -> Any:
    """`calcudoku.dask.solve_bag(bag, threads=1, line=line)` under a name of its own, so that
    no run finds the answers of an earlier one still held by the cluster."""
    token = f"solve-partition-run{next(RUNS)}"
    return bag.map_partitions(
        calcudoku.dask.solve_partition, threads=1, line=line, token=token
    )


def timed(f: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = f()
    return time.perf_counter() - started, result


def on_cluster(paths: Dict[str, Path], args: argparse.Namespace) -> Dict:
    """One LocalCluster of max(--workers) processes; a run on W workers is restricted to the
    first W of them (`workers=`), and the rounds alternate between the worker counts, so that
    the machine's changing load falls on all of them alike."""
    cluster = LocalCluster(
        n_workers=max(args.workers), threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    client.wait_for_workers(max(args.workers))
    addresses = sorted(client.scheduler_info()["workers"])
    out: Dict[Any, Any] = {}
    try:
        for name, path in paths.items():
            # The workers read the file themselves, a block each (no data through the client).
            block = -(-path.stat().st_size // args.partitions)
            bag = db.read_text(str(path), blocksize=block).map(str.strip).filter(None)
            for a in addresses:  # every worker imports calcudoku before the clock starts
                client.compute(calcudoku.dask.solve_bag(bag, threads=1), workers=[a]).result()
            runs: Dict[int, Dict[str, List[float]]] = {
                w: {"kept": [], "gathered": []} for w in args.workers
            }
            answers: Dict[int, Any] = {}
            for _ in range(args.repeat):
                for w in args.workers:
                    on = addresses[:w]
                    # kept: solved and left on the workers (persist), as a pipeline that
                    # writes the answers out or reduces them does.
                    t, futures = timed(
                        lambda: wait(client.persist(job(bag, args.line), workers=on))
                    )
                    runs[w]["kept"].append(t)
                    del futures
                    # gathered: every answer brought back to the client as one list.
                    t, answers[w] = timed(
                        lambda: client.compute(job(bag, args.line), workers=on).result()
                    )
                    runs[w]["gathered"].append(t)
            for w in args.workers:
                out[(w, name)] = (
                    statistics.median(runs[w]["kept"]),
                    statistics.median(runs[w]["gathered"]),
                    answers[w],
                )
        # Per-task cost: many partitions of one puzzle each, doing nothing.
        empty = db.from_sequence(["x"] * args.tasks, npartitions=args.tasks)
        empty.map_partitions(nothing).compute()
        for w in args.workers:
            t, _ = wall(
                lambda: client.compute(
                    empty.map_partitions(nothing, token=f"nothing{next(RUNS)}"),
                    workers=addresses[:w],
                ).result(),
                args.repeat,
            )
            out[(w, "per_task")] = t / args.tasks
    finally:
        client.close()
        cluster.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--partitions", type=int, default=16)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--tasks", type=int, default=200, help="empty tasks for the per-task cost")
    ap.add_argument("--line", action="store_true", help="answers as strings, not rows")
    args = ap.parse_args()
    sets = {}
    for path in args.paths:
        with open(path, encoding="utf-8") as f:
            sets[path.stem] = [line.strip() for line in f if line.strip()]
    print(
        f"calcudoku {calcudoku.__version__}, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
        f"{args.partitions} partitions, answers as {'lines' if args.line else 'rows'}, "
        f"wall time, median of {args.repeat}"
    )
    local: Dict[str, Any] = {}
    threads: Dict[str, Dict[int, float]] = {}
    for name, texts in sets.items():
        t, answers = wall(
            lambda: calcudoku.solve_many(texts, threads=1, line=args.line), args.repeat
        )
        local[name] = (t, answers)
        # What the machine gives right now: the same batch on rayon threads, no Dask.
        threads[name] = {
            w: wall(lambda: calcudoku.solve_many(texts, threads=w, line=args.line), args.repeat)[0]
            for w in args.workers
        }
        blob = pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
        t_dump, _ = wall(lambda: pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL), 3)
        t_load, _ = wall(lambda: pickle.loads(blob), 3)
        print(
            f"{name}: {len(texts)} puzzles; in-process solve_many(threads=1) "
            f"{t / len(texts) * 1e6:.2f} µs each; answers pickled {len(blob) / len(texts):.0f} "
            f"bytes each, dumps {t_dump / len(texts) * 1e6:.2f} µs + loads "
            f"{t_load / len(texts) * 1e6:.2f} µs each"
        )
    paths = {path.stem: path for path in args.paths}
    measured = on_cluster(paths, args)
    results = {
        w: {**{n: measured[(w, n)] for n in paths}, "per_task": measured[(w, "per_task")]}
        for w in args.workers
    }
    print()
    names = [f"{w} worker{'s' if w > 1 else ''}" for w in args.workers]
    span = f"{args.workers[0]}→{args.workers[-1]}"
    print(
        "| set | puzzles | in-process s | "
        + " | ".join(f"{n}: kept s" for n in names)
        + f" | speed-up {span} | "
        + " | ".join(f"{n}: gathered s" for n in names)
        + f" | speed-up {span} | in-process threads {span} |"
    )
    print("|---|---:|---:|" + "---:|" * (2 * len(args.workers) + 3))
    for name, texts in sets.items():
        t_local, want = local[name]
        plain = [calcudoku.dask._plain(a) for a in want]
        for w in args.workers:
            if results[w][name][2] != plain:
                sys.exit(f"{name}: {w} workers' answers differ from solve_many's")
        first, last = results[args.workers[0]][name], results[args.workers[-1]][name]
        print(
            f"| {name} | {len(texts)} | {t_local:.3f} | "
            + " | ".join(f"{results[w][name][0]:.3f}" for w in args.workers)
            + f" | {first[0] / last[0]:.2f}× | "
            + " | ".join(f"{results[w][name][1]:.3f}" for w in args.workers)
            + f" | {first[1] / last[1]:.2f}× "
            + f"| {threads[name][args.workers[0]] / threads[name][args.workers[-1]]:.2f}× |"
        )
    print()
    for w in args.workers:
        gather = [
            (results[w][n][1] - results[w][n][0]) / len(t) * 1e6 for n, t in sets.items()
        ]
        print(
            f"{w} worker(s): {results[w]['per_task'] * 1e3:.2f} ms per task (empty tasks); "
            "gathering the answers to the client (gathered - kept): "
            + ", ".join(f"{g:.1f}" for g in gather)
            + " µs per answer"
        )
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
