"""The sequence of applications of the layers task (613): the Python loop owns it, clingo decides
each step.

For each layer and sublayer in order (613.1-613.4), the loop gives the solver the current state and
the effects that apply in that layer and have not applied yet (and, on a small board, the parts in the
next layers of the effects that have any); the solver answers which one applies next (613.8a-b,
613.7), the dependencies it found, and the characteristics of the objects that effect touches
afterwards, then of the effects that apply after it without a new decision (the chain, 613.8c,
possibly into the next layers). The loop records them (the order, each effect's set, 613.6, the
dependencies and loops, 613.8b, the effects on players and the rules, 613.10-613.11), and asks again
until no effect is left; then it reads each object's characteristics (the result).
"""

from __future__ import annotations

import time
from typing import Any

import clingo

from asp_rules.rulesdata import COLORS, LAYERS, SUPERTYPE_ORDER, TYPE_ORDER

from ..config import SolverConfig
from ..facts import q
from ..protocols import GameState
from ..solve import solve
from .result import Instance, LayerDependencies, LayersResult
from .counted_facts import StepFacts
from .step_facts import LAYER_CONST, order_key, term_parts

FILES = ("layers.lp", "selectors.lp", "layers_conditions.lp", "layers_counted.lp", "layers_combatants.lp",
         "tasks/layers_step.lp")
# The part of layers.lp with the operations of each layer (613.4: one part for 7a-7d).
APPLY_PART = {layer: "apply_l" + ("7" if layer.startswith("7") else layer) for layer in LAYERS if layer not in ("players", "rules")}
# the predicates of the facts that _parts adds between the parts of a chain (the others are in the
# facts of the step: solve() leaves out the rules that can't fire on them)
CHAIN_FACTS = ("from", "done")
# Performance bounds (the results are the same with any values): how many effect parts of later
# layers a solve takes, for its chain to go on into (613.8c), and how many steps of a chain are
# grounded in one call, each times the objects. Later layers' parts make every solve ground more,
# and steps grounded together more than apart (gringo can't settle what a step reads from the
# step before it in the same call): on a board of 10 objects a solve takes 8 parts and grounds
# its chain 8 steps at a time, on a board of 50 one part and one step at a time, on 200 none.
AHEAD_BUDGET = 80
CHAIN_BUDGET = 80
BASE = clingo.Function("base")  # the current state's world (selectors.lp's context: the world w)
COUNTERS = clingo.Function("counters")  # the chain step of the counters at the start of 7c (613.4c)


class LayersEngine(StepFacts):
    """The loop of one board: a solve per decision (613.8a-b, 613.7), the chain after it (613.8c), what
    each step changed recorded until no effect is left, then the result."""

    def __init__(self, state: GameState, config: SolverConfig | None = None, measure: bool = False):
        self.measure = measure  # count ground rules and atoms (the benchmark's figures)
        self.config = config or SolverConfig()
        self.deadline = time.perf_counter() + self.config.time_limit
        self.order: list[dict[str, Any]] = []
        self.in_force: list[dict[str, Any]] = []  # effects on players and the rules (613.10, 613.11)
        self.dependencies: list[dict[str, Any]] = []
        self.loops: list[list[str]] = []
        self.steps = self.rules = self.atoms = 0
        self.layer = LAYERS[0]
        self.models_per_step: set[int] = set()
        self.passed: list[str] = []  # set by _parts: the layers the last chain went through to their end
        self.ahead_of: dict[str, list[Instance]] = {}  # the later layers of the current step, their effects' parts,
        self.ahead_parts: dict[str, tuple[str, str]] = {}  # and the ids of those parts in the facts
        super().__init__(state)

    # --- the loop --------------------------------------------------------------------------
    def _parts(self, ctl: clingo.Control):
        """The parts of layers.lp after `base`, `world(base)` and `selectors(base)`: each hypothetical
        world (selectors.lp's filters grounded in it too), the decision, then the chain (613.8c): the ready effects in timestamp order, each applied to the
        state the earlier ones left, until one changes what a pending effect reads. When they are
        all the effects of the layer that exist, the chain goes on into the later layers where no
        effect reads what another writes (ahead_tied/1), in the order a decision would give."""
        self.passed = []  # the layers the chain went through to their end (the current one first)
        worlds = sorted(atom.symbol.arguments[0] for atom in ctl.symbolic_atoms.by_signature("hyp", 1))
        batch = []
        for b in worlds:
            h = clingo.Function("h", [b])
            batch += [("hyp", [b]), *self._apply_parts(h, b, self.layer), ("world", [h]), ("selectors", [h])]
        yield batch + [("decide", [])]
        # The grounder leaves some atoms undecided (it over-approximates where parts meet): the
        # truth of what the loop reads between parts comes from the solver.
        names = ("next", "ready", "exists_now", "ahead_exists", "ahead_tied")
        truth = _truths(ctl, [a.symbol for name in names for a in ctl.symbolic_atoms.by_signature(name, 1)])
        held = {name: [s.arguments[0] for s in truth if s.name == name] for name in names}
        chosen = held["next"]
        order = sorted(held["ready"], key=lambda s: order_key(self.instances[s.string]))
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
                parts.sort(key=lambda i: (not i.cda, order_key(i)))
                segments.append((layer, steps + [clingo.String(self._ahead_id(i, layer)) for i in parts], True))
            else:
                # 613.4c: when the chain ends with the layer before 7c (7b) and 7c's effects are not in this
                # solve, the counters still apply first in 7c: the chain puts them there (a step that reads
                # no effect's decision), and 7c's own solve decides after them (no solve of its own)
                last = LAYERS.index(segments[-1][0])
                if self.counters_due and last + 1 < len(LAYERS) and LAYERS[last + 1] == "7c":
                    segments.append(("7c", [COUNTERS], False))
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
                earlier = [o for o in touches.get(b, ()) if o in latest]
                facts += [f"from({k},{o},{latest[o]})." for o in earlier]
                facts += [f"done({k},{e})." for _, e in plan[:k - 1]]
                batch += [("chain", [number, b]), *(("chain_from", [number, o, latest[o]]) for o in earlier),
                          *self._apply_parts(world, b, layer), ("chain_check", [number, b])]
                for o in touches.get(b, ()):
                    latest[o] = world
            ctl.add(f"chain_facts_{first}", [], "\n".join(facts))
            if first == last and earlier:
                # one step that reads an earlier step's world: the state before it, then its application
                # (grounded together, gringo can't settle the step's atoms: the state before it, in/4,
                # then reads newc/4, which the step's application defines from in/4, a cycle of names)
                yield [(f"chain_facts_{first}", []), *batch[:1 + len(earlier)]]
                yield batch[1 + len(earlier):]
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

    def _solve(self, facts: list[str], parts=None,
               given: list[tuple[str, dict[tuple[str, int], list[clingo.Symbol]]]] | None = None):
        """A solve of the layers program on these facts; ``given``: the objects' facts, as (their text,
        their arguments as symbols by predicate name and arity), given to the grounder as symbols (kept
        from one solve to the next while the object is the same: no text to parse)."""
        groups: dict[tuple[str, int], list[clingo.Symbol]] = {}
        for _, found in given or ():
            for signature, symbols in found.items():
                groups.setdefault(signature, []).extend(symbols)
        # The time limit is for the whole computation: each solve gets what is left of it.
        left = self.deadline - time.perf_counter()
        config = SolverConfig(time_limit=max(left, 0.001), seed=self.config.seed, threads=self.config.threads)
        # One answer set, read by atom name: no canonical sorting (the loop sorts what it reports).
        result = solve(FILES, "\n".join(facts) + "\n", config=config, parts=parts,
                       first=(("base", []), ("world", [BASE]), ("selectors", [BASE])), canonical=False,
                       measure=self.measure, prune=CHAIN_FACTS, once=("base", "decide"),
                       given=None if given is None else ("\n".join(text for text, _ in given), groups))
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
        return self._result(timed_out=not self._apply())

    def dependencies_through(self, last: str) -> LayerDependencies:
        """The dependencies and loops of the layers up to ``last`` and including it, the layers after it not
        applied (613.1: the layers apply in order, so what a layer decides is made of the state the layers before it
        leave and its own effects)."""
        done = self._apply(LAYERS.index(last))
        return LayerDependencies(list(self.dependencies), [list(x) for x in self.loops], self.steps, not done)

    def _apply(self, until: int | None = None) -> bool:
        """613.1-613.8: every layer in order (up to the layer of index ``until``); False when the time ran out."""
        seen_deps: set[tuple[str, str]] = set()
        applied: dict[str, set[str]] = {layer: set() for layer in LAYERS}  # the effects applied in each layer
        passed: set[str] = set()  # the layers a chain went through to their end
        last = len(LAYERS) - 1 if until is None else until
        for n, layer in enumerate(LAYERS[:last + 1]):
            if layer == "7c" and self.counters_due and not self._counters():
                return False
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
                for lay in LAYERS[n + 1:last + 1]:
                    parts = [i for i in instances if lay in i.spec.layers and i.id not in applied[lay]]
                    left -= len(parts)
                    if left < 0:
                        break
                    self.ahead_of[lay] = parts
                    for inst in parts:
                        self.ahead_parts[self._ahead_id(inst, lay)] = (inst.id, lay)
                        facts += self._effect_facts(inst, lay, sels, ahead=True)
                given: list[tuple[str, dict[tuple[str, int], list[clingo.Symbol]]]] = []
                state = self._state_facts(given)
                result = self._solve(state + facts, self._parts, given)
                if result.timed_out:
                    return False
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
        return True

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
                     "timestamp": inst.timestamp, "text": inst.text, "applies_to": list(applies)}
            named = [op.rule for op in inst.spec.do if op.op in ("rule_effect", "player_effect") and op.rule]
            if named:  # rules the engine executes (engine/vocab/effects.py RuleEffect.rule)
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
        printed = {oid: sorted(term_parts(v) for k, v in self.rows[oid] if k == "abil" and v.startswith("printed("))
                   for oid in self.state.battlefield}
        keys = {oid: sorted((v for k, v in self.rows[oid] if k == "abil" and v.startswith("gkw(")),
                            key=lambda v: (self.display[v], v))
                for oid in self.state.battlefield}
        granted = {oid: [self.display[v] for v in vs] for oid, vs in keys.items()}
        mana_values = {oid: int(v) for oid in self.state.battlefield for k, v in self.rows[oid] if k == "mv"}
        granted_models = {oid: [self.granted_models[v] for v in vs] for oid, vs in keys.items()}
        # the object whose effect grants each (gkw(effect, words): the effect's source, 611.3a)
        granted_sources = {oid: [self.instances[clingo.parse_term(v).arguments[0].string].source for v in vs]
                           for oid, vs in keys.items()}
        keywords = {oid: [ab for holder, i in printed[oid]
                          if (ab := self.state.objects[holder].printed.abilities[i - 1]).kind == "keyword"]
                    + granted_models[oid] for oid in self.state.battlefield}
        texts = {oid: sorted(term_parts(v) for k, v in self.rows[oid] if k == "abil" and v.startswith("granted("))
                 for oid in self.state.battlefield}
        granted_texts = {oid: [(e, i, self._grant_model(self.instances[e], i)) for e, i in found]
                         for oid, found in texts.items()}
        cards = [oid for (_p, zone), ids in sorted(self.state.player_zones.items()) if zone in ("graveyard", "hand")
                 for oid in ids if oid in self.rows] + [oid for oid in self.state.exile + self.state.command if oid in self.rows] \
            + [oid for oid in self.state.stack if oid in self.rows]  # (613.1f: the spells' too, engine/game/spell_keywords.py)
        card_keywords = {oid: [ab for holder, i in sorted(term_parts(v) for k, v in self.rows[oid]
                                                           if k == "abil" and v.startswith("printed("))
                               if (ab := self.state.objects[holder].printed.abilities[i - 1]).kind == "keyword"]
                         + [self.granted_models[v] for v in sorted((v for k, v in self.rows[oid]
                                                                    if k == "abil" and v.startswith("gkw(")),
                                                                   key=lambda v: (self.display[v], v))]
                         for oid in cards}
        graveyard_keywords = {oid: card_keywords[oid] for (_p, zone), ids in sorted(self.state.player_zones.items())
                              if zone == "graveyard" for oid in ids if oid in card_keywords}
        return LayersResult(objects, self.order, self.dependencies, self.loops, self.steps, self.rules, self.atoms,
                            timed_out, set(self.models_per_step), list(self.in_force), printed, granted, mana_values,
                            stack, granted_models, keywords, granted_texts, granted_sources,
                            graveyard_keyword_abilities=graveyard_keywords, card_keyword_abilities=card_keywords,
                            card_objects={oid: self._characteristics(oid) for oid in self.rows
                                          if oid not in objects and oid not in stack},
                            granting_sources={e: self.instances[e].source for found in texts.values() for e, _i in found})

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
    """Which of these atoms hold in the (one) answer set of what is grounded so far. When the grounder
    settled them all (each is a fact, or has no atom: false), they are read from it without a solve."""
    symbolic = ctl.symbolic_atoms
    settled: list[clingo.Symbol] = []
    for a in atoms:
        found = symbolic[a]
        if found is None:
            continue
        if not found.is_fact:
            break
        settled.append(a)
    else:
        return settled
    true: list[clingo.Symbol] = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            true = [a for a in atoms if model.contains(a)]
            break
    return true


def _unq(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


def compute_layers(state: GameState, config: SolverConfig | None = None, measure: bool = False) -> LayersResult:
    """The characteristics of every object after the layers. ``measure``: also count the ground
    rules and atoms of every step (LayersResult.rules, .atoms; 0 otherwise)."""
    return LayersEngine(state, config, measure).run()


def layer_dependencies(state: GameState, last: str, config: SolverConfig | None = None) -> LayerDependencies:
    """The dependencies and loops ``compute_layers`` finds in the layers up to ``last`` and including it (its
    result's ``dependencies`` and ``loops`` of those layers), without applying the layers after it."""
    return LayersEngine(state, config).dependencies_through(last)

