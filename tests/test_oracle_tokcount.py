"""Tokens created in a counted number (engine/vocab/oracle/oneshot_tokcount.py, oneshot.lark's block "token counts"):
"create a 1/1 ... token for each [objects]" (111.1, 608.2h: the objects counted once as the instruction resolves), and
"Create X ... tokens" of a spell (107.3a, 601.2b). The cards are the card database's; the games are
tests/data/games/608-2h-token-for-each.yaml and 107-3a-create-x-tokens.yaml."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)

EXAMPLES = [
    ("Elven Ambush", "Create a 1/1 green Elf Warrior creature token for each Elf you control.",
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Elf Warrior",
                                     "amount": {"count": {"subtypes": ["Elf"], "controller": "you"}}}]}),
    ("Avenger of Zendikar", "When this creature enters, create a 0/1 green Plant creature token for each land you "
                            "control.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Plant Token",
                    "definition": {"power": 0, "toughness": 1, "colors": ["green"], "types": ["Creature"],
                                   "subtypes": ["Plant"]},
                    "amount": {"count": {"types": ["Land"], "controller": "you"}}}]}),
    ("Decree of Justice", "Create X 4/4 white Angel creature tokens with flying.",
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Angel", "amount": "x"}]}),
]


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


NEAR_MISSES = [
    # a plural noun after "a"
    "Create a 1/1 green Elf Warrior creature tokens for each Elf you control.",
    # a count of players, not of objects (no selector of the vocabulary counts them here)
    "When this creature enters, create a Treasure token for each opponent you have.",
    # "for each" of something else than objects on the battlefield or cards in one's own graveyard or hand
    "Create a 1/1 green Insect creature token for each counter removed this way.",
    "Create a 1/1 white Soldier creature token for each permanent exiled this way.",
    # a number of tokens for each ("two ... tokens for each")
    "Create two 1/1 green Elf Warrior creature tokens for each Elf you control.",
    # "They have" after a count: not read
    'Create a 1/1 green Elf Warrior creature token for each Elf you control. It has "{T}: Add {G}."',
    # X of an ability without {X} in its cost (107.3a: announced for a spell or such a cost only), or X defined by the text
    "{3}, {T}: Create X 1/1 white Soldier creature tokens.",
    "When this enchantment enters, create X 1/1 colorless Hero creature tokens.",
    "Create X 1/1 green Saproling creature tokens, where X is that creature's mana value.",
    # a singular noun after X
    "Create X 4/4 white Angel creature token with flying.",
]


@pytest.mark.parametrize("paragraph", NEAR_MISSES)
def test_near_misses_do_not_compile(paragraph):
    assert not compile_paragraph(paragraph, "Foo")
