"""asp_rules/board.lp against its oracle on generated boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge import run_task
from engine.app.generate import random_board
from engine.files.loader import board_from_data
from oracles.board import board_oracle


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_board_program_agrees_with_its_oracle(library, seed):
    state = board_from_data(random_board(seed, library, max_permanents=10), library, f"seed-{seed}")
    model = run_task("board", state).model
    solver = {name: set(model.atoms(name)) for name in ("permanent", "opponent", "defending_player")}
    assert solver == board_oracle(state)


def test_generated_boards_are_reproducible(library):
    assert random_board(7, library) == random_board(7, library)
    assert any(random_board(s, library) != random_board(7, library) for s in range(8, 12))
