"""The facts of the game a replacement effect on a permanent entering reads (issue 21, family 4): its
conditions on the game (eff_game/4: "enters tapped unless a player has 13 or less life", "unless you
have two or more opponents", raid, morbid, revolt, 614.1c, 614.12) and its counts (eff_per/2: "a +1/+1
counter on it for each creature that died this turn", converge), with the players, their life totals
and what happened this turn (player/1, life/2, attacked/1, died/2, lost_life/1, left/1) and the colors
of mana spent to cast each permanent entering (spent/2). The replace program decides them
(asp_rules/replace.lp): nothing here tests a condition. "Enters with a +1/+1 counter on it for each ..."
(eff_per/2 count, the rule's n_count, 614.1c): the program matches its selector (entering_facts.py sends it,
eff_n_count/2) for each player as "you" (replace_applies.lp's counted/3, 614.12), those entering with it left
out (not on the battlefield yet), and counts them for the player it would enter under."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import q

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect
    from .protocols import Event

COLORS = ("W", "U", "B", "R", "G")  # 105.1: the five colors (colorless mana is no color, 106.1b)


def game_facts(effects: list[Effect], events: list[Event], state: GameState, chars: dict | None = None) -> list[str]:
    facts = []
    for e in effects:
        E, r = q(e.id), e.rule
        for how, cond in (("if", getattr(r, "if_game", None)), ("unless", getattr(r, "unless_game", None))):
            if cond is None:
                continue
            if cond.life_at_most is not None:  # 119.1
                facts.append(f"eff_game({E},{how},life_at_most,{cond.life_at_most}).")
            elif cond.opponents_at_least is not None:  # 102.2, 102.3
                facts.append(f"eff_game({E},{how},opponents,{cond.opponents_at_least}).")
            else:
                facts.append(f"eff_game({E},{how},{cond.this_turn},0).")
        if getattr(r, "n_per", None) is not None:
            facts.append(f"eff_per({E},{r.n_per}).")
        if getattr(r, "n_count", None) is not None:  # (the objects counted: replace_applies.lp's counted/3)
            facts.append(f"eff_per({E},count).")
    if not facts:
        return []
    for p in state.players:
        facts.append(f"player({q(p.name)}). life({q(p.name)},{p.life}).")
    facts += [f"attacked({q(p)})." for p in sorted(getattr(state, "attacked", ()))]
    facts += [f"died({k},{q(p)})." for k, p in enumerate(getattr(state, "died", ()))]
    facts += [f"lost_life({q(p)})." for p in sorted(getattr(state, "lost_life", ()))]
    facts += [f"left({q(p)})." for p in sorted(getattr(state, "left_battlefield", ()))]
    for i, ev in enumerate(events, 1):  # 601.2h: the mana spent to cast it, a permanent spell resolving ('{W}{U}{G}')
        if ev.type == "enter" and getattr(ev, "mana_spent", None):
            facts += [f"spent({i},{c.lower()})." for c in COLORS if "{" + c + "}" in ev.mana_spent]
            facts.append(f"spent_amount({i},{ev.mana_spent.count('{')}).")  # each mana, one symbol
    return facts
