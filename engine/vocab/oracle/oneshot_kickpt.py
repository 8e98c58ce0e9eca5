"""Family 5 of the Oracle grammar (issue 21): "[object] gets -2/-2 until end of turn. If this spell was kicked, that
creature gets -6/-6 until end of turn instead." (608.2c, 702.33d; "bargained": 702.166b): the sentence "If this spell
was kicked, [the same effect with other numbers] instead." (oneshot.lark's os_if_instead) replaces the numbers of the
continuous effect of the sentence before it: each number that differs becomes {if_spell_was: kicked, then: N,
otherwise: M} (engine/vocab/selector.py IfPaid), fixed as the effect begins (611.2d: engine/game/amounts.py quantity).
Only the same operations on the same objects ("that creature" after one target, or after "it") are read; anything
else is left to oneshot_ifcond.join (which doesn't read a continuous effect instead of another)."""

from __future__ import annotations

import copy

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

# the operations whose numbers may change (613.4c: +N/+M; 613.4b: base power and toughness)
_NUMBERED = ("modify_pt", "set_base_pt")


def _lone(pieces: list) -> Piece | None:
    """The one Piece of a sentence whose only effect is a continuous one, or None."""
    if len(pieces) != 1 or not isinstance(pieces[0], Piece):
        return None
    p = pieces[0]
    plain = not (p.ops or p.replacement is not None or p.combat or p.control or p.x)
    return p if plain and p.continuous is not None and not any(
        getattr(p, a, False) for a in ("it_dealer", "target_it", "target_first", "return_later")) else None


def _same_objects(before: Piece, inner: Piece) -> bool:
    """"that creature" of the instead sentence names what the sentence before acts on: its one target ("Target creature
    gets -2/-2 ..."), or its "it" ("Untap target creature. It gets +2/+2 ...": the same referent, oneshot._ability)."""
    if not getattr(inner, "that", False) or inner.targets or inner.continuous.get("applies_to") != {"self": True}:
        return False
    if before.continuous.get("_targets") and "applies_to" not in before.continuous:
        return len(before.targets) == 1 and before.targets[0].spec.get("count", 1) == 1
    return before.continuous.get("applies_to") == {"self": True} and before.uses_it and not before.targets \
        and not getattr(before, "that", False)


def instead(paid: str | None, before: list, inner: list) -> Piece | None:
    """The Piece of the sentence before with its numbers changed when the spell was ``paid`` (kicked, bargained: the
    words "this spell was kicked" after "If"), or None."""
    first, then = _lone(before), _lone(inner)
    if paid is None or first is None or then is None or not _same_objects(first, then):
        return None
    old, new = first.continuous["do"], then.continuous["do"]
    keys = set(first.continuous) - {"do", "_targets", "applies_to"}
    if keys or set(then.continuous) - {"do", "applies_to"} or len(old) != len(new):
        return None
    do = []
    for a, b in zip(old, new):
        if a.get("op") != b.get("op") or a.get("op") not in _NUMBERED or set(a) != set(b):
            return None
        op = dict(a)
        for k in set(a) - {"op"}:
            if not (isinstance(a[k], int) and isinstance(b[k], int)):
                return None
            if a[k] != b[k]:  # 608.2c: this number instead, when the spell was kicked
                op[k] = {"if_spell_was": paid, "then": b[k], "otherwise": a[k]}
        do.append(op)
    out = copy.copy(first)
    out.continuous = dict(first.continuous, do=do)
    return out


def check(ability: dict) -> None:
    """702.33d: a number "if this spell was kicked" in a spell's effect only (the resolving spell cast with its kicker)."""
    do = (ability.get("continuous") or {}).get("do", ())
    if ability.get("kind") != "spell" and any(isinstance(v, dict) and "if_spell_was" in v for op in do for v in op.values()):
        raise NotRead("'if this spell was kicked (bargained)' of another ability than a spell's")
