"""A catalogue run with --out can be stopped and started again (docs/loops.md, "A run that can be stopped";
engine/app/loops/journal.py): each search's result goes to the folder's journal as it ends; a second run with the
same options makes only the searches not done and writes the same files as one run that was never stopped. A
journal made by other settings is bad input, never mixed in."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.app.loops import search as search_module
from engine.app.loops.journal import NAME

POOL = "Blood Moon,Urborg, Tomb of Yawgmoth,Life and Limb,Prismatic Omen"
ROOT = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _whole(run, folder: Path) -> dict[str, bytes]:
    r = run("loops", "--cards", POOL, "--max-size", "2", "--jobs", "1", "--out", str(folder))
    assert r.code == 0, r.err
    return _files(folder)


def test_a_run_killed_and_started_again_gives_the_files_of_one_run(run, tmp_path):
    whole = _whole(run, tmp_path / "whole")
    searches = len(whole[NAME].splitlines()) - 1
    assert searches >= 5 and "catalogue.jsonl" in whole
    stopped = tmp_path / "stopped"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    proc = subprocess.Popen([sys.executable, "-m", "engine.app.cli", "loops", "--cards", POOL, "--max-size", "2",
                             "--jobs", "1", "--out", str(stopped)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    journal = stopped / NAME
    deadline = time.monotonic() + 600
    while proc.poll() is None and time.monotonic() < deadline:  # killed once two searches are in the journal
        if journal.exists() and len(journal.read_text(encoding="utf-8").splitlines()) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be stopped"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = len(journal.read_text(encoding="utf-8").splitlines()) - 1
    assert 2 <= done < searches and not (stopped / "catalogue.jsonl").exists()
    r = run("loops", "--cards", POOL, "--max-size", "2", "--jobs", "1", "--out", str(stopped))
    assert r.code == 0, r.err
    assert _files(stopped) == whole


def test_a_run_started_again_makes_only_the_searches_left(run, tmp_path, monkeypatch):
    whole = _whole(run, tmp_path / "whole")
    lines = whole[NAME].decode("utf-8").splitlines()
    again = tmp_path / "again"
    again.mkdir()
    # the header, four searches done, and a fifth cut as a run stopped while writing it leaves it
    (again / NAME).write_text("\n".join(lines[:5]) + "\n" + lines[5][: len(lines[5]) // 2], encoding="utf-8")
    made = []
    real = search_module.search

    def counted(library, members, *args, **kw):
        made.append(members)
        return real(library, members, *args, **kw)

    monkeypatch.setattr(search_module, "search", counted)
    r = run("loops", "--cards", POOL, "--max-size", "2", "--jobs", "1", "--out", str(again))
    assert r.code == 0, r.err
    assert len(made) == len(lines) - 1 - 4
    assert _files(again) == whole
    made.clear()
    assert run("loops", "--cards", POOL, "--max-size", "2", "--jobs", "1", "--out", str(again)).code == 0
    assert made == [] and _files(again) == whole  # all done: nothing searched again


def test_a_journal_of_other_settings_is_bad_input(run, tmp_path):
    folder = tmp_path / "cat"
    folder.mkdir()
    (folder / NAME).write_text('{"journal": "mtgjudge loops", "time_limit": 5.0, "card_dirs": [], "code": "x"}\n',
                               encoding="utf-8")
    r = run("loops", "--cards", "Blood Moon,Urborg, Tomb of Yawgmoth", "--max-size", "2", "--jobs", "1", "--out",
            str(folder))
    assert r.code == 2 and NAME in r.err and "other settings" in r.err and "Traceback" not in r.err
    (folder / NAME).write_text("not a journal\n", encoding="utf-8")
    r = run("loops", "--cards", "Blood Moon,Urborg, Tomb of Yawgmoth", "--max-size", "2", "--jobs", "1", "--out",
            str(folder))
    assert r.code == 2 and "not a catalogue journal" in r.err


def test_a_journal_line_read_in_part_is_bad_input(run, tmp_path):
    # a line with a key a run doesn't write, a key twice, or a search twice would be read in part (the rest
    # ignored) or overwrite another: each is one line naming the journal's line, exit 2 (nothing silent)
    whole = _whole(run, tmp_path / "whole")
    lines = whole[NAME].decode("utf-8").splitlines()
    assert len(lines) >= 4
    second = json.loads(lines[2])
    extra_task = json.dumps({**second, "task": {**second["task"], "note": "mine"}})
    extra_row = json.dumps({**second, "seen": True})
    inner = next(iter(second["result"]))
    extra_result = json.dumps({**second, "result": {inner: {**second["result"][inner], "comment": 1}}})
    twice_key = lines[2][:-1] + ', "task": ' + json.dumps(second["task"]) + "}"
    cases = ((extra_task, "line 3: is not a journal line"), (extra_row, "line 3: is not a journal line"),
             (extra_result, "line 3: is not a journal line"), (twice_key, "line 3: has the key 'task' twice"),
             (lines[1], "line 3: is a search the journal already has"))
    for case, (bad, message) in enumerate(cases):
        folder = tmp_path / f"bad{case}"
        folder.mkdir()
        (folder / NAME).write_text("\n".join(lines[:2] + [bad] + lines[3:]) + "\n", encoding="utf-8")
        r = run("loops", "--cards", POOL, "--max-size", "2", "--jobs", "1", "--out", str(folder))
        assert r.code == 2 and f"{folder / NAME}: {message}" in r.err, (bad, r.err)
        assert "Traceback" not in r.err and len(r.err.strip().splitlines()) == 1
