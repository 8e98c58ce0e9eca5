"""Family 2 of the Oracle grammar (issue 21): the transformer methods of statics_speed.lark, max speed (702.178, the
current official rules): "Max speed — [ability]" means "As long as you have max speed, this object has [ability]" (a
player's speed of 4, 702.179): a static ability under the condition {speed: you, at_least: 4} (engine/vocab/selector.py
Condition). A mixin of statics.py's transformer."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead

MAX_SPEED = {"speed": "you", "at_least": 4}  # 702.178: "you have max speed" (speed 4)


class StaticsSpeed:
    """statics_speed.lark's tree -> the parts of a static ability (statics.py's _Statics)."""

    def _max_speed(self, effect) -> dict:
        ability = self._ability(effect, dict(MAX_SPEED))
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a rule of another kind under max speed")
        return ability

    def st_max_speed(self, children):
        """702.178: "Max speed — This creature has double strike."."""
        return self._max_speed(children[-1])

    def st_max_speed_two(self, children):
        """702.178: "Max speed — ~ has deathtouch. Other creatures you control have first strike." (two effects)."""
        return [self._max_speed(children[-2]), self._max_speed(children[-1])]
