"""Abilities that trigger on zone changes (603.6a, 603.6c, 603.10a, 700.4): "when this creature
dies", "whenever another creature dies", "when this leaves the battlefield".

An event that was replaced triggers only as it actually happened (614.6): a creature that Rest in
Peace exiles instead never dies, so its "dies" abilities don't trigger, while "leaves the
battlefield" abilities do (EXAMPLES.md C10). Leaves-the-battlefield abilities look back in time
(603.10a): the abilities and characteristics are those of the permanents just before the event,
the leaving ones included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from .effects import Selector

if TYPE_CHECKING:
    from bridge.layers import LayersResult

    from .model import GameState

ZONE_EVENTS = ("dies", "leaves_battlefield", "put_into_graveyard")


class ZoneTrigger(BaseModel):
    """What makes a triggered ability trigger when an object changes zones (603.6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: Literal["dies", "leaves_battlefield", "put_into_graveyard"] = Field(
        description="dies: put into a graveyard from the battlefield (700.4); leaves_battlefield (603.6c); "
                    "put_into_graveyard: from anywhere")
    subjects: Optional[Selector] = Field(
        default=None, description="the objects whose zone change counts, as they last existed (603.10a); default: the source")


@dataclass(frozen=True)
class Triggered:
    source: str
    ability: int  # 1-based index among the source's abilities
    text: str
    object: str  # the object whose zone change triggers it
    event: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "ability": self.ability, "text": self.text, "object": self.object,
                "event": self.event, "rule": self.rule}


def _happens(trigger_event: str, ev: dict[str, Any]) -> bool:
    frm, to = ev.get("from"), ev.get("to")
    if trigger_event == "dies":
        return frm == "battlefield" and to == "graveyard"  # 700.4
    if trigger_event == "leaves_battlefield":
        return frm == "battlefield" and to != "battlefield"
    return to == "graveyard"


def zone_change_triggers(state: "GameState", layers: "LayersResult", events: list[dict[str, Any]]) -> list[Triggered]:
    """The abilities the zone changes among ``events`` (final events, as they happen) trigger: the
    permanents' abilities as they are before the events (603.10a), after the layers (an ability a
    permanent lost, under Humility, doesn't trigger)."""
    from bridge.selectors import SelectorContext  # (card files import this module: no solver on their path)

    moves = [ev for ev in events if ev.get("type") == "zone_change"]
    out: list[Triggered] = []
    if not moves:
        return out
    for oid in state.battlefield:
        you = layers.objects[oid]["controller"]
        for holder, index in layers.printed_abilities.get(oid, ()):
            ab = state.objects[holder].printed.abilities[index - 1]
            trig = getattr(ab, "trigger", None)
            if not isinstance(trig, ZoneTrigger):
                continue
            ctx = SelectorContext(state, layers.objects, oid, you, (), dict(state.objects[oid].choices))
            for ev in moves:
                x = ev["object"]
                if not _happens(trig.event, ev):
                    continue
                if trig.subjects is None:
                    if x != oid:
                        continue
                elif not ctx.match(trig.subjects, x):
                    continue
                rule = {"dies": "603.6c, 700.4", "leaves_battlefield": "603.6c, 603.10a", "put_into_graveyard": "603.6a"}[trig.event]
                out.append(Triggered(oid, index, ab.display(), x, trig.event, rule))
    return sorted(out, key=lambda t: (t.source, t.ability, t.object))
