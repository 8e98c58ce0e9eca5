"""Planechase on a board (901 of the current official rules; the French seed text has no 901, its 311 "Plans", 312
"Phénomènes", 701.31 and 116.2i say the same): each player's planar deck (``planar_deck``, top first: face down in
the command zone, 311.2, 312.2) and the face-up plane or phenomenon (a plane or phenomenon card of ``command``),
checked as the board is read; the face-up card is controlled by the planar controller, the active player (311.5,
312.4), and has a timestamp (613.7h). The game loop's part: engine/game/planechase.py."""

from __future__ import annotations

from typing import Any

from engine.state.model import Characteristics, GameObject, GameState

PLANAR = ("Plane", "Phenomenon")  # 311.1, 312.1


def is_planar(o: GameObject) -> bool:
    """A plane or phenomenon card (311.1, 312.1)."""
    return o.printed is not None and any(t in o.printed.types for t in PLANAR)


def face_up(st: GameState) -> list[str]:
    """The face-up planes and phenomena: the plane and phenomenon cards of the command zone (311.4, 312.2; a planar
    deck's cards are face down, in ``planar_decks``)."""
    return [x for x in st.command if is_planar(st.objects[x])]


def abilities(st: GameState) -> list[tuple[str, int, Any, str]]:
    """311.4: the abilities of the face-up planes and phenomena, which function in the command zone, as (source, index,
    ability, the planar controller, 311.5): for the game loop's trigger checks (engine/game/triggered.py,
    engine/game/graveyard.py step_sources)."""
    return [(x, i, ab, st.active) for x in face_up(st) for i, ab in enumerate(st.objects[x].printed.abilities, 1)]


def build(loader: Any, st: GameState) -> GameState:
    """The board's planar decks and face-up plane or phenomenon, checked: only plane and phenomenon cards in a
    planar deck (901.3 of the current official rules), each plane or phenomenon card of the command zone face up,
    controlled by the active player (311.5, 312.4), with the next timestamp (613.7h)."""
    b = loader.b
    for player, cards in b.planar_deck.items():
        loader.check_player(player, f"planar_deck.{player}")
        ids = []
        for i, entry in enumerate(cards):
            f = f"planar_deck.{player}[{i}]"
            name = entry if isinstance(entry, str) else entry.card
            card = loader.card(name, f if isinstance(entry, str) else f"{f}.card", "command")
            if not any(t in card.types for t in PLANAR):
                raise loader.err(f, f"{card.name!r} is not a plane or phenomenon card: a planar deck holds only those "
                                    "(901.3)", "name a card whose type line says Plane or Phenomenon")
            explicit = None if isinstance(entry, str) else entry.id
            if explicit is not None and (explicit in loader.objects or explicit in loader.players):
                raise loader.err(f"{f}.id", f"duplicate id {explicit!r}", "give every object its own id")
            oid = loader.new_id(explicit, card.name)
            loader.objects[oid] = GameObject(id=oid, kind="card", zone="command", owner=player, controller=None,
                                             printed=Characteristics.of_card(card), card_name=card.name)
            ids.append(oid)
        st.planar_decks[player] = ids
    for player, n in b.planar_die_rolls.items():
        loader.check_player(player, f"planar_die_rolls.{player}")
        st.planar_rolls[player] = n
    for oid in st.command:
        o = st.objects[oid]
        if is_planar(o):  # 311.5, 312.4: the planar controller; 613.7h: a timestamp as it is turned face up
            o.controller, o.timestamp = st.active, st.next_timestamp
            st.next_timestamp += 1
    return st
