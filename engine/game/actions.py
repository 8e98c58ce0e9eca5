"""What a resolving spell or ability does for the operations of engine/vocab/oneshot_actions.py (counters on each
permanent a selector matches 122.1, connive 701.50a, bolster 701.39a, adapt 701.46a, amass 701.47a, exile until the
source leaves the battlefield 610.3), for engine/game/instructions.py; and three rules about the objects they act on:
a stun counter's untap replacement (122.1d, for engine/game/events.py and turn.py), the return of what was exiled
until its source left the battlefield (610.3c, after each zone change and state-based action check) and the state
"you control no [objects]" of a state trigger (603.8, for engine/game/triggers.py). The choices they leave to a player
come from the game script ({discard: [ID]}, {take: [ID]}; --auto: a canonical choice), an error naming the choice
when it is missing."""

from __future__ import annotations

from pydantic import TypeAdapter

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import Counters, ZoneChange
from engine.files.events import Token as TokenEvent
from engine.game import amounts, delay_ops, discover, schemes, top_order
from engine.game.common import GameError, _name
from engine.game.triggered import event_triggers, own_event_triggers
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability, CardFile
from engine.vocab.oneshot import CREATURES_YOU_CONTROL
from engine.vocab.selector import Selector

OPS = ("counters_each", "connive", "bolster", "adapt", "discover", "populate", "endure", "amass", "exile_until_leaves", "return_that_card",
       "remove_counter_or_sacrifice", "move_counter", "monstrosity", "no_schemes_that_turn", "skip_untap_that_turn")
CREATURE_TOKENS_YOU_CONTROL = Selector(types=["Creature"], token=True, controller="you")  # 701.36a
ARMIES = Selector(types=["Creature"], subtypes=["Army"], controller="you")  # 701.47a: "an Army creature you control"


def _context(game, source: str, you: str) -> SelectorContext:
    st = game.state
    return SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})


def follow(game, op, source: str, ab, you: str, targets: list, name: str) -> None:
    """One of these operations, as the spell or ability ``name`` resolves (608.2c)."""
    if op.op == "counters_each":
        counters_each(game, op, source, you, name)
    elif op.op == "no_schemes_that_turn":  # 701.32, 500.7 (engine/game/schemes.py)
        schemes.bar_extra_turn(game, you)
    elif op.op == "skip_untap_that_turn":  # 500.7, 500.11
        game.turn.restrict_extra(you, "skip_untap", "500.11", f"the untap step of {you}'s extra turn will be skipped")
    elif op.op == "connive":
        connive(game, source, you, name)
    elif op.op == "bolster":
        bolster(game, op.amount, source, you, name)
    elif op.op == "adapt":
        adapt(game, op.amount, source, name)
    elif op.op == "monstrosity":  # (107.3a: "Monstrosity X.", the X announced as the ability was activated)
        monstrosity(game, op.amount if isinstance(op.amount, int) else amounts.quantity(game, op.amount, source, you),
                    source, name)
    elif op.op == "discover":  # 701.57a
        discover.discover(game, op.amount, you, name)
    elif op.op == "populate":
        populate(game, source, you, name)
    elif op.op == "endure":
        endure(game, op.amount, source, you, name)
    elif op.op == "amass":
        amass(game, op, source, ab, you, name)
    elif op.op == "exile_until_leaves":
        exile_until_leaves(game, [t for t in targets[op.target - 1:op.target] if t is not None], source, ab, name)
    elif op.op == "return_that_card":
        return_that_card(game)
    elif op.op == "remove_counter_or_sacrifice":
        remove_counter_or_sacrifice(game, op.kind, source, you, name)
    elif op.op == "move_counter":
        move_counter(game, op.kind, source, name)


def _one_of(game, player: str, among: list[str], rule: str, question: str) -> str:
    """The permanent of ``among`` the player chooses: {take: [ID], by: PLAYER}; the only one; --auto: the first."""
    act = game.action()
    if len(among) > 1 and isinstance(act, gf.Take) and act.by in (None, player):
        game.take()
        if len(act.take) != 1 or act.take[0] not in among:
            raise GameError(game.where(), f"{rule}: {act.take} is not one of {', '.join(among)}",
                            "name one of " + ", ".join(among))
        return act.take[0]
    if len(among) == 1 or game.auto:
        return among[0]
    raise GameError(game.where(), f"{rule}: {question}: which of {', '.join(among)}?",
                    "add {take: [ID], by: " + player + "}, or use --auto")


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


def remove_counter_or_sacrifice(game, kind: str, source: str, you: str, name: str) -> None:
    """702.32a: "remove a fade counter from this permanent. If you can't, sacrifice the permanent.": one counter of
    that kind is removed from the source (122.1: what triggers on it, counters_removed); if the source has none, its
    controller sacrifices it (701.21a: only a permanent they control); a source no longer on the battlefield (400.7)
    has neither done to it."""
    st = game.state
    if not _source_here(game, source):
        game.say("702.32a", f"{name} is no longer on the battlefield: no counter is removed, nothing is sacrificed")
        return
    o = st.objects[source]
    if o.counters.get(kind, 0) > 0:
        o.counters[kind] -= 1
        if not o.counters[kind]:
            del o.counters[kind]
        game.say("122.1", f"a {kind} counter removed from {_name(st, source)} ({o.counters.get(kind, 0)} left)")
        game.pending += event_triggers(st, game.layers(), [{"type": "counters_removed", "object": source, "kind": kind,
                                                            "amount": 1}])
    elif game.chars(source).get("controller") == you:
        game.say("702.32a", f"{_name(st, source)} has no {kind} counter to remove: {you} sacrifices it")
        game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "battlefield"},
                                             to="graveyard")], "701.21", "is sacrificed")
    else:  # 701.21a: a player can't sacrifice a permanent they don't control
        game.say("701.21a", f"{_name(st, source)} has no {kind} counter, and {you} doesn't control it: it isn't sacrificed")


def move_counter(game, kind: str, source: str, name: str) -> None:
    """122.8 (seed text), 702.58a: "move a +1/+1 counter from this permanent onto that creature": removed from the
    source and put on the creature whose entering triggered the ability (603.2); if either can't be done (the source
    has no such counter, or either is no longer on the battlefield as the same object, 400.7), nothing moves."""
    st = game.state
    that = game.resolution.resolving_refs.get("that")
    on = that[0] if that is not None else None
    if not _source_here(game, source) or not st.objects[source].counters.get(kind, 0) or on is None \
            or on not in st.battlefield or not game.same(that):
        game.say("122.8", f"{name}: the {kind} counter can't be moved: none is removed or put")
        return
    o = st.objects[source]
    o.counters[kind] -= 1
    if not o.counters[kind]:
        del o.counters[kind]
    game.say("122.8", f"a {kind} counter moves from {_name(st, source)} onto {_name(st, on)}")
    game.pending += event_triggers(st, game.layers(), [{"type": "counters_removed", "object": source, "kind": kind,
                                                        "amount": 1}])
    game.events.counters([Counters(type="counters", object=on, kind=kind, amount=1)])


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
    chosen = _one_of(game, you, tied, "701.39a", f"{you} bolsters {n} (the least toughness among theirs: {least})")
    game.say("701.39a", f"{you} bolsters {n}: {_name(st, chosen)} has the least toughness ({least})")
    game.events.counters([Counters(type="counters", object=chosen, kind="+1/+1", amount=n)])


def populate(game, source: str, you: str, name: str) -> None:
    """701.36a: the player chooses a creature token they control ({take: [ID]}; --auto: the first in board order) and
    creates a token that's a copy of it (111.1, 707.2); 701.36b: none when they control no creature token."""
    st = game.state
    ctx = _context(game, source, you)
    tokens = [x for x in st.battlefield if ctx.match(CREATURE_TOKENS_YOU_CONTROL, x)]
    if not tokens:
        game.say("701.36b", f"{you} controls no creature token: {name} creates no token (populate)")
        return
    chosen = _one_of(game, you, tokens, "701.36a", f"{you} populates")
    game.say("701.36a", f"{you} populates: a copy of {_name(st, chosen)}")
    game.events.token_copies(chosen, you, 1)


def endure(game, n: int, source: str, you: str, name: str) -> None:
    """701.63a: the permanent's controller creates an N/N white Spirit creature token unless they put N +1/+1 counters
    on it ({may: true} the counters; {may: false}, --auto: the token); no longer on the battlefield, it can't have the
    counters: the token (its controller as it last existed, 608.2h); 701.63b: endure 0 does nothing."""
    st = game.state
    if n == 0:
        game.say("701.63b", f"{name}: it endures 0: nothing happens")
        return
    who = st.objects[source].controller if source in st.objects else you
    here = _source_here(game, source)
    if here and top_order.may(game, who, f"701.63a: {who} puts {n} +1/+1 counter(s) on {_name(st, source)} or creates a "
                                         f"{n}/{n} white Spirit creature token ({name} endures {n}): the counters?"):
        game.say("701.63a", f"{_name(st, source)} endures {n}: {who} puts {n} +1/+1 counter(s) on it")
        game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=n)])
        return
    token = CardFile(name="Spirit Token", token=True, colors=["white"], types=["Creature"], subtypes=["Spirit"],
                     power=n, toughness=n)
    game.say("701.63a", f"{name} endures {n}: {who} creates a {n}/{n} white Spirit creature token"
                        + ("" if here else " (it is no longer on the battlefield: no counters can be put on it)"))
    game.events.tokens([TokenEvent(type="token", controller=who, token=token.name, amount=1)], definition=token)


def adapt(game, n: int, source: str, name: str) -> None:
    """701.46a: if the permanent has no +1/+1 counters on it, n +1/+1 counters on it."""
    st = game.state
    if not _source_here(game, source):
        game.say("701.46a", f"{name}: the permanent is no longer on the battlefield: it doesn't adapt")
    elif st.objects[source].counters.get("+1/+1", 0):
        game.say("701.46a", f"{_name(st, source)} has a +1/+1 counter on it: it doesn't get more ({name})")
    else:
        game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=n)])


def monstrosity(game, n: int, source: str, name: str) -> None:
    """701.37a-b: if the permanent isn't monstrous, n +1/+1 counters on it and it becomes monstrous (even when an
    effect lets fewer counters be put: the instruction says both)."""
    st = game.state
    if not _source_here(game, source):
        game.say("701.37a", f"{name}: the permanent is no longer on the battlefield: nothing happens")
    elif st.objects[source].monstrous:
        game.say("701.37a", f"{_name(st, source)} is already monstrous: monstrosity does nothing")
    else:
        if n > 0:  # (X = 0: no counter, 122.1; it becomes monstrous all the same)
            game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=n)])
        if _source_here(game, source):
            st.objects[source].monstrous = True
            game.say("701.37b", f"{_name(st, source)} becomes monstrous")
            game.pending += own_event_triggers(game, source, "becomes_monstrous")  # 603.2


def amass(game, op, source: str, ab, you: str, name: str) -> None:
    """701.47a: a 0/0 black [subtype] Army creature token if its controller controls no Army creature (111.4: the
    effect defines it); then an Army creature of theirs chosen ({take: [ID]}; --auto: the first), N +1/+1 counters
    on it, and, if it isn't a [subtype], an effect with no end making it one in addition to its other types (611.2,
    613.1d: layer 4; a timestamp now, 613.7)."""
    st = game.state
    armies = [x for x in st.battlefield if _context(game, source, you).match(ARMIES, x)]
    if not armies:
        token = CardFile(name=f"{op.subtype} Army Token", token=True, colors=["black"], types=["Creature"],
                         subtypes=[op.subtype, "Army"], power=0, toughness=0)
        game.say("701.47a", f"{you} controls no Army creature: {you} creates a 0/0 black {op.subtype} Army creature token")
        game.events.tokens([TokenEvent(type="token", controller=you, token=token.name, amount=1)], definition=token)
        armies = [x for x in st.battlefield if _context(game, source, you).match(ARMIES, x)]
    if not armies:
        game.say("701.47b", f"{you} controls no Army creature: nothing gets counters ({name})")
        return
    army = _one_of(game, you, armies, "701.47a", f"{you} amasses {op.subtype}s {op.amount}: an Army creature of theirs")
    game.say("701.47a", f"{you} amasses {op.subtype}s {op.amount}: {_name(st, army)}")
    game.events.counters([Counters(type="counters", object=army, kind="+1/+1", amount=op.amount)])
    if army in st.battlefield and op.subtype not in (game.chars(army).get("subtypes") or ()):
        card = st.objects[source].printed if source in st.objects else None
        index = next((k for k, a in enumerate(card.abilities, 1) if a == ab), 1) if card is not None else 1
        becomes = TypeAdapter(Ability).validate_python({
            "kind": "spell", "text": f"It becomes a {op.subtype} in addition to its other types.",
            "continuous": {"do": [{"op": "add_subtypes", "subtypes": [op.subtype]}]}})
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else name,
                                           ability_index=index, ability=becomes, controller=you, targets=(army,),
                                           choices={}, timestamp=ts, duration="indefinite", remaining=None))
        article = "an" if op.subtype[0] in "AEIOU" else "a"
        game.say("701.47a", f"{_name(st, army)} isn't {article} {op.subtype}: it becomes one in addition to its other types "
                            f"(timestamp {ts})")


def exile_until_leaves(game, what: list[str], source: str, ab, name: str) -> None:
    """610.3: the target exiled until the source leaves the battlefield, recorded on the source (its choices:
    exiled_until, the cards as they are in exile; exiled_until_as, the source as it is now); 610.3a-b: if the source
    has already left the battlefield, the target doesn't move."""
    st = game.state
    if not _source_here(game, source):
        game.say("610.3b" if ab.kind == "triggered" else "610.3a", f"{_name(st, source)} has already left the battlefield: "
                                                                  f"{name} exiles nothing")
        return
    what = [x for x in what if x in st.battlefield]
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="exile")
                              for x in what], "610.3", f"is exiled until {_name(st, source)} leaves the battlefield")
    gone = [[x, st.objects[x].zone_changes] for x in what if st.objects[x].zone == "exile"]
    if gone and _source_here(game, source):
        o = st.objects[source]
        o.choices["exiled_until"] = list(o.choices.get("exiled_until") or []) + gone
        o.choices["exiled_until_as"] = o.zone_changes
    elif gone:  # the source left as the card was exiled (a replacement effect, a trigger): it returns now
        until_left(game, {source: gone})


def until_left(game, also: dict | None = None) -> None:
    """610.3c-d: right after a source with cards exiled until it leaves the battlefield has left it (or become a new
    object, 400.7), the cards still in exile return to the battlefield under their owners' control."""
    st = game.state
    delay_ops.left(game)  # 400.7: the effects on a permanent that left it end (702.84a unearth's replacement)
    due = dict(also or {})
    for oid, o in st.objects.items():
        held = o.choices.get("exiled_until")
        if held and (o.zone != "battlefield" or o.zone_changes != o.choices.get("exiled_until_as")):
            due[oid] = held
            o.choices.pop("exiled_until", None)
            o.choices.pop("exiled_until_as", None)
    for oid, held in due.items():
        back = [x for x, n in held if x in st.objects and st.objects[x].zone == "exile" and st.objects[x].zone_changes == n]
        if not back:
            game.say("610.3", f"{_name(st, oid)} has left the battlefield: no card it exiled is still in exile")
            continue
        game.say("610.3c", f"{_name(st, oid)} has left the battlefield: " + ", ".join(_name(st, x) for x in back)
                 + " return(s) to the battlefield under its owner's control")
        for x in back:
            game.events.enter(x, st.objects[x].owner, "exile")


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


def return_that_card(game) -> None:
    """603.10a, 400.7, 400.3: "return that card to its owner's hand" in an ability that triggered on another
    permanent's dying: the card it became in its owner's graveyard (as the ability was put on the stack), if it is
    still that object there."""
    ref = game.resolution.resolving_refs.get("that")
    if ref is None or ref[1] != "graveyard" or not game.same(ref):
        gone = _name(game.state, ref[0]) if ref is not None else "The card"
        game.say("400.7", f"{gone} is no longer the card that went to the graveyard: it isn't returned")
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=ref[0], **{"from": "graveyard"}, to="hand")],
                             "400.3", "returns to its owner's hand")
