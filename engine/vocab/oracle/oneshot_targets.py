"""Family 5 of the Oracle grammar: several targets in one instruction (issue 21, round 21; the grammar:
oneshot_targets.lark). 115.3, 601.2c: one word "target" with a number names that many different objects; two words
"target" may name the same one, unless the text says "another" or "other" (TargetSpec ``different``, a spell's only:
in an ability of a permanent "another" may also mean "not this permanent", 115.3 leaves it to the text, so it is not
read there). 608.2c: one instruction acts on all its targets at once: a destroy or a move with ``also`` (the other
targets' numbers), a damage instruction with ``also`` ({target, amount}: 120.2). A mixin of oneshot.py's reader; the
numbers of the targets are given by :func:`check` once the ability is put together (oneshot._ability)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead, subtype
from engine.vocab.oracle.oneshot_cards import NUMBERS, Piece, Tgt
from engine.vocab.oracle.oneshot_sent2 import _pt
from engine.vocab.oracle.oneshot_sentences import _spec_of

_PERMANENTS = ("creature", "permanent", "planeswalker")


def _second(t: Tgt) -> Tgt:
    """A target named after another one in the same instruction: "another target creature" is a different object from
    the one before it (115.3: ``different``), not "not the source" (``other``)."""
    if t.spec.get("other"):
        return Tgt({**{k: v for k, v in t.spec.items() if k != "other"}, "different": True})
    return t


def _several(t: Tgt) -> list:
    """The targets one word "target" with a number stands for, after its first: (that word, its k-th), k >= 1."""
    return [(t, k) for k in range(1, t.spec.get("count", 1))]


class TargetsReader:
    """The reader's transformer methods mt_* (a mixin of oneshot._Reader)."""

    def mt_action(self, children):
        return children[0]

    def mt_target_n(self, children):
        spec = _spec_of(children[-1])
        if spec.get("what") not in ("creature", "permanent"):
            raise NotRead("several targets that are no permanents")
        kinds = {c.type: str(c) for c in children[:-1] if isinstance(c, Token)}
        spec["count"] = NUMBERS[kinds.get("MT_N", kinds.get("MT_MANY", "")).lower()]
        if "MT_UP_TO" in kinds:
            spec["up_to"] = True
        if "MT_OTHER" in kinds:
            spec["other"] = True
        return Tgt(spec)

    def mt_target_some(self, children):  # 601.2c: "one or two target creatures" (one at least)
        spec = _spec_of(children[-1])
        if spec.get("what") not in ("creature", "permanent"):
            raise NotRead("several targets that are no permanents")
        n = 2 if str(children[0]).lower() == "one or two" else 3
        return Tgt(dict(spec, count=n, up_to=True, at_least=1))

    def mt_tap_many(self, children):  # 701.26a: "Tap up to four target creatures"
        return self.mt_tap_some([children[0], self.mt_target_n(children[1:])])

    def mt_some_targets(self, children):  # 115.4, 601.2c: "one or two targets"
        return Tgt({"what": "any", "count": 2 if str(children[0]).lower() == "one or two" else 3, "up_to": True,
                    "at_least": 1})

    def mt_damage_ctrl(self, children):  # 120.2, 608.2h: "... and 1 damage to that permanent's controller"
        return self.ch_damage_and_controller([c for c in children if getattr(c, "type", None) != "MT_ITS_CONTROLLER"])

    def mt_tap_some(self, children):  # 701.26a: "Tap one or two target creatures" (each one named)
        t = children[-1]
        self.several = t  # "They each get ..." after it (mt_they_pump)
        return Piece(self._each({"op": str(children[0]).lower(), "what": "target"}, t), [t])

    def mt_bounce_some(self, children):  # 400.3: "Return one or two target creatures to their owners' hands"
        t = children[1]
        return Piece([{"op": "return_to_hand", "_tgt": t, "_also": _several(t)}], [t])

    def mt_return_cards(self, children):  # 400.3: "Return two target creature cards from your graveyard to your hand"
        kinds = next((c for c in children if isinstance(c, list)), [])
        return self._cards(children, {"types": kinds} if kinds else {})

    def mt_return_subtype_cards(self, children):  # 205.3: "Return two target Zombie cards from your graveyard ..."
        return self._cards(children, {"subtypes": [subtype(next(c for c in children if c.type == "SUBTYPE"))]})

    @staticmethod
    def _cards(children, kind: dict) -> Piece:
        word = next(str(c) for c in children if getattr(c, "type", None) in ("MT_N", "MT_SOME")).lower()
        some = {"count": 2, "up_to": True, "at_least": 1} if word == "one or two" else \
            {"count": 3, "up_to": True, "at_least": 1} if word.startswith("one,") else {"count": NUMBERS[word]}
        t = Tgt({"what": "card", **kind, "controller": "you", **some})
        return Piece([{"op": "return_to_hand", "_tgt": t, "_also": _several(t)}], [t])

    def mt_move_n(self, children):  # 701.8a, 701.13a: "Destroy two target creatures" (at once)
        verb, t = str(children[0]).lower(), children[-1]
        return Piece([{"op": verb, "_tgt": t, "_also": _several(t)}], [t])

    def mt_move_and(self, children):  # 115.3: "Destroy target creature and target land"
        verb = str(children[0]).lower()
        first, *rest = [c for c in children if isinstance(c, Tgt)]
        return self._at_once(verb, first, [_second(t) for t in rest])

    def mt_bounce_and(self, children):  # 400.3: "Return target creature and target land to their owners' hands"
        first, second = [c for c in children if isinstance(c, Tgt)]
        return self._at_once("return_to_hand", first, [_second(second)])

    @staticmethod
    def _at_once(op: str, first: Tgt, rest: list) -> Piece:
        targets = [first, *rest]
        if any(t.spec.get("what") not in _PERMANENTS or t.spec.get("count", 1) > 1 for t in targets):
            raise NotRead("destroy, exile or return of a target that may be no permanent, or of several with one word")
        return Piece([{"op": op, "_tgt": first, "_also": [(t, 0) for t in rest]}], targets)

    def mt_pump_n(self, children):  # 611.2c: "Up to two target creatures each get +2/+2 until end of turn"
        t, do = children[0], children[-1]
        if t.spec.get("what") != "creature":
            raise NotRead("a creature's power and abilities on targets that may be no creatures")
        return Piece([], [t], continuous={"do": do, "_targets": True})

    def mt_they_pump(self, children):  # 611.2c: "They each get +1/+1 until end of turn." (the targets before)
        t = getattr(self, "several", None)
        if t is None or t.spec.get("what") != "creature":
            raise NotRead("'They each' names no several target creatures here")
        return Piece([], [], continuous={"do": children[-1], "_targets": True})

    def mt_damage_and(self, children):  # 120.2: "deals 2 damage to any target and 1 damage to any other target"
        source, _, amount, first, more, second = children
        if not isinstance(amount, int) or not isinstance(more, int):
            raise NotRead("damage amounts other than numbers to two targets")
        return self._damage(source, amount, [(first, 0, amount), (_second(second), 0, more)])

    def mt_second(self, children):
        c = children[0]
        return Tgt({"what": "any", "different": True}) if isinstance(c, Token) else c  # 115.4: "any other target"

    def mt_damage_three(self, children):  # 120.2, 608.2f: "1 damage to any target, 2 damage to another target, and 3 ..."
        source, _, amount, first, second_n, second, third_n, third = children
        if not all(isinstance(n, int) for n in (amount, second_n, third_n)):
            raise NotRead("damage amounts other than numbers to three targets")
        return self._damage(source, amount, [(first, 0, amount), (second, 0, second_n), (third, 0, third_n)])

    def mt_next(self, children):  # 115.3: "another target", "a third target": different from the targets before it
        creature = any(isinstance(c, Token) and c.type == "MT_NEXT_CREATURE" for c in children)
        return Tgt({"what": "creature", "different": True} if creature else {"what": "any", "different": True})

    def mt_damage_each(self, children):  # 120.2, 601.2c: "deals 3 damage to each of two target creatures"
        source, _, amount, t = children
        if not isinstance(amount, int):
            raise NotRead("damage amounts other than numbers to several targets")
        self.several = t  # "Those creatures can't block this turn." after it (mt_those_cant_block)
        return self._damage(source, amount, [(t, k, amount) for k in range(t.spec.get("count", 1))])

    def mt_n_targets(self, children):  # 115.4: "two targets": creatures, players, planeswalkers or battles
        kinds = {c.type: str(c) for c in children if isinstance(c, Token)}
        spec = {"what": "any", "count": NUMBERS[kinds["MT_N"].lower()]}
        return Tgt(dict(spec, up_to=True) if "MT_UP_TO" in kinds else spec)

    @staticmethod
    def _damage(source, amount: int, dealt: list) -> Piece:
        if source not in ({"self": True}, "it"):
            raise NotRead("damage dealt by another object than the source")
        (first, _, _), rest = dealt[0], dealt[1:]
        targets = list(dict.fromkeys(t for t, _, _ in dealt))
        piece = Piece([{"op": "damage", "amount": amount, "_tgt": first, "_also": rest}], targets, uses_it=source == "it")
        piece.it_dealer = source == "it"  # "it deals": the source itself (oneshot._ability)
        return piece

    def mt_own_pump(self, children):  # 611.2c: "Another target creature gets -2/-2 until end of turn."
        own, sel, pt = children[0], children[1], children[-1]
        spec = _spec_of(sel)
        if spec.get("what") != "creature":
            raise NotRead("a creature's power on a target that may be no creature")
        t = Tgt(dict(spec, other=True, **({"up_to": True} if str(own).startswith("Up to") else {})))
        p, tough = _pt(pt)
        return Piece([{"op": "create_effect", "_tgt": t, "_own": True,
                       "do": [{"op": "modify_pt", "power": p, "toughness": tough}]}], [t])

    def mt_target_many(self, children):  # 601.2c: "up to four target creatures you control"
        return self.mt_target_n(children)

    def mt_distribute(self, children):  # 601.2d: "Distribute two +1/+1 counters among one or two target creatures"
        total, kind, t = NUMBERS[str(children[0]).lower()], str(children[1]), children[-1]
        if t.spec.get("what") != "creature" or not t.spec.get("up_to") or t.spec["count"] > total:
            raise NotRead("counters distributed among targets that may be no creatures, or more targets than counters")
        return Piece([{"op": "divided_counters", "kind": kind, "total": total}], [t])

    def mt_those_no_untap(self, _):  # 502.3: "Those creatures don't untap during their controllers' next untap steps"
        return Piece(self._each({"op": "doesnt_untap_next"}, self._them()))

    def mt_those_cant_block(self, _):  # 509.1b: "Those creatures can't block this turn." (the targets before)
        t = self._them()
        if t.spec.get("what") != "creature":
            raise NotRead("'Those creatures' of targets that may be no creatures")
        return Piece(combat=[{"rule": "cant_block"}])

    def mt_return_another(self, children):  # 400.3, 404.2: "return another target artifact card from your graveyard"
        t = children[1]
        if t.spec.get("controller") != "you" or t.spec.get("up_to"):
            raise NotRead("'to your hand' of a card in any graveyard, or 'another up to one'")
        t.spec["other"] = True
        return Piece([{"op": "return_to_hand", "_tgt": t}], [t])


def check(kind: str, ops: list, targets: list, continuous: dict | None) -> dict | None:
    """Once the ability is put together (before oneshot._ability numbers its targets): each ``_also`` of an operation
    becomes its ``also``, the numbers of those targets (601.2c: a word "target" with count N stands for N of them); a
    ``different`` target is read in a spell only (see the module's docstring). Returns the ability's continuous effect:
    "Another target creature gets +1/+1 until end of turn." naming the ability's first target is that effect, on that
    target (as os_pump reads it: "another", not its source); after another target, an effect of its own (115.3)."""
    for op in [op for op in ops if op.get("_own")]:
        t = op["_tgt"]
        if targets.index(t) == 0:  # no target before it: "another target creature" is not the source (os_pump's)
            if continuous is not None or t.spec.get("up_to"):
                raise NotRead("'Another target creature gets ...' with another continuous effect, or 'up to one other'")
            ops.remove(op)
            continuous = {"do": op["do"], "_targets": True}
            continue
        del op["_own"]
        t.spec.pop("other", None)
        t.spec["different"] = True
    if kind != "spell" and any(op.get("op") == "divided_counters" for op in ops):  # (casting.division: a spell's)
        raise NotRead("counters distributed among the targets of an ability: its division is not announced here")
    if kind == "triggered" and any(t.spec.get("at_least") for t in targets):  # (triggers.py checks no least number)
        raise NotRead("'one or two target creatures' of a triggered ability")
    if kind != "spell" and any(t.spec.get("different") and not getattr(t, "after_target", False) for t in targets):
        raise NotRead("'another target' after a target in an ability of a permanent: also 'not this permanent'?")

    def number(t: Tgt, k: int) -> int:
        if t not in targets:
            raise NotRead("a target of the instruction the ability doesn't name")
        return sum(x.spec.get("count", 1) for x in targets[:targets.index(t)]) + 1 + k

    def convert(op_list: list) -> None:
        for op in op_list:
            also = op.pop("_also", None)
            if also and op["op"] == "damage":
                op["also"] = [{"target": number(t, k), "amount": n} for t, k, n in also]
            elif also:
                op["also"] = [number(t, k) for t, k in also]
            for key in ("one_shot", "if_you_do", "otherwise"):  # (a may's, a condition's branches)
                convert(op.get(key) or [])

    convert(ops)
    return continuous
