"""615.12, 615.5: prevention effects applied to damage that can't be prevented prevent none of it, and "any additional
effects they have will take place". The data cases of tests/data/replace/615-12-unpreventable.yaml and
615-5-per-prevented.yaml decided by the oracle (tests/oracles/replace.py, from the rules text, not the program): the
same outcomes and orders the cases state (and the program gives: tests/test_replace_cases.py). The program and the
oracle on generated boards with such cards: tests/test_replace_oracle.py (test_removers_under_unpreventable_damage_...)."""

from __future__ import annotations

import pytest
import yaml

from conftest import DATA
from engine.files.events import events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data
from oracles.replace import event_key, oracle_replace

LIBRARY = load_library([DATA / "cards"])
FILES = ("615-12-unpreventable.yaml", "615-5-per-prevented.yaml")
CASES = [(f, c) for f in FILES for c in yaml.safe_load((DATA / "replace" / f).read_text(encoding="utf-8"))]


def _order(x: list, n: int) -> tuple:
    """A case's order ("effect@k" for the k-th of several events) in the oracle's shape: one tuple per event."""
    if n == 1:
        return tuple(x)
    return tuple(tuple(e.rsplit("@", 1)[0] for e in x if e.rsplit("@", 1)[1] == str(k)) for k in range(1, n + 1))


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_the_oracle_gives_the_cases_outcomes(case):
    state = board_from_data(case["board"], LIBRARY, "case")
    data = {"event": case["event"]} if "event" in case else {"events": case["events"]}
    events = events_from_data(data, state, LIBRARY, "case")
    want = {tuple(event_key(e) for e in o["events"]): {_order(x, len(events)) for x in o["orders"]}
            for o in case["expect"]["outcomes"]}
    assert oracle_replace(state, events, LIBRARY)["outcomes"] == want, case["name"]
