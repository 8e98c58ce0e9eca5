"""Tokens of family 5, issue 21's token block of oneshot.lark (engine/vocab/oracle/oneshot_tokdefs.py): tokens whose
text quotes abilities, compiled as the token's own rules text (111.4: read only when each compiles and is
executable), tokens created tapped (110.5b), and the players who create them ("Its controller creates", "each player
creates", "each opponent creates": 111.1, 608.2h).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first (reminder text aside, 207.1); the games are tests/data/games/111-4-token-quoted-dies-trigger,
111-4-token-keywords-and-quoted-activated, 110-5b-tapped-token-and-quoted-cant-block, 111-1-its-controller-creates,
111-1-each-player-creates-treasure.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


PEST_DIES = {"text": "When this token dies, you gain 1 life.", "kind": "triggered", "trigger": {"event": "dies"},
             "one_shot": [{"op": "gain_life", "amount": 1}]}
DEVIL_DIES = {"text": "When this token dies, it deals 1 damage to any target.", "kind": "triggered",
              "trigger": {"event": "dies"}, "targets": [{"what": "any"}], "one_shot": [{"op": "damage", "amount": 1}]}

EXAMPLES = [
    ("Pest Summoning", 'Create two 1/1 black and green Pest creature tokens with "When this token dies, you gain 1 life."',
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Pest Token", "amount": 2, "definition": {
         "power": 1, "toughness": 1, "colors": ["black", "green"], "types": ["Creature"], "subtypes": ["Pest"],
         "abilities": [PEST_DIES]}}]}),
    ("Dance with Devils", 'Create two 1/1 red Devil creature tokens. They have "When this token dies, it deals 1 damage '
                          'to any target."',
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Devil Token", "amount": 2, "definition": {
         "power": 1, "toughness": 1, "colors": ["red"], "types": ["Creature"], "subtypes": ["Devil"],
         "abilities": [DEVIL_DIES]}}]}),
    ("Rat Out", 'Up to one target creature gets -1/-1 until end of turn. You create a 1/1 black Rat creature token with '
                '"This token can\'t block."',
     {"kind": "spell", "targets": [{"what": "creature", "up_to": True}],
      "continuous": {"do": [{"op": "modify_pt", "power": -1, "toughness": -1}]},
      "one_shot": [{"op": "create_token", "token": "Rat Token", "definition": {
          "power": 1, "toughness": 1, "colors": ["black"], "types": ["Creature"], "subtypes": ["Rat"],
          "abilities": [{"text": "This token can't block.", "kind": "restriction", "combat": [{"rule": "cant_block"}]}]}}]}),
    ("Dragon Egg", 'When this creature dies, create a 2/2 red Dragon creature token with flying and "{R}: This token '
                   'gets +1/+0 until end of turn."',
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "create_token", "token": "Dragon Token", "keywords": ["flying"], "definition": {
          "power": 2, "toughness": 2, "colors": ["red"], "types": ["Creature"], "subtypes": ["Dragon"],
          "abilities": [{"kind": "activated", "cost": "{R}", "effect": "This token gets +1/+0 until end of turn.",
                         "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 1}]}}]}}]}),
    ("Awakening Zone", 'At the beginning of your upkeep, you may create a 0/1 colorless Eldrazi Spawn creature token. It '
                       'has "Sacrifice this token: Add {C}."',
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "create_token", "token": "Eldrazi Spawn"}]}]}),
    ("Basking Broodscale", 'Whenever one or more +1/+1 counters are put on this creature, you may create a 0/1 colorless '
                           'Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."',
     {"kind": "triggered", "trigger": {"event": "counters_put", "kind": "+1/+1"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "create_token", "token": "Eldrazi Spawn"}]}]}),
    ("Gild", "Exile target creature. Create a Gold token.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "exile"}, {"op": "create_token", "token": "Gold"}]}),
    ("Ognis, the Dragon's Lash", "Whenever a creature you control with haste attacks, create a tapped Treasure token.",
     {"kind": "triggered", "trigger": {"event": "attacks", "subjects": {"types": ["Creature"], "keywords": ["haste"],
                                                                       "controller": "you"}},
      "one_shot": [{"op": "create_token", "token": "Treasure", "tapped": True}]}),
    ("Graveyard Marshal", "{2}{B}, Exile a creature card from your graveyard: Create a tapped 2/2 black Zombie creature "
                          "token.",
     {"kind": "activated", "cost": "{2}{B}, Exile a creature card from your graveyard",
      "effect": "Create a tapped 2/2 black Zombie creature token.",
      "one_shot": [{"op": "create_token", "token": "Zombie", "tapped": True}]}),
    ("Beast Within", "Destroy target permanent. Its controller creates a 3/3 green Beast creature token.",
     {"kind": "spell", "targets": [{"what": "permanent"}],
      "one_shot": [{"op": "destroy"}, {"op": "create_token", "token": "Beast", "who": "target_controller"}]}),
    ("Marching Duodrone", "Whenever this creature attacks, each player creates a Treasure token.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "create_token", "token": "Treasure", "who": "each_player"}]}),
    ("Akroan Horse", "At the beginning of your upkeep, each opponent creates a 1/1 white Soldier creature token.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "create_token", "token": "Soldier", "who": "each_opponent"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None
    for op in want.one_shot:  # 111.4: the token's own abilities are executable too
        for ab in (op.definition.abilities if getattr(op, "definition", None) is not None else ()):
            assert executable_by(ab) is not None


# near misses: a quoted text that does not compile whole, or that names the card; a player the loop can't name;
# words the grammar does not take
NOT_READ = [
    # a quoted ability that doesn't compile (the blocking of Humans), or isn't executable yet
    'Create a 1/1 black Rat creature token with "This token can\'t block or be blocked by Humans."',
    'Create a 1/1 blue Bird creature token with flying and "This token can block only creatures with flying and power 2 '
    'or less."',
    # the card's name inside the quote (201.5a: the creating card, not the token)
    'Create a 1/1 black Rat creature token with "When ~ dies, draw a card."',
    # "and" before a quote after a token with no keyword
    'Create a 1/1 black Rat creature token and "This token can\'t block."',
    # a quote after a token an Equipment is attached to
    'Create a 0/0 black Phyrexian Germ creature token, then attach this Equipment to it. It has "This token can\'t '
    'block."',
    # "It has" after a may of no token; after a may that is followed by "If you do"
    'When this creature enters, you may draw a card. It has "This token can\'t block."',
    'You may pay {1}. If you do, draw a card. It has "This token can\'t block."',
    # "tapped" before a number; a number and its noun disagree
    "Create tapped two Treasure tokens.",
    "Create two tapped Treasure token.",
    # "its controller" after no instruction on one target; another player than these creates the token
    "Draw a card. Its controller creates a Treasure token.",
    "Destroy two target creatures. Its controller creates a 3/3 green Beast creature token.",
    "Target player creates a Treasure token.",
    "Target opponent creates a 1/1 green Hippo creature token.",
    "You creates a Treasure token.",
    # "creates" of "you"
    "Each player create a Food token.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_a_quote_splits_no_sentence():
    # 111.4: the period inside the quote ends no sentence of the effect: "Activate only as a sorcery." is the
    # token's ability's, not the effect's
    found = oneshot.read(bare('Create a 1/1 red Mercenary creature token with "{T}: Target creature you control gets '
                              '+1/+1 until end of turn. Activate only as a sorcery."', ""))
    (op,) = found[0]["one_shot"]
    (ab,) = op["definition"]["abilities"]
    assert ab["kind"] == "activated" and ab["effect"].endswith("Activate only as a sorcery.")
    assert "effect" not in found[0]


def test_the_gold_token_is_the_rules_definition(lib):
    # 111.10c: "A Gold token is a colorless Gold artifact token with "Sacrifice this token: Add one mana of any
    # color."" (a mana ability, 605.1a)
    gold = lib.get("Gold")
    assert gold.token and gold.colors == [] and gold.types == ["Artifact"] and gold.subtypes == ["Gold"]
    assert gold.oracle == "Sacrifice this token: Add one mana of any color."
    (ab,) = gold.abilities
    assert ab.kind == "activated" and ab.mana and ab.display() == gold.oracle and executable_by(ab) is not None
