"""Predefined tokens (111.10, issue 21): the Powerstone, Junk and Shard (111.10h, 111.10t, 111.10e:
token definitions of the card library, engine/cards/{powerstone,junk,shard}.yaml); the Cursed, Monster, Royal, Sorcerer
and Virtuous Roles (111.10j-p: Aura tokens created attached to a target creature, oneshot_roles.py; 704.5y, 303.7a: the
game loop's engine/game/roles.py) and its mana's restriction "This mana can't be spent to cast a nonartifact
spell." (106.6: read by engine/vocab/oracle/spend_only.py as the spells "artifact spells" that mana may pay for, and
anything that is not casting a spell: engine/game/spend_only.py). Games: tests/data/games/111-10h-*.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first (reminder text aside, 207.1).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.activation import loop_mana_ability, spend_only, spends_elsewhere
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
POWERSTONE = "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."
JUNK = ("{T}, Sacrifice this token: Exile the top card of your library. You may play that card this turn. Activate only "
        "as a sorcery.")
SHARD = "{2}, Sacrifice this token: Scry 1, then draw a card."


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Stone Retrieval Unit", "When this creature enters, create a tapped Powerstone token.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Powerstone", "tapped": True}]}),
    ("Powerstone Engineer", "When this creature dies, create a tapped Powerstone token.",
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "create_token", "token": "Powerstone", "tapped": True}]}),
    ("Break Down", "Destroy target artifact or enchantment. Create a Junk token.",
     {"kind": "spell", "targets": [{"what": "permanent", "types": ["Artifact", "Enchantment"]}],
      "one_shot": [{"op": "destroy"}, {"op": "create_token", "token": "Junk"}]}),
    ("Charmed Clothier", "When this creature enters, create a Royal Role token attached to another target creature you "
                         "control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "you",
                                                                        "other": True}],
      "one_shot": [{"op": "create_token", "token": "Royal", "attached_to_target": True}]}),
    ("Spiteful Hexmage", "When this creature enters, create a Cursed Role token attached to target creature you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "you"}],
      "one_shot": [{"op": "create_token", "token": "Cursed", "attached_to_target": True}]}),
]
_ROLE = "(If you control another Role on it, put that one into the graveyard. "
# the reminder text of each example: the definition's ability (111.10h, 111.10t)
REMINDERS = {"Stone Retrieval Unit": f'(It\'s an artifact with "{POWERSTONE}")',
             "Powerstone Engineer": f'(It\'s an artifact with "{POWERSTONE}")',
             "Break Down": f'(It\'s an artifact with "{JUNK}")',
             "Charmed Clothier": _ROLE + "Enchanted creature gets +1/+1 and has ward {1}.)",
             "Spiteful Hexmage": _ROLE + "Enchanted creature is 1/1.)"}


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    assert REMINDERS[name] in record.oracle
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_the_powerstone_is_the_rules_definition(lib):
    # 111.10h: a colorless Powerstone artifact token with "{T}: Add {C}. This mana can't be spent to cast a
    # nonartifact spell.", a mana ability (605.1a) the loop activates with its mana restricted (106.6)
    card = lib.get("Powerstone")
    assert card.token and card.colors == [] and card.types == ["Artifact"] and card.subtypes == ["Powerstone"]
    assert card.oracle == POWERSTONE and [a.display() for a in card.abilities] == [POWERSTONE]
    (ab,) = card.abilities
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(POWERSTONE) is not None


@pytest.mark.parametrize("name, kind, text, card", [("Junk", "Artifact", JUNK, "Break Down"),
                                                   ("Shard", "Enchantment", SHARD, "Niko, Light of Hope")])
def test_junk_and_shard_are_the_rules_definitions(db, lib, name, kind, text, card):
    # 111.10t: a colorless Junk artifact token; 111.10e: a colorless Shard enchantment token; with that ability (the
    # database's reminder text says it too), which the compiler reads as the file encodes it
    token = lib.get(name)
    assert token.token and token.colors == [] and token.types == [kind] and token.subtypes == [name]
    assert token.oracle == text and [a.display() for a in token.abilities] == [text]
    assert compile_paragraph(text, name) == list(token.abilities)
    assert all(executable_by(a) is not None for a in token.abilities)
    assert f'with "{text}")' in db.get(card).oracle


ROLES = {"Cursed": "Enchanted creature has base power and toughness 1/1.",
         "Monster": "Enchanted creature gets +1/+1 and has trample.",
         "Royal": "Enchanted creature gets +1/+1 and has ward {1}.",
         "Sorcerer": 'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, scry 1."',
         "Virtuous": "Enchanted creature gets +1/+1 for each enchantment you control."}


@pytest.mark.parametrize("name", sorted(ROLES))
def test_the_roles_are_the_rules_definitions(lib, name):
    # 111.10j-p: a colorless Aura Role enchantment token named after the Role, with enchant creature and that ability
    card = lib.get(name)
    assert card.token and card.colors == [] and card.types == ["Enchantment"] and card.subtypes == ["Aura", "Role"]
    assert card.oracle == "Enchant creature\n" + ROLES[name]
    assert [a.display() for a in card.abilities][1:] == [ROLES[name]]
    assert compile_paragraph(ROLES[name], name) == list(card.abilities)[1:]
    assert all(executable_by(a) is not None for a in card.abilities)


def test_the_restriction_is_read():
    text, rule = spend_only(POWERSTONE)
    assert text == "{T}: Add {C}." and rule.spells.model_dump(exclude_defaults=True, by_alias=True) == {"types": ["Artifact"]}
    assert spends_elsewhere(POWERSTONE) and rule.elsewhere and rule.abilities is None
    # "Spend this mana only to cast ...": that mana pays for nothing else (not an ability's cost)
    assert not spends_elsewhere("{T}: Add {C}. Spend this mana only to cast artifact spells.")


# near misses: a sentence the reader doesn't consume stays, and the mana ability is not the loop's (never half-read)
NOT_READ = [
    "{T}: Add {C}. This mana can't be spent to cast nonland spells.",
    "{T}: Add {C}. This mana can't be spent to cast a noncreature spell.",
    "{T}: Add {C}. This mana can't be spent to activate abilities.",
    "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell or activate abilities.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert spend_only(paragraph) == (paragraph, None) and not spends_elsewhere(paragraph)
    assert loop_mana_ability(paragraph) is None


@pytest.mark.parametrize("paragraph", ["Create a tapped Powerstone tokens.", "Create two tapped Powerstone token.",
                                       "Create a tapped Powerstones token.", "Create a Junk tokens.",
                                       "Create a Shard artifact token.", "Create a Junk Shard token.",
                                       # a Role the library doesn't define (the Wicked's dies trigger of a noncreature,
                                       # the Young Hero's granted trigger are not read), on something else than one
                                       # target creature, or of an "up to one" target
                                       "Create a Wicked Role token attached to target creature you control.",
                                       "Create a Young Hero Role token attached to target creature you control.",
                                       "Create a Huntsman Role token attached to target creature you control.",
                                       "Create a Monster Role token attached to target artifact.",
                                       "Create a Monster Role token attached to two target creatures.",
                                       "Create a Monster Role token attached to up to one target creature you control.",
                                       "Create a Monster Role token attached to it.",
                                       "Create two Monster Role tokens attached to target creature."])
def test_create_not_read(paragraph):
    assert compile_paragraph(paragraph, "Xyzzy") is None
