"""The object that grants an ability (613.1f), for the parts of that ability that name it.

An effect that grants a quoted ability ("Equipped creature has "{T}, Sacrifice Blazing Torch: ..."") gives
the ability to the equipped creature (its source, its controller: 113.7a, 700.7 "this creature"), but the
card's name inside the quotation marks is the card whose static ability grants it (201.5a; Blazing Torch's
rulings: the Equipment is sacrificed). The layers program says which effect grants each ability and that
effect's source (bridge.layers.LayersResult.granter, 611.3a); the activation's cost parts that name the
card (engine.vocab.activation.CostPart.named: "Sacrifice ~", "Unattach ~") are paid with that object
(engine/game/cost_parts.py).
"""

from __future__ import annotations


def of(game, oid: str, index: int | None) -> str | None:
    """The object whose effect grants the permanent ``oid`` its ability ``index`` (a game file's ``ability:
    N``, numbered as engine.game.triggered.granted_in_force numbers them); None for a printed ability, an
    ability of a card in a graveyard or hand, or an index no granted ability has."""
    st = game.state
    if index is None or oid not in st.battlefield:
        return None
    return game.layers().granter(st, oid, index)
