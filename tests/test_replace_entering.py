"""Issue 22, a permanent entering (614.12, 616.1b-c, 122.6, 614.1c): the replace bridge sends each form the permanent may
enter in as it would exist on the battlefield (the layers program's answer: view/3, view_c/5, view_printed/4,
view_ab/5) and the effects' conditions on it as facts; the program derives which effects apply to it in each form
(under_ok/4), the counters an effect on counters is about (eff_on/3), the forms in which it has its own effects on the
counters put on itself (ab_has/4) and the objects a "for each ..." counts (counted/3). No verdict of Python's reaches
it, in the main solve nor in the solve apart that groups the values of a choice made as it enters."""

from __future__ import annotations

import clingo

import bridge.replace
from bridge.replace import replace
from test_replace_cases import CASES, LIBRARY
from engine.files.events import events_from_data, with_entering_cards
from engine.files.loader import board_from_data

DERIVED = ("under_ok", "eff_on", "ab_has", "counted")


def _atoms(text: str) -> list[clingo.Symbol]:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return [a.symbol for a in ctl.symbolic_atoms]


def test_the_bridge_sends_no_verdict_on_a_permanent_entering(sent_facts):
    """614.12: on every data case, no under_ok/4, eff_on/3, ab_has/4 or counted/3 fact, nor a static_ok/2 about an enter
    event, is sent to a solve of the replace package; the cases hold permanents entering, their forms sent as facts."""
    recorder = sent_facts(bridge.replace)
    for _, case in CASES:
        state = board_from_data(case["board"], LIBRARY, "case")
        data = {"event": case["event"]} if "event" in case else {"events": case["events"]}
        replace(*with_entering_cards(state, events_from_data(data, state, LIBRARY, "case"), LIBRARY)[:2])
    forms = 0
    for text in recorder.texts:
        atoms = _atoms(text)
        enters = {s.arguments[0].number for s in atoms if s.name == "ev" and s.arguments[1].name == "enter"}
        forms += sum(s.name == "view" for s in atoms)
        assert not [s for s in atoms if s.name in DERIVED], text[:200]
        assert not [s for s in atoms if s.name == "static_ok" and s.arguments[1].number in enters]
    assert forms > 50
