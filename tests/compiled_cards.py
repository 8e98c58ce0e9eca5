"""Cards of the card database as the Oracle compiler reads them (issue 21), for the oracles' property
tests: the generators of engine/app/generate.py draw boards from a library holding the package cards
and a few hundred compiled cards whose abilities a program reads (every ability of each executable,
at least one of the family the program reads), so that the programs and their oracles are compared
on compiled encodings too. A test module imports the fixture it needs:
``from compiled_cards import compiled_layers  # noqa: F401``."""

from __future__ import annotations

import json
import random

import pytest

from carddata import need_package

PER_LIBRARY = 300


def compiled_library(families: tuple[int, ...], n: int = PER_LIBRARY, cards_need: str = "all"):
    """The package library with ``n`` database cards (no card file of the library) that are fully
    executable and have an executable ability of one of ``families``, compiled; and the names added."""
    from engine.files.carddb import open_database
    from engine.files.cardstore import statuses
    from engine.files.dbcards import card_file
    from engine.files.library import PACKAGE_CARDS, CardFolder, CardLibrary

    need_package()
    library = CardLibrary(CardFolder(PACKAGE_CARDS, shipped=True))
    mine = {name.lower() for name in library.names()}
    db = open_database()
    try:
        rows = statuses(db)
        names = sorted(name for name, (status, _, _, _, detail) in rows.items()
                       if status == cards_need and name.lower() not in mine
                       and any(f in families and by for f, by, _ in json.loads(detail or "[]")))
        picked = sorted(random.Random(21).sample(names, min(n, len(names))))
        for name in picked:
            card = card_file(db.card(name))
            library.cards[card.name.lower()] = card
    finally:
        db.close()
    return library, picked


@pytest.fixture(scope="module")
def compiled_layers(card_database_cache):
    """Continuous effects of static abilities (family 2)."""
    return compiled_library((2,))


@pytest.fixture(scope="module")
def compiled_combat(card_database_cache):
    """Combat restrictions, requirements and costs (family 3) and keywords (family 1: flying, menace ...)."""
    return compiled_library((1, 3))


@pytest.fixture(scope="module")
def compiled_replace(card_database_cache):
    """Replacement and prevention effects (family 4)."""
    return compiled_library((4,))
