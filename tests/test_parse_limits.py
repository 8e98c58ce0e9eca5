"""Parsing that can't be driven into Python's limits (issue 25; engine/files/textlimits.py, engine/files/yamlio.py,
docs/board-format.md "Limits of a file"): nesting, size, what is not a regular file, long integers, plain YAML
only, duplicate JSON keys, control characters and alias bombs, in YAML and in JSON, through the CLI (one line,
exit 2) and through parse_text (what the desk and crosscheck's claims lines use)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES, ROOT
from engine.files import textlimits, yamlio
from engine.files.errors import InputError

E6 = EXAMPLES / "combat" / "e6-menace-and-blocks-if-able.yaml"
BEARS = "{card: Grizzly Bears, controller: alice}"


def _board(tmp_path: Path, text: str, ext: str = ".yaml") -> Path:
    p = tmp_path / f"board{ext}"
    p.write_text(text, encoding="utf-8")
    return p


def _json_board(tmp_path: Path, body: str) -> Path:
    """A JSON board: ``body`` (JSON text) is given as the value of life.alice's place, `players` and a bear around."""
    return _board(tmp_path, '{"players": ["alice", "bob"], "life": {"alice": %s},\n'
                            ' "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}]}\n' % body, ".json")


def _refused(run, *args) -> str:
    """The one line of a run that must refuse its input: exit 2, nothing on stdout, no traceback."""
    r = run(*args)
    assert r.code == 2 and r.out == "", (r.code, r.out, r.err)
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mtgjudge: error: ") and "(fix: " in lines[0], r.err
    return lines[0]


def _parse_error(text: str, file: str) -> str:
    with pytest.raises(InputError) as e:
        yamlio.parse_text(text, file)
    return e.value.line()


# --- nesting ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("levels", [65, 1000, 100_000])
def test_yaml_nested_past_64_levels_is_one_line_naming_the_line(run, tmp_path, levels):
    board = _board(tmp_path, f"players: [alice, bob]\nbattlefield: []\nexile: {'[' * levels}{']' * levels}\n")
    line = _refused(run, "show", board)
    assert line == (f"mtgjudge: error: {board}: line 3: nesting deeper than 64 levels (fix: maps and lists nest "
                    "at most 64 levels; see 'Limits of a file' in docs/board-format.md)")


@pytest.mark.parametrize("levels", [65, 1000, 100_000])
def test_json_nested_past_64_levels_is_one_line_naming_the_line(run, tmp_path, levels):
    board = _json_board(tmp_path, "\n" + "[" * levels + "]" * levels)
    line = _refused(run, "show", board)
    assert f"{board}: line 2: nesting deeper than 64 levels" in line


def test_block_style_yaml_nesting_and_maps_count_too():
    text = "".join("  " * i + f"k{i}:\n" for i in range(70)) + "  " * 70 + "leaf\n"
    assert _parse_error(text, "b.yaml").startswith("b.yaml: line 65: nesting deeper than 64 levels")  # the 65th map
    deep = '{"a": ' * 70 + "1" + "}" * 70
    assert _parse_error(deep, "claims.json").startswith("claims.json: line 1: nesting deeper than 64 levels")


def test_64_levels_are_read_and_brackets_inside_strings_are_no_nesting():
    assert yamlio.parse_text("a: " + "[" * 63 + "]" * 63, "b.yaml")["a"] is not None
    assert yamlio.parse_text('{"a": ' + "[" * 63 + "]" * 63 + "}", "b.json")["a"] is not None
    # a string of brackets, a quote escaped inside it
    text = '{"a": "' + "[" * 500 + '\\"{{{", "b": [1]}'
    assert yamlio.parse_text(text, "b.json") == {"a": "[" * 500 + '"{{{', "b": [1]}
    assert yamlio.parse_text("a: '" + "[" * 500 + "'\n", "b.yaml") == {"a": "[" * 500}


def test_every_shipped_file_nests_well_within_the_limit():
    def depth(x) -> int:
        if isinstance(x, dict):
            return 1 + max([depth(v) for v in x.values()], default=0)
        if isinstance(x, list):
            return 1 + max([depth(v) for v in x], default=0)
        return 0

    deepest = 0
    for folder in ("engine/cards", "examples", "tests/data"):
        for p in (ROOT / folder).rglob("*.yaml"):
            try:
                deepest = max(deepest, depth(yaml.safe_load(p.read_text(encoding="utf-8"))))
            except yaml.YAMLError:
                continue  # examples/bad
    assert 8 <= deepest <= textlimits.MAX_DEPTH // 4


# --- what a file is, and its size -------------------------------------------------------------------------------

def test_a_named_pipe_is_refused_at_once_without_waiting_for_a_writer(run, tmp_path):
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    line = _refused(run, "show", fifo)
    assert line == (f"mtgjudge: error: {fifo}: is not a regular file (a device, a pipe or a socket) "
                    "(fix: name a YAML or JSON file saved on disk)")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_before_it_is_read(run, device):
    if not os.path.exists(device) or not stat.S_ISCHR(os.stat(device).st_mode):
        pytest.skip(f"no {device} here")
    assert f"{device}: is not a regular file" in _refused(run, "show", device)


def test_every_file_kind_is_refused_when_not_a_regular_file(run, tmp_path):
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    assert f"{fifo}: is not a regular file" in _refused(run, "play", fifo)
    assert f"{fifo}: is not a regular file" in _refused(run, "replace", E6, fifo)
    assert f"{fifo}: is not a regular file" in _refused(run, "damage", E6, fifo)
    assert f"{fifo}: DECLARATION: is not a regular file" in _refused(run, "block", E6, fifo)
    assert f"{tmp_path}: DECLARATION: is a folder" in _refused(run, "block", E6, tmp_path)


def test_a_file_past_the_size_limit_is_refused_reading_no_more_than_the_limit(run, tmp_path, monkeypatch):
    text = f"players: [alice, bob]\nbattlefield: [{BEARS}]\n"
    monkeypatch.setattr(textlimits, "MAX_BYTES", len(text.encode()))
    assert run("show", _board(tmp_path, text)).code == 0  # exactly the limit
    board = _board(tmp_path, text + "#")
    line = _refused(run, "show", board)
    size = f"{len(text.encode()):,} bytes"
    assert line == (f"mtgjudge: error: {board}: is larger than {size} (fix: a board, game, event, declaration or "
                    f"card file is at most {size}: split it, or give ids and fields only where needed)")
    reads = []
    real = os.fdopen

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def read(self, n=-1):
            reads.append(n)
            return self.f.read(n)

    monkeypatch.setattr(textlimits.os, "fdopen", lambda fd, mode: Spy(real(fd, mode)))
    with pytest.raises(InputError):
        textlimits.read_bounded(board)
    assert reads == [len(text.encode()) + 1]  # never the whole file


def test_the_size_limit_is_16_mb_and_a_18000_permanent_board_is_far_below_it(tmp_path):
    assert textlimits.MAX_BYTES == 16 * 1024 * 1024
    cards = ["Grizzly Bears", "Glorious Anthem", "Llanowar Elves", "Serra Angel"]
    battlefield = [{"card": cards[i % 4], "controller": "alice" if i % 2 else "bob", "id": f"perm_{i:05d}",
                    "counters": {"+1/+1": 1}, "tapped": False} for i in range(18_000)]
    board = tmp_path / "big.json"
    board.write_text(json.dumps({"players": ["alice", "bob"], "battlefield": battlefield}, indent=2), encoding="utf-8")
    assert board.stat().st_size < textlimits.MAX_BYTES / 4
    assert len(yamlio.read_file(board)["battlefield"]) == 18_000


def test_binary_garbage_is_not_utf8_text(run, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_bytes(bytes(range(256)) * 8)
    assert _refused(run, "show", board) == (f"mtgjudge: error: {board}: is not UTF-8 text "
                                            "(fix: save the file as UTF-8 YAML or JSON)")


# --- numbers ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [21, 4301, 5000, 100_000])
def test_an_integer_too_long_for_python_is_out_of_range_naming_its_field(run, tmp_path, digits):
    n = "9" * digits
    for board in (_board(tmp_path, f"players: [alice, bob]\nlife: {{alice: {n}}}\nbattlefield: [{BEARS}]\n"),
                  _json_board(tmp_path, "-" + n)):
        line = _refused(run, "show", board)
        assert line.startswith(f"mtgjudge: error: {board}: life.alice: a number of {digits:,} digits is out of range "
                               "(fix: use a number from -1,000,000 to 1,000,000")


def test_long_integers_anywhere_in_a_text_and_leading_zeros():
    assert "x[0].y: a number of 30 digits is out of range" in _parse_error('{"x": [{"y": ' + "1" * 30 + "}]}", "c.json")
    assert "x: a number of 25 digits is out of range" in _parse_error("x: +" + "7" * 25, "c.yaml")
    assert yamlio.parse_text("x: " + "0" * 30 + "12\n", "c.yaml") == {"x": 12}  # (YAML 1.2: decimal, not octal)
    assert yamlio.parse_text("x: 010\n", "c.yaml") == {"x": 10}


def test_a_float_past_the_double_range_is_refused(run, tmp_path):
    # JSON 1e999 is inf; YAML's 1e999 is no float in PyYAML's schema (a string), nor a number for an int field
    assert "life.alice: inf is out of range" in _refused(run, "show", _json_board(tmp_path, "1e999"))
    assert "life.alice: inf is out of range" in _parse_error("life: {alice: 1.0e+999}\n", "b.yaml")
    line = _refused(run, "show", _board(tmp_path, "players: [alice, bob]\nlife: {alice: 1e999}\nbattlefield: []\n"))
    assert "life" in line and "alice" in line and "'1e999'" in line


# --- plain YAML only -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("Off", "Off"), ("y", "y"),
    ("1:20", "1:20"), ("2024-01-01", "2024-01-01"), ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
    ("1_000", "1_000"), ("0x1F", "0x1F"), ("0o17", "0o17"), ("<<", "<<"), ("=", "="),
    ("true", True), ("False", False), ("null", None), ("~", None), ("", None), ("12", 12), ("-3", -3), ("1.5", 1.5),
])
def test_yaml_scalars_are_read_as_yaml_1_2s_core_schema_reads_them(text, value):
    got = yamlio.parse_text(f"a: {text}\n", "b.yaml")["a"]
    assert got == value and type(got) is type(value)


def test_a_yaml_1_1_value_is_no_longer_a_number_or_a_date(run, tmp_path):
    # sexagesimal 1:20 was 80 life, silently
    line = _refused(run, "show", _board(tmp_path, f"players: [alice, bob]\nlife: {{alice: 1:20}}\nbattlefield: [{BEARS}]\n"))
    assert "life" in line and "alice" in line and "'1:20'" in line
    # a date was refused as an id ("a valid string, got datetime.date"): now it is the id it reads as
    r = run("show", _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice, "
                                     "id: 2024-01-01}\n"), "--json")
    assert r.code == 0 and "2024-01-01" in r.out


@pytest.mark.parametrize("tag, shown", [
    ("!!binary aGVsbG8=", "!!binary"), ("!!set {a, b}", "!!set"), ("!!omap [{a: 1}]", "!!omap"),
    ("!!timestamp 2024-01-01", "!!timestamp"), ("!foo x", "!foo"), ("!!str x", "!!str"), ("!!int '3'", "!!int"),
    ("!!python/object:os.system x", "!!python/object:os.system"), ("! x", "!"), ("!<tag:example.com,2000:x> y",
                                                                               "tag:example.com,2000:x"),
])
def test_any_explicit_tag_is_refused_naming_its_line_and_the_tag(run, tmp_path, tag, shown):
    board = _board(tmp_path, f"players: [alice, bob]\nbattlefield:\n  - {{card: Grizzly Bears, controller: alice, id: {tag}}}\n")
    line = _refused(run, "show", board)
    assert line.startswith(f"mtgjudge: error: {board}: line 3, column ") and f"the YAML tag '{shown}' is not accepted" in line
    assert "(fix: remove the tag" in line
    assert f"the YAML tag '{shown}' is not accepted" in _parse_error(f"- {tag}\n", "x.yaml")


def test_tags_on_maps_and_lists_are_refused_too():
    assert "line 2, column 4: the YAML tag '!!map' is not accepted" in _parse_error("a: 1\nb: !!map {c: 1}\n", "x.yaml")
    assert "the YAML tag '!!seq' is not accepted" in _parse_error("b: !!seq [1]\n", "x.yaml")


@pytest.mark.parametrize("kind", ["binary", "set", "omap", "pairs", "timestamp"])
def test_the_fast_loader_of_shipped_files_refuses_the_non_plain_types_too(kind):
    if yamlio._CStrictLoader is None:
        pytest.skip("PyYAML is built without libyaml here")
    with pytest.raises(yaml.YAMLError):
        yaml.load(f"a: !!{kind} x\n", Loader=yamlio._CStrictLoader)  # noqa: S506


def test_every_shipped_yaml_file_reads_the_same_with_the_plain_resolver_as_with_yaml_1_1s():
    """No shipped card, board or test file relied on yes/no, sexagesimal numbers, dates or tags."""
    if yamlio._CStrictLoader is None:
        pytest.skip("PyYAML is built without libyaml here")

    class Yaml11(yaml.CSafeLoader):
        pass

    Yaml11.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, yamlio._mapping)
    read = 0
    for folder in ("engine", "examples", "tests", "docs"):
        for p in (ROOT / folder).rglob("*.yaml"):
            text = p.read_text(encoding="utf-8")
            try:
                old = repr(yaml.load(text, Loader=Yaml11))  # noqa: S506
            except yaml.YAMLError:
                continue
            assert repr(yaml.load(text, Loader=yamlio._CStrictLoader)) == old, p  # noqa: S506
            read += 1
    assert read > 400


# --- aliases ---------------------------------------------------------------------------------------------------

def _laughs(levels: int) -> str:
    text = "players: [alice, bob]\nx0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
    for i in range(1, levels):
        text += f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n"
    return text + "battlefield: []\n"


def test_an_alias_bomb_is_refused_before_it_is_built(run, tmp_path):
    board = _board(tmp_path, _laughs(9))  # 10**9 values once expanded
    line = _refused(run, "show", board)
    assert line.startswith(f"mtgjudge: error: {board}: line 6, column ")
    assert "aliases repeat more than 100,000 values (fix: write the values out, or repeat fewer of them)" in line


def test_aliases_within_reason_are_read_and_aliased_nesting_counts():
    assert yamlio.parse_text(_laughs(3), "b.yaml")["x2"][9][9][9] == 1
    nest = "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n"
    assert _parse_error(nest, "b.yaml").startswith("b.yaml: line 2: nesting deeper than 64 levels")


# --- duplicate keys in JSON ------------------------------------------------------------------------------------

def test_a_duplicate_key_in_json_is_refused_naming_the_key_and_its_line(run, tmp_path):
    board = _board(tmp_path, '{"players": ["x", "y"],\n "players": ["alice", "bob"],\n'
                             ' "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}]}\n', ".json")
    line = _refused(run, "show", board)
    assert line == (f"mtgjudge: error: {board}: line 2, column 2: duplicate key 'players' "
                    "(fix: give each key once (a JSON reader would keep only the last))")


def test_json_duplicates_are_found_in_nested_objects_and_by_their_decoded_name():
    text = '{"a": {"k": 1, "b": [{"k": 2}]},\n "b": [{"k": 1},\n {"k": 2, "\\u006b": 3}]}'
    assert _parse_error(text, "c.json") == ("c.json: line 3, column 11: duplicate key 'k' "
                                            "(fix: give each key once (a JSON reader would keep only the last))")
    assert yamlio.parse_text('{"k": {"k": {"k": 1}}, "j": [{"k": 1}, {"k": 2}]}', "c.json")["j"] == [{"k": 1}, {"k": 2}]


def test_a_duplicate_key_in_a_declaration_is_refused(run, tmp_path):
    """(a declaration was read by yaml.safe_load, which kept the last value)"""
    decl = tmp_path / "decl.yaml"
    decl.write_text("block: {bears: brute}\nblock: {giant: brute}\n", encoding="utf-8")
    assert f"{decl}: DECLARATION: line 2, column 1: YAML syntax error: duplicate key 'block'" in _refused(run, "block", E6, decl)
    decl = tmp_path / "decl.json"
    decl.write_text('{"block": {"bears": "brute", "bears": "brute"}}', encoding="utf-8")
    assert f"{decl}: DECLARATION: line 1, column 30: duplicate key 'bears'" in _refused(run, "block", E6, decl)


# --- control characters ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["show", "layers", "sba"])
def test_a_nul_in_an_id_is_refused_naming_the_field_before_it_reaches_clingo(run, tmp_path, command):
    """(clingo refused the term: a RuntimeError traceback from bridge/layers/step_facts.py's term_parts, exit 1)"""
    board = _board(tmp_path, '{"players": ["alice", "bob"], "battlefield": [\n'
                             ' {"card": "Glorious Anthem", "controller": "alice"},\n'
                             ' {"card": "Grizzly Bears", "controller": "alice", "id": "a\\u0000b"}]}', ".json")
    assert _refused(run, command, board) == (f"mtgjudge: error: {board}: battlefield[1].id: holds the control "
                                             "character U+0000 (fix: remove it: ids, names and texts are printable text)")


@pytest.mark.parametrize("escape, code", [("\\0", "0000"), ("\\x01", "0001"), ("\\e", "001B"), ("\\x7f", "007F"),
                                          ("\\N", "0085")])
def test_control_characters_in_yaml_strings_are_refused_naming_the_field(run, tmp_path, escape, code):
    board = _board(tmp_path, f'players: [alice, "b{escape}ob"]\nbattlefield: [{BEARS}]\n')
    assert f"{board}: players[1]: holds the control character U+{code}" in _refused(run, "show", board)


def test_keys_lone_surrogates_and_the_whitespace_text_may_hold():
    # a key holding one is shown escaped: the line itself holds no control character
    assert _parse_error('{"x": {"a\\u0001": 1}}', "c.json").startswith(
        "c.json: x.a\\x01: holds the control character U+0001")
    assert "x: holds the control character U+D800" in _parse_error('{"x": "\\ud800"}', "c.json")
    assert yamlio.parse_text('x: "a\\tb\\nc\\r"\ny: |\n  two\n  lines\n', "c.yaml") == {"x": "a\tb\nc\r", "y": "two\nlines\n"}


def test_a_claims_line_is_read_by_parse_text_within_the_limits():
    """crosscheck reads each claims line as one JSON text: the same limits, the same one-line errors."""
    line = '{"id": "c1", "query": "layers", "board": {"players": ["alice", "bob"], "battlefield": []}}'
    assert yamlio.parse_text(line, "claims.json")["board"]["players"] == ["alice", "bob"]
    assert "duplicate key 'id'" in _parse_error('{"id": 1, "id": 2}', "claims.json")
    assert "nesting deeper than 64 levels" in _parse_error('{"claim": ' + "[" * 5000 + "]" * 5000 + "}", "claims.json")
    assert "claim: a number of 5,000 digits" in _parse_error('{"claim": ' + "1" * 5000 + "}", "claims.json")
    # named as the claims file is: JSON still (YAML would take a tab after a colon, or 'yes', otherwise)
    assert "JSON syntax error" in _parse_error('{"id": yes}', "claims.jsonl")
    assert "duplicate key 'id'" in _parse_error('{"id": 1,\t"id": 2}', "claims.jsonl")


def test_a_card_data_file_to_import_is_no_pipe_and_nests_within_the_limit(run, tmp_path):
    """(`mtgjudge cards import`: no size limit there, a card database is hundreds of MB; a pipe hung the command,
    and nesting past Python's recursion limit was a RecursionError traceback)"""
    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)
    assert f"{fifo}: is not a regular file" in _refused(run, "cards", "import", str(fifo))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert f"{deep}: line 1: nesting deeper than 64 levels" in _refused(run, "cards", "import", str(deep))


KINDS = {  # each file kind, read by its command: (the arguments before the file, the field the line names)
    "board": (("show",), ""),
    "game": (("play",), ""),
    "event": (("replace", E6), ""),
    "declaration": (("block", E6), "DECLARATION: "),
    "damage assignment": (("damage", E6), ""),
}
BAD_TEXTS = {  # (text, extension, what the line says after the field)
    "deep YAML": ("a: " + "[" * 100 + "]" * 100 + "\n", ".yaml", "line 1: nesting deeper than 64 levels"),
    "deep JSON": ('{"a": ' + "[" * 100 + "]" * 100 + "}", ".json", "line 1: nesting deeper than 64 levels"),
    "a tag": ("a: !!binary aGVsbG8=\n", ".yaml", "line 1, column 4: the YAML tag '!!binary' is not accepted"),
    "a duplicate JSON key": ('{"a": 1,\n "a": 2}', ".json", "line 2, column 2: duplicate key 'a'"),
    "a long integer": ("a: " + "1" * 5000 + "\n", ".yaml", "a: a number of 5,000 digits is out of range"),
    "a NUL": ('{"a": "\\u0000"}', ".json", "a: holds the control character U+0000"),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_every_file_kind_is_read_within_the_limits(run, tmp_path, kind, bad):
    args, field = KINDS[kind]
    text, ext, says = BAD_TEXTS[bad]
    path = tmp_path / f"x{ext}"
    path.write_text(text, encoding="utf-8")
    if kind == "declaration" and not says.startswith("line"):
        field = ""  # a field inside a declaration file is named as the file's own (the file is named first)
    assert f"{path}: {field}{says}" in _refused(run, *args, path)


@pytest.mark.parametrize("bad", [b for b in BAD_TEXTS if BAD_TEXTS[b][1] == ".yaml"])
def test_a_card_file_of_a_cards_folder_is_read_within_the_limits(run, tmp_path, bad):
    text, _, says = BAD_TEXTS[bad]
    (tmp_path / "odd_card.yaml").write_text(text, encoding="utf-8")
    assert f"odd_card.yaml: {says}" in _refused(run, "cards", "--cards", tmp_path)
