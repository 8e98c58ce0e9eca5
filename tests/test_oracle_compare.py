"""Comparisons of a power, a toughness or a mana value in the selectors of objects.lark (208.1, 202.3: "with power 2
or less", "with toughness 4 or greater", "with mana value 3 or less"; the selector's power_at_most ... mana_value_at_least,
engine/vocab/selector.py COMPARISONS), read by every family but compiled only where the game loop reads the selector
(bridge/selectors.py compare, on the characteristics after the layers): a target's quality, a trigger's subjects, a
condition's count, the objects of "destroy all". In an ability a program executes (a continuous effect, a combat
rule, a replacement effect) the paragraph is not compiled (engine/vocab/oracle/compile.py): the programs don't read
them (613.8: a power in the layers is layer 7's).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/115-1-target-creature-with-toughness-4-or-greater.yaml,
603-2-creature-with-power-3-or-greater-enters.yaml, 208-1-destroy-all-creatures-with-power-4-or-greater.yaml (a
power after the layers: Giant Growth; test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from bridge.selectors import compare
from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.selector import Selector

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Collar the Culprit', 'Destroy target creature with toughness 4 or greater.',
     {'kind': 'spell', 'targets': [{'what': 'creature', 'quality': {'toughness_at_least': 4}}],
      'one_shot': [{'op': 'destroy'}]}),
    ('Abrupt Decay', 'Destroy target nonland permanent with mana value 3 or less.',
     {'kind': 'spell', 'targets': [{'what': 'permanent', 'quality': {'not_types': ['Land'], 'mana_value_at_most': 3}}],
      'one_shot': [{'op': 'destroy'}]}),
    ('Despark', 'Exile target permanent with mana value 4 or greater.',
     {'kind': 'spell', 'targets': [{'what': 'permanent', 'quality': {'mana_value_at_least': 4}}],
      'one_shot': [{'op': 'exile'}]}),
    ('Puncturing Light', 'Destroy target attacking or blocking creature with power 3 or less.',
     {'kind': 'spell', 'targets': [{'what': 'creature', 'quality': {'any_of': [{'attacking': True}, {'blocking': True}],
                                                                    'power_at_most': 3}}],
      'one_shot': [{'op': 'destroy'}]}),
    ('Elemental Bond', 'Whenever a creature you control with power 3 or greater enters, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1}],
      'trigger': {'event': 'enters', 'subjects': {'types': ['Creature'], 'controller': 'you', 'power_at_least': 3}}}),
    ('Colossal Majesty', 'At the beginning of your upkeep, if you control a creature with power 4 or greater, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1}], 'trigger': {'at_beginning_of': 'upkeep'},
      'if_condition': {'count': {'types': ['Creature'], 'controller': 'you', 'power_at_least': 4}}}),
    ('Dusk // Dawn', 'Destroy all creatures with power 3 or greater.',
     {'kind': 'spell', 'one_shot': [{'op': 'destroy', 'what': 'each', 'each': {'types': ['Creature'],
                                                                                'power_at_least': 3}}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_compare_bounds():
    """208.1, 202.3: the bounds hold inclusive; an object with no power or toughness matches no comparison on it."""
    sel = Selector(power_at_least=3, mana_value_at_most=4)
    assert compare(sel, 3, 3, 4) and compare(sel, 5, 1, 0)
    assert not compare(sel, 2, 5, 4) and not compare(sel, 3, 3, 5) and not compare(sel, None, None, 0)
    assert compare(Selector(mana_value_at_least=1), None, None, 1)  # a noncreature: its mana value only
    assert not compare(Selector(toughness_at_most=2), 1, None, 0)


def test_old_readings_kept():
    """The families' own readings of the same words stay theirs (objects.lark's comparison has a lower priority):
    a target's power_at_least (TargetSpec), a combat rule's named_power_at_most."""
    [ab] = compile_paragraph("Destroy target creature with power 4 or greater.")
    assert ab.targets[0].power_at_least == 4 and ab.targets[0].quality is None
    [ab] = compile_paragraph("This creature can't be blocked by creatures with power 2 or less.")
    assert ab.combat[0].named_power_at_most == 2


# near misses: a comparison a program would read (a continuous effect, layers; a combat rule's subjects), a number the
# grammar doesn't compare ("X", "total power"), a comparison twice
NOT_READ = [
    "Creatures you control with power 2 or less get +1/+1.",  # a continuous effect (613.8: layer 7 reads power)
    "Creatures with power 2 or less can't block.",  # a combat rule's subjects (the combat program's)
    "When this creature enters, creatures your opponents control with power 2 or less get -1/-1 until end of turn.",
    "Destroy target creature with power X or less.",
    "Destroy target creature with total power and toughness 5 or less.",
    "Destroy all creatures with power 2 or less with power 1 or less.",
    "Exile target permanent with mana value 3.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph) is None
