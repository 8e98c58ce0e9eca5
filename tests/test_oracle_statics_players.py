"""Family 2 of the Oracle grammar (issue 21): conditions on numbers of a player's: the cards a player has
drawn this turn, which the game loop keeps and passes to the layers program as facts (121.1: "as long as
you've drawn two or more cards this turn"; the state's ``drawn``, a board's ``drawn_this_turn``); the cards
in one opponent's graveyard or hand, and one opponent's poison counters (122.1), each opponent on their own
("an opponent has eight or more cards in their graveyard": not the sum over the opponents).

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
from carddata import db, play_json, library_with  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


DRAWN2 = {"drawn": "you", "at_least": 2}
GY8 = {"player": "opponent", "zone": "graveyard", "at_least": 8}

# (database card, its ability number, the ability compiled)
CASES = [
    ("Eyekite", 2, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "modify_pt", "power": 2, "toughness": 0}]}}),
    ("Spinehorn Minotaur", 1, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "add_abilities", "abilities": [{"keyword": "double strike"}]}]}}),
    ("Evangel of Synthesis", 2, {"kind": "static", "continuous": {"if": DRAWN2, "do": [
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "add_abilities", "abilities": [{"keyword": "menace"}]}]}}),
    ("Blackbloom Rogue // Blackbloom Bog", 2, {"kind": "static", "continuous": {"if": GY8, "do": [
        {"op": "modify_pt", "power": 3, "toughness": 0}]}}),
    ("Soaring Thought-Thief", 3, {"kind": "static", "continuous": {
        "if": GY8, "applies_to": {"subtypes": ["Rogue"], "controller": "you"},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    ("Guul Draz Specter", 2, {"kind": "static", "continuous": {
        "if": {"player": "opponent", "zone": "hand", "at_least": 0, "at_most": 0},
        "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}),
    ("Okina Nightwatch", 1, {"kind": "static", "continuous": {
        "if": {"player": "you", "zone": "hand", "more_than_each_opponent": True},
        "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}),
    ("Apostle of Invasion", 2, {"kind": "static", "continuous": {
        "if": {"player": "opponent", "counters": "poison", "at_least": 3},
        "do": [{"op": "add_abilities", "abilities": [{"keyword": "double strike"}]}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES)
def test_database_paragraphs(db, name, index, expected):
    ab = card_file(db.get(name)).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "This creature gets +2/+0 as long as you've drawn two or more cards.",  # no "this turn": another count
    "This creature gets +2/+0 as long as an opponent has drawn two or more cards this turn.",  # another player
    "This creature gets +2/+0 as long as you've drawn your second card this turn.",
    "This creature gets +2/+0 as long as you've drawn two or more cards this turn and you control a Swamp.",
    # whose hand: "its controller" is not the effect's controller nor an opponent of theirs (their graveyard is read
    # since round 21, the cards its controller owns there: tests/test_oracle_selfstatics.py, So Tiny)
    "Enchanted creature gets -2/-0 as long as its controller has seven or more cards in their hand.",
    "This creature gets +3/+0 as long as an opponent has eight or more cards in your graveyard.",
    "This creature gets +3/+0 as long as an opponent has three or more counters.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


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
    state = board_from_data(board, library_with(*["Eyekite"]), "drawn")
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


def test_one_opponents_graveyard_hand_and_poison_in_the_layers_and_their_oracle(db):
    """Three players: bob's graveyard has 5 cards, carol's 4: together 9, but no opponent of alice has eight
    (each opponent on their own); then carol's has 8. Bob has 3 poison counters; alice 2. Carol has no
    cards in hand."""
    from engine.files.loader import board_from_data

    def board(carol_gy: int) -> dict:
        return {"players": ["alice", "bob", "carol"],
                "player_counters": {"bob": {"poison": 3}, "alice": {"poison": 2}},
                "battlefield": [{"card": "Blackbloom Rogue // Blackbloom Bog", "controller": "alice", "id": "rogue"},
                                {"card": "Apostle of Invasion", "controller": "alice"},
                                {"card": "Apostle of Invasion", "controller": "bob", "id": "apostle2"},
                                {"card": "Guul Draz Specter", "controller": "bob"}],
                "graveyard": {"bob": ["Island"] * 5, "carol": ["Island"] * carol_gy},
                "hand": {"alice": ["Island"], "bob": ["Island"]}}

    names = ["Blackbloom Rogue // Blackbloom Bog", "Apostle of Invasion", "Guul Draz Specter"]
    for carol_gy, rogue in ((4, (2, 3)), (8, (5, 3))):
        state = board_from_data(board(carol_gy), library_with(*names), "players")
        assert differences(state) == []
        objects = compute_layers(state).objects
        assert (objects["rogue"]["power"], objects["rogue"]["toughness"]) == rogue
        # 122.1: bob, alice's opponent, has three poison counters; alice, bob's, two
        assert "double strike" in objects["apostle_of_invasion"]["abilities"]
        assert "double strike" not in objects["apostle2"]["abilities"]
        # carol, one of bob's opponents, has no cards in hand
        assert (objects["guul_draz_specter"]["power"], objects["guul_draz_specter"]["toughness"]) == (2 + 3, 2 + 3)


@pytest.mark.parametrize("hands, bonus", [
    ({"alice": 2, "bob": 1, "carol": 1}, True),
    ({"alice": 2, "bob": 2, "carol": 1}, False),  # bob has as many: not more than each opponent
    ({"alice": 1, "bob": 0, "carol": 0}, True),
    ({"bob": 0, "carol": 0}, False),  # none: not more
])
def test_more_cards_in_hand_than_each_opponent_in_the_layers_and_their_oracle(db, hands, bonus):
    from engine.files.loader import board_from_data

    board = {"players": ["alice", "bob", "carol"], "battlefield": [{"card": "Okina Nightwatch", "controller": "alice"}],
             "hand": {p: ["Island"] * n for p, n in hands.items() if n}}
    state = board_from_data(board, library_with(*["Okina Nightwatch"]), "hands")
    assert differences(state) == []
    okina = compute_layers(state).objects["okina_nightwatch"]
    printed = card_file(db.get("Okina Nightwatch"))
    assert (okina["power"], okina["toughness"]) == ((printed.power + 3, printed.toughness + 3) if bonus
                                                    else (printed.power, printed.toughness))
