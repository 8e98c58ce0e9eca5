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

from engine.vocab.selector import Condition, Count
from engine.game.common import Rejected, _name
from engine.game.instructions import count_of

# 602.5b: "Activate only during your turn, before attackers are declared": the steps of the turn before the
# declare attackers step, whose turn-based action declares them (508.1)
BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                "end_of_combat")  # 506.1: the combat phase
# 602.5b: "Activate only once each turn.", "Activate no more than twice each turn.": times in a turn at most
TURN_LIMITS = {"only once each turn": 1, "no more than twice each turn": 2, "no more than three times each turn": 3}

def this_turn(last: tuple[int, int] | None, turn: int) -> int:
    """How many times an ability was activated in this turn, from its (turn, times) record."""
    return last[1] if last is not None and last[0] == turn else 0


def restrictions(costs, ab, oid: str, player: str, index: int) -> None:
    """602.5b: the restrictions the effect's text states (and its ``activate_if``), for ``player`` activating
    ability ``index`` of ``oid`` now; Rejected if one forbids it. ``costs``: the chapter that records the
    activations (activated_on_turn, activated_once)."""
    st = costs.game.state
    restriction = ab.effect.lower()
    times = next((n for words, n in TURN_LIMITS.items() if words in restriction), None)
    if times is not None and this_turn(costs.activated_on_turn.get((oid, index)), st.turn) >= times:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability was already activated {times} time(s) this turn")
    if re.search(r"only once\.", restriction) and (oid, index, st.objects[oid].zone_changes) in costs.activated_once:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability was already activated (\"Activate only once\")")
    if "activate only during combat" in restriction and st.step not in COMBAT_STEPS:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only during combat")
    if "activate only during your turn" in restriction and player != st.active:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only during its controller's turn")
    if "before attackers are declared" in restriction and st.step not in BEFORE_ATTACKERS:
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only before attackers are declared")
    if "activate only during your upkeep" in restriction and (player != st.active or st.step != "upkeep"):
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only during its controller's upkeep")
    if getattr(ab, "activate_if", None) is not None and not holds(costs.game, ab.activate_if, oid, player):
        raise Rejected("602.5b", f"{_name(st, oid)}'s ability can be activated only if {describe(ab.effect)}: it "
                                 "doesn't hold now")


def holds(game, cond: Condition, source: str, you: str) -> bool:
    """Whether the condition holds now for an ability of ``source`` controlled by ``you`` (602.5b)."""
    st = game.state
    low = cond.at_least
    if cond.monarch is not None:  # 724.1 (current official rules): who is the monarch now (102.2: each other player an opponent)
        return st.monarch is None if cond.monarch == "none" else (st.monarch == you) == (cond.monarch == "you") and \
            st.monarch is not None
    if cond.life is not None:  # 119.1: a life total, its controller's or an opponent's (one of them)
        numbers = [p.life for p in st.players if (p.name == you) == (cond.life == "you")]
        low = low if "at_least" in cond.model_fields_set else None  # "5 or less life": no lower bound
    elif cond.player is not None:  # a number of a player's: the cards in a zone (404, 402, 401) or their counters (122.1)
        numbers = [len(st.zone_ids(cond.zone, p.name)) if cond.zone is not None else p.counters.get(cond.counters, 0)
                   for p in st.players if (p.name == you) == (cond.player == "you")]
    else:
        layers = game.layers()
        ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
        numbers = [count_of(st, ctx, Count(count=cond.count, card_types=cond.card_types, counters=cond.counters))]
    return any((low is None or n >= low) and (cond.at_most is None or n <= cond.at_most) for n in numbers)

def describe(text: str) -> str:
    """The condition's words in an ability's text ("Activate only if ..."), for the game's messages."""
    m = re.search(r"Activate only (?:as a sorcery and only )?if ([^.]+?)(?: and only (?:once each turn|once|as a "
                  r"sorcery))?\.", text)
    return m.group(1) if m else "its condition"
