"""Honest partial answers (issue 20): the abilities of a board's objects that no program executes.

Every answer (show, layers, attack, block, replace, damage, sba, play, crosscheck, the judge's desk)
lists them, from this one function, so that a judge sees at once when a verdict may depend on an
ability the engine does not read: a database card's Oracle paragraph that is no keyword the
vocabulary knows (engine/files/dbcards.py), a library card's ability written as text only.

An ability is not executed when :func:`engine.vocab.cardfile.executable_by` says no program executes
it. The objects are the board's, in every zone (113.6: some abilities function from the graveyard, a
hand, the stack; a card in a hand may be cast in a game), in the order `mtgjudge show` lists them,
each ability by its 1-based index on the card; a face-down permanent has no abilities (708.2), and
a continuous effect of the board (611.2) whose ability is not executed is listed under its source.
"""

from __future__ import annotations

from typing import Any

from engine.state.model import DISPLAY_ORDER
from engine.vocab.cardfile import executable_by

HEADING = "Not executed (the verdict may depend on these)"


def not_executed(state: Any) -> list[dict[str, Any]]:
    """[{object, ability, text}] for each ability of the state's objects that no program executes, in
    the objects' display order then the abilities' order; an effect's entry also has ``effect``, its
    index among the board's effects."""
    out: list[dict[str, Any]] = []
    for oid in (i for zone in DISPLAY_ORDER for i in state.zone_ids(zone)):
        o = state.objects[oid]
        if o.printed is None or o.face_down:  # an ability on the stack; 708.2: a face-down permanent
            continue
        for i, ab in enumerate(o.printed.abilities, 1):
            if executable_by(ab) is None:
                out.append({"object": oid, "ability": i, "text": ab.display()})
    for e in state.effects:
        if executable_by(e.ability) is None:
            out.append({"object": e.source or e.source_card, "ability": e.ability_index, "text": e.ability.display(),
                        "effect": e.index})
    return out


def merged(*lists: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Several lists as one, each entry once, first seen first (a game's objects at its start and
    the new ones at its end)."""
    seen: set[tuple] = set()
    out = []
    for entries in lists:
        for entry in entries:
            key = tuple(sorted(entry.items()))
            if key not in seen:
                seen.add(key)
                out.append(entry)
    return out


def rows(entries: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The human section's rows: object (effect N of it), ability, text."""
    return [(e["object"] + (f" (effect {e['effect']})" if "effect" in e else ""), str(e["ability"]), e["text"])
            for e in entries]
