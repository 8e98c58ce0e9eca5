"""Draw the reviewed sample of compiled cards (issue 21): 300 database cards with compiled abilities,
stratified by ability family (60 cards for each of families 1-5, engine/vocab/oracle/families.py) and,
within a family, by card type (the card data carries no dates, so no stratum by era), each with its
Oracle text beside its compiled abilities, written to tests/data/oracle_sample.yaml for a second
reader. Cards already in the file keep their entry and review; the draw is deterministic.

    python tests/make_oracle_sample.py          # (re)draws; then review the new entries
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT / "tests" / "data" / "oracle_sample.yaml"
PER_FAMILY = 60


def rendering(card) -> list[dict]:
    """The compiled abilities of a card as the vocabulary writes them (defaults left out)."""
    return [a.model_dump(mode="json", by_alias=True, exclude_defaults=True) for a in card.abilities]


def main() -> None:
    from engine.files import carddb
    from engine.files.cardstore import statuses
    from engine.files.dbcards import card_file

    db = carddb.open_database()
    rows = statuses(db)
    kept = yaml.safe_load(SAMPLE.read_text(encoding="utf-8")) if SAMPLE.exists() else []
    have = {e["card"] for e in kept}
    rng = random.Random(21)
    by_family: dict[int, dict[str, list[str]]] = {f: {} for f in range(1, 6)}
    for name in sorted(rows):
        status, n, total, _, detail = rows[name]
        if status == "unconvertible" or not n:
            continue
        record = db.card(name)
        main_type = record.types[-1] if record.types else "none"
        for fam in {f for f, by, _ in json.loads(detail) if by}:
            if fam in by_family:
                by_family[fam].setdefault(main_type, []).append(name)
    out = list(kept)
    for fam, types in by_family.items():
        want = PER_FAMILY - sum(1 for e in kept if e["family"] == fam)
        pools = {t: rng.sample(sorted(ns), len(ns)) for t, ns in sorted(types.items())}
        while want > 0 and any(pools.values()):
            for t in sorted(pools):  # one card of each type in turn: every type is drawn
                while pools[t] and (pools[t][-1] in have):
                    pools[t].pop()
                if pools[t] and want > 0:
                    name = pools[t].pop()
                    have.add(name)
                    card = card_file(db.card(name))
                    out.append({"card": name, "family": fam, "type": t, "oracle": card.oracle,
                                "compiled": rendering(card), "review": ""})
                    want -= 1
    SAMPLE.write_text(yaml.safe_dump(out, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None),
                      encoding="utf-8")
    print(f"{len(out)} cards in {SAMPLE.relative_to(ROOT)} ({len(out) - len(kept)} new, to review)")


if __name__ == "__main__":
    main()
