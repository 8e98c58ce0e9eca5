"""A game state written back as a board file (docs/board-format.md), so that every command can read
the state a command left (``--out``): the players, the zones with their ids, the permanents with
their status, damage, counters and timestamps, the continuous effects and the combat.

Loading what ``board_dict`` writes gives the same state (tests/test_boardwriter.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.files.emblem_fields import EMBLEM  # 114: emblems
from engine.files.errors import InputError
from engine.files.library import CardLibrary
from engine.state.model import MANA_LETTERS, Characteristics, GameState


def _definition(printed: Characteristics) -> dict[str, Any]:
    """111.4: a token's copiable values as a token definition (a card file map, docs/card-format.md)."""
    d: dict[str, Any] = {"name": printed.name, "token": True}
    for key, value in (("mana_cost", printed.mana_cost), ("supertypes", list(printed.supertypes)),
                       ("types", list(printed.types)), ("subtypes", list(printed.subtypes)),
                       ("colors", list(printed.colors)), ("oracle", printed.rules_text),
                       ("power", printed.power), ("toughness", printed.toughness), ("loyalty", printed.loyalty),
                       ("defense", printed.defense)):
        if value not in (None, "", []) or key in ("types", "colors"):
            d[key] = value
    if printed.color_indicator is not None:
        d["color_indicator"] = list(printed.color_indicator)
    if printed.abilities:
        d["abilities"] = [a.model_dump(mode="json", by_alias=True, exclude_none=True) for a in printed.abilities]
    return d


def _defined_here(o, library: CardLibrary | None) -> bool:
    """A token whose characteristics no card of its name gives (an effect defined them, 111.4, or gave it
    more: 'with haste'): the board must carry them to load the same state."""
    if o.kind != "token" or library is None:
        return False
    card = library.get(o.card_name)
    return card is None or Characteristics.of_card(card) != o.printed


def _effect_definition(state: GameState, e, library: CardLibrary | None) -> dict[str, Any] | None:
    """111.4: an effect a defined token's ability created carries the token's definition (the token may have
    ceased to exist, 111.7): its source's copiable values, else the last token of that name created."""
    if library is None or library.get(e.source_card) is not None:
        return None
    src = state.objects.get(e.source) if e.source is not None else None
    printed = src.printed if src is not None and src.card_name == e.source_card else state.defined_tokens.get(e.source_card)
    return _definition(printed) if printed is not None else None


def _permanent(state: GameState, oid: str, library: CardLibrary | None = None) -> dict[str, Any]:
    o = state.objects[oid]
    d: dict[str, Any] = {"card": o.card_name, "controller": o.controller, "id": oid}
    if o.owner != o.controller:
        d["owner"] = o.owner
    if o.timestamp is not None:
        d["timestamp"] = o.timestamp
    for key in ("tapped", "summoning_sick", "face_down", "renowned", "monstrous", "commander", "saddled",
                "entered_this_turn", "dash_paid", "blitz_paid"):
        if getattr(o, key):
            d[key] = True
    if o.kind == "token":
        d["token"] = True
    if o.unprototyped is not None:
        d["prototyped"] = True  # 718.3b
    if o.counters:
        d["counters"] = dict(sorted(o.counters.items()))
    if o.attached_to is not None:
        d["attached_to"] = o.attached_to
    if o.paired_with is not None:  # 702.95b
        d["paired_with"] = o.paired_with
    if o.copy_of is not None:
        d["copy_of"] = o.copy_of
    if o.damage:
        d["damage"] = o.damage
    if o.choices:
        d["choices"] = dict(sorted(o.choices.items()))
    if _defined_here(o, library):
        d["definition"] = _definition(o.printed)
    return d


def board_dict(state: GameState, library: CardLibrary | None = None) -> dict[str, Any]:
    """The board file of the state; with the ``library``, each token whose characteristics no card of its
    name gives carries them (111.4), so that loading it gives the same state."""
    names = state.player_names
    out: dict[str, Any] = {"players": list(names), "active": state.active,
                           "life": {p.name: p.life for p in state.players}}
    counters = {p.name: dict(sorted(p.counters.items())) for p in state.players if p.counters}
    if counters:
        out["player_counters"] = counters
    if state.attack_option != "multiple":
        out["attack_option"] = state.attack_option
    out["battlefield"] = [_permanent(state, oid, library) for oid in state.battlefield]
    for zone in ("hand", "graveyard", "library", "exile", "command"):
        per: dict[str, list] = {}
        for p in names:
            ids = state.player_zones.get((p, zone), []) if zone in ("hand", "graveyard", "library") else [
                i for i in getattr(state, zone) if state.objects[i].owner == p]
            ids = [i for i in ids if state.objects[i].kind != "token"]  # 111.7: tokens don't stay there
            if ids:
                per[p] = [{"card": state.objects[i].card_name, "id": i} for i in ids]
        if per:
            out[zone] = per
    stack = []
    for oid in state.stack:
        o = state.objects[oid]
        entry: dict[str, Any] = ({"ability_of": o.ability_of, "ability": o.ability_index} if o.kind == "ability"
                                 else {"card": o.card_name})
        entry.update(controller=o.controller, id=oid)
        if o.targets:
            entry["targets"] = list(o.targets)
        if o.choices:
            entry["choices"] = dict(sorted(o.choices.items()))
        stack.append(entry)
    if stack:
        out["stack"] = stack
    effects = []
    for e in state.effects:
        if e.duration == "ring_bearer":  # 701.54c: the Ring's, made again from ring_tempted and ring_bearer
            continue
        if e.duration == EMBLEM:  # 114: an emblem's ability, written in the emblems key (below)
            continue
        d: dict[str, Any] = {"from": e.source_card, "ability": e.ability_index, "controller": e.controller}
        if e.source is not None and e.source in state.objects and not (e.source_inferred and [
                x for x in state.battlefield if state.objects[x].card_name == e.source_card] == [e.source]):
            d["source"] = e.source  # (a token that ceased to exist is no object, 111.7; an inferred source that is
            # still the one permanent of its card is inferred again: engine/files/effect_source.py)
        if e.targets:
            d["targets"] = list(e.targets)
        if e.affected is not None:  # (611.2c; a token that ceased to exist is no object, 111.7)
            d["affected"] = [x for x in e.affected if x in state.objects]
        if e.choices:
            d["choices"] = dict(sorted(e.choices.items()))
        defined = _effect_definition(state, e, library)
        if defined is not None:
            d["definition"] = defined
        d["timestamp"] = e.timestamp
        d["duration"] = e.duration
        if e.remaining is not None:
            d["remaining"] = e.remaining
        effects.append(d)
    if effects:
        out["effects"] = effects
    emblems = [{"owner": e.controller, "from": e.source_card, "ability": e.ability_index, "timestamp": e.timestamp}
               for e in state.effects if e.duration == EMBLEM]  # 114.1, 114.2 (engine/files/emblem_fields.py)
    if emblems:
        out["emblems"] = emblems
    if state.combat is not None:
        c = state.combat.to_dict()
        out["combat"] = {k: v for k, v in c.items() if v not in ([], {}, None)}
    if state.step is not None or state.turn != 1:
        out["turn"] = state.turn
    if state.step is not None:
        out["step"] = state.step
    pool: dict[str, str] = {}
    for p in names:
        letters = state.mana_pool.get(p, {})
        text = "".join("{" + k + "}" for k in MANA_LETTERS for _ in range(letters.get(k, 0)))
        if text:
            pool[p] = text
    if pool:
        out["mana_pool"] = pool
    out.update(state.history_dict())
    return out


def write_board(state: GameState, path: Path, library: CardLibrary | None = None) -> None:
    """Write the board file; it is written whole or not at all."""
    text = yaml.safe_dump(board_dict(state, library), sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)
    tmp = Path(str(path) + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise InputError(str(path), "--out", f"cannot be written ({e.__class__.__name__})",
                         "give a path in a folder you can write to") from None
