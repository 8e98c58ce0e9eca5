"""Mana whose spending is restricted (106.6, issue 21): the last sentence of a
mana ability, "Spend this mana only to cast a creature spell.", "... to cast instant and sorcery spells.", "... to
cast an instant or sorcery spell.", "... to cast noncreature spells.", "... to cast spells.", "... to cast Vampire,
Cleric, and/or Demon spells.", "... to cast a creature spell of the chosen type." (106.6: some abilities that produce
mana restrict how that mana can be spent; the mana keeps its type).

The spells are read by costs.lark's ``cs_spells`` (the spells of cost rules, engine/vocab/oracle/costs.py) into a
selector the game loop matches against the spell being cast (601.2h: the restricted mana pays only its cost;
engine/game/spend_only.py). The singular "a creature spell", "an instant or sorcery spell" (one spell at a time: the
mana pays for the spell it is spent on) is read as the plural "creature spells", "instant and sorcery spells" says
it (a spell that has one of those types). A list "Vampire, Cleric, and/or Demon spells", "Mount or Vehicle spells",
"an Elemental spell or a Chandra planeswalker spell" is the union of its members (Selector.any_of). "Of the chosen
type": the creature type chosen for the mana's source as it entered (614.12; the source's choices, recorded with the
mana).

Activated abilities (602.2b: the mana pays an activated ability's cost as it is activated, mana abilities included,
605.1a): "Spend this mana only to activate abilities.", "... to cast an artifact spell or to activate an ability.",
"... or activate abilities of artifacts.", "... or activate abilities of Elemental sources.", "... or to activate an
ability of a Hero source.", "... or activate an ability of a creature source of the chosen type.": the sources whose
abilities that mana may pay for, a selector read as cs_spells reads "[words] spells" (matched against the source,
bridge/selectors.py). The rider "..., and that spell can't be countered." (106.6: an additional effect on the spell
the mana is spent on; 101.2) after spells only. Not read (the sentence stays, and the ability is not executable):
"you cast", "kicked spells", "to pay cumulative upkeep costs", "on costs that contain {X}", anything
cs_spells doesn't consume.

The Powerstone's (111.10h) and Vibranium's (111.10w) "This mana can't be spent to cast a nonartifact spell." (106.6):
the mana pays for artifact spells and for anything that is not casting a spell (an activated ability's cost, a cost
an effect asks): read as the spells "artifact spells" with ``elsewhere`` true (the game loop lets that mana pay
costs other than a spell's, engine/game/spend_only.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.oracle.costs import _Costs
from engine.vocab.oracle.objects import NotRead, parser, read_tree
from engine.vocab.selector import Selector


@dataclass(frozen=True)
class SpendOnly:
    """106.6: what restricted mana may be spent on. ``spells``: the spells it may pay for (601.2h; None: none);
    ``abilities``: the sources whose activated abilities' costs it may pay (602.2b; None: none, an empty selector: any
    source); ``elsewhere``: anything that is not casting a spell too (111.10h, the Powerstone's); ``uncounterable``:
    the spell that mana is spent on can't be countered (106.6: an additional effect on the spell the mana is spent
    on, "..., and that spell can't be countered"; 101.2: a counterspell doesn't counter it)."""
    spells: Selector | None = None
    abilities: Selector | None = None
    elsewhere: bool = False
    uncounterable: bool = False


# 106.6: the sentence, last in the ability's text (group 1: what follows "to ")
_SENTENCE = re.compile(r" Spend this mana only to ([^.]+)\.$")
# 106.6, 111.10h: "This mana can't be spent to cast a nonartifact spell." (group "type": the type the "non" denies);
# the plural "... to cast nonartifact spells." (The Mightstone and Weakstone: the same spells)
_CANT = re.compile(r" This mana can't be spent to cast (?:a non(?P<type>artifact) spell|non(?P<types>artifact) spells)\.$")
# the alternatives: "cast ... or to activate ...", "activate an ability or cast ...", "cast ..., or activate ..."
_CLAUSES = re.compile(r",? or (?:to )?(?=(?:cast|activate) )")
_CHOSEN = " of the chosen type"
# the members of a list: "Vampire, Cleric, and/or Demon", "Mount or Vehicle", "Cleric, Rogue, Warrior, or Wizard"
_MEMBERS = re.compile(r", (?:and/or |or )?| (?:and/or|or) ")
# activated abilities: "activate abilities", "activate an ability" (any source); "activate abilities of [plural]",
# "activate abilities of [words] sources", "activate an ability of a[n] [words] source", "... of a[n] [list]"
_ABILITIES = re.compile(r"activate (?:abilities|an ability)(?: of (?:(an?) )?(.+?))?")


def split(text: str) -> tuple[str, SpendOnly | None]:
    """The mana ability ``text`` without its last sentence "Spend this mana only to ..." and what that mana may be
    spent on (106.6); ``text`` itself and None when it has no such sentence or the sentence isn't read (then the text
    still holds it, and nothing reads the ability: never half-read)."""
    m = _SENTENCE.search(text)
    if m is None:
        cant = _CANT.search(text)
        if cant is None:
            return text, None
        return text[:cant.start()], SpendOnly(spells=_one(cant.group("type") or cant.group("types")), elsewhere=True)
    rule = _rule(m.group(1))
    return (text, None) if rule is None else (text[:m.start()], rule)


# 106.6: the additional effect on the spell the mana is spent on (Cavern of Souls, Delighted Halfling)
_UNCOUNTERABLE = ", and that spell can't be countered"


@lru_cache(maxsize=256)
def _rule(body: str) -> SpendOnly | None:
    if body.endswith(_UNCOUNTERABLE):
        rule = _rule(body[:-len(_UNCOUNTERABLE)])
        if rule is None or rule.spells is None or rule.abilities is not None:
            return None  # "that spell": spells only ("... or activate abilities, and that spell ...": not read)
        return SpendOnly(spells=rule.spells, uncounterable=True)
    spells: list[Selector] = []
    abilities: list[Selector] = []
    for clause in _CLAUSES.split(body):
        if clause.startswith("cast "):
            sel = _cast(clause[len("cast "):])
            if sel is None:
                return None
            spells.append(sel)
            continue
        m = _ABILITIES.fullmatch(clause)
        if m is None:
            return None
        sel = Selector() if m.group(2) is None else _sources(clause.startswith("activate an "), m.group(1), m.group(2))
        if sel is None:
            return None
        abilities.append(sel)
    return SpendOnly(spells=_union(spells), abilities=_union(abilities))


def _union(sels: list[Selector]) -> Selector | None:
    if not sels:
        return None
    return sels[0] if len(sels) == 1 else Selector(any_of=sels)


def _cast(words: str) -> Selector | None:
    """The spells of "cast a creature spell", "cast an Elemental spell or a Chandra planeswalker spell", "cast Mount or
    Vehicle spells", "cast a creature spell of the chosen type"."""
    if words.endswith(" spells") or words.endswith(" spells" + _CHOSEN) or words == "spells":
        chosen = words.endswith(_CHOSEN)
        head = words[:-len(_CHOSEN)] if chosen else words
        return _group(head[:-len("spells")].rstrip(), chosen)
    sels = []
    for one in re.split(r" or (?=an? )", words):  # "an Elemental spell or a Chandra planeswalker spell"
        m = re.fullmatch(r"(an?) (.+?) spell((?: of the chosen type)?)", one)
        if m is None or not _article(m.group(1), m.group(2)) or " and " in m.group(2):
            return None  # "a creature spells", "an artifact and creature spell" (both types)
        sel = _group(m.group(2), bool(m.group(3)))
        if sel is None:
            return None
        sels.append(sel)
    return _union(sels)


def _sources(singular: bool, article: str | None, words: str) -> Selector | None:
    """The sources of "activate abilities of artifacts", "... of Elemental sources", "activate an ability of an
    artifact source", "... of a Cleric, Rogue, Warrior, or Wizard", "... of a creature source of the chosen type"."""
    chosen = words.endswith(_CHOSEN)
    words = words[:-len(_CHOSEN)] if chosen else words
    if singular != (article is not None) or article is not None and not _article(article, words):
        return None  # "an ability of artifacts", "abilities of an artifact source"
    noun = " source" if singular else " sources"
    if words.endswith(noun):
        return _group(words[:-len(noun)], chosen)
    if chosen:
        return None
    if singular:
        return _group(words, False)  # "an ability of a Cleric, Rogue, Warrior, or Wizard"
    # the plural of a permanent: "artifacts", "Elementals", "Dragons", "Myr", "colorless Eldrazi"
    return _group(words, False) or (_group(words[:-1], False) if words.endswith("s") else None)


def _article(article: str, words: str) -> bool:
    """"a" before a consonant sound, "an" before a vowel."""
    return (article == "an") == (words[0].lower() in "aeiou")


def _group(words: str, chosen: bool) -> Selector | None:
    """The objects of the adjectives ``words`` ("creature", "instant or sorcery", "colorless Eldrazi", "Vampire,
    Cleric, and/or Demon"), as cs_spells reads "[words] spells"; a list is the union of its members."""
    either = re.fullmatch(r"(\w+) or (\w+)", words)
    if either and either.group(1).lower() in _TYPES and either.group(2).lower() in _TYPES:
        return _one(f"{either.group(1)} and {either.group(2)}", chosen)  # "instant or sorcery": either type
    members = _MEMBERS.split(words) if ("," in words or " or " in words or " and/or " in words) else [words]
    if len(members) == 2 and words.count(",") == 1 and ", and/or " not in words and ", or " not in words:
        return None  # "red, green" (a list needs its "or")
    sels = [_one(x, chosen) for x in members]
    if any(s is None for s in sels):
        return None
    return _union(sels)  # type: ignore[arg-type]


_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "land", "planeswalker", "battle")


@lru_cache(maxsize=256)
def _one(words: str, chosen: bool = False) -> Selector | None:
    if not words:
        return None if chosen else Selector()  # "spells"; "spells of the chosen type": not read
    if " or " in words or "," in words:
        return None
    phrase = words[:1].upper() + words[1:] + " spells" + (_CHOSEN if chosen else "")
    try:
        tree = parser("costs", ("cs_spells",)).parse(phrase)
        fields = read_tree(_Costs(), tree)
    except (LarkError, NotRead):
        return None
    if "controller" in fields:
        return None  # "you cast": not read here
    return Selector.model_validate(fields)


def anything_else(text: str) -> bool:
    """106.6: whether the mana of the ability ``text`` may pay anything but casting a spell too ("This mana can't be
    spent to cast a nonartifact spell.": the Powerstone's, 111.10h), not only the spells :func:`split` reads."""
    return _CANT.search(text) is not None
