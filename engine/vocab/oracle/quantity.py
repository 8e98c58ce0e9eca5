"""The quantities of the Oracle grammar (issue 21; engine/vocab/oracle/quantity.lark): a mixin of a family's reader
that turns the rule ``quantity`` into the vocabulary's amounts (engine/vocab/amount.py): a Count of the objects a
selector matches (608.2h: "the number of lands you control", "twice the number of ...", "2 plus the number of ...",
"the number of cards in your hand", "the number of charge counters on it", "the number of basic land types among
lands you control"), a Greatest ("the greatest power among
creatures you control"), a value of the object sacrificed to pay the cost ("the sacrificed creature's power":
Sacrificed), or the source's own power ("this creature's power": power).

A quantity that names "it" ("the number of charge counters on it") is given with the private mark ``_it``: the
production that names the quantity decides what "it" is, and drops the mark, or doesn't read the ability (NotRead)."""

from __future__ import annotations

from engine.vocab.oracle import chosen_values
from engine.vocab.oracle.objects import NotRead

# the selector fields a counted group of permanents may hold (those bridge/selectors.py matches on the battlefield)
_COUNTED = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
            "not_supertypes", "keywords", "not_keywords", "token", "attacking", "blocking", "tapped", "multicolored",
            "controller", "other"}


class QuantityReader:
    """The productions of quantity.lark."""

    def qy_permanents(self, children):
        sel = children[0]
        if isinstance(sel, dict):  # 608.2c: "of the chosen type" counted: a value chosen as it resolves (chosen_values.py)
            sel = chosen_values.counted(sel)
        if not isinstance(sel, dict) or set(sel) - _COUNTED - {"that_value"}:
            raise NotRead(f"the number of {sel}")
        return sel

    def qy_cards(self, children):
        # 404.2, 402.1: the cards of your own graveyard or hand
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_CARD_TYPE"]
        return {"zone": str(children[-1]), "owner": "you", **({"types": kinds} if kinds else {})}

    def qy_cards_either(self, children):
        # "instant and sorcery cards in your graveyard": a card of one of the two types (each card counted once)
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_SPELL_TYPE"]
        if len(set(kinds)) != 2:
            raise NotRead("a card type twice")
        return {"zone": str(children[-1]), "owner": "you", "any_types": kinds}

    def qy_self(self, children):
        return "it" if getattr(children[0], "type", None) == "QY_IT" else "self"

    def qy_number(self, children):
        return {"count": children[0]}

    def qy_twice(self, children):
        return {"count": children[0], "times": 2}

    def qy_plus(self, children):
        return {"count": children[1], "plus": int(children[0])}

    def qy_counters(self, children):
        kind, host = str(children[0]), children[1]
        return {"count": {"self": True}, "counters": kind, **({"_it": True} if host == "it" else {})}

    def qy_domain(self, children):
        # 305.6: the basic land types among lands you control (each counted once)
        plus = {"plus": int(children[0])} if children else {}
        return {"count": {"types": ["Land"], "controller": "you"}, "basic_land_types": True, **plus}

    def qy_greatest(self, children):
        kind, sel = str(children[0]), children[1]
        return {"greatest": "mana_value" if kind == "mana value" else "power", "of": sel}

    def qy_sacrificed(self, children):
        # 608.2h, 112.7a: the object sacrificed to pay the cost (checked against the cost: oneshot_amtdmg)
        return {"sacrificed": str(children[-1]).replace(" ", "_")}

    def qy_their_hand(self, _):
        # 402.1: the hand of the player the instruction names (checked by the production that names the quantity)
        return {"cards_in_hand": "recipient"}

    def qy_own_power(self, children):
        if children[0] == "it":
            raise NotRead("'it's power'")
        which = str(children[-1])
        return "power" if which == "power" else {"total": which, "of": {"self": True}}

    def quantity_its(self, children):
        return children[0]

    def qy_its_pt(self, children):
        return {"total": str(children[-1]), "of": {"self": True}, "_its": True}

    def qy_that_pt(self, children):
        # 608.2h: the target's or the trigger's creature (decided, or not read, by oneshot_chosen.amounts)
        return {"total": str(children[-1]), "of": {"targets": True}, "_that_pt": True}

    def qy_life(self, _):
        return {"life": "you"}  # 119.1

    def qy_rolled(self, _):
        # 706: the die rolled just before (the mark dropped by oneshot_random.check, or not read)
        return {"rolled": "result", "_rolled": True}

    def qy_revealed(self, _):
        # 202.3: the card looked at or revealed just before (the mark dropped by oneshot_revealed.check, or not read)
        return {"revealed": "mana_value", "_revealed": True}

    def qy_that_spell_mv(self, _):
        # 202.3, 608.2h: the spell countered just before (the mark dropped by oneshot_cspells.spell_amounts, or not read)
        return {"total": "mana_value", "of": {"targets": True}, "_spell_mv": True}


def resolve_it(amount, it_is_source: bool):
    """The amount with its "it" (the private mark ``_it``) resolved: the source, where the production says "it" is
    the source; otherwise not read."""
    if isinstance(amount, dict) and amount.pop("_it", False) and not it_is_source:
        raise NotRead("a quantity of 'it' where 'it' may be another object than the source")
    return amount


def as_amount(amount):
    """608.2h: a quantity as the amount of an instruction that deals no damage (cards drawn or milled, life gained or
    lost, tokens created: engine/vocab/amount.py's Quantity): the source's power a Total of the source's ("this
    creature's power", as it is or as it last existed on the battlefield); a count of the counters on "it", or of the
    cards in a player's hand the instruction names, not read (only the damage instructions name that object)."""
    if amount == "power":
        return {"total": "power", "of": {"self": True}}
    if not isinstance(amount, dict) or "_it" in amount or "cards_in_hand" in amount:
        raise NotRead(f"the quantity {amount} here")
    return {k: v for k, v in amount.items() if k != "_its"}


def its(piece, amount):
    """The piece, where its quantity says "its power": "it" the source only where nothing else is named before
    (oneshot._ability's it_dealer and uses_it: otherwise not read)."""
    if isinstance(amount, dict) and amount.get("_its"):
        piece.uses_it = piece.it_dealer = True
        piece.its_pt = True  # (or the one target named before: oneshot_chosen.amounts)
    return piece
