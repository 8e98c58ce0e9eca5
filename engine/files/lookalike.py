"""Card names with look-alike characters (issue 25): a name is matched exactly, after the documented folds only
(case, accents, the ligatures of carddb.NAME_FOLDS, runs of white space: docs/board-format.md, "Card names"). A
character that only looks like a letter of the name is not one of those folds: a Cyrillic or Greek letter ('а',
U+0430, for 'a'), a compatibility form (full-width 'Ｇ', the ligature 'ﬁ', a superscript), a character that is
not seen (a zero-width space, a soft hyphen, a direction mark), a typographic apostrophe or dash. Such a name
never matches a card silently: it is an error whose fix names the character and the real name it looks like (the
name's skeleton: NFKC, then the common look-alikes of Latin letters mapped back).

Card names of the card data are Latin letters, with accents, and a few signs (an em dash, '®', a modifier
letter colon): none of them counts as a look-alike (the test is on the letters of a name, not on its signs)."""

from __future__ import annotations

import unicodedata

# The common look-alikes of Latin letters and of the signs of card names (Unicode's confusables, the part that
# matters for names typed or pasted): Cyrillic, Greek, a few Latin letters of other alphabets, typographic quotes
# and dashes. NFKC handles the compatibility forms (full width, ligatures, mathematical letters) first.
CONFUSABLES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "ԝ": "w", "х": "x",
    "ү": "y", "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ԝ": "W",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "ω": "w", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Latin letters that look like others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ʏ": "y", "ɩ": "i", "ꞵ": "b",
    # quotes and dashes (card names write ' and -)
    "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u2032": "'", "`": "'", "´": "'",
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2212": "-",
}


def _invisible(ch: str) -> bool:
    """A character that is not seen: a format character (zero-width space and joiners, soft hyphen, direction
    marks, the byte-order mark) or a control character other than white space."""
    return unicodedata.category(ch) in ("Cf", "Cc") and not ch.isspace()


def _foreign_letter(ch: str) -> bool:
    """A letter that is not a Latin one (Cyrillic, Greek, ...): card names are written in Latin letters."""
    if not unicodedata.category(ch).startswith("L") or ch.isascii():
        return False
    name = unicodedata.name(ch, "")
    return not name.startswith(("LATIN ", "MODIFIER LETTER "))


def _compatibility(ch: str) -> bool:
    """A compatibility form (full-width letters, ligatures such as 'ﬁ', superscripts): NFKC changes it, and it is
    not white space (a no-break space is one more space)."""
    return not ch.isspace() and unicodedata.decomposition(ch).startswith("<")


def lookalikes(name: str) -> list[tuple[int, str]]:
    """The characters of ``name`` that only look like those of a card name: (1-based position, character)."""
    return [(i + 1, ch) for i, ch in enumerate(name)
            if not ch.isascii() and (ch in CONFUSABLES or _invisible(ch) or _foreign_letter(ch) or _compatibility(ch))]


def skeleton(name: str) -> str:
    """The name with its look-alikes replaced by what they look like: invisible characters dropped, NFKC, the
    confusables mapped."""
    text = "".join(ch for ch in name if not _invisible(ch))
    text = unicodedata.normalize("NFKC", text)
    return "".join(CONFUSABLES.get(ch, ch) for ch in text)


def describe(name: str) -> str:
    """'U+0435 CYRILLIC SMALL LETTER IE at character 10, ...' for the look-alikes of ``name`` (the first three)."""
    found = lookalikes(name)
    parts = [f"U+{ord(ch):04X} {unicodedata.name(ch, 'UNNAMED CHARACTER')} at character {i}" for i, ch in found[:3]]
    more = f" and {len(found) - 3} more" if len(found) > 3 else ""
    return ", ".join(parts) + more
