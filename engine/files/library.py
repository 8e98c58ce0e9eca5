"""The card library: card files loaded by exact name (case-insensitive), package cards plus ``--cards DIR``."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from engine.vocab.cardfile import ABILITY_KINDS, CardFile, KeywordAbility
from engine.files import dbfaces
from engine.files.carddb import NAME_FOLDS, CardDatabaseUnavailable, fold_name
from engine.files.cardcheck import check_user_folder
from engine.files.errors import InputError, closest
from engine.files.known_keys import unknown_key_fix
from engine.files.lookalike import describe, lookalikes, skeleton
from engine.vocab.oracle.compile import REMINDER
from engine.files.ranges import bound_problem
from engine.files.yamlio import pydantic_location, read_file

PACKAGE_CARDS = Path(__file__).parent.parent / "cards"


def slug(name: str) -> str:
    """The id form of a name: lower case, accents folded to ASCII (Æther -> aether), every run of
    non-alphanumerics turned into '_', trimmed."""
    text = "".join(NAME_FOLDS.get(ch, ch) for ch in name.lower())
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")


def _card_error(path: Path, err: dict) -> InputError:
    loc = list(err["loc"])
    # A discriminated union puts the ability's kind into the location: abilities[0].keyword.n
    # -> abilities[0].n (the user wrote no such level).
    for i in range(len(loc) - 1):
        if isinstance(loc[i], int) and loc[i + 1] in ABILITY_KINDS:
            del loc[i + 1]
            break
    # An undiscriminated union names the member tried ("StateTrigger", "function-after[...]"): no level
    # the user wrote either (field names are lower case)
    loc = [p for p in loc if not isinstance(p, str) or not (p[:1].isupper() or "[" in p or p in ("int", "str", "bool", "constrained-int"))]
    where = pydantic_location(tuple(loc))
    kinds = ", ".join(ABILITY_KINDS)
    if err["type"] == "union_tag_invalid":
        tag = (err.get("ctx") or {}).get("tag", "?")
        return InputError(str(path), where, f"unknown ability kind {tag!r}", f"use one of: {kinds}")
    if err["type"] == "union_tag_not_found":
        return InputError(str(path), where, "an ability needs a 'kind'", f"add kind: one of {kinds}")
    if err["type"] == "extra_forbidden":
        return InputError(str(path), where, "unknown field", unknown_key_fix(loc[-1], (CardFile,), "docs/card-format.md",
                                                                         top=len(loc) == 1))
    bound = bound_problem(CardFile, {**err, "loc": tuple(loc)})  # a number outside its range (engine/files/ranges.py)
    if bound is not None:
        return InputError(str(path), where, *bound)
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    got = err.get("input")  # what was given, as the line says what is wanted ("3" or true for a number)
    if err["type"].endswith("_type") and not isinstance(got, (dict, list)):
        msg = f"{msg[0].lower()}{msg[1:]}, got {got!r}"
    return InputError(str(path), where, msg, "see docs/card-format.md")


def load_card_file(path: Path, fast: bool = False) -> CardFile:
    """A card file, validated. ``fast``: a file the package ships, parsed by libyaml (engine/files/yamlio.py)."""
    data = read_file(path, fast)
    if not isinstance(data, dict):
        raise InputError(str(path), None, "a card file must be a map of fields", "see docs/card-format.md")
    card = card_from_map(data, str(path))
    problems = ability_text_problems(card)
    if problems:
        raise InputError(str(path), "abilities", problems[0],
                         "give every ability its Oracle text, and every Oracle paragraph an ability")
    return card


def card_from_map(data: dict, file: str, field: str | None = None) -> CardFile:
    """A card file's map validated (docs/card-format.md); bad input names ``file`` and the field, under
    ``field`` when the map is part of another file (a board's token definition)."""
    try:
        return CardFile.model_validate(data, strict=True)  # no "3" or true taken as a number
    except ValidationError as e:
        # a check of ours (a value error) speaks of the member of a union the file meant; else the first
        errors = e.errors()
        err = _card_error(Path(file), next((x for x in errors if x["type"] == "value_error"), errors[0]))
        if field is not None:
            inner = err.field if err.field and err.field != "(top level)" else None
            err = InputError(file, field + (f".{inner}" if inner else ""), err.problem, err.fix)
        raise err from None


# 702.16g: "protection from black and from red" is two protection abilities.
_PROTECTION_PAIR = re.compile(r"protection from ([^,;]+?) and from ([^,;.]+)", re.IGNORECASE)


def _keyword_form(text: str) -> str:
    return _PROTECTION_PAIR.sub(r"protection from \1, protection from \2", " ".join(text.split())).lower()


def ability_text_problems(card: CardFile) -> list[str]:
    """Each ability's text stands in its face's Oracle text (keywords as displayed, case-insensitively),
    and each Oracle paragraph, reminder text aside, is some ability's text or a list of the keywords."""
    problems = []
    faces = [card] + ([card.adventure] if card.adventure else [])
    for face in faces:
        oracle = " ".join(face.oracle.split())
        plain = " ".join(REMINDER.sub("", face.oracle).split())  # an ability's text may leave reminder text out (207.1)
        keywords = [ab.display().lower() for ab in face.abilities if isinstance(ab, KeywordAbility)]
        texts = [" ".join(ab.text.split()) for ab in face.abilities if not isinstance(ab, KeywordAbility)]
        for i, ab in enumerate(face.abilities, 1):
            if isinstance(ab, KeywordAbility):
                if ab.display().lower() not in _keyword_form(oracle):
                    problems.append(f"{face.name}: ability {i} (keyword {ab.display()!r}) is not in the Oracle text")
            elif " ".join(ab.text.split()) not in oracle and " ".join(ab.text.split()) not in plain:
                problems.append(f"{face.name}: ability {i} text {ab.text!r} is not in the Oracle text")
        # A keyword whose printed form holds a comma (Escape—{4}{B}{G}, Exile six other cards ...)
        # is taken whole before the line is split into its keywords.
        whole = sorted((ab.display() for ab in face.abilities if isinstance(ab, KeywordAbility) and "," in ab.display()),
                       key=len, reverse=True)
        # an ability whose text is several consecutive paragraphs (a leveler's band: its level symbol, its
        # power/toughness box and its abilities, 711) covers them all
        lines = [" ".join(REMINDER.sub("", line).split()) for line in face.oracle.splitlines()]
        covered = {k for t in texts for i in range(len(lines)) for j in range(i + 2, len(lines) + 1)
                   if " ".join(x for x in lines[i:j] if x) == t for k in range(i, j)}
        for n, line in enumerate(face.oracle.splitlines()):
            if n in covered:
                continue
            rest = " ".join(line.split())
            if any(" ".join(t.split()) in " ".join(REMINDER.sub("", line).split()) and t not in rest for t in texts):
                rest = " ".join(REMINDER.sub("", line).split())
            for t in sorted(texts, key=len, reverse=True):  # what the abilities encode, longest first
                rest = rest.replace(t, " ")
            for k in whole:
                rest = re.sub(re.escape(k), " ", rest, flags=re.I)
            rest = " ".join(REMINDER.sub("", rest).split())
            rest = _PROTECTION_PAIR.sub(r"protection from \1, protection from \2", rest)
            parts = [p.strip() for p in re.split(r"[,;]", rest) if p.strip()]
            # Ability words ("Radiance —") have no rules meaning (207.2c).
            leftover = [p for p in parts if p.lower() not in keywords and p.strip(" .—-") != ""
                        and not re.fullmatch(r"[A-Za-z' ]+ —", p)]
            if leftover:
                problems.append(f"{face.name}: Oracle text {leftover[0]!r} is not encoded by any ability")
    return problems


class CardFolder:
    """A folder of card files whose file names are their cards' slugs (``check_folder``, tests/test_cards.py):
    a name's file is found from the name alone, read the first time the name is looked up and kept; the
    other files are not read until something needs every card (``read_all``)."""

    def __init__(self, folder: Path, shipped: bool = False):
        self.folder = Path(folder)
        self.shipped = shipped  # the package's own files: parsed by libyaml (engine/files/yamlio.py)
        self._files: dict[str, Path] | None = None  # slug -> file, listed on first use
        self.cards: dict[str, CardFile] = {}  # lower-cased name -> card, of the files read so far
        self.origin: dict[str, Path] = {}
        self._read: dict[str, CardFile] = {}  # slug -> the card of its file, for the files read

    def files(self) -> dict[str, Path]:
        if self._files is None:
            with os.scandir(self.folder) as entries:
                self._files = {e.name[:-5]: Path(e.path) for e in sorted(entries, key=lambda e: e.name)
                               if e.name.endswith(".yaml") and e.is_file()}
        return self._files

    def _read_file(self, stem: str) -> None:
        path = self.files()[stem]
        card = load_card_file(path, fast=self.shipped)
        self._read[stem] = card
        if slug(card.name) != stem:  # its name would not find it
            raise InputError(str(path), "name", f"card {card.name!r} is in a file not named after it",
                             f"name the file {slug(card.name)}.yaml")
        self.cards[card.name.lower()] = card
        self.origin[card.name.lower()] = path

    def files_read(self) -> set[Path]:
        """The files read so far."""
        return {self.files()[stem] for stem in self._read}

    def get(self, key: str) -> CardFile | None:
        """The card of this lower-cased name, its file read now if it wasn't."""
        card = self.cards.get(key)
        if card is None:
            stem = slug(key)
            if stem not in self._read and stem in self.files():
                self._read_file(stem)
                card = self.cards.get(key)
        return card

    def by_slug(self, stem: str) -> CardFile | None:
        """The card of the file named after this slug, its file read now if it wasn't; None if no file is."""
        if stem not in self._read and stem in self.files():
            self._read_file(stem)
        return self._read.get(stem)

    def read_all(self) -> None:
        for stem in self.files():
            if stem not in self._read:
                self._read_file(stem)


_MISSING = object()


class _Layered(Mapping):
    """A mapping by lower-cased card name: the entries added (user folders), over those of a CardFolder
    (the package's cards), which are read on demand. Iterating it reads the whole folder."""

    def __init__(self, added: dict, base: CardFolder | None, part: str):
        self.added, self.base, self._part = added, base, part  # part: "cards" or "origin" of the folder

    def get(self, key, default=None):
        if key in self.added:
            return self.added[key]
        if self.base is not None and self.base.get(key) is not None:
            return getattr(self.base, self._part)[key]
        return default

    def __getitem__(self, key):
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __contains__(self, key) -> bool:
        return self.get(key, _MISSING) is not _MISSING

    def __setitem__(self, key, value) -> None:
        self.added[key] = value

    def _everything(self) -> dict:
        if self.base is None:
            return self.added
        self.base.read_all()
        part = getattr(self.base, self._part)
        in_file_order = {name: part[name] for name in sorted(part, key=lambda name: self.base.origin[name].name)}
        return {**in_file_order, **self.added}

    def __iter__(self):
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())


class CardLibrary:
    """Cards by lower-cased name. Later folders override earlier ones (user cards over package cards).

    The package's cards are a CardFolder, read a file at a time as names are looked up; a ``--cards``
    folder is read whole when added (every file checked at once)."""

    def __init__(self, base: CardFolder | None = None):
        self.base = base
        self.cards = _Layered({}, base, "cards")
        self.origin = _Layered({}, base, "origin")

    def add_folder(self, folder: Path) -> None:
        folder = Path(folder)
        if not folder.is_dir():
            raise InputError(str(folder), "--cards", "is not a folder", "name a folder of card YAML files")
        here: dict[str, Path] = {}
        for path in sorted(folder.glob("*.yaml")):
            card = load_card_file(path)
            key = card.name.lower()
            if key in here:
                raise InputError(str(path), "name", f"card {card.name!r} is also defined in {here[key]}",
                                 "keep one file per card")
            here[key] = path
            self.cards[key] = card
            self.origin[key] = path
        check_user_folder(folder, {p: self.cards[k] for k, p in here.items()})  # issue 20: files vs the card database

    def get(self, name: str, database: bool = True) -> CardFile | None:
        """The card of this name: the library's card file (case-insensitive, accents folded), else, with
        ``database``, the card database's card of that exact name (engine/files/dbfaces.py); None when
        neither has one a board can hold."""
        card = self._folded(name)
        if card is not None or not database:
            return card
        try:
            found = dbfaces.find(name)
        except InputError:  # no database, or a front face two cards share
            return None
        if found is None or found.card is None:
            return None
        return self._folded(found.card.name) or found.card

    def lookup(self, name: str, file: str | None = None, field_name: str | None = None) -> CardFile:
        """The card a board (a game, an event) names: a card file of the library, else any card of the
        card database by exact name. An unknown name is bad input naming the closest names of both; a
        real card whose data lacks a value mtgjudge needs says which and how to import fuller data."""
        card = self._folded(name)
        if card is not None:
            return card
        try:
            found = dbfaces.find(name)
        except CardDatabaseUnavailable:  # the fix says so, and how to get card data
            raise InputError(file, field_name, f"unknown card {name!r}", self.suggest(name)) from None
        except InputError as e:  # a front face two cards share
            raise InputError(file, field_name, e.problem, e.fix) from None
        if found is None:
            raise InputError(file, field_name, f"unknown card {name!r}", self.suggest(name))
        card = found.card_or_raise(file, field_name)
        return self._folded(card.name) or card

    def back_face(self, name: str) -> "dbfaces.Found | None":
        """For a card this library gives from the card database that is a transforming card's back face:
        what the database says of it (its front face's name and mana value, 202.3b); else None."""
        if self._folded(name):
            return None
        try:
            found = dbfaces.find(name)
        except InputError:
            return None
        return found if found is not None and found.front_face is not None else None

    def back_of(self, name: str) -> str | None:
        """701.27c, 712: for the front face of a transforming double-faced card of the card database, the
        name of its back face (a card of its own in the data); else None (a card file of the library, a
        card with one face, a modal double-faced card: none of these transforms)."""
        if self._folded(name):
            return None
        try:
            found = dbfaces.find(name)
        except (InputError, CardDatabaseUnavailable):
            return None
        if found is None or found.record.layout != "transform" or found.record.front_face is not None:
            return None
        return found.record.back_face

    def _folded(self, name: str) -> CardFile | None:
        """The library's card of this name, exactly (case aside) or with case, accents and spaces folded
        ("Æther" = "aether"): among the cards added from ``--cards`` folders, else the package file that
        name's slug names (read then, the other files are not: a package file is named after its slug)."""
        exact = self.cards.get(name.lower())
        if exact is not None:
            return exact
        if lookalikes(name):  # issue 25: a look-alike character is no fold (lookalike.py): never a silent match
            return None
        key = fold_name(name)
        cached = self.__dict__.get("_fold_map")  # (the number of added cards it was made from, folded name -> card)
        if cached is None or cached[0] != len(self.cards.added):
            cached = self.__dict__["_fold_map"] = (len(self.cards.added),
                                                   {fold_name(c.name): c for c in self.cards.added.values()})
        card = cached[1].get(key)
        if card is None and self.base is not None:
            found = self.base.by_slug(slug(name))
            if found is not None and fold_name(found.name) == key:
                card = self.cards.get(found.name.lower())  # a user's card of the same name comes first
        return card

    def suggest(self, name: str) -> str:
        """The fix of an unknown name: the closest names of the library and of the whole card database;
        without a database, the library's and how to get the database."""
        if lookalikes(name):
            return self._lookalike_fix(name)
        try:
            close = dbfaces.closest(name, self.names())
        except CardDatabaseUnavailable:
            close = closest(name, self.names(), n=3)
            known = ("did you mean " + " or ".join(repr(c) for c in close) + "? " if close else "")
            return f"{known}it is not in the card library, and {dbfaces.NO_DATABASE}"
        if close:
            return "did you mean " + " or ".join(repr(c) for c in close) + "?"
        return "no card of the library or of the card database has a close name: check the spelling"

    def _lookalike_fix(self, name: str) -> str:
        """The fix of a name with look-alike characters (issue 25): which characters, and the card name its
        skeleton is (or the closest names to it)."""
        said = f"{describe(name)} only looks like a character of a card name (docs/board-format.md, Card names)"
        shown = skeleton(name)
        try:
            card = self.get(shown)
        except InputError:
            card = None
        if card is not None:
            return f"{said}: write {card.name!r}"
        return f"{said}; {self.suggest(shown)}" if not lookalikes(shown) else said

    def load_all(self) -> CardLibrary:
        """Read every card file not read yet (the whole corpus: listings, generators, checks)."""
        if self.base is not None:
            self.base.read_all()
        return self

    def names(self) -> list[str]:
        """Every card's name, sorted case-insensitively: reads every card file not read yet. The package's
        cards include those it once had files for and the Oracle compiler now reads (``compiled.txt``),
        given by the card database where it is available."""
        names = {c.name for c in self.cards.values()}
        if self.base is not None and self.base.shipped:
            names |= {card.name for n in compiled_names() if (card := self.get(n)) is not None}
        return sorted(names, key=str.lower)

    def cards_by_name(self) -> list[tuple[str, CardFile | None]]:
        """Every card's name (``names``, in its order) with its card: read once, and kept while the cards added
        and the card database are the same (the generators draw thousands of boards from one library: each
        read looks every compiled card up in the database, engine/app/generate.py)."""
        added = tuple(self.cards.added.values())  # (kept alive with the memo: their ids are not reused)
        key = (dbfaces.data_stamp() if self.base is not None and self.base.shipped else None, tuple(map(id, added)))
        memo = self.__dict__.get("_cards_by_name")
        if memo is None or memo[0] != key:
            memo = self.__dict__["_cards_by_name"] = (key, [(n, self.get(n)) for n in self.names()], added)
        return memo[1]


@lru_cache(maxsize=1)
def compiled_names() -> tuple[str, ...]:
    """The package's cards whose files were removed because the Oracle compiler reproduces them exactly
    (issue 21, engine/files/handcheck.py): the cards of the package given by the card database."""
    lines = (PACKAGE_CARDS / "compiled.txt").read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=1)
def _package_library() -> CardLibrary:
    return CardLibrary(CardFolder(PACKAGE_CARDS, shipped=True))


def load_library(extra_folders: tuple[Path, ...] | list[Path] = ()) -> CardLibrary:
    """The package's cards (read as their names are looked up, each once per process), with the cards of
    each folder of ``extra_folders`` over them, read now."""
    base = _package_library()
    if not extra_folders:
        return base
    lib = CardLibrary(base.base)
    for folder in extra_folders:
        lib.add_folder(Path(folder))
    return lib


def check_folder(folder: Path) -> list[str]:
    """All problems of the card files in a folder: validation, file name, ability texts, duplicates."""
    problems: list[str] = []
    seen: dict[str, Path] = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            card = load_card_file(path)
        except InputError as e:
            problems.append(str(e))
            continue
        if path.stem != slug(card.name):
            problems.append(f"{path}: file name should be {slug(card.name)}.yaml")
        if card.name.lower() in seen:
            problems.append(f"{path}: duplicate card name {card.name!r} (also {seen[card.name.lower()]})")
        seen[card.name.lower()] = path
    return problems


if __name__ == "__main__":  # python -m engine.files.library [FOLDER]: check card files
    import sys

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE_CARDS
    found = check_folder(target)
    for p in found:
        print(p)
    print(f"{len(list(target.glob('*.yaml')))} card files, {len(found)} problems")
    sys.exit(1 if found else 0)
