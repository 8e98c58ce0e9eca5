"""Issue 22, applicability in asp_rules: for events of damage, zone changes and counters, the replace bridge sends the
state (the characteristics after the layers, the effects' selectors, the events' objects) and the program derives which
effects apply (asp_rules/replace_applies.lp with the shared selector program asp_rules/selectors.lp); no verdict of
Python's reaches it for them."""

from __future__ import annotations

import re

import clingo

from asp_rules.rulesdata import PLAYER_EVENTS
from bridge.replace import division
from bridge.replace import replace
from test_replace_cases import CASES, LIBRARY
from engine.files.events import events_from_data, with_entering_cards
from engine.files.loader import board_from_data

# (and, since issue 22's second round, tokens and a player's events: 614.1a, 111.2)
DECIDED = ("damage", "zone_change", "counters", "token", *PLAYER_EVENTS)


def _run(case) -> None:
    state = board_from_data(case["board"], LIBRARY, "case")
    data = {"event": case["event"]} if "event" in case else {"events": case["events"]}
    replace(*with_entering_cards(state, events_from_data(data, state, LIBRARY, "case"), LIBRARY)[:2])


def _atoms(text: str, name: str) -> list[clingo.Symbol]:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return [a.symbol for a in ctl.symbolic_atoms if a.symbol.name == name]


def test_the_bridge_sends_no_verdict_for_damage_zone_changes_and_counters(sent_facts):
    """614.1: on every data case, no static_ok/2 fact (a verdict of Python's) about an event of damage, a zone change,
    counters, tokens or a player's event reaches the replace program; the events of those types are there (the cases
    hold some)."""
    recorder = sent_facts(division)
    for _, case in CASES:
        _run(case)
    seen = 0
    for text in recorder.texts:
        types = {s.arguments[0].number: s.arguments[1].name for s in _atoms(text, "ev")}
        seen += sum(t in DECIDED for t in types.values())
        # (a shield's division, 615.7, reads the program's own answer, solved first: tasks/replace_applies.lp; it is
        # not sent back)
        assert not [s for s in _atoms(text, "static_ok") if types.get(s.arguments[1].number) in DECIDED]
    assert seen > 20


def test_the_selector_program_is_the_layers_programs():
    """611.3a: one selector semantics: the layers program and the replace program load the same asp_rules/selectors.lp,
    and neither layers.lp nor replace_applies.lp defines a selector filter (fail/3) of its own."""
    from asp_rules import path
    from bridge.layers.sequence import FILES as LAYERS_FILES

    assert "selectors.lp" in LAYERS_FILES and "selectors.lp" in division.FILES
    for name in ("layers.lp", "layers_conditions.lp", "layers_counted.lp", "layers_combatants.lp", "replace_applies.lp",
                 "replace.lp"):
        text = path(name).read_text(encoding="utf-8")
        assert not re.search(r"^fail\(", text, re.M), name


def test_the_bridge_sends_no_verdict_on_who_is_dealt_damage(sent_facts):
    """614.9, 615.1a, 615.11: on every data case, no target_ok/3 or any_target/1 fact (a verdict of Python's on who is
    dealt damage) reaches the replace program: the bridge sends the effects' parameters (eff_recipient/2,
    eff_target_player/2, eff_or_dealt_by/1, eff_protects/2) and the program derives them; the cases hold damage
    effects with such conditions, and redirections."""
    recorder = sent_facts(division)
    for _, case in CASES:
        _run(case)
    seen = {"eff_recipient": 0, "eff_target_player": 0, "eff_or_dealt_by": 0, "eff_protects": 0, "eff_dest": 0}
    for text in recorder.texts:
        for name in seen:
            seen[name] += len(_atoms(text, name))
        # (a shield's division, 615.7, reads the program's own answer, solved first; it is not sent back)
        for name in ("target_ok", "any_target"):
            assert not _atoms(text, name), name
    assert all(seen.values()), seen
