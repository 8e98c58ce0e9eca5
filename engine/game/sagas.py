"""Sagas in the game loop (714; the current official rules: the seed's text stops at 702.42; its 505.4 and 704.5s,
and its glossary's chapter symbol, give the same rules), and a Saga's "Exile this Saga, then return it to the
battlefield transformed under your control." (712, 701.27, 400.7).

- 714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it (:func:`entering_counters`: a
  counter it enters with, 122.6, so its chapter I triggers as it enters: engine/game/triggered.py).
- 702.155a-b, read ahead (current official rules): "Read ahead" means "Chapter abilities of this Saga can't trigger the
  turn it entered the battlefield unless it has exactly the number of lore counters on it specified in the chapter
  symbol of that ability."; "As a Saga with the read ahead ability enters the battlefield, its controller chooses a
  number from one to that Saga's final chapter number. That Saga enters the battlefield with the chosen number of lore
  counters on it." (:func:`chosen_chapter`, the script's ``{as_enters: {chapter: N}}``, --auto 1; :func:`exact`).
- 714.3b, 505.4: as its controller's precombat main phase begins, a lore counter on each Saga they control with one or
  more chapter abilities (a turn-based action, without the stack: :func:`lore_action`).
- 714.2b-c: a chapter ability triggers when lore counters put on its Saga take their number from less than N to at
  least N (:func:`crossed`: one trigger for each N crossed; engine/game/triggered.py puts them).
- 704.5s (714.4): a Saga with lore counters at least its final chapter number (714.2d: the greatest of its chapter
  abilities', after the layers), and that is not the source of a chapter ability that has triggered and not yet left
  the stack, is sacrificed (:func:`sacrifice_finished`).
"""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.files.events import Counters, ZoneChange
from engine.game.common import GameError, _name

READ_AHEAD = "read ahead"

def is_chapter(ab) -> bool:
    """A chapter ability (714.2b): a triggered ability whose trigger has ``chapters``."""
    return getattr(getattr(ab, "trigger", None), "chapters", None) is not None


def crossed(ab, before: int, after: int, exact: bool = False) -> list[int]:
    """714.2b-c: the chapter numbers N of the chapter ability ``ab`` that trigger as its Saga's lore counters go from
    ``before`` to ``after``: before < N <= after (an intervening "if", 603.4), one trigger each; ``exact`` (702.155a:
    a Saga with read ahead, the turn it entered): only N equal to ``after``."""
    return [n for n in ab.trigger.chapters if before < n <= after and (not exact or n == after)]


def reads_ahead(layers, oid: str) -> bool:
    """702.155a: the Saga ``oid`` has read ahead (its keyword abilities after the layers, 613.1f: printed or granted)."""
    return any(getattr(k, "keyword", None) == READ_AHEAD for k in layers.keyword_abilities.get(oid, ()))


def exact(state, layers, oid: str) -> bool:
    """702.155a: the Saga ``oid`` has read ahead and entered the battlefield this turn: its chapter abilities trigger
    only at exactly their number."""
    return bool(state.objects[oid].entered_this_turn) and reads_ahead(layers, oid)


def _printed(o) -> tuple[bool, int]:
    """Whether the card ``o`` enters as prints read ahead (702.155b), and its final chapter number (714.2d: the
    greatest of its chapter abilities', as printed: it isn't on the battlefield yet)."""
    abilities = o.printed.abilities if o.printed is not None else ()
    ahead = any(getattr(a, "kind", None) == "keyword" and a.keyword == READ_AHEAD for a in abilities)
    return ahead, max([n for a in abilities if is_chapter(a) for n in a.trigger.chapters], default=0)


def chosen_chapter(game, oid: str, final: int) -> int:
    """702.155b: as a Saga with read ahead enters, its controller chooses a number from one to its final chapter
    number: the script's ``{as_enters: {chapter: N}}`` (--auto: 1, the 714.3a counter)."""
    st = game.state
    o = st.objects[oid]
    player = o.controller or o.owner
    act = game.action()
    given = (act.as_enters.get("chapter") if isinstance(act, gf.AsEnters) and act.by in (None, player)
             and set(act.as_enters) == {"chapter"} else None)
    if given is not None:
        game.take()
    elif game.auto:
        given = 1
    else:
        raise GameError(game.where(), f"702.155b: {player} chooses a chapter number as {_name(st, oid)} enters (read ahead)",
                        "add {as_enters: {chapter: N}}, or use --auto")
    if not isinstance(given, int) or isinstance(given, bool) or not 1 <= given <= final:
        raise GameError(game.where(), f"702.155b: {given!r} is not a number from one to {_name(st, oid)}'s final "
                                      f"chapter number, {final}", f"choose 1 to {final}")
    game.say("702.155b", f"{player} chooses {given} as {_name(st, oid)} enters (read ahead): it enters with {given} "
                         "lore counter" + ("s" if given > 1 else ""))
    return given


def entering_counters(game, oid: str, counters: dict[str, int] | None) -> dict[str, int] | None:
    """714.3a: a Saga (the face it enters with, 712) enters with one more lore counter; 702.155b: one with read ahead
    (printed) with the number its controller chooses instead."""
    o = game.state.objects[oid]
    if o.printed is None or "Saga" not in o.printed.subtypes:
        return counters
    ahead, final = _printed(o)
    out = dict(counters or {})
    out["lore"] = out.get("lore", 0) + (chosen_chapter(game, oid, final) if ahead and final >= 1 else 1)
    return out


def _chapters(game) -> dict[str, dict[int, int]]:
    """Each permanent's chapter abilities after the layers (613.1f): {permanent: {index: greatest chapter}}."""
    out: dict[str, dict[int, int]] = {}
    for oid, index, ab, _you in game.abilities_in_force():
        if getattr(ab, "kind", None) == "triggered" and is_chapter(ab):
            out.setdefault(oid, {})[index] = max(ab.trigger.chapters)
    return out


def _sagas(game) -> dict[str, str]:
    """The Saga permanents (their subtypes after the layers, 205.3) and their controllers."""
    layers = game.layers()
    return {x: c.get("controller") for x, c in layers.objects.items()
            if x in game.state.battlefield and "Saga" in (c.get("subtypes") or ())}


def lore_action(game) -> None:
    """714.3b, 505.4: the active player puts a lore counter on each Saga they control with one or more chapter
    abilities (a turn-based action: it doesn't use the stack; what it triggers goes on it next, 117.5)."""
    st = game.state
    chapters = _chapters(game)
    sagas = [x for x, you in _sagas(game).items() if you == st.active and chapters.get(x)]
    if sagas:
        game.say("505.4", f"{st.active}'s precombat main phase: a lore counter on "
                          + ", ".join(_name(st, x) for x in sagas) + " (714.3b)")
        game.events.counters([Counters(type="counters", object=x, kind="lore", amount=1) for x in sagas])


def sacrifice_finished(game) -> bool:
    """704.5s (714.4): the Sagas whose lore counters reach their final chapter number (714.2d) and that are the source
    of no chapter ability triggered and not yet left the stack (waiting to be put on it, 603.3, or on it) are
    sacrificed by their controllers. True when one was."""
    st = game.state
    chapters = _chapters(game)
    busy = {t.source for t in game.pending if is_chapter(t.model)}
    busy |= {o.ability_of for o in st.objects.values()
             if o.kind == "ability" and o.zone == "stack" and o.ability_index in chapters.get(o.ability_of, {})}
    done = [x for x in _sagas(game) if chapters.get(x) and x not in busy
            and st.objects[x].counters.get("lore", 0) >= max(chapters[x].values())]
    for x in done:
        game.say("704.5s", f"{_name(st, x)} has {st.objects[x].counters.get('lore', 0)} lore counters, its final "
                           f"chapter number {max(chapters[x].values())}, and no chapter ability of it waits or is on "
                           "the stack: its controller sacrifices it")
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                              for x in done], "704.5s", "is sacrificed", sacrificed=True)
    return bool(done)


def exile_return(game, op, source: str, you: str, name: str) -> None:
    """"Exile this Saga, then return it to the battlefield [transformed] [under your control]." 406.1, 400.7: the
    source, still the object the ability is of, is exiled (the move may be replaced, 614); then the card it became in
    exile, a new object, is put onto the battlefield under ``you``'s control (``op.under``: you) or its owner's (110.2a),
    with its back face up if ``op.transformed`` (712, current official rules; its characteristics the back face's, the
    card database's: engine/game/transform.py). A card with no back face to return with (701.27c: not a transforming
    double-faced card), or whose back face is an instant or sorcery (701.27d), stays in exile."""
    st = game.state
    ref = game.resolution.resolving_refs.get("self")
    if source not in st.battlefield or (ref is not None and not game.same(ref)):
        game.say("400.7", f"{_name(st, source)} is no longer the object \"{name}\" is of: it is neither exiled nor "
                          "returned")
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "battlefield"}, to="exile")],
                             "406.1", "is exiled")
    o = st.objects[source]
    if o.zone != "exile":
        game.say("400.7", f"{_name(st, source)} is not in exile (it went to the {o.zone}): it isn't returned")
        return
    controller = you if op.under == "you" else o.owner
    if op.transformed:
        face = game.transforming.other_face(source)
        if face is None or {"Instant", "Sorcery"} & set(face[1].types):
            game.say("701.27c", f"{_name(st, source)} has no back face to be put onto the battlefield with: it stays in "
                                "exile")
            return
        o.front_face = (o.card_name or "", o.printed)  # 712: it enters with its back face up (no transform event)
        o.card_name, o.printed = face
        game.say("712", f"{o.front_face[0]} is returned to the battlefield transformed, as {face[0]} (a new object, "
                        "400.7)")
    else:
        game.say("400.7", f"{_name(st, source)} is returned to the battlefield (a new object)")
    game.events.enter(source, controller, "exile")
    if source not in st.battlefield and o.front_face is not None:  # (it didn't enter: its front face again, 712.8)
        (o.card_name, o.printed), o.front_face = o.front_face, None
