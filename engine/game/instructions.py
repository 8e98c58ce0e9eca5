"""What a resolving spell or ability does (608.2c-h): each one-shot instruction of the vocabulary
(engine/vocab/oneshot.py), each event through the replacement program; the choices it leaves to players
(608.2d, 701.21 sacrifices); the continuous effects it creates (611.2, 611.2c-d counted once) and its
replacement and prevention effects (614.1, 615.1)."""

from __future__ import annotations

from bridge.counting import counted_values
from bridge.replace import characteristics
from asp_rules.rulesdata import INTRINSIC_COUNTERS
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import Damage, LifeGain, LifeLoss, ZoneChange
from engine.files.events import Token as TokenEvent
from engine.files.events import Counters as CountersEvent
from engine.vocab.cardfile import CardFile
from engine.vocab.keyword_costs import defined_as
from engine.vocab.mana import parse_cost
from engine.vocab.oneshot import CREATURES, CREATURES_YOU_CONTROL, EACH
from engine.state.model import ContinuousEffect
from engine.game.triggered import event_triggers, granted_in_force
from engine.game.common import Chapter, GameError, Rejected, _name
from engine.game import (actions, attacking, choice_ops, counter_ability, counter_costs, delay_ops, eff_ops, kinship, library_ops,
                         blight, gy_ops, ifcond, monarch, paycost, play_exiled, roles, sagas, thatplayer, trigger_limits, warped)
from engine.game import hand_ops  # (issue 21: hands, 701.20a, 701.9b)
from engine.game import random_ops  # (issue 21: coin flips and clash, 705, 701.30)
from engine.game import tap_ops  # (issue 21: tapping, 701.26)
from engine.game import ring  # (issue 21: the Ring tempts you, 701.54)
from engine.game import graveyard  # (issue 21: 702.59a recover's "exile this card", from its owner's graveyard)
from engine.game import uncounterable  # (issue 21: spells that can't be countered by another object's effect, 701.6a)
from engine.game import mass_ops, planechase  # (issue 21: instructions on every permanent of a set, 608.2c; Planechase)
from engine.game import reveal_each  # (issue 21: each player's top card revealed, 701.20a)
from engine.game import freecast  # (issue 21: casting without paying the mana cost, 608.2g, 118.9)
from engine.game import pt_amount  # (issue 21: counted pumps and counters, 608.2h)
from engine.game import chosen_values  # 608.2c, 608.2d (issue 21: a value chosen as it resolves, read after)
from engine.game import amounts, xvalue  # 608.2h (issue 21: counted amounts); 107.3a
from engine.game import target_ops  # 601.2d (issue 21: several targets in one ability)
from engine.game import payx  # 118.12, 107.3f (issue 21: "you may pay {X}. If you do, ...")
from engine.game import mana_counted  # 106.1, 608.2h (issue 21: an amount of mana counted as it resolves)
from engine.game import copy_next, token_copy_ops  # 111.1, 707.2, 707.9b, 603.7 (issue 21: copies)
from engine.game import discard_all, untap_chosen  # 701.9a, 608.2d, 701.26b (issue 21: round 21's spells)
from engine.game.sacrifices import Sacrifices
from engine.game.counting import count_of  # (611.2d, 608.2h: its own module, read by conditions.py too)


def _defined(op) -> CardFile | None:
    """111.4: the token an effect defines by its text ("a 1/1 white Human Soldier creature token"), as a
    token definition of its name (the keywords it gives are added as it is created); None: the library's."""
    d = getattr(op, "definition", None)
    if d is None:
        return None
    return CardFile(name=op.token, token=True, colors=list(d.colors), types=list(d.types), subtypes=list(d.subtypes),
                    power=d.power, toughness=d.toughness, abilities=list(d.abilities))  # 111.4: its quoted abilities


def pays(game, player: str, cost: str, rule: str, question: str) -> bool:
    """118.12, 117.1d: whether the player pays the mana ``cost`` as the spell or ability resolves: {may:
    true, by: PLAYER, tap: [...]} (the mana abilities activated first) pays, {may: false} doesn't; --auto:
    pays when the mana pool can."""
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, player):
        game.take()
        game.mana.mana_abilities(act.tap, player)
        pay = act.may
    elif game.auto:
        pay = True
    else:
        raise GameError(game.where(), f"{rule}: {question}",
                        "add {may: true, by: " + player + "} (with tap: [...] for the mana) or {may: false, by: "
                        + player + "}, or use --auto")
    if not pay:
        return False
    try:
        game.mana.pay(player, cost)
    except Rejected as e:
        if not game.auto:
            raise GameError(game.where(), f"{rule}: {e}", "give the mana (tap: [...]) or {may: false}") from None
        return False
    return True


def return_of_choice(game, op, source: str, player: str, name: str) -> None:
    """400.3: the player returns one of their permanents the selector matches to its owner's hand, of their
    choice ({return: ID, by: PLAYER}; --auto: the first in board order); none when they control none."""
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, player, (), {})
    able = [x for x in st.battlefield if game.chars(x).get("controller") == player and ctx.match(op.what, x)]
    if not able:
        game.say("400.3", f"{player} controls nothing to return to its owner's hand for {name}")
        return
    act = game.action()
    if isinstance(act, gf.ReturnChoice) and act.by in (None, player):
        game.take()
        if act.return_ not in able:
            raise GameError(game.where(), f"400.3: {_name(st, act.return_)} can't be returned for {name}",
                            "name one of " + ", ".join(able))
        chosen = act.return_
    elif len(able) == 1 or game.auto:
        chosen = able[0]
    else:
        raise GameError(game.where(), f"400.3: {player} returns one of {', '.join(able)} to its owner's hand "
                                           f"for {name}, of their choice",
                        "add {return: ID, by: " + player + "}, or use --auto")
    game.events.zone_changes([ZoneChange(type="zone_change", object=chosen, **{"from": "battlefield"}, to="hand")],
                                  "400.3", "is returned to its owner's hand")


class Instructions(Sacrifices, Chapter):
    """The instructions of a resolving spell or ability (608.2c-h, 611.2, 614.1)."""

    def follow(self, op, source: str, ab, you: str, targets: list, name: str) -> None:
        """One instruction of a resolving spell or ability (608.2c)."""
        if (op := chosen_values.bind(self, op)).op in DELEGATED:  # 608.2c-d: the value chosen bound; its own module
            DELEGATED[op.op](self, op, source, you, targets, name)
            return
        st = self.game.state

        def target(k: int) -> list[str]:
            return [targets[k - 1]] if k <= len(targets) and targets[k - 1] is not None else []

        def chosen(what: str, k: int = 1) -> list[str]:
            """The source ("this"), the object a delayed triggered ability refers to ("it"), or the target."""
            if what == "attached":  # 303.4, 301.5: the permanent the source is attached to, if it still is
                host = st.objects[source].attached_to if source in st.battlefield else None
                return [host] if host is not None else []
            if what == "that":  # 603.2: the creature the trigger's event was about (dealt damage, blocked, blocking)
                return eff_ops.that_creature(self.game)
            return [source] if what == "self" else self.game.triggers.refers_to(ab) if what == "it" else amounts.at_once(op, k, target)

        if op.op == "damage":
            dealer = source
            if op.by is not None:  # "target creature you control deals damage ..."
                dealer = next(iter(target(op.by)), None)
                if dealer is None or dealer not in st.battlefield:
                    self.game.say("608.2b", f"{name}: the creature that would deal the damage is gone: no damage")
                    return
            to = []
            for kind in (op.to if isinstance(op.to, list) else [op.to]):
                if kind == "target":
                    to += target(op.target)
                elif kind in EACH or kind == "each":  # 608.2c: the set fixed as it resolves
                    ctx = SelectorContext(st, characteristics(st, self.game.layers()), dealer, you, (), {})
                    to += [x for x in st.battlefield if ctx.match(op.each if kind == "each" else EACH[kind], x)]
                elif kind == "each_opponent":
                    to += [p for p in self.game.players_from(you) if p != you]
                elif kind in ("you", "that_player", "target_controller"):  # 120.3: "to you" (its controller), 603.2, 608.2h
                    to += self._who(kind, you, targets)
                elif kind == "that":  # 509.3b, 509.3d: the creature the trigger is about (400.7)
                    to += eff_ops.that_creature(self.game)
                else:
                    to += self.game.players_from(st.active)
            dealt = amounts.damage_events(self.game, op, source, you, dealer, to)  # 608.2h: how much to each
            dealt += amounts.also_dealt(op, dealer, you, self._who("target_controller", you, targets) if op.to_controller else [], targets)
            if dealt:  # 614.7a: a source that would deal 0 damage deals no damage
                self.game.events.damage(dealt)
        elif op.op == "destroy":
            if op.what in ("target", "it", "that"):
                what = [x for x in chosen(op.what, op.target) if x in st.battlefield]
                if op.if_mana_value_at_most is not None:  # checked as it resolves, on what it is now (202.3)
                    for x in [x for x in what if self.game.layers().mana_values.get(x, 0) > op.if_mana_value_at_most]:
                        what.remove(x)
                        self.game.say("608.2c", f"{_name(st, x)} has mana value {self.game.layers().mana_values.get(x, 0)}, more "
                                                f"than {op.if_mana_value_at_most}: it isn't destroyed")
            else:
                ctx = SelectorContext(st, characteristics(st, self.game.layers()), source, mass_ops.whose(op, you, targets), (), {})
                what = [x for x in st.battlefield if ctx.match(op.permanents, x)]
            for x in [x for x in what if "indestructible" in self.game.chars(x).get("abilities", ())]:
                what.remove(x)
                self.game.say("702.12b", f"{_name(st, x)} has indestructible: it isn't destroyed")
            snaps = {x: self.game.snap(x) for x in what}
            # 608.2h: "that creature's power", as it last existed on the battlefield
            last = {x: (self.game.chars(x).get("power"), self.game.chars(x).get("toughness")) for x in what}
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard",
                                                      destroy=True, regenerate=None if op.regenerate else False) for x in what],
                                          "701.8")
            mass_ops.record(self.game, "destroyed", snaps)  # 608.2c: "for each creature destroyed this way"
            if op.if_dies or op.otherwise:  # "if that creature dies this way" (700.4): battlefield to graveyard, now
                for x in chosen(op.what, op.target):
                    o = st.objects.get(x)
                    died = (x in snaps and o is not None and o.zone == "graveyard"
                            and o.zone_changes == snaps[x][2] + 1)
                    self.game.say("700.4", f"{_name(st, x)} {'died' if died else 'did not die'} this way")
                    for inner in (op.if_dies if died else op.otherwise):
                        if getattr(inner, "power_toughness_of", None) == "that_creature":  # Kalitas, Bloodchief of Ghet
                            self.game.events.tokens([TokenEvent(type="token", controller=you, token=inner.token,
                                                                amount=inner.amount)], tuple(inner.keywords), last[x])
                        else:
                            self.follow(inner, source, ab, you, targets, name)
        elif op.op == "draw":  # (that_many: the damage the triggering event dealt, 603.2; none drawn for 0)
            n = self.game.resolution.resolving_amount if op.amount == "that_many" else \
                _counted_amount(self.game, op, source, you).amount  # (a count: 608.2h, counted now, once)
            for p in self._who(op.who, you, targets) if n > 0 else ():
                self.game.events.draw(p, n, "121.1")
        elif op.op in ("gain_life", "lose_life"):
            cls = LifeGain if op.op == "gain_life" else LifeLoss
            events = []
            for p in self._who(op.who, you, targets):
                n = op.amount
                if not isinstance(n, (int, str)):  # a quantity, 608.2h: "N life for each [objects]" ("you": its controller)
                    verb = "gains" if op.op == "gain_life" else "loses"
                    n = amounts.quantity(self.game, n, source, you, targets, f"the life {p} {verb}")
                    if n <= 0:
                        self.game.say("119.9" if verb == "gains" else "119.3", f"{p} {verb} 0 life: no event happens")
                        continue
                if n == "that_many":  # 603.2: the damage the triggering event dealt
                    n = self.game.resolution.resolving_amount
                    if n <= 0:
                        continue
                if n == "life_lost_this_way":  # 702.101a: the life the instruction before made players lose
                    n = getattr(self, "lost_this_way", 0)
                    self.game.say("608.2c", f"the total life lost this way is {n}")
                    if n <= 0:
                        continue
                if n == "greatest_power":  # read as it resolves, on the creatures the player controls now
                    ctx = SelectorContext(st, characteristics(st, self.game.layers()), source, p, (), {})
                    powers = [self.game.chars(x).get("power") or 0 for x in st.battlefield
                              if ctx.match(CREATURES_YOU_CONTROL, x)]
                    n = max(powers, default=0)
                    self.game.say("608.2c", f"the greatest power among the creatures {p} controls is {n}")
                    if n <= 0:
                        self.game.say("119.9", f"{p} gains 0 life: no life is gained, and no event happens")
                        continue
                events.append(cls(type=op.op.replace("gain_life", "life_gain").replace("lose_life", "life_loss"),
                                  player=p, amount=n))
            before = {p.name: p.life for p in st.players}
            self.game.events.player_events(events)
            if op.op == "lose_life":  # (the life they lost, as the replacement effects had it: "this way", 608.2c)
                self.lost_this_way = sum(max(before[p.name] - p.life, 0) for p in st.players)
        elif op.op == "divided_damage":  # 601.2d: as announced; 608.2b: an illegal target gets none
            spell = st.objects.get(source)
            given = dict(zip(spell.targets, spell.choices.get("divide") or ())) if spell is not None else {}
            self.game.events.damage([Damage(type="damage", source=source, target=t, amount=given[t])
                                     for t in targets if t is not None and given.get(t, 0) > 0])
        elif op.op == "copy_spell":  # 707.10: the target spell, or the one that triggered the ability; 707.10c
            spell = next(iter(target(op.target)), None) if op.what == "target" else self.game.resolution.resolving_about
            self.game.resolution.copy_spell(spell, you, op.new_targets)
        elif op.op == "become_renowned":  # 702.112b (EN): the source, if still the same permanent (400.7)
            ref = self.game.resolution.resolving_refs.get("self")
            if source in st.battlefield and (ref is None or self.game.same(ref)):
                st.objects[source].renowned = True
                self.game.say("702.112b", f"{name} becomes renowned")
        elif op.op == "fight":  # 701.14a-b
            a, b = ([source] if op.this else target(op.target)), target(op.other)
            ctx = SelectorContext(st, characteristics(st, self.game.layers()), source, you, (), {})
            gone = [x for x in a + b if x not in st.battlefield or not ctx.match(CREATURES, x)]
            if not a or not b or gone:
                self.game.say("701.14b", f"{name}: a creature that would fight is an illegal target now, or no longer a "
                                         "creature on the battlefield: neither deals damage")
            else:
                pa, pb = (self.game.chars(x).get("power") or 0 for x in (a[0], b[0]))
                self.game.say("701.14a", f"{_name(st, a[0])} fights {_name(st, b[0])}")
                self.game.events.damage([Damage(type="damage", source=x, target=y, amount=n)
                                         for x, y, n in ((a[0], b[0], pa), (b[0], a[0], pb)) if n > 0])
        elif op.op == "counters":  # 122.1; attached: "on enchanted creature", the permanent the source is attached to (303.4)
            on = source if op.to == "self" else you if op.to == "you" else next(iter(chosen(op.to, op.target)), None)
            n = op.amount
            if n == "that_many":  # 603.2: the amount the triggering event gave (the life gained, the damage dealt)
                n = self.game.resolution.resolving_amount
            elif n == "own_counters":  # 603.10a: the source's +1/+1 counters as it last existed on the battlefield
                n = self.game.resolution.resolving_amount
                self.game.say("603.10a", f"{name} had {n} +1/+1 counter(s) as it last existed on the battlefield")
            elif n == "card_power":  # 702.97a, 608.2h: the card exiled from its graveyard to pay the cost, its power there
                o = st.objects.get(source)
                n = o.printed.power if o is not None and o.printed is not None else None
                if not isinstance(n, int):  # a power that a characteristic-defining ability gives (604.3): not read
                    raise GameError(self.game.where(), f"702.97a: the power of {name} ({n}) is not a number here", "")
                self.game.say("702.97a", f"the card exiled to pay the cost, {name}, has power {n}")
            elif not isinstance(n, int):  # 608.2h: a quantity, counted once as it resolves
                n = amounts.quantity(self.game, n, source, you, targets)
            if on is not None and n > 0:
                self.game.events.counters([CountersEvent(type="counters", object=on, kind=op.kind, amount=n,
                                                         by=you)])  # 608.2c: its controller puts them (Vorinclex)
        elif op.op == "remove_counters":  # 122.1: as many as it has, up to the amount
            on = source if op.to == "self" else next(iter(target(op.target)), None)
            o = st.objects.get(on) if on is not None else None
            n = min(op.amount, o.counters.get(op.kind, 0)) if o is not None and o.zone == "battlefield" else 0
            if n:
                o.counters[op.kind] -= n
                if not o.counters[op.kind] and op.kind not in INTRINSIC_COUNTERS.values():
                    del o.counters[op.kind]
                self.game.say("122.1", f"{n} {op.kind} counter{'s' if n > 1 else ''} removed from {_name(st, on)}")
                self.game.pending += event_triggers(st, self.game.layers(), [{"type": "counters_removed", "object": on,
                                                                               "kind": op.kind, "amount": n}])
        elif op.op == "doesnt_untap_next":  # 502.3: in its controller's next untap step (engine/game/turn.py)
            for x in chosen(op.what, op.target):
                if x in st.battlefield:
                    st.objects[x].choices["doesnt_untap_next"] = f"{name}: it doesn't untap during its controller's " \
                                                                 "next untap step"
                    self.game.say("502.3", f"{_name(st, x)} won't untap during its controller's next untap step ({name})")
        elif op.op == "transform":  # 701.27 (engine/game/transform.py)
            self.game.transforming.transform_source(source, name)
        elif op.op in ("tap", "untap"):  # 701.26
            for x in chosen(op.what, op.target):
                if x in st.battlefield and st.objects[x].tapped != (op.op == "tap"):
                    self.game.say("701.26", f"{_name(st, x)} becomes {op.op}ped")
                    if op.op == "tap":
                        self.game.events.tap([x])
                    else:
                        self.game.events.untap([x])
        elif op.op in ("exile", "return_to_hand"):  # 701.13; 400.3: to its owner's hand
            # a permanent; or a target card in a graveyard (115.1: "target creature card from your graveyard"); or the
            # resolving spell itself ("return Research the Deep to its owner's hand": 608.2n, it is no longer on the stack)
            what = [x for x in chosen(op.what, op.target) if x in st.battlefield or
                    op.what == "target" and x in st.objects and st.objects[x].zone == "graveyard"
                    or op.what == "self" and x in st.stack and x == source
                    or op.what == "self" and x == source and graveyard.exiles_self(self.game, ab, source)]
            to = "exile" if op.op == "exile" else "hand"
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to=to)
                                           for x in what], "701.13" if to == "exile" else "400.3",
                                          "is exiled" if to == "exile" else "is returned to its owner's hand")
            if getattr(op, "linked", False):  # 607.2a: exiled with the source, if it is still the same object
                gone = [x for x in what if st.objects[x].zone == "exile"]
                if gone and self.game.same(self.game.resolution.resolving_refs.get("self")):
                    st.objects[source].choices["exiled"] = list(st.objects[source].choices.get("exiled") or []) + gone
                elif gone:
                    self.game.say("607.2a", f"{_name(st, source)} is no longer the object whose ability this is (400.7): "
                                            f"nothing will return {', '.join(_name(st, x) for x in gone)}")
        elif op.op == "return_exiled":  # 607.2a, 610.3: the cards exiled with it, those still in exile
            linked = list(st.objects[source].choices.get("exiled") or []) if source in st.objects else []
            if source in st.objects:
                st.objects[source].choices.pop("exiled", None)
            back = [x for x in linked if x in st.objects and st.objects[x].zone == "exile"]
            if not back:
                self.game.say("607.2a", f"{name}: no card exiled with it is in exile: nothing returns")
            for x in back:
                self.game.events.enter(x, st.objects[x].owner, "exile")
        elif op.op == "delayed_trigger":
            self.game.triggers.create_delayed(op, source, ab, you, targets, name)
        elif op.op in delay_ops.OPS:  # 701.21a, 603.7c; 611.2c (engine/game/delay_ops.py)
            delay_ops.follow(self.game, op, source, ab, you, name)
        elif op.op == "counter":  # 701.6a
            for t in target(op.target):
                if t not in st.stack:
                    continue
                if st.objects[t].kind == "ability":  # 701.6a: "counter target activated ability"
                    counter_ability.counter(self.game, t, name)
                    continue
                spell = st.objects[t]
                if uncounterable.cant_be_countered(self.game, t):  # 113.6, 106.6, 701.6a
                    self.game.say("701.6a", f"{_name(st, t)} can't be countered: it stays on the stack (113.6)")
                    continue
                cost = counter_costs.unless_cost(self.game, op, source, you, count_of, t)  # 118.12a, 107.3a, 608.2h
                if cost is not None:  # 118.12a: its controller may pay; if they don't, it is countered
                    payer = spell.controller
                    if pays(self.game, payer, cost, "118.12a", f"{payer} may pay {cost} or {_name(st, t)} is countered ({name})"):
                        self.game.say("118.12a", f"{payer} pays {cost}: {_name(st, t)} is not countered")
                        continue
                    self.game.say("118.12a", f"{payer} doesn't pay {cost}")
                self.game.say("701.6a", f"{_name(st, t)} is countered: none of its effects happen")
                counter_costs.countered(self.game, op, t)  # 701.6a; 614.1a: "exile it instead", "on top ... instead"
        elif op.op == "extra_turn":  # 500.7
            for p in self._who(op.who, you, targets):
                self.game.turn.extra_turns.append(p)
                self.game.say("500.7", f"{p} will take an extra turn after this one")
        elif op.op in actions.OPS:  # 122.1, 610.3, 701.39a, 701.46a, 701.47a, 701.50a
            actions.follow(self.game, op, source, ab, you, targets, name)
        elif op.op == "exile_graveyards":
            cards = [c for p in self._who(op.who, you, targets) for c in st.zone_ids("graveyard", p)]  # 404.2
            if cards:
                self.game.events.zone_changes([ZoneChange(type="zone_change", object=c, **{"from": "graveyard"}, to="exile")
                                               for c in cards], "701.13", "is exiled")
        elif op.op == "sacrifice" and getattr(ab, "it", None) is not None and getattr(op.what, "self_", False) \
                and not self.game.triggers.refers_to(ab):
            pass  # 603.7c: a delayed ability's "sacrifice it": not a new object (refers_to says why)
        elif op.op == "if":  # 608.2c: "If [condition], [instructions]." (ifcond.py)
            ifcond.follow(self, op, source, ab, you, targets, name)
        elif op.op in random_ops.OPS:  # 705.1, 701.30: a coin flip, a clash (random_ops.py)
            random_ops.follow(self, op, source, ab, you, targets, name)
        elif op.op == "unless_pays":  # 118.12, 603.2: "unless that player pays {1}" (thatplayer.py)
            thatplayer.follow(self, op, source, ab, you, targets, name, pays)
        elif paycost.handles(op):  # 118.12: "unless they pay" of other players; 611.2: create_effect (paycost.py)
            paycost.follow(self, op, source, ab, you, targets, name, pays)
        elif op.op == "sacrifice" and op.unless_pays is not None and pays(
                self.game, you, op.unless_pays, "118.12", f"{you} may pay {op.unless_pays} for {name}, or sacrifice it "
                                                          f"(\"{ab.display()}\")"):
            self.game.say("118.12", f"{you} pays {op.unless_pays} for {name}: it is not sacrificed")
        elif op.op == "sacrifice":
            if op.unless_pays is not None:
                self.game.say("118.12", f"{you} doesn't pay {op.unless_pays} for {name}")
            done = [self.sacrifice_of_choice(op, source, p, name) for p in self._who(op.who, you, targets)]
            if op.if_you_do:  # "If you do" (608.2c): only if a permanent was sacrificed
                if any(done):
                    for inner in op.if_you_do:
                        self.follow(inner, source, ab, you, targets, name)
                else:
                    self.game.say("608.2c", f"nothing was sacrificed for {name}: what it does \"if you do\" doesn't happen")
        elif op.op == "may_sacrifice":
            self.may_sacrifice(op, source, you, targets, name, ab.display())
        elif op.op == "may":  # 608.2d: the controller chooses as it resolves
            first = op.one_shot[0]
            if first.op == "pay":  # 118.12: a cost paid as it resolves ({X}: 107.3f, X chosen then: payx.py)
                yes = payx.pay(self.game, you, first.cost, name, ab.display(), pays)
            elif paycost.is_first(first):  # 119.4, 701.21a: life paid, a permanent of theirs sacrificed (paycost.py)
                yes = paycost.done(self, first, source, you, name, ab.display(), ab)
            elif first.op == "reveal_top_sharing":  # 701.20a, 205.3m: kinship (engine/game/kinship.py)
                yes = kinship.may_reveal(self.game, source, you, name)
            elif first.op == "counters" and first.to == "self" and op.otherwise and source not in st.battlefield:
                yes = False  # 608.2d: counters on a permanent no longer there can't be put: an option not taken
                self.game.say("608.2d", f"{name} is no longer on the battlefield: {you} can't put the counters on it")
            elif first.op in ("discard", "discard_random") and (op.if_you_do or op.otherwise) \
                    and len(st.zone_ids("hand", you)) < first.amount:
                yes = False  # 608.2d: an option that can't be taken can't be chosen
                self.game.say("608.2d", f"{you} has fewer than {first.amount} card(s) in hand: {you} can't discard for "
                                        f"{name}, and doesn't")
            else:
                act = self.game.action()
                if isinstance(act, gf.MayAnswer) and act.by in (None, you):
                    self.game.take()
                    yes = act.may
                elif self.game.auto:
                    yes = True
                else:
                    raise GameError(self.game.where(), f"608.2d: {you} may do what {name} says (\"{ab.display()}\")",
                                    "add {may: true} or {may: false}, or use --auto")
                self.game.say("608.2d", f"{you} chooses {'to' if yes else 'not to'}: \"{ab.display()}\"")
                if yes:
                    before = self.game.events.drawn.get((st.turn, you), 0)
                    for inner in op.one_shot:
                        self.follow(inner, source, ab, you, targets, name)
                    if first.op == "draw" and first.amount != "that_many" and \
                            self.game.events.drawn.get((st.turn, you), 0) - before < first.amount:
                        yes = False  # 121.3, 121.4, 608.2c: they chose to draw, but drew fewer cards: they didn't
            if yes:  # 603.2h: "Do this only once each turn": done this turn
                trigger_limits.did_once(self.game, source, ab.display())
            if op.if_you_do:  # 118.12, 608.2c: only if they did
                if yes:
                    for inner in op.if_you_do:
                        self.follow(inner, source, ab, you, targets, name)
                else:
                    self.game.say("608.2c", f"{you} didn't: what {name} does \"if you do\" doesn't happen")
            if op.otherwise and not yes:  # 608.2c: "If you don't, ..."
                self.game.say("608.2c", f"{you} didn't: what {name} does \"if you don't\" happens")
                for inner in op.otherwise:
                    self.follow(inner, source, ab, you, targets, name)
        elif op.op == "additional_upkeeps":  # 500.10
            n = self.game.resolution.resolving_amount if op.amount == "that_many" else op.amount
            if n > 0:
                self.game.turn.extra_upkeeps += n
                self.game.say("500.10", f"{you} gets {n} additional upkeep step(s) after this phase")
        elif op.op == "exile_top_then_damage":  # 608.2f: one target after another
            for t in [x for x in targets if x is not None]:
                library = st.zone_ids("library", you)
                if not library:
                    self.game.say("608.2f", f"{you}'s library is empty: nothing is exiled for {_name(st, t)}")
                    continue
                top = library[0]
                mv = st.objects[top].printed.mana_value if st.objects[top].printed is not None else 0
                self.game.events.zone_changes([ZoneChange(type="zone_change", object=top, **{"from": "library"}, to="exile")],
                                              "608.2f", f"is exiled from the top of {you}'s library (mana value {mv})")
                if mv > 0 and (t in st.player_names or t in st.battlefield):
                    self.game.events.damage([Damage(type="damage", source=source, target=t, amount=mv)])
        elif op.op == "discard_hand":  # 701.9: each card of the hand, through the replacement program
            for p in self._who(op.who, you, targets):
                self.game.events.discard(p, list(st.zone_ids("hand", p)))
        elif op.op == "discard":  # 701.9b: cards of the player's choice ({discard: [ID, ...]}; --auto: the last ones)
            for p in self._who(op.who, you, targets):
                hand = list(st.zone_ids("hand", p))
                chosen = hand if len(hand) <= op.amount else self.game.turn.discards_chosen(
                    p, hand, op.amount, "701.9b", f"701.9b: {p} discards {op.amount} card(s) of their choice for {name}",
                    "add {discard: [ID, ...], by: " + p + "}, or use --auto")
                if not chosen:
                    self.game.say("701.9b", f"{p} has no card to discard")
                self.game.events.discard(p, chosen)
        elif op.op == "win_game":  # 104.2b: its controller wins; each opponent loses (104.3)
            self.game.events.win(you)
        elif op.op == "create_token":
            before, n = set(st.objects), op.amount
            if n == "x":  # 107.3a: the X announced as the spell was cast (601.2b) or the ability activated (602.2b)
                n = xvalue.announced(self.game, source)
            elif n == "that_many":  # 603.2: the damage the triggering event dealt
                n = self.game.resolution.resolving_amount or 0
            elif not isinstance(n, int):  # a quantity, 608.2h: "a ... token for each [objects]", counted once as it resolves
                n = amounts.quantity(self.game, n, source, you, targets, "the number of tokens to create")
            for p in self._who(op.who, you, targets) if n > 0 else ():  # 111.1: under the control of who creates them
                self.game.events.tokens([TokenEvent(type="token", controller=p, token=op.token, amount=n)],
                                        tuple(op.keywords), definition=_defined(op), tapped=op.tapped)
            if op.attacking:  # 508.4: "create two 1/1 ... tokens that are tapped and attacking" (engine/game/attacking.py)
                attacking.enter_attacking(self.game, attacking.made_tokens(self.game, op, before), source, you, name)
            if op.attach_to_it:  # 701.3a: "then attach this Equipment to it"
                self.game.resolution.attach_to(source, sorted(x for x in set(st.objects) - before if x in st.battlefield))
            if op.attached_to_target:  # 111.10k-q: a Role enters attached to the target (engine/game/roles.py)
                roles.attach(self.game, sorted(set(st.objects) - before), targets)
        elif op.op == "return_to_battlefield":  # 400.3: from its owner's graveyard, under its owner's control
            # (what: it, 603.7c: the card a delayed triggered ability refers to, from exile: Flickerwisp)
            zones = ("graveyard", "exile") if op.under_yours else ("exile",) if op.what == "it" else ("graveyard",)
            for x in chosen(op.what, op.target):  # (701.66a, under_yours: from either, under your control)
                if x in st.objects and st.objects[x].zone in zones:
                    self.game.events.enter(x, you if op.under_yours else st.objects[x].owner, st.objects[x].zone, tapped=op.tapped)
        elif op.op == "exile_top" and op.play:  # 701.13a, 611.2a: exiled, and its controller may play them
            play_exiled.exile_top(self.game, op, self._who(op.who, you, targets), you, name)
        elif op.op in library_ops.OPS:  # 701.17a mill, 701.13a, 701.22a, 701.25a, 400.3, 701.44a, 701.34a, 701.23a ...
            op = _counted_amount(self.game, op, source, you) if op.op in ("mill", "search_library") else op  # 608.2h: "X, where X is"
            library_ops.follow(self.game, op, source, you, name, target, lambda who: self._who(who, you, targets))
        elif op.op == "return_chosen":  # 400.3: one permanent of theirs, of their choice
            for p in self._who(op.who, you, targets):
                return_of_choice(self.game, op, source, p, name)
        elif op.op == "attach" and op.what == "that":  # 701.3a, 603.2: to the creature whose entering triggered it
            eff_ops.attach_to_that(self.game, source)
        elif op.op == "attach":  # 701.3a: the source (an Equipment) to the target, if it is still legal (608.2b)
            if target(op.target):
                self.game.resolution.equip(source, target(op.target), you)
        elif op.op == "return_self":  # 113.6k, 400.3: the card itself, from its owner's graveyard (400.7: if still there)
            o, ref = st.objects.get(source), self.game.resolution.resolving_refs.get("self")  # (603.10a: a dies trigger's)
            if o is None or o.zone != "graveyard" or ref is not None and not self.game.same(ref):
                self.game.say("400.7", f"{name} is no longer in its owner's graveyard: it isn't returned")
            elif op.to == "hand":
                self.game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "graveyard"},
                                                          to="hand")], "400.3", "returns to its owner's hand")
            else:
                self.game.events.enter(source, o.owner, "graveyard", tapped=op.tapped)
        elif op.op == "look_at_top":  # 401.2, 401.4; 608.2h: "the top X cards ..., where X is ...": counted now
            taken = library_ops.look_at_top(self.game, _counted_amount(self.game, op, source, you), you, name,
                                           source)
            for inner in op.if_none if not taken else ():  # 608.2c: "If you didn't put a card into your hand this way"
                self.follow(inner, source, ab, you, targets, name)
        elif op.op == "add_mana":  # (603.2: "that player adds {G}{G}")
            _add_mana(self.game, op.mana, self._who(op.who, you, targets))

    def replacement_effect(self, source: str, ab, you: str, targets: list[str]) -> None:
        """614.1, 615.1: a resolving spell or ability creates a replacement or prevention effect (a
        regeneration shield, "prevent the next N damage"), in force from now on: it can replace only
        events that happen after it exists (614.4, 615.4). It lasts the turn; a shield keeps what is
        left of its amount (615.7)."""
        st = self.game.state
        o = st.objects[source]
        index = next((k for k, a in enumerate(o.printed.abilities, 1) if a == ab), None)
        if index is None:  # 613.1f: an ability an effect grants ("All Slivers have ..."): numbered after the printed ones
            index = next((k for k, a in granted_in_force(st, self.game.layers(), source) if a == ab), 1)
        rule = ab.replacement
        remaining = rule.n if rule.do in ("shield", "redirect_shield") else None
        affected = eff_ops.shielded_set(self.game, rule, source, you, o.printed.name)  # 701.19a, 611.2c: fixed now
        # (701.19a: "each creature you control": a shield for each, each used up on its own)
        for group in [affected] if affected is None or len(affected) < 2 else [(x,) for x in affected]:
            st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=o.printed.name, ability_index=index,
                                               ability=ab, controller=you, targets=tuple(targets),
                                               choices=dict(getattr(self, "values_chosen", {})),  # 608.2d, 609.7a
                                               timestamp=st.next_timestamp, duration="end_of_turn", remaining=remaining,
                                               source=source if o.kind != "spell" else None, affected=group))
        st.next_timestamp += 1
        self.game.say("615.1" if rule.do in ("prevent", "prevent_all", "prevent_half", "shield") else "614.1",
                      f"{o.printed.name}'s effect begins: \"{ab.display()}\" (until it is used, or the turn ends)")

    def begin(self, targets: list) -> None:
        """608.2h: who controls each target as the spell or ability begins to resolve (a permanent, after the
        layers; a spell), for "its controller" once an instruction has moved it."""
        st = self.game.state
        self.entered: list[str] = []  # 608.2c: the permanents the last instruction that put some there put there
        self.values_chosen: dict = {}  # 608.2d: the values chosen as it resolves (choice_ops.py), for its effect
        self.controllers = [None if t is None or t in st.player_names or t not in st.objects else
                            self.game.chars(t).get("controller") if t in st.battlefield else st.objects[t].controller
                            for t in targets]

    def _who(self, who: str, you: str, targets: list[str]) -> list[str]:
        if who == "you":
            return [you]
        if who == "that_player":  # the player the triggering event was about (the damaged player, 603.2)
            return [p for p in [self.game.resolution.resolving_player] if p is not None]
        if who == "target_controller":  # "its controller": the first target's, as it resolved (608.2h)
            return [p for p in getattr(self, "controllers", [])[:1] if p is not None]
        if who == "target":
            return [t for t in targets if t is not None and t in self.game.state.player_names]
        if who == "each_opponent":
            return [p for p in self.game.players_from(you) if p != you]
        if who == "defending_player":  # 506.2, 508.5: of the attacking creature the trigger is about
            return eff_ops.defending_player(self.game, you)
        return self.game.players_from(self.game.state.active)

    def continuous_effect(self, source: str, ab, you: str, targets: list[str]) -> None:
        """611.2: a continuous effect from a resolving spell or ability, with a timestamp (613.7); the
        set it affects is fixed now (611.2c)."""
        st = self.game.state
        o = st.objects[source]
        card = o.printed
        # the ability's index; for the ability a keyword stands for (prowess, crew: keyword_costs.py), the keyword's
        index = next((k for k, a in enumerate(card.abilities, 1) if a == ab or defined_as(a, ab)), 1)
        text = ab.display().lower()
        duration = "end_of_turn" if "until end of turn" in text or "this turn" in text else \
            "while_you_control_source" if "for as long as you control" in text else tap_ops.duration(text)
        if tap_ops.ended_before(self.game, duration, source, you, card.name):  # 611.2b: it does nothing
            return
        choices = dict(getattr(self, "values_chosen", {}))  # 608.2d, 611.2: the values chosen as it resolved
        counted = counted_now(self.game, chosen_values.bind(self, ab.continuous), source, you, targets) \
            if ab.continuous is not None else []  # (608.2c: "for each permanent of the chosen type", chosen_values.py)
        if counted:
            choices["counted"] = counted
            self.game.say("611.2d", f"{card.name}'s effect: " + ", ".join(str(n) for n in counted) + " counted now, once "
                                    "(608.2h): the number stays as the effect lasts")
        spec = ab.continuous.applies_to if ab.continuous is not None else None  # 611.2c, 608.2h: "enchanted creature"
        affected = eff_ops.fixed_set(self.game, spec, source, card.name)  # (that: the trigger's object, 603.2)
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name, ability_index=index,
                                           ability=ab, controller=you, targets=tuple(targets), choices=choices, timestamp=ts,
                                           duration=duration, remaining=None,
                                           source=source if o.kind != "spell" else None, affected=affected))
        for k, e in enumerate(st.effects, 1):
            e.index = k
        lasting = {"end_of_turn": "until end of turn", "while_you_control_source": f"for as long as {you} controls "
                   f"{_name(st, source)}", "while_source_tapped": f"for as long as {_name(st, source)} remains "
                   "tapped", "end_of_combat": "this combat"}.get(duration, "indefinitely")
        self.game.say("611.2", f"{card.name}'s effect begins (timestamp {ts}, {lasting})")


def _counted_amount(game, op, source: str, you: str):
    """608.2h: an operation whose amount is a Count ("look at the top X cards of your library, where X is the number of
    artifacts you control"), with that number counted now, as it resolves (the operation itself otherwise)."""
    if isinstance(op.amount, int):
        return op
    return op.model_copy(update={"amount": amounts.quantity(game, op.amount, source, you)})


def _add_mana(game, mana: str, players) -> None:
    """106.4: each of these players adds this mana to their mana pool."""
    for p in players:
        pool = game.state.mana_pool.setdefault(p, {})
        for sym in parse_cost(mana):
            pool[sym.text] = pool.get(sym.text, 0) + 1
        game.say("106.4", f"{p} adds {mana}")


def counted_now(game, spec, source: str, you: str, targets: list[str]) -> list[int]:
    """611.2d, 608.2h: the values of a resolving effect counted on the game (Goblin Rabblemaster's
    "+1/+0 for each other attacking Goblin"), determined once, now: the objects its selector matches
    on the characteristics after the layers (or the card types among them; or their total power or
    toughness), in the order of counted_values."""
    st = game.state
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, you, tuple(targets), {}, layers.mana_values)
    out = []
    for i, which in counted_values(spec):
        op = spec.do[i - 1]
        v = op.power if which == "p" else op.toughness
        if hasattr(v, "life") or hasattr(v, "x") or hasattr(v, "if_spell_was") or pt_amount.of_source(v):  # 107.3a, 608.2c
            out.append(amounts.quantity(game, v, source, you, targets))
            continue
        out.append(count_of(st, ctx, v))
    return out


# Instructions performed by their own modules: op -> f(instructions, op, source, you, targets, name).
DELEGATED = {
    # 106.1, 608.2d: the mana its controller chooses as it resolves
    "add_mana_choice": lambda ins, op, source, you, targets, name: ins.game.mana.add_choice(op.options, you, name,
                                                                                           op.lasts, op.spend_only, source),
    # 106.1, 608.2h: an amount of mana counted as it resolves (engine/game/mana_counted.py)
    "add_mana_amount": mana_counted.add_counted,
    # 406.1, 400.7, 712 (engine/game/sagas.py)
    "exile_return": lambda ins, op, source, you, targets, name: sagas.exile_return(ins.game, op, source, you, name),
    # 722.1, 722.3 (current official rules; engine/game/monarch.py)
    "become_monarch": lambda ins, op, source, you, targets, name: [monarch.become(ins.game, p, name)
                                                                   for p in ins._who(op.who, you, targets)],
    # 701.68a: blight N, each opponent blights N (engine/game/blight.py)
    "blight": lambda ins, op, source, you, targets, name: blight.follow(ins.game, op, source, you, name),
    # 731 (current official rules): "It becomes night." (engine/game/transform.py)
    "become_day_night": lambda ins, op, source, you, targets, name: ins.game.transforming.by_effect(op.to, name),
    # 608.2d: a value of its controller's choice (engine/game/choice_ops.py)
    "choose_value": lambda ins, op, source, you, targets, name: choice_ops.choose(ins, op, you, name),
    # 702.185b: the card warp's delayed triggered ability exiled is a warped card (engine/game/warped.py)
    "warp_exiled": warped.exiled,
    # 701.20a, 402.3, 406.1, 701.9b: a hand revealed or looked at, a card of it exiled, cards discarded at random
    "reveal_hand": hand_ops.reveal_hand, "exile_chosen": hand_ops.exile_chosen, "discard_random": hand_ops.discard_random,
    # 400.3, 110.2a; 701.24a (issue 21: graveyards, engine/game/gy_ops.py)
    "put_onto_battlefield_yours": gy_ops.put_onto_battlefield_yours,
    "shuffle_graveyard": gy_ops.shuffle_graveyard,
    "exile_from_graveyard": gy_ops.exile_from_graveyard,  # 701.13a
    **tap_ops.OPS,  # 701.26a: tap_each, tap_or_untap (issue 21: tapping, engine/game/tap_ops.py)
    **mass_ops.OPS,  # 701.13a, 400.3: exile_each, return_each (issue 21, engine/game/mass_ops.py)
    **planechase.OPS,  # 701.31b, 311.7: planeswalk, chaos_ensues (issue 21: Planechase, engine/game/planechase.py)
    **reveal_each.OPS,  # 701.20a: reveal_top_each (issue 21: parley, engine/game/reveal_each.py)
    **freecast.OPS,  # 608.2g, 118.9: cast_free (issue 21: casting without paying the mana cost, engine/game/freecast.py)
    "create_token_copy": token_copy_ops.follow,  # 111.1, 707.2, 707.9b (issue 21: copies, engine/game/token_copy_ops.py)
    "copy_next_spell": copy_next.follow,  # 603.7, 707.10 (issue 21: copies, engine/game/copy_next.py)
    # 701.54a (current official rules): the Ring tempts you (issue 21: the Ring, engine/game/ring.py)
    "ring_tempts": lambda ins, op, source, you, targets, name: ring.tempt(ins.game, you, name),
    **target_ops.OPS,  # 601.2d: divided_counters (issue 21: several targets, engine/game/target_ops.py)
    "untap_chosen": untap_chosen.follow,  # 608.2d, 701.26b: "Untap up to four lands." (engine/game/untap_chosen.py)
    "discard_all": discard_all.follow,  # 701.20a, 701.9a: "... reveals their hand and discards all nonland cards."
}
