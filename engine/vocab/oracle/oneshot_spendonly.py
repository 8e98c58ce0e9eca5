"""Family 5 of the Oracle grammar: the mana a resolving spell or ability adds, restricted (106.6; issue 21; the
productions under "spend only" at the end of oneshot.lark): "Add {R}{R}{R}{R}{R}{R}{R}. Spend this
mana only to cast artifact or creature spells." (Geosurge), "At the beginning of your first main phase, add {U}{R}.
Spend this mana only to cast instant and sorcery spells." (Abstract Paintmage), "+1: Add two mana in any combination
of colors. Spend this mana only to cast Dragon spells." (Sarkhan, Fireblood).

The sentence after the one instruction of the ability that adds mana is read by engine/vocab/oracle/spend_only.py (the
spells, the sources of activated abilities, "and that spell can't be countered": the same words as a mana ability's)
into ``spend_only`` on that instruction (-> {op: add_mana_choice, options, spend_only: {spells, abilities,
uncounterable}}); the game loop records the mana added as the mana abilities' (engine/game/spend_only.py). NotRead:
a sentence spend_only.py doesn't read, after no instruction adding mana or after more than one, a restriction that
may be spent elsewhere (the Powerstone's words are its mana ability's only).
"""

from __future__ import annotations

from engine.vocab.oracle import spend_only
from engine.vocab.oracle.objects import NotRead


class SpendOnlyReader:
    """The reader's transformer method for "Spend this mana only to ..." (a mixin of oneshot_mana.ManaReader)."""

    def os_spend_only(self, children):
        text = " " + str(children[0]) + "."
        rule = spend_only.split(text)[1]
        if rule is None or rule.elsewhere:
            raise NotRead(f"106.6: {text.strip()!r} not read")
        return [("spend_only", rule)]


def merge(ops: list, piece) -> None:
    """106.6: the restriction on the mana the one instruction before it adds (-> spend_only on it)."""
    adds = [k for k, op in enumerate(ops) if op.get("op") in ("add_mana", "add_mana_choice")]
    if len(adds) != 1 or ops[adds[0]].get("spend_only") or adds[0] != len(ops) - 1 \
            or ops[adds[0]].get("who", "you") != "you":  # (603.2: "that player adds ...": not read)
        raise NotRead("'Spend this mana only' after no one instruction adding mana to its controller's pool")
    rule = piece[1]
    fields = {k: v.model_dump(exclude_defaults=True, by_alias=True) for k, v in
              (("spells", rule.spells), ("abilities", rule.abilities)) if v is not None}
    if rule.uncounterable:
        fields["uncounterable"] = True
    last = ops[adds[0]]
    if last["op"] == "add_mana":
        ops[adds[0]] = {"op": "add_mana_choice", "options": [last["mana"]], "spend_only": fields}
    else:
        last["spend_only"] = fields
