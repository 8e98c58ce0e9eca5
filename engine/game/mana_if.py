"""A mana ability's "Activate only if [condition]." (602.5b, 605.1a; issue 21), checked as the player would activate it
(engine/game/mana.py: ``activate_mana``): the condition engine/vocab/mana_if.py reads from the ability's text, evaluated
by engine/game/conditions.py (``holds``) on the game as it is now, for the ability's source and its controller."""

from __future__ import annotations

import re

from engine.vocab import mana_if
from engine.vocab.activation import mana_options, mana_rider, spend_only
from engine.game import conditions
from engine.game.common import Rejected, _name


def _adds(text: str, color: str | None, mana: str) -> bool:
    """Whether the mana ability ``text`` can add the mana the player chose (a letter, "{G}{G}" too; several letters:
    that mana, their order aside)."""
    for option in mana_options(mana_rider(spend_only(text)[0])[0], color):
        symbols = re.findall(r"\{(\w)\}", option)
        if (set(symbols) == {mana}) if len(mana) == 1 else sorted(symbols) == sorted(mana):
            return True
    return False


def allowed(game, found: list, oid: str, player: str, mana: str | None, color: str | None) -> list:
    """Of the mana abilities ``found`` ((text, cost) pairs) of ``oid``, those ``player`` may activate now (602.5b: an
    ability whose condition doesn't hold can't be activated); Rejected when that leaves none, or none that adds the
    mana chosen (``mana``) while one whose condition doesn't hold would."""
    kept, refused = [], []
    for a, cost in found:
        cond = mana_if.condition(a)
        (kept if cond is None or conditions.holds(game, cond, oid, player) else refused).append((a, cost))
    blocked = [a for a, _c in refused if mana is None or _adds(a, color, mana)]
    if blocked and not any(mana is None or _adds(a, color, mana) for a, _c in kept):
        raise Rejected("602.5b", f"{_name(game.state, oid)}'s mana ability \"{blocked[0]}\" can be activated only if "
                                 f"{mana_if.split(blocked[0])[1]}: it doesn't hold now")
    return kept
