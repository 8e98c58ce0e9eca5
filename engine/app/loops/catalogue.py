"""The catalogue of `mtgjudge loops` (docs/loops.md, "What is enumerated"): from a pool's ability classes, the
searches to make, in two rounds, and what they found.

Round 1, for each layer: every ordered pair (A, B) the sound pruning keeps (search.candidate_edges) is searched for
a board on which A depends on B (613.8a); every pair kept in both directions, for a board on which A and B form a
loop (613.8b). Round 2 (--max-size 3): every triple of one layer whose kept pairs make a cycle through all three and
no two of which were found in a loop, for a board on which the three form a loop; and every kept pair (A, B) with no
witness of its own, with each third ability C kept as something A or B may depend on in that layer, for a board
with the three on which A depends on B (a dependency that needs a third effect present).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Sequence

from asp_rules.rulesdata import LAYERS
from engine.app.loops.model import Absent, AbilityRef, Finding, Goal
from engine.app.loops.pool import AbilityClass
from engine.app.loops.workers import Task

EDGE, PAIR_LOOP, TRIPLE_LOOP, THIRD = "edge", "pair loop", "triple loop", "edge with a third"
PRUNED_LISTED = 200  # at most this many classes: the pairs the pruning rules out are listed one by one too


@dataclass
class Catalogue:
    """A pool's catalogue: its cards and ability classes, the pairs considered (ordered, same layer, per layer),
    those the pruning kept, the searches made and what each gave (Finding or Absent), in task order."""
    cards: list[str]
    classes: list[AbilityClass]
    considered: dict[str, int]
    candidates: list[tuple[AbilityRef, AbilityRef, str]]
    tasks: list[Task] = field(default_factory=list)
    results: list = field(default_factory=list)
    pruned: list[tuple[AbilityRef, AbilityRef, str]] = field(default_factory=list)

    @property
    def findings(self) -> list[tuple[Task, Finding]]:
        return [(t, r) for t, r in zip(self.tasks, self.results) if isinstance(r, Finding)]

    @property
    def absences(self) -> list[tuple[Task, Absent]]:
        return [(t, r) for t, r in zip(self.tasks, self.results) if isinstance(r, Absent)]


def _task(why: str, members, layer: str, goal: Goal) -> Task:
    return Task(LAYERS.index(layer), why, tuple(sorted(members)), goal.edges, goal.loop, layer)


def considered_pairs(classes: Sequence[AbilityClass]) -> dict[str, int]:
    """Per layer, the ordered pairs of abilities of different classes with parts in it."""
    count: dict[str, int] = {}
    for layer in LAYERS:
        n = sum(layer in c.layers for c in classes)
        if n > 1:
            count[layer] = n * (n - 1)
    return count


def pruned_pairs(classes: Sequence[AbilityClass], candidates) -> list[tuple[AbilityRef, AbilityRef, str]]:
    """(A, B, layer): the ordered pairs of one layer the pruning rules out (A can depend on B on no board)."""
    kept = set(candidates)
    return [(a.ref, b.ref, layer) for layer in LAYERS for a in classes for b in classes
            if a.ref != b.ref and layer in a.layers and layer in b.layers and (a.ref, b.ref, layer) not in kept]


def round_one(candidates) -> list[Task]:
    kept = set(candidates)
    tasks = [_task(EDGE, (a, b), layer, Goal(((a, b),))) for a, b, layer in candidates]
    tasks += [_task(PAIR_LOOP, (a, b), layer, Goal(((a, b), (b, a)), loop=True))
              for a, b, layer in candidates if a < b and (b, a, layer) in kept]
    return sorted(tasks)


def round_two(candidates, first: Sequence[Task], results: Sequence) -> list[Task]:
    """The triples (this module's docstring), given round one's tasks and results."""
    succ: dict[tuple[str, AbilityRef], set[AbilityRef]] = {}
    for a, b, layer in candidates:
        succ.setdefault((layer, a), set()).add(b)
    in_loop = {(t.layer, frozenset(t.members)) for t, r in zip(first, results)
               if t.why == PAIR_LOOP and isinstance(r, Finding)}
    unwitnessed = [t for t, r in zip(first, results) if t.why == EDGE and isinstance(r, Absent)]
    tasks: set[Task] = set()
    for a, b, layer in candidates:  # a 3-cycle a -> b -> c -> a, found once from its smallest member
        for c in succ.get((layer, b), ()):
            if a < b and a < c and c != a and a in succ.get((layer, c), ()):
                trio = (a, b, c)
                if not any((layer, frozenset(p)) in in_loop for p in combinations(trio, 2)):
                    tasks.add(_task(TRIPLE_LOOP, trio, layer, Goal((), loop=True)))
    for t in unwitnessed:
        (a, b), = t.goal.edges
        thirds = succ.get((t.layer, a), set()) | succ.get((t.layer, b), set())
        for c in sorted(thirds - {a, b}):
            tasks.add(_task(THIRD, (a, b, c), t.layer, t.goal))
    return sorted(tasks)


def build(library, cards: Sequence[str], run: Callable[[list[Task]], list], *, max_size: int = 3) -> Catalogue:
    """The catalogue of a pool: ``run(tasks)`` makes the searches (engine/app/loops/workers.py run_tasks)."""
    from engine.app.loops import search
    from engine.app.loops.pool import ability_classes

    classes = ability_classes(library, cards, search.continuous_abilities)
    refs = [c.ref for c in classes]
    candidates = sorted(search.candidate_edges(library, refs), key=lambda e: (LAYERS.index(e[2]), e[0], e[1]))
    cat = Catalogue(sorted(set(cards), key=lambda n: (n.lower(), n)), classes, considered_pairs(classes), candidates)
    if len(classes) <= PRUNED_LISTED:
        cat.pruned = pruned_pairs(classes, candidates)
    first = round_one(candidates)
    results = run(first)
    cat.tasks, cat.results = list(first), list(results)
    if max_size >= 3:
        second = round_two(candidates, first, results)
        cat.tasks += second
        cat.results += run(second)
    return cat
