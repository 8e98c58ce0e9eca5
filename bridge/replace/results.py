"""The replace task's results (614-616): the effects that apply, who chooses (616.1), and the
outcomes, each a final event with the orders of effects that lead to it (616.1e) and what each
prevention effect prevents along them (615.7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .effects import Effect


@dataclass
class Outcome:
    orders: list[list[str]]  # effect ids in the order applied (with @N, the event's position, for several events)
    order_count: int  # how many orders lead there (orders lists at most --limit of them)
    events: list[dict[str, Any]]
    # the damage each prevention effect prevents along each listed order (615.7: what a shield uses)
    prevented_by: dict[tuple, dict[str, int]] = field(default_factory=dict)

    def prevented_first(self) -> dict[str, int]:
        """What each prevention effect prevents along the first listed order (the one a caller applies)."""
        return self.prevented_by.get(tuple(self.orders[0]), {}) if self.orders else {}


@dataclass
class ReplaceResult:
    applicable: list[Effect]
    choosers: list[str | None]
    outcomes: list[Outcome]
    timed_out: bool = False
    choices: int = 0  # the edges of the graph of states: every choice the chooser has somewhere
    outcome_count: int = 0  # every outcome, when `outcomes` lists only the first `limit` of them
    # 615.5, 616.1f: the events the effects make (followon.py) and who chooses the order of the effects on each
    made_choosers: list[tuple[str, str | None]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "applicable": [{"effect": e.id, "source": e.source, "kind": e.kind, "category": e.category, "text": e.text}
                           for e in self.applicable],
            "chooser": self.choosers[0] if len(set(self.choosers)) == 1 else self.choosers,
            "outcome_count": self.outcome_count,
            "outcomes": [{"orders": o.orders, "order_count": o.order_count, "events": o.events} for o in self.outcomes],
        } | ({"made_choosers": [{"event": what, "chooser": who} for what, who in self.made_choosers]}
             if self.made_choosers else {})
