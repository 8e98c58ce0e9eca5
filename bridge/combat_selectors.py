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

from .facts import const, q
from .layers.situation import situation_facts, status_facts
from .layers.step_facts import _subtype_facts
from .replace.state_facts import _Selectors
from .selectors import _chosen, keyword_names

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
        out, objects = self.out, self.state.objects
        if source is not None:
            out.append(f"src({E},{q(source)}).")
            host = getattr(objects.get(source), "attached_to", None)
            if host is not None and host in objects:
                out.append(f"attached({q(source)},{q(host)}).")
            out += [f"exiled_with({q(source)},{q(str(x))})." for x in choices.get("exiled") or ()]
            paired = getattr(objects.get(source), "paired_with", None)
            if paired is not None:
                out.append(f"paired({q(source)},{q(paired)}).")
        if "color" in choices:
            out.append(f"chosen_color({E},{const(str(choices['color']))}).")
        if "creature_type" in choices:
            self.sels.subtypes.add(str(choices["creature_type"]))
            out.append(f"chosen_ctype({E},{q(str(choices['creature_type']))}).")
        if choices.get("player"):
            out.append(f"chosen_player({E},{q(str(choices['player']))}).")
        if isinstance(choices.get("card_name"), str) and choices["card_name"]:
            out.append(f"chosen_name({E},{q(choices['card_name'])}).")
        chosen = choices.get("source")
        if chosen and chosen[0] in objects and _chosen(chosen, chosen[0], objects[chosen[0]]):
            out.append(f"chosen_source({E},{q(chosen[0])}).")  # 609.7a, 400.7: still that object

    def _object_facts(self, oid: str, reads: set[str]) -> list[str]:
        """A permanent's characteristics after the layers of the kinds the selectors read (c/3, in the layers
        program's shape: 613; its mana value the layers', 202.3, 707.2, 708.2), its owner, statuses, counters and
        relations (combat's own facts give obj/1 and tapped/1)."""
        o, c, qo = self.state.objects[oid], self.layers.objects[oid], q(oid)
        out = [f"owner({qo},{q(o.owner)})."] + [f"token({qo})."] * (o.kind == "token") + status_facts(o, qo)
        if o.attached_to is not None and o.attached_to in self.state.objects:  # 301.5, 303.4
            out.append(f"attached({qo},{q(o.attached_to)}).")
        out += [f"counter({qo},{q(k)},{n})." for k, n in sorted(o.counters.items())]  # 122.1
        combat = self.state.combat
        if combat is not None and (oid in combat.attackers or oid in combat.entered_attacking):
            out.append(f"attacking({qo}).")  # 506.4, 508.4: the board's combat, not the declaration's
        if combat is not None and (oid in combat.blockers or oid in combat.entered_blocking):
            out.append(f"blocking({qo}).")
        if getattr(o, "entered_this_turn", False):  # 400.7
            out.append(f"entered_turn({qo}).")
        rows = [("mv", str(self.layers.mana_values.get(oid, 0 if o.printed is None or o.face_down
                                                           else o.printed.mana_value)))]
        if c.get("name"):
            rows += [("name", q(n)) for n in sorted({c["name"], *str(c["name"]).split(" // ")})]  # 709.4
        if c.get("controller") is not None:
            rows.append(("ctl", q(c["controller"])))
        rows += [("type", const(t)) for t in c["types"]] + [("sub", q(x)) for x in c["subtypes"]]
        rows += [("super", const(x)) for x in c["supertypes"]] + [("color", const(x)) for x in c["colors"]]
        if isinstance(c.get("power"), int) and isinstance(c.get("toughness"), int):
            rows.append(("pt", f"({c['power']},{c['toughness']})"))
        if c.get("all_creature_types"):
            rows.append(("allct", "1"))
        for a in c["abilities"] if "abil" in reads else ():  # a keyword by its words, or the keyword (702.14, 702.16)
            rows.append(("abil", q(a)))
            out += [f"abil_kw({q(a)},{q(k)})." for k in sorted({a} | keyword_names([a]))]
        return out + [f"c({qo},{k},{v})." for k, v in rows if k in reads]

    @property
    def any(self) -> bool:
        return self.sels.n > 0

    def facts(self) -> list[str]:
        """The selectors' facts, and the state they read: each permanent's characteristics after the layers of the
        kinds they read (its mana value: the layers', 202.3, 707.2, 708.2), statuses and relations; the combat
        situation (506.3, 509.1a, 303.4) when a selector reads it; the facts of the subtypes they name (205.3m)."""
        if not self.any:
            return []
        layers, reads = self.layers, self.sels.reads
        out = list(self.out)
        for oid in sorted(layers.objects):
            out += self._object_facts(oid, reads)
        if "situation" in self.sels.flags:
            out += situation_facts(self.state)
        for s in sorted(self.sels.subtypes):
            out += _subtype_facts(s)
        return out
