"""701.20a, 701.9a: "Target player reveals their hand and discards all nonland cards." (the vocabulary's {op:
discard_all}, engine/vocab/oneshot_discard_all.py): each player named reveals their hand (the log shows it), then
discards, at once, every card of it the op's selector matches (bridge/selectors.py on the cards' characteristics in the
hand; "of that color" after "Choose a color.": the color chosen as it resolves, engine/game/chosen_values.py)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game.common import _name


def follow(ins, op, source: str, you: str, targets, name: str) -> None:
    game = ins.game
    st = game.state
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
    for p in ins._who(op.who, you, targets):
        hand = list(st.zone_ids("hand", p))
        game.say("701.20a", f"{p} reveals their hand for {name}: " + (", ".join(_name(st, x) for x in hand) or "no card"))
        gone = [x for x in hand if ctx.match(op.card, x)]
        if not gone:
            game.say("701.9a", f"{p} has no such card to discard")
        game.events.discard(p, gone)
