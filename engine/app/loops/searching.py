"""The witness search the catalogue calls (engine/app/loops/search.py, docs/loops.md "Search"): the one place the
catalogue imports it from. Until search.py is merged, the STAND-IN engine/app/loops/search_standin.py (issue 27
merge deletes it and this fallback)."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

_search = import_module("engine.app.loops.search" if find_spec("engine.app.loops.search") is not None
                        else "engine.app.loops.search_standin")  # STAND-IN (issue 27 merge replaces it)

continuous_abilities = _search.continuous_abilities
candidate_edges = _search.candidate_edges
search = _search.search
witness_confirms = _search.witness_confirms
STANDIN = _search.__name__.endswith("search_standin")
