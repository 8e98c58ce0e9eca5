"""Issue 21's fifth round of keywords (702.43 onward: the current official rules, the seed text stops at
702.42): mentor through its definition in words (702.134a: "target attacking creature with lesser power"),
the combat program finding the attack and block triggers a keyword is defined as (702.68a frenzy, 702.134a
mentor), afflict as a combat trigger of the keyword (702.130a), bloodthirst as the keyword's replacement
(702.54a). The cards are the card database's; the games are in tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bridge.combat import Declaration, build_problem, check
from engine.files.loader import board_from_data
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition
from engine.vocab.replacement import ReplacementRule, keyword_replacement
from oracles.combat import CombatOracle, attack_triggers, block_triggers


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


def test_mentor_means_an_attack_trigger_targeting_an_attacking_creature_with_lesser_power():
    means = definition(_kw("mentor"))
    assert means.kind == "triggered" and means.trigger.event == "attacks"
    (spec,) = means.targets
    assert spec.model_dump(exclude_defaults=True, by_alias=True) == {
        "what": "creature", "lesser_power": True, "quality": {"attacking": True}}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 1}]  # (to: target, the default)
    assert _kw("mentor").means is means  # what the combat program reads (bridge/combat.py: _means)


@pytest.mark.parametrize("paragraph", [
    "Whenever this creature attacks, put a +1/+1 counter on target creature with lesser power.",
    "When this creature enters, put a +1/+1 counter on target creature you control with lesser power.",
])
def test_the_lesser_power_target_is_read(paragraph):
    (ab,) = compile_paragraph(paragraph)
    assert ab.targets[0].lesser_power and executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Whenever this creature attacks, put a +1/+1 counter on target player with lesser power.",
    "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser toughness.",
    "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power or greater.",
    "Whenever this creature attacks, put a +1/+1 counter on target permanent with lesser power.",
])
def test_near_misses_of_the_lesser_power_target_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_bloodthirst_is_a_replacement_of_the_keyword_on_an_opponent_dealt_damage():
    rule = keyword_replacement("bloodthirst", 2)
    assert rule.model_dump(exclude_defaults=True, by_alias=True) == {
        "event": "enter", "object": {"self": True}, "do": "add_counters", "n": 2, "if_opponent_dealt_damage": True}
    assert _kw("bloodthirst", n=2).replacement == rule and executable_by(_kw("bloodthirst", n=2)) == "replace (614-616)"
    with pytest.raises(ValidationError, match="if_opponent_dealt_damage"):
        ReplacementRule(event="draw", do="prevent_all", if_opponent_dealt_damage=True)


def test_afflict_and_a_defined_attack_trigger_trigger_in_the_combat_program_as_in_the_oracle(library):
    """702.134a mentor (the trigger its definition is, found by the combat program as the attack trigger
    of the keyword: it was not before), 702.130a afflict (the combat program's becomes-blocked trigger):
    Blade Instructor and Khenra Eternal are database cards; the program and the oracle agree."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Blade Instructor", "controller": "alice", "id": "instructor"},
        {"card": "Khenra Eternal", "controller": "alice", "id": "eternal"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}]}
    state = board_from_data(board, library, "mentor and afflict")
    attack = Declaration("attack", (("eternal", "bob"), ("instructor", "bob")), (), ())
    v = check(build_problem(state), attack)
    assert v.legal
    got = {(t.source, *t.objects) for t in v.triggers}
    assert got == {(s, *o) for s, _i, *o in attack_triggers(CombatOracle(state), dict(attack.pairs))} \
        == {("instructor", "instructor")}
    board["combat"] = {"attackers": {"eternal": "bob", "instructor": "bob"}}
    state = board_from_data(board, library, "mentor and afflict")
    block = Declaration("block", (("bears", "eternal"),), (), ())
    v = check(build_problem(state), block)
    assert v.legal
    got = {(t.source, *t.objects) for t in v.triggers}
    assert got == {(s, *o) for s, _i, *o in block_triggers(CombatOracle(state), {"bears": ["eternal"]})} \
        == {("eternal", "eternal")}


MENTOR = """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Blade Instructor, controller: alice, id: instructor}
  - {card: Hill Giant, controller: alice, id: giant}
actions:
  - {attack: {instructor: bob, giant: bob}}
  - {trigger_targets: {"instructor#1": [giant]}}
until: {turn: 1, step: end_of_combat}
"""


def test_mentor_refuses_a_target_whose_power_is_not_less(library, tmp_path):
    """702.134a: Hill Giant's power (3) is not less than Blade Instructor's (3): it can't be the target."""
    from engine.files.gamefile import load_game
    from engine.game import play
    from engine.game.common import GameError

    path = tmp_path / "game.yaml"
    path.write_text(MENTOR, encoding="utf-8")
    state, actions, until = load_game(path, library)
    with pytest.raises(GameError, match="not less than its source's"):
        play(state, actions, library=library, until=until)




def test_renown_means_a_combat_damage_trigger_with_its_intervening_if():
    means = definition(_kw("renown", n=2))
    assert means.trigger.model_dump(exclude_defaults=True) == {
        "event": "deals_damage", "combat": True, "to_player": True, "if_not_renowned": True}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 2, "to": "self"}, {"op": "become_renowned"}]


@pytest.mark.parametrize("paragraph", [
    "Whenever this creature attacks, if it isn't renowned, put a +1/+1 counter on it and it becomes renowned.",
    "When this creature deals combat damage to a player, if it isn't renowned, put a +1/+1 counter on it.",
    "When this creature deals combat damage to a player, put a +1/+1 counter on it and it becomes renowned.",
    "When this creature deals combat damage to a player, draw a card. If it isn't renowned, put a +1/+1 counter on "
    "it and it becomes renowned.",
    "When this creature deals combat damage to a creature, if it isn't renowned, put a +1/+1 counter on it and it "
    "becomes renowned.",
])
def test_near_misses_of_renown_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_echo_still_reads_its_intervening_if():
    (ab,) = compile_paragraph("At the beginning of your upkeep, if this permanent came under your control since the "
                              "beginning of your last upkeep, sacrifice it unless you pay {1}{G}.")
    assert ab.trigger.if_came_under_control and not compile_paragraph(
        "When this creature enters, if this permanent came under your control since the beginning of your last "
        "upkeep, draw a card.")


def test_extort_means_a_cast_trigger_paying_hybrid_mana_and_counting_the_life_lost():
    means = definition(_kw("extort"))
    assert means.trigger.model_dump(exclude_defaults=True, by_alias=True) == {"event": "cast"}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "may", "one_shot": [{"op": "pay", "cost": "{W/B}"}],
         "if_you_do": [{"op": "lose_life", "amount": 1},  # (who: each_opponent, LoseLife's default)
                       {"op": "gain_life", "amount": "life_lost_this_way"}]}]


@pytest.mark.parametrize("paragraph", [
    "Whenever you cast a spell, you may pay {W/B}. If you do, draw a card and you gain life equal to the total life "
    "lost this way.",
    "Whenever you cast a spell, you may pay {W/B}. If you do, you gain life equal to the total life lost this way.",
    "Whenever you cast a spell, you may pay {W/P}. If you do, each opponent loses 1 life.",
    "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain life equal to "
    "the life lost this way.",
    "Whenever you cast a spell, sacrifice it unless you pay {W/B}.",
])
def test_near_misses_of_extort_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_modular_is_its_replacement_and_its_definitions_trigger():
    ab = _kw("modular", n=2)
    assert ab.replacement.model_dump(exclude_defaults=True, by_alias=True) == {
        "event": "enter", "object": {"self": True}, "do": "add_counters", "n": 2}
    means = definition(ab)
    assert means.trigger.event == "dies"
    (spec,) = means.targets
    assert spec.model_dump(exclude_defaults=True, by_alias=True) == {"what": "creature", "quality": {"types": ["Artifact"]}}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "may", "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": "own_counters"}]}]
    by = executable_by(ab)  # both abilities: the replace program's, and the loop's trigger
    assert by.startswith("replace (614-616); as its definition (702.43a")


@pytest.mark.parametrize("paragraph", [
    "When this creature dies, put two +1/+1 counters on target creature for each +1/+1 counter on this creature.",
    "When this creature dies, put a -1/-1 counter on target creature for each +1/+1 counter on this creature.",
    "When this creature dies, put a +1/+1 counter on this creature for each +1/+1 counter on this creature.",
    "When this creature dies, put a +1/+1 counter on target artifact enchantment.",
])
def test_near_misses_of_modulars_trigger_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


MODULAR = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Arcbound Bruiser, controller: alice, id: bruiser, counters: {"+1/+1": 3}}
  - {card: Grizzly Bears, controller: alice, id: bears}
  - {card: Mountain, controller: alice, id: mountain}
hand:
  alice: [{card: Lightning Bolt, id: bolt}]
actions:
  - {cast: bolt, targets: [bruiser], tap: [mountain]}
  - {pass: true}
  - {pass: true}
  - {trigger_targets: {"bruiser#1": [bears]}}
until: {turn: 1, step: beginning_of_combat}
"""


def test_modular_refuses_a_target_that_is_no_artifact_creature(library, tmp_path):
    """702.43a: 'target artifact creature': Grizzly Bears is a creature, no artifact."""
    from engine.files.gamefile import load_game
    from engine.game import play
    from engine.game.common import GameError

    path = tmp_path / "game.yaml"
    path.write_text(MODULAR, encoding="utf-8")
    state, actions, until = load_game(path, library)
    with pytest.raises(GameError, match="can't be a target"):
        play(state, actions, library=library, until=until)


def test_evolve_means_an_enters_trigger_with_its_intervening_if():
    means = definition(_kw("evolve"))
    assert means.trigger.model_dump(exclude_defaults=True) == {
        "event": "enters", "subjects": {"types": ["Creature"], "controller": "you"}, "if_greater_pt": True}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]


@pytest.mark.parametrize("paragraph", [
    "When this creature enters, if that creature has greater power or toughness than this creature, put a +1/+1 "
    "counter on this creature.",
    "Whenever a creature you control enters, if that creature has greater power than this creature, put a +1/+1 "
    "counter on this creature.",
    "Whenever a creature you control dies, if that creature has greater power or toughness than this creature, put a "
    "+1/+1 counter on this creature.",
])
def test_near_misses_of_evolve_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_greater_power_or_toughness():
    from engine.game.triggered import greater_pt

    assert greater_pt((2, 2), (0, 1)) and greater_pt((0, 2), (1, 1)) and not greater_pt((1, 1), (1, 1))
    assert not greater_pt((5, 5), (None, None))  # 702.100c: nothing is greater than a noncreature's


def test_skulk_is_a_block_restriction_in_the_block_program_as_in_the_oracle(library):
    """702.118b: Furtive Homunculus (2/1, skulk) can't be blocked by Hill Giant (power 3), can be by Grizzly
    Bears (power 2): the block program and the combat oracle agree (database cards)."""
    from oracles.combat import CombatOracle as Oracle

    board = {"players": ["alice", "bob"], "active": "alice", "combat": {"attackers": {"homunculus": "bob"}},
             "battlefield": [{"card": "Furtive Homunculus", "controller": "alice", "id": "homunculus"},
                             {"card": "Hill Giant", "controller": "bob", "id": "giant"},
                             {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}]}
    state = board_from_data(board, library, "skulk")
    for blocker, legal in (("giant", False), ("bears", True)):
        v = check(build_problem(state), Declaration("block", ((blocker, "homunculus"),), (), ()))
        refused = ("skulk", blocker, "homunculus") in Oracle(state).keyword_violations(blocker, "homunculus")
        assert v.legal == legal and refused == (not legal)


@pytest.mark.parametrize("paragraph, quality", [
    ("Destroy target artifact creature.", ["Artifact"]),
    ("Exile target land creature.", ["Land"]),
])
def test_a_creature_target_with_another_card_type_is_read_with_it_as_quality(paragraph, quality):
    """115.1: "target artifact creature" (modular's definition, Hearth Charm): a creature that is also an artifact,
    the other card type a quality it must have as it is targeted and as the ability resolves (608.2b)."""
    (ab,) = compile_paragraph(paragraph)
    assert ab.targets[0].model_dump(exclude_defaults=True) == {"what": "creature", "quality": {"types": quality}}
