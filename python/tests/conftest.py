"""Shared helpers: the repository's paths, the corpora (in-repository samples, and the shared
full sets beside the repository when present — required under CI), the CLI binary."""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import List

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = REPO / "crates" / "calcudoku" / "tests" / "data"
SHARED = REPO.parent / "shared" / "data"


def corpus_roots(kind: str) -> List[pathlib.Path]:
    """The sample of `kind` (kenken, sudoku), then the shared full set when it is there."""
    roots = [SAMPLES / f"{kind}-sample"]
    if (SHARED / kind).is_dir():
        roots.append(SHARED / kind)
    elif os.environ.get("CI"):
        raise AssertionError(f"{SHARED / kind} is missing under CI")
    return roots


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The calcudoku binary: $CALCUDOKU_BIN, else built now with cargo."""
    if os.environ.get("CALCUDOKU_BIN"):
        return pathlib.Path(os.environ["CALCUDOKU_BIN"])
    subprocess.run(["cargo", "build", "--quiet", "-p", "calcudoku-cli"], cwd=REPO, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    return target / "debug" / "calcudoku"
