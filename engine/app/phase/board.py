"""A loaded mtgjudge board (engine/state/model.py GameState) set up in a phase.rs game, for asking phase the
questions of docs/crosscheck.md ("Checking phase.rs"). Reads the state's players, active player, life totals,
permanents (card, owner, controller, timestamp, tapped, face down, summoning sickness, entered this turn, counters,
damage, attachments, choices) and the cards of the players' hands, graveyards, exile and libraries; writes them into
phase with its Debug actions and its exported state.

phase has no board loader: a game is started with each owner's cards in their deck (and a Forest, phase wanting no
empty library), both hands kept, then reloaded with debug actions allowed; each permanent is moved to the
battlefield (in timestamp order, each attached permanent after what it is attached to and attached at once), its
controller set (108.4: the board's controller is the one the permanent has before any control-changing effect,
613.1b), face down (708.2), tapped (110.5), counters (122.1); then the exported state gets what no Debug action
sets: the board's timestamps (613.7), damage (120.3), the turn it entered (611.3a: the turn, or 0 when the board
doesn't say it entered this turn), the choices made as it entered (614.12: an object's ``chosen_attributes``) and
the libraries' order; and is reloaded. The cards the board doesn't name (the filler) are removed, so every zone
holds what the board says. A token is a card in its owner's deck, marked ``is_token`` (111.1): a token of a card of
the database, that card; a token an effect defined (111.4: a Saproling, a Treasure, a Role), a card phase builds
from the definition (its name, types, colors, power, toughness and Oracle text, as the card database would give
them).

What phase can't be given is refused with :class:`engine.app.phase.Unexpressible` and its reason, never set up
approximately: a board of more or fewer than two players ("players"), a resolved effect (611.2: an entry of
``effects``, "resolved effect"), a token definition phase can't build ("token"), a copy (707.2, "copy"), a
transformed, prototyped or multi-face card (712, 718, "multi-face"), a designation (renowned, monstrous, commander
..., "designation"), a choice phase doesn't keep ("choice"), an object on the stack or in the command zone ("stack",
"command zone"), counters on a player ("player counters") and the turn's history a board can record (who gained life
this turn ..., "turn history"). After setup every object is read back from phase (card, zone, owner, controller,
timestamp, token, face, summoning sickness, damage, tapped, counters, attachment; nothing on the stack, no other
object): any mismatch is "phase refused the board" (phase's state-based actions putting an Aura attached to nothing
into a graveyard, a triggered ability put on the stack as a permanent entered ...)."""

from __future__ import annotations

import copy
import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from engine.app.phase import Unexpressible

FILLER = "Forest"  # the one card each deck has besides the board's, removed once the board is set up
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
                "combat", "next_timestamp", "source", "turn", "step", "attack_option", "defined_tokens"}
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
    if state.command:
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

    db = open_database()
    try:
        return db.record(name)
    except Exception:  # noqa: BLE001 - not by its full name: a face's ("Giant Killer" of "Giant Killer // Chop Down")
        pass
    try:
        found = db.names_for(name)
        return db.record(found[0]) if len(found) == 1 else None
    except Exception:  # noqa: BLE001 - not in the database: the card data refuses it ("unknown card")
        return None


def token_face(ob) -> dict:
    """111.4: the card data phase reads for a token an effect defined ("a 1/1 green Saproling creature token", a
    Treasure, a Role): its definition (engine/cards/, or the board's ``definition``) as the card database's record of
    a card would give it (MTGJSON-shaped: name, type line, colors, power, toughness, Oracle text), built by phase's
    own parser as any card's. A definition phase can't build is refused ("token")."""
    import phase

    c = ob.printed
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    colors = sorted(letters[x.lower()] for x in c.colors if x.lower() in letters)
    line = " ".join([*c.supertypes, *c.types]) + (" \u2014 " + " ".join(c.subtypes) if c.subtypes else "")
    record = {"name": c.name, "type": line, "types": list(c.types), "subtypes": list(c.subtypes),
              "supertypes": list(c.supertypes), "text": c.rules_text, "layout": "token", "manaValue": 0,
              "colors": colors, "colorIdentity": colors, "identifiers": {},
              "keywords": sorted({ab.keyword.capitalize() for ab in c.abilities if getattr(ab, "kind", None) == "keyword"}),
              "power": None if c.power is None else str(c.power),
              "toughness": None if c.toughness is None else str(c.toughness), "loyalty": None}
    if c.mana_cost:
        record["manaCost"] = c.mana_cost
    try:
        return phase.build_oracle_face(record, None)
    except Exception as e:  # noqa: BLE001 - phase's parser refused the definition
        raise Unexpressible("token", f"{ob.id}: phase can't build the token {c.name}: {type(e).__name__}: {e}") from None


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
    defined = {state.objects[i].card_name: token_face(state.objects[i]) for i in perms
               if state.objects[i].kind == "token" and _record(state.objects[i].card_name) is None}
    named = {state.objects[i].card_name for i in perms} | {state.objects[i].card_name for i, _, _ in others}
    for name in sorted(named - set(defined)):
        if _layout(name) in MULTI_LAYOUTS:
            raise Unexpressible("multi-face", f"{name} is a multi-face card ({_layout(name)})")
    if defined:  # the tokens' card data beside the cards'
        import phase

        data = {**cards.faces((named - set(defined)) | {FILLER}), **{n.lower(): f for n, f in defined.items()}}
        engine = phase.Engine.from_json(json.dumps(data))
    else:
        engine = cards.engine_for(named | {FILLER})
    decks: list[list[str]] = [[], []]
    for oid in perms + [i for i, _, _ in others]:
        decks[seats[state.objects[oid].owner]].append(state.objects[oid].card_name)
    kept_out: list[str] = []
    while True:
        try:  # a library can't be empty as the game starts: one filler card each
            game = engine.new_game(*[d + [FILLER] for d in decks], first_player=seats[state.active])
            game = _debug_game(engine, game)
        except Unexpressible:
            raise
        except Exception as e:  # noqa: BLE001 - phase's own refusal, named
            raise Unexpressible("phase refused the board", f"starting the game: {type(e).__name__}: {e}") from None
        board = PhaseBoard(game=game, ids={}, seats=seats)
        # a permanent an effect already there keeps from entering ("Lands can't enter the battlefield.") is moved
        # before the others, the game started again: the board's timestamps replace phase's anyway
        order = sorted(perms, key=lambda i: i not in kept_out)
        try:
            _place(board, state, engine, order, others)
            return board
        except _KeptOut as e:
            if e.oid in kept_out:
                raise Unexpressible("phase refused the board", f"{e.oid} can't enter phase's battlefield") from None
            kept_out.append(e.oid)


class _KeptOut(Exception):
    """A permanent MoveToZone didn't put onto phase's battlefield."""

    def __init__(self, oid: str):
        super().__init__(oid)
        self.oid = oid


def _debug_game(engine, game):
    """The game reloaded with debug actions allowed, both opening hands kept."""
    st = game.state()
    st["state"]["debug_mode"] = True
    st["state"]["format_config"]["allow_debug_actions"] = True
    game = engine.load_game(st)
    for _ in range(4 + 2 * len(game.state()["state"]["objects"])):
        wf = game.waiting_for()
        if wf["type"] == "MulliganDecision":
            game.apply(wf["data"]["pending"][0]["player"], {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        elif wf["type"] == "OptionalEffectChoice" and "opening hand" in wf["data"].get("description", ""):
            # 103.6a: a card of the opening hand (a Leyline) may begin the game on the battlefield: declined, the board
            # says where each card is
            game.apply(wf["data"]["player"], {"type": "DecideOptionalEffect", "data": {"accept": False}})
        else:
            return game
    raise Unexpressible("phase refused the board", "the opening hands were not kept")


def debug(game, seat: int, kind: str, data: dict) -> None:
    """One Debug action; phase's refusal, or a decision it then waits for, is "phase refused the board"."""
    try:
        wf = game.apply(seat, {"type": "Debug", "data": {"type": kind, "data": data}}).waiting_for
    except Exception as e:  # noqa: BLE001
        raise Unexpressible("phase refused the board", f"{kind} {data}: {type(e).__name__}: {e}") from None
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

    for oid in _attach_order(state, perms):  # in the order given (timestamps), each attached one after its host
        ob = state.objects[oid]
        pid = board.ids[oid] = take(oid)
        debug(game, seats[ob.owner], "MoveToZone", {"object_id": pid, "to_zone": "Battlefield"})
        if game.object(pid)["zone"] != "Battlefield":
            raise _KeptOut(oid)
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
    if ob.face_down:  # 708.2: a 2/2 creature with no name, text, subtypes or mana cost
        debug(game, owner, "SetFaceState", {"object_id": pid, "face_down": True})
    debug(game, owner, "SetTapped", {"object_id": pid, "tapped": ob.tapped})
    debug(game, owner, "SetSummoningSickness", {"object_id": pid, "sick": ob.summoning_sick})
    have = game.object(pid)["counters"]
    want = {COUNTER_NAMES.get(k, k): v for k, v in ob.counters.items()}
    for kind in sorted(set(have) | set(want)):  # the counters the board gives, whatever entering put there
        delta = want.get(kind, 0) - have.get(kind, 0)
        if delta:
            debug(game, owner, "ModifyCounters", {"object_id": pid, "counter_type": kind, "delta": delta})


def _attach_order(state, perms: list[str]) -> list[str]:
    """The permanents in the order given (timestamps), each one attached to another after it (phase's own timestamps
    are replaced by the board's as the state is reloaded, 613.7)."""
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
        if ob.kind == "token":  # 111.1: a token (of a card, or of an effect's definition, 111.4) is no card
            pob["is_token"] = True
        pob["damage_marked"] = ob.damage
        # 611.3a ("as long as it entered this turn"): on the board, only the permanents it says entered this turn did
        pob["entered_battlefield_turn"] = st["state"]["turn_number"] if ob.entered_this_turn else 0
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
        card = pob.get("base_name", pob.get("name")) or None
        if card != (None if ob.face_down else ob.card_name):  # 708.2: a face-down permanent has no name
            refuse(oid, "card", ob.card_name, card)
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
        if bool(pob.get("face_down")) != ob.face_down:
            refuse(oid, "face", ob.face_down, pob.get("face_down"))
        if bool(pob.get("summoning_sick")) != ob.summoning_sick:
            refuse(oid, "summoning sickness", ob.summoning_sick, pob.get("summoning_sick"))
        if (pob.get("damage_marked") or 0) != ob.damage:
            refuse(oid, "damage", ob.damage, pob.get("damage_marked"))
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
    st = board.game.state()["state"]
    if st.get("active_player") != board.seats[state.active]:
        raise Unexpressible("phase refused the board", f"the active player: the board's {state.active}, phase's seat "
                                                       f"{st.get('active_player')}")
    players = st["players"]
    for p in state.players:
        pp = players[board.seats[p.name]]
        if pp["life"] != p.life or pp.get("drew_from_empty_library") or pp.get("is_eliminated"):
            raise Unexpressible("phase refused the board", f"{p.name}: the board's life {p.life}, phase's {pp['life']}"
                                                           f" (status {pp.get('status')})")
    extra = [pid for pid, pob in objects.items() if int(pid) not in back and pob["zone"] not in ("Stack",)]
    if extra:
        raise Unexpressible("phase refused the board", f"phase holds objects the board doesn't: {extra[:5]}")
    if st_stack := board.game.state()["state"]["stack"]:
        raise Unexpressible("phase refused the board", f"phase put {len(st_stack)} object(s) on the stack as the "
                                                       "permanents entered (a triggered ability)")
