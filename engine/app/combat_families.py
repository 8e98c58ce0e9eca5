"""Adversarial families of combat boards (508.1, 509.1): the wide, token-heavy and rule-heavy boards on which
proving the most requirements a declaration can obey is hard (many interchangeable creatures, many overlapping
requirements). Used by benchmarks/bench_combat_families.py at sizes 10 to 160 and by the oracle property tests at
small sizes (tests/test_combat_oracle.py). Every card is one of the test library's (tests/data/cards) and of the
card database.

>>> board = family_board("block", "wide", 3, 4)
>>> sorted(board["combat"]["attackers"].items())[:2]
[('a0', 'bob'), ('a1', 'bob')]
>>> len([p for p in board["battlefield"] if p["controller"] == "bob"])
4
"""

from __future__ import annotations

import random

# The wide boards: attackers with flying, menace, "must be blocked if able", "can't be blocked by Walls";
# blockers with reach, flying, "can block only creatures with flying", "can block an additional creature".
WIDE_ATTACKERS = ("Serra Angel", "Boggart Brute", "Hill Giant", "Juggernaut", "Bog Imp", "Goblin Fire Fiend")
WIDE_BLOCKERS = ("Giant Spider", "Grizzly Bears", "Hill Giant", "Llanowar Elves", "Pillarfield Ox", "Memnite",
                 "Two-Headed Giant of Foriys", "Cloud Sprite")
MULTI_BLOCKERS = ("Two-Headed Giant of Foriys", "Palace Guard", "Guardian of the Gateless",
                  "Example: 2/2 That Can Block an Additional Creature", "Grizzly Bears")
MENACE_ATTACKERS = ("Boggart Brute", "Boggart Brute", "Goblin Fire Fiend", "Underworld Cerberus", "Challenger Troll")

BLOCK_FAMILIES = ("wide", "all_lure", "menace_must", "identical", "multi_block", "grand_melee", "block_costs")
ATTACK_FAMILIES = ("attacks_each", "cant_alone", "cant_unless", "goad", "attack_costs")


def family_board(side: str, family: str, seed: int, size: int) -> dict:
    """A board of the family: for `block`, `size` attackers of alice attacking bob and `size` creatures of bob;
    for `attack`, `size` creatures of alice (the active player) and the opponents' permanents."""
    rng = random.Random(f"{family}:{seed}:{size}")
    if side == "block":
        return _block(family, rng, size)
    return _attack(family, rng, size)


def _block(family: str, rng: random.Random, n: int) -> dict:
    if family not in BLOCK_FAMILIES:
        raise ValueError(f"unknown block family {family!r}: one of {', '.join(BLOCK_FAMILIES)}")
    bf: list[dict] = []
    effects: list[dict] = []
    attackers = {"menace_must": MENACE_ATTACKERS}.get(family, WIDE_ATTACKERS)
    blockers = MULTI_BLOCKERS if family == "multi_block" else WIDE_BLOCKERS
    lure_share = {"all_lure": 1.0, "identical": 0.2, "menace_must": 0.1}.get(family, 1 / 7)
    for i in range(n):
        if family == "identical":
            card = "Goblin Fire Fiend" if i % 2 else "Hill Giant"
        else:
            card = rng.choice(attackers)
        bf.append({"card": card, "controller": "alice", "id": f"a{i}"})
        if rng.random() < lure_share and not (family == "identical" and card != "Hill Giant"):
            bf.append({"card": "Lure", "controller": "alice", "attached_to": f"a{i}"})
        if family == "menace_must" and card == "Boggart Brute" and rng.random() < 0.5:
            # 509.1c with 702.111b: a creature with menace that must be blocked if able
            effects.append({"from": "Irresistible Prey", "ability": 1, "controller": "alice", "targets": [f"a{i}"]})
    for i in range(n):
        card = "Grizzly Bears" if family == "identical" else rng.choice(blockers)
        bf.append({"card": card, "controller": "bob", "id": f"b{i}"})
        if family == "block_costs" and rng.random() < 0.3:  # 509.1d: a cost to block beside the requirements
            bf.append({"card": "Oppressive Rays", "controller": "alice", "attached_to": f"b{i}"})
    if family == "grand_melee" or (family == "wide" and rng.random() < 0.3):
        bf.append({"card": "Grand Melee", "controller": "alice"})
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": bf,
             "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}}}
    if effects:
        board["effects"] = effects
    return board


ATTACKS_EACH = ("Juggernaut", "Berserkers of Blood Ridge", "Goblin Diplomats", "Grizzly Bears", "Hill Giant")
CANT_ALONE = ("Mogg Flunkies", "Ember Beast", "Example: Creature That Can't Attack Alone", "Orcish Conscripts", "Okk",
              "Juggernaut", "Grizzly Bears")
CANT_UNLESS = ("Example: 3/3 That Can't Attack Unless Defending Player Controls an Island", "Juggernaut",
               "Grizzly Bears", "Serra Angel")


def _attack(family: str, rng: random.Random, n: int) -> dict:
    if family not in ATTACK_FAMILIES:
        raise ValueError(f"unknown attack family {family!r}: one of {', '.join(ATTACK_FAMILIES)}")
    players = ["alice", "bob", "carol"] if family in ("goad", "cant_unless") else ["alice", "bob"]
    pool = {"attacks_each": ATTACKS_EACH, "cant_alone": CANT_ALONE, "cant_unless": CANT_UNLESS,
            "goad": ("Grizzly Bears", "Hill Giant", "Serra Angel", "Juggernaut"),
            "attack_costs": ("Juggernaut", "Berserkers of Blood Ridge", "Grizzly Bears", "Hill Giant")}[family]
    bf = [{"card": rng.choice(pool), "controller": "alice", "id": f"c{i}"} for i in range(n)]
    effects: list[dict] = []
    for k, opponent in enumerate(players[1:]):
        if rng.random() < 0.7:
            bf.append({"card": "Ashiok, Wicked Manipulator", "controller": opponent, "id": f"pw{k}"})
    if family == "cant_unless":
        bf += [{"card": "Island", "controller": "carol", "id": f"island{k}"} for k in range(rng.randint(0, 1))]
    if family == "goad":  # 701.15b: goaded creatures attack each combat, a player other than the goading one if able
        for i in range(n):
            if rng.random() < 0.4:
                effects.append({"from": "Jeering Homunculus", "ability": 1, "controller": rng.choice(players[1:]),
                                "targets": [f"c{i}"], "duration": "until_your_next_turn"})
    if family in ("attack_costs", "attacks_each") and rng.random() < 0.7:  # 508.1g: Propaganda-style costs
        bf.append({"card": rng.choice(("Propaganda", "Ghostly Prison", "Norn's Annex")), "controller": "bob"})
    if family == "attack_costs":
        for i in range(n):
            if rng.random() < 0.2:
                bf.append({"card": "Oppressive Rays", "controller": "bob", "attached_to": f"c{i}"})
    board: dict = {"players": players, "active": "alice", "battlefield": bf}
    if effects:
        board["effects"] = effects
    return board
