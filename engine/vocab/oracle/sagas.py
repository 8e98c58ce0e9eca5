"""Sagas' chapter abilities (714, the current official rules: the seed's text stops at 702.42, and its glossary's
"chapter symbol" entry gives the same meaning) compiled into the card vocabulary (issue 21).

714.2b: "{rN}—[Effect]" means "When one or more lore counters are put onto this Saga, if the number of lore counters on
it was less than N and became at least N, [effect]."; 714.2c: "{rN1}, {rN2}—[Effect]" is the same as "{rN1}—[Effect]"
and "{rN2}—[Effect]". A chapter paragraph ("I — Each opponent discards a card.", "II, III — ...") compiles to one
triggered ability whose trigger is ``{event: counters_put, kind: lore, chapters: [N, ...]}`` (engine/vocab/triggers.py)
and whose effect is the chapter's text read by family 5 (oneshot.lark) as a triggered ability's effect: the paragraph
compiles only when all of that text is read. The game loop: engine/game/sagas.py (the lore counters, 714.3a-b and
505.4; the chapter triggers, 714.2b; the sacrifice, 704.5s)."""

from __future__ import annotations

import re

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_FLAVOR_WORD = re.compile(r"[A-Z][A-Za-z' ,!-]* — ")
_HEAD = re.compile(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (.+)$")
# the trigger the chapter's effect is read under: the source's own event, "it" the source (the Saga)
_AS_TRIGGER = "When ~ enters, "
HEAD = _AS_TRIGGER[:-2]  # (a modal chapter's modes are read after this head: engine/vocab/oracle/compile.py)


def chapters(bare: str) -> tuple[tuple[int, ...], str] | None:
    """The chapter numbers of a chapter paragraph (714.2b-c) and its effect's words, or None."""
    m = _HEAD.match(bare)
    if m is None:
        return None
    numbers = tuple(ROMAN[r] for r in m.group(1).split(", "))
    if list(numbers) != sorted(set(numbers)):
        return None
    return numbers, m.group(2)


def read(bare: str) -> list[dict] | None:
    """The chapter ability a paragraph is (one triggered ability, 714.2b-c), or None (not a chapter paragraph, or its
    effect not read whole)."""
    from engine.vocab.oracle import oneshot

    found = chapters(bare)
    if found is None:
        return None
    numbers, effect = found
    flavor = _FLAVOR_WORD.match(effect)  # 207.2d: a flavor word ("I, II — Mesmerize — ..."): no rules meaning
    if flavor is not None:
        effect = effect[flavor.end():]
    if not effect[:1].isupper() and not effect.startswith("~"):
        return None
    # (the first word lowercased as it is after a trigger's comma, unless it is a name: "Knights you control get ...")
    abilities = oneshot.read(_AS_TRIGGER + effect[:1].lower() + effect[1:]) or oneshot.read(_AS_TRIGGER + effect)
    if abilities is None or len(abilities) != 1:
        return None
    ab = abilities[0]
    if ab.get("kind") != "triggered" or ab.get("trigger") != {"event": "enters"}:
        return None  # (an intervening "if" is not a chapter's plain effect: not read)
    # 700.2, 603.3c: a modal chapter ("I — Choose one —"): its modes the "•" paragraphs that follow, each read as this
    # trigger's effect (compile.compile_mode, HEAD); the whole ability not compiled when one of them isn't (dbcards)
    return [dict(ab, trigger={"event": "counters_put", "kind": "lore", "chapters": list(numbers)})]
