"""Kinship (issue 21: "At the beginning of your upkeep, you may look at the top card of your library. If it shares a
creature type with this creature, you may reveal it. If you do, ..."): the vocabulary's ``reveal_top_sharing``, the
first operation of a `may` (engine/vocab/oneshot_actions.py), for engine/game/instructions.py: whether the top card
was revealed (its "If you do" happens only then, 608.2c)."""

from __future__ import annotations

from asp_rules.rulesdata import is_creature_type
from bridge.replace import characteristics
from engine.files import gamefile as gf
from engine.game.common import GameError, _name


def _creature_types(c: dict | None) -> tuple[set[str], bool]:
    """205.3m: an object's creature types, and whether it has every one (a changeling, 702.73a of the current official
    rules: its characteristic-defining ability functions in every zone, 604.3)."""
    if c is None:
        return set(), False
    every = bool(c.get("all_creature_types")) or any(str(a).lower() == "changeling" for a in c.get("abilities", ()))
    return {s for s in c.get("subtypes", ()) if is_creature_type(s)}, every


def may_reveal(game, source: str, you: str, name: str) -> bool:
    """401.2, 701.20a, 608.2d: the controller looks at the top card of their library; only if it shares a creature type
    with the source (as it is now) may they reveal it ({may: true|false, by:
    PLAYER}; --auto: they do); it stays on top. Returns whether it was revealed."""
    st = game.state
    library = st.zone_ids("library", you)
    if not library:
        game.say("401.2", f"{you}'s library is empty: there is no card to look at for {name}")
        return False
    top = library[0]
    chars = characteristics(st, game.layers())
    mine, mine_all = _creature_types(chars.get(source))  # (after the layers on the battlefield; printed elsewhere)
    theirs, theirs_all = _creature_types(chars.get(top))
    shares = bool(mine & theirs) or (mine_all and (theirs or theirs_all)) or (theirs_all and (mine or mine_all))
    if not shares:
        game.say("608.2d", f"{you} looks at the top card of their library for {name}: it shares no creature type with "
                           f"{name}, it can't be revealed")
        return False
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, you):
        game.take()
        yes = bool(act.may)
    elif game.auto:
        yes = True
    else:
        raise GameError(game.where(), f"701.20a: {you} may reveal {_name(st, top)}, the top card of their library, for "
                                      f"{name} (it shares a creature type with it)",
                        "add {may: true, by: " + you + "} or {may: false, by: " + you + "}, or use --auto")
    game.say("701.20a", f"{you} {'reveals' if yes else 'does not reveal'} {_name(st, top)} for {name}")
    return yes
