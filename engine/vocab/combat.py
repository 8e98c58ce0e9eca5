"""The combat vocabulary of card files (508.1, 509.1): restrictions, requirements and costs on
attacking and blocking.

An ability that restricts, requires or taxes attacks or blocks carries ``combat:``, a list of
rules::

    - kind: requirement
      text: This creature attacks each combat if able.
      combat:
        - {rule: attacks_each_combat}

    - kind: combat_cost
      text: Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.
      combat:
        - {rule: attack_cost, subjects: {types: [Creature], controller: opponent}, defender: you, mana: "{2}"}

Each rule has ``subjects``: the creatures it is about (default: the source itself for an ability
of a permanent, the targets for the effect of a resolved spell or ability). "You" is the
controller of the ability's source, or of the resolved spell or ability. The selectors are
those of the continuous-effect vocabulary (:class:`engine.vocab.selector.Selector`), evaluated on the
characteristics after the layers. The keyword abilities that restrict blocks (flying, reach,
shadow, horsemanship, fear, intimidate, landwalk, protection, menace, defender, haste) need no
rule: the programs read them from the creatures' abilities.

The programs in ``asp_rules/attack.lp`` and ``asp_rules/block.lp`` and the oracle in
``tests/oracles/combat.py`` implement these rules; ``docs/combat.md`` documents them.
"""

from __future__ import annotations

from typing import ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Selector

# Each rule: (the rule number it stands on, what it says, the parameters it takes).
RULES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # 508.1c: attack restrictions
    "cant_attack": ("508.1c", "the subjects can't attack", ()),
    "cant_attack_alone": ("508.1c", "a subject can't attack unless another creature also attacks", ()),
    "attacks_alone": ("508.1c", "a subject can only attack alone", ()),
    "cant_attack_unless_others": ("508.1c", "a subject can't attack unless at least n other creatures attack", ("n",)),
    "cant_attack_unless_greater_power": ("508.1c", "a subject can't attack unless a creature with greater power also attacks", ()),
    "max_attackers": ("508.1c", "no more than n creatures can attack (you, with defender: you) each combat", ("n", "defender?")),
    "cant_attack_defender": ("508.1c", "the subjects can't attack you (or your planeswalkers, with defender: you_and_planeswalkers)", ("defender",)),
    "cant_attack_unless_defender_controls": ("508.1c", "a subject can't attack a player, or a planeswalker or battle of a player, who controls no permanent that matches `defender_controls`", ("defender_controls",)),
    # 509.1b: block restrictions on the blocker
    "cant_block": ("509.1b", "the subjects can't block", ()),
    "cant_block_alone": ("509.1b", "a subject can't block unless another creature also blocks", ()),
    "cant_block_unless_others": ("509.1b", "a subject can't block unless at least n other creatures block", ("n",)),
    "cant_block_unless_greater_power": ("509.1b", "a subject can't block unless a creature with greater power also blocks", ()),
    "max_blockers": ("509.1b", "no more than n creatures can block each combat", ("n",)),
    "blocks_only": ("509.1b", "a subject can block only attackers that match `attackers`", ("attackers",)),
    "extra_blocks": ("509.1a", "a subject can block n additional creatures each combat", ("n",)),
    "blocks_any_number": ("509.1a", "a subject can block any number of creatures", ()),
    # 509.1b: block restrictions on the attacker (evasion)
    "cant_be_blocked": ("509.1b", "the subjects can't be blocked", ()),
    "min_blockers": ("509.1b", "a subject can't be blocked except by n or more creatures", ("n",)),
    "max_blockers_each": ("509.1b", "a subject can't be blocked by more than n creatures", ("n",)),
    "cant_be_blocked_by": ("509.1b", "a subject can't be blocked by creatures that match `blockers`", ("blockers",)),
    "blocked_only_by_all": ("509.1b", "a subject can't be blocked unless all creatures the defending player controls block it", ()),
    # 508.1d: attack requirements
    "attacks_each_combat": ("508.1d", "a subject attacks each combat if able", ()),
    "attacks_defender": ("508.1d", "a subject attacks you each combat if able", ()),
    "attacks_not_defender": ("508.1d", "a subject attacks a player other than you if able (goad, 701.15b)", ()),
    "attacks_if_another_attacks": ("508.1d", "if another creature its controller controls attacks, a subject also attacks if able (obeyed when none does)", ()),
    "attack_you_with_one": ("508.1d", "the active player, if an opponent, attacks you or a planeswalker you control with at least one creature if able", ()),
    "attacks_player": ("508.1d", "a subject attacks the player its resolved effect names (the effect's choice `player`: encore's opponent, 702.141a) if able", ()),
    # 509.1c: block requirements
    "blocks_each_combat": ("509.1c", "a subject blocks each combat if able", ()),
    "lure": ("509.1c", "all creatures able to block a subject do so (one requirement per creature)", ()),
    "must_be_blocked": ("509.1c", "a subject must be blocked if able (by a creature that matches `blockers`, when given)", ("blockers?",)),
    "must_be_blocked_by_exactly": ("509.1c", "an attacking subject must be blocked by exactly n creatures if able", ("n",)),
    "blocks_attacker": ("509.1c", "a subject blocks an attacker that matches `attackers` if able", ("attackers",)),
    # 508.1d, 508.1g-h, 509.1d: costs
    "attack_cost": ("508.1g", "a subject can't attack (you, or you and your planeswalkers, with defender) unless its controller pays `mana`", ("mana", "defender?")),
    "block_cost": ("509.1d", "a subject can't block unless its controller pays `mana`", ("mana",)),
}

RESTRICTIONS = {k for k, v in RULES.items() if v[0] in ("508.1c", "509.1b", "509.1a")}
REQUIREMENTS = {k for k, v in RULES.items() if v[0] in ("508.1d", "509.1c")}
COSTS = {"attack_cost", "block_cost"}


class CombatRule(BaseModel):
    """One restriction, requirement or cost on attacking or blocking (508.1, 509.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    RULE: ClassVar[str] = "508.1"

    rule: Literal[tuple(RULES)]  # type: ignore[valid-type]
    subjects: Optional[Selector] = Field(
        default=None,
        description="the creatures it is about; default: the source (an ability of a permanent) or the targets (a resolved spell or ability)",
    )
    power_at_least: Optional[int] = Field(default=None, description="only subjects with at least this power ('with power 4 or greater')")
    n: Optional[int] = Field(default=None, ge=0, description="the number the rule names")
    attackers: Optional[Selector] = Field(default=None, description="blocks_only, blocks_attacker: the attackers it names")
    blockers: Optional[Selector] = Field(default=None, description="cant_be_blocked_by, must_be_blocked: the blockers it names")
    named_power_at_most: Optional[int] = Field(
        default=None, description="only the attackers or blockers it names with at most this power ('can't be blocked by "
                                  "creatures with power 2 or less')")
    named_power_at_least: Optional[int] = Field(
        default=None, description="only the attackers or blockers it names with at least this power ('can't be blocked by "
                                  "creatures with power 3 or greater')")
    defender: Optional[Literal["you", "you_and_planeswalkers", "any"]] = Field(
        default=None, description="which attacks it is about: on you, on you or your planeswalkers, on anything (default: any)"
    )
    mana: Optional[str] = Field(default=None, description="attack_cost, block_cost: the mana to pay for each creature, e.g. '{2}'")
    named_power_vs_subject: Optional[Literal["less", "greater"]] = Field(
        default=None, description="cant_be_blocked_by: only the blockers it names whose power is less (greater) than "
                                  "the subject's ('Creatures with power less than this creature's power can't block it')")
    defender_controls: Optional[Selector] = Field(
        default=None, description="cant_attack_unless_defender_controls: the permanents the defending player must "
                                  "control ('unless defending player controls an Island': {subtypes: [Island]})")

    @model_validator(mode="after")
    def _parameters(self) -> "CombatRule":
        needed = RULES[self.rule][2]
        for p in ("n", "attackers", "blockers", "defender", "mana", "defender_controls"):
            value = getattr(self, p)
            if p in needed and value is None:
                raise ValueError(f"rule {self.rule} needs '{p}'")
            if value is not None and p not in needed and f"{p}?" not in needed:
                raise ValueError(f"rule {self.rule} takes no '{p}'")
        if (self.named_power_at_most is not None or self.named_power_at_least is not None) and (
                self.attackers is None and self.blockers is None):
            raise ValueError(f"rule {self.rule}: named_power_at_most/at_least narrow the attackers or blockers it names")
        if self.named_power_vs_subject is not None and self.rule != "cant_be_blocked_by":
            raise ValueError(f"rule {self.rule} takes no 'named_power_vs_subject' (cant_be_blocked_by only)")
        return self

    @property
    def number(self) -> str:
        return RULES[self.rule][0]


class CombatTrigger(BaseModel):
    """What makes a triggered ability trigger when attackers or blockers are declared (508.2a,
    509.3a-d, 509.3f-g): the event, checked on the characteristics at the declaration only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: Literal["attacks", "blocks", "blocks_creature", "becomes_blocked", "unblocked"] = Field(
        description="attacks (508.2a), blocks (509.3a: once per blocking subject), blocks_creature: 'blocks a "
                    "creature' (509.3b: once for each attacking creature the subject blocks), becomes_blocked "
                    "(509.3c-d), unblocked: 'attacks and isn't blocked' (509.3g, when blockers are declared)")
    subjects: Optional[Selector] = Field(
        default=None, description="the creatures whose attack, block or being blocked counts; default: the source")
    by: Optional[Selector] = Field(
        default=None, description="becomes_blocked (the event or or_event): only blocks by these ('becomes blocked by a white creature': "
                                  "once for each such blocker, 509.3d); without it, once per creature blocked (509.3c); "
                                  "blocks_creature: only the attackers it blocks that these match ('blocks a creature with "
                                  "flying', 509.3b; with or_event becomes_blocked, both events)")
    or_event: Optional[Literal["blocks", "becomes_blocked"]] = Field(
        default=None, description="the ability also triggers on this event of the same subjects: 'attacks or blocks' "
                                  "(attacks, or_event: blocks), 'blocks or becomes blocked' (blocks, or_event: "
                                  "becomes_blocked), 'blocks or becomes blocked by a creature' (blocks_creature, or_event: becomes_blocked, "
                                  "with 'by': once for each creature it blocks or that blocks it, 509.3b, 509.3d): one "
                                  "ability (603.2), whose subject never does both in a combat")
    once: bool = Field(default=False, description="'one or more ... attack': triggers once, however many do")
    alone: bool = Field(default=False, description="attacks: 'attacks alone', only when the subject is the only "
                                                   "creature declared as an attacker (506.5)")
    attacking_a_player: bool = Field(default=False, description="unblocked: only if it attacks a player ('attacks a "
                                                                  "player and isn't blocked')")
    most_life: bool = Field(default=False, description="attacks: only when the subject attacks the player with the most "
                                                       "life or tied for most life (702.105a dethrone; not a planeswalker "
                                                       "or battle)")
    with_greater_power: bool = Field(default=False, description="attacks: only when another creature with greater power "
                                                                "attacks too (702.149a training: 'attacks with another "
                                                                "creature with greater power')")
    saddled: bool = Field(default=False, description="attacks: 'attacks while saddled', only when the subject is saddled "
                                                     "as it is declared as an attacker (702.171b)")
    at_least: Optional[int] = Field(default=None, ge=2, description="attacks with once: only when at least this many "
                                                                    "subjects are declared as attackers ('whenever you "
                                                                    "attack with three or more creatures', 508.2a)")

    others_at_least: Optional[int] = Field(default=None, ge=1, description="attacks: only when at least this many other "
                                                                          "creatures are declared as attackers with the "
                                                                          "subject ('Whenever this creature and at least "
                                                                          "two other creatures attack', battalion: 508.2a)")

    @model_validator(mode="after")
    def _by_only_for_blocked(self) -> "CombatTrigger":
        if self.others_at_least is not None and (self.event != "attacks" or self.once or self.alone or self.most_life
                                                 or self.with_greater_power or self.saddled or self.or_event is not None):
            raise ValueError("'others_at_least' belongs to the attacks event alone (508.2a), without 'once', 'alone', "
                             "'most_life', 'with_greater_power', 'saddled' or 'or_event'")
        if self.at_least is not None and (self.event != "attacks" or not self.once or self.or_event is not None):
            raise ValueError("'at_least' belongs to the attacks event with 'once' ('attack with N or more creatures')")
        if self.saddled and (self.event != "attacks" or self.once or self.alone or self.most_life or self.or_event):
            raise ValueError("'saddled' belongs to the attacks event alone (702.171b), without 'once', 'alone', "
                             "'most_life' or 'or_event'")
        if self.by is not None and "becomes_blocked" not in (self.event, self.or_event) and self.event != "blocks_creature":
            raise ValueError("'by' belongs to the becomes_blocked and blocks_creature events")
        if self.alone and (self.event != "attacks" or self.once):
            raise ValueError("'alone' belongs to the attacks event ('attacks alone', 506.5), without 'once'")
        if self.most_life and (self.event != "attacks" or self.once or self.alone or self.or_event is not None):
            raise ValueError("'most_life' belongs to the attacks event alone (702.105a), without 'once' or 'alone'")
        if self.with_greater_power and (self.event != "attacks" or self.once or self.alone or self.most_life
                                        or self.or_event is not None):
            raise ValueError("'with_greater_power' belongs to the attacks event alone (702.149a), without 'once', "
                             "'alone' or 'most_life'")
        if self.or_event is not None and (self.event, self.or_event) not in (
                ("attacks", "blocks"), ("blocks", "becomes_blocked"), ("blocks_creature", "becomes_blocked")):
            raise ValueError("'or_event': 'attacks or blocks' (attacks, blocks), 'blocks or becomes blocked' (blocks, "
                             "becomes_blocked) or 'blocks or becomes blocked by a creature' (blocks_creature, "
                             "becomes_blocked, with 'by')")
        if (self.event, self.or_event) == ("blocks_creature", "becomes_blocked") and self.by is None:
            raise ValueError("'blocks or becomes blocked by a creature' (509.3b, 509.3d): 'by' names the blockers")
        return self
