"""Declaration files for `mtgjudge attack` and `mtgjudge block` (508.1, 509.1).

    attack: {grizzly_bears: bob, serra_angel: jace}   # creature -> player, planeswalker or battle
    pay: [grizzly_bears]                               # the creatures whose attack cost is paid
    bands: [[benalish_hero, grizzly_bears]]            # attacking bands (702.22c)

    block: {wall: goblin, giant: [ogre, orc]}          # blocker -> attacker, or a list of attackers
    pay: []
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridge.combat_types import Declaration

from engine.files.errors import InputError
from engine.files.textlimits import read_bounded
from engine.files.yamlio import parse_text
from engine.state.model import GameState


def load_declaration(path: Path, side: str, state: GameState) -> Declaration:
    where = str(path)
    try:
        text = read_bounded(path)  # a regular UTF-8 file within the size limit (engine/files/textlimits.py)
    except InputError as e:
        raise InputError(where, "DECLARATION", e.problem, e.fix) from None
    return declaration_from_data(parse_declaration(text, where, "DECLARATION"), side, state, where)


def parse_declaration(text: str, where: str | None, field: str) -> Any:
    """The YAML (or JSON) text of a declaration, parsed; ``field`` names it in the error (the CLI's
    DECLARATION argument, or a request field). Read as every file is (engine/files/yamlio.py: duplicate keys,
    tags, nesting, numbers and control characters refused; a .json file with the JSON reader)."""
    try:
        return parse_text(text, where or "declaration")
    except InputError as e:
        inside = e.field if e.field and not e.field.startswith("line ") else None  # a field of the declaration
        named = inside if where and inside else f"{field}: {e.field}" if field and e.field else field or e.field
        raise InputError(where, named, e.problem, e.fix) from None


def declaration_from_data(data: Any, side: str, state: GameState, where: str = "declaration") -> Declaration:
    other = "block" if side == "attack" else "attack"
    example = "attack: {CREATURE: PLAYER}" if side == "attack" else "block: {BLOCKER: ATTACKER}"
    if not isinstance(data, dict):
        raise InputError(where, "(top level)", "is not a mapping", f"write '{example}' and optionally 'pay: [ID, ...]'")
    fields = {side, "pay"} | ({"bands"} if side == "attack" else set())
    unknown = sorted(set(map(str, data)) - fields)
    if other in data:
        raise InputError(where, other, f"is a declaration of {other}ers", f"use 'mtgjudge {other}', or write '{example}'")
    if side == "block" and "bands" in data:
        raise InputError(where, "bands", "is part of the attack (702.22c: only the attacking player declares bands)",
                         "give the bands in the board's combat.bands")
    if unknown:
        raise InputError(where, unknown[0], "is not a field of a declaration",
                         "use only " + ", ".join(f"'{f}'" for f in sorted(fields)))
    body = data.get(side)
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise InputError(where, side, "is not a mapping", f"write '{example}'")
    objects = state.objects
    targets = set(objects) | set(state.player_names)

    def known(field: str, value: Any, allowed: set[str], what: str) -> str:
        if not isinstance(value, str):
            raise InputError(where, field, f"{value!r} is not an id", f"write the id of {what}")
        if value not in allowed:
            raise InputError(where, field, f"names {value!r}, which is not on the board",
                             f"use the id of {what} (run 'mtgjudge show BOARD' for the ids)")
        return value

    pairs: list[tuple[str, str]] = []
    for key, value in body.items():
        creature = known(f"{side}.{key}", key, set(objects), "a creature")
        if side == "attack":
            pairs.append((creature, known(f"{side}.{key}", value, targets, "a player, planeswalker or battle")))
        else:
            values = value if isinstance(value, list) else [value]
            if not values:
                raise InputError(where, f"block.{key}", "is an empty list", "name the attacker(s) it blocks, or leave it out")
            for v in values:
                pairs.append((creature, known(f"block.{key}", v, set(objects), "an attacking creature")))
    pay = data.get("pay")
    pay = [] if pay is None else pay
    if not isinstance(pay, list):
        raise InputError(where, "pay", "is not a list", "write 'pay: [ID, ...]'")
    paid = [known("pay", p, set(objects), "a creature whose cost is paid") for p in pay]
    bands = data.get("bands")
    bands = [] if bands is None else bands
    if not isinstance(bands, list) or not all(isinstance(b, list) and b for b in bands):
        raise InputError(where, "bands", "is not a list of non-empty lists", "write 'bands: [[ID, ID, ...], ...]'")
    named = tuple(tuple(known(f"bands[{j}]", x, set(objects), "an attacking creature") for x in band)
                  for j, band in enumerate(bands))
    return Declaration(side, tuple(pairs), tuple(paid), named).canonical()


def refuse_nothing_to_pay(verdict, side: str, where: str | None = None) -> None:
    """508.1g, 509.1d: the player pays the costs that apply to the declaration. A ``pay`` naming a creature that
    attacks (blocks) under no cost names a payment the rules don't have: bad input (InputError on ``pay``), not a
    restriction the declaration breaks. Which creatures are under a cost is the combat program's answer (its
    violation ``nothing_to_pay``: ``pay/1`` without ``cost_due/1``, asp_rules/attack.lp, asp_rules/block.lp), read
    from ``verdict`` (bridge/combat.py ``check``): no cost is decided here."""
    named = [v.objects[0] for v in verdict.violations if v.code == "nothing_to_pay" and v.objects]
    if not named:
        return
    rule = "508.1g" if side == "attack" else "509.1d"
    ids = ", ".join(named)
    raise InputError(where or "declaration", "pay",
                     f"names {ids}, which {'has' if len(named) == 1 else 'have'} no cost to {side} to pay ({rule})",
                     f"leave {ids} out of pay: name only the creatures whose cost to {side} the declaration pays")
