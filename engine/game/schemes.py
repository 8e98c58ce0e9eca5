"""Schemes in the game loop (314; Archenemy, 904 in the current official rules: the seed's French text cites 904 but
stops before it; its 314, 505.3, 701.32 and 704.6e give the rules used here). Scheme cards stay in the command zone all
game (314.2: they are never permanents, can't be cast, and don't leave it), in the archenemy's scheme deck face down
(``GameState.scheme_deck``, top first) or face up (the archenemy's other scheme cards there); a face-up scheme's
abilities function there (314.4), its controller its owner (314.5).

- 505.3: as the archenemy's precombat main phase begins, they set the top scheme of their scheme deck in motion (a
  turn-based action, without the stack: :func:`set_in_motion_action`).
- 701.32b: to set a scheme in motion is to move it off the top of the scheme deck and turn it face up
  (:func:`set_in_motion`); its "When you set this scheme in motion" abilities trigger (ZoneTrigger event set_in_motion,
  603.2), controlled by the archenemy.
- 701.32, 500.7: "Schemes can't be set in motion that turn." after "take an extra turn after this one": in that extra
  turn the turn-based action doesn't set a scheme in motion (:func:`bar_extra_turn`; engine/game/turn.py's
  ``this_turn_rules``).
- 314.6, 704.6e: a face-up non-ongoing scheme, when no triggered ability of a scheme has triggered and not yet left the
  stack (waiting to be put on it, 603.3, or on it), is turned face down and put on the bottom of its owner's scheme
  deck (a state-based action: :func:`put_back`). An ongoing scheme (205.4: the supertype ongoing) stays face up until it
  is abandoned (701.33; "abandon this scheme" is not read yet)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import Triggered
from engine.vocab.triggers import RULES, ZoneTrigger


def is_scheme(o) -> bool:
    """314.1: a card of the card type scheme."""
    return o is not None and o.printed is not None and "Scheme" in o.printed.types


def face_up(state) -> list[str]:
    """The face-up scheme cards in the command zone (314.2, 701.32b): the archenemy's not in their scheme deck."""
    return [x for x in state.command if x not in state.scheme_deck and is_scheme(state.objects[x])]


def set_in_motion_action(game) -> None:
    """505.3: in an Archenemy game, as the archenemy's precombat main phase begins, they set the top card of their
    scheme deck in motion (a turn-based action: it doesn't use the stack; what it triggers goes on it next, 117.5)."""
    st = game.state
    if st.archenemy is not None and st.active == st.archenemy and st.scheme_deck:
        if "no_schemes" in game.turn.this_turn_rules:  # 701.32: "Schemes can't be set in motion that turn."
            game.say("505.3", f"{st.active}'s precombat main phase: schemes can't be set in motion this turn: "
                              f"{_name(st, st.scheme_deck[0])} stays on top of the scheme deck")
            return
        set_in_motion(game, st.scheme_deck[0], "505.3")


def bar_extra_turn(game, you: str) -> None:
    """701.32, 500.7: "Schemes can't be set in motion that turn." after "take an extra turn after this one": the extra
    turn just created (the last of the turn's extra turns, ``you``'s) is one in which no scheme is set in motion."""
    game.turn.restrict_extra(you, "no_schemes", "701.32", f"schemes can't be set in motion in {you}'s extra turn")


def set_in_motion(game, oid: str, rule: str) -> None:
    """701.32b: the scheme ``oid`` is moved off the top of its owner's scheme deck and turned face up, in the command
    zone (314.2); each "When you set this scheme in motion" ability of it triggers (603.2; 314.4, 314.5: controlled by
    its owner, the archenemy)."""
    st = game.state
    o = st.objects[oid]
    if oid in st.scheme_deck:
        st.scheme_deck.remove(oid)
    game.say(rule, f"{o.owner} sets {_name(st, oid)} in motion (701.32b): it is turned face up in the command zone")
    for index, ab in enumerate(o.printed.abilities, 1):
        trig = getattr(ab, "trigger", None)
        if isinstance(trig, ZoneTrigger) and trig.event == "set_in_motion":
            game.pending.append(Triggered(oid, index, ab.display(), oid, "set_in_motion", RULES["set_in_motion"],
                                          o.owner, model=ab))


def _ongoing(o) -> bool:
    """205.4, 314.6: a scheme with the supertype ongoing."""
    return "Ongoing" in (o.printed.supertypes or ())


def put_back(game) -> bool:
    """314.6, 704.6e: each face-up non-ongoing scheme, when no triggered ability of a scheme waits to be put on the stack
    (603.3) or is on it, is turned face down and put on the bottom of its owner's scheme deck. True when one was."""
    st = game.state
    if st.archenemy is None:
        return False
    done = [x for x in face_up(st) if not _ongoing(st.objects[x])]
    if not done or any(is_scheme(st.objects.get(t.source)) for t in game.pending) or any(
            st.objects[x].kind == "ability" and is_scheme(st.objects.get(st.objects[x].ability_of)) for x in st.stack):
        return False
    for x in done:
        st.scheme_deck.append(x)
        game.say("704.6e", f"{_name(st, x)} is a face-up non-ongoing scheme and no triggered ability of a scheme waits "
                           "or is on the stack: it is turned face down and put on the bottom of "
                           f"{st.objects[x].owner}'s scheme deck")
    return True
