"""The limits of a user's file, kept before or while it is parsed (docs/board-format.md, "Limits of a file"):
nothing a file holds can drive a parser into Python's own limits (its recursion limit, its 4,300-digit
integers, its memory) or hang a command.

- only a regular file is read (a device, a pipe, a socket or a folder is refused before it is read), and at
  most MAX_BYTES of it: a longer file is refused, not read to its end;
- maps and lists nest at most MAX_DEPTH levels (YAML: counted as the pure-Python composer builds the node
  tree, aliases included; JSON: the brackets outside strings counted before json.loads recurses);
- an alias (``*name``) repeats at most MAX_ALIASED values in all (no "billion laughs");
- only plain YAML: maps, lists, strings, integers, floats, true/false and null, resolved as YAML 1.2's core
  schema does (``yes``, ``on``, ``1:20``, ``2024-01-01``, ``1_000`` and ``010``'s octal are YAML 1.1's: here
  they are strings, or the decimal 10), and no explicit tag at all (``!!str`` included);
- an integer of more than INT_DIGITS digits is kept as a LongNumber, which the range check refuses naming its
  field (Python itself refuses to read one of more than 4,300 digits);
- duplicate keys of a JSON object are refused naming the key and its line, as YAML's are."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from engine.files.errors import InputError

MAX_BYTES = 16 * 1024 * 1024  # 16 MB: an 18,000-permanent board is 1.8 MB of YAML, 3 MB of indented JSON
MAX_DEPTH = 64  # levels of maps and lists; no shipped file goes past 14 (a card file)
MAX_ALIASED = 100_000  # values repeated by YAML aliases, in all
INT_DIGITS = 20  # more is out of any range (and past 4,300 digits Python can't read it)

DEPTH_PROBLEM = f"nesting deeper than {MAX_DEPTH} levels"
DEPTH_FIX = f"maps and lists nest at most {MAX_DEPTH} levels; see 'Limits of a file' in docs/board-format.md"
TAG_FIX = ("remove the tag: a file holds plain maps, lists, strings, numbers, true/false and null; "
           "see 'Limits of a file' in docs/board-format.md")


# --- reading -------------------------------------------------------------------------------------------------

def read_bounded(path: str | Path) -> str:
    """The UTF-8 text of a regular file of at most MAX_BYTES; else the InputError saying why not. A device, a
    pipe or a socket is refused before it is opened (a pipe opened anyway, between the check and the open,
    is opened without waiting and refused too), so ``/dev/zero`` or a named pipe ends at once."""
    name = str(path)
    check_regular(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise InputError(name, None, f"cannot be read ({e.strerror})", "check the path and permissions") from None
    with os.fdopen(fd, "rb") as f:
        _regular(os.fstat(fd).st_mode, name)
        try:
            data = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise InputError(name, None, f"cannot be read ({e.strerror})", "check the path and permissions") from None
    if len(data) > MAX_BYTES:
        size = f"{MAX_BYTES // 2 ** 20} MB" if MAX_BYTES % 2 ** 20 == 0 else f"{MAX_BYTES:,} bytes"
        raise InputError(name, None, f"is larger than {size}",
                         f"a board, game, event, declaration or card file is at most {size}: split it, or give ids "
                         "and fields only where needed")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(name, None, "is not UTF-8 text", "save the file as UTF-8 YAML or JSON") from None


def check_regular(path: str | Path) -> None:
    """Nothing when ``path`` names a regular file; else the InputError saying what it is (no such file, a
    folder, a device, a pipe, a socket), found without opening it."""
    try:
        kind = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(str(path), None, "no such file", "check the path") from None
    except OSError as e:
        raise InputError(str(path), None, f"cannot be read ({e.strerror})", "check the path and permissions") from None
    _regular(kind, str(path))


def _regular(mode: int, name: str) -> None:
    if stat.S_ISDIR(mode):
        raise InputError(name, None, "is a folder, not a file", "name a YAML or JSON file")
    if not stat.S_ISREG(mode):
        raise InputError(name, None, "is not a regular file (a device, a pipe or a socket)",
                         "name a YAML or JSON file saved on disk")


# --- numbers -------------------------------------------------------------------------------------------------

class LongNumber(int):
    """An integer literal of more than INT_DIGITS digits, as ±10**INT_DIGITS: out of every range, and named
    by its number of digits (yamlio.numbers_in_range refuses it naming its field)."""

    digits: int

    def __new__(cls, text: str) -> "LongNumber":
        body = text.strip().lstrip("+-").replace("_", "")
        self = super().__new__(cls, -10 ** INT_DIGITS if text.strip().startswith("-") else 10 ** INT_DIGITS)
        self.digits = len(body.lstrip("0"))
        return self

    def __str__(self) -> str:
        return f"a number of {self.digits:,} digits"

    __repr__ = __str__


def parse_int(text: str) -> int:
    """A decimal integer literal (JSON's, or YAML's core schema's)."""
    if len(text.strip().lstrip("+-").lstrip("0")) > INT_DIGITS:
        return LongNumber(text)
    return int(text, 10)


# --- YAML: the plain subset ----------------------------------------------------------------------------------

class Refused(yaml.MarkedYAMLError):
    """A YAML text outside the accepted subset: reported as ``FILE: WHERE: problem (fix: ...)``."""

    def __init__(self, problem: str, mark, fix: str, column: bool = True):
        super().__init__(None, None, problem, mark)
        self.fix = fix
        self.where = f"line {mark.line + 1}" + (f", column {mark.column + 1}" if column else "")


_COLLECTION_START = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
_INT = "tag:yaml.org,2002:int"


def _tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def _compose_node(self, parent, index):
    """yaml.composer.Composer.compose_node, refusing an explicit tag, nesting past MAX_DEPTH (before the
    recursion goes on) and aliases repeating more than MAX_ALIASED values."""
    event = self.peek_event()
    if isinstance(event, _NODE_EVENTS) and event.tag is not None:
        raise Refused(f"the YAML tag '{_tag(event.tag)}' is not accepted", event.start_mark, TAG_FIX)
    sizes = self.__dict__.setdefault("_plain_sizes", {})  # id(node) -> (levels, values), aliases expanded
    if isinstance(event, yaml.AliasEvent):
        node = yaml.composer.Composer.compose_node(self, parent, index)
        levels, values = sizes.get(id(node), (0, 1))
        self._plain_aliased = getattr(self, "_plain_aliased", 0) + values
        if self._plain_aliased > MAX_ALIASED:
            raise Refused(f"aliases repeat more than {MAX_ALIASED:,} values", event.start_mark,
                          "write the values out, or repeat fewer of them")
        if getattr(self, "_plain_depth", 0) + levels > MAX_DEPTH:
            raise Refused(DEPTH_PROBLEM, event.start_mark, DEPTH_FIX, column=False)
        return node
    if not isinstance(event, _COLLECTION_START):
        return yaml.composer.Composer.compose_node(self, parent, index)
    depth = getattr(self, "_plain_depth", 0) + 1
    if depth > MAX_DEPTH:
        raise Refused(DEPTH_PROBLEM, event.start_mark, DEPTH_FIX, column=False)
    self._plain_depth = depth
    try:
        node = yaml.composer.Composer.compose_node(self, parent, index)
    finally:
        self._plain_depth = depth - 1
    children = [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else node.value
    measured = [sizes.get(id(n), (0, 1)) for n in children]
    sizes[id(node)] = (1 + max((m[0] for m in measured), default=0), 1 + sum(m[1] for m in measured))
    return node


def _construct_int(loader, node) -> int:
    value = loader.construct_scalar(node)
    try:
        return parse_int(value)
    except ValueError:
        raise yaml.constructor.ConstructorError(None, None, f"{value!r} is not a decimal integer",
                                                node.start_mark) from None


def _refuse(loader, node):
    raise Refused(f"the YAML tag '{_tag(node.tag)}' is not accepted", node.start_mark, TAG_FIX)


_FLOAT = re.compile(r"""^(?:[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?
                    |\.[0-9]+(?:[eE][-+][0-9]+)?
                    |[-+]?\.(?:inf|Inf|INF)
                    |\.(?:nan|NaN|NAN))$""", re.X)


def make_plain(loader: type, compose: bool) -> None:
    """Give a loader class the resolver and the constructors of the plain subset; ``compose``: its composer is
    PyYAML's pure-Python one, which then also refuses tags, deep nesting and alias bombs as it composes."""
    loader.yaml_implicit_resolvers = {}
    loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                 list("tTfF"))
    loader.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
    loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+0123456789."))
    loader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"),
                                 ["~", "n", "N", ""])
    loader.add_constructor(_INT, _construct_int)
    for kind in ("timestamp", "binary", "set", "omap", "pairs", "merge", "value"):
        loader.add_constructor(f"tag:yaml.org,2002:{kind}", _refuse)
    if compose:
        loader.compose_node = _compose_node


# --- JSON ----------------------------------------------------------------------------------------------------

_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_PAIRS = re.compile(r"\[\]|\{\}")


class DuplicateKey(Exception):
    """A JSON object giving ``key`` twice (raised by unique_pairs: each reader says it in its own words)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def unique_pairs(pairs: list) -> dict:
    """json.loads's object_pairs_hook for every JSON text mtgjudge reads: a key given twice is DuplicateKey, never
    the last value kept silently."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(key)
        out[key] = value
    return out


def load_json(text: str, file: str) -> Any:
    """json.loads, within the limits: nesting, long integers, duplicate keys (InputError naming the line)."""
    json_depth(text, file)
    try:
        return json.loads(text, object_pairs_hook=unique_pairs, parse_int=parse_int)
    except DuplicateKey as d:
        line, column = _duplicate_at(text, d.key)
        raise InputError(file, f"line {line}, column {column}", f"duplicate key {d.key!r}",
                         "give each key once (a JSON reader would keep only the last)") from None


def json_depth(text: str, file: str) -> None:
    """Refuse brackets nested past MAX_DEPTH outside strings: the innermost pairs are removed level by level
    (at most MAX_DEPTH + 1 passes, each in C); where some remain, a scan finds the line."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    brackets = re.sub(r"[^\[\]{}]+", "", re.sub(_STRING, "", text))
    for _ in range(MAX_DEPTH):
        fewer = _PAIRS.sub("", brackets)
        if fewer == brackets:
            return  # nested no deeper (an unbalanced rest is json.loads's syntax error)
        brackets = fewer
    if _PAIRS.search(brackets) is None:
        return
    depth = 0
    for m in re.finditer(_STRING + r"|[\[\]{}]", text):
        depth += 1 if m.group() in "[{" else -1 if m.group() in "]}" else 0
        if depth > MAX_DEPTH:
            raise InputError(file, f"line {text.count(chr(10), 0, m.start()) + 1}", DEPTH_PROBLEM, DEPTH_FIX)


def _duplicate_at(text: str, key: str) -> tuple[int, int]:
    """(line, column) of the first repeated ``key`` of an object (its second occurrence)."""
    stack: list[set | None] = []
    tokens = list(re.finditer(_STRING + r"|[\[\]{}:]", text))
    for i, m in enumerate(tokens):
        tok = m.group()
        if tok in "[{":
            stack.append(set() if tok == "{" else None)
        elif tok in "]}":
            if stack:
                stack.pop()
        elif tok != ":" and stack and stack[-1] is not None and i + 1 < len(tokens) and tokens[i + 1].group() == ":":
            name = json.loads(tok)
            if name == key and name in stack[-1]:
                start = m.start()
                return text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1
            stack[-1].add(name)
    return 1, 1
