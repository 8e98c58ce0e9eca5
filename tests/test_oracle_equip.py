"""702.6c: equip abilities with a quality ("Equip legendary creature {1}", "Equip Knight {1}"): the keyword line
(oracle.lark) keeps the quality, read by engine/vocab/oracle/equip.py as the target of the ability; near misses
(qualities the targets can't say, or that name no creature) compile to nothing. The game tests
tests/data/games/702-6c-*.yaml play them."""

from __future__ import annotations

import pytest

from engine.vocab.keyword_costs import EquipAbility
from engine.vocab.oracle.compile import keyword_line
from engine.vocab.oracle.equip import equip_target


@pytest.mark.parametrize("line, quality, selector", [
    ("Equip legendary creature {1}", "legendary creature", {"supertypes": ["Legendary"]}),  # Brotherhood Regalia
    ("Equip Knight {1}", "Knight", {"subtypes": ["Knight"]}),  # Steelclaw Lance
    ("Equip Human {1}", "Human", {"subtypes": ["Human"]}),  # Dúnedain Blade
    ("Equip creature token {1}", "creature token", {"token": True}),  # Team Pennant
    ("Equip Soldier {W}", "Soldier", {"subtypes": ["Soldier"]}),  # Veteran's Powerblade
    ("Equip Halfling {1} (({1}: Attach to target Halfling you control. Equip only as a sorcery.)",
     "Halfling", {"subtypes": ["Halfling"]}),
    ("Equip legendary creature {2}{W}", "legendary creature", {"supertypes": ["Legendary"]}),
])
def test_an_equip_ability_with_a_quality_compiles_to_its_restricted_target(line, quality, selector):
    (ab,) = keyword_line(line.replace("((", "("))
    assert (ab.keyword, ab.quality, ab.cost.startswith("{")) == ("equip", quality, True)
    spec = EquipAbility(ab.cost, ab.quality).targets[0]
    assert (spec.what, spec.controller) == ("creature", "you")  # 702.6c: a creature its activator controls
    assert spec.quality.model_dump(exclude_defaults=True) == selector


def test_equip_without_a_quality_keeps_its_target_and_both_abilities_of_a_card_compile():
    plain, knight = keyword_line("Equip {3}")[0], keyword_line("Equip Knight {1}")[0]
    assert plain.quality is None and EquipAbility(plain.cost).targets[0].quality is None
    assert (plain.display(), knight.display()) == ("Equip {3}", "Equip Knight {1}")  # 702.6d: two abilities
    assert knight.words() == "equip Knight {1}"


@pytest.mark.parametrize("line", [
    "Equip planeswalker {1}",  # 702.6e: equip planeswalker, another ability
    "Equip creature or planeswalker {3}",
    "Equip commander {3}",  # no quality the selectors say
    "Equip worthy {1}",
    "Equip Shaman, Warlock, or Wizard {1}",  # a list of subtypes the noun phrases don't read
    "Equip Knights {1}",  # a plural: no creature's quality
    "Equip each creature {1}",
    "Equip creature you control {1}",  # "you control" is the rule's own words
    "Equip another creature {1}",
    "Equip legendary creature",  # no cost
    "Equip legendary creature {1}. Activate only once each turn.",  # a keyword and a sentence
    "Equip Knight—Pay 3 life.",  # a cost in words after a quality: not a template
])
def test_an_equip_quality_the_targets_cant_say_compiles_to_nothing(line):
    assert keyword_line(line) is None


def test_a_quality_that_names_no_creature_has_no_target():
    assert equip_target("planeswalker") is None and equip_target("artifact") is None
    assert equip_target("artifact creature").quality.model_dump(exclude_defaults=True) == {"types": ["Artifact"]}
