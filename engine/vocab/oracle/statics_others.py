"""Family 2 of the Oracle grammar (issue 21, round 21): the transformer methods of statics_others.lark, more subjects
of static abilities about other objects (a union of a creature type and tokens, historic cards in a zone, cards of one
of several creature types) and an Aura's effect beside its rule that the enchanted creature's activated abilities
can't be activated (602.5). A mixin of :class:`engine.vocab.oracle.statics._Statics`; each method gives a selector of
the vocabulary (engine/vocab/selector.py) the layers program reads, or the ability."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, subtype, attached_of
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS

# the phrase of statics_others.lark's templates that has a word of statics.py's _NEVER ("can't"), taken out before
# that test (statics.read)
import re

OTHERS_ALLOWED = re.compile(r"(?<=^Enchanted creature )(?=.*, and its activated abilities can't be activated\.$)|"
                            r", and its activated abilities can't be activated(?=\.$)")


class StaticsOthers:
    """statics_others.lark's tree -> selectors and abilities (statics.py's _Statics)."""

    def so_subtype_or_token(self, children):
        """111.1: "Creatures you control that are Zombies and/or tokens": each object of the group that has the creature
        type or is a token (a union, each object once)."""
        sel = children[0]
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "subtypes", "token", "zone"}:
            raise NotRead("'that are ... and/or tokens' of a single object or of a group already qualified so")
        return {"any_of": [{**sel, "subtypes": [subtype(children[1])]}, {**sel, "token": True}]}

    def so_historic_cards(self, children):
        """700.6: "Each historic card in your hand": the cards there that are legendary, artifacts or Sagas."""
        base = self._cards(children)
        return {"any_of": [{**base, "supertypes": ["Legendary"]}, {**base, "types": ["Artifact"]},
                           {**base, "subtypes": ["Saga"]}]}

    def so_cards_of_subtypes(self, children):
        """205.3: "Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard": a card of the
        kind with one of these creature types at least (the selector's subtypes)."""
        subs = [subtype(c) for c in children if getattr(c, "type", None) == "SUBTYPE"]
        sel = self._cards([c for c in children if getattr(c, "type", None) != "SUBTYPE"])
        if "subtypes" in sel or len(set(subs)) != len(subs):
            raise NotRead("subtypes twice")
        return {**sel, "subtypes": subs}

    def so_pred_cant_activate(self, children):
        """602.5, 613.4c: the Aura's effect on the enchanted creature (a continuous effect) and its rule that the
        creature's activated abilities can't be activated (the static ability's cant_activate, as Arrest's)."""
        ability = self._ability((attached_of("creature"), children[-1]))
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a combat rule or an untap rule beside it")
        return {**ability, "cant_activate": attached_of("creature")}

    def so_cards_in_each_hand(self, children):
        """402.1: "Each Sliver card in each player's hand": the cards of the kind in every player's hand."""
        sel = self._cards(children)
        if "zone" in sel or "owner" in sel:
            raise NotRead("a zone twice")
        return {**sel, "zone": "hand"}

    def so_instead_controller_gy(self, children):
        """611.3a, 404.1: So Tiny: the Aura's first effect while its controller's graveyard has fewer than N cards, the
        other ("instead") while it has N or more (statics_commander.py's st_instead, one at a time)."""
        preds, pt, n = children[0], children[1], _NUMWORDS[str(children[2])]
        condition = {"count": {"zone": "graveyard", "owned_by_attached_controller": True}, "at_least": n}
        return self.st_instead([(attached_of("creature"), preds), (_IT, self.st_modify([None, pt])), (condition, None)])

    def so_if_its_controller_controls(self, children):
        """611.3a, 108.4, 303.4: the Aura's effect while the enchanted creature's controller controls another creature
        (at least one), or no other creature (none)."""
        sel = {"types": ["Creature"], "controlled_by_attached_controller": True, "not_attached": True}
        none = str(children[-1]).startswith("no ")
        condition = {"count": sel, "at_least": 0, "at_most": 0} if none else {"count": sel, "at_least": 1}
        ability = self._ability((attached_of("creature"), children[0]))  # (the count is no "it": not the subject's own)
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a combat rule or an untap rule under the condition")
        ability["continuous"]["if"] = condition
        return ability
