"""Keyword abilities that stand for an activated ability with a cost (602.1): equip (702.6a), outlast
(702.107a), embalm (702.128a), as the game loop activates them and puts them on the stack."""

from __future__ import annotations

from engine.vocab.oneshot import PutCounters, TargetSpec


class KeywordActivated:
    """An activated ability a keyword stands for (602.1), as the loop activates it: its cost, what it
    does, and the text it is shown by ("Equip {3}")."""

    kind = "activated"
    keyword = ""
    mana = False
    one_shot = continuous = replacement = None
    effect = ""
    targets: list = []

    def __init__(self, cost: str):
        self.cost = self.keyword_cost = cost

    def display(self) -> str:
        return f"{self.keyword.capitalize()} {self.keyword_cost}"


class EquipAbility(KeywordActivated):
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery." """

    keyword = "equip"
    effect = "Attach this permanent to target creature you control. Activate only as a sorcery."
    targets = [TargetSpec(what="creature", controller="you")]


class EmbalmAbility(KeywordActivated):
    """702.128a: the ability embalm stands for, on the stack (its source exiled as the cost was paid)."""

    keyword = "embalm"


class OutlastAbility(KeywordActivated):
    """702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this creature. Activate
    only as a sorcery." """

    keyword = "outlast"
    effect = "Put a +1/+1 counter on this creature. Activate only as a sorcery."
    one_shot = [PutCounters(op="counters", kind="+1/+1", amount=1, to="self")]

    def __init__(self, cost: str):
        super().__init__(cost)
        self.cost = cost + ", {T}"
