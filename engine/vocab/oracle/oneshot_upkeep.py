"""The upkeep triggers of Auras and Curses (engine/vocab/oracle/oneshot.lark, rule os_upkeep_enchanted; 503.1, 603.2b,
303.4): "At the beginning of the upkeep of enchanted creature's controller," and "At the beginning of enchanted
player's upkeep,", a StepTrigger (engine/vocab/oneshot.py) whose upkeep is that of the player the Aura's attachment
names as the upkeep begins (engine/game/upkeep_enchanted.py); "that player" in the effect is that player, the active
player (603.2: the player the triggering event, the beginning of their upkeep, is about)."""

from __future__ import annotations

# the owners of the upkeep read here (StepTrigger.whose)
ENCHANTED_OWNERS = ("enchanted_controller", "enchanted_player")


class UpkeepReader:
    """The os_upkeep_enchanted productions' vocabulary (each method: the production of the same name)."""

    def os_upkeep_trigger(self, children):
        return children[0]

    def os_upkeep_enchanted_controller(self, _):  # 303.4, 503.1: the enchanted permanent's controller's upkeep
        return {"at_beginning_of": "upkeep", "whose": "enchanted_controller"}

    def os_upkeep_enchanted_player(self, _):  # 303.4, 503.1: the enchanted player's upkeep (a Curse)
        return {"at_beginning_of": "upkeep", "whose": "enchanted_player"}


# the steps of a player's turn "that player" is read after: "At the beginning of each player's upkeep" (503.1), "...
# draw step" (504.1), "... end step" (513.1), "... first main phase" (505.1a), "each opponent's" too (StepTrigger.whose
# each, opponent)
EACH_PLAYERS_STEPS = ("upkeep", "draw", "end", "precombat_main")


def that_player_is_active(kind: str, head) -> bool:
    """603.2: "that player" in an Aura's upkeep trigger read here, or in "At the beginning of each player's (each
    opponent's) upkeep / draw step / end step, that player ...": the player whose step began (the active player; the
    loop's step triggers name them, engine/game/triggers.py)."""
    return kind == "triggered" and isinstance(head, dict) and (
        head.get("at_beginning_of") == "upkeep" and head.get("whose") in ENCHANTED_OWNERS
        or head.get("at_beginning_of") in EACH_PLAYERS_STEPS and head.get("whose") in ("each", "opponent"))
