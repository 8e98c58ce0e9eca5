"""Mana whose spending is restricted (106.6, engine/vocab/oracle/spend_only.py): a mana ability's last sentence "Spend
this mana only to cast a creature spell.", "... an instant or sorcery spell.", "... instant and sorcery spells.",
"... noncreature spells.", "... a multicolored spell.", "... an Ally spell.", "... spells." -> the spells that mana may
pay for, as a selector (read by costs.lark's cs_spells), matched by the game loop against the spell being cast
(engine/game/spend_only.py; the game: tests/data/games/106-6-spend-this-mana-only-creature-spell.yaml, Abundant
Countryside). Near misses stay unread: the ability keeps the sentence and is not executable (never half-read).

The cards are the card database's, read through engine.files.dbcards.card_file.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.activation import loop_mana_ability, spend_only
from engine.vocab.cardfile import executable_by
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


def _fields(sel) -> dict:
    return sel.model_dump(exclude_defaults=True, by_alias=True)


@pytest.mark.parametrize("name,paragraph,spells", [
    ("Abundant Countryside", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
     {"types": ["Creature"]}),
    ("Inspiring Easel", "{T}: Add one mana of any color. Spend this mana only to cast an instant or sorcery spell.",
     {"any_types": ["Instant", "Sorcery"]}),
    ("Daxiver, Izzet Electromancer",
     "{T}: Add one mana of any color. Spend this mana only to cast instant and sorcery spells.",
     {"any_types": ["Instant", "Sorcery"]}),
    ("Obsidian Obelisk", "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.",
     {"multicolored": True}),
    ("Ally Encampment", "{T}: Add one mana of any color. Spend this mana only to cast an Ally spell.",
     {"subtypes": ["Ally"]}),
    ("Castle Doom", "{T}: Add one mana of any color. Spend this mana only to cast an artifact spell.",
     {"types": ["Artifact"]}),
])
def test_database_mana_abilities(db, name, paragraph, spells):
    """106.6, 605.3: the mana ability is activated by the loop, its mana restricted to the spells the selector matches."""
    (ab,) = [a for a in card_file(db.get(name)).abilities if a.display() == paragraph]
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    text, sel = spend_only(paragraph)
    assert text == paragraph.split(" Spend this mana")[0] and _fields(sel) == spells
    assert loop_mana_ability(paragraph) is not None


@pytest.mark.parametrize("sentence,spells", [
    ("Spend this mana only to cast noncreature spells.", {"not_types": ["Creature"]}),
    ("Spend this mana only to cast a noncreature spell.", {"not_types": ["Creature"]}),
    ("Spend this mana only to cast spells.", {}),
    ("Spend this mana only to cast creature spells.", {"types": ["Creature"]}),
    ("Spend this mana only to cast Dragon spells.", {"subtypes": ["Dragon"]}),
    ("Spend this mana only to cast a Pilot or Vehicle spell.", {"subtypes": ["Pilot", "Vehicle"]}),  # Mech Hangar
    ("Spend this mana only to cast an Elf creature spell.", {"types": ["Creature"], "subtypes": ["Elf"]}),
    ("Spend this mana only to cast legendary spells.", {"supertypes": ["Legendary"]}),
])
def test_templates(sentence, spells):
    text, sel = spend_only("{T}: Add {C}. " + sentence)
    assert text == "{T}: Add {C}." and _fields(sel) == spells


@pytest.mark.parametrize("sentence", [
    "Spend this mana only to cast an creature spell.",  # the article
    "Spend this mana only to cast a instant spell.",
    "Spend this mana only to cast a creature spells.",
    "Spend this mana only to cast a creature spell of the chosen type.",  # the source's chosen type: not read here
    "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be countered.",
    "Spend this mana only to cast artifact spells or activate abilities of artifacts.",  # abilities: not yet
    "Spend this mana only to activate abilities.",
    "Spend this mana only on costs that contain {X}.",
    "Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell.",
    "Spend this mana only to cast an artifact and creature spell.",
    "Spend this mana only to cast kicked spells.",
    "Spend this mana only to cast spells you cast.",
    "Spend this mana only to cast a legendary spell, and that spell can't be countered.",
    "Spend this mana only to cast a creature spell",  # no period
])
def test_near_misses_stay_unread(sentence):
    text = "{T}: Add one mana of any color. " + sentence
    assert spend_only(text) == (text, None)
    assert loop_mana_ability(text) is None
