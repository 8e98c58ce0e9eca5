"""mtgjudge bridge: state to facts, clingo runs, answer sets to typed results.

This package is the only place that imports clingo. It loads the programs of :mod:`asp_rules`
by task (an explicit list of ``.lp`` files per task, see :mod:`bridge.tasks`).
"""

from .facts import VOCABULARIES, Arg, Fact, Predicate, Vocabulary, board_facts
from .solve import GroundingSize, Model, SolveResult, SolverConfig, solve
from .tasks import TASKS, Task, run_task

__all__ = [
    "Arg", "Fact", "Predicate", "Vocabulary", "VOCABULARIES", "board_facts",
    "GroundingSize", "Model", "SolveResult", "SolverConfig", "solve",
    "TASKS", "Task", "run_task",
]
