"""calcudoku on a Dask cluster: solve, count or grade a bag or dataframe of puzzles, partition
by partition, each partition in one batch call (all the worker's cores, no GIL).

The same code runs on one machine and on a cluster; only the client changes::

    from dask.distributed import Client
    import dask.bag as db
    import calcudoku.dask

    client = Client("tcp://scheduler:8786")      # or Client(LocalCluster(n_workers=2))
    bag = db.read_text("puzzles-*.txt").map(str.strip).filter(None)
    answers = calcudoku.dask.solve_bag(bag).compute()

Results are plain Python values (rows of ints, None, dicts), so they travel between workers;
a puzzle that fails gives ``{"error": message}`` in its place.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import _calcudoku as core


def _plain(x: Any) -> Any:
    if isinstance(x, BaseException):
        return {"error": str(x)}
    if isinstance(x, core.GradeResult):
        return {"level": x.level, "rating": x.rating, "steps": x.steps, "techniques": dict(x.techniques)}
    if isinstance(x, core.SeGradeResult):
        return {"er": x.er, "ep": x.ep, "ed": x.ed, "hardest": x.hardest, "steps": x.steps}
    return x


def solve_partition(
    texts: List[str], threads: Optional[int] = None, line: bool = False
) -> List[Any]:
    """The first solution of each puzzle text (rows of ints; ``line=True``: one string, which
    is cheaper to build and to send between processes), None, or ``{"error": …}``."""
    return [_plain(r) for r in core.solve_many(list(texts), threads=threads, line=line)]


def count_partition(texts: List[str], limit: int = 2, threads: Optional[int] = None) -> List[Any]:
    return [_plain(r) for r in core.count_many(list(texts), limit=limit, threads=threads)]


def grade_partition(
    texts: List[str],
    threads: Optional[int] = None,
    scale: str = "calcudoku",
    timeout: Optional[float] = None,
) -> List[Dict[str, Any]]:
    """Each puzzle's grade as a dict: ``level``, ``rating``, ``steps``, ``techniques``; with
    ``scale="se"`` (9×9 Sudoku) Sudoku Explainer's ``er``, ``ep``, ``ed``, ``hardest`` and
    ``steps``, as ``calcudoku grade --scale se`` gives them."""
    results = core.grade_many(list(texts), threads=threads, timeout=timeout, scale=scale)
    return [_plain(r) for r in results]


def solve_bag(bag: Any, threads: Optional[int] = None, line: bool = False) -> Any:
    """A bag of puzzle texts → a bag of solutions, in the same order (``line=True``: each
    solution as one string, ``1``–``9`` then ``A`` = 10, …)."""
    return bag.map_partitions(solve_partition, threads=threads, line=line)


def count_bag(bag: Any, limit: int = 2, threads: Optional[int] = None) -> Any:
    return bag.map_partitions(count_partition, limit=limit, threads=threads)


def grade_bag(
    bag: Any, threads: Optional[int] = None, scale: str = "calcudoku", timeout: Optional[float] = None
) -> Any:
    """A bag of puzzle texts → a bag of grade dicts (see :func:`grade_partition`);
    ``scale="se"`` rates a bag of 9×9 Sudokus on Sudoku Explainer's scale (ER/EP/ED)."""
    return bag.map_partitions(grade_partition, threads=threads, scale=scale, timeout=timeout)


def solve_dataframe(df: Any, column: str = "puzzle", out: str = "solution") -> Any:
    """Adds a column of solutions (rows as lists, None, or an error dict) to a Dask dataframe."""

    def part(pdf: Any) -> Any:
        pdf = pdf.copy()
        pdf[out] = solve_partition(list(pdf[column]))
        return pdf

    meta = df._meta.assign(**{out: object()})
    return df.map_partitions(part, meta=meta)


def grade_dataframe(df: Any, column: str = "puzzle") -> Any:
    """Adds `level` and `rating` columns (None where a puzzle could not be graded)."""

    def part(pdf: Any) -> Any:
        pdf = pdf.copy()
        grades = grade_partition(list(pdf[column]))
        pdf["level"] = [g.get("level") for g in grades]
        pdf["rating"] = [g.get("rating") for g in grades]
        return pdf

    meta = df._meta.assign(level=str(), rating=float())
    return df.map_partitions(part, meta=meta)
