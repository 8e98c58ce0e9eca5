"""The restrictions an activated ability's text states, checked as it would be activated (602.5b: "Activate only
once each turn.", "Activate only during your turn.", ..., a part of engine/game/costs.py's chapter), and the
conditions a rule checks on the game as it is now (issue 21, conditional clauses): "Activate only if
[condition]." (602.5b: the ability can't be activated unless it holds). The condition is the
vocabulary's (engine/vocab/selector.py: Condition, the one a static ability's "as long as" has); the objects it
counts are matched by the selector machinery (bridge/selectors.py: SelectorContext, on the characteristics after
the layers) and counted as a resolving effect's counts are (instructions.count_of). The compiler reads only the
kinds of condition ``holds`` evaluates (engine/vocab/oracle/oneshot_cond.py: LOOP_READS)."""

from __future__ import annotations

import re

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.vocab.activation_limits import activation_limits
from engine.vocab.selector import Condition, Count
from engine.game.common import Rejected, _name
from engine.game import history
from engine.game.counting import count_of

def this_turn(last: tuple[int, int] | None, turn: int) -> int:
    """How many times an ability was activated in this turn, from its (turn, times) record."""
    return last[1] if last is not None and last[0] == turn else 0


def restrictions(costs, ab, oid: str, player: str, index: int) -> None:
    """602.5b: the restrictions the effect's text states (engine/vocab/activation_limits.py) and its
    ``activate_if``, for ``player`` activating ability ``index`` of ``oid`` now; Rejected if one forbids it.
    ``costs``: the chapter that records the activations of each object (activated_on_turn, activated_once: by
    the object's zone changes, 400.7: an object that changed zones is a new object, its activations start again)."""
    st = costs.game.state
    limits = activation_limits(ab.effect)
    key = (oid, index, st.objects[oid].zone_changes)
    if limits.per_turn is not None and this_turn(costs.activated_on_turn.get(key), st.turn) >= limits.per_turn:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability was already activated {limits.per_turn} time(s) this turn")
    if (limits.once or getattr(ab, "exhaust", False)) and key in costs.activated_once:  # (702.177a: exhaust)
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability was already activated (\"Activate only once\")")
    if limits.your_turn and player != st.active:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only during its activating player's turn")
    if limits.opponents_turn and player == st.active:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only during an opponent's turn")
    if limits.steps and st.step not in limits.steps:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only in the {' or '.join(limits.steps)} "
                                 f"step, not in the {st.step} step")
    if getattr(ab, "activate_if", None) is not None and not holds(costs.game, ab.activate_if, oid, player):
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only if {describe(ab.effect)}: it "
                                 "doesn't hold now")


def holds(game, cond: Condition, source: str, you: str, about: str | None = None) -> bool:
    """Whether the condition holds now for an ability of ``source`` controlled by ``you`` (602.5b); ``about``: the
    player its trigger is about, whom a condition on "that player" counts (603.2, 603.4: the active player of "At the
    beginning of each player's upkeep, if that player has no cards in hand, ...")."""
    st = game.state
    low = cond.at_least
    if cond.any_of is not None:  # "this land entered this turn or if you control a basic land": one of them
        return any(holds(game, c, source, you, about) for c in cond.any_of)
    if cond.entered_this_turn is not None:  # the source entered the battlefield this turn (the loop's mark)
        return source in st.battlefield and bool(st.objects[source].entered_this_turn)
    if cond.monarch is not None:  # 722.1 (current official rules): who is the monarch now (102.2: each other player an opponent)
        return st.monarch is None if cond.monarch == "none" else (st.monarch == you) == (cond.monarch == "you") and \
            st.monarch is not None
    if cond.nonland_entered is not None:  # (celebration) the nonland permanents that entered under its control this turn
        n = st.nonland_entered.get(you, 0)
        return n >= low and (cond.at_most is None or n <= cond.at_most)
    if cond.speed is not None:  # 702.179, 702.178 (current official rules): its controller's speed (none: 0)
        n = st.speed.get(you, 0)
        return n >= low and (cond.at_most is None or n <= cond.at_most)
    if cond.city_blessing is not None:  # 702.131c (current official rules): its controller has the city's blessing
        return you in st.city_blessing
    if cond.day_night is not None:  # 731 (current official rules): whether it is day or night now
        return st.day_night == cond.day_night
    if cond.turn is not None:  # 500.1: whose turn it is (the active player)
        return (st.active == you) == (cond.turn == "yours")
    if cond.versus is not None:  # a number of its controller's against each opponent's (102.2: one of them)
        mine, theirs = _number(game, cond, source, you), [_number(game, cond, source, p.name) for p in st.players
                                                          if p.name != you and not p.lost]
        return any(t > mine if cond.versus == "opponent_more" else mine > t for t in theirs)
    if history.reads(cond):  # what happened this turn (the loop's record of the turn: engine/game/history.py)
        numbers = history.numbers(st, cond, you, source)
    elif cond.life is not None:  # 119.1: a life total, its controller's or an opponent's (one of them)
        numbers = [p.life for p in st.players if (p.name == about if cond.life == "that_player" else
                                                  (p.name == you) == (cond.life == "you"))]
        low, high = cond.life_bounds(st.starting_life)  # "5 or less life": no lower bound; 103.4: the starting life
        return any((low is None or n >= low) and (high is None or n <= high) for n in numbers)
    elif cond.player is not None:  # a number of a player's: the cards in a zone (404, 402, 401) or their counters (122.1)
        numbers = [len(st.zone_ids(cond.zone, p.name)) if cond.zone is not None else p.counters.get(cond.counters, 0)
                   for p in st.players if cond.player == "any" or (p.name == about if cond.player == "that_player" else
                                                                   (p.name == you) == (cond.player == "you"))]
    else:
        layers = game.layers()
        ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
        numbers = [count_of(st, ctx, Count(count=cond.count, card_types=cond.card_types, counters=cond.counters))]
    return any((low is None or n >= low) and (cond.at_most is None or n <= cond.at_most) for n in numbers)

def _number(game, cond: Condition, source: str, player: str) -> int:
    """The number a ``versus`` condition compares, for ``player``: their life (119.1), the cards in their hand (402.1),
    or the objects they control the selector matches (its controller: you, read as that player)."""
    st = game.state
    if cond.life is not None:
        return st.player(player).life
    if cond.zone is not None:
        return len(st.zone_ids(cond.zone, player))
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, player, (), {}, layers.mana_values)
    return count_of(st, ctx, Count(count=cond.count))


def describe(text: str) -> str:
    """The condition's words in an ability's text ("Activate only if ..."), for the game's messages."""
    m = re.search(r"Activate only (?:[^.]*? and only )?if ([^.]+?)(?: and only (?:once each turn|once|as a "
                  r"sorcery))?\.", text)
    return m.group(1) if m else "its condition"
