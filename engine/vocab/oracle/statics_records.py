"""Family 2 of the Oracle grammar (issue 21): the transformer methods of statics_records.lark, static abilities whose
continuous effect (611.3a) exists only while the game loop's record of the turn says something: another creature
entered under its controller's control (400.7), the source attacked (508.1a), its controller sacrificed a permanent
(701.21a) or cast noncreature spells (601.2i) this turn, the source hasn't dealt damage yet (120.3). A mixin of
statics.py's transformer; each condition is {this_turn: W, at_least[, at_most]} (engine/vocab/selector.py Condition)."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS


# the phrases of statics_records.lark's templates that have a word of statics.py's _NEVER (taken out before that test)
RECORDS_ALLOWED = re.compile(r"(?<= as long as )it attacked this turn(?=\.$)|(?<= if )it hasn't dealt damage yet(?=\.$)|"
                             r"(?:^[Aa]s long as | as long as )(?:another creature entered|you had another creature "
                             r"enter) the battlefield under your control this turn(?=\.$|, )|"
                             r"(?:^[Aa]s long as | as long as )you sacrificed a permanent this turn(?=\.$|, )|"
                             r"(?:^[Aa]s long as | as long as )you've cast \w+ or more noncreature spells this turn(?=\.$|, )|"
                             r"the number of creatures that entered the battlefield under your control "
                             r"this turn(?=\.$)")


def instead_by_difference(reader, effect, other, condition) -> list[dict]:
    """611.3a, 613.4c: "[A]. It gets [B] instead as long as [condition]." where the condition has no negation in the
    vocabulary ("an opponent has eight or more cards in their graveyard": one opponent's; its negation is every
    opponent's): A always, and B - A as long as the condition holds. Both changes are layer 7c's, added up whatever
    their order: A while the condition doesn't hold, B while it does, as printed. Only for A and B fixed numbers, each
    the one change of power and toughness of its effect."""
    first, second = effect[1], other[1]
    if len(first) != 1 or len(second) != 1 or first[0].get("op") != "modify_pt" \
            or any(not isinstance(op.get(k, 0), int) for op in (first[0], second[0]) for k in ("power", "toughness")):
        raise NotRead("'instead' of a change that isn't one fixed power and toughness change")
    diff = {k: second[0].get(k, 0) - first[0].get(k, 0) for k in ("power", "toughness")}
    if not any(diff.values()):
        raise NotRead("'instead' of the same change")
    return [reader._ability(effect), reader._ability((other[0], [{"op": "modify_pt", **{k: v for k, v in diff.items() if v}}]),
                                                     condition, it=effect[0])]


class StaticsRecords:
    """statics_records.lark's tree -> the parts of a static ability (statics.py's _Statics)."""

    def _of_source(self, effect, what: str, **bounds) -> dict:
        """The ability of the effect under a condition on the source ("it"), the effect's subject (the source only)."""
        if effect[0] != {"self": True}:
            raise NotRead("'it' of an object other than the source")
        ability = self._ability(effect, {"this_turn": what, **bounds})
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a rule of another kind under a condition")
        return ability

    def st_rec_if_attacked(self, children):
        """508.1a: "~ has indestructible as long as it attacked this turn"."""
        return self._of_source(children[0], "source_attacked", at_least=1)

    def st_rec_if_no_damage_yet(self, children):
        """120.3, 400.7: "~ has hexproof if it hasn't dealt damage yet" (none since it became this object)."""
        return self._of_source(children[0], "source_dealt_damage", at_least=0, at_most=0)

    def st_rec_if_two_effects(self, children):
        """611.3a: "As long as [condition], [effect] and [effect].": each effect under the condition (two subjects)."""
        (condition, it), first, second = children
        if it is not None or _IT in (first[0], second[0]) or first[0] == second[0]:
            raise NotRead("'it', or one subject twice (read as one effect)")
        out = [self._ability(first, dict(condition)), self._ability(second, dict(condition))]
        if any(set(a) != {"kind", "continuous"} for a in out):
            raise NotRead("a rule of another kind under a condition")
        return out

    def st_rec_other_entered(self, _):
        """400.7: "another creature entered the battlefield under your control this turn" (one at least)."""
        return ({"this_turn": "other_creature_entered_yours", "at_least": 1}, None)

    def st_rec_sacrificed(self, _):
        """701.21a: "you sacrificed a permanent this turn" (one at least)."""
        return ({"this_turn": "you_sacrificed", "at_least": 1}, None)

    def st_rec_commander_creature_pw(self, _):
        """903.3: "you control a commander that's a creature or planeswalker" (one at least, of either card type)."""
        return ({"count": {"commander": True, "controller": "you", "any_types": ["Creature", "Planeswalker"]},
                 "at_least": 1}, None)

    def st_rec_noncreature_cast(self, children):
        """601.2i: "you've cast two or more noncreature spells this turn"."""
        return ({"this_turn": "noncreature_cast_yours", "at_least": _NUMWORDS[str(children[0])]}, None)
