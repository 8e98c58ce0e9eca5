"""Count tables in the python-chess perft spirit: for each catalogued board of examples/combat/, the
most requirements a legal declaration obeys and the number of legal declarations (each count
reasoned from the rules in the board's comment)."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT

PERFT = {
    "c7-lure-menace.yaml": ("block", 0, 1),
    "c8-propaganda.yaml": ("attack", 0, 2),
    "c8-propaganda-planeswalker.yaml": ("attack", 1, 2),
    "e6-menace-and-blocks-if-able.yaml": ("block", 2, 1),
    "e76-banding-flyer-and-swampwalker.yaml": ("block", 0, 2),
    "lure-three-blockers.yaml": ("block", 3, 1),
    "open-board-2x2.yaml": ("block", 0, 9),
    "silent-arbiter.yaml": ("attack", 1, 1),
    "three-attackers-and-a-planeswalker.yaml": ("attack", 0, 27),
}


# The EXAMPLES.md boards of examples/ (E5, C7, C8), with the results EXAMPLES.md states.
STATED = {
    "e5-flying-and-shadow-evasion.yaml": ("block", 0, 1),  # the flyer without shadow can't block: no block
    "c7-lure-menace-one-cant-block.yaml": ("block", 0, 1),  # no blocker is legal
    "c7-lure-menace-two-able-blockers.yaml": ("block", 2, 1),  # both must block
    "c8-propaganda-attacks-if-able-no-planeswalker.yaml": ("attack", 0, 2),  # no attack, or attack and pay
    "c8-propaganda-attacks-if-able-planeswalker.yaml": ("attack", 1, 2),  # the planeswalker, or pay
}


@pytest.mark.parametrize("name", sorted(STATED))
def test_stated_examples(run, name):
    side, max_obeyed, count = STATED[name]
    r = run(side, str(ROOT / "examples" / name), "--all", "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert (got["max_obeyed"], got["count"], got["complete"]) == (max_obeyed, count, True)


def test_every_catalogued_board_has_a_count():
    assert sorted(p.name for p in (ROOT / "examples" / "combat").glob("*.yaml")) == sorted(PERFT)


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft(run, name):
    side, max_obeyed, count = PERFT[name]
    r = run(side, str(ROOT / "examples" / "combat" / name), "--all", "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert (got["max_obeyed"], got["count"], got["complete"]) == (max_obeyed, count, True)
