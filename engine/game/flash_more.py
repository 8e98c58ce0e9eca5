"""A spell's own permission to be cast as though it had flash, for more mana (601.3b, 113.6f, 601.2f): "You may cast
this spell as though it had flash if you pay {2} more to cast it." (StaticAbility ``flash_for_more``, read by
engine/vocab/oracle/toplibrary.py). The ability functions in any zone the card could be cast from (113.6f): the
priority chapter's ``instant_speed`` lets its player cast it whenever they have priority (117.1a), and the total cost
(engine/game/costs.py ``total_cost``) has the N more when the spell is cast at a time only this permission allows it:
not in a main phase of its caster's turn with an empty stack, and no other rule or effect lets it be cast then (an
instant, flash, an effect such as "You may cast spells as though they had flash", a cast during a resolution).
A player who casts it at a time a sorcery could be cast pays no more (the loop never chooses to pay for a permission
it doesn't use)."""

from __future__ import annotations

from engine.game import granted_cards
from engine.game.common import MAIN


def amount(card) -> int:
    """N of the card's "... if you pay {N} more to cast it" (0: it has no such ability)."""
    return max((getattr(ab, "flash_for_more", 0) for ab in getattr(card, "abilities", ())), default=0)


def extra(game, oid: str, card, player: str) -> int:
    """601.2f: the generic mana the permission adds to the total cost of the spell ``oid`` cast now by ``player``."""
    n = amount(card)
    if not n:
        return 0
    st = game.state
    if player == st.active and st.step in MAIN and not [x for x in st.stack if x != oid]:
        return 0  # a sorcery could be cast now (117.1a, 307.1)
    if game.casting.madness_card == oid or game.casting.free_card == oid:
        return 0  # 608.2g: cast during a resolution an effect allows
    if "Instant" in card.types or "flash" in {getattr(a, "keyword", None) for a in card.abilities} \
            or game.priority.flash_for(oid, player, card) or granted_cards.given(game, oid, "flash"):
        return 0  # 117.1a, 702.8a, 601.3b: another rule or effect lets it be cast now (613.1f: flash granted to it)
    return n
