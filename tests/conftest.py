from __future__ import annotations

import importlib
import os
import pkgutil
from pathlib import Path

import pytest
from hypothesis import settings

from engine.app.cli import main
from engine.files.library import load_library

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
EXAMPLES = ROOT / "examples"

# CI (.ci/run sets CI) draws the same hypothesis examples on every run, so that main's verdict
# doesn't depend on the draw; local runs draw fresh boards, and what they find is fixed and kept
# as a named case.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def card_database_cache(tmp_path_factory):
    """The card database's index (engine/files/carddb.py) is built in a folder of the session, never
    in the user's cache directory."""
    old = os.environ.get("MTGJUDGE_CACHE")
    os.environ["MTGJUDGE_CACHE"] = str(tmp_path_factory.mktemp("mtgjudge-cache"))
    yield Path(os.environ["MTGJUDGE_CACHE"])
    if old is None:
        os.environ.pop("MTGJUDGE_CACHE", None)
    else:
        os.environ["MTGJUDGE_CACHE"] = old


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
    `solve` calls of that module, or of every module of that package that calls bridge.solve's
    `solve` (it fails when none does); .signatures() gives the predicates used, as name/arity."""

    class Recorder:
        def __init__(self):
            self.texts: list[str] = []

        def __call__(self, module):
            real = importlib.import_module("bridge.solve").solve
            modules = [module] + [importlib.import_module(info.name) for info in
                                  pkgutil.walk_packages(getattr(module, "__path__", []), module.__name__ + ".")]
            callers = [m for m in modules if getattr(m, "solve", None) is real]
            assert callers, f"{module.__name__} calls no bridge.solve.solve: nothing to record"

            def spy(files, facts, **kw):
                self.texts.append(facts)
                return real(files, facts, **kw)

            for m in callers:
                monkeypatch.setattr(m, "solve", spy)
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
