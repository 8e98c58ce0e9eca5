"""YAML and JSON reading with one-line errors: syntax errors name the line, duplicate keys are refused.

Two loaders, with the same resolver and constructors (duplicate keys refused):
- the pure-Python loader reads whatever a user gives (boards, games, events, ``--cards`` files): its
  errors and its line numbers are the ones mtgjudge has always reported;
- libyaml's (PyYAML's C loader, where PyYAML was built with it) reads the files the package ships, with
  ``fast=True``: the card library's files, which it reads as the pure-Python loader does (every one is
  read by both in tests/test_yamlio.py), ten to twenty times faster. It is not for a user's text: it
  reads some texts the pure-Python loader refuses (a tab or "? " inside a plain scalar, "|#", a byte-order
  mark inside the text) and reads a lone "!" otherwise, so a malformed file would no longer say what it
  said. A text it refuses is read again by the pure-Python loader, whose error is the one reported."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from engine.files.errors import InputError
from engine.files.textlimits import LongNumber, Refused, load_json, make_plain, read_bounded


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses duplicate keys instead of silently keeping the last one."""


if getattr(yaml, "__with_libyaml__", False):
    class _CStrictLoader(yaml.CSafeLoader):
        """The same, with libyaml's parser (and the same Python resolver and constructors)."""
else:  # PyYAML built without libyaml
    _CStrictLoader = None  # type: ignore[assignment,misc]


def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    loader.flatten_mapping(node)
    result: dict = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a map key must be a plain value", key_node.start_mark
            ) from None
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=deep)
    return result


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
if _CStrictLoader is not None:
    _CStrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
# only plain YAML (engine/files/textlimits.py): both loaders resolve alike; the pure-Python one, a user's, also
# refuses explicit tags, nesting past the limit and alias bombs as it composes
make_plain(_StrictLoader, compose=True)
if _CStrictLoader is not None:
    make_plain(_CStrictLoader, compose=False)


def load_yaml(text: str, fast: bool = False) -> Any:
    """The data of a YAML text (PyYAML's errors as they come). ``fast``: a file the package ships, read
    with the C loader when there is one (whatever it refuses is read again by the pure-Python loader,
    for its error)."""
    if fast and _CStrictLoader is not None:
        try:
            return yaml.load(text, Loader=_CStrictLoader)  # noqa: S506 - a CSafeLoader subclass
        except (yaml.YAMLError, UnicodeEncodeError):  # (a lone surrogate: libyaml takes UTF-8 bytes)
            pass
    return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass


# every number a user writes reaches the programs, whose integers are 32-bit (clingo): sums of a few such numbers
# (counters, P/T changes, life, damage) must stay far below 2**31, so each number is at most a million in size
# (2,147 of them at the bound before a sum could wrap); this is the backstop of every number at any depth, and each
# field's own range (counters 0.., timestamps 1.., life -1,000,000..) is its schema's (engine/files/ranges.py says
# why; products are bounded in the programs: replace.lp amount_max); docs/board-format.md "Numbers" lists them
NUMBER_MAX = 1_000_000
NUMBER_FIX = (f"use a number from -{NUMBER_MAX:,} to {NUMBER_MAX:,} (the programs compute with 32-bit integers, "
              "so larger numbers are refused rather than wrapped around)")


def numbers_in_range(data: Any, file: str, where: tuple = (), *, numbers: bool = True) -> Any:
    """``data`` itself when every number in it, at any depth (map keys too), is at most NUMBER_MAX in size;
    else the InputError naming the first one outside (a bool is no number here); every string without control
    characters (:func:`plain_string`). ``numbers=False``: the strings only (a crosscheck claim's numbers have ranges
    of their own)."""
    if isinstance(data, str):
        return plain_string(data, file, where)
    if isinstance(data, bool) or data is None:
        return data
    if not numbers and isinstance(data, (int, float)):
        return data
    if isinstance(data, LongNumber):
        raise InputError(file, pydantic_location(where), f"{data} is out of range", NUMBER_FIX)
    if isinstance(data, int):
        if abs(data) > NUMBER_MAX:
            raise InputError(file, pydantic_location(where), f"{data} is out of range", NUMBER_FIX)
    elif isinstance(data, float):
        if data != data or abs(data) > NUMBER_MAX:  # (NaN, inf: no number a file may give)
            raise InputError(file, pydantic_location(where), f"{data} is out of range", NUMBER_FIX)
    elif isinstance(data, dict):
        for key, value in data.items():
            numbers_in_range(key, file, where + (str(key),), numbers=numbers)
            numbers_in_range(value, file, where + (str(key),), numbers=numbers)
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            numbers_in_range(value, file, where + (i,), numbers=numbers)
    return data


# control characters no id, name or text holds (tab, line feed and carriage return are text), and lone
# surrogates (a JSON escape can make one): a NUL in an id reached clingo, which refused the term
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def plain_string(text: str, file: str, where: tuple = ()) -> str:
    """``text`` itself when it holds no control character; else the InputError naming its field."""
    bad = _CONTROL.search(text)
    if bad is not None:
        # (a key may hold it: InputError.line writes it escaped)
        raise InputError(file, pydantic_location(where), f"holds the control character U+{ord(bad.group()):04X}",
                         "remove it: ids, names and texts are printable text")
    return text


def parse_text(text: str, file: str, fast: bool = False) -> Any:
    """Parse YAML (JSON is YAML too, but a .json file is read with the JSON parser), every number in range
    (:func:`numbers_in_range`). ``fast``: see load_yaml. Within the limits of textlimits.py (nesting, tags,
    aliases, long integers, duplicate keys, control characters); a ``file`` named .jsonl is one JSON text too
    (a line of a claims file: ``parse_text(line, "claims.jsonl")``)."""
    return numbers_in_range(_parse(text, file, fast), file)


def _parse(text: str, file: str, fast: bool) -> Any:
    if file.endswith((".json", ".jsonl")):
        try:
            return load_json(text, file)
        except json.JSONDecodeError as e:
            raise InputError(file, f"line {e.lineno}", f"JSON syntax error: {e.msg}", "fix the JSON syntax") from None
    try:
        return load_yaml(text, fast)
    except Refused as e:  # outside the plain subset (textlimits.py)
        raise InputError(file, e.where, e.problem, e.fix) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "syntax"
        problem = e.problem or e.context or "invalid YAML"
        raise InputError(file, where, f"YAML syntax error: {problem}", "fix the YAML syntax there") from None
    except yaml.YAMLError as e:
        raise InputError(file, None, f"YAML error: {e}", "fix the YAML syntax") from None


def read_file(path: str | Path, fast: bool = False) -> Any:
    """The data of a file within the limits of textlimits.py (a regular file, at most MAX_BYTES, UTF-8)."""
    return parse_text(read_bounded(path), str(path), fast)


def pydantic_location(loc: tuple) -> str:
    """('battlefield', 2, 'counters') -> 'battlefield[2].counters'"""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"
