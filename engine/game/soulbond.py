"""Soulbond (702.95, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.95a: soulbond represents two triggered abilities: "When this creature enters, if you control both this creature and
another creature and both are unpaired, you may pair this creature with another unpaired creature you control for as
long as both remain creatures on the battlefield under your control" and "Whenever another creature you control enters,
if you control both that creature and this one and both are unpaired, you may pair that creature with this creature for
as long as both remain creatures on the battlefield under your control." 702.95b: a creature becomes paired with
another as a soulbond ability resolves; 702.95c: with one other creature only. 702.95d: a paired creature becomes
unpaired when another player gains control of it or of the creature it is paired with, when either stops being a
creature, or when either leaves the battlefield. 702.95e: the abilities of a soulbond creature that say "paired" refer
to the pair (the vocabulary's selector ``paired`` and condition ``paired``, read by the layers program from the facts
``paired/2``, bridge/layers/step_facts.py).

The triggers are checked on the permanents as they are once a creature has entered (603.6a, engine/game/triggered.py:
``_enters_on`` calls ``soulbond_triggers``); the intervening "if" (603.4) is checked as they trigger and again as they
resolve (:func:`resolve`); the choice is the action ``{pair: ID}`` ({pair: null}: they don't; --auto: the first
creature that can be paired, in board order). The pairing is the objects' ``paired_with`` (engine/state/model.py),
ended at once when either leaves the battlefield (engine/game/sba.py ``_move`` calls :func:`left`), and checked for
control and creature type before each check of the state-based actions (:func:`check`: the loop reads the layers'
characteristics there; a creature that stopped being a creature and became one again between two checks, in the middle
of one resolution, stays paired: a known limit).
"""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.files import gamefile as gf
from engine.game.common import GameError, _name
from engine.game.triggered import SOULBOND_CREATURE as _CREATURE, SOULBOND_OTHER as OTHER, SoulbondPart, unpaired_creatures

RULE = "702.95a"


def resolve(game, part: SoulbondPart, source: str, you: str, who: str, about: str | None) -> None:
    """608.2, 603.4: a soulbond ability resolves: if its "if" still holds (the source the same creature, 400.7, unpaired
    and controlled by its controller; another unpaired creature of theirs), they may pair the two (702.95b): SELF, the
    source with one of their unpaired creatures ({pair: ID}); OTHER, the creature that entered with the source."""
    st = game.state
    ref = game.resolution.resolving_refs.get("self")
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    here = source in st.battlefield and (ref is None or game.same(ref))
    if not here or st.objects[source].paired_with is not None or not ctx.match(_CREATURE, source):
        game.say("603.4", f"{who} is removed from the stack: 'if you control both ... and both are unpaired' is false as "
                          "it resolves")
        return
    free = [x for x in unpaired_creatures(st, ctx) if x != source]
    if part is OTHER:
        that = game.resolution.resolving_refs.get("that")
        free = [x for x in free if x == about and (that is None or game.same(that))]
    if not free:
        game.say("603.4", f"{who} is removed from the stack: 'if you control both ... and both are unpaired' is false as "
                          "it resolves")
        return
    game.say("608.2", f"{who} resolves: \"{part.text}\"")
    chosen = _choice(game, you, free, source)
    if chosen is None:
        game.say(RULE, f"{you} doesn't pair {_name(st, source)}")
        return
    for a, b in ((source, chosen), (chosen, source)):
        st.objects[a].paired_with, st.objects[a].paired_under = b, you
    game.say("702.95b", f"{_name(st, source)} and {_name(st, chosen)} are paired")


def _choice(game, you: str, able: list[str], source: str) -> str | None:
    """608.2d: the creature paired with (one of ``able``), or None ({pair: ID | null, by: PLAYER}; --auto: the first)."""
    act = game.action()
    if isinstance(act, gf.PairChoice) and act.by in (None, you):
        game.take()
        if act.pair is not None and act.pair not in able:
            raise GameError(game.where(), f"702.95a: {_name(game.state, act.pair)} can't be paired with "
                                          f"{_name(game.state, source)}", "name one of " + ", ".join(able) + ", or null")
        return act.pair
    if game.auto:
        return able[0]
    raise GameError(game.where(), f"702.95a: {you} may pair {_name(game.state, source)} with "
                                  f"{' or '.join(x for x in able if x != source) or source}",
                    "add {pair: ID} (or {pair: null} to decline), or use --auto")


def left(state, oid: str) -> None:
    """702.95d: the permanent ``oid`` leaves the battlefield: it and the creature it was paired with are unpaired."""
    o = state.objects[oid]
    other = state.objects.get(o.paired_with) if o.paired_with is not None else None
    if other is not None and other.paired_with == oid:
        other.paired_with = other.paired_under = None
    o.paired_with = o.paired_under = None


def check(game) -> None:
    """702.95d: each paired creature whose pair no longer holds becomes unpaired: another player than the one who paired
    them controls it or the other one, or either is no longer a creature (the layers' characteristics)."""
    st = game.state
    if not any(st.objects[x].paired_with is not None for x in st.battlefield):
        return
    chars = characteristics(st, game.layers())
    for oid in list(st.battlefield):
        o = st.objects[oid]
        if o.paired_with is None:
            continue
        other = st.objects.get(o.paired_with)
        pair = (oid, o.paired_with)
        ctx = SelectorContext(st, chars, oid, o.paired_under, (), {})
        held = other is not None and other.paired_with == oid and o.paired_with in st.battlefield and all(
            ctx.match(_CREATURE, x) for x in pair)
        if not held:
            left(st, oid)
            game.say("702.95d", f"{_name(st, pair[0])} and {_name(st, pair[1])} are no longer paired")
