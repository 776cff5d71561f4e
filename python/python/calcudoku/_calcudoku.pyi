"""Type stubs of calcudoku's compiled core. Rows and columns count from 0."""

from os import PathLike
from typing import Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

__version__: str

class CalcudokuError(Exception):
    """Base class of errors about a puzzle's solutions."""

class NoSolutionError(CalcudokuError): ...
class NotUniqueError(CalcudokuError): ...

class ParseError(ValueError):
    """A text that does not read; the message says where and what was expected."""

    line: int
    """1-based line (0: the whole input)."""
    column: int
    """1-based column (0: the whole line)."""

class FormatError(ValueError):
    """A puzzle that a format cannot express."""

Rows = List[List[int]]

class Puzzle:
    @staticmethod
    def parse(text: str, format: Optional[str] = None) -> Puzzle:
        """One puzzle in any format the command line reads (ops, cells, counted, sudoku, keen,
        json, solo, jigsaw, towers, unequal, skyscrapers, futoshiki, …), detected or named."""
    @staticmethod
    def from_file(path: Union[str, PathLike[str]], format: Optional[str] = None) -> Puzzle: ...
    @property
    def size(self) -> int: ...
    @property
    def kind(self) -> str:
        """As the command line names it: ``kenken``, ``sudoku``, ``killer``, ``latin``,
        ``jigsaw``, ``x``, ``jigsaw-x``, ``windoku``, ``skyscrapers``, ``futoshiki``, ``adjacent``."""
    @property
    def givens(self) -> Rows: ...
    @property
    def cages(self) -> List[Tuple[str, List[Tuple[int, int]]]]:
        """Each cage as (label, cells): ``("12+", [(0, 0), (0, 1)])``."""
    def to_format(self, format: str, line: bool = False) -> str: ...
    def solve(self, timeout: Optional[float] = None) -> Optional[Rows]:
        """The first solution in row-major order, or None. Raises TimeoutError."""
    def count(self, limit: int = 1000, timeout: Optional[float] = None) -> int: ...
    @overload
    def grade(self, timeout: Optional[float] = None) -> GradeResult: ...
    @overload
    def grade(self, timeout: Optional[float] = None, scale: str = "se") -> SeGradeResult:
        """Raises NoSolutionError / NotUniqueError unless there is exactly one solution.
        ``scale="se"`` (9×9 Sudoku): Sudoku Explainer's ER/EP/ED."""
    def hint(self, grid: Optional[Rows] = None, timeout: Optional[float] = None) -> HintResult: ...
    def explain(self, timeout: Optional[float] = None) -> List[StepResult]: ...
    def to_svg(
        self, solution: bool = False, caption: Optional[str] = None, timeout: Optional[float] = None
    ) -> str:
        """The puzzle as SVG 1.1, with its first solution when ``solution`` is true."""

class SeGradeResult:
    """Sudoku Explainer's ratings; ``str()`` is ``ER/EP/ED``."""
    er: float
    ep: float
    ed: float
    hardest: str
    steps: int
    path: List[StepResult]
    """Each step, in the one shape of a step (``level`` is None: SE rates steps instead)."""

class GradeResult:
    level: str
    """easy, normal, hard, extreme, unreasonable (KenKen); easy … needs trial (Sudoku, Killer)."""
    rating: float
    steps: int
    @property
    def techniques(self) -> Dict[str, int]: ...

class StepResult:
    """One deduction; rows and columns count from 0."""
    technique: str
    level: Optional[str]
    """The rung's level word; None on Sudoku Explainer's scale."""
    rating: float
    cells: List[Tuple[int, int]]
    placements: List[Tuple[int, int, int]]
    eliminations: List[Tuple[int, int, int]]
    text: str

class HintResult:
    status: str
    """``step``, ``wrong``, ``solved`` or ``stuck``."""
    step: Optional[StepResult]
    wrong: List[Tuple[int, int]]

PuzzleLike = Union[Puzzle, str]

@overload
def solve_many(
    puzzles: Iterable[PuzzleLike],
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    line: Literal[False] = False,
) -> List[Union[Optional[Rows], Exception]]: ...
@overload
def solve_many(
    puzzles: Iterable[PuzzleLike],
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    *,
    line: Literal[True],
) -> List[Union[Optional[str], Exception]]:
    """``line=True``: each solution as one line of text (``1``–``9``, then ``A`` = 10, …), a
    few times cheaper to build than rows for big batches."""
def count_many(
    puzzles: Iterable[PuzzleLike], limit: int = 1000, threads: Optional[int] = None
) -> List[Union[int, Exception]]: ...
def grade_many(
    puzzles: Iterable[PuzzleLike],
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    scale: str = "calcudoku",
) -> List[Union[GradeResult, SeGradeResult, Exception]]:
    """``scale="se"``: Sudoku Explainer's ratings of 9×9 Sudokus (``SeGradeResult`` with an
    empty ``path``)."""
def read_text(text: str, format: Optional[str] = None) -> List[Union[Puzzle, ParseError]]: ...
def generate(
    kind: str = "kenken",
    size: Optional[int] = None,
    level: Optional[str] = None,
    count: int = 1,
    seed: int = 0,
    *,
    ops: Optional[str] = None,
    long_ops: bool = False,
    hidden_ops: bool = False,
    max_cage: Optional[int] = None,
    symmetry: str = "rotational",
    minimal: bool = False,
    givens: bool = False,
    max_attempts: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    rating: Union[None, str, float, Tuple[Optional[float], Optional[float]]] = None,
    pattern: Optional[str] = None,
) -> List[Union[Puzzle, Exception]]:
    """Sizes and levels default as on the command line (KenKen 6×6 ``normal``, Sudoku and
    Killer 9×9 ``medium``); ``level="any"`` takes whatever comes. 9×9 Sudoku: ``rating=(lo,
    hi)`` keeps puzzles whose Sudoku Explainer rating (ER) is in the range, ends included
    (``"8.0..9.0"`` and one number work too); ``pattern`` is the text of a clue mask (81
    cells, ``x`` a clue, ``.`` empty) the clues must fill exactly."""
