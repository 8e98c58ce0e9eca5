"""Family 5 of the Oracle grammar (trigevents.lark, rule te_trigger of os_trigger): more trigger conditions (603.2), a
mixin of engine/vocab/oracle/oneshot.py's reader (through oneshot_trig2.py's Trig2Reader): a permanent's becoming
untapped (603.2e; the game loop: engine/game/events.py), a creature's attacking with at least N others (battalion,
508.2a; the combat program: asp_rules/attack.lp), a creature's exploiting a creature (702.110b: engine/game/exploit.py),
a creature dealt damage by the source this turn dying (120.3, 700.4: engine/game/damaged_by.py), a permanent's becoming
a target for the first time in the turn (115.1, 603.2e: engine/game/targeted.py), a permanent's entering untapped
(603.6a: engine/game/triggered.py), its controller's first life gain of the turn (119.9: engine/game/history.py), the
beginning of its controller's second main phase (505.1a-b: engine/game/triggers.py's step triggers), cards discarded at
once (701.9: engine/game/batches.py), "cycle or discard another card" (701.9), "another creature enters under your
control" (alliance, 603.6a) a creature's exploring (701.44b: engine/game/library_ops.py) and its controller's losing life during their turn (119.3:
engine/game/triggered.py)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import NUMBERS


def _own(subjects) -> dict:
    """The subjects of an event of the source's own ("this creature": none) or of the permanents a selector names;
    "this creature or another ..." is not read here."""
    if subjects is not None and "any_of" in subjects:
        raise NotRead("'this creature or another ...' of an event but entering or dying")
    return {} if subjects is None else {"subjects": subjects}


class TrigEventsReader:
    def te_becomes_untapped(self, children):
        """603.2e, 701.26a: "Whenever this creature becomes untapped" (Inspired): the subject, on the battlefield, goes
        from tapped to untapped."""
        return {"event": "becomes_untapped", **_own(children[1])}

    def te_attacks_with_others(self, children):
        """508.2a, 603.2: "Whenever this creature and at least two other creatures attack" (battalion): the source
        (only: "~ and at least two other creatures") declared as an attacker with at least N other creatures."""
        if children[1] is not None:
            raise NotRead("'[a selector] and at least N other creatures attack'")
        n = next(str(c) for c in children if isinstance(c, Token) and c.type == "TE_NUMBER")
        return {"event": "attacks", "others_at_least": NUMBERS[n]}

    def te_exploits(self, children):
        """702.110b, 603.2: "When this creature exploits a creature", "Whenever a creature you control exploits a
        creature": the subject's exploit ability resolves and its controller sacrifices a creature."""
        return {"event": "exploits", **_own(children[1])}

    def te_damaged_dies(self, children):
        """700.4, 120.3: "Whenever a creature dealt damage by this creature this turn dies": a creature the source dealt
        damage to this turn is put into a graveyard from the battlefield."""
        return {"event": "dies", "subjects": {"types": ["Creature"]}, "damaged_by_source": True}

    def te_becomes_target_first(self, children):
        """115.1, 603.2e: "Valiant — Whenever this creature becomes the target of a spell or ability you control for the
        first time each turn" (player: you), "... of a spell or ability for the first time each turn" (anyone's)."""
        you = any(isinstance(c, Token) and c.type == "TE_YOU_CONTROL" for c in children)
        return {"event": "becomes_target", "first_each_turn": True, **({"player": "you"} if you else {}),
                **_own(children[1])}

    def te_enters_untapped(self, children):
        """603.6a, 110.5: "When this land enters untapped": the source's own entering, untapped as it has entered."""
        if children[1] is not None:
            raise NotRead("'[a selector] enters untapped'")
        return {"event": "enters", "enters_untapped": True}

    def te_gain_life_first(self, _children):
        """119.9, 603.2: "Whenever you gain life for the first time each turn": its controller gains life, having gained
        none before in the turn."""
        return {"event": "gain_life", "first_each_turn": True}

    def te_second_main(self, _children):
        """505.1a-b, 603.2b: "At the beginning of your second main phase": the main phase after the combat phase (the
        postcombat main phase, 505.1a), the turn's second (505.1b: the game loop makes no additional main phase)."""
        return {"at_beginning_of": "postcombat_main", "whose": "you"}

    def te_discard_at_once(self, children):
        """701.9, 603.2: "Whenever you discard one or more cards", "... one or more artifact cards": once for the cards
        its controller discards at once (of that card type)."""
        kind = next((str(c) for c in children if isinstance(c, Token) and c.type == "OS_CARD_TYPE"), None)
        if kind == "permanent":
            raise NotRead("'permanent cards' discarded")
        return {"event": "discards", "at_once": True, **({"subjects": {"types": [kind.capitalize()]}} if kind else {})}

    def te_discard_another(self, _children):
        """701.9, 702.29a: "Whenever you cycle or discard another card": each card its controller discards (a card
        cycled is discarded); the source, on the battlefield, is never one of them."""
        return {"event": "discards"}

    def te_alliance(self, _children):
        """603.6a: "Alliance — Whenever another creature enters under your control": another creature entering the
        battlefield under the ability's controller's control (as "another creature you control enters")."""
        return {"event": "enters", "subjects": {"types": ["Creature"], "controller": "you", "other": True}}

    def te_explores(self, children):
        """701.44b, 603.2: "Whenever a creature you control explores": a subject has explored."""
        return {"event": "explores", **_own(children[1])}

    def te_lose_life_your_turn(self, _children):
        """119.3, 603.2: "Whenever you lose life during your turn": each life-loss event of its controller's, during
        their turn."""
        return {"event": "loses_life", "during_your_turn": True}
