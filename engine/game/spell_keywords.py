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


# the keywords of a spell's optional additional costs the game loop reads from the layers too, with their parameter
# (601.2b, 601.2f; the current official rules: 702.56a replicate, "Each instant and sorcery spell you cast has
# replicate. The replicate cost is equal to its mana cost.", Djinn Illuminatus; 702.153a casualty N; 702.78a conspire)
OPTIONAL = ("replicate", "casualty", "conspire")


def granted(game: Any, oid: str, own: Any) -> list[KeywordAbility]:
    """The keywords of READ and OPTIONAL the layers give the spell ``oid`` that its own abilities ``own`` (its
    characteristics as cast, printed or copied) don't have: one instance each."""
    names = set(game.layers().stack_objects.get(oid, {}).get("abilities", ()))
    mine = {getattr(a, "keyword", None) for a in own}
    face = game.state.objects[oid].printed if oid in game.state.objects else None
    given = [given_keyword(game, oid, face, k) for k in OPTIONAL if k not in mine]
    return [KeywordAbility(kind="keyword", keyword=k) for k in READ if k in names and k not in mine] + \
        [g for g in given if g is not None]


def keyword(game: Any, oid: str, face: Any, name: str) -> KeywordAbility | None:
    """The keyword ``name`` of the spell ``oid`` being cast (``face``: its characteristics as cast): its own, else, for
    a keyword of OPTIONAL, the one an effect gives the spell on the stack (601.2a: it is there from the start of its
    casting; 613.1f: :func:`given_keyword`); None when it has none."""
    own = next((a for a in (face.abilities if face is not None else ()) if getattr(a, "keyword", None) == name), None)
    return own if own is not None or name not in OPTIONAL else given_keyword(game, oid, face, name)


def given_keyword(game: Any, oid: str, face: Any, name: str) -> KeywordAbility | None:
    """613.1f: the keyword ``name`` the layers give the spell ``oid`` on the stack (LayersResult.card_keyword_abilities),
    as the spell's own: its cost the spell's mana cost when the effect says so ("The replicate cost is equal to its
    mana cost."; a spell with no mana cost has no such cost, 118.6); None when no effect gives it."""
    from engine.vocab.effects import GrantedKeyword

    if oid not in game.state.stack:
        return None
    found = (g for g in game.layers().card_keyword_abilities.get(oid, ()) if isinstance(g, GrantedKeyword) and g.keyword == name)
    return next((k for k in (of_card(g, face) for g in found) if k is not None), None)


def of_card(granted: Any, face: Any) -> KeywordAbility | None:
    """The granted keyword as the card's (or spell's) own ability: its cost the card's mana cost when the effect says so
    (118.6: a card with no mana cost has no such cost to pay, so no such ability), else the granted cost."""
    if not getattr(granted, "cost_is_mana_cost", False):
        return KeywordAbility(kind="keyword", keyword=granted.keyword, n=granted.n, cost=granted.cost,
                              quality=granted.quality)
    mana = getattr(face, "mana_cost", None)
    if not mana:
        return None
    cost = mana + (f", {granted.cost}" if granted.cost else "")
    return KeywordAbility(kind="keyword", keyword=granted.keyword, cost=cost)


def has(game: Any, oid: str, keyword: str) -> bool:
    """The spell ``oid`` on the stack has ``keyword`` after the layers (613.1f), printed or given."""
    return keyword in game.layers().stack_objects.get(oid, {}).get("abilities", ())
