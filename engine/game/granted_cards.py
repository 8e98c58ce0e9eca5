"""Keywords an effect gives a card in a graveyard (613.1f; issue 21), read where the card is cast from there:
"Each instant and sorcery card in your graveyard has flashback. The flashback cost is equal to that card's mana cost."
(Lier, Disciple of the Drowned; 702.34a), "Each creature card in your graveyard has escape. The escape cost is equal to
the card's mana cost plus exile three other cards from your graveyard." (Stormcage Containment Facility; 702.138a).

The layers program applies the effect to the cards its selector matches in the graveyard (611.3a, 613.1): its answer
gives each card there its keyword abilities, printed then granted (bridge.layers.LayersResult.
graveyard_keyword_abilities). A granted keyword whose cost is each card's mana cost
(engine.vocab.effects.GrantedKeyword.cost_is_mana_cost) is the keyword of that card with its own mana cost (and the
rest of the cost after it, escape's "Exile three other cards from your graveyard"). 601.2a: the card moves to the stack
as casting begins, where the effect no longer gives it the keyword; the keyword found as the cast is checked, in the
graveyard, is the one whose cost the cast pays (601.2b, 601.2f): it is kept for the card until its next check."""

from __future__ import annotations

from typing import Any

from bridge.replace.characteristics import AFTER_LAYERS
from engine.game import spell_keywords
from engine.vocab.cardfile import KeywordAbility
from engine.vocab.effects import GrantedKeyword

def _printed(face: Any, name: str):
    return next((a for a in (face.abilities if face is not None else ()) if getattr(a, "keyword", None) == name), None)


_of_card = spell_keywords.of_card  # (the granted keyword as the card's own: engine/game/spell_keywords.py)


def keyword(game: Any, oid: str, face: Any, name: str) -> KeywordAbility | None:
    """The keyword ``name`` the card ``oid`` has to be cast with (``face``: its characteristics as cast): its printed
    one, else the one an effect gives it in its owner's graveyard now (613.1f: the layers' answer), else the one it had
    there as this cast was checked (601.2a: it is on the stack now); None when it has none."""
    own = _printed(face, name)
    if own is not None:
        return own
    st = game.state
    held = game.casting.granted_cast  # {id: {keyword: ability}}: as its cast was checked in the graveyard
    o = st.objects.get(oid)
    if o is None:
        return None
    if oid in st.zone_ids("graveyard", o.owner):
        found = next((_of_card(g, face) for g in game.layers().card_keyword_abilities.get(oid, ())
                      if isinstance(g, GrantedKeyword) and g.keyword == name), None)
        mine = held.setdefault(oid, {})
        if found is None:
            mine.pop(name, None)
        else:
            mine[name] = found
        return found
    return held.get(oid, {}).get(name) if oid in st.stack else None


def zone_ability(game: Any, oid: str, index: int, card: Any) -> KeywordAbility | None:
    """113.6k, 613.1f: the ability ``index`` (a game file's ``ability: N``) of the card ``oid`` in its owner's
    graveyard or hand past its printed abilities (``card``: its card file): the keywords effects give it there,
    numbered after them in the order of the layers' answer (LayersResult.card_keyword_abilities), each as the card's
    own (702.97a scavenge, 702.84a unearth, 702.128a embalm in the graveyard; 702.29a cycling, 702.49a ninjutsu in the
    hand: "[cost], ...": its cost the card's mana cost when the effect says so); None past them."""
    k = index - len(card.abilities)
    granted = [g for g in game.layers().card_keyword_abilities.get(oid, ()) if isinstance(g, GrantedKeyword)]
    if k < 1 or k > len(granted):
        return None
    return _of_card(granted[k - 1], game.state.objects[oid].printed)


def given(game: Any, oid: str, name: str) -> bool:
    """613.1f: the card ``oid`` in a hand, a graveyard, exile or the command zone, or the spell ``oid`` on the stack,
    has the keyword ``name`` after the layers (printed or given: "Creature cards you own that aren't on the battlefield
    have flash.", 702.8a: as it is cast from the hand, and as the spell is checked on the stack, 601.2e)."""
    layers = game.layers()
    return any(getattr(a, "keyword", None) == name for a in layers.card_keyword_abilities.get(oid, ())) \
        or spell_keywords.has(game, oid, name)




def after_layers(game: Any, oid: str, seen: dict) -> dict:
    """611.3a, 613.1: the characteristics ``seen`` of the spell or card ``oid`` (its printed ones, in the shape of the
    layers' answer) with the card types, subtypes, supertypes, colors and abilities the layers give it where it is
    (LayersResult.stack_objects, card_objects: "creature spells you control ... are artifacts", Biotransference)."""
    layers = game.layers()
    found = layers.stack_objects.get(oid) or layers.card_objects.get(oid)
    return seen if found is None else {**seen, **{k: found[k] for k in AFTER_LAYERS if k in found}}
