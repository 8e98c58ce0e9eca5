"""702.53a transmute (current official rules; the seed text stops at 702.42): "Transmute is an activated ability
that functions only while the card with transmute is in a player's hand. 'Transmute [cost]' means '[Cost], Discard
this card: Search your library for a card with the same mana value as the discarded card, reveal that card, and put
it into your hand. Then shuffle. Activate only as a sorcery.'"

The loop activates it from the hand as it does cycling's (engine/game/costs.py: ``activate_cycling``), as a sorcery
(602.5d); the search is typecycling's (engine/game/library_ops.py: ``typecycling_search``, the activation's
``searching`` naming the card found), on a card whose mana value (202.3) is the discarded card's as it last existed in
the hand (it is discarded to pay the cost, 601.2h)."""

from __future__ import annotations

from engine.game.common import MAIN, Rejected, _name
from engine.vocab.keyword_costs import TypecyclingAbility


class TransmuteAbility(TypecyclingAbility):
    """702.53a: the ability transmute stands for, on the stack: ``mana_value`` the discarded card's."""

    keyword = "transmute"

    def __init__(self, cost: str, mana_value: int, found: str | None = None):
        super().__init__(cost, f"mana value {mana_value}", found)
        self.mana_value = mana_value
        self.effect = ("Search your library for a card with the same mana value as the discarded card, reveal that "
                       "card, and put it into your hand. Then shuffle.")

    def display(self) -> str:
        return f"Transmute {self.keyword_cost}"

    def matches(self, chars) -> bool:
        """202.3: a card of the library with the discarded card's mana value."""
        return chars.mana_value == self.mana_value


def activate(costs, act, player: str, ab) -> None:
    """702.53a: activate the transmute ability ``ab`` of the card ``act.activate`` in ``player``'s hand: only as a
    sorcery (602.5d: its player's main phase, the stack empty); the cost paid, the card discarded (601.2h, 701.9)."""
    game = costs.game
    st = game.state
    oid = act.activate
    if player != st.active or st.step not in MAIN or st.stack:
        raise Rejected("602.5d", f"{_name(st, oid)}'s transmute ability can be activated only as a sorcery")
    printed = st.objects[oid].printed
    ability = TransmuteAbility(ab.cost, printed.mana_value if printed is not None else 0, act.searching)
    costs.on_stack(oid, player, act.ability, ability)
    game.mana.mana_abilities(act.tap, player)  # 601.2g
    game.mana.pay(player, costs.activation_cost(oid, ab.cost))
    game.events.discard(player, [oid])  # 601.2h: the rest of the cost
    game.say("602.2i", f"{player} activates the transmute ability of {_name(st, oid)}: \"{ability.display()}\" "
                       f"({ab.cost}, discard this card: search for a card with mana value {ability.mana_value})")
