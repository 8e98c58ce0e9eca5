"""Family 0 of the Oracle grammar (costs.lark, with freecast.lark): a spell's own alternative cost that is no cost at
all, under a condition (issue 21, casting without paying the mana cost): "If you control a commander, you may cast this
spell without paying its mana cost." (118.9, 601.2b, 903.3), "If an opponent controls a Plains and you control a
Mountain, you may cast this spell without paying its mana cost." Each is the CostRule's ``alternative`` with no mana
and no part (engine/vocab/activation.py AlternativeCost: ``if_any``, ``if_also_any``); the cast {alternative: true}
pays it (engine/game/spell_costs.py checks the conditions as the cost is announced). A mixin of costs.py's reader."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead

# the selector fields a condition "an opponent controls a Plains" may say about the permanent (its kind alone)
_KINDS = {"types", "any_types", "subtypes", "supertypes", "colors"}


class FreeCostReader:
    """The transformer methods of freecast.lark."""

    def fc_free(self, c):  # (costs.lark's cs_sentence)
        return c[0]

    def fc_if_commander(self, c):
        """118.9, 903.3: free while the caster controls a commander (any player's)."""
        return {"alternative": {"if_any": {"commander": True, "zone": "battlefield", "controller": "you"}}}

    def fc_if_opponent_and_you(self, c):
        """118.9, 601.2b: free while an opponent controls the first and the caster the second."""
        articles = [str(x) for x in c if isinstance(x, Token) and x.type == "CS_ARTICLE"]
        theirs, yours = [x for x in c if isinstance(x, dict)]
        for article, sel in zip(articles, (theirs, yours)):
            if not sel or set(sel) - _KINDS or "controller" in sel:
                raise NotRead(f"controls {sel}")
            words = sel.get("subtypes") or sel.get("types") or sel.get("any_types")
            if not words or (article == "an") != (words[0][0].lower() in "aeiou"):
                raise NotRead("'a' or 'an' before the wrong word")
        return {"alternative": {"if_any": dict(yours, zone="battlefield", controller="you"),
                                "if_also_any": dict(theirs, zone="battlefield", controller="opponent")}}
