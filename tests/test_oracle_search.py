"""Family 5's library searches, more shapes (engine/vocab/oracle/oneshot_search.lark, reader
engine/vocab/oracle/oneshot_search.py): the qualities of the card searched for ("a legendary card", "a green creature
card", "an instant card or a card with flash", "with mana value 6 or greater", "a basic land card or a Gate card", "a card
named Nissa's Chosen": 701.23a, 205.4a, 105.1, 202.3, 201.2) -> search_library {card: selector | named}; "up to X ...,
where X is ..." (608.2h, 107.3a) -> {amount: Q}; "Target player searches their library ...", "Each player searches ...",
"each player may search ...", "each opponent may search ..." -> {who: target | each_player | each_opponent, may?};
"for three cards, exile them" (701.23d: that many found) -> {amount: 3, exactly: true, to: exile}; "Search target
player's library for ... and exile them. Then that player shuffles." -> {who: target, by_you: true}; and "a basic Island, Swamp, or Mountain card"
(oneshot_libextra.py's subtypes, its article before "basic").

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/701-23a-search-blue-instant-card.yaml,
701-23a-search-up-to-x-where-x-is.yaml, 701-23a-each-player-searches.yaml, 701-23d-search-three-cards-exile.yaml,
701-23a-search-target-opponents-library.yaml (test_games.py; below too, with the answers the loop refuses).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.game.common import GameError
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

GAMES = Path(__file__).parent / "data" / "games"
BASIC_LAND = {"zone": "library", "supertypes": ["Basic"], "types": ["Land"]}
GATE = {"zone": "library", "subtypes": ["Gate"]}


def _search(**fields) -> dict:
    return {"op": "search_library", **fields}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, its instructions (the ability's one_shot)
EXAMPLES = [
    ("Captain Sisay", "{T}: Search your library for a legendary card, reveal that card, put it into your hand, then "
     "shuffle.", [_search(card={"zone": "library", "supertypes": ["Legendary"]}, to="hand", reveal=True)]),
    ("Time of Need", "Search your library for a legendary creature card, reveal it, put it into your hand, then shuffle.",
     [_search(card={"zone": "library", "supertypes": ["Legendary"], "types": ["Creature"]}, to="hand", reveal=True)]),
    ("Merchant Scroll", "Search your library for a blue instant card, reveal that card, put it into your hand, then "
     "shuffle.", [_search(card={"zone": "library", "colors": ["blue"], "types": ["Instant"]}, to="hand", reveal=True)]),
    ("Eye of Ugin", "{7}, {T}: Search your library for a colorless creature card, reveal it, put it into your hand, then "
     "shuffle.", [_search(card={"zone": "library", "not_colors": ["white", "blue", "black", "red", "green"],
                               "types": ["Creature"]}, to="hand", reveal=True)]),
    ("Into the North", "Search your library for a snow land card, put it onto the battlefield tapped, then shuffle.",
     [_search(card={"zone": "library", "supertypes": ["Snow"], "types": ["Land"]}, to="battlefield", tapped=True)]),
    ("Mystical Tutor", "Search your library for an instant or sorcery card, reveal it, then shuffle and put that card on "
     "top.", [_search(card={"zone": "library", "any_types": ["Instant", "Sorcery"]}, to="top", reveal=True)]),
    ("Mystical Teachings", "Search your library for an instant card or a card with flash, reveal it, put it into your "
     "hand, then shuffle.", [_search(card={"zone": "library", "any_of": [{"zone": "library", "types": ["Instant"]},
                                                                         {"zone": "library", "keywords": ["flash"]}]},
                                     to="hand", reveal=True)]),
    ("Treasure Mage", "When this creature enters, you may search your library for an artifact card with mana value 6 or "
     "greater, reveal it, put it into your hand, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "types": ["Artifact"], "mana_value_at_least": 6},
                                         to="hand", reveal=True)]}]),
    ("Trophy Mage", "When this creature enters, you may search your library for an artifact card with mana value 3, "
     "reveal it, put it into your hand, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "types": ["Artifact"], "mana_value_at_least": 3,
                                               "mana_value_at_most": 3}, to="hand", reveal=True)]}]),
    ("Woodland Bellower", "When this creature enters, you may search your library for a nonlegendary green creature card "
     "with mana value 3 or less, put it onto the battlefield, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "not_supertypes": ["Legendary"], "colors": ["green"],
                                               "types": ["Creature"], "mana_value_at_most": 3}, to="battlefield")]}]),
    ("Gatecreeper Vine", "When this creature enters, you may search your library for a basic land card or a Gate card, "
     "reveal it, put it into your hand, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "any_of": [BASIC_LAND, GATE]}, to="hand",
                                         reveal=True)]}]),
    ("Circuitous Route", "Search your library for up to two basic land cards and/or Gate cards, put them onto the "
     "battlefield tapped, then shuffle.",
     [_search(card={"zone": "library", "any_of": [BASIC_LAND, GATE]}, to="battlefield", tapped=True, amount=2)]),
    ("Nissa Revane", "[+1]: Search your library for a card named Nissa's Chosen, put it onto the battlefield, then shuffle.",
     [_search(named="Nissa's Chosen", to="battlefield")]),
    ("Grixis Panorama", "{1}, {T}, Sacrifice this land: Search your library for a basic Island, Swamp, or Mountain card, "
     "put it onto the battlefield tapped, then shuffle.",
     [_search(supertypes=["Basic"], subtypes=["Island", "Swamp", "Mountain"], to="battlefield", tapped=True)]),
    ("Harvest Season", "Search your library for up to X basic land cards, where X is the number of tapped creatures you "
     "control, put those cards onto the battlefield tapped, then shuffle.",
     [_search(supertypes=["Basic"], types=["Land"], to="battlefield", tapped=True,
              amount={"count": {"types": ["Creature"], "controller": "you", "tapped": True}})]),
    ("Traverse the Outlands", "Search your library for up to X basic land cards, where X is the greatest power among "
     "creatures you control. Put those cards onto the battlefield tapped, then shuffle.",
     [_search(supertypes=["Basic"], types=["Land"], to="battlefield", tapped=True,
              amount={"greatest": "power", "of": {"types": ["Creature"], "controller": "you"}})]),
    ("Fertilid", "{1}{G}, Remove a +1/+1 counter from this creature: Target player searches their library for a basic "
     "land card, puts it onto the battlefield tapped, then shuffles.",
     [_search(supertypes=["Basic"], types=["Land"], to="battlefield", tapped=True, who="target")]),
    ("Field of Ruin", "{2}, {T}, Sacrifice this land: Destroy target nonbasic land an opponent controls. Each player "
     "searches their library for a basic land card, puts it onto the battlefield, then shuffles.",
     [{"op": "destroy"}, _search(supertypes=["Basic"], types=["Land"], to="battlefield", who="each_player")]),
    ("Veteran Explorer", "When this creature dies, each player may search their library for up to two basic land cards, "
     "put them onto the battlefield, then shuffle.",
     [_search(supertypes=["Basic"], types=["Land"], to="battlefield", who="each_player", amount=2, may=True)]),
    ("Perilous Forays", "{1}, Sacrifice a creature: Search your library for a land card with a basic land type, put it "
     "onto the battlefield tapped, then shuffle.",
     [_search(card={"zone": "library", "types": ["Land"], "subtypes": ["Plains", "Island", "Swamp", "Mountain", "Forest"]},
              to="battlefield", tapped=True)]),
    ("Foresight", "Search your library for three cards, exile them, then shuffle.",
     [_search(amount=3, exactly=True, to="exile")]),
    ("Behold the Beyond", "Discard your hand. Search your library for three cards, put them into your hand, then shuffle.",
     [{"op": "discard_hand"}, _search(amount=3, exactly=True, to="hand")]),
    ("Demolition Field", "{2}, {T}, Sacrifice this land: Destroy target nonbasic land an opponent controls. That land's "
     "controller may search their library for a basic land card, put it onto the battlefield, then shuffle. You may "
     "search your library for a basic land card, put it onto the battlefield, then shuffle.",
     [{"op": "destroy"}, _search(supertypes=["Basic"], types=["Land"], to="battlefield", who="target_controller", may=True),
      {"op": "may", "one_shot": [_search(supertypes=["Basic"], types=["Land"], to="battlefield")]}]),
    ("Old-Growth Dryads", "When this creature enters, each opponent may search their library for a basic land card, put "
     "it onto the battlefield tapped, then shuffle.",
     [_search(supertypes=["Basic"], types=["Land"], to="battlefield", tapped=True, who="each_opponent", may=True)]),
    ("Mana Severance", "Search your library for any number of land cards, exile them, then shuffle.",
     [_search(types=["Land"], any_number=True, to="exile")]),
    ("Extract", "Search target player's library for a card and exile it. Then that player shuffles.",
     [_search(who="target", by_you=True, to="exile")]),
    ("Jester's Cap", "{2}, {T}, Sacrifice this artifact: Search target player's library for three cards and exile them. "
     "Then that player shuffles.", [_search(amount=3, exactly=True, who="target", by_you=True, to="exile")]),
    ("Denying Wind", "Search target player's library for up to seven cards and exile them. Then that player shuffles.",
     [_search(amount=7, who="target", by_you=True, to="exile")]),
    ("Bribery", "Search target opponent's library for a creature card and put that card onto the battlefield under your "
     "control. Then that player shuffles.", [_search(types=["Creature"], who="target", by_you=True, to="battlefield")]),
    ("Ranger of Eos", "When this creature enters, you may search your library for up to two creature cards with mana value "
     "1 or less, reveal them, put them into your hand, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "types": ["Creature"], "mana_value_at_most": 1},
                                         to="hand", amount=2, reveal=True)]}]),
    ("Brightglass Gearhulk", "When this creature enters, you may search your library for up to two artifact, creature, "
     "and/or enchantment cards with mana value 1 or less, reveal them, put them into your hand, then shuffle.",
     [{"op": "may", "one_shot": [_search(card={"zone": "library", "any_types": ["Artifact", "Creature", "Enchantment"],
                                               "mana_value_at_most": 1}, to="hand", amount=2, reveal=True)]}]),
    ("Jungle Wayfinder", "When this creature enters, each player may search their library for a basic land card, reveal "
     "it, put it into their hand, then shuffle.",
     [_search(supertypes=["Basic"], types=["Land"], to="hand", who="each_player", may=True, reveal=True)]),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    text = paragraph.replace("[+1]", "+1")  # (a loyalty ability's cost as the database prints it)
    abilities = [a for a in card_file(record).abilities if a.text == text]
    assert len(abilities) == 1 and executable_by(abilities[0]) is not None
    assert abilities[0].model_dump(exclude_defaults=True)["one_shot"] == expected


# near misses: words the grammar or the vocabulary can't say, or a wrong article
NOT_READ = [
    "Search your library for an legendary card, reveal that card, put it into your hand, then shuffle.",
    "Search your library for a basic Island, Swamp, or Mountain card, put it onto the battlefield tapped, then shuffle "
    "and you gain 1 life and draw a card.",
    "Search your library for an basic Island or Swamp card, put it onto the battlefield tapped, then shuffle.",
    # two values not consecutive: no one range says them
    "Search your library for an artifact card with mana value 4 or 6, reveal it, put it into your hand, then shuffle.",
    # the search for up to X cards and nowhere for its cards to go; "Put those cards" after no such search
    "Search your library for up to X basic land cards, where X is the number of lands you control.",
    "Draw a card. Put those cards onto the battlefield tapped, then shuffle.",
    # a keyword with a parameter (flashback {cost}): not a keyword named alone
    "When this creature enters, you may search your library for a card with flashback or disturb, put it into your "
    "graveyard, then shuffle.",
    # a card named X or Y (two names), a legendary team-up creature
    "{2}, {T}: Search your library for a card named Festering Newt or Bubbling Cauldron, put it onto the battlefield "
    "tapped, then shuffle.",
    # one card of a quantity ("one cards"), a quantity put onto the battlefield
    "Search your library for one cards, exile them, then shuffle.",
    "Search your library for three cards, put them onto the battlefield, then shuffle.",
    # another player's library searched: no "Then that player shuffles." after it; a card of no quality onto the
    # battlefield; "exile it" of three cards
    "Search target player's library for a card and exile it.",
    "Search target opponent's library for a card and put that card onto the battlefield under your control. Then that "
    "player shuffles.",
    "Search target player's library for three cards and exile it. Then that player shuffles.",
    "Draw a card. Then that player shuffles.",
    # "That land's controller" after no target land
    "That land's controller may search their library for a basic land card, put it onto the battlefield, then shuffle.",
    # another player searches and puts the card into "your" hand
    "Target player searches their library for a basic land card, puts it into your hand, then shuffles.",
    # "That player" after no damage to a player: not the target's controller here
    "{1}, {T}, Sacrifice this land: Destroy target nonbasic land an opponent controls. That player may search their "
    "library for a basic land card, put it onto the battlefield, then shuffle. You create a Treasure token.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def _play(path: Path, lib):
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until)


def _with_answer(tmp_path, game: str, index: int, old: dict, new: dict) -> Path:
    raw = yaml.safe_load((GAMES / game).read_text(encoding="utf-8"))
    assert raw["actions"][index] == old
    raw["actions"][index] = new
    path = tmp_path / game
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_blue_instant_found_others_refused(lib, tmp_path):
    """701.23a: the card found is a blue instant (Counterspell, into the hand); the red instant (Lightning Bolt) and the
    green creature with flash (Ambush Viper) are not what Merchant Scroll finds: the loop refuses them."""
    st = _play(GAMES / "701-23a-search-blue-instant-card.yaml", lib).state
    assert st.zone_ids("hand", "alice") == ["counter"]
    for wrong in ("bolt", "viper"):
        path = _with_answer(tmp_path, "701-23a-search-blue-instant-card.yaml", 3, {"search": "counter", "by": "alice"},
                            {"search": wrong, "by": "alice"})
        state, actions, until = load_game(path, lib)
        with pytest.raises(GameError, match="701.23a"):
            play(state, actions, library=lib, until=until)


def test_up_to_x_counted_as_it_resolves(lib, tmp_path):
    """608.2h: X is the number of tapped creatures Alice controls as Harvest Season resolves (1: her Bears, not Bob's
    Giant): two Forests are more than she may find."""
    st = _play(GAMES / "701-23a-search-up-to-x-where-x-is.yaml", lib).state
    assert "f5" in st.battlefield and "f4" not in st.battlefield
    path = _with_answer(tmp_path, "701-23a-search-up-to-x-where-x-is.yaml", 3, {"search": ["f5"], "by": "alice"},
                        {"search": ["f4", "f5"], "by": "alice"})
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match="up to 1"):
        play(state, actions, library=lib, until=until)


def test_each_player_searches_own_library(lib, tmp_path):
    """701.23a, 110.2: each player finds a basic land of their own library, which enters under their control; Bob's Hill
    Giant is not a basic land card."""
    result = _play(GAMES / "701-23a-each-player-searches.yaml", lib)
    assert result.state.objects["m1"].controller == "bob" and result.state.objects["p3"].controller == "alice"
    path = _with_answer(tmp_path, "701-23a-each-player-searches.yaml", 4, {"search": "m1", "by": "bob"},
                        {"search": "giant", "by": "bob"})
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match="701.23a"):
        play(state, actions, library=lib, until=until)


def test_quantity_of_cards_must_be_found(lib, tmp_path):
    """701.23d: "three cards", no quality: three are found (exiled; then "Draw a card." draws the Forest left); two are
    refused."""
    st = _play(GAMES / "701-23d-search-three-cards-exile.yaml", lib).state
    assert [x for x in st.exile] == ["giant", "bears", "bolt"] and st.zone_ids("hand", "alice") == ["forest"]
    path = _with_answer(tmp_path, "701-23d-search-three-cards-exile.yaml", 3,
                        {"search": ["giant", "bears", "bolt"], "by": "alice"}, {"search": ["giant", "bears"], "by": "alice"})
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match="701.23d"):
        play(state, actions, library=lib, until=until)


def test_target_opponents_library_searched_by_caster(lib, tmp_path):
    """701.23a, 110.2: Alice searches Bob's library and chooses: the Hill Giant enters under her control; Bob's Forest
    is not a creature card; Bob doesn't choose."""
    result = _play(GAMES / "701-23a-search-target-opponents-library.yaml", lib)
    assert result.state.objects["giant"].controller == "alice"
    assert any(e.rule == "701.23a" and e.text.startswith("alice finds") and "bob's library" in e.text for e in result.log)
    for wrong in ({"search": "forest", "by": "alice"}, {"search": "giant", "by": "bob"}):
        path = _with_answer(tmp_path, "701-23a-search-target-opponents-library.yaml", 3, {"search": "giant", "by": "alice"},
                            wrong)
        state, actions, until = load_game(path, lib)
        with pytest.raises(GameError, match="701.23a"):
            play(state, actions, library=lib, until=until)
