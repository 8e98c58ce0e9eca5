"""The program's states as events (614-616): where an event starts (its amount, its zone slot: a
destination, a recipient, 614.9; a player's event type, 614.1a; a permanent entering: tapped or not,
under whom, its other counters, 616.1b, 122.6), and a final state as the events that happen, in the
event file's shape: the event as modified (none when skipped, 614.1b, or wholly redirected, 614.9), a
permanent entering with its counters (122.6, 614.17d), controller (616.1b), copy (616.1c, 707.2), face
(616.1d) and choices (614.12, 614.13a), the creatures devour sacrificed (702.82a) and life paid (119.4)
as marks for their own outcomes, the cards a library's top exiles (614.13c), and the events the
effects add (tokens, 614.1a; a regeneration, 614.8)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from asp_rules.rulesdata import INTRINSIC_COUNTERS, PLAYER_EVENTS
from .counters import other_kind

if TYPE_CHECKING:
    import clingo

    from .choices import Chosen
    from .effects import Effect
    from .protocols import EnterEvent, Event


@dataclass
class Context:
    """What the bits and numbers of the program's final states stand for."""

    # 702.82a, 614.13b: a player -> (the shift, the width) of the field of the states counting their creatures sacrificed
    sac_fields: dict[str, tuple[int, int]]
    pay_bits: dict[int, int]  # the bit of a life payment made as a permanent enters -> the payment's event number
    libraries: dict[str, list[str]]  # each player's library, top first, without the cards entering from it (614.13c)
    sac_events: dict[str, int] = field(default_factory=dict)  # a creature devour may sacrifice -> its event number
    # 122.6, 614.17d: (enter event, the player it enters under) -> the kinds of counter it can't have put
    # on it ("all": none of any kind), from the program's no_counters/3
    no_counters: dict[tuple[int, str, int], set] = field(default_factory=dict)
    copies: dict[int, str] = field(default_factory=dict)  # 616.1c: P of a state -> the object it enters as a copy of
    chosen: dict[int, Chosen] = field(default_factory=dict)  # 614.12: P -> the values its choice took
    # 702.136a riot: the bit marking an optional counter declined -> the effect ("if you don't, it gains haste")
    declined: dict[int, str] = field(default_factory=dict)
    # 614.17d: the final states (X = 0) of a permanent entering that can't enter as it would exist
    cant_final: set[tuple] = field(default_factory=set)
    victims: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a player -> the creatures devour may sacrifice
    # 615.5, 616.1f: the events the effects may make (followon.py): T -> (the effect, the event)
    made: dict = field(default_factory=dict)
    # 614.12: the parts of the selector program grounded for the forms of the permanents entering (entering_facts.py)
    parts: list = field(default_factory=list)


MARK = "devoured"  # 702.82a: a count of creatures sacrificed, named by bridge.replace.devoured


def devoured_marks(applied: int, fields: dict[str, tuple[int, int]]) -> list[tuple]:
    """A final state's counts of creatures sacrificed (702.82a), one ("devoured", (player, K)) mark for each
    player some of whose creatures were (K of them), by player."""
    marks = []
    for p, (shift, width) in sorted(fields.items()):
        k = applied >> shift & ((1 << width) - 1)
        if k:
            marks.append((MARK, (p, k)))
    return marks


def event_amount(ev: Event) -> int | None:
    """The event's amount; None for the kinds of event without one (a permanent entering, a zone change,
    a discard, a creature sacrificed to devour)."""
    return getattr(ev, "amount", None)


def start_amount(ev: Event) -> int:
    if ev.type == "enter":
        return ev.counters.get("+1/+1", 0)
    return event_amount(ev) or 0


def start_zone(ev: Event) -> str | tuple[str, str, int]:
    if ev.type == "damage":
        return ev.target
    if ev.type == "enter":  # e(T, C, O): tapped or not, the player it would enter under (616.1b), and
        # its counters of the other kind (122.6)
        return ("tapped" if ev.tapped else "untapped", ev.controller, ev.counters.get(other_kind(ev), 0))
    if ev.type in PLAYER_EVENTS:
        return ev.type
    return ev.to if ev.type == "zone_change" else "none"


def py(sym: clingo.Symbol) -> Any:
    """A term of the program's answer as Python: a number, a string, a permanent entering's e(T, C, O) as a
    tuple, a constant's name."""
    if sym.type.name == "Number":
        return sym.number
    if sym.type.name == "String":
        return sym.string
    if sym.name == "e" and len(sym.arguments) == 3:  # a permanent entering: (tapped or not, under whom, O)
        return tuple(py(x) for x in sym.arguments)
    return sym.name if not sym.arguments else str(sym)


def final_events(ev: Event, final_state: tuple, effects: list[Effect], ctx: Context) -> tuple:
    """The creatures its devour instances sacrificed (702.82a: as it enters, before it is on the
    battlefield; a ("devoured", (P, K)) mark for now, K of player P's: bridge.replace.devoured names the
    creatures of each set of K, each a ("paid", J) mark, J the sacrifice's event: with_payments puts its
    outcomes there, Rest in Peace exiling it), the life paid as it entered (a ("paid", J) mark too: with_payments puts the
    payment's own outcomes there), the event as it happens (none when it is skipped; cards exiled from the
    top of a library, one zone change each), then the events the applied effects add (tokens they
    create), each in the event file's shape."""
    applied = final_state[1]
    main = _final_event(ev, final_state, effects, ctx)
    before = devoured_marks(applied, ctx.sac_fields)
    before += [("paid", j) for b, j in sorted(ctx.pay_bits.items()) if applied & b]
    if ev.type == "token" and final_state[4] == "each" and main is not None:  # 614.1a: one of each, A of each
        kinds = next(e.rule.token_in for k, e in enumerate(effects) if applied >> k & 1 and e.rule.do == "one_of_each")
        main = None
        before += [tuple((k, t if k == "token" else v) for k, v in _final_event(ev, final_state, effects, ctx))
                   for t in kinds]
    if main is not None and dict(main)["type"] == "exile_top":  # 614.13c: not a card entering from it
        cards = ctx.libraries.get(dict(main)["player"], [])[:dict(main)["amount"]]
        before += [(("type", "zone_change"), ("object", c), ("from", "library"), ("to", "exile")) for c in cards]
        main = None
    extra = []
    for k, e in enumerate(effects):
        # (the tokens an effect also creates are an event of their own the program follows, 616.1f: followon.py)
        if applied >> k & 1 and e.rule.event == "zone_change" and getattr(e.rule, "remove_counter", None):
            # 122.1c: "instead remove a shield counter from it"
            extra.append((("type", "counters_removed"), ("object", ev.object), ("kind", e.rule.remove_counter),
                          ("amount", 1)))
        if applied >> k & 1 and e.rule.do == "regenerate":  # 614.8, 701.19
            extra.append((("type", "regenerate"), ("object", ev.object)))
        if applied >> k & 1 and e.rule.do == "umbra_armor":  # 702.89a: damage removed, the Aura destroyed
            extra.append((("type", "umbra_armor"), ("object", ev.object), ("aura", e.source)))
    return tuple(before + ([main] if main is not None else []) + extra)


def _final_event(ev: Event, final_state: tuple, effects: list[Effect], ctx: Context) -> tuple | None:
    """The event as it happens, in the event file's shape; None when it doesn't happen (skipped). For a
    permanent entering, the kinds of counter that can't be put on it are left out (122.6, 614.17d)."""
    _i, _s, amount, prevented, to, skipped = final_state
    if skipped:
        return None
    d = ev.model_dump(by_alias=True, exclude_none=True)
    if ev.type == "enter":
        _entered(d, ev, final_state, effects, ctx)
        return _shape(d)
    if ev.type == "damage" and amount == 0 and not prevented and any(
            final_state[1] >> k & 1 and e.rule.do == "redirect_shield" for k, e in enumerate(effects)):
        return None  # 614.9: all of it (or of the part) was dealt to another creature instead
    if "amount" in d:
        d["amount"] = amount
    if ev.type == "damage" and prevented:
        d["prevented"] = prevented
    if ev.type == "zone_change":
        d["to"] = to
    if ev.type == "damage":
        d["target"] = to  # 614.9: a redirection changes who is dealt it
    if ev.type in PLAYER_EVENTS:
        d["type"] = to  # what the event became (614.1a)
    if ev.type == "damage" and not d.get("combat"):
        d.pop("combat", None)
    return _shape(d)


def _entered(d: dict[str, Any], ev: EnterEvent, final_state: tuple, effects: list[Effect], ctx: Context) -> None:
    """A permanent entering as it happens (in `d`, its event's dump): its counters, tapped or not, under
    whom, and what it is a copy of (614.1c, 707.2), its face (616.1d) and its choices (614.12, 614.13a)."""
    _i, applied, amount, prevented, to, _skipped = final_state
    counters = {k: v for k, v in d.get("counters", {}).items() if k != "+1/+1"}
    if amount:
        counters["+1/+1"] = amount
    kind = other_kind(ev)
    if kind is not None:  # (122.6: as modified; a planeswalker's loyalty stays, at 0 too, 306.5b)
        counters[kind] = to[2]
        if not to[2] and kind not in INTRINSIC_COUNTERS.values():
            del counters[kind]
    barred = ctx.no_counters.get((final_state[0], to[1], prevented), set())
    counters = {k: v for k, v in counters.items() if "all" not in barred and k not in barred}
    d["counters"] = dict(sorted(counters.items()))
    d["controller"] = to[1]  # 616.1b: the player it enters under, as modified
    d["tapped"] = to[0] == "tapped"
    if any(applied >> k & 1 and e.rule.do == "enter_transformed" for k, e in enumerate(effects)):
        d["transformed"] = True  # 616.1d: with its back face up (701.27)
    if prevented in ctx.copies:  # 616.1c: P, the copy it enters as
        d["copy_of"] = ctx.copies[prevented]
    if any(applied >> k & 1 and e.rule.do == "become_day" for k, e in enumerate(effects)):
        d["becomes_day"] = True  # 731, 614.1c: "it becomes day as this creature enters" (if neither: the game loop)
    made = [e for k, e in enumerate(effects) if applied >> k & 1 and e.rule.do == "choose"]
    if made:  # 614.12: the choices made as it enters
        d["choose"] = tuple(sorted(e.rule.choice for e in made))
    barred = sorted({e.rule.other_than for e in made if e.rule.other_than is not None})
    if barred:  # 614.12: "choose a color other than black": the colors that can't be chosen
        d["choose_not"] = tuple(barred)
    cards = sorted({c for e in made if e.rule.cards is not None for c in e.candidates})
    if any(e.rule.cards is not None for e in made):  # 614.13a: what it may choose from
        d["choose_from"] = tuple(cards)
    if prevented in ctx.chosen:  # 614.12: the values its choice took (a class: merge_chosen names it)
        d["chosen"] = ctx.chosen[prevented]
    if any(applied & b for b in ctx.declined):  # 702.136a riot: the counter declined, it gains haste
        d["gains_haste"] = True


def _shape(d: dict[str, Any]) -> tuple:
    """An event as a hashable tuple of (key, value) pairs (a dict value as sorted pairs)."""
    return tuple((k, tuple(sorted(v.items())) if isinstance(v, dict) else v) for k, v in d.items())
