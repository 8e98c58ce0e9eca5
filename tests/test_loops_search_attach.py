"""The witness search leaves out the boards on which the dependency it asks for can't hold because the Aura it depends
on is attached elsewhere (asp_rules/loops.lp, part boards, goal_dep/2; docs/loops.md, Fewer boards): when B writes
nothing A reads but whether A's holder has lost A's ability (113.6: A's existence), and B's set starts at the object
its source is attached to (303.4), only the boards with B's Aura on A's holder are tried. Checked on the boards
program itself (exactly those boards, in the same order), and against the search that tries every board on a seeded
sample of the compiled pool's layer-6 pairs whose B is an Aura: the same verdict, the same witness."""

from __future__ import annotations

import random

from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from engine.app.loops import domain
from engine.app.loops.model import Absent, AbilityRef, Finding, Goal
from engine.app.loops.search import _board_reads, _effect_ids, candidate_edges, continuous_abilities, search, \
    witness_confirms
from asp_rules.rulesdata import LAYERS
from bridge.loops import BoardSearch

LIMIT = 300.0  # a generous limit: a timeout proves nothing (no timing is asserted)
SAMPLE = 40


def _boards(library, a: AbilityRef, b: AbilityRef, with_goal: bool, max_probes: int = 2) -> list:
    """Every candidate board of the search for ``a`` depending on ``b`` in layer 6, in the program's order."""
    members = (a, b)
    probes = domain.probes_for(library, members)
    ids = domain.member_ids(members)
    objs = list(dict.fromkeys(ids[r.card] for r in members))
    auras = [ids[c] for c in dict.fromkeys(r.card for r in members) if domain.is_aura(library, c)]
    maker = domain.BoardMaker(library, members, probes)
    eff = {ref: eid for eid, ref in _effect_ids(members).items()}
    search_ = BoardSearch([p.id for p in probes], objs, max_probes, auras, [p.id for p in probes] + objs,
                          LAYERS.index("6"), _board_reads(library, maker, probes, objs),
                          [(eff[a], eff[b])] if with_goal else [])
    out = []
    while (choice := search_.next()) is not None:
        out.append(choice)
        search_.reject(choice)
    return out


def test_an_aura_that_takes_abilities_is_tried_on_the_holder_only(library):
    # Frogify: "Enchanted creature loses all abilities ..."; Levitation: "Creatures you control have flying" (it reads
    # no ability, only whether Levitation itself still has its own)
    a, b = AbilityRef("Levitation", 1), AbilityRef("Frogify", 2)
    every = _boards(library, a, b, with_goal=False)
    kept = _boards(library, a, b, with_goal=True)
    assert kept == [c for c in every if ("frogify", "levitation") in c.attach]
    assert 0 < len(kept) < len(every)
    # and the search, on those boards, finds none (Levitation is no creature on any board of the domain)
    assert isinstance(search(library, (a, b), "6", Goal(((a, b),)), time_limit=LIMIT), Absent)


def test_no_board_is_left_out_when_the_dependent_reads_abilities(library):
    # Kwende: "Creatures you control with first strike have double strike": what it applies to reads the abilities
    # Frogify takes, on any creature it enchants
    a, b = AbilityRef("Kwende, Pride of Femeref", 2), AbilityRef("Frogify", 2)
    assert _boards(library, a, b, with_goal=True) == _boards(library, a, b, with_goal=False)


def test_the_aura_cut_changes_no_verdict_on_the_pool(compiled_layers):
    library, picked = compiled_layers
    refs = dict(r for name in sorted(set(library.names()) | set(picked)) for r in continuous_abilities(library, name))
    pairs = [(a, b) for a, b, layer in sorted(candidate_edges(library, sorted(refs)))
             if layer == "6" and domain.is_aura(library, b.card)]
    assert len(pairs) >= SAMPLE
    found = fewer = 0
    for a, b in random.Random(32).sample(pairs, SAMPLE):
        goal, what = Goal(((a, b),)), (a, b)
        cut = search(library, (a, b), "6", goal, max_probes=1, time_limit=LIMIT)
        every = search(library, (a, b), "6", goal, max_probes=1, time_limit=LIMIT, attached=False)
        assert type(cut) is type(every), what
        if isinstance(every, Finding):
            assert cut.witness == every.witness and cut.edges == every.edges, what
            assert witness_confirms(library, cut), what
            found += 1
        else:
            assert cut.why == every.why == "searched", what
            assert cut.detail["boards_tried"] <= every.detail["boards_tried"], what
            fewer += cut.detail["boards_tried"] < every.detail["boards_tried"]
    assert found > 0 and fewer > 0  # the sample holds witnesses and boards left out
