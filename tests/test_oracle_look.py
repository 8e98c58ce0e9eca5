"""More shapes of the looks at the top of one's library (engine/vocab/oracle/oneshot_look.lark, reader
engine/vocab/oracle/oneshot_look.py; 401.2, 701.20a, 608.2c): a creature card of the chosen type (614.12: the source's
choice, matched by the selector machinery), "a basic land card", "a nonlegendary creature card", "you may reveal cards ...
until", "a creature card with power 5 or greater", a card put onto the battlefield tapped and attacking (508.4), the top X
cards (107.3a), "Put up to two of them ...", "Put all land cards from among them onto the battlefield tapped ...", "If
you didn't put a card onto the battlefield this way, ...", and parley ("Each player reveals the top card of their
library. For each nonland card revealed this way, ..."; engine/game/reveal_each.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/401-2-look-creature-card-of-the-chosen-
type.yaml, 701-20a-reveal-until-basic-nonlegendary-may.yaml, 701-20a-parley-each-player-reveals.yaml,
401-2-look-power-or-greater-onto-the-battlefield-attacking.yaml, 107-3a-look-at-the-top-x-cards.yaml,
508-4-revealed-card-enters-attacking-or-token-if-none.yaml,
401-2-reveal-put-all-goblin-creature-cards-onto-the-battlefield.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

CHOSEN = {"zone": "library", "chosen_creature_type": True}
NONLAND = {"revealed_this_way": {"zone": "library", "not_types": ["Land"]}}
DRAW_EACH = {"op": "draw", "amount": 1, "who": "each_player"}
GAMES = Path(__file__).parent / "data" / "games"

EXAMPLES = [
    ("Herald's Horn", "At the beginning of your upkeep, look at the top card of your library. If it's a creature card of "
                      "the chosen type, you may reveal it and put it into your hand.",
     [{"op": "look_at_top", "amount": 1, "card": CHOSEN, "up_to": True, "types": ["Creature"], "reveal": True,
       "rest": "top"}]),
    ("Icon of Ancestry", "{3}, {T}: Look at the top three cards of your library. You may reveal a creature card of the "
                         "chosen type from among them and put it into your hand. Put the rest on the bottom of your "
                         "library in a random order.",
     [{"op": "look_at_top", "amount": 3, "card": CHOSEN, "up_to": True, "types": ["Creature"], "reveal": True,
       "rest": "bottom_random"}]),
    ("Brass Herald", "When this creature enters, reveal the top four cards of your library. Put all creature cards of the "
                     "chosen type revealed this way into your hand and the rest on the bottom of your library in any "
                     "order.",
     [{"op": "look_at_top", "amount": 4, "card": CHOSEN, "types": ["Creature"], "reveal": True, "take_all": True,
       "rest": "bottom_any_order"}]),
    ("Hermit Druid", "{G}, {T}: Reveal cards from the top of your library until you reveal a basic land card. Put that "
                     "card into your hand and all other cards revealed this way into your graveyard.",
     [{"op": "look_at_top", "amount": 1, "until": True, "types": ["Land"], "supertypes": ["Basic"], "reveal": True,
       "rest": "graveyard"}]),
    ("Jalira, Master Polymorphist", "{2}{U}, {T}, Sacrifice another creature: Reveal cards from the top of your library "
                                    "until you reveal a nonlegendary creature card. Put that card onto the battlefield and "
                                    "the rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": 1, "until": True, "to": "battlefield", "types": ["Creature"], "reveal": True,
       "card": {"zone": "library", "not_supertypes": ["Legendary"]}, "rest": "bottom_random"}]),
    ("Spinner of Souls", "Whenever another nontoken creature you control dies, you may reveal cards from the top of your "
                         "library until you reveal a creature card. Put that card into your hand and the rest on the "
                         "bottom of your library in a random order.",
     [{"op": "may", "one_shot": [{"op": "look_at_top", "amount": 1, "until": True, "types": ["Creature"],
                                  "reveal": True, "rest": "bottom_random"}]}]),
    ("Selvala's Charge", "Parley — Each player reveals the top card of their library. For each nonland card revealed this "
                         "way, you create a 3/3 green Elephant creature token. Then each player draws a card.",
     [{"op": "reveal_top_each"},
      {"op": "create_token", "token": "Elephant Token", "amount": NONLAND,
       "definition": {"power": 3, "toughness": 3, "colors": ["green"], "types": ["Creature"], "subtypes": ["Elephant"]}},
      DRAW_EACH]),
    ("Selvala's Enforcer", "Parley — When this creature enters, each player reveals the top card of their library. For each "
                           "nonland card revealed this way, put a +1/+1 counter on this creature. Then each player draws a "
                           "card.",
     [{"op": "reveal_top_each"}, {"op": "counters", "kind": "+1/+1", "amount": NONLAND, "to": "self"}, DRAW_EACH]),
    ("Cutthroat Negotiator", "Parley — Whenever this creature attacks, each player reveals the top card of their library. "
                             "For each nonland card revealed this way, you create a tapped Treasure token. Then each "
                             "player draws a card.",
     [{"op": "reveal_top_each"}, {"op": "create_token", "token": "Treasure", "amount": NONLAND, "tapped": True},
      DRAW_EACH]),
    ("Mayael the Anima", "{3}{R}{G}{W}, {T}: Look at the top five cards of your library. You may put a creature card with "
                         "power 5 or greater from among them onto the battlefield. Put the rest on the bottom of your "
                         "library in any order.",
     [{"op": "look_at_top", "amount": 5, "to": "battlefield", "power_at_least": 5, "up_to": True,
       "types": ["Creature"], "rest": "bottom_any_order"}]),
    ("Mayael the Anima Avatar", "At the beginning of your upkeep, reveal the top card of your library. If it's a creature "
                                "card with power 5 or greater, put it into your hand. Otherwise, you may put it on the "
                                "bottom of your library.",
     [{"op": "look_at_top", "amount": 1, "rest_may": True, "power_at_least": 5, "types": ["Creature"],
       "reveal": True, "rest": "bottom_any_order"}]),
    ("Jet, Rebel Leader", "Whenever Jet attacks, look at the top five cards of your library. You may put a creature card "
                          "with mana value 3 or less from among them onto the battlefield tapped and attacking. Put the "
                          "rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": 5, "to": "battlefield", "tapped": True, "mana_value_at_most": 3,
       "attacking": True, "up_to": True, "types": ["Creature"], "rest": "bottom_random"}]),
    ("Enshrined Memories", "Reveal the top X cards of your library. Put all creature cards revealed this way into your "
                           "hand and the rest on the bottom of your library in any order.",
     [{"op": "look_at_top", "amount": {"x": "announced"}, "types": ["Creature"], "reveal": True, "take_all": True,
       "rest": "bottom_any_order"}]),
    ("The Mana Rig", "{X}{X}{X}, {T}: Look at the top X cards of your library. Put up to two of them into your hand and "
                     "the rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": {"x": "announced"}, "take": 2, "up_to": True, "rest": "bottom_random"}]),
    ("Animist's Awakening", "Reveal the top X cards of your library. Put all land cards from among them onto the "
                            "battlefield tapped and the rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": {"x": "announced"}, "to": "battlefield", "tapped": True, "types": ["Land"],
       "reveal": True, "take_all": True, "rest": "bottom_random"}]),
    ("Muxus, Goblin Grandee", "When Muxus enters, reveal the top six cards of your library. Put all Goblin creature cards "
                              "with mana value 5 or less from among them onto the battlefield and the rest on the bottom of "
                              "your library in a random order.",
     [{"op": "look_at_top", "amount": 6, "to": "battlefield", "mana_value_at_most": 5, "types": ["Creature"],
       "subtypes": ["Goblin"], "reveal": True, "take_all": True, "rest": "bottom_random"}]),
    ("Your Fate Is Thrice Sealed", "When you set this scheme in motion, reveal the top three cards of your library. Put "
                                   "all land cards revealed this way onto the battlefield and the rest into your hand.",
     [{"op": "look_at_top", "amount": 3, "to": "battlefield", "types": ["Land"], "reveal": True, "take_all": True,
       "rest": "hand"}]),
    ("Ureni of the Unwritten", "Whenever Ureni enters or attacks, look at the top eight cards of your library. You may put a "
                               "Dragon creature card from among them onto the battlefield. Put the rest on the bottom of "
                               "your library in a random order.",
     [{"op": "look_at_top", "amount": 8, "to": "battlefield", "up_to": True, "types": ["Creature"],
       "subtypes": ["Dragon"], "rest": "bottom_random"}]),
    ("Raph & Mikey, Troublemakers", "Whenever Raph & Mikey attack, reveal cards from the top of your library until you "
                                    "reveal a creature card. Put that card onto the battlefield tapped and attacking and "
                                    "the rest on the bottom of your library in a random order.",
     [{"op": "look_at_top", "amount": 1, "until": True, "to": "battlefield", "tapped": True, "attacking": True,
       "types": ["Creature"], "reveal": True, "rest": "bottom_random"}]),
    ("Rulik Mons, Warren Chief", "Whenever Rulik Mons attacks, look at the top card of your library. If it's a land card, "
                                 "you may put it onto the battlefield tapped. If you didn't put a card onto the battlefield "
                                 "this way, create a 1/1 red Goblin creature token.",
     [{"op": "look_at_top", "amount": 1, "to": "battlefield", "tapped": True, "up_to": True, "types": ["Land"],
       "if_none": [{"op": "create_token", "token": "Goblin"}], "rest": "top"}]),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):  # noqa: F811
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if paragraph.startswith(a.display())]
    assert len(got) == 1 and executable_by(got[0]) is not None
    assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in got[0].one_shot] == expected


# near misses: wordings the vocabulary or the loop can't say, or sentences that complete nothing before them
NOT_READ = [
    # "of the chosen type" of a land card (a creature type, 205.3m)
    "At the beginning of your upkeep, look at the top card of your library. If it's a land card of the chosen type, you "
    "may reveal it and put it into your hand.",
    "Look at the top three cards of your library. You may reveal an artifact card of the chosen type from among them and "
    "put it into your hand. Put the rest on the bottom of your library in a random order.",
    # the reveal "until" alone (no sentence saying where the cards go), inside a may
    "Whenever another nontoken creature you control dies, you may reveal cards from the top of your library until you "
    "reveal a creature card.",
    # "nonlegendary" alone, without the card's type
    "Reveal cards from the top of your library until you reveal a nonlegendary card. Put that card into your hand and the "
    "rest on the bottom of your library in a random order.",
    # "with power N or greater" of a land card
    "Look at the top five cards of your library. You may put a land card with power 3 or greater from among them onto "
    "the battlefield. Put the rest on the bottom of your library in a random order.",
    # the top X cards of a triggered ability (X no one announced) or of an ability without {X} in its cost
    "Whenever you cast a spell with {X} in its mana cost, look at the top X cards of your library. Put one of them into "
    "your hand and the rest on the bottom of your library in a random order.",
    "{T}: Look at the top X cards of your library. Put one of them into your hand and the rest on the bottom of your "
    "library in a random order.",
    # "up to two of them" of two cards (no rest), "all ... from among them" after a look that reveals nothing
    "Look at the top two cards of your library. Put up to two of them into your hand and the rest on the bottom of your "
    "library in a random order.",
    "Look at the top X cards of your library. Put all land cards from among them onto the battlefield tapped and the rest "
    "on the bottom of your library in a random order.",
    # a subtype before another subtype; "a Dragon permanent card" (several types)
    "Reveal the top six cards of your library. Put all Goblin Elf cards from among them onto the battlefield and the rest "
    "on the bottom of your library in a random order.",
    "Look at the top eight cards of your library. You may put a Dragon permanent card from among them onto the "
    "battlefield. Put the rest on the bottom of your library in a random order.",
    # "onto the battlefield this way" after a look whose card goes to the hand
    "Whenever this creature attacks, look at the top card of your library. If it's a land card, you may put it into your "
    "hand. If you didn't put a card onto the battlefield this way, create a 1/1 red Goblin creature token.",
    # parley: "for each ... revealed this way" after no reveal, or of an instruction that is not one token or counter
    "For each nonland card revealed this way, you create a 1/1 white Spirit creature token with flying.",
    "Draw a card. For each nonland card revealed this way, you create a 1/1 white Spirit creature token with flying.",
    "Each player reveals the top card of their library. For each nonland card revealed this way, draw a card.",
    "Each player reveals the top card of their library. For each nonland card revealed this way, you create two 1/1 white "
    "Spirit creature tokens with flying.",
    "Each player reveals the top card of their library. For each nonland card revealed this way, put a +1/+1 counter on "
    "target creature.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "Foo")) is None


def test_a_card_not_of_the_chosen_type_cant_be_taken(db, tmp_path):  # noqa: F811
    """614.12, 401.2: Icon of Ancestry (Elf chosen) can't put a Grizzly Bears (a Bear) into its controller's hand: the
    game refuses the choice, naming the one card that may be taken."""
    from engine.files.gamefile import load_game
    from engine.game import GameError, play
    lib = load_library([Path(__file__).parent / "data" / "cards"])
    text = (GAMES / "401-2-look-creature-card-of-the-chosen-type.yaml").read_text(encoding="utf-8")
    path = tmp_path / "g.yaml"
    path.write_text(text.replace("{take: [mystic], by: alice}", "{take: [bears], by: alice}"), encoding="utf-8")
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match="mystic"):
        play(state, actions, library=lib, until=until)


def test_no_nonland_card_revealed_no_token(db, tmp_path):  # noqa: F811
    """608.2h, 701.20a: the amount is the number of nonland cards revealed this way: a land card on top of each library
    makes no Elephant token (0: nothing happens); each player still draws the card revealed."""
    from engine.files.gamefile import load_game
    from engine.game import play
    lib = load_library([Path(__file__).parent / "data" / "cards"])
    path = tmp_path / "g.yaml"
    path.write_text("""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice, id: f1}
  - {card: Forest, controller: alice, id: f2}
  - {card: Forest, controller: alice, id: f3}
  - {card: Forest, controller: alice, id: f4}
  - {card: Forest, controller: alice, id: f5}
library:
  alice: [{card: Forest, id: a_forest}, {card: Grizzly Bears, id: a_bears}]
  bob: [{card: Island, id: b_island}, {card: Lightning Bolt, id: b_bolt}]
hand:
  alice: [{card: Selvala's Charge, id: charge}]
actions:
  - {cast: charge, tap: [f1, f2, f3, f4, f5], by: alice}
until: {turn: 1, step: beginning_of_combat}
""", encoding="utf-8")
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until)
    st = result.state
    assert sorted(st.battlefield) == ["f1", "f2", "f3", "f4", "f5"]  # no token
    assert st.zone_ids("hand", "alice") == ["a_forest"] and st.zone_ids("hand", "bob") == ["b_island"]
    assert any(e.rule == "608.2h" and " is 0 " in e.text for e in result.log)
