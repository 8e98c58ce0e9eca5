"""Family 5 of the Oracle grammar: one-shot effects of triggered and activated abilities whose trigger or cost was
read but whose effect wasn't (issue 21, branch eff). The checks of a whole ability's pieces that need its kind
(`check`, called by oneshot._ability in place of oneshot_sent2.died_it, which it calls first):

- "Enchanted creature gets +1/+0 until end of turn", "enchanted creature gains hexproof until end of turn", "Equipped
  creature gets ..." (611.2c, 303.4, 301.5: -> continuous {applies_to: {attached: true}}; the game loop fixes the set
  as the ability resolves: the permanent the source is attached to then, or was attached to as it last existed on the
  battlefield, 608.2h): only in an activated or triggered ability of the Aura or Equipment (a spell is attached to
  nothing).
- "tap target creature defending player controls" (506.2, 508.5: -> TargetSpec {controller: defending_player}): only
  in an ability that triggers on the source's, or the creature it is attached to, attacking or becoming blocked.
- "you gain 2 life for each creature you control", "target opponent loses 1 life for each Vampire you control", "... for
  each card in your hand" (119.3, 608.2h: -> amount {count: SEL, times: N}, counted as it resolves).
- "exile target player's graveyard", "exile each opponent's graveyard", "Exile all graveyards." (701.13, 404.2: ->
  {op: exile_graveyards, who}).
- "defending player discards a card", "defending player loses 2 life" (506.2, 508.5: -> who: defending_player), in the
  same triggers as "target creature defending player controls".
- "it deals that much damage to any target" (120.3, 603.2: -> {op: damage, amount: that_many}) in an ability that
  triggers on damage dealt ("Whenever this creature is dealt damage").
- "you may attach this Equipment to it" (701.3a, 603.2: -> {op: attach, what: that}) after "Whenever a creature you
  control enters,": the creature that entered.
- "this creature deals 1 damage to that creature" (509.3b, 509.3d: -> damage {to: that}) after "Whenever this creature
  becomes blocked by a creature," or "Whenever this creature blocks a creature,".
- "When this creature leaves the battlefield, return the exiled card to the battlefield under its owner's control."
  (607.2a: -> {op: return_exiled}; `link_exiled`, on the whole card, makes its one "When this creature enters, [you
  may] exile [another] target ..." the linked ability, exile {linked: true}, or drops the paragraph).
"""

from __future__ import annotations

from engine.vocab.oracle import oneshot_copy, oneshot_limits, oneshot_mana, oneshot_manatrig, oneshot_regen, oneshot_sent2
from engine.vocab.oracle import oneshot_amount, oneshot_dmg, oneshot_payment, oneshot_prevent, pt_amount
from engine.vocab.oracle import oneshot_eotfx  # 603.10a: "When this creature dies, return it to the battlefield ..."
from engine.vocab.oracle.objects import NotRead, is_attached
from engine.vocab.oracle.oneshot_cards import Piece, Tgt, _who
from engine.vocab.oracle.oneshot_sentences import _spec_of


def check(kind: str, head, pieces: list) -> None:
    """The checks of one ability's pieces that need its kind and trigger (see the module's text)."""
    oneshot_dmg.that_refs(kind, head, pieces)  # 603.2: "that creature", the trigger's (before the reader's own)
    oneshot_sent2.died_it(kind, head, pieces)  # 603.10a: "When this creature dies, return it to its owner's hand"
    oneshot_eotfx.died_return(kind, head, pieces)  # 603.10a: "... return it to the battlefield under its owner's control"
    oneshot_payment.died_exile(kind, head, pieces)  # 603.10a, 118.12: "When this creature dies, you may exile it. If you do"
    oneshot_mana.check(kind, head, pieces)  # 605.1a-b: mana added by a mana ability is the loop's (engine/game/mana.py)
    oneshot_manatrig.check(kind, head, pieces)  # 605.1b, 605.5a: a trigger on a permanent tapped for mana
    oneshot_limits.check(kind, pieces)  # 603.2h: "Do this only once each turn." (a triggered ability's)
    oneshot_regen.check(kind, pieces)  # 701.19a: "Regenerate it.", "Regenerate enchanted creature."
    oneshot_prevent.check(kind, head, pieces)  # 615.1a: "... dealt by that creature this turn"
    oneshot_amount.check(_flat(pieces))  # 107.3a: "where X is ...": the X of every instruction of the ability
    pt_amount.check([p for p in _flat(pieces) if hasattr(p, "ops")])  # 608.2h: "where X is its power" of a target
    for piece in _flat(pieces):
        oneshot_copy.check(kind, head, _all_ops(getattr(piece, "ops", None) or ()))  # 601.2i, 707.10: "copy it"
        if any(op.get("op") == "divided_damage" for op in getattr(piece, "ops", None) or ()) and kind != "spell":
            raise NotRead("damage divided among targets: a spell's, announced as it is cast (601.2d)")
        cont = getattr(piece, "continuous", None)
        if isinstance(cont, dict) and (cont.get("applies_to") or {}).get("attached") and kind not in (
                "activated", "triggered"):
            raise NotRead("'enchanted creature gets ... until end of turn' of no permanent's ability")
        if any(op.get("who") == "defending_player" for op in _all_ops(getattr(piece, "ops", None) or ())) \
                and not _defending_ok(kind, head, any_attacker=True):
            raise NotRead("'defending player' of no ability triggering on an attacking creature (508.5)")
        if any(op.get("op") == "return_exiled" for op in _all_ops(getattr(piece, "ops", None) or ())) and not (
                kind == "triggered" and isinstance(head, dict) and head.get("event") == "leaves_battlefield"
                and "subjects" not in head and not head.get("or_event") and len(pieces) == 1 and len(piece.ops) == 1):
            raise NotRead("'return the exiled card' of no ability triggering on the source's leaving the battlefield alone")
        if any(op.get("op") == "attach" and op.get("what") == "that" for op in _all_ops(getattr(piece, "ops", None) or ())) \
                and not (kind == "triggered" and isinstance(head, dict) and head.get("event") == "enters"
                         and head.get("subjects") and not head.get("or_event") and len(pieces) == 1):
            raise NotRead("'attach this Equipment to it' of no ability triggering on another permanent's entering")
        if any(op.get("op") == "damage" and op.get("to") == "that" for op in _all_ops(getattr(piece, "ops", None) or ())) \
                and not (kind == "triggered" and isinstance(head, dict) and "subjects" not in head and (
                    head.get("or_event") is None and (head.get("event") == "blocks_creature" or head.get(
                        "event") == "becomes_blocked" and "by" in head)
                    or (head.get("event"), head.get("or_event")) == ("blocks_creature", "becomes_blocked"))):
            raise NotRead("'that creature' of no trigger on a block of one creature (509.3b, 509.3d)")
        for t in getattr(piece, "targets", None) or ():
            if isinstance(t, Tgt) and t.spec.get("controller") == "defending_player" and not _defending_ok(kind, head):
                raise NotRead("'defending player' of no ability triggering on an attacking creature (508.5)")


# the qualities "for each [objects]" may say of the permanents it counts (objects.lark's selector)
_COUNTED = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
            "not_supertypes", "keywords", "not_keywords", "token", "attacking", "blocking", "tapped", "multicolored",
            "controller", "other",
            "that_value", "chosen_creature_type", "chosen_color"}  # 608.2c: after a "Choose a ..." only (chosen_values.py)

# 508.5, 506.2: the triggers whose attacking creature is the source, or the creature the source is attached to
_ATTACKER_EVENTS = ("attacks", "becomes_blocked", "unblocked")


class EffReader(pt_amount.PtAmountReader):
    """The reader's transformer methods for the productions of branch eff (a mixin of oneshot._Reader)."""

    def os_target(self, children):  # its alternative os_target_eff (the others are named)
        return children[0]

    def os_target_defending(self, children):
        spec = _spec_of(next(c for c in children if isinstance(c, dict)))
        if "controller" in spec or spec.get("what") not in ("creature", "permanent"):
            raise NotRead("a target of the defending player's that is no permanent, or with another controller")
        return Tgt(dict(spec, controller="defending_player"))

    def os_defending_player(self, _):  # who: defending_player (508.5), checked against the trigger by check
        return "defending_player"

    def os_eff(self, children):
        return children[0]

    def _life_each(self, children, op):
        # 119.3, 608.2h: N life for each object counted as it resolves
        who, targets = _who(children[0]) if len(children) == 4 else ("you", [])
        n, counted = children[-2], children[-1]
        return Piece([{"op": op, "amount": {"count": counted, "times": n}, "who": who}], targets)

    def os_gain_each(self, children):
        return self._life_each(children, "gain_life")

    def os_lose_each(self, children):
        return self._life_each(children, "lose_life")

    def os_exile_players_graveyard(self, children):
        who, targets = _who(children[1])
        if who not in ("target", "each_opponent"):
            raise NotRead(f"exile {who}'s graveyard")
        return Piece([{"op": "exile_graveyards", "who": who}], targets)

    def os_exile_all_graveyards(self, _):
        return Piece([{"op": "exile_graveyards", "who": "each_player"}])

    def os_damage_that_much(self, children):  # 603.2: _ability checks the trigger is about damage dealt
        source, deals, recipients = children
        return self.os_damage([source, deals, "that_many", recipients])

    def os_attach_to_it(self, _):  # 603.2: checked against the trigger by check
        return Piece([{"op": "may", "one_shot": [{"op": "attach", "what": "that"}]}])  # 608.2d

    def os_damage_that(self, children):  # 509.3b, 509.3d: checked against the trigger by check
        source, _, amount = children
        if source not in ({"self": True}, "it"):
            raise NotRead("damage dealt by another object than the source")
        return Piece([{"op": "damage", "amount": amount, "to": "that"}], uses_it=source == "it")

    def os_return_exiled(self, _):  # 607.2a: checked against the trigger by check, and the card by link_exiled
        return Piece([{"op": "return_exiled"}])

    def os_counted_cards(self, children):
        # 404.2, 402.1: the cards of one's own graveyard or hand ("creature card in your graveyard")
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "OS_CARD_TYPE"]
        if kinds == ["Permanent"]:
            raise NotRead("a permanent card counted")
        zone = str(children[-1])
        return dict({"zone": zone, "owner": "you"}, **({"types": kinds} if kinds else {}))

    def os_counted_permanents(self, children):
        sel = children[0]
        if not isinstance(sel, dict) or set(sel) - _COUNTED:
            raise NotRead(f"for each {sel}")
        return sel


def _flat(pieces):
    """The pieces, and those inside the tuples of sentences that qualify others ("If you do, ...", 603.4's "if")."""
    for piece in pieces:
        if isinstance(piece, tuple):
            for part in piece:
                if isinstance(part, list):
                    yield from _flat(part)
        elif not isinstance(piece, str):
            yield piece


def _all_ops(ops):
    """The operations, and those inside them (may, if_you_do, otherwise)."""
    for op in ops:
        if isinstance(op, dict):
            yield op
            for key in ("one_shot", "if_you_do", "otherwise"):
                yield from _all_ops(op.get(key) or ())


def _defending_ok(kind: str, head, any_attacker: bool = False) -> bool:
    """508.5: "defending player" of an ability that triggers on the source's attacking or becoming blocked, or on the
    attacking of the creature it is attached to ("Whenever equipped creature attacks"); ``any_attacker``: or of any
    creature the trigger names ("Whenever a creature you control attacks, defending player loses 1 life": the player
    that creature attacks; the loop reads the creature the trigger is about as it resolves, not as targets are chosen)."""
    if kind != "triggered" or not isinstance(head, dict) or head.get("event") not in _ATTACKER_EVENTS \
            or head.get("or_event"):
        return False
    if any_attacker and head.get("event") == "attacks":
        return True
    return (head.get("subjects") is None or is_attached(head["subjects"])) and (
        "subjects" not in head or head.get("event") == "attacks")


def _exile_op(ab):
    """The one exile of a target of an enters trigger of the source's ("When this creature enters, [you may] exile
    [another] target ..."), as (the op, the may around it or None); None when it is not such an ability."""
    trig = getattr(ab, "trigger", None)
    ops = getattr(ab, "one_shot", None) or []
    if getattr(ab, "kind", None) != "triggered" or getattr(trig, "event", None) != "enters" \
            or getattr(trig, "subjects", None) is not None or getattr(trig, "or_event", None) \
            or len(ops) != 1 or len(getattr(ab, "targets", None) or []) != 1 or getattr(ab, "continuous", None) is not None:
        return None
    op, may = ops[0], None
    if op.op == "may" and len(op.one_shot) == 1 and not op.if_you_do and not op.otherwise:
        op, may = op.one_shot[0], op
    if op.op != "exile" or op.what != "target" or op.target != 1:
        return None
    return op, may


def link_exiled(compiled_all: list) -> None:
    """607.2a: a card's "When this creature leaves the battlefield, return the exiled card to the battlefield under its
    owner's control." refers to the card its one "When this creature enters, [you may] exile [another] target ..."
    exiled: that exile becomes {linked: true} (the loop records the card in the source's choices.exiled while the
    source is the same object, 400.7); with no such ability, or several, the return is not read (None). ``compiled_all``:
    each paragraph's compiled abilities or None (engine/files/dbcards.abilities_of), changed in place."""
    returns = [i for i, c in enumerate(compiled_all) if c and any(
        op.op == "return_exiled" for a in c for op in getattr(a, "one_shot", None) or ())]
    if not returns:
        return
    exiles = [(i, k) for i, c in enumerate(compiled_all) if c for k, a in enumerate(c) if _exile_op(a) is not None]
    if len(returns) != 1 or len(exiles) != 1:
        for i in returns:
            compiled_all[i] = None
        return
    i, k = exiles[0]
    ab = compiled_all[i][k]
    op, may = _exile_op(ab)
    linked = op.model_copy(update={"linked": True})
    one_shot = [may.model_copy(update={"one_shot": [linked]}) if may is not None else linked]
    compiled_all[i] = list(compiled_all[i])
    compiled_all[i][k] = ab.model_copy(update={"one_shot": one_shot})
