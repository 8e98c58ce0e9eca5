"""Properties of the combat damage step on generated boards in combat (random attacks, blocks,
abilities and assignments): the state stays valid (each object in one zone, every card still
somewhere), life totals move by exactly the damage and lifelink of the events dealt, no creature is
left with lethal damage after the state-based actions, and an assignment the step calls legal
assigns each creature's power."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import DATA
from engine.game.combat_damage import CombatDamage, DamageInputError
from engine.app.generate import random_combat_board
from engine.files.library import load_library
from engine.files.loader import board_from_data

LIBRARY = load_library([DATA / "cards"])


def _board(seed: int) -> dict:
    rng = random.Random(seed)
    board = random_combat_board(seed, LIBRARY, "block")
    # the state-based actions were performed before the step (704.3): no player controls two legendary
    # permanents with the same name (704.5j, a choice the step can't make); a second one is a Grizzly Bears
    seen = set()
    for e in board["battlefield"]:
        if "Legendary" in LIBRARY.get(e["card"]).supertypes:
            if (e.get("controller"), e["card"]) in seen:
                e["card"] = "Grizzly Bears"
            seen.add((e.get("controller"), e["card"]))
    attackers = sorted(board["combat"]["attackers"])
    bob = [e["id"] for e in board["battlefield"] if e.get("controller") == "bob" and "id" in e and e["id"] != "pw"]
    blockers = {b: rng.choice(attackers) for b in bob if rng.random() < 0.6}
    board["combat"]["blockers"] = blockers
    board["combat"].pop("bands", None) if rng.random() < 0.5 else None
    return board


def _division(rng: random.Random, power: int, recipients: list[str]) -> dict[str, int]:
    out = {r: 0 for r in recipients}
    for _ in range(power):
        out[rng.choice(recipients)] += 1
    return out


def _zones(state) -> Counter:
    seen: Counter = Counter()
    for zone in ("battlefield", "stack", "exile", "command"):
        seen.update(getattr(state, zone))
    for ids in state.player_zones.values():
        seen.update(ids)
    return seen


# What the property really checked, counted across its draws: a step dealt and compared with the
# rules (zones, life totals, lethal damage), a random division refused (replaced by a legal one),
# a board whose damage the step can't deal (protection's prevention, 702.16e, not executed yet).
CHECKED: Counter = Counter()
EXAMPLES = 120
# A run of EXAMPLES draws deals at least this many steps: far fewer means the boards or the
# divisions stopped being legal, and the property would pass while checking nothing.
MIN_STEPS_DEALT = EXAMPLES // 2


def _legal(cd: CombatDamage, rng: random.Random) -> dict:
    """A division of each dealer's damage: at random, or, when the random one breaks 702.19b-c
    (damage past a blocker or a planeswalker before lethal damage to it), all of it to the first
    recipient (a blocker, or the player, planeswalker or battle attacked), which trample never forbids."""
    given_ = {d.creature: _division(rng, d.power, d.recipients) for d in cd.dealers() if d.forced is None}
    problems, _ = cd.check(given_)
    if problems:
        assert all(p.rule in ("702.19b", "702.19c") for p in problems), [p.message for p in problems]
        CHECKED["random division refused"] += 1
        event("a random division refused (702.19b-c)")
        given_ = {d.creature: {d.recipients[0]: d.power} for d in cd.dealers() if d.forced is None}
    return given_


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def _combat_damage_keeps_the_state_valid(seed):
    rng = random.Random(seed)
    state = board_from_data(_board(seed), LIBRARY, f"seed {seed}")
    cards = sorted(o for o in state.objects if state.objects[o].kind == "card")
    for _ in range(2):  # a first and a second step at most
        cd = CombatDamage(state)
        given_ = _legal(cd, rng)
        problems, full = cd.check(given_)
        assert problems == [], [p.message for p in problems]
        for d in cd.dealers():
            assert sum(full[d.creature].values()) == (d.power if d.recipients else 0)
        life = {p.name: p.life for p in state.players}
        try:
            # 616.1: each choice among the outcomes of the replacement effects (the damage's, and
            # those of the events it leads to: 615.5's counters, lifelink, the state-based actions) at random
            result = cd.deal(given_, choose=lambda rep, what: rng.randrange(len(rep.outcomes)))
        except DamageInputError as e:
            assert "702.16e" in str(e) or "not execute" in str(e)
            CHECKED["not dealt (702.16e)"] += 1
            event("damage protection would prevent: not dealt (702.16e)")
            return
        assert result.legal
        new = result.state
        # each object in exactly one zone, every card still somewhere (tokens may cease to exist)
        zones = _zones(new)
        assert all(n == 1 for n in zones.values()), zones
        assert set(new.objects) == set(zones)
        assert sorted(o for o in new.objects if new.objects[o].kind == "card") == cards
        # life totals move by the life-gain and life-loss events as they happened: the life the damage
        # makes players lose (120.3a) and lifelink's (Rhox Faithmender doubles it), each an event
        delta = Counter()
        for ev in result.events:
            if ev["type"] in ("life_gain", "life_loss"):
                delta[ev["player"]] += ev["amount"] if ev["type"] == "life_gain" else -ev["amount"]
        assert {p.name: p.life - life[p.name] for p in new.players} == {p: delta[p] for p in life}
        # 704.5g: nothing is left on the battlefield with lethal damage
        after = CombatDamage(new) if new.combat and new.combat.attackers else None
        chars = after.chars if after else None
        if chars is not None:
            for oid in new.battlefield:
                c = chars[oid]
                if "creature" in c["types"] and "indestructible" not in c["abilities"]:
                    assert new.objects[oid].damage < c["toughness"], (oid, c)
                    CHECKED["creatures checked for lethal damage"] += 1
        CHECKED["steps dealt"] += 1
        event(f"{cd.step} step dealt")
        state = new
        if not (state.combat and state.combat.attackers) or cd.step != "first":
            return


def test_combat_damage_keeps_the_state_valid():
    CHECKED.clear()
    _combat_damage_keeps_the_state_valid()
    assert CHECKED["steps dealt"] >= MIN_STEPS_DEALT, (
        f"only {CHECKED['steps dealt']} steps of {EXAMPLES} boards dealt and compared (at least {MIN_STEPS_DEALT}): {dict(CHECKED)}")
    assert CHECKED["creatures checked for lethal damage"] > 0, dict(CHECKED)
