"""The layers task (613): the Python loop owns the sequence of applications, clingo decides each step.

For each layer and sublayer in order, the loop gives the solver the current state and the effects
that apply in that layer and have not applied yet; the solver answers which one applies next
(613.8a-b, 613.7), the dependencies it found, and the characteristics of the objects that effect
touches afterwards. The loop records them, and asks again (613.8c) until no effect is left.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import clingo

from .facts import const, q
from .rulesdata import (BASIC_LAND_TYPES, LAND_TYPES, LAYERS, NON_CREATURE, OP_LAYER, SUPERTYPE_ORDER, TYPE_ORDER,
                        intrinsic_mana_text)
from .solve import SolverConfig, solve

if TYPE_CHECKING:  # annotations only: the bridge reads the engine's objects, never imports the engine
    from engine.effects import Continuous
    from engine.model import GameState

FILES = ("layers.lp", "tasks/layers_step.lp")
LAYER_CONST = {layer: "l" + layer for layer in LAYERS}  # l4, l7b, lplayers, lrules
# The part of layers.lp with the operations of each layer (613.4: one part for 7a-7d).
APPLY_PART = {layer: "apply_l" + ("7" if layer.startswith("7") else layer) for layer in LAYERS if layer not in ("players", "rules")}
# the predicates of the facts that _parts adds between the parts of a chain (the others are in the
# facts of the step: solve() leaves out the rules that can't fire on them)
CHAIN_FACTS = ("from", "done")
PT_COUNTER_KIND = __import__("re").compile(r"^([+-]\d+)/([+-]\d+)$")


@dataclass
class Instance:
    """A continuous effect in the layer system, with its stable id (source#ability, effects#N)."""

    id: str
    spec: "Continuous"
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


class LayersEngine:
    def __init__(self, state: "GameState", config: SolverConfig | None = None, measure: bool = False):
        self.state = state
        self.measure = measure  # count ground rules and atoms (the benchmark's figures)
        self.config = config or SolverConfig()
        self.deadline = time.perf_counter() + self.config.time_limit
        self.rows: dict[str, set[tuple[str, str]]] = {}
        self.display: dict[str, str] = {}  # ability term -> its words or text
        self.kw_of: dict[str, str] = {}  # ability term -> keyword name
        self.mana: set[str] = set()  # mana ability terms
        self.ability_kind: dict[str, str] = {}  # printed ability term -> its kind (activated, static ...)
        self.instances: dict[str, Instance] = {}
        self.locked: dict[str, tuple[str, ...]] = {}
        self.order: list[dict[str, Any]] = []
        self.in_force: list[dict[str, Any]] = []  # effects on players and the rules (613.10, 613.11)
        self.dependencies: list[dict[str, Any]] = []
        self.loops: list[list[str]] = []
        self.steps = self.rules = self.atoms = 0
        self.layer = LAYERS[0]
        self.models_per_step: set[int] = set()
        self.chain_complete = False  # set by _parts: the last chain applied every ready effect
        self.subtypes_seen: set[str] = set(BASIC_LAND_TYPES)
        for land_type in BASIC_LAND_TYPES:  # the solver may give any of them (305.6)
            self._land(land_type)
        self._initial_state()
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
                if ab.kind == "keyword":
                    self._ability(key, ab.words(), keyword=ab.keyword)
                else:
                    self._ability(key, ab.display(), mana=bool(getattr(ab, "mana", False)))
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
                spec = getattr(ab, "continuous", None)
                if spec is None or ab.kind not in ("static", "characteristic_defining", "replacement"):
                    continue
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
            if getattr(o, "copy_of", None) is not None:
                eid = f"{oid}#copy_of"
                self.instances[eid] = Instance(eid, _EnteredCopySpec(), o.timestamp or 0, False, "entered", oid, None,
                                               None, o.controller, (), {"copy": o.copy_of},
                                               text=f"entered as a copy of {o.copy_of} (614.1c, 707.2)")

    def _resolved_instances(self) -> None:
        for e in self.state.effects:
            spec = getattr(e.ability, "continuous", None)
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
                if granted is None or getattr(granted, "continuous", None) is None:
                    continue
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
        if getattr(ab, "continuous", None) is None or ab.kind not in ("static", "characteristic_defining"):
            return
        eid = f"{oid}#copy:{source}#{index}"
        if eid not in self.instances:
            self.instances[eid] = Instance(eid, ab.continuous, o.timestamp or 0, ab.kind == "characteristic_defining",
                                           "static", oid, oid, key, None, (), dict(o.choices), text=ab.display())

    @staticmethod
    def _grant_model(inst: Instance, index: int):
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

    def _effect_facts(self, inst: Instance, layer: str, sels: list[int]) -> list[str]:
        e = q(inst.id)
        # ts/2 is the order key (613.7, 613.7a): 2T, or 2T+1 for a granted ability.
        out = [f"pending({e}). ts({e},{_order_key(inst)[0]}). eff_ts({e},{inst.timestamp})."]
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
                out.append(f"applies_sel({e},{self._selector(sel, inst, out, sels)}).")
        if inst.spec.condition is not None:
            s = self._selector(inst.spec.condition.count, inst, out, sels, counted=True)
            out.append(f"cond({e},{s},{inst.spec.condition.at_least}).")
        for i, op in enumerate(inst.spec.do, 1):
            if OP_LAYER[op.op] != layer:
                continue
            out.append(f"op({e},{i},{op.op}).")
            out += self._op_facts(e, i, op, inst, sels)
        return out

    def _op_facts(self, e: str, i: int, op, inst: Instance, sels: list[int]) -> list[str]:
        out = []
        for t in getattr(op, "types", []) or []:
            out.append(f"op_type({e},{i},{const(t)}).")
        for s in getattr(op, "subtypes", []) or []:
            self.subtypes_seen.add(s)
            out.append(f"op_sub({e},{i},{q(s)}).")
        for s in getattr(op, "supertypes", []) or []:
            out.append(f"op_super({e},{i},{const(s)}).")
        for c in getattr(op, "colors", []) or []:
            out.append(f"op_color({e},{i},{const(c)}).")
        if getattr(op, "chosen", False):
            out.append(f"op_chosen({e},{i}).")
        if getattr(op, "all_creature_types", False):
            out.append(f"op_allct({e},{i}).")
        if getattr(op, "all_basic", False):
            out.append(f"op_allbasic({e},{i}).")
        if getattr(op, "except_mana", False):
            out.append(f"op_except_mana({e},{i}).")
        if op.op == "set_name":
            out.append(f"op_name({e},{i},{q(op.name)}).")
        if op.op == "set_text":
            out.append(f"op_text({e},{i},{self._selector(op.of, inst, out, sels)}).")
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
                if hasattr(granted, "keyword"):
                    words = granted.words()
                    key = self._ability(f"gkw({q(inst.id)},{q(words)})", words, keyword=granted.keyword)
                else:
                    key = self._ability(f"granted({q(inst.id)},{k})", granted.text, mana=granted.mana)
                out.append(f"op_grant({e},{i},{key}).")
                if key in self.kw_of:
                    out.append(f"abil_kw({key},{q(self.kw_of[key])}).")
                if key in self.mana:
                    out.append(f"abil_mana({key}).")
        if op.op in ("set_pt", "set_base_pt", "modify_pt"):
            for which, v in (("p", op.power), ("t", op.toughness)):
                out.append(f"op_val({e},{i},{which},{self._value(v, inst, out, sels)}).")
        if op.op == "add_abilities_of":
            out.append(f"op_from({e},{i},{self._selector(op.of, inst, out, sels)}).")
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

    def _value(self, v, inst: Instance, out: list[str], sels: list[int]) -> str:
        if isinstance(v, int):
            return f"n({v})"
        if getattr(v, "mana_value", None) is True:
            return "mv"
        if hasattr(v, "count"):
            s = self._selector(v.count, inst, out, sels, counted=True)
            return f"{'types' if v.card_types else 'count'}({s},{v.times},{v.plus})"
        if hasattr(v, "total"):
            s = self._selector(v.of, inst, out, sels)
            return f"total({s},{'p' if v.total == 'power' else 't'})"
        raise TypeError(v)

    def _selector(self, sel, inst: Instance, out: list[str], sels: list[int], counted: bool = False) -> str:
        sels[0] += 1
        s = f"s({sels[0]})"
        out.append(f"sel({s}). sel_eff({s},{q(inst.id)}).")
        start = ("self" if sel.self_ else "attached" if sel.attached else "targets" if sel.targets else "any" if sel.any_of
                 else "exiled_with" if sel.exiled_with else "all")
        out.append(f"sel_start({s},{start}). sel_zone({s},{sel.zone}).")
        if counted:
            out.append(f"sel_counted({s}).")
        for sub in sel.any_of:
            out.append(f"sel_any({s},{self._selector(sub, inst, out, sels, counted)}).")
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
                out.append(f"chosen_ctype({q(inst.id)},{q(str(inst.choices['creature_type']))}).")
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
        state the earlier ones left, until one changes what a pending effect reads."""
        self.chain_complete = False
        worlds = sorted(atom.symbol.arguments[0] for atom in ctl.symbolic_atoms.by_signature("hyp", 1))
        batch = []
        for b in worlds:
            h = clingo.Function("h", [b])
            batch += [("hyp", [b]), *self._apply_parts(h, b), ("world", [h])]
        if batch:
            yield batch
        yield [("decide", [])]
        # The grounder leaves some atoms undecided (it over-approximates where parts meet): the
        # truth of what the loop reads between parts comes from the solver.
        truth = _truths(ctl, [a.symbol for name in ("next", "ready") for a in ctl.symbolic_atoms.by_signature(name, 1)])
        chosen = [s.arguments[0] for s in truth if s.name == "next"]
        if not chosen:
            return  # every effect left has stopped existing
        ready = [s.arguments[0] for s in truth if s.name == "ready"]
        order = sorted(ready, key=lambda s: _order_key(self.instances[s.string]))
        if order[0] != chosen[0]:
            raise RuntimeError(f"the solver chose {chosen[0]}, the loop's order starts with {order[0]}")
        touches: dict[clingo.Symbol, list[clingo.Symbol]] = {}
        for atom in ctl.symbolic_atoms.by_signature("touch", 2):
            e, o = atom.symbol.arguments
            touches.setdefault(e, []).append(o)
        latest: dict[clingo.Symbol, clingo.Symbol] = {}  # object -> the chain world holding its newest state
        for k, b in enumerate(order, 1):
            number = clingo.Number(k)
            world = clingo.Function("c", [number])
            facts = [f"from({k},{o},{latest[o]})." for o in touches.get(b, ()) if o in latest]
            facts += [f"done({k},{e})." for e in order[:k - 1]]
            ctl.add(f"chain_facts_{k}", [], "\n".join(facts))
            # (two groundings: the state before b is known before b applies, which keeps every part stratified)
            yield [(f"chain_facts_{k}", []), ("chain", [number, b])]
            yield [*self._apply_parts(world, b), ("chain_check", [number, b])]
            for o in touches.get(b, ()):
                latest[o] = world
            if _creates_effects(self.instances[b.string]):
                return  # new effects may come into the layer: decide again after this one
            disturbs = clingo.Function("disturbs", [number])
            if disturbs in ctl.symbolic_atoms and _truths(ctl, [disturbs]):
                return
        self.chain_complete = True  # every ready effect applied, and none changed what another reads

    def _apply_parts(self, world: clingo.Symbol, b: clingo.Symbol) -> list[tuple[str, list[clingo.Symbol]]]:
        parts = [("apply", [world, b])]
        if self.layer in APPLY_PART:
            parts.append((APPLY_PART[self.layer], [world, b]))
        return parts

    def _solve(self, facts: list[str], parts=None):
        # The time limit is for the whole computation: each solve gets what is left of it.
        left = self.deadline - time.perf_counter()
        config = SolverConfig(time_limit=max(left, 0.001), seed=self.config.seed, threads=self.config.threads)
        # One answer set, read by atom name: no canonical sorting (the loop sorts what it reports).
        result = solve(FILES, "\n".join(facts) + "\n", config=config, parts=parts,
                       first=(("base", []), ("world", [clingo.Function("base")])), canonical=False,
                       measure=self.measure, prune=CHAIN_FACTS)
        if not result.timed_out:
            self.models_per_step.add(len(result.models))
        self.steps += 1
        self.rules += result.size.rules
        self.atoms += result.size.atoms
        return result

    def _counters(self) -> bool:
        """613.4c: counters on the objects, at the start of 7c. The rule reads only the power and
        toughness of the objects with counters, and their counters: those are the facts sent."""
        facts = ["apply_counters."]
        kinds = {k for o in self.state.objects.values() for k in o.counters}
        for k in sorted(kinds):
            m = PT_COUNTER_KIND.match(k)
            if m:
                facts.append(f"pt_counter({q(k)},{int(m.group(1))},{int(m.group(2))}).")
        for oid, o in self.state.objects.items():
            if oid in self.rows and o.counters:
                qo = q(oid)
                facts += [f"c({qo},pt,{v})." for k, v in sorted(self.rows[oid]) if k == "pt"]
                facts += [f"counter({qo},{q(kind)},{n})." for kind, n in sorted(o.counters.items())]
        result = self._solve(facts)
        if result.timed_out:
            return False
        for oid, p, t in result.model.atoms("counter_pt"):
            self.rows[oid] = {r for r in self.rows[oid] if r[0] != "pt"} | {("pt", f"({p},{t})")}
        return True

    def run(self) -> LayersResult:
        seen_deps: set[tuple[str, str]] = set()
        for layer in LAYERS:
            if layer == "7c" and any(o.counters for o in self.state.objects.values()):
                if not self._counters():
                    return self._result(timed_out=True)
            done: set[str] = set()
            self.layer = layer
            while True:
                self._granted_instances()
                pending = [i for i in self.instances.values() if i.id not in done and layer in i.spec.layers]
                if not pending:
                    break
                sels = [0]
                facts = [f"layer({LAYER_CONST[layer]})."]
                effect_facts: list[str] = []
                for inst in sorted(pending, key=lambda i: i.id):
                    effect_facts += self._effect_facts(inst, layer, sels)
                facts = facts + self._state_facts() + effect_facts
                result = self._solve(facts, self._parts)
                if result.timed_out:
                    return self._result(timed_out=True)
                model = result.model
                for a, b, reason in model.atoms("dep", 3):
                    if (a, b) not in seen_deps:
                        seen_deps.add((a, b))
                        self.dependencies.append({"effect": a, "depends_on": b, "layer": layer, "reason": reason})
                self._record_loops(model.atoms("same_loop", 2))
                chain = sorted(model.atoms("step", 2))
                if not chain:
                    break  # every effect left has stopped existing
                touched: dict[int, list[str]] = {k: [] for k, _ in chain}
                for sym in model.raw("step_touch"):
                    k, o = sym.arguments
                    touched[k.number].append(o.string)
                changes: dict[int, list[tuple[bool, str, tuple[str, str]]]] = {k: [] for k, _ in chain}
                for gained, name in ((True, "gained"), (False, "lost")):
                    for sym in model.raw(name):
                        k, o, key, value = sym.arguments
                        changes[k.number].append((gained, o.string, (key.name, str(value))))
                for k, eid in chain:
                    self._record(eid, layer, sorted(touched[k]), changes[k], done)
                # 613.8c: after a whole chain that changed nothing a pending effect reads, the effects
                # left that didn't exist still don't: the layer is done (no solve to find it out)
                existing = {e for (e,) in model.atoms("exists_now", 1)}
                if self.chain_complete and not any(i.id in existing for i in pending if i.id not in done):
                    break
        return self._result()

    def _record(self, eid: str, layer: str, touched: list[str], changes: list[tuple[bool, str, tuple[str, str]]],
                done: set[str]) -> None:
        """The state after an effect of the chain (the values it made its objects gain or lose),
        its fixed set (613.6), and its place in the order."""
        inst = self.instances[eid]
        for gained, o, row in changes:
            if gained:
                self.rows[o].add(row)
            else:
                self.rows[o].discard(row)
        applies = tuple(touched) if eid not in self.locked else self.locked[eid]
        self.locked.setdefault(eid, applies)  # 613.6
        done.add(eid)
        self.order.append({"effect": eid, "source": inst.source, "layer": layer,
                           "timestamp": inst.timestamp, "applies_to": list(applies)})
        if layer in ("players", "rules"):  # 613.10, 613.11: in force, in this order
            entry = {"effect": eid, "source": inst.source, "rule": "613.10" if layer == "players" else "613.11",
                     "timestamp": inst.timestamp, "text": inst.text}
            named = [op.rule for op in inst.spec.do if op.op in ("rule_effect", "player_effect") and getattr(op, "rule", None)]
            if named:  # rules the engine executes (engine/effects.py RuleEffect.rule)
                entry["named"] = named
            self.in_force.append(entry)

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
        granted = {oid: sorted(self.display[v] for k, v in self.rows[oid] if k == "abil" and v.startswith("gkw("))
                   for oid in self.state.battlefield}
        mana_values = {oid: int(v) for oid in self.state.battlefield for k, v in self.rows[oid] if k == "mv"}
        return LayersResult(objects, self.order, self.dependencies, self.loops, self.steps, self.rules, self.atoms,
                            timed_out, set(self.models_per_step), list(self.in_force), printed, granted, mana_values,
                            stack)

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
            "colors": [c for c in ("white", "blue", "black", "red", "green") if c in {_unq(x) for x in get("color")}],
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


def _order_key(inst: Instance) -> tuple[int, str]:
    """613.7: timestamp order; on a tie, an object's own ability before an ability granted to it
    (613.7a, 613.7e: the relative order is kept), then the smaller id. The solver gets the first part."""
    return (2 * inst.timestamp + (inst.origin == "granted"), inst.id)


def _with_chosen(granted, choices: dict[str, Any]):
    """'protection from the chosen color' (Voice of All): the keyword with the color chosen as the
    source entered (614.12; the board's `choices`); without a choice it stays 'chosen color'."""
    if getattr(granted, "quality", None) == "chosen color" and "color" in choices:
        return granted.model_copy(update={"quality": str(choices["color"])})
    return granted


def _granted_offset(spec, op_index: int) -> int:
    """How many abilities the effect's add_abilities operations before operation op_index grant."""
    return sum(len(op.abilities) for i, op in enumerate(spec.do, 1) if i < op_index and op.op == "add_abilities")


def _creates_effects(inst: Instance) -> bool:
    """Can applying it bring new effects into the layer system (a copy: copied static abilities,
    707.2; a granted ability with its own effect, 613.7a)? Then the next step decides again."""
    for op in inst.spec.do:
        if op.op in ("copy", "set_text"):
            return True
        if op.op == "add_abilities" and any(getattr(a, "continuous", None) is not None for a in op.abilities):
            return True
    return False


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



def compute_layers(state: "GameState", config: SolverConfig | None = None, measure: bool = False) -> LayersResult:
    """The characteristics of every object after the layers. ``measure``: also count the ground
    rules and atoms of every step (LayersResult.rules, .atoms; 0 otherwise)."""
    return LayersEngine(state, config, measure).run()
