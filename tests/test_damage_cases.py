"""Combat damage cases as data (tests/data/damage/*.yaml): EXAMPLES.md's 510 and 702.19 entries and
C13, step by step, with the stated assignments, damage and state-based actions."""

from __future__ import annotations

import pytest
import yaml

from conftest import DATA
from engine.game.combat_damage import CombatDamage
from engine.files.library import load_library
from engine.files.loader import board_from_data

CASES = [(path.stem, case) for path in sorted((DATA / "damage").glob("*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]
LIBRARY = load_library([DATA / "cards"])


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_damage_case(case):
    state = board_from_data(case["board"], LIBRARY, "case")
    for k, step in enumerate(case["steps"], 1):
        where = f"{case['rule']}, step {k}"
        cd = CombatDamage(state)
        assert cd.step == step["step"], where
        dealers = {d.creature: d for d in cd.dealers()}
        assert sorted(dealers) == sorted(step["dealers"]), where
        for c, to in step.get("forced", {}).items():  # the creatures with one legal assignment
            assert dealers[c].forced == to, (where, c)
        for check in step.get("checks", []):
            problems, _ = cd.check(check["assign"])
            assert (not problems) == check["legal"], (where, check, [p.message for p in problems])
            if "rules" in check:
                assert sorted({p.rule for p in problems}) == sorted(check["rules"]), (where, [p.message for p in problems])
            for p in problems:
                assert p.message.startswith(p.rule + ": "), p.message
        if "problems" in step:  # an assignment, or a 616.1 choice, that stops the damage: the messages
            result = cd.deal(step.get("assign", {}), step.get("replacement"))
            assert not result.legal and [p.message for p in result.problems] == step["problems"], where
            continue
        if "expect" not in step:
            continue
        result = cd.deal(step.get("assign", {}), step.get("replacement"))
        assert result.legal, (where, [p.message for p in result.problems])
        state = result.state
        expect = step["expect"]
        for player, life in expect.get("life", {}).items():
            assert state.player(player).life == life, (where, player)
        for player, ids in expect.get("graveyard", {}).items():
            assert sorted(state.zone_ids("graveyard", player)) == sorted(ids), (where, player)
        if "battlefield" in expect:
            assert sorted(state.battlefield) == sorted(expect["battlefield"]), where
        for oid, n in expect.get("damage", {}).items():
            assert state.objects[oid].damage == n, (where, oid)
        if "triggers" in expect:  # 510.3a: [source, what it triggers for] per ability
            assert sorted([t.source, t.object] for t in result.triggers) == sorted(expect["triggers"]), where
        for player, n in expect.get("poison", {}).items():
            assert state.player(player).counters.get("poison", 0) == n, (where, player)
        if "tapped" in expect:
            assert sorted(o for o in state.battlefield if state.objects[o].tapped) == sorted(expect["tapped"]), where
        for oid, counters in expect.get("counters", {}).items():
            assert state.objects[oid].counters == counters, (where, oid)
        if "shields" in expect:  # 615.7: what is left of each board shield
            assert [e.remaining for e in state.effects if e.remaining is not None] == expect["shields"], where
        if "effects" in expect:  # the board's effects left (a regeneration shield is used up)
            assert len(state.effects) == expect["effects"], where
        if "lost" in expect:
            assert sorted(p.name for p in state.players if p.lost) == sorted(expect["lost"]), where
