"""The layers task (613): the characteristics of every object after the continuous effects, applied
layer by layer (613.1-613.4) in timestamp and dependency order (613.7, 613.8).

- :mod:`bridge.layers.result`: the result and the effects as the layers see them (plain data);
- :mod:`bridge.layers.step_facts`: the state and the effects of a board, and the facts of one step;
- :mod:`bridge.layers.sequence`: the loop of applications (613.8c), a solve per decision.

``compute_layers`` (and ``layer_dependencies``, the dependencies of the layers up to one) is imported when first
used (PEP 562): the result's type loads no solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .result import LayerDependencies, LayersResult

if TYPE_CHECKING:
    from .sequence import compute_layers, layer_dependencies

__all__ = ["LayerDependencies", "LayersResult", "compute_layers", "layer_dependencies"]


def __getattr__(name: str) -> Any:
    if name in ("compute_layers", "layer_dependencies"):
        from . import sequence

        return getattr(sequence, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
