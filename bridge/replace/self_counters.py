"""A permanent's own effects on the counters put on itself, as it enters with counters from elsewhere (614.12,
122.6, 122.6a): "If one or more +1/+1 counters would be put on Mowu, that many plus one +1/+1 counters are put on
it instead", "This creature can't have counters put on it" (Tatterkite). 614.12 lets an effect from the permanent
itself that affects only it modify how it enters (not one about a general subset that includes it: Kami of
Whispered Hopes' "a permanent you control"), and the counters it enters with, whatever effect gives them
(Grumgully's "each other non-Human creature you control enters with an additional +1/+1 counter"), are counters
put on it (122.6). The bridge lists such abilities as effects (effects.own_counter_effects) and says, from the layers (the permanent as it
would exist on the battlefield in each form it may enter in: under each player, as itself or as each copy), in
which forms it would have each (ab_has/4); the program (asp_rules/replace.lp) decides where each applies, who
chooses and in which order (616.1), each once (614.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import q

if TYPE_CHECKING:
    from .effects import Effect
    from .entering import Entered
    from .protocols import EnterEvent


def is_own_counter_effect(e: Effect) -> bool:
    """One of effects.own_counter_effects: its applicability is the program's (ab_has/4), not under_ok/4's."""
    return e.rule.event == "counters" and (e.ability is not None or e.copied is not None)


def ab_has_facts(i: int, ev: EnterEvent, effects: list[Effect], seen: list[tuple[int, str, int, Entered]]) -> list[str]:
    """ab_has(E, I, C, P): the permanent of enter event I, entering under C in form P (0: as itself; a copy's
    number; a form with a value chosen as it enters), would have on the battlefield the ability that is its own
    counters effect E (614.12: the layers computed with it there; 616.1f: as a copy, the copied card's)."""
    facts = []
    for e in effects:
        if not is_own_counter_effect(e) or e.source != ev.object:
            continue
        for j, p, k, view in seen:
            if j == i and (e.ability in view.printed if e.copied is None else e.copied in view.copied):
                facts.append(f"ab_has({q(e.id)},{i},{q(p)},{k}).")
    return facts
