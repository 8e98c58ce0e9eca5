"""One-shot animation (engine/vocab/oracle/oneshot_animate.py, oneshot.lark's block "animation"): "[object] becomes a
[N/N] [color] [subtypes] creature [with keywords] [until end of turn]" (611.2, 613.1d-f, 613.4b): the type change of
205.1a, or the types kept (205.1b: "It's still a land.", "that's still a land", "artifact creature"). The cards are the
card database's; the games are tests/data/games/613-1d-manland-*.yaml and 611-2a-animated-land-lasts-indefinitely.yaml."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
SELF = {"self": True}

EXAMPLES = [
    ("Treetop Village", "{1}{G}: This land becomes a 3/3 green Ape creature with trample until end of turn. It's still "
                        "a land.",
     {"kind": "activated", "cost": "{1}{G}", "continuous": {"applies_to": SELF, "do": [
         {"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "subtypes": ["Ape"]},
         {"op": "set_colors", "colors": ["green"]}, {"op": "set_base_pt", "power": 3, "toughness": 3},
         {"op": "add_abilities", "abilities": [{"keyword": "trample"}]}]}}),
    ("Celestial Colonnade", "{3}{W}{U}: Until end of turn, this land becomes a 4/4 white and blue Elemental creature "
                            "with flying and vigilance. It's still a land.",
     {"kind": "activated", "cost": "{3}{W}{U}", "continuous": {"applies_to": SELF, "do": [
         {"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "subtypes": ["Elemental"]},
         {"op": "set_colors", "colors": ["white", "blue"]}, {"op": "set_base_pt", "power": 4, "toughness": 4},
         {"op": "add_abilities", "abilities": [{"keyword": "flying"}, {"keyword": "vigilance"}]}]}}),
    # 205.3m: all creature types (Mutavault's words; Mutavault itself is a library card)
    ("Faceless Haven", "{S}{S}{S}: This land becomes a 4/3 creature with vigilance and all creature types until end "
                       "of turn. It's still a land.",
     {"kind": "activated", "cost": "{S}{S}{S}", "continuous": {"applies_to": SELF, "do": [
         {"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "all_creature_types": True},
         {"op": "set_base_pt", "power": 4, "toughness": 3},
         {"op": "add_abilities", "abilities": [{"keyword": "vigilance"}]}]}}),
    # 205.1b: "[creature type] artifact creature": card types and subtypes kept, the creature types replaced
    ("Boros Keyrune", "{R}{W}: This artifact becomes a 1/1 red and white Soldier artifact creature with double strike "
                      "until end of turn.",
     {"kind": "activated", "cost": "{R}{W}", "continuous": {"applies_to": SELF, "do": [
         {"op": "add_types", "types": ["Artifact", "Creature"]}, {"op": "set_creature_types", "subtypes": ["Soldier"]},
         {"op": "set_colors", "colors": ["red", "white"]}, {"op": "set_base_pt", "power": 1, "toughness": 1},
         {"op": "add_abilities", "abilities": [{"keyword": "double strike"}]}]}}),
    ("Dire Mimic", "{3}: This artifact becomes a Shapeshifter artifact creature with base power and toughness 5/5 "
                   "until end of turn.",
     {"kind": "activated", "cost": "{3}", "continuous": {"applies_to": SELF, "do": [
         {"op": "add_types", "types": ["Artifact", "Creature"]},
         {"op": "set_creature_types", "subtypes": ["Shapeshifter"]}, {"op": "set_base_pt", "power": 5, "toughness": 5}]}}),
    # 611.2c: on the target
    ("Hydroform", "Target land becomes a 3/3 Elemental creature with flying until end of turn. It's still a land.",
     {"kind": "spell", "targets": [{"what": "permanent", "types": ["Land"]}], "continuous": {"do": [
         {"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "subtypes": ["Elemental"]},
         {"op": "set_base_pt", "power": 3, "toughness": 3},
         {"op": "add_abilities", "abilities": [{"keyword": "flying"}]}]}}),
    ("Lifespark Spellbomb", "{G}, Sacrifice this artifact: Until end of turn, target land becomes a 3/3 creature "
                            "that's still a land.",
     {"kind": "activated", "cost": "{G}, Sacrifice this artifact", "targets": [{"what": "permanent", "types": ["Land"]}],
      "continuous": {"do": [{"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 3, "toughness": 3}]}}),
    # 611.2a: no duration: indefinitely; "it": the target
    ("Spike Tiller", "{2}, Remove a +1/+1 counter from this creature: Target land becomes a 2/2 creature that's still "
                     "a land. Put a +1/+1 counter on it.",
     {"kind": "activated", "cost": "{2}, Remove a +1/+1 counter from this creature",
      "targets": [{"what": "permanent", "types": ["Land"]}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1}], "continuous": {"do": [
          {"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 2, "toughness": 2}]}}),
    # 205.1a: without "still a land", the new card type replaces the old ones
    ("Kamahl, Fist of Krosa", "{G}: Target land becomes a 1/1 creature until end of turn. It's still a land.",
     {"kind": "activated", "cost": "{G}", "targets": [{"what": "permanent", "types": ["Land"]}], "continuous": {"do": [
         {"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 1, "toughness": 1}]}}),
]


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    extra = {"effect": paragraph.partition(": ")[2]} if expected["kind"] == "activated" else {"text": paragraph}
    want = ABILITY.validate_python(dict(expected, **extra))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_without_still_a_land_the_type_is_replaced():
    # 205.1a: "Target land becomes a 3/3 creature until end of turn." (no "still"): a creature only
    found = compile_paragraph("Target land becomes a 3/3 creature until end of turn.", "Foo")
    assert found and [op.op for op in found[0].continuous.do] == ["set_types", "set_base_pt"]
    assert found[0].continuous.do[0].types == ["Creature"]


NEAR_MISSES = [
    # no creature in the type phrase (an Aura, a Vehicle artifact: not read here)
    "This land becomes a 3/3 green Ape until end of turn.",
    "{1}: This land becomes an Aura enchantment until end of turn.",
    # "It's still a land." after no animation
    "Tap target land. It's still a land.",
    # a modification, not a power and toughness
    "This land becomes a +3/+3 green Ape creature until end of turn.",
    # a set of objects (611.2c: a selector's set, not read here), a plural
    "Each land you control becomes a 2/2 creature until end of turn.",
    "Lands you control become 2/2 creatures until end of turn.",
    # an indefinite animation beside a sentence that ends with the turn (the loop would end both then)
    "Target land you control becomes a 0/0 Elemental creature with haste that's still a land. It gains hexproof until "
    "end of turn.",
    # "where X is": not read; a quoted ability not read
    "This land becomes an X/X green Hydra creature until end of turn, where X is the number of lands you control.",
    '{2}{R}{G}: Until end of turn, this land becomes a 3/3 red and green Elemental creature with "Whenever this '
    'creature attacks, put a +1/+1 counter on it." It\'s still a land.',
    # a color twice, a keyword twice
    "This land becomes a 3/3 green and green Ape creature until end of turn.",
    "This land becomes a 3/3 Ape creature with trample and trample until end of turn.",
    # "you may have it become": a continuous effect in a may (not read)
    "Whenever a land you control enters, you may have target land you control become a 3/3 Elemental creature with "
    "haste until end of turn. It's still a land.",
]


@pytest.mark.parametrize("paragraph", NEAR_MISSES)
def test_near_misses_do_not_compile(paragraph):
    assert not compile_paragraph(paragraph, "Foo")
