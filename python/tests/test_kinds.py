"""The Latin-square family from Python: Solo's Sudoku variants (jigsaw, X, jigsaw X, windoku)
and Tatham's Towers and Unequal read, solved, graded, written back and made, with the same
answers as the shared corpora and the command line."""

from __future__ import annotations

import csv
import pathlib
import subprocess
from typing import Dict, List

import pytest

import calcudoku
from conftest import SHARED

TATHAM = SHARED / "tatham"


def rows_of(solution: str) -> List[List[int]]:
    return [[int(v) for v in row.split()] for row in solution.split("/")]


def corpus(name: str) -> List[Dict[str, str]]:
    path = TATHAM / f"{name}.tsv"
    assert path.exists(), f"{path}: the shared Tatham corpora are expected beside the repository"
    with path.open() as f:
        return list(csv.DictReader(f, delimiter="\t"))


@pytest.mark.parametrize("name", ["solo", "towers", "unequal"])
def test_tatham_corpora_solve_to_tathams_solution(name: str):
    # One puzzle of each spec (size, kind and level), solved and proved unique.
    seen = set()
    for row in corpus(name):
        if row["spec"] in seen:
            continue
        seen.add(row["spec"])
        p = calcudoku.Puzzle.parse(row["id"])
        assert p.solve() == rows_of(row["solution"]), row["id"]
        assert p.count(limit=2) == 1, row["id"]
    assert len(seen) >= 10


def test_kinds_are_named_as_the_command_line_names_them():
    expected = {"3x3": "sudoku", "9j": "jigsaw", "3x3x": "x", "9jx": "jigsaw-x"}
    got = {}
    for row in corpus("solo"):
        prefix = row["id"].split(":")[0]
        if prefix in expected:
            got[prefix] = calcudoku.Puzzle.parse(row["id"]).kind
    assert got == expected
    towers = corpus("towers")[0]["id"]
    assert calcudoku.Puzzle.parse(towers).kind == "skyscrapers"
    # IDs with signs (an Unequal ID without any reads as a plain Latin square).
    signed = [r["id"] for r in corpus("unequal") if any(c in r["id"] for c in "UDLR")]
    plain = next(i for i in signed if "a" not in i.split(":")[0])
    adjacent = next(i for i in signed if "a" in i.split(":")[0])
    assert calcudoku.Puzzle.parse(plain).kind == "futoshiki"
    assert calcudoku.Puzzle.parse(adjacent).kind == "adjacent"


def test_towers_and_unequal_grade_on_tathams_levels():
    for name in ["towers", "unequal"]:
        rows = corpus(name)
        # Every level of the corpus, at 5×5 (quick), once each.
        by_level = {}
        for row in rows:
            if row["spec"].startswith("5") and row["level"] not in by_level:
                by_level[row["level"]] = row["id"]
        assert len(by_level) >= 4, by_level
        for level, game_id in by_level.items():
            assert calcudoku.Puzzle.parse(game_id).grade().level == level.lower(), game_id


def test_solo_ids_write_back_and_read_again():
    for row in corpus("solo")[::40]:
        p = calcudoku.Puzzle.parse(row["id"])
        again = calcudoku.Puzzle.parse(p.to_format("solo"))
        assert again.to_format("json") == p.to_format("json")
        assert again.solve() == p.solve()


def test_generated_variants_match_the_command_line(cli: pathlib.Path):
    for kind in ["jigsaw", "x", "jigsaw-x"]:
        made = calcudoku.generate(kind, level="easy", count=2, seed=7)
        assert all(isinstance(p, calcudoku.Puzzle) for p in made), made
        assert [p.kind for p in made] == [kind, kind]
        assert all(p.count(limit=2) == 1 and p.grade().level == "easy" for p in made)
        out = subprocess.run(
            [str(cli), "generate", "-k", kind, "-d", "easy", "-n", "2", "--seed", "7", "-q"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        assert [p.to_format("solo").strip() for p in made] == out
        again = calcudoku.generate(kind, level="easy", count=2, seed=7, threads=1)
        assert [str(p) for p in again] == [str(p) for p in made]


def test_generated_towers_and_unequal_are_unique_at_the_level():
    (towers,) = calcudoku.generate("towers", size=5, level="hard", seed=3)
    assert towers.kind == "skyscrapers" and towers.grade().level == "hard"
    (futoshiki,) = calcudoku.generate("futoshiki", size=5, level="tricky", seed=3)
    assert futoshiki.kind == "futoshiki" and futoshiki.grade().level == "tricky"
    assert towers.count(limit=2) == 1 and futoshiki.count(limit=2) == 1


def test_bad_variant_ids_are_parse_errors_with_a_place():
    with pytest.raises(calcudoku.ParseError) as e:
        calcudoku.Puzzle.parse("9j:c3_1_5b7_7j1b7e3,ecad")
    assert e.value.line == 1
    with pytest.raises(ValueError, match="kind"):
        calcudoku.generate("jigsaw-nonsense")
