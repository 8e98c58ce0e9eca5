"""The interchange format of `mtgjudge crosscheck` (docs/crosscheck.md): a case line as `mtgjudge generate`
writes it and as a claims file holds it (with its JSON Schema), a line that can't be checked, a board
file named by a case, and the record of one field where a claim differs from our answer."""

from __future__ import annotations

import json
from typing import Any, Iterable, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.files.textlimits import DuplicateKey, unique_pairs


# --- the interchange format ----------------------------------------------------------------------

class GeneratedCase(BaseModel):
    """A case as `mtgjudge generate` writes it: a board and a question about it, without a claim."""

    model_config = ConfigDict(extra="forbid", strict=True)  # no "3" or true taken as a number (engine/files/ranges.py)

    id: str = Field(min_length=1, description="the case's name, unique in the file; reported with its results")
    query: Literal["layers", "attack", "block", "replace"] = Field(
        description="the question: layers (613), attack (508.1), block (509.1) or replace (614-616)")
    seed: Optional[int] = Field(default=None, ge=0, le=2**32 - 1, description="generated cases: the seed of the generator that made "
                                                          "the board (engine/app/generate.py)")
    board: Optional[dict[str, Any]] = Field(default=None, description="the board, inline (docs/board-format.md; "
                                                                      "its schema: 'mtgjudge schema board')")
    board_file: Optional[str] = Field(default=None, description="or: a board file (YAML or JSON), relative to the "
                                                                "claims file")
    declaration: Optional[dict[str, Any]] = Field(
        default=None, description="attack, block: a declaration to check, as in a declaration file "
                                  "({attack: {...}} or {block: {...}}, pay, bands; docs/combat.md); without it, "
                                  "the question is the most requirements a declaration can obey, and one that does")
    event: Optional[Union[dict[str, Any], list[dict[str, Any]]]] = Field(
        default=None, description="replace: the event about to happen (docs/events.md), or a list of simultaneous "
                                  "events (616.2)")

    @model_validator(mode="after")
    def _shape(self):
        if (self.board is None) == (self.board_file is None):
            raise ValueError("give exactly one of 'board' and 'board_file'")
        if self.declaration is not None and self.query not in ("attack", "block"):
            raise ValueError(f"'declaration' is for attack and block, not {self.query}")
        if (self.event is not None) != (self.query == "replace"):
            raise ValueError("'event' is required for replace, and only for replace")
        if isinstance(self.event, list) and not self.event:
            raise ValueError("'event' is an empty list")
        return self


class Case(GeneratedCase):
    """A case line of a claims file: a generated case plus the other engine's answer."""

    claim: dict[str, Any] = Field(description="the other engine's answer, in the shape of our --json output for the "
                                              "query, any subset of its fields (docs/crosscheck.md); its exact shape "
                                              "for each query: LayersClaim, VerdictClaim (attack, block with a "
                                              "declaration), BestClaim (without), ReplaceClaim")


def case_json_schema() -> dict:
    from engine.app.crosscheck.claims import claim_schemas

    schema = Case.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    # the claim's exact shape for each query (engine/app/crosscheck/claims.py: the models the checker validates with)
    defs, names = claim_schemas()
    schema["$defs"] = defs

    def claim_is(kind: str) -> dict:
        return {"properties": {"claim": {"$ref": f"#/$defs/{names[kind]}"}}}

    combat = {"query": {"enum": ["attack", "block"]}}
    schema["allOf"] = [
        {"if": {"properties": {"query": {"const": "layers"}}, "required": ["query"]}, "then": claim_is("layers")},
        {"if": {"properties": {"query": {"const": "replace"}}, "required": ["query"]}, "then": claim_is("replace")},
        {"if": {"properties": {**combat, "declaration": {"type": "object"}}, "required": ["query", "declaration"]},
         "then": claim_is("verdict")},
        {"if": {"properties": combat, "required": ["query"],
                "not": {"properties": {"declaration": {"type": "object"}}, "required": ["declaration"]}},
         "then": claim_is("best")},
    ]
    schema["title"] = "mtgjudge crosscheck case (one line of a claims file)"
    return schema


class Malformed(Exception):
    """A case line that can't be checked: reported with its line number and skipped."""


# --- one line's JSON -------------------------------------------------------------------------------

LINE_MAX_DEPTH = 100  # a case nests a few levels (a board's choices, an outcome's events): far deeper is no case
LINE_MAX_DIGITS = 30  # no number of a case or a claim is near this (the programs' integers are 32-bit)


class _Refused(Exception):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > LINE_MAX_DIGITS:
        raise _Refused(f"a number of {len(text.lstrip('-'))} digits (at most {LINE_MAX_DIGITS})")
    return int(text)


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _depth_over(data: Any, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            if d > limit:
                return True
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


def parse_line(text: str) -> Any:
    """The JSON of one line of a claims file; Malformed (the line's one-line message) for text that is not JSON,
    a duplicate key, a number of more than LINE_MAX_DIGITS digits, NaN or Infinity, or nesting deeper than
    LINE_MAX_DEPTH levels, and for anything else the parser raises on it: one line never stops the run."""
    try:
        data = json.loads(text, object_pairs_hook=unique_pairs, parse_int=_int, parse_constant=_constant)
    except DuplicateKey as d:
        raise Malformed(f"not JSON mtgjudge reads: duplicate key {d.key!r} (JSON keeps the last one silently: give "
                        "each key once)") from None
    except json.JSONDecodeError as e:
        raise Malformed(f"not JSON: {e.msg} at column {e.colno}") from None
    except _Refused as e:
        raise Malformed(f"not JSON mtgjudge reads: {e}") from None
    except RecursionError:
        raise Malformed(f"not JSON mtgjudge reads: nested more than {LINE_MAX_DEPTH} levels deep") from None
    except Exception as e:  # (whatever else the parser may raise on a hostile line)
        raise Malformed(f"not JSON mtgjudge reads: {' '.join(str(e).split())[:200]} ({type(e).__name__})") from None
    if _depth_over(data, LINE_MAX_DEPTH):
        raise Malformed(f"not JSON mtgjudge reads: nested more than {LINE_MAX_DEPTH} levels deep")
    from engine.files.errors import InputError
    from engine.files.yamlio import numbers_in_range

    try:
        numbers_in_range(data, "line", numbers=False)  # no control character in an id, a name or a key (a NUL reached clingo: issue 25)
    except InputError as e:
        raise Malformed(f"{e.field}: {e.problem}") from None
    return data


def read_board_file(name: str, cache: dict[str, str] | None = None) -> str | None:
    """The text of a board file a case names (kept in `cache` when given); None when it can't be read."""
    if cache is not None and name in cache:
        return cache[name]
    from engine.files.errors import InputError
    from engine.files.textlimits import read_bounded

    try:
        text = read_bounded(name)  # a regular file within the size limit: a device or a pipe can't hang the run
    except InputError:
        return None
    if cache is not None:
        if len(cache) > 256:
            cache.clear()
        cache[name] = text
    return text


# --- a difference between a claim and our answer ---------------------------------------------------

def value_key(v: Any) -> str:
    """A value as canonical JSON text, to compare values and sets of values."""
    return json.dumps(v, sort_keys=True, ensure_ascii=False)


def project(d: Any, keys: Iterable[str]) -> Any:
    """A map cut down to the given keys (a claim may give any subset of a record's fields)."""
    return {k: d.get(k) for k in keys} if isinstance(d, dict) else d


def difference(field: str, ours: Any, theirs: Any, rule: str, explanation: str) -> dict:
    """The record of one field where a claim differs from our answer, with the rule that decides it and why."""
    return {"field": field, "ours": ours, "theirs": theirs, "rule": rule, "explanation": explanation}


def unknown_field(query: str, where: str, allowed: Iterable[str]) -> Malformed:
    """A claim field that is not one of our answer's fields."""
    return Malformed(f"claim.{where}: not a field of our {query} answer (use: {', '.join(allowed)})")

