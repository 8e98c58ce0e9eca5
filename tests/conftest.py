from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import main
from engine.library import load_library

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def library():
    return load_library()


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def run(capsys):
    """Run the CLI in-process: run("show", "board.yaml") -> CliResult(code, out, err)."""

    def _run(*args: str) -> CliResult:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return _run
