"""A small naive imperative rules engine, to show what `mtgjudge crosscheck` catches.

    python examples/crosscheck/naive.py CASES.jsonl > CLAIMS.jsonl

It reads the cases of `mtgjudge generate` (JSON Lines) and writes each with its claim. It reads the
cards through the project's card library and the brute-force oracles of tests/oracles (what a
permanent is, what an effect applies to and does), but takes the shortcuts of a simple imperative
engine, each a classic error:

- layers: every effect in timestamp order within its layer; no dependency (613.8a) is looked for.
  It claims the characteristics of every permanent.
- attack and block: each creature checked on its own (can it attack, can it block that attacker:
  tapped, summoning sickness, defender, evasion); nothing about the declaration as a whole
  (menace, "can't attack alone", maximum blockers, costs), and requirements counted one creature at a
  time: max_obeyed is the number of requirements each creature could obey by itself (508.1d, 509.1c).
- replace: the effects applied in timestamp order, one outcome (as if the chooser always took the
  oldest effect first, 616.1e), and the controller of the first effect choosing (not the affected
  player, 616.1). Simultaneous events are not claimed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from engine.files.events import events_from_data  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.combat import CombatOracle  # noqa: E402
from oracles.layers import Oracle  # noqa: E402
from oracles.replace import ReplaceOracle, _with_loyalty  # noqa: E402


class TimestampLayers(Oracle):
    """613.7 only: within a layer, effects apply in timestamp order; no effect depends on another."""

    def depends(self, a, b, layer, objs):
        return None


def layers_claim(state) -> dict:
    return {"objects": TimestampLayers(state).run().characteristics()}


def combat_claim(state, side: str, declaration: dict | None) -> dict:
    o = CombatOracle(state)
    if declaration is None:  # each requirement counted if its creature could obey it alone
        if side == "attack":
            able = {c for c in o.attack_candidates if not o.attack_check({c: o.defenders[0]}, set())[0]} if o.defenders else set()
            return {"max_obeyed": sum(1 for _, s, _ in o.attack_requirements if s is None or s in able)}
        count = 0
        for _, b, a in o.block_requirements:
            targets = [a] if a is not None else o.may_block(b) if b in o.block_candidates else []
            blockers = [b] if b is not None else o.block_candidates
            count += any(x in o.block_candidates and y in o.may_block(x) and not state.objects[x].tapped
                         and not o.keyword_violations(x, y) for x in blockers for y in targets)
        return {"max_obeyed": count}
    legal = True
    if side == "attack":
        for c, d in declaration.get("attack", {}).items():
            legal &= (c in o.attack_candidates and not state.objects[c].tapped and d in o.defenders
                      and "defender" not in o.abilities(c)
                      and not (state.objects[c].summoning_sick and "haste" not in o.abilities(c)))
    else:
        for b, lst in declaration.get("block", {}).items():
            for a in (lst if isinstance(lst, list) else [lst]):
                legal &= (b in o.block_candidates and not state.objects[b].tapped and a in o.may_block(b)
                          and not o.keyword_violations(b, a))
    return {"legal": legal}


def _event(pairs) -> dict:
    # (a choice made as a permanent enters is named, its value not: this engine makes it later, 614.12)
    return {k: (dict(v) if k == "counters" else v) for k, v in pairs if k != "chosen"}


def replace_claim(state, events, library) -> dict:
    if len(events) != 1 or (events[0].type == "enter" and events[0].object is None):
        return {}  # simultaneous events, and a card entering from outside the board: no claim
    ev = _with_loyalty(state, events[0])  # 306.5b: a planeswalker's loyalty counters, as it enters
    o = ReplaceOracle(state)
    o.entering_all = {ev.object} if ev.type == "enter" and ev.object else set()
    o.enter_events = [ev] if ev.type == "enter" and ev.object else []  # 614.12: the permanent as it would enter
    o.budget = {e.id: e.remaining or 0 for e in o.effects}
    applicable, finals = o.explore(ev)
    if not finals:
        return {}
    position = {e.id: e.position for e in o.effects}
    cur, order = min(finals, key=lambda f: [position.get(x, -1) for x in f[1]])  # the oldest effect first
    claim = {"outcome_count": 1, "outcomes": [{"events": [_event(p) for p in o.final_events(ev, cur, order)]}]}
    first = next((e for e in o.effects if e.id in applicable), None)
    if first is not None:
        claim["chooser"] = first.you  # the controller of the effect, not the affected player
    return claim


def main(path: str) -> None:
    library = load_library()
    with open(path, encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            state = board_from_data(case["board"], library)
            if case["query"] == "layers":
                claim = layers_claim(state)
            elif case["query"] in ("attack", "block"):
                claim = combat_claim(state, case["query"], case.get("declaration"))
            else:
                raw = case["event"]
                events = events_from_data({"events": raw} if isinstance(raw, list) else {"event": raw}, state, library)
                claim = replace_claim(state, events, library)
            print(json.dumps({**case, "claim": claim}, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1])
