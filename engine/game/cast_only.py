"""A spell's own "Cast this spell only ..." (601.3, 506.7; issue 21), checked as its caster would begin to cast it
(engine/game/casting.py: ``prohibition``, for 601.3 and again at 601.2e): the restriction engine/vocab/cast_only.py
read (a StaticAbility's ``cast_only``): the steps it may be cast in, its condition (engine/game/conditions.py:
``holds``, for the spell's card and its caster), and "you've been attacked this step" (508.3b: creatures declared
attacking its caster in this declare attackers step, engine/game/combat.py: ``declared``)."""

from __future__ import annotations

from engine.game import conditions


def refusal(game, oid: str, player: str, chars) -> str | None:
    """Why ``player`` may not begin to cast ``oid`` with the characteristics ``chars`` now (the text of its
    restriction), or None when no "Cast this spell only ..." of it forbids it."""
    st = game.state
    for ab in chars.abilities:
        only = getattr(ab, "cast_only", None)
        if only is None:
            continue
        if only.steps and st.step not in only.steps:
            return f"its own text, \"{ab.text}\", in the {st.step} step (506.7)"
        if only.attacked and player not in game.combat.declared.values():  # 508.3b
            return f"its own text, \"{ab.text}\": no creature was declared attacking {player} in this step (508.3b)"
        if only.condition is not None and not conditions.holds(game, only.condition, oid, player):
            return f"its own text, \"{ab.text}\": the condition doesn't hold now"
    return None
