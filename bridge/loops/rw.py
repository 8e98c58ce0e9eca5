"""What each continuous-effect ability reads and writes, layer by layer, and the pruning program over it
(asp_rules/loops.lp, part prune; docs/loops.md, Pruning).

The facts are the layers program's own (bridge/layers/step_facts.py: each effect's part in a layer as the layers
task sends it, with its selectors and values); this module only names, for each part, the predicates among its
facts (uses/2) and its operations (eop/2). Which characteristics they read and write, and which pairs survive, the
program decides, in one call over every part of the pool.
"""

from __future__ import annotations

from typing import Iterable

import clingo

import asp_rules
from asp_rules.rulesdata import LAYERS, OP_LAYER

from ..facts import q
from ..protocols import GameState
from ..layers.step_facts import LayersFacts

PRUNE_FILES = ("loops.lp", "tasks/loops_prune.lp")


def ability_parts(state: GameState, wanted: dict[str, str]) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """The prune program's facts for the effects ``wanted`` (the layers task's effect id, ``object#n``, to the
    ability's name in the catalogue, ``card#n``) of the permanents of ``state``: part/3, pcda/1, eop/2, uses/2;
    and each part's id to (ability, layer)."""
    lf = LayersFacts(state)
    raw: list[str] = []
    parts: dict[str, tuple[str, str]] = {}
    sels = [0]
    unreadable: list[str] = []
    for eid, name in sorted(wanted.items()):
        inst = lf.instances.get(eid)
        if inst is None:
            continue
        for layer in _layers_of(inst.spec):
            pid = lf._ahead_id(inst, layer)
            parts[pid] = (name, layer)
            try:
                raw += lf._effect_facts(inst, layer, sels, ahead=True)
            except (TypeError, NotImplementedError):  # a part the layers program can't read: it reads and
                unreadable.append(pid)                 # writes everything (the prune program keeps its pairs)
    out = [f"part({q(pid)},{q(name)},{q(layer)})." for pid, (name, layer) in sorted(parts.items())]
    out += [f"uses({q(pid)},\"unreadable\"). eop({q(pid)},unreadable)." for pid in unreadable]
    out += _summaries(" ".join(raw), parts)
    return out, parts


def unreadable_parts(parts: list[tuple[str, str]]) -> list[str]:
    """The prune program's facts of abilities (name, layer) whose facts the layers program can't make (a card
    no board holds): each reads and writes everything, so the program keeps every pair they are in."""
    out = []
    for name, layer in sorted(set(parts)):
        pid = q(f"{name}@{layer}")
        out.append(f"part({pid},{q(name)},{q(layer)}). uses({pid},\"unreadable\"). eop({pid},unreadable).")
    return out


def _layers_of(spec) -> list[str]:
    used = {OP_LAYER[op.op] for op in spec.do}
    return [layer for layer in LAYERS if layer in used]


def _summaries(raw: str, parts: dict[str, tuple[str, str]]) -> list[str]:
    """uses/2, eop/2, eopi/3, opuse/3 and pcda/1 of each part: the names of the predicates of its facts and of its
    selectors' facts (a selector is its part's by sel_eff/2), the value terms of op_val/4 ("val_" + their name),
    its operations (with their index) and the names of each operation's fields (op_kw/3, op_cant/2 ...)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], raw)
    ctl.ground([("base", [])])
    atoms = sorted((a.symbol for a in ctl.symbolic_atoms), key=str)
    owner = {str(a.arguments[0]): a.arguments[1].string for a in atoms if a.name == "sel_eff"}
    found: set[str] = set()
    for a in atoms:
        if not a.arguments:
            continue
        first = a.arguments[0]
        pid = first.string if first.type == clingo.SymbolType.String else owner.get(str(first))
        if pid not in parts:
            continue
        found.add(f"uses({q(pid)},{q(a.name)}).")
        if a.name == "op" and len(a.arguments) == 3:
            found.add(f"eop({q(pid)},{a.arguments[2]}). eopi({q(pid)},{a.arguments[1]},{a.arguments[2]}).")
        if a.name.startswith("op_") and len(a.arguments) > 1 and a.arguments[1].type == clingo.SymbolType.Number:
            found.add(f"opuse({q(pid)},{a.arguments[1]},{q(a.name)}).")  # the operation's own fields
        if a.name == "cda":
            found.add(f"pcda({q(pid)}).")
        if a.name == "op_val" and len(a.arguments) == 4:
            v = a.arguments[3]
            name = v.name if v.type == clingo.SymbolType.Function and v.name else str(v)
            found.add(f"uses({q(pid)},{q('val_' + name)}).")
    return sorted(found)


def may_depend(facts: Iterable[str]) -> list[tuple[str, str, str]]:
    """(A, B, layer) of the prune program's may_dep/3: one call over all the facts, sorted."""
    ctl = clingo.Control(["--warn=none"])
    for f in PRUNE_FILES:
        ctl.load(str(asp_rules.path(f)))
    ctl.add("prune", [], "\n".join(facts))
    ctl.ground([("prune", [])])
    found: list[tuple[str, str, str]] = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            found = [tuple(x.string for x in s.arguments) for s in m.symbols(shown=True) if s.name == "may_dep"]
    return sorted(found)
