"""Family 5 of the Oracle grammar (oneshot.lark, the block "tokens put onto the battlefield attacking (issue 21)"):
tokens created tapped and attacking (508.4, 110.5b): "create two 1/1 white Soldier creature tokens that are tapped and
attacking" (Hero of Bladehold), "create a 1/1 red Warrior creature token that's tapped and attacking", "create two tapped
and attacking 1/1 red Warrior creature tokens" (mobilize's definition, 702.181a).

The tokens were never declared as attackers (508.4): no "whenever ... attacks" triggers for them; what each attacks is
its controller's choice among what the attack may go to (the combat program's defender_ok, 508.1b), made by the game
loop (engine/game/attacking.py).
"""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead


class AttackingReader:
    """The reader's transformer methods for tokens created tapped and attacking (a mixin of oneshot._Reader, through
    oneshot_tokens.TokensReader)."""

    def _attacking(self, children):
        create = [c for c in children if not (isinstance(c, Token) and c.type == "OS_TAPPED_ATTACKING")]
        piece = self.os_create(create)
        op = piece.ops[0]
        said = next((str(c) for c in children if isinstance(c, Token) and c.type == "OS_TAPPED_ATTACKING"), None)
        if said is not None and said != "tapped and attacking" and (op["amount"] == 1) != said.startswith("that's"):
            raise NotRead("'that's' after more than one token, or 'that are' after one")
        if op.get("attach_to_it"):
            raise NotRead("an Equipment attached to a token created attacking")
        op["tapped"] = True  # 110.5b
        op["attacking"] = True  # 508.4
        return piece

    def os_create_attacking(self, children):
        """508.4, 110.5b: "create two 1/1 white Soldier creature tokens that are tapped and attacking"."""
        return self._attacking(children)

    def os_create_attacking_before(self, children):
        """508.4, 110.5b: "create two tapped and attacking 1/1 red Warrior creature tokens"."""
        return self._attacking(children)
