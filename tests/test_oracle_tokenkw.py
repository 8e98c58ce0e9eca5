"""Keyword abilities of the tokens an effect creates (oneshot.lark's os_token_keywords, read by
engine/vocab/oracle/oneshot_tokdefs.py): besides the evasion and damage keywords of os_keywords, a creature token's
text may give it prowess (702.108a), changeling (702.73a), decayed (702.147a) or infect (702.90a) (111.4: part of its
copiable values), and, to a token the text defines, toxic N (702.164a), annihilator N (702.86a) or a landwalk (702.14a),
compiled as a card's keyword line into its `definition.abilities`. Decayed is executed as its two abilities: "This creature can't block" (the keyword's combat
restriction, engine/vocab/cardfile.py's KeywordAbility.combat, 509.1b) and "When this creature attacks, sacrifice it at
end of combat" (its definition in words, engine/vocab/oracle/keyword_rules.py, 603.7). And tokens in the number of the
damage the triggering event dealt, "create that many ... tokens" (603.2: amount that_many; oneshot.lark's
os_create_that_many, read by engine/vocab/oracle/oneshot_tokcount.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first (reminder text aside, 207.1). The games: tests/data/games/702-147a-decayed-token.yaml,
111-4-token-prowess-changeling.yaml, 111-4-token-toxic-and-islandwalk.yaml and
603-2-create-that-many-tokens.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, KeywordAbility, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _defined(name, power, toughness, colors, subtypes, keywords, amount=1):
    op = {"op": "create_token", "token": f"{name} Token", "amount": amount, "keywords": keywords,
          "definition": {"power": power, "toughness": toughness, "colors": colors, "types": ["Creature"],
                         "subtypes": subtypes}}
    return op


EXAMPLES = [
    # the library's Zombie (a 2/2 black Zombie) with decayed
    ("Rotten Reunion", "Exile up to one target card from a graveyard. Create a 2/2 black Zombie creature token with "
                       "decayed.",
     {"kind": "spell", "targets": [{"what": "card", "up_to": True}],
      "one_shot": [{"op": "exile"},
                   {"op": "create_token", "token": "Zombie", "amount": 1, "keywords": ["decayed"]}]}),
    ("Hobbling Zombie", "When this creature dies, create a 2/2 black Zombie creature token with decayed.",
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "create_token", "token": "Zombie", "amount": 1, "keywords": ["decayed"]}]}),
    ("Birthing Boughs", "{4}, {T}: Create a 2/2 colorless Shapeshifter creature token with changeling.",
     {"kind": "activated", "cost": "{4}, {T}", "effect": "Create a 2/2 colorless Shapeshifter creature token with "
                                                         "changeling.",
      "one_shot": [_defined("Shapeshifter", 2, 2, [], ["Shapeshifter"], ["changeling"])]}),
    ("Goblin Wizardry", "Create two 1/1 red Goblin Wizard creature tokens with prowess.",
     {"kind": "spell", "one_shot": [_defined("Goblin Wizard", 1, 1, ["red"], ["Goblin", "Wizard"], ["prowess"], 2)]}),
    ("Monastery Mentor", "Whenever you cast a noncreature spell, create a 1/1 white Monk creature token with prowess.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": {"not_types": ["Creature"]}},
      "one_shot": [_defined("Monk", 1, 1, ["white"], ["Monk"], ["prowess"])]}),
    # a keyword with its parameter: the defined token's `definition.abilities`
    # (tests/data/games/111-4-token-toxic-and-islandwalk.yaml)
    ("Basilica Shepherd", 'When this creature enters, create two 1/1 colorless Phyrexian Mite artifact creature tokens '
                          'with toxic 1 and "This token can\'t block."',
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Phyrexian Mite Token", "amount": 2, "definition": {
          "power": 1, "toughness": 1, "colors": [], "types": ["Artifact", "Creature"], "subtypes": ["Phyrexian", "Mite"],
          "abilities": [{"kind": "keyword", "keyword": "toxic", "n": 1},
                        {"text": "This token can't block.", "kind": "restriction", "combat": [{"rule": "cant_block"}]}]}}]}),
    ("Coral Barrier", "When this creature enters, create a 1/1 blue Squid creature token with islandwalk.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Squid Token", "amount": 1, "definition": {
          "power": 1, "toughness": 1, "colors": ["blue"], "types": ["Creature"], "subtypes": ["Squid"],
          "abilities": [{"kind": "keyword", "keyword": "landwalk", "quality": "Island"}]}}]}),
    # 603.2: "that many", the damage the triggering event dealt (tests/data/games/603-2-create-that-many-tokens.yaml)
    ("Old Gnawbone", "Whenever a creature you control deals combat damage to a player, create that many Treasure "
                     "tokens.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "subjects": {"types": ["Creature"], "controller": "you"},
                                       "combat": True, "to_player": True},
      "one_shot": [{"op": "create_token", "token": "Treasure", "amount": "that_many"}]}),
    ("Broodhatch Nantuko", "Whenever this creature is dealt damage, you may create that many 1/1 green Insect creature "
                           "tokens.",
     {"kind": "triggered", "trigger": {"event": "dealt_damage"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "create_token", "token": "Insect", "amount": "that_many"}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    text = {"text": paragraph} if expected["kind"] != "activated" else {}
    want = ABILITY.validate_python(dict(expected, **text))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_decayed_is_its_two_abilities():
    """702.147a: decayed's restriction (509.1b: it can't block) and its attack trigger (the definition in words)."""
    kw = KeywordAbility(kind="keyword", keyword="decayed")
    assert [r.model_dump(exclude_defaults=True) for r in kw.combat] == [{"rule": "cant_block", "subjects": {"self_": True}}]
    by = executable_by(kw)
    assert by is not None and "702.147a" in by and "attack/block (508.1, 509.1)" in by


# near misses: a keyword the token's `keywords` (words only, no parameter) or the loop can't say, or no creature token
NOT_READ = [
    'Create a 2/2 red Soldier creature token with provoke.',  # a keyword no program executes
    'Create a 1/1 red Dragon creature token with flying and devour 2.',  # (its replacement as the token enters)
    'Create a 1/1 colorless Phyrexian Mite artifact creature token with toxic 10.',
    'Create a 2/2 green Cat Warrior creature token with desertwalk.',  # no land type of 702.14c's
    'Create a Treasure token with decayed.',  # a predefined token (111.10) is no token the text defines
    'Create a 1/1 white Soldier creature token with bushido 1.',
    # "that many" of no damage dealt by the triggering event (603.2): the cards discarded, the creatures sacrificed
    'Whenever you discard one or more cards, create that many tapped 2/2 black Zombie creature tokens.',
    'Sacrifice all creatures you control, then create that many 4/4 red Hellion creature tokens.',
    'Create that many 1/1 green Insect creature tokens.',
    'Whenever this creature deals combat damage to a player, create that many 1/1 green Insect creature token.',
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
