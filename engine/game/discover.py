"""Exiling from the top of a library until a card that may be cast free (issue 21): cascade (702.85a) and discover
(701.57a, the seed text), one procedure for both.

702.85a: "exile cards from the top of your library until you exile a nonland card whose mana value is less than this
spell's mana value. You may cast that card without paying its mana cost if the resulting spell's mana value is less
than this spell's mana value. Then put all cards exiled this way that weren't cast on the bottom of your library in a
random order."

701.57a: "Discover N" means "Exile cards from the top of your library until you exile a nonland card with mana value
N or less. You may cast that card without paying its mana cost if the resulting spell's mana value is less than or
equal to N. If you don't cast it, put that card into your hand. Put the remaining exiled cards on the bottom of your
library in a random order." 701.57b: a player has discovered even if some or all of those actions were impossible.

The answer to the cast: {cast: ID, cascade: true} (discover: true) with its targets, cast while the trigger or spell
resolves (608.2g: no player receives priority after), or {cast: ID, cascade: false} (discover: false); --auto doesn't
cast it. The casting checks the card and the resulting spell's mana value (engine/game/casting.py: ``free_card``,
``free_below``, ``free_kind``)."""

from __future__ import annotations

import random

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game.common import GameError, Rejected, _name

# how each exiles, and what becomes of the card found and not cast
_RULES = {"cascade": ("702.85a", "library"), "discover": ("701.57a", "hand")}


def exile_until_free(game, kind: str, below: int, you: str) -> None:
    """Exile from the top of ``you``'s library until a nonland card whose mana value is less than ``below`` (cascade:
    the spell's mana value; discover N: N + 1); its owner may cast it without paying its mana cost (the answer's
    ``cascade`` or ``discover``); not cast, it stays among the exiled cards (cascade) or goes to its owner's hand
    (discover); the rest go to the bottom of the library in a random order."""
    rule, unused = _RULES[kind]
    st = game.state
    exiled, found = [], None
    for card in list(st.zone_ids("library", you)):
        game.events.zone_changes([ZoneChange(type="zone_change", object=card, **{"from": "library"}, to="exile")],
                                 rule, f"is exiled from the top of the library ({kind})")
        exiled.append(card)
        chars = st.objects[card].printed
        if chars is not None and "Land" not in chars.types and chars.mana_value < below:
            found = card
            break
    if found is not None and found in st.exile:
        act = game.action()
        if isinstance(act, gf.Cast) and act.cast == found and getattr(act, kind) is not None and act.by in (None, you):
            game.take()
            if getattr(act, kind):
                casting = game.casting
                casting.free_card, casting.free_below, casting.free_kind = found, below, kind
                try:
                    game.priority.perform(act, you)
                finally:
                    casting.free_card = casting.free_kind = None
        elif not game.auto:
            raise GameError(game.where(), f"{rule}: {you} may cast {_name(st, found)} without paying its mana cost",
                            f"add {{cast: {found}, {kind}: true}} (with its targets) or {{cast: {found}, {kind}: "
                            "false}, or use --auto (not cast)")
        if unused == "hand" and found in st.exile:  # 701.57a: "If you don't cast it, put that card into your hand."
            game.events.zone_changes([ZoneChange(type="zone_change", object=found, **{"from": "exile"}, to="hand")],
                                     rule, "isn't cast: it is put into its owner's hand")
    rest = [c for c in exiled if c in st.exile]
    random.Random(f"{st.turn}:{you}:{len(rest)}").shuffle(rest)
    game.events.zone_changes([ZoneChange(type="zone_change", object=c, **{"from": "exile"}, to="library")
                              for c in rest], rule, "is put on the bottom of its owner's library")


def check_free(casting, act: gf.Cast, oid: str, name: str, mana_value: int | None = None) -> None:
    """The cast ``act`` of ``oid`` with ``cascade: true`` or ``discover: true`` (engine/game/casting.py): refused
    unless that card is the one the cascade trigger (discover) resolving now found, and, with the resulting spell's
    ``mana_value``, unless it is less than the bound (702.85a: this spell's; 701.57a: N or less)."""
    kind = "cascade" if act.cascade else "discover" if act.discover else None
    if kind is None:
        return
    rule = _RULES[kind][0]
    if casting.free_card != oid or casting.free_kind != kind:
        raise Rejected(rule, f"{name} may be cast without paying its mana cost only as the "
                             f"{'cascade trigger' if kind == 'cascade' else 'discover'} that exiled it resolves")
    if mana_value is not None and mana_value >= casting.free_below:
        raise Rejected(rule, f"the resulting spell's mana value, {mana_value}, is not less than {casting.free_below}: "
                             f"{kind} doesn't let it be cast")


def discover(game, n: int, you: str, name: str) -> None:
    """701.57a: ``you`` discovers N as the spell or ability ``name`` resolves."""
    game.say("701.57a", f"{name}: {you} discovers {n}")
    exile_until_free(game, "discover", n + 1, you)
