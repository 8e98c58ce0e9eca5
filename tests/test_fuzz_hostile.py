"""Issue 25: hypothesis draws the hostile classes of the adversarial corpus (tests/adversarial/) into the board of
tests/test_fuzz_loader.py, as text (YAML and JSON) read by the loader: nesting at any depth, huge numbers, duplicate
keys and unknown keys, anywhere. Whatever is drawn loads or is refused with one InputError line naming the file; and
what can't be a board (nesting past 1,000 levels, a number past 2^31 or of thousands of digits, one key twice, an
unknown key in a map of fixed fields) is refused, never loaded."""

from __future__ import annotations

import json

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.files.errors import InputError
from engine.files.loader import load_board_text
from test_fuzz_loader import ALL_PATHS, VALID, _lib

LIT = "QQLITQQ"
FORMATS = st.sampled_from(["yaml", "json"])
HOSTILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the maps whose keys are fixed fields (a key they don't have is an error), as paths in VALID
FIXED = [(), ("battlefield", 0), ("battlefield", 1), ("battlefield", 3), ("effects", 0), ("stack", 0), ("combat",),
         ("hand", "alice", 1)]


def _text(data, fmt: str, literal: str | None = None) -> str:
    if fmt == "json":
        text = json.dumps(data, ensure_ascii=False)
        return text if literal is None else text.replace(f'"{LIT}"', literal)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=True, width=10**9)
    return text if literal is None else text.replace(LIT, literal)


def _with(path: tuple, value):
    data = json.loads(json.dumps(VALID))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return data


def _load(text: str, fmt: str):
    """The board, or the InputError (checked to be one line naming the file); anything else raised fails the test."""
    name = f"fuzz.{fmt}"
    try:
        return load_board_text(text, _lib(), name)
    except InputError as e:
        line = e.line()
        assert "\n" not in line and line.startswith(name + ": "), line
        return e


def _nested(depth: int, kind: str, fmt: str) -> str:
    if kind == "list":
        return "[" * depth + "1" + "]" * depth
    key = '"k"' if fmt == "json" else "k"
    return ("{" + key + ": ") * depth + "1" + "}" * depth


@HOSTILE
@given(path=st.sampled_from(ALL_PATHS), depth=st.one_of(st.integers(1, 40), st.sampled_from([1000, 1500])),
       kind=st.sampled_from(["list", "map"]), fmt=FORMATS)
def test_nesting_anywhere(path, depth, kind, fmt):
    result = _load(_text(_with(path, LIT), fmt, _nested(depth, kind, fmt)), fmt)
    if depth >= 1000:
        assert isinstance(result, InputError), "a board nested 1,000 levels deep was loaded"


HUGE = st.one_of(st.integers(2**31 - 3, 2**31 + 3), st.integers(2**32 - 2, 2**32 + 2), st.integers(10**9, 10**40),
                 st.integers(-(10**40), -(10**9))).map(str) | st.integers(4000, 6000).map(lambda n: "7" * n)


@HOSTILE
@given(path=st.sampled_from(ALL_PATHS), digits=HUGE, fmt=FORMATS)
def test_huge_numbers_anywhere(path, digits, fmt):
    result = _load(_text(_with(path, LIT), fmt, digits), fmt)
    assert isinstance(result, InputError), f"a board with {digits[:20]}... ({len(digits)} digits) was loaded"


def _dict_paths():
    def walk(data, prefix=()):
        if isinstance(data, dict):
            yield prefix
            for k, v in data.items():
                yield from walk(v, prefix + (k,))
        elif isinstance(data, list):
            for i, v in enumerate(data):
                yield from walk(v, prefix + (i,))
    return list(walk(VALID))


DICT_PATHS = _dict_paths()


def _duplicated(path: tuple, fmt: str) -> str:
    """VALID's text with the first key of the map at ``path`` written twice."""
    data = json.loads(json.dumps(VALID))
    target = data
    for key in path:
        target = target[key]
    first = next(iter(target))
    marker = "QQDUPQQ"
    target[marker] = target[first]
    text = _text(data, fmt)
    key = json.dumps(first) if fmt == "json" else yaml.safe_dump(first, default_flow_style=True).strip().removesuffix("...").strip()
    replaced = text.replace(f'"{marker}"' if fmt == "json" else marker, key, 1)
    assert replaced != text
    return replaced


@HOSTILE
@given(path=st.sampled_from(DICT_PATHS), fmt=FORMATS)
def test_duplicate_keys_anywhere(path, fmt):
    result = _load(_duplicated(path, fmt), fmt)
    assert isinstance(result, InputError), f"a duplicate key at {path or 'the top level'} was loaded"
    assert "duplicate" in result.line(), result.line()


@HOSTILE
@given(path=st.sampled_from(FIXED), key=st.text(min_size=1, max_size=10), value=st.one_of(st.integers(0, 5), st.text(max_size=5)),
       fmt=FORMATS)
def test_unknown_keys_in_maps_of_fixed_fields(path, key, value, fmt):
    data = _with(path + ("zz_" + key,), value) if path else dict(VALID, **{"zz_" + key: value})
    result = _load(_text(data, fmt), fmt)
    assert isinstance(result, InputError), f"an unknown key at {path or 'the top level'} was loaded"


@HOSTILE
@given(key=st.text(min_size=1, max_size=10), fmt=FORMATS,
       where=st.sampled_from([("battlefield", 0), ("effects", 0), ("stack", 0)]))
def test_unknown_keys_in_choices(key, fmt, where):
    """The choices of a permanent, an effect or a stack entry name what the card asks: any other key is an error."""
    result = _load(_text(_with(where + ("choices",), {"zz_" + key: 1}), fmt), fmt)
    assert isinstance(result, InputError), f"an unknown choice at {where} was loaded"
