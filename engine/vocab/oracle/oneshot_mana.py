"""Family 5 of the Oracle grammar: mana a resolving spell or ability adds (issue 21, branch mana; the productions
under "mana" at the end of oneshot.lark).

- "Add {B}{B}{B}." (Dark Ritual), "When this creature enters, add {R}{R}{R}." (106.1: -> {op: add_mana, mana}).
- "Add {R} for each creature you control.", "add X mana of any one color, where X is the number of Shrines you control",
  "add an amount of {C} equal to ..." (106.1, 608.2h: -> {op: add_mana_amount, options, amount}, the amount counted as
  it resolves by the quantity grammar, quantity.lark).
- "Until end of turn, you don't lose this mana as steps and phases end.", "Until end of combat, you don't lose this mana
  as steps end." after such an instruction (106.4, 500.4: -> lasts: turn | combat on it, `merge_keep`).
- "add one mana of any color", "add {R} or {G}", "add two mana of any one color", "add two mana in any combination of
  colors", "add three mana in any combination of {R} and/or {G}" (106.1, 608.2d: -> {op: add_mana_choice, options}, the
  mana its controller may choose as it resolves).

An ability that adds mana is read here only where it is no mana ability (605.1a-b), which uses the stack: a spell, a
loyalty ability (605.1a), a triggered ability whose trigger is no mana ability's activation or resolution. An activated
ability without a target that could add mana is a mana ability (605.1a): the loop activates it from its text, without
the stack (engine/game/mana.py, 605.3), and it is not read here (`check`); nor is a triggered ability that could
trigger on tapping a permanent for mana ("Whenever this creature becomes tapped": 605.1b).
"""

from __future__ import annotations

import itertools

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import NUMBERS, Piece
from engine.vocab.oracle.oneshot_spendonly import SpendOnlyReader
from engine.vocab.oracle.quantity import as_amount, its

ANY_COLOR = ("{W}", "{U}", "{B}", "{R}", "{G}")  # 105.1, in WUBRG order

# 605.1b: the events of a trigger that may be a mana ability's activation (a permanent tapped for mana)
_MANA_EVENTS = ("becomes_tapped",)


def _ops(pieces):
    for piece in pieces:
        for op in getattr(piece, "ops", None) or ():
            yield op
            yield from _ops([Piece(op.get("one_shot") or ())]) if isinstance(op, dict) else ()


def check(kind: str, head, pieces: list) -> None:
    """605.1a-b: mana added by an activated ability that is no loyalty ability (``head``: True for one, 606.4) and has no
    target, or by a triggered ability on a permanent's becoming tapped, is a mana ability's: not read here (see the
    module's text). (605.1a: an activated ability with a target, "{T}: Exile target land card from a graveyard. Add one
    mana of any color.", is no mana ability: it uses the stack, its mana added as it resolves.)"""
    if not any(op.get("op") in ("add_mana", "add_mana_choice", "add_mana_amount") for op in _ops(pieces)):
        return
    if kind == "activated" and head is not True and not any(getattr(p, "targets", None) for p in pieces):
        raise NotRead("605.1a: an activated ability that adds mana is a mana ability (the loop activates it from its text)")
    if kind == "triggered" and isinstance(head, dict) and (head.get("event") in _MANA_EVENTS
                                                           or head.get("or_event") in _MANA_EVENTS):
        raise NotRead("605.1b: a triggered ability that may trigger on a mana ability's activation is a mana ability")


def _combinations(count: int, symbols) -> list[str]:
    """Every way of adding ``count`` mana of those symbols (their order aside), in WUBRG order."""
    return ["".join(c) for c in itertools.combinations_with_replacement(symbols, count)]


def merge_keep(ops: list, piece) -> None:
    """106.4, 500.4: "Until end of turn, you don't lose this mana as steps and phases end." after the one instruction
    of the ability that adds mana, not in a "you may" ("add {W}{W}{W} and you gain 3 life"): that mana lasts until
    then (-> lasts on it)."""
    adds = [k for k, op in enumerate(ops) if op.get("op") in ("add_mana", "add_mana_choice")]
    if len(adds) != 1 or ops[adds[0]].get("lasts") or ops[adds[0]].get("who", "you") != "you":
        raise NotRead("'you don't lose this mana' after no one instruction adding mana to your pool")
    last = ops[adds[0]]
    if last["op"] == "add_mana":
        ops[adds[0]] = {"op": "add_mana_choice", "options": [last["mana"]], "lasts": piece[1]}
    else:
        last["lasts"] = piece[1]


class ManaReader(SpendOnlyReader):  # (106.6: oneshot_spendonly.py)
    """The reader's transformer methods for the productions of branch mana (a mixin of oneshot._Reader)."""

    def os_keep_mana(self, children):
        return [("keep_mana", "turn" if "end of turn" in str(children[0]) else "combat")]

    def os_add_fixed(self, children):
        return Piece([{"op": "add_mana", "mana": str(children[1])}])

    def os_add_any_color(self, _):
        return Piece([{"op": "add_mana_choice", "options": list(ANY_COLOR)}])

    def os_add_either(self, children):
        options = [str(c) for c in children[1:] if c.type == "OS_ADD_SYMBOLS"]
        if len(set(options)) != len(options):
            raise NotRead("the same mana twice among the options")
        return Piece([{"op": "add_mana_choice", "options": options}])

    def os_add_one_color(self, children):
        n = NUMBERS[str(children[1])]
        return Piece([{"op": "add_mana_choice", "options": [c * n for c in ANY_COLOR]}])

    def os_add_combination(self, children):
        return Piece([{"op": "add_mana_choice", "options": _combinations(NUMBERS[str(children[1])], ANY_COLOR)}])

    def os_add_combination_of(self, children):
        a, b = str(children[2]), str(children[3])
        if a == b or a.count("{") != 1 or b.count("{") != 1:
            raise NotRead("a combination of two kinds of mana, each one symbol")
        return Piece([{"op": "add_mana_choice", "options": _combinations(NUMBERS[str(children[1])], (a, b))}])

    def os_add_each(self, children):  # 106.1, 608.2h: the mana, once for each object counted as it resolves
        return Piece([{"op": "add_mana_amount", "options": [str(children[1])], "amount": {"count": children[-1], "times": 1}}])

    def os_add_each_counter(self, children):  # 122.1: the mana, once for each counter of that kind on the source
        return Piece([{"op": "add_mana_amount", "options": [str(children[1])],
                       "amount": {"count": {"self": True}, "counters": str(children[2])}}])

    def os_add_x_one_color(self, children):  # 107.3a, 106.1: X mana of one color chosen as it resolves
        return its(Piece([{"op": "add_mana_amount", "options": list(ANY_COLOR), "amount": as_amount(children[-1])}]),
                   children[-1])

    def os_add_equal(self, children):  # 106.1, 608.2h: an amount of that mana equal to the quantity
        symbols = [c for c in children if getattr(c, "type", None) == "OS_ADD_SYMBOLS"]
        return its(Piece([{"op": "add_mana_amount", "options": [str(symbols[0])], "amount": as_amount(children[-1])}]),
                   children[-1])

    def os_if_sacrifice_it(self, children):
        """608.2c, 701.21a: "If there are no depletion counters on this land, sacrifice it.": the source sacrificed if
        the condition, on the source alone ("it" is that object), holds as the instruction is reached."""
        from engine.vocab.oracle.oneshot_ifcond import _cond

        cond = _cond(str(children[0])[len("If "):])
        if (cond.get("condition") or {}).get("count") != {"self": True}:
            raise NotRead("'it' of a condition on another object than the source")
        return Piece([{"op": "if", **cond, "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}])
