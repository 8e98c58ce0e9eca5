"""Family 2 of the Oracle grammar (issue 21): the transformer methods of statics_situation.lark, static abilities whose
continuous effect (611.3a, 613) depends on the game's situation: the creatures in combat and the player they attack
(506.3, 508.1b) or block (509.1a), the keywords an object has (702), "gains" in a static ability (613.1f), nonbasic landwalk (702.14c).
A mixin of statics.py's transformer; each method returns the vocabulary statics.py's sentences build abilities from."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, is_attached
from engine.vocab.oracle.statics_values import _IT, _base

# 506.3, 508.1b: "attacking you", "attacking your opponents" / "one of your opponents": the player attacked
_SIT_NUMBERS = {"ten": 10, "twenty": 20}
_WHOM = {"you": "you", "your opponents": "opponent", "one of your opponents": "opponent"}


class StaticsSituation:
    """statics_situation.lark's tree -> the parts of a static ability (statics.py's _Statics)."""

    def st_situation(self, children):
        """A hook of statics.lark into statics_situation.lark: the part the extension read."""
        return children[0]

    def st_each_not_in_combat(self, children):
        """611.3a, 506.4: "Each untapped creature you control gets +0/+2 as long as it's not attacking.": "it" is each
        object of the group, the effect applies to those of them not attacking (blocking) at the time (the group's
        selector with attacking: false); a single object ("~ ... as long as it's not attacking") is not this."""
        subject, ops, word = children[0], children[1], str(children[2])
        if subject is _IT or not isinstance(subject, dict) or set(subject) & {"self", "attached", "any_of"} \
                or word in subject:
            raise NotRead("'as long as it's not attacking' of one object, or of a group already in combat")
        return self._ability(({**subject, word: False}, ops))

    def st_subject_attacking_player(self, children):
        """506.3, 508.1b: "Creatures attacking you", "Creatures attacking your opponents", "Each creature that's attacking
        one of your opponents": the attacking creatures that attack that player (not a planeswalker or a battle)."""
        head, whom = str(children[0]), str(children[1])
        if head.startswith("Each ") != whom.startswith("one of"):
            raise NotRead("'Each creature that's attacking' goes with 'one of your opponents'")
        return {"types": ["Creature"], "attacking": True, "attacking_player": _WHOM[whom]}

    def st_cond_has_keyword(self, children):
        """702: "as long as it has defender": the object (the source, or what it is attached to) has the keyword as the
        layers give it ({count: {self, keywords: [K]}, at_least: 1})."""
        subject, keyword = children[0], str(children[1])
        if subject is _IT:
            return ({"count": {"keywords": [keyword]}}, _IT)
        base = _base(subject)
        return ({"count": {**base, "keywords": [keyword]}, "at_least": 1}, base)

    def st_gains(self, children):
        """613.1f: "gains haste" in a static ability: the abilities it has as long as the effect exists (as "has")."""
        return [{"op": "add_abilities", "abilities": children[0]}]

    def st_nonbasic_landwalk(self, _):
        """702.14c: nonbasic landwalk (the land's quality: nonbasic, 205.4; bridge/combat.py's landwalk terms)."""
        return [{"keyword": "landwalk", "quality": "Nonbasic land"}]

    @staticmethod
    def _combat_host(sel) -> str:
        """509.1a: the object a block is with: the source ("this creature", self) or the object it is attached to
        ("equipped creature", attached)."""
        if sel == {"self": True}:
            return "self"
        if is_attached(sel):
            return "attached"
        raise NotRead("a block with an object other than the source or the one it is attached to")

    def st_subject_in_block_with(self, children):
        """509.1a: "Creatures blocking or blocked by this creature": the creatures in a block with it."""
        return {"types": ["Creature"], "combat_with": self._combat_host(children[0])}

    def _if_in_block(self, effect, count: dict, at_least: int) -> dict:
        """The ability of the effect under a condition on the creatures in a block with its subject ("it": the source,
        or the object it is attached to)."""
        subject = effect[0]
        if subject is _IT:
            raise NotRead("'it' names nothing")
        ability = self._ability(effect)
        if "combat" in ability or "doesnt_untap" in ability:
            raise NotRead("a rule of another kind under a condition")
        ability["continuous"]["if"] = {"count": {**count, "combat_with": self._combat_host(subject)}, "at_least": at_least}
        return ability

    def st_if_blocked_by_n(self, children):
        """509.1a: "as long as two or more creatures are blocking it": the creatures blocking it, N or more."""
        from engine.vocab.oracle.statics_values import _NUMWORDS

        return self._if_in_block(children[0], {"types": ["Creature"], "blocking": True}, _NUMWORDS[str(children[1])])

    def st_if_in_block_with(self, children):
        """509.1a: "as long as it's blocking or blocked by a Goblin or Orc": one such creature in a block with it."""
        sel = children[-1]
        if set(sel) & {"self", "attached", "any_of", "controller", "other"}:
            raise NotRead("a creature of the block already qualified")
        return self._if_in_block(children[0], sel, 1)

    def st_subject_attacking_enchanted(self, _):
        """506.3, 303.4: "Creatures attacking enchanted player": those attacking the player the source enchants."""
        return {"types": ["Creature"], "attacking": True, "attacking_player": "enchanted"}

    def st_subject_enchanted_player(self, children):
        """303.4, 702.5d: "Creatures enchanted player controls": the objects the player the source enchants controls."""
        sel = children[0]
        if set(sel) & {"self", "attached", "any_of", "controller", "other"}:
            raise NotRead("objects already qualified, controlled by enchanted player")
        return {**sel, "enchanted_player_controls": True}

    @staticmethod
    def _group(sel, what: str) -> dict:
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", what}:
            raise NotRead(f"'{what}' of one object, or of a group already so qualified")
        return {**sel, what: True}

    def st_subject_entered_this_turn(self, children):
        """400.7: "Creatures you control that entered this turn": those that entered the battlefield this turn."""
        return self._group(children[0], "entered_this_turn")

    def st_subject_no_abilities(self, children):
        """113.1: "Creatures with no abilities": those that have no ability (after layer 6)."""
        return self._group(children[0], "no_abilities")

    def st_cond_lost_life(self, _):
        """119.3: "as long as you've lost life this turn" ({this_turn: you_lost_life}, one life at least)."""
        return ({"this_turn": "you_lost_life"}, None)

    def st_cond_died_yours(self, children):
        """700.4: "as long as two or more creatures died under your control this turn"."""
        from engine.vocab.oracle.statics_values import _NUMWORDS

        return ({"this_turn": "creature_died_yours", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_opp_below_half(self, _):
        """119.1, 103.4: "an opponent's life total is less than half their starting life total" (one opponent)."""
        return ({"life": "opponent", "relative_to_starting": "below_half", "at_most": 0}, None)

    def st_cond_any_library_fewer(self, children):
        """611.3a, 401.1: "as long as a library has twenty or fewer cards in it" (one player's library at least)."""
        return ({"player": "any", "zone": "library", "at_least": 0, "at_most": _SIT_NUMBERS[str(children[0])]}, None)

    def st_cond_any_graveyard_more(self, children):
        """611.3a, 404.1: "as long as there are ten or more cards in a single graveyard" (one graveyard at least)."""
        return ({"player": "any", "zone": "graveyard", "at_least": _SIT_NUMBERS[str(children[0])]}, None)

    def st_subject_two_subtypes(self, children):
        """205.3m: "Eldrazi Spawn creatures you control": the creatures you control with each of the two subtypes."""
        from engine.vocab.oracle.objects import subtype

        first, second = subtype(children[0]), subtype(children[1])
        if first == second:
            raise NotRead("a subtype twice")
        return {"types": ["Creature"], "all_subtypes": [first, second], "controller": "you"}
