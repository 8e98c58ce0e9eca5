"""Looking at the top cards of a library (401.2, 401.4, 701.20a): the Oracle sentences "Look at the top
four cards of your library. Put one of them into your hand and the rest on the bottom of your library in
any order." (and their kin) read as the operation look_at_top (engine/vocab/oracle/oneshot_library.py),
and executed by the game loop (engine/game/library_ops.py: {take: [...], rest: [...]} in the script).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first; the cards played are checked not to be in the card library.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Impulse", "Look at the top four cards of your library. Put one of them into your hand and the rest on the "
                "bottom of your library in any order.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 4, "take": 1, "rest": "bottom_any_order"}]}),
    ("Glimpse the Future", "Look at the top three cards of your library. Put one of them into your hand and the "
                           "rest into your graveyard.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 3, "take": 1, "rest": "graveyard"}]}),
    ("Sibsig Appraiser", "When this creature enters, look at the top two cards of your library. Put one of them "
                         "into your hand and the other into your graveyard.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "look_at_top", "amount": 2, "take": 1, "rest": "graveyard"}]}),
    ("Adventurous Impulse", "Look at the top three cards of your library. You may reveal a creature or land card "
                            "from among them and put it into your hand. Put the rest on the bottom of your library "
                            "in any order.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 3, "take": 1, "up_to": True, "reveal": True,
                                     "types": ["Creature", "Land"], "rest": "bottom_any_order"}]}),
    ("Grisly Salvage", "Reveal the top five cards of your library. You may put a creature or land card from among them "
                       "into your hand. Put the rest into your graveyard.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 5, "reveal": True, "take": 1, "up_to": True,
                                     "types": ["Creature", "Land"], "rest": "graveyard"}]}),
    ("Beast Hunt", "Reveal the top three cards of your library. Put all creature cards revealed this way into your hand "
                   "and the rest into your graveyard.",
     {"kind": "spell", "one_shot": [{"op": "look_at_top", "amount": 3, "reveal": True, "take_all": True,
                                     "types": ["Creature"], "rest": "graveyard"}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert got == [want]
    assert executable_by(got[0]) is not None


NOT_READ = [
    # the look alone: where the cards go is not said (the next sentence is not read)
    "Look at the top four cards of your library.",
    # where the cards go, after no look
    "Put one of them into your hand and the rest on the bottom of your library in any order.",
    "Put the rest on the bottom of your library in a random order.",
    # "the other" of more than one card left
    "Look at the top three cards of your library. Put one of them into your hand and the other into your graveyard.",
    # the reveal sentence without the sentence saying where the rest go
    "Look at the top five cards of your library. You may reveal a creature card from among them and put it into "
    "your hand.",
    # 'legendary' before a list of a type and a subtype (tests/test_oracle_dig.py: "an instant, sorcery, or Dragon card")
    "Look at the top six cards of your library. You may reveal a legendary instant or Dragon card from among them "
    "and put it into your hand. Put the rest on the bottom of your library in a random order.",
    # a number and its noun disagree; the wrong article
    "Look at the top four card of your library. Put one of them into your hand and the rest into your graveyard.",
    "Look at the top five cards of your library. You may reveal a artifact card from among them and put it into "
    "your hand. Put the rest on the bottom of your library in a random order.",
    # another player's library
    "Look at the top three cards of target player's library. Put one of them into your hand and the rest into "
    "your graveyard.",
    # "revealed this way" of cards looked at, not revealed
    "Look at the top three cards of your library. Put all creature cards revealed this way into your hand and the rest "
    "into your graveyard.",
    # two sentences saying where the rest go
    "Look at the top four cards of your library. Put one of them into your hand and the rest into your graveyard. "
    "Put the rest on the bottom of your library in a random order.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert oneshot.read(bare(text, "X")) is None


def _game(lib, tmp_path, text: str, auto: bool = False):
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until, auto=auto)


IMPULSE = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice}
  - {card: Island, controller: alice}
library:
  alice: [Swamp, Forest, Mountain, Plains, Wastes]
hand:
  alice: [Impulse]
actions:
  - {cast: impulse, tap: [island, island_2]}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_impulse_one_card_to_hand_the_rest_at_the_bottom_in_the_chosen_order(db, lib, tmp_path):
    assert lib.get("Impulse", database=False) is None
    result = _game(lib, tmp_path, IMPULSE % "  - {take: [mountain], rest: [plains, swamp, forest], by: alice}")
    st = result.state
    # 401.2: Mountain into the hand; 401.4: the three others at the bottom, in the order chosen (the last lowest)
    assert st.zone_ids("hand", "alice") == ["mountain"]
    assert st.zone_ids("library", "alice") == ["wastes", "plains", "swamp", "forest"]
    assert st.zone_ids("graveyard", "alice") == ["impulse"]


def test_impulse_auto_and_refusals(db, lib, tmp_path, run):
    # --auto: the first card from the top into the hand, the rest at the bottom in their order
    result = _game(lib, tmp_path, IMPULSE % "", auto=True)
    assert result.state.zone_ids("hand", "alice") == ["swamp"]
    assert result.state.zone_ids("library", "alice") == ["wastes", "forest", "mountain", "plains"]
    # a card not among the four looked at can't be taken; without a choice and without --auto: an error naming it
    for script in ("  - {take: [wastes], by: alice}", "  - {take: [], by: alice}", ""):
        (tmp_path / "g.yaml").write_text(IMPULSE % script, encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and "401.2" in r.err and "take" in r.err


def test_glimpse_the_future_rest_into_the_graveyard(db, lib, tmp_path):
    assert lib.get("Glimpse the Future", database=False) is None
    game = IMPULSE.replace("Impulse", "Glimpse the Future").replace("cast: impulse", "cast: glimpse_the_future") \
        .replace("Island, controller: alice}\n", "Island, controller: alice}\n  - {card: Island, controller: alice}\n", 1) \
        .replace("tap: [island, island_2]", "tap: [island, island_2, island_3]")
    result = _game(lib, tmp_path, game % "  - {take: [forest], by: alice}")
    st = result.state
    assert st.zone_ids("hand", "alice") == ["forest"]
    assert st.zone_ids("library", "alice") == ["plains", "wastes"]
    assert sorted(st.zone_ids("graveyard", "alice")) == ["glimpse_the_future", "mountain", "swamp"]


def test_adventurous_impulse_may_take_none_and_only_a_creature_or_land(db, lib, tmp_path, run):
    assert lib.get("Adventurous Impulse", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice}
library:
  alice: [Lightning Bolt, Grizzly Bears, Swamp, Plains]
hand:
  alice: [Adventurous Impulse]
actions:
  - {cast: adventurous_impulse, tap: [forest]}
%s
until: {turn: 1, step: beginning_of_combat}
"""
    # 701.20a: none taken ("you may"); the three at the bottom in the order chosen
    st = _game(lib, tmp_path, game % "  - {take: [], rest: [swamp, lightning_bolt, grizzly_bears], by: alice}").state
    assert st.zone_ids("hand", "alice") == []
    assert st.zone_ids("library", "alice") == ["plains", "swamp", "lightning_bolt", "grizzly_bears"]
    # Grizzly Bears (a creature card) taken
    st = _game(lib, tmp_path, game % "  - {take: [grizzly_bears], by: alice}").state
    assert st.zone_ids("hand", "alice") == ["grizzly_bears"]
    assert st.zone_ids("library", "alice") == ["plains", "lightning_bolt", "swamp"]
    # Lightning Bolt (an instant card) can't be
    (tmp_path / "g.yaml").write_text(game % "  - {take: [lightning_bolt], by: alice}", encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "401.2" in r.err


# --- "that player": the player dealt damage (603.2) -------------------------------------------------

def test_that_player_compiles_only_after_damage_to_a_player(db):
    record = db.get("Abyssal Specter")
    paragraph = "Whenever this creature deals damage to a player, that player discards a card."
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert got == [ABILITY.validate_python({"kind": "triggered", "text": paragraph,
                                            "trigger": {"event": "deals_damage", "to_player": True},
                                            "one_shot": [{"op": "discard", "amount": 1, "who": "that_player"}]})]
    for text in ("When this creature enters, that player discards a card.",
                 "Whenever this creature deals damage, that player discards a card.",
                 "That player discards a card."):
        assert oneshot.read(bare(text, "X")) is None


def test_abyssal_specter_makes_the_player_it_damaged_discard(db, lib, tmp_path):
    assert lib.get("Abyssal Specter", database=False) is None
    result = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Abyssal Specter, controller: alice}
hand:
  alice: [Island]
  bob: [Swamp, Forest]
actions:
  - {attack: {abyssal_specter: bob}}
  - {discard: [forest], by: bob}
until: {turn: 1, step: end_of_combat}
""")
    st = result.state
    # 510.2: 2 damage to bob; 603.2: bob (the player dealt damage), not alice, discards the card he chose
    assert st.player("bob").life == 18
    assert st.zone_ids("graveyard", "bob") == ["forest"] and st.zone_ids("hand", "bob") == ["swamp"]
    assert st.zone_ids("hand", "alice") == ["island"]


# --- "Return this card from your graveyard to your hand" (113.6k, 400.3) ---------------------------------------

def test_return_self_compiles_only_as_an_activated_ability_paid_in_the_graveyard(db):
    record = db.get("Persistent Specimen")
    paragraph = "{2}{B}: Return this card from your graveyard to the battlefield tapped."
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert got == [ABILITY.validate_python({"kind": "activated", "cost": "{2}{B}",
                                            "effect": "Return this card from your graveyard to the battlefield tapped.",
                                            "one_shot": [{"op": "return_self", "to": "battlefield", "tapped": True}]})]
    for text in ("{T}: Return this card from your graveyard to your hand.",  # {T}: not paid in a graveyard
                 # (a trigger in the graveyard is read: 113.6m, tests/test_oracle_graveyard.py; the source's own
                 # dying triggers on the battlefield and is read: 603.10a, tests/test_oracle_sent2.py)
                 "Return this card from your graveyard to your hand.",
                 "{2}: Return this card from your graveyard to your hand. Draw a card."):
        assert oneshot.read(bare(text, "X")) is None


GRAVEYARD_GAME = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
graveyard:
  alice: [%s]
actions:
  - {activate: %s, ability: %d, tap: [swamp, swamp_2, swamp_3]}
until: {turn: 1, step: beginning_of_combat}
"""


def test_abzan_devotee_returns_from_the_graveyard_to_the_hand(db, lib, tmp_path):
    assert lib.get("Abzan Devotee", database=False) is None
    st = _game(lib, tmp_path, GRAVEYARD_GAME % ("Abzan Devotee", "abzan_devotee", 2)).state
    # 113.6k: its second ability functions in the graveyard; 400.3: the card goes to alice's hand
    assert st.zone_ids("hand", "alice") == ["abzan_devotee"] and st.zone_ids("graveyard", "alice") == []


def test_persistent_specimen_returns_tapped_and_not_from_the_battlefield(db, lib, tmp_path):
    assert lib.get("Persistent Specimen", database=False) is None
    st = _game(lib, tmp_path, GRAVEYARD_GAME % ("Persistent Specimen", "persistent_specimen", 1)).state
    assert "persistent_specimen" in st.battlefield and st.objects["persistent_specimen"].tapped
    # on the battlefield, the ability doesn't function (113.6k): the activation is refused
    game = GRAVEYARD_GAME.replace("graveyard:\n  alice: [%s]\n", "") % ("persistent_specimen", 1)
    game = game.replace("battlefield:\n", "battlefield:\n  - {card: Persistent Specimen, controller: alice}\n", 1)
    result = _game(lib, tmp_path, game)
    assert [r["rule"] for r in result.rejected] == ["113.6k"]


# --- "Target opponent reveals their hand. You choose a nonland card from it. That player discards that card." ---

HAND_EXAMPLES = [
    ("Distress", "Target player reveals their hand. You choose a nonland card from it. That player discards that card.",
     {"kind": "spell", "targets": [{"what": "player"}],
      "one_shot": [{"op": "discard_chosen", "who": "target", "not_types": ["Land"]}]}),
    ("Despise", "Target opponent reveals their hand. You choose a creature or planeswalker card from it. That player "
                "discards that card.",
     {"kind": "spell", "targets": [{"what": "player", "controller": "opponent"}],
      "one_shot": [{"op": "discard_chosen", "who": "target", "types": ["Creature", "Planeswalker"]}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", HAND_EXAMPLES, ids=[e[0] for e in HAND_EXAMPLES])
def test_hand_discard_cards_compile(db, name, paragraph, expected):
    test_database_cards_compile(db, name, paragraph, expected)


@pytest.mark.parametrize("text", [
    "Target opponent reveals their hand. You choose a nonland card from it.",  # chosen, not discarded
    "You choose a nonland card from it. That player discards that card.",  # from no hand revealed
    "Target opponent reveals their hand. That player discards that card.",  # no card chosen
    "Target opponent reveals their hand. You choose an creature card from it. That player discards that card.",
    "Each opponent reveals their hand. You choose a nonland card from it. That player discards that card.",
])
def test_hand_discard_not_read(text):
    assert oneshot.read(bare(text, "X")) is None


DISTRESS = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
hand:
  alice: [Distress]
  bob: [Swamp, Grizzly Bears, Lightning Bolt]
actions:
  - {cast: distress, targets: [bob], tap: [swamp, swamp_2]}
%s
until: {turn: 1, step: beginning_of_combat}
"""


def test_distress_the_caster_chooses_the_nonland_card_bob_discards(db, lib, tmp_path, run):
    assert lib.get("Distress", database=False) is None
    # 701.20a, 701.9a: alice (the controller) chooses Lightning Bolt; bob discards it
    st = _game(lib, tmp_path, DISTRESS % "  - {discard: [lightning_bolt], by: alice}").state
    assert st.zone_ids("graveyard", "bob") == ["lightning_bolt"]
    assert st.zone_ids("hand", "bob") == ["swamp_3", "grizzly_bears"]
    # --auto: the first nonland card of bob's hand
    st = _game(lib, tmp_path, DISTRESS % "", auto=True).state
    assert [st.objects[x].card_name for x in st.zone_ids("graveyard", "bob")] == ["Grizzly Bears"]
    # a land can't be chosen; without the choice and without --auto, an error naming it
    for script in ("  - {discard: [swamp_3], by: alice}", ""):
        (tmp_path / "g.yaml").write_text(DISTRESS % script, encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and "701.9a" in r.err and "discard" in r.err


def test_beast_hunt_takes_every_creature_card_revealed(db, lib, tmp_path):
    assert lib.get("Beast Hunt", database=False) is None
    st = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
library:
  alice: [Grizzly Bears, Swamp, Grizzly Bears, Plains]
hand:
  alice: [Beast Hunt]
actions:
  - {cast: beast_hunt, tap: [forest, forest_2, forest_3, forest_4]}
until: {turn: 1, step: beginning_of_combat}
""").state
    # 701.20a: the three revealed; both creature cards into the hand (no choice), Swamp into the graveyard
    assert [st.objects[x].card_name for x in st.zone_ids("hand", "alice")] == ["Grizzly Bears", "Grizzly Bears"]
    assert sorted(st.objects[x].card_name for x in st.zone_ids("graveyard", "alice")) == ["Beast Hunt", "Swamp"]
    assert [st.objects[x].card_name for x in st.zone_ids("library", "alice")] == ["Plains"]


# --- family 0 statics the loop executes: 402.2 (no maximum hand size), 305.2 (additional lands) -------------

def test_spellbook_its_controller_discards_nothing_at_cleanup(db, lib, tmp_path):
    assert lib.get("Spellbook", database=False) is None
    game = """players: [alice, bob]
active: alice
step: end
battlefield:
  - {card: %s, controller: alice}
hand:
  alice: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
until: {turn: 2, step: upkeep}
"""
    # 402.2: with Spellbook, alice keeps her nine cards through her cleanup step (514.1)
    st = _game(lib, tmp_path, game % "Spellbook", auto=True).state
    assert len(st.zone_ids("hand", "alice")) == 9
    # without it (a Swamp on the battlefield instead), she discards down to seven
    st = _game(lib, tmp_path, game % "Swamp", auto=True).state
    assert len(st.zone_ids("hand", "alice")) == 7


def test_exploration_two_lands_in_a_turn_not_three(db, lib, tmp_path):
    assert lib.get("Exploration", database=False) is None
    result = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Exploration, controller: alice}
hand:
  alice: [Forest, Island, Mountain]
actions:
  - {play_land: forest}
  - {play_land: island}
  - {play_land: mountain}
until: {turn: 1, step: beginning_of_combat}
""")
    # 305.2: one land, and one more with Exploration; the third is refused
    st = result.state
    assert "forest" in st.battlefield and "island" in st.battlefield and "mountain" not in st.battlefield
    assert [r["rule"] for r in result.rejected] == ["305.2"]


# --- "You may put a land card from your hand onto the battlefield." (400.3, 305.4) ---------------------------

def test_llanowar_scout_puts_the_chosen_land_and_it_is_no_land_played(db, lib, tmp_path):
    assert lib.get("Llanowar Scout", database=False) is None
    record = db.get("Llanowar Scout")
    paragraph = "{T}: You may put a land card from your hand onto the battlefield."
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert got[0].one_shot[0].one_shot[0].op == "put_from_hand" and executable_by(got[0]) is not None
    result = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Llanowar Scout, controller: alice}
hand:
  alice: [Grizzly Bears, Forest, Island, Mountain]
actions:
  - {activate: llanowar_scout, ability: 1}
  - {may: true, by: alice}
  - {take: [island], by: alice}
  - {play_land: mountain}
until: {turn: 1, step: beginning_of_combat}
""")
    st = result.state
    # 400.3: Island (alice's choice) onto the battlefield; 305.4: not a land played, so Mountain may still be played
    assert "island" in st.battlefield and "mountain" in st.battlefield and "forest" not in st.battlefield
    assert result.rejected == []


# --- "Search your library for a card, then shuffle and put that card on top." (701.23a, 701.24a) --------------

def test_vampiric_tutor_puts_the_card_found_on_top_after_the_shuffle(db, lib, tmp_path):
    assert lib.get("Vampiric Tutor", database=False) is None
    record = db.get("Vampiric Tutor")
    paragraph = "Search your library for a card, then shuffle and put that card on top. You lose 2 life."
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert got == [ABILITY.validate_python({"kind": "spell", "text": paragraph, "one_shot": [
        {"op": "search_library", "to": "top"}, {"op": "lose_life", "amount": 2, "who": "you"}]})]
    result = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
library:
  alice: [Forest, Island, Grizzly Bears, Mountain, Plains]
hand:
  alice: [Vampiric Tutor]
actions:
  - {cast: vampiric_tutor, tap: [swamp]}
  - {search: grizzly_bears, by: alice}
until: {turn: 1, step: beginning_of_combat}
""")
    st = result.state
    # 701.23a: Grizzly Bears found; 701.24a: the library shuffled, then it goes on top; 119.3: alice loses 2 life
    library = st.zone_ids("library", "alice")
    assert library[0] == "grizzly_bears" and sorted(library) == ["forest", "grizzly_bears", "island", "mountain",
                                                                  "plains"]
    assert st.player("alice").life == 18


def test_explosive_vegetation_finds_up_to_two_basic_lands(db, lib, tmp_path, run):
    assert lib.get("Explosive Vegetation", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
library:
  alice: [Grizzly Bears, Island, Swamp, Plains]
hand:
  alice: [Explosive Vegetation]
actions:
  - {cast: explosive_vegetation, tap: [forest, forest_2, forest_3, forest_4]}
%s
until: {turn: 1, step: beginning_of_combat}
"""
    # 701.23a: Island and Plains found, onto the battlefield tapped
    st = _game(lib, tmp_path, game % "  - {search: [island, plains], by: alice}").state
    assert {"island", "plains"} <= set(st.battlefield) and st.objects["island"].tapped and st.objects["plains"].tapped
    assert sorted(st.zone_ids("library", "alice")) == ["grizzly_bears", "swamp"]
    # 701.23b: one only may be found
    st = _game(lib, tmp_path, game % "  - {search: [swamp], by: alice}").state
    assert "swamp" in st.battlefield and "island" not in st.battlefield
    # three are more than "up to two"; a creature card is no basic land card
    for script in ("  - {search: [island, plains, swamp], by: alice}", "  - {search: [grizzly_bears], by: alice}"):
        (tmp_path / "g.yaml").write_text(game % script, encoding="utf-8")
        r = run("play", tmp_path / "g.yaml")
        assert r.code != 0 and "701.23a" in r.err


def test_avarax_finds_a_card_with_its_own_name_only(db, lib, tmp_path, run):
    assert lib.get("Avarax", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
%s
library:
  alice: [Grizzly Bears, Avarax, Island]
hand:
  alice: [Avarax]
actions:
  - {cast: avarax, tap: [mountain, mountain_2, mountain_3, mountain_4, mountain_5]}
  - {may: true, by: alice}
  - {search: %s, by: alice}
until: {turn: 1, step: beginning_of_combat}
""" % ("".join("  - {card: Mountain, controller: alice}\n" for _ in range(5)), "%s")
    result = _game(lib, tmp_path, game % "avarax_2")
    st = result.state
    # 701.23a: the other Avarax into alice's hand
    assert st.zone_ids("hand", "alice") == ["avarax_2"] and "avarax" in st.battlefield
    (tmp_path / "g.yaml").write_text(game % "grizzly_bears", encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "701.23a" in r.err


def test_aurora_eidolon_returns_from_the_graveyard_as_a_multicolored_spell_is_cast(db, lib, tmp_path):
    assert lib.get("Aurora Eidolon", database=False) is None and lib.get("Lightning Helix", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Mountain, controller: alice}
  - {card: Plains, controller: alice}
%s
hand:
  alice: [Lightning Helix]
actions:
  - {cast: lightning_helix, targets: [bob], tap: [mountain, plains]}
%s
until: {turn: 1, step: beginning_of_combat}
"""
    # 113.6k, 603.2: the trigger of the card in alice's graveyard; she returns it to her hand
    st = _game(lib, tmp_path, game % ("graveyard:\n  alice: [Aurora Eidolon]", "  - {may: true, by: alice}")).state
    assert st.zone_ids("hand", "alice") == ["aurora_eidolon"] and st.player("bob").life == 17
    # on the battlefield it doesn't trigger (it functions only in the graveyard): no may to answer
    result = _game(lib, tmp_path, game % ("  - {card: Aurora Eidolon, controller: alice}", ""))
    assert "aurora_eidolon" in result.state.battlefield and result.state.player("bob").life == 17
    assert not any("Aurora Eidolon" in str(line) and "603.3" in str(line) for line in result.log)
