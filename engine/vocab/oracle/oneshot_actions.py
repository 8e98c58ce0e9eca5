"""Family 5 of the Oracle grammar (oneshot.lark, the rules after os_sent): the parts of engine/vocab/oracle/oneshot.py's
reader about keyword actions and counters added in issue 21: extra turns (500.7), counters on each permanent a
selector matches (122.1), stun counters (122.1d), connive (701.50a), bolster (701.39a), adapt (701.46a), amass
(701.47a), support (701.41a), exile until the source leaves the battlefield (610.3), several targets with one word
"target" (601.2c), and the state trigger "When you control no Islands" (603.8). The operations are
engine/vocab/oneshot_actions.py's (and extra_turn, counters: engine/vocab/oneshot.py's), executed by
engine/game/actions.py."""

from __future__ import annotations

from asp_rules.rulesdata import is_creature_type
from engine.vocab.oracle.objects import NotRead, subtype
from engine.vocab.oracle.oneshot_cards import NUMBERS, Piece, Tgt, _who
from engine.vocab.oracle.oneshot_sentences import _spec_of

# the keys of a selector a group of permanents named after "each" may hold (a noun phrase of objects.lark)
_EACH_KEYS = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
              "not_supertypes", "controller", "other", "token", "attacking", "blocking", "tapped", "keywords",
              "not_keywords", "counter", "multicolored"}


def _agrees(n: int, word) -> None:
    if (n == 1) != (str(word) == "counter"):
        raise NotRead("a number and its noun disagree")


class ActionsReader:
    """The reader's transformer methods for these productions (a mixin of oneshot._Reader)."""

    def os_sent(self, children):
        return children[0]

    def os_extra_turn(self, children):
        player = children[0] if len(children) == 2 else None
        verb = str(children[-1]).lower()
        if player is None:
            if verb != "take":
                raise NotRead("'takes' without its subject")
            return Piece([{"op": "extra_turn"}])
        who, targets = _who(player)
        if (who, verb) not in (("you", "take"), ("target", "takes")):
            raise NotRead("an extra turn of another player than you or a target player, or a verb that disagrees")
        if targets and targets[0].spec != {"what": "player"}:
            raise NotRead("an extra turn of a target opponent")  # (who: target, any player)
        return Piece([{"op": "extra_turn", **({"who": "target"} if targets else {})}], targets)

    def os_counters_each(self, children):
        _, n, kind, word, sel = children
        _agrees(n, word)
        if set(sel) - _EACH_KEYS or not (sel.get("types") or sel.get("any_types") or sel.get("subtypes")):
            raise NotRead(f"counters on each of {sel}")
        return Piece([{"op": "counters_each", "kind": str(kind), "amount": n, "each": sel}])

    def os_stun(self, children):
        _, n, word, obj = children
        _agrees(n, word)
        if isinstance(obj, Tgt):
            if obj.spec.get("what") not in ("creature", "permanent"):
                raise NotRead("stun counters on a target that is no permanent")
            return Piece([{"op": "counters", "kind": "stun", "amount": n, "_tgt": obj}], [obj])
        if obj == {"self": True}:
            return Piece([{"op": "counters", "kind": "stun", "amount": n, "to": "self"}])
        if obj not in ("it", "that"):
            raise NotRead(f"stun counters on {obj}")
        piece = Piece([{"op": "counters", "kind": "stun", "amount": n, "to": "self"}], uses_it=True)
        piece.target_it = True  # "it": the one target named before ("tap target creature ... and put ... on it")
        piece.that = obj == "that"
        return piece

    def os_connive(self, children):
        source = children[0]
        if source == "it":
            return Piece([{"op": "connive", "what": "self"}], uses_it=True)  # (a target's "it": not read, what: self)
        if source != {"self": True}:
            raise NotRead("another object than the source connives")
        return Piece([{"op": "connive", "what": "self"}])

    def os_bolster(self, children):
        return Piece([{"op": "bolster", "amount": children[1]}])

    def os_adapt(self, children):
        return Piece([{"op": "adapt", "amount": children[1]}])

    def os_endure(self, children):  # 701.63a: the source endures (as os_connive: "it" of a target is not read)
        source, n = children[0], children[-1]
        op = {"op": "endure", "what": "self", "amount": n}
        if source == "it":
            return Piece([op], uses_it=True)
        if source != {"self": True}:
            raise NotRead("another object than the source endures")
        return Piece([op])

    def os_populate(self, _):  # 701.36a
        return Piece([{"op": "populate"}])

    def os_discover(self, children):  # 701.57a
        return Piece([{"op": "discover", "amount": children[1]}])

    def os_cant_block_source(self, children):  # 509.1b: "Target creature can't block this creature this turn"
        return self._combat_rule(children[0], "blocks_only", {"attackers": {"other": True}})

    def os_blocks_source(self, children):  # 509.1c: "Target creature blocks this creature this turn if able"
        return self._combat_rule(children[0], "blocks_attacker", {"attackers": {"self": True}})

    def os_to_each(self, children):  # 120.3, 608.2c: "to each creature", "to each creature without flying"
        sel = children[0]
        if sel == {"types": ["Creature"]}:
            return "each_creature"
        if sel == {"types": ["Creature"], "other": True}:
            return "each_other_creature"
        if "Creature" not in sel.get("types", ()) and "Planeswalker" not in sel.get("types", ()) or set(sel) & {
                "self", "attached", "targets", "zone", "exiled_with"}:
            raise NotRead(f"damage to each of {sel}: not a set of creatures or planeswalkers on the battlefield")
        return ("each", sel)  # the permanents the selector matches as it resolves (608.2c), the source not excepted

    def os_divided(self, children):  # 601.2d: divided among its targets as the spell is cast
        source, _, amount, how, what = children
        if source != {"self": True}:
            raise NotRead("damage divided by another object than the source")
        spec = {"what": "any"} if str(what) == "targets" else {"what": "creature"} if str(what) == "target creatures" \
            else {"what": "permanent", "types": ["Creature", "Planeswalker"]}
        spec.update({"any_number": True} if str(how).startswith("any") else
                    {"count": 2 if str(how).startswith("one or") else 3, "up_to": True})
        return Piece([{"op": "divided_damage", "total": amount}], [Tgt(spec)], x=amount == "x")

    def os_get_energy(self, children):  # 107.14, 122.1: energy counters on the ability's controller
        return Piece([{"op": "counters", "kind": "energy", "amount": str(children[1]).count("{E}"), "to": "you"}])

    def os_pay_energy(self, children):  # 107.14: "you may pay {E}{E}"
        return Piece([{"op": "pay", "cost": str(children[1])}])

    def os_switch(self, children):  # 613.4d: a continuous effect on the object, as "gets +N/+N until end of turn" is
        return self.os_pump([children[1], [{"op": "switch_pt"}]])

    def os_monstrosity(self, children):  # 701.37a
        return Piece([{"op": "monstrosity", "amount": children[1]}])

    def os_becomes_monstrous(self, _children):  # 701.37b, 603.2: the source's own
        return {"event": "becomes_monstrous"}

    def os_sent_trigger(self, children):
        sel = next(c for c in children if isinstance(c, dict))
        if set(sel) - {"types", "any_types", "subtypes", "supertypes", "not_types", "colors"}:
            raise NotRead(f"'you control no' {sel}")
        return {"state": "controls_none", "what": dict(sel, controller="you")}

    # --- several targets with one word "target" (601.2c) ---------------------------------------------------
    def os_target_n(self, children):
        spec = _spec_of(children[-1])
        if spec.get("what") not in ("creature", "permanent"):
            raise NotRead("several targets that are no permanents")
        kinds = {c.type: str(c) for c in children[:-1]}
        spec["count"] = NUMBERS[kinds["OS_TWO_OR_MORE"]]
        if "OS_UP_TO" in kinds:
            spec["up_to"] = True
        if "OS_N_OTHER" in kinds:
            spec["other"] = True
        return Tgt(spec)

    def _each(self, op: dict, t: Tgt) -> list[dict]:
        """One operation for each of the targets ``t`` stands for (its k-th: ``_nth`` k), as the reader numbers them."""
        return [dict(op, _tgt=t, **({"_nth": k} if k else {})) for k in range(t.spec["count"])]

    def _them(self) -> Tgt:
        """'them', 'those creatures': the several targets the sentence before named."""
        t = getattr(self, "several", None)
        if t is None:
            raise NotRead("'them' names no targets here")
        return t

    def os_tap_n(self, children):
        t = children[-1]
        self.several = t  # the targets "them" and "those creatures" name in the sentences after it
        return Piece(self._each({"op": str(children[0]).lower(), "what": "target"}, t), [t])

    def os_counters_n(self, children):
        _, n, kind, word, t = children
        _agrees(n, word)
        mine = isinstance(t, Tgt)
        t = t if mine else self._them()
        return Piece(self._each({"op": "counters", "kind": str(kind), "amount": n}, t), [t] if mine else [])

    def os_those_no_untap(self, _):
        return Piece(self._each({"op": "doesnt_untap_next"}, self._them()))

    def os_amass(self, children):
        kind = subtype(children[1])
        if not is_creature_type(kind):
            raise NotRead(f"amass {kind}s: no creature type")
        return Piece([{"op": "amass", "subtype": kind, "amount": children[2]}])

    def os_support(self, children):
        t = Tgt({"what": "creature", "count": children[1], "up_to": True, "other": True})
        return Piece(self._each({"op": "counters", "kind": "+1/+1", "amount": 1}, t), [t])

    def os_exile_until(self, children):
        t = children[1]
        if not isinstance(t, Tgt) or t.spec.get("what") not in ("creature", "permanent", "planeswalker") \
                or t.spec.get("count", 1) > 1:
            raise NotRead("exile until the source leaves: of no one target permanent")
        return Piece([{"op": "exile_until_leaves", "_tgt": t}], [t])

    def os_return_cards_n(self, children):
        kinds = next((c for c in children if isinstance(c, list)), [])
        n = next(NUMBERS[str(c)] for c in children if getattr(c, "type", None) == "OS_TWO_OR_MORE")
        t = Tgt({"what": "card", **({"types": kinds} if kinds else {}), "controller": "you", "count": n, "up_to": True})
        return Piece(self._each({"op": "return_to_hand"}, t), [t])

    def os_bounce_n(self, children):
        t = children[1]
        return Piece(self._each({"op": "return_to_hand"}, t), [t])
