"""Mana abilities that add an amount counted as they resolve (106.1, 605.3b, 608.2h): "{T}: Add {G} for each creature
you control.", "{T}: Add X mana of any one color, where X is the number of creature cards in your graveyard.", "{T}:
Add an amount of {G} equal to this creature's power." (engine/vocab/oracle/mana_amount.py reads them). The loop
counts the value with the selector machinery (instructions.count_of), on the characteristics after the layers, once
the ability's cost (its mana and {T} only: engine/vocab/activation.py, loop_mana_ability) is paid, as it resolves."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.game.common import Rejected, _name
from engine.game import mana_identity
from engine.game.instructions import count_of
from engine.vocab.activation import ANY_COLOR, IDENTITY_COLOR, could_produce, loop_mana_ability, mana_amount, \
    mana_options, mana_rider, spend_only
from engine.vocab.mana import parse_cost

_TYPES = ("{W}", "{U}", "{B}", "{R}", "{G}", "{C}")  # 106.1b: the six types of mana


def _count(game, oid: str, player: str, value) -> int:
    """608.2h: the value counted now (``oid``: the ability's source, "this creature"; ``player``: "you")."""
    st, layers = game.state, game.layers()
    return max(0, count_of(st, SelectorContext(st, characteristics(st, layers), oid, player, (), {}, layers.mana_values),
                           value))


def options(game, oid: str, player: str, effect: str, name: str, color: str | None, none: bool = False) -> list[str]:
    """What one activation of the mana ability whose effect is ``effect`` may add (mana.py's choice among them): its
    mana_options; for an amount counted as it resolves, that mana once for each counted now (at least once here: the
    kind of mana chosen; :func:`recount` counts it again as it resolves; ``none``: nothing when it counts 0, 106.7)."""
    produce = could_produce(effect)
    if produce is not None:  # 106.7: one mana of a type those permanents could produce (none: no mana)
        return [t for t in _TYPES if t in _could(game, oid, player, produce)] or [""]
    if IDENTITY_COLOR in effect:  # 903.4: a color of its controller's commanders (none: no mana, 903.4f)
        return mana_options(effect, color, mana_identity.colors(game, player)) or [""]
    amount = mana_amount(effect, name)
    if amount is None:
        return mana_options(effect, color)
    mana, value = amount
    n = _count(game, oid, player, value)
    if n == 0 and none:
        return []
    n = max(1, n)
    return [mana * n] if mana is not None else [c * n for c in ANY_COLOR]  # 106.1: X mana of any one color


def recount(game, oid: str, player: str, effect: str, name: str, chosen: str) -> str:
    """605.3b, 608.2h: as the ability resolves (its cost paid), the mana it adds: for an amount, the kind of mana
    ``chosen`` once for each counted now ("X is N"); else ``chosen`` itself."""
    amount = mana_amount(effect, name)
    if amount is None:
        return chosen
    n = _count(game, oid, player, amount[1])
    game.say("608.2h", f"X is {n} (counted as the mana ability resolves, 605.3b)")
    return (amount[0] or chosen[:3]) * n


def _could(game, oid: str, player: str, produce) -> set[str]:
    """106.7: the types of mana (symbols) that the permanents ``produce`` names (matched from ``oid``, controlled by
    ``player``) could produce: what each of their mana abilities would add if it resolved now, its cost aside; for
    one that itself adds what others could produce (Reflecting Pool, Exotic Orchard), what those could produce, found
    until nothing is added (106.7's example: two Exotic Orchards and a Forest each could produce {G}). A permanent with
    a mana ability the loop doesn't read ("[cost]: Add ...") makes the activation refused (its types unknown)."""
    st, layers = game.state, game.layers()
    chars = characteristics(st, layers)

    def matched(source: str, you: str, sel) -> list[str]:
        ctx = SelectorContext(st, chars, source, you, (), {}, layers.mana_values)
        return [x for x in st.battlefield if ctx.match(sel, x)]

    found: dict[str, set[str]] = {}  # each permanent's types found so far
    refers: list[tuple[str, list[str], str]] = []  # (permanent, the permanents its ability names, type | color)
    todo, seen = matched(oid, player, produce[1]), set()
    while todo:
        x = todo.pop()
        if x in seen:
            continue
        seen.add(x)
        c = chars.get(x, {})
        found[x] = set()
        for text in c.get("abilities", ()):
            effect = mana_rider(spend_only(text)[0])[0].partition(": ")[2] if isinstance(text, str) else ""
            if not effect.startswith("Add ") or '"' in text:
                continue  # (no mana ability of its own: 605.1a; an ability it grants, in quotes)
            if loop_mana_ability(text, c.get("name") or "") is None:
                raise Rejected("106.7", f"the loop doesn't know what mana {_name(st, x)}'s ability \"{text}\" produces")
            other = could_produce(effect)
            if other is not None:
                named = matched(x, c.get("controller"), other[1])
                refers.append((x, named, other[0]))
                todo += named
                continue
            color = st.objects[x].choices.get("color")
            for option in options(game, x, c.get("controller"), effect, c.get("name") or "", color, True):
                found[x] |= {"{" + s.text + "}" for s in parse_cost(option)}
    changed = True
    while changed:  # (what the permanents referring to others could produce, until nothing is added)
        changed = False
        for x, named, kind in refers:
            more = {t for y in named for t in found[y] if kind == "type" or t != "{C}"} - found[x]
            if more:
                found[x] |= more
                changed = True
    return {t for y in matched(oid, player, produce[1]) for t in found[y] if produce[0] == "type" or t != "{C}"}
