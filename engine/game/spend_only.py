"""Mana whose spending is restricted (106.6): "{T}: Add one mana of any color. Spend this mana only to cast a creature
spell.", "... to cast artifact spells or activate abilities of artifacts." The mana ability adds the mana to the pool
as any other (605.3; 106.6: its type unchanged) and the state records that part of the pool with what it may pay for
(``mana_spend_only``: the selectors read from the ability's text, engine/vocab/oracle/spend_only.py: the spells, the
sources of activated abilities). As a cost is paid (601.2h), that mana pays only for a spell being cast that the
spells' selector matches, or for the cost of an activated ability (602.2b, mana abilities too, 605.1a) whose source
the sources' selector matches (bridge/selectors.py, SelectorContext: the spell as cast, 601.2a, or the source as it
is, matched for the mana's source, its controller and its choices, "of the chosen type" 614.12); for anything else
(another spell, another ability's cost, a cost an effect asks) it stays in the pool, and a payment that would need
it is refused naming 106.6. The restricted mana that may pay is spent first, the rest after. Like all mana it
empties from the pool as the step ends (500.4). Not saved in a board or game file (the pool is saved as its mana
only: a game file starts without restricted mana, docs/play.md)."""

from __future__ import annotations

from typing import Any

from bridge.replace import characteristics
from bridge.replace.characteristics import printed_characteristics
from bridge.selectors import SelectorContext
from engine.game.common import _name
from engine.vocab.mana import parse_cost
from engine.vocab.selector import Selector


def record(game, player: str, source: str | None, add: str, rule) -> None:
    """106.6: the mana ``add`` ('{G}', '{C}{C}') a mana ability of ``source`` just added to ``player``'s pool may be
    spent only as ``rule`` says (a SpendOnly, engine/vocab/oracle/spend_only.py: the spells it may pay for, the
    sources of the activated abilities whose costs it may pay, 602.2b; ``elsewhere``: and anything that is not casting
    a spell, "This mana can't be spent to cast a nonartifact spell.", the Powerstone's, 111.10h); one entry a mana,
    with the source's choices as it was activated (614.12: its chosen creature type)."""
    st = game.state
    choices = dict(st.objects[source].choices) if source in st.objects else {}
    elsewhere = getattr(rule, "elsewhere", False)  # (a mana ability's only: the SpendRestriction of an instruction has none)
    st.mana_spend_only.setdefault(player, []).extend(
        {"mana": sym.text, "spells": rule.spells, "abilities": rule.abilities, "source": source, "choices": choices,
         "elsewhere": elsewhere, "uncounterable": rule.uncounterable} for sym in parse_cost(add))
    on = [f"to cast spells that are {describe(rule.spells)}"] if rule.spells is not None else []
    if rule.abilities is not None:
        on.append("to activate abilities" + (f" of sources that are {describe(rule.abilities)}"
                                             if describe(rule.abilities) != "any" else ""))
    game.say("106.6", f"{player} may spend that {add} only {' or '.join(on)}"
                      + (" (or on anything but casting a spell)" if elsewhere else "")
                      + (", and a spell it is spent on can't be countered" if rule.uncounterable else ""))


def describe(spells: Selector) -> str:
    """The selector's words, short ('types: Creature')."""
    fields = spells.model_dump(exclude_defaults=True, by_alias=True)
    return "; ".join(f"{k}: {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in fields.items()) or "any"


def restricted(game, player: str, spell: tuple[str, Any] | None, ability: str | None = None
               ) -> tuple[dict[str, int], list[int]]:
    """601.2h, 106.6: of ``player``'s restricted mana, what can't pay now (letter -> amount) and the entries that may
    (their indexes): those whose spells' selector matches ``spell`` ((id, characteristics as cast), the spell being
    cast), or whose sources' selector matches ``ability`` (the source of the activated ability whose cost this is,
    602.2b); neither: the cost of anything else, which only the mana that may be spent elsewhere pays (111.10h)."""
    st = game.state
    entries = st.mana_spend_only.get(player, [])
    usable: list[int] = [i for i, e in enumerate(entries) if spell is None and e.get("elsewhere")]  # (111.10h)
    if entries and (spell is not None or ability is not None):
        chars = characteristics(st, game.layers())
        if spell is not None:
            oid, card = spell
            printed, mv, sel = printed_characteristics(card, player, st.objects[oid].owner), card.mana_value, "spells"
        else:
            oid, printed, mv, sel = ability, None, None, "abilities"
            if oid not in chars and game.card_file(oid) is not None:  # an ability of a card in a hand, a graveyard
                card = game.card_file(oid)
                printed, mv = printed_characteristics(card, st.objects[oid].controller or player, st.objects[oid].owner), \
                    card.mana_value
        for i, e in enumerate(entries):
            ctx = SelectorContext(st, chars, e["source"], player, (), e["choices"])
            if e.get(sel) is not None and i not in usable and ctx.match(e[sel], oid, printed, mv):
                usable.append(i)
    blocked: dict[str, int] = {}
    for i, e in enumerate(entries):
        if i not in usable:
            blocked[e["mana"]] = blocked.get(e["mana"], 0) + 1
    return blocked, usable


def spent(game, player: str, before: dict[str, int], after: dict[str, int], usable: list[int],
          spell: str | None = None) -> None:
    """601.2h: the mana spent (``before`` less ``after``) is the restricted mana that may pay first (``usable``);
    those entries leave the record. 106.6: when one of them says "and that spell can't be countered", the spell
    ``spell`` being cast (the mana is spent on it) can't be countered (its choices: ``cant_be_countered``, which a
    counterspell and a ward honour, 101.2, 701.6a)."""
    st = game.state
    left = {k: before.get(k, 0) - after.get(k, 0) for k in before}
    keep = []
    for i, e in enumerate(st.mana_spend_only.get(player, [])):
        if i in usable and left.get(e["mana"], 0) > 0:
            left[e["mana"]] -= 1
            if e.get("uncounterable") and spell is not None and spell in st.objects:
                st.objects[spell].choices["cant_be_countered"] = True
                game.say("106.6", f"{_name(st, spell)} can't be countered: mana spent on it says so")
            continue
        keep.append(e)
    _store(st, player, keep)


def trim(game) -> None:
    """500.4: the restricted mana that left the pool (emptied as the step ended) leaves the record too."""
    st = game.state
    for player in list(st.mana_spend_only):
        room = dict(st.mana_pool.get(player, {}))
        keep = []
        for e in st.mana_spend_only[player]:
            if room.get(e["mana"], 0) > 0:
                room[e["mana"]] -= 1
                keep.append(e)
        _store(st, player, keep)


def _store(st, player: str, entries: list[dict[str, Any]]) -> None:
    if entries:
        st.mana_spend_only[player] = entries
    else:
        st.mana_spend_only.pop(player, None)


def refusal(player: str, symbol: str, pool_text: str, blocked: dict[str, int]) -> tuple[str, str]:
    """The rule and the words of a payment refused: 106.6 when restricted mana would have paid it."""
    if blocked:
        held = "".join("{" + k + "}" for k, n in blocked.items() for _ in range(n))
        return "106.6", (f"{player} can't pay {symbol}: the mana pool has {pool_text}, but {held} of it may be spent only "
                         "on other spells or abilities (what added it restricts it; 601.2h: the payment is illegal)")
    return "601.2h", f"{player} can't pay {symbol}: the mana pool has {pool_text}"
