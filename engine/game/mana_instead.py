"""A mana ability's "If [condition], add [mana] instead." (608.2c, 605.3b; issue 21): "{T}: Add {G}. If you control four
or more creatures, add {G}{G} instead." (Leafkin Druid). The condition engine/vocab/mana_instead.py reads is evaluated
by engine/game/conditions.py (``holds``) for the ability's source and its controller as the ability is activated and
resolves, at once (605.3b: its cost, mana and {T} alone, changes nothing the condition reads); holding, the mana the
ability adds is the sentence's (engine/game/mana.py: its options)."""

from __future__ import annotations

from engine.game import conditions
from engine.vocab import mana_instead


def effect(game, oid: str, player: str, text: str, effect: str) -> str:
    """The effect "Add ..." the mana ability ``text`` of ``oid`` (``effect``: its own) has as ``player`` activates it
    now: the sentence's "add [mana] instead" when its condition holds (608.2c), else its own."""
    found = mana_instead.read(text)
    if found is None:
        return effect
    return found[1] if conditions.holds(game, found[0], oid, player) else effect
