"""Family 5's triggers, block "triggers (issue 21)" of engine/vocab/oracle/oneshot.lark (reader
engine/vocab/oracle/oneshot_trigmore.py): "When this creature enters or leaves the battlefield" (603.2, 603.6a, 603.6c,
603.10a: one ability, two events; engine/game/triggered.py) and "Whenever you commit a crime" (700.13, the current
official rules past the seed's 702.42; engine/game/crime.py), "Whenever one or more [creature] cards leave your
graveyard" (603.2, 404.2, 601.2a; engine/game/triggered.py, engine/game/gy_leave.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first. The games that execute them: tests/data/games/603-6c-enters-or-leaves-the-battlefield.yaml,
700-13-whenever-you-commit-a-crime.yaml, 700-13-not-a-crime.yaml, 603-2-cards-leave-your-graveyard.yaml (test_games.py).
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


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Aven Riftwatcher',
     'When this creature enters or leaves the battlefield, you gain 2 life.',
     {'kind': 'triggered', 'one_shot': [{'op': 'gain_life', 'amount': 2}],
      'trigger': {'event': 'enters', 'or_event': 'leaves_battlefield'}}),
    ('Cryogen Relic',
     'When this artifact enters or leaves the battlefield, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1}],
      'trigger': {'event': 'enters', 'or_event': 'leaves_battlefield'}}),
    ('Sludge Strider',
     'Whenever another artifact you control enters or leaves the battlefield, you may pay {1}. If you do, target player '
     'loses 1 life and you gain 1 life.',
     {'kind': 'triggered', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'pay', 'cost': '{1}'}],
                    'if_you_do': [{'op': 'lose_life', 'amount': 1, 'who': 'target'}, {'op': 'gain_life', 'amount': 1}]}],
      'trigger': {'event': 'enters', 'subjects': {'types': ['Artifact'], 'controller': 'you', 'other': True},
                  'or_event': 'leaves_battlefield'}}),
    ('Blood Hustler',
     'Whenever you commit a crime, put a +1/+1 counter on this creature. This ability triggers only once each turn.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'commits_crime'}}),
    ('Fuming Effigy',
     'Whenever one or more cards leave your graveyard, this creature deals 1 damage to each opponent.',
     {'kind': 'triggered', 'one_shot': [{'op': 'damage', 'amount': 1, 'to': 'each_opponent'}],
      'trigger': {'event': 'leaves_graveyard', 'subjects': {}}}),
    ('Desecrated Tomb',
     'Whenever one or more creature cards leave your graveyard, create a 1/1 black Bat creature token with flying.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Bat Token', 'definition': {
         'power': 1, 'toughness': 1, 'colors': ['black'], 'types': ['Creature'], 'subtypes': ['Bat']},
         'keywords': ['flying']}],
      'trigger': {'event': 'leaves_graveyard', 'subjects': {'types': ['Creature']}}}),
    ('Deepmuck Desperado',
     'Whenever you commit a crime, each opponent mills three cards. This ability triggers only once each turn.',
     {'kind': 'triggered', 'one_shot': [{'op': 'mill', 'amount': 3, 'who': 'each_opponent'}],
      'trigger': {'event': 'commits_crime'}}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever this creature or another creature enters or leaves the battlefield, draw a card.",  # 'this or another'
    "Whenever enchanted creature enters or leaves the battlefield, draw a card.",  # the attached object
    "When this creature enters or leaves the battlefield, put a +1/+1 counter on it.",  # "it": gone as it leaves
    "When this creature enters or leaves play, draw a card.",
    "Whenever an opponent commits a crime, draw a card.",  # an opponent's crime: no such trigger in the loop
    "Whenever you commit a crime during your turn, draw a card.",
    "Whenever you commit two crimes, draw a card.",
    "Whenever one or more cards leave your graveyard during your turn, draw a card.",  # a turn condition: not read
    "Whenever one or more permanent cards leave your graveyard, draw a card.",
    "Whenever one or more cards leave an opponent's graveyard, draw a card.",
    "Whenever a card leaves your graveyard, draw a card.",  # one trigger for each card: not this event
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_or_leaves_is_of_enters_only():
    """603.2: 'leaves_battlefield' as the second event of one ability belongs to an enters trigger."""
    from engine.vocab.triggers import ZoneTrigger

    assert ZoneTrigger(event="enters", or_event="leaves_battlefield").or_event == "leaves_battlefield"
    with pytest.raises(ValueError):
        ZoneTrigger(event="dies", or_event="leaves_battlefield")
    with pytest.raises(ValueError):
        ZoneTrigger(event="commits_crime", subjects={"types": ["Creature"]})
    with pytest.raises(ValueError):  # (the cards are in the graveyard: no zone, and a selector always)
        ZoneTrigger(event="leaves_graveyard")
    with pytest.raises(ValueError):
        ZoneTrigger(event="leaves_graveyard", subjects={"zone": "graveyard"})


def test_is_crime_reads_each_kind_of_target():
    """700.13: an opponent, a permanent an opponent controls, a spell an opponent controls, a card in an opponent's
    graveyard; not the player themselves, their own permanents, spells, graveyard cards."""
    from types import SimpleNamespace as O

    from engine.game.crime import is_crime

    objects = {"p1": O(zone="battlefield", controller="bob", owner="alice"),
               "p2": O(zone="battlefield", controller="alice", owner="bob"),
               "s1": O(zone="stack", controller="bob", owner="bob"),
               "g1": O(zone="graveyard", controller="alice", owner="bob"),
               "g2": O(zone="graveyard", controller="bob", owner="alice"),
               "h1": O(zone="hand", controller="bob", owner="bob")}
    state = O(player_names=["alice", "bob"], objects=objects)
    layers = O(objects={"p1": {"controller": "bob"}, "p2": {"controller": "alice"}})
    for crime in (["bob"], ["p1"], ["s1"], ["g1"], ["alice", "p1"]):
        assert is_crime(state, layers, crime, "alice"), crime
    for none in ([], ["alice"], ["p2"], ["g2"], ["h1"]):
        assert not is_crime(state, layers, none, "alice"), none
