"""Family 2 of the Oracle grammar (issue 21, round 21): the transformer methods of statics_self.lark, static abilities
about their own object in shapes statics.lark doesn't read: several predicates each under its own condition in one
sentence (Tek, Tribal Golem), an effect and sentences "As long as [condition], it [predicate]." (Tenza, Godo's Maul),
"[effect] if it's a token." (Aeve, Progenitor Ooze), and conditions on counters and on a graveyard's size. A mixin of
statics.py's transformer; every ability is {kind: static, continuous: {if, applies_to, do}} (611.3a)."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS, _base

# the phrases of statics_self.lark's templates that have a word of statics.py's _NEVER (taken out before that test)
SELF_ALLOWED = re.compile(r"^~ isn't legendary if it's a token\.$|"
                          r"(?<= for each )opponent whose life total is less than half their starting life total(?=\.$)|"
                          r"(?<=\. )As long as you have the city's blessing(?=, they )|"
                          r"(?:^[Aa]s long as | as long as )you've (?:cast an instant or sorcery spell|committed a crime) "
                          r"this turn(?=\.$|, )|"
                          r"^As long as there are fewer than \w+ cards in your graveyard, ~ isn't a creature\.$")


def _pt(token) -> tuple[int, int]:
    """"+3/+3", "5/5" -> (3, 3), (5, 5) (statics.py's reading of the same tokens; statics imports this module)."""
    p, t = str(token).split("/")
    return int(p), int(t)


class StaticsSelf:
    """statics_self.lark's tree -> the parts of a static ability (statics.py's _Statics)."""

    def _conditional(self, effect, condition) -> dict:
        """One ability of the effect under the condition; a continuous effect only (611.3a)."""
        ability = self._ability(effect, dict(condition))
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a rule of another kind under a condition")
        return ability

    def ss_pred_if(self, children):
        return (children[0], children[1])

    def ss_grant_if(self, children):
        return ([{"op": "add_abilities", "abilities": self.st_grant([children[0]])}], children[1])

    def ss_each_if(self, children):
        """611.3a: "[subject] [predicate] as long as [condition], ..., and [predicate] as long as [condition].": one
        ability for each predicate, under its own condition."""
        subject, *parts = children
        if subject is _IT:
            raise NotRead("'it' names nothing")
        out = []
        for ops, (condition, it) in parts:
            if it is _IT or it is not None and it != _base(subject):
                raise NotRead("a condition on an object other than the subject")
            out.append(self._conditional((subject, self.other_abilities(ops)), condition))
        return out

    def ss_grants_each_if(self, children):
        """613.1f, 611.3a: "[subject] has [grant] as long as [condition], [grant] as long as [condition], ...": the
        same, each grant its own ability."""
        subject, _, *parts = children
        return self.ss_each_if([subject, *parts])

    def ss_then_if(self, children):
        return (children[0], children[1])

    def ss_then_each_if(self, children):
        """611.3a: "[effect]. As long as [condition], it [predicate]. ...": the first effect always, each later one
        under its condition; "it" (the later subjects, and the conditions' objects) the first effect's subject."""
        first, *parts = children
        subject = first[0]
        if subject is _IT:
            raise NotRead("'it' names nothing")
        out = [self._ability(first)]
        for (condition, it), (later, ops) in parts:
            if later is not _IT or it is not None and it is not _IT and it != _base(subject):
                raise NotRead("a later sentence about another object than the first's")
            out.append(self._conditional((subject, ops), condition))
        if any(set(a) != {"kind", "continuous"} for a in out):
            raise NotRead("a rule of another kind beside the effects")
        return out

    def ss_kw_tail(self, children):
        return [k for c in children for k in c]

    def ss_if_base_pt_kws(self, children):
        """613.4b, 613.1f, 611.3a: "As long as [condition on it], it has base power and toughness N/M and [keywords]"."""
        (condition, it), nn, keywords = children
        if it is None or it is _IT:
            raise NotRead("'it' names nothing")
        p, t = _pt(nn)
        return self._conditional((_base(it), [{"op": "set_base_pt", "power": p, "toughness": t},
                                              {"op": "add_abilities", "abilities": keywords}]), condition)

    def ss_if_its_add_kind_kws(self, children):
        """205.1b, 613.1f, 611.3a: "As long as [condition on it], it's [a kind] in addition to its other types and it has
        [keywords]"."""
        (condition, it), _, kind, keywords = children
        if it is None or it is _IT:
            raise NotRead("'it' names nothing")
        ops = self._add_kind(kind, add_colors=False) + [{"op": "add_abilities", "abilities": keywords}]
        return self._conditional((_base(it), ops), condition)

    def ss_then_they_also(self, children):
        """611.3a: "[group effect]. As long as [condition], they also [predicate].": the first effect always, the second
        on the same group under the condition (no "it" in the condition)."""
        first, (condition, it), ops = children
        if first[0] is _IT or it is not None or set(first[0]) & {"self", "attached"}:
            raise NotRead("'they' of one object, or a condition on an object")
        out = [self._ability(first), self._conditional((first[0], ops), condition)]
        if set(out[0]) != {"kind", "continuous"}:
            raise NotRead("a rule of another kind beside the effects")
        return out

    def ss_if_its_kind(self, children):
        """611.3a, 205.1: "As long as [condition on it], it's [a kind].": the type change of statics' "is [a kind]" on
        the object the condition names (the source, or what it is attached to)."""
        (condition, it), kind = children
        if it is None or it is _IT:
            raise NotRead("'it' names nothing")
        return self._conditional((_base(it), self.st_become([None, kind])), condition)

    def ss_if_token(self, children):
        """111.1, 205.4a, 611.3a: "~ isn't legendary if it's a token.": the supertype removed while the source is a
        token."""
        subject, supertype = children[0], str(children[1]).capitalize()
        if subject != {"self": True}:
            raise NotRead("'it' of an object other than the source")
        return self._conditional((subject, [{"op": "remove_supertypes", "supertypes": [supertype]}]),
                                 {"count": {"self": True, "token": True}, "at_least": 1})

    # --- conditions: (the condition, what "it" stands for) ---
    def ss_cond_no_counters(self, children):
        """122.1: "[it] has no [kind] counters on it": none of that kind on it."""
        subject, kind = children[0], str(children[1])
        bounds = {"counters": kind, "at_least": 0, "at_most": 0}
        if subject is _IT:
            return ({"count": {}, **bounds}, _IT)
        base = _base(subject)
        return ({"count": base, **bounds}, base)

    def ss_cond_counters_among(self, children):
        """122.1: "there are N or more [kind] counters among [objects]": the counters on all of them, added up."""
        n, kind, objects = _NUMWORDS[str(children[0])], str(children[1]), children[2]
        if set(objects) & {"self", "attached"}:
            raise NotRead("'among' one object")
        return ({"count": objects, "counters": kind, "at_least": n}, None)

    def ss_cond_graveyard_fewer(self, children):
        """404.1: "there are fewer than N cards in your graveyard": at most N - 1 cards in its controller's graveyard."""
        n = _NUMWORDS[str(children[0])]
        return ({"count": {"zone": "graveyard", "owner": "you"}, "at_least": 0, "at_most": n - 1}, None)

    def ss_cond_instant_sorcery_cast(self, _):
        """601.2i: "you've cast an instant or sorcery spell this turn" (one at least; engine/game/turn_records.py)."""
        return ({"this_turn": "instant_sorcery_cast_yours", "at_least": 1}, None)

    def ss_cond_crime(self, _):
        """700.13 (the current official rules): "you've committed a crime this turn" (one at least)."""
        return ({"this_turn": "you_committed_crime", "at_least": 1}, None)

    def ss_per_opponent_below_half(self, children):
        """119.1, 103.4, 613.4c: "[subject] gets +N/+N for each opponent whose life total is less than half their
        starting life total": the opponents still in the game below (starting - 1) // 2 or less, counted."""
        subject, _, pt = children
        if subject is _IT:
            raise NotRead("'it' names nothing")
        p, t = _pt(pt)
        if not isinstance(p, int) or not isinstance(t, int):
            raise NotRead("an X change")
        value = {"player_number": "below_half_life", "player": "opponents"}
        return self._ability((subject, [{"op": "modify_pt", "power": {**value, "times": p} if p else 0,
                                          "toughness": {**value, "times": t} if t else 0}]))

    def ss_cond_its_controller_graveyard(self, children):
        """404.1: "its controller has N or more cards in their graveyard": "it" the object the source is attached to
        (statics_values._resolve makes the selector owned_by_attached_controller; another subject is not read)."""
        return ({"count": {"zone": "graveyard", "_its_controller": True}, "at_least": _NUMWORDS[str(children[0])]}, None)

    def _enchanted_by(self, subject, bounds: dict):
        """303.4: the Auras attached to the object (the source, or what it is attached to)."""
        base = _base(subject)
        return ({"count": {"_host_kinds": ["Aura"]}, **bounds}, base)

    def ss_cond_enchanted_exactly(self, children):
        """303.4: "[it] is enchanted by exactly N Aura(s)": at least and at most N Auras attached to it."""
        n = _NUMWORDS[str(children[1])]
        return self._enchanted_by(children[0], {"at_least": n, "at_most": n})

    def ss_cond_enchanted_at_least(self, children):
        """303.4: "[it] is enchanted by N or more Auras"."""
        return self._enchanted_by(children[0], {"at_least": _NUMWORDS[str(children[1])]})

    def ss_cond_modified_n(self, children):
        """700.9: "you control N or more modified [objects]"."""
        n, sel = _NUMWORDS[str(children[0])], children[-1]
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "modified", "controller"}:
            raise NotRead("'modified' of a single object, twice, or of another controller")
        return ({"count": {**sel, "modified": True, "controller": "you"}, "at_least": n}, None)
