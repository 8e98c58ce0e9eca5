"""A run's limits on the command line (issue 25): --time-limit bounds the whole command, grounding included, and
--memory-limit its resident memory; past either, one line naming the file and what was being solved, exit 3
(engine/app/runguard.py). The guard ends its process, so these commands run as processes of their own."""

from __future__ import annotations

import os
import subprocess
import sys

import yaml

from conftest import EXAMPLES, ROOT

C1 = EXAMPLES / "c1-humility-opalescence-opalescence-later.yaml"
# a task whose grounding never ends in practice and holds little memory: 8·10^9 combinations tried, none derived, and
# no clock in its rules (the solve's own limit is looked at after the grounding only)
ENDLESS = "n(1..2000). never(X, Y, Z) :- n(X), n(Y), n(Z), X + Y + Z = 0.\n#show never/3.\n"
WITH_TASK = ("import sys; from bridge import tasks; "
             "tasks.TASKS['endless'] = tasks.Task('endless', 'a test fixture', (sys.argv.pop(1),), 'board', False); "
             "sys.argv[0] = 'mtgjudge'; from engine.app.cli import entry; entry()")


def _mtgjudge(*args, code: str = "import sys; sys.argv[0] = 'mtgjudge'; from engine.app.cli import entry; entry()"):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    return subprocess.run(["prlimit", "--as=3000000000", sys.executable, "-c", code, *map(str, args)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=240)


def _block_board(tmp_path, size: int):
    bf = [{"card": "Grizzly Bears", "controller": "alice", "id": f"a{i}", "tapped": True} for i in range(size)]
    bf += [{"card": "Grizzly Bears", "controller": "bob", "id": f"b{i}"} for i in range(size)]
    board = tmp_path / "block.yaml"
    board.write_text(yaml.safe_dump({"players": ["alice", "bob"], "active": "alice", "battlefield": bf,
                                     "combat": {"attackers": {f"a{i}": "bob" for i in range(size)}}}), encoding="utf-8")
    return board


def test_a_grounding_past_the_limit_ends_the_command_with_exit_3(tmp_path, run):
    assert run("show", C1).code == 0  # the card database's index in the tests' cache (its build isn't counted anyway)
    program = tmp_path / "endless.lp"
    program.write_text(ENDLESS, encoding="utf-8")
    # (a limit of 3 s: the command may take 3 + 2 s, and reading the board must be over by then on a busy machine)
    r = _mtgjudge(program, "solve", "endless", C1, "--time-limit", "3", code=WITH_TASK)
    assert r.returncode == 3, r.stderr
    assert r.stderr.splitlines() == [f"mtgjudge: error: {C1}: time limit of 3 s reached while grounding the "
                                     f"programs {program} (fix: raise --time-limit)"]
    assert r.stdout == ""


def test_a_memory_limit_far_below_the_need_ends_the_command_with_exit_3(tmp_path):
    board = _block_board(tmp_path, 300)
    r = _mtgjudge("block", board, "--memory-limit", "50")
    assert r.returncode == 3, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith(f"mtgjudge: error: {board}: memory limit of 50 MB reached while ")
    assert line.endswith(" (fix: raise --memory-limit)")


def test_a_heavy_block_board_ends_with_exit_3_naming_the_limit(tmp_path):
    """1,000 x 1,000 Grizzly Bears: the block program's grounding (not clocked) ran 14 s and more under a 1 s limit,
    and 1.5 GB; the command now ends at its deadline, with the guard's line or, if the layers' solve hits its own
    limit first, the solver's (both exit 3, one line)."""
    board = _block_board(tmp_path, 1000)
    r = _mtgjudge("block", board, "--time-limit", "0.5")
    assert r.returncode == 3, r.stderr
    [line] = r.stderr.splitlines()
    assert line in (f"mtgjudge: error: {board}: the solver hit the time limit of 0.5 s, no verdict (fix: raise "
                    "--time-limit)",) or (line.startswith(f"mtgjudge: error: {board}: time limit of 0.5 s reached while ")
                                          and line.endswith(" (fix: raise --time-limit)")), line


def test_a_run_within_its_limits_is_unchanged(run):
    guarded = _mtgjudge("layers", C1, "--json")
    assert guarded.returncode == 0, guarded.stderr
    bare = run("layers", C1, "--json")  # in this process: no guard
    assert (guarded.stdout, guarded.stderr) == (bare.out, bare.err)
    assert _mtgjudge("layers", C1, "--json", "--memory-limit", "4096", "--time-limit", "30").stdout == bare.out


def test_python_m_runs_the_command_line():
    r = subprocess.run([sys.executable, "-m", "engine.app.cli", "layers", C1, "--memory-limit", "8"], cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=240)
    assert r.returncode == 2
    assert "Invalid value for '--memory-limit': 8 is not in the range 16<=x<=1000000" in r.stderr


def test_the_guard_reports_through_its_callback():
    """The desk's worker processes reuse the guard with their own action (here: keep the line)."""
    import threading

    from engine.app.runguard import RunGuard

    lines: list[str] = []
    done = threading.Event()
    guard = RunGuard("board.yaml", None, 1, on_breach=lambda line: (lines.append(line), done.set()))
    guard.start()
    assert done.wait(30)
    guard.stop()
    assert lines[0].startswith("board.yaml: memory limit of 1 MB reached while ")
    assert lines[0].endswith(" (fix: raise --memory-limit)")


def test_the_solver_says_what_it_is_solving(tmp_path):
    from bridge.solve import now_solving, solve

    program = tmp_path / "small.lp"
    program.write_text("p(1..3).\n", encoding="utf-8")
    before, _ = now_solving()
    result = solve([str(program)], "")
    assert result.status == "sat"
    count, what = now_solving()
    assert count == before + 1
    assert what == f"working on the answer of the programs {program} (after the solve)"


def test_default_ids_are_the_same_in_linear_time(library):
    """18,000 permanents without ids took 20 s of id making (each new id tried base, base_2... from 1); the ids
    are the same: the first free name of base, base_2, base_3..., explicit ids kept."""
    from engine.files.loader import board_from_data

    bf = [{"card": "Grizzly Bears", "controller": "alice", "id": "grizzly_bears_3"}]
    bf += [{"card": "Grizzly Bears", "controller": "alice"} for _ in range(4)]
    bf += [{"card": "Runeclaw Bear", "controller": "bob"}, {"card": "Grizzly Bears", "controller": "bob"}]
    state = board_from_data({"players": ["alice", "bob"], "battlefield": bf}, library, "ids.yaml")
    assert state.battlefield == ["grizzly_bears_3", "grizzly_bears", "grizzly_bears_2", "grizzly_bears_4",
                                       "grizzly_bears_5", "runeclaw_bear", "grizzly_bears_6"]
