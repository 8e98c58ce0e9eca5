"""Family 5 of the Oracle grammar (oneshot.lark, the block "tokens (issue 21)"): the parts of the reader about the
tokens an effect defines by its text (111.4) with abilities it quotes, and tokens created tapped (110.5b).

A quoted ability is the token's own rules text (111.4: the characteristics the effect gives are its copiable
values): it is compiled as a card's paragraph (engine/vocab/oracle/compile.py) and the token is read only when each
of its abilities is executable (engine/vocab/cardfile.executable_by); otherwise the sentence is not read. A quote the
card library's token definition of the same characteristics has gives that definition (Eldrazi Spawn, Eldrazi
Scion), as before.
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import _printed_keywords, _tokens

# engine/vocab/oracle/compile.py's compile_paragraph, set as that module is loaded (it reads this grammar in turn: a
# token's quoted ability is a paragraph, 111.4)
compile_paragraph = None
# and its keyword_line (a token's keyword with its parameter, "with toxic 1", is a keyword line)
keyword_line = None


def quoted_abilities(quote: str) -> list[dict]:
    """111.4: the abilities of a token's quoted text, as the card vocabulary's abilities (dicts); NotRead when the
    text does not compile whole or an ability of it is not executable."""
    from engine.vocab.cardfile import executable_by, parse_activation_cost

    if compile_paragraph is None:
        raise NotRead("no compiler of a token's quoted abilities (engine/vocab/oracle/compile.py not loaded)")
    if "~" in quote:  # the creating card's name inside the quote (201.5a): not the token's
        raise NotRead("a name inside a token's quoted ability")
    found = compile_paragraph(quote)  # (no name: "~" is refused above)
    if not found or any(executable_by(ab) is None for ab in found):
        raise NotRead(f"a token's quoted ability not executable: {quote!r}")
    for ab in found:
        if ab.kind == "activated" and not ab.mana:
            cost = parse_activation_cost(ab.cost)
            if cost.untap or any(p is None for p in cost.parts):  # a cost the loop doesn't pay (601.2h)
                raise NotRead(f"the cost of {quote!r}")
    return [ab.model_dump(by_alias=True, exclude_defaults=True) for ab in found]


def param_keyword(words: str) -> dict:
    """111.4, 702: a keyword with its parameter a token's text gives it ("toxic 1", "islandwalk"), as a card's keyword
    line compiles it (the card vocabulary's KeywordAbility, a dict); NotRead unless it is one executable keyword."""
    from engine.vocab.cardfile import executable_by

    if keyword_line is None:
        raise NotRead("no compiler of a token's keywords (engine/vocab/oracle/compile.py not loaded)")
    found = keyword_line(words.capitalize())
    if not found or len(found) != 1 or executable_by(found[0]) is None:
        raise NotRead(f"a token's keyword {words!r} not executable")
    return found[0].model_dump(by_alias=True, exclude_defaults=True)


def _library_token(op: dict, quote: str) -> str:
    """The name of the library's token definition the text of ``op`` (a create_token of a token the
    effect defines, 111.4) and the quoted abilities are."""
    d = op.get("definition")
    if d is None or op.get("keywords") or op.get("attach_to_it") or d.get("abilities"):
        raise NotRead("quoted abilities of a token that is no creature token defined by its text alone")
    printed = (d["power"], d["toughness"], sorted(d["colors"]), sorted(d["types"]), list(d["subtypes"]))
    for name, card in _tokens().items():
        if card.get("oracle") == quote and printed == (
                card.get("power"), card.get("toughness"), sorted(card.get("colors") or []), sorted(card["types"]),
                list(card.get("subtypes") or [])):
            return name
    raise NotRead(f"no token definition of the library is a {d['power']}/{d['toughness']} {' '.join(d['subtypes'])} "
                  f"with {quote!r}")


def give_quote(op: dict, quote: str) -> None:
    """111.4: the quoted abilities given to the token ``op`` creates: the library's definition with those
    characteristics and that text (Eldrazi Spawn), else the token the text defines with the quoted abilities compiled
    (oneshot_tokdefs.quoted_abilities: NotRead unless each is executable). A library creature token named by its
    characteristics ("a 2/2 black Zombie creature token") becomes the token the text defines, with its keywords."""
    try:
        op["token"] = _library_token(op, quote)
        del op["definition"]
        return
    except NotRead:
        pass
    if op.get("attach_to_it"):
        raise NotRead("quoted abilities of a token an Equipment is attached to")
    if "definition" not in op:
        card = _tokens().get(op["token"])
        own = _printed_keywords(card) if card is not None and card.get("power") is not None else None
        if own is None:
            raise NotRead("quoted abilities of a token that is no creature token")
        op["definition"] = {"power": card["power"], "toughness": card["toughness"], "colors": list(card.get("colors") or []),
                            "types": list(card["types"]), "subtypes": list(card.get("subtypes") or [])}
        op["keywords"] = own + [k for k in op.get("keywords", []) if k not in own]
        op["token"] = " ".join(card.get("subtypes") or []) + " Token"  # 111.4: its subtypes and the word Token
    d = op["definition"]
    d["abilities"] = d.get("abilities", []) + quoted_abilities(quote)


class TokenDefsReader:
    """The reader's transformer methods for the block "tokens (issue 21)" of oneshot.lark (a mixin of oneshot._Reader,
    through oneshot_tokens.TokensReader)."""

    def os_token_keyword(self, children):
        words = " ".join(str(children[0]).lower().split())
        if children[0].type != "OS_TOKEN_PARAM_KEYWORD":
            return {"keyword": words}
        return {"keyword": words, "ability": param_keyword(words)}

    def os_token_keywords(self, children):
        """111.4: the keyword abilities of a token the effect defines ("with decayed", "with flying and prowess")."""
        return list(children)

    def os_create_tapped(self, children):
        """110.5b: "create a tapped Treasure token", "create two tapped 2/2 black Zombie creature tokens"."""
        piece = self.os_create([children[0], children[1], children[2]])
        piece.ops[0]["tapped"] = True
        return piece

    def os_player_creates(self, children):
        """111.1: "Its controller creates ...", "each player creates ..." (who: the players who create them)."""
        who = children[0]
        if who not in ("target_controller", "each_player", "each_opponent"):
            raise NotRead("another player than its controller, each player or each opponent creates tokens")
        piece = self.os_create([None, children[1], children[2]])
        piece.ops[0]["who"] = who
        return piece

    def os_player_creates_tapped(self, children):
        piece = self.os_player_creates(children)
        piece.ops[0]["tapped"] = True
        return piece

    def os_create_tapped_quoted(self, children):
        """110.5b, 111.4: "create a tapped 1/1 ... token with "...""."""
        piece = self.os_create_tapped(children[:3])
        give_quote(piece.ops[0], str(children[3])[1:-1])
        return piece

    def os_you_create_quoted(self, children):
        """111.4: "You create a 1/1 black Rat creature token with "..."" (its controller: the same instruction)."""
        return self.os_create_quoted(children[1:])[0]

    def os_may_create_quoted(self, children):
        """608.2d, 111.4: "you may create a ... token with "..."" (the choice as it resolves)."""
        return self.os_may([None, self.os_create_quoted(children[1:])[0]])

    def os_create_kw_quoted(self, children):
        """111.4: "create a 1/1 colorless Thopter artifact creature token with flying and "..."" (the keywords, then
        the quoted abilities)."""
        piece = self.os_create(children[:3])
        give_quote(piece.ops[0], str(children[3])[1:-1])
        return piece
