"""The valid inputs the adversarial cases start from, one per file kind, and how a case's data becomes a file's text.

Every baseline here is valid: tests/test_adversarial.py runs each through its commands and expects exit 0, so that a
case made from it fails for its one change only. Numbers that YAML or JSON dumpers can't write (5,000 digits, NaN,
1e999) or write otherwise ("3" quoted, ``yes``) are put in the data as the placeholder LIT and replaced by their
literal text after dumping."""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

import yaml

BOARD: dict[str, Any] = {  # every board command reads it: show, layers, facts, sba, solve, attack, block, damage, replace
    "players": ["alice", "bob"],
    "active": "alice",
    "life": {"alice": 20, "bob": 20},
    "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears", "counters": {"+1/+1": 1}},
        {"card": "Hill Giant", "controller": "bob", "id": "giant"},
        {"card": "Adaptive Automaton", "controller": "alice", "id": "auto", "choices": {"creature_type": "Bear"}},
    ],
    "effects": [{"from": "Giant Growth", "controller": "alice", "targets": ["bears"]}],
    "stack": [{"card": "Hangarback Walker", "controller": "alice", "id": "walker", "choices": {"x": 2}}],
    "hand": {"alice": ["Forest"]},
    "library": {"bob": ["Island"]},
    "combat": {"attackers": {"bears": "bob"}},
}

GAME: dict[str, Any] = {  # mtgjudge play: a board plus actions
    **{k: v for k, v in BOARD.items() if k not in ("combat", "stack")},
    "step": "precombat_main",
    "actions": [{"attack": {"bears": "bob"}}],
    "until": {"turn": 1, "step": "end"},
}

COMBAT: dict[str, Any] = {  # mtgjudge damage BOARD ASSIGNMENT: the giant, blocked by two, divides its damage
    "players": ["alice", "bob"],
    "active": "alice",
    "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
        {"card": "Hill Giant", "controller": "alice", "id": "giant"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "wall"},
        {"card": "Hill Giant", "controller": "bob", "id": "ogre"},
    ],
    "combat": {"attackers": {"bears": "bob", "giant": "bob"}, "blockers": {"wall": "giant", "ogre": "giant"}},
}

EVENTS: dict[str, dict[str, Any]] = {  # mtgjudge replace BOARD EVENT, on BOARD
    "zone_change": {"event": {"type": "zone_change", "object": "bears", "from": "battlefield", "to": "graveyard",
                              "destroy": True}},
    "life_gain": {"event": {"type": "life_gain", "player": "alice", "amount": 3}},
    "damage": {"event": {"type": "damage", "source": "giant", "target": "bears", "amount": 3}},
    "enter": {"event": {"type": "enter", "object": "walker", "controller": "alice", "counters": {"+1/+1": 2}}},
    "token": {"event": {"type": "token", "controller": "alice", "token": "Clue", "amount": 2}},
}

ATTACK: dict[str, Any] = {"attack": {"bears": "bob"}}  # mtgjudge attack BOARD DECLARATION, on BOARD
BLOCK: dict[str, Any] = {"block": {"giant": "bears"}}  # mtgjudge block BOARD DECLARATION, on BOARD
ASSIGN: dict[str, Any] = {"assign": {"giant": {"wall": 2, "ogre": 1}}}  # mtgjudge damage COMBAT ASSIGNMENT

CARD: dict[str, Any] = {  # a user's card file (--cards DIR), read by the commands with CARD_BOARD
    "name": "Corpus Beast",
    "mana_cost": "{1}{G}",
    "types": ["Creature"],
    "subtypes": ["Beast"],
    "power": 2,
    "toughness": 2,
    "oracle": "Protection from green",
    "abilities": [{"kind": "keyword", "keyword": "protection", "quality": "green"}],
}
CARD_FILE = "corpus_beast.yaml"
CARD_BOARD: dict[str, Any] = {"players": ["alice", "bob"],
                              "battlefield": [{"card": "Corpus Beast", "controller": "alice", "id": "beast"}]}

# crosscheck: one case line per query, each agreeing with our answer (a claims file is a good line, then the case's)
CLAIM_LINES: dict[str, dict[str, Any]] = {
    "layers": {"id": "good", "query": "layers", "board": {"players": ["alice", "bob"], "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]},
        "claim": {"objects": {"bears": {"power": 2, "toughness": 2}}}},
    "attack": {"id": "good", "query": "attack", "board": {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]},
        "declaration": {"attack": {"bears": "bob"}}, "claim": {"legal": True}},
    "replace": {"id": "good", "query": "replace", "board": {"players": ["alice", "bob"], "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]},
        "event": {"type": "life_gain", "player": "alice", "amount": 3}, "claim": {"outcome_count": 1}},
}

LIT = "QQLITQQ"  # the placeholder of a literal (plain letters: every dumper writes it as it is)

# literals by name: (in YAML, in JSON); None: the class has no form in that language
LITERALS: dict[str, tuple[str | None, str | None]] = {
    "digits5000": ("1" + "0" * 4999, "1" + "0" * 4999),
    "1e30": (str(10**30), str(10**30)),
    "5e9": (str(5 * 10**9), str(5 * 10**9)),
    "-1e12": (str(-10**12), str(-10**12)),
    "2^31-1": (str(2**31 - 1), str(2**31 - 1)),
    "2^32": (str(2**32), str(2**32)),
    "-1": ("-1", "-1"),
    "1000": ("1000", "1000"),
    "2.5": ("2.5", "2.5"),
    "nan": (".nan", "NaN"),
    "inf": (".inf", "Infinity"),
    "1e999": ("1.0e+999", "1e999"),
    "string3": ('"3"', '"3"'),
    "true": ("true", "true"),
    "string_yes": ('"yes"', '"yes"'),
    "plain_yes": ("yes", None),
    "one": ("1", "1"),
    "date": ("2024-01-01", None),
}


def dump(data: Any, fmt: str, literal: str | None = None) -> str:
    """``data`` as a YAML or JSON text, LIT replaced by ``literal``."""
    if fmt == "json":
        text = json.dumps(data, ensure_ascii=False)
        return text if literal is None else text.replace(f'"{LIT}"', literal)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=10**6)
    return text if literal is None else text.replace(LIT, literal)


def changed(data: dict, path: tuple, value: Any = None, *, delete: bool = False) -> dict:
    """A deep copy of ``data`` with the value at ``path`` set (a missing last key is added), or deleted."""
    data = copy.deepcopy(data)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


def nested(depth: int, fmt: str, kind: str = "list") -> str:
    """A value nested ``depth`` levels deep, as flow text: [[[...]]] or {a: {a: ...}}."""
    if kind == "list":
        return "[" * depth + "]" * depth
    key = '"a"' if fmt == "json" else "a"
    return (("{" + key + ": ") * depth) + "1" + "}" * depth


def block_nested(depth: int) -> str:
    """A YAML list nested ``depth`` levels deep in block style (indentation, no brackets)."""
    return "".join("  " * i + "-\n" for i in range(depth - 1)) + "  " * (depth - 1) + "- 1\n"


Mutation = Callable[[dict], dict]
