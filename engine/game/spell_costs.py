"""The total cost of a spell as effects modify it (601.2f, 118.7, 118.8), for engine/game/costs.py and
casting.py: the cost increases and reductions of the static abilities in force and of the spell's own
abilities (113.6d: what modifies the cost of that object itself functions on the stack), each matched
with the selector machinery (bridge/selectors.py: SelectorContext); the spell's own additional cost, and the
part of its alternative cost (118.9), chosen before anything is paid and paid with the rest (601.2h, through
engine/game/cost_parts.py)."""

from __future__ import annotations

from typing import Any

from bridge.replace import characteristics
from bridge.replace.characteristics import printed_characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.game import conditions, cost_parts, emerge, optional_costs
from engine.game.common import Rejected, _name
from engine.game.instructions import count_of
from engine.vocab.activation import ActivationCost
from engine.vocab.cardfile import parse_activation_cost
from engine.vocab.selector import Selector

# the fields of a cast that name what pays a part of an additional cost (cost_parts.FIELDS), besides
# sacrificing (601.2h: "sacrifice a creature" of additional_sacrifice too) and exiling (escape's too)
_PART_FIELDS = ("discarding", "tapping", "returning")


def _candidates(game, ctx: SelectorContext, sel: Selector) -> list[str]:
    """The objects a selector of a cost rule starts from (engine/vocab/selector.py): the spell's targets,
    else those of its zone (default: the battlefield), each matched by the selector machinery."""
    st = game.state
    if sel.targets:
        pool = [t for t in ctx.targets if t in st.objects]
    elif sel.zone == "battlefield":
        pool = list(st.battlefield)
    else:
        pool = [x for x, o in st.objects.items() if o.zone == sel.zone]
    return [x for x in pool if ctx.match(sel, x)]


def modifications(game, oid: str, card, player: str) -> tuple[int, int, list[str]]:
    """601.2f: the generic mana more and less the cost rules in force add to and take off the total cost
    of the spell ``oid`` that ``player`` casts (``card``: its characteristics as cast, 601.2a-b), and why:
    those of the permanents' abilities (613: after the layers) whose ``spells`` match the spell as cast,
    its caster its controller; and those of the spell's own abilities that are about the spell itself
    ({self: true}, 113.6d), each counted or conditioned as it says (``for_each``, ``if_any``)."""
    st = game.state
    spell = printed_characteristics(card, player, st.objects[oid].owner)  # the spell as cast (601.2a)
    chars: dict[str, Any] | None = None
    more, less, why = 0, 0, []
    sources = [(x, ab, you) for x, _index, ab, you in game.abilities_in_force()]
    sources += [(oid, ab, player) for ab in card.abilities]
    for x, ab, you in sources:
        rule = getattr(ab, "costs", None)
        if rule is None or not (rule.reduce or rule.increase) or rule.spells is None:
            continue
        if x == oid and not rule.spells.self_:
            continue  # 113.6: a permanent's static ability doesn't function while its card is a spell
        if chars is None:
            chars = characteristics(st, game.layers())
        ctx = SelectorContext(st, chars, x, you, tuple(st.objects[oid].targets) if x == oid else (),
                              dict(st.objects[x].choices))
        if not ctx.match(rule.spells, oid, spell, card.mana_value):
            continue
        if rule.if_any is not None and not _candidates(game, ctx, rule.if_any):
            continue
        if rule.if_bargained and not (x == oid and st.objects[oid].choices.get("bargained")):
            continue  # 702.166b: "if it's bargained", announced before the total cost is determined (601.2b, 601.2f)
        if rule.only_if is not None and not conditions.holds(game, rule.only_if, x, you):
            continue  # 601.2f: "if it's night" (731), as the total cost is determined
        n = 1 if rule.for_each is None else count_of(st, ctx, rule.for_each)  # 601.2f: counted now
        who = "this spell's own ability (113.6d)" if x == oid else _name(st, x)
        if rule.increase:
            more += rule.increase
            why.append(f"{{{rule.increase}}} more: {who}")
        if rule.reduce and n:
            less += rule.reduce * n
            each = f", {n} counted" if rule.for_each is not None else ""
            why.append(f"{{{rule.reduce * n}}} less: {who}{each}")
    emerged, because = emerge.reduction(game, oid)  # 702.119a: the sacrificed creature's mana value (emerge.py)
    return more, less + emerged, why + because


def additional_x(card) -> bool:
    """107.3a, 601.2b: the spell's own additional cost has X in it ("As an additional cost to cast this spell, pay X
    life", "... discard X cards"): its caster announces X as they cast it."""
    return any(getattr(ab, "costs", None) is not None and ab.costs.additional is not None
               and ab.costs.additional.count == "x" for ab in card.abilities)


def additional_parts(game, oid: str, card, player: str, act: gf.Cast, x: int | None = None) -> dict[str, Any] | None:
    """118.8, 601.2b, 601.2h: the spell's own additional cost ("As an additional cost to cast this spell,
    discard a card"): what pays it, named by the cast (discarding, exiling, returning, tapping,
    sacrificing; --auto: the first that can), chosen before anything is paid; a cost the caster can't pay,
    and the spell can't be cast (118.3: it is refused, 733). None when the spell has none."""
    abilities = [ab for ab in card.abilities if getattr(ab, "costs", None) is not None
                 and ab.costs.additional is not None]
    parts, texts = [], []
    for ab in abilities:  # 601.2b: of "discard a card or pay {2}", the option the cast announced
        part = ab.costs.additional_or.part if act.other_option and ab.costs.additional_or else ab.costs.additional
        if part is not None:
            parts.append(part)
            texts.append(ab.display())
    if act.retrace or act.jump_start:  # 702.81a, 702.133a: discarding as an additional cost (601.2b, 601.2f-h)
        words = "Discard a land card" if act.retrace else "Discard a card"
        parts.append(parse_activation_cost(words).parts[0])
        texts.append(f"{words} (702.81a: retrace)" if act.retrace else f"{words} (702.133a: jump-start)")
    if act.alternative:  # 118.9: the part of the alternative cost the cast chose, paid the same way (601.2h)
        alt = next(ab for ab in card.abilities if getattr(ab, "costs", None) is not None and ab.costs.alternative)
        conds = [c for c in (alt.costs.alternative.if_any, alt.costs.alternative.if_also_any) if c is not None]
        if conds:  # "If you control a Swamp, you may ...": as the cost is announced (601.2b)
            st = game.state
            ctx = SelectorContext(st, characteristics(st, game.layers()), oid, player, (), {})
            if not all(_candidates(game, ctx, cond) for cond in conds):
                raise Rejected("118.9", f"{card.name}'s alternative cost can't be chosen: its condition doesn't hold "
                                        f"('{alt.display().partition(',')[0]}')")
        if alt.costs.alternative.part is not None:
            parts.append(alt.costs.alternative.part)
            texts.append(alt.display())
    for text, part in optional_costs.parts(game, oid, card) + emerge.parts(act):  # 702.166a, 702.153a, 702.78a; 702.119a
        parts.append(part)
        texts.append(text)
    used = {cost_parts.FIELDS.get(p.verb) for p in parts}
    plain = any(getattr(ab, "costs", None) is not None and ab.costs.additional_sacrifice for ab in card.abilities)
    for field in _PART_FIELDS + (() if act.escape else ("exiling",)) + (() if plain else ("sacrificing",)):
        if getattr(act, field) and field not in used:
            raise Rejected("601.2h", f"{card.name} has no additional cost (nor alternative cost chosen) that {field} pays")
    if not parts:
        return None
    if act.escape and "exiling" in used:
        raise Rejected("601.2f", "an escape cost and an additional cost that both exile cards from the graveyard are "
                                 "not supported yet")
    return cost_parts.choose(game, oid, player, ActivationCost(other=tuple(texts), parts=tuple(parts)), act, x)  # (107.3a)


def other_option_mana(face) -> tuple[str, str]:
    """601.2b, 118.8: the mana of the other option of the spell's additional cost ("discard a card or pay {2}") the
    cast announced, and the words that say so; refused when its additional cost has no other option."""
    rule = next((ab.costs for ab in face.abilities if getattr(ab, "costs", None) is not None
                 and ab.costs.additional_or is not None), None)
    if rule is None:
        raise Rejected("601.2b", f"{face.name}'s additional cost has no other option")
    return rule.additional_or.mana, f"its additional cost's other option {rule.additional_or.mana} (601.2b)"


def alternative_mana(face, x: int | None) -> tuple[str, list[str]]:
    """118.9: the mana of the alternative cost a spell's own ability offers ("You may pay {W}{U}{B}{R}{G} rather than
    pay this spell's mana cost"), and the words that say so; refused when it has none. An X of its mana cost is 0
    (107.3b: the alternative cost has no X)."""
    alt = next((ab.costs.alternative for ab in face.abilities if getattr(ab, "costs", None) is not None
                and ab.costs.alternative is not None), None)
    if alt is None:
        raise Rejected("118.9", f"{face.name} has no alternative cost")
    if x:
        raise Rejected("107.3b", f"{face.name} is cast for its alternative cost, which has no X: X is 0")
    return alt.mana, [f"its alternative cost {alt.mana or '(no mana)'} instead of its mana cost (118.9)"]
