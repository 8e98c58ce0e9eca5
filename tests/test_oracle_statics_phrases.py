"""Family 2 of the Oracle grammar (issue 21), fourth round: phrases of statics.lark beside its templates, with
the vocabulary it already has: "that's a Barbarian, a Warrior, or a Berserker", "as long as equipped
creature is a Human or an Angel" (one of the subtypes), "as long as it isn't attacking or blocking" (506.4),
"as long as another Aura is attached to enchanted creature" (303.4), "As long as you control exactly one
creature, that creature ..." (611.3a), "for each Equipment attached to this creature" (301.5); modified
permanents (700.9: "Modified creatures you control have lifelink", "as long as it's modified").

The paragraphs are read from the card database, never typed from memory; the layers program and its
oracle (tests/oracles/layers.py) agree on a board of these cards.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from carddata import db, library_with  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


def _kw(*names):
    return {"op": "add_abilities", "abilities": [{"keyword": n} for n in names]}


ONE = {"types": ["Creature"], "controller": "you"}

# (database card, its ability number, the ability compiled)
CASES = [
    ("Lovisa Coldeyes", 1, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "subtypes": ["Barbarian", "Warrior", "Berserker"]},
        "do": [{"op": "modify_pt", "power": 2, "toughness": 2}, _kw("haste")]}}),
    ("Bladed Bracers", 2, {"kind": "static", "continuous": {
        "if": {"count": {"attached": True, "types": ["Creature"], "subtypes": ["Human", "Angel"]}, "at_least": 1},
        "applies_to": {"attached": True, "types": ["Creature"]}, "do": [_kw("vigilance")]}}),
    ("Intrepid Ace", 1, {"kind": "static", "continuous": {
        "if": {"count": {"self": True, "attacking": False, "blocking": False}, "at_least": 1},
        "do": [{"op": "modify_pt", "power": 2, "toughness": 0}]}}),
    ("Face of Divinity", 3, {"kind": "static", "continuous": {
        "if": {"count": {"subtypes": ["Aura"], "attached_to": "attached", "other": True}, "at_least": 1},
        "applies_to": {"attached": True, "types": ["Creature"]}, "do": [_kw("first strike", "lifelink")]}}),
    ("Homicidal Seclusion", 1, {"kind": "static", "continuous": {
        "if": {"count": ONE, "at_least": 1, "at_most": 1}, "applies_to": ONE,
        "do": [{"op": "modify_pt", "power": 3, "toughness": 1}, _kw("lifelink")]}}),
    ("Envoy of the Ancestors", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "you", "modified": True}, "do": [_kw("lifelink")]}}),
    ("Red XIII, Proud Warrior", 3, {"kind": "static", "continuous": {
        "applies_to": {"other": True, "types": ["Creature"], "controller": "you", "modified": True},
        "do": [_kw("vigilance", "trample")]}}),
    ("Obstinate Gargoyle", 1, {"kind": "static", "continuous": {
        "if": {"count": {"self": True, "modified": True}, "at_least": 1}, "do": [_kw("flying")]}}),
    ("Tenacious Hunter", 1, {"kind": "static", "continuous": {
        "if": {"count": {"types": ["Creature"], "counter": "-1/-1"}, "at_least": 1},
        "do": [_kw("vigilance", "deathtouch")]}}),
    ("Warden of the Beyond", 2, {"kind": "static", "continuous": {
        "if": {"count": {"zone": "exile", "owner": "opponent"}, "at_least": 1},
        "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Viridian Betrayers", 1, {"kind": "static", "continuous": {
        "if": {"player": "opponent", "counters": "poison", "at_least": 1}, "do": [_kw("infect")]}}),
    ("Upriser Renegade", 1, {"kind": "static", "continuous": {"do": [{
        "op": "modify_pt",
        "power": {"count": {"types": ["Creature"], "controller": "you", "modified": True, "other": True}, "times": 2},
        "toughness": 0}]}}),
    # 205.1b: "They're still lands" (they keep their card types and subtypes)
    ("Natural Emergence", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Land"], "controller": "you"},
        "do": [{"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 2, "toughness": 2},
               _kw("first strike")]}}),
    ("Armament Master", 1, {"kind": "static", "continuous": {
        "applies_to": {"other": True, "subtypes": ["Kor"], "types": ["Creature"], "controller": "you"},
        "do": [{"op": "modify_pt", "power": {"count": {"subtypes": ["Equipment"], "attached_to": "self"}, "times": 2},
                "toughness": {"count": {"subtypes": ["Equipment"], "attached_to": "self"}, "times": 2}}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES)
def test_database_paragraphs(db, name, index, expected):
    ab = card_file(db.get(name)).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "As long as you control exactly one creature, that creature gets +2/+2 and you have hexproof.",
    "As long as you control exactly one creature, enchanted creature gets +2/+2.",
    "Creatures you control get +1/+1 for each Equipment attached to enchanted creature.",
    "This creature gets +2/+0 as long as it isn't attacking.",
    "As long as another Aura is attached to equipped creature, it has first strike.",
    # a layer-4 effect on modified creatures: the layers read the attached objects' subtypes as they are
    "Modified creatures you control are Knights in addition to their other types.",
    "Modified this creature has flying.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


def test_the_phrases_in_the_layers_and_their_oracle(db):
    from engine.files.loader import board_from_data

    names = ["Homicidal Seclusion", "Intrepid Ace", "Face of Divinity", "Armament Master", "Bladed Bracers",
             "Lovisa Coldeyes", "Grizzly Bears", "Pacifism", "Kor Skyfisher"]
    board = {"players": ["alice", "bob"], "battlefield": [
        # bob: one creature (Intrepid Ace, not attacking): +3/+1 and lifelink; +2/+0 of its own
        {"card": "Homicidal Seclusion", "controller": "bob"},
        {"card": "Intrepid Ace", "controller": "bob"},
        # alice: Bears enchanted by two Auras: Face of Divinity's first strike and lifelink
        {"card": "Grizzly Bears", "controller": "alice"},
        {"card": "Face of Divinity", "controller": "alice", "attached_to": "grizzly_bears"},
        {"card": "Pacifism", "controller": "alice", "attached_to": "grizzly_bears"},
        # Armament Master with one Equipment: other Kor +2/+2; the Bracers' creature is no Human or Angel
        {"card": "Armament Master", "controller": "alice"},
        {"card": "Bladed Bracers", "controller": "alice", "attached_to": "armament_master"},
        {"card": "Kor Skyfisher", "controller": "alice"}]}
    state = board_from_data(board, library_with(*names), "phrases")
    assert differences(state) == []
    objects = compute_layers(state).objects
    pt = {k: (o["power"], o["toughness"]) for k, o in objects.items() if o.get("power") is not None}
    assert "lifelink" in objects["intrepid_ace"]["abilities"]
    assert {"first strike", "lifelink"} <= set(objects["grizzly_bears"]["abilities"])
    assert "vigilance" not in objects["armament_master"]["abilities"]
    skyfisher = card_file(db.get("Kor Skyfisher"))
    ace = card_file(db.get("Intrepid Ace"))
    assert pt["kor_skyfisher"] == (skyfisher.power + 2, skyfisher.toughness + 2)
    assert pt["intrepid_ace"] == (ace.power + 2 + 3, ace.toughness + 1)


def test_modified_creatures_in_the_layers_and_their_oracle(db):
    """700.9: a counter on it, an Equipment attached to it, an Aura its controller controls: modified; an Aura
    an opponent controls doesn't make it modified."""
    from engine.files.loader import board_from_data

    names = ["Envoy of the Ancestors", "Obstinate Gargoyle", "Grizzly Bears", "Bonesplitter", "Holy Strength",
             "Upriser Renegade", "Tenacious Hunter", "Warden of the Beyond", "Viridian Betrayers"]
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Envoy of the Ancestors", "controller": "alice"},
        {"card": "Obstinate Gargoyle", "controller": "alice", "counters": {"+1/+1": 1}},
        {"card": "Grizzly Bears", "controller": "alice", "id": "countered", "counters": {"-1/-1": 1}},
        {"card": "Grizzly Bears", "controller": "alice", "id": "equipped"},
        {"card": "Bonesplitter", "controller": "alice", "attached_to": "equipped"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "blessed"},
        {"card": "Holy Strength", "controller": "alice", "attached_to": "blessed"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "cursed"},
        {"card": "Holy Strength", "controller": "bob", "id": "bobs_aura", "attached_to": "cursed"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "plain"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "bobs", "counters": {"+1/+1": 1}},
        {"card": "Upriser Renegade", "controller": "alice"},
        # a -1/-1 counter on a creature: the Hunter's vigilance and deathtouch (alice's "countered" Bears)
        {"card": "Tenacious Hunter", "controller": "bob"},
        # bob owns no card in exile; alice does: bob's Warden +2/+2, alice's not
        {"card": "Warden of the Beyond", "controller": "alice", "id": "warden_a"},
        {"card": "Warden of the Beyond", "controller": "bob", "id": "warden_b"},
        # alice has a poison counter: bob's Betrayers have infect
        {"card": "Viridian Betrayers", "controller": "bob"}],
        "exile": {"alice": ["Island"]}, "player_counters": {"alice": {"poison": 1}}}
    state = board_from_data(board, library_with(*names), "modified")
    assert differences(state) == []
    objects = compute_layers(state).objects
    lifelink = {k for k, o in objects.items() if "lifelink" in (o.get("abilities") or [])}
    assert lifelink == {"obstinate_gargoyle", "countered", "equipped", "blessed"}
    assert "flying" in objects["obstinate_gargoyle"]["abilities"]
    # four other modified creatures of alice's: +2/+0 each
    renegade = card_file(db.get("Upriser Renegade"))
    assert (objects["upriser_renegade"]["power"], objects["upriser_renegade"]["toughness"]) == (
        renegade.power + 2 * 4, renegade.toughness)
    assert {"vigilance", "deathtouch"} <= set(objects["tenacious_hunter"]["abilities"])
    warden = card_file(db.get("Warden of the Beyond"))
    assert (objects["warden_b"]["power"], objects["warden_a"]["power"]) == (warden.power + 2, warden.power)
    assert "infect" in objects["viridian_betrayers"]["abilities"]
