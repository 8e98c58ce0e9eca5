"""Family 5 of the Oracle grammar (oneshot.lark's block "spells on the stack: copying and countering", issue 21): the
readers of copying a spell (707.10: "Copy target instant or sorcery spell.", "copy it" in an ability that triggers
on a spell's casting) and of the sentences that complete the instruction before them (MERGES, read through
oneshot_kw.MERGES by oneshot._ability): "You may choose new targets for the copy." (707.10c) and "If that spell is
countered this way, exile it instead of putting it into its owner's graveyard." (614.1a, 701.6a). ``check`` (called by
oneshot_eff.check) keeps "copy it" to the abilities that trigger on a spell's casting."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import PERMANENT_TYPES, Piece, Tgt, _number
from engine.vocab.oracle.oneshot_counter import CounterReader, merge_countered_top


class CopyReader(CounterReader):
    """The readers of the productions of oneshot.lark's copying and countering block."""

    def os_copy_spell(self, children):
        """707.10: "Copy target instant or sorcery spell" -> {op: copy_spell, what: target} (a target spell, 115.1)."""
        t = children[1]
        if t.spec.get("what") != "spell" or not set(t.spec.get("types") or ["Creature"]) <= _NONPERMANENT:
            raise NotRead("copy a target that is not an instant or sorcery spell (707.10; a copy of a permanent spell "
                          "becomes a token as it resolves, 111.1: not in the loop)")
        return Piece([{"op": "copy_spell", "what": "target", "_tgt": t}], [t])

    def os_copy_it(self, _children):
        """707.10, 601.2i: "copy it", "copy that spell" -> {op: copy_spell} (the spell that triggered the ability:
        ``check``)."""
        return Piece([{"op": "copy_spell", "_it": True}])

    def os_target_spell_yours(self, children):
        """115.1: "target instant or sorcery spell you control" -> TargetSpec {what: spell, types, controller: you}."""
        kinds = next((c for c in children if isinstance(c, list)), None)
        if kinds == PERMANENT_TYPES:
            raise NotRead("'permanent spell': no card type list here")
        return Tgt({"what": "spell", **({"types": kinds} if kinds else {}), "controller": "you"})

    def os_cast_from(self, children):
        """601.2i, 603.2: "Whenever you cast an instant or sorcery spell from your hand" -> CastTrigger {from_zone}."""
        zone = str(children[-1])
        head = self.os_cast([c for c in children[:-1] if not (isinstance(c, Token) and c.type == "OS_CAST_ZONE")])
        return {**head, "from_zone": zone}

    def os_cast_or_copy(self, children):
        """707.10, 603.2: "Whenever you cast or copy an instant or sorcery spell" -> CastTrigger {or_copy: true}."""
        return {**self.os_cast(children), "or_copy": True}

    def os_target_spell_mv(self, children):
        """115.1, 202.3: "target spell with mana value 2 or less" -> TargetSpec {what: spell, mana_value_at_most}."""
        kinds = next((c for c in children if isinstance(c, list)), None)
        if kinds == PERMANENT_TYPES:
            raise NotRead("'permanent spell': no card type list here")
        return Tgt({"what": "spell", **({"types": kinds} if kinds else {}), "mana_value_at_most": _number(children[-1])})

    def os_counter_unless_x(self, children):
        """118.12a, 107.3a: "Counter target spell unless its controller pays {X}" -> {op: counter, unless_pays: "{X}"}
        (the X of the spell, announced as it was cast: a spell's only, Piece.x)."""
        piece = self.os_counter(children[:2])
        piece.ops[0]["unless_pays"] = "{X}"
        piece.x = True
        return piece

    def os_counter_ability(self, children):
        """701.6a, 113.7a: "Counter target activated or triggered ability" -> {op: counter}, a target ability on the
        stack (TargetSpec what: activated_ability, triggered_ability or ability: either); "you don't control" ->
        controller: opponent (115.1; a mana ability never is on the stack, 605.3b)."""
        kind = str(children[1])
        what = {"activated ability": "activated_ability", "triggered ability": "triggered_ability"}.get(kind, "ability")
        t = Tgt({"what": what, **({"controller": "opponent"} if len(children) > 2 else {})})
        return Piece([{"op": "counter", "_tgt": t}], [t])

    def os_new_targets(self, _children):
        return [("new_targets",)]

    def os_countered_exile(self, _children):
        return [("countered_exile",)]


def _last(ops: list, op: str, what: str) -> dict:
    last = ops[-1] if ops else {}
    if last.get("op") == "may":  # "you may copy it.", "you may pay {2}. If you do, copy that spell." (608.2d)
        inner = last.get("if_you_do") or last.get("one_shot") or [{}]
        last = inner[-1]
    if last.get("op") == "copy_next_spell" and op == "copy_spell":  # 603.7: the copy its delayed ability makes
        return last
    if last.get("op") != op:
        raise NotRead(f"'{what}' after no {op} instruction")
    return last


def merge_new_targets(ops: list, _piece: tuple) -> None:
    """707.10c: "You may choose new targets for the copy." -> new_targets on the copy_spell just before."""
    last = _last(ops, "copy_spell", "You may choose new targets for the copy")
    if last.get("new_targets"):
        raise NotRead("new targets chosen twice")
    last["new_targets"] = True


def merge_countered_exile(ops: list, _piece: tuple) -> None:
    """614.1a, 701.6a: "If that spell is countered this way, exile it instead ..." -> exile on the counter just before
    (that instruction's spell only)."""
    last = ops[-1] if ops else {}
    if last.get("op") != "counter" or last.get("exile"):
        raise NotRead("'If that spell is countered this way' after no counter instruction")
    last["exile"] = True


# the spells a copy of which the loop resolves (608.2: a copy of a permanent spell would become a token, 111.1)
_NONPERMANENT = {"Instant", "Sorcery"}

MERGES = {"new_targets": merge_new_targets, "countered_exile": merge_countered_exile,
          "countered_top": merge_countered_top}


def check(kind: str, head, ops) -> None:
    """601.2i, 707.10: "copy it" / "copy that spell" names the spell whose casting triggered the ability: only in an
    ability that triggers on casting a spell (CastTrigger, "When you cast this spell" included); the marker goes."""
    for op in ops:
        if op.get("op") == "copy_spell" and op.pop("_it", False) and not (
                kind == "triggered" and isinstance(head, dict) and head.get("event") == "cast" and not head.get("self")
                and set(((head.get("spells") or {}).get("types")) or ["Creature"]) <= _NONPERMANENT):
            raise NotRead("'copy it' of no ability triggering on casting an instant or sorcery spell (601.2i; a copy "
                          "of a permanent spell becomes a token as it resolves, 111.1: not in the loop)")
