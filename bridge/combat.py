"""The attack and block tasks (508.1, 509.1): facts from the state after the layers, clingo runs,
verdicts.

Three questions per side, solves of ``asp_rules/attack.lp`` or ``asp_rules/block.lp`` with a task
file: ``check`` (one declaration: the restrictions it breaks, the requirements it obeys;
stratified, one answer set), ``best`` (the most requirements a declaration that breaks no
restriction and pays no cost can obey, and one such declaration: an optimization, proven by the
optimization itself or, for blocks, by a declaration reaching the relaxation's bound,
bridge/combat_bound.py) and ``all`` (every legal declaration: at least that many requirements,
costs paid where due). A check's
verdict holds max_obeyed too: the optimization runs only when the check's answer set doesn't settle
it. Every solve leaves out the rules that can't fire on the board (bridge/prune.py). The objects the
rules and triggers name are the programs' too: asp_rules/combat_selectors.lp with the shared selector
program asp_rules/selectors.lp (611.3a; bridge/combat_selectors.py sends the selectors).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Iterator, cast

from asp_rules.rulesdata import COMBAT_TRIGGER_EVENTS

from .combat_messages import message, requirement_message, rule_number
from .combat_types import AllLegal, Best, CombatProblem, Declaration, Trigger, Verdict, Violation
from .config import SolverConfig
from .facts import q
from .layers import LayersResult, compute_layers
from .protection import parse as parse_protection
from .protocols import (Ability, CombatRule, CombatTrigger, GameState, GrantedKeyword, KeywordAbility, carries_combat,
                        has_event)
from .combat_selectors import PARTS, CombatSelectors
from .solve import SolveError, solve
from .combat_bound import relaxation

KEYWORDS = ("flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "menace", "defender", "haste", "banding",
            "skulk", "flanking")
BANDS_WITH_LEGENDS = "bands with other legendary creatures"  # 702.22b (the one quality read)
# The kinds of ability whose combat rules hold while the permanent has the ability (604.1, 611.3).
STANDING_KINDS = ("restriction", "requirement", "combat_cost", "static", "characteristic_defining")


# --- the problem: characteristics after the layers, rules with their subjects -------------------

def _land_quality(qualities: list[str], land: str) -> str:
    """'snow', 'forest' -> 'snow Forest'; [], 'land' -> 'land' (any land)."""
    return " ".join(sorted(qualities) + [land if land == "land" else land.capitalize()])


def _lands_controlled(chars: dict[str, Any]) -> set[str]:
    """Every landwalk quality a land satisfies: 'Forest', 'snow Forest', 'nonbasic land', ..."""
    supers = set(chars["supertypes"]) | ({"nonbasic"} if "basic" not in chars["supertypes"] else set())
    supers &= {"snow", "legendary", "basic", "nonbasic"}
    out = set()
    for land in list(chars["subtypes"]) + ["land"]:
        for k in range(1 << len(supers)):
            chosen = [x for i, x in enumerate(sorted(supers)) if k >> i & 1]
            out.add(_land_quality(chosen, land.lower() if land == "land" else land))
    return out


# 702.14c-d: the qualities a landwalk's land type may have
_LAND_QUALITIES = ("snow", "legendary", "basic", "nonbasic")


def _landwalk(quality: str) -> str | None:
    """702.14: a landwalk's quality, 'swamp', 'snow Forest', 'nonbasic land': qualities, then a land
    type or "land" -> 'Swamp', 'snow Forest', 'nonbasic land'; None for words it can't read."""
    *qualities, land = quality.lower().split(" ")
    if not (land.isascii() and land.isalpha()) or any(x not in _LAND_QUALITIES for x in qualities):
        return None
    return _land_quality(qualities, land)


def _abilities(chars: dict[str, Any],
               keywords: list[KeywordAbility | GrantedKeyword]) -> tuple[set[str], set[str], set[str]]:
    """The evasion keywords among the abilities' words; the landwalks and protections (their fact
    terms, bridge/protection.py) among the permanent's keyword abilities after the layers."""
    kws = {a for a in chars["abilities"] if a in KEYWORDS}
    walks = {w for k in keywords if k.keyword == "landwalk" and (w := _landwalk(k.quality or "")) is not None}
    prot = {t for k in keywords
            if k.keyword == "protection" and (t := parse_protection(k.quality or "").term()) is not None}
    return kws, walks, prot


def _rule_sources(state: GameState, layers: LayersResult) -> Iterator[tuple[str, CombatRule, str | None, str | None,
                                                                        tuple[str, ...], dict[str, Any], bool]]:
    """Each rule in force: (rule id, rule, source id, you, targets, choices, resolved). A rule of a
    permanent's ability is about the permanent by default; one of a resolved effect, its targets."""
    for oid in state.battlefield:
        for holder_card, index in layers.printed_abilities.get(oid, ()):
            ab = state.objects[holder_card].printed.abilities[index - 1]
            if ab.kind not in STANDING_KINDS and not (ab.kind == "keyword" and ab.combat):  # (702.98a unleash)
                continue  # a triggered or activated ability's rules hold once it has resolved: board effects
            for j, rule in enumerate(ab.combat or (), 1):  # every standing kind carries combat rules
                you = layers.objects[oid]["controller"]
                yield (f"{oid}#{index}.{j}", rule, oid, you, (), dict(state.objects[oid].choices), False)
    for e in state.effects:
        # the ability of a resolved effect may be of any kind; a keyword or a prevention ability has no rules
        for j, rule in enumerate((e.ability.combat if carries_combat(e.ability) else None) or (), 1):
            yield f"effects#{e.index}.{j}", rule, e.source, e.controller, tuple(e.targets), dict(e.choices), True


def build_problem(state: GameState, layers: LayersResult | None = None,
                  config: SolverConfig | None = None) -> CombatProblem:
    layers = layers if layers is not None else compute_layers(state, config)
    p = CombatProblem(state, layers)
    out = p.facts
    players = list(state.player_names)
    for pl in players:
        out.append(f"player({q(pl)}). life({q(pl)},{state.player(pl).life}).")  # (119.1: 702.105a dethrone)
        out += [f"opponent({q(pl)},{q(o)})." for o in players if o != pl]
    out.append(f"active({q(state.active)}).")
    sels = CombatSelectors(state, layers)  # the selectors of the rules and triggers (611.3a: the programs match them)
    for oid, c in layers.objects.items():
        o = state.objects[oid]
        p.names[oid] = c["name"] or f"a face-down permanent ({oid})"
        qo = q(oid)
        if c["controller"] is not None:
            out.append(f"ctl({qo},{q(c['controller'])}).")
        if o.tapped:
            out.append(f"tapped({qo}).")
        if o.saddled:  # 702.171b
            out.append(f"saddled({qo}).")
        types = set(c["types"])
        if "planeswalker" in types:
            out.append(f"planeswalker({qo}).")
        if "battle" in types:
            out.append(f"battle({qo}).")
            if o.choices.get("protector"):
                out.append(f"protector({qo},{q(str(o.choices['protector']))}).")
        if "land" in types and c["controller"] is not None:
            out += [f"controls_land_type({q(c['controller'])},{q(s)})." for s in sorted(_lands_controlled(c))]
        # A declaration is checked as written: what it names is judged by its characteristics, creature
        # or not (only creatures are candidates, 508.1a, 509.1a): every permanent is an object the rules may name.
        out.append(f"obj({qo}).")
        if "creature" in types:
            out.append(f"creature({qo}).")
        if o.summoning_sick:
            out.append(f"sick({qo}).")
        if "artifact" in types:
            out.append(f"artifact({qo}).")
        out += [f"card_type({qo},{t})." for t in c["types"]]
        if c["power"] is not None:
            out.append(f"power({qo},{c['power']}).")
        out += [f"color({qo},{x})." for x in c["colors"]]
        kws, walks, prot = _abilities(c, layers.keyword_abilities.get(oid, []))
        out += [f"kw({qo},{k})." for k in sorted(kws)]
        if "legendary" in c["supertypes"]:  # 702.22b-c: a band of legendary creatures
            out.append(f"legendary({qo}).")
        if BANDS_WITH_LEGENDS in c["abilities"]:
            out.append(f"bands_with_legendary({qo}).")
        out += [f"landwalk({qo},{q(s)})." for s in sorted(walks)]
        out += [f"protection({qo},{x})." for x in sorted(prot)]
    combat = state.combat
    if combat is not None:
        for a, d in sorted(combat.attackers.items()):
            out.append(f"attacking_at({q(a)},{q(d)}).")
        out += [f"entered_attacking({q(x)})." for x in sorted(combat.entered_attacking)]  # 508.4
        out += [f"entered_blocking({q(x)})." for x in sorted(combat.entered_blocking)]  # 509.4
        for band in combat.bands:  # 702.22c, 702.22h
            out += [f"same_band({q(a)},{q(b)})." for a in band for b in band if a != b]
    for oid in state.battlefield:  # 508.2a, 509.3: abilities that trigger on the declaration
        # its printed abilities in force (a copy's copied ones), then those effects grant it (613.1f: the
        # ability itself goes with the trigger, as the source doesn't print it)
        # (a keyword defined as a triggered ability, 702.68a frenzy, 702.134a mentor: as that ability, `means`)
        in_force = [(index, _means(state.objects[holder].printed.abilities[index - 1]), None)
                    for holder, index in layers.printed_abilities.get(oid, ())]
        in_force += [(index, ab, ab) for index, ab in layers.granted_in_force(state, oid)]
        for index, ab, model in in_force:
            trig = ab.trigger if ab.kind == "triggered" else None
            # a trigger on an event (a step or state trigger has none), of the declaration's events; one
            # with two events ("attacks or blocks", "enters or attacks": 603.2, one ability) has one
            # trigger id for each of them here (its subjects never do both in a combat)
            if not has_event(trig):
                continue
            events = [e for e in (trig.event, getattr(trig, "or_event", None)) if e in COMBAT_TRIGGER_EVENTS]
            trig = cast(CombatTrigger, trig)
            choices = dict(state.objects[oid].choices)
            for event in events:
                tid = f"{oid}#{index}" + (event if event != trig.event else "")
                t = q(tid)
                p.trigger_text[tid] = (oid, index, ab.display(), model)
                out.append(f"trigger({t},{event},{q(oid)}).")
                if getattr(trig, "once", False):
                    out.append(f"trigger_once({t}).")
                if getattr(trig, "alone", False):
                    out.append(f"trigger_alone({t}).")
                if getattr(trig, "attacking_a_player", False):
                    out.append(f"trigger_player_only({t}).")
                if getattr(trig, "most_life", False):  # 702.105a
                    out.append(f"trigger_most_life({t}).")
                if getattr(trig, "with_greater_power", False):  # 702.149a
                    out.append(f"trigger_with_greater({t}).")
                if getattr(trig, "saddled", False):  # 702.171b
                    out.append(f"trigger_saddled({t}).")
                if getattr(trig, "others_at_least", None) is not None:  # 508.2a: battalion
                    out.append(f"trigger_others_at_least({t},{trig.others_at_least}).")
                if getattr(trig, "at_least", None) is not None:  # 508.2a: "attack with N or more creatures"
                    out.append(f"trigger_at_least({t},{trig.at_least}).")
                # 611.3a: its subjects (none: the permanent itself) and the blockers it names, the selector program's
                if trig.subjects is not None:
                    out.append(f"trigger_subjects({t},{sels.selector(trig.subjects, t, oid, choices)}).")
                if getattr(trig, "by", None) is not None:
                    out.append(f"trigger_by_sel({t},{sels.selector(trig.by, t, oid, choices)}).")
    # 702.25a-b: flanking, "whenever a creature without flanking blocks this creature", each instance
    # triggering apart, once for each such blocker (509.3d)
    for oid in state.battlefield:
        for k, (index, text, ability) in enumerate(_keyword_instances(state, layers, oid, "flanking"), 1):
            tid = f"{oid}#flanking{k}"
            t = q(tid)
            p.trigger_text[tid] = (oid, index, text, ability)
            out.append(f"trigger({t},becomes_blocked,{q(oid)}). trigger_flanking({t}).")
    # Keywords that are combat triggers about their own creature, each instance triggering apart (702.86b,
    # 702.91b, 702.45b, 702.23c): annihilator N, "whenever this creature attacks, defending player
    # sacrifices N permanents" (702.86a); battle cry, "whenever this creature attacks, each other attacking
    # creature gets +1/+0" (702.91a *(EN)*); bushido N, "whenever this creature blocks or becomes blocked,
    # it gets +N/+N" (702.45a *(EN)*); rampage N, "whenever this creature becomes blocked, it gets +N/+N
    # for each creature blocking it beyond the first" (702.23a); afflict N, "whenever this creature becomes
    # blocked, defending player loses N life" (702.130a-b *(EN, current official rules)*); melee, "whenever this
    # creature attacks, it gets +1/+1 until end of turn for each opponent you attacked with a creature this combat"
    # (702.121a-b *(EN, current official rules)*); myriad, "whenever this creature attacks, for each opponent other than
    # defending player, you may create a token that's a copy of this creature that's tapped and attacking that player
    # ..." (702.116a-b *(EN, current official rules)*). One trigger id for
    # each event (a creature never does both).
    for keyword, events in SELF_TRIGGERS:
        for oid in state.battlefield:
            for k, (index, text, ability) in enumerate(_keyword_instances(state, layers, oid, keyword), 1):
                for event in events:
                    tid = f"{oid}#{keyword}{k}" + (event if len(events) > 1 else "")
                    t = q(tid)
                    p.trigger_text[tid] = (oid, index, text, ability)
                    out.append(f"trigger({t},{event},{q(oid)}).")
    # 702.83a-b: exalted, "whenever a creature you control attacks alone, that creature gets +1/+1 until
    # end of turn", each instance triggering apart, about the creature that attacks alone (506.5)
    for oid in state.battlefield:
        if oid not in layers.objects:
            continue
        for k, (index, text, ability) in enumerate(_keyword_instances(state, layers, oid, "exalted"), 1):
            tid = f"{oid}#exalted{k}"
            t = q(tid)
            p.trigger_text[tid] = (oid, index, text, ability)
            out.append(f"trigger({t},attacks,{q(oid)}). trigger_alone({t}). trigger_yours({t}).")
    for rid, rule, source, you, targets, choices, resolved in _rule_sources(state, layers):
        r = q(rid)
        p.rule_text[rid] = (rule.rule, source or rid)
        p.rule_numbers[rule.rule] = rule.number
        out.append(f"rule({r},{rule.rule},{q(source or rid)}).")
        if you is not None:
            out.append(f"rule_you({r},{q(you)}).")
        if rule.n is not None:
            out.append(f"rule_n({r},{rule.n}).")
        out.append(f"rule_defender({r},{rule.defender or 'any'}).")
        # 611.3a, 611.2c: its subjects (a selector; none: the targets of a resolved effect, or the permanent itself),
        # with power N or greater (208.1): the selector program's (asp_rules/combat_selectors.lp)
        if rule.subjects is not None:
            out.append(f"rule_subjects({r},{sels.selector(rule.subjects, r, source, choices)}).")
        if resolved:
            out.append(f"rule_resolved({r}).")
            out += [f"target({r},{q(x)})." for x in targets]
        if rule.power_at_least is not None:
            out.append(f"rule_power_at_least({r},{rule.power_at_least}).")
        if rule.named_power_vs_subject is not None:
            out.append(f"rule_power_vs({r},{rule.named_power_vs_subject}).")
        if rule.rule == "attacks_player" and choices.get("player") in players:  # 508.1d: the player its effect names
            out.append(f"rule_player({r},{q(choices['player'])}).")
        if rule.defender_controls is not None:  # 506.2: the players who control such a permanent (the program's)
            out.append(f"rule_defender_sel({r},{sels.selector(rule.defender_controls, r, source, choices)}).")
        named = rule.attackers if rule.attackers is not None else rule.blockers
        if named is not None:  # 509.1b-c: the attackers or blockers it names, within its power bounds (208.1)
            out.append(f"rule_names({r},{sels.selector(named, r, source, choices)}).")
            if rule.named_power_at_most is not None:
                out.append(f"rule_named_power_at_most({r},{rule.named_power_at_most}).")
            if rule.named_power_at_least is not None:
                out.append(f"rule_named_power_at_least({r},{rule.named_power_at_least}).")
    out += sels.facts()
    p.selectors = sels.any
    return p


# --- solves --------------------------------------------------------------------------------------

def program(problem: CombatProblem, side: str, task: str) -> tuple[tuple[str, ...], tuple]:
    """The files of the combat program for one task (``side``: attack or block; ``task``: check, best, all,
    defenders, bound) and the parts grounded first: the side's program with asp_rules/combat_selectors.lp (the objects its
    rules and triggers name, 611.3a), and, when they have selectors, the shared selector program asp_rules/selectors.lp
    with its part selectors(cb)."""
    files = (f"{side}.lp", "combat_selectors.lp") + (("selectors.lp",) if problem.selectors else ())
    return files + (f"tasks/{side}_{task}.lp",), (PARTS if problem.selectors else (("base", []),))


def _declaration_facts(decl: Declaration) -> list[str]:
    name = "decl_attack" if decl.side == "attack" else "decl_block"
    return ([f"{name}({q(x)},{q(y)})." for x, y in decl.pairs] + [f"decl_pay({q(x)})." for x in decl.pay]
            + [f"decl_band({n},{q(x)})." for n, band in enumerate(decl.bands, 1) for x in band])


def _pairs(model, side: str) -> Declaration:
    atom = "attacks" if side == "attack" else "blocks"
    return Declaration(side, tuple(sorted((x, y) for x, y in model.atoms(atom, 2))),
                       tuple(sorted(x for (x,) in model.atoms("pay", 1)))).canonical()


# The conflicts each search may take before the next method (--solve-limit: deterministic, where a time would not
# be), measured on the adversarial families (benchmarks/bench_combat_families.py) and bench_combat.py's boards: the
# optimization proves most boards' optimum within about one conflict per pair of creatures (_first_conflicts), or
# not within tens of thousands (interchangeable creatures, overlapping requirements); a declaration reaching a
# tight bound is found within a few hundred.
FIRST_CONFLICTS = 300
HEURISTIC_CONFLICTS = 20000
# Berkmin's decision heuristic, for a declaration reaching the bound and for the optimization's second try: on
# boards of menace attackers that must be blocked, clasp's default (VSIDS) loses itself among the declarations
# with one blocker too few (20x20: 7 of 10 requirements after 20 s; Berkmin: the optimum in 5 ms)
BERKMIN = ("--heuristic=Berkmin",)
DOMAIN = ("--heuristic=Domain",)
BOUND_CONFLICTS = 20000
REACH_CONFLICTS = 5000


def bound(problem: CombatProblem, side: str, config: SolverConfig | None = None) -> int | None:
    """An upper bound of max_obeyed from the relaxation (bridge/combat_bound.py; tasks/block_bound.lp), once per
    problem; None when the relaxation leaves it open (bands, a requirement it doesn't model), for attacks, or when
    the time limit passes."""
    found = _relaxation(problem, side, config)
    return None if found is None else found[0]


def _relaxation(problem: CombatProblem, side: str, config: SolverConfig | None) -> tuple[int, list] | None:
    """The relaxation's optimum and the pairs of one of its optimal solutions (bridge/combat_bound.py)."""
    if side != "block":
        return None
    if "block" not in problem.bounds:
        files, first = program(problem, side, "bound")
        result = solve(files, "\n".join(problem.facts) + "\n", config=config, measure=False, canonical=False,
                       prune=(), first=first)
        if result.timed_out:
            return None
        model = result.model
        atoms = [(name, args) for name, _ in RELAXATION for args in model.atoms(name)]
        problem.bounds["block"] = None if model.raw("bound_open") else relaxation(atoms)
    return problem.bounds["block"]


# The atoms of the relaxation (block.lp, shown by tasks/block_bound.lp), name and arity
RELAXATION = (("free_pair", 2), ("capacity_of", 2), ("any_number", 1), ("needs_pair", 4), ("needs_blocker", 3),
              ("needs_attacker", 3), ("min_blocked", 2), ("max_blocked", 2), ("needs_count", 3))


def _remaining(config: SolverConfig | None, started: float) -> SolverConfig:
    """``config`` with what is left of its time limit since ``started`` (time.monotonic()): the solves of one
    question share its time limit."""
    config = config or SolverConfig()
    return dataclasses.replace(config, time_limit=max(config.time_limit - (time.monotonic() - started), 0.001))


def _hints(relaxed: tuple[int, list] | None) -> str:
    """hint/2 for tasks/block_best.lp and tasks/block_all.lp: the pairs of the relaxation's optimal solution."""
    return "".join(f"hint({q(b)},{q(a)})." for b, a in relaxed[1]) + "\n" if relaxed else ""


def _first_conflicts(problem: CombatProblem) -> int | None:
    """The conflicts of the first optimization: FIRST_CONFLICTS, or one for each pair of a creature of the active
    player and a creature of another player if there are more (the search grows with the choices: 40x40 boards
    of benchmarks/bench_combat.py need about 1,500). None (no limit) when FIRST_CONFLICTS is."""
    if FIRST_CONFLICTS is None:
        return None
    creatures = [c for c in problem.layers.objects.values() if "creature" in c["types"]]
    active = sum(1 for c in creatures if c["controller"] == problem.state.active)
    return max(FIRST_CONFLICTS, active * (len(creatures) - active))


def best(problem: CombatProblem, side: str, config: SolverConfig | None = None, *, max_only: bool = False,
         reached: int | None = None) -> Best:
    """max_obeyed with its proof, and a declaration that obeys that many (508.1d, 509.1c). ``max_only``: only
    max_obeyed is wanted. ``reached``: the requirements a declaration the optimization ranges over obeys (one
    being checked): when the relaxation's bound is that, it is the optimum, proven, and no other declaration is
    needed (``example`` None). The methods, in turn, within one time limit (docs/combat.md): the optimization's
    first FIRST_CONFLICTS conflicts; for blocks, a declaration reaching the relaxation's bound (:func:`bound`:
    the flow's own solution repaired, clasp's domain heuristic, then clasp's default and Berkmin's heuristics),
    whose optimality the bound proves; the optimization with Berkmin's heuristic; the optimization to the
    time limit. Each search stops after a fixed number of conflicts, so the answer (and the declaration shown)
    is the same on every run. The rules that can't fire on the board are left out before grounding
    (bridge/prune.py), which gives the same optimum for less: with the shared selector program grounded too
    (most of its filters never fire on a combat board), the whole program costs about twice as much to ground
    (benchmarks: attack 80 creatures, 70 ms against 40 ms). gringo orders the pruned program otherwise
    and the search may find another best declaration than the whole program would; every caller
    grounds the same pruned program for the same board, so the one shown is the same everywhere."""
    files, first = program(problem, side, "best")
    facts = "\n".join(problem.facts) + "\n"
    spent = [0.0, 0.0]
    started = time.monotonic()  # (the methods share the time limit)

    def left() -> SolverConfig:
        return _remaining(config, started)

    def optimize(limit: int | None, reach: int | None = None, heuristic: tuple[str, ...] = (), hints: str = ""):
        options = heuristic + ((f"--solve-limit={limit}",) if limit is not None else ())
        if reach is not None:  # a declaration reaching the bound: clingo's optimization off
            options += ("--opt-mode=ignore",)
        # Core-guided optimization (usc): a requirement per blocker and attacker (Lure) makes proving the
        # optimum a pigeonhole argument for model-improving search; cores bound it directly.
        result = solve(files, facts + hints, config=left(), models=1, optimize=reach is None, opt_strategy="usc",
                       measure=False, prune=(), first=first, options=options,
                       constants={"at_least": reach} if reach else None)
        spent[0] += result.size.ground_seconds
        spent[1] += result.solve_seconds
        return result

    def answer(result, max_obeyed: int | None = None, by_bound: bool = False) -> Best:
        times = {"ground_seconds": spent[0], "solve_seconds": spent[1]}
        if result.timed_out or not result.models:
            return Best(0, None, False, timed_out=result.timed_out, **times)
        model = result.models[0]
        obeyed = frozenset(model.atoms("obeyed", 2))
        if max_obeyed is None:
            return Best(-model.cost[0] if model.cost else 0, _pairs(model, side), model.optimal or not model.cost,
                        **times, obeyed=obeyed)
        if len(obeyed) != max_obeyed:  # (the relaxation would be wrong: never silently)
            raise SolveError(f"a declaration obeys {len(obeyed)} requirements, not the relaxation's bound {max_obeyed}")
        return Best(max_obeyed, _pairs(model, side), True, **times, obeyed=obeyed, by_bound=by_bound)

    # 1. the optimization, a few conflicts (a model is kept only once its optimality is proven)
    result = optimize(_first_conflicts(problem))
    if result.models or result.timed_out:
        return answer(result)
    # 2. a declaration reaching the relaxation's bound
    relaxed = _relaxation(problem, side, left())
    top = None if relaxed is None else relaxed[0]
    if top is not None and top == reached:
        return Best(top, None, True, ground_seconds=spent[0], solve_seconds=spent[1], by_bound=True)
    if relaxed is not None:
        # first the relaxation's own solution, repaired by the search (clasp's domain heuristic decides its pairs
        # first), then clasp's default heuristic, then Berkmin's
        for heuristic, limit, hinted in ((DOMAIN, REACH_CONFLICTS, _hints(relaxed)), ((), REACH_CONFLICTS, ""),
                                         (BERKMIN, BOUND_CONFLICTS, "")):
            result = optimize(limit, reach=top, heuristic=heuristic, hints=hinted)
            if result.models:
                return answer(result, top, by_bound=True)
            if result.timed_out:
                return answer(result)
            if result.status == "unsat":  # the bound is not reached
                break
    # 3. the optimization with Berkmin's heuristic
    result = optimize(HEURISTIC_CONFLICTS, heuristic=BERKMIN)
    if result.models or result.timed_out:
        return answer(result)
    # 4. the optimization to its end (the time limit)
    return answer(optimize(None))


def all_legal(problem: CombatProblem, side: str, limit: int, config: SolverConfig | None = None) -> AllLegal:
    """Every legal declaration, up to ``limit`` (then ``complete`` is False): max_obeyed first (:func:`best`),
    then the declarations that obey that many, within what is left of the time limit. For blocks, the search
    decides first the pairs of the relaxation's solution (clasp's domain heuristic, hint/2): only the order in
    which the declarations are found changes (all of them, or the first ``limit`` + 1, sorted)."""
    started = time.monotonic()
    top = best(problem, side, config, max_only=True)
    if top.timed_out:
        return AllLegal(0, [], False, timed_out=True)
    files, first = program(problem, side, "all")
    hints = _hints(_relaxation(problem, side, _remaining(config, started)))
    left = _remaining(config, started)
    result = solve(files, "\n".join(problem.facts) + "\n" + hints, config=left, models=limit + 1,
                   constants={"max_obeyed": top.max_obeyed}, measure=False, prune=(), first=first,
                   options=DOMAIN if hints else ())
    decls = sorted((_pairs(m, side) for m in result.models), key=lambda d: (d.pairs, d.pay))
    return AllLegal(top.max_obeyed, decls[:limit], len(decls) <= limit and not result.timed_out,
                    timed_out=result.timed_out)


def defenders(problem: CombatProblem, config: SolverConfig | None = None) -> list[str]:
    """508.1b, 508.4: what an attacking creature of the active player may attack (the combat program's defender_ok:
    an opponent, a planeswalker an opponent controls, a battle an opponent protects), for a creature put onto the
    battlefield attacking; sorted, players first in the problem's order of players."""
    files, first = program(problem, "attack", "defenders")
    result = solve(files, "\n".join(problem.facts) + "\n", config=config, measure=False, canonical=False, prune=(),
                   first=first)
    found = {d for (d,) in result.model.atoms("defender_ok", 1)} if result.model is not None else set()
    players = [p for p in problem.state.player_names if p in found]
    return players + sorted(found - set(players))


def check(problem: CombatProblem, decl: Declaration, config: SolverConfig | None = None) -> Verdict:
    started = time.monotonic()
    decl = decl.canonical()
    side = decl.side
    # One answer set, whatever order gringo grounds in: the rules that can't fire are left out. It is
    # read by atom name (Model.atoms sorts): no canonical sorting.
    files, first = program(problem, side, "check")
    result = solve(files, "\n".join(problem.facts + _declaration_facts(decl)) + "\n", config=config, measure=False,
                   prune=(), canonical=False, first=first)  # (prune=(): every fact is given now)
    if result.timed_out:
        return Verdict(False, 0, 0, [], None, timed_out=True)
    model = result.model
    violations = [_violation(problem, side, code, x, y) for code, x, y in model.atoms("violation", 3)]
    obeyed_set = set(model.atoms("obeyed", 2))
    settled = _max_obeyed_settled(model, decl, bool(violations), len(obeyed_set))
    left = _remaining(config, started)
    # the best declaration itself is shown only for a declaration that breaks no restriction; one that breaks
    # none and pays no cost is among those the optimization ranges over: it reaches the bound, or shows the way
    reached = len(obeyed_set) if not violations and not decl.pay else None
    top = best(problem, side, left, max_only=bool(violations), reached=reached) if settled is None else Best(
        settled, None, True)
    if top.timed_out:
        return Verdict(False, len(obeyed_set), 0, violations, None, timed_out=True)
    better = None
    if not violations and len(obeyed_set) < top.max_obeyed:
        better = top.example
        # a requirement the better declaration obeys and this one doesn't, for the message
        missed = min(top.obeyed - obeyed_set, default=None)
        violations.append(_requirement_violation(problem, side, missed, len(obeyed_set), top.max_obeyed))
    triggers = [] if violations else _triggers(problem, model)
    band_blocks = sorted(model.atoms("band_block", 2)) if side == "block" else []
    return Verdict(not violations, len(obeyed_set), top.max_obeyed, violations, better, triggers=triggers,
                   band_blocks=band_blocks)


def _max_obeyed_settled(model, decl: Declaration, broken: bool, obeyed: int) -> int | None:
    """max_obeyed (508.1d, 509.1c) when the check's answer set settles it, without the optimization;
    None otherwise. The requirements that apply (req/2) depend on the board alone, not on the
    declaration (attack.lp, block.lp), so they are the same in every declaration: with none, the most
    any declaration obeys is 0; and a declaration that breaks no restriction and pays no cost is one
    the optimization ranges over (tasks/*_best.lp), so when it obeys every requirement it obeys the
    most possible. (The empty declaration breaks nothing: the optimization always has an answer.)"""
    applying = len(model.raw("req"))  # (req/2 only: counted without converting thousands of Lure pairs)
    if applying == 0:
        return 0
    if not broken and not decl.pay and obeyed == applying:
        return applying
    return None


SELF_TRIGGERS = (("annihilator", ("attacks",)), ("battle cry", ("attacks",)), ("bushido", ("blocks", "becomes_blocked")),
                 ("rampage", ("becomes_blocked",)), ("afflict", ("becomes_blocked",)), ("melee", ("attacks",)),
                 ("myriad", ("attacks",)))


def _keyword_instances(state: GameState, layers: "LayersResult", oid: str, keyword: str) -> list[tuple[int, str, Any]]:
    """Each instance of a keyword the permanent has (702.25b, 702.86b: each triggers apart): (the index
    of its printed ability, its text, the ability) for its own or a copied one, (0, "WORDS (granted)",
    the ability granted) for one an effect grants."""
    printed = [(i, state.objects[holder].printed.abilities[i - 1]) for holder, i in layers.printed_abilities.get(oid, ())
               if _is_keyword(state.objects[holder].printed.abilities[i - 1], keyword)]
    granted = zip(layers.granted_keywords.get(oid, ()), layers.granted_keyword_abilities.get(oid, ()))
    return [(i, ab.display(), ab) for i, ab in printed] + [
        (0, f"{words} (granted)", g) for words, g in granted if g.keyword == keyword]


def _means(ab: Ability) -> Ability:
    """A keyword ability as the ability it is defined as (702: "[keyword]" means "[ability]": the
    vocabulary's `means`), or the ability itself."""
    return (getattr(ab, "means", None) or ab) if ab.kind == "keyword" else ab


def _is_keyword(ab: Ability, keyword: str) -> bool:
    return ab.kind == "keyword" and ab.keyword == keyword


def _triggers(problem: CombatProblem, model) -> list[Trigger]:
    out = []
    for tid, x in model.atoms("triggers", 2):
        source, index, text, ability = problem.trigger_text[tid]
        objects = () if x == tid else tuple(str(v) for v in (x[1:] if isinstance(x, tuple) else (x,)))
        out.append(Trigger(source, index, text, objects, ability))
    return sorted(out, key=lambda t: (t.source, t.ability, t.objects))


# --- messages --------------------------------------------------------------------------------------

def _violation(problem: CombatProblem, side: str, code: str, x: Any, y: Any) -> Violation:
    objects = tuple(str(v) for v in (x, y) if v != "none")
    return Violation(code, rule_number(problem, side, code), objects, message(problem, side, code, objects))


def _requirement_violation(problem: CombatProblem, side: str, missed: tuple | None, obeyed: int, top: int) -> Violation:
    number = "508.1d" if side == "attack" else "509.1c"
    objects: tuple[str, ...] = ()
    if missed is not None:
        rid, x = missed
        objects = tuple(str(v) for v in (x[1:] if isinstance(x, tuple) else (x,)))
    return Violation("requirements", number, objects, requirement_message(problem, side, missed, obeyed, top))

