"""Tasks: for each question, the explicit list of programs to load and the vocabulary they read.

A task is one solve call: the bridge turns the state into facts of the task's vocabulary,
grounds the task's programs (rule areas first, then the task's presentation file) and solves.
Later issues register their tasks here (layers, attack, block, replace).
"""

from __future__ import annotations

from dataclasses import dataclass
from .config import SolverConfig
from .facts import FACT_BUILDERS, facts_text
from .protocols import GameState
from .solve import SolveResult, solve


@dataclass(frozen=True)
class Task:
    name: str
    doc: str
    files: tuple[str, ...]  # inside asp_rules, in load order
    vocabulary: str
    deterministic: bool  # stratified: exactly one answer set expected
    optimize: bool = False


TASKS: dict[str, Task] = {
    "board": Task(
        name="board",
        doc="Permanents, opponents and defending players of the board as given (110.1, 102.2-102.3, 506.2).",
        files=("board.lp", "tasks/board.lp"),
        vocabulary="board",
        deterministic=True,
    ),
}


class TaskError(RuntimeError):
    """A deterministic task did not have exactly one answer set: a bug in its programs."""


def task_facts(task: Task, state: GameState) -> str:
    return facts_text(FACT_BUILDERS[task.vocabulary](state))


def run_task(name: str, state: GameState, config: SolverConfig | None = None, *, models: int = 0) -> SolveResult:
    task = TASKS[name]
    result = solve(task.files, task_facts(task, state), config=config, models=models, optimize=task.optimize)
    if task.deterministic and result.status != "timeout" and len(result.models) != 1:
        raise TaskError(f"task {name!r} must have exactly one answer set, it has {len(result.models)}")
    return result
