"""The range of every whole number a user file gives, as the schemas' types (Field(ge=, le=)), and the one line
that names a field's range when a number is outside it.

Why these ranges (docs/board-format.md, "Numbers"): the programs compute with clingo's integers, which are 32-bit
and wrap around silently (2,000,000,000 * 2 is -294,967,296 there). Every number a file gives is at most
NUMBER_MAX = 1,000,000 in size (engine/files/yamlio.py, the backstop for every number at any depth), and each field
has the range of its rules inside that: counters, damage and amounts of 0 or more (122.1, 120.3), timestamps from
1 (613.7), life from -1,000,000 (119.6: a player at 0 or less loses). A program's sum of such numbers (a P/T with its
counters and its effects, the damage of a combat, a life total's changes) then stays far below 2**31: 2,147 of
them at the bound before it could wrap. What a program multiplies (a doubler on an amount, 616.1) is checked in the
program itself (asp_rules/replace.lp amount_over/2: past amount_max, 2**30 - 1, so that the sum of two such amounts
still fits; bridge/replace/division.py AMOUNT_MAX reports it as one line, exit 2, never a wrapped number)."""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Optional

from pydantic import BaseModel, Field

from engine.files.yamlio import NUMBER_MAX

Life = Annotated[int, Field(ge=-NUMBER_MAX, le=NUMBER_MAX)]  # 119: a life total may be 0 or less (119.6)

_UNIONS = (typing.Union, types.UnionType)
_BOUND_ERRORS = ("greater_than_equal", "less_than_equal", "greater_than", "less_than")


def is_bound_error(err: dict) -> bool:
    return err.get("type") in _BOUND_ERRORS


def _bounds(metadata: list) -> Optional[tuple[Any, Any]]:
    lo = hi = None
    for m in metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    return (lo, hi) if lo is not None or hi is not None else None


def _strip(tp: Any) -> tuple[Any, list]:
    """The type without Annotated and Optional, and the constraints Annotated gave it."""
    meta: list = []
    while True:
        if typing.get_origin(tp) is Annotated:
            args = typing.get_args(tp)
            tp = args[0]
            for a in args[1:]:
                meta += list(getattr(a, "metadata", [])) + [a]
            continue
        if typing.get_origin(tp) in _UNIONS:
            members = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(members) == 1:
                tp = members[0]
                continue
        return tp, meta


def range_of(root: Any, loc: tuple) -> Optional[tuple[Any, Any]]:
    """The (lowest, highest) a number at ``loc`` (a pydantic error's location) may be in ``root`` (a model or a type),
    or None when it can't be told."""
    tp, meta = _strip(root)
    for part in loc:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            info = next((f for name, f in tp.model_fields.items() if part in (name, f.alias)), None)
            if info is None:
                continue  # (a union member's tag: the member is the model itself)
            tp, meta = _strip(info.annotation)
            meta = list(info.metadata) + meta
            continue
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is dict:
            tp, meta = _strip(args[1])
        elif origin is list:
            tp, meta = _strip(args[0])
        elif origin in _UNIONS:
            # a union: the member the location names (pydantic's tag), else the first model that has the part
            named = [a for a in args if getattr(a, "__name__", None) == part or str(part) == _tag(a)]
            if named:
                tp, meta = _strip(named[0])
                continue
            for a in args:
                inner, m = _strip(a)
                if typing.get_origin(inner) is dict or (
                        isinstance(inner, type) and issubclass(inner, BaseModel) and
                        any(part in (n, f.alias) for n, f in inner.model_fields.items())):
                    tp, meta = inner, m
                    break
            else:
                continue  # (a union's tag: the next part names the field)
            if typing.get_origin(tp) is dict:
                tp, meta = _strip(typing.get_args(tp)[1])
            else:
                info = next(f for n, f in tp.model_fields.items() if part in (n, f.alias))
                tp, meta = _strip(info.annotation)
                meta = list(info.metadata) + meta
    return _bounds(meta)


def _tag(tp: Any) -> str:
    inner, _ = _strip(tp)
    origin = typing.get_origin(inner)
    if origin is dict:
        k, v = (_tag(a) for a in typing.get_args(inner))
        return f"dict[{k},{v}]"
    return getattr(inner, "__name__", str(inner))


def range_text(bounds: Optional[tuple[Any, Any]]) -> Optional[str]:
    """'a whole number from 0 to 1,000,000' for (0, 1_000_000)."""
    if bounds is None:
        return None
    lo, hi = bounds
    if lo is not None and hi is not None:
        return f"a whole number from {lo:,} to {hi:,}"
    return f"a whole number of {lo:,} or more" if lo is not None else f"a whole number of {hi:,} or less"


def bound_problem(root: Any, err: dict) -> Optional[tuple[str, str]]:
    """(problem, fix) for a number outside its field's range: '-1 is out of range (0 to 1,000,000)', or None when
    the error is no such error."""
    if not is_bound_error(err):
        return None
    wanted = range_text(range_of(root, tuple(err["loc"])))
    got = err.get("input")
    if wanted is None:
        msg = err["msg"]
        return f"{got!r} is out of range ({msg[0].lower() + msg[1:]})", "see the format's documentation"
    return f"{got!r} is out of range ({wanted.removeprefix('a whole number ')})", f"use {wanted}"
