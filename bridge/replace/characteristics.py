"""The characteristics every selector of the replace task (and the engine's triggers) reads: after
the layers on the battlefield (613), the printed ones (109.3) elsewhere (a card in a graveyard, a
spell on the stack). Public: the game loop (engine/game/) and engine/game/triggered.py use it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# the characteristics the layers change on a spell or a card outside the battlefield that selectors read (611.3a)
AFTER_LAYERS = ("types", "supertypes", "subtypes", "colors", "abilities", "all_creature_types")

if TYPE_CHECKING:
    from bridge.layers import LayersResult
    from bridge.protocols import Characteristics, GameState


def characteristics(state: GameState, layers: LayersResult) -> dict[str, dict[str, Any]]:
    """After the layers on the battlefield; printed characteristics elsewhere (a card in a graveyard), with the card
    types, subtypes, supertypes, colors and abilities the layers give a spell or a card there (611.3a, 613.1: "creature
    spells you control and creature cards you own that aren't on the battlefield" are artifacts, Biotransference)."""
    chars = dict(layers.objects)
    after = {**getattr(layers, "card_objects", {}), **layers.stack_objects}
    for oid, o in state.objects.items():
        if oid in chars or o.printed is None:
            continue
        chars[oid] = printed_characteristics(o.printed, o.controller or o.owner, o.owner)
        if oid in after:
            chars[oid].update({k: after[oid][k] for k in AFTER_LAYERS if k in after[oid]})
    return chars


def printed_characteristics(c: Characteristics, controller: str | None, owner: str) -> dict[str, Any]:
    """Printed characteristics (109.3) in the shape of the layers result's objects: an object off the
    battlefield, or a spell as it is or would be cast (601.3e: face down, an Adventure, bestowed)."""
    return {"name": c.name, "controller": controller, "owner": owner,
            "types": [t.lower() for t in c.types], "supertypes": [t.lower() for t in c.supertypes],
            "subtypes": list(c.subtypes), "colors": list(c.colors), "power": None, "toughness": None,
            "abilities": [a.words() if a.kind == "keyword" else a.display() for a in c.abilities]}
