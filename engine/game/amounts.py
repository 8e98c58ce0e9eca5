"""The amounts of one-shot operations as the game loop performs them (issue 21; the vocabulary:
engine/vocab/amount.py): a number determined once, as the spell or ability resolves (608.2h), on the game as it is
then. A Count is counted by counting.count_of (the selector machinery, bridge/selectors.py); a Greatest compares
the objects the same machinery matches; "power" is the power of the object that deals the damage now, or as it last
existed on the battlefield (608.2h: "When this creature dies, it deals damage equal to its power to any target")."""

from __future__ import annotations

from engine.files.events import Damage
from engine.game import mass_ops, pt_amount, reveal_each, spell_lki, xvalue
from engine.game.counting import count_of


def sacrificed_values(game, sacrificed: list[str]) -> dict | None:
    """608.2h, 112.7a: the power, toughness and mana value of the one object a cost sacrifices, as it is just before
    (as it last existed on the battlefield), kept with the spell (its choices, 707.10: a copy has them too) or the
    ability on the stack (Game.refs); None: not one object."""
    if len(sacrificed) != 1:
        return None
    c, layers = game.chars(sacrificed[0]), game.layers()
    return {"power": c.get("power") or 0, "toughness": c.get("toughness") or 0,
            "mana_value": layers.mana_values.get(sacrificed[0], 0)}


def also_dealt(op, dealer: str, you: str, controllers: list[str], targets: list | tuple = ()) -> list[Damage]:
    """120.2, 608.2h: the damage one instruction deals at the same time as its amount to each: "... and 1 damage to
    you" (``to_you``: its controller), "... and 2 damage to that creature's controller" (``to_controller``: the
    target's controller, ``controllers``), "... and 1 damage to any other target" (``also``: more of the ability's
    ``targets``, each its amount; none to a target illegal as it resolves, 608.2b; none of 0, 614.7a)."""
    out = [Damage(type="damage", source=dealer, target=you, amount=op.to_you)] if op.to_you else []
    out += [Damage(type="damage", source=dealer, target=targets[a.target - 1], amount=a.amount)
            for a in getattr(op, "also", ()) if a.amount > 0 and a.target <= len(targets) and targets[a.target - 1] is not None]
    return out + [Damage(type="damage", source=dealer, target=p, amount=op.to_controller) for p in controllers]


def at_once(op, k: int, target) -> list[str]:
    """608.2c, 601.2c: the objects an instruction on its ``k``-th target acts on, with its ``also`` targets (a
    destroy or a move: "Destroy target creature and target land", "Exile two target artifacts"), all at once; each
    once, though two words "target" named the same object (115.3); ``target(j)``: the j-th target, [] if illegal."""
    also = [j for j in (getattr(op, "also", None) or ()) if isinstance(j, int)]  # (a damage's are TargetDamage)
    return list(dict.fromkeys(x for j in (k, *also) for x in target(j)))


def damage_events(game, op, source: str, you: str, dealer: str, to: list[str]) -> list[Damage]:
    """120.3, 608.2h: the damage events of a damage instruction, one for each recipient dealt more than 0 (614.7a): the
    amount determined once (:func:`damage_amount`), or for each player dealt damage the cards in their own hand
    (CardsInHand, 402.1: "to each opponent equal to the number of cards in that player's hand")."""
    st = game.state
    if hasattr(op.amount, "cards_in_hand"):
        each = [(t, len(st.zone_ids("hand", t)) if t in st.player_names else 0) for t in to]
        for t, n in each:
            game.say("608.2h", f"the amount of damage to {t} is {n} (the cards in their hand, counted as it resolves)")
    else:
        n = damage_amount(game, op, source, you, dealer)
        each = [(t, n) for t in to]
    return [Damage(type="damage", source=dealer, target=t, amount=n) for t, n in each if n > 0]


def damage_amount(game, op, source: str, you: str, dealer: str) -> int:
    """120.3, 608.2h: the damage a damage instruction deals, determined as it is performed: its number; the amount
    the triggering event gave (that_many); the spell's X (107.3a); the dealer's power, or a multiple of it (now, or
    as it last existed on the battlefield); a Count or Greatest, counted now; the value of the object the cost
    sacrificed (logged: 608.2h)."""

    amount = op.amount
    if isinstance(amount, int):
        return amount
    if amount == "that_many":
        return game.resolution.resolving_amount
    if amount == "x":
        return xvalue.announced(game, source)
    if amount == "power" or hasattr(amount, "power"):  # (DealerPower: times a number)
        return pt_amount.source_pt(game, dealer, "power") * getattr(amount, "times", 1)
    return quantity(game, amount, source, you, (), "the amount of damage")


def quantity(game, v, source: str, you: str, targets=(), what: str = "X") -> int:
    """608.2h: the one evaluation of the grammar's quantity (engine/vocab/amount.py's Quantity), determined once, as
    the instruction is performed, logged: a Count or a Greatest (the selector machinery, counting.count_of, with the
    instruction's targets); a Total of the source's own power or toughness (as it is on the battlefield, or as it last
    existed there, 608.2h) or of the objects a selector matches; its controller's life total (Life, 119.1); the value
    of the object the cost sacrificed (Sacrificed, 112.7a: kept with the spell's choices or the ability's refs); the
    mana value of the card the look just before saw (Revealed, 202.3: the resolution's refs, library_ops.look_at_top); the X
    announced for the spell or ability (AnnouncedX, 107.3a: engine/game/xvalue.py); the result of the die rolled just
    before (Rolled, 706: the resolution's refs, engine/game/random_ops.py)."""
    st = game.state
    if hasattr(v, "sacrificed"):  # the spell's (its choices) or the ability's (the refs of its stack object)
        kept = game.resolution.resolving_refs.get("sacrificed") or (
            st.objects[source].choices.get("sacrificed") if source in st.objects else None)
        n = (kept or {}).get(v.sacrificed, 0)
        game.say("608.2h", f"{what} is {n} (the sacrificed object's {v.sacrificed.replace('_', ' ')} as it last existed)")
        return n
    if hasattr(v, "revealed"):  # 202.3: the card the look just before saw (engine/game/library_ops.look_at_top)
        seen = game.resolution.resolving_refs.get("looked_at") or ()
        n = pt_amount.context(game, source, you, targets).mana_value(seen[0]) if len(seen) == 1 else 0
        game.say("608.2h", f"{what} is {n} (the mana value of the card revealed"
                 + (f", {seen[0]})" if len(seen) == 1 else ": none)"))
        return n
    if hasattr(v, "rolled"):  # 706: the die the instruction just before rolled (engine/game/random_ops.py)
        n = game.resolution.resolving_refs.get("rolled", 0)
        game.say("608.2h", f"{what} is {n} (the result of the die roll)")
        return n
    if hasattr(v, "this_way"):  # 608.2c: the permanents the instruction before moved (engine/game/mass_ops.py)
        return mass_ops.counted(game, v, what)
    if hasattr(v, "revealed_this_way"):  # 608.2c, 701.20a: the cards the reveal before showed (engine/game/reveal_each.py)
        return reveal_each.counted(game, v, source, you, what)
    if hasattr(v, "if_spell_was"):  # 608.2c, 702.33d, 702.166b: the resolving spell, kicked (bargained) or not
        paid = bool(source in st.objects and st.objects[source].choices.get(v.if_spell_was))
        n = v.then if paid else v.otherwise
        game.say("608.2c", f"{'the number' if what == 'X' else what} is {n} (the spell was {'' if paid else 'not '}"
                           f"{v.if_spell_was})")
        return n
    if hasattr(v, "x"):  # 107.3a: announced as the spell was cast or the ability activated (601.2b, 602.2b)
        n = xvalue.announced(game, source) * v.times
        game.say("107.3a", f"{what} is {n} ({'minus ' if v.times < 0 else ''}the value of X announced)")
        return n
    if getattr(v, "total", None) == "mana_value" and pt_amount.of_referent(v) and v.of.targets:  # the countered spell's
        return spell_lki.mana_value(game, source, targets, what)  # (202.3, 608.2h: as it last existed on the stack)
    if hasattr(v, "life"):
        n = pt_amount.life(game, you, v)
    elif pt_amount.of_source(v):
        n = pt_amount.source_pt(game, source, v.total)
    elif pt_amount.of_referent(v):  # the target's, or that creature's: now or as it last existed (608.2h)
        n = pt_amount.referent_pt(game, v, targets)
        game.say("608.2h", f"{what} is {n} (the {v.total} of {'the target' if v.of.targets else 'that creature'} on the "
                 "battlefield, or as it last existed there)")
        return n
    else:
        n = count_of(st, pt_amount.context(game, source, you, targets), v)
    game.say("608.2h", f"{what} is {n} (determined as it resolves)")
    return n
