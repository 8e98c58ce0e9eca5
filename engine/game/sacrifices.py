"""Sacrifices a resolving spell or ability asks of players (701.21, 608.2d): "you may sacrifice ...",
"[player] sacrifices a [permanent] of their choice" and the choice of n among permanents (annihilator
702.86a too), each chosen in the game script ({sacrifice: ID, by: PLAYER}; --auto: the first in board
order); a reflexive ability of "When you do" (603.12). A part of engine/game/instructions.py's chapter."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game import exploit
from engine.game.common import GameError, _name
from engine.game.triggered import Triggered


class _Reflexive:
    """603.12: a reflexive triggered ability ("When you do, ..."), made by the resolving ability."""

    kind = "triggered"
    continuous = None
    replacement = None
    trigger = None

    def __init__(self, one_shot, targets, text: str):
        self.one_shot, self.targets, self.text = one_shot, targets, text

    def display(self) -> str:
        return self.text


class Sacrifices:
    """The sacrifices of the Instructions chapter (its ``game``)."""

    def may_sacrifice(self, op, source: str, you: str, targets: list, name: str, text: str = "") -> None:
        """608.2d: the player chooses; an option that can't be taken can't be chosen."""
        chosen, power = self.may_sacrifice_one(op.what, source, you, name)
        if chosen is not None:
            if op.when_you_do:  # 603.12: a reflexive triggered ability, put on the stack next time (603.3)
                i = text.find("When you do")
                text = text[i:] if i >= 0 else f"When you do, ... (the reflexive ability of {name})"
                reflexive = _Reflexive(op.when_you_do, op.when_you_do_targets, text)
                self.game.triggers.known[(source, -1)] = reflexive
                self.game.pending.append(Triggered(source, -1, text, chosen, "reflexive", "603.12", you, amount=power))
            return
        fake = type("Otherwise", (), {"one_shot": op.otherwise, "continuous": None, "replacement": None, "kind": "otherwise",
                                      "targets": None})()
        self.game.resolution.do(source, fake, you, targets, name)

    def may_sacrifice_one(self, what, source: str, you: str, name: str, exploiter: str | None = None):
        """608.2d, 701.21a: "you may sacrifice a [creature]": the permanent of theirs the selector matches that the
        player sacrifices ({sacrifice: ID, by: PLAYER}; {sacrifice: null}: none; --auto: the first in board order)
        and its power as it last existed (608.2h), or (None, 0): they chose not to, or couldn't (an option that can't
        be taken can't be chosen). ``exploiter``: the creature whose exploit ability resolves (702.110b: it exploits
        the creature sacrificed; what that triggers is read before the sacrifice, 603.10a)."""
        st = self.game.state
        ctx = SelectorContext(st, characteristics(st, self.game.layers()), source, you, (), {})
        # 701.21a: a permanent the player controls, after the layers (613.1b: control-changing effects)
        able = [x for x in st.battlefield if self.game.chars(x).get("controller") == you and ctx.match(what, x)]
        act = self.game.action()
        chosen = None
        if not able:
            self.game.say("608.2d", f"{you} controls nothing that can be sacrificed: the option can't be chosen")
        elif isinstance(act, gf.Sacrifice) and act.by in (None, you):
            self.game.take()
            if act.sacrifice is not None and act.sacrifice not in able:
                raise GameError(self.game.where(), f"608.2d: {_name(st, act.sacrifice)} can't be sacrificed for {name}",
                                "name one of " + ", ".join(able) + ", or null")
            chosen = act.sacrifice
        elif self.game.auto:
            chosen = able[0]
        else:
            raise GameError(self.game.where(), f"608.2d: {you} may sacrifice one of {', '.join(able)} for {name}",
                            "add {sacrifice: ID} (or {sacrifice: null} to decline), or use --auto")
        if chosen is None:
            if able:
                self.game.say("608.2d", f"{you} chooses not to sacrifice a permanent for {name}")
            return None, 0
        power = self.game.chars(chosen).get("power") or 0  # as it last existed (608.2h)
        exploits = exploit.exploit_triggers(self.game, exploiter, chosen) if exploiter is not None else []
        self.game.events.zone_changes([ZoneChange(type="zone_change", object=chosen, **{"from": "battlefield"},
                                                  to="graveyard")], "701.21", "is sacrificed", sacrificed=True)
        self.game.pending += exploits  # 702.110b, 603.10a
        return chosen, power

    def sacrifice_of_choice(self, op, source: str, player: str, name: str) -> bool:
        """701.21: the player sacrifices one of their permanents the selector matches, of their choice
        ({sacrifice: ID, by: PLAYER}; --auto: the first in board order); whether one was."""
        st = self.game.state
        ctx = SelectorContext(st, characteristics(st, self.game.layers()), source, player, (), {})
        able = [x for x in st.battlefield if self.game.chars(x).get("controller") == player and ctx.match(op.what, x)]
        if not able:
            self.game.say("701.21", f"{player} controls nothing to sacrifice for {name}")
            return False
        chosen = self.sacrifices_chosen(player, able, 1, name, "701.21")
        self.game.events.zone_changes([ZoneChange(type="zone_change", object=chosen[0], **{"from": "battlefield"},
                                                  to="graveyard")], "701.21", "is sacrificed", sacrificed=True)
        return True

    def sacrifices_chosen(self, player: str, able: list[str], n: int, name: str, rule: str) -> list[str]:
        """701.21: the n permanents of `able` the player sacrifices, of their choice: all of them if there
        are no more; otherwise {sacrifice: ID, by: PLAYER} once for each (--auto: the first ones in board
        order)."""
        st = self.game.state
        if len(able) <= n:
            return list(able)
        chosen: list[str] = []
        while len(chosen) < n:
            left = [x for x in able if x not in chosen]
            act = self.game.action()
            if isinstance(act, gf.Sacrifice) and act.by in (None, player) and act.sacrifice is not None:
                self.game.take()
                if act.sacrifice not in left:
                    raise GameError(self.game.where(), f"{rule}: {_name(st, act.sacrifice)} can't be sacrificed for {name}",
                                    "name one of " + ", ".join(left))
                chosen.append(act.sacrifice)
            elif self.game.auto:
                chosen += left[:n - len(chosen)]
            else:
                many = "one" if n == 1 else f"{n - len(chosen)} more"
                raise GameError(self.game.where(), f"{rule}: {player} sacrifices {many} of {', '.join(left)} for {name}, of "
                                                   "their choice", "add {sacrifice: ID, by: " + player + "}"
                                + ("" if n == 1 else " for each") + ", or use --auto")
        return chosen
