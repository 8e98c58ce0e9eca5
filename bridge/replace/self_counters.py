"""A permanent's own effects on the counters put on itself, as it enters with counters from elsewhere (614.12,
122.6, 122.6a): "If one or more +1/+1 counters would be put on Mowu, that many plus one +1/+1 counters are put on
it instead", "This creature can't have counters put on it" (Tatterkite). 614.12 lets an effect from the permanent
itself that affects only it modify how it enters (not one about a general subset that includes it: Kami of
Whispered Hopes' "a permanent you control"), and the counters it enters with, whatever effect gives them
(Grumgully's "each other non-Human creature you control enters with an additional +1/+1 counter"), are counters
put on it (122.6). The bridge lists such abilities as effects and says, from the layers (the permanent as it
would exist on the battlefield in each form it may enter in: under each player, as itself or as each copy), in
which forms it would have each (ab_has/4); the program (asp_rules/replace.lp) decides where each applies, who
chooses and in which order (616.1), each once (614.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import q
from .protocols import replacement_of

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect
    from .entering import Entered
    from .protocols import EnterEvent, ReplacementRule

# The kinds of ability whose replacement effect holds while the permanent has the ability (614.1, 604).
_STANDING = ("replacement", "prevention", "static")


def about_itself(kind: str, rule: ReplacementRule | None) -> bool:
    """614.12: an ability on the counters put on the permanent itself only ("this creature", its name): not on
    a player's counters, nor on those a given player puts."""
    return (rule is not None and kind in _STANDING and rule.event == "counters" and rule.object is not None
            and bool(rule.object.self_) and rule.on_player is None and rule.player is None)


def own_counter_effects(state: GameState, ev: EnterEvent, views: dict[tuple[int, str, str | None], Entered],
                        n: int) -> list[Effect]:
    """The effects on the counters put on itself of the permanent entering by event n: its own abilities (those it
    would have on the battlefield as itself under some player, 614.12: under Humility, none), and those of the
    cards it may enter as a copy of (616.1f, 707.2: Clone as a copy of Mowu)."""
    from .effects import Effect

    out = []
    o = state.objects[ev.object]
    itself = [v for (j, _p, x), v in views.items() if j == n and x is None]
    for i, ab in enumerate(o.printed.abilities if o.printed is not None else (), 1):
        rule = replacement_of(ab)
        if about_itself(ab.kind, rule) and any(i in v.printed for v in itself):
            out.append(Effect(f"{ev.object}#{i}", ev.object, rule, ev.controller, (), dict(o.choices), None,
                              ab.display(), own=True, ability=i))
    copied = sorted({hk for (j, _p, x), v in views.items() if j == n and x is not None for hk in v.copied})
    for holder, i in copied:
        ab = state.objects[holder].printed.abilities[i - 1]
        rule = replacement_of(ab)
        if about_itself(ab.kind, rule):
            out.append(Effect(f"{ev.object}#copy:{holder}#{i}", ev.object, rule, ev.controller, (), dict(o.choices),
                              None, ab.display(), copied=(holder, i)))
    return out


def is_own_counter_effect(e: Effect) -> bool:
    """One of own_counter_effects: its applicability is the program's (ab_has/4), not under_ok/4's."""
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
