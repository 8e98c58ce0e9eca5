"""Random valid boards from the card library, reproducible from a seed.

The hypothesis tests draw seeds and compare each program with its oracle on these boards; the
benchmarks time the programs on them. Same seed, same board.
"""

from __future__ import annotations

import random
from typing import Any

from .library import CardLibrary, slug

PLAYER_NAMES = ("alice", "bob", "carol", "dave")


def random_board(seed: int, library: CardLibrary, max_permanents: int = 8, *, players: int | None = None,
                 permanents: int | None = None) -> dict[str, Any]:
    """A valid board file (as a dict): players, permanents with status and counters, Auras attached,
    continuous effects, cards in hidden zones, and sometimes a combat."""
    rng = random.Random(seed)
    n_players = players or rng.choice((2, 2, 2, 3, 4))
    names = list(PLAYER_NAMES[:n_players])
    cards = [library.get(n) for n in library.names()]
    permanent_cards = [c for c in cards if c and c.is_permanent_card]
    non_tokens = [c for c in cards if c and not c.token]
    with_abilities = [c for c in non_tokens if c.abilities]

    board: dict[str, Any] = {"players": names, "active": rng.choice(names)}
    if rng.random() < 0.3:
        board["life"] = {p: rng.randint(1, 40) for p in names}
    battlefield = []
    taken: dict[str, int] = {}
    ids = []
    count = permanents if permanents is not None else rng.randint(0, max_permanents)
    for _ in range(count):
        card = rng.choice(permanent_cards)
        entry: dict[str, Any] = {"card": card.name, "controller": rng.choice(names)}
        if card.token:
            entry["token"] = True
        if rng.random() < 0.3:
            entry["tapped"] = True
        if rng.random() < 0.2:
            entry["summoning_sick"] = True
        if rng.random() < 0.2:
            entry["counters"] = {rng.choice(("+1/+1", "-1/-1", "charge")): rng.randint(1, 3)}
        if rng.random() < 0.1 and "Creature" in card.types:
            entry["damage"] = rng.randint(1, 3)
        battlefield.append(entry)
        base = slug(card.name)
        taken[base] = taken.get(base, 0) + 1
        ids.append(base if taken[base] == 1 else f"{base}_{taken[base]}")
    creatures = [i for i, e in zip(ids, battlefield) if "Creature" in library.get(e["card"]).types]
    for entry in battlefield:
        card = library.get(entry["card"])
        if "Aura" in card.subtypes and creatures and rng.random() < 0.8:
            entry["attached_to"] = rng.choice(creatures)
    board["battlefield"] = battlefield
    if with_abilities and battlefield and rng.random() < 0.5:
        effects = []
        for _ in range(rng.randint(1, 3)):
            card = rng.choice(with_abilities)
            e: dict[str, Any] = {"from": card.name, "controller": rng.choice(names)}
            if len(card.abilities) > 1:
                e["ability"] = rng.randint(1, len(card.abilities))
            if rng.random() < 0.7:
                e["targets"] = [rng.choice(ids)]
            effects.append(e)
        board["effects"] = effects
    for zone in ("hand", "graveyard", "library"):
        if rng.random() < 0.5:
            board[zone] = {p: [rng.choice(non_tokens).name for _ in range(rng.randint(0, 3))] for p in names}
    if creatures and rng.random() < 0.5:
        active = board["active"]
        mine = [i for i, e in zip(ids, battlefield) if i in creatures and e["controller"] == active]
        walkers = [(i, e["controller"]) for i, e in zip(ids, battlefield)
                   if "Planeswalker" in library.get(e["card"]).types and e["controller"] != active]
        targets = [p for p in names if p != active] + [w for w, _ in walkers]
        attackers = {a: rng.choice(targets) for a in mine if rng.random() < 0.7}
        if attackers:
            combat: dict[str, Any] = {"attackers": attackers}
            theirs = [i for i, e in zip(ids, battlefield) if i in creatures and e["controller"] != active]
            blockers = {b: rng.choice(sorted(attackers)) for b in theirs if rng.random() < 0.5}
            if blockers:
                combat["blockers"] = blockers
            board["combat"] = combat
    return board
