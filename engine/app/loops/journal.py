"""The journal of a catalogue run with --out (docs/loops.md, "A run that can be stopped"): every search's result
written to ``DIR/journal.jsonl`` as the search ends, so that a run stopped (a killed process, a lost Dask cluster)
and started again with the same options skips the searches done and gives the same files as one run that was never
stopped. The journal's first line holds what the results depend on besides the search itself (each search's time
limit, the --card-dir folders, and a fingerprint of the programs and the code that made them: every .lp and .py
file of asp_rules/, bridge/ and engine/); a journal made with others is bad input, never mixed in.

A line is ``{"task": ..., "result": ...}``: the search asked (engine/app/loops/workers.py Task) and what it gave
(model.py Finding or Absent), both as JSON that reads back to equal values. At the end of a run the journal is
written again in the order the searches were asked (the order they ended in varies with the workers)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Sequence

from engine.app.loops.model import Absent, AbilityRef, Edge, Finding, Goal
from engine.app.loops.workers import Settings, Task
from engine.files.errors import InputError

NAME = "journal.jsonl"


def _ref(r: AbilityRef) -> list:
    return [r.card, r.index]


def _unref(x: list) -> AbilityRef:
    return AbilityRef(str(x[0]), int(x[1]))


def task_json(t: Task) -> dict[str, Any]:
    return {"layer": t.layer, "why": t.why, "members": [_ref(m) for m in t.members],
            "edges": [[_ref(a), _ref(b)] for a, b in t.edges], "loop": t.loop}


def task_key(t: Task) -> str:
    return json.dumps(task_json(t), sort_keys=True, ensure_ascii=False)


def result_json(r: Finding | Absent) -> dict[str, Any]:
    if isinstance(r, Finding):
        return {"finding": {"kind": r.kind, "layer": r.layer, "members": [_ref(m) for m in r.members],
                            "edges": [[_ref(e.effect), _ref(e.depends_on), e.reason] for e in r.edges],
                            "rule": r.rule, "witness": r.witness, "domain": r.domain}}
    return {"absent": {"layer": r.layer, "members": [_ref(m) for m in r.members],
                       "goal": {"edges": [[_ref(a), _ref(b)] for a, b in r.goal.edges], "loop": r.goal.loop},
                       "why": r.why, "domain": r.domain, "detail": r.detail}}


def result_from(d: dict[str, Any]) -> Finding | Absent:
    if "finding" in d:
        f = d["finding"]
        return Finding(f["kind"], f["layer"], tuple(map(_unref, f["members"])),
                       tuple(Edge(_unref(a), _unref(b), why) for a, b, why in f["edges"]), f["rule"], f["witness"],
                       f["domain"])
    a = d["absent"]
    goal = Goal(tuple((_unref(x), _unref(y)) for x, y in a["goal"]["edges"]), bool(a["goal"]["loop"]))
    return Absent(a["layer"], tuple(map(_unref, a["members"])), goal, a["why"], a["domain"], a["detail"])


TASK_KEYS = frozenset({"layer", "why", "members", "edges", "loop"})


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of the journal, whose keys are each given once (json's default keeps the last, silently)."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise _Duplicate(key)
        seen.add(key)
    return dict(pairs)


class _Duplicate(ValueError):
    pass


def _line(row: Any, path: str, n: int) -> tuple[str, Finding | Absent]:
    """A journal line read back exactly: the task asked (the key of its search) and its result. A line with a key
    the journal doesn't write, without one it writes, or with values of other types would be read in part, the
    rest ignored: it is bad input."""
    try:
        if not isinstance(row, dict) or set(row) != {"task", "result"}:
            raise ValueError("task", "result")
        if not isinstance(row["task"], dict) or set(row["task"]) != TASK_KEYS:
            raise ValueError(*sorted(TASK_KEYS))
        result = result_from(row["result"])
        if result_json(result) != row["result"]:
            raise ValueError("result")
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError(path, f"line {n}", "is not a journal line (its keys or values are not the ones a run writes)",
                         "remove the file to start again") from None
    return json.dumps(row["task"], sort_keys=True, ensure_ascii=False), result


def code_fingerprint() -> str:
    """A digest of every program and module a search runs (asp_rules/, bridge/, engine/: .lp and .py files)."""
    import hashlib

    root = Path(__file__).resolve().parents[3]
    digest = hashlib.sha256()
    for package in ("asp_rules", "bridge", "engine"):
        for f in sorted((root / package).rglob("*")):
            if f.suffix in (".lp", ".py") and f.is_file():
                digest.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _header(settings: Settings) -> dict[str, Any]:
    return {"journal": "mtgjudge loops", "time_limit": settings.time_limit, "card_dirs": list(settings.card_dirs),
            "code": code_fingerprint()}


class Journal:
    """The searches done in earlier runs into ``folder`` (read when opened), and the file each new result is
    appended to as it ends."""

    def __init__(self, folder: Path, settings: Settings):
        self.path = folder / NAME
        self.header = _header(settings)
        self.done: dict[str, Finding | Absent] = {}
        if self.path.exists() and self.path.stat().st_size:
            self._read()
        else:
            folder.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.header, sort_keys=True) + "\n", encoding="utf-8")

    def _read(self) -> None:
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            head = json.loads(lines[0], object_pairs_hook=_unique)
        except (json.JSONDecodeError, ValueError):
            head = None
        if not isinstance(head, dict) or head.get("journal") != self.header["journal"]:
            raise InputError(str(self.path), "line 1", "is not a catalogue journal",
                             "remove the file, or give another --out folder")
        if head != self.header:
            raise InputError(str(self.path), "line 1", f"was written by a run with other settings ({head})",
                             "give the same --time-limit and --card-dir (and the same mtgjudge), or remove the file to "
                             "start again")
        for n, line in enumerate(lines[1:], 2):
            try:
                row = json.loads(line, object_pairs_hook=_unique)
            except _Duplicate as e:
                raise InputError(str(self.path), f"line {n}", f"has the key {e.args[0]!r} twice",
                                 "remove the file to start again") from None
            except json.JSONDecodeError:
                if n == len(lines):  # the last line of a run stopped while writing it: that search is made again
                    break
                raise InputError(str(self.path), f"line {n}", "is not a journal line",
                                 "remove the file to start again") from None
            key, result = _line(row, str(self.path), n)
            if key in self.done:
                raise InputError(str(self.path), f"line {n}", "is a search the journal already has",
                                 "remove the file to start again")
            self.done[key] = result

    def record(self, task: Task, result: Finding | Absent) -> None:
        """Append one search's result (flushed to the disk: a run stopped next keeps it)."""
        self.done[task_key(task)] = result
        with self.path.open("a", encoding="utf-8") as f:
            # (keys in their order, not sorted: a witness board reads back as it was written)
            f.write(json.dumps({"task": task_json(task), "result": result_json(result)}, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def run(self, tasks: Sequence[Task], run: Callable[..., list]) -> list:
        """Each task's result, in order: from the journal when done before, else by ``run(todo, on_result)``
        (which calls ``on_result(i, result)`` as the i-th task of ``todo`` ends)."""
        todo = [t for t in tasks if task_key(t) not in self.done]
        if todo:
            run(todo, lambda i, result: self.record(todo[i], result))
        return [self.done[task_key(t)] for t in tasks]

    def finish(self, tasks: Sequence[Task]) -> None:
        """Write the journal again, in the order of ``tasks`` (the run's searches, all done), atomically."""
        rows = [json.dumps(self.header, sort_keys=True)]
        rows += [json.dumps({"task": task_json(t), "result": result_json(self.done[task_key(t)])},
                            ensure_ascii=False) for t in tasks]
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text("\n".join(rows) + "\n", encoding="utf-8")
        tmp.replace(self.path)
