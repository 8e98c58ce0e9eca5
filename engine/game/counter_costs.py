"""The ends of a counterspell (701.6a). 118.12a: the mana a counterspell's "unless its controller pays ..." asks of that spell's controller, determined as
the counterspell resolves (608.2h): a fixed cost ("{3}"), the X announced for the countering spell ("{X}", 107.3a), or
generic mana counted on the game now ("{1} for each card in your graveyard", "{2} plus an additional {1} for each
Faerie you control": Counter.unless_pays_each, a Count the selector machinery counts, bridge/selectors.py). 614.1a: where the countered spell goes instead of
its owner's graveyard when the counterspell says so (exile; the top of its owner's library)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.files.events import ZoneChange
from engine.game import amounts, spell_lki, xvalue


def unless_cost(game, op, source: str, you: str, count_of, spell: str | None = None) -> str | None:
    """The mana the countered spell's controller may pay so that it is not countered, or None (no such choice);
    ``count_of``: engine/game/instructions.py's (which imports this module)."""
    st = game.state
    if op.unless_pays_each is not None:  # 118.12a, 608.2h: counted once, as the counterspell resolves
        layers = game.layers()
        ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
        n = count_of(st, ctx, op.unless_pays_each)
        game.say("608.2h", f"the mana to pay is counted now: {{{n}}}")
        return "{%d}" % n
    if op.unless_pays_amount is not None:  # 118.12a, 608.2h: "{X}, where X is its mana value" (the target spell's)
        n = max(0, amounts.quantity(game, op.unless_pays_amount, source, you, (spell,), "the mana to pay"))
        return "{%d}" % n
    if op.unless_pays == "{X}":  # 107.3a: the X announced for the countering spell
        return "{%d}" % xvalue.announced(game, source)
    return op.unless_pays


def countered(game, op, spell: str) -> None:
    """701.6a: the countered spell leaves the stack: to its owner's graveyard (a copy ceases to exist, 704.5e), or,
    614.1a, where the counterspell's own replacement puts it instead: exile ("exile it instead ..."), or the top of
    its owner's library ("If that spell is countered this way, put it on top of its owner's library instead of into
    that player's graveyard": Counter.library_top)."""
    spell_lki.record(game, spell)  # 608.2h: "that spell's mana value" after it (its mana value on the stack)
    if not op.library_top:
        game.resolution.off_the_stack(spell, "701.6a", exile=op.exile)
        return
    if game.resolution.cease(spell):
        return
    st = game.state
    game.events.zone_changes([ZoneChange(type="zone_change", object=spell, **{"from": "stack"}, to="library")],
                             "614.1a", "is put on top of its owner's library instead of into that player's graveyard")
    o = st.objects.get(spell)
    library = st.player_zones.get((o.owner, "library"), []) if o is not None else []
    if spell in library:  # (a move to a library puts it at the bottom: 401.2's top is the first)
        library.remove(spell)
        library.insert(0, spell)
    game.resolution.unchoose(spell)
