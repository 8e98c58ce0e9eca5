"""The quantities of continuous effects (issue 21; engine/vocab/oracle/quantity.lark's ``qy_unit`` and ``qy_amount``):
a mixin of family 2's reader (statics.py) that turns what "for each [unit]" and "the number of [units]" count into the
vocabulary's values (engine/vocab/selector.py), counted by the layers program on every state the effect applies to
(613.4c, 604.3; asp_rules/layers_counted.lp):

- a number of a player's (PlayerNumber): "for each experience counter you have", "for each poison counter your
  opponents have" (122.1), "for each opponent you have" (102.3), "the number of cards you've drawn this turn" (121.1),
  "the amount of life you've lost this turn" (119.3);
- the colors among the objects a selector matches (Count with colors, 105.1): "for each color among permanents you
  control";
- the objects of two subtypes, or of a subtype and a card type (205.3): "creatures you control that are Fungi and/or
  Saprolings", "permanents you control that are Spirits and/or enchantments";
- the mana symbols of a color among the mana costs of the permanents its controller controls (Count with devotion,
  700.5: "the number of green mana symbols in the mana costs of permanents you control", the Chroma ability word).

A unit is handed to statics.py as ``{"_value": VALUE}`` (statics_values._count gives it its factor and addend)."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead, _type, subtype

# the phrases of these quantities that have a word statics.py's prefilter keeps out of family 2 ("turn", "life")
COUNTED_ALLOWED = re.compile(r"\bcards? you've drawn this turn\b|\bthe amount of life you've lost this turn\b|"
                             r"\bnamed ~(?=\.$| you control\.$| on the battlefield\b)")

# the selector fields of a group whose colors are counted (those the layers program's selectors read)
_PLAIN = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
          "not_supertypes", "token", "controller", "other", "tapped", "attacking", "blocking"}


def _plain(sel) -> dict:
    if not isinstance(sel, dict) or set(sel) - _PLAIN:
        raise NotRead(f"a count of {sel}")
    return sel


class CountedQuantityReader:
    """The transformer methods of quantity.lark's qy_unit and qy_amount (mixed into statics.py's reader)."""

    def qy_player_counters(self, children):
        kind, who = str(children[0]), str(children[-1])
        return {"_value": {"player_number": "counters", "counters": kind,
                           "player": "you" if who == "you have" else "opponents"}}

    def qy_opponents(self, _):  # 102.3: each opponent still in the game (800.4a)
        return {"_value": {"player_number": "in_game", "player": "opponents"}}

    def qy_drawn(self, _):  # 121.1
        return {"_value": {"player_number": "drawn", "player": "you"}}

    def qy_life_lost(self, _):  # 119.3
        return {"player_number": "life_lost", "player": "you"}

    def qy_speed(self, _):  # 702.179: the player's speed (engine/game/speed.py)
        return {"player_number": "speed", "player": "you"}

    def qy_creatures_entered(self, _):  # 400.7: the game loop's record of the turn (engine/game/turn_records.py)
        return {"player_number": "creatures_entered", "player": "you"}

    def st_modify_sharing_yours(self, children):  # 205.3m: statics.lark's st_pred, its controller's creatures only
        p, t = (int(x) for x in str(children[1]).split("/"))
        own = {"own_count": "sharing_creature_type", "yours": True}
        return [{"op": "modify_pt", "power": {**own, "times": p} if p else 0, "toughness": {**own, "times": t} if t else 0}]

    def st_quantity(self, children):  # statics.lark's st_value: a qy_amount
        return children[0]

    def qy_colors(self, children):  # 105.1: each color once among them
        return {"_value": {"count": _plain(children[-1]), "colors": True}}

    def qy_that_are_subtypes(self, children):
        sel, a, b = children
        if _plain(sel).get("subtypes") or subtype(a) == subtype(b):
            raise NotRead("subtypes twice")
        return {**sel, "subtypes": [subtype(a), subtype(b)]}

    def qy_that_are_sub_or_type(self, children):
        # an object of the subtype or of the card type (or both): a union, each object once
        sel, sub, kind = children
        return {"any_of": [{**_plain(sel), "subtypes": [subtype(sub)]}, {**sel, "types": [*sel.get("types", ()), _type(kind)]}]}

    def qy_owned_in_exile(self, children):  # 404.1, 406.1: the cards a player owns in exile
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_CARD_TYPE"]
        owner = "you" if str(children[-1]) == "you" else "opponent"
        return {"zone": "exile", "owner": owner, **({"types": kinds} if kinds else {})}

    def qy_owned_exile_graveyard(self, children):  # one of two card types, in exile or in the graveyard: each once
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_SPELL_TYPE"]
        if len(set(kinds)) != 2:
            raise NotRead("a card type twice")
        return {"any_of": [{"zone": z, "owner": "you", "any_types": kinds} for z in ("exile", "graveyard")]}

    def qy_named_self(self, children):  # 201.2: with the source's name ("you control" after the name: its controller's)
        sel = dict(_plain(children[0]))
        if any(str(c) == "you control" for c in children[1:]):
            if sel.get("controller"):
                raise NotRead("'you control' twice")
            sel["controller"] = "you"
        return {**sel, "named_self": True}

    def qy_its_controllers(self, children):  # the cards of a zone of the controller of "it" (the subject: _resolve)
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_CARD_TYPE"]
        return {"zone": str(children[-1]), "_its_controller": True, **({"types": kinds} if kinds else {})}

    def qy_chosen_controls(self, children):  # 614.12: the chosen player's permanents
        sel = _plain(children[0])
        if sel.get("controller"):
            raise NotRead("a controller twice")
        return {**sel, "chosen_player": "controls"}

    def qy_chosen_owns(self, children):  # 614.12, 404.1, 402.1: the cards of the chosen player's hand or graveyard
        kinds = [str(c).capitalize() for c in children if getattr(c, "type", None) == "QY_CARD_TYPE"]
        colors = [str(c).lower() for c in children if getattr(c, "type", None) == "COLOR"]
        return {"zone": str(children[-1]), "chosen_player": "owns", **({"types": kinds} if kinds else {}),
                **({"colors": colors} if colors else {})}

    def qy_commanders(self, _):  # 903.3: the commanders its controller controls
        return {"commander": True, "controller": "you"}

    def qy_your_commanders(self, _):  # 903.3: the commanders its controller owns, wherever they are
        return {"commander": True, "owner": "you", "zone": "anywhere"}

    def qy_total_mv(self, children):  # 202.3: their mana values added up
        return {"total": "mana_value", "of": _plain(children[-1])}

    def st_one_plus_twice(self, children):  # statics.lark's st_value: "1 plus twice the number of ..."
        from engine.vocab.oracle.statics_values import _count

        return _count(children[-1], times=2, plus=int(children[0]))

    def qy_color_symbols(self, children):  # 700.5: devotion's count (a hybrid or Phyrexian symbol of it too)
        return {"_value": {"count": {"controller": "you"}, "devotion": [str(children[0]).lower()]}}
