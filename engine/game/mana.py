"""Mana (106, 605): mana abilities, which resolve at once (605.3), activated by the player or as a cost
is paid (601.2g); paying a total cost from the mana pool (601.2h, 107.4e)."""

from __future__ import annotations

from engine.files.events import ZoneChange
from engine.vocab.cardfile import SACRIFICE_FOR_MANA, mana_options
from engine.vocab.mana import parse_cost
from engine.state.model import MANA_LETTERS
from engine.game.common import Chapter, GameError, Rejected, _name


class Mana(Chapter):
    """Mana abilities and paying mana (605, 601.2g-h)."""

    def activate_mana(self, oid: str, player: str, mana: str | None = None) -> None:
        """605.3: a mana ability ({T}: Add ...) resolves at once; ``mana``: the letter the player chooses
        when it gives a choice ("Add {U} or {R}", "one mana of any color")."""
        st = self.game.state
        if oid not in st.battlefield:
            raise Rejected("602.2", f"{_name(st, oid)} is not on the battlefield")
        c = self.game.chars(oid)
        if c.get("controller") != player:
            raise Rejected("602.2", f"{player} doesn't control {_name(st, oid)}")
        texts = [a for a in c.get("abilities", ()) if a.startswith("{T}: Add ")]
        # "{T}, Sacrifice this token: Add one mana of any color" (Treasure): tapped and sacrificed
        sacrificed = [a for a in c.get("abilities", ()) if SACRIFICE_FOR_MANA.match(a)]
        texts = texts or sacrificed
        if not texts:
            raise Rejected("605.1a", f"{_name(st, oid)} has no mana ability of the form {{T}}: Add ...")
        options = [o for t in texts for o in mana_options(t)]  # each: the symbols one activation adds
        if not options:
            raise Rejected("605.1a", f"{_name(st, oid)}'s mana ability ({texts[0]}) is not one the loop reads")
        if mana is not None:
            # the options of that one color ("{G}", "{G}{G}" for "two mana of any one color"): the most
            chosen = sorted((o for o in options if o.replace("{" + mana + "}", "") == ""), key=len)
            if not chosen:
                raise Rejected("605.3", f"{_name(st, oid)} can't add {{{mana}}}: its mana abilities add "
                                        f"{' or '.join(dict.fromkeys(options))}")
            add = chosen[-1]
        elif len(set(options)) > 1 and not self.game.auto:
            raise GameError(self.game.where(), f"605.3: {player} chooses the mana {_name(st, oid)} adds: "
                                               f"{' or '.join(dict.fromkeys(options))}",
                            f"write {{{oid}: LETTER}} in tap (or mana: LETTER when activating it), or use --auto")
        else:
            add = options[0]
        # 602.2b, 601.2f-h: a mana ability's total cost too ("activated abilities of enchanted creature
        # cost {3} more to activate", Oppressive Rays on Llanowar Elves), paid from the pool first
        total = self.game.costs.activation_cost(oid, None)
        if total is not None:
            self.pay(player, total)
        o = st.objects[oid]
        if texts is not sacrificed or texts[0].startswith("{T}"):
            self.game.costs.tap_cost(oid, player, c)
            o.tapped = True
        pool = st.mana_pool.setdefault(player, {})
        for sym in parse_cost(add):
            pool[sym.text] = pool.get(sym.text, 0) + 1
        if texts is sacrificed:  # 701.21: the rest of its cost, through the replacement program
            verb = "taps and sacrifices" if texts[0].startswith("{T}") else "sacrifices"
            self.game.say("605.3", f"{player} {verb} {_name(st, oid)} for {add}")
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "battlefield"}, to="graveyard")],
                                          "701.21", "is sacrificed")
            return
        self.game.say("605.3", f"{player} taps {_name(st, oid)} for {add}")

    def mana_abilities(self, entries: list, player: str) -> None:
        """601.2g: the mana abilities a `tap` list of a game file activates, in order: an id, or {id: the
        mana letter chosen} (605.3)."""
        for t in entries:
            land, letter = next(iter(t.items())) if isinstance(t, dict) else (t, None)
            self.activate_mana(land, player, letter)

    def pay(self, player: str, cost: str | None) -> str:
        """601.2h: the total cost, from the mana pool; colored symbols first, generic from the rest. The
        mana spent, as symbols ('{B}{B}{G}')."""
        st = self.game.state
        pool = dict(st.mana_pool.get(player, {}))
        before = dict(pool)
        generic = 0
        for sym in parse_cost(cost or ""):
            t = sym.text
            if t.isdigit():
                generic += int(t)
            elif t in MANA_LETTERS:
                if pool.get(t, 0) <= 0:
                    raise Rejected("601.2h", f"{player} can't pay {{{t}}}: the mana pool has {self._pool_text(pool)}")
                pool[t] -= 1
            elif "/" in t and all(x in MANA_LETTERS for x in t.split("/")):  # 107.4e: hybrid, either color
                paid = next((x for x in t.split("/") if pool.get(x, 0) > 0), None)
                if paid is None:
                    raise Rejected("601.2h", f"{player} can't pay {{{t}}}: the mana pool has {self._pool_text(pool)}")
                pool[paid] -= 1
            else:
                raise Rejected("601.2f", f"paying {{{t}}} is not supported yet")
        if sum(pool.values()) < generic:
            raise Rejected("601.2h", f"{player} can't pay {{{generic}}}: the mana pool has {self._pool_text(pool)}")
        for k in ("C", "G", "R", "B", "U", "W"):  # generic from colorless first, then in a fixed order
            while generic and pool.get(k, 0):
                pool[k] -= 1
                generic -= 1
        st.mana_pool[player] = {k: n for k, n in pool.items() if n}
        return "".join(("{" + k + "}") * (before.get(k, 0) - pool.get(k, 0)) for k in MANA_LETTERS)

    @staticmethod
    def _pool_text(pool: dict[str, int]) -> str:
        return "".join("{" + k + "}" for k in MANA_LETTERS for _ in range(pool.get(k, 0))) or "nothing"
