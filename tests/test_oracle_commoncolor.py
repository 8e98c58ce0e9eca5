"""Family 2 of the Oracle grammar (issue 21): the most common color among all permanents (105.1, 611.3a: "This
creature gets -2/-2 as long as black is the most common color among all permanents or is tied for most common.",
the Djinns of Mirage): the condition counts the permanents of that color and holds unless another color is among
more permanents (a tie holds). The layers program decides it in each world (the colors as layer 5 leaves them) and
its oracle (tests/oracles/layers.py) agrees; a game shows the tie and the win.

The paragraphs are read from the card database, never typed from memory.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from carddata import db, play_json, library_with  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


def _djinn(color: str) -> dict:
    return {"kind": "static", "continuous": {
        "if": {"count": {"colors": [color]}, "at_least": 0, "most_common_color": True},
        "do": [{"op": "modify_pt", "power": -2, "toughness": -2}]}}


# (database card, its ability number, the ability compiled)
CASES = [
    ("Goham Djinn", 2, _djinn("black")),
    ("Zanam Djinn", 2, _djinn("blue")),
    ("Halam Djinn", 2, _djinn("red")),
    ("Ruham Djinn", 2, _djinn("white")),
    ("Sulam Djinn", 2, _djinn("green")),
]


@pytest.mark.parametrize("name, index, expected", CASES)
def test_database_paragraphs(db, name, index, expected):
    ab = card_file(db.get(name)).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # not tied: another meaning (the tie would not hold)
    "This creature gets -2/-2 as long as black is the most common color among all permanents.",
    # among the permanents of one player: another count
    "This creature gets -2/-2 as long as black is the most common color among permanents you control or is tied "
    "for most common.",
    # the card's own color, not a color named
    "This creature gets -2/-2 as long as its color is the most common color among all permanents or is tied for "
    "most common.",
    "This creature gets -2/-2 as long as colorless is the most common color among all permanents or is tied for "
    "most common.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


@pytest.mark.parametrize("others, darkest, goham, sulam", [
    ([], False, True, True),  # one black, one green (and a colorless land): each tied, each -2/-2
    (["Llanowar Elves"], False, False, True),  # two green, one black: black not the most common
    (["Llanowar Elves", "Llanowar Elves"], True, True, False),  # 613.1e: all creatures black (layer 5): four black
    (["Island"], False, True, True),  # a colorless permanent counts for no color
])
def test_the_most_common_color_in_the_layers_and_their_oracle(db, others, darkest, goham, sulam):
    """Goham Djinn (black) and Sulam Djinn (green): each -2/-2 while its color is the most common or tied."""
    from engine.files.loader import board_from_data

    battlefield = [{"card": "Goham Djinn", "controller": "alice"}, {"card": "Sulam Djinn", "controller": "bob"},
                   {"card": "Forest", "controller": "bob"}]
    battlefield += [{"card": c, "controller": "bob", "id": f"other{i}"} for i, c in enumerate(others)]
    if darkest:
        battlefield.append({"card": "Darkest Hour", "controller": "bob"})
    names = ["Goham Djinn", "Sulam Djinn", "Llanowar Elves", "Darkest Hour"]
    state = board_from_data({"players": ["alice", "bob"], "battlefield": battlefield}, library_with(*names), "colors")
    assert differences(state) == []
    objects = compute_layers(state).objects
    for name, oid, reduced in (("Goham Djinn", "goham_djinn", goham), ("Sulam Djinn", "sulam_djinn", sulam)):
        printed = card_file(db.get(name))
        assert (objects[oid]["power"], objects[oid]["toughness"]) == (
            (printed.power - 2 * reduced, printed.toughness - 2 * reduced))


@pytest.mark.parametrize("elves, loss", [(1, 3), (2, 5)])
def test_the_game_loop_attacks_with_the_djinn(db, run, tmp_path, elves, loss):
    """105.1, 611.3a: alice's Goham Djinn attacks bob, whose tapped Llanowar Elves can't block. One Elf: black and
    green are tied, the Djinn is a 3/3 and bob loses 3; two: green is the most common color, the Djinn a 5/5."""
    tapped = "".join("  - {card: Llanowar Elves, controller: bob, tapped: true, id: elf%d}\n" % i
                     for i in range(elves))
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nstep: upkeep\n"
                                   "battlefield:\n  - {card: Goham Djinn, controller: alice}\n" + tapped +
                                   "library:\n  alice: [Swamp, Swamp]\n  bob: [Forest]\n"
                                   "actions:\n  - {attack: {goham_djinn: bob}, at: {turn: 3}}\n"
                                   "until: {turn: 3, step: end}\n")
    assert doc["rejected"] == []
    assert doc["players"]["bob"]["life"] == 20 - loss
