"""What each continuous-effect ability reads and writes, layer by layer, and the pruning program over it
(asp_rules/loops.lp, part prune; docs/loops.md, Pruning).

The facts are the layers program's own (bridge/layers/step_facts.py: each effect's part in a layer as the layers
task sends it, with its selectors and values); this module only names, for each part, the predicates among its
facts (uses/2) and its operations (eop/2). Which characteristics they read and write, and which pairs survive, the
program decides, in one call over every part of the pool.
"""

from __future__ import annotations

import re
from typing import Iterable

import clingo

import asp_rules
from asp_rules.rulesdata import LAND_TYPES, LAYERS, NON_CREATURE, OP_LAYER

from ..facts import q
from ..protocols import GameState
from ..layers.counted_facts import StepFacts

PRUNE_FILES = ("loops.lp", "tasks/loops_prune.lp")
# an atom's name, its first argument (an effect's id, a string; or a selector, s(N)) and its second when a number
_ATOM = re.compile(r'^(\w+)\(("(?:[^"\\]|\\.)*"|s\(\d+\))(?:,(-?\d+)(?=[,)]))?')
_SEL_EFF = re.compile(r'^sel_eff\((s\(\d+\)),"((?:[^"\\]|\\.)*)"\)$')
_NAME = re.compile(r"\w+")
_ABIL_KW = re.compile(r'^abil_kw\((.*),("(?:[^"\\]|\\.)*")\)$')
_CONT = re.compile(r'^cont_abil\((.*)\)$')
_SIMPLE = re.compile(r'^(?:"(?:[^"\\]|\\.)*"|-?\w+)$')
_APPLIES = re.compile(r'^applies_sel\("((?:[^"\\]|\\.)*)",(s\(\d+\))\)$')
_START = re.compile(r'^sel_start\((s\(\d+\)),(\w+)\)$')


def ability_parts(state: GameState, wanted: dict[str, int], lf: StepFacts | None = None
                  ) -> tuple[list[str], dict[str, tuple[int, str]]]:
    """The prune program's facts for the effects ``wanted`` (the layers task's effect id, ``object#n``, to the
    ability's number in the caller's pool) of the permanents of ``state``: part/3, pcda/1, eop/2, eopi/3, opuse/3,
    uses/2, appstart/2; and each part's id to (ability number, layer). ``lf``: the board's StepFacts, when the caller has
    them already."""
    lf = lf if lf is not None else StepFacts(state)
    raw: list[str] = []
    parts: dict[str, tuple[int, str]] = {}
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
            except (TypeError, NotImplementedError):  # a part the layers program can't read: it reads
                unreadable.append((pid, ops_in(inst.spec, layer)))  # everything, writes what its operations do
    out = [f"part({q(pid)},{name},{LAYERS.index(layer)})." for pid, (name, layer) in sorted(parts.items())]
    out += [_unread(q(pid), ops) for pid, ops in unreadable]
    out += _summaries(" ".join(raw), parts)
    return out, parts


def unreadable_parts(parts: list[tuple[int, str, tuple[str, ...]]]) -> list[str]:
    """The prune program's facts of abilities (number, layer, the names of its operations in that layer) whose
    facts the layers program can't make (a card no board holds): each reads everything (the program keeps every
    pair it is the dependent of) and its operations write what the program says they write, at every value (no
    field of theirs is given)."""
    out = []
    for name, layer, ops in sorted(set(parts)):
        pid = q(f"unreadable {name}@{layer}")
        out.append(f"part({pid},{name},{LAYERS.index(layer)}). " + _unread(pid, ops))
    return out


def ops_in(spec, layer: str) -> tuple[str, ...]:
    """The names of a compiled continuous effect's operations in ``layer``, in order."""
    return tuple(op.op for op in spec.do if OP_LAYER[op.op] == layer)


def _unread(pid: str, ops: tuple[str, ...]) -> str:
    facts = [f"uses({pid},\"unreadable\")."]
    facts += [f"eop({pid},{op}). eopi({pid},{i},{op})." for i, op in enumerate(ops, 1)]
    return " ".join(facts) if ops else facts[0] + f" eop({pid},unreadable). eopi({pid},1,unreadable)."


def _layers_of(spec) -> list[str]:
    used = {OP_LAYER[op.op] for op in spec.do}
    return [layer for layer in LAYERS if layer in used]


def _summaries(raw: str, parts: dict[str, tuple[int, str]]) -> list[str]:
    """uses/2, eop/2, eopi/3, opuse/3, pcda/1 and appstart/2 of each part: the names of the predicates of its facts
    and of its selectors' facts (a selector is its part's by sel_eff/2), the value terms of op_val/4 ("val_" + their
    name), its operations (with their index), the names of each operation's fields (op_kw/3, op_cant/2 ...), and
    where the selector of what it applies to starts (applies_sel/2, sel_start/2: "self", "all" ...)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], raw)
    ctl.ground([("base", [])])
    # each atom read from its text once (a pool's tens of thousands of facts: one call each, not one per argument)
    texts = sorted(str(a.symbol) for a in ctl.symbolic_atoms)
    owner = {m[1]: m[2] for m in map(_SEL_EFF.match, texts) if m}
    applies = {m[2]: m[1] for m in map(_APPLIES.match, texts) if m}  # each part's selector of what it applies to
    found: set[str] = set()
    for t in texts:
        if (k := _START.match(t)) and applies.get(k[1]) in parts:  # where that selector starts: appstart/2
            found.add(f"appstart({q(applies[k[1]])},{q(k[2])}).")
        m = _ATOM.match(t)
        if not m:
            if (k := _ABIL_KW.match(t)):  # a granted ability's keyword (the value an operation grants)
                found.add(f"abilkw({q(k[1])},{k[2]}).")
            elif (k := _CONT.match(t)):  # a granted ability with a continuous effect of its own (613.7a)
                found.add(f"contab({q(k[1])}).")
            continue
        name, first, index = m.groups()
        pid = first[1:-1] if first.startswith('"') else owner.get(first)
        if pid not in parts:
            continue
        qp = q(pid)
        found.add(f"uses({qp},{q(name)}).")
        rest = t[m.end():]
        if index is None and rest.startswith(",") and _SIMPLE.match(rest[1:-1]):  # P(E or S, V): its value
            found.add(f"usev({qp},{q(name)},{_value(rest[1:-1])}).")
        if name == "op" and index is not None:
            op = rest[1:-1]
            found.add(f"eop({qp},{op}). eopi({qp},{index},{op}).")
        elif name.startswith("op_") and index is not None:
            found.add(f"opuse({qp},{index},{q(name)}).")  # the operation's own fields
            if rest.startswith(","):  # op_F(E, I, V): its value (a term, a granted ability's id, as text)
                v = rest[1:-1]
                found.add(f"opv({qp},{index},{q(name)},{_value(v) if _SIMPLE.match(v) else q(v)}).")
            if name == "op_val":  # op_val(E, I, p, V): the value's name
                found.add(f"uses({qp},{q('val_' + _NAME.match(rest[1:].split(',', 1)[1])[0])}).")
        elif name == "cda":
            found.add(f"pcda({qp}).")
    return sorted(found)


def _value(text: str) -> str:
    """A value of a fact (a constant or a string) as a string term: "Goblin" and goblin alike are "Goblin" and
    "goblin" (values are compared as text, within one characteristic)."""
    return text if text.startswith('"') else q(text)


def kinds() -> list[str]:
    """The subtypes of each kind the prune program compares with (asp_rules/rulesdata.py: 205.3i's land types,
    the subtypes of the other kinds than creature)."""
    return [f"land_sub({q(t)})." for t in sorted(LAND_TYPES)] + [f"noncreature_sub({q(t)})."
                                                                 for t in sorted(NON_CREATURE)]


def may_depend(facts: Iterable[str], *, value_level: bool = True) -> list[tuple[int, int, str]]:
    """(A, B, layer) of the prune program's may_dep/3 (the abilities' numbers of ability_parts), one call over all
    the facts, sorted. (Each atom is read from its text: hundreds of thousands of pairs, one call each.)
    ``value_level=False``: the predicate level alone (what an operation writes and a part reads, at every value)."""
    ctl = clingo.Control(["--warn=none", "-c", f"value_level={int(value_level)}"])
    for f in PRUNE_FILES:
        ctl.load(str(asp_rules.path(f)))
    ctl.add("prune", [], "\n".join([*facts, *kinds()]))
    ctl.ground([("prune", [])])
    found: list[tuple[int, int, str]] = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            found = []
            for s in m.symbols(shown=True):
                a, b, layer = str(s)[len("may_dep("):-1].split(",")
                found.append((int(a), int(b), LAYERS[int(layer)]))
    return sorted(found)
