"""Triggered abilities in the loop (603): "at the beginning of" a step (503.1, 513.1, 603.2b) and the
intervening "if" (603.4), state triggers (603.8), delayed triggered abilities (603.7), and the
triggered abilities put on the stack in APNAP order, each controller ordering theirs (603.3b),
their targets chosen then (603.3d). What events trigger is engine/game/triggered.py."""

from __future__ import annotations

from typing import Any


from engine.files import gamefile as gf
from engine.state.model import GameObject
from engine.vocab.cardfile import KeywordAbility
from engine.vocab.keyword_costs import stands_for
from engine.game import graveyard, monarch, planechase, uncounterable, upkeep_enchanted, vanishing
from engine.game import suspend  # 702.62a
from engine.vocab.oneshot import StateTrigger, StepTrigger
from engine.game.triggered import Triggered, apnap, target_triggers
from engine.game.crime import crime_triggers
from engine.game.common import Chapter, GameError, Rejected, _name
from engine.game import actions, conditions, intervening, modal, trigger_limits




class _Delayed:
    """603.7: a delayed triggered ability, from the moment the resolving spell or ability created it
    until it triggers (603.7b: only once). ``it``: the object it refers to, as (id, zone, zone
    changes) when it was created (603.7c: that object only, 400.7)."""

    kind = "triggered"
    continuous = None
    replacement = None
    trigger = None
    targets = None

    def __init__(self, op, source: str, ability: int, controller: str, it: tuple | None, turn: int,
                 them: list[tuple] | None = None):
        self.op, self.one_shot, self.text = op, op.one_shot, op.text
        self.turn = turn  # the turn it was created in
        self.source, self.ability, self.controller, self.it = source, ability, controller, it
        # 603.7c: about: entered, "sacrifice them": each permanent the instruction before put onto the battlefield
        self.them = them

    def display(self) -> str:
        return self.text


# 603.7b: what makes a delayed triggered ability trigger, and the rules it triggers by
DELAYED_AT = {"end": "next_end_step", "end_of_combat": "end_of_combat", "upkeep": "next_turn_upkeep"}
DELAYED_RULE = {"next_end_step": "513.1, 513.2, 603.7b", "end_of_combat": "511.2, 603.7b", "next_turn_upkeep": "503.1, 603.7b",
                "leaves_battlefield": "603.6c, 603.7b", "becomes_untapped": "603.2e, 603.7b",
                "dies_or_exiled": "701.66a, 603.6c, 603.7b"}


class _Specs:
    """The targets of the chosen modes of a modal triggered ability, in order (603.3c, 700.2)."""

    def __init__(self, targets: list) -> None:
        self.targets = targets


class Triggers(Chapter):
    """Triggered abilities: triggering, waiting, going on the stack (603)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.state_live: set[tuple[str, int]] = set()  # 603.8: state triggers waiting or on the stack
        self.known: dict[tuple[str, int], Any] = {}  # (object, index) -> ability, as last seen
        # "This ability triggers only once each turn", 603.2h "Do this only once each turn" (engine/game/trigger_limits.py)
        self.triggered_on_turn: dict[tuple[str, int, int], int] = {}  # (object, index, zone changes): the turn
        self.done_on_turn: dict[tuple[str, str, int], int] = {}  # (object, its text, zone changes): the turn done
        self.modes_chosen: dict[tuple[str, int, int], list[tuple[int, int]]] = {}  # (turn, mode) by object: modal.py
        self.delayed: list[_Delayed] = []  # 603.7: the delayed triggered abilities waiting to trigger
        # 702.88a: rebound's delayed triggered abilities: (the card exiled, as a reference; its controller; the turn)
        self.rebounds: list[tuple[tuple, str, int]] = []
        # 702.30a: the permanents (id, zone changes) each player controlled as each of their upkeeps began, by
        # turn; turn 0: those of the board as the game is loaded (under their control since before it began)
        st = game.state
        self.upkeeps: dict[str, list[tuple[int, set[tuple[str, int]]]]] = {
            p.name: [(0, {(x, st.objects[x].zone_changes) for x in st.battlefield if st.objects[x].controller == p.name})]
            for p in st.players}

    def step_triggers(self) -> None:
        """503.1, 513.1, 603.2b: the abilities that trigger "at the beginning of" this step, on the
        permanents as the step begins; an intervening "if" clause is checked now (603.4)."""
        st = self.game.state
        for oid, index, ab, you in graveyard.step_sources(self.game):  # (113.6m: a graveyard card's too)
            trig = getattr(ab, "trigger", None)
            if not isinstance(trig, StepTrigger) or trig.at_beginning_of != st.step:
                continue
            if trig.whose == "you" and st.active != you or trig.whose == "opponent" and st.active == you:
                continue
            # 303.4, 503.1: an Aura's "upkeep of enchanted creature's controller" (upkeep_enchanted.py); 603.2: else
            fires, about = (upkeep_enchanted.triggers_now(self.game, trig, oid)  # "that player": the active one
                            if trig.whose in ("enchanted_controller", "enchanted_player") else (True, st.active))
            if not fires:
                continue
            if not self.intervening_if(trig, you, oid):
                self.game.say("603.4", f"{_name(st, oid)}'s ability doesn't trigger: {self.if_text(trig)} is false "
                                       "as the step begins")
                continue
            if getattr(ab, "if_condition", None) is not None and not conditions.holds(self.game, ab.if_condition, oid, you, about):  # 603.4
                self.game.say("603.4", f"{_name(st, oid)}'s ability doesn't trigger: its 'if' is false as the step begins")
                continue
            self.game.pending.append(Triggered(oid, index, ab.display(), oid, trig.at_beginning_of, "603.2b", you, player=about, model=ab))
        if st.step == "upkeep":  # 702.30a: what the active player controls as this upkeep begins
            layers = self.game.layers()
            self.upkeeps.setdefault(st.active, []).append((st.turn, {
                (x, st.objects[x].zone_changes) for x in st.battlefield
                if layers.objects.get(x, {}).get("controller") == st.active}))
        if st.step == "upkeep":  # 702.24a: cumulative upkeep, each instance (702.24b), of the active player's permanents
            for oid, index, ab, you in list(self.game.abilities_in_force()):
                if you == st.active and ab.kind == "keyword" and ab.keyword == "cumulative upkeep" and ab.cost:
                    self.game.pending.append(Triggered(oid, index, ab.display(), oid, "upkeep", "702.24a, 503.1", you,
                                                       model=ab))
            vanishing.upkeep_triggers(self.game)  # 702.63a (engine/game/vanishing.py)
            suspend.upkeep_triggers(self.game)  # 702.62a: the suspended cards the active player owns (engine/game/suspend.py)
            planechase.upkeep_triggers(self.game)  # 503.1: a face-up plane's "... and at the beginning of your upkeep"
        if st.step == "upkeep":  # 702.88a: "at the beginning of your next upkeep" (603.7b: once), for a card still exiled
            for ref, you, turn in [r for r in self.rebounds if r[1] == st.active and st.turn > r[2]]:
                self.rebounds.remove((ref, you, turn))
                o = st.objects.get(ref[0])
                mine = o.printed.abilities if o is not None and o.printed else ()
                index = next((i for i, ab in enumerate(mine, 1) if getattr(ab, "keyword", None) == "rebound"), 0)
                if o is not None:  # the card's rebound, or the one an effect gave the spell (613.1f, spell_keywords.py)
                    ab = mine[index - 1] if index else KeywordAbility(kind="keyword", keyword="rebound")
                    self.game.pending.append(Triggered(ref[0], index or len(mine) + 1, ab.display(), ref[0], "upkeep",
                                                       "702.88a, 603.7b", you, model=ab))
        if st.step == "end":  # 722.2: "At the beginning of the monarch's end step, that player draws a card"
            monarch.end_step_trigger(self.game)
        # 511.2, 513.1: "at end of combat", "at the beginning of the next end step": a delayed triggered
        # ability created before this step began (513.2: not one created during it)
        for d in [d for d in self.delayed if d.op.when == DELAYED_AT.get(st.step)
                  and (d.op.when != "next_turn_upkeep" or st.turn > d.turn)]:  # (the next turn's upkeep, not this one's)
            self.delayed_triggers(d)

    def ward_triggers(self, x: str, player: str) -> None:
        """702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent controls,
        counter that spell or ability unless that player pays [cost]": each ward instance (702.21b) of
        each permanent the spell or ability ``x`` of ``player`` targets, as it becomes their target (a
        spell as it is cast, an activated ability as it is activated: 601.2c, 602.2b)."""
        st = self.game.state
        layers = self.game.layers()
        # 603.2e: "whenever this creature becomes the target of a spell or ability"
        self.game.pending += target_triggers(st, layers, [t for t in st.objects[x].targets if isinstance(t, str)], player)
        self.game.pending += crime_triggers(st, layers, [t for t in st.objects[x].targets if isinstance(t, str)], player)  # 700.13
        for t in dict.fromkeys(st.objects[x].targets):
            if t not in st.battlefield or layers.objects.get(t, {}).get("controller") in (None, player):
                continue
            for holder, index in layers.printed_abilities.get(t, ()):
                ab = st.objects[holder].printed.abilities[index - 1]
                if ab.kind == "keyword" and ab.keyword == "ward":
                    self.game.pending.append(Triggered(t, index, ab.display(), x, "ward", "702.21a, 603.2",
                                                       layers.objects[t]["controller"], model=ab))
            # a ward the layers give it otherwise (613.1f: an effect's; 702.168a, 708.2: a face-down permanent cast
            # with disguise is a 2/2 with ward {2}, layer 1b), numbered after its printed abilities
            granted = [g for g in layers.granted_keyword_abilities.get(t, ()) if g.keyword == "ward" and g.cost]
            base = len(st.objects[t].printed.abilities) if st.objects[t].printed is not None else 0
            for k, g in enumerate(granted, base + 1):
                ab = KeywordAbility(kind="keyword", keyword="ward", cost=g.cost)
                self.game.pending.append(Triggered(t, k, ab.display(), x, "ward", "702.21a, 603.2",
                                                   layers.objects[t]["controller"], model=ab))

    def ward(self, x: str | None, cost: str, source: str) -> None:
        """702.21a: counter the spell or ability ``x`` unless its controller pays [cost]: {may: true, tap:
        [...]} pays (--auto: pays when the mana can), {may: false} doesn't; a spell that can't be
        countered stays (113.6)."""
        st = self.game.state
        if x is None or x not in st.stack:
            self.game.say("702.21a", "the spell or ability that targeted it has left the stack: nothing happens")
            return
        payer = st.objects[x].controller
        act = self.game.action()
        if isinstance(act, gf.MayAnswer) and act.by in (None, payer):
            self.game.take()
            self.game.mana.mana_abilities(act.tap, payer)
            pay = act.may
        elif self.game.auto:
            pay = True
        else:
            raise GameError(self.game.where(), f"702.21a: {payer} may pay {cost} (the ward of {_name(st, source)}) or "
                                               f"{_name(st, x)} is countered", "add {may: true} (with tap: [...] for the "
                                                                                "mana) or {may: false}, or use --auto")
        if pay:
            try:
                self.game.mana.pay(payer, cost)
                self.game.say("702.21a", f"{payer} pays {cost} for the ward of {_name(st, source)}: {_name(st, x)} stays")
                return
            except Rejected as e:
                if not self.game.auto:
                    raise GameError(self.game.where(), f"702.21a: {e}", "give the mana (tap: [...]) or {may: false}") from None
        o = st.objects[x]
        if o.kind == "ability":  # 701.6a: a countered ability is removed from the stack
            st.stack.remove(x)
            del st.objects[x]
            self.game.abilities.pop(x, None)
            self.game.say("701.6a", f"{payer} doesn't pay {cost}: the ability {x} is countered by the ward of "
                                    f"{_name(st, source)}")
            return
        if uncounterable.cant_be_countered(self.game, x):  # 113.6, 106.6, 701.6a
            self.game.say("701.6a", f"{_name(st, x)} can't be countered: it stays on the stack (113.6)")
            return
        self.game.say("701.6a", f"{payer} doesn't pay {cost}: {_name(st, x)} is countered by the ward of {_name(st, source)}")
        self.game.resolution.off_the_stack(x, "701.6a")

    def intervening_if(self, trig, you: str, source: str | None = None) -> bool:
        if getattr(trig, "if_life_at_least", None) is not None:
            return self.game.state.player(you).life >= trig.if_life_at_least
        if getattr(trig, "if_came_under_control", False):
            return self.came_under_control(source, you)
        if getattr(trig, "if_spells_last_turn", None) is not None:  # 603.4 (engine/game/transform.py)
            return self.game.transforming.spells_last_turn_hold(trig.if_spells_last_turn)
        return True

    def came_under_control(self, oid: str | None, you: str) -> bool:
        """702.30a: "if this permanent came under your control since the beginning of your last upkeep":
        it is not one of the permanents ``you`` controlled as their last upkeep before this turn began (the
        same object, 400.7); the board as the game was loaded counts as controlled since before it."""
        st = self.game.state
        o = st.objects.get(oid) if oid is not None else None
        if o is None or oid not in st.battlefield:
            return False
        before = [seen for turn, seen in self.upkeeps.get(you, []) if turn < st.turn]
        return bool(before) and (oid, o.zone_changes) not in before[-1]

    @staticmethod
    def if_text(trig) -> str:
        if getattr(trig, "if_came_under_control", False):
            return "'if this permanent came under your control since the beginning of your last upkeep'"
        if getattr(trig, "if_spells_last_turn", None) is not None:
            return {"none": "'if no spells were cast last turn'"}.get(trig.if_spells_last_turn,
                                                                      "'if a player cast two or more spells last turn'")
        return f"'if you have {trig.if_life_at_least} or more life'"

    def state_triggers(self) -> None:
        """603.8: state-triggered abilities trigger whenever their state holds, but not again while one
        of them is waiting or on the stack."""
        st = self.game.state
        for oid, index, ab, you in list(self.game.abilities_in_force()):
            trig = getattr(ab, "trigger", None)
            if not isinstance(trig, StateTrigger) or (oid, index) in self.state_live:
                continue
            holds = (trig.state == "no_cards_in_hand" and not st.zone_ids("hand", you)
                     or trig.state == "no_counters" and st.objects[oid].zone == "battlefield"
                     and not st.objects[oid].counters.get(trig.kind)
                     or trig.state == "controls_none" and actions.controls_none(self.game, trig, oid, you))
            if holds:
                self.state_live.add((oid, index))
                self.game.pending.append(Triggered(oid, index, ab.display(), oid, "state", "603.8", you, model=ab))

    # --- delayed triggered abilities (603.7) -----------------------------------------------------
    def refers_to(self, ab) -> list[str]:
        """603.7c: the object a delayed triggered ability refers to: affected whatever its
        characteristics are now, but not if it left the zone it was in (a new object, 400.7)."""
        ref = getattr(ab, "it", None)
        if getattr(ab, "them", None) is not None and len(ab.them) != 1:  # (each of them, 603.7c)
            return [x for r in ab.them for x in self.refers_to(_Delayed(ab.op, ab.source, ab.ability, ab.controller, r, 0))]
        if ref is None:
            self.game.say("603.7c", f"\"{ab.display()}\" refers to no object it knows: it does nothing")
            return []
        if self.game.same(ref):
            return [ref[0]]
        o = self.game.state.objects.get(ref[0])
        zone = {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile"}.get(
            o.zone if o is not None else "", f"in its owner's {o.zone if o is not None else ''}")
        where = f"it is now {zone}" if o is not None and o.zone != ref[1] else \
            "it left and came back" if o is not None else "it has ceased to exist"
        self.game.say("603.7c", f"{_name(self.game.state, ref[0])} is no longer the object \"{ab.display()}\" refers to "
                                f"({where}: a new object, 400.7): the ability doesn't affect it")
        return []

    def create_delayed(self, op, source: str, ab, you: str, targets: list, name: str) -> None:
        """603.7: the resolving spell or ability creates a delayed triggered ability; its source is the
        spell or the source of the ability, its controller the one who controlled it as it resolved
        (603.7d-e). One that waits for an event about an object that already left the battlefield
        can never trigger (603.7a: the event happened before it existed)."""
        st = self.game.state
        refs = self.game.resolution.resolving_refs
        if op.about == "target":
            t = targets[op.target - 1] if op.target <= len(targets) else None
            ref = self.game.snap(t) if t is not None and t not in st.player_names else None
        elif op.about == "self_now":  # the source where the instruction just before put it (the card exiled, 400.7)
            was, ref = refs.get("self"), self.game.snap(source)
            if was is None or ref is None or ref[2] != was[2] + 1:  # it didn't move once since the ability began
                ref = None
        elif op.about == "entered":  # 608.2c: the permanents the instruction before put onto the battlefield
            them = [self.game.snap(x) for x in getattr(self.game.instructions, "entered", [])]
            ref = them[0] if them else None
        else:
            ref = refs.get("self" if op.about == "self" else "that")
        o = st.objects.get(source)
        index = getattr(ab, "ability", None) or (list(o.printed.abilities).index(ab) + 1
                                                 if o is not None and o.printed is not None and ab in o.printed.abilities else 0)
        d = _Delayed(op, source, index, you, ref, st.turn, them if op.about == "entered" else None)
        about = f" (about {_name(st, ref[0])})" if ref is not None and ref[0] != source else ""
        if d.them is not None and len(d.them) != 1:
            about = f" (about {', '.join(_name(st, r[0]) for r in d.them) or 'nothing: no permanent entered'})"
        if op.when in ("leaves_battlefield", "becomes_untapped", "dies_or_exiled") and (ref is None or ref[1] != "battlefield"
                                                                      or not self.game.same(ref)):
            gone = "the object it refers to" if ref is None else "it" if ref[0] == source else _name(st, ref[0])
            self.game.say("603.7a", f"{name} creates the delayed triggered ability \"{op.text}\", but {gone} left the "
                                    "battlefield before it existed: it will never trigger")
            return
        self.delayed.append(d)
        self.game.say("603.7", f"{name} creates a delayed triggered ability: \"{op.text}\"{about}")

    def rebound_later(self, card: str, you: str) -> None:
        """702.88a: the spell exiled by rebound as it resolves: "at the beginning of your next upkeep, you may cast
        this card from exile without paying its mana cost", a delayed triggered ability (603.7) about that card."""
        self.rebounds.append((self.game.snap(card), you, self.game.state.turn))
        self.game.say("603.7", f"rebound of {_name(self.game.state, card)} creates a delayed triggered ability: \"At the "
                               f"beginning of your next upkeep, you may cast this card from exile without paying its mana "
                               f"cost\" ({you})")

    def delayed_triggers(self, d: _Delayed) -> None:
        """603.7b: it triggers, once: it no longer waits."""
        self.delayed.remove(d)
        self.game.pending.append(Triggered(d.source, d.ability, d.text, d.it[0] if d.it is not None else d.source, d.op.when,
                                           DELAYED_RULE[d.op.when], d.controller, model=d))

    def delayed_left_battlefield(self) -> None:
        """603.7: "when this creature leaves the battlefield": the object it refers to left (it moved,
        whatever the way: it is a new object now, 400.7). It is then looked for in the zone it went to
        (603.6e). One waiting for its object to untap can't trigger any more: forgotten. 701.66a: "when this land dies
        or is put into exile" triggers if it went to a graveyard or exile, and is forgotten otherwise."""
        for d in list(self.delayed):
            if d.op.when == "leaves_battlefield" and not self.game.same(d.it):
                self.delayed_triggers(d)
                d.it = self.game.snap(d.it[0])
            elif d.op.when == "dies_or_exiled" and not self.game.same(d.it):  # 701.66a: to a graveyard or exile only
                d.it = self.game.snap(d.it[0])
                if d.it is not None and d.it[1] in ("graveyard", "exile"):
                    self.delayed_triggers(d)
                else:  # (it went elsewhere: a new object, 400.7, that it can't trigger for any more)
                    self.delayed.remove(d)
            elif d.op.when == "becomes_untapped" and not self.game.same(d.it):
                self.delayed.remove(d)

    def remember(self) -> None:
        """The abilities of every object now, for triggers whose source is gone by the time they go on
        the stack (a token that died has ceased to exist, 704.5d; its ability still triggered)."""
        for oid, o in self.game.state.objects.items():
            if o.printed is not None:
                for i, ab in enumerate(o.printed.abilities, 1):
                    self.known[(oid, i)] = ab

    def put_triggers(self) -> None:
        """603.3b: APNAP order; each player puts their own in the order they choose."""
        st = self.game.state
        intervening.check(self.game)  # 603.4: an event trigger's intervening "if", after its event (the last ones)
        self.game.pending = trigger_limits.allowed(self.game, self.game.pending)  # 603.2h, "triggers only once"
        ordered, counts = apnap(st, self.game.pending)
        self.game.pending = []
        layers = None
        by_player: dict[str, list[Triggered]] = {}
        for t in ordered:
            by_player.setdefault(t.controller, []).append(t)
        for p in self.game.players_from(st.active):
            mine = by_player.get(p, [])
            if len(mine) > 1 and len({(t.source, t.ability) for t in mine}) > 1:
                act = self.game.action()
                names = [f"{t.source}#{t.ability}" for t in mine]
                if isinstance(act, gf.OrderTriggers) and act.by in (None, p):
                    self.game.take()
                    if sorted(act.order_triggers) != sorted(names):
                        raise GameError(self.game.where(), f"603.3b: {p}'s triggered abilities are {names}, the order names "
                                                           f"{act.order_triggers}", "list each of them once")
                    mine = [mine[names.index(x)] for x in act.order_triggers]
                elif not self.game.auto:
                    raise GameError(self.game.where(), f"603.3b: {p} puts {len(mine)} triggered abilities on the stack "
                                                       f"({', '.join(names)}) in an order of their choice",
                                    "add {order_triggers: [...]} (first put, first listed), or use --auto")
            for t in mine:
                src = st.objects.get(t.source)
                # (a keyword defined as a triggered ability, frenzy, mentor: as that ability, 702)
                ab = t.model if t.model is not None else stands_for(src.printed.abilities[t.ability - 1]) \
                    if src is not None and src.printed is not None and 1 <= t.ability <= len(src.printed.abilities) \
                    else self.known.get((t.source, t.ability))
                targets: list[str] = []
                modes: list[int] = []
                if ab is not None and getattr(ab, "modes", None) is not None:  # 603.3c
                    modes = self.trigger_modes(t, ab, p)
                    modal.record(self.game, t.source, t.ability, modes)  # 700.2: "that hasn't been chosen"
                    if not modes:
                        self.game.say("603.3c", f"no mode of the triggered ability of {_name(st, t.source)} (\"{t.text}\") "
                                                "is chosen: it is removed from the stack")
                        continue
                    bullets = self.mode_abilities(t.source, t.ability)
                    chosen = _Specs([s for m in modes for s in (bullets[m - 1].targets or [])])
                    if chosen.targets:
                        targets = self.trigger_targets(t, chosen, p)
                        if targets is None:  # (a chosen mode's targets can be chosen: 603.3c; not together)
                            self.game.say("603.3d", f"the triggered ability of {_name(st, t.source)} (\"{t.text}\") has no "
                                                    "legal targets for its modes: it is removed from the stack")
                            continue
                elif ab is not None and getattr(ab, "targets", None):
                    targets = self.trigger_targets(t, ab, p)
                    if targets is None:
                        self.game.say("603.3d", f"the triggered ability of {_name(st, t.source)} (\"{t.text}\") has no legal "
                                                "target: it is removed from the stack")
                        continue
                oid = self.game.fresh_id(f"{t.source}_ability")
                st.objects[oid] = GameObject(id=oid, kind="ability", zone="stack", owner=t.controller,
                                             controller=t.controller, printed=None, ability_of=t.source,
                                             ability_index=t.ability, targets=tuple(targets),
                                             choices={"modes": modes} if modes else {})
                self.game.abilities[oid] = (ab, t.text)
                self.game.amounts[oid] = t.amount
                self.game.refs[oid] = {"self": self.game.snap(t.source), "that": self.game.snap(t.object)}
                self.game.transforming.mark(oid, t.source)  # 701.27f
                self.game.about[oid] = t.object
                if t.player:
                    self.game.players_about[oid] = t.player
                st.stack.append(oid)
                aim = f" targeting {', '.join(_name(st, x) for x in targets)}" if targets else ""
                aim = (f" (mode{'s' if len(modes) > 1 else ''} {', '.join(map(str, modes))})" if modes else "") + aim
                self.game.say("603.3", f"{t.controller} puts the triggered ability of {_name(st, t.source)} on the stack"
                                       f"{aim}: \"{t.text}\" ({t.rule})")
                if targets:  # 603.2e: its targets became targets (what that triggers waits for the next time, 603.3)
                    # (the permanents' characteristics, which abilities on the stack don't change: one solve)
                    layers = layers or self.game.layers()
                    self.game.pending += target_triggers(st, layers, targets, t.controller)
                    self.game.pending += crime_triggers(st, layers, targets, t.controller)  # 700.13

    def mode_abilities(self, source: str, index: int) -> list:
        """700.2, 603.3c: the modes of the modal triggered ability ``index`` of ``source``: the mode
        abilities that follow it (as last seen, for a source that is gone)."""
        o = self.game.state.objects.get(source)
        printed = list(o.printed.abilities) if o is not None and o.printed is not None else []
        out = []
        for k in range(index + 1, 10_000):
            ab = printed[k - 1] if k <= len(printed) else self.known.get((source, k))
            if ab is None or ab.kind != "mode":
                return out
            out.append(ab)
        return out

    def trigger_modes(self, t: Triggered, ab, player: str) -> list[int]:
        """603.3c: the controller announces the modes as the ability is put on the stack (700.2: each
        at most once, 700.2d); a mode whose targets can't be chosen can't be chosen. The game file's
        {trigger_modes: {SOURCE#INDEX: [N, ...]}}; without it, the legal ones when they are as many as
        the text says, else --auto's first legal ones; [] when none can be chosen."""
        st = self.game.state
        key = f"{t.source}#{t.ability}"
        bullets = self.mode_abilities(t.source, t.ability)
        legal = [k for k, m in enumerate(bullets, 1) if self.can_target(t.source, m.targets or [], player)]
        legal = modal.offered(self.game, t.source, t.ability, ab.modes, legal)  # 700.2: "that hasn't been chosen"
        n = 1 if ab.modes.any_number else ab.modes.number
        drawn = modal.at_random(self.game, player, ab.modes, legal, key)  # 700.2: "choose one at random"
        if drawn is not None:
            return drawn
        act = self.game.action()
        if isinstance(act, gf.TriggerModes) and key in act.trigger_modes:
            chosen = list(act.trigger_modes[key])
            rest = {k: v for k, v in act.trigger_modes.items() if k != key}
            if rest:
                self.game.actions[self.game.pos] = act.model_copy(update={"trigger_modes": rest})
            else:
                self.game.take()
            if len(set(chosen)) != len(chosen) and not ab.modes.repeat or not modal.fewest(ab.modes) <= len(chosen) <= (
                    len(bullets) if ab.modes.any_number else n):
                raise GameError(self.game.where(), f"603.3c: {key} (\"{t.text}\") has {n} mode(s) chosen, each at most "
                                                   f"once (700.2d), not {chosen}", "name the modes by their numbers")
            for m in chosen:
                if m not in legal:
                    why = "it has no mode" if not 1 <= m <= len(bullets) else "its targets can't be chosen"
                    raise GameError(self.game.where(), f"603.3c: mode {m} of {key} can't be chosen: {why}",
                                    f"choose among {legal}")
            return sorted(chosen)
        forced = modal.forced(ab.modes, legal, self.game.auto)  # (no choice left to the player)
        if forced is not None:
            return forced
        if not self.game.auto:
            raise GameError(self.game.where(), f"603.3c: {player} chooses {n if not ab.modes.any_number else 'one or more'} "
                                               f"mode(s) of {key} (\"{t.text}\") among {legal} ({_name(st, t.source)})",
                            f"add {{trigger_modes: {{{key}: [...]}}}}, or use --auto")
        return legal[:n]

    def can_target(self, source: str, specs, player: str) -> bool:
        """601.2c, 603.3c: whether each target of ``specs`` can be chosen now (different objects)."""
        chosen: list[str] = []
        for spec in self.game.targets.expand(specs, player):
            if getattr(spec, "up_to", False) or getattr(spec, "any_number", False):
                continue
            legal = [x for x in self.target_pool(player) if x not in chosen
                     and self.game.targets.target_problem(source, spec, x, player) is None]
            if not legal:
                return False
            chosen.append(legal[0])
        return True

    def target_pool(self, player: str) -> list[str]:
        """The candidates for a target, in the canonical order (the players from the one after the
        controller, the permanents in board order, the cards in graveyards, their owners in that order)."""
        st = self.game.state
        after = self.game.players_from(player)
        return after[1:] + after[:1] + list(st.battlefield) + [c for p in after[1:] + after[:1]
                                                                for c in st.zone_ids("graveyard", p)]

    def trigger_targets(self, t: Triggered, ab, player: str) -> list[str] | None:
        """603.3d: the controller chooses the targets as the ability is put on the stack; None when a
        target can't be chosen."""
        st = self.game.state
        key = f"{t.source}#{t.ability}" if t.ability > 0 else f"{t.source}#when_you_do"
        act = self.game.action()
        if isinstance(act, gf.TriggerTargets) and key in act.trigger_targets:
            chosen = act.trigger_targets[key]
            rest = {k: v for k, v in act.trigger_targets.items() if k != key}
            if rest:
                self.game.actions[self.game.pos] = act.model_copy(update={"trigger_targets": rest})
            else:
                self.game.take()
            flat = self.game.targets.expand(ab.targets, player, len(chosen))
            if len(chosen) != len(flat):
                raise GameError(self.game.where(), f"603.3d: {key} has {len(flat)} target(s), not {len(chosen)}",
                                "name one target for each")
            for spec, x in zip(flat, chosen):
                why = self.game.targets.target_problem(t.source, spec, x, player)
                if why:
                    raise GameError(self.game.where(), f"603.3d: {_name(st, x)} can't be a target of {key}: {why}",
                                    "choose a legal target")
            for spec in ab.targets or ():  # 601.2c: "from a single graveyard"
                why = self.game.targets.graveyard_problem(spec, [x for s, x in zip(flat, chosen) if s is spec])
                if why:
                    raise GameError(self.game.where(), f"603.3d: {key} {why}", "choose cards of one graveyard")
            return list(chosen)
        pool = self.target_pool(player)
        chosen, picked = [], []  # (picked: the spec of each chosen target)
        for spec in self.game.targets.expand(ab.targets, player):
            legal = [x for x in pool if self.game.targets.target_problem(t.source, spec, x, player) is None and x not in chosen]
            legal = [x for x in legal if self.game.targets.graveyard_problem(spec, [c for s, c in zip(picked, chosen)
                                                                                     if s is spec] + [x]) is None]
            if getattr(spec, "up_to", False) and (not legal or not self.game.auto):
                if legal:  # "up to one target": none or one, the controller's choice (601.2c)
                    raise GameError(self.game.where(), f"603.3d: {player} chooses up to one target of {key} (\"{t.text}\") "
                                                       "among " + ", ".join(legal),
                                    f"add {{trigger_targets: {{{key}: [...]}}}} ([] for none), or use --auto (the first)")
                continue
            if not legal:
                return None
            if not self.game.auto and len(legal) > 1:
                raise GameError(self.game.where(), f"603.3d: {player} chooses the target of {key} (\"{t.text}\") among "
                                                   + ", ".join(legal),
                                f"add {{trigger_targets: {{{key}: [...]}}}}, or use --auto")
            chosen.append(legal[0])
            picked.append(spec)
        return chosen
