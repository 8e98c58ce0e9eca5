"""Discover N (701.57a, the seed text), a keyword action of family 5
(engine/vocab/oracle/oneshot.lark: ``os_discover``, read by engine/vocab/oracle/oneshot_actions.py): "Discover 4." ->
``{op: discover, amount: 4}`` (engine/vocab/oneshot_actions.py: Discover), executed by engine/game/discover.py, the
procedure cascade's (702.85a) with N + 1 as the bound and the card not cast put into its owner's hand.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/701-57a-discover-cast.yaml (a card of mana value N
found and cast free, a land and a card of greater mana value passed over), 701-57a-discover-not-cast-to-hand.yaml (not
cast: into the hand) (test_games.py).
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
    ('Trumpeting Carnosaur', 'When this creature enters, discover 5.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'one_shot': [{'op': 'discover', 'amount': 5}]}),
    ('Primordial Gnawer', 'When this creature dies, discover 3.',
     {'kind': 'triggered', 'trigger': {'event': 'dies'}, 'one_shot': [{'op': 'discover', 'amount': 3}]}),
    ('Daring Discovery', 'Discover 4.',
     {'kind': 'spell', 'one_shot': [{'op': 'discover', 'amount': 4}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_an_activated_discover_of_a_land():
    [ab] = compile_paragraph("{4}{R}, {T}, Sacrifice this land: Discover 4. Activate only as a sorcery.")
    assert ab.kind == "activated" and [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        {'op': 'discover', 'amount': 4}]


@pytest.mark.parametrize("paragraph", [
    "Discover X, where X is the number of cards in your hand.",  # a counted N: not read
    "Target player discovers 3.",  # another player discovers: not read
    "Discover 3 twice.",
    "Discover.",
])
def test_near_misses_are_not_read(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or not any(op.op == "discover" for ab in found for op in getattr(ab, "one_shot", None) or ())
