"""A state written as a board file (engine/files/boardwriter.py, `--out`) loads back as the same state: on
every shipped example board and on generated boards of every kind."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, ROOT
from engine.files.boardwriter import board_dict, write_board
from engine.app.generate import random_board, random_combat_board, random_layers_board, random_replace_board
from engine.files.library import load_library
from engine.files.gamefile import load_game
from engine.files.loader import board_from_data, load_board

LIBRARY = load_library([DATA / "cards"])
def _is_board(path) -> bool:
    """A board file: a mapping with players (the folders also hold declarations, events, assignments)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and "players" in data


BOARDS = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "bad" not in p.parts and _is_board(p))


@pytest.mark.parametrize("path", BOARDS, ids=[str(p.relative_to(ROOT)) for p in BOARDS])
def test_example_boards_round_trip(path, tmp_path):
    """Boards, and the boards of game files (examples/games: a board plus actions)."""
    state = load_game(path, LIBRARY)[0] if "games" in path.parts else load_board(path, LIBRARY)
    out = tmp_path / "out.yaml"
    write_board(state, out)
    again = load_board(out, LIBRARY)
    assert again.to_dict() == state.to_dict()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), kind=st.sampled_from(["board", "layers", "attack", "block", "replace"]))
def test_generated_boards_round_trip(seed, kind):
    if kind == "board":
        data = random_board(seed, LIBRARY)
    elif kind == "layers":
        data = random_layers_board(seed, LIBRARY)
    elif kind == "replace":
        data = random_replace_board(seed, LIBRARY)[0]
    else:
        data = random_combat_board(seed, LIBRARY, kind)
    state = board_from_data(data, LIBRARY, "generated")
    assert board_from_data(board_dict(state), LIBRARY, "written").to_dict() == state.to_dict()
