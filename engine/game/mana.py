"""Mana (106, 605): mana abilities, which resolve at once (605.3), activated by the player or as a cost
is paid (601.2g); paying a total cost from the mana pool (601.2h, 107.4e)."""

from __future__ import annotations

from engine.files.events import Damage
from engine.vocab.activation import loop_mana_ability, mana_rider, spend_only
from engine.files import gamefile as gf
from engine.vocab.mana import parse_cost
from engine.state.model import MANA_LETTERS
from engine.game import cost_parts, forbidden, mana_amount, mana_if, mana_instead, mana_limits, mana_then, mana_x, \
    manatrig
from engine.game import spend_only as spending
from engine.game.common import Chapter, GameError, Rejected, _name


class Mana(Chapter):
    """Mana abilities and paying mana (605, 601.2g-h)."""

    def activate_mana(self, oid: str, player: str, mana: str | None = None, text: str | None = None,
                      act=None) -> None:
        """605.3: a mana ability ("{T}: Add {G}.", "{1}, {T}: Add one mana of any color.", "{T}, Pay 1 life:
        Add {B}.") resolves at once, its whole cost paid first (601.2h: cost_parts.py); ``mana``: the letter
        the player chooses when it gives a choice ("Add {U} or {R}", "one mana of any color"); ``text``: the
        ability activated (an activate action's ability), else the permanent's mana abilities; ``act``: the
        action, whose tap, sacrificing, tapping, discarding, returning pay its cost."""
        st = self.game.state
        if oid not in st.battlefield:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield")
        c = self.game.chars(oid)
        if c.get("controller") != player:
            raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
        forbidden.check_activation(self.game, oid, mana=True)  # 602.5
        name = c.get("name") or ""
        found = [(a, loop_mana_ability(a, name)) for a in c.get("abilities", ()) if text is None or a == text]
        found = [(a, cost) for a, cost in found if cost is not None]
        if not found:
            raise Rejected("605.1a", f"{_name(st, oid)} has no mana ability the loop activates (\"[cost]: Add ...\", "
                                     "its cost mana, {T} and the parts it pays)")
        plain = [(a, cost) for a, cost in found if not cost.mana and not cost.other]  # "{T}: Add ..."
        if mana is None and plain:
            found = plain
        color = st.objects[oid].choices.get("color")  # "one mana of the chosen color" (614.12: as it entered)
        found = mana_if.allowed(self.game, found, oid, player, mana, color)  # 602.5b: "Activate only if [condition]."
        options = [(o, a, cost) for a, cost in found  # what one adds (an amount: counted, engine/game/mana_amount.py;
                   for o in (mana_x.options(self.game, oid, _effect(a), cost)  # set by its cost: mana_x.py)
                             or mana_amount.options(self.game, oid, player, mana_instead.effect(  # (608.2c)
                                 self.game, oid, player, a, _effect(a)), name, color))]
        if not options:
            raise Rejected("605.3", f"{_name(st, oid)}'s mana ability adds the color chosen as it entered: none was chosen")
        if mana is not None:
            # the options of that one color ("{G}", "{G}{G}" for "two mana of any one color"): the most, and
            # of those, the plainest cost
            # several letters ("two mana in any combination of colors": {..., mana: WU}): that mana, their order aside
            chosen = sorted((x for x in options if x[0] and (x[0].replace("{" + mana + "}", "") == "" if len(mana) == 1 else
                                                    sorted(s.text for s in parse_cost(x[0])) == sorted(mana))),
                            key=lambda x: (len(x[0]), -len(x[2].other), not x[2].mana))
            if not chosen:
                raise Rejected("605.3", f"{_name(st, oid)} can't add {''.join('{' + x + '}' for x in mana)}: its mana abilities add "
                                        f"{' or '.join(dict.fromkeys(o or 'no mana' for o, _a, _c in options))}")  # (106.7)
            add, ab_text, cost = chosen[-1]
        elif len({o for o, _a, _c in options}) > 1 and not self.game.auto:
            raise GameError(self.game.where(), f"605.3: {player} chooses the mana {_name(st, oid)} adds: "
                                               f"{' or '.join(dict.fromkeys(o for o, _a, _c in options))}",
                            f"write {{{oid}: LETTER}} in tap (or mana: LETTER when activating it), or use --auto")
        else:
            add, ab_text, cost = options[0]
        _text, damage, stays_tapped, once = mana_rider(spend_only(ab_text)[0])
        used = f"activated on turn: {ab_text}"  # 602.5b: in the object's choices (a new object, 400.7: none)
        if once and st.objects[oid].choices.get(used) == st.turn:
            raise Rejected("602.5b", f"{_name(st, oid)}'s mana ability was already activated this turn (\"Activate "
                                     "only once each turn\")")
        mana_limits.check(self.game, oid, player, ab_text)  # 602.5b, 602.5d: "Activate only as a sorcery."
        extras = cost_parts.choose(self.game, oid, player, cost, act,  # 601.2h, before anything is paid
                                   mana_x.x_of(_effect(ab_text), add))  # (107.3a: the X the mana chosen gives)
        add = mana_x.sacrificed(self.game, _effect(ab_text), add, extras["sacrifice"])  # (608.2h: its value)
        if act is not None:
            self.mana_abilities(act.tap, player)  # 601.2g: mana for its mana cost
        # 602.2b, 601.2f-h: a mana ability's total cost too ("activated abilities of enchanted creature
        # cost {3} more to activate", Oppressive Rays on Llanowar Elves), paid from the pool first
        total = self.game.costs.activation_cost(oid, cost.mana or None)
        if total is not None or cost.energy:  # 107.14: "{T}, Pay {E}: Add ..." (Aether Hub), energy with it
            self.pay(player, (total or "") + "{E}" * cost.energy, ability=oid)  # (106.6, 605.1a)
        if cost.tap:
            self.game.costs.tap_cost(oid, player, c)
        add = mana_amount.recount(self.game, oid, player, _effect(ab_text), name, add)  # 605.3b: as it resolves
        if cost.mana or cost.energy or any(p.verb != "sacrifice" for p in cost.parts):
            self.game.say("605.3", f"{player} activates {_name(st, oid)}'s mana ability \"{ab_text}\" for "
                                   f"{add or 'no mana'}")
        elif cost.parts and all(p.what is not None and p.what.self_ for p in cost.parts):  # (else: another's name)
            verb = "taps and sacrifices" if cost.tap else "sacrifices"
            self.game.say("605.3", f"{player} {verb} {_name(st, oid)} for {add or 'no mana'}")
        else:
            self.game.say("605.3", f"{player} taps {_name(st, oid)} for {add or 'no mana'}")
        cost_parts.pay(self.game, oid, player, extras)  # the rest of its cost (601.2h)
        pool = st.mana_pool.setdefault(player, {})  # 605.3b: it resolves at once
        for sym in parse_cost(add):
            pool[sym.text] = pool.get(sym.text, 0) + 1
        rule = spend_only(ab_text)[1]
        if rule is not None:  # 106.6: "Spend this mana only to cast a creature spell." (111.10h: Powerstone)
            spending.record(self.game, player, oid, add, rule)
        mana_then.follow(self.game, oid, player, ab_text, _name(st, oid))  # 605.3b: "Draw a card." after its mana
        if once:
            st.objects[oid].choices[used] = st.turn
        mana_limits.record(self.game, oid, ab_text)
        if stays_tapped:  # 502.3: "This land doesn't untap during your next untap step." (engine/game/turn.py)
            st.objects[oid].choices["doesnt_untap_next"] = True
        if damage:  # "This land deals 1 damage to you." (120.3: through the replacement program)
            self.game.events.damage([Damage(type="damage", source=oid, target=player, amount=damage)])
        if cost.tap:  # 106.12a, 605.4a: the triggered mana abilities of its tapping for mana resolve at once
            manatrig.resolve(self.game, oid, player, add)

    def add_choice(self, options: list[str], player: str, name: str, lasts: str | None = None, spend=None,
                   source: str | None = None) -> None:
        """106.1, 608.2d: a resolving spell or ability adds one of ``options`` (mana symbols, "{W}{U}") to its
        controller's mana pool, which they choose as it resolves ({add: LETTERS}, their order aside; --auto: the
        first option); ``lasts``: "turn" or "combat", that mana isn't lost as steps and phases end until then (106.4,
        500.4: `empty_pools`); ``spend``: what that mana may be spent on (106.6: a SpendRestriction; ``source``: the
        spell's or ability's source, engine/game/spend_only.py)."""
        act = self.game.action()
        if len(options) == 1:
            chosen = options[0]
        elif isinstance(act, gf.ManaChoice) and act.by in (None, player):
            self.game.take()
            chosen = next((o for o in options if sorted(x.text for x in parse_cost(o)) == sorted(act.add)), None)
            if chosen is None:
                raise GameError(self.game.acting(), f"608.2d: {name} can't add {act.add}",
                                f"add one of {', '.join(o.replace('{', '').replace('}', '') for o in options)}")
        elif self.game.auto:
            chosen = options[0]
        else:
            raise GameError(self.game.where(), f"608.2d: {player} chooses the mana {name} adds: {' or '.join(options)}",
                            "add {add: LETTERS, by: " + player + "} (the letters of the mana), or use --auto")
        pool = self.game.state.mana_pool.setdefault(player, {})
        for sym in parse_cost(chosen):
            pool[sym.text] = pool.get(sym.text, 0) + 1
        self.game.say("106.4", f"{player} adds {chosen} for {name}")
        if spend is not None:  # 106.6: "Spend this mana only to cast instant and sorcery spells."
            spending.record(self.game, player, source, chosen, spend)
        if lasts:
            kept = self.game.state.mana_kept.setdefault(player, {}).setdefault(lasts, {})
            for sym in parse_cost(chosen):
                kept[sym.text] = kept.get(sym.text, 0) + 1
            self.game.say("500.4", f"{player} doesn't lose {chosen} as steps and phases end, until end of {lasts}")

    def empty_pools(self, ending: str | None) -> None:
        """500.4, 106.4: as the step ``ending`` ends, each player loses the mana in their pool, but the mana an effect
        keeps ("you don't lose this mana as steps and phases end": `mana_kept`) until its end: the end of combat step's
        end for "until end of combat" (511.3), the cleanup step's for "until end of turn" (514.2)."""
        st = self.game.state
        for player, kept in list(st.mana_kept.items()):
            for until in [u for u in kept if ending == "cleanup" or u == "combat" and ending == "end_of_combat"]:
                del kept[until]
            if not kept:
                del st.mana_kept[player]
        lost = False
        for player, pool in list(st.mana_pool.items()):
            stays = self._kept(player, pool)
            lost = lost or stays != {k: n for k, n in pool.items() if n}
            st.mana_pool[player] = stays
        st.mana_pool = {p: pool for p, pool in st.mana_pool.items() if pool}
        spending.trim(self.game)  # 106.6: restricted mana lost with the rest
        if lost:
            self.game.say("500.4", "mana empties from each player's mana pool" + (
                f" (but what isn't lost: {', '.join(f'{p} {self._pool_text(v)}' for p, v in st.mana_pool.items())})"
                if st.mana_pool else ""))

    def _kept(self, player: str, pool: dict[str, int]) -> dict[str, int]:
        """106.4: of the mana in the pool, what the effects keep (at most what is there: kept mana is spent last);
        the kept amounts cut down to it."""
        stays: dict[str, int] = {}
        for until, kept in self.game.state.mana_kept.get(player, {}).items():
            for k in list(kept):
                kept[k] = min(kept[k], pool.get(k, 0) - stays.get(k, 0))
                stays[k] = stays.get(k, 0) + kept[k]
                if not kept[k]:
                    del kept[k]
        return {k: n for k, n in stays.items() if n}

    def mana_abilities(self, entries: list, player: str) -> None:
        """601.2g: the mana abilities a `tap` list of a game file activates, in order: an id, or {id: the
        mana letter chosen} (605.3)."""
        for t in entries:
            land, letter = next(iter(t.items())) if isinstance(t, dict) else (t, None)
            self.activate_mana(land, player, letter)

    def pay(self, player: str, cost: str | None, spell=None, ability: str | None = None) -> str:
        """601.2h: the total cost, from the mana pool; colored symbols first, generic from the rest. The
        mana spent, as symbols ('{B}{B}{G}'). ``spell``: (id, characteristics as cast) of the spell being cast, whose
        cost the restricted mana matching it may pay (106.6: engine/game/spend_only.py); ``ability``: the source of
        the activated ability whose cost this is (602.2b), which the restricted mana matching it may pay."""
        st = self.game.state
        energy, cost = (cost or "").count("{E}"), (cost or "").replace("{E}", "")  # 107.14: energy counters, not mana
        if energy:
            have = st.player(player).counters.get("energy", 0)
            if have < energy:
                raise Rejected("107.14", f"{player} can't pay {'{E}' * energy}: they have {have} energy")
        pool = dict(st.mana_pool.get(player, {}))
        before = dict(pool)
        blocked, usable = spending.restricted(self.game, player, spell, ability)  # 106.6: mana this can't be paid with

        def refuse(symbol: str) -> Rejected:
            return Rejected(*spending.refusal(player, symbol, self._pool_text(pool), blocked))
        generic = 0
        for sym in parse_cost(cost or ""):
            t = sym.text
            if t.isdigit():
                generic += int(t)
            elif t in MANA_LETTERS:
                if pool.get(t, 0) <= blocked.get(t, 0):
                    raise refuse(f"{{{t}}}")
                pool[t] -= 1
            elif "/" in t and all(x in MANA_LETTERS for x in t.split("/")):  # 107.4e: hybrid, either color
                paid = next((x for x in t.split("/") if pool.get(x, 0) > blocked.get(x, 0)), None)
                if paid is None:
                    raise refuse(f"{{{t}}}")
                pool[paid] -= 1
            else:
                raise Rejected("601.2f", f"paying {{{t}}} is not supported yet")
        if sum(pool.values()) - sum(blocked.values()) < generic:
            raise refuse(f"{{{generic}}}")
        kept: dict[str, int] = dict(blocked)  # 106.4: mana not lost as steps end, spent last (106.6: never, blocked)
        for amounts in st.mana_kept.get(player, {}).values():
            for k, n in amounts.items():
                kept[k] = kept.get(k, 0) + n
        for floor in (kept, blocked):
            for k in ("C", "G", "R", "B", "U", "W"):  # generic from colorless first, then in a fixed order
                while generic and pool.get(k, 0) > floor.get(k, 0):
                    pool[k] -= 1
                    generic -= 1
        st.mana_pool[player] = {k: n for k, n in pool.items() if n}
        self._kept(player, pool)  # 106.4: the mana kept is spent last (what is left of it)
        spending.spent(self.game, player, before, pool, usable, spell and spell[0])  # 106.6: restricted mana first
        if energy:  # (removed once the mana is paid too: a payment refused changes nothing)
            counters = st.player(player).counters
            counters["energy"] -= energy
            if not counters["energy"]:  # (no counter left: none, 122.1)
                del counters["energy"]
        return "".join(("{" + k + "}") * (before.get(k, 0) - pool.get(k, 0)) for k in MANA_LETTERS)

    @staticmethod
    def _pool_text(pool: dict[str, int]) -> str:
        return "".join("{" + k + "}" for k in MANA_LETTERS for _ in range(pool.get(k, 0))) or "nothing"


def _effect(text: str) -> str:
    """A mana ability's effect, "Add ...", without its cost and its last sentence (mana_rider, spend_only)."""
    return mana_rider(spend_only(text)[0])[0].partition(": ")[2] or text
