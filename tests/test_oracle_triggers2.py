"""Family 5's triggers (engine/vocab/oracle/oneshot.lark, rule os_trigger; readers
engine/vocab/oracle/oneshot_trig2.py): a permanent turned face up (603.2, 702.37e, 708.8: "When this creature is
turned face up", "Whenever a permanent is turned face up", "Whenever this creature or another permanent is turned
face up", "When this creature enters or is turned face up"), any player's cycling ("Whenever a player cycles a
card", 702.29a) and counters put on a permanent (122.1, 122.6: "Whenever one or more +1/+1 counters are put on this
creature", "... on another creature you control") and permanents sacrificed (701.21a: "Whenever you sacrifice a
Clue", "... another permanent", "... an artifact or creature", "When you sacrifice this creature"), and combat damage to a player dealt by others (603.2: "Whenever a creature you
control deals combat damage to a player", "Whenever a Goblin deals combat damage to a player"), and cast triggers of spells with a target (115.1, 601.2i: heroic,
"Whenever you cast a spell that targets this creature", "... that targets a creature you control"), "Whenever you scry", "Whenever you surveil" (701.22a, 701.25a), and spells cast during an opponent's turn (601.2i:
"Whenever you cast a spell during an opponent's turn", "... your first spell during each opponent's turn").

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first. The games that execute them: tests/data/games/702-37e-turned-face-up-triggers.yaml,
702-29a-whenever-a-player-cycles-a-card.yaml, 122-6-counters-put-triggers.yaml,
122-6-entering-with-counters-triggers.yaml, 701-21a-whenever-you-sacrifice.yaml, 701-21a-sacrifice-look-back.yaml,
701-21a-sacrificed-exiled-instead.yaml, 702-82a-devour-sacrifices-trigger.yaml,
603-2-creature-you-control-combat-damage.yaml, 603-2-heroic-spell-that-targets.yaml, 701-22a-whenever-you-scry-or-surveil.yaml, 603-2-cast-during-an-opponent-s-turn.yaml
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


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Echo Tracer',
     "When this creature is turned face up, return target creature to its owner's hand.",
     {'kind': 'triggered', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'return_to_hand'}],
      'trigger': {'event': 'turned_face_up'}}),
    ('Aven Farseer',
     'Whenever a permanent is turned face up, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'turned_face_up', 'subjects': {}}}),
    ('Unblinking Bleb',
     'Whenever this creature or another permanent is turned face up, you may scry 2.',
     {'kind': 'triggered', 'one_shot': [{'op': 'may', 'one_shot': [{'op': 'scry', 'amount': 2}]}],
      'trigger': {'event': 'turned_face_up', 'subjects': {'any_of': [{'self': True}, {'other': True}]}}}),
    ('Ponyback Brigade',
     'When this creature enters or is turned face up, create three 1/1 red Goblin creature tokens.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Goblin', 'amount': 3}],
      'trigger': {'event': 'enters', 'or_event': 'turned_face_up'}}),
    ('Benthic Biomancer',
     'Whenever one or more +1/+1 counters are put on this creature, draw a card, then discard a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}, {'op': 'discard', 'amount': 1, 'who': 'you'}],
      'trigger': {'event': 'counters_put', 'kind': '+1/+1'}}),
    ('Enduring Scalelord',
     'Whenever one or more +1/+1 counters are put on another creature you control, you may put a +1/+1 counter on '
     'this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'may', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1,
                                                                      'to': 'self'}]}],
      'trigger': {'event': 'counters_put', 'kind': '+1/+1', 'subjects': {'other': True, 'types': ['Creature'],
                                                                          'controller': 'you'}}}),
    ('Herd Baloth',
     'Whenever one or more +1/+1 counters are put on this creature, you may create a 4/4 green Beast creature token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'may', 'one_shot': [
         {'op': 'create_token', 'token': 'Beast Token', 'definition': {
             'power': 4, 'toughness': 4, 'colors': ['green'], 'types': ['Creature'], 'subtypes': ['Beast']}}]}],
      'trigger': {'event': 'counters_put', 'kind': '+1/+1'}}),
    ('Tireless Tracker',
     'Whenever you sacrifice a Clue, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'sacrificed', 'subjects': {'subtypes': ['Clue'], 'controller': 'you'}}}),
    ('Bloodbriar',
     'Whenever you sacrifice another permanent, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'sacrificed', 'subjects': {'other': True, 'controller': 'you'}}}),
    ('Ravenous Squirrel',
     'Whenever you sacrifice an artifact or creature, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'sacrificed', 'subjects': {'any_types': ['Artifact', 'Creature'], 'controller': 'you'}}}),
    ('Smothering Abomination',
     'Whenever you sacrifice a creature, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}],
      'trigger': {'event': 'sacrificed', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Ohran Frostfang',
     'Whenever a creature you control deals combat damage to a player, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}],
      'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True,
                  'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Cabal Slaver',
     'Whenever a Goblin deals combat damage to a player, that player discards a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'discard', 'amount': 1, 'who': 'that_player'}],
      'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True, 'subjects': {'subtypes': ['Goblin']}}}),
    ('Satyr Hoplite',
     'Heroic — Whenever you cast a spell that targets this creature, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'cast', 'targeting': {'self': True}}}),
    ('Colleen Wing, Street Samurai',
     'Whenever you cast a spell that targets a creature you control, put a +1/+1 counter on Colleen Wing. Scry 1.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'},
                                        {'op': 'scry', 'amount': 1}],
      'trigger': {'event': 'cast', 'targeting': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Druid of Horns',
     'Whenever you cast an Aura spell that targets this creature, create a 3/3 green Beast creature token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Beast'}],
      'trigger': {'event': 'cast', 'spells': {'subtypes': ['Aura']}, 'targeting': {'self': True}}}),
    ('Flamespeaker Adept',
     'Whenever you scry, this creature gets +2/+0 and gains first strike until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'self': True}, 'do': [
         {'op': 'modify_pt', 'power': 2, 'toughness': 0}, {'op': 'add_abilities', 'abilities': [{'keyword': 'first strike'}]}]},
      'trigger': {'event': 'scries'}}),
    ('Dimir Spybug',
     'Whenever you surveil, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'surveils'}}),
    ('Wavebreak Hippocamp',
     "Whenever you cast your first spell during each opponent's turn, draw a card.",
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}],
      'trigger': {'event': 'cast', 'nth': 1, 'during': 'opponent_turn'}}),
    ('Brineborn Cutthroat',
     "Whenever you cast a spell during an opponent's turn, put a +1/+1 counter on this creature.",
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}],
      'trigger': {'event': 'cast', 'during': 'opponent_turn'}}),
    ('Fleeting Aven',
     "Whenever a player cycles a card, return this creature to its owner's hand.",
     {'kind': 'triggered', 'one_shot': [{'op': 'return_to_hand', 'what': 'self'}],
      'trigger': {'event': 'activate', 'keyword': 'cycling', 'card': 'any', 'player': 'any'}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "When enchanted creature is turned face up, destroy it. It can't be regenerated.",  # the attached object
    "When this creature is turned face down, draw a card.",  # face down: no such event in the loop
    "When a creature card in your graveyard is turned face up, draw a card.",  # not a permanent
    "Whenever a face-down permanent you control is turned face up, draw a card.",  # no face-down selector
    "Whenever a creature you control enters or is turned face up, draw a card.",  # the source's own only
    "Whenever one or more +1/+1 counters are put on this creature for the first time each turn, draw a card.",
    "Whenever one or more +1/+1 counters are put on enchanted creature, draw a card.",  # the attached object
    "Whenever one or more +1/+1 counter are put on this creature, draw a card.",
    "Whenever you put one or more +1/+1 counters on a creature you control, draw a card.",  # who puts them
    "Whenever one or more +1/+1 counters are put on this creature or another creature you control, draw a card.",
    "Whenever one or more loyalty counters are put on this creature, draw a card.",
    "Whenever one or more +1/+1 counters are put on another creature you control, it gains flying until end of turn.",
    "Whenever you sacrifice one or more other creatures, draw a card.",  # one trigger for several: not read
    "Whenever you sacrifice a creature you control, draw a card.",
    "Whenever you sacrifice a creature an opponent controls, draw a card.",
    "Whenever you sacrifice enchanted creature, draw a card.",
    "Whenever you sacrifice a permanent during your turn, draw a card.",
    "Whenever an opponent sacrifices a creature, draw a card.",
    "When you sacrifice this creature while casting a spell with emerge, draw a card.",
    "Whenever you sacrifice a creature card, draw a card.",
    "Whenever this creature or another Tyranid you control deals combat damage to a player, draw a card.",
    "Whenever a creature you control deals combat damage to a player, put a +1/+1 counter on it for each card in that player's hand.",  # 'it'
    "Whenever a creature you control deals combat damage to a player, put a +1/+1 counter on that creature for each card in that player's hand.",
    "Whenever a creature card in your graveyard deals combat damage to a player, draw a card.",
    "Whenever you cast an instant or sorcery spell that targets only this creature, draw a card.",
    "Whenever an opponent casts a spell that targets this creature, draw a card.",
    "Whenever you cast a spell that targets this creature or another creature you control, draw a card.",
    "Whenever you cast a spell that targets a creature card in your graveyard, draw a card.",
    "Valiant — Whenever this creature becomes the target of a spell or ability an opponent controls for the first time "
    "each turn, draw a card.",  # (yours: read, trigevents.lark)
    "Whenever you surveil for the first time each turn, draw a card.",
    "Whenever an opponent scries, draw a card.",
    "Whenever you scry or surveil, draw a card.",
    "Whenever you cast your first spell during each of your turns, draw a card.",
    "Whenever an opponent casts a spell during your turn, draw a card.",
    "Whenever you cast your second spell during each opponent's turn, draw a card.",
    "Whenever a player cycles another card, draw a card.",
    "Whenever an opponent cycles a card, draw a card.",
    "Whenever a player cycles or discards a card, draw a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_a_player_cycles_is_cycling_only():
    """702.29a: player 'any' belongs to the cycling of any card ('Whenever a player cycles a card')."""
    from engine.vocab.oneshot import ActivateTrigger

    assert ActivateTrigger(event="activate", keyword="cycling", card="any", player="any").player == "any"
    for bad in ({"keyword": "cycling", "card": "this", "player": "any"},
                {"keyword": "cycling", "card": "another", "player": "any"},
                {"keyword": "outlast", "player": "any"}):
        with pytest.raises(ValueError):
            ActivateTrigger(event="activate", **bad)


def test_counters_of_any_kind():
    """122.1: "one or more counters" without a kind: counters of any kind put on the subject."""
    found = oneshot.read(bare("Whenever one or more counters are put on this creature, draw a card.", ""))
    assert found is not None and found[0]["trigger"] == {"event": "counters_put"}


def test_you_sacrifice_this_creature():
    """701.21a, 603.10a: "When you sacrifice this creature": the source itself, as it last existed."""
    found = oneshot.read(bare("When you sacrifice this creature, draw a card.", ""))
    assert found is not None and found[0]["trigger"] == {"event": "sacrificed"}
    found = oneshot.read(bare("Whenever you sacrifice this creature or another creature, draw a card.", ""))
    assert found is not None and found[0]["trigger"] == {
        "event": "sacrificed", "subjects": {"any_of": [{"self": True}, {"other": True, "types": ["Creature"]}],
                                            "controller": "you"}}
