"""The monarch (722, numbered as in the seed's table of contents, "722. Le Monarque"; its text from the current official
rules: the seed text stops at 702.42), a designation of the game loop.

722.1: the monarch is a designation a player can have (GameState.monarch); there is none until an effect instructs a
player to become the monarch ({op: become_monarch}, engine/vocab/oneshot_monarch.py: ``become``). 722.2: two inherent
triggered abilities go with it, with no source (an exception to 113.8), controlled by the player who was the monarch as
they triggered: "At the beginning of the monarch's end step, that player draws a card" (``end_step_trigger``, as the end
step begins, 513.1) and "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch"
(engine/game/triggered.py: monarch_triggers, on the damage events as they happen); they go on the stack like any
triggered ability (603.3) and are resolved here (``resolve``). 722.3: only one player is the monarch at a time: as a
player becomes it, the monarch before ceases to be it. 722.4: if the monarch leaves the game, the active player becomes
the monarch; if the active player is the one leaving, the next player in turn order (``left_game``)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import MONARCH, MONARCH_END, MonarchPart, Triggered

RULE = "722"


def become(game, player: str, why: str) -> None:
    """722.3: ``player`` becomes the monarch (one who left the game can't, 800.4a); the monarch before ceases to be."""
    st = game.state
    if st.player(player).lost:
        game.say("800.4a", f"{player} has left the game: they don't become the monarch ({why})")
        return
    if st.monarch == player:
        game.say("722.3", f"{player} is already the monarch ({why})")
        return
    before, st.monarch = st.monarch, player
    game.say("722.3", f"{player} becomes the monarch ({why})" + (f"; {before} ceases to be the monarch" if before else ""))


def end_step_trigger(game) -> None:
    """722.2, 513.1: as the end step begins, if the active player is the monarch, "At the beginning of the monarch's end
    step, that player draws a card" triggers; the monarch controls it."""
    st = game.state
    if st.monarch is not None and st.monarch == st.active:
        game.pending.append(Triggered(MONARCH, 1, MONARCH_END.text, st.monarch, "end", "722.2, 513.1", st.monarch,
                                      model=MONARCH_END))


def resolve(game, part: MonarchPart, you: str, about: str | None) -> None:
    """722.2, 608.2: one of the monarch's triggered abilities resolves. The end step's: "that player" (the monarch as it
    triggered, ``about``) draws a card, even if another player is the monarch now. The combat damage's: the controller of
    the creature (``about``) becomes the monarch: its controller now if it is still on the battlefield, else as it last
    existed (608.2h)."""
    st = game.state
    game.say("608.2", f"the monarch's triggered ability ({you}) resolves: \"{part.text}\"")
    if part.part == "end_step":
        game.events.draw(about or you, 1, "722.2")
        return
    ref = game.resolution.resolving_refs.get("that")
    here = about in st.battlefield and (ref is None or game.same(ref))
    controller = (game.chars(about).get("controller") if here else None) or part.controller
    become(game, controller, f"{_name(st, about)} dealt combat damage to the monarch")


def left_game(game) -> None:
    """722.4: the monarch left the game (800.4a): the active player becomes the monarch; if the active player is the one
    who left, the next player in turn order. With no player left, none."""
    st = game.state
    if st.monarch is None or not st.player(st.monarch).lost or game.over():  # (over: no one to be the monarch, 104.2a)
        return
    left = st.monarch
    st.monarch = None
    remaining = game.players_from(st.active)  # (the players still in the game, from the active player, in turn order)
    if remaining:
        game.say("722.4", f"the monarch {left} left the game")
        become(game, remaining[0], "722.4: the monarch left the game")
