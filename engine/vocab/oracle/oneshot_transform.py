"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about
transforming double-faced cards: "transform this creature" (701.27a, the source only) and the werewolves'
intervening "if" on the spells cast last turn (603.4). The game loop: engine/game/transform.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_trig2 import Trig2Reader  # noqa: F401 (re-exported for oneshot.py's reader)

# 603.4: the clause -> StepTrigger.if_spells_last_turn
SPELLS_LAST_TURN = {"if no spells were cast last turn": "none",
                    "if a player cast two or more spells last turn": "two_or_more"}


class TransformReader:
    def os_transforms_into(self, _children):
        """701.27e: "When this creature transforms into ~" (~: the face that has the ability): it triggers as
        the source transforms and has that face up immediately after."""
        return {"event": "transforms"}

    def os_enters_or_transforms(self, _children):
        """603.2, 701.27e: "Whenever this creature enters or transforms into ~": one ability, two events of the
        source (its entering, the replacement program's; its transforming into this face, the game loop's)."""
        return {"event": "enters", "or_event": "transforms"}

    def os_transform(self, children):
        """701.27a: "transform this creature" (this permanent, ~): the source turns over; another object
        ("transform target ...", "transform it") is not read."""
        if children[1] != {"self": True}:
            raise NotRead(f"transform of another object than the source: {children[1]}")
        return Piece([{"op": "transform", "what": "self"}])

    def os_exile_return(self, children):
        """406.1, 400.7, 110.2a, 712 (current official rules): "Exile this Saga, then return it to the battlefield
        transformed under your control." (the source; the game loop: engine/game/sagas.py)."""
        kinds = {c.type: str(c) for c in children if hasattr(c, "type")}
        op = {"op": "exile_return", "under": "you" if kinds.get("OS_SAGA_UNDER") == " under your control" else "owner"}
        if "OS_SAGA_TRANSFORMED" in kinds:
            op["transformed"] = True
        return Piece([op])

    def os_if_spells_last_turn(self, children):
        """603.4: "At the beginning of each upkeep, if no spells were cast last turn, [instruction]." (the
        trigger's intervening "if", checked as the upkeep begins and as the ability resolves)."""
        value = SPELLS_LAST_TURN[str(children[0]).lower()]
        return [("intervening", [{"at_beginning_of": "upkeep", "whose": "each"}], "if_spells_last_turn", value,
                 [c for c in children if isinstance(c, Piece)])]
