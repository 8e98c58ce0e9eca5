"""What a resolving spell or ability does for the operations of engine/vocab/oneshot_actions.py (counters on each
permanent a selector matches 122.1, connive 701.50a, bolster 701.39a, adapt 701.46a), for
engine/game/instructions.py; and two rules about the objects they act on: a stun counter's untap replacement
(122.1d, for engine/game/events.py) and the state "you control no [objects]" of a state trigger (603.8, for
engine/game/triggers.py). The choices they leave to a player come from the game script ({discard: [ID]}, {take:
[ID]}; --auto: a canonical choice), an error naming the choice when it is missing."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import Counters
from engine.game.common import GameError, _name
from engine.game.triggered import event_triggers
from engine.vocab.oneshot import CREATURES_YOU_CONTROL

OPS = ("counters_each", "connive", "bolster", "adapt")


def _context(game, source: str, you: str) -> SelectorContext:
    st = game.state
    return SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})


def follow(game, op, source: str, you: str, name: str) -> None:
    """One of these operations, as the spell or ability ``name`` resolves (608.2c)."""
    if op.op == "counters_each":
        counters_each(game, op, source, you, name)
    elif op.op == "connive":
        connive(game, source, you, name)
    elif op.op == "bolster":
        bolster(game, op.amount, source, you, name)
    elif op.op == "adapt":
        adapt(game, op.amount, source, name)


def counters_each(game, op, source: str, you: str, name: str) -> None:
    """122.1, 608.2c: the counters on each permanent the selector matches now, one event each, all at once."""
    st = game.state
    ctx = _context(game, source, you)
    on = [x for x in st.battlefield if ctx.match(op.each, x)]
    if not on:
        game.say("122.1", f"{name}: no permanent gets {op.kind} counters")
        return
    game.events.counters([Counters(type="counters", object=x, kind=op.kind, amount=op.amount) for x in on])


def _source_here(game, source: str) -> bool:
    """The source is on the battlefield, the object whose ability this is (400.7)."""
    ref = game.resolution.resolving_refs.get("self")
    return source in game.state.battlefield and (ref is None or game.same(ref))


def connive(game, source: str, you: str, name: str) -> None:
    """701.50a: its controller draws a card, then discards a card ({discard: [ID]}; --auto: the last card of the
    hand); a nonland card discarded this way puts a +1/+1 counter on the conniving permanent, if it is still on
    the battlefield (701.50b: it connived all the same)."""
    st = game.state
    game.say("701.50a", f"{_name(st, source)} connives")
    game.events.draw(you, 1, "701.50a")
    hand = list(st.zone_ids("hand", you))
    if not hand:
        game.say("701.50a", f"{you} has no card to discard")
        return
    chosen = hand if len(hand) == 1 else game.turn.discards_chosen(
        you, hand, 1, "701.50a", f"701.50a: {you} discards a card as {_name(st, source)} connives ({name})",
        "add {discard: [ID], by: " + you + "}, or use --auto")
    card = st.objects[chosen[0]].printed
    game.events.discard(you, chosen)
    if card is not None and "Land" in card.types:
        game.say("701.50a", f"{_name(st, chosen[0])} is a land card: no counter")
    elif not _source_here(game, source):
        game.say("701.50b", f"{_name(st, source)} is no longer on the battlefield: no counter is put on it")
    else:
        game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=1)])


def bolster(game, n: int, source: str, you: str, name: str) -> None:
    """701.39a: the player chooses a creature they control with the least toughness among them (of those tied,
    {take: [ID]}; --auto: the first in board order) and puts n +1/+1 counters on it."""
    st = game.state
    ctx = _context(game, source, you)
    mine = [x for x in st.battlefield if ctx.match(CREATURES_YOU_CONTROL, x)]
    if not mine:
        game.say("701.39a", f"{you} controls no creature: {name} bolsters nothing")
        return
    least = min(game.chars(x).get("toughness") or 0 for x in mine)
    tied = [x for x in mine if (game.chars(x).get("toughness") or 0) == least]
    act = game.action()
    if len(tied) > 1 and isinstance(act, gf.Take) and act.by in (None, you):
        game.take()
        if len(act.take) != 1 or act.take[0] not in tied:
            raise GameError(game.where(), f"701.39a: {act.take} is not one creature with the least toughness ({least}) "
                                          f"{you} controls", "name one of " + ", ".join(tied))
        chosen = act.take[0]
    elif len(tied) == 1 or game.auto:
        chosen = tied[0]
    else:
        raise GameError(game.where(), f"701.39a: {you} bolsters {n}: which of {', '.join(tied)} (toughness {least})?",
                        "add {take: [ID], by: " + you + "}, or use --auto")
    game.say("701.39a", f"{you} bolsters {n}: {_name(st, chosen)} has the least toughness ({least})")
    game.events.counters([Counters(type="counters", object=chosen, kind="+1/+1", amount=n)])


def adapt(game, n: int, source: str, name: str) -> None:
    """701.46a: if the permanent has no +1/+1 counters on it, n +1/+1 counters on it."""
    st = game.state
    if not _source_here(game, source):
        game.say("701.46a", f"{name}: the permanent is no longer on the battlefield: it doesn't adapt")
    elif st.objects[source].counters.get("+1/+1", 0):
        game.say("701.46a", f"{_name(st, source)} has a +1/+1 counter on it: it doesn't get more ({name})")
    else:
        game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=n)])


def stunned(game, oids: list[str]) -> list[str]:
    """122.1d: a permanent with a stun counter that would become untapped stays tapped, and a stun counter is removed
    from it instead (what triggers on it: counters_removed); the others untap (returned)."""
    st = game.state
    out = []
    for x in oids:
        o = st.objects[x]
        if not o.counters.get("stun"):
            out.append(x)
            continue
        o.counters["stun"] -= 1
        if not o.counters["stun"]:
            del o.counters["stun"]
        game.say("122.1d", f"{_name(st, x)} has a stun counter: it doesn't untap, a stun counter is removed from it instead")
        game.pending += event_triggers(st, game.layers(), [{"type": "counters_removed", "object": x, "kind": "stun",
                                                            "amount": 1}])
    return out


def controls_none(game, trig, oid: str, you: str) -> bool:
    """603.8: "When you control no Islands": its controller controls no permanent the selector matches now."""
    st = game.state
    if oid not in st.battlefield:
        return False
    ctx = _context(game, oid, you)
    return not any(ctx.match(trig.what, x) for x in st.battlefield)
