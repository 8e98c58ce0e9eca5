"""Family 5 of the Oracle grammar: triggered and activated abilities and spell effects whose effects
are the one-shot operations of the card vocabulary (608.2, 609, 603, 602), read by ``oneshot.lark``.

:func:`read` gives the abilities a paragraph is (a spell ability, a triggered ability with its
trigger, an activated ability with its cost), each with its ``targets`` (115.1), its ``one_shot``
operations (engine/vocab/oneshot.py), the continuous effect it creates as it resolves (611.2:
"target creature gets +3/+3 until end of turn") or the regeneration shield it creates (701.19a), as
dicts of the vocabulary; or None when the grammar doesn't consume every word of the paragraph or a
part of it has no meaning in the vocabulary (NotRead).

Targets are numbered in the order their word "target" is printed (601.2c); an instruction acting on
a target says which (``target: K``); a continuous effect of a spell or ability with one target
applies to it (611.2c; no ``applies_to``).
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from lark import Discard, Token
from lark.exceptions import LarkError

from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree, is_attached
from engine.vocab.oracle.words import ability_word
from engine.vocab.oracle import (oneshot_actions, oneshot_eff, oneshot_keywords, oneshot_kw, oneshot_library,
                                 oneshot_mana, oneshot_tokens, oneshot_delay, oneshot_cond, oneshot_monarch, oneshot_paycost,
                                 oneshot_animate, oneshot_thatplayer, oneshot_manatrig, oneshot_fight, oneshot_choice, oneshot_hand,
                                 oneshot_dmg, oneshot_eachplayer, oneshot_ifcond, oneshot_random, oneshot_blight,
                                 oneshot_earthbend)
from engine.vocab.oracle.oneshot_sent2 import Sent2Reader, _pt
from engine.vocab.oracle import oneshot_amtdmg  # 608.2h (issue 21: counted amounts of damage)
from engine.vocab.oracle import oneshot_reflexive  # 603.12 (issue 21: reflexive triggered abilities)
from engine.vocab.oracle import chosen_values  # 608.2c, 608.2d: a value chosen, read after it
from engine.vocab.oracle import oneshot_chosen  # 608.2c, 608.2h (issue 21: instructions chained by reference)
from engine.vocab.oracle.oneshot_cards import NUMBERS, PERMANENT_TYPES, CardsReader, Piece, Tgt, _number, on_source, shared_subjects, subject
from engine.vocab.oracle.oneshot_sentences import SentencesReader, _mana, _spec_of, _that
from engine.vocab.oracle.oneshot_triggers import TriggersReader
from engine.vocab.oracle import oneshot_castq
from engine.vocab.oracle.oneshot_copy import CopyReader
from engine.vocab.oracle.oneshot_regen import RegenReader
from engine.vocab.oracle import oneshot_prevent
from engine.vocab.oracle import oneshot_mass  # 608.2c, 608.2h (issue 21: instructions on every permanent of a set)
from engine.vocab.oracle.oneshot_combatfx import CombatFxReader, a_creature_type, a_set, joins  # 701.26, 611.2, 508.1, 509.1 (issue 21)
from engine.vocab.oracle.oneshot_transform import TransformReader, Trig2Reader
from engine.vocab.oracle.oneshot_prefilter import PREFILTER, RESTRICTIONS, may_be_ours  # which paragraphs are parsed
from engine.vocab.oracle.xvalue import XValueReader, x_cost_of  # 107.3a: X announced (xvalue.lark)
from engine.vocab.oracle import oneshot_modal  # 700.2: modal.lark
from engine.vocab.oracle.oneshot_freecast import FreeCastReader  # 608.2g, 118.9 (issue 21: casting without paying the mana cost)
from engine.vocab.oracle.oneshot_modal import ModalReader
from engine.vocab.oracle.oneshot_quoted import QuotedReader  # quoted_inner.lark
from engine.vocab.oracle.oneshot_granter import GranterReader  # granter.lark
from engine.vocab.oracle.oneshot_mayhave import MayHaveReader  # 608.2d: mayhave.lark
from engine.vocab.oracle.oneshot_eotfx import EotFxReader  # 611.2: changes until end of turn (oneshot_eotfx.lark)
from engine.vocab.oracle.oneshot_copies import CopiesReader  # 111.1, 707.2, 707.9b: copies.lark
from engine.vocab.oracle import oneshot_ring  # 701.54: ring.lark
from engine.vocab.oracle.oneshot_targets import TargetsReader, check as targets_check  # 601.2c, 115.3: oneshot_targets.lark
from engine.vocab.oracle.oneshot_cspells import CounterspellsReader  # 115.1: counterspells.lark (target spells)

# os_paragraph is the whole grammar; the reader parses its parts by their own rules (the trigger or the
# cost, then each sentence), joined exactly as os_paragraph joins them, each part read once however
# many paragraphs share it ("draw a card.")
START = ("os_paragraph", "os_trigger", "os_cost", "os_sentence", "os_choose", "os_additional_cost",
         "os_trigger_choose", "ep_condition")
_TRIGGER_WORD = re.compile(r"(When|Whenever|At) ", re.IGNORECASE)
_SENTENCE_END = re.compile(r'(?<=\.) (?=(?:[^"]*"[^"]*")*[^"]*$)')  # (not inside a quoted ability, 111.4)


class _Reader(CardsReader, SentencesReader, TriggersReader, oneshot_library.LibraryReader, oneshot_actions.ActionsReader,
              TransformReader, Trig2Reader, oneshot_tokens.TokensReader, oneshot_delay.DelayReader, oneshot_mana.ManaReader,
              oneshot_keywords.KeywordsReader, oneshot_kw.KwReader, Sent2Reader, oneshot_eff.EffReader, oneshot_cond.CondReader,
              CopyReader, oneshot_monarch.MonarchReader, oneshot_paycost.PayCostReader, RegenReader, oneshot_prevent.PreventReader,
              oneshot_animate.AnimateReader, oneshot_thatplayer.ThatPlayerReader, oneshot_manatrig.ManaTrigReader,
              oneshot_fight.FightReader, oneshot_choice.ChoiceReader, oneshot_hand.HandReader,
              oneshot_dmg.DmgReader, oneshot_ifcond.IfCondReader, oneshot_random.RandomReader,
              oneshot_amtdmg.AmountDamageReader, oneshot_reflexive.ReflexiveReader, CombatFxReader, XValueReader,
              oneshot_chosen.ChosenReader, oneshot_mass.MassReader, oneshot_blight.BlightReader,
              oneshot_earthbend.EarthbendReader, ModalReader, QuotedReader, EotFxReader, GranterReader, MayHaveReader,
              chosen_values.ChosenValuesReader, FreeCastReader, CopiesReader, oneshot_ring.RingReader, TargetsReader, CounterspellsReader, Objects):  # (701.19a: oneshot_regen.py)
    # --- targets and the objects acted on ---------------------------------------------------
    def os_any_target(self, _):
        return Tgt({"what": "any"})

    def os_target_objects(self, children):
        spec = _spec_of(children[-1])
        if len(children) == 3:  # "another target creature"
            spec["other"] = True
        return Tgt(spec)

    def os_target_up_to(self, children):
        t = children[-1]
        if t.spec.get("what") in ("spell", "any") or t.spec.get("up_to"):
            raise NotRead("up to one target spell / any target: not read")
        return Tgt(dict(t.spec, up_to=True))

    def os_target_up_to_other(self, children):
        return Tgt(dict(_spec_of(children[-1]), other=True, up_to=True))

    def os_target_player(self, _):
        return Tgt({"what": "player"})

    def os_target_opponent(self, _):
        return Tgt({"what": "player", "controller": "opponent"})

    def os_target_spell(self, _):
        return Tgt({"what": "spell"})

    def os_target_typed_spell(self, children):
        kinds = children[1]
        if kinds == PERMANENT_TYPES:
            raise NotRead("'permanent spell': no card type list here")
        return Tgt({"what": "spell", "types": kinds})

    def os_you(self, _):
        return "you"

    def os_each_opponent(self, _):
        return "each_opponent"

    def os_each_player(self, _):
        return "each_player"

    def os_object(self, children):
        c = children[0]
        if isinstance(c, Token):  # "it", "that creature" (the target of "gain control of target creature")
            return "it" if c.type == "OS_IT" else "that"
        return c  # a Tgt, or a selector dict

    os_source = os_object

    def os_number(self, children):
        return _number(children[0])

    def os_amount(self, children):
        tok = children[0]
        return "x" if tok.type == "OS_X" else _number(tok)

    # --- instructions -------------------------------------------------------------------------
    def os_draw(self, children):
        who, targets = subject(children, 4)
        return Piece([{"op": "draw", "amount": children[-2], "who": who}], targets)

    def os_discard(self, children):
        who, targets = subject(children, 4)
        return Piece([{"op": "discard", "amount": children[-2], "who": who}], targets)

    def _life(self, children, op):
        who, targets = subject(children, 3)
        return Piece([{"op": op, "amount": children[-1], "who": who}], targets)

    def os_gain(self, children):
        return self._life(children, "gain_life")

    def os_gain_that_much(self, _):
        return Piece([{"op": "gain_life", "amount": "that_many", "who": "you"}])

    def os_lose(self, children):
        return self._life(children, "lose_life")

    def os_damage(self, children):
        source, _, amount, recipients = children
        uses_it = source == "it"
        if not uses_it and source != {"self": True}:
            raise NotRead("damage dealt by another object than the source")
        targets = [r for r in recipients if isinstance(r, Tgt)]
        each = [r if isinstance(r, str) else "each" for r in recipients if not isinstance(r, Tgt)]
        chosen = [r[1] for r in recipients if isinstance(r, tuple)]  # ("each", selector): os_to_each
        if targets and each or len(targets) > 1 or len(chosen) > 1:
            raise NotRead("damage to a target and to others, to two targets or to two sets, in one instruction")
        if targets:
            op = {"op": "damage", "amount": amount, "_tgt": targets[0]}
        else:
            op = {"op": "damage", "amount": amount, "to": each[0] if len(each) == 1 else each, **{"each": s for s in chosen}}
        piece = Piece([op], targets, uses_it=uses_it, x=amount == "x")
        piece.it_dealer = uses_it  # "it deals": the source itself when nothing else was named before (_ability)
        return piece

    def os_damage_and_you(self, children):
        source, deals, amount, recipient, to_you = children
        if amount == "x":
            raise NotRead("X damage and damage to you")
        piece = self.os_damage([source, deals, amount, [recipient]])
        piece.ops[0]["to_you"] = to_you
        return piece

    def os_recipients(self, children):
        return [c for c in children if not isinstance(c, Token)]

    def os_to_target(self, children):
        return children[0]

    def os_to_each_opponent(self, _):
        return "each_opponent"

    def os_to_each_player(self, _):
        return "each_player"

    def os_destroy(self, children):
        t = children[1]
        return Piece([{"op": "destroy", "_tgt": t}], [t])

    def os_destroy_all(self, children):
        sel = children[1]
        if sel.get("self") or sel.get("attached"):
            raise NotRead("destroy this object")
        if sel == {"types": ["Creature"]}:
            return Piece([{"op": "destroy", "what": "each_creature"}])
        return Piece([{"op": "destroy", "what": "each", "each": sel}])

    def os_counter(self, children):
        t = children[1]
        if t.spec.get("what") != "spell":
            raise NotRead("counter a target that is not a spell")
        op = {"op": "counter", "_tgt": t}
        if len(children) == 4:  # 118.12a: "unless its controller pays {3}"
            op["unless_pays"] = _mana(children[3])
        return Piece([op], [t])

    def _acting_on(self, op: dict, obj) -> Piece:
        """An instruction acting on a target, on the object itself, or on 'it' (the object itself)."""
        if isinstance(obj, Tgt):
            if obj.spec.get("what") in ("player", "spell", "player_or_planeswalker", "opponent_or_planeswalker"):
                raise NotRead(f"{op['op']} on a {obj.spec['what']}")
            return Piece([dict(op, _tgt=obj)], [obj])
        if obj == "it":
            return Piece([dict(op, what="self")], uses_it=True)
        if obj == "that":
            return _that(Piece([dict(op, what="self")], uses_it=True))
        if obj == {"self": True}:
            return Piece([dict(op, what="self")])
        if is_attached(obj) and op["op"] in ("tap", "untap", "exile", "return_to_hand", "counters"):
            return Piece([dict(op, what="attached")])  # "tap enchanted creature" (303.4)
        raise NotRead(f"{op['op']} on {obj}")

    def os_exile(self, children):  # (a set of permanents: oneshot_mass.py)
        if a_set(children[1]):
            return self.ms_move_each("exile_each", children[1])
        return self._acting_on({"op": "exile"}, children[1])

    def os_bounce(self, children):
        return self._acting_on({"op": "return_to_hand"}, children[1])

    def os_tap(self, children):  # (a set of permanents: oneshot_combatfx.py)
        if a_set(children[1]):
            return self.cf_tap_each(str(children[0]).lower(), children[1])
        return self._acting_on({"op": str(children[0]).lower()}, children[1])

    def os_fight(self, children):
        first, _, other = children
        if not isinstance(other, Tgt) or other.spec.get("what") != "creature":
            raise NotRead("a fight with a target that may be no creature")
        if first == {"self": True}:  # "This creature fights target creature ..." (Polukranos)
            return Piece([{"op": "fight", "this": True, "_other": other}], [other])
        if first == "it":  # the one target named before, else in a self trigger the source (_ability)
            piece = Piece([{"op": "fight", "what": "self", "_other": other}], [other], uses_it=True)
            piece.target_first = True
            return piece
        if not isinstance(first, Tgt) or first.spec.get("what") != "creature" or first == other:
            raise NotRead("a fight of another object than a target creature or this creature")
        return Piece([{"op": "fight", "_tgt": first, "_other": other}], [first, other])

    def os_no_untap_next(self, children):
        obj = children[0]
        if obj not in ("it", "that") and not isinstance(obj, Tgt):
            raise NotRead("doesn't untap: of another object than the target")
        piece = self._acting_on({"op": "doesnt_untap_next"}, obj)
        piece.target_it = True  # "it": the target named before, not the source (_ability)
        return piece

    def os_counters(self, children):
        _, n, kind, word, obj = children
        if (n == 1) != (str(word) == "counter"):
            raise NotRead("a number and its noun disagree")
        piece = self._acting_on({"op": "counters", "kind": str(kind), "amount": n}, obj)
        for op in piece.ops:  # counters say 'to', not 'what' (attached: "on enchanted creature", 303.4, 122.1)
            if op.get("what") in ("self", "attached"):
                op["to"] = op.pop("what")
        return piece

    def os_pump(self, children):
        obj, do = children
        if isinstance(obj, Tgt):
            if obj.spec.get("what") not in ("creature", "permanent") or obj.spec.get("types") not in (None, ["Creature"]):
                raise NotRead("a creature's power and abilities on a target that may be no creature")
            return Piece([], [obj], continuous={"do": do, "_targets": True})
        if obj in ("it", "that"):
            piece = Piece([], continuous={"applies_to": {"self": True}, "do": do}, uses_it=True)
            return _that(piece) if obj == "that" else piece
        # 611.2c, 303.4, 301.5: "enchanted creature gets ...": the object the source is attached to as it resolves
        return Piece([], continuous={"applies_to": obj, "do": do})

    def os_pt(self, children):
        p, t = _pt(children[1])
        return [{"op": "modify_pt", "power": p, "toughness": t}]

    def os_grant(self, children):
        return [{"op": "add_abilities", "abilities": children[1]}]

    def os_pt_grant(self, children):
        p, t = _pt(children[1])
        return [{"op": "modify_pt", "power": p, "toughness": t}, {"op": "add_abilities", "abilities": children[3]}]

    def os_keywords(self, children):
        return [{"keyword": " ".join(str(k).lower().split())} for k in children if k.type == "OS_KEYWORD"]

    def os_action(self, children):
        return children[0]

    def os_instr(self, children):
        return children[0]

    def os_may(self, children):
        piece = children[1]
        if piece.continuous is not None or piece.replacement is not None or piece.combat:
            raise NotRead("'you may' with an effect other than one-shot operations")
        return Piece([{"op": "may", "one_shot": piece.ops}], piece.targets, uses_it=piece.uses_it, x=piece.x)

    def os_sentence(self, children):
        return shared_subjects([c for c in children if isinstance(c, Piece)])

    def os_next_upkeep(self, children):
        piece = children[0]
        if piece.continuous is not None or piece.replacement is not None or piece.targets or piece.uses_it:
            raise NotRead("a delayed triggered ability with targets or an effect other than one-shot operations")
        # its text: the instruction's words as printed, filled in by _read
        return [Piece([{"op": "delayed_trigger", "when": "next_turn_upkeep", "text": None, "one_shot": piece.ops}])]

    def os_return_later(self, children):
        words = str(children[0])
        piece = Piece([{"op": "delayed_trigger", "when": "next_end_step", "about": "target", "text": words + ".",
                        "one_shot": [{"op": "return_to_battlefield", "what": "it"}]}])
        piece.return_later = True  # of the target the exile instruction before it acts on (_ability)
        return [piece]

    def os_no_regen(self, _):
        return ["no_regen"]

    def os_sorcery_only(self, _):
        return ["sorcery_only"]

    def os_triggers_once(self, _):
        return ["triggers_once"]

    def os_sacrifice(self, children):
        obj = children[1]
        if obj not in ("it", {"self": True}):
            raise NotRead("sacrifice another object than the source")
        return Piece([{"op": "sacrifice", "what": {"self": True}, "who": "you"}], uses_it=obj == "it")

    def os_sacrifice_unless(self, children):
        piece = self.os_sacrifice(children[:2])
        piece.ops[0]["unless_pays"] = _mana(children[-1])  # 118.12
        return piece

    def os_create_attach(self, children):
        piece = children[0]
        if piece.ops[0].get("amount") != 1:
            raise NotRead("attach to 'it' after more than one token")
        piece.ops[0]["attach_to_it"] = True
        return [piece]

    def os_if_you_dont(self, children):
        return [("if_you_dont", [c for c in children if isinstance(c, Piece)])]

    def os_if_came_under(self, children):
        return [("intervening", [{"at_beginning_of": "upkeep", "whose": "you"}], "if_came_under_control", True,
                 [c for c in children if isinstance(c, Piece)])]

    def _combat_rule(self, obj, rule: str, more: dict | None = None) -> Piece:
        if isinstance(obj, Tgt):
            if not a_creature_type(obj.spec) and (obj.spec.get("what") != "creature" or set(obj.spec) - {
                    "what", "controller", "not_colors", "other", "quality", "power_at_least", "power_at_most", "up_to"}):
                raise NotRead("a combat rule on a target that may be no creature")
            return Piece(targets=[obj], combat=[{"rule": rule, **(more or {})}])
        if more:
            raise NotRead("the source's relation to itself")
        if obj in ("it", {"self": True}):
            return Piece(combat=[{"rule": rule, "subjects": {"self": True}}], uses_it=obj == "it")
        return self.cf_combat_rule(obj, rule, more)  # "that creature", a set of creatures (oneshot_combatfx.py)

    def os_cant_block(self, children):
        return self._combat_rule(children[0], "cant_block")

    def os_cant_be_blocked(self, children):
        return self._combat_rule(children[0], "cant_be_blocked")

    def os_effect(self, children):
        return [p for sentence in children for p in sentence]

    # --- costs --------------------------------------------------------------------------------
    def os_cost(self, children):
        return ("cost", False)

    def os_loyalty_cost(self, children):
        return ("cost", True)

    def os_cost_part(self, children):
        return Discard

    def os_sac_one(self, children):
        return Discard

    def os_cost_words(self, children):  # its meaning: the CostPart _read checks (engine/vocab/activation.py)
        return Discard

    def os_cost_noun(self, children):
        return Discard

    def os_discard_cost(self, children):
        if (_number(children[1]) == 1) != (str(children[2]).lower() == "card"):  # (the CostPart checks it too)
            raise NotRead("a number and its noun disagree")
        return Discard

    # --- the ability --------------------------------------------------------------------------
    def os_choose(self, children):
        words = str(children[0]).lower()
        if words in ("choose one or both", "choose one or more"):  # 700.2d: each mode at most once
            return {"number": 1, "any_number": True}
        return {"number": NUMBERS[words.split()[1]]}

    os_trigger_choose = os_choose  # 603.3c: "When this creature enters, choose one —"

    def os_spell(self, children):
        return ("spell", None, children[0])

    def os_modal(self, children):
        return ("modal", children[0], [])

    def os_mode(self, children):
        return ("spell", None, children[1])

    def os_triggered(self, children):
        return ("triggered", children[-2], children[-1])

    def os_activated(self, children):
        return ("activated", children[0][1], children[1])


def _that_many(ops) -> bool:
    """Whether an operation (or one inside another's) is of 'that much' (the triggering event's amount)."""
    return any(op.get("amount") == "that_many" or _that_many(op.get("one_shot", ())) for op in ops)


# the instructions on a target after which "it" and "that creature" are still that target on the battlefield
_KEEPS_IT = ("tap", "untap", "counters", "damage")


def _lone_target(targets: list, ops: list, continuous):
    """The one target "it" / "that creature" names after the instructions before it: the only target
    named, a creature or permanent the last instruction acted on without moving it (tap, untap,
    counters, damage; or the continuous effect on it, "Target creature gets +2/+2 ... Untap it."), or None."""
    if len(targets) != 1 or targets[0].spec.get("what") not in ("creature", "permanent") or targets[0].spec.get("count", 1) > 1:
        return None
    last = ops[-1] if ops else None
    if last is not None and last.get("_tgt") is targets[0] and last.get("op") in _KEEPS_IT and "what" not in last:
        return targets[0]
    if last is None and continuous is not None and continuous.get("_targets"):
        return targets[0]
    return None


def _ability(kind: str, head, pieces: list, x_cost: bool = False) -> dict:
    """The ability of the vocabulary the instructions of one paragraph are, its targets numbered in
    the order printed (601.2c); ``x_cost``: an activated ability with {X} in its cost (602.2b: X announced)."""
    out: dict = {"kind": kind}
    ops: list = []
    targets: list[Tgt] = []
    continuous = replacement = None
    # "it": the object itself, in an ability that triggers on what that object does while on the
    # battlefield (its entering, attacking, blocking, dealing damage), not on its leaving it
    self_trigger = kind == "triggered" and "subjects" not in head and head.get("event") in (
        "enters", "attacks", "blocks", "becomes_blocked", "deals_damage", "becomes_tapped", "unblocked",
        "blocks_creature", "becomes_target", "dealt_damage", "becomes_untapped", "set_in_motion") \
        and head.get("or_event") not in ("dies", "leaves_battlefield")
    # an activated ability whose first instruction is the source's ("This creature gains indestructible until end of
    # turn. Tap it."): "it" after it is the source, as in an ability that triggers on the source's own doing
    self_trigger = self_trigger or kind == "activated" and bool(pieces) and on_source(pieces[0])
    combat: list = []
    control_target = None  # the target of "gain control of target ..." (that creature, it)
    # "It deals N damage ..." as the first instruction, with no object named before: the source itself (608.2h:
    # as it last existed when it left the battlefield), in an activated ability ("Sacrifice this artifact: It deals
    # 2 damage to target creature.") or an ability that triggers on the source's own leaving ("When this creature
    # dies, it deals 2 damage to any target.") or its own cycling ("When you cycle this card, it deals 6 damage to
    # any target.": the card in the graveyard, 702.29c), as "this creature deals" would say
    oneshot_eff.check(kind, head, pieces)  # 603.10a (oneshot_sent2.died_it); 611.2c "enchanted creature gets ..."
    first = pieces[0] if pieces else None
    if (getattr(first, "it_dealer", False) or getattr(first, "bite_it", False)) and not self_trigger and (
            kind == "activated" or kind == "triggered" and "subjects" not in head
            and head.get("event") in ("dies", "leaves_battlefield")
            or kind == "triggered" and head.get("event") == "activate" and head.get("keyword") == "cycling"):
        first.uses_it = False
    for i, piece in enumerate(pieces):
        if isinstance(piece, tuple) and piece[0] == "when_you_do":  # 603.12: the rest is the reflexive ability's
            oneshot_reflexive.attach(kind, head, ops, piece[1] + pieces[i + 1:], _ability)
            break
        if isinstance(piece, tuple) and piece[0] == "intervening":  # 603.4: the trigger's intervening "if"
            _, heads, field, value, inner = piece  # (the triggers it follows, field, value, instruction)
            if kind != "triggered" or ops or targets or head not in heads or len(inner) != 1:
                raise NotRead(f"an intervening 'if' ({field}) of no such trigger's first sentence")
            head[field], piece = value, inner[0]
            piece.uses_it = False  # "it": the permanent the clause names (702.30a)
        if not isinstance(piece, (str, tuple)) and _that_many(piece.ops) and not (
                kind == "triggered" and head.get("event") in ("deals_damage", "dealt_damage", "gain_life")):
            raise NotRead("'that much' of no damage dealt by the triggering event")
        if piece == "sorcery_only":  # 602.5b, 602.5d: in the effect text the loop reads
            if kind != "activated":
                raise NotRead("'Activate only ...' of no activated ability")
            continue
        if piece == "triggers_once":  # in the text the loop reads as the ability triggers
            if kind != "triggered":
                raise NotRead("'This ability triggers only once each turn' of no triggered ability")
            continue
        if isinstance(piece, tuple) and piece[0] == "if_you_dont":  # 608.2c: of the may of counters just before
            may = ops[-1] if ops else {}
            inner = may.get("one_shot") or [{}]
            if may.get("op") != "may" or may.get("otherwise") or len(inner) != 1 \
                    or not oneshot_paycost.knows_not_done(inner[0]) or len(piece[1]) != 1:  # (-> oneshot_paycost.py)
                raise NotRead("'If you don't' after no 'you may put counters on it, pay or sacrifice' sentence")
            p = piece[1][0]
            if p.continuous is not None or p.replacement is not None or p.combat or p.targets or p.uses_it or p.x \
                    or getattr(p, "that", False):
                raise NotRead("'If you don't' with an effect other than one-shot operations without targets")
            may["otherwise"] = p.ops
            continue
        if isinstance(piece, tuple) and piece[0] in oneshot_kw.MERGES:  # 401.2; 111.4; 702.32a
            oneshot_kw.merge(ops, piece)  # (or the last instruction of an "If you do": oneshot_payment.py)
            continue
        if isinstance(piece, tuple):  # ("if_you_do", pieces): 118.12, of the may just before
            may = ops[-1] if ops else {}
            inner = may.get("one_shot") or [{}]
            if may.get("op") != "may" or may.get("if_you_do") or may.get("otherwise") or len(inner) != 1 or not \
                    oneshot_paycost.knows_done(inner[0], kind == "triggered"):  # 118.12: a payment, discard, ...
                raise NotRead("'If you do' after no 'you may pay', 'discard', 'draw' or 'sacrifice' sentence")
            done, effect = [], oneshot_paycost.effect_if_done(piece[1], continuous, combat)  # 611.2: "it gets +2/+2"
            for p in piece[1] if effect is None else ():
                oneshot_paycost.x_paid(inner[0], p)  # 107.3f: no target chosen with an X not yet chosen
                if p.continuous is not None or p.replacement is not None or p.combat or p.uses_it and not self_trigger \
                        or p.x and not (kind == "spell" or x_cost or oneshot_paycost.x_paid(inner[0], p)):  # 107.3f
                    raise NotRead("'If you do' with an effect other than one-shot operations")
                targets += [t for t in p.targets if t not in targets]
                done += p.ops
            may["if_you_do"] = done or [{"op": "create_effect"}]  # (the effect: the piece read below, 611.2)
            if effect is None:
                continue
            piece = effect
        if piece == "no_regen":
            destroys = [op for op in ops if op.get("op") == "destroy"]
            if not destroys:
                raise NotRead("'can't be regenerated' without a destroy instruction")
            for op in destroys:
                op["regenerate"] = False
            continue
        if getattr(piece, "return_later", False):  # 603.7c: the card the exile before it exiled (Flickerwisp)
            exiled = ops[-1] if ops else {}
            if exiled.get("op") == "exile" and exiled.get("what") == "self" and control_target is None and kind != "spell":
                piece.ops[0]["about"] = "self_now"  # "Exile this creature. Return it ..." (Aetherling)
            elif exiled.get("op") != "exile" or "_tgt" not in exiled or control_target is not None:
                raise NotRead("'Return that card ... at the beginning of the next end step' after no exile of a target")
            else:
                piece.ops[0]["_tgt"] = exiled["_tgt"]
        oneshot_chosen.amounts(kind, head, piece, targets, ops, continuous)  # 608.2h: "life equal to its toughness"
        referent = control_target if control_target is not None else oneshot_chosen.chosen(targets, ops, piece)
        # "it" after a target: that target, in an ability on the object's own doing too ("Whenever this creature
        # attacks, tap target creature and put a +1/+1 counter on it": the pronoun's antecedent is the target)
        named = bool(targets) or getattr(piece, "target_it", False)
        if referent is None and not getattr(piece, "it_dealer", False) and (
                getattr(piece, "that", False) or piece.uses_it and (not self_trigger or named
                                                                    or getattr(piece, "target_first", False))):
            referent = _lone_target(targets, ops, continuous)  # "Target creature gets +2/+2 ... Untap it."
        if getattr(piece, "that", False) or piece.uses_it and referent is not None:
            # "that creature", or "it", after "gain control of target ...", or after instructions on one
            # target that keep it on the battlefield: that target (611.2c)
            if referent is None:
                raise NotRead("'that creature' names no object here")
            piece.uses_it = False
            for op in piece.ops:
                for key in ("what", "to"):  # (counters say 'to')
                    if op.get(key) == "self":
                        del op[key]
                        op["_tgt"] = referent
            if any(op.get(key) in ("self", {"self": True}) for op in piece.ops for key in ("what", "to")):
                raise NotRead("'it' of an instruction that names the object otherwise (sacrifice it)")
            for rule in piece.combat or ():  # "It can't block this turn.": a rule on the one target
                if rule.pop("subjects", None) != {"self": True}:
                    raise NotRead("a combat rule on another object than that creature")
            if piece.continuous is not None:
                if piece.continuous.pop("applies_to", None) != {"self": True} or continuous is not None \
                        and not continuous.get("_targets") or continuous is None and control_target is not None:
                    raise NotRead("'that creature' of an effect other than the control effect's")
                if continuous is None:  # an effect on that one target (611.2c)
                    piece.continuous["_targets"] = True
                else:
                    continuous["do"] = continuous["do"] + piece.continuous["do"]  # one effect on that target
                    piece.continuous = None
        if piece.uses_it and (not self_trigger or named):
            raise NotRead("'it' names no object here")
        whose = targets or piece.targets  # (its own target: "... unless its controller pays {1}", oneshot_paycost.py)
        if any(op.get("who") == "target_controller" for op in piece.ops) and (
                len(whose) != 1 or whose[0].spec.get("what") not in ("creature", "permanent", "planeswalker", "spell")
                or whose[0].spec.get("count", 1) > 1):
            raise NotRead("'its controller' after no instruction on one permanent or spell")
        if piece.x and not (kind == "spell" or x_cost):  # 107.3a, 601.2b, 602.2b: announced as cast or activated
            raise NotRead("X of an ability without {X} in its cost (107.3a: X is announced for a spell or such a cost)")
        if kind != "spell" and any(t.spec.get("mana_value_x") for t in piece.targets):  # (601.2b: a spell's X only)
            raise NotRead("'target spell with mana value X' of an ability: X announced for a spell only here")
        for t in piece.targets:
            if t not in targets:
                targets.append(t)
        ops += piece.ops
        if piece.continuous is not None:
            if continuous is not None:
                raise NotRead("two continuous effects")
            continuous = piece.continuous
        if piece.control:
            if control_target is not None or len(piece.targets) != 1:
                raise NotRead("two control effects")
            control_target = piece.targets[0]
        combat += piece.combat or []
        if piece.replacement is not None:
            if replacement is not None or kind not in ("activated", "spell") and not oneshot_prevent.of_trigger(
                    kind, piece):
                raise NotRead("a regeneration or prevention shield other than an activated ability's or a spell's")
            replacement = piece.replacement

    def number(op_list):
        for op in op_list:
            t = op.pop("_tgt", None)
            if t is not None:
                k = sum(x.spec.get("count", 1) for x in targets[:targets.index(t)]) + 1 + op.pop("_nth", 0)  # 601.2c
                if k != 1:
                    op["target"] = k
            t = op.pop("_other", None)
            if t is not None:  # the creature a fight's first one fights (701.14a)
                op["other"] = targets.index(t) + 1
            number(op.get("one_shot", ()))
            number(op.get("if_you_do", ()))
            number(op.get("otherwise", ()))  # (608.2c: a conditional instruction's other branch)

    for op in ops:  # 118.12: a payment as it resolves is read in "you may pay [mana]. If you do (don't), ..." only
        if oneshot_paycost.payments(op):
            raise NotRead("a payment without 'If you do'")
    # "enchanted creature": the permanent the source is attached to, read while the source is on the battlefield
    # (an ability of one that has left it, "When this Aura is put into a graveyard", refers to it as it last existed)
    if any("attached" in (op.get("what"), op.get("to")) for op in ops) and kind == "triggered" and (
            "subjects" in head or head.get("event") in ("dies", "leaves_battlefield")):
        raise NotRead("'enchanted creature' after the source left the battlefield")
    oneshot_hand.check(ops, continuous)  # 401.2, 701.20a (oneshot_library.check); 608.2d: a value chosen, then read
    oneshot_hand.check_targets(kind, ops, [t.spec for t in targets])  # 614.12: "target ... of the chosen color"
    chosen_values.check_negated(kind, ops, continuous)  # 205.3m: "that aren't of the chosen type" of a spell
    oneshot_eachplayer.check(kind, head, ops)  # 603.2: "they", "them"; 504.1: "draws an additional card"
    chosen_values.that_target_player(kind, head, ops, [t.spec for t in targets], oneshot_library.check_that_player)
    oneshot_delay.check(kind, head, ops, targets, continuous)  # 603.7c: "at end of combat", "next end step"
    continuous = targets_check(kind, ops, targets, continuous)  # 601.2c, 115.3: several targets at once (oneshot_targets.py)
    number(ops)
    if len(targets) > 1 and any(op.get("who") == "target_controller" for op in ops):
        raise NotRead("'its controller' of one target among several")
    if continuous is not None and continuous.pop("_targets", False) and len(targets) != 1:
        oneshot_fight.first_target_effect(ops, targets, continuous)  # 611.2c, 608.2c: "gets +2/+2 ... It fights ..."
    oneshot_fight.finish(kind, ops)  # 701.14a: "it fights" of a self trigger is the source's; 120.3: a bite's dealer
    if any(t.spec.get("up_to") for t in targets[:-1]):
        raise NotRead("'up to one target' before another target (601.2c: read as the last one only)")
    if targets:
        out["targets"] = [t.spec for t in targets]
    if ops:
        out["one_shot"] = ops
    if continuous is not None:
        out["continuous"] = continuous
    if replacement is not None:
        out["replacement"] = replacement
    if combat:
        if not joins(continuous) or any("subjects" not in r for r in combat) and len(targets) != 1:
            raise NotRead("a combat rule with a continuous effect, or on one target among several")
        out["combat"] = combat
    if kind == "triggered":
        out["trigger"] = head
    if kind == "activated":
        out["loyalty"] = head
    if not (ops or continuous or replacement or combat):
        raise NotRead("no instruction")
    return out


def read(bare: str) -> list[dict] | None:
    """The ability the paragraph ``bare`` is (objects.bare), or None (see the module's docstring)."""
    word = ability_word(bare)  # 207.2c: no rules meaning, the ability is the words after it
    found = _read(bare[word.end():] if word else bare)
    return copy.deepcopy(found) if found is not None else None


@lru_cache(maxsize=16384)
def _tree(start: str, text: str):
    """The parse tree of ``text`` as the rule ``start`` (all of it), or None."""
    try:
        return parser("oneshot", START).parse(text, start=start)
    except LarkError:
        return None


def _parts(bare: str):
    """The parts of os_paragraph, each parsed whole by its rule: (kind, the head's tree or None, the
    sentences' trees), or None. A trigger holds no ", " and a cost no ": " (their rules have none), and
    no sentence holds ". ": the first ", " ends a trigger (603.1: "When", "Whenever", "At" begin one),
    the first ": " a cost (602.1a), and each ". " a sentence."""
    if bare.startswith("Choose ") and not oneshot_hand.CHOOSE_VALUE.match(bare) \
            and not oneshot_chosen.CHOOSE_TARGET.match(bare):  # ("Choose a color. ...": 608.2d; "Choose target ...")
        tree = _tree("os_choose", bare)
        return None if tree is None else ("modal", tree, [])
    if bare.startswith("As an additional cost to cast this spell, "):
        tree = _tree("os_additional_cost", bare)
        return None if tree is None else ("additional_cost", tree, [])
    if bare.startswith("• "):  # a mode: a spell's instructions (700.2)
        bare = bare[2:]
    if _TRIGGER_WORD.match(bare) and not bare.startswith("When you next cast "):  # (603.7: a delayed one, copies.lark)
        kind, start, (head, sep, effect) = "triggered", "os_trigger", bare.partition(", ")
        if ", or " in bare and _tree(start, head) is None:  # "an instant, sorcery, or Wizard spell": its commas
            head, sep, effect = oneshot_castq.list_trigger(bare, lambda h: _tree("os_trigger", h) is not None)
    elif ": " in bare.partition('"')[0]:  # (a quoted ability's cost aside: 111.4)
        kind, start, (head, sep, effect) = "activated", "os_cost", bare.partition(": ")
    else:
        kind, start, head, sep, effect = "spell", None, None, "", bare
    if start is not None and not sep:
        return None
    head_tree = _tree(start, head) if start is not None else None
    if start is not None and head_tree is None:
        return None
    if kind == "triggered" and effect.startswith("choose ") and not oneshot_chosen.CHOOSE_TARGET.match(effect) \
            and not oneshot_hand.CHOOSE_VALUE.match("C" + effect[1:]):  # 603.3c (608.2d: "choose a color. ...")
        tree = _tree("os_trigger_choose", effect)
        return None if tree is None else ("modal_triggered", head_tree, [tree])
    if kind == "activated" and effect.startswith("Choose ") and effect.endswith(" —"):  # 700.2a (oneshot_modal.py)
        tree = _tree("os_trigger_choose", "c" + effect[1:])
        return None if tree is None else ("modal_activated", head_tree, [tree])
    sentences = _SENTENCE_END.split(effect)
    if not all(PREFILTER.search(x) or x.endswith("be regenerated.") or x in RESTRICTIONS for x in sentences):
        return None  # a sentence with none of the verbs of os_sentence
    trees = []
    for sentence in sentences:
        tree = _tree("os_sentence", sentence)
        if tree is None:
            return None
        trees.append(tree)
    return kind, head_tree, trees


@lru_cache(maxsize=8192)
def _read(bare: str) -> list[dict] | None:
    if not may_be_ours(bare):
        return None
    parts = _parts(bare)
    if parts is None:
        return None
    kind, head_tree, trees = parts
    try:
        if kind == "modal":
            return [{"kind": "spell", "modes": read_tree(_Reader(), head_tree)}]
        if kind == "modal_triggered":  # its modes: the paragraphs that follow (compile.compile_mode)
            return [{"kind": "triggered", "trigger": read_tree(_Reader(), head_tree),
                     "modes": read_tree(_Reader(), trees[0])}]
        if kind == "modal_activated":  # its modes: the paragraphs that follow (compile.compile_mode)
            return oneshot_modal.activated(oneshot_cond.without_word(bare), read_tree(_Reader(), trees[0]))
        if kind == "additional_cost":
            return [{"kind": "static", "costs": {"additional_sacrifice": read_tree(_Reader(), head_tree)}}]
        reader = _Reader()
        head = read_tree(reader, head_tree) if head_tree is not None else None
        head = head[1] if kind == "activated" else head
        pieces, start = [], 0
        for sentence, tree in zip(_SENTENCE_END.split(bare.partition(", " if kind == "triggered" else ": ")[2]
                                                      if kind != "spell" else bare.removeprefix("• ")), trees):
            got = read_tree(reader, tree)
            for piece in got:
                for op in getattr(piece, "ops", ()):
                    if op.get("op") == "delayed_trigger" and op["text"] is None:
                        words = sentence[:-len(" at the beginning of the next turn's upkeep.")]
                        op["text"] = words[:1].upper() + words[1:] + "."
            # 608.2c: "If [condition], [instruction] instead." replaces the sentence before it (oneshot_ifcond.py)
            start, pieces = len(pieces), oneshot_ifcond.join(pieces, start, got)
            pieces = oneshot_random.join(pieces, start)  # 705.1, 701.30d: a flip's or clash's branch
        x_cost = kind == "activated" and x_cost_of(bare.partition(": ")[0])  # 602.2b: X announced as it is activated
        ability = oneshot_cond.intervening(bare, _ability(kind, head, pieces, x_cost))  # 603.4
        oneshot_ifcond.check(ability)  # 702.33d: "if this spell was kicked" of a spell only
        oneshot_library.check_return_self(kind, bare, ability.get("one_shot", []), ability.get("trigger"))
        oneshot_keywords.check_card_power(kind, bare, ability.get("one_shot", []))  # 702.97a
        oneshot_amtdmg.check(kind, bare, ability)  # 608.2h: a source that has left; the object a cost sacrificed
        oneshot_mass.check(ability)  # 608.2c, 608.2h: "for each creature destroyed this way"
        oneshot_reflexive.finish(ability, bare)  # 603.12: its text; its continuous effect, the ability's
        oneshot_chosen.finish(ability)  # 608.2h: "that creature's power" of one object named before
    except NotRead:
        return None
    if kind == "activated":
        cost, _, effect = oneshot_cond.without_word(bare).partition(": ")
        from engine.vocab.cardfile import parse_activation_cost

        if any(part is None for part in parse_activation_cost(cost).parts):
            return None  # a part of the cost the game loop doesn't pay (601.2h)
        if "Sacrifice this" in cost and any(op.get("what") == "attached" for op in ability.get("one_shot", ())):
            return None  # "enchanted creature" of an Aura sacrificed to pay the cost: as it last existed (not read)
        ability.update(cost=cost, effect=effect, **oneshot_cond.activation(effect))  # 602.5b: "Activate only if ..."
    return [ability]
