"""Random valid boards from the card library, reproducible from a seed.

The hypothesis tests draw seeds and compare each program with its oracle on these boards; the
benchmarks time the programs on them. Same seed, same board.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from bridge.counting import counted_values

from engine.vocab.combat import CombatTrigger
from engine.vocab.selector import Total
from engine.files.library import CardLibrary, slug
from engine.files.effect_source import refers_to_self
from engine.app.generate_replace import random_replace_board  # noqa: F401 (the replace boards: their own module)
from engine.app.generate_choices import with_entering_choices

PLAYER_NAMES = ("alice", "bob", "carol", "dave")


def random_board(seed: int, library: CardLibrary, max_permanents: int = 8, *, players: int | None = None,
                 permanents: int | None = None) -> dict[str, Any]:
    """A valid board file (as a dict): players, permanents with status and counters, Auras attached,
    continuous effects, cards in hidden zones, and sometimes a combat."""
    rng = random.Random(seed)
    n_players = players or rng.choice((2, 2, 2, 3, 4))
    names = list(PLAYER_NAMES[:n_players])
    cards = [c for _, c in library.cards_by_name()]
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
            same = [oid for entry, oid in zip(battlefield, ids) if entry["card"] == card.name]
            if refers_to_self(card.abilities[e.get("ability", 1) - 1]):  # "this creature": its source (issue 22)
                if not same:
                    continue  # (none of its card on the board: the board would be refused)
                e["source"] = rng.choice(same)
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
    with_entering_choices(board.get("battlefield", []), library, seed)  # 614.12 (generate_choices.py)
    return board


CREATURE_TYPE_CHOICES = ("Elf", "Bear", "Goblin", "Zombie", "Saproling", "Merfolk")
COLOR_CHOICES = ("white", "blue", "black", "red", "green")


def _has_continuous(card) -> bool:
    return any(getattr(a, "continuous", None) is not None for a in card.abilities)


def _adds_up_exiled(card) -> bool:
    """Does a value of its effects add up the cards exiled with it (607.2a, Sutured Ghoul)?"""
    return any(isinstance(getattr(op, which, None), Total) and getattr(op, which).of.exiled_with
               for a in card.abilities if getattr(a, "continuous", None) is not None
               for op in a.continuous.do for which in ("power", "toughness"))


def _leads_to(start: str, target: str, attached: dict[str, str]) -> bool:
    """Would attaching to `start` close a loop back to `target` (301.5c, 303.4d)?"""
    seen = set()
    while start in attached and start not in seen:
        seen.add(start)
        start = attached[start]
        if start == target:
            return True
    return False


_POOLS: dict[int, tuple[list, tuple]] = {}  # id(library) -> (its cards_by_name list, the layers generator's pools)


def _layers_pools(library: CardLibrary) -> tuple[list, ...]:
    """The cards random_layers_board draws from, sorted out once per library (while its cards_by_name is the same
    list): permanents with continuous effects, plain permanents, the instants' and sorceries' resolved effects
    (611.2; not a characteristic-defining ability, 604.3: it leaves no board effect), creature cards, nontoken
    cards, and the permanents whose activated or triggered abilities have continuous effects."""
    every = library.cards_by_name()
    memo = _POOLS.get(id(library))
    if memo is None or memo[0] is not every:
        cards = [c for _, c in every]
        layer_perms = [c for c in cards if c and c.is_permanent_card and _has_continuous(c)]
        plain = [c for c in cards if c and c.is_permanent_card and not _has_continuous(c)]
        spells = [c for c in cards if c and not c.token and not c.is_permanent_card
                  and any(getattr(a, "continuous", None) is not None and a.kind in ("spell", "activated", "triggered")
                          for a in c.abilities)]
        creature_cards = [c for c in cards if c and not c.token and "Creature" in c.types]
        non_tokens = [c for c in cards if c and not c.token]
        perm_sources = [c for c in layer_perms if any(a.kind in ("activated", "spell", "triggered")
                                                      and getattr(a, "continuous", None) is not None for a in c.abilities)]
        if len(_POOLS) > 8:
            _POOLS.clear()
        memo = _POOLS[id(library)] = (every, (layer_perms, plain, spells, creature_cards, non_tokens, perm_sources))
    return memo[1]


def random_layers_board(seed: int, library: CardLibrary, max_permanents: int = 8, *, max_effects: int = 3,
                        permanents: int | None = None, effects: int | None = None) -> dict[str, Any]:
    """A valid board for the layer system: a random mix of the library's cards with continuous effects
    and plain permanents (lands, creatures, tokens), random distinct timestamps, counters, choices,
    attachments, and resolved effects from spells and abilities with continuous effects."""
    rng = random.Random(seed)
    names = ["alice", "bob"]
    layer_perms, plain, spells, creature_cards, non_tokens, perm_sources = _layers_pools(library)
    count = permanents if permanents is not None else rng.randint(1, max_permanents)
    stamps = rng.sample(range(1, 4 * (count + max_effects) + 10), count + max_effects + 5)
    battlefield, ids, taken = [], [], {}
    for k in range(count):
        pool = layer_perms if (layer_perms and rng.random() < 0.5) else plain
        card = rng.choice(pool)
        entry: dict[str, Any] = {"card": card.name, "controller": rng.choice(names), "timestamp": stamps[k]}
        if card.token:
            entry["token"] = True
        if rng.random() < 0.25:
            entry["counters"] = {rng.choice(("+1/+1", "-1/-1", "flood", "+1/+1")): rng.randint(1, 2)}
        if rng.random() < 0.05:
            entry["face_down"] = True  # 708.2
        choices = {}
        if "choose a creature type" in card.oracle.lower():
            choices["creature_type"] = rng.choice(CREATURE_TYPE_CHOICES)
        if "choose a color" in card.oracle.lower():
            choices["color"] = rng.choice(COLOR_CHOICES)
        if choices:
            entry["choices"] = choices
        battlefield.append(entry)
        base = slug(card.name)
        taken[base] = taken.get(base, 0) + 1
        ids.append(base if taken[base] == 1 else f"{base}_{taken[base]}")
    attached: dict[str, str] = {}
    for entry, oid in zip(battlefield, ids):
        card = library.get(entry["card"])
        if ("Aura" in card.subtypes or "Equipment" in card.subtypes) and rng.random() < 0.8:
            others = [i for i in ids if i != oid and not _leads_to(i, oid, attached)]
            if others:
                attached[oid] = entry["attached_to"] = rng.choice(others)
    for entry, oid in zip(battlefield, ids):  # "copy" choices name another permanent (Clone)
        if any(getattr(a, "continuous", None) is not None and any(op.op == "copy" and op.of == "choice"
               for op in a.continuous.do) for a in library.get(entry["card"]).abilities):
            others = [i for i in ids if i != oid]
            if others:
                entry.setdefault("choices", {})["copy"] = rng.choice(others)
    for entry, oid in zip(battlefield, ids):  # 614.1c, 707.2: some entered as a copy of another
        if rng.random() < 0.06:
            others = [i for i in ids if i != oid]
            if others:
                entry["copy_of"] = rng.choice(others)
    # (a stream of its own, so that the boards of the other draws stay what they were) tapped permanents
    # (110.5: "untapped creatures you control") and the counters a card's values count ("for each oil counter")
    status = random.Random(seed ^ 0x5EED)
    for entry in battlefield:
        if status.random() < 0.2:
            entry["tapped"] = True
        for kind in _counted_counters(library.get(entry["card"])):
            if status.random() < 0.6:
                entry.setdefault("counters", {})[kind] = status.randint(1, 3)
    board: dict[str, Any] = {"players": names, "battlefield": battlefield}
    exiled = 0
    for entry in battlefield:  # 607.2a: the cards exiled with a linked ability (Sutured Ghoul's "the exiled cards")
        if _adds_up_exiled(library.get(entry["card"])):
            chosen = [f"exiled_{exiled + k + 1}" for k in range(rng.randint(0, 3))]
            exiled += len(chosen)
            pile = board.setdefault("exile", {}).setdefault(entry["controller"], [])
            pile += [{"card": rng.choice(creature_cards).name, "id": x} for x in chosen]
            entry.setdefault("choices", {})["exiled"] = chosen
    n_effects = effects if effects is not None else rng.randint(0, max_effects)
    sources = spells + perm_sources
    if sources and ids and n_effects:
        board["effects"] = _resolved_effects(rng, n_effects, sources, names, ids, battlefield, stamps[count:])
    creatures = [i for e, i in zip(battlefield, ids)
                 if "Creature" in library.get(e["card"]).types and e["controller"] == "alice"]
    if creatures and rng.random() < 0.3:  # alice (active) attacks bob: for the attacking selectors
        attackers = {c: "bob" for c in creatures if rng.random() < 0.5}
        if attackers:
            board["combat"] = {"attackers": attackers}
    if rng.random() < 0.5:
        board["graveyard"] = {p: [rng.choice(non_tokens).name for _ in range(rng.randint(0, 3))]
                              for p in names}
    if rng.random() < 0.3:
        board["hand"] = {p: [rng.choice(non_tokens).name for _ in range(rng.randint(0, 3))]
                         for p in names}
    with_entering_choices(board.get("battlefield", []), library, seed)  # 614.12 (generate_choices.py)
    return board


def _counted_counters(card) -> list[str]:
    """The kinds of counters the values of a card's continuous effects count (122.1)."""
    found = []
    for ab in card.abilities:
        spec = getattr(ab, "continuous", None)
        for op in (spec.do if spec is not None else ()):
            for v in (getattr(op, "power", None), getattr(op, "toughness", None)):
                kind = getattr(v, "counters", None)
                if kind and kind not in found:
                    found.append(kind)
        kind = getattr(getattr(spec, "condition", None), "counters", None)  # "as long as it has three or more ..."
        if kind and kind not in found:
            found.append(kind)
    return found


def _resolved_effects(rng: random.Random, n_effects: int, sources: list, names: list[str], ids: list[str],
                      battlefield: list[dict[str, Any]], stamps: list[int]) -> list[dict[str, Any]]:
    """Resolved effects of spells and abilities (611.2) on the board's permanents, with their timestamps."""
    out = []
    for k in range(n_effects):
        card = rng.choice(sources)
        index = rng.choice([i for i, a in enumerate(card.abilities, 1)
                            if getattr(a, "continuous", None) is not None and a.kind != "static"
                            and a.kind != "characteristic_defining" and a.kind != "replacement"])
        e: dict[str, Any] = {"from": card.name, "controller": rng.choice(names),
                             "targets": [rng.choice(ids)], "timestamp": stamps[k]}
        if len(card.abilities) > 1:
            e["ability"] = index
        spec = card.abilities[index - 1].continuous
        same = [oid for entry, oid in zip(battlefield, ids) if entry["card"] == card.name]
        if (selfish := refers_to_self(card.abilities[index - 1])) and not same:  # "this creature" needs its source
            continue  # (none of its card on the board: the board would be refused, issue 22)
        if same and (selfish or rng.random() < 0.7):  # the permanent whose ability it was ("it gets ...")
            e["source"] = rng.choice(same)
        if any(op.op == "copy" and op.of == "choice" for op in spec.do):
            e["choices"] = {"copy": rng.choice(ids)}
        if any(getattr(op, "chosen", False) for op in spec.do):
            e.setdefault("choices", {}).update(color=rng.choice(COLOR_CHOICES), creature_type=rng.choice(CREATURE_TYPE_CHOICES))
        counted = counted_values(spec)
        if counted and rng.random() < 0.5:  # 611.2d: what it counted as it began
            e.setdefault("choices", {})["counted"] = [rng.randint(0, 4) for _ in counted]
        out.append(e)
    return out


# --- combat boards (508.1, 509.1) ----------------------------------------------------------------

COMBAT_KEYWORDS = ("flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "landwalk", "protection",
                   "menace", "defender", "haste", "flanking")


def _combat_relevant(card) -> bool:
    return any(getattr(a, "combat", None) or isinstance(getattr(a, "trigger", None), CombatTrigger)
               for a in card.abilities) or any(
        a.kind == "keyword" and a.keyword in COMBAT_KEYWORDS for a in card.abilities)


def random_combat_board(seed: int, library: CardLibrary, side: str, *, max_attackers: int = 4,
                        max_blockers: int = 4) -> dict:
    """A two-player board for `attack` or `block`: up to max_attackers creatures of the active player
    and max_blockers of the other, drawn from the library's creatures with combat keywords or rules
    and plain ones, with random tapped and summoning-sick states; some non-creature combat rules
    (Lure on a creature, Propaganda, Silent Arbiter, Grand Melee ...), a planeswalker, basic lands
    (for landwalk); for `block`, a random set of attacks, some of them in bands (702.22c)."""
    rng = random.Random(seed)
    creatures, others = [], []
    every = library.cards_by_name()
    banding = sorted(n for n, c in every if _has_banding(c) and not c.token)
    for name, card in every:
        if card.token or not card.is_permanent_card:
            continue
        relevant = _combat_relevant(card)
        if "Creature" in card.types and (relevant or rng.random() < 0.05):
            creatures.append(name)
        elif "Creature" not in card.types and relevant and "Aura" not in card.subtypes and "Equipment" not in card.subtypes:
            others.append(name)
    creatures.sort()
    others.sort()
    battlefield: list[dict] = []
    ids: dict[str, list[str]] = {"alice": [], "bob": []}
    counts = {"alice": rng.randint(1, max_attackers), "bob": rng.randint(0 if side == "attack" else 1, max_blockers)}
    legends: dict[str, set[str]] = {"alice": set(), "bob": set()}
    for player in ("alice", "bob"):
        for k in range(counts[player]):
            cid = f"{player[0]}{k + 1}"
            pool = banding if (player == "alice" and banding and rng.random() < 0.3) else creatures
            # the legend rule (704.5j) would have left one of two same-named legends: none twice per player
            pool = [c for c in pool if c not in legends[player]] or pool
            entry = {"card": rng.choice(pool), "controller": player, "id": cid}
            if "Legendary" in library.get(entry["card"]).supertypes:
                legends[player].add(entry["card"])
            if rng.random() < 0.15:
                entry["tapped"] = True
            if player == "alice" and rng.random() < 0.15:
                entry["summoning_sick"] = True
            battlefield.append(entry)
            ids[player].append(cid)
    for _ in range(rng.randint(0, 2)):
        battlefield.append({"card": rng.choice(others), "controller": rng.choice(("alice", "bob"))})
    if rng.random() < 0.3:
        target = rng.choice(ids["alice"] + ids["bob"])
        battlefield.append({"card": "Lure", "controller": "alice", "attached_to": target})
    if rng.random() < 0.3:
        battlefield.append({"card": rng.choice(("Swamp", "Island", "Forest", "Mountain", "Plains")), "controller": "bob"})
    planeswalker = rng.random() < 0.25
    if planeswalker:
        battlefield.append({"card": "Ashiok, Wicked Manipulator", "controller": "bob", "id": "pw"})
    board: dict = {"players": ["alice", "bob"], "active": "alice", "battlefield": battlefield}
    if side == "block":
        attacks = {}
        for cid in ids["alice"]:
            if rng.random() < 0.7:
                attacks[cid] = "pw" if planeswalker and rng.random() < 0.3 else "bob"
        if not attacks:
            attacks[ids["alice"][0]] = "bob"
        board["combat"] = {"attackers": attacks}
        bands = _random_bands(rng, attacks, {e["id"]: e["card"] for e in battlefield if "id" in e}, set(banding))
        if bands:
            board["combat"]["bands"] = bands
    with_entering_choices(board.get("battlefield", []), library, seed)  # 614.12 (generate_choices.py)
    return board


def _has_banding(card) -> bool:
    return any(a.kind == "keyword" and a.keyword == "banding" for a in card.abilities)


def _random_bands(rng: random.Random, attacks: dict[str, str], cards: dict[str, str], banding: set[str]) -> list:
    """702.22c-d: for some of the defenders, a band of attackers with banding and at most one without."""
    bands = []
    for defender in sorted(set(attacks.values())):
        mine = sorted(a for a, d in attacks.items() if d == defender)
        with_b = [a for a in mine if cards[a] in banding]
        without = [a for a in mine if cards[a] not in banding]
        if not with_b or rng.random() < 0.3:
            continue
        band = rng.sample(with_b, rng.randint(1, len(with_b))) + rng.sample(without, min(len(without), rng.randint(0, 1)))
        if len(band) >= 2:
            bands.append(sorted(band))
    return bands


# --- replacement boards (614-616): engine/app/generate_replace.py ------------------------------------


# --- declarations ----------------------------------------------------------------------------------

def random_declaration(seed: int, board: dict, side: str) -> dict:
    """A random declaration of attackers or blockers for a board of :func:`random_combat_board`, legal
    or not, as a declaration file holds it: the active player's creatures attacking the opponent or
    the planeswalker, or the defending creatures blocking one or more attackers; some costs paid,
    sometimes bands (702.22c)."""
    rng = random.Random(seed)
    mine = [e["id"] for e in board["battlefield"] if e.get("id") and e["controller"] == "alice" and e["id"] != "pw"]
    theirs = [e["id"] for e in board["battlefield"] if e.get("id") and e["controller"] == "bob" and e["id"] != "pw"]
    if side == "attack":
        targets = ["bob"] + (["pw"] if any(e.get("id") == "pw" for e in board["battlefield"]) else [])
        body = {c: rng.choice(targets) for c in mine if rng.random() < 0.6}
        decl: dict = {"attack": body}
        if len(body) >= 2 and rng.random() < 0.15:
            decl["bands"] = [sorted(rng.sample(sorted(body), 2))]
    else:
        attackers = sorted(board["combat"]["attackers"])
        body = {}
        for b in theirs:
            if rng.random() < 0.6:
                chosen = sorted(a for a in attackers if rng.random() < 0.5) or [rng.choice(attackers)]
                body[b] = chosen[0] if len(chosen) == 1 else chosen
        decl = {"block": body}
    pay = sorted(c for c in body if rng.random() < 0.15)
    if pay:
        decl["pay"] = pay
    return decl


def paid_where_due(decl: dict, board: dict, side: str, library: CardLibrary) -> dict:
    """A declaration of :func:`random_declaration` with its ``pay`` cut to the creatures that attack (block) under
    a cost (508.1g, 509.1d): a ``pay`` naming any other is bad input (engine/files/declaration.py
    refuse_nothing_to_pay). Which creatures are under a cost is the combat program's answer (its violation
    ``nothing_to_pay``, bridge/combat.py ``check``) on the board: nothing here decides a cost."""
    if not decl.get("pay"):
        return decl
    from bridge import SolverConfig
    from bridge.combat import build_problem, check

    from engine.files.declaration import declaration_from_data
    from engine.files.loader import board_from_data

    config = SolverConfig(time_limit=60.0)
    state = board_from_data(copy.deepcopy(board), library, "board")
    verdict = check(build_problem(state, config=config), declaration_from_data(decl, side, state), config)
    if verdict.timed_out:
        raise RuntimeError("the combat program hit its time limit (60 s) on a generated board: its costs are unknown")
    free = {v.objects[0] for v in verdict.violations if v.code == "nothing_to_pay" and v.objects}
    out = {k: v for k, v in decl.items() if k != "pay"}
    if any(c not in free for c in decl["pay"]):
        out["pay"] = [c for c in decl["pay"] if c not in free]
    return out


def case_seed(seed: int, i: int) -> int:
    """The generator seed of case i of a corpus made with `seed`: 32 bits, as the hypothesis tests draw them."""
    import hashlib

    return int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest()[:4], "big")


def generate_cases(kind: str, count: int, seed: int, library: CardLibrary, max_permanents: int | None = None,
                   max_effects: int | None = None):
    """Cases `{id, query, seed, board, declaration?, event?}` for `mtgjudge generate`, from the generators
    above: `layers` (random_layers_board, with at most ``max_effects`` resolved effects), `combat` (random_combat_board, attack or block; three cases in
    four with a declaration to check, from random_declaration), `replacement` (random_replace_board).
    Same arguments, same cases."""
    for i in range(count):
        s = case_seed(seed, i)
        case: dict[str, Any] = {"id": f"{kind}-{seed}-{i + 1}"}
        if kind == "layers":
            board = random_layers_board(s, library, *(() if max_permanents is None else (max_permanents,)),
                                        **({} if max_effects is None else {"max_effects": max_effects}))
            case.update(query="layers", seed=s, board=board)
        elif kind == "combat":
            side = "attack" if s & 1 else "block"
            sizes = {} if max_permanents is None else {"max_attackers": max(1, (max_permanents + 1) // 2),
                                                       "max_blockers": max(1, max_permanents // 2)}
            board = random_combat_board(s, library, side, **sizes)
            case.update(query=side, seed=s, board=board)
            if (s >> 1) & 3:  # pay only where a cost is due (508.1g, 509.1d): the program says where
                case["declaration"] = paid_where_due(random_declaration(s, board, side), board, side, library)
        elif kind == "replacement":
            board, events = (random_replace_board(s, library, max_effects=max_permanents) if max_permanents is not None
                             else random_replace_board(s, library))
            case.update(query="replace", seed=s, board=board,
                        event=events["event"] if "event" in events else events["events"])
        else:
            raise ValueError(kind)
        yield case
