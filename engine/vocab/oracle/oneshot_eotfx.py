"""Family 5 of the Oracle grammar (oneshot_eotfx.lark; issue 21): the continuous effects a resolving spell or ability
creates on objects until end of turn (611.2; 611.2c: the objects it affects are fixed as it resolves; 514.2: it ends in
the cleanup step), with several changes in one effect, each applied in its layer by the layers program (613.6; one
timestamp, 613.7), a mixin of oneshot.py's reader:

- "Until end of turn, target creature gets +1/+0 and gains indestructible." (the duration first: os_pump's effect)
- "Target creature loses flying until end of turn.", "Until end of turn, this creature loses defender and gains
  flying." (613.1f: lose_abilities), "Until end of turn, target creature loses all abilities and has base power and
  toughness 0/1." (lose_all_abilities, set_base_pt, 613.4b)
- "This creature becomes colorless until end of turn.", "Target creature becomes blue until end of turn." (613.1e,
  105.3: set_colors)
- "Until end of turn, target creature becomes a blue Serpent with base power and toughness 5/5." (613.1d, 205.1a: its
  creature types replaced, set_creature_types), "Target land becomes an Island until end of turn." (305.7:
  set_land_types, of a target land)
- "Until end of turn, target creature gets +2/+0 and gains "When this creature dies, draw a card."" (613.1f, 111.4: a
  quoted ability granted whole, engine/vocab/oracle/grants.py's granted_quote: the game loop triggers or activates it
  for the object that has it, 700.7)

The objects acted on are os_pump's (a target creature or permanent, the source, "it", "that creature", a set of
permanents fixed as it resolves); a land type only of a target land. Not read: two changes of one kind, an ability both
lost and gained, "loses all abilities" with an ability gained (the order of the two in layer 6 is the text's, 613.7's
timestamps being one)."""

from __future__ import annotations

import importlib
import re

from lark import Token

from asp_rules.rulesdata import BASIC_LAND_TYPES, is_creature_type
from engine.vocab.oracle.objects import NotRead, subtype
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sent2 import _pt


# a quoted ability granted ('gains "..."', '... and "..."'): its words are the quoted ability's own, read as a paragraph
# of its own (grants.py), not by this family's grammar: oneshot_prefilter.py leaves them out of the words it checks
QUOTED_GRANT = re.compile(r'(?<=\bgains )"[^"]+"|(?<=\bgain )"[^"]+"|(?<=\band )"[^"]+"|(?<=, )"[^"]+"')


_RETURN_IT = "_return_it_to_battlefield"  # (ef_return_it, until died_return reads it)


def died_return(kind: str, head, pieces: list) -> None:
    """603.10a, 400.7: "return it to the battlefield [tapped] under its owner's control" read only as the only instruction
    ("you may" of it too) of an ability that triggers on its own source's dying ("When this creature dies"; no other
    event): -> {op: return_self, to: battlefield, tapped?}, the card the source became in its owner's graveyard
    (oneshot_sent2.died_it reads "return it to its owner's hand" so)."""
    dies = kind == "triggered" and isinstance(head, dict) and head.get("event") == "dies" and not head.get("or_event") \
        and "subjects" not in head
    for i, piece in enumerate(pieces):
        if isinstance(piece, (str, tuple)):
            continue
        for op in piece.ops:
            inner = op.get("one_shot", []) if op.get("op") == "may" else [op]
            if not any(o.get("op") == _RETURN_IT for o in inner):
                continue
            if i or not dies or op is not piece.ops[0] or len(inner) != 1 or piece.targets \
                    or piece.continuous is not None or getattr(piece, "that", False):
                raise NotRead("'return it to the battlefield' of no ability triggering on its source's dying")
            inner[0].update(op="return_self", to="battlefield")
            if not inner[0]["tapped"]:
                del inner[0]["tapped"]
            piece.uses_it = False


def _granted(token) -> dict:
    """A quoted ability as GrantedText fields (grants.py, loaded by name: it imports statics, which imports compile)."""
    granted = importlib.import_module("engine.vocab.oracle.grants").granted_quote(token)
    granted.pop("sacrificed", None)  # (a mana ability that sacrifices the object: the play program's, 605.3)
    return granted


class EotFxReader:
    """The transformer methods of oneshot_eotfx.lark (mixed into oneshot.py's reader)."""

    # --- the changes: each a list of operations (one, or two for "becomes a blue Serpent ...") ---
    def ef_get(self, children):  # 613.4c
        p, t = _pt(children[1])
        return [{"op": "modify_pt", "power": p, "toughness": t}]

    def ef_gain(self, children):  # 613.1f: keywords
        return [{"op": "add_abilities", "abilities": children[1]}]

    def ef_get_each(self, children):  # 613.4c, 608.2h: N for each object counted as it resolves (pt_amount.py's)
        p, t = _pt(children[1])
        if p == t == 0:
            raise NotRead("+0/+0 for each")
        each = children[-1]
        side = (lambda n: dict(each, times=n * each.get("times", 1)) if n else 0)
        return [{"op": "modify_pt", "power": side(p), "toughness": side(t)}]

    def ef_base_pt(self, children):  # 613.4b
        p, t = _pt(children[1])
        return [{"op": "set_base_pt", "power": p, "toughness": t}]

    def ef_gain_quoted(self, children):  # 613.1f, 111.4: keywords and quoted abilities
        return [{"op": "add_abilities", "abilities": children[1]}]

    def ef_grants_quoted(self, children):
        found = [_granted(c) if c.type == "EF_QUOTED" else {"keyword": " ".join(str(c).lower().split())}
                 for c in children if isinstance(c, Token)]
        if len({str(sorted(g.items())) for g in found}) != len(found):
            raise NotRead("an ability granted twice")
        return found

    def ef_sep(self, _):
        return None

    def ef_lose(self, children):  # 613.1f
        return [{"op": "lose_abilities", "keywords": [k["keyword"] for k in children[1]]}]

    def ef_lose_all(self, _):  # 613.1f
        return [{"op": "lose_all_abilities"}]

    def ef_colors(self, children):
        if children[0].type == "COLORLESS":
            return []
        found = [str(c).lower() for c in children]
        if len(set(found)) != len(found):
            raise NotRead("a color twice")
        return found

    def ef_color(self, children):  # 613.1e, 105.3: the new colors replace the old ones ([]: colorless)
        return [{"op": "set_colors", "colors": children[-1]}]

    def ef_become_subtype(self, children):
        article = str(children[1]).lower()
        colors = next((c for c in children if isinstance(c, list)), None)
        word = next(c for c in children if isinstance(c, Token) and c.type == "SUBTYPE")
        kind = subtype(word)
        if (article == "an") != (str(word)[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        pt = next((c for c in children if isinstance(c, Token) and c.type == "MD_NN"), None)
        if kind in BASIC_LAND_TYPES and colors is None and pt is None:
            return [{"op": "set_land_types", "subtypes": [kind]}]  # 305.7
        if not is_creature_type(kind):
            raise NotRead(f"'becomes a {kind}': no creature type nor a basic land type alone")
        ops = [{"op": "set_creature_types", "subtypes": [kind]}]  # 205.1a: its creature types replaced
        if colors is not None:
            ops.append({"op": "set_colors", "colors": colors})
        if pt is not None:
            ops += self.ef_base_pt([None, pt])
        return ops

    def ef_add_subtype(self, children):  # 205.1b: a creature type in addition to the others
        article, word = str(children[1]).lower(), children[2]
        kind = subtype(word)
        if (article == "an") != (str(word)[0].lower() in "aeiou") or not is_creature_type(kind):
            raise NotRead("'becomes a [subtype] in addition to its other types': a creature type, its article")
        return [{"op": "add_subtypes", "subtypes": [kind]}]

    def ef_add_artifact(self, _):  # 205.1b
        return [{"op": "add_types", "types": ["Artifact"]}]

    def ef_part(self, children):
        return children[0]

    ef_old = ef_new = ef_part

    def ef_all(self, children):
        parts = [c for c in children if isinstance(c, list)]
        ops = [op for part in parts for op in part]
        kinds = [op["op"] for op in ops]
        if len(set(kinds)) != len(kinds):
            raise NotRead("two changes of one kind in one effect")
        gained = {a.get("keyword") for op in ops if op["op"] == "add_abilities" for a in op["abilities"]}
        lost = {k for op in ops if op["op"] == "lose_abilities" for k in op["keywords"]}
        if gained & lost or "lose_all_abilities" in kinds and "add_abilities" in kinds:
            raise NotRead("an ability lost and gained in one effect")
        return ops

    ef_parts_new = ef_all

    def ef_return_it(self, children):  # 603.10a, 400.3: read by died_return, or not at all
        op = {"op": _RETURN_IT, "tapped": any(getattr(c, "type", "") == "OS_TAPPED" for c in children)}
        if any(getattr(c, "type", "") == "OS_YOU_MAY" for c in children):  # 608.2d
            op = {"op": "may", "one_shot": [op]}
        then = next((c for c in children if isinstance(c, Piece)), None)  # "... and you create a Treasure token."
        if then is not None and (then.targets or then.uses_it or then.continuous is not None or then.replacement
                                 is not None or then.combat or getattr(then, "that", False)):
            raise NotRead("an instruction after 'return it' with targets, 'it' or an effect")
        return Piece([op] + (then.ops if then is not None else []), uses_it=True)

    # --- the effect on its objects ---
    def ef_pump(self, children):
        """611.2, 611.2c: the changes on the objects os_pump acts on; a land type on a target land only."""
        obj, ops = next(c for c in children if not isinstance(c, (Token, list))), next(c for c in children if isinstance(c, list))
        if any(op["op"] == "set_land_types" for op in ops):
            if len(ops) != 1 or not isinstance(obj, Tgt) or obj.spec.get("what") != "permanent" \
                    or obj.spec.get("types") != ["Land"] or obj.spec.get("count", 1) != 1:
                raise NotRead("a land type given to another object than one target land")
            return Piece([], [obj], continuous={"do": ops, "_targets": True})
        if any(op["op"] in ("set_creature_types", "add_subtypes") for op in ops) and not self._creatures_only(obj):
            raise NotRead("a creature type given to an object that may be no creature")
        return self.os_pump([obj, ops])

    @staticmethod
    def _creatures_only(obj) -> bool:
        """205.3d: a creature type only on creatures: a target creature, this creature, "it", a set of creatures."""
        if isinstance(obj, Tgt):
            return obj.spec.get("what") == "creature"
        if obj in ("it", "that", {"self": True}):
            return True  # (os_pump: "it" of a target creature, or the source of a creature's ability; see _check)
        return isinstance(obj, dict) and "Creature" in (obj.get("types") or ())
