"""Sudoku Explainer's scale in batches and for constructors (issue #47): ``grade_many(...,
scale="se")`` and ``calcudoku.dask.grade_bag(..., scale="se")`` give the CLI's ratings;
``generate(rating=..., pattern=...)`` gives the CLI's puzzles, in range and on the pattern."""

from __future__ import annotations

import itertools
import pathlib
import subprocess

import pytest

import calcudoku
import calcudoku.dask
from conftest import REPO, SAMPLES

# The bundled 28-clue pattern, which the README and the CLI tests run too.
PATTERN = (REPO / "examples" / "sudoku-pattern.txt").read_text()


def sample(n: int) -> list:
    """The first `n` puzzles of each in-repository Sudoku sample (17-clue, top95; the CLI here is a debug build)."""
    out = []
    for name in ["17-clue.txt", "norvig-top95.txt"]:
        lines = (SAMPLES / "sudoku-sample" / name).read_text().split("\n")
        out += list(itertools.islice((l.strip() for l in lines if l.strip()), n))
    return out


def cli_ratings(cli: pathlib.Path, lines: list, tmp_path: pathlib.Path) -> list:
    f = tmp_path / "se.txt"
    f.write_text("\n".join(lines) + "\n")
    out = subprocess.run([cli, "grade", "--scale", "se", "-q", f], capture_output=True, text=True)
    return [l.split(" ")[1] for l in out.stdout.split("\n") if l]


def test_grade_many_on_the_se_scale_equals_the_cli(cli: pathlib.Path, tmp_path: pathlib.Path):
    lines = sample(8)
    got = calcudoku.grade_many(lines, scale="se", threads=2)
    assert [str(g) for g in got] == cli_ratings(cli, lines, tmp_path)
    assert all(g.path == [] and g.steps > 0 for g in got)
    # One at a time gives the same, with its path.
    one = calcudoku.Puzzle.parse(lines[0]).grade(scale="se")
    assert (one.er, one.ep, one.ed, one.hardest) == (got[0].er, got[0].ep, got[0].ed, got[0].hardest)
    # A bad text, a puzzle with several solutions and a KenKen each give their error in place.
    mixed = calcudoku.grade_many([lines[0], "nope", "." * 81, "0 0\n1 1\n3+ 3+\n"], scale="se")
    assert str(mixed[0]) == str(got[0])
    assert isinstance(mixed[1], calcudoku.ParseError)
    assert isinstance(mixed[2], calcudoku.NotUniqueError)
    assert isinstance(mixed[3], ValueError) and "9x9" in str(mixed[3])
    with pytest.raises(ValueError):
        calcudoku.grade_many(lines[:1], scale="nope")


def lines_of(puzzles: list) -> list:
    return [p.to_format("sudoku", line=True).strip() for p in puzzles]


def test_generate_with_a_rating_is_the_clis_and_in_range(cli: pathlib.Path):
    made = calcudoku.generate("sudoku", count=3, seed=5, rating=(7.0, 7.5))
    ers = [p.grade(scale="se").er for p in made]
    assert all(7.0 <= er <= 7.5 for er in ers), ers
    args = [cli, "generate", "-k", "sudoku", "--rating", "7.0..7.5", "-n", "3", "--seed", "5", "-q"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert lines_of(made) == out.split()
    # The other spellings of a range.
    assert lines_of(calcudoku.generate("sudoku", count=3, seed=5, rating="7.0..7.5")) == out.split()
    low = calcudoku.generate("sudoku", count=2, seed=1, rating=(None, 2.0))
    assert all(p.grade(scale="se").er <= 2.0 for p in low)
    one = calcudoku.generate("sudoku", count=1, seed=1, rating=4.2)
    assert one[0].grade(scale="se").er == 4.2


def test_generate_on_a_pattern_is_the_clis(cli: pathlib.Path, tmp_path: pathlib.Path):
    want = PATTERN.replace("\n", "")
    made = calcudoku.generate("sudoku", count=4, seed=9, pattern=PATTERN)
    for line in lines_of(made):
        assert "".join("." if c == "." else "x" for c in line) == want
    assert all(p.count() == 1 for p in made)
    f = tmp_path / "pattern.txt"
    f.write_text(PATTERN)
    args = [cli, "generate", "-k", "sudoku", "--pattern", f, "-n", "4", "--seed", "9", "-q"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert lines_of(made) == out.split()


def test_generate_bad_rating_and_pattern():
    for rating, said in [((9.0, 8.0), "low end is above"), (8.25, "tenths"), ("x", "not a rating"), ([1], "expected")]:
        with pytest.raises(ValueError, match=said):
            calcudoku.generate("sudoku", rating=rating)
    with pytest.raises(ValueError, match="line 3, column 8"):
        calcudoku.generate("sudoku", pattern=PATTERN.replace(".x.x.....", ".x.x...?."))
    with pytest.raises(ValueError, match="applies to 9×9 Sudoku only"):
        calcudoku.generate("kenken", rating=(7.0, 8.0))
    sparse = "." * 17 + "x" * 17 + "." * 47
    gave_up = calcudoku.generate("sudoku", pattern=sparse, max_attempts=50)
    assert isinstance(gave_up[0], calcudoku.CalcudokuError)
    assert "after 50 attempts" in str(gave_up[0])


def test_grade_bag_on_the_se_scale_equals_the_cli(cli: pathlib.Path, tmp_path: pathlib.Path):
    pytest.importorskip("dask", reason="Dask is needed for grade_bag")
    import dask.bag as db

    lines = sample(5)
    # The threaded scheduler: the same partition code as on a cluster (test_dask runs one).
    got = calcudoku.dask.grade_bag(db.from_sequence(lines, npartitions=3), scale="se").compute(
        scheduler="threads"
    )
    want = cli_ratings(cli, lines, tmp_path)
    assert [f"{g['er']:.1f}/{g['ep']:.1f}/{g['ed']:.1f}" for g in got] == want
    assert all(set(g) == {"er", "ep", "ed", "hardest", "steps"} for g in got)
