"""The combat damage step (510), with first strike and double strike (510.4, 702.4, 702.7), trample
(702.19), deathtouch (702.2), lifelink (702.15), infect and wither (120.3), banding's division of
damage (702.22j-k), and the state-based actions that follow (704.5).

One step at a time: ``CombatDamage(state)`` says which step this is and which creatures assign
combat damage in it (510.4), what each of them may assign, and checks a whole assignment (510.1e);
``deal`` sends the damage events through the replacement program (614-616, bridge/replace/),
deals what is left of them simultaneously (510.2), and returns the new state after the state-based
actions (704.3), with a log line per event citing its rule. Characteristics always come from the
layers program (bridge/layers/).
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Any, Mapping

from bridge import SolverConfig
from bridge.layers import LayersResult, compute_layers
from bridge.replace import ReplaceResult, replace
from bridge.protection import matches, parse

from engine.files.events import Counters, Damage, LifeGain, LifeLoss
from engine.state.model import GameState
from engine.game.sba import OutcomeChooser, SbaResult, state_based_actions
from engine.game.triggered import Triggered, event_triggers
from engine.game import damaged_by, history, turn_records

Assignment = dict[str, dict[str, int]]  # creature -> recipient (object id or player) -> amount


# 616.1 choices in a damage step: the damage itself, then the events it leads to, in the order they happen
STAGES = ("damage", "life_loss", "counters", "life_gain")
Outcomes = int | Mapping[str, int] | None  # the damage's outcome (1-based), or one per stage


class _ChoiceMissing(Exception):
    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


class DamageInputError(ValueError):
    """An assignment that names what isn't there, or an amount that isn't a whole number."""

    def __init__(self, field_: str, problem: str, fix: str):
        super().__init__(f"{field_}: {problem}")
        self.field, self.problem, self.fix = field_, problem, fix


@dataclass
class Problem:
    """Why a combat damage assignment is illegal (510.1e)."""

    rule: str
    creature: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "creature": self.creature, "message": self.message}


@dataclass
class Dealer:
    """A creature that assigns combat damage in this step, and what it may do with it."""

    creature: str
    power: int
    side: str  # "attacker" or "blocker"
    recipients: list[str]  # what it may assign damage to
    chooser: str  # the player who divides its damage (510.1c-d; 702.22j-k with banding)
    trample: bool
    deathtouch: bool
    must_be_lethal: list[str]  # with trample: the blockers that need lethal damage before the defender gets any
    forced: dict[str, int] | None  # its only legal assignment, when it has no choice
    rule: str  # the rule that decides its recipients
    defender: str | None = None  # an attacker: the player, planeswalker or battle it attacks
    beyond: str | None = None  # 702.19c: the controller of the planeswalker it attacks, past it
    as_unblocked: bool = False  # "you may have this creature assign its combat damage as though it weren't blocked"

    def to_dict(self) -> dict[str, Any]:
        return {"creature": self.creature, "power": self.power, "side": self.side, "recipients": self.recipients,
                "chooser": self.chooser, "trample": self.trample, "deathtouch": self.deathtouch,
                "forced": self.forced, "rule": self.rule}


@dataclass
class DamageResult:
    legal: bool
    problems: list[Problem]
    assignment: Assignment  # with the forced assignments filled in
    events: list[dict[str, Any]] = field(default_factory=list)  # the damage events after replacement
    log: list[str] = field(default_factory=list)
    sba: SbaResult | None = None
    state: GameState | None = None  # the state after the step (None when illegal)
    triggers: list[Triggered] = field(default_factory=list)  # 510.3a: what the damage and the SBA trigger

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"legal": self.legal, "problems": [p.to_dict() for p in self.problems],
                             "assignment": {c: dict(sorted(a.items())) for c, a in sorted(self.assignment.items())}}
        if self.legal:
            d["events"] = self.events
            d["state_based_actions"] = self.sba.to_dict() if self.sba else []
            d["triggers"] = [t.to_dict() for t in self.triggers]
            d["log"] = self.log
        return d


def _kw(chars: dict[str, Any], oid: str, word: str) -> bool:
    return word in chars.get(oid, {}).get("abilities", ())


def _legends_band(chars: dict[str, Any], group: list[str]) -> bool:
    """702.22j-k: the creatures a creature blocks, or that block it, include both a legendary creature with "bands with
    other legendary creatures" (702.22b) and another legendary creature."""
    legends = [x for x in group if "legendary" in chars.get(x, {}).get("supertypes", ())]
    return len(legends) > 1 and any(_kw(chars, x, "bands with other legendary creatures") for x in legends)


def _toxic(chars: dict[str, Any], oid: str) -> int:
    """702.164b (EN): a creature's total toxic value, the sum of the N of its toxic abilities."""
    c = chars.get(oid, {})
    if "creature" not in c.get("types", ()):
        return 0
    return sum(int(w.split()[1]) for w in c.get("abilities", ()) if re.fullmatch(r"toxic \d+", str(w)))


class DamageEvents:
    """Damage events about to be dealt at once (120, combat or not): through the replacement program
    (614-616), then their results (120.3: life loss, counters, marked damage), lifelink (702.15b) and
    what they trigger; the state-based actions are the caller's."""

    def __init__(self, state: GameState, layers: LayersResult | None = None, config: SolverConfig | None = None):
        self.state = state
        self.config = config
        self.layers = layers if layers is not None else compute_layers(state, config)
        self.chars = {**self.layers.stack_objects, **self.layers.objects}  # a spell on the stack deals damage too
        # 613.11: "all damage is dealt as though its source had wither" (Everlasting Torment)
        self.all_wither = any("damage_as_wither" in e.get("named", ()) for e in self.layers.in_force)

    def happen(self, events: list[Damage], replacement_outcome: Outcomes = None, rep: ReplaceResult | None = None,
               choose: OutcomeChooser | None = None
               ) -> tuple[GameState, list[dict[str, Any]], list[str], list[Triggered]] | Problem:
        """The state after the damage (a copy), the final events, the log and the triggers; or the
        616.1 choice that is missing when the effects give several outcomes. ``rep``: the replacement
        program's answer for these events, when the caller already has it.

        616.1 choices: ``replacement_outcome`` is the damage's outcome (1-based), or a mapping from
        the stages of STAGES (the damage, then the events it leads to) to outcomes; ``choose(rep,
        what)`` picks (0-based) for a stage the mapping leaves out."""
        picks = ({"damage": replacement_outcome} if isinstance(replacement_outcome, int)
                 else dict(replacement_outcome or {}))
        self._picks, self._choose = picks, choose
        try:
            return self._happen(events, picks.get("damage"), rep)
        except _ChoiceMissing as e:
            return e.problem

    def _happen(self, events: list[Damage], replacement_outcome: int | None, rep: ReplaceResult | None
                ) -> tuple[GameState, list[dict[str, Any]], list[str], list[Triggered]] | Problem:
        state = self.state.copy()
        log: list[str] = []
        final: list[dict[str, Any]] = []
        if events:
            rep = rep if rep is not None else replace(self.state, events, self.config, layers=self.layers)
            if rep.outcome_count > 1 and replacement_outcome is None and self._choose is not None:
                replacement_outcome = self._choose(rep, "the damage") + 1
            if rep.outcome_count > 1 and replacement_outcome is None:
                chooser = rep.to_dict()["chooser"]
                return Problem("616.1", "", f"616.1: the replacement and prevention effects give {rep.outcome_count} "
                                            f"outcomes; {chooser} chooses one (give its number)")
            pick = (replacement_outcome or 1) - 1
            if not 0 <= pick < len(rep.outcomes):
                raise DamageInputError("replacement", f"there are {len(rep.outcomes)} outcomes, not {pick + 1}",
                                       f"choose 1 to {len(rep.outcomes)}")
            final = rep.outcomes[pick].events
            # 615.7: a shield ("prevent the next N damage") keeps what this damage didn't use
            used = rep.outcomes[pick].prevented_first()
            # 615.8: an effect for "the next time" damage would be dealt is used up once it applied
            applied = set(rep.outcomes[pick].orders[0]) if rep.outcomes[pick].orders else set()
            state.effects = [e for e in state.effects if not (
                f"effects#{e.index}" in applied and getattr(getattr(e.ability, "replacement", None), "next_time", False))]
            for e in state.effects:
                rule = getattr(e.ability, "replacement", None)
                if rule is not None and rule.do in ("shield", "redirect_shield") and used.get(f"effects#{e.index}"):
                    e.remaining = max(0, (e.remaining if e.remaining is not None else rule.n or 0) - used[f"effects#{e.index}"])
        counters: list[Counters] = []
        losses: list[LifeLoss] = []
        self._removed: dict[str, int] = {}
        # 615.5: a prevention effect's additional effect ("for each 1 damage prevented this way, put a +1/+1
        # counter on that creature", Test of Faith) takes place immediately after the damage event
        after = [ev for ev in final if ev["type"] == "counters"]
        # ... or "remove that many +1/+1 counters from it" (Polukranos): removing counters is not putting them,
        # no replacement effect applies
        removing = [ev for ev in final if ev["type"] == "counters_removed"]
        # "prevent that damage. Remove a +1/+1 counter from this creature" (Phantom Centaur): the damage dealt
        # at the same time is one damage event (120.3, 510.2): the effect removes one counter for all of it
        once = {(ev["once"], ev["object"]): ev for ev in removing if "once" in ev}
        removing = [ev for ev in removing if "once" not in ev] + [{k: v for k, v in ev.items() if k != "once"}
                                                                  for ev in once.values()]
        final = [ev for ev in final if ev["type"] not in ("counters", "counters_removed")]
        for ev in final:
            log += self._apply(state, ev, counters, losses)
        # 120.3a, 119.3: the life the damage makes players lose, through the replacement program
        # ("your life total can't change", Platinum Emperion)
        for ev in self._replaced(losses, "the life lost to damage", "life_loss"):
            log += self._apply_player_event(state, ev, "120.3a")
            final.append(ev)
        removals = [{"type": "counters_removed", "object": pw, "kind": "loyalty", "amount": n}
                    for pw, n in sorted(self._removed.items())]
        # 120.3b, 120.3d: the counters damage puts, through the replacement program (Melira, Solemnity)
        for ev in self._replaced(counters, "the counters the damage puts", "counters"):
            log += self._apply_counters(state, ev)
            final.append(ev)
        # 702.15b, 702.15e: each lifelink source's damage makes one life-gain event of its own,
        # which the replacement and prevention effects may modify too
        for ev in self._replaced(self._lifelink(final), "the life gained through lifelink", "life_gain"):
            log += self._apply_player_event(state, ev, "702.15b")
            final.append(ev)
        # 615.5: then the counters prevention effects put for the damage they prevented, as the replacement
        # program had them put: it followed them as events of their own (Hardened Scales, Doubling Season,
        # Solemnity: 616.1f), in the damage's outcome (not put through it again)
        for ev in after:
            log += self._apply_counters(state, ev, "615.5")
            final.append(ev)
        for ev in removing:
            x, kind = ev["object"], ev["kind"]
            if x not in state.objects:
                continue
            holder = state.objects[x].counters
            n = min(ev["amount"], holder.get(kind, 0))  # (as many as it has, 122.1)
            if n:
                holder[kind] -= n
                if not holder[kind]:
                    del holder[kind]
                # 615.12: the damage can't be prevented: the effect applied, prevented none, its additional effect
                # takes place all the same
                why = ("615.5", "for the damage prevented") if any(
                    d["type"] == "damage" and d["target"] == x and d.get("prevented") for d in final) \
                    else ("615.12", "by the prevention effect, the damage that can't be prevented dealt")
                log.append(f"{why[0]}: {n} {kind} counters are removed from {self._name(x)} {why[1]} "
                           f"(now {holder.get(kind, 0)})")
                removals.append({**ev, "amount": n})
                final.append({**ev, "amount": n})
        triggers = event_triggers(self.state, self.layers, final + removals)  # 510.3a, 603.2
        return state, final, log, triggers

    def _controller(self, oid: str) -> str:
        return self.chars[oid]["controller"] or self.state.objects[oid].owner

    def _name(self, x: str) -> str:
        if x in self.state.player_names:
            return x
        o = self.state.objects.get(x)  # a spell on the stack is not among the layers' permanents
        return self.chars.get(x, {}).get("name") or (o.card_name if o is not None else None) or x

    def _protection(self, target: str, source: str) -> str | None:
        """702.16e: the protection of the target that the source's damage would meet, if any, among
        those the replacement program doesn't prevent: a printed protection is a prevention effect
        there (``KeywordAbility.replacement``), and another of the same quality is redundant with it
        (702.16m); one an effect grants is not executed yet. A quality bridge/protection.py can't
        evaluate (``matches`` None) is not taken for one the source has: the damage is dealt."""
        src = self.chars.get(source, {})
        keywords = [k for k in self.layers.keyword_abilities.get(target, ()) if k.keyword == "protection"]
        prevented = {parse(k.quality or "") for k in keywords
                     if getattr(k, "kind", None) == "keyword" and getattr(k, "replacement", None) is not None}
        met = [k.words() for k in keywords
               if (quality := parse(k.quality or "")) not in prevented and matches(quality, src)]
        return min(met, default=None)

    def _replaced(self, events: list, what: str, stage: str) -> list[dict[str, Any]]:
        """The events a result of the damage makes (a stage of STAGES), as the replacement program has
        them happen: when its effects give several outcomes, the one the affected player chooses (616.1)."""
        if not events:
            return []
        rep = replace(self.state, events, self.config, layers=self.layers)
        if rep.outcome_count <= 1:
            return rep.outcomes[0].events if rep.outcomes else []
        n = len(rep.outcomes)
        if stage in self._picks:
            pick = self._picks[stage] - 1
            if not 0 <= pick < n:
                raise DamageInputError(f"replacement.{stage}", f"{what} has {n} outcomes, not {pick + 1}", f"choose 1 to {n}")
        elif self._choose is not None:
            pick = self._choose(rep, what)
        else:
            chooser = rep.to_dict()["chooser"]
            raise _ChoiceMissing(Problem("616.1", "", f"616.1: the replacement effects on {what} give {n} outcomes; "
                                                      f"{chooser} chooses one (give replacement.{stage})"))
        return rep.outcomes[pick].events

    def _lifelink(self, final: list[dict[str, Any]]) -> list[LifeGain]:
        dealt: dict[str, int] = {}
        for ev in final:
            if ev["type"] == "damage" and ev["amount"] > 0 and _kw(self.chars, ev["source"], "lifelink"):
                dealt[ev["source"]] = dealt.get(ev["source"], 0) + ev["amount"]
        return [LifeGain(type="life_gain", player=self._controller(src), amount=n) for src, n in sorted(dealt.items())]

    def _apply_counters(self, state: GameState, ev: dict[str, Any], rule: str | None = None) -> list[str]:
        if ev["type"] != "counters":
            raise DamageInputError("replacement", f"counters put by damage become a {ev['type']} event, which the "
                                   "combat damage step does not execute yet", "leave out the effect that changes it")
        x, kind, n = ev["object"], ev["kind"], ev["amount"]
        if n <= 0:
            return []
        holder = state.player(x).counters if x in state.player_names else state.objects[x].counters
        holder[kind] = holder.get(kind, 0) + n
        why = " for the damage prevented" if rule == "615.5" else ""
        rule = rule or ("120.3b" if kind == "poison" else "120.3d")
        return [f"{rule}: {n} {kind} counters on {self._name(x)}{why} (now {holder[kind]})"]

    def _apply_player_event(self, state: GameState, ev: dict[str, Any], rule: str) -> list[str]:
        """A life gain (lifelink) or loss (damage to a player), as the replacement program has it happen."""
        if ev["type"] not in ("life_gain", "life_loss"):
            raise DamageInputError("replacement", f"a change of life becomes a {ev['type']} event, which the "
                                   "combat damage step does not execute yet", "leave out the effect that changes it")
        p = state.player(ev["player"])
        sign = 1 if ev["type"] == "life_gain" else -1
        p.life += sign * ev["amount"]
        history.life_changed(state, p.name, sign, ev["amount"])  # 119.3: the turn's record (gained_life, lost_life)
        verb = "gains" if sign > 0 else "loses"
        why = "lifelink: " if rule == "702.15b" else ""
        return [f"{rule}: {why}{p.name} {verb} {ev['amount']} life (now {p.life})"]

    def _apply(self, state: GameState, ev: dict[str, Any], counters: list[Counters], losses: list[LifeLoss]) -> list[str]:
        """120.3: the results of damage. The counters infect and wither put (120.3b, 120.3d) are
        added to ``counters``: they are events the replacement effects see too (Melira)."""
        if ev["type"] != "damage":
            raise DamageInputError("replacement", f"an outcome turns combat damage into a {ev['type']} event, "
                                   "which the combat damage step does not execute yet", "choose another outcome")
        source, target, amount = ev["source"], ev["target"], ev["amount"]
        if amount <= 0:
            prevented = ev.get("prevented") or 0
            rule = "510.2, 615" if ev.get("combat") else "615"
            return [f"{rule}: {self._name(source)}'s {prevented} damage to {self._name(target)} is prevented"] if prevented else []
        out = []
        turn_records.dealt_damage(state, source)  # 120.3: "if it hasn't dealt damage yet"
        infect, wither = _kw(self.chars, source, "infect"), _kw(self.chars, source, "wither") or self.all_wither
        if target in state.player_names:
            state.dealt_damage.add(target)  # 120.3: dealt damage this turn (bloodthirst, 702.54a)
            if ev.get("combat"):  # 702.173a freerunning: by an Assassin creature or a commander (turn_records.py)
                turn_records.combat_damage_to_player(state, self.chars, source)
            if infect:
                counters.append(Counters(type="counters", object=target, kind="poison", amount=amount))
                out.append(f"120.3b: {self._name(source)} deals {amount} damage to {target} (infect: poison counters)")
            else:  # 120.3a: the damage makes the player lose that much life, an event of its own (119.3)
                losses.append(LifeLoss(type="life_loss", player=target, amount=amount))
                out.append(f"120.3a: {self._name(source)} deals {amount} damage to {target}")
            toxic = _toxic(self.chars, source) if ev.get("combat") else 0
            if toxic:  # 702.164c (EN): also poison counters, the creature's total toxic value (702.164b)
                counters.append(Counters(type="counters", object=target, kind="poison", amount=toxic))
                out.append(f"702.164c: {self._name(source)}'s combat damage gives {target} {toxic} poison counters "
                           "(total toxic value, 702.164b)")
        else:
            o = state.objects[target]
            damaged_by.record(state, source, target)  # 120.3: "dealt damage by this creature this turn"
            types = self.chars.get(target, {}).get("types", ())
            if "planeswalker" in types:
                before = o.loyalty_or_defense("loyalty")
                o.counters["loyalty"] = max(before - amount, 0)
                removed = before - o.counters["loyalty"]
                if removed:  # 603.2: "whenever loyalty counters are removed" (one event per planeswalker)
                    self._removed[target] = self._removed.get(target, 0) + removed
                out.append(f"120.3c: {self._name(source)} deals {amount} damage to {self._name(target)}: {amount} loyalty counters removed")
            if "battle" in types:
                o.counters["defense"] = max(o.loyalty_or_defense("defense") - amount, 0)
                out.append(f"120.3h: {self._name(source)} deals {amount} damage to {self._name(target)}: {amount} defense counters removed")
            if "creature" in types:
                if infect or wither:
                    counters.append(Counters(type="counters", object=target, kind="-1/-1", amount=amount))
                    out.append(f"120.3d: {self._name(source)} deals {amount} damage to {self._name(target)} "
                               "(wither or infect: -1/-1 counters)")
                else:
                    o.damage += amount
                    out.append(f"120.3e: {self._name(source)} deals {amount} damage to {self._name(target)} (marked: {o.damage})")
                if _kw(self.chars, source, "deathtouch"):
                    o.deathtouched = True  # 702.2b, checked by 704.5h
        return out


class CombatDamage(DamageEvents):
    def __init__(self, state: GameState, layers: LayersResult | None = None, config: SolverConfig | None = None):
        if state.combat is None or not state.combat.attackers:
            raise DamageInputError("combat.attackers", "no creature is attacking",
                                   "give the board a combat with attackers (combat damage is dealt in combat, 510)")
        super().__init__(state, layers, config)
        self.combat = state.combat
        self.in_combat = self.attackers() + self.blockers()  # the creatures in combat, attackers first
        self.step = self._step()
        # 510.1a: "assigns combat damage equal to its toughness rather than its power": the objects the layers
        # program applies such an effect to (613.6: its set fixed as it first applied)
        self.by_toughness = {o for e in self.layers.in_force if "damage_by_toughness" in e.get("named", ())
                             for o in e.get("applies_to", ())}
        # "You may have this creature assign its combat damage as though it weren't blocked": those it applies to
        self.may_as_unblocked = {o for e in self.layers.in_force if "assign_as_unblocked" in e.get("named", ())
                                 for o in e.get("applies_to", ())}

    # --- 510.4: which step, and who deals damage in it ---------------------------------------------
    def _creature(self, oid: str) -> bool:
        return oid in self.chars and "creature" in self.chars[oid]["types"]

    def attackers(self) -> list[str]:
        return [a for a in self.combat.attackers if self._creature(a)]

    def blockers(self) -> list[str]:
        return [b for b in self.combat.blockers if self._creature(b)]

    def strikes_first(self, oid: str) -> bool:
        return _kw(self.chars, oid, "first strike") or _kw(self.chars, oid, "double strike")

    def _step(self) -> str:
        """'first' (510.4: some creature in combat has first strike or double strike), 'second' (the
        step after it) or 'only'; the state doesn't change under a CombatDamage, so once."""
        if self.combat.first_strikers is not None:
            return "second"
        if any(self.strikes_first(c) for c in self.in_combat):
            return "first"
        return "only"

    def deals_now(self, oid: str) -> bool:
        if self.step == "first":
            return self.strikes_first(oid)
        if self.step == "second":  # 510.4, 702.4c-d, 702.7c
            return oid not in self.combat.first_strikers or _kw(self.chars, oid, "double strike")
        return True

    # --- 510.1: what each creature may assign -------------------------------------------------------
    def _defender(self, attacker: str) -> str | None:
        """What the attacker attacks, if it still does (510.1b: a planeswalker or battle that left
        combat gets nothing)."""
        d = self.combat.attackers[attacker]
        if d in self.state.player_names:
            return d
        return d if d in self.state.battlefield else None

    def _defending_player(self, attacker: str) -> str:
        d = self.combat.attackers[attacker]
        if d in self.state.player_names:
            return d
        o = self.state.objects[d]
        protector = o.choices.get("protector")
        return str(protector) if protector and "battle" in self.chars.get(d, {}).get("types", ()) else (o.controller or o.owner)

    def dealer(self, oid: str) -> Dealer:
        amount = "toughness" if oid in self.by_toughness else "power"  # 510.1a: its power, or its toughness
        power = max(self.chars[oid][amount] or 0, 0)  # 510.1a: 0 or less assigns no damage
        trample = deathtouch = as_unblocked = False
        must: list[str] = []
        defender = beyond = None
        if oid in self.combat.attackers:
            side = "attacker"
            over_pw = _kw(self.chars, oid, "trample over planeswalkers")
            trample = _kw(self.chars, oid, "trample") or over_pw  # 702.19c: trample, with one exception
            deathtouch = _kw(self.chars, oid, "deathtouch")
            blockers = [b for b in self.combat.blockers_of(oid) if self._creature(b)]
            defender = self._defender(oid)
            if over_pw and self.combat.attackers[oid] not in self.state.player_names:
                beyond = self._defending_player(oid)  # 702.19c: past the planeswalker, its controller
                if defender is None:  # 702.19d: the planeswalker left combat
                    defender, beyond = beyond, None
            chooser = self.state.active
            if any(_kw(self.chars, b, "banding") for b in blockers) or _legends_band(self.chars, blockers):
                chooser = self._defending_player(oid)  # 702.22j
            past = ([defender] + ([beyond] if beyond else [])) if defender else []
            if not self.combat.is_blocked(oid):
                recipients, rule = past, ("702.19c" if beyond else "510.1b")
            elif not blockers:  # 702.19e: as though lethal damage were assigned to every blocker
                recipients, rule = (past if trample else []), ("702.19e" if trample else "510.1c")
            else:
                recipients, rule = list(blockers), "510.1c"
                if trample and past:
                    recipients += past
                    must, rule = list(blockers), ("702.19c" if beyond else "702.19b")
            if self.combat.is_blocked(oid) and oid in self.may_as_unblocked and defender is not None:
                # its controller may have it assign all its combat damage as an unblocked creature would, to what
                # it attacks (510.1b), or as a blocked one does (510.1c): the assignment says which
                recipients, as_unblocked = recipients + ([defender] if defender not in recipients else []), True
        else:
            side, rule = "blocker", "510.1d"
            chooser = self._controller(oid)
            recipients = [a for a in self.combat.attackers
                          if oid in self.combat.blockers_of(a) and self._creature(a)]
            if any(_kw(self.chars, a, "banding") for a in recipients) or _legends_band(self.chars, recipients):
                chooser = self.state.active  # 702.22k
        if power == 0 or not recipients:
            forced: dict[str, int] | None = {}
        elif len(recipients) == 1 and not as_unblocked:
            forced = {recipients[0]: power}
        else:
            forced = None
        return Dealer(oid, power, side, recipients, chooser, trample, deathtouch, must, forced, rule, defender, beyond,
                      as_unblocked)

    def dealers(self) -> list[Dealer]:
        return [self.dealer(c) for c in self.in_combat if self.deals_now(c)]

    # --- 510.1e: the whole assignment ---------------------------------------------------------------
    def check(self, given: Assignment) -> tuple[list[Problem], Assignment]:
        dealers = {d.creature: d for d in self.dealers()}
        for c, to in given.items():
            if c not in self.state.objects:
                raise DamageInputError(f"assign.{c}", f"names {c!r}, which is not on the board",
                                       "name a creature that deals combat damage in this step")
            for r, n in to.items():
                if r not in self.state.objects and r not in self.state.player_names:
                    raise DamageInputError(f"assign.{c}.{r}", f"names {r!r}, which is not on the board",
                                           "name a creature, planeswalker, battle or player")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise DamageInputError(f"assign.{c}.{r}", f"{n!r} is not a whole number of damage",
                                           "write 0 or more")
        problems: list[Problem] = []
        full: Assignment = {}
        for c in given:
            if c in dealers:
                continue
            if c in self.in_combat:
                problems.append(Problem("510.4", c, f"510.4: {self._name(c)} doesn't assign combat damage in this step "
                                        "(the first step is for first strike and double strike; the second for the "
                                        "others and double strike)."))
            else:
                problems.append(Problem("510.1", c, f"510.1: {self._name(c)} is not an attacking or blocking creature, "
                                        "so it assigns no combat damage."))
        for c, d in dealers.items():
            to = {r: n for r, n in given.get(c, {}).items() if n > 0}
            if c not in given:
                if d.forced is None:
                    problems.append(Problem(d.rule, c, f"{d.rule}: {self._name(c)} has {d.power} damage to divide among "
                                            f"{', '.join(map(self._name, d.recipients))}: {d.chooser} must say how."))
                    continue
                to = dict(d.forced)
            full[c] = to
            for r in to:
                if r not in d.recipients:
                    problems.append(Problem(d.rule, c, f"{d.rule}: {self._name(c)} can't assign combat damage to {self._name(r)}."))
            total = sum(to.values())
            if total != (d.power if d.recipients else 0):
                want = d.power if d.recipients else 0
                problems.append(Problem("510.1a", c, f"510.1a: {self._name(c)} assigns {want} combat damage "
                                        f"(its power{'' if d.recipients else ', but it has nothing to assign it to'}), not {total}."))
        # 702.19b: damage to the defender only once every blocker is assigned lethal damage, counting the
        # damage already marked and what the other creatures assign in this step (702.2c: deathtouch)
        for c, d in dealers.items():
            if c not in full:
                continue
            past = [x for x in (d.defender, d.beyond) if x is not None and full[c].get(x, 0) > 0]
            if d.as_unblocked and past and any(r != d.defender for r in full[c]):
                if not d.trample:  # as though it weren't blocked (510.1b): all of it to what it attacks, or none
                    problems.append(Problem("510.1b", c, f"510.1b: {self._name(c)} assigns its combat damage as though "
                                            f"it weren't blocked, all of it to {self._name(d.defender)}, or as a blocked "
                                            "creature, to its blockers only: not both."))
                    continue
            elif d.as_unblocked and past:
                continue  # all of it to what it attacks, as though it weren't blocked (510.1b)
            if past and d.must_be_lethal:
                for b in d.must_be_lethal:
                    if not self._lethal(b, full, dealers):
                        problems.append(Problem("702.19b", c, f"702.19b: {self._name(c)} assigns damage to "
                                                f"{self._name(past[0])} before lethal damage to {self._name(b)}."))
            # 702.19c: past the planeswalker only once damage equal to its loyalty is assigned to it
            if d.beyond is not None and full[c].get(d.beyond, 0) > 0:
                loyalty = self.state.objects[d.defender].loyalty_or_defense("loyalty")
                total = sum(to.get(d.defender, 0) for to in full.values())
                if total < loyalty:
                    problems.append(Problem("702.19c", c, f"702.19c: {self._name(c)} assigns damage to {d.beyond} "
                                            f"while only {total} damage is assigned to {self._name(d.defender)}, "
                                            f"whose loyalty is {loyalty}."))
        return problems, full

    def _lethal(self, blocker: str, full: Assignment, dealers: dict[str, Dealer]) -> bool:
        toughness = self.chars[blocker]["toughness"] or 0
        marked = self.state.objects[blocker].damage
        total = sum(to.get(blocker, 0) for to in full.values())
        if any(to.get(blocker, 0) > 0 and dealers[x].deathtouch for x, to in full.items()):
            return True  # 702.2c
        return marked + total >= toughness

    # --- 510.2: dealing it ------------------------------------------------------------------------
    def deal(self, given: Assignment, replacement_outcome: Outcomes = None, keep_legend=None,
             choose: OutcomeChooser | None = None) -> DamageResult:
        """Deal an assignment (510.2), then the state-based actions. 616.1 choices: see ``happen``;
        ``choose`` also picks for the state-based actions' events."""
        problems, full = self.check(given)
        if problems:
            return DamageResult(False, problems, full)
        events = [Damage(type="damage", source=c, target=r, amount=n, combat=True)
                  for c in sorted(full) for r, n in sorted(full[c].items()) if n > 0]
        for ev in events:
            shield = self._protection(ev.target, ev.source)
            if shield is not None:
                raise DamageInputError(f"assign.{ev.source}", f"702.16e: {self._name(ev.target)} has {shield}, which would "
                                       "prevent this damage: protection's prevention is not executed yet",
                                       "check the assignment alone (mtgjudge damage without --out is exact up to here)")
        happened = self.happen(events, replacement_outcome, choose=choose)
        if isinstance(happened, Problem):
            return DamageResult(False, [happened], full)
        state, final, log, triggers = happened
        # 510.4: after the first step, the second is the next one
        if self.step == "first":
            state.combat.first_strikers = tuple(sorted(c for c in self.in_combat if self.strikes_first(c)))
        sba = state_based_actions(state, self.config, keep_legend, choose=choose)  # 704.5j, 616.1: the caller's choices
        log += sba.log
        return DamageResult(True, [], full, final, log, sba, sba.state, triggers + sba.triggers)
