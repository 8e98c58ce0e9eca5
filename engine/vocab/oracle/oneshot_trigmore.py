"""Family 5 of the Oracle grammar (oneshot.lark, rule os_trigger, block "triggers (issue 21)"): more trigger
conditions (603.2), a mixin of engine/vocab/oracle/oneshot.py's reader (through oneshot_trig2.py's Trig2Reader): a
permanent's entering or leaving the battlefield in one ability (603.6a, 603.6c, 603.10a; engine/game/triggered.py), a
player's committing a crime (700.13, current official rules; engine/game/crime.py)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead


class TrigMoreReader:
    def os_enters_or_leaves(self, children):
        """603.2, 603.6a, 603.6c: "When this creature enters or leaves the battlefield" (the source), "Whenever another
        artifact you control enters or leaves the battlefield" (a selector, read as the permanent has entered, and as it
        last existed on the battlefield as it leaves, 603.10a): one ability, two events."""
        subjects = children[1]
        if subjects is not None and ("any_of" in subjects or subjects.get("attached")
                                     or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("'enters or leaves the battlefield' of other than the source or the permanents a selector names")
        return {"event": "enters", "or_event": "leaves_battlefield",
                **({"subjects": subjects} if subjects is not None else {})}

    def os_commit_crime(self, _children):
        """700.13 (current official rules), 603.2: "Whenever you commit a crime": its controller casts a spell, activates
        an ability or puts a triggered ability on the stack that targets an opponent, a spell, ability or permanent an
        opponent controls, or a card in an opponent's graveyard."""
        return {"event": "commits_crime"}

    def os_leave_graveyard(self, children):
        """603.2, 404.2: "Whenever one or more cards leave your graveyard", "... creature cards ...": once for each set of
        simultaneous events moving one or more cards (of that card type) out of its controller's graveyard (a player's
        graveyard holds the cards they own)."""
        kind = next((str(c) for c in children if isinstance(c, Token) and c.type == "OS_CARD_TYPE"), None)
        if kind == "permanent":
            raise NotRead("'permanent cards' leaving a graveyard")
        return {"event": "leaves_graveyard", "subjects": {"types": [kind.capitalize()]} if kind else {}}
