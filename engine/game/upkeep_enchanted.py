"""503.1, 603.2b, 303.4: the upkeep triggers of Auras and Curses (engine/vocab/oracle/oneshot_upkeep.py): "At the
beginning of the upkeep of enchanted creature's controller" (StepTrigger whose: enchanted_controller) and "At the
beginning of enchanted player's upkeep" (whose: enchanted_player). Whose upkeep it is is decided from the Aura's
attachment as the upkeep begins: the controller of the permanent it is attached to (after the layers, 613), or the
player it is attached to; it triggers when that player is the active player, and "that player" in its effect is them."""

from __future__ import annotations


def upkeep_owner(game, trig, source: str) -> str | None:
    """The player whose upkeep ``trig`` (an enchanted_* StepTrigger of ``source``) triggers at, as the step begins:
    None when the Aura is attached to nothing (303.4: an unattached Aura's 'enchanted' names nothing)."""
    st = game.state
    host = st.objects[source].attached_to if source in st.battlefield else None
    if host is None:
        return None
    if trig.whose == "enchanted_player":  # 303.4: a Curse, attached to a player
        return host if host in st.player_names else None
    if host in st.player_names or host not in st.battlefield:
        return None
    return game.layers().objects.get(host, {}).get("controller")  # 303.4, 613.2: its controller now


def triggers_now(game, trig, source: str) -> tuple[bool, str]:
    """503.1, 603.2b: (whether it triggers as this upkeep begins, the player "that player" names)."""
    owner = upkeep_owner(game, trig, source)
    return owner is not None and owner == game.state.active, owner or ""
