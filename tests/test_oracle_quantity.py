"""The one quantity of the Oracle grammar (engine/vocab/oracle/quantity.lark, reader quantity.py): the value Q that
damage (oneshot.lark's block "counted amounts of damage"), cards drawn or milled, life gained or lost and tokens created
(block "counted amounts of cards, life and tokens", oneshot_amount.py), and pumps and +1/+1 counters (pt_amount.lark)
all read (608.2h, 107.3a): a count, a greatest value, the source's own power or toughness ("its power", as it last
existed on the battlefield), the value of the object sacrificed to pay the cost (112.7a), your life total (119.1). The
game loop determines it once, as the instruction resolves (engine/game/amounts.py quantity).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The game that executes them: tests/data/games/608-2h-life-equal-to-a-quantity.yaml (Packsong Pup,
Diamond Valley, Space-Time Anomaly; test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import compiled_ability, db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
OWN_POWER = {'total': 'power', 'of': {'self': True}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph; an activated
# ability's cost and effect: the compiler's)
EXAMPLES = [
    ('Packsong Pup', 'When this creature dies, you gain life equal to its power.',
     {'kind': 'triggered', 'trigger': {'event': 'dies'},
      'one_shot': [{'op': 'gain_life', 'amount': OWN_POWER, 'who': 'you'}]}),
    ('Mortis Dogs', 'When this creature dies, target player loses life equal to its power.',
     {'kind': 'triggered', 'trigger': {'event': 'dies'}, 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'lose_life', 'amount': OWN_POWER, 'who': 'target'}]}),
    ('Syr Ginger, the Meal Ender', '{2}, {T}, Sacrifice Syr Ginger: You gain life equal to its power.',
     {'kind': 'activated', 'loyalty': False, 'one_shot': [{'op': 'gain_life', 'amount': OWN_POWER, 'who': 'you'}]}),
    ('Diamond Valley', "{T}, Sacrifice a creature: You gain life equal to the sacrificed creature's toughness.",
     {'kind': 'activated', 'loyalty': False,
      'one_shot': [{'op': 'gain_life', 'amount': {'sacrificed': 'toughness'}, 'who': 'you'}]}),
    ('Altar of Dementia', "Sacrifice a creature: Target player mills cards equal to the sacrificed creature's power.",
     {'kind': 'activated', 'loyalty': False, 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'mill', 'amount': {'sacrificed': 'power'}, 'who': 'target'}]}),
    ('Space-Time Anomaly', 'Target player mills cards equal to your life total.',
     {'kind': 'spell', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'mill', 'amount': {'life': 'you'}, 'who': 'target'}]}),
    ('Storm Herd', 'Create X 1/1 white Pegasus creature tokens with flying, where X is your life total.',
     {'kind': 'spell', 'one_shot': [{'op': 'create_token', 'token': 'Pegasus', 'amount': {'life': 'you'},
                                     'definition': None}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    if expected['kind'] == 'activated':  # (its cost and effect as the compiler keeps them)
        ab = compiled_ability(record, paragraph)
        assert ab == ABILITY.validate_python(dict(expected, cost=ab.cost, effect=ab.effect))
        return
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.text == paragraph]
    assert len(got) == 1 and executable_by(got[0]) is not None
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    if 'definition' in expected['one_shot'][0]:  # (the token's: the compiler's)
        assert got[0].one_shot[0].amount == want.one_shot[0].amount
        return
    assert want == got[0]


def test_one_quantity_everywhere():
    """quantity.lark's forms read by every counted instruction: a greatest value in a draw, "N plus" in a pump (its
    negation negates both), your life total in a loss of life."""
    def one(text):
        [ab] = oneshot.read(bare(text, "Foo"))
        return ab
    greatest = {'greatest': 'power', 'of': {'types': ['Creature'], 'controller': 'you'}}
    assert one("Draw cards equal to the greatest power among creatures you control.")["one_shot"] == [
        {'op': 'draw', 'amount': greatest, 'who': 'you'}]
    pump = one("Target creature gets -X/-X until end of turn, where X is 2 plus the number of Goblins you control.")
    goblins = {'count': {'subtypes': ['Goblin'], 'controller': 'you'}, 'times': -1, 'plus': -2}
    assert pump["continuous"]["do"] == [{'op': 'modify_pt', 'power': goblins, 'toughness': goblins}]
    assert one("Each opponent loses life equal to your life total.")["one_shot"] == [
        {'op': 'lose_life', 'amount': {'life': 'you'}, 'who': 'each_opponent'}]


# near misses: "its" of another object than the source, a quantity of a hand or of "it" the instruction can't name
NOT_READ = [
    # the target's, after a regeneration shield (read now after an instruction on the target: test_oracle_chosen.py)
    "Regenerate target creature. You gain life equal to its toughness.",
    "Exile target creature and target artifact. You gain life equal to its power.",  # two targets: whose
    "Whenever a creature you control dies, you gain life equal to its power.",  # the dying creature's
    "When enchanted creature dies, you gain life equal to its power.",
    "When this creature enters, target creature's controller loses life equal to its power.",
    "When this creature enters, draw cards equal to the number of charge counters on it.",
    "You gain life equal to the number of cards in that player's hand.",
    "When this creature dies, you gain life equal to its mana value.",
    "Whenever you cast a Spirit or Arcane spell, you may gain life equal to that spell's mana value.",
    # 608.2h: the counters on the source a cost sacrificed (as it last existed: not kept); a creature sacrificed as it
    # resolves ("If you do"), no cost's (Feed the Pack)
    "Sacrifice this enchantment: Target creature gets +X/+X until end of turn, where X is the number of verse counters "
    "on this enchantment.",
    "At the beginning of your end step, you may sacrifice a nontoken creature. If you do, create X 2/2 green Wolf "
    "creature tokens, where X is the sacrificed creature's toughness.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
