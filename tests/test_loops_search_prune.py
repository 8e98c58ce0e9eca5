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


def test_the_pruning_keeps_every_dependency_the_search_finds(pool):
    """The other side of the same check: on pairs the analysis keeps, a witness found has only kept edges."""
    library, refs, kept = pool
    pairs = sorted(kept)
    for a, b, layer in random.Random(28).sample(pairs, 30):
        found = search(library, (a, b), layer, Goal(), prune=False, max_probes=1, time_limit=LIMIT)
        for e in getattr(found, "edges", ()):
            assert (e.effect, e.depends_on, layer) in kept, (e, found.witness)
