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


def named_refs(game, oid: str, index: int | None) -> dict:
    """201.5a: for a granted activated ability whose effect names the granting card and no other object of its own
    (engine.vocab.effects.GrantedText.named_source: "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any
    target."), the granting object as it is as the ability is activated, before its cost is paid (the reference
    ``granter`` of the ability on the stack: :func:`resolving_source`); else nothing."""
    st = game.state
    if index is None or oid not in st.battlefield:
        return {}
    layers = game.layers()
    found = [(e, g) for e, _k, g in layers.granted_abilities.get(oid, ()) if getattr(g, "ability", None) is not None]
    numbered = dict(zip((i for i, _ab in layers.granted_in_force(st, oid)), found))
    effect, granted = numbered.get(index, (None, None))
    source = layers.granting_sources.get(effect) if granted is not None and granted.named_source else None
    return {"granter": game.snap(source)} if source is not None else {}


def resolving_source(resolution, oid: str) -> str:
    """The source of the instructions of the resolving ability of ``oid`` (608.2): ``oid``, or the granting object its
    effect names (201.5a: :func:`named_refs`), which is then the object "self" refers to as it resolves (400.7: the same
    object, or its last known information once it has left the battlefield, 608.2h)."""
    granter = resolution.resolving_refs.pop("granter", None)
    if granter is None:
        return oid
    resolution.resolving_refs["self"] = granter
    return granter[0]
