"""The request examples of the API's OpenAPI description (docs/desk.md shows them with their
answers; tests/test_serve_fuzz.py checks the answers and starts the fuzzing from them)."""

from __future__ import annotations

HUMILITY_OPALESCENCE = {  # examples/humility-opalescence.yaml: Humility 4/4, the Bears 1/1
    "players": ["alice", "bob"],
    "battlefield": [{"card": "Humility", "controller": "alice"},
                    {"card": "Opalescence", "controller": "alice"},
                    {"card": "Grizzly Bears", "controller": "bob"}],
}

MENACE_AND_BLOCKS = {  # examples/combat/e6-menace-and-blocks-if-able.yaml
    "players": ["alice", "bob"],
    "active": "alice",
    "battlefield": [{"card": "Boggart Brute", "controller": "alice", "id": "brute"},
                    {"card": "Grand Melee", "controller": "alice"},
                    {"card": "Grizzly Bears", "controller": "bob", "id": "bears"},
                    {"card": "Hill Giant", "controller": "bob", "id": "giant"}],
    "combat": {"attackers": {"brute": "bob"}},
}

PROPAGANDA = {  # examples/combat/c8-propaganda.yaml
    "players": ["alice", "bob"],
    "active": "alice",
    "battlefield": [{"card": "Juggernaut", "controller": "alice", "id": "juggernaut"},
                    {"card": "Propaganda", "controller": "bob"}],
}

DOUBLING_SEASON = {  # examples/replace/c9-doubling-season-hardened-scales.yaml
    "players": ["alice", "bob"],
    "battlefield": [{"card": "Doubling Season", "controller": "alice"},
                    {"card": "Hardened Scales", "controller": "alice"},
                    {"card": "Grizzly Bears", "controller": "alice"}],
}


def _ex(summary: str, value: dict) -> dict:
    return {"summary": summary, "value": value}


EXAMPLES = {
    "/api/board": {
        "ids": _ex("Humility and Opalescence: every id and timestamp said", {"board": HUMILITY_OPALESCENCE}),
        "text": _ex("the board as YAML text", {"board": "players: [alice, bob]\nbattlefield:\n"
                                                        "  - {card: Grizzly Bears, controller: bob}\n"}),
    },
    "/api/layers": {
        "c1": _ex("Humility and Opalescence (C1): Humility is 4/4, the Bears 1/1", {"board": HUMILITY_OPALESCENCE}),
        "object": _ex("one permanent (--object)", {"board": HUMILITY_OPALESCENCE, "object": "grizzly_bears"}),
    },
    "/api/attack": {
        "unpaid": _ex("Propaganda's cost not paid (508.1g)",
                      {"board": PROPAGANDA, "declaration": {"attack": {"juggernaut": "bob"}}}),
        "paid": _ex("Propaganda's cost paid",
                    {"board": PROPAGANDA, "declaration": {"attack": {"juggernaut": "bob"}, "pay": ["juggernaut"]}}),
        "best": _ex("the most requirements, and a declaration obeying them", {"board": PROPAGANDA}),
    },
    "/api/block": {
        "menace": _ex("an illegal block: the Bears alone against menace (702.111b)",
                      {"board": MENACE_AND_BLOCKS, "declaration": {"block": {"bears": "brute"}}}),
        "none": _ex("no block where both must block (509.1c), and the better declaration",
                    {"board": MENACE_AND_BLOCKS, "declaration": {"block": {}}}),
        "all": _ex("every legal declaration (--all)", {"board": MENACE_AND_BLOCKS, "all": True}),
    },
    "/api/replace": {
        "c9": _ex("Doubling Season and Hardened Scales (C9): 3 or 4 counters, the controller chooses",
                  {"board": DOUBLING_SEASON,
                   "event": {"event": {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}}}),
    },
}
