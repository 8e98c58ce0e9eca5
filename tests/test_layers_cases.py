"""Layer cases as data (tests/data/layers/*.yaml): a board, the rule, and the expected
characteristics of some permanents after all continuous effects (613). The solver must give exactly
the expected values, and the oracle must agree with the solver on the whole board.

A case: {name, rule, board (a board file, inline), expect: {ID: {field: value}}, optional
order: [effect ids in application order], dependencies: [[effect, depends_on, reason], ...],
loops: [[effect ids]]}. Fields: name, controller, types, supertypes, subtypes, colors, power,
toughness, abilities (lists compare as sets). Boards may use the example cards of tests/data/cards
(the generic effects of the CR's examples, written as cards with a `source` line).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.library import load_library
from engine.files.loader import board_from_data

EXAMPLE_CARDS = Path(__file__).parent / "data" / "cards"  # the CR's generic example effects, as cards
CASE_FILES = sorted((Path(__file__).parent / "data" / "layers").glob("*.yaml"))
CASES = [(f.stem, c) for f in CASE_FILES for c in yaml.safe_load(f.read_text(encoding="utf-8")) or []]


def _norm(v):
    return sorted(v) if isinstance(v, list) else v


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_layer_case(case):
    library = load_library([EXAMPLE_CARDS])
    state = board_from_data(case["board"], library, case["name"])
    result = compute_layers(state)
    for oid, fields in case["expect"].items():
        assert oid in result.objects, f"no permanent {oid!r}"
        for field, value in fields.items():
            assert _norm(result.objects[oid][field]) == _norm(value), f"{oid}.{field} ({case['rule']})"
    if "order" in case:
        assert [e["effect"] for e in result.order] == case["order"]
    if "dependencies" in case:
        got = sorted([d["effect"], d["depends_on"], d["reason"]] for d in result.dependencies)
        assert got == sorted(case["dependencies"])
    if "players_and_rules" in case:  # 613.10, 613.11: the effects on players and rules in force
        assert [e["effect"] for e in result.in_force] == case["players_and_rules"]
    if "loops" in case:
        assert sorted(result.loops) == sorted(sorted(loop) for loop in case["loops"])
    assert differences(state) == [], "the oracle disagrees with the solver"
