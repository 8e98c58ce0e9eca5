"""The layers task (613): the characteristics of every object after the continuous effects, applied
layer by layer (613.1-613.4) in timestamp and dependency order (613.7, 613.8).

- :mod:`bridge.layers.result`: the result and the effects as the layers see them (plain data);
- :mod:`bridge.layers.step_facts`: the state and the effects of a board, and the facts of one step;
- :mod:`bridge.layers.sequence`: the loop of applications (613.8c), a solve per decision.

``compute_layers`` is imported when first used (PEP 562): the result's type loads no solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .result import LayersResult

if TYPE_CHECKING:
    from .sequence import compute_layers

__all__ = ["LayersResult", "compute_layers"]


def __getattr__(name: str) -> Any:
    if name == "compute_layers":
        from .sequence import compute_layers

        return compute_layers
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
