"""A database card as a card of the vocabulary (issue 20): its printed characteristics exact, its
abilities its Oracle paragraphs, of which only keyword abilities the vocabulary knows are executable.

:func:`card_file` turns a :class:`~engine.files.carddb.PrintedCard` into a
:class:`~engine.vocab.cardfile.CardFile` a board can hold:

- the printed characteristics (201-209) come from the database as they are; colors from the mana
  cost and the color indicator (202.2, 204);
- each Oracle paragraph (reminder text aside) becomes one ability or, for a line of keywords
  ("Flying, first strike"), one keyword ability per keyword (702.1), as the Oracle grammar reads it
  (engine/vocab/oracle/oracle.lark, issue 21). A keyword the vocabulary knows (engine/vocab/keywords.py)
  is a keyword ability, executable wherever the vocabulary executes it;
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
from engine.vocab.cardfile import CardFile, parse_activation_cost
from engine.files.cardcheck import LOYALTY_BRACKETS
from engine.vocab.oracle.backup import backup_grants
from engine.vocab.oracle.overload import overload_texts
from engine.vocab.oracle.support import spell_support  # 701.41a (issue 21: "Support N." of an instant or a sorcery)
from engine.vocab.oracle.compile import compile_mode, compile_paragraph, keyword_line  # noqa: F401 (keyword_line: tests)
from engine.vocab.oracle.dietable import join_tables  # 706 (issue 21: a die roll's results table)
from engine.vocab.oracle.levelers import compiled_bands as level_bands
from engine.vocab.oracle.oneshot_eff import link_exiled
from engine.vocab.oracle.words import ABILITY_WORD, REMINDER
from engine.vocab.oracle.misckw import is_exhaust

IMPORT_FIX = ("import fuller card data: mtgjudge cards import FILE (MTGJSON AtomicCards.json or Scryfall's "
              "oracle-cards file)")

QUOTED = re.compile(r'"[^"]*"')


def _other_ability(paragraph: str, types: tuple[str, ...]) -> dict:
    """A paragraph the vocabulary does not read: its text (reminder text aside, 207.1) under the kind
    its form says (113.3). A paragraph that is all reminder text, "({T}: Add {G}.)" of a land with a
    basic land type, is the ability it reminds of (305.6)."""
    text = " ".join(REMINDER.sub("", paragraph).split()) or " ".join(paragraph.split()).removeprefix("(").removesuffix(")")
    word = ABILITY_WORD.match(text)  # an ability word has no rules meaning (207.2c): "Ferocious — {T}: ..."
    if re.match(r"(When|Whenever|At) ", text[word.end() if word else 0:]):  # 603.1 ("Landfall — Whenever ...")
        return {"kind": "triggered", "text": text}
    head, colon, effect = text[word.end() if word else 0:].partition(": ")
    if colon and effect and not head.startswith("•") and '"' not in head:  # a colon in a quoted ability is its own
        try:
            cost = parse_activation_cost(head)
        except ValueError:
            cost = None
        if cost is not None:
            # 605.1a: no target, could add mana itself (not a quoted ability it grants), not a loyalty ability
            mana = "Add " in QUOTED.sub("", effect) and "target" not in effect and cost.loyalty is None
            return {"kind": "activated", "cost": head, "effect": effect, "mana": mana,
                    "loyalty": cost.loyalty is not None, "exhaust": is_exhaust(text)}  # 702.177a: not an ability word
    if "Instant" in types or "Sorcery" in types:
        return {"kind": "spell", "text": text}
    return {"kind": "static", "text": text}


def abilities_of(oracle: str, types: tuple[str, ...], name: str = "", legendary: bool = False) -> list:
    """The abilities of an Oracle text: each paragraph compiled (engine/vocab/oracle), or its text alone
    (``legendary``: a legendary creature's or planeswalker's, its text naming it by its first word, 201.5c)."""
    out: list = []
    paragraphs = [p for p in oracle.splitlines() if p.strip()]
    # 107.8, 711: a leveler's level symbol, its power/toughness box and its band's abilities are one static
    # ability (engine/vocab/oracle/levelers.py); a band that doesn't compile stays paragraphs of text
    levels = level_bands(paragraphs, name) if "LEVEL " in oracle else {}
    in_band = {j for i, (n, _) in levels.items() for j in range(i + 1, i + n)}
    compiled_all = [levels[i][1] if i in levels else None if i in in_band else compile_paragraph(p, name, legendary)
                    for i, p in enumerate(paragraphs)]
    _modes(paragraphs, compiled_all, name, legendary)
    join_tables(paragraphs, compiled_all, compile_paragraph, name, legendary)  # 706: a roll and its results table
    overload_texts(paragraphs, compiled_all, compile_paragraph, name, legendary)  # 702.96a: 'each' for 'target'
    spell_support(paragraphs, compiled_all, types, compile_paragraph)  # 701.41a: an instant's or sorcery's "Support N."
    backup_grants(compiled_all)  # 702.165a: backup N grants the abilities printed below it (oracle/backup.py)
    link_exiled(compiled_all)  # 607.2a: "return the exiled card" and the exile it refers to
    # 614.15: a paragraph of a spell that replaces what another one does ("Spell mastery — ... deals 3
    # damage instead"): while it is not compiled, the instruction it replaces is not executed either
    instead = any(c is None and " instead" in REMINDER.sub("", p) for p, c in zip(paragraphs, compiled_all))
    for i, (paragraph, compiled) in enumerate(zip(paragraphs, compiled_all)):
        if i in in_band:
            continue
        if instead and compiled is not None and any(getattr(a, "kind", None) == "spell" for a in compiled):
            compiled = None
        elif compiled is not None and "Instant" not in types and "Sorcery" not in types and any(  # (not a mode)
                getattr(a, "kind", None) == "spell" for a in compiled):
            compiled = None  # 113.3a: only an instant's or a sorcery's (a mode of a modal triggered ability)
        if compiled is not None:
            out += compiled
        elif not REMINDER.sub("", paragraph).strip():
            # all reminder text (207.1): the ability it reminds of where it is one, "({T}: Add {G}.)" of
            # a land with a basic land type (305.6); else no ability ("({W/P} can be paid with ...)")
            reminded = _other_ability(paragraph, types)
            if reminded["kind"] == "activated":
                out.append(reminded)
        else:
            out.append(_other_ability(paragraph, types))
    return out


def _modes(paragraphs: list[str], compiled_all: list, name: str, legendary: bool = False) -> None:
    """603.3c, 700.2: the modes ("• ...") after a modal triggered (or activated, 700.2a) ability, each read as that trigger's
    effect (kind mode, engine/vocab/oracle/compile.py); when one of them is not read, neither is the
    ability (its modes are numbered among all of them: never half-read)."""
    for i, compiled in enumerate(compiled_all):
        if compiled and compiled[0].kind == "spell" and getattr(compiled[0], "modes", None) is not None and (
                compiled[0].modes.number > 1 or compiled[0].modes.any_number or compiled[0].modes.any_number_if_kicked
                or compiled[0].modes.more is not None):
            for k in range(i + 1, len(paragraphs)):  # (a modal spell's: the same, 700.2c)
                if not paragraphs[k].lstrip().startswith("•"):
                    break
                if compiled_all[k] and any(t.up_to for a in compiled_all[k] for t in getattr(a, "targets", None) or ()):
                    compiled_all[k] = None
        if not compiled or getattr(compiled[0], "modes", None) is None or compiled[0].kind not in ("triggered", "activated"):
            continue
        j = i + 1
        while j < len(paragraphs) and paragraphs[j].lstrip().startswith("•"):
            j += 1
        modes = [compile_mode(paragraphs[i], p, name, legendary) for p in paragraphs[i + 1:j]]
        several = compiled[0].modes.number > 1 or compiled[0].modes.any_number
        if several and any(t.up_to for m in modes if m is not None for t in m.targets or ()):
            modes = [None]  # "up to one target" of one of several modes: its targets not told apart (601.2c)
        if not modes or any(m is None for m in modes):
            compiled_all[i:j] = [None] * (j - i)
        else:
            compiled_all[i + 1:j] = [[m] for m in modes]


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
    # 606: MTGJSON's "[+1]: ..." is the loyalty ability "+1: ..." (engine/files/cardcheck.py)
    oracle = "\n".join(LOYALTY_BRACKETS.sub(r"\1\2:", line) for line in card.oracle.splitlines())
    data = {
        "name": card.name, "mana_cost": card.mana_cost,
        "color_indicator": list(card.color_indicator) if card.color_indicator else None,  # 204 (carddb)
        "supertypes": list(card.supertypes),
        "types": list(card.types), "subtypes": list(card.subtypes), "oracle": oracle,
        "power": _number(card.power),
        "toughness": _number(card.toughness),
        "loyalty": _number(card.loyalty),
        "defense": _number(card.defense),
        "abilities": abilities_of(oracle, card.types, card.name, "Legendary" in card.supertypes and (
            "Creature" in card.types or "Planeswalker" in card.types)),
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
