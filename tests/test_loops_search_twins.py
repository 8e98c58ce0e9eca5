"""The witness search's twin boards (asp_rules/loops.lp, part boards; docs/loops.md, Fewer boards) checked against
the search that tries every board of the domain: on a seeded sample of the pairs the pruning keeps in the compiled
pool (the package's cards and 300 database cards whose continuous effects the Oracle compiler reads), and on every
search that found a witness of the shipped catalogue (examples/loops/), the search that leaves the twins out finds
a witness exactly when the full search does, the same witness (the twin left out always comes after the board kept,
in the boards program's order), and never tries more boards."""

from __future__ import annotations

import json
import random
import re

import pytest
import yaml

from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from conftest import EXAMPLES
from engine.app.loops.model import Absent, AbilityRef, Finding, Goal
from engine.app.loops.search import candidate_edges, continuous_abilities, search, witness_confirms

# a generous limit: a timeout proves nothing and would fail a test on a loaded machine (no timing is asserted)
LIMIT = 300.0
SAMPLE = 240  # kept pairs, each searched both ways with the members alone (both timestamp orders, both controllers)
WITH_PROBE = 60  # of them, searched again with boards of one probe more
WITH_TWO = 8  # of them, with boards of two probes (the catalogue's domain)


def _tried(result) -> int:
    return result.detail["boards_tried"]


def _same(library, with_twins, full, what) -> None:
    """The same verdict: both a witness (the same board, which the layers task confirms), or both none in the
    domain (the search without the twins tried at most as many boards)."""
    assert type(with_twins) is type(full), (what, with_twins, full)
    if isinstance(full, Finding):
        assert with_twins.witness == full.witness, what
        assert with_twins.edges == full.edges, what
        assert witness_confirms(library, with_twins), what
    else:
        assert full.why == with_twins.why == "searched", (what, full, with_twins)
        assert _tried(with_twins) <= _tried(full), what


@pytest.fixture(scope="module")
def kept(compiled_layers):
    library, picked = compiled_layers
    refs = dict(r for name in sorted(set(library.names()) | set(picked)) for r in continuous_abilities(library, name))
    return library, sorted(candidate_edges(library, sorted(refs)))


def test_twins_left_out_change_no_verdict_on_kept_pairs(kept):
    library, pairs = kept
    fewer = found = 0
    for i, (a, b, layer) in enumerate(random.Random(31).sample(pairs, SAMPLE)):
        for probes in (0,) + ((1,) if i < WITH_PROBE else ()) + ((2,) if i < WITH_TWO else ()):
            goal = Goal(((a, b),))
            with_twins = search(library, (a, b), layer, goal, max_probes=probes, time_limit=LIMIT)
            full = search(library, (a, b), layer, goal, max_probes=probes, time_limit=LIMIT, twins=False)
            _same(library, with_twins, full, (a, b, layer, probes))
            found += isinstance(full, Finding)
            fewer += isinstance(full, Absent) and _tried(with_twins) < _tried(full)
    assert found > 0  # the sample holds dependencies found, not only absences
    assert fewer > WITH_PROBE // 2  # and the cut leaves boards out (the test compares two different searches)


_ASKED = re.compile(r"^(.+) depends on (.+?)(?: \(with (.+) on the board\))?$")


def _ref(text: str) -> AbilityRef:
    card, index = text.rsplit("#", 1)
    return AbilityRef(card, int(index))


def _shipped():
    """Every search that found a witness of the shipped catalogue, as engine/app/loops/catalogue.py asks it: (what,
    members sorted, layer, goal, the witness file)."""
    for folder in (EXAMPLES / "loops", EXAMPLES / "loops" / "triples"):
        for line in (folder / "catalogue.jsonl").read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            for asked in rec["asked"]:
                what = f"{folder.name}/{rec['id']}: {asked}"
                if (m := _ASKED.match(asked)) is not None:  # a dependency, of a pair or with a third member
                    a, b = _ref(m[1]), _ref(m[2])
                    members = tuple(sorted({a, b} | ({_ref(m[3])} if m[3] else set())))
                    yield what, members, rec["layer"], Goal(((a, b),)), folder / rec["witness"]
                    continue
                members = tuple(sorted(_ref(x) for x in asked.split(" in one dependency loop")[0].split(", ")))
                if len(members) == 2:
                    a, b = members
                    yield what, members, rec["layer"], Goal(((a, b), (b, a)), loop=True), folder / rec["witness"]
                else:
                    yield what, members, rec["layer"], Goal((), loop=True), folder / rec["witness"]


def test_every_shipped_witness_is_found_again_with_the_twins_left_out(library):
    searches = list(_shipped())
    assert len(searches) >= 40
    for what, members, layer, goal, witness in searches:
        with_twins = search(library, members, layer, goal, time_limit=LIMIT)
        full = search(library, members, layer, goal, time_limit=LIMIT, twins=False)
        assert isinstance(full, Finding), what
        _same(library, with_twins, full, what)
        assert with_twins.witness == yaml.safe_load(witness.read_text(encoding="utf-8")), what  # the shipped one
