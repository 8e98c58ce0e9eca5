"""The catalogue of dependencies and dependency loops (613.8a-b): the values its search and its report share.

An ability is named by its card and its place among the card's printed abilities (1-based, as the layers task
numbers an object's effects: ``<object id>#<n>``). A finding is a dependency (613.8a: one effect depends on
another, for a reason) or a loop (613.8b: every member in one dependency loop) among abilities of one layer, with a
witness board on which ``mtgjudge layers`` reports it; an absence says that no board of the searched domain makes it
hold (or that the reads/writes analysis proved no board can).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

REASONS = ("existence", "applies_to", "what_it_does")  # 613.8a, as the layers task names them


@dataclass(frozen=True, order=True)
class AbilityRef:
    """One continuous-effect ability: the card's library name, and its 1-based index among the card's abilities."""
    card: str
    index: int

    def __str__(self) -> str:
        return f"{self.card}#{self.index}"


@dataclass(frozen=True, order=True)
class Edge:
    """613.8a: ``effect`` depends on ``depends_on`` (both of one layer), for ``reason`` (one of REASONS)."""
    effect: AbilityRef
    depends_on: AbilityRef
    reason: str


@dataclass(frozen=True)
class Goal:
    """What a search asks of a board: the edges that must hold on it (effect, depends_on), and whether all the
    members must be in one dependency loop (613.8b)."""
    edges: tuple[tuple[AbilityRef, AbilityRef], ...] = ()
    loop: bool = False


@dataclass(frozen=True)
class Finding:
    """A dependency or a loop found on a witness board.

    kind: "dependency" (613.8a) or "loop" (613.8b); layer: one of asp_rules.rulesdata.LAYERS; members: the
    abilities, sorted; edges: the dependencies among the members that ``mtgjudge layers`` reports on the witness,
    sorted; rule: "613.8a" or "613.8b"; witness: the content of a board file (docs/board-format.md) whose
    permanents carry the members; domain: the probe domain the witness was found in (a short description)."""
    kind: str
    layer: str
    members: tuple[AbilityRef, ...]
    edges: tuple[Edge, ...]
    rule: str
    witness: dict[str, Any]
    domain: str


@dataclass(frozen=True)
class Absent:
    """No board makes the goal hold: ``why`` is "pruned" (the reads/writes analysis proves no board can) or
    "searched" (the search proved no board of ``domain`` does)."""
    layer: str
    members: tuple[AbilityRef, ...]
    goal: Goal
    why: str
    domain: str = ""
    detail: dict[str, Any] = field(default_factory=dict)
