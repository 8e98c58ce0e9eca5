"""Family 5 of the Oracle grammar: "Regenerate [permanent]." (701.19a; issue 21), the regeneration shield a resolving
spell or ability creates (614.8: a replacement effect of the permanent's next destruction this turn), as
``replacement: {event: zone_change, object: ..., do: regenerate}``:

- "Regenerate this creature." -> object {self: true} (the source);
- "Regenerate target creature.", "Regenerate target artifact.", "Regenerate target Zombie." (one target
  permanent, 115.1) -> object {targets: true}, the target;
- "Regenerate it." after an instruction on one target ("Target creature gets +2/+2 until end of turn. Regenerate
  it."): that target (the pronoun's antecedent) -> object {targets: true};
- "Regenerate enchanted creature." (an Aura's ability: "{G}: Regenerate enchanted creature.", "Sacrifice this Aura:
  Regenerate enchanted creature.") -> object {attached: true}; "Regenerate each creature you control." -> that
  selector. The permanents such a shield protects are fixed as the ability resolves (608.2h, 611.2c: the game loop,
  engine/game/instructions.py, gives the effect ``affected``; the Aura gone, the creature it enchanted as it last
  existed), not those that match later.
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, is_attached
from engine.vocab.oracle.oneshot_cards import Piece, Tgt

# 110.4: the targets that are permanents (a spec's `what`)
_PERMANENTS = frozenset({"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"})
_IT = "_it"  # "Regenerate it.": resolved by check() against the instruction before it
_THAT, _THAT_PW = "_that", "_that_pw"  # "If that creature [or planeswalker] would die this turn": resolved by check()
# 115.1: the one target "that creature" and "that creature or planeswalker" name
_THAT_SPECS = {_THAT: ({"what": "creature"},), _THAT_PW: ({"what": "permanent", "types": ["Creature", "Planeswalker"]},)}


def _shield(obj) -> dict:
    return {"event": "zone_change", "object": obj, "do": "regenerate"}


class RegenReader:
    """The transformer method of "Regenerate [object]." (a mixin of oneshot.py's reader)."""

    def os_regenerate(self, children):
        obj = children[1]
        if isinstance(obj, Tgt):  # the target's shield (701.19a): one target permanent
            if obj.spec.get("what") not in _PERMANENTS or obj.spec.get("count", 1) != 1 or obj.spec.get("up_to"):
                raise NotRead("regenerate a target that is not one permanent")
            return Piece(targets=[obj], replacement=_shield({"targets": True}))
        if obj == "it":
            return Piece(replacement=_shield(_IT))
        if obj == {"self": True} or isinstance(obj, dict) and (is_attached(obj) or not obj.get("self")
                                                               and obj.get("zone", "battlefield") == "battlefield"):
            return Piece(replacement=_shield(obj))  # the source; enchanted creature; "each creature you control"
        raise NotRead("regenerate another object")

    def os_dies_exile(self, children):
        """614.1a, 700.4: "If that creature would die this turn, exile it instead." (a replacement effect the resolving
        spell or ability creates, until end of turn: instructions.py replacement_effect)."""
        kind = children[0].type
        rep = {"event": "zone_change", "from_zone": "battlefield", "to_zone": "graveyard", "do": "to_zone", "zone": "exile"}
        if kind == "OS_DIES_DEALT":  # 120.3, 608.2c: the creatures (or permanents) its instructions dealt damage to
            rep["dealt_damage_this_way"] = True
            if "a creature" in str(children[0]):
                rep["object"] = {"types": ["Creature"]}
            return [Piece(replacement=rep)]
        rep["object"] = {"types": ["Creature"]} if kind == "OS_DIES_ANY" else \
            _THAT_PW if "planeswalker" in str(children[0]) else _THAT
        return [Piece(replacement=rep)]


def _destroys(ops) -> bool:
    return any(op.get("op") in ("destroy", "sacrifice") or _destroys(op.get("one_shot", ())) for op in ops
               if isinstance(op, dict))


destroys = _destroys  # (oneshot_prevent.py: "can't be regenerated this turn" after no destruction either)


def check(kind: str, pieces: list) -> None:
    """"Regenerate it.": the one target an instruction before it names ("Target creature gets +2/+2 until end of
    turn. Regenerate it."), or not read; "Regenerate enchanted creature": a permanent's ability (an Aura's or an
    Equipment's), not a spell's; no destruction after the shield (the loop creates it after the instructions)."""
    before: list = []
    for k, piece in enumerate(pieces):
        rep = getattr(piece, "replacement", None)
        if isinstance(rep, dict) and rep.get("do") == "regenerate":
            # (608.2c: the game loop creates the shield once the instructions are done, as they come last)
            if any(_destroys(getattr(p, "ops", None) or ()) for p in pieces[k + 1:]):
                raise NotRead("a destruction after the regeneration shield")
            if rep["object"] == _IT:
                if len(before) != 1 or before[0].spec.get("what") not in _PERMANENTS:
                    raise NotRead("'regenerate it' after no instruction on one target permanent")
                rep["object"] = {"targets": True}
            elif is_attached(rep["object"]) and kind not in ("activated", "triggered"):
                raise NotRead("'regenerate enchanted creature' of no permanent's ability")
        if isinstance(rep, dict) and rep.get("do") == "to_zone" and any(_destroys(getattr(p, "ops", None) or ())
                                                                        for p in pieces):
            # (608.2c: the loop creates the effect once the instructions are done: a creature they destroy is gone)
            raise NotRead("a destruction or sacrifice with 'if it would die this turn, exile it instead'")
        if isinstance(rep, dict) and rep.get("dealt_damage_this_way") and not any(
                op.get("op") in ("damage", "divided_damage") for p in pieces[:k] for op in getattr(p, "ops", None) or ()):
            raise NotRead("'dealt damage this way' after no damage instruction")
        if isinstance(rep, dict) and rep.get("object") in (_THAT, _THAT_PW):  # 608.2c: "that creature": the target before
            spec = before[0].spec if len(before) == 1 else {}
            if len(before) != 1 or spec.get("count", 1) != 1 or spec.get("up_to") or \
                    {w: v for w, v in spec.items() if w in ("what", "types")} not in _THAT_SPECS[rep["object"]]:
                raise NotRead("'if that creature would die this turn' after no instruction on one target creature")
            rep["object"] = {"targets": True}
        before += [t for t in getattr(piece, "targets", None) or () if t not in before]
