"""Family 5 of the Oracle grammar (oneshot.lark, the block "values of a player's choice"): a continuous effect whose value
its controller chooses as the spell or ability resolves (608.2d): "Target creature you control gains protection from the
color of your choice until end of turn." (-> one_shot [{op: choose_value, choice: color}] and the continuous effect
granting {keyword: protection, quality: chosen color}), "This creature becomes the creature type of your choice until end
of turn." (-> choose_value creature_type and {op: set_creature_types, chosen: true}), "Target creature becomes the color
of your choice until end of turn." (-> choose_value color and {op: set_colors, chosen: true}), "Target land becomes the basic land type of your
choice until end of turn." (-> choose_value basic_land_type and {op: set_land_types, chosen: true}, 305.7). The vocabulary:
engine/vocab/oneshot_choice.py; the game loop: engine/game/choice_ops.py (the value asked, then kept in the effect's
``choices``, which the layers program reads as for a value chosen as a permanent entered)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sent2 import _pt


def _with_choice(piece: Piece, choice: str) -> Piece:
    """608.2d: the choice first (an instruction of the spell or ability), then its continuous effect (611.2) reads it."""
    out = Piece([{"op": "choose_value", "choice": choice}] + piece.ops, piece.targets, continuous=piece.continuous,
                uses_it=piece.uses_it, x=piece.x)
    out.control = piece.control
    return out


class ChoiceReader:
    def os_protection_choice(self, children):
        """702.16a, 105.1, 608.2d, 611.2c: "[object] gains protection from the color of your choice until end of turn"
        (the object as os_pump reads it: a target creature, this creature)."""
        grant = [{"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": "chosen color"}]}]
        if isinstance(children[0], Tgt):  # 702.16a: any permanent may have protection ("target creature or enchantment")
            if children[0].spec.get("what") not in ("creature", "permanent"):
                raise NotRead("protection of the color of one's choice for another target than a permanent")
            return _with_choice(Piece([], [children[0]], continuous={"do": grant, "_targets": True}), "color")
        return _with_choice(self.os_pump([children[0], grant]), "color")

    def os_ctype_choice(self, children):
        """205.3m, 205.1a, 608.2d, 611.2c: "[object] becomes the creature type of your choice until end of turn": its
        creature types are replaced by the one chosen (its other types and subtypes stay, layer 4)."""
        return _with_choice(self.os_pump([children[0], [{"op": "set_creature_types", "chosen": True}]]), "creature_type")

    def os_color_choice(self, children):
        """105.3, 608.2d, 611.2c: "[object] becomes the color of your choice until end of turn": the color chosen
        replaces its colors (layer 5)."""
        return _with_choice(self.os_pump([children[0], [{"op": "set_colors", "chosen": True}]]), "color")

    def os_pt_color_choice(self, children):
        """613.4c, 105.3, 608.2d: "This creature gets +1/+1 and becomes the color of your choice until end of turn."
        (Wild Mongrel): both parts of one continuous effect (layers 7c and 5)."""
        p, t = _pt(children[1])
        do = [{"op": "modify_pt", "power": p, "toughness": t}, {"op": "set_colors", "chosen": True}]
        return _with_choice(self.os_pump([children[0], do]), "color")

    def os_landtype_choice(self, children):
        """305.7, 305.6, 608.2d, 611.2c: "target land becomes the basic land type of your choice until end of turn": its land
        types are replaced by the one chosen, it loses the abilities of its rules text and of its old land types and
        has the new type's intrinsic mana ability (layer 4; the mana ability follows the land types, layers.lp)."""
        obj = children[0]
        if not isinstance(obj, Tgt) or obj.spec.get("what") != "permanent" or obj.spec.get("types") != ["Land"]:
            # only a target land (Reef Shaman, Jinx; "target land you control": Unstable Frontier)
            raise NotRead("the basic land type of one's choice for another object than a target land")
        do = [{"op": "set_land_types", "chosen": True}]
        return _with_choice(Piece([], [obj], continuous={"do": do, "_targets": True}), "basic_land_type")
