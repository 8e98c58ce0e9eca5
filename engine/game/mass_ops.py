"""What the game loop does for issue 21's instructions on every permanent a selector matches (engine/vocab/oneshot_mass.py,
608.2c): "Exile all creatures." (701.13a), "Return all creatures to their owners' hands." (400.3) - each permanent the
selector matches as the instruction is performed, moved at once (one event) - and the record of the permanents such an
instruction, or a destroy (701.8), moved from the battlefield, which the amount {this_way: ...} of the instruction after
it counts (engine/vocab/amount.py's ThisWay: "You gain 1 life for each creature destroyed this way.", 608.2h)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files.events import ZoneChange
from engine.game.common import _name

_REF = "this_way"  # the resolution's refs: (verb, the ids of the permanents the instruction moved)
_VERB = {"exile_each": "exiled", "return_each": "returned"}


def move_each(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.13a, 400.3, 608.2c: each permanent ``op.what`` matches now goes to exile, or to its owner's hand, at once."""
    game = ins.game
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, whose(op, you, targets), (), {})
    # 404.2: the cards of graveyards the selector names ({zone: graveyard}); left out, the battlefield's permanents
    those = [x for x in (st.objects if "zone" in op.what.model_fields_set else st.battlefield) if ctx.match(op.what, x)]
    to = "exile" if op.op == "exile_each" else "hand"
    if not those:
        game.say("608.2c", f"{name}: nothing to {'exile' if to == 'exile' else 'return'}")
    snaps = {x: game.snap(x) for x in those}
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to=to)
                              for x in those],
                             "701.13a" if to == "exile" else "400.3",
                             "is exiled" if to == "exile" else "is returned to its owner's hand")
    record(game, _VERB[op.op], snaps)


def whose(op, you: str, targets: list) -> str | None:
    """115.1, 608.2b: the player a set's "you" names: the ability's controller, or, ``player_target``, the target player
    ("all creatures target opponent controls"; None, matching nothing, if that target is no longer legal)."""
    if not getattr(op, "player_target", False):
        return you
    return targets[op.target - 1] if op.target <= len(targets) else None


def record(game, verb: str, snaps: dict) -> None:
    """608.2c: the permanents (their snapshots as the instruction began, loop.snap) the instruction moved from the
    battlefield: those no longer the same object there (not one that regenerated, 701.19a, or has indestructible)."""
    gone = tuple(x for x, ref in snaps.items() if not game.same(ref))
    game.resolution.resolving_refs[_REF] = (verb, gone)


def counted(game, v, what: str) -> int:
    """608.2h: {this_way: VERB, times: N}: N times the number of permanents the instruction before it moved (0: none,
    or no such instruction performed)."""
    verb, gone = game.resolution.resolving_refs.get(_REF) or (v.this_way, ())
    n = (len(gone) if verb == v.this_way else 0) * v.times
    game.say("608.2h", f"{what} is {n} (the objects {v.this_way} this way"
             + (f": {', '.join(_name(game.state, x) for x in gone)})" if gone else ")"))
    return n


OPS = {"exile_each": move_each, "return_each": move_each}
