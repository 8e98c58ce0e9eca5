"""What the chapters of the game loop share: the log (LogEntry), the result (GameResult), the errors
(GameError: a choice missing in the script; Rejected: an illegal action, 733), the names in the log
lines, and the loop's constants."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.state.model import GameState


MAX_PRIORITY = 2000  # a bound on priority passes in one run (104.4b: a loop of mandatory actions)
MAIN = ("precombat_main", "postcombat_main")


class GameError(Exception):
    """A missing choice or an action the script can't take: one line, exit status 2."""

    def __init__(self, where: str, problem: str, fix: str):
        super().__init__(f"{where}: {problem}")
        self.where, self.problem, self.fix = where, problem, fix


@dataclass
class LogEntry:
    turn: int
    step: str
    rule: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "step": self.step, "rule": self.rule, "text": self.text}

    def line(self) -> str:
        return f"T{self.turn} {self.step:<20} {self.rule:<14} {self.text}"


@dataclass
class GameResult:
    state: GameState
    log: list[LogEntry]
    status: str  # "until", "actions_done", "game_over", "draw", "budget"
    winners: list[str] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    # the abilities of the game's objects (at its start, and those made during it) that no program
    # executes (engine/state/unexecuted.py)
    not_executed: list[dict[str, Any]] = field(default_factory=list)
    unreached: list[Any] = field(default_factory=list)  # the script's actions never reached (play(strict=False))

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        return {
            "status": self.status, "winners": self.winners, "turn": st.turn, "step": st.step, "active": st.active,
            "players": {p.name: {"life": p.life, "lost": p.lost, "counters": dict(sorted(p.counters.items())),
                                 "hand": len(st.zone_ids("hand", p.name)), "library": len(st.zone_ids("library", p.name))}
                        for p in st.players},
            "battlefield": {oid: {"card": st.objects[oid].card_name, "controller": st.objects[oid].controller,
                                  "tapped": st.objects[oid].tapped, "damage": st.objects[oid].damage,
                                  "counters": dict(sorted(st.objects[oid].counters.items()))} for oid in st.battlefield},
            "graveyard": {p: st.zone_ids("graveyard", p) for p in st.player_names},
            "stack": list(st.stack),
            "monarch": st.monarch,  # 722.1
            "ring_tempted": dict(sorted(st.ring_tempted.items())),  # 701.54c
            "ring_bearer": dict(sorted(st.ring_bearer.items())),  # 701.54a
            "emblems": [{"owner": e.controller, "from": e.source_card, "ability": e.ability_index}  # 114.2 (emblems.py)
                        for e in st.effects if e.duration == "emblem"],
            "rejected": self.rejected,
            "log": [e.to_dict() for e in self.log],
            "not_executed": self.not_executed,
        }


def _name(state: GameState, x: str) -> str:
    if x in state.player_names:
        return x
    o = state.objects.get(x)
    return f"{o.card_name} ({x})" if o is not None and o.card_name else x


class Rejected(Exception):
    """An illegal action (733: the game goes back to the moment before it was started)."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule, self.message = rule, message


class Chapter:
    """One chapter of the rules as the game performs it. It holds the game (engine/game/loop.py's ``Game``,
    which makes one object of each chapter and keeps the state and the log); the chapters reach each
    other through it (``self.game.casting``). The loop imports the chapters, never the other way round."""

    def __init__(self, game) -> None:
        self.game = game
