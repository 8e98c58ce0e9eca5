"""Counted amounts of one-shot P/T changes and +1/+1 counters (issue 21; 608.2h, 611.2d, 122.1): what the number an
instruction's Count or Total gives as it resolves, once, is counted from - "Put X +1/+1 counters on target creature,
where X is the number of Elves you control", "put a +1/+1 counter on it for each creature you control" (the counters
instruction: instructions._count_or_total), "This creature gets +X/+X until end of turn, where X is its power" (the
continuous effect's values: instructions.counted_now).

A Count, or a Total of objects, is instructions.count_of's, in this module's `context` (the selector machinery,
bridge/selectors.py, with the instruction's targets); the power or toughness of the source itself ("this creature's
power", "~'s power") is its current one while it is on the battlefield, else its last known information (608.2h: the
loop's Game.pt_now_or_last)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.vocab.selector import Selector

SOURCE = Selector(self=True)
# the one object an instruction before named: the ability's target, or the creature its trigger's event was about (603.2)
_REFERENTS = (Selector(targets=True), Selector(that=True))


def of_source(v) -> bool:
    """A Total of the source's own power or toughness ("this creature's power", 608.2h)."""
    return hasattr(v, "total") and v.of == SOURCE


def of_referent(v) -> bool:
    """A Total of the power or toughness of the target(s) ("Destroy target creature. You gain life equal to its
    toughness.") or of the creature the trigger's event was about ("... enters, you gain life equal to that creature's
    toughness.", 603.2)."""
    return hasattr(v, "total") and v.of in _REFERENTS


def referent_pt(game, v, targets) -> int:
    """608.2h, 608.2b: the total power or toughness of the ability's targets (each chosen and legal one: None is not)
    or of the creature the trigger's event was about (the resolving ability's refs), each as it is on the battlefield,
    or as it last existed there once it has left it (the instruction before destroyed or exiled it); 0 for one unknown
    (208.2; 400.7: a creature that left the battlefield and came back is a new object, not that creature)."""
    if v.of.targets:
        pts = [game.pt_now_or_last(t) for t in targets if t is not None]
    else:
        ref = game.resolution.resolving_refs.get("that")
        if ref is None or ref[1] != "battlefield":
            pts = []
        elif game.same(ref):
            pts = [game.pt_now_or_last(ref[0])]
        else:  # it left the battlefield: as it last existed there
            pts = [game.last_pt.get((ref[0], ref[2]))]
    values = [pt[0 if v.total == "power" else 1] if pt is not None else None for pt in pts]
    return sum(n for n in values if isinstance(n, int))


def source_pt(game, source: str, which: str) -> int:
    """608.2h: the source's power or toughness, as it is on the battlefield or as it last existed there (0: unknown,
    or none; 208.2)."""
    pt = game.pt_now_or_last(source)
    n = pt[0 if which == "power" else 1] if pt is not None else None
    return n if isinstance(n, int) else 0


def context(game, source: str, you: str, targets) -> SelectorContext:
    """The selectors' context of a resolving instruction: the characteristics after the layers, its targets."""
    st, layers = game.state, game.layers()
    return SelectorContext(st, characteristics(st, layers), source, you, tuple(t for t in targets if t is not None), {},
                           layers.mana_values)


def life(game, you: str, v) -> int:
    """119.1: the life total of the ability's controller ("where X is your life total"), times the value's factor."""
    return next(p.life for p in game.state.players if p.name == you) * v.times
