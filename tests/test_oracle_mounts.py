"""Issue 21: Mounts (702.171, the current official rules: the seed text stops at 702.42): "Saddle N", a keyword the
game loop activates as crew's (engine/game/mounts.py), and the trigger "Whenever this creature attacks while saddled"
(702.171b; the combat program's trigger_saddled/1). The games are tests/data/games/702-171*.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.combat import CombatTrigger
from engine.vocab.keyword_costs import SaddleAbility
from engine.vocab.oracle.compile import compile_paragraph


@pytest.mark.parametrize("n", [1, 2, 4])
def test_saddle_n_is_executed_by_the_game_loop(n):
    ab = KeywordAbility(kind="keyword", keyword="saddle", n=n)
    assert "702.171a" in (executable_by(ab) or "")
    saddle = SaddleAbility(n)
    assert saddle.display() == f"Saddle {n}" and f"total power {n} or greater" in saddle.cost


@pytest.mark.parametrize("paragraph, ops", [
    ("Whenever this creature attacks while saddled, it gets +1/+2 and gains menace until end of turn.", None),
    ("Whenever this creature attacks while saddled, create a Treasure token.", ["create_token"]),
    ("Whenever this creature attacks while saddled, untap it and put a +1/+1 counter on it.", ["untap", "counters"]),
])
def test_attacks_while_saddled_is_an_attack_trigger_on_the_saddled_source(paragraph, ops):
    (ab,) = compile_paragraph(paragraph)
    assert ab.kind == "triggered"
    assert ab.trigger.model_dump(exclude_defaults=True) == {"event": "attacks", "saddled": True}
    if ops is not None:
        assert [op.op for op in ab.one_shot] == ops
    assert "attack/block" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # another creature's attack while saddled; a saddled creature's block; "saddles" (702.171c's creatures that saddle)
    "Whenever another creature you control attacks while saddled, draw a card.",
    "Whenever a Mount you control attacks while saddled, draw a card.",
    "Whenever this creature blocks while saddled, draw a card.",
    "Whenever this creature saddles a Mount, draw a card.",
    "Whenever this creature attacks while saddled or blocks, draw a card.",
])
def test_near_misses_of_attacks_while_saddled_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_saddled_belongs_to_a_plain_attack_trigger():
    with pytest.raises(ValueError):
        CombatTrigger(event="blocks", saddled=True)
    with pytest.raises(ValueError):
        CombatTrigger(event="attacks", saddled=True, alone=True)


@pytest.mark.parametrize("quality, kinds", [
    ("creature or Vehicle", [{"types": ["Creature"]}, {"subtypes": ["Vehicle"]}]),
    ("artifact or Vehicle", [{"types": ["Artifact"]}, {"subtypes": ["Vehicle"]}]),
])
def test_enchant_creature_or_vehicle_targets_the_union(quality, kinds):
    from engine.vocab.cardfile import enchant_target
    spec = enchant_target(quality)
    assert spec.what == "permanent" and not spec.types
    assert [s.model_dump(exclude_defaults=True) for s in spec.quality.any_of] == kinds
    assert "702.5a" in executable_by(KeywordAbility(kind="keyword", keyword="enchant", quality=quality))


@pytest.mark.parametrize("quality", ["creature or Equipment", "creature or Vehicle you don't control", "Vehicle card",
                                     "creature or Vehicle or player"])
def test_near_misses_of_enchant_creature_or_vehicle_are_not_executable(quality):
    from engine.vocab.cardfile import enchant_target
    assert enchant_target(quality) is None
    assert executable_by(KeywordAbility(kind="keyword", keyword="enchant", quality=quality)) is None
