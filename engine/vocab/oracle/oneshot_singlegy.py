"""Family 5 of the Oracle grammar (the block 'single graveyard' of oneshot.lark, issue 21): several card targets that
must all be in one graveyard (115.1, 601.2c, 404.2): "Exile up to two target cards from a single graveyard" (Relic of
Progenitus's kin: Scavenging Ooze's cousins, Cremate's). The TargetSpec gets ``single_graveyard: true``; the game loop
(engine/game/targets.py) refuses a choice of cards from two graveyards as the spell is cast or the ability put on the
stack (601.2c). A mixin of oneshot.py's reader (through oneshot_sentences.SentencesReader)."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import NUMBERS, Piece, Tgt


class SingleGyReader:
    """The reader's transformer methods sg_* (a mixin of oneshot._Reader)."""

    def sg_exile_n(self, children):
        """701.13a, 601.2c: "Exile up to N target [type] cards from a single graveyard" -> TargetSpec {what: card,
        types?, count: N, up_to: true, single_graveyard: true} and one {op: exile} for each of the N targets (each
        card named: the ones not chosen or no longer legal as it resolves are not exiled, 608.2b)."""
        kinds = next((c for c in children if isinstance(c, list)), [])
        n = next(NUMBERS[str(c)] for c in children if getattr(c, "type", None) == "SG_COUNT")
        t = Tgt({"what": "card", **({"types": kinds} if kinds else {}), "count": n, "up_to": True,
                 "single_graveyard": True})
        return Piece(self._each({"op": "exile"}, t), [t])
