"""Operations on several targets of a spell (issue 21, round 21: the card vocabulary's engine/vocab/oneshot_targets.py):
counters distributed among a spell's targets as it was cast (601.2d, 122.1). Registered in engine/game/instructions.py's
DELEGATED (OPS)."""

from __future__ import annotations

from engine.files.events import Counters as CountersEvent


def divided_counters(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """601.2d, 122.1, 608.2b: "Distribute two +1/+1 counters among one or two target creatures": each target still legal
    gets the counters announced for it as the spell was cast (the spell's choices.divide, aligned with its targets, as
    casting.division checked them: at least 1 each, ``total`` in all); an illegal target gets none."""
    st = ins.game.state
    spell = st.objects.get(source)
    given = dict(zip(spell.targets, spell.choices.get("divide") or ())) if spell is not None else {}
    events = [CountersEvent(type="counters", object=t, kind=op.kind, amount=given[t], by=you)  # (608.2c: who puts them)
              for t in dict.fromkeys(targets) if t is not None and given.get(t, 0) > 0 and t in st.battlefield]
    if events:
        ins.game.events.counters(events)


OPS = {"divided_counters": divided_counters}
