"""608.2d, 701.26b: "Untap up to four lands." (the vocabulary's {op: untap_chosen}, engine/vocab/oneshot_untap.py): as
the spell or ability resolves, its controller chooses up to that many permanents the selector matches (lands, any
player's; "lands you control": theirs), {take: [IDS], by: PLAYER} in the game file ({take: []}: none; --auto: their own
tapped ones, in board order, up to that many); those that are tapped untap (603.2e: the events.py untap, whose
triggers see it)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.game.common import GameError, _name


def follow(ins, op, source: str, you: str, targets, name: str) -> None:
    game = ins.game
    st = game.state
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
    among = [x for x in st.battlefield if ctx.match(op.what, x)]
    act = game.action()
    if isinstance(act, gf.Take) and act.by in (None, you):
        game.take()
        chosen = list(act.take)
        wrong = [x for x in chosen if x not in among]
        if wrong or len(set(chosen)) != len(chosen) or len(chosen) > op.amount:
            raise GameError(game.where(), f"608.2d: {you} untaps up to {op.amount} for {name}: {chosen} is not up to "
                                          f"{op.amount} different ones of {', '.join(among) or 'none'}",
                            "name up to %d of them once each" % op.amount)
    elif game.auto or not among:
        chosen = [x for x in among if st.objects[x].tapped and st.objects[x].controller == you][:op.amount]
    else:
        raise GameError(game.where(), f"608.2d: {you} chooses up to {op.amount} of {', '.join(among)} to untap for {name}",
                        "add {take: [IDS], by: " + you + "} (up to %d; [] for none), or use --auto" % op.amount)
    game.say("608.2d", f"{you} chooses {', '.join(_name(st, x) for x in chosen) or 'none'} to untap ({name}: up to "
                       f"{op.amount})")
    game.events.untap(chosen)
