"""Where the public API finds each name it uses from the engine and the bridge: one table, name ->
"module:attr", read when a name is first used, so that ``import mtgjudge`` imports neither (and no
clingo). When a module of the engine moves, the one line of each name it holds changes here.

The names the facade's type hints use are imported below for type checkers only, from the same
modules, next to the table.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

SOURCES: dict[str, str] = {
    # errors
    "InputError": "engine.files.errors:InputError",
    "__version__": "engine:__version__",
    "timeout_line": "engine.app.queries:timeout_line",
    "GameError": "engine.game:GameError",
    "SbaChoiceNeeded": "engine.game.sba:SbaChoiceNeeded",
    "DamageInputError": "engine.game.combat_damage:DamageInputError",
    # files and the card library
    "load_library": "engine.files.library:load_library",
    "GameState": "engine.state.model:GameState",
    "load_board": "engine.files.loader:load_board",
    "load_board_text": "engine.files.loader:load_board_text",
    "load_game": "engine.files.gamefile:load_game",
    "game_from_data": "engine.files.gamefile:game_from_data",
    "parse_text": "engine.files.yamlio:parse_text",
    "load_declaration": "engine.files.declaration:load_declaration",
    "declaration_from_data": "engine.files.declaration:declaration_from_data",
    "load_events": "engine.files.events:load_events",
    "events_from_data": "engine.files.events:events_from_data",
    "load_assignment": "engine.app.damage_view:load_assignment",
    "assignment_from_data": "engine.app.damage_view:assignment_from_data",
    # the questions
    "SolverConfig": "bridge:SolverConfig",
    "layers_result": "engine.app.queries:layers_result",
    "combat_answer": "engine.app.queries:combat_answer",
    "needs_attackers": "engine.app.queries:needs_attackers",
    "replace_answer": "engine.app.queries:replace_answer",
    "CombatDamage": "engine.game.combat_damage:CombatDamage",
    "resolve_whole": "engine.app.damage_view:resolve_whole",
    "state_based_actions": "engine.game.sba:state_based_actions",
    "play": "engine.game:play",
    "run_cases": "engine.app.crosscheck.run:run_cases",
    "Summary": "engine.app.crosscheck.report:Summary",
}

if TYPE_CHECKING:  # the same modules as SOURCES, for the type hints only
    from engine.files.errors import InputError as InputError
    from bridge import SolverConfig as SolverConfig
    from bridge.combat import AllLegal as AllLegal
    from bridge.combat import Best as Best
    from bridge.combat import Verdict as Verdict
    from bridge.layers import LayersResult as LayersResult
    from bridge.replace import ReplaceResult as ReplaceResult
    from engine.game.combat_damage import CombatDamage as CombatDamage
    from engine.game.combat_damage import DamageResult as DamageResult
    from engine.app.crosscheck.report import Summary as Summary
    from engine.game import GameResult as GameResult
    from engine.files.gamefile import Action as Action
    from engine.files.gamefile import At as At
    from engine.files.library import CardLibrary as CardLibrary
    from engine.state.model import GameState as GameState
    from engine.app.queries import CombatAnswer as CombatAnswer
    from engine.game.sba import SbaResult as SbaResult
    from engine.vocab.triggers import Triggered as Triggered


def engine(name: str) -> Any:
    """The object SOURCES names, imported now."""
    module, attr = SOURCES[name].split(":")
    return getattr(import_module(module), attr)
