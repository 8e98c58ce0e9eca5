"""Family 5's "that creature" after a trigger on one creature's entering, attacking, becoming tapped or dealing combat
damage to a player (engine/vocab/oracle/oneshot_that.py, called by oneshot_dmg.that_refs; 603.2, 603.6a, 508.2a,
510.2): "Whenever another creature you control enters, put a +1/+1 counter on that creature" (`to: that`), "... that
creature gets +3/+3 until end of turn" (`continuous: {applies_to: {that: true}}`, its set fixed as the ability
resolves, 611.2c), "Whenever a creature you control attacks, it gets +2/+2 until end of turn" ("it" as the first
instructions' object): that creature, if it is still that object on the battlefield (400.7).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/603-2-another-creature-enters-that-creature.yaml (a
counter and a continuous effect on the creature that entered, not on the sources) and
400-7-that-creature-left-before-the-trigger-resolves.yaml, 508-2a-a-creature-you-control-attacks-it.yaml (an attack
trigger and a combat damage trigger on each attacker) (test_games.py); the loop's set below.
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
ANOTHER = {'other': True, 'types': ['Creature'], 'controller': 'you'}
ENTERS = {'event': 'enters', 'subjects': ANOTHER}
SELF_OR_ANOTHER = {'event': 'enters', 'subjects': {'any_of': [{'self': True}, ANOTHER]}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Good-Fortune Unicorn',
     'Whenever another creature you control enters, put a +1/+1 counter on that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'that'}],
      'trigger': ENTERS}),
    ('Primal Forcemage',
     'Whenever another creature you control enters, that creature gets +3/+3 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'that': True}, 'do': [{'op': 'modify_pt', 'power': 3,
                                                                               'toughness': 3}]},
      'trigger': ENTERS}),
    ('Fervent Charge',
     'Whenever a creature you control attacks, it gets +2/+2 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'that': True}, 'do': [{'op': 'modify_pt', 'power': 2,
                                                                               'toughness': 2}]},
      'trigger': {'event': 'attacks', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Gleam of Battle',
     'Whenever a creature you control attacks, put a +1/+1 counter on it.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'that'}],
      'trigger': {'event': 'attacks', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Cazur, Ruthless Stalker',
     'Whenever a creature you control deals combat damage to a player, put a +1/+1 counter on that creature.',
     {'kind': 'triggered', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'that'}],
      'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True,
                  'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Ambuscade Shaman',
     'Whenever this creature or another creature you control enters, that creature gets +2/+2 until end of turn.',
     {'kind': 'triggered', 'continuous': {'applies_to': {'that': True}, 'do': [{'op': 'modify_pt', 'power': 2,
                                                                               'toughness': 2}]},
      'trigger': SELF_OR_ANOTHER}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_haste_and_an_opponents_creature():
    """Ogre Battledriver's (without its reminder text): one effect on that creature, two layers; an opponent's
    creature entering: "tap that creature. It doesn't untap ..." (the "it" after it is that creature too)."""
    [ab] = oneshot.read(bare("Whenever another creature you control enters, that creature gets +2/+0 and gains haste "
                             "until end of turn.", ""))
    assert ab["continuous"] == {"applies_to": {"that": True}, "do": [
        {"op": "modify_pt", "power": 2, "toughness": 0}, {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}
    [ab] = oneshot.read(bare("Whenever a creature an opponent controls enters, tap that creature. It doesn't untap "
                             "during its controller's next untap step.", ""))
    assert ab["one_shot"] == [{"op": "tap", "what": "that"}, {"op": "doesnt_untap_next", "what": "that"}]


# near misses: "that creature" the trigger doesn't name as one creature that entered, or an effect the loop doesn't
# put on it
NOT_READ = [
    "Whenever another creature you control enters or dies, put a +1/+1 counter on that creature.",  # two events
    "Whenever another artifact you control enters, put a +1/+1 counter on that creature.",  # maybe no creature
    "Whenever this enchantment or another enchantment you control enters, that creature gets +2/+2 until end of turn.",
    "Whenever a creature you control dies, put a +1/+1 counter on that creature.",  # 400.7: not on the battlefield
    "Whenever another creature you control enters, draw a card. Put a +1/+1 counter on it.",  # "it" after another
    "Whenever another creature you control enters, it deals 1 damage to any target.",  # its damage: not read
    "Whenever a creature you control enters, sacrifice it.",  # no operation the loop does on "that"
    "Whenever a creature attacks, this artifact deals 1 damage to it.",
    "Whenever you attack, it gets +1/+0 until end of turn.",  # no one creature
    "Whenever one or more creatures you control deal combat damage to a player, put a +1/+1 counter on that creature.",
    "Whenever equipped creature deals combat damage to a player, put a +1/+1 counter on that creature.",
    "Whenever a creature you control enters, that creature gets +2/+0 until end of turn. It gains trample until end "
    "of turn.",  # two effects
    "Whenever you cast a creature spell, that creature gets +1/+1 until end of turn.",
    "Whenever another creature you control enters, target creature gets +1/+1 until end of turn and that creature "
    "gains haste until end of turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_fixed_set_is_that_object_only():
    """611.2c, 400.7: the loop's set for applies_to {that: true}: the creature the ability's "that" reference names
    while it is that object on the battlefield, nothing once it left (engine/game/eff_ops.fixed_set)."""
    from types import SimpleNamespace

    from engine.game import eff_ops
    from engine.vocab.selector import Selector

    said = []
    here = {"b1": ("b1", "battlefield")}
    game = SimpleNamespace(resolution=SimpleNamespace(resolving_refs={"that": ("b1", "battlefield")}),
                           same=lambda ref: here.get(ref[0]) == ref, say=lambda rule, text: said.append(rule))
    spec = Selector.model_validate({"that": True})
    assert eff_ops.fixed_set(game, spec, "src", "Primal Forcemage") == ("b1",)
    here.clear()  # it left the battlefield (a new object, 400.7)
    assert eff_ops.fixed_set(game, spec, "src", "Primal Forcemage") == () and said == ["400.7"]
    assert eff_ops.fixed_set(game, Selector.model_validate({"types": ["Creature"]}), "src", "X") is None
