"""Family 2 of the Oracle grammar (issue 21): a list of basic land types that replaces a land's land types (305.7,
layer 4: "Enchanted land is a Mountain, Forest, and Plains.", Lush Growth): its old land types and the mana abilities
they gave are gone, it has the mana ability of each new one. The layers program and its oracle agree; a game taps the
enchanted Island for red.

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


def test_database_paragraph(db):
    ab = card_file(db.get("Lush Growth")).abilities[1]
    assert ab.model_dump(by_alias=True, exclude_defaults=True)["continuous"] == {
        "applies_to": {"attached": True, "types": ["Land"]}, "do": [{"op": "set_land_types", "subtypes": ["Mountain", "Forest", "Plains"]}]}
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Enchanted land is a Mountain, Forest, and Desert.",  # a land type that isn't basic: no mana ability to gain
    "Enchanted land is a Mountain, Forest, and Wall.",  # a creature type
    "Enchanted land is a Mountain, Forest, and Forest.",  # one twice
    "Enchanted land is a Mountain, Forest and Plains.",  # no serial comma
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


def test_the_land_types_in_the_layers_and_their_oracle(db):
    from engine.files.loader import board_from_data

    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Island", "controller": "alice", "id": "island"},
        {"card": "Lush Growth", "controller": "alice", "attached_to": "island"}]}
    state = board_from_data(board, library_with(*["Lush Growth"]), "lush")
    assert differences(state) == []
    island = compute_layers(state).objects["island"]
    assert sorted(island["subtypes"]) == ["Forest", "Mountain", "Plains"]
    assert sorted(island["abilities"]) == ["{T}: Add {G}.", "{T}: Add {R}.", "{T}: Add {W}."]


def test_the_game_loop_taps_the_island_for_red(db, run, tmp_path):
    """305.7, 605.3: the enchanted Island is a Mountain, Forest and Plains: tapped for {R} it pays for Lightning Bolt
    (3 damage to bob); it has no {U} to add."""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nstep: precombat_main\n"
                                   "battlefield:\n  - {card: Island, controller: alice, id: island}\n"
                                   "  - {card: Lush Growth, controller: alice, attached_to: island}\n"
                                   "hand:\n  alice: [{card: Lightning Bolt, id: bolt}]\n"
                                   "actions:\n  - {activate: island, mana: U}\n"
                                   "  - {cast: bolt, targets: [bob], tap: [{island: R}]}\n"
                                   "  - {pass: true}\n  - {pass: true}\n"
                                   "until: {turn: 1, step: beginning_of_combat}\n")
    assert [r["rule"] for r in doc["rejected"]] == ["605.3"]
    assert doc["players"]["bob"]["life"] == 17
