"""Family 5's more trigger conditions (engine/vocab/oracle/trigevents.lark, reader
engine/vocab/oracle/oneshot_trigevents.py): a permanent's becoming untapped (inspired, 603.2e), a creature's attacking
with at least N others (battalion, 508.2a: asp_rules/attack.lp's trigger_others_at_least/2), a creature's exploiting a
creature (702.110b: engine/game/exploit.py, read before the sacrifice, 603.10a), a creature dealt damage by the source
this turn dying (120.3: engine/game/damaged_by.py), a permanent's becoming a target for the first time in the turn
(valiant, 115.1: engine/game/targeted.py), a land's entering untapped (603.6a), its controller's first life gain of the
turn (119.9), the second main phase (survival, 505.1a-b), cards discarded at once (701.9: engine/game/batches.py),
"cycle or discard another card" (701.9), "another creature enters under your control" (alliance, 603.6a) and a
creature's exploring (701.44b: engine/game/library_ops.py), its controller's losing life during their turn (119.3).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/603-2e-inspired-becomes-untapped.yaml,
508-2a-battalion-attacks-with-two-others.yaml, 508-2a-battalion-one-other-attacker.yaml,
702-110b-exploit-sacrifices-a-creature.yaml, 702-110b-exploit-sacrifices-itself.yaml, 702-110b-exploit-declined.yaml,
120-3-dealt-damage-by-this-creature-dies.yaml, 603-2e-valiant-first-time-each-turn.yaml,
603-6a-enters-untapped-trigger.yaml, 603-6a-enters-tapped-no-trigger.yaml,
119-9-gain-life-for-the-first-time-each-turn.yaml, 505-1b-survival-second-main-phase.yaml,
701-9-discard-one-or-more-artifact-cards.yaml, 701-9-discard-no-artifact-card.yaml,
701-44b-whenever-a-creature-you-control-explores.yaml, 119-3-lose-life-during-your-turn.yaml.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.game import batches
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
COUNTER_SELF = [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}]


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Oreskos Sun Guide', 'Inspired — Whenever this creature becomes untapped, you gain 2 life.',
     {'kind': 'triggered', 'one_shot': [{'op': 'gain_life', 'amount': 2}], 'trigger': {'event': 'becomes_untapped'}}),
    ('Boros Elite', 'Battalion — Whenever this creature and at least two other creatures attack, this creature gets '
                    '+2/+2 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2,
                                                                                  'toughness': 2}]},
      'trigger': {'event': 'attacks', 'others_at_least': 2}}),
    ('Silumgar Butcher', 'When this creature exploits a creature, target creature gets -3/-3 until end of turn.',
     {'kind': 'triggered', 'continuous': {'do': [{'op': 'modify_pt', 'power': -3, 'toughness': -3}]},
      'targets': [{'what': 'creature'}], 'trigger': {'event': 'exploits'}}),
    ('Colonel Autumn', 'Whenever a creature you control exploits a creature, put a +1/+1 counter on each creature you '
                       'control.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters_each', 'kind': '+1/+1', 'amount': 1,
                                         'each': {'types': ['Creature'], 'controller': 'you'}}],
      'trigger': {'event': 'exploits', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Sengir Vampire', 'Whenever a creature dealt damage by this creature this turn dies, put a +1/+1 counter on this '
                       'creature.',
     {'kind': 'triggered', 'one_shot': COUNTER_SELF,
      'trigger': {'event': 'dies', 'subjects': {'types': ['Creature']}, 'damaged_by_source': True}}),
    ('Heartfire Hero', 'Valiant — Whenever this creature becomes the target of a spell or ability you control for the '
                       'first time each turn, put a +1/+1 counter on it.',
     {'kind': 'triggered', 'one_shot': COUNTER_SELF,
      'trigger': {'event': 'becomes_target', 'player': 'you', 'first_each_turn': True}}),
    ('Angelic Cub', 'Whenever this creature becomes the target of a spell or ability for the first time each turn, put '
                    'a +1/+1 counter on it.',
     {'kind': 'triggered', 'one_shot': COUNTER_SELF, 'trigger': {'event': 'becomes_target', 'first_each_turn': True}}),
    ('Dwarven Mine', 'When this land enters untapped, create a 1/1 red Dwarf creature token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Dwarf Token', 'definition': {
         'power': 1, 'toughness': 1, 'colors': ['red'], 'types': ['Creature'], 'subtypes': ['Dwarf']}}],
      'trigger': {'event': 'enters', 'enters_untapped': True}}),
    ('Attended Healer', 'Whenever you gain life for the first time each turn, create a 1/1 white Cat creature token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Cat'}],
      'trigger': {'event': 'gain_life', 'first_each_turn': True}}),
    ('Cautious Survivor', 'Survival — At the beginning of your second main phase, if this creature is tapped, you gain '
                          '2 life.',
     {'kind': 'triggered', 'one_shot': [{'op': 'gain_life', 'amount': 2}],
      'trigger': {'at_beginning_of': 'postcombat_main'}, 'if_condition': {'count': {'self': True, 'tapped': True}}}),
    ('Urza, Powerstone Prodigy', 'Whenever you discard one or more artifact cards, create a tapped Powerstone token. '
                                 'This ability triggers only once each turn.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Powerstone', 'tapped': True}],
      'trigger': {'event': 'discards', 'subjects': {'types': ['Artifact']}, 'at_once': True}}),
    ('Dying to Serve', 'Whenever you discard one or more cards, create a tapped 2/2 black Zombie creature token. This '
                       'ability triggers only once each turn.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Zombie', 'tapped': True}],
      'trigger': {'event': 'discards', 'at_once': True}}),
    ('Curator of Mysteries', 'Whenever you cycle or discard another card, scry 1.',
     {'kind': 'triggered', 'one_shot': [{'op': 'scry', 'amount': 1}], 'trigger': {'event': 'discards'}}),
    ('A-Social Climber', 'Alliance — Whenever another creature enters under your control, you gain 1 life.',
     {'kind': 'triggered', 'one_shot': [{'op': 'gain_life', 'amount': 1}],
      'trigger': {'event': 'enters', 'subjects': {'types': ['Creature'], 'controller': 'you', 'other': True}}}),
    ('Wildgrowth Walker', 'Whenever a creature you control explores, put a +1/+1 counter on this creature and you '
                          'gain 3 life.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'},
                                        {'op': 'gain_life', 'amount': 3}],
      'trigger': {'event': 'explores', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Shadowheart, Cleric of Trickery', 'Whenever you lose life during your turn, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1}],
      'trigger': {'event': 'loses_life', 'during_your_turn': True}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


class _Ctx:
    """A selector context whose match says whether the card is an artifact card (the test's cards: 'art*')."""

    def match(self, sel, x):
        return x.startswith("art")


class _Trig:
    def __init__(self, subjects):
        self.subjects = subjects


def test_discarded_at_once_one_trigger_that_many():
    """701.9, 603.2: cards discarded at once trigger "Whenever you discard one or more artifact cards" once, on the first
    of them, that many the number of artifact cards among them; another player's discards don't count."""
    events = [{"type": "discard", "player": "alice", "card": "land1"},
              {"type": "discard", "player": "alice", "card": "art1"},
              {"type": "discard", "player": "bob", "card": "art3"},
              {"type": "discard", "player": "alice", "card": "art2"}]
    yours = (lambda p: p == "alice")
    got = [batches.discarded_at_once(_Ctx(), _Trig({"types": ["Artifact"]}), events, ev, yours) for ev in events]
    assert got == [0, 2, 0, 0]
    got = [batches.discarded_at_once(_Ctx(), _Trig(None), events, ev, yours) for ev in events]
    assert got == [3, 0, 0, 0]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever this creature and at least two other Soldiers attack, draw a card.",  # a subtype
    "Whenever a creature you control and at least two other creatures attack, draw a card.",  # not the source
    "Whenever this creature exploits a nontoken creature, draw a card.",  # (the exploited creature's quality)
    "Whenever a creature you control exploits a non-Human creature, draw a card.",
    "Whenever a creature dealt damage by equipped creature this turn dies, draw a card.",
    "Whenever this creature becomes the target of a spell or ability an opponent controls for the first time each "
    "turn, draw a card.",
    "Whenever an artifact or creature an opponent controls enters untapped, draw a card.",
    "Whenever an opponent gains life for the first time each turn, draw a card.",
    "At the beginning of each opponent's second main phase, draw a card.",
    "Whenever you discard one or more permanent cards, draw a card.",
    "Whenever you discard one or more cards, put that many +1/+1 counters on this creature.",
    "Whenever this creature becomes untapped, put that many +1/+1 counters on it.",
    "Whenever an opponent cycles or discards another card, scry 1.",
    "Whenever another creature enters under an opponent's control, you gain 1 life.",
    "Whenever this creature or another creature you control explores, draw a card.",
    "Whenever you lose life during your turn, Shadowheart deals that much damage to each opponent.",
    "Whenever you lose life during an opponent's turn, draw a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
