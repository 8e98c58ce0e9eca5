"""The state and the events that the replace program's applicability rules read (asp_rules/replace_applies.lp, with
the shared selector program asp_rules/selectors.lp): for the effects on damage, zone changes and counters (614.1,
615.1), each effect's selectors on the affected object and the damage's source, in the selector vocabulary of the
layers program (sel_*/1-2), its controller, targets and choices, and its conditions on kinds, players, zones; each
event's objects, zones and players; the objects' characteristics after the layers (c/3: 613, or printed off the
battlefield, 109.3) and their designations, statuses and relations. Facts of the state only: whether an effect applies
is the program's (no verdict here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asp_rules.rulesdata import PLAYER_EVENTS
from ..facts import const, q
from ..layers.selector_facts import filter_facts
from ..layers.situation import situation_facts, situation_selector_facts, status_facts
from ..layers.step_facts import _subtype_facts
from ..selectors import _chosen, keyword_names
from .player_facts import library_facts, player_effect_facts
from .target_facts import recipient_facts, recipients

if TYPE_CHECKING:
    from bridge.protocols import GameState, Selector

    from .effects import Effect

# The event types whose effects' conditions the program decides (replace_applies.lp): static_ok/2 is derived there.
# Every type but enter (614.12: a permanent as it would exist on the battlefield, under_ok/4), and life_total, the effects
# on life gained or lost (119.7-119.8).
PROGRAM_DECIDES = ("damage", "zone_change", "counters", "token", *PLAYER_EVENTS, "life_total")
# a selector's flags and their facts (selectors.lp)
_FLAGS = ("named_self", "owned_by_attached_controller", "controlled_by_attached_controller", "not_attached",
          "chosen_source", "chosen_name")
_COMPARED = (("power_at_most", "sel_pow_le"), ("power_at_least", "sel_pow_ge"), ("toughness_at_most", "sel_tgh_le"),
             ("toughness_at_least", "sel_tgh_ge"))


def decided_here(events: list[Any], effects: list[Effect]) -> bool:
    """Whether the program decides the applicability of some effect to some event (an effect and an event of one of
    PROGRAM_DECIDES's types)."""
    types = {ev.type for ev in events} & set(PROGRAM_DECIDES)
    if types & set(PLAYER_EVENTS):  # 614.1a: a player's event may become another; 119.7: life gained or lost
        types |= set(PLAYER_EVENTS) | {"life_total"}
    return any(e.rule.event in types for e in effects)


class _Selectors:
    """The facts of the effects' selectors (selectors.lp's vocabulary), numbered s(1), s(2), ..."""

    def __init__(self) -> None:
        self.n = 0
        self.subtypes: set[str] = set()
        self.reads: set[str] = set()  # the characteristics (c/3's kinds) the selectors read
        self.flags: set[str] = set()  # what else they read: the source's name or host (related), attached objects,
        # combat and enchanted players (situation), the top of a graveyard

    def _note(self, sel: Selector) -> None:
        """What the selector's filters read (selectors.lp), so that only those facts are sent."""
        reads, flags = self.reads, self.flags
        if sel.types or sel.any_types or sel.not_types:
            reads.add("type")
        if sel.subtypes or sel.not_subtypes or getattr(sel, "all_subtypes", ()) or sel.chosen_creature_type or getattr(
                sel, "not_chosen_creature_type", False):
            reads |= {"sub", "allct", "type"}
        if sel.supertypes or sel.not_supertypes:
            reads.add("super")
        if sel.colors or sel.not_colors or sel.chosen_color or getattr(sel, "multicolored", None) is not None:
            reads.add("color")
        if sel.keywords or sel.not_keywords or getattr(sel, "no_abilities", False):
            reads.add("abil")
        if sel.controller or getattr(sel, "enchanted_player_controls", False) or getattr(sel, "chosen_player", None):
            reads.add("ctl")
        if sel.mana_value is not None or any(getattr(sel, f, None) is not None for f in ("mana_value_at_most",
                                                                                         "mana_value_at_least")):
            reads.add("mv")
        if any(getattr(sel, f, None) is not None for f, _ in _COMPARED):
            reads.add("pt")
        if getattr(sel, "chosen_name", False) or getattr(sel, "named_self", False):
            reads.add("name")
        if any(getattr(sel, f, False) for f in ("named_self", "owned_by_attached_controller",
                                                "controlled_by_attached_controller")):
            reads.add("ctl")
            flags.add("related")
        if getattr(sel, "has_attached", ()) or getattr(sel, "modified", False):
            reads |= {"sub", "ctl"}
            flags.add("attached")
        if getattr(sel, "attacking_player", None) or getattr(sel, "enchanted_player_controls", False) or getattr(
                sel, "combat_with", None):
            flags.add("situation")
        if sel.top_of_graveyard:
            flags.add("top")

    def state(self, objects: set[str], state: GameState, chars: dict, reads: set[str], **placing: Any) -> list[str]:
        """The state the selectors read, for `objects`: their facts (_object_facts, of the kinds in `reads`), the
        combat situation when a selector reads it (506.3, 509.1a, 303.4), the top of each graveyard among them (404.2:
        the last one put there), the facts of the subtypes the selectors name (205.3m)."""
        out = []
        for oid in sorted(objects):
            out += _object_facts(oid, state, chars, reads, **placing)
        if "situation" in self.flags:
            out += situation_facts(state)
        for (_player, zone), ids in sorted(state.player_zones.items()):
            if "top" in self.flags and zone == "graveyard" and ids and ids[-1] in objects:
                out.append(f"gy_top({q(ids[-1])}).")
        for s in sorted(self.subtypes):
            out += _subtype_facts(s)
        return out

    def emit(self, sel: Selector, e: Effect, E: str, out: list[str]) -> str:
        self.n += 1
        s = f"s({self.n})"
        out.append(f"sel({s}). sel_eff({s},{E}).")
        self._note(sel)
        start = ("self" if sel.self_ else "attached" if sel.attached else "targets" if sel.targets else "that" if sel.that
                 else "exiled_with" if sel.exiled_with else "paired" if getattr(sel, "paired", False)
                 else "any" if sel.any_of else "all")
        # a zone the selector names limits it; left out, the selector looks at the object where it is (a spell on the
        # stack dealing damage, a card going to a graveyard)
        out.append(f"sel_start({s},{start}). sel_zone({s},{sel.zone if 'zone' in sel.model_fields_set else 'anywhere'}).")
        for sub in sel.any_of:
            out.append(f"sel_any({s},{self.emit(sub, e, E, out)}).")
        out += filter_facts(sel, s)  # (selectors.lp's filters: bridge/layers/selector_facts.py)
        self.subtypes |= set(sel.subtypes) | set(sel.not_subtypes) | set(getattr(sel, "all_subtypes", ())) | set(
            getattr(sel, "has_attached", ()))
        if sel.chosen_creature_type:
            out.append(f"sel_chosen_ctype({s}).")
        if getattr(sel, "not_chosen_creature_type", False):
            out.append(f"sel_not_chosen_ctype({s}).")
        out += [f"{name}({s},{getattr(sel, f)})." for f, name in _COMPARED if getattr(sel, f, None) is not None]
        out += situation_selector_facts(sel, s)
        out += [f"sel_{k}({s})." for k in _FLAGS if getattr(sel, k, False)]
        if getattr(sel, "chosen_player", None) is not None:
            out.append(f"sel_chosen_player({s},{sel.chosen_player}).")
        return s


def applicability_facts(effects: list[Effect], events: list[Any], state: GameState, chars: dict) -> list[str]:
    """The facts replace_applies.lp reads for the effects on damage, zone changes and counters and the events of those
    types (none when there is no such pair)."""
    if not decided_here(events, effects):
        return []
    sels = _Selectors()
    out = [f"player({q(p)})." for p in state.player_names]
    asked: set[str] = set()  # the objects a selector is asked about
    related: set[str] = set()  # the objects whose characteristics a selector's filters read besides
    for e in effects:
        if e.rule.event not in PROGRAM_DECIDES:
            continue
        out += _effect_facts(e, state, sels, related)
        out += player_effect_facts(q(e.id), e)  # 614.1a, 111.2: a player's event, tokens (player_facts.py)
    for i, ev in enumerate(events, 1):
        out += _event_facts(i, ev, asked)
    out += library_facts(effects, state)  # 121.6a
    asked |= recipients(events, effects)  # 614.9: who damage may be dealt to (target_facts.py)
    if not sels.n:
        return out  # (no selector: the program reads no object)
    # the objects the selectors read: those asked about; the effects' sources and what they are attached to (201.2,
    # 404.1, 108.4); the objects attached to those asked about (301.5, 700.9)
    objects = {o for o in asked | (related if "related" in sels.flags else set()) if o in chars and o in state.objects}
    if "related" in sels.flags:
        objects |= {h for o in list(objects) if (h := state.objects[o].attached_to) in chars}
    if "attached" in sels.flags:
        objects |= {x for x, o in state.objects.items() if o.attached_to in asked and x in chars}
    return out + sels.state(objects, state, chars, sels.reads)


def context_facts(E: str, source: str | None, choices: dict[str, Any], state: GameState, subtypes: set[str]
                  ) -> list[str]:
    """The context of the effect (rule, trigger) E for its selectors: its source, what the source is attached to
    (301.5, 303.4: "enchanted"), the cards its linked ability exiled (607.2a), the creature it is paired with
    (702.95e); the choices made for it (105.2, 205.3m: the chosen creature type, added to `subtypes`, 614.12, 201.3,
    609.7a: a chosen source still that object, 400.7)."""
    out = []
    objects = state.objects
    if source is not None:
        out.append(f"src({E},{q(source)}).")
        host = getattr(objects.get(source), "attached_to", None)
        if host is not None and host in objects:
            out.append(f"attached({q(source)},{q(host)}).")
        out += [f"exiled_with({q(source)},{q(str(x))})." for x in choices.get("exiled") or ()]
        paired = getattr(objects.get(source), "paired_with", None)
        if paired is not None:
            out.append(f"paired({q(source)},{q(paired)}).")
    if "color" in choices:
        out.append(f"chosen_color({E},{const(str(choices['color']))}).")
    if "creature_type" in choices:
        subtypes.add(str(choices["creature_type"]))
        out.append(f"chosen_ctype({E},{q(str(choices['creature_type']))}).")
    if choices.get("player"):
        out.append(f"chosen_player({E},{q(str(choices['player']))}).")
    if isinstance(choices.get("card_name"), str) and choices["card_name"]:
        out.append(f"chosen_name({E},{q(choices['card_name'])}).")
    chosen = choices.get("source")
    if chosen and chosen[0] in objects and _chosen(chosen, chosen[0], objects[chosen[0]]):
        out.append(f"chosen_source({E},{q(chosen[0])}).")
    return out


def _effect_facts(e: Effect, state: GameState, sels: _Selectors, related: set[str]) -> list[str]:
    """An effect's context (its source, controller, targets, choices: 109.4, 115.1, 614.12, 609.7a) and its conditions
    that no modification of the event changes (614.1): its selectors, kinds, players, zones."""
    r, E = e.rule, q(e.id)
    if e.source is not None:
        related.add(e.source)
    out = context_facts(E, e.source, e.choices, state, sels.subtypes)
    if e.you is not None:
        out.append(f"eff_you({E},{q(e.you)}).")
    out += [f"target({E},{q(t)})." for t in e.targets]
    if r.event in ("zone_change", "counters") and r.object is not None:
        out.append(f"eff_object({E},{sels.emit(r.object, e, E, out)}).")
    if r.event == "damage" and r.source is not None:
        out.append(f"eff_source({E},{sels.emit(r.source, e, E, out)}).")
    if r.event == "damage" and r.combat is not None:
        out.append(f"eff_combat({E},{'yes' if r.combat else 'no'}).")
    out += recipient_facts(e, E, sels.emit)  # 614.9, 615.1a: its conditions on who is dealt the damage
    if r.event == "counters":
        if r.kind is not None:
            out.append(f"eff_kind({E},{q(r.kind)}).")
        if r.player is not None:
            out.append(f"eff_player({E},{r.player}).")
        if r.on_player is not None:
            out.append(f"eff_on_player({E},{r.on_player}).")
        if getattr(r, "by_effect_only", None):  # "if an effect would put" (606.4: not a cost's)
            out.append(f"eff_by_effect({E}).")
    if r.event == "zone_change":
        if r.from_zone not in (None, "anywhere"):
            out.append(f"eff_from({E},{r.from_zone}).")
        if r.resolving:
            out.append(f"eff_resolving({E}).")
        if getattr(r, "by_effect_only", False):
            out.append(f"eff_by_effect({E}).")
    if e.affected is not None:  # 611.2c, 615.11, 122.1c: the objects it was given, fixed as it began
        out.append(f"eff_fixed({E}).")
        out += [f"eff_affected({E},{q(o)})." for o in e.affected]
    return out


def _event_facts(i: int, ev: Any, asked: set[str]) -> list[str]:
    """An event's objects, players and zones (614.1)."""
    if ev.type == "zone_change":
        asked.add(ev.object)
        out = [f"ev_obj({i},{q(ev.object)}). ev_from({i},{ev.from_})."]
        out += [f"ev_resolves({i})."] * bool(getattr(ev, "resolves", None))
        return out + [f"ev_by_rule({i})."] * bool(getattr(ev, "by_rule", None))
    if ev.type == "counters":
        asked.add(ev.object)
        out = [f"ev_obj({i},{q(ev.object)}). ev_kind({i},{q(ev.kind)})."]
        out += [f"ev_cost({i})."] * bool(getattr(ev, "cost", None))  # 606.4: put to pay a cost
        return out + [f"ev_by({i},{q(ev.by)})."] * (ev.by is not None)
    if ev.type == "damage":
        asked.add(ev.source)
        return [f"ev_src({i},{q(ev.source)})."] + [f"ev_combat({i})."] * bool(ev.combat)
    return []


def _object_facts(oid: str, state: GameState, chars: dict, reads: set[str], mana_values: dict | None = None,
                  placed: bool = True) -> list[str]:
    """An object's characteristics after the layers (613; printed off the battlefield, 109.3), in the layers
    program's shape (c/3): those of the kinds the selectors read (`reads`); and its zone, owner, counters, statuses
    and relations. `mana_values`: the layers' (707.2: a copy's), else the printed one (202.3; 708.2: 0 face down);
    `placed`: with obj/1, zone/2 and tapped/1 (the combat programs have their own)."""
    o, c, qo = state.objects[oid], chars[oid], q(oid)
    out = [f"obj({qo}). zone({qo},{o.zone})."] * placed + [f"owner({qo},{q(o.owner)})."]
    out += [f"token({qo})."] * (o.kind == "token")
    out += status_facts(o, qo)  # 903.3, 708.2, 601.2a
    if o.attached_to is not None and o.attached_to in state.objects:
        out.append(f"attached({qo},{q(o.attached_to)}).")
    out += [f"counter({qo},{q(k)},{n})." for k, n in sorted(o.counters.items())]
    combat = state.combat
    if combat is not None and (oid in combat.attackers or oid in combat.entered_attacking):
        out.append(f"attacking({qo}).")  # 506.4, 508.4: declared, or put onto the battlefield attacking
    if combat is not None and (oid in combat.blockers or oid in combat.entered_blocking):
        out.append(f"blocking({qo}).")
    if placed and o.tapped and o.zone == "battlefield":  # 110.5
        out.append(f"tapped({qo}).")
    if getattr(o, "entered_this_turn", False) and o.zone == "battlefield":  # 400.7
        out.append(f"entered_turn({qo}).")
    printed_mv = 0 if o.printed is None or o.face_down else o.printed.mana_value  # 202.3 (708.2: 0)
    rows = [("mv", str((mana_values or {}).get(oid, printed_mv)))]
    if c.get("name"):
        rows += [("name", q(n)) for n in sorted({c["name"], *str(c["name"]).split(" // ")})]  # 709.4: each half's too
    if c.get("controller") is not None:
        rows.append(("ctl", q(c["controller"])))
    rows += [("type", const(t)) for t in c["types"]] + [("sub", q(s)) for s in c["subtypes"]]
    rows += [("super", const(s)) for s in c["supertypes"]] + [("color", const(x)) for x in c["colors"]]
    if isinstance(c.get("power"), int) and isinstance(c.get("toughness"), int):
        rows.append(("pt", f"({c['power']},{c['toughness']})"))
    if c.get("all_creature_types"):
        rows.append(("allct", "1"))
    for a in c["abilities"] if "abil" in reads else ():  # a keyword by its words, or the keyword (702.14, 702.16)
        rows.append(("abil", q(a)))
        out += [f"abil_kw({q(a)},{q(k)})." for k in sorted({a} | keyword_names([a]))]
    return out + [f"c({qo},{k},{v})." for k, v in rows if k in reads]
