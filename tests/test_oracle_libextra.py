"""Library searches and looks, more shapes (issue 21; engine/vocab/oracle/oneshot_libextra.py): a search for a card of
one of several subtypes (701.23a, 205.3), for up to two cards of which one enters tapped and the other goes to the hand
(Cultivate), for any number of cards named ~, for a card with mana value X or less (107.3a: a spell's X), a card found
put into the graveyard; kinship's "you may look at the top card of
your library. If it shares a creature type with this creature, you may reveal it. If you do, ..." (701.20a, 205.3m;
engine/game/kinship.py, game file 701-20a-kinship-reveal-if-it-shares-a-creature-type.yaml); a look whose card taken has
power (208.1) or mana value (202.3) N or less;
the order of target player's top cards (401.2, 401.4) and "You may shuffle." (701.24a). The game files
tests/data/games/701-23a-cultivate-one-tapped-one-to-hand.yaml, 701-23a-search-any-number-named.yaml,
701-23a-search-mana-value-x-or-less.yaml, 401-2-look-reveal-power-or-less.yaml,
401-2-look-at-top-card-of-target-player-may-put.yaml and 401-4-target-players-library-may-shuffle.yaml play Cultivate,
Battalion Foot Soldier, Nature's Rhythm, Militia Bugler, Eye Spy, Entomb, Natural Selection and Ponder.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first.
"""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

EXAMPLES = [
    ("Cultivate", "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
                  "tapped and the other into your hand, then shuffle.",
     [{"op": "search_library", "types": ["Land"], "supertypes": ["Basic"], "amount": 2, "split": True, "to": "battlefield",
       "tapped": True, "reveal": True}]),
    ("Kodama's Reach", "Search your library for up to two basic land cards, reveal those cards, put one onto the "
                       "battlefield tapped and the other into your hand, then shuffle.", None),
    ("Battalion Foot Soldier", "When this creature enters, you may search your library for any number of cards named "
                               "Battalion Foot Soldier, reveal them, put them into your hand, then shuffle.",
     [{"op": "may", "one_shot": [{"op": "search_library", "same_name": True, "any_number": True, "to": "hand",
                                  "reveal": True}]}]),
    ("Farseek", "Search your library for a Plains, Island, Swamp, or Mountain card, put it onto the battlefield tapped, "
                "then shuffle.",
     [{"op": "search_library", "subtypes": ["Plains", "Island", "Swamp", "Mountain"], "to": "battlefield",
       "tapped": True}]),
    ("Ponder", "Look at the top three cards of your library, then put them back in any order. You may shuffle.",
     [{"op": "arrange_top", "amount": 3, "may_shuffle": True}]),
    ("Natural Selection", "Look at the top three cards of target player's library, then put them back in any order. You "
                          "may have that player shuffle.",
     [{"op": "arrange_top", "amount": 3, "who": "target", "may_shuffle": True}]),
    ("Architects of Will", "When this creature enters, look at the top three cards of target player's library, then put "
                           "them back in any order.", [{"op": "arrange_top", "amount": 3, "who": "target"}]),
    ("Eye Spy", "Look at the top card of target player's library. You may put that card into their graveyard.",
     [{"op": "arrange_top", "amount": 1, "who": "target", "may_move": "graveyard"}]),
    ("Rootwater Mystic", "{1}{U}: Look at the top card of target player's library.",
     [{"op": "arrange_top", "amount": 1, "who": "target"}]),
    ("Entomb", "Search your library for a card, put that card into your graveyard, then shuffle.",
     [{"op": "search_library", "to": "graveyard"}]),
    ("Buried Alive", "Search your library for up to three creature cards, put them into your graveyard, then shuffle.",
     [{"op": "search_library", "types": ["Creature"], "amount": 3, "to": "graveyard"}]),
    ("Wargate", "Search your library for a permanent card with mana value X or less, put it onto the battlefield, then "
                "shuffle.",
     [{"op": "search_library", "types": ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"],
       "mana_value_at_most": "x", "to": "battlefield"}]),
    ("Nature's Rhythm", "Search your library for a creature card with mana value X or less, put it onto the battlefield, "
                        "then shuffle.", None),
    ("Wandering Graybeard", "Kinship — At the beginning of your upkeep, you may look at the top card of your library. If "
                            "it shares a creature type with this creature, you may reveal it. If you do, you gain 4 life.",
     [{"op": "may", "one_shot": [{"op": "reveal_top_sharing", "sharing": "self"}],
       "if_you_do": [{"op": "gain_life", "amount": 4}]}]),
    ("Mudbutton Clanger", "Kinship — At the beginning of your upkeep, you may look at the top card of your library. If it "
                          "shares a creature type with this creature, you may reveal it. If you do, this creature gets "
                          "+1/+1 until end of turn.", None),
    ("Militia Bugler", "When this creature enters, look at the top four cards of your library. You may reveal a creature "
                       "card with power 2 or less from among them and put it into your hand. Put the rest on the bottom "
                       "of your library in a random order.",
     [{"op": "look_at_top", "amount": 4, "up_to": True, "types": ["Creature"], "reveal": True, "power_at_most": 2,
       "rest": "bottom_random"}]),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    abilities = card_file(record).abilities
    got = [a for a in abilities if paragraph.startswith(a.display())]  # (the reminder text aside)
    assert len(got) == 1 and executable_by(got[0]) is not None
    if expected is not None:
        assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in got[0].one_shot] == expected


def test_jaces_look_and_bottom():
    """Jace, the Mind Sculptor's +2 (its database paragraph is printed "[+2]: ...")."""
    read = oneshot.read(bare("+2: Look at the top card of target player's library. You may put that card on the bottom "
                             "of that player's library.", "X"))
    assert read[0]["one_shot"] == [{"op": "arrange_top", "amount": 1, "who": "target", "may_move": "bottom"}]


def test_mana_value_or_less_of_a_look():
    read = oneshot.read(bare("Look at the top six cards of your library. You may reveal a creature card with mana value 3 "
                             "or less from among them and put it into your hand. Put the rest on the bottom of your "
                             "library in a random order.", "X"))
    assert read[0]["one_shot"][0]["mana_value_at_most"] == 3


NOT_READ = [
    # "You may shuffle." alone, after another instruction, or of another library than the one looked at
    "You may shuffle.",
    "Draw a card. You may shuffle.",
    "Look at the top three cards of your library, then put them back in any order. You may have that player shuffle.",
    "Look at the top three cards of target player's library, then put them back in any order. You may shuffle.",
    "Look at the top three cards of your library, then put them back in any order. You may shuffle. You may shuffle.",
    # one card put back: no order; another player's library than a target player's
    "Look at the top one card of target player's library, then put them back in any order.",
    "Look at the top three cards of each opponent's library, then put them back in any order.",
    # a subtype list with a wrong article, or a subtype named twice
    "Search your library for a Island or Swamp card, put it onto the battlefield, then shuffle.",
    "Search your library for an Island or Island card, put it onto the battlefield, then shuffle.",
    # one onto the battlefield, the other to the hand: of cards named ~; of up to three
    "Search your library for up to two cards named ~, reveal those cards, put one onto the battlefield tapped and the "
    "other into your hand, then shuffle.",
    "Search your library for up to three basic land cards, reveal those cards, put one onto the battlefield tapped and "
    "the other into your hand, then shuffle.",
    # power of a card that need not be a creature card; the rest not said
    "Look at the top four cards of your library. You may reveal an artifact card with power 2 or less from among them "
    "and put it into your hand. Put the rest on the bottom of your library in a random order.",
    "Look at the top four cards of your library. You may reveal a creature card with power 2 or less from among them "
    "and put it into your hand.",
    # the top card of one's own library or each opponent's; "that card" after no look at one card; twice; a shuffle
    "Look at the top card of each opponent's library. You may put that card into their graveyard.",
    "Draw a card. You may put that card into their graveyard.",
    "Look at the top two cards of target player's library, then put them back in any order. You may put that card into "
    "their graveyard.",
    "Look at the top card of target player's library. You may put that card into their graveyard. You may put that card "
    "on the bottom of that player's library.",
    "Look at the top card of target player's library. You may shuffle.",
    # X of an activated ability without {X} in its cost (107.3a: announced for a spell or such a cost only); a wrong article
    "{2}, {T}: Search your library for a creature card with mana value X or less, reveal it, put it into your hand, then "
    "shuffle.",
    "Search your library for a artifact card with mana value X or less, put it onto the battlefield, then shuffle.",
    # kinship: the look alone; the reveal after no look; after a look of the top card of target player's library
    "At the beginning of your upkeep, you may look at the top card of your library.",
    "At the beginning of your upkeep, if it shares a creature type with this creature, you may reveal it.",
    "At the beginning of your upkeep, look at the top card of target player's library. If it shares a creature type "
    "with this creature, you may reveal it. If you do, you gain 4 life.",
    "At the beginning of your upkeep, you may look at the top card of your library. If it shares a creature type with "
    "this creature, you may reveal it. If it shares a creature type with this creature, you may reveal it.",
    # revealed twice
    "Reveal the top four cards of your library. You may reveal a creature card with power 2 or less from among them "
    "and put it into your hand. Put the rest into your graveyard.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert oneshot.read(bare(text, "Zzyzx")) is None
