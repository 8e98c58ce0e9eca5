"""Planechase (901 of the current official rules; the French seed text has no 901: its 311 "Plans", 312 "Phénomènes",
701.31 "Se transplaner", 704.6f and 116.2i say the same): the triggers of plane and phenomenon cards
(engine/vocab/oracle/planechase.lark, reader oneshot_planechase.py): "Whenever chaos ensues" (311.7), "When you
planeswalk to ~" (701.31d; with "and at the beginning of your upkeep", 503.1), "When you planeswalk away from ~"
(603.10g), "When you encounter ~" (312.5), and the instructions "planeswalk" (701.31b) and "chaos ensues" (311.7); the
planar deck on a board (engine/files/planar.py), and the loop's planar die and planeswalking (engine/game/planechase.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/901-9b-chaos-ensues-tarnation.yaml,
701-31b-planeswalk-to-krosa.yaml, 704-6f-encounter-planewide-disaster.yaml, 311-5-planar-controller-upkeep.yaml,
701-9-discard-your-hand-academy.yaml (test_games.py). (Academy at Tolaria West's chaos ability needed "discard your hand",
701.9: oneshot.lark's os_discard_hand, read for any card.)
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.errors import InputError
from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Tarnation', 'Whenever chaos ensues, Tarnation deals 1 damage to any target.',
     {'kind': 'triggered', 'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': 1}],
      'trigger': {'event': 'chaos_ensues'}}),
    ('Goldmeadow', 'Whenever chaos ensues, create a 0/1 white Goat creature token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Goat Token', 'definition': {
         'power': 0, 'toughness': 1, 'colors': ['white'], 'types': ['Creature'], 'subtypes': ['Goat']}}],
      'trigger': {'event': 'chaos_ensues'}}),
    ('The Dining Car', 'When you planeswalk to The Dining Car, each player creates a Food token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Food', 'who': 'each_player'}],
      'trigger': {'event': 'planeswalk_to'}}),
    ('The Wilds', 'When you planeswalk to The Wilds and at the beginning of your upkeep, create a Food token.',
     {'kind': 'triggered', 'one_shot': [{'op': 'create_token', 'token': 'Food'}],
      'trigger': {'event': 'planeswalk_to', 'at_upkeep': True}}),
    ('Planewide Disaster', 'When you encounter Planewide Disaster, destroy all creatures.',
     {'kind': 'triggered', 'one_shot': [{'op': 'destroy', 'what': 'each_creature'}],
      'trigger': {'event': 'encounter'}}),
    ('Academy at Tolaria West', 'Whenever chaos ensues, discard your hand.',
     {'kind': 'triggered', 'one_shot': [{'op': 'discard_hand', 'who': 'you'}], 'trigger': {'event': 'chaos_ensues'}}),
    ("Norn's Seedcore", "When you planeswalk to Norn's Seedcore, chaos ensues.",
     {'kind': 'triggered', 'one_shot': [{'op': 'chaos_ensues'}], 'trigger': {'event': 'planeswalk_to'}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_planeswalk_away_and_here():
    """701.31d, 603.10g: "When you planeswalk away from ~"; "here" and "this plane" name the plane too; "Then
    planeswalk." after an instruction (701.31b)."""
    [ab] = oneshot.read(bare("When you planeswalk away from Inys Haen, draw a card.", "Inys Haen"))
    assert ab["trigger"] == {"event": "planeswalk_away"}
    [ab] = oneshot.read(bare("When you planeswalk here, draw a card.", ""))
    assert ab["trigger"] == {"event": "planeswalk_to"}
    [ab] = oneshot.read(bare("Whenever chaos ensues, draw a card. Then planeswalk.", ""))
    assert ab["one_shot"] == [{"op": "draw", "amount": 1, "who": "you"}, {"op": "planeswalk"}]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever chaos ensues, untap all creatures that attacked this turn.",  # (the instruction)
    "Whenever chaos ensues, each player discards your hand.",  # 701.9: "your" of you only
    "Whenever chaos ensues, discard their hand.",  # "their" of another player only
    "Whenever a player planeswalks, draw a card.",  # anyone's planeswalking
    "When you planeswalk to a plane, draw a card.",  # not this plane
    "Whenever you planeswalk here or chaos ensues, draw a card.",  # two events in one trigger
    "When you planeswalk to Krosa and at the beginning of your end step, draw a card.",  # (only the upkeep)
    "Whenever you roll the planar die, draw a card.",
    "When you encounter a phenomenon, draw a card.",
    "Whenever chaos ensues, target player planeswalks.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "Krosa")) is None


def test_discard_their_hand():
    """701.9: "Each player discards their hand, then draws seven cards." (each player's whole hand, then the draws)."""
    [ab] = oneshot.read(bare("Each player discards their hand, then draws seven cards.", ""))
    assert ab["one_shot"] == [{"op": "discard_hand", "who": "each_player"}, {"op": "draw", "amount": 7, "who": "each_player"}]
    [ab] = oneshot.read(bare("Target opponent discards their hand.", ""))
    assert ab["one_shot"] == [{"op": "discard_hand", "who": "target"}]


def test_a_planar_deck_holds_only_planes_and_phenomena(lib):
    """901.3 (current official rules): a planar deck's cards are planes and phenomena: another card is bad input."""
    with pytest.raises(InputError, match="not a plane or phenomenon"):
        game_from_data({"players": ["alice", "bob"], "planar_deck": {"alice": ["Grizzly Bears"]}}, lib, "bad")


def test_the_instructions_in_the_loop(lib):
    """311.7, 701.31b: "chaos ensues" as an instruction triggers the face-up plane's chaos ability; "planeswalk" by a
    player who isn't the planar controller does nothing (701.31a), by the planar controller turns the next plane face up
    (its statics in force: Krosa's +2/+2 in the layers)."""
    from engine.game import Game, planechase

    data = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
            "battlefield": [{"card": "Grizzly Bears", "controller": "bob", "id": "bears"}],
            "command": {"alice": ["Tarnation"]}, "planar_deck": {"alice": ["Krosa"], "bob": ["Goldmeadow"]}}
    state, actions, until = game_from_data(data, lib, "loop")
    game = Game(state, actions, library=lib, until=until)

    class Ins:  # what an instruction's function reads of engine/game/instructions.py's Instructions
        pass
    ins = Ins()
    ins.game = game
    planechase.OPS["chaos_ensues"](ins, None, "x", "alice", [], "a test")
    assert [(t.source, t.event, t.controller) for t in game.pending] == [("tarnation", "chaos_ensues", "alice")]
    game.pending = []
    planechase.OPS["planeswalk"](ins, None, "x", "bob", [], "a test")
    assert planechase.face_up(game.state) == ["tarnation"]  # (bob isn't the planar controller)
    planechase.OPS["planeswalk"](ins, None, "x", "alice", [], "a test")
    assert planechase.face_up(game.state) == ["krosa"] and game.state.planar_decks["alice"] == ["tarnation"]
    assert game.layers().objects["bears"]["power"] == 4
