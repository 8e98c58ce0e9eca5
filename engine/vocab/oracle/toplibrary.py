"""Static abilities about the top card of a library, spells cast as though they had flash, and abilities that act
before the game begins (issue 21), read by ``toplibrary.lark``:

- "You may cast creature spells from the top of your library." -> a continuous effect on its controller,
  PlayerEffect ``cast_from_library_top`` with the spells (601.3, 601.3e: engine/game/casting.py zone_allows);
- "You may play lands from the top of your library." -> PlayerEffect ``play_lands_from_library_top`` (305.1, 305.2:
  engine/game/priority.py play_land), and both in "You may play lands and cast spells from the top of your library.";
- "You may cast creature spells as though they had flash." -> PlayerEffect ``cast_as_flash`` (601.3b, 117.1a:
  engine/game/priority.py flash_for);
- "You may look at the top card of your library any time." -> PlayerEffect ``look_at_library_top``, "Play with the
  top card of your library revealed." -> ``library_top_revealed`` (401.5: information, 401.2's exception; a game
  file's players act by script and see every zone: no action of the loop depends on what a player may see);
- "You may cast this spell as though it had flash if you pay {2} more to cast it." -> StaticAbility ``flash_for_more:
  2`` (601.3b, 113.6f: the card's own permission; 601.2f: {2} more when cast at a time only it allows:
  engine/game/priority.py instant_speed, engine/game/costs.py total_cost);
- "If this card is in your opening hand, you may begin the game with it on the battlefield." -> StaticAbility
  ``before_game: begin_on_battlefield`` (103.6a: an action taken before the first turn; nothing to do in a game in
  progress, which a game file always is: it begins from a board).

:func:`read` gives the abilities a paragraph is, or None when the grammar doesn't consume all of it.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from lark import Token
from lark.exceptions import LarkError

from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree, subtype

# the words a paragraph of this family has: others never reach the parser
_PREFILTER = re.compile(r"play with their hands revealed\.$|^[A-Za-z ,]*[Ss]pells (you control )?can't be countered\.$|^A deck can have any number of cards named ~\.$|^~ can be your commander\.$|play lands from your graveyard|top of your library|top card of (your library|their libraries)|as though they had flash|"
                        r"in your opening hand|as though it had flash if you pay")


def _effect(*ops: dict) -> dict:
    return {"kind": "static", "continuous": {"do": [{"op": "player_effect", **op} for op in ops]}}


class _TopLibrary(Objects):
    """Each sentence -> the static ability it is."""

    def tl_ability(self, c):
        return c[0]

    # --- the spells ---------------------------------------------------------------------------------
    def tl_every(self, _c):
        return {}

    def tl_one(self, c):
        return c[0]

    def tl_two(self, c):
        """Two kinds: one field listing both where they are of one sort (types or subtypes), else any_of."""
        a, b = c
        if a.keys() == b.keys() and len(a) == 1 and next(iter(a)) in ("types", "subtypes"):
            key = next(iter(a))
            return {key: a[key] + b[key]}
        if a.get("historic") or b.get("historic"):
            raise NotRead("'historic' as one of two kinds")
        return {"any_of": [a, b]}

    def tl_types(self, c):
        return {"types": [str(t).capitalize() for t in c]}

    def tl_nontype(self, c):
        return {"not_types": [str(c[0])[len("non"):].lower().capitalize()]}

    def tl_subtypes(self, c):
        return {"subtypes": [subtype(t) for t in c if isinstance(t, Token) and t.type == "SUBTYPE"]}

    def tl_colorless(self, c):
        return {str(c[0]).lower(): True}

    def tl_colored(self, c):
        return {"colors": [str(c[0]).lower()], "types": [str(c[1]).capitalize()]}

    def tl_color(self, c):  # 105.1: "green spells"
        return {"colors": [str(c[0]).lower()]}

    def tl_historic(self, _c):
        return {"historic": True}

    # --- the sentences ------------------------------------------------------------------------------
    def tl_cast_top(self, c):  # 601.3, 601.3e
        return _effect({"rule": "cast_from_library_top", **({"spells": c[0]} if c[0] else {})})

    def tl_lands_top(self, _c):  # 305.1, 305.2
        return _effect({"rule": "play_lands_from_library_top"})

    def tl_uncounterable_yours(self, c):  # 701.6a, 613.10: the spells its controller controls
        return _effect({"rule": "spells_cant_be_countered", **({"spells": c[0]} if c[0] else {})})

    def tl_uncounterable_each(self, c):  # 701.6a, 613.10: every player's spells
        return _effect({"rule": "spells_cant_be_countered", "players": "each", **({"spells": c[0]} if c[0] else {})})

    def tl_hands_revealed_opponents(self, _c):  # 402.3: information only
        return _effect({"rule": "hand_revealed", "players": "opponents"})

    def tl_hands_revealed_each(self, _c):  # 402.3: information only
        return _effect({"rule": "hand_revealed", "players": "each"})

    def tl_lands_graveyard(self, _c):  # 305.1, 305.2
        return _effect({"rule": "play_lands_from_graveyard"})

    def tl_lands_cast_top(self, c):
        return _effect({"rule": "play_lands_from_library_top"},
                       {"rule": "cast_from_library_top", **({"spells": c[0]} if c[0] else {})})

    def tl_look_lands(self, _c):  # 401.5, 305.1
        return _effect({"rule": "look_at_library_top"}, {"rule": "play_lands_from_library_top"})

    def tl_flash(self, c):  # 601.3b
        return _effect({"rule": "cast_as_flash", **({"spells": c[0]} if c[0] else {})})

    def tl_look(self, _c):  # 401.5
        return _effect({"rule": "look_at_library_top"})

    def tl_revealed(self, _c):  # 401.5
        return _effect({"rule": "library_top_revealed"})

    def tl_revealed_each(self, _c):  # 401.5: each player's own library
        return _effect({"rule": "library_top_revealed", "players": "each"})

    def tl_flash_more(self, c):  # 601.3b, 113.6f, 601.2f
        return {"kind": "static", "flash_for_more": int(str(c[0]))}

    def tl_opening(self, _c):  # 103.6a
        return {"kind": "static", "before_game": "begin_on_battlefield"}

    def tl_deck_construction(self, _c):  # 100.2a, 113.6p, 903.3
        return {"kind": "static", "before_game": "deck_construction"}


def read(bare: str) -> list[dict] | None:
    """The static ability a paragraph (objects.bare) is, or None."""
    if not _PREFILTER.search(bare):
        return None
    found = _read(bare)
    return copy.deepcopy(found) if found is not None else None


@lru_cache(maxsize=1024)
def _read(bare: str) -> list[dict] | None:
    try:
        tree = parser("toplibrary", ("tl_ability",)).parse(bare)
    except LarkError:
        return None
    try:
        return [read_tree(_TopLibrary(), tree)]
    except NotRead:
        return None
