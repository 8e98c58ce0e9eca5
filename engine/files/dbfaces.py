"""Database cards for the card library and the boards (issue 20): a name the library has no card file
for is a card of the card database (engine/files/carddb.py), made a card of the vocabulary by
engine/files/dbcards.py, with the face it shows settled here.

Which face a name gives (712 *(EN)*, double-faced cards; 709, split cards; 715, adventurers):

- a card with one face, or the front face of a transforming or modal double-faced card, a flip, meld,
  adventurer or reversible card (found by its full name "A // B" or by its front face's name "A"): the
  front face, under its own name "A" (712.8 *(EN)*: in every zone but the battlefield and the stack, and
  on the battlefield with its front face up, a double-faced card has its front face's characteristics
  only; 715.4: an adventurer card outside the stack has its creature characteristics only). The data
  holds no other face of these (docs/board-format.md);
- the back face of a transforming double-faced card, a card of its own in the data found by its name:
  the card with its back face up, only on the battlefield (712.8 *(EN)*: elsewhere it has its front
  face's characteristics); it has no mana cost, and its mana value is its front face's (202.3a-b);
  its colors are its color indicator's (202.2e), which the data must have;
- a split or aftermath card: both halves' characteristics at once in every zone but the stack (709.4
  *(EN)*), and the data holds the first half only: bad input naming the import command;
- a melded permanent (712.4 *(EN)*): two cards, its mana value its front faces' together: bad input.

The open database is kept per thread (sqlite connections stay in their thread: the judge's desk
answers in worker threads) and reopened when the index file changes (`mtgjudge cards import`); a
database card converted once is kept for the process.
"""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass
from pathlib import Path

from engine.files.carddb import (UNAVAILABLE, CardDatabase, CardDatabaseUnavailable, PrintedCard, cache_dir,
                                 fold_name, open_database)
from engine.files.dbcards import IMPORT_FIX, card_file
from engine.files.errors import InputError
from engine.vocab.cardfile import CardFile

# Layouts whose data record "A // B" is a card with a face A of its own, shown by default.
FRONT_FACE_LAYOUTS = ("transform", "modal_dfc", "adventure", "flip", "meld", "prepare", "reversible_card")
# Layouts whose card is both halves at once outside the stack (709.4): the data holds only the first.
BOTH_HALVES_LAYOUTS = ("split", "aftermath")
NO_DATABASE = f"the card database {UNAVAILABLE}"


@dataclass(frozen=True)
class Found:
    """A database card as the library gives it: its card of the vocabulary (or why there is none), its
    record, and for a transforming card's back face its front face's name and mana value (202.3b)."""

    record: PrintedCard
    card: CardFile | None
    problem: InputError | None  # the card's data lacks a value mtgjudge needs (no file, no field yet)
    front_face: str | None = None
    front_mana_value: int | None = None

    def card_or_raise(self, file: str | None, field_name: str | None) -> CardFile:
        if self.card is None:
            p = self.problem
            assert p is not None
            raise InputError(file, field_name, p.problem, p.fix)
        return self.card


_LOCAL = threading.local()
_FOUND: dict[tuple[str, str], Found] = {}  # (the index's stamp, the record's name) -> what it gives


def database() -> CardDatabase:
    """The open card database of this thread; raises CardDatabaseUnavailable without one."""
    key = str(cache_dir())
    db: CardDatabase | None = getattr(_LOCAL, "db", None)
    if db is not None and _LOCAL.key == key and _stamp(db.index) == _LOCAL.stamp:
        return db
    if db is not None:
        db.close()
        _LOCAL.db = None
    db = open_database()
    _LOCAL.db, _LOCAL.key, _LOCAL.stamp = db, key, _stamp(db.index)
    return db


def forget() -> None:
    """Close this thread's database and drop the converted cards (a test that changes the data)."""
    db = getattr(_LOCAL, "db", None)
    if db is not None:
        db.close()
    _LOCAL.db = None
    _FOUND.clear()


def _stamp(index: Path) -> tuple[int, int] | None:
    try:
        st = index.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_ino


def data_stamp() -> str | None:
    """What the converted cards of this thread's database are kept by (``find``): its source's stamp, or its
    path for a user's index; None without a database."""
    try:
        db = database()
    except CardDatabaseUnavailable:
        return None
    return db.source.stamp if db.source is not None else f"index {db.index}"


def find(name: str) -> Found | None:
    """The database card ``name`` finds (exact name, case and accents folded, a front face's name), or
    None for no card; a front face two cards share is bad input naming both. Raises
    CardDatabaseUnavailable without a database."""
    db = database()
    names = db.names_for(name)
    if len(names) > 1:
        raise InputError(None, None, f"{name!r} is the front face of {len(names)} cards",
                         "give the full name: " + " or ".join(repr(n) for n in names))
    if not names:
        return None
    key = (db.source.stamp if db.source is not None else f"index {db.index}", names[0])  # a user's index: no source
    found = _FOUND.get(key)
    if found is None:
        found = _FOUND[key] = _convert(db, db.card(names[0]))
    return found


def _convert(db: CardDatabase, record: PrintedCard) -> Found:
    def problem(text: str, fix: str = IMPORT_FIX) -> Found:
        return Found(record, None, InputError(None, None, f"{record.name}: {text}", fix))

    face = record
    if " // " in record.name:
        first = record.name.split(" // ")[0]
        if record.layout in BOTH_HALVES_LAYOUTS:
            return problem(f"the card data holds the half {first!r} only, and a{'n' if record.layout[0] in 'aeiou' else ''} "
                           f"{record.layout} card has both "
                           "halves' characteristics outside the stack (709.4)")
        face = dataclasses.replace(record, name=first)
    elif record.layout == "meld" and record.front_face is None:
        return problem("a melded permanent (712.4): two cards, its mana value their front faces' together "
                       "(202.3); mtgjudge does not read melded permanents", "name the two cards it melds from")
    front_value = None
    if record.front_face is not None:
        if not record.color_indicator_known:
            return problem("the back face of a double-faced card has the colors of its color indicator (202.2e), "
                           "and the card data has none")
        front = db.get(record.front_face)
        if front is None or front.mana_value is None:
            return problem(f"the mana value of a back face is its front face's (202.3b), and the card data has no "
                           f"mana value for {record.front_face!r}")
        front_value = front.mana_value
    try:
        card = card_file(face)
    except InputError as e:
        return Found(record, None, e, record.front_face, front_value)
    return Found(record, card, None, record.front_face, front_value)


def closest(name: str, library_names: list[str], n: int = 3) -> list[str]:
    """The names closest to ``name`` in spelling: the library's and the whole database's
    (CardDatabase.closest), by difflib's ratio on the folded names, ties by name. Raises
    CardDatabaseUnavailable without a database."""
    import difflib

    from engine.files.errors import closest as library_closest

    pool = library_closest(name, library_names, n=n) + database().closest(name, n=n)
    key = fold_name(name)
    seen: dict[str, str] = {}
    for c in pool:
        seen.setdefault(fold_name(c), c)
    ranked = sorted(seen.items(), key=lambda kv: (-difflib.SequenceMatcher(None, key, kv[0]).ratio(), kv[0]))
    return [c for _, c in ranked[:n]]


__all__ = ["BOTH_HALVES_LAYOUTS", "FRONT_FACE_LAYOUTS", "NO_DATABASE", "CardDatabaseUnavailable", "Found", "closest",
           "database", "find", "forget"]
