"""The replacement and prevention effects in force (614.1, 615.1): those of the permanents' abilities
after the layers (604, 613), of the board's effects from resolved spells and abilities (611.2; a
shield's remaining amount, 615.7; a set of objects fixed as it began, 611.2c, 615.11), of an instant or
sorcery spell on the stack (113.6), and a permanent about to enter's own "enters" abilities, as it
would have them on the battlefield (614.12), as a copy (616.1f, 707.2), or given by a resolved
ability (Jund's devour, 702.82a). Protection is a prevention effect (702.16e). Each effect's kind
(614 or 615) and the step of 616.1 it is chosen at (616.1a-e)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .protocols import continuous_of, own_replacements_of, replacement_of
from .shield_counters import shield_counter_rules

if TYPE_CHECKING:
    from bridge.layers import LayersResult
    from bridge.protocols import Effect as BoardEffect
    from bridge.protocols import GameState

    from .entering import Entered
    from .protocols import EnterEvent, Event, GrantedKeyword, ReplacementRule

# The kinds of ability whose replacement effect holds while the permanent has the ability (614.1, 604).
STANDING_KINDS = ("replacement", "prevention", "static")
PREVENTION = ("prevent", "prevent_all", "prevent_half", "prevent_all_but", "shield", "cant_be_prevented")


@dataclass
class Effect:
    id: str  # the source's id, '#', the ability's index; effects#N for a board effect
    source: str | None
    rule: ReplacementRule
    you: str | None
    targets: tuple[str, ...]
    choices: dict[str, Any]
    remaining: int | None  # a shield's remaining amount (615.7)
    text: str
    own: bool = False  # an ability of the permanent entering, applying to itself (614.12)
    candidates: tuple[str, ...] = ()  # choose exile_cards: the cards that may be chosen (614.13a: the program's)
    affected: tuple[str, ...] | None = None  # 611.2c, 615.11: the objects it was given, fixed as it began
    # 614.12: an ability of the permanent entering (its own, or one an effect gives it): the players under
    # whose control it would have that ability on the battlefield (None: any other effect)
    under: frozenset[str] | None = None
    # 614.12, 616.1f, 707.2: an "enters" ability about itself that the permanent entering has as a copy
    # (Clone as a copy of Polukranos: "enters with six +1/+1 counters"): (the object whose card prints
    # it, its index); it applies once a copy effect has it enter as that copy, where it would have it
    copied: tuple[str, int] | None = None
    # 614.12, 122.6: an ability of the permanent entering on the counters put on itself (Mowu): the 1-based index
    # of its printed ability; whether it has it in each form it may enter in is the program's (ab_has/4)
    ability: int | None = None

    @property
    def kind(self) -> str:
        return "prevention" if self.rule.do in PREVENTION else "replacement"

    @property
    def category(self) -> str:
        if self.rule.self_replacement:
            return "616.1a"
        return {"enter_under_control": "616.1b", "enter_as_copy": "616.1c",
                "enter_transformed": "616.1d"}.get(self.rule.do, "616.1e")


def _from_anywhere_self(rule) -> bool:
    """614.1a: "If [this object] would be put into a graveyard from anywhere, ... instead": the spell's own."""
    return rule.event == "zone_change" and rule.from_zone == "anywhere" and bool(getattr(rule.object, "self_", False))


def effects_in_force(state: GameState, layers: LayersResult, events: list[Event] = (),
                     views: dict[tuple[int, str, str | None], Entered] | None = None) -> list[Effect]:
    out = []
    views = views or {}
    for n, ev in enumerate(events, 1):
        if ev.type == "enter" and ev.object is not None:
            out += _entering_effects(state, n, ev, views)
    for oid in state.battlefield:
        for holder_card, index in layers.printed_abilities.get(oid, ()):
            ab = state.objects[holder_card].printed.abilities[index - 1]
            rule = replacement_of(ab)
            # 702.16e: protection is a prevention effect of the permanent (615): the damage that sources
            # with its quality would deal to it (the keyword's `replacement`); 702.89a: umbra armor, a replacement of the
            # enchanted permanent's destruction
            if rule is None or (ab.kind not in STANDING_KINDS and not (ab.kind == "keyword" and (
                    rule.event == "damage" or rule.do == "umbra_armor"))):
                continue
            out.append(Effect(f"{oid}#{index}", oid, rule, layers.objects[oid]["controller"], (),
                              dict(state.objects[oid].choices), None, ab.display()))
    for e in state.effects:
        rule = replacement_of(e.ability)
        if rule is not None:
            remaining = e.remaining if e.remaining is not None else rule.n  # 615.7: what is left, or all of it
            out.append(Effect(f"effects#{e.index}", e.source, rule, e.controller, tuple(e.targets), dict(e.choices),
                              remaining, e.ability.display(), affected=e.affected))
    # 113.6: the static abilities of an instant or sorcery spell function while it is on the stack
    # (Banefire: "if X is 5 or more, the damage can't be prevented")
    for oid in state.stack:
        o = state.objects[oid]
        for i, ab in enumerate(o.printed.abilities if o.kind == "spell" and o.printed is not None else (), 1):
            rule = replacement_of(ab)
            # (and "If ~ would be put into a graveyard from anywhere, exile it instead.", 614.1a: the object's own
            # replacement names the stack too: a disturbed spell countered is exiled, 702.146 *(EN)*'s ruling)
            if rule is not None and (ab.kind == "static" or _from_anywhere_self(rule)):
                out.append(Effect(f"{oid}#{i}", oid, rule, o.controller, tuple(o.targets), dict(o.choices), None,
                                  ab.display()))
    # 122.1c: the effects shield counters make, each about its permanent only
    out += [Effect(eid, oid, rule, you, (), {}, None, "a shield counter (122.1c)", affected=(oid,))
            for eid, oid, rule, you in shield_counter_rules(state, layers)]
    return [e for e in out if (e.rule.x_at_least is None or _x(e) >= e.rule.x_at_least)
            and (e.rule.if_spent is None or "{" + e.rule.if_spent + "}" in str(e.choices.get("mana_spent", "")))]


def _entering_effects(state: GameState, n: int, ev: EnterEvent,
                      views: dict[tuple[int, str, str | None], Entered]) -> list[Effect]:
    """614.12: a permanent about to enter (event n) has its own "enters" replacement abilities, those it
    would have on the battlefield (views: under Humility, none); they apply to itself."""
    out = []
    o = state.objects[ev.object]
    seen = {p: v for (j, p, x), v in views.items() if j == n and x is None}  # (as itself: 616.1c)
    for i, ab in enumerate(o.printed.abilities if o.printed is not None else (), 1):
        under = frozenset(p for p, v in seen.items() if i in v.printed)
        # only its abilities about itself ("this creature enters tapped", devour N): an ability about
        # other permanents entering works from the battlefield only (E60: Orb of Dreams); 702.44a: sunburst is two
        for suffix, rule in own_replacements_of(ab):
            if (rule.event == "enter" and ab.kind in STANDING_KINDS + ("keyword",)
                    and rule.object is not None and rule.object.self_ and under):
                out.append(Effect(f"{ev.object}#{i}{suffix}", ev.object, rule, ev.controller, (), dict(o.choices), None,
                                  ab.display(), own=True, under=under))
    # 614.12, 122.6: its own effects on the counters put on itself ("if one or more +1/+1 counters would be put on
    # Mowu ...", "this creature can't have counters put on it"): the counters it enters with, from any effect, are
    # counters put on it; the program applies them where it would have the ability (ab_has/4)
    out += own_counter_effects(state, ev, views, n)
    # 616.1f, 707.2: entering as a copy, it has the copied card's abilities: its "enters" abilities
    # about itself apply once the copy effect applied (Clone as a copy of Polukranos enters with six
    # +1/+1 counters), where it would have them (the views as that copy)
    copied = sorted({hk for (j, p, x), v in views.items() if j == n and x is not None for hk in v.copied})
    for holder, i in copied:
        ab = state.objects[holder].printed.abilities[i - 1]
        for suffix, rule in own_replacements_of(ab):
            if (rule.event == "enter" and ab.kind in STANDING_KINDS + ("keyword",)
                    and rule.object is not None and rule.object.self_ and rule.do != "enter_as_copy"):
                out.append(Effect(f"{ev.object}#copy:{holder}#{i}{suffix}", ev.object, rule, ev.controller, (),
                                  dict(o.choices), None, ab.display(), copied=(holder, i)))
    # a keyword a resolved spell or ability gave it (Jund: "it gains devour 5", E62): the permanent
    # has it as it enters, if it would have it on the battlefield (a later Humility takes it away,
    # 613.7); a copy effect doesn't take it away (layer 6), so it is not lost as `own` is
    for e in state.effects:
        for k in _granted_to(e, ev.object):
            under = frozenset(p for p, v in seen.items() if k.words() in v.granted)
            for suffix, rule in own_replacements_of(k) if under else ():  # (702.44a sunburst: two)
                out.append(Effect(f"effects#{e.index}{suffix}", ev.object, rule, ev.controller, (), {}, None,
                                  _keyword_display(k), under=under))
    return out


def _granted_to(e: BoardEffect, oid: str) -> list[GrantedKeyword]:
    """The granted keywords of a board effect that are replacement effects on the object entering
    (devour, 702.82a): the effect's `add_abilities` for its targets (611.2c: the spell, then the
    permanent it becomes)."""
    cont = continuous_of(e.ability)
    if cont is None or oid not in e.targets or (cont.applies_to is not None and not cont.applies_to.targets):
        return []
    return [k for op in cont.do if op.op == "add_abilities" for k in op.abilities
            if (rule := replacement_of(k)) is not None and rule.event == "enter"]


def _keyword_display(k: GrantedKeyword) -> str:
    words = k.words()
    return words[:1].upper() + words[1:]


def _x(e: Effect) -> int:
    """The X of an effect's source (107.3): its choices' x, 0 when none is given."""
    try:
        return int(e.choices.get("x", 0))
    except (TypeError, ValueError):
        return 0


def own_counter_effects(state: GameState, ev: EnterEvent, views: dict[tuple[int, str, str | None], Entered],
                        n: int) -> list[Effect]:
    """The effects on the counters put on itself of the permanent entering by event n: its own abilities (those it
    would have on the battlefield as itself under some player, 614.12: under Humility, none), and those of the
    cards it may enter as a copy of (616.1f, 707.2: Clone as a copy of Mowu)."""
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


def about_itself(kind: str, rule: ReplacementRule | None) -> bool:
    """614.12: an ability on the counters put on the permanent itself only ("this creature", its name): not on
    a player's counters, nor on those a given player puts."""
    return (rule is not None and kind in STANDING_KINDS and rule.event == "counters" and rule.object is not None
            and bool(rule.object.self_) and rule.on_player is None and rule.player is None)
