"""Family 2's commanders, unions and spells' keywords (engine/vocab/oracle/statics.lark; readers
engine/vocab/oracle/statics_commander.py, statics_values.py's st_subject_union, statics.py's SPELL_KEYWORDS):

- 903.3: a commander is a designation of a card, kept in every zone: "Commander creatures you own / you control",
  "Commanders you control", "Your commander" (the selector's ``commander``) and the Lieutenant condition "as long as you
  control your commander" (a count of the commanders its controller owns and controls). The layers program reads the
  designation (asp_rules/selectors.lp: sel_commander/1 with commander/1; a board's ``commander: true``).
- "[effect] unless it's attacking (or blocking)" (611.3a, 506.4: the condition's negation); "[A]. If [condition], [B]
  instead." (611.3a: A under the condition's negation, B under the condition).
- 708.2: "Face-down creatures you control", "for each face-down creature on the battlefield" (the selector's
  ``face_down``: a face-down permanent, a board's ``face_down: true``; selectors.lp's sel_face_down/1).
- "Other Treefolk and Forests you control": the qualifiers after the second noun ("you control") and "Other" before the
  first qualify both groups of a union.
- 613.1f: keywords an effect gives spells ("Spells you cast have split second"): read only where the game loop reads
  that keyword of a spell from the layers (the cast's costs, the damage it deals, engine/game/spell_keywords.py's
  cascade, storm, rebound and split second).

The cards are the card database's; each example asserts the database's paragraph first. The layers cases:
tests/data/layers/commander.yaml, union_qualifiers.yaml (test_layers_cases.py); the games:
tests/data/games/903-3-commander-creatures-you-control.yaml, 702-61a-split-second-granted.yaml,
702-40a-storm-granted.yaml, 702-88a-rebound-granted.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
MINE = {'types': ['Creature'], 'controller': 'you', 'commander': True}
OWNED = {'types': ['Creature'], 'owner': 'you', 'commander': True}
YOUR_COMMANDER = {'count': {'commander': True, 'owner': 'you', 'controller': 'you'}, 'at_least': 1}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _static(applies_to, do, **more):
    cont = dict({'applies_to': applies_to} if applies_to is not None else {}, do=do, **more)
    return {'kind': 'static', 'continuous': cont}


def _kw(*names):
    return {'op': 'add_abilities', 'abilities': [{'keyword': n} for n in names]}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Bastion Protector', 'Commander creatures you control get +2/+2 and have indestructible.',
     _static(MINE, [{'op': 'modify_pt', 'power': 2, 'toughness': 2}, _kw('indestructible')])),
    ('Raised by Giants',
     'Commander creatures you own have base power and toughness 10/10 and are Giants in addition to their other types.',
     _static(OWNED, [{'op': 'set_base_pt', 'power': 10, 'toughness': 10}, {'op': 'add_subtypes', 'subtypes': ['Giant']}])),
    ('Falthis, Shadowcat Familiar', 'Commanders you control have menace and deathtouch.',
     _static({'controller': 'you', 'commander': True}, [_kw('menace', 'deathtouch')])),
    ('Anara, Wolvid Familiar', 'During your turn, commanders you control have indestructible.',
     _static({'controller': 'you', 'commander': True}, [_kw('indestructible')], during='your_turn')),
    ('My Champion Stands Supreme', 'Your commander has ward {2}.',
     _static({'owner': 'you', 'commander': True}, [{'op': 'add_abilities', 'abilities': [{'keyword': 'ward', 'cost': '{2}'}]}])),
    ('Skyhunter Strike Force', 'Lieutenant — As long as you control your commander, other creatures you control have melee.',
     _static({'types': ['Creature'], 'controller': 'you', 'other': True}, [_kw('melee')], condition=YOUR_COMMANDER)),
    ('Timber Protector', 'Other Treefolk and Forests you control have indestructible.',
     _static({'any_of': [{'subtypes': ['Treefolk'], 'controller': 'you', 'other': True},
                         {'subtypes': ['Forest'], 'controller': 'you', 'other': True}]}, [_kw('indestructible')])),
    ('Glorious Dragon-Kin', 'Artifact creatures and Dragons you control have protection from the chosen color.',
     _static({'any_of': [{'types': ['Artifact', 'Creature'], 'controller': 'you'}, {'subtypes': ['Dragon'], 'controller': 'you'}]},
             [{'op': 'add_abilities', 'abilities': [{'keyword': 'protection', 'quality': 'chosen color'}]}])),
    ('Tadeas, Juniper Ascendant', "Tadeas has hexproof unless it's attacking.",
     _static(None, [_kw('hexproof')], condition={'count': {'self': True, 'attacking': True}, 'at_least': 0, 'at_most': 0})),
    ('Secret Plans', 'Face-down creatures you control get +0/+1.',
     _static({'types': ['Creature'], 'controller': 'you', 'face_down': True}, [{'op': 'modify_pt', 'toughness': 1}])),
    ('Primal Whisperer', 'This creature gets +2/+2 for each face-down creature on the battlefield.',
     _static(None, [{'op': 'modify_pt', 'power': {'count': {'types': ['Creature'], 'face_down': True}, 'times': 2},
                     'toughness': {'count': {'types': ['Creature'], 'face_down': True}, 'times': 2}}])),
    ('The Misty Stepper', 'Spells you cast have split second.',
     _static({'zone': 'stack', 'controller': 'you'}, [_kw('split second')])),
    ('Teval, Arbiter of Virtue', 'Spells you cast have delve.',
     _static({'zone': 'stack', 'controller': 'you'}, [_kw('delve')])),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_the_lieutenant_condition_with_a_granted_trigger(db, lib):  # noqa: F811
    """Stormsurge Kraken: the condition counts the commanders its controller owns and controls (903.3); the granted
    trigger compiled as a paragraph of its own (613.1f)."""
    paragraph = ('Lieutenant — As long as you control your commander, this creature gets +2/+2 and has "Whenever this '
                 'creature becomes blocked, you may draw two cards."')
    record = database_record(db, lib, "Stormsurge Kraken", paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    cont = ab.continuous
    assert cont.condition.count.commander and cont.condition.count.owner == "you" and cont.condition.count.controller == "you"
    assert [op.op for op in cont.do] == ["modify_pt", "add_abilities"]
    assert "play (613.1f" in executable_by(ab)


def test_unless_attacking_or_blocking():
    """611.3a, 506.4: Tromokratis (a card file of the library; the database's paragraph): neither attacking nor
    blocking."""
    [ab] = statics.read(bare("Tromokratis has hexproof unless it's attacking or blocking.", "Tromokratis"))
    assert ab["continuous"]["if"] == {"count": {"self": True, "attacking": False, "blocking": False}, "at_least": 1}
    assert ab["continuous"]["do"] == [_kw('hexproof')]


def test_instead(db, lib):  # noqa: F811
    """611.3a: Relic Axe: "+1/+1" while the equipped creature isn't a Warrior, "+2/+1 instead" while it is (two
    abilities, one effect at a time)."""
    paragraph = "Equipped creature gets +1/+1. If it's a Warrior, it gets +2/+1 instead."
    record = database_record(db, lib, "Relic Axe", paragraph)
    first, second = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    warrior = {'count': {'attached': True, 'types': ['Creature'], 'subtypes': ['Warrior']}}
    assert first.continuous.model_dump(by_alias=True, exclude_defaults=True) == {
        'applies_to': {'attached': True, 'types': ['Creature']}, 'if': dict(warrior, at_least=0, at_most=0),
        'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 1}]}
    assert second.continuous.model_dump(by_alias=True, exclude_defaults=True) == {
        'applies_to': {'attached': True, 'types': ['Creature']}, 'if': warrior, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 1}]}


# near misses: what the vocabulary or the loop can't say
NOT_READ = [
    "Commander creatures get +2/+2.",  # whose? (no controller, no owner)
    "Commanders you own have hexproof.",  # "own" of any commander: not read (only "Commander creatures you own")
    "As long as you control your commanders, this creature has flying.",
    "Commander creatures you control get +2/+2 and haste.",  # no verb before the keyword
    "Commander spells you cast have demonstrate.",  # a keyword of commander spells the loop doesn't read (702.144)
    "This face-down creature gets +1/+1.",  # face-down of a single object
    "Face-down creatures and Elves you control get +1/+1.",  # of a union
    "Spells you cast have ripple 4.",  # 702.60: a keyword of spells the loop doesn't read from the layers
    "Creature spells you cast have demonstrate.",  # 702.144: nor this one
    "The first instant or sorcery spell you cast each turn has casualty 1.",  # 702.153: no selector of the first spell
    "Other nontoken artifact creatures and Vehicles you control have indestructible.",  # "nontoken": of both groups?
    "This creature has flying unless you control a Forest.",  # "unless" of another condition than combat's
    "This creature has flying unless it's tapped.",
    # "instead" of another effect, or under a condition whose negation the vocabulary lacks ("no opponent has ...")
    # and of a change that isn't a fixed number (Mind Carver's fixed ones are read now: statics_records.py's
    # instead_by_difference, test_oracle_records.py)
    "Equipped creature gets +1/+1. If it's a Warrior, it gets +2/+1 and has haste instead.",
    "Equipped creature gets +1/+0. It gets +X/+1 instead as long as an opponent has eight or more cards in their "
    "graveyard.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None
