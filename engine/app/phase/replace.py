"""The replace query put to phase.rs (614-616; docs/crosscheck.md, "Checking phase.rs"): the event is made in a phase
game set up from the board (``board.setup``), phase applies its replacement effects, and what happened, read from
phase's result events and its state, becomes a claim in the shape of ``mtgjudge replace BOARD EVENT --json``.

phase has no "this event is about to happen" entry point. Its debug actions make a few events through its
replacement pipeline, and only those are put to it (every other event is :class:`Unexpressible` "event", naming it):

- a permanent dying (700.4: ``zone_change`` battlefield to graveyard): phase's debug ``Sacrifice`` (its
  ``MoveToZone`` to a graveyard moves the card without any replacement effect); a destruction (701.8) too, only
  when nothing on the board reads one (no text naming a destruction, indestructible or regeneration, no shield
  counter), written back with the event's own flags;
- a card entering the battlefield (``enter`` of a board object outside the battlefield, or of a library card put
  at the bottom of its owner's library first, with no counters, untapped, under its owner, not cast with X,
  escape, kicker ...: 614.1c-d, 614.12): ``MoveToZone`` with ``simulate`` (without it, no replacement effect
  applies either); the counters it gets as it enters and whether it is tapped read back (a planeswalker's loyalty
  counters from its loyalty, 306.5b);
- one +1/+1 or -1/-1 counter put on a permanent (122.1, 122.6): phase's debug ``ModifyCounters`` bypasses the
  replacement effects, so the counter is put by ``Proliferate`` choosing that permanent alone (701.34a), by the
  player the event names (``by``) or else the permanent's controller (refused when no player is named on a board
  where who puts them matters: "if you would put", Vorinclex), after
  one counter of that kind is given to it (debug, no replacement) when it has none: the counters the proliferation
  puts are the event's outcome;
- tokens an effect creates (111.4, a token definition of the library phase's ``CreateToken`` can make: a name,
  types, colors, power, toughness and keywords);
- cards drawn (121.2): ``DrawCards``, drawn one at a time; a draw replaced by a win (614.11, Laboratory Maniac)
  read as ``win_game``; a game phase ends at once by 704.5b is not read.

When phase stops to ask which replacement effect applies (its ``ReplacementChoice``: the order of 616.1, or an
optional replacement of 614.12), every answer is driven, each from a fresh setup, so that the claim gives every
outcome phase can reach (``outcomes``, each with its ``events`` only, and ``outcome_count``), and ``chooser``: the
player phase asks to order the effects (616.1), when it asks. ``applicable`` is not claimed: phase names the sources
of the effects it offers, not which of a card's abilities, so our effect ids can't be given faithfully.
"""

from __future__ import annotations

from typing import Any

from engine.app.phase import Unexpressible
from engine.app.phase.board import setup
from engine.files.events import as_card_events

COUNTER_KINDS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}  # 122.1: the kinds whose name phase's counters are known to use
OUR_COUNTER_KINDS = {v: k for k, v in COUNTER_KINDS.items()}
MAX_RUNS = 32  # the setups one case may take (one per branch of phase's choices): more is a choice tree not driven
_QUIET = {"DebugActionUsed", "ReplacementApplied", "PermanentSacrificed", "EffectResolved", "PlayerPerformedAction"}


def _refuse(what: str) -> Unexpressible:
    return Unexpressible("event", what)


def event_kind(state, ev) -> str:
    """Which of phase's debug actions makes this event faithfully ("dies", "enter", "counters", "draw"), or
    Unexpressible("event", what it is)."""
    t = ev.type
    if t == "zone_change":
        if ev.from_ != "battlefield" or ev.to != "graveyard":
            raise _refuse(f"a zone change from {ev.from_} to {ev.to} (phase's debug moves apply no replacement "
                          "effect; only a permanent dying is made, by a sacrifice)")
        if ev.destroy or ev.by_rule:
            _destruction_as_dying(state, ev.object)
        return "dies"
    if t == "enter":
        extra = [k for k in ("x", "escaped", "kicked", "bargained", "cast_from_hand", "mana_spent")
                 if getattr(ev, k, None) is not None]
        if ev.counters or ev.tapped or extra:
            what = "with counters" if ev.counters else "tapped" if ev.tapped else "cast with " + extra[0]
            raise _refuse(f"a permanent entering {what} (phase's debug move can't say so)")
        if ev.object is None:
            return "enter"  # a library card: a new object (with_entering_cards), put in its owner's library first
        obj = state.objects.get(ev.object)
        if obj is None or obj.zone in ("battlefield", "stack", "outside"):
            raise _refuse("a permanent entering from " + (obj.zone if obj else "nowhere"))
        if ev.controller != obj.owner:
            raise _refuse("a permanent entering under another player than its owner")
        return "enter"
    if t == "counters":
        if ev.kind not in COUNTER_KINDS or ev.amount != 1 or ev.cost:
            raise _refuse(f"{ev.amount} {ev.kind} counter(s)" + (" put to pay a cost" if ev.cost else "")
                          + ": only one +1/+1 or -1/-1 counter, put by proliferating, goes through phase's effects")
        if ev.object not in state.battlefield:
            raise _refuse("counters on a player or an object off the battlefield")
        if ev.by is None and any("you would put" in (state.objects[p].printed.rules_text or "").lower()
                                 for p in state.battlefield if state.objects[p].printed):
            raise _refuse("counters put by no player said, on a board where who puts them matters (\"if you would "
                          "put\"): phase's proliferation is a player's")
        return "counters"
    if t == "draw":
        return "draw"
    if t == "token":
        return "token"
    raise _refuse(f"a {t} event")


_DESTRUCTION_WORDS = ("destroy", "indestructible", "regenerat", "umbra armor", "totem armor")


def _destruction_as_dying(state, oid: str) -> None:
    """A destruction (701.8) is made as a sacrifice only when nothing on the board reads a destruction: no
    permanent's text (its activated abilities aside: an ability not activated makes no shield, and a shield made
    is a resolved effect the setup refuses) names a destruction, indestructible (702.12b) or regeneration (701.19),
    and the object has no shield counter (122.1c); otherwise Unexpressible."""
    if state.objects[oid].counters.get("shield"):
        raise _refuse("a destruction (701.8) of a permanent with a shield counter (122.1c): phase's debug actions "
                      "sacrifice, they don't destroy")
    for pid in state.battlefield:
        printed = state.objects[pid].printed
        for line in (printed.rules_text if printed else "").lower().split("\n"):
            if ": " in line and "{" in line.split(": ", 1)[0]:
                continue  # an activated ability (602.1)
            word = next((w for w in _DESTRUCTION_WORDS if w in line), None)
            if word:
                raise _refuse(f"a destruction (701.8) on a board whose {printed.name} reads '{word}': phase's debug "
                              "actions sacrifice, they don't destroy")


def _with_card(state, ev, cards):
    """An enter event naming a library card: the state with that card as a new object at the bottom of the
    library of the player it enters under (phase moves it from there), the event naming it, id -> card name."""
    import dataclasses

    from engine.files.events import with_entering_cards

    library = getattr(cards, "library", None)
    if library is None:
        raise _refuse("a library card entering, with no card library to read it from")
    new, events, names = with_entering_cards(state, [ev], library)
    oid = events[0].object
    objects = dict(new.objects)
    objects[oid] = dataclasses.replace(objects[oid], zone="library")
    zones = {k: list(v) for k, v in new.player_zones.items()}
    zones.setdefault((ev.controller, "library"), []).append(oid)
    return dataclasses.replace(new, objects=objects, player_zones=zones), events[0], names


def _token_definition(ev, cards) -> dict:
    """111.4: the token an effect would create, as phase's CreateToken makes one (_token_characteristics: a
    definition of the library with keywords only; a token copy of a card of the database is not made)."""
    from types import SimpleNamespace

    from engine.app.phase.board import _record
    from engine.state.model import Characteristics

    library = getattr(cards, "library", None)
    if library is None or _record(ev.token) is not None:
        raise _refuse(f"a token of the card {ev.token} (phase's debug tokens are made from a definition)")
    ob = SimpleNamespace(id=ev.token, printed=Characteristics.of_card(library.get(ev.token)))
    return _token_characteristics(ob)


def _token_characteristics(ob) -> dict:
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


def _make(board, state, ev, kind: str, cards):
    """Make the event in the game set up: the debug action(s), returning phase's result."""
    game = board.game
    seat = board.seats[state.active] if state.active in board.seats else 0

    def debug(actor: int, name: str, data: dict):
        return game.apply(actor, {"type": "Debug", "data": {"type": name, "data": data}})

    if kind == "draw":
        return debug(board.seats[ev.player], "DrawCards", {"player_id": board.seats[ev.player], "count": ev.amount})
    if kind == "token":
        owner = board.seats[ev.controller]
        return debug(owner, "CreateToken", {"request": {"type": "Custom", "data": {
            "owner": owner, "characteristics": _token_definition(ev, cards)}}, "count": ev.amount})
    pid = board.ids.get(ev.object)
    if pid is None:
        raise Unexpressible("phase refused the board", f"{ev.object} has no phase object")
    if kind == "dies":
        return debug(seat, "Sacrifice", {"object_id": pid})
    if kind == "enter":
        return debug(seat, "MoveToZone", {"object_id": pid, "to_zone": "Battlefield", "simulate": True})
    have = (game.object(pid).get("counters") or {}).get(COUNTER_KINDS[ev.kind], 0)
    if not have:
        debug(seat, "ModifyCounters", {"object_id": pid, "counter_type": COUNTER_KINDS[ev.kind], "delta": 1})
    controller = board.seats[ev.by or state.objects[ev.object].controller]  # who puts them: the one proliferating
    res = debug(controller, "Proliferate", {"player_id": controller})
    wf = res.waiting_for or {}
    if wf.get("type") != "ProliferateChoice":
        raise Unexpressible("phase's answer", f"proliferating asked {wf.get('type')}, not which permanents")
    if {"Object": pid} not in wf["data"].get("eligible", []):
        raise Unexpressible("phase's answer", f"phase doesn't offer {ev.object} to proliferate")
    first = list(res.events)
    res = game.apply(wf["data"]["player"], {"type": "SelectTargets", "data": {"targets": [{"Object": pid}]}})
    return _Joined(first, res)


class _Joined:
    """A result whose events are those of two steps (proliferating, then choosing what)."""

    def __init__(self, first: list, res):
        self.events = first + list(res.events)
        self.waiting_for = res.waiting_for


def _run(state, ev, kind: str, cards, path: list[int]):
    """A fresh setup, the event made, then the choices of ``path``: (the board, phase's events, what it waits
    for, the choices asked on the way: (seat, kind, count))."""
    board = setup(state, cards)
    res = _make(board, state, ev, kind, cards)
    events, asked = list(res.events), []
    for i in path:
        wf = res.waiting_for
        asked.append((wf["data"]["player"], wf["data"]["kind"]["type"], wf["data"]["candidate_count"]))
        res = board.game.apply(wf["data"]["player"], {"type": "ChooseReplacement", "data": {"index": i}})
        events += list(res.events)
    return board, events, res.waiting_for or {}, asked


def _outcome(board, state, ev, kind: str, events: list[dict]) -> list[dict]:
    """phase's events read as the outcome's events, in our shape (docs/events.md)."""
    if kind == "draw":
        return _draw_outcome(board, ev, events)
    names = {pid: oid for oid, pid in board.ids.items()}
    players = {seat: name for name, seat in board.seats.items()}
    out: list[dict] = []
    tokens: dict[tuple[str, str], int] = {}
    counters: dict[str, int] = {}
    target = board.ids.get(getattr(ev, "object", None) or "")
    entered = replaced = False
    for e in events:
        t, d = e["type"], e.get("data") or {}
        if t == "ReplacementApplied" and d.get("event_type") == "AddCounter":
            replaced = True
        if t in _QUIET:
            continue
        if t == "ZoneChanged":
            pid = d["object_id"]
            if d.get("from") is None and d.get("to") == "Battlefield":  # a token made (TokenCreated names it)
                continue
            if pid != target:
                raise Unexpressible("phase's answer", f"phase moved another object ({d['record']['name']}) from "
                                                      f"{d.get('from')} to {d.get('to')}")
            if kind == "enter" and d["to"] == "Battlefield" and not entered:
                entered = True
                continue
            if kind == "dies" and d["from"] == "Battlefield":
                flags = {k: getattr(ev, k) for k in ("destroy", "regenerate", "by_rule") if getattr(ev, k) is not None}
                out.append({"type": "zone_change", "object": names[pid], "from": "battlefield", "to": d["to"].lower(),
                            **flags})  # the destruction made as a sacrifice, written as the event given (701.8)
                continue
            raise Unexpressible("phase's answer", f"{ev.type}: phase moved it from {d.get('from')} to {d.get('to')}")
        elif t == "TokenCreated":
            rec = next((x["data"]["record"] for x in events if x["type"] == "ZoneChanged"
                        and x["data"]["object_id"] == d["object_id"]), None)
            if rec is None:
                raise Unexpressible("phase's answer", f"token {d.get('name')} made with no zone change")
            key = (players[rec["controller"]], d["name"])
            tokens[key] = tokens.get(key, 0) + 1
        elif t == "CounterAdded":
            if d["object_id"] != target or d["counter_type"] not in OUR_COUNTER_KINDS:
                raise Unexpressible("phase's answer", f"{d['counter_type']} counters put on phase object {d['object_id']}")
            k = OUR_COUNTER_KINDS[d["counter_type"]]
            counters[k] = counters.get(k, 0) + d["count"]
        elif t == "LifeChanged" and kind == "enter" and d["amount"] < 0 and not entered:
            out.append({"type": "pay_life", "player": players[d["player_id"]], "amount": -d["amount"]})
        else:
            raise Unexpressible("phase's answer", f"a {t} event this driver doesn't read")
    if kind == "enter":
        if not entered:
            raise Unexpressible("phase's answer", f"{ev.object} didn't enter")
        obj = board.game.object(target)
        if obj.get("zone") != "Battlefield":
            raise Unexpressible("phase's answer", f"{ev.object} left the battlefield at once ({obj.get('zone')})")
        types = (obj.get("card_types") or {}).get("core_types") or []
        if "Planeswalker" in types and obj.get("loyalty") and "loyalty" not in counters:
            counters["loyalty"] = obj["loyalty"]  # 306.5b: phase keeps a planeswalker's loyalty counters as its loyalty
        out.append({"type": "enter", "object": ev.object, "controller": players[obj["controller"]],
                    "counters": counters, "tapped": bool(obj["tapped"])})
    elif kind == "counters" and (counters or replaced):  # a counter replaced by none: amount 0 (Vorinclex's half)
        by = {"by": ev.by} if ev.by is not None else {}
        out += [{"type": "counters", "object": ev.object, "kind": k, "amount": n, **by}
                for k, n in (counters or {ev.kind: 0}).items()]
    out += [{"type": "token", "controller": c, "token": name, "amount": n} for (c, name), n in tokens.items()]
    return out


def _draw_outcome(board, ev, events: list[dict]) -> list[dict]:
    """121.2: the cards drawn (phase's CardDrawn, each card moved from the library to the hand), and a win that
    replaced draws (104.2b, 614.1a: "you win the game instead", phase's WinTheGame); a loss phase checks at once as
    the cards are drawn (704.5b: ours is an event of its own, later) is not read."""
    seat = board.seats[ev.player]
    players = {s: name for name, s in board.seats.items()}
    drawn = wins = 0
    winner, over = None, False
    for e in events:
        t, d = e["type"], e.get("data") or {}
        if t in ("GameOver", "PlayerEliminated", "PlayerLost"):
            winner = d.get("winner") if t == "GameOver" else winner
            over = True  # phase then moves every card to exile: the game's end, not the event
            continue
        if t == "EffectResolved" and d.get("kind") == "WinTheGame":
            wins += 1
        elif t in _QUIET or (t == "ZoneChanged" and (over or (d.get("from") == "Library" and d.get("to") == "Hand"))):
            continue
        elif t == "CardDrawn" and d.get("player_id") == seat:
            drawn += 1
        else:
            raise Unexpressible("phase's answer", f"a {t} event as cards are drawn")
    if over and (winner is None or not wins or winner != seat):
        raise Unexpressible("phase's answer", "phase ended the game as the cards were drawn (704.5b checked at once)")
    out = [{"type": "draw", "player": ev.player, "amount": drawn}] if drawn else []
    if wins:
        out.append({"type": "win_game", "player": players[winner], "amount": wins})
    return out


def replace_claim(state, events, cards) -> dict:
    """phase's answer to the replace query on this board and event (a ReplaceClaim: ``outcomes``, ``outcome_count``,
    and ``chooser`` when phase asks a player to order the effects), or Unexpressible."""
    if len(events) != 1:
        raise _refuse(f"{len(events)} simultaneous events (616.2): phase's debug actions make one at a time")
    ev = events[0]
    kind = event_kind(state, ev)
    names: dict[str, str] = {}
    if kind == "enter" and ev.object is None:
        state, ev, names = _with_card(state, ev, cards)
    outcomes: dict[str, list[dict]] = {}
    choosers: set[str] = set()
    todo: list[list[int]] = [[]]
    runs = 0
    while todo:
        path = todo.pop()
        runs += 1
        if runs > MAX_RUNS:
            raise Unexpressible("choice", f"more than {MAX_RUNS} branches of phase's replacement choices")
        board, got, wf, asked = _run(state, ev, kind, cards, path)
        players = {seat: name for name, seat in board.seats.items()}
        choosers |= {players[seat] for seat, how, _ in asked if how == "Order"}
        if wf.get("type") == "ReplacementChoice":
            n = wf["data"]["candidate_count"]
            todo += [path + [i] for i in reversed(range(n))]
            continue
        if wf.get("type") not in ("Priority", "GameOver", None):
            raise Unexpressible("choice", f"phase asks {wf.get('type')} as the event happens")
        out = as_card_events(_outcome(board, state, ev, kind, got), names)
        outcomes.setdefault(_key(out), out)
    claim: dict[str, Any] = {"outcome_count": len(outcomes), "outcomes": [{"events": e} for e in outcomes.values()]}
    if choosers:
        claim["chooser"] = sorted(choosers)[0] if len(choosers) == 1 else sorted(choosers)
    return claim


def _key(events: list[dict]) -> str:
    import json

    return json.dumps(sorted(json.dumps(e, sort_keys=True) for e in events))
