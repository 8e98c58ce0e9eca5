"""Riot (702.136, the current official rules: the seed text stops at 702.42), the part of the keyword the game loop does.

702.136a: "Riot" means "You may have this permanent enter with an additional +1/+1 counter on it. If you don't, it
gains haste." The choice is the replace program's (a replacement effect on the permanent entering, 614.1c, 614.12:
engine/vocab/replacement.py ``keyword_replacement``, asp_rules/replace.lp ``decline_bit/2``); the outcome chosen with
the counter declined has ``gains_haste`` on its enter event, and the permanent then gains haste: a continuous effect
beginning as it enters (its timestamp after the permanent's, 613.7) that lasts while it stays on the battlefield (400.7:
once it leaves it is a new object; engine/game/delay_ops.py ``left`` ends the effect), in layer 6 (613.1f), so it keeps
haste if it later loses riot (the effect is not the keyword's static ability)."""

from __future__ import annotations

from pydantic import TypeAdapter

from engine.game.common import _name
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability

RULE = "702.136a"
TEXT = "It gains haste."
GAINS = TypeAdapter(Ability).validate_python({
    "kind": "spell", "text": TEXT, "continuous": {"do": [{"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}})


def gains_haste(game, oid: str) -> None:
    """702.136a: the permanent ``oid`` entered without riot's additional +1/+1 counter: it gains haste (611.2c: this
    permanent only, fixed now), for as long as it stays on the battlefield."""
    st = game.state
    o = st.objects[oid]
    card = o.printed
    index = next((k for k, a in enumerate(card.abilities, 1) if getattr(a, "keyword", None) == "riot"), 1) \
        if card is not None else 1
    ts = st.next_timestamp
    st.next_timestamp += 1
    st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else _name(st, oid),
                                       ability_index=index, ability=GAINS, controller=o.controller, targets=(oid,),
                                       choices={"while_on_battlefield_as": o.zone_changes}, timestamp=ts,
                                       duration="indefinite", remaining=None, affected=(oid,)))
    game.say(RULE, f"{_name(st, oid)} entered without riot's +1/+1 counter: it gains haste (timestamp {ts}, while it "
                   "stays on the battlefield)")
