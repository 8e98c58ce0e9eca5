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


def quoted_abilities(quote: str) -> list[dict]:
    """111.4: the abilities of a token's quoted text, as the card vocabulary's abilities (dicts); NotRead when the
    text does not compile whole or an ability of it is not executable."""
    from engine.vocab.cardfile import executable_by, parse_activation_cost
    from engine.vocab.oracle.compile import compile_paragraph

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


class TokenDefsReader:
    """The reader's transformer methods for the block "tokens (issue 21)" of oneshot.lark (a mixin of oneshot._Reader,
    through oneshot_tokens.TokensReader)."""

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
        from engine.vocab.oracle.oneshot_tokens import give_quote

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
        from engine.vocab.oracle.oneshot_tokens import give_quote

        piece = self.os_create(children[:3])
        give_quote(piece.ops[0], str(children[3])[1:-1])
        return piece
