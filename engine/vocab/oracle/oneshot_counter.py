"""Family 5 of the Oracle grammar (oneshot.lark, block "counterspells (issue 21)"): counterspells whose cost to avoid
being countered is counted as they resolve.

- "Counter target spell unless its controller pays {1} for each card in your graveyard." (Circular Logic), "... pays
  {2} plus an additional {1} for each Faerie you control" (Spell Stutter): {op: counter, unless_pays_each: {count:
  SEL, times: N, plus: P}} (118.12a; the selector the "for each" of gaining life counts, oneshot_eff.os_counted;
  counted once as the counterspell resolves, 608.2h: engine/game/counter_costs.py). Generic mana only: "{U} for each"
  is not read.

- "If that spell is countered this way, put it on top of its owner's library instead of into that player's graveyard."
  (Memory Lapse): {library_top: true} on the counter just before (614.1a; a sentence completing the one before it,
  MERGES, read through oneshot_copy.MERGES and oneshot_kw.MERGES).

A mixin of oneshot.py's reader (through oneshot_copy.CopyReader)."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt


def _generic(token) -> int:
    m = re.fullmatch(r"\{(\d+)\}", str(token))
    if m is None:
        raise NotRead(f"'{token}' for each: only generic mana is counted here (118.12a)")
    return int(m.group(1))


class CounterReader:
    """The transformer methods of the productions of the block "counterspells (issue 21)"."""

    def os_counter_unless_each(self, children):
        """118.12a, 608.2h: -> {op: counter, unless_pays_each: {count, times, plus}} of a target spell."""
        t = next(c for c in children if isinstance(c, Tgt))
        if t.spec.get("what") != "spell":
            raise NotRead("counter a target that is not a spell")
        mana = [c for c in children if getattr(c, "type", None) == "OS_MANA"]
        each = _generic(mana[-1])
        plus = _generic(mana[0]) if len(mana) == 2 else 0
        sel = children[-1]
        if not isinstance(sel, dict) or not sel:
            raise NotRead(f"for each {sel}")
        if each == 0:
            raise NotRead("{0} for each")
        op = {"op": "counter", "_tgt": t, "unless_pays_each": {"count": sel, "times": each, "plus": plus}}
        return Piece([op], [t])

    def os_countered_top(self, _children):
        return [("countered_top",)]


def merge_countered_top(ops: list, _piece: tuple) -> None:
    """614.1a, 701.6a: "If that spell is countered this way, put it on top of its owner's library instead ..." ->
    library_top on the counter just before (that instruction's spell only)."""
    last = ops[-1] if ops else {}
    if last.get("op") != "counter" or last.get("exile") or last.get("library_top"):
        raise NotRead("'If that spell is countered this way' after no counter instruction")
    last["library_top"] = True
