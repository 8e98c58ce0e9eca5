"""Family 5 of the Oracle grammar (oneshot.lark's block "earthbend"): earthbend N (701.66a, the seed's text:
« Maîtrisez la Terre N » signifie « Un terrain ciblé que vous contrôlez devient une créature-terrain 0/0 avec la
célérité en plus de ses autres types. Mettez N marqueurs +1/+1 sur lui. Quand ce terrain meurt ou qu'il est mis en
exil, renvoyez-le sur le champ de bataille engagé sous votre contrôle. »), read as those three instructions in the
vocabulary: a target land you control (115.1), the ability's continuous effect on it (611.2a, 611.2c: it lasts
indefinitely; layer 4 the creature type added, layer 7b its base power and toughness 0/0, layer 6 haste), N +1/+1
counters on it (122.1), and a delayed triggered ability about it (603.7: {op: delayed_trigger, when: dies_or_exiled},
returning it tapped under the ability's controller's control: {op: return_to_battlefield, what: it, under_yours})."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece, Tgt

# 701.66a's third sentence, as the log shows the delayed triggered ability
RETURN_TEXT = "When this land dies or is put into exile, return it to the battlefield tapped under your control."


class EarthbendReader:
    def os_earthbend(self, children):
        """701.66a: "earthbend N" (the controller of the spell or ability earthbends)."""
        n = children[-1]
        land = Tgt({"what": "permanent", "types": ["Land"], "controller": "you"})
        animation = [{"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 0, "toughness": 0},
                     {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]
        back = {"op": "delayed_trigger", "when": "dies_or_exiled", "about": "target", "_tgt": land, "text": RETURN_TEXT,
                "one_shot": [{"op": "return_to_battlefield", "what": "it", "tapped": True, "under_yours": True}]}
        return Piece([{"op": "counters", "kind": "+1/+1", "amount": n, "_tgt": land}, back], [land],
                     continuous={"do": animation, "_anim": "lasting", "_targets": True})
