"""Family 0 of the Oracle grammar read for the game loop: static abilities that create no continuous
effect of 613 and that the loop executes (engine/game/), read by ``loopstatics.lark`` into fields of
the vocabulary's StaticAbility: ``cant_be_countered`` ("This spell can't be countered.": 113.6,
701.6a, engine/game/instructions.py) and ``doesnt_untap`` ("This creature doesn't untap during your
untap step.", "Enchanted creature doesn't untap during its controller's untap step.": 502.3,
engine/game/turn.py), ``no_max_hand_size`` ("You have no maximum hand size.": 402.2, 514.1, turn.py), ``max_hand_size`` ("Your maximum
hand size is two.": 402.2, 613.11, engine/game/handsize.py) and
``additional_lands`` ("You may play an additional land on each of your turns.": 305.2, priority.py),
``cant_activate`` ("Activated abilities of artifacts can't be activated.": 602.5, engine/game/forbidden.py),
``cast_only`` ("Cast this spell only during combat.": 601.3, 506.7; engine/vocab/cast_only.py, engine/game/cast_only.py).

:func:`read` gives the ability a paragraph is, or None when the grammar doesn't consume all of it or
a part of it has no meaning here (:class:`~engine.vocab.oracle.objects.NotRead`).
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.cast_only import cast_only
from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree, attached_of

# the words a paragraph of this family has: others never reach the parser
_PREFILTER = re.compile(r"as though it weren't blocked|can't cast more than one spell each turn|assigns combat damage equal to its toughness|^Skip your |^Players skip their |^Each player skips their |can't be countered|untap during|not to untap |maximum hand size|additional lands? on|can't be activated|"
                        r"^You have (hexproof|shroud)|^Cast this spell only |can't be cast|can't cast spells (with the chosen name|of the chosen color|during your turn)", re.IGNORECASE)


_HAND_PLAYERS = {"Your": "you", "Each opponent's": "opponents", "The chosen player's": "chosen"}
_HAND_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


class _LoopStatics(Objects):
    """Each sentence -> the StaticAbility's fields."""

    def ls_ability(self, c):
        return c[0]

    def ls_cant_be_countered(self, _c):
        return {"cant_be_countered": True}

    def ls_doesnt_untap(self, c):
        sel, whose = c[0], str(c[1])
        # "your untap step" is the source's own (its controller's); "its controller's" the subject's
        if (whose == "your") != bool(sel.get("self")):
            raise NotRead("whose untap step")
        if not (sel.get("self") or sel.get("attached")):
            raise NotRead("a single permanent other than the source or the one it is attached to")
        return {"doesnt_untap": sel}

    def ls_may_not_untap(self, c):  # 502.3: the source only
        if c[0] != {"self": True}:
            raise NotRead("may choose not to untap: a permanent other than the source")
        return {"may_not_untap": True}

    def ls_no_max_hand_size(self, _c):
        return {"no_max_hand_size": True}

    def ls_players_no_max_hand_size(self, _c):  # 402.2, 613.11: every player's
        return {"max_hand_size": {"players": "each", "unlimited": True}}

    def ls_hand_size_set(self, c):  # 402.2, 613.11
        return {"max_hand_size": {"players": _HAND_PLAYERS[str(c[0])], "set": _HAND_NUMBERS.index(str(c[1]))}}

    def ls_hand_size_change(self, c):  # 402.2, 613.11
        sign = 1 if str(c[1]) == "increased" else -1
        return {"max_hand_size": {"players": _HAND_PLAYERS[str(c[0])], "change": sign * _HAND_NUMBERS.index(str(c[2]))}}

    def ls_additional_lands(self, c):
        return {"additional_lands": {"an": 1, "two": 2, "three": 3}[str(c[0]).split()[0]]}

    def ls_cant_activate(self, c):  # 602.5: permanents ("Activated abilities of artifacts")
        sel = c[0]
        if sel.get("self") or sel.get("attached"):
            raise NotRead("a plural subject names permanents")
        return {"cant_activate": sel, "cant_activate_mana_ok": len(c) > 1}

    def ls_cant_activate_its(self, c):  # 602.5: "Enchanted creature's activated abilities"
        sel = c[0]
        if not (sel.get("self") or sel.get("attached")):
            raise NotRead("a single permanent other than the source or the one it is attached to")
        return {"cant_activate": sel, "cant_activate_mana_ok": len(c) > 1}

    def ls_cant_activate_named(self, c):  # 602.5, 201.2a: the sources with the name chosen as it entered (614.12)
        return {"cant_activate": {"chosen_name": True, "zone": "anywhere"}, "cant_activate_mana_ok": len(c) > 1}

    def ls_cant_cast_named(self, _c):  # 601.3, 613.10: no player casts a spell with the chosen name (201.2a)
        return _cant_cast_named("each")

    def ls_opponents_cant_cast_named(self, _c):  # 601.3, 613.10: no opponent of its controller
        return _cant_cast_named("opponents")

    def ls_opponents_cant_cast_color(self, _c):  # 601.3, 613.10: of the color chosen as it entered (105.1, 614.12)
        return {"continuous": {"do": [{"op": "player_effect", "rule": "cant_cast", "players": "opponents",
                                       "spells": {"chosen_color": True}}]}}

    def ls_opponents_cant_cast_your_turn(self, _c):  # 601.3, 613.10: only during its controller's turn (611.3a)
        return {"continuous": {"during": "your_turn", "do": [{"op": "player_effect", "rule": "cant_cast",
                                                              "players": "opponents"}]}}

    def ls_skip_yours(self, c):  # 614.10: its controller's turns
        return {"skips": {"players": "you", "step": str(c[0])}}

    def ls_skip_each(self, c):  # 614.10: every player's turns
        return {"skips": {"players": "each", "step": str(c[0])}}

    def ls_assign_toughness(self, c):  # 510.1a, 613.11: the objects the layers program applies it to
        sel = c[-1]
        if sel.get("attached"):
            raise NotRead("'enchanted creature assigns': read with the Aura's other effects (statics.lark)")
        spec = {"applies_to": sel, "do": [{"op": "rule_effect", "rule": "damage_by_toughness"}]}
        return {"continuous": dict(spec, during="your_turn") if len(c) > 1 else spec}

    def ls_one_spell_each_turn(self, c):  # 601.3, 613.10, 601.2i: after one spell this turn
        players = {"Each player": "each", "Each opponent": "opponents", "You": "you"}[str(c[0])]
        return {"continuous": {"do": [{"op": "player_effect", "rule": "cant_cast", "players": players,
                                       "after_spells": 1}]}}

    def ls_as_unblocked(self, c):  # 510.1b-c: the source itself ("this creature", "~")
        if c[0] != {"self": True}:
            raise NotRead("as though it weren't blocked: a creature other than the source")
        return _as_unblocked({"self": True})

    def ls_as_unblocked_attached(self, _c):  # 510.1b-c: the creature the Aura enchants
        return _as_unblocked(attached_of("creature"))

    def ls_you_have(self, c):  # 702.11c, 702.18a
        return {"you_have": [str(c[0])]}

    def ls_cast_only(self, c):  # 601.3, 506.7: "Cast this spell only during combat." (engine/vocab/cast_only.py)
        try:
            return {"cast_only": cast_only(str(c[0]))}
        except ValueError as e:
            raise NotRead(str(e)) from None

    def ls_frozen(self, c):  # 502.3 and 602.5 of the one permanent
        return dict(self.ls_doesnt_untap(c), cant_activate=c[0])

    def ls_doesnt_untap_all(self, c):
        sel = c[0]
        if sel.get("self") or sel.get("attached"):
            raise NotRead("a plural subject names permanents")
        return {"doesnt_untap": sel}


def _as_unblocked(sel: dict) -> dict:
    """510.1b-c: the rule the combat damage step reads for the creature(s) the layers program applies it to."""
    return {"continuous": {"applies_to": sel, "do": [{"op": "rule_effect", "rule": "assign_as_unblocked"}]}}


def _cant_cast_named(players: str) -> dict:
    """601.3, 613.10: an effect on players (the rule cant_cast) about the spells with the card name chosen as the
    source entered (614.12, 201.3: its choices.card_name; engine/game/casting.py's prohibition matches them)."""
    return {"continuous": {"do": [{"op": "player_effect", "rule": "cant_cast", "players": players,
                                   "spells": {"chosen_name": True}}]}}


def read(bare: str) -> list[dict] | None:
    """The static ability a paragraph (objects.bare) is, or None."""
    if not _PREFILTER.search(bare):
        return None
    found = _read(bare)
    from engine.vocab.oracle.combat import _compares  # a selector's comparison: not compiled in a static ability

    if found is not None and any(_compares(v) for ab in found for v in ab.values() if isinstance(v, (dict, list))):
        return None
    return copy.deepcopy(found) if found is not None else None


@lru_cache(maxsize=1024)
def _read(bare: str) -> list[dict] | None:
    try:
        tree = parser("loopstatics", ("ls_ability",)).parse(bare)
    except LarkError:
        return None
    try:
        fields = read_tree(_LoopStatics(), tree)
    except NotRead:
        return None
    return [dict(kind="static", **fields)]
