"""Start-up (docs/performance.md, "Start-up"): the `mtgjudge` script as a whole process says what the command
line says in-process, to the last byte, with the same exit status, whether it ends at once (nothing waits
for the end of the process) or as usual (an exit handler registered); and a command imports what it needs
only."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES, ROOT

BOARD = EXAMPLES / "bench" / "ten-permanents.yaml"


def _process(*args: str, before: str = "") -> subprocess.CompletedProcess:
    code = before + "from engine.app.cli import entry; entry()"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("args", [["layers", str(BOARD)], ["layers", str(BOARD), "--json"], ["cards", "Grizzly Bears"],
                                  ["show", str(EXAMPLES / "bad" / "unknown-card.yaml")], ["--version"]],
                         ids=["layers", "layers-json", "cards", "bad-board", "version"])
def test_a_whole_process_says_what_the_command_line_says_in_process(args, run):
    whole = _process(*args)
    here = run(*args)
    assert (whole.returncode, whole.stdout, whole.stderr) == (here.code, here.out, here.err)


def test_an_exit_handler_registered_during_the_run_still_runs(tmp_path):
    mark = tmp_path / "ran"
    before = f"import atexit, pathlib; atexit.register(pathlib.Path({str(mark)!r}).write_text, 'yes'); "
    done = _process("cards", "Grizzly Bears", before=before)
    assert done.returncode == 0 and "Grizzly Bears" in done.stdout
    assert mark.read_text() == "yes"


@pytest.mark.parametrize("args, absent", [
    (["--help"], ("engine.vocab.cardfile", "pydantic", "yaml", "clingo", "networkx", "dask", "importlib.metadata")),
    (["cards", "Grizzly Bears"], ("clingo", "networkx", "dask", "distributed")),
    (["layers", str(BOARD)], ("networkx", "dask", "distributed", "fastapi")),
], ids=["help", "cards", "layers"])
def test_a_command_imports_what_it_needs_only(args, absent):
    probe = ("import atexit, sys; atexit.register(lambda: sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)))); ")
    done = _process(*args, before=probe)
    assert done.returncode == 0, done.stderr
    modules = set(done.stderr.split("MODULES ", 1)[1].split())
    assert "engine.app.cli" in modules
    assert not modules & set(absent), sorted(modules & set(absent))
