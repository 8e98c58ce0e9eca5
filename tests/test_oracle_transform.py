"""Transforming double-faced cards (701.27, 712; engine/vocab/oracle/oneshot_transform.py and
engine/game/transform.py): "transform this creature" (the source only), the werewolves' intervening "if" on
the spells cast last turn (603.4), and how the game plays them: the face up (712.8), its mana value (202.3b),
its color indicator (202.2e), the front face again off the battlefield, 701.27c and 701.27f, and the
board's spells cast last turn.

The cards are the card database's, read through engine.files.dbcards.card_file. The games that execute them
are tests/data/games/701-27a-*.yaml and 712-8-*.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
import yaml
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.game.common import GameError
from engine.game.loop import Game
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


EXAMPLES = [
    ("Village Ironsmith", "At the beginning of each upkeep, if no spells were cast last turn, transform this creature.",
     {"one_shot": [{"op": "transform"}], "kind": "triggered",
      "trigger": {"at_beginning_of": "upkeep", "whose": "each", "if_spells_last_turn": "none"}}),
    ("Ironfang", "At the beginning of each upkeep, if a player cast two or more spells last turn, transform this creature.",
     {"one_shot": [{"op": "transform"}], "kind": "triggered",
      "trigger": {"at_beginning_of": "upkeep", "whose": "each", "if_spells_last_turn": "two_or_more"}}),
    ("Kessig Prowler", "{4}{G}: Transform this creature.",
     {"kind": "activated", "cost": "{4}{G}", "effect": "Transform this creature.", "one_shot": [{"op": "transform"}]}),
    ("Huntmaster of the Fells", "Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 "
     "green Wolf creature token and you gain 2 life.",
     {"one_shot": [{"op": "create_token", "token": "Wolf"}, {"op": "gain_life", "amount": 2}], "kind": "triggered",
      "trigger": {"event": "enters", "or_event": "transforms"}}),
    ("Demon-Possessed Witch", "When this creature transforms into Demon-Possessed Witch, you may destroy target creature.",
     {"targets": [{"what": "creature"}], "one_shot": [{"op": "may", "one_shot": [{"op": "destroy"}]}], "kind": "triggered",
      "trigger": {"event": "transforms"}}),
    ("Cloistered Youth", "At the beginning of your upkeep, you may transform this creature.",
     {"one_shot": [{"op": "may", "one_shot": [{"op": "transform"}]}], "kind": "triggered",
      "trigger": {"at_beginning_of": "upkeep"}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(dataclasses_name(record)).abilities
    assert executable_by(want) is not None


def dataclasses_name(record):
    """A front face's record is named "A // B" in the data; the card is its front face A (dbfaces)."""
    import dataclasses
    return dataclasses.replace(record, name=record.name.split(" // ")[0])


NOT_READ = [
    "Transform target creature.",  # another object than the source
    "{T}: Transform it.",
    "At the beginning of your upkeep, if no spells were cast last turn, transform this creature.",  # each upkeep only
    "At the beginning of each upkeep, if no spells were cast this turn, transform this creature.",
    "At the beginning of each end step, if a player cast two or more spells last turn, transform this creature.",
    "At the beginning of each upkeep, if a player cast three or more spells last turn, transform this creature.",
    "Whenever another creature you control dies, if no spells were cast last turn, draw a card.",
    "At the beginning of each upkeep, draw a card, if no spells were cast last turn, transform this creature.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


BOARD = """
players: [alice, bob]
active: alice
turn: 2
step: untap
battlefield:
  - {card: Village Ironsmith, controller: alice, id: smith}
  - {card: Grizzly Bears, controller: bob, id: bears}
library:
  alice: [Forest, Forest]
"""


def _game(lib, text: str, until: dict | None = None, actions: list | None = None) -> Game:
    data = yaml.safe_load(text)
    if actions:  # (an empty list is refused: leave it out, issue 25)
        data["actions"] = actions
    if until is not None:
        data["until"] = until
    state, acts, at = game_from_data(data, lib, "<transform>")
    return Game(state, acts, library=lib, until=at, auto=True)


def test_the_back_face_is_up_and_the_front_face_again_off_the_battlefield(lib):
    """712.8: the permanent has its back face's characteristics: Ironfang, a red 3/1 (its color indicator,
    202.2e) of mana value 2 (its front face's, 202.3b), the same object (no zone change, 400.7) with a new
    timestamp (613.7g); in the graveyard the card is its front face again."""
    game = _game(lib, BOARD + "spells_cast_last_turn: {}\n", until={"turn": 2, "step": "draw"})
    before = game.state.objects["smith"].timestamp
    game.run()
    o = game.state.objects["smith"]
    assert (o.card_name, o.zone_changes, o.transforms) == ("Ironfang", 0, 1)
    assert o.timestamp > before
    c = game.chars("smith")
    assert (c["name"], c["power"], c["toughness"], c["colors"], o.printed.mana_value) == ("Ironfang", 3, 1, ["red"], 2)
    game.events.zone_changes([_dies("smith")], "704.5g")
    assert (o.card_name, o.printed.name, o.front_face, o.zone) == ("Village Ironsmith", "Village Ironsmith", None,
                                                                    "graveyard")


def _dies(oid: str):
    from engine.files.events import ZoneChange
    return ZoneChange(type="zone_change", object=oid, **{"from": "battlefield"}, to="graveyard")


def test_the_condition_is_false_no_transform(lib):
    """603.4: one spell cast last turn: "if no spells were cast last turn" is false as the upkeep begins."""
    game = _game(lib, BOARD + "spells_cast_last_turn: {bob: 1}\n", until={"turn": 2, "step": "draw"})
    game.run()
    assert game.state.objects["smith"].card_name == "Village Ironsmith"
    assert any(e.rule == "603.4" for e in game.log)


def test_a_board_that_doesnt_say_last_turns_spells_stops_naming_it(lib):
    game = _game(lib, BOARD, until={"turn": 2, "step": "draw"})
    with pytest.raises(GameError, match="the board doesn't say them") as e:
        game.run()
    assert "spells_cast_last_turn" in e.value.fix


def test_a_board_shows_the_back_face_and_it_transforms_back(lib):
    """A board naming a back face (Ironfang) puts the card with its back face up (712.8); two spells of one
    player last turn: it transforms to its front face, Village Ironsmith."""
    text = BOARD.replace("Village Ironsmith", "Ironfang") + "spells_cast_last_turn: {alice: 1, bob: 2}\n"
    game = _game(lib, text, until={"turn": 2, "step": "draw"})
    assert game.state.objects["smith"].front_face[0] == "Village Ironsmith"
    game.run()
    o = game.state.objects["smith"]
    assert (o.card_name, o.front_face) == ("Village Ironsmith", None)
    assert game.chars("smith")["power"] == 1


def test_one_spell_each_is_not_two_spells_of_a_player(lib):
    """603.4: "if a player cast two or more spells last turn": one player cast them; one each doesn't."""
    text = BOARD.replace("Village Ironsmith", "Ironfang") + "spells_cast_last_turn: {alice: 1, bob: 1}\n"
    game = _game(lib, text, until={"turn": 2, "step": "draw"})
    game.run()
    assert game.state.objects["smith"].card_name == "Ironfang"


def test_a_card_with_one_face_doesnt_transform(lib):
    """701.27c: nothing happens to a permanent that is no transforming double-faced card."""
    game = _game(lib, BOARD + "spells_cast_last_turn: {}\n")
    assert game.transforming.transform("bears", "a test") is False
    assert game.state.objects["bears"].card_name == "Grizzly Bears"
    assert game.log[-1].rule == "701.27c"


def test_an_ability_transforms_it_only_if_it_hasnt_transformed_since(lib):
    """701.27f: the ability was put on the stack; the permanent transformed since: the ability doesn't
    transform it again."""
    game = _game(lib, BOARD + "spells_cast_last_turn: {}\n")
    game.refs["ab"] = {"self": game.snap("smith")}
    game.transforming.mark("ab", "smith")
    assert game.transforming.transform("smith", "another effect")
    game.resolution.resolving_refs = game.refs.pop("ab")
    game.transforming.transform_source("smith", "Ironfang")
    assert game.state.objects["smith"].card_name == "Ironfang"
    assert game.log[-1].rule == "701.27f"
    game.refs["ab2"] = {"self": game.snap("smith")}  # an ability put on the stack after it: it transforms it
    game.transforming.mark("ab2", "smith")
    game.resolution.resolving_refs = game.refs.pop("ab2")
    game.transforming.transform_source("smith", "Ironfang")
    assert game.state.objects["smith"].card_name == "Village Ironsmith"


# --- day and night (502.2; 702.145: the current official rules) -------------------------------------------

RUFFIAN = """
players: [alice, bob]
active: alice
turn: 2
step: untap
battlefield:
  - {card: Tavern Ruffian, controller: alice, id: ruffian}
library:
  alice: [Forest, Forest]
"""


@pytest.mark.parametrize("name, keyword", [("Tavern Ruffian", "daybound"), ("Tavern Smasher", "nightbound")])
def test_the_keywords_are_executed(db, name, keyword):  # noqa: F811
    abilities = card_file(dataclasses_name(db.get(name))).abilities
    assert [(a.kind, a.keyword) for a in abilities] == [("keyword", keyword)]
    assert executable_by(abilities[0]).startswith("play (702.145")


def test_a_daybound_permanent_transforms_only_by_its_daybound_ability(lib):
    """702.145b: "This permanent can't transform except due to its daybound ability"."""
    game = _game(lib, RUFFIAN + "spells_cast_last_turn: {}\nday_night: day\n")
    assert game.transforming.transform("ruffian", "a test") is False
    assert (game.state.objects["ruffian"].card_name, game.log[-1].rule) == ("Tavern Ruffian", "702.145b")


def test_nightbound_alone_makes_it_night_and_doesnt_transform(lib):
    """702.145f: a permanent with nightbound, none with daybound, neither day nor night: it becomes night; the
    Smasher (back face up) doesn't transform as it does (702.145b transforms daybound permanents only)."""
    game = _game(lib, RUFFIAN.replace("Tavern Ruffian", "Tavern Smasher") + "spells_cast_last_turn: {}\n",
                 until={"turn": 2, "step": "draw"})
    game.run()
    assert game.state.day_night == "night"
    assert game.state.objects["ruffian"].card_name == "Tavern Smasher"
    assert [e.rule for e in game.log if e.rule.startswith("70")] == ["702.145f"]


def test_the_untap_check_reads_the_previous_turns_active_player_only(lib):
    """502.2: at night, Bob (the previous turn's active player: before Alice in turn order, the board's turn
    before) cast one spell, Alice two: it stays night (it is the active player's spells that count)."""
    text = RUFFIAN.replace("Tavern Ruffian", "Tavern Smasher") + "spells_cast_last_turn: {alice: 2, bob: 1}\n" \
        + "day_night: night\n"
    game = _game(lib, text, until={"turn": 2, "step": "draw"})
    game.run()
    assert (game.state.day_night, game.state.objects["ruffian"].card_name) == ("night", "Tavern Smasher")
    text = text.replace("{alice: 2, bob: 1}", "{alice: 0, bob: 2}")
    game = _game(lib, text, until={"turn": 2, "step": "draw"})
    game.run()
    assert (game.state.day_night, game.state.objects["ruffian"].card_name) == ("day", "Tavern Ruffian")


def test_the_board_says_day_night_and_the_spells_and_is_written_back(lib):
    from engine.files.boardwriter import board_dict
    text = BOARD + "spells_cast_last_turn: {bob: 2}\nspells_cast_this_turn: {alice: 1}\nday_night: day\n"
    state = _game(lib, text).state
    out = board_dict(state)
    assert (out["day_night"], out["spells_cast_last_turn"], out["spells_cast_this_turn"]) == (
        "day", {"alice": 0, "bob": 2}, {"alice": 1})


def test_transforms_into_triggers_as_it_transforms_into_that_face(lib):
    """701.27e: Kindly Stranger transforms (here by the test, as an effect would): it is Demon-Possessed Witch
    (black, its color indicator) immediately after, and its "When this creature transforms into Demon-Possessed
    Witch, you may destroy target creature." triggers; it resolves: Bob's Grizzly Bears is destroyed."""
    text = BOARD.replace("Village Ironsmith", "Kindly Stranger").replace("step: untap", "step: precombat_main") \
        + "spells_cast_last_turn: {}\n"
    game = _game(lib, text, until={"turn": 2, "step": "beginning_of_combat"},
                 actions=[{"trigger_targets": {"smith#1": ["bears"]}}, {"may": True}])
    assert game.transforming.transform("smith", "a test")
    assert [t.event for t in game.pending] == ["transforms"]
    game.run()
    assert game.state.objects["smith"].card_name == "Demon-Possessed Witch"
    assert game.chars("smith")["colors"] == ["black"]
    assert game.state.objects["bears"].zone == "graveyard"
    assert game.transforming.transform("smith", "again") and not game.pending  # into Kindly Stranger: no trigger


@pytest.mark.parametrize("paragraph", [
    "When this creature transforms into ~ or dies, draw a card.",
    "Whenever a creature you control transforms into ~, draw a card.",
    "Whenever this creature dies or transforms into ~, draw a card.",
    "Whenever another creature enters or transforms into ~, draw a card.",
])
def test_transforms_into_near_misses(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_transforms_into_compiles(db):  # noqa: F811
    ab = [a for a in card_file(db.get("Demon-Possessed Witch")).abilities if a.kind == "triggered"][0]
    assert ab.trigger.event == "transforms" and ab.one_shot[0].op == "may"
    assert "701.27e" in executable_by(ab)
