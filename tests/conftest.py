from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from engine.cli import main
from engine.library import load_library

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
EXAMPLES = ROOT / "examples"

# CI (.ci/run sets CI) draws the same hypothesis examples on every run, so that main's verdict
# doesn't depend on the draw; local runs draw fresh boards, and what they find is fixed and kept
# as a named case.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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


@pytest.fixture
def sent_facts(monkeypatch):
    """Record the facts a bridge module sends to clingo: sent_facts(module) starts recording the
    `solve` calls of that module; .signatures() gives the predicates used, as name/arity."""

    class Recorder:
        def __init__(self):
            self.texts: list[str] = []

        def __call__(self, module):
            real = module.solve

            def spy(files, facts, **kw):
                self.texts.append(facts)
                return real(files, facts, **kw)

            monkeypatch.setattr(module, "solve", spy)
            return self

        def signatures(self) -> set[str]:
            import clingo

            used: set[str] = set()
            for text in self.texts:
                ctl = clingo.Control(["--warn=none"])
                ctl.add("base", [], text)
                ctl.ground([("base", [])])
                used |= {f"{name}/{arity}" for name, arity, _ in ctl.symbolic_atoms.signatures}
            return used

    return Recorder()
