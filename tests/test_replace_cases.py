"""Replacement and prevention cases as data (tests/data/replace/*.yaml): EXAMPLES.md's 614-616
entries and the classic cases, each with every stated outcome and the orders that lead to it."""

from __future__ import annotations

import pytest
import yaml

from bridge.layers import compute_layers
from bridge.replace import replace
from conftest import DATA
from engine.files.events import as_card_events, events_from_data, with_entering_cards
from engine.files.library import load_library
from engine.files.loader import board_from_data
from engine.vocab.replacement import token_entry_choices
from engine.game.triggered import event_triggers

CASES = [(path.stem, case) for path in sorted((DATA / "replace").glob("*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]
LIBRARY = load_library([DATA / "cards"])


def _key(events) -> str:
    return yaml.safe_dump(events, sort_keys=True)


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_replace_case(case):
    state = board_from_data(case["board"], LIBRARY, "case")
    data = {"event": case["event"]} if "event" in case else {"events": case["events"]}
    # a `card:` enter event: a new object (614.12), as the CLI makes it
    state, events, new_cards = with_entering_cards(state, events_from_data(data, state, LIBRARY, "case"), LIBRARY)
    layers = compute_layers(state)
    result = replace(state, events, layers=layers)
    for o in result.outcomes:  # 616.1g: what each token created chooses as it enters (as the CLI shows it)
        o.events = token_entry_choices(o.events, LIBRARY)
    expect = case["expect"]
    if "chooser" in expect:
        assert result.choosers[0] == expect["chooser"]
    if "choosers" in expect:  # 616.1: each event's own (several events at once)
        assert result.choosers == expect["choosers"]
    if "made_choosers" in expect:  # 616.1, 616.1f: the chooser of each event an effect makes
        assert result.to_dict().get("made_choosers", []) == expect["made_choosers"]
    if "categories" in expect:  # 616.1a-e: the step of 616.1 each effect is chosen at (the JSON's category)
        assert {e.id: e.category for e in result.applicable if e.id in expect["categories"]} == expect["categories"]
    shown = {id(o): as_card_events(o.events, new_cards) for o in result.outcomes}  # a new object names its card
    got = {_key(shown[id(o)]): sorted(map(tuple, o.orders)) for o in result.outcomes}
    want = {_key(o["events"]): sorted(map(tuple, o["orders"])) if "orders" in o else None for o in expect["outcomes"]}
    assert sorted(got) == sorted(want), case["rule"]
    for k, orders in want.items():
        if orders is not None:
            assert got[k] == orders, (case["rule"], k)
    # 603.6, 603.10a: what each outcome's events trigger, [source, object] per ability
    by_events = {_key(shown[id(o)]): o for o in result.outcomes}
    for o in expect["outcomes"]:
        if "triggers" in o:
            fired = event_triggers(state, layers, by_events[_key(o["events"])].events)
            assert sorted([t.source, t.object] for t in fired) == sorted(o["triggers"]), case["rule"]


def test_the_replace_facts_use_only_declared_predicates(sent_facts):
    """docs/facts.md documents the "replace" vocabulary: every fact the bridge sends is declared there."""
    from bridge.replace import division as bridge_replace  # (the module that calls solve)
    from bridge.facts import REPLACE

    recorder = sent_facts(bridge_replace)
    for _, case in CASES:
        state = board_from_data(case["board"], LIBRARY, "case")
        data = {"event": case["event"]} if "event" in case else {"events": case["events"]}
        replace(*with_entering_cards(state, events_from_data(data, state, LIBRARY, "case"), LIBRARY)[:2])
    used = recorder.signatures()
    assert used and used <= {p.signature for p in REPLACE.predicates}, sorted(used)
