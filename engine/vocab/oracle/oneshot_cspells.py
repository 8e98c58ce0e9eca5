"""Family 5 of the Oracle grammar: the qualities of a target spell (issue 21, counterspells; 115.1): "Counter target red
or green spell.", "Counter target non-Faerie spell.", "Counter target spell with mana value 1.", "Counter target spell
with mana value X." -> TargetSpec {what: spell, spell: SpellQuality} (the quality of engine/vocab/effects.py a cast
trigger names spells with, 601.3) or {mana_value_x: true}. The grammar: engine/vocab/oracle/counterspells.lark (an
extension of oneshot.lark); the game loop checks them as the target is chosen (601.2c) and as the spell or ability
resolves (608.2b): engine/game/spell_targeting.quality_problem, by Casting.spell_is on the spell's characteristics on
the stack (202.3e: X included)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, subtype
from engine.vocab.oracle.oneshot_cards import PERMANENT_TYPES, Piece, Tgt, _card_types, _number, _who


def _kinds(children) -> list | None:
    kinds = next((c for c in children if isinstance(c, list)), None)
    if kinds == PERMANENT_TYPES or kinds and "Land" in kinds:
        raise NotRead("'permanent spell', 'land spell': no card type list of a spell here")
    return kinds


class CounterspellsReader:
    """The transformer methods of counterspells.lark (a mixin of oneshot._Reader)."""

    def cs_target_spell(self, children):
        """115.1: "target [quality] spell" -> TargetSpec {what: spell, spell: the quality}."""
        return Tgt({"what": "spell", "spell": children[1]})

    def cs_target_spell_mv(self, children):
        """115.1, 202.3: "target [creature] spell with mana value N / N or greater / X"."""
        kinds, bound = _kinds(children), children[-1]
        spec = {"what": "spell", **({"types": kinds} if kinds else {})}
        return Tgt({**spec, "mana_value_x": True} if bound == "x" else {**spec, "spell": bound})

    def cs_colors(self, children):  # 105.1: "red or green": one of them at least
        return {"colors": [str(c).lower() for c in children]}

    def cs_noncolor(self, children):  # 105.1: "nonblue": not that color (a colorless spell included)
        return {"not_colors": [str(children[0]).removeprefix("non").lower()]}

    def cs_colorless(self, _):  # 105.2c
        return {"colorless": True}

    def cs_multicolored(self, _):  # 105.2
        return {"multicolored": True}

    def cs_nontype(self, children):  # 205.2a: "nonartifact"
        return {"not_types": [str(children[0]).removeprefix("non").capitalize()]}

    def cs_subtypes(self, children):  # 205.3: "Spirit or Arcane"
        return {"subtypes": [subtype(str(c)) for c in children]}

    def cs_nonsubtype(self, children):  # 205.3: "non-Faerie"
        return {"not_subtypes": [subtype(str(children[0]))]}

    def cs_color_type(self, children):  # "blue instant": that color and that card type
        types = _card_types(str(children[1]))
        if types == PERMANENT_TYPES or "Land" in types:
            raise NotRead("'blue permanent spell', 'land spell'")
        return {"colors": [str(children[0]).lower()], "types": types}

    def cs_type_or_subtype(self, children):  # "creature or Aura": a card type or a subtype (SpellQuality.any_of)
        types = _card_types(str(children[0]))
        if types == PERMANENT_TYPES or "Land" in types:
            raise NotRead("'permanent or Aura spell', 'land or ... spell'")
        return {"any_of": [{"types": types}, {"subtypes": [subtype(str(children[1]))]}]}

    def cs_legendary(self, _):  # 205.4a
        return {"supertypes": ["Legendary"]}

    def cs_mv_exact(self, children):  # 202.3: exactly N
        n = _number(children[0])
        return {"min_mana_value": n, "max_mana_value": n}

    def cs_mv_least(self, children):  # 202.3: N or greater
        return {"min_mana_value": _number(children[0])}

    def cs_mv_x(self, _):  # 107.3a, 601.2b: the targeting spell's X
        return "x"

    def cs_counter_unless_qty(self, children):
        """118.12a, 608.2h: "Counter target spell unless its controller pays {X}, where X is [a quantity]" -> {op: counter,
        unless_pays_amount}: "its mana value", "that spell's mana value" (the target spell's: {total: mana_value, of:
        {targets: true}}), or a quantity counted on the game (a Greatest, a Count); anything else is not read."""
        piece = self.os_counter(children[:2])
        amount = dict(children[-1]) if isinstance(children[-1], dict) else None
        if amount is not None and (amount.pop("_revealed", False) or amount.pop("_spell_mv", False)):
            amount = {"total": "mana_value", "of": {"targets": True}}  # ("its": the target spell, the only object named)
        elif amount is None or not ("greatest" in amount and set(amount) == {"greatest", "of"}
                                    or "count" in amount and set(amount) <= {"count", "times", "plus"}):
            raise NotRead("'unless its controller pays {X}, where X is' another quantity")
        piece.ops[0]["unless_pays_amount"] = amount
        return piece

    def cs_damage_spell_controller(self, children):
        """120.3, 608.2h: "~ deals 2 damage to that spell's controller." (the one target spell's controller, as it began to
        resolve: oneshot_chosen's checks, with the mark ``_spell_controller``)."""
        piece = self.ch_damage_controller(children)
        piece.ops[0]["_spell_controller"] = True
        return piece

    def cs_reveal_discard_all(self, children):
        """701.20a, 701.9a: "[player] reveals their hand and discards all [cards]" -> {op: discard_all, who, card}."""
        who, targets = _who(children[0])
        if who not in ("target", "each_opponent", "each_player"):
            raise NotRead("'reveals their hand and discards' of another player")
        return Piece([{"op": "discard_all", "who": who, "card": {"zone": "hand", **children[-1]}}], targets)

    def cs_nonland_cards(self, _):
        return {"not_types": ["Land"]}

    def cs_cards_of_value(self, children):  # 608.2c: "of that color" after "Choose a color." (chosen_values.resolve_that)
        if not str(children[0]).lower().endswith("color"):
            raise NotRead("'cards of that type': no creature type of a card in a hand here")
        return {"that_value": "color"}

    def cs_subtype_cards(self, children):  # 205.3: "Trap cards"
        return {"subtypes": [subtype(str(children[0]))]}

    def cs_untap_up_to(self, children):
        """608.2d, 701.26b: "Untap up to four lands.", "untap up to three lands you control" -> {op: untap_chosen}."""
        n, what = children[1], children[2]
        if not isinstance(n, int) or what not in ({"types": ["Land"]}, {"types": ["Land"], "controller": "you"}):
            raise NotRead("'untap up to N' of other permanents than lands (or lands you control)")
        return Piece([{"op": "untap_chosen", "amount": n, "what": what}])


# the instructions whose amount the game loop counts with amounts.quantity (608.2h): the countered spell's mana value
_COUNTED = ("draw", "gain_life", "lose_life", "create_token")


def spell_amounts(ops: list, i: int) -> None:
    """202.3, 608.2h: "that spell's mana value" ({_spell_mv}) and "its mana value" ({revealed: mana_value, _revealed}),
    in the instruction right after a counter of the ability's target spell ("Counter target spell. Draw cards equal to
    that spell's mana value.", "Counter target artifact or enchantment spell. Its controller gains life equal to its
    mana value.") -> {total: mana_value, of: {targets: true}}: that spell's mana value on the stack (202.3e: X included),
    as it last existed there once countered (engine/game/spell_lki.py); anywhere else "that spell's" is not read.
    Called by oneshot_revealed.check for each instruction, before its own reading of "its mana value"."""
    op = ops[i]
    amount = op.get("amount")
    if not isinstance(amount, dict):
        return
    prior = ops[i - 1] if i else {}
    tgt = prior.get("_tgt")
    after_counter = prior.get("op") == "counter" and tgt is not None and tgt.spec.get("what") == "spell" \
        and tgt.spec.get("count", 1) == 1
    if amount.pop("_spell_mv", False):
        if not after_counter or op.get("op") not in _COUNTED:
            raise NotRead("'that spell's mana value' after no counter of one target spell")
    elif not (amount.get("_revealed") and after_counter):
        return
    if op.get("op") not in _COUNTED:
        raise NotRead("the countered spell's mana value in an instruction that doesn't count it")
    amount.clear()
    amount.update({"total": "mana_value", "of": {"targets": True}})
