"""Replacement boards where a token and a card differ (108.2, 111.1, 111.6), for the replace oracle's
property tests (engine/app/generate.py random_replace_board): effects whose words say "a card" (Leyline of
the Void, Yawgmoth's Agenda), "a nontoken creature" (Kalitas), "a card or token" (Rest in Peace), "creature
tokens" (Emmara Tandris) or "for each other nontoken Human" (Hamlet Vanguard), beside creatures of which some
are tokens (token copies of the plain creatures, `token: true`), and an event about one of them.

A separate random stream (from the seed) draws these, so that the boards the other parts draw for a seed
stay the ones they were."""

from __future__ import annotations

import random

# the effects that read "card" or "token" (108.2, 111.1, 111.6), from the card database (compiled) or the package
CARD_OR_TOKEN = ("Leyline of the Void", "Yawgmoth's Agenda", "Rest in Peace", "Kalitas, Traitor of Ghet",
                 "Emmara Tandris")
SHARE = 0.3  # the share of boards drawn with tokens and these effects


def tokens_and_cards(seed: int, library, board: dict, event: dict) -> dict:
    """Maybe make some of the plain creatures c1, c2, c3 tokens and add effects that tell a card from a token,
    with an event about one of the creatures (a zone change to a graveyard, damage, or Hamlet Vanguard entering,
    whose count reads "nontoken"); else the board and event as they were. Changes the board in place; returns
    the event."""
    rng = random.Random(f"108.2 {seed}")
    if rng.random() >= SHARE:
        return event
    effects = [c for c in CARD_OR_TOKEN if library.get(c) is not None]
    battlefield = board["battlefield"]
    plain = [e for e in battlefield if str(e.get("id", "")) in ("c1", "c2", "c3")]
    if not effects or not plain:
        return event
    for entry in plain:
        if rng.random() < 0.5:
            entry["token"] = True  # a token copy of the creature card (111.1, board-format.md)
    stamp = max([e.get("timestamp", 0) for e in battlefield + board.get("effects", [])] + [len(battlefield)])
    for k, card in enumerate(rng.sample(effects, rng.randint(1, min(3, len(effects))))):
        battlefield.append({"card": card, "controller": rng.choice(("alice", "bob")), "id": f"ct{k + 1}",
                            "timestamp": stamp + 1 + k})
    roll = rng.random()
    if roll < 0.6 or roll < 0.8 and len(plain) < 2:  # a creature put into a graveyard (dying, or destroyed: 700.4, 701.8)
        zone_change = {"type": "zone_change", "object": rng.choice(plain)["id"], "from": "battlefield",
                       "to": "graveyard"}
        if rng.random() < 0.3:
            zone_change["destroy"] = True
        return {"event": zone_change}
    if roll < 0.8 and len(plain) > 1:  # damage to a creature (Emmara Tandris: "creature tokens you control")
        source, target = rng.sample(plain, 2)
        return {"event": {"type": "damage", "source": source["id"], "target": target["id"],
                          "amount": rng.randint(1, 4), "combat": rng.random() < 0.5}}
    if library.get("Hamlet Vanguard") is None or library.get("Elite Vanguard") is None:
        return event
    # 614.1c: "enters with two +1/+1 counters on it for each other nontoken Human you control": Elite Vanguards
    # (Human Soldiers), cards and tokens, for either player
    for k in range(rng.randint(1, 3)):
        battlefield.append({"card": "Elite Vanguard", "controller": rng.choice(("alice", "alice", "bob")),
                            "id": f"hv{k + 1}", "timestamp": stamp + 10 + k, **({"token": True} if rng.random() < 0.5
                                                                                  else {})})
    hand = board.setdefault("hand", {}).setdefault("alice", [])
    hand.append({"card": "Hamlet Vanguard", "id": "hamlet"})
    return {"event": {"type": "enter", "object": "hamlet", "controller": "alice"}}
