"""700.13 (the current official rules, past the seed text's 702.42): committing a crime. A player commits a crime as
they cast a spell, activate an ability or put a triggered ability on the stack that targets at least one opponent, one
spell, ability or permanent an opponent controls, or one card in an opponent's graveyard; "Whenever you commit a crime"
(ZoneTrigger event commits_crime, 603.2) triggers once for each such spell or ability, whatever happens to it later.
Called where engine/game/triggers.py reads a spell's or ability's targets as they become its targets (601.2c, 602.2b,
603.3d)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridge.layers import LayersResult

from engine.game import turn_records
from engine.game.triggered import Triggered, _sources
from engine.vocab.triggers import RULES

if TYPE_CHECKING:
    from engine.state.model import GameState


def is_crime(state: "GameState", layers: LayersResult, targets: list[str], controller: str) -> bool:
    """700.13: do ``targets`` (a spell's or ability's, ``controller``'s) hold an opponent of its controller (102.2), a
    permanent an opponent controls (after the layers), a spell or ability an opponent controls, or a card in an
    opponent's graveyard (404.2: a card's owner's)?"""
    for t in targets:
        if not isinstance(t, str):
            continue
        if t in state.player_names:
            if t != controller:
                return True
            continue
        o = state.objects.get(t)
        if o is None:
            continue
        if o.zone == "battlefield":
            who = layers.objects.get(t, {}).get("controller") or o.controller
        elif o.zone == "stack":
            who = o.controller
        elif o.zone == "graveyard":
            who = o.owner
        else:
            continue
        if who and who != controller:
            return True
    return False


def crime_triggers(state: "GameState", layers: LayersResult, targets: list[str], controller: str) -> list[Triggered]:
    """603.2, 700.13: the "Whenever you commit a crime" abilities in force of ``controller``'s permanents that a spell or
    ability of ``controller`` with ``targets`` triggers (the player is what the ability is about); a crime is recorded
    for the turn too (engine/game/turn_records.py: "as long as you've committed a crime this turn")."""
    if not is_crime(state, layers, targets, controller):
        return []
    turn_records.crime(state, controller)  # 700.13: the turn's record ("as long as you've committed a crime this turn")
    return [Triggered(oid, index, ab.display(), controller, "commits_crime", RULES["commits_crime"], you, model=ab)
            for oid, index, ab, you in _sources(state, layers)
            if ab.trigger.event == "commits_crime" and you == controller]
