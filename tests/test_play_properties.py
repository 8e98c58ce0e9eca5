"""Property tests of the game loop on random boards and random action sequences (hypothesis):
whatever the actions (legal or refused), the state stays valid and the game replays the same.

- no object is in two zones, and every zone lists only objects of the state;
- each player owns as many cards as at the start (tokens come and go; cards never do);
- each player's life is the last value the log gives for it (life totals consistent with the log);
- one source dealing damage to several recipients at once (Cone of Flame, Forked Bolt divided, Arc Trail, Chandra's
  Ignition, on the stack as the game starts) is one damage event: while a spell or ability resolves, lifelink makes at
  most one life-gain event per source that dealt damage (120.4, 608.2f, 702.15b, 702.15e);
- playing the same game again gives the same log and the same final state;
- no permanent has a negative number of counters, and each counter put or removed to pay a cost (a loyalty ability's
  [+N] or [-N], Devoted Druid's "Put a -1/-1 counter on this creature:", 606.4, 122.6) is logged as such: the boards
  draw such permanents and the effects on counters being put (Pir, Vorinclex, Doubling Season, Hardened Scales);
- an emblem (114: on the board, or made by Ajani Steadfast's −7 as the game goes) is still there at the end, and while
  a player has Ajani's emblem no damage dealt to them is more than 1 (114.4, 615.1).
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.game import play
from engine.files.gamefile import game_from_data
from engine.files.library import load_library

LIBRARY = load_library()
CREATURES = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Typhoid Rats", "Colossal Dreadmaw", "Black Knight",
             "Fencing Ace", "Blood Artist", "Doomed Dissenter", "White Knight", "Llanowar Elves", "Vampire Nighthawk",
             "Ajani's Pridemate"]
# 120.4, 608.2f: one source, several recipients at once: (card, how many targets, what they may be)
MULTI = [("Cone of Flame", 3, "any"), ("Forked Bolt", 2, "any"), ("Forked Bolt", 1, "any"), ("Arc Trail", 2, "any"),
         ("Chandra's Ignition", 1, "creature")]
SPELLS = ["Lightning Bolt", "Shock", "Giant Growth", "Lightning Helix", "Pyroclasm", "Electrify", "Sorin's Thirst"]
LANDS = ["Forest", "Mountain", "Swamp", "Plains", "Island"]
# 606.4, 122.6: permanents whose activation costs put or remove counters, and effects on counters being put
COUNTER_COSTS = ["Garruk Wildspeaker", "Chandra, Fire Artisan", "Devoted Druid"]
COUNTER_EFFECTS = ["Pir, Imaginative Rascal", "Vorinclex, Monstrous Raider", "Doubling Season", "Hardened Scales"]
NOW = re.compile(r"^(?:lifelink: )?(\w+) (?:gains|loses) \d+ life \(now (-?\d+)\)$")
DEALS = re.compile(r"^(.+?)(?:'s \d+ damage to .* is prevented| deals \d+ damage to )")  # 120.3, 615
DEALT = re.compile(r"^.+ deals (\d+) damage to (\w+)$")


def random_game(seed: int) -> dict:
    rng = random.Random(seed)
    players = ["alice", "bob"]
    battlefield = []
    for p in players:
        for _ in range(rng.randint(2, 5)):
            battlefield.append({"card": rng.choice(LANDS), "controller": p})
        for _ in range(rng.randint(0, 3)):
            battlefield.append({"card": rng.choice(CREATURES), "controller": p})
    if rng.random() < 0.3:
        battlefield.append({"card": "Rest in Peace", "controller": rng.choice(players)})
    if rng.random() < 0.5:  # 606.4, 122.6: a permanent whose costs put or remove counters, and an effect on them
        battlefield.append({"card": rng.choice(COUNTER_COSTS), "controller": rng.choice(players)})
        if rng.random() < 0.6:
            battlefield.append({"card": rng.choice(COUNTER_EFFECTS), "controller": rng.choice(players)})
    hand = {p: [rng.choice(SPELLS + CREATURES + LANDS) for _ in range(rng.randint(0, 4))] for p in players}
    library = {p: [rng.choice(LANDS + CREATURES) for _ in range(rng.randint(0, 3))] for p in players}
    data = {"players": players, "step": rng.choice(["untap", "precombat_main", "beginning_of_combat"]),
            "battlefield": battlefield, "hand": hand, "library": library, "life": rng.choice([20, 3])}
    if data["step"] != "untap" and rng.random() < 0.5:
        data["stack"] = [_multi_damage(rng, data, players)]
    emblem, first = rng.random(), []  # 114: an emblem on the board, or Ajani Steadfast about to make one (−7)
    if emblem < 0.35:
        owner = rng.choice(players)
        if emblem < 0.15:
            data["emblems"] = [{"owner": owner, "from": "Ajani Steadfast", "ability": 3}]
        else:  # (606.3: activated in its controller's main phase; with 5 loyalty, refused: no emblem)
            battlefield.append({"card": "Ajani Steadfast", "controller": owner, "id": "ajani",
                                "counters": {"loyalty": rng.choice([7, 8, 5])}})
            first.append({"activate": "ajani", "ability": 3, "by": owner})
        other = [p for p in players if p != owner][0]  # then the other player bolts the emblem's owner: 3 damage, or 1
        battlefield.append({"card": "Mountain", "controller": other, "id": "emblem_mountain"})
        hand[other].append({"card": "Lightning Bolt", "id": "emblem_bolt"})
        first.append({"cast": "emblem_bolt", "by": other, "targets": [owner], "tap": ["emblem_mountain"]})
    state = game_from_data(dict(data), LIBRARY, "random")[0]
    ids = {p: [o for o in state.zone_ids("hand", p) if o != "emblem_bolt"] for p in players}
    perms = list(state.battlefield)
    actions = first
    for _ in range(rng.randint(0, 8)):
        p = rng.choice(players)
        kind = rng.random()
        if kind < 0.45 and ids[p]:
            card = ids[p].pop(rng.randrange(len(ids[p])))
            name = state.objects[card].card_name
            if name in LANDS:
                actions.append({"play_land": card})
                continue
            n = 1 if name in ("Lightning Bolt", "Shock", "Giant Growth", "Lightning Helix", "Electrify", "Sorin's Thirst") else 0
            targets = [rng.choice(perms + players) for _ in range(n)]
            actions.append({"cast": card, "by": p, "targets": targets,
                            "tap": rng.sample(perms, k=min(len(perms), rng.randint(0, 3)))})
        elif kind < 0.7:
            mine = [o for o in perms if state.objects[o].controller == state.active]
            if mine:
                defender = [x for x in players if x != state.active][0]
                actions.append({"attack": {c: defender for c in rng.sample(mine, k=rng.randint(1, len(mine)))}})
        elif kind < 0.85:
            blockers = [o for o in perms if state.objects[o].controller != state.active]
            attackers = [o for o in perms if state.objects[o].controller == state.active]
            if blockers and attackers:
                actions.append({"block": {rng.choice(blockers): rng.choice(attackers)}})
        else:
            costly = [o for o in perms if state.objects[o].card_name in COUNTER_COSTS]
            actions.append(_counter_cost(state, rng, rng.choice(costly), perms) if costly and rng.random() < 0.7
                           else {"activate": rng.choice(perms)})
    if actions:  # (an empty list is refused: leave it out, issue 25)
        data["actions"] = actions
    data["until"] = {"turn": rng.randint(1, 3), "step": rng.choice(["end", "upkeep", "postcombat_main"])}
    return data


def _multi_damage(rng: random.Random, data: dict, players: list[str]) -> dict:
    """A spell of one source dealing damage to several recipients at once, on the stack as the game starts, its
    controller given lifelink for instants and sorceries (Soulfire Grand Master) and Ajani's Pridemate at times."""
    card, n, what = rng.choice(MULTI)
    you = rng.choice(players)
    if rng.random() < 0.7:
        data["battlefield"].append({"card": "Soulfire Grand Master", "controller": you})
    if rng.random() < 0.5:
        data["battlefield"].append({"card": "Ajani's Pridemate", "controller": you})
    state = game_from_data(dict(data), LIBRARY, "random")[0]
    creatures = [o for o in state.battlefield if state.objects[o].card_name in CREATURES + ["Soulfire Grand Master"]]
    if what == "creature":  # "Target creature you control"
        pool = [o for o in creatures if state.objects[o].controller == you] or creatures or list(state.battlefield)
    else:
        pool = creatures + players
    targets = rng.sample(pool, k=min(n, len(pool)))
    entry = {"card": card, "controller": you, "targets": targets}
    if card == "Forked Bolt":  # 601.2d: 2 damage divided, at least 1 each
        entry["choices"] = {"divide": [1, 1] if len(targets) == 2 else [2]}
    return entry


def _lifelink_once_per_source(log) -> None:
    """120.4, 702.15b, 702.15e: while one spell or ability resolves, each damage event makes at most one life-gain
    event per source with lifelink; the resolutions here deal one damage event each (a fight: two sources)."""
    lines: list = []  # the lines of one resolution: from its 608.2 line to the next one, in one step
    for e in list(log) + [None]:
        if e is None or e.rule in ("608.2", "608.2n") or (lines and (e.turn, e.step) != (lines[0].turn, lines[0].step)):
            if lines and lines[0].rule == "608.2":
                sources = {m.group(1) for x in lines if x.rule.startswith("120.3") and (m := DEALS.match(x.text))}
                gains = sum(x.rule == "702.15b" for x in lines)
                assert gains <= len(sources), f"{gains} lifelink life gains for the damage of {sorted(sources)}: " \
                                              + "; ".join(x.text for x in lines)
            lines = []
        if e is not None:
            lines.append(e)


def _counter_cost(state, rng, src: str, perms: list[str]) -> dict:
    """An activation whose cost puts or removes counters (606.4: a loyalty ability, [+1] to [-7]; 122.6: Devoted
    Druid's "Put a -1/-1 counter on this creature:"), with its targets (Garruk's [+1]: two lands)."""
    o = state.objects[src]
    ability = 2 if o.card_name == "Devoted Druid" else rng.randint(1, 3)
    act = {"activate": src, "ability": ability, "by": o.controller}
    if o.card_name == "Garruk Wildspeaker" and ability == 1:
        lands = [x for x in perms if state.objects[x].card_name in LANDS]
        act["targets"] = rng.sample(lands, k=min(2, len(lands)))
    return act


def _owned_cards(state) -> dict[str, int]:
    out: dict[str, int] = {}
    for o in state.objects.values():
        if o.kind in ("card", "spell"):
            out[o.owner] = out.get(o.owner, 0) + 1
    return out


def _check_zones(state) -> None:
    seen: dict[str, str] = {}
    lists = {"battlefield": state.battlefield, "stack": state.stack, "exile": state.exile, "command": state.command}
    lists.update({f"{p}.{z}": ids for (p, z), ids in state.player_zones.items()})
    for zone, ids in lists.items():
        for oid in ids:
            assert oid in state.objects, f"{oid} in {zone} is not an object"
            assert oid not in seen, f"{oid} is in {seen.get(oid)} and {zone}"
            seen[oid] = zone
    for oid, o in state.objects.items():
        assert oid in seen, f"{oid} is in no zone"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_state_valid(seed):
    data = random_game(seed)
    state, actions, until = game_from_data(dict(data), LIBRARY, "random")
    before = _owned_cards(state)
    lives = {p.name: p.life for p in state.players}
    owners = [e.controller for e in state.effects if e.duration == "emblem"]  # 114.2: the emblems' at the start
    result = play(state, actions, library=LIBRARY, until=until, auto=True, strict=False)
    _check_zones(result.state)
    assert _owned_cards(result.state) == before
    for e in result.log:
        m = NOW.match(e.text)
        if m:
            lives[m.group(1)] = int(m.group(2))
    assert {p.name: p.life for p in result.state.players} == lives
    _lifelink_once_per_source(result.log)
    for oid in result.state.battlefield:  # 122.1: a number of counters is never negative
        assert all(n >= 0 for n in result.state.objects[oid].counters.values()), (oid, result.state.objects[oid].counters)
    paid = [e for e in result.log if e.rule in ("606.4", "601.2h") and "to pay the cost" in e.text]
    assert len(paid) <= sum(e.rule == "602.2i" for e in result.log)  # each cost paid for an activation
    _check_emblems(owners, result)
    state2, actions2, until2 = _fresh(data)
    again = play(state2, actions2, library=LIBRARY, until=until2, auto=True, strict=False)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in result.log]
    assert again.state.to_dict() == result.state.to_dict()


def _check_emblems(owners: list[str], result) -> None:
    """114.4: an emblem stays in the command zone for the rest of the game; 615.1: while a player has Ajani Steadfast's
    emblem, all but 1 of each damage to them is prevented (the random games have no damage that can't be prevented)."""
    for e in result.log:
        if e.rule == "114.2":
            owners.append(e.text.split()[0])
        m = DEALT.match(e.text)
        if m and m.group(2) in owners:
            assert int(m.group(1)) <= 1, f"{e.text}: {m.group(2)} has Ajani Steadfast's emblem (615.1)"
    assert sorted(e.controller for e in result.state.effects if e.duration == "emblem") == sorted(owners)


def _fresh(data):
    state, actions, until = game_from_data(dict(data), LIBRARY, "random")
    return state, actions, until
