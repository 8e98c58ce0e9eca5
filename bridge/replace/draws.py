"""Draws one at a time (121.2): a draw of several cards given to the replace task is that many draws, each an event of
its own that the replacement effects look at as it would happen (614.1a, 121.6a: "if you would draw a card while your
library has no cards in it", Laboratory Maniac, reads the library as it is then), each finished before the next
(121.6b), and none after a player won the game (104.1: the game ends at once).

What this module does is sequencing only: it asks the replace task (``run``: bridge.replace.task.replace, one draw
event of 1 card) about each draw in the state the draws before it left (their outcome's events carried out on a copy
of the state: the cards drawn, milled or exiled from a library), and puts the outcomes together. Which effects apply
to each draw, and what each becomes, is the program's (asp_rules/replace.lp, replace_applies.lp).

An outcome is the draws' final events one after the other, those of successive draws of one kind for the same player
merged (two draws that stayed draws: one `draw` of amount 2; `win_game` counts the draws it replaced); its orders
are each draw's order one after the other, each effect id written ``ID@k`` for the k-th draw (121.2); its order count
the product of the draws' (616.1: the choices of each draw are made apart).

Rules: 121.2 (seed 000 line 949: "Si un joueur reçoit l'instruction de piocher plusieurs cartes, il effectue autant de
pioches individuelles"), 121.6a (line 969), 121.6b (line 971), 121.4 (line 961: a draw from an empty library draws no
card), 104.1 (line 137).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, cast

from .results import Outcome, ReplaceResult

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .protocols import Event

# the player's events the draws' outcomes may hold whose effect on the next draw's state is computed here: the cards
# they move from a library (121.1, 701.17), or none (life, cards returned from a graveyard, 614.1a), or the game's end
# (104.1)
_CARRIED = ("draw", "mill", "life_gain", "life_loss", "return_to_hand", "pay_life", "win_game")
# the most draws looked at one by one, and the most ways they may go (each draw's outcomes times the others'): past
# them, refused (the orders would list an effect id for each draw)
MAX_DRAWS = 1000
MAX_PATHS = 100_000
_MERGED = ("draw", "mill", "life_gain", "life_loss", "return_to_hand", "pay_life", "win_game")


class DrawsApart(ValueError):
    """A draw of several cards the replace task can't take one draw at a time (121.2): said, never answered as one
    event."""


def several_draws(events: list[Event]) -> bool:
    """121.2: the events hold a draw of more than one card."""
    return any(ev.type == "draw" and (ev.amount or 0) > 1 for ev in events)


def made_draws_apart(result: ReplaceResult, effects: list, state: GameState) -> None:
    """121.7 (seed 000 line 975: "puis les pioches ont lieu une à la fois"): the draws an effect makes of another event
    ("if you would gain life, draw that many cards instead") happen one at a time too, which the program doesn't do
    yet: it has them one `draw` of that many. Where that can change the outcome, said (DrawsApart), never answered: the
    player's library runs out during such a draw while an effect in force reads "while your library has no cards in
    it" (121.6a, Laboratory Maniac), whose applicability to each draw then is the program's to decide."""
    if not any(e.rule.library_empty for e in effects):
        return
    for o in result.outcomes:
        for e in o.events:
            if e["type"] == "draw" and e["amount"] > 1 and len(state.zone_ids("library", e["player"])) < e["amount"]:
                raise DrawsApart(f"an effect makes {e['player']} draw {e['amount']} cards with "
                                 f"{len(state.zone_ids('library', e['player']))} in their library: those draws happen "
                                 "one at a time (121.7), the last ones from an empty library (121.6a), which the replace "
                                 "program doesn't compute yet")


@dataclass
class _Path:
    """Some draws done: the state they left, their final events, their orders (each an order of effect ids) and how
    many orders lead there; `over`: no draw left to look at (a player won the game, 104.1; or the rest are draws
    from an empty library that nothing modifies, 121.4, written at once)."""

    state: Any
    events: list[dict] = field(default_factory=list)
    orders: list[list[str]] = field(default_factory=lambda: [[]])
    count: int = 1
    over: bool = False


def draws_one_at_a_time(state: GameState, events: list[Event], run: Callable[[GameState, list[Event]], ReplaceResult],
                        limit: int) -> ReplaceResult:
    """121.2: the event, a draw of N cards, as N draws of one card, each through `run` in the state the ones before it
    left (121.6b), none after the game was won (104.1)."""
    if len(events) != 1:
        raise DrawsApart(f"a draw of {max(ev.amount or 0 for ev in events if ev.type == 'draw')} cards among "
                         f"{len(events)} simultaneous events: the cards are drawn one at a time (121.2), each draw an "
                         "event of its own")
    ev = events[0]
    one = ev.model_copy(update={"amount": 1})
    paths = [_Path(state)]
    solved: dict[tuple, ReplaceResult] = {}
    applicable: dict[str, Any] = {}
    choosers: list = []
    made: list = []
    complete = True
    for k in range(1, ev.amount + 1):
        if all(p.over for p in paths):
            break
        nxt = []
        for path in paths:
            if path.over:
                nxt.append(path)
                continue
            key = _libraries(path.state)
            if key not in solved:
                solved[key] = run(path.state, [one])
                if solved[key].timed_out:
                    return ReplaceResult([], [], [], timed_out=True)
            r = solved[key]
            applicable.update((e.id, e) for e in r.applicable)
            choosers = choosers or r.choosers
            made += [c for c in r.made_choosers if c not in made]
            complete = complete and r.outcome_count == len(r.outcomes)
            if _idle(r, ev.player, path.state):  # the rest of the draws: the same, in the same state (121.4)
                nxt.append(_Path(path.state, path.events + [{"type": "draw", "player": ev.player,
                                                              "amount": ev.amount - k + 1}], path.orders, path.count, True))
                continue
            for o in r.outcomes:
                nxt.append(_after(path, o, k, limit))
        paths = nxt
        if (k >= MAX_DRAWS and not all(p.over for p in paths)) or len(paths) > MAX_PATHS:
            raise DrawsApart(f"a draw of {ev.amount} cards: {k} draws looked at one at a time (121.2) and "
                             f"{len(paths)} ways they may go so far, past the {MAX_DRAWS} draws and {MAX_PATHS:,} ways "
                             "the replace query computes")
    return _merged(paths, applicable, choosers, made, complete, limit)


def _idle(r: ReplaceResult, player: str, state: GameState) -> bool:
    """The draw, from an empty library, is a draw no effect modified (one outcome, no effect applied): it leaves the
    state as it was (121.4: no card is drawn), so each draw after it is the same."""
    return (not state.zone_ids("library", player) and len(r.outcomes) == 1 and r.outcomes[0].orders == [[]]
            and r.outcomes[0].events == [{"type": "draw", "player": player, "amount": 1}])


def _libraries(state: GameState) -> tuple:
    """What of the state the draws change (their cards, by the library each is in): the key of a draw's solve."""
    return tuple((p, tuple(state.zone_ids("library", p))) for p in state.player_names)


def _after(path: _Path, o: Outcome, k: int, limit: int) -> _Path:
    """The path once the k-th draw happened as outcome `o`: its events carried out on a copy of the state."""
    moving = any(e["type"] in ("draw", "mill") and state_has(path.state, e["player"]) or e["type"] == "zone_change"
                 for e in o.events)
    state = path.state.copy() if moving else path.state  # (a draw from an empty library moves nothing, 121.4)
    over = False
    for e in o.events:
        if e["type"] not in _CARRIED and not (e["type"] == "zone_change" and e.get("from") == "library"):
            raise DrawsApart(f"a draw became {e['type']}: what it does to the state the next draw reads is not "
                             "computed")
        over = over or e["type"] == "win_game"  # 104.1: the game ends at once
        if e["type"] in ("draw", "mill"):  # 121.1, 121.4: the top cards, as many as there are; 701.17
            library = state.zone_ids("library", e["player"])
            for oid in list(library[:e["amount"]]):
                _move(state, oid, e["player"], "hand" if e["type"] == "draw" else "graveyard")
        elif e["type"] == "zone_change":  # a card exiled from a library (614.13c's exile_top)
            _move(state, e["object"], None, e["to"])
    orders = [a + [f"{x}@{k}" for x in b] for a in path.orders for b in o.orders][:limit]
    return _Path(state, path.events + [dict(e) for e in o.events], orders, path.count * o.order_count, over)


def state_has(state: GameState, player: str) -> bool:
    return bool(state.zone_ids("library", player))


def _move(state: GameState, oid: str, player: str | None, zone: str) -> None:
    owner = player if player is not None else state.objects[oid].owner
    state.take_out(oid)
    if zone in ("hand", "graveyard", "library"):
        cast(dict, state.player_zones).setdefault((owner, zone), []).append(oid)
    else:
        getattr(state, zone).append(oid)


def _merge_runs(events: list[dict]) -> list[dict]:
    """Successive draws' events of one kind for the same player, one event of their amounts together."""
    out: list[dict] = []
    for e in events:
        last = out[-1] if out else None
        if (last is not None and e["type"] in _MERGED and set(e) == {"type", "player", "amount"} == set(last)
                and (last["type"], last["player"]) == (e["type"], e["player"])):
            last["amount"] += e["amount"]
        else:
            out.append(dict(e))
    return out


def _merged(paths: list[_Path], applicable: dict, choosers: list, made: list, complete: bool, limit: int
            ) -> ReplaceResult:
    """The outcomes: the paths with the same final events are one outcome, its orders those of each path."""
    by_events: dict[str, Outcome] = {}
    for p in paths:
        events = _merge_runs(p.events)
        key = repr(events)
        if key not in by_events:
            by_events[key] = Outcome([], 0, events, {})
        got = by_events[key]
        got.order_count += p.count
        got.orders += [o for o in p.orders if o not in got.orders]
    for o in by_events.values():
        o.orders = sorted(o.orders)[:limit]
        o.prevented_by = {tuple(x): {} for x in o.orders}  # (a draw: no damage to prevent, 615)
    outcomes = sorted(by_events.values(), key=lambda o: (o.orders[0] if o.orders else [], repr(o.events)))
    return ReplaceResult(sorted(applicable.values(), key=lambda e: e.id), choosers, outcomes[:limit],
                         outcome_count=len(outcomes) if complete else max(len(outcomes), sum(p.count > 0 for p in paths)),
                         made_choosers=made)
