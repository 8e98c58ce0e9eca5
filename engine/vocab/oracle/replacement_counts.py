"""Family 4 of the Oracle grammar (issue 21, second round): "enters with a +1/+1 counter on it for each
..." and "enters with X +1/+1 counters on it, where X is the number of ..." (614.1c, 614.12): add_counters
with n_count, a selector of what is counted, which the replace program counts for the player the
permanent would enter under (bridge/replace/game_facts.py lists the objects through the selector
machinery; asp_rules/replace.lp counts them). A mixin of :class:`engine.vocab.oracle.replacement.Replacement`."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead

_TYPE = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
         "planeswalker": "Planeswalker", "battle": "Battle"}


def _enter_self_plus(obj: dict, n: int, kind: str | None, count: dict) -> list[dict]:
    if obj != {"self": True}:
        raise NotRead("not the permanent itself")
    if kind is not None:
        raise NotRead("counters of another kind")
    if set(count) & {"self", "attached", "targets"} or not count:
        raise NotRead("counting what")
    return [{"kind": "replacement", "replacement": {"event": "enter", "object": obj, "do": "add_counters", "n": n,
                                                    "n_count": count}}]


class CountTemplates:
    """The readers of the second round's counting productions (replacement.lark)."""

    def rp_counted(self, c):
        return c[0]

    def rp_card_in_your_graveyard(self, c):  # 404.1: your graveyard, the cards you own there
        return {"types": [_TYPE[str(c[0]).lower()]], "zone": "graveyard", "owner": "you"}

    def rp_instants_sorceries_in_graveyards(self, _):  # every graveyard (404.1)
        return {"any_types": ["Instant", "Sorcery"], "zone": "graveyard"}

    def rp_counters_per_count(self, c):
        obj, ((how, kind)), count = c
        if "n" not in how:
            raise NotRead("X for each")
        return _enter_self_plus(obj, how["n"], kind, count)

    def rp_counters_x_count(self, c):
        obj, kind, count = c
        k = str(kind)
        if k != "+1/+1":
            raise NotRead("counters of another kind")
        return _enter_self_plus(obj, 1, None, count)
