"""What a resolving spell or ability does to a hand (issue 21; the vocabulary's reveal_hand, exile_chosen and
discard_random, engine/vocab/oneshot_hand.py): a hand revealed or looked at (701.20a, 402.3), a card chosen from a
revealed hand and exiled (701.20a, 406.1: the choice is library_ops.choose_from_hand's, as for discard_chosen), cards
discarded at random (701.9b). The functions are engine/game/instructions.py's DELEGATED entries."""

from __future__ import annotations

import random

from engine.files.events import ZoneChange
from engine.game import xvalue
from engine.game.common import _name
from engine.game.library_ops import choose_from_hand


def reveal_hand(ins, op, source, you: str, targets, name: str) -> None:
    """701.20a: each player named reveals their hand (every player sees it); ``look``: the ability's controller looks at
    it (402.3: no one else sees it). The log shows its cards."""
    st = ins.game.state
    for p in ins._who(op.who, you, targets):
        cards = ", ".join(_name(st, x) for x in st.zone_ids("hand", p)) or "no card"
        if op.look:
            ins.game.say("402.3", f"{you} looks at {p}'s hand for {name}: {cards}")
        else:
            ins.game.say("701.20a", f"{p} reveals their hand for {name}: {cards}")


def exile_chosen(ins, op, source, you: str, targets, name: str) -> None:
    """701.20a, 406.1: each player named reveals their hand; the controller chooses a card of it (``graveyard``: or of
    their graveyard) with the op's qualities ({discard: [ID], by: CONTROLLER}; --auto: the first such card); that card
    is exiled (nothing when there is none)."""
    game = ins.game
    for p in ins._who(op.who, you, targets):
        chosen = choose_from_hand(game, op, p, you, name, op.graveyard)
        if chosen:
            zone = game.state.objects[chosen[0]].zone
            game.say("406.1", f"{you} chooses {_name(game.state, chosen[0])} from {p}'s {zone}: it is exiled")
            game.events.zone_changes([ZoneChange(type="zone_change", object=chosen[0], **{"from": zone}, to="exile")],
                                     "406.1", "is exiled")


def discard_random(ins, op, source, you: str, targets, name: str) -> None:
    """701.9b: each player named discards ``amount`` cards chosen at random from their hand (all of them when there are
    that many or fewer), at once; the draw is seeded by the turn and the hand (a game file plays the same way each
    time, as library_ops.shuffle's)."""
    game = ins.game
    st = game.state
    n = op.amount
    if n == "x":  # 107.3a: the X announced as the spell was cast (601.2b) or the ability activated (602.2b)
        n = xvalue.announced(game, source)
    for p in ins._who(op.who, you, targets):
        hand = list(st.zone_ids("hand", p))
        cards = random.Random(f"{st.turn}:{p}:{len(hand)}").sample(hand, min(n, len(hand)))
        game.say("701.9b", f"{p} discards {', '.join(_name(st, x) for x in cards) or 'no card'} at random for {name}")
        game.events.discard(p, cards)
