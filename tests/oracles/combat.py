"""Oracle for attack and block declarations (508.1, 509.1), written from docs/combat.md and the rules
text, independent of the answer-set programs (asp_rules/attack.lp, asp_rules/block.lp) and of bridge/.

Brute force, as 508.1 and 509.1 describe it: the characteristics are those after the layers (the layers
oracle); the card rules' selectors are matched here on those characteristics; a declaration is checked
rule by rule (508.1a-c, 509.1a-b, the keyword abilities of 702, the costs of 508.1g and 509.1d); the
legal declarations are found by trying every declaration (itertools.product): a declaration is legal
when it breaks no restriction and obeys as many requirements (508.1d, 509.1c) as the best declaration
that breaks no restriction and pays no cost (costs are never forced, 508.1d).

Violations are tuples (code, *object ids), the codes of docs/combat.md's Violations table, without
'requirements': *_check returns the number of requirements obeyed instead, and *_legal compares it with
*_max_obeyed.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from engine.vocab.keywords import keyword_words
from engine.vocab.combat import CombatRule, CombatTrigger
from engine.vocab.selector import Selector
from asp_rules.rulesdata import is_creature_type
from engine.state.model import GameState

try:
    from oracles.layers import oracle_layers  # tests/ on sys.path, as the other oracles are imported
except ImportError:  # imported as tests.oracles.combat from the repository root
    from tests.oracles.layers import oracle_layers

COLORS = ("white", "blue", "black", "red", "green")
# 702.16a: a card type as the quality of a protection, by its plural ("protection from artifacts")
PROTECTION_TYPES = {"artifacts": "artifact", "battles": "battle", "creatures": "creature", "enchantments": "enchantment",
                    "instants": "instant", "kindred": "kindred", "lands": "land", "planeswalkers": "planeswalker",
                    "sorceries": "sorcery"}

# Abilities of a permanent whose combat rules are in force while the permanent has them. An activated,
# triggered or spell ability makes its rules only when it resolves: they are then a board effect.
IN_FORCE_KINDS = {"restriction", "requirement", "combat_cost", "static", "characteristic_defining", "replacement"}

# 702.14: landwalk as words: 'swampwalk', 'snow forestwalk', 'nonbasic landwalk', 'legendary landwalk'.
LANDWALK = re.compile(r"^((?:(?:snow|legendary|basic|nonbasic) )*)([a-z]+)walk$")


@dataclass
class Rule:
    """One combat rule in force, with what it was evaluated to."""

    spec: CombatRule
    source: str | None  # the object whose ability it is, or the source of the effect (None: none given)
    you: str  # the controller of the ability's source, or of the resolved spell or ability
    subjects: frozenset  # after `subjects` (or the default) and `power_at_least`
    attackers: frozenset | None  # the objects the `attackers` selector matches
    blockers: frozenset | None  # the objects the `blockers` selector matches
    defender_controls: frozenset | None = None  # the objects the `defender_controls` selector matches
    player: str | None = None  # attacks_player: the player the resolved effect names (its choice ``player``)

    @property
    def name(self) -> str:
        return self.spec.rule


def has_keyword(words, keyword: str) -> bool:
    """A keyword (a Selector's name, e.g. 'flying', 'protection', 'landwalk') among ability words."""
    for w in words:
        if w == keyword or w.startswith(keyword + " "):
            return True
        if keyword == "landwalk" and LANDWALK.match(w):
            return True
    return False


class CombatOracle:
    def __init__(self, state: GameState):
        self.state = state
        layers = oracle_layers(state)
        self.chars = layers.characteristics()
        self.mana_values = {oid: layers.objs[oid].mana_value for oid in state.battlefield if oid in layers.objs}
        # 702.73a: the creatures that are every creature type (changeling), after the layers
        self.every_type = {oid for oid in state.battlefield if oid in layers.objs and layers.objs[oid].all_creature_types}
        # 702.25b, 702.86b, 702.45b, 702.91b, 702.23c, 702.83b: each flanking, annihilator, bushido, battle
        # cry, rampage, exalted or afflict (702.130b) instance triggers apart: (ability index, or 0 for one granted
        # by an effect)
        self.flanking, self.annihilator, self.bushido, self.battle_cry, self.rampage, self.exalted, self.afflict, \
            self.melee, self.myriad = (
                {oid: [a[0][2] if a[0][0] == "printed" else 0 for a in layers.objs[oid].abilities if a[3] == kw]
                 for oid in state.battlefield if oid in layers.objs}
                for kw in ("flanking", "annihilator", "bushido", "battle cry", "rampage", "exalted", "afflict", "melee",
                           "myriad"))
        # 613.1f: the triggered abilities effects grant each permanent (their vocabulary with them), numbered
        # after its printed abilities in the order (effect, index) -- the game file's ``ability: N``
        self.granted_triggered: dict[str, list[tuple[int, Any]]] = {}
        for oid in state.battlefield:
            if oid not in layers.objs:
                continue
            entries = layers.objs[oid].abilities
            printed = state.objects[oid].printed
            base = max([len(printed.abilities) if printed is not None else 0]
                       + [a[0][2] for a in entries if a[0][0] == "printed"])
            granted = sorted((a[0][1], a[0][2], a[4].ability) for a in entries
                             if a[0][0] == "granted" and getattr(a[4], "ability", None) is not None)
            self.granted_triggered[oid] = [(base + n, ab) for n, (_e, _k, ab) in enumerate(granted, 1)]
        self.players = list(state.player_names)
        self.active = state.active
        self.opponents = [p for p in self.players if p != self.active]
        combat = state.combat
        self.attackers: dict[str, str] = dict(combat.attackers) if combat is not None else {}
        self.blocking_now: set = set(combat.blockers) if combat is not None else set()
        # 702.22c, 702.22e: the attacking bands of the board, for the blocks (702.22h)
        self.bands: list[set] = [set(b) for b in combat.bands] if combat is not None else []

        # 508.1a-b: who may attack, and what.
        entered_attacking = set(combat.entered_attacking) if combat is not None else set()  # 508.4
        entered_blocking = set(combat.entered_blocking) if combat is not None else set()  # 509.4
        self.attack_candidates = [o for o in state.battlefield
                                  if self.is_creature(o) and self.chars[o]["controller"] == self.active
                                  and o not in entered_attacking]
        self.defenders = list(self.opponents)
        for o in state.battlefield:
            c = self.chars[o]
            if "planeswalker" in c["types"] and c["controller"] in self.opponents:
                self.defenders.append(o)
            elif "battle" in c["types"] and state.objects[o].choices.get("protector") in self.opponents:
                self.defenders.append(o)

        # 509.1a: the defending players, who may block, and what.
        self.defending = {self.defending_player(a) for a in self.attackers} - {None}
        self.block_candidates = [o for o in state.battlefield
                                 if self.is_creature(o) and self.chars[o]["controller"] in self.defending
                                 and o not in entered_blocking]

        self.rules = self._rules()
        self.attack_requirements = self._attack_requirements()
        self.block_requirements = self._block_requirements()
        self._attack_max = None
        self._block_max = None

    # --- characteristics -------------------------------------------------------------------------
    def is_creature(self, o) -> bool:
        return o in self.chars and "creature" in self.chars[o]["types"]

    def abilities(self, o) -> list:
        return self.chars[o]["abilities"] if o in self.chars else []

    def power(self, o):
        return self.chars[o]["power"] if o in self.chars else None

    def _power_vs(self, vs, attacker, blocker) -> bool:
        """named_power_vs_subject: the blocker's power less (greater) than the attacker's; a creature
        without power compares with none."""
        if vs is None:
            return True
        pa, pb = self.power(attacker), self.power(blocker)
        if pa is None or pb is None:
            return False
        return pb < pa if vs == "less" else pb > pa

    def player_of(self, d):
        """506.2: the defending player of an attack on d: d itself, the controller of the
        planeswalker, or the protector of the battle."""
        if d in self.players:
            return d
        if d not in self.chars:
            return None
        if "battle" in self.chars[d]["types"]:
            return self.state.objects[d].choices.get("protector")
        return self.chars[d]["controller"]

    def defending_player(self, attacker):
        """506.2: the player it attacks, or the controller of the planeswalker, or the protector of the battle."""
        d = self.attackers.get(attacker)
        if d is None:
            return None
        if d in self.players:
            return d
        if d not in self.chars:
            return None
        if "battle" in self.chars[d]["types"]:
            return self.state.objects[d].choices.get("protector")
        return self.chars[d]["controller"]

    def aims_at(self, d, defender, you) -> bool:
        """Does an attack on d count for a rule's `defender` (you / you_and_planeswalkers / any)?"""
        if defender in (None, "any"):
            return True
        if d == you:
            return True
        if defender == "you_and_planeswalkers":
            return d in self.chars and "planeswalker" in self.chars[d]["types"] and self.chars[d]["controller"] == you
        return False

    # --- selectors (engine.vocab.effects.Selector) on the characteristics after the layers ---------------
    def select(self, sel: Selector, source, you, targets, choices) -> set:
        chars = self.chars
        if sel.self_:
            base = {source} & set(chars)
        elif sel.attached:
            holder = self.state.objects.get(source) if source is not None else None
            base = {holder.attached_to} & set(chars) if holder is not None else set()
        elif sel.targets:
            base = set(targets) & set(chars)
        elif sel.any_of:
            base = set()
            for s in sel.any_of:
                base |= self.select(s, source, you, targets, choices)
        elif sel.exiled_with:  # (cards in exile never take part in combat)
            base = set(choices.get("exiled") or ()) & set(chars)
        elif sel.zone in ("battlefield", "anywhere"):
            base = set(chars)
        else:
            base = set()  # only battlefield objects take part in combat
        out = set()
        for o in base:
            c = chars[o]
            if any(t.lower() not in c["types"] for t in sel.types):
                continue
            if sel.any_types and not any(t.lower() in c["types"] for t in sel.any_types):
                continue
            if any(t.lower() in c["types"] for t in sel.not_types):
                continue
            def has(s, o=o, c=c):  # a subtype, or a creature type of a creature that is every creature type
                return s in c["subtypes"] or (o in self.every_type and "creature" in c["types"] and is_creature_type(s))
            if sel.subtypes and not any(has(s) for s in sel.subtypes):
                continue
            if any(has(s) for s in sel.not_subtypes):
                continue
            if any(t.lower() not in c["supertypes"] for t in sel.supertypes):
                continue
            if any(t.lower() in c["supertypes"] for t in sel.not_supertypes):
                continue
            if sel.colors and not any(x in c["colors"] for x in sel.colors):
                continue
            if any(x in c["colors"] for x in sel.not_colors):
                continue
            if sel.chosen_color and choices.get("color") not in c["colors"]:
                continue
            if sel.chosen_creature_type and not ("creature_type" in choices and (
                    has(choices["creature_type"]))):
                continue
            if any(not has_keyword(c["abilities"], k) for k in sel.keywords):
                continue
            if any(has_keyword(c["abilities"], k) for k in sel.not_keywords):
                continue
            if sel.controller == "you" and c["controller"] != you:
                continue
            if sel.controller == "opponent" and (c["controller"] is None or c["controller"] == you):
                continue
            if sel.owner == "you" and c["owner"] != you:
                continue
            if sel.owner == "opponent" and c["owner"] == you:
                continue
            if sel.other and o == source:
                continue
            if sel.token is not None and (self.state.objects[o].kind == "token") != sel.token:
                continue
            if sel.commander and not self.state.objects[o].commander:
                continue  # 903.3: not a commander
            if sel.face_down and not self.state.objects[o].face_down:
                continue  # 708.2: not a face-down permanent
            counters = self.state.objects[o].counters
            if sel.counter is not None and not (sum(counters.values()) if sel.counter == "any" else counters.get(sel.counter)):
                continue
            if sel.mana_value is not None and (self.mana_values.get(o, 0) % 2 == 0) != (sel.mana_value == "even"):
                continue
            if sel.attacking is not None and (o in self.attackers) != sel.attacking:
                continue
            if sel.blocking is not None and (o in self.blocking_now) != sel.blocking:
                continue
            out.add(o)
        return out

    # --- the rules in force ------------------------------------------------------------------------
    def _rule(self, spec: CombatRule, source, you, targets, choices, default) -> Rule:
        subjects = default if spec.subjects is None else self.select(spec.subjects, source, you, targets, choices)
        if spec.power_at_least is not None:
            subjects = {s for s in subjects if self.power(s) is not None and self.power(s) >= spec.power_at_least}
        attackers = self.select(spec.attackers, source, you, targets, choices) if spec.attackers is not None else None
        blockers = self.select(spec.blockers, source, you, targets, choices) if spec.blockers is not None else None
        # named_power_at_most / at_least: only the named attackers or blockers with that power
        lo, hi = spec.named_power_at_least, spec.named_power_at_most
        if lo is not None or hi is not None:
            def within(o):
                p = self.power(o)
                return p is not None and (lo is None or p >= lo) and (hi is None or p <= hi)
            attackers = {o for o in attackers if within(o)} if attackers is not None else None
            blockers = {o for o in blockers if within(o)} if blockers is not None else None
        has = (frozenset(o for o in self.select(spec.defender_controls, source, you, targets, choices)
                         if o in self.state.battlefield) if spec.defender_controls is not None else None)
        named = (choices or {}).get("player") if spec.rule == "attacks_player" else None
        return Rule(spec, source, you, frozenset(subjects),
                    frozenset(attackers) if attackers is not None else None,
                    frozenset(blockers) if blockers is not None else None, has,
                    named if named in self.state.player_names else None)

    def _rules(self) -> list[Rule]:
        out = []
        # (1) The abilities of the permanents, while the permanent still has them after the layers.
        for p in self.state.battlefield:
            obj = self.state.objects[p]
            if obj.printed is None:
                continue
            for ab in obj.printed.abilities:
                if not getattr(ab, "combat", None) or ab.kind not in IN_FORCE_KINDS and ab.kind != "keyword":
                    continue  # (a keyword that is a restriction: 702.98a unleash, "can't block as long as ...")
                shown = keyword_words(ab.keyword, ab.n, ab.cost, ab.quality) if ab.kind == "keyword" else ab.display()
                if shown not in self.chars[p]["abilities"]:  # (a keyword as the layers list it: "unleash")
                    continue
                you = self.chars[p]["controller"]
                for spec in ab.combat:
                    out.append(self._rule(spec, p, you, (), obj.choices, {p}))
        # (2) The effects of resolved spells and abilities: in force as long as they are on the board.
        for e in self.state.effects:
            for spec in getattr(e.ability, "combat", None) or ():
                default = set(e.targets) & set(self.chars)
                out.append(self._rule(spec, e.source, e.controller, e.targets, e.choices, default))
        return out

    def rules_named(self, *names) -> list[Rule]:
        return [r for r in self.rules if r.name in names]

    # --- attack side (508.1) -----------------------------------------------------------------------
    def _attack_requirements(self) -> list[tuple]:
        """Requirement instances: (rule name, subject or None, you)."""
        out = []
        cands = set(self.attack_candidates)
        for r in self.rules_named("attacks_each_combat", "attacks_defender", "attacks_not_defender",
                                  "attacks_if_another_attacks"):
            for s in sorted(r.subjects & cands):
                out.append((r.name, s, r.you))
        for r in self.rules_named("attack_you_with_one"):
            if r.you in self.opponents:
                out.append((r.name, None, r.you))
        for r in self.rules_named("attacks_player"):  # 508.1d: the player the resolved effect names (702.141a)
            if r.player is not None:
                out += [(r.name, s, r.player) for s in sorted(r.subjects & cands)]
        return out

    def attack_under_cost(self, c, d) -> bool:
        return any(c in r.subjects and self.aims_at(d, r.spec.defender, r.you) for r in self.rules_named("attack_cost"))

    def band_violations(self, attacks: dict[str, str], bands) -> set[tuple]:
        """702.22c: bands of attacking creatures, one band each, one or more with banding and at most
        one without; 702.22d: a band attacks one player, planeswalker or battle."""
        v: set[tuple] = set()
        seen: dict[str, int] = {}
        for i, band in enumerate(bands):
            members = sorted(set(band))
            for c in members:
                if c not in attacks:
                    v.add(("band_not_attacking", c))
                if c in seen:
                    v.add(("band_twice", c))
                seen[c] = i
            lacking = [c for c in members if not has_keyword(self.abilities(c), "banding")]
            if len(members) == 1 and lacking:
                v.add(("band_needs_banding", members[0]))
            for x, y in itertools.combinations(lacking, 2):
                v.add(("band_without_banding", x, y))
            for x, y in itertools.combinations(members, 2):
                if x in attacks and y in attacks and attacks[x] != attacks[y]:
                    v.add(("band_split", x, y))
        return v

    def blocked_through_bands(self, decl: dict[str, list[str]]) -> dict[str, set]:
        """702.22h: blocker -> every attacker it blocks: those declared, and the other members of
        their bands."""
        out: dict[str, set] = {}
        for b, lst in decl.items():
            got = set(lst)
            for a in lst:
                for band in self.bands:
                    if a in band:
                        got |= band
            out[b] = got
        return out

    def attack_check(self, attacks: dict[str, str], pay: set[str], bands=()) -> tuple[set[tuple], int]:
        v: set[tuple] = self.band_violations(attacks, bands)
        n = len(attacks)
        # 508.1a-b, 302.6, 702.3b
        for c, d in attacks.items():
            if c not in self.attack_candidates:
                v.add(("not_attacker_candidate", c))
            if c not in self.chars:
                continue
            if self.state.objects[c].tapped:
                v.add(("tapped", c))
            if self.state.objects[c].summoning_sick and "haste" not in self.abilities(c):
                v.add(("summoning_sick", c))
            if "defender" in self.abilities(c):
                v.add(("defender", c))
            if d not in self.defenders:
                v.add(("bad_defender", c, d))
        # 508.1c: restrictions of the card rules
        for r in self.rules:
            name, spec = r.name, r.spec
            attacking = sorted(s for s in r.subjects if s in attacks)
            if name == "cant_attack":
                v.update((name, s) for s in attacking)
            elif name == "cant_attack_alone":
                v.update((name, s) for s in attacking if n < 2)
            elif name == "attacks_alone":
                v.update((name, s) for s in attacking if n > 1)
            elif name == "cant_attack_unless_others":
                v.update((name, s) for s in attacking if n - 1 < spec.n)
            elif name == "cant_attack_unless_greater_power":
                for s in attacking:
                    ps = self.power(s)
                    if not any(o != s and ps is not None and self.power(o) is not None and self.power(o) > ps
                               for o in attacks):
                        v.add((name, s))
            elif name == "max_attackers":
                if sum(1 for d in attacks.values() if self.aims_at(d, spec.defender, r.you)) > spec.n:
                    v.add((name,))
            elif name == "cant_attack_defender":
                v.update((name, s, attacks[s]) for s in attacking if self.aims_at(attacks[s], spec.defender, r.you))
            elif name == "cant_attack_unless_defender_controls":
                for s in attacking:
                    player = self.player_of(attacks[s])
                    if not any(self.chars[o]["controller"] == player for o in r.defender_controls):
                        v.add((name, s, attacks[s]))
        # 508.1g: costs
        for c, d in attacks.items():
            if self.attack_under_cost(c, d) and c not in pay:
                v.add(("cost_unpaid", c))
        for p in pay:
            if p not in attacks or not self.attack_under_cost(p, attacks[p]):
                v.add(("nothing_to_pay", p))
        # 508.1d: requirements obeyed
        obeyed = 0
        for name, s, you in self.attack_requirements:
            if name == "attacks_each_combat":
                obeyed += s in attacks
            elif name in ("attacks_defender", "attacks_player"):  # (attacks_player: ``you`` is the player named)
                obeyed += attacks.get(s) == you
            elif name == "attacks_not_defender":
                obeyed += attacks.get(s) in self.players and attacks.get(s) != you
            elif name == "attack_you_with_one":
                obeyed += any(self.aims_at(d, "you_and_planeswalkers", you) for d in attacks.values())
            elif name == "attacks_if_another_attacks":
                mine = self.chars[s]["controller"]
                others = [c for c in attacks if c != s and c in self.chars and self.chars[c]["controller"] == mine]
                obeyed += s in attacks or not others
        return v, obeyed

    def attack_declarations(self):
        """Every assignment of each candidate to no attack or one possible defender (508.1b)."""
        options = [[None] + list(self.defenders) for _ in self.attack_candidates]
        for choice in itertools.product(*options):
            yield {c: d for c, d in zip(self.attack_candidates, choice) if d is not None}

    def attack_max_obeyed(self) -> int:
        if self._attack_max is None:
            best = 0
            for attacks in self.attack_declarations():
                v, obeyed = self.attack_check(attacks, set())
                if not v:
                    best = max(best, obeyed)
            self._attack_max = best
        return self._attack_max

    def attack_legal(self) -> list[tuple[tuple[tuple[str, str], ...], tuple[str, ...]]]:
        best = self.attack_max_obeyed()
        out = []
        for attacks in self.attack_declarations():
            pay = {c for c, d in attacks.items() if self.attack_under_cost(c, d)}
            v, obeyed = self.attack_check(attacks, pay)
            if not v and obeyed >= best:
                out.append((tuple(sorted(attacks.items())), tuple(sorted(pay))))
        return sorted(out)

    # --- block side (509.1) ------------------------------------------------------------------------
    def _block_requirements(self) -> list[tuple]:
        """Requirement instances: (rule, blocker or None, attacker or None)."""
        out = []
        cands = set(self.block_candidates)
        for r in self.rules:
            if r.name in ("blocks_each_combat", "blocks_attacker"):
                for s in sorted(r.subjects & cands):
                    out.append((r, s, None))
            elif r.name in ("must_be_blocked", "must_be_blocked_by_exactly"):
                for a in sorted(r.subjects & set(self.attackers)):
                    out.append((r, None, a))
            elif r.name == "lure":
                for a in sorted(r.subjects & set(self.attackers)):
                    dp = self.defending_player(a)
                    for b in self.state.battlefield:
                        if dp is not None and self.is_creature(b) and self.chars[b]["controller"] == dp:
                            out.append((r, b, a))
        return out

    def block_capacity(self, b):
        """509.1a: how many attackers it may block (None: any number)."""
        if any(b in r.subjects for r in self.rules_named("blocks_any_number")):
            return None
        return 1 + sum(r.spec.n for r in self.rules_named("extra_blocks") if b in r.subjects)

    def may_block(self, b) -> list[str]:
        return [a for a in self.attackers if self.defending_player(a) == self.chars[b]["controller"]]

    def block_under_cost(self, b) -> bool:
        return any(b in r.subjects for r in self.rules_named("block_cost"))

    def keyword_violations(self, b, a) -> set[tuple]:
        """702: the evasion abilities of attacker a (and shadow of either) against blocker b."""
        v = set()
        ka, kb = self.abilities(a), self.abilities(b)
        cb = self.chars[b]
        if "flying" in ka and "flying" not in kb and "reach" not in kb:
            v.add(("flying", b, a))
        if ("shadow" in ka) != ("shadow" in kb):
            v.add(("shadow", b, a))
        if "horsemanship" in ka and "horsemanship" not in kb:
            v.add(("horsemanship", b, a))
        if "fear" in ka and "artifact" not in cb["types"] and "black" not in cb["colors"]:
            v.add(("fear", b, a))
        if "intimidate" in ka and "artifact" not in cb["types"] and not set(cb["colors"]) & set(self.chars[a]["colors"]):
            v.add(("intimidate", b, a))
        pa, pb = self.chars[a]["power"], cb["power"]  # 702.118b (EN): skulk, not by creatures with greater power
        if "skulk" in ka and pa is not None and pb is not None and pb > pa:
            v.add(("skulk", b, a))
        dp = self.defending_player(a)
        for w in ka:
            m = LANDWALK.match(w)
            if m and self.defending_player_has_land(dp, m.group(1).split(), m.group(2)):
                v.add(("landwalk", b, a))
            if w.startswith("protection from "):
                quality = w[len("protection from "):]
                # 702.16f: a color or card type the blocker has; 702.16j: everything
                if (quality in COLORS and quality in cb["colors"]) or quality == "everything" or (
                        PROTECTION_TYPES.get(quality) in cb["types"]):
                    v.add(("protection", b, a))
        return v

    def defending_player_has_land(self, player, qualifiers, land) -> bool:
        for o in self.state.battlefield:
            c = self.chars[o]
            if c["controller"] != player or "land" not in c["types"]:
                continue
            if land != "land" and land.capitalize() not in c["subtypes"]:
                continue
            if any(q != "nonbasic" and q not in c["supertypes"] for q in qualifiers):
                continue
            if "nonbasic" in qualifiers and "basic" in c["supertypes"]:
                continue
            return True
        return False

    def block_check(self, blocks: dict[str, list[str]], pay: set[str]) -> tuple[set[tuple], int]:
        v: set[tuple] = set()
        decl = {b: list(dict.fromkeys(lst)) for b, lst in blocks.items() if lst}  # a blocker with [] doesn't block
        n = len(decl)
        blockers_of = defaultdict(list)
        for b, lst in decl.items():
            for a in lst:
                blockers_of[a].append(b)
        # 509.1a, 702
        for b, lst in decl.items():
            if b not in self.block_candidates:
                v.add(("not_blocker_candidate", b))
            if b not in self.chars:
                continue
            if self.state.objects[b].tapped:
                v.add(("tapped", b))
            cap = self.block_capacity(b)
            if cap is not None and len(lst) > cap:
                v.add(("too_many_blocks", b))
            for a in lst:
                if a not in self.attackers:
                    v.add(("not_attacking", b, a))
                    continue
                if self.defending_player(a) != self.chars[b]["controller"]:
                    v.add(("wrong_defending_player", b, a))
                if a in self.chars:
                    v |= self.keyword_violations(b, a)
        for a in self.attackers:
            if "menace" in self.abilities(a) and len(blockers_of[a]) == 1:
                v.add(("menace", a))
        # 509.1b: restrictions of the card rules
        for r in self.rules:
            name, spec = r.name, r.spec
            blocking = sorted(s for s in r.subjects if s in decl)
            blocked = sorted(s for s in r.subjects if blockers_of.get(s))
            if name == "cant_block":
                v.update((name, s) for s in blocking)
            elif name == "cant_block_alone":
                v.update((name, s) for s in blocking if n < 2)
            elif name == "cant_block_unless_others":
                v.update((name, s) for s in blocking if n - 1 < spec.n)
            elif name == "cant_block_unless_greater_power":
                for s in blocking:
                    ps = self.power(s)
                    if not any(o != s and ps is not None and self.power(o) is not None and self.power(o) > ps
                               for o in decl):
                        v.add((name, s))
            elif name == "max_blockers":
                if n > spec.n:
                    v.add((name,))
            elif name == "blocks_only":
                v.update((name, s, a) for s in blocking for a in decl[s] if a not in r.attackers)
            elif name == "cant_be_blocked":
                v.update((name, s) for s in blocked)
            elif name == "min_blockers":
                v.update((name, s) for s in blocked if len(blockers_of[s]) < spec.n)
            elif name == "max_blockers_each":
                v.update((name, s) for s in blocked if len(blockers_of[s]) > spec.n)
            elif name == "cant_be_blocked_by":
                v.update((name, s, b) for s in blocked for b in blockers_of[s] if b in r.blockers
                         and self._power_vs(r.spec.named_power_vs_subject, s, b))
            elif name == "blocked_only_by_all":
                for s in blocked:
                    dp = self.defending_player(s)
                    everyone = {o for o in self.state.battlefield
                                if self.is_creature(o) and self.chars[o]["controller"] == dp}
                    if not everyone <= set(blockers_of[s]):
                        v.add((name, s))
        # 509.1d: costs
        for b in decl:
            if self.block_under_cost(b) and b not in pay:
                v.add(("cost_unpaid", b))
        for p in pay:
            if p not in decl or not self.block_under_cost(p):
                v.add(("nothing_to_pay", p))
        # 509.1c: requirements obeyed, on every block the declaration makes (702.22h: with the bands)
        blocked = self.blocked_through_bands(decl)
        all_blockers: dict[str, list] = defaultdict(list)
        for x, lst in blocked.items():
            for y in lst:
                all_blockers[y].append(x)
        obeyed = 0
        for r, b, a in self.block_requirements:
            if r.name == "blocks_each_combat":
                obeyed += b in decl
            elif r.name == "blocks_attacker":
                obeyed += any(x in self.attackers and x in r.attackers for x in blocked.get(b, ()))
            elif r.name == "must_be_blocked":
                obeyed += any(r.blockers is None or x in r.blockers for x in all_blockers.get(a, ()))
            elif r.name == "must_be_blocked_by_exactly":
                obeyed += len(all_blockers.get(a, ())) == r.spec.n
            elif r.name == "lure":
                obeyed += a in blocked.get(b, ())
        return v, obeyed

    def block_declarations(self):
        """Every assignment of each candidate to no block or a set of attackers it may block (509.1a),
        no more of them than it may block (more is always too_many_blocks)."""
        options = []
        for b in self.block_candidates:
            targets = self.may_block(b)
            cap = self.block_capacity(b)
            most = len(targets) if cap is None else min(cap, len(targets))
            options.append([combo for k in range(most + 1) for combo in itertools.combinations(targets, k)])
        for choice in itertools.product(*options):
            yield {b: list(combo) for b, combo in zip(self.block_candidates, choice) if combo}

    def block_max_obeyed(self) -> int:
        if self._block_max is None:
            best = 0
            for blocks in self.block_declarations():
                v, obeyed = self.block_check(blocks, set())
                if not v:
                    best = max(best, obeyed)
            self._block_max = best
        return self._block_max

    def block_legal(self) -> list[tuple[tuple[tuple[str, str], ...], tuple[str, ...]]]:
        best = self.block_max_obeyed()
        out = []
        for blocks in self.block_declarations():
            pay = {b for b in blocks if self.block_under_cost(b)}
            v, obeyed = self.block_check(blocks, pay)
            if not v and obeyed >= best:
                pairs = tuple(sorted((b, a) for b, lst in blocks.items() for a in lst))
                out.append((pairs, tuple(sorted(pay))))
        return sorted(out)


# --- abilities that trigger on the declaration (508.2a, 509.3a-d, 509.3f-g) -------------------
# Written apart from the declaration checks: each trigger's condition, read on the characteristics at
# the declaration, creature by creature.

def _triggers_in_force(oracle: CombatOracle):
    for p in oracle.state.battlefield:
        obj = oracle.state.objects[p]
        if obj.printed is None:
            continue
        # (a keyword defined as a triggered ability, frenzy 702.68a, mentor 702.134a: as that ability)
        # (a keyword is in force as its words, 'mentor', the layers' name of it)
        in_force = [(i, (getattr(ab, "means", None) or ab) if ab.kind == "keyword" else ab)
                    for i, ab in enumerate(obj.printed.abilities, 1)
                    if (ab.words() if ab.kind == "keyword" else ab.display()) in oracle.chars[p]["abilities"]]
        for i, ab in in_force + oracle.granted_triggered.get(p, []):
            trig = getattr(ab, "trigger", None)
            # a combat trigger, or an event trigger whose second event is an attack ("enters or attacks", 603.2)
            if not (isinstance(trig, CombatTrigger) or getattr(trig, "or_event", None) == "attacks"):
                continue
            you = oracle.chars[p]["controller"]
            subjects = {p} if trig.subjects is None else oracle.select(trig.subjects, p, you, (), obj.choices)
            by = None if getattr(trig, "by", None) is None else oracle.select(trig.by, p, you, (), obj.choices)
            # one ability on two events (603.2: "attacks or blocks"): each event checked as its own
            for event in (trig.event, getattr(trig, "or_event", None)):
                if event is not None:
                    yield p, i, trig, subjects, by, event


def attack_triggers(oracle: CombatOracle, attacks: dict[str, str]) -> set[tuple]:
    """(source, ability index, creature) for each trigger; (source, index) for a 'one or more' trigger."""
    out: set[tuple] = set()
    for p, i, trig, subjects, _by, event in _triggers_in_force(oracle):
        if event != "attacks":
            continue
        hit = sorted(s for s in subjects if s in attacks)
        if getattr(trig, "alone", False) and len(attacks) != 1:
            continue  # 506.5: the only creature declared as an attacker
        if getattr(trig, "with_greater_power", False):  # 702.149a: another attacker with greater power
            hit = [s for s in hit if any((oracle.chars[x].get("power") or 0) > (oracle.chars[s].get("power") or 0)
                                         for x in attacks if x != s)]
        if getattr(trig, "most_life", False):  # 702.105a: an attack on a player no player has more life than
            most = max(oracle.state.player(x).life for x in oracle.state.player_names)
            hit = [s for s in hit if attacks[s] in oracle.state.player_names and oracle.state.player(attacks[s]).life == most]
        if getattr(trig, "saddled", False):  # 702.171b: "attacks while saddled", saddled as it is declared
            hit = [s for s in hit if oracle.state.objects[s].saddled]
        if getattr(trig, "once", False):
            out |= {(p, i)} if len(hit) >= (getattr(trig, "at_least", None) or 1) else set()  # 508.2a: "N or more"
        else:
            out |= {(p, i, s) for s in hit}
    # 702.86a annihilator, 702.91a battle cry, 702.121a-b melee, 702.116a-b myriad (EN): "whenever this creature
    # attacks", per instance (myriad triggers in a two-player game too: it then creates no token)
    for keyword in (oracle.annihilator, oracle.battle_cry, oracle.melee, oracle.myriad):
        for a, instances in keyword.items():
            if a in attacks:
                out |= {(a, i, a) for i in instances}
    # 702.83a: exalted, "whenever a creature you control attacks alone, that creature gets +1/+1": per
    # instance, about the only attacker (506.5), for the permanents its controller controls
    if len(attacks) == 1:
        alone = next(iter(attacks))
        for p, instances in oracle.exalted.items():
            if oracle.chars[p]["controller"] == oracle.chars[alone]["controller"]:
                out |= {(p, i, alone) for i in instances}
    return out


def block_triggers(oracle: CombatOracle, blocks: dict[str, list[str]]) -> set[tuple]:
    """'blocks': per blocker; 'blocks a creature': per attacker it blocks (509.3b), as (blocker,
    attacker); 'becomes blocked': per attacker (509.3c); 'becomes blocked by a [quality] creature':
    per such blocker (509.3d), as (attacker, blocker)."""
    decl = {b: sorted(lst) for b, lst in oracle.blocked_through_bands(
        {b: lst for b, lst in blocks.items() if lst}).items()}  # 702.22h: a band is blocked as a whole
    out: set[tuple] = set()
    for p, i, trig, subjects, by, event in _triggers_in_force(oracle):
        if event == "blocks":
            hit: list = sorted((s,) for s in subjects if s in decl)
        elif event == "blocks_creature":  # 509.3b: once for each attacker it blocks, as (blocker, attacker)
            # ("blocks a creature with flying", "blocks or becomes blocked by a nonblack creature": only those attackers)
            hit = sorted((s, a) for s in subjects if s in decl for a in decl[s] if a in oracle.attackers
                         and (by is None or a in by))
        elif event == "becomes_blocked":
            pairs = {(a, b) for b, lst in decl.items() for a in lst if a in subjects and a in oracle.attackers}
            hit = sorted({(a,) for a, _ in pairs}) if by is None else sorted(pr for pr in pairs if pr[1] in by)
        elif event == "unblocked":  # 509.3g: attacks and isn't blocked (a player, if it says so)
            blocked = {a for lst in decl.values() for a in lst}
            hit = sorted((a,) for a in subjects if a in oracle.attackers and a not in blocked
                         and (not trig.attacking_a_player or oracle.attackers[a] in oracle.players))
        else:
            continue
        if trig.once:
            out |= {(p, i)} if hit else set()
        else:
            out |= {(p, i, *h) for h in hit}
    # 702.25a: flanking, "whenever a creature without flanking blocks this creature", per instance and blocker
    for a, instances in oracle.flanking.items():
        for i in instances:
            out |= {(a, i, a, b) for b, lst in decl.items() if a in lst
                    and "flanking" not in oracle.chars.get(b, {}).get("abilities", ())}
    # 702.45a (EN, current official rules): bushido N, "whenever this creature blocks or becomes blocked",
    # per instance: a blocker that blocks, an attacker that some blocker blocks
    blocked = {a for lst in decl.values() for a in lst}
    for o, instances in oracle.bushido.items():
        if o in decl or (o in blocked and o in oracle.attackers):
            out |= {(o, i, o) for i in instances}
    # 702.23a rampage N, 702.130a afflict N (EN, current official rules): "whenever this creature becomes
    # blocked", per instance
    for a, instances in [*oracle.rampage.items(), *oracle.afflict.items()]:
        if a in blocked and a in oracle.attackers:
            out |= {(a, i, a) for i in instances}
    return out
