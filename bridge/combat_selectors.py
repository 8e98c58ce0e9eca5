"""The selectors of the combat rules and triggers as facts of the shared selector program (asp_rules/selectors.lp,
grounded in context cb with asp_rules/combat_selectors.lp, 611.3a): which creatures a rule or a trigger is about,
which attackers or blockers it names, which players control a permanent it names, are the programs' answers. Here:
each selector in the selector vocabulary (the replace program's emitter: bridge/replace/state_facts.py `_Selectors`,
on bridge/layers/selector_facts.py), the context of its rule or trigger (source, targets, choices: 109.4, 607.2a,
614.12), and the permanents' characteristics after the layers that the selectors read (c/3 rows, only the kinds they
read). Facts of the state only: no verdict here."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import clingo

from .replace.state_facts import _Selectors, context_facts

if TYPE_CHECKING:
    from .layers import LayersResult
    from .protocols import GameState, Selector

# the parts grounded when the combat program has selectors: the program, and the shared selector program's filters in
# the combat state (cb)
PARTS = (("base", []), ("selectors", [clingo.Function("cb")]))
_FACT = re.compile(r"(?<=\.) (?=[a-z_]+\()")  # between two facts of a line
# the facts of a selector whose filters read no context (selectors.lp: neither sel_eff/2 nor you/3 in their bodies):
# characteristics, statuses and designations only, starting from every object
CONTEXT_FREE = frozenset((
    "sel", "sel_eff", "sel_start", "sel_zone", "sel_type", "sel_any_type", "sel_not_type", "sel_sub", "sel_not_sub",
    "sel_all_sub", "sel_super", "sel_not_super", "sel_color", "sel_not_color", "sel_multi", "sel_kw", "sel_not_kw",
    "sel_top", "sel_token", "sel_counter", "sel_mv", "sel_mv_le", "sel_mv_ge", "sel_attacking", "sel_blocking",
    "sel_tapped", "sel_has_att", "sel_modified", "sel_commander", "sel_face_down", "sel_cast_from_hand",
    "sel_entered_this_turn", "sel_no_abilities", "sel_pow_le", "sel_pow_ge", "sel_tgh_le", "sel_tgh_ge"))


class CombatSelectors:
    """The selectors of one combat problem, with the contexts of their rules and triggers (each an id E: sel_eff/2)."""

    def __init__(self, state: GameState, layers: LayersResult) -> None:
        self.state, self.layers = state, layers
        self.sels = _Selectors()
        self.out: list[str] = []
        self.contexts: set[str] = set()
        self.shared: dict[str, str] = {}  # a context-free selector's facts -> its term

    def selector(self, sel: Selector, E: str, source: str | None, choices: dict[str, Any]) -> str:
        """The term of selector ``sel`` of the rule or trigger ``E`` (a term), its facts and its context's. A selector
        whose filters read no context (only characteristics and statuses: CONTEXT_FREE) is sent once for all the rules
        and triggers that have it (ten Juggernauts' "Walls": one selector, each object looked at once)."""
        facts: list[str] = []
        s = self.sels.emit(sel, None, E, facts)  # type: ignore[arg-type]  (the effect is only passed along)
        each = [f for line in facts for f in _FACT.split(line)]
        if {f.split("(", 1)[0] for f in each} <= CONTEXT_FREE and f"sel_start({s},all)." in each:
            key = "\n".join(sorted(f.replace(f"({s},", "(S,") for f in each if not f.startswith(("sel(", "sel_eff("))))
            if key in self.shared:
                return self.shared[key]
            self.shared[key] = s
        else:
            self._context(E, source, choices)
        self.out += facts
        return s

    def _context(self, E: str, source: str | None, choices: dict[str, Any]) -> None:
        """The source of the rule or trigger E (what it is attached to, paired with, the cards its linked ability
        exiled: 301.5, 702.95e, 607.2a) and the choices made for it (105.2, 205.3m, 614.12, 201.3, 609.7a)."""
        if E in self.contexts:
            return
        self.contexts.add(E)
        self.out += context_facts(E, source, choices, self.state, self.sels.subtypes)

    @property
    def any(self) -> bool:
        return self.sels.n > 0

    def facts(self) -> list[str]:
        """The selectors' facts, and the state they read: each permanent's characteristics after the layers of the
        kinds they read (its mana value: the layers', 202.3, 707.2, 708.2), statuses and relations; the combat
        situation (506.3, 509.1a, 303.4) when a selector reads it; the facts of the subtypes they name (205.3m)."""
        if not self.any:
            return []
        layers = self.layers  # (combat's own facts give obj/1 and tapped/1)
        return list(self.out) + self.sels.state(set(layers.objects), self.state, layers.objects, self.sels.reads,
                                                mana_values=layers.mana_values, placed=False)
