"""The turn (500-514): the steps in order (500.1), mana emptying (500.4), extra turns (500.7) and
additional phases (500.10), the turn-based actions of each step (703.4: untap 502.3, draw 504.1,
declarations 508.1 and 509.1, combat damage 510), and the cleanup step (514.1: discarding to hand
size; 514.2: damage wears off, "until end of turn" effects end)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.game.combat_damage import CombatDamage
from engine.files.events import ZoneChange
from engine.state.model import STEPS
from engine.game.common import Chapter, GameError, _name
from engine.game import actions, handsize, mounts, planechase, play_exiled, sagas, schemes, skips, tap_ops, turn_records
from engine.game import mayhem  # 702.187b


HAND_SIZE = handsize.HAND_SIZE  # 402.2
# 500.1: the phases, by their steps; the last step of each (an additional phase comes after it, 500.10)
PHASE_OF = {"untap": "beginning", "upkeep": "beginning", "draw": "beginning", "precombat_main": "precombat_main",
            "beginning_of_combat": "combat", "declare_attackers": "combat", "declare_blockers": "combat",
            "first_strike_damage": "combat", "combat_damage": "combat", "end_of_combat": "combat",
            "postcombat_main": "postcombat_main", "end": "ending", "cleanup": "ending"}
LAST_STEP = {"beginning": "draw", "precombat_main": "precombat_main", "combat": "end_of_combat",
             "postcombat_main": "postcombat_main", "ending": "cleanup"}


class Turn(Chapter):
    """The turn and its steps (500-514)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.extra_upkeeps = 0  # 500.10: additional upkeep-only beginning phases due after this phase
        self.in_extra: str | None = None  # in one: the last step of the phase they follow
        self.extra_turns: list[str] = []  # 500.7: the extra turns to take, the last created first
        self.in_order: str | None = None  # 500.7: whose turn in the turn order was the last (an extra turn aside)
        # 500.7: what an instruction after "take an extra turn after this one" says of that turn, by its position in
        # extra_turns ("no_schemes": schemes can't be set in motion, 701.32, engine/game/schemes.py; "skip_untap": its
        # untap step is skipped, 500.11), and what the current turn has of them
        self.extra_rules_at: dict[int, set[str]] = {}
        self.this_turn_rules: set[str] = set()

    def end_combat_effects(self) -> None:
        """511.3, 611.2a: the effects that last "this combat" (provoke's requirement, 702.39a) end as the end of combat
        step ends."""
        st = self.game.state
        ended = [e for e in st.effects if e.duration == "end_of_combat"]
        if ended:
            st.effects = [e for e in st.effects if e.duration != "end_of_combat"]
            for k, e in enumerate(st.effects, 1):
                e.index = k
            self.game.say("511.3", "the effects that last this combat end: " + ", ".join(
                f"{e.source_card}'s" for e in ended))

    def next_step(self) -> None:
        st = self.game.state
        self.game.mana.empty_pools(st.step)  # 500.4, 106.4
        # 500.10: additional beginning phases of an upkeep step only, right after the phase they follow
        if self.extra_upkeeps and (self.in_extra or LAST_STEP[PHASE_OF[st.step]] == st.step):
            after = self.in_extra or st.step
            if self.in_extra is None and st.step == "end_of_combat" and st.combat is not None:
                st.combat = None
                self.game.say("511.3", "the creatures are removed from combat")
            if self.in_extra is None and st.step == "end_of_combat":
                self.end_combat_effects()
            self.extra_upkeeps -= 1
            self.in_extra = after
            st.step = "upkeep"
            self.game.say("500.10", "an additional beginning phase: its untap and draw steps are skipped, its upkeep step begins")
            return
        if self.in_extra is not None:  # back to the step after the phase the extra phases followed
            st.step, self.in_extra = self.in_extra, None
        i = STEPS.index(st.step)
        if st.step == "end_of_combat":
            if st.combat is not None:
                st.combat = None
                self.game.say("511.3", "the creatures are removed from combat")
            self.end_combat_effects()
        if st.step == "cleanup":
            self.game.transforming.new_turn()  # 603.4, 502.2: this turn's spells are last turn's
            # 500.7: the newest extra turn first; then the turn order goes on from the last turn taken in it
            last = self.in_order if self.in_order is not None and not self.game.state.player(self.in_order).lost \
                else st.active
            names = self.game.players_from(last)
            extra = self.extra_turns.pop() if self.extra_turns else None
            self.this_turn_rules = self.extra_rules_at.pop(len(self.extra_turns), set()) if extra is not None else set()
            if extra is None:
                self.in_order = None
            elif self.in_order is None:
                self.in_order = st.active
            st.active = extra or (names[1] if len(names) > 1 else names[0])
            st.turn += 1
            st.lands_played = 0
            st.left_battlefield = set()
            st.drawn = {}  # 121.1: the cards drawn this turn
            st.attacked, st.died, st.lost_life = set(), [], set()  # what happened this turn (raid, morbid, 119.3)
            st.dealt_damage = set()  # 702.54a: the players dealt damage this turn
            st.damaged_by = set()  # 120.3: the permanents dealt damage this turn, by source (engine/game/damaged_by.py)
            st.targeted = {}  # 115.1: the permanents that became targets this turn (engine/game/targeted.py)
            st.gained_life = set()  # 119.3: the players who gained life this turn
            st.life_gained, st.life_lost, st.descended = {}, {}, set()  # the turn's history (engine/game/history.py)
            planechase.new_turn(self.game)  # 311.5, 116.2i: the new planar controller; no planar die rolled yet
            st.nonland_entered = {}  # (celebration: the nonland permanents that entered under each player's control)
            turn_records.new_turn(st)  # (engine/game/turn_records.py: more of the turn's record)
            for o in st.objects.values():  # no permanent has entered the battlefield in the new turn yet
                o.entered_this_turn = False
            self.game.costs.loyalty_used = set()
            self.game.combat.attacked_with = {}
            st.step = "untap"
            if extra is not None:
                self.game.say("500.7", f"turn {st.turn}: {st.active} takes an extra turn")
            else:
                self.game.say("500.1", f"turn {st.turn}: {st.active}'s turn begins")
            return
        st.step = STEPS[i + 1]

    def restrict_extra(self, you: str, rule: str, why: str, text: str) -> None:
        """500.7: the extra turn the instruction before just created (the last of extra_turns, ``you``'s) has ``rule``
        ("no_schemes", "skip_untap"); the log says ``text`` by the rule ``why``."""
        if self.extra_turns and self.extra_turns[-1] == you:
            self.extra_rules_at.setdefault(len(self.extra_turns) - 1, set()).add(rule)
            self.game.say(why, text)

    def dont_untap(self, oids: list[str]) -> list[str]:
        """502.3: the permanents that untap, less those an ability in force says don't untap during their
        controller's untap step ("This creature doesn't untap during your untap step", "Enchanted
        creature doesn't untap during its controller's untap step": StaticAbility.doesnt_untap)."""
        st = self.game.state
        kept: dict[str, tuple[str, str]] = {}
        for src, _index, ab, you in list(self.game.abilities_in_force()):
            sel = getattr(ab, "doesnt_untap", None)
            if sel is None:
                continue
            ctx = SelectorContext(st, characteristics(st, self.game.layers()), src, you, (), dict(st.objects[src].choices))
            for x in oids:
                if x not in kept and ctx.match(sel, x):
                    kept[x] = (src, ab.display())
        for x in [x for x in st.battlefield if st.objects[x].controller == st.active]:
            # a mana ability's "This land doesn't untap during your next untap step." (this one: the effect ends)
            why = st.objects[x].choices.pop("doesnt_untap_next", False)
            if why and x in oids and x not in kept:  # (a resolved instruction's: its words, DoesntUntapNext)
                kept[x] = (x, why if isinstance(why, str) else "This land doesn't untap during your next untap step.")
        kept.update({x: v for x, v in tap_ops.kept_by_effects(self.game, oids).items() if x not in kept})  # 611.2
        for x, (src, text) in kept.items():
            self.game.say("502.3", f"{_name(st, x)} doesn't untap: {_name(st, src)} (\"{text}\")")
        chosen = tap_ops.kept_tapped(self.game, [x for x in oids if x not in kept])  # 502.3: "You may choose not to untap"
        return [x for x in oids if x not in kept and x not in chosen]

    def turn_based_actions(self) -> bool:
        """The turn-based actions of the step that begins (703.4); True when the step is skipped."""
        st = self.game.state
        step = st.step
        if step == "untap":  # 302.6: controlled continuously since the turn began (skipped untap step or not)
            for oid in st.battlefield:
                if st.objects[oid].controller == st.active:
                    st.objects[oid].summoning_sick = False
        skipped = skips.skipping(self.game, step) if step in ("untap", "upkeep", "draw") else None
        if skipped:  # 614.10, 500.11: as though the step didn't exist
            self.game.say("614.10", f"{st.active} skips the {step} step: {skipped}")
            return True
        if step == "untap":
            if "skip_untap" in self.this_turn_rules:  # 500.11, 614.10: the step as if it didn't exist
                self.game.say("500.11", f"the untap step of {st.active}'s extra turn is skipped")
                return True
            self.game.transforming.untap_check()  # 502.2 (engine/game/transform.py)
            untapped = [oid for oid in st.battlefield if st.objects[oid].controller == st.active and st.objects[oid].tapped]
            untapped = actions.stunned(self.game, self.dont_untap(untapped))  # 122.1d: before they untap
            if untapped:
                self.game.say("502.3", f"{st.active} untaps " + ", ".join(_name(st, o) for o in untapped))
                self.game.events.untap(untapped)  # (what triggers waits for the upkeep, 502.4)
        elif step == "draw":
            if st.turn == 1 and len(st.players) == 2:
                self.game.say("103.8a", f"{st.active} skips the draw step of the first turn")
                return True
            self.game.events.draw(st.active, 1, "504.1")
        elif step == "precombat_main":  # 505.4, 714.3b: lore counters on the active player's Sagas (engine/game/sagas.py)
            schemes.set_in_motion_action(self.game)  # 505.3, first: the archenemy's scheme (engine/game/schemes.py)
            sagas.lore_action(self.game)
        elif step == "declare_attackers":
            self.game.combat.declare_attackers()
            if st.combat is None:
                return False
        elif step in ("declare_blockers", "first_strike_damage", "combat_damage"):
            if st.combat is None or not st.combat.attackers:
                return True  # 508.8: no attackers, no declare blockers or combat damage steps
            if step == "declare_blockers":
                self.game.combat.declare_blockers()
            else:
                dealer = CombatDamage(st, self.game.layers(), self.game.config)
                if step == "first_strike_damage" and dealer.step != "first":
                    return True  # 510.4: only when a creature in combat has first strike or double strike
                self.game.combat.combat_damage(dealer)
        elif step == "cleanup":
            self.cleanup()
        return False

    def discards_chosen(self, player: str, hand: list[str], n: int, rule: str, missing: str, fix: str,
                        step: str | None = None) -> list[str]:
        """The n cards of `hand` the player discards, of their choice: {discard: [ID, ...]} (due in `step`
        when one is given; --auto: the last ones); `missing`, `fix`: the error when the script doesn't say."""
        act = self.game.action()
        if isinstance(act, gf.Discard) and act.by in (None, player) and (step is None or self.game.due(act, step)):
            self.game.take()
            chosen = list(act.discard)
            if len(chosen) != n or len(set(chosen)) != n or any(c not in hand for c in chosen):
                raise GameError(self.game.where(), f"{rule}: {player} discards {n} cards from their hand, not {chosen}",
                                f"name {n} cards of {player}'s hand")
            return chosen
        if self.game.auto:
            return hand[-n:]
        raise GameError(self.game.where(), missing, fix)

    def cleanup(self) -> None:
        st = self.game.state
        hand = st.zone_ids("hand", st.active)
        size, why = handsize.maximum(self.game, st.active)  # 402.2, 613.11: the effects in timestamp order
        if size is None and len(hand) > HAND_SIZE:  # 402.2: an effect removes the maximum
            self.game.say("402.2", f"{st.active} has no maximum hand size (\"{why[-1]}\"): nothing is discarded")
        elif size is not None and len(hand) > size:  # 514.1
            if why:
                self.game.say("402.2", f"{st.active}'s maximum hand size is {size} (" + "; ".join(f'"{w}"' for w in why) + ")")
            n = len(hand) - size
            chosen = self.discards_chosen(
                st.active, hand, n, "514.1", f"514.1: {st.active} has {len(hand)} cards and discards {n}: which?",
                "add {discard: [ID, ...]} for the cleanup step, or use --auto", step="cleanup")
            self.game.say("514.1", f"{st.active} discards " + ", ".join(_name(st, c) for c in chosen))
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=c, **{"from": "hand"}, to="graveyard")
                                           for c in chosen], "514.1", "is discarded")
            for c in chosen:  # 702.187b: discarded this turn (engine/game/mayhem.py)
                mayhem.discarded(self.game, c)
        # 514.2: damage wears off and "until end of turn" effects end, at once
        healed = [oid for oid in st.battlefield if st.objects[oid].damage]
        for oid in healed:
            st.objects[oid].damage = 0
        ended = [e for e in st.effects if e.duration == "end_of_turn"]
        st.effects = [e for e in st.effects if e.duration != "end_of_turn"]
        play_exiled.expire(self.game)  # 514.2, 611.2a: the permissions to play exiled cards that end now
        unsaddled = mounts.end_of_turn(self.game)  # 514.2, 702.171b: "saddled until end of turn"
        if healed or ended or unsaddled:
            parts = []
            if healed:
                parts.append("damage is removed from " + ", ".join(_name(st, o) for o in healed))
            if ended:
                parts.append("the effects that last until end of turn end (" + ", ".join(e.source_card for e in ended) + ")")
            if unsaddled:
                parts.append("no longer saddled: " + ", ".join(unsaddled))
            self.game.say("514.2", "; ".join(parts))
