"""Family 5 of the Oracle grammar (schemes.lark): the trigger of a scheme card (314; Archenemy, 904 in the current
official rules: the seed's French text cites 904 but stops before it), "When you set this scheme in motion" (-> ZoneTrigger
{event: set_in_motion, source_zone: command}, engine/vocab/triggers.py: 701.32, 314.4, a face-up scheme's abilities
function in the command zone), and "Schemes can't be set in motion that turn." after "take an extra turn after this one"
(-> {op: no_schemes_that_turn}, engine/vocab/oneshot_schemes.py: 701.32). The game loop sets the top scheme of the archenemy's scheme deck in motion at the
beginning of their precombat main phase (505.3) and puts a non-ongoing scheme back on the bottom once its triggered
abilities have left the stack (314.6, 704.6e): engine/game/schemes.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead

NO_SCHEMES = ("no_schemes",)
SKIP_UNTAP = ("skip_untap",)


class SchemesReader:
    def sc_set_in_motion(self, _children):
        """701.32, 603.2: "When you set this scheme in motion": the source, a scheme card in the command zone (314.4),
        is set in motion by its owner (its controller, 314.5)."""
        return {"event": "set_in_motion", "source_zone": "command"}

    def sc_no_schemes(self, _children):
        """701.32, 500.7: "Schemes can't be set in motion that turn.": merged into the extra turn before it (merge)."""
        return [NO_SCHEMES]

    def sc_skip_untap(self, _children):
        """500.7, 500.11: "Skip the untap step of that turn.": merged into the extra turn before it (merge)."""
        return [SKIP_UNTAP]


def merge(ops: list, piece) -> None:
    """"Schemes can't be set in motion that turn." (701.32) or "Skip the untap step of that turn." (500.11) right after
    its controller's "take an extra turn after this one" ({op: extra_turn, who: you}, 500.7), or after the other of the
    two: that extra turn's restriction, {op: no_schemes_that_turn} or {op: skip_untap_that_turn}."""
    i = len(ops) - 1
    while i >= 0 and ops[i].get("op") in ("no_schemes_that_turn", "skip_untap_that_turn"):
        i -= 1
    if i < 0 or ops[i] != {"op": "extra_turn"}:
        raise NotRead("'... that turn' after no 'take an extra turn after this one'")
    op = {"op": "no_schemes_that_turn" if piece == NO_SCHEMES else "skip_untap_that_turn"}
    if op in ops[i:]:
        raise NotRead("the same restriction of that turn twice")
    ops.append(op)
