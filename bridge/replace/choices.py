"""The choices a permanent makes as it enters (614.12: "as this enters, choose a creature type"): once
made, the effects looked at after it read the permanent with the value chosen (616.1f). The values
the board can tell apart (the colors, 105.1; the creature types it names, 205.3m, and one for all the
others) are grouped by the effects that then apply, each class a form of the program's states; the
outcomes alike but for the class are merged and name their values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..facts import q
from asp_rules.rulesdata import COLORS, is_creature_type
from .entering import entered_view
from .entering_facts import under_ok_apart

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import SolverConfig
    from .effects import Effect
    from .entering import Entered
    from .protocols import EnterEvent, Event

# 614.12: the choices made as a permanent enters whose values the outcomes tell apart: a color (105.1), a
# creature type (205.3m); a permanent's choices name each so
ENUMERATED_CHOICES = ("color", "creature_type")
# creature types, one of which no board names stands for every type the board doesn't name (it reads none)
UNNAMED_TYPES = ("Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon", "Armadillo")


@dataclass(frozen=True)
class Chosen:
    """A class of values a choice made as a permanent enters may take (614.12) that the effects looked at
    after it tell apart (616.1f): every value of it has the same effects apply to the permanent entering.
    `values`: its values among those the board names; `others`: it holds every value the board names not."""

    kind: str
    values: frozenset
    others: bool
    named: frozenset  # every value the board names (the colors: all five)
    open: bool = True  # a value stands for those the board doesn't name (not for the colors: all are named)


def choice_values(kind: str, state: GameState, chars: dict) -> tuple[list[str], str | None]:
    """The values of a choice an effect may tell apart (614.12): the five colors (105.1); the creature types
    the board names (in the objects' types, their choices, and their abilities' and effects' words), and
    one it doesn't name, which stands for all the others (no selector can tell them apart). Returns
    (the values, that one or None)."""
    if kind == "color":
        return list(COLORS), None
    named: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            if v and v[0].isupper() and " " not in v and is_creature_type(v):
                named.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x)

    for oid, o in state.objects.items():
        walk(list(chars.get(oid, {}).get("subtypes", ())))
        walk(dict(o.choices))
        if o.printed is not None:
            walk(list(o.printed.subtypes))
            walk([a.model_dump() for a in o.printed.abilities])
    walk([e.ability.model_dump() for e in state.effects])
    other = next((t for t in UNNAMED_TYPES if t not in named), None)  # (a board naming them all: the named only)
    return sorted(named) + ([other] if other else []), other


def chosen_forms(state: GameState, events: list[Event], effects: list[Effect], views: dict, chars: dict,
                 config: SolverConfig | None, base: dict[str | None, int]) -> tuple[dict, dict, list[str]]:
    """614.12, 616.1f: a permanent entering that makes a choice as it enters (Metallic Mimic: "choose a
    creature type"; it "is the chosen type") is seen, once the choice is made, with the value chosen: the
    effects applied after it read it (another Mimic's "each other creature you control of the chosen type
    enters with an additional +1/+1 counter"). The values the board names are tried one by one, the
    permanent's layers computed with each, under each player it may enter under, and grouped by the
    effects that then apply to it; where they don't all agree, each group is a form of the program's
    states (P, numbered after the copies, `base`: the form before the choice -> its number). Only a
    form with one such choice among its effects is so looked at (as itself, its own; as a copy, the
    copied card's: 616.1c, it has no other). Returns (views: (event, player,
    form) -> Entered; forms: form -> (the object it is a copy of or None, Chosen); facts: choose_opt/4
    and itself/1)."""
    out_views: dict[tuple[int, str, int], Entered] = {}
    forms: dict[int, tuple[str | None, Chosen]] = {}
    facts: list[str] = []
    code = max(base.values(), default=0)
    domains: dict[str, tuple[list[str], str | None]] = {}  # choice_values of each kind, computed once
    for i, ev in enumerate(events, 1):
        if ev.type != "enter":
            continue
        chooses = [e for e in effects if e.rule.do == "choose" and e.rule.choice in ENUMERATED_CHOICES
                   and e.source == ev.object and (e.own or e.copied is not None)]
        for x in [None] + sorted(y for y in base if y is not None) if chooses else ():
            players = sorted(p for (j, p, y) in views if j == i and y == x)
            # as itself, its own; as a copy, those it has as that copy (616.1c: it no longer has its own)
            here = [e for e in chooses if e.own and x is None or e.copied is not None and x is not None
                    and any(e.copied in views[(i, p, x)].copied for p in players)]
            if not players or len(here) != 1:
                continue
            e = here[0]
            if e.rule.choice not in domains:
                domains[e.rule.choice] = choice_values(e.rule.choice, state, chars)
            values, other = domains[e.rule.choice]
            values = [v for v in values if v != e.rule.other_than]  # ("a color other than black": not that one)
            groups = _value_groups(state, events, i, ev, x, players, e.rule.choice, values, effects, chars, config)
            if len(groups) < 2:
                continue  # every value has the same effects apply: the choice changes nothing here
            for members in sorted(groups.values(), key=lambda m: m[0][0]):
                code += 1
                vals = frozenset(v for v, _ in members)
                forms[code] = (x, Chosen(e.rule.choice, vals - {other}, other in vals, frozenset(values) - {other},
                                         other is not None))
                rep = members[0][1]
                for p in players:
                    out_views[(i, p, code)] = rep[p]
                facts.append(f"choose_opt({q(e.id)},{i},{base[x]},{code}).")
                if x is None:
                    facts.append(f"itself({code}).")
    return out_views, forms, facts


def _value_groups(state: GameState, events: list[Event], i: int, ev: EnterEvent, x: str | None, players: list[str],
                  kind: str, values: list[str], effects: list[Effect], chars: dict, config: SolverConfig | None
                  ) -> dict[tuple, list]:
    """614.12: the values of the choice, each tried on event i's permanent (as a copy of `x`, under each of
    `players`), grouped by the effects that then apply to it: key -> [(value, player -> Entered)]."""
    groups: dict[tuple, list] = {}
    tried = [(v, {p: entered_view(state, events, i, p, x, config, {kind: v}) for p in players}) for v in values]
    # which effects apply to each (the program's answer, solved apart: each value a form, numbered from 1)
    ok = under_ok_apart(effects, events, state, chars, [(i, p, k, seen[p]) for k, (_v, seen) in enumerate(tried, 1)
                                                        for p in players], config)
    for k, (v, seen) in enumerate(tried, 1):
        key = tuple(frozenset(f.id for f in effects if (f.id, i, p, k) in ok) for p in players)
        groups.setdefault(key, []).append((v, seen))
    return groups


def merge_chosen(outs: dict, chosen: dict[int, Chosen], limit: int) -> dict:
    """614.12: outcomes alike but for the class of values a choice made as the permanent entered took are
    one outcome, for the values of each. The outcome then names its values: {kind: {any_of: [values]}},
    or, when it holds the values the board doesn't name, {kind: {none_of: [the values named it doesn't
    hold]}}; none (no `chosen`) when every value leads there."""
    if not chosen:
        return outs
    groups: dict[tuple, list] = {}
    for key, (n, orders, prevented) in outs.items():
        at = next(((k, j) for k, e in enumerate(key) for j, (f, _v) in enumerate(e) if f == "chosen"), None)
        rest = key if at is None else key[:at[0]] + (key[at[0]][:at[1]] + key[at[0]][at[1] + 1:],) + key[at[0] + 1:]
        groups.setdefault((rest, n, tuple(map(tuple, orders)), at), []).append((key, prevented))
    out: dict = {}
    for (rest, n, orders, at), members in groups.items():
        if at is None:
            for key, prevented in members:
                out[key] = (n, [list(o) for o in orders], prevented)
            continue
        classes = [dict(key[at[0]])["chosen"] for key, _ in members]
        c = classes[0]
        values = frozenset().union(*(x.values for x in classes))
        others = any(x.others for x in classes)
        if values == c.named and (others or not c.open):
            key = rest  # every value: the choice doesn't matter to this outcome
        else:
            named = ("none_of", tuple(sorted(c.named - values))) if others else ("any_of", tuple(sorted(values)))
            e = rest[at[0]]
            key = rest[:at[0]] + (e[:at[1]] + (("chosen", ((c.kind, (named,)),)),) + e[at[1]:],) + rest[at[0] + 1:]
        if key in out:  # (the same event another way)
            m, listed, prevented = out[key]
            out[key] = (m + n, sorted(listed + [list(o) for o in orders])[:limit], {**prevented, **members[0][1]})
        else:
            out[key] = (n, [list(o) for o in orders], members[0][1])
    return out
