"""The catalogue's search (engine/app/loops/search.py) on the classic layer cases (EXAMPLES.md C1, C3-C6, E54, E55):
each dependency and loop found from the abilities alone, its witness board confirmed by the layers task and by
`mtgjudge layers` on the board file written; the absences proven within the probe domain or by the pruning."""

from __future__ import annotations

import json

import pytest
import yaml

from engine.app.loops.model import Absent, AbilityRef, Edge, Finding, Goal
from engine.app.loops.search import candidate_edges, continuous_abilities, search, witness_confirms

# a generous limit: a timeout proves nothing and would fail a test on a loaded machine (no timing is asserted)
LIMIT = 300.0

URBORG, BLOOD_MOON = AbilityRef("Urborg, Tomb of Yawgmoth", 1), AbilityRef("Blood Moon", 1)
CONSPIRACY, OPALESCENCE = AbilityRef("Conspiracy", 2), AbilityRef("Opalescence", 1)
MARCH, LATTICE = AbilityRef("March of the Machines", 1), AbilityRef("Mycosynth Lattice", 1)
LIFE_AND_LIMB, OMEN = AbilityRef("Life and Limb", 1), AbilityRef("Prismatic Omen", 1)
HUMILITY = AbilityRef("Humility", 1)
FLIGHT, GROUNDED = AbilityRef("Flight", 2), AbilityRef("Grounded", 2)  # E54: "has flying", "loses flying" Auras


def _cli_dependencies(run, tmp_path, finding: Finding) -> tuple[set, list]:
    """`mtgjudge layers --json` on the witness written as a board file: its dependencies (effect, depends on,
    layer, reason), and its loops."""
    board = tmp_path / "witness.yaml"
    board.write_text(yaml.safe_dump(finding.witness, sort_keys=False), encoding="utf-8")
    res = run("layers", str(board), "--json")
    assert res.code == 0, res.err
    doc = json.loads(res.out)
    return {(d["effect"], d["depends_on"], d["layer"], d["reason"]) for d in doc["dependencies"]}, doc["loops"]


def _effect_id(finding: Finding, ref: AbilityRef) -> str:
    oid = next(e["id"] for e in finding.witness["battlefield"] if e["card"] == ref.card)
    return f"{oid}#{ref.index}"


def _found(library, run, tmp_path, members, layer, goal) -> Finding:
    f = search(library, members, layer, goal, time_limit=LIMIT)
    assert isinstance(f, Finding), f
    assert witness_confirms(library, f)
    deps, loops = _cli_dependencies(run, tmp_path, f)
    for e in f.edges:
        assert (_effect_id(f, e.effect), _effect_id(f, e.depends_on), layer, e.reason) in deps
    if f.kind == "loop":
        assert any({_effect_id(f, m) for m in f.members} <= set(loop) for loop in loops)
    return f


def test_the_abilities_and_their_layers(library):
    assert continuous_abilities(library, "Opalescence") == [(OPALESCENCE, ("4", "7b"))]
    assert continuous_abilities(library, "Humility") == [(HUMILITY, ("6", "7b"))]
    # Conspiracy's first ability is its "as it enters, choose a creature type" (614.12), not a continuous effect
    assert continuous_abilities(library, "Conspiracy") == [(CONSPIRACY, ("4",))]
    assert continuous_abilities(library, "Grizzly Bears") == []


def test_c3_urborg_depends_on_blood_moon_not_the_reverse(library, run, tmp_path):
    f = _found(library, run, tmp_path, (URBORG, BLOOD_MOON), "4", Goal(((URBORG, BLOOD_MOON),)))
    assert (f.kind, f.rule) == ("dependency", "613.8a")
    assert f.edges == (Edge(URBORG, BLOOD_MOON, "existence"),)
    assert sorted(e["card"] for e in f.witness["battlefield"]) == ["Blood Moon", "Urborg, Tomb of Yawgmoth"]
    # the reverse: pruned (Urborg writes no supertype, type or ability loss Blood Moon reads) ...
    back = search(library, (URBORG, BLOOD_MOON), "4", Goal(((BLOOD_MOON, URBORG),)), time_limit=LIMIT)
    assert isinstance(back, Absent) and back.why == "pruned"
    # ... and the full search, ignoring the pruning, finds no board of the domain either
    full = search(library, (URBORG, BLOOD_MOON), "4", Goal(((BLOOD_MOON, URBORG),)), prune=False, max_probes=1,
                  time_limit=LIMIT)
    assert isinstance(full, Absent) and full.why == "searched" and "Forest" in full.domain


def test_c4_conspiracy_depends_on_opalescence(library, run, tmp_path):
    f = _found(library, run, tmp_path, (CONSPIRACY, OPALESCENCE), "4", Goal(((CONSPIRACY, OPALESCENCE),)))
    assert Edge(CONSPIRACY, OPALESCENCE, "applies_to") in f.edges


def test_c5_march_of_the_machines_depends_on_mycosynth_lattice(library, run, tmp_path):
    f = _found(library, run, tmp_path, (MARCH, LATTICE), "4", Goal(((MARCH, LATTICE),)))
    assert Edge(MARCH, LATTICE, "applies_to") in f.edges


def test_c6_life_and_limb_and_prismatic_omen_form_a_loop(library, run, tmp_path):
    f = _found(library, run, tmp_path, (LIFE_AND_LIMB, OMEN), "4", Goal((), loop=True))
    assert (f.kind, f.rule) == ("loop", "613.8b")
    assert set(f.edges) == {Edge(LIFE_AND_LIMB, OMEN, "applies_to"), Edge(OMEN, LIFE_AND_LIMB, "applies_to")}
    # the loop needs an object Life and Limb makes a land (a Saproling): the search added one
    assert any(e.get("token") and e["card"] == "Saproling" for e in f.witness["battlefield"])


def test_c1_humility_and_opalescence_share_only_layer_7b_where_neither_depends_on_the_other(library):
    """613.6: Opalescence makes Humility a creature in layer 4; in 7b, their only common layer, the sets are
    those fixed earlier, so the layers task reports no dependency (as on examples/c1-*.yaml): the pruning rules
    both directions out, and the full search finds no board of the domain where one holds."""
    for goal in (Goal(((HUMILITY, OPALESCENCE),)), Goal(((OPALESCENCE, HUMILITY),))):
        assert search(library, (HUMILITY, OPALESCENCE), "7b", goal, time_limit=LIMIT).why == "pruned"
    full = search(library, (HUMILITY, OPALESCENCE), "7b", Goal(), prune=False, max_probes=1, time_limit=LIMIT)
    assert isinstance(full, Absent) and full.why == "searched"


def test_e54_has_flying_and_loses_flying_never_depend_on_each_other(library):
    """613.9 (E54): the Auras "has flying" and "loses flying" on one creature: no dependency. The pruning rules
    both directions out (a loss of the keywords it names takes no static ability away, 113.6; neither reads
    abilities), and the full search, ignoring the pruning, proves no board of the domain has one."""
    kept = candidate_edges(library, [FLIGHT, GROUNDED])
    assert (FLIGHT, GROUNDED, "6") not in kept and (GROUNDED, FLIGHT, "6") not in kept
    assert search(library, (FLIGHT, GROUNDED), "6", Goal(), time_limit=LIMIT).why == "pruned"
    f = search(library, (FLIGHT, GROUNDED), "6", Goal(), max_probes=1, prune=False, time_limit=LIMIT)
    assert isinstance(f, Absent) and f.why == "searched", f
    assert f.detail["boards_tried"] > 0


def test_113_11_an_effect_that_grants_a_keyword_depends_on_one_that_forbids_it(library, run, tmp_path):
    """113.11, 613.8a (tests/data/layers/cant_have.yaml): Levitation's "creatures you control have flying" depends on
    Archetype of Imagination's "creatures your opponents control lose flying and can't have or gain flying" (what
    it does); the witness needs the two controlled by different players, and a creature."""
    levitation, archetype = AbilityRef("Levitation", 1), AbilityRef("Archetype of Imagination", 2)
    f = _found(library, run, tmp_path, (levitation, archetype), "6", Goal(((levitation, archetype),)))
    assert Edge(levitation, archetype, "what_it_does") in f.edges
    assert {e["controller"] for e in f.witness["battlefield"]} == {"alice", "bob"}


def test_e55_the_anthem_and_the_color_share_no_layer(library):
    """613.9 (E55): "white creatures get +1/+1" (7c) and an effect that makes a creature white (5: Guardian
    Zendikon's Wall is white) share no layer, so no board makes either depend on the other (613.8a)."""
    crusade, zendikon = AbilityRef("Crusade", 1), AbilityRef("Guardian Zendikon", 2)
    assert continuous_abilities(library, "Crusade") == [(crusade, ("7c",))]
    assert "5" in dict(continuous_abilities(library, "Guardian Zendikon"))[zendikon]
    assert [e for e in candidate_edges(library, [crusade, zendikon]) if crusade in e[:2]] == []


def test_the_search_is_deterministic(library):
    members, goal = (LIFE_AND_LIMB, OMEN), Goal((), loop=True)
    first = search(library, members, "4", goal, time_limit=LIMIT)
    assert isinstance(first, Finding) and first == search(library, members, "4", goal, time_limit=LIMIT)


def test_a_finding_whose_edge_the_layers_task_does_not_report_is_not_confirmed(library):
    f = search(library, (URBORG, BLOOD_MOON), "4", Goal(((URBORG, BLOOD_MOON),)), time_limit=LIMIT)
    wrong = Finding(f.kind, f.layer, f.members, (Edge(BLOOD_MOON, URBORG, "existence"),), f.rule, f.witness, f.domain)
    assert witness_confirms(library, f) and not witness_confirms(library, wrong)
    no_loop = Finding("loop", f.layer, f.members, f.edges, "613.8b", f.witness, f.domain)
    assert not witness_confirms(library, no_loop)


@pytest.mark.parametrize("layer", ["4"])
def test_the_pruning_keeps_the_classic_dependencies(library, layer):
    edges = candidate_edges(library, [URBORG, BLOOD_MOON, CONSPIRACY, OPALESCENCE, MARCH, LATTICE, LIFE_AND_LIMB,
                                      OMEN])
    for a, b in ((URBORG, BLOOD_MOON), (CONSPIRACY, OPALESCENCE), (MARCH, LATTICE), (LIFE_AND_LIMB, OMEN),
                 (OMEN, LIFE_AND_LIMB)):
        assert (a, b, layer) in edges
    assert (BLOOD_MOON, URBORG, layer) not in edges
    assert edges == sorted(edges)


def test_a_triple_conspiracy_depends_on_opalescence_and_on_march_of_the_machines(library, run, tmp_path):
    """Three members, two edges on one board: Conspiracy's "creatures you control" grows with Opalescence's
    enchantment creatures and March of the Machines' artifact creatures; the search adds a noncreature artifact."""
    f = _found(library, run, tmp_path, (CONSPIRACY, OPALESCENCE, MARCH), "4",
               Goal(((CONSPIRACY, OPALESCENCE), (CONSPIRACY, MARCH))))
    assert {Edge(CONSPIRACY, OPALESCENCE, "applies_to"), Edge(CONSPIRACY, MARCH, "applies_to")} <= set(f.edges)
    assert len(f.members) == 3 and "Sol Ring" in [e["card"] for e in f.witness["battlefield"]]
