"""Looking at the top card of one's library and what becomes of it by its qualities (401.2, 701.20a, 608.2c, 608.2d),
and the cards taken from among the cards looked at by a quality a selector says (700.6, 105.2): the Oracle sentences
"Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put that card into
your hand." (and their kin) read as look_at_top of one card (engine/vocab/oracle/oneshot_dig.py), "You may reveal a
colorless card from among them and put it into your hand." as look_at_top with a selector, executed by the game loop
(engine/game/library_ops.py: {take: [...]}, {may: ...} in the script). The game files
tests/data/games/608-2c-reveal-the-top-card-if-its-a-land.yaml and 608-2d-look-at-the-top-card-you-may.yaml play
Coiling Oracle, Call of the Wild, Lantern of Revealing and Nylea, Keen-Eyed.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first; the cards played are checked not to be in the card library.
"""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

_HISTORIC = {"zone": "library", "any_of": [{"zone": "library", "types": ["Artifact"]}, {"zone": "library", "supertypes": ["Legendary"]},
                        {"zone": "library", "subtypes": ["Saga"]}]}


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Coiling Oracle", "When this creature enters, reveal the top card of your library. If it's a land card, put it onto "
                       "the battlefield. Otherwise, put that card into your hand.",
     [{"op": "look_at_top", "amount": 1, "reveal": True, "types": ["Land"], "to": "battlefield",
                    "rest": "hand"}]),
    ("Into the Wilds", "At the beginning of your upkeep, look at the top card of your library. If it's a land card, you "
                       "may put it onto the battlefield.",
     [{"op": "look_at_top", "amount": 1, "types": ["Land"], "up_to": True, "to": "battlefield",
                    "rest": "top"}]),
    ("Vivien's Grizzly", "{3}{G}: Look at the top card of your library. If it's a creature or planeswalker card, you may "
                         "reveal it and put it into your hand. If you don't put the card into your hand, put it on the "
                         "bottom of your library.",
     [{"op": "look_at_top", "amount": 1, "types": ["Creature", "Planeswalker"], "up_to": True,
                    "reveal": True, "rest": "bottom_any_order"}]),
    ("Archghoul of Thraben", "Whenever this creature or another Zombie you control dies, look at the top card of your "
                             "library. If it's a Zombie card, you may reveal it and put it into your hand. If you don't "
                             "put the card into your hand, you may put it into your graveyard.", None),
    ("Ancient Stirrings", "Look at the top five cards of your library. You may reveal a colorless card from among them "
                          "and put it into your hand. Then put the rest on the bottom of your library in any order.",
     [{"op": "look_at_top", "amount": 5, "up_to": True, "reveal": True,
                                     "card": {"zone": "library", "not_colors": ["white", "blue", "black", "red", "green"]},
                                     "rest": "bottom_any_order"}]),
    ("Skalla Wolf", "When this creature enters, look at the top five cards of your library. You may reveal a green card "
                    "from among them and put it into your hand. Put the rest on the bottom of your library in a random "
                    "order.",
     [{"op": "look_at_top", "amount": 5, "up_to": True, "reveal": True,
                    "card": {"zone": "library", "colors": ["green"]}, "rest": "bottom_random"}]),
    ("Wandering Mind", "When this creature enters, look at the top six cards of your library. You may reveal a "
                       "noncreature, nonland card from among them and put it into your hand. Put the rest on the bottom of "
                       "your library in a random order.",
     [{"op": "look_at_top", "amount": 6, "up_to": True, "reveal": True,
                    "card": {"zone": "library", "not_types": ["Creature", "Land"]}, "rest": "bottom_random"}]),
    ("Board the Weatherlight", "Look at the top five cards of your library. You may reveal a historic card from among "
                               "them and put it into your hand. Put the rest on the bottom of your library in a random "
                               "order. (Artifacts, legendaries, and Sagas are historic.)",
     [{"op": "look_at_top", "amount": 5, "up_to": True, "reveal": True,
                                     "card": _HISTORIC, "rest": "bottom_random"}]),
    ("Dragonologist", "When this creature enters, look at the top six cards of your library. You may reveal an instant, "
                      "sorcery, or Dragon card from among them and put it into your hand. Put the rest on the bottom of "
                      "your library in a random order.",
     [{"op": "look_at_top", "amount": 6, "up_to": True, "reveal": True,
       "card": {"zone": "library", "any_of": [{"zone": "library", "any_types": ["Instant", "Sorcery"]},
                                              {"zone": "library", "subtypes": ["Dragon"]}]}, "rest": "bottom_random"}]),
    ("Machinate", "Look at the top X cards of your library, where X is the number of artifacts you control. Put one of "
                  "those cards into your hand and the rest on the bottom of your library in any order.",
     [{"op": "look_at_top", "amount": {"count": {"types": ["Artifact"], "controller": "you"}},
       "rest": "bottom_any_order"}]),
    ("Pillage the Bog", "Look at the top X cards of your library, where X is twice the number of lands you control. "
                        "Put one of them into your hand and the rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": {"count": {"types": ["Land"], "controller": "you"}, "times": 2},
       "rest": "bottom_random"}]),
    ("Sage of Days", "When this creature enters, look at the top three cards of your library. You may put one of those "
                     "cards back on top of your library. Put the rest into your graveyard.",
     [{"op": "look_at_top", "amount": 3, "up_to": True, "to": "top", "rest": "graveyard"}]),
    ("Adventure Awaits", "Look at the top five cards of your library. You may reveal a creature card from among them and "
                         "put it into your hand. Put the rest on the bottom of your library in a random order. If you "
                         "didn't put a card into your hand this way, draw a card.",
     [{"op": "look_at_top", "amount": 5, "up_to": True, "reveal": True, "types": ["Creature"], "rest": "bottom_random",
       "if_none": [{"op": "draw", "amount": 1}]}]),
    ("Contagious Vorrac", "When this creature enters, look at the top four cards of your library. You may reveal a land "
                          "card from among them and put it into your hand. Put the rest on the bottom of your library in "
                          "a random order. If you didn't put a card into your hand this way, proliferate. (Choose any number "
                          "of permanents and/or players, then give each another counter of each kind already there.)",
     None),
    ("Beastrider Vanguard", "{4}{G}: Look at the top three cards of your library. You may reveal a permanent card from "
                            "among them and put it into your hand. Put the rest on the bottom of your library in any "
                            "order.", None),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    abilities = card_file(record).abilities
    got = [a for a in abilities if paragraph.startswith(a.display())]  # (the reminder text aside)
    assert len(got) == 1 and executable_by(got[0]) is not None
    if expected is not None:  # (the operations; the trigger or cost: their own families')
        assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in got[0].one_shot] == expected


def test_archghoul_and_beastrider_fields(db):
    """The optional rest (608.2d) and 'a permanent card' (110.4a: one of the permanent types)."""
    read = oneshot.read(bare("Look at the top card of your library. If it's a Zombie card, you may reveal it and put it "
                             "into your hand. If you don't put the card into your hand, you may put it into your "
                             "graveyard.", "X"))
    assert read[0]["one_shot"] == [{"op": "look_at_top", "amount": 1, "subtypes": ["Zombie"], "take": 1, "up_to": True,
                                    "reveal": True, "rest": "graveyard", "rest_may": True}]
    read = oneshot.read(bare("Look at the top three cards of your library. You may reveal a permanent card from among "
                             "them and put it into your hand. Put the rest on the bottom of your library in any order.",
                             "X"))
    assert read[0]["one_shot"][0]["types"] == ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]


NOT_READ = [
    # the look alone, or the quality's sentence alone
    "Look at the top card of your library.",
    "If it's a land card, put it onto the battlefield.",
    "Otherwise, put that card into your hand.",
    # "Otherwise" after "you may put it": the card with the quality not put would stay on top (not what rest says)
    "Look at the top card of your library. If it's a land card, you may put it onto the battlefield tapped. Otherwise, "
    "put it into your hand.",
    # "If you don't put the card into your hand" after a put onto the battlefield
    "Look at the top card of your library. If it's a land card, you may put it onto the battlefield. If you don't put "
    "the card into your hand, put it into your graveyard.",
    # the card not taken put where the card taken goes; two quality sentences
    "Reveal the top card of your library. If it's a creature card, put it into your hand. Otherwise, put it into your "
    "hand.",
    "Reveal the top card of your library. If it's a creature card, put it into your hand. If it's a land card, put it "
    "into your hand.",
    # "reveal it" of a card already revealed, or without "you may"
    "Reveal the top card of your library. If it's a land card, you may reveal it and put it into your hand.",
    "Look at the top card of your library. If it's a land card, reveal it and put it into your hand.",
    # the wrong article
    "Reveal the top card of your library. If it's an land card, put it into your hand.",
    "Look at the top five cards of your library. You may reveal an white card from among them and put it into your "
    "hand. Put the rest on the bottom of your library in a random order.",
    # several cards looked at, "if it's"
    "Look at the top two cards of your library. If it's a land card, put it into your hand.",
    # another player's library
    "Look at the top card of target player's library. If it's a land card, put it into your hand.",
    # 'a permanent card' among other kinds; "Then put the rest" after no card taken
    "Look at the top five cards of your library. You may reveal a permanent or instant card from among them and put it "
    "into your hand. Put the rest on the bottom of your library in a random order.",
    "Look at the top five cards of your library. Then put the rest on the bottom of your library in any order.",
    # one card put back on top, and nothing saying where the rest go; "one of those cards" of one card
    "Look at the top three cards of your library. You may put one of those cards back on top of your library.",
    "Look at the top card of your library. You may put one of those cards back on top of your library. Put the rest into "
    "your graveyard.",
    # "If you didn't put a card into your hand this way" before the rest is said, after a put onto the battlefield, with
    # a target
    "Look at the top five cards of your library. You may reveal a creature card from among them and put it into your "
    "hand. If you didn't put a card into your hand this way, draw a card. Put the rest on the bottom of your library "
    "in a random order.",
    "Look at the top five cards of your library. You may put a land card from among them onto the battlefield tapped. "
    "Put the rest on the bottom of your library in a random order. If you didn't put a card into your hand this way, "
    "draw a card.",
    "Look at the top five cards of your library. You may reveal a creature card from among them and put it into your "
    "hand. Put the rest on the bottom of your library in a random order. If you didn't put a card into your hand this "
    "way, destroy target creature.",
    # "the other" of X cards; X of no number the vocabulary counts
    "Look at the top X cards of your library, where X is the number of artifacts you control. Put one of them into your "
    "hand and the other into your graveyard.",
    "Look at the top X cards of your library, where X is the number of tokens you created this turn. Put one of those "
    "cards into your hand and the rest on the bottom of your library in a random order.",
    # a quality the selector doesn't say ("with toughness 2 or less"; power: test_oracle_libextra.py)
    "Look at the top four cards of your library. You may reveal a creature card with toughness 2 or less from among them "
    "and put it into your hand. Put the rest on the bottom of your library in a random order.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert oneshot.read(bare(text, "Zzyzx")) is None  # (a card named X would make each X "~")


def _game(lib, tmp_path, text: str, auto: bool = False):
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until, auto=auto)


STIRRINGS = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice, id: forest}
library:
  alice: [{card: Grizzly Bears, id: bears}, {card: Ornithopter, id: thopter}, {card: Lightning Bolt, id: bolt},
          {card: Wastes, id: wastes}, {card: Forest, id: lib_forest}, {card: Island, id: island}]
hand:
  alice: [{card: Ancient Stirrings, id: stirrings}]
actions:
  - {cast: stirrings, tap: [forest], by: alice}
  - {pass: true}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_ancient_stirrings_takes_a_colorless_card_only(db, lib, tmp_path, run):
    assert lib.get("Ancient Stirrings", database=False) is None
    # 105.2c: Ornithopter, an artifact with no color, is colorless; the four others at the bottom in the order chosen
    st = _game(lib, tmp_path, STIRRINGS % "  - {take: [thopter], rest: [lib_forest, bolt, bears, wastes], by: alice}"
               ).state
    assert st.zone_ids("hand", "alice") == ["thopter"]
    assert st.zone_ids("library", "alice") == ["island", "lib_forest", "bolt", "bears", "wastes"]
    # Wastes (a colorless land card) may be taken too; or none ("you may")
    st = _game(lib, tmp_path, STIRRINGS % "  - {take: [wastes], rest: [bears, thopter, bolt, lib_forest], by: alice}"
               ).state
    assert st.zone_ids("hand", "alice") == ["wastes"]
    st = _game(lib, tmp_path, STIRRINGS % "  - {take: [], rest: [bears, thopter, bolt, wastes, lib_forest], by: alice}"
               ).state
    assert st.zone_ids("hand", "alice") == []
    assert st.zone_ids("library", "alice") == ["island", "bears", "thopter", "bolt", "wastes", "lib_forest"]
    # Grizzly Bears (green) and Lightning Bolt (red) can't be
    for card in ("bears", "bolt"):
        (tmp_path / "g.yaml").write_text(STIRRINGS % ("  - {take: [%s], by: alice}" % card), encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and "401.2" in r.err


def test_board_the_weatherlight_historic_and_random_order(db, lib, tmp_path, run):
    game = STIRRINGS.replace("Ancient Stirrings", "Board the Weatherlight").replace(
        "{card: Forest, controller: alice, id: forest}", "{card: Plains, controller: alice, id: forest}\n"
        "  - {card: Plains, controller: alice, id: i2}").replace("tap: [forest]", "tap: [forest, i2]").replace(
        "{card: Ornithopter, id: thopter}", "{card: Urza's Saga, id: saga}")
    # 700.6: a Saga is historic (an enchantment, no artifact, not legendary); the four others at the bottom in a random
    # order (the same each time: the loop's seeded random order)
    orders = []
    for _ in range(2):
        st = _game(lib, tmp_path, game % "  - {take: [saga], by: alice}").state
        assert st.zone_ids("hand", "alice") == ["saga"]
        library = st.zone_ids("library", "alice")
        assert library[0] == "island" and sorted(library[1:]) == ["bears", "bolt", "lib_forest", "wastes"]
        orders.append(library)
    assert orders[0] == orders[1]
    # no historic card but the Saga: Grizzly Bears can't be taken; the order at the bottom is not the player's
    for script in ("  - {take: [bears], by: alice}", "  - {take: [], rest: [bears, bolt, wastes, lib_forest, saga], "
                                                     "by: alice}"):
        (tmp_path / "g.yaml").write_text(game % script, encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and ("401.2" in r.err or "401.4" in r.err)


LANTERN = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Lantern of Revealing, controller: alice, id: lantern}
  - {card: Forest, controller: alice, id: f1}
  - {card: Forest, controller: alice, id: f2}
  - {card: Forest, controller: alice, id: f3}
  - {card: Forest, controller: alice, id: f4}
library:
  alice: [{card: %s, id: top}, {card: Plains, id: plains}]
actions:
  - {activate: lantern, ability: 2, tap: [f1, f2, f3, f4], by: alice}
  - {pass: true}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_lantern_of_revealing_where_the_card_looked_at_ends(db, lib, tmp_path, run):
    assert lib.get("Lantern of Revealing", database=False) is None
    # a land card put onto the battlefield tapped (400.3, 305.4); no question about the rest
    st = _game(lib, tmp_path, LANTERN % ("Swamp", "  - {take: [top], by: alice}")).state
    assert "top" in st.battlefield and st.objects["top"].tapped
    assert st.zone_ids("library", "alice") == ["plains"]
    # not put onto the battlefield, and left on top ({may: false}) or put at the bottom ({may: true})
    st = _game(lib, tmp_path, LANTERN % ("Swamp", "  - {take: [], by: alice}\n  - {may: false, by: alice}")).state
    assert st.zone_ids("library", "alice") == ["top", "plains"] and "top" not in st.battlefield
    st = _game(lib, tmp_path, LANTERN % ("Grizzly Bears", "  - {may: true, by: alice}")).state
    assert st.zone_ids("library", "alice") == ["plains", "top"]
    # a creature card can't be put onto the battlefield; without the may answer: an error naming it
    (tmp_path / "g.yaml").write_text(LANTERN % ("Grizzly Bears", "  - {take: [top], by: alice}"), encoding="utf-8")
    assert run("play", tmp_path / "g.yaml").code != 0
    (tmp_path / "g.yaml").write_text(LANTERN % ("Grizzly Bears", ""), encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "608.2d" in r.err and "may" in r.err


DRAGONOLOGIST = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice, id: i1}
  - {card: Island, controller: alice, id: i2}
  - {card: Island, controller: alice, id: i3}
library:
  alice: [{card: Grizzly Bears, id: bears}, {card: Shivan Dragon, id: dragon}, {card: Lightning Bolt, id: bolt},
          {card: Ornithopter, id: thopter}, {card: Wastes, id: wastes}, {card: Forest, id: lib_forest},
          {card: Island, id: island}]
hand:
  alice: [{card: Dragonologist, id: dragonologist}]
actions:
  - {cast: dragonologist, tap: [i1, i2, i3], by: alice}
  - {pass: true}
  - {pass: true}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_dragonologist_an_instant_sorcery_or_dragon_card(db, lib, tmp_path, run):
    """"You may reveal an instant, sorcery, or Dragon card": a card of one of the types, or of the subtype (one
    selector, any_of); Grizzly Bears and Ornithopter are neither."""
    assert lib.get("Dragonologist", database=False) is None
    for card in ("dragon", "bolt"):
        st = _game(lib, tmp_path, DRAGONOLOGIST % ("  - {take: [%s], by: alice}" % card)).state
        assert st.zone_ids("hand", "alice") == [card]
        library = st.zone_ids("library", "alice")
        assert library[0] == "island" and len(library) == 6
    for card in ("bears", "thopter"):
        (tmp_path / "g.yaml").write_text(DRAGONOLOGIST % ("  - {take: [%s], by: alice}" % card), encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and "401.2" in r.err


MACHINATE = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
%s  - {card: Island, controller: alice, id: i1}
  - {card: Island, controller: alice, id: i2}
  - {card: Island, controller: alice, id: i3}
library:
  alice: [{card: Lightning Bolt, id: bolt}, {card: Grizzly Bears, id: bears}, {card: Swamp, id: swamp},
          {card: Forest, id: lib_forest}]
hand:
  alice: [{card: Machinate, id: machinate}]
actions:
  - {cast: machinate, tap: [i1, i2, i3], by: alice}
  - {pass: true}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_machinate_x_counted_as_it_resolves(db, lib, tmp_path, run):
    """608.2h: X, the artifacts she controls as it resolves: two (the top two cards looked at), or none (nothing)."""
    assert lib.get("Machinate", database=False) is None
    two = "  - {card: Ornithopter, controller: alice}\n  - {card: Millstone, controller: alice}\n"
    st = _game(lib, tmp_path, MACHINATE % (two, "  - {take: [bears], by: alice}")).state
    assert st.zone_ids("hand", "alice") == ["bears"]
    assert st.zone_ids("library", "alice") == ["swamp", "lib_forest", "bolt"]
    st = _game(lib, tmp_path, MACHINATE % ("", "")).state
    assert st.zone_ids("hand", "alice") == []
    assert st.zone_ids("library", "alice") == ["bolt", "bears", "swamp", "lib_forest"]
    # the Swamp, the third card, is not among the two looked at
    (tmp_path / "g.yaml").write_text(MACHINATE % (two, "  - {take: [swamp], by: alice}"), encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "401.2" in r.err


def test_sage_of_days_one_card_back_on_top(db, lib, tmp_path):
    """401.2: the card chosen stays on top, the two others go to the graveyard; none chosen ("you may"): all three."""
    from pathlib import Path
    game = (Path(__file__).parent / "data" / "games" / "401-2-look-put-one-back-on-top.yaml").read_text(encoding="utf-8")
    game = game.replace("until: {turn: 3, step: precombat_main}", "until: {turn: 1, step: beginning_of_combat}")
    st = _game(lib, tmp_path, game).state
    assert st.zone_ids("library", "alice") == ["bears", "lib_forest"]
    assert st.zone_ids("graveyard", "alice") == ["bolt", "swamp"]
    st = _game(lib, tmp_path, game.replace("{take: [bears], by: alice}", "{take: [], by: alice}")).state
    assert st.zone_ids("library", "alice") == ["lib_forest"]
    assert sorted(st.zone_ids("graveyard", "alice")) == ["bears", "bolt", "swamp"]
