"""The Ring tempts you (701.54, the current official rules: the seed text stops at 702.42), state of the game loop.

701.54a: each time the Ring tempts a player ({op: ring_tempts}, engine/vocab/oneshot_ring.py: ``tempt``), they choose a
creature they control ({take: [ID]}; the only one; --auto: the first in board order); it becomes their Ring-bearer until
another creature becomes their Ring-bearer or another player gains control of it (``check``, as the state-based actions
are checked), or it leaves the battlefield (400.7: a new object, ``left``). 701.54b: a designation of a permanent
(GameState.ring_bearer), not a copiable value. 701.54c: a player the Ring tempts who has no emblem named The Ring gets
one before choosing; each temptation the emblem gains its next ability (GameState.ring_tempted: how many times, its first
min(n, 4) abilities):

1. "Your Ring-bearer is legendary and can't be blocked by creatures with greater power." (a static ability: a
   continuous effect on the Ring-bearer, ``sync``, with the supertype Legendary for the layers program, 205.4, 613.1d,
   and the combat rule cant_be_blocked_by greater power for the blocks program, 509.1b)
2. "Whenever your Ring-bearer attacks, draw a card, then discard a card." (508.2a)
3. "Whenever your Ring-bearer becomes blocked by a creature, that creature's controller sacrifices it at end of combat."
   (509.3c: once for each creature blocking it; as it resolves, a delayed triggered ability "at end of combat", 603.7,
   511.2, refers to that creature, 603.7c)
4. "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life." (510.2, 603.2)

The triggered abilities' source is the emblem (114.4), no object of the board: their Triggered's source is RING, their
controller the emblem's owner. 701.54d: the Ring tempts the player even if some or all of these were impossible (no
creature to choose). 701.54e: a creature "is your Ring-bearer" if it is on the battlefield under your control and has the
designation."""

from __future__ import annotations

from pydantic import TypeAdapter

from engine.game.actions import _one_of
from engine.files.yamlio import NUMBER_MAX
from engine.game.common import _name
from engine.game.triggered import RING, RING_TEXTS, RingPart, Triggered, event_triggers, ring_bearer_of
from engine.game.triggers import _Delayed
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability
from engine.vocab.oneshot import DelayedTrigger
from engine.vocab.oneshot_delay import SacrificeIt
from engine.vocab.ring_emblem import DURATION, LEGENDARY, SOURCE

RULE = "701.54"
MAX_COUNT = NUMBER_MAX  # (a board's ring_tempted: the count kept within the board file's range)
_ABILITY = TypeAdapter(Ability)
# 701.54c: what the second and fourth abilities do as they resolve
LOOT = _ABILITY.validate_python({"kind": "spell", "text": "Draw a card, then discard a card.",
                                 "one_shot": [{"op": "draw", "amount": 1}, {"op": "discard", "amount": 1}]})
DRAIN = _ABILITY.validate_python({"kind": "spell", "text": "Each opponent loses 3 life.",
                                  "one_shot": [{"op": "lose_life", "amount": 3, "who": "each_opponent"}]})
# 701.54c, 603.7: the third ability's delayed triggered ability (603.7c: that creature, the blocker)
SACRIFICE = DelayedTrigger(op="delayed_trigger", when="end_of_combat", about="self",
                           text="At end of combat, that creature's controller sacrifices it.",
                           one_shot=[SacrificeIt(op="sacrifice_it", who="its_controller")])
_ORDINAL = ("first", "second", "third", "fourth")


def tempt(game, you: str, name: str) -> None:
    """701.54a, 701.54c, 701.54d: the Ring tempts ``you``."""
    st = game.state
    if st.player(you).lost:  # 800.4a: a player who left the game
        game.say("800.4a", f"{you} has left the game: the Ring doesn't tempt them ({name})")
        return
    n = st.ring_tempted.get(you, 0)
    if n == 0:
        game.say("701.54c", f"the Ring tempts {you} ({name}): {you} gets an emblem named The Ring")
    st.ring_tempted[you] = min(n + 1, MAX_COUNT)
    if n < len(RING_TEXTS):
        game.say("701.54c", f"the Ring tempts {you} ({name}): {you}'s emblem gains its {_ORDINAL[n]} ability: "
                            f"\"{RING_TEXTS[n]}\"")
    else:
        game.say("701.54c", f"the Ring tempts {you} ({name}): {you}'s emblem already has its four abilities")
    mine = [x for x in st.battlefield if game.chars(x).get("controller") == you
            and "creature" in game.chars(x).get("types", ())]
    chosen = None
    if not mine:  # 701.54d: tempted all the same
        game.say("701.54d", f"{you} controls no creature: {you} chooses no Ring-bearer")
    else:
        chosen = _one_of(game, you, mine, "701.54a", f"the Ring tempts {you}: the creature {you} chooses as their "
                                                     "Ring-bearer")
        before = st.ring_bearer.get(you)
        st.ring_bearer[you] = chosen
        game.say("701.54a", f"{you} chooses {_name(st, chosen)} as their Ring-bearer"
                            + (f"; {_name(st, before)} is no longer their Ring-bearer" if before not in (None, chosen)
                               else ""))
    sync(game)
    # 701.54d, 603.2: "Whenever the Ring tempts you" (the creature chosen: "if you chose a creature other than ~", 603.4)
    game.pending += event_triggers(st, game.layers(), [{"type": "ring_tempts", "player": you, "chosen": chosen}])


def left(state, oid: str) -> None:
    """400.7, 701.54a: the Ring-bearer ``oid`` left the battlefield: a new object, nobody's Ring-bearer."""
    for p in [p for p, x in state.ring_bearer.items() if x == oid]:
        del state.ring_bearer[p]


def check(game) -> None:
    """701.54a: a Ring-bearer another player gained control of is no longer its former controller's Ring-bearer; then
    the first ability's effect follows the Ring-bearers (``sync``)."""
    st = game.state
    for p, x in sorted(st.ring_bearer.items()):
        if x not in st.battlefield or game.chars(x).get("controller") != p:
            del st.ring_bearer[p]
            game.say("701.54a", f"{p} no longer controls {_name(st, x)}: it is no longer their Ring-bearer")
    sync(game)


def sync(game) -> None:
    """701.54c: the emblem's first ability, "Your Ring-bearer is legendary and can't be blocked by creatures with greater
    power": one continuous effect for each player with the emblem and a Ring-bearer, on that creature (its timestamp, the
    first one the effect had, kept as the Ring-bearer changes: the emblem's, 613.7)."""
    st = game.state
    kept = []
    had = {e.controller: e for e in st.effects if e.duration == DURATION}
    for p in sorted(st.ring_tempted):
        x = ring_bearer_of(st, p)
        if x is None:
            continue
        e = had.get(p)
        if e is not None and e.targets == (x,):
            kept.append(e)
            continue
        if e is None:
            ts = st.next_timestamp
            st.next_timestamp += 1
        else:
            ts = e.timestamp
        kept.append(ContinuousEffect(index=0, source_card=SOURCE, ability_index=1, ability=LEGENDARY, controller=p,
                                     targets=(x,), choices={}, timestamp=ts, duration=DURATION, remaining=None))
    if [id(e) for e in kept] == [id(e) for e in st.effects if e.duration == DURATION]:
        return
    st.effects = [e for e in st.effects if e.duration != DURATION]
    for e in kept:
        e.index = st.next_effect_index()
        st.effects.append(e)


def attack_triggers(game) -> None:
    """701.54c, 508.2a: "Whenever your Ring-bearer attacks, draw a card, then discard a card." (the emblem's second
    ability), for each player whose Ring-bearer was just declared as an attacker."""
    st = game.state
    for p in sorted(st.ring_tempted):
        x = ring_bearer_of(st, p)
        if st.ring_tempted[p] >= 2 and x is not None and st.combat is not None and x in st.combat.attackers:
            game.pending.append(Triggered(RING, 2, RING_TEXTS[1], x, "attack", "701.54c, 508.2a", p,
                                          model=RingPart("attacks", RING_TEXTS[1])))


def block_triggers(game) -> None:
    """701.54c, 509.3c: "Whenever your Ring-bearer becomes blocked by a creature, that creature's controller sacrifices it
    at end of combat." (the emblem's third ability): once for each creature blocking it, about that creature."""
    st = game.state
    if st.combat is None:
        return
    for p in sorted(st.ring_tempted):
        x = ring_bearer_of(st, p)
        if st.ring_tempted[p] < 3 or x is None:
            continue
        for b in sorted(b for b, attackers in st.combat.blockers.items() if x in attackers):
            game.pending.append(Triggered(RING, 3, RING_TEXTS[2], b, "block", "701.54c, 509.3c", p,
                                          model=RingPart("blocked", RING_TEXTS[2])))


def resolve(game, part: RingPart, you: str, about: str | None) -> None:
    """608.2: one of the emblem's triggered abilities resolves."""
    st = game.state
    game.say("608.2", f"the ability of {you}'s emblem The Ring resolves: \"{part.text}\"")
    if part.part == "attacks":
        game.resolution.do(RING, LOOT, you, [], "The Ring")
    elif part.part == "damage":
        game.resolution.do(RING, DRAIN, you, [], "The Ring")
    else:  # 603.7: the delayed triggered ability, about the blocker as it is now (603.7c)
        game.triggers.delayed.append(_Delayed(SACRIFICE, RING, 3, you, game.snap(about), st.turn))
        game.say("603.7", f"The Ring creates a delayed triggered ability: \"{SACRIFICE.text}\" (about "
                          f"{_name(st, about)})")
