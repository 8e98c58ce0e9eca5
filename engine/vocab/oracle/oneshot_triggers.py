"""The triggers of family 5 (engine/vocab/oracle/oneshot.lark, rule os_trigger; 603.1, 603.2): the
transformer methods that give each trigger production its vocabulary, ZoneTrigger
(engine/vocab/triggers.py), CombatTrigger (engine/vocab/combat.py), StepTrigger or CastTrigger
(engine/vocab/oneshot.py). A mixin of engine/vocab/oracle/oneshot.py's reader: ``os_subject`` reads the
objects of objects.lark as the reader's Objects transformer gives them."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead, is_attached
from engine.vocab.oracle.oneshot_cards import _number
from engine.vocab.oracle.oneshot_upkeep import UpkeepReader

# the steps "at the beginning of" names (503.1, 504.1, 513.1) as the vocabulary says them
STEPS = {"upkeep": "upkeep", "end step": "end", "draw step": "draw"}
WHOSE = {"your": "you", "each": "each", "each opponent's": "opponent", "each player's": "each"}


class TriggersReader(UpkeepReader):
    """The os_trigger productions' vocabulary (each method: the production of the same name)."""

    def os_subject(self, children):
        sel = children[-1]
        article = len(children) == 2
        if sel == {"self": True}:
            if article:
                raise NotRead("'a this creature'")
            return None
        if not article and not sel.get("attached") and not sel.get("other"):
            raise NotRead("a subject without its article")
        return sel

    def os_self_or_other(self, children):
        other = children[-1]
        if not other.get("other") or set(other) & {"self", "attached", "targets", "any_of", "exiled_with"}:
            raise NotRead("'this creature or' something other than 'another ...'")
        return {"any_of": [{"self": True}, other]}

    def _zone(self, children, event):
        if children[1] is not None and "any_of" in children[1] and event not in ("enters", "dies"):
            raise NotRead("'this creature or another ...' of an event but entering or dying")  # (the loop's)
        return {"event": event, **({"subjects": children[1]} if children[1] is not None else {})}

    def _two(self, children, event, or_event):
        subjects = children[1]
        if subjects is not None and "any_of" in subjects and or_event != "dies":
            raise NotRead("'this creature or another ...' of an event but entering or dying")
        return {"event": event, "or_event": or_event, **({"subjects": subjects} if subjects is not None else {})}

    def os_enters_or_dies(self, children):
        return self._two(children, "enters", "dies")

    def os_enters_or_attacks(self, children):
        return self._two(children, "enters", "attacks")

    def os_attacks_or_blocks(self, children):
        return self._two(children, "attacks", "blocks")

    def os_blocks_or_blocked(self, children):
        return self._two(children, "blocks", "becomes_blocked")

    def _own(self, children, what):
        subjects = children[1]
        if subjects is not None and "any_of" in subjects:
            raise NotRead("'this creature or another ...' of an event but entering or dying")
        if subjects is not None and not is_attached(subjects) and what == "deals_damage":
            raise NotRead("damage dealt by others")  # (301.5, 303.4: but the creature it is attached to)
        return {} if subjects is None else {"subjects": subjects}

    def os_unblocked(self, children):
        return {"event": "unblocked", **self._own(children, "unblocked")}

    def os_blocks_creature(self, children):
        return {"event": "blocks_creature", **self._own(children, "blocks_creature")}

    def os_blocks_or_blocked_by_creature(self, children):
        return {"event": "blocks_creature", "or_event": "becomes_blocked", "by": {"types": ["Creature"]},
                **self._own(children, "blocks_creature")}

    def os_blocked_by_creature(self, children):
        return {"event": "becomes_blocked", "by": {"types": ["Creature"]}, **self._own(children, "becomes_blocked")}

    def os_dealt_damage(self, children):
        combat = any(isinstance(c, Token) and c.type == "OS_COMBAT_WORD" for c in children)
        return {"event": "dealt_damage", **({"combat": True} if combat else {}), **self._own(children, "dealt_damage")}

    def os_becomes_target(self, children):
        opponent = any(isinstance(c, Token) and c.type == "OS_OPP_CONTROLS" for c in children)
        subjects = children[1]
        if subjects is not None and "any_of" in subjects:
            raise NotRead("'this creature or another ...' of an event but entering or dying")
        return {"event": "becomes_target", **({"player": "opponent"} if opponent else {}),
                **({"subjects": subjects} if subjects is not None else {})}

    def os_attacks_alone(self, children):
        return {"event": "attacks", "alone": True, **self._own(children, "attacks")}

    def os_you_attack(self, _):
        return {"event": "attacks", "subjects": {"types": ["Creature"], "controller": "you"}, "once": True}

    def os_damage_to_player(self, children):
        opponent = str(children[-1]) == "an opponent"
        return {"event": "deals_damage", **({"to_opponent": True} if opponent else {"to_player": True}),
                **self._own(children, "deals_damage")}

    def os_enters(self, children):
        return self._zone(children, "enters")

    def os_dies(self, children):
        return self._zone(children, "dies")

    def os_leaves(self, children):
        return self._zone(children, "leaves_battlefield")

    def os_attacks(self, children):
        return self._zone(children, "attacks")

    def os_blocks(self, children):
        return self._zone(children, "blocks")

    def os_becomes_blocked(self, children):
        return self._zone(children, "becomes_blocked")

    def os_combat_damage_player(self, children):
        subjects = children[1]  # (603.2: another's, "a creature you control", each its own event: 510.2)
        if subjects is not None and ("any_of" in subjects or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("combat damage dealt by 'this creature or another ...' or off the battlefield")
        return {"event": "deals_damage", "combat": True, "to_player": True,
                **({"subjects": subjects} if subjects is not None else {})}

    def os_becomes_tapped(self, children):
        return self._zone(children, "becomes_tapped")

    def os_cast(self, children):
        kind = next((c for c in children if isinstance(c, dict) and "_vowel" in c), None)
        mv = next((c["_mv"] for c in children if isinstance(c, dict) and "_mv" in c), None)
        caster = next((str(c).lower() for c in children if isinstance(c, Token) and c.type == "OS_CASTER"), None)
        article = str(next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")).lower()
        if kind is None and article != "a" or kind is not None and (article == "an") != kind.pop("_vowel"):
            raise NotRead("'a' or 'an' before the wrong word")
        spells = {**(kind or {}), **({"min_mana_value": mv} if mv is not None else {})}
        return {"event": "cast", **({"spells": spells} if spells else {}),
                **({"player": "opponent" if caster == "an opponent" else "any"} if caster else {})}

    def os_spell_mv(self, children):
        return {"_mv": _number(children[0])}

    @staticmethod
    def _drawer(children) -> dict:
        caster = next((str(c).lower() for c in children if isinstance(c, Token) and c.type == "OS_CASTER"), None)
        return {"player": "opponent" if caster == "an opponent" else "any"} if caster else {}

    def os_draws(self, children):
        return {"event": "draws", **self._drawer(children)}

    def os_draws_second(self, children):
        return {"event": "draws", "nth": 2, **self._drawer(children)}

    def os_discards(self, children):
        return {"event": "discards", **self._drawer(children)}

    def os_cast_self(self, _):
        return {"event": "cast", "self": True}

    def os_cycle_self(self, _):  # 702.29c: its own cycling (and typecycling, 702.29f) ability
        return {"event": "activate", "keyword": "cycling"}

    def os_cycle_card(self, children):  # 603.2: any card its controller cycles, or another than the source
        return {"event": "activate", "keyword": "cycling", "card": "any" if str(children[1]) == "a" else "another"}

    def os_cast_second(self, _):
        return {"event": "cast", "nth": 2}

    def os_cast_second_any(self, _):
        return {"event": "cast", "nth": 2, "player": "any"}

    def os_spell_colors(self, children):
        return {"colors": [str(c).lower() for c in children], "_vowel": False}

    def os_spell_colorless(self, _):
        return {"colorless": True, "_vowel": False}

    def os_spell_multicolored(self, _):
        return {"multicolored": True, "_vowel": False}

    def os_spell_historic(self, _):
        return {"historic": True, "_vowel": False}

    def os_spell_types(self, children):
        words = [str(c) for c in children]
        if "permanent" in words or "land" in words:
            raise NotRead("a permanent or land spell: not a card type of the vocabulary's spell quality here")
        return {"types": [w.capitalize() for w in words], "_vowel": words[0][0] in "aeiou"}

    def os_spell_noncreature(self, _):
        return {"not_types": ["Creature"], "_vowel": False}

    def os_spell_subtypes(self, children):
        return {"subtypes": [str(c) for c in children], "_vowel": str(children[0])[0].lower() in "aeiou"}

    def os_each_end_step(self, _):
        return {"at_beginning_of": "end", "whose": "each"}

    def os_deals_damage(self, children):
        subjects = children[1]
        if subjects is not None and not is_attached(subjects):
            raise NotRead("damage dealt by others")
        combat = any(isinstance(c, Token) and c.type == "OS_COMBAT" for c in children)
        return {"event": "deals_damage", **({"combat": True} if combat else {}),
                **({"subjects": subjects} if subjects is not None else {})}

    def os_gain_life(self, _):
        return {"event": "gain_life"}

    def os_step(self, children):
        whose, step = (" ".join(str(c).lower().split()) for c in children)
        return {"at_beginning_of": STEPS[step], "whose": WHOSE[whose]}

    def os_combat_step(self, _):
        return {"at_beginning_of": "beginning_of_combat"}

    def os_each_combat(self, _):
        return {"at_beginning_of": "beginning_of_combat", "whose": "each"}

    def os_first_main(self, _):
        return {"at_beginning_of": "precombat_main"}

    def os_end_of_combat(self, _):
        return {"at_beginning_of": "end_of_combat", "whose": "each"}
