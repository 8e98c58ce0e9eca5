"""A commander's color identity (903.4; issue 21), for the mana abilities "{T}: Add one mana of any color in your
commander's color identity." (Command Tower, Arcane Signet, Commander's Sphere; engine/vocab/oracle/mana_add.lark:
``ma_identity``).

903.4: the color identity of a card is the colors of the mana symbols in its mana cost and its rules text (reminder
text aside, 207.2: the words in parentheses), and of its color indicator (204); 903.4d: the back face of a double-faced
card counts too. "Your commander": the cards with the commander designation (903.3, a board's ``commander: true``,
kept in every zone) that the ability's controller owns; two commanders (partners): the colors of either. No commander,
or a colorless one: the ability adds no mana (903.4f). Not counted: colors a characteristic-defining ability gives
(604.3), which no commander of a game file has yet."""

from __future__ import annotations

import re

from engine.game.common import GameError
from engine.state.model import Characteristics
from engine.vocab.mana import cost_colors

_SYMBOL = re.compile(r"\{[^{}]+\}")
_REMINDER = re.compile(r"\([^()]*\)")  # 207.2: reminder text, in parentheses


def colors(game, player: str) -> tuple[str, ...]:
    """903.4: the colors of the color identity of the commanders ``player`` owns (903.3), in WUBRG order; () without
    any."""
    found: set[str] = set()
    for oid, o in game.state.objects.items():
        if not o.commander or o.owner != player or o.printed is None:
            continue
        faces = [o.printed]
        try:  # 903.4d: a double-faced card's other face
            other = game.transforming.other_face(oid)
        except GameError:
            other = None
        if other is not None:
            faces.append(other[1])
        for face in faces:
            found |= _identity(face)
    return tuple(c for c in ("white", "blue", "black", "red", "green") if c in found)


def _identity(face: Characteristics) -> set[str]:
    """903.4: the colors of one face's mana cost, color indicator and rules text's mana symbols."""
    found = set(cost_colors(face.mana_cost)) | set(face.color_indicator or ())
    for symbol in _SYMBOL.findall(_REMINDER.sub("", face.rules_text or "")):
        try:
            found |= set(cost_colors(symbol))
        except ValueError:  # ({T}, {E}, {Q}: no mana symbol)
            continue
    return found
