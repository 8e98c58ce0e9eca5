"""Family 5 of the Oracle grammar: instructions on every permanent a selector matches, and the number of permanents
such an instruction moved (issue 21; oneshot_mass.lark; 608.2c, 608.2h):

- "Exile all creatures.", "• Exile all artifacts." (a mode), "exile all attacking creatures" -> {op: exile_each, what:
  SEL} (701.13a; oneshot.lark's os_exile of a set of permanents);
- "Return all creatures to their owners' hands.", "return all non-Horror creatures to their owners' hands" -> {op:
  return_each, what: SEL} (400.3);
- "exile all creature cards from your graveyard", "exile all artifact and enchantment cards from all graveyards",
  "Return all enchantment cards from your graveyard to your hand." -> the same, of the cards of those graveyards
  (``what: {zone: graveyard, owner?: you, ...}``, 404.2);
- "You gain 1 life for each creature destroyed this way." (Fumigate), "Draw a card for each creature destroyed this
  way.", "Put a +1/+1 counter on this creature for each permanent destroyed this way." -> the amount {this_way:
  destroyed | exiled | returned, times: N} (engine/vocab/amount.py's ThisWay: the permanents the instruction before it
  moved from the battlefield, engine/game/mass_ops.py).

:func:`check` reads "... this way" only in the instruction right after a destroy, exile_each or return_each of a set
(the verb the same: "destroyed" after a destroy), in the same list of instructions, and only where its noun names every
permanent that instruction could move ("for each creature destroyed this way" after "Destroy all creatures", "for each
permanent destroyed this way" after "destroy all artifacts and enchantments"; not "for each nontoken creature destroyed
this way", a part of them); anywhere else the ability is not read."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_combatfx import a_set

_MARK = "_this_way"
_CARDS = {"_cards": True}  # "card exiled this way": the cards of graveyards an exile_each moved
# the verb of "... this way" and the instructions it may follow (their op, and the selector of what they move)
_VERB_OPS = {"destroyed": ("destroy",), "exiled": ("exile_each",), "returned": ("return_each",)}
# the ops whose amount may be a number of permanents moved this way (engine/vocab/amount.py's Quantity)
_AMOUNT_OPS = frozenset({"gain_life", "lose_life", "draw", "counters", "create_token"})


class MassReader:
    """The transformer methods of oneshot_mass.lark (a mixin of oneshot.py's reader)."""

    def ms_move_each(self, op: str, sel) -> Piece:
        """701.13a, 400.3, 608.2c: every permanent of the set, as it resolves, to exile or its owner's hand."""
        if not a_set(sel) or sel.get("self") or sel.get("attached"):
            raise NotRead(f"{op} of {sel}: no set of permanents")
        return Piece([{"op": op, "what": sel}])

    def ms_return_each(self, children):
        return self.ms_move_each("return_each", children[1])

    def ms_gy_cards(self, children):
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "MS_CARD_TYPE"]
        if len(kinds) == 2:  # "artifact and enchantment cards": a card with one of them (205.2a)
            return {"zone": "graveyard", "any_types": kinds}
        return dict({"zone": "graveyard"}, **({"types": kinds} if kinds else {}))

    def ms_exile_gy_each(self, children):
        sel = children[1]
        if str(children[2]) == "your graveyard":
            sel = dict(sel, owner="you")
        return Piece([{"op": "exile_each", "what": sel}])

    def ms_return_gy_each(self, children):
        return Piece([{"op": "return_each", "what": dict(children[1], owner="you")}])

    def ms_return_gy_all(self, children):
        return Piece([{"op": "return_each", "what": children[1]}])

    @staticmethod
    def _of_target(op: dict, key: str, sel, t) -> Piece:
        """115.1: a set of the permanents one target player controls (the selector's "you" is that player)."""
        if not isinstance(t, Tgt) or t.spec.get("what") != "player" or set(t.spec) - {"what", "controller"}:
            raise NotRead("a set controlled by a target that is not one player")
        if not a_set(sel) or sel.get("self") or sel.get("attached") or "controller" in sel or "owner" in sel:
            raise NotRead(f"{sel}: no set of permanents of that player's")
        return Piece([dict(op, **{key: dict(sel, controller="you")}, player_target=True, _tgt=t)], [t])

    def ms_destroy_of_target(self, children):
        return self._of_target({"op": "destroy", "what": "each"}, "each", children[1], children[2])

    def ms_exile_of_target(self, children):
        return self._of_target({"op": "exile_each"}, "what", children[1], children[2])

    def ms_return_of_target(self, children):
        return self._of_target({"op": "return_each"}, "what", children[1], children[2])

    def ms_tap_of_target(self, children):
        return self._of_target({"op": "tap_each"}, "what", children[1], children[2])

    def ms_exile_gy_of_target(self, children):
        sel, t = children[1], children[2]
        if not isinstance(t, Tgt) or t.spec.get("what") != "player" or set(t.spec) - {"what", "controller"}:
            raise NotRead("a graveyard of a target that is not one player")
        return Piece([{"op": "exile_each", "what": dict(sel, owner="you"), "player_target": True, "_tgt": t}], [t])

    def ms_counted_cards_this_way(self, children):
        return {_MARK: str(children[-1]), "_noun": _CARDS}

    def ms_pass(self, children):
        return children[0]

    def ms_counted_this_way(self, children):
        sel, verb = children[0], str(children[1])
        if not isinstance(sel, dict) or not a_set(sel):
            raise NotRead(f"{sel} {verb} this way")
        return {_MARK: verb, "_noun": sel}


def _moved(op: dict) -> dict | None:
    """The selector of the permanents a destroy, exile_each or return_each of a set moves (None: not one of those; one
    with a zone moves cards of graveyards, no permanents)."""
    if op.get("op") in ("exile_each", "return_each"):
        return op["what"]
    if op.get("op") == "destroy" and op.get("what") == "each_creature":
        return {"types": ["Creature"]}
    if op.get("op") == "destroy" and op.get("what") == "each":
        return op["each"]
    return None


def _names_all(noun: dict, moved: dict) -> bool:
    """Whether the noun of "for each NOUN destroyed this way" names every permanent the selector ``moved`` matches:
    each of its words is one of the selector's ("creature" of "all creatures", "permanent" of "all artifacts and
    enchantments"; "enchantment" of "all enchantments")."""
    return noun == _CARDS or all(moved.get(k) == v for k, v in noun.items())


def check(ability: dict) -> None:
    """608.2c, 608.2h: the amounts "... this way" of the ability's instructions (:func:`check_ops`); one anywhere else (a
    continuous effect's "+1/+1 for each creature destroyed this way", a payment "{1} for each ...") is not read."""
    check_ops(ability.get("one_shot", []))
    if _leftover(ability):
        raise NotRead("'... this way' where no instruction's amount may count it")


def _leftover(v) -> bool:
    if isinstance(v, dict):
        return _MARK in v or any(_leftover(x) for x in v.values())
    if isinstance(v, (list, tuple)):
        return any(_leftover(x) for x in v)
    return False


def check_ops(ops: list) -> None:
    """608.2c, 608.2h: an amount ``{count: {_this_way: VERB, _noun: SEL}, times: N}`` becomes {this_way: VERB, times: N}
    where the instruction right before it is a destroy, exile_each or return_each (of VERB) of a set its noun names
    whole, and the instruction may count it; anywhere else the ability is not read."""
    for i, op in enumerate(ops):
        amount = op.get("amount")
        if isinstance(amount, dict) and isinstance(amount.get("count"), dict) and _MARK in amount["count"]:
            verb, noun = amount["count"][_MARK], amount["count"]["_noun"]
            prior = ops[i - 1] if i else {}
            moved = _moved(prior) if prior.get("op") in _VERB_OPS[verb] else None
            if prior.get("player_target") and ({"controller", "owner"} & set(noun)):
                raise NotRead("'you control' of the target player's set")  # (its 'you' is that player)
            if moved is None or ("zone" in moved) != (noun == _CARDS) or not _names_all(noun, moved) \
                    or op.get("op") not in _AMOUNT_OPS:
                raise NotRead(f"'{verb} this way' after no such instruction on a set its noun names")
            if set(amount) - {"count", "times"}:
                raise NotRead("a number moved this way, with more")
            op["amount"] = {"this_way": verb, "times": amount.get("times", 1)}
        for key in ("one_shot", "if_you_do", "otherwise"):
            check_ops(op.get(key) or [])
