"""201.3, 614.12: the card name a permanent's controller chooses as it enters ("As this artifact enters, choose a card
name.": Pithing Needle; "choose a nonland card name": Meddling Mage, 201.3a), kept in its ``choices.card_name``, which
"the chosen name" of its other abilities names through the game loop's one selector matcher (bridge/selectors.py,
``chosen_name``): the spells that can't be cast (601.3), the activated abilities that can't be activated (602.5), the
spells whose total cost changes (601.2f). The value comes from the script ({as_enters: {card_name: NAME}}), checked
against the cards the game knows (the library, else the card database: engine/files/library.py). Also the player
chosen as it enters ("choose an opponent": its ``choices.player``, "the chosen player's maximum hand size")."""

from __future__ import annotations

from engine.files.errors import InputError
from engine.game.common import GameError, _name


def name_types(game, oid: str) -> tuple[str, ...]:
    """201.3a: the card types the name chosen as ``oid`` enters must not have ("a nonland card name": Land), from its
    card's replacement effect choosing a card name."""
    card = game.card_file(oid)
    for ab in card.abilities if card is not None else ():
        rule = getattr(ab, "replacement", None)
        if rule is not None and rule.do == "choose" and rule.choice == "card_name":
            return tuple(rule.name_not_types)
    return ()


def auto(game, oid: str, player: str, barred: tuple[str, ...]) -> str:
    """--auto: the name of the first card (not a token, 201.3) another player owns, in board order, that has none of
    the ``barred`` card types (201.3a); else the permanent's own name."""
    st = game.state
    for x, o in st.objects.items():
        if o.owner != player and o.printed is not None and o.kind != "token" and o.card_name \
                and not set(o.printed.types) & set(barred):
            return o.printed.name
    return st.objects[oid].printed.name


def check(game, oid: str, value, barred: tuple[str, ...]) -> str:
    """201.3: ``value`` must be the name of a card (not a token definition's); 201.3a: one with none of the
    ``barred`` card types. Returns the name as the card has it."""
    st = game.state
    if not isinstance(value, str) or not value:
        raise GameError(game.where(), f"201.3: {value!r} is not a card name", "name a card, e.g. Lightning Bolt")
    try:
        card = game.library.lookup(value)
    except InputError as e:
        raise GameError(game.where(), f"201.3: {value!r} is not the name of a card: {e.problem}",
                        e.fix or "name a card of the Oracle card reference") from None
    if card.token:
        raise GameError(game.where(), f"201.3: {card.name!r} is a token's name, not a card's",
                        "name a card of the Oracle card reference")
    wrong = sorted(set(card.types) & set(barred))
    if wrong:
        raise GameError(game.where(), f"201.3a: {card.name} is a {wrong[0].lower()} card: {_name(st, oid)} names a "
                                      f"non{wrong[0].lower()} card", "name a card with none of the types "
                        + ", ".join(barred))
    return card.name


def check_player(game, oid: str, value, not_player: str | None) -> None:
    """614.12, 102.1: the player chosen as ``oid`` enters ("choose a player") is a player of the game; "choose an
    opponent": not its controller ``not_player`` (102.2). (Kept with the card name's checks: the choices of a
    permanent entering that name something outside the board's objects.)"""
    st = game.state
    if value not in st.player_names or value == not_player:
        able = [p for p in st.player_names if p != not_player]
        raise GameError(game.where(), f"614.12: {value!r} is not {'an opponent' if not_player else 'a player'} "
                                      f"{_name(st, oid)} may choose", "choose one of " + ", ".join(able))
