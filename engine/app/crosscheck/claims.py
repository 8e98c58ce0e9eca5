"""The shape of a claim (docs/crosscheck.md): for each query, the fields of our --json output a claim may give,
each with its exact type, every record's fields named, strict types (no string taken as a number, no number as a
boolean), unknown keys refused. The checker validates a case's claim against these models before comparing
(:func:`claim_problem`), and the case schema (`mtgjudge schema case`) is made from the same models, so a claim
that passes the schema reaches the comparison in the shape it expects, and one that doesn't is its line's
``malformed`` result naming the field."""

from __future__ import annotations

import re
import typing
from typing import Any, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.files.yamlio import pydantic_location

_STRICT = ConfigDict(extra="forbid", strict=True)


class _Record(BaseModel):
    """A record of our output: a claim gives any subset of its fields, each of its type."""

    model_config = _STRICT


# --- layers (613) ----------------------------------------------------------------------------------

class ObjectClaim(_Record):
    """A permanent's characteristics after every continuous effect (`mtgjudge layers --json`, objects)."""

    name: Optional[str] = None
    controller: Optional[str] = None
    owner: Optional[str] = None
    types: list[str] = []
    supertypes: list[str] = []
    subtypes: list[str] = []
    all_creature_types: bool = False
    colors: list[str] = []
    power: Optional[int] = Field(default=None, description="null: not a creature (208.3)")
    toughness: Optional[int] = None
    abilities: list[str] = []


class ApplicationClaim(_Record):
    """One application of an effect in a layer, in the order of application."""

    effect: str = ""
    source: Optional[str] = None
    layer: str = ""
    timestamp: int = 0
    applies_to: list[str] = []


class DependencyClaim(_Record):
    """An effect that depends on another (613.8a), in a layer, for a reason."""

    effect: str = ""
    depends_on: str = ""
    layer: str = ""
    reason: str = Field(default="", description="existence, text, applies_to or what_it_does")


class InForceClaim(_Record):
    """An effect on players or on the rules in force (613.10)."""

    effect: str = ""
    source: Optional[str] = None
    rule: str = ""
    timestamp: int = 0
    text: str = ""
    applies_to: list[str] = []
    named: list[str] = []


class LayersClaim(_Record):
    """A layers claim: any subset of `mtgjudge layers BOARD --json`."""

    objects: dict[str, ObjectClaim] = Field(default={}, description="per permanent id, any of its characteristics")
    order: list[ApplicationClaim] = []
    dependencies: list[DependencyClaim] = []
    loops: list[list[str]] = Field(default=[], description="each dependency loop (613.8b): its effects")
    players_and_rules: list[InForceClaim] = []


# --- attack and block (508.1, 509.1) ---------------------------------------------------------------

class DeclarationClaim(_Record):
    """A declaration as a declaration file holds it (docs/combat.md): checked, not compared."""

    attack: Optional[dict[str, str]] = Field(default=None, description="attacking creature id: player, planeswalker "
                                                                       "or battle it attacks")
    block: Optional[dict[str, Union[str, list[str]]]] = Field(default=None, description="blocker id: the attacker(s) "
                                                                                        "it blocks")
    pay: Optional[list[str]] = None
    bands: Optional[list[list[str]]] = None


class ViolationClaim(_Record):
    rule: str = ""
    code: str = ""
    objects: list[str] = []
    message: str = ""


class CombatTriggerClaim(_Record):
    source: str = ""
    ability: int = 0
    objects: list[str] = []
    text: str = ""


class BandBlockClaim(_Record):
    blocker: str = ""
    attacker: str = ""
    rule: str = ""


class VerdictClaim(_Record):
    """An attack or block claim on a declaration the case gives: any subset of `mtgjudge block BOARD DECL --json`."""

    legal: bool = True
    obeyed: int = 0
    max_obeyed: int = 0
    violations: list[ViolationClaim] = []
    better: Optional[DeclarationClaim] = None
    triggers: list[CombatTriggerClaim] = []
    band_blocks: list[BandBlockClaim] = []


class BestClaim(_Record):
    """An attack or block claim without a declaration: any subset of `mtgjudge block BOARD --json`."""

    max_obeyed: int = 0
    example: Optional[DeclarationClaim] = None


# --- replace (614-616) -----------------------------------------------------------------------------

class ApplicableClaim(_Record):
    effect: str = Field(description="required: the effect's id, to match it with ours")
    source: Optional[str] = None
    kind: str = ""
    category: str = ""
    text: str = ""


class MadeChooserClaim(_Record):
    event: str = ""
    chooser: Union[str, list[str]] = ""


class EventClaim(BaseModel):
    """An event of an outcome, as our output writes it (docs/events.md): its ``type`` and the fields of an event of
    that type; compared as a whole, so a field ours doesn't write makes it another event."""

    model_config = ConfigDict(extra="allow", strict=True)

    type: str


class ReplaceTriggerClaim(_Record):
    source: str = ""
    ability: int = 0
    object: str = ""
    controller: str = ""
    event: str = ""
    rule: str = ""
    text: str = ""


class OutcomeClaim(_Record):
    events: list[EventClaim] = Field(description="required: the outcome's events, to match it with ours")
    orders: list[list[str]] = []
    order_count: int = 0
    triggers: list[ReplaceTriggerClaim] = []


class InferredSourceClaim(_Record):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    effect: str = ""
    from_: str = Field(default="", alias="from")
    source: str = ""


class ReplaceClaim(_Record):
    """A replace claim: any subset of `mtgjudge replace BOARD EVENT --json`."""

    applicable: list[ApplicableClaim] = []
    chooser: Union[str, list[str]] = ""
    made_choosers: list[MadeChooserClaim] = []
    outcome_count: int = 0
    outcomes: list[OutcomeClaim] = []
    inferred_sources: list[InferredSourceClaim] = []


# --- which model, validation, schema ---------------------------------------------------------------

def claim_model(query: str, declared: bool) -> type[BaseModel]:
    """The model of a claim for the query (attack and block: with a declaration to check, or without)."""
    if query == "layers":
        return LayersClaim
    if query == "replace":
        return ReplaceClaim
    return VerdictClaim if declared else BestClaim


def _fields_at(model: Any, loc: tuple) -> list[str]:
    """The fields of the record at ``loc`` in ``model`` (for the message on an unknown key)."""
    t: Any = model
    for part in loc:
        t = _record_type(t)
        if isinstance(t, type) and issubclass(t, BaseModel):
            field = next((f for n, f in t.model_fields.items() if part in (n, f.alias)), None)
            if field is None:
                return []
            t = field.annotation
        else:
            args = typing.get_args(t)
            t = args[-1] if args else None
    t = _record_type(t)
    if isinstance(t, type) and issubclass(t, BaseModel):
        return [f.alias or n for n, f in t.model_fields.items()]
    return []


def _record_type(t: Any) -> Any:
    """A model inside Optional[...] or Union[...], else the type itself."""
    if typing.get_origin(t) is Union:
        for a in typing.get_args(t):
            if isinstance(a, type) and issubclass(a, BaseModel):
                return a
        return next((a for a in typing.get_args(t) if a is not type(None)), t)
    return t


def claim_problem(query: str, declared: bool, claim: dict) -> str | None:
    """None for a claim of the shape of our answer to the query; else what is wrong, naming the field
    (claim.loops[0][1]: ...), the line's malformed result."""
    model = claim_model(query, declared)
    try:
        model.model_validate(claim)
    except ValidationError as e:
        err = e.errors()[0]
        loc = tuple(err["loc"])
        where = "claim" + ("." + pydantic_location(loc) if loc else "")
        if err["type"] == "extra_forbidden":
            known = _fields_at(model, loc[:-1])
            what = f"our {query} answer" if len(loc) == 1 else "this record of our answer"
            return f"{where}: not a field of {what}" + (f" (use: {', '.join(known)})" if known else "")
        msg = re.sub(r" or instance of \w+", "", err["msg"])
        got = err.get("input")
        shown = _short(got)
        return f"{where}: {msg[0].lower()}{msg[1:]}" + (f", not {shown}" if shown else "")
    return None


def _short(v: Any) -> str:
    import json

    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        return ""
    return text if len(text) <= 60 else text[:57] + "..."


class _Claims(BaseModel):
    """Only for the schema: the claim models, under the names the case schema refers to."""

    layers: LayersClaim
    verdict: VerdictClaim
    best: BestClaim
    replace: ReplaceClaim


def claim_schemas() -> tuple[dict, dict[str, str]]:
    """The JSON Schema definitions of every claim model, and the name of the model of each kind of claim."""
    schema = _Claims.model_json_schema(by_alias=True)
    names = {k: v["$ref"].rsplit("/", 1)[-1] for k, v in schema["properties"].items()}
    return schema["$defs"], names
