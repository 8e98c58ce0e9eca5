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
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


def _fields(sel) -> dict | None:
    return None if sel is None else sel.model_dump(exclude_defaults=True, by_alias=True)


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
    text, rule = spend_only(paragraph)
    assert text == paragraph.split(" Spend this mana")[0] and _fields(rule.spells) == spells and rule.abilities is None
    assert loop_mana_ability(paragraph) is not None


@pytest.mark.parametrize("sentence,spells", [
    ("Spend this mana only to cast noncreature spells.", {"not_types": ["Creature"]}),
    ("Spend this mana only to cast a noncreature spell.", {"not_types": ["Creature"]}),
    ("Spend this mana only to cast spells.", {}),
    ("Spend this mana only to cast creature spells.", {"types": ["Creature"]}),
    ("Spend this mana only to cast Dragon spells.", {"subtypes": ["Dragon"]}),
    ("Spend this mana only to cast a Pilot or Vehicle spell.",  # Mech Hangar
     {"any_of": [{"subtypes": ["Pilot"]}, {"subtypes": ["Vehicle"]}]}),
    ("Spend this mana only to cast an Elf creature spell.", {"types": ["Creature"], "subtypes": ["Elf"]}),
    ("Spend this mana only to cast legendary spells.", {"supertypes": ["Legendary"]}),
])
def test_templates(sentence, spells):
    text, rule = spend_only("{T}: Add {C}. " + sentence)
    assert text == "{T}: Add {C}." and _fields(rule.spells) == spells and rule.abilities is None


@pytest.mark.parametrize("sentence", [
    "Spend this mana only to cast an creature spell.",  # the article
    "Spend this mana only to cast a instant spell.",
    "Spend this mana only to cast a creature spells.",
    "Spend this mana only on costs that contain {X}.",
    "Spend this mana only to cast an artifact and creature spell.",
    "Spend this mana only to cast kicked spells.",
    "Spend this mana only to cast spells you cast.",
    "Spend this mana only to cast a creature spell",  # no period
])
def test_near_misses_stay_unread(sentence):
    text = "{T}: Add one mana of any color. " + sentence
    assert spend_only(text) == (text, None)
    assert loop_mana_ability(text) is None


# 602.2b (106.6): activated abilities: the sources whose abilities the mana may pay for ({}: any source)
ART = {"types": ["Artifact"]}


@pytest.mark.parametrize("name,paragraph,spells,abilities", [
    ("Dalakos, Crafter of Wonders",
     "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.", ART, ART),
    ("Oaken Siren", "{T}: Add {U}. Spend this mana only to cast an artifact spell or activate an ability of an "
                    "artifact source.", ART, ART),
    ("Omen Hawker", "{T}: Add {C}{U}. Spend this mana only to activate abilities.", None, {}),
    ("Purple Dragon Punks", "{T}: Add {R}. Spend this mana only to cast an artifact spell or to activate an ability.",
     ART, {}),
    ("Automated Artificer", "{T}: Add {C}. Spend this mana only to activate an ability or cast an artifact spell.",
     ART, {}),
    ("Soldevi Machinist", "{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts.", None, ART),
    ("Steelswarm Operator", "{T}: Add {U}{U}. Spend this mana only to activate abilities of artifact sources.",
     None, ART),
    ("Flamebraider", "{T}: Add two mana in any combination of colors. Spend this mana only to cast Elemental spells "
                     "or activate abilities of Elemental sources.", {"subtypes": ["Elemental"]}, {"subtypes": ["Elemental"]}),
    ("Smokebraider", "{T}: Add two mana in any combination of colors. Spend this mana only to cast Elemental spells "
                     "or activate abilities of Elementals.", {"subtypes": ["Elemental"]}, {"subtypes": ["Elemental"]}),
    ("Myr Reservoir", "{T}: Add {C}{C}. Spend this mana only to cast Myr spells or activate abilities of Myr.",
     {"subtypes": ["Myr"]}, {"subtypes": ["Myr"]}),
    ("Ixalli's Lorekeeper", "{T}: Add one mana of any color. Spend this mana only to cast a Dinosaur spell or "
                            "activate an ability of a Dinosaur source.", {"subtypes": ["Dinosaur"]}, {"subtypes": ["Dinosaur"]}),
    ("Secluded Courtyard", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
                           "chosen type or activate an ability of a creature source of the chosen type.",
     {"types": ["Creature"], "chosen_creature_type": True}, {"types": ["Creature"], "chosen_creature_type": True}),
    ("Base Camp", "{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard "
                  "spell or to activate an ability of a Cleric, Rogue, Warrior, or Wizard.",
     {"any_of": [{"subtypes": [s]} for s in ("Cleric", "Rogue", "Warrior", "Wizard")]},
     {"any_of": [{"subtypes": [s]} for s in ("Cleric", "Rogue", "Warrior", "Wizard")]}),
    # the spells only: the source's chosen type (614.12), lists (the union of their members)
    ("Unclaimed Territory", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
                            "chosen type.", {"types": ["Creature"], "chosen_creature_type": True}, None),
    ("Cormela, Glamour Thief", "{1}, {T}: Add {U}{B}{R}. Spend this mana only to cast instant and/or sorcery spells.",
     {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, None),
    ("Master of Dark Rites", "{T}, Sacrifice another creature: Add {B}{B}{B}. Spend this mana only to cast Vampire, "
                             "Cleric, and/or Demon spells.",
     {"any_of": [{"subtypes": [s]} for s in ("Vampire", "Cleric", "Demon")]}, None),
    ("Intrepid Stablemaster", "{T}: Add two mana of any one color. Spend this mana only to cast Mount or Vehicle "
                              "spells.", {"any_of": [{"subtypes": ["Mount"]}, {"subtypes": ["Vehicle"]}]}, None),
    ("Chandra's Embercat", "{T}: Add {R}. Spend this mana only to cast an Elemental spell or a Chandra planeswalker "
                           "spell.", {"any_of": [{"subtypes": ["Elemental"]},
                                                 {"types": ["Planeswalker"], "subtypes": ["Chandra"]}]}, None),
])
def test_database_abilities_and_lists(db, name, paragraph, spells, abilities):
    """106.6, 602.2b: the mana ability is the loop's; its mana pays for the spells and the sources' abilities read."""
    card = card_file(db.get(name))
    (ab,) = [a for a in card.abilities if a.display() == paragraph]
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    assert all(executable_by(a) is not None for a in card.abilities)
    text, rule = spend_only(paragraph)
    assert text == paragraph.split(" Spend this mana")[0] and not rule.elsewhere
    assert (_fields(rule.spells), _fields(rule.abilities)) == (spells, abilities)


@pytest.mark.parametrize("sentence", [
    "Spend this mana only to activate an ability of artifacts.",  # the article: "abilities of artifacts"
    "Spend this mana only to activate abilities of an artifact source.",
    "Spend this mana only to activate an ability of an artifact sources.",
    "Spend this mana only to activate an ability of a artifact source.",
    "Spend this mana only to activate power-up abilities.",  # a kind of ability: not read
    "Spend this mana only to activate an equip ability.",
    "Spend this mana only to activate abilities of creatures you control.",
    "Spend this mana only to activate abilities of artifacts of the chosen type.",
    "Spend this mana only to cast a Dragon spell or an Omen spell.",  # "Omen": not a subtype
    "Spend this mana only to cast red, green spells.",  # a list needs its "or"
    "Spend this mana only to cast an artifact spell or unlock a door.",
    "Spend this mana only to cast a colorless spell, activate an ability of a colorless permanent, or pay a cost that "
    "contains {C}.",
    "Spend this mana only to pay cumulative upkeep costs.",
    "Spend this mana only to cast instant and/or sorcery spells you cast.",
    "Spend this mana only to cast spells of the chosen type.",
    "Spend this mana only to cast Vampire, Cleric, and Demon spells.",
    "Spend this mana only to activate abilities, and that spell can't be countered.",  # "that spell": spells only
    "Spend this mana only to cast artifact spells or activate abilities of artifacts, and that spell can't be countered.",
    "Spend this mana only to cast a creature spell and that spell can't be countered.",  # the comma
    "Spend this mana only to cast a creature spell, and that spell can't be countered by spells.",
])
def test_ability_near_misses_stay_unread(sentence):
    text = "{T}: Add one mana of any color. " + sentence
    assert spend_only(text) == (text, None)
    assert loop_mana_ability(text) is None


@pytest.mark.parametrize("name,paragraph,spells", [
    ("Cavern of Souls", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen "
                        "type, and that spell can't be countered.", {"types": ["Creature"], "chosen_creature_type": True}),
    ("Delighted Halfling", "{T}: Add one mana of any color. Spend this mana only to cast a legendary spell, and that "
                           "spell can't be countered.", {"supertypes": ["Legendary"]}),
])
def test_database_uncounterable(db, name, paragraph, spells):
    """106.6: the additional effect on the spell the mana is spent on ("and that spell can't be countered", 101.2)."""
    card = card_file(db.get(name))
    assert all(executable_by(a) is not None for a in card.abilities)
    text, rule = spend_only(paragraph)
    assert text == paragraph.split(" Spend this mana")[0] and _fields(rule.spells) == spells
    assert rule.uncounterable and rule.abilities is None and not rule.elsewhere


# 106.6 after the one instruction adding mana of a spell, a loyalty ability or a trigger (oneshot_spendonly.py)
@pytest.mark.parametrize("name,paragraph,options,spend", [
    ("Geosurge", "Add {R}{R}{R}{R}{R}{R}{R}. Spend this mana only to cast artifact or creature spells.",
     ["{R}{R}{R}{R}{R}{R}{R}"], {"spells": {"any_types": ["Artifact", "Creature"]}}),
    ("Abstract Paintmage", "At the beginning of your first main phase, add {U}{R}. Spend this mana only to cast "
                           "instant and sorcery spells.", ["{U}{R}"], {"spells": {"any_types": ["Instant", "Sorcery"]}}),
])
def test_database_one_shots(db, name, paragraph, options, spend):
    card = card_file(db.get(name))
    (ab,) = [a for a in card.abilities if a.display() == paragraph]
    assert executable_by(ab) is not None
    (op,) = ab.one_shot
    assert op.op == "add_mana_choice" and op.options == options
    assert op.spend_only.model_dump(exclude_defaults=True, by_alias=True) == spend


def test_loyalty_ability_adds_restricted_mana(db):
    card = card_file(db.get("Sarkhan, Fireblood"))
    (ab,) = [a for a in card.abilities if "Dragon spells" in a.display()]
    (op,) = ab.one_shot
    assert len(op.options) == 15 and _fields(op.spend_only.spells) == {"subtypes": ["Dragon"]}


@pytest.mark.parametrize("paragraph", [
    "Add {R}{R}. Spend this mana only on costs that contain {X}.",
    "Add {R}{R}. Spend this mana only to cast kicked spells.",
    "Spend this mana only to cast creature spells.",  # after no instruction adding mana
    "Add {R}{R}. Draw a card. Spend this mana only to cast creature spells.",  # not after the one adding it
    "Add {R}{R}. Spend this mana only to cast creature spells. Spend this mana only to cast artifact spells.",
    "Add {R}{R}. This mana can't be spent to cast a nonartifact spell.",
])
def test_one_shot_near_misses(paragraph):
    assert compile_paragraph(paragraph, "Test Card") is None
