"""Family 5 of the Oracle grammar (oneshot.lark, the block "delayed triggered abilities and riders"): the parts of
engine/vocab/oracle/oneshot.py's reader about delayed triggered abilities "at the beginning of the next end step"
(603.7, 513.1) and the riders that name the permanents an instruction before put onto the battlefield (611.2c):
"Sacrifice it at the beginning of the next end step.", "At the beginning of the next end step, destroy that
creature.", "It gains haste.".

Each such sentence names an object by a pronoun ("it", "them") or a noun ("that creature", "this creature", "the
token"); :func:`check` finds which one among the instructions before it (603.7c, 608.2c), and the paragraph is not
read when it finds none:

- the permanents the instruction just before it put onto the battlefield (engine/vocab/oneshot_delay.py's
  ``ENTERING``: the tokens it created, the card it put or returned there): ``about: entered``; "it" and the singular
  nouns after one permanent only, "them" and the plurals after more than one token;
- the source: "this creature", or "it" in an activated ability or a trigger on the source's own doing whose
  instructions before are all on the source ("{R}: This creature gets +1/+1 until end of turn. Sacrifice it at the
  beginning of the next end step."): ``about: self``;
- the one target, a creature or a permanent, the instructions before acted on without moving it ("Target creature
  gets +3/+3 until end of turn. Sacrifice it ..."): ``about: target``.
"""

from __future__ import annotations

from engine.vocab.oneshot_delay import ENTERING
from engine.vocab.oracle import oneshot_tokens
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

_SINGULAR = ("it", "that creature", "that token", "the token", "the creature", "that artifact", "that permanent")
_PLURAL = ("them", "they", "those creatures", "those tokens", "the tokens")
_SOURCE = ("this creature", "this artifact")
# the events of a trigger on the source's own doing, while it is on the battlefield ("it": the source)
_SELF_EVENTS = ("enters", "attacks", "blocks", "becomes_blocked", "deals_damage", "becomes_tapped", "unblocked",
                "blocks_creature", "becomes_target", "dealt_damage", "becomes_untapped")
# the instructions on a target after which "it" is still that target on the battlefield (oneshot.py's _KEEPS_IT)
_KEEPS_IT = ("tap", "untap", "counters", "damage")
_INNER = {"sacrifice": {"op": "sacrifice_it"}, "destroy": {"op": "destroy", "what": "it"},
          "exile": {"op": "exile", "what": "it"}, "return_to_hand": {"op": "return_to_hand", "what": "it"}}


class DelayReader:
    """The reader's methods for the block "delayed triggered abilities and riders" of oneshot.lark."""

    def os_delay_act(self, children):
        verb, obj = str(children[0]).lower(), str(children[1])
        return verb, obj, f"{verb} {obj}"

    def os_delay_their_sacrifice(self, children):  # 701.21a: by the permanent's controller
        obj = str(children[-1])
        return "their_sacrifice", obj, f"its controller sacrifices {obj}"

    def os_delay_bounce(self, children):  # 400.3
        obj, hand = str(children[1]), str(children[2])
        if (obj in _PLURAL) != (hand == "their owners' hands") or hand == "their owner's hand" and obj in _SINGULAR:
            raise NotRead("'its owner's hand' of several objects, or 'their owners' hands' of one")
        return "return_to_hand", obj, f"return {obj} to {hand}"

    def os_delay_end_step(self, children):  # 603.7, 513.1
        verb, obj, words = next(c for c in children if isinstance(c, tuple))
        inner = {"op": "sacrifice_it", "who": "its_controller"} if verb == "their_sacrifice" else dict(_INNER[verb])
        return Piece([{"op": "delayed_trigger", "when": "next_end_step", "text": f"At the beginning of the next end step, "
                       f"{words}.", "one_shot": [inner], "_ref": obj}])

    def os_delay_return_later(self, children):  # 603.7c: as oneshot.py's os_return_later
        words = str(children[-1])
        piece = Piece([{"op": "delayed_trigger", "when": "next_end_step", "about": "target", "text": "At the beginning of "
                        f"the next end step, {words}.", "one_shot": [{"op": "return_to_battlefield", "what": "it"}]}])
        piece.return_later = True  # of the target the exile instruction before it acts on (oneshot.py's _ability)
        return piece

    def os_exile_if_leaves(self, children):  # 614.1a, 611.2c (702.84a: unearth's replacement)
        return [Piece([{"op": "exile_if_leaves", "text": f"{children[0]}.", "_ref": "it"}])]

    def os_delay_untap_those(self, _):  # 701.26b, 611.2c: the set of the continuous effect before (check)
        return [Piece([{"op": "untap_each", "_those": True}])]

    def os_gains_entered(self, children):  # 611.2, 611.2c
        subject, keywords = str(children[0]), next(c for c in children if isinstance(c, list))
        until = any(getattr(c, "type", None) == "OS_DELAY_UNTIL" for c in children)
        words = ", ".join(k["keyword"] for k in keywords)
        return Piece([{"op": "gains_entered", "keywords": [k["keyword"] for k in keywords], "until_end_of_turn": until,
                       "text": f"{subject} {children[1]} {words}{' until end of turn' if until else ''}.",
                       "_ref": subject.lower()}])


def _entering(op: dict) -> int | None:
    """How many permanents the instruction puts onto the battlefield (None: it is no such instruction; 0: one or
    more, as it resolves)."""
    if op.get("op") == "may" and len(op.get("one_shot", ())) == 1 and not op.get("if_you_do") and not op.get("otherwise"):
        op = op["one_shot"][0]
    if op.get("op") == "return_self" and op.get("to") == "battlefield":  # 113.6k: the card itself (702.84a unearth)
        return 1
    if op.get("op") not in ENTERING or op.get("what") == "it" or op.get("attach_to_it"):
        return None
    n = op.get("amount", 1) if op["op"] in ("create_token", "create_token_copy") else 1
    return n if isinstance(n, int) else 0  # a count (608.2h): one or more, as it resolves


def check(kind: str, head, ops: list, targets: list, continuous) -> None:
    """The object each sentence of this block names (the module's docstring), then oneshot_tokens.check."""
    oneshot_tokens.check(kind, head, ops)
    riders: list[int] = []  # the instructions of this block that name the permanents that entered
    for op in [op for op in ops if op.pop("_those", False)]:  # 611.2c: the set the continuous effect fixed
        sel = (continuous or {}).get("applies_to")
        if not isinstance(sel, dict) or continuous.get("_targets") or op is not ops[0] \
                or set(sel) & {"self", "attached", "tapped", "untapped", "targets"}:
            raise NotRead("'those creatures' of no continuous effect on a set a selector names")
        op["what"] = sel
    for i, op in enumerate(ops):
        ref = op.pop("_ref", None)
        if ref is None:
            continue
        k = i - 1
        while k in riders:
            k -= 1
        entered = _entering(ops[k]) if k >= 0 else None
        if entered is not None:
            if entered == 1 and ref not in _SINGULAR or entered > 1 and ref not in _PLURAL \
                    or entered == 0 and ref not in _SINGULAR + _PLURAL:
                raise NotRead(f"'{ref}' after an instruction that puts {entered or 'some'} permanent(s) onto the battlefield")
            riders.append(i)
            if op["op"] == "delayed_trigger":
                op["about"] = "entered"
            continue
        if op["op"] != "delayed_trigger" or ref in _PLURAL:
            raise NotRead(f"'{ref}' names no permanent an instruction before put onto the battlefield")
        before = ops[:i]
        if ref in _SOURCE or ref == "it" and not targets and _on_source(kind, head, before, continuous):
            if kind == "spell" or kind == "triggered" and head.get("event") in ("dies", "leaves_battlefield"):
                raise NotRead("'this creature' of a spell, or of a source that left the battlefield")
            op["about"] = "self"
            continue
        if len(targets) != 1 or targets[0].spec.get("what") not in ("creature", "permanent") \
                or targets[0].spec.get("count", 1) > 1 or targets[0].spec.get("up_to") or ref in _SOURCE \
                or "token" in ref:  # ("that token": a token an instruction before created, never a target)
            raise NotRead(f"'{ref}' names no one target")
        last = before[-1] if before else None
        if last is not None and not (last.get("_tgt") is targets[0] and last.get("op") in _KEEPS_IT and "what" not in last) \
                or last is None and not (continuous is not None and continuous.get("_targets")):
            raise NotRead(f"'{ref}' after no instruction that keeps the target on the battlefield")
        op["about"], op["_tgt"] = "target", targets[0]


def _on_source(kind: str, head, before: list, continuous) -> bool:
    """Whether the instructions before all act on the source ("it": the source, 608.2c)."""
    if kind == "triggered" and ("subjects" in head or head.get("event") not in _SELF_EVENTS
                                or head.get("or_event") in ("dies", "leaves_battlefield")):
        return False
    if kind not in ("activated", "triggered"):
        return False
    if continuous is not None and continuous.get("applies_to") != {"self": True}:
        return False
    if kind == "activated" and not before and continuous is None:
        return False
    return all(op.get("what", op.get("to")) in ("self", {"self": True}) for op in before)
