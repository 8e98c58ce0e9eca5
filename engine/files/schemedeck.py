"""The archenemy and their scheme deck as a board file says them (904, Archenemy: the current official rules; the seed's
French text cites 904 but stops before it; its 314 gives the scheme cards' rules): ``archenemy`` a player of the board,
``scheme_deck`` the ids of scheme cards that player owns in the command zone (314.2: scheme cards stay there all game,
in the scheme deck face down, or face up), top first, each once; every scheme card of the board in the command zone
(108.5, 314.2), the archenemy's (314.1). A scheme card of the archenemy's in the command zone
and not in ``scheme_deck`` is face up. Anything else is bad input naming the field (exit 2)."""

from __future__ import annotations

from typing import Any


def _is_scheme(o) -> bool:
    """314.1: a card of the card type scheme."""
    return o.printed is not None and "Scheme" in o.printed.types


def build(builder, command: list[str]) -> dict[str, Any]:
    """The GameState fields ``archenemy`` and ``scheme_deck`` from the board's, checked against the command zone
    ``command`` (the ids the builder made there) and its objects."""
    b = builder.b
    if b.archenemy is None and b.scheme_deck:
        raise builder.err("scheme_deck", "a scheme deck without an archenemy (904: only the archenemy has one)",
                          "add 'archenemy: PLAYER'")
    who = builder.check_player(b.archenemy, "archenemy") if b.archenemy is not None else None
    for oid, o in builder.objects.items():  # 314.2, 108.5 (a nontraditional card begins the game in the command zone
        if not _is_scheme(o):                # only): a scheme card is there, the archenemy's (904)
            continue
        if o.zone != "command":
            raise builder.err(o.zone, f"{oid!r} is a scheme card: scheme cards stay in the command zone (314.2)",
                              "list it under 'command' and name it in 'scheme_deck'")
        if o.owner != who:
            raise builder.err("command", f"{oid!r} is a scheme card of {o.owner}'s, who is not the archenemy (314.1: only "
                                         "the archenemy of an Archenemy game has scheme cards, 904)",
                              f"add 'archenemy: {o.owner}', or take the card out")
    if b.archenemy is None:
        return {}
    seen: set[str] = set()
    for k, oid in enumerate(b.scheme_deck):
        o = builder.objects.get(oid) if oid in command else None
        where = f"scheme_deck[{k}]"
        if o is None:
            raise builder.err(where, f"{oid!r} is not the id of a card in the command zone (314.2: a scheme deck is "
                                     "there)", f"list it under 'command: {{{who}: [{{card: NAME, id: {oid}}}]}}'")
        if o.owner != who or not _is_scheme(o):
            raise builder.err(where, f"{oid!r} is not a scheme card the archenemy {who} owns (314.1, 904)",
                              "list only the archenemy's scheme cards")
        if oid in seen:
            raise builder.err(where, f"{oid!r} is listed twice", "give each scheme card once")
        seen.add(oid)
    return {"archenemy": who, "scheme_deck": list(b.scheme_deck)}
