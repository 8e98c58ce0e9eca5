"""Replacement boards where who is dealt damage decides (614.9, 615.1a, 615.11), for the replace oracle's property
tests (engine/app/generate_replace.py random_replace_board): a redirection (Palisade Giant: "to you or another
permanent you control", to itself; Glarecaster: to the target chosen, a player or a creature; Spirit en-Kor: the next
1 damage to itself, to a creature; Razia: the next N damage to its first target, to its second) beside effects whose
conditions name the recipient ("creatures you control", a Cleric creature you control, "you", "an opponent or a
permanent an opponent controls", Maze of Ith's "dealt to and dealt by that creature"), and damage to what the
redirection protects, so that the effects looked at again after it (616.1f) see another recipient.

A separate random stream (from the seed) draws these, so that the boards the other parts draw for a seed stay the ones
they were. tests/test_replace_oracle.py draws them on the boards of random_replace_board (which doesn't: the corpora and
benchmarks built on it stay as they were)."""

from __future__ import annotations

import random

# the effects with a condition on who is dealt the damage: an object selector, a player, or both (614.1)
ON_RECIPIENT = ("Inner Sanctum", "Glacial Chasm", "Daunting Defender", "Gisela, Blade of Goldnight",
                "Torbran, Thane of Red Fell", "Energy Field", "Light of Sanction")
REDIRECTS = ("palisade", "glare", "kor", "razia")
CREATURES = ("Grizzly Bears", "Hill Giant", "Devout Chaplain", "Raging Goblin")  # (a Cleric; red sources: Torbran)
SHARE = 0.25  # the share of boards drawn with a redirection and these effects (share=1: every board)


def recipients_and_redirects(seed: int, library, board: dict, event: dict, share: float = SHARE) -> dict:
    """Maybe add a redirection, one to three effects on the recipient (and Maze of Ith's effect) and two creatures,
    with damage to what the redirection protects (maybe two such events at once, 616.2); else the board and event as
    they were. Changes the board in place; returns the event."""
    rng = random.Random(f"614.9 {seed}")
    if rng.random() >= share:
        return event
    battlefield = board["battlefield"]
    effects = board.setdefault("effects", [])
    # 613.7: the timestamps the loader would give those without one (the battlefield in order, then the effects),
    # written out, so that the permanents and effects added here come after all of them
    for i, e in enumerate(battlefield):
        e.setdefault("timestamp", i + 1)
    top = max(e["timestamp"] for e in battlefield)
    for i, e in enumerate(effects):
        e.setdefault("timestamp", top + 1 + i)
    stamp = max(e["timestamp"] for e in battlefield + effects)

    def later() -> int:
        nonlocal stamp
        stamp += 1
        return stamp

    def put(card: str, who: str, oid: str) -> str:
        battlefield.append({"card": card, "controller": who, "id": oid, "timestamp": later()})
        return oid

    mine, theirs = rng.choice((("alice", "bob"), ("bob", "alice")))  # the redirection's controller, the other player
    creatures = [put(rng.choice(CREATURES), who, f"rc{k + 1}") for k, who in enumerate((mine, rng.choice((mine, theirs))))]
    kind = rng.choice(REDIRECTS)
    if kind == "palisade":  # "All damage that would be dealt to you or another permanent you control is dealt to this"
        put("Palisade Giant", mine, "rp")
        protected = [mine, creatures[0]]
    elif kind == "glare":  # "the next time damage would be dealt to this creature and/or you ... to any target instead"
        put("Glarecaster", mine, "rg")
        effects.append({"from": "Glarecaster", "ability": 2, "controller": mine, "source": "rg",
                        "targets": [rng.choice((theirs, mine, creatures[1], creatures[0]))], "timestamp": later()})
        protected = ["rg", mine]
    elif kind == "kor":  # "The next 1 damage that would be dealt to this creature ... to target creature you control"
        put("Spirit en-Kor", mine, "rk")
        effects.append({"from": "Spirit en-Kor", "ability": 2, "controller": mine, "source": "rk",
                        "targets": [creatures[0]], "remaining": rng.randint(0, 2), "timestamp": later()})
        protected = ["rk"]
    else:  # Razia: "The next N damage that would be dealt to target creature you control ... to another target creature"
        put("Razia, Boros Archangel", mine, "rz")
        effects.append({"from": "Razia, Boros Archangel", "ability": 4, "controller": mine, "source": "rz",
                        "targets": [creatures[0], creatures[1]], "remaining": rng.randint(0, 4), "timestamp": later()})
        protected = [creatures[0]]
    for k, card in enumerate(rng.sample([c for c in ON_RECIPIENT if library.get(c) is not None], rng.randint(1, 3))):
        put(card, rng.choice((mine, theirs)), f"ro{k + 1}")
    if rng.random() < 0.3 and library.get("Maze of Ith") is not None:  # 615.1a: "dealt to and dealt by that creature"
        put("Maze of Ith", rng.choice((mine, theirs)), "rm")
        effects.append({"from": "Maze of Ith", "ability": 1, "controller": battlefield[-1]["controller"], "source": "rm",
                        "targets": [rng.choice(creatures)], "timestamp": later()})
    sources = creatures + [e["id"] for e in battlefield if str(e.get("id", "")) in ("c1", "c2", "c3")]
    events = []
    for _ in range(1 if rng.random() < 0.8 else 2):
        target = rng.choice(protected)
        source = rng.choice([s for s in sources if s != target] or sources)
        events.append({"type": "damage", "source": source, "target": target, "amount": rng.randint(1, 4),
                       "combat": rng.random() < 0.6})
    return {"event": events[0]} if len(events) == 1 else {"events": events}
