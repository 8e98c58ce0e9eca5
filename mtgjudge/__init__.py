"""mtgjudge: the Comprehensive Rules of Magic: The Gathering as answer-set programs, as a library.

    >>> import mtgjudge
    >>> result = mtgjudge.layers("examples/humility-opalescence.yaml")
    >>> result.objects["humility"]["power"], result.objects["humility"]["toughness"]
    (4, 4)

One function per command of the `mtgjudge` command line: :func:`layers`, :func:`attack`, :func:`block`,
:func:`replace`, :func:`damage`, :func:`sba`, :func:`play` and :func:`crosscheck`; and the loaders
:func:`load_board`, :func:`load_game`, :func:`load_library`. Each takes the files the command reads and
gives back the typed result the command prints (docs/api.md). Errors: :class:`InputError` for bad input
(``str(err)`` is the command's one line), :class:`SolverTimeout` when a solve hits the time limit.

Importing this package imports neither the engine nor clingo: each name is resolved when first used
(PEP 562).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__all__ = [
    "load_library", "load_board", "load_game",
    "layers", "attack", "block", "replace", "damage", "sba", "play", "crosscheck",
    "InputError", "SolverTimeout", "__version__",
]

# the names the engine gives as they are (mtgjudge/_engine.py says where); the others are mtgjudge.api's
_FROM_ENGINE = ("InputError", "__version__")

if TYPE_CHECKING:
    from mtgjudge._engine import InputError as InputError
    from mtgjudge.api import (SolverTimeout, attack, block, crosscheck, damage, layers, load_board, load_game, load_library,
                      play, replace, sba)


def __getattr__(name: str) -> Any:
    if name in _FROM_ENGINE:
        value = import_module("mtgjudge._engine").engine(name)
    elif name in __all__:
        value = getattr(import_module("mtgjudge.api"), name)
    else:
        raise AttributeError(f"module 'mtgjudge' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
