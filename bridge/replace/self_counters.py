"""A permanent's own effects on the counters put on itself, as it enters with counters from elsewhere (614.12,
122.6, 122.6a): "If one or more +1/+1 counters would be put on Mowu, that many plus one +1/+1 counters are put on
it instead", "This creature can't have counters put on it" (Tatterkite). 614.12 lets an effect from the permanent
itself that affects only it modify how it enters (not one about a general subset that includes it: Kami of
Whispered Hopes' "a permanent you control"), and the counters it enters with, whatever effect gives them
(Grumgully's "each other non-Human creature you control enters with an additional +1/+1 counter"), are counters
put on it (122.6). The bridge lists such abilities as effects (effects.own_counter_effects) and says which printed
ability each is (eff_ability/2; as a copy, eff_copied/3); the forms of the permanent (the layers: under each
player, as itself or as each copy) say which abilities it has there (view_printed/4, view_ab/5:
entering_facts.py); the program derives in which forms it would have each (asp_rules/replace_applies.lp's
ab_has/4) and decides where each applies, who chooses and in which order (asp_rules/replace.lp: 616.1), each once
(614.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import q

if TYPE_CHECKING:
    from .effects import Effect


def is_own_counter_effect(e: Effect) -> bool:
    """One of effects.own_counter_effects: its applicability is the program's (ab_has/4), not under_ok/4's."""
    return e.rule.event == "counters" and (e.ability is not None or e.copied is not None)


def own_ability_facts(e: Effect) -> list[str]:
    """eff_ability(E, N): E is the permanent's own effect on the counters put on itself, its N-th printed ability
    (614.12; as a copy, eff_copied/3)."""
    if not is_own_counter_effect(e) or e.ability is None:
        return []
    return [f"eff_ability({q(e.id)},{e.ability})."]
