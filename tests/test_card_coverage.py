"""The coverage of the Oracle compiler (issue 21): `mtgjudge cards --stats` by ability family and by
program, the most frequent templates not executable, and docs/card-coverage.md generated from them
(engine/app/coverage_doc.py; engine/vocab/oracle/families.py)."""

from __future__ import annotations

import json

import pytest

from carddata import db  # noqa: F401 (the fixture)
from conftest import ROOT
from engine.app.coverage_doc import DOC, markdown
from engine.vocab.oracle.families import family, programs, template
from engine.vocab.oracle.statics import continuous_static


@pytest.fixture(scope="module")
def stats(db, library):  # noqa: F811
    from engine.app.queries import stats_document

    return stats_document(library)


def test_the_json_answer_is_the_document(db, run, stats):  # noqa: F811
    r = run("cards", "--stats", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out) == stats


def test_families_programs_and_templates(db, stats):  # noqa: F811
    for f in stats["families"]:
        assert 0 <= f["executable"] <= f["abilities"]
    by_name = {p["program"]: p for p in stats["programs"]}
    assert list(by_name) == ["layers", "combat", "replace", "play", "none"]
    assert all(p["cards"] <= p["abilities"] for p in stats["programs"])
    assert len(stats["not_compiled"]) == 50
    counts = [t["abilities"] for t in stats["not_compiled"]]
    assert counts == sorted(counts, reverse=True)


def test_the_families_sum_to_the_abilities_of_the_cards(db, stats, library):  # noqa: F811
    from engine.app.queries import _library_statuses
    from engine.files.cardstore import statuses

    mine = _library_statuses(library, db)
    total = sum(mine[n][2] if n in mine else s[2] for n, s in statuses(db).items())
    assert sum(f["abilities"] for f in stats["families"]) == total
    executable = sum(mine[n][1] if n in mine else s[1] for n, s in statuses(db).items())
    assert sum(f["executable"] for f in stats["families"]) == executable


def test_the_coverage_document_is_generated_from_the_stats(stats):
    assert (ROOT / DOC).read_text(encoding="utf-8") == markdown(stats), \
        "docs/card-coverage.md is stale: python -m engine.app.coverage_doc"


def test_the_stats_table_shows_the_families(db, run, stats):  # noqa: F811
    text = run("cards", "--stats").out
    assert "abilities by family" in text and "abilities by program" in text
    first = stats["not_compiled"][0]
    assert f"{first['abilities']}  " in text and first["template"] in text


@pytest.mark.parametrize("kind, compiled, words, fam", [
    ("keyword", True, "Flying", 1),
    ("static", True, "Creatures you control get +1/+1.", 2),
    ("static", False, "Creatures you control get +1/+1.", 2),
    ("static", False, "This creature can't block.", 3),
    ("static", False, "This land enters tapped.", 4),
    ("static", False, "If ~ would die, exile it instead.", 4),
    ("triggered", False, "When this creature enters, draw a card.", 5),
    ("static", False, "You may look at the top card of your library any time.", 0),
    # one test of the words for family 2's numerator and denominator: a compiled static ability of
    # another shape (a loop static, a player's rule) is no continuous effect of family 2
    ("static", True, "You may look at the top card of your library any time.", 0),
    ("static", True, "You have hexproof.", 0),
    ("characteristic_defining", True, "~'s power is equal to the number of cards in your hand.", 2),
])
def test_family_of_an_ability(kind, compiled, words, fam):
    assert family(kind, compiled, words) == fam


def test_continuous_static_shapes():
    assert continuous_static("Enchanted creature gets +2/+2 and has flying.")
    assert continuous_static("You control enchanted creature.")
    assert continuous_static("All creatures lose all abilities.")
    assert not continuous_static("When this creature enters, target creature gets +1/+1 until end of turn.")
    assert not continuous_static("This land enters tapped.")


def test_template_and_programs():
    assert template("~ deals 3 damage to any target. {2}{R}, {X}") == "~ deals N damage to any target. {N}{R}, {N}"
    assert programs("layers (613), play (608.2, 609: what it does as it resolves)") == ["layers", "play"]
    from engine.vocab.keyword_programs import DECK_KEYWORDS

    assert programs(DECK_KEYWORDS["partner"]) == ["none"]  # 113.6p: counted executable, with no program
    assert programs("block (702.9b)") == ["combat"] and programs(None) == []
