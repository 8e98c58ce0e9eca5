"""A database card as a card of the vocabulary (issue 20): its printed characteristics exact, its
abilities its Oracle paragraphs, of which only keyword abilities the vocabulary knows are executable.

:func:`card_file` turns a :class:`~engine.files.carddb.PrintedCard` into a
:class:`~engine.vocab.cardfile.CardFile` a board can hold:

- the printed characteristics (201-209) come from the database as they are; colors from the mana
  cost and the color indicator (202.2, 204);
- each Oracle paragraph (reminder text aside) becomes one ability or, for a line of keywords
  ("Flying, first strike"), one keyword ability per keyword (702.1). A keyword the vocabulary knows
  (engine/vocab/keywords.py) is a keyword ability, executable wherever the vocabulary executes it;
  any other paragraph keeps only its text, under the kind its form says (113.3: "When", "Whenever",
  "At" begin a triggered ability, 603.1; "cost: effect" an activated one, 602.1; an instant's or a
  sorcery's text is its spell ability, 113.3a; the rest static, 113.3d), and is listed by every answer
  as not executed;
- a value the vocabulary can't hold (a loyalty of "X", a type no rule knows, a power of "∞") or a
  value the data lacks (a battle's defense) is bad input naming the value and the fix.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from engine.files.carddb import PrintedCard
from engine.files.errors import InputError
from engine.vocab.cardfile import CardFile, KeywordAbility, parse_activation_cost
from engine.vocab.keywords import KEYWORDS

IMPORT_FIX = ("import fuller card data: mtgjudge cards import FILE (MTGJSON AtomicCards.json or Scryfall's "
              "oracle-cards file)")

_REMINDER = re.compile(r"\s*\([^()]*\)")
# the keywords, longest first, so that "first strike" is tried before "first" and "trample over
# planeswalkers" before "trample"
_BY_LENGTH = sorted(KEYWORDS, key=len, reverse=True)
_LANDWALK = re.compile(r"^(.+)walk$")


def keyword_part(part: str) -> KeywordAbility | None:
    """One keyword as printed ("Flying", "Protection from red", "Equip {2}", "Bushido 1", "Swampwalk",
    "Ward—Pay 3 life") as a keyword ability of the vocabulary, or None when it is none it knows."""
    text = " ".join(part.split()).rstrip(".")
    low = text.lower()
    m = _LANDWALK.match(low)
    if m and " " not in m.group(1).strip():
        return _keyword(text, "landwalk", quality=m.group(1).capitalize())
    for k in _BY_LENGTH:
        if low == k:
            return _keyword(text, k)
        if low.startswith(k) and low[len(k)] in " —":
            rest = text[len(k):].lstrip(" —")
            param = KEYWORDS[k].param
            if param == "n":
                return _keyword(text, k, n=int(rest)) if rest.isdigit() else None
            if param == "cost":
                return _keyword(text, k, cost=rest)
            if param == "quality":
                for lead in ("from ", "for "):  # protection from X (702.16a), affinity for X (702.41a)
                    if rest.startswith(lead):
                        rest = rest[len(lead):]
                return _keyword(text, k, quality=rest)
            return None
    return None


def _keyword(printed: str, keyword: str, **param) -> KeywordAbility | None:
    try:
        ab = KeywordAbility(kind="keyword", keyword=keyword, **param)
    except (ValidationError, ValueError):
        return None
    if ab.display() != printed:
        ab = ab.model_copy(update={"text": printed})
    return ab


def keyword_line(paragraph: str) -> list[KeywordAbility] | None:
    """A paragraph that is a list of keywords (702.1: "Flying, first strike"; 702.16g: "protection from
    black and from red" is two), each known to the vocabulary; else None."""
    bare = " ".join(_REMINDER.sub("", paragraph).split())
    if not bare:
        return None
    bare = re.sub(r"protection from ([^,;]+?) and from ([^,;.]+)", r"protection from \1, protection from \2",
                  bare, flags=re.IGNORECASE)
    found = []
    for part in (p.strip() for p in re.split(r"[,;] ", bare)):
        ab = keyword_part(part)
        if ab is None:
            return None
        found.append(ab)
    return found


def _other_ability(paragraph: str, types: tuple[str, ...]) -> dict:
    """A paragraph the vocabulary does not read: its text under the kind its form says (113.3)."""
    text = " ".join(paragraph.split())
    if re.match(r"(When|Whenever|At) ", text):
        return {"kind": "triggered", "text": text}
    head, colon, effect = text.partition(": ")
    if colon and effect and not head.startswith("•"):
        try:
            cost = parse_activation_cost(head)
        except ValueError:
            cost = None
        if cost is not None:
            # 605.1a: no target, could add mana, not a loyalty ability
            mana = "Add " in effect and "target" not in effect and cost.loyalty is None
            return {"kind": "activated", "cost": head, "effect": effect, "mana": mana,
                    "loyalty": cost.loyalty is not None}
    if "Instant" in types or "Sorcery" in types:
        return {"kind": "spell", "text": text}
    return {"kind": "static", "text": text}


def abilities_of(oracle: str, types: tuple[str, ...]) -> list:
    out: list = []
    for paragraph in oracle.splitlines():
        if not paragraph.strip():
            continue
        keywords = keyword_line(paragraph)
        if keywords is not None:
            out += keywords
        else:
            out.append(_other_ability(paragraph, types))
    return out


def _number(value: str | None) -> int | str | None:
    """A printed number as the vocabulary holds it: digits as a number, "*" or "1+*" as printed (208.2)."""
    return int(value) if value is not None and value.isdigit() else value


def card_file(card: PrintedCard, file: str | None = None, field_name: str | None = None) -> CardFile:
    """The card of the vocabulary a database card is (see the module's docstring)."""
    if card.cost_problem:
        raise InputError(file, field_name, f"{card.name}: mana cost {card.mana_cost!r}: {card.cost_problem}",
                         "this card's cost uses a symbol mtgjudge does not read yet")
    if "Battle" in card.types and card.defense is None:
        raise InputError(file, field_name, f"{card.name}: the card data has no defense (310.4)", IMPORT_FIX)
    for what, value, rule in (("loyalty", card.loyalty, "209.1"), ("defense", card.defense, "310.4")):
        if value is not None and not value.isdigit():
            raise InputError(file, field_name, f"{card.name}: {what} {value!r} can't be read by mtgjudge yet (it reads "
                             f"a printed {what} that is a number, {rule})", "use a card file (--cards DIR) that encodes it")
    data = {
        "name": card.name, "mana_cost": card.mana_cost,
        "color_indicator": list(card.color_indicator) if card.color_indicator else None,  # 204 (carddb)
        "supertypes": list(card.supertypes),
        "types": list(card.types), "subtypes": list(card.subtypes), "oracle": card.oracle,
        "power": _number(card.power),
        "toughness": _number(card.toughness),
        "loyalty": _number(card.loyalty),
        "defense": _number(card.defense),
        "abilities": abilities_of(card.oracle, card.types),
        "source": "card database",
    }
    data = {k: v for k, v in data.items() if v is not None}
    try:
        return CardFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p[:1].isupper())]
        msg = err["msg"].removeprefix("Value error, ")
        value = data.get(str(loc[0])) if loc else None
        if len(loc) == 2 and isinstance(loc[1], int) and isinstance(value, list):  # types.0: the type 'Stickers'
            where, value = str(loc[0]).removesuffix("s"), value[loc[1]]
        else:
            where = ".".join(str(p) for p in loc) or "card"
        shown = f" {value!r}" if value is not None and not isinstance(value, list | dict) else ""
        raise InputError(file, field_name, f"{card.name}: {where}{shown} can't be read by mtgjudge yet ({msg})",
                         "use a card file (--cards DIR) that encodes it") from None
