"""Hand encodings against compiled ones (issue 21): for a card file of the library, the abilities the
Oracle compiler (engine/vocab/oracle) gives its database card, paragraph by paragraph.

:func:`compare` pairs the hand file's abilities with the compiled card's, in Oracle order (the
Oracle text check makes both follow the paragraphs), and says of each pair:

- ``same``: the compiled ability is the hand ability (equal models of the vocabulary);
- ``not compiled``: the compiler keeps the paragraph as text (no program executes it) where the hand
  file encodes it: the hand file is needed;
- ``different``: both encode it, not alike: one of them is wrong, or they are two encodings of one
  meaning; tests/test_oracle_hand.py lists each with its resolution;
- ``only compiled``: the hand file keeps the paragraph as text, the compiler encodes it;
- ``unpaired``: the two don't have the same abilities (a paragraph read into another number of
  abilities).

A card file the compiler reproduces exactly (every pair ``same``, nothing but abilities the card
file's printed data already match) is not needed in the library: :func:`reproduced`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.files.cardcheck import disagreements, is_database_card


@dataclass(frozen=True)
class Pair:
    index: int  # the ability's number in the card (from 1)
    verdict: str
    hand: Any
    compiled: Any


def _executable(ab) -> bool:
    from engine.vocab.cardfile import executable_by

    return executable_by(ab, reads=False) is not None  # (what the file encodes, the loop's reading aside: issue 24)


def _norm(ab):
    """A keyword's ``text`` that only spells its displayed form otherwise ("protection from red" in a
    line, "Swampwalk") says nothing more: dropped before comparing."""
    if getattr(ab, "kind", None) == "keyword" and ab.text is not None:
        plain = ab.model_copy(update={"text": None})
        if plain.display().lower() == ab.text.lower():
            return plain
    return ab


def compare(card, printed) -> list[Pair]:
    """The hand card's abilities paired with its database card's compiled abilities (see above)."""
    from engine.files.dbcards import card_file

    compiled = card_file(printed)
    hand, mine = list(card.abilities), list(compiled.abilities)
    hand, mine = [_norm(a) for a in hand], [_norm(a) for a in mine]
    if len(hand) != len(mine) or any(h.display().lower() != c.display().lower() for h, c in zip(hand, mine)):
        return [Pair(i, "unpaired", h, c) for i, (h, c) in enumerate(
            zip(hand + [None] * (len(mine) - len(hand)), mine + [None] * (len(hand) - len(mine))), 1)]
    out = []
    for i, (h, c) in enumerate(zip(hand, mine), 1):
        if h == c:
            verdict = "same"
        elif not _executable(c):
            verdict = "not compiled" if _executable(h) else "same"  # both text: nothing is executed
        elif not _executable(h):
            verdict = "only compiled"
        else:
            verdict = "different"
        out.append(Pair(i, verdict, h, c))
    return out


def reproduced(card, printed) -> bool:
    """Whether the compiler gives this card file exactly: a database card whose printed data the
    file doesn't overrule, no Adventure (the database has the main face only), every ability ``same``."""
    if not is_database_card(card) or card.adventure is not None or disagreements(card, printed):
        return False
    return all(p.verdict == "same" for p in compare(card, printed))
