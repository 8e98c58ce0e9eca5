"""Keyword actions of family 5 read in issue 21 (engine/vocab/oracle/oneshot.lark: ``os_populate``, ``os_endure``, read
by engine/vocab/oracle/oneshot_actions.py; the operations engine/vocab/oneshot_actions.py's, executed by
engine/game/actions.py): populate (701.36a-b: a copy of a creature token its controller controls, chosen; none without
one) and endure N (701.63a-b: N +1/+1 counters on the source or an N/N white Spirit creature token, its controller's
choice; nothing for endure 0). Discover N has tests/test_oracle_discover.py.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/701-36a-populate.yaml (none without a creature token,
701.36b; the copy of the Bird just created), 701-63a-endure.yaml (the counters, then the token) (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it (reminder text aside, 207.1), the ability it compiles to
EXAMPLES = [
    ('Wake the Reflections', 'Populate.', {'kind': 'spell', 'one_shot': [{'op': 'populate'}]}),
    ('Growing Ranks', 'At the beginning of your upkeep, populate.',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'upkeep'}, 'one_shot': [{'op': 'populate'}]}),
    ('Fortress Kin-Guard', 'When this creature enters, it endures 1.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'one_shot': [{'op': 'endure', 'what': 'self', 'amount': 1}]}),
    ('Anafenza, Unyielding Lineage', 'Whenever another nontoken creature you control dies, Anafenza endures 2.',
     None),
    ('Sinkhole Surveyor', 'Whenever this creature attacks, you lose 1 life and this creature endures 1.',
     {'kind': 'triggered', 'trigger': {'event': 'attacks'}, 'one_shot': [
         {'op': 'lose_life', 'amount': 1, 'who': 'you'}, {'op': 'endure', 'what': 'self', 'amount': 1}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [ab for ab in card_file(record).abilities if getattr(ab, "text", None) == paragraph]
    assert len(found) == 1 and executable_by(found[0]) is not None
    if expected is not None:
        assert found[0] == ABILITY.validate_python(dict(expected, text=paragraph))
    else:  # (the trigger's selector is another test's): the instruction
        assert [op.model_dump(exclude_defaults=True) for op in found[0].one_shot] == [
            {'op': 'endure', 'what': 'self', 'amount': 2}]


def test_create_then_populate():
    [ab] = compile_paragraph("Create a 1/1 white Bird creature token with flying, then populate.")
    assert [op.op for op in ab.one_shot] == ["create_token", "populate"]


@pytest.mark.parametrize("paragraph", [
    "Populate X times.",  # a counted number of times: not read
    "Populate twice.",
    "Whenever a creature you control attacks, it endures 1.",  # "it": the attacker, not the source
    "Tap target creature, then it endures 2.",  # "it": the target
    "Target creature endures 2.",
    "It endures X, where X is the number of counters on this creature.",
])
def test_near_misses_are_not_read(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or not any(op.op in ("populate", "endure") for ab in found
                                    for op in getattr(ab, "one_shot", None) or ())


# 702.24a: cumulative upkeep with a cost of life (119.4), executed by engine/game/cumulative.py (game
# tests/data/games/702-24a-cumulative-upkeep-pay-life.yaml); costs in other words stay not executable
@pytest.mark.parametrize("paragraph, executable", [
    ("Cumulative upkeep—Pay 1 life.", True),  # Gallowbraid, Morinfen, Dystopia
    ("Cumulative upkeep—Pay 2 life.", True),  # Glacial Chasm, Inner Sanctum
    ("Cumulative upkeep {1}", True),
    ("Cumulative upkeep—Pay {B} and 1 life.", False),  # Infernal Darkness: mana and life
    ("Cumulative upkeep—Exile the top card of your library.", False),
    ("Cumulative upkeep—An opponent gains 1 life.", False),
])
def test_cumulative_upkeep_costs(paragraph, executable):
    [ab] = compile_paragraph(paragraph)
    assert ab.keyword == "cumulative upkeep" and (executable_by(ab) is not None) == executable
