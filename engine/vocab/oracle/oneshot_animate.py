"""Family 5 of the Oracle grammar: one-shot "becomes a creature" effects (animation; issue 21), read by the block
"animation" of ``oneshot.lark``. A resolving spell or ability creates a continuous effect (611.2) on one object:

- "This land becomes a 3/3 green Ape creature with trample until end of turn. It's still a land." (Treetop Village),
  "Until end of turn, this land becomes a 4/4 white and blue Elemental creature with flying and vigilance. It's still a
  land." (Celestial Colonnade), "This land becomes a 2/2 creature with all creature types until end of turn." (Mutavault)
- "This artifact becomes a 2/2 Construct artifact creature until end of turn." (a Keyrune, a Chimeric artifact)
- "Target land you control becomes a 0/0 Elemental creature with haste that's still a land. Put three +1/+1 counters on
  it." (on the target, 611.2c; with no duration it lasts indefinitely, 611.2a)

-> continuous {applies_to?, do}: the operations statics.py gives the same type phrase in a static ability ("Enchanted
land is a 2/2 red Spirit creature with haste. It's still a land.": its ``_add_kind`` and ``st_become``), each applied in
its layer by the layers program (613.1d type, 613.1e color, 613.1f abilities, 613.4b base power and toughness):

- 205.1a: the new card types replace the old ones (set_types), unless
- 205.1b: the object keeps them: "that's still a land", "in addition to its other types", or the sentence after it
  "It's still a land." (add_types; its subtypes added to its own), or "artifact creature" (add_types: it keeps its card
  types and subtypes; a creature type said with it replaces its creature types, set_creature_types).
"""

from __future__ import annotations

import importlib
import re

from engine.vocab.oracle.objects import NotRead, subtype, is_attached
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sentences import _that
from engine.vocab.oracle.oneshot_sent2 import _pt

# the loop gives a resolving effect its duration from the ability's words (engine/game/instructions.py:
# continuous_effect): "until end of turn" or "this turn" anywhere in the ability makes the whole effect end with the turn
_ENDS_WITH_TURN = re.compile(r"until end of turn|this turn", re.IGNORECASE)


def _statics():
    """statics.py's reader (loaded by name, as compile.py loads a family: statics imports compile)."""
    return importlib.import_module("engine.vocab.oracle.statics")._Statics()


def animation_ops(kind: dict, keep: bool) -> list[dict]:
    """The operations of "becomes [kind]" (see the module's text); ``keep``: the object keeps its types (205.1b)."""
    st = _statics()
    if kind["types"] == ["Artifact"] and keep and not (kind["subtypes"] or kind["colors"] or kind["colorless"]
                                                       or kind["pt"] or kind["grants"] or kind["all_creature_types"]):
        return [{"op": "add_types", "types": ["Artifact"]}]  # 205.1b: "becomes an artifact in addition to its other types"
    if kind["types"][-1:] != ["Creature"]:
        raise NotRead("'becomes' a type phrase that is no creature")
    all_types = [{"op": "add_subtypes", "all_creature_types": True}] if kind.pop("all_creature_types") else []
    if kind["types"] == ["Artifact", "Creature"]:  # 205.1b: "becomes a [creature types] artifact creature"
        ops = [{"op": "add_types", "types": ["Artifact", "Creature"]}]
        if kind["subtypes"]:
            ops.append({"op": "set_creature_types", "subtypes": kind["subtypes"]})
        ops += st._tail(kind)
    elif keep:
        ops = st._add_kind(kind, add_colors=False)
    else:
        ops = st.st_become([None, kind])  # 205.1a
    return ops[:1] + all_types + ops[1:]


def check(bare: str, ability: dict) -> dict:
    """An animation with no duration of its own (611.2a: it lasts indefinitely) in an ability whose words say "until end
    of turn" or "this turn" elsewhere: not read (the loop would end it with the turn)."""
    cont = ability.get("continuous")
    if cont is not None and cont.pop("_anim", None) == "lasting" and _ENDS_WITH_TURN.search(bare):
        raise NotRead("an indefinite animation beside an effect that ends with the turn")
    return ability


class AnimateReader:
    """The methods of oneshot.py's transformer for the animation block of oneshot.lark."""

    def os_anim_colors(self, children):
        if children[0].type == "COLORLESS":
            return ("colors", [])
        found = [str(c).lower() for c in children]
        if len(set(found)) != len(found):
            raise NotRead("a color twice")
        return ("colors", found)

    def os_anim_kw(self, children):
        return {"keyword": " ".join(str(children[0]).lower().split())}

    def os_anim_keywords(self, children):
        found = [c for c in children if isinstance(c, dict)]
        if len({k["keyword"] for k in found}) != len(found):
            raise NotRead("a keyword twice")
        return found

    def os_anim_with(self, children):
        grants = next((c for c in children if isinstance(c, list)), [])
        return ("with", any(getattr(c, "type", None) == "OS_ALL_CREATURE_TYPES" for c in children), grants)

    def os_anim_kind(self, children):
        # the kind statics.py's st_kind gives (its _add_kind, _tail and st_become read it)
        kind = {"types": [], "subtypes": [], "colors": [], "colorless": False, "pt": None, "grants": [],
                "all_creature_types": False}
        for c in children:
            if isinstance(c, tuple) and c[0] == "colors":
                kind["colors"], kind["colorless"] = c[1], not c[1]
            elif isinstance(c, tuple) and c[0] == "with":
                kind["all_creature_types"], kind["grants"] = c[1], c[2]
            elif getattr(c, "type", None) == "OS_PT":
                if str(c)[0] in "+-":
                    raise NotRead("a modification, not a power and toughness")
                kind["pt"] = _pt(c)
            elif getattr(c, "type", None) == "TYPE":
                kind["types"].append(str(c).capitalize())
            elif getattr(c, "type", None) == "SUBTYPE":
                kind["subtypes"].append(subtype(c))
        if len(set(kind["subtypes"])) != len(kind["subtypes"]) or len(set(kind["types"])) != len(kind["types"]):
            raise NotRead("a type twice")
        return kind

    def _animate(self, obj, kind: dict, keep: bool, lasting: bool) -> Piece:
        ops = animation_ops(dict(kind), keep)
        cont = {"do": ops, "_anim": "lasting" if lasting else "eot"}
        if isinstance(obj, Tgt):  # 611.2c: on the target
            if obj.spec.get("what") not in ("creature", "permanent") or obj.spec.get("count", 1) != 1:
                raise NotRead("an animation of a target that may be no permanent, or of several")
            piece = Piece([], [obj], continuous={**cont, "_targets": True})
        elif obj in ("it", "that"):
            piece = Piece([], continuous={"applies_to": {"self": True}, **cont}, uses_it=True)
            piece = _that(piece) if obj == "that" else piece
        elif obj == {"self": True} or is_attached(obj):  # the source; the object it is attached to (303.4)
            piece = Piece([], continuous={"applies_to": obj, **cont})
        else:
            raise NotRead("an animation of a set of objects")
        self._anim = (piece, kind, keep)  # for "It's still a land." after it (os_anim_still)
        return piece

    def os_animate(self, children):
        obj, kind = children[0], next(c for c in children if isinstance(c, dict) and "types" in c)
        names = [getattr(c, "type", None) for c in children]
        return self._animate(obj, kind, "OS_ANIM_KEEP" in names, "OS_ANIM_EOT" not in names)

    def os_animate_eot_first(self, children):
        obj, kind = children[1], next(c for c in children if isinstance(c, dict) and "types" in c)
        return self._animate(obj, kind, any(getattr(c, "type", None) == "OS_ANIM_KEEP" for c in children), False)

    def os_anim_still(self, _):
        # 205.1b: "It's still a land." after "[this land] becomes a ... creature": it keeps its card types and subtypes
        found = getattr(self, "_anim", None)
        if found is None:
            raise NotRead("'It's still a land.' after no animation")
        piece, kind, keep = found
        if keep:
            return []
        n = len(animation_ops(dict(kind), False))
        piece.continuous["do"][:n] = animation_ops(dict(kind), True)
        return []
