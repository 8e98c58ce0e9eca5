"""Costs (118, 601.2f-h, 602): activating an ability (602.2: on the stack, its targets, its cost
paid; timing 602.5a, 602.5d; loyalty abilities 606.3-606.4), the parts of a cost other than mana
(tapping, sacrificing, discarding: 601.2h, 701.21, 701.26), keyword abilities activated as such
(equip 702.6a, outlast 702.107a, level up 702.87a, embalm 702.128a, cycling 702.29a; crew 702.122a and saddle
702.171a: mounts.py), the total cost of an ability or a spell with its increases and reductions (601.2f, 602.2b), the alternative and additional costs of a spell (morph
702.37c, bestow 702.103b, madness 702.35a, escape 702.138a, flashback 702.34a, kicker 702.33, buyback
702.27a)."""

from __future__ import annotations

import re
from typing import Any

from bridge.replace import characteristics
from bridge.replace.characteristics import printed_characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.vocab.cardfile import NUMBERS, ActivationCost, parse_activation_cost
from engine.vocab.activation import cost_in_words, zone_of
from engine.vocab.activation_limits import activation_limits
from engine.vocab.mana import parse_cost
from engine.state.model import Characteristics, GameObject
from engine.vocab.oneshot import ActivateTrigger
from engine.game.triggered import Triggered
from engine.game import granters, untap_cost
from engine.vocab.keywords import affinity_quality
from engine.vocab.keyword_costs import stands_for, CyclingAbility, TypecyclingAbility, EmbalmAbility, EquipAbility, LevelUpAbility, OutlastAbility
from engine.game.common import Chapter, GameError, MAIN, Rejected, _name
from engine.game import granted_cards, gy_tokens
from engine.game import cost_counters  # 606.4, 122.6: counters put or removed as costs (issue 24)
from engine.game import undaunted  # (issue 21: 702.125a, a reduction for each opponent)
from engine.game import harmonize, kwcast_costs  # 702.180a; the costs of engine/game/kwcast_costs.py
from engine.game import ability_refs, alt_costs, altcast, amounts, conditions, cost_parts, entwine, flash_more, forbidden, modal, mounts, ninjutsu, optional_costs, replicate, spell_costs, spell_keywords, squad, transmute, xvalue


MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")  # a cost of mana symbols only ("{2}", "{1}{U}")
COLOR_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ESCAPE_COST = re.compile(r"^((?:\{[^}]+\})*)(?:, Exile (\w+) other cards? from your graveyard)?$")


class Costs(Chapter):
    """Activating abilities and the costs of abilities and spells (602, 601.2f-h)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.loyalty_used: set[str] = set()  # 606.3: planeswalkers whose loyalty ability was activated this turn
        # 602.5b: "Activate only once each turn": the turn each (object, ability, zone changes: 400.7) was last
        # activated, and how many times in it; "Activate only once": the (object, ability, zone changes) activated.
        # Kept by the game as it runs: a game file (a board) starts with no activation made
        self.activated_on_turn: dict[tuple[str, int, int], tuple[int, int]] = {}  # (turn, times activated in it)
        self.activated_once: set[tuple[str, int, int]] = set()

    def tap_cost(self, oid: str, player: str, c: dict[str, Any]) -> None:
        """Pay {T} (602.2b, 601.2h): the permanent must be untapped, and a creature must have been
        under its controller's control since the turn began, or have haste (602.5a)."""
        st = self.game.state
        o = st.objects[oid]
        if o.tapped:
            raise Rejected("601.2h", f"{_name(st, oid)} is tapped: its {{T}} cost can't be paid")
        if "creature" in c.get("types", ()) and o.summoning_sick and "haste" not in c.get("abilities", ()):
            raise Rejected("602.5a", f"{_name(st, oid)} has not been under {player}'s control since the turn began")
        self.game.events.tap([oid])

    def activate(self, act: gf.Activate, player: str) -> None:
        """602.2: an activated ability goes on the stack, its targets chosen and its cost paid."""
        st = self.game.state
        oid = act.activate
        if act.searching is not None and oid not in st.zone_ids("hand", player):
            raise Rejected("702.29e", f"searching names the card a typecycling ability's search finds; {_name(st, oid)} "
                                      "is not activating one from a hand")
        zone = next((z for z in ("graveyard", "hand") if oid in st.zone_ids(z, player)), None)
        if zone is not None:  # 602.5: "activated abilities of sources with the chosen name" (any zone: cycling too)
            forbidden.check_activation(self.game, oid, mana=False, anywhere_only=True)
        ab = self.zone_ability(oid, act, zone) if zone is not None else None
        if zone is not None and ab is None:
            self.split_second()
            if zone == "graveyard":  # 702.128a embalm; 702.129a eternalize, 702.141a encore (engine/game/gy_tokens.py)
                gy_tokens.activate(self, act, player) or self.activate_embalm(act, player)
            else:
                self.activate_cycling(act, player)
            return
        if zone is not None and (act.printed_by or act.granted_by):  # (ability_refs.py: a permanent's)
            raise GameError(self.game.acting(), f"{'printed_by' if act.printed_by else 'granted_by'}: names an ability "
                                                f"of a permanent; {_name(st, oid)} is in {player}'s {zone}",
                            "remove it: 'ability: N' numbers the card's abilities there")
        if ab is not None:  # 113.6k: an ability of a card in its owner's graveyard or hand (602.2: its owner's)
            c, index, said = {"name": self.game.card_file(oid).name}, act.ability, f"ability: {act.ability}"
        else:
            if oid not in st.battlefield:
                raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield")
            layers = self.game.layers()
            c = layers.objects.get(oid, {})
            # its printed abilities and those an effect grants it (613.1f), by their references (ability_refs.py)
            ref = ability_refs.find(self.game, oid, act)
            if ref is None:
                if c.get("controller") != player:
                    raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
                raise Rejected("602.1", f"{_name(st, oid)} doesn't have an ability {act.ability} now (613: the layers "
                                        "program gives its abilities)")
            index, ab, said = ref.number, ref.ability, ability_refs.label(self.game, oid, ref)
            act = act.model_copy(update={"ability": index, "printed_by": None, "granted_by": None})
            # 602.2: only its controller activates it, "unless the object specifically says otherwise"
            anyone = ab.kind == "activated" and activation_limits(ab.effect).any_player
            if c.get("controller") != player and not anyone:
                raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
            means = stands_for(ab)  # (a keyword defined as an ability of the graveyard: 702.97a scavenge)
            if means.kind == "activated" and self.functions_in(means, c.get("name") or "") != "battlefield":
                raise Rejected("113.6k", f"{_name(st, oid)}'s ability {act.ability} moves it out of its owner's graveyard "
                                         "or hand: it functions only there")
            forbidden.check_activation(self.game, oid, mana=bool(getattr(ab, "mana", False)))  # 602.5
        if not getattr(ab, "mana", False):
            self.split_second()
        if ab.kind == "keyword" and ab.keyword in ("crew", "saddle") and ab.n is not None:  # 702.122a, 702.171a
            mounts.activate_tapping(self, act, player, ab.keyword, ab.n, index)
            return
        if ab.kind == "keyword" and ab.keyword == "equip" and ab.cost:  # 702.6a: an activated ability
            ab = EquipAbility(ab.cost, ab.quality)  # 702.6c: its quality restricts its targets
        elif ab.kind == "keyword" and ab.keyword == "outlast" and ab.cost:  # 702.107a
            ab = OutlastAbility(ab.cost)
        elif ab.kind == "keyword" and ab.keyword == "level up" and ab.cost:  # 702.87a
            ab = LevelUpAbility(ab.cost)
        if ab.kind != "activated":
            raise Rejected("602.1", f"the ability [{said}] of {_name(st, oid)} is not an activated ability")
        if ab.mana:
            self.game.mana.activate_mana(oid, player, act.mana, ab.display(), act)
            return
        cost = parse_activation_cost(ab.cost, c.get("name") or "")
        sorcery = activation_limits(ab.effect).sorcery or cost.loyalty is not None  # 602.5d, 606.3
        if sorcery and (player != st.active or st.step not in MAIN or st.stack):
            raise Rejected("606.3" if cost.loyalty is not None else "602.5d",
                           f"{_name(st, oid)}'s ability can be activated only as a sorcery")
        conditions.restrictions(self, ab, oid, player, act.ability)  # 602.5b: the restrictions its text states
        key = (oid, act.ability, st.objects[oid].zone_changes)  # 400.7: this object's, before a cost moves it
        if cost.loyalty is not None:
            if oid in self.loyalty_used:
                raise Rejected("606.3", f"a loyalty ability of {_name(st, oid)} was already activated this turn")
            n = int(cost.loyalty.replace("−", "-")) if cost.loyalty not in ("0",) and "X" not in cost.loyalty else 0
            o = st.objects[oid]
            if o.loyalty_or_defense("loyalty") + n < 0:
                raise Rejected("606.4", f"{_name(st, oid)} has {o.loyalty_or_defense('loyalty')} loyalty: it can't pay "
                                        f"{cost.loyalty}")
        x = xvalue.announce_activation(self.game, cost, act.x, player, _name(st, oid))  # 602.2b, 107.3a
        modes, specs = modal.announce(self.game, oid, index, ab, act, player)  # 700.2a: a modal ability's modes
        self.game.targets.check_targets(oid, specs, list(act.targets), player, "the ability")
        extras = self.cost_choices(oid, player, cost, act, x)  # 601.2h, chosen before anything is paid
        new = self.on_stack(oid, player, index, ab, act.targets)
        self.game.refs[new] = {"self": self.game.snap(oid), **({"x": x} if x is not None else {}), **granters.named_refs(self.game, oid, act.ability)}  # (603.7a; 107.3a; 201.5a)
        self.game.transforming.mark(new, oid)  # 701.27f
        self.game.mana.mana_abilities(act.tap, player)  # 601.2g
        if cost.tap:
            self.tap_cost(oid, player, c)
        if cost.untap:
            untap_cost.pay(self, oid, player, c)  # 107.6 (engine/game/untap_cost.py)
        if cost.loyalty is not None:  # 606.4, 122.6: put or removed as events (engine/game/cost_counters.py)
            self.loyalty_used.add(oid)
            cost_counters.loyalty(self.game, oid, player, n)
        self.game.mana.pay(player, self.activation_cost(oid, xvalue.with_x(cost.mana, x)) + "{E}" * cost.energy,
                           ability=oid)  # 107.14; 601.2f: X as announced
        self.game.refs[new]["sacrificed"] = amounts.sacrificed_values(self.game, extras["sacrifice"])  # 608.2h
        cost_parts.pay(self.game, oid, player, extras)  # the other parts (601.2h)
        # 602.5b: activated (once the cost is paid: a refused activation never happened, 733)
        self.activated_on_turn[key] = (st.turn, conditions.this_turn(self.activated_on_turn.get(key), st.turn) + 1)
        self.activated_once.add(key)
        modal.put(self.game, new, oid, index, modes)  # 700.2a
        aim = (f" targeting {', '.join(_name(st, t) for t in act.targets)}" if act.targets else "") + (
            f" with X = {x} (107.3a)" if x is not None else "")
        self.game.say("602.2i", f"{player} activates the ability of {_name(st, oid)} [{said}]{aim}: \"{ab.display()}\"")
        self.game.triggers.ward_triggers(new, player)  # 702.21a
        # 603.2: "whenever you activate this creature's outlast ability" (its source's own abilities)
        for src, index, trig_ab, you in list(self.game.abilities_in_force()):
            trig = getattr(trig_ab, "trigger", None)
            if isinstance(trig, ActivateTrigger) and trig.card == "this" and src == oid and you == player \
                    and getattr(ab, "keyword", None) == trig.keyword:
                self.game.pending.append(Triggered(src, index, trig_ab.display(), oid, "activate", "602.2i, 603.2", you,
                                                   model=trig_ab))

    @staticmethod
    def functions_in(ab, name: str) -> str:
        """113.6k: the zone an activated ability functions in: the one its cost moves the card out of ("Exile this
        card from your graveyard"), or the graveyard when its effect returns the card from there ("{2}{B}: Return
        this card from your graveyard to your hand"); else the battlefield."""
        zone = zone_of(parse_activation_cost(ab.cost, name))
        if zone == "battlefield" and any(op.op == "return_self" for op in getattr(ab, "one_shot", None) or ()):
            return "graveyard"
        return zone

    def zone_ability(self, oid: str, act: gf.Activate, zone: str):
        """113.6k: the activated ability ``act.ability`` of the card ``oid`` in its owner's graveyard or hand
        when its cost moves the card out of that zone ("{2}{B}, Exile this card from your graveyard: ...",
        "{1}{R}, Discard this card: ..."); else None (embalm, cycling: their own paths)."""
        card = self.game.card_file(oid)
        ab = card.abilities[act.ability - 1] if card is not None and act.ability and 1 <= act.ability <= len(
            card.abilities) else granted_cards.zone_ability(self.game, oid, act.ability, card) if (
            card is not None and act.ability and zone == "graveyard") else None  # 613.1f: one an effect gives it
        ab = stands_for(ab)  # a keyword defined as such an ability (702.97a scavenge: keyword_rules.py)
        if getattr(ab, "kind", None) != "activated" or ab.mana:
            return None
        return ab if self.functions_in(ab, card.name) == zone else None

    def on_stack(self, oid: str, player: str, index: int, ab, targets=()) -> str:
        """602.2a: the activated ability ``index`` of ``oid`` becomes an object on the stack (``ab``, as
        the ability resolves: a keyword's defining ability for a keyword), with its targets."""
        st = self.game.state
        new = self.game.fresh_id(f"{oid}_ability")
        st.objects[new] = GameObject(id=new, kind="ability", zone="stack", owner=player, controller=player,
                                     printed=None, ability_of=oid, ability_index=index, targets=tuple(targets),
                                     choices={"activated": True})  # 113.3b (701.6a: counter target activated ability)
        st.stack.append(new)
        self.game.abilities[new] = (ab, ab.display())
        return new

    def cost_choices(self, oid: str, player: str, cost: ActivationCost, act, x: int | None = None) -> dict:
        """602.2b, 601.2h: what pays the parts of the cost other than mana, {T} and loyalty (cost_parts.py)."""
        return cost_parts.choose(self.game, oid, player, cost, act, x, granters.of(self.game, oid, act.ability))

    def activate_embalm(self, act: gf.Activate, player: str) -> None:
        """702.128a: "Embalm [cost]" means "[Cost], Exile this card from your graveyard: Create a token
        that's a copy of it, except it's white, it has no mana cost, and it's a Zombie in addition to its
        other types. Activate only as a sorcery." An ability of the card in its owner's graveyard."""
        st = self.game.state
        oid = act.activate
        card = self.game.card_file(oid)
        ab = card.abilities[act.ability - 1] if card is not None and 1 <= act.ability <= len(card.abilities) else \
            granted_cards.zone_ability(self.game, oid, act.ability, card) if card is not None else None  # (613.1f)
        if getattr(ab, "keyword", None) != "embalm" or not ab.cost:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield (in {player}'s graveyard only an "
                                    "ability that works there, such as embalm, can be activated: 113.6)")
        if player != st.active or st.step not in MAIN or st.stack:
            raise Rejected("602.5d", f"{_name(st, oid)}'s embalm ability can be activated only as a sorcery")
        self.game.mana.mana_abilities(act.tap, player)  # 601.2g
        self.game.mana.pay(player, ab.cost, ability=oid)  # (106.6: an activated ability's)
        self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "graveyard"}, to="exile")],
                                      "702.128a", "is exiled to pay the embalm cost")
        self.on_stack(oid, player, act.ability, EmbalmAbility(ab.cost))
        self.game.say("602.2i", f"{player} activates the embalm ability of {_name(st, oid)} from their graveyard: "
                                f"\"Embalm {ab.cost}\"")

    def split_second(self, casting: str | None = None) -> None:
        """702.61a *(EN)*: "... players can't cast other spells or activate abilities that aren't mana abilities." """
        st = self.game.state
        for x in st.stack:
            o = st.objects[x]
            if x != casting and o.kind == "spell" and o.printed is not None and \
                    (any(getattr(a, "keyword", None) == "split second" for a in o.printed.abilities)
                     or spell_keywords.has(self.game, x, "split second")):  # 613.1f: or an effect gives it
                raise Rejected("702.61a", f"{_name(st, x)} has split second and is on the stack: no other spell can be "
                                          "cast, no ability other than a mana ability activated")

    def activate_cycling(self, act: gf.Activate, player: str) -> None:
        """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card": an activated ability
        of the card in its owner's hand, at any time they have priority (602.5 has no timing for it); the
        card is discarded to pay the cost (601.2h, 701.9), so "whenever you discard" abilities see it."""
        st = self.game.state
        oid = act.activate
        card = self.game.card_file(oid)
        ab = card.abilities[act.ability - 1] if card is not None and act.ability and 1 <= act.ability <= len(card.abilities) \
            else granted_cards.zone_ability(self.game, oid, act.ability, card) if card is not None and act.ability \
            else None  # (613.1f: past its printed abilities, the keywords effects give it in the hand)
        if getattr(ab, "keyword", None) not in ("cycling", "typecycling", "transmute", "ninjutsu") or not ab.cost:
            raise Rejected("602.2", f"{_name(st, oid)} is in {player}'s hand: only an ability that works there, such as "
                                    "cycling, can be activated (113.6)")
        if not MANA_ONLY.match(ab.cost):
            raise Rejected("601.2f", f"paying the cycling cost '{ab.cost}' is not supported yet")
        if ab.keyword == "transmute":  # 702.53a (current official rules): engine/game/transmute.py
            return transmute.activate(self, act, player, ab)
        if ab.keyword == "ninjutsu":  # 702.49a (current official rules): engine/game/ninjutsu.py
            return ninjutsu.activate(self, act, player, ab)
        if ab.keyword == "cycling" and act.searching is not None:
            raise Rejected("702.29e", f"searching names the card a typecycling ability's search finds; {_name(st, oid)}'s "
                                      "cycling draws a card")
        cycling = CyclingAbility(ab.cost) if ab.keyword == "cycling" else \
            TypecyclingAbility(ab.cost, ab.quality, act.searching)
        self.on_stack(oid, player, act.ability, cycling)
        self.game.mana.mana_abilities(act.tap, player)  # 601.2g
        self.game.mana.pay(player, self.activation_cost(oid, ab.cost), ability=oid)  # (106.6)
        self.game.events.discard(player, [oid])  # 601.2h: the rest of the cost
        self.game.say("602.2i", f"{player} cycles {_name(st, oid)}: \"{cycling.display()}\" ({ab.cost}, discard this "
                                f"card: {cycling.effect[0].lower()}{cycling.effect[1:-1]})")
        # 702.29c, 702.29f: "When you cycle this card" triggers from the zone the card was put into
        for index, own in enumerate(card.abilities, 1):
            trig = getattr(own, "trigger", None)
            if isinstance(trig, ActivateTrigger) and trig.keyword == "cycling" and trig.card == "this":
                self.game.pending.append(Triggered(oid, index, own.display(), oid, "activate", "702.29c, 603.2", player,
                                                   model=own))
        # 603.2: "Whenever you cycle a card / another card" of the permanents the player controls; "Whenever a player
        # cycles a card" of any permanent (702.29a: any player's cycling)
        for src, index, trig_ab, you in list(self.game.abilities_in_force()):
            trig = getattr(trig_ab, "trigger", None)
            if isinstance(trig, ActivateTrigger) and trig.keyword == "cycling" and trig.card != "this" \
                    and (you == player or trig.player == "any") and src in st.battlefield \
                    and (trig.card == "any" or src != oid):
                self.game.pending.append(Triggered(src, index, trig_ab.display(), oid, "activate", "702.29a, 603.2", you,
                                                   model=trig_ab))

    def activation_cost(self, oid: str, mana: str | None) -> str | None:
        """602.2b, 601.2f: the total cost of an activated ability of ``oid``: its mana cost plus the
        increases of the abilities in force ("activated abilities of enchanted creature cost {3} more to
        activate", Oppressive Rays), locked in before it is paid."""
        st = self.game.state
        more, why = 0, []
        for x, _index, ab, you in list(self.game.abilities_in_force()):
            rule = getattr(ab, "costs", None)
            if rule is None or not rule.increase_activated:
                continue
            ctx = SelectorContext(st, characteristics(st, self.game.layers()), x, you, (), dict(st.objects[x].choices))
            if rule.abilities_of is None or ctx.match(rule.abilities_of, oid):
                more += rule.increase_activated
                why.append(f"{{{rule.increase_activated}}} more: {_name(st, x)}")
        if not more:
            return mana
        symbols = parse_cost(mana or "")
        generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + more
        total = f"{{{generic}}}" + "".join("{" + s.text + "}" for s in symbols if not s.text.isdigit())
        self.game.say("601.2f", f"the total cost of the ability of {_name(st, oid)} is {total} (cost {mana or '{0}'}; "
                                + "; ".join(why) + ")")
        return total

    def escape_exile(self, oid: str, face: Characteristics, player: str, act: gf.Cast) -> list[str]:
        """702.138a: 'Exile N other cards from your graveyard', the part of the escape cost other than
        mana: the cards the action names (exiling), checked before anything is paid."""
        st = self.game.state
        m = ESCAPE_COST.match(granted_cards.keyword(self.game, oid, face, "escape").cost)  # printed or given (613.1f)
        n = NUMBERS.get(m.group(2), 0) if m.group(2) else 0
        able = [c for c in st.zone_ids("graveyard", player) if c != oid]
        chosen = list(dict.fromkeys(act.exiling))
        wrong = [c for c in chosen if c not in able]
        if wrong:
            raise Rejected("702.138a", f"{_name(st, wrong[0])} is not another card in {player}'s graveyard")
        if not chosen and n and len(able) >= n and (self.game.auto or len(able) == n):
            chosen = able[:n]
        if len(chosen) != n:
            if len(able) < n:
                raise Rejected("601.2h", f"{player} can't pay the escape cost: {len(able)} other cards in the graveyard, "
                                         f"{n} to exile")
            if not act.exiling:
                raise GameError(self.game.where(), f"702.138a: {player} chooses the {n} other cards of their graveyard to "
                                                   f"exile for the escape cost: among {', '.join(able)}",
                                "add exiling: [ID, ...] to the cast, or use --auto")
            raise Rejected("702.138a", f"the escape cost exiles {n} other cards, exiling names {len(chosen)}")
        return chosen

    def cost_to_pay(self, oid: str, face: Characteristics, act: gf.Cast, x: int | None) -> tuple[str | None, list[str]]:
        """601.2b, 601.2f: the mana cost or the alternative cost chosen (morph's {3}, 702.37c; bestow's,
        702.103b), with X its announced value (107.3a), plus the additional costs (kicker, 702.33); and
        the words that say so (empty for the mana cost alone)."""
        if act.face_down:  # 702.168a: disguise's cost is {3} too
            cost, why = "{3}", ["{3} instead of its mana cost, face down (702.37c, 702.168a)"]
        elif act.bestow:
            cost = self.game.casting.keyword(face, "bestow").cost
            why = [f"its bestow cost {cost} instead of its mana cost (702.103b)"]
        elif act.madness:
            cost = self.game.casting.keyword(face, "madness").cost
            why = [f"its madness cost {cost} instead of its mana cost (702.35a)"]
        elif act.escape:
            cost = ESCAPE_COST.match(granted_cards.keyword(self.game, oid, face, "escape").cost).group(1)
            why = [f"its escape cost {cost} instead of its mana cost (702.138a)"]
        elif (found := kwcast_costs.chosen(self.game, oid, act, face)) is not None:  # cascade, discover, 118.9 (608.2g: freecast.py),
            cost, why = found  # rebound, plot, mayhem, harmonize (engine/game/kwcast_costs.py)
        elif act.disturb:  # 702.146a: an alternative cost (118.9, 601.2b, 601.2f-h), the front face's
            cost, why = altcast.cost(self.game, oid)
        elif act.foretold:  # 702.143a: an alternative cost (118.9, 601.2b, 601.2f-h)
            cost, why = altcast.foretell_cost(face)
        elif any(getattr(act, k, False) for k in alt_costs.RULES):  # an alternative cost
            name, rule = alt_costs.chosen(self.game, oid, act)  # 702.109a, 702.74a, 702.117a, 702.137a, 702.96a, 702.185a
            cost = getattr(self.game.casting.keyword(face, name), "cost", None)
            if not MANA_ONLY.match(cost or ""):
                raise Rejected("601.2f", f"paying the {name} cost '{cost}' is not supported yet")
            why = [f"its {name} cost {cost} instead of its mana cost ({rule})"]
        elif act.alternative:  # 118.9: "You may pay [cost] rather than pay this spell's mana cost"
            cost, why = spell_costs.alternative_mana(face, x)
        elif act.flashback:  # 702.34a: printed or given (613.1f); mana, or mana and words (engine/game/kwcast_costs.py)
            cost, why = kwcast_costs.flashback(self.game, oid, face)
        else:
            cost, why = face.mana_cost, []
        if x is not None and cost:
            why = why or [f"mana cost {cost}"]
            cost = re.sub(r"\{X\}", "{" + str(x) + "}", cost, flags=re.I)
            why.append(f"X = {x} (107.3a)")
        extras = [entwine.entwine_cost(self.game, face, act), replicate.cost(self.game, oid, face, act),
                  optional_costs.escalate_mana(self.game, face, self.game.state.objects[oid].choices.get("modes")),
                  squad.cost(self.game, oid, face, act)]
        for extra, said in (e for e in extras if e is not None):  # 702.42a entwine, 702.56a replicate, 702.120a
            # escalate, 702.157a squad, 702.175a offspring (601.2f)
            why, cost = (why or [f"mana cost {cost}"]) + [said], (cost or "") + extra
        if act.kicked:
            kicker = self.game.casting.keyword(face, "kicker").cost
            why = why or [f"mana cost {cost}"]
            cost = (cost or "") + kicker
            why.append(f"kicker {kicker} (702.33a)")
        if act.other_option:  # 601.2b: "discard a card or pay {2}": the option announced
            mana, said = spell_costs.other_option_mana(face)
            if mana:
                why = why or [f"mana cost {cost}"]
                cost = (cost or "") + mana
                why.append(said)
        if act.buyback and cost_in_words(self.game.casting.keyword(face, "buyback").cost) is None:
            buyback = self.game.casting.keyword(face, "buyback").cost  # (in words: paid as an additional cost's parts)
            if not MANA_ONLY.match(buyback or ""):
                raise Rejected("601.2f", f"paying the buyback cost '{buyback}' is not supported yet")
            why = why or [f"mana cost {cost}"]
            cost = (cost or "") + buyback
            why.append(f"buyback {buyback} (702.27a)")
        return cost, why

    def total_cost(self, oid: str, card, player: str, cost: str | None = None,
                   parts: list[str] | tuple = ()) -> tuple[str | None, str]:
        """601.2f: the mana cost, or the cost ``cost`` the proposal chose (an alternative cost, X, additional
        costs: ``parts`` says which), plus the generic mana the increases in force add, less the generic mana
        the reductions take off (spell_costs.py; 118.7a: a reduction never reduces colored mana, nor the cost
        below {0}); the text says why, or is empty."""
        cost = card.mana_cost if cost is None else cost
        more, less, why = spell_costs.modifications(self.game, oid, card, player)  # 601.2f, 118.7a, 113.6d
        flash = flash_more.extra(self.game, oid, card, player)  # 601.3b: "as though it had flash if you pay {2} more"
        if flash:
            more += flash
            why.append(f"{{{flash}}} more: cast as though it had flash (601.3b, 601.2f)")
        affinity, because = undaunted.with_affinity(self.game, card, player, self.affinity(card, player))  # 702.41a, 702.125a
        less += affinity
        why += because
        tapped, because = harmonize.reduction(self.game, oid)  # 702.180a: the tapped creature's power
        less, why = less + tapped, why + because
        for ab in card.abilities:  # the spell's own "costs {1} less for each creature you attacked with this turn"
            rule = getattr(ab, "costs", None)
            n = len(self.game.combat.attacked_with.get(player, ()))
            if rule is not None and rule.reduce_per_attacker and n:
                less += rule.reduce_per_attacker * n
                why.append(f"{{{rule.reduce_per_attacker * n}}} less: {player} attacked with {n} creature(s) this turn "
                           "(608.2i)")
        if not less and not more and not parts:
            return cost, ""
        symbols = parse_cost(cost or "")
        generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + more  # 601.2f: increases, then reductions
        rest = "".join("{" + s.text + "}" for s in symbols if not s.text.isdigit())
        left = max(generic - less, 0)
        head = list(parts) or [f"mana cost {card.mana_cost}"]
        return (f"{{{left}}}" if left else "") + rest, "; ".join(head + why)

    def affinity(self, card, player: str) -> tuple[int, list[str]]:
        """702.41a: "Affinity for [text]" means "This spell costs {1} less to cast for each [text] you
        control": how much less, and why (the permanents counted after the layers, 613)."""
        less, why = 0, []
        layers = self.game.layers()
        for ab in card.abilities:
            if getattr(ab, "kind", None) != "keyword" or ab.keyword != "affinity":
                continue
            kind, subtype = affinity_quality(ab.quality)
            n = sum(1 for x in self.game.state.battlefield if layers.objects.get(x, {}).get("controller") == player
                    and (kind in layers.objects[x]["types"] if kind else subtype in layers.objects[x]["subtypes"]))
            if n:
                less += n
                why.append(f"{{{n}}} less: affinity for {ab.quality}, {n} controlled (702.41a)")
        return less, why

    def tapped_for_mana(self, oid: str, card, player: str, cost: str | None, act: gf.Cast) -> tuple[str | None, list, list]:
        """702.51a convoke, 702.126a improvise, 702.66a delve *(EN, current official rules)*: for each
        mana of the spell's total cost (601.2f: once it is locked in, 702.51b), its controller may tap an
        untapped creature they control (convoke: a colored mana by a creature of that color, a generic
        mana by any), an untapped artifact they control (improvise: generic mana) or exile a card from
        their graveyard (delve: generic mana) rather than pay that mana. The cast names them (convoking,
        improvising, delving); the cost left to pay, the permanents to tap, the cards to exile."""
        st = self.game.state
        keywords = {a.keyword for a in card.abilities if getattr(a, "kind", None) == "keyword"}
        given = {"convoke": list(act.convoking), "improvise": list(act.improvising), "delve": list(act.delving)}
        if any(given.values()):  # 613.1f: and those an effect gives the spell on the stack (601.2a: it is there)
            keywords |= set(self.game.layers().stack_objects.get(oid, {}).get("abilities", ())) & set(given)
        for keyword, ids in given.items():
            if ids and keyword not in keywords:
                raise Rejected("601.2h", f"{card.name} has no {keyword}: the cast can't name what pays for it")
        if not any(given.values()):
            return cost, [], []
        symbols = [x.text for x in parse_cost(cost or "")]
        generic = sum(int(x) for x in symbols if x.isdigit())
        colored = [x for x in symbols if not x.isdigit()]
        layers = self.game.layers()
        tapped: list[str] = []

        def untapped(x: str, kind: str, rule: str) -> dict:
            c = layers.objects.get(x, {})
            if x not in st.battlefield or c.get("controller") != player or kind not in c.get("types", ()) \
                    or st.objects[x].tapped or x in tapped:
                raise Rejected(rule, f"{_name(st, x)} is not an untapped {kind} {player} controls")
            return c

        for x in given["convoke"]:
            colors = untapped(x, "creature", "702.51a").get("colors", ())
            match = next((s for s in colored if s in COLOR_LETTERS and COLOR_LETTERS[s] in colors), None)
            if match is not None:
                colored.remove(match)
            elif generic:
                generic -= 1
            else:
                raise Rejected("702.51a", f"{_name(st, x)} can pay no mana left in {card.name}'s total cost {cost}")
            tapped.append(x)
        for x in given["improvise"]:
            untapped(x, "artifact", "702.126a")
            if not generic:
                raise Rejected("702.126a", f"{_name(st, x)} can pay no generic mana left in {card.name}'s total cost {cost}")
            generic -= 1
            tapped.append(x)
        grave = st.zone_ids("graveyard", player)
        for x in given["delve"]:
            if x not in grave or x == oid or given["delve"].count(x) > 1:
                raise Rejected("702.66a", f"{_name(st, x)} is not a card in {player}'s graveyard")
            if not generic:
                raise Rejected("702.66a", f"{_name(st, x)} can pay no generic mana left in {card.name}'s total cost {cost}")
            generic -= 1
        left = (f"{{{generic}}}" if generic else "") + "".join("{" + x + "}" for x in colored)
        rule = {"convoke": "702.51a", "improvise": "702.126a", "delve": "702.66a"}
        said = [f"{k} ({rule[k]}): {', '.join(_name(st, x) for x in ids)}" for k, ids in given.items() if ids]
        self.game.say("601.2h", f"{player} pays {card.name}'s total cost {cost} with {'; '.join(said)}: "
                                f"{left or '{0}'} left to pay in mana")
        return left, tapped, list(given["delve"])

    def additional_sacrifice(self, oid: str, card, player: str, chosen: list[str]) -> list[str]:
        """601.2b, 601.2h: "as an additional cost to cast this spell, sacrifice a creature": the
        permanent the action names, one the player controls that the cost allows."""
        st = self.game.state
        rules = [ab.costs for ab in card.abilities if getattr(ab, "costs", None) is not None
                 and ab.costs.additional_sacrifice is not None]
        if not rules:  # (the other costs sacrificing pays, or none: spell_costs.additional_parts)
            return []
        layers = self.game.layers()
        ctx = SelectorContext(st, characteristics(st, layers), oid, player, (), {})
        able = [x for x in st.battlefield if layers.objects.get(x, {}).get("controller") == player
                and ctx.match(rules[0].additional_sacrifice, x)]
        if len(chosen) != 1 or chosen[0] not in able:
            raise Rejected("601.2h", f"{card.name}'s additional cost is to sacrifice one of "
                                     f"{', '.join(able) or 'nothing you control'}; the action names {chosen or 'none'}")
        st.objects[oid].choices["sacrificed"] = amounts.sacrificed_values(self.game, chosen)  # 608.2h, 112.7a
        return list(chosen)
