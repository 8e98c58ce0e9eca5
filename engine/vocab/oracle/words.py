"""The words of a paragraph as the Oracle grammars read them (no parsing library needed)."""

from __future__ import annotations

import re
from functools import lru_cache

REMINDER = re.compile(r"\s*\([^()]*\)")  # reminder text, in parentheses (207.1)
ABILITY_WORD = re.compile(r"[A-Z][A-Za-z' ,-]* — ")  # a label and its dash, as an ability word is printed (207.2c)
COUNTER_KIND = re.compile(r"\b[a-z]+ (?=counters?\b)")  # 122.1: "a charge counter": a kind's name
# 122.1b-g, 714, 711: the counter kinds a rule gives a meaning to (keyword, shield, stun, loyalty, poison, defense,
# finality, rad counters; lore counters of Sagas; level counters of levelers)
RULED_COUNTERS = frozenset({"shield", "stun", "loyalty", "poison", "defense", "finality", "lore", "level", "rad",
                            "flying", "deathtouch", "decayed", "exalted", "haste", "hexproof", "indestructible",
                            "lifelink", "menace", "reach", "shadow", "trample", "vigilance", "strike", "first",
                            "double"})


@lru_cache(maxsize=1)
def _labels() -> re.Pattern:
    """207.2c-d: an ability word or a flavor word and its dash, from objects.lark's terminals ABILITY_WORD and
    FLAVOR_WORD (the one list, shared by every family's grammar)."""
    from pathlib import Path

    text = (Path(__file__).with_name("objects.lark")).read_text(encoding="utf-8")
    words = [re.search(rf"^{name}: /(.+)/$", text, re.M) for name in ("ABILITY_WORD", "FLAVOR_WORD")]
    assert all(words), "objects.lark has no terminal ABILITY_WORD or FLAVOR_WORD"
    return re.compile("(?:" + "|".join(w.group(1) for w in words) + ") — ")


def ability_word(words: str) -> re.Match | None:
    """207.2c-d: the ability word or flavor word and its dash that begin ``words`` ("Raid — ", "Spell mastery — ",
    "Wraith Form — "), or None; neither has a rules meaning: the ability is the words after it. Not a label that
    has one ("Max speed —", "Exhaust —", "Visit —", a chapter number: objects.lark's FLAVOR_WORD)."""
    return _labels().match(words)


def bare(paragraph: str, name: str = "", legendary: bool = False) -> str:
    """A paragraph as the grammars read it: reminder text removed (207.1), white space single, the
    card's name (or a legendary card's short name, "Isamaru" for "Isamaru, Hound of Konda") as "~".
    ``legendary`` (a legendary creature or planeswalker card, a character): its name without a comma shortened to
    its first word too ("Tuvasa" for "Tuvasa the Sunlit", "Zurgo" for "Zurgo Helmsmasher"; 201.5c: a card's
    shortened name in its text is its full name), unless that word is a type, a subtype, a color, a title or
    a possessive ("Sliver" of "Sliver Overlord", "The" of "The Ur-Dragon": other words)."""
    text = " ".join(REMINDER.sub("", paragraph).split())
    for face in (n.strip() for n in name.split("//") if n.strip()):
        text = text.replace(face, "~")
        if face.startswith("A-"):  # an Alchemy rebalanced card ("A-Armory Veteran"): its text names it without "A-"
            face = face[2:]
            text = text.replace(face, "~")
        short = face.split(",")[0]
        if short == face and legendary and " " in face:
            short = face.split(" ")[0]
            if _type_word(short):
                continue
        if short != face and len(short) > 2:
            text = re.sub(rf"\b{re.escape(short)}\b", "~", text)
    return text


# the first words of legendary names that are not those cards' shortened names: articles, colors, titles
_NOT_SHORT_NAMES = frozenset({"The", "A", "An", "White", "Blue", "Black", "Red", "Green", "General", "King", "Queen",
                              "Lord", "Lady", "Sir", "Captain", "Doctor", "Professor", "Mister", "Space", "Storm",
                              "Thousand", "Dragonlord", "Grand", "High", "Elder", "Old", "Young", "Great", "Mother",
                              "Father", "Saint", "Prince", "Princess", "Emperor", "Empress", "Baron", "Count"})


_TYPE_WORDS = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery",
                         "Kindred", "Tribal", "Legendary", "Basic", "Snow", "World", "Ongoing", "Token", "Card"})


def _type_word(word: str) -> bool:
    """A card type, a supertype, a subtype (205), a color, a title or a possessive: not a card's shortened name."""
    return word.endswith("'s") or word in _NOT_SHORT_NAMES or word.rstrip("s").capitalize() in _TYPE_WORDS \
        or word in _subtype_words()


@lru_cache(maxsize=1)
def _subtype_words() -> frozenset[str]:
    """The subtypes (205.3), singular and plural, as subtypes.lark lists them."""
    from engine.vocab.oracle.subtypes import FILE

    return frozenset(re.findall(r'"([^"]+)"', FILE.read_text(encoding="utf-8")))
