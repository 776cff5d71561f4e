"""calcudoku.dask on a real Dask cluster (a LocalCluster of two worker processes): 20,000
puzzles of the public Sudoku and KenKen sets solved partition by partition, every answer checked
against the command-line tool's."""

from __future__ import annotations

import itertools
import os
import pathlib
import subprocess

import pytest

import calcudoku
import calcudoku.dask
from conftest import corpus_roots

dask = pytest.importorskip("dask", reason="Dask is needed for the scale-out test")
distributed = pytest.importorskip("distributed")
import dask.bag as db  # noqa: E402
from dask.distributed import Client, LocalCluster  # noqa: E402

WANT = 20_000


def sudoku_lines():
    """Lines of every Sudoku set, the shared full sets first (samples when they are absent)."""
    roots = corpus_roots("sudoku")[::-1]
    for root in roots:
        for f in sorted(root.glob("*.txt")):
            for line in f.read_text().split("\n"):
                if line.strip():
                    yield line.strip()


def kenken_files():
    root = corpus_roots("kenken")[-1]
    return sorted(root.glob("*/*.in"))


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_twenty_thousand_puzzles_on_a_cluster_match_the_cli(client, cli, tmp_path):
    kenken = kenken_files()
    sudoku = list(itertools.islice(sudoku_lines(), WANT - len(kenken)))
    if os.environ.get("CI"):
        assert len(sudoku) + len(kenken) >= WANT
    texts = sudoku + [f.read_text() for f in kenken]

    bag = db.from_sequence(texts, npartitions=8)
    answers = calcudoku.dask.solve_bag(bag).compute()
    assert len(answers) == len(texts)

    # The CLI's answers: the Sudoku lines as one batch file, each KenKen as its own file.
    lines = tmp_path / "sudoku.txt"
    lines.write_text("\n".join(sudoku) + "\n")
    out = subprocess.run([cli, "-q", lines], capture_output=True, text=True).stdout.split("\n")
    for i, line in enumerate(sudoku):
        got = answers[i]
        if out[i] == "No solution.":
            assert got is None
        else:
            assert "".join(str(v) for row in got for v in row) == out[i], line
    for j, f in enumerate(kenken):
        cli_rows = subprocess.run([cli, "-q", f], capture_output=True, text=True).stdout
        got = answers[len(sudoku) + j]
        assert "".join(" ".join(map(str, r)) + "\n" for r in got) == cli_rows, f


def test_grade_and_dataframe_on_the_cluster(client):
    pd = pytest.importorskip("pandas")
    import dask.dataframe as dd

    kenken = [f.read_text() for f in kenken_files()[:40]] + ["not a puzzle"]
    grades = calcudoku.dask.grade_bag(db.from_sequence(kenken, npartitions=4)).compute()
    assert grades[-1] == {"error": grades[-1]["error"]} and "expected" in grades[-1]["error"]
    local = calcudoku.grade_many(kenken[:-1])
    assert [g["level"] for g in grades[:-1]] == [g.level for g in local]

    lines = calcudoku.dask.solve_bag(db.from_sequence(kenken, npartitions=3), line=True)
    assert lines.compute() == calcudoku.solve_many(kenken, line=True)[:-1] + [grades[-1]]

    df = dd.from_pandas(pd.DataFrame({"puzzle": kenken[:10]}), npartitions=2)
    solved = calcudoku.dask.solve_dataframe(df).compute()
    assert list(solved["solution"]) == [calcudoku.Puzzle.parse(t).solve() for t in kenken[:10]]


def test_se_ratings_on_the_cluster_equal_grade_many(client):
    """`grade_bag(scale="se")` on the two-worker cluster gives the batch call's ratings (which
    test_se_scale checks against the CLI's)."""
    sudoku = list(itertools.islice(sudoku_lines(), 200))
    got = calcudoku.dask.grade_bag(db.from_sequence(sudoku, npartitions=4), scale="se").compute()
    local = calcudoku.grade_many(sudoku, scale="se")
    assert got == [calcudoku.dask._plain(r) for r in local]
    assert all("er" in g for g in got), [g for g in got if "er" not in g][:3]
