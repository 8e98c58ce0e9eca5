"""Family 5 of the Oracle grammar: the prevention effects a resolving spell or ability creates (615.1a, 611.2a: until
the turn ends; issue 21), read by ``oneshot_prevent.lark`` into the ability's ``replacement``
(engine/vocab/replacement.py), which the game loop creates as the ability resolves (engine/game/instructions.py
replacement_effect) and the replacement program (asp_rules/replace.lp) applies to each damage event:

- "Prevent all combat damage that would be dealt this turn." -> {event: damage, combat: true, do: prevent_all};
- "... dealt by target creature this turn", "... target creature would deal this turn" -> source {targets: true} and
  the target (115.1); "... by that creature / it this turn" -> the one target an instruction before it names (608.2c),
  or, "it" in an ability that triggers on its source's own attacking or blocking, the source; "... by creatures with
  power 2 or less" -> that selector (not fixed as it resolves: 611.2c fixes only effects on characteristics and
  control);
- "... dealt to it / target creature / creatures this turn" -> target; "... to you / players this turn" ->
  target_player you / any;
- "... dealt to and dealt by that creature this turn" -> target and or_dealt_by: one effect on both;
- "The next time a [red / artifact] source of your choice would deal damage to you / to any target / this turn, prevent
  that damage." -> {op: choose_value, choice: source, source_is} (609.7a: chosen as it resolves) and {event: damage,
  source: {chosen_source: true, ...}, target_player: you, do: prevent_all, next_time: true} (615.8: the next damage
  event it applies to uses it up; 615.9: its quality checked again then);
- "Target creature can't be regenerated this turn.", "It can't be regenerated this turn." (the one target before it), "A
  creature dealt damage this way can't be regenerated this turn." -> {event: zone_change, object, do: no_regen} (701.19c:
  a rule on the object's destructions for the turn; not with a destruction in the same ability, which would come
  before the effect begins).
"""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle import oneshot_regen
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt

# 110.4: the targets that are permanents; 112.1: a spell (a source of damage on the stack, 609.7)
_PERMANENTS = frozenset({"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"})
_PRONOUN = "_pronoun"  # "it", "that creature": resolved by check() against the instructions before it
_IT = "_it"  # "it" alone: the source too, in a trigger on its own combat (check())
# 603.2, 506.4: triggers on the source's own attacking or blocking, where "it" is the source
_SELF_EVENTS = frozenset({"attacks", "blocks", "becomes_blocked", "blocks_creature"})


def _combat(children) -> bool | None:
    tok = next((c for c in children if isinstance(c, Token) and c.type == "PV_COMBAT"), None)
    return None if tok is None else str(tok).strip().lower() == "combat"


def _rule(children, **where) -> dict:
    rule = {"event": "damage", **where, "do": "prevent_all"}
    if (combat := _combat(children)) is not None:
        rule["combat"] = combat
    return rule


def _object(obj, *, spell_ok: bool) -> tuple[dict, list]:
    """The object the effect names: (its selector, its targets)."""
    if isinstance(obj, Tgt):
        what = obj.spec.get("what")
        if what not in _PERMANENTS and not (spell_ok and what == "spell"):
            raise NotRead(f"prevent the damage of a target {what}")
        if obj.spec.get("count", 1) != 1 or obj.spec.get("up_to"):
            raise NotRead("prevention on several targets, or up to one")
        return {"targets": True}, [obj]
    if obj in ("it", "that"):
        return _IT if obj == "it" else _PRONOUN, []
    if isinstance(obj, dict) and obj.get("zone", "battlefield") == "battlefield" and not obj.get("attached"):
        return obj, []  # "this creature" (a permanent's ability: check()), "creatures", "creatures you control"
    raise NotRead("prevent the damage of another object")


class PreventReader:
    """The transformer methods of oneshot_prevent.lark (a mixin of oneshot.py's reader)."""

    def pv_all(self, children):
        return Piece(replacement=_rule(children))

    def pv_by(self, children):
        sel, targets = _object(children[-1], spell_ok=True)
        return Piece(targets=targets, replacement=_rule(children, source=sel))

    def pv_to(self, children):
        obj = children[-1]
        if isinstance(obj, Tgt) and obj.spec.get("what") == "player":
            return Piece(targets=[obj], replacement=_rule(children, target_player="targets"))
        if isinstance(obj, Tgt) and obj.spec.get("what") == "any":  # 115.4
            return Piece(targets=[obj], replacement=_rule(children, target={"targets": True}, target_player="targets"))
        sel, targets = _object(obj, spell_ok=False)
        return Piece(targets=targets, replacement=_rule(children, target=sel))

    def pv_to_players(self, children):
        who = "you" if str(children[-1]).lower() == "you" else "any"
        return Piece(replacement=_rule(children, target_player=who))

    def pv_to_by(self, children):
        sel, targets = _object(children[-1], spell_ok=False)
        return Piece(targets=targets, replacement=_rule(children, target=sel, or_dealt_by=True))


    # --- 609.7a, 615.8: "The next time a [red] source of your choice would deal damage to you this turn, prevent that
    # damage." (the choice as it resolves; the effect names that source, its quality checked again, 615.9)
    def pv_next_time(self, children):
        quality, to = children[0], children[1]
        targets, to = (to.targets, to.replacement) if isinstance(to, Piece) else ([], to)
        rule = {"event": "damage", "source": {"chosen_source": True, **quality}, **to, "do": "prevent_all",
                "next_time": True}
        choose = {"op": "choose_value", "choice": "source", **({"source_is": quality} if quality else {})}
        return Piece([choose], targets, replacement=rule)

    def pv_chosen_all(self, children):
        return _chosen_all(children, *[c for c in children if isinstance(c, (dict, Piece))][:2])

    def pv_chosen_all_you(self, children):
        quality = next(c for c in children if isinstance(c, dict))
        return _chosen_all(children, quality, {"target_player": "you"})

    def pv_next_target(self, children):
        t = children[-1]
        if t.spec.get("what") != "creature" or t.spec.get("count", 1) != 1 or t.spec.get("up_to"):
            raise NotRead("the next damage to a target other than one creature")
        return Piece(targets=[t], replacement={"target": {"targets": True}})

    # --- 614.9, 615.7: a redirection shield, "The next 3 damage that would be dealt to target creature you control this
    # turn is dealt to another target creature instead." (N at most of the damage to the first target goes to the second)
    def pv_redirect_next(self, children):
        n, protected, to = [c for c in children if not isinstance(c, Token)]
        if not isinstance(to, Tgt) or not _one_creature(to):
            raise NotRead("damage redirected to a target other than one creature")
        rule = {"event": "damage", "do": "redirect_shield", "n": n}
        if protected == {"self": True}:  # "to this creature": the source's own damage (Spirit en-Kor; check())
            if to.spec.get("other"):
                raise NotRead("the source's damage redirected to 'another target creature'")
            return Piece(targets=[to], replacement=dict(rule, protects_source=True))
        if not isinstance(protected, Tgt) or not _one_creature(protected) or protected.spec.get("other"):
            raise NotRead("a redirection shield on no one target creature")
        if not to.spec.get("other"):  # 115.3: two words "target" may name one creature; the text says "another"
            raise NotRead("damage redirected to 'target creature', not 'another target creature'")
        # 115.3: "another target creature" after the first target: not that target (different); its damage goes
        # elsewhere. In a redirection it names the other recipient, not "not this permanent" (oneshot_targets.check).
        second = Tgt({**{k: v for k, v in to.spec.items() if k != "other"}, "different": True})
        second.after_target = True
        return Piece(targets=[protected, second], replacement=rule)

    # --- 701.19c: "Target creature can't be regenerated this turn." (a rule on its destructions for the turn)
    def pv_no_regen(self, children):
        t = children[0]
        if not isinstance(t, Tgt) or t.spec.get("what") not in _PERMANENTS or t.spec.get("count", 1) != 1 \
                or t.spec.get("up_to"):
            raise NotRead("'can't be regenerated' of no one target permanent")
        return Piece(targets=[t], replacement=_no_regen({"targets": True}))

    def pv_no_regen_it(self, _):
        return Piece(replacement=_no_regen(_PRONOUN))

    def pv_no_regen_dealt(self, _):
        return Piece(replacement=dict(_no_regen({"types": ["Creature"]}), dealt_damage_this_way=True))

    def pv_any_source(self, _):
        return {}

    def pv_color_source(self, children):
        return {"colors": [str(c).lower() for c in children if isinstance(c, Token) and c.type == "PV_COLOR"]}

    def pv_artifact_source(self, _):
        return {"types": ["Artifact"]}

    def pv_land_source(self, _):
        return {"types": ["Land"]}

    def pv_next_you(self, _):
        return {"target_player": "you"}

    def pv_next_any(self, _):
        return {}


def _one_creature(t: Tgt) -> bool:
    return t.spec.get("what") == "creature" and t.spec.get("count", 1) == 1 and not t.spec.get("up_to")


def _no_regen(obj) -> dict:
    return {"event": "zone_change", "object": obj, "do": "no_regen"}


def _chosen_all(children, quality: dict, to) -> Piece:
    """609.7a, 615.1a: "Prevent all damage a [red] source of your choice would deal [to you] this turn." (for the turn)."""
    targets, to = (to.targets, to.replacement) if isinstance(to, Piece) else ([], to)
    choose = {"op": "choose_value", "choice": "source", **({"source_is": quality} if quality else {})}
    return Piece([choose], targets, replacement=_rule(children, source={"chosen_source": True, **quality}, **to))


def _self_trigger(kind: str, head) -> bool:
    return kind == "triggered" and isinstance(head, dict) and "subjects" not in head and \
        head.get("event") in _SELF_EVENTS and head.get("or_event") is None


def check(kind: str, head, pieces: list) -> None:
    """"that creature", "it": the one target permanent an instruction before it names (608.2c; "Untap target attacking
    creature. Prevent all combat damage that would be dealt to and dealt by that creature this turn."), or "it" in a
    trigger on the source's own attacking or blocking ("Whenever this creature becomes blocked, prevent all combat
    damage that would be dealt by it this turn."): the source; "this creature" of a permanent's ability only."""
    before: list = []
    for piece in pieces:
        rep = getattr(piece, "replacement", None)
        if isinstance(rep, dict) and rep.get("protects_source") and kind not in ("activated", "triggered"):
            raise NotRead("'this creature' of a spell (a spell is no creature)")  # (614.9: the source's own damage)
        if isinstance(rep, dict) and rep.get("do") == "no_regen" and any(
                oneshot_regen.destroys(getattr(p, "ops", None) or ()) for p in pieces):
            # (608.2c: the loop creates the effect once the instructions are done: a destruction among them comes first)
            raise NotRead("a destruction with 'can't be regenerated this turn'")
        if isinstance(rep, dict) and (rep.get("event") == "damage" and rep.get("do") == "prevent_all"
                                      or rep.get("do") == "no_regen"):
            for field in ("source", "target", "object"):
                sel = rep.get(field)
                if sel in (_IT, _PRONOUN):
                    if len(before) == 1 and before[0].spec.get("what") in _PERMANENTS \
                            and before[0].spec.get("count", 1) == 1 and not before[0].spec.get("up_to"):
                        rep[field] = {"targets": True}
                    elif not before and sel == _IT and _self_trigger(kind, head):
                        rep[field] = {"self": True}
                    else:
                        raise NotRead("'that creature' / 'it' names no one target permanent here")
                elif isinstance(sel, dict) and (sel.get("self") or sel.get("other")) and kind not in (
                        "activated", "triggered"):
                    raise NotRead("'this creature', 'other creatures' of a spell (a spell is no creature)")
        before += [t for t in getattr(piece, "targets", None) or () if t not in before]


def of_trigger(kind: str, piece) -> bool:
    """A triggered ability's prevention effect (603.2, 611.2a: it begins as the ability resolves, as a spell's does;
    "Whenever this creature becomes blocked, prevent all combat damage that would be dealt by it this turn.")."""
    rep = getattr(piece, "replacement", None)
    return kind == "triggered" and isinstance(rep, dict) and rep.get("event") == "damage" and rep.get("do") == "prevent_all"
