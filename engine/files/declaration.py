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

import yaml

from bridge.combat_types import Declaration

from engine.files.errors import InputError
from engine.files.yamlio import load_yaml
from engine.state.model import GameState


def load_declaration(path: Path, side: str, state: GameState) -> Declaration:
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(where, "DECLARATION", "no such file", "give the path of a declaration YAML file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(where, "DECLARATION", f"cannot be read ({e.__class__.__name__})", "give a readable UTF-8 YAML file") from None
    return declaration_from_data(parse_declaration(text, where, "DECLARATION"), side, state, where)


def parse_declaration(text: str, where: str | None, field: str) -> Any:
    """The YAML (or JSON) text of a declaration, parsed; ``field`` names it in the error (the CLI's
    DECLARATION argument, or a request field)."""
    try:
        return load_yaml(text)  # (duplicate keys refused, as in every file mtgjudge reads: issue 25)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None)
        if problem and problem.startswith("duplicate key"):
            raise InputError(where, field, f"has a {problem}{at}", "give each key once (the second one would "
                                                                   "silently replace the first)") from None
        raise InputError(where, field, f"is not valid YAML{at}", "fix the YAML syntax") from None


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
