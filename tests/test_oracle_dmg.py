"""Family 5's damage and combat triggers (engine/vocab/oracle/oneshot.lark's block "damage and combat triggers (issue
21)", reader engine/vocab/oracle/oneshot_dmg.py): damage dealt to a creature (603.2, 120.3, 510.2: "Whenever this
creature deals combat damage to a creature", "Whenever equipped creature deals damage to a creature", "Whenever a
Sliver deals combat damage to a creature"), and "that creature" in the instructions of the triggers about one other
creature (the creature dealt damage, the creature blocked, 509.3b, the creature blocking, 509.3d): "destroy that
creature", "tap that creature and it doesn't untap during its controller's next untap step", "exile that creature",
"put a -1/-1 counter on that creature", "destroy that creature at end of combat" (603.7); blocks with a quality
(509.3b, 509.3d: "blocks a creature with flying", "becomes blocked by a white creature", "blocks or becomes blocked by
a nonblack creature").

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first. The games that execute them: tests/data/games/603-2-deals-combat-damage-to-a-creature-
destroy.yaml, 603-2-combat-damage-to-a-creature-tap-end-of-combat.yaml, 509-3b-3d-that-creature-destroy-doesnt-untap.yaml,
509-3b-blocks-a-creature-with-flying.yaml
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
DAMAGED = {'event': 'deals_damage', 'to_creature': True, 'combat': True}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Voracious Cobra',
     'Whenever this creature deals combat damage to a creature, destroy that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'that'}], 'trigger': DAMAGED}),
    ('Kashi-Tribe Warriors',
     "Whenever this creature deals combat damage to a creature, tap that creature and it doesn't untap during its "
     "controller's next untap step.",
     {'kind': 'triggered', 'one_shot': [{'op': 'tap', 'what': 'that'}, {'op': 'doesnt_untap_next', 'what': 'that'}],
      'trigger': DAMAGED}),
    ('Mercurial Kite',
     "Whenever this creature deals combat damage to a creature, tap that creature. That creature doesn't untap during "
     "its controller's next untap step.",
     {'kind': 'triggered', 'one_shot': [{'op': 'tap', 'what': 'that'}, {'op': 'doesnt_untap_next', 'what': 'that'}],
      'trigger': DAMAGED}),
    ('Toxin Sliver',
     "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be regenerated.",
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'that', 'regenerate': False}],
      'trigger': dict(DAMAGED, subjects={'subtypes': ['Sliver']})}),
    ('Mephitic Ooze',
     "Whenever this creature deals combat damage to a creature, destroy that creature. The creature can't be "
     "regenerated.",
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'that', 'regenerate': False}], 'trigger': DAMAGED}),
    ('Ohran Viper',
     'Whenever this creature deals combat damage to a creature, destroy that creature at end of combat.',
     {'kind': 'triggered', 'one_shot': [{'op': 'delayed_trigger', 'when': 'end_of_combat', 'about': 'that_creature',
                                         'text': 'At end of combat, destroy that creature.',
                                         'one_shot': [{'op': 'destroy', 'what': 'it'}]}], 'trigger': DAMAGED}),
    ('Sosuke, Son of Seshiro',
     'Whenever a Warrior you control deals combat damage to a creature, destroy that creature at end of combat.',
     {'kind': 'triggered', 'one_shot': [{'op': 'delayed_trigger', 'when': 'end_of_combat', 'about': 'that_creature',
                                         'text': 'At end of combat, destroy that creature.',
                                         'one_shot': [{'op': 'destroy', 'what': 'it'}]}],
      'trigger': dict(DAMAGED, subjects={'subtypes': ['Warrior'], 'controller': 'you'})}),
    ('Pit Spawn',
     'Whenever this creature deals damage to a creature, exile that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'exile', 'what': 'that'}],
      'trigger': {'event': 'deals_damage', 'to_creature': True}}),
    ('Obelisk Spider',
     'Whenever this creature deals combat damage to a creature, put a -1/-1 counter on that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '-1/-1', 'amount': 1, 'to': 'that'}],
      'trigger': DAMAGED}),
    ('Evil Eye of Urborg',
     'Whenever this creature becomes blocked by a creature, destroy that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'that'}],
      'trigger': {'event': 'becomes_blocked', 'by': {'types': ['Creature']}}}),
    ('Wall of Frost',
     "Whenever this creature blocks a creature, that creature doesn't untap during its controller's next untap step.",
     {'kind': 'triggered', 'one_shot': [{'op': 'doesnt_untap_next', 'what': 'that'}],
      'trigger': {'event': 'blocks_creature'}}),
    ('Netcaster Spider',
     'Whenever this creature blocks a creature with flying, this creature gets +2/+0 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2,
                                                                               'toughness': 0}]},
      'trigger': {'event': 'blocks_creature', 'by': {'types': ['Creature'], 'keywords': ['flying']}}}),
    ('Crimson Roc',
     'Whenever this creature blocks a creature without flying, this creature gets +1/+0 and gains first strike until '
     'end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'self': True}, 'do': [
         {'op': 'modify_pt', 'power': 1, 'toughness': 0}, {'op': 'add_abilities', 'abilities': [{'keyword': 'first strike'}]}]},
      'trigger': {'event': 'blocks_creature', 'by': {'types': ['Creature'], 'not_keywords': ['flying']}}}),
    ('Phyrexian Slayer',
     "Whenever this creature becomes blocked by a white creature, destroy that creature. It can't be regenerated.",
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'that', 'regenerate': False}],
      'trigger': {'event': 'becomes_blocked', 'by': {'colors': ['white'], 'types': ['Creature']}}}),
    ('Tel-Jilad Wolf',
     'Whenever this creature becomes blocked by an artifact creature, this creature gets +3/+3 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 3,
                                                                               'toughness': 3}]},
      'trigger': {'event': 'becomes_blocked', 'by': {'types': ['Artifact', 'Creature']}}}),
    ('Dread Specter',
     'Whenever this creature blocks or becomes blocked by a nonblack creature, destroy that creature at end of combat.',
     {'kind': 'triggered', 'one_shot': [{'op': 'delayed_trigger', 'when': 'end_of_combat', 'about': 'that_creature',
                                         'text': 'At end of combat, destroy that creature.',
                                         'one_shot': [{'op': 'destroy', 'what': 'it'}]}],
      'trigger': {'event': 'blocks_creature', 'or_event': 'becomes_blocked',
                  'by': {'not_colors': ['black'], 'types': ['Creature']}}}),
    ('Quagmire Lamprey',
     'Whenever this creature becomes blocked by a creature, put a -1/-1 counter on that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '-1/-1', 'amount': 1, 'to': 'that'}],
      'trigger': {'event': 'becomes_blocked', 'by': {'types': ['Creature']}}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever this creature deals combat damage to a creature or player, destroy that creature.",  # or a player
    "Whenever a creature you control deals damage to a creature, destroy that creature.",  # noncombat, by others
    "Whenever this creature or another creature deals combat damage to a creature, destroy that creature.",
    "Whenever this creature deals combat damage to a creature, destroy that permanent.",
    "Whenever this creature attacks, destroy that creature.",  # no other creature in the event
    "Whenever this creature blocks, tap that creature.",  # blocks: no one creature
    "Whenever this creature deals combat damage to a player, destroy that creature.",
    "Whenever this creature deals combat damage to a creature, that creature gets -1/-1 until end of turn.",  # an effect
    "Whenever this creature deals combat damage to a creature, sacrifice that creature.",
    "Whenever a creature card in your graveyard deals combat damage to a creature, destroy that creature.",
    "Whenever this creature blocks another creature, draw a card.",  # 'another': no quality of a blocked creature
    "Whenever this creature blocks a Wall, draw a card.",  # a creature's quality only ("a creature with ...")
    "Whenever this creature blocks a creature card, draw a card.",
    "Whenever this creature blocks an attacking creature with flying, draw a card.",
    "Whenever this creature deals combat damage to a creature, that creature's controller loses 2 life.",
    "Whenever this creature deals combat damage to a creature, destroy that creature unless its controller pays {2}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_that_after_a_target_is_the_trigger_s_creature():
    """603.2: in a trigger about one other creature, "that creature" is that creature even after a target."""
    [ab] = oneshot.read(bare("Whenever this creature blocks a creature, tap target creature. Destroy that creature.", ""))
    assert ab["one_shot"] == [{"op": "tap"}, {"op": "destroy", "what": "that"}]
