"""Family 2's conditions on a player's designation and starting life total (statics.lark's st_condition, reader
engine/vocab/oracle/statics_paired.py): "as long as you have the city's blessing" ({city_blessing: you}, 702.131c, the
current official rules: the designation ascend gives, engine/game/ascend.py), "as long as you have at least N life more
than your starting life total", "your life total is greater than or equal to your starting life total" and "... less than
or equal to half your starting life total" ({life: you, relative_to_starting: whole | half}, 119.1, 103.4: the board's
starting_life, 20 by default); celebration's "as long as two or more nonland permanents entered the battlefield under
your control this turn" ({nonland_entered: you, at_least: 2}: the game loop's count of the turn, engine/game/history.py
``entered``, a board's nonland_entered_this_turn). The layers program reads them (asp_rules/layers_conditions.lp: cond_blessing/1; cond_life/4
with the bounds the facts compute from the starting life total).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/702-131-ascend-city-blessing.yaml (ten
permanents: the blessing, kept after), 103-4-half-starting-life-indestructible.yaml (a starting life total of 40),
celebration-two-nonland-permanents-entered.yaml (a land not counted; two Bears).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from bridge.layers import compute_layers
from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, KeywordAbility, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
YOURS = {"types": ["Creature"], "controller": "you"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Spire Winder", "This creature gets +1/+1 as long as you have the city's blessing.",
     {"kind": "static", "continuous": {"if": {"city_blessing": "you"},
                                       "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    ("Storm Fleet Swashbuckler", "This creature has double strike as long as you have the city's blessing.",
     {"kind": "static", "continuous": {"if": {"city_blessing": "you"},
                                       "do": [{"op": "add_abilities", "abilities": [{"keyword": "double strike"}]}]}}),
    ("Tendershoot Dryad", "Saprolings you control get +2/+2 as long as you have the city's blessing.",
     {"kind": "static", "continuous": {"if": {"city_blessing": "you"},
                                       "applies_to": {"subtypes": ["Saproling"], "controller": "you"},
                                       "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Armory Mice",
     "Celebration — This creature gets +0/+2 as long as two or more nonland permanents entered the battlefield under "
     "your control this turn.",
     {"kind": "static", "continuous": {"if": {"nonland_entered": "you", "at_least": 2},
                                       "do": [{"op": "modify_pt", "toughness": 2}]}}),
    ("Righteous Valkyrie",
     "As long as you have at least 7 life more than your starting life total, creatures you control get +2/+2.",
     {"kind": "static", "continuous": {"if": {"life": "you", "relative_to_starting": "whole", "at_least": 7},
                                       "applies_to": YOURS, "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Path of Bravery",
     "As long as your life total is greater than or equal to your starting life total, creatures you control get +1/+1.",
     {"kind": "static", "continuous": {"if": {"life": "you", "relative_to_starting": "whole", "at_least": 0},
                                       "applies_to": YOURS, "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    ("Bane, Lord of Darkness",
     "As long as your life total is less than or equal to half your starting life total, Bane has indestructible.",
     {"kind": "static", "continuous": {"if": {"life": "you", "relative_to_starting": "half", "at_most": 0},
                                       "do": [{"op": "add_abilities", "abilities": [{"keyword": "indestructible"}]}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph.replace("Bane has", "~ has")))
    got = [a for a in card_file(record).abilities if a.continuous is not None]
    assert [a.continuous for a in got] == [want.continuous] and executable_by(got[0]) is not None


def test_ascend_is_the_game_loops():
    assert "702.131" in executable_by(KeywordAbility(kind="keyword", keyword="ascend"))


def _layers(lib, life: int, cards: list[str], starting: int = 20, blessing: tuple = (), entered: dict | None = None):
    data = {"players": ["alice", "bob"], "step": "precombat_main", "life": {"alice": life, "bob": 20},
            "starting_life": starting, "city_blessing": list(blessing), "nonland_entered_this_turn": entered or {},
            "battlefield": [{"card": c, "controller": "alice", "id": f"c{k}"} for k, c in enumerate(cards)]}
    state, _actions, _until = game_from_data(data, lib, "blessing")
    return compute_layers(state).objects


@pytest.mark.parametrize("life, starting, pt", [(20, 20, 3), (19, 20, 2), (40, 40, 3), (39, 40, 2), (27, 20, 3)])
def test_at_or_above_the_starting_life_total(lib, life, starting, pt):
    """119.1, 103.4: Path of Bravery's +1/+1 while its controller's life total is at least the starting life total."""
    assert _layers(lib, life, ["Path of Bravery", "Grizzly Bears"], starting)["c1"]["power"] == pt


@pytest.mark.parametrize("life, starting, held", [(10, 20, True), (11, 20, False), (20, 40, True), (21, 40, False),
                                                  (12, 25, True), (13, 25, False)])
def test_half_the_starting_life_total(lib, life, starting, held):
    """103.4: "less than or equal to half your starting life total" (25: 12 or less, half rounded down)."""
    abilities = _layers(lib, life, ["Bane, Lord of Darkness"], starting)["c0"]["abilities"]
    assert ("indestructible" in abilities) == held


@pytest.mark.parametrize("life, pt", [(27, 4), (26, 2)])
def test_seven_more_than_the_starting_life_total(lib, life, pt):
    assert _layers(lib, life, ["Righteous Valkyrie", "Grizzly Bears"])["c1"]["power"] == pt


@pytest.mark.parametrize("blessing, pt", [(("alice",), 3), (("bob",), 2), ((), 2)])
def test_the_city_blessing_is_its_controllers(lib, blessing, pt):
    """702.131c: the blessing of the effect's controller, not another player's."""
    assert _layers(lib, 20, ["Spire Winder"], blessing=blessing)["c0"]["power"] == pt


@pytest.mark.parametrize("entered, toughness", [({"alice": 2}, 3), ({"alice": 1}, 1), ({"bob": 3}, 1), ({}, 1)])
def test_celebration_counts_its_controllers_permanents(lib, entered, toughness):
    """Celebration: the nonland permanents that entered under the effect's controller's control this turn."""
    assert _layers(lib, 20, ["Armory Mice"], entered=entered)["c0"]["toughness"] == toughness


# near misses: another player's blessing or life total, other comparisons
NOT_READ = [
    "This creature gets +1/+1 as long as an opponent has the city's blessing.",
    "This creature gets +1/+1 as long as you don't have the city's blessing.",
    "As long as your life total is less than half your starting life total, ~ has indestructible.",
    "As long as an opponent's life total is less than or equal to half their starting life total, ~ has indestructible.",
    "As long as you have at least 7 life less than your starting life total, creatures you control get +2/+2.",
    "As long as your life total is greater than your starting life total, ~ gets +1/+1.",
    "This creature gets +0/+2 as long as two or more nonland permanents entered the battlefield this turn.",
    "This creature gets +0/+2 as long as two or more permanents entered the battlefield under your control this turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None
