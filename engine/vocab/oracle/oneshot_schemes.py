"""Family 5 of the Oracle grammar (schemes.lark): the trigger of a scheme card (314; Archenemy, 904 in the current
official rules: the seed's French text cites 904 but stops before it), "When you set this scheme in motion" (-> ZoneTrigger
{event: set_in_motion, source_zone: command}, engine/vocab/triggers.py: 701.32, 314.4, a face-up scheme's abilities
function in the command zone). The game loop sets the top scheme of the archenemy's scheme deck in motion at the
beginning of their precombat main phase (505.3) and puts a non-ongoing scheme back on the bottom once its triggered
abilities have left the stack (314.6, 704.6e): engine/game/schemes.py."""

from __future__ import annotations


class SchemesReader:
    def sc_set_in_motion(self, _children):
        """701.32, 603.2: "When you set this scheme in motion": the source, a scheme card in the command zone (314.4),
        is set in motion by its owner (its controller, 314.5)."""
        return {"event": "set_in_motion", "source_zone": "command"}
