"""Oracle for a draw of several cards (121.2), written from the rules text and docs/replacement.md, independent of
bridge/replace/draws.py: "a player who is instructed to draw several cards draws them one at a time" (121.2, seed 000
line 949), each draw an event the replacement effects look at as it would happen (121.6a: Laboratory Maniac reads the
library then), finished before the next (121.6b); a game won ends at once (104.1): no draw after it.

Depth first: the first draw, through the single-event oracle (`one`, tests/oracles/replace.py) on the state as it is;
for each of its outcomes, that outcome carried out (a card drawn goes from the top of the library to the hand; from
an empty library, none, 121.4), then the other draws the same way. The outcome's events are each draw's, successive
ones of one kind for the player written as one event of their amounts (docs/replacement.md); an order is each draw's
effects, written ``ID@k`` for the k-th draw.
"""

from __future__ import annotations

from typing import Callable


def _carried_out(state, key: tuple):
    """The state after a draw's final events (each a tuple of (field, value) pairs)."""
    after = state.copy()
    for ev in key:
        e = dict(ev)
        if e["type"] in ("draw", "mill"):
            top = after.player_zones.get((e["player"], "library"), [])
            taken, after.player_zones[(e["player"], "library")] = top[:e["amount"]], top[e["amount"]:]
            to = "hand" if e["type"] == "draw" else "graveyard"
            after.player_zones[(e["player"], to)] = after.player_zones.get((e["player"], to), []) + taken
        elif e["type"] not in ("win_game", "life_gain", "life_loss", "return_to_hand", "pay_life"):
            raise NotImplementedError(f"a draw became {e['type']}")
    return after


def _joined(keys: list[tuple]) -> tuple:
    out: list[dict] = []
    for key in keys:
        for ev in key:
            e = dict(ev)
            if (out and set(e) == {"type", "player", "amount"} == set(out[-1])
                    and (out[-1]["type"], out[-1]["player"]) == (e["type"], e["player"])):
                out[-1] = dict(out[-1], amount=out[-1]["amount"] + e["amount"])
            else:
                out.append(e)
    return tuple(tuple(e.items()) for e in out)


def oracle_draws(state, ev, one: Callable) -> dict:
    """`one(state, event)`: the oracle's answer for one event. The answer for the draw `ev` of several cards."""
    applicable: set = set()
    made: set = set()
    outcomes: dict = {}

    def go(now, k: int, keys: list, order: tuple) -> None:
        if k > ev.amount or any(dict(e)["type"] == "win_game" for key in keys for e in key):
            outcomes.setdefault(_joined(keys), set()).add(order)
            return
        got = one(now, ev.model_copy(update={"amount": 1}))
        applicable.update(got["applicable"])
        made.update(got["made_choosers"])
        for key, orders in got["outcomes"].items():
            after = _carried_out(now, key)
            for o in orders:
                go(after, k + 1, keys + [key], order + tuple(f"{x}@{k}" for x in o))

    go(state, 1, [], ())
    return {"applicable": sorted(applicable), "outcomes": outcomes, "made_choosers": made}
