"""Priority (117): players receive it in turn until all pass in succession (117.3-117.5), the stack
resolves (117.4, 608.1); when a player may take an action (117.1a, 305.2, 601.3b, 613.10); a loop
of mandatory actions is a draw (104.4b). The actions with priority: playing a land (305.1-305.2),
turning a face-down permanent face up (116.2b, 702.37e), casting and activating, an illegal one
undone (733)."""

from __future__ import annotations

from typing import Any

from engine.files import gamefile as gf
from engine.files.events import Counters
from engine.vocab.selector import NONLAND_ENTERED_MAX
from engine.game.common import Chapter, MAIN, MAX_PRIORITY, Rejected, _name
from engine.game.triggered import face_up_triggers, granted_in_force
from engine.game import altcast, flash_more, granted_cards, intervening, planechase, play_exiled, turn_records
from engine.game import morph_costs  # (issue 21: 702.37e, a morph cost in words)
from engine.vocab.activation_limits import activation_limits
from engine.game import plot  # 702.170a-b
from engine.game import suspend  # 702.62a
from engine.game import script  # (issue 24: every line carried out or an error naming it)


class Priority(Chapter):
    """Priority (117) and the actions a player takes with it (305, 116.2b, 733)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self._loop_mark: tuple | None = None
        self._seen: set[str] = set()

    def priority(self) -> int:
        """Players receive priority in turn until all pass in succession with an empty stack (117.4);
        returns the number of priority passes."""
        st = self.game.state
        holder = st.active
        passes = count = 0
        while True:
            self.before_priority()
            if self.game.over():
                return count
            count += 1
            if count > MAX_PRIORITY:
                return count
            act = self.game.action()
            if isinstance(act, gf.Pass) and act.by in (None, holder) and self.game.due(act):
                self.game.take()  # an explicit pass (117.3d): counted below like any other
                self.game.say("117.3d", f"{holder} passes")
            elif act is not None and isinstance(act, (gf.Cast, gf.PlayLand, gf.Activate, gf.TurnFaceUp, gf.Foretell,
                                                  gf.RollPlanarDie, gf.Plot, gf.Suspend)) \
                    and act.by in (None, holder) and self.game.due(act) and self.may_now(act, holder):
                self.game.take()
                self.perform(act, holder)
                passes = 0
                continue  # 117.3c: the player who acted receives priority again
            passes += 1
            live = self.game.players_from(st.active)
            if passes >= len(live):
                if not st.stack:
                    return count  # 117.4: the step ends
                self.game.resolution.resolve()  # 117.4, 608.1
                holder, passes = st.active, 0  # 117.3b
                self.before_priority()
                if not self.game.over() and self.loop_check():  # 104.4b: the state after a resolution came back
                    self.draw_game()
                    return count
                continue
            holder = live[(live.index(holder) + 1) % len(live)] if holder in live else st.active

    def may_now(self, act: Any, player: str) -> bool:
        """An action waits (within its 'at' step, if any) for the first moment its timing allows (305.2,
        117.1a): a land or a noninstant spell in a main phase of its player's turn with an empty stack."""
        st = self.game.state
        sorcery_speed = isinstance(act, (gf.PlayLand, gf.RollPlanarDie))  # (116.2i: the planar die as a land)
        if isinstance(act, gf.Activate) and act.ability is not None and act.activate in st.objects:
            o = st.objects[act.activate]
            abilities = o.printed.abilities if o.printed is not None else ()
            ab = abilities[act.ability - 1] if act.ability <= len(abilities) else \
                dict(granted_in_force(st, self.game.layers(), act.activate)).get(act.ability)  # 613.1f
            if ab is not None and ab.kind == "activated":
                sorcery_speed = ab.loyalty or activation_limits(ab.effect).sorcery  # 602.5d
        if isinstance(act, gf.Cast) and act.cast in st.objects and st.objects[act.cast].printed is not None:
            # 601.3b: the player may begin to cast it now if a choice of its proposal (bestow) lets it be
            # cast as though it had flash; the characteristics it is cast with decide (601.3e)
            face = self.game.casting.spell_face(act.cast, act)
            sorcery_speed = not any(self.instant_speed(act.cast, c, player) for c in self.game.casting.proposals(face))
        return not sorcery_speed or (player == st.active and st.step in MAIN and not st.stack)

    def instant_speed(self, oid: str, card, player: str) -> bool:
        """117.1a: an instant, a spell with flash (702.8), or a spell an effect lets its player cast as
        though it had flash (613.10, 601.3b), may be cast whenever its player has priority."""
        return "Instant" in card.types or "flash" in {getattr(a, "keyword", None) for a in card.abilities} \
            or self.flash_for(oid, player, card) or flash_more.amount(card) > 0 \
            or granted_cards.given(self.game, oid, "flash")  # (113.6f: its own, for more; 613.1f: as the card is)

    def flash_for(self, oid: str, player: str, card) -> bool:
        """613.10: an effect in force lets the player cast this spell as though it had flash (Vedalken
        Orrery: "you", every spell; "Aura spells")."""
        casting = self.game.casting
        return any(player in on and casting.spell_is(op.spells, oid, card, player)
                   for op, on, _why, _ in casting.player_rules("cast_as_flash"))

    def loop_check(self) -> bool:
        """104.4b: a loop of mandatory actions. After each resolution (and the state-based actions and
        triggers that follow it) the whole game state is remembered; the same state again, in the
        same step with no action of the script taken since, means the game repeats a sequence of
        events no one stops: a draw."""
        st = self.game.state
        d = st.to_dict()
        if "died_this_turn" in d:  # how many creatures died this turn grows with each turn of the loop: whose died
            d["died_this_turn"] = sorted(set(d["died_this_turn"]))
        if "nonland_entered_this_turn" in d:  # grows too: no condition reads a count above NONLAND_ENTERED_MAX
            d["nonland_entered_this_turn"] = {p: min(n, NONLAND_ENTERED_MAX + 1) for p, n in d["nonland_entered_this_turn"].items()}
        turn_records.loop_key(d)  # (more of the turn's record: counts that grow with each turn of the loop)
        key = repr((d, [(t.source, t.ability, t.object) for t in self.game.pending],
                    sorted((k, v[1]) for k, v in self.game.abilities.items()), {p.name: (p.life, p.lost) for p in st.players},
                    [(d.text, d.it) for d in self.game.triggers.delayed]))
        mark = (st.turn, st.step, self.game.pos)
        if self._loop_mark != mark:
            self._loop_mark, self._seen = mark, set()
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def draw_game(self) -> None:
        self.game.say("104.4b", "the game repeats a loop of mandatory actions that no player stops: it is a draw")
        for p in self.game.state.players:
            p.lost = True  # a draw: every player leaves the game together, no one wins (104.4a)
        self.game.drawn = True

    def before_priority(self) -> None:
        """117.5: state-based actions, then the triggered abilities go on the stack, until neither."""
        self.game.triggers.state_triggers()
        for _ in range(100):
            self.game.combat.removed_from_combat()
            intervening.check(self.game)  # 603.4: the intervening "if" of what the last events triggered
            self.game.sba.perform_sba()
            self.game.triggers.delayed_left_battlefield()
            if self.game.over():
                return
            if not self.game.pending:
                return
            self.game.triggers.put_triggers()

    # --- actions with priority ------------------------------------------------------------------
    def perform(self, act: Any, player: str) -> None:
        """A player's action; an illegal one is undone (733) and reported."""
        script.nothing_named(self.game, act)  # (issue 24: an id that names nothing now is an error, not a refusal)
        saved = self.game.state.copy()
        try:
            if isinstance(act, gf.PlayLand):
                self.play_land(act, player)
            elif isinstance(act, gf.Activate) and act.ability is None:
                self.game.mana.activate_mana(act.activate, player, act.mana)
            elif isinstance(act, gf.Activate):
                self.game.costs.activate(act, player)
            elif isinstance(act, gf.TurnFaceUp):
                self.turn_face_up(act, player)
            elif isinstance(act, gf.RollPlanarDie):  # 116.2i (engine/game/planechase.py)
                planechase.roll(self.game, act, player)
            elif isinstance(act, gf.Foretell):  # 702.143a, 702.143b (engine/game/altcast.py)
                altcast.foretell(self.game, act, player)
            elif isinstance(act, gf.Plot):  # 702.170a-b (engine/game/plot.py)
                plot.plot(self.game, act, player)
            elif isinstance(act, gf.Suspend):  # 702.62a (engine/game/suspend.py)
                suspend.suspend(self.game, act, player)
            else:
                self.game.casting.cast(act, player)
        except Rejected as r:
            self.game.state.__dict__.update(saved.__dict__)
            self.game.rejected.append({"action": self.game.pos - 1, "rule": r.rule, "message": r.message})
            self.game.say(r.rule, f"rejected: {r.message}; the game goes back to before the action (733)")

    def turn_face_up(self, act: gf.TurnFaceUp, player: str) -> None:
        """116.2b, 702.37e: a face-down permanent with morph is turned face up by paying its morph cost (a
        special action: no stack); megamorph also puts a +1/+1 counter on it (702.37b); 702.168 (current official
        rules): one with disguise, by paying its disguise cost."""
        st = self.game.state
        oid = act.turn_face_up
        o = st.objects.get(oid)
        if o is None or oid not in st.battlefield or not o.face_down:
            raise Rejected("702.37e", f"{_name(st, oid)} is not a face-down permanent on the battlefield")
        if o.controller != player:
            raise Rejected("116.2b", f"{player} doesn't control {_name(st, oid)}")
        card = self.game.card_file(oid)
        morph = self.game.casting.keyword(card, "morph", "megamorph", "disguise") if card is not None else None
        if morph is None or not morph.cost:
            raise Rejected("702.37e", f"{_name(st, oid)} has no morph or disguise cost: it can't be turned face up this "
                                      "way")
        self.game.mana.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
        if morph.cost.startswith("{"):
            self.game.mana.pay(player, morph.cost)
        else:  # 702.37e: a morph cost in words ("Discard a card."), its parts paid as a cost's (601.2h)
            morph_costs.pay(self.game, oid, player, morph.cost, act)
        o.face_down = False
        rule, what = ("702.168", "disguise") if morph.keyword == "disguise" else ("702.37e", "morph")
        self.game.say(rule, f"{player} turns {oid} face up, paying its {what} cost {morph.cost} (116.2b): it is "
                            f"{card.name}")
        if morph.keyword == "megamorph":  # 702.37b: "put a +1/+1 counter on it if its megamorph cost was paid"
            self.game.say("702.37b", f"its megamorph cost was paid: a +1/+1 counter is put on {card.name}")
            self.game.events.counters([Counters(type="counters", object=oid, kind="+1/+1", amount=1)])  # 122.1, 614
        # 603.2, 708.8: the abilities that trigger on its turning face up (its own among them, now that it has them)
        self.game.pending += face_up_triggers(st, self.game.layers(), oid)

    def play_land(self, act: gf.PlayLand, player: str) -> None:
        st = self.game.state
        oid = act.play_land
        permit = play_exiled.allows(self.game, oid, player)  # 601.1a, 116.2a: an effect lets them play it from exile
        library = st.zone_ids("library", player)
        if library and library[0] == oid:  # 305.1: an effect lets them play lands from the top of their library
            permit = "; ".join(why for _op, on, why, _ in self.game.casting.player_rules("play_lands_from_library_top")
                               if player in on) or None
        yard = oid in st.zone_ids("graveyard", player)
        if yard:  # 305.1: an effect lets them play lands from their graveyard
            permit = "; ".join(why for _op, on, why, _ in self.game.casting.player_rules("play_lands_from_graveyard")
                               if player in on) or None
        if oid not in st.zone_ids("hand", player) and permit is None:
            raise Rejected("305.1", f"{_name(st, oid)} is not in {player}'s hand (nor in exile, in their graveyard or on "
                                    f"top of their library with an effect that lets {player} play it from there)")
        o = st.objects[oid]
        if o.printed is None or "Land" not in o.printed.types:
            raise Rejected("305.1", f"{_name(st, oid)} is not a land")
        if player != st.active or st.step not in MAIN or st.stack:
            raise Rejected("305.2", f"{player} may play a land only in a main phase of their turn with an empty stack")
        # 305.2: one land each turn, more when an ability in force says so ("You may play an additional land ...")
        allowed = 1 + sum(getattr(ab, "additional_lands", 0) for _src, _i, ab, you in self.game.abilities_in_force()
                          if you == player)
        if st.lands_played >= allowed:
            raise Rejected("305.2", f"{player} has already played {'a land' if allowed == 1 else f'{allowed} lands'} "
                                    "this turn")
        barred = [why for _op, on, why, _ in self.game.casting.player_rules("cant_play_lands") if player in on]
        if barred:  # 305.2: an effect that says the player can't play lands
            raise Rejected("305.2", f"{player} can't play lands ({'; '.join(barred)})")
        st.lands_played += 1
        frm = "library" if library and library[0] == oid else "graveyard" if yard else "exile" if permit else "hand"
        where = {"library": "the top of their library", "graveyard": "their graveyard"}.get(frm, "exile")
        self.game.say("305.1", f"{player} plays {_name(st, oid)}" + (f" from {where} "
                                                                     f"({permit})" if permit else ""))
        self.game.events.enter(oid, player, frm)
