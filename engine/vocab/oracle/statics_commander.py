"""Family 2 of the Oracle grammar (issue 21): the readers of statics.lark's commander subjects and condition (903.3: a
commander is a designation of a card, which it keeps in every zone), a mixin of
:class:`engine.vocab.oracle.statics._Statics`. Each gives a selector of the vocabulary (engine/vocab/selector.py's
``commander``) that the layers program reads (asp_rules/selectors.lp: sel_commander/1 with commander/1, the game
loop's designation, a board's ``commander: true``)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.statics_values import _IT, _negated


class StaticsCommander:
    """Readers of statics.lark's commander subjects and condition (issue 21)."""

    def st_subject_commander_creatures(self, children):
        """903.3: "Commander creatures you own" (owner: you), "Commander creatures you control" (controller: you): the
        creature permanents that are commanders."""
        who = "owner" if str(children[-1]) == "own" else "controller"
        return {"types": ["Creature"], who: "you", "commander": True}

    def st_subject_commanders(self, children):
        """903.3: "Commanders you control": the permanents you control that are commanders (any of their types)."""
        return {"controller": "you", "commander": True}

    def st_subject_your_commander(self, children):
        """903.3: "Your commander": the permanents that are commanders its controller owns (whoever controls them)."""
        return {"owner": "you", "commander": True}

    def st_subject_face_down(self, children):
        """708.2: "Face-down creatures you control": the face-down permanents of the group."""
        return self._face_down(children[-1])

    def st_counted_face_down(self, children):
        """708.2: "for each face-down creature on the battlefield": the face-down permanents of the group."""
        return self._face_down(children[0])

    @staticmethod
    def _face_down(sel) -> dict:
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "exiled_with", "targets"}:
            raise NotRead("face-down of a single object or of a union")
        return {**sel, "face_down": True}

    def st_cond_your_commander(self, children):
        """903.3: "as long as you control your commander": a commander you own and control is on the battlefield."""
        return ({"count": {"commander": True, "owner": "you", "controller": "you"}, "at_least": 1}, None)

    def st_unless(self, children):
        """611.3a: "[effect] unless [condition]": the effect exists only while the condition doesn't hold."""
        effect, (condition, it) = children
        return self.st_if_after([effect, (_negated(condition), it)])

    def st_unless_in_combat(self, children):
        """611.3a, 506.4: "~ has hexproof unless it's attacking or blocking": while it is neither."""
        return self.st_if_after([children[0], ({"count": {"attacking": False, "blocking": False}}, _IT)])

    def st_instead(self, children):
        """611.3a: "[A]. It gets [B] instead as long as [condition].": A while the condition doesn't hold, B ("it": A's
        subject) while it does; one of them at a time."""
        effect, other, (condition, it) = children
        if effect[0] is _IT or other[0] is not _IT or (it is not None and it is not _IT):
            raise NotRead("'It ... instead': the same object as the first effect, the condition not of another")
        if any(op.get("op") != "modify_pt" for op in other[1]):
            raise NotRead("'instead' of another effect than a power and toughness change")
        try:
            negated = _negated(condition)
        except NotRead:  # (one opponent's number: its negation, every opponent's, is no condition of the vocabulary)
            from engine.vocab.oracle.statics_records import instead_by_difference

            return instead_by_difference(self, effect, other, condition)
        return [self._ability(effect, negated), self._ability(other, condition, it=effect[0])]

    def st_instead_if(self, children):
        """611.3a: "[A]. If [condition], [B] instead.": the same, the condition first."""
        effect, cond, other = children
        return self.st_instead([effect, other, cond])
