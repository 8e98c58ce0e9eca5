"""Assist (702.132, the current official rules: the seed text stops at 702.42), a keyword of the game loop's casting.

702.132a: "Assist is a static ability that modifies the rules of paying for the spell with assist (see rules
601.2g-h). If the total cost to cast a spell with assist includes a generic mana component, before you activate mana
abilities while casting it, you may choose another player. That player has a chance to activate mana abilities. Once
that player chooses not to activate any more mana abilities, you have a chance to activate mana abilities. Before you
begin to pay the total cost of the spell, the player you chose may pay for any amount of the generic mana in the
spell's total cost."

The cast names the player (``assist``), the mana abilities they activate (``assist_tap``, 601.2g) and how much of the
generic mana of the total cost they pay (``assist_pays``, 601.2h: from their mana pool, engine/game/mana.py pay); the
caster pays the rest."""

from __future__ import annotations

from engine.game.common import Rejected
from engine.vocab.mana import parse_cost

RULE = "702.132a"


def helper_pays(game, oid: str, chars, player: str, cost: str | None, act) -> tuple[str | None, str]:
    """601.2g-h, 702.132a: the chosen player's mana abilities activated, then the part of the generic mana of the total
    cost ``cost`` they pay paid from their mana pool; the cost left for the caster, and the mana the helper spent
    ('' without assist). Refused: no assist ability, the caster themselves or no player, more than the generic mana."""
    helper = getattr(act, "assist", None)
    if helper is None:
        if act.assist_pays or act.assist_tap:
            raise Rejected(RULE, "assist_pays and assist_tap go with assist: the player chosen")
        return cost, ""
    st = game.state
    if game.casting.keyword(chars, "assist") is None:
        raise Rejected(RULE, f"{chars.name} has no assist ability")
    if helper == player or helper not in st.player_names:
        raise Rejected(RULE, f"assist chooses another player than {player}, not {helper!r}")
    symbols = [s.text for s in parse_cost(cost or "")]
    generic = sum(int(s) for s in symbols if s.isdigit())
    n = act.assist_pays
    if n > generic:
        raise Rejected(RULE, f"{helper} may pay up to the generic mana of the total cost ({generic}), not {n}")
    game.mana.mana_abilities(act.assist_tap, helper)  # 601.2g: the chosen player first
    spent = game.mana.pay(helper, f"{{{n}}}", (oid, chars)) if n else ""
    game.say(RULE, f"{helper} pays {{{n}}} of the generic mana of {chars.name}'s total cost (assist)")
    left = (f"{{{generic - n}}}" if generic - n else "") + "".join("{" + s + "}" for s in symbols if not s.isdigit())
    return left, spent
