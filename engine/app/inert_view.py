"""`mtgjudge cards --inert` (issue 24): the abilities of the card library (engine/cards/*.yaml and the cards of
engine/cards/compiled.txt) that the game loop resolves doing nothing (608.2c: its log says "not executable yet"),
and the others whose targets it can't read (115.1, 601.2c, 602.2b: it refuses or ignores them), each by card and
1-based index, with their count among the library's spells, modes, activated and triggered abilities (mana
abilities aside, 605). The criteria: engine/vocab/loop_reads.py."""

from __future__ import annotations

from typing import Any

from engine.app.render import Output
from engine.vocab import loop_reads


def inert_document(lib) -> dict[str, Any]:
    total, inert, unread = 0, [], []
    for name in lib.names():
        card = lib.get(name)
        if card is None or card.token:
            continue
        for i, ab in enumerate(card.abilities, 1):
            if getattr(ab, "kind", None) not in ("spell", "mode", "activated", "triggered") or getattr(ab, "mana", False):
                continue
            total += 1
            if loop_reads.does_nothing(ab):
                inert.append({"card": name, "ability": i, "kind": ab.kind, "text": ab.display()})
            why = None if loop_reads.does_nothing(ab) else loop_reads.unread(ab)
            if why is not None:  # (the others: those that do something as they resolve)
                unread.append({"card": name, "ability": i, "kind": ab.kind, "text": ab.display(), "why": why})
    return {"abilities": total, "does_nothing": inert, "unread": unread}


def print_inert(doc: dict[str, Any], con: Output) -> None:
    n, total = len(doc["does_nothing"]), doc["abilities"]
    con.table(f"{n} of the library's {total} spells, modes, activated and triggered abilities (mana abilities aside) "
              "do nothing as they resolve (608.2c: the game log says 'not executable yet')",
              ["card", "#", "kind", "text"],
              [(e["card"], str(e["ability"]), e["kind"], e["text"]) for e in doc["does_nothing"]])
    con.table(f"{len(doc['unread'])} others whose targets the game loop can't read (not executable: 115.1, "
              "601.2c, 602.2b)", ["card", "#", "kind", "why"],
              [(e["card"], str(e["ability"]), e["kind"], e["why"]) for e in doc["unread"]])
