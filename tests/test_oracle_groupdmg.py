"""Family 5's combat triggers on groups (engine/vocab/oracle/oneshot.lark's block "combat triggers on groups (issue
21)", reader engine/vocab/oracle/oneshot_groupdmg.py): "Whenever one or more creatures you control deal combat damage to
a player" (510.2, 603.2: one trigger for each player dealt combat damage in a combat damage step, "that player" that
player), "... to one or more players" (one trigger for the step, no "that player"), "Whenever you attack with three or
more creatures" (508.2a, 603.2: once, when at least that many creatures you control are declared as attackers; the
combat program, asp_rules/attack.lp's trigger_at_least/2).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/510-2-one-or-more-creatures-deal-combat-damage-each-
player.yaml, 508-2a-attack-with-three-or-more-creatures.yaml, 508-2a-attack-with-two-not-three-creatures.yaml
(test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
YOURS = {'types': ['Creature'], 'controller': 'you'}
GROUP = {'event': 'deals_damage', 'combat': True, 'to_player': True, 'subjects': YOURS, 'one_or_more': 'each_player'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Professional Face-Breaker',
     'Whenever one or more creatures you control deal combat damage to a player, create a Treasure token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Treasure', 'amount': 1}], 'trigger': GROUP}),
    ('Overwhelming Instinct',
     'Whenever you attack with three or more creatures, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}],
      'trigger': {'event': 'attacks', 'subjects': YOURS, 'once': True, 'at_least': 3}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_one_or_more_players_once_and_that_player():
    """510.2: "to one or more players" triggers once (no one player: "that player" is not read); "to a player" names
    that player."""
    [ab] = oneshot.read(bare("Whenever one or more creatures you control deal combat damage to one or more players, "
                             "proliferate.", ""))
    assert ab["trigger"] == dict(GROUP, one_or_more="once")
    [ab] = oneshot.read(bare("Whenever one or more creatures you control deal combat damage to a player, that player "
                             "discards a card.", ""))
    assert ab["one_shot"] == [{"op": "discard", "amount": 1, "who": "that_player"}] and ab["trigger"] == GROUP


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever one or more creatures you control deal combat damage to one or more players, that player discards a card.",
    "Whenever you attack with one or more creatures, draw a card.",  # (said "Whenever you attack")
    "Whenever one or more creatures you control deal combat damage to a creature, draw a card.",
    "Whenever one or more creatures deal combat damage to a player, draw a card.",  # anyone's
    "Whenever you attack with three or more Goblins, draw a card.",  # a subtype
    "Whenever you attack with three or more creatures, destroy that creature.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
