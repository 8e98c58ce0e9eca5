"""The value of X announced (107.3a): X in the cost of an activated ability (oneshot.lark's os_cost_part OS_X_MANA,
602.2b: its controller announces X as they activate it; the total cost has X in it, 601.2f), and the instructions that
say X (engine/vocab/oracle/xvalue.lark, reader engine/vocab/oracle/xvalue.py: draw, mill, gain, lose X, put X +1/+1
counters, -X/-X, monstrosity X; the damage, tokens and searches that said a spell's X already), read in a spell or in such an
activated ability only (oneshot.py's x_cost). The loop: engine/game/xvalue.py (the X kept with the ability on the
stack), engine/game/amounts.py quantity ({x: announced}).

A pump's X ("Target creature gets -X/-X until end of turn.": {x: announced, times: -1}) is fixed as the effect begins
(611.2d: engine/game/instructions.py counted_now, the layers' choices.counted; bridge/counting.py counted_values).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/602-2b-activated-x-mills-x-cards.yaml,
602-2b-activated-x-damage-sacrificed-source.yaml, 602-2b-activated-x-pump.yaml, 107-3a-spell-draws-x-gains-x.yaml,
611-2c-spell-x-pump-and-minus-x.yaml, 701-37a-monstrosity-x.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import Activate, Cast
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by, parse_activation_cost
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
X = {'x': 'announced'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (a spell's text: that paragraph)
EXAMPLES = [
    ('Sands of Delirium', '{X}, {T}: Target player mills X cards.',
     {'kind': 'activated', 'cost': '{X}, {T}', 'effect': 'Target player mills X cards.', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'mill', 'amount': X, 'who': 'target'}]}),
    ('Whetwheel', '{X}{X}, {T}: Target player mills X cards.',
     {'kind': 'activated', 'cost': '{X}{X}, {T}', 'effect': 'Target player mills X cards.',
      'targets': [{'what': 'player'}], 'one_shot': [{'op': 'mill', 'amount': X, 'who': 'target'}]}),
    ('Oracle of Nectars', '{X}, {T}: You gain X life.',
     {'kind': 'activated', 'cost': '{X}, {T}', 'effect': 'You gain X life.',
      'one_shot': [{'op': 'gain_life', 'amount': X, 'who': 'you'}]}),
    ('Goblin Dynamo', '{X}{R}, {T}, Sacrifice this creature: It deals X damage to any target.',
     {'kind': 'activated', 'cost': '{X}{R}, {T}, Sacrifice this creature', 'effect': 'It deals X damage to any target.',
      'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': 'x'}]}),
    ('Ballista Squad', '{X}{W}, {T}: This creature deals X damage to target attacking or blocking creature.',
     {'kind': 'activated', 'cost': '{X}{W}, {T}',
      'effect': 'This creature deals X damage to target attacking or blocking creature.',
      'targets': [{'what': 'creature', 'quality': {'any_of': [{'attacking': True}, {'blocking': True}]}}],
      'one_shot': [{'op': 'damage', 'amount': 'x'}]}),
    ('Silklash Spider', '{X}{G}{G}: This creature deals X damage to each creature with flying.',
     {'kind': 'activated', 'cost': '{X}{G}{G}', 'effect': 'This creature deals X damage to each creature with flying.',
      'one_shot': [{'op': 'damage', 'amount': 'x', 'to': 'each',
                    'each': {'types': ['Creature'], 'keywords': ['flying']}}]}),
    ('Domesticated Hydra', '{X}{G}{G}{G}: Monstrosity X.',
     {'kind': 'activated', 'cost': '{X}{G}{G}{G}', 'effect': 'Monstrosity X.',
      'one_shot': [{'op': 'monstrosity', 'amount': X}]}),
    ('Toxic Deluge', 'As an additional cost to cast this spell, pay X life.',
     {'kind': 'static', 'costs': {'additional': {'verb': 'pay_life', 'count': 'x'}}}),
    ('Sickening Dreams', 'As an additional cost to cast this spell, discard X cards.',
     {'kind': 'static', 'costs': {'additional': {'verb': 'discard', 'count': 'x'}}}),
    ('Toxic Deluge', 'All creatures get -X/-X until end of turn.',
     {'kind': 'spell', 'continuous': {'applies_to': {'types': ['Creature']},
                                      'do': [{'op': 'modify_pt', 'power': dict(X, times=-1),
                                              'toughness': dict(X, times=-1)}]}}),
    ('Braingeyser', 'Target player draws X cards.',
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{'op': 'draw', 'amount': X, 'who': 'target'}]}),
    ('Mind Spring', 'Draw X cards.',
     {'kind': 'spell', 'one_shot': [{'op': 'draw', 'amount': X, 'who': 'you'}]}),
    ('Death Wind', 'Target creature gets -X/-X until end of turn.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}],
      'continuous': {'do': [{'op': 'modify_pt', 'power': dict(X, times=-1), 'toughness': dict(X, times=-1)}]}}),
    ('Untamed Might', 'Target creature gets +X/+X until end of turn.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}],
      'continuous': {'do': [{'op': 'modify_pt', 'power': X, 'toughness': X}]}}),
    ('Cackling Witch', '{X}{B}, {T}, Discard a card: Target creature gets +X/+0 until end of turn.',
     {'kind': 'activated', 'cost': '{X}{B}, {T}, Discard a card', 'effect': 'Target creature gets +X/+0 until end of turn.',
      'targets': [{'what': 'creature'}], 'continuous': {'do': [{'op': 'modify_pt', 'power': X, 'toughness': 0}]}}),
    ('Stream of Life', 'Target player gains X life.',
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{'op': 'gain_life', 'amount': X, 'who': 'target'}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    # (an activated ability is its cost and effect, the paragraph's two sides)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_an_x_the_sentence_defines_stays_that_value():
    """107.3a: "..., where X is ..." defines X (quantity.lark's os_x_pair): not the announced X."""
    [ab] = oneshot.read(bare("You draw X cards and you lose X life, where X is the number of Vampires you control.", ""))
    vampires = {'count': {'subtypes': ['Vampire'], 'controller': 'you'}}
    assert [op["amount"] for op in ab["one_shot"]] == [vampires, vampires]
    [ab] = oneshot.read(bare("You draw X cards and you lose X life.", ""))
    assert [op["amount"] for op in ab["one_shot"]] == [X, X]


# near misses: an X nobody announced here, or a part not read
NOT_READ = [
    "{2}, {T}: Target player mills X cards.",  # no {X} in the cost
    "When this creature enters, draw X cards.",  # a triggered ability's X (107.3: chosen as it resolves)
    "At the beginning of your upkeep, you gain X life.",
    "{1}, {T}: Put X +1/+1 counters on this creature.",
    "{X}, {T}: This creature deals X damage to target creature. Spend only red mana on X.",  # (not read)
    "{X}, {T}: Put up to X +1/+0 counters on this creature.",
    "{X}, {T}, Remove X charge counters from this artifact: It deals X damage to any target.",  # an X cost part
    "Draw X cards, where X is the number of cards named Zzyzx in all graveyards.",  # (a quantity not read)
    "Target player draws X card.",  # a singular noun
    "When this creature enters, target creature gets -X/-X until end of turn.",
    "{2}{G}: Monstrosity X.",
    "{X}: Target creature gets -X/-X.",  # no duration
    "{2}, Sacrifice X Squirrels: Target creature gets +X/-X until end of turn.",  # an X cost part
    "As an additional cost to cast this spell, sacrifice X creatures.",  # (not paid yet)
    "As an additional cost to cast this spell, discard X card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph, "Zzyzx") is None


def test_x_in_a_cost_part():
    """107.3a, 602.2b: "Pay X life" in an activation cost is X announced as it is activated: the effect's X is it."""
    [ab] = oneshot.read(bare("{B}, Pay X life: Target player draws X cards.", ""))
    assert ab["one_shot"] == [{"op": "draw", "amount": X, "who": "target"}]
    assert parse_activation_cost(ab["cost"]).has_x and not parse_activation_cost("{B}, Pay 2 life").has_x


def test_announced_x_is_range_checked():
    """107.3a: the value a player announces reaches the programs (clingo's integers are 32-bit): 0 to 1,000,000."""
    assert Activate(activate="a", ability=1, x=3).x == 3
    for bad in (-1, 2**31):
        with pytest.raises(ValidationError):
            Activate(activate="a", ability=1, x=bad)
        with pytest.raises(ValidationError):
            Cast(cast="a", x=bad)
