"""Family 5 of the Oracle grammar (oneshot.lark, the block "reflexive triggered abilities"; issue 21): "you may pay {2}.
When you do, [effect]." (603.12), -> {op: may, one_shot: [the payment], if_you_do: [{op: reflexive_trigger, text,
targets, one_shot}]} (engine/vocab/oneshot_reflexive.py; the loop: engine/game/reflexive.py).

The sentence "When you do, ..." and every sentence after it are the reflexive ability's: they are read as the effect
of a triggered ability of their own (engine/vocab/oracle/oneshot.py's ``_ability``, with the trigger the first
ability has: "that creature" is the creature its event was about, "it" the source in an ability on the source's own
doing; 603.12: the reflexive ability refers to what the first one did), its targets numbered from 1 and chosen as
it is put on the stack (603.3d). The sentence just before must be a `may` of one thing whose doing the loop knows
(a payment of mana, energy or life, a discard, a draw, a sacrifice of its controller's own:
oneshot_paycost.knows_done), without "If you do" or "If you don't"; anything else is not read. A continuous effect of
the reflexive ability ("target creature gets -1/-1 until end of turn", 611.2) is the card ability's ``continuous``
(its ``combat``: "target creature can't block this turn"), created by the reflexive ability's {op: create_effect}."""

from __future__ import annotations

import copy

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle import oneshot_paycost
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_sentences import _mana


# the keys of a selector of "sacrifice a [Forest]" that a sacrifice of one's own says (701.21a; oneshot_paycost.py's)
_SACRIFICE_KEYS = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
                   "not_supertypes", "token", "tapped", "untapped"}


# the events of a trigger on the source's own doing while it is on the battlefield ("it": the source)
_SELF_EVENTS = ("enters", "attacks", "blocks", "attacks_or_blocks", "becomes_blocked", "deals_damage", "becomes_tapped")


class ReflexiveReader:
    """The reader's methods for the sentence "When you do, ..." and "sacrifice it unless you [do this]" (a mixin of
    oneshot._Reader)."""

    def os_when_you_do(self, children):  # 603.12
        return [("when_you_do", [c for c in children if isinstance(c, Piece)])]

    def _unless_verb(self, children, verb: str) -> None:
        if str(children[0]).lower() != verb:
            raise NotRead(f"'unless you {children[0]}'")

    def os_unless_discard(self, children):  # 701.9b: of their choice
        self._unless_verb(children, "discard")
        n, cards = children[1], str(children[2]).lower()
        if not isinstance(n, int) or (n == 1) != (cards == "card"):
            raise NotRead("a number and its noun disagree")
        return {"op": "discard", "amount": n, "who": "you"}

    def os_unless_discard_random(self, children):  # 701.9b: at random
        op = self.os_unless_discard(children)
        return dict(op, op="discard_random")

    def os_sacrifice_unless_sacrifice(self, children):  # 701.21a: one permanent of theirs the selector matches
        sel = children[-1]
        if set(sel) - _SACRIFICE_KEYS or not (sel.get("types") or sel.get("any_types") or sel.get("subtypes")):
            raise NotRead(f"sacrifice {sel}")
        return self.os_sacrifice_unless_do(children[:2] + [{"op": "sacrifice", "what": sel, "who": "you"}])

    def os_unless_they_pay(self, children):  # 118.12, 603.2: the player the instruction names, the trigger's
        piece, mana = children[0], children[-1]
        if piece.continuous is not None or piece.replacement is not None or piece.combat or piece.targets \
                or piece.uses_it or piece.x or len(piece.ops) != 1 or piece.ops[0].get("op") not in ("lose_life", "damage") \
                or "that_player" not in (piece.ops[0].get("who"), piece.ops[0].get("to")) or "dealer" in piece.ops[0]:
            raise NotRead("'unless they pay' of another instruction than life lost or damage dealt to that player")
        return Piece([{"op": "unless_pays", "who": "that_player", "cost": _mana(mana), "one_shot": piece.ops}])

    def os_sacrifice_unless_return(self, children):  # 400.3: one permanent of theirs, of their choice
        bounce = self.os_bounce_own([None, children[3], children[4]]).ops[0]  # (oneshot_sentences.py)
        return self.os_sacrifice_unless_do(children[:2] + [bounce])

    def os_sacrifice_unless_do(self, children):  # 118.12, 608.2d
        obj, action = children[1], children[-1]
        if str(children[0]) not in ("sacrifice", "Sacrifice") or obj not in ("it", {"self": True}):
            raise NotRead("sacrifice another object than the source")
        sacrifice = {"op": "sacrifice", "what": {"self": True}, "who": "you"}
        return Piece([{"op": "may", "one_shot": [action], "otherwise": [sacrifice], "_unless_it": obj == "it"}])


def attach(kind: str, head, ops: list, pieces: list, ability) -> None:
    """603.12: the reflexive ability the pieces (its first sentence's and all those after it) are, put in the
    ``if_you_do`` of the `may` just before (``ability``: oneshot._ability, read as a triggered ability's effect)."""
    may = ops[-1] if ops else {}
    inner = may.get("one_shot") or [{}]
    if may.get("op") != "may" or may.get("if_you_do") or may.get("otherwise") or len(inner) != 1 \
            or not oneshot_paycost.knows_done(inner[0]):
        raise NotRead("'When you do' after no 'you may pay', 'discard', 'draw' or 'sacrifice' sentence")
    if any(getattr(p, "x", False) for p in pieces if not isinstance(p, (str, tuple))):
        raise NotRead("X of a reflexive ability (107.3a: announced as a spell is cast only)")
    # "it" and "that creature": as in the first ability, which triggered on the same event (603.2, 603.12); the
    # source's, in an activated ability or a spell, is named "this creature" or by its name only
    sub = ability("triggered", copy.deepcopy(head) if kind == "triggered" else {"event": None}, pieces)
    if sub.get("replacement") is not None or sub.get("trigger", {}).get("if_came_under_control"):
        raise NotRead("a reflexive ability with a replacement effect or an intervening 'if'")
    one_shot = list(sub.get("one_shot", []))
    effect = {k: sub[k] for k in ("continuous", "combat") if k in sub}
    if effect and not any(op.get("op") == "create_effect" for op in one_shot):
        one_shot.append({"op": "create_effect"})  # 611.2: created as it resolves, after its instructions
    may["if_you_do"] = [{"op": "reflexive_trigger", "text": None, "targets": sub.get("targets", []),
                         "one_shot": one_shot, "_effect": effect}]


def finish(ability: dict, bare: str) -> None:
    """The reflexive ability's text (the words from "When you do"), and its continuous effect made the card ability's
    (the first ability has none of its own: created by the reflexive one only); "sacrifice it unless you ...": "it" is
    the source in a triggered ability on the source's own doing, with no target (608.2c: no other object named)."""
    for op in ability.get("one_shot", ()):
        if op.pop("_unless_it", False) and (ability["kind"] != "triggered" or ability.get("targets") or "subjects" in
                                            ability["trigger"] or ability["trigger"].get("event") not in _SELF_EVENTS
                                            or ability["trigger"].get("or_event") in ("dies", "leaves_battlefield")):
            raise NotRead("'sacrifice it unless ...' where 'it' may name another object than the source")
        for reflex in op.get("if_you_do", ()) if op.get("op") == "may" else ():
            if reflex.get("op") != "reflexive_trigger":
                continue
            reflex["text"] = bare[bare.index("When you do, "):]
            effect = reflex.pop("_effect")
            if effect and (ability.get("continuous") is not None or ability.get("combat")):
                raise NotRead("two continuous effects")
            ability.update(effect)
