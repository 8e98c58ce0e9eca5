"""602, 613.1f: the abilities a card's static abilities grant, numbered as an activation's ``granted_by`` numbers them
(engine/game/ability_refs.py), for ``mtgjudge cards``: a module of the vocabulary, so that the command imports neither
the game loop nor the solver (tests/test_startup.py)."""

from __future__ import annotations

GRANTED_ACTIVATED = ("outlast",)  # 702.107a: granted keywords the loop activates (engine/game/triggered.py)


def granted_by_card(card) -> list[tuple[int, str]]:
    """``mtgjudge cards``: the abilities a card's static abilities grant (613.1f), numbered as ``granted_by`` numbers
    them for one permanent that gets them all (the granted texts, then the granted keywords defined as triggered
    abilities, then those the loop activates: :func:`references`), each as (number, text)."""
    texts, means, acts = [], [], []
    for ab in card.abilities:
        spec = getattr(ab, "continuous", None)
        ops = [op for op in (spec.do if spec is not None else ()) if getattr(op, "op", None) == "add_abilities"]
        for g in (g for op in ops for g in op.abilities):
            if getattr(g, "ability", None) is not None:
                texts.append(g.text)
            elif getattr(g, "keyword", None) is not None:
                word = g.keyword + (f" {g.cost}" if g.cost else f" {g.n}" if g.n is not None else "")
                if getattr(g.means, "kind", None) == "triggered":
                    means.append(word)
                elif g.keyword in GRANTED_ACTIVATED and g.cost:
                    acts.append(word)
    return list(enumerate(texts + means + acts, 1))
