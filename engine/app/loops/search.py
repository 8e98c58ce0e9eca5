"""The catalogue's search (docs/loops.md, Search, Pruning): the continuous-effect abilities of a card, the pairs the
reads/writes analysis can't rule out (a program over the layers program's own facts), and the search for a witness
board on which the layers task reports a dependency (613.8a) or a loop (613.8b) among two or three abilities.

The search goes between two programs: the boards program (asp_rules/loops.lp, part boards) gives the candidate
boards of the probe domain (domain.py) in its order, fewest probes first, without the twin boards (docs/loops.md,
Fewer boards); the layers task (bridge.layers.layer_dependencies: as ``mtgjudge layers`` runs it, up to the goal's
layer) decides whether the goal holds on each, with every layer up to the goal's and the whole 613.8 sequence. A board it does not confirm is ruled out and the
next is tried; when none is left, no board of the domain makes the goal hold. So every witness reported is one the layers task confirms, and an absence is proven within
the domain named in the answer.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from asp_rules.rulesdata import LAYERS, OP_LAYER
from bridge import SolverConfig
from bridge.layers import compute_layers, layer_dependencies
from bridge.loops import BoardSearch, ability_parts, board_facts, may_depend, ops_in, unreadable_parts
from engine.files.errors import InputError
from engine.files.library import CardLibrary
from engine.files.loader import board_from_data

from . import domain
from .model import Absent, AbilityRef, Edge, Finding, Goal


def continuous_abilities(library: CardLibrary, card: str) -> list[tuple[AbilityRef, tuple[str, ...]]]:
    """The card's abilities whose continuous effects the layers task applies from a permanent on the battlefield
    (static and characteristic-defining abilities with a compiled continuous effect that functions there), each
    with the layers it has parts in, in layer order. Left out (docs/loops.md): resolved spells' and abilities'
    effects, granted abilities' effects, keyword abilities, "enters as" replacement effects, statics that function
    in another zone."""
    c = library.lookup(card)
    if not set(c.types) & PERMANENT_TYPES:  # 110.4: no permanent has it (an instant, a Vanguard)
        return []
    out = []
    for i, ab in enumerate(c.abilities, 1):
        spec = ab.continuous if ab.kind in ("static", "characteristic_defining") else None
        if spec is None or getattr(spec, "functions_in", None) not in (None, "battlefield"):
            continue
        used = {OP_LAYER[op.op] for op in spec.do}
        layers = tuple(layer for layer in LAYERS if layer in used and layer not in ("players", "rules"))
        if layers:
            out.append((AbilityRef(c.name if card.lower() == c.name.lower() else card, i), layers))
    return out


PERMANENT_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}  # 110.4


def _pool_board(library: CardLibrary, cards: list[str]) -> dict[str, Any]:
    """One board holding every card of the pool once, the card numbered i with the id ``c<i>`` (no two alike)."""
    battlefield = []
    for i, card in enumerate(cards):
        e: dict[str, Any] = {"card": card, "controller": "alice", "id": f"c{i}"}
        if library.lookup(card).token:
            e["token"] = True
        choices = domain.member_choices(library, card)
        if choices:
            e["choices"] = choices
        battlefield.append(e)
    return {"players": ["alice", "bob"], "battlefield": battlefield}


def candidate_edges(library: CardLibrary, refs: Sequence[AbilityRef], *,
                    value_level: bool = True) -> list[tuple[AbilityRef, AbilityRef, str]]:
    """(A, B, layer), sorted: the pairs of ``refs`` with parts in ``layer`` for which the reads/writes analysis
    can't rule out that some board makes A depend on B there (613.8a). Sound: a pair left out has no board where
    A depends on B (asp_rules/loops.lp, part prune, one call over every ability's parts). ``value_level=False``:
    the coarser analysis of the characteristics alone, not their values (the tests compare the two)."""
    refs = sorted(set(refs))
    cards = list(dict.fromkeys(r.card for r in refs))
    try:
        state = board_from_data(_pool_board(library, cards), library, "<loops pool>")
        unread: list[str] = []
    except InputError:  # a card no board holds as a permanent: its abilities read and write everything (sound)
        unread = [c for c in cards if not _loads(library, c)]
        cards = [c for c in cards if c not in unread]
        state = board_from_data(_pool_board(library, cards), library, "<loops pool>")
    oid = {c: f"c{i}" for i, c in enumerate(cards)}
    number = {r: i for i, r in enumerate(refs)}
    wanted = {f"{oid[r.card]}#{r.index}": number[r] for r in refs if r.card not in unread}
    facts, _parts = ability_parts(state, wanted)
    facts += unreadable_parts([(number[r], layer, ops_in(library.lookup(c).abilities[r.index - 1].continuous, layer))
                               for c in unread for r, layers in continuous_abilities(library, c)
                               if r in number for layer in layers])
    # (refs sorted: the numbers' order)
    return [(refs[a], refs[b], layer) for a, b, layer in may_depend(facts, value_level=value_level)]


def _loads(library: CardLibrary, card: str) -> bool:
    try:
        board_from_data(_pool_board(library, [card]), library, "<loops pool>")
        return True
    except InputError:
        return False


def _effect_ids(members: tuple[AbilityRef, ...]) -> dict[str, AbilityRef]:
    ids = domain.member_ids(members)
    return {f"{ids[r.card]}#{r.index}": r for r in members}


def _edges(result, members: tuple[AbilityRef, ...], layer: str) -> tuple[Edge, ...]:
    refs = _effect_ids(members)
    return tuple(sorted({Edge(refs[d["effect"]], refs[d["depends_on"]], d["reason"]) for d in result.dependencies
                         if d["layer"] == layer and d["effect"] in refs and d["depends_on"] in refs}))


def _in_one_loop(result, members: tuple[AbilityRef, ...], layer: str) -> bool:
    """613.8b: the members are in one loop the layers task reports, and each reaches every other by the
    dependencies it reports in ``layer``."""
    refs = _effect_ids(members)
    ids = set(refs)
    if not any(ids <= set(loop) for loop in result.loops):
        return False
    succ: dict[str, set[str]] = {}
    for d in result.dependencies:
        if d["layer"] == layer:
            succ.setdefault(d["effect"], set()).add(d["depends_on"])

    def reach(start: str) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for n in succ.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen
    return all(ids <= reach(i) for i in ids)


def _holds(result, members: tuple[AbilityRef, ...], layer: str, goal: Goal) -> bool:
    edges = {(e.effect, e.depends_on) for e in _edges(result, members, layer)}
    if goal.loop:
        return _in_one_loop(result, members, layer) and set(goal.edges) <= edges
    return set(goal.edges) <= edges if goal.edges else bool(edges)


def _pruned(library: CardLibrary, members: tuple[AbilityRef, ...], layer: str, goal: Goal) -> bool:
    """The reads/writes analysis rules the goal out: an edge it asks for is not a candidate, or (a loop) a member
    depends on no other member, or (any dependency) no pair is a candidate."""
    cand = {(a, b) for a, b, layer_ in candidate_edges(library, members) if layer_ == layer}
    if any(e not in cand for e in goal.edges):
        return True
    if goal.loop:
        return any(not any((m, o) in cand for o in members if o != m) for m in members)
    return not goal.edges and not cand


def _layers(library: CardLibrary, board: dict[str, Any], time_limit: float):
    state = board_from_data(board, library, "<witness>")
    return compute_layers(state, SolverConfig(time_limit=time_limit))


def _layers_through(library: CardLibrary, board: dict[str, Any], layer: str, time_limit: float):
    """A candidate board's dependencies and loops in the goal's layer: the layers task up to that layer (what it
    finds there doesn't depend on the layers after it, 613.1)."""
    state = board_from_data(board, library, "<witness>")
    return layer_dependencies(state, layer, SolverConfig(time_limit=time_limit))


def search(library: CardLibrary, members: tuple[AbilityRef, ...], layer: str, goal: Goal, *,
           time_limit: float = 10.0, max_probes: int = domain.MAX_PROBES, prune: bool = True,
           twins: bool = True, attached: bool = True) -> Finding | Absent:
    """A board carrying the members on which the goal holds in ``layer``, found by the boards program in the probe
    domain and confirmed by the layers task; Absent("pruned") when the reads/writes analysis rules it out (unless
    ``prune`` is False: the full search), Absent("searched") when no board of the domain confirms, Absent("timeout")
    when ``time_limit`` passed first (the domain not exhausted: nothing proven). Deterministic. ``twins``: leave
    out the boards that are the twin of one tried before (docs/loops.md, Fewer boards); False: every board of the
    domain (the tests compare the two). ``attached``: leave out the boards on which a dependency the goal asks for
    can't hold because the Aura whose effect it depends on is attached elsewhere (loops.lp, part boards, goal_dep/2;
    with the twins only: the program reads the members' parts)."""
    members = tuple(dict.fromkeys(members))
    if prune and _pruned(library, members, layer, goal):
        return Absent(layer, members, goal, "pruned")
    if any(domain.member_choices(library, r.card) is None for r in members):
        return Absent(layer, members, goal, "unsupported", detail={"why": "a member needs a choice the domain lacks"})
    probes = domain.probes_for(library, members)
    desc = domain.describe(probes, max_probes)
    ids = domain.member_ids(members)
    member_objs = list(dict.fromkeys(ids[r.card] for r in members))
    auras = [ids[c] for c in dict.fromkeys(r.card for r in members) if domain.is_aura(library, c)]
    attachable = [p.id for p in probes] + member_objs
    deadline = time.perf_counter() + time_limit
    library = _Looked(library)  # each card looked up once in this search (every board holds the same cards)
    maker = domain.BoardMaker(library, members, probes)
    eff = {ref: eid for eid, ref in _effect_ids(members).items()}
    boards = BoardSearch([p.id for p in probes], member_objs, max_probes, auras, attachable, LAYERS.index(layer),
                         _board_reads(library, maker, probes, member_objs) if twins else None,
                         [(eff[a], eff[b]) for a, b in goal.edges] if attached else [])
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return Absent(layer, members, goal, "timeout", desc, {"boards_tried": boards.rejected})
        choice = boards.next()
        if choice is None:
            return Absent(layer, members, goal, "searched", desc, {"boards_tried": boards.rejected})
        board = maker.board(choice.on, choice.attach, choice.rev, choice.theirs)
        try:
            result = _layers_through(library, board, layer, max(left, 0.5))
        except InputError:  # a board no game reaches (the loader says why): not a witness, ruled out
            result = None
        if result is not None and result.timed_out:  # undecided: the domain can't be said exhausted
            return Absent(layer, members, goal, "timeout", desc, {"boards_tried": boards.rejected})
        if result is not None and _holds(result, members, layer, goal):
            kind, rule = ("loop", "613.8b") if goal.loop else ("dependency", "613.8a")
            return Finding(kind, layer, tuple(sorted(members)), _edges(result, members, layer), rule, board, desc)
        boards.reject(choice)


class _Looked:
    """A card library whose cards, once looked up, are given again without a new look-up (the library's own answers:
    a name it refused is asked again, so its error is the library's)."""

    def __init__(self, library: CardLibrary):
        self._library, self._cards, self._backs = library, {}, {}

    def lookup(self, name: str, *args, **kwargs):
        card = self._cards.get(name)
        if card is None:
            card = self._cards[name] = self._library.lookup(name, *args, **kwargs)
        return card

    def back_face(self, name: str):
        if name not in self._backs:
            self._backs[name] = self._library.back_face(name)
        return self._backs[name]

    def __getattr__(self, attr: str):
        return getattr(self._library, attr)


def _board_reads(library: CardLibrary, maker: domain.BoardMaker, probes: list, member_objs: list[str]):
    """The boards program's facts for telling twin boards apart (bridge/loops/symmetry.py): read from one board
    holding the members and every probe of the domain (made by the search's ``maker``); None (every board tried)
    when that board can't be made."""
    board = maker.board(tuple(p.id for p in probes), (), False)
    try:
        return board_facts(board_from_data(board, library, "<domain>"), member_objs, [p.id for p in probes])
    except InputError:
        return None


def witness_confirms(library: CardLibrary, finding: Finding) -> bool:
    """The layers task, run on the finding's witness, reports every edge of the finding in its layer (and, for a
    loop, the members in one dependency loop)."""
    result = _layers(library, finding.witness, 10.0)
    if result.timed_out:
        return False
    got = set(_edges(result, finding.members, finding.layer))
    if not set(finding.edges) <= got:
        return False
    return finding.kind != "loop" or _in_one_loop(result, finding.members, finding.layer)
