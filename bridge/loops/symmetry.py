"""The facts the witness search's boards program needs to tell which candidate boards are the same board up to
renaming (asp_rules/loops.lp, part boards, "twins"; docs/loops.md, Fewer boards): what the effects of the members'
objects read and write (the pruning's own facts of their parts, rw.py ability_parts, for every effect of those
objects, in every layer), and what each probe of the domain is, as the layers task sees it before any effect
applies (bridge/layers/step_facts.py: its characteristics, 109.3, its controller and owner, its statuses). Python
decides nothing here: the program decides which probes are interchangeable and whether the members' controllers
matter.
"""

from __future__ import annotations

from ..facts import q
from ..protocols import GameState
from ..layers.counted_facts import StepFacts
from ..layers.step_facts import _object_facts
from .rw import _value, ability_parts


def board_facts(state: GameState, members: list[str], probes: list[str]) -> tuple[list[str], list[str]]:
    """For a board holding the members' objects and every probe of the domain (``state``): the prune part's facts
    of every effect whose source is a member's object (part/3, uses/2, usev/3, eop/2, eopi/3, opuse/3, opv/4,
    abilkw/2, pcda/1, appstart/2; ainst(N, I): the part's ability number N is the layers task's effect I, object#n), and
    the boards part's facts of the probes: pval(P, K, V) (probe P has value V of K: a
    characteristic of the layers task's rows, ``ctl`` for its controller and owner, ``st(F)`` for each of its
    other facts, F the fact's name), probe_effect(P) (the probe is the source of an effect of its own)."""
    lf = StepFacts(state)
    mine = set(members)
    wanted = {eid: n for n, eid in enumerate(sorted(lf.instances)) if lf.instances[eid].source in mine}
    reads, _parts = ability_parts(state, wanted, lf)
    reads += [f"ainst({n},{q(eid)})." for eid, n in sorted(wanted.items())]
    values: set[str] = set()
    for pid in probes:
        qp = q(pid)
        for kind, text in lf.rows.get(pid, ()):
            if kind == "abil":  # an ability: its keyword (what a keyword selector names), or its words
                kw = lf.kw_of.get(text)
                text = q(kw) if kw else q("words " + lf.display.get(text, text))
            values.add(f"pval({qp},{kind},{_value(text)}).")
        o = state.objects[pid]
        for line in _object_facts(state, pid, o)[0].splitlines():
            if line.startswith(("obj(", "obj_ts(")):  # its identity, its timestamp (no effect of a probe's)
                continue
            kind = "ctl" if line.startswith("owner(") else f"st({q(line.split('(', 1)[0])})"
            values.add(f"pval({qp},{kind},{q(line.replace(qp, '_'))}).")
    values |= {f"probe_effect({q(i.source)})." for i in lf.instances.values() if i.source not in mine}
    return reads, sorted(values)
