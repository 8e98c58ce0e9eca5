"""Soulbond (702.95, the current official rules: the seed text stops at 702.42) and the abilities of its pair: family 2's
"As long as this creature is paired with another creature, both creatures have [keyword]." / "..., each of those
creatures gets +N/+N." / "..., each of those creatures has "[ability]."" (statics.lark ``st_paired``, reader
engine/vocab/oracle/statics_paired.py): {continuous: {if: {paired: self}, applies_to: {paired: true}, do}}, the layers
program reading the game loop's pair (paired/2, asp_rules/layers_conditions.lp); the keyword's two triggered abilities
and the unpairing are the game loop's (engine/game/soulbond.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/702-95-soulbond-pairs-as-it-enters.yaml
(+4/+4 on both as the Silverheart pairs with the Bears), 702-95-soulbond-other-enters-and-unpairs.yaml (another creature
entering; unpaired as one leaves; a declined pairing), 702-95-soulbond-control-change-unpairs.yaml (702.95d: another
player gains control), 702-95-soulbond-paired-double-strike.yaml (both deal double strike damage).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, KeywordAbility, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
PAIR = {"if": {"paired": "self"}, "applies_to": {"paired": True}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Wolfir Silverheart",
     "As long as this creature is paired with another creature, each of those creatures gets +4/+4.",
     {"kind": "static", "continuous": dict(PAIR, do=[{"op": "modify_pt", "power": 4, "toughness": 4}])}),
    ("Nightshade Peddler",
     "As long as this creature is paired with another creature, both creatures have deathtouch.",
     {"kind": "static", "continuous": dict(PAIR, do=[{"op": "add_abilities", "abilities": [{"keyword": "deathtouch"}]}])}),
    ("Diregraf Escort",
     "As long as this creature is paired with another creature, both creatures have protection from Zombies.",
     {"kind": "static", "continuous": dict(PAIR, do=[{"op": "add_abilities", "abilities": [
         {"keyword": "protection", "quality": "Zombies"}]}])}),
    ("Galvanic Alchemist",
     'As long as this creature is paired with another creature, each of those creatures has "{2}{U}: Untap this '
     'creature."',
     {"kind": "static", "continuous": dict(PAIR, do=[{"op": "add_abilities", "abilities": [
         {"text": "{2}{U}: Untap this creature.", "kind": "activated", "ability": {
             "kind": "activated", "cost": "{2}{U}", "effect": "Untap this creature.",
             "one_shot": [{"op": "untap", "what": "self"}]}}]}])}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    abilities = card_file(record).abilities
    assert want in abilities
    assert all(executable_by(a) is not None for a in abilities), "every ability of the card, soulbond too"


def test_the_keyword_is_the_game_loops():
    """702.95a: the keyword's two triggered abilities and its pairing are the game loop's (engine/game/soulbond.py)."""
    assert "702.95" in executable_by(KeywordAbility(kind="keyword", keyword="soulbond"))


def test_the_tilde_form():
    """"As long as ~ is paired with another creature, ..." (the card's name): the same ability."""
    [ab] = statics.read(bare("As long as ~ is paired with another creature, each of those creatures gets +1/+1.", ""))
    assert ab["continuous"] == dict(PAIR, do=[{"op": "modify_pt", "power": 1, "toughness": 1}])


# near misses: another object paired, a battle, one creature of the pair only, a duration
NOT_READ = [
    "As long as ~ is paired with a battle, each of those permanents has haste.",
    "As long as enchanted creature is paired with another creature, both creatures have flying.",
    "As long as this creature is paired with another creature, the creature it's paired with has flying.",
    "As long as this creature is paired with another creature, it gets +2/+2.",
    "As long as this creature is paired with another creature, both creatures have flying until end of turn.",
    "As long as this creature isn't paired with another creature, it gets +2/+2.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None
