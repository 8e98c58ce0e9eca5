"""Family 5's prevention effects created by a resolving spell or ability (engine/vocab/oracle/oneshot_prevent.lark,
reader engine/vocab/oracle/oneshot_prevent.py): "Prevent all combat damage that would be dealt this turn." as a sentence
of an activated or triggered ability or of a spell with other instructions, "... dealt by target creature this turn",
"... target creature would deal this turn", "... dealt by it / that creature this turn", "... dealt to it / creatures /
players this turn", "... dealt to and dealt by that creature this turn", "The next time a [red] source of your choice
would deal damage to you this turn, prevent that damage." (609.7a), "Target creature can't be regenerated this turn."
(701.19c) (615.1a, 611.2a: the effect lasts the turn; the
replacement program, asp_rules/replace.lp, applies it to the damage events).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/615-1a-maze-of-ith-to-and-by.yaml,
615-1a-ignoble-soldier-blocked.yaml, 615-1a-kor-haven-prevent-by-target.yaml, 609-7a-rune-of-protection-red-next-time.yaml
("The next time a red source of your choice would deal damage to you this turn, prevent that damage.": 609.7a, 615.8),
701-19c-engulfing-flames-cant-be-regenerated.yaml ("It can't be regenerated this turn.": 701.19c, do: no_regen).
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
ALL_COMBAT = {'event': 'damage', 'combat': True, 'do': 'prevent_all'}
ATTACKING = {'what': 'creature', 'quality': {'attacking': True}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _activated(cost, effect, **rest):
    return {'kind': 'activated', 'cost': cost, 'effect': effect, **rest}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph, or cost and effect)
EXAMPLES = [
    ('Kami of False Hope', 'Sacrifice this creature: Prevent all combat damage that would be dealt this turn.',
     _activated('Sacrifice this creature', 'Prevent all combat damage that would be dealt this turn.',
                replacement=ALL_COMBAT)),
    ('Kor Haven', '{1}{W}, {T}: Prevent all combat damage that would be dealt by target attacking creature this turn.',
     _activated('{1}{W}, {T}', 'Prevent all combat damage that would be dealt by target attacking creature this turn.',
                targets=[ATTACKING], replacement=dict(ALL_COMBAT, source={'targets': True}))),
    ('Fend Off', 'Prevent all combat damage that would be dealt by target creature this turn.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'replacement': dict(ALL_COMBAT, source={'targets': True})}),
    ('Maze of Ith', '{T}: Untap target attacking creature. Prevent all combat damage that would be dealt to and dealt by '
                    'that creature this turn.',
     _activated('{T}', 'Untap target attacking creature. Prevent all combat damage that would be dealt to and dealt by '
                       'that creature this turn.', targets=[ATTACKING], one_shot=[{'op': 'untap'}],
                replacement=dict(ALL_COMBAT, target={'targets': True}, or_dealt_by=True))),
    ('Elvish Scout', '{G}, {T}: Untap target attacking creature you control. Prevent all combat damage that would be '
                     'dealt to and dealt by it this turn.',
     _activated('{G}, {T}', 'Untap target attacking creature you control. Prevent all combat damage that would be dealt '
                            'to and dealt by it this turn.', targets=[dict(ATTACKING, controller='you')],
                one_shot=[{'op': 'untap'}], replacement=dict(ALL_COMBAT, target={'targets': True}, or_dealt_by=True))),
    ('Urborg Phantom', '{U}: Prevent all combat damage that would be dealt to and dealt by this creature this turn.',
     _activated('{U}', 'Prevent all combat damage that would be dealt to and dealt by this creature this turn.',
                replacement=dict(ALL_COMBAT, target={'self': True}, or_dealt_by=True))),
    ('Ignoble Soldier', 'Whenever this creature becomes blocked, prevent all combat damage that would be dealt by it '
                        'this turn.',
     {'kind': 'triggered', 'trigger': {'event': 'becomes_blocked'}, 'replacement': dict(ALL_COMBAT, source={'self': True})}),
    ('Haze Frog', 'When this creature enters, prevent all combat damage that other creatures would deal this turn.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'replacement': dict(ALL_COMBAT, source={'types': ['Creature'], 'other': True})}),
    ("Djeru's Resolve", 'Untap target creature. Prevent all damage that would be dealt to it this turn.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'untap'}],
      'replacement': {'event': 'damage', 'target': {'targets': True}, 'do': 'prevent_all'}}),
    ('Forfend', 'Prevent all damage that would be dealt to creatures this turn.',
     {'kind': 'spell', 'replacement': {'event': 'damage', 'target': {'types': ['Creature']}, 'do': 'prevent_all'}}),
    ('Defend the Hearth', 'Prevent all combat damage that would be dealt to players this turn.',
     {'kind': 'spell', 'replacement': dict(ALL_COMBAT, target_player='any')}),
    # 609.7a, 615.8, 615.9: the source chosen as it resolves; the effect used up by the first damage it applies to
    ('Invulnerability', 'The next time a source of your choice would deal damage to you this turn, prevent that damage.',
     {'kind': 'spell', 'one_shot': [{'op': 'choose_value', 'choice': 'source'}],
      'replacement': {'event': 'damage', 'source': {'chosen_source': True}, 'target_player': 'you', 'do': 'prevent_all',
                      'next_time': True}}),
    ('Rune of Protection: Red', '{W}: The next time a red source of your choice would deal damage to you this turn, '
                                'prevent that damage.',
     _activated('{W}', 'The next time a red source of your choice would deal damage to you this turn, prevent that '
                       'damage.', one_shot=[{'op': 'choose_value', 'choice': 'source', 'source_is': {'colors': ['red']}}],
                replacement={'event': 'damage', 'source': {'chosen_source': True, 'colors': ['red']},
                             'target_player': 'you', 'do': 'prevent_all', 'next_time': True})),
    ('Greater Realm of Preservation', '{1}{W}: The next time a black or red source of your choice would deal damage to '
                                      'you this turn, prevent that damage.',
     _activated('{1}{W}', 'The next time a black or red source of your choice would deal damage to you this turn, '
                          'prevent that damage.',
                one_shot=[{'op': 'choose_value', 'choice': 'source', 'source_is': {'colors': ['black', 'red']}}],
                replacement={'event': 'damage', 'source': {'chosen_source': True, 'colors': ['black', 'red']},
                             'target_player': 'you', 'do': 'prevent_all', 'next_time': True})),
    ('Charm Peddler', '{W}, {T}, Discard a card: The next time a source of your choice would deal damage to target '
                      'creature this turn, prevent that damage.',
     _activated('{W}, {T}, Discard a card', 'The next time a source of your choice would deal damage to target creature '
                                             'this turn, prevent that damage.', targets=[{'what': 'creature'}],
                one_shot=[{'op': 'choose_value', 'choice': 'source'}],
                replacement={'event': 'damage', 'source': {'chosen_source': True}, 'target': {'targets': True},
                             'do': 'prevent_all', 'next_time': True})),
    ('Pay No Heed', 'Prevent all damage a source of your choice would deal this turn.',
     {'kind': 'spell', 'one_shot': [{'op': 'choose_value', 'choice': 'source'}],
      'replacement': {'event': 'damage', 'source': {'chosen_source': True}, 'do': 'prevent_all'}}),
    ('Auriok Replica', '{W}, Sacrifice this creature: Prevent all damage a source of your choice would deal to you this '
                       'turn.',
     _activated('{W}, Sacrifice this creature', 'Prevent all damage a source of your choice would deal to you this turn.',
                one_shot=[{'op': 'choose_value', 'choice': 'source'}],
                replacement={'event': 'damage', 'source': {'chosen_source': True}, 'target_player': 'you',
                             'do': 'prevent_all'})),
    # 701.19c: a rule on the object's destructions for the turn (no regeneration effect applies to them)
    ('Hurr Jackal', "{T}: Target creature can't be regenerated this turn.",
     _activated('{T}', "Target creature can't be regenerated this turn.", targets=[{'what': 'creature'}],
                replacement={'event': 'zone_change', 'object': {'targets': True}, 'do': 'no_regen'})),
    ('Engulfing Flames', "Engulfing Flames deals 1 damage to target creature. It can't be regenerated this turn.",
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'damage', 'amount': 1}],
      'replacement': {'event': 'zone_change', 'object': {'targets': True}, 'do': 'no_regen'}}),
    ('Incinerate', "Incinerate deals 3 damage to any target. A creature dealt damage this way can't be regenerated this "
                   "turn.",
     {'kind': 'spell', 'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': 3}],
      'replacement': {'event': 'zone_change', 'object': {'types': ['Creature']}, 'do': 'no_regen',
                      'dealt_damage_this_way': True}}),
]
# 115.1, 601.2c (issue 24: engine/vocab/loop_reads.py): Martyr's Cause's "any target" is a target, which its encoding
# doesn't give (it would prevent the damage to whatever the source deals it to): read, but not executable
MARTYRS_CAUSE = ("Martyr's Cause", 'Sacrifice a creature: The next time a source of your choice would deal damage to any '
                 'target this turn, prevent that damage.',
                 _activated('Sacrifice a creature', 'The next time a source of your choice would deal damage to any '
                            'target this turn, prevent that damage.',
                            one_shot=[{'op': 'choose_value', 'choice': 'source'}],
                            replacement={'event': 'damage', 'source': {'chosen_source': True}, 'do': 'prevent_all',
                                         'next_time': True}))


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    # (an activated ability's text is its cost and effect, 602.1)
    want = ABILITY.validate_python(expected if expected['kind'] == 'activated' else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_a_target_its_encoding_lacks_is_not_executable(db, lib):  # noqa: F811
    name, paragraph, expected = MARTYRS_CAUSE
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(expected)
    assert want in card_file(record).abilities
    assert executable_by(want) is None
    assert executable_by(want, reads=False) is not None  # (the encoding alone: what a card file would hold)


def test_that_creature_is_the_one_target_before_it():
    """608.2c: "that creature" names the one target of the instruction before it; with none, or two, not read."""
    [ab] = oneshot.read(bare("Tap target creature. Prevent all combat damage that would be dealt by that creature "
                             "this turn.", ""))
    assert ab["replacement"] == dict(ALL_COMBAT, source={"targets": True}) and ab["targets"] == [{"what": "creature"}]
    assert oneshot.read(bare("Tap target creature and target artifact. Prevent all combat damage that would be dealt "
                             "by that creature this turn.", "")) is None


def test_or_dealt_by_needs_a_target():
    """615.1a: or_dealt_by extends an effect on the damage dealt to objects: it goes with `target` only."""
    from engine.vocab.replacement import ReplacementRule
    with pytest.raises(ValueError):
        ReplacementRule(event="damage", target_player="you", or_dealt_by=True, do="prevent_all")


def test_the_chosen_source_is_that_object():
    """609.7a, 400.7: the chosen source is that object while it doesn't move; a permanent spell chosen, the permanent it
    becomes (one move, from the stack to the battlefield); a permanent that left and came back is a new object."""
    from types import SimpleNamespace as O
    from bridge.selectors import _chosen
    assert _chosen(["bolt", "stack", 0], "bolt", O(zone="stack", zone_changes=0))
    assert _chosen(["bears", "stack", 1], "bears", O(zone="battlefield", zone_changes=2))
    assert not _chosen(["bears", "battlefield", 0], "bears", O(zone="battlefield", zone_changes=2))
    assert not _chosen(["bears", "battlefield", 0], "other", O(zone="battlefield", zone_changes=0))
    assert not _chosen(None, "bears", O(zone="battlefield", zone_changes=0))


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Prevent all combat damage that would be dealt to and dealt by that creature this turn.",  # no antecedent
    "Prevent all combat damage that would be dealt by it this turn.",  # a spell's "it": nothing
    "Prevent all combat damage that would be dealt by this creature this turn.",  # a spell is no creature
    "Prevent all combat damage that other creatures would deal this turn.",  # (the same)
    "{T}: Prevent all combat damage that would be dealt by target creature until your next turn.",  # another duration
    # two prevention effects in one ability (Azorius Ploy): the vocabulary has one `replacement` per ability
    "Prevent all combat damage target creature would deal this turn. Prevent all combat damage that would be dealt "
    "to target creature this turn.",
    "{T}: Prevent all combat damage that would be dealt by two target creatures this turn.",  # several targets
    "Whenever this creature blocks or becomes blocked by a creature, prevent all combat damage that would be dealt by "
    "that creature this turn.",  # the trigger's creature, no target
    # 615.5: an additional effect on the damage prevented, not read
    "The next time a source of your choice would deal damage to you this turn, prevent that damage. You gain life equal "
    "to the damage prevented this way.",
    "{W}: The next time a source of your choice would deal damage to target player this turn, prevent that damage.",
    "Prevent all damage a source of your choice would deal to you and creatures you control this turn.",
    "{1}: The next time a source of your choice of the chosen color would deal damage to you this turn, prevent that "
    "damage.",
    "{1}: The next time a source of your choice would deal damage to you this turn, prevent half that damage, rounded "
    "down.",
    "Target creature can't be regenerated this turn. Destroy it.",  # the destruction before the effect begins
    "It can't be regenerated this turn.",  # no antecedent
    "Target creature can't be regenerated.",  # no duration
    "Draw a card. A creature dealt damage this way can't be regenerated this turn.",  # no damage dealt
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
