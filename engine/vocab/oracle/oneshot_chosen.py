"""Family 5 of the Oracle grammar: instructions chained by reference inside one ability (608.2c, 608.2h, 115.1).

- The power or toughness of the one object an instruction before named, as the amount of life gained or lost, of
  cards drawn, of tokens created (608.2h): "Destroy target creature. You gain life equal to its toughness.", "Exile
  target creature. Its controller gains life equal to its power.", "Destroy target nonblack creature. It can't be
  regenerated. You lose life equal to that creature's toughness." (-> amount {total: toughness, of: {targets: true}}:
  the ability's one target, as it is on the battlefield or as it last existed there), and "Whenever another creature
  you control enters, you gain life equal to that creature's toughness." (-> {total: toughness, of: {that: true}}:
  the creature the trigger's event was about, 603.2). The loop: engine/game/pt_amount.referent_pt.

- "Choose target creature." (115.1, 601.2c: the target named, no operation of its own; oneshot_chosen.lark's
  ch_choose_target): "that creature" and "it" in the sentences after it are that target ("Choose target creature.
  Mill three cards, then put a +1/+1 counter on that creature for each creature card in your graveyard."; "it" only
  where every instruction between acts on that target: `chosen`).
- "Untap target creature and gain control of it until end of turn." (Threaten; ch_untap_control): {op: untap} on the
  target and the control effect on it (613.1b), "that creature" and "it" after it that target, as after "gain control
  of target creature until end of turn".
- "that creature's controller" after an instruction on the one target (608.2h: its controller as the spell or ability
  began to resolve): "~ deals 2 damage to that creature's controller." (-> {op: damage, to: target_controller}), "~
  deals 4 damage to target creature and 2 damage to that creature's controller." (-> to_controller: 2, one
  instruction, 120.2), "Its controller may search their library for a basic land card, put it onto the battlefield
  tapped, then shuffle." (Path to Exile: -> {op: search_library, who: target_controller, may: true}).

The grammar: engine/vocab/oracle/oneshot_chosen.lark (an extension of oneshot.lark), quantity.lark's qy_that_pt. Called
by engine/vocab/oracle/oneshot.py's _ability for each instruction (`amounts`, `chosen`), on the whole ability
(`finish`), and by its _parts (CHOOSE_TARGET: not a modal spell's "Choose one —" nor a modal triggered ability's
"choose one —")."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_dmg import refers_to_that
from engine.vocab.oracle.oneshot_that import entering_that

# a paragraph that begins "Choose target ..." names a target (not a modal spell's "Choose one —", 700.2)
CHOOSE_TARGET = re.compile(r"[Cc]hoose (up to one )?target ")
# the targets "Choose target ..." may name: one permanent ("that creature", "it")
_CHOSEN = ("creature", "permanent")

_SOURCE = {"self": True}
_TARGETS = {"targets": True}


def _referent(targets: list, ops: list, continuous):
    """The one target "its" / "that creature" names after the instructions before it: the only target named, one
    creature or permanent, which the last instruction acted on (destroyed, exiled, tapped it, ...; or the continuous
    effect on it: "Target creature you control gains hexproof until end of turn. You gain life equal to that
    creature's toughness."), or None."""
    if len(targets) != 1 or targets[0].spec.get("what") not in ("creature", "permanent") \
            or targets[0].spec.get("count", 1) > 1:
        return None
    last = ops[-1] if ops else None
    if last is not None and last.get("_tgt") is targets[0] and "what" not in last and "to" not in last:
        return targets[0]
    if last is None and continuous is not None and continuous.get("_targets") \
            and all(op.get("op") == "add_abilities" for op in continuous.get("do", ())):
        return targets[0]  # (an effect that changes no power or toughness: it begins after the instructions, 608.2c)
    return None


def _marked(piece) -> list:
    """The amounts of the piece's operations that say "its power" (a Total of the source's, marked by
    quantity.its) or "that creature's power" (marked ``_that_pt``; also in a `may`: "you may gain life equal to that
    creature's power")."""
    found = []
    for op in piece.ops:
        amount = op.get("amount")
        if isinstance(amount, dict) and "total" in amount and (
                amount.get("_that_pt") or getattr(piece, "its_pt", False) and amount.get("of") == _SOURCE):
            found.append(amount)
        if op.get("op") == "may":
            found += [o["amount"] for o in op.get("one_shot", ()) if isinstance(o.get("amount"), dict)
                      and o["amount"].get("_that_pt")]
    return found


def amounts(kind: str, head, piece, targets: list, ops: list, continuous) -> None:
    """608.2h: "its toughness", "that creature's toughness" as an instruction's amount: the one target the instruction
    before acted on (-> of: {targets: true}); with no target named before, "that creature's" (and "its" in the first
    instruction) of a trigger on one creature's entering, attacking, ... (-> of: {that: true}, 603.2). "that creature's"
    left unresolved stays marked, and `finish` refuses it; "its" left alone stays the source's (oneshot._ability)."""
    if any(op.get("to") == "target_controller" for op in piece.ops) and (
            piece.targets or len(targets) != 1 or targets[0].spec.get("what") not in _whose(piece.ops)
            or targets[0].spec.get("count", 1) > 1):
        raise NotRead("'that creature's controller' after no instruction on one target permanent")
    marked = _marked(piece)
    if not marked or piece.targets:
        return
    if len(marked) > 1:
        raise NotRead("two amounts of 'its' power or toughness in one instruction")
    amount, its = marked[0], not marked[0].get("_that_pt")
    referent = _referent(targets, ops, continuous) if targets else None
    if referent is None and targets and getattr(targets[0], "chosen", False) and len(targets) == 1 and (
            not its or all(op.get("_tgt") is targets[0] and "what" not in op for op in ops)):
        referent = targets[0]  # "Choose target creature you control. You gain life equal to that creature's toughness."
    if referent is not None:
        of = _TARGETS
    elif not targets and kind == "triggered" and (
            entering_that(head) and (not its or not ops) or not its and refers_to_that(head)):
        of = {"that": True}
    else:
        return
    amount.pop("_that_pt", None)
    amount["of"] = of
    if its:
        piece.uses_it = piece.it_dealer = piece.its_pt = False


def _whose(ops: list) -> tuple:
    """The targets "that creature's controller" may name (permanents), or "that spell's controller" (a spell: the
    mark ``_spell_controller`` of oneshot_cspells.py, dropped by `finish`)."""
    return ("spell",) if any(op.get("_spell_controller") for op in ops) else _CHOSEN


def finish(ability: dict) -> None:
    """"that creature's power" that names no one object here (oneshot._ability: no target acted on before it, no
    trigger on one creature) is not read; one target's power, or its controller, of an ability with several targets
    or none is not read either (608.2h: which one's), in a conditional instruction too (608.2c)."""
    def walk(op_list):
        for op in op_list:
            amount = op.get("amount")
            if isinstance(amount, dict) and amount.get("_that_pt"):
                raise NotRead("'that creature's power' of no one object named before")
            if isinstance(amount, dict) and amount.get("of") == _TARGETS and len(ability.get("targets") or ()) != 1:
                raise NotRead("'its power' of one target among several")
            if (op.get("to") == "target_controller" or op.get("to_controller")) and (
                    len(ability.get("targets") or ()) != 1 or ability["targets"][0].get("what") not in _whose([op])):
                raise NotRead("'that creature's controller' of one target among several, or of no permanent")
            op.pop("_spell_controller", None)  # (oneshot_cspells.py: "that spell's controller")
            if op.get("who") == "target_controller" and (len(ability.get("targets") or ()) != 1 or ability["targets"][0].get(
                    "what") not in ("creature", "permanent", "planeswalker", "spell")):  # (in a conditional instruction too)
                raise NotRead("'its controller' of no one target permanent or spell")
            for key in ("one_shot", "if_you_do", "otherwise"):
                walk(op.get(key) or ())
    walk(ability.get("one_shot") or ())


class ChosenReader:
    """The reader's transformer methods of oneshot_chosen.lark (a mixin of oneshot._Reader)."""

    def ch_choose_target(self, children):
        t = children[-1]
        if not isinstance(t, Tgt) or t.spec.get("what") not in _CHOSEN or t.spec.get("count", 1) > 1:
            raise NotRead("'choose target' of no one permanent")
        t.chosen = True  # (the referent of "that creature" and "it" after it: `chosen`)
        return Piece([], [t])

    def ch_untap_control(self, children):
        t = children[-1]
        if not isinstance(t, Tgt) or t.spec.get("what") not in _CHOSEN or t.spec.get("count", 1) > 1 \
                or t.spec.get("up_to"):
            raise NotRead("untap and gain control of no one permanent")
        piece = Piece([{"op": "untap", "_tgt": t}], [t], continuous={"do": [{"op": "control"}], "_targets": True})
        piece.control = True  # ("that creature" and "it" after it: oneshot._ability's control_target)
        return piece


    def ch_damage_controller(self, children):
        source, deals, amount = children[0], children[1], children[2]
        piece = self.os_damage([source, deals, amount, ["each_opponent"]])  # (the source and the amount: os_damage's)
        piece.ops[0]["to"] = "target_controller"  # (one target named before it: `amounts`)
        return piece

    def ch_damage_and_controller(self, children):
        source, deals, amount, t, to_controller = children
        if not isinstance(t, Tgt) or t.spec.get("what") not in _CHOSEN or t.spec.get("count", 1) > 1:
            raise NotRead("damage to that creature's controller after a target that may be no permanent")
        piece = self.os_damage([source, deals, amount, [t]])
        piece.ops[0]["to_controller"] = to_controller
        return piece


    def ch_controller_search(self, children):
        card, to = [c for c in children if isinstance(c, dict)]
        if to.get("to") != "battlefield":  # ("into your hand": not their hand)
            raise NotRead("'its controller may search their library' for another zone than the battlefield")
        return Piece([{"op": "search_library", **card, **to, "who": "target_controller", "may": True}])


def chosen(targets: list, ops: list, piece):
    """608.2c: the target "Choose target creature." named, when it is the ability's only target so far: "that
    creature" after it, and "it" where every instruction since acted on it (no other object named); "that creature"
    after "attach it to target creature you control" (701.3a: the creature the source was attached to, still on the
    battlefield; "it" there could be the source); else None."""
    if len(targets) == 1 and getattr(piece, "that", False) and ops and ops[-1].get("op") == "attach" \
            and ops[-1].get("_tgt") is targets[0] and "what" not in ops[-1]:
        return targets[0]  # "When this Equipment enters, attach it to target creature you control. Untap that creature."
    if len(targets) != 1 or not getattr(targets[0], "chosen", False):
        return None
    if getattr(piece, "that", False):
        return targets[0]
    if piece.uses_it and not getattr(piece, "it_dealer", False) \
            and all(op.get("_tgt") is targets[0] and "what" not in op for op in ops):
        return targets[0]
    return None
