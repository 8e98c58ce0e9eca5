"""Cards revealed from the top of one's library until one with a quality is revealed (701.20a, 401.2, 401.4, 400.3):
"Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand and the rest
on the bottom of your library in a random order." read as look_at_top with ``until`` (engine/vocab/oracle/oneshot_until.py),
executed by the game loop (engine/game/reveal_until.py: the first card with the quality taken, no choice; none: the whole
library revealed, every card with the rest). The game file tests/data/games/701-20a-reveal-until.yaml plays Clifftop
Lookout and Evolutionary Leap, 701-20a-reveal-until-if-you-do.yaml Foster ("you may pay {1}. If you do, reveal ...").

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first; the cards played are checked not to be in the card library.
"""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


_UNTIL = {"op": "look_at_top", "amount": 1, "until": True, "reveal": True}  # (take: 1, the default)
EXAMPLES = [
    ("Ajani, Valiant Protector", "[+1]: Reveal cards from the top of your library until you reveal a creature card. Put "
                                 "that card into your hand and the rest on the bottom of your library in a random order.",
     [dict(_UNTIL, types=["Creature"], rest="bottom_random")]),
    ("Clifftop Lookout", "When this creature enters, reveal cards from the top of your library until you reveal a land "
                         "card. Put that card onto the battlefield tapped and the rest on the bottom of your library in "
                         "a random order.",
     [dict(_UNTIL, types=["Land"], to="battlefield", tapped=True, rest="bottom_random")]),
    ("Atla Palani, Nest Tender", "Whenever an Egg you control dies, reveal cards from the top of your library until you "
                                 "reveal a creature card. Put that card onto the battlefield and the rest on the bottom "
                                 "of your library in a random order.",
     [dict(_UNTIL, types=["Creature"], to="battlefield", rest="bottom_random")]),
    ("Foster", "Whenever a creature you control dies, you may pay {1}. If you do, reveal cards from the top of your "
               "library until you reveal a creature card. Put that card into your hand and the rest into your graveyard.",
     [{"op": "may", "one_shot": [{"op": "pay", "cost": "{1}"}],
       "if_you_do": [dict(_UNTIL, types=["Creature"], rest="graveyard")]}]),
    ("Evolutionary Leap", "{G}, Sacrifice a creature: Reveal cards from the top of your library until you reveal a "
                          "creature card. Put that card into your hand and the rest on the bottom of your library in a "
                          "random order.",
     [dict(_UNTIL, types=["Creature"], rest="bottom_random")]),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    abilities = card_file(record).abilities
    printed = paragraph.replace("[+1]", "+1")  # (a loyalty cost as the database prints it)
    got = [a for a in abilities if printed.startswith(a.display())]
    assert len(got) == 1 and executable_by(got[0]) is not None
    assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in got[0].one_shot] == expected


def test_rest_into_graveyard_and_a_quality_of_the_selector():
    """"... and the rest into your graveyard" / "put all other cards revealed this way into your graveyard" (Foster's and
    Gamekeeper's words, without their "If you do"); "a historic card" (700.6, New Argive's words): the selector."""
    for rest in ("the rest into your graveyard", "put all other cards revealed this way into your graveyard"):
        read = oneshot.read(bare("Reveal cards from the top of your library until you reveal a creature card. Put that "
                                 f"card onto the battlefield and {rest}.", "Zzyzx"))
        assert read[0]["one_shot"] == [dict(_UNTIL, take=1, types=["Creature"], to="battlefield", rest="graveyard")]
    read = oneshot.read(bare("Reveal cards from the top of your library until you reveal a historic card. Put that card "
                             "into your hand and the rest on the bottom of your library in a random order.", "Zzyzx"))
    assert read[0]["one_shot"][0]["card"]["any_of"][1] == {"zone": "library", "supertypes": ["Legendary"]}


NOT_READ = [
    # the reveal alone; the put alone
    "Reveal cards from the top of your library until you reveal a creature card.",
    "Put that card into your hand and the rest on the bottom of your library in a random order.",
    # the wrong article
    "Reveal cards from the top of your library until you reveal an creature card. Put that card into your hand and the "
    "rest on the bottom of your library in a random order.",
    # an order of the player's choosing (401.4: not read here)
    "Reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield and the "
    "rest on the bottom of your library in any order.",
    # "If it's a ... card" / "Put the rest ..." of the look sentences after a reveal until
    "Reveal cards from the top of your library until you reveal a creature card. If it's a land card, put it into your "
    "hand.",
    "Reveal cards from the top of your library until you reveal a creature card. Put the rest on the bottom of your "
    "library in a random order.",
    # several cards, another player's library, a quality the selector doesn't say, another place for the card
    "Reveal cards from the top of your library until you reveal two creature cards. Put those cards into your hand and "
    "the rest on the bottom of your library in a random order.",
    "Reveal cards from the top of target player's library until you reveal a creature card. Put that card into your hand "
    "and the rest on the bottom of your library in a random order.",
    "Reveal cards from the top of your library until you reveal a creature card with mana value 3. Put that card into "
    "your hand and the rest on the bottom of your library in a random order.",
    "Reveal cards from the top of your library until you reveal a creature card. Exile that card and put the rest on "
    "the bottom of your library in a random order.",
    # "If you do, reveal ..." with nothing saying where the cards go, or after no "you may pay"
    "You may pay {1}. If you do, reveal cards from the top of your library until you reveal a creature card.",
    "Draw a card. If you do, reveal cards from the top of your library until you reveal a creature card. Put that card "
    "into your hand and the rest into your graveyard.",
    # a second put after the look is complete
    "Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand and the "
    "rest into your graveyard. Put that card into your hand and the rest into your graveyard.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert oneshot.read(bare(text, "Zzyzx")) is None


def _game(lib, tmp_path, text: str):
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until, auto=False)


LEAP = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Evolutionary Leap, controller: alice, id: leap}
  - {card: Forest, controller: alice, id: forest}
  - {card: Grizzly Bears, controller: alice, id: fodder}
library:
  alice: [%s]
actions:
  - {activate: leap, ability: 1, tap: [forest], sacrificing: [fodder], by: alice}
  - {pass: true}
  - {pass: true}
until: {turn: 1, step: beginning_of_combat}
"""


def test_evolutionary_leap_where_each_card_ends(db, lib, tmp_path):
    """701.20a, 401.4: the cards above the first creature card go to the bottom, under the cards not revealed (in a
    random order the game's seed fixes: the same each time); the creature card to the hand."""
    assert lib.get("Evolutionary Leap", database=False) is None
    cards = ("{card: Island, id: island}, {card: Lightning Bolt, id: bolt}, {card: Llanowar Elves, id: elves}, "
             "{card: Grizzly Bears, id: bears}, {card: Swamp, id: swamp}")
    st = _game(lib, tmp_path, LEAP % cards).state
    assert st.zone_ids("hand", "alice") == ["elves"]
    library = st.zone_ids("library", "alice")
    assert library[:2] == ["bears", "swamp"] and sorted(library[2:]) == ["bolt", "island"]
    assert _game(lib, tmp_path, LEAP % cards).state.zone_ids("library", "alice") == library  # (deterministic)
    assert st.zone_ids("graveyard", "alice") == ["fodder"]


def test_evolutionary_leap_no_creature_card_reveals_the_whole_library(db, lib, tmp_path):
    """No creature card in the library: every card is revealed, none taken, all of them with the rest (in a random
    order, on the bottom: the library holds the same cards; the rulings of such cards, e.g. Reality Scramble)."""
    cards = "{card: Island, id: island}, {card: Lightning Bolt, id: bolt}, {card: Swamp, id: swamp}"
    result = _game(lib, tmp_path, LEAP % cards)
    st = result.state
    assert st.zone_ids("hand", "alice") == []
    assert sorted(st.zone_ids("library", "alice")) == ["bolt", "island", "swamp"]
    # an empty library: nothing is revealed, nothing moves
    st = _game(lib, tmp_path, LEAP % "").state
    assert st.zone_ids("hand", "alice") == [] and st.zone_ids("library", "alice") == []
