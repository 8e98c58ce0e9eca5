"""Emblems (114): "You get an emblem with [ability]" puts an emblem into its player's command zone, owned and controlled
by them (114.2), whose ability functions there (114.4) for the rest of the game (engine/game/emblems.py); a board's
``emblems`` key reads and writes them (engine/files/emblem_fields.py, docs/board-format.md). The shipped game:
examples/games/g140-ajani-steadfast-emblem-rest-of-game.yaml; the replacement cases: tests/data/replace/114-4-emblems.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter, ValidationError

from engine.files.boardwriter import board_dict
from engine.files.emblem_fields import EMBLEM
from engine.files.errors import InputError
from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.game import play
from engine.vocab.cardfile import Ability

HERE = Path(__file__).parent
GAME = HERE.parent / "examples" / "games" / "g140-ajani-steadfast-emblem-rest-of-game.yaml"
BOARD = """players: [alice, bob]
battlefield:
  - {card: Grizzly Bears, controller: bob, id: bears}
"""


@pytest.fixture(scope="module")
def lib():
    return load_library()


def test_emblem_outlasts_its_planeswalker_and_the_turn(lib):
    """114.4: two turns after Ajani Steadfast's −7, with Ajani in the graveyard since its cost was paid (704.5i), the
    emblem's ability still prevents all but 1 of each damage to alice; the emblem is hers (114.2) and no source."""
    state, actions, until = game_from_data(yaml.safe_load(GAME.read_text(encoding="utf-8")), lib, str(GAME))
    result = play(state, actions, library=lib, until=until)
    st = result.state
    assert st.player("alice").life == 18
    [e] = [e for e in st.effects if e.duration == EMBLEM]
    assert (e.controller, e.source_card, e.ability_index, e.source) == ("alice", "Ajani Steadfast", 3, None)
    assert result.to_dict()["emblems"] == [{"owner": "alice", "from": "Ajani Steadfast", "ability": 3}]
    # --out writes it in the emblems key, not as an effect; read again, it is the same emblem
    d = board_dict(st)
    assert d["emblems"] == [{"owner": "alice", "from": "Ajani Steadfast", "ability": 3, "timestamp": e.timestamp}]
    assert "effects" not in d
    again = load_board_text(yaml.safe_dump(d), lib)
    [f] = [x for x in again.effects if x.duration == EMBLEM]
    assert (f.controller, f.source_card, f.ability_index, f.timestamp, f.source) == (
        "alice", "Ajani Steadfast", 3, e.timestamp, None)


def test_board_emblems_default_ability_and_timestamp(lib):
    """The one ability of the card that makes an emblem is the default; the timestamp defaults after the permanents."""
    st = load_board_text(BOARD + "emblems:\n  - {owner: bob, from: Ajani Steadfast}\n", lib)
    [e] = [e for e in st.effects if e.duration == EMBLEM]
    assert (e.controller, e.ability_index) == ("bob", 3)
    assert e.timestamp > st.objects["bears"].timestamp
    assert not [e for e in load_board_text(BOARD, lib).effects if e.duration == EMBLEM]


@pytest.mark.parametrize("extra, words", [
    ("emblems:\n  - {owner: carol, from: Ajani Steadfast}\n", "carol"),  # not a player
    ("emblems:\n  - {owner: alice, from: Grizzly Bears}\n", "no ability that makes an emblem"),
    ("emblems:\n  - {owner: alice, from: Ajani Steadfast, ability: 1}\n", "not 1"),  # the +1 makes no emblem
    ("emblems:\n  - {owner: alice, from: Ajani Steadfast, ability: 3, timestamp: 1}\n", "timestamp 1"),  # the Bears'
    ("emblems:\n  - {owner: alice, from: Ajani Steadfast, text: x}\n", "text"),  # unknown key
    ("emblems:\n  - {from: Ajani Steadfast}\n", "owner"),  # required
    ("emblems:\n  - {owner: alice, from: Ajani Steadfast, timestamp: 99999999999}\n", "timestamp"),  # out of range
    ("emblems:\n  - {owner: alice, from: No Such Card}\n", "No Such Card"),
])
def test_bad_emblems_are_input_errors(lib, extra, words):
    with pytest.raises(InputError) as e:
        load_board_text(BOARD + extra, lib)
    assert words in str(e.value)


@pytest.mark.parametrize("ability", [
    {"kind": "activated", "loyalty": True, "cost": "−7", "effect": "You get an emblem with \"...\"", "emblem": True},
    {"kind": "activated", "loyalty": True, "cost": "−7", "effect": "You get an emblem with \"...\"", "emblem": True,
     "replacement": {"event": "damage", "target_player": "you", "do": "prevent_all_but", "n": 1},
     "one_shot": [{"op": "draw", "amount": 1}]},
])
def test_emblem_flag_needs_the_emblems_ability_alone(ability):
    """114.2: the emblem has the ability the effect defines (its `replacement`), and nothing else the loop would do."""
    with pytest.raises(ValidationError, match="emblem"):
        TypeAdapter(Ability).validate_python(ability)
