"""The hostile changes the corpus makes to a file, by class (issue 25): each a Variant, applied to a valid input of
tests/adversarial/inputs.py. A Variant is data-level (``mutate``: a change of the data, dumped as YAML or JSON, LIT
replaced by ``literal``), text-level (``text``: a change of the dumped text, in one language) or a whole file
(``content``: bytes, or FOLDER / FIFO / ZERO_LINK for what only a process can meet)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from adversarial.inputs import LIT, LITERALS, block_nested, changed, nested

FOLDER, FIFO, ZERO_LINK, BIG = "<folder>", "<fifo>", "<symlink to /dev/zero>", "<17 MB>"
SPECIAL = (FOLDER, FIFO, ZERO_LINK, BIG)

# who fixes a class when it fails on the base (the areas of issue 25); "main": already right on the base
PARSE, RANGES, KEYS, CROSSCHECK, LIMITS, MAIN = "parse", "ranges", "keys", "crosscheck", "limits", "main"


@dataclass(frozen=True)
class Variant:
    name: str
    klass: str  # the class of hostile input (issue 25's list)
    owner: str  # the area that makes it hold
    expect: str = "error"  # error: exit 2, one line naming the file, a field and the fix; ok: exit 0
    field: str | None = ""  # error: what the line's field names ("" any field; None: a whole-file error, no field)
    mutate: Callable[[Any], Any] | None = None
    literal: str | None = None  # the name of a LITERALS entry that replaces LIT
    text: Callable[[str], str] | None = None
    fmt: str = "yaml"  # the language of a text-level variant, or of the dump of a data-level one
    content: bytes | str | None = None
    process: bool = False  # only a process meets it (a device, a FIFO, a size past the limit): run by subprocess

    def render(self, base: Any) -> str | bytes:
        """This variant of ``base`` as a file's content (a SPECIAL string for a file only a process can meet)."""
        from adversarial.inputs import dump

        if self.content is not None:
            return self.content
        if self.text is not None:
            before = dump(base, self.fmt)
            after = self.text(before)
            assert after != before, f"{self.name}: the text change found nothing to change"
            return after
        data = self.mutate(base) if self.mutate else base
        literal = None
        if self.literal is not None:
            literal = LITERALS[self.literal][0 if self.fmt == "yaml" else 1]
            assert literal is not None, f"{self.name}: no {self.fmt} form"
        return dump(data, self.fmt, literal)


def _replace(old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text, f"{old!r} is not in the text"
        return text.replace(old, new, 1)
    return change


def numbers(site: str, path: tuple, names: tuple[str, ...], owner_of: Callable[[str], str],
            ok: tuple[str, ...] = ("1000",), fmts: tuple[str, ...] = ("yaml",), field_token: str | None = None) -> list[Variant]:
    """The number classes at one field: each literal of ``names`` in place of the value at ``path``; the literals of
    ``ok`` are valid there, every other one is an error naming the field."""
    out = []
    token = field_token if field_token is not None else str(path[-1])
    for fmt in fmts:
        for name in names:
            if LITERALS[name][0 if fmt == "yaml" else 1] is None:
                continue
            out.append(Variant(f"{site}={name}.{fmt}", _number_class(name), owner_of(name),
                               "ok" if name in ok else "error", None if name in ok else token,
                               mutate=lambda d, p=path: changed(d, p, LIT), literal=name, fmt=fmt))
    return out


def _number_class(name: str) -> str:
    if name == "digits5000":
        return "huge integer"
    if name in ("1e30", "5e9", "-1e12", "2^31-1", "2^32", "1000"):
        return "integer range"
    if name == "-1":
        return "negative amount"
    if name in ("2.5", "nan", "inf", "1e999"):
        return "float"
    if name in ("plain_yes", "string_yes"):
        return "yes for a bool"
    return "string or bool for a number"


def number_owner(name: str) -> str:
    return PARSE if name in ("digits5000", "plain_yes") else RANGES


ALL_NUMBERS = ("digits5000", "1e30", "5e9", "-1e12", "2^31-1", "2^32", "-1", "1000", "2.5", "nan", "inf", "1e999",
               "string3", "true")
SOME_NUMBERS = ("digits5000", "1e30", "2^31-1", "2^32", "-1", "1000", "2.5", "string3", "true")


def unknown_key(path: tuple) -> Variant:
    where = ".".join(map(str, path)) or "top"
    return Variant(f"unknown key at {where}", "unknown key", KEYS, field="zzq",
                   mutate=lambda d, p=path: changed(d, p + ("zzq",), 1))


def garbage_bytes(seed: int, size: int = 600) -> bytes:
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(size))


def whole_file(language: str = "yaml") -> list[Variant]:
    """The classes of a whole file that is no file of its kind: empty, garbage, a folder, a FIFO, /dev/zero, too big."""
    out = [
        Variant("empty file", "empty file", KEYS, field=None, content=""),
        Variant("only whitespace", "empty file", KEYS, field=None, content="  \n\n"),
        Variant("binary garbage", "binary garbage", MAIN, field=None, content=garbage_bytes(25)),
        Variant("NUL bytes", "binary garbage", PARSE, field=None, content=b"\x00" * 64),
        Variant("UTF-16 text", "binary garbage", MAIN, field=None, content="players: [alice, bob]\n".encode("utf-16")),
        Variant("a list, not a map", "wrong shape", MAIN, field=None, content="[]\n" if language == "yaml" else "[]"),
        Variant("a folder", "a file that is a folder", MAIN, field=None, content=FOLDER),
        Variant("a FIFO", "a FIFO or a device", PARSE, field=None, content=FIFO, process=True),
        Variant("a symlink to /dev/zero", "a FIFO or a device", PARSE, field=None, content=ZERO_LINK, process=True),
    ]
    if language == "yaml":
        out += [Variant("only ---", "empty file", KEYS, field=None, content="---\n"),
                Variant("null", "empty file", KEYS, field=None, content="null\n")]
    return out


def deep_nesting(key_yaml: str, key_json: str, value_yaml: str, value_json: str, deepest_yaml: bool = False) -> list[Variant]:
    """Nesting past any parser's recursion: the value of one key replaced by lists or maps 1,000 and 100,000 deep
    (100,000 in YAML only with ``deepest_yaml``: the pure-Python scanner takes seconds over it)."""
    out = []
    for depth in (1000, 100_000):
        if depth == 1000 or deepest_yaml:
            out.append(Variant(f"YAML list nested {depth}", "deep nesting", PARSE,
                               text=_replace(f"{key_yaml}: {value_yaml}", f"{key_yaml}: {nested(depth, 'yaml')}")))
        out.append(Variant(f"JSON list nested {depth}", "deep nesting", PARSE, fmt="json",
                           text=_replace(f'"{key_json}": {value_json}', f'"{key_json}": {nested(depth, "json")}')))
    out += [
        Variant("YAML map nested 1000", "deep nesting", PARSE,
                text=_replace(f"{key_yaml}: {value_yaml}", f"{key_yaml}: {nested(1000, 'yaml', 'map')}")),
        Variant("JSON map nested 1000", "deep nesting", PARSE, fmt="json",
                text=_replace(f'"{key_json}": {value_json}', f'"{key_json}": {nested(1000, "json", "map")}')),
        Variant("YAML block list nested 1000", "deep nesting", PARSE,
                text=lambda t: t + "zzdeep:\n" + "".join("  " + line + "\n" for line in block_nested(1000).splitlines())),
    ]
    return out


def tags(key: str, value: str) -> list[Variant]:
    """YAML tags on the value of ``key`` (its text ``value``): only plain YAML types are data."""
    old = f"{key}: {value}"
    return [
        Variant(f"!!binary at {key}", "YAML tag", PARSE, text=_replace(old, f"{key}: !!binary Z2lhbnQ=")),
        Variant(f"!!set at {key}", "YAML tag", PARSE, text=_replace(old, f"{key}: !!set {{a, b}}")),
        Variant(f"!!omap at {key}", "YAML tag", PARSE, text=_replace(old, f"{key}: !!omap [{{a: 1}}]")),
        Variant(f"!!python/object at {key}", "YAML tag", MAIN,
                text=_replace(old, f'{key}: !!python/object/apply:os.system ["true"]')),
        Variant(f"!!timestamp at {key}", "YAML tag", PARSE, text=_replace(old, f"{key}: !!timestamp 2024-01-01")),
        Variant(f"local tag at {key}", "YAML tag", MAIN, text=_replace(old, f"{key}: !foo {value}")),
    ]


def duplicates(yaml_top: tuple[str, str], yaml_nested: tuple[str, str], json_top: tuple[str, str],
               json_nested: tuple[str, str], yaml_owner: str = MAIN) -> list[Variant]:
    """One key twice in one map: at the top level and nested, in YAML and in JSON (each pair: the text, its
    replacement)."""
    return [
        Variant("YAML duplicate key, top level", "duplicate key", yaml_owner, text=_replace(*yaml_top)),
        Variant("YAML duplicate key, nested", "duplicate key", yaml_owner, text=_replace(*yaml_nested)),
        Variant("JSON duplicate key, top level", "duplicate key", PARSE, fmt="json", text=_replace(*json_top)),
        Variant("JSON duplicate key, nested", "duplicate key", PARSE, fmt="json", text=_replace(*json_nested)),
    ]
