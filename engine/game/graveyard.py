"""The triggered abilities "at the beginning of" a step of a card in its owner's graveyard (issue 21): 113.6m
(numbered 113.6k in the CR before 2024): an ability whose effect moves the object it's on out of a zone functions
only in that zone. "At the beginning of your upkeep, you may return this card from your graveyard to your hand."
(Squee, Goblin Nabob) triggers while the card is in its owner's graveyard, and not while it is on the
battlefield. (The ones on events carry ``source_zone: graveyard``: engine/game/triggered.py reads them there.)"""

from __future__ import annotations

from engine.vocab.oneshot import StepTrigger
from engine.files import planar


def returns_self(ab) -> bool:
    """113.6m: the ability's effect returns its card from its owner's graveyard (``return_self``, or in a may)."""
    ops = getattr(ab, "one_shot", None) or []
    return any(o.op == "return_self" for op in ops for o in [op] + list(getattr(op, "one_shot", None) or [])
               + list(getattr(op, "if_you_do", None) or []))  # (118.12: "you may pay {N}. If you do, return ...")


def exiles_self(game, ab, source: str) -> bool:
    """113.6k, 702.59a: "exile this card" of a triggered ability that functions in its card's owner's graveyard
    (``source_zone: graveyard``: recover's "Otherwise, exile this card."): the card is exiled from there if it is still
    the same object (400.7: it never left the graveyard since the ability triggered)."""
    o = game.state.objects.get(source)
    if getattr(getattr(ab, "trigger", None), "source_zone", None) != "graveyard" or o is None or o.zone != "graveyard":
        return False
    ref = game.resolution.resolving_refs.get("self")
    return ref is None or game.same(ref)


def from_graveyard(ab) -> bool:
    """113.6m: a step trigger that functions in the graveyard only (its effect returns its card from there)."""
    return isinstance(getattr(ab, "trigger", None), StepTrigger) and returns_self(ab)


def step_sources(game) -> list:
    """503.1, 603.2b, 113.6m: the step triggers in force as a step begins: each permanent's (after the layers), but
    not those that function in the graveyard, and those of the cards in graveyards (their printed abilities),
    controlled by the card's owner (113.8: a source with no controller); as (source, index, ability, you)."""
    st = game.state
    out = [t for t in game.abilities_in_force() if not from_graveyard(t[2])]
    out += planar.abilities(game.state)  # 311.4: a face-up plane's, in the command zone, the planar controller's
    for p in st.player_names:
        for x in st.zone_ids("graveyard", p):
            card = st.objects[x].printed
            out += [(x, index, ab, st.objects[x].owner) for index, ab in enumerate(card.abilities if card else (), 1)
                    if from_graveyard(ab)]
    return out
