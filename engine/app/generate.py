"""Random valid boards from the card library, reproducible from a seed.

The hypothesis tests draw seeds and compare each program with its oracle on these boards; the
benchmarks time the programs on them. Same seed, same board.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bridge.counting import counted_values

from engine.vocab.combat import CombatTrigger
from engine.vocab.selector import Total
from engine.files.library import CardLibrary, slug
from engine.files.effect_source import refers_to_self

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


def random_layers_board(seed: int, library: CardLibrary, max_permanents: int = 8, *, max_effects: int = 3,
                        permanents: int | None = None, effects: int | None = None) -> dict[str, Any]:
    """A valid board for the layer system: a random mix of the library's cards with continuous effects
    and plain permanents (lands, creatures, tokens), random distinct timestamps, counters, choices,
    attachments, and resolved effects from spells and abilities with continuous effects."""
    rng = random.Random(seed)
    names = ["alice", "bob"]
    cards = [library.get(n) for n in library.names()]
    layer_perms = [c for c in cards if c and c.is_permanent_card and _has_continuous(c)]
    plain = [c for c in cards if c and c.is_permanent_card and not _has_continuous(c)]
    # an instant's or a sorcery's effect that resolves (611.2), not its characteristic-defining ability
    # ("~ is colorless", 604.3): only the former leaves a board effect
    spells = [c for c in cards if c and not c.token and not c.is_permanent_card
              and any(getattr(a, "continuous", None) is not None and a.kind in ("spell", "activated", "triggered")
                      for a in c.abilities)]
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
    creature_cards = [c for c in cards if c and not c.token and "Creature" in c.types]
    exiled = 0
    for entry in battlefield:  # 607.2a: the cards exiled with a linked ability (Sutured Ghoul's "the exiled cards")
        if _adds_up_exiled(library.get(entry["card"])):
            chosen = [f"exiled_{exiled + k + 1}" for k in range(rng.randint(0, 3))]
            exiled += len(chosen)
            pile = board.setdefault("exile", {}).setdefault(entry["controller"], [])
            pile += [{"card": rng.choice(creature_cards).name, "id": x} for x in chosen]
            entry.setdefault("choices", {})["exiled"] = chosen
    n_effects = effects if effects is not None else rng.randint(0, max_effects)
    sources = spells + [c for c in layer_perms if any(
        a.kind in ("activated", "spell", "triggered") and getattr(a, "continuous", None) is not None for a in c.abilities)]
    if sources and ids and n_effects:
        board["effects"] = _resolved_effects(rng, n_effects, sources, names, ids, battlefield, stamps[count:])
    creatures = [i for e, i in zip(battlefield, ids)
                 if "Creature" in library.get(e["card"]).types and e["controller"] == "alice"]
    if creatures and rng.random() < 0.3:  # alice (active) attacks bob: for the attacking selectors
        attackers = {c: "bob" for c in creatures if rng.random() < 0.5}
        if attackers:
            board["combat"] = {"attackers": attackers}
    if rng.random() < 0.5:
        board["graveyard"] = {p: [rng.choice([c for c in cards if c and not c.token]).name for _ in range(rng.randint(0, 3))]
                              for p in names}
    if rng.random() < 0.3:
        board["hand"] = {p: [rng.choice([c for c in cards if c and not c.token]).name for _ in range(rng.randint(0, 3))]
                         for p in names}
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
    banding = sorted(n for n in library.names() if _has_banding(library.get(n)) and not library.get(n).token)
    for name in library.names():
        card = library.get(name)
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


# --- replacement boards (614-616) ------------------------------------------------------------------

def random_replace_board(seed: int, library: CardLibrary, *, max_effects: int = 5) -> tuple[dict, dict]:
    """A two-player board with up to max_effects permanents that have replacement or prevention
    effects (and plain creatures), maybe a resolved Fog or a damage shield; and one event about to
    happen (damage, counters, tokens, a creature dying, draws, life), naming the board's objects."""
    rng = random.Random(seed)
    board, event = _replace_board(rng, library, max_effects)
    changer = any(e["card"] in CHANGERS for e in board["battlefield"])
    if changer and rng.random() < 0.4:  # 613.7: the timestamps in any order (Humility before or after Jund's effect)
        stamped = board["battlefield"] + board.get("effects", [])
        stamps = list(range(1, len(stamped) + 1))
        rng.shuffle(stamps)
        for entry, t in zip(stamped, stamps):
            entry["timestamp"] = t
    return board, event


# 614.12: continuous effects that would apply to a permanent entering: its own "enters" abilities lost
# (Humility, Blood Sun; Yixlid Jailer's cards in graveyards have them back on the battlefield), or the
# permanent made a creature (Living Lands, Kormus Bell, March of the Machines, Opalescence)
CHANGERS = ("Humility", "Blood Sun", "Yixlid Jailer", "Living Lands", "Kormus Bell", "March of the Machines", "Opalescence")


@dataclass
class _ReplaceDraw:
    """A replacement board as it is drawn, part by part: the board, its battlefield (the board's own list),
    the ids of the creatures an event may name, and what the later parts draw the event around."""

    board: dict
    battlefield: list
    ids: list[str]
    effects: list = field(default_factory=list)
    devourer: bool = False  # a Thunder-Thrash Elder in hand (702.82a)
    faith: str | None = None  # the creature a Test of Faith shields (615.5)
    shielded: str | None = None  # a creature whose damage is redirected (614.9)
    forced: tuple[str, str] | None = None  # Forcefield's creature and its controller (615.1)
    emblem: list[str] | None = None  # the player and planeswalker Ajani's emblem protects (615.1)
    specimens: bool = False  # Gather Specimens (616.1b)
    changer: bool = False  # a CHANGERS card (614.12)


def _replace_board(rng: random.Random, library: CardLibrary, max_effects: int) -> tuple[dict, dict]:
    draw = _replace_permanents(rng, library, max_effects)
    _replace_zones(rng, draw)
    _devour_effects(rng, draw)
    _damage_shields(rng, draw)
    _entering_effects(rng, library, draw)
    if draw.effects:
        draw.board["effects"] = draw.effects
    kind, player = _replace_event_kind(rng, library, draw)
    if kind == "damage":
        return draw.board, _damage_event(rng, draw)
    if kind == "counters":
        return draw.board, _counters_event(rng, draw)
    if kind == "token":
        return draw.board, _token_event(rng, draw, player)
    if kind == "zone_change":
        return draw.board, _zone_change_event(rng, draw)
    if kind == "enter":
        return draw.board, _enter_event(rng, draw)
    return draw.board, _player_event(rng, draw, kind, player)


def _replace_permanents(rng: random.Random, library: CardLibrary, max_effects: int) -> _ReplaceDraw:
    """Permanents with replacement or prevention effects, then one to three plain creatures c1, c2, c3."""
    standing = sorted(n for n in library.names() if (c := library.get(n)).is_permanent_card and not c.token and any(
        getattr(a, "replacement", None) is not None and a.kind in ("replacement", "prevention", "static")
        for a in c.abilities))
    creatures = ("Grizzly Bears", "Hill Giant", "Raging Goblin", "Serra Angel", "Devout Chaplain", "Silvercoat Lion",
                 "Stormwild Capridor", "Phyrexian Hydra")  # (615.5: counters for the damage they prevent)
    battlefield = []
    for _ in range(rng.randint(1, max_effects)):
        entry = {"card": rng.choice(standing), "controller": rng.choice(("alice", "bob"))}
        if "choose a creature type" in library.get(entry["card"]).oracle.lower():  # Metallic Mimic
            entry["choices"] = {"creature_type": rng.choice(("Bear", "Human", "Elf", "Avatar"))}
        battlefield.append(entry)
    ids = []
    for k in range(rng.randint(1, 3)):
        cid = f"c{k + 1}"
        battlefield.append({"card": rng.choice(creatures), "controller": rng.choice(("alice", "bob")), "id": cid})
        ids.append(cid)
    board: dict = {"players": ["alice", "bob"], "battlefield": battlefield,
                   # cards that may enter (614.1c, 614.12): some enter tapped themselves
                   "hand": {"alice": [rng.choice(("Scarwood Treefolk", "Rusted Sentinel", "Grizzly Bears", "Elite Vanguard",
                                                  "Orb of Dreams", "Hangarback Walker", "Voice of All", "Sutured Ghoul",
                                                  "Polukranos, Unchained", "Thunder-Thrash Elder", "Thunder-Thrash Elder",
                                                  "Breeding Pool", "Phantom Nishoba", "Forbidding Watchtower", "Forest",
                                                  "Swamp", "Chandra, Fire Artisan", "Clone", "Clone"))]}}
    return _ReplaceDraw(board, battlefield, ids)


def _replace_zones(rng: random.Random, draw: _ReplaceDraw) -> None:
    """The cards in libraries and graveyards that the effects and the card in hand read."""
    board, battlefield = draw.board, draw.battlefield
    if rng.random() < 0.3:  # a card in a library: "while your library has no cards in it" (Laboratory Maniac)
        board["library"] = {rng.choice(("alice", "bob")): ["Island"]}
    if rng.random() < 0.3:  # cards in a library: "while your library has at least that many cards" (Ashiok)
        board["library"] = {rng.choice(("alice", "bob")): rng.sample(["Island", "Forest", "Swamp"], rng.randint(0, 3))}
    if board["hand"]["alice"][0] == "Breeding Pool":
        if rng.random() < 0.6:  # Ashiok on the life paid as it enters (E63)
            battlefield.insert(0, {"card": "Ashiok, Wicked Manipulator", "controller": "alice"})
        if rng.random() < 0.3:
            board["life"] = {"alice": rng.randint(1, 3)}  # 119.4: 2 life can be paid from 2 life on, not 1
        if rng.random() < 0.5:  # played from the top of the library (614.13c, E63)
            board["hand"] = {}
            board["library"] = {"alice": ["Breeding Pool"] + rng.sample(["Island", "Forest", "Swamp"], rng.randint(0, 3))}
    if board["hand"].get("alice", [""])[0] == "Sutured Ghoul":  # cards its "as enters" choice may take (614.13a)
        board["graveyard"] = {"alice": rng.sample(["Runeclaw Bear", "Raging Goblin", "Forest"], rng.randint(0, 3))}


def _devour_effects(rng: random.Random, draw: _ReplaceDraw) -> None:
    """With a Thunder-Thrash Elder in hand: maybe a second one, the effects on where the creatures it devours
    go, and Jund's 'it gains devour 5'."""
    board = draw.board
    draw.devourer = devourer = board["hand"].get("alice", [None])[0] == "Thunder-Thrash Elder"
    if devourer and rng.random() < 0.4:  # two devourers entering at once (614.13b: a creature sacrificed once)
        board["hand"]["alice"].append("Thunder-Thrash Elder")
    if devourer and rng.random() < 0.5:  # 702.82a: the creatures sacrificed go to a graveyard, which these replace
        for card in rng.sample(("Rest in Peace", "Kalitas, Traitor of Ghet", "Leyline of the Void"), rng.randint(1, 2)):
            draw.battlefield.insert(0, {"card": card, "controller": rng.choice(("alice", "bob"))})
    if devourer and rng.random() < 0.6:  # Jund's "it gains devour 5" (E62), on one of them
        draw.effects.append({"from": "Jund", "ability": 1, "controller": "alice",
                             "targets": [rng.choice(("thunder_thrash_elder", "thunder_thrash_elder_2")[:len(board["hand"]["alice"])])]})


def _damage_shields(rng: random.Random, draw: _ReplaceDraw) -> None:
    """Resolved prevention and redirection effects (615, 614.9) and a regeneration shield (614.8)."""
    battlefield, ids, effects = draw.battlefield, draw.ids, draw.effects
    if rng.random() < 0.2:
        effects.append({"from": "Fog", "controller": rng.choice(("alice", "bob"))})
    if rng.random() < 0.3:
        effects.append({"from": "Healing Salve", "ability": 3, "controller": "alice",
                        "targets": [rng.choice(ids + ["alice", "bob"])], "remaining": rng.randint(0, 4)})
    if rng.random() < 0.25:  # 615.5: "for each 1 damage prevented this way, put a +1/+1 counter on that creature"
        shield = {"from": "Test of Faith", "controller": rng.choice(("alice", "bob")), "targets": [rng.choice(ids)]}
        if rng.random() < 0.5:
            shield["remaining"] = rng.randint(0, 4)  # else the 3 it starts with (the card's n)
        effects.append(shield)
        draw.faith = shield["targets"][0]
    if rng.random() < 0.15:  # a redirection to a target (614.9, Glarecaster)
        battlefield.append({"card": "Glarecaster", "controller": "alice", "id": "glare"})
        ids.append("glare")
        effects.append({"from": "Glarecaster", "ability": 2, "controller": "alice", "source": "glare",
                        "targets": [rng.choice(["bob", ids[0]])]})
    if rng.random() < 0.2 and len(ids) >= 2:  # part of the damage redirected (614.9, Razia: "the next 3 damage")
        draw.shielded, other = rng.sample(ids, 2)
        battlefield.append({"card": "Razia, Boros Archangel", "controller": "alice", "id": "razia"})
        ids.append("razia")
        effects.append({"from": "Razia, Boros Archangel", "ability": 4, "controller": "alice", "source": "razia",
                        "targets": [draw.shielded, other], "remaining": rng.randint(0, 4)})
    if rng.random() < 0.15:  # the next 1 damage to the source redirected (614.9, Spirit en-Kor: "this creature")
        battlefield.append({"card": "Spirit en-Kor", "controller": "alice", "id": "kor"})
        effect = {"from": "Spirit en-Kor", "ability": 2, "controller": "alice", "source": "kor", "targets": [rng.choice(ids)]}
        if rng.random() < 0.5:
            effect["remaining"] = rng.randint(0, 2)  # else the 1 it starts with (the card's n)
        _maybe_inferred(rng, effect, battlefield)
        effects.append(effect)
        ids.append("kor")
        draw.shielded = draw.shielded or "kor"
    _all_but_one(rng, draw)
    if rng.random() < 0.25:  # a regeneration shield (614.8) on a creature of the board
        battlefield.append({"card": "Drudge Skeletons", "controller": "bob", "id": "skel"})
        ids.append("skel")
        effects.append(_maybe_inferred(rng, {"from": "Drudge Skeletons", "controller": "bob", "source": "skel"}, battlefield))


def _maybe_inferred(rng: random.Random, effect: dict[str, Any], battlefield: list) -> dict[str, Any]:
    """Half the time no `source` for "this creature" when its card's one permanent is there (effect_source.py)."""
    return {k: v for k, v in effect.items() if k != "source"} if sum(
        e["card"] == effect["from"] for e in battlefield) == 1 and rng.random() < 0.5 else effect


def _all_but_one(rng: random.Random, draw: _ReplaceDraw) -> None:
    """'Prevent all but 1 of that damage' (615.1): Forcefield, or Ajani Steadfast's emblem."""
    if rng.random() < 0.2:
        who = rng.choice(("alice", "bob"))
        if rng.random() < 0.5:  # Forcefield: the next combat damage of the creature chosen to its controller
            draw.forced = (rng.choice(draw.ids), who)
            draw.effects.append({"from": "Forcefield", "controller": who, "targets": [draw.forced[0]]})
        else:  # Ajani Steadfast's emblem (114): damage to its owner or a planeswalker they control
            draw.effects.append({"from": "Ajani Steadfast", "ability": 3, "controller": who, "duration": "indefinite"})
            draw.emblem = [who]
            if rng.random() < 0.6:
                draw.battlefield.append({"card": "Ajani Steadfast", "controller": rng.choice((who, who, "alice", "bob")),
                                         "id": "ajani"})
                draw.ids.append("ajani")
                draw.emblem.append("ajani")


def _entering_effects(rng: random.Random, library: CardLibrary, draw: _ReplaceDraw) -> None:
    """The effects on a permanent entering: under whose control (616.1b), transformed (616.1d), and the
    continuous effects that would apply to it (614.12)."""
    battlefield, board = draw.battlefield, draw.board
    draw.specimens = rng.random() < 0.2
    if draw.specimens:  # 616.1b: "it enters under your control instead" (Gather Specimens), maybe each player's
        for who in rng.sample(("alice", "bob"), rng.randint(1, 2)):
            draw.effects.append({"from": "Gather Specimens", "controller": who})
        if rng.random() < 0.6:  # a copy effect that depends on who it enters under (616.1b before 616.1c)
            battlefield.insert(0, {"card": "Essence of the Wild", "controller": rng.choice(("alice", "bob"))})
    transform = "Example: Creatures You Control Enter Transformed"  # 616.1d (tests/data/cards: no printed card)
    if transform in library.names() and rng.random() < 0.15:
        battlefield.insert(0, {"card": transform, "controller": rng.choice(("alice", "bob"))})
    draw.changer = rng.random() < 0.3  # 614.12 (CHANGERS)
    if draw.changer:
        for card in rng.sample(CHANGERS, rng.randint(1, 2)):
            battlefield.insert(rng.randint(0, 1), {"card": card, "controller": rng.choice(("alice", "bob"))})
        if rng.random() < 0.3 and board["hand"].get("alice"):  # entering from a graveyard (E59)
            yard = board.setdefault("graveyard", {})
            yard["alice"] = board["hand"].pop("alice") + yard.get("alice", [])


def _replace_event_kind(rng: random.Random, library: CardLibrary, draw: _ReplaceDraw) -> tuple[str, str]:
    """The kind of event, mostly one the board's effects replace, and the player it is about; the chosen
    player's creatures come first in the ids the event draws from."""
    battlefield, effects = draw.battlefield, draw.effects
    present = sorted({a.replacement.event for e in battlefield for a in library.get(e["card"]).abilities
                      if getattr(a, "replacement", None) is not None} | ({"damage"} if effects else set()))
    kinds = ("damage", "counters", "token", "zone_change", "draw", "life_gain", "enter", "pay_life")
    kind = rng.choice([k for k in present if k in kinds] or list(kinds)) if rng.random() < 0.85 else rng.choice(kinds)
    if draw.faith is not None and rng.random() < 0.5:
        kind = "damage"  # damage the shield may prevent (615.5)
    if (draw.forced or draw.emblem) and rng.random() < 0.6:
        kind = "damage"  # damage all but 1 of which may be prevented (615.1)
    if (draw.devourer and rng.random() < 0.5) or (draw.specimens and rng.random() < 0.7) or (
            draw.changer and rng.random() < 0.6):
        kind = "enter"  # devour (702.82a) acts as the Elder enters
    # Often the player whose effects are on the board: "you" in their conditions.
    owners = [e["controller"] for e in battlefield[:-len(draw.ids)]] or ["alice"]
    player = rng.choice(owners) if rng.random() < 0.7 else rng.choice(("alice", "bob"))
    mine = [e["id"] for e in battlefield if e.get("id") in draw.ids and e["controller"] == player]
    if mine and rng.random() < 0.6:
        draw.ids = mine + draw.ids  # weigh the chosen player's creatures
    return kind, player


def _damage_event(rng: random.Random, draw: _ReplaceDraw) -> dict:
    """Damage, often to what a shield protects; maybe dealt by a spell on the stack, or two simultaneous."""
    ids = draw.ids
    event = {"type": "damage", "source": rng.choice(ids), "target": rng.choice(ids + ["alice", "bob"]),
             "amount": rng.randint(0, 5), "combat": rng.random() < 0.5}
    if draw.faith is not None and rng.random() < 0.6:
        event["target"] = draw.faith
    if draw.shielded is not None and rng.random() < 0.6:
        event["target"] = draw.shielded
    if draw.forced is not None and rng.random() < 0.7:
        event.update(source=draw.forced[0], target=draw.forced[1], combat=rng.random() < 0.8)
    if draw.emblem is not None and rng.random() < 0.6:
        event["target"] = rng.choice(draw.emblem)
    if rng.random() < 0.15:  # a spell dealing the damage from the stack (Banefire: unpreventable at X >= 5)
        x = rng.randint(3, 6)
        draw.board["stack"] = [{"card": "Banefire", "controller": "alice", "id": "bane", "targets": [event["target"]],
                                "choices": {"x": x}}]
        event.update(source="bane", amount=x, combat=False)
    if rng.random() < 0.3:  # simultaneous damage (616.2): a shield may be divided among them (615.7)
        other = dict(event, source=rng.choice(ids), amount=rng.randint(1, 4))
        if rng.random() < 0.5:
            other["target"] = rng.choice(ids + ["alice", "bob"])
        return {"events": [event, other]}
    return {"event": event}


def _counters_event(rng: random.Random, draw: _ReplaceDraw) -> dict:
    """Counters put on a creature, or on a player (122.1)."""
    event = {"type": "counters", "object": rng.choice(draw.ids), "kind": rng.choice(("+1/+1", "+1/+1", "charge", "-1/-1")),
             "amount": rng.randint(1, 3)}
    if rng.random() < 0.25:  # 122.1: counters on a player
        event.update(object=rng.choice(("alice", "bob")), kind=rng.choice(("poison", "poison", "energy")))
    if rng.random() < 0.5:
        event["by"] = rng.choice(("alice", "bob"))  # who puts them (Vorinclex)
    return {"event": event}


def _token_event(rng: random.Random, draw: _ReplaceDraw, player: str) -> dict:
    """Tokens created, maybe with Academy Manufactor and a doubler."""
    event = {"type": "token", "controller": player, "token": rng.choice(("Soldier", "Treasure", "Clue", "Food")),
             "amount": rng.randint(1, 3)}
    if rng.random() < 0.4:  # "instead create one of each" (614.1a), maybe with a doubler: once each (614.5)
        draw.battlefield.insert(0, {"card": rng.choice(("Academy Manufactor", "Parallel Lives")), "controller": player})
        draw.battlefield.insert(0, {"card": "Academy Manufactor", "controller": rng.choice((player, player, "alice", "bob"))})
    return {"event": event}


def _zone_change_event(rng: random.Random, draw: _ReplaceDraw) -> dict:
    """A creature going to the graveyard, maybe destroyed (701.8); or a spell card leaving the stack."""
    board = draw.board
    target = "skel" if "skel" in draw.ids and rng.random() < 0.5 else rng.choice(draw.ids)
    event = {"type": "zone_change", "object": target, "from": "battlefield", "to": "graveyard"}
    if rng.random() < 0.6:  # a destruction (701.8), which a regeneration shield may replace
        event["destroy"] = True
        if rng.random() < 0.25:
            event["regenerate"] = False
    if rng.random() < 0.3:  # a spell card leaving the stack: "instead of into your graveyard as it resolves" (Soulfire)
        who = rng.choice(("alice", "bob"))
        board["stack"] = [{"card": "Lightning Bolt", "controller": who, "id": "bolt", "targets": [rng.choice(("alice", "bob"))]}]
        if rng.random() < 0.7:  # the board effect of Soulfire Grand Master's ability 3, naming that next spell
            draw.battlefield.append({"card": "Soulfire Grand Master", "controller": who, "id": "soulfire"})
            board["effects"] = board.get("effects", []) + [
                {"from": "Soulfire Grand Master", "ability": 3, "controller": who, "source": "soulfire", "targets": ["bolt"]}]
        event = {"type": "zone_change", "object": "bolt", "from": "stack", "to": "graveyard"}
        if rng.random() < 0.6:  # as it resolves (608.2n), not countered
            event["resolves"] = True
    return {"event": event}


def _enter_event(rng: random.Random, draw: _ReplaceDraw) -> dict:
    """The card in hand (or graveyard) entering, with the effects on how it enters; two Elders at once."""
    board, battlefield = draw.board, draw.battlefield
    card = (board["hand"].get("alice") or board.get("graveyard", {}).get("alice") or ["Breeding Pool"])[0]
    base = slug(card)
    # the loader's default ids: the name, then _2, _3 ... in board order, battlefield first (board-format.md)
    same = sum(1 for e in battlefield if "id" not in e and slug(e["card"]) == base)
    entering = base if same == 0 else f"{base}_{same + 1}"
    # mostly under its owner's control; else under the opponent's ("under an opponent's control", 616.1b)
    event = {"type": "enter", "object": entering, "controller": "bob" if rng.random() < 0.3 else "alice",
             "tapped": rng.random() < 0.2, "counters": {"+1/+1": rng.randint(1, 2)} if rng.random() < 0.3 else {}}
    if rng.random() < 0.2:  # other kinds: a -1/-1 counter (persist), a charge counter, loyalty (122.6)
        event["counters"] = dict(event["counters"], **{rng.choice(("-1/-1", "charge", "loyalty")): rng.randint(1, 3)})
    readers = _enter_effects(rng, battlefield)
    if base == "polukranos_unchained" and rng.random() < 0.5:
        event["escaped"] = True  # 702.138c: it escapes with more counters
    if base == "hangarback_walker":
        event["x"] = rng.randint(0, 3)  # 107.3m: enters with X +1/+1 counters
    if len(board["hand"].get("alice", [])) < 2 and rng.random() < 0.25:
        # a card of the library as a new object, not one of the board (its own "enters" abilities, 614.12)
        # (the card is the last of the readers drawn, when there are some: the generator has always drawn it so,
        # and a seed gives the same board)
        event = {"type": "enter", "card": readers[-1] if readers else card,
                 **{k: v for k, v in event.items() if k not in ("type", "object")}}
    if "object" in event and not board["hand"].get("alice") and rng.random() < 0.4:
        # returned from the graveyard by Vigor Mortis: "if {G} was spent to cast this spell, that creature
        # enters with an additional +1/+1 counter on it" (614.1c, 614.15), maybe cast without {G}
        board["stack"] = [{"card": "Vigor Mortis", "controller": "alice", "id": "vm", "targets": [entering],
                           "choices": {"mana_spent": rng.choice(("{2}{B}{G}", "{1}{B}{B}{G}", "{2}{B}{B}"))}}]
    if len(board["hand"].get("alice", [])) == 2:  # the second Elder enters at the same time (616.2, 614.13a-b)
        return {"events": [event, dict(event, object=f"{base}_2", tapped=False, counters={})]}
    return {"event": event}


def _enter_effects(rng: random.Random, battlefield: list) -> list[str]:
    """Permanents whose effects apply as a permanent enters: 'can't enter', 'counters can't be put' (614.17d),
    and the effects that read it after it enters as a copy (616.1c); the cards of these readers."""
    readers: list[str] = []
    if rng.random() < 0.1:  # 614.17d: "lands can't enter the battlefield" (Worms of the Earth), as it would enter
        battlefield.insert(0, {"card": "Worms of the Earth", "controller": rng.choice(("alice", "bob"))})
    if rng.random() < 0.25:  # 614.17d: "counters can't be put on ..." (Solemnity; Melira: -1/-1, creatures you control)
        battlefield.insert(0, {"card": rng.choice(("Solemnity", "Melira, Sylvok Outcast")),
                               "controller": rng.choice(("alice", "bob"))})
    if rng.random() < 0.3:  # 616.1c: entering as a copy of Essence of the Wild (an Avatar), the effects after it
        # read the copy: Grumgully's "non-Human", Metallic Mimic's chosen type (an Elite Vanguard is a Human)
        battlefield.insert(0, {"card": "Essence of the Wild", "controller": rng.choice(("alice", "alice", "bob"))})
        for card in rng.sample(("Grumgully, the Generous", "Metallic Mimic", "Metallic Mimic", "Hardened Scales"),
                               rng.randint(1, 2)):
            entry = {"card": card, "controller": rng.choice(("alice", "alice", "bob"))}
            if card == "Metallic Mimic":
                entry["choices"] = {"creature_type": rng.choice(("Avatar", "Avatar", "Human", "Soldier"))}
            battlefield.insert(0, entry)
            readers.append(card)
    return readers


def _player_event(rng: random.Random, draw: _ReplaceDraw, kind: str, player: str) -> dict:
    """A player's draw, life gain or life payment; sometimes a loss of the game (704.7)."""
    event = {"type": kind, "player": player, "amount": rng.randint(1, 3)}
    if rng.random() < 0.15:  # 704.7: a loss of the game, which Lich's Mirror replaces (614.1a)
        event = {"type": "lose_game", "player": player}
        if rng.random() < 0.7:
            draw.battlefield.insert(0, {"card": "Lich's Mirror", "controller": rng.choice((player, player, "alice", "bob"))})
    return {"event": event}


# --- corpora for cross-checking another engine (mtgjudge generate, docs/crosscheck.md) --------------

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


def case_seed(seed: int, i: int) -> int:
    """The generator seed of case i of a corpus made with `seed`: 32 bits, as the hypothesis tests draw them."""
    import hashlib

    return int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest()[:4], "big")


def generate_cases(kind: str, count: int, seed: int, library: CardLibrary, max_permanents: int | None = None):
    """Cases `{id, query, seed, board, declaration?, event?}` for `mtgjudge generate`, from the generators
    above: `layers` (random_layers_board), `combat` (random_combat_board, attack or block; three cases in
    four with a declaration to check, from random_declaration), `replacement` (random_replace_board).
    Same arguments, same cases."""
    for i in range(count):
        s = case_seed(seed, i)
        case: dict[str, Any] = {"id": f"{kind}-{seed}-{i + 1}"}
        if kind == "layers":
            board = (random_layers_board(s, library, max_permanents) if max_permanents is not None
                     else random_layers_board(s, library))
            case.update(query="layers", seed=s, board=board)
        elif kind == "combat":
            side = "attack" if s & 1 else "block"
            sizes = {} if max_permanents is None else {"max_attackers": max(1, (max_permanents + 1) // 2),
                                                       "max_blockers": max(1, max_permanents // 2)}
            board = random_combat_board(s, library, side, **sizes)
            case.update(query=side, seed=s, board=board)
            if (s >> 1) & 3:
                case["declaration"] = random_declaration(s, board, side)
        elif kind == "replacement":
            board, events = (random_replace_board(s, library, max_effects=max_permanents) if max_permanents is not None
                             else random_replace_board(s, library))
            case.update(query="replace", seed=s, board=board,
                        event=events["event"] if "event" in events else events["events"])
        else:
            raise ValueError(kind)
        yield case
