"""The dependency catalogue's solves (docs/loops.md): the reads/writes facts of continuous-effect abilities and the
pruning program over them (rw.py), what tells twin candidate boards apart (symmetry.py), and the witness search's choice of candidate boards (boards.py)."""

from .boards import BoardChoice, BoardSearch
from .symmetry import board_facts
from .rw import ability_parts, may_depend, ops_in, unreadable_parts

__all__ = ["BoardChoice", "ability_parts", "board_facts", "BoardSearch", "may_depend", "ops_in", "unreadable_parts"]
