"""The layers task stopped after one layer (bridge.layers.layer_dependencies, what the catalogue's witness search asks
of each candidate board: docs/loops.md, Search) finds the same dependencies and loops in the layers up to that one
as the whole layers task (613.1: the layers apply in order; what a layer decides is made of the state the layers
before it leave and its own effects). Checked for every layer on seeded boards of `mtgjudge generate layers` and on
the witnesses of the shipped catalogue (dependency loops, Auras, type and ability changes)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from asp_rules.rulesdata import LAYERS
from bridge import SolverConfig
from bridge.layers import compute_layers, layer_dependencies
from conftest import EXAMPLES
from engine.app.generate import random_layers_board
from engine.files.loader import board_from_data

OBJECT_LAYERS = [layer for layer in LAYERS if layer not in ("players", "rules")]
WITNESSES = sorted((EXAMPLES / "loops" / "witnesses").glob("*.yaml")) + \
    sorted((EXAMPLES / "loops" / "triples" / "witnesses").glob("*.yaml"))


def _loop_layer(loop: list[str], deps: list[dict]) -> str:
    layers = {d["layer"] for d in deps if d["effect"] in loop and d["depends_on"] in loop}
    assert len(layers) == 1, (loop, layers)
    return layers.pop()


def _check(state) -> int:
    config = SolverConfig(time_limit=60.0)
    full = compute_layers(state, config)
    assert not full.timed_out
    for layer in OBJECT_LAYERS:
        upto = set(OBJECT_LAYERS[:OBJECT_LAYERS.index(layer) + 1])
        part = layer_dependencies(state, layer, config)
        assert not part.timed_out
        assert part.dependencies == [d for d in full.dependencies if d["layer"] in upto], layer
        assert part.loops == [loop for loop in full.loops if _loop_layer(loop, full.dependencies) in upto], layer
        assert part.steps <= full.steps
    return len(full.dependencies)


@pytest.mark.parametrize("seed", range(40))
def test_the_layers_up_to_one_find_what_the_whole_task_finds_there(library, seed):
    board = random_layers_board(seed, library, max_permanents=8, max_effects=3)
    _check(board_from_data(board, library, f"<seed {seed}>"))


def test_on_the_shipped_witnesses(library):
    assert len(WITNESSES) >= 40
    found = sum(_check(board_from_data(yaml.safe_load(Path(w).read_text(encoding="utf-8")), library, w.name))
                for w in WITNESSES)
    assert found >= len(WITNESSES)  # each witness has a dependency, found by both
