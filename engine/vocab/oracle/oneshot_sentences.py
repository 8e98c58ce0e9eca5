"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about
instruction sentences added in issue 21's third round: targets with a quality (115.1), "counter target spell
unless its controller pays {N}" and "you may pay {N}. If you do, ..." (118.12), prevention shields (615.7),
additional costs to sacrifice (601.2h), sacrifices of a player's choice (701.21a), "return a land you control"
(400.3), "put target creature on top of its owner's library" (400.3), "gain control of target creature until end of
turn" (613.1b), "attach it" (701.3a) and "its controller" (608.2h)."""

from __future__ import annotations

import re

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.selector import COMPARISONS
from engine.vocab.oracle.oneshot_cards import Piece, Tgt, _who
from engine.vocab.oracle.oneshot_gy import GyReader  # (issue 21: graveyards)
from engine.vocab.oracle.oneshot_singlegy import SingleGyReader  # (issue 21: "from a single graveyard")

# the keys of a selector read from a target's noun phrase that TargetSpec.quality says ("target tapped creature",
# "target nonland permanent", "target Goblin", "target creature token")
_QUALITIES = ("tapped", "attacking", "blocking", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes",
              "colors", "keywords", "not_keywords", "token", "multicolored", "counter",
              "power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least", "mana_value_at_most",
              "mana_value_at_least",  # (COMPARISONS)
              "chosen_color", "chosen_creature_type")  # (614.12: the source's choices; oneshot_hand.check_targets)


def _spec_of(sel: dict) -> dict:
    """A selector read from "target [objects]" as the TargetSpec it is, or NotRead."""
    sel = dict(sel)
    spec: dict = {}
    if sel.pop("self", False) or sel.pop("attached", False) or sel.pop("other", False):
        raise NotRead("not a target")
    types, any_types = sel.pop("types", []), sel.pop("any_types", [])
    if "not_colors" in sel:
        spec["not_colors"] = sel.pop("not_colors")
    if "controller" in sel:
        spec["controller"] = sel.pop("controller")
    # the qualities a selector says of a permanent as it is now (TargetSpec.quality, matched after the layers)
    quality = {k: sel.pop(k) for k in _QUALITIES if k in sel}
    if sel:
        raise NotRead(f"a target the vocabulary can't say: {sel}")
    if quality:
        spec["quality"] = quality
    if any_types:
        if types:
            raise NotRead("types and a choice of types")
        return dict(spec, what="permanent", types=any_types)
    if len(types) == 2 and "Creature" in types:  # "target artifact creature": a creature that has the other type too
        quality = dict(spec.get("quality", {}), types=[t for t in types if t != "Creature"])
        return dict(spec, what="creature", quality=quality)
    if len(types) > 1:
        raise NotRead("a target with two card types ('artifact enchantment')")
    if not types:
        return dict(spec, what="permanent")
    if types[0] in ("Creature", "Planeswalker"):
        return dict(spec, what=types[0].lower())
    return dict(spec, what="permanent", types=types)


def _first_word(sel: dict) -> str:
    """The first word of the noun phrase a selector was read from, as far as its article goes ('an artifact')."""
    first = (sel.get("token") is False and ["non"] or sel.get("colors") or sel.get("not_colors") and ["non"]  # "nontoken"
             or sel.get("supertypes") or sel.get("subtypes")
             or sel.get("types") or sel.get("any_types") or ["x"])[0]
    return str(first).lower()


def _that(piece: Piece) -> Piece:
    """A piece about "that creature": read only after "gain control of target ..." (_ability)."""
    piece.that = True
    return piece


def _mana(tok, hybrid: bool = False) -> str:
    """Mana symbols the loop pays as a spell or ability resolves (generic, colored, colorless; with ``hybrid``,
    two-color hybrid too, 107.4e: "you may pay {W/B}"), or NotRead."""
    if not re.fullmatch(r"(\{([WUBRGC]|\d+" + (r"|[WUBRG]/[WUBRG]" if hybrid else "") + r")\})+", str(tok)):
        raise NotRead(f"a mana payment the loop doesn't make: {tok}")
    return str(tok)


class SentencesReader(GyReader, SingleGyReader):
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader)."""

    def os_target_power(self, children):
        spec = _spec_of(next(c for c in children if isinstance(c, dict)))
        if spec.get("what") != "creature":
            raise NotRead("a power on a target that may be no creature")
        if isinstance(children[0], Token) and children[0].type == "OS_ANOTHER":
            spec["other"] = True
        bound = "power_at_least" if "greater" in str(children[-1]) else "power_at_most"
        spec[bound] = children[-2]
        return Tgt(spec)

    def os_target_in_combat(self, children):
        spec = _spec_of(children[-1])
        quality = spec.get("quality", {})
        if spec.get("what") != "creature" or set(quality) - set(COMPARISONS):
            raise NotRead("attacking or blocking: a creature's")
        # (a comparison, 208.1, holds with it: "target attacking or blocking creature with power 3 or less")
        spec["quality"] = {"any_of": [{"attacking": True}, {"blocking": True}], **quality}
        return Tgt(spec)

    def os_target_player_or_pw(self, _):
        return Tgt({"what": "player_or_planeswalker"})

    def os_target_opponent_or_pw(self, _):
        return Tgt({"what": "opponent_or_planeswalker"})

    def os_target_noncreature_spell(self, _):
        return Tgt({"what": "spell", "quality": {"not_types": ["Creature"]}})

    def os_its_controller(self, _):
        return "target_controller"

    def os_prevent(self, children):
        n, to = children[1], children[2]
        shield = {"event": "damage", "do": "shield", "n": n}
        if isinstance(to, Tgt):
            what = to.spec.get("what")
            if what == "any":  # 115.4: a creature, a player, a planeswalker or a battle
                return Piece(targets=[to], replacement=dict(shield, target={"targets": True}, target_player="targets"))
            if what in ("creature", "planeswalker", "permanent"):
                return Piece(targets=[to], replacement=dict(shield, target={"targets": True}))
            if what == "player":
                return Piece(targets=[to], replacement=dict(shield, target_player="targets"))
            raise NotRead(f"prevent the damage to a {what}")
        if to == "you":
            return Piece(replacement=dict(shield, target_player="you"))
        if to == {"self": True}:
            return Piece(replacement=dict(shield, target={"self": True}))
        raise NotRead(f"prevent the damage to {to}")

    def os_prevent_to(self, children):
        c = children[0]
        return "you" if isinstance(c, Token) else c

    def os_pay(self, children):
        return Piece([{"op": "pay", "cost": _mana(children[1], hybrid=True)}])

    def os_if_you_do(self, children):
        return [("if_you_do", [c for c in children if isinstance(c, Piece)])]

    def os_put_in_library(self, children):
        t = next(c for c in children if isinstance(c, Tgt))
        if t.spec.get("what") in ("player", "spell", "any", "player_or_planeswalker", "opponent_or_planeswalker"):
            raise NotRead("put no permanent or card into a library")
        position = "top" if str(children[-1]) == "top" else "bottom"
        return Piece([{"op": "put_in_library", "position": position, "_tgt": t}], [t])

    def os_bounce_own(self, children):
        article, sel = str(children[1]).lower(), dict(children[2])
        if sel.pop("controller", None) != "you" or set(sel) - {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors",
                                                               "not_colors", "supertypes", "not_supertypes", "tapped",
                                                               "token", "other"} \
                or (article == "an") != (_first_word(sel)[0] in "aeiou"):
            raise NotRead("return a permanent that is not one of yours, or of another quality")
        return Piece([{"op": "return_chosen", "what": sel, "who": "you"}])

    def os_gain_control(self, children):
        t = children[-1] if isinstance(children[-1], Tgt) else next(c for c in children if isinstance(c, Tgt))
        if t.spec.get("what") in ("player", "spell", "any", "player_or_planeswalker", "opponent_or_planeswalker"):
            raise NotRead("gain control of no permanent")
        piece = Piece([], [t], continuous={"do": [{"op": "control"}], "_targets": True})
        piece.control = True
        return piece

    def os_attach(self, children):
        obj, t = children[1], children[2]
        if obj not in ("it", {"self": True}) or not isinstance(t, Tgt) or t.spec != {"what": "creature", "controller": "you"}:
            raise NotRead("attach another object, or to another target than 'target creature you control'")
        return Piece([{"op": "attach", "_tgt": t}], [t], uses_it=obj == "it")

    def os_edict(self, children):
        player = children[0] if not isinstance(children[0], Token) else None
        who, targets = _who(player) if player is not None else ("you", [])
        verb = next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "OS_SACRIFICE_VERB")
        article = next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        sel = next(c for c in children if isinstance(c, dict))
        choice = any(isinstance(c, Token) and c.type == "OS_OF_THEIR_CHOICE" for c in children)
        if (verb == "sacrifice") != (who == "you") or choice == (who == "you"):
            raise NotRead("a subject and its verb disagree, or 'of their choice' of no other player")
        allowed = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
                   "not_supertypes", "token", "attacking", "blocking", "tapped"} | ({"other"} if who == "you" else set())
        if set(sel) - allowed or (article == "an") != (_first_word(sel)[0] in "aeiou"):
            raise NotRead(f"sacrifice {sel}")
        return Piece([{"op": "sacrifice", "what": sel, "who": who}], targets)

    def os_additional_cost(self, children):
        sel, article = children[-1], str(children[1]).lower()
        if set(sel) - {"types", "any_types", "subtypes", "not_types", "colors", "not_colors", "token", "supertypes",
                       "not_supertypes"} or sel.get("token") or (article == "an") != (_first_word(sel)[0] in "aeiou"):
            raise NotRead(f"an additional cost to sacrifice {sel}")
        return sel
