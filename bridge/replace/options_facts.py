"""The options of a choice made as a permanent enters, decided by the replace program from state facts.

616.1c, 707.2: the objects a permanent entering may enter as a copy of by its own "you may have this creature enter
as a copy of any creature on the battlefield" (Clone: the replacement's `of`), decided by the replace program:
asp_rules/replace_applies.lp derives copy_may/2 (the objects on the battlefield its selector names, after the layers,
with the player it would enter under as "you": a part selectors(c(I)) of the shared selector program) and from it
copy_opt/2 (the copies it may enter as, by their numbers, copy_code/2). The facts here are the state's only: each
such selector (copy_of/2), the object it belongs to, and the battlefield's objects. The layers of the permanent as
each copy it may enter as are computed before the program's main solve (614.12), so these facts are solved apart
first (`copy_candidates`: which copies to compute), then sent again with the main solve's.

614.13a: the cards a "choose" effect may choose from as the permanent enters ("you may exile a creature card from your
graveyard", Sutured Ghoul: the effect's `cards`): replace_applies.lp derives choose_from/2 (the objects its selector
names, where they are or in the zone it names, with the effect's controller as "you": a part selectors(h)), none
entering at the same time; the bridge reads them from the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import clingo

from ..facts import q
from ..solve import solve
from .protocols import replacement_of
from .state_facts import _Selectors

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import SolverConfig

APPLIES_FILES = ("replace_applies.lp", "selectors.lp", "tasks/replace_applies.lp")
# this module's selectors are numbered s(N) from here, apart from state_facts.py's and entering_facts.py's
COPY_SELECTORS = 2_000_000
CHOOSE_SELECTORS = 3_000_000


def copy_facts(events: list[Any], state: GameState, chars: dict) -> tuple[list[str], list[tuple[str, list]]]:
    """The facts from which replace_applies.lp derives copy_may/2, and the parts of the selector program to ground:
    selectors(c(I)) for each enter event I whose permanent has such an ability (none: no facts)."""
    sels = _Selectors()
    sels.n = COPY_SELECTORS
    out: list[str] = []
    parts: list[tuple[str, list]] = []
    for i, ev in enumerate(events, 1):
        if ev.type != "enter" or ev.object not in state.objects:
            continue
        o = state.objects[ev.object]
        mine = False
        for n, ab in enumerate(o.printed.abilities if o.printed is not None else (), 1):
            r = replacement_of(ab)
            if r is not None and r.do == "enter_as_copy" and r.of is not None and r.object is not None and r.object.self_:
                E = q(f"{ev.object}#{n}")  # the ability, as the context of its selector ("other": the permanent itself)
                out.append(f"src({E},{q(ev.object)}).")
                out.append(f"copy_of({i},{sels.emit(r.of, None, E, out)}).")
                mine = True
        if mine:
            parts.append(("selectors", [clingo.Function("c", [clingo.Number(i)])]))
    if not parts:
        return [], []
    entering = {ev.object for ev in events if ev.type == "enter"}
    objects = {x for x in state.battlefield if x in chars and x not in entering}
    return out + sels.state(objects, state, chars, sels.reads | {"ctl"}), parts


def copy_candidates(events: list[Any], state: GameState, chars: dict, config: SolverConfig | None) -> list[str]:
    """616.1c, 707.2: the objects the permanents entering may enter as a copy of by their own ability: the program's
    answer (copy_may/2), solved apart. Raises TimedOut when the solve hits the time limit."""
    from .entering import TimedOut

    facts, parts = copy_facts(events, state, chars)
    if not facts:
        return []
    for i, ev in enumerate(events, 1):
        if ev.type == "enter":
            facts.append(f"ev({i},enter). ev_entering({i},{q(ev.object)}). ev_ctl({i},{q(ev.controller)}).")
    result = solve(APPLIES_FILES, "\n".join(facts) + "\n", config=config, canonical=False, measure=False, prune=(),
                   first=(("base", []), *parts))
    if result.timed_out:
        raise TimedOut
    return sorted({a.arguments[1].string for a in result.model.raw("copy_may")})


def choose_facts(effects: list[Any], events: list[Any], state: GameState, chars: dict
                 ) -> tuple[list[str], list[tuple[str, list]]]:
    """614.13a: the facts from which replace_applies.lp derives choose_from/2 (each "choose" effect's `cards`
    selector, choose_cards/2, and the objects it may name: every object, those entering aside), and the part
    selectors(h) to ground (none: no facts)."""
    chooses = [e for e in effects if e.rule.do == "choose" and e.rule.cards is not None]
    if not chooses:
        return [], []
    sels = _Selectors()
    sels.n = CHOOSE_SELECTORS
    out: list[str] = []
    for e in chooses:
        E = q(e.id)
        out.append(f"choose_cards({E},{sels.emit(e.rule.cards, e, E, out)}).")
        if e.source is not None:
            out.append(f"src({E},{q(e.source)}).")
        if e.you is not None:
            out.append(f"eff_you({E},{q(e.you)}).")
    entering = {ev.object for ev in events if ev.type == "enter"}
    out += [f"ev_entering({i},{q(ev.object)})." for i, ev in enumerate(events, 1) if ev.type == "enter"]
    objects = {o for o in state.objects if o in chars and o not in entering}
    return out + sels.state(objects, state, chars, sels.reads | {"ctl"}), [("selectors", [clingo.Function("h")])]
