"""Strict types and ranges (issue 25): no string, boolean or float taken as a whole number, no "yes" as a boolean;
every whole number in its field's range (engine/files/ranges.py), just inside accepted, just outside one line naming
the field and the range, exit 2; the CLI's number options range-checked; and no amount wrapping around inside a
solve (clingo's integers are 32-bit): doublers past the replace program's bound are an honest error, a P/T of a
million with its counters and anthems is right."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT

BEARS = "players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice%s}\n"


def _one_line(r, path) -> str:
    assert r.code == 2, r.out + r.err
    lines = r.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in r.err, r.err
    assert lines[0].startswith(f"mtgjudge: error: {path}: "), lines[0]
    return lines[0]


# --- strict types: every coerced value class of the issue ------------------------------------------------------------

COERCED_BOARDS = [
    # (what, board text, the field named, what was given)
    ("a string as counters", BEARS % ', counters: {"+1/+1": "3"}', "battlefield[0].counters.+1/+1", "got '3'"),
    ("true as counters", BEARS % ', counters: {"+1/+1": true}', "battlefield[0].counters.+1/+1", "got True"),
    ("a float as counters", BEARS % ', counters: {"+1/+1": 3.0}', "battlefield[0].counters.+1/+1", "got 3.0"),
    ("true as life", "players: [alice, bob]\nlife: {alice: true}\n", "life.alice", "got True"),
    ("a string as life", "players: [alice, bob]\nlife: \"20\"\n", "life", "got '20'"),
    ("a float as damage", BEARS % ", damage: 1.5", "battlefield[0].damage", "got 1.5"),
    ("a string as a timestamp", BEARS % ', timestamp: "2"', "battlefield[0].timestamp", "got '2'"),
    ('"yes" as a boolean', BEARS % ', tapped: "yes"', "battlefield[0].tapped", "got 'yes'"),
    ("1 as a boolean", BEARS % ", tapped: 1", "battlefield[0].tapped", "got 1"),
    ("a string as the turn", 'players: [alice, bob]\nturn: "2"\n', "turn", "got '2'"),
]


@pytest.mark.parametrize("what,text,field,given", COERCED_BOARDS, ids=[c[0] for c in COERCED_BOARDS])
def test_board_refuses_coerced_values(what, text, field, given, run, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    line = _one_line(run("show", path), path)
    assert f": {field}: " in line and given in line, line
    assert "should be a valid" in line, line  # what is wanted


def test_board_given_as_json_refuses_coerced_values(run, tmp_path):
    """The same in a .json board (the desk's and crosscheck's boards are JSON data too)."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"players": ["alice", "bob"], "life": {"alice": True}}), encoding="utf-8")
    line = _one_line(run("show", path), path)
    assert ": life.alice: input should be a valid integer, got True" in line, line


def test_web_desk_board_data_is_strict(library):
    """A board given as data (the desk, crosscheck cases) goes through the same strict validation."""
    from engine.files.errors import InputError
    from engine.files.loader import board_from_data

    with pytest.raises(InputError) as e:
        board_from_data({"players": ["alice"], "battlefield": [
            {"card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": "3"}}]}, library, "board")
    assert e.value.field == "battlefield[0].counters.+1/+1" and "got '3'" in e.value.problem


EVENT_BOARD = ("players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice}\n"
               "hand: {alice: [{card: Grizzly Bears, id: gb2}]}\n")
COERCED_EVENTS = [
    ("a string amount", '{type: token, controller: alice, token: Soldier, amount: "3"}', "event.amount", "got '3'"),
    ("true as an amount", "{type: draw, player: alice, amount: true}", "event.amount", "got True"),
    ("a float amount", '{type: counters, object: grizzly_bears, kind: "+1/+1", amount: 2.0}', "event.amount", "got 2.0"),
    ('"yes" as combat', '{type: damage, source: grizzly_bears, target: bob, amount: 2, combat: "yes"}', "event.combat",
     "got 'yes'"),
]


@pytest.mark.parametrize("what,event,field,given", COERCED_EVENTS, ids=[c[0] for c in COERCED_EVENTS])
def test_event_refuses_coerced_values(what, event, field, given, run, tmp_path):
    board, ev = tmp_path / "board.yaml", tmp_path / "event.yaml"
    board.write_text(EVENT_BOARD, encoding="utf-8")
    ev.write_text(f"event: {event}\n", encoding="utf-8")
    line = _one_line(run("replace", board, ev), ev)
    assert f": {field}: " in line and given in line and "should be a valid" in line, line


GAME = ROOT / "examples" / "games" / "g128-banefire-x5-polukranos-loses-that-many.yaml"


def _game(tmp_path: Path, old: str, new: str) -> Path:
    text = GAME.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    text = text[:text.index("\nexpect:")] + "\n"
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,field,says", [
    ("x: 5", 'x: "5"', "actions[0].x", "got '5'"),
    ("x: 5", "x: true", "actions[0].x", "got True"),
    ("x: 5", "x: 5.0", "actions[0].x", "got 5.0"),
    ("{pass: true}", '{pass: "yes"}', "actions[1].pass", "got 'yes'"),
    ("x: 5", "x: -1", "actions[0].x", "-1 is out of range (from 0 to 1,000,000)"),
    ("at: {turn: 1", "at: {turn: 0", "actions[3].at.turn", "0 is out of range (from 1 to 1,000,000)"),
])
def test_game_file_types_and_ranges(old, new, field, says, run, tmp_path, monkeypatch):
    path = _game(tmp_path, old, new)
    line = _one_line(run("play", path), path)
    assert f": {field}: " in line and says in line, line


CARD = "name: Range Beast\nmana_cost: \"{1}{G}\"\ntypes: [%s]\n%s\noracle: \"\"\nabilities: []\n"


@pytest.mark.parametrize("types,fields,field,says", [
    ("Creature", 'power: "3"\ntoughness: 2', "power", "'3' is not a power or toughness"),
    ("Creature", "power: true\ntoughness: 2", "power", "got True"),
    ("Creature", "power: 3.0\ntoughness: 2", "power", "got 3.0"),
    ("Planeswalker", 'loyalty: "3"', "loyalty", "got '3'"),
    ("Planeswalker", "loyalty: -1", "loyalty", "-1 is out of range (from 0 to 1,000,000)"),
    ("Creature", 'power: 2\ntoughness: 2\ntoken: "yes"', "token", "got 'yes'"),
    ("Creature", "power: 1000001\ntoughness: 2", "power", "out of range"),
])
def test_card_file_types_and_ranges(types, fields, field, says, run, tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    card = cards / "range_beast.yaml"
    card.write_text(CARD % (types, fields), encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n  - {card: Range Beast, controller: alice}\n", encoding="utf-8")
    line = _one_line(run("layers", "--cards", cards, board), card)
    assert f": {field}: " in line and says in line, line


@pytest.mark.parametrize("fields", ["power: 1000000\ntoughness: -1000000", "loyalty: 1000000"])
def test_card_file_numbers_just_inside(fields, run, tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    types = "Planeswalker" if "loyalty" in fields else "Creature"
    (cards / "range_beast.yaml").write_text(CARD % (types, fields), encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nhand: {alice: [Range Beast]}\n", encoding="utf-8")
    r = run("show", "--cards", cards, board)
    assert r.code == 0, r.err


def test_crosscheck_case_is_strict():
    from pydantic import ValidationError

    from engine.app.crosscheck.cases import Case

    good = {"id": "a", "query": "layers", "board": {"players": ["alice"]}, "claim": {}, "seed": 2**32 - 1}
    assert Case.model_validate(good).seed == 2**32 - 1
    for bad in ({"seed": "3"}, {"seed": True}, {"seed": -1}, {"seed": 2**32}):
        with pytest.raises(ValidationError):
            Case.model_validate({**good, **bad})


# --- ranges: every field's bounds, just inside accepted, just outside one line naming the field and the range --------

# (field as the error names it, board with the number just inside, the same just outside, the range the line names)
BOUNDS = [
    ("battlefield[0].counters.+1/+1", BEARS % ', counters: {"+1/+1": 0}', BEARS % ', counters: {"+1/+1": -1}',
     "from 0 to 1,000,000"),
    ("battlefield[0].counters.+1/+1", BEARS % ', counters: {"+1/+1": 1000000}', BEARS % ', counters: {"+1/+1": 1000001}',
     "1,000,000"),
    ("battlefield[0].damage", BEARS % ", damage: 0", BEARS % ", damage: -1", "from 0 to 1,000,000"),
    ("battlefield[0].damage", BEARS % ", damage: 1000000", BEARS % ", damage: 1000001", "1,000,000"),
    ("battlefield[0].timestamp", BEARS % ", timestamp: 1", BEARS % ", timestamp: 0", "from 1 to 1,000,000"),
    ("battlefield[0].timestamp", BEARS % ", timestamp: 1000000", BEARS % ", timestamp: 1000001", "1,000,000"),
    ("life.alice", "players: [alice, bob]\nlife: {alice: -1000000}\n", "players: [alice, bob]\nlife: {alice: -1000001}\n",
     "1,000,000"),
    ("life", "players: [alice, bob]\nlife: 1000000\n", "players: [alice, bob]\nlife: 1000001\n", "1,000,000"),
    ("starting_life", "players: [alice, bob]\nstarting_life: 1\n", "players: [alice, bob]\nstarting_life: 0\n",
     "from 1 to 1,000,000"),
    ("turn", "players: [alice, bob]\nturn: 1\n", "players: [alice, bob]\nturn: 0\n", "from 1 to 1,000,000"),
    ("lands_played", "players: [alice, bob]\nlands_played: 0\n", "players: [alice, bob]\nlands_played: -1\n",
     "from 0 to 1,000,000"),
    ("player_counters.bob.poison", "players: [alice, bob]\nplayer_counters: {bob: {poison: 0}}\n",
     "players: [alice, bob]\nplayer_counters: {bob: {poison: -1}}\n", "from 0 to 1,000,000"),
    ("drawn_this_turn.alice", "players: [alice, bob]\ndrawn_this_turn: {alice: 0}\n",
     "players: [alice, bob]\ndrawn_this_turn: {alice: -1}\n", "from 0 to 1,000,000"),
    ("speed.alice", "players: [alice, bob]\nspeed: {alice: 4}\n", "players: [alice, bob]\nspeed: {alice: 5}\n",
     "from 1 to 4"),
    ("effects[0].remaining", "players: [alice, bob]\neffects:\n  - {from: Grizzly Bears, controller: alice, remaining: 0}\n",
     "players: [alice, bob]\neffects:\n  - {from: Grizzly Bears, controller: alice, remaining: -1}\n", "from 0 to 1,000,000"),
]


@pytest.mark.parametrize("field,inside,outside,range_", BOUNDS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BOUNDS)])
def test_board_bounds(field, inside, outside, range_, run, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(outside, encoding="utf-8")
    line = _one_line(run("show", path), path)
    assert f": {field}: " in line and "out of range" in line and range_ in line, line
    path.write_text(inside, encoding="utf-8")
    r = run("show", path)
    # just inside: accepted, or refused for another reason than its range (an effect's card with no such ability)
    assert r.code == 0 or "out of range" not in r.err, r.err


@pytest.mark.parametrize("event,field,range_", [
    ("{type: token, controller: alice, token: Soldier, amount: -1}", "event.amount", "from 0 to 1,000,000"),
    ("{type: lose_game, player: bob, amount: 2}", "event.amount", "from 1 to 1"),
    ('{type: enter, object: gb2, controller: alice, counters: {"+1/+1": -2}}', "event.counters.+1/+1",
     "from 0 to 1,000,000"),
    ("{type: enter, object: gb2, controller: alice, x: -1}", "event.x", "from 0 to 1,000,000"),
    ("{type: damage, source: grizzly_bears, target: bob, amount: 1000001}", "event.amount", "1,000,000"),
])
def test_event_bounds(event, field, range_, run, tmp_path):
    board, ev = tmp_path / "board.yaml", tmp_path / "event.yaml"
    board.write_text(EVENT_BOARD, encoding="utf-8")
    ev.write_text(f"event: {event}\n", encoding="utf-8")
    line = _one_line(run("replace", board, ev), ev)
    assert f": {field}: " in line and "out of range" in line and range_ in line, line


def test_schemas_show_the_ranges():
    """`mtgjudge schema board|card|case` states every range (engine/schemas/*.json)."""
    board = json.loads((ROOT / "engine" / "schemas" / "board.schema.json").read_text(encoding="utf-8"))
    perm = board["$defs"]["Permanent"]["properties"]
    assert perm["damage"]["minimum"] == 0 and perm["damage"]["maximum"] == 1_000_000
    ts = next(a for a in perm["timestamp"]["anyOf"] if a.get("type") == "integer")
    assert (ts["minimum"], ts["maximum"]) == (1, 1_000_000)
    life = board["properties"]["life"]["anyOf"]
    assert {"maximum": 1_000_000, "minimum": -1_000_000, "type": "integer"} in life
    text = json.dumps(board)
    # every integer of the board schema has both bounds
    for m in re.finditer(r'\{[^{}]*"type": "integer"[^{}]*\}', text):
        assert '"minimum"' in m.group(0) and '"maximum"' in m.group(0), m.group(0)
    card = json.loads((ROOT / "engine" / "schemas" / "card.schema.json").read_text(encoding="utf-8"))
    loyalty = next(a for a in card["properties"]["loyalty"]["anyOf"] if a.get("type") == "integer")
    assert (loyalty["minimum"], loyalty["maximum"]) == (0, 1_000_000)
    case = json.loads((ROOT / "engine" / "schemas" / "case.schema.json").read_text(encoding="utf-8"))
    seed = next(a for a in case["properties"]["seed"]["anyOf"] if a.get("type") == "integer")
    assert (seed["minimum"], seed["maximum"]) == (0, 2**32 - 1)


# --- the CLI's number options ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,option", [
    (["replace", "--limit", "99999999999999999999", "b.yaml", "e.yaml"], "--limit"),  # was a traceback (islice)
    (["replace", "--limit", "0", "b.yaml", "e.yaml"], "--limit"),
    (["attack", "--all", "--limit", "1000001", "b.yaml"], "--limit"),
    (["replace", "--time-limit", "nan", "b.yaml", "e.yaml"], "--time-limit"),  # was taken, and a timeout (exit 3)
    (["replace", "--time-limit", "inf", "b.yaml", "e.yaml"], "--time-limit"),
    (["generate", "layers", "--count", "1000001"], "--count"),
    (["generate", "layers", "--seed", "-1"], "--seed"),
    (["generate", "layers", "--seed", str(2**32)], "--seed"),
    (["generate", "layers", "--max-permanents", "10001"], "--max-permanents"),  # 99999999999: a MemoryError
    (["crosscheck", "--jobs", "257", "c.jsonl"], "--jobs"),
    (["serve", "--workers", "257"], "--workers"),
    (["serve", "--max-body", str(10**9 + 1)], "--max-body"),
])
def test_cli_number_options_are_range_checked(args, option, run):
    r = run(*args)
    assert r.code == 2, r.out + r.err
    lines = r.err.splitlines()
    assert len(lines) == 1 and f"Invalid value for '{option}'" in lines[0], r.err


def test_cli_number_options_just_inside(run):
    r = run("generate", "layers", "--count", "1", "--seed", str(2**32 - 1), "--max-permanents", "2")
    assert r.code == 0, r.err
    assert json.loads(r.out.splitlines()[0])["query"] == "layers"


# --- no wraparound inside a solve -------------------------------------------------------------------------------------

THOUSANDFOLD = """name: Thousandfold Engine
mana_cost: "{5}"
types: [Artifact]
oracle: If you would create one or more tokens, create a thousand times that many of those tokens instead.
abilities:
  - kind: replacement
    text: If you would create one or more tokens, create a thousand times that many of those tokens instead.
    replacement: {event: token, player: you, do: multiply, n: 1000}
"""


def _doublers(tmp_path: Path, card: str, n: int, amount: int) -> tuple[Path, Path]:
    board, ev = tmp_path / "board.yaml", tmp_path / "event.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n" + f"  - {{card: {card}, controller: alice}}\n" * n,
                     encoding="utf-8")
    ev.write_text(f"event: {{type: token, controller: alice, token: Soldier, amount: {amount}}}\n", encoding="utf-8")
    return board, ev


def test_amount_bound_agrees_with_the_program():
    from bridge.replace.division import AMOUNT_MAX

    text = (ROOT / "asp_rules" / "replace.lp").read_text(encoding="utf-8")
    assert f"#const amount_max = {AMOUNT_MAX}." in text
    assert 2 * AMOUNT_MAX < 2**31  # the sum of two amounts (left and prevented) still fits


def test_a_product_past_the_bound_is_an_honest_error(run, tmp_path):
    """A million tokens under two thousandfold replacements would be 10**12: refused, naming the event and the bound
    (before: 10**12 mod 2**32 tokens, or no outcome at all)."""
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "thousandfold_engine.yaml").write_text(THOUSANDFOLD, encoding="utf-8")
    board, ev = _doublers(tmp_path, "Thousandfold Engine", 2, 1_000_000)
    line = _one_line(run("replace", "--cards", cards, board, ev), board)
    assert "event 1 (token)" in line and "1,073,741,823" in line and "wrap" in line, line
    board, ev = _doublers(tmp_path, "Thousandfold Engine", 1, 1_000_000)  # one of them: 10**9, right
    r = run("replace", "--cards", cards, "--json", board, ev)
    assert r.code == 0, r.err
    assert [e["amount"] for o in json.loads(r.out)["outcomes"] for e in o["events"]] == [1_000_000_000]


def test_twenty_doublers_right_or_honest(run, tmp_path):
    """Twenty Parallel Lives: on one token, 2**20 tokens (right); on a million, past 2**31 after eleven of them: an
    honest error (a timeout, exit 3, or the bound, exit 2), never a wrapped number."""
    board, ev = _doublers(tmp_path, "Parallel Lives", 20, 1_000_000)
    r = run("replace", "--limit", "1", "--time-limit", "3", "--json", board, ev)
    assert r.code in (2, 3), r.out + r.err
    assert len(r.err.splitlines()) == 1 and ("1,073,741,823" in r.err or "time limit" in r.err), r.err
    assert "-" not in "".join(re.findall(r'"amount": (-?\d+)', r.out))


def test_ten_doublers_on_a_million_tokens_is_right(run, tmp_path):
    """2**10 * 10**6 = 1,024,000,000: below the bound, the right number."""
    board, ev = _doublers(tmp_path, "Parallel Lives", 10, 1_000_000)
    r = run("replace", "--limit", "1", "--time-limit", "60", "--json", board, ev)
    assert r.code == 0, r.err
    assert [e["amount"] for o in json.loads(r.out)["outcomes"] for e in o["events"]] == [1_024_000_000]


def test_a_million_power_with_counters_and_anthems_is_right(run, tmp_path):
    """A 1,000,000/1,000,000 card with a million +1/+1 counters and three Glorious Anthems: 2,000,003/2,000,003."""
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "million_giant.yaml").write_text(
        "name: Million Giant\nmana_cost: \"{G}\"\ntypes: [Creature]\nsubtypes: [Giant]\npower: 1000000\n"
        "toughness: 1000000\noracle: \"\"\nabilities: []\n", encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n"
                     "  - {card: Million Giant, controller: alice, counters: {\"+1/+1\": 1000000}}\n"
                     + "  - {card: Glorious Anthem, controller: alice}\n" * 3, encoding="utf-8")
    r = run("layers", "--cards", cards, "--json", board)
    assert r.code == 0, r.err
    giant = json.loads(r.out)["objects"]["million_giant"]
    assert (giant["power"], giant["toughness"]) == (2_000_003, 2_000_003)


def test_counters_near_two_to_the_31_are_refused(run, tmp_path):
    """The issue's Grizzly Bears with 2,147,483,646 +1/+1 counters (shown as -2147483648/-2147483648): refused."""
    path = tmp_path / "board.yaml"
    path.write_text(BEARS % ', counters: {"+1/+1": 2147483646}', encoding="utf-8")
    line = _one_line(run("layers", path), path)
    assert "battlefield[0].counters.+1/+1" in line and "out of range" in line, line


def test_the_command_lines_bound_is_the_files_bound():
    """The number options' bound (engine/app/cli_options.py, kept apart so that `mtgjudge --help` imports no YAML) is
    the bound of every number a file gives."""
    from engine.app.cli_options import NUMBER_MAX as options
    from engine.files.yamlio import NUMBER_MAX as files

    assert options == files
