"""Family 5 of the Oracle grammar (oneshot.lark's block "damage and combat triggers (issue 21)"): triggered abilities on
damage dealt to a creature (603.2, 120.3, 510.2: "Whenever this creature deals combat damage to a creature", "Whenever
equipped creature deals damage to a creature", "Whenever a Sliver deals combat damage to a creature"), and "that
creature" in the instructions of the triggers whose event is about one other creature (the creature dealt damage; the
creature the source blocks, 509.3b; the creature blocking it, 509.3d): "destroy that creature", "tap that creature and
it doesn't untap during its controller's next untap step", "exile that creature", "put a -1/-1 counter on that
creature". A mixin of engine/vocab/oracle/oneshot.py's reader, and the check ``that_refs`` oneshot_eff.check calls.

The game loop: engine/game/triggered.py (the event, ZoneTrigger.to_creature: the Triggered's object is the creature
dealt damage, its "that" reference, 603.2), engine/game/eff_ops.that_creature (the object "that creature" names as the
ability resolves, if it is still that object on the battlefield, 400.7)."""

from __future__ import annotations

from engine.vocab.oracle import oneshot_that
from engine.vocab.oracle.objects import NotRead, is_attached
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_groupdmg import GroupDmgReader

# the operations that act on "that creature" (engine/game/instructions.py's chosen: what or to "that")
_ON_THAT = {"destroy": "what", "tap": "what", "untap": "what", "exile": "what", "return_to_hand": "what",
            "doesnt_untap_next": "what", "counters": "to", "create_token_copy": "what"}


class DmgReader(GroupDmgReader):
    """The productions of the block "damage and combat triggers (issue 21)" of oneshot.lark."""

    def os_dmg_pass(self, children):
        return children[0]

    def os_damage_to_creature(self, children):
        """603.2, 120.3, 510.2: -> {event: deals_damage, to_creature: true, combat?, subjects?}: "Whenever this creature
        deals combat damage to a creature" (one trigger for each creature dealt damage, 603.2c: the creature is the
        Triggered's "that creature"); another's ("a Sliver", "a Warrior you control") only for combat damage, dealt by
        a permanent (510.2: the creatures in combat)."""
        subjects = children[1]
        combat = any(getattr(c, "type", None) == "OS_COMBAT" for c in children)
        if subjects is not None and "any_of" in subjects:
            raise NotRead("damage dealt by 'this creature or another ...'")
        if subjects is not None and not is_attached(subjects) and (
                not combat or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("noncombat damage to a creature dealt by others (their source may be no permanent)")
        return {"event": "deals_damage", "to_creature": True, **({"combat": True} if combat else {}),
                **({"subjects": subjects} if subjects is not None else {})}

    def _blocker_quality(self, children) -> dict:
        """The creatures "by a white creature", "a creature with flying" names (a selector the combat program matches,
        bridge/combat.py's trigger_by), or NotRead."""
        sel = children[-1]
        if "Creature" not in (sel.get("types") or ()) or set(sel) & {"self", "attached", "other", "any_of", "targets", "exiled_with",
                                                           "zone", "attacking", "blocking"}:
            raise NotRead("a block by something else than creatures a quality names")
        return sel

    def os_blocks_by(self, children):
        """509.3b: "Whenever this creature blocks a creature with flying" (once for each such creature it blocks)."""
        sel = self._blocker_quality(children)
        own = self._own(children, "blocks_creature")
        return {"event": "blocks_creature", **({} if sel == {"types": ["Creature"]} else {"by": sel}), **own}

    def os_blocked_by(self, children):
        """509.3d: "Whenever this creature becomes blocked by a white creature" (once for each such blocker)."""
        return {"event": "becomes_blocked", "by": self._blocker_quality(children), **self._own(children, "becomes_blocked")}

    def os_blocks_or_blocked_by(self, children):
        """509.3b, 509.3d, 603.2: "Whenever this creature blocks or becomes blocked by a non-Wall creature" (one ability
        on two events; the quality of the creature it blocks and of the one blocking it)."""
        return {"event": "blocks_creature", "or_event": "becomes_blocked", "by": self._blocker_quality(children),
                **self._own(children, "blocks_creature")}

    def os_destroy_that(self, children):
        """701.8: "destroy that creature" (that_refs makes it the trigger's creature; elsewhere it is not read)."""
        if str(children[1]).lower() != "that creature":
            raise NotRead("destroy 'that permanent'")
        piece = Piece([{"op": "destroy", "what": "self"}], uses_it=True)
        piece.that = True
        return piece


def refers_to_that(head) -> bool:
    """Whether the trigger's event is about one other creature, "that creature" (603.2): the creature dealt damage
    (deals_damage to_creature), the creature the source blocks (blocks_creature, 509.3b), the one blocking it
    (becomes_blocked by a creature, 509.3d), or either of the one ability on both (blocks_creature or
    becomes_blocked); or a creature a selector names entering, attacking, becoming tapped or dealing combat damage to
    a player (oneshot_that.entering_that)."""
    if not isinstance(head, dict):
        return False
    event, or_event = head.get("event"), head.get("or_event")
    if oneshot_that.entering_that(head):  # another creature's entering, attacking, ...
        return True
    if event == "deals_damage":
        return bool(head.get("to_creature"))
    if "subjects" in head:
        return False
    return (event == "blocks_creature" and or_event in (None, "becomes_blocked")
            or event == "becomes_blocked" and or_event is None and "by" in head)


def that_refs(kind: str, head, pieces: list) -> None:
    """603.2, 400.7: in a triggered ability whose event is about one other creature, "that creature" (and "it" in
    the sentence after an instruction on that creature: "Tap that creature. It doesn't untap during its controller's
    next untap step.") is that creature: the operations on it say ``what: that`` (``to: that`` for counters), read
    by the loop as the object the trigger's event was about. Any other "that creature" stays the reader's (a target
    named before), and one on which no such operation acts is not read."""
    if kind != "triggered" or not refers_to_that(head):
        return
    after_that, lead = False, True  # lead: no instruction on another object yet
    for piece in _if_paid(pieces):
        if not isinstance(piece, (str, tuple)) and _payment(piece):
            continue  # 118.12: "you may pay {1}." names no object ("If you do, put a +1/+1 counter on that creature.")
        if isinstance(piece, (str, tuple)):
            after_that = after_that and piece == "no_regen"  # "It can't be regenerated." (of the destroy before)
            lead = lead and piece == "no_regen"
            continue
        that = getattr(piece, "that", False)
        it = piece.uses_it and (getattr(piece, "target_it", False) and after_that
                                or lead and oneshot_that.it_is_that(head, piece))  # "..., put a counter on it"
        if not (that or it):
            after_that = lead = False
            continue
        if oneshot_that.continuous_on_that(head, piece):  # "that creature gains haste until end of turn"
            piece.that, piece.uses_it, after_that = False, False, True
            continue
        if piece.targets or piece.continuous is not None or piece.replacement is not None or piece.combat \
                or not piece.ops or any(_ON_THAT.get(op.get("op")) is None
                                        or op.get(_ON_THAT[op["op"]]) != "self" for op in piece.ops):
            raise NotRead("'that creature' of an instruction the loop doesn't do on the trigger's creature")
        for op in piece.ops:
            op[_ON_THAT[op["op"]]] = "that"
        piece.that, piece.uses_it, after_that = False, False, True


def _payment(piece) -> bool:
    """118.12: a piece that is only "you may pay {1}" (or "... 2 life"): a cost paid as it resolves, on no object."""
    return not piece.targets and piece.continuous is None and piece.replacement is None and not piece.combat \
        and not piece.uses_it and len(piece.ops) == 1 and piece.ops[0].get("op") == "may" \
        and [o.get("op") for o in piece.ops[0].get("one_shot", ())] in (["pay"], ["pay_life"])


def _if_paid(pieces: list):
    """The pieces, those of "If you do, ..." after a payment (118.12, 608.2c) in their place: their "that creature"
    and "it" are the trigger's creature as the instructions' without a payment are (a sentence after them is not
    theirs: its "it" is not read, the "_end" mark)."""
    paid = False
    for piece in pieces:
        if paid and isinstance(piece, tuple) and piece[0] == "if_you_do":
            yield from piece[1]
            yield "_end"
        else:
            yield piece
        paid = not isinstance(piece, (str, tuple)) and _payment(piece)
