"""One subject for two verbs (608.2c, the instructions followed in order; 119.3, 121.1, 701.9, 701.17): in "Target player
draws two cards and loses 2 life" (Sign in Blood) the player who loses life is the one who draws, not the spell's
controller; a third-person verb with no subject of its own takes the subject of the instruction it is joined to, an
imperative one ("Draw a card and lose 1 life") is the controller's. A third-person verb with nothing to take its
subject from is not read (never half-read).

The cards are the card database's, read through engine.files.dbcards.card_file; the game:
tests/data/games/608-2c-target-player-draws-and-loses-life.yaml (Sign in Blood on the opponent)."""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.oracle.compile import compile_paragraph


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _ops(paragraph):
    [ability] = compile_paragraph(paragraph, "Foo")
    return [(op.op, op.who) for op in ability.one_shot]


@pytest.mark.parametrize("paragraph, ops", [
    ("Target player draws two cards and loses 2 life.", [("draw", "target"), ("lose_life", "target")]),
    ("Target player discards two cards and loses 2 life.", [("discard", "target"), ("lose_life", "target")]),
    ("Target player mills two cards and loses 2 life.", [("mill", "target"), ("lose_life", "target")]),
    ("Target player gains 7 life and draws two cards.", [("gain_life", "target"), ("draw", "target")]),
    ("Each player discards a card and loses 1 life.", [("discard", "each_player"), ("lose_life", "each_player")]),
    ("Each opponent discards a card and loses 2 life.", [("discard", "each_opponent"), ("lose_life", "each_opponent")]),
    ("Draw a card and lose 1 life.", [("draw", "you"), ("lose_life", "you")]),
    ("Target opponent loses 2 life and you gain 2 life.", [("lose_life", "target"), ("gain_life", "you")]),
])
def test_a_verb_without_subject_takes_the_one_before(paragraph, ops):
    assert _ops(paragraph) == ops


@pytest.mark.parametrize("paragraph", [
    "Destroy target creature and loses 2 life.",   # the instruction before names no player
    "Loses 2 life.",                              # nothing before it
])
def test_a_third_person_verb_with_no_subject_to_take_is_not_read(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


@pytest.mark.parametrize("name, text", [
    ("Sign in Blood", "Target player draws two cards and loses 2 life."),
    ("Mental Agony", "Target player discards two cards and loses 2 life."),
    ("Kiss of the Amesha", "Target player gains 7 life and draws two cards."),
])
def test_database_cards(db, lib, name, text):  # noqa: F811
    record = database_record(db, lib, name, text)
    [ability] = card_file(record).abilities
    assert {op.who for op in ability.one_shot} == {"target"}
