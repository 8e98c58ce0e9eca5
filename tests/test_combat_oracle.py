"""The attack and block programs against the brute-force oracle (tests/oracles/combat.py) on
generated boards of up to 4 attackers and 4 potential blockers: max_obeyed, the full set of legal
declarations, and the verdict of random declarations. Zero disagreement."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings, example
from hypothesis import strategies as st

from bridge.combat import Declaration, all_legal, best, build_problem, check
from engine.app.generate import random_combat_board
from compiled_cards import compiled_combat  # noqa: F401 (the fixture)
from conftest import DATA
from engine.files.library import load_library
from engine.files.loader import board_from_data
from oracles.combat import CombatOracle, attack_triggers, block_triggers

GLOBAL = {"max_attackers", "max_blockers"}
# The library and the example cards of tests/data/cards (generic rules of the CR's examples and of the issue).
LIBRARY = load_library([DATA / "cards"])  # rules about the whole declaration: compared by code


def _norm(violations) -> set[tuple]:
    return {(v[0],) if v[0] in GLOBAL else tuple(v) for v in violations}


def _random_declarations(rng: random.Random, side: str, state, oracle: CombatOracle, n: int) -> list[Declaration]:
    alice = [o for o in state.battlefield if state.objects[o].controller == "alice"]
    bob = [o for o in state.battlefield if state.objects[o].controller == "bob"]
    out = []
    for _ in range(n):
        if side == "attack":
            targets = ["bob", "alice"] + (["pw"] if "pw" in state.objects else [])
            pairs = [(c, rng.choice(targets)) for c in alice if rng.random() < 0.5]
            pool = [c for c, _ in pairs] + alice[:1]
        else:
            attackers = sorted(state.combat.attackers)
            pairs = [(b, a) for b in bob for a in attackers if rng.random() < 0.35]
            pool = [b for b, _ in pairs] + bob[:1]
        pay = [c for c in set(pool) if rng.random() < 0.2]
        bands = []  # 702.22c: random bands, legal or not (members that don't attack, split, twice ...)
        if side == "attack" and len(alice) >= 2 and rng.random() < 0.4:
            for _ in range(rng.randint(1, 2)):
                bands.append(tuple(rng.sample(alice, rng.randint(1, min(3, len(alice))))))
        out.append(Declaration(side, tuple(pairs), tuple(pay), tuple(bands)).canonical())
    return out


def _agree(seed: int, side: str, library) -> None:
    board = random_combat_board(seed, library, side)
    state = board_from_data(board, library, f"seed {seed}")
    problem = build_problem(state)
    oracle = CombatOracle(state)
    where = f"seed {seed} ({side}): {board}"
    top = best(problem, side)
    o_max = oracle.attack_max_obeyed() if side == "attack" else oracle.block_max_obeyed()
    assert top.proven and top.max_obeyed == o_max, where
    legal = all_legal(problem, side, 100000)
    o_legal = oracle.attack_legal() if side == "attack" else oracle.block_legal()
    assert sorted((d.pairs, d.pay) for d in legal.declarations) == sorted(o_legal), where
    rng = random.Random(seed)
    for decl in legal.declarations[:3]:  # 508.2a, 509.3: what triggers on legal declarations
        v = check(problem, decl)
        assert v.legal, (where, decl)
        if side == "attack":
            o_trig = attack_triggers(oracle, dict(decl.pairs))
        else:
            o_trig = block_triggers(oracle, {b: [a for bb, a in decl.pairs if bb == b] for b, _ in decl.pairs})
        assert {(t.source, t.ability, *t.objects) for t in v.triggers} == o_trig, (where, decl)
    for decl in _random_declarations(rng, side, state, oracle, 6):
        v = check(problem, decl)
        blocks: dict[str, list[str]] = {}
        if side == "attack":
            o_viol, o_obeyed = oracle.attack_check(dict(decl.pairs), set(decl.pay), decl.bands)
        else:
            for b, a in decl.pairs:
                blocks.setdefault(b, []).append(a)
            o_viol, o_obeyed = oracle.block_check(blocks, set(decl.pay))
            through = oracle.blocked_through_bands(blocks)  # 702.22h
            assert v.band_blocks == sorted((b, a) for b, lst in through.items() for a in lst
                                           if a not in blocks[b]), (where, decl)
        mine = {(x.code, *x.objects) for x in v.violations if x.code != "requirements"}
        if v.legal:  # 508.2a, 509.3: what triggers on a legal declaration
            o_trig = (attack_triggers(oracle, dict(decl.pairs)) if side == "attack"
                      else block_triggers(oracle, blocks))
            assert {(t.source, t.ability, *t.objects) for t in v.triggers} == o_trig, (where, decl)
        assert _norm(mine) == _norm(o_viol), (where, decl)
        assert v.obeyed == o_obeyed, (where, decl)
        assert v.max_obeyed == o_max, (where, decl)
        assert v.legal == (not o_viol and o_obeyed >= o_max), (where, decl)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_attack_agrees_with_the_oracle(seed):
    _agree(seed, "attack", LIBRARY)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_block_agrees_with_the_oracle(seed):
    _agree(seed, "block", LIBRARY)


# Issue 21: boards of compiled cards (tests/compiled_cards.py): database cards whose combat keywords
# and combat rules the Oracle compiler read, beside the package cards. Each board holds one at least.
def _with_compiled(seed: int, side: str, compiled) -> None:
    library, names = compiled
    board = random_combat_board(seed, library, side)
    assume(any(e["card"] in names for e in board["battlefield"]))
    _agree(seed, side, library)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@example(seed=85748)  # Dalek Squadron's myriad triggers as it attacks, in a two-player game too (702.116a)
def test_attack_agrees_with_the_oracle_on_compiled_cards(compiled_combat, seed):
    _with_compiled(seed, "attack", compiled_combat)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@example(seed=95)  # Kjeldoran Knight's bushido triggers as it blocks (702.45a): the oracle lacked bushido
def test_block_agrees_with_the_oracle_on_compiled_cards(compiled_combat, seed):
    _with_compiled(seed, "block", compiled_combat)


def test_battle_cry_and_rampage_trigger_in_the_combat_program_as_in_the_oracle(library):
    """702.91a battle cry ("whenever this creature attacks"), 702.23a rampage ("whenever this creature
    becomes blocked"): triggers the combat program decides (bridge/combat.py's trigger facts), each
    instance once, as the oracle does; Accorder Paladin and Craw Giant are database cards."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Accorder Paladin", "controller": "alice", "id": "paladin"},
        {"card": "Craw Giant", "controller": "alice", "id": "giant"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "b1"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "b2"}]}
    state = board_from_data(board, library, "battle cry and rampage")
    attack = Declaration("attack", (("paladin", "bob"), ("giant", "bob")), (), ())
    v = check(build_problem(state), attack)
    assert v.legal
    got = {(t.source, *t.objects) for t in v.triggers}
    assert got == {(s, *o) for s, _i, *o in attack_triggers(CombatOracle(state), dict(attack.pairs))} == {("paladin", "paladin")}
    board["combat"] = {"attackers": {"paladin": "bob", "giant": "bob"}}
    state = board_from_data(board, library, "battle cry and rampage")
    block = Declaration("block", (("b1", "giant"), ("b2", "giant")), (), ())
    v = check(build_problem(state), block)
    assert v.legal
    got = {(t.source, *t.objects) for t in v.triggers}
    assert got == {(s, *o) for s, _i, *o in block_triggers(CombatOracle(state), {"b1": ["giant"], "b2": ["giant"]})} \
        == {("giant", "giant")}


def test_a_granted_attack_trigger_triggers_in_the_combat_program_as_in_the_oracle(library):
    """613.1f, 508.2a: Diamond Pick-Axe (a database card) grants the equipped creature "Whenever this
    creature attacks, create a Treasure token.": the combat program reads a permanent's granted abilities
    with its printed ones, numbered after them (Grizzly Bears prints none: the granted one is its 1st), as
    its oracle does; the unequipped Bears trigger nothing."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "plain"},
        {"card": "Diamond Pick-Axe", "controller": "alice", "id": "axe", "attached_to": "bears"}]}
    state = board_from_data(board, library, "granted attack trigger")
    attack = Declaration("attack", (("bears", "bob"), ("plain", "bob")), (), ())
    v = check(build_problem(state), attack)
    assert v.legal
    got = {(t.source, t.ability, *t.objects) for t in v.triggers}
    assert got == attack_triggers(CombatOracle(state), dict(attack.pairs)) == {("bears", 1, "bears")}


def test_a_changeling_is_every_creature_type_for_a_requirement_in_the_program_and_the_oracle(library):
    """702.73a: Three Tree Mascot (changeling, Shapeshifter) is a Goblin: Goblin Assault's "Goblin creatures
    attack each combat if able" (508.1d) is a requirement on it, in the combat program and in its oracle
    (which read only printed subtypes until a random board of compiled cards drew this pair)."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Three Tree Mascot", "controller": "alice", "id": "mascot"},
        {"card": "Goblin Assault", "controller": "bob", "id": "assault"}]}
    state = board_from_data(board, library, "changeling")
    problem = build_problem(state)
    assert best(problem, "attack").max_obeyed == CombatOracle(state).attack_max_obeyed() == 1
    assert not check(problem, Declaration("attack", (), (), ())).legal  # it must attack
