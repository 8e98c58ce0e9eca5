"""Family 5 of the Oracle grammar (oneshot.lark, block "fight and bite (issue 21)"): fights and "bites".

- "Target creature you control deals damage equal to its power to target creature you don't control." (Rabid Bite):
  the vocabulary's ``damage`` with ``by`` (the target that deals it) and ``amount: power`` (its power as the spell
  resolves, 608.2h); a target illegal then makes no damage be dealt (608.2b; engine/game/instructions.py). Not a fight
  (701.14a): the other creature deals no damage.
- "Then it fights ..." / "Then that creature fights ..." (701.14a): os_fight's "it", the one target named before.
- "you may have it fight target creature you don't control" (701.14a, 608.2d): a `may` of the source's fight.
- "Target creature you control gets +2/+2 until end of turn. It fights target creature you don't control." (Savage
  Smash): the continuous effect on the first target begins before the fight (608.2c: the instructions in order), as a
  ``create_effect`` of that target only (611.2c): :func:`first_target_effect`.

A mixin of oneshot.py's reader; :func:`finish` and :func:`first_target_effect` are called as the ability is put
together (oneshot._ability)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sentences import _that

_DAMAGED = ("creature", "planeswalker", "any")  # 120.3: what damage is dealt to (a permanent: of these types only)
_DAMAGED_TYPES = {"Creature", "Planeswalker", "Battle"}


class FightReader:
    """The transformer methods of the productions of the block "fight and bite (issue 21)"."""

    def os_bite(self, children):
        """120.3, 608.2b: -> {op: damage, amount: power, by: 1, target: 2} (oneshot._ability numbers the targets)."""
        dealer, other = [c for c in children if isinstance(c, Tgt)]
        if dealer.spec.get("what") != "creature" or dealer.spec.get("count", 1) > 1 or dealer.spec.get("up_to"):
            raise NotRead("damage equal to its power dealt by a target that may be no creature")
        damaged = other.spec.get("what") in _DAMAGED or other.spec.get("what") == "permanent" and set(
            other.spec.get("types") or ["Land"]) <= _DAMAGED_TYPES
        if not damaged or other.spec.get("count", 1) > 1 or other.spec.get("up_to") or other.spec.get("other"):
            raise NotRead("damage equal to its power dealt to a target that is no creature, planeswalker or any target")
        return Piece([{"op": "damage", "amount": "power", "_tgt": other, "_other": dealer}], [dealer, other])

    def os_it_bite(self, children):
        """120.3: "It deals damage equal to its power to target creature ...": the one target named before deals it
        (read as os_fight's "it", then made a damage `by` that target: :func:`finish`); where "it" is the source (a
        self trigger's, or the first instruction of an activated ability or of a trigger on its leaving), the source
        deals it, its power as it resolves or as it last existed (608.2h)."""
        other = next(c for c in children if isinstance(c, Tgt))
        self.os_bite([Tgt({"what": "creature"}), other])  # (the same checks of the target dealt the damage)
        piece = Piece([{"op": "fight", "what": "self", "_other": other, "_bite": True}], [other], uses_it=True)
        piece.target_first = True
        # as the first instruction of an activated ability, or of an ability that triggers on the source's leaving:
        # the source itself (oneshot._ability, as "It deals 2 damage ..."; its power as it last existed, 608.2h)
        piece.bite_it = True
        return piece

    def os_then_fight(self, children):
        """701.14a: "Then it fights target creature ..." (os_fight's "it"); "Then that creature fights ..." (the one
        target named before, 611.2c)."""
        word = next(c for c in children if isinstance(c, Token) and c.type in ("OS_IT", "OS_THAT"))
        other = next(c for c in children if isinstance(c, Tgt))
        if word.type == "OS_IT":
            return self.os_fight(["it", None, other])
        piece = self.os_fight(["it", None, other])
        piece.target_first = False
        return _that(piece)

    def os_have_fight(self, children):
        """701.14a, 608.2d: "you may have it fight target creature ..." -> {op: may, one_shot: [the fight]}."""
        other = next(c for c in children if isinstance(c, Tgt))
        return self.os_may([None, self.os_fight(["it", None, other])])

    def os_counter_targeting(self, children):
        """701.6a, 115.1: "Counter target spell that targets a creature you control." -> {op: counter}, a target spell
        {what: spell, targeting: SELECTOR} (its targets checked by engine/game/spell_targeting.py)."""
        sel = next((c for c in children if isinstance(c, dict)), None)
        if sel is None:  # "that targets this creature" (Mistfolk): the source
            sel = {"self": True}
        elif not sel or set(sel) & {"zone", "self", "attached", "targets", "exiled_with"}:
            raise NotRead("a spell that targets something other than a permanent")
        t = Tgt({"what": "spell", "targeting": sel})
        return Piece([{"op": "counter", "_tgt": t}], [t])

    def os_counter_any(self, _children):
        """701.6a, 115.1: "Counter target spell, activated ability, or triggered ability." -> {op: counter} of a target
        {what: spell_or_ability} (engine/game/targets.py: a spell's or an ability's legality, as it is)."""
        t = Tgt({"what": "spell_or_ability"})
        return Piece([{"op": "counter", "_tgt": t}], [t])


def _bites(ops) -> None:
    for k, op in enumerate(ops):
        if op.get("op") == "damage" and "other" in op and (op.get("amount") == "power" or op.get("amount") == {
                "power": "dealer", "times": 2}):  # ("twice its power", oneshot_amtdmg)
            op["by"] = op.pop("other")  # 120.3: the target that deals the damage
        if op.pop("_bite", False):  # "It deals damage equal to its power to ...": the one target named before deals it
            if op.get("this"):
                raise NotRead("'this creature fights': no bite")
            if op.get("what") == "self":  # "it": the source itself (608.2h: its power now, or as it last existed)
                ops[k] = {"op": "damage", "amount": "power", "target": op["other"]}
            else:
                ops[k] = {"op": "damage", "amount": "power", "by": op.get("target", 1), "target": op["other"]}
        _bites(op.get("one_shot", ()))


def finish(kind: str, ops: list) -> None:
    """After the targets are numbered: "it fights" in a self trigger is the source's fight (701.14a: ``this``), in a
    `may` too; a bite's dealer is its ``by``. A spell's "this creature fights" is not read."""
    _bites(ops)
    for op in ops:
        inner = op.get("one_shot", ()) if op.get("op") == "may" else ()
        for x in [op, *inner]:
            if x.get("op") == "fight" and x.pop("what", None) == "self":
                x["this"] = True
            if kind == "spell" and x.get("op") == "fight" and x.get("this"):
                raise NotRead("'this creature fights' of a spell")


def first_target_effect(ops: list, targets: list, continuous: dict) -> None:
    """611.2c, 608.2c: "Target creature you control gets +2/+2 until end of turn. It fights target creature you don't
    control.": the effect (on the first target only) begins before the fight, as its own instruction ({op:
    create_effect, target: 1}); "Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until
    end of turn.": the first effect on the first target, each other one its own ({op: create_effect, target, do}:
    oneshot_targets.py); any other continuous effect on one target among several is not read."""
    if ops and all(op.get("op") == "create_effect" and op.get("do") for op in ops) and targets[0].spec.get("count", 1) == 1:
        ops.insert(0, {"op": "create_effect", "target": 1})
        return
    if len(targets) != 2 or len(ops) != 1 or ops[0].get("op") != "fight" or ops[0].get("this") \
            or ops[0].get("target", 1) != 1 or ops[0].get("other") != 2 or targets[0].spec.get("count", 1) > 1:
        raise NotRead("a continuous effect on one target among several")
    ops.insert(0, {"op": "create_effect", "target": 1})

