"""Suspend (702.62, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.62a *(EN, current official rules)*: suspend represents three abilities: a static ability that functions while the
card is in a player's hand, "If you could begin to cast this card by putting it onto the stack from your hand, you may
pay [cost] and exile it with N time counters on it. This action doesn't use the stack"; and two triggered abilities
that function in the exile zone, "At the beginning of your upkeep, if this card is suspended, remove a time counter
from it" and "When the last time counter is removed from this card, if it's exiled, you may cast it without paying its
mana cost if able. If you don't, it remains exiled. If you cast a creature spell this way, it gains haste until you lose
control of the spell or the permanent it becomes." 702.62b: a card is suspended if it's in the exile zone, has suspend,
and has a time counter on it. 702.62c: whether the card could begin to be cast takes into account the effects that
would prohibit casting it. 702.62d: casting it so follows the rules for alternative costs (601.2b, 601.2f-h).

The special action is ``{suspend: ID}`` (its cost paid by the action's ``tap``; a cost of mana symbols only,
engine/vocab/cardfile.py ``executable_by``): when the card could be cast now (engine/game/casting.py ``timing_ok``, 117.1a,
and ``prohibition``, 601.3), it is exiled from the hand and N time counters are put on it. The two triggered abilities
are put on the stack with the models UPKEEP and LAST, their source the card in exile, controlled by its owner (the
player who controls a card in exile's abilities); resolved here (engine/game/resolve.py). The last one's cast is
608.2g's, as engine/game/freecast.py offers it: ``{cast: ID, free: true}`` (an alternative cost of no mana, 118.9;
107.3b: X is 0; timing ignored) or ``{may: false}``; a creature spell so cast is marked (``suspend_haste``) and the
permanent it becomes gains haste as it enters, for as long as its controller controls it (611.2b: the effect ends when
it leaves the battlefield or another player gains control of it). Not read: a time counter removed by another effect
(only the upkeep ability's removal triggers the last one here), and a change of control of the spell on the stack."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import TypeAdapter

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game import freecast
from engine.game.common import Rejected, _name
from engine.game.triggered import RulePart, Triggered
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability

RULE = "702.62a"
MANA_ONLY = r"(\{[^}]+\})+"


@dataclass(frozen=True)
class SuspendPart(RulePart):
    """702.62a: one of suspend's two triggered abilities (this module resolves it): "upkeep" (remove a time counter)
    or "last" (its owner may cast it without paying its mana cost)."""
    kind: str = "suspend"


UPKEEP = SuspendPart("upkeep", "At the beginning of your upkeep, if this card is suspended, remove a time counter from it.")
LAST = SuspendPart("last", "When the last time counter is removed from this card, if it's exiled, you may cast it "
                           "without paying its mana cost if able. If you don't, it remains exiled. If you cast a creature "
                           "spell this way, it gains haste until you lose control of the spell or the permanent it "
                           "becomes.")
HASTE_TEXT = "It gains haste until you lose control of the spell or the permanent it becomes."
GAINS = TypeAdapter(Ability).validate_python({
    "kind": "spell", "text": HASTE_TEXT, "continuous": {"do": [{"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}})


def _suspends(chars) -> list[tuple[int, object]]:
    """The suspend abilities of a card (702.62a), with their 1-based index among its abilities."""
    return [(k, a) for k, a in enumerate(chars.abilities if chars is not None else (), 1)
            if getattr(a, "kind", None) == "keyword" and a.keyword == "suspend"]


def suspended(game, oid: str) -> bool:
    """702.62b: the card is in the exile zone, has suspend and has a time counter on it."""
    st = game.state
    o = st.objects.get(oid)
    return o is not None and oid in st.exile and bool(_suspends(o.printed)) and o.counters.get("time", 0) > 0


def suspend(game, act: gf.Suspend, player: str) -> None:
    """702.62a, 702.62c: the special action: if the player could begin to cast the card from their hand now (its
    timing, 117.1a; no effect prohibiting it, 601.3), they pay its suspend cost and exile it with N time counters."""
    st = game.state
    oid = act.suspend
    o = st.objects.get(oid)
    if o is None or oid not in st.zone_ids("hand", player):
        raise Rejected(RULE, f"{_name(st, oid)} is not in {player}'s hand: only a card in its owner's hand is suspended")
    found = _suspends(o.printed)
    if not found:
        raise Rejected(RULE, f"{_name(st, oid)} has no suspend ability")
    ab = found[0][1]
    if ab.n is None or not re.fullmatch(MANA_ONLY, ab.cost or ""):
        raise Rejected("601.2f", f"paying the suspend cost '{ab.cost or ''}' is not supported yet")
    chars = o.printed
    if "Land" in chars.types:
        raise Rejected("305.9", f"{_name(st, oid)} is a land: it can't be cast, so it can't be suspended")
    if not game.casting.timing_ok(oid, player, chars):
        raise Rejected(RULE, f"{player} could not begin to cast {_name(st, oid)} now (117.1a): it can't be suspended now")
    why = game.casting.prohibition(oid, player, chars)
    if why:
        raise Rejected("702.62c", f"{player} could not begin to cast {_name(st, oid)} ({why}): it can't be suspended")
    game.mana.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
    if ab.cost != "{0}":
        game.mana.pay(player, ab.cost)
    game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "hand"}, to="exile")], RULE,
                             f"is suspended: exiled from {player}'s hand for its suspend cost {ab.cost} (a special "
                             "action, no stack)")
    if oid in st.exile and ab.n:
        st.objects[oid].counters["time"] = ab.n
        game.say("122.1", f"{ab.n} time counter{'s' if ab.n > 1 else ''} put on {_name(st, oid)} in exile (702.62a)")


def upkeep_triggers(game) -> None:
    """702.62a, 503.1, 603.4: as the active player's upkeep begins, each suspend instance of each suspended card they
    own (702.62b) triggers; a card without a time counter doesn't."""
    st = game.state
    for oid in list(st.exile):
        o = st.objects.get(oid)
        if o is None or o.owner != st.active:
            continue
        for index, _ab in _suspends(o.printed):
            if not o.counters.get("time", 0):
                game.say("603.4", f"{_name(st, oid)}'s suspend doesn't trigger: it is not suspended (no time counter) "
                                  "as the upkeep begins")
                continue
            game.pending.append(Triggered(oid, index, UPKEEP.text, oid, "upkeep", "702.62a, 503.1", o.owner,
                                          model=UPKEEP))


def resolve(game, part: SuspendPart, source: str, index: int, you: str, who: str) -> None:
    """A suspend triggered ability of the card ``source`` resolves (608.2): the upkeep one removes a time counter if the
    card is still suspended (603.4: the "if" checked again), which triggers the other when it was the last (603.2); the
    other lets its owner cast it without paying its mana cost (608.2g), if it's still exiled (603.4). Neither does
    anything to a card that left exile (400.7: a new object)."""
    st = game.state
    ref = game.resolution.resolving_refs.get("self")
    here = source in st.exile and (ref is None or game.same(ref))
    if part is UPKEEP:
        if not here or not suspended(game, source):
            game.say("603.4", f"{who} is removed from the stack: 'if this card is suspended' is false as it resolves")
            return
        game.say("608.2", f"{who} resolves: \"{part.text}\"")
        o = st.objects[source]
        o.counters["time"] -= 1
        if not o.counters["time"]:
            del o.counters["time"]
        game.say("122.1", f"a time counter removed from {_name(st, source)} in exile ({o.counters.get('time', 0)} left)")
        if not o.counters.get("time", 0):
            game.pending.append(Triggered(source, index, LAST.text, source, "suspend", "702.62a, 603.2", you,
                                          model=LAST))
        return
    if not here:
        game.say("603.4", f"{who} is removed from the stack: 'if it's exiled' is false as it resolves")
        return
    game.say("608.2", f"{who} resolves: \"{part.text}\"")
    if freecast._offer(game, freecast._FROM_EXILE, source, you, who) and source in st.stack:
        spell = st.objects[source]
        if spell.printed is not None and "Creature" in spell.printed.types:
            spell.choices["suspend_haste"] = True
            game.say(RULE, f"{you} cast {_name(st, source)}, a creature spell, with suspend: it gains haste until "
                           f"{you} loses control of the spell or the permanent it becomes")
    elif source in st.exile:
        game.say(RULE, f"{you} doesn't cast {_name(st, source)}: it remains exiled")


def entered(game, oid: str) -> None:
    """702.62a: the permanent ``oid`` entered the battlefield as the creature spell cast with suspend: it has haste for
    as long as its controller controls it (611.2b: the effect ends as it leaves the battlefield, 400.7, or as another
    player gains control of it; its timestamp after the permanent's, 613.7)."""
    st = game.state
    o = st.objects[oid]
    card = o.printed
    found = _suspends(card)
    index = found[0][0] if found else 1
    ts = st.next_timestamp
    st.next_timestamp += 1
    st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else _name(st, oid),
                                       ability_index=index, ability=GAINS, controller=o.controller, targets=(oid,),
                                       choices={}, timestamp=ts, duration="while_you_control_source", remaining=None,
                                       source=oid, affected=(oid,)))
    game.say(RULE, f"{_name(st, oid)}, cast with suspend, has haste for as long as {o.controller} controls it "
                   f"(timestamp {ts})")
