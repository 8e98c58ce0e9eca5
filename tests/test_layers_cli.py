"""`mtgjudge layers`: the JSON document, the tables, --object, --graph, bad input and the time limit."""

from __future__ import annotations

import json

from conftest import EXAMPLES

C1 = EXAMPLES / "c1-humility-opalescence-opalescence-later.yaml"
C6 = EXAMPLES / "c6-life-and-limb-prismatic-omen-omen-older.yaml"


def test_json_document(run):
    r = run("layers", C1, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert set(data) == {"objects", "order", "dependencies", "loops", "players_and_rules", "not_executed"}
    assert data["not_executed"] == []  # Humility's and Opalescence's abilities are all executed
    humility = data["objects"]["humility"]
    assert humility == {"name": "Humility", "controller": "alice", "owner": "alice",
                        "types": ["enchantment", "creature"], "supertypes": [], "subtypes": [], "colors": ["white"],
                        "power": 4, "toughness": 4, "abilities": []}
    assert [(e["effect"], e["layer"]) for e in data["order"]] == [
        ("opalescence#1", "4"), ("humility#1", "6"), ("humility#1", "7b"), ("opalescence#1", "7b")]
    assert data["order"][0] == {"effect": "opalescence#1", "source": "opalescence", "layer": "4", "timestamp": 2,
                                "applies_to": ["humility"]}


def test_loop_is_reported(run):
    data = json.loads(run("layers", C6, "--json").out)
    assert data["loops"] == [["life_and_limb#1", "prismatic_omen#1"]]
    reasons = {(d["effect"], d["depends_on"]): d["reason"] for d in data["dependencies"]}
    assert reasons[("life_and_limb#1", "prismatic_omen#1")] == "applies_to"
    assert reasons[("prismatic_omen#1", "life_and_limb#1")] == "applies_to"


def test_object_option(run):
    data = json.loads(run("layers", C1, "--json", "--object", "grizzly_bears").out)
    assert list(data["objects"]) == ["grizzly_bears"]
    assert (data["objects"]["grizzly_bears"]["power"], data["objects"]["grizzly_bears"]["toughness"]) == (1, 1)


def test_unknown_object_is_bad_input(run):
    r = run("layers", C1, "--object", "nobody")
    assert r.code == 2 and r.out == ""
    assert r.err.strip().startswith("mtgjudge: error: --object: no permanent has id 'nobody'")


def test_graph_and_json_together_is_bad_input(run):
    r = run("layers", C1, "--json", "--graph", "dot")
    assert r.code == 2 and r.out == ""


def test_graph_mermaid_marks_the_loop(run):
    r = run("layers", C6, "--graph", "mermaid")
    assert r.code == 0
    assert r.out.startswith("graph LR\n")
    assert "-->|applies_to L4|" in r.out
    assert "stroke:#d00" in r.out


def test_graph_dot(run):
    r = run("layers", C6, "--graph", "dot")
    assert r.code == 0 and r.out.startswith("strict digraph dependencies {")
    assert '"life_and_limb#1" -> "prismatic_omen#1"' in r.out


def test_time_limit_exits_3(run, tmp_path):
    # a board the layers take far longer than 0.01 s on (50 permanents, about half of them with
    # continuous effects), so the limit is hit whatever the machine's speed or load
    import yaml

    from engine.app.generate import random_layers_board
    from engine.files.library import load_library

    board = tmp_path / "big.yaml"
    board.write_text(yaml.safe_dump(random_layers_board(7, load_library(), permanents=50)), encoding="utf-8")
    r = run("layers", board, "--time-limit", "0.01")
    assert r.code == 3, r.err
    assert "hit the time limit of 0.01 s" in r.err
    assert r.out == ""


def test_human_output_is_deterministic(run):
    first = run("layers", C6)
    assert first.code == 0
    assert "dependency loop (613.8b, applied in timestamp order): life_and_limb#1, prismatic_omen#1" in first.out
    assert run("layers", C6).out == first.out
