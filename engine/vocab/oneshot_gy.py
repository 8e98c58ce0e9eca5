"""One-shot operations added in issue 21 for cards in graveyards (a part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here): a card of any graveyard put onto the battlefield under
the control of the spell's or ability's controller (400.3, 110.2a), a player's graveyard shuffled into their library
(701.24a), a card of a player's graveyard they choose exiled (701.13a). Executed by the game loop (engine/game/gy_ops.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PutOntoBattlefieldYours(_Op):
    """400.3, 110.2a: "Put target creature card from a graveyard onto the battlefield under your control" (Reanimate):
    the target card (``{what: card}``, in a graveyard; an opponent's: ``controller: opponent``), if it is still there
    (400.7), enters the battlefield under the control of the spell's or ability's controller, whoever owns it;
    ``tapped`` when the text says so."""

    op: Literal["put_onto_battlefield_yours"]
    target: int = Field(default=1, ge=1)
    tapped: bool = False


class ShuffleGraveyard(_Op):
    """400.3, 701.24a: "Target player shuffles their graveyard into their library" (``who: target``), "shuffle your
    graveyard into your library" (``who: you``), "Each player shuffles their graveyard into their library"
    (``each_player``): every card of that player's graveyard is put into their library (a zone change, at once),
    then that player shuffles it."""

    op: Literal["shuffle_graveyard"]
    who: Literal["you", "target", "each_player"] = "you"


class ExileFromGraveyard(_Op):
    """701.13a, 404.2: "Target player exiles a card from their graveyard" (``who: target``), "Each player exiles a card
    from their graveyard" (``each_player``, in turn order from the active player, 101.4): each of those players chooses
    one card of their own graveyard and exiles it (`mtgjudge play`: {take: [ID], by: PLAYER} when there are several;
    --auto: the first, bottom first); none when their graveyard is empty."""

    op: Literal["exile_from_graveyard"]
    who: Literal["you", "target", "each_player"] = "target"
