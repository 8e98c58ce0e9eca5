"""Optional additional costs of keywords (601.2b, 601.2f-h; the current official rules: the seed text stops at 702.42),
a part of the game loop's casting: bargain (702.166), casualty N (702.153) and conspire (702.78); and the costs in words
of buyback (702.27a, "Buyback—Sacrifice a land.") and escalate (702.120a, "Escalate—Discard a card."), paid as the
spell's other additional costs are.

702.166a: "Bargain" means "As an additional cost to cast this spell, you may sacrifice an artifact, enchantment, or
token." 702.166b: a spell whose controller declared the intention to pay it is "bargained" (the spell's choices'
``bargained``: "if this spell was bargained", engine/game/ifcond.py; the permanent it becomes entered bargained, "if it
was bargained": the enter event's ``bargained``, engine/game/triggered.py).

702.153a: "Casualty N" means "As an additional cost to cast this spell, you may sacrifice a creature with power N or
greater," and "When you cast this spell, if a casualty cost was paid for it, copy it. If the spell has any targets,
you may choose new targets for the copy."

702.78a: "Conspire" means "As an additional cost to cast this spell, you may tap two untapped creatures you control
that each share a color with it" and "When you cast this spell, if its conspire cost was paid, copy it. If the spell
has any targets, you may choose new targets for the copy."

The cast announces each (601.2b: ``bargain``, ``casualty``, ``conspire``); what pays it is the cast's ``sacrificing``
(``tapping``), chosen and paid with the spell's other additional costs by engine/game/cost_parts.py (the selector of
the permanents that can pay it matched by the selector machinery). The copy triggers are replicate's
(engine/game/replicate.py copy_trigger, resolved by engine/game/resolve.py: one copy, new targets if chosen, 707.10c).
Known limit: 702.153b, 702.78b (several instances, each paid separately) are not followed: one cost per keyword."""

from __future__ import annotations

from engine.game import replicate, spell_keywords
from engine.game.common import Rejected
from engine.game.triggered import Triggered
from engine.vocab.activation import CostPart, cost_in_words
from engine.vocab import mixed_costs  # 702.34a
from engine.game import harmonize  # 702.180a
from engine.vocab.selector import Selector

RULES = {"bargain": "702.166a", "casualty": "702.153a", "conspire": "702.78a"}
# the spell's choices that say the cost was paid (702.166b: "bargained")
CHOSEN = {"bargain": "bargained", "casualty": "casualty_paid", "conspire": "conspired"}
COLORS = {"white", "blue", "black", "red", "green"}


def _part(keyword: str, ab, colors) -> tuple[str, CostPart]:
    """The cost the keyword stands for, in words, and as the part of a cost the loop pays (601.2h)."""
    if keyword == "bargain":  # 702.166a
        return "Sacrifice an artifact, enchantment, or token (702.166a: bargain)", CostPart(
            verb="sacrifice", what=Selector(any_of=[Selector(any_types=["Artifact", "Enchantment"]), Selector(token=True)],
                                            controller="you", zone="battlefield"))
    if keyword == "casualty":  # 702.153a
        return f"Sacrifice a creature with power {ab.n} or greater (702.153a: casualty {ab.n})", CostPart(
            verb="sacrifice", what=Selector(types=["Creature"], power_at_least=ab.n, controller="you", zone="battlefield"))
    shared = sorted(set(colors) & COLORS)  # 702.78a: each shares a color with it (105.2: a colorless spell, none)
    if not shared:
        raise Rejected("702.78a", "the spell is colorless: no creature shares a color with it, its conspire cost can't "
                                  "be paid")
    return "Tap two untapped creatures you control that each share a color with it (702.78a: conspire)", CostPart(
        verb="tap", count=2, what=Selector(types=["Creature"], colors=shared, controller="you", zone="battlefield"))


def parts(game, oid: str, face) -> list[tuple[str, CostPart]]:
    """601.2b, 601.2h: the optional additional costs the cast announced (its choices, :func:`announce`), as texts and
    parts for engine/game/spell_costs.py additional_parts; and the parts of a buyback cost in words (702.27a,
    "Buyback—Sacrifice a land.") and of an escalate cost in words once for each mode beyond the first (702.120a,
    "Escalate—Discard a card.")."""
    choices = game.state.objects[oid].choices
    out = [_part(kw, spell_keywords.keyword(game, oid, face, kw), face.colors) for kw in RULES if choices.get(CHOSEN[kw])]
    times = {"buyback": 1 if choices.get("buyback") else 0,
             "escalate": max(len(choices.get("modes") or ()) - 1, 0)}
    for kw, n in times.items():
        ab = game.casting.keyword(face, kw) if n else None
        words = cost_in_words(ab.cost) if ab is not None else None
        for part in words.parts if words is not None else ():
            count = part.count if n == 1 else part.count * n  # (702.120a: once for each mode beyond the first)
            out.append((f"{kw} {ab.cost.rstrip('.')}" + (f" ({n} times)" if n > 1 else "") + f" ({WORD_RULES[kw]})",
                        part.model_copy(update={"count": count})))
    flashback = game.casting.keyword(face, "flashback") if choices.get("flashback") else None  # 702.34a, in words
    words = mixed_costs.read(flashback.cost) if flashback is not None else None
    for part in words.parts if words is not None else ():
        out.append((f"flashback {flashback.cost.rstrip('.')} (702.34a)", part))
    return out + harmonize.parts(game, oid)  # 702.180a: the creature tapped


WORD_RULES = {"buyback": "702.27a", "escalate": "702.120a"}


def escalate_mana(game, face, modes) -> tuple[str, str] | None:
    """601.2f, 702.120a: "Escalate [cost]" means "For each mode you choose beyond the first as you cast this spell, you
    pay an additional [cost]": a cost of mana symbols that many times, and the words that say so (None: no mode beyond
    the first, or no such escalate cost)."""
    ab = game.casting.keyword(face, "escalate")
    extra = max(len(modes or ()) - 1, 0)
    if ab is None or not extra or not (ab.cost or "").startswith("{"):
        return None
    return ab.cost * extra, f"escalate {ab.cost} for {extra} mode(s) beyond the first (702.120a)"


def announce(game, oid: str, face, act) -> list[str]:
    """601.2b: the intention to pay each optional additional cost the cast announces, kept in the spell's choices
    (702.166b: bargained); refused for a keyword the spell doesn't have. The words that say so."""
    said = []
    for kw, rule in RULES.items():
        if not getattr(act, kw, False):
            continue
        if spell_keywords.keyword(game, oid, face, kw) is None:  # its own, or an effect's (613.1f)
            raise Rejected(rule, f"{face.name} has no {kw} ability")
        game.state.objects[oid].choices[CHOSEN[kw]] = True
        said.append({"bargain": "bargained (702.166b)", "casualty": "its casualty cost paid (702.153a)",
                     "conspire": "its conspire cost paid (702.78a)"}[kw])
    return said


def copy_triggers(game, oid: str, chars, player: str, before: int, given=()) -> list[Triggered]:
    """601.2i, 603.2, 603.4: as the spell becomes cast, the triggered abilities that copy it: storm's (702.40a: a copy
    for each of the ``before`` other spells cast before it this turn) and replicate's (702.56a: for each time its cost
    was paid), engine/game/replicate.py; casualty's (702.153a) and conspire's (702.78a) if its cost was paid: one
    copy (resolved as replicate's, engine/game/resolve.py). ``given``: the keywords an effect gives the spell (613.1f)."""
    out = []
    choices = game.state.objects[oid].choices
    for index, ab in enumerate(list(chars.abilities) + list(given), 1):
        kw = getattr(ab, "keyword", None) if getattr(ab, "kind", None) == "keyword" else None
        if kw == "storm" or kw == "replicate" and replicate.times(game, oid, ab):
            out.append(replicate.copy_trigger(game, oid, index, ab, player, before))
        if kw == "gravestorm":  # 702.69a: a copy for each permanent put into a graveyard from the battlefield this turn
            out.append(Triggered(oid, index, ab.display(), oid, kw, "702.69a, 601.2i", player,
                                 amount=game.state.to_graveyard, model=ab))
        if kw in ("casualty", "conspire") and choices.get(CHOSEN[kw]):
            out.append(Triggered(oid, index, ab.display(), oid, kw,
                                 f"{RULES[kw]}, 603.4", player, amount=1, model=ab))
    return out
