"""Family 5 of the Oracle grammar (oneshot.lark, the block "conditional instructions"; issue 21): a condition on one
instruction of a resolving spell or ability (608.2c), -> {op: if, condition | kicked, one_shot, otherwise?}
(engine/vocab/oneshot_ifcond.py; the loop: engine/game/ifcond.py): "If you control a Wizard, draw a card.", "Then if
you control eight or more artifacts, ...", "draw a card if you control an artifact", "If this spell was kicked, draw a
card." (702.33d), and "[instruction]. If [condition], [instruction] instead." (the instruction before it, replaced:
``otherwise``). The condition's words are read as "Activate only if [condition]." reads them (oneshot_cond.py:
``condition``, the statics' grammar's st_condition); anything else is not read."""

from __future__ import annotations

import re

from engine.vocab.oracle import oneshot_kickpt
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cond import condition
from engine.vocab.oracle.oneshot_cards import Piece, shared_subjects

# 702.33d: the resolving spell was cast with its kicker; 702.166b: it was bargained (its bargain cost paid)
_KICKED = re.compile(r"^this spell was (kicked|bargained)$")


def _cond(words: str) -> dict:
    """{condition}, {kicked: true} or {bargained: true} of the words after "if"."""
    paid = _KICKED.match(words)
    if paid:
        return {paid.group(1): True}
    return {"condition": condition(words)}


def _inner(pieces: list, kicked: bool) -> Piece:
    """The instructions of the branch, one Piece of operations (and the targets they name: 601.2c, chosen as the spell
    is cast whatever the condition, but a kicked spell's only if kicked: not read)."""
    pieces = shared_subjects([p for p in pieces if isinstance(p, Piece)])
    lone = pieces[0] if len(pieces) == 1 else None
    if lone is not None and not lone.ops and (lone.continuous is not None or lone.combat) and lone.replacement is None \
            and not (lone.uses_it or lone.control or lone.x or getattr(lone, "that", False) or kicked and lone.targets):
        # 611.2, 608.2c: "If you control a Wizard, creatures can't block this turn.": the ability's effect (its only
        # one: oneshot._ability), created by {op: create_effect} only if the condition holds (engine/game/paycost.py)
        return Piece([{"op": "create_effect"}], lone.targets, continuous=lone.continuous, combat=lone.combat)
    out = Piece()
    for p in pieces:
        if p.continuous is not None or p.replacement is not None or p.combat or p.uses_it or p.control or any(
                getattr(p, a, False) for a in ("that", "it_dealer", "target_it", "target_first", "return_later")):
            raise NotRead("a conditional instruction with an effect other than one-shot operations, or with 'it'")
        if kicked and p.targets:  # (702.166d: a bargained spell's the same)
            raise NotRead("a target of a kicked spell's instruction (601.2c: chosen only if it is kicked)")
        out.ops += p.ops
        out.targets += [t for t in p.targets if t not in out.targets]
        out.x = out.x or p.x
    if not out.ops:
        raise NotRead("no instruction")
    return out


def _wrap(words: str, pieces: list, otherwise: Piece | None = None) -> Piece:
    cond = _cond(words)
    inner = _inner(pieces, "kicked" in cond or "bargained" in cond)  # (702.166d: its targets too)
    if (inner.continuous is not None or inner.combat) and otherwise is not None:
        raise NotRead("a continuous effect instead of other instructions")
    op = {"op": "if", **cond, "one_shot": inner.ops}
    targets = list(inner.targets)
    if otherwise is not None:
        op["otherwise"] = otherwise.ops
        targets = otherwise.targets + [t for t in targets if t not in otherwise.targets]
    return Piece([op], targets, x=inner.x or (otherwise is not None and otherwise.x), continuous=inner.continuous,
                 combat=inner.combat)


def join(pieces: list, start: int, got: list) -> list:
    """The pieces of the paragraph so far with those of one more sentence (``start``: where the sentence before it
    begins): "If [condition], [instruction] instead." replaces the sentence before it (one instruction of one-shot
    operations) with one conditional operation."""
    if len(got) == 1 and isinstance(got[0], tuple) and got[0][0] == "if_instead":
        _, words, inner = got[0]
        before = pieces[start:]
        if not before or not all(isinstance(p, Piece) for p in before):
            raise NotRead("'instead' after no instruction")
        paid = _KICKED.match(words)  # 702.33d: other numbers of the effect before (oneshot_kickpt.py)
        changed = oneshot_kickpt.instead(paid and paid.group(1), before, inner)
        if changed is not None:
            return pieces[:start] + [changed]
        return pieces[:start] + [_wrap(words, inner, _inner(before, False))]
    if len(got) == 1 and isinstance(got[0], tuple) and got[0][0] == "if_damage_instead":
        _, words, amount = got[0]
        before = pieces[start:]
        if len(before) != 1 or not isinstance(before[0], Piece) or len(before[0].ops) != 1 \
                or before[0].ops[0].get("op") != "damage" or not isinstance(before[0].ops[0].get("amount"), int) \
                or set(before[0].ops[0]) - {"op", "amount", "to", "_tgt"} or before[0].uses_it:
            raise NotRead("'it deals N damage instead' after no damage instruction of the source's")
        op = {**before[0].ops[0], "amount": amount}
        return pieces[:start] + [_wrap(words, [Piece([op])], _inner(before, False))]
    if len(got) == 1 and isinstance(got[0], tuple) and got[0][0] == "if_otherwise":  # 608.2c: "Otherwise, [...]."
        before = pieces[start:]
        if len(before) != 1 or not isinstance(before[0], Piece) or len(before[0].ops) != 1 \
                or before[0].ops[0].get("op") != "if" or "otherwise" in before[0].ops[0] \
                or before[0].continuous is not None or before[0].combat:
            raise NotRead("'otherwise' after no conditional instruction")
        inner = _inner(got[0][1], False)
        if inner.continuous is not None or inner.combat or inner.targets:
            raise NotRead("an otherwise with a continuous effect or targets")
        op = {**before[0].ops[0], "otherwise": inner.ops}
        return pieces[:start] + [Piece([op], before[0].targets, x=before[0].x)]
    return pieces + list(got)


def check(ability: dict) -> None:
    """702.33d: "If this spell was kicked" in a spell's instructions only (the resolving spell cast with its kicker)."""
    if ability.get("kind") != "spell" and any(op.get("kicked") or op.get("bargained")
                                              for op in ability.get("one_shot", ())):
        raise NotRead("'if this spell was kicked (bargained)' of another ability than a spell's")
    oneshot_kickpt.check(ability)  # (a number of its continuous effect)


class IfCondReader:
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader)."""

    def os_if_instr(self, children):
        """608.2c: "If [condition], [instructions]." / "Then if [condition], [instructions].\""""
        words = re.sub(r"^(?:If|if) ", "", str(next(c for c in children if not isinstance(c, Piece))))
        return [_wrap(words, children)]

    def os_instr_if(self, children):
        """608.2c: "[instruction] if [condition]." (the condition on that instruction)"""
        return [_wrap(str(children[-1])[len("if "):], children[:-1])]

    def os_if_damage_instead(self, children):
        """608.2c, 120.3: "If [condition], it deals N damage instead.": the damage instruction before it with that
        amount (``join``)."""
        amount = next(c for c in children if isinstance(c, int))
        return [("if_damage_instead", str(children[0])[len("If "):], amount)]

    def os_if_instead(self, children):
        """608.2c: "If [condition], [instruction] instead." / "If [condition], instead [instruction].": joined to the
        sentence before it (``join``)."""
        words = str(children[0])[len("If "):]
        return [("if_instead", words, [c for c in children if isinstance(c, Piece)])]

    # --- "repeat this process" (608.2c, issue 24): repeat.lark -------------------------------------------------------
    def rp_may_any(self, _children):
        """608.2c, 608.2d: -> {op: repeat_process, may: true}: "You may repeat this process any number of times." (the
        instructions before it again, each time its controller chooses to: engine/game/repeat.py)."""
        return Piece([{"op": "repeat_process", "may": True}])

    def rp_once(self, _children):
        """608.2c: -> {op: repeat_process, times: 1}: "Repeat this process once." (the instructions before it, once
        more)."""
        return Piece([{"op": "repeat_process", "times": 1}])
