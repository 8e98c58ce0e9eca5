"""The keyword abilities an effect gives a spell on the stack (613.1f; issue 21): "Spells you cast have split second"
(The Misty Stepper), "Sliver spells you cast have cascade" (The First Sliver), "Instant and sorcery spells you cast
have storm" (Prismari, the Inspiration), "Instant and sorcery spells you control have rebound" (Cast Through Time). The
spell is on the stack from the start of its casting (601.2a), where the layers program applies the effect to it
(bridge.layers.LayersResult.stack_objects: its abilities after the layers); the game loop reads these keywords from
there, beside the spell's own: the cast triggers of cascade and storm (702.85a, 702.40a, 601.2i), rebound's exile as
it resolves (702.88a), split second's restriction (702.61a). A keyword the spell has printed and is given again counts
once here (702.85b, 702.40b: each instance triggers; the layers' answer names each keyword once)."""

from __future__ import annotations

from typing import Any

from engine.vocab.cardfile import KeywordAbility

# the keywords of a spell the game loop reads from the layers (those without a parameter)
READ = ("cascade", "storm", "rebound", "split second")


def granted(game: Any, oid: str, own: Any) -> list[KeywordAbility]:
    """The keywords of READ the layers give the spell ``oid`` that its own abilities ``own`` (its characteristics as
    cast, printed or copied) don't have: one instance each."""
    names = set(game.layers().stack_objects.get(oid, {}).get("abilities", ()))
    mine = {getattr(a, "keyword", None) for a in own}
    return [KeywordAbility(kind="keyword", keyword=k) for k in READ if k in names and k not in mine]


def has(game: Any, oid: str, keyword: str) -> bool:
    """The spell ``oid`` on the stack has ``keyword`` after the layers (613.1f), printed or given."""
    return keyword in game.layers().stack_objects.get(oid, {}).get("abilities", ())
