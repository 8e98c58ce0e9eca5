"""The pruning reads each ability's parts as the layers task sends them (bridge/layers/counted_facts.py StepFacts:
the engine's counted values and selectors included), and knows every predicate those facts use (asp_rules/loops.lp,
rp/2 and silent/1): an ability whose value is a number of a player's ("X is the number of creatures that entered the
battlefield under your control this turn", 122.1) was read as a part the layers program can't read, which reads
every characteristic, so it was kept with every ability of its layer; and the colors among the objects counted
(105.1) were read as a plain count, which reads no color."""

from __future__ import annotations

import clingo
import pytest

import asp_rules
from bridge.loops.boards import BOARD_FILES
from bridge.loops.rw import PRUNE_FILES, ability_parts
from carddata import need_package
from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from engine.app.loops.model import Absent, AbilityRef, Goal
from engine.app.loops.search import _pool_board, candidate_edges, continuous_abilities, search
from engine.files.loader import board_from_data

# a player's number (122.1: Kinbinding's creatures entered this turn, Knowledge Is Power's cards drawn, Gomif's
# speed), the colors among objects (105.1: Opulent Clomper, Sisay), "named ~" (201.2: Relentless Rats), "you have
# more than each opponent" (Secretkeeper's condition), face-down creatures (708: Ixidor)
CARDS = ("Kinbinding", "Knowledge Is Power", "Gomif, Fast Racer", "Opulent Clomper", "Sisay, Weatherlight Captain",
         "Relentless Rats", "Secretkeeper", "Ixidor, Reality Sculptor", "Scrapyard Mongrel", "Withering Hex")
LIMIT = 300.0  # a timeout proves nothing (no timing is asserted)


def _unknown(library, cards) -> tuple[set[str], set[str]]:
    """The parts of ``cards``' abilities the layers facts can't give (read as "unreadable"), and the predicate
    names among the parts' facts the prune program knows nothing of (known/1)."""
    refs = sorted({r for c in cards for r, _layers in continuous_abilities(library, c)})
    names = list(dict.fromkeys(r.card for r in refs))
    state = board_from_data(_pool_board(library, names), library, "<test>")
    wanted = {f"c{names.index(r.card)}#{r.index}": i for i, r in enumerate(refs)}
    facts, _parts = ability_parts(state, wanted)
    ctl = clingo.Control(["--warn=none"])
    for f in PRUNE_FILES:
        ctl.load(str(asp_rules.path(f)))
    ctl.add("prune", [], "\n".join(facts) + "\nunknown_name(P) :- uses(_, P), not known(P).\n#show unknown_name/1.")
    ctl.ground([("prune", [])])
    with ctl.solve(yield_=True) as handle:
        unknown = {s.arguments[0].string for m in handle for s in m.symbols(shown=True) if s.name == "unknown_name"}
    return {f for f in facts if '"unreadable"' in f}, unknown


def test_the_counted_values_are_read_as_the_layers_task_sends_them(library):
    need_package()
    unreadable, unknown = _unknown(library, CARDS)
    assert unreadable == set()
    assert unknown == set()


def test_every_predicate_of_the_compiled_pool_is_known_to_the_pruning(compiled_layers):
    library, picked = compiled_layers
    cards = sorted(set(library.names()) | set(picked))
    unreadable, unknown = _unknown(library, cards)
    assert unreadable == set()
    assert unknown == set()


@pytest.mark.parametrize("a, b", [(("Kinbinding", 1), ("Scrapyard Mongrel", 1)),
                                  (("Knowledge Is Power", 1), ("Withering Hex", 3))])
def test_a_player_number_no_longer_keeps_every_pair_of_its_layer(library, a, b):
    """Kinbinding's +X/+X (X: creatures that entered under your control this turn) reads no power or toughness, so
    no 7c effect can change it; the pair was kept while the part read as unreadable. Dropped now, and the search
    without the pruning finds no board either (sound)."""
    need_package()
    ra, rb = AbilityRef(*a), AbilityRef(*b)
    kept = candidate_edges(library, [ra, rb])
    assert (ra, rb, "7c") not in kept
    found = search(library, (ra, rb), "7c", Goal(((ra, rb),)), prune=False, max_probes=1, time_limit=LIMIT)
    assert isinstance(found, Absent) and found.why == "searched", found


def test_add_abilities_of_reads_the_printed_abilities_only(library):
    """"Has all activated abilities of ..." copies the abilities the objects have by their text (docs/card-format.md,
    add_abilities_of; layers.lp's abil_kind/2): an effect that grants an ability (Cave Sense's mountainwalk) can't
    change what it does, one that takes abilities away (Humility) or adds another object's can."""
    need_package()
    cauldron, cave_sense = AbilityRef("Agatha's Soul Cauldron", 2), AbilityRef("Cave Sense", 2)
    ooze, humility = AbilityRef("Necrotic Ooze", 1), AbilityRef("Humility", 1)
    kept = candidate_edges(library, [cauldron, cave_sense, ooze, humility])
    assert (cauldron, cave_sense, "6") not in kept
    assert (ooze, humility, "6") in kept and (cauldron, humility, "6") in kept
    found = search(library, (cauldron, cave_sense), "6", Goal(((cauldron, cave_sense),)), prune=False, max_probes=1,
                   time_limit=LIMIT)
    assert isinstance(found, Absent) and found.why == "searched", found


def test_probes_that_differ_in_their_abilities_are_not_twins_for_add_abilities_of():
    """The twins (loops.lp, part boards): an effect that adds the activated abilities of other objects reads the
    probes' abilities (part prune's ``printed``), so a probe with an ability and one without are both tried."""
    facts = """part("e",0,6). eop("e",add_abilities_of). eopi("e",1,add_abilities_of). opuse("e",1,"op_kind").
        opv("e",1,"op_kind","activated"). uses("e","op_from"). uses("e","op_kind").
        probe(p1,1). probe(p2,2). pval(p1,abil,"x"). member(m,1). first(m). maxp(1). goal_layer(6)."""
    ctl = clingo.Control(["--warn=none", "--opt-mode=enum,1000000", "--models=0"])
    for f in BOARD_FILES:
        ctl.load(str(asp_rules.path(f)))
    ctl.add("prune", [], facts)
    ctl.ground([("prune", []), ("boards", [])])
    boards: list[list[str]] = []
    ctl.solve(on_model=lambda m: boards.append(sorted(str(s) for s in m.symbols(shown=True))))
    assert sorted(boards) == [[], ["on(p1)"], ["on(p2)"]]
