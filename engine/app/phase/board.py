"""A loaded mtgjudge board (engine/state/model.py GameState) set up in a phase.rs game, for asking phase the
questions of docs/crosscheck.md ("Checking phase.rs"). Reads the state's players, active player, permanents (card,
owner, controller, timestamp, tapped, summoning sickness, counters, damage, attachments, choices) and the cards of
the players' hands, graveyards, exile and libraries; writes them into phase with its Debug actions and its exported
state.

phase has no board loader: a game is started with each owner's cards in their deck (Forest filler to 40), both
hands kept, then reloaded with debug actions allowed; each permanent is moved to the battlefield in timestamp order
(613.7: phase stamps them 1, 2, 3 ... in that order, and the board's own timestamps are then written into the
state), its controller set (108.4, 613.1b's starting point: the board's controller is the one the permanent has
before any control-changing effect), tapped (110.5), counters (122.1), damage (120.3), attachments (301.5, 303.4)
and the choices made as it entered (614.12: an object's ``chosen_attributes``). The cards the board doesn't name
(the filler) are removed, so every zone holds what the board says.

What phase can't be given is refused with :class:`engine.app.phase.Unexpressible` and its reason, never set up
approximately: a board of more or fewer than two players, a resolved effect (611.2: an entry of ``effects``), a
token an effect defined with an ability other than a keyword (111.4: phase's CreateToken makes a token of a name,
types, colors, power, toughness and keywords; a token of a card of the database is that card marked ``is_token``),
a copy (707.2), a face-down permanent (708), a transformed or multi-face card (712), a designation
(renowned, monstrous, commander ...), a choice phase doesn't keep, an object on the stack or in the command zone,
and the turn's history a board can record (who gained life this turn ...). After setup every permanent is read
back from phase (name, owner, controller, timestamp order, tapped, counters, attachment): any mismatch is
"phase refused the board"."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.app.phase import Unexpressible

DECK_SIZE = 40
FILLER = "Forest"
# mtgjudge's counter kinds phase names otherwise (ModifyCounters takes any string; these two it renames)
COUNTER_NAMES = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
# mtgjudge's choices (asp_rules/choice_keys.py) phase keeps as an object's chosen attribute (614.12)
CHOICE_ATTRIBUTES = {"color": "Color", "creature_type": "CreatureType", "basic_land_type": "BasicLandType",
                     "card_name": "CardName", "player": "Player"}
# the object flags of GameObject phase is given no way to hold: the designation each is
DESIGNATIONS = ("renowned", "monstrous", "commander", "saddled", "dash_paid", "blitz_paid", "paired_with")
# GameState fields setup reads or refuses apart; any other field away from its default is the turn's history or
# a game state phase isn't given (refused as "turn history", naming the field)
_READ_FIELDS = {"players", "active", "objects", "battlefield", "stack", "exile", "command", "player_zones", "effects",
                "combat", "next_timestamp", "source", "turn", "step", "attack_option", "defined_tokens",
                "starting_life"}
ZONE_NAMES = {"hand": "Hand", "graveyard": "Graveyard", "exile": "Exile", "library": "Library"}
MULTI_LAYOUTS = frozenset({"split", "flip", "transform", "meld", "adventure", "modal_dfc", "prepare", "aftermath"})


@dataclass
class PhaseBoard:
    """A phase game holding the board: ``ids`` maps each mtgjudge object id (permanents and the cards of the
    other zones) to phase's object id, ``seats`` each player's name to phase's seat."""

    game: Any
    ids: dict[str, int]
    seats: dict[str, int]


# --- what phase can be given -------------------------------------------------------------------------

def check_expressible(state) -> None:
    """Raise Unexpressible for a board setup can't give phase faithfully (see the module's docstring)."""
    if len(state.players) != 2:
        raise Unexpressible("players", f"{len(state.players)} players: phase's game is set up for two")
    if state.effects:
        e = state.effects[0]
        raise Unexpressible("resolved effect", f"the effect of {e.source_card} (611.2): phase can't be given an effect "
                                               "that began when a spell or ability resolved")
    if state.stack:
        raise Unexpressible("stack", "an object on the stack")
    if state.command or state.exile and any(state.objects[i].kind != "card" for i in state.exile):
        raise Unexpressible("command zone", "an object in the command zone (an emblem, a plane, a scheme)")
    for p in state.players:
        if p.lost or p.counters:
            raise Unexpressible("player counters", f"{p.name}'s counters or loss of the game")
    _check_history(state)
    for oid in state.battlefield:
        _check_permanent(state, state.objects[oid])
    for (player, zone), ids in state.player_zones.items():
        for oid in ids:
            if state.objects[oid].kind != "card":
                raise Unexpressible("token", f"{oid} in {player}'s {zone}")


def _empty(value) -> bool:
    """Nothing recorded: None, 0, an empty collection, or a map of such (``spells_cast: {alice: 0}``)."""
    return not value or isinstance(value, dict) and all(_empty(v) for v in value.values())


def _check_history(state) -> None:
    for f in dataclasses.fields(state):
        if f.name in _READ_FIELDS:
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
        value = getattr(state, f.name)
        if value != default and not (_empty(value) and _empty(default)):
            raise Unexpressible("turn history", f"the board's {f.name}: phase's game is given none")


def _check_permanent(state, ob) -> None:
    if ob.kind == "token" and _record(ob.card_name) is None:
        token_characteristics(ob)  # a token definition: made by CreateToken, or refused
    if ob.face_down:
        raise Unexpressible("face-down", f"{ob.id} is face down (708)")
    if ob.copy_of is not None or "copy" in ob.choices:
        raise Unexpressible("copy", f"{ob.id} is a copy (707.2)")
    if ob.front_face is not None or ob.unprototyped is not None:
        raise Unexpressible("multi-face", f"{ob.id} shows a face other than its normal one (712, 718)")
    for flag in DESIGNATIONS:
        if getattr(ob, flag):
            raise Unexpressible("designation", f"{ob.id} is {flag.replace('_', ' ')}")
    for key, value in ob.choices.items():
        if key not in CHOICE_ATTRIBUTES or not isinstance(value, str):
            raise Unexpressible("choice", f"{ob.id}'s choice {key!r}: phase keeps no such choice")
    if ob.attached_to is not None and ob.attached_to not in state.objects and ob.attached_to not in state.player_names:
        raise Unexpressible("phase refused the board", f"{ob.id} attached to {ob.attached_to}")


def _record(name: str) -> dict | None:
    """The card database's record of the card, None when the database lacks it (a token definition of
    engine/cards/, a test-only card)."""
    from engine.files.carddb import open_database

    try:
        return open_database().record(name)
    except Exception:  # noqa: BLE001 - not in the database: the card data refuses it ("unknown card")
        return None


def token_characteristics(ob) -> dict:
    """111.4: a token an effect defined ("a 1/1 green Saproling creature token", "a 4/4 white Angel creature token
    with flying"), as phase's CreateToken makes one (its ``characteristics``): a name, types, colors, power,
    toughness and keywords only. A definition with any other ability (Treasure's mana ability, a keyword that
    takes a number, a cost or a quality), or a power that isn't a number, is refused ("token")."""
    c = ob.printed
    keywords = []
    for ab in c.abilities:
        if getattr(ab, "kind", None) != "keyword" or ab.n is not None or ab.cost is not None or ab.quality is not None:
            raise Unexpressible("token", f"{ob.id}: the token {c.name}'s ability {ab.display()!r}: phase's custom "
                                         "tokens have keywords only")
        keywords.append("".join(w.capitalize() for w in ab.keyword.split()))
    if not all(v is None or isinstance(v, int) for v in (c.power, c.toughness)):
        raise Unexpressible("token", f"{ob.id}: the token {c.name}'s power or toughness {c.power}/{c.toughness}")
    out = {"display_name": c.name, "core_types": list(c.types), "subtypes": list(c.subtypes),
           "supertypes": list(c.supertypes), "colors": [x.capitalize() for x in c.colors], "keywords": keywords}
    if c.power is not None:
        out.update(power=c.power, toughness=c.toughness)
    return out


def _layout(name: str) -> str:
    record = _record(name)
    return (record or {}).get("layout") or "normal"


# --- setup ----------------------------------------------------------------------------------------

def setup(state, cards) -> PhaseBoard:
    """The board in a phase game (see the module's docstring); raises Unexpressible."""
    check_expressible(state)
    seats = {p.name: i for i, p in enumerate(state.players)}
    perms = sorted(state.battlefield, key=lambda i: state.objects[i].timestamp or 0)
    others = [(oid, player, zone) for (player, zone), ids in sorted(state.player_zones.items()) for oid in ids]
    others += [(oid, state.objects[oid].owner, "exile") for oid in state.exile]
    defined = {i for i in perms if state.objects[i].kind == "token" and _record(state.objects[i].card_name) is None}
    carded = [i for i in perms if i not in defined]
    named = [state.objects[i].card_name for i in carded] + [state.objects[i].card_name for i, _, _ in others]
    for name in sorted(set(named)):
        if _layout(name) in MULTI_LAYOUTS:
            raise Unexpressible("multi-face", f"{name} is a multi-face card ({_layout(name)})")
    engine = cards.engine_for(set(named) | {FILLER})
    decks: list[list[str]] = [[], []]
    for oid in carded + [i for i, _, _ in others]:
        decks[seats[state.objects[oid].owner]].append(state.objects[oid].card_name)
    size = max(DECK_SIZE, len(decks[0]), len(decks[1]))
    try:
        game = engine.new_game(*[d + [FILLER] * (size - len(d)) for d in decks], first_player=seats[state.active])
        game = _debug_game(engine, game)
    except Unexpressible:
        raise
    except Exception as e:  # noqa: BLE001 - phase's own refusal, named
        raise Unexpressible("phase refused the board", f"starting the game: {type(e).__name__}: {e}") from None
    board = PhaseBoard(game=game, ids={}, seats=seats)
    _place(board, state, engine, perms, others)
    return board


def _debug_game(engine, game):
    """The game reloaded with debug actions allowed, both opening hands kept."""
    st = game.state()
    st["state"]["debug_mode"] = True
    st["state"]["format_config"]["allow_debug_actions"] = True
    game = engine.load_game(st)
    for _ in range(4):
        wf = game.state()["state"]["waiting_for"]
        if wf["type"] != "MulliganDecision":
            return game
        game.apply(wf["data"]["pending"][0]["player"], {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
    raise Unexpressible("phase refused the board", "the opening hands were not kept")


def debug(game, seat: int, kind: str, data: dict) -> None:
    """One Debug action; phase's refusal, or a decision it then waits for, is "phase refused the board"."""
    try:
        game.apply(seat, {"type": "Debug", "data": {"type": kind, "data": data}})
    except Exception as e:  # noqa: BLE001
        raise Unexpressible("phase refused the board", f"{kind} {data}: {type(e).__name__}: {e}") from None
    wf = game.state()["state"]["waiting_for"]
    if wf["type"] != "Priority":
        raise Unexpressible("phase refused the board", f"after {kind} {data}, phase waits for {wf['type']}")


def _place(board: PhaseBoard, state, engine, perms: list[str], others: list) -> None:
    game, seats = board.game, board.seats
    free = {int(k): ob for k, ob in game.state()["state"]["objects"].items() if ob["zone"] != "Battlefield"}

    def take(oid: str) -> int:
        ob = state.objects[oid]
        for pid in sorted(free):
            if free[pid]["name"] == ob.card_name and free[pid]["owner"] == seats[ob.owner]:
                del free[pid]
                return pid
        raise Unexpressible("phase refused the board", f"no card {ob.card_name!r} of {ob.owner}'s deck for {oid}")

    for oid in _attach_order(state, perms):
        ob = state.objects[oid]
        if ob.kind == "token" and _record(ob.card_name) is None:  # 111.4: a token an effect defined
            before = {o["id"] for o in game.battlefield()}
            debug(game, seats[ob.owner], "CreateToken", {"request": {"type": "Custom", "data": {
                "owner": seats[ob.owner], "characteristics": token_characteristics(ob)}}})
            made = [o["id"] for o in game.battlefield() if o["id"] not in before]
            if len(made) != 1:
                raise Unexpressible("phase refused the board", f"CreateToken made {len(made)} objects for {oid}")
            board.ids[oid] = made[0]
            continue
        pid = board.ids[oid] = take(oid)
        debug(game, seats[ob.owner], "MoveToZone", {"object_id": pid, "to_zone": "Battlefield"})
        if ob.attached_to is not None:  # at once: an Aura attached to nothing is put into a graveyard (704.5m)
            target = ({"type": "Player", "data": seats[ob.attached_to]} if ob.attached_to in seats
                      else {"type": "Object", "data": board.ids[ob.attached_to]})
            debug(game, seats[ob.controller], "Attach", {"object_id": pid, "target": target})
    for oid, player, zone in others:
        pid = board.ids[oid] = take(oid)
        debug(game, seats[player], "MoveToZone", {"object_id": pid, "to_zone": ZONE_NAMES[zone]})
    for pid, ob in sorted(free.items()):  # the filler: out of the game
        debug(game, ob["owner"], "RemoveObject", {"object_id": pid})
    for oid in perms:
        _permanent(board, state, oid)
    for p in state.players:
        if p.life != 20:
            debug(game, seats[p.name], "SetLife", {"player_id": seats[p.name], "life": p.life})
    board.game = _reload(board, state, engine)
    verify(board, state)


def _permanent(board: PhaseBoard, state, oid: str) -> None:
    game, seats, ob = board.game, board.seats, state.objects[oid]
    pid, owner = board.ids[oid], seats[ob.owner]
    if ob.controller != ob.owner:
        debug(game, owner, "SetController", {"object_id": pid, "controller": seats[ob.controller]})
    debug(game, owner, "SetTapped", {"object_id": pid, "tapped": ob.tapped})
    debug(game, owner, "SetSummoningSickness", {"object_id": pid, "sick": ob.summoning_sick})
    have = game.object(pid)["counters"]
    want = {COUNTER_NAMES.get(k, k): v for k, v in ob.counters.items()}
    for kind in sorted(set(have) | set(want)):  # the counters the board gives, whatever entering put there
        delta = want.get(kind, 0) - have.get(kind, 0)
        if delta:
            debug(game, owner, "ModifyCounters", {"object_id": pid, "counter_type": kind, "delta": delta})


def _attach_order(state, perms: list[str]) -> list[str]:
    """The permanents in timestamp order, each one attached to another after it (phase's own timestamps are
    replaced by the board's as the state is reloaded, 613.7)."""
    placed: list[str] = []
    waiting = list(perms)
    while waiting:
        ready = [i for i in waiting if state.objects[i].attached_to not in waiting]
        if not ready:
            raise Unexpressible("phase refused the board", f"attachments in a cycle: {', '.join(waiting)}")
        placed += ready
        waiting = [i for i in waiting if i not in ready]
    return placed


def _reload(board: PhaseBoard, state, engine):
    """The exported state with what no Debug action sets: the board's timestamps (613.7), damage (120.3), the
    choices made as a permanent entered (614.12), the libraries' order (top first); reloaded."""
    st = copy.deepcopy(board.game.state())
    objects = st["state"]["objects"]
    for oid, pid in board.ids.items():
        ob, pob = state.objects[oid], objects[str(pid)]
        if ob.zone != "battlefield":
            continue
        pob["timestamp"] = ob.timestamp
        if ob.kind == "token":  # 111.1: a token copy of a card (a card of the database) is a token
            pob["is_token"] = True
        pob["damage_marked"] = ob.damage
        if ob.choices:
            pob["chosen_attributes"] = [{"type": CHOICE_ATTRIBUTES[k], "value": _choice_value(k, v, board.seats)}
                                        for k, v in sorted(ob.choices.items())]
    st["state"]["next_timestamp"] = max([state.next_timestamp] + [o.get("timestamp") or 0 for o in objects.values()]) + 1
    for p in state.players:
        st["state"]["players"][board.seats[p.name]]["library"] = [board.ids[i] for i in state.zone_ids("library", p.name)]
    try:
        return engine.load_game(st)
    except Exception as e:  # noqa: BLE001
        raise Unexpressible("phase refused the board", f"reloading the state: {type(e).__name__}: {e}") from None


def _choice_value(key: str, value: str, seats: dict[str, int]):
    """A choice as phase keeps it: a player by seat, a color capitalized (``Blue``), a type or a name as is."""
    if key == "player":
        return seats[value]
    return value.capitalize() if key == "color" else value


def verify(board: PhaseBoard, state) -> None:
    """Every permanent as the board says, read back from phase: card name, owner, controller before effects,
    timestamp order, tapped, counters, attachment; every other card in its zone. A mismatch is "phase refused
    the board"."""
    objects = board.game.state()["state"]["objects"]
    back = {pid: oid for oid, pid in board.ids.items()}

    def refuse(oid: str, what: str, ours, theirs) -> None:
        raise Unexpressible("phase refused the board", f"{oid}'s {what}: the board's {ours!r}, phase's {theirs!r}")

    for oid, pid in board.ids.items():
        ob, pob = state.objects[oid], objects.get(str(pid))
        if pob is None:
            refuse(oid, "object", oid, None)
        zone = "Battlefield" if ob.zone == "battlefield" else ZONE_NAMES.get(ob.zone)
        if pob["zone"] != zone:  # phase's state-based actions (704.5) moved it: an Aura attached to nothing ...
            refuse(oid, "zone (phase's state-based actions, 704.5)", zone, pob["zone"])
        if pob.get("base_name", pob["name"]) != ob.card_name:
            refuse(oid, "card", ob.card_name, pob.get("base_name"))
        if pob["owner"] != board.seats[ob.owner]:
            refuse(oid, "owner", ob.owner, pob["owner"])
        if ob.zone != "battlefield":
            continue
        if pob.get("base_controller", pob["controller"]) != board.seats[ob.controller]:
            refuse(oid, "controller", ob.controller, pob.get("base_controller"))
        if pob["timestamp"] != ob.timestamp:
            refuse(oid, "timestamp", ob.timestamp, pob["timestamp"])
        if bool(pob.get("is_token")) != (ob.kind == "token"):
            refuse(oid, "token", ob.kind == "token", bool(pob.get("is_token")))
        if pob["tapped"] != ob.tapped:
            refuse(oid, "tapped", ob.tapped, pob["tapped"])
        want = {COUNTER_NAMES.get(k, k): v for k, v in ob.counters.items() if v}
        if {k: v for k, v in pob["counters"].items() if v} != want:
            refuse(oid, "counters", want, pob["counters"])
        attached = back.get(pob["attached_to"]["data"]) if isinstance(pob.get("attached_to"), dict) and \
            pob["attached_to"].get("type") == "Object" else pob.get("attached_to")
        if isinstance(attached, dict):
            attached = next((n for n, s in board.seats.items() if s == attached.get("data")), attached)
        if attached != ob.attached_to:
            refuse(oid, "attachment", ob.attached_to, pob.get("attached_to"))
    extra = [pid for pid, pob in objects.items() if int(pid) not in back and pob["zone"] not in ("Stack",)]
    if extra:
        raise Unexpressible("phase refused the board", f"phase holds objects the board doesn't: {extra[:5]}")
    if st_stack := board.game.state()["state"]["stack"]:
        raise Unexpressible("phase refused the board", f"phase put {len(st_stack)} object(s) on the stack as the "
                                                       "permanents entered (a triggered ability)")
