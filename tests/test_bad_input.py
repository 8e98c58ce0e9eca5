"""Bad input: one clear line naming the file and the field, exit status 2, never a traceback.

The cases are data (tests/data/bad_boards.yaml) a judge can extend without Python.
"""

from __future__ import annotations

import yaml
import pytest

from conftest import DATA

CASES = yaml.safe_load((DATA / "bad_boards.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_bad_board(case, run, tmp_path):
    path = tmp_path / ("board" + case.get("ext", ".yaml"))
    path.write_text(case["board"], encoding="utf-8")
    for command in (["show", path], ["show", path, "--json"], ["facts", path]):
        r = run(*command)
        assert r.code == 2, r.out + r.err
        assert r.out == ""  # nothing half-written
        lines = r.err.splitlines()
        assert len(lines) == 1, r.err
        line = lines[0]
        assert line.startswith(f"mtgjudge: error: {path}: ")
        assert case["field"] in line, line
        assert case["says"] in line, line
        assert "Traceback" not in line


def test_missing_file(run, tmp_path):
    r = run("show", tmp_path / "nope.yaml")
    assert r.code == 2
    assert r.err.strip() == f"mtgjudge: error: {tmp_path / 'nope.yaml'}: no such file (fix: check the path)"


def test_unknown_card_name_on_the_command_line(run):
    import importlib.util

    r = run("cards", "Grizly Bears")  # the closest names of the card database, or of the library without one
    assert r.code == 2
    if importlib.util.find_spec("mtg") is not None:
        assert r.err.strip() == ("mtgjudge: error: NAME: unknown card 'Grizly Bears' (fix: did you mean 'Grizzly Bears' "
                                 "or 'Glory Bearers' or 'Grizzly Fate'?)")
    else:
        assert r.err.strip() == "mtgjudge: error: NAME: unknown card 'Grizly Bears' (fix: did you mean 'Grizzly Bears'?)"


def test_unknown_command_and_option(run):
    r = run("shwo")
    assert r.code == 2 and len(r.err.splitlines()) == 1 and "No such command 'shwo'" in r.err
    r = run("show", "--nope", "x.yaml")
    assert r.code == 2 and len(r.err.splitlines()) == 1 and "--nope" in r.err


def test_cards_folder_that_does_not_exist(run, tmp_path):
    r = run("cards", "--cards", tmp_path / "missing")
    assert r.code == 2
    assert "--cards: is not a folder" in r.err


def test_bad_user_card_file(run, tmp_path):
    folder = tmp_path / "mycards"
    folder.mkdir()
    (folder / "bad.yaml").write_text("name: Odd Beast\ntypes: [Creature]\npower: 2\n", encoding="utf-8")
    r = run("cards", "--cards", folder)
    assert r.code == 2
    line = r.err.strip()
    assert line.startswith(f"mtgjudge: error: {folder / 'bad.yaml'}: ")
    assert "a creature card needs power and toughness (208.1)" in line


def test_numbers_at_the_bound_are_computed_exactly(run, tmp_path):
    """A number at the bound reaches the layers program and comes back unwrapped (613.4c: counters): the bound
    keeps every sum of a few numbers inside clingo's 32-bit integers; one past it is refused."""
    path = tmp_path / "board.yaml"
    path.write_text('players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: bob, '
                    'counters: {"+1/+1": 1000000}}\n', encoding="utf-8")
    r = run("layers", path, "--json")
    assert r.code == 0, r.err
    assert "1000002" in r.out and "-" not in r.out.split("1000002")[0][-3:]
    path.write_text(path.read_text().replace("1000000", "1000001"), encoding="utf-8")
    r = run("layers", path)
    assert r.code == 2 and "battlefield[0].counters.+1/+1: 1000001 is out of range" in r.err


def test_a_board_given_as_data_is_range_checked_too():
    """The web desk and crosscheck cases give boards as data, not files: the same bound holds."""
    from engine.files.errors import InputError
    from engine.files.library import load_library
    from engine.files.loader import board_from_data

    with pytest.raises(InputError) as e:
        board_from_data({"players": ["a", "b"], "drawn_this_turn": {"a": 2**31}}, load_library(), "case 3")
    assert str(e.value).startswith("case 3: drawn_this_turn.a: 2147483648 is out of range (fix: use a number")
