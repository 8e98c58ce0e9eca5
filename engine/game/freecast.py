"""Casting a spell without paying its mana cost as a spell or ability resolves (issue 21): "You may cast a spell with
mana value 4 or less from your hand without paying its mana cost." (the vocabulary's ``cast_free``,
engine/vocab/oneshot_freecast.py).

608.2g: the spell is cast while the spell or ability resolves: its controller casts it then, following 601.2a-i in
full (its modes, targets, additional costs such as kicker may be chosen and paid), timing permissions ignored (the
effect allows it now, engine/game/casting.py ``timing_ok``); 118.9: "without paying its mana cost" is an alternative
cost of no mana (118.9a: no other alternative cost with it; 107.3b: an X of its mana cost is 0). The permission is for
one card of the zone the effect names whose resulting spell the effect's quality names (601.3e, 202.3: its mana value
as a spell on the stack); its controller may decline.

The answer: {cast: ID, free: true} (with its targets, modes, ...), cast while the ability resolves, or {may: false}
(none cast); --auto casts none. A cast refused (733: undone) leaves the choice to the player again. casting.py asks :func:`check` as the cast begins and :func:`check_spell` once the
spell's characteristics on the stack are known (a refused cast is undone, 733)."""

from __future__ import annotations

from types import SimpleNamespace

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game.common import GameError, Rejected, _name

_FROM_EXILE = SimpleNamespace(from_zone="exile", spells=None, exile_instead=False)  # "You may cast that card ..."


def cast_free(ins, op, source: str, you: str, targets, name: str) -> None:
    """608.2g: ``you`` may cast a card from ``op.from_zone`` whose spell ``op.spells`` names without paying its mana
    cost, now, as ``name`` resolves."""
    game = ins.game
    st = game.state
    card = None
    if op.from_zone == "graveyard":  # 115.1, 608.2b: the card targeted, if it is still a legal target
        card = targets[op.target - 1] if op.target <= len(targets) else None
        if card is None or card not in st.objects or st.objects[card].zone != "graveyard":
            game.say("608.2b", f"{name}: the card it targets is gone or illegal: {you} casts nothing")
            return
    _offer(game, op, card, you, name)


def _offer(game, op, card: str | None, you: str, name: str, among: list[str] | None = None) -> bool:
    """608.2g: ``you`` may cast ``card`` (None: a card of ``op.from_zone`` they choose; ``among``: one of these cards)
    without paying its mana cost, now; a refused cast (733) leaves the choice to them again. True if they cast one."""
    st = game.state
    casting = game.casting
    act = game.action()
    while isinstance(act, gf.Cast) and act.free and act.by in (None, you):
        game.take()
        refused = len(game.rejected)
        if among is not None and act.cast not in among:  # 608.2g: only the cards the effect names
            why = f"the effect lets {you} cast only {', '.join(_name(st, x) for x in among) or 'no card'}, not " \
                  f"{_name(st, act.cast) if act.cast in st.objects else act.cast}"
            game.rejected.append({"action": game.pos - 1, "rule": "608.2g", "message": why})
            game.say("608.2g", f"rejected: {why}; the game goes back to before the action (733)")
            act = game.action()
            continue
        casting.free_card, casting.free_kind, casting.free_op = card or act.cast, "free", op
        try:
            game.priority.perform(act, you)
        finally:
            casting.free_card = casting.free_kind = casting.free_op = None
        if len(game.rejected) == refused:
            if op.exile_instead and act.cast in st.stack:  # 614.1a: a replacement effect on that spell
                st.objects[act.cast].choices["exile_instead"] = True
            return True
        act = game.action()  # 733: an illegal cast undone, the choice is theirs again
    if isinstance(act, gf.MayAnswer) and act.by in (None, you) and not act.may:
        game.take()
        game.say("608.2d", f"{you} casts no {'more ' if among is not None else ''}spell without paying its mana cost "
                           f"({name})")
        return False
    if game.auto:
        game.say("608.2d", f"{you} casts no spell without paying its mana cost ({name}; --auto)")
        return False
    what = f"{_name(st, card)} from its owner's {op.from_zone}" if card else f"a spell from their {op.from_zone}"
    raise GameError(game.where(), f"608.2g: {you} may cast {what} without paying its mana cost as {name} resolves",
                    f"add {{cast: ID, free: true, by: {you}}} (with its targets) or {{may: false, by: {you}}}, or use "
                    "--auto (none cast)")


def _free_plays(casting, oid: str, player: str) -> tuple[list, list]:
    """611.2a: the permissions to play the exiled card ``oid`` that ``player`` has (engine/game/play_exiled.py), those
    "without paying its mana cost" (118.9) and the others."""
    st = casting.game.state
    o = st.objects.get(oid)
    found = [p for p in casting.game.exiled_plays if o is not None and oid in st.exile and p.card == oid
             and p.player == player and p.zone_changes == o.zone_changes]
    return [p for p in found if p.free], [p for p in found if not p.free]


def check(casting, act: gf.Cast, oid: str, where: str | None, player: str) -> None:
    """The cast ``act`` with ``free: true``: refused unless a resolving ``cast_free`` lets its caster cast this card
    now (608.2g), from the zone it names (601.2a), or an effect lets them play it from exile without paying its mana
    cost (611.2a, 118.9: "Until end of turn, you may play that card without paying its mana cost."); a card only such an
    effect lets them cast from exile is cast that way only."""
    name = _name(casting.game.state, oid)
    free, paid = _free_plays(casting, oid, player) if where == "exile" else ([], [])
    if not act.free:
        if free and not paid and casting.free_card != oid:
            raise Rejected("118.9", f"{free[0].source} lets {player} play {name} without paying its mana cost only "
                                    "(free: true)")
        return
    if free and casting.free_kind != "free":  # 611.2a: at the usual times (117.1a), not during a resolution
        return
    if casting.free_kind == "free" and casting.free_card != oid and casting.free_op.from_zone != "hand":
        raise Rejected("608.2g", f"the effect lets its controller cast only the card it names, "
                                 f"{_name(casting.game.state, casting.free_card)}, not {name}")
    if casting.free_kind != "free" or casting.free_card != oid:
        raise Rejected("608.2g", f"{name} may be cast without paying its mana cost only as the spell or ability that "
                                 "lets it resolves")
    if where != casting.free_op.from_zone:
        raise Rejected("601.2a", f"{name} is not in its caster's {casting.free_op.from_zone}: the effect lets them cast "
                                 f"a card from there only")


def exiled_instead(o) -> bool:
    """614.1a: "If that spell would be put into your graveyard, exile it instead." applies to the spell ``o`` (cast by
    a ``cast_free`` with ``exile_instead``): it is exiled whenever it would go to a graveyard from the stack
    (engine/game/resolve.py: as it resolves, or is countered)."""
    return bool(o is not None and o.choices.get("exile_instead"))


def check_spell(casting, act: gf.Cast, oid: str, chars, player: str) -> None:
    """601.3e, 202.3: the resulting spell (its characteristics on the stack, X being 0) is one the effect names."""
    if not act.free or casting.free_op is None or casting.free_op.spells is None:
        return
    if not casting.spell_is(casting.free_op.spells, oid, chars, player):
        raise Rejected("601.3", f"{casting.spell_text(chars, oid)} (mana value {chars.mana_value}) is not a spell the "
                                "effect lets its caster cast without paying its mana cost")


def exile_until_nonland(ins, op, source: str, you: str, targets, name: str) -> None:
    """701.13a: ``you`` exiles cards from the top of their library one at a time until a nonland card (or none is
    left); with ``op.cast_free`` they may cast that card without paying its mana cost (608.2g, 118.9)."""
    game = ins.game
    st = game.state
    found = None
    for card in list(st.zone_ids("library", you)):
        game.events.zone_changes([ZoneChange(type="zone_change", object=card, **{"from": "library"}, to="exile")],
                                 "701.13a", f"is exiled from the top of {you}'s library ({name})")
        chars = st.objects[card].printed
        if chars is not None and "Land" not in chars.types:
            found = card
            break
    if found is None:
        game.say("701.13a", f"{you} exiled no nonland card ({name})")
    elif op.cast_free and found in st.exile:
        _offer(game, _FROM_EXILE, found, you, name)


def exile_top_cast_any(ins, op, source: str, you: str, targets, name: str) -> None:
    """701.13a: the top card of each player's library exiled at once; 608.2g, 118.9: then ``you`` casts any number of
    those cards (the nonland ones still in exile), one after another, without paying their mana costs, until they
    decline ({may: false}) or none is left."""
    game = ins.game
    st = game.state
    tops = [st.zone_ids("library", p)[0] for p in game.players_from(st.active) if st.zone_ids("library", p)]
    if tops:
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="exile")
                                  for x in tops], "701.13a", f"is exiled from the top of its owner's library ({name})")
    while True:
        left = [x for x in tops if x in st.exile and st.objects[x].printed is not None
                and "Land" not in st.objects[x].printed.types]
        if not left or not _offer(game, _FROM_EXILE, None, you, name, among=left):
            return


OPS = {"cast_free": cast_free, "exile_until_nonland": exile_until_nonland, "exile_top_cast_any": exile_top_cast_any}
