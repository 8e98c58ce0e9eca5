"""Color indicators (204) for the default card data (engine/files/colorindicator.py): the table against
the data, and a card's colors as its mana cost's and its indicator's (202.2)."""

from __future__ import annotations

import json
import re

import pytest

from carddata import need_package

from engine.files.carddb import default_source, open_database, printed_card
from engine.files.colorindicator import COLOR_INDICATORS, NO_INDICATOR, indicator_of, may_have_indicator
from engine.vocab.mana import cost_colors

COLORS = ("white", "blue", "black", "red", "green")


@pytest.fixture(scope="module")
def entries():
    need_package()
    return {e["name"]: e for e in json.loads(default_source().path.read_text(encoding="utf-8"))}


def test_every_entry_names_a_card_of_the_data_and_cites_its_source(entries):
    for name, (colors, source) in COLOR_INDICATORS.items():
        assert name in entries, name
        assert colors and list(colors) == [c for c in COLORS if c in colors], name  # WUBRG order, no repeat
        assert re.match(r"(Forge|XMage) [a-z]/\S+\.(txt|java): ", source), (name, source)
    for name, why in NO_INDICATOR.items():
        assert name in entries and why, name


def test_an_entry_is_a_color_only_an_indicator_can_give(entries):
    """202.2: a card's colors are its mana cost's; 604.3: a characteristic-defining ability can set
    them; else they are its color indicator's (204). Every card of the table has a cost that does not
    give its colors, and no text saying its color."""
    for name, (colors, _) in COLOR_INDICATORS.items():
        e = entries[name]
        assert set(cost_colors(e["manaCost"])) != set(colors), name
        assert not re.search(rf"{re.escape(name)} is (all colors|{'|'.join(COLORS)})", e["text"] or ""), name
        assert may_have_indicator(e), name


def test_a_card_whose_text_gives_its_colors_has_no_indicator(entries):
    assert "Transguild Courier is all colors." in entries["Transguild Courier"]["text"]  # 604.3
    assert indicator_of(entries["Transguild Courier"]) == (None, True)


def test_colors_are_the_cost_and_the_indicator_together(entries):
    """202.2, 204: Dryad Arbor (no cost) is green; Insectile Aberration, a back face, blue; a Pact with
    a cost of {0}, its indicator's color; Grizzly Bears its cost's."""
    assert printed_card(entries["Dryad Arbor"]).colors == ("green",)
    assert printed_card(entries["Insectile Aberration"]).color_indicator == ("blue",)
    pact = printed_card(entries["Pact of Negation"])
    assert (pact.mana_cost, pact.mana_value, pact.colors) == ("{0}", 0, ("blue",))
    assert printed_card(entries["Asmoranomardicadaistinaculdacar"]).colors == ("black", "red")
    bears = printed_card(entries["Grizzly Bears"])
    assert (bears.colors, bears.color_indicator, bears.color_indicator_known) == (("green",), None, True)


def test_a_face_the_table_does_not_cover_says_its_indicator_is_unknown(entries):
    """A melded permanent the table has no source for: its colors may be missing, and the card says so."""
    brisela = printed_card(entries["Brisela, Voice of Nightmares"])
    assert (brisela.colors, brisela.color_indicator_known) == ((), False)
    for name in ("Lightning Bolt", "Forest", "Black Lotus", "Lotus Bloom"):  # a cost, a land, an artifact
        assert printed_card(entries[name]).color_indicator_known, name


def test_cards_says_where_a_color_comes_from(entries, run, card_database_cache):
    r = run("cards", "Ancestral Vision")
    assert r.code == 0, r.err
    assert r.out.splitlines()[2] == "mana value 0; colors: blue"
    assert "colors: blue (color indicator: blue)" in r.out.splitlines()
    r = run("cards", "Brisela, Voice of Nightmares")
    assert ("colors: colorless; the data has no color indicator for this face: its colors may be missing (fix: "
            "import fuller data: mtgjudge cards import FILE)") in r.out.splitlines()


def test_a_card_on_a_board_gets_its_indicator(entries):
    """The database card as engine/files/dbcards.py converts it carries the indicator (204), so that a
    board's layers see its color."""
    from engine.files.dbcards import card_file

    db = open_database()
    try:
        card = card_file(db.lookup("Dryad Arbor"))
    finally:
        db.close()
    assert (card.color_indicator, card.printed_colors) == (["green"], ["green"])


def test_the_numbers_card_format_md_gives(entries):
    """docs/card-format.md#card-database: 37 cards in the table, 444 faces of the default data whose
    indicator is unknown (most of them back faces)."""
    from engine.files.carddb import with_indicator

    unknown = [e for e in entries.values() if not with_indicator(e)["colorIndicatorKnown"]]
    assert len(COLOR_INDICATORS) == 37 and len(unknown) == 444
    assert sum(1 for e in unknown if e.get("front")) > len(unknown) / 2
