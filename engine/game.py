"""The game loop: turns (500-514), priority (117), casting and resolving (601, 608), triggered
abilities (603), state-based actions (704) and combat (506-511), for ``mtgjudge play``.

The Python loop owns time: the steps, priority and the stack. At each point where the rules are
declarative it asks the programs: characteristics from the layers program (bridge/layers.py),
attack and block declarations from the combat programs (bridge/combat.py), and every event goes
through the replacement program (bridge/replace.py) before it happens. Each thing that happens is
a log line citing the rule that made it happen.

Scripted play: the players' actions come from the game file (engine/gamefile.py), in order. A player
who receives priority takes the next action if it is theirs and due now, and passes otherwise
(117.3d); a choice the rules leave to a player that the script doesn't give is an error naming it,
unless ``auto`` takes the first legal option in a canonical order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from dataclasses import replace as with_fields
from typing import Any

from bridge import SolverConfig
from bridge.combat import Declaration, best, build_problem, check
from bridge.counting import counted_values
from bridge.layers import LayersResult, compute_layers
from bridge.replace import UNNAMED_TYPES, characteristics, replace
from asp_rules.rulesdata import INTRINSIC_COUNTERS, is_creature_type
from bridge.selectors import SelectorContext

from . import gamefile as gf
from .combat_damage import CombatDamage, DamageEvents, DamageInputError, Problem
from .events import Damage, Draw, Enter, LifeGain, LifeLoss, ZoneChange
from .events import Discard as DiscardEvent
from .events import Token as TokenEvent
from .events import Counters as CountersEvent
from .cardfile import SACRIFICE_FOR_MANA, KeywordAbility, flanking_effect, mana_options, parse_activation_cost
from .mana import COLORS, parse_cost
from .model import MANA_LETTERS, STEPS, Characteristics, CombatState, ContinuousEffect, GameObject, GameState
from .effects import PlayerEffect
from .sba import _leave_combat, _move, _regenerate, create_tokens, new_id, put_token, state_based_actions
from .oneshot import ActivateTrigger, CastTrigger, PutCounters, StateTrigger, StepTrigger, TargetSpec
from .triggers import KEYWORD_TRIGGERS, Triggered, apnap, entered_triggers, event_triggers

MAX_PRIORITY = 2000  # a bound on priority passes in one run (104.4b: a loop of mandatory actions)
HAND_SIZE = 7  # 402.2
PRIORITY_STEPS = set(STEPS) - {"untap", "cleanup"}  # 502.4, 514.3
MAIN = ("precombat_main", "postcombat_main")
# 500.1: the phases, by their steps; the last step of each (an additional phase comes after it, 500.10)
PHASE_OF = {"untap": "beginning", "upkeep": "beginning", "draw": "beginning", "precombat_main": "precombat_main",
            "beginning_of_combat": "combat", "declare_attackers": "combat", "declare_blockers": "combat",
            "first_strike_damage": "combat", "combat_damage": "combat", "end_of_combat": "combat",
            "postcombat_main": "postcombat_main", "end": "ending", "cleanup": "ending"}
LAST_STEP = {"beginning": "draw", "precombat_main": "precombat_main", "combat": "end_of_combat",
             "postcombat_main": "postcombat_main", "ending": "cleanup"}
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                "combat_damage", "end_of_combat")
ESCAPE_COST = re.compile(r"^((?:\{[^}]+\})*)(?:, Exile (\w+) other cards? from your graveyard)?$")


class KeywordActivated:
    """An activated ability a keyword stands for (602.1), as the loop activates it: its cost, what it
    does, and the text it is shown by ("Equip {3}")."""

    kind = "activated"
    keyword = ""
    mana = False
    one_shot = continuous = replacement = None
    effect = ""
    targets: list = []

    def __init__(self, cost: str):
        self.cost = self.keyword_cost = cost

    def display(self) -> str:
        return f"{self.keyword.capitalize()} {self.keyword_cost}"


class EquipAbility(KeywordActivated):
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery." """

    keyword = "equip"
    effect = "Attach this permanent to target creature you control. Activate only as a sorcery."
    targets = [TargetSpec(what="creature", controller="you")]


class EmbalmAbility(KeywordActivated):
    """702.128a: the ability embalm stands for, on the stack (its source exiled as the cost was paid)."""

    keyword = "embalm"


class OutlastAbility(KeywordActivated):
    """702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this creature. Activate
    only as a sorcery." """

    keyword = "outlast"
    effect = "Put a +1/+1 counter on this creature. Activate only as a sorcery."
    one_shot = [PutCounters(op="counters", kind="+1/+1", amount=1, to="self")]

    def __init__(self, cost: str):
        super().__init__(cost)
        self.cost = cost + ", {T}"


COST_PART = re.compile(r"^(Sacrifice|Tap|Discard) (this|another|an|a|one|two|three|four|five) (untapped )?(.*?)"
                       r"( you control)?$")
NUMBERS = {"a": 1, "an": 1, "another": 1, "one": 1, "this": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _cost_part(part: str) -> tuple[str, int, bool, str] | None:
    """A part of an activation cost other than mana, {T} and loyalty (602.1a), as (verb, how many,
    'another', the noun): "Sacrifice this token", "Sacrifice a creature", "Sacrifice another Vampire or
    Zombie", "Tap two untapped Humans you control", "Discard a card"; None for the others."""
    m = COST_PART.match(part)
    if m is None:
        return None
    verb, count, untapped, noun, _ = m.groups()
    verb = verb.lower()
    if count == "this":
        return ("sacrifice", 1, False, "this") if verb == "sacrifice" else None
    if verb == "discard":
        return ("discard", NUMBERS[count], False, "card") if noun in ("card", "cards") else None
    if verb == "tap" and not untapped:
        return None
    return verb, NUMBERS[count], count == "another", noun


def _noun_matches(noun: str, c: dict[str, Any]) -> bool:
    """"creature", "Vampire or Zombie", "Humans": a card type or a subtype (singular or plural), any of
    those joined by 'or'."""
    types, subs = set(c.get("types", ())), set(c.get("subtypes", ()))
    for word in (w.strip() for w in noun.split(" or ")):
        for form in (word, word[:-1] if word.endswith("s") else word):
            if form.lower() in types or form in subs:
                return True
    return False


# 702.37c, 708.2: a face-down spell is a 2/2 creature spell with no text, no name, no subtypes and no mana cost
FACE_DOWN = Characteristics(name="", mana_cost=None, mana_value=0, colors=(), color_indicator=None, supertypes=(),
                            types=("Creature",), subtypes=(), rules_text="", abilities=(), power=2, toughness=2,
                            loyalty=None, defense=None)
ENCHANT_CREATURE = KeywordAbility(kind="keyword", keyword="enchant", quality="creature")  # 702.103b


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
            "rejected": self.rejected,
            "log": [e.to_dict() for e in self.log],
        }


def _keyword_trigger(t) -> KeywordAbility | None:
    """The keyword ability of a combat trigger (flanking, annihilator N), as the ability that resolves:
    the card's own or a copied card's (707.2), or the one an effect granted (ability index 0; 702.25b,
    702.86b: each instance triggers apart)."""
    m = t.model
    if m is None:
        return None
    if getattr(m, "kind", None) == "keyword":
        return m
    return KeywordAbility(kind="keyword", keyword=m.keyword, n=m.n)


def _among(value, values: dict) -> bool:
    """614.12: is the value one of a class of values (`mtgjudge replace`'s `chosen`: any_of or none_of)?"""
    if "any_of" in values:
        return value in values["any_of"]
    return value not in values.get("none_of", ())


def _name(state: GameState, x: str) -> str:
    if x in state.player_names:
        return x
    o = state.objects.get(x)
    return f"{o.card_name} ({x})" if o is not None and o.card_name else x


def _a(chars) -> str:
    """'a creature', 'an instant', 'an enchantment creature': the card types of a spell, with an article."""
    kinds = " ".join(chars.types).lower()
    return ("an " if kinds[:1] in "aeiou" else "a ") + kinds


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


class _Delayed:
    """603.7: a delayed triggered ability, from the moment the resolving spell or ability created it
    until it triggers (603.7b: only once). ``it``: the object it refers to, as (id, zone, zone
    changes) when it was created (603.7c: that object only, 400.7)."""

    kind = "triggered"
    continuous = None
    replacement = None
    trigger = None
    targets = None

    def __init__(self, op, source: str, ability: int, controller: str, it: tuple | None, turn: int):
        self.op, self.one_shot, self.text = op, op.one_shot, op.text
        self.turn = turn  # the turn it was created in
        self.source, self.ability, self.controller, self.it = source, ability, controller, it

    def display(self) -> str:
        return self.text


# 603.7b: what makes a delayed triggered ability trigger, and the rules it triggers by
DELAYED_AT = {"end": "next_end_step", "end_of_combat": "end_of_combat", "upkeep": "next_turn_upkeep"}
DELAYED_RULE = {"next_end_step": "513.1, 513.2, 603.7b", "end_of_combat": "511.2, 603.7b", "next_turn_upkeep": "503.1, 603.7b",
                "leaves_battlefield": "603.6c, 603.7b", "becomes_untapped": "603.2e, 603.7b"}


class _Slot:
    """One target of a "for each opponent" spec: the spec, for that opponent (601.2c)."""

    def __init__(self, spec, of_player: str):
        self.spec, self.of_player = spec, of_player

    def __getattr__(self, name: str):
        return getattr(self.spec, name)


class Rejected(Exception):
    """An illegal action (733: the game goes back to the moment before it was started)."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule, self.message = rule, message


class Game:
    def __init__(self, state: GameState, actions: list, *, library, until: gf.At | None = None, auto: bool = False,
                 config: SolverConfig | None = None):
        self.state = state
        self.library = library
        self.actions = list(actions)
        self.pos = 0  # the next action of the script
        self.until = until
        self.auto = auto
        self.config = config or SolverConfig()
        self.log: list[LogEntry] = []
        self.pending: list[Triggered] = []  # triggered, not yet on the stack (603.3)
        self.rejected: list[dict[str, Any]] = []
        self.last_action_turn: int | None = None
        self._cache: dict[str, LayersResult] = {}
        self.solves: dict[str, int] = {}  # solver calls made by the loop, by program
        self.layers_requests = 0  # times the loop asked for the characteristics
        self.state_live: set[tuple[str, int]] = set()  # 603.8: state triggers waiting or on the stack
        self.attacked_with: dict[str, set[str]] = {}  # this turn: the creatures each player attacked with
        self.extra_upkeeps = 0  # 500.10: additional upkeep-only beginning phases due after this phase
        self.in_extra: str | None = None  # in one: the last step of the phase they follow
        self.amounts: dict[str, int] = {}  # an ability on the stack: the amount of the event that triggered it
        self._resolving_amount = 0
        self.about: dict[str, str] = {}  # an ability on the stack: the object its trigger event was about
        self._resolving_about: str | None = None
        self._known: dict[tuple[str, int], Any] = {}  # (object, index) -> ability, as last seen
        self._loop_mark: tuple | None = None
        self._seen: set[str] = set()
        self.drawn = False  # 104.4b: the game ended in a draw
        self.extra_turns: list[str] = []  # 500.7: the extra turns to take, the last created first
        self._madness: str | None = None  # 702.35a: the card its madness trigger lets its owner cast now
        self.last_used: set[str] = set()  # the effect ids the last replaced events applied
        self.loyalty_used: set[str] = set()  # 606.3: planeswalkers whose loyalty ability was activated this turn
        self.abilities: dict[str, tuple[Any, str]] = {}  # an ability on the stack: its model and text
        self.delayed: list[_Delayed] = []  # 603.7: the delayed triggered abilities waiting to trigger
        # an ability on the stack: the objects "this" (its source) and "that" (the object of the event
        # that triggered it) were as it was put on the stack, (id, zone, zone changes) (603.7c, 400.7)
        self.refs: dict[str, dict[str, tuple | None]] = {  # (a board's: its choices name "that")
            oid: {"self": self._snap(state.objects[oid].ability_of), "that": self._snap(state.objects[oid].choices.get("that"))}
            for oid in state.stack if state.objects[oid].kind == "ability"}
        self._resolving_refs: dict[str, tuple | None] = {}

    # --- helpers ------------------------------------------------------------------------------
    def say(self, rule: str, text: str) -> None:
        self.log.append(LogEntry(self.state.turn, self.state.step or "", rule, text))

    def layers(self) -> LayersResult:
        """The characteristics now (613)."""
        return self.layers_of(self.state)

    def layers_of(self, state: GameState) -> LayersResult:
        """The characteristics of a state, from the layers program; cached by the board's content
        (everything but the turn, the step, the mana pools, the land plays, and the permanents'
        status, damage and summoning sickness, which no characteristic depends on), so a priority
        pass on an unchanged board costs no solver call."""
        d = state.to_dict()
        for k in ("turn", "step", "mana_pool", "lands_played", "left_battlefield_this_turn"):
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
        return self.actions[self.pos] if self.pos < len(self.actions) else None

    def acting(self) -> str:
        """The action being taken (already taken from the script), for an error about its choices."""
        return f"actions[{self.pos - 1}]"

    def where(self) -> str:
        return f"actions[{self.pos}]" if self.action() is not None else "actions"

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

    # --- the turn (500-514) ---------------------------------------------------------------------
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
            if self.until is not None and st.turn == (self.until.turn or st.turn) and st.step == self.until.step:
                return self._finish("until")
            if self.until is None and self.pos >= len(self.actions) and self.last_action_turn is not None \
                    and st.turn > self.last_action_turn and not st.stack:
                return self._finish("actions_done")
            skip = self.turn_based_actions()
            if not skip:
                self.step_triggers()
            if not skip and st.step in PRIORITY_STEPS:
                budget -= self.priority()
                if budget <= 0:
                    self.say("104.4b", f"the game stops after {MAX_PRIORITY} priority passes")
                    return self._finish("budget")
            if self.over():
                return self._finish("game_over")
            if st.step == "cleanup" and (self.perform_sba() or self.pending):
                self.priority()  # 514.3a: then another cleanup step
                continue
            self.next_step()

    def _finish(self, status: str) -> GameResult:
        if status == "game_over" and self.drawn:
            status = "draw"
        winners = [p.name for p in self.state.players if not p.lost] if status == "game_over" else []
        if status == "game_over":
            self.say("104.2a", f"{', '.join(winners) or 'no one'} wins the game" if winners else "the game is a draw (104.4a)")
        return GameResult(self.state, self.log, status, winners, self.rejected)

    def next_step(self) -> None:
        st = self.state
        if any(st.mana_pool.values()):
            st.mana_pool = {}
            self.say("500.4", "mana empties from each player's mana pool")
        # 500.10: additional beginning phases of an upkeep step only, right after the phase they follow
        if self.extra_upkeeps and (self.in_extra or LAST_STEP[PHASE_OF[st.step]] == st.step):
            after = self.in_extra or st.step
            if self.in_extra is None and st.step == "end_of_combat" and st.combat is not None:
                st.combat = None
                self.say("511.3", "the creatures are removed from combat")
            self.extra_upkeeps -= 1
            self.in_extra = after
            st.step = "upkeep"
            self.say("500.10", "an additional beginning phase: its untap and draw steps are skipped, its upkeep step begins")
            return
        if self.in_extra is not None:  # back to the step after the phase the extra phases followed
            st.step, self.in_extra = self.in_extra, None
        i = STEPS.index(st.step)
        if st.step == "end_of_combat":
            if st.combat is not None:
                st.combat = None
                self.say("511.3", "the creatures are removed from combat")
        if st.step == "cleanup":
            names = self.players_from(st.active)
            extra = self.extra_turns.pop() if self.extra_turns else None  # 500.7: the newest first
            st.active = extra or (names[1] if len(names) > 1 else names[0])
            st.turn += 1
            st.lands_played = 0
            st.left_battlefield = set()
            self.loyalty_used = set()
            self.attacked_with = {}
            st.step = "untap"
            if extra is not None:
                self.say("500.7", f"turn {st.turn}: {st.active} takes an extra turn")
            else:
                self.say("500.1", f"turn {st.turn}: {st.active}'s turn begins")
            return
        st.step = STEPS[i + 1]

    def turn_based_actions(self) -> bool:
        """The turn-based actions of the step that begins (703.4); True when the step is skipped."""
        st = self.state
        step = st.step
        if step == "untap":
            for oid in st.battlefield:
                o = st.objects[oid]
                if o.controller == st.active:
                    o.summoning_sick = False  # 302.6: controlled continuously since the turn began
            untapped = [oid for oid in st.battlefield if st.objects[oid].controller == st.active and st.objects[oid].tapped]
            if untapped:
                self.say("502.3", f"{st.active} untaps " + ", ".join(_name(st, o) for o in untapped))
                self.untap(untapped)  # (what triggers waits for the upkeep, 502.4)
        elif step == "draw":
            if st.turn == 1 and len(st.players) == 2:
                self.say("103.8a", f"{st.active} skips the draw step of the first turn")
                return True
            self.draw(st.active, 1, "504.1")
        elif step == "declare_attackers":
            self.declare_attackers()
            if st.combat is None:
                return False
        elif step in ("declare_blockers", "first_strike_damage", "combat_damage"):
            if st.combat is None or not st.combat.attackers:
                return True  # 508.8: no attackers, no declare blockers or combat damage steps
            if step == "declare_blockers":
                self.declare_blockers()
            else:
                dealer = CombatDamage(st, self.layers(), self.config)
                if step == "first_strike_damage" and dealer.step != "first":
                    return True  # 510.4: only when a creature in combat has first strike or double strike
                self.combat_damage(dealer)
        elif step == "cleanup":
            self.cleanup()
        return False

    def abilities_in_force(self):
        """Each ability of each permanent after the layers (613: Humility takes them away, a copy has the
        copied ones), as (permanent, index, ability, its controller)."""
        st = self.state
        layers = self.layers()
        for oid in st.battlefield:
            you = layers.objects.get(oid, {}).get("controller")
            for holder, index in layers.printed_abilities.get(oid, ()):
                yield oid, index, st.objects[holder].printed.abilities[index - 1], you

    def step_triggers(self) -> None:
        """503.1, 513.1, 603.2b: the abilities that trigger "at the beginning of" this step, on the
        permanents as the step begins; an intervening "if" clause is checked now (603.4)."""
        st = self.state
        for oid, index, ab, you in list(self.abilities_in_force()):
            trig = getattr(ab, "trigger", None)
            if not isinstance(trig, StepTrigger) or trig.at_beginning_of != st.step:
                continue
            if trig.whose == "you" and st.active != you or trig.whose == "opponent" and st.active == you:
                continue
            if not self.intervening_if(trig, you):
                self.say("603.4", f"{_name(st, oid)}'s ability doesn't trigger: {self._if_text(trig)} is false "
                                  "as the step begins")
                continue
            self.pending.append(Triggered(oid, index, ab.display(), oid, trig.at_beginning_of, "603.2b", you, model=ab))
        # 511.2, 513.1: "at end of combat", "at the beginning of the next end step": a delayed triggered
        # ability created before this step began (513.2: not one created during it)
        for d in [d for d in self.delayed if d.op.when == DELAYED_AT.get(st.step)
                  and (d.op.when != "next_turn_upkeep" or st.turn > d.turn)]:  # (the next turn's upkeep, not this one's)
            self.delayed_triggers(d)

    def intervening_if(self, trig, you: str) -> bool:
        if getattr(trig, "if_life_at_least", None) is not None:
            return self.state.player(you).life >= trig.if_life_at_least
        return True

    @staticmethod
    def _if_text(trig) -> str:
        return f"'if you have {trig.if_life_at_least} or more life'"

    def discards_chosen(self, player: str, hand: list[str], n: int, rule: str, missing: str, fix: str,
                        step: str | None = None) -> list[str]:
        """The n cards of `hand` the player discards, of their choice: {discard: [ID, ...]} (due in `step`
        when one is given; --auto: the last ones); `missing`, `fix`: the error when the script doesn't say."""
        act = self.action()
        if isinstance(act, gf.Discard) and act.by in (None, player) and (step is None or self.due(act, step)):
            self.take()
            chosen = list(act.discard)
            if len(chosen) != n or len(set(chosen)) != n or any(c not in hand for c in chosen):
                raise GameError(self.where(), f"{rule}: {player} discards {n} cards from their hand, not {chosen}",
                                f"name {n} cards of {player}'s hand")
            return chosen
        if self.auto:
            return hand[-n:]
        raise GameError(self.where(), missing, fix)

    def cleanup(self) -> None:
        st = self.state
        hand = st.zone_ids("hand", st.active)
        if len(hand) > HAND_SIZE:  # 514.1
            n = len(hand) - HAND_SIZE
            chosen = self.discards_chosen(
                st.active, hand, n, "514.1", f"514.1: {st.active} has {len(hand)} cards and discards {n}: which?",
                "add {discard: [ID, ...]} for the cleanup step, or use --auto", step="cleanup")
            self.say("514.1", f"{st.active} discards " + ", ".join(_name(st, c) for c in chosen))
            self.zone_changes([ZoneChange(type="zone_change", object=c, **{"from": "hand"}, to="graveyard")
                               for c in chosen], "514.1", "is discarded")
        # 514.2: damage wears off and "until end of turn" effects end, at once
        healed = [oid for oid in st.battlefield if st.objects[oid].damage]
        for oid in healed:
            st.objects[oid].damage = 0
        ended = [e for e in st.effects if e.duration == "end_of_turn"]
        st.effects = [e for e in st.effects if e.duration != "end_of_turn"]
        if healed or ended:
            parts = []
            if healed:
                parts.append("damage is removed from " + ", ".join(_name(st, o) for o in healed))
            if ended:
                parts.append("the effects that last until end of turn end (" + ", ".join(e.source_card for e in ended) + ")")
            self.say("514.2", "; ".join(parts))

    def perform_sba(self) -> bool:
        """704.3: the state-based actions that apply, all at once, until none does (and the effects
        whose duration is over end first, 611.2b); True when some were performed."""
        self._remember()
        self.end_effects()
        result = state_based_actions(self.state, self.config, self.keep_legend, self.layers_of, self._outcome_for,
                                     self.library)
        for line in result.log:
            self.say(line.split(":")[0], line.split(": ", 1)[1] if ": " in line else line)
        self.pending += result.triggers
        self.state.drew_from_empty = set()
        return bool(result.actions)

    def keep_legend(self, player: str, name: str, ids: list[str]) -> str:
        """704.5j: the player chooses the legendary permanent to keep."""
        act = self.action()
        if isinstance(act, gf.Keep) and act.by in (None, player) and act.keep in ids:
            self.take()
            return act.keep
        if self.auto:
            return ids[0]
        raise GameError(self.where(), f"704.5j: {player} controls {len(ids)} legendary permanents named {name} "
                                      f"({', '.join(ids)}) and keeps one", "add {keep: ID}, or use --auto")

    # --- priority (117) ----------------------------------------------------------------------
    def priority(self) -> int:
        """Players receive priority in turn until all pass in succession with an empty stack (117.4);
        returns the number of priority passes."""
        st = self.state
        holder = st.active
        passes = count = 0
        while True:
            self.before_priority()
            if self.over():
                return count
            count += 1
            if count > MAX_PRIORITY:
                return count
            act = self.action()
            if isinstance(act, gf.Pass) and act.by in (None, holder) and self.due(act):
                self.take()  # an explicit pass (117.3d): counted below like any other
                self.say("117.3d", f"{holder} passes")
            elif act is not None and isinstance(act, (gf.Cast, gf.PlayLand, gf.Activate, gf.TurnFaceUp)) \
                    and act.by in (None, holder) and self.due(act) and self.may_now(act, holder):
                self.take()
                self.perform(act, holder)
                passes = 0
                continue  # 117.3c: the player who acted receives priority again
            passes += 1
            live = self.players_from(st.active)
            if passes >= len(live):
                if not st.stack:
                    return count  # 117.4: the step ends
                self.resolve()  # 117.4, 608.1
                holder, passes = st.active, 0  # 117.3b
                self.before_priority()
                if not self.over() and self.loop_check():  # 104.4b: the state after a resolution came back
                    self.draw_game()
                    return count
                continue
            holder = live[(live.index(holder) + 1) % len(live)] if holder in live else st.active

    def may_now(self, act: Any, player: str) -> bool:
        """An action waits (within its 'at' step, if any) for the first moment its timing allows (305.2,
        117.1a): a land or a noninstant spell in a main phase of its player's turn with an empty stack."""
        st = self.state
        sorcery_speed = isinstance(act, gf.PlayLand)
        if isinstance(act, gf.Activate) and act.ability is not None and act.activate in st.objects:
            o = st.objects[act.activate]
            abilities = o.printed.abilities if o.printed is not None else ()
            ab = abilities[act.ability - 1] if act.ability <= len(abilities) else None
            if ab is not None and ab.kind == "activated":
                sorcery_speed = ab.loyalty or "activate only as a sorcery" in ab.effect.lower()
        if isinstance(act, gf.Cast) and act.cast in st.objects and st.objects[act.cast].printed is not None:
            # 601.3b: the player may begin to cast it now if a choice of its proposal (bestow) lets it be
            # cast as though it had flash; the characteristics it is cast with decide (601.3e)
            face = self.spell_face(act.cast, act)
            sorcery_speed = not any(self.instant_speed(c, player) for c in self.proposals(face))
        return not sorcery_speed or (player == st.active and st.step in MAIN and not st.stack)

    def instant_speed(self, card, player: str) -> bool:
        """117.1a: an instant, a spell with flash (702.8), or a spell an effect lets its player cast as
        though it had flash (613.10, 601.3b), may be cast whenever its player has priority."""
        return "Instant" in card.types or "flash" in {getattr(a, "keyword", None) for a in card.abilities} \
            or self.flash_for(player, card)

    def flash_for(self, player: str, card) -> bool:
        """613.10: an effect in force lets the player cast this spell as though it had flash (Vedalken
        Orrery: "you", every spell; "Aura spells")."""
        return any(player in on and self.spell_is(op.spells, card) for op, on, _why in self.player_rules("cast_as_flash"))

    def _source_held(self, source: str | None, you: str) -> bool:
        st = self.state
        return source in st.battlefield and st.objects[source].controller == you

    def end_effects(self) -> None:
        """611.2b: an effect "for as long as" ends when its condition stops (its source left the
        battlefield or changed controller)."""
        st = self.state
        ended = [e for e in st.effects if (e.duration == "while_you_control_source" and not self._source_held(e.source, e.controller))
                 or (e.duration == "while_source_on_battlefield" and e.source not in st.battlefield)]
        if ended:
            st.effects = [e for e in st.effects if e not in ended]
            for k, e in enumerate(st.effects, 1):
                e.index = k
            for e in ended:
                self.say("611.2b", f"{e.source_card}'s effect ends: its duration is over")

    def loop_check(self) -> bool:
        """104.4b: a loop of mandatory actions. After each resolution (and the state-based actions and
        triggers that follow it) the whole game state is remembered; the same state again, in the
        same step with no action of the script taken since, means the game repeats a sequence of
        events no one stops: a draw."""
        st = self.state
        key = repr((st.to_dict(), [(t.source, t.ability, t.object) for t in self.pending],
                    sorted((k, v[1]) for k, v in self.abilities.items()), {p.name: (p.life, p.lost) for p in st.players},
                    [(d.text, d.it) for d in self.delayed]))
        mark = (st.turn, st.step, self.pos)
        if self._loop_mark != mark:
            self._loop_mark, self._seen = mark, set()
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def draw_game(self) -> None:
        self.say("104.4b", "the game repeats a loop of mandatory actions that no player stops: it is a draw")
        for p in self.state.players:
            p.lost = True  # a draw: every player leaves the game together, no one wins (104.4a)
        self.drawn = True

    def state_triggers(self) -> None:
        """603.8: state-triggered abilities trigger whenever their state holds, but not again while one
        of them is waiting or on the stack."""
        st = self.state
        for oid, index, ab, you in list(self.abilities_in_force()):
            trig = getattr(ab, "trigger", None)
            if not isinstance(trig, StateTrigger) or (oid, index) in self.state_live:
                continue
            holds = (trig.state == "no_cards_in_hand" and not st.zone_ids("hand", you)
                     or trig.state == "no_counters" and st.objects[oid].zone == "battlefield"
                     and not st.objects[oid].counters.get(trig.kind))
            if holds:
                self.state_live.add((oid, index))
                self.pending.append(Triggered(oid, index, ab.display(), oid, "state", "603.8", you, model=ab))

    # --- delayed triggered abilities (603.7) -----------------------------------------------------
    def _snap(self, x: Any) -> tuple | None:
        """The object as it is now: (id, zone, zone changes); None for a player or nothing."""
        o = self.state.objects.get(x) if isinstance(x, str) else None
        return None if o is None else (x, o.zone, o.zone_changes)

    def _same(self, ref: tuple | None) -> bool:
        """400.7: still the same object, in the zone it was in (it never moved since)."""
        o = self.state.objects.get(ref[0]) if ref is not None else None
        return o is not None and (o.zone, o.zone_changes) == ref[1:]

    def _it(self, ab) -> list[str]:
        """603.7c: the object a delayed triggered ability refers to: affected whatever its
        characteristics are now, but not if it left the zone it was in (a new object, 400.7)."""
        ref = getattr(ab, "it", None)
        if ref is None:
            self.say("603.7c", f"\"{ab.display()}\" refers to no object it knows: it does nothing")
            return []
        if self._same(ref):
            return [ref[0]]
        o = self.state.objects.get(ref[0])
        zone = {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile"}.get(
            o.zone if o is not None else "", f"in its owner's {o.zone if o is not None else ''}")
        where = f"it is now {zone}" if o is not None and o.zone != ref[1] else \
            "it left and came back" if o is not None else "it has ceased to exist"
        self.say("603.7c", f"{_name(self.state, ref[0])} is no longer the object \"{ab.display()}\" refers to "
                           f"({where}: a new object, 400.7): the ability doesn't affect it")
        return []

    def create_delayed(self, op, source: str, ab, you: str, targets: list, name: str) -> None:
        """603.7: the resolving spell or ability creates a delayed triggered ability; its source is the
        spell or the source of the ability, its controller the one who controlled it as it resolved
        (603.7d-e). One that waits for an event about an object that already left the battlefield
        can never trigger (603.7a: the event happened before it existed)."""
        st = self.state
        refs = self._resolving_refs
        if op.about == "target":
            t = targets[op.target - 1] if op.target <= len(targets) else None
            ref = self._snap(t) if t is not None and t not in st.player_names else None
        else:
            ref = refs.get("self" if op.about == "self" else "that")
        o = st.objects.get(source)
        index = getattr(ab, "ability", None) or (list(o.printed.abilities).index(ab) + 1
                                                 if o is not None and o.printed is not None and ab in o.printed.abilities else 0)
        d = _Delayed(op, source, index, you, ref, st.turn)
        about = f" (about {_name(st, ref[0])})" if ref is not None and ref[0] != source else ""
        if op.when in ("leaves_battlefield", "becomes_untapped") and (ref is None or ref[1] != "battlefield"
                                                                      or not self._same(ref)):
            gone = "the object it refers to" if ref is None else "it" if ref[0] == source else _name(st, ref[0])
            self.say("603.7a", f"{name} creates the delayed triggered ability \"{op.text}\", but {gone} left the "
                               "battlefield before it existed: it will never trigger")
            return
        self.delayed.append(d)
        self.say("603.7", f"{name} creates a delayed triggered ability: \"{op.text}\"{about}")

    def delayed_triggers(self, d: _Delayed) -> None:
        """603.7b: it triggers, once: it no longer waits."""
        self.delayed.remove(d)
        self.pending.append(Triggered(d.source, d.ability, d.text, d.it[0] if d.it is not None else d.source, d.op.when,
                                      DELAYED_RULE[d.op.when], d.controller, model=d))

    def delayed_left_battlefield(self) -> None:
        """603.7: "when this creature leaves the battlefield": the object it refers to left (it moved,
        whatever the way: it is a new object now, 400.7). It is then looked for in the zone it went to
        (603.6e). One waiting for its object to untap can't trigger any more: forgotten."""
        for d in list(self.delayed):
            if d.op.when == "leaves_battlefield" and not self._same(d.it):
                self.delayed_triggers(d)
                d.it = self._snap(d.it[0])
            elif d.op.when == "becomes_untapped" and not self._same(d.it):
                self.delayed.remove(d)

    def untap(self, oids: list[str]) -> None:
        """Permanents on the battlefield go from tapped to untapped (603.2e): a delayed "when this
        creature becomes untapped" triggers (603.7b: once, the next time)."""
        st = self.state
        now = [x for x in oids if x in st.battlefield and st.objects[x].tapped]
        for x in now:
            st.objects[x].tapped = False
        for d in [d for d in self.delayed if d.op.when == "becomes_untapped" and d.it is not None and d.it[0] in now
                  and self._same(d.it)]:
            self.delayed_triggers(d)

    def removed_from_combat(self) -> None:
        """506.4: an attacking or blocking permanent that stops being a creature is removed from combat
        (what it blocked stays blocked, 509.1h)."""
        st = self.state
        c = st.combat
        if c is None or not (c.attackers or c.blockers):
            return
        layers = self.layers()
        for x in sorted(set(c.attackers) | set(c.blockers)):
            if x in st.battlefield and "creature" not in layers.objects.get(x, {}).get("types", ()):
                _leave_combat(st, x)
                self.say("506.4", f"{_name(st, x)} is no longer a creature: it is removed from combat")

    def before_priority(self) -> None:
        """117.5: state-based actions, then the triggered abilities go on the stack, until neither."""
        self.state_triggers()
        for _ in range(100):
            self.removed_from_combat()
            self.perform_sba()
            self.delayed_left_battlefield()
            if self.over():
                return
            if not self.pending:
                return
            self.put_triggers()

    def _remember(self) -> None:
        """The abilities of every object now, for triggers whose source is gone by the time they go on
        the stack (a token that died has ceased to exist, 704.5d; its ability still triggered)."""
        for oid, o in self.state.objects.items():
            if o.printed is not None:
                for i, ab in enumerate(o.printed.abilities, 1):
                    self._known[(oid, i)] = ab

    def put_triggers(self) -> None:
        """603.3b: APNAP order; each player puts their own in the order they choose."""
        st = self.state
        ordered, counts = apnap(st, self.pending)
        self.pending = []
        by_player: dict[str, list[Triggered]] = {}
        for t in ordered:
            by_player.setdefault(t.controller, []).append(t)
        for p in self.players_from(st.active):
            mine = by_player.get(p, [])
            if len(mine) > 1 and len({(t.source, t.ability) for t in mine}) > 1:
                act = self.action()
                names = [f"{t.source}#{t.ability}" for t in mine]
                if isinstance(act, gf.OrderTriggers) and act.by in (None, p):
                    self.take()
                    if sorted(act.order_triggers) != sorted(names):
                        raise GameError(self.where(), f"603.3b: {p}'s triggered abilities are {names}, the order names "
                                                      f"{act.order_triggers}", "list each of them once")
                    mine = [mine[names.index(x)] for x in act.order_triggers]
                elif not self.auto:
                    raise GameError(self.where(), f"603.3b: {p} puts {len(mine)} triggered abilities on the stack "
                                                  f"({', '.join(names)}) in an order of their choice",
                                    "add {order_triggers: [...]} (first put, first listed), or use --auto")
            for t in mine:
                src = st.objects.get(t.source)
                ab = t.model if t.model is not None else src.printed.abilities[t.ability - 1] \
                    if src is not None and src.printed is not None and 1 <= t.ability <= len(src.printed.abilities) \
                    else self._known.get((t.source, t.ability))
                targets: list[str] = []
                if ab is not None and getattr(ab, "targets", None):
                    targets = self.trigger_targets(t, ab, p)
                    if targets is None:
                        self.say("603.3d", f"the triggered ability of {_name(st, t.source)} (\"{t.text}\") has no legal "
                                           "target: it is removed from the stack")
                        continue
                oid = self._new_id(f"{t.source}_ability")
                st.objects[oid] = GameObject(id=oid, kind="ability", zone="stack", owner=t.controller,
                                             controller=t.controller, printed=None, ability_of=t.source,
                                             ability_index=t.ability, targets=tuple(targets))
                self.abilities[oid] = (ab, t.text)
                self.amounts[oid] = t.amount
                self.refs[oid] = {"self": self._snap(t.source), "that": self._snap(t.object)}
                self.about[oid] = t.object
                st.stack.append(oid)
                aim = f" targeting {', '.join(_name(st, x) for x in targets)}" if targets else ""
                self.say("603.3", f"{t.controller} puts the triggered ability of {_name(st, t.source)} on the stack"
                                  f"{aim}: \"{t.text}\" ({t.rule})")

    def trigger_targets(self, t: Triggered, ab, player: str) -> list[str] | None:
        """603.3d: the controller chooses the targets as the ability is put on the stack; None when a
        target can't be chosen."""
        st = self.state
        key = f"{t.source}#{t.ability}" if t.ability > 0 else f"{t.source}#when_you_do"
        act = self.action()
        if isinstance(act, gf.TriggerTargets) and key in act.trigger_targets:
            chosen = act.trigger_targets[key]
            rest = {k: v for k, v in act.trigger_targets.items() if k != key}
            if rest:
                self.actions[self.pos] = act.model_copy(update={"trigger_targets": rest})
            else:
                self.take()
            if len(chosen) != len(self.expand(ab.targets, player)):
                raise GameError(self.where(), f"603.3d: {key} has {len(self.expand(ab.targets, player))} target(s), not "
                                              f"{len(chosen)}", "name one target for each")
            for spec, x in zip(self.expand(ab.targets, player), chosen):
                why = self.target_problem(t.source, spec, x, player)
                if why:
                    raise GameError(self.where(), f"603.3d: {_name(st, x)} can't be a target of {key}: {why}",
                                    "choose a legal target")
            return list(chosen)
        # canonical order: the players from the one after the controller, then permanents in board order
        after = self.players_from(player)
        pool = after[1:] + after[:1] + list(st.battlefield)
        chosen = []
        for spec in self.expand(ab.targets, player):
            legal = [x for x in pool if self.target_problem(t.source, spec, x, player) is None and x not in chosen]
            if not legal:
                return None
            if not self.auto and len(legal) > 1:
                raise GameError(self.where(), f"603.3d: {player} chooses the target of {key} (\"{t.text}\") among "
                                              + ", ".join(legal), f"add {{trigger_targets: {{{key}: [...]}}}}, or use --auto")
            chosen.append(legal[0])
        return chosen

    def _new_id(self, base: str) -> str:
        """A new object's id, as the board loader makes them: the name, then _2, _3 ..."""
        return new_id(self.state, base)

    # --- actions with priority ------------------------------------------------------------------
    def perform(self, act: Any, player: str) -> None:
        """A player's action; an illegal one is undone (733) and reported."""
        saved = self.state.copy()
        try:
            if isinstance(act, gf.PlayLand):
                self.play_land(act, player)
            elif isinstance(act, gf.Activate) and act.ability is None:
                self.activate_mana(act.activate, player, act.mana)
            elif isinstance(act, gf.Activate):
                self.activate(act, player)
            elif isinstance(act, gf.TurnFaceUp):
                self.turn_face_up(act, player)
            else:
                self.cast(act, player)
        except Rejected as r:
            self.state.__dict__.update(saved.__dict__)
            self.rejected.append({"action": self.pos - 1, "rule": r.rule, "message": r.message})
            self.say(r.rule, f"rejected: {r.message}; the game goes back to before the action (733)")

    def turn_face_up(self, act: gf.TurnFaceUp, player: str) -> None:
        """116.2b, 702.37e: a face-down permanent with morph is turned face up by paying its morph cost (a
        special action: no stack); megamorph also puts a +1/+1 counter on it (702.37b)."""
        st = self.state
        oid = act.turn_face_up
        o = st.objects.get(oid)
        if o is None or oid not in st.battlefield or not o.face_down:
            raise Rejected("702.37e", f"{_name(st, oid)} is not a face-down permanent on the battlefield")
        if o.controller != player:
            raise Rejected("116.2b", f"{player} doesn't control {_name(st, oid)}")
        card = self.card_file(oid)
        morph = self._keyword(card, "morph", "megamorph") if card is not None else None
        if morph is None or not morph.cost:
            raise Rejected("702.37e", f"{_name(st, oid)} has no morph cost: it can't be turned face up this way")
        self.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
        self.pay(player, morph.cost)
        o.face_down = False
        self.say("702.37e", f"{player} turns {oid} face up, paying its morph cost {morph.cost} (116.2b): it is "
                            f"{card.name}")
        if morph.keyword == "megamorph":  # 702.37b
            o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
            self.say("702.37b", f"a +1/+1 counter on {card.name} (megamorph)")

    def play_land(self, act: gf.PlayLand, player: str) -> None:
        st = self.state
        oid = act.play_land
        if oid not in st.zone_ids("hand", player):
            raise Rejected("305.1", f"{_name(st, oid)} is not in {player}'s hand")
        o = st.objects[oid]
        if o.printed is None or "Land" not in o.printed.types:
            raise Rejected("305.1", f"{_name(st, oid)} is not a land")
        if player != st.active or st.step not in MAIN or st.stack:
            raise Rejected("305.2", f"{player} may play a land only in a main phase of their turn with an empty stack")
        if st.lands_played >= 1:
            raise Rejected("305.2", f"{player} has already played a land this turn")
        barred = [why for _op, on, why in self.player_rules("cant_play_lands") if player in on]
        if barred:  # 305.2: an effect that says the player can't play lands
            raise Rejected("305.2", f"{player} can't play lands ({'; '.join(barred)})")
        st.lands_played += 1
        self.say("305.1", f"{player} plays {_name(st, oid)}")
        self.enter(oid, player, "hand")

    def activate_mana(self, oid: str, player: str, mana: str | None = None) -> None:
        """605.3: a mana ability ({T}: Add ...) resolves at once; ``mana``: the letter the player chooses
        when it gives a choice ("Add {U} or {R}", "one mana of any color")."""
        st = self.state
        if oid not in st.battlefield:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield")
        c = self.chars(oid)
        if c.get("controller") != player:
            raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
        texts = [a for a in c.get("abilities", ()) if a.startswith("{T}: Add ")]
        # "{T}, Sacrifice this token: Add one mana of any color" (Treasure): tapped and sacrificed
        sacrificed = [a for a in c.get("abilities", ()) if SACRIFICE_FOR_MANA.match(a)]
        texts = texts or sacrificed
        if not texts:
            raise Rejected("605.1a", f"{_name(st, oid)} has no mana ability of the form {{T}}: Add ...")
        options = [o for t in texts for o in mana_options(t)]  # each: the symbols one activation adds
        if not options:
            raise Rejected("605.1a", f"{_name(st, oid)}'s mana ability ({texts[0]}) is not one the loop reads")
        if mana is not None:
            if "{" + mana + "}" not in options:
                raise Rejected("605.3", f"{_name(st, oid)} can't add {{{mana}}}: its mana abilities add "
                                        f"{' or '.join(dict.fromkeys(options))}")
            add = "{" + mana + "}"
        elif len(set(options)) > 1 and not self.auto:
            raise GameError(self.where(), f"605.3: {player} chooses the mana {_name(st, oid)} adds: "
                                          f"{' or '.join(dict.fromkeys(options))}",
                            f"write {{{oid}: LETTER}} in tap (or mana: LETTER when activating it), or use --auto")
        else:
            add = options[0]
        # 602.2b, 601.2f-h: a mana ability's total cost too ("activated abilities of enchanted creature
        # cost {3} more to activate", Oppressive Rays on Llanowar Elves), paid from the pool first
        total = self.activation_cost(oid, None)
        if total is not None:
            self.pay(player, total)
        o = st.objects[oid]
        if texts is not sacrificed or texts[0].startswith("{T}"):
            self._tap_cost(oid, player, c)
            o.tapped = True
        pool = st.mana_pool.setdefault(player, {})
        for sym in parse_cost(add):
            pool[sym.text] = pool.get(sym.text, 0) + 1
        if texts is sacrificed:  # 701.21: the rest of its cost, through the replacement program
            verb = "taps and sacrifices" if texts[0].startswith("{T}") else "sacrifices"
            self.say("605.3", f"{player} {verb} {_name(st, oid)} for {add}")
            self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "battlefield"}, to="graveyard")],
                              "701.21", "is sacrificed")
            return
        self.say("605.3", f"{player} taps {_name(st, oid)} for {add}")

    def mana_abilities(self, entries: list, player: str) -> None:
        """601.2g: the mana abilities a `tap` list of a game file activates, in order: an id, or {id: the
        mana letter chosen} (605.3)."""
        for t in entries:
            land, letter = next(iter(t.items())) if isinstance(t, dict) else (t, None)
            self.activate_mana(land, player, letter)

    def tap(self, oids: list[str]) -> None:
        """Permanents on the battlefield go from untapped to tapped: what triggers on it (603.2e)."""
        st = self.state
        now = [x for x in oids if x in st.battlefield and not st.objects[x].tapped]
        layers = self.layers()
        for x in now:
            st.objects[x].tapped = True
        if now:
            self.pending += event_triggers(st, layers, [{"type": "tapped", "object": x} for x in now])

    def _tap_cost(self, oid: str, player: str, c: dict[str, Any]) -> None:
        """Pay {T} (602.2b, 601.2h): the permanent must be untapped, and a creature must have been
        under its controller's control since the turn began, or have haste (602.5a)."""
        st = self.state
        o = st.objects[oid]
        if o.tapped:
            raise Rejected("601.2h", f"{_name(st, oid)} is tapped: its {{T}} cost can't be paid")
        if "creature" in c.get("types", ()) and o.summoning_sick and "haste" not in c.get("abilities", ()):
            raise Rejected("602.5a", f"{_name(st, oid)} has not been under {player}'s control since the turn began")
        self.tap([oid])

    def activate(self, act: gf.Activate, player: str) -> None:
        """602.2: an activated ability goes on the stack, its targets chosen and its cost paid."""
        st = self.state
        oid = act.activate
        if oid in st.zone_ids("graveyard", player):
            self.activate_embalm(act, player)
            return
        if oid not in st.battlefield:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield")
        layers = self.layers()
        c = layers.objects.get(oid, {})
        if c.get("controller") != player:
            raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
        found = [(h, i) for h, i in layers.printed_abilities.get(oid, ()) if i == act.ability]
        if not found:
            raise Rejected("602.1", f"{_name(st, oid)} doesn't have an ability {act.ability} now (613: the layers "
                                    "program gives its abilities)")
        holder, index = found[0]
        ab = st.objects[holder].printed.abilities[index - 1]
        if ab.kind == "keyword" and ab.keyword == "equip" and ab.cost:  # 702.6a: an activated ability
            ab = EquipAbility(ab.cost)
        elif ab.kind == "keyword" and ab.keyword == "outlast" and ab.cost:  # 702.107a
            ab = OutlastAbility(ab.cost)
        if ab.kind != "activated":
            raise Rejected("602.1", f"ability {act.ability} of {_name(st, oid)} is not an activated ability")
        if ab.mana:
            self.activate_mana(oid, player, act.mana)
            return
        cost = parse_activation_cost(ab.cost)
        sorcery = "activate only as a sorcery" in ab.effect.lower() or cost.loyalty is not None  # 602.5d, 606.3
        if sorcery and (player != st.active or st.step not in MAIN or st.stack):
            raise Rejected("606.3" if cost.loyalty is not None else "602.5d",
                           f"{_name(st, oid)}'s ability can be activated only as a sorcery")
        if cost.loyalty is not None:
            if oid in self.loyalty_used:
                raise Rejected("606.3", f"a loyalty ability of {_name(st, oid)} was already activated this turn")
            n = int(cost.loyalty.replace("−", "-")) if cost.loyalty not in ("0",) and "X" not in cost.loyalty else 0
            o = st.objects[oid]
            if o.loyalty_or_defense("loyalty") + n < 0:
                raise Rejected("606.4", f"{_name(st, oid)} has {o.loyalty_or_defense('loyalty')} loyalty: it can't pay "
                                        f"{cost.loyalty}")
        self.check_targets(oid, ab.targets, list(act.targets), player, "the ability")
        extras = self.cost_choices(oid, player, cost.other, act)  # 601.2h, chosen before anything is paid
        new = self._new_id(f"{oid}_ability")
        st.objects[new] = GameObject(id=new, kind="ability", zone="stack", owner=player, controller=player,
                                     printed=None, ability_of=oid, ability_index=index, targets=tuple(act.targets))
        st.stack.append(new)  # 602.2a
        self.abilities[new] = (ab, ab.display())
        self.refs[new] = {"self": self._snap(oid)}  # "this creature", before a cost moves it (603.7a)
        self.mana_abilities(act.tap, player)  # 601.2g
        if cost.tap:
            self._tap_cost(oid, player, c)
        if cost.untap:
            raise Rejected("601.2f", "paying {Q} is not supported yet")
        if cost.loyalty is not None:
            o = st.objects[oid]
            o.counters["loyalty"] = o.loyalty_or_defense("loyalty") + n
            self.loyalty_used.add(oid)
            if n < 0:  # 606.4: paid by removing them; "whenever loyalty counters are removed" triggers (603.2)
                self.pending += event_triggers(st, self.layers(), [{"type": "counters_removed", "object": oid,
                                                                     "kind": "loyalty", "amount": -n}])
        self.pay(player, self.activation_cost(oid, cost.mana))
        if extras["tap"]:  # "Tap two untapped Humans you control" (701.26)
            self.say("601.2h", f"{player} taps {', '.join(_name(st, x) for x in extras['tap'])} to pay the cost")
            self.tap(extras["tap"])
        self.discard(player, extras["discard"])  # "Discard a card"
        if extras["sacrifice"]:  # "Sacrifice this ...", "Sacrifice a creature": 701.21, through the replacement program
            self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                               for x in extras["sacrifice"]], "701.21", "is sacrificed")
        aim = f" targeting {', '.join(_name(st, t) for t in act.targets)}" if act.targets else ""
        self.say("602.2i", f"{player} activates the ability of {_name(st, oid)}{aim}: \"{ab.display()}\"")
        # 603.2: "whenever you activate this creature's outlast ability" (its source's own abilities)
        for src, index, trig_ab, you in list(self.abilities_in_force()):
            trig = getattr(trig_ab, "trigger", None)
            if isinstance(trig, ActivateTrigger) and src == oid and you == player and getattr(ab, "keyword", None) == trig.keyword:
                self.pending.append(Triggered(src, index, trig_ab.display(), oid, "activate", "602.2i, 603.2", you,
                                              model=trig_ab))

    def cost_choices(self, oid: str, player: str, parts: tuple[str, ...], act) -> dict[str, list[str]]:
        """602.2b, 601.2h: the parts of an activation cost other than mana, {T} and loyalty, with the
        permanents or cards the player pays them with (the action's sacrificing, tapping, discarding;
        --auto: the first that can, in board order). A part the loop can't read is refused."""
        st = self.state
        out: dict[str, list[str]] = {"sacrifice": [], "tap": [], "discard": []}
        given = {"sacrifice": list(getattr(act, "sacrificing", [])), "tap": list(getattr(act, "tapping", [])),
                 "discard": list(getattr(act, "discarding", []))}
        for part in parts:
            rule = _cost_part(part)
            if rule is None:
                raise Rejected("601.2f", f"paying '{part}' is not supported yet")
            verb, n, other, noun = rule
            if verb == "sacrifice" and noun == "this":
                out["sacrifice"].append(oid)
                continue
            if verb == "discard":
                able = [c for c in st.zone_ids("hand", player) if c not in out["discard"]]
            else:
                able = [x for x in st.battlefield if x not in out[verb] and self.chars(x).get("controller") == player
                        and _noun_matches(noun, self.chars(x)) and not (other and x == oid)
                        and not (verb == "tap" and (st.objects[x].tapped or x == oid))]
            field = {"sacrifice": "sacrificing", "tap": "tapping", "discard": "discarding"}[verb]
            chosen = [x for x in given[verb] if x in able][:n] if given[verb] else []
            wrong = [x for x in given[verb] if x not in able]
            if wrong and len(chosen) < n:
                raise Rejected("601.2h", f"{_name(st, wrong[0])} can't pay '{part}'")
            if not given[verb]:
                if len(able) < n:
                    raise Rejected("601.2h", f"{player} can't pay '{part}': {len(able)} of {n} available")
                if len(able) > n and not self.auto:
                    raise GameError(self.where(), f"601.2h: {player} chooses what pays '{part}' for the ability of "
                                                  f"{_name(st, oid)}: {', '.join(able)}",
                                    f"add {field}: [ID, ...] to the action, or use --auto")
                chosen = able[:n]
            if len(chosen) < n:
                raise Rejected("601.2h", f"'{part}' needs {n}, {field} gives {len(chosen)}")
            out[verb] += chosen
            given[verb] = [x for x in given[verb] if x not in chosen]
        return out

    def activate_embalm(self, act: gf.Activate, player: str) -> None:
        """702.128a: "Embalm [cost]" means "[Cost], Exile this card from your graveyard: Create a token
        that's a copy of it, except it's white, it has no mana cost, and it's a Zombie in addition to its
        other types. Activate only as a sorcery." An ability of the card in its owner's graveyard."""
        st = self.state
        oid = act.activate
        card = self.card_file(oid)
        ab = card.abilities[act.ability - 1] if card is not None and 1 <= act.ability <= len(card.abilities) else None
        if getattr(ab, "keyword", None) != "embalm" or not ab.cost:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield (in {player}'s graveyard only an "
                                    "ability that works there, such as embalm, can be activated: 113.6)")
        if player != st.active or st.step not in MAIN or st.stack:
            raise Rejected("602.5d", f"{_name(st, oid)}'s embalm ability can be activated only as a sorcery")
        new = self._new_id(f"{oid}_ability")
        self.mana_abilities(act.tap, player)  # 601.2g
        self.pay(player, ab.cost)
        self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "graveyard"}, to="exile")],
                          "702.128a", "is exiled to pay the embalm cost")
        st.objects[new] = GameObject(id=new, kind="ability", zone="stack", owner=player, controller=player,
                                     printed=None, ability_of=oid, ability_index=act.ability)
        st.stack.append(new)  # 602.2a
        embalm = EmbalmAbility(ab.cost)
        self.abilities[new] = (embalm, embalm.display())
        self.say("602.2i", f"{player} activates the embalm ability of {_name(st, oid)} from their graveyard: "
                           f"\"Embalm {ab.cost}\"")

    def token_copies(self, original: str, you: str, n: int) -> None:
        """111.1, 707.2: n tokens that copy the permanent: its printed characteristics, and what it is a
        copy of when a copy effect made it one (Clone), read by the layers; they enter (603.6a)."""
        st = self.state
        o = st.objects[original]
        made = []
        for _ in range(n):
            made.append(put_token(st, you, o.printed, o.card_name or original, o.copy_of))
        self.say("111.1", f"{you} creates {n} token{'s' if n > 1 else ''} that copy {_name(st, original)} "
                          f"({', '.join(made)}, 707.2)")
        self.pending += entered_triggers(st, self.layers(), made)

    def embalm(self, oid: str, you: str) -> None:
        """702.128a: the token copy of the card, white, with no mana cost, a Zombie in addition (707.9b:
        the exceptions are part of its copiable values); it enters the battlefield (111.1, 603.6a)."""
        st = self.state
        card = self.card_file(oid)
        base = Characteristics.of_card(card)
        subtypes = base.subtypes + (("Zombie",) if "Zombie" not in base.subtypes else ())
        printed = with_fields(base, colors=("white",), color_indicator=None, mana_cost=None, mana_value=0,
                              subtypes=subtypes)
        token = put_token(st, you, printed, card.name)
        self.say("111.1", f"{you} creates a token that's a copy of {card.name}, except it's a white Zombie with no "
                          f"mana cost ({token}, 702.128a)")
        self.pending += entered_triggers(st, self.layers(), [token])

    def activation_cost(self, oid: str, mana: str | None) -> str | None:
        """602.2b, 601.2f: the total cost of an activated ability of ``oid``: its mana cost plus the
        increases of the abilities in force ("activated abilities of enchanted creature cost {3} more to
        activate", Oppressive Rays), locked in before it is paid."""
        st = self.state
        more, why = 0, []
        for x, _index, ab, you in list(self.abilities_in_force()):
            rule = getattr(ab, "costs", None)
            if rule is None or not rule.increase_activated:
                continue
            ctx = SelectorContext(st, characteristics(st, self.layers()), x, you, (), {})
            if rule.abilities_of is None or ctx.match(rule.abilities_of, oid):
                more += rule.increase_activated
                why.append(f"{{{rule.increase_activated}}} more: {_name(st, x)}")
        if not more:
            return mana
        symbols = parse_cost(mana or "")
        generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + more
        total = f"{{{generic}}}" + "".join("{" + s.text + "}" for s in symbols if not s.text.isdigit())
        self.say("601.2f", f"the total cost of the ability of {_name(st, oid)} is {total} (cost {mana or '{0}'}; "
                           + "; ".join(why) + ")")
        return total

    def pay(self, player: str, cost: str | None) -> str:
        """601.2h: the total cost, from the mana pool; colored symbols first, generic from the rest. The
        mana spent, as symbols ('{B}{B}{G}')."""
        st = self.state
        pool = dict(st.mana_pool.get(player, {}))
        before = dict(pool)
        generic = 0
        for sym in parse_cost(cost or ""):
            t = sym.text
            if t.isdigit():
                generic += int(t)
            elif t in MANA_LETTERS:
                if pool.get(t, 0) <= 0:
                    raise Rejected("601.2h", f"{player} can't pay {{{t}}}: the mana pool has {self._pool_text(pool)}")
                pool[t] -= 1
            elif "/" in t and all(x in MANA_LETTERS for x in t.split("/")):  # 107.4e: hybrid, either color
                paid = next((x for x in t.split("/") if pool.get(x, 0) > 0), None)
                if paid is None:
                    raise Rejected("601.2h", f"{player} can't pay {{{t}}}: the mana pool has {self._pool_text(pool)}")
                pool[paid] -= 1
            else:
                raise Rejected("601.2f", f"paying {{{t}}} is not supported yet")
        if sum(pool.values()) < generic:
            raise Rejected("601.2h", f"{player} can't pay {{{generic}}}: the mana pool has {self._pool_text(pool)}")
        for k in ("C", "G", "R", "B", "U", "W"):  # generic from colorless first, then in a fixed order
            while generic and pool.get(k, 0):
                pool[k] -= 1
                generic -= 1
        st.mana_pool[player] = {k: n for k, n in pool.items() if n}
        return "".join(("{" + k + "}") * (before.get(k, 0) - pool.get(k, 0)) for k in MANA_LETTERS)

    @staticmethod
    def _pool_text(pool: dict[str, int]) -> str:
        return "".join("{" + k + "}" for k in MANA_LETTERS for _ in range(pool.get(k, 0))) or "nothing"

    def cast(self, act: gf.Cast, player: str) -> None:
        """601.2: the proposal (601.2a-d: the card to the stack, modes, kicker, alternative cost, X,
        targets, division), its check (601.2e, 601.5), the total cost locked in (601.2f), mana abilities
        (601.2g) and the payment (601.2h); the player must have been allowed to begin (601.3)."""
        st = self.state
        oid = act.cast
        if oid not in st.objects:  # a token the script expected the game to create
            raise Rejected("601.3", f"no object is named {oid} now: there is nothing to cast")
        o = st.objects[oid]
        where = self.cast_zone(oid, player, act.escape)
        face = self.spell_face(oid, act)  # 601.3e: the characteristics it is cast with
        if "Land" in face.types:
            raise Rejected("305.9", f"{_name(st, oid)} is a land: it is played, not cast")
        if act.madness and self._madness != oid:
            raise Rejected("702.35a", f"{_name(st, oid)} may be cast for its madness cost only as its madness trigger "
                                      "resolves")
        if sum((act.adventure, act.face_down, act.bestow, act.escape, bool(act.madness))) > 1:
            raise Rejected("601.2b", "a spell is cast with one alternative method or cost at most (an Adventure, face "
                                     "down, bestow, escape, madness)")
        if act.escape and self._keyword(face, "escape") is None:
            raise Rejected("702.138a", f"{_name(st, oid)} has no escape ability")
        if act.escape and where != "graveyard":
            raise Rejected("702.138a", f"escape casts {_name(st, oid)} from {player}'s graveyard, and it is not there")
        exiled = self.escape_exile(oid, face, player, act) if act.escape else []
        self.may_begin(oid, face, where, player)
        # 601.2a: the card moves to the stack with the characteristics it is cast with
        st.take_out(oid)
        st.stack.append(oid)
        o.zone, o.controller, o.kind = "stack", player, "spell"
        chars = face
        choices: dict[str, Any] = {k: True for k in ("adventure", "face_down", "escape") if getattr(act, k)}
        # 601.2b: modes (700.2, 601.4), the kicker (702.33), an alternative cost (702.103b), X (107.3a)
        modes = self.announce_modes(oid, chars, act)
        if modes:
            choices["modes"] = modes
        if act.kicked:
            choices["kicked"] = True
        if act.bestow:
            chars = self.bestowed(chars)
            choices["bestow"] = True
            self.say("702.103b", f"{player} casts {face.name} for its bestow cost: it is an Aura enchantment spell with "
                                 "enchant creature, not a creature spell (205.1a)")
        x = self.announce_x(oid, face, act, player, where)
        if x is not None:
            choices["x"] = x
            if "{X}" in (face.mana_cost or "").upper():  # 202.3e: X is its announced value on the stack
                chars = with_fields(chars, mana_value=chars.mana_value + x * face.mana_cost.upper().count("{X}"))
        o.printed = chars
        o.choices = dict(choices)  # a new object (400.7): the choices of this casting only
        what = self.spell_text(chars, oid)
        # 601.2c: its targets (those of its chosen modes, 700.2c); 601.2d: the division
        o.targets = tuple(act.targets)
        self.check_targets(oid, self.spell_targets(chars, modes), list(act.targets), player, what)
        division = self.division(oid, chars, modes, act, x)
        if division:
            o.choices["divide"] = division
        # 601.2e, 601.5: the proposal complete, is the player still allowed to cast it?
        why = self.cast_problem(oid, chars, where, player)
        if why:
            raise Rejected("601.5", f"{why}: after its proposal (601.2a-d) {player} is not allowed to cast it, so the "
                                    "casting is illegal (601.2e)")
        cost, why = self.total_cost(oid, chars, player, *self.cost_to_pay(oid, face, act, x))  # 601.2f: locked in
        sacrifice = self.additional_sacrifice(oid, chars, player, act.sacrificing)
        if why:
            self.say("601.2f", f"the total cost of {what} is {cost or '{0}'} ({why})")
        self.mana_abilities(act.tap, player)  # 601.2g
        o.choices = {**o.choices, "mana_spent": self.pay(player, cost)}  # 601.2h ("if {G} was spent", Vigor Mortis)
        if sacrifice:
            self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                               for x in sacrifice], "601.2h", "is sacrificed to pay the additional cost")
        if exiled:  # 702.138a: the rest of the escape cost
            self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard"}, to="exile")
                               for x in exiled], "702.138a", "is exiled to pay the escape cost")
        targets = f" targeting {', '.join(_name(st, t) for t in act.targets)}" if act.targets else ""
        said = [f"X={x}, mana value {chars.mana_value} on the stack (202.3e)"] if x is not None else []
        said += ["kicked"] if act.kicked else []
        said += [f"mode{'s' if len(modes) > 1 else ''} {', '.join(map(str, modes))}"] if modes else []
        said += ["dividing " + ", ".join(f"{n} to {_name(st, t)}" for t, n in zip(act.targets, division))] \
            if division and len(division) > 1 else []
        frm = {"library": " from the top of their library", "graveyard": " from their graveyard (escape, 702.138a)",
               "exile": " from exile for its madness cost (702.35a, 608.2g)"}.get(
            where or "", "")
        self.say("601.2i", f"{player} casts {what}{frm}{targets}" + (f" ({'; '.join(said)})" if said else ""))
        if where == "hand":
            self.bind_next_spell(oid, chars, player)
        self.cast_triggers(oid, chars, player, where)

    def cast_triggers(self, oid: str, chars: Characteristics, player: str, where: str | None) -> None:
        """601.2i, 603.2: the abilities that trigger as the spell becomes cast ("whenever you cast an instant
        or sorcery spell from your library"), about that spell."""
        for src, index, ab, you in list(self.abilities_in_force()):
            trig = getattr(ab, "trigger", None)
            if isinstance(trig, CastTrigger) and not trig.self_ and you == player and self.spell_is(trig.spells, chars) \
                    and trig.from_zone in (None, where):
                self.pending.append(Triggered(src, index, ab.display(), oid, "cast", "601.2i", you, model=ab))
        for index, ab in enumerate(chars.abilities, 1):  # "when you cast this spell" (the spell's own)
            trig = getattr(ab, "trigger", None)
            if isinstance(trig, CastTrigger) and trig.self_:
                self.pending.append(Triggered(oid, index, ab.display(), oid, "cast", "601.2i", player))

    # --- casting: the spell as proposed (601.2a-e, 601.3, 601.5) ---------------------------------
    def card_file(self, oid: str):
        o = self.state.objects[oid]
        return self.library.get(o.card_name) if o.card_name else None

    @staticmethod
    def _keyword(chars, *names: str):
        return next((a for a in chars.abilities if getattr(a, "keyword", None) in names), None)

    def spell_face(self, oid: str, act: gf.Cast) -> Characteristics:
        """601.3e: the characteristics the card is cast with, chosen as casting begins: its Adventure's
        (715.3), a face-down 2/2 creature's with no name, text, subtypes or mana cost (702.37c, 708.2),
        or its own."""
        o = self.state.objects[oid]
        card = self.card_file(oid)
        if act.adventure and card is not None and card.adventure is not None:
            return Characteristics.of_face(card.adventure)
        if act.face_down:
            return FACE_DOWN
        return o.printed

    @staticmethod
    def bestowed(chars: Characteristics) -> Characteristics:
        """702.103b *(EN)*: cast for its bestow cost, the spell becomes an Aura enchantment spell with
        enchant creature; an object that becomes an enchantment loses its other card types (205.1a)
        and so its creature subtypes."""
        return with_fields(chars, types=("Enchantment",), subtypes=("Aura",),
                           abilities=chars.abilities + (ENCHANT_CREATURE,), power=None, toughness=None)

    def proposals(self, face: Characteristics) -> list[Characteristics]:
        """601.3a-b: what the spell may be once its proposal is complete, by the choices still open as
        casting begins: bestow's alternative cost (601.2b) and X (107.3a: the qualities an effect names
        here depend on the parity of X only, so X is 0 or 1)."""
        out = [face]
        if self._keyword(face, "bestow") is not None:
            out.append(self.bestowed(face))
        n = (face.mana_cost or "").upper().count("{X}")
        if n:
            out = [with_fields(c, mana_value=c.mana_value + n * x) for c in out for x in (0, 1)]
        return out

    @staticmethod
    def spell_text(chars: Characteristics, oid: str | None = None) -> str:
        if not chars.name:
            return "a face-down spell" + (f" ({oid})" if oid else "")
        return chars.name

    def cast_zone(self, oid: str, player: str, escape: bool = False) -> str | None:
        """Where the player would cast it from: their hand, the top of their library (601.3), or their
        graveyard for a card with escape cast for its escape cost (702.138a)."""
        st = self.state
        if oid in st.zone_ids("hand", player):
            return "hand"
        if escape and oid in st.zone_ids("graveyard", player):
            return "graveyard"
        if self._madness == oid and oid in st.exile:  # 702.35a, as its trigger resolves
            return "exile"
        library = st.zone_ids("library", player)
        return "library" if library and library[0] == oid else None

    @staticmethod
    def spell_is(quality, chars: Characteristics) -> bool:
        """Is a spell with these characteristics one of the spells an effect names (601.3)?"""
        if quality is None:
            return True
        if quality.types and not set(quality.types) & set(chars.types):
            return False
        if quality.subtypes and not set(quality.subtypes) & set(chars.subtypes):
            return False
        return quality.mana_value is None or (chars.mana_value % 2 == 0) == (quality.mana_value == "even")

    def player_rules(self, rule: str):
        """613.10: the effects on players in force whose rule the loop applies as a spell is cast, each
        as (operation, the players it is on, 'Source: "text"')."""
        st = self.state
        layers = self.layers()
        for e in layers.in_force:
            if rule not in e.get("named", ()):
                continue
            ab = self._effect_ability(e["effect"])
            spec = getattr(ab, "continuous", None)
            ops = [op for op in (spec.do if spec is not None else ()) if getattr(op, "rule", None) == rule] \
                or [PlayerEffect(op="player_effect", rule=rule)]
            if e["effect"].startswith("effects#"):
                made = next((x for x in st.effects if f"effects#{x.index}" == e["effect"]), None)
                controller, source = (made.controller, made.source_card) if made is not None else (None, "an effect")
            else:
                controller = layers.objects.get(e.get("source") or "", {}).get("controller")
                source = _name(st, e.get("source") or "")
            for op in ops:
                on = [controller] if op.players == "you" else list(st.player_names) if op.players == "each" else \
                    [p for p in st.player_names if p != controller]
                yield op, on, f"{source}: \"{e.get('text', '')}\""

    def _effect_ability(self, eid: str):
        """The ability an effect in force comes from, by the layers program's effect id: 'OBJECT#N',
        'OBJECT#copy:SOURCE#N' (707.2), 'GRANTOR>OBJECT#N' (613.7a), 'effects#N' (611.2)."""
        st = self.state
        try:
            if eid.startswith("effects#"):
                return next(e.ability for e in st.effects if f"effects#{e.index}" == eid)
            if ">" in eid:
                grantor, rest = eid.split(">", 1)
                spec = self._effect_ability(grantor).continuous
                granted = [a for op in spec.do if op.op == "add_abilities" for a in op.abilities]
                return granted[int(rest.rsplit("#", 1)[1]) - 1]
            holder, index = (eid.split("#copy:", 1)[1] if "#copy:" in eid else eid).rsplit("#", 1)
            return st.objects[holder].printed.abilities[int(index) - 1]
        except (AttributeError, IndexError, KeyError, StopIteration, ValueError):
            return None

    def zone_allows(self, where: str | None, player: str, chars: Characteristics) -> list[str] | None:
        """601.3: the rule or effect that lets the player cast such a spell from there: the hand (a rule),
        the top of their library (an effect: Garruk's Horde's creature spells, Melek's instant and
        sorcery spells); None when nothing does."""
        if where == "hand":
            return ["their hand"]
        if where == "graveyard":  # 702.138a: escape ("you may cast this card from your graveyard")
            return ["escape"]
        if where == "exile":  # 702.35a: madness
            return ["madness"]
        if where != "library":
            return None
        found = [why for op, on, why in self.player_rules("cast_from_library_top")
                 if player in on and self.spell_is(op.spells, chars)]
        return found or None

    def timing_ok(self, oid: str, player: str, chars: Characteristics) -> bool:
        """117.1a: any time the player has priority for an instant-speed spell; otherwise a main phase
        of their turn with an empty stack (the spell being cast aside)."""
        st = self.state
        if self._madness == oid:  # 608.2g: cast during a resolution the effect allows
            return True
        return self.instant_speed(chars, player) or \
            (player == st.active and st.step in MAIN and not [x for x in st.stack if x != oid])

    def prohibition(self, player: str, chars: Characteristics) -> str | None:
        """601.3: the effect that forbids the player to cast such a spell (Void Winnower), or None."""
        return next((why for op, on, why in self.player_rules("cant_cast")
                     if player in on and self.spell_is(op.spells, chars)), None)

    def may_begin(self, oid: str, face: Characteristics, where: str | None, player: str) -> None:
        """601.3: a player may begin to cast a spell only if a rule or an effect allows it and none
        forbids it: the characteristics it is cast with decide (601.3e: an Adventure, face down), and
        the choices of the proposal that could change its qualities are considered (601.3a: X makes its
        mana value odd; 601.3b: bestow makes it an Aura spell)."""
        st = self.state
        card = self.card_file(oid)
        alternative = card is not None and (card.adventure is not None or self._keyword(card, "morph", "megamorph"))
        options = self.proposals(face)
        name = self.spell_text(face, oid)
        if where is None:
            zone = st.objects[oid].zone
            at = {"library": f"in {player}'s library but not on top", "battlefield": "on the battlefield",
                  "stack": "on the stack"}.get(zone, f"in {zone}" if zone in ("exile", "command") else
                                               f"in {st.objects[oid].owner}'s {zone}")
            raise Rejected("601.3", f"{_name(st, oid)} is {at}: no rule or effect lets {player} cast it from there")
        allowed = [c for c in options if self.zone_allows(where, player, c)]
        if not allowed:
            permits = [why for _op, on, why in self.player_rules("cast_from_library_top") if player in on]
            raise Rejected("601.3e" if alternative else "601.3",
                           f"no effect lets {player} cast {name}, {_a(face)} spell, from the top of their library "
                           f"(in force: {'; '.join(permits) or 'none'})"
                           + ("; the characteristics it would be cast with decide (601.3e)" if alternative else ""))
        timely = [c for c in allowed if self.timing_ok(oid, player, c)]
        if not timely:
            raise Rejected("117.1a", f"{name} can be cast only in a main phase of {player}'s turn with an empty stack")
        free = [c for c in timely if self.prohibition(player, c) is None]
        if not free:
            raise Rejected("601.3", f"{player} can't cast {name} (mana value {timely[0].mana_value}): "
                                    f"{self.prohibition(player, timely[0])}")
        if where == "library":
            self.say("601.3e" if alternative else "601.3", f"{player} may cast {name} from the top of their library: "
                                                          f"{self.zone_allows(where, player, free[0])[0]}")
        if options[0] not in timely:
            by = next((why for op, on, why in self.player_rules("cast_as_flash")
                       if player in on and self.spell_is(op.spells, timely[0])), "an effect")
            self.say("601.3b", f"{player} may begin to cast {name} as though it had flash: a choice made as it is cast "
                               f"({self._choice(options[0], timely[0])}) would make it {_a(timely[0])} "
                               f"{' '.join(timely[0].subtypes)} spell, which {by} lets {player} cast as though it had "
                               "flash")
        elif options[0] not in free:
            self.say("601.3a", f"{player} may begin to cast {name}: {self.prohibition(player, options[0])} forbids it "
                               f"as it is now (mana value {options[0].mana_value}), but a choice made as it is cast "
                               f"({self._choice(options[0], free[0])}) can make it a spell that effect doesn't forbid")

    @staticmethod
    def _choice(before: Characteristics, after: Characteristics) -> str:
        """Which choice of the proposal turns one of its outcomes into the other (601.3a-b)."""
        return "its bestow cost" if before.types != after.types else "the value of X"

    def cast_problem(self, oid: str, chars: Characteristics, where: str | None, player: str) -> str | None:
        """601.2e, 601.5: why the proposed spell, its choices made, can't be cast, or None."""
        name = self.spell_text(chars, oid)
        if not self.zone_allows(where, player, chars):
            return f"no effect lets {player} cast {name}, {_a(chars)} spell, from there"
        if not self.timing_ok(oid, player, chars):
            return (f"{name} is {_a(chars)} spell without flash: it can be cast only in a main "
                    f"phase of {player}'s turn with an empty stack (117.1a)")
        forbidden = self.prohibition(player, chars)
        if forbidden:
            return f"{name} has mana value {chars.mana_value} and {forbidden} forbids it"
        return None

    def announce_x(self, oid: str, face: Characteristics, act: gf.Cast, player: str, where: str | None) -> int | None:
        """601.2b, 107.3a: the value of X in the cost it is cast for (mana cost, or the Adventure's);
        --auto: the smallest (0 or 1) that no effect forbids."""
        if act.face_down or act.bestow or "{X}" not in (face.mana_cost or "").upper():
            return None
        if act.x is not None:
            return act.x
        if not self.auto:
            raise GameError(self.acting(), f"601.2b: {player} announces the value of X for {face.name} "
                                          f"({face.mana_cost})", "add 'x: N' to the cast, or use --auto")
        n = face.mana_cost.upper().count("{X}")
        return next((x for x in (0, 1) if self.prohibition(player, with_fields(face, mana_value=face.mana_value + n * x))
                     is None), 0)

    def announce_modes(self, oid: str, chars: Characteristics, act: gf.Cast) -> list[int]:
        """700.2, 601.2b: a modal spell's modes, each at most once (700.2d), as many as its text says;
        601.4: the kicker, announced later, counts already ('if this spell was kicked, choose any
        number instead'). A mode whose targets can't be chosen can't be chosen (700.2a: 601.2c checks)."""
        st = self.state
        intro = next((a for a in chars.abilities if a.kind == "spell" and getattr(a, "modes", None) is not None), None)
        bullets = self.mode_abilities(chars)
        if intro is None:
            return []
        chosen = list(act.modes)
        if not chosen:
            if not self.auto:
                raise GameError(self.acting(), f"700.2a: {act.by or st.objects[oid].controller} chooses the mode(s) of "
                                              f"{chars.name} (\"{intro.text}\"): 1 to {len(bullets)}",
                                "add 'modes: [N, ...]' to the cast, or use --auto")
            chosen = [self._auto_mode(oid, chars, act)]
        if len(set(chosen)) != len(chosen):
            raise Rejected("700.2d", f"{chars.name}'s modes are each chosen at most once; the action names {chosen}")
        rule = intro.modes
        kicked = rule.any_number_if_kicked and act.kicked
        if rule.any_number or kicked:
            if not chosen:
                raise Rejected("601.2b", f"{chars.name}: at least one mode is chosen")
            if kicked and len(chosen) > rule.number:
                self.say("601.4", f"{st.objects[oid].controller} announces {len(chosen)} modes of {chars.name} (\"{intro.text}\"): "
                                  "the kicker, announced after the modes, counts as they are announced")
        elif len(chosen) != rule.number:
            raise Rejected("601.2b", f"{chars.name} says \"{intro.text}\": {rule.number} mode"
                                     f"{'s' if rule.number > 1 else ''}, not {len(chosen)}"
                                     + (" (unkicked)" if rule.any_number_if_kicked else "") + " (700.2)")
        return sorted(chosen)

    def _auto_mode(self, oid: str, chars: Characteristics, act: gf.Cast) -> int:
        """--auto: the first mode whose targets the action's targets are (601.2c), else the first."""
        for k, ab in enumerate(self.mode_abilities(chars), 1):
            try:
                self.check_targets(oid, ab.targets or [], list(act.targets), self.state.objects[oid].controller, chars.name)
                return k
            except Rejected:
                continue
        return 1

    @staticmethod
    def mode_abilities(chars) -> list:
        """700.2: a modal spell's modes, its spell abilities whose text begins with a bullet, in order."""
        return [a for a in chars.abilities if a.kind == "spell" and a.text.lstrip().startswith("•")]

    def spell_targets(self, chars, modes: list[int] | None = None) -> list:
        """601.2c: what the spell targets: its spell ability's targets, those of its chosen modes in
        order (700.2c), or what an Aura spell's enchant ability allows (303.4a)."""
        if self.aura_target(chars) is not None:
            return [self.aura_target(chars)]
        if modes:
            bullets = self.mode_abilities(chars)
            return [spec for m in modes for spec in (bullets[m - 1].targets or [])]
        spell = self.spell_ability(chars)
        return (spell.targets or []) if spell is not None else []

    def division(self, oid: str, chars, modes: list[int], act: gf.Cast, x: int | None) -> list[int]:
        """601.2d: how the spell divides its damage among its targets, each at least 1, announced now
        (aligned with the targets); empty when it divides nothing."""
        st = self.state
        abilities = [self.mode_abilities(chars)[m - 1] for m in modes] if modes else \
            [a for a in chars.abilities if a.kind == "spell"]
        op = next((op for a in abilities for op in (a.one_shot or ()) if op.op == "divided_damage"), None)
        if op is None:
            return []
        total = (x or 0) if op.total == "x" else op.total
        targets = list(act.targets)
        if act.divide:
            given = dict(act.divide)
        elif len(targets) == 1:
            given = {targets[0]: total}
        elif not targets or total < len(targets):
            given = {}
        elif self.auto:
            given = {t: 1 for t in targets}
            given[targets[0]] += total - len(targets)
        else:
            raise GameError(self.acting(), f"601.2d: {st.objects[oid].controller} divides {chars.name}'s {total} damage "
                                          f"among {', '.join(_name(st, t) for t in targets)}",
                            "add 'divide: {TARGET: N, ...}' to the cast, or use --auto")
        amounts = [given.get(t, 0) for t in targets]
        if total and not targets:
            raise Rejected("601.2d", f"{chars.name} divides {total} damage among its targets: it needs one at least")
        if any(n < 1 for n in amounts) or sum(amounts) != total:
            raise Rejected("601.2d", f"{chars.name} divides {total} damage among its {len(targets)} target(s), at least 1 "
                                     f"each; the action gives {amounts}")
        return amounts

    def escape_exile(self, oid: str, face: Characteristics, player: str, act: gf.Cast) -> list[str]:
        """702.138a: 'Exile N other cards from your graveyard', the part of the escape cost other than
        mana: the cards the action names (exiling), checked before anything is paid."""
        st = self.state
        m = ESCAPE_COST.match(self._keyword(face, "escape").cost)
        n = NUMBERS.get(m.group(2), 0) if m.group(2) else 0
        able = [c for c in st.zone_ids("graveyard", player) if c != oid]
        chosen = list(dict.fromkeys(act.exiling))
        wrong = [c for c in chosen if c not in able]
        if wrong:
            raise Rejected("702.138a", f"{_name(st, wrong[0])} is not another card in {player}'s graveyard")
        if not chosen and n and len(able) >= n and (self.auto or len(able) == n):
            chosen = able[:n]
        if len(chosen) != n:
            if len(able) < n:
                raise Rejected("601.2h", f"{player} can't pay the escape cost: {len(able)} other cards in the graveyard, "
                                         f"{n} to exile")
            if not act.exiling:
                raise GameError(self.where(), f"702.138a: {player} chooses the {n} other cards of their graveyard to "
                                              f"exile for the escape cost: among {', '.join(able)}",
                                "add exiling: [ID, ...] to the cast, or use --auto")
            raise Rejected("702.138a", f"the escape cost exiles {n} other cards, exiling names {len(chosen)}")
        return chosen

    def cost_to_pay(self, oid: str, face: Characteristics, act: gf.Cast, x: int | None) -> tuple[str | None, list[str]]:
        """601.2b, 601.2f: the mana cost or the alternative cost chosen (morph's {3}, 702.37c; bestow's,
        702.103b), with X its announced value (107.3a), plus the additional costs (kicker, 702.33); and
        the words that say so (empty for the mana cost alone)."""
        if act.face_down:
            cost, why = "{3}", ["{3} instead of its mana cost, face down (702.37c)"]
        elif act.bestow:
            cost = self._keyword(face, "bestow").cost
            why = [f"its bestow cost {cost} instead of its mana cost (702.103b)"]
        elif act.madness:
            cost = self._keyword(face, "madness").cost
            why = [f"its madness cost {cost} instead of its mana cost (702.35a)"]
        elif act.escape:
            cost = ESCAPE_COST.match(self._keyword(face, "escape").cost).group(1)
            why = [f"its escape cost {cost} instead of its mana cost (702.138a)"]
        else:
            cost, why = face.mana_cost, []
        if x is not None and cost:
            why = why or [f"mana cost {cost}"]
            cost = re.sub(r"\{X\}", "{" + str(x) + "}", cost, flags=re.I)
            why.append(f"X = {x} (107.3a)")
        if act.kicked:
            kicker = self._keyword(face, "kicker").cost
            why = why or [f"mana cost {cost}"]
            cost = (cost or "") + kicker
            why.append(f"kicker {kicker} (702.33a)")
        return cost, why

    def bind_next_spell(self, oid: str, card, player: str) -> None:
        """'The next time you cast an instant or sorcery spell from your hand this turn, put that card into
        your hand instead of into your graveyard as it resolves' (Soulfire Grand Master): the effect, in
        force since its ability resolved (614.4), now applies to the spell just cast from the hand; the
        effect names it (its targets), as a board's effects entry does."""
        for e in self.state.effects:
            rule = getattr(e.ability, "replacement", None)
            kinds = getattr(rule, "next_spell_from_hand", None)
            if kinds and e.controller == player and not e.targets and set(kinds) & set(card.types):
                e.targets = (oid,)
                self.say("614.1a", f"the effect of {e.source_card} (\"{e.ability.display()}\") now applies to "
                                   f"{card.name} ({oid}), the next {' or '.join(k.lower() for k in kinds)} spell "
                                   f"{player} cast from their hand")

    def total_cost(self, oid: str, card, player: str, cost: str | None = None,
                   parts: list[str] | tuple = ()) -> tuple[str | None, str]:
        """601.2f: the mana cost, or the cost ``cost`` the proposal chose (an alternative cost, X, additional
        costs: ``parts`` says which), less the generic mana the reductions of the player's permanents take
        off (a reduction never reduces colored mana); the text says why, or is empty."""
        st = self.state
        cost = card.mana_cost if cost is None else cost
        less, why = 0, []
        for x, _index, ab, you in list(self.abilities_in_force()):
            rule = getattr(ab, "costs", None)
            if you != player or rule is None or not rule.reduce:
                continue
            sel = rule.spells
            if sel is not None and sel.colors and not set(sel.colors) & set(card.colors):
                continue
            if sel is not None and sel.types and not set(sel.types) <= set(card.types):
                continue
            less += rule.reduce
            why.append(f"{{{rule.reduce}}} less: {_name(st, x)}")
        for ab in card.abilities:  # the spell's own "costs {1} less for each creature you attacked with this turn"
            rule = getattr(ab, "costs", None)
            n = len(self.attacked_with.get(player, ()))
            if rule is not None and rule.reduce_per_attacker and n:
                less += rule.reduce_per_attacker * n
                why.append(f"{{{rule.reduce_per_attacker * n}}} less: {player} attacked with {n} creature(s) this turn "
                           "(608.2i)")
        if not less and not parts:
            return cost, ""
        symbols = parse_cost(cost or "")
        generic = sum(int(s.text) for s in symbols if s.text.isdigit())
        rest = "".join("{" + s.text + "}" for s in symbols if not s.text.isdigit())
        left = max(generic - less, 0)
        head = list(parts) or [f"mana cost {card.mana_cost}"]
        return (f"{{{left}}}" if left else "") + rest, "; ".join(head + why)

    def additional_sacrifice(self, oid: str, card, player: str, chosen: list[str]) -> list[str]:
        """601.2b, 601.2h: "as an additional cost to cast this spell, sacrifice a creature": the
        permanent the action names, one the player controls that the cost allows."""
        st = self.state
        rules = [ab.costs for ab in card.abilities if getattr(ab, "costs", None) is not None
                 and ab.costs.additional_sacrifice is not None]
        if not rules:
            if chosen:
                raise Rejected("601.2h", f"{card.name} has no additional cost to sacrifice anything")
            return []
        layers = self.layers()
        ctx = SelectorContext(st, characteristics(st, layers), oid, player, (), {})
        able = [x for x in st.battlefield if layers.objects.get(x, {}).get("controller") == player
                and ctx.match(rules[0].additional_sacrifice, x)]
        if len(chosen) != 1 or chosen[0] not in able:
            raise Rejected("601.2h", f"{card.name}'s additional cost is to sacrifice one of "
                                     f"{', '.join(able) or 'nothing you control'}; the action names {chosen or 'none'}")
        return list(chosen)

    def expand(self, specs, player: str | None = None, named: int | None = None) -> list:
        """One spec per target, in order: a spec with count N stands for N targets (601.2c); one "for
        each opponent" stands for one target per opponent of ``player``, in turn order; one "any
        number of" for what is left of the ``named`` targets."""
        out = []
        for spec in specs or ():
            if spec.per_opponent and player is not None:
                out += [_Slot(spec, opp) for opp in self.players_from(player)[1:]]
            elif spec.any_number:
                out += [spec] * max(0, (named or 0) - len(out))
            else:
                out += [spec] * spec.count
        return out

    def check_targets(self, source: str, specs, chosen: list[str], player: str, what: str) -> None:
        """601.2c: as many targets as the text asks; each legal; one word "target" never names the
        same object or player twice (a text with the word several times may)."""
        st = self.state
        flat = self.expand(specs, player, len(chosen))
        if len(chosen) != len(flat):
            raise Rejected("601.2c", f"{what} has {len(flat)} target(s), the action names {len(chosen)}")
        k = 0
        for spec in specs or ():
            slots = self.expand([spec], player, len(chosen) - k)
            size = len(slots)
            group = chosen[k:k + size]
            k += size
            if len(set(group)) != len(group):
                raise Rejected("601.2c", f"{what} asks for {spec.count} different targets with one word \"target\"; "
                                         f"the action names {', '.join(_name(st, x) for x in group)}")
            for slot, t in zip(slots, group):
                why = self.target_problem(source, slot, t, player)
                if why:
                    raise Rejected("601.2c", f"{_name(st, t)} can't be a target of {what}: {why}")

    @staticmethod
    def spell_ability(card):
        return next((a for a in card.abilities if a.kind == "spell"), None)

    def instructions(self, card, you: str) -> list:
        """608.2c: the spell's instructions in the order written (the modes of a modal spell, "• ...", are
        followed when chosen: ``instructions_with_targets``); 614.15: a self-replacement effect ("... instead
        if ...") is followed in place of the instructions it names when its condition holds, and not
        at all otherwise."""
        spells = [(i, a) for i, a in enumerate(card.abilities, 1)
                  if a.kind == "spell" and not a.text.lstrip().startswith("•") and getattr(a, "modes", None) is None]
        replacing = {a.instead_of: a for _, a in spells if a.instead_of is not None and self.instead_holds(a, you)}
        out = []
        for i, a in spells:
            if a.instead_of is not None:
                continue
            if i in replacing:
                self.say("614.15", f"{card.name}: \"{replacing[i].text}\" applies instead of \"{a.text}\"")
                a = replacing[i]
            if not (a.one_shot or a.continuous or a.replacement):
                self.say("608.2c", f"{card.name}: \"{a.text}\" (not executable yet)")
                continue
            out.append(a)
        return out

    def instead_holds(self, ab, you: str) -> bool:
        if ab.instead_if == "revolt":  # "if a permanent you controlled left the battlefield this turn"
            return you in self.state.left_battlefield
        raise ValueError(ab.instead_if)

    @staticmethod
    def aura_target(card):
        """303.4a, 702.5a: an Aura spell targets what its enchant ability allows."""
        if "Aura" not in card.subtypes:
            return None
        quality = next((a.quality for a in card.abilities if getattr(a, "keyword", None) == "enchant"), None)
        what = {"creature": "creature", "permanent": "permanent", "player": "player"}.get(str(quality).lower())
        if what is None:
            kind = str(quality).capitalize()
            return TargetSpec(what="permanent", types=[kind]) if kind in ("Land", "Artifact", "Enchantment") else None
        return TargetSpec(what=what)

    def target_problem(self, source: str, spec, t: str, you: str) -> str | None:
        """Why t can't be a target of this spec (115.1-115.4, 702.11b, 702.16b, 702.18a), or None."""
        st = self.state
        if t in st.player_names:
            if spec.what not in ("any", "player", "opponent_or_planeswalker"):
                return f"it is a player, and the target is a {spec.what}"
            if spec.what == "opponent_or_planeswalker" and t == you:
                return "the target is an opponent or a planeswalker"
            if st.player(t).lost:
                return "that player has left the game"
            if spec.controller == "you" and t != you or spec.controller == "opponent" and t == you:
                return f"the target is {'you' if spec.controller == 'you' else 'an opponent'}"
            return None
        if spec.what == "spell":  # "counter target spell": a spell on the stack, not the spell itself (115.5)
            o = st.objects.get(t)
            return None if t in st.stack and o is not None and o.kind == "spell" and t != source else \
                "it is not a spell on the stack" if t != source else "a spell can't target itself (115.5)"
        if t not in st.battlefield:
            return "it is not on the battlefield"
        if getattr(spec, "other", False) and t == source:
            return "the ability says 'another target': not its own source"
        c = self.chars(t)
        types = set(c.get("types", ()))
        if spec.what == "player":
            return "the target is a player"
        if spec.what == "any" and not types & {"creature", "planeswalker", "battle"}:
            return "it is not a creature, planeswalker or battle (115.4)"
        if spec.what in ("creature", "planeswalker") and spec.what not in types:
            return f"it is not a {spec.what}"
        if spec.what == "opponent_or_planeswalker" and "planeswalker" not in types:
            return "it is not a planeswalker"
        if spec.types and not types & {x.lower() for x in spec.types}:
            return "it has none of the card types " + ", ".join(spec.types)
        if spec.power_at_least is not None and (c.get("power") or 0) < spec.power_at_least:
            return f"its power is {c.get('power') or 0}, less than {spec.power_at_least}"
        if set(spec.not_colors) & set(c.get("colors", ())):
            return "it is " + ", ".join(sorted(set(spec.not_colors) & set(c.get("colors", ()))))
        if spec.controller == "you" and c.get("controller") != you or \
                spec.controller == "opponent" and c.get("controller") == you:
            return f"it is not controlled by {'you' if spec.controller == 'you' else 'an opponent'}"
        of = getattr(spec, "of_player", None)
        if of is not None and c.get("controller") != of:
            return f"it is the target for {of} ('for each opponent'), and {of} doesn't control it"
        abilities = c.get("abilities", ())
        if "shroud" in abilities:
            return "it has shroud (702.18a)"
        if "hexproof" in abilities and c.get("controller") != you:
            return "it has hexproof (702.11b)"
        src = self.chars(source)
        if not src and source in st.objects and st.objects[source].printed is not None:
            # a spell on the stack (the layers report permanents): its characteristics as printed
            p = st.objects[source].printed
            src = {"colors": list(p.colors), "types": [t.lower() for t in p.types]}
        for a in abilities:
            if a.startswith("protection from "):
                q = a.removeprefix("protection from ")
                if q == "everything" or q in src.get("colors", ()) or q.removesuffix("s") in src.get("types", ()):
                    return f"it has {a} (702.16b)"
        return None

    # --- resolving (608) -----------------------------------------------------------------------
    def resolve(self) -> None:
        st = self.state
        oid = st.stack[-1]
        o = st.objects[oid]
        if o.kind == "ability":
            self.resolve_ability(oid)
            return
        card = o.printed
        modes = list(o.choices.get("modes") or [])
        name = self.spell_text(card, oid)
        good = self.still_legal(oid, self.spell_targets(card, modes), list(o.targets), o.controller)
        if good is None and o.choices.get("bestow"):
            # 608.3b, 702.103e: a bestowed Aura spell whose target is illegal becomes a creature spell
            self.unchoose(oid)
            o.targets = ()
            self.say("608.3b", f"{name}'s target is illegal now: it is no longer a bestowed Aura spell but a creature "
                               "spell, and resolves as one (702.103e)")
            self.enter(oid, o.controller, "stack")
            return
        if good is None:  # 608.2b
            self.say("608.2b", f"{name} doesn't resolve: every target is illegal now")
            self.off_the_stack(oid, "608.2b")
            return
        permanent = any(t in card.types for t in ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land", "Battle"))
        if permanent:  # 608.3
            self.say("608.3", f"{name} resolves")
            self.enter(oid, o.controller, "stack")
            if o.choices.get("face_down") and oid in st.battlefield:  # 702.37c: it enters as the 2/2 it was
                o.face_down = True
                self.unchoose(oid)
                self.say("708.2", f"{oid} is a face-down 2/2 creature with no name, text, subtypes or mana cost")
            elif not o.choices.get("bestow") or oid not in st.battlefield:
                self.unchoose(oid)
            return
        self.say("608.2", f"{name} resolves")
        self._resolving_refs = {}
        for k, (t, kept) in enumerate(zip(o.targets, good), 1):
            if kept is None:
                self.say("608.2b", f"target {k} of {name}, {_name(st, t)}, is illegal now: the spell doesn't "
                                   "affect it through that target")
        for ab, targets in self.instructions_with_targets(card, o.controller, modes, good):
            self.do(oid, ab, o.controller, targets, name)
        if oid in st.stack and self.cease(oid):
            return
        if oid in st.stack:  # 608.2n; 715.3d: an Adventure that resolves goes to exile
            exile = bool(o.choices.get("adventure"))
            self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"},
                                          to="exile" if exile else "graveyard", resolves=True)],
                              "715.3d" if exile else "608.2n",
                              "is exiled (an Adventure that resolves)" if exile else "goes to its owner's graveyard")
        self.unchoose(oid)

    def copy_spell(self, spell: str | None, you: str) -> None:
        """707.10: a copy of the spell is put on the stack under the controller of the ability that makes
        it (not cast): its characteristics as they are on the stack (copiable values, an Adventure's
        too), its modes, X, division and targets (707.10c: new ones may be chosen; a game file keeps
        them)."""
        st = self.state
        if spell is None or spell not in st.stack:
            self.say("707.10", f"{_name(st, spell or '')} is no longer on the stack: it isn't copied")
            return
        o = st.objects[spell]
        new = self._new_id(f"{spell}_copy")
        st.objects[new] = GameObject(id=new, kind="spell", zone="stack", owner=you, controller=you, printed=o.printed,
                                     card_name=o.card_name, choices={**{k: v for k, v in o.choices.items()
                                                                        if k != "mana_spent"}, "copy": True},
                                     targets=tuple(o.targets))
        st.stack.append(new)
        aim = f" targeting {', '.join(_name(st, t) for t in o.targets)}" if o.targets else ""
        self.say("707.10", f"{you} puts a copy of {self.spell_text(o.printed, spell)} ({new}) on the stack{aim}")

    def off_the_stack(self, oid: str, rule: str) -> None:
        """A spell that leaves the stack without resolving (608.2b, 701.6a): to its owner's graveyard,
        through the replacement program; a copy ceases to exist (704.5e)."""
        if self.cease(oid):
            return
        self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="graveyard")],
                          rule, "goes to its owner's graveyard")
        self.unchoose(oid)

    def cease(self, oid: str) -> bool:
        """704.5e: a copy of a spell that leaves the stack ceases to exist; True when it was one."""
        st = self.state
        o = st.objects.get(oid)
        if o is None or not o.choices.get("copy"):
            return False
        st.take_out(oid)
        del st.objects[oid]
        self.say("704.5e", f"the copy {oid} leaves the stack and ceases to exist")
        return True

    def unchoose(self, oid: str) -> None:
        """A card that leaves the stack has its own characteristics again: no more an Adventure (715.4),
        a face-down spell, a bestowed Aura, its X 0 (202.3e)."""
        o = self.state.objects.get(oid)
        card = self.card_file(oid) if o is not None and o.kind != "token" else None
        if card is not None and o.printed != Characteristics.of_card(card):
            o.printed = Characteristics.of_card(card)

    def instructions_with_targets(self, card, you: str, modes: list[int], targets: list) -> list[tuple[Any, list]]:
        """608.2c: the instructions to follow, each with its targets: every instruction shares the spell's
        targets; a chosen mode has its own, in the order the modes' targets were chosen (700.2c)."""
        if not modes:
            return [(ab, targets) for ab in self.instructions(card, you)]
        out, k = [], 0
        bullets = self.mode_abilities(card)
        for m in modes:
            ab = bullets[m - 1]
            n = len(self.expand(ab.targets or [], you, len(targets) - k))
            mine, k = targets[k:k + n], k + n
            if ab.one_shot or ab.continuous or ab.replacement:
                out.append((ab, mine))
            else:
                self.say("608.2c", f"{card.name}: \"{ab.text}\" (not executable yet)")
        return out

    def still_legal(self, source: str, specs, targets: list[str], controller: str) -> list | None:
        """608.2b: the targets checked again as the spell or ability resolves: the list with None in place
        of each that is illegal now (what it would do to it doesn't happen), or None when it has
        targets and every one of them is illegal (it doesn't resolve)."""
        flat = self.expand(specs, controller, len(targets))
        if not flat:
            return targets
        legal = [self.target_problem(source, spec, t, controller) is None for spec, t in zip(flat, targets)]
        if not any(legal):
            return None
        return [t if ok else None for t, ok in zip(targets, legal)]

    def resolve_ability(self, oid: str) -> None:
        st = self.state
        o = st.objects[oid]
        ab, text = self.abilities.pop(oid, (None, "?"))
        self.state_live.discard((o.ability_of, o.ability_index))  # 603.8: it has left the stack
        source = st.objects.get(o.ability_of)
        if ab is None and source is not None and source.printed is not None and o.ability_index:
            ab = source.printed.abilities[o.ability_index - 1]  # an ability the board put on the stack
            text = ab.display()
        st.stack.remove(oid)
        del st.objects[oid]
        self._resolving_refs = self.refs.pop(oid, {})
        who = f"the ability of {_name(st, o.ability_of)}"
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) in ("flanking", "annihilator"):
            about = self.about.pop(oid, None)
            self.refs.pop(oid, None)
            self.amounts.pop(oid, None)
            self.say("608.2", f"{who} resolves: \"{text}\"")
            if ab.keyword == "flanking":
                self.flanking(o.ability_of, about, o.ability_index, o.controller)
            else:
                self.annihilator(o.ability_of, ab.n or 0, o.controller)
            return
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) == "madness":
            self.say("608.2", f"{who} resolves: \"When this card is exiled this way, its owner may cast it by paying "
                              f"{ab.cost} rather than paying its mana cost\"")
            self.madness(o.ability_of, o.controller)
            return
        if isinstance(ab, EmbalmAbility):
            self.say("608.2", f"{who} resolves: \"{text}\"")
            self.embalm(o.ability_of, o.controller)
            return
        if isinstance(ab, EquipAbility):
            self.say("608.2", f"{who} resolves: \"{text}\"")
            self.equip(o.ability_of, list(o.targets), o.controller)
            return
        kind = KEYWORD_TRIGGERS.get(getattr(ab, "keyword", None)) if ab is not None and ab.kind == "keyword" else None
        if kind is not None:  # 702.93a undying, 702.79a persist
            self.say("608.2", f"{who} resolves: \"{text}\"")
            self.return_with_counter(o.ability_of, ab.keyword, kind)
            return
        if ab is None or not (getattr(ab, "one_shot", None) or getattr(ab, "continuous", None)
                              or getattr(ab, "replacement", None) or getattr(ab, "combat", None)):
            self.say("608.2", f"{who} resolves: \"{text}\" (what it does is not executable yet)")
            return
        trig = getattr(ab, "trigger", None)
        if isinstance(trig, StepTrigger) and not self.intervening_if(trig, o.controller):
            self.say("603.4", f"{who} is removed from the stack: {self._if_text(trig)} is false as it resolves")
            return
        targets = self.still_legal(o.ability_of, ab.targets, list(o.targets), o.controller)
        if targets is None:  # 608.2b
            self.say("608.2b", f"{who} doesn't resolve: every target is illegal now")
            return
        self.say("608.2", f"{who} resolves: \"{text}\"")
        self._resolving_amount = self.amounts.pop(oid, 0)
        self._resolving_about = self.about.pop(oid, None)
        self.do(o.ability_of, ab, o.controller, targets, _name(st, o.ability_of))

    def madness(self, card: str, owner: str) -> None:
        """702.35a, 608.2g: the owner may cast the exiled card for its madness cost as the trigger
        resolves ({cast: ID, madness: true}; no player receives priority after, the resolution goes on),
        or not ({cast: ID, madness: false}; --auto: not): then it goes to the graveyard."""
        st = self.state
        ref = self._resolving_refs.get("self")
        if ref is None or ref[1] != "exile" or not self._same(ref):
            self.say("400.7", f"{_name(st, card)} is no longer the card exiled this way: it can't be cast")
            return
        act = self.action()
        if isinstance(act, gf.Cast) and act.cast == card and act.madness is not None and act.by in (None, owner):
            self.take()
            if act.madness:
                self._madness = card
                try:
                    self.perform(act, owner)
                finally:
                    self._madness = None
                if card in st.stack:
                    return
        elif not self.auto:
            raise GameError(self.where(), f"702.35a: {owner} may cast {_name(st, card)} for its madness cost",
                            f"add {{cast: {card}, madness: true}} (with its targets and mana) or {{cast: {card}, "
                            "madness: false}, or use --auto (not cast)")
        if card in st.exile:
            self.zone_changes([ZoneChange(type="zone_change", object=card, **{"from": "exile"}, to="graveyard")],
                              "702.35a", "isn't cast: its owner puts it into their graveyard")

    def equip(self, equipment: str, targets: list[str], you: str) -> None:
        """702.6a: "Attach to target creature you control" (701.3a): the target checked again (608.2b);
        an Equipment that is also a creature equips nothing (301.5c); attached again to the creature it
        equips, nothing happens (701.3b); attached, it gets a new timestamp (613.7e)."""
        st = self.state
        good = self.still_legal(equipment, EquipAbility.targets, targets, you)
        if good is None or good[0] is None:
            self.say("608.2b", f"the equip ability of {_name(st, equipment)} doesn't resolve: its target is illegal now")
            return
        target = good[0]
        if equipment not in st.battlefield:
            self.say("701.3a", f"{_name(st, equipment)} is no longer on the battlefield: it attaches to nothing")
            return
        if "creature" in self.chars(equipment).get("types", ()) or target == equipment:
            self.say("301.5c", f"{_name(st, equipment)} is a creature: it can't equip {_name(st, target)}")
            return
        o = st.objects[equipment]
        if o.attached_to == target:
            self.say("701.3b", f"{_name(st, equipment)} is already attached to {_name(st, target)}: nothing happens")
            return
        o.attached_to = target
        o.timestamp = st.next_timestamp  # 613.7e
        st.next_timestamp += 1
        self.say("701.3a", f"{_name(st, equipment)} is attached to {_name(st, target)} (timestamp {o.timestamp}, 613.7e)")

    def return_with_counter(self, x: str, keyword: str, kind: str) -> None:
        """702.93a, 702.79a: "return it to the battlefield under its owner's control with a +1/+1 (-1/-1)
        counter on it": the card it became in the graveyard (603.10a), unless it left there (400.7); the
        counter comes with the entering event, which the replacement effects see (Solemnity, Melira: 614.1c)."""
        st = self.state
        ref = self._resolving_refs.get("self")
        if ref is None or ref[1] != "graveyard" or not self._same(ref):
            self.say("400.7", f"{_name(st, x)} is no longer the card that went to the graveyard: {keyword} doesn't "
                              "return it")
            return
        self.enter(x, st.objects[x].owner, "graveyard", counters={kind: 1})

    def do(self, source: str, ab, you: str, targets: list, name: str) -> None:
        """608.2c-h: the instructions, in order; each event through the replacement program. A target
        that is illegal now is None: what the spell does to it doesn't happen (608.2b)."""
        for op in ab.one_shot or ():
            self._op(op, source, ab, you, targets, name)
            self.state_triggers()  # 603.8: a state that holds for a moment during the resolution triggers
        # 611.2: a continuous effect, or restrictions and requirements on attacks and blocks (508.1,
        # 509.1: the combat programs read the effect's rules while it lasts)
        if (ab.continuous is not None or getattr(ab, "combat", None)) and (targets or not getattr(ab, "targets", None)):
            self.continuous_effect(source, ab, you, [t for t in targets if t is not None])
        rule = getattr(ab, "replacement", None)
        if rule is not None and ab.kind in ("spell", "activated", "triggered"):
            self.replacement_effect(source, ab, you, [t for t in targets if t is not None])

    def _op(self, op, source: str, ab, you: str, targets: list, name: str) -> None:
        """One instruction of a resolving spell or ability (608.2c)."""
        st = self.state

        def target(k: int) -> list[str]:
            return [targets[k - 1]] if k <= len(targets) and targets[k - 1] is not None else []

        def chosen(what: str, k: int = 1) -> list[str]:
            """The source ("this"), the object a delayed triggered ability refers to ("it"), or the target."""
            return [source] if what == "self" else self._it(ab) if what == "it" else target(k)

        if op.op == "damage":
            dealer = source
            if op.by is not None:  # "target creature you control deals damage ..."
                dealer = next(iter(target(op.by)), None)
                if dealer is None or dealer not in st.battlefield:
                    self.say("608.2b", f"{name}: the creature that would deal the damage is gone: no damage")
                    return
            to = []
            for kind in (op.to if isinstance(op.to, list) else [op.to]):
                if kind == "target":
                    to += target(op.target)
                elif kind in ("each_creature", "each_other_creature"):
                    to += [x for x in st.battlefield if "creature" in self.chars(x).get("types", ())
                           and not (kind == "each_other_creature" and x == dealer)]
                elif kind == "each_opponent":
                    to += [p for p in self.players_from(you) if p != you]
                else:
                    to += self.players_from(st.active)
            amount = self._resolving_amount if op.amount == "that_many" else \
                int(st.objects[source].choices.get("x", 0) or 0) if op.amount == "x" else \
                (self.chars(dealer).get("power") or 0) if op.amount == "power" else op.amount
            if amount > 0:  # 614.7a: a source that would deal 0 damage deals no damage
                self.damage([Damage(type="damage", source=dealer, target=t, amount=amount) for t in to])
        elif op.op == "destroy":
            if op.what in ("target", "it"):
                what = [x for x in chosen(op.what, op.target) if x in st.battlefield]
                if op.if_mana_value_at_most is not None:  # checked as it resolves, on what it is now (202.3)
                    for x in [x for x in what if self.layers().mana_values.get(x, 0) > op.if_mana_value_at_most]:
                        what.remove(x)
                        self.say("608.2c", f"{_name(st, x)} has mana value {self.layers().mana_values.get(x, 0)}, more "
                                           f"than {op.if_mana_value_at_most}: it isn't destroyed")
            elif op.what == "each_creature":
                what = [x for x in st.battlefield if "creature" in self.chars(x).get("types", ())]
            elif op.what == "each" and op.each is not None:
                ctx = SelectorContext(st, characteristics(st, self.layers()), source, you, (), {})
                what = [x for x in st.battlefield if ctx.match(op.each, x)]
            else:
                kinds = {t.lower() for t in op.types}
                what = [x for x in st.battlefield if not kinds or kinds & set(self.chars(x).get("types", ()))]
            for x in [x for x in what if "indestructible" in self.chars(x).get("abilities", ())]:
                what.remove(x)
                self.say("702.12b", f"{_name(st, x)} has indestructible: it isn't destroyed")
            snaps = {x: self._snap(x) for x in what}
            self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard",
                                          destroy=True, regenerate=None if op.regenerate else False) for x in what],
                              "701.8")
            if op.if_dies or op.otherwise:  # "if that creature dies this way" (700.4): battlefield to graveyard, now
                for x in chosen(op.what, op.target):
                    o = st.objects.get(x)
                    died = (x in snaps and o is not None and o.zone == "graveyard"
                            and o.zone_changes == snaps[x][2] + 1)
                    self.say("700.4", f"{_name(st, x)} {'died' if died else 'did not die'} this way")
                    for inner in (op.if_dies if died else op.otherwise):
                        self._op(inner, source, ab, you, targets, name)
        elif op.op == "draw":
            for p in self._who(op.who, you, targets):
                self.draw(p, op.amount, "121.1")
        elif op.op in ("gain_life", "lose_life"):
            cls = LifeGain if op.op == "gain_life" else LifeLoss
            events = []
            for p in self._who(op.who, you, targets):
                n = op.amount
                if n == "greatest_power":  # read as it resolves, on the creatures the player controls now
                    powers = [self.chars(x).get("power") or 0 for x in st.battlefield
                              if "creature" in self.chars(x).get("types", ()) and self.chars(x).get("controller") == p]
                    n = max(powers, default=0)
                    self.say("608.2c", f"the greatest power among the creatures {p} controls is {n}")
                    if n <= 0:
                        self.say("119.9", f"{p} gains 0 life: no life is gained, and no event happens")
                        continue
                events.append(cls(type=op.op.replace("gain_life", "life_gain").replace("lose_life", "life_loss"),
                                  player=p, amount=n))
            self.player_events(events)
        elif op.op == "divided_damage":  # 601.2d: as announced; 608.2b: an illegal target gets none
            spell = st.objects.get(source)
            given = dict(zip(spell.targets, spell.choices.get("divide") or ())) if spell is not None else {}
            self.damage([Damage(type="damage", source=source, target=t, amount=given[t])
                         for t in targets if t is not None and given.get(t, 0) > 0])
        elif op.op == "copy_spell":  # 707.10
            self.copy_spell(self._resolving_about, you)
        elif op.op == "fight":  # 701.14a-b
            a, b = ([source] if op.this else target(op.target)), target(op.other)
            gone = [x for x in a + b if x not in st.battlefield or "creature" not in self.chars(x).get("types", ())]
            if not a or not b or gone:
                self.say("701.14b", f"{name}: a creature that would fight is an illegal target now, or no longer a "
                                    "creature on the battlefield: neither deals damage")
            else:
                pa, pb = (self.chars(x).get("power") or 0 for x in (a[0], b[0]))
                self.say("701.14a", f"{_name(st, a[0])} fights {_name(st, b[0])}")
                self.damage([Damage(type="damage", source=x, target=y, amount=n)
                             for x, y, n in ((a[0], b[0], pa), (b[0], a[0], pb)) if n > 0])
        elif op.op == "counters":
            on = source if op.to == "self" else next(iter(target(op.target)), None)
            if on is not None:
                self.counters([CountersEvent(type="counters", object=on, kind=op.kind, amount=op.amount)])
        elif op.op == "remove_counters":  # 122.1: as many as it has, up to the amount
            on = source if op.to == "self" else next(iter(target(op.target)), None)
            o = st.objects.get(on) if on is not None else None
            n = min(op.amount, o.counters.get(op.kind, 0)) if o is not None and o.zone == "battlefield" else 0
            if n:
                o.counters[op.kind] -= n
                if not o.counters[op.kind] and op.kind not in INTRINSIC_COUNTERS.values():
                    del o.counters[op.kind]
                self.say("122.1", f"{n} {op.kind} counter{'s' if n > 1 else ''} removed from {_name(st, on)}")
                self.pending += event_triggers(st, self.layers(), [{"type": "counters_removed", "object": on,
                                                                     "kind": op.kind, "amount": n}])
        elif op.op in ("tap", "untap"):  # 701.26
            for x in chosen(op.what, op.target):
                if x in st.battlefield and st.objects[x].tapped != (op.op == "tap"):
                    self.say("701.26", f"{_name(st, x)} becomes {op.op}ped")
                    if op.op == "tap":
                        self.tap([x])
                    else:
                        self.untap([x])
        elif op.op in ("exile", "return_to_hand"):  # 701.13; 400.3: to its owner's hand
            what = [x for x in chosen(op.what, op.target) if x in st.battlefield]
            to = "exile" if op.op == "exile" else "hand"
            self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to=to) for x in what],
                              "701.13" if to == "exile" else "400.3",
                              "is exiled" if to == "exile" else "is returned to its owner's hand")
            if getattr(op, "linked", False):  # 607.2a: exiled with the source, if it is still the same object
                gone = [x for x in what if st.objects[x].zone == "exile"]
                if gone and self._same(self._resolving_refs.get("self")):
                    st.objects[source].choices["exiled"] = list(st.objects[source].choices.get("exiled") or []) + gone
                elif gone:
                    self.say("607.2a", f"{_name(st, source)} is no longer the object whose ability this is (400.7): "
                                       f"nothing will return {', '.join(_name(st, x) for x in gone)}")
        elif op.op == "return_exiled":  # 607.2a, 610.3: the cards exiled with it, those still in exile
            linked = list(st.objects[source].choices.get("exiled") or []) if source in st.objects else []
            if source in st.objects:
                st.objects[source].choices.pop("exiled", None)
            back = [x for x in linked if x in st.objects and st.objects[x].zone == "exile"]
            if not back:
                self.say("607.2a", f"{name}: no card exiled with it is in exile: nothing returns")
            for x in back:
                self.enter(x, st.objects[x].owner, "exile")
        elif op.op == "delayed_trigger":
            self.create_delayed(op, source, ab, you, targets, name)
        elif op.op == "create_token_copy":
            kicked = bool(st.objects[source].choices.get("kicked")) if source in st.objects else False
            n = op.amount_if_kicked if kicked and op.amount_if_kicked else op.amount
            for t in target(op.target):
                self.token_copies(t, you, n)
        elif op.op == "counter":  # 701.6a
            for t in target(op.target):
                if t not in st.stack:
                    continue
                spell = st.objects[t]
                x = int(spell.choices.get("x", 0) or 0)
                if any(getattr(a, "cant_be_countered", False) and (getattr(a, "replacement", None) is None or
                       a.replacement.x_at_least is None or x >= a.replacement.x_at_least)
                       for a in (spell.printed.abilities if spell.printed is not None else ())):
                    self.say("701.6a", f"{_name(st, t)} can't be countered: it stays on the stack (113.6)")
                    continue
                self.say("701.6a", f"{_name(st, t)} is countered: none of its effects happen")
                self.off_the_stack(t, "701.6a")
        elif op.op == "extra_turn":  # 500.7
            self.extra_turns.append(you)
            self.say("500.7", f"{you} will take an extra turn after this one")
        elif op.op == "exile_graveyards":
            cards = [c for p in st.player_names for c in st.zone_ids("graveyard", p)]
            if cards:
                self.zone_changes([ZoneChange(type="zone_change", object=c, **{"from": "graveyard"}, to="exile")
                                   for c in cards], "701.13", "is exiled")
        elif op.op == "sacrifice":
            for p in self._who(op.who, you, targets):
                self.sacrifice_of_choice(op, source, p, name)
        elif op.op == "may_sacrifice":
            self.may_sacrifice(op, source, you, targets, name, ab.display())
        elif op.op == "may":  # 608.2d: the controller chooses as it resolves
            act = self.action()
            if isinstance(act, gf.MayAnswer) and act.by in (None, you):
                self.take()
                yes = act.may
            elif self.auto:
                yes = True
            else:
                raise GameError(self.where(), f"608.2d: {you} may do what {name} says (\"{ab.display()}\")",
                                "add {may: true} or {may: false}, or use --auto")
            self.say("608.2d", f"{you} chooses {'to' if yes else 'not to'}: \"{ab.display()}\"")
            if yes:
                for inner in op.one_shot:
                    self._op(inner, source, ab, you, targets, name)
        elif op.op == "additional_upkeeps":  # 500.10
            n = self._resolving_amount if op.amount == "that_many" else op.amount
            if n > 0:
                self.extra_upkeeps += n
                self.say("500.10", f"{you} gets {n} additional upkeep step(s) after this phase")
        elif op.op == "exile_top_then_damage":  # 608.2f: one target after another
            for t in [x for x in targets if x is not None]:
                library = st.zone_ids("library", you)
                if not library:
                    self.say("608.2f", f"{you}'s library is empty: nothing is exiled for {_name(st, t)}")
                    continue
                top = library[0]
                mv = st.objects[top].printed.mana_value if st.objects[top].printed is not None else 0
                self.zone_changes([ZoneChange(type="zone_change", object=top, **{"from": "library"}, to="exile")],
                                  "608.2f", f"is exiled from the top of {you}'s library (mana value {mv})")
                if mv > 0 and (t in st.player_names or t in st.battlefield):
                    self.damage([Damage(type="damage", source=source, target=t, amount=mv)])
        elif op.op == "discard_hand":  # 701.9: each card of the hand, through the replacement program
            for p in self._who(op.who, you, targets):
                self.discard(p, list(st.zone_ids("hand", p)))
        elif op.op == "discard":  # 701.9b: cards of the player's choice ({discard: [ID, ...]}; --auto: the last ones)
            for p in self._who(op.who, you, targets):
                hand = list(st.zone_ids("hand", p))
                chosen = hand if len(hand) <= op.amount else self.discards_chosen(
                    p, hand, op.amount, "701.9b", f"701.9b: {p} discards {op.amount} card(s) of their choice for {name}",
                    "add {discard: [ID, ...], by: " + p + "}, or use --auto")
                if not chosen:
                    self.say("701.9b", f"{p} has no card to discard")
                self.discard(p, chosen)
        elif op.op == "win_game":  # 104.2b: its controller wins; each opponent loses (104.3)
            for p in st.players:
                if p.name != you:
                    p.lost = True
            self.say("104.2b", f"{you} wins the game")
        elif op.op == "create_token":
            self.tokens([TokenEvent(type="token", controller=you, token=op.token, amount=op.amount)],
                        tuple(getattr(op, "keywords", ()) or ()))
        elif op.op == "add_mana":
            pool = st.mana_pool.setdefault(you, {})
            for sym in parse_cost(op.mana):
                pool[sym.text] = pool.get(sym.text, 0) + 1
            self.say("106.4", f"{you} adds {op.mana}")

    def discard(self, player: str, cards: list[str]) -> None:
        """701.9: the player discards these cards at once, through the replacement program."""
        st = self.state
        if not cards:
            return
        for ev in self.replaced([DiscardEvent(type="discard", player=player, card=c) for c in cards],
                                f"{player}'s discards"):
            if ev["type"] == "discard" and ev["card"] in st.objects:
                name = _name(st, ev["card"])
                o = st.objects[ev["card"]]
                madness = next((k for k, a in enumerate(o.printed.abilities if o.printed is not None else (), 1)
                                if getattr(a, "keyword", None) == "madness"), None)
                if madness is not None:  # 702.35a: "that player discards it, but exiles it instead"
                    _move(st, ev["card"], "exile")
                    self.say("702.35a", f"{player} discards {name}: it is exiled instead of put into the graveyard "
                                        "(madness)")
                    self.pending.append(Triggered(ev["card"], madness, o.printed.abilities[madness - 1].display(),
                                                  ev["card"], "madness", "702.35a", o.owner))
                    continue
                _move(st, ev["card"], "graveyard")
                self.say("701.9", f"{player} discards {name}")

    def replacement_effect(self, source: str, ab, you: str, targets: list[str]) -> None:
        """614.1, 615.1: a resolving spell or ability creates a replacement or prevention effect (a
        regeneration shield, "prevent the next N damage"), in force from now on: it can replace only
        events that happen after it exists (614.4, 615.4). It lasts the turn; a shield keeps what is
        left of its amount (615.7)."""
        st = self.state
        o = st.objects[source]
        index = list(o.printed.abilities).index(ab) + 1
        rule = ab.replacement
        remaining = rule.n if rule.do in ("shield", "redirect_shield") else None
        st.effects.append(ContinuousEffect(index=len(st.effects) + 1, source_card=o.printed.name, ability_index=index,
                                           ability=ab, controller=you, targets=tuple(targets), choices={},
                                           timestamp=st.next_timestamp, duration="end_of_turn", remaining=remaining,
                                           source=source if o.kind != "spell" else None))
        st.next_timestamp += 1
        self.say("615.1" if rule.do in ("prevent", "prevent_all", "prevent_half", "shield") else "614.1",
                 f"{o.printed.name}'s effect begins: \"{ab.display()}\" (until it is used, or the turn ends)")

    def may_sacrifice(self, op, source: str, you: str, targets: list, name: str, text: str = "") -> None:
        """608.2d: the player chooses; an option that can't be taken can't be chosen."""
        st = self.state
        ctx = SelectorContext(st, characteristics(st, self.layers()), source, you, (), {})
        able = [x for x in st.battlefield if st.objects[x].controller == you and ctx.match(op.what, x)]
        act = self.action()
        chosen = None
        if not able:
            self.say("608.2d", f"{you} controls nothing that can be sacrificed: the option can't be chosen")
        elif isinstance(act, gf.Sacrifice) and act.by in (None, you):
            self.take()
            if act.sacrifice is not None and act.sacrifice not in able:
                raise GameError(self.where(), f"608.2d: {_name(st, act.sacrifice)} can't be sacrificed for {name}",
                                "name one of " + ", ".join(able) + ", or null")
            chosen = act.sacrifice
        elif self.auto:
            chosen = able[0]
        else:
            raise GameError(self.where(), f"608.2d: {you} may sacrifice one of {', '.join(able)} for {name}",
                            "add {sacrifice: ID} (or {sacrifice: null} to decline), or use --auto")
        if chosen is not None:
            power = self.chars(chosen).get("power") or 0  # as it last existed (608.2h)
            self.zone_changes([ZoneChange(type="zone_change", object=chosen, **{"from": "battlefield"}, to="graveyard")],
                              "701.21", "is sacrificed")
            if op.when_you_do:  # 603.12: a reflexive triggered ability, put on the stack next time (603.3)
                i = text.find("When you do")
                text = text[i:] if i >= 0 else f"When you do, ... (the reflexive ability of {name})"
                reflexive = _Reflexive(op.when_you_do, op.when_you_do_targets, text)
                self._known[(source, -1)] = reflexive
                self.pending.append(Triggered(source, -1, text, chosen, "reflexive", "603.12", you, amount=power))
            return
        fake = type("Otherwise", (), {"one_shot": op.otherwise, "continuous": None, "replacement": None, "kind": "otherwise",
                                      "targets": None})()
        self.do(source, fake, you, targets, name)

    def sacrifice_of_choice(self, op, source: str, player: str, name: str) -> None:
        """701.21: the player sacrifices one of their permanents the selector matches, of their choice
        ({sacrifice: ID, by: PLAYER}; --auto: the first in board order)."""
        st = self.state
        ctx = SelectorContext(st, characteristics(st, self.layers()), source, player, (), {})
        able = [x for x in st.battlefield if self.chars(x).get("controller") == player and ctx.match(op.what, x)]
        if not able:
            self.say("701.21", f"{player} controls nothing to sacrifice for {name}")
            return
        chosen = self.sacrifices_chosen(player, able, 1, name, "701.21")
        self.zone_changes([ZoneChange(type="zone_change", object=chosen[0], **{"from": "battlefield"}, to="graveyard")],
                          "701.21", "is sacrificed")

    def sacrifices_chosen(self, player: str, able: list[str], n: int, name: str, rule: str) -> list[str]:
        """701.21: the n permanents of `able` the player sacrifices, of their choice: all of them if there
        are no more; otherwise {sacrifice: ID, by: PLAYER} once for each (--auto: the first ones in board
        order)."""
        st = self.state
        if len(able) <= n:
            return list(able)
        chosen: list[str] = []
        while len(chosen) < n:
            left = [x for x in able if x not in chosen]
            act = self.action()
            if isinstance(act, gf.Sacrifice) and act.by in (None, player) and act.sacrifice is not None:
                self.take()
                if act.sacrifice not in left:
                    raise GameError(self.where(), f"{rule}: {_name(st, act.sacrifice)} can't be sacrificed for {name}",
                                    "name one of " + ", ".join(left))
                chosen.append(act.sacrifice)
            elif self.auto:
                chosen += left[:n - len(chosen)]
            else:
                many = "one" if n == 1 else f"{n - len(chosen)} more"
                raise GameError(self.where(), f"{rule}: {player} sacrifices {many} of {', '.join(left)} for {name}, of "
                                              "their choice", "add {sacrifice: ID, by: " + player + "}"
                                + ("" if n == 1 else " for each") + ", or use --auto")
        return chosen

    def _who(self, who: str, you: str, targets: list[str]) -> list[str]:
        if who == "you":
            return [you]
        if who == "target":
            return [t for t in targets if t is not None and t in self.state.player_names]
        if who == "each_opponent":
            return [p for p in self.players_from(you) if p != you]
        return self.players_from(self.state.active)

    def continuous_effect(self, source: str, ab, you: str, targets: list[str]) -> None:
        """611.2: a continuous effect from a resolving spell or ability, with a timestamp (613.7); the
        set it affects is fixed now (611.2c)."""
        st = self.state
        o = st.objects[source]
        card = o.printed
        index = list(card.abilities).index(ab) + 1
        text = ab.display().lower()
        duration = "end_of_turn" if "until end of turn" in text or "this turn" in text else \
            "while_you_control_source" if "for as long as you control" in text else "indefinite"
        if duration == "while_you_control_source" and not self._source_held(source, you):
            # 611.2b: its duration ended before it began: it does nothing
            self.say("611.2b", f"{card.name}'s effect does nothing: {you} no longer controls {_name(st, source)}, "
                               "so the effect's duration ended before it began")
            return
        choices = {}
        counted = self._counted(ab.continuous, source, you, targets) if ab.continuous is not None else []
        if counted:
            choices["counted"] = counted
            self.say("611.2d", f"{card.name}'s effect: " + ", ".join(str(n) for n in counted) + " counted now, once "
                               "(608.2h): the number stays as the effect lasts")
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=len(st.effects) + 1, source_card=card.name, ability_index=index,
                                           ability=ab, controller=you, targets=tuple(targets), choices=choices, timestamp=ts,
                                           duration=duration, remaining=None,
                                           source=source if o.kind != "spell" else None))
        for k, e in enumerate(st.effects, 1):
            e.index = k
        lasting = {"end_of_turn": "until end of turn", "while_you_control_source": f"for as long as {you} controls "
                   f"{_name(st, source)}"}.get(duration, "indefinitely")
        self.say("611.2", f"{card.name}'s effect begins (timestamp {ts}, {lasting})")

    def _counted(self, spec, source: str, you: str, targets: list[str]) -> list[int]:
        """611.2d, 608.2h: the values of a resolving effect counted on the game (Goblin Rabblemaster's
        "+1/+0 for each other attacking Goblin"), determined once, now: the objects its selector matches
        on the characteristics after the layers (or the card types among them; or their total power or
        toughness), in the order of counted_values."""
        st = self.state
        layers = self.layers()
        ctx = SelectorContext(st, characteristics(st, layers), source, you, tuple(targets), {}, layers.mana_values)
        chars = ctx.chars
        out = []
        for i, which in counted_values(spec):
            op = spec.do[i - 1]
            v = op.power if which == "p" else op.toughness
            sel = v.count if hasattr(v, "count") else v.of
            # a zone the selector names, match checks; left out, the battlefield (the selector's default)
            found = [x for x in (st.objects if "zone" in sel.model_fields_set else st.battlefield) if ctx.match(sel, x)]
            if hasattr(v, "total"):
                out.append(sum(chars[x].get(v.total) or 0 for x in found))  # 208.2: '*' or none counts 0
            elif v.card_types:
                out.append(len({t for x in found for t in chars[x]["types"]}) * v.times + v.plus)
            else:
                out.append(len(found) * v.times + v.plus)
        return out

    # --- events through the replacement program --------------------------------------------------
    def _outcome_for(self, rep, what: str) -> int:
        """616.1: the outcome (0-based) of the replacement effects that the affected player chooses, from
        the script's {choose: N} (--auto: the first); the choice is logged with the order it stands for."""
        if rep.outcome_count <= 1:
            return 0
        act = self.action()
        if isinstance(act, gf.Choose):
            self.take()
            if act.choose > len(rep.outcomes):
                raise GameError(self.where(), f"616.1: {what} has {len(rep.outcomes)} outcomes, not {act.choose}",
                                f"choose 1 to {len(rep.outcomes)}")
            return self._chose(rep, what, act.choose - 1)
        if self.auto:
            return self._chose(rep, what, 0)
        raise GameError(self.where(), f"616.1: the replacement effects on {what} give {rep.outcome_count} outcomes; "
                                      f"{rep.to_dict()['chooser']} chooses one", "add {choose: N} (as mtgjudge replace "
                                                                                "numbers them), or use --auto")

    def _chose(self, rep, what: str, pick: int) -> int:
        d = rep.to_dict()
        sources = {e["effect"]: e["source"] for e in d["applicable"]}
        order = rep.outcomes[pick].orders[0] if rep.outcomes[pick].orders else []
        # an ability the permanent has as a copy (707.2) is named by the copied card's object
        copied = {e.id: e.copied[0] for e in rep.applicable if e.copied is not None}
        names = [f"the copied {_name(self.state, copied[e])}'s" if e in copied
                 else f"{_name(self.state, sources[e])}'s" if sources.get(e) in self.state.objects else e for e in order]
        # 614.12: the values of a choice made as a permanent enters that this outcome stands for
        classes = [f"{kind}: " + (", ".join(v["any_of"]) if "any_of" in v else "any but " + ", ".join(v["none_of"]))
                   for ev in rep.outcomes[pick].events for kind, v in sorted((ev.get("chosen") or {}).items())]
        self.say("616.1", f"{d['chooser']} chooses outcome {pick + 1} of {rep.outcome_count} for {what}: "
                          + (f"applying {', then '.join(names)} effect" if names else "applying none of the effects")
                          + (f" (choosing {'; '.join(classes)})" if classes else ""))
        return pick

    def replaced(self, events: list, what: str) -> list[dict[str, Any]]:
        layers = self.layers()
        rep = replace(self.state, events, self.config, layers=layers)
        pick = self._outcome_for(rep, what)
        final = rep.outcomes[pick].events if rep.outcomes else []
        # the effects the chosen outcome applied (a regeneration shield is used up)
        self.last_used = set(rep.outcomes[pick].orders[0]) if rep.outcomes and rep.outcomes[pick].orders else set()
        self.pending += event_triggers(self.state, layers, final)
        return final

    def damage(self, events: list[Damage]) -> None:
        if not events:
            return
        dealer = DamageEvents(self.state, self.layers(), self.config)
        rep = replace(self.state, events, self.config, layers=self.layers())  # once: the choice, then the damage
        pick = self._outcome_for(rep, "the damage") + 1 if rep.outcome_count > 1 else None
        happened = dealer.happen(events, pick, rep, choose=self._outcome_for)
        if isinstance(happened, Problem):
            raise GameError(self.where(), happened.message, "add {choose: N}, or use --auto")
        state, _final, lines, triggers = happened
        self.state.__dict__.update(state.__dict__)
        for line in lines:
            rule, _, text = line.partition(": ")
            self.say(rule, text)
        self.pending += triggers

    def zone_changes(self, events: list[ZoneChange], rule: str, what: str = "is destroyed") -> None:
        """Objects move (400.7) as the replacement program has them move (Rest in Peace: to exile)."""
        if not events:
            return
        st = self.state
        meant = {ev.object: ev.to for ev in events}
        final = self.replaced(events, "the zone change")
        for ev in final:
            if ev["type"] == "zone_change" and ev["object"] in st.objects:
                name = _name(st, ev["object"])
                _move(st, ev["object"], ev["to"])
                instead = "" if ev["to"] == meant.get(ev["object"]) else f": it goes to {ev['to']} instead (614)"
                self.say(rule, f"{name} {what}{instead}")
            elif ev["type"] == "regenerate":  # 614.8, 701.19: tapped, damage removed, out of combat; shield used
                _regenerate(st, ev["object"], self.last_used)
                self.say("701.19", f"{_name(st, ev['object'])} regenerates: it is tapped, its damage removed")
        # 111.1, 616.1f: the tokens a replacement effect creates with the move (Kalitas: "instead exile
        # that card and create a 2/2 black Zombie token"), modified in turn by Doubling Season
        self.tokens([TokenEvent(**ev) for ev in final if ev["type"] == "token"])

    def draw(self, player: str, n: int, rule: str) -> None:
        st = self.state
        for ev in self.replaced([Draw(type="draw", player=player, amount=n)], f"{player}'s draw"):
            if ev["type"] != "draw":
                self.say("614", f"{player}'s draw is replaced: {ev}")
                continue
            for _ in range(ev["amount"]):
                library = st.zone_ids("library", player)
                if not library:
                    st.drew_from_empty.add(player)  # 704.5b
                    self.say(rule, f"{player} would draw from an empty library")
                    continue
                card = library[0]
                st.take_out(card)
                st.player_zones.setdefault((player, "hand"), []).append(card)
                st.objects[card].zone = "hand"
                self.say(rule, f"{player} draws a card")

    def player_events(self, events: list) -> None:
        st = self.state
        for ev in self.replaced(events, "the change of life"):
            if ev["type"] in ("life_gain", "life_loss"):
                p = st.player(ev["player"])
                sign = 1 if ev["type"] == "life_gain" else -1
                p.life += sign * ev["amount"]
                self.say("119.3", f"{p.name} {'gains' if sign > 0 else 'loses'} {ev['amount']} life (now {p.life})")

    def counters(self, events: list) -> None:
        st = self.state
        for ev in self.replaced(events, "the counters"):
            if ev["type"] == "counters" and ev["amount"] > 0:
                x = ev["object"]
                holder = st.player(x).counters if x in st.player_names else st.objects[x].counters
                holder[ev["kind"]] = holder.get(ev["kind"], 0) + ev["amount"]
                self.say("122.1", f"{ev['amount']} {ev['kind']} counter(s) on {_name(st, x)}")

    def tokens(self, events: list, keywords: tuple[str, ...] = ()) -> None:
        """111.1: tokens are created on the battlefield, as the replacement program has it (Doubling Season);
        ``keywords``: abilities the effect that creates them gives them besides their definition's ("with
        haste", 111.4: part of their characteristics, so copiable)."""
        if not events:
            return
        st = self.state
        before = set(st.objects)
        for ev in self.replaced(events, "the token creation"):
            if ev["type"] != "token":
                continue
            made = set(st.objects)
            for line in create_tokens(st, ev, self.library):
                self.say(*line.split(": ", 1))
            if keywords and ev["token"] in {e.token for e in events}:
                for x in set(st.objects) - made:
                    o = st.objects[x]
                    o.printed = with_fields(o.printed, abilities=o.printed.abilities + tuple(
                        KeywordAbility(kind="keyword", keyword=k) for k in keywords))
        # 603.6a: the tokens entered the battlefield ("whenever a creature enters", Soul Warden)
        self.pending += entered_triggers(st, self.layers(), [x for x in st.battlefield if x not in before])

    def enter(self, oid: str, controller: str, frm: str, counters: dict[str, int] | None = None) -> None:
        """A permanent enters the battlefield (608.3, 305.1), with ``counters`` if it enters with some, as
        the replacement program has it enter."""
        st = self.state
        # 702.138c: a permanent spell that escaped enters having escaped ("escapes with")
        escaped = frm == "stack" and bool(st.objects[oid].choices.get("escape"))
        final = self.replaced([Enter(type="enter", object=oid, controller=controller, counters=counters or {},
                                     **({"escaped": True} if escaped else {}))], f"{_name(st, oid)} entering")
        o = st.objects[oid]
        for ev in final:
            if ev["type"] == "enter" and ev.get("object") == oid:
                st.take_out(oid)
                st.battlefield.append(oid)
                o.zone, o.controller = "battlefield", ev.get("controller", controller)
                o.tapped = bool(ev.get("tapped"))
                # (a loyalty or defense of 0 stays: it has no counters, not its printed value, 306.5b, 704.5i)
                o.counters = {k: n for k, n in (ev.get("counters") or {}).items() if n or k in INTRINSIC_COUNTERS.values()}
                o.summoning_sick = True
                o.kind = "card" if o.kind == "spell" else o.kind
                o.timestamp = st.next_timestamp
                st.next_timestamp += 1
                if ev.get("copy_of"):  # 616.1c, 707.2: it enters as a copy (Clone), its copiable values taken now
                    o.copy_of = ev["copy_of"]
                    self.say("707.2", f"{_name(st, oid)} enters as a copy of {_name(st, ev['copy_of'])}")
                if frm == "stack" and o.printed is not None and "Aura" in o.printed.subtypes and o.targets:
                    o.attached_to = o.targets[0]  # 303.4f: an Aura spell enters attached to its target
                extra = (" tapped" if o.tapped else "") + (f" with {o.counters}" if o.counters else "")
                self.say("608.3" if frm == "stack" else "305.1", f"{_name(st, oid)} enters the battlefield under "
                                                                 f"{o.controller}'s control{extra}")
                if ev.get("choose"):
                    self.choose_as_enters(oid, tuple(ev["choose"]), tuple(ev.get("choose_from") or ()),
                                          ev.get("chosen") or {})
                c = self.chars(oid)
                printed = (o.printed.power, o.printed.toughness) if o.printed is not None else (None, None)
                if c.get("power") is not None and (c["power"], c["toughness"]) != printed:
                    # 611.3c: a static ability's effect applies to it as it enters, not after
                    self.say("611.3c", f"{_name(st, oid)} enters as a {c['power']}/{c['toughness']} (the continuous "
                                       "effects apply to it at once)")
            elif ev["type"] == "zone_change" and ev.get("object") == oid:
                _move(st, oid, ev["to"])
                self.say("614", f"{_name(st, oid)} goes to {ev['to']} instead of entering the battlefield")
            elif ev["type"] == "zone_change" and ev.get("object") in st.objects:  # devour's sacrifices (702.82a)
                other = ev["object"]
                name = _name(st, other)
                _move(st, other, ev["to"])
                self.say("702.82a", f"{name} is sacrificed as {_name(st, oid)} enters"
                                    + ("" if ev["to"] == "graveyard" else f": it goes to {ev['to']} instead (614)"))
        if frm == "stack" and oid in st.stack and not any(ev.get("object") == oid for ev in final):
            # 608.3e, 614.17d: a permanent spell that can't enter the battlefield (Clone copying a land under
            # Worms of the Earth) is put into its owner's graveyard
            self.say("608.3e", f"{_name(st, oid)} can't enter the battlefield")
            self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="graveyard")],
                              "608.3e", "is put into its owner's graveyard")

    def flanking(self, source: str, blocker: str | None, index: int, you: str) -> None:
        """702.25a: "whenever a creature without flanking blocks this creature, the blocking creature gets
        -1/-1 until end of turn": a continuous effect on the blocker (611.2c: that creature only)."""
        st = self.state
        if blocker is None or blocker not in st.battlefield:
            self.say("702.25a", "the blocking creature has left the battlefield: nothing happens")
            return
        # the card whose flanking it is, for a board to read the effect back (--out): the source's own, or,
        # for a copy, the copied card's (707.2: the effect then names that card, and no source object)
        held = [h for h, i in self.layers().printed_abilities.get(source, ()) if i == index
                and getattr(st.objects[h].printed.abilities[i - 1], "keyword", None) == "flanking"] if index else []
        card = st.objects[held[0] if held else source].printed if source in st.objects else None
        if not index and card is not None:  # a granted instance (702.25b): the card's own flanking, for --out
            index = next((i for i, a in enumerate(card.abilities, 1)
                          if a.kind == "keyword" and getattr(a, "keyword", None) == "flanking"), 0)
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=len(st.effects) + 1, source_card=card.name if card else "", ability_index=index or 1,
                                           ability=flanking_effect(), controller=you, targets=(blocker,), choices={},
                                           timestamp=ts, duration="end_of_turn", remaining=None,
                                           source=source if not held or held[0] == source else None))
        self.say("702.25a", f"{_name(st, blocker)} gets -1/-1 until end of turn (flanking; timestamp {ts})")

    def annihilator(self, source: str, n: int, you: str) -> None:
        """702.86a: "defending player sacrifices N permanents": the player the creature attacks, or the
        controller of the planeswalker or battle it attacks (506.2), chooses N of their permanents
        ({sacrifice: ID, by: PLAYER} once for each; --auto: the first ones in board order), all of them
        if they control N or fewer; they are sacrificed at once (701.21)."""
        st = self.state
        attacked = st.combat.attackers.get(source) if st.combat is not None else None
        if attacked in st.player_names:
            player = attacked
        elif attacked is not None and attacked in st.objects:
            player = self.chars(attacked).get("controller") or st.objects[attacked].controller
        else:
            player = next((p for p in st.player_names if p != you), None)
        if player is None:
            return
        able = [x for x in st.battlefield if self.chars(x).get("controller") == player]
        chosen = self.sacrifices_chosen(player, able, n, f"the annihilator of {_name(st, source)}", "702.86a")
        if not chosen:
            self.say("702.86a", f"{player} controls no permanent to sacrifice")
            return
        self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                           for x in chosen], "702.86a", "is sacrificed")

    def choose_as_enters(self, oid: str, kinds: tuple[str, ...], candidates: tuple[str, ...],
                         classes: dict | None = None) -> None:
        """614.12: the choices its controller makes as it enters, from the script's {as_enters: {...}}
        (--auto: white, the permanent's own first creature type or Human, every card it may exile): the
        permanent's choices (color, creature_type, exiled: the cards its linked ability exiled, 607.2a).
        `classes`: the values the outcome chosen stands for (616.1f: the effects applied after the choice
        read the value, `mtgjudge replace`'s `chosen`); the value must be one of them (--auto: the first)."""
        st = self.state
        o = st.objects[oid]
        player = o.controller or o.owner
        key = {"color": "color", "creature_type": "creature_type", "exile_cards": "exiled"}
        act = self.action()
        given = act.as_enters if isinstance(act, gf.AsEnters) and act.by in (None, player) else None
        wanted = [key[k] for k in kinds if k in key]
        if given is not None and set(given) <= set(wanted):
            self.take()
        else:
            given = None
        for kind in kinds:
            if kind not in key:
                continue  # (the choices no card of the library makes yet)
            name = key[kind]
            values = (classes or {}).get(kind)  # (the outcome's class of values, if it names one)
            if given is not None and name in given:
                value = given[name]
            elif self.auto:
                own = [s for s in (o.printed.subtypes if o.printed is not None else ()) if is_creature_type(s)]
                value = {"color": COLORS[0], "creature_type": own[0] if own else "Human", "exiled": list(candidates)}[name]
                if values is not None and not _among(value, values):
                    value = next(v for v in list(values.get("any_of", ())) + list(COLORS) + own + ["Human"]
                                 + list(UNNAMED_TYPES) if _among(v, values) and (v in COLORS) == (name == "color"))
            else:
                raise GameError(self.where(), f"614.12: {player} makes a choice as {_name(st, oid)} enters ({name})",
                                "add {as_enters: {" + name + ": ...}}, or use --auto")
            if name == "color" and value not in COLORS:
                raise GameError(self.where(), f"614.12: {value!r} is not a color", "choose one of " + ", ".join(COLORS))
            if name == "creature_type" and (not isinstance(value, str) or not is_creature_type(value)):
                raise GameError(self.where(), f"614.12: {value!r} is not a creature type", "choose a creature type (205.3m)")
            if values is not None and not _among(value, values):
                how = ("one of " + ", ".join(values["any_of"]) if "any_of" in values
                       else "any but " + ", ".join(values["none_of"]))
                raise GameError(self.where(), f"614.12, 616.1f: {value!r} is not a value of the outcome chosen for "
                                              f"{_name(st, oid)} entering ({name}: {how})",
                                f"choose {how}, or another outcome")
            if name == "exiled":
                chosen = [value] if isinstance(value, str) else list(value)
                wrong = [x for x in chosen if x not in candidates]
                if wrong:
                    raise GameError(self.where(), f"614.12, 614.13a: {', '.join(wrong)} can't be exiled as "
                                                  f"{_name(st, oid)} enters", "choose among " + (", ".join(candidates) or "nothing"))
                self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to="exile")
                                   for x in chosen], "614.12", f"is exiled as {_name(st, oid)} enters")
                value = [x for x in chosen if st.objects[x].zone == "exile"]  # (unless a replacement moved it elsewhere)
            o.choices[name] = value
            shown = (", ".join(_name(st, x) for x in value) or "nothing") if name == "exiled" else value
            self.say("614.12", f"{player} chooses for {_name(st, oid)} as it enters: {name} {shown}")

    # --- combat (506-511) -----------------------------------------------------------------------
    def declare_attackers(self) -> None:
        st = self.state
        problem = build_problem(st, self.layers(), config=self.config)
        decl, verdict = self._declaration(problem, "attack", st.active)
        if not decl.pairs:
            self.say("508.1", f"{st.active} declares no attackers")
            return
        st.combat = CombatState(attackers={c: d for c, d in decl.pairs}, bands=decl.bands)
        self.attacked_with.setdefault(st.active, set()).update(c for c, _d in decl.pairs)  # 608.2i: looked back at
        tapped = [c for c, _d in decl.pairs if "vigilance" not in self.chars(c).get("abilities", ())
                  and not st.objects[c].tapped]
        self.tap(tapped)  # 508.1f
        self.say("508.1", f"{st.active} attacks: " + ", ".join(f"{_name(st, c)} -> {_name(st, d)}" for c, d in decl.pairs)
                 + (f"; tapped: {', '.join(_name(st, c) for c in tapped)} (508.1f)" if tapped else ""))
        for t in verdict.triggers:
            self.pending.append(Triggered(t.source, t.ability, t.text, t.objects[0] if t.objects else t.source,
                                          "attack", "508.2a", self.chars(t.source).get("controller") or "",
                                          model=_keyword_trigger(t)))

    def declare_blockers(self) -> None:
        st = self.state
        problem = build_problem(st, self.layers(), config=self.config)
        decl, verdict = self._declaration(problem, "block", None)
        blockers: dict[str, tuple[str, ...]] = {}
        for b, a in list(decl.pairs) + list(verdict.band_blocks):
            blockers.setdefault(b, ())
            if a not in blockers[b]:
                blockers[b] = tuple(sorted(blockers[b] + (a,)))
        st.combat.blockers = blockers
        st.combat.blocked = tuple(sorted({a for v in blockers.values() for a in v}))
        if not blockers:
            self.say("509.1", "no blockers are declared")
        else:
            self.say("509.1", "blocks: " + ", ".join(f"{_name(st, b)} blocks {', '.join(_name(st, a) for a in v)}"
                                                     for b, v in sorted(blockers.items())))
        for t in verdict.triggers:  # the object of the event: the last one named, "that creature" (the attacker
            # it blocks, 509.3b; the blocker, 509.3d)
            self.pending.append(Triggered(t.source, t.ability, t.text, t.objects[-1] if t.objects else t.source,
                                          "block", "509.3", self.chars(t.source).get("controller") or "",
                                          model=_keyword_trigger(t)))

    def _declaration(self, problem, side: str, player: str | None):
        """The declaration the script gives for this step (508.1, 509.1), checked by the combat
        program; an illegal one is refused (733) and the next one the script gives is tried. None
        given: no attackers or blockers, if that is legal; otherwise the choice is missing (--auto:
        the first declaration that obeys the most requirements)."""
        verb = "attackers" if side == "attack" else "blockers"
        step = "declare_attackers" if side == "attack" else "declare_blockers"
        kind = gf.Attack if side == "attack" else gf.Block
        while True:
            act = self.action()
            if isinstance(act, kind) and act.by in (None, player) and (act.at is None or self.due(act, step)):
                self.take()
                if side == "attack":
                    pairs = tuple(sorted(act.attack.items()))
                    decl = Declaration("attack", pairs, (), tuple(tuple(sorted(b)) for b in act.bands)).canonical()
                else:
                    decl = Declaration("block", tuple((b, x) for b, a in act.block.items()
                                                      for x in (a if isinstance(a, list) else [a]))).canonical()
                verdict = check(problem, decl, self.config)
                if verdict.legal:
                    return decl, verdict
                why = " ".join(v.message for v in verdict.violations)
                rule = verdict.violations[0].rule if verdict.violations else "508.1"
                self.rejected.append({"action": self.pos - 1, "rule": rule, "message": why})
                self.say(rule, f"rejected: the declaration {decl.to_dict()[side]} is illegal: {why} (733)")
                continue
            decl = Declaration(side, ())
            verdict = check(problem, decl, self.config)
            if verdict.legal:
                return decl, verdict
            if not self.auto:
                why = " ".join(v.message for v in verdict.violations)
                raise GameError(self.where(), f"{'508.1' if side == 'attack' else '509.1'}: declaring no {verb} is "
                                              f"illegal here: {why}", f"add a legal {{{side}: ...}} for this step, "
                                                                      "or use --auto")
            found = best(problem, side, self.config)
            decl = found.example if found.example is not None else decl
            return decl, check(problem, decl, self.config)

    def combat_damage(self, dealer: CombatDamage) -> None:
        st = self.state
        act = self.action()
        given: dict[str, dict[str, int]] = {}
        if isinstance(act, gf.AssignDamage) and (act.at is None or self.due(act)):
            self.take()
            given = {c: dict(to) for c, to in act.assign_damage.items()}
        open_choices = [d for d in dealer.dealers() if d.forced is None and d.creature not in given]
        for d in open_choices:
            if not self.auto:
                raise GameError(self.where(), f"{d.rule}: {d.chooser} divides {_name(st, d.creature)}'s {d.power} combat "
                                              f"damage among {', '.join(_name(st, r) for r in d.recipients)}",
                                "add {assign_damage: {CREATURE: {RECIPIENT: N, ...}}}, or use --auto")
            given[d.creature] = self._auto_assignment(dealer, d)
        # 616.1: each choice among the outcomes of the replacement effects, the damage's and those of
        # the events it leads to, is a {choose: N} action when it comes up (--auto: the first)
        try:
            result = dealer.deal(given, None, self.keep_legend, choose=self._outcome_for)
        except DamageInputError as e:
            raise GameError(self.where(), e.problem, e.fix) from None
        if not result.legal:
            raise GameError(self.where(), "; ".join(p.message for p in result.problems),
                            "give a legal assignment (mtgjudge damage on the board checks one)")
        new = result.state
        st.__dict__.update(new.__dict__)
        for line in result.log:
            rule, _, text = line.partition(": ")
            self.say(rule, text)
        self.pending += result.triggers

    def _auto_assignment(self, dealer: CombatDamage, d) -> dict[str, int]:
        """--auto: lethal damage to each blocker in order (702.19b), the rest to the last recipient."""
        left = d.power
        out: dict[str, int] = {}
        blockers = [r for r in d.recipients if r not in (d.defender, d.beyond) and r not in self.state.player_names]
        for b in blockers:
            c = dealer.chars[b]
            need = 1 if d.deathtouch else max((c.get("toughness") or 0) - self.state.objects[b].damage, 0)
            n = min(need, left)
            if n:
                out[b] = n
                left -= n
        if left:
            last = d.recipients[-1]
            out[last] = out.get(last, 0) + left
        return out


def play(state: GameState, actions: list, *, library, until: gf.At | None = None, auto: bool = False,
         config: SolverConfig | None = None) -> GameResult:
    return Game(state, actions, library=library, until=until, auto=auto, config=config).run()

