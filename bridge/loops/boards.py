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
    ranks, then the members' order as given), each board once."""

    def __init__(self, probes: list[str], members: list[str], max_probes: int, auras: list[str],
                 attachable: list[str]):
        self.probes, self.members = probes, members
        self.ctl = clingo.Control(["--warn=none", "--opt-mode=opt", "--parallel-mode=1", "--seed=0"])
        for f in BOARD_FILES:
            self.ctl.load(str(asp_rules.path(f)))
        facts = [f"probe({q(p)},{r})." for r, p in enumerate(probes)]
        facts += [f"member({q(m)})." for m in members] + [f"first({q(members[0])}).", f"maxp({max_probes})."]
        facts += [f"needs_attach({q(x)})." for x in auras] + [f"attachable({q(y)})." for y in attachable]
        self.ctl.add("boards", [], "\n".join(facts))
        self.ctl.ground([("boards", [])])
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
        """A nogood: this board is never chosen again (a program part of its own, grounded now)."""
        body = [f"on({q(p)})" if p in board.on else f"not on({q(p)})" for p in self.probes]
        body += [f"attach({q(x)},{q(y)})" for x, y in board.attach]
        body.append("rev" if board.rev else "not rev")
        body += [f"theirs({q(m)})" if m in board.theirs else f"not theirs({q(m)})" for m in self.members[1:]]
        name = f"nogood_{self.rejected}"
        self.ctl.add(name, [], ":- " + ", ".join(body) + ".")
        self.ctl.ground([(name, [])])
        self.rejected += 1
