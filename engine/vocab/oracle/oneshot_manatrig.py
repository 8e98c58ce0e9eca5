"""Family 5 of the Oracle grammar: triggered mana abilities (issue 21; the productions under
"triggered mana abilities" at the end of oneshot.lark).

- "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any color." (Fertile
  Ground), "... an additional {G}" (Wild Growth), "Whenever enchanted Forest is tapped for mana, its controller adds an
  additional one mana of the chosen color." (Utopia Sprawl), "Whenever a Forest is tapped for mana, its controller adds
  an additional {G}." (Vernal Bloom), "Whenever a player taps a land for mana, that player adds one mana of any type that
  land produced." (Mana Flare), "Whenever you tap a Swamp for mana, add an additional {B}." (Crypt Ghast).

106.12-106.12a: tapping a permanent for mana is activating its mana ability with {T} in its cost; such a trigger
triggers as that ability resolves and produces mana. 605.1b: without a target, triggering on a mana ability's
activation and adding mana, the ability is a mana ability; 605.4a: it doesn't use the stack and resolves at once after
that mana ability (engine/game/manatrig.py). -> trigger {event: tapped_for_mana, subjects, player} and one_shot
[{op: add_tapped_mana, ...}] (engine/vocab/oneshot_mana.py: AddTappedMana), read only together (`check`): such a trigger
whose effect is anything else (Manabarbs' damage) or has a target is no mana ability (605.5a) and is not read.
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_mana import ANY_COLOR


class ManaTrigReader:
    """The reader's transformer methods for the triggered mana abilities (a mixin of oneshot._Reader)."""

    def mt_pass(self, children):
        return children[0]

    def mt_is_tapped(self, children):  # 106.12a: "Whenever enchanted land is tapped for mana" (whoever taps it)
        subjects = children[1]
        if subjects is None or "any_of" in subjects:
            raise NotRead("'this land is tapped for mana' (not read here) or 'this or another'")
        return {"event": "tapped_for_mana", "subjects": subjects, "player": "any"}

    def mt_taps(self, children):  # 106.12a: "Whenever a player taps a land for mana", "Whenever you tap a Swamp ..."
        tapper, tap, subjects = str(children[1]), str(children[2]), children[3]
        if (tapper == "you") != (tap == "tap"):
            raise NotRead("'you taps' or 'a player tap'")
        if subjects is None or "any_of" in subjects or subjects.get("controller") or subjects.get("attached"):
            raise NotRead("'tap this land', 'tap a land you control' or 'tap enchanted land' (not read here)")
        return {"event": "tapped_for_mana", "subjects": subjects, "player": "you" if tapper == "you" else "any",
                "_who": "you" if tapper == "you" else "that_player"}

    def mt_add_additional(self, children):
        who = str(children[0]).replace(" ", "_") if len(children) == 2 else "you"
        return Piece([{"op": "add_tapped_mana", "tapper": who, **children[-1]}])

    def mt_add_produced(self, children):  # 106.1b: "one mana of any type that land produced"
        who = str(children[0]).replace(" ", "_") if children else "you"
        return Piece([{"op": "add_tapped_mana", "tapper": who, "produced": True}])

    def mt_fixed(self, children):
        return {"options": [str(children[0])]}

    def mt_any_color(self, _):
        return {"options": list(ANY_COLOR)}

    def mt_chosen_color(self, _):  # 614.12: the color chosen as the source entered ("As this Aura enters, choose a color")
        return {"chosen_color": True}

    def mt_two_combination(self, _):
        return {"options": ["".join(p) for p in _pairs()]}


def _pairs():
    return [(a, b) for i, a in enumerate(ANY_COLOR) for b in ANY_COLOR[i:]]


def check(kind: str, head, pieces: list) -> None:
    """605.1b, 605.5a: a trigger on a permanent tapped for mana is read only as a triggered mana ability: its effect
    one add_tapped_mana whose words name the player who tapped it as the trigger does ("its controller" after "is
    tapped for mana", "that player" after "a player taps", "add" after "you tap"), no target; and add_tapped_mana only
    there."""
    ops = [op for piece in pieces for op in (getattr(piece, "ops", None) or ())]
    adds = [op for op in ops if isinstance(op, dict) and op.get("op") == "add_tapped_mana"]
    trig = head if kind == "triggered" and isinstance(head, dict) else {}
    if trig.get("event") != "tapped_for_mana":
        if adds:
            raise NotRead("'adds an additional ...' outside a trigger on a permanent tapped for mana")
        return
    who = trig.pop("_who", None) or "its_controller"
    if len(ops) != 1 or len(adds) != 1 or len(pieces) != 1 or getattr(pieces[0], "targets", None) \
            or getattr(pieces[0], "continuous", None) is not None or getattr(pieces[0], "replacement", None) is not None:
        raise NotRead("605.5a: a trigger on a permanent tapped for mana that does more than add mana (not read)")
    if adds[0]["tapper"] != who:
        raise NotRead(f"'{adds[0]['tapper']}' adds mana after a trigger whose tapper is '{who}'")
