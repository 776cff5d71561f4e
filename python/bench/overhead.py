"""What the Python layer adds per puzzle to the Rust library's own time.

For each set, on one thread, in rounds (one warm-up round, then --repeat counted rounds; the
median of each kept):

* Rust: `rust-loop/` (a plain loop over the same texts: `format::parse` then `Solver::solve()`
  or `Solver::count(2)`, every result kept), its in-process time;
* `calcudoku.solve_many(texts, threads=1)` (rows, and `line=True`: one string each) and
  `calcudoku.count_many(texts, limit=2, threads=1)`, with the garbage collector as the user
  has it (on, by default); `calcudoku.grade_many(texts, threads=1)` on the first --grade
  puzzles (Rust: `logic::grade`);
* for reference, the same rows built by CPython's own C code with nothing solved
  (`memoryview(cells).cast("B", shape).tolist()`): the least that lists of lists cost;
* single calls, `Puzzle.parse(text).solve()` in a Python loop, on the first --single puzzles.

overhead per puzzle = (Python time - Rust time) / puzzles, in CPU time of the thread doing the
work (`time.thread_time`; the Rust loop reads the same clock), which leaves out time spent
waiting for a core on a shared machine; wall-clock figures beside, in brackets. The answers are checked to agree
(solutions found, solutions counted). Usage, from the repository's root, with the package
built in release mode in the running interpreter (`maturin develop --release` or
`pip install ./python`):

    python python/bench/overhead.py [--repeat 3] [--max N] [--single 5000] [PATH ...]

PATH: files of one-line puzzles or folders of `.in` files (default: the shared Sudoku sets
17-clue, serg-benchmark and forum-hardest-1905-11plus, and the KenKen corpus). The Rust loop is
built with cargo (release) on first use; CARGO_TARGET_DIR is honoured.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, List, Sequence

import calcudoku

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SHARED = ROOT.parent / "shared" / "data"
DEFAULT = [
    SHARED / "sudoku" / "17-clue.txt",
    SHARED / "sudoku" / "serg-benchmark.txt",
    SHARED / "sudoku" / "forum-hardest-1905-11plus.txt",
    SHARED / "kenken",
]


def rust_loop() -> Path:
    manifest = HERE / "rust-loop" / "Cargo.toml"
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--manifest-path", str(manifest)], check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", HERE / "rust-loop" / "target"))
    return target / "release" / "calcudoku-rust-loop"


def read_texts(path: Path) -> List[str]:
    """Same order and content as rust-loop's `read_texts`."""
    if path.is_dir():
        files = sorted(path.rglob("*.in"), key=lambda p: p.parts)
        return [f.read_text(encoding="utf-8") for f in files]
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def rust_time(binary: Path, mode: str, path: Path, n: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of the second of two passes (the first warms the allocator), and
    the digest of the answers."""
    out = subprocess.run(
        [str(binary), mode, str(path), str(n), "2"], check=True, capture_output=True, text=True
    ).stdout
    obj = json.loads(out)
    assert obj["puzzles"] == n, (obj, n)
    return obj["seconds"][-1], obj["cpu_seconds"][-1], obj["digest"]


def timed(f: Callable[[], object]) -> tuple[float, float, object]:
    """Wall and CPU seconds of the calling thread (`threads=1` runs the batch on it)."""
    cpu = time.thread_time()
    started = time.perf_counter()
    result = f()
    return time.perf_counter() - started, time.thread_time() - cpu, result


def solved(results: Sequence[object]) -> int:
    return sum(1 for r in results if isinstance(r, list))


def counted(results: Sequence[object]) -> int:
    return sum(r for r in results if isinstance(r, int))


def single(texts: Sequence[str]) -> List[object]:
    parse = calcudoku.Puzzle.parse
    return [parse(t).solve() for t in texts]


def measure(binary: Path, path: Path, args: argparse.Namespace) -> List[dict]:
    texts = read_texts(path)
    if args.max:
        texts = texts[: args.max]
    n = len(texts)
    few = texts[: args.single]
    cases = [
        ("solve_many", "solve", n, lambda: calcudoku.solve_many(texts, threads=1), solved),
        (
            "solve_many(line=True)",
            "solve",
            n,
            lambda: calcudoku.solve_many(texts, threads=1, line=True),
            lambda rs: sum(1 for r in rs if isinstance(r, str)),
        ),
        (
            "count_many",
            "count",
            n,
            lambda: calcudoku.count_many(texts, limit=2, threads=1),
            counted,
        ),
        ("parse().solve()", "solve", len(few), lambda: single(few), solved),
    ]
    if args.grade:
        graded = texts[: args.grade]
        cases.append(
            (
                "grade_many",
                "grade",
                len(graded),
                lambda: calcudoku.grade_many(graded, threads=1),
                lambda rs: sum(r.steps for r in rs if isinstance(r, calcudoku.Grade)),
            )
        )
    # The same rows built by CPython's own C code (a memoryview's tolist()), with no solving:
    # what lists of lists cost at the least (Rust time 0). Grids of one size only.
    grids = [g for g in calcudoku.solve_many(texts, threads=1) if isinstance(g, list)]
    if grids and len({len(g) for g in grids}) == 1:
        size = len(grids[0])
        cells = bytes(v for g in grids for row in g for v in row)
        del grids
        shape = (len(cells) // size // size, size, size)
        cases.append(
            (
                "CPython tolist() of the rows",
                None,
                shape[0],
                lambda: memoryview(cells).cast("B", shape).tolist(),
                len,
            )
        )
    # name -> [Rust wall], [Rust CPU], [Python wall], [Python CPU]
    times = {name: ([], [], [], []) for name, *_ in cases}
    for round_ in range(args.repeat + 1):
        for name, mode, k, call, digest in cases:
            if mode is None:
                rust_wall, rust_cpu, want = 0.0, 0.0, k
            else:
                rust_wall, rust_cpu, want = rust_time(binary, mode, path, k)
            py_wall, py_cpu, result = timed(call)
            got = digest(result)
            if got != want:
                sys.exit(f"{path.name} {name}: Python found {got}, Rust {want}")
            del result
            if round_ > 0:
                for xs, x in zip(times[name], (rust_wall, rust_cpu, py_wall, py_cpu)):
                    xs.append(x)
    rows = []
    for name, _, k, _, _ in cases:
        rust_wall, rust_cpu, py_wall, py_cpu = (statistics.median(xs) for xs in times[name])
        rows.append(
            {
                "set": path.stem if path.is_file() else path.name,
                "call": name,
                "puzzles": k,
                "rust_cpu_us": rust_cpu / k * 1e6,
                "ratio_cpu": py_cpu / rust_cpu if rust_cpu else float("nan"),
                "overhead_cpu_us": (py_cpu - rust_cpu) / k * 1e6,
                "rust_wall_us": rust_wall / k * 1e6,
                "overhead_wall_us": (py_wall - rust_wall) / k * 1e6,
                "runs": dict(zip(("rust_wall", "rust_cpu", "py_wall", "py_cpu"), times[name])),
            }
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=3, help="counted rounds (median kept)")
    ap.add_argument("--max", type=int, default=0, help="at most this many puzzles per set")
    ap.add_argument("--single", type=int, default=5000, help="puzzles for the single calls")
    ap.add_argument(
        "--grade", type=int, default=2000, help="puzzles for grade_many (0: leave it out)"
    )
    ap.add_argument("--no-gc", action="store_true", help="time with gc.disable() (diagnosis)")
    ap.add_argument("--json", action="store_true", help="one JSON object per row")
    args = ap.parse_args()
    binary = rust_loop()
    if args.no_gc:
        gc.disable()
    print(
        f"calcudoku {calcudoku.__version__}, Python {sys.version.split()[0]}, "
        f"gc {'on' if gc.isenabled() else 'off'}, load average {os.getloadavg()[0]:.1f}, "
        f"median of {args.repeat} rounds"
    )
    if not args.json:
        print(
            "| set | call | puzzles | Rust µs/puzzle | Python ÷ Rust | overhead µs/puzzle "
            "| (wall: Rust µs, overhead µs) |"
        )
        print("|---|---|---:|---:|---:|---:|---:|")
    for path in args.paths:
        for row in measure(binary, path, args):
            if args.json:
                print(json.dumps(row))
            else:
                print(
                    f"| {row['set']} | `{row['call']}` | {row['puzzles']} "
                    f"| {row['rust_cpu_us']:.2f} | {row['ratio_cpu']:.3f} "
                    f"| {row['overhead_cpu_us']:.2f} "
                    f"| ({row['rust_wall_us']:.2f}, {row['overhead_wall_us']:.2f}) |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
