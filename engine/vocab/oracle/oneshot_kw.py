"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader added in issue
21's seventh round for keywords executed through their definitions (engine/vocab/oracle/keyword_rules.py): "remove a
fade counter from this permanent" (122.1) and its "If you can't, sacrifice the permanent." (fading, 702.32a: seed text),
and the table of the sentences that complete the one before them (MERGES, read by oneshot.py's _ability)."""

from __future__ import annotations

from engine.vocab.oracle import (oneshot_copy, oneshot_dig, oneshot_impulse, oneshot_library, oneshot_limits,
                                 oneshot_mana, oneshot_tokens, oneshot_until)
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_keywords import _intervening
from engine.vocab.oracle.oneshot_kwcombat import KwCombatReader
from engine.vocab.oracle.oneshot_mounts import MountsReader
from engine.vocab.oracle import chosen_values, oneshot_hand, oneshot_libextra, oneshot_schemes, oneshot_spendonly
from engine.vocab.oracle import oneshot_payment, oneshot_search
from engine.vocab.oracle import oneshot_freecast  # 614.1a (issue 21: casting without paying the mana cost)


class KwReader(KwCombatReader, MountsReader):
    """The readers of the productions of oneshot.lark this module names."""

    def os_remove_counter(self, children):
        """122.1: -> {op: remove_counters, kind, amount: 1, to: self}: "remove a fade counter from this permanent" (one
        counter of that kind from the source, if it has one: engine/game/instructions.py)."""
        kind = str(children[1])
        return Piece([{"op": "remove_counters", "kind": kind, "amount": 1, "to": "self"}])

    def os_attacks_most_life(self, children):
        """702.105a: -> CombatTrigger {event: attacks, most_life: true} (subjects: the source alone, as dethrone's)."""
        if children[1] is not None:
            raise NotRead("an attack on the player with the most life by others than the source")
        return {"event": "attacks", "most_life": True}

    def os_if_has_counter(self, children):
        """603.4, 702.58a, 122.8: "if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this
        permanent onto that creature.": the trigger's intervening "if" (oneshot_keywords.INTERVENING), then a may
        (608.2d) of {op: move_counter, to: that_creature} (the entering creature: only after graft's trigger)."""
        move = {"op": "move_counter", "kind": "+1/+1", "to": "that_creature"}
        return [_intervening("has_counter", [Piece([{"op": "may", "one_shot": [move]}])])]

    def os_if_cant_sacrifice(self, children):
        """702.32a, 701.21a: "If you can't, sacrifice the permanent." (merge_if_cant)."""
        return [("if_cant_sacrifice",)]


def merge_if_cant(ops: list, piece: tuple) -> None:
    """702.32a: "remove a [kind] counter from this permanent. If you can't, sacrifice the permanent.": the remove_counters
    just before becomes {op: remove_counter_or_sacrifice, kind} (engine/vocab/oneshot_actions.py); NotRead after any
    other instruction."""
    last = ops[-1] if ops else {}
    if last.get("op") != "remove_counters" or last.get("to") != "self" or last.get("amount") != 1:
        raise NotRead("'If you can't, sacrifice' after no 'remove a counter from this permanent'")
    ops[-1] = {"op": "remove_counter_or_sacrifice", "kind": last["kind"]}


# the sentences that complete the instruction before them (their tuple's first item -> the merge that reads them)
MERGES = {"look": oneshot_library.merge, "look_rest": oneshot_library.merge, "hand_choose": oneshot_library.merge,
          "hand_discard": oneshot_library.merge, "it_has": oneshot_tokens.merge, "if_cant_sacrifice": merge_if_cant,
          "play_exiled": oneshot_impulse.merge,  # (611.2a: "You may play that card this turn.")
          "keep_mana": oneshot_mana.merge_keep, **oneshot_copy.MERGES,
          "spend_only": oneshot_spendonly.merge,  # (106.6: "Spend this mana only to cast ...")
          "do_this_once": oneshot_limits.merge_do_once,  # 603.2h
          "dig_if": oneshot_dig.merge, "dig_else": oneshot_dig.merge,  # (608.2c: "If it's a land card, put it ...")
          "until_put": oneshot_until.merge,  # (701.20a: "Put that card into your hand and the rest ...")
          "hand_exile": oneshot_hand.merge,  # (701.20a, 406.1: "You choose ... from it and exile that card.")
          "hand_exile_that": chosen_values.merge_exile_that,  # (701.20a: "You choose ... from it. Exile that card.")
          "libx_shuffle": oneshot_libextra.merge, "libx_top_may": oneshot_libextra.merge,  # (701.24a: "You may shuffle.")
          "libx_shares": oneshot_libextra.merge, "libx_gy_shuffle": oneshot_libextra.merge,
          "no_schemes": oneshot_schemes.merge,  # (701.32: "Schemes can't be set in motion that turn.")
          "skip_untap": oneshot_schemes.merge,  # (500.11: "Skip the untap step of that turn.")
          "free_exile_instead": oneshot_freecast.merge,  # (614.1a: "If that spell would be put into your graveyard, ...")
          "play_exiled_free": oneshot_freecast.merge_play,  # (611.2a, 118.9: "... you may play that card without paying ...")
          "cast_that_free": oneshot_freecast.merge_cast_that,  # (608.2g: "You may cast that card without paying ...")
          **oneshot_search.MERGES,  # (701.23a: "Put those cards onto the battlefield tapped, then shuffle.")
          **oneshot_payment.MERGES}  # (608.2c: "You gain life equal to the life lost this way.")


def merge(ops: list, piece: tuple) -> None:
    """The sentence ``piece`` (a MERGES tag) joined to the instruction before it (oneshot_payment.merge: or to the
    last instruction of the "If you do" just before)."""
    oneshot_payment.merge(MERGES[piece[0]], ops, piece)
