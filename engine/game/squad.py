"""Squad (702.157) and offspring (702.175), current official rules (the seed text stops at 702.42): keywords of the game
loop that each represent an additional cost and an enters trigger making token copies.

702.157a: "'Squad [cost]' means 'As an additional cost to cast this spell, you may pay [cost] any number of times' and
'When this creature enters, if its squad cost was paid, create a token that's a copy of it for each time its squad cost
was paid.'" 702.175a: "'Offspring [cost]' means 'You may pay an additional [cost] as you cast this spell' and 'When this
permanent enters, if its offspring cost was paid, create a token that's a copy of it, except it's 1/1.'"

The cast's ``squad: N`` / ``offspring: true``: the additional cost announced (601.2b), paid with the spell's total cost
(601.2f-h; a cost of mana symbols only), kept in the spell's choices as kicker's is; as the permanent the spell becomes
enters (608.3), its squad or offspring ability, if the layers give the permanent that ability then (603.2, 603.6a),
triggers only if that cost was paid (603.4: its intervening "if", true for good once paid); as it resolves, the tokens
copy the permanent (707.2, engine/game/events.py: ``token_copies``; 608.2h: as it last existed if it left the
battlefield), offspring's with the exception 1/1 among their copiable values (707.9b). Known limits: several instances
of the keyword (702.157b, 702.175b: each paid apart) count as one."""

from __future__ import annotations

import re

from engine.game.common import Rejected, _name
from engine.game.triggered import Triggered

RULES = {"squad": "702.157a", "offspring": "702.175a"}
_MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")


def cost(game, oid: str, face, act) -> tuple[str, str] | None:
    """601.2b, 601.2f: the squad cost paid as many times as the cast announces (702.157a), the offspring cost once
    (702.175a), and the words that say so; the times kept in the spell's choices. None when neither is paid."""
    extra, said = "", []
    for keyword, n in (("squad", getattr(act, "squad", 0) or 0), ("offspring", int(bool(getattr(act, "offspring", False))))):
        if not n:
            continue
        ab = game.casting.keyword(face, keyword)
        if ab is None:
            raise Rejected(RULES[keyword], f"{face.name} has no {keyword} ability")
        if not _MANA_ONLY.match(ab.cost or ""):
            raise Rejected("601.2f", f"paying the {keyword} cost '{ab.cost}' is not supported yet")
        game.state.objects[oid].choices[keyword] = n
        extra += ab.cost * n
        said.append(f"{keyword} {ab.cost} paid{f' {n} times' if n > 1 else ''} ({RULES[keyword]})")
    return (extra, ", ".join(said)) if said else None


def entered(game, oid: str) -> None:
    """603.2, 603.4: the permanent ``oid``, just entered from the stack, triggers its squad and offspring abilities
    (those the layers give it now, printed or copied: the holder's) whose cost was paid as it was cast."""
    st = game.state
    o = st.objects[oid]
    layers = game.layers()
    for holder, index in layers.printed_abilities.get(oid, ()):
        ab = st.objects[holder].printed.abilities[index - 1]
        keyword = getattr(ab, "keyword", None) if ab.kind == "keyword" else None
        n = int(o.choices.get(keyword) or 0) if keyword in RULES else 0
        if n:
            game.pending.append(Triggered(oid, index, ab.display(), oid, keyword, f"{RULES[keyword]}, 603.4",
                                          layers.objects.get(oid, {}).get("controller", o.controller), amount=n,
                                          model=ab))


def resolve(game, ab, source: str, you: str, n: int) -> None:
    """702.157a: a token copy of the source for each time its squad cost was paid; 702.175a: one, except it's 1/1
    (707.9b)."""
    st = game.state
    if source not in st.objects:  # (a token that ceased to exist: its copiable values aren't kept)
        game.say("608.2h", f"{_name(st, source)} no longer exists: no token is created")
        return
    if ab.keyword == "offspring":
        game.say("702.175a", f"its offspring cost was paid: a token copy of {_name(st, source)}, except it's 1/1")
        game.events.token_copies(source, you, 1, pt=(1, 1))
        return
    game.say("702.157a", f"its squad cost was paid {n} time{'s' if n > 1 else ''}: {n} token cop{'ies' if n > 1 else 'y'}")
    game.events.token_copies(source, you, n)
