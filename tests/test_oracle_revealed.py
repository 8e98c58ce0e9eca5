"""The top card of one's library revealed and put into one's hand, or only revealed, and an amount of the instruction
after it that is that card's mana value (701.20a, 401.2, 202.3, 608.2h): "reveal the top card of your library and put
that card into your hand" (look_at_top of one card, taken), "Scry 3, then reveal the top card of your library." (scry,
then look_at_top with ``take: 0``: the card stays on top), "You lose life equal to its mana value." (an amount
{revealed: mana_value}); the Oracle grammar's block "the top card revealed, and its mana value" (engine/vocab/oracle/
oneshot_revealed.py, quantity.lark's qy_revealed), executed by the game loop (engine/game/library_ops.look_at_top keeps
the card seen in the resolution's refs; engine/game/amounts.quantity reads its mana value).

The games tests/data/games/202-3-reveal-the-top-card-lose-life-equal-to-its-mana-value.yaml (Dark Confidant, Interpret
the Signs), 202-3-reveal-the-top-card-empty-library-no-life-lost.yaml (an empty library: 0 life) and
701-20a-scry-then-reveal-if-its-a-creature.yaml (Llanowar Empath: the card revealed after the scry completed by "If it's
a creature card, put it into your hand.") play them.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first.
"""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

REVEAL_TAKE = {"op": "look_at_top", "amount": 1, "reveal": True, "take": 1, "rest": "top"}
REVEAL_ONLY = {"op": "look_at_top", "amount": 1, "reveal": True, "take": 0, "rest": "top"}
MV = {"revealed": "mana_value"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the one-shot instructions it compiles to
EXAMPLES = [
    ("Dark Confidant", "At the beginning of your upkeep, reveal the top card of your library and put that card into "
                       "your hand. You lose life equal to its mana value.",
     [REVEAL_TAKE, {"op": "lose_life", "amount": MV, "who": "you"}]),
    ("Augury Adept", "Whenever this creature deals combat damage to a player, reveal the top card of your library and "
                     "put that card into your hand. You gain life equal to its mana value.",
     [REVEAL_TAKE, {"op": "gain_life", "amount": MV, "who": "you"}]),
    ("Yuriko, the Tiger's Shadow", "Whenever a Ninja you control deals combat damage to a player, reveal the top card "
                                   "of your library and put that card into your hand. Each opponent loses life equal to "
                                   "that card's mana value.",
     [REVEAL_TAKE, {"op": "lose_life", "amount": MV, "who": "each_opponent"}]),
    ("Interpret the Signs", "Scry 3, then reveal the top card of your library. Draw cards equal to that card's mana "
                            "value.",
     [{"op": "scry", "amount": 3}, REVEAL_ONLY, {"op": "draw", "amount": MV, "who": "you"}]),
    ("Llanowar Empath", "When this creature enters, scry 2, then reveal the top card of your library. If it's a "
                        "creature card, put it into your hand.",
     [{"op": "scry", "amount": 2}, {"op": "look_at_top", "amount": 1, "reveal": True, "types": ["Creature"], "take": 1,
                                    "rest": "top"}]),
    ("Kellan, Daring Traveler // Journey On", "Whenever Kellan attacks, reveal the top card of your library. If it's a "
                                              "creature card with mana value 3 or less, put it into your hand. "
                                              "Otherwise, you may put it into your graveyard.",
     [{"op": "look_at_top", "amount": 1, "reveal": True, "types": ["Creature"], "take": 1, "mana_value_at_most": 3,
       "rest": "graveyard", "rest_may": True}]),
    ("Sifter Wurm", "When this creature enters, scry 3, then reveal the top card of your library. You gain life equal "
                    "to that card's mana value.",
     [{"op": "scry", "amount": 3}, REVEAL_ONLY, {"op": "gain_life", "amount": MV, "who": "you"}]),
]


@pytest.mark.parametrize("name, paragraph, ops", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, ops):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if a.text == paragraph]
    assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        type(got).model_validate(want).model_dump(exclude_defaults=True) for got, want in zip(ab.one_shot, ops)]
    assert len(ab.one_shot) == len(ops)
    assert executable_by(ab) is not None


def test_sorin_plus_one():
    """A loyalty ability: "Each opponent loses life equal to its mana value." after the card put into the hand."""
    [ab] = oneshot.read(bare("+1: Reveal the top card of your library and put that card into your hand. Each opponent "
                             "loses life equal to its mana value.", "Sorin, Grim Nemesis"))
    assert ab["one_shot"] == [REVEAL_TAKE, {"op": "lose_life", "amount": MV, "who": "each_opponent"}]


NEAR_MISSES = [
    # "its mana value" with no card revealed just before: "its" names nothing (or another object)
    "You lose life equal to its mana value.",
    "At the beginning of your upkeep, reveal the top card of your library and put that card into your hand. Draw a "
    "card. You lose life equal to its mana value.",
    "When this creature dies, you lose life equal to its mana value.",
    # a card revealed and left where it is, nothing said of it: the look is not complete (oneshot_library.check)
    "At the beginning of your upkeep, reveal the top card of your library. You lose life equal to its mana value.",
    # the mana value as the X of a power (a continuous effect: not read here)
    "When this creature enters, scry 1, then reveal the top card of your library. This creature gets -X/-X until end "
    "of turn, where X is that card's mana value.",
    # "If you do, ..." of a "you may reveal ...": the loop doesn't know it was done (not read)
    "Whenever one or more creatures you control deal combat damage to a player, you may reveal the top card of your "
    "library and put it into your hand. If you do, you lose life equal to its mana value.",
    # the top card of another library
    "At the beginning of your upkeep, reveal the top card of target player's library and put that card into your hand.",
    # "with power N or less" of a card that is not a creature card
    "Whenever this creature attacks, reveal the top card of your library. If it's a land card with power 3 or less, put "
    "it into your hand.",
    # the card revealed after a scry completed by a sentence not read here
    "Scry 3, then reveal the top card of your library. If it's a creature or land card, draw a card.",
    # after a reveal until a card: "that card" is not the only card revealed
    "Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand and the "
    "rest on the bottom of your library in a random order. You lose life equal to its mana value.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_not_read(text):
    assert oneshot.read(bare(text, "")) is None
