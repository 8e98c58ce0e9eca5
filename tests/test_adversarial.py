"""Issue 25: the adversarial corpus (tests/adversarial/). Every malformed or hostile input, for every file kind and every
command that reads it, ends as its case expects: exit 2 with one line `mtgjudge: error: FILE: FIELD: problem (fix:
...)` naming the file, a field and the fix; exit 0 for a valid input; for a crosscheck claims file, the bad line
reported as malformed and the run going on to its summary. Never a traceback, never a hang, never exit 0 for what
is wrong, and never the CLI's safety net for bugs (`mtgjudge: internal error:`).

The cases that need a process (a FIFO, a device, a file past the size limit) run as subprocesses, four at a time,
once per session; the others in-process."""

from __future__ import annotations

import collections
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from adversarial.check import problems, run
from adversarial.corpus import cases

CASES = cases()
IN_PROCESS = [c for c in CASES if not c.process]
BY_PROCESS = [c for c in CASES if c.process]


def test_the_corpus_is_a_few_hundred_cases_of_every_kind_and_class():
    kinds = collections.Counter(c.kind for c in CASES)
    assert set(kinds) == {"board", "game", "event", "declaration", "assignment", "card", "claims"}
    commands = {c.argv[0] for c in CASES}
    assert commands >= {"show", "layers", "attack", "block", "replace", "damage", "sba", "play", "crosscheck", "facts",
                        "solve", "cards"}
    classes = {c.klass for c in CASES}
    assert classes >= {"deep nesting", "huge integer", "integer range", "float", "string or bool for a number",
                       "yes for a bool", "duplicate key", "unknown key", "YAML tag", "NUL and control characters",
                       "look-alike card name", "impossible reference", "negative amount", "empty list", "empty file",
                       "binary garbage", "a file that is a folder", "a FIFO or a device", "valid"}
    assert len({c.id for c in CASES}) == len(CASES) >= 300


@pytest.mark.parametrize("case", IN_PROCESS, ids=[c.id for c in IN_PROCESS])
def test_case(case, tmp_path):
    outcome = run(case, tmp_path)
    found = problems(case, outcome, tmp_path)
    assert not found, f"[{case.klass}; fixed by: {case.owner}] " + "; ".join(found)


@pytest.fixture(scope="module")
def process_outcomes():
    """Every process case's outcome (and its folder), run four at a time."""
    folders = tempfile.TemporaryDirectory()
    base = Path(folders.name)

    def one(i_case):
        i, case = i_case
        folder = base / str(i)
        folder.mkdir()
        return case.id, (run(case, folder), folder)

    with ThreadPoolExecutor(4) as pool:
        results = dict(pool.map(one, enumerate(BY_PROCESS)))
    yield results
    folders.cleanup()


@pytest.mark.parametrize("case", BY_PROCESS, ids=[c.id for c in BY_PROCESS])
def test_process_case(case, process_outcomes):
    outcome, folder = process_outcomes[case.id]
    found = problems(case, outcome, folder)
    assert not found, f"[{case.klass}; fixed by: {case.owner}] " + "; ".join(found)


# ---------------------------------------------------------------- the CLI's safety net for bugs (exit 4)

def _boom(*args, **kwargs):
    raise ZeroDivisionError("boom\nin two lines")


def test_a_bug_is_one_line_and_exit_4_never_a_traceback(run, monkeypatch, tmp_path):
    """An exception no input should cause (here: the board loader made to raise) is one line naming its type and
    message, and exit 4: never a traceback, never exit 1 (a verdict of "illegal")."""
    import engine.app.cli as cli

    monkeypatch.delenv("MTGJUDGE_DEBUG", raising=False)
    monkeypatch.setattr(cli, "load_board", _boom)
    r = run("show", tmp_path / "board.yaml")
    assert r.code == cli.EXIT_INTERNAL == 4
    assert r.out == ""
    assert r.err == ("mtgjudge: internal error: ZeroDivisionError: boom in two lines "
                     "(this is a bug: please report it with the input)\n")


def test_mtgjudge_debug_shows_the_traceback_before_the_line(run, monkeypatch, tmp_path):
    import engine.app.cli as cli

    monkeypatch.setenv("MTGJUDGE_DEBUG", "1")
    monkeypatch.setattr(cli, "load_board", _boom)
    r = run("layers", tmp_path / "board.yaml")
    assert r.code == 4
    lines = r.err.splitlines()
    assert lines[0] == "Traceback (most recent call last):" and "_boom" in r.err
    assert lines[-1].startswith("mtgjudge: internal error: ZeroDivisionError: boom in two lines (this is a bug")


def test_input_errors_and_verdicts_keep_their_statuses(run, tmp_path):
    """The safety net takes only what nothing else answers: bad input is still exit 2, an illegal declaration 1."""
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice, id: bears}\n",
                     encoding="utf-8")
    declaration = tmp_path / "declaration.yaml"
    declaration.write_text("attack: {bears: alice}\n", encoding="utf-8")
    assert run("attack", board, declaration).code == 1
    assert run("show", tmp_path / "nowhere.yaml").code == 2


def test_the_help_names_exit_status_4(run):
    r = run("--help")
    assert r.code == 0 and "4 internal error" in " ".join(r.out.split())


def test_python_m_runs_the_command_line(tmp_path):
    """`python -m engine.app.cli ARGS` is `mtgjudge ARGS` (it did nothing, exit 0, before)."""
    import os
    import subprocess
    import sys

    from adversarial.check import ROOT

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-m", "engine.app.cli", "show", str(tmp_path / "nowhere.yaml")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2
    assert p.stderr == f"mtgjudge: error: {tmp_path / 'nowhere.yaml'}: no such file (fix: check the path)\n"


def test_an_error_line_never_prints_a_control_character_raw(run, tmp_path):
    """An error line quotes the user's text (here a key of a declaration): NUL, ESC, DEL and bidirectional overrides
    in it are written as escapes, so that the line can't drive the terminal (issue 25; the rest of the line as is)."""
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice, id: bears}\n",
                     encoding="utf-8")
    declaration = tmp_path / "declaration.yaml"
    declaration.write_text('attack: {"gi\\e[2Jant\\u202e": bob}\n', encoding="utf-8")
    r = run("attack", board, declaration)
    assert r.code == 2
    assert r.err.startswith(f"mtgjudge: error: {declaration}: attack.gi\\x1b[2Jant\\u202e: ")
    assert not any(c in r.err for c in "\x1b\u202e")
