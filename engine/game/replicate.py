"""Replicate (702.56, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.56a: "Replicate is a keyword that represents two abilities. The first is a static ability that functions while the
spell with replicate is on the stack. The second is a triggered ability that functions while the spell with replicate
is on the stack. 'Replicate [cost]' means 'As an additional cost to cast this spell, you may pay [cost] any number of
times' and 'When you cast this spell, if a replicate cost was paid for it, copy it for each time its replicate cost was
paid. If the spell has any targets, you may choose new targets for any number of the copies.' Paying a replicate cost follows
the rules for paying additional costs in rules 601.2b and 601.2f-h."

The cast's ``replicate: N``: the times announced (601.2b), kept in the spell's choices; the cost paid N times, an
additional cost (601.2f, engine/game/costs.py: a mana cost only); as the spell becomes cast the triggered ability
triggers when N is at least 1 (603.4: its intervening "if"; engine/game/casting.py cast_triggers, beside storm's), and
resolves as storm's does (engine/game/resolve.py): N copies (707.10), each with new targets if its controller
chooses ({copy_targets: [...]}, 707.10c: engine/game/spell_copies.py). Known limit: 702.56b (several instances of
replicate, each paid separately) is not followed: the times paid are the spell's, whichever instance."""

from __future__ import annotations

from engine.game import spell_keywords
from engine.game.common import Rejected
from engine.game.triggered import Triggered

RULE = "702.56a"


def cost(game, oid: str, face, act) -> tuple[str, str] | None:
    """601.2b, 601.2f, 702.56a: the replicate cost paid as many times as the cast announces, and the words that say so;
    the times are kept in the spell's choices (its triggered ability counts them). None when it isn't paid."""
    n = getattr(act, "replicate", 0) or 0
    if not n:
        return None
    ab = spell_keywords.keyword(game, oid, face, "replicate")  # (or an effect's, 613.1f)
    if ab is None:
        raise Rejected(RULE, f"{face.name} has no replicate ability")
    game.state.objects[oid].choices["replicate"] = n
    return ab.cost * n, f"replicate {ab.cost} paid {n} time{'s' if n > 1 else ''} (702.56a)"


def times(game, oid: str, ab) -> int:
    """603.4, 702.56a: how many times the replicate cost of the spell ``oid`` was paid, for its replicate ability ``ab``
    (0: its triggered ability doesn't trigger)."""
    if getattr(ab, "keyword", None) != "replicate":
        return 0
    return int(game.state.objects[oid].choices.get("replicate") or 0)


def copy_trigger(game, oid: str, index: int, ab, player: str, before: int) -> Triggered:
    """601.2i, 603.2: the triggered ability of storm (702.40a: a copy for each other spell cast before it this turn,
    ``before``) or of replicate (702.56a, 603.4: a copy for each time its replicate cost was paid) of the spell ``oid``
    as it becomes cast, controlled by its caster; resolved by engine/game/resolve.py."""
    if ab.keyword == "storm":
        return Triggered(oid, index, ab.display(), oid, "storm", "702.40a, 601.2i", player, amount=before, model=ab)
    return Triggered(oid, index, ab.display(), oid, "replicate", "702.56a, 603.4", player, amount=times(game, oid, ab),
                     model=ab)
