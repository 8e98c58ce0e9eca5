"""Cross-checking another engine (docs/crosscheck.md): JSON Lines of cases, each a board, a query and
the other engine's claim; our answer to each, the fields that differ, and for each the rule that
decides it and why.

A case line::

    {"id": "c1", "query": "layers", "board": {...}, "claim": {"objects": {"humility": {"power": 4}}}}

``query`` is ``layers``, ``attack``, ``block`` or ``replace``; ``board`` a board (docs/board-format.md)
or ``board_file`` a board file relative to the claims file; ``declaration`` (attack, block: a
declaration to check; without one, the best declaration is asked); ``event`` (replace: one event, or a
list of simultaneous events); ``claim`` any subset of the fields of our ``--json`` output for the query.

Each case is evaluated on its own (:meth:`checker.Checker.evaluate`), in worker processes that keep the card
library (:class:`checker.Checker`); results come back in input order, so the output is the same with any
number of jobs.

The modules:

- ``cases``: the interchange format (a case line, its JSON Schema, one line's strict JSON, a malformed line, a
  difference record);
- ``claims``: the exact shape of each query's claim, validated before any comparison;
- ``checker``: our answer to one case and the differences from its claim;
- ``compare_layers``, ``compare_combat``, ``compare_replace``: the differences for each query, each with the
  rule that decides it and why;
- ``run``: a claims file evaluated in order, in one process, in worker processes, or on a Dask cluster;
- ``workers``: the worker processes of ``--jobs N``, a dead one replaced and its cases checked again one by one;
- ``report``: the summary and the text output.
"""
