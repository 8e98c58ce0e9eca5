"""Casting a spell (601.2): the proposal (601.2a-d: modes 700.2, kicker, alternative cost, X 107.3a,
targets, division), who may begin to cast it, from where and when (601.3, 601.3a-b, 601.3e, 117.1a,
613.10 rules on players), the proposal checked (601.2e, 601.5), and the abilities that trigger as it
becomes cast (601.2i, 603.2)."""

from __future__ import annotations

from dataclasses import replace as with_fields
from typing import Any

from bridge.replace import characteristics
from bridge.replace.characteristics import printed_characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.vocab.cardfile import KeywordAbility
from engine.state.model import Characteristics
from engine.vocab.effects import PlayerEffect, SpellQuality
from engine.vocab.selector import Selector
from engine.vocab.oneshot import CastTrigger
from engine.game.triggered import Triggered
from engine.game import copy_next  # 603.7, 707.10 (issue 21: copies)
from engine.game.common import Chapter, GameError, MAIN, Rejected, _name
from engine.game import freecast
from engine.game import granted_cards
from engine.game import altcast, assist, cast_only, cast_quality, cost_parts, discover, entwine, graveyard, gy_leave, modal, optional_costs, overload, play_exiled, spell_costs, spell_keywords, warped, xvalue
from engine.game import turn_records
from engine.game import awaken, prototype  # 702.113a, 702.160a, 718 (issue 21: keywords of permanents)
from engine.game import plot  # 702.170 (issue 21)
from engine.game import harmonize, kwcast_costs, mayhem  # 702.180, 702.187 (issue 21)


# 601.2b: the alternative methods and costs a cast may use, one at most (the fields of the game file's Cast)
ALTERNATIVE_METHODS = ("adventure", "face_down", "bestow", "escape", "madness", "flashback", "alternative", "cascade",
                       "discover", "free", "rebound", "dash", "evoke", "surge", "spectacle", "disturb", "foretold", "overload", "warp",
                       "blitz", "freerunning", "emerge", "prototype", "awaken", "plotted", "mayhem", "harmonize")


# 702.37c, 708.2: a face-down spell is a 2/2 creature spell with no text, no name, no subtypes and no mana cost
FACE_DOWN = Characteristics(name="", mana_cost=None, mana_value=0, colors=(), color_indicator=None, supertypes=(),
                            types=("Creature",), subtypes=(), rules_text="", abilities=(), power=2, toughness=2,
                            loyalty=None, defense=None)
ENCHANT_CREATURE = KeywordAbility(kind="keyword", keyword="enchant", quality="creature")  # 702.103b


def _a(chars) -> str:
    """'a creature', 'an instant', 'an enchantment creature': the card types of a spell, with an article."""
    kinds = " ".join(chars.types).lower()
    return ("an " if kinds[:1] in "aeiou" else "a ") + kinds


def _caster_ok(who: str, you: str, caster: str) -> bool:
    """603.2: whether a cast trigger of ``you``'s ability counts ``caster``'s spell: 'whenever you cast',
    'whenever an opponent casts', 'whenever a player casts'."""
    return who == "any" or (who == "you") == (caster == you)



def _returns_self(ab) -> bool:
    """Whether the ability's effect returns its card from the graveyard ("you may return this card from your graveyard
    to your hand": return_self, or in a may), 113.6k."""
    return graveyard.returns_self(ab)  # (118.12: "you may pay {N}. If you do, return this card ..." too)


def spell_targets(game, selector: Selector | None, oid: str, source: str, you: str) -> bool:
    """115.1, 603.2: does the spell ``oid`` have, as it is cast (601.2c), a target ``selector`` names for the ability
    of ``source`` its controller ``you`` controls ("a spell that targets this creature": the source)?"""
    if selector is None:
        return True
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    return any(t in st.objects and ctx.match(selector, t) for t in st.objects[oid].targets)


def _flashback(casting: Casting, oid: str, face, where: str, player: str) -> None:
    """702.34a: flashback casts an instant or sorcery card that has it from its owner's graveyard."""
    name = _name(casting.game.state, oid)
    if granted_cards.keyword(casting.game, oid, face, "flashback") is None:  # printed, or an effect's (613.1f)
        raise Rejected("702.34a", f"{name} has no flashback ability")
    if where != "graveyard":
        raise Rejected("702.34a", f"flashback casts {name} from {player}'s graveyard, and it is not there")
    if not {"Instant", "Sorcery"} & set(face.types):
        raise Rejected("702.34a", f"flashback casts only an instant or sorcery spell; {name} is not one")


def _permissions(casting, oid: str, face, where: str | None, act: gf.Cast) -> None:
    """702.81a retrace, 702.133a jump-start *(EN, current official rules)*: "You may cast this card from your
    graveyard by discarding a land card [a card] as an additional cost to cast it" (jump-start: "if the resulting
    spell is an instant or sorcery spell"), one permission to cast it from the graveyard at a time; 702.88a rebound:
    cast from exile without paying its mana cost only as its rebound trigger resolves."""
    st = casting.game.state
    altcast.permissions(casting, oid, where, act)  # 702.146a disturb: the spell is the card transformed (engine/game/altcast.py)
    plot.permissions(casting, oid, where, act)  # 702.170d: a plotted card (engine/game/plot.py)
    mayhem.permissions(casting, oid, face, where, act)  # 702.187b: discarded this turn (engine/game/mayhem.py)
    harmonize.permissions(casting, oid, face, where, act, st.objects[oid].owner)  # 702.180a (engine/game/harmonize.py)
    if act.dash and casting.keyword(face, "dash") is None:  # 702.109a: "you may cast this card by paying [cost]"
        raise Rejected("702.109a", f"{_name(st, oid)} has no dash ability")
    for k, rule in (("evoke", "702.74a"), ("surge", "702.117a"), ("spectacle", "702.137a"),
                    ("overload", "702.96a"), ("warp", "702.185a")):  # alternative costs
        if getattr(act, k) and casting.keyword(face, k) is None:
            raise Rejected(rule, f"{_name(st, oid)} has no {k} ability")
    if act.warp:  # 702.185a: from the hand only (engine/game/warped.py)
        warped.from_hand(casting.game, oid, where)
    if act.rebound and casting.rebound_card != oid:
        raise Rejected("702.88a", f"{_name(st, oid)} may be cast without paying its mana cost only as its rebound "
                                  "trigger resolves")
    if not (act.retrace or act.jump_start):
        return
    keyword, rule = ("retrace", "702.81a") if act.retrace else ("jump-start", "702.133a")
    if sum((act.escape, act.flashback, act.retrace, act.jump_start)) > 1:
        raise Rejected("601.2b", "a card is cast from the graveyard by one of escape, flashback, retrace, jump-start")
    if granted_cards.keyword(casting.game, oid, face, keyword) is None:  # printed, or an effect's (613.1f)
        raise Rejected(rule, f"{_name(st, oid)} has no {keyword} ability")
    if where != "graveyard":
        raise Rejected(rule, f"{keyword} casts {_name(st, oid)} from its owner's graveyard, and it is not there")
    if act.jump_start and not {"Instant", "Sorcery"} & set(face.types):
        raise Rejected(rule, f"jump-start casts only an instant or sorcery spell; {_name(st, oid)} is not one")


class Casting(Chapter):
    """Casting spells (601)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.madness_card = self.rebound_card = None  # 702.35a, 702.88a: the card its madness (rebound) trigger lets cast now
        self.cast_count: dict[int, int] = {}  # 702.40a: the spells cast in each turn (by any player)
        self.cast_by: dict[tuple[int, str], int] = {}  # (turn, player): the spells they cast in that turn
        self.cast_spells: dict[tuple[int, str], list] = {}  # (turn, player): those spells, (id, characteristics) in order
        # 702.85a, 701.57a: the card a cascade trigger (discover) lets its controller cast now, free, the mana value it
        # must be less than, and which of the two (engine/game/discover.py); 608.2g: free_kind "free", the resolving
        # cast_free that lets free_card be cast (free_op, engine/game/freecast.py)
        self.free_card, self.free_below, self.free_kind, self.free_op = None, 0, None, None
        self.granted_cast: dict[str, dict[str, Any]] = {}  # 613.1f, 601.2a: as its cast was checked (granted_cards.py)

    def cast(self, act: gf.Cast, player: str) -> None:
        """601.2: the proposal (601.2a-d: the card to the stack, modes, kicker, alternative cost, X,
        targets, division), its check (601.2e, 601.5), the total cost locked in (601.2f), mana abilities
        (601.2g) and the payment (601.2h); the player must have been allowed to begin (601.3)."""
        st = self.game.state
        oid = act.cast
        if oid not in st.objects:  # a token the script expected the game to create
            raise Rejected("601.3", f"no object is named {oid} now: there is nothing to cast")
        o = st.objects[oid]
        where = self.cast_zone(oid, player, altcast.from_graveyard(act))
        face = self.spell_face(oid, act)  # 601.3e: the characteristics it is cast with
        if "Land" in face.types:
            raise Rejected("305.9", f"{_name(st, oid)} is a land: it is played, not cast")
        discover.check_free(self, act, oid, _name(st, oid))  # 702.85a, 701.57a: only now
        freecast.check(self, act, oid, where, player)  # 608.2g: only as the effect resolves; 118.9
        if act.madness and self.madness_card != oid:
            raise Rejected("702.35a", f"{_name(st, oid)} may be cast for its madness cost only as its madness trigger "
                                      "resolves")
        if sum(bool(getattr(act, k)) for k in ALTERNATIVE_METHODS) > 1:
            raise Rejected("601.2b", "a spell is cast with one alternative method or cost at most (an Adventure, face "
                                     "down, bestow, escape, madness, flashback, cascade, dash, evoke, surge, spectacle, disturb, foretold, warp, an alternative cost)")
        if act.flashback:  # 702.34a
            _flashback(self, oid, face, where, player)
        _permissions(self, oid, face, where, act)  # 702.81a retrace, 702.88a rebound, 702.133a jump-start
        if act.buyback and self.keyword(face, "buyback") is None:
            raise Rejected("702.27a", f"{_name(st, oid)} has no buyback ability")
        if act.escape and granted_cards.keyword(self.game, oid, face, "escape") is None:  # or an effect's (613.1f)
            raise Rejected("702.138a", f"{_name(st, oid)} has no escape ability")
        if act.escape and where != "graveyard":
            raise Rejected("702.138a", f"escape casts {_name(st, oid)} from {player}'s graveyard, and it is not there")
        self.game.costs.split_second(oid)  # 702.61a
        exiled = self.game.costs.escape_exile(oid, face, player, act) if act.escape else []
        self.may_begin(oid, face, where, player)
        # 601.2a: the card moves to the stack with the characteristics it is cast with
        st.take_out(oid)
        st.stack.append(oid)
        o.zone, o.controller, o.kind = "stack", player, "spell"
        chars = face
        choices: dict[str, Any] = {k: True for k in ("adventure", "face_down", "escape", "flashback", "buyback", "jump_start",
                                                     "dash", "evoke", "surge", "spectacle", "disturb", "foretold", "warp", "harmonize")
                                   if getattr(act, k)}
        if where == "hand":  # 601.2a: "if you cast it from your hand" (events.py); 702.88a rebound, printed or given (613.1f)
            rebound = self.keyword(face, "rebound") is not None or spell_keywords.has(self.game, oid, "rebound")
            choices.update(cast_from_hand=True, **({"rebound": True} if rebound else {}))
        # 601.2b: modes (700.2, 601.4), the kicker (702.33), an alternative cost (702.103b), X (107.3a)
        modes = self.announce_modes(oid, chars, act)
        if modes:
            choices["modes"] = modes
        if act.kicked:
            choices["kicked"] = True
        if act.bestow:
            chars = self.bestowed(chars)
            choices["bestow"] = True
            self.game.say("702.103b", f"{player} casts {face.name} for its bestow cost: it is an Aura enchantment spell with "
                                      "enchant creature, not a creature spell (205.1a)")
        chars = overload.overloaded(self.game, chars, choices) if act.overload else prototype.cast(self.game, oid, chars) if act.prototype else awaken.cast(self.game, oid, chars) if act.awaken else chars  # 702.96a-b (overload.py), 718.3a-b, 702.113a
        x = self.announce_x(oid, face, act, player, where)
        if x is not None:
            choices["x"] = x
            if "{X}" in (face.mana_cost or "").upper():  # 202.3e: X is its announced value on the stack
                chars = with_fields(chars, mana_value=chars.mana_value + x * face.mana_cost.upper().count("{X}"))
        discover.check_free(self, act, oid, _name(st, oid), chars.mana_value)  # 702.85a, 701.57a: its mana value
        freecast.check_spell(self, act, oid, chars, player)  # 601.3e, 202.3: a spell the effect names
        o.printed = chars
        o.choices = dict(choices)  # a new object (400.7): the choices of this casting only
        optional = optional_costs.announce(self.game, oid, chars, act)  # 601.2b: bargain, casualty, conspire
        what = self.spell_text(chars, oid)
        # 601.2c: its targets (those of its chosen modes, 700.2c); 601.2d: the division
        o.targets = tuple(act.targets)
        self.game.targets.check_targets(oid, self.game.targets.spell_targets(chars, modes), list(act.targets), player, what)
        division = self.division(oid, chars, modes, act, x)
        if division:
            o.choices["divide"] = division
        # 601.2e, 601.5: the proposal complete, is the player still allowed to cast it?
        why = self.cast_problem(oid, chars, where, player)
        if why:
            raise Rejected("601.5", f"{why}: after its proposal (601.2a-d) {player} is not allowed to cast it, so the "
                                    "casting is illegal (601.2e)")
        costs = self.game.costs
        cost, why = costs.total_cost(oid, chars, player, *costs.cost_to_pay(oid, face, act, x))  # 601.2f: locked in
        sacrifice = self.game.costs.additional_sacrifice(oid, chars, player, act.sacrificing)
        extras = spell_costs.additional_parts(self.game, oid, chars, player, act, x)  # 118.8, 601.2h: chosen first
        if why:
            self.game.say("601.2f", f"the total cost of {what} is {cost or '{0}'} ({why})")
        cost, tapped, delved = costs.tapped_for_mana(oid, chars, player, cost, act)  # 702.51a, 702.126a, 702.66a
        cost, helped = assist.helper_pays(self.game, oid, chars, player, cost, act)  # 702.132a: another player first
        self.game.mana.mana_abilities(act.tap, player)  # 601.2g
        o.choices["mana_spent"] = helped + self.game.mana.pay(player, cost, (oid, chars))  # 601.2h ("if {G} was spent": Vigor Mortis; 106.6)
        if tapped:
            self.game.events.tap(tapped)
        if delved:
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard"}, to="exile")
                                           for x in delved], "702.66a", "is exiled to pay for the spell (delve)")
        if sacrifice:
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                                           for x in sacrifice], "601.2h", "is sacrificed to pay the additional cost",
                                          sacrificed=True)
        if extras is not None:  # 601.2h: the additional cost, paid with the rest
            cost_parts.pay(self.game, oid, player, extras)
        if exiled:  # 702.138a: the rest of the escape cost
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard"}, to="exile")
                                           for x in exiled], "702.138a", "is exiled to pay the escape cost")
        targets = f" targeting {', '.join(_name(st, t) for t in act.targets)}" if act.targets else ""
        said = [f"X={x}, mana value {chars.mana_value} on the stack (202.3e)"] if x is not None else []
        said += (["kicked"] if act.kicked else []) + optional
        said += ["buyback paid (702.27a)"] if act.buyback else ["for its dash cost (702.109a)"] if act.dash else []
        said += [f"mode{'s' if len(modes) > 1 else ''} {', '.join(map(str, modes))}"] if modes else []
        said += ["dividing " + ", ".join(f"{n} to {_name(st, t)}" for t, n in zip(act.targets, division))] \
            if division and len(division) > 1 else []
        frm = {"library": " from the top of their library",
               "graveyard": " from their graveyard (flashback, 702.34a)" if act.flashback else
               " from their graveyard (retrace, 702.81a)" if act.retrace else
               " from their graveyard (jump-start, 702.133a)" if act.jump_start else
               " from their graveyard (escape, 702.138a)" if act.escape else altcast.said(act) or kwcast_costs.said(act, where),
               "exile": " from exile without paying its mana cost (cascade, 702.85a, 608.2g)" if act.cascade else
               " from exile without paying its mana cost (discover, 701.57a, 608.2g)" if act.discover else
               " from exile without paying its mana cost (rebound, 702.88a, 608.2g)" if act.rebound else
               " from exile for its madness cost (702.35a, 608.2g)" if act.madness else altcast.said(act) or kwcast_costs.said(act, where) or " from exile (601.3)"}.get(
            where or "", "")
        self.game.say("601.2i", f"{player} casts {what}{frm}{targets}" + (f" ({'; '.join(said)})" if said else ""))
        if where == "hand":
            self.bind_next_spell(oid, chars, player)
        gy_leave.cast_triggers(self, oid, chars, player, where)  # 601.2i (and 601.2a, 603.2: a card cast from a graveyard)
        self.game.triggers.ward_triggers(oid, player)  # 702.21a: its targets became its targets

    def graveyard_cast_triggers(self) -> list:
        """113.6k: the cast triggers of cards in graveyards whose effect returns the card from there ("Whenever you
        cast a multicolored spell, you may return this card from your graveyard to your hand"): they function only
        there; as (card, index, ability, its owner)."""
        st = self.game.state
        out = []
        for p in st.player_names:
            for x in st.zone_ids("graveyard", p):
                card = st.objects[x].printed
                for index, ab in enumerate(card.abilities if card is not None else (), 1):
                    if isinstance(getattr(ab, "trigger", None), CastTrigger) and _returns_self(ab):
                        out.append((x, index, ab, p))
        return out

    def cast_triggers(self, oid: str, chars: Characteristics, player: str, where: str | None) -> None:
        """601.2i, 603.2: the abilities that trigger as the spell becomes cast ("whenever you cast an instant
        or sorcery spell from your library"), about that spell; its caster is "that player" (603.2)."""
        turn = self.game.state.turn
        cast_quality.record(self, oid, chars, player)  # the caster's nth spell this turn (cast_by, cast_spells)
        self.game.state.spells_cast[player] = self.game.state.spells_cast.get(player, 0) + 1  # (603.4, 502.2)
        turn_records.cast(self.game.state, player, chars.types)  # 601.2i: "two or more noncreature spells this turn"
        # (113.6k: a cast trigger returning its card from the graveyard functions there only, not on the battlefield)
        for src, index, ab, you in [t for t in self.game.abilities_in_force() if not _returns_self(t[2])] \
                + self.graveyard_cast_triggers():
            trig = getattr(ab, "trigger", None)
            if isinstance(trig, CastTrigger) and cast_quality.triggers(self, trig, src, you, oid, chars, player, where,
                                                                       _caster_ok, spell_targets):
                self.game.pending.append(Triggered(src, index, ab.display(), oid, "cast", "601.2i", you, model=ab, player=player))
        copy_next.cast(self, oid, chars, player, where, _caster_ok, spell_targets)  # 603.7b: "When you next cast ... this turn" (engine/game/copy_next.py)
        given = spell_keywords.granted(self.game, oid, chars.abilities)  # 613.1f: cascade, storm an effect gives it
        for index, ab in enumerate(list(chars.abilities) + given, 1):  # "when you cast this spell" (the spell's own)
            trig = getattr(ab, "trigger", None)
            if isinstance(trig, CastTrigger) and trig.self_:
                self.game.pending.append(Triggered(oid, index, ab.display(), oid, "cast", "601.2i", player))
            if getattr(ab, "kind", None) == "keyword" and ab.keyword == "cascade":  # 702.85a-b: each instance
                self.game.pending.append(Triggered(oid, index, ab.display(), oid, "cascade", "702.85a, 601.2i", player,
                                                   amount=chars.mana_value, model=ab))
        # 702.40a: storm, "when you cast this spell, copy it for each other spell that was cast before it this
        # turn" (702.40b: each instance triggers); the number counted now, as it triggers
        before = self.cast_count.get(turn, 0)
        self.cast_count[turn] = before + 1
        self.game.pending += optional_costs.copy_triggers(self.game, oid, chars, player, before, given)  # 702.40a, 702.56a, ...

    # --- casting: the spell as proposed (601.2a-e, 601.3, 601.5) ---------------------------------
    @staticmethod
    def keyword(chars, *names: str):
        return next((a for a in chars.abilities if getattr(a, "keyword", None) in names), None)

    def spell_face(self, oid: str, act: gf.Cast) -> Characteristics:
        """601.3e: the characteristics the card is cast with, chosen as casting begins: its Adventure's
        (715.3), a face-down 2/2 creature's with no name, text, subtypes or mana cost (702.37c, 708.2),
        or its back face's (disturb, 702.146a)."""
        card = self.game.card_file(oid)
        if act.adventure and card is not None and card.adventure is not None:
            return Characteristics.of_face(card.adventure)
        if act.face_down:
            return FACE_DOWN
        return altcast.spell_face(self.game, oid, act)  # 702.146a: disturb's back face (engine/game/altcast.py)

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
        if self.keyword(face, "bestow") is not None:
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

    def cast_zone(self, oid: str, player: str, from_graveyard: bool = False) -> str | None:
        """Where the player would cast it from: their hand, the top of their library (601.3), or their
        graveyard for a card with escape cast for its escape cost (702.138a)."""
        st = self.game.state
        if oid in st.zone_ids("hand", player):
            return "hand"
        if from_graveyard and oid in st.zone_ids("graveyard", player):
            return "graveyard"
        if self.free_card == oid and (oid in st.exile or self.free_kind == "free" and st.objects[oid].zone == "graveyard"):
            return "exile" if oid in st.exile else "graveyard"  # 702.85a, 701.57a (cascade, discover); 608.2g (freecast.py)
        if self.madness_card == oid and oid in st.exile:  # 702.35a, as its trigger resolves
            return "exile"
        if self.rebound_card == oid and oid in st.exile or play_exiled.allows(self.game, oid, player):
            return "exile"  # 702.88a, as its rebound trigger resolves; 601.3: an effect lets them play it (play_exiled.py)
        library = st.zone_ids("library", player)
        return "library" if library and library[0] == oid else None

    def spell_is(self, quality: SpellQuality | Selector | None, oid: str, chars: Characteristics, player: str, choices=None):
        """601.3: is the spell ``oid``, cast by ``player`` with the characteristics ``chars`` (601.3e),
        one of the spells an effect names (``quality``, or its selector; None: every spell)?
        bridge/selectors.py matches the selector (``choices``: the source's, 'of the chosen color')."""
        if quality is None:
            return True
        if isinstance(quality, SpellQuality) and (
                quality.min_mana_value is not None and chars.mana_value < quality.min_mana_value
                or quality.max_mana_value is not None and chars.mana_value > quality.max_mana_value):
            return False  # 202.3: the mana value it is cast with (202.3e: X as announced)
        st = self.game.state
        ctx = SelectorContext(st, {}, None, player, (), choices or {})
        seen = printed_characteristics(chars, player, st.objects[oid].owner)
        if chars == st.objects[oid].printed:  # 611.3a: with what the layers give the spell or card (its printed face)
            seen = granted_cards.after_layers(self.game, oid, seen)
        return ctx.match(quality.selector if isinstance(quality, SpellQuality) else quality, oid, seen, chars.mana_value)

    def player_rules(self, rule: str):
        """613.10: the effects on players in force whose rule the loop applies as a spell is cast, each
        as (operation, the players it is on, 'Source: "text"', its source's choices: 614.12)."""
        st = self.game.state
        layers = self.game.layers()
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
            chosen = dict(st.objects[e["source"]].choices) if e.get("source") in st.objects else {}
            for op in ops:
                on = [controller] if op.players == "you" else list(st.player_names) if op.players == "each" else \
                    [p for p in st.player_names if p != controller]
                yield op, on, f"{source}: \"{e.get('text', '')}\"", chosen

    def _effect_ability(self, eid: str):
        """The ability an effect in force comes from, by the layers program's effect id: 'OBJECT#N',
        'OBJECT#copy:SOURCE#N' (707.2), 'GRANTOR>OBJECT#N' (613.7a), 'effects#N' (611.2)."""
        st = self.game.state
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

    def zone_allows(self, oid: str, where: str | None, player: str, chars: Characteristics) -> list[str] | None:
        """601.3: the rule or effect that lets the player cast such a spell from there: the hand (a rule),
        the top of their library (an effect: Garruk's Horde's creature spells, Melek's instant and
        sorcery spells); None when nothing does."""
        if where == "hand":
            return ["their hand"]
        if where == "graveyard":  # 702.138a escape, 702.34a flashback ("you may cast this card from your graveyard")
            return ["escape or flashback"]
        if where == "exile":  # 702.35a: madness; 601.3: an effect that lets the player play it (play_exiled.py)
            return [play_exiled.allows(self.game, oid, player) or "madness"]
        if where != "library":
            return None
        found = [why for op, on, why, _ in self.player_rules("cast_from_library_top")
                 if player in on and self.spell_is(op.spells, oid, chars, player)]
        return found or None

    def timing_ok(self, oid: str, player: str, chars: Characteristics) -> bool:
        """117.1a: any time the player has priority for an instant-speed spell; otherwise a main phase
        of their turn with an empty stack (the spell being cast aside)."""
        st = self.game.state
        if self.madness_card == oid or self.free_card == oid:  # 608.2g: cast during a resolution the effect allows
            return True
        return self.game.priority.instant_speed(oid, chars, player) or \
            (player == st.active and st.step in MAIN and not [x for x in st.stack if x != oid])

    def prohibition(self, oid: str, player: str, chars: Characteristics) -> str | None:
        """601.3: the effect that forbids the player to cast such a spell (Void Winnower), or None."""
        return next((why for op, on, why, chosen in self.player_rules("cant_cast")  # (chosen: "the chosen name")
                     if player in on and self.spell_is(op.spells, oid, chars, player, chosen)  # 601.2i: after_spells
                     and (op.after_spells or 0) <= self.game.state.spells_cast.get(player, 0)), None) \
            or cast_only.refusal(self.game, oid, player, chars)  # 601.3: "Cast this spell only ..." (its own)

    def may_begin(self, oid: str, face: Characteristics, where: str | None, player: str) -> None:
        """601.3: a player may begin to cast a spell only if a rule or an effect allows it and none
        forbids it: the characteristics it is cast with decide (601.3e: an Adventure, face down), and
        the choices of the proposal that could change its qualities are considered (601.3a: X makes its
        mana value odd; 601.3b: bestow makes it an Aura spell)."""
        st = self.game.state
        card = self.game.card_file(oid)
        alternative = card is not None and (card.adventure is not None or self.keyword(card, "morph", "megamorph", "disguise"))
        options = self.proposals(face)
        name = self.spell_text(face, oid)
        if where is None:
            zone = st.objects[oid].zone
            at = {"library": f"in {player}'s library but not on top", "battlefield": "on the battlefield",
                  "stack": "on the stack"}.get(zone, f"in {zone}" if zone in ("exile", "command") else
                                               f"in {st.objects[oid].owner}'s {zone}")
            raise Rejected("601.3", f"{_name(st, oid)} is {at}: no rule or effect lets {player} cast it from there")
        allowed = [c for c in options if self.zone_allows(oid, where, player, c)]
        if not allowed:
            permits = [why for _op, on, why, _ in self.player_rules("cast_from_library_top") if player in on]
            raise Rejected("601.3e" if alternative else "601.3",
                           f"no effect lets {player} cast {name}, {_a(face)} spell, from the top of their library "
                           f"(in force: {'; '.join(permits) or 'none'})"
                           + ("; the characteristics it would be cast with decide (601.3e)" if alternative else ""))
        timely = [c for c in allowed if self.timing_ok(oid, player, c)]
        if not timely:
            raise Rejected("117.1a", f"{name} can be cast only in a main phase of {player}'s turn with an empty stack")
        free = [c for c in timely if self.prohibition(oid, player, c) is None]
        if not free:
            raise Rejected("601.3", f"{player} can't cast {name} (mana value {timely[0].mana_value}): "
                                    f"{self.prohibition(oid, player, timely[0])}")
        if where == "library":
            self.game.say("601.3e" if alternative else "601.3", f"{player} may cast {name} from the top of their library: "
                                                               f"{self.zone_allows(oid, where, player, free[0])[0]}")
        if options[0] not in timely:
            by = next((why for op, on, why, _ in self.player_rules("cast_as_flash")
                       if player in on and self.spell_is(op.spells, oid, timely[0], player)), "an effect")
            self.game.say("601.3b", f"{player} may begin to cast {name} as though it had flash: a choice made as it is cast "
                                    f"({_which_choice(options[0], timely[0])}) would make it {_a(timely[0])} "
                                    f"{' '.join(timely[0].subtypes)} spell, which {by} lets {player} cast as though it had "
                                    "flash")
        elif options[0] not in free:
            self.game.say("601.3a", f"{player} may begin to cast {name}: {self.prohibition(oid, player, options[0])} forbids it "
                                    f"as it is now (mana value {options[0].mana_value}), but a choice made as it is cast "
                                    f"({_which_choice(options[0], free[0])}) can make it a spell that effect doesn't forbid")

    def cast_problem(self, oid: str, chars: Characteristics, where: str | None, player: str) -> str | None:
        """601.2e, 601.5: why the proposed spell, its choices made, can't be cast, or None."""
        name = self.spell_text(chars, oid)
        if not self.zone_allows(oid, where, player, chars):
            return f"no effect lets {player} cast {name}, {_a(chars)} spell, from there"
        if not self.timing_ok(oid, player, chars):
            return (f"{name} is {_a(chars)} spell without flash: it can be cast only in a main "
                    f"phase of {player}'s turn with an empty stack (117.1a)")
        forbidden = self.prohibition(oid, player, chars)
        if forbidden:
            return f"{name} has mana value {chars.mana_value} and {forbidden} forbids it"
        return None

    def announce_x(self, oid: str, face: Characteristics, act: gf.Cast, player: str, where: str | None) -> int | None:
        """601.2b, 107.3a: the value of X in the cost it is cast for (mana cost, or the Adventure's);
        --auto: the smallest (0 or 1) that no effect forbids; 107.3b: 0 when cast without paying its mana cost."""
        if act.face_down or act.bestow or "{X}" not in (face.mana_cost or "").upper() and not spell_costs.additional_x(face):
            return None
        if (given := xvalue.given(act, face)) is not None:  # the cast's x; 107.3b: 0 when cast without paying its cost
            return given
        if not self.game.auto:
            raise GameError(self.game.acting(), f"601.2b: {player} announces the value of X for {face.name} "
                                               f"({face.mana_cost})", "add 'x: N' to the cast, or use --auto")
        n = (face.mana_cost or "").upper().count("{X}")
        return next((x for x in (0, 1) if self.prohibition(oid, player, with_fields(face, mana_value=face.mana_value + n * x))
                     is None), 0)

    def announce_modes(self, oid: str, chars: Characteristics, act: gf.Cast) -> list[int]:
        """700.2, 601.2b: a modal spell's modes, each at most once (700.2d), as many as its text says;
        601.4: the kicker, announced later, counts already ('if this spell was kicked, choose any
        number instead'). A mode whose targets can't be chosen can't be chosen (700.2a: 601.2c checks)."""
        st = self.game.state
        intro = next((a for a in chars.abilities if a.kind == "spell" and getattr(a, "modes", None) is not None), None)
        bullets = self.mode_abilities(chars)
        if intro is None:
            return []
        chosen = list(act.modes)
        if not chosen:
            if not self.game.auto:
                raise GameError(self.game.acting(), f"700.2a: {act.by or st.objects[oid].controller} chooses the mode(s) of "
                                                   f"{chars.name} (\"{intro.text}\"): 1 to {len(bullets)}",
                                "add 'modes: [N, ...]' to the cast, or use --auto")
            chosen = [self._auto_mode(oid, chars, act)]
        if len(set(chosen)) != len(chosen) and not intro.modes.repeat:  # 700.2d: "the same mode more than once"
            raise Rejected("700.2d", f"{chars.name}'s modes are each chosen at most once; the action names {chosen}")
        rule = intro.modes
        kicked = rule.any_number_if_kicked and act.kicked
        if rule.any_number or kicked or entwine.all_modes(self.game, chars, act, chosen):  # 702.42a: all, entwined
            if not chosen:
                raise Rejected("601.2b", f"{chars.name}: at least one mode is chosen")
            if kicked and len(chosen) > rule.number:
                self.game.say("601.4", f"{st.objects[oid].controller} announces {len(chosen)} modes of {chars.name} "
                                       f"(\"{intro.text}\"): the kicker, announced after the modes, counts as they are "
                                       "announced")
        elif len(chosen) != rule.number and not modal.more_allowed(self.game, oid, rule, chosen, st.objects[oid].controller):
            raise Rejected("601.2b", f"{chars.name} says \"{intro.text}\": {rule.number} mode"
                                     f"{'s' if rule.number > 1 else ''}, not {len(chosen)}"
                                     + (" (unkicked)" if rule.any_number_if_kicked else "") + " (700.2)")
        return sorted(chosen)

    def _auto_mode(self, oid: str, chars: Characteristics, act: gf.Cast) -> int:
        """--auto: the first mode whose targets the action's targets are (601.2c), else the first."""
        for k, ab in enumerate(self.mode_abilities(chars), 1):
            try:
                self.game.targets.check_targets(oid, ab.targets or [], list(act.targets),
                                                self.game.state.objects[oid].controller, chars.name)
                return k
            except Rejected:
                continue
        return 1

    @staticmethod
    def mode_abilities(chars) -> list:
        """700.2: a modal spell's modes, its spell abilities whose text begins with a bullet, in order."""
        return [a for a in chars.abilities if a.kind == "spell" and a.text.lstrip().startswith("•")]

    def division(self, oid: str, chars, modes: list[int], act: gf.Cast, x: int | None) -> list[int]:
        """601.2d: how the spell divides its damage among its targets, each at least 1, announced now
        (aligned with the targets); empty when it divides nothing."""
        st = self.game.state
        abilities = [self.mode_abilities(chars)[m - 1] for m in modes] if modes else \
            [a for a in chars.abilities if a.kind == "spell"]
        op = next((op for a in abilities for op in (a.one_shot or ()) if op.op in ("divided_damage", "divided_counters")), None)
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
        elif self.game.auto:
            given = {t: 1 for t in targets}
            given[targets[0]] += total - len(targets)
        else:
            raise GameError(self.game.acting(), f"601.2d: {st.objects[oid].controller} divides {chars.name}'s {total} {op.kind + ' counters' if op.op == 'divided_counters' else 'damage'} "
                                               f"among {', '.join(_name(st, t) for t in targets)}",
                            "add 'divide: {TARGET: N, ...}' to the cast, or use --auto")
        amounts = [given.get(t, 0) for t in targets]
        if total and not targets:
            raise Rejected("601.2d", f"{chars.name} divides {total} {op.kind + ' counters' if op.op == 'divided_counters' else 'damage'} among its targets: it needs one at least")
        if any(n < 1 for n in amounts) or sum(amounts) != total:
            raise Rejected("601.2d", f"{chars.name} divides {total} {op.kind + ' counters' if op.op == 'divided_counters' else 'damage'} among its {len(targets)} target(s), at least 1 "
                                     f"each; the action gives {amounts}")
        return amounts

    def bind_next_spell(self, oid: str, card, player: str) -> None:
        """'The next time you cast an instant or sorcery spell from your hand this turn, put that card into
        your hand instead of into your graveyard as it resolves' (Soulfire Grand Master): the effect, in
        force since its ability resolved (614.4), now applies to the spell just cast from the hand; the
        effect names it (its targets), as a board's effects entry does."""
        for e in self.game.state.effects:
            rule = getattr(e.ability, "replacement", None)
            kinds = getattr(rule, "next_spell_from_hand", None)
            if not kinds or e.controller != player or e.targets:
                continue
            if self.spell_is(Selector(any_types=kinds), oid, card, player):  # "an instant or sorcery spell"
                e.targets = (oid,)
                self.game.say("614.1a", f"the effect of {e.source_card} (\"{e.ability.display()}\") now applies to "
                                        f"{card.name} ({oid}), the next {' or '.join(k.lower() for k in kinds)} spell "
                                        f"{player} cast from their hand")


def _which_choice(before: Characteristics, after: Characteristics) -> str:
    """Which choice of the proposal turns one of its outcomes into the other (601.3a-b)."""
    return "its bestow cost" if before.types != after.types else "the value of X"
