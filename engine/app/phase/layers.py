"""phase.rs's answer to a layers case (613, docs/crosscheck.md "Checking phase.rs"): the board set up in a phase
game (engine/app/phase/board.py), then each permanent's characteristics as phase computes them after its continuous
effects, read from the game's battlefield (``name``, ``controller``, ``card_types``, ``color``, ``power``,
``toughness``), written as a ``LayersClaim`` (engine/app/crosscheck/claims.py) in our output's form: types,
supertypes and colors in lower case (``creature``, ``legendary``, ``green``), subtypes as printed (``Bear``), power
and toughness null for a permanent that isn't a creature (208.3).

Only characteristics: phase has no output of the order its effects applied in, of the dependencies it found
(613.8a) or of loops (613.8b), so ``order``, ``dependencies`` and ``loops`` are never claimed; nor ``abilities``
(phase lists keywords, ``Flying``, and its parsed abilities, not the rules text our output lists for every ability:
no faithful mapping), nor ``players_and_rules`` (613.10). A board with a combat in progress is refused ("combat":
the attacking and blocking creatures are not set up in phase)."""

from __future__ import annotations

from engine.app.phase import Unexpressible
from engine.app.phase.board import setup


def object_claim(pob: dict, seats: dict[str, int]) -> dict:
    """One permanent's characteristics as phase gives them, in our output's form."""
    names = {seat: name for name, seat in seats.items()}
    types = pob.get("card_types") or {}
    core = [t.lower() for t in types.get("core_types") or ()]
    creature = "creature" in core
    return {
        "name": pob["name"],
        "controller": names[pob["controller"]],
        "types": core,
        "supertypes": [t.lower() for t in types.get("supertypes") or ()],
        "subtypes": list(types.get("subtypes") or ()),
        "colors": [c.lower() for c in pob.get("color") or ()],
        "power": pob.get("power") if creature else None,  # 208.3: no power or toughness unless a creature
        "toughness": pob.get("toughness") if creature else None,
    }


def layers_claim(state, cards) -> dict:
    """A LayersClaim: for each permanent of the board (by its mtgjudge id), the characteristics phase computes."""
    if state.combat is not None and (state.combat.attackers or state.combat.blockers):
        raise Unexpressible("combat", "a combat in progress: its attacking and blocking creatures are not set up in phase")
    board = setup(state, cards)
    on_battlefield = {pob["id"]: pob for pob in board.game.battlefield()}
    objects = {}
    for oid in state.battlefield:
        pob = on_battlefield.get(board.ids[oid])
        if pob is None:
            raise Unexpressible("phase refused the board", f"{oid} is not on phase's battlefield")
        objects[oid] = object_claim(pob, board.seats)
    return {"objects": objects}
