"""Running one case of the corpus and judging its outcome.

In-process cases run through engine.app.cli.main([...]) with standard output and error captured: an exception that
escapes main is a traceback, reported as such. Cases only a process can meet (a FIFO, a device, a file past the size
limit) run as `mtgjudge` in a subprocess with a timeout: past it, a hang."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from adversarial.corpus import Case
from adversarial.inputs import BOARD, dump
from adversarial.variants import BIG, FIFO, FOLDER, ZERO_LINK

ROOT = Path(__file__).resolve().parents[2]
PROCESS_TIMEOUT = 30.0  # seconds: a case that runs longer hangs (a FIFO, a device, a file that never ends)
ENTRY = "import sys; from engine.app.cli import entry; sys.argv[0] = 'mtgjudge'; entry()"
INTERNAL = "mtgjudge: internal error:"
MEMORY_LIMIT = 3_000_000_000  # bytes of address space for a process case (/dev/zero read whole must not eat the machine)


@dataclass
class Outcome:
    code: int | None  # None: it hung (killed at the timeout)
    out: str
    err: str
    raised: str | None = None  # an exception that escaped main (type: message)


def materialise(case: Case, folder: Path) -> list[str]:
    """Write the case's files into ``folder``; its argv with every {name} replaced by the file's path."""
    for name, content in case.files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if content == FOLDER:
            path.mkdir(exist_ok=True)
        elif content == FIFO:
            os.mkfifo(path)
        elif content == ZERO_LINK:
            path.symlink_to("/dev/zero")
        elif content == BIG:
            text = dump(BOARD, "yaml")
            with path.open("w", encoding="utf-8") as f:
                f.write(text)
                line = "# " + "x" * 1000 + "\n"
                f.write(line * (17 * 1024 * 1024 // len(line) + 1))
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return [_arg(a, folder) for a in case.argv]


def _arg(a: str, folder: Path) -> str:
    if a.startswith("{") and a.endswith("}"):
        return str(folder / a[1:-1])
    return a


def run(case: Case, folder: Path) -> Outcome:
    argv = materialise(case, folder)
    if case.process:
        return run_process(argv, folder)
    from engine.app.cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except BaseException as e:  # noqa: BLE001 - the corpus reports whatever escapes, as a traceback would show it
        return Outcome(None, out.getvalue(), err.getvalue(), f"{type(e).__name__}: {str(e)[:300]}")
    return Outcome(code, out.getvalue(), err.getvalue())


def run_process(argv: list[str], folder: Path) -> Outcome:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests")] + [p for p in [env.get("PYTHONPATH")] if p])
    try:
        p = subprocess.run([sys.executable, "-c", ENTRY, *argv], capture_output=True, cwd=folder, env=env,
                           timeout=PROCESS_TIMEOUT, stdin=subprocess.DEVNULL, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired as e:
        return Outcome(None, (e.stdout or b"").decode("utf-8", "replace"), (e.stderr or b"").decode("utf-8", "replace"))
    return Outcome(p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def problems(case: Case, o: Outcome, folder: Path) -> list[str]:
    """What is wrong with the outcome of a case: [] when it is what the case expects."""
    if o.raised:
        return [f"traceback: {o.raised}"]
    if o.code is None:
        return [f"hang: still running after {PROCESS_TIMEOUT:g} s"]
    if INTERNAL in o.err:
        return [f"internal error (the safety net caught a bug): {o.err.strip()[:300]}"]
    if "Traceback" in o.err:
        return [f"traceback on standard error (exit {o.code}): {o.err.strip().splitlines()[-1][:300]}"]
    if case.expect == "ok":
        return [] if o.code == 0 else [f"exit {o.code} for a valid input: {o.err.strip()[:300]}"]
    if case.expect == "claims":
        return _claims(o)
    blamed = case.blame if case.blame.startswith("/") else str(folder / case.blame)
    if case.expect == "verdict" and o.code == 1:
        return [] if ": illegal" in o.out else [f"exit 1 without a verdict of illegal: {o.out[:200]!r}"]
    if case.expect == "claims_file" and o.code == 2 and not o.err.strip():
        return _claims(o, line=None)
    if o.code == 0:
        return [f"silently accepted (exit 0): {o.out[:200]!r}"]
    return _one_error_line(o, blamed, case.field)


def _one_error_line(o: Outcome, blamed: str, field: str | None) -> list[str]:
    if o.code != 2:
        return [f"exit {o.code}, not 2: {o.err.strip()[:300]}"]
    lines = o.err.splitlines()
    if len(lines) != 1:
        return [f"{len(lines)} lines on standard error, not 1: {o.err[:300]!r}"]
    line = lines[0]
    found = []
    if o.out.strip():
        found.append(f"standard output not empty: {o.out[:200]!r}")
    if any(c in line for c in "\x00\x1b\x07\x7f\u202e"):
        found.append(f"a control character printed raw: {line!r}")
    prefix = f"mtgjudge: error: {blamed}: "
    if not line.startswith(prefix):
        return found + [f"does not name the file {blamed}: {line!r}"]
    rest = line[len(prefix):]
    if "(fix: " not in rest or not rest.endswith(")"):
        found.append(f"no fix: {line!r}")
    if field is not None:
        head = rest.split(" (fix: ")[0]
        if ": " not in head:
            found.append(f"no field: {line!r}")
        elif field and field not in head.split(": ")[0]:
            found.append(f"the field does not name {field!r}: {line!r}")
    return found


def _claims(o: Outcome, line: int | None = 2) -> list[str]:
    """A crosscheck run with one bad line (line 2): the good line reported, the bad one reported as malformed (or as an
    error), the summary counting it, exit 2."""
    found = []
    if o.code != 2:
        found.append(f"exit {o.code}, not 2: {o.err.strip()[-300:]}")
    records = []
    for text in o.out.splitlines():
        try:
            records.append(json.loads(text))
        except ValueError:
            found.append(f"standard output has a line that is not JSON: {text[:200]!r}")
    summary = next((r["summary"] for r in records if "summary" in r), None)
    if summary is None:
        return found + ["no summary"]
    if summary.get("malformed", 0) + summary.get("error", 0) < 1:
        found.append(f"the summary counts no bad line: {summary}")
    if line is not None:
        bad = [r for r in records if r.get("line") == line]
        if not bad or not (bad[0].get("malformed") or bad[0].get("error")):
            found.append(f"line {line} not reported as malformed: {bad}")
        good = [r for r in records if r.get("line") == 1]
        if not good or good[0].get("agree") is not True:
            found.append(f"the good line 1 not reported as agreeing: {good}")
    return found
