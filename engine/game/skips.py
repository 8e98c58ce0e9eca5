"""The steps players skip by the static abilities in force (614.10: a replacement effect, applied as the step would
begin; once a step has begun, it can't be skipped; 500.11: a skipped step is proceeded past as though it didn't exist,
614.10a: nothing scheduled for it happens: no turn-based action, no "at the beginning of" trigger, no priority):
"Skip your draw step.", "Players skip their untap steps." (engine/vocab/skips.py)."""

from __future__ import annotations

from engine.game.common import _name


def skipping(game, step: str) -> str | None:
    """The ability that makes the active player skip this step as it would begin ('Name: "text"'), or None."""
    st = game.state
    for src, _i, ab, you in game.abilities_in_force():
        skip = getattr(ab, "skips", None)
        if skip is not None and skip.step == step and (skip.players == "each" or you == st.active):
            return f"{_name(st, src)}: \"{ab.display()}\""
    return None
