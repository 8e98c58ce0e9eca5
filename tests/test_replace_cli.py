"""`mtgjudge replace`: the JSON shape, the exit status, bad event files."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT

BOARD = ROOT / "examples" / "replace" / "c11-torbran-fiery-emancipation.yaml"
EVENT = ROOT / "examples" / "replace" / "c11-event.yaml"


def test_json_lists_the_effects_the_chooser_and_each_outcome(run):
    r = run("replace", BOARD, EVENT, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert [a["effect"] for a in got["applicable"]] == ["fiery_emancipation#1", "torbran_thane_of_red_fell#1"]
    assert {a["kind"] for a in got["applicable"]} == {"replacement"} and got["chooser"] == "bob"
    assert [o["events"][0]["amount"] for o in got["outcomes"]] == [5, 9]
    assert got["outcomes"][1]["orders"] == [["torbran_thane_of_red_fell#1", "fiery_emancipation#1"]]


def test_output_is_byte_identical(run):
    assert run("replace", BOARD, EVENT).out == run("replace", BOARD, EVENT).out


@pytest.mark.parametrize("text, field", [
    ("event: {type: damage, source: ghost, target: bob, amount: 1}\n", "event.source"),
    ("event: {type: damage, source: raging_goblin, target: bob}\n", "event.amount"),
    ("events: []\n", "events"),
    ("event: {type: damage, source: raging_goblin, target: bob, amount: 1\n", "line"),
])
def test_bad_event_files_are_one_line_exit_2(run, tmp_path, text, field):
    p = tmp_path / "ev.yaml"
    p.write_text(text, encoding="utf-8")
    r = run("replace", BOARD, p)
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and field in r.err and "fix:" in r.err


def test_an_entering_library_card_is_a_new_object_with_its_own_abilities(run, tmp_path):
    """614.12: a `card:` enter event: Rusted Sentinel's own "This creature enters tapped" applies to it;
    the effect is named by the new object's id, the outcome names the card again; "when this enters"
    triggers as it has entered (603.6a)."""
    board = tmp_path / "b.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n  - {card: Soul Warden, controller: bob}\n", encoding="utf-8")
    p = tmp_path / "ev.yaml"
    p.write_text("event: {type: enter, card: rusted sentinel, controller: alice}\n", encoding="utf-8")
    r = run("replace", board, p, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert [a["effect"] for a in got["applicable"]] == ["rusted_sentinel#1"] and got["chooser"] == "alice"
    [outcome] = got["outcomes"]
    assert outcome["events"] == [{"type": "enter", "card": "Rusted Sentinel", "controller": "alice", "counters": {},
                                  "tapped": True}]
    assert [(t["source"], t["object"]) for t in outcome["triggers"]] == [("soul_warden", "rusted_sentinel")]


def test_an_entering_card_the_library_lacks_is_refused_with_the_fix(run, tmp_path):
    p = tmp_path / "ev.yaml"
    p.write_text("event: {type: enter, card: No Such Card, controller: alice}\n", encoding="utf-8")
    r = run("replace", BOARD, p)
    assert r.code == 2 and "event.card" in r.err and "fix:" in r.err and len(r.err.strip().splitlines()) == 1


def test_more_effects_than_the_program_sets_hold_is_one_line_exit_2(run, tmp_path):
    """The program's sets of effects applied (and counts of creatures sacrificed) are 32-bit integers
    (clingo): a board that needs more than 31 bits is refused, not solved with wrapped-around sets. 30
    Hardened Scales, the Elder's devour and one bit counting alice's one creature: 32."""
    board = tmp_path / "b.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n"
                     + "".join(f"  - {{card: Hardened Scales, controller: alice, id: s{k}}}\n" for k in range(30))
                     + "  - {card: Grizzly Bears, controller: alice, id: bear}\n"
                     + "hand: {alice: [{card: Thunder-Thrash Elder, id: elder}]}\n", encoding="utf-8")
    ev = tmp_path / "ev.yaml"
    ev.write_text("event: {type: enter, object: elder, controller: alice}\n", encoding="utf-8")
    r = run("replace", board, ev)
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and "31 replacement and prevention effects" in r.err
    assert "counted in 1 bits" in r.err and "fix:" in r.err


def test_devour_with_31_creatures_is_counted_not_enumerated(run, tmp_path):
    """702.82a, 614.13b: the program counts the creatures devour sacrifices (5 bits for 31), so 31 creatures
    (refused when each took a bit of the states) are solved within the time limit: every set of the 31
    Grizzly Bears is an outcome (the Bears sacrificed, 3 counters each), 2^31 of them, the first --limit
    listed: none, then one Bear (b00, b01, ...), each with the one order."""
    board = tmp_path / "b.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n"
                     + "".join(f"  - {{card: Grizzly Bears, controller: alice, id: b{k:02}}}\n" for k in range(31))
                     + "hand: {alice: [{card: Thunder-Thrash Elder, id: elder}]}\n", encoding="utf-8")
    ev = tmp_path / "ev.yaml"
    ev.write_text("event: {type: enter, object: elder, controller: alice}\n", encoding="utf-8")
    r = run("replace", board, ev, "--json", "--limit", "5", "--time-limit", "10")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert got["outcome_count"] == 2 ** 31
    sacrificed = [[e["object"] for e in o["events"] if e["type"] == "zone_change"] for o in got["outcomes"]]
    assert sorted(sacrificed) == [[], ["b00"], ["b01"], ["b02"], ["b03"]]
    for o in got["outcomes"]:
        [enter] = [e for e in o["events"] if e["type"] == "enter"]
        assert enter["counters"] == ({"+1/+1": 3} if len(o["events"]) == 2 else {})
        assert o["orders"] == [["elder#1"]]
