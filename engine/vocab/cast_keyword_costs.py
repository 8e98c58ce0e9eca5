"""Whether the game loop pays the cost a cast keyword ability's words give (702; engine/vocab/cardfile.py's
``executable_by`` asks it before naming what executes the keyword): a cost of mana symbols for most of them; a cost in
words where the loop pays its parts (601.2h: buyback's, escalate's, morph's; flashback's of mana and words, 702.34a,
engine/vocab/mixed_costs.py); never a cost it would have to guess."""

from __future__ import annotations

import re

from engine.vocab import mixed_costs
from engine.vocab.activation import cost_in_words
from engine.vocab.keywords import affinity_quality

_MANA = re.compile(r"(\{[^}]+\})+")
# the cast keywords whose cost is mana symbols, or a cost in words the loop pays
_MANA_OR_WORDS = ("flashback", "buyback", "ward", "dash", "morph", "megamorph", "evoke", "entwine", "escalate",
                  "replicate", "surge", "spectacle", "disturb", "foretell", "warp", "squad", "offspring")


def paid(ab) -> bool:
    """The loop pays the cost of the cast keyword ``ab`` (a KeywordAbility) as written."""
    if ab.keyword == "affinity" and affinity_quality(ab.quality) == (None, None):
        return False
    # (702.37a-b: "Morph—Reveal a white card" is not paid yet either)
    if ab.keyword in _MANA_OR_WORDS and not _MANA.fullmatch(ab.cost or "") \
            and not (ab.keyword in ("buyback", "escalate", "morph", "megamorph") and cost_in_words(ab.cost) is not None) \
            and not (ab.keyword == "flashback" and mixed_costs.read(ab.cost) is not None):  # 702.34a (601.2h)
        return False  # a cost in words ("Flashback—Sacrifice a creature") is not paid yet (buyback's, escalate's: 601.2h)
    if ab.keyword == "disguise" and (not _MANA.fullmatch(ab.cost or "") or "{X}" in ab.cost.upper()):
        return False  # 702.168a: a disguise cost of mana symbols, no X (the face-up special action pays mana)
    if ab.keyword in ("plot", "suspend", "mayhem", "harmonize") and (not _MANA.fullmatch(ab.cost or "")
                                                                     or ab.keyword == "suspend" and ab.n is None):
        return False  # 702.170a, 702.62a, 702.187b, 702.180a: mana symbols only; 702.62a: suspend's N time counters
    if ab.keyword == "overload" and (ab.overloaded is None or not _MANA.fullmatch(ab.cost or "")):
        return False  # 702.96a: its overloaded text compiled, and a cost of mana symbols (engine/vocab/oracle/overload.py)
    return True
