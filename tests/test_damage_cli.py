"""`mtgjudge damage`: the dealers of a step, verdicts and exit status, --out and the next step, bad
assignment files."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, ROOT

C13 = ROOT / "examples" / "damage" / "c13-deathtouch-trample-double-strike.yaml"
FIRST = ROOT / "examples" / "damage" / "c13-first-step.yaml"
CARDS = ("--cards", str(DATA / "cards"))


def _write(tmp_path, text: str, name: str = "assign.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_the_dealers_of_the_first_step(run):
    r = run("damage", C13, *CARDS, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert got["step"] == "first"
    (d,) = got["dealers"]
    assert (d["creature"], d["power"], d["recipients"], d["chooser"], d["forced"], d["rule"]) == (
        "striker", 2, ["beast", "bob"], "alice", None, "702.19b")


def test_c13_played_out_with_out(run, tmp_path):
    after = tmp_path / "after.yaml"
    r = run("damage", C13, FIRST, *CARDS, "--out", after, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert got["players"]["bob"]["life"] == 19
    assert got["state_based_actions"] == [{"rule": "704.5h", "object": "beast", "action": "destroy", "moved_to": "graveyard"}]
    assert got["next_step"] == "second"
    r = run("damage", after, *CARDS, "--json")
    assert json.loads(r.out)["dealers"][0]["forced"] == {"bob": 2}  # 702.19e
    r = run("damage", after, _write(tmp_path, "assign: {}\n"), *CARDS, "--json")
    got = json.loads(r.out)
    assert (r.code, got["step"], got["players"]["bob"]["life"]) == (0, "second", 17)


def test_an_illegal_assignment_exits_1_with_the_rule(run, tmp_path):
    r = run("damage", C13, _write(tmp_path, "assign: {striker: {bob: 2}}\n"), *CARDS, "--json")
    assert r.code == 1
    got = json.loads(r.out)
    assert got["legal"] is False and [p["rule"] for p in got["problems"]] == ["702.19b"]
    r = run("damage", C13, _write(tmp_path, "assign: {striker: {bob: 2}}\n"), *CARDS)
    assert r.code == 1 and "702.19b" in r.out and "what makes it illegal" in r.out


def test_out_is_not_written_for_an_illegal_assignment(run, tmp_path):
    after = tmp_path / "after.yaml"
    r = run("damage", C13, _write(tmp_path, "assign: {striker: {bob: 2}}\n"), *CARDS, "--out", after)
    assert r.code == 1 and not after.exists()


def test_output_is_byte_identical(run):
    assert run("damage", C13, FIRST, *CARDS).out == run("damage", C13, FIRST, *CARDS).out


@pytest.mark.parametrize("text, field", [
    ("assign: {nobody: {bob: 1}}\n", "assign.nobody"),
    ("assign: {striker: {nobody: 1}}\n", "assign.striker.nobody"),
    ("assign: {striker: {bob: -1}}\n", "assign.striker.bob"),
    ("assign: {striker: {bob: two}}\n", "assign.striker.bob"),
    ("assign: {striker: [bob]}\n", "assign.striker"),
    ("assigns: {}\n", "assigns"),
    ("assign: {striker: {bob: 1}\n", "line 2"),
    ("replacement: 0\n", "replacement"),
    ("replacement: {lifelink: 1}\n", "replacement.lifelink"),
    ("replacement: {counters: yes}\n", "replacement.counters"),
])
def test_bad_assignments_are_one_line_exit_2(run, tmp_path, text, field):
    r = run("damage", C13, _write(tmp_path, text), *CARDS)
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and field in r.err and "fix:" in r.err


def test_a_board_without_attackers_is_bad_input(run):
    r = run("damage", ROOT / "examples" / "combat" / "c8-propaganda.yaml")
    assert r.code == 2 and "combat.attackers" in r.err and len(r.err.strip().splitlines()) == 1


def test_out_needs_an_assignment(run, tmp_path):
    r = run("damage", C13, *CARDS, "--out", tmp_path / "x.yaml")
    assert r.code == 2 and "--out" in r.err


def test_protection_prevents_the_damage(run, tmp_path):
    """702.16e: the 2 damage the trampler must assign to the blocker with protection from green are
    prevented (a prevention effect of the blocker, through the replacement program); bob takes 4."""
    board = _write(tmp_path, """players: [alice, bob]
battlefield:
  - {card: Colossal Dreadmaw, controller: alice, id: dreadmaw}
  - {card: "Example: 2/2 With Protection From Green", controller: bob, id: knight}
combat: {attackers: {dreadmaw: bob}, blockers: {knight: dreadmaw}}
""", "board.yaml")
    r = run("damage", board, _write(tmp_path, "assign: {dreadmaw: {knight: 2, bob: 4}}\n"), *CARDS, "--json")
    assert r.code == 0, r.err
    events = json.loads(r.out)["events"]
    assert {"type": "damage", "source": "dreadmaw", "target": "knight", "amount": 0, "prevented": 2,
            "combat": True} in events
    assert {"type": "life_loss", "player": "bob", "amount": 4} in events
