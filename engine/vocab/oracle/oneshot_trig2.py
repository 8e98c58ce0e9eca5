"""Family 5 of the Oracle grammar (oneshot.lark, rule os_trigger): more trigger conditions (603.2), a mixin of
engine/vocab/oracle/oneshot.py's reader like oneshot_triggers.py: a permanent turned face up (702.37e, 708.8;
the game loop: engine/game/priority.py, engine/game/triggered.py's face_up_triggers) and any player's cycling
(702.29a; engine/game/costs.py), counters put on a permanent (122.1, 122.6; engine/game/triggered.py), permanents sacrificed (701.21a; marked
as such by engine/game/events.py)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_castq import CastQualityReader
from engine.vocab.oracle.oneshot_daynight import DayNightReader
from engine.vocab.oracle.oneshot_schemes import SchemesReader
from engine.vocab.oracle.oneshot_planechase import PlanechaseReader
from engine.vocab.oracle.oneshot_trigevents import TrigEventsReader
from engine.vocab.oracle.oneshot_trigmore import TrigMoreReader


class Trig2Reader(TrigMoreReader, TrigEventsReader, CastQualityReader, DayNightReader, SchemesReader,
                  PlanechaseReader):  # (its readers, oneshot_trigmore.py)
    def os_turned_face_up(self, children):
        """603.2, 702.37e: "When this creature is turned face up" (the source), "Whenever a permanent is turned
        face up", "Whenever this creature or another permanent is turned face up" (the subjects' selector, read
        once the permanent is face up: 708.8)."""
        subjects = children[1]
        if subjects is not None and (subjects.get("attached") or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("a permanent turned face up other than the source or the permanents a selector names")
        return {"event": "turned_face_up", **({"subjects": subjects} if subjects is not None else {})}

    def os_enters_or_face_up(self, children):
        """603.2: "When this creature enters or is turned face up": one ability, two events of the source (its
        entering, the replacement program's; its turning face up, 702.37e, the game loop's)."""
        if children[1] is not None:
            raise NotRead("'enters or is turned face up' of another object than the source")
        return {"event": "enters", "or_event": "turned_face_up"}

    def os_player_cycles(self, _children):
        """702.29a, 603.2: "Whenever a player cycles a card": any player's cycling of any card."""
        return {"event": "activate", "keyword": "cycling", "card": "any", "player": "any"}

    def os_counters_put(self, children):
        """603.2, 122.1, 122.6: "Whenever one or more +1/+1 counters are put on this creature" (the source), "... on
        another creature you control" (a selector); "one or more counters" of any kind. One trigger for each event
        putting counters on a subject, entering with counters included (122.6)."""
        kind = next((str(c) for c in children if isinstance(c, Token) and c.type == "OS_PUT_KIND"), None)
        subjects = children[-1]
        if subjects is not None and (subjects.get("attached") or "any_of" in subjects
                                     or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("counters put on other than the source or the permanents a selector names")
        return {"event": "counters_put", **({"kind": kind} if kind else {}),
                **({"subjects": subjects} if subjects is not None else {})}

    def os_you_sacrifice(self, children):
        """603.2, 701.21a: "Whenever you sacrifice another permanent", "... a Clue", "... an artifact or creature", "When
        you sacrifice this creature", "Whenever you sacrifice ~ or another creature": a permanent its controller
        sacrifices (701.21a: only a permanent one controls is sacrificed), so the subjects are those "you" control,
        as they last existed on the battlefield (603.10a)."""
        subjects = children[-1]
        if subjects is None:
            return {"event": "sacrificed"}
        if subjects.get("controller") or subjects.get("attached") or subjects.get("zone", "battlefield") != "battlefield":
            raise NotRead("a sacrificed permanent with a controller, attached or off the battlefield")
        return {"event": "sacrificed", "subjects": {**subjects, "controller": "you"}}

    def os_cast_targeting(self, children):
        """601.2i, 115.1: "Whenever you cast a spell that targets this creature" (heroic), "... an instant or sorcery
        spell that targets a creature you control": a cast trigger (as os_cast reads it) whose spell has, as it is
        cast, a target the selector names (the source: {self: true})."""
        subjects = children[-1]
        if subjects is not None and ("any_of" in subjects or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("a spell targeting 'this creature or another ...' or a card off the battlefield")
        return {**self.os_cast(children[:-1]), "targeting": subjects if subjects is not None else {"self": True}}

    def os_you_look(self, children):
        """603.2, 701.22a, 701.25a: "Whenever you scry", "Whenever you surveil": the ability's controller scries or
        surveils (N of 1 or more: scry 0 is no scry event, 701.22b)."""
        return {"event": "scries" if str(children[-1]) == "scry" else "surveils"}

    def os_cast_opp_turn(self, children):
        """601.2i, 603.2: "Whenever you cast a spell during an opponent's turn" (an opponent the active player, 102.2;
        the spells as os_cast reads them)."""
        return {**self.os_cast(children), "during": "opponent_turn"}

    def os_cast_first_opp_turn(self, _children):
        """601.2i, 603.2: "Whenever you cast your first spell during each opponent's turn": the caster's first spell of
        a turn that is an opponent's."""
        return {"event": "cast", "nth": 1, "during": "opponent_turn"}
