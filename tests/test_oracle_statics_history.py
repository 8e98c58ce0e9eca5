"""Family 2 of the Oracle grammar (issue 21): conditions on what happened this turn, which the game loop
keeps and passes to the layers program as facts: the cards a player has drawn this turn (121.1: "as
long as you've drawn two or more cards this turn"; the state's ``drawn``, a board's ``drawn_this_turn``).

The paragraphs are read from the card database, never typed from memory; the layers program and its
oracle (tests/oracles/layers.py) agree on boards of these cards; a game shows the loop's count.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from carddata import db, play_json  # noqa: F401 (the fixture: the card database's index of the session)


def _model(fields: dict, text: str):
    from pydantic import TypeAdapter

    from engine.vocab.cardfile import Ability

    return TypeAdapter(Ability).validate_python({**fields, "text": text})


DRAWN2 = {"drawn": "you", "at_least": 2}

# (database card, its ability number, the ability compiled)
CASES = [
    ("Eyekite", 2, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "modify_pt", "power": 2, "toughness": 0}]}}),
    ("Spinehorn Minotaur", 1, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "add_abilities", "abilities": [{"keyword": "double strike"}]}]}}),
    ("Evangel of Synthesis", 2, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "add_abilities", "abilities": [{"keyword": "menace"}]}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES)
def test_database_paragraphs(db, name, index, expected):
    ab = card_file(db.get(name)).abilities[index - 1]
    assert ab == _model(expected, ab.text)
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "This creature gets +2/+0 as long as you've drawn two or more cards.",  # no "this turn": another count
    "This creature gets +2/+0 as long as an opponent has drawn two or more cards this turn.",  # another player
    "This creature gets +2/+0 as long as you've drawn your second card this turn.",
    "This creature gets +2/+0 as long as you've drawn two or more cards this turn and you control a Swamp.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


def _library(db, names):
    from engine.files.library import PACKAGE_CARDS, CardFolder, CardLibrary

    library = CardLibrary(CardFolder(PACKAGE_CARDS, shipped=True))
    for name in names:
        card = card_file(db.get(name))
        library.cards[card.name.lower()] = card
    return library


@pytest.mark.parametrize("drawn, alice, bob", [
    ({}, (1, 2), (1, 2)),
    ({"alice": 1}, (1, 2), (1, 2)),
    ({"alice": 2}, (3, 2), (1, 2)),  # 121.1: alice drew two this turn: her Eyekite only
    ({"alice": 1, "bob": 3}, (1, 2), (3, 2)),
])
def test_cards_drawn_this_turn_in_the_layers_and_their_oracle(db, drawn, alice, bob):
    from engine.files.loader import board_from_data

    board = {"players": ["alice", "bob"], "drawn_this_turn": drawn, "battlefield": [
        {"card": "Eyekite", "controller": "alice"}, {"card": "Eyekite", "controller": "bob", "id": "kite2"}]}
    state = board_from_data(board, _library(db, ["Eyekite"]), "drawn")
    assert differences(state) == []
    objects = compute_layers(state).objects
    assert (objects["eyekite"]["power"], objects["eyekite"]["toughness"]) == alice
    assert (objects["kite2"]["power"], objects["kite2"]["toughness"]) == bob


def test_the_game_loop_counts_the_cards_drawn_this_turn(db, run, tmp_path):
    """121.1, 504.1: alice has drawn one card this turn before her draw step; the draw step's card is her
    second: her Eyekite is a 3/2 as it attacks on turn 3. On turn 5 she has drawn one (the count begins
    again with the turn): a 1/2. Bob loses 3 + 1 life."""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nstep: upkeep\n"
                                   "drawn_this_turn: {alice: 1}\n"
                                   "battlefield:\n  - {card: Eyekite, controller: alice}\n"
                                   "library:\n  alice: [Island, Island]\n  bob: [Island]\n"
                                   "actions:\n  - {attack: {eyekite: bob}, at: {turn: 3}}\n"
                                   "  - {attack: {eyekite: bob}, at: {turn: 5}}\n"
                                   "until: {turn: 5, step: end}\n")
    assert doc["rejected"] == []
    assert doc["players"]["bob"]["life"] == 20 - 3 - 1
