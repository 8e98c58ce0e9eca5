"""Eternalize (702.129) and encore (702.141), current official rules (the seed text stops at 702.42): keywords of the
game loop that each stand for an activated ability of the card in its owner's graveyard making token copies of it, as
embalm (702.128a, engine/game/costs.py ``activate_embalm``) does.

702.129a *(EN, current official rules)*: "Eternalize is an activated ability that functions only while the card with
eternalize is in a graveyard. 'Eternalize [cost]' means '[Cost], Exile this card from your graveyard: Create a token
that's a copy of this card, except it's black, it's 4/4, it has no mana cost, and it's a Zombie in addition to its other
types. Activate only as a sorcery.'"

702.141a *(EN, current official rules)*: "Encore is an activated ability that functions only while the card with encore
is in a graveyard. 'Encore [cost]' means '[Cost], Exile this card from your graveyard: For each opponent, create a token
that's a copy of this card that attacks that opponent this turn if able. The tokens gain haste. Sacrifice them at the
beginning of the next end step. Activate only as a sorcery.'"

The ability is activated from the graveyard (113.6k, 602.2) by the card's owner only as a sorcery (602.5d); its cost, a
cost of mana symbols only (601.2g-h), is paid and the card exiled to pay it (the ability then exists apart from it,
113.7a). As it resolves, the token copies copy the card in exile (707.2: the card's copiable values; 707.9b: eternalize's
exceptions are part of the token's copiable values). Encore's tokens, one for each opponent in turn order (102.2:
opponents who left the game aren't counted), each gain haste (611.2a: no duration, for as long as the token stays on the
battlefield, engine/game/delay_ops.py) and each has the requirement to attack its opponent this turn if able (508.1d: a
continuous effect until end of turn with the combat rule ``attacks_player``, the opponent its ``player`` choice, which
the attack program asp_rules/attack.lp obeys); a delayed triggered ability (603.7c) about the tokens sacrifices them at
the beginning of the next end step (701.21a: its controller sacrifices those it controls)."""

from __future__ import annotations

import re
from dataclasses import replace as with_fields

from pydantic import TypeAdapter

from engine.files.events import ZoneChange
from engine.game import delay_ops, granted_cards
from engine.game.common import MAIN, Rejected, _name
from engine.game.sba import put_token
from engine.game.triggered import entered_triggers
from engine.state.model import Characteristics, ContinuousEffect
from engine.vocab.cardfile import Ability
from engine.vocab.keyword_costs import KeywordActivated
from engine.vocab.oneshot import OneShot

RULES = {"eternalize": "702.129a", "encore": "702.141a"}
MANA_ONLY = r"(\{[^}]+\})+"


class EternalizeAbility(KeywordActivated):
    """702.129a: the ability eternalize stands for, on the stack (its source exiled as the cost was paid)."""

    keyword = "eternalize"
    effect = ("Create a token that's a copy of this card, except it's black, it's 4/4, it has no mana cost, and it's a "
              "Zombie in addition to its other types.")


class EncoreAbility(KeywordActivated):
    """702.141a: the ability encore stands for, on the stack (its source exiled as the cost was paid)."""

    keyword = "encore"
    effect = ("For each opponent, create a token that's a copy of this card that attacks that opponent this turn if able. "
              "The tokens gain haste. Sacrifice them at the beginning of the next end step.")


ABILITIES = {"eternalize": EternalizeAbility, "encore": EncoreAbility}

# 702.141a: "The tokens gain haste" (611.2a, 611.2c: those tokens, for as long as each stays on the battlefield) and
# "Sacrifice them at the beginning of the next end step" (603.7c: a delayed triggered ability about the tokens)
GAIN_HASTE = TypeAdapter(OneShot).validate_python(
    {"op": "gains_entered", "keywords": ["haste"], "text": "The tokens gain haste."})
SACRIFICE_THEM = TypeAdapter(OneShot).validate_python(
    {"op": "delayed_trigger", "when": "next_end_step", "about": "entered",
     "text": "At the beginning of the next end step, sacrifice them.", "one_shot": [{"op": "sacrifice_it", "who": "you"}]})


def attack_requirement(player: str) -> Ability:
    """508.1d: "attacks that opponent this turn if able": the combat rule ``attacks_player`` of a resolved effect, about
    its targets (the token), the player its ``player`` choice."""
    return TypeAdapter(Ability).validate_python({
        "kind": "spell", "text": f"This token attacks {player} this turn if able.", "combat": [{"rule": "attacks_player"}]})


def activate(costs, act, player: str) -> bool:
    """113.6k, 602.2: ``act`` activates the eternalize or encore ability of a card in ``player``'s graveyard (printed,
    or given by an effect, 613.1f); False when the ability isn't one of those (embalm's path then)."""
    game = costs.game
    st = game.state
    oid = act.activate
    card = game.card_file(oid)
    ab = card.abilities[act.ability - 1] if card is not None and act.ability and 1 <= act.ability <= len(card.abilities) \
        else granted_cards.zone_ability(game, oid, act.ability, card) if card is not None and act.ability else None
    keyword = getattr(ab, "keyword", None)
    if keyword not in RULES or getattr(ab, "kind", None) != "keyword":
        return False
    rule = RULES[keyword]
    if not ab.cost or not re.fullmatch(MANA_ONLY, ab.cost):
        raise Rejected("601.2f", f"paying the {keyword} cost '{ab.cost}' is not supported yet")
    if player != st.active or st.step not in MAIN or st.stack:  # 602.5d: "Activate only as a sorcery"
        raise Rejected("602.5d", f"{_name(st, oid)}'s {keyword} ability can be activated only as a sorcery")
    game.mana.mana_abilities(act.tap, player)  # 601.2g
    game.mana.pay(player, ab.cost, ability=oid)  # 601.2h (106.6: an activated ability's)
    game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "graveyard"}, to="exile")],
                             rule, f"is exiled to pay the {keyword} cost")
    costs.on_stack(oid, player, act.ability, ABILITIES[keyword](ab.cost))
    game.say("602.2i", f"{player} activates the {keyword} ability of {_name(st, oid)} from their graveyard: "
                       f"\"{keyword.capitalize()} {ab.cost}\"")
    return True


def resolve(game, ab, source: str, you: str, who: str, text: str) -> None:
    """608.2: the eternalize or encore ability of ``source`` (the card, exiled as its cost was paid) resolves for its
    controller ``you``."""
    st = game.state
    game.say("608.2", f"{who} resolves: \"{text}\"")
    card = game.card_file(source)
    if card is None:
        game.say("608.2h", f"{_name(st, source)} has no card to copy: no token is created")
        return
    base = Characteristics.of_card(card)  # 707.2: the copiable values of the card (in exile now, 608.2h)
    if isinstance(ab, EternalizeAbility):
        eternalize(game, card.name, base, you)
    else:
        encore(game, ab, card.name, base, source, you, who)


def eternalize(game, name: str, base: Characteristics, you: str) -> None:
    """702.129a: the token copy, black, 4/4, with no mana cost, a Zombie in addition (707.9b: the exceptions are part of
    its copiable values); it enters the battlefield (111.1, 603.6a)."""
    st = game.state
    subtypes = base.subtypes + (("Zombie",) if "Zombie" not in base.subtypes else ())
    printed = with_fields(base, colors=("black",), color_indicator=None, mana_cost=None, mana_value=0, subtypes=subtypes,
                          power=4, toughness=4)
    token = put_token(st, you, printed, name)
    game.say("111.1", f"{you} creates a token that's a copy of {name}, except it's a 4/4 black Zombie with no mana cost "
                      f"({token}, 702.129a)")
    game.pending += entered_triggers(st, game.layers(), [token])


def encore(game, ab, name: str, base: Characteristics, source: str, you: str, who: str) -> None:
    """702.141a: for each opponent, a token copy of the card attacking that opponent this turn if able (508.1d); the
    tokens gain haste; the delayed triggered ability sacrificing them at the beginning of the next end step."""
    st = game.state
    opponents = [p for p in game.players_from(you) if p != you and not st.player(p).lost]
    made: dict[str, str] = {}
    for p in opponents:
        made[put_token(st, you, base, name)] = p
    if not made:
        game.say(RULES["encore"], f"{you} has no opponent in the game: no token is created")
        return
    game.say("111.1", f"{you} creates {len(made)} token{'s' if len(made) > 1 else ''} that copy {name} ("
                      + ", ".join(f"{t}, attacking {p} this turn if able" for t, p in made.items()) + ", 702.141a)")
    for token, p in made.items():  # 508.1d, 611.2c: each token's requirement, until end of turn
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=name, ability_index=ab_index(game, source),
                                           ability=attack_requirement(p), controller=you, targets=(token,),
                                           choices={"player": p}, timestamp=ts, duration="end_of_turn", remaining=None,
                                           source=source, affected=(token,)))
        game.say("508.1d", f"{_name(st, token)} attacks {p} this turn if able (timestamp {ts})")
    game.instructions.entered = list(made)  # 608.2c: "the tokens", "them"
    delay_ops.follow(game, GAIN_HASTE, source, None, you, who)
    game.triggers.create_delayed(SACRIFICE_THEM, source, ab, you, [], who)
    game.pending += entered_triggers(st, game.layers(), list(made))


def ab_index(game, source: str) -> int:
    """The index of the card's encore ability (the effects' ability_index, for a board to read them back)."""
    card = game.card_file(source)
    return next((k for k, a in enumerate(card.abilities, 1) if getattr(a, "keyword", None) == "encore"), 1) \
        if card is not None else 1
