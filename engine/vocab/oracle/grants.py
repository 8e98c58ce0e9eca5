"""Granted quoted abilities (issue 21, family 2): static abilities whose continuous effect gives objects
a full ability written in quotation marks (613.1f, layer 6: an ability-adding effect), such as
``Enchanted creature has "{T}: This creature deals 1 damage to any target."`` or ``Creatures you
control have "Whenever this creature deals combat damage to a player, draw a card."``.

The sentence is statics.lark's (its subjects, conditions and predicates: "Equipped creature gets
+2/+0 and has ...", "As long as ..., ~ has ..."); this module reads it with statics' parser and a
transformer that reads each quoted ability as a paragraph of its own (the compiler's
:func:`~engine.vocab.oracle.compile.compile_paragraph`, so "this creature" inside the quote is the
object that has the ability, 700.7). A quoted activated or triggered ability is granted with its
whole vocabulary (``GrantedText.ability``, engine/vocab/effects.py), which the game loop activates
and triggers for each object the layers program says has it; it compiles only when the game loop
executes it on a granted object (:func:`granted_quote`); so is a mana ability that sacrifices the
object that has it. Keywords, "{T}: Add ..." mana abilities and quoted static abilities are statics'
own: a paragraph whose quotes are only those is left to statics.
"""

from __future__ import annotations

import re

from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import NotRead, read_tree


def read(bare: str) -> list[dict] | None:
    """The static ability that grants a quoted activated or triggered ability, or a mana ability that
    sacrifices the object that has it (one dict of the vocabulary, without its text), or None."""
    quotes = statics._QUOTE.findall(bare)
    if not quotes or not statics._PREFILTER.search(bare) \
            or statics._NEVER.search(statics._ALLOWED.sub("", statics._QUOTE.sub("", bare))) \
            or not statics.continuous_static(bare):
        return None
    try:  # every quote read, one at least a full ability (the others are statics' own: keywords, mana, statics)
        granted = [granted_quote(q) for q in quotes]
    except NotRead:
        return None
    if not any("ability" in g or g.get("sacrificed") for g in granted):
        return None
    tree = statics._parse(bare + "." if bare.endswith('"') else bare)
    if tree is None:
        return None
    try:
        ability = read_tree(_Grants(), tree)
    except NotRead:
        return None
    abilities = ability if isinstance(ability, list) else [ability]  # several effects (statics_self.py: Tribal Golem)
    ops = [op for a in abilities for op in (a.get("continuous") or {}).get("do", [])]
    mine = [a for op in ops if op.get("op") == "add_abilities" for a in op["abilities"]
            if "ability" in a or a.pop("sacrificed", False)]
    return abilities if mine else None


# the triggers found on a granted ability: the game loop's (engine/game/triggered.py, triggers.py), and
# the attack and block triggers the combat program finds on the declaration (508.2a, 509.3; bridge/
# combat.py reads a permanent's printed and granted abilities, LayersResult.granted_in_force)
_LOYALTY = re.compile(r"^\[([+−]\d+|0)\](?=: )")  # Oracle's brackets around a quoted loyalty cost (606.4)
_LOOP_TRIGGERS = ("ZoneTrigger", "StepTrigger", "StateTrigger", "CastTrigger", "CombatTrigger")


def granted_quote(token) -> dict:
    """A quoted ability an effect grants, as GrantedText fields: an activated or triggered ability with
    its vocabulary (``ability``) when the game loop executes it on the object that has it; else what
    statics reads (a keyword, a mana ability, a static ability). NotRead when neither."""
    from engine.vocab.cardfile import SACRIFICE_FOR_MANA, executable_by, mana_options, parse_activation_cost
    from engine.vocab.oracle.compile import compile_paragraph

    inner = statics.quoted_text(token)
    if loyal := _LOYALTY.match(inner):  # 606.4: a loyalty cost inside quotation marks, in brackets ("[+1]: ...")
        inner = loyal.group(1) + inner[loyal.end():]
    named = "~" in inner  # the card's name inside the quote: the granting card (201.5a), not the object that has it
    if SACRIFICE_FOR_MANA.match(inner) and mana_options(inner) and not named:
        # a mana ability that sacrifices the object that has it ("{T}, Sacrifice this artifact: Add two
        # mana of any one color.", Goldspan Dragon's Treasures): the play program taps and sacrifices it
        # (605.3, 701.21); statics reads "{T}: Add ..." alone
        return {"text": inner, "kind": "activated", "mana": True, "sacrificed": True}
    found = compile_paragraph(inner)
    ab = found[0] if found and len(found) == 1 else None
    if ab is not None and ab.kind == "activated" and not ab.mana and ab.loyalty == bool(loyal) and executable_by(ab):
        # (a loyalty ability granted, 606.3: activated as the permanent's own, once each turn for all its loyalty
        # abilities, printed or granted: engine/game/costs.py)
        cost = parse_activation_cost(ab.cost)
        if any(p is None for p in cost.parts):  # a cost the loop doesn't pay (601.2h; {Q}: 107.6, untap_cost.py)
            raise NotRead(f"the cost of {inner!r}")
        if named and (any("~" in t and not p.named for t, p in zip(cost.other, cost.parts))
                      or "~" in ab.effect and not _names_granter_only(ab)):
            # the name only in a cost part that pays with the granting card ("Sacrifice ~", "Unattach ~": the loop
            # pays it with the source of the granting effect, engine/game/granters.py), or in an effect that names no
            # other object of its own (named_source); elsewhere unread
            raise NotRead("a name inside a quoted ability, not in its cost")
        # (an ability word before it, "Scald — {2}, {T}, ...", has no rules meaning, 207.2c: the text is the ability's)
        return {"text": ab.display(), "kind": "activated", "ability": ab.model_dump(by_alias=True, exclude_defaults=True),
                **({"named_source": True} if named and "~" in ab.effect else {})}
    if named:
        raise NotRead("a name inside a quoted ability")
    if ab is not None and ab.kind == "triggered" and executable_by(ab) \
            and type(ab.trigger).__name__ in _LOOP_TRIGGERS \
            and getattr(ab.trigger, "source_zone", "battlefield") == "battlefield" \
            and (ab.one_shot or ab.continuous is not None or ab.replacement is not None):
        return {"text": inner, "kind": "triggered", "ability": ab.model_dump(by_alias=True, exclude_defaults=True)}
    return statics._granted_quote(token)


# 201.5a, 700.7: the words of a granted ability's effect that name the object that has it (or an object of its own), not
# the granting card: with one, the card's name and "this creature" would be two sources; not read (Archery Training's
# "This creature deals X damage ..., where X is the number of arrow counters on ~", Razor Boomerang's "It deals")
_HOLDER_WORDS = re.compile(r"\b(this|it|its|itself|they|them|their|that)\b", re.IGNORECASE)
# the granting card's own words: "Return ~ to its owner's hand" ("its": the card's, 108.3)
_NAMED_OWN = re.compile(r"~ to its owner's hand")


def _names_granter_only(ab) -> bool:
    """201.5a: the activated ability's effect names the granting card ("~") and no other object of its own ("this
    creature", "it"): the loop resolves it with the granting object as its source (GrantedText.named_source)."""
    effect = _NAMED_OWN.sub("~", ab.effect)
    return not _HOLDER_WORDS.search(effect) and not any(getattr(t, "other", False) for t in ab.targets or ())


class _Grants(statics._Statics):
    """statics' transformer, with quoted activated and triggered abilities granted whole."""

    def st_grant(self, children):
        c = children[0]
        return c if isinstance(c, list) else [granted_quote(c)]
