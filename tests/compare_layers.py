"""Compare the layers program with its oracle on board files: python tests/compare_layers.py BOARD...

Prints each board's differences (objects, order, dependencies, loops) and exits 1 if any."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bridge.layers import compute_layers  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import load_board  # noqa: E402
from oracles.layers import oracle_layers  # noqa: E402


def normalize_objects(objects: dict) -> dict:
    return {oid: {k: (sorted(v) if isinstance(v, list) else v) for k, v in o.items() if k != "all_creature_types"}
            for oid, o in objects.items()}


def differences(state, config=None) -> list[str]:
    solver = compute_layers(state, config)
    if solver.timed_out:
        return ["the solver hit its time limit: no result to compare"]
    oracle = oracle_layers(state)
    out = []
    a, b = normalize_objects(solver.objects), normalize_objects(oracle.characteristics())
    for oid in sorted(set(a) | set(b)):
        for k in sorted(set(a.get(oid, {})) | set(b.get(oid, {}))):
            if a.get(oid, {}).get(k) != b.get(oid, {}).get(k):
                out.append(f"{oid}.{k}: solver {a.get(oid, {}).get(k)!r} oracle {b.get(oid, {}).get(k)!r}")
    sa = [(e["layer"], e["effect"], tuple(e["applies_to"])) for e in solver.order]
    sb = [(e["layer"], e["effect"], tuple(sorted(e["applies_to"]))) for e in oracle.order]
    if sa != sb:
        out.append(f"order: solver {sa} oracle {sb}")
    da = sorted((d["effect"], d["depends_on"], d["layer"], d["reason"]) for d in solver.dependencies)
    db = sorted((d["effect"], d["depends_on"], d["layer"], d["reason"]) for d in oracle.dependencies)
    if da != db:
        out.append(f"dependencies: solver {da} oracle {db}")
    if sorted(solver.loops) != sorted(oracle.loops):
        out.append(f"loops: solver {solver.loops} oracle {oracle.loops}")
    return out


def main(paths: list[str]) -> int:
    library = load_library([ROOT / "tests" / "data" / "cards"])
    bad = 0
    for p in paths:
        diffs = differences(load_board(p, library))
        print(f"{p}: {'agree' if not diffs else 'DISAGREE'}")
        for d in diffs:
            print("  " + d)
        bad += bool(diffs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
