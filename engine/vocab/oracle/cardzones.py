"""Family 2 of the Oracle grammar (issue 21): the paragraphs of statics_zones.lark that statics.py's quick test leaves
out for a word of their templates ("Creature cards you own that aren't on the battlefield have flash.": "aren't"), read
with statics' parser and transformer (engine/vocab/oracle/statics_zones.py's methods). A family of
engine/vocab/oracle/compile.py (FAMILIES), after statics."""

from __future__ import annotations

import re

from engine.vocab.oracle import statics

# the keywords the game loop reads on a card outside the battlefield when an effect gives it one there (702.8a flash:
# as the card is cast, engine/game/granted_cards.py)
OUTSIDE_KEYWORDS = frozenset({"flash"})
# the phrases of this extension that statics.py's quick test refuses ("aren't"): the paragraphs this family reads
_MINE = re.compile(r" you own that aren't on the battlefield\b")


def read(bare: str) -> list[dict] | None:
    """The static ability a paragraph of this extension is (statics.py's parser and transformer), or None: only the
    paragraphs with a phrase of :data:`_MINE` (statics.py reads the others, its quick test passing them)."""
    if not _MINE.search(bare):
        return None
    found = statics._read(bare)
    # (a paragraph read by statics.lark's own sentences without this extension's subjects is not this family's)
    if found is None or "not_battlefield" not in str(found):
        return None
    for ability in found:  # 613.1f: the keywords the game loop reads on a card outside the battlefield
        for op in ability.get("continuous", {}).get("do", []):
            if op.get("op") == "add_abilities" and any(g.get("keyword") not in OUTSIDE_KEYWORDS for g in op["abilities"]):
                return None
    return found
