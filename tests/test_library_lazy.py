"""The card library reads the package's card files as their names are looked up (engine/files/library.py,
CardFolder: a file is named after its card's slug): every card is found by its name, reading its own file
only; a board reads the files of the cards it names; whatever needs every card (names, the listing,
iterating the cards, load_all) reads them all; a --cards folder is read whole and overrides."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES, ROOT
from engine.files.errors import InputError
from engine.files.library import (PACKAGE_CARDS, CardFolder, CardLibrary, compiled_names, load_card_file, load_library,
                                  slug)
from engine.files.loader import load_board

FILES = sorted(PACKAGE_CARDS.glob("*.yaml"))


@pytest.fixture(scope="module")
def every_card():
    """Each package file, read on its own (the pure-Python loader, as check_folder reads them)."""
    return {path: load_card_file(path) for path in FILES}


def _fresh() -> CardLibrary:
    return CardLibrary(CardFolder(PACKAGE_CARDS, shipped=True))


def test_every_package_card_is_found_by_its_name_reading_its_own_file_only(every_card):
    assert len(every_card) > 100  # the cards the Oracle compiler can't read (issue 21), and token definitions
    for path, card in every_card.items():
        lib = _fresh()
        for name in (card.name, card.name.upper(), card.name.lower()):
            assert lib.get(name) == card, name
        assert lib.base.files_read() == {path}, card.name


def test_names_and_load_all_read_every_file(every_card):
    lib = _fresh()
    assert lib.get("Opalescence") is not None
    # the files' cards and those compiled.txt names (issue 21: compiled from the card database)
    assert lib.names() == sorted([c.name for c in every_card.values()] + list(compiled_names()), key=str.lower)
    assert lib.base.files_read() == set(FILES)
    again = _fresh().load_all()
    assert again.base.files_read() == set(FILES)
    assert dict(again.cards) == {c.name.lower(): c for c in every_card.values()}
    assert dict(again.origin) == {c.name.lower(): p for p, c in every_card.items()}


def test_iterating_the_cards_reads_them_all_in_file_order(every_card):
    lib = _fresh()
    lib.get("Opalescence")  # read first: the order is still the files'
    assert list(lib.cards.values()) == list(every_card.values())
    assert len(lib.cards) == len(every_card)


def test_a_board_reads_the_files_of_the_cards_it_names_only():
    lib = _fresh()
    state = load_board(EXAMPLES / "bench" / "ten-permanents.yaml", lib)
    names = {o.card_name for o in state.objects.values()}
    assert len(state.battlefield) == 10 and len(names) == 8
    # those with a file (the others come from the card database, compiled: compiled.txt)
    files = {PACKAGE_CARDS / f"{slug(n)}.yaml" for n in names} & set(FILES)
    assert lib.base.files_read() == files


def test_a_name_with_case_commas_and_spaces_folded_reads_its_own_file_only():
    lib = _fresh()
    assert lib.get("GOBLIN  rabblemaster", database=False).name == "Goblin Rabblemaster"
    assert lib.get("kalitas,  TRAITOR of ghet", database=False).name == "Kalitas, Traitor of Ghet"
    assert lib.get("Goblin-Rabblemaster", database=False) is None  # the slug's file is read, its name is not this one
    assert lib.base.files_read() == {PACKAGE_CARDS / "goblin_rabblemaster.yaml",
                                     PACKAGE_CARDS / "kalitas_traitor_of_ghet.yaml"}


def test_names_that_are_not_a_cards_exact_name_find_nothing():
    lib = _fresh()
    for name in ("goblin-rabblemaster", "Goblin Rabblemaster!", "No Such Card", "", "---"):
        assert lib.get(name, database=False) is None, name
    assert "goblin-rabblemaster" not in lib.cards and "goblin rabblemaster" in lib.cards
    with pytest.raises(InputError) as e:
        lib.lookup("Goblin Rabblemastr", "board.yaml", "battlefield[0].card")
    assert "unknown card 'Goblin Rabblemastr'" in e.value.line() and "Goblin Rabblemaster" in e.value.line()


def test_a_user_folder_overrides_a_package_card_read_before_or_after(tmp_path, every_card):
    (tmp_path / "bears.yaml").write_text("name: grizzly bears\nmana_cost: '{1}{G}'\ntypes: [Creature]\n"
                                         "subtypes: [Bear]\npower: 5\ntoughness: 2\n", encoding="utf-8")
    # a file whose printed data differs from the card database's needs an override entry (cardcheck)
    (tmp_path / "overrides.yml").write_text(
        "- {card: Grizzly Bears, field: power, value: 5, database: '2', reason: a test of a user's card,\n"
        "   source: 'https://example.org/a-test'}\n", encoding="utf-8")
    for read_first in (True, False):
        lib = _fresh()
        if read_first:
            assert lib.get("Grizzly Bears").power == 2
        lib.add_folder(tmp_path)
        assert lib.get("Grizzly Bears").power == 5
        assert lib.origin["grizzly bears"] == tmp_path / "bears.yaml"
        names = lib.names()
        assert len(names) == len(_fresh().names()) and "grizzly bears" in names and "Grizzly Bears" not in names
    assert _fresh().get("Grizzly Bears").power == 2  # the package's own, in another library


def test_load_library_shares_the_package_cards_and_adds_the_folders_over_them():
    base = load_library()
    with_tests = load_library([ROOT / "tests" / "data" / "cards"])
    assert with_tests.base is base.base  # each package file is read once per process
    test_only = {load_card_file(p).name for p in (ROOT / "tests" / "data" / "cards").glob("*.yaml")}
    assert test_only and all(with_tests.get(n) is not None for n in test_only)
    assert set(with_tests.names()) == set(base.names()) | test_only


def test_a_file_not_named_after_its_card_is_an_error_when_read(tmp_path):
    (tmp_path / "bears.yaml").write_text("name: Grizzly Bears\ntypes: [Creature]\npower: 2\ntoughness: 2\n",
                                         encoding="utf-8")
    (tmp_path / "hill_giant.yaml").write_text("name: Hill Giant\ntypes: [Creature]\npower: 3\ntoughness: 3\n",
                                              encoding="utf-8")
    lib = CardLibrary(CardFolder(tmp_path))
    assert lib.get("Hill Giant").power == 3
    assert lib.get("Grizzly Bears", database=False) is None  # its name would look for grizzly_bears.yaml
    with pytest.raises(InputError) as e:
        lib.names()
    assert e.value.line() == (f"{tmp_path / 'bears.yaml'}: name: card 'Grizzly Bears' is in a file not named after it "
                              "(fix: name the file grizzly_bears.yaml)")


def test_a_bad_file_is_the_error_of_the_name_that_reads_it(tmp_path):
    (tmp_path / "odd_beast.yaml").write_text("name: Odd Beast\ntypes: [Creature]\npower: big\ntoughness: 1\n",
                                             encoding="utf-8")
    lib = CardLibrary(CardFolder(tmp_path))
    assert lib.get("Hill Giant", database=False) is None
    with pytest.raises(InputError) as e:
        lib.get("Odd Beast")
    assert e.value.line().startswith(f"{tmp_path / 'odd_beast.yaml'}: power:")


def test_the_cards_listing_lists_every_card(run):
    import json

    r = run("cards", "--json")
    assert r.code == 0
    assert [c["name"] for c in json.loads(r.out)] == _fresh().names()
    assert len(json.loads(r.out)) == len(FILES) + len(compiled_names())


def test_the_cards_by_name_follow_the_cards_added(library):
    """CardLibrary.cards_by_name, which the generators draw from (engine/app/generate.py), is read once and kept: a
    card added to the library afterwards (or put in place of another of the same name) is in the next answer, as
    names() and get() give them."""
    from conftest import DATA

    lib = load_library([DATA / "cards"])
    first = lib.cards_by_name()
    assert [n for n, _ in first] == lib.names() and lib.cards_by_name() is first  # kept
    bears = library.get("Grizzly Bears")
    renamed = bears.model_copy(update={"name": "Grizzly Bears Of The Test"})
    lib.cards[renamed.name.lower()] = renamed
    after = lib.cards_by_name()
    assert ("Grizzly Bears Of The Test", renamed) in after and [n for n, _ in after] == lib.names()
    replaced = renamed.model_copy(update={"power": 9})
    lib.cards[replaced.name.lower()] = replaced
    assert dict(lib.cards_by_name())["Grizzly Bears Of The Test"] is replaced
