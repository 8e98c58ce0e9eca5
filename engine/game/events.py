"""Events (614-616): every event goes through the replacement program (bridge/replace/) before it
happens, the affected player choosing among the outcomes (616.1), and triggers what it triggers
(603.2): zone changes (400.7), damage (120), drawing (121), life, counters (122), tokens (111.1, and
token copies 707.2), discarding (701.9; madness 702.35a), tapping and untapping (603.2e), a
permanent entering (305.1, 608.3) and the choices made as it enters (614.12)."""

from __future__ import annotations

from dataclasses import replace as with_fields
from typing import Any

from bridge.replace import UNNAMED_TYPES, replace
from asp_rules.rulesdata import BASIC_LAND_TYPES, INTRINSIC_COUNTERS, is_creature_type

from engine.files import gamefile as gf
from engine.game.combat_damage import DamageEvents, Problem
from engine.files.events import Damage, Draw, Enter, ZoneChange
from engine.files.events import Discard as DiscardEvent
from engine.files.events import Token as TokenEvent
from engine.vocab.cardfile import KeywordAbility
from engine.vocab.mana import COLORS
from engine.state.model import Characteristics
from engine.game.sba import _move, _regenerate, create_tokens, put_token
from engine.game.triggered import Triggered, entered_triggers, event_triggers
from engine.game.common import Chapter, GameError, _name
from engine.game import actions, chosen_name, dash, dredge, evoke, history, riot, sagas, squad, turn_records, warp
from engine.game import suspend  # 702.62a
from engine.game import mayhem  # 702.187b
from engine.game import token_copy_ops  # 707.9b (issue 21: copies)


def _among(value, values: dict) -> bool:
    """614.12: is the value one of a class of values (`mtgjudge replace`'s `chosen`: any_of or none_of)?"""
    if "any_of" in values:
        return value in values["any_of"]
    return value not in values.get("none_of", ())


def _sacrifices(events: list, final: list[dict[str, Any]], sacrificed: frozenset) -> list[dict[str, Any]]:
    """701.21a: the final zone changes of sacrificed permanents, marked ``sacrificed`` (what "whenever you sacrifice"
    triggers on, engine/game/triggered.py): those of ``sacrificed`` leaving the battlefield, wherever a replacement
    effect puts them (Rest in Peace: it is sacrificed still), and devour's (702.82a: the only zone changes of other
    permanents in the outcome of a permanent entering, bridge/replace/as_enters.py)."""
    entering = {ev.object for ev in events if getattr(ev, "type", None) == "enter"}
    return [dict(ev, sacrificed=True) if ev.get("type") == "zone_change" and ev.get("from") == "battlefield"
            and (ev.get("object") in sacrificed or entering and ev.get("object") not in entering) else ev for ev in final]


class Events(Chapter):
    """Events through the replacement program (614-616) and what they trigger."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.last_used: set[str] = set()  # the effect ids the last replaced events applied
        self.drawn: dict[tuple[int, str], int] = {}  # (turn, player): the cards they drew in that turn (121.2)

    def tap(self, oids: list[str]) -> None:
        """Permanents on the battlefield go from untapped to tapped: what triggers on it (603.2e)."""
        st = self.game.state
        now = [x for x in oids if x in st.battlefield and not st.objects[x].tapped]
        layers = self.game.layers()
        for x in now:
            st.objects[x].tapped = True
        if now:
            self.game.pending += event_triggers(st, layers, [{"type": "tapped", "object": x} for x in now])

    def untap(self, oids: list[str]) -> None:
        """Permanents on the battlefield go from tapped to untapped (603.2e): what triggers on it ("Whenever this
        creature becomes untapped", ZoneTrigger becomes_untapped, read as they were before, 603.10); a delayed "when
        this creature becomes untapped" triggers (603.7b: once, the next time)."""
        st = self.game.state
        now = actions.stunned(self.game, [x for x in oids if x in st.battlefield and st.objects[x].tapped])  # 122.1d
        layers = self.game.layers() if now else None
        for x in now:
            st.objects[x].tapped = False
        if now:  # 603.2e, 701.26b: "whenever this creature becomes untapped" (502.4: in the untap step, it waits)
            self.game.pending += event_triggers(st, layers, [{"type": "untapped", "object": x} for x in now])
        for d in [d for d in self.game.triggers.delayed if d.op.when == "becomes_untapped" and d.it is not None and d.it[0] in now
                  and self.game.same(d.it)]:
            self.game.triggers.delayed_triggers(d)

    def token_copies(self, original: str, you: str, n: int, pt: tuple[int, int] | None = None,
                     tapped: bool = False, exceptions=None) -> list[str]:
        """111.1, 707.2: n tokens that copy the permanent: its printed characteristics, and what it is a
        copy of when a copy effect made it one (Clone), read by the layers; they enter (603.6a). ``pt``:
        "except it's 1/1" (707.9b: the exception is part of the tokens' copiable values); ``exceptions``: the copy
        effect's exceptions (engine/vocab/oneshot_copy.py's CopyExceptions, 707.9b; engine/game/token_copy_ops.py);
        ``tapped``: created tapped (110.5b). The tokens made."""
        st = self.game.state
        o = st.objects[original]
        if (pt is not None or exceptions is not None) and o.copy_of:
            raise GameError(self.game.where(), f"707.9b: a token copy of {_name(st, original)}, itself a copy, with an "
                                               "exception is not executed yet", "leave the copy out of the game file")
        printed = with_fields(o.printed, power=pt[0], toughness=pt[1]) if pt is not None else o.printed
        printed = token_copy_ops.excepted(printed, exceptions) if exceptions is not None else printed
        made = []
        for _ in range(n):
            made.append(put_token(st, you, printed, o.card_name or original, o.copy_of))
            st.objects[made[-1]].tapped = tapped
        self.game.say("111.1", f"{you} creates {n} {'tapped ' if tapped else ''}token{'s' if n > 1 else ''} that copy "
                               f"{_name(st, original)} ({', '.join(made)}, 707.2){token_copy_ops.said(exceptions)}")
        self.game.pending += entered_triggers(st, self.game.layers(), made)
        return made

    def embalm(self, oid: str, you: str) -> None:
        """702.128a: the token copy of the card, white, with no mana cost, a Zombie in addition (707.9b:
        the exceptions are part of its copiable values); it enters the battlefield (111.1, 603.6a)."""
        st = self.game.state
        card = self.game.card_file(oid)
        base = Characteristics.of_card(card)
        subtypes = base.subtypes + (("Zombie",) if "Zombie" not in base.subtypes else ())
        printed = with_fields(base, colors=("white",), color_indicator=None, mana_cost=None, mana_value=0,
                              subtypes=subtypes)
        token = put_token(st, you, printed, card.name)
        self.game.say("111.1", f"{you} creates a token that's a copy of {card.name}, except it's a white Zombie with no "
                               f"mana cost ({token}, 702.128a)")
        self.game.pending += entered_triggers(st, self.game.layers(), [token])

    def discard(self, player: str, cards: list[str]) -> None:
        """701.9: the player discards these cards at once, through the replacement program."""
        st = self.game.state
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
                    self.game.say("702.35a", f"{player} discards {name}: it is exiled instead of put into the graveyard "
                                             "(madness)")
                    self.game.pending.append(Triggered(ev["card"], madness, o.printed.abilities[madness - 1].display(),
                                                       ev["card"], "madness", "702.35a", o.owner))
                    continue
                _move(st, ev["card"], "graveyard")
                self.game.say("701.9", f"{player} discards {name}")
                mayhem.discarded(self.game, ev["card"])  # 702.187b: "if you discarded it this turn"

    def outcome_for(self, rep, what: str) -> int:
        """616.1: the outcome (0-based) of the replacement effects that the affected player chooses, from
        the script's {choose: N} (--auto: the first); the choice is logged with the order it stands for."""
        if rep.outcome_count <= 1:
            return 0
        act = self.game.action()
        if isinstance(act, gf.Choose):
            self.game.take()
            if act.choose > len(rep.outcomes):
                raise GameError(self.game.where(), f"616.1: {what} has {len(rep.outcomes)} outcomes, not {act.choose}",
                                f"choose 1 to {len(rep.outcomes)}")
            return self._chose(rep, what, act.choose - 1)
        if self.game.auto:
            return self._chose(rep, what, 0)
        raise GameError(self.game.where(), f"616.1: the replacement effects on {what} give {rep.outcome_count} outcomes; "
                                           f"{rep.to_dict()['chooser']} chooses one", "add {choose: N} (as mtgjudge replace "
                                                                                     "numbers them), or use --auto")

    def _chose(self, rep, what: str, pick: int) -> int:
        d = rep.to_dict()
        sources = {e["effect"]: e["source"] for e in d["applicable"]}
        order = rep.outcomes[pick].orders[0] if rep.outcomes[pick].orders else []
        # an ability the permanent has as a copy (707.2) is named by the copied card's object
        copied = {e.id: e.copied[0] for e in rep.applicable if e.copied is not None}
        st = self.game.state
        names = [f"the copied {_name(st, copied[e])}'s" if e in copied
                 else f"{_name(st, sources[e])}'s" if sources.get(e) in st.objects else e for e in order]
        # 614.12: the values of a choice made as a permanent enters that this outcome stands for
        classes = [f"{kind}: " + (", ".join(v["any_of"]) if "any_of" in v else "any but " + ", ".join(v["none_of"]))
                   for ev in rep.outcomes[pick].events for kind, v in sorted((ev.get("chosen") or {}).items())]
        self.game.say("616.1", f"{d['chooser']} chooses outcome {pick + 1} of {rep.outcome_count} for {what}: "
                               + (f"applying {', then '.join(names)} effect" if names else "applying none of the effects")
                               + (f" (choosing {'; '.join(classes)})" if classes else ""))
        return pick

    def replaced(self, events: list, what: str, sacrificed: frozenset = frozenset()) -> list[dict[str, Any]]:
        layers = self.game.layers()
        rep = replace(self.game.state, events, self.game.config, layers=layers)
        pick = self.outcome_for(rep, what)
        final = _sacrifices(events, rep.outcomes[pick].events if rep.outcomes else [], sacrificed)
        # the effects the chosen outcome applied (a regeneration shield is used up)
        self.last_used = set(rep.outcomes[pick].orders[0]) if rep.outcomes and rep.outcomes[pick].orders else set()
        self.game.pending += event_triggers(self.game.state, layers, final)
        return final

    def damage(self, events: list[Damage]) -> None:
        if not events:
            return
        dealer = DamageEvents(self.game.state, self.game.layers(), self.game.config)
        rep = replace(self.game.state, events, self.game.config, layers=self.game.layers())  # once: the choice, then the damage
        pick = self.outcome_for(rep, "the damage") + 1 if rep.outcome_count > 1 else None
        happened = dealer.happen(events, pick, rep, choose=self.outcome_for)
        if isinstance(happened, Problem):
            raise GameError(self.game.where(), happened.message, "add {choose: N}, or use --auto")
        state, _final, lines, triggers = happened
        self.game.state.__dict__.update(state.__dict__)
        # 120.3, 608.2c: the objects and players dealt damage during the resolution ("dealt damage this way")
        self.dealt_to = getattr(self, "dealt_to", set()) | {e["target"] for e in _final
                                                            if e["type"] == "damage" and e["amount"] > 0}
        for line in lines:
            rule, _, text = line.partition(": ")
            self.game.say(rule, text)
        self.game.pending += triggers

    def zone_changes(self, events: list[ZoneChange], rule: str, what: str = "is destroyed", sacrificed: bool = False) -> None:
        """Objects move (400.7) as the replacement program has them move (Rest in Peace: to exile); ``sacrificed``:
        the permanents moving are sacrificed (701.21a: what triggers on it)."""
        if not events:
            return
        st = self.game.state
        meant = {ev.object: ev.to for ev in events}
        final = self.replaced(events, "the zone change", frozenset(ev.object for ev in events) if sacrificed else frozenset())
        for ev in final:
            if ev["type"] == "zone_change" and ev["object"] in st.objects:
                name = _name(st, ev["object"])
                if ev.get("sacrificed"):  # 701.21a: "as long as you sacrificed a permanent this turn"
                    turn_records.sacrificed(st, st.objects[ev["object"]].controller)
                _move(st, ev["object"], ev["to"])
                instead = "" if ev["to"] == meant.get(ev["object"]) else f": it goes to {ev['to']} instead (614)"
                self.game.say(rule, f"{name} {what}{instead}")
            elif ev["type"] == "counters_removed" and ev["object"] in st.objects:  # 122.1c: a shield counter instead
                held = st.objects[ev["object"]].counters
                if held.get(ev["kind"], 0) > 0:
                    held[ev["kind"]] -= 1
                    if not held[ev["kind"]]:
                        del held[ev["kind"]]
                    self.game.say("122.1c", f"{_name(st, ev['object'])} would be destroyed: a {ev['kind']} counter is "
                                            "removed from it instead")
            elif ev["type"] == "regenerate":  # 614.8, 701.19: tapped, damage removed, out of combat; shield used
                _regenerate(st, ev["object"], self.last_used)
                self.game.say("701.19", f"{_name(st, ev['object'])} regenerates: it is tapped, its damage removed")
            elif ev["type"] == "umbra_armor" and ev["object"] in st.objects:  # 702.89a
                self.umbra_armor(ev["object"], ev["aura"])
        # 111.1, 616.1f: the tokens a replacement effect creates with the move (Kalitas: "instead exile
        # that card and create a 2/2 black Zombie token"), modified in turn by Doubling Season
        self.tokens([TokenEvent(**ev) for ev in final if ev["type"] == "token"], followed=True)
        actions.until_left(self.game)  # 610.3c: what a permanent that left exiled "until" it leaves returns

    def umbra_armor(self, oid: str, aura: str) -> None:
        """702.89a: "instead remove all damage marked on it and destroy this Aura": the permanent stays (not tapped, still
        in combat: no regeneration), its damage removed; the Aura's destruction is an event of its own (614: replaced in
        turn, an indestructible Aura isn't destroyed, 702.12b)."""
        st = self.game.state
        st.objects[oid].damage, st.objects[oid].deathtouched = 0, False
        self.game.say("702.89a", f"{_name(st, oid)} would be destroyed: instead its damage is removed and {_name(st, aura)} "
                                 "is destroyed (umbra armor)")
        if aura in st.battlefield and "indestructible" not in self.game.chars(aura).get("abilities", ()):
            self.zone_changes([ZoneChange(type="zone_change", object=aura, **{"from": "battlefield"}, to="graveyard",
                                          destroy=True)], "701.8", "is destroyed")

    def draw(self, player: str, n: int, rule: str) -> None:
        """121.1-121.3: the player draws ``n`` cards, one at a time (121.2): each draw an event of its own through the
        replacement program (614.1a: "if you would draw a card" applies to each; a draw it replaced by another event
        is that event, carried out: Laboratory Maniac's "you win the game instead"); each card drawn is an event that
        triggers ("whenever you draw your second card each turn"), a draw from an empty library none (121.3)."""
        dredging = dredge.dredgers(self.game, player)
        for _ in range(n):
            if self.game.over():  # 104.1: a game won as a draw is replaced ends at once: nothing more is drawn
                return
            # 702.52a, 121.2: dredge is offered as each card would be drawn; 614.11a: the mill and return are done
            # before the next card is drawn
            if not (dredging and dredge.replaces_draw(self.game, player)):
                self._draw(player, rule)

    def _draw(self, player: str, rule: str) -> None:
        for ev in self.replaced([Draw(type="draw", player=player, amount=1)], f"{player}'s draw"):
            if ev["type"] == "draw":
                self._cards_drawn(player, ev["amount"], rule)
            else:
                self.carry_out(ev, f"{player}'s draw")

    def _cards_drawn(self, player: str, n: int, rule: str) -> None:
        """121.1: the top ``n`` cards of the library into the hand, the draw as the replacement program has it (its
        effects applied already, 614.5)."""
        st = self.game.state
        drawn = []
        for _ in range(n):
            library = st.zone_ids("library", player)
            if not library:
                st.drew_from_empty.add(player)  # 704.5b
                self.game.say(rule, f"{player} would draw from an empty library")
                continue
            card = library[0]
            st.take_out(card)
            st.player_zones.setdefault((player, "hand"), []).append(card)
            st.objects[card].zone = "hand"
            self.game.say(rule, f"{player} draws a card")
            key = (st.turn, player)
            self.drawn[key] = self.drawn.get(key, st.drawn.get(player, 0)) + 1
            st.drawn[player] = self.drawn[key]  # 121.1: what the layers read ("you've drawn two or more cards this turn")
            drawn.append({"type": "card_drawn", "player": player, "nth": self.drawn[key]})
        if drawn:
            self.game.pending += event_triggers(st, self.game.layers(), drawn)

    def carry_out(self, ev: dict[str, Any], what: str) -> None:
        """614.1a, 614.6: a player's event that a replacement effect made of another (``what``: the event replaced),
        carried out as it is: the replacement program has already applied every effect to it (616.1, 614.5), so it is
        not replaced again. A draw is drawn, a life gain or loss changes the life total (119.3), a mill puts the top
        cards into the graveyard (701.17a; exile_top: exiled, 701.13a; those zone changes are events of their own,
        replaced in turn), "win the game" ends it for the other players (104.2b, 104.3a), "lose the game" for that
        player (104.3). (A draw of several cards the program has as one event: the effects it applied, applied once.)"""
        st = self.game.state
        kind, player = ev["type"], ev.get("player")
        self.game.say("614.1a", f"{what} is replaced: {kind.replace('_', ' ')}" + (f" ({player})" if player else ""))
        if kind == "draw":
            self._cards_drawn(player, ev["amount"], "121.1")
        elif kind in ("life_gain", "life_loss"):
            self._life(ev)
        elif kind in ("mill", "exile_top"):
            from engine.game.library_ops import mill  # (library_ops reads this module's events)
            mill(self.game, player, ev["amount"], "graveyard" if kind == "mill" else "exile")
        elif kind == "win_game":
            self.win(player)
        elif kind == "lose_game":
            st.player(player).lost = True
            self.game.say("104.3", f"{player} loses the game")
        else:
            raise GameError(self.game.where(), f"{what} became a {kind} event, which the game loop doesn't carry out "
                                               "(engine/game/events.py: carry_out)", "report it: this is a gap of mtgjudge")

    def player_events(self, events: list) -> None:
        kinds = {ev.type for ev in events}
        for ev in self.replaced(events, "the change of life"):
            if ev["type"] in kinds:
                self._life(ev)
            else:
                self.carry_out(ev, "the change of life")

    def win(self, player: str) -> None:
        """104.2b: the player wins the game: each other player loses it (104.3a)."""
        for p in self.game.state.players:
            if p.name != player:
                p.lost = True
        self.game.say("104.2b", f"{player} wins the game")

    def _life(self, ev: dict[str, Any]) -> None:
        st = self.game.state
        p = st.player(ev["player"])
        sign = 1 if ev["type"] == "life_gain" else -1
        p.life += sign * ev["amount"]
        history.life_changed(st, p.name, sign, ev["amount"])  # 119.3: the turn's record (gained_life, lost_life)
        self.game.say("119.3", f"{p.name} {'gains' if sign > 0 else 'loses'} {ev['amount']} life (now {p.life})")

    def counters(self, events: list) -> None:
        st = self.game.state
        for ev in self.replaced(events, "the counters"):
            if ev["type"] == "counters" and ev["amount"] > 0:
                x = ev["object"]
                holder = st.player(x).counters if x in st.player_names else st.objects[x].counters
                holder[ev["kind"]] = holder.get(ev["kind"], 0) + ev["amount"]
                self.game.say("122.1", f"{ev['amount']} {ev['kind']} counter(s) on {_name(st, x)}")

    def tokens(self, events: list, keywords: tuple[str, ...] = (), power_toughness: tuple | None = None,
               definition=None, tapped: bool = False, followed: bool = False) -> None:
        """111.1: tokens are created on the battlefield, as the replacement program has it (Doubling Season);
        ``keywords``: abilities the effect that creates them gives them besides their definition's ("with
        haste", 111.4: part of their characteristics, so copiable); ``power_toughness``: the power and
        toughness the effect gives them instead of the definition's ("its power is equal to that creature's
        power", Kalitas, Bloodchief of Ghet; copiable too); ``definition``: the token definition (a CardFile)
        the effect gives by its text (111.4), for the events that still create tokens of its name; ``tapped``: the
        effect creates them tapped (110.5b); ``followed``: as the replacement program already had them (616.1f)."""
        if not events:
            return
        st = self.game.state
        before = set(st.objects)
        for ev in [e.model_dump() for e in events] if followed else self.replaced(events, "the token creation"):
            if ev["type"] != "token":
                continue
            made = set(st.objects)
            defined = definition if definition is not None and ev["token"] == definition.name else None
            for line in create_tokens(st, ev, self.game.library, defined):
                self.game.say(*line.split(": ", 1))
            if keywords and ev["token"] in {e.token for e in events}:
                for x in set(st.objects) - made:
                    o = st.objects[x]
                    o.printed = with_fields(o.printed, abilities=o.printed.abilities + tuple(
                        KeywordAbility(kind="keyword", keyword=k) for k in keywords))
            if tapped and ev["token"] in {e.token for e in events}:  # 110.5b: "create a tapped Treasure token"
                for x in sorted(set(st.objects) - made):
                    st.objects[x].tapped = True
                    self.game.say("110.5b", f"{_name(st, x)} enters the battlefield tapped")
            if power_toughness is not None and ev["token"] in {e.token for e in events}:
                p, t = (v if v is not None else 0 for v in power_toughness)
                for x in sorted(set(st.objects) - made):
                    st.objects[x].printed = with_fields(st.objects[x].printed, power=p, toughness=t)
                    self.game.say("608.2h", f"{_name(st, x)} is {p}/{t}: the power and toughness of that creature as "
                                            "it last existed")
            if defined is not None:  # 111.4: kept for a board written once the token has ceased to exist
                for x in sorted(set(st.objects) - made):
                    st.defined_tokens[st.objects[x].card_name] = st.objects[x].printed
        # 603.6a: the tokens entered the battlefield ("whenever a creature enters", Soul Warden)
        self.game.pending += entered_triggers(st, self.game.layers(), [x for x in st.battlefield if x not in before])

    def enter(self, oid: str, controller: str, frm: str, counters: dict[str, int] | None = None,
              tapped: bool = False) -> None:
        """A permanent enters the battlefield (608.3, 305.1), with ``counters`` if it enters with some, as
        the replacement program has it enter; ``tapped``: the effect puts it onto the battlefield tapped."""
        st = self.game.state
        # 702.138c: a permanent spell that escaped enters having escaped ("escapes with")
        escaped = frm == "stack" and bool(st.objects[oid].choices.get("escape"))
        # 107.3m: a permanent spell cast with X enters with that X ("enters with X +1/+1 counters")
        x = st.objects[oid].choices.get("x") if frm == "stack" else None
        kicked = frm == "stack" and bool(st.objects[oid].choices.get("kicked"))  # 702.33d
        bargained = frm == "stack" and bool(st.objects[oid].choices.get("bargained"))  # 702.166b
        from_hand = frm == "stack" and bool(st.objects[oid].choices.get("cast_from_hand"))  # 601.2a
        spent = st.objects[oid].choices.get("mana_spent") if frm == "stack" else None  # 601.2h: converge
        counters = sagas.entering_counters(self.game, oid, counters)  # 714.3a: a Saga's lore counter (engine/game/sagas.py)
        final = self.replaced([Enter(type="enter", object=oid, controller=controller, counters=counters or {}, tapped=tapped,
                                     **({"escaped": True} if escaped else {}), **({"kicked": True} if kicked else {}),
                                     **({"bargained": True} if bargained else {}),
                                     **({"cast_from_hand": True} if from_hand else {}),
                                     **({"mana_spent": spent} if spent else {}),
                                     **({"x": int(x)} if isinstance(x, int) else {}))], f"{_name(st, oid)} entering")
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
                o.entered_this_turn = True  # "as long as it entered this turn" (the layers read it)
                history.entered(st, o)  # (celebration: a nonland permanent entered under its controller's control)
                o.kind = "card" if o.kind == "spell" else o.kind
                o.timestamp = st.next_timestamp
                st.next_timestamp += 1
                if ev.get("becomes_day"):  # 731, 614.1c: "if it's neither day nor night, it becomes day as this enters"
                    self.game.transforming.becomes_day_as_enters(oid)
                self.game.transforming.entering(oid)  # 702.145b-f (engine/game/transform.py)
                if ev.get("copy_of"):  # 616.1c, 707.2: it enters as a copy (Clone), its copiable values taken now
                    o.copy_of = ev["copy_of"]
                    self.game.say("707.2", f"{_name(st, oid)} enters as a copy of {_name(st, ev['copy_of'])}")
                if frm == "stack" and o.printed is not None and "Aura" in o.printed.subtypes and o.targets:
                    o.attached_to = o.targets[0]  # 303.4f: an Aura spell enters attached to its target
                extra = (" tapped" if o.tapped else "") + (f" with {o.counters}" if o.counters else "")
                self.game.say("608.3" if frm == "stack" else "305.1", f"{_name(st, oid)} enters the battlefield under "
                                                                      f"{o.controller}'s control{extra}")
                if frm == "stack" and (o.choices.get("dash") or o.choices.get("blitz")):  # 702.109a, 702.152a
                    dash.entered(self.game, oid)  # the permanent the dashed (blitzed: engine/game/blitz.py) spell becomes
                for module in [m for k, m in (("warp", warp), ("suspend_haste", suspend)) if frm == "stack" and o.choices.get(k)]:
                    module.entered(self.game, oid)  # 702.185a: the warped spell's permanent; 702.62a: suspend's haste
                if frm == "stack" and (o.choices.get("squad") or o.choices.get("offspring")):  # 702.157a, 702.175a
                    squad.entered(self.game, oid)
                if frm == "stack" and o.choices.get("evoke"):  # 702.74a: the permanent the evoked spell becomes
                    evoke.entered(self.game, oid)
                if ev.get("gains_haste"):  # 702.136a riot: the counter declined (engine/game/riot.py)
                    riot.gains_haste(self.game, oid)
                if ev.get("choose"):
                    self.choose_as_enters(oid, tuple(ev["choose"]), tuple(ev.get("choose_from") or ()),
                                          ev.get("chosen") or {}, tuple(ev.get("choose_not") or ()))
                c = self.game.chars(oid)
                printed = (o.printed.power, o.printed.toughness) if o.printed is not None else (None, None)
                if c.get("power") is not None and (c["power"], c["toughness"]) != printed:
                    # 611.3c: a static ability's effect applies to it as it enters, not after
                    self.game.say("611.3c", f"{_name(st, oid)} enters as a {c['power']}/{c['toughness']} (the continuous "
                                            "effects apply to it at once)")
            elif ev["type"] == "zone_change" and ev.get("object") == oid:
                _move(st, oid, ev["to"])
                self.game.say("614", f"{_name(st, oid)} goes to {ev['to']} instead of entering the battlefield")
            elif ev["type"] == "zone_change" and ev.get("object") in st.objects:  # devour's sacrifices (702.82a)
                other = ev["object"]
                name = _name(st, other)
                _move(st, other, ev["to"])
                self.game.say("702.82a", f"{name} is sacrificed as {_name(st, oid)} enters"
                                         + ("" if ev["to"] == "graveyard" else f": it goes to {ev['to']} instead (614)"))
        if frm == "stack" and oid in st.stack and not any(ev.get("object") == oid for ev in final):
            # 608.3e, 614.17d: a permanent spell that can't enter the battlefield (Clone copying a land under
            # Worms of the Earth) is put into its owner's graveyard
            self.game.say("608.3e", f"{_name(st, oid)} can't enter the battlefield")
            self.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="graveyard")],
                              "608.3e", "is put into its owner's graveyard")

    def choose_as_enters(self, oid: str, kinds: tuple[str, ...], candidates: tuple[str, ...],
                         classes: dict | None = None, barred: tuple[str, ...] = ()) -> None:
        """614.12: the choices its controller makes as it enters, from the script's {as_enters: {...}}
        (--auto: white, the permanent's own first creature type or Human, every card it may exile): the
        permanent's choices (color, creature_type, exiled: the cards its linked ability exiled, 607.2a).
        `classes`: the values the outcome chosen stands for (616.1f: the effects applied after the choice
        read the value, `mtgjudge replace`'s `chosen`); the value must be one of them (--auto: the first).
        `barred`: the colors that can't be chosen ("choose a color other than black", the outcome's `choose_not`)."""
        st = self.game.state
        o = st.objects[oid]
        player = o.controller or o.owner
        key = {"color": "color", "creature_type": "creature_type", "exile_cards": "exiled", "card_name": "card_name",
               "opponent": "player", "player": "player",  # (614.12: "choose an opponent", "choose a player")
               "basic_land_type": "basic_land_type"}  # (305.6: "As this Aura enters, choose a basic land type.")
        act = self.game.action()
        given = act.as_enters if isinstance(act, gf.AsEnters) and act.by in (None, player) else None
        wanted = [key[k] for k in kinds if k in key]
        if given is not None and set(given) <= set(wanted):
            self.game.take()
        else:
            given = None
        for kind in kinds:
            if kind not in key:
                continue  # (the choices no card of the library makes yet)
            name = key[kind]
            values = (classes or {}).get(kind)  # (the outcome's class of values, if it names one)
            if given is not None and name in given:
                value = given[name]
            elif self.game.auto:
                own = [s for s in (o.printed.subtypes if o.printed is not None else ()) if is_creature_type(s)]
                value = {"color": COLORS[0], "creature_type": own[0] if own else "Human", "exiled": list(candidates),
                         "basic_land_type": BASIC_LAND_TYPES[0],
                         "player": next((p for p in st.player_names if p != player), player)}[name] \
                    if name != "card_name" else chosen_name.auto(self.game, oid, player, chosen_name.name_types(self.game, oid))
                if name == "color" and value in barred:  # ("a color other than white": the first other)
                    value = next(c for c in COLORS if c not in barred and (values is None or _among(c, values)))
                if values is not None and not _among(value, values):
                    value = next(v for v in list(values.get("any_of", ())) + list(COLORS) + own + ["Human"]
                                 + list(UNNAMED_TYPES) if _among(v, values) and (v in COLORS) == (name == "color"))
            else:
                raise GameError(self.game.where(), f"614.12: {player} makes a choice as {_name(st, oid)} enters ({name})",
                                "add {as_enters: {" + name + ": ...}}, or use --auto")
            if name == "color" and (value not in COLORS or value in barred):  # ("a color other than black")
                raise GameError(self.game.where(), f"614.12: {value!r} is not a color that may be chosen",
                                "choose one of " + ", ".join(c for c in COLORS if c not in barred))
            if name == "basic_land_type" and value not in BASIC_LAND_TYPES:  # 305.6: one of the five
                raise GameError(self.game.where(), f"614.12: {value!r} is not a basic land type", "choose one of "
                                + ", ".join(BASIC_LAND_TYPES))
            if name == "creature_type" and (not isinstance(value, str) or not is_creature_type(value)):
                raise GameError(self.game.where(), f"614.12: {value!r} is not a creature type", "choose a creature type (205.3m)")
            if name == "card_name":  # 201.3, 201.3a: a card's name ("a nonland card name": not a land's)
                value = chosen_name.check(self.game, oid, value, chosen_name.name_types(self.game, oid))
            if name == "player":  # 614.12, 102.1: a player of the game; "an opponent": not its controller (102.2)
                chosen_name.check_player(self.game, oid, value, player if kind == "opponent" else None)
            if values is not None and not _among(value, values):
                how = ("one of " + ", ".join(values["any_of"]) if "any_of" in values
                       else "any but " + ", ".join(values["none_of"]))
                raise GameError(self.game.where(), f"614.12, 616.1f: {value!r} is not a value of the outcome chosen for "
                                                   f"{_name(st, oid)} entering ({name}: {how})",
                                f"choose {how}, or another outcome")
            if name == "exiled":
                chosen = [value] if isinstance(value, str) else list(value)
                wrong = [x for x in chosen if x not in candidates]
                if wrong:
                    raise GameError(self.game.where(), f"614.12, 614.13a: {', '.join(wrong)} can't be exiled as "
                                                       f"{_name(st, oid)} enters",
                                    "choose among " + (", ".join(candidates) or "nothing"))
                self.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to="exile")
                                   for x in chosen], "614.12", f"is exiled as {_name(st, oid)} enters")
                value = [x for x in chosen if st.objects[x].zone == "exile"]  # (unless a replacement moved it elsewhere)
            o.choices[name] = value
            shown = (", ".join(_name(st, x) for x in value) or "nothing") if name == "exiled" else value
            self.game.say("614.12", f"{player} chooses for {_name(st, oid)} as it enters: {name} {shown}")
