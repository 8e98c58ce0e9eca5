"""Family 5 of the Oracle grammar (oneshot_look.lark, an extension of oneshot.lark): more shapes of the looks at the top
of one's library (401.2, 701.20a, 608.2c), each a part of the one operation ``look_at_top`` that oneshot_library.py,
oneshot_dig.py and oneshot_until.py read (their merges join the parts):

- "If it's a creature card of the chosen type, you may reveal it and put it into your hand." (Herald's Horn), "You may
  reveal a creature card of the chosen type from among them and put it into your hand." (Icon of Ancestry), "Put all
  creature cards of the chosen type revealed this way into your hand and the rest ..." (Brass Herald) -> the card taken
  also matches {chosen_creature_type: true} (the creature type chosen for the source as it entered, 614.12, matched with
  the source's choices: engine/game/library_ops.py);
- "you may reveal cards from the top of your library until you reveal a creature card." (608.2d) -> {op: may, one_shot:
  [the reveal]}, completed by the sentence after it (oneshot_until.merge);
- "a basic land card" (205.4a: supertypes [Basic]) and "a nonlegendary creature card" (card {not_supertypes:
  [Legendary]}) as the quality of the card revealed or taken;
- "If it's a creature card with power 5 or greater, ..." (208.1: power_at_least), "You may put a creature card with power
  5 or greater from among them onto the battlefield.", "You may put a creature card with mana value 3 or less from among
  them onto the battlefield tapped and attacking." (508.4: attacking, never declared);
- "Look at the top X cards of your library." (107.3a: the X announced, amount {x: announced});
- "Put up to two of them into your hand and the rest ..." (take N, up_to), "Put all land cards from among them onto the
  battlefield tapped and the rest ..." (take_all, to: battlefield);
- "Put that card onto the battlefield tapped and attacking and the rest ..." (after a reveal until: 508.4), "If you
  didn't put a card onto the battlefield this way, ..." (608.2c: if_none of a look whose card goes there);
- parley: "Each player reveals the top card of their library." (-> {op: reveal_top_each}), "For each nonland card revealed
  this way, you create a 3/3 green Elephant creature token." (-> the instruction's amount {revealed_this_way: {zone:
  library, not_types: [Land]}}, only right after that reveal: :func:`check`), "Then each player draws a card.".

A mixin of oneshot.py's reader (through oneshot_library.LibraryReader)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

# 608.2c: the mark of an amount "for each ... revealed this way" (:func:`check` keeps it only right after the reveal)
_MARK = "_lk_revealed"
# 701.20a, 608.2h: the instructions whose one token, counter or Clue "for each ..." makes one of each card counted
_EACH_OPS = {"create_token", "counters"}

# 205.3m, 614.12: a card with the creature type chosen for the source (bridge/selectors.py: the source's choices)
_CHOSEN = {"zone": "library", "chosen_creature_type": True}


def _creature_kinds(kinds) -> None:
    """"of the chosen type": a creature type (205.3m), so of a creature card only."""
    if [str(k) for k in kinds] != ["creature"]:
        raise NotRead("'of the chosen type' of another card than a creature card")


def _article(article, first: str) -> None:
    if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
        raise NotRead("'a' or 'an' before the wrong word")


class LookReader:
    """The transformer methods of oneshot_look.lark (a mixin of oneshot_library.LibraryReader, whose ``_kinds`` and
    ``os_dig_if`` they use)."""

    def lk_dig_if_chosen(self, children):
        """608.2c: "If it's a creature card of the chosen type, [you may] put it ..." -> ("dig_if", fields + card)."""
        quality = next(c for c in children if isinstance(c, tuple))
        if quality[0] != {"types": ["Creature"]}:
            raise NotRead("'of the chosen type' of another card than a creature card")
        tag, fields = self.os_dig_if(children)
        return (tag, dict(fields, card=dict(_CHOSEN)))

    def lk_reveal_chosen(self, children):
        """401.2, 701.20a: -> [("look", {up_to, take: 1, reveal, types: [Creature], card})] (oneshot_library.merge)."""
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        kinds = next(c for c in children if isinstance(c, list))
        _creature_kinds(kinds)
        _article(article, str(kinds[0]))
        return [("look", self._kinds({"up_to": True, "take": 1, "reveal": True, "card": dict(_CHOSEN)}, kinds))]

    def lk_all_chosen(self, children):
        """401.2, 701.20a: -> [("look", {take_all, types: [Creature], card, rest})]: every such card revealed taken."""
        kinds = next(c for c in children if isinstance(c, list))
        _creature_kinds(kinds)
        other, rest = children[-2], children[-1]
        if str(other) == "the other":
            raise NotRead("'the other' after 'all ... cards'")
        return [("look", self._kinds({"take_all": True, "card": dict(_CHOSEN), "rest": rest}, kinds))]

    def lk_may_until(self, children):
        """608.2d, 701.20a: -> [{op: may, one_shot: [look_at_top {until, ...}]}] (the reveal as oneshot_until.py reads it;
        its stage stays open until "Put that card ..." completes it)."""
        [piece] = self.os_until_reveal(children[1:])
        return [Piece([{"op": "may", "one_shot": piece.ops}])]

    def lk_nonlegendary(self, children):
        """205.4a: "a nonlegendary creature card" -> ({types, card: {not_supertypes: [Legendary]}}, first word)."""
        kinds = next(c for c in children if isinstance(c, list))
        fields, _ = self.os_dig_kinds([kinds])
        return dict(fields, card={"zone": "library", "not_supertypes": ["Legendary"]}), "nonlegendary"

    def lk_reveal_each(self, _):
        """701.20a: -> [{op: reveal_top_each}] (each player's top card revealed, in turn order)."""
        return [Piece([{"op": "reveal_top_each"}])]

    def lk_for_each_revealed(self, children):
        """608.2c, 608.2h: -> [the instruction, its amount {revealed_this_way: nonland cards}] (an instruction of one
        token or one counter, without targets; :func:`check`: right after the reveal)."""
        piece = next(c for c in children if isinstance(c, Piece))
        if len(piece.ops) != 1 or piece.targets or piece.continuous is not None or piece.replacement is not None \
                or piece.combat or piece.uses_it or piece.x:
            raise NotRead("'for each ... revealed this way' of more than one instruction of a number")
        op = dict(piece.ops[0])
        if op.get("op") not in _EACH_OPS or op.get("amount") != 1 or "_tgt" in op \
                or op.get("op") == "counters" and op.get("to") != "self" or "amount_if_kicked" in op:
            raise NotRead("'for each ... revealed this way' of an instruction that is not one token or one counter")
        op["amount"] = {"revealed_this_way": {"zone": "library", "not_types": ["Land"]}}
        op[_MARK] = True
        return [Piece([op])]

    def lk_then_each_draws(self, _):
        """121.2: -> [{op: draw, amount: 1, who: each_player}] ("Then each player draws a card.")."""
        return [Piece([{"op": "draw", "amount": 1, "who": "each_player"}])]

    def lk_power_at_least(self, children):
        return {"power_at_least": next(c for c in children if isinstance(c, int))}

    def lk_limit(self, children):
        return children[0]

    def lk_dig_if_power_least(self, children):
        """208.1, 608.2c: "If it's a creature card with power 5 or greater, [you may] put it ..." -> ("dig_if", fields
        with power_at_least)."""
        n = next(c for c in children if isinstance(c, int) and not isinstance(c, bool))
        tag, fields = self.os_dig_if([c for c in children if c is not n])
        if fields.get("types") != ["Creature"] or "card" in fields or "subtypes" in fields:
            raise NotRead("'with power N or greater' of another card than a creature card")
        return (tag, dict(fields, power_at_least=n))

    def _lk_onto(self, children, attacking: bool):
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        kinds = next(c for c in children if isinstance(c, list))
        _article(article, str(kinds[0]))
        limit = next((c for c in children if isinstance(c, dict)), {})
        if ("power_at_least" in limit or "power_at_most" in limit) and [str(k) for k in kinds] != ["creature"]:
            raise NotRead("'with power N ...' of another card than a creature card")
        fields = self._kinds({"to": "battlefield", "up_to": True, "take": 1, **limit}, kinds)
        if attacking:  # 508.4: "tapped and attacking"
            fields.update(tapped=True, attacking=True)
        elif any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            fields["tapped"] = True
        return [("look", fields)]

    def lk_onto(self, children):
        """401.2, 400.3: -> [("look", {to: battlefield, up_to, take: 1, kinds, limit, tapped?})]."""
        return self._lk_onto(children, attacking=False)

    def lk_onto_attacking(self, children):
        """401.2, 508.4: the same, tapped and attacking (oneshot_library.merge)."""
        return self._lk_onto(children, attacking=True)

    def lk_look_x(self, children):
        """401.2, 107.3a: -> [look_at_top {amount: {x: announced}, reveal?}] (Piece.x: read in a spell, or in an activated
        ability with {X} in its cost, only: oneshot.py)."""
        op = {"op": "look_at_top", "amount": {"x": "announced"}, "_stage": "open"}
        if children[0].type == "OS_REVEAL_TOP":  # 701.20a: every card of it revealed
            op["reveal"] = True
        return [Piece([op], x=True)]

    def lk_put_up_to(self, children):
        """401.2: -> [("look", {take: N, up_to: true, rest})] (oneshot_library.merge)."""
        n = next(c for c in children if isinstance(c, int) and not isinstance(c, bool))
        other, rest = children[-2], children[-1]
        if str(other) == "the other":
            raise NotRead("'the other' after 'up to N of them'")
        return [("look", {"take": n, "up_to": True, "rest": rest})]

    def lk_all_onto(self, children):
        """401.2, 400.3: -> [("look", {take_all, to: battlefield, tapped?, kinds, limit?, rest})] (after "Reveal the top
        ..."); a subtype before the card types: both (205.3: "Goblin creature cards")."""
        kinds = next(c for c in children if isinstance(c, list))
        other, rest = children[-2], children[-1]
        if str(other) == "the other":
            raise NotRead("'the other' after 'all ... cards'")
        limit = next((c for c in children if isinstance(c, dict)), {})
        sub = [str(c) for c in children if isinstance(c, Token) and c.type == "SUBTYPE"]
        if sub and any(k.type != "OS_CARD_TYPE" for k in kinds):
            raise NotRead("a subtype before another subtype")
        if "power_at_most" in limit and [str(k) for k in kinds] != ["creature"]:
            raise NotRead("'with power N or less' of another card than a creature card")
        fields = self._kinds({"take_all": True, "to": "battlefield", "rest": rest, **limit}, kinds)
        if sub:
            fields["subtypes"] = sub
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            fields["tapped"] = True
        return [("look", fields)]

    def lk_until_attacking(self, _):
        """701.20a, 508.4: the card revealed until enters tapped and attacking."""
        return {"to": "battlefield", "tapped": True, "attacking": True}

    def lk_dig_if_none_battlefield(self, children):
        """608.2c: -> [("dig_else", "none_battlefield", the instruction)] (oneshot_dig.merge: after a look whose card taken
        goes onto the battlefield)."""
        return [("dig_else", "none_battlefield", children[0])]

    def lk_onto_subtype(self, children):
        """401.2, 400.3, 205.3: -> [("look", {to: battlefield, up_to, take: 1, subtypes: [S], types: [T], tapped?})]."""
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        sub = next(c for c in children if isinstance(c, Token) and c.type == "SUBTYPE")
        kind = next(c for c in children if isinstance(c, Token) and c.type == "OS_CARD_TYPE")
        _article(article, str(sub))
        if str(kind) == "permanent":
            raise NotRead("'a ... permanent card' (one of several types) after a subtype")
        fields = {"to": "battlefield", "up_to": True, "take": 1, "subtypes": [str(sub)], "types": [str(kind).capitalize()]}
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            fields["tapped"] = True
        return [("look", fields)]

    def lk_rest_hand(self, _):
        return "hand"


def check(ops: list) -> None:
    """608.2c: an amount "for each ... revealed this way" only in the instruction right after "Each player reveals the top
    card of their library." (its mark removed); anywhere else the ability is not read."""
    for i, op in enumerate(ops):
        if op.pop(_MARK, False) and (not i or ops[i - 1].get("op") != "reveal_top_each"):
            raise NotRead("'for each ... revealed this way' after no 'each player reveals the top card of their library'")
