"""The layers program against its oracle on generated boards: zero disagreement, one answer set per step."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.layers import compute_layers
from compare_layers import differences
from engine.generate import random_layers_board
from engine.loader import board_from_data


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_layers_agree_with_the_oracle_on_generated_boards(library, seed):
    board = random_layers_board(seed, library, max_permanents=7, max_effects=3)
    state = board_from_data(board, library, f"seed {seed}")
    assert differences(state) == [], f"seed {seed}: {board}"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_step_has_exactly_one_answer_set(library, seed):
    """The layer programs are stratified: every solve of the loop has exactly one answer set."""
    board = random_layers_board(seed, library)
    top = max([p["timestamp"] for p in board["battlefield"]] + [e["timestamp"] for e in board.get("effects", [])])
    board["battlefield"].append({"card": "Humility", "controller": "alice", "timestamp": top + 1})  # steps to solve
    result = compute_layers(board_from_data(board, library, f"seed {seed}"))
    assert result.steps >= 2 and result.models_per_step == {1}


def test_the_layers_facts_use_only_declared_predicates(library, sent_facts):
    """docs/facts.md documents the "layers" vocabulary: every fact the loop sends is declared there."""
    from bridge import layers
    from bridge.facts import LAYERS

    recorder = sent_facts(layers)
    for seed in range(30):
        board = random_layers_board(seed, library, max_permanents=8, max_effects=3)
        board["battlefield"][0]["counters"] = {"+1/+1": 1}
        compute_layers(board_from_data(board, library, "facts"))
    used = recorder.signatures()
    assert used and used <= {p.signature for p in LAYERS.predicates}, sorted(used - {p.signature for p in LAYERS.predicates})
