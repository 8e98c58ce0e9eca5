"""The card library: card files loaded by exact name (case-insensitive), package cards plus ``--cards DIR``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from .cardfile import ActivatedAbility, CardFile, KeywordAbility
from .errors import InputError, closest
from .yamlio import pydantic_location, read_file

PACKAGE_CARDS = Path(__file__).parent / "cards"


def slug(name: str) -> str:
    """The id form of a name: lower case, every run of non-alphanumerics turned into '_', trimmed."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _pydantic_message(err: dict) -> str:
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    return msg


def load_card_file(path: Path) -> CardFile:
    data = read_file(path)
    if not isinstance(data, dict):
        raise InputError(str(path), None, "a card file must be a map of fields", "see docs/card-format.md")
    try:
        return CardFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = pydantic_location(err["loc"])
        raise InputError(str(path), loc, _pydantic_message(err), "see docs/card-format.md") from None


def ability_text_problems(card: CardFile) -> list[str]:
    """Every ability's text must stand in the Oracle text (keywords case-insensitively)."""
    problems = []
    oracle = " ".join(card.oracle.split())
    faces = [card] + ([card.adventure] if card.adventure else [])
    for face in faces:
        face_oracle = " ".join(face.oracle.split())
        for i, ab in enumerate(face.abilities, 1):
            if isinstance(ab, KeywordAbility):
                needle = ab.display().lower() if ab.text else ab.keyword.split()[0].lower()
                if needle not in face_oracle.lower():
                    problems.append(f"{face.name}: ability {i} (keyword {ab.keyword!r}) is not in the Oracle text")
            else:
                text = " ".join((ab.text if not isinstance(ab, ActivatedAbility) else ab.text).split())
                if text not in face_oracle and text not in oracle:
                    problems.append(f"{face.name}: ability {i} text {text!r} is not in the Oracle text")
    return problems


@dataclass
class CardLibrary:
    """Cards by lower-cased name. Later folders override earlier ones (user cards over package cards)."""

    cards: dict[str, CardFile] = field(default_factory=dict)
    origin: dict[str, Path] = field(default_factory=dict)

    def add_folder(self, folder: Path) -> None:
        folder = Path(folder)
        if not folder.is_dir():
            raise InputError(str(folder), "--cards", "is not a folder", "name a folder of card YAML files")
        for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
            card = load_card_file(path)
            self.cards[card.name.lower()] = card
            self.origin[card.name.lower()] = path

    def get(self, name: str) -> CardFile | None:
        return self.cards.get(name.lower())

    def lookup(self, name: str, file: str | None = None, field_name: str | None = None) -> CardFile:
        card = self.get(name)
        if card is None:
            raise InputError(file, field_name, f"unknown card {name!r}", self.suggest(name))
        return card

    def suggest(self, name: str) -> str:
        close = closest(name, self.names(), n=3)
        if close:
            return "did you mean " + " or ".join(repr(c) for c in close) + "?"
        return "run 'mtgjudge cards' for the card names, or add a card file with --cards DIR"

    def names(self) -> list[str]:
        return sorted((c.name for c in self.cards.values()), key=str.lower)


@lru_cache(maxsize=1)
def _package_library() -> CardLibrary:
    lib = CardLibrary()
    lib.add_folder(PACKAGE_CARDS)
    return lib


def load_library(extra_folders: tuple[Path, ...] | list[Path] = ()) -> CardLibrary:
    base = _package_library()
    if not extra_folders:
        return base
    lib = CardLibrary(dict(base.cards), dict(base.origin))
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
        problems.extend(f"{path}: {p}" for p in ability_text_problems(card))
    return problems


if __name__ == "__main__":  # python -m engine.library [FOLDER]: check card files
    import sys

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE_CARDS
    found = check_folder(target)
    for p in found:
        print(p)
    print(f"{len(list(target.glob('*.yaml')))} card files, {len(found)} problems")
    sys.exit(1 if found else 0)
