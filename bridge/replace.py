"""The replace task (614-616): facts from the board after the layers and the events, one solve of
``asp_rules/replace.lp``, and the outcomes: every final event with the orders that lead to it.

The program's one answer set holds every state each event can reach (the effects applied so far and
the event as modified), the choices (616.1e) from each state, and the final states; the orders are
the paths from the event to a final state, listed here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .facts import q
from .layers import LayersResult, compute_layers
from .rulesdata import COLORS, INTRINSIC_COUNTERS, PLAYER_EVENTS, is_creature_type
from .selectors import SelectorContext
from .solve import SolverConfig, solve

if TYPE_CHECKING:  # annotations only: the bridge reads the engine's objects, never imports the engine
    from engine.model import GameState

FILES = ("replace.lp", "tasks/replace.lp")
# The kinds of ability whose replacement effect holds while the permanent has the ability (614.1, 604).
STANDING_KINDS = ("replacement", "prevention", "static")
PREVENTION = ("prevent", "prevent_all", "prevent_half", "prevent_all_but", "shield", "cant_be_prevented")


@dataclass
class Effect:
    id: str  # the source's id, '#', the ability's index; effects#N for a board effect
    source: str | None
    rule: Any  # engine.replacement.ReplacementRule
    you: str | None
    targets: tuple[str, ...]
    choices: dict[str, Any]
    remaining: int | None  # a shield's remaining amount (615.7)
    text: str
    own: bool = False  # an ability of the permanent entering, applying to itself (614.12)
    candidates: tuple[str, ...] = ()  # choose exile_cards: the cards that may be chosen (614.13a)
    affected: tuple[str, ...] | None = None  # 611.2c, 615.11: the objects it was given, fixed as it began
    # 614.12: an ability of the permanent entering (its own, or one an effect gives it): the players under
    # whose control it would have that ability on the battlefield (None: any other effect)
    under: frozenset[str] | None = None
    # 614.12, 616.1f, 707.2: an "enters" ability about itself that the permanent entering has as a copy
    # (Clone as a copy of Polukranos: "enters with six +1/+1 counters"): (the object whose card prints
    # it, its index); it applies once a copy effect has it enter as that copy, where it would have it
    copied: tuple[str, int] | None = None

    @property
    def kind(self) -> str:
        return "prevention" if self.rule.do in PREVENTION else "replacement"

    @property
    def category(self) -> str:
        if self.rule.self_replacement:
            return "616.1a"
        return {"enter_under_control": "616.1b", "enter_as_copy": "616.1c",
                "enter_transformed": "616.1d"}.get(self.rule.do, "616.1e")


@dataclass
class Outcome:
    orders: list[list[str]]  # effect ids in the order applied (with @N, the event's position, for several events)
    order_count: int  # how many orders lead there (orders lists at most --limit of them)
    events: list[dict[str, Any]]
    # the damage each prevention effect prevents along each listed order (615.7: what a shield uses)
    prevented_by: dict[tuple, dict[str, int]] = field(default_factory=dict)

    def prevented_first(self) -> dict[str, int]:
        """What each prevention effect prevents along the first listed order (the one a caller applies)."""
        return self.prevented_by.get(tuple(self.orders[0]), {}) if self.orders else {}


@dataclass
class ReplaceResult:
    applicable: list[Effect]
    choosers: list[str | None]
    outcomes: list[Outcome]
    timed_out: bool = False
    choices: int = 0  # the edges of the graph of states: every choice the chooser has somewhere
    outcome_count: int = 0  # every outcome, when `outcomes` lists only the first `limit` of them

    def to_dict(self) -> dict[str, Any]:
        return {
            "applicable": [{"effect": e.id, "source": e.source, "kind": e.kind, "category": e.category, "text": e.text}
                           for e in self.applicable],
            "chooser": self.choosers[0] if len(set(self.choosers)) == 1 else self.choosers,
            "outcome_count": self.outcome_count,
            "outcomes": [{"orders": o.orders, "order_count": o.order_count, "events": o.events} for o in self.outcomes],
        }


def characteristics(state: "GameState", layers: LayersResult) -> dict[str, dict[str, Any]]:
    """After the layers on the battlefield; printed characteristics elsewhere (a card in a graveyard)."""
    chars = dict(layers.objects)
    for oid, o in state.objects.items():
        if oid in chars or o.printed is None:
            continue
        c = o.printed
        chars[oid] = {"name": c.name, "controller": o.controller or o.owner, "owner": o.owner,
                      "types": [t.lower() for t in c.types], "supertypes": [t.lower() for t in c.supertypes],
                      "subtypes": list(c.subtypes), "colors": list(c.colors), "power": None, "toughness": None,
                      "abilities": [a.words() if a.kind == "keyword" else a.display() for a in c.abilities]}
    return chars


@dataclass
class Entered:
    """614.12: a permanent about to enter, as it would exist on the battlefield under one player: the
    layers applied with it there (the continuous effects that already exist and would apply to it, and
    those of its own static abilities)."""

    chars: dict[str, Any]  # its characteristics there
    printed: set[int]  # the 1-based indices of its own printed abilities it has there
    granted: list[str]  # the keyword abilities effects give it there, as words (one per granting effect)
    copied: set[tuple[str, int]] = field(default_factory=set)  # the abilities it has there as a copy (707.2)


def entering_views(state: "GameState", events: list, givers=(), config: SolverConfig | None = None, copies=()
                   ) -> dict[tuple[int, str, str | None], Entered]:
    """614.12: each enter event's permanent as it would exist on the battlefield under the event's
    controller, and under each of `givers` (616.1b: the players a control-changing effect may have it
    enter under), as itself and as a copy of each of `copies` (616.1c: the objects a copy effect may
    have it enter as a copy of, 707.2), keyed by (event number, player, the object copied or None): the state
    with every permanent entering at once on the battlefield (the others under their event's
    controller), tapped or not, with its counters and the newest timestamps (613.7d), and its layers:
    under Humility a creature entering has no abilities; under Living Lands a Forest enters as a
    creature; a card in a graveyard under Yixlid Jailer has its abilities back (E59). Raises _TimedOut
    when a layers computation hits the time limit."""
    views: dict[tuple[int, str, str | None], Entered] = {}
    for i, ev in enumerate(events, 1):
        if ev.type != "enter":
            continue
        for p in sorted({ev.controller} | set(givers)):
            for x in [None] + sorted(c for c in set(copies) if c != ev.object):
                views[(i, p, x)] = _view(state, events, i, p, x, config)
    return views


def _view(state: "GameState", events: list, i: int, player: str, copy_of: str | None, config: SolverConfig | None,
          chosen: dict[str, Any] | None = None) -> Entered:
    """614.12: event i's permanent as it would exist on the battlefield under `player`, as a copy of
    `copy_of`, with the values `chosen` as it enters (its choices: a creature type, a color)."""
    hyp = _as_entered(state, events, i, player, copy_of)
    oid = events[i - 1].object
    if chosen:
        hyp.objects[oid].choices = {**hyp.objects[oid].choices, **chosen}
    layers = compute_layers(hyp, config)
    if layers.timed_out:
        raise _TimedOut
    held = layers.printed_abilities.get(oid, ())
    return Entered(dict(layers.objects[oid]), {k for holder, k in held if holder == oid},
                   list(layers.granted_keywords.get(oid, ())), {(holder, k) for holder, k in held if holder != oid})


# 614.12: the choices made as a permanent enters whose values the outcomes tell apart: a color (105.1), a
# creature type (205.3m); a permanent's choices name each so
ENUMERATED_CHOICES = ("color", "creature_type")
# creature types, one of which no board names stands for every type the board doesn't name (it reads none)
UNNAMED_TYPES = ("Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon", "Armadillo")


@dataclass(frozen=True)
class _Chosen:
    """A class of values a choice made as a permanent enters may take (614.12) that the effects looked at
    after it tell apart (616.1f): every value of it has the same effects apply to the permanent entering.
    `values`: its values among those the board names; `others`: it holds every value the board names not."""

    kind: str
    values: frozenset
    others: bool
    named: frozenset  # every value the board names (the colors: all five)
    open: bool = True  # a value stands for those the board doesn't name (not for the colors: all are named)


def choice_values(kind: str, state: "GameState", chars: dict) -> tuple[list[str], str | None]:
    """The values of a choice an effect may tell apart (614.12): the five colors (105.1); the creature types
    the board names (in the objects' types, their choices, and their abilities' and effects' words), and
    one it doesn't name, which stands for all the others (no selector can tell them apart). Returns
    (the values, that one or None)."""
    if kind == "color":
        return list(COLORS), None
    named: set[str] = set()

    def walk(v) -> None:
        if isinstance(v, str):
            if v and v[0].isupper() and " " not in v and is_creature_type(v):
                named.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x)

    for oid, o in state.objects.items():
        walk(list(chars.get(oid, {}).get("subtypes", ())))
        walk(dict(o.choices))
        if o.printed is not None:
            walk(list(o.printed.subtypes))
            walk([a.model_dump() for a in o.printed.abilities])
    walk([e.ability.model_dump() for e in state.effects])
    other = next((t for t in UNNAMED_TYPES if t not in named), None)  # (a board naming them all: the named only)
    return sorted(named) + ([other] if other else []), other


def chosen_forms(state: "GameState", events: list, effects: list, views: dict, chars: dict,
                 config: SolverConfig | None, base: dict[str | None, int]) -> tuple[dict, dict, list[str]]:
    """614.12, 616.1f: a permanent entering that makes a choice as it enters (Metallic Mimic: "choose a
    creature type"; it "is the chosen type") is seen, once the choice is made, with the value chosen: the
    effects applied after it read it (another Mimic's "each other creature you control of the chosen type
    enters with an additional +1/+1 counter"). The values the board names are tried one by one, the
    permanent's layers computed with each, under each player it may enter under, and grouped by the
    effects that then apply to it; where they don't all agree, each group is a form of the program's
    states (P, numbered after the copies, `base`: the form before the choice -> its number). Only a
    form with one such choice among its effects is so looked at (as itself, its own; as a copy, the
    copied card's: 616.1c, it has no other). Returns (views: (event, player,
    form) -> Entered; forms: form -> (the object it is a copy of or None, _Chosen); facts: choose_opt/4
    and itself/1)."""
    out_views: dict[tuple[int, str, int], Entered] = {}
    forms: dict[int, tuple[str | None, _Chosen]] = {}
    facts: list[str] = []
    code = max(base.values(), default=0)
    domains: dict[str, tuple[list[str], str | None]] = {}  # choice_values of each kind, computed once
    for i, ev in enumerate(events, 1):
        if ev.type != "enter":
            continue
        chooses = [e for e in effects if e.rule.do == "choose" and e.rule.choice in ENUMERATED_CHOICES
                   and e.source == ev.object and (e.own or e.copied is not None)]
        for x in [None] + sorted(y for y in base if y is not None) if chooses else ():
            players = sorted(p for (j, p, y) in views if j == i and y == x)
            # as itself, its own; as a copy, those it has as that copy (616.1c: it no longer has its own)
            here = [e for e in chooses if e.own and x is None or e.copied is not None and x is not None
                    and any(e.copied in views[(i, p, x)].copied for p in players)]
            if not players or len(here) != 1:
                continue
            e = here[0]
            if e.rule.choice not in domains:
                domains[e.rule.choice] = choice_values(e.rule.choice, state, chars)
            values, other = domains[e.rule.choice]
            groups: dict[tuple, list] = {}
            for v in values:
                seen = {p: _view(state, events, i, p, x, config, {e.rule.choice: v}) for p in players}
                key = tuple(frozenset(f.id for f in effects if _static_ok(f, ev, state, chars, p, seen[p]))
                            for p in players)
                groups.setdefault(key, []).append((v, seen))
            if len(groups) < 2:
                continue  # every value has the same effects apply: the choice changes nothing here
            for members in sorted(groups.values(), key=lambda m: m[0][0]):
                code += 1
                vals = frozenset(v for v, _ in members)
                forms[code] = (x, _Chosen(e.rule.choice, vals - {other}, other in vals, frozenset(values) - {other},
                                          other is not None))
                rep = members[0][1]
                for p in players:
                    out_views[(i, p, code)] = rep[p]
                facts.append(f"choose_opt({q(e.id)},{i},{base[x]},{code}).")
                if x is None:
                    facts.append(f"itself({code}).")
    return out_views, forms, facts


class _TimedOut(Exception):
    """The layers of a permanent entering, as it would exist on the battlefield, hit the time limit."""


def _as_entered(state: "GameState", events: list, i: int, player: str, copy_of: str | None = None) -> "GameState":
    """The state with the permanents of the enter events on the battlefield, event i's under `player`,
    and as a copy of `copy_of` (707.2: its copy effect, layer 1a, as a permanent that entered so has)."""
    hyp = state.copy()
    for j, ev in enumerate(events, 1):
        if ev.type != "enter":
            continue
        o = hyp.objects[ev.object]
        hyp.take_out(ev.object)
        o.zone, o.controller = "battlefield", player if j == i else ev.controller
        o.timestamp, hyp.next_timestamp = hyp.next_timestamp, hyp.next_timestamp + 1
        if o.kind == "spell":  # a permanent spell becomes a permanent (110.1)
            o.kind = "card"
        o.tapped, o.counters = bool(ev.tapped), dict(ev.counters)
        if j == i and copy_of is not None:
            o.copy_of = copy_of
        hyp.battlefield.append(ev.object)
        # 611.2c: an effect a resolved ability gave the spell it targets (Jund: "it gains devour 5") has
        # that object in its set, fixed as it began: the spell becomes the permanent, which it still affects
        for e in hyp.effects:
            if ev.object in e.targets and e.affected is None:
                e.affected = tuple(e.targets)
    return hyp


def effects_in_force(state: "GameState", layers: LayersResult, events: list = (),
                     views: dict[tuple[int, str, str | None], Entered] | None = None) -> list[Effect]:
    out = []
    views = views or {}
    # 614.12: a permanent about to enter has its own "enters" replacement abilities, those it would have
    # on the battlefield (views: under Humility, none); they apply to itself.
    for n, ev in enumerate(events, 1):
        if ev.type != "enter" or ev.object is None:
            continue
        o = state.objects[ev.object]
        seen = {p: v for (j, p, x), v in views.items() if j == n and x is None}  # (as itself: 616.1c)
        for i, ab in enumerate(o.printed.abilities if o.printed is not None else (), 1):
            rule = getattr(ab, "replacement", None)
            under = frozenset(p for p, v in seen.items() if i in v.printed)
            # only its abilities about itself ("this creature enters tapped", devour N): an ability about
            # other permanents entering works from the battlefield only (E60: Orb of Dreams)
            if (rule is not None and rule.event == "enter" and ab.kind in STANDING_KINDS + ("keyword",)
                    and rule.object is not None and rule.object.self_ and under):
                out.append(Effect(f"{ev.object}#{i}", ev.object, rule, ev.controller, (), dict(o.choices), None,
                                  ab.display(), own=True, under=under))
        # 616.1f, 707.2: entering as a copy, it has the copied card's abilities: its "enters" abilities
        # about itself apply once the copy effect applied (Clone as a copy of Polukranos enters with six
        # +1/+1 counters), where it would have them (the views as that copy)
        copied = sorted({hk for (j, p, x), v in views.items() if j == n and x is not None for hk in v.copied})
        for holder, i in copied:
            ab = state.objects[holder].printed.abilities[i - 1]
            rule = getattr(ab, "replacement", None)
            if (rule is not None and rule.event == "enter" and ab.kind in STANDING_KINDS + ("keyword",)
                    and rule.object is not None and rule.object.self_ and rule.do != "enter_as_copy"):
                out.append(Effect(f"{ev.object}#copy:{holder}#{i}", ev.object, rule, ev.controller, (), dict(o.choices),
                                  None, ab.display(), copied=(holder, i)))
        # a keyword a resolved spell or ability gave it (Jund: "it gains devour 5", E62): the permanent
        # has it as it enters, if it would have it on the battlefield (a later Humility takes it away,
        # 613.7); a copy effect doesn't take it away (layer 6), so it is not lost as `own` is
        for e in state.effects:
            for k in _granted_to(e, ev.object):
                under = frozenset(p for p, v in seen.items() if k.words() in v.granted)
                if under:
                    out.append(Effect(f"effects#{e.index}", ev.object, k.replacement, ev.controller, (), {}, None,
                                      _keyword_display(k), under=under))
    for oid in state.battlefield:
        for holder_card, index in layers.printed_abilities.get(oid, ()):
            ab = state.objects[holder_card].printed.abilities[index - 1]
            rule = getattr(ab, "replacement", None)
            # 702.16e: protection is a prevention effect of the permanent (615): the damage that sources
            # with its quality would deal to it (the keyword's `replacement`)
            if rule is None or (ab.kind not in STANDING_KINDS and not (ab.kind == "keyword" and rule.event == "damage")):
                continue
            out.append(Effect(f"{oid}#{index}", oid, rule, layers.objects[oid]["controller"], (),
                              dict(state.objects[oid].choices), None, ab.display()))
    for e in state.effects:
        rule = getattr(e.ability, "replacement", None)
        if rule is not None:
            remaining = e.remaining if e.remaining is not None else rule.n  # 615.7: what is left, or all of it
            out.append(Effect(f"effects#{e.index}", e.source, rule, e.controller, tuple(e.targets), dict(e.choices),
                              remaining, e.ability.display(), affected=e.affected))
    # 113.6: the static abilities of an instant or sorcery spell function while it is on the stack
    # (Banefire: "if X is 5 or more, the damage can't be prevented")
    for oid in state.stack:
        o = state.objects[oid]
        for i, ab in enumerate(o.printed.abilities if o.kind == "spell" and o.printed is not None else (), 1):
            rule = getattr(ab, "replacement", None)
            if rule is not None and ab.kind == "static":
                out.append(Effect(f"{oid}#{i}", oid, rule, o.controller, tuple(o.targets), dict(o.choices), None,
                                  ab.display()))
    return [e for e in out if (e.rule.x_at_least is None or _x(e) >= e.rule.x_at_least)
            and (getattr(e.rule, "if_spent", None) is None
                 or "{" + e.rule.if_spent + "}" in str(e.choices.get("mana_spent", "")))]


def _granted_to(e, oid: str) -> list:
    """The granted keywords of a board effect that are replacement effects on the object entering
    (devour, 702.82a): the effect's `add_abilities` for its targets (611.2c: the spell, then the
    permanent it becomes)."""
    cont = getattr(e.ability, "continuous", None)
    if cont is None or oid not in e.targets or (cont.applies_to is not None and not cont.applies_to.targets):
        return []
    return [k for op in cont.do if op.op == "add_abilities" for k in op.abilities
            if getattr(k, "replacement", None) is not None and k.replacement.event == "enter"]


def _keyword_display(k) -> str:
    words = k.words()
    return words[:1].upper() + words[1:]


def _x(e: Effect) -> int:
    """The X of an effect's source (107.3): its choices' x, 0 when none is given."""
    try:
        return int(e.choices.get("x", 0))
    except (TypeError, ValueError):
        return 0


def _static_ok(eff: Effect, ev, state: "GameState", chars: dict, controller: str | None = None,
               view: Entered | None = None) -> bool:
    """The conditions of 614.1 that no modification of the event can change (its type, who and what);
    for a permanent entering, as it would exist on the battlefield (`view`, 614.12) under `controller`
    (default: the event's, 616.1b)."""
    r = eff.rule
    if r.event == "life_total":  # 119.7-119.8: life gained or lost
        return ev.type in ("life_gain", "life_loss") and (r.player is None or _player_is(eff, r.player, ev.player))
    entering_counters = r.event == "counters" and ev.type == "enter"  # 122.6: counters it enters with
    if r.event != ev.type and not (r.event in PLAYER_EVENTS and ev.type in PLAYER_EVENTS) and not entering_counters:
        return False  # (a player's event may become another: the program checks its type as modified)
    ctx = SelectorContext(state, chars, eff.source, eff.you, eff.targets, eff.choices)

    def player_ok(who: str | None, p: str) -> bool:
        return who is None or _player_is(eff, who, p)

    if ev.type == "damage":  # (who is dealt the damage is checked apart: a redirection changes it, 614.9)
        if r.source is not None and not ctx.match(r.source, ev.source):
            return False
        return r.combat is None or ev.combat == r.combat
    if ev.type == "zone_change":
        if r.object is not None and not ctx.match(r.object, ev.object):
            return False
        if getattr(r, "resolving", None) and not getattr(ev, "resolves", None):
            return False  # 608.2n: "as it resolves": not a spell countered, or moved otherwise
        return r.from_zone in (None, "anywhere") or r.from_zone == ev.from_
    if ev.type == "counters":
        if r.kind is not None and r.kind != ev.kind:
            return False
        if r.player is not None and (ev.by is None or not player_ok(r.player, ev.by)):
            return False  # who puts them: the event must say (Vorinclex)
        if r.object is None and r.on_player is None:
            return True
        if ev.object in state.player_names:  # 122.1: counters on a player
            return r.on_player is not None and _player_is(eff, r.on_player, ev.object)
        return r.object is not None and ctx.match(r.object, ev.object)
    if ev.type == "token":  # (a Clue, Food or Treasure: as the event was; one_of_each keeps it one of them)
        return player_ok(r.player, ev.controller) and (r.token_in is None or ev.token in r.token_in)
    if entering_counters:
        # 122.6: the counters it enters with (+1/+1, and one other kind: entering_kinds), on it as it would
        # exist on the battlefield (614.12); 122.6a: put by the player it enters under
        if r.do == "cant":  # 614.17d: "counters can't be put on ..." (any kind: eff_kind/2 says which)
            if r.player is not None or r.object is None:
                return False  # (on players only, or counters a given player puts)
        elif r.on_player is not None or not entering_kinds(r, ev):
            return False
        elif r.player is not None and not player_ok(r.player, controller or ev.controller):
            return False  # Vorinclex: "if you would put", "if an opponent would put"
        if r.object is None:
            return True
        chars_in = dict(chars)
        chars_in[ev.object] = dict(view.chars if view is not None else chars.get(ev.object, {}),
                                   controller=controller or ev.controller)
        return SelectorContext(state, chars_in, eff.source, eff.you, eff.targets, eff.choices).match(r.object, ev.object)
    if ev.type == "enter":
        if (eff.own or eff.copied is not None) and eff.source != ev.object:
            return False  # another permanent's own abilities don't apply to this one entering
        if eff.copied is not None and (view is None or eff.copied not in view.copied):
            return False  # 616.1f: it has that ability only as the copy (under that player) that has it
        if eff.under is not None and (controller or ev.controller) not in eff.under:
            return False  # 614.12: it wouldn't have that ability on the battlefield under that player
        if getattr(r, "unless", None) is not None and _holds(r.unless, eff, state, chars, controller or ev.controller):
            return False  # "enters tapped unless you control two or more basic lands": they control them
        if r.object is None:
            return True
        # 614.12: the permanent as it would exist on the battlefield, under the player it would enter under
        chars_in = dict(chars)
        chars_in[ev.object] = dict(view.chars if view is not None else chars.get(ev.object, {}),
                                   controller=controller or ev.controller)
        ctx = SelectorContext(state, chars_in, eff.source, eff.you, eff.targets, eff.choices)
        return ctx.match(r.object, ev.object)
    if r.library_empty and state.zone_ids("library", ev.player):
        return False  # "while your library has no cards in it": it has some
    return player_ok(r.player, ev.player)


def _holds(cond, eff: Effect, state: "GameState", chars: dict, you: str) -> bool:
    """An entering permanent's "unless" condition (614.12): the permanents of the battlefield that match
    its count, for the player it would enter under; those entering with it are not there yet."""
    ctx = SelectorContext(state, chars, eff.source, you, eff.targets, eff.choices)
    return sum(1 for oid in state.battlefield if oid in chars and ctx.match(cond.count, oid)) >= cond.at_least


def _player_is(eff: Effect, who: str, p: str) -> bool:
    """'you', 'opponent', 'any' or 'targets', for the effect's controller and targets."""
    return who == "any" or (who == "you" and p == eff.you) or (who == "opponent" and p != eff.you) or (
        who == "targets" and p in eff.targets)


def has_target_condition(eff: Effect) -> bool:
    return (eff.rule.target is not None or eff.rule.target_player is not None or eff.affected is not None
            or eff.rule.do == "redirect_shield")


def target_ok(eff: Effect, target: str, state: "GameState", chars: dict) -> bool:
    """Damage: the conditions on what is dealt the damage (614.1), for one possible recipient."""
    r = eff.rule
    if eff.affected is not None and target not in eff.affected:
        return False  # 615.11: a shield on a set of objects fixed as it began
    if r.do == "redirect_shield":  # 614.9: damage dealt to its first target ("target creature you control")
        if getattr(r, "protects_source", False):  # or to its source ("this creature", Spirit en-Kor)
            return eff.source is not None and target == eff.source
        return bool(eff.targets) and target == eff.targets[0]
    if r.target is None and r.target_player is None:
        return True
    if target in set(state.player_names):
        return r.target_player is not None and _player_is(eff, r.target_player, target)
    ctx = SelectorContext(state, chars, eff.source, eff.you, eff.targets, eff.choices)
    return r.target is not None and ctx.match(r.target, target)


def chooser(ev, state: "GameState", chars: dict) -> str | None:
    """616.1: the affected player, or the controller of the affected object (its owner off the
    battlefield and stack, 108.4a)."""
    players = set(state.player_names)
    if ev.type == "damage":
        return ev.target if ev.target in players else chars.get(ev.target, {}).get("controller")
    if ev.type == "counters" and ev.object in players:
        return ev.object  # 616.1: the affected player
    if ev.type in ("zone_change", "counters"):
        o = state.objects[ev.object]
        return chars.get(ev.object, {}).get("controller") or o.owner
    if ev.type == "enter":
        # the object about to enter is not a permanent yet: a spell has its controller, a card in another
        # zone none, and its owner chooses (616.1, 108.4a), whoever it would enter under (616.1b)
        o = state.objects[ev.object]
        return o.controller or o.owner
    if ev.type == "token":
        return ev.controller
    return ev.player


def other_kind(ev) -> str | None:
    """122.6: the kind of counters other than +1/+1 a permanent enters with, when it enters with one
    such kind (a planeswalker's loyalty, 306.5b; an ice counter); None for none, or several (those are
    left as the event has them)."""
    kinds = [k for k, n in ev.counters.items() if k != "+1/+1"]
    return kinds[0] if len(kinds) == 1 else None


def entering_kinds(r, ev) -> list[str]:
    """122.6: the kinds of the counters a permanent enters with that an effect on counters is about
    (eff_on/3): plus, its +1/+1 counters; other, those of other_kind."""
    out = ["plus"] if r.kind in (None, "+1/+1") else []
    other = other_kind(ev)
    if other is not None and r.kind in (None, other):
        out.append("other")
    return out


def intrinsic_counters(ev, state: "GameState"):
    """306.5b, 310.4b: a planeswalker enters with its printed loyalty in loyalty counters, a battle with
    its printed defense in defense counters (an ability it has, a replacement effect, 614.1c), unless
    the event already says how many it enters with."""
    o = state.objects.get(ev.object) if ev.type == "enter" and ev.object else None
    c = o.printed if o is not None and o.copy_of is None else None
    for card_type, kind in INTRINSIC_COUNTERS.items():
        n = getattr(c, kind, None) if c is not None and card_type in c.types else None
        if n is not None and kind not in ev.counters and str(n).isdigit():
            ev = ev.model_copy(update={"counters": {**ev.counters, kind: int(n)}})
    # its own "enters with ten ice counters" (Dark Depths): with no other kind, the kind it enters with (none yet)
    own = {r.kind for r in (getattr(ab, "replacement", None) for ab in (c.abilities if c is not None else ()))
           if r is not None and r.event == "enter" and r.do == "add_counters" and r.kind not in (None, "+1/+1")}
    if len(own) == 1 and not [k for k in ev.counters if k != "+1/+1"]:
        ev = ev.model_copy(update={"counters": {**ev.counters, own.pop(): 0}})
    return ev


def _amount(ev) -> int | None:
    return getattr(ev, "amount", None)


def _start_amount(ev) -> int:
    if ev.type == "enter":
        return ev.counters.get("+1/+1", 0)
    return _amount(ev) or 0


def _start_zone(ev) -> str:
    if ev.type == "damage":
        return ev.target
    if ev.type == "enter":  # e(T, C, O): tapped or not, the player it would enter under (616.1b), and
        # its counters of the other kind (122.6)
        return ("tapped" if ev.tapped else "untapped", ev.controller, ev.counters.get(other_kind(ev), 0))
    if ev.type in PLAYER_EVENTS:
        return ev.type
    return ev.to if ev.type == "zone_change" else "none"


def replace(state: "GameState", events: list, config: SolverConfig | None = None, limit: int = 100,
            layers: LayersResult | None = None) -> ReplaceResult:
    if any(ev.type == "enter" and ev.object is None for ev in events):
        raise ValueError("an enter event naming a card (a new object): make the object first "
                         "(engine.events.with_entering_cards)")
    events = [intrinsic_counters(ev, state) for ev in events]  # 306.5b: a planeswalker's loyalty counters
    layers = layers if layers is not None else compute_layers(state, config)
    chars = characteristics(state, layers)
    # 614.12, 616.1b, 616.1c: each permanent entering as it would exist on the battlefield, under the player
    # it would enter under or one a control-changing effect may give it, as itself or as the copy a copy
    # effect may have it enter as
    views = {}
    copies: list[str] = []  # the objects a copy effect may have a permanent enter as a copy of (707.2)
    if any(ev.type == "enter" for ev in events):
        standing = effects_in_force(state, layers)
        givers = {e.you for e in standing if e.rule.do == "enter_under_control"}
        copies = sorted({e.source for e in standing if e.rule.do == "enter_as_copy" and e.source is not None}
                        | {x for ev in events if ev.type == "enter" for x in _copy_choices(ev, state, chars)})
        try:
            views = entering_views(state, events, givers, config, copies)
        except _TimedOut:
            return ReplaceResult([], [], [], timed_out=True)
    # only the effects on the kinds of event these events are or may lead to: each has a bit in the sets of
    # the program's states, which are 32-bit integers (clingo)
    effects = [e for e in effects_in_force(state, layers, events, views) if e.rule.event in _kinds_reached(events)]
    copy_code = {x: k for k, x in enumerate(copies, 1)}  # P of the program's states: the copy it enters as
    entering = {ev.object for ev in events if ev.type == "enter" and ev.object}
    for e in effects:  # 614.13a: a card entering at the same time can't be chosen
        if e.rule.do == "choose" and e.rule.cards is not None:
            ctx = SelectorContext(state, chars, e.source, e.you, e.targets, e.choices)
            e.candidates = tuple(sorted(o for o in state.objects if o not in entering and ctx.match(e.rule.cards, o)))
    # 702.82a, 614.13a: the creatures a devour instance may sacrifice, each with its bit in the sets of
    # the program's states (above the effects' bits: 614.13b, a creature is sacrificed once)
    devouring = {e.source for e in effects if e.rule.do == "devour"}
    victims = {i: _sacrificeable(ev, state, chars, entering) for i, ev in enumerate(events, 1)
               if ev.type == "enter" and ev.object in devouring}
    sac_bits = {oid: 1 << (len(effects) + j) for j, oid in enumerate(sorted({v for vs in victims.values() for v in vs}))}
    facts = [f"sac_bit({i},{q(oid)},{q(chars[oid]['controller'])},{sac_bits[oid]})." for i, vs in victims.items()
             for oid in vs]
    # 119.4, 614.13c: "as this land enters, you may pay 2 life": a payment its controller can make (their
    # life total is at least that much) is an event of its own, after the input events; a bit of the
    # states above the others marks it made
    payments: list[_Payment] = []
    pay_bits: dict[int, int] = {}  # the bit -> the payment's event number
    for i, ev in enumerate(events, 1):
        for e in effects:
            if (ev.type == "enter" and e.rule.do == "pay_life_or_tapped"
                    and (_static_ok(e, ev, state, chars, view=views.get((i, ev.controller, None)))
                         or e.copied is not None and any(_static_ok(e, ev, state, chars, p, v) for (j, p, x), v
                                                         in views.items() if j == i and x is not None))
                    and state.player(ev.controller).life >= e.rule.n):
                b = 1 << (len(effects) + len(sac_bits) + len(payments))
                payments.append(_Payment(ev.controller, e.rule.n))
                pay_bits[b] = len(events) + len(payments)
                facts.append(f"pay_bit({i},{q(e.id)},{b}).")
    # 702.82a, 701.21a: a creature sacrificed to devour is put into its owner's graveyard, an event of
    # its own that the replacement effects modify (Rest in Peace: exiled instead); after the payments
    sac_events: dict[str, int] = {}  # a creature devour may sacrifice -> its sacrifice's event number
    for oid in sorted(sac_bits):
        payments.append(_Sacrifice(oid))
        sac_events[oid] = len(events) + len(payments)
    # 614.13c: the cards of each library, top first, without those entering the battlefield from it
    libraries = {p: [c for c in state.zone_ids("library", p) if c not in entering] for p in state.player_names}
    # 614.12, 616.1f: the values a choice made as it enters may take, where the effects after it tell them apart
    try:
        chosen_views, forms, form_facts = chosen_forms(state, events, effects, views, chars, config,
                                                       {None: 0, **copy_code})
    except _TimedOut:
        return ReplaceResult([], [], [], timed_out=True)
    facts += form_facts
    ctx = _Context(sac_bits, pay_bits, libraries, sac_events,
                   copies={k: x for x, k in copy_code.items()} | {k: x for k, (x, _) in forms.items() if x is not None},
                   chosen={k: c for k, (_, c) in forms.items()})
    for k, e in enumerate(effects):
        r = e.rule
        E = q(e.id)
        facts.append(f"eff({E},{r.do},{r.event}). bit({E},{1 << k}).")
        escaped = r.n_if_escaped is not None and any(
            ev.type == "enter" and ev.object == e.source and ev.escaped for ev in events)  # 702.138c
        if escaped:
            facts.append(f"eff_n({E},{r.n_if_escaped}).")
        elif r.n is not None:
            facts.append(f"eff_n({E},{r.n}).")
        if r.do == "one_of_each":  # how many kinds of token it creates one of each of
            facts.append(f"eff_n({E},{len(r.token_in)}).")
        if r.n_is_x:  # 107.3m: the X of the permanent entering (its own ability: one event)
            xs = {ev.x for ev in events if ev.type == "enter" and ev.object == e.source and ev.x is not None}
            facts.append(f"eff_n({E},{xs.pop() if xs else 0}).")
        if r.zone is not None:
            facts.append(f"eff_zone({E},{r.zone}).")
        if r.into is not None:
            facts.append(f"eff_into({E},{r.into}).")
        if r.do in ("redirect", "redirect_shield") and _destination(e) is not None:
            facts.append(f"eff_dest({E},{q(_destination(e))}).")
        if r.self_replacement:
            facts.append(f"eff_self({E}).")
        if r.event == "zone_change" and r.to_zone not in (None, "anywhere"):
            facts.append(f"eff_to({E},{r.to_zone}).")
        if e.own:
            facts.append(f"eff_own({E}).")
        if r.library_has_amount:
            facts.append(f"eff_lib_amount({E}).")
        if r.do == "enter_under_control":  # 616.1b: "it enters under your control instead"
            facts.append(f"eff_you({E},{q(e.you)}).")
        if r.do == "enter_as_copy" and r.of is not None:  # 616.1c: a copy of the object its controller chooses
            for ev in events:  # (its own ability, as it enters: on the battlefield it copies nothing)
                if e.own and ev.type == "enter" and ev.object == e.source:
                    facts += [f"copy_opt({E},{copy_code[x]})." for x in _copy_choices(ev, state, chars)]
                    if r.optional:  # "you may": or it enters as itself
                        facts.append(f"copy_opt({E},0).")
        elif r.do == "enter_as_copy" and e.source in copy_code:  # a copy of the effect's source (Essence of the Wild)
            facts.append(f"copy_opt({E},{copy_code[e.source]}).")
        if r.do == "cant" and r.event == "counters" and r.kind is not None:  # 614.17: counters of that kind only
            facts.append(f"eff_kind({E},{q(r.kind)}).")
        if r.do == "add_counters" and r.kind not in (None, "+1/+1"):  # "enters with ten ice counters"
            facts.append(f"eff_kind({E},{q(r.kind)}).")
    if len(effects) + len(sac_bits) + len(pay_bits) > MAX_BITS:
        raise TooManyEffects(f"{len(effects)} replacement and prevention effects, {len(sac_bits)} creatures devour may "
                         f"sacrifice and {len(pay_bits)} life payments: more than the {MAX_BITS} the program's sets hold")
    for i, ev in enumerate(list(events) + payments, 1):
        if ev.type in PLAYER_EVENTS and any(e.rule.library_has_amount for e in effects):
            facts.append(f"lib_size({i},{len(libraries.get(ev.player, []))}).")
        facts.append(f"ev({i},{ev.type}).")
        if _amount(ev) is not None:
            facts.append(f"ev_amount({i},{ev.amount}).")
        if ev.type == "zone_change":
            facts.append(f"ev_to({i},{ev.to}).")
            if ev.destroy:
                facts.append(f"ev_destroy({i}).")
            if ev.regenerate is False:
                facts.append(f"ev_no_regen({i}).")
        if ev.type == "damage":  # who is dealt it, as modified (614.9), stands in the zone slot
            facts.append(f"ev_to({i},{q(ev.target)}).")
            recipients = [ev.target] + sorted({_destination(e) for e in effects
                                               if e.rule.do in ("redirect", "redirect_shield") and _destination(e)})
            for e in effects:
                if e.rule.event != "damage":
                    continue
                if not has_target_condition(e):
                    facts.append(f"any_target({q(e.id)}).")
                    continue
                facts += [f"target_ok({q(e.id)},{i},{q(x)})." for x in recipients if target_ok(e, x, state, chars)]
        if ev.type == "enter":  # +1/+1 counters it enters with, whether tapped (614.1c), and under whom (616.1b)
            facts.append(f"ev_amount({i},{ev.counters.get('+1/+1', 0)}). ev_to({i},{'tapped' if ev.tapped else 'untapped'}).")
            facts.append(f"ev_ctl({i},{q(ev.controller)}).")
            other = other_kind(ev)
            if other is not None:  # 122.6: the counters of another kind it enters with
                facts.append(f"ev_other({i},{q(other)},{ev.counters[other]}).")
            facts += [f"eff_on({q(e.id)},{i},{k})." for e in effects if e.rule.event == "counters" and e.rule.do != "cant"
                      for k in entering_kinds(e.rule, ev)]
            # "enters with ten ice counters": counters of the other kind (122.6)
            facts += [f"eff_on({q(e.id)},{i},other)." for e in effects if e.rule.do == "add_counters"
                      and e.rule.kind not in (None, "+1/+1") and e.rule.kind == other]
            # 614.12: the conditions on the permanent as it would exist on the battlefield, under each
            # player a control-changing effect may have it enter under (616.1b), as itself (0) or as each
            # copy a copy effect may have it enter as (616.1c: the effects looked at after it read the copy)
            seen = [(j, p, copy_code.get(x, 0), view) for (j, p, x), view in views.items()]
            seen += [(j, p, k, view) for (j, p, k), view in chosen_views.items()]
            facts += [f"under_ok({q(e.id)},{i},{q(p)},{k})." for e in effects
                      for j, p, k, view in seen if j == i and _static_ok(e, ev, state, chars, p, view)]
            continue
        for e in effects:
            if _static_ok(e, ev, state, chars):
                facts.append(f"static_ok({q(e.id)},{i}).")
    # 615.7: a shield that simultaneous events could use is divided among them by the chooser: each
    # division is solved apart, and the outcomes are those of every division
    results = [_solve_division(state, chars, events, effects, facts + extra, config, limit, ctx, payments)
               for extra in _shield_divisions(events, effects, facts)]
    if any(r.timed_out for r in results):
        return ReplaceResult([], [], [], timed_out=True)
    return _merge(results, limit)


# The bits of the program's sets of effects applied (and creatures sacrificed, life paid): clingo's integers
# are 32-bit signed, so 31 bits at most (the sign bit left alone).
MAX_BITS = 31


class TooManyEffects(ValueError):
    """More effects (and creatures devour may sacrifice, life payments) than the program's sets hold."""


def _kinds_reached(events: list) -> set[str]:
    """The kinds of event the effects may apply to for these events: theirs; a player's event may become
    another (614.1a), so any player's event (and "your life total can't change"); a permanent entering
    gets counters (122.6), and may make creatures be sacrificed (702.82a) and life be paid (119.4)."""
    kinds = {ev.type for ev in events}
    if "enter" in kinds:
        kinds |= {"counters", "zone_change", "pay_life"}
    if kinds & set(PLAYER_EVENTS):
        kinds |= set(PLAYER_EVENTS) | {"life_total"}
    return kinds


def _copy_choices(ev, state: "GameState", chars: dict) -> list[str]:
    """616.1c, 707.2: the objects the permanent entering by `ev` may enter as a copy of by its own "enter as a
    copy of any creature on the battlefield" (Clone, `of`): those on the battlefield `of` matches, after the
    layers (none entering at the same time: they are not on the battlefield yet)."""
    o = state.objects[ev.object]
    out: set[str] = set()
    for ab in o.printed.abilities if o.printed is not None else ():
        r = getattr(ab, "replacement", None)
        if r is not None and r.do == "enter_as_copy" and r.of is not None and r.object is not None and r.object.self_:
            ctx = SelectorContext(state, chars, ev.object, ev.controller, (), dict(o.choices))
            out |= {x for x in state.battlefield if x in chars and ctx.match(r.of, x)}
    return sorted(out)


def _sacrificeable(ev, state: "GameState", chars: dict, entering: set) -> list[str]:
    """702.82a, 701.21a: the creatures the entering permanent's controller may sacrifice as it enters
    (theirs, on the battlefield, after the layers), not one entering at the same time (614.13a): those
    of every player, since a control-changing effect may change who that is (616.1b); the program
    takes those of the player it enters under."""
    return sorted(oid for oid in state.battlefield if oid not in entering and oid in chars
                  and "creature" in chars[oid]["types"])


def _sacrificed(ev, events: tuple) -> set:
    """The creatures a permanent's devour instances sacrificed, in its final events (702.82a): those
    leaving the battlefield as it enters (to a graveyard, or exiled by Rest in Peace)."""
    if ev.type != "enter":
        return set()
    return {dict(e)["object"] for e in events if dict(e)["type"] == "zone_change" and dict(e).get("from") == "battlefield"}


@dataclass
class _Payment:
    """119.4: a payment of life made as a permanent enters (Breeding Pool), an event of its own (614.13c)."""

    player: str
    amount: int
    type: str = "pay_life"

    def model_dump(self, **_kw) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "amount": self.amount}


@dataclass
class _Sacrifice:
    """702.82a, 701.21a: a creature sacrificed as a permanent with devour enters: put from the battlefield
    into its owner's graveyard, an event of its own (the replacement effects on it apply: Rest in Peace)."""

    object: str
    type: str = "zone_change"
    from_: str = "battlefield"
    to: str = "graveyard"
    destroy: bool = False  # (a sacrifice is no destruction: regeneration doesn't replace it, 701.21a)
    regenerate: bool | None = None

    def model_dump(self, **_kw) -> dict[str, Any]:
        return {"type": self.type, "object": self.object, "from": self.from_, "to": self.to}


@dataclass
class _Context:
    sac_bits: dict[str, int]  # a creature devour may sacrifice -> its bit in the states (702.82a)
    pay_bits: dict[int, int]  # the bit of a life payment made as a permanent enters -> the payment's event number
    libraries: dict[str, list[str]]  # each player's library, top first, without the cards entering from it (614.13c)
    sac_events: dict[str, int] = field(default_factory=dict)  # a creature devour may sacrifice -> its event number
    # 122.6, 614.17d: (enter event, the player it enters under) -> the kinds of counter it can't have put
    # on it ("all": none of any kind), from the program's no_counters/3
    no_counters: dict[tuple[int, str, int], set] = field(default_factory=dict)
    copies: dict[int, str] = field(default_factory=dict)  # 616.1c: P of a state -> the object it enters as a copy of
    chosen: dict[int, _Chosen] = field(default_factory=dict)  # 614.12: P -> the values its choice took
    # 614.17d: the final states (X = 0) of a permanent entering that can't enter as it would exist
    cant_final: set[tuple] = field(default_factory=set)


def _solve_division(state, chars, events, effects, facts, config, limit, ctx, payments) -> ReplaceResult:
    result = solve(FILES, "\n".join(facts) + "\n", config=config, canonical=False, measure=False, prune=())
    if result.timed_out:
        return ReplaceResult([], [], [], timed_out=True)
    model = result.model
    by_id = {e.id: e for e in effects}
    edges: dict[tuple, list[tuple[str, tuple]]] = {}
    for sym in model.raw("edge"):
        a = [_py(x) for x in sym.arguments]
        edges.setdefault((a[0], *a[1:5], 0), []).append((a[5], (a[0], *a[6:11])))
    # 614.9: the damage events a partial redirection makes (Razia), each from the state it was made in
    forks: dict[tuple, tuple] = {}
    parts: dict[str, tuple] = {}  # such an event -> (the event it is part of, its recipient, its amount)
    for sym in model.raw("fork"):
        a = [_py(x) for x in sym.arguments]
        forks[((a[0], *a[1:5], 0), a[5])] = (a[6], a[7], a[8], 0, a[9], 0)
        parts[a[6]] = (a[0], a[9], a[8])
    ctx.no_counters = {}
    for sym in model.raw("no_counters"):
        a = [_py(x) for x in sym.arguments]
        ctx.no_counters.setdefault((a[0], a[1], a[2]), set()).add(a[3])
    ctx.cant_final = {tuple(_py(x) for x in sym.arguments) + (0,) for sym in model.raw("cant_final")}
    finals: dict[Any, list[tuple]] = {}
    for sym in model.raw("final"):
        a = tuple(_py(x) for x in sym.arguments)
        finals.setdefault(a[0], []).append(a)
    split = {f for j in parts for f in finals.get(j, [])}
    per_event = []
    for i, ev in enumerate(list(events) + payments, 1):
        start = (i, 0, _start_amount(ev), 0, _start_zone(ev), 0)
        if start[:5] + (1,) in set(finals.get(i, [])) and start not in edges:  # 614.17: it can't happen
            start = start[:5] + (1,)
        graph = _Graph(edges, forks, set(finals.get(i, [])) | split, _part_events(ev, i, parts))
        per_event.append(_outcomes(ev, start, graph, limit, effects, ctx))
    paid = dict(enumerate(per_event[len(events):], len(events) + 1))
    per_event = [_merge_chosen(_with_payments(o, paid, limit), ctx, limit) for o in per_event[:len(events)]]
    # Simultaneous events (616.2) are modified each on its own: the outcomes are every combination of
    # theirs, which grows as a product; at most `limit` of them are listed (outcome_count counts all).
    combined = []
    choices = [sorted(o.items(), key=lambda kv: repr(kv[0])) for o in per_event]
    outcome_count = 1
    for c in choices:
        outcome_count *= len(c)
    combos = itertools.product(*choices)
    if sum(1 for ev, c in zip(events, choices) if any(_sacrificed(ev, k) for k, _ in c)) > 1:
        # 614.13b: permanents entering at once can't sacrifice the same creature to their devour instances
        def apart(choice) -> bool:
            taken = [_sacrificed(ev, evs) for ev, (evs, _) in zip(events, choice)]
            return sum(map(len, taken)) == len(set().union(*taken))

        kept = [c for c in combos if apart(c)]
        outcome_count, combos = len(kept), iter(kept)
    for choice in itertools.islice(combos, limit):
        final_events = [{k: dict(v) if k == "counters" else list(v) if k in ("choose", "choose_from")
                         else {kind: {how: list(vals) for how, vals in named} for kind, named in v} if k == "chosen"
                         else v for k, v in e}
                        for evs, _ in choice for e in evs]
        count = 1
        for _, (n, _orders, _prevented) in choice:
            count *= n
        # what each prevention effect prevents along an order: the sum over the events of what it
        # prevents along each event's own order
        by_event = [x[2] for _, x in choice]
        prevented_by: dict[tuple, dict[str, int]] = {}
        if len(events) == 1:
            orders = choice[0][1][1]
            prevented_by = {tuple(o): by_event[0].get(tuple(o), {}) for o in orders}
        else:  # each event's order, one after the other
            orders = []
            for combo in itertools.islice(itertools.product(*[x[1] for _, x in choice]), limit):
                flat = sum(([f"{e}@{n}" for e in o] for n, o in enumerate(combo, 1)), [])
                orders.append(flat)
                used: dict[str, int] = {}
                for k, o in enumerate(combo):
                    for eff, amount in by_event[k].get(tuple(o), {}).items():
                        used[eff] = used.get(eff, 0) + amount
                prevented_by[tuple(flat)] = used
        combined.append(Outcome(orders[:limit], count, final_events, prevented_by))
    combined.sort(key=lambda o: (o.orders[0] if o.orders else [], repr(o.events)))
    # the effects that apply to an input event, or to a life payment some choice makes (119.4)
    reached = {j for b, j in ctx.pay_bits.items() for sym in model.raw("edge") if sym.arguments[6].number & b}
    # (and to the creatures some choice sacrifices to devour, 702.82a)
    reached |= {ctx.sac_events[oid] for oid, b in ctx.sac_bits.items() for sym in model.raw("edge")
                if sym.arguments[6].number & b}
    # (and to the parts of a damage event redirected, 614.9: made only where an effect split the event)
    applicable = [by_id[x] for x in sorted({a.arguments[0].string for a in model.raw("applies")
                                            if a.arguments[1].type.name != "Number" or a.arguments[1].number <= len(events)
                                            or a.arguments[1].number in reached})]
    choosers = [chooser(ev, state, chars) for ev in events]
    return ReplaceResult(applicable, choosers, combined, choices=len(model.raw("edge")), outcome_count=outcome_count)


def _merge_chosen(outs: dict, ctx: _Context, limit: int) -> dict:
    """614.12: outcomes alike but for the class of values a choice made as the permanent entered took are
    one outcome, for the values of each. The outcome then names its values: {kind: {any_of: [values]}},
    or, when it holds the values the board doesn't name, {kind: {none_of: [the values named it doesn't
    hold]}}; none (no `chosen`) when every value leads there."""
    if not ctx.chosen:
        return outs
    groups: dict[tuple, list] = {}
    for key, (n, orders, prevented) in outs.items():
        at = next(((k, j) for k, e in enumerate(key) for j, (f, _v) in enumerate(e) if f == "chosen"), None)
        rest = key if at is None else key[:at[0]] + (key[at[0]][:at[1]] + key[at[0]][at[1] + 1:],) + key[at[0] + 1:]
        groups.setdefault((rest, n, tuple(map(tuple, orders)), at), []).append((key, prevented))
    out: dict = {}
    for (rest, n, orders, at), members in groups.items():
        if at is None:
            for key, prevented in members:
                out[key] = (n, [list(o) for o in orders], prevented)
            continue
        classes = [dict(key[at[0]])["chosen"] for key, _ in members]
        c = classes[0]
        values = frozenset().union(*(x.values for x in classes))
        others = any(x.others for x in classes)
        if values == c.named and (others or not c.open):
            key = rest  # every value: the choice doesn't matter to this outcome
        else:
            named = ("none_of", tuple(sorted(c.named - values))) if others else ("any_of", tuple(sorted(values)))
            e = rest[at[0]]
            key = rest[:at[0]] + (e[:at[1]] + (("chosen", ((c.kind, (named,)),)),) + e[at[1]:],) + rest[at[0] + 1:]
        if key in out:  # (the same event another way)
            m, listed, prevented = out[key]
            out[key] = (m + n, sorted(listed + [list(o) for o in orders])[:limit], {**prevented, **members[0][1]})
        else:
            out[key] = (n, [list(o) for o in orders], members[0][1])
    return out


def _shield_divisions(events: list, effects: list[Effect], facts: list[str]) -> list[list[str]]:
    """615.7: each shield's remaining amount, divided among the damage events it may apply to (its
    conditions hold); with one such event, all of it goes there. A division gives each
    event at most its damage, and uses as much of the shield as the damage allows. Damage that can't
    be prevented (615.12) gets all that is left, undivided: the shield applies to it and prevents none."""
    static = set(facts)
    per_shield = []
    for e in effects:
        if e.rule.do not in ("shield", "redirect_shield"):
            continue
        left = e.remaining or 0
        stops = "cant_be_prevented" if e.rule.do == "shield" else None  # a redirection is no prevention
        E = q(e.id)
        # the events whose conditions hold, for the recipient or one a redirection may give them
        held = [i for i, ev in enumerate(events, 1)
                if ev.type == "damage" and f"static_ok({E},{i})." in static
                and (f"any_target({E})." in static or any(f.startswith(f"target_ok({E},{i},") for f in facts))]
        unpreventable = [i for i in held if any(x.rule.do == stops and f"static_ok({q(x.id)},{i})." in static
                                                for x in effects)]
        where = [i for i in held if i not in unpreventable]
        # 615.12: damage that can't be prevented doesn't reduce a shield: the shield still applies to it (with
        # all that is left of it, none of which it uses) and is not divided with it
        fixed = [f"shield({E},{i},{left})." for i in unpreventable]
        # 615.11: a shield on a set fixed as it began (Wojek Apothecary) is a shield for each object
        groups = ([[i for i in where if events[i - 1].target == o] for o in e.affected] if e.affected is not None
                  else [where])
        for group in groups:
            caps = [events[i - 1].amount for i in group]
            total = min(left, sum(caps))
            parts = [p for p in itertools.product(*[range(c + 1) for c in caps]) if sum(p) == total] if len(group) > 1 \
                else [(left,) * len(group)]
            per_shield.append([[f"shield({E},{i},{n})." for i, n in zip(group, p)] for p in parts])
        if fixed:
            per_shield.append([fixed])
    return [sum(combo, []) for combo in itertools.product(*per_shield)] or [[]]


def _merge(results: list[ReplaceResult], limit: int) -> ReplaceResult:
    """The outcomes of every division of the shields: an outcome reached under several divisions lists
    the orders of each (once) and counts them all."""
    if len(results) == 1:
        return results[0]
    merged: dict[str, Outcome] = {}
    every: dict[str, dict] = {}  # the distinct orders of each outcome, when every division listed all of them
    partial = False
    for r in results:
        for o in r.outcomes:
            key = repr(o.events)
            partial = partial or o.order_count > len(o.orders)
            every.setdefault(key, {}).update({tuple(x): x for x in o.orders})
            if key not in merged:
                merged[key] = Outcome(list(o.orders), o.order_count, o.events, dict(o.prevented_by))
                continue
            merged[key].order_count += o.order_count
            for order, used in o.prevented_by.items():
                merged[key].prevented_by.setdefault(order, used)
    for key, m in merged.items():
        m.orders = sorted(every[key].values())[:limit]
        if not partial:
            m.order_count = len(every[key])
    outcomes = sorted(merged.values(), key=lambda o: (o.orders[0] if o.orders else [], repr(o.events)))
    applicable = sorted({e.id: e for r in results for e in r.applicable}.values(), key=lambda e: e.id)
    return ReplaceResult(applicable, results[0].choosers, outcomes[:limit], choices=sum(r.choices for r in results),
                         outcome_count=len(merged) if all(r.outcome_count == len(r.outcomes) for r in results)
                         else sum(r.outcome_count for r in results))


def _destination(e: Effect) -> str | None:
    """614.9: where a redirection sends the damage: the effect's source, or its first target; for a
    partial one (Razia), its second target ("another target creature")."""
    if e.rule.do == "redirect_shield":
        if getattr(e.rule, "protects_source", False):  # Spirit en-Kor: the source's damage goes to its target
            return e.targets[0] if e.targets else None
        return e.targets[1] if len(e.targets) > 1 else None
    if e.rule.to_target:
        return e.targets[0] if e.targets else None
    return e.source


def _py(sym):
    if sym.type.name == "Number":
        return sym.number
    if sym.type.name == "String":
        return sym.string
    if sym.name == "e" and len(sym.arguments) == 3:  # a permanent entering: (tapped or not, under whom, O)
        return tuple(_py(x) for x in sym.arguments)
    return sym.name if not sym.arguments else str(sym)


def _with_payments(outs: dict, paid: dict, limit: int) -> dict:
    """119.4, 614.13c: in an outcome where life was paid as a permanent entered, each outcome of the
    payment (replaced or not: Ashiok) takes the place of the payment; its orders follow the enter
    event's (the effects applied to the entering, then those applied to the payment). So for the
    creatures sacrificed to devour (702.82a): each sacrifice's outcomes (Rest in Peace: exiled) take
    its place, the effects applied to each sacrifice following, in the events' order."""
    if not any(e[0] == "paid" for key in outs for e in key):
        return outs
    done: dict[tuple, list] = {}
    for key, (n, orders, _prevented) in outs.items():  # (no damage prevented: an enter event)
        parts: list[tuple[tuple, int, list]] = [((), 1, [[]])]  # (events, how many orders, order suffixes)
        for e in key:
            if e[0] == "paid":
                parts = [(evs + pk, c * pn, [s + po for s in suf for po in porders])
                         for evs, c, suf in parts for pk, (pn, porders, _) in sorted(paid[e[1]].items(), key=repr)]
            else:
                parts = [(evs + (e,), c, suf) for evs, c, suf in parts]
        for evs, c, suf in parts:
            got = done.setdefault(evs, [0, []])
            got[0] += n * c
            got[1] += [o + s for o in orders for s in suf]
    return {k: (c, sorted(os)[:limit], {}) for k, (c, os) in done.items()}


@dataclass
class _Graph:
    edges: dict  # state -> [(effect, next state)]
    forks: dict  # (state, effect) -> the start of the damage event applying it makes (614.9)
    finals: set  # the final states of the event and of the events split from it
    events: dict  # an event split from it (614.9) -> that event, in the event file's shape


def _part_events(ev, i: int, parts: dict) -> dict:
    """614.9: the damage events split from event i (and from those), each as its own damage event: the
    same source, the recipient and amount redirected."""
    out: dict = {}

    def event_of(j):
        if j == i:
            return ev
        if j not in parts:
            return None  # part of another event
        if j not in out:
            parent, to, amount = parts[j]
            base = event_of(parent)
            out[j] = None if base is None else base.model_copy(update={"target": to, "amount": amount})
        return out[j]

    for j in parts:
        event_of(j)
    return {j: e for j, e in out.items() if e is not None}


def _outcomes(ev, start: tuple, graph: "_Graph", limit: int, effects: list[Effect], ctx: _Context) -> dict:
    """Final event -> (how many orders lead to it, up to `limit` of those orders, sorted). Orders are
    counted on the graph of states (two orders reaching one state share what follows) and listed by a
    depth-first walk that leaves a branch once every outcome it can reach has `limit` orders."""
    edges, finals = graph.edges, graph.finals
    # 614.17d: a final state where the permanent can't enter as it would exist: it doesn't happen
    key_of = {f: _final_events(ev if f[0] == start[0] else graph.events[f[0]],
                               f[:5] + (1,) if f in ctx.cant_final else f, effects, ctx)
              for f in finals if f[0] == start[0] or f[0] in graph.events}
    finals = set(key_of)
    per_prevented = {e.id: e for e in effects if e.rule.counters_per_prevented is not None
                     or getattr(e.rule, "remove_counters_per_prevented", None) is not None}
    if graph.forks or per_prevented or any(len({e for e, _ in out}) < len(out) for out in edges.values()):
        return _distinct_orders(start, graph, key_of, limit, per_prevented)
    count: dict[tuple, dict[tuple, int]] = {}

    def paths_from(node: tuple) -> dict[tuple, int]:
        if node not in count:
            got: dict[tuple, int] = {node: 1} if node in finals else {}
            for _eff, nxt in edges.get(node, ()):
                for f, n in paths_from(nxt).items():
                    got[f] = got.get(f, 0) + n
            count[node] = got
        return count[node]

    totals: dict[tuple, int] = {}
    for f, n in paths_from(start).items():
        totals[key_of[f]] = totals.get(key_of[f], 0) + n
    listed: dict[tuple, list[list[str]]] = {k: [] for k in totals}
    prevented: dict[tuple, dict[str, int]] = {}  # order -> what each effect prevented along it

    def walk(node: tuple, order: list[str], by: dict[str, int]) -> None:
        if node in finals:
            listed[key_of[node]].append(order)
            prevented[tuple(order)] = by
        for eff, nxt in sorted(edges.get(node, ()), key=lambda x: x[0]):
            if any(len(listed[key_of[f]]) < limit for f in paths_from(nxt)):
                step = nxt[3] - node[3]  # the damage this effect prevented (P, the 4th of a state)
                walk(nxt, order + [eff], {**by, eff: by.get(eff, 0) + step} if step > 0 else by)

    walk(start, [], {})
    return {k: (totals[k], sorted(listed[k])[:limit], prevented) for k in totals}


def _distinct_orders(start: tuple, graph: "_Graph", key_of: dict, limit: int, per_prevented: dict | None = None) -> dict:
    """_outcomes when one effect has several edges from a state (devour: each set of creatures it may
    sacrifice), when part of the damage is redirected (614.9, Razia: the event splits, and each part
    has its own effects: an outcome is the events of both, its orders the effects applied to the event,
    then those applied to the part redirected), or when a prevention effect has an additional effect
    that depends on what it prevented (615.5, `per_prevented`: Test of Faith's counters, which differ
    between orders that reach the same final event). Different paths may be the same order of effects,
    counted once. Every order is listed, by a walk that remembers the orders from each state to each
    final event, with what each shield uses along them (615.7: the damage prevented, or redirected).

    615.5: "the rest of the effect takes place immediately afterward": the counters an effect puts for
    the damage it prevented follow the event (and the parts redirected from it), in the order the
    effects applied, as events of their own: {type: counters, object: the creature the damage would
    have been dealt, kind, amount, by: the effect's controller}."""
    per_prevented = per_prevented or {}
    memo: dict[tuple, dict[tuple, dict]] = {}  # state -> {(final events, 615.5 events): {order: used}}

    def orders_from(node: tuple) -> dict[tuple, dict]:
        if node not in memo:
            got: dict[tuple, dict] = {(key_of[node], ()): {(): {}}} if node in key_of else {}
            for eff, nxt in graph.edges.get(node, ()):
                part = graph.forks.get((node, eff))
                prevented = nxt[3] - node[3]
                step = prevented + (part[2] if part is not None else 0)  # prevented, or redirected
                made: tuple = ()
                if eff in per_prevented and prevented > 0:  # 615.5: on the creature dealt the damage (node[4])
                    e = per_prevented[eff]
                    if e.rule.counters_per_prevented is not None:
                        made = ((("type", "counters"), ("object", node[4]), ("kind", e.rule.counters_per_prevented),
                                 ("amount", prevented), ("by", e.you)),)
                    else:  # "remove that many counters from it"
                        made = ((("type", "counters_removed"), ("object", node[4]),
                                 ("kind", e.rule.remove_counters_per_prevented), ("amount", prevented)),)
                after = [(k, tails) for k, tails in orders_from(nxt).items()]
                if part is not None:  # the part redirected: its events and orders follow
                    after = [((k[0] + pk[0], k[1] + pk[1]),
                              {t + pt: _sum_used(u, pu) for t, u in tails.items() for pt, pu in ptails.items()})
                             for k, tails in after for pk, ptails in orders_from(part).items()]
                for k, tails in after:
                    into = got.setdefault((k[0], made + k[1]), {})
                    for t, u in tails.items():
                        into.setdefault((eff,) + t, _sum_used(u, {eff: step} if step > 0 else {}))
            memo[node] = got
        return memo[node]

    joined: dict[tuple, dict] = {}
    for (events, extra), orders in orders_from(start).items():
        joined.setdefault(events + extra, {}).update(orders)
    out = {}
    for k, orders in joined.items():
        listed = sorted(list(o) for o in orders)
        out[k] = (len(orders), listed[:limit], {tuple(o): orders[tuple(o)] for o in listed[:limit]})
    return out


def _sum_used(a: dict, b: dict) -> dict:
    return {e: a.get(e, 0) + b.get(e, 0) for e in set(a) | set(b)}


def _final_events(ev, final_state: tuple, effects: list[Effect], ctx: _Context) -> tuple:
    """The creatures its devour instances sacrificed (702.82a: as it enters, before it is on the
    battlefield; a ("paid", J) mark for now, J the sacrifice's event: _with_payments puts its outcomes
    there, Rest in Peace exiling it), the life paid as it entered (a ("paid", J) mark too: _with_payments puts the
    payment's own outcomes there), the event as it happens (none when it is skipped; cards exiled from the
    top of a library, one zone change each), then the events the applied effects add (tokens they
    create), each in the event file's shape."""
    applied = final_state[1]
    main = _final_event(ev, final_state, effects, ctx)
    before = [("paid", ctx.sac_events[oid]) for oid, b in sorted(ctx.sac_bits.items()) if applied & b]
    before += [("paid", j) for b, j in sorted(ctx.pay_bits.items()) if applied & b]
    if ev.type == "token" and final_state[4] == "each" and main is not None:  # 614.1a: one of each, A of each
        kinds = next(e.rule.token_in for k, e in enumerate(effects) if applied >> k & 1 and e.rule.do == "one_of_each")
        main = None
        before += [tuple((k, t if k == "token" else v) for k, v in _final_event(ev, final_state, effects, ctx))
                   for t in kinds]
    if main is not None and dict(main)["type"] == "exile_top":  # 614.13c: not a card entering from it
        cards = ctx.libraries.get(dict(main)["player"], [])[:dict(main)["amount"]]
        before += [(("type", "zone_change"), ("object", c), ("from", "library"), ("to", "exile")) for c in cards]
        main = None
    extra = []
    for k, e in enumerate(effects):
        made = e.rule.and_create
        if applied >> k & 1 and made is not None:
            extra.append((("type", "token"), ("controller", e.you), ("token", made.token), ("amount", made.amount)))
        if applied >> k & 1 and e.rule.do == "regenerate":  # 614.8, 701.19
            extra.append((("type", "regenerate"), ("object", ev.object)))
    return tuple(before + ([main] if main is not None else []) + extra)


def _final_event(ev, final_state: tuple, effects: list[Effect], ctx: _Context) -> tuple | None:
    """The event as it happens, in the event file's shape; None when it doesn't happen (skipped). For a
    permanent entering, the kinds of counter that can't be put on it are left out (122.6, 614.17d)."""
    _i, _s, amount, prevented, to, skipped = final_state
    if skipped:
        return None
    d = ev.model_dump(by_alias=True, exclude_none=True)
    if ev.type == "enter":  # its counters, tapped or not, and what it is a copy of (614.1c, 707.2)
        counters = {k: v for k, v in d.get("counters", {}).items() if k != "+1/+1"}
        if amount:
            counters["+1/+1"] = amount
        kind = other_kind(ev)
        if kind is not None:  # (122.6: as modified; a planeswalker's loyalty stays, at 0 too, 306.5b)
            counters[kind] = to[2]
            if not to[2] and kind not in INTRINSIC_COUNTERS.values():
                del counters[kind]
        barred = ctx.no_counters.get((final_state[0], to[1], prevented), set())
        counters = {k: v for k, v in counters.items() if "all" not in barred and k not in barred}
        d["counters"] = dict(sorted(counters.items()))
        d["controller"] = to[1]  # 616.1b: the player it enters under, as modified
        d["tapped"] = to[0] == "tapped"
        if any(final_state[1] >> k & 1 and e.rule.do == "enter_transformed" for k, e in enumerate(effects)):
            d["transformed"] = True  # 616.1d: with its back face up (701.27)
        if prevented in ctx.copies:  # 616.1c: P, the copy it enters as
            d["copy_of"] = ctx.copies[prevented]
        made = [e for k, e in enumerate(effects) if final_state[1] >> k & 1 and e.rule.do == "choose"]
        if made:  # 614.12: the choices made as it enters
            d["choose"] = tuple(sorted(e.rule.choice for e in made))
        cards = sorted({c for e in made if e.rule.cards is not None for c in e.candidates})
        if any(e.rule.cards is not None for e in made):  # 614.13a: what it may choose from
            d["choose_from"] = tuple(cards)
        if prevented in ctx.chosen:  # 614.12: the values its choice took (a class: _merge_chosen names it)
            d["chosen"] = ctx.chosen[prevented]
        return tuple((k, tuple(sorted(v.items())) if isinstance(v, dict) else v) for k, v in d.items())
    if ev.type == "damage" and amount == 0 and not prevented and any(
            final_state[1] >> k & 1 and e.rule.do == "redirect_shield" for k, e in enumerate(effects)):
        return None  # 614.9: all of it (or of the part) was dealt to another creature instead
    if "amount" in d:
        d["amount"] = amount
    if ev.type == "damage" and prevented:
        d["prevented"] = prevented
    if ev.type == "zone_change":
        d["to"] = to
    if ev.type == "damage":
        d["target"] = to  # 614.9: a redirection changes who is dealt it
    if ev.type in PLAYER_EVENTS:
        d["type"] = to  # what the event became (614.1a)
    if ev.type == "damage" and not d.get("combat"):
        d.pop("combat", None)
    return tuple((k, tuple(sorted(v.items())) if isinstance(v, dict) else v) for k, v in d.items())
