"""A claims file of cheap good cases with a bad line every tenth line (issue 25: crosscheck survives anything per
line), and its run by hand: `mtgjudge crosscheck` with --jobs 1 and --jobs 2, timed, the summaries compared.

Run from the repository root:  python benchmarks/crosscheck_hostile.py [--lines 10000] [--out /tmp/hostile.jsonl]

tests/test_crosscheck_survives.py makes a few hundred lines of the same mix with :func:`hostile_claims`.

Good lines (nine in ten): Grizzly Bears alone (a layers claim that agrees, or one that claims 3 power: a
disagreement), and every 50th line a Glorious Anthem board that agrees. Bad lines (one in ten), in turn, each kind
of :data:`BAD_KINDS`: text that is not JSON, claims of the wrong shape (the ones that reached the comparison and
raised before: ``"loops": [[1, "a"]]``, an effect id that is a list, ``"triggers": 5``), nesting 5,000 deep, a
number of 5,000 digits, a duplicate key, NaN, a line that is not an object, bytes that are not UTF-8, and
``crash``: a claim the tests and this run make the comparison raise on (``{"loops": [["boom"]]}``: a bug made
for the purpose, by replacing the comparison in the command's process, whose workers are forked from it). A third
run, with --jobs 2, makes three worker processes die (the test hook of engine/app/crosscheck/workers.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BEARS = {"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]}
ANTHEM = {"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
                                                       {"card": "Glorious Anthem", "controller": "alice", "id": "anthem"}]}
E6 = {"players": ["alice", "bob"], "active": "alice",
      "battlefield": [{"card": "Boggart Brute", "controller": "alice", "id": "brute"},
                      {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}],
      "combat": {"attackers": {"brute": "bob"}}}
CRASH_CLAIM = {"loops": [["boom"]]}  # the tests make the layers comparison raise on this claim

BAD_KINDS = ("not_json", "loops", "effect_list", "triggers", "deep", "huge", "duplicate", "nan", "not_object",
             "not_utf8", "crash")


def _bad(kind: str, n: int) -> bytes:
    case = {"id": f"bad-{n}", "query": "layers", "board": BEARS}
    if kind == "not_json":
        text = '{"id": "bad-%d", "query": "layers", ' % n
    elif kind == "loops":
        text = json.dumps({**case, "claim": {"loops": [[1, "a"]]}})
    elif kind == "effect_list":
        text = json.dumps({**case, "claim": {"order": [{"effect": ["a", "b"], "layer": "7c"}]}})
    elif kind == "triggers":
        text = json.dumps({"id": f"bad-{n}", "query": "block", "board": E6, "declaration": {"block": {"bears": "brute"}},
                           "claim": {"triggers": 5}})
    elif kind == "deep":
        text = json.dumps(case)[:-1] + ', "claim": {"loops": ' + "[" * 5000 + "]" * 5000 + "}}"
    elif kind == "huge":
        text = json.dumps(case)[:-1] + ', "claim": {"objects": {"bears": {"power": ' + "9" * 5000 + "}}}}"
    elif kind == "duplicate":
        text = json.dumps({**case, "claim": {}})[:-1] + ', "id": "again"}'
    elif kind == "nan":
        text = json.dumps(case)[:-1] + ', "claim": {"objects": {"bears": {"power": NaN}}}}'
    elif kind == "not_object":
        text = "[1, 2, 3]"
    elif kind == "not_utf8":
        return b'{"id": "\xff\xfe", "query": "layers"}\n'
    else:  # crash
        text = json.dumps({**case, "claim": CRASH_CLAIM})
    return (text + "\n").encode("utf-8")


def _good(n: int) -> bytes:
    if n % 50 == 0:
        case = {"id": f"anthem-{n}", "query": "layers", "board": ANTHEM,
                "claim": {"objects": {"bears": {"power": 3, "toughness": 3}}}}
    elif n % 3 == 0:
        case = {"id": f"wrong-{n}", "query": "layers", "board": BEARS, "claim": {"objects": {"bears": {"power": 3}}}}
    else:
        case = {"id": f"bears-{n}", "query": "layers", "board": BEARS,
                "claim": {"objects": {"bears": {"power": 2, "toughness": 2, "colors": ["green"]}}}}
    return (json.dumps(case) + "\n").encode("utf-8")


def hostile_claims(lines: int) -> tuple[bytes, dict[int, str]]:
    """The claims file of ``lines`` lines, and the kind of each bad line by its number (every tenth line)."""
    out, bad = [], {}
    for n in range(1, lines + 1):
        if n % 10 == 0:
            kind = BAD_KINDS[(n // 10 - 1) % len(BAD_KINDS)]
            bad[n] = kind
            out.append(_bad(kind, n))
        else:
            out.append(_good(n))
    return b"".join(out), bad


def expected_good(lines: int) -> tuple[int, int]:
    """(agreeing, disagreeing) good lines of hostile_claims(lines)."""
    good = [n for n in range(1, lines + 1) if n % 10]
    disagree = sum(1 for n in good if n % 50 and n % 3 == 0)
    return len(good) - disagree, disagree


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--out", default="/tmp/crosscheck_hostile.jsonl")
    args = ap.parse_args()
    data, bad = hostile_claims(args.lines)
    Path(args.out).write_bytes(data)
    summaries = []
    # the comparison made to raise on CRASH_CLAIM (a bug, made for the run), in the command and in its forked workers
    command = ("import sys; sys.path.insert(0, 'benchmarks'); import crosscheck_hostile as h; "
               "from engine.app.crosscheck import checker as c; real = c.compare; "
               "c.compare = lambda q, o, claim, x: (1 / 0) if claim == h.CRASH_CLAIM else real(q, o, claim, x); "
               "from engine.app.cli import entry; entry()")
    dying = f"{args.lines // 2 + 1},{args.lines // 2 + 2},{args.lines * 3 // 4 + 7}"
    for jobs, env in ((1, {}), (2, {}), (2, {"MTGJUDGE_TEST_WORKER_EXIT_LINES": dying})):
        if env:
            print(f"workers dying on lines {dying} (the test hook):")
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", command, "crosscheck", args.out, "--jobs", str(jobs), "--json"],
                           capture_output=True, text=True, cwd=ROOT, env={**os.environ, **env})
        seconds = time.perf_counter() - t
        records = [json.loads(x) for x in r.stdout.splitlines()]
        summary = records[-1]["summary"] if records and "summary" in records[-1] else None
        summaries.append((r.stdout, summary))
        reported = {x["line"] for x in records[:-1] if "line" in x}
        print(f"--jobs {jobs}: exit {r.returncode}, {seconds:.1f} s, {len(records) - 1} records, "
              f"every line reported: {reported == set(range(1, args.lines + 1))}, summary: {json.dumps(summary)}")
        if r.stderr.strip():
            print("  stderr:", r.stderr.strip()[:500])
    agree, disagree = expected_good(args.lines)
    crash = len([k for k in bad.values() if k == "crash"])
    print(f"expected: {agree} agree, {disagree} disagree, {len(bad) - crash} malformed, {crash} errors")
    print("same output with --jobs 1 and --jobs 2:", summaries[0][0] == summaries[1][0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
