"""The pruning (candidate_edges, asp_rules/loops.lp part prune) checked sound against the full search: on a seeded
sample of the directed pairs it rules out, drawn from the compiled pool (the package's cards and 300 database cards
whose continuous effects the Oracle compiler reads, tests/compiled_cards.py), the search that ignores the pruning
finds no board of the domain where one depends on the other (the layers task deciding each board)."""

from __future__ import annotations

import random

import pytest

from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from engine.app.loops.model import Absent, Goal
from engine.app.loops.search import candidate_edges, continuous_abilities, search

# a generous limit: a timeout proves nothing and would fail a test on a loaded machine (no timing is asserted)
LIMIT = 300.0

SAMPLE = 300  # pruned pairs, each searched with the members alone (both timestamp orders)
WITH_PROBE = 40  # of them, searched again with boards of one probe object more
VALUE_SAMPLE = 120  # pairs only the value level prunes (the predicate level keeps them), searched the same way
VALUE_WITH_PROBE = 30


@pytest.fixture(scope="module")
def pool(compiled_layers):
    library, picked = compiled_layers
    refs = dict(r for name in sorted(set(library.names()) | set(picked)) for r in continuous_abilities(library, name))
    return library, refs, set(candidate_edges(library, sorted(refs)))


def _pruned_sample(refs, kept):
    pairs = [(a, b, layer) for a in sorted(refs) for b in sorted(refs) if a != b
             for layer in refs[a] if layer in refs[b] and (a, b, layer) not in kept]
    return random.Random(27).sample(pairs, SAMPLE)


def test_the_pool_is_pruned_to_a_small_part(pool):
    _library, refs, kept = pool
    assert len(refs) > 300
    pairs = sum(1 for a in refs for b in refs if a != b for layer in refs[a] if layer in refs[b])
    assert 0 < len(kept) < pairs / 2  # the analysis rules most pairs out, keeps some


def test_no_pruned_pair_has_a_witness_in_the_full_search(pool):
    library, refs, kept = pool
    sample = _pruned_sample(refs, kept)
    for i, (a, b, layer) in enumerate(sample):
        for probes in ((0, 1) if i < WITH_PROBE else (0,)):
            found = search(library, (a, b), layer, Goal(((a, b),)), prune=False, max_probes=probes, time_limit=LIMIT)
            assert isinstance(found, Absent) and found.why == "searched", (a, b, layer, probes, found)


@pytest.fixture(scope="module")
def value_pruned(pool):
    """The pairs the value-level rules rule out and the predicate level alone keeps (loops.lp: "B grants trample,
    A reads flying", "B adds the subtype Swamp, A reads Goblin", ...), sorted."""
    library, refs, kept = pool
    coarse = set(candidate_edges(library, sorted(refs), value_level=False))
    assert kept <= coarse  # the value level only ever rules more out
    return sorted(coarse - kept)


def test_the_value_level_prunes_pairs_the_predicate_level_keeps(value_pruned):
    assert len(value_pruned) > VALUE_SAMPLE
    layers = {layer for _a, _b, layer in value_pruned}
    assert {"4", "6"} <= layers, layers  # types and subtypes (layer 4), keywords (layer 6)


def test_no_value_pruned_pair_has_a_witness_in_the_full_search(pool, value_pruned):
    library, _refs, _kept = pool
    for i, (a, b, layer) in enumerate(random.Random(29).sample(value_pruned, VALUE_SAMPLE)):
        for probes in ((0, 1) if i < VALUE_WITH_PROBE else (0,)):
            found = search(library, (a, b), layer, Goal(((a, b),)), prune=False, max_probes=probes, time_limit=LIMIT)
            assert isinstance(found, Absent) and found.why == "searched", (a, b, layer, probes, found)


def test_the_pruning_keeps_every_dependency_the_search_finds(pool):
    """The other side of the same check: on pairs the analysis keeps, a witness found has only kept edges."""
    library, refs, kept = pool
    pairs = sorted(kept)
    for a, b, layer in random.Random(28).sample(pairs, 30):
        found = search(library, (a, b), layer, Goal(), prune=False, max_probes=1, time_limit=LIMIT)
        for e in getattr(found, "edges", ()):
            assert (e.effect, e.depends_on, layer) in kept, (e, found.witness)
