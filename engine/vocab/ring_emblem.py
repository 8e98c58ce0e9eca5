"""The emblem named The Ring (701.54c, the current official rules: the seed text stops at 702.42): its four abilities'
texts, and the first one's continuous effect on the Ring-bearer as the card vocabulary says it (a continuous effect and a
combat rule on its target, the Ring-bearer: the layers and blocks programs read it). Used by the game loop
(engine/game/ring.py) and the board loader (engine/files/ring_fields.py)."""

from __future__ import annotations

from pydantic import TypeAdapter

from engine.vocab.cardfile import Ability

TEXTS = ("Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
         "Whenever your Ring-bearer attacks, draw a card, then discard a card.",
         "Whenever your Ring-bearer becomes blocked by a creature, that creature's controller sacrifices it at end of "
         "combat.",
         "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life.")
DURATION = "ring_bearer"  # the first ability's effect lasts while that creature is the Ring-bearer (engine/game/ring.py)
SOURCE = "The Ring"  # the effect's source_card: the emblem's name (114.4: an emblem has no characteristics but its
# abilities; 701.54c names it)
_ABILITY = TypeAdapter(Ability)
# 205.4, 613.1d: the supertype Legendary; 509.1b: "can't be blocked by creatures with greater power"
LEGENDARY = _ABILITY.validate_python({
    "kind": "spell", "text": TEXTS[0],
    "continuous": {"do": [{"op": "add_supertypes", "supertypes": ["Legendary"]}]},
    "combat": [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_vs_subject": "greater"}]})
