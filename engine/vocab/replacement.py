"""The replacement and prevention vocabulary of card files (614, 615, 616): which events an effect
applies to, and what it does to them.

    - kind: replacement
      text: If a source you control would deal damage to a permanent or player, it deals double that damage instead.
      replacement:
        event: damage
        source: {controller: you}
        do: multiply
        n: 2

"You" is the controller of the ability's source (or of the resolved spell or ability). The
selectors (:class:`engine.vocab.selector.Selector`) are read on the characteristics after the layers.
The programs in ``asp_rules/replace.lp`` and the oracle in ``tests/oracles/replace.py`` implement
these; ``docs/replacement.md`` documents them.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from asp_rules.rulesdata import PLAYER_EVENTS
from bridge.protection import parse as parse_protection

from engine.vocab.selector import Condition, Selector

Zone = Literal["battlefield", "graveyard", "hand", "library", "exile", "stack", "command", "anywhere"]
Who = Literal["you", "opponent", "any", "targets"]

# What an effect does to the event: (the rule it stands on, the meaning, the parameters it needs).
ACTIONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "multiply": ("614.1a", "the amount becomes n times as much ('double', 'triple')", ("n",)),
    "add": ("614.1a", "the amount becomes that much plus n ('that much plus 2', 'that many plus one')", ("n",)),
    "subtract": ("614.1a", "the amount becomes that much minus n, not below 0", ("n",)),
    "halve": ("614.1a", "the amount becomes half as much, rounded down", ()),
    "prevent": ("615.1", "prevent n of the damage (each time it applies)", ("n",)),
    "prevent_all": ("615.1", "prevent all of the damage", ()),
    "prevent_half": ("615.1", "prevent half of the damage, rounded up (Gisela)", ()),
    "prevent_all_but": ("615.1", "prevent all but n of the damage: at most n is left, the rest is prevented ('prevent all but 1 "
                                 "of that damage', Forcefield, Ajani Steadfast's emblem); damage of n or less is left as it is",
                        ("n",)),
    "shield": ("615.7", "prevent the next n damage: n is what is left of the shield (the board effect's `remaining`; "
                        "an optional `n` is the amount it starts with, when the board doesn't say)", ()),
    "redirect": ("614.9", "the damage is dealt to the effect's source instead (a permanent), or with to_target to its "
                          "first target (a permanent or a player)", ()),
    "redirect_shield": ("614.9, 615.7", "'the next n damage that would be dealt to target creature this turn is dealt to another "
                                        "target creature instead' (Razia): a board effect with `remaining` n and two targets; "
                                        "that much of the damage to its first target goes to its second, the rest stays; with "
                                        "protects_source, the damage to the effect's source goes to its one target (Spirit en-Kor)", ()),
    "to_zone": ("614.1a", "the object goes to `zone` instead ('exile it instead')", ("zone",)),
    "skip": ("614.1b", "the event doesn't happen", ()),
    "cant_be_prevented": ("615.12", "not a replacement: the prevention effects that apply to these events are applied and "
                                               "prevent none of the damage, a shield not reduced (615.12a: each once)", ()),
    "cant": ("614.17", "not a replacement: the event can't happen, and nothing replaces it ('players can't gain life'); "
                       "on enter events ('lands can't enter the battlefield'), checked on the permanent as it would "
                       "enter, after the effects on how it enters (614.17d)", ()),
    "enter_tapped": ("614.1c", "the permanent enters tapped", ()),
    "add_counters": ("614.1c", "the permanent enters with n additional +1/+1 counters (n_is_x: X of the event, 107.3m)", ("n",)),
    "become": ("614.1a", "a player's event becomes another of the same player and amount ('draw that many cards instead')", ("into",)),
    "regenerate": ("614.8", "the next time the object would be destroyed, instead remove all damage from it, tap it and "
                            "remove it from combat (701.19): the event is replaced by a regenerate event", ()),
    "no_regen": ("701.19c", "not a replacement: the object can't be regenerated ('target creature can't be regenerated this "
                            "turn'): no regeneration effect applies to its destruction", ()),
    "umbra_armor": ("702.89a", "umbra armor: 'if enchanted permanent would be destroyed, instead remove all damage marked on "
                               "it and destroy this Aura': a destruction only (701.8; not 'can't be regenerated': it is "
                               "no regeneration); the event is replaced by an umbra_armor event (its object and the Aura)", ()),
    "choose": ("614.12", "'as this enters, choose ...': its controller makes the choice as it enters; the outcome's enter "
                         "event lists it in `choose`", ("choice",)),
    "enter_under_control": ("616.1b", "the permanent enters under the control of the effect's controller instead ('it enters "
                                      "under your control instead', Gather Specimens); applied before the copy effects and the "
                                      "others but self-replacement effects (616.1b)", ()),
    "enter_transformed": ("616.1d", "the card enters with its back face up (transformed, 701.27): the outcome's enter event says "
                                    "`transformed: true`; applied after the copy effects and before the others (616.1d)", ()),
"enter_as_copy": ("616.1c", "the permanent enters as a copy of the effect's source, or with `of` of an object of the battlefield "
                                "its controller chooses ('any creature on the battlefield', Clone; with `optional`, or as itself); "
                                "applied before the others but self-replacement and control-changing effects", ()),
    "pay_life_or_tapped": ("614.1c, 119.4", "'as this land enters, you may pay n life; if you don't, it enters tapped': its "
                                            "controller pays n life (a pay_life event, itself replaced by the effects on it, "
                                            "614.13c), if their life total is at least n, or it enters tapped", ("n",)),
    "become_day": ("731, 614.1c", "'if it's neither day nor night, it becomes day as this creature enters' (the current "
                                  "official rules): the permanent enters as it would; the outcome's enter event says "
                                  "`becomes_day: true`, and the game loop makes it day then if it is neither day nor "
                                  "night (engine/game/transform.py)", ()),
    "one_of_each": ("614.1a, 614.5", "'if you would create a Clue, Food, or Treasure token, instead create one of each': each "
                                     "token of `token_in` it would create becomes one of each of them (A of one becomes A of "
                                     "each; A of each of K becomes K*A of each)", ()),
    "devour": ("702.82a, 614.13b", "devour n: as it enters, its controller may sacrifice any number of creatures (not one entering at "
                                   "the same time, 614.13a); it enters with n +1/+1 counters for each; a creature sacrificed to one "
                                   "devour instance can't be sacrificed to another (614.13b)", ("n",)),
}


class CreateTokens(BaseModel):
    """Tokens the replacement event also creates, under the effect's controller ("instead exile that
    card and create a 2/2 black Zombie creature token")."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    token: str = Field(min_length=1, description="a token definition of the library")
    amount: int = Field(default=1, ge=1)


# --- issue 21, family 4: conditions on the game as a permanent would enter, and counts for "enters with a
# counter for each ...", which the replace program decides from the bridge's facts (asp_rules/replace.lp)
TURN_FACTS: dict[str, str] = {
    "attacked": "508.1: the player it would enter under declared one or more attackers this turn ('if you attacked "
                "this turn', raid)",
    "creature_died": "700.4: a creature died this turn ('if a creature died this turn', morbid)",
    "opponent_lost_life": "119.3: an opponent of the player it would enter under lost life this turn",
    "you_left": "a permanent that player controlled left the battlefield this turn ('if a permanent left the "
                "battlefield under your control this turn', revolt)",
}
PER: dict[str, str] = {
    "creature_died": "700.4: each creature that died this turn",
    "creature_died_yours": "700.4: each creature that died under the control of the player it would enter under this turn",
    "colors_spent": "601.2h, 106.1: each color of mana spent to cast it (converge, an ability word, 207.2c: its choices' mana_spent)",
    "mana_spent": "601.2h: each mana spent to cast it, the amount of mana paid (its choices' mana_spent; none when it "
                  "wasn't cast)",
}


class GameCondition(BaseModel):
    """614.1c, 614.12: a condition on the game as the permanent would enter (one of these), for the player it
    would enter under ('you'); the replace program decides it from the bridge's facts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    life_at_most: Optional[int] = Field(default=None, ge=0, description="119.1: a player (any, you too) has this "
                                                                          "much life or less")
    opponents_at_least: Optional[int] = Field(default=None, ge=1, description="102.2, 102.3: that player has this "
                                                                              "many opponents or more")
    this_turn: Optional[Literal[tuple(TURN_FACTS)]] = Field(  # type: ignore[valid-type]
        default=None, description="something that happened this turn: " + "; ".join(f"{k}: {v}" for k, v in TURN_FACTS.items()))

    @model_validator(mode="after")
    def _one(self) -> "GameCondition":
        if sum(x is not None for x in (self.life_at_most, self.opponents_at_least, self.this_turn)) != 1:
            raise ValueError("a game condition is one of life_at_most, opponents_at_least, this_turn")
        return self


class ReplacementRule(BaseModel):
    """One replacement (614) or prevention (615) effect: the events it applies to, and what it does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: Literal["damage", "zone_change", "counters", "token", "draw", "life_gain", "life_loss", "mill",
                   "return_to_hand", "win_game", "enter", "life_total", "pay_life", "lose_game"]
    # --- which events: every condition given must hold (614.1) ---
    source: Optional[Selector] = Field(default=None, description="damage: the object that deals it")
    target: Optional[Selector] = Field(default=None, description="damage: the object dealt damage ('a creature you control')")
    target_player: Optional[Who] = Field(
        default=None, description="damage: dealt to a player (you, an opponent, any, one of the targets); with `target` too, "
                                  "either will do ('an opponent or a permanent an opponent controls')")
    object: Optional[Selector] = Field(default=None, description="zone_change, counters, enter: the object (entering: as "
                                                                  "it would exist on the battlefield, 614.12)")
    from_zone: Optional[Zone] = Field(default=None, description="zone_change: from this zone ('anywhere')")
    to_zone: Optional[Zone] = Field(default=None, description="zone_change: to this zone ('would be put into a graveyard')")
    kind: Optional[str] = Field(default=None, description="counters: this kind only ('+1/+1'); enter, add_counters: the "
                                                        "kind of the counters it enters with (default +1/+1: 'enters with "
                                                        "ten ice counters', Dark Depths)")
    on_player: Optional[Who] = Field(
        default=None, description="counters: put on a player (you, an opponent, any: 'you can't get poison counters', 122.1); "
                                  "with `object` too, either will do; with neither, on anything")
    player: Optional[Who] = Field(default=None, description="token (its controller), draw, life_gain, life_loss: the player; "
                                                            "counters: the player who puts them")
    combat: Optional[bool] = Field(default=None, description="damage: combat damage only (true) or noncombat only (false)")
    by_effect_only: Optional[bool] = Field(
        default=None, description="counters: only counters an effect puts ('If an effect would put one or more counters "
                                  "...', Doubling Season), not those put to pay a cost (a loyalty ability's [+N], 606.4; "
                                  "the event's `cost`)")
    n_if_escaped: Optional[int] = Field(default=None, ge=0, description="add_counters: n instead when the permanent "
                                                                        "escaped (the enter event's escaped, 702.138c)")
    if_kicked: Optional[bool] = Field(default=None, description="enter: only if the permanent was kicked (the enter "
                                                                "event's `kicked`, 702.33d): 'if this creature was "
                                                                "kicked, it enters with two +1/+1 counters on it'")
    if_cast_from_hand: Optional[bool] = Field(
        default=None, description="enter: only if the permanent was a spell cast from its controller's hand (the enter "
                                  "event's `cast_from_hand`, 601.2a): '~ enters with a divinity counter on it if you "
                                  "cast it from your hand' (Myojin of Cleansing Fire)")
    if_opponent_dealt_damage: Optional[bool] = Field(
        default=None, description="enter: only if an opponent of the player it would enter under was dealt damage this "
                                  "turn (120.3; the game state's dealt_damage: a board's dealt_damage_this_turn): "
                                  "bloodthirst N, 702.54a, 'if an opponent was dealt damage this turn, this permanent "
                                  "enters with N +1/+1 counters on it'")
    x_at_least: Optional[int] = Field(default=None, ge=0, description="only if the X of its source (a spell on the "
                                                                      "stack: its choices' x) is at least this (Banefire)")
    if_spent: Optional[Literal["W", "U", "B", "R", "G", "C"]] = Field(
        default=None, description="only if mana of this color was spent to cast the effect's source (a spell on the "
                                  "stack: its choices' `mana_spent`, the mana paid, e.g. '{2}{B}{G}'): 'if {G} was spent "
                                  "to cast this spell' (Vigor Mortis)")
    library_empty: Optional[bool] = Field(default=None, description="draw: only while the player's library has no cards "
                                                                    "in it (Laboratory Maniac), as the draw begins")
    token_in: Optional[list[str]] = Field(
        default=None, min_length=1, description="token: only the creation of these tokens (by name: 'a Clue, Food, or "
                                                "Treasure token'); one_of_each: the tokens it creates one of each of")
    resolving: Optional[bool] = Field(
        default=None, description="zone_change: only a spell put into a graveyard as it resolves (608.2n: the event's "
                                  "`resolves`), 'instead of into your graveyard as it resolves' (Soulfire Grand Master)")
    library_has_amount: Optional[bool] = Field(
        default=None, description="pay_life: only while the player's library has at least that many cards in it, not "
                                  "counting a card entering the battlefield from it (Ashiok, Wicked Manipulator, 614.13c)")
    unless: Optional[Condition] = Field(
        default=None, description="enter: the effect doesn't apply if this holds as the permanent would enter, counted "
                                  "on the battlefield, where the permanents entering are not yet ('enters tapped unless "
                                  "you control two or more basic lands': {count: {types: [Land], supertypes: [Basic], "
                                  "controller: you}, at_least: 2}); 'you' is the player it would enter under")
    only_if: Optional[Condition] = Field(
        default=None, description="enter: the effect applies only if this holds as the permanent would enter, counted "
                                  "as `unless` is ('enters tapped unless you control two or fewer other lands': "
                                  "{count: {types: [Land], controller: you, other: true}, at_least: 3})")
    if_game: Optional[GameCondition] = Field(
        default=None, description="enter: the effect applies only if this holds as the permanent would enter (raid: "
                                  "{this_turn: attacked}); the replace program decides it")
    unless_game: Optional[GameCondition] = Field(
        default=None, description="enter: the effect doesn't apply if this holds as the permanent would enter ('enters "
                                  "tapped unless a player has 13 or less life': {life_at_most: 13}); the program decides it")
    # --- what it does ---
    do: Literal[tuple(ACTIONS)]  # type: ignore[valid-type]
    n: Optional[int] = Field(default=None, ge=0)
    zone: Optional[Literal["graveyard", "hand", "library", "exile"]] = Field(default=None, description="to_zone: where instead")
    into: Optional[Literal["draw", "life_gain", "life_loss", "mill", "return_to_hand", "win_game", "exile_top",
                           "start_over"]] = Field(
        default=None, description="become: the event it becomes (exile_top: that many cards from the top of the "
                                  "player's library are exiled)")
    choice: Optional[Literal["color", "creature_type", "player", "opponent", "card_type", "basic_land_type",
                             "exile_cards", "card_name"]] = Field(
        default=None, description="choose: what is chosen as the permanent enters (614.12); exile_cards: any number of "
                                  "the cards `cards` matches (Sutured Ghoul), never one entering at the same time "
                                  "(614.13a); card_name: the name of a card (201.3: of the Oracle card reference, not "
                                  "a token's; the permanent's choices.card_name)")
    name_not_types: list[Literal["Land", "Creature"]] = Field(
        default_factory=list, description="choose card_name: the card named has none of these card types (201.3a: "
                                          "'choose a nonland card name', 'a noncreature, nonland card name')")
    cards: Optional[Selector] = Field(default=None, description="choose exile_cards: the cards that may be chosen")
    other_than: Optional[Literal["white", "blue", "black", "red", "green"]] = Field(
        default=None, description="choose color: 'choose a color other than black' (614.12): every color but this one "
                                  "may be chosen")
    of: Optional[Selector] = Field(default=None, description="enter_as_copy: a copy of an object on the battlefield this "
                                                          "matches, chosen as it enters ('a copy of any creature on the "
                                                          "battlefield', Clone), instead of the effect's source")
    optional: bool = Field(default=False, description="enter_as_copy with `of`: 'you may have this creature enter as a "
                                                      "copy': it may also enter as itself; add_counters: 'you may have "
                                                      "this permanent enter with' (702.98a unleash): or without them")
    declined_haste: bool = Field(default=False, description="add_counters with optional (702.136a riot, current "
                                                            "official rules): 'If you don't, it gains haste': the "
                                                            "counters declined, the permanent gains haste (an effect "
                                                            "lasting while it stays on the battlefield, 611.2a, 400.7)")
    to_target: bool = Field(default=False, description="redirect: to the effect's first target instead of its source "
                                                       "('that damage is dealt to any target instead', Glarecaster)")
    protects_source: bool = Field(default=False, description="redirect_shield: the damage that would be dealt to the "
                                                             "effect's source ('this creature', Spirit en-Kor) goes to its "
                                                             "first target, instead of the damage to its first target going "
                                                             "to its second")
    n_is_x: bool = Field(default=False, description="add_counters: n is the X the permanent was cast with (the enter "
                                                     "event's `x`, 107.3m): 'enters with X +1/+1 counters'")
    self_replacement: bool = Field(default=False, description="a self-replacement effect (614.15), applied first (616.1a)")
    next_spell_from_hand: Optional[list[Literal["Instant", "Sorcery"]]] = Field(
        default=None, description="the effect of a resolved ability applies to the next spell of these types its "
                                  "controller casts from their hand this turn: `mtgjudge play` names that spell in the "
                                  "effect's targets as it is cast (Soulfire Grand Master); a board names it itself")
    next_time: bool = Field(default=False, description="615.8: 'the next time ... would deal damage': it applies to one "
                                                       "instance of damage, whatever the amount, and is then used up "
                                                       "(the damage step removes the board's effects entry)")
    or_dealt_by: bool = Field(
        default=False, description="damage, with `target` (one or more objects): the effect applies as well to the damage "
                                   "those objects would deal, whoever is dealt it (615.1a: one effect, 'prevent all combat "
                                   "damage that would be dealt to and dealt by that creature this turn', Maze of Ith)")
    # --- issue 21, riders on destruction and dying: "If a creature dealt damage this way would die this turn, ..."
    dealt_damage_this_way: bool = Field(
        default=False, description="zone_change, of a resolving spell or ability: only the objects its instructions dealt "
                                   "damage to (120.3, 608.2c: 'a creature dealt damage this way', after the prevention "
                                   "effects), fixed as the effect begins (611.2c: the game loop gives it `affected`)")
    and_create: Optional[CreateTokens] = Field(default=None, description="the replacement event also creates these tokens")
    counters_per_prevented: Optional[str] = Field(
        default=None, min_length=1,
        description="a prevention effect's additional effect (615.5): 'for each 1 damage prevented this way, put a KIND "
                    "counter on that creature' (Test of Faith, Stormwild Capridor, Phyrexian Hydra): that many counters "
                    "of this kind on the creature the damage would have been dealt, put by the effect's controller "
                    "immediately after the damage event")
    n_per: Optional[Literal[tuple(PER)]] = Field(  # type: ignore[valid-type]
        default=None, description="add_counters: n counters for each of these (the replace program counts them): "
                                  + "; ".join(f"{k}: {v}" for k, v in PER.items()))
    n_count: Optional[Selector] = Field(
        default=None, description="add_counters: n counters for each object this matches, counted by the replace "
                                  "program as the permanent would enter (614.1c, 614.12), for the player it would enter "
                                  "under ('you'): on the battlefield (those entering with it are not there yet), or in "
                                  "the zone it names ('a +1/+1 counter on it for each creature card in your "
                                  "graveyard'; 'X +1/+1 counters, where X is the number of other creatures on the "
                                  "battlefield')")
    remove_counter: Optional[str] = Field(
        default=None, min_length=1,
        description="a prevention effect's additional effect (615.5): 'prevent that damage. Remove a +1/+1 counter from "
                    "this creature' (Phantom Centaur): one counter of this kind is removed from the creature each time the "
                    "effect applies, immediately after the damage event (even to damage that can't be prevented, 615.12)")
    remove_counters_per_prevented: Optional[str] = Field(
        default=None, min_length=1,
        description="a prevention effect's additional effect (615.5): 'prevent that damage and remove that many KIND "
                    "counters from it' (Polukranos, Unchained): as many counters of this kind as the damage it applied "
                    "to ('that many': the amount of that damage, prevented or, damage that can't be prevented, not, "
                    "615.12) are removed from the creature the damage would have been dealt (as many as it has), "
                    "immediately after the damage event")

    @model_validator(mode="after")
    def _parameters(self) -> "ReplacementRule":
        if any(c is not None and c.day_night is not None for c in (self.unless, self.only_if)):
            raise ValueError("a condition on day and night (731) is the game loop's: the replace program doesn't read it")
        if any(c is not None and c.monarch is not None for c in (self.unless, self.only_if)):
            raise ValueError("a condition on the monarch (722.1) is the game loop's: the replace program doesn't read it")
        if any(c is not None and c.this_turn is not None for c in (self.unless, self.only_if)):  # (the game's if_game)
            raise ValueError("a condition on what happened this turn (this_turn) is the game loop's: the replace program "
                             "reads if_game")
        needed = ACTIONS[self.do][2]
        if self.n_is_x:
            if self.do != "add_counters" or self.n is not None:
                raise ValueError("'n_is_x: true' goes with 'do: add_counters' and no 'n'")
            needed = ()
        optional = ("n",) if self.do in ("shield", "redirect_shield") else ()  # the amount it starts with
        for p in ("n", "zone", "into", "choice"):
            if p in needed and getattr(self, p) is None:
                raise ValueError(f"'do: {self.do}' needs '{p}'")
            if p not in needed and p not in optional and getattr(self, p) is not None:
                raise ValueError(f"'do: {self.do}' takes no '{p}'")
        if self.only_if is not None and self.event != "enter":
            raise ValueError("'only_if' goes with 'event: enter'")
        if self.if_kicked is not None and self.event != "enter":
            raise ValueError("'if_kicked' goes with 'event: enter'")
        if self.if_cast_from_hand is not None and self.event != "enter":
            raise ValueError("'if_cast_from_hand' goes with 'event: enter'")
        if self.if_opponent_dealt_damage is not None and self.event != "enter":
            raise ValueError("'if_opponent_dealt_damage' goes with 'event: enter'")
        if self.unless is not None and self.event != "enter":
            raise ValueError("'unless' goes with 'event: enter'")
        amount = self.event in ("damage", "counters", "token") + PLAYER_EVENTS
        if self.do in ("multiply", "add", "subtract", "halve") and not amount:
            raise ValueError(f"'do: {self.do}' changes an amount: the event must have one")
        if self.do in ("prevent", "prevent_all", "prevent_half", "prevent_all_but", "shield", "cant_be_prevented", "redirect",
                       "redirect_shield") and self.event != "damage":
            raise ValueError(f"'do: {self.do}' applies to damage events (615.1, 614.9)")
        for extra in ("counters_per_prevented", "remove_counters_per_prevented"):
            if getattr(self, extra) is not None and (
                    self.do not in ("prevent", "prevent_all", "prevent_half", "shield") or self.target is None
                    or self.target_player is not None):
                raise ValueError(f"'{extra}' goes with a prevention effect (prevent, prevent_all, prevent_half, "
                                 "shield) on damage to a creature ('target', no 'target_player': 'that creature')")
        if (self.if_game is not None or self.unless_game is not None) and self.event != "enter":
            raise ValueError("'if_game' and 'unless_game' go with 'event: enter'")
        if self.n_per is not None and (self.do != "add_counters" or self.n is None):
            raise ValueError("'n_per' goes with 'do: add_counters' and 'n'")
        if self.n_count is not None and (self.do != "add_counters" or self.n is None or self.n_per is not None):
            raise ValueError("'n_count' goes with 'do: add_counters' and 'n', not with 'n_per'")
        if self.remove_counter is not None and (self.do != "prevent_all" or self.target is None):
            raise ValueError("'remove_counter' goes with 'do: prevent_all' on damage to a creature ('target')")
        if self.n_if_escaped is not None and self.do != "add_counters":
            raise ValueError("'n_if_escaped' goes with 'do: add_counters'")
        if self.or_dealt_by and (self.event != "damage" or self.target is None or self.source is not None
                                 or self.target_player is not None):
            raise ValueError("'or_dealt_by: true' goes with 'event: damage' and a 'target' (no 'source', no 'target_player')")
        if self.protects_source and self.do != "redirect_shield":
            raise ValueError("'protects_source: true' goes with 'do: redirect_shield'")
        if self.of is not None and self.do != "enter_as_copy":
            raise ValueError("'of' goes with 'do: enter_as_copy'")
        if self.optional and not (self.do == "enter_as_copy" and self.of is not None or self.do == "add_counters"):
            raise ValueError("'optional: true' goes with 'do: enter_as_copy' and 'of' (the objects it may copy), or "
                             "'do: add_counters' (702.98a: 'you may have it enter with')")
        if self.declined_haste and not (self.do == "add_counters" and self.optional):
            raise ValueError("'declined_haste: true' goes with 'do: add_counters' and 'optional: true' (702.136a riot)")
        if self.to_target and self.do != "redirect":
            raise ValueError("'to_target: true' goes with 'do: redirect'")
        if self.other_than is not None and self.choice != "color":
            raise ValueError("'other_than' goes with 'choice: color' (614.12: 'choose a color other than black')")
        if self.name_not_types and self.choice != "card_name":
            raise ValueError("'name_not_types' goes with 'choice: card_name' (201.3a: 'choose a nonland card name')")
        if (self.choice == "exile_cards") != (self.cards is not None):
            raise ValueError("'choice: exile_cards' goes with 'cards' (the cards that may be chosen), and only it")
        if self.do in ("to_zone", "regenerate", "umbra_armor", "no_regen") and self.event != "zone_change":
            raise ValueError(f"'do: {self.do}' applies to a zone_change event")
        if self.event == "life_total" and self.do != "cant":
            raise ValueError("'event: life_total' (life gained or lost: 'your life total can't change') takes 'do: cant'")
        if self.do == "become" and self.event not in PLAYER_EVENTS:
            raise ValueError("'do: become' changes a player's event: " + ", ".join(PLAYER_EVENTS))
        if (self.do in ("enter_tapped", "add_counters", "enter_as_copy", "enter_under_control", "enter_transformed",
                        "choose", "devour", "pay_life_or_tapped", "become_day")) != (self.event == "enter") \
                and self.do != "cant":
            raise ValueError("enter events take enter_tapped, add_counters, enter_as_copy, enter_under_control, "
                             "enter_transformed, choose, devour, pay_life_or_tapped, become_day or cant, and only they")
        if self.do == "one_of_each" and (self.event != "token" or not self.token_in):
            raise ValueError("'do: one_of_each' goes with 'event: token' and 'token_in' (the tokens it creates one of each of)")
        if self.token_in is not None and self.event != "token":
            raise ValueError("'token_in' is a condition of token events")
        if self.by_effect_only is not None and self.event != "counters":  # (606.4: costs put counters only)
            raise ValueError("'by_effect_only' is a condition of counters events")
        if self.resolving is not None and self.event != "zone_change":
            raise ValueError("'resolving' is a condition of zone_change events")
        if self.library_has_amount is not None and self.event != "pay_life":
            raise ValueError("'library_has_amount' is a condition of pay_life events")
        wrong = {
                 "zone_change": ("source", "target", "target_player", "kind", "player", "combat", "on_player", "library_empty"),
                 "counters": ("source", "target", "target_player", "from_zone", "to_zone", "combat", "library_empty"),
                 "enter": ("source", "target", "target_player", "from_zone", "to_zone", "player", "combat", "on_player",
                           "library_empty") + (() if self.do == "add_counters" else ("kind",)),
                 "damage": ("object", "from_zone", "to_zone", "kind", "player", "on_player", "library_empty"),
                 "draw": ("source", "target", "target_player", "object", "from_zone", "to_zone", "kind", "combat",
                          "on_player"),
                 }.get(self.event, ("source", "target", "target_player", "object", "from_zone", "to_zone", "kind", "combat",
                                    "on_player", "library_empty"))
        for f in wrong:
            if getattr(self, f) is not None:
                raise ValueError(f"'{f}' is not a condition of {self.event} events")
        return self


def keyword_replacement(keyword: str, n: int | None, quality: str | None = None) -> ReplacementRule | None:
    """The replacement or prevention effect a keyword ability is (614.1c), for the keywords that are one:
    devour N (702.82a: "As this object enters, you may sacrifice any number of creatures. This permanent
    enters with N +1/+1 counters on it for each creature sacrificed this way"), bloodthirst N (702.54a), protection from a
    quality (702.16e, see ``protection_prevention``); None for the others."""
    if keyword == "devour" and n is not None:
        return ReplacementRule(event="enter", object=Selector(self=True), do="devour", n=n)
    if keyword == "modular" and n:  # 702.43a *(EN)*: "This permanent enters with N +1/+1 counters on it" (its first
        # ability; its second, the dies trigger, is its definition in words: engine/vocab/oracle/keyword_rules.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=n)
    if keyword == "graft" and n:  # 702.58a *(EN)*: "This permanent enters with N +1/+1 counters on it" (its first ability;
        # its second, the trigger on another creature's entering, is its definition in words: keyword_rules.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=n)
    if keyword == "fading" and n:  # 702.32a: "This permanent enters with N fade counters on it" (its first ability;
        # its second, the upkeep trigger, is its definition in words: engine/vocab/oracle/keyword_rules.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=n, kind="fade")
    if keyword == "ravenous":  # 702.156a *(EN, current official rules)*: "This permanent enters with X +1/+1 counters on
        # it" (its first ability, 107.3m: the X its spell was cast with; its second, the enters trigger, is its
        # definition in words: engine/vocab/oracle/keyword_rules.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n_is_x=True)
    if keyword == "umbra armor":  # 702.89a *(EN, current official rules)*: "If enchanted permanent would be destroyed,
        # instead remove all damage marked on it and destroy this Aura" (614.1a; the permanent the Aura is attached to)
        return ReplacementRule(event="zone_change", object=Selector(attached=True), do="umbra_armor")
    if keyword == "unleash":  # 702.98a *(EN, current official rules)*: "You may have this permanent enter with an
        # additional +1/+1 counter on it" (its first ability, 614.1c, a choice as it enters, 614.12; its second, "can't
        # block as long as it has a +1/+1 counter on it", is KeywordAbility.combat: engine/vocab/cardfile.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=1, optional=True)
    if keyword == "riot":  # 702.136a *(EN, current official rules; the seed stops at 702.42)*: "You may have this
        # permanent enter with an additional +1/+1 counter on it. If you don't, it gains haste." (614.1c, a choice as
        # it enters, 614.12; declined, the game loop gives it haste: engine/game/riot.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=1, optional=True,
                               declined_haste=True)
    if keyword == "vanishing" and n:  # 702.63a *(EN, current official rules)*: "This permanent enters with N time counters
        # on it" (its first ability; its two triggered abilities are the game loop's: engine/game/vanishing.py)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=n, kind="time")
    if keyword == "bloodthirst" and n:  # 702.54a *(EN, current official rules)*: "If an opponent was dealt damage
        # this turn, this permanent enters with N +1/+1 counters on it." (614.1c; bloodthirst X, 702.54b: not here)
        return ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=n,
                               if_opponent_dealt_damage=True)
    if keyword == "protection" and quality is not None:
        return protection_prevention(quality)
    if keyword == "sunburst":  # 702.44a: the first of its two branches (the second: sunburst_noncreature)
        return SUNBURST[0]
    return None


# --- 702.44a sunburst (issue 21; the current official rules, the seed stops at 702.42): "This object enters with a +1/+1
# counter on it for each color of mana spent to cast it if it's a creature. Otherwise, it enters with that many charge
# counters on it." (614.1c): two branches, each its own effect on the permanent as it would exist on the
# battlefield (614.12: the object selector decides whether it is a creature then), the colors counted by the replace
# program (n_per colors_spent, 601.2h; 702.44b: none when it wasn't cast, the enter event has no mana_spent).
SUNBURST = (ReplacementRule(event="enter", object=Selector(self=True, types=["Creature"]), do="add_counters", n=1,
                            n_per="colors_spent"),
            ReplacementRule(event="enter", object=Selector(self=True, not_types=["Creature"]), do="add_counters", n=1,
                            n_per="colors_spent", kind="charge"))


def keyword_second_replacement(keyword: str) -> ReplacementRule | None:
    """A keyword that is two replacement effects (702.44a sunburst: +1/+1 counters if it's a creature as it enters,
    otherwise charge counters): its second one; the first is keyword_replacement's. None for the others."""
    return SUNBURST[1] if keyword == "sunburst" else None


def protection_prevention(quality: str) -> ReplacementRule | None:
    """702.16e: "any damage that would be dealt by sources that have the stated quality to a permanent
    with protection is prevented", a prevention effect of the protected permanent (615), for the
    qualities bridge/protection.py reads and a source selector says: a color, a card type
    ("creatures"), everything; None for the others (they stay unexecuted)."""
    q = parse_protection(quality)
    if q.kind == "everything":
        source = None
    elif q.kind == "color":
        source = Selector(colors=[q.value], zone="anywhere")  # a spell on the stack deals damage too
    elif q.kind == "card_type":
        source = Selector(types=[q.value.capitalize()], zone="anywhere")
    else:
        return None
    return ReplacementRule(event="damage", target=Selector(self=True), source=source, do="prevent_all")


def token_entry_choices(events: list[dict], library) -> list[dict]:
    """616.1g: creating tokens contains their entering the battlefield. After the effects that modify
    the creation (Doubling Season), each token created makes the choices of its own "as this enters,
    choose" abilities (614.12, Voice of All, EXAMPLES.md E58, E69): a token event of the outcome
    gets them in ``choose`` (one set for each of the ``amount`` tokens)."""
    out = []
    for ev in events:
        if ev.get("type") == "token" and ev.get("amount", 0) > 0:
            card = library.get(ev["token"])
            chosen = sorted(a.replacement.choice for a in (card.abilities if card else ())
                            if getattr(a, "replacement", None) is not None and a.replacement.do == "choose"
                            and a.replacement.object is not None and a.replacement.object.self_)
            if chosen:
                ev = dict(ev, choose=chosen)
        out.append(ev)
    return out
