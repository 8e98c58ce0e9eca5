"""The words of a paragraph as the Oracle grammars read them (no parsing library needed)."""

from __future__ import annotations

import re

REMINDER = re.compile(r"\s*\([^()]*\)")  # reminder text, in parentheses (207.1)
ABILITY_WORD = re.compile(r"[A-Z][A-Za-z' ,-]* — ")  # an ability word and its dash (207.2c): no rules meaning
COUNTER_KIND = re.compile(r"\b[a-z]+ (?=counters?\b)")  # 122.1: "a charge counter": a kind's name
# 122.1b-g, 714, 711: the counter kinds a rule gives a meaning to (keyword, shield, stun, loyalty, poison, defense,
# finality, rad counters; lore counters of Sagas; level counters of levelers)
RULED_COUNTERS = frozenset({"shield", "stun", "loyalty", "poison", "defense", "finality", "lore", "level", "rad",
                            "flying", "deathtouch", "decayed", "exalted", "haste", "hexproof", "indestructible",
                            "lifelink", "menace", "reach", "shadow", "trample", "vigilance", "strike", "first",
                            "double"})


def bare(paragraph: str, name: str = "") -> str:
    """A paragraph as the grammars read it: reminder text removed (207.1), white space single, the
    card's name (or a legendary card's short name, "Isamaru" for "Isamaru, Hound of Konda") as "~"."""
    text = " ".join(REMINDER.sub("", paragraph).split())
    for face in (n.strip() for n in name.split("//") if n.strip()):
        text = text.replace(face, "~")
        if face.startswith("A-"):  # an Alchemy rebalanced card ("A-Armory Veteran"): its text names it without "A-"
            face = face[2:]
            text = text.replace(face, "~")
        short = face.split(",")[0]
        if short != face and len(short) > 2:
            text = re.sub(rf"\b{re.escape(short)}\b", "~", text)
    return text
