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
from bridge.loops.rw import PRUNE_FILES, ability_parts, may_depend
from carddata import need_package
from compiled_cards import compiled_layers  # noqa: F401 (the fixture)
from engine.app.loops.model import Absent, AbilityRef, Finding, Goal
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


def test_cant_have_or_gain_is_read_at_the_keywords_granted(library):
    """113.11: "... can't have or gain trample" (Archetype of Aggression's second ability) changes what an effect that
    grants trample does (Rancor), not what one that grants haste (Gallia of the Endless Dance) or an ability without a
    keyword (Telekinetic Sliver's "{T}: Tap target permanent") does: the layers program blocks a granted ability only
    at its keywords (layers.lp blocked/3, does_diff/2). The pruning reads it so: the last two pairs are dropped, and
    the search without the pruning finds no board for them, while it finds one for Rancor."""
    need_package()
    archetype = AbilityRef("Archetype of Aggression", 2)
    rancor, gallia, sliver = AbilityRef("Rancor", 2), AbilityRef("Gallia of the Endless Dance", 2), \
        AbilityRef("Telekinetic Sliver", 1)
    kept = candidate_edges(library, [archetype, rancor, gallia, sliver])
    assert (rancor, archetype, "6") in kept
    assert (gallia, archetype, "6") not in kept and (sliver, archetype, "6") not in kept
    for a in (gallia, sliver):
        found = search(library, (a, archetype), "6", Goal(((a, archetype),)), prune=False, max_probes=1,
                       time_limit=LIMIT)
        assert isinstance(found, Absent) and found.why == "searched", found
    found = search(library, (rancor, archetype), "6", Goal(((rancor, archetype),)), prune=False, max_probes=1,
                   time_limit=LIMIT)
    assert isinstance(found, Finding), found
    assert [(e.effect, e.depends_on, e.reason) for e in found.edges] == [(rancor, archetype, "what_it_does")]


def test_the_own_toughness_of_a_characteristic_defining_ability_is_its_own_objects(library):
    """604.3a: a characteristic-defining ability affects only the object that has it, and the toughness it keeps (own/1:
    Filigree Attendant defines its power alone) is that object's: another object's characteristic-defining ability
    (Altar Golem's power and toughness) can't change it. The pair was kept in 7a by power and toughness; dropped now,
    and the search without the pruning finds no board either."""
    need_package()
    attendant, golem = AbilityRef("Filigree Attendant", 2), AbilityRef("Altar Golem", 2)
    kept = candidate_edges(library, [attendant, golem])
    assert (attendant, golem, "7a") not in kept
    found = search(library, (attendant, golem), "7a", Goal(((attendant, golem),)), prune=False, max_probes=1,
                   time_limit=LIMIT)
    assert isinstance(found, Absent) and found.why == "searched", found


# two characteristic-defining parts of 7a (layer number 7), each applying to its source: "a" keeps its own toughness,
# "b" sets power and toughness
APART = """part("a",0,7). pcda("a"). appstart("a","self"). usev("a","src","o1"). uses("a","val_own").
    eop("a",set_pt). eopi("a",1,set_pt).
    part("b",1,7). pcda("b"). appstart("b","self"). usev("b","src","o2"). eop("b",set_pt). eopi("b",1,set_pt)."""


@pytest.mark.parametrize("more, kept", [
    ("", False),
    # one object with both (two abilities of one card)
    ("same source", True),
    # "a" reads other objects' power too ("the total power of ...")
    ('uses("a","val_total").', True),
    # "b" applies to other objects too
    ('appstart("b","all").', True),
    # an effect that can put another card's abilities on an object: a copy, Necrotic Ooze's of static abilities
    ('part("c",2,1). eop("c",copy). eopi("c",1,copy).', True),
    ('part("c",2,6). eop("c",add_abilities_of). eopi("c",1,add_abilities_of). opuse("c",1,"op_kind"). '
     'opv("c",1,"op_kind","static").', True),
    ('part("c",2,6). eop("c",add_abilities_of). eopi("c",1,add_abilities_of). opuse("c",1,"op_kind"). '
     'opv("c",1,"op_kind","activated").', False),
])
def test_characteristic_defining_abilities_of_two_objects_are_apart_unless_an_effect_can_join_them(more, kept):
    facts = APART.replace('usev("b","src","o2")', 'usev("b","src","o1")') if more == "same source" else APART + more
    assert ((0, 1, "7a") in may_depend([facts])) is kept
