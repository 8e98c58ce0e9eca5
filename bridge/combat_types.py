"""The data of the attack and block tasks (508.1, 509.1): a declaration of attackers or blockers
(508.1a, 509.1a, with the costs it pays, 508.1g, 509.1d, and its bands, 702.22c), the problem built
from the board (the characteristics after the layers, the rules in force with their subjects), and the
answers: a verdict with its violations and the abilities that trigger (508.2a, 509.3), the best
declaration (508.1d, 509.1c: the most requirements obeyed), all legal declarations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .layers.result import LayersResult
from .protocols import GameState


@dataclass
class Declaration:
    """Attack: creature -> what it attacks. Block: blocker -> the attackers it blocks. Pay: the
    creatures whose attack or block cost is paid (508.1g, 509.1d). Bands: the attacking bands the
    attack declares (702.22c), each a sorted tuple of creatures."""

    side: str
    pairs: tuple[tuple[str, str], ...]
    pay: tuple[str, ...] = ()
    bands: tuple[tuple[str, ...], ...] = ()

    def canonical(self) -> "Declaration":
        bands = tuple(sorted(tuple(sorted(b)) for b in self.bands if b))
        return Declaration(self.side, tuple(sorted(set(self.pairs))), tuple(sorted(set(self.pay))), bands)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any]
        if self.side == "attack":
            d = {"attack": {c: t for c, t in self.pairs}}
        else:
            blocks: dict[str, list[str]] = {}
            for b, a in self.pairs:
                blocks.setdefault(b, []).append(a)
            d = {"block": {b: (v[0] if len(v) == 1 else sorted(v)) for b, v in sorted(blocks.items())}}
        if self.pay:
            d["pay"] = list(self.pay)
        if self.bands:
            d["bands"] = [list(b) for b in self.bands]
        return d


@dataclass
class Violation:
    code: str
    rule: str
    objects: tuple[str, ...]
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "objects": list(self.objects), "message": self.message}


@dataclass
class Trigger:
    """An ability that triggers on this declaration (508.2a, 509.3)."""

    source: str
    ability: int  # 1-based index among the source's abilities
    text: str
    objects: tuple[str, ...]  # the creature(s) the event is about; () when it triggers once
    # the keyword ability that triggers: the card's (engine.vocab.cardfile.KeywordAbility; ``ability`` is its
    # index among the abilities of the card that prints it, a copied card's for a copy, 707.2), or the
    # ability an effect granted (engine.vocab.effects.GrantedKeyword; ``ability`` 0)
    model: Any = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "ability": self.ability, "text": self.text, "objects": list(self.objects)}


@dataclass
class Verdict:
    legal: bool
    obeyed: int
    max_obeyed: int
    violations: list[Violation]
    better: Declaration | None
    timed_out: bool = False
    triggers: list[Trigger] = field(default_factory=list)  # for a legal declaration
    # (blocker, attacker): blocks that the declaration makes through an attacking band (702.22h)
    band_blocks: list[tuple[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = {"legal": self.legal, "obeyed": self.obeyed, "max_obeyed": self.max_obeyed,
             "violations": [v.to_dict() for v in self.violations],
             "better": self.better.to_dict() if self.better is not None else None,
             "triggers": [t.to_dict() for t in self.triggers]}
        if self.band_blocks:
            d["band_blocks"] = [{"blocker": b, "attacker": a, "rule": "702.22h"} for b, a in self.band_blocks]
        return d


@dataclass
class Best:
    max_obeyed: int
    example: Declaration | None  # None when the solver hit the time limit
    proven: bool
    timed_out: bool = False
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    obeyed: frozenset = frozenset()  # the requirements the example obeys, as (rule id, what)
    by_bound: bool = False  # proven by the relaxation's bound (bridge/combat_bound.py), not by the optimization


@dataclass
class AllLegal:
    max_obeyed: int
    declarations: list[Declaration]
    complete: bool  # False: stopped at the limit
    timed_out: bool = False


@dataclass
class CombatProblem:
    state: GameState
    layers: LayersResult
    facts: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # object id -> name, for messages
    rule_text: dict[str, tuple[str, str]] = field(default_factory=dict)  # rule id -> (rule name, source id)
    # trigger id -> (source, index, text, the keyword ability: Trigger.model)
    trigger_text: dict[str, tuple[str, int, str, Any]] = field(default_factory=dict)
    rule_numbers: dict[str, str] = field(default_factory=dict)  # rule name -> its number (engine/vocab/combat.py)
    # the rules or triggers have selectors: the shared selector program (asp_rules/selectors.lp) is grounded with the
    # combat program (bridge/combat.py program())
    selectors: bool = False
    # side -> the relaxation's bound and the pairs of one of its optimal solutions (bridge/combat.py)
    bounds: dict[str, tuple[int, list] | None] = field(default_factory=dict)
