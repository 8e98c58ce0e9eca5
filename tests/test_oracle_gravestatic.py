"""Family 2 of the Oracle grammar (issue 21): static abilities that state the zone they function in (113.6b: "As
long as this card is in your graveyard and you control a Mountain, creatures you control have haste.", the
Incarnations of Judgment; "As long as this card is in your graveyard, lands you control have ..."): the ability
functions only while the card is in its owner's graveyard, its controller the card's owner (108.4a), never on the
battlefield. ``functions_in: graveyard`` on the continuous effect: the layers program (functions/1 with functions_in/2)
and its oracle agree; a game shows the haste.

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


def _incarnation(land: str, keyword: dict) -> dict:
    return {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "you"},
        "if": {"count": {"subtypes": [land], "controller": "you"}}, "functions_in": "graveyard",
        "do": [{"op": "add_abilities", "abilities": [keyword]}]}}


# (database card, its ability number, the ability compiled)
CASES = [
    ("Anger", 2, _incarnation("Mountain", {"keyword": "haste"})),
    ("Valor", 2, _incarnation("Plains", {"keyword": "first strike"})),
    ("Wonder", 2, _incarnation("Island", {"keyword": "flying"})),
    ("Brawn", 2, _incarnation("Forest", {"keyword": "trample"})),
    ("Filth", 2, _incarnation("Swamp", {"keyword": "landwalk", "quality": "Swamp"})),
    ("Riftstone Portal", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Land"], "controller": "you"}, "functions_in": "graveyard",
        "do": [{"op": "add_abilities", "abilities": [
            {"text": "{T}: Add {G} or {W}.", "kind": "activated", "mana": True}]}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES)
def test_database_paragraphs(db, name, index, expected):
    ab = card_file(db.get(name)).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # the card itself in the graveyard: another effect (a card's own keyword there)
    "As long as this card is in your graveyard, it has flying.",
    # another player's graveyard: not the zone the card is in while its owner controls the ability
    "As long as this card is in an opponent's graveyard, creatures you control have haste.",
    # another zone stated
    "As long as this card is in exile, creatures you control have haste.",
    # a condition on "it" (the card in a graveyard: no creature attacking)
    "As long as this card is in your graveyard and it's attacking, creatures you control have haste.",
])
def test_paragraphs_not_compiled(paragraph):
    ab = statics.read(paragraph)
    assert ab is None or "functions_in" not in ab[0].get("continuous", {})


@pytest.mark.parametrize("where, mountain, alice_haste, bob_haste", [
    ("alice", True, True, False),  # in alice's graveyard, alice controls a Mountain: her creatures only
    ("alice", False, False, False),  # no Mountain: the condition fails
    ("bob", True, False, False),  # in bob's graveyard: bob controls it (108.4a), and he has no Mountain
    ("battlefield", True, False, False),  # on the battlefield the ability doesn't function (113.6b)
])
def test_in_the_graveyard_in_the_layers_and_their_oracle(db, where, mountain, alice_haste, bob_haste):
    from engine.files.loader import board_from_data

    battlefield = [{"card": "Grizzly Bears", "controller": "alice"},
                   {"card": "Grizzly Bears", "controller": "bob", "id": "bears2"}]
    if mountain:
        battlefield.append({"card": "Mountain", "controller": "alice"})
    board = {"players": ["alice", "bob"], "battlefield": battlefield}
    if where == "battlefield":
        battlefield.append({"card": "Anger", "controller": "alice"})
    else:
        board["graveyard"] = {where: ["Anger"]}
    state = board_from_data(board, library_with(*["Anger", "Grizzly Bears"]), "anger")
    assert differences(state) == []
    objects = compute_layers(state).objects
    assert ("haste" in objects["grizzly_bears"]["abilities"]) == alice_haste
    assert ("haste" in objects["bears2"]["abilities"]) == bob_haste


@pytest.mark.parametrize("mountain, loss", [(True, 2), (False, 0)])
def test_the_game_loop_attacks_with_haste_from_the_graveyard(db, run, tmp_path, mountain, loss):
    """113.6b, 302.6: alice's Grizzly Bears came under her control this turn; with Anger in her graveyard and a
    Mountain it has haste and attacks bob (2 damage); without the Mountain the attack is refused."""
    land = "  - {card: Mountain, controller: alice}\n" if mountain else ""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nstep: upkeep\n"
                                   "battlefield:\n  - {card: Grizzly Bears, controller: alice, summoning_sick: true}\n"
                                   + land + "graveyard:\n  alice: [Anger]\n"
                                   "library:\n  alice: [Swamp, Swamp]\n  bob: [Forest]\n"
                                   "actions:\n  - {attack: {grizzly_bears: bob}, at: {turn: 3}}\n"
                                   "until: {turn: 3, step: end}\n")
    assert (doc["rejected"] == []) == mountain
    assert doc["players"]["bob"]["life"] == 20 - loss
