"""Issue 21, combat keywords executed by the combat program and the game loop (702.43 onward: the current
official rules, the seed text stops at 702.42): melee (702.121a-b), an attack trigger of the keyword; training
(702.149a) through its definition in words, an attack trigger `with_greater_power` the combat program decides. The
cards are the card database's; the games are in tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bridge.combat import Declaration, build_problem, check
from engine.files.loader import board_from_data
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.combat import CombatTrigger
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition
from engine.vocab.keyword_costs import melee_effect
from oracles.combat import CombatOracle, attack_triggers


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


def test_melee_is_executed_by_the_attack_program_and_the_loop():
    assert executable_by(_kw("melee")).startswith("attack: it triggers, once per instance")
    assert [op.model_dump(exclude_defaults=True) for op in melee_effect(3).continuous.do] == [
        {"op": "modify_pt", "power": 3, "toughness": 3}]


def test_melee_triggers_in_the_combat_program_as_in_the_oracle(library):
    """702.121a-b: Wings of the Guard (melee) triggers as it attacks, once; Grizzly Bears attacking alone
    triggers nothing (database cards)."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Wings of the Guard", "controller": "alice", "id": "wings"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]}
    state = board_from_data(board, library, "melee")
    for pairs, expected in (((("wings", "bob"), ("bears", "bob")), {("wings", "wings")}),
                            ((("bears", "bob"),), set())):
        attack = Declaration("attack", pairs, (), ())
        v = check(build_problem(state), attack)
        assert v.legal
        got = {(t.source, *t.objects) for t in v.triggers}
        assert got == {(s, *o) for s, _i, *o in attack_triggers(CombatOracle(state), dict(attack.pairs))} == expected


def test_training_means_an_attack_trigger_with_another_attacker_of_greater_power():
    means = definition(_kw("training"))
    assert means.trigger.model_dump(exclude_defaults=True) == {"event": "attacks", "with_greater_power": True}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]
    assert "attack/block" in executable_by(_kw("training"))
    with pytest.raises(ValidationError, match="with_greater_power"):
        CombatTrigger(event="blocks", with_greater_power=True)


@pytest.mark.parametrize("paragraph", [
    "Whenever a creature you control attacks with another creature with greater power, put a +1/+1 counter on this "
    "creature.",
    "Whenever this creature attacks with another creature with greater toughness, put a +1/+1 counter on this creature.",
    "Whenever this creature blocks with another creature with greater power, put a +1/+1 counter on this creature.",
    "Whenever this creature attacks with another creature with lesser power, put a +1/+1 counter on this creature.",
])
def test_near_misses_of_training_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_training_triggers_in_the_combat_program_as_in_the_oracle(library):
    """702.149a: Hopeful Initiate (1/2, training) attacking with Gryff Rider (2/1, training) triggers, the Rider's
    doesn't; the Initiate attacking alone triggers nothing (database cards)."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Gryff Rider", "controller": "alice", "id": "rider"},
        {"card": "Hopeful Initiate", "controller": "alice", "id": "initiate"}]}
    state = board_from_data(board, library, "training")
    for pairs, expected in (((("rider", "bob"), ("initiate", "bob")), {("initiate", "initiate")}),
                            ((("initiate", "bob"),), set())):
        attack = Declaration("attack", pairs, (), ())
        v = check(build_problem(state), attack)
        assert v.legal
        got = {(t.source, *t.objects) for t in v.triggers}
        assert got == {(s, *o) for s, _i, *o in attack_triggers(CombatOracle(state), dict(attack.pairs))} == expected
