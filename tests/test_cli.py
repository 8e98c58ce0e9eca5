"""The command line: version, help, show on every example, deterministic output, generated docs."""

from __future__ import annotations

import json

import pytest

from conftest import EXAMPLES, ROOT
from engine import __version__

EXAMPLE_BOARDS = sorted(EXAMPLES.glob("*.yaml"))


def test_version(run):
    r = run("--version")
    assert r.code == 0 and r.out.strip() == f"mtgjudge {__version__}"


def test_help_lists_the_commands(run):
    r = run("--help")
    assert r.code == 0
    for command in ("cards", "show", "facts", "schema"):
        assert command in r.out


@pytest.mark.parametrize("board", EXAMPLE_BOARDS, ids=[b.name for b in EXAMPLE_BOARDS])
def test_show_loads_every_example(run, board):
    r = run("show", board)
    assert r.code == 0, r.err
    j = run("show", board, "--json")
    assert j.code == 0, j.err
    data = json.loads(j.out)
    for obj in data["objects"]:
        if obj["zone"] == "battlefield":
            assert obj["id"] in r.out  # ids are printed whole


def test_show_humility_opalescence(run):
    r = run("show", EXAMPLES / "humility-opalescence.yaml", "--json")
    data = json.loads(r.out)
    bf = [(o["id"], o["card"], o["controller"], o["timestamp"]) for o in data["objects"] if o["zone"] == "battlefield"]
    assert bf == [("humility", "Humility", "alice", 1), ("opalescence", "Opalescence", "alice", 2),
                  ("grizzly_bears", "Grizzly Bears", "bob", 3)]
    assert [p["name"] for p in data["players"] if p["active"]] == ["alice"]


def test_default_ids_timestamps_and_owner(run, tmp_path):
    board = tmp_path / "b.yaml"
    board.write_text(
        "players: [alice, bob]\n"
        "battlefield:\n"
        "  - {card: Grizzly Bears, controller: alice}\n"
        "  - {card: grizzly bears, controller: bob, owner: alice}\n"
        "  - {card: Grizzly Bears, controller: bob, id: grizzly_bears_2x}\n"
        "  - {card: Clue, controller: bob, token: true, timestamp: 9}\n"
        "effects:\n"
        "  - {from: Giant Growth, controller: alice, targets: [grizzly_bears_2]}\n"
        "  - {from: Giant Growth, controller: bob, targets: [grizzly_bears]}\n"
        "hand: {alice: [Grizzly Bears]}\n",
        encoding="utf-8",
    )
    data = json.loads(run("show", board, "--json").out)
    objs = {o["id"]: o for o in data["objects"]}
    assert list(objs) == ["grizzly_bears", "grizzly_bears_2", "grizzly_bears_2x", "clue", "grizzly_bears_3"]
    assert objs["grizzly_bears_2"]["owner"] == "alice" and objs["grizzly_bears_2"]["controller"] == "bob"
    assert [objs[i]["timestamp"] for i in ("grizzly_bears", "grizzly_bears_2", "grizzly_bears_2x", "clue")] == [1, 2, 3, 9]
    assert objs["clue"]["kind"] == "token"
    assert [e["timestamp"] for e in data["effects"]] == [10, 11]  # after every permanent, in list order
    assert objs["grizzly_bears_3"]["zone"] == "hand" and objs["grizzly_bears_3"]["controller"] is None


def test_output_is_byte_identical_across_runs(run):
    board = EXAMPLES / "humility-opalescence.yaml"
    for args in (["show", board], ["show", board, "--json"], ["cards"], ["cards", "--json"], ["facts", board]):
        assert run(*args).out == run(*args).out


def test_docs_facts_is_generated_from_the_vocabulary(run):
    r = run("facts", "--markdown")
    assert r.code == 0
    assert r.out == (ROOT / "docs" / "facts.md").read_text(encoding="utf-8"), "run: mtgjudge facts --markdown > docs/facts.md"


def test_board_schema_is_generated_from_the_models(run):
    r = run("schema", "board")
    shipped = json.loads((ROOT / "engine" / "schemas" / "board.schema.json").read_text(encoding="utf-8"))
    assert json.loads(r.out) == shipped, "run: mtgjudge schema board > engine/schemas/board.schema.json"


def test_board_schema_validates_the_examples():
    """The JSON Schema a user's own tools read accepts every shipped example board."""
    import jsonschema  # an independent validator of the schema pydantic generates
    import yaml

    schema = json.loads((ROOT / "engine" / "schemas" / "board.schema.json").read_text(encoding="utf-8"))
    for board in EXAMPLE_BOARDS:
        jsonschema.validate(yaml.safe_load(board.read_text(encoding="utf-8")), schema)


def test_solve_prints_the_board_task_answer_set(run):
    r = run("solve", "board", EXAMPLES / "humility-opalescence.yaml", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert data["status"] == "sat"
    assert data["answer_sets"] == [[
        'opponent("alice","bob")', 'opponent("bob","alice")',
        'permanent("grizzly_bears")', 'permanent("humility")', 'permanent("opalescence")',
    ]]
    assert data["grounding"]["rules"] > 0


def test_solve_unknown_task(run):
    r = run("solve", "nope", EXAMPLES / "humility-opalescence.yaml")
    assert r.code == 2 and r.err.strip() == "mtgjudge: error: TASK: unknown task 'nope' (fix: use one of: board)"


def test_solve_that_hits_the_time_limit_exits_3(run, monkeypatch):
    from bridge import tasks

    hard = tasks.Task("hard", "a test fixture", (str(ROOT / "tests" / "data" / "pigeonhole.lp"),), "board", False)
    monkeypatch.setitem(tasks.TASKS, "hard", hard)
    r = run("solve", "hard", EXAMPLES / "humility-opalescence.yaml", "--time-limit", "0.3")
    assert r.code == 3
    assert r.out.startswith("task hard: timeout")
    assert "hit the time limit of 0.3 s" in r.err
