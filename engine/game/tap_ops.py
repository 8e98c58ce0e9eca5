"""What the game loop does for the one-shot operations of issue 21's tapping (engine/vocab/oneshot_tapping.py, 701.26):
"tap all creatures without flying" (each permanent a selector matches as the spell or ability resolves, 608.2c) and
"tap or untap target permanent" (the one of the two that changes it)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game.common import _name


def tap_each(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.26a, 608.2c: each untapped permanent ``op.what`` matches now becomes tapped."""
    game = ins.game
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    those = [x for x in st.battlefield if ctx.match(op.what, x) and not st.objects[x].tapped]
    for x in those:
        game.say("701.26a", f"{_name(st, x)} becomes tapped ({name})")
    game.events.tap(those)


def tap_or_untap(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.26a, 608.2d: the target, if it is still a legal target (608.2b), becomes tapped if it is untapped, untapped
    if it is tapped."""
    game = ins.game
    st = game.state
    x = targets[op.target - 1] if op.target <= len(targets) else None
    if x is None or x not in st.battlefield:
        return
    if st.objects[x].tapped:
        game.say("701.26b", f"{_name(st, x)} becomes untapped ({name})")
        game.events.untap([x])
    else:
        game.say("701.26a", f"{_name(st, x)} becomes tapped ({name})")
        game.events.tap([x])


OPS = {"tap_each": tap_each, "tap_or_untap": tap_or_untap}
