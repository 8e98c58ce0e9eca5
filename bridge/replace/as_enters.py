"""What a permanent does as it enters that is an event of its own (614.13): the creatures its devour
instances may sacrifice (702.82a, 701.21a: each sacrifice a zone change the replacement effects see;
none entering at the same time, none sacrificed twice, 614.13a-b), and the life it may pay ("as this
land enters, you may pay 2 life", 119.4, 614.13c); each an event after the input events. The program's
states count each player's creatures sacrificed (a field of bits above the effects' bits: how many, not
which ones, bridge.replace.devoured names them), and mark each payment with a bit above those."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..facts import q

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect
    from .protocols import Event


@dataclass
class Payment:
    """119.4: a payment of life made as a permanent enters (Breeding Pool), an event of its own (614.13c)."""

    player: str
    amount: int
    type: str = "pay_life"

    def model_dump(self, **_kw: Any) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "amount": self.amount}


@dataclass
class Sacrifice:
    """702.82a, 701.21a: a creature sacrificed as a permanent with devour enters: put from the battlefield
    into its owner's graveyard, an event of its own (the replacement effects on it apply: Rest in Peace)."""

    object: str
    type: str = "zone_change"
    from_: str = "battlefield"
    to: str = "graveyard"
    destroy: bool = False  # (a sacrifice is no destruction: regeneration doesn't replace it, 701.21a)
    regenerate: bool | None = None
    resolves: bool | None = None  # (no spell resolving, 608.2n)

    def model_dump(self, **_kw: Any) -> dict[str, Any]:
        return {"type": self.type, "object": self.object, "from": self.from_, "to": self.to}


@dataclass
class AsEnters:
    """The events made as permanents enter, their bits in the program's states, and their facts."""

    # 614.13b: a player -> (the shift, the width) of the field of the states counting their creatures sacrificed
    sac_fields: dict[str, tuple[int, int]] = field(default_factory=dict)
    victims: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a player -> the creatures devour may sacrifice
    pay_bits: dict[int, int] = field(default_factory=dict)  # the bit of a life payment -> its event number
    events: list[Payment | Sacrifice] = field(default_factory=list)  # the payments, then the sacrifices
    sac_events: dict[str, int] = field(default_factory=dict)  # a creature devour may sacrifice -> its event number
    facts: list[str] = field(default_factory=list)  # sac_victim/3, sac_field/3, pay_bit/3, decline_bit/2
    # 702.136a riot: the bit of the states marking its optional counter declined -> the effect id ("if you don't")
    decline_bits: dict[int, str] = field(default_factory=dict)

    @property
    def sac_width(self) -> int:
        """The bits of the states counting the creatures sacrificed (614.13b), above the effects' bits."""
        return sum(width for _shift, width in self.sac_fields.values())


def as_enters(state: GameState, events: list[Event], effects: list[Effect], chars: dict, entering: set[str]) -> AsEnters:
    """The sacrifices devour may make and the life payments, numbered after the input events (the
    payments first), with their bits above the effects'."""
    out = AsEnters()
    # 702.82a, 614.13a: the creatures a devour instance may sacrifice; 614.13b: the program's states count
    # each player's creatures sacrificed so far, in a field of bits above the effects' bits, wide enough for
    # all of that player's (a control-changing effect may change whose they are, 616.1b: every player's)
    devouring = {e.source for e in effects if e.rule.do == "devour"}
    victims = {i: _sacrificeable(state, chars, entering) for i, ev in enumerate(events, 1)
               if ev.type == "enter" and ev.object in devouring}
    if devouring:  # (every devour effect's edges need the fields: sacrificing none too)
        every = sorted({v for vs in victims.values() for v in vs})
        out.victims = {p: tuple(v for v in every if chars[v]["controller"] == p) for p in state.player_names}
        shift = len(effects)
        for p in state.player_names:
            width = len(out.victims[p]).bit_length()
            out.sac_fields[p] = (shift, width)
            out.facts.append(f"sac_field({q(p)},{1 << shift},{1 << width}).")
            shift += width
    out.facts += [f"sac_victim({i},{q(oid)},{q(chars[oid]['controller'])})." for i, vs in victims.items() for oid in vs]
    # 119.4, 614.13c: "as this land enters, you may pay 2 life": a payment its controller can make (their
    # life total is at least that much) is an event of its own, after the input events; a bit of the
    # states above the others marks it made. The permanent's own ability (or one it has as a copy): made for
    # its own event; whether the effect applies to it (614.12: as it would exist on the battlefield) is the
    # program's (under_ok/4: where it doesn't, no choice pays)
    for i, ev in enumerate(events, 1):
        for e in effects:
            if (ev.type == "enter" and e.rule.do == "pay_life_or_tapped" and e.source == ev.object
                    and state.player(ev.controller).life >= e.rule.n):
                b = 1 << (len(effects) + out.sac_width + len(out.events))
                out.events.append(Payment(ev.controller, e.rule.n))
                out.pay_bits[b] = len(events) + len(out.events)
                out.facts.append(f"pay_bit({i},{q(e.id)},{b}).")
    # 702.82a, 701.21a: a creature sacrificed to devour is put into its owner's graveyard, an event of
    # its own that the replacement effects modify (Rest in Peace: exiled instead); after the payments
    for oid in sorted(v for vs in out.victims.values() for v in vs):
        out.events.append(Sacrifice(oid))
        out.sac_events[oid] = len(events) + len(out.events)
    # 702.136a riot (current official rules): "you may have this permanent enter with an additional +1/+1 counter on
    # it. If you don't, it gains haste": a bit of the states above the others marks the counter declined
    for e in effects:
        if getattr(e.rule, "declined_haste", False):  # (a replacement rule: not a shield, a counter rule)
            b = 1 << (len(effects) + out.sac_width + len(out.pay_bits) + len(out.decline_bits))
            out.decline_bits[b] = e.id
            out.facts.append(f"decline_bit({q(e.id)},{b}).")
    return out


def _sacrificeable(state: GameState, chars: dict, entering: set[str]) -> list[str]:
    """702.82a, 701.21a: the creatures the entering permanent's controller may sacrifice as it enters
    (theirs, on the battlefield, after the layers), not one entering at the same time (614.13a): those
    of every player, since a control-changing effect may change who that is (616.1b); the program
    takes those of the player it enters under."""
    return sorted(oid for oid in state.battlefield if oid not in entering and oid in chars
                  and "creature" in chars[oid]["types"])


def sacrificed(ev: Event, events: tuple) -> set:
    """The creatures a permanent's devour instances sacrificed, in its final events (702.82a): those
    leaving the battlefield as it enters (to a graveyard, or exiled by Rest in Peace)."""
    if ev.type != "enter":
        return set()
    return {dict(e)["object"] for e in events if dict(e)["type"] == "zone_change" and dict(e).get("from") == "battlefield"}
