"""What the card database (engine/files/carddb.py) gains from other modules: `mtgjudge cards import
FILE` (a file read by engine/files/cardimport.py, kept in the cache, the index rebuilt), and how much of
each card mtgjudge executes (the card converted by engine/files/dbcards.py, each ability asked what
executes it, engine/vocab/cardfile.py's ``executable_by``), for `--search` and `--stats`. Above both the
index and the converter, so that neither imports the other.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.files.carddb import (CARD_DB_ENV, INDEX_FORMAT, CardDatabase, PrintedCard, cache_dir, open_database,
                                 records_of)
from engine.files.cardimport import describe, read_card_file
from engine.files.errors import InputError


def import_file(path: Path, cache: Path | None = None) -> dict[str, Any]:
    """`mtgjudge cards import FILE`: read and convert the file, keep its records in the cache's
    ``imports/`` folder (a file imported again replaces its earlier import; the data's metadata beside
    them, so that opening the index reads no record) and rebuild the index. What it did, for the
    command's answer."""
    cache = cache or cache_dir()
    data = read_card_file(path)
    resolved = str(path.resolve())
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    info = describe(data, resolved, imported=now)
    records = records_of(data)
    folder = cache / "imports"
    folder.mkdir(parents=True, exist_ok=True)
    stem = hashlib.sha1(resolved.encode()).hexdigest()[:12]
    tmp = folder / f"{stem}.json.{os.getpid()}.tmp"
    tmp.write_text(json.dumps({"meta": info, "records": records}, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, folder / f"{stem}.json")
    (folder / f"{stem}.meta.json").write_text(json.dumps(info, ensure_ascii=False), encoding="utf-8")
    summary = {"file": resolved, **{k: info[k] for k in ("label", "format", "version", "date", "date_from")},
               "cards": len(records), "skipped": data.skipped, "stored": str(folder / f"{stem}.json")}
    if os.environ.get(CARD_DB_ENV):
        summary.update(in_use=None, note=f"{CARD_DB_ENV} names the card data in use: unset it to use the import")
        return summary
    db = open_database(cache=cache)
    try:
        mine = next((s for s in db.sources()["sources"] if s.get("imported") == now), None)
        summary.update(in_use=mine["in_use"] if mine else 0, index=str(db.index), index_cards=len(db))
    finally:
        db.close()
    return summary


# --- how much of a card is executable --------------------------------------------------------------

def card_status(card) -> tuple[str, int, int]:
    """How much of a card (a CardFile) mtgjudge executes: "all" of its abilities (a card without
    abilities too), "partly", or "none"; with the number of executable abilities and of abilities
    (an adventurer's Adventure counted in, 715)."""
    from engine.vocab.cardfile import executable_by

    abilities = list(card.abilities) + (list(card.adventure.abilities) if getattr(card, "adventure", None) else [])
    n = sum(1 for a in abilities if executable_by(a))
    status = "all" if n == len(abilities) else "none" if n == 0 else "partly"
    return status, n, len(abilities)


def card_status_of(printed: PrintedCard) -> tuple[str, int, int, str | None, str]:
    """:func:`card_status` of a database card as engine/files/dbcards.py converts it, or
    "unconvertible" and why; with :func:`ability_detail` as JSON."""
    from engine.files.dbcards import card_file

    try:
        card = card_file(printed)
    except InputError as e:
        return "unconvertible", 0, 0, e.problem + (f" (fix: {e.fix})" if e.fix else ""), "[]"
    return (*card_status(card), None, json.dumps(ability_detail(card), ensure_ascii=False))


def ability_detail(card) -> list[list]:
    """Each ability of a card: [its family, the programs executing it, the template of its text when
    no program does] (engine/vocab/oracle/families.py), for docs/card-coverage.md."""
    from engine.vocab.cardfile import executable_by
    from engine.vocab.oracle.families import family, programs, template
    from engine.vocab.oracle.words import bare

    out = []
    abilities = list(card.abilities) + (list(card.adventure.abilities) if getattr(card, "adventure", None) else [])
    for ab in abilities:
        by = executable_by(ab)
        compiled = by is not None
        words = bare(ab.display(), card.name, "Legendary" in card.supertypes and (  # 201.5c (words.bare)
            "Creature" in card.types or "Planeswalker" in card.types))
        # a spell's own additional cost ("As an additional cost to cast this spell, sacrifice a creature",
        # 601.2b, 601.2h) is part of casting it, measured with family 5 whether compiled or not: not a
        # continuous effect of family 2's figure
        # (and its other additional costs, 118.8, and its alternative cost, 118.9: engine/vocab/oracle/costs.py)
        kind = "spell" if ab.kind == "static" and ab.costs is not None and (
            ab.costs.additional_sacrifice or ab.costs.additional is not None or ab.costs.alternative is not None) else ab.kind
        out.append([family(kind, compiled, words), programs(by), "" if compiled else template(words)])
    return out


# the modules that decide a card's status: the status column is recomputed when one of them changes
STATUS_CODE = ("engine.files.carddb", "engine.files.cardstore", "engine.files.dbcards", "engine.files.colorindicator",
               "engine.vocab.cardfile", "engine.vocab.keywords", "engine.vocab.mana", "engine.vocab.oracle.compile",
               "engine.vocab.oracle.families")


def status_stamp() -> str:
    """The fingerprint of the code that decides how much of a card is executable."""
    h = hashlib.sha1(str(INDEX_FORMAT).encode())
    for module in STATUS_CODE:
        spec = importlib.util.find_spec(module)
        if spec and spec.origin:
            h.update(Path(spec.origin).read_bytes())
    # the Oracle compiler: every grammar and family module (engine/vocab/oracle), and the vocabulary it targets
    oracle = Path(importlib.util.find_spec("engine.vocab.oracle").origin).parent
    for path in sorted([*oracle.glob("*.lark"), *oracle.glob("*.py"), *oracle.parent.glob("*.py")]):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def statuses(db: CardDatabase, names: list[str] | None = None) -> dict[str, tuple[str, int, int, str | None, str]]:
    """Every card's (or the named cards') status: name -> (status, executable abilities, abilities,
    why it can't be converted, each ability's detail as JSON), "unconvertible" for a card
    engine/files/dbcards.py refuses."""
    return db.statuses(status_stamp(), card_status_of, names)
