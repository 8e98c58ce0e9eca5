"""Keywords that change how a spell is cast (601.2b, 601.2f-h; the current official rules, the seed text stops at
702.42): bargain (702.166a-d: an optional additional cost; "If this spell was bargained", "When this creature enters, if
it was bargained", "This spell costs {2} less to cast if it's bargained"), casualty N (702.153a), conspire (702.78a),
assist (702.132a), escalate (702.120a) and buyback's cost in words (702.27a). The keyword lines are family 1
(engine/vocab/oracle/compile.py), executed by the game loop (engine/game/optional_costs.py, assist.py); the sentences
are family 5 (oneshot_ifcond.py, oneshot_ifevent.py) and the costs family (costs.lark's cs_if_bargained).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/702-166a-bargain-enters-trigger.yaml,
702-166b-bargained-costs-less.yaml, 608-2c-if-this-spell-was-bargained.yaml, 702-153a-casualty-copy.yaml,
702-78a-conspire-copy.yaml, 702-132a-assist.yaml, 702-120a-escalate.yaml, 702-27a-buyback-cost-in-words.yaml.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.activation import cost_in_words
from engine.vocab.cardfile import Ability, KeywordAbility, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Troublemaker Ouphe',
     'When this creature enters, if it was bargained, exile target artifact or enchantment an opponent controls.',
     {'kind': 'triggered', 'trigger': {'event': 'enters', 'if_bargained': True},
      'targets': [{'what': 'permanent', 'types': ['Artifact', 'Enchantment'], 'controller': 'opponent'}],
      'one_shot': [{'op': 'exile'}]}),
    ('High Fae Negotiator',
     'When this creature enters, if it was bargained, each opponent loses 3 life and you gain 3 life.',
     {'kind': 'triggered', 'trigger': {'event': 'enters', 'if_bargained': True},
      'one_shot': [{'op': 'lose_life', 'amount': 3, 'who': 'each_opponent'}, {'op': 'gain_life', 'amount': 3}]}),
    ('Hamlet Glutton',
     "This spell costs {2} less to cast if it's bargained.",
     {'kind': 'static', 'costs': {'reduce': 2, 'spells': {'self': True}, 'if_bargained': True}}),
    ('Ice Out',
     "This spell costs {1} less to cast if it's bargained.",
     {'kind': 'static', 'costs': {'reduce': 1, 'spells': {'self': True}, 'if_bargained': True}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    abilities = card_file(record).abilities
    got = [a for a in abilities if getattr(a, "text", None) == paragraph]
    assert len(got) == 1, abilities
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert got[0].model_dump(exclude_defaults=True) == want.model_dump(exclude_defaults=True)
    assert executable_by(got[0]) is not None


# the keyword lines: name, the keyword as the card file has it; each executable (its card fully executable)
KEYWORDS = [
    ('Troublemaker Ouphe', {'keyword': 'bargain'}),
    ('Light \'Em Up', {'keyword': 'casualty', 'n': 2}),
    ('Gleeful Sabotage', {'keyword': 'conspire'}),
    ('Bring Down', {'keyword': 'assist'}),
    ('Borrowed Grace', {'keyword': 'escalate', 'cost': '{1}{W}'}),
    ('Collective Brutality', {'keyword': 'escalate', 'cost': 'Discard a card.'}),
    ('Slaughter', {'keyword': 'buyback', 'cost': 'Pay 4 life.'}),
    ('Constant Mists', {'keyword': 'buyback', 'cost': 'Sacrifice a land.'}),
]


@pytest.mark.parametrize("name, fields", KEYWORDS, ids=[k[0] for k in KEYWORDS])
def test_keyword_executable(db, lib, name, fields):  # noqa: F811
    record = db.get(name)
    assert lib.get(name, database=False) is None
    abilities = card_file(record).abilities
    [kw] = [a for a in abilities if isinstance(a, KeywordAbility) and a.keyword == fields['keyword']]
    assert kw.model_dump(include=set(fields)) == fields
    assert executable_by(kw) is not None
    assert all(executable_by(a) is not None for a in abilities), name


def test_if_this_spell_was_bargained_reads():
    """702.166b, 608.2c: "If this spell was bargained, ... instead" as kicker's: {op: if, bargained: true}."""
    [ab] = oneshot.read(bare("Draw a card. If this spell was bargained, draw two cards instead.", ""))
    assert ab["one_shot"] == [{"op": "if", "bargained": True, "one_shot": [{"op": "draw", "amount": 2, "who": "you"}],
                               "otherwise": [{"op": "draw", "amount": 1, "who": "you"}]}]


def test_costs_in_words():
    """702.27a, 702.120a: a cost in words is paid as the parts of an activation cost (601.2h); mana symbols are the
    total cost's; words no part reads are not (the keyword stays not executable)."""
    assert [p.verb for p in cost_in_words("Pay 3 life, Discard a card at random.").parts] == ["pay_life", "discard"]
    assert cost_in_words("Sacrifice three Islands.").parts[0].count == 3
    assert cost_in_words("{3}") is None
    assert cost_in_words("Exert a creature you control.") is None
    assert cost_in_words("Sacrifice X lands.") is None
    assert executable_by(KeywordAbility(kind="keyword", keyword="buyback", cost="Exert a creature.")) is None
    assert executable_by(KeywordAbility(kind="keyword", keyword="escalate", cost="Reveal a card.")) is None


def test_bargained_vocabulary_checked():
    """'if_bargained' is an enters trigger's of the source itself; a cost rule's of a reduction of the spell itself."""
    with pytest.raises(ValidationError):
        ABILITY.validate_python({'kind': 'triggered', 'text': 'x', 'trigger': {'event': 'dies', 'if_bargained': True},
                                 'one_shot': [{'op': 'draw', 'amount': 1}]})
    with pytest.raises(ValidationError):
        ABILITY.validate_python({'kind': 'static', 'text': 'x', 'costs': {'increase': 1, 'spells': {'self': True},
                                                                           'if_bargained': True}})


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "This spell costs {2} less to cast if it's kicked.",  # (kicker is announced too; not this template)
    "Whenever you cast a spell, if it was bargained, copy that spell. You may choose new targets for the copy.",  # (Dan)
    "When this creature dies, if it was bargained, draw a card.",  # the source's own enters trigger only
    "Target creature gets +3/+0 until end of turn. If this spell was bargained, that creature also gains flying and "
    "lifelink until end of turn.",  # (a second continuous effect only if bargained; "gets -5/-5 instead" is read)
    "If this spell was bargained, target land you control becomes a 3/3 Elemental creature with haste that's still a "
    "land.",  # (Brave the Wilds: a target of the bargained part, 702.166d)
    "If that spell was bargained, draw a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph, "Example") is None


def test_not_a_keyword_line():
    """"Assist kicker {3}" (All-Star Kicker) and "Splice onto Arcane {1}{R}" stay not executable."""
    for line in ("Assist kicker {3}", "Splice onto Arcane {1}{R}"):
        got = compile_paragraph(line)
        assert got is None or not all(executable_by(a) is not None for a in got), line
