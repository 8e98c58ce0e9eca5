"""mtgjudge answer-set programs: one ``.lp`` file per rule area, per-task files under ``tasks/``, and the
rules' constant tables they and the code share (:mod:`asp_rules.rulesdata`: the layers, the subtype classes, ...).

Conventions (checked by tests/test_conventions.py):
- every program opens with a header: the rules it encodes (number and one-line title), its input
  predicates and its output predicates;
- a ``% --- 613.8a ---`` banner stands above each rule block;
- ``#show`` appears only in the per-task files in ``tasks/``;
- deterministic programs are stratified and have exactly one answer set; choice rules stand only
  where the rules give a player a choice.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent


def path(name: str) -> Path:
    """The path of a program, e.g. ``path("board.lp")`` or ``path("tasks/board.lp")``."""
    p = (ROOT / name).resolve()
    if ROOT.resolve() not in p.parents or p.suffix != ".lp":
        raise ValueError(f"{name!r} is not a program of asp_rules")
    if not p.is_file():
        raise FileNotFoundError(f"asp_rules has no program {name!r}")
    return p


def programs() -> list[Path]:
    return sorted(ROOT.glob("*.lp")) + sorted((ROOT / "tasks").glob("*.lp"))
