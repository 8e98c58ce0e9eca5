"""Tapping, and attacks and blocks for the turn (oneshot.lark's block "tapping, and attacks and blocks for the turn
(issue 21)", reader engine/vocab/oracle/oneshot_combatfx.py): "Tap all creatures without flying", "Untap all creatures
you control" (701.26a-b, 608.2c: each permanent the selector matches as it resolves), "You may tap or untap target
creature" (701.26a, 608.2d), "Tap target artifact, creature, or land" (objects.lark: one of three card types), and the
restrictions and requirements a resolved effect creates for the turn (611.2, 508.1, 509.1: the ability's combat rules,
read by the combat programs from the effect while it lasts): "Creatures without flying can't block this turn" (611.2c:
a rules effect, its selector matched as blockers are declared), "Up to three target creatures can't block this turn",
"That creature can't block this turn", "Target creature can't attack or block this turn", "Target creature can't attack this turn", "All creatures able to
block target creature this turn do so", "This creature can block an additional creature this turn", "Target creature
gets +1/+0 until end of turn and can't be blocked this turn"; and the trigger "Whenever this creature becomes untapped"
(Inspired, 603.2e, 701.26b); "Target creature gets +1/+1 for as long as this artifact remains tapped" (611.2a-b: the
effect's duration, while_source_tapped) and the static "You may choose not to untap this artifact during your untap
step" (502.3, loopstatics.lark: may_not_untap).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/509-1b-falter-creatures-without-flying-cant-block.yaml,
509-1c-alluring-scent-all-able-block.yaml, 509-1a-mounted-archers-blocks-an-additional-creature.yaml,
509-1b-distortion-strike-pump-and-cant-be-blocked.yaml, 509-1b-blindblast-that-creature-cant-block.yaml,
701-26-deluge-mobilize-twiddle.yaml, 603-2e-inspired-untapped-by-an-instruction-and-in-the-untap-step.yaml, 508-1c-off-balance-cant-attack-this-
turn.yaml, 502-3-may-choose-not-to-untap.yaml, 502-3-doesnt-untap-while-source-tapped.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import compiled_ability, db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import loopstatics, oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
ONE = [{'what': 'creature'}]
SELF = {'self': True}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph; an activated
# ability's cost and effect: the compiler's)
EXAMPLES = [
    ('Icy Manipulator', '{1}, {T}: Tap target artifact, creature, or land.',
     {'kind': 'activated', 'loyalty': False, 'targets': [{'what': 'permanent', 'types': ['Artifact', 'Creature', 'Land']}],
      'one_shot': [{'op': 'tap'}]}),
    ('Deluge', 'Tap all creatures without flying.',
     {'kind': 'spell', 'one_shot': [{'op': 'tap_each', 'what': {'types': ['Creature'], 'not_keywords': ['flying']}}]}),
    ('Mobilize', 'Untap all creatures you control.',
     {'kind': 'spell', 'one_shot': [{'op': 'untap_each', 'what': {'types': ['Creature'], 'controller': 'you'}}]}),
    ('Thundermare', 'When this creature enters, tap all other creatures.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'tap_each', 'what': {'types': ['Creature'], 'other': True}}]}),
    ('Twiddle', 'You may tap or untap target artifact, creature, or land.',
     {'kind': 'spell', 'targets': [{'what': 'permanent', 'types': ['Artifact', 'Creature', 'Land']}],
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'tap_or_untap'}]}]}),
    ('Tidal Bore', 'You may tap or untap target creature.',
     {'kind': 'spell', 'targets': ONE, 'one_shot': [{'op': 'may', 'one_shot': [{'op': 'tap_or_untap'}]}]}),
    ('Falter', "Creatures without flying can't block this turn.",
     {'kind': 'spell', 'combat': [{'rule': 'cant_block', 'subjects': {'types': ['Creature'], 'not_keywords': ['flying']}}]}),
    ('Hazardous Blast', "Hazardous Blast deals 1 damage to each creature your opponents control. Creatures your "
     "opponents control can't block this turn.",
     {'kind': 'spell', 'one_shot': [{'op': 'damage', 'amount': 1, 'to': 'each',
                                     'each': {'types': ['Creature'], 'controller': 'opponent'}}],
      'combat': [{'rule': 'cant_block', 'subjects': {'types': ['Creature'], 'controller': 'opponent'}}]}),
    ('Panic Attack', "Up to three target creatures can't block this turn.",
     {'kind': 'spell', 'targets': [{'what': 'creature', 'count': 3, 'up_to': True}], 'combat': [{'rule': 'cant_block'}]}),
    ('Blindblast', "Blindblast deals 1 damage to target creature. That creature can't block this turn.",
     {'kind': 'spell', 'targets': ONE, 'one_shot': [{'op': 'damage', 'amount': 1}], 'combat': [{'rule': 'cant_block'}]}),
    ('Off Balance', "Target creature can't attack or block this turn.",
     {'kind': 'spell', 'targets': ONE, 'combat': [{'rule': 'cant_attack'}, {'rule': 'cant_block'}]}),
    ('Act of Heroism', 'Untap target creature. It gets +2/+2 until end of turn and can block an additional creature this '
     'turn.',
     {'kind': 'spell', 'targets': ONE, 'one_shot': [{'op': 'untap'}],
      'continuous': {'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]}, 'combat': [{'rule': 'extra_blocks', 'n': 1}]}),
    ('Daughter of the Deep', "{U}, {T}: Target Merfolk can't be blocked this turn.",
     {'kind': 'activated', 'loyalty': False, 'targets': [{'what': 'permanent', 'quality': {'subtypes': ['Merfolk']}}],
      'combat': [{'rule': 'cant_be_blocked'}]}),
    ('Martyred Rusalka', "{W}, Sacrifice a creature: Target creature can't attack this turn.",
     {'kind': 'activated', 'loyalty': False, 'targets': ONE, 'combat': [{'rule': 'cant_attack'}]}),
    ('Taunting Challenge', 'All creatures able to block target creature this turn do so.',
     {'kind': 'spell', 'targets': ONE, 'combat': [{'rule': 'lure'}]}),
    ('Luminous Guardian', '{2}: This creature can block an additional creature this turn.',
     {'kind': 'activated', 'loyalty': False, 'combat': [{'rule': 'extra_blocks', 'n': 1, 'subjects': SELF}]}),
    ('Distortion Strike', "Target creature gets +1/+0 until end of turn and can't be blocked this turn.",
     {'kind': 'spell', 'targets': ONE, 'continuous': {'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 0}]},
      'combat': [{'rule': 'cant_be_blocked'}]}),
    ('Oreskos Sun Guide', 'Inspired — Whenever this creature becomes untapped, you gain 2 life.',
     {'kind': 'triggered', 'trigger': {'event': 'becomes_untapped'}, 'one_shot': [{'op': 'gain_life', 'amount': 2, 'who': 'you'}]}),
    ('Pheres-Band Tromper', 'Inspired — Whenever this creature becomes untapped, put a +1/+1 counter on it.',
     {'kind': 'triggered', 'trigger': {'event': 'becomes_untapped'},
      'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}]}),
    ("Tawnos's Weaponry", '{2}, {T}: Target creature gets +1/+1 for as long as this artifact remains tapped.',
     {'kind': 'activated', 'loyalty': False, 'targets': ONE,
      'continuous': {'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 1}]}}),
    ("Tawnos's Weaponry", 'You may choose not to untap this artifact during your untap step.',
     {'kind': 'static', 'may_not_untap': True}),
    ('Mana Leech', "{T}: Tap target land. It doesn't untap during its controller's untap step for as long as this "
     "creature remains tapped.",
     {'kind': 'activated', 'loyalty': False, 'targets': [{'what': 'permanent', 'types': ['Land']}],
      'one_shot': [{'op': 'tap'}, {'op': 'doesnt_untap_while_tapped'}]}),
    ('Cunning Survivor', "Whenever you cycle or discard a card, this creature gets +1/+0 until end of turn and can't be "
     "blocked this turn.", None),  # (its trigger: checked below)
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    if expected is None:  # the combat rule and the continuous effect on the source, whatever the trigger
        [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
        assert executable_by(ab) is not None
        ref = ABILITY.validate_python({'kind': 'spell', 'text': paragraph, 'combat': [{'rule': 'cant_be_blocked', 'subjects': SELF}],
                                       'continuous': {'applies_to': SELF, 'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 0}]}})
        assert ab.continuous == ref.continuous and ab.combat == ref.combat
        return
    if expected['kind'] == 'activated':  # (its cost and effect as the compiler keeps them)
        ab = compiled_ability(record, paragraph)
        assert ab == ABILITY.validate_python(dict(expected, cost=ab.cost, effect=ab.effect))
        return
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_it_after_a_target():
    """608.2c: "it" and "that creature" after an instruction on one target are that target (no subjects: the
    targets)."""
    [ab] = oneshot.read(bare("Put a -1/-1 counter on target creature. It can't block this turn.", ""))
    assert ab["combat"] == [{"rule": "cant_block"}] and ab["targets"] == ONE
    [ab] = oneshot.read(bare("Untap target creature. That creature can't attack or block this turn.", ""))
    assert ab["combat"] == [{"rule": "cant_attack"}, {"rule": "cant_block"}]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Tap or untap target creature.",  # (read after "You may" only)
    "You may tap or untap target player.",
    "You may tap or untap up to two target creatures.",
    "That creature can't block this turn.",  # no object named before
    "Creatures without flying can't block this combat.",  # (a duration of the combat: not said by the loop)
    "Artifacts can't block this turn.",  # no set of creatures
    "~ deals 3 damage to target creature. Other creatures can't attack this turn.",  # (other than the target)
    "Enchanted creature gets +1/+0 until end of turn and can't be blocked this turn.",
    "Creatures you control get +1/+0 until end of turn and can't be blocked this turn.",  # (611.2c: one part locked)
    "Target creature can't attack or block this turn. Target creature can't block this turn.",  # two targets
    "All creatures able to block target player this turn do so.",
    "Target Island can't be blocked this turn.",  # (no creature type)
    "Target creature gets +2/+0 until end of turn and can't attack this turn.",
    "Tap all creature cards in your graveyard.",
    "Destroy target artifact, creature, or artifact.",  # a card type twice
    "Whenever this creature becomes tapped or untapped, draw a card.",
    "{2}, {T}: Target creature gets +1/+1 for as long as you control this artifact and this artifact remains tapped.",
    "{T}: It doesn't untap during its controller's untap step for as long as this creature remains tapped.",  # no target
]

NOT_READ_STATIC = [
    "You may choose not to untap enchanted creature during your untap step.",  # (another permanent's)
    "You may choose not to untap Forests you control during your untap step.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


@pytest.mark.parametrize("paragraph", NOT_READ_STATIC)
def test_static_not_read(paragraph):
    assert loopstatics.read(bare(paragraph, "")) is None
