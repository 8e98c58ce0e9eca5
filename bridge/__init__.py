"""mtgjudge bridge: state to facts, clingo runs, answer sets to typed results.

This package is the only place that imports clingo, and only its modules that run solves do
(:mod:`bridge.solve` and the tasks built on it): ``import bridge`` loads no solver, its names below
are imported when first used (PEP 562). It loads the programs of :mod:`asp_rules` by task (an
explicit list of ``.lp`` files per task, see :mod:`bridge.tasks`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import GroundingSize, SolverConfig
    from .facts import VOCABULARIES, Arg, Fact, Predicate, Vocabulary, board_facts
    from .solve import Model, SolveResult
    from .tasks import TASKS, Task, run_task

# each exported name -> the module that defines it (the function solve is bridge.solve.solve: the name
# bridge.solve is the module, which its first import binds on the package)
_HOMES = {
    **dict.fromkeys(("Arg", "Fact", "Predicate", "Vocabulary", "VOCABULARIES", "board_facts"), "facts"),
    **dict.fromkeys(("GroundingSize", "SolverConfig"), "config"),
    **dict.fromkeys(("Model", "SolveResult"), "solve"),
    **dict.fromkeys(("TASKS", "Task", "run_task"), "tasks"),
}

__all__ = [
    "Arg", "Fact", "Predicate", "Vocabulary", "VOCABULARIES", "board_facts",
    "GroundingSize", "Model", "SolveResult", "SolverConfig",
    "TASKS", "Task", "run_task",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:  # a submodule not imported yet, or no such name: `from bridge import combat` imports it
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)
