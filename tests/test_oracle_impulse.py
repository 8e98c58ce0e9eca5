"""Exiling the top cards of one's library and playing them (701.13a, 611.2a, 601.1a, 601.3, 305.1, 514.2): "Exile the
top two cards of your library. Until the end of your next turn, you may play those cards." read as the operation
exile_top with ``play`` (engine/vocab/oracle/oneshot_impulse.py), executed by the game loop (engine/game/play_exiled.py;
the games tests/data/games/611-2a-impulse-*.yaml assert which card ends where and that the permission ends).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)


def _exile(amount: int, play: str) -> list[dict]:
    return [{"op": "exile_top", "amount": amount, "who": "you", "play": play}]


EXAMPLES = [
    ("Act on Impulse", "Exile the top three cards of your library. Until end of turn, you may play those cards.",
     {"kind": "spell", "one_shot": _exile(3, "end_of_turn")}),
    ("Wrenn's Resolve", "Exile the top two cards of your library. Until the end of your next turn, you may play those "
                        "cards.",
     {"kind": "spell", "one_shot": _exile(2, "end_of_your_next_turn")}),
    ("Kulrath Zealot", "When this creature enters, exile the top card of your library. Until the end of your next turn, "
                       "you may play that card.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": _exile(1, "end_of_your_next_turn")}),
    ("Irascible Wolverine", "When this creature enters, exile the top card of your library. Until end of turn, you may "
                            "play that card.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": _exile(1, "end_of_turn")}),
    ("Visions of Phyrexia", "At the beginning of your upkeep, exile the top card of your library. You may play that "
                            "card this turn.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep", "whose": "you"},
      "one_shot": _exile(1, "end_of_turn")}),
    ("Urabrask, Heretic Praetor", "At the beginning of your upkeep, exile the top card of your library. You may play it "
                                  "this turn.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep", "whose": "you"},
      "one_shot": _exile(1, "end_of_turn")}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert any(line == paragraph or line.startswith(paragraph + " (") for line in record.oracle.splitlines())  # (reminder)
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert got == [want]
    assert executable_by(got[0]) is not None


def test_play_until_the_end_of_your_next_turn_after_the_words():
    got = oneshot.read(bare("{2}{R}: Exile the top card of your library. You may play that card until the end of your "
                            "next turn.", "X"))
    assert got is not None and got[0]["one_shot"] == _exile(1, "end_of_your_next_turn")


NOT_READ = [
    # the permission alone, or after no exile of the top cards of one's library: "that card" names nothing
    "You may play that card this turn.",
    "Draw a card. You may play that card this turn.",
    # "that card" of two cards exiled, "those cards" of one
    "Exile the top two cards of your library. You may play that card this turn.",
    "Exile the top card of your library. You may play those cards this turn.",
    "Exile the top two cards of your library. You may play it this turn.",
    "Exile the top card of your library. You may play them this turn.",
    # another player's library (not read here)
    "Target opponent exiles the top card of their library. You may play that card this turn.",
    # the permission twice
    "Exile the top card of your library. You may play that card this turn. Until end of turn, you may play that card.",
    # a permission to cast only, or of another duration (not read)
    "Exile the top card of your library. You may cast that card this turn.",
    "Exile the top card of your library. You may play that card for as long as it remains exiled.",
    # "the top one cards"
    "Exile the top one cards of your library.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert oneshot.read(bare(text, "X")) is None


# --- "You may put a land card from among them onto the battlefield tapped." (401.2, 400.3) ----------------------------

ONTO = [
    ("Elvish Rejuvenator", "When this creature enters, look at the top five cards of your library. You may put a land "
                           "card from among them onto the battlefield tapped. Put the rest on the bottom of your library "
                           "in a random order.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "look_at_top", "amount": 5, "take": 1, "up_to": True, "types": ["Land"], "to": "battlefield",
                    "tapped": True, "rest": "bottom_random"}]}),
    ("Cartographer's Survey", "Look at the top seven cards of your library. Put up to two land cards from among them "
                              "onto the battlefield tapped. Put the rest on the bottom of your library in a random order.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 7, "take": 2, "up_to": True, "types": ["Land"],
                                     "to": "battlefield", "tapped": True, "rest": "bottom_random"}]}),
    ("Summoning Trap", "Look at the top seven cards of your library. You may put a creature card from among them onto "
                       "the battlefield. Put the rest on the bottom of your library in any order.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 7, "take": 1, "up_to": True, "types": ["Creature"],
                                     "to": "battlefield", "rest": "bottom_any_order"}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", ONTO, ids=[e[0] for e in ONTO])
def test_onto_the_battlefield_compiles(db, name, paragraph, expected):
    test_database_cards_compile(db, name, paragraph, expected)


@pytest.mark.parametrize("text", [
    # where the rest go is not said
    "Look at the top six cards of your library. You may put a creature card from among them onto the battlefield.",
    # after no look
    "You may put a land card from among them onto the battlefield tapped. Put the rest into your graveyard.",
    # the wrong article; "up to one ... cards"; as many as looked at (no rest)
    "Look at the top six cards of your library. You may put an creature card from among them onto the battlefield. "
    "Put the rest into your graveyard.",
    "Look at the top six cards of your library. Put up to one land cards from among them onto the battlefield. Put the "
    "rest into your graveyard.",
    "Look at the top two cards of your library. Put up to two land cards from among them onto the battlefield. Put the "
    "rest into your graveyard.",
    # a quality the operation doesn't say (not read; "with mana value 3 or less" is read now: oneshot_look.lark)
    "Look at the top five cards of your library. You may put a creature card with mana value X or less from among them "
    "onto the battlefield. Put the rest on the bottom of your library in a random order.",
])
def test_onto_the_battlefield_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None


def test_a_card_without_the_quality_cant_be_put_onto_the_battlefield(db, run, tmp_path):
    game = (Path(__file__).parent / "data" / "games" / "401-2-look-put-onto-the-battlefield.yaml").read_text(
        encoding="utf-8").replace("{take: [plains, island], by: alice}", "{take: [bears, island], by: alice}")
    (tmp_path / "g.yaml").write_text(game, encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "401.2" in r.err and "take" in r.err
