"""The layers task (613): the Python loop owns the sequence of applications, clingo decides each step.

For each layer and sublayer in order, the loop gives the solver the current state and the effects
that apply in that layer and have not applied yet (and, on a small board, the parts in the next
layers of the effects that have any); the solver answers which one applies next (613.8a-b, 613.7),
the dependencies it found, and the characteristics of the objects that effect touches afterwards,
then of the effects that apply after it without a new decision (the chain, 613.8c, possibly into
the next layers). The loop records them, and asks again until no effect is left.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import Any

import clingo

from .config import SolverConfig
from .counting import counted_values
from .facts import const, q
from asp_rules.rulesdata import (BASIC_LAND_TYPES, COLORS, LAND_TYPES, LAYERS, NON_CREATURE, OP_LAYER, SUPERTYPE_ORDER,
                        TYPE_ORDER, intrinsic_mana_text)
from .protocols import (ContinuousSpec, GameState, GrantedAbility, Selector, Value, has_all_basic, has_all_creature_types,
                        has_chosen, has_colors, has_except_mana, has_subtypes, has_supertypes, has_types, is_count,
                        is_granted_keyword, is_own_mana_value, is_total, makes_continuous)
from .solve import solve

FILES = ("layers.lp", "tasks/layers_step.lp")
LAYER_CONST = {layer: "l" + layer for layer in LAYERS}  # l4, l7b, lplayers, lrules
# The part of layers.lp with the operations of each layer (613.4: one part for 7a-7d).
APPLY_PART = {layer: "apply_l" + ("7" if layer.startswith("7") else layer) for layer in LAYERS if layer not in ("players", "rules")}
# the predicates of the facts that _parts adds between the parts of a chain (the others are in the
# facts of the step: solve() leaves out the rules that can't fire on them)
CHAIN_FACTS = ("from", "done")
PT_COUNTER_KIND = __import__("re").compile(r"^([+-]\d+)/([+-]\d+)$")
# Performance bounds (the results are the same with any values): how many effect parts of later
# layers a solve takes, for its chain to go on into (613.8c), and how many steps of a chain are
# grounded in one call, each times the objects. Later layers' parts make every solve ground more,
# and steps grounded together more than apart (gringo can't settle what a step reads from the
# step before it in the same call): on a board of 10 objects a solve takes 8 parts and grounds
# its chain 8 steps at a time, on a board of 50 one part and one step at a time, on 200 none.
AHEAD_BUDGET = 80
CHAIN_BUDGET = 80
COUNTERS = clingo.Function("counters")  # the chain step of the counters at the start of 7c (613.4c)


@dataclass
class Instance:
    """A continuous effect in the layer system, with its stable id (source#ability, effects#N)."""

    id: str
    spec: ContinuousSpec
    timestamp: int
    cda: bool
    origin: str  # "static", "resolved", "entered" (614.1c, as it entered) or "granted"
    source: str | None  # the object whose ability it is (or the board's source)
    holder: str | None  # the object that must have the ability for the effect to exist
    key: str | None  # that ability, as a term
    controller: str | None  # a resolved effect's controller
    targets: tuple[str, ...] = ()
    choices: dict[str, Any] = field(default_factory=dict)
    fixed: tuple[str, ...] | None = None  # 611.2c: the set given by the board
    own_key: str | None = None  # a resolved effect's ability, as a term, when the board names its source
    text: str = ""  # the text of the ability that makes the effect


@dataclass
class LayersResult:
    objects: dict[str, dict[str, Any]]
    order: list[dict[str, Any]]
    dependencies: list[dict[str, Any]]
    loops: list[list[str]]
    steps: int
    rules: int  # ground rules, summed over the steps
    atoms: int
    timed_out: bool = False
    models_per_step: set[int] = field(default_factory=set)  # {1} for a stratified program
    in_force: list[dict[str, Any]] = field(default_factory=list)  # 613.10, 613.11
    # the printed abilities each permanent has after the layers, as (object whose card prints it,
    # 1-based index): its own, or another's that it copies (707.2); the combat rules read them
    printed_abilities: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    # each permanent's keyword abilities granted by effects, one entry per granting effect (an
    # instance each: two "have flanking" effects give two flanking triggers, 702.25b), as words
    granted_keywords: dict[str, list[str]] = field(default_factory=dict)
    # each permanent's mana value after the layers (202.3; a copy's is the copied one, 707.2; a
    # face-down permanent's is 0, 708.2)
    mana_values: dict[str, int] = field(default_factory=dict)
    # the spells on the stack, as `objects` gives the permanents ("instant and sorcery spells you
    # control have lifelink", Soulfire Grand Master: 702.15b reads the source's abilities)
    stack_objects: dict[str, dict[str, Any]] = field(default_factory=dict)
    # the same granted keywords as the abilities the effects grant (engine.effects.GrantedKeyword: the
    # keyword and its parameter), in the order of granted_keywords
    granted_keyword_abilities: dict[str, list[Any]] = field(default_factory=dict)


class LayersEngine:
    def __init__(self, state: GameState, config: SolverConfig | None = None, measure: bool = False):
        self.state = state
        self.measure = measure  # count ground rules and atoms (the benchmark's figures)
        self.config = config or SolverConfig()
        self.deadline = time.perf_counter() + self.config.time_limit
        self.rows: dict[str, set[tuple[str, str]]] = {}
        self.display: dict[str, str] = {}  # ability term -> its words or text
        self.kw_of: dict[str, str] = {}  # ability term -> keyword name
        self.mana: set[str] = set()  # mana ability terms
        self.ability_kind: dict[str, str] = {}  # printed ability term -> its kind (activated, static ...)
        self.granted_models: dict[str, Any] = {}  # granted keyword term -> the ability granted (GrantedKeyword)
        self.instances: dict[str, Instance] = {}
        self.locked: dict[str, tuple[str, ...]] = {}
        self.order: list[dict[str, Any]] = []
        self.in_force: list[dict[str, Any]] = []  # effects on players and the rules (613.10, 613.11)
        self.dependencies: list[dict[str, Any]] = []
        self.loops: list[list[str]] = []
        self.steps = self.rules = self.atoms = 0
        self.layer = LAYERS[0]
        self.models_per_step: set[int] = set()
        self.cont: set[str] = set()  # the printed abilities that make continuous effects (613.7a, 707.2)
        self.passed: list[str] = []  # set by _parts: the layers the last chain went through to their end
        self.ahead_of: dict[str, list[Instance]] = {}  # the later layers of the current step, their effects' parts,
        self.ahead_parts: dict[str, tuple[str, str]] = {}  # and the ids of those parts in the facts
        self.subtypes_seen: set[str] = set(BASIC_LAND_TYPES)
        for land_type in BASIC_LAND_TYPES:  # the solver may give any of them (305.6)
            self._land(land_type)
        self._initial_state()
        # 613.4c: counters that change power and toughness, not yet in 7c
        self.counters_due = any(PT_COUNTER_KIND.match(k) and n > 0 for oid, o in self.state.objects.items()
                                if oid in self.rows for k, n in o.counters.items())
        self._printed_instances()
        self._face_down_instances()
        self._entered_copy_instances()
        self._resolved_instances()

    # --- the state -------------------------------------------------------------------------
    def _ability(self, key: str, words: str, mana: bool = False, keyword: str | None = None) -> str:
        self.display[key] = words
        if mana:
            self.mana.add(key)
        if keyword:
            self.kw_of[key] = keyword
        return key

    def _initial_state(self) -> None:
        """Printed characteristics (109.3), and the mana abilities of basic land types (305.6)."""
        for oid, o in self.state.objects.items():
            c = o.printed
            if c is None:
                continue
            rows: set[tuple[str, str]] = {("name", q(c.name)), ("mv", str(c.mana_value))}
            if o.controller is not None:
                rows.add(("ctl", q(o.controller)))
            rows |= {("type", const(t)) for t in c.types}
            rows |= {("sub", q(s)) for s in c.subtypes}
            rows |= {("super", const(s)) for s in c.supertypes}
            rows |= {("color", const(x)) for x in c.colors}
            self.subtypes_seen |= set(c.subtypes)
            if c.power is not None:
                rows.add(("pt", f"({_pt(c.power)},{_pt(c.toughness)})"))
            lands = [t for t in c.subtypes if t in BASIC_LAND_TYPES]
            for i, ab in enumerate(c.abilities, 1):
                if lands and ab.kind == "activated" and ab.mana and f"({ab.text})" in c.rules_text:
                    continue  # reminder text of an intrinsic ability (305.6), added below
                key = f"printed({q(oid)},{i})"
                self.ability_kind[key] = ab.kind
                if ab.kind in ("static", "characteristic_defining") and ab.continuous is not None:
                    self.cont.add(key)
                if ab.kind == "keyword":
                    self._ability(key, ab.words(), keyword=ab.keyword)
                else:  # a mana ability is an activated one (605.1a)
                    self._ability(key, ab.display(), mana=ab.kind == "activated" and ab.mana)
                rows.add(("abil", key))
            for t in lands:
                rows.add(("abil", self._land(t)))
            self.rows[oid] = rows

    def _land(self, land_type: str) -> str:
        return self._ability(f"land({q(land_type)})", intrinsic_mana_text(land_type), mana=True)

    # --- the effects -----------------------------------------------------------------------
    def _printed_instances(self) -> None:
        for oid, o in self.state.objects.items():
            if o.printed is None:
                continue
            for i, ab in enumerate(o.printed.abilities, 1):
                if ab.kind not in ("static", "characteristic_defining", "replacement") or ab.continuous is None:
                    continue
                spec = ab.continuous
                cda = ab.kind == "characteristic_defining"
                if not cda and o.zone != "battlefield":
                    continue  # a static ability functions on the battlefield (113.6)
                eid = f"{oid}#{i}"
                if ab.kind == "replacement":
                    # 614.1c, 707.5: an "enters as" effect, created once as the permanent entered: it
                    # doesn't depend on the ability staying.
                    self.instances[eid] = Instance(eid, spec, o.timestamp or 0, False, "entered", oid, None, None,
                                                   o.controller or o.owner, (), dict(o.choices), text=ab.display())
                    continue
                self.instances[eid] = Instance(eid, spec, o.timestamp or 0, cda, "static", oid, oid,
                                               f"printed({q(oid)},{i})", None, (), dict(o.choices), text=ab.display())

    def _face_down_instances(self) -> None:
        """613.2b, 708.2: each face-down permanent gets the characteristics of a face-down permanent."""
        for oid in self.state.battlefield:
            o = self.state.objects[oid]
            if o.face_down:
                eid = f"{oid}#face_down"
                self.instances[eid] = Instance(eid, _FaceDownSpec(), o.timestamp or 0, False, "entered", oid, None,
                                               None, o.controller, (), {}, text="face down (708.2)")

    def _entered_copy_instances(self) -> None:
        """614.1c, 707.2: a permanent the board says entered as a copy of another (Essence of the Wild's
        creatures, Rite of Replication's tokens) has that copy effect, with the values it took then."""
        for oid in self.state.battlefield:
            o = self.state.objects[oid]
            if o.copy_of is not None:
                eid = f"{oid}#copy_of"
                self.instances[eid] = Instance(eid, _EnteredCopySpec(), o.timestamp or 0, False, "entered", oid, None,
                                               None, o.controller, (), {"copy": o.copy_of},
                                               text=f"entered as a copy of {o.copy_of} (614.1c, 707.2)")

    def _resolved_instances(self) -> None:
        for e in self.state.effects:
            # the ability of a resolved effect may be of any kind: a keyword, a combat rule has no effect
            spec = e.ability.continuous if makes_continuous(e.ability) else None
            if spec is None:
                continue
            eid = f"effects#{e.index}"
            own = f"printed({q(e.source)},{e.ability_index})" if e.source is not None else None
            self.instances[eid] = Instance(eid, spec, e.timestamp, False, "resolved", e.source, None, None,
                                           e.controller, tuple(e.targets), dict(e.choices), e.affected, own,
                                           text=e.ability.display())

    def _granted_instances(self) -> None:
        """613.7a: an ability granted by an effect creates its own effect, with the later timestamp.
        707.2: a static ability an object has by copying another object functions for it too."""
        for oid, rows in self.rows.items():
            for k, v in rows:
                if k == "abil" and v.startswith("printed("):
                    self._copied_instance(oid, v)
                    continue
                if k != "abil" or not v.startswith("granted("):
                    continue
                grantor_id, index = _term_parts(v)
                grantor = self.instances[grantor_id]
                granted = self._grant_model(grantor, index)
                if granted is None or not makes_continuous(granted) or granted.continuous is None:
                    continue  # a granted keyword has no effect of its own
                eid = f"{grantor_id}>{oid}#{index}"
                if eid in self.instances:
                    continue
                ts = max(grantor.timestamp, self.state.objects[oid].timestamp or 0)
                self.instances[eid] = Instance(eid, granted.continuous, ts, granted.kind == "characteristic_defining",
                                               "granted", oid, oid, v, None, (), dict(grantor.choices), text=granted.text)

    def _copied_instance(self, oid: str, key: str) -> None:
        source, index = _term_parts(key)
        o = self.state.objects[oid]
        if source == oid or o.zone != "battlefield":
            return
        ab = self.state.objects[source].printed.abilities[index - 1]
        if ab.kind not in ("static", "characteristic_defining") or ab.continuous is None:
            return
        eid = f"{oid}#copy:{source}#{index}"
        if eid not in self.instances:
            self.instances[eid] = Instance(eid, ab.continuous, o.timestamp or 0, ab.kind == "characteristic_defining",
                                           "static", oid, oid, key, None, (), dict(o.choices), text=ab.display())

    @staticmethod
    def _grant_model(inst: Instance, index: int) -> GrantedAbility | None:
        """The index-th ability granted by the effect, counting across its add_abilities operations."""
        granted = [a for op in inst.spec.do if op.op == "add_abilities" for a in op.abilities]
        return granted[index - 1] if 0 < index <= len(granted) else None

    # --- facts of one step -----------------------------------------------------------------
    def _state_facts(self) -> list[str]:
        out = []
        for oid, o in self.state.objects.items():
            if oid not in self.rows:
                continue
            qo = q(oid)
            out.append(f"obj({qo}). zone({qo},{o.zone}). owner({qo},{q(o.owner)}).")
            if o.timestamp is not None:
                out.append(f"obj_ts({qo},{o.timestamp}).")
            if o.kind == "token":
                out.append(f"token({qo}).")
            if o.attached_to is not None and o.attached_to in self.state.objects:
                out.append(f"attached({qo},{q(o.attached_to)}).")
            for x in o.choices.get("exiled") or ():
                out.append(f"exiled_with({qo},{q(str(x))}).")  # 607.2a: the cards its linked ability exiled
            for kind, n in sorted(o.counters.items()):
                out.append(f"counter({qo},{q(kind)},{n}).")
            combat = self.state.combat
            if combat is not None and oid in combat.attackers:
                out.append(f"attacking({qo}).")
            if combat is not None and oid in combat.blockers:
                out.append(f"blocking({qo}).")
            for k, v in sorted(self.rows[oid]):
                out.append(f"c({qo},{k},{v}).")
        for (player, zone), ids in sorted(self.state.player_zones.items()):
            if zone == "graveyard" and ids and ids[-1] in self.rows:  # 404.2: the last card put there is on top
                out.append(f"gy_top({q(ids[-1])}).")
        for key, kw in sorted(self.kw_of.items()):
            out.append(f"abil_kw({key},{q(kw)}).")
        for key in sorted(self.mana):
            out.append(f"abil_mana({key}).")
        out += [f"cont_abil({key})." for key in sorted(self.cont)]
        if self.counters_due:  # 613.4c
            out += ["counters_due."] + self._counter_kinds()
        # for effects that add the abilities of other objects (Necrotic Ooze; also one an object has by
        # copying it or by having its text, which appears during the layers)
        if any(op.op == "add_abilities_of" for i in self.instances.values() for op in i.spec.do):
            out += [f"abil_kind({key},{kind})." for key, kind in sorted(self.ability_kind.items())]
        for s in sorted(self.subtypes_seen):
            if s in LAND_TYPES:
                out.append(f"land_type({q(s)}).")
            if s in BASIC_LAND_TYPES:
                out.append(f"basic({q(s)}).")
            if s in NON_CREATURE:
                out.append(f"noncreature_sub({q(s)}).")
            else:
                out.append(f"creature_sub({q(s)}).")
        return out

    def _counter_kinds(self) -> list[str]:
        """122.1a: the kinds of counters on the objects that change power and toughness."""
        out = []
        kinds = {k for oid, o in self.state.objects.items() if oid in self.rows for k in o.counters}
        for k in sorted(kinds):
            m = PT_COUNTER_KIND.match(k)
            if m:
                out.append(f"pt_counter({q(k)},{int(m.group(1))},{int(m.group(2))}).")
        return out

    def _effect_facts(self, inst: Instance, layer: str, sels: list[int], ahead: bool = False) -> list[str]:
        """The facts of the effect's part in ``layer``: pending in the current layer, or ``ahead``, in a
        later layer the chain may reach (with the id effect@layer)."""
        e = q(self._ahead_id(inst, layer) if ahead else inst.id)
        # ts/2 is the order key (613.7, 613.7a): 2T, or 2T+1 for a granted ability.
        out = [f"ahead({e},{LAYER_CONST[layer]})." if ahead else f"pending({e}).",
               f"ts({e},{_order_key(inst)[0]}). eff_ts({e},{inst.timestamp})."]
        if inst.cda:
            out.append(f"cda({e}).")
        if inst.source is not None and inst.source in self.rows:
            out.append(f"src({e},{q(inst.source)}).")
        if inst.origin in ("resolved", "entered"):
            out.append(f"resolved({e}). ectl({e},{q(inst.controller)}).")
            if inst.origin == "entered":
                out.append(f"entered({e}).")
        else:
            out.append(f"holder({e},{q(inst.holder)}). key({e},{inst.key}).")
        for t in inst.targets:
            out.append(f"target({e},{q(t)}).")
        if "color" in inst.choices:
            out.append(f"chosen_color({e},{const(str(inst.choices['color']))}).")
        if "creature_type" in inst.choices:
            ctype = str(inst.choices["creature_type"])
            self.subtypes_seen.add(ctype)
            out.append(f"chosen_ctype({e},{q(ctype)}).")
        if inst.id in self.locked:
            out.append(f"started({e}).")
            out += [f"locked({e},{q(o)})." for o in self.locked[inst.id]]
        elif inst.fixed is not None:
            out.append(f"fixed_given({e}).")
            out += [f"fixed({e},{q(o)})." for o in inst.fixed]
        else:
            sel = inst.spec.applies_to
            if sel is None:  # the source for an ability of an object, the targets for a resolved spell
                sels[0] += 1
                s = f"s({sels[0]})"
                start = "self" if (inst.cda or inst.origin != "resolved") else "targets"
                out.append(f"sel({s}). sel_eff({s},{e}). sel_start({s},{start}). sel_zone({s},anywhere).")
                out.append(f"applies_sel({e},{s}).")
            else:
                out.append(f"applies_sel({e},{self._selector(sel, inst, e, out, sels)}).")
        if inst.spec.condition is not None:
            s = self._selector(inst.spec.condition.count, inst, e, out, sels, counted=True)
            out.append(f"cond({e},{s},{inst.spec.condition.at_least}).")
        for i, op in enumerate(inst.spec.do, 1):
            if OP_LAYER[op.op] != layer:
                continue
            out.append(f"op({e},{i},{op.op}).")
            out += self._op_facts(e, i, op, inst, sels)
        return out

    def _op_facts(self, e: str, i: int, op: Any, inst: Instance, sels: list[int]) -> list[str]:
        # the fields of layers 4-6 that some operations have (the type guards tell which)
        out = []
        for t in op.types if has_types(op) else ():
            out.append(f"op_type({e},{i},{const(t)}).")
        for s in op.subtypes if has_subtypes(op) else ():
            self.subtypes_seen.add(s)
            out.append(f"op_sub({e},{i},{q(s)}).")
        for s in op.supertypes if has_supertypes(op) else ():
            out.append(f"op_super({e},{i},{const(s)}).")
        for c in op.colors if has_colors(op) else ():
            out.append(f"op_color({e},{i},{const(c)}).")
        if has_chosen(op) and op.chosen:
            out.append(f"op_chosen({e},{i}).")
        if has_all_creature_types(op) and op.all_creature_types:
            out.append(f"op_allct({e},{i}).")
        if has_all_basic(op) and op.all_basic:
            out.append(f"op_allbasic({e},{i}).")
        if has_except_mana(op) and op.except_mana:
            out.append(f"op_except_mana({e},{i}).")
        if op.op == "set_name":
            out.append(f"op_name({e},{i},{q(op.name)}).")
        if op.op == "set_text":
            out.append(f"op_text({e},{i},{self._selector(op.of, inst, e, out, sels)}).")
            # the abilities of the card that prints this one (its own card, or the one it copies, 707.2)
            printer = _term_parts(inst.key)[0] if inst.key and inst.key.startswith("printed(") else inst.source
            for j in op.keep_abilities:
                if printer is not None:
                    out.append(f"op_also({e},{i},printed({q(printer)},{j})).")
        if op.op == "lose_abilities":
            out += [f"op_kw({e},{i},{q(k)})." for k in op.keywords]
        if op.op == "add_abilities":
            first = _granted_offset(inst.spec, i)
            for k, granted in enumerate(op.abilities, first + 1):
                granted = _with_chosen(granted, inst.choices)
                if is_granted_keyword(granted):
                    words = granted.words()
                    key = self._ability(f"gkw({q(inst.id)},{q(words)})", words, keyword=granted.keyword)
                    self.granted_models[key] = granted
                else:
                    key = self._ability(f"granted({q(inst.id)},{k})", granted.text, mana=granted.mana)
                out.append(f"op_grant({e},{i},{key}).")
                if makes_continuous(granted) and granted.continuous is not None:
                    out.append(f"cont_abil({key}).")
                if key in self.kw_of:
                    out.append(f"abil_kw({key},{q(self.kw_of[key])}).")
                if key in self.mana:
                    out.append(f"abil_mana({key}).")
        if op.op in ("set_pt", "set_base_pt", "modify_pt"):
            locked = _locked_values(inst)
            for which, v in (("p", op.power), ("t", op.toughness)):
                n = locked.get((i, which))  # 611.2d: determined as the effect began
                out.append(f"op_val({e},{i},{which},{f'n({n})' if n is not None else self._value(v, inst, e, out, sels)}).")
        if op.op == "add_abilities_of":
            out.append(f"op_from({e},{i},{self._selector(op.of, inst, e, out, sels)}).")
            out += [f"op_kind({e},{i},{k})." for k in op.kinds]
        if op.op == "copy":
            x = (inst.targets[0] if inst.targets else None) if op.of == "target" else inst.choices.get(op.choice)
            if x is not None:
                out.append(f"op_copy({e},{i},{q(str(x))}).")
            if op.keep_source_abilities:
                out.append(f"op_keep({e},{i}).")
                if inst.own_key is not None:
                    out.append(f"keep_key({e},{inst.own_key}).")
        return out

    def _value(self, v: Value, inst: Instance, e: str, out: list[str], sels: list[int]) -> str:
        if isinstance(v, int):
            return f"n({v})"
        if is_own_mana_value(v):
            return "mv"
        if is_count(v):
            s = self._selector(v.count, inst, e, out, sels, counted=True)
            return f"{'types' if v.card_types else 'count'}({s},{v.times},{v.plus})"
        if is_total(v):
            s = self._selector(v.of, inst, e, out, sels)
            return f"total({s},{'p' if v.total == 'power' else 't'})"
        raise TypeError(v)

    def _selector(self, sel: Selector, inst: Instance, e: str, out: list[str], sels: list[int], counted: bool = False) -> str:
        """The facts of selector ``sel`` of the effect whose id in the facts is ``e``; returns its term."""
        sels[0] += 1
        s = f"s({sels[0]})"
        out.append(f"sel({s}). sel_eff({s},{e}).")
        start = ("self" if sel.self_ else "attached" if sel.attached else "targets" if sel.targets else "any" if sel.any_of
                 else "exiled_with" if sel.exiled_with else "all")
        out.append(f"sel_start({s},{start}). sel_zone({s},{sel.zone}).")
        if counted:
            out.append(f"sel_counted({s}).")
        for sub in sel.any_of:
            out.append(f"sel_any({s},{self._selector(sub, inst, e, out, sels, counted)}).")
        for name, values, conv in (
            ("sel_type", sel.types, const), ("sel_any_type", sel.any_types, const), ("sel_not_type", sel.not_types, const),
            ("sel_sub", sel.subtypes, q), ("sel_not_sub", sel.not_subtypes, q), ("sel_super", sel.supertypes, const),
            ("sel_not_super", sel.not_supertypes, const), ("sel_color", sel.colors, const),
            ("sel_not_color", sel.not_colors, const), ("sel_kw", sel.keywords, q), ("sel_not_kw", sel.not_keywords, q),
        ):
            for v in values:
                out.append(f"{name}({s},{conv(v)}).")
        self.subtypes_seen |= set(sel.subtypes) | set(sel.not_subtypes)
        if sel.chosen_color:
            out.append(f"sel_chosen_color({s}).")
        if sel.chosen_creature_type:
            out.append(f"sel_chosen_ctype({s}).")
            if "creature_type" in inst.choices:
                self.subtypes_seen.add(str(inst.choices["creature_type"]))
                out.append(f"chosen_ctype({e},{q(str(inst.choices['creature_type']))}).")
        if sel.controller:
            out.append(f"sel_ctl({s},{sel.controller}).")
        if sel.owner:
            out.append(f"sel_owner({s},{sel.owner}).")
        if sel.other:
            out.append(f"sel_other({s}).")
        if sel.top_of_graveyard:
            out.append(f"sel_top({s}).")
        if sel.token is not None:
            out.append(f"sel_token({s},{'yes' if sel.token else 'no'}).")
        if sel.counter is not None:
            out.append(f"sel_counter({s},{q(sel.counter)}).")
        if sel.mana_value is not None:
            out.append(f"sel_mv({s},{sel.mana_value}).")
        for name, flag in (("sel_attacking", sel.attacking), ("sel_blocking", sel.blocking)):
            if flag is not None:
                out.append(f"{name}({s},{'yes' if flag else 'no'}).")
        return s

    # --- the loop --------------------------------------------------------------------------
    def _parts(self, ctl: clingo.Control):
        """The parts of layers.lp after `base` and `world(base)`: each hypothetical world, the
        decision, then the chain (613.8c): the ready effects in timestamp order, each applied to the
        state the earlier ones left, until one changes what a pending effect reads. When they are
        all the effects of the layer that exist, the chain goes on into the later layers where no
        effect reads what another writes (ahead_tied/1), in the order a decision would give."""
        self.passed = []  # the layers the chain went through to their end (the current one first)
        worlds = sorted(atom.symbol.arguments[0] for atom in ctl.symbolic_atoms.by_signature("hyp", 1))
        batch = []
        for b in worlds:
            h = clingo.Function("h", [b])
            batch += [("hyp", [b]), *self._apply_parts(h, b, self.layer), ("world", [h])]
        if batch:
            yield batch
        yield [("decide", [])]
        # The grounder leaves some atoms undecided (it over-approximates where parts meet): the
        # truth of what the loop reads between parts comes from the solver.
        names = ("next", "ready", "exists_now", "ahead_exists", "ahead_tied")
        truth = _truths(ctl, [a.symbol for name in names for a in ctl.symbolic_atoms.by_signature(name, 1)])
        held = {name: [s.arguments[0] for s in truth if s.name == name] for name in names}
        chosen = held["next"]
        order = sorted(held["ready"], key=lambda s: _order_key(self.instances[s.string]))
        if chosen and order[0] != chosen[0]:
            raise RuntimeError(f"the solver chose {chosen[0]}, the loop's order starts with {order[0]}")
        # The chain, layer by layer: this layer's ready effects; then, if they are all of this
        # layer's effects that exist, each later layer's that exist, the characteristic-defining
        # ones first (613.3), then by timestamp (613.7), the counters first in 7c (613.4c); it
        # stops before a layer where effects may depend on each other (a solve decides there).
        whole = set(held["ready"]) == set(held["exists_now"])
        segments = [(self.layer, order, whole)]  # (layer, its steps, whether they are all of it that exists)
        if whole:
            exists = {s.string for s in held["ahead_exists"]}
            tied = {s.name for s in held["ahead_tied"]}
            for layer in self.ahead_of:  # the later layers of this solve, in order
                steps = [COUNTERS] if layer == "7c" and self.counters_due else []
                if LAYER_CONST[layer] in tied:
                    if steps:
                        segments.append((layer, steps, False))
                    break
                parts = [i for i in self.ahead_of[layer] if self._ahead_id(i, layer) in exists]
                parts.sort(key=lambda i: (not i.cda, _order_key(i)))
                segments.append((layer, steps + [clingo.String(self._ahead_id(i, layer)) for i in parts], True))
        yield from self._chain(ctl, segments)

    def _chain(self, ctl: clingo.Control, segments):
        """613.8c: the steps of the segments, in order, each applied to the state the earlier ones
        left. The chain stops after a step that gave an object an ability with a continuous effect,
        or that changed what an effect of its own layer still to apply reads; when the step changed
        only what an effect of a later layer reads, the chain ends with the step's layer (that
        layer's order still holds; the later layer's must be decided again); a change to what an
        effect of an earlier, finished layer reads changes nothing. The loop reads the steps up to
        where the chain ends (self.cut). The steps are grounded a few at a time (each reads the
        worlds of the earlier ones only; a step after the end is never read). Sets self.passed: the
        layers whose segment applied to its end."""
        touches: dict[clingo.Symbol, list[clingo.Symbol]] = {}
        for atom in ctl.symbolic_atoms.by_signature("touch", 2):
            e, o = atom.symbol.arguments
            touches.setdefault(e, []).append(o)
        latest: dict[clingo.Symbol, clingo.Symbol] = {}  # object -> the chain world holding its newest state
        plan = [(layer, b) for layer, steps, _ in segments for b in steps]
        ends: list[int] = []  # for each step, the last step of its segment
        for _, steps, _ in segments:
            ends += [len(ends) + len(steps)] * len(steps)
        size = max(1, CHAIN_BUDGET // max(len(self.rows), 1))  # steps grounded together
        self.cut, limit, hard, soft = 0, len(plan), False, False
        while self.cut < limit and not hard:
            first, last = self.cut + 1, min(self.cut + size, limit)
            facts: list[str] = []
            batch: list[tuple[str, list[clingo.Symbol]]] = []
            for k in range(first, last + 1):
                layer, b = plan[k - 1]
                number = clingo.Number(k)
                world = clingo.Function("c", [number])
                facts += [f"from({k},{o},{latest[o]})." for o in touches.get(b, ()) if o in latest]
                facts += [f"done({k},{e})." for _, e in plan[:k - 1]]
                batch += [("chain", [number, b]), *self._apply_parts(world, b, layer), ("chain_check", [number, b])]
                for o in touches.get(b, ()):
                    latest[o] = world
            ctl.add(f"chain_facts_{first}", [], "\n".join(facts))
            if first == last:
                # one step: the state before it, then its application (gringo then settles every atom
                # of the step as it grounds; grounded together, it can't, and grounds more rules)
                yield [(f"chain_facts_{first}", []), batch[0]]
                yield batch[1:]
            else:
                yield [(f"chain_facts_{first}", []), *batch]
            atoms = [clingo.Function("creates", [clingo.Number(k)]) for k in range(first, last + 1)]
            atoms = [a for a in atoms if a in ctl.symbolic_atoms]
            atoms += [a.symbol for a in ctl.symbolic_atoms.by_signature("disturbed", 2)
                      if first <= a.symbol.arguments[0].number <= last]
            stops: dict[int, list[clingo.Symbol]] = {}
            for a in _truths(ctl, atoms):
                stops.setdefault(a.arguments[0].number, []).append(a)
            for k in range(first, last + 1):
                self.cut = k
                rank = LAYERS.index(plan[k - 1][0])
                for a in stops.get(k, ()):
                    if a.name == "creates":
                        hard = True
                    else:
                        other = LAYERS.index(self._effect_of(a.arguments[1].string)[1])
                        if other == rank:
                            hard = True
                        elif other > rank:
                            limit, soft = min(limit, ends[k - 1]), True
                if hard or k == limit:
                    break
        k = 0
        for layer, steps, whole in segments:
            k += len(steps)
            if k > self.cut or (k == self.cut and hard):
                return
            if whole:  # every effect of the layer that exists applied, and none changed what another reads
                self.passed.append(layer)
            if k == self.cut and soft:
                return  # the chain ends with this layer: the next one's order must be decided again

    @staticmethod
    def _ahead_id(inst: Instance, layer: str) -> str:
        return f"{inst.id}@{layer}"

    def _effect_of(self, fact_id: str) -> tuple[str, str]:
        """The effect and the layer of an effect id of the facts (pending: the current layer)."""
        return self.ahead_parts.get(fact_id, (fact_id, self.layer))

    def _apply_parts(self, world: clingo.Symbol, b: clingo.Symbol, layer: str) -> list[tuple[str, list[clingo.Symbol]]]:
        parts = [("apply", [world, b])]
        if b == COUNTERS:
            parts.append(("apply_counters", [world, b]))
        elif layer in APPLY_PART:
            parts.append((APPLY_PART[layer], [world, b]))
        return parts

    def _solve(self, facts: list[str], parts=None):
        # The time limit is for the whole computation: each solve gets what is left of it.
        left = self.deadline - time.perf_counter()
        config = SolverConfig(time_limit=max(left, 0.001), seed=self.config.seed, threads=self.config.threads)
        # One answer set, read by atom name: no canonical sorting (the loop sorts what it reports).
        result = solve(FILES, "\n".join(facts) + "\n", config=config, parts=parts,
                       first=(("base", []), ("world", [clingo.Function("base")])), canonical=False,
                       measure=self.measure, prune=CHAIN_FACTS, once=("base", "decide"))
        if not result.timed_out:
            self.models_per_step.add(len(result.models))
        self.steps += 1
        self.rules += result.size.rules
        self.atoms += result.size.atoms
        return result

    def _counters(self) -> bool:
        """613.4c: the counters, at the start of 7c, when no chain has put them there: a solve whose
        chain is that one step."""
        self.passed = []
        # the facts the step reads: the counters, and the characteristics of the objects with them
        facts = ["counters_due."] + self._counter_kinds()
        for oid, o in self.state.objects.items():
            if oid in self.rows and o.counters:
                qo = q(oid)
                facts += [f"c({qo},{k},{v})." for k, v in sorted(self.rows[oid])]
                facts += [f"counter({qo},{q(kind)},{n})." for kind, n in sorted(o.counters.items())]
        result = self._solve(facts, lambda ctl: self._chain(ctl, [("7c", [COUNTERS], False)]))
        if result.timed_out:
            return False
        self._read_chain(result.model, {})
        return True

    def run(self) -> LayersResult:
        seen_deps: set[tuple[str, str]] = set()
        applied: dict[str, set[str]] = {layer: set() for layer in LAYERS}  # the effects applied in each layer
        passed: set[str] = set()  # the layers a chain went through to their end
        for n, layer in enumerate(LAYERS):
            if layer == "7c" and self.counters_due and not self._counters():
                return self._result(timed_out=True)
            if layer in passed:
                continue
            done = applied[layer]
            self.layer = layer
            while True:
                self._granted_instances()
                pending = [i for i in self.instances.values() if i.id not in done and layer in i.spec.layers]
                if not pending:
                    break
                sels = [0]
                facts: list[str] = []
                for inst in sorted(pending, key=lambda i: i.id):
                    facts += self._effect_facts(inst, layer, sels)
                # the later layers' parts of the effects, which the chain may reach: the next layers,
                # while their parts times the objects stay within AHEAD_BUDGET (each part is grounded
                # in every solve, on every object its selectors look at)
                self.ahead_of, self.ahead_parts = {}, {}
                left = AHEAD_BUDGET // max(len(self.rows), 1)
                instances = sorted(self.instances.values(), key=lambda i: i.id)
                for lay in LAYERS[n + 1:]:
                    parts = [i for i in instances if lay in i.spec.layers and i.id not in applied[lay]]
                    left -= len(parts)
                    if left < 0:
                        break
                    self.ahead_of[lay] = parts
                    for inst in parts:
                        self.ahead_parts[self._ahead_id(inst, lay)] = (inst.id, lay)
                        facts += self._effect_facts(inst, lay, sels, ahead=True)
                result = self._solve(self._state_facts() + facts, self._parts)
                if result.timed_out:
                    return self._result(timed_out=True)
                model = result.model
                for a, b, reason in model.atoms("dep", 3):
                    if (a, b) not in seen_deps:
                        seen_deps.add((a, b))
                        self.dependencies.append({"effect": a, "depends_on": b, "layer": layer, "reason": reason})
                self._record_loops(model.atoms("same_loop", 2))
                self._read_chain(model, applied)
                # 613.8c: after a chain that applied every effect of a layer that exists and changed
                # nothing a pending effect reads, the effects left there that didn't exist still
                # don't: the layer is done (no solve to find it out)
                passed.update(self.passed)
                if layer in passed:
                    break
        return self._result()

    def _read_chain(self, model, applied: dict[str, set[str]]) -> None:
        """The steps of the chain, in order: the values each one changed, and its place in the order."""
        chain = sorted((k.number, b) for k, b in (sym.arguments for sym in model.raw("step")) if k.number <= self.cut)
        touched: dict[int, list[str]] = {k: [] for k, _ in chain}
        for sym in model.raw("step_touch"):
            k, o = sym.arguments
            if k.number in touched:
                touched[k.number].append(o.string)
        changes: dict[int, list[tuple[bool, str, tuple[str, str]]]] = {k: [] for k, _ in chain}
        for gained, name in ((True, "gained"), (False, "lost")):
            for sym in model.raw(name):
                k, o, key, value = sym.arguments
                if k.number in changes:
                    changes[k.number].append((gained, o.string, (key.name, str(value))))
        for k, b in chain:
            if b == COUNTERS:
                self._change(changes[k])
                self.counters_due = False
                continue
            eid, lay = self._effect_of(b.string)
            self._record(eid, lay, sorted(touched[k]), changes[k], applied[lay])

    def _record(self, eid: str, layer: str, touched: list[str], changes: list[tuple[bool, str, tuple[str, str]]],
                done: set[str]) -> None:
        """The state after an effect of the chain (the values it made its objects gain or lose),
        its fixed set (613.6), and its place in the order."""
        inst = self.instances[eid]
        self._change(changes)
        applies = tuple(touched) if eid not in self.locked else self.locked[eid]
        self.locked.setdefault(eid, applies)  # 613.6
        done.add(eid)
        self.order.append({"effect": eid, "source": inst.source, "layer": layer,
                           "timestamp": inst.timestamp, "applies_to": list(applies)})
        if layer in ("players", "rules"):  # 613.10, 613.11: in force, in this order
            entry = {"effect": eid, "source": inst.source, "rule": "613.10" if layer == "players" else "613.11",
                     "timestamp": inst.timestamp, "text": inst.text}
            named = [op.rule for op in inst.spec.do if op.op in ("rule_effect", "player_effect") and op.rule]
            if named:  # rules the engine executes (engine/effects.py RuleEffect.rule)
                entry["named"] = named
            self.in_force.append(entry)

    def _change(self, changes: list[tuple[bool, str, tuple[str, str]]]) -> None:
        for gained, o, row in changes:
            if gained:
                self.rows[o].add(row)
            else:
                self.rows[o].discard(row)

    def _record_loops(self, pairs: list[tuple]) -> None:
        groups: dict[str, set[str]] = {}
        for a, b in pairs:
            groups.setdefault(a, {a}).add(b)
        for members in groups.values():
            loop = sorted(members)
            if loop not in self.loops:
                self.loops.append(loop)

    def _result(self, timed_out: bool = False) -> LayersResult:
        objects = {oid: self._characteristics(oid) for oid in self.state.battlefield}
        stack = {oid: self._characteristics(oid) for oid in self.state.stack if oid in self.rows}
        printed = {oid: sorted(_term_parts(v) for k, v in self.rows[oid] if k == "abil" and v.startswith("printed("))
                   for oid in self.state.battlefield}
        keys = {oid: sorted((v for k, v in self.rows[oid] if k == "abil" and v.startswith("gkw(")),
                            key=lambda v: (self.display[v], v))
                for oid in self.state.battlefield}
        granted = {oid: [self.display[v] for v in vs] for oid, vs in keys.items()}
        mana_values = {oid: int(v) for oid in self.state.battlefield for k, v in self.rows[oid] if k == "mv"}
        return LayersResult(objects, self.order, self.dependencies, self.loops, self.steps, self.rules, self.atoms,
                            timed_out, set(self.models_per_step), list(self.in_force), printed, granted, mana_values,
                            stack, {oid: [self.granted_models[v] for v in vs] for oid, vs in keys.items()})

    def _characteristics(self, oid: str) -> dict[str, Any]:
        rows = self.rows[oid]
        get = lambda k: sorted(v for kk, v in rows if kk == k)  # noqa: E731
        types = sorted((_unq(t) for t in get("type")), key=TYPE_ORDER.index)
        pt = get("pt")
        creature = "creature" in types
        power = toughness = None
        if pt and creature:
            power, toughness = (int(x) for x in pt[0].strip("()").split(","))
        ctl = get("ctl")
        names = get("name")
        out = {
            "name": _unq(names[0]) if names else None,  # a face-down permanent has no name (708.2)
            "controller": _unq(ctl[0]) if ctl else None,
            "owner": self.state.objects[oid].owner,
            "types": types,
            "supertypes": sorted((_unq(t) for t in get("super")), key=SUPERTYPE_ORDER.index),
            "subtypes": sorted(_unq(s) for s in get("sub")),
            "colors": [c for c in COLORS if c in {_unq(x) for x in get("color")}],
            "power": power,
            "toughness": toughness,
            "abilities": sorted({self.display.get(a, a) for a in get("abil")}),
        }
        if get("allct"):
            out["all_creature_types"] = True
        return out


def _truths(ctl: clingo.Control, atoms: list[clingo.Symbol]) -> list[clingo.Symbol]:
    """Which of these atoms hold in the (one) answer set of what is grounded so far."""
    true: list[clingo.Symbol] = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            true = [a for a in atoms if model.contains(a)]
            break
    return true


def _locked_values(inst: Instance) -> dict[tuple[int, str], int]:
    """611.2d: a resolved effect's counted values, as the board gives them (choices.counted)."""
    numbers = inst.choices.get("counted") if inst.origin == "resolved" else None
    if not numbers:
        return {}
    return dict(zip(counted_values(inst.spec), numbers))


def _order_key(inst: Instance) -> tuple[int, str]:
    """613.7: timestamp order; on a tie, an object's own ability before an ability granted to it
    (613.7a, 613.7e: the relative order is kept), then the smaller id. The solver gets the first part."""
    return (2 * inst.timestamp + (inst.origin == "granted"), inst.id)


def _with_chosen(granted: GrantedAbility, choices: dict[str, Any]) -> GrantedAbility:
    """'protection from the chosen color' (Voice of All): the keyword with the color chosen as the
    source entered (614.12; the board's `choices`); without a choice it stays 'chosen color'."""
    if is_granted_keyword(granted) and granted.quality == "chosen color" and "color" in choices:
        return granted.model_copy(update={"quality": str(choices["color"])})
    return granted


def _granted_offset(spec: ContinuousSpec, op_index: int) -> int:
    """How many abilities the effect's add_abilities operations before operation op_index grant."""
    return sum(len(op.abilities) for i, op in enumerate(spec.do, 1) if i < op_index and op.op == "add_abilities")


class _FaceDownOp:
    op = "face_down"


class _EnteredCopyOp:
    op = "copy"
    of = "choice"
    choice = "copy"
    keep_source_abilities = False


class _EnteredCopySpec:
    """614.1c, 707.2 as an effect: layer 1a, the copiable values of the permanent it entered as a copy of."""

    applies_to = None
    condition = None
    do = (_EnteredCopyOp(),)
    layers = ("1a",)


class _FaceDownSpec:
    """The rule of 708.2 as an effect: layer 1b, applied to the permanent itself."""

    applies_to = None
    condition = None
    do = (_FaceDownOp(),)
    layers = ("1b",)


def _pt(value) -> int:
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else 0  # '*': 0 until a CDA sets it (208.2)


def _unq(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


@functools.lru_cache(maxsize=None)
def _term_parts(key: str) -> tuple[str, int]:
    """printed("o",2) or granted("e",1) -> ("o", 2)"""
    sym = clingo.parse_term(key)
    return sym.arguments[0].string, sym.arguments[1].number



def compute_layers(state: GameState, config: SolverConfig | None = None, measure: bool = False) -> LayersResult:
    """The characteristics of every object after the layers. ``measure``: also count the ground
    rules and atoms of every step (LayersResult.rules, .atoms; 0 otherwise)."""
    return LayersEngine(state, config, measure).run()
