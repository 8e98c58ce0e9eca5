"""Several cards taken from among the cards looked at (401.2, 401.4, 701.20a): the sentence after "Look at the top five
cards of your library." that lets its controller take up to N, or any number, of the cards with a quality ("You may
reveal up to two creature cards from among them and put them into your hand.", "You may reveal any number of artifact
cards from among them and put the revealed cards into your hand.", "Put up to two instant and/or sorcery cards from
among them into your hand and the rest into your graveyard.", "Put up to two creature cards with mana value 3 or less
from among them onto the battlefield.", "Put a creature card from among them into your hand and the rest into your
graveyard.", "You may put a creature card and/or a land card from among them into your hand." (``one_of_each``: up to
one of each kind, engine/game/look_kinds.py)): look_at_top with ``take`` and ``up_to`` (engine/vocab/
oracle/oneshot_lookany.py; oneshot_library.merge: "any number" takes as many as were looked at), executed by the game
loop (engine/game/library_ops.look_at_top: {take: [...]} names them, more than ``take`` is refused). The game
tests/data/games/401-2-look-take-up-to-two-or-any-number.yaml plays Pieces of the Puzzle and Lead the Stampede;
401-2-look-up-to-two-mana-value-onto-the-battlefield.yaml plays Collected Company and Tracker's Instincts;
401-2-look-one-card-of-each-kind.yaml plays In the Presence of Ages; 701-13a-look-put-one-exile-the-rest.yaml plays
Browse ("... and exile the rest.") and Lair Delve ("Put all creature and land cards revealed this way ...").

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


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the one look_at_top it compiles to
EXAMPLES = [
    ("Forging the Anchor", "Look at the top five cards of your library. You may reveal any number of artifact cards from "
                           "among them and put the revealed cards into your hand. Put the rest on the bottom of your "
                           "library in a random order.",
     {"op": "look_at_top", "amount": 5, "take": 5, "up_to": True, "reveal": True, "types": ["Artifact"],
      "rest": "bottom_random"}),
    ("Lead the Stampede", "Look at the top five cards of your library. You may reveal any number of creature cards from "
                          "among them and put the revealed cards into your hand. Put the rest on the bottom of your "
                          "library in any order.",
     {"op": "look_at_top", "amount": 5, "take": 5, "up_to": True, "reveal": True, "types": ["Creature"],
      "rest": "bottom_any_order"}),
    ("Reality Heist", "Look at the top seven cards of your library. You may reveal up to two artifact cards from among "
                      "them and put them into your hand. Put the rest on the bottom of your library in a random order.",
     {"op": "look_at_top", "amount": 7, "take": 2, "up_to": True, "reveal": True, "types": ["Artifact"],
      "rest": "bottom_random"}),
    ("Uncovered Clues", "Look at the top four cards of your library. You may reveal up to two instant and/or sorcery "
                        "cards from among them and put the revealed cards into your hand. Put the rest on the bottom of "
                        "your library in any order.",
     {"op": "look_at_top", "amount": 4, "take": 2, "up_to": True, "reveal": True, "types": ["Instant", "Sorcery"],
      "rest": "bottom_any_order"}),
    ("Pieces of the Puzzle", "Reveal the top five cards of your library. Put up to two instant and/or sorcery cards from "
                             "among them into your hand and the rest into your graveyard.",
     {"op": "look_at_top", "amount": 5, "take": 2, "up_to": True, "reveal": True, "types": ["Instant", "Sorcery"],
      "rest": "graveyard"}),
    ("Kruphix's Insight", "Reveal the top six cards of your library. Put up to three enchantment cards from among them "
                          "into your hand and the rest of the revealed cards into your graveyard.",
     {"op": "look_at_top", "amount": 6, "take": 3, "up_to": True, "reveal": True, "types": ["Enchantment"],
      "rest": "graveyard"}),
    ("Collected Company", "Look at the top six cards of your library. Put up to two creature cards with mana value 3 or "
                          "less from among them onto the battlefield. Put the rest on the bottom of your library in any "
                          "order.",
     {"op": "look_at_top", "amount": 6, "take": 2, "up_to": True, "to": "battlefield", "mana_value_at_most": 3,
      "types": ["Creature"], "rest": "bottom_any_order"}),
    ("Tracker's Instincts", "Reveal the top four cards of your library. Put a creature card from among them into your "
                            "hand and the rest into your graveyard.",
     {"op": "look_at_top", "amount": 4, "take": 1, "reveal": True, "types": ["Creature"], "rest": "graveyard"}),
    ("Adéwalé, Breaker of Chains", "When Adéwalé enters, reveal the top six cards of your library. Put an Assassin, "
                                   "Pirate, or Vehicle card from among them into your hand and the rest on the bottom of "
                                   "your library in a random order.",
     {"op": "look_at_top", "amount": 6, "take": 1, "reveal": True, "subtypes": ["Assassin", "Pirate", "Vehicle"],
      "rest": "bottom_random"}),
    ("In the Presence of Ages", "Reveal the top four cards of your library. You may put a creature card and/or a land "
                                "card from among them into your hand. Put the rest into your graveyard.",
     {"op": "look_at_top", "amount": 4, "reveal": True, "one_of_each": True, "take": 2, "up_to": True,
      "types": ["Creature", "Land"], "rest": "graveyard"}),
    ("Gift of the Gargantuan", "Look at the top four cards of your library. You may reveal a creature card and/or a land "
                               "card from among them and put the revealed cards into your hand. Put the rest on the "
                               "bottom of your library in any order.",
     {"op": "look_at_top", "amount": 4, "reveal": True, "one_of_each": True, "take": 2, "up_to": True,
      "types": ["Creature", "Land"], "rest": "bottom_any_order"}),
    ("Kaalia, Zenith Seeker", "When Kaalia enters, look at the top six cards of your library. You may reveal an Angel "
                              "card, a Demon card, and/or a Dragon card from among them and put them into your hand. Put "
                              "the rest on the bottom of your library in a random order.",
     {"op": "look_at_top", "amount": 6, "reveal": True, "one_of_each": True, "take": 3, "up_to": True,
      "subtypes": ["Angel", "Demon", "Dragon"], "rest": "bottom_random"}),
    ("Codecracker Hound", "When this creature enters, look at the top two cards of your library. Put one into your hand "
                          "and the other into your graveyard.",
     {"op": "look_at_top", "amount": 2, "take": 1, "rest": "graveyard"}),
    ("Lair Delve", "Reveal the top two cards of your library. Put all creature and land cards revealed this way into your "
                   "hand and the rest on the bottom of your library in any order.",
     {"op": "look_at_top", "amount": 2, "reveal": True, "take_all": True, "types": ["Creature", "Land"],
      "rest": "bottom_any_order"}),
    ("Torsten, Founder of Benalia", "When Torsten enters, reveal the top seven cards of your library. Put any number of "
                                    "creature and/or land cards from among them into your hand and the rest on the "
                                    "bottom of your library in a random order.",
     {"op": "look_at_top", "amount": 7, "take": 7, "up_to": True, "reveal": True, "types": ["Creature", "Land"],
      "rest": "bottom_random"}),
]


def test_browse_exile_the_rest(db, lib):  # noqa: F811
    """701.13a: "put one of them into your hand, and exile the rest" (an activated ability: its effect's text)."""
    effect = "Look at the top five cards of your library, put one of them into your hand, and exile the rest."
    record = database_record(db, lib, "Browse", "{2}{U}{U}: " + effect)
    [ab] = [a for a in card_file(record).abilities if a.effect == effect]
    assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        {"op": "look_at_top", "amount": 5, "rest": "exile"}]  # (take: 1, the default)
    assert executable_by(ab) is not None


@pytest.mark.parametrize("name, paragraph, op", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, op):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if a.text == paragraph]
    [got] = ab.one_shot
    assert got.model_dump(exclude_defaults=True) == type(got).model_validate(op).model_dump(exclude_defaults=True)
    assert executable_by(ab) is not None


NEAR_MISSES = [
    # "any number of" X cards looked at: X counted as it resolves (the number taken is not a number of the text)
    "Look at the top X cards of your library, where X is the number of lands you control. You may reveal any number of "
    "artifact cards from among them and put the revealed cards into your hand. Put the rest on the bottom of your "
    "library in a random order.",
    # as many taken as looked at: "up to two" of two
    "Look at the top two cards of your library. You may reveal up to two creature cards from among them and put them "
    "into your hand. Put the rest on the bottom of your library in a random order.",
    # "up to one ... cards"
    "Look at the top four cards of your library. You may reveal up to one creature cards from among them and put them "
    "into your hand. Put the rest on the bottom of your library in a random order.",
    # where the rest go never said
    "Look at the top five cards of your library. You may reveal any number of creature cards from among them and put "
    "the revealed cards into your hand.",
    # after no look at the top cards
    "You may reveal any number of creature cards from among them and put the revealed cards into your hand.",
    # a kind of card the vocabulary doesn't say here ("snow permanent")
    "Reveal the top six cards of your library. You may put any number of snow permanent cards from among them into your "
    "hand. Put the rest into your graveyard.",
    # "a" before a vowel
    "Reveal the top four cards of your library. Put a enchantment card from among them into your hand and the rest into "
    "your graveyard.",
    # a kind of card the vocabulary doesn't say here ("noncreature, nonland permanent")
    "Look at the top seven cards of your library. Put up to two noncreature, nonland permanent cards with mana value 3 or "
    "less from among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
    # the same kind twice; a card type and a subtype among the kinds
    "Reveal the top four cards of your library. You may put a creature card and/or a creature card from among them into "
    "your hand. Put the rest into your graveyard.",
    "Reveal the top four cards of your library. You may put a creature card and/or a Forest card from among them into "
    "your hand. Put the rest into your graveyard.",
    # "the other" of three cards looked at; all of them taken and "the rest" exiled
    "Look at the top three cards of your library. Put one into your hand and the other into your graveyard.",
    "Look at the top five cards of your library, put five of them into your hand, and exile the rest.",
    # "the other" after several cards taken
    "Reveal the top five cards of your library. Put up to two creature cards from among them into your hand and the "
    "other into your graveyard.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_not_read(text):
    assert oneshot.read(bare(text, "")) is None
