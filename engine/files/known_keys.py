"""The fix of an unknown key (issue 25: every unknown key is an error naming the key path and the closest known key):
the field names of a file's models, every level at once, as the board loader's hint does (loader.py
``_all_field_names``), for the formats read by other models (event files, game files, card files)."""

from __future__ import annotations

import typing
from functools import lru_cache

from pydantic import BaseModel

from engine.files.errors import closest


def _walk(tp, names: set[str], seen: set) -> None:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        if tp in seen:
            return
        seen.add(tp)
        for name, info in tp.model_fields.items():
            names.add(info.alias or name)
            _walk(info.annotation, names, seen)
        return
    for arg in typing.get_args(tp):
        _walk(arg, names, seen)


@lru_cache(maxsize=None)
def field_names(*roots) -> tuple[str, ...]:
    """Every field name (its alias where it has one) of the models reachable from ``roots`` (models, unions, lists
    of them), sorted."""
    names: set[str] = set()
    seen: set = set()
    for root in roots:
        _walk(root, names, seen)
    return tuple(sorted(names))


def unknown_key_fix(key: object, roots: tuple, doc: str, top: bool = False) -> str:
    """'did you mean 'amount'? (DOC lists the fields)', or 'remove it (DOC lists the fields)' without a close name.
    ``top``: the key is at the top level of the file: only the roots' own fields are close names."""
    pool = sorted({info.alias or name for root in roots for name, info in root.model_fields.items()}) if top \
        else list(field_names(*roots))
    close = closest(str(key), pool)
    return f"did you mean '{close[0]}'? ({doc} lists the fields)" if close else f"remove it ({doc} lists the fields)"
