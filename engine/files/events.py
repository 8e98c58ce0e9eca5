"""Event files (docs/events.md): the events about to happen that replacement and prevention effects
(614, 615, 616) may modify, and the shape in which their outcomes are written.

    event: {type: damage, source: lightning_bolt, target: bob, amount: 3}

    events:                                   # simultaneous events (616.2)
      - {type: zone_change, object: grizzly_bears, from: battlefield, to: graveyard}
      - {type: counters, object: hill_giant, kind: "+1/+1", amount: 1}

Structural validation by these pydantic models, then the checks against the board (every object,
player, card and token named exists), each failure one line naming the file, the field and the fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.files.errors import InputError
from engine.files.known_keys import unknown_key_fix
from engine.files.library import CardLibrary
from engine.state.model import GameState
from engine.files.ranges import bound_problem
from engine.files.yamlio import NUMBER_MAX, numbers_in_range, read_file

DOC = "see docs/events.md"
Zone = Literal["battlefield", "graveyard", "hand", "library", "exile", "stack", "command"]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Damage(_Event):
    """120: a source deals damage to a player, planeswalker, battle or creature."""

    type: Literal["damage"]
    source: str = Field(description="the id of the object dealing the damage (120.1)")
    target: str = Field(description="the id of the object, or the player, dealt damage")
    amount: int = Field(ge=0, le=NUMBER_MAX)
    combat: bool = Field(default=False, description="combat damage (510.2)")
    prevented: Optional[int] = Field(default=None, ge=0, le=NUMBER_MAX, description="outcomes only: the damage prevented (615)")


class ZoneChange(_Event):
    """400.7: an object moves from one zone to another ('dies': battlefield to graveyard, 700.4)."""

    type: Literal["zone_change"]
    object: str
    from_: Zone = Field(alias="from")
    to: Zone
    destroy: Optional[bool] = Field(default=None, description="true: the object is destroyed (701.8), so a regeneration "
                                                               "shield may replace it (614.8, 701.19)")
    regenerate: Optional[bool] = Field(default=None, description="false: it can't be regenerated (701.19c, 'Wrath of God')")
    by_rule: Optional[bool] = Field(default=None, description="true: a destruction by a state-based action (704.5g, "
                                                              "704.5h), not the result of an effect: a shield "
                                                              "counter doesn't replace it (122.1c)")
    resolves: Optional[bool] = Field(default=None, description="true: an instant or sorcery spell put into its owner's "
                                                               "graveyard as the last step of its resolution (608.2n), not "
                                                               "countered or otherwise moved")


class Enter(_Event):
    """A permanent enters the battlefield (from a zone, as an object of the board, or as a card)."""

    type: Literal["enter"]
    object: Optional[str] = Field(default=None, description="the id of an object of the board that enters")
    card: Optional[str] = Field(default=None, description="or: a library card that enters (a new object)")
    controller: str
    counters: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(default_factory=dict)  # 122.1: never negative
    tapped: bool = False
    x: Optional[int] = Field(default=None, ge=0, le=NUMBER_MAX, description="the value of X it was cast with, for 'enters with X "
                                                              "counters' (107.3m)")
    escaped: Optional[bool] = Field(default=None, description="true: it was cast with escape ('it escapes with ... "
                                                              "counters instead', 702.138c)")
    kicked: Optional[bool] = Field(default=None, description="true: it was kicked ('if this creature was kicked, it "
                                                             "enters with ...', 702.33d)")
    bargained: Optional[bool] = Field(default=None, description="true: it was a bargained spell ('if it was "
                                                                "bargained', 702.166b)")
    cast_from_hand: Optional[bool] = Field(default=None, description="true: it was a spell cast from its controller's "
                                                                     "hand ('if you cast it from your hand', 601.2a)")
    mana_spent: Optional[str] = Field(default=None, pattern=r"^(\{[WUBRGC]\})*$",
                                      description="the mana spent to cast it, a permanent spell resolving (601.2h: "
                                                  "'{W}{U}{G}{G}'), for converge ('for each color of mana spent to "
                                                  "cast it')")


class Counters(_Event):
    """122.1: counters are put on an object or a player."""

    type: Literal["counters"]
    object: str = Field(description="the id of the object, or the player, that gets them (122.1)")
    kind: str = Field(min_length=1)
    amount: int = Field(ge=0, le=NUMBER_MAX)
    by: Optional[str] = Field(default=None, description="the player who puts them (Vorinclex); default: not said")
    cost: Optional[bool] = Field(default=None, description="true: put to pay a cost (a loyalty ability's [+N], 606.4; 'Put "
                                                           "a -1/-1 counter on this creature:'), not by an effect: 'if an "
                                                           "effect would put' doesn't apply (122.6)")


class Token(_Event):
    """111.1: tokens are created."""

    type: Literal["token"]
    controller: str
    token: str = Field(min_length=1, description="a token definition or card name of the library")
    amount: int = Field(ge=0, le=NUMBER_MAX)


class _PlayerAmount(_Event):
    """A player's event with an amount (614.1a: such events may become one another). Each kind
    narrows ``type``; declared here first, it stays the first field of the event's shape."""

    type: str
    player: str
    amount: int = Field(ge=0, le=NUMBER_MAX)


class Draw(_PlayerAmount):
    type: Literal["draw"]


class LifeGain(_PlayerAmount):
    type: Literal["life_gain"]


class LifeLoss(_PlayerAmount):
    type: Literal["life_loss"]


class Discard(_Event):
    type: Literal["discard"]
    player: str
    card: str = Field(description="the id of the card discarded")


class Mill(_PlayerAmount):
    type: Literal["mill"]


class WinGame(_PlayerAmount):
    """104.2b: a player wins the game (what an event may become: Laboratory Maniac); amount: the draws
    it replaced."""

    type: Literal["win_game"]


class LoseGame(_PlayerAmount):
    """104.3, 704.7: a player would lose the game (amount 1: one event, for any number of reasons at
    once); a replacement effect may replace it (Lich's Mirror)."""

    type: Literal["lose_game"]
    amount: int = Field(default=1, ge=1, le=1)


class StartOver(_PlayerAmount):
    """What Lich's Mirror makes of a player's loss of the game (614.1a): they shuffle their hand, their
    graveyard and all permanents they own into their library, then draw seven cards, and their life
    total becomes 20."""

    type: Literal["start_over"]
    amount: int = Field(default=1, ge=1, le=1)


class PayLife(_PlayerAmount):
    """119.4: a player pays life (a cost, or "as this land enters, you may pay 2 life"): they lose that
    much life, which they may do only if their life total is at least that much."""

    type: Literal["pay_life"]


class ReturnToHand(_PlayerAmount):
    """A player returns cards from their graveyard to their hand (what an event may become, 614.1a)."""

    type: Literal["return_to_hand"]


Event = Annotated[Union[Damage, ZoneChange, Enter, Counters, Token, Draw, LifeGain, LifeLoss, Discard, Mill,
                        ReturnToHand, WinGame, PayLife, LoseGame, StartOver],
                  Field(discriminator="type")]
EVENT_TYPES = ("damage", "zone_change", "enter", "counters", "token", "draw", "life_gain", "life_loss", "discard", "mill",
               "return_to_hand", "win_game", "pay_life", "lose_game", "start_over")
_EVENTS = TypeAdapter(list[Event])
_EVENT_BY_TYPE = {m.model_fields["type"].annotation.__args__[0]: m  # the model of each type (the ranges of its fields)
                  for m in (Damage, ZoneChange, Enter, Counters, Token, Draw, LifeGain, LifeLoss, Discard, Mill,
                            ReturnToHand, WinGame, PayLife, LoseGame, StartOver)}


def load_events(path: str | Path, state: GameState, library: CardLibrary) -> list[Any]:
    file = str(path)
    return events_from_data(read_file(file), state, library, file)


def events_from_data(data: Any, state: GameState, library: CardLibrary, file: str = "<events>") -> list[Any]:
    numbers_in_range(data, file)  # (events given as data, not read from a file: the web desk, the API)
    if not isinstance(data, dict) or len({"event", "events"} & set(data)) != 1:
        raise InputError(file, None, "an event file is a map with 'event' (one event) or 'events' (a list)", DOC)
    extra = sorted(set(map(str, data)) - {"event", "events"})
    if extra:
        raise InputError(file, extra[0], "unknown field", "use only 'event' or 'events'")
    raw = [data["event"]] if "event" in data else data["events"]
    key = "event" if "event" in data else "events"
    if not isinstance(raw, list) or not raw:
        raise InputError(file, key, "must be a list of at least one event" if key == "events" else "is empty", DOC)
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or item.get("type") not in EVENT_TYPES:
            where = key if key == "event" else f"events[{i + 1}]"
            raise InputError(file, f"{where}.type", f"is {item.get('type') if isinstance(item, dict) else item!r}",
                             "use one of " + ", ".join(EVENT_TYPES))
    try:
        events = _EVENTS.validate_python(raw, strict=True)  # no "3" or true taken as a number
    except ValidationError as e:
        errors = e.errors()  # a misspelt key first (issue 25: `amont` was "amount: field required", the key unnamed)
        err = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
        loc = [p for k, p in enumerate(err["loc"]) if not (k == 1 and p in EVENT_TYPES)]  # (the tag; a field may be
        where = key if key == "event" else f"events[{loc[0] + 1}]"                       # named 'counters' too)
        field = ".".join(str(p) for p in loc[1:])
        at = f"{where}.{field}" if field else where
        if err["type"] == "extra_forbidden":
            raise InputError(file, at, "unknown field", unknown_key_fix(loc[-1], (Event,), "docs/events.md")) from None
        bound = bound_problem(_EVENT_BY_TYPE.get(raw[loc[0]]["type"]), {**err, "loc": tuple(loc[1:])})
        if bound is not None:  # a number outside its range: the range named (engine/files/ranges.py)
            raise InputError(file, at, *bound) from None
        got = err.get("input")  # what was given, as the line says what is wanted ("3" or true for a number)
        shown = f", got {got!r}" if err["type"].endswith("_type") and not isinstance(got, (dict, list)) else ""
        raise InputError(file, at, err["msg"][0].lower() + err["msg"][1:] + shown, DOC) from None
    for i, ev in enumerate(events):
        _check(ev, state, library, file, key if key == "event" else f"events[{i + 1}]")
    return [_spell_x(ev, state, file, key if key == "event" else f"events[{i + 1}]") for i, ev in enumerate(events)]


def _spell_x(ev, state: GameState, file: str, where: str):
    """107.3m: an entering spell's X is the X it was cast with, the stack entry's ``choices.x`` (601.2b, 107.3a): read
    from there when the enter event's object is that spell; an ``x`` the event gives too must be the same (issue 22:
    the stack's X was ignored and had to be repeated on the event)."""
    if not isinstance(ev, Enter) or ev.object is None:
        return ev
    spell = state.objects[ev.object]
    if spell.zone != "stack" or spell.kind != "spell" or "x" not in spell.choices:
        return ev
    x = spell.choices["x"]
    k = state.stack.index(ev.object) if ev.object in state.stack else None
    entry = f"stack[{k}].choices.x" if k is not None else f"{ev.object}'s choices.x"
    if ev.x is None:
        return ev.model_copy(update={"x": x})
    if ev.x != x:
        raise InputError(file, f"{where}.x", f"x {ev.x} is not the X {x} that {ev.object!r} was cast with ({entry}, "
                                             "107.3m)", f"leave x out (it is read from the spell) or give x: {x}")
    return ev


def _check(ev, state: GameState, library: CardLibrary, file: str, where: str) -> None:
    players = set(state.player_names)
    objects = set(state.objects)

    def need(field: str, value: str, pool: set[str], what: str) -> None:
        if value not in pool:
            raise InputError(file, f"{where}.{field}", f"names {value!r}, which is not {what}",
                             "use an id or player name shown by 'mtgjudge show BOARD'")

    if isinstance(ev, Damage):
        need("source", ev.source, objects, "an object of the board")
        need("target", ev.target, objects | players, "an object or a player of the board")
    elif isinstance(ev, ZoneChange):
        need("object", ev.object, objects, "an object of the board")
        zone = state.objects[ev.object].zone
        if ev.from_ != zone:  # 400.7: an object moves from the zone it is in (issue 25: a wrong `from` was taken)
            def at(z: str) -> str:
                return f"on the {z}" if z in ("battlefield", "stack") else f"in the {z}"
            raise InputError(file, f"{where}.from", f"{ev.object!r} is {at(zone)}, not {at(ev.from_)} (400.7: an "
                                                    "object moves from the zone it is in)",
                             f"write from: {zone}, or name an object that is {at(ev.from_)}")
    elif isinstance(ev, Counters):
        need("object", ev.object, objects | players, "an object or a player of the board")  # 122.1
        if ev.by is not None:
            need("by", ev.by, players, "a player of the board")
    elif isinstance(ev, Enter):
        if (ev.object is None) == (ev.card is None):
            raise InputError(file, where, "an enter event names an 'object' of the board or a 'card' of the library",
                             "give exactly one of object and card")
        if ev.object is not None:
            need("object", ev.object, objects, "an object of the board")
            if state.objects[ev.object].zone == "battlefield":
                raise InputError(file, f"{where}.object", f"{ev.object!r} is already on the battlefield",
                                 "name a card in another zone (hand, graveyard, library, exile)")
        else:
            library.lookup(ev.card, file, f"{where}.card")
        need("controller", ev.controller, players, "a player of the board")
        for kind, n in ev.counters.items():  # 122.1: a number of counters is 0 or more (issue 25)
            if n < 0:
                raise InputError(file, f"{where}.counters.{kind}", f"{n} is negative (122.1: an object has 0 or more "
                                                                   "counters of a kind)", "write 0 or more")
    elif isinstance(ev, Token):
        need("controller", ev.controller, players, "a player of the board")
        library.lookup(ev.token, file, f"{where}.token")
    elif isinstance(ev, Discard):
        need("player", ev.player, players, "a player of the board")
        need("card", ev.card, objects, "an object of the board")
    else:
        need("player", ev.player, players, "a player of the board")


def with_entering_cards(state, events: list, library) -> tuple[Any, list, dict[str, str]]:
    """An enter event naming a library card (``card: NAME``) brings a new object (400.7, 111.1-like:
    not one of the board): a copy of the state gets it, outside the game's zones (zone ``outside``),
    owned by the player it enters under, with the card's printed characteristics; its own "enters"
    abilities then apply as it enters (614.12), as for a card entering from a hand. Its id is the
    card's name as an id (``slug``), or ``_2``, ``_3`` ... when the board already has that id, like
    the board loader's ids. Returns (the state, the events naming the new objects by id, id -> card
    name); the state given is not changed. ``as_card_events`` puts the names back in the outcomes."""
    import dataclasses

    from engine.files.library import slug
    from engine.state.model import Characteristics, GameObject

    if not any(ev.type == "enter" and ev.card is not None for ev in events):
        return state, list(events), {}
    objects = dict(state.objects)
    out, names = [], {}
    for ev in events:
        if ev.type != "enter" or ev.card is None:
            out.append(ev)
            continue
        card = library.get(ev.card)
        base, k = slug(card.name), 1
        oid = base
        while oid in objects:
            k += 1
            oid = f"{base}_{k}"
        objects[oid] = GameObject(id=oid, kind="card", zone="outside", owner=ev.controller, controller=None,
                                  printed=Characteristics.of_card(card), card_name=card.name)
        names[oid] = card.name
        out.append(ev.model_copy(update={"object": oid, "card": None}))
    return dataclasses.replace(state, objects=objects), out, names


def as_card_events(events: list[dict], names: dict[str, str]) -> list[dict]:
    """The outcome's events in the event file's shape: an enter event of a new object made by
    ``with_entering_cards`` names its card again (``card:`` in place of ``object:``)."""
    if not names:
        return events
    return [{("card" if k == "object" else k): (names[v] if k == "object" else v) for k, v in ev.items()}
            if ev.get("type") == "enter" and ev.get("object") in names else ev for ev in events]
