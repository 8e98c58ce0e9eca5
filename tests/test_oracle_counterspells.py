"""Counterspells whose cost to avoid being countered is counted as they resolve (engine/vocab/oracle/oneshot_counter.py,
oneshot.lark's block "counterspells (issue 21)"): "Counter target spell unless its controller pays {1} for each card
in your graveyard" (118.12a, 608.2h: Counter.unless_pays_each, engine/game/counter_costs.py) and "If that spell is
countered this way, put it on top of its owner's library instead ..." (614.1a: Counter.library_top). The cards are the card
database's (each example asserts the database's paragraph first); the game is
tests/data/games/118-12a-counter-unless-pays-for-each (Spell Stutter: the Faeries counted as it resolves) and
614-1a-countered-spell-on-top-of-library (Memory Lapse)."""

from __future__ import annotations

import pytest
from engine.files.library import load_library
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


SPELL = {"what": "spell"}
EXAMPLES = [
    ("Circular Logic", "Counter target spell unless its controller pays {1} for each card in your graveyard.",
     {"kind": "spell", "targets": [SPELL], "one_shot": [
         {"op": "counter", "unless_pays_each": {"count": {"zone": "graveyard", "owner": "you"}}}]}),
    ("Spell Stutter", "Counter target spell unless its controller pays {2} plus an additional {1} for each Faerie you "
                      "control.",
     {"kind": "spell", "targets": [SPELL], "one_shot": [
         {"op": "counter", "unless_pays_each": {"count": {"subtypes": ["Faerie"], "controller": "you"}, "plus": 2}}]}),
    ("Spell Syphon", "Counter target spell unless its controller pays {1} for each blue permanent you control.",
     {"kind": "spell", "targets": [SPELL], "one_shot": [
         {"op": "counter", "unless_pays_each": {"count": {"colors": ["blue"], "controller": "you"}}}]}),
    ("Memory Lapse", "Counter target spell. If that spell is countered this way, put it on top of its owner's library "
                     "instead of into that player's graveyard.",
     {"kind": "spell", "targets": [SPELL], "one_shot": [{"op": "counter", "library_top": True}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected


def test_times_is_the_mana_for_each():
    [ab] = compile_paragraph("Counter target spell unless its controller pays {2} for each artifact you control.",
                             "Foo")
    assert ab.one_shot[0].unless_pays_each.times == 2 and ab.one_shot[0].unless_pays_each.plus == 0


NOT_READ = [
    # colored mana for each (only generic mana is counted); {0} for each
    "Counter target spell unless its controller pays {U} for each card in your hand.",
    "Counter target spell unless its controller pays {0} for each card in your hand.",
    # not a spell
    "Counter target creature unless its controller pays {1} for each card in your hand.",
    "Counter target activated ability unless its controller pays {1} for each card in your hand.",
    # counts of something else than objects (a card revealed, discarded, energy paid this way; a party)
    "Counter target spell unless its controller pays {1} for each card revealed this way.",
    "Counter target spell unless its controller pays {1} for each card discarded this way.",
    "Counter target noncreature spell unless its controller pays {1} plus an additional {1} for each creature in your party.",
    "Counter target spell unless its controller pays {1} for each basic land type among lands you control.",
    # "put it on top ... instead" after no counter, after an exile instead, twice
    "Draw a card. If that spell is countered this way, put it on top of its owner's library instead of into that "
    "player's graveyard.",
    "Counter target spell. If that spell is countered this way, exile it instead of putting it into its owner's "
    "graveyard. If that spell is countered this way, put it on top of its owner's library instead of into that "
    "player's graveyard.",
    "Counter target spell. If that spell is countered this way, put it on top of its owner's library instead of into "
    "that player's graveyard. If that spell is countered this way, put it on top of its owner's library instead of "
    "into that player's graveyard.",
    "Counter target spell. If that spell is countered this way, put it on the bottom of its owner's library instead of "
    "into that player's graveyard.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")
