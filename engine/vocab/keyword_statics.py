"""Keyword abilities of permanents and tokens (issue 21, round 21; current official rules: the seed text stops at 702.42)
as the card vocabulary reads them (engine/vocab/cardfile.py, which asks this module): the static ability of the
permanent that blitz stands for (702.152a), read by the layers program; the prototyped characteristics (718.3b); and
which costs of these keywords the game loop pays (a cost of mana symbols only: "Blitz—{2}{B}{B}, Pay 2 life" is not paid yet, and the keyword is not executable)."""

from __future__ import annotations

import re
from dataclasses import replace as with_fields

from engine.vocab.effects import Continuous
from engine.vocab.mana import COLORS, cost_colors, mana_value

# the keywords whose cost the game loop pays when it is mana symbols only: 702.129a eternalize, 702.141a encore
# (engine/game/gy_tokens.py), 702.152a blitz (engine/game/blitz.py), 702.173a freerunning (engine/game/alt_costs.py),
# 702.119a emerge (engine/game/emerge.py), 702.160a prototype (engine/game/prototype.py), 702.113a awaken
# (engine/game/awaken.py)
MANA_COSTS_ONLY = ("eternalize", "encore", "blitz", "freerunning", "emerge", "prototype", "awaken")

# 702.152a: the triggered ability blitz's static ability gives the permanent ("put into a graveyard from the
# battlefield": the trigger event dies, as the Oracle compiler reads the same words)
BLITZ_DRAW_TEXT = "When this permanent is put into a graveyard from the battlefield, draw a card."
BLITZ_DRAW = {"text": BLITZ_DRAW_TEXT, "kind": "triggered", "ability": {
    "text": BLITZ_DRAW_TEXT, "kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "draw", "amount": 1}]}}


def cost_unpaid(ab) -> bool:
    """Whether the keyword ability ``ab`` is one of :data:`MANA_COSTS_ONLY` with a cost the loop doesn't pay (a cost in
    words, or none)."""
    return getattr(ab, "keyword", None) in MANA_COSTS_ONLY and not re.fullmatch(r"(\{[^}]+\})+", ab.cost or "")


def continuous(keyword: str) -> Continuous | None:
    """702.152a (current official rules): blitz's third ability, a static ability of the permanent (not characteristic-
    defining): "As long as this permanent's blitz cost was paid, it has haste and 'When this permanent is put into a
    graveyard from the battlefield, draw a card.'" (the condition blitz_paid: engine/game/blitz.py marks the permanent);
    None for the other keywords."""
    if keyword == "blitz":
        return Continuous.model_validate({"applies_to": {"self": True}, "condition": {"blitz_paid": "self"},
                                          "do": [{"op": "add_abilities", "abilities": [{"keyword": "haste"}, BLITZ_DRAW]}]})
    return None


def prototyped(chars):
    """718.3b (current official rules): the characteristics ``chars`` (engine/state/model.py Characteristics) with the
    alternative mana cost, power and toughness of its prototype ability ("Prototype {2}{R} — 3/2": cost and quality) and
    the colors of that mana cost (202.2, 105.2) with its color indicator's (204); None when it has no prototype ability
    (a prototyped spell, the permanent it becomes, a board's prototyped permanent: engine/game/prototype.py,
    engine/files/loader.py)."""
    ab = next((a for a in chars.abilities if getattr(a, "keyword", None) == "prototype"), None)
    if ab is None or not re.fullmatch(r"[0-9]+/[0-9]+", ab.quality or ""):
        return None
    power, toughness = (int(x) for x in ab.quality.split("/"))
    found = set(cost_colors(ab.cost)) | set(chars.color_indicator or ())
    return with_fields(chars, mana_cost=ab.cost, mana_value=mana_value(ab.cost), power=power, toughness=toughness,
                       colors=tuple(c for c in COLORS if c in found))

