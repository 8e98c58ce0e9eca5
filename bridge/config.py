"""The settings of a solve and the size of a grounding: plain data, without clingo, so the engine can
pass solver settings (and read the sizes) without loading the solver."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SolverConfig:
    time_limit: float = 10.0  # seconds for grounding and solving together, checked at the solve
    seed: int = 0  # clasp's random seed, fixed: the same input gives the same answer sets
    threads: int = 1  # one thread: parallel search would make the order of models vary

    def arguments(self) -> list[str]:
        return [f"--seed={self.seed}", f"--parallel-mode={self.threads}", "--warn=none"]


@dataclass(frozen=True)
class GroundingSize:
    rules: int
    atoms: int
    ground_seconds: float
