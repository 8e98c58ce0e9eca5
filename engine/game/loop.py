"""The game loop of ``mtgjudge play``: the game (its state, the script of actions, the log) and the
run of it, step by step (500.1), until the script's end, ``until``, or the end of the game (104).

The Python loop owns time: the steps, priority and the stack. At each point where the rules are
declarative it asks the programs: characteristics from the layers program (bridge/layers/),
attack and block declarations from the combat programs (bridge/combat.py), and every event goes
through the replacement program (bridge/replace/) before it happens. Each thing that happens is
a log line citing the rule that made it happen.

Scripted play: the players' actions come from the game file (engine/files/gamefile.py), in order. A player
who receives priority takes the next action if it is theirs and due now, and passes otherwise
(117.3d); a choice the rules leave to a player that the script doesn't give is an error naming it,
unless ``auto`` takes the first legal option in a canonical order.

The rules are done by one object per chapter, each holding the game (``game.turn``, ``game.priority``,
``game.casting``, ...): the modules of this package. The game keeps the state, the script, the log,
what the chapters share (the triggered abilities waiting, the abilities on the stack) and the
questions every chapter asks (the characteristics now, 613; the object as it is now, 400.7)."""

from __future__ import annotations

from typing import Any

from bridge import SolverConfig
from bridge.layers import LayersResult, compute_layers

from engine.files import gamefile as gf
from engine.state.model import STEPS, GameState
from engine.state.unexecuted import merged, not_executed
from engine.vocab.keyword_costs import stands_for
from engine.game.sba import StateBasedActions, new_id
from engine.game.triggered import Triggered, granted_in_force
from engine.game.common import MAX_PRIORITY, GameResult, LogEntry
from engine.game.turn import Turn
from engine.game.priority import Priority
from engine.game.triggers import Triggers
from engine.game.mana import Mana
from engine.game.costs import Costs
from engine.game.casting import Casting
from engine.game.targets import Targets
from engine.game.resolve import Resolution
from engine.game.instructions import Instructions
from engine.game.events import Events
from engine.game.combat import Combat
from engine.game.transform import Transforming
from engine.game import script  # (issue 24: every line of the script carried out, or an error naming it)


PRIORITY_STEPS = set(STEPS) - {"untap", "cleanup"}  # 502.4, 514.3


class Game:
    """A game being played: the state, the script and the log, and the chapters of the rules that act on
them."""

    def __init__(self, state: GameState, actions: list, *, library, until: gf.At | None = None, auto: bool = False,
                 config: SolverConfig | None = None, strict: bool = True):
        self.state = state
        self.strict = strict
        self.library = library
        self.actions = list(actions)
        self.pos = 0  # the next action of the script
        self.until = until
        self.auto = auto
        self.config = config or SolverConfig()
        self.log: list[LogEntry] = []
        self.not_executed = not_executed(state)  # the abilities of its objects no program executes, at the start
        self.pending: list[Triggered] = []  # triggered, not yet on the stack (603.3)
        self.rejected: list[dict[str, Any]] = []
        self.last_action_turn: int | None = None
        self.start_turn = state.turn  # (the turn of the first lines' answers: engine/game/script.py)
        self._cache: dict[str, LayersResult] = {}
        # 608.2h: each permanent's power and toughness in the last characteristics the loop computed while it was on the
        # battlefield, by (id, zone changes): its last known information once it has left (evolve, 702.100a)
        self.last_pt: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.last_attached: dict[tuple[str, int], str | None] = {}  # the same, what it was attached to (608.2h)
        self._pt_of: LayersResult | None = None
        self.solves: dict[str, int] = {}  # solver calls made by the loop, by program
        self.layers_requests = 0  # times the loop asked for the characteristics
        self.amounts: dict[str, int] = {}  # an ability on the stack: the amount of the event that triggered it
        self.about: dict[str, str] = {}  # an ability on the stack: the object its trigger event was about
        self.players_about: dict[str, str] = {}  # an ability on the stack: the player its trigger event was about
        self.drawn = False  # 104.4b: the game ended in a draw
        self.exiled_plays: list = []  # 611.2a: the cards players may play from exile (engine/game/play_exiled.py)
        self.warped: dict = {}  # 702.185b: warped cards, id -> (its zone changes, the turn), engine/game/warp.py
        self.discarded: dict = {}  # 702.187b: cards discarded, id -> (its zone changes in the graveyard, the turn), mayhem.py
        self.plotted: dict = {}  # 702.170a: plotted cards, id -> (its zone changes, the turn), engine/game/plot.py
        self.foretold: dict = {}  # 702.143a: foretold cards, id -> (its zone changes, the turn), engine/game/altcast.py
        self.abilities: dict[str, tuple[Any, str]] = {}  # an ability on the stack: its model and text
        # an ability on the stack: the objects "this" (its source) and "that" (the object of the event
        # that triggered it) were as it was put on the stack, (id, zone, zone changes) (603.7c, 400.7)
        self.refs: dict[str, dict[str, tuple | None]] = {  # (a board's: its choices name "that")
            oid: {"self": self.snap(state.objects[oid].ability_of), "that": self.snap(state.objects[oid].choices.get("that"))}
            for oid in state.stack if state.objects[oid].kind == "ability"}
        self.turn = Turn(self)
        self.sba = StateBasedActions(self)
        self.priority = Priority(self)
        self.triggers = Triggers(self)
        self.mana = Mana(self)
        self.costs = Costs(self)
        self.casting = Casting(self)
        self.targets = Targets(self)
        self.resolution = Resolution(self)
        self.instructions = Instructions(self)
        self.events = Events(self)
        self.combat = Combat(self)
        self.transforming = Transforming(self)

    def say(self, rule: str, text: str) -> None:
        self.log.append(LogEntry(self.state.turn, self.state.step or "", rule, text))

    def layers(self) -> LayersResult:
        """The characteristics now (613); the permanents' power and toughness kept as last seen (``last_pt``)."""
        found = self.layers_of(self.state)
        if found is not self._pt_of:
            self._pt_of = found
            for oid in self.state.battlefield:
                c = found.objects.get(oid)
                if c is not None:
                    self.last_pt[(oid, self.state.objects[oid].zone_changes)] = (c.get("power"), c.get("toughness"))
                self.last_attached[(oid, self.state.objects[oid].zone_changes)] = self.state.objects[oid].attached_to
        return found

    def attached_now_or_last(self, oid: str) -> str | None:
        """608.2h, 303.4, 301.5: the permanent an Aura or Equipment is attached to now, or was attached to as it last
        existed on the battlefield (the last the loop saw; None: attached to nothing, or unknown)."""
        o = self.state.objects.get(oid)
        if o is None:
            return None
        if oid in self.state.battlefield:
            return o.attached_to
        return self.last_attached.get((oid, o.zone_changes - 1))

    def pt_now_or_last(self, oid: str | None) -> tuple[Any, Any] | None:
        """608.2h: a permanent's power and toughness now, or as it last existed on the battlefield (None: unknown)."""
        o = self.state.objects.get(oid) if oid is not None else None
        if o is None:
            return None
        if oid in self.state.battlefield:
            c = self.chars(oid)
            return c.get("power"), c.get("toughness")
        return self.last_pt.get((oid, o.zone_changes - 1))

    def layers_of(self, state: GameState) -> LayersResult:
        """The characteristics of a state, from the layers program; cached by the board's content
        (everything but the turn, the step, the mana pools, the land plays, what happened this turn
        that only the replacement effects read, and the permanents' status, damage and summoning sickness, which no characteristic depends on), so a priority
        pass on an unchanged board costs no solver call."""
        d = state.to_dict()
        for k in ("turn", "step", "mana_pool", "lands_played", "left_battlefield_this_turn", "attacked_this_turn",
                  "died_this_turn", "lost_life_this_turn", "dealt_damage_this_turn"):
            d.pop(k, None)
        for o in d["objects"]:  # nor the status, damage and summoning sickness (no selector reads them)
            for k in ("tapped", "damage", "deathtouched", "summoning_sick"):
                o.pop(k, None)
        key = repr(d)
        self.layers_requests += 1
        found = self._cache.get(key)
        if found is None:
            found = compute_layers(state, self.config)
            self.solves["layers"] = self.solves.get("layers", 0) + 1
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = found
        return found

    def chars(self, oid: str) -> dict[str, Any]:
        return self.layers().objects.get(oid, {})

    def players_from(self, first: str) -> list[str]:
        names = self.state.player_names
        i = names.index(first)
        return [p for p in names[i:] + names[:i] if not self.state.player(p).lost]

    def over(self) -> bool:
        return sum(not p.lost for p in self.state.players) <= 1

    def action(self) -> Any | None:
        """The next line of the script; an answer whose 'at' isn't now is not seen yet (no choice before its step takes
        it: engine/game/script.py)."""
        act = self.actions[self.pos] if self.pos < len(self.actions) else None
        if act is not None and act.at is not None and script.is_answer(act) and not self.due(act):
            return None
        return act

    def acting(self) -> str:
        """The action being taken (already taken from the script), for an error about its choices."""
        return f"actions[{self.pos - 1}]"

    def where(self) -> str:
        return f"actions[{self.pos}]" if self.pos < len(self.actions) else "actions"

    def due(self, act: Any, step: str | None = None) -> bool:
        """Is the action's time now (its 'at', if any)?"""
        at = act.at
        if at is None:
            return step is None or self.state.step == step
        if at.turn is not None and at.turn != self.state.turn:
            return False
        return at.step is None or at.step == self.state.step

    def take(self) -> Any:
        act = self.actions[self.pos]
        self.pos += 1
        self.last_action_turn = self.state.turn
        return act

    def run(self) -> GameResult:
        st = self.state
        if st.step is None:
            st.step = "untap"
        if not self.actions:
            self.last_action_turn = st.turn  # no actions: the game stops at the end of this turn
        budget = MAX_PRIORITY
        while True:
            if self.over():
                return self._finish("game_over")
            script.check_time(self)  # a line whose time has passed stops the run, naming it
            if self.until is not None and st.turn == (self.until.turn or st.turn) and st.step == self.until.step:
                return self._finish("until")
            if self.until is None and self.pos >= len(self.actions) and self.last_action_turn is not None \
                    and st.turn > self.last_action_turn and not st.stack:
                return self._finish("actions_done")
            skip = self.turn.turn_based_actions()
            if not skip:
                self.triggers.step_triggers()
            if not skip and st.step in PRIORITY_STEPS:
                budget -= self.priority.priority()
                if budget <= 0:
                    self.say("104.4b", f"the game stops after {MAX_PRIORITY} priority passes")
                    return self._finish("budget")
            if self.over():
                return self._finish("game_over")
            if st.step == "cleanup" and (self.sba.perform_sba() or self.pending):
                self.priority.priority()  # 514.3a: then another cleanup step
                continue
            self.turn.next_step()

    def _finish(self, status: str) -> GameResult:
        if self.pos < len(self.actions) and self.strict:  # nothing silent: an action never reached is an error
            raise script.unreached(self, status)
        if status == "game_over" and self.drawn:
            status = "draw"
        winners = [p.name for p in self.state.players if not p.lost] if status == "game_over" else []
        if status == "game_over":
            self.say("104.2a", f"{', '.join(winners) or 'no one'} wins the game" if winners else "the game is a draw (104.4a)")
        return GameResult(self.state, self.log, status, winners, self.rejected,
                          merged(self.not_executed, not_executed(self.state)), self.actions[self.pos:])

    def abilities_in_force(self):
        """Each ability of each permanent after the layers (613: Humility takes them away, a copy has the
        copied ones, an effect grants others: 613.1f), as (permanent, index, ability, its controller); a
        keyword defined as a triggered ability (prowess, 702.108a) as that ability
        (engine/vocab/keyword_costs.py: STANDS_FOR)."""
        st = self.state
        layers = self.layers()
        for oid in st.battlefield:
            you = layers.objects.get(oid, {}).get("controller")
            for holder, index in layers.printed_abilities.get(oid, ()):
                yield oid, index, stands_for(st.objects[holder].printed.abilities[index - 1]), you
            for index, ab in granted_in_force(st, layers, oid):  # granted by an effect (613.1f)
                yield oid, index, stands_for(ab), you

    def snap(self, x: Any) -> tuple | None:
        """The object as it is now: (id, zone, zone changes); None for a player or nothing."""
        o = self.state.objects.get(x) if isinstance(x, str) else None
        return None if o is None else (x, o.zone, o.zone_changes)

    def same(self, ref: tuple | None) -> bool:
        """400.7: still the same object, in the zone it was in (it never moved since)."""
        o = self.state.objects.get(ref[0]) if ref is not None else None
        return o is not None and (o.zone, o.zone_changes) == ref[1:]

    def fresh_id(self, base: str) -> str:
        """A new object's id, as the board loader makes them: the name, then _2, _3 ..."""
        return new_id(self.state, base)

    def card_file(self, oid: str):
        o = self.state.objects[oid]
        return self.library.get(o.card_name) if o.card_name else None


def play(state: GameState, actions: list, *, library, until: gf.At | None = None, auto: bool = False,
         config: SolverConfig | None = None, strict: bool = True) -> GameResult:
    """Play the script ``actions`` from ``state``. An action the game never reaches is a GameError;
    with ``strict=False`` (random scripts of the property tests) the result lists it in ``unreached``."""
    return Game(state, actions, library=library, until=until, auto=auto, config=config, strict=strict).run()
