"""Random replacement boards and events for the replace program's oracle comparison (614-616), reproducible
from a seed (engine/app/generate.py's generators, the replace part: `random_replace_board`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.files.library import CardLibrary, slug
from engine.app.generate_card_token import tokens_and_cards
from engine.app.generate_choices import with_entering_choices


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
    event = tokens_and_cards(seed, library, board, event)  # 108.2, 111.6: tokens and cards under such effects
    with_entering_choices(board["battlefield"], library, seed)  # 614.12 (generate_choices.py)
    return board, event


# 615.5, 616.1f: effects on counters being put (and that they can't be) beside Test of Faith's counters
FOLLOW_ON = ("Hardened Scales", "Doubling Season", "Solemnity", "Pir, Imaginative Rascal", "Vorinclex, Monstrous Raider",
             "Corpsejack Menace", "Melira, Sylvok Outcast")


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
    standing = sorted(n for n, c in library.cards_by_name() if c.is_permanent_card and not c.token and any(
        getattr(a, "replacement", None) is not None and a.kind in ("replacement", "prevention", "static")
        for a in c.abilities))
    creatures = ("Grizzly Bears", "Hill Giant", "Raging Goblin", "Serra Angel", "Devout Chaplain", "Silvercoat Lion",
                 "Stormwild Capridor", "Phyrexian Hydra")  # (615.5: counters for the damage they prevent)
    battlefield = []
    for _ in range(rng.randint(1, max_effects)):
        entry = {"card": rng.choice(standing), "controller": rng.choice(("alice", "bob"))}
        if "choose a creature type" in library.get(entry["card"]).oracle.lower():  # Metallic Mimic
            entry["choices"] = {"creature_type": rng.choice(("Bear", "Human", "Elf", "Avatar"))}
        if "choose a color" in library.get(entry["card"]).oracle.lower():  # Voice of All (614.12), from a generator
            own = random.Random(f"{entry['card']}:{len(battlefield)}:{entry['controller']}")  # of its own: the
            entry["choices"] = {**entry.get("choices", {}), "color": own.choice(("white", "blue", "black", "red",
                                                                                  "green"))}  # other draws unchanged
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
        if rng.random() < 0.6:  # 615.5, 616.1f: its counters are an event the effects on counters look at in turn
            battlefield += [{"card": c, "controller": rng.choice(("alice", "bob"))} for c in rng.sample(FOLLOW_ON, 2)]
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
    if any(n == transform for n, _ in library.cards_by_name()) and rng.random() < 0.15:
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
    """A creature going to the graveyard, maybe destroyed (701.8), maybe a token (111.1) or another player's (108.3); a
    card leaving a hand or a graveyard; or a spell card leaving the stack."""
    board = draw.board
    target = "skel" if "skel" in draw.ids and rng.random() < 0.5 else rng.choice(draw.ids)
    event = {"type": "zone_change", "object": target, "from": "battlefield", "to": "graveyard"}
    if rng.random() < 0.3:  # 616.1f: the Zombie Kalitas creates instead, beside the effects on creating tokens
        draw.battlefield += [{"card": c, "controller": rng.choice(("alice", "bob"))} for c in
                             ["Kalitas, Traitor of Ghet"] + rng.sample(("Doubling Season", "Anointed Procession"), rng.randint(0, 2))]
    if rng.random() < 0.6:  # a destruction (701.8), which a regeneration shield may replace
        event["destroy"] = True
        if rng.random() < 0.25:
            event["regenerate"] = False
    entry = next((e for e in draw.battlefield if e.get("id") == target), None)
    if entry is not None and target != "skel" and rng.random() < 0.3:  # 111.1, 108.2: a token is no card (Leyline)
        entry["token"] = True
    elif entry is not None and target != "skel" and rng.random() < 0.3:  # 108.3: another player owns it
        entry["owner"] = "bob" if entry["controller"] == "alice" else "alice"
    if rng.random() < 0.2:  # 614.1, 611.3a: a card leaving a hand or a graveyard (a discard; exiled from a graveyard)
        who = rng.choice(("alice", "bob"))
        zone, to = rng.choice((("hand", "graveyard"), ("graveyard", "exile"), ("hand", "exile")))
        board.setdefault(zone, {}).setdefault(who, []).append({"card": rng.choice(("Raging Goblin", "Forest")), "id": "z1"})
        event = {"type": "zone_change", "object": "z1", "from": zone, "to": to}
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
    """A player's draw, life gain, life loss or life payment; sometimes a loss of the game (704.7)."""
    event = {"type": kind, "player": player, "amount": rng.randint(1, 3)}
    if kind == "life_gain" and rng.random() < 0.3:  # 119.8: life lost, of the effect's player or another (Platinum
        event["type"] = "life_loss"  # Emperion: "your life total can't change")
    if rng.random() < 0.15:  # 704.7: a loss of the game, which Lich's Mirror replaces (614.1a)
        event = {"type": "lose_game", "player": player}
        if rng.random() < 0.7:
            draw.battlefield.insert(0, {"card": "Lich's Mirror", "controller": rng.choice((player, player, "alice", "bob"))})
    return {"event": event}


# --- corpora for cross-checking another engine (mtgjudge generate, docs/crosscheck.md) --------------
