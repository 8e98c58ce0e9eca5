"""Transforming double-faced cards (712) as the game plays them: transform (701.27), the spells cast
each turn that the werewolves' intervening "if" reads (603.4), and day and night (502.2, 702.145).

Rule numbers. The seed's Comprehensive Rules (seed 000) number transform 701.27 (701.25 surveil,
701.26 tap and untap, 701.27 transform, 701.28 convert; older rules numbered transform 701.28) and give
502.2, the untap step's day/night check, which refers to the rule "Day and Night" (731 there, 726 in
older rules). The seed stops at 702.42: 712 (double-faced cards), 702.145 (daybound and nightbound)
and the day/night rule are read from the current official rules, as the cards' official rulings
quote them.

The card model (712.8): a permanent has the characteristics of its face that is up. Its
``card_name`` and ``printed`` are that face's (what the layers program starts from, 613.2: passed as
every other printed characteristic is); a permanent with its back face up keeps its front face in
``front_face``, which it has again once it leaves the battlefield (engine/game/sba.py's ``_move``) or
transforms back. The back face of a front face comes from the card database (a card of its own there,
engine/files/library.py's ``back_of``); its mana value is its front face's (202.3b); its colors its
color indicator's (202.2e), which the data must have (engine/files/dbfaces.py: bad input otherwise).
"""

from __future__ import annotations

import dataclasses

from engine.files.errors import InputError
from engine.game.common import Chapter, GameError, _name
from engine.game.triggered import event_triggers, own_event_triggers
from engine.state.model import Characteristics

BOUND = ("daybound", "nightbound")


class Transforming(Chapter):
    """701.27: permanents turning over; 603.4: the spells cast last turn; 502.2, 702.145: day and night."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self._previous: str | None = None  # the previous turn's active player, once the game has had one

    def other_face(self, oid: str) -> tuple[str, Characteristics] | None:
        """701.27a: the face the permanent would turn to: a transformed permanent's front face, a front
        face's back face; None for a permanent that is no transforming double-faced card (701.27c: a
        token, a card with one face, a modal double-faced card)."""
        o = self.game.state.objects[oid]
        if o.front_face is not None:
            return o.front_face
        if o.kind != "card" or not o.card_name:  # (no transforming token in the game)
            return None
        back = self.game.library.back_of(o.card_name)
        if back is None:
            return None
        try:
            card = self.game.library.lookup(back, None, None)
        except InputError as e:
            raise GameError(self.game.where(), f"{o.card_name} ({oid}) transforms into {back} (701.27a), and "
                                               f"{e.problem}", e.fix) from None
        assert o.printed is not None
        # 202.3b: a back face's mana value is its front face's
        return card.name, dataclasses.replace(Characteristics.of_card(card), mana_value=o.printed.mana_value)

    def bound(self, oid: str) -> str | None:
        """702.145: its daybound or nightbound ability, if it has one now (after the layers)."""
        for x, _index, ab, _you in self.game.abilities_in_force():
            if x == oid and ab.kind == "keyword" and ab.keyword in BOUND:
                return ab.keyword
        return None

    def transform(self, oid: str, why: str, *, day_night: bool = False) -> bool:
        """701.27a: the permanent turns over to its other face; it is the same object (no zone change,
        400.7), with a new timestamp (613.7g). True when it did."""
        st = self.game.state
        name = _name(st, oid)
        if oid not in st.battlefield:
            self.game.say("701.27a", f"{name} is not on the battlefield: it doesn't transform ({why})")
            return False
        face = self.other_face(oid)
        if face is None:
            self.game.say("701.27c", f"{name} is not a transforming double-faced card: nothing happens ({why})")
            return False
        if {"Instant", "Sorcery"} & set(face[1].types):
            self.game.say("701.27d", f"{name}'s other face is an instant or sorcery face: nothing happens ({why})")
            return False
        bound = None if day_night else self.bound(oid)
        if bound is not None:
            self.game.say("702.145b" if bound == "daybound" else "702.145d",
                          f"{name} has {bound}: it transforms only by its {bound} ability, not this way ({why})")
            return False
        o = st.objects[oid]
        o.front_face = None if o.front_face is not None else (o.card_name or "", o.printed)
        o.card_name, o.printed = face
        o.transforms += 1
        o.timestamp = st.next_timestamp  # 613.7g
        st.next_timestamp += 1
        self.game.say("701.27a", f"{name} transforms: it is {face[0]} ({oid}) now, the same object ({why})")
        self.game.pending += own_event_triggers(self.game, oid, "transforms")  # 701.27e
        return True

    def mark(self, ability: str, source: str | None) -> None:
        """701.27f: the times the source of an ability put on the stack (or activated) had transformed then."""
        o = self.game.state.objects.get(source) if source is not None else None
        if o is not None and ability in self.game.refs:
            self.game.refs[ability]["transforms"] = (o.transforms,)

    def transform_source(self, source: str, name: str) -> None:
        """701.27f: an activated or triggered ability of a permanent that transforms it ("transform this
        creature") does so only if it hasn't transformed since the ability was put on the stack."""
        refs = self.game.resolution.resolving_refs
        o = self.game.state.objects.get(source)
        was = refs.get("transforms")
        if o is not None and was is not None and o.transforms != was[0]:
            self.game.say("701.27f", f"{_name(self.game.state, source)} has transformed since \"{name}\" was put on the "
                                     "stack: it doesn't transform again")
            return
        if refs.get("self") is not None and not self.game.same(refs["self"]):
            self.game.say("701.27a", f"{_name(self.game.state, source)} is no longer the object \"{name}\" was of (400.7): "
                                     "it doesn't transform")
            return
        self.transform(source, f"{name}'s ability")

    # --- 603.4: the spells cast last turn -----------------------------------------------------------
    def last_turn(self) -> dict[str, int]:
        """The spells each player cast last turn (counted by the game since the board; before it, as the
        board says them)."""
        st = self.game.state
        if st.spells_cast_last_turn is None:
            raise GameError(self.game.where(), f"turn {st.turn}: the spells each player cast last turn (turn "
                                               f"{st.turn - 1}, before the board) are read here (603.4, 502.2), and the "
                                               "board doesn't say them",
                            "add spells_cast_last_turn: {PLAYER: N, ...} to the board ({} on a game's first turn)")
        return st.spells_cast_last_turn

    def spells_last_turn_hold(self, which: str) -> bool:
        """603.4: "if no spells were cast last turn" (none), "if a player cast two or more spells last
        turn" (two_or_more: one player cast two or more)."""
        counts = self.last_turn()
        return not any(counts.values()) if which == "none" else any(n >= 2 for n in counts.values())

    def new_turn(self) -> None:
        """500.1: a turn ends, the next begins: this turn's spells are last turn's (and its active player the
        previous turn's, 502.2)."""
        st = self.game.state
        st.spells_cast_last_turn, st.spells_cast = dict(st.spells_cast), {}
        self._previous = st.active

    # --- day and night (502.2; 702.145 and the day/night rule: the current official rules) --------
    def _with(self, keyword: str) -> list[str]:
        """The permanents with this keyword now (after the layers: 613.1f)."""
        return sorted({x for x, _index, ab, _you in self.game.abilities_in_force()
                       if ab.kind == "keyword" and ab.keyword == keyword})

    def check_day_night(self) -> None:
        """702.145c: any time a player controls a permanent with daybound, if it's neither day nor night, it
        becomes day; 702.145f: any time a player controls a permanent with nightbound, if it's neither and no
        permanent on the battlefield has daybound, it becomes night. (Once day or night, never neither again.)"""
        if self.game.state.day_night is not None:
            return
        day = self._with("daybound")
        if day:
            self.becomes("day", "702.145c", f"{_name(self.game.state, day[0])} has daybound")
            return
        night = self._with("nightbound")
        if night:
            self.becomes("night", "702.145f", f"{_name(self.game.state, night[0])} has nightbound, and no permanent has "
                                              "daybound")

    def becomes(self, it: str, rule: str, why: str) -> None:
        """It becomes day or night; as it becomes night, each permanent with daybound that is front face up
        transforms (702.145b); as it becomes day, each permanent with nightbound that is back face up
        transforms (702.145d): at once, not a state-based action."""
        st = self.game.state
        before, st.day_night = st.day_night, it
        self.game.say(rule, f"it becomes {it} ({why})")
        keyword = "daybound" if it == "night" else "nightbound"
        for oid in self._with(keyword):
            if (st.objects[oid].front_face is None) == (it == "night"):
                self.transform(oid, f"its {keyword} ability as it becomes {it}", day_night=True)
        # 731, 603.2 (the current official rules): "Whenever day becomes night or night becomes day" (ZoneTrigger
        # day_night): not as it first becomes day or night from neither (``from``: None)
        self.game.pending += event_triggers(st, self.game.layers(), [{"type": "day_night", "from": before, "to": it}])

    def by_effect(self, it: str, why: str) -> None:
        """731 (the current official rules): "It becomes night." ({op: become_day_night}): it becomes that, from the
        other or from neither; already that, nothing happens (no change: nothing transforms, nothing triggers)."""
        if self.game.state.day_night == it:
            self.game.say("731", f"it is already {it} ({why})")
            return
        self.becomes(it, "731", why)

    def becomes_day_as_enters(self, oid: str) -> None:
        """731 (the current official rules), 614.1c: "If it's neither day nor night, it becomes day as this creature
        enters" (the enter event's ``becomes_day``: the replacement program applied it): day, if neither yet."""
        if self.game.state.day_night is None:
            self.becomes("day", "731, 614.1c", f"it was neither day nor night as {_name(self.game.state, oid)} entered")

    def previous_active(self) -> str:
        """The active player of the previous turn: as the game went; for a turn before the board, the
        player before this turn's active player in turn order (101.4, 500.1)."""
        st = self.game.state
        if self._previous is not None:
            return self._previous
        names = st.player_names
        return names[names.index(st.active) - 1]

    def untap_check(self) -> None:
        """502.2: the untap step's second part: if it's day and the previous turn's active player cast no
        spells during that turn, it becomes night; if it's night and they cast two or more, it becomes day;
        if it's neither, there is no check (a turn-based action: no stack)."""
        st = self.game.state
        if st.day_night is None:
            return
        who = self.previous_active()
        n = self.last_turn().get(who, 0)
        if st.day_night == "day" and n == 0:
            self.becomes("night", "502.2", f"{who}, the previous turn's active player, cast no spells during it")
        elif st.day_night == "night" and n >= 2:
            self.becomes("day", "502.2", f"{who}, the previous turn's active player, cast {n} spells during it")

    def entering(self, oid: str) -> None:
        """702.145b: "If it is night and this permanent is represented by a double-faced card, it enters the
        battlefield transformed" (its printed daybound ability, as it enters: no transform event); then
        702.145c and 702.145f."""
        st = self.game.state
        o = st.objects[oid]
        if st.day_night == "night" and o.front_face is None and o.printed is not None and any(
                ab.kind == "keyword" and ab.keyword == "daybound" for ab in o.printed.abilities):
            face = self.other_face(oid)
            if face is not None and not {"Instant", "Sorcery"} & set(face[1].types):
                name = _name(st, oid)
                o.front_face = (o.card_name or "", o.printed)
                o.card_name, o.printed = face
                self.game.say("702.145b", f"it is night: {name} enters the battlefield transformed, as {face[0]}")
        self.check_day_night()
