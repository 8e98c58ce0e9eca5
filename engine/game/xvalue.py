"""The value of X (107.3) as the game loop knows it: announced by the player as a spell is cast (601.2b, 107.3a:
engine/game/casting.py announce_x, kept with the spell's choices) or as an activated ability with {X} in its cost is
activated (602.2b: :func:`announce_activation`, kept with the ability on the stack: Game.refs), and read by each
instruction that says X as the spell or ability resolves (:func:`announced`); none announced: 0."""

from __future__ import annotations

import re

from engine.files.yamlio import NUMBER_MAX
from engine.game.common import GameError, Rejected

# 107.3a: a value of X a player announces reaches the programs (a mana value on the stack, 202.3e; an amount of
# damage, life, counters): clingo's integers are 32-bit, so X stays far below 2**31 even times the {X} of a cost
X_MAX = NUMBER_MAX  # the bound of every number a user gives (engine/files/yamlio.py)


def announced(game, source: str) -> int:
    """107.3a: the X of the resolving spell or ability: an activated ability's, announced as it was activated (its
    refs on the stack, 602.2b), else the spell's, announced as it was cast (its choices, 601.2b); none: 0."""
    kept = game.resolution.resolving_refs.get("x")
    if isinstance(kept, int):
        return kept
    o = game.state.objects.get(source)
    return int(o.choices.get("x", 0) or 0) if o is not None and o.kind == "spell" else 0


def announce_activation(game, cost, given: int | None, player: str, name: str) -> int | None:
    """602.2b, 601.2b, 107.3a: the value of X its controller announces as they activate an ability whose cost (an
    ActivationCost) has X, or None (no X in it); --auto: 0."""
    words = ", ".join(filter(None, (cost.mana, *cost.other))) or "no mana"
    if not cost.has_x:
        if given is not None:
            raise Rejected("602.2b", f"the cost of {name}'s ability ({words}) has no X to announce")
        return None
    if given is None and not game.auto:
        raise GameError(game.acting(), f"602.2b: {player} announces the value of X for {name}'s ability ({words})",
                        "add 'x: N' to the activation, or use --auto")
    return given or 0


def given(act, face) -> int | None:
    """601.2b: the value of X a cast announces (its ``x``), or None; 107.3b: a spell with {X} in its mana cost cast
    without paying its mana cost (nor an alternative cost with X: cascade, discover, rebound) has X = 0, the only legal
    value, and another value announced is refused."""
    if not ((act.cascade or act.discover or act.rebound or act.free or act.plotted) and "{X}" in (face.mana_cost or "").upper()):
        return act.x
    if act.x:
        raise Rejected("107.3b", f"{face.name} is cast without paying its mana cost ({face.mana_cost}): the only legal "
                                 f"value of X is 0, not {act.x}")
    return 0


def with_x(cost: str, x: int | None) -> str:
    """107.3a, 601.2f: the mana cost with each {X} replaced by the announced value (once for each {X}: {X}{X} is 2X)."""
    return cost if x is None or not cost else re.sub(r"\{X\}", "{" + str(x) + "}", cost, flags=re.I)
