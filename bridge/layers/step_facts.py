"""The facts of one step of the layers task (613), as the solver reads them (docs/facts.md, "layers"):
the state of every object (its printed characteristics, 109.3, and the mana abilities of its basic land
types, 305.6; its counters, 122.1, 613.4c) and the continuous effects in force: those of static and
characteristic-defining abilities (604, 604.3, 613.3), of resolved spells and abilities (611.2), of
permanents that entered as a copy or face down (614.1c, 707.2, 708.2), of abilities granted by effects
(613.7a), with their selectors (611.3a), conditions and operations layer by layer (613.1-613.4)."""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

import clingo

from asp_rules.rulesdata import (ARTIFACT_TYPES, BASIC_LAND_TYPES, BATTLE_TYPES, COLORS, ENCHANTMENT_TYPES, LAND_TYPES, LAYERS,
                                 NON_CREATURE, OP_LAYER, intrinsic_mana_text)

from ..counting import counted_values
from ..facts import const, q
from ..protocols import (ContinuousSpec, GameState, GrantedAbility, Selector, Value, has_all_basic, has_all_creature_types,
                         has_chosen, has_colors, has_except_mana, has_subtypes, has_supertypes, has_types, is_count,
                         is_granted_keyword, is_announced_x, is_greatest, is_if_paid, is_life, is_own_count, is_own_mana_value, is_own_pt, is_total,
                         makes_continuous)
from .selector_facts import filter_facts
from .situation import TURN_RECORDS, situation_facts, situation_selector_facts, status_facts, turn_record_facts
from .result import Instance

LAYER_CONST = {layer: "l" + layer for layer in LAYERS}  # l4, l7b, lplayers, lrules
LIFE_BOUND = 1_000_000  # "N or more life" has no upper bound: a number no life total reaches
PT_COUNTER_KIND = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def _face_up_planar(state, oid: str) -> bool:
    """311.4, 312.2 (Planechase, 901 of the current official rules): a face-up plane or phenomenon card, in the command
    zone (``command``; a planar deck's cards are face down there, engine/files/planar.py): its static abilities
    function there."""
    o = state.objects[oid]
    return oid in state.command and o.printed is not None and bool({"Plane", "Phenomenon"} & set(o.printed.types))


class LayersFacts:
    """The state and the effects of a board for the layers, and the facts of a step: what the loop
    (bridge/layers/sequence.py) changes as effects apply (``rows``: each object's characteristics now;
    ``locked``: each started effect's set, 613.6) and sends to each solve."""

    def __init__(self, state: GameState):
        self.state = state
        self.rows: dict[str, set[tuple[str, str]]] = {}
        # each object's characteristics as the last solve had them: oid -> (its rows then, their
        # facts' text, their symbols)
        self.object_facts: dict[str, tuple[frozenset[tuple[str, str]], str, dict]] = {}
        # each object's other facts (fixed during the layers): oid -> (their text, their symbols)
        self.object_fixed: dict[str, tuple[str, dict[tuple[str, int], list[clingo.Symbol]]]] = {}
        self.display: dict[str, str] = {}  # ability term -> its words or text
        self.kw_of: dict[str, str] = {}  # ability term -> keyword name
        self.mana: set[str] = set()  # mana ability terms
        self.ability_kind: dict[str, str] = {}  # printed ability term -> its kind (activated, static ...)
        self.granted_models: dict[str, Any] = {}  # granted keyword term -> the ability granted (GrantedKeyword)
        self.instances: dict[str, Instance] = {}
        self.locked: dict[str, tuple[str, ...]] = {}
        self.cont: set[str] = set()  # the printed abilities that make continuous effects (613.7a, 707.2)
        self.subtypes_seen: set[str] = set(BASIC_LAND_TYPES)
        for land_type in BASIC_LAND_TYPES:  # the solver may give any of them (305.6)
            self._land(land_type)
        self._initial_state()
        # 613.4c: counters that change power and toughness, not yet in 7c
        self.counters_due = any(PT_COUNTER_KIND.match(k) and n > 0 for oid, o in self.state.objects.items()
                                if oid in self.rows for k, n in o.counters.items())
        self._printed_instances()
        _face_down_instances(self)  # 613.2b, 708.2 (702.168a: disguise's ward {2})
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
                if ab.kind in ("static", "characteristic_defining") and ab.continuous is not None or _keyword_continuous(ab):
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
                if (ab.kind not in ("static", "characteristic_defining", "replacement") or ab.continuous is None) \
                        and not _keyword_continuous(ab):
                    continue
                spec = ab.continuous
                cda = ab.kind == "characteristic_defining" or _keyword_cda(ab)
                if not cda and o.zone != ("command" if _face_up_planar(self.state, oid) else getattr(spec, "functions_in", None) or "battlefield"):
                    continue  # functions on the battlefield (113.6), in the zone it states (113.6b), a face-up plane's in the command zone (311.4)
                eid = f"{oid}#{i}"
                if ab.kind == "replacement":
                    # 614.1c, 707.5: an "enters as" effect, created once as the permanent entered: it
                    # doesn't depend on the ability staying.
                    self.instances[eid] = Instance(eid, spec, o.timestamp or 0, False, "entered", oid, None, None,
                                                   o.controller or o.owner, (), dict(o.choices), text=ab.display())
                    continue
                self.instances[eid] = Instance(eid, spec, o.timestamp or 0, cda, "static", oid, oid,
                                               f"printed({q(oid)},{i})", None, (), dict(o.choices), text=ab.display())

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
                grantor_id, index = term_parts(v)
                grantor = self.instances[grantor_id]
                granted = self._grant_model(grantor, index)
                if granted is None or not makes_continuous(granted) or granted.continuous is None:
                    continue  # a granted keyword has no effect of its own
                eid = f"{grantor_id}>{oid}#{index}"
                if eid in self.instances:
                    continue
                ts = max(grantor.timestamp, self.state.objects[oid].timestamp or 0)
                # 604.3a (2): a granted ability is never characteristic-defining (the vocabulary refuses the kind)
                self.instances[eid] = Instance(eid, granted.continuous, ts, False, "granted", oid, oid, v, None, (),
                                               dict(grantor.choices), text=granted.text)

    def _copied_instance(self, oid: str, key: str) -> None:
        source, index = term_parts(key)
        o = self.state.objects[oid]
        if source == oid or o.zone != "battlefield":
            return
        ab = self.state.objects[source].printed.abilities[index - 1]
        if (ab.kind not in ("static", "characteristic_defining") or ab.continuous is None) and not _keyword_continuous(ab):
            return
        eid = f"{oid}#copy:{source}#{index}"
        if eid not in self.instances:
            cda = ab.kind == "characteristic_defining" or _keyword_cda(ab)
            self.instances[eid] = Instance(eid, ab.continuous, o.timestamp or 0, cda,
                                           "static", oid, oid, key, None, (), dict(o.choices), text=ab.display())

    @staticmethod
    def _grant_model(inst: Instance, index: int) -> GrantedAbility | None:
        """The index-th ability granted by the effect, counting across its add_abilities operations."""
        granted = [a for op in inst.spec.do if op.op == "add_abilities" for a in op.abilities]
        return granted[index - 1] if 0 < index <= len(granted) else None

    # --- facts of one step -----------------------------------------------------------------
    def _state_facts(self, given: list[tuple[str, dict[tuple[str, int], list[clingo.Symbol]]]] | None = None) -> list[str]:
        """The facts of the current state. ``given``: then the objects' facts are left out of them and
        put there instead, as (their text, their arguments as symbols by predicate name and arity): the
        facts of each object that don't change during the layers, and its characteristics (c/3)."""
        out = []
        cache = self.object_facts
        for oid, o in self.state.objects.items():
            rows = self.rows.get(oid)
            if rows is None:
                continue
            # an object's facts change with its characteristics only (the rest of it is the board's,
            # fixed during the layers): the text of the last solve is kept while its rows are the same
            fixed = self.object_fixed.get(oid)
            if fixed is None:
                fixed = self.object_fixed[oid] = _object_facts(self.state, oid, o)
            known = cache.get(oid)
            if known is None or known[0] != rows:
                known = cache[oid] = _object_rows(oid, rows)
            if given is None:
                out += [fixed[0], known[1]]
            else:
                given += [fixed, known[1:]]
        for p in self.state.players:  # 119.1
            out.append(f"life({q(p.name)},{p.life}).")
        out += situation_facts(self.state)  # 506.3, 509.1a, 303.4: combat, Curses (layers_combatants.lp)
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
            out += _subtype_facts(s)
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
               f"ts({e},{order_key(inst)[0]}). eff_ts({e},{inst.timestamp})."]
        if inst.cda:
            out.append(f"cda({e}).")
        if getattr(inst.spec, "functions_in", None) is not None:  # 113.6b: the zone it states
            out.append(f"functions_in({e},{inst.spec.functions_in}).")
        elif inst.origin == "static" and inst.holder is not None and _face_up_planar(self.state, inst.holder):
            out.append(f"functions_in({e},command).")  # 311.4: a face-up plane's statics function in the command zone
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
        if "basic_land_type" in inst.choices:  # 608.2d, 305.7: "becomes the basic land type of your choice"
            out.append(f"chosen_ltype({e},{q(str(inst.choices['basic_land_type']))}).")
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
        cond = inst.spec.condition
        state_facts = _state_condition(self.state, cond, e, inst.source)
        if state_facts is not None:
            out += state_facts
        elif cond is not None:
            s = self._selector(cond.count, inst, e, out, sels, counted=True)
            out.append(f"cond({e},{s},{cond.at_least}).")
            if getattr(cond, "at_most", None) is not None:
                out.append(f"cond_max({e},{s},{cond.at_most}).")
            if getattr(cond, "card_types", False):
                out.append(f"cond_types({e},{s}).")
            if getattr(cond, "mana_values", False):  # 202.3: the different mana values among them
                out.append(f"cond_mvs({e},{s}).")
            if getattr(cond, "counters", None):  # 122.1: the counters of a kind on them
                out.append(f"cond_ctrs({e},{s},{q(cond.counters)}).")
            if getattr(cond, "most_common_color", False):  # 105.1: no other color among more permanents
                for c in ("white", "blue", "black", "red", "green"):
                    if c not in cond.count.colors:
                        rival = cond.count.model_copy(update={"colors": [c]})
                        out.append(f"cond_rival({e},{self._selector(rival, inst, e, out, sels, counted=True)}).")
            if getattr(cond, "devotion", None):  # 700.5: the mana symbols of these colors among their mana costs
                out += [f"cond_devo({e},{s},{const(c)})." for c in cond.devotion]
                out += self._mana_symbols()
        during = getattr(inst.spec, "during", None)  # "During your turn, ...": whose turn it is
        if during is not None:
            out.append(f"during({e},{during}). active_player({q(self.state.active)}).")
        for i, op in enumerate(inst.spec.do, 1):
            if OP_LAYER[op.op] != layer:
                continue
            out.append(f"op({e},{i},{op.op}).")
            out += self._op_facts(e, i, op, inst, sels)
        return out

    def _mana_symbols(self) -> list[str]:
        """700.5: mana_sym(O, I, COLOR) for the I-th symbol of a permanent's mana cost and each of its colors
        (202.2: a hybrid symbol has both; the printed cost: a copy effect's cost is not read, see docs/layers.md)."""
        out = []
        for oid in self.state.battlefield:
            printed = self.state.objects[oid].printed
            for i, sym in enumerate(re.findall(r"\{([^}]*)\}", (printed.mana_cost or "") if printed else ""), 1):
                out += [f"mana_sym({q(oid)},{i},{c})." for c in COLORS if "WUBRG"[COLORS.index(c)] in sym.upper().split("/")]
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
        out += [f"op_keepsub({e},{i})."] if getattr(op, "keep_subtypes", False) else []  # 205.1a: set_types's
        if has_all_basic(op) and op.all_basic:
            out.append(f"op_allbasic({e},{i}).")
        if has_except_mana(op) and op.except_mana:
            out.append(f"op_except_mana({e},{i}).")
        if op.op == "set_name":
            out.append(f"op_name({e},{i},{q(op.name)}).")
        if op.op == "set_text":
            out.append(f"op_text({e},{i},{self._selector(op.of, inst, e, out, sels)}).")
            # the abilities of the card that prints this one (its own card, or the one it copies, 707.2)
            printer = term_parts(inst.key)[0] if inst.key and inst.key.startswith("printed(") else inst.source
            for j in op.keep_abilities:
                if printer is not None:
                    out.append(f"op_also({e},{i},printed({q(printer)},{j})).")
        if op.op == "lose_abilities":
            out += [f"op_kw({e},{i},{q(k)})." for k in op.keywords]
            if getattr(op, "cant_have", False):  # 113.11: and can't have them
                out.append(f"op_cant({e},{i}).")
        if op.op == "face_down" and getattr(op, "ward", None):  # 702.168a: its ward {2}, a face-down characteristic
            ward = _FaceDownWard(op.ward)
            key = self._ability(f"gkw({q(inst.id)},{q(ward.words())})", ward.words(), keyword="ward")
            self.granted_models[key] = ward
            out.append(f"op_grant({e},{i},{key}).")  # (asp_rules/layers.lp: apply_l1b)
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
        if is_life(v):
            return f"life({v.times},0)"
        if is_announced_x(v) or is_if_paid(v):  # 107.3a, 608.2c: fixed as the effect began (locked above); else X is 0,
            return f"n({getattr(v, 'otherwise', 0)})"  # (an X no spell or ability announced; IfPaid: no cost paid)
        if is_own_pt(v):
            return f"own({'p' if v.own == 'power' else 't'})"
        if is_own_count(v):  # 105.2, 205.3m: its colors, or the other creatures sharing a creature type with it
            if v.own_count == "counters":  # 122.1, 613.4c: the counters of a kind on each object it applies to
                return f"ownc(ctrs({q(v.counters)}),{v.times})"
            if v.own_count == "attached":  # 301.5a, 303.4: the Auras (Equipment) attached to each of them
                sels[0] += 1
                out += [f"ownc_att(s({sels[0]}),{q(k)})." for k in v.attached]
                return f"ownc(att(s({sels[0]})),{v.times})"
            return f"ownc({'colors' if v.own_count == 'colors' else 'share'},{v.times})"
        if is_count(v):
            s = self._selector(v.count, inst, e, out, sels, counted=True)
            if getattr(v, "devotion", None):  # 700.5: the mana symbols of these colors among their mana costs
                out += [f"sel_devo({s},{const(c)})." for c in v.devotion] + self._mana_symbols()
                return f"devo({s},{v.times},{v.plus})"
            if getattr(v, "counters", None) is not None:
                return f"ctrs({s},{q(v.counters)},{v.times},{v.plus})"
            if getattr(v, "basic_land_types", False):
                return f"btypes({s},{v.times},{v.plus})"
            return f"{'types' if v.card_types else 'count'}({s},{v.times},{v.plus})"
        if is_greatest(v):  # 202.3, 208.2: the greatest power or mana value among the objects matched
            s = self._selector(v.of, inst, e, out, sels)
            return f"greatest({s},{'p' if v.greatest == 'power' else 'mv'})"
        if is_total(v):
            s = self._selector(v.of, inst, e, out, sels)
            return f"total({s},{'p' if v.total == 'power' else 't'})"
        raise TypeError(v)

    def _selector(self, sel: Selector, inst: Instance, e: str, out: list[str], sels: list[int], counted: bool = False) -> str:
        """The facts of selector ``sel`` of the effect whose id in the facts is ``e``; returns its term."""
        sels[0] += 1
        s = f"s({sels[0]})"
        out.append(f"sel({s}). sel_eff({s},{e}).")
        start = ("self" if sel.self_ else "attached" if sel.attached else "targets" if sel.targets else "that" if sel.that else "any" if sel.any_of
                 else "exiled_with" if sel.exiled_with else "paired" if getattr(sel, "paired", False) else "all")
        out.append(f"sel_start({s},{start}). sel_zone({s},{sel.zone}).")
        if counted:
            out.append(f"sel_counted({s}).")
        for sub in sel.any_of:
            out.append(f"sel_any({s},{self._selector(sub, inst, e, out, sels, counted)}).")
        out += filter_facts(sel, s)  # (selectors.lp's filters: selector_facts.py)
        self.subtypes_seen |= set(sel.subtypes) | set(sel.not_subtypes) | set(getattr(sel, "has_attached", ()))
        if getattr(sel, "chosen_name", False):  # (engine/vocab/effects.py's Continuous refuses it)
            raise TypeError("201.3: 'with the chosen name' is matched by the game loop's selectors, not the layers'")
        if sel.chosen_creature_type or getattr(sel, "not_chosen_creature_type", False):  # 205.3m: "that aren't of ..."
            out.append(f"sel_chosen_ctype({s})." if sel.chosen_creature_type else f"sel_not_chosen_ctype({s}).")
            if "creature_type" in inst.choices:
                self.subtypes_seen.add(str(inst.choices["creature_type"]))
                out.append(f"chosen_ctype({e},{q(str(inst.choices['creature_type']))}).")
        if any(getattr(sel, f, None) is not None for f in _COMPARISONS):  # (compile.py refuses them)
            raise NotImplementedError("the layers program doesn't compare a power or a toughness (613.8)")
        out += situation_selector_facts(sel, s, _subtype_facts)  # 903.3, 708.2; 506.3, 509.1a, 303.4, 400.7, 113.1 (layers_combatants.lp)
        return s

    @staticmethod
    def _ahead_id(inst: Instance, layer: str) -> str:
        return f"{inst.id}@{layer}"


# a selector's comparisons of a power or a toughness (the vocabulary's COMPARISONS, 208.1): the game loop's only
# (bridge/selectors.py); a mana value compared is the layers program's too (202.3: sel_mv_le/2, sel_mv_ge/2)
_COMPARISONS = ("power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least")


def _locked_values(inst: Instance) -> dict[tuple[int, str], int]:
    """611.2d: a resolved effect's counted values, as the board gives them (choices.counted)."""
    numbers = inst.choices.get("counted") if inst.origin == "resolved" else None
    if not numbers:
        return {}
    return dict(zip(counted_values(inst.spec), numbers))


def order_key(inst: Instance) -> tuple[int, str]:
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


def _face_down_instances(facts: "LayersFacts") -> None:
    """613.2b, 708.2: each face-down permanent gets the characteristics of a face-down permanent; 702.168a (current
    official rules): a card with disguise is face down by its disguise (cast face down with it: no other way puts one
    face down in the loop), a 2/2 with ward {2}."""
    for oid in facts.state.battlefield:
        o = facts.state.objects[oid]
        if o.face_down:
            eid = f"{oid}#face_down"
            disguised = o.printed is not None and any(getattr(a, "keyword", None) == "disguise" for a in o.printed.abilities)
            facts.instances[eid] = Instance(eid, _FaceDownWardSpec() if disguised else _FaceDownSpec(), o.timestamp or 0,
                                            False, "entered", oid, None, None, o.controller, (), {},
                                            text="face down with ward {2} (702.168a, 708.2)" if disguised
                                            else "face down (708.2)")


@dataclasses.dataclass(frozen=True)
class _FaceDownWard:
    """702.168a: the ward {2} of a face-down permanent cast with disguise, as the layers give its keywords (a
    GrantedKeyword: bridge/protocols.py); 702.21a: the game loop triggers it as a printed ward."""

    cost: str
    keyword: str = "ward"
    n: None = None
    quality: None = None
    means: None = None  # (no definition in words: the loop's ward, engine/game/triggers.py)
    replacement: None = None

    def words(self) -> str:
        return f"ward {self.cost}"

    def display(self) -> str:
        return f"Ward {self.cost}"

    def model_copy(self, *, update=None, deep: bool = False) -> "_FaceDownWard":
        return dataclasses.replace(self, **(update or {}))


class _FaceDownWardOp:
    """702.168a (current official rules): cast with disguise, "a 2/2 face-down creature with ward {2}"."""

    op = "face_down"
    ward = "{2}"


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


class _FaceDownWardSpec(_FaceDownSpec):
    """702.168a, 708.2: a face-down permanent cast with disguise, with ward {2} (layer 1b)."""

    do = (_FaceDownWardOp(),)


def _pt(value) -> int:
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else 0  # '*': 0 until a CDA sets it (208.2)


def _state_condition(state, cond, e: str, source: str | None = None) -> list[str] | None:
    """The facts of a condition on the game's state rather than on objects counted (a life total, a player's number,
    the source entered this turn, monstrous, its dash cost paid, life gained, spells cast, cards drawn); None for a
    condition that counts objects (or none)."""
    out: list[str] = []
    if cond is not None and getattr(cond, "life", None) is not None:  # 119.1: a life total
        low, high = cond.life_bounds(getattr(state, "starting_life", 20))  # 103.4: from the starting life total
        low, high = -LIFE_BOUND if low is None else low, LIFE_BOUND if high is None else high  # "5 or less": no lower
        out.append(f"cond_life({e},{cond.life},{low},{high}).")
    elif cond is not None and getattr(cond, "player", None) is not None:  # a number of a player's
        high = cond.at_most if cond.at_most is not None else LIFE_BOUND
        what = f"zone({cond.zone})" if cond.zone is not None else f"ctrs({q(cond.counters)})"
        out.append(f"cond_player({e},{cond.player},{what},{cond.at_least},{high}).")
        if cond.more_than_each_opponent:
            out.append(f"cond_more({e}).")
        for p in state.players:
            n = (len(state.player_zones.get((p.name, cond.zone), ())) if cond.zone is not None
                 else p.counters.get(cond.counters, 0))
            out.append(f"player_n({q(p.name)},{what},{n}).")
    elif cond is not None and getattr(cond, "entered_this_turn", None) is not None:  # its source entered this turn
        out.append(f"cond_entered({e}).")
    elif cond is not None and getattr(cond, "monstrous", None) is not None:  # 701.37b: its source is monstrous
        out.append(f"cond_monstrous({e}).")
    elif cond is not None and getattr(cond, "dash_paid", None) is not None:  # 702.109a: its source's dash cost paid
        out.append(f"cond_dash({e}).")
    elif cond is not None and getattr(cond, "blitz_paid", None) is not None:  # 702.152a: its source's blitz cost paid
        out.append(f"cond_blitz({e}).")
    elif cond is not None and getattr(cond, "renowned", None) is not None:  # 702.112b: its source is renowned
        out.append(f"cond_renowned({e}).")
    elif cond is not None and getattr(cond, "paired", None) is not None:  # 702.95b: its source is paired
        out.append(f"cond_paired({e}).")
    elif cond is not None and getattr(cond, "nonland_entered", None) is not None:  # (celebration) this turn's count
        high = cond.at_most if cond.at_most is not None else LIFE_BOUND
        out.append(f"cond_player({e},you,entered_nonland,{cond.at_least},{high}).")  # (a number of its controller's)
        out += [f"player_n({q(p.name)},entered_nonland,{getattr(state, 'nonland_entered', {}).get(p.name, 0)})."
                for p in state.players]
    elif cond is not None and getattr(cond, "speed", None) is not None:  # 702.179: its controller's speed (none: 0)
        high = cond.at_most if cond.at_most is not None else LIFE_BOUND
        out.append(f"cond_player({e},you,speed,{cond.at_least},{high}).")
        out += [f"player_n({q(p.name)},speed,{getattr(state, 'speed', {}).get(p.name, 0)})." for p in state.players]
    elif cond is not None and getattr(cond, "this_turn", None) in TURN_RECORDS:  # 700.4, 119.3: this turn's record
        out += turn_record_facts(state, cond, e, source)
    elif cond is not None and getattr(cond, "city_blessing", None) is not None:  # 702.131c: the city's blessing
        out.append(f"cond_blessing({e}).")
        out += [f"blessing({q(p)})." for p in sorted(getattr(state, "city_blessing", ()))]
    elif cond is not None and getattr(cond, "monarch", None) is not None:  # 722.1: its controller is the monarch
        out.append(f"cond_monarch({e}).")
        out += [f"monarch({q(state.monarch)})."] if getattr(state, "monarch", None) is not None else []
    elif cond is not None and getattr(cond, "gained_life", None) is not None:  # 119.3: gained life this turn
        out.append(f"cond_gained({e}).")
        out += [f"gained({q(p)})." for p in sorted(getattr(state, "gained_life", ()))]
    elif cond is not None and getattr(cond, "spells_cast", None) is not None:  # 601.2i: the spells cast this turn
        high = cond.at_most if cond.at_most is not None else LIFE_BOUND
        out.append(f"cond_cast({e},{cond.at_least},{high}).")
        out += [f"cast_n({q(p)},{n})." for p, n in sorted(state.spells_cast.items()) if n]
    elif cond is not None and getattr(cond, "drawn", None) is not None:  # 121.1: the cards drawn this turn
        high = cond.at_most if cond.at_most is not None else LIFE_BOUND
        out.append(f"cond_drawn({e},{cond.at_least},{high}).")
        out += [f"drawn({q(p)},{n})." for p, n in sorted(state.drawn.items()) if n]
    else:
        return None
    return out


@functools.lru_cache(maxsize=None)
def term_parts(key: str) -> tuple[str, int]:
    """printed("o",2) or granted("e",1) -> ("o", 2)"""
    sym = clingo.parse_term(key)
    return sym.arguments[0].string, sym.arguments[1].number


def _keyword_continuous(ab) -> bool:
    """A keyword ability with a continuous effect (the card vocabulary's KeywordAbility.continuous): changeling's
    characteristic-defining ability (702.73a), dash's haste as long as its dash cost was paid (702.109a)."""
    return ab.kind == "keyword" and getattr(ab, "continuous", None) is not None


def _keyword_cda(ab) -> bool:
    """A keyword ability that is a characteristic-defining ability (604.3, changeling, 702.73a: it functions in every
    zone, applied first in its layer, 613.3); dash's is a static ability of the permanent (113.6, 702.109a)."""
    return _keyword_continuous(ab) and ab.keyword != "dash"


def _subtype_facts(s: str) -> list[str]:
    """The facts of a subtype: a land type (205.3i), a basic one (305.6), the card type it is correlated with (205.3g-j,
    for 205.1a), a creature type or not (205.3m)."""
    out = [f"land_type({q(s)})."] if s in LAND_TYPES else []
    out += [f"basic({q(s)})."] if s in BASIC_LAND_TYPES else []
    out += [f"sub_of({q(s)},{kind})." for kind, subs in (("land", LAND_TYPES), ("artifact", ARTIFACT_TYPES),
                                                         ("enchantment", ENCHANTMENT_TYPES), ("battle", BATTLE_TYPES))
            if s in subs]
    return out + [f"noncreature_sub({q(s)})." if s in NON_CREATURE else f"creature_sub({q(s)})."]


def _object_facts(state: GameState, oid: str, o) -> tuple[str, dict[tuple[str, int], list[clingo.Symbol]]]:
    """An object's facts but its characteristics (the board's, fixed during the layers): their text,
    and their arguments as symbols by predicate name and arity (solve's ``given``)."""
    out: list[str] = []
    qo = q(oid)
    out += [f"obj({qo}).", f"zone({qo},{o.zone}).", f"owner({qo},{q(o.owner)})."]
    if o.timestamp is not None:
        out.append(f"obj_ts({qo},{o.timestamp}).")
    if o.kind == "token":
        out.append(f"token({qo}).")
    out += status_facts(o, qo)  # 903.3, 708.2, 601.2a (selectors.lp)
    if o.attached_to is not None and o.attached_to in state.objects:
        out.append(f"attached({qo},{q(o.attached_to)}).")
    for x in o.choices.get("exiled") or ():
        out.append(f"exiled_with({qo},{q(str(x))}).")  # 607.2a: the cards its linked ability exiled
    for kind, n in sorted(o.counters.items()):
        out.append(f"counter({qo},{q(kind)},{n}).")
    combat = state.combat
    if combat is not None and oid in combat.attackers:
        out.append(f"attacking({qo}).")
    if combat is not None and oid in combat.blockers:
        out.append(f"blocking({qo}).")
    if o.tapped and o.zone == "battlefield":  # 110.5
        out.append(f"tapped({qo}).")
    if getattr(o, "entered_this_turn", False) and o.zone == "battlefield":
        out.append(f"entered_turn({qo}).")
    if getattr(o, "monstrous", False) and o.zone == "battlefield":  # 701.37b
        out.append(f"monstrous({qo}).")
    out += [f"{mark}({qo})." for mark in ("dash_paid", "blitz_paid")  # 702.109a, 702.152a
            if getattr(o, mark, False) and o.zone == "battlefield"]
    if getattr(o, "renowned", False) and o.zone == "battlefield":  # 702.112b
        out.append(f"renowned({qo}).")
    if getattr(o, "paired_with", None) is not None and o.zone == "battlefield":  # 702.95b
        out.append(f"paired({qo},{q(o.paired_with)}).")
    return "\n".join(out), _fact_symbols(tuple(out))


@functools.lru_cache(maxsize=1 << 12)
def _fact_symbols(facts: tuple[str, ...]) -> dict[tuple[str, int], list[clingo.Symbol]]:
    """The arguments of facts (one a line) as symbols, by predicate name and arity; kept from one board
    to the next (the same objects recur, with the same facts: a crosscheck's boards are made of the same
    cards). Read only: solve's ``given`` copies them."""
    groups: dict[tuple[str, int], list[clingo.Symbol]] = {}
    for fact in facts:
        sym = clingo.parse_term(fact[:-1])
        args = sym.arguments
        groups.setdefault((sym.name, len(args)), []).append(args[0] if len(args) == 1 else clingo.Function("", args))
    return groups


def _object_rows(oid: str, rows: set[tuple[str, str]]) -> tuple:
    """An object's characteristics (c/3): its rows then, their facts' text, and their arguments as
    symbols (solve's ``given``)."""
    return _rows_facts(oid, frozenset(rows))


@functools.lru_cache(maxsize=1 << 12)
def _rows_facts(oid: str, rows: frozenset[tuple[str, str]]) -> tuple:
    """_object_rows, kept from one board to the next (an object's characteristics recur: the same card
    on many boards, its printed ones mostly). Read only: solve's ``given`` copies the symbols."""
    qo = q(oid)
    o_sym = clingo.parse_term(qo)
    ordered = sorted(rows)
    symbols = [clingo.Function("", [o_sym, clingo.Function(k), _term(v)]) for k, v in ordered]
    return rows, "\n".join(f"c({qo},{k},{v})." for k, v in ordered), {("c", 3): symbols}


@functools.lru_cache(maxsize=1 << 14)
def _term(text: str) -> clingo.Symbol:
    """The symbol of a value's text (a characteristic's value: the same few recur on every board)."""
    return clingo.parse_term(text)
