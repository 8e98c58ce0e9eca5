"""Alternative costs of cast keywords (601.2b, 601.2f-h), the current official rules (the seed text stops at 702.42):
which one a cast pays, and whether it may be paid now.

702.109a dash: "You may cast this card by paying [cost] rather than its mana cost" (engine/game/dash.py: the rest).
702.74a evoke: "You may cast this card by paying [cost] rather than paying its mana cost" (engine/game/evoke.py).
702.117a surge: "You may pay [cost] rather than pay this spell's mana cost as you cast this spell if you or one of
your teammates has cast another spell this turn" (a two-player game: the caster; the spells they cast this turn are
counted by engine/game/casting.py as each becomes cast, 601.2i, so the one being cast is not among them yet).
702.137a spectacle: "You may pay [cost] rather than pay this spell's mana cost if an opponent lost life this turn"
(119.3: the players who lost life this turn, kept by the loop, engine/game/events.py and combat_damage.py).
702.96a overload: "You may choose to pay [cost] rather than pay this spell's mana cost" (engine/game/overload.py: its
text changed).
702.185a warp: "You may cast this card from your hand by paying [cost] rather than its mana cost" (engine/game/warp.py:
the rest)."""

from __future__ import annotations

from engine.game import emerge
from engine.game.common import Rejected, _name

RULES = {"dash": "702.109a", "evoke": "702.74a", "surge": "702.117a", "spectacle": "702.137a", "overload": "702.96a",
         "warp": "702.185a"}
RULES["blitz"] = "702.152a"  # 702.152a: "You may cast this card by paying [cost] rather than its mana cost"
RULES["freerunning"] = "702.173a"  # 702.173a: "You may pay [cost] rather than pay this spell's mana cost if ..."
RULES["emerge"] = "702.119a"  # 702.119a: "You may cast this spell by paying [cost] and sacrificing a creature ..."
RULES["prototype"] = "702.160a"  # 702.160a, 718.3: cast prototyped, its prototype mana cost paid (prototype.py)
RULES["awaken"] = "702.113a"  # 702.113a: "You may pay [cost] rather than pay this spell's mana cost" (awaken.py)


def chosen(game, oid: str, act) -> tuple[str, str]:
    """601.2b: the cast keyword whose alternative cost the cast pays, and its rule; refused when the spell has no such
    ability or its condition is false as it is cast (601.2b: the choice is announced then)."""
    name = next(k for k in RULES if getattr(act, k, False))
    rule = RULES[name]
    st = game.state
    player = st.objects[oid].controller
    if name in ("blitz", "freerunning", "emerge", "prototype"):  # 702.152a (blitz.py), 702.173a, 702.119a, 702.160a
        if game.casting.keyword(st.objects[oid].printed, name) is None:
            raise Rejected(rule, f"{_name(st, oid)} has no {name} ability")
        st.objects[oid].choices[name] = True
    if name == "emerge":  # 601.2b: the creature it sacrifices, announced (engine/game/emerge.py)
        emerge.announce(game, oid, act, player)
    if name == "freerunning" and player not in st.freerunning:  # (engine/game/turn_records.py)
        raise Rejected(rule, f"no player was dealt combat damage this turn by an Assassin creature or a commander under "
                             f"{player}'s control: {_name(st, oid)} can't be cast for its freerunning cost")
    if name == "surge" and not game.casting.cast_by.get((st.turn, player), 0):
        raise Rejected(rule, f"{player} has cast no other spell this turn: {_name(st, oid)} can't be cast for its surge "
                             "cost")
    if name == "spectacle" and not [p for p in st.lost_life if p != player]:
        raise Rejected(rule, f"no opponent of {player} lost life this turn: {_name(st, oid)} can't be cast for its "
                             "spectacle cost")
    return name, rule
