"""702.6c: an equip ability with a quality ("Equip legendary creature {1}", "Equip Knight {1}"): the quality, a noun
phrase of objects.lark (equip.lark), read as the equip ability's target: "a creature controlled by the player
activating the ability that has the chosen quality" (a TargetSpec whose ``quality`` selector the targets machinery
matches after the layers, 115.1, 608.2b). The keyword line (oracle.lark) gives the quality as words; the
vocabulary keeps them (KeywordAbility.quality) and asks this module for their target."""

from __future__ import annotations

from functools import lru_cache

from engine.vocab.oneshot import TargetSpec
from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree
from engine.vocab.oracle.oneshot_sentences import _spec_of


class _Reader(Objects):
    """The quality as a selector: one creature, singular ("Knight", "legendary creature"), no quantity."""

    def equip_quality(self, children):
        return children[0]

    def noun(self, children):
        if children[0].type in ("TYPES", "SUBTYPES", "TOKENS"):
            raise NotRead("a plural: not one creature's quality")
        return super().noun(children)

    def group(self, children):
        if any(getattr(c, "type", None) == "QUANT" for c in children):
            raise NotRead("a quantity ('each creature')")
        return super().group(children)


@lru_cache(maxsize=256)
def equip_target(quality: str) -> TargetSpec | None:
    """702.6c: the target of "Equip [quality] [cost]" ("Equip [quality] creature [cost]"): a creature you control
    with that quality; None when the words are no quality the selectors say, or name something other than a
    creature ("Equip planeswalker", 702.6e, another ability; "Equip creature or planeswalker"; "Equip commander")."""
    from lark.exceptions import LarkError

    try:
        sel = read_tree(_Reader(), parser("equip", ("equip_quality",)).parse(quality))
        if "controller" in sel:  # "you control" is the rule's own words, not the quality's
            raise NotRead("a controller")
        types = sel.get("types", [])
        if "any_types" in sel or (types and "Creature" not in types):  # 702.6e "Equip planeswalker": another ability
            raise NotRead("not a creature")
        spec = _spec_of(dict(sel, types=types or ["Creature"]))
    except (LarkError, NotRead):
        return None
    if spec["what"] != "creature":
        return None
    try:
        return TargetSpec.model_validate(dict(spec, what="creature", controller="you"))
    except ValueError:
        return None
