"""Protection (702.16): the quality of a "protection from [quality]" parsed once, and whether a source
has it. Everything that asks about protection asks here: the damage it prevents (702.16e, the
prevention effect the replacement program applies: engine/vocab/replacement.py
``protection_prevention``), the targets it forbids (702.16b, engine/game/targets.py), the blocks it
forbids (702.16f: the facts ``protection/2`` of asp_rules/block.lp, made by bridge/combat.py from
``Quality.term``), and the damage the combat damage step refuses to deal (engine/game/combat_damage.py).

702.16a: the quality is usually a color, but it may be any characteristic value or information; a
card type applies to sources that are permanents of that card type and to sources of that card type
that aren't on the battlefield. 702.16j: "protection from everything" is protection from every object.
A quality of other words (a subtype, a player, "spells that are one or more colors", "the chosen color"
left unchosen) is kept as words: ``matches`` can't say (None), and each place that asks says what
it does then. Plain data: no solver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from asp_rules.rulesdata import COLORS, TYPE_ORDER

# 205.2a: the card types, by their plural as a quality says them ("protection from artifacts")
_PLURAL_IRREGULAR = {"sorcery": "sorceries", "phenomenon": "phenomena", "kindred": "kindred"}
CARD_TYPE_WORDS = {word: t for t in TYPE_ORDER for word in (t, _PLURAL_IRREGULAR.get(t, t + "s"))}


@dataclass(frozen=True)
class Quality:
    """The quality of a protection (702.16a): a color, a card type (lower case, singular), everything
    (702.16j), or other words this module can't evaluate (``value`` holds them)."""

    kind: Literal["color", "card_type", "everything", "other"]
    value: str = ""

    def term(self) -> str | None:
        """The quality as a term of the combat facts: color(red), type(artifact), everything; None
        for other words (no fact: asp_rules/block.lp can't evaluate them either)."""
        if self.kind == "color":
            return f"color({self.value})"
        if self.kind == "card_type":
            return f"type({self.value})"
        if self.kind == "everything":
            return "everything"
        return None


def parse(quality: str) -> Quality:
    """'red' -> a color; 'artifacts', 'creature' -> a card type; 'everything'; anything else: other."""
    words = quality.strip().lower()
    if words in COLORS:
        return Quality("color", words)
    if words in CARD_TYPE_WORDS:
        return Quality("card_type", CARD_TYPE_WORDS[words])
    if words == "everything":
        return Quality("everything")
    return Quality("other", quality)


def matches(quality: Quality, source: Mapping[str, Any]) -> bool | None:
    """Whether a source with these characteristics (the layers' shape: ``colors``, lower-case
    ``types``; a spell's or card's own where it isn't a permanent) has the quality (702.16a, 702.16j);
    None for a quality of other words, which this can't evaluate."""
    if quality.kind == "everything":
        return True
    if quality.kind == "color":
        return quality.value in source.get("colors", ())
    if quality.kind == "card_type":
        return quality.value in source.get("types", ())
    return None
