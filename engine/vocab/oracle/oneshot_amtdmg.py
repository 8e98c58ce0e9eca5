"""Family 5 of the Oracle grammar (oneshot.lark's block "counted amounts of damage (issue 21)"): damage whose amount
is a quantity (engine/vocab/oracle/quantity.lark) determined once, as the spell or ability resolves (608.2h; 107.3: X
defined by the text): "~ deals damage equal to the number of lands you control to target creature", "~ deals damage to
target creature equal to the number of Mountains you control", "~ deals X damage to any target, where X is the greatest
power among creatures you control", "When this creature dies, it deals damage equal to its power to each opponent",
"Target creature deals damage to itself equal to its power". A mixin of engine/vocab/oracle/oneshot.py's reader.

The vocabulary: DealDamage's amount (engine/vocab/amount.py's DamageAmount); the game loop: engine/game/amounts.py."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sentences import _that
from engine.vocab.oracle.quantity import QuantityReader, resolve_it


class AmountDamageReader(QuantityReader):
    """The productions of the block "counted amounts of damage (issue 21)" of oneshot.lark."""

    def _amount_damage(self, source, recipients, amount, it_after_recipient: bool):
        # "counters on it": the source's, where "it" can only be the source (no object named between: not after the
        # recipient, and the source itself deals the damage)
        amount = resolve_it(amount, it_is_source=source == {"self": True} and not it_after_recipient)
        if isinstance(amount, dict) and ("total" in amount or "life" in amount):
            raise NotRead("damage equal to a toughness or a life total")  # (not among DamageAmount's)
        if isinstance(amount, dict) and "cards_in_hand" in amount and not (
                it_after_recipient and len(recipients) == 1 and isinstance(recipients[0], Tgt)
                and recipients[0].spec.get("what") == "player" and set(recipients[0].spec) <= {"what", "controller"}):
            raise NotRead("'that player's hand' of no one target player dealt the damage")
        piece = self.os_damage([source, None, amount, recipients])
        if piece.x:
            raise NotRead("X damage")
        return piece

    def ad_equal_to(self, children):
        source, _, amount, recipients = children
        return self._amount_damage(source, recipients, amount, False)

    def ad_to_equal(self, children):
        source, _, recipients, amount = children
        return self._amount_damage(source, recipients, amount, True)

    def ad_where_x(self, children):
        source, _, recipients, amount = children
        return self._amount_damage(source, recipients, amount, True)

    def ad_may_to_equal(self, children):
        """608.2d: "you may have this creature deal damage to T equal to Q" -> {op: may, one_shot: [the damage]}."""
        _, source, recipients, amount = children  # (its "it deals" of the source kept: oneshot_mayhave.py)
        return self.mh_may_have([self._amount_damage(source, recipients, amount, True)])

    def ad_may_equal_to(self, children):
        _, source, amount, recipients = children
        return self.mh_may_have([self._amount_damage(source, recipients, amount, False)])

    def ad_where_x_gain(self, children):
        """"~ deals X damage to T and you gain X life, where X is Q" (a count: gain_life's amount, 119.3)."""
        source, _, recipients, amount = children
        piece = self._amount_damage(source, recipients, amount, True)
        if not isinstance(amount, dict) or set(amount) - {"count", "times", "plus", "basic_land_types"}:
            raise NotRead("X life of another quantity than a count")
        piece.ops.append({"op": "gain_life", "amount": dict(amount), "who": "you"})
        return piece

    def ad_own_power(self, children):
        source, _, recipients = children
        if source != {"self": True}:
            raise NotRead("damage equal to the power of another object than the source")
        return self.os_damage([source, None, "power", recipients])

    def ad_it_own_power(self, children):
        """"it": the source, where the ability names no other object before (oneshot._ability's it_dealer)."""
        return self.os_damage(["it", None, "power", [children[-1]]])

    def ad_then_that_bite(self, children):
        """"Then that creature deals damage equal to its power to target ...": the bite of oneshot_fight's os_it_bite by
        "that creature", the one target named before (as os_then_fight's "that", 611.2c)."""
        if str(children[0]).lower() != "that creature":
            raise NotRead("'that permanent' deals damage")
        piece = self.os_it_bite([next(c for c in children if isinstance(c, Tgt))])
        piece.target_first, piece.bite_it = False, False
        return _that(piece)

    def ad_bite_twice(self, children):
        """"Target creature you control deals damage equal to twice its power to target creature ...": os_bite's, the
        dealer's power twice."""
        piece = self.os_bite(children)
        piece.ops[0]["amount"] = {"power": "dealer", "times": 2}
        return piece

    def ad_own_power_twice(self, children):
        piece = self.ad_own_power(children)
        piece.ops[0]["amount"] = {"power": "dealer", "times": 2}
        return piece

    def ad_itself(self, children):
        """120.3, 608.2b: the target creature deals the damage to itself (by 1, target 1)."""
        target = next(c for c in children if isinstance(c, Tgt))
        if target.spec.get("what") != "creature" or target.spec.get("count", 1) > 1 or target.spec.get("up_to"):
            raise NotRead("damage to itself dealt by a target that may be no creature, or several")
        return Piece([{"op": "damage", "amount": "power", "by": 1, "_tgt": target}], [target])


_LEAVES_BY_COST = re.compile(r"\b(Sacrifice|Exile|Return) (this|~)\b")


def check_counted_source(kind: str, bare: str, ability: dict) -> None:
    """608.2h: a count of the counters on the source itself ("the number of charge counters on it") where the source
    may have left the battlefield as the ability resolves (an activated ability whose cost sacrifices, exiles or
    returns it; an ability that triggers on its dying or leaving): the counters it had as it last existed, which the
    game loop doesn't keep - not read."""
    def counts_source(ops):
        for op in ops:
            amount = op.get("amount")
            if isinstance(amount, dict) and amount.get("count") == {"self": True}:
                return True
            if any(counts_source(op.get(k) or ()) for k in ("one_shot", "if_you_do", "otherwise")):
                return True
        return False
    effect = ability.get("continuous") or {}  # (a pump's values: "+X/+X ..., where X is the number of ... counters on
    values = [op.get(k) for op in effect.get("do", ()) for k in ("power", "toughness")]  # this enchantment")
    if not counts_source(ability.get("one_shot", ())) and not counts_source([{"amount": v} for v in values]):
        return
    trigger = ability.get("trigger") or {}
    if kind == "activated" and _LEAVES_BY_COST.search(bare.partition(": ")[0]) or kind == "triggered" and (
            {trigger.get("event"), trigger.get("or_event")} & {"dies", "leaves_battlefield"}):
        raise NotRead("the counters on the source as it last existed")


_SACRIFICE_ONE = re.compile(r"\bSacrifice (a|an|another) ")


def check_sacrificed(kind: str, bare: str, ability: dict) -> None:
    """608.2h, 112.7a: "the sacrificed creature's power" names the object sacrificed to pay the cost: read in an
    activated ability whose cost sacrifices one object ("Sacrifice a Goblin creature: ..."), and in a spell (its
    additional cost, "As an additional cost to cast this spell, sacrifice a creature", 601.2h) whose instructions
    sacrifice nothing themselves; not in a triggered ability (its cost is no cost of this object)."""
    def sacrificed(ops):  # (and in the instructions "If you do" follows: a sacrifice as it resolves is no cost)
        return any(isinstance(op.get("amount"), dict) and "sacrificed" in op["amount"]
                   or any(sacrificed(op.get(k) or ()) for k in ("one_shot", "if_you_do", "otherwise")) for op in ops)
    ops = ability.get("one_shot", ())
    if not sacrificed(ops):
        return
    cost = bare.partition(": ")[0] if kind == "activated" else ""
    if kind == "activated" and len(_SACRIFICE_ONE.findall(cost)) == 1 and "Sacrifice this" not in cost \
            or kind == "spell" and not any("sacrifice" in op["op"] for op in ops):
        return
    raise NotRead("'the sacrificed ...' with no one object sacrificed to pay the cost")


def check(kind: str, bare: str, ability: dict) -> None:
    """The checks of the whole ability (oneshot._read): :func:`check_counted_source`, :func:`check_sacrificed`."""
    check_counted_source(kind, bare, ability)
    check_sacrificed(kind, bare, ability)
