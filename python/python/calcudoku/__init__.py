"""calcudoku: exact, fast solving, grading and step-by-step explanations of KenKen/Calcudoku,
Sudoku of every size and Killer Sudoku (Rust inside).

>>> import calcudoku
>>> p = calcudoku.Puzzle.parse("0 0 1\\n2 1 1\\n2 3 3\\n3+ 9* 5+ 3+\\n")
>>> p.solve()
[[1, 2, 3], [3, 1, 2], [2, 3, 1]]

Rows and columns count from 0. Batch functions (``solve_many``, ``count_many``,
``grade_many``) release the interpreter lock and use every core; a puzzle that fails gives its
error object in its place, so one bad puzzle does not stop the others. ``calcudoku.dask``
runs the same over a Dask bag or dataframe.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional, Union

from ._calcudoku import (
    CalcudokuError,
    FormatError,
    GradeResult as Grade,
    HintResult as Hint,
    NoSolutionError,
    NotUniqueError,
    ParseError,
    Puzzle,
    SeGradeResult as SeGrade,
    StepResult as Step,
    __version__,
    count_many,
    generate,
    grade_many,
    read_text,
    solve_many,
)

__all__ = [
    "CalcudokuError",
    "FormatError",
    "Grade",
    "Hint",
    "NoSolutionError",
    "NotUniqueError",
    "ParseError",
    "SeGrade",
    "Puzzle",
    "Step",
    "__version__",
    "count_many",
    "generate",
    "grade_many",
    "read_file",
    "read_text",
    "solution_array",
    "solve_many",
]


def read_file(path: Union[str, "os.PathLike[str]"], format: Optional[str] = None) -> List[Any]:
    """Every puzzle of a file, in order: a ``Puzzle``, or the ``ParseError`` of an entry that
    does not read (a file of one-line Sudokus, several Keen IDs, one ops puzzle, ...)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return read_text(text, format)
    except ParseError as e:
        raise ParseError(f"{os.fspath(path)}: {e}") from None


def solution_array(puzzle: Puzzle, timeout: Optional[float] = None) -> Any:
    """The first solution as a NumPy array (N x N, uint8), or None when there is none.
    Needs NumPy."""
    import numpy as np

    rows = puzzle.solve(timeout=timeout)
    return None if rows is None else np.asarray(rows, dtype=np.uint8)
