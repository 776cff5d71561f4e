"""calcudoku beside other Sudoku solvers from PyPI, on the public Sudoku sets, in one run.

Peers (installed only in a scratch environment, never a dependency of the project; each is
left out when it does not import):

* `rustoku` (MIT; Rust inside, PyO3): `rustoku.solve(text)` (first solution) and
  `rustoku.count_solutions(text, 2)` (the proof of uniqueness, no grid);
* `py-sudoku` (MIT; pure Python, import `sudoku`): `Sudoku(3, 3, board=rows).solve()`, first
  solution. It takes 1 ms to 2 s a puzzle, so it runs on a sample of each set (--sample
  puzzles spread evenly over the --max), once, each puzzle with a limit of --limit seconds of
  CPU time (a puzzle over it counts as the limit, and its ratio is then a lower bound, ≥).

calcudoku is timed on one thread as `solve_many(texts, threads=1, line=True)` (each answer an
81-character string, as rustoku's are; the first solution in row-major order *and* the proof
that it is unique: more work than a first solution, much more on puzzles with several
solutions, where the first in row-major order takes a second search), as
`count_many(texts, limit=2, threads=1)` (against rustoku's count), and as `solve_many` with
rows (against py-sudoku, whose answers are rows). Every peer's answer is checked: a valid
completion of the puzzle's givens, the same grid as calcudoku's where the solution is unique,
and counts that agree with `count_many(limit=2)`.

Times are CPU time of the calling thread (`time.thread_time`; every solver here runs on it),
so that the other work on a shared machine counts less; each figure is the median of --repeat
runs (py-sudoku: one run), and calcudoku is measured on the very puzzles each peer solved.
*ratio* = peer's time / calcudoku's time for the same answers (above 1: calcudoku is faster).

    python python/bench/peers.py [--repeat 3] [--max 5000] [--sample 50] [--limit 20] [FILE ...]

--max: puzzles per set for calcudoku and rustoku, spread evenly over the set (rustoku takes
up to 4 ms a puzzle; 0: the whole set).

FILE: files of one-line Sudokus (default: every set in ../shared/data/sudoku).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

import calcudoku

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "sudoku"
DIGITS = set("123456789")


def optional(name: str) -> Optional[Any]:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


rustoku = optional("rustoku")
py_sudoku = optional("sudoku")


def cpu_time(f: Callable[[], Any], min_seconds: float = 0.2) -> tuple[float, Any]:
    """CPU seconds of one call of `f` (calls repeated until `min_seconds` have passed, so short
    calls are timed over many), and its last result."""
    calls, total, result = 0, 0.0, None
    while total < min_seconds or calls == 0:
        started = time.thread_time()
        result = f()
        total += time.thread_time() - started
        calls += 1
    return total / calls, result


def median_time(f: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    runs = [cpu_time(f) for _ in range(repeat)]
    return statistics.median(t for t, _ in runs), runs[-1][1]


def spread(xs: Sequence[Any], k: int) -> List[Any]:
    """`k` items spread evenly over `xs` (all of them when there are no more than `k`)."""
    if len(xs) <= k:
        return list(xs)
    return [xs[i * len(xs) // k] for i in range(k)]


def rows_of(text: str) -> List[List[int]]:
    values = [int(c) if c in DIGITS else 0 for c in text]
    return [values[r * 9 : r * 9 + 9] for r in range(9)]


def rows_of_solution(text: str) -> Optional[List[List[int]]]:
    return rows_of(text) if len(text) == 81 and set(text) <= DIGITS else None


def completes(puzzle: str, grid: Optional[List[List[int]]]) -> bool:
    """Whether `grid` is a solved Sudoku that keeps the puzzle's givens."""
    if grid is None or len(grid) != 9 or any(len(r) != 9 for r in grid):
        return False
    full = set(range(1, 10))
    units = [list(r) for r in grid] + [[grid[r][c] for r in range(9)] for c in range(9)]
    units += [
        [grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    givens = rows_of(puzzle)
    kept = all(g in (0, v) for gr, vr in zip(givens, grid) for g, v in zip(gr, vr))
    return kept and all(set(u) == full for u in units)


class Late(Exception):
    pass


def py_sudoku_solve(texts: Sequence[str], limit: float) -> tuple[List[float], List[Any]]:
    """Each puzzle's CPU seconds and grid (None: no solution or over the limit)."""

    def late(*_: Any) -> None:
        raise Late()

    previous = signal.signal(signal.SIGVTALRM, late)
    times, grids = [], []
    try:
        for text in texts:
            started = time.thread_time()
            signal.setitimer(signal.ITIMER_VIRTUAL, limit)
            try:
                solved = py_sudoku.Sudoku(3, 3, board=rows_of(text)).solve()
                grid = solved.board if solved.get_difficulty() != -2 else None
            except Late:
                grid = "late"
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            times.append(min(time.thread_time() - started, limit))
            grids.append(grid)
    finally:
        signal.signal(signal.SIGVTALRM, previous)
    return times, grids


def check(
    name: str,
    set_name: str,
    texts: Sequence[str],
    ours: Sequence[Any],
    theirs: Sequence[Any],
    unique: Sequence[bool],
) -> None:
    for text, a, b, one in zip(texts, ours, theirs, unique):
        if b == "late":
            continue
        if not completes(text, b) or (one and a != b):
            sys.exit(f"{set_name}: {name} disagrees on {text}: {b!r}, calcudoku {a!r}")


def measure(path: Path, args: argparse.Namespace) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        texts = [line.strip() for line in f if line.strip()]
    if args.max and len(texts) > args.max:
        texts = spread(texts, args.max)
    name = path.stem
    row: Dict[str, Any] = {"set": name, "puzzles": len(texts)}

    def ours_batch(ts: Sequence[str], line: bool = False) -> Callable[[], Any]:
        return lambda: calcudoku.solve_many(ts, threads=1, line=line)

    ours = calcudoku.solve_many(texts, threads=1)
    counts = calcudoku.count_many(texts, limit=2, threads=1)
    unique = [c == 1 for c in counts]
    for text, grid in zip(texts, ours):
        if not completes(text, grid):
            sys.exit(f"{name}: calcudoku's answer does not complete {text}")
    t_line, lines = median_time(ours_batch(texts, line=True), args.repeat)
    if [rows_of_solution(x) for x in lines] != ours:
        sys.exit(f"{name}: solve_many(line=True) differs from solve_many")
    t_count, _ = median_time(lambda: calcudoku.count_many(texts, limit=2, threads=1), args.repeat)
    row["calcudoku_line_us"] = t_line / len(texts) * 1e6
    row["calcudoku_count_us"] = t_count / len(texts) * 1e6
    if rustoku is not None:
        t2, theirs = median_time(lambda: [rustoku.solve(x) for x in texts], args.repeat)
        check("rustoku", name, texts, ours, [rows_of_solution(s) for s in theirs], unique)
        row["rustoku_solve"] = t2 / t_line
        t3, theirs = median_time(
            lambda: [rustoku.count_solutions(x, 2) for x in texts], args.repeat
        )
        if list(theirs) != list(counts):
            sys.exit(f"{name}: rustoku's counts to 2 differ from calcudoku's")
        row["rustoku_count2"] = t3 / t_count
    if py_sudoku is not None:
        picked = spread(list(range(len(texts))), args.sample)
        sample = [texts[i] for i in picked]
        times, theirs = py_sudoku_solve(sample, args.limit)
        mine = [ours[i] for i in picked]
        check("py-sudoku", name, sample, mine, theirs, [unique[i] for i in picked])
        ts, _ = median_time(ours_batch(sample), args.repeat)
        late = sum(1 for g in theirs if g == "late")
        row["py_sudoku_sample"] = len(sample)
        row["py_sudoku_late"] = late
        row["py_sudoku"] = sum(times) / ts
        row["py_sudoku_ms"] = sum(times) / len(sample) * 1e3
        row["calcudoku_sample_us"] = ts / len(sample) * 1e6
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sample", type=int, default=50, help="py-sudoku's puzzles per set")
    ap.add_argument("--limit", type=float, default=20.0, help="py-sudoku's CPU seconds a puzzle")
    ap.add_argument(
        "--max", type=int, default=5000, help="puzzles per set, spread over it (0: all)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    paths = args.paths or sorted(SHARED.glob("*.txt"))
    print(
        f"calcudoku {calcudoku.__version__}, rustoku {dist_version('rustoku', rustoku)}, "
        f"py-sudoku {dist_version('py-sudoku', py_sudoku)}, Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.1f}; CPU time, median of {args.repeat}"
    )
    if not args.json:
        print(
            "| set | puzzles | calcudoku `solve_many(line=True)` µs | rustoku `solve` ratio "
            "| calcudoku `count_many(limit=2)` µs | rustoku `count_solutions(2)` ratio "
            "| py-sudoku ratio (sample) |"
        )
        print("|---|---:|---:|---:|---:|---:|---|")
    for path in paths:
        row = measure(path, args)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        ratio = lambda k: f"{row[k]:.2f}" if k in row else "-"  # noqa: E731
        slow = "-"
        if "py_sudoku" in row:
            bound = "≥ " if row["py_sudoku_late"] else ""
            slow = (
                f"{bound}{row['py_sudoku']:,.0f} ({row['py_sudoku_sample']} puzzles: "
                f"{row['py_sudoku_ms']:.1f} ms each, calcudoku {row['calcudoku_sample_us']:.1f} µs"
                + (f", {row['py_sudoku_late']} over the limit" if row["py_sudoku_late"] else "")
                + ")"
            )
        print(
            f"| {row['set']} | {row['puzzles']} | {row['calcudoku_line_us']:.2f} "
            f"| {ratio('rustoku_solve')} | {row['calcudoku_count_us']:.2f} "
            f"| {ratio('rustoku_count2')} | {slow} |",
            flush=True,
        )


def dist_version(name: str, module: Optional[Any]) -> str:
    if module is None:
        return "absent"
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


if __name__ == "__main__":
    main()
