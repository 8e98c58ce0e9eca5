"""The witness search's candidate boards (asp_rules/loops.lp, part boards; docs/loops.md, Search): the solver
chooses the probes of the domain on the board, the objects the Aura members are attached to, and the members'
timestamp order, fewest probes first; each board the layers task did not confirm is a nogood for the next call."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

import asp_rules

from ..facts import q

BOARD_FILES = ("loops.lp", "tasks/loops_boards.lp")


@dataclass(frozen=True)
class BoardChoice:
    """A candidate board: the probes on it (ids), the attachments (Aura member, object), the members' timestamps
    reversed."""
    on: tuple[str, ...]
    attach: tuple[tuple[str, str], ...]
    rev: bool


def _facts(probes: list[str], members: list[str], max_probes: int, auras: list[str], attachable: list[str],
           rejected: list[BoardChoice]) -> str:
    out = [f"probe({q(p)},{r})." for r, p in enumerate(probes)]
    out += [f"member({q(m)})." for m in members] + [f"maxp({max_probes})."]
    out += [f"needs_attach({q(x)})." for x in auras] + [f"attachable({q(y)})." for y in attachable]
    for k, b in enumerate(rejected):
        out.append(f"rejected({k}).")
        out += [f"rej_on({k},{q(p)})." for p in b.on] + [f"rej_att({k},{q(x)},{q(y)})." for x, y in b.attach]
        out += [f"rej_rev({k})."] if b.rev else []
    return "\n".join(out)


def next_board(probes: list[str], members: list[str], max_probes: int, auras: list[str], attachable: list[str],
               rejected: list[BoardChoice]) -> BoardChoice | None:
    """The best board of the domain not yet rejected (the optimum of loops.lp's #minimize: fewest probes, then
    the lowest ranks, then the members' order as given); None when every board of the domain is rejected."""
    ctl = clingo.Control(["--warn=none", "--opt-mode=opt", "--parallel-mode=1", "--seed=0"])
    for f in BOARD_FILES:
        ctl.load(str(asp_rules.path(f)))
    ctl.add("boards", [], _facts(probes, members, max_probes, auras, attachable, rejected))
    ctl.ground([("boards", [])])
    best: list[clingo.Symbol] | None = None
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            best = sorted(m.symbols(shown=True), key=str)
    if best is None:
        return None
    on = tuple(sorted(s.arguments[0].string for s in best if s.name == "on"))
    attach = tuple(sorted((s.arguments[0].string, s.arguments[1].string) for s in best if s.name == "attach"))
    return BoardChoice(on, attach, any(s.name == "rev" for s in best))
