"""The Python API: parsing and its errors, solving, counting, grading, hints, explanations,
conversions, batches (same answers as one at a time), NumPy."""

from __future__ import annotations

import gc
import pathlib
import subprocess

import pytest

import calcudoku
from conftest import REPO, SAMPLES

KENKEN = "0 0 0 1\n2 3 4 1\n2 3 4 4\n2 3 5 5\n6* 1- 12* 9+ 4* 5+\n"
SOLUTION = [[2, 1, 3, 4], [1, 4, 2, 3], [4, 3, 1, 2], [3, 2, 4, 1]]
SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_parse_and_solve():
    p = calcudoku.Puzzle.parse(KENKEN)
    assert (p.size, p.kind) == (4, "kenken")
    assert p.solve() == SOLUTION
    assert all(isinstance(v, int) for row in p.solve() for v in row)
    assert p.count() == 1
    assert ("6*", [(0, 0), (0, 1), (0, 2)]) in p.cages
    assert calcudoku.Puzzle.parse(SUDOKU).kind == "sudoku"


def test_parse_error_has_the_cli_words_and_the_place():
    with pytest.raises(calcudoku.ParseError) as e:
        calcudoku.Puzzle.parse("0 0 x\n")
    assert (e.value.line, e.value.column) == (1, 5)
    assert "line 1, column 5: expected" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(ValueError):
        calcudoku.Puzzle.parse(KENKEN, format="nonsense")


def test_from_file_names_the_file(tmp_path: pathlib.Path):
    good = tmp_path / "k.txt"
    good.write_text(KENKEN)
    assert calcudoku.Puzzle.from_file(good).solve() == SOLUTION
    bad = tmp_path / "bad.txt"
    bad.write_text("0 0\n1 x\n3+ 3+\n")
    with pytest.raises(calcudoku.ParseError) as e:
        calcudoku.Puzzle.from_file(bad)
    assert str(e.value).startswith(f"{bad}: line 2")


def test_no_solution_and_several():
    none = calcudoku.Puzzle.parse("0 0\n1 1\n5+ 3+\n")
    assert none.solve() is None
    several = calcudoku.Puzzle.parse("0 0\n1 1\n3+ 3+\n")
    assert several.solve() == [[1, 2], [2, 1]]  # the first in row-major order
    assert several.count(limit=10) == 2
    with pytest.raises(calcudoku.NotUniqueError):
        several.grade()
    with pytest.raises(calcudoku.NoSolutionError):
        none.grade()


def test_grade_hint_explain():
    p = calcudoku.Puzzle.parse(KENKEN)
    g = p.grade()
    assert g.level == "easy" and g.rating > 1 and g.steps > 0
    assert g.techniques["cage combination"] > 0
    h = p.hint()
    assert h.status == "step" and h.step.text
    wrong = p.hint(grid=[[2, 1, 3, 4], [1, 3, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert wrong.status == "wrong" and wrong.wrong == [(1, 1)]
    assert p.hint(grid=SOLUTION).status == "solved"
    steps = p.explain()
    assert steps and all(s.text for s in steps)
    for s in steps:
        for r, c, v in s.placements:
            assert SOLUTION[r][c] == v
        for r, c, v in s.eliminations:
            assert SOLUTION[r][c] != v
    with pytest.raises(ValueError):
        p.hint(grid=[[1, 2]])


def test_conversions_read_back():
    p = calcudoku.Puzzle.parse(KENKEN)
    for fmt in ["ops", "keen", "json"]:
        assert calcudoku.Puzzle.parse(p.to_format(fmt)) == p
    s = calcudoku.Puzzle.parse(SUDOKU)
    assert s.to_format("sudoku", line=True).strip() == SUDOKU.replace(".", "0") or calcudoku.Puzzle.parse(
        s.to_format("sudoku", line=True)
    ) == s
    with pytest.raises(calcudoku.FormatError):
        s.to_format("keen")


def test_batches_agree_with_one_at_a_time():
    lines = (SAMPLES / "sudoku-sample" / "17-clue.txt").read_text().split()
    texts = lines[:30] + ["not a puzzle"]
    many = calcudoku.solve_many(texts, threads=2)
    assert len(many) == len(texts)
    for text, got in zip(texts[:-1], many):
        assert got == calcudoku.Puzzle.parse(text).solve()
    assert isinstance(many[-1], calcudoku.ParseError)
    assert calcudoku.solve_many(texts[:5], threads=1) == many[:5]
    counts = calcudoku.count_many(texts[:5], limit=2)
    assert counts == [1] * 5
    grades = calcudoku.grade_many([calcudoku.Puzzle.parse(KENKEN), "0 0\n1 1\n3+ 3+\n"])
    assert grades[0].level == "easy"
    assert isinstance(grades[1], calcudoku.NotUniqueError)


def test_large_mixed_batch_and_the_collector_state():
    # Large enough for solve_many to pause the garbage collector while it builds the rows;
    # sizes 2, 4, 9 and 16 share one table of ints, with failures and a None among them.
    sudokus = (SAMPLES / "sudoku-sample" / "17-clue.txt").read_text().split()
    big = (REPO / "tests" / "data" / "sudoku" / "sudoku-16x16.line.txt").read_text().strip()
    texts = (sudokus * 3)[:100] + [KENKEN, big, "0 0\n1 1\n5+ 3+\n", "not a puzzle", KENKEN]
    alone = [calcudoku.Puzzle.parse(t).solve() for t in texts[:-2]]
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            many = calcudoku.solve_many(texts, threads=1)
            assert gc.isenabled() is enabled
        finally:
            gc.enable()
        assert many[:-2] == alone
        assert many[102] is None and isinstance(many[103], calcudoku.ParseError)
        assert many[-1] == SOLUTION and many[-1] is not many[100]
        assert len(many[101]) == 16 and all(sorted(r) == list(range(1, 17)) for r in many[101])
        many[0][0][0] = 0  # each result has lists of its own (puzzle 40 is puzzle 0 again)
        assert many[40] == alone[40] == alone[0] and many[0][0][0] == 0
    with pytest.raises(ValueError):
        calcudoku.solve_many(texts + [3], threads=1)
    assert gc.isenabled()
    # line=True: the same solutions as one line each, 1-9 then A=10 ... G=16.
    lines = calcudoku.solve_many(texts, threads=2, line=True)
    digit = "0123456789ABCDEFG"
    for got, rows in zip(lines[:-2], alone):
        assert got == (None if rows is None else "".join(digit[v] for r in rows for v in r))
    assert len(lines[0]) == 81 and all(c in ".0" + g for c, g in zip(sudokus[0], lines[0]))
    assert "G" in lines[101] and lines[102] is None
    assert isinstance(lines[103], calcudoku.ParseError) and lines[104] == "2134142343123241"


def test_read_file_reads_every_puzzle(tmp_path: pathlib.Path):
    f = tmp_path / "batch.txt"
    f.write_text(SUDOKU + "\nxyz\n" + SUDOKU + "\n")
    got = calcudoku.read_file(f)
    assert [type(x).__name__ for x in got] == ["Puzzle", "ParseError", "Puzzle"]


def test_timeout_is_a_python_timeout():
    with pytest.raises(ValueError):
        calcudoku.Puzzle.parse(KENKEN).solve(timeout=-1)


def test_numpy_array():
    np = pytest.importorskip("numpy", reason="NumPy is an optional extra")
    a = calcudoku.solution_array(calcudoku.Puzzle.parse(KENKEN))
    assert a.shape == (4, 4) and a.dtype == np.uint8
    assert a.tolist() == SOLUTION


def test_generate_matches_the_cli_and_grades_at_the_level(cli: pathlib.Path):
    made = calcudoku.generate("kenken", size=5, level="hard", count=3, seed=11)
    assert all(isinstance(p, calcudoku.Puzzle) for p in made)
    assert [p.grade().level for p in made] == ["hard"] * 3
    assert all(p.count(2) == 1 for p in made)
    # The same puzzles as `calcudoku generate` with that seed, in order.
    cli = subprocess.run(
        [str(cli), "generate", "-s", "5", "-d", "hard", "-n", "3", "--seed", "11", "--to", "keen"],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    assert [p.to_format("keen", False).strip() for p in made] == cli
    # Threads change nothing.
    again = calcudoku.generate("kenken", size=5, level="hard", count=3, seed=11, threads=1)
    assert [str(p) for p in again] == [str(p) for p in made]


def test_generate_sudoku_and_killer_options():
    (sudoku,) = calcudoku.generate("sudoku", level="easy", seed=2, symmetry="mirror")
    assert sudoku.kind == "sudoku" and sudoku.grade().level == "easy"
    (killer,) = calcudoku.generate("killer", size=6, level="medium", seed=2)
    assert killer.kind == "killer"
    mult = calcudoku.generate("kenken", size=4, seed=1, ops="*", count=2, level="any")
    assert all(label.endswith("*") for p in mult for label, _ in p.cages)


def test_generate_defaults_are_the_command_lines(cli: pathlib.Path):
    (p,) = calcudoku.generate(seed=5)
    assert p.size == 6 and p.grade().level == "normal"
    made = subprocess.run([str(cli), "generate", "--seed", "5"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert calcudoku.Puzzle.parse(made.stdout).to_format("ops") == p.to_format("ops")
    (s,) = calcudoku.generate("sudoku", seed=5)
    assert s.size == 9 and s.grade().level == "medium"


def test_generate_bad_options_and_failures():
    with pytest.raises(ValueError, match="expected one of"):
        calcudoku.generate("sudoku", level="impossible")
    with pytest.raises(ValueError, match="kind"):
        calcudoku.generate("nonogram")
    # Random 6×6 Sudoku never need trial: both run out of attempts.
    failed = calcudoku.generate("sudoku", size=6, level="needs trial", max_attempts=2, count=2)
    assert all(isinstance(e, calcudoku.CalcudokuError) for e in failed)


def test_to_svg_draws_the_puzzle_and_its_solution():
    p = calcudoku.Puzzle.parse(KENKEN)
    svg = p.to_svg()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "<script" not in svg
    assert "6×" in svg and "12×" in svg  # cage labels
    solved = p.to_svg(solution=True, caption="answer")
    assert "answer" in solved
    # Each solution value is drawn: more text elements than the bare puzzle has.
    assert solved.count("<text") >= svg.count("<text") + 16
    with pytest.raises(ValueError, match="no solution"):
        calcudoku.Puzzle.parse("0 0\n1 1\n5+ 3+\n").to_svg(solution=True)


def test_grade_on_sudoku_explainers_scale():
    # SE 1.2.1 (serate) rates this 7.1/1.2/1.2, hardest step a Forcing Chain
    # (bench/se/norvig-top95.tsv).
    p = calcudoku.Puzzle.parse(
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
    )
    g = p.grade(scale="se")
    assert (g.er, g.ep, g.ed) == (7.1, 1.2, 1.2)
    assert str(g) == "7.1/1.2/1.2"
    assert g.hardest == "Forcing Chain"
    assert g.steps == len(g.path) and g.path[0].rating == g.ed
    assert any(s.technique == "Forcing Chain" and s.rating == 7.1 for s in g.path)
    assert all(s.level is None and (s.placements or s.eliminations) for s in g.path)
    with pytest.raises(calcudoku.NotUniqueError):
        calcudoku.Puzzle.parse("." * 81).grade(scale="se")
    with pytest.raises(ValueError):
        p.grade(scale="nope")
    with pytest.raises(ValueError):
        calcudoku.Puzzle.parse(KENKEN).grade(scale="se")
