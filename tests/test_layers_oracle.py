"""The layers program against its oracle on generated boards: zero disagreement, one answer set per step."""

from __future__ import annotations

from hypothesis import example, HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bridge.layers import compute_layers
from compare_layers import differences
from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from engine.app.generate import random_layers_board
from engine.files.loader import board_from_data


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_layers_agree_with_the_oracle_on_generated_boards(library, seed):
    board = random_layers_board(seed, library, max_permanents=7, max_effects=3)
    state = board_from_data(board, library, f"seed {seed}")
    assert differences(state) == [], f"seed {seed}: {board}"


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@example(seed=103)  # Surrak and Goreclaw's "It gains haste" as a board's effect: "that" names no object (603.2)
def test_layers_agree_with_the_oracle_on_boards_of_compiled_cards(compiled_layers, seed):
    """Issue 21: boards holding database cards whose continuous effects the Oracle compiler read
    (tests/compiled_cards.py), beside the package cards: each board has one at least."""
    library, names = compiled_layers
    board = random_layers_board(seed, library, max_permanents=7, max_effects=3)
    assume(any(e["card"] in names for e in board["battlefield"]))
    state = board_from_data(board, library, f"seed {seed}")
    assert differences(state) == [], f"seed {seed}: {board}"


def test_a_condition_met_through_every_creature_type(library):
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Dragonloft Idol", "controller": "bob", "timestamp": 26},
        {"card": "Runed Stalactite", "controller": "bob", "timestamp": 5, "attached_to": "dragonloft_idol"}]}
    state = board_from_data(board, library, "Dragonloft Idol")
    assert differences(state) == []
    # 205.3m: every creature type makes the Idol a Dragon, so "as long as you control a Dragon" holds
    # after layer 4 (613.1d, 613.6): it gets +1/+1 and has flying and trample, over the Stalactite's +1/+1.
    # The layers program missed it (a pooled head gave the wrong arity: tests/test_conventions.py).
    idol = compute_layers(state).objects["dragonloft_idol"]
    assert (idol["power"], idol["toughness"]) == (5, 5)
    assert {"flying", "trample"} <= set(idol["abilities"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_step_has_exactly_one_answer_set(library, seed):
    """The layer programs are stratified: every solve of the loop has exactly one answer set."""
    board = random_layers_board(seed, library)
    top = max([p["timestamp"] for p in board["battlefield"]] + [e["timestamp"] for e in board.get("effects", [])])
    # Humility and Opalescence: Humility's layer-6 effect takes away abilities that effects of the
    # later layers exist by, so the chain stops and the loop solves again (613.8c)
    board["battlefield"].append({"card": "Humility", "controller": "alice", "timestamp": top + 1})
    board["battlefield"].append({"card": "Opalescence", "controller": "bob", "timestamp": top + 2})
    result = compute_layers(board_from_data(board, library, f"seed {seed}"))
    assert result.steps >= 2 and result.models_per_step == {1}


def test_the_layers_facts_use_only_declared_predicates(library, sent_facts):
    """docs/facts.md documents the "layers" vocabulary: every fact the loop sends is declared there."""
    from bridge.layers import sequence as layers
    from bridge.facts import LAYERS

    recorder = sent_facts(layers)
    for seed in range(30):
        board = random_layers_board(seed, library, max_permanents=8, max_effects=3)
        board["battlefield"][0]["counters"] = {"+1/+1": 1}
        compute_layers(board_from_data(board, library, "facts"))
    used = recorder.signatures()
    assert used and used <= {p.signature for p in LAYERS.predicates}, sorted(used - {p.signature for p in LAYERS.predicates})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_chain_into_later_layers_changes_no_result(library, monkeypatch, seed):
    """613.8c: the chain that goes on into the later layers (and grounds several steps at once) gives
    the same characteristics, order, dependencies and loops as deciding again in every layer, one
    step per grounding: the budgets that bound it change how many solves a board takes, nothing else."""
    from bridge.layers import sequence as layers

    board = random_layers_board(seed, library, max_permanents=10, max_effects=6)
    results = {}
    for ahead, chain in ((0, 0), (10_000, 10_000)):
        monkeypatch.setattr(layers, "AHEAD_BUDGET", ahead)
        monkeypatch.setattr(layers, "CHAIN_BUDGET", chain)
        r = compute_layers(board_from_data(board, library, f"seed {seed}"))
        results[ahead] = (r.objects, r.order, r.dependencies, r.loops)
    assert results[0] == results[10_000], f"seed {seed}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), counted=st.one_of(st.none(), st.integers(0, 5)),
       goblins=st.integers(0, 3))
def test_a_resolved_effect_counts_once_when_the_board_says_so(library, seed, counted, goblins):
    """611.2d, 608.2h: Goblin Rabblemaster's resolved "+1/+0 for each other attacking Goblin" on a random
    board, with the number it counted as it began (or, not given, counted now): the solver and the
    oracle agree, and a given number is the bonus, whatever attacks now."""
    board = random_layers_board(seed, library, max_permanents=6, max_effects=2)
    top = max([p["timestamp"] for p in board["battlefield"]] + [e["timestamp"] for e in board.get("effects", [])])
    board["battlefield"] += [{"card": "Goblin Rabblemaster", "controller": "alice", "id": "rabble", "timestamp": top + 1}]
    board["battlefield"] += [{"card": "Raging Goblin", "controller": "alice", "id": f"raging_{k}", "timestamp": top + 2 + k}
                             for k in range(goblins)]
    board["combat"] = {"attackers": {"rabble": "bob", **{f"raging_{k}": "bob" for k in range(goblins)}}}
    effect = {"from": "Goblin Rabblemaster", "ability": 3, "controller": "alice", "source": "rabble",
              "timestamp": top + 10}
    if counted is not None:
        effect["choices"] = {"counted": [counted]}
    board["effects"] = board.get("effects", []) + [effect]
    state = board_from_data(board, library, f"seed {seed}")
    assert differences(state) == [], f"seed {seed}: {board}"
    if counted is not None:
        other = dict(effect, choices={"counted": [counted + 1]})
        board["effects"][-1] = other
        more = compute_layers(board_from_data(board, library, f"seed {seed}")).objects["rabble"]
        base = compute_layers(state).objects["rabble"]
        assert (more["power"], more["toughness"]) in ((base["power"] + 1, base["toughness"]),
                                                     (base["power"], base["toughness"] + 1))  # 613.4d may switch them


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_counters_chained_after_7b_agree_with_the_oracle(library, monkeypatch, seed):
    """613.4c: with no later layer in a solve (AHEAD_BUDGET 0), a chain that finishes 7b puts the counters
    in 7c itself (no solve of their own): the characteristics still agree with the oracle, every
    creature of the board having +1/+1 counters under Humility (7b 1/1, then the counters, then 7c)."""
    from bridge.layers import sequence as layers

    monkeypatch.setattr(layers, "AHEAD_BUDGET", 0)
    board = random_layers_board(seed, library, max_permanents=8, max_effects=3)
    top = max([p["timestamp"] for p in board["battlefield"]] + [e["timestamp"] for e in board.get("effects", [])])
    board["battlefield"].append({"card": "Humility", "controller": "alice", "timestamp": top + 1})
    board["battlefield"].append({"card": "Grizzly Bears", "controller": "bob", "id": "bears", "timestamp": top + 2,
                                 "counters": {"+1/+1": 2}})
    state = board_from_data(board, library, f"seed {seed}")
    assert differences(state) == [], f"seed {seed}: {board}"


def test_humility_then_the_counters_then_an_anthem(library, monkeypatch):
    """613.4b-c: Humility sets the Bears' base 1/1 (7b), the two +1/+1 counters then apply (7c, first),
    then Glorious Anthem's +1/+1: 4/4, the counters chained after 7b in the solve that applied Humility."""
    from bridge.layers import sequence as layers

    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Glorious Anthem", "controller": "bob", "timestamp": 1},
        {"card": "Grizzly Bears", "controller": "bob", "id": "bears", "timestamp": 2, "counters": {"+1/+1": 2}},
        {"card": "Humility", "controller": "alice", "timestamp": 3}]}
    for budget in (0, layers.AHEAD_BUDGET):
        monkeypatch.setattr(layers, "AHEAD_BUDGET", budget)
        result = compute_layers(board_from_data(board, library, "humility"))
        bears = result.objects["bears"]
        assert (bears["power"], bears["toughness"]) == (4, 4), budget
        assert [o["effect"] for o in result.order] == ["humility#1", "humility#1", "glorious_anthem#1"]
        if budget == 0:  # layer 6, then 7b with the counters after it, then 7c: no solve for the counters alone
            assert result.steps == 3
