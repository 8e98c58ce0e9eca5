"""The witness search's candidate boards (asp_rules/loops.lp, part boards; docs/loops.md, Search): the solver
chooses the probes of the domain on the board, the objects the Aura members are attached to, the members the other
player controls and the members' timestamp order, fewest probes first, and leaves out the twin boards. One solve
enumerates every board of the domain with its cost (loops.lp's #minimize, whose levels order the boards totally):
the search tries them by increasing cost, the order the earlier loop of one optimal solve per board and a nogood per
board rejected gave, for one solve per search instead of two calls per board."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

import asp_rules

from ..facts import q

BOARD_FILES = ("loops.lp", "tasks/loops_boards.lp")


@dataclass(frozen=True)
class BoardChoice:
    """A candidate board: the probes on it (ids), the attachments (Aura member, object), the members' timestamps
    reversed, the members the other player controls."""
    on: tuple[str, ...]
    attach: tuple[tuple[str, str], ...]
    rev: bool
    theirs: tuple[str, ...] = ()


class BoardSearch:
    """The boards of one domain, best first (by loops.lp's #minimize: fewest probes, then the lowest ranks, then
    the fewest members of the other player, then the members' order as given, then the last levels that leave no
    two boards of one cost), each board once, and none that is the twin of a board tried before
    it (loops.lp, part boards: the same board up to renaming, for what the effects on it read)."""

    def __init__(self, probes: list[str], members: list[str], max_probes: int, auras: list[str],
                 attachable: list[str], layer: int, reads: tuple[list[str], list[str]] | None = None,
                 goal: list[tuple[str, str]] = ()):
        """``layer``: the goal's layer (its index in asp_rules/rulesdata.py LAYERS, as the parts' facts number
        layers). ``reads``: symmetry.board_facts's facts (the members' effects' reads and writes, the probes' values),
        from which the program leaves out the boards that are another's twin; None: every board is tried (the
        program is told ``wide``: no two boards are known to be alike). ``goal``: the dependencies the search asks
        for, each (A, B), A depends on B, as the layers task's effect ids (object#n): the program leaves out the
        boards on which one of them can't hold (loops.lp, part boards, goal_dep/2)."""
        ctl = clingo.Control(["--warn=none", "--opt-mode=enum,1000000", "--models=0", "--parallel-mode=1", "--seed=0"])
        for f in BOARD_FILES:
            ctl.load(str(asp_rules.path(f)))
        facts = [f"probe({q(p)},{r})." for r, p in enumerate(probes)]
        facts += [f"member({q(m)},{i})." for i, m in enumerate(members)]
        facts += [f"first({q(members[0])}).", f"maxp({max_probes}).", f"goal_layer({layer})."]
        facts += [f"needs_attach({q(x)},{i})." for i, x in enumerate(auras)]
        facts += [f"attachable({q(y)},{j})." for j, y in enumerate(attachable)]
        facts += [f"goal_dep({q(a)},{q(b)})." for a, b in goal]
        parts, values = reads if reads is not None else ([], ["wide."])
        ctl.add("prune", [], "\n".join(parts))
        ctl.add("boards", [], "\n".join(facts + values))
        ctl.ground([("prune", []), ("boards", [])])
        found: list[tuple[list[int], BoardChoice]] = []
        with ctl.solve(yield_=True) as handle:
            for m in handle:
                found.append((list(m.cost), _choice(m.symbols(shown=True))))
        found.sort(key=lambda cb: cb[0])  # (no two boards have the same cost: loops.lp's last three levels)
        self._order = [b for _cost, b in found]
        self.rejected = 0

    def next(self) -> BoardChoice | None:
        """The best board not yet rejected; None when every board of the domain is."""
        return self._order[self.rejected] if self.rejected < len(self._order) else None

    def reject(self, board: BoardChoice) -> None:
        """This board is never chosen again: the next is the one after it in the program's order."""
        assert board == self._order[self.rejected]
        self.rejected += 1


def _choice(symbols: list[clingo.Symbol]) -> BoardChoice:
    on = tuple(sorted(s.arguments[0].string for s in symbols if s.name == "on"))
    attach = tuple(sorted((s.arguments[0].string, s.arguments[1].string) for s in symbols if s.name == "attach"))
    theirs = tuple(sorted(s.arguments[0].string for s in symbols if s.name == "theirs"))
    return BoardChoice(on, attach, any(s.name == "rev" for s in symbols), theirs)
