"""Backup N (702.165, current official rules; issue 21): the abilities its enters trigger grants, read from the card.

702.165a: "Backup N" means "When this creature enters, put N +1/+1 counters on target creature. If that's another
creature, it also gains the non-backup abilities of this creature printed below this one until end of turn." The
abilities granted are the card's own, printed below the keyword (702.165b-c: only printed abilities, in their printed
order): :func:`backup_grants` puts them in the keyword's ``grants`` (engine/vocab/cardfile.py: KeywordAbility), from
which engine/vocab/oracle/keyword_rules.py builds the triggered ability the loop executes. Only keyword abilities
and the activated and triggered abilities the loop executes on the object that has them are granted this way
(engine/vocab/effects.py: GrantedKeyword, GrantedText with its ``ability``); a backup with any other ability below it (a
static ability in words, a mana ability), or a paragraph below it that isn't compiled, keeps no ``grants`` and stays
not executable (never half-read)."""

from __future__ import annotations


def backup_grants(compiled_all: list) -> None:
    """702.165a: in the compiled paragraphs of one card (each a list of abilities, or None), give each backup keyword
    the abilities printed below it, other backup abilities aside (702.165a: "the non-backup abilities"), as the effect
    grants them (:func:`_granted`); none when one of them can't be granted or isn't compiled."""
    for i, compiled in enumerate(compiled_all):
        for k, ab in enumerate(compiled or ()):
            if getattr(ab, "kind", None) != "keyword" or ab.keyword != "backup" or ab.grants is not None:
                continue
            below = list(compiled[k + 1:])
            for later in compiled_all[i + 1:]:
                if later is None:  # a paragraph below not compiled: what backup grants is not known
                    below = None
                    break
                below += later
            if below is None:
                continue
            below = [b for b in below if not (getattr(b, "kind", None) == "keyword" and b.keyword == "backup")]
            grants = [_granted(b) for b in below]
            if not grants or any(g is None for g in grants):
                continue
            compiled[k] = ab.model_validate(dict(ab.model_dump(exclude_none=True), grants=grants))


def _granted(ab) -> dict | None:
    """One ability printed below backup as the effect grants it (613.1f): a keyword ability; an activated or triggered
    ability the loop executes on the object that has it (engine/vocab/oracle/grants.py: granted_quote, as for a quoted
    ability an effect grants: "this creature" is that object, 700.7); else None."""
    if getattr(ab, "kind", None) == "keyword":
        return {p: getattr(ab, p) for p in ("keyword", "n", "cost", "quality") if getattr(ab, p) is not None}
    if getattr(ab, "kind", None) not in ("activated", "triggered"):
        return None
    from engine.vocab.oracle.grants import granted_quote
    from engine.vocab.oracle.objects import NotRead

    text = ab.display()
    try:
        found = granted_quote(f'"{text}"')
    except NotRead:
        return None
    return found if found.get("ability") is not None and found["kind"] == ab.kind else None
