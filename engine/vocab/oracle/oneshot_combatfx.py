"""Family 5 of the Oracle grammar (oneshot.lark, the block "tapping, and attacks and blocks for the turn (issue 21)"):
what a resolving spell or ability does to tapping and to the declarations of attackers and blockers.

- 701.26a-b: "Untap all creatures you control", "Tap all creatures without flying" (each permanent the selector
  matches as it resolves: {op: untap_each | tap_each, what: selector}); "You may tap or untap target creature" ({op:
  may, one_shot: [{op: tap_or_untap}]}: of tapping and untapping, one changes the permanent, the other nothing).
- 611.2, 508.1, 509.1: the restrictions and requirements an effect creates for the turn, the ability's ``combat``
  rules, which the combat programs (asp_rules/attack.lp, block.lp) read from the effect while it lasts
  (bridge/combat.py's _rule_sources), as they read a permanent's: "Creatures without flying can't block this turn"
  (subjects: the selector, matched as each declaration is made: 611.2c, an effect that changes the rules of the game
  and no characteristic affects creatures the set didn't hold as it began), "Up to three target creatures can't block
  this turn", "That creature can't block this turn" (after an instruction on one target), "Target creature can't
  attack or block this turn", "All creatures able to block target creature this turn do so" (lure, 509.1c), "This
  creature can block an additional creature this turn" (extra_blocks, 509.1a), "Target creature gets +1/+0 until end
  of turn and can't be blocked this turn" (the continuous effect and the rule, one effect).
"""

from __future__ import annotations

from asp_rules.rulesdata import is_creature_type

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sentences import _that

# selector keys that name no set of permanents on the battlefield matched as a rule applies (the source, what it is
# attached to, the targets, another zone)
_NOT_A_SET = {"self", "attached", "targets", "zone", "exiled_with"}


def a_set(obj) -> bool:
    """Whether an object phrase names a set of permanents a selector matches ("all creatures you control")."""
    return isinstance(obj, dict) and not set(obj) & _NOT_A_SET


def a_creature_type(spec: dict) -> bool:
    """A target of one creature type ("target Merfolk": {what: permanent, quality: {subtypes: [Merfolk]}}): a rule on it
    holds for it while it is a creature (a noncreature Kindred permanent is never declared as an attacker or blocker,
    and the combat programs read the rules of creatures only)."""
    sub = (spec.get("quality") or {}).get("subtypes") or []
    return set(spec) <= {"what", "quality", "controller"} and spec.get("what") == "permanent" \
        and set(spec["quality"]) == {"subtypes"} and len(sub) == 1 and is_creature_type(sub[0])


def joins(continuous) -> bool:
    """Whether an ability's combat rules may go with its continuous effect (none; or the one "gets +1/+0 until end of
    turn and can't be blocked this turn" said with them: both last the turn, 611.2a, Instructions.continuous_effect)."""
    return continuous is None or bool(continuous.pop("_with_combat", False))


class CombatFxReader:
    """The readers of the block "tapping, and attacks and blocks for the turn (issue 21)" of oneshot.lark (a mixin of
    oneshot._Reader)."""

    def cf_action(self, children):
        return children[0]

    def cf_tap_each(self, verb: str, sel: dict) -> Piece:
        """701.26a-b: -> {op: tap_each | untap_each, what: selector}: each permanent the selector matches as the spell
        or ability resolves (608.2c) becomes tapped (untapped)."""
        if not a_set(sel):
            raise NotRead(f"{verb} of {sel}: no set of permanents")
        return Piece([{"op": f"{verb}_each", "what": sel}])

    def cf_may_tap_or_untap(self, children):
        """701.26a, 608.2d: "you may tap or untap target creature" -> {op: may, one_shot: [{op: tap_or_untap}]}."""
        obj = children[-1]
        if not isinstance(obj, Tgt) or obj.spec.get("what") not in ("creature", "permanent") or obj.spec.get("count"):
            raise NotRead("tap or untap: of another object than one target permanent")
        return Piece([{"op": "may", "one_shot": [{"op": "tap_or_untap", "_tgt": obj}]}], [obj])

    def cf_combat_rule(self, obj, rule: str, more: dict | None) -> Piece:
        """A rule for the turn on "that creature" (the one target an instruction before acted on, oneshot._ability) or
        on a set of creatures a selector names (matched as each declaration is made, 611.2c)."""
        if obj == "that":
            if more:
                raise NotRead("that creature's relation to the source")
            return _that(Piece(combat=[{"rule": rule, "subjects": {"self": True}}], uses_it=True))
        if not a_set(obj) or obj.get("types") != ["Creature"] or obj.get("other"):  # ("other" than what? the target?)
            raise NotRead(f"a combat rule on {obj}: no set of creatures, or 'other' creatures")
        return Piece(combat=[{"rule": rule, "subjects": obj, **(more or {})}])

    def cf_targets_cant_block(self, children):
        """509.1b: -> targets [{what: creature, count: N, up_to?}], combat: [{rule: cant_block}]: "Up to three target
        creatures can't block this turn" (each target chosen)."""
        t = children[0]
        if t.spec.get("what") != "creature" or set(t.spec) - {"what", "count", "up_to", "other", "controller"}:
            raise NotRead("a combat rule on targets that may be no creatures")
        return Piece(targets=[t], combat=[{"rule": "cant_block"}])

    def cf_cant_attack_or_block(self, children):
        """508.1c, 509.1b: -> combat: [{rule: cant_attack}, {rule: cant_block}]: "Target creature can't attack or
        block this turn" (the target, or this creature)."""
        attack, block = self._combat_rule(children[0], "cant_attack"), self._combat_rule(children[0], "cant_block")
        attack.combat += block.combat
        return attack

    def cf_cant_attack(self, children):
        """508.1c: -> combat: [{rule: cant_attack}]: "Target creature can't attack this turn." (the target, "that
        creature", a set of creatures)."""
        return self._combat_rule(children[0], "cant_attack")

    def cf_lure_target(self, children):
        """509.1c: -> combat: [{rule: lure}]: "All creatures able to block target creature this turn do so." (each
        creature able to block the target blocks it: one requirement for each such creature)."""
        return self._combat_rule(children[0], "lure")

    def cf_extra_block(self, children):
        """509.1a: -> combat: [{rule: extra_blocks, n: 1, subjects: {self: true}}]: "This creature can block an
        additional creature this turn." (the source, or "it": the one target named before)."""
        piece = self._combat_rule(children[0], "extra_blocks")
        piece.combat[0]["n"] = 1
        return piece

    def cf_pump_while_tapped(self, children):
        """611.2a-b, 613.4c: "Target creature gets +1/+1 for as long as this artifact remains tapped." -> the target's
        continuous effect (the loop reads its duration from the text: engine/game/tap_ops.py duration)."""
        return self.os_pump(children[:2])

    def cf_no_untap_while_tapped(self, children):
        """502.3, 611.2a-b: "It doesn't untap during its controller's untap step for as long as this creature remains
        tapped." -> {op: doesnt_untap_while_tapped} on the one target named before ("it", "that creature")."""
        obj = children[0]
        if obj not in ("it", "that") and not isinstance(obj, Tgt):
            raise NotRead("doesn't untap: of another object than the target")
        piece = self._acting_on({"op": "doesnt_untap_while_tapped"}, obj)
        piece.target_it = True  # "it": the target named before, not the source (oneshot._ability)
        return piece

    def cf_pump_unblockable(self, children):
        """611.2, 509.1b: -> continuous and combat: [{rule: cant_be_blocked}], one effect: "Target creature gets +1/+0
        until end of turn and can't be blocked this turn", "this creature gets +2/+0 until end of turn and can't be
        blocked this turn" (the pump's object: a target, the source, or "it")."""
        piece, said = children[0], str(children[1])
        rule = {"rule": "cant_be_blocked"} if "be blocked" in said else {"rule": "extra_blocks", "n": 1} \
            if "additional" in said else {"rule": "cant_block"}
        c = piece.continuous
        if c.get("_targets"):
            piece.combat = [rule]
        elif c.get("applies_to") == {"self": True}:
            piece.combat = [dict(rule, subjects={"self": True})]
        else:
            raise NotRead("can't be blocked: of a set of creatures a continuous effect locks (611.2c)")
        c["_with_combat"] = True  # (joins)
        return piece
