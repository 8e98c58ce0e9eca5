"""The witness search's candidate boards (asp_rules/loops.lp, part boards; docs/loops.md, Search): the solver
chooses the probes of the domain on the board, the objects the Aura members are attached to, and the members'
timestamp order, fewest probes first. One control for the whole search (multi-shot): each board the layers task
did not confirm is added as a nogood, and the next solve goes on from there."""

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
    """The boards of one domain, best first (the optimum of loops.lp's #minimize: fewest probes, then the lowest
    ranks, then the members' order as given), each board once, and none that is the twin of a board tried before
    it (loops.lp, part boards: the same board up to renaming, for what the effects on it read)."""

    def __init__(self, probes: list[str], members: list[str], max_probes: int, auras: list[str],
                 attachable: list[str], reads: tuple[list[str], list[str]] | None = None):
        """``reads``: symmetry.board_facts's facts (the members' effects' reads and writes, the probes' values),
        from which the program leaves out the boards that are another's twin; None: every board is tried (the
        program is told ``wide``: no two boards are known to be alike)."""
        self.probes, self.members = probes, members
        self.ctl = clingo.Control(["--warn=none", "--opt-mode=opt", "--parallel-mode=1", "--seed=0"])
        for f in BOARD_FILES:
            self.ctl.load(str(asp_rules.path(f)))
        facts = [f"probe({q(p)},{r})." for r, p in enumerate(probes)]
        facts += [f"member({q(m)})." for m in members] + [f"first({q(members[0])}).", f"maxp({max_probes})."]
        facts += [f"needs_attach({q(x)})." for x in auras] + [f"attachable({q(y)})." for y in attachable]
        parts, values = reads if reads is not None else ([], ["wide."])
        self.ctl.add("prune", [], "\n".join(parts))
        self.ctl.add("boards", [], "\n".join(facts + values))
        self.ctl.ground([("prune", []), ("boards", [])])
        self.rejected = 0

    def next(self) -> BoardChoice | None:
        """The best board not yet rejected; None when every board of the domain is."""
        best: list[clingo.Symbol] | None = None
        with self.ctl.solve(yield_=True) as handle:
            for m in handle:
                best = sorted(m.symbols(shown=True), key=str)
        if best is None:
            return None
        on = tuple(sorted(s.arguments[0].string for s in best if s.name == "on"))
        attach = tuple(sorted((s.arguments[0].string, s.arguments[1].string) for s in best if s.name == "attach"))
        theirs = tuple(sorted(s.arguments[0].string for s in best if s.name == "theirs"))
        return BoardChoice(on, attach, any(s.name == "rev" for s in best), theirs)

    def reject(self, board: BoardChoice) -> None:
        """A nogood: this board is never chosen again (one integrity constraint over the atoms the boards part
        grounded, added through the solver's backend: nothing to ground again)."""
        body = [self._lit("on", p, p in board.on) for p in self.probes]
        body += [self._lit("attach", xy, True) for xy in board.attach]
        body.append(self._lit("rev", None, board.rev))
        body += [self._lit("theirs", m, m in board.theirs) for m in self.members[1:]]
        if any(lit == 0 for lit in body):  # an atom that was never grounded holds in no board: nothing to rule out
            return
        with self.ctl.backend() as backend:
            backend.add_rule([], [lit for lit in body if lit is not None])
        self.rejected += 1

    def _lit(self, name: str, args, positive: bool) -> int | None:
        """The solver literal of name(args) (its negation when not ``positive``); 0 for a positive literal of an
        atom never grounded (false), None for the negation of one (true: left out of the body)."""
        terms = [] if args is None else [clingo.String(a) for a in ((args,) if isinstance(args, str) else args)]
        atom = self.ctl.symbolic_atoms[clingo.Function(name, terms)]
        if atom is None:
            return 0 if positive else None
        return atom.literal if positive else -atom.literal
