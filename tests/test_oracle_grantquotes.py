"""Family 2 of the Oracle grammar (issue 21): quoted abilities an effect grants (613.1f, layer 6), read as paragraphs of
their own. The comma American punctuation puts inside the closing quotation mark is the sentence's, not the ability's,
and a quote whose last sentence has no period is ended (statics.quoted_text): 'Equipped creature has "{T}: This
creature deals 1 damage to any target" and ...'; a predicate list whose last comma is inside a quote ('gets +1/+1, has
"Whenever this creature attacks, you gain 1 life," and is a Cleric in addition to its other types'). A granted mana
ability whose cost the game loop pays or whose mana has a rider ("{T}, Pay 1 life: Add one mana of any color.", "{T}:
Add one mana of any color. Spend this mana only to cast an instant or sorcery spell.", 605.1a, 106.6): the loop
activates it from the abilities the layers give the permanent.

The paragraphs are read from the card database, never typed from memory.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, play_json  # noqa: F401 (the fixture: the card database's index of the session)


def _do(name: str, db, index: int) -> list:
    ab = card_file(db.get(name)).abilities[index - 1]
    assert "layers (613)" in executable_by(ab)
    return ab.model_dump(by_alias=True, exclude_defaults=True)["continuous"]["do"]


def _granted(do: list) -> list:
    return [(a["kind"], a["text"]) for op in do if op["op"] == "add_abilities" for a in op["abilities"]]


def test_a_quote_without_its_period(db):
    do = _do("Wolfhunter's Quiver", db, 1)
    assert _granted(do) == [("activated", "{T}: This creature deals 1 damage to any target."),
                            ("activated", "{T}: This creature deals 3 damage to target Werewolf creature.")]


@pytest.mark.parametrize("name, subtype, granted", [
    ("White Mage's Staff", "Cleric", "Whenever this creature attacks, you gain 1 life."),
    ("Thief's Knife", "Rogue", "Whenever this creature deals combat damage to a player, draw a card."),
])
def test_a_list_whose_last_comma_is_inside_the_quote(db, name, subtype, granted):
    do = _do(name, db, 2)
    assert [op["op"] for op in do] == ["modify_pt", "add_abilities", "add_subtypes"]
    assert do[0]["power"] == 1 and do[0]["toughness"] == 1
    assert _granted(do) == [("triggered", granted)]
    assert do[2]["subtypes"] == [subtype]


@pytest.mark.parametrize("name, index, text", [
    ("Galazeth Prismari", 3, "{T}: Add one mana of any color. Spend this mana only to cast an instant or sorcery spell."),
    ("Forgotten Monument", 2, "{T}, Pay 1 life: Add one mana of any color."),
])
def test_granted_mana_abilities(db, name, index, text):
    do = _do(name, db, index)
    assert do[-1]["abilities"] == [{"text": text, "kind": "activated", "mana": True}]


@pytest.mark.parametrize("paragraph", [
    # no serial comma: not a list Oracle prints
    'Equipped creature gets +1/+1, has "Whenever this creature attacks, you gain 1 life" and is a Cleric in addition '
    'to its other types.',
    # a mana ability whose cost the loop doesn't pay ({Q}, 107.6) or whose rider it doesn't read
    'Lands you control have "{Q}: Add {G}."',
    'Creatures you control have "{T}: Add {C}{C}. Spend this mana only on costs that contain {X}."',
])
def test_paragraphs_not_compiled(paragraph):
    assert compile_paragraph(paragraph) is None


def test_the_game_loop_gains_life_from_the_staff(db, run, tmp_path):
    """613.1f, 603.2: Grizzly Bears equipped with White Mage's Staff is a 3/3 with "Whenever this creature attacks,
    you gain 1 life": it attacks, alice gains 1 and bob loses 3."""
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nstep: upkeep\n"
                                   "battlefield:\n  - {card: Grizzly Bears, controller: alice, id: bears}\n"
                                   "  - {card: White Mage's Staff, controller: alice, id: staff, attached_to: bears}\n"
                                   "library:\n  alice: [Swamp, Swamp]\n  bob: [Forest]\n"
                                   "actions:\n  - {attack: {bears: bob}, at: {turn: 3}}\n"
                                   "until: {turn: 3, step: end}\n")
    assert doc["rejected"] == []
    assert doc["players"]["alice"]["life"] == 21
    assert doc["players"]["bob"]["life"] == 17


@pytest.mark.parametrize("spell, target, rejected, bob", [
    ("Lightning Bolt", "[bob]", False, 17),  # an instant: the granted ability's mana may pay for it
    ("Grizzly Bears", None, True, 20),  # 106.6: a creature spell: the mana can't be spent on it
])
def test_the_game_loop_spends_the_granted_mana(db, run, tmp_path, spell, target, rejected, bob):
    """605.1a, 106.6: Galazeth Prismari gives alice's Ornithopter "{T}: Add one mana of any color. Spend this mana only
    to cast an instant or sorcery spell."; with a Forest, its red pays for Lightning Bolt, its green not for Grizzly
    Bears."""
    letter = "R" if target else "G"
    cast = "{cast: spell, tap: [forest, {thopter: %s}]%s}" % (letter, f", targets: {target}" if target else "")
    doc = play_json(run, tmp_path, "players: [alice, bob]\nactive: alice\nstep: precombat_main\n"
                                   "battlefield:\n  - {card: Galazeth Prismari, controller: alice}\n"
                                   "  - {card: Ornithopter, controller: alice, id: thopter}\n"
                                   "  - {card: Forest, controller: alice, id: forest}\n"
                                   f"hand:\n  alice: [{{card: {spell}, id: spell}}]\n"
                                   f"actions:\n  - {cast}\n  - {{pass: true}}\n  - {{pass: true}}\n"
                                   "until: {turn: 1, step: beginning_of_combat}\n")
    assert [r["rule"] for r in doc["rejected"]] == (["106.6"] if rejected else [])
    assert doc["players"]["bob"]["life"] == bob
