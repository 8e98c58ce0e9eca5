"""702.49 ninjutsu (current official rules; the seed text stops at 702.42): "Ninjutsu is an activated ability that
functions only while the card with ninjutsu is in a player's hand. 'Ninjutsu [cost]' means '[Cost], Reveal this card
from your hand, Return an unblocked attacking creature you control to its owner's hand: Put this card onto the
battlefield from your hand tapped and attacking.'" 702.49c: "A ninjutsu ability may be activated only while a creature
on the battlefield is unblocked (see rule 509.1h). The creature with ninjutsu is put onto the battlefield unblocked. It
will be attacking the same player, planeswalker, or battle as the creature that was returned to its owner's hand."

The loop activates it from the hand as it does cycling's (engine/game/costs.py: ``activate_cycling``), at any time its
player has priority (602.5: no timing of its own); the unblocked attacker returned is the activation's ``returning``
(601.2h; --auto: the first), matched by the selector machinery ("attacking creature you control",
bridge/selectors.py) and the combat state's blocked status (509.1h: only once blockers are declared). As the ability
resolves, the card, still the same object in its owner's hand (400.7), enters tapped (110.5b) and attacking (508.4:
never declared, so no attack trigger) what the returned creature attacked, unblocked (509.1h, 506.3d); 508.4a: a
player, planeswalker or battle no longer attackable (the combat program's ``defender_ok``) leaves it never attacking."""

from __future__ import annotations

from bridge.combat import build_problem, defenders
from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files.events import ZoneChange
from engine.game.attacking import LATE_STEPS
from engine.game.common import GameError, Rejected, _name
from engine.vocab.keyword_costs import KeywordActivated
from engine.vocab.selector import Selector

# 702.49a: "an unblocked attacking creature you control" (blocked or not is the combat state's, 509.1h)
_ATTACKER = Selector(types=["Creature"], controller="you", attacking=True)


class NinjutsuAbility(KeywordActivated):
    """702.49a: the ability ninjutsu stands for, on the stack: ``defender`` what the returned creature attacked
    (702.49c), the card put onto the battlefield attacking it."""

    keyword = "ninjutsu"
    effect = "Put this card onto the battlefield from your hand tapped and attacking."

    def __init__(self, cost: str, defender: str):
        super().__init__(cost)
        self.cost = cost + ", Reveal this card from your hand, Return an unblocked attacking creature you control to its " \
                           "owner's hand"
        self.defender = defender


def activate(costs, act, player: str, ab) -> None:
    """702.49a, 702.49c: activate the ninjutsu ability ``ab`` of the card ``act.activate`` in ``player``'s hand: an
    unblocked attacking creature they control returned to its owner's hand (601.2h), its mana cost paid first
    (601.2g-h)."""
    game = costs.game
    st = game.state
    oid = act.activate
    if st.combat is None or st.step not in LATE_STEPS:  # 509.1h, 702.49c: no creature is unblocked before blockers
        raise Rejected("702.49c", f"{_name(st, oid)}'s ninjutsu ability can be activated only while a creature is "
                                  "unblocked (509.1h: from the declare blockers step on)")
    ctx = SelectorContext(st, characteristics(st, game.layers()), oid, player, (), {})
    able = [x for x in st.combat.attackers if x in st.battlefield and ctx.match(_ATTACKER, x)
            and not st.combat.is_blocked(x)]
    given = list(act.returning or [])
    if len(given) > 1 or any(x not in able for x in given):
        raise Rejected("601.2h", f"'Return an unblocked attacking creature you control to its owner's hand': "
                                 f"{', '.join(given)} can't pay it (one of: {', '.join(able) or 'none'})")
    if not given and not able:
        raise Rejected("702.49c", f"{player} controls no unblocked attacking creature: {_name(st, oid)}'s ninjutsu "
                                  "cost can't be paid (118.3)")
    if not given and len(able) > 1 and not game.auto:
        raise GameError(game.where(), f"601.2h: {player} chooses the unblocked attacker {_name(st, oid)}'s ninjutsu "
                                      f"returns: {', '.join(able)}", "add returning: [ID] to the action, or use --auto")
    returned = given[0] if given else able[0]
    ability = NinjutsuAbility(ab.cost, st.combat.attackers[returned])
    new = costs.on_stack(oid, player, act.ability, ability)
    game.refs[new] = {"self": game.snap(oid)}  # 400.7: "this card", the same object in the hand as it resolves
    game.mana.mana_abilities(act.tap, player)  # 601.2g
    game.mana.pay(player, costs.activation_cost(oid, ab.cost), ability=oid)
    game.say("702.49a", f"{player} activates the ninjutsu ability of {_name(st, oid)} ({ab.cost}), revealing it, and "
                        f"returns {_name(st, returned)}, unblocked and attacking {_name(st, ability.defender)}, to its "
                        "owner's hand (601.2h)")
    game.events.zone_changes([ZoneChange(type="zone_change", object=returned, **{"from": "battlefield"}, to="hand")],
                             "400.3", "is returned to its owner's hand to pay the cost")  # (506.4: out of combat)


def resolve(game, ab: NinjutsuAbility, oid: str, you: str, who: str) -> None:
    """702.49a, 702.49c: the card, if still in its owner's hand (400.7), enters tapped and attacking, unblocked, what
    the returned creature attacked; 508.4a: nothing attackable so, it enters but is never attacking."""
    st = game.state
    game.say("608.2", f"{who} resolves: \"{ab.effect}\"")
    ref = game.resolution.resolving_refs.get("self")
    if not game.same(ref) or st.objects[oid].zone != "hand":
        game.say("400.7", f"{_name(st, oid)} is no longer the card in {you}'s hand: nothing happens")
        return
    game.events.enter(oid, you, "hand", tapped=True)
    if oid not in st.battlefield:  # (614: a replacement effect put it elsewhere)
        return
    c = game.layers().objects.get(oid, {})
    options = defenders(build_problem(st, game.layers(), config=game.config), game.config) if st.combat else []
    if st.combat is None:  # 506.1: the combat phase is over
        game.say("508.4", f"no combat is under way: {_name(st, oid)} enters but isn't attacking")
    elif "creature" not in c.get("types", ()):  # 506.3a
        game.say("506.3a", f"{_name(st, oid)} isn't a creature: it enters but is never attacking")
    elif c.get("controller") != st.active:  # 506.3b
        game.say("506.3b", f"{_name(st, oid)} enters under a player who isn't attacking: it is never attacking")
    elif ab.defender not in options:  # 508.4a
        game.say("508.4a", f"{_name(st, ab.defender)} can no longer be attacked: {_name(st, oid)} enters but is never "
                           "attacking")
    else:
        st.combat.attackers[oid] = ab.defender
        st.combat.entered_attacking = tuple(st.combat.entered_attacking) + (oid,)
        game.say("702.49c", f"{_name(st, oid)} enters attacking {_name(st, ab.defender)} and unblocked (508.4, 509.1h: "
                            "never declared as an attacker, no attack trigger)")
