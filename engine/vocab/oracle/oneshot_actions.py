"""Family 5 of the Oracle grammar (oneshot.lark, the rules after os_sent): the parts of engine/vocab/oracle/oneshot.py's
reader about keyword actions and counters added in issue 21: extra turns (500.7), counters on each permanent a
selector matches (122.1), stun counters (122.1d), connive (701.50a), bolster (701.39a), adapt (701.46a), and the
state trigger "When you control no Islands" (603.8). The operations are engine/vocab/oneshot_actions.py's (and
extra_turn, counters: engine/vocab/oneshot.py's), executed by engine/game/actions.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt, _who

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

    def os_sent_trigger(self, children):
        sel = next(c for c in children if isinstance(c, dict))
        if set(sel) - {"types", "any_types", "subtypes", "supertypes", "not_types", "colors"}:
            raise NotRead(f"'you control no' {sel}")
        return {"state": "controls_none", "what": dict(sel, controller="you")}
