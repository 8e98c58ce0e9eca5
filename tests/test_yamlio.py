"""The YAML reader (engine/files/yamlio.py): libyaml's loader (``fast``) for the files the package ships,
where PyYAML has it, the pure-Python loader for a user's text and as the fallback. The same data from every
shipped file either way, the same one-line errors on malformed files (the bad boards of
tests/data/bad_boards.yaml and examples/bad, the malformed texts of the card, damage and fuzz tests), and a
user's text read as it always was, where libyaml would read it otherwise."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA, EXAMPLES, ROOT
from engine.files import yamlio
from engine.files.errors import InputError

HAVE_LIBYAML = bool(getattr(yaml, "__with_libyaml__", False))
needs_libyaml = pytest.mark.skipif(not HAVE_LIBYAML, reason="PyYAML is built without libyaml here")

YAML_FILES = sorted(p for folder in ("engine", "examples", "tests", "docs") for p in (ROOT / folder).rglob("*.yaml"))
BAD_BOARDS = yaml.safe_load((DATA / "bad_boards.yaml").read_text(encoding="utf-8"))
MALFORMED = [
    *(c["board"] for c in BAD_BOARDS if c.get("ext", ".yaml") == ".yaml"),
    *((EXAMPLES / "bad" / name).read_text(encoding="utf-8") for name in ("yaml-syntax.yaml", "duplicate-key.yaml")),
    "assign: {striker: {bob: 1}\n",  # tests/test_damage_cli.py
    "name: X\ntypes: [Creature\n",
    "a: 1\nb: 2\na: 3\n",
    "a: b: c\n",
    "a:\n\t- b\n",
    "- a\nb: 1\n",
    "x: 'abc\n",
    "a: 1\n---\nb: 2\n",
    "x: \x07\n",
    "[a, b]: 1\n",
    "a: *x\n",
    "a: !foo x\n",
    "a: \ud800\n",  # a lone surrogate (a JSON request body can hold one): libyaml takes UTF-8 only
    "",
    "players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice\n",
]


def _outcome(text: str, fast: bool = False, file: str = "board.yaml") -> tuple:
    """What parse_text makes of a text: ("data", repr of it, types included) or ("error", its line)."""
    try:
        return "data", repr(yamlio.parse_text(text, file, fast))
    except InputError as e:
        return "error", e.line()


@pytest.fixture
def pure_python(monkeypatch):
    """The fallback: PyYAML as if built without libyaml."""
    monkeypatch.setattr(yamlio, "_CStrictLoader", None)


@needs_libyaml
def test_the_c_loader_and_the_pure_python_loader_build_the_same_data_from_every_yaml_file_shipped():
    read = 0
    for path in YAML_FILES:
        text = path.read_text(encoding="utf-8")
        try:
            pure = yaml.load(text, Loader=yamlio._StrictLoader)  # noqa: S506
        except yaml.YAMLError:
            assert "cards" not in path.parts, path  # a card file both read; a malformed example: below
            continue
        # libyaml itself, not the fallback behind it
        assert repr(yaml.load(text, Loader=yamlio._CStrictLoader)) == repr(pure), path  # noqa: S506
        read += 1
    assert read > 400  # the card files, the boards, the games, the test data


@pytest.mark.parametrize("text", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_texts_give_the_same_line_with_the_c_loader_and_the_fallback(text, monkeypatch):
    fast = _outcome(text, fast=True)
    assert fast == _outcome(text)
    monkeypatch.setattr(yamlio, "_CStrictLoader", None)  # PyYAML without libyaml
    assert fast == _outcome(text, fast=True)


# Texts libyaml reads and the pure-Python loader refuses (or reads otherwise): found by editing the
# shipped files at random. A user's file says what it always said.
OTHERWISE = [
    "oracle: When this creature enters, return \ttarget creature to its owner's hand.\n",  # a tab in a plain scalar
    "types: [C?eature]\n",
    "abilities:\n  - {kind: k? eyword, keyword: flying}\n",
    "oracle: |#-\n  Flying\n",
    "a: 1\nb:\n\ufeff     \n",  # a byte-order mark inside the text
    "power: !\ntoughness: 1\n",  # None for the pure-Python loader, '' for libyaml
]


@needs_libyaml
@pytest.mark.parametrize("text", OTHERWISE, ids=range(len(OTHERWISE)))
def test_a_users_text_is_read_by_the_pure_python_loader_where_libyaml_reads_it_otherwise(text, monkeypatch):
    assert _outcome(text, fast=True) != _outcome(text)  # why a user's text is not given to libyaml
    said = _outcome(text)
    monkeypatch.setattr(yamlio, "_CStrictLoader", None)
    assert said == _outcome(text)


@needs_libyaml
def test_duplicate_keys_are_refused_by_the_c_loader_itself_at_their_line():
    with pytest.raises(yaml.constructor.ConstructorError) as e:
        yaml.load("players: [alice]\nlife: 20\nplayers: [bob]\n", Loader=yamlio._CStrictLoader)  # noqa: S506
    assert e.value.problem == "duplicate key 'players'" and e.value.problem_mark.line == 2


def test_syntax_errors_name_the_pure_python_loaders_line_and_message():
    """(libyaml words its messages otherwise: the reported one is the same on every machine)"""
    with pytest.raises(InputError) as e:
        yamlio.parse_text("players: [alice, bob\nbattlefield: []\n", "b.yaml")
    assert e.value.line() == ("b.yaml: line 2, column 12: YAML syntax error: expected ',' or ']', but got ':' "
                              "(fix: fix the YAML syntax there)")
    with pytest.raises(InputError) as e:
        yamlio.parse_text("a: 1\na: 2\n", "b.yaml")
    assert e.value.line() == "b.yaml: line 2, column 1: YAML syntax error: duplicate key 'a' (fix: fix the YAML syntax there)"


def test_the_package_cards_are_parsed_by_libyaml_and_a_users_cards_by_the_pure_python_loader(tmp_path, monkeypatch):
    from engine.files import library

    seen = []
    real = yamlio.load_yaml
    monkeypatch.setattr(yamlio, "load_yaml", lambda text, fast=False: (seen.append(fast), real(text, fast))[1])
    lib = library.CardLibrary(library.CardFolder(library.PACKAGE_CARDS, shipped=True))
    assert lib.get("Goblin Rabblemaster").power == 2 and seen == [True]
    (tmp_path / "odd_beast.yaml").write_text("name: Odd Beast\ntypes: [Creature]\npower: 2\ntoughness: 2\n",
                                             encoding="utf-8")
    lib.add_folder(tmp_path)
    # the user's card file, then the package's override file (engine/files/cardcheck.py)
    assert lib.get("Odd Beast").toughness == 2 and seen == [True, False, False]


@pytest.mark.parametrize("case", [c for c in BAD_BOARDS if "YAML" in c["name"]], ids=lambda c: c["name"])
def test_the_bad_yaml_boards_say_the_same_without_libyaml(case, run, tmp_path, monkeypatch):
    board = tmp_path / "board.yaml"
    board.write_text(case["board"], encoding="utf-8")
    said = run("show", board)
    monkeypatch.setattr(yamlio, "_CStrictLoader", None)
    again = run("show", board)
    assert (said.code, said.out, said.err) == (again.code, again.out, again.err)
    assert said.code == 2 and case["field"] in said.err and case["says"] in said.err


SNIPPETS = [p.read_text(encoding="utf-8")[:400] for p in YAML_FILES[::7]]
EDITS = st.sampled_from(list(":-[]{},#&*!|>'\"%@`? \n\\") + ["\x85", "\u2028", "---", "...", "\n  ", "~", "<<: *a",
                                                                 "&a ", "!!str ", "1e3", ".inf", "yes"])


@needs_libyaml
@settings(max_examples=200, deadline=None)
@given(snippet=st.sampled_from(SNIPPETS), edits=st.lists(st.tuples(st.floats(0, 1), st.booleans(), EDITS), max_size=4))
def test_a_text_libyaml_refuses_says_what_the_pure_python_loader_says(snippet, edits):
    """Shipped files with characters inserted or replaced, read with ``fast``: where libyaml refuses the
    text, the error line is the pure-Python loader's."""
    text = snippet
    for where, insert, piece in edits:
        i = int(where * len(text))
        text = text[:i] + piece + text[i + (0 if insert else 1):]
    try:
        yaml.load(text, Loader=yamlio._CStrictLoader)  # noqa: S506
    except yaml.YAMLError:
        assert _outcome(text, fast=True) == _outcome(text)
