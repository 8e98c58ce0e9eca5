"""Leveler cards (issue 21, family 2; engine/vocab/oracle/levelers.py): each level symbol's band, its
power/toughness box and its abilities, is one static ability with a condition on the level counters
(107.8a-b, 711), executed by the layers program; "Level up [cost]" is the game loop's activated ability
(702.87a). The cards are read from the card database, never typed from memory; no hand file is a leveler
(engine/cards), so there is no hand difference to compare.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import levelers
from engine.vocab.oracle.objects import NotRead
from carddata import db, play_json, library_with  # noqa: F401 (the fixture: the card database's index of the session)


def _model(fields: dict):
    from pydantic import TypeAdapter

    from engine.vocab.cardfile import Ability

    return TypeAdapter(Ability).validate_python(fields)


def _band(low, high, p, t, *granted):
    cond = {"count": {"self": True}, "counters": "level", "at_least": low, **({"at_most": high} if high else {})}
    do = [{"op": "set_base_pt", "power": p, "toughness": t}]
    if granted:
        do.append({"op": "add_abilities", "abilities": list(granted)})
    return {"if": cond, "do": do}


# (database card, the number of the band's ability, the band's text, its continuous effect)
CASES = [
    ("Student of Warfare", 2, "LEVEL 2-6 3/3 First strike", _band(2, 6, 3, 3, {"keyword": "first strike"})),
    ("Student of Warfare", 3, "LEVEL 7+ 4/4 Double strike", _band(7, None, 4, 4, {"keyword": "double strike"})),
    # a line of two keywords
    ("Knight of Cliffhaven", 3, "LEVEL 4+ 4/4 Flying, vigilance",
     _band(4, None, 4, 4, {"keyword": "flying"}, {"keyword": "vigilance"})),
    # an activated ability granted (613.1f: the loop activates it for the object that has it)
    ("Kazandu Tuskcaller", 2, "LEVEL 2-5 1/1 {T}: Create a 3/3 green Elephant creature token.", None),
    # a band with no ability: its box alone
    ("Caravan Escort", 2, "LEVEL 1-4 2/2", _band(1, 4, 2, 2)),
]


@pytest.mark.parametrize("name, index, text, continuous", CASES)
def test_a_band_is_one_static_ability(db, name, index, text, continuous):
    card = card_file(db.get(name))
    ab = card.abilities[index - 1]
    assert ab.kind == "static" and ab.text == text
    if continuous is not None:
        assert ab == _model({"kind": "static", "text": text, "continuous": continuous})
    assert "layers (613)" in executable_by(ab)
    # its keyword Level up: the loop's activated ability (702.87a)
    level_up = card.abilities[0]
    assert level_up.kind == "keyword" and level_up.keyword == "level up" and "702.87a" in executable_by(level_up)
    assert all(executable_by(a) for a in card.abilities)


def test_the_text_of_a_band_with_an_ability_no_program_grants_stays_paragraphs(db):
    # "This creature can't be blocked." is a combat rule granted: not read as a granted ability here
    card = card_file(db.get("Hada Spy Patrol"))
    texts = [getattr(a, "text", None) for a in card.abilities]
    assert "LEVEL 1-2" in texts and "2/2" in texts and "This creature can't be blocked." in texts
    assert not any(t and t.startswith("LEVEL ") and "/" in t for t in texts)


@pytest.mark.parametrize("paragraphs", [
    ["LEVEL 2-6"],  # no power/toughness box
    ["LEVEL 2-6", "First strike", "3/3"],  # the box is the band's first paragraph after the symbol
    ["LEVEL 6-2", "3/3"],  # no level count is in the range
    ["LEVEL 1-4", "2/2", "Other creatures you control have \"{T}: Add {G}.\""],  # a quote in a band
    ["LEVEL 1-4", "2/2", "This creature gets +1/+1 for each card in your hand or flies."],  # not read
])
def test_bands_not_compiled(paragraphs):
    with pytest.raises(NotRead):
        levelers.band(paragraphs)


def test_levels_in_the_layers_and_their_oracle(db):
    from engine.files.loader import board_from_data

    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Student of Warfare", "controller": "alice", "id": "s0"},
        {"card": "Student of Warfare", "controller": "alice", "id": "s2", "counters": {"level": 2}},
        {"card": "Student of Warfare", "controller": "alice", "id": "s6", "counters": {"level": 6}},
        {"card": "Student of Warfare", "controller": "bob", "id": "s7", "counters": {"level": 9}},
        {"card": "Knight of Cliffhaven", "controller": "bob", "counters": {"level": 4, "+1/+1": 1}},
        {"card": "Coralhelm Commander", "controller": "bob", "counters": {"level": 4}},
        {"card": "Coralhelm Commander", "controller": "alice", "id": "c2", "counters": {"level": 2}}]}
    state = board_from_data(board, library_with(*["Student of Warfare", "Knight of Cliffhaven", "Coralhelm Commander"]),
                            "levels")
    assert differences(state) == []
    objects = compute_layers(state).objects
    pt = {k: (o["power"], o["toughness"]) for k, o in objects.items()}
    # 107.8a-b, 613.4b: the band's base power and toughness; no level counter: the printed 1/1
    assert pt["s0"] == (1, 1) and pt["s2"] == (3, 3) and pt["s6"] == (3, 3) and pt["s7"] == (4, 4)
    assert "first strike" in objects["s2"]["abilities"] and "first strike" not in objects["s0"]["abilities"]
    assert "double strike" in objects["s7"]["abilities"] and "first strike" not in objects["s7"]["abilities"]
    # 613.4c: a +1/+1 counter after the band's 4/4 (layer 7c after 7b)
    assert pt["knight_of_cliffhaven"] == (5, 5) and {"flying", "vigilance"} <= set(objects["knight_of_cliffhaven"]["abilities"])
    # Coralhelm Commander at level 4: "Other Merfolk creatures you control get +1/+1", granted to itself, applies
    # to bob's Merfolk only; alice's at level 2 is a 3/3 flier without the lord ability
    assert pt["coralhelm_commander"] == (4, 4) and pt["c2"] == (3, 3)


def test_level_up_in_the_game_loop(db, run, tmp_path):
    """702.87a: alice levels her Student of Warfare up from 1 to 2 as a sorcery (a level counter); it is a
    3/3 with first strike (107.8a): blocked by the Bears, it kills them in the first-strike damage step and
    takes no damage (510.4)."""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nstep: precombat_main\n"
                                   "battlefield:\n  - {card: Plains, controller: alice}\n"
                                   "  - {card: Student of Warfare, controller: alice, counters: {level: 1}}\n"
                                   "  - {card: Grizzly Bears, controller: bob}\n"
                                   "actions:\n  - {activate: student_of_warfare, ability: 1, tap: [plains]}\n"
                                   "  - {attack: {student_of_warfare: bob}}\n"
                                   "  - {block: {grizzly_bears: student_of_warfare}}\n"
                                   "until: {turn: 3, step: end}\n")
    assert doc["rejected"] == []
    assert doc["battlefield"]["student_of_warfare"]["counters"] == {"level": 2}
    assert doc["battlefield"]["student_of_warfare"]["damage"] == 0
    assert doc["graveyard"]["bob"] == ["grizzly_bears"]


def test_level_up_is_activated_only_as_a_sorcery(db, run, tmp_path):
    """702.87a: "Activate only as a sorcery" (602.5d): not in the opponent's turn."""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: bob\nturn: 2\nstep: precombat_main\n"
                                   "battlefield:\n  - {card: Plains, controller: alice}\n"
                                   "  - {card: Student of Warfare, controller: alice}\n"
                                   "actions:\n  - {activate: student_of_warfare, ability: 1, tap: [plains], by: alice}\n"
                                   "until: {turn: 2, step: end}\n")
    assert [r["rule"] for r in doc["rejected"]] == ["602.5d"]
    assert doc["battlefield"]["student_of_warfare"]["counters"] == {}
