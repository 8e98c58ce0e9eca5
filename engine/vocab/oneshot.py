"""One-shot effects and targets (115, 608.2, 609): what a spell or an ability does when it resolves.

The vocabulary of a card ability's ``targets`` and ``one_shot`` fields (docs/card-format.md):

    - kind: spell
      text: Lightning Bolt deals 3 damage to any target.
      targets: [{what: any}]
      one_shot:
        - {op: damage, amount: 3, to: target}

Targets (115.1, 601.2c) are checked when the spell is cast and again as it resolves (608.2b). The operations make
events (engine/files/events.py) that go through the replacement program (614-616) before they happen, as all do.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from engine.vocab.costrule import CostRule  # noqa: F401 (the vocabulary's name for it here too)
from engine.vocab.effects import SpellQuality
from engine.vocab.oneshot_mana import AddManaAmount, AddManaChoice, AddTappedMana
from engine.vocab.oneshot_monarch import BecomeMonarch  # 722 (issue 21: the monarch)
from engine.vocab.oneshot_blight import Blight  # 701.68 (issue 21: blight)
from engine.vocab.oneshot_daynight import BecomeDayNight  # 731 (issue 21: day and night)
from engine.vocab.oneshot_schemes import NoSchemesThatTurn  # 701.32, 500.7 (issue 21: schemes)
from engine.vocab.oneshot_extraturn import SkipUntapThatTurn  # 500.7, 500.11 (issue 21: extra turns)
from engine.vocab.oneshot_planechase import ChaosEnsues, Planeswalk  # 701.31b, 311.7 (issue 21: Planechase)
from engine.vocab.oneshot_saga import ExileReturn  # 712, 701.27 (issue 21: Sagas)
from engine.vocab.oneshot_choice import ChooseValue  # 608.2d (issue 21: values of a player's choice)
from engine.vocab.oneshot_tapping import DoesntUntapWhileTapped, TapEach, TapOrUntap  # 701.26, 502.3 (issue 21)
from engine.vocab.oneshot_mass import MoveEach  # 701.13a, 400.3, 608.2c (issue 21)
from engine.vocab.oneshot_hand import DiscardRandom, ExileChosen, ManaValueBound, RevealHand  # 701.20a, 701.9b (issue 21: hands)
from engine.vocab.oneshot_gy import ExileFromGraveyard, PutOntoBattlefieldYours, ShuffleGraveyard  # 400.3, 701.24a (issue 21: graveyards)
from engine.vocab.oneshot_copy import Counter, CopyNextSpell, CopySpell, CreateTokenCopy
from engine.vocab.oneshot_freecast import CastFree, ExileTopCastAny, ExileUntilNonland  # 608.2g, 118.9 (issue 21: casting without paying the mana cost)
from engine.vocab.oneshot_paycost import CreateEffect, ExileSelf, PayLife, knows_done
from engine.vocab.oneshot_thatplayer import UnlessPays
from engine.vocab.oneshot_reflexive import ReflexiveTrigger  # 603.12 (issue 21: reflexive triggered abilities)
from engine.vocab.oneshot_ifcond import IfCondition, RepeatProcess  # 608.2c (issues 21, 24: conditional, repeated)
from engine.vocab.oneshot_random import Clash, DieResult, FlipCoin, RollDie  # 705, 701.30, 706 (issue 21: randomness)
from engine.vocab.oneshot_actions import (Adapt, Amass, ArrangeTop, Bolster, Connive, CountersEach, Discover, Endure, Populate, ExileTop, MoveCounter,
                                         ExileUntilLeaves, LookOnto, SearchMore, RevealTopSharing, Monstrosity, RemoveCounterOrSacrifice, ReturnThatCard, Transform, RevealTopEach)
from engine.vocab.selector import AnnouncedX, CardType, Color, Count, Selector, Supertype
from engine.vocab.amount import DamageAmount, Quantity  # 608.2h (issue 21: counted amounts)
from engine.vocab.oneshot_delay import ExileIfLeaves, GainsEntered, SacrificeIt, UntapEach  # 603.7c, 611.2c (issue 21: delayed triggers)
from engine.vocab.oneshot_tokens import CreateToken, TokenDefinition  # noqa: F401 (111.1, 111.4)
from engine.vocab.oneshot_ring import RingTempts  # 701.54 (issue 21: the Ring tempts you)
from engine.vocab.oneshot_targets import DividedCounters, TargetDamage  # 120.2, 601.2c, 601.2d (issue 21: several targets)
from engine.vocab.oneshot_untap import UntapChosen  # 608.2d, 701.26b (issue 21: "Untap up to four lands.")
from engine.vocab.oneshot_discard_all import DiscardAll  # 701.20a, 701.9a (issue 21: "... discards all nonland cards.")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TargetSpec(_Strict):
    """One target (115.1): what it may be. ``any``: a creature, a player, a planeswalker or a battle
    ("any target", 115.4); ``creature``, ``player``, ``permanent``, ``planeswalker``; ``spell`` (a spell
    on the stack, "counter target spell"); ``card``: a card in a graveyard ("target creature card from your
    graveyard", "target card from a graveyard": ``types`` its card types, one of them; ``controller: you``
    a card in your graveyard, 404.2); ``opponent_or_planeswalker`` ("target opponent or
    planeswalker": an opponent, or any planeswalker); ``player_or_planeswalker`` ("target player or
    planeswalker": a player, or any planeswalker); ``types`` narrows a permanent to these card types; ``controller``:
    controlled by the spell's controller (you) or an opponent ("target creature you control")."""

    what: Literal["any", "creature", "player", "permanent", "planeswalker", "spell", "opponent_or_planeswalker", "card",
                  "player_or_planeswalker", "activated_ability", "triggered_ability", "ability",
                  "spell_or_ability"]  # abilities: oneshot_copy; spell_or_ability: oneshot_fight
    types: list[CardType] = Field(default_factory=list, description="permanent, card or spell: has one of these card types")
    not_colors: list[Color] = Field(default_factory=list, description="has none of these colors ('nonblack')")
    count: int = Field(default=1, ge=1, description="how many targets this one word 'target' asks for ('two target "
                                                    "creatures'): different objects or players (601.2c)")
    any_number: bool = Field(default=False, description="'any number of target ...': as many different targets as "
                                                        "the caster names, none included (the last spec only)")
    up_to: bool = Field(default=False, description="'up to one target creature': that target or none, as the caster "
                                                  "or controller chooses; 'up to two target creatures' (count 2): any "
                                                  "number of them up to count (601.2c; the last spec only)")
    per_opponent: bool = Field(default=False, description="'for each opponent, target permanent that player controls': "
                                                          "one target for each opponent, in turn order, controlled by "
                                                          "that opponent (count is then the number of opponents)")
    controller: Optional[Literal["you", "opponent", "defending_player"]] = Field(default=None, description="you: a permanent or spell you control, "
                                                                                       "or yourself; opponent: an opponent's; defending_player: the defending player's (506.2, 508.5)")
    power_at_least: Optional[int] = Field(default=None, description="a creature with this power or greater ('target "
                                                                    "creature with power 4 or greater')")
    other: bool = Field(default=False, description="'another target creature': not the object whose ability it is")
    lesser_power: bool = Field(default=False, description="a creature whose power is less than the source's ('target "
                                                          "attacking creature with lesser power', mentor 702.134a): the "
                                                          "source as it is on the battlefield, or as it last existed "
                                                          "there (608.2h)")
    dealt_damage: bool = Field(default=False, description="120.3: a permanent dealt damage this turn ('target creature "
                                                          "that was dealt damage this turn'), by any source")
    power_at_most: Optional[int] = Field(default=None, description="a creature with this power or less ('target "
                                                                   "creature with power 2 or less')")
    quality: Optional[Selector] = Field(default=None, description="a permanent this selector matches as it is now "
                                                                  "(after the layers): 'target tapped creature' "
                                                                  "({tapped: true}), 'target nonland permanent' "
                                                                  "({not_types: [Land]}), 'target attacking or blocking "
                                                                  "creature' ({any_of: [{attacking: true}, {blocking: "
                                                                  "true}]}, 506.4)")
    subtypes: list[str] = Field(default_factory=list, description="card: a card with one of these subtypes ('target "
                                                                  "Spirit card from your graveyard', 205.3)")
    mana_value_at_most: Optional[int] = Field(default=None, ge=0, description="card or spell: this mana value or less (202.3)")
    targeting: Optional[Selector] = Field(default=None, description="spell: one with a target this matches (115.1)")
    single_graveyard: bool = Field(default=False, description="card, count N: all from one graveyard ('from a single graveyard', 601.2c)")
    different: bool = Field(default=False, description="'another target', 'any other target' after a target: none chosen for the targets before it (115.3)")
    at_least: int = Field(default=0, ge=0, le=64, description="with up_to: at least this many named ('one or two target creatures', 601.2c)")
    spell: Optional[SpellQuality] = Field(default=None, description="spell: one this quality names, by its characteristics "
                                                              "on the stack ('target red or green spell', 'target "
                                                              "non-Faerie spell', 'target spell with mana value 1': "
                                                              "202.3e, X included; 115.1)")
    mana_value_x: bool = Field(default=False, description="spell: its mana value is the X announced for the targeting "
                                                          "spell ('target spell with mana value X', 601.2b before 601.2c)")


# that_player: the player the event that triggered the ability was about ("whenever this creature deals combat
# damage to a player, that player discards a card": the player dealt damage, 603.2)
Who = Literal["you", "target", "each_opponent", "each_player", "target_controller", "that_player", "defending_player"]
# target_controller: "Its controller gains 4 life" after an instruction on the (one) target: the player who
# controlled it as the spell or ability began to resolve (608.2h: its last known information once it has left)
# The objects the words of one-shot instructions name, as selectors (bridge/selectors.py matches them)
CREATURES = Selector(types=["Creature"])  # "each creature"
EACH = {"each_creature": CREATURES,
        "each_other_creature": Selector(types=["Creature"], other=True)}  # the source: the one dealing the damage
CREATURES_YOU_CONTROL = Selector(types=["Creature"], controller="you")  # "creatures they control": "you" is that player


class _Op(_Strict):
    pass


class DealDamage(_Op):
    """120: the source deals damage: to its target (``target: k``, 1-based, default 1), to each creature, opponent."""

    op: Literal["damage"]
    amount: DamageAmount = Field(
        description="a number; that_many: the amount the triggering event or choice gave ('damage equal to that "
                    "creature's power'); x: the X of the spell (107.3a, announced as it was cast); power: the power of "
                    "the creature that deals it, as the spell resolves or as it last existed on the battlefield "
                    "(608.2h); a count or a greatest value (engine/vocab/amount.py): counted as it resolves (608.2h: "
                    "'damage equal to the number of lands you control')")
    to: Union[Literal["target", "each_creature", "each_other_creature", "each_opponent", "each_player", "you", "that",
                      "each", "that_player", "target_controller"],
              list[Literal["target", "each_creature", "each_other_creature", "each_opponent", "each_player", "each"]]] = Field(
        default="target", description="who is dealt it; a list: all of them at once ('to each other creature and each "
                                      "opponent'); each_other_creature: each creature but the one that deals it; you; "
                                      "that: the creature blocking it, or blocked by it, that triggered it (509.3b, 509.3d); "
                                      "that_player: the player the trigger's event is about (603.2: the active "
                                      "player of 'at the beginning of each player's upkeep', the player dealt damage); "
                                      "target_controller: the controller of the one target as the spell or ability "
                                      "began to resolve ('Destroy target creature. ~ deals 2 damage to that "
                                      "creature's controller.', 608.2h)")
    each: Optional[Selector] = None  # to: each: the permanents it matches as it resolves ("each creature without flying")
    target: int = Field(default=1, ge=1, description="which target (to: target)")
    by: Optional[int] = Field(default=None, ge=1, description="the target (its number) that deals the damage ('target "
                                                              "creature you control deals damage ...'); default: source")
    to_you: Optional[int] = Field(default=None, ge=1, description="'... and 1 damage to you': this much damage to the "
                                                                  "ability's controller, dealt at once with the rest "
                                                                  "(one instruction, 120.2)")
    also: list[TargetDamage] = Field(default_factory=list, description="'... and 1 damage to any other target': other targets dealt damage at once (120.2)")
    to_controller: Optional[int] = Field(default=None, ge=1, description="'~ deals 4 damage to target creature and 2 "
                                                                         "damage to that creature's controller': this much "
                                                                         "damage to the target's controller as the spell or "
                                                                         "ability began to resolve, dealt at once with the "
                                                                         "rest (one instruction, 120.2, 608.2h)")

    @model_validator(mode="after")
    def _each(self) -> "DealDamage":
        if (self.each is not None) != ("each" in (self.to if isinstance(self.to, list) else [self.to])):
            raise ValueError("'to: each' names its permanents with 'each' (a selector), and 'each' goes with it")
        return self


class Destroy(_Op):
    """701.8: destroy the target, or each creature; ``it``: the object a delayed triggered ability
    refers to (603.7c)."""

    op: Literal["destroy"]
    what: Literal["target", "each_creature", "each_permanent", "each", "it", "that"] = "target"
    types: list[CardType] = Field(default_factory=list, description="each_permanent: of one of these card types")
    each: Optional[Selector] = Field(default=None, description="what: each: the permanents this selector matches as "
                                                               "the spell resolves ('all nonblack creatures')")
    target: int = Field(default=1, ge=1)
    regenerate: bool = Field(default=True, description="false: 'it can't be regenerated' (701.19c)")
    also: list[Annotated[int, Field(ge=1, le=64)]] = Field(default_factory=list, description="what: target: more targets (numbers), destroyed at once ('Destroy target creature and target land')")
    player_target: bool = Field(default=False, description="what: each: the selector's 'you' is the player the target "
                                                           "`target` is ('all creatures target opponent controls', 115.1)")
    if_mana_value_at_most: Optional[int] = Field(
        default=None, ge=0, description="what: target: only if it has this mana value or less as the spell resolves "
                                        "('destroy target creature if it has mana value 2 or less')")
    if_dies: list["OneShot"] = Field(default_factory=list, description="what: target: 'if that creature dies this way, "
                                                                       "...': what happens if it went from the "
                                                                       "battlefield to a graveyard (700.4)")
    otherwise: list["OneShot"] = Field(default_factory=list, description="with if_dies: what happens if it didn't "
                                                                         "(indestructible, regenerated, exiled instead)")
    _permanents: Optional[Selector] = PrivateAttr(default=None)

    def model_post_init(self, _context) -> None:
        """``what`` other than target and it, as a selector, made once as the card is read."""
        if self.what == "each_creature":
            self._permanents = CREATURES
        elif self.what == "each" and self.each is not None:
            self._permanents = self.each
        elif self.what not in ("target", "it", "that"):
            self._permanents = Selector(any_types=self.types)  # each_permanent: of one of these card types, or any

    @property
    def permanents(self) -> Optional[Selector]:
        """The permanents it destroys as it resolves (None: its target, or the object 'it' refers to)."""
        return self._permanents


class Draw(_Op):
    """121: draw cards. ``amount: that_many``: the damage the event that triggered the ability dealt ("Whenever
    this creature is dealt damage, draw that many cards.", 603.2)."""

    op: Literal["draw"]
    amount: Union[Annotated[int, Field(ge=1)], Literal["that_many"], Quantity] = Field(
        description="a number; that_many (603.2); a quantity (engine/vocab/amount.py): 'a card for each ...', 'cards equal to the number of ...', "
                    "'X cards, where X is ...', counted once as it resolves (608.2h)")
    who: Who = "you"


class GainLife(_Op):
    """119.3: gain life. ``amount: greatest_power``: "X life, where X is the greatest power among
    creatures they control", read as it resolves for each player who gains (0: no life is gained,
    no event, 119.9); ``that_many``: the amount of the damage that triggered the ability."""

    op: Literal["gain_life"]
    amount: Union[Annotated[int, Field(ge=1)], Literal["greatest_power", "that_many", "life_lost_this_way"], Quantity] = Field(
        description="a number; greatest_power (as it resolves); that_many: the damage the event that triggered the "
                    "ability dealt ('you gain that much life', 603.2); life_lost_this_way: the total life the lose_life "
                    "instruction before it made players lose (extort 702.101a); a count: 'for each ...' as it resolves")
    who: Who = "you"


class LoseLife(_Op):
    """119.3: lose life."""

    op: Literal["lose_life"]
    amount: Union[Annotated[int, Field(ge=1)], Quantity] = Field(description="a number; a quantity ('for each ...', 'equal to ...', 608.2h)")
    who: Who = "each_opponent"


class PutCounters(_Op):
    """122.1: put counters on the target or on the source ('this creature')."""

    op: Literal["counters"]
    kind: str = Field(min_length=1)
    amount: Union[Annotated[int, Field(ge=1)], Literal["own_counters", "card_power", "that_many"], Quantity] = Field(
        description="a number; that_many: the amount the triggering event gave (603.2: the life gained, the damage dealt); "
                    "own_counters: each +1/+1 counter the source had as it last existed on the battlefield, as it "
                    "leaves (603.10a, modular 702.43a); card_power: the power of the card exiled as the cost (scavenge 702.97a); "
                    "a count, a total, a greatest or a life total, counted once as it resolves (608.2h: 'put X +1/+1 counters on it, "
                    "where X is the number of Elves you control', '... for each creature you control', 'where X is its power', "
                    "'... your life total'; 0: none, no event)")
    to: Literal["target", "self", "attached", "you", "that"] = "target"  # attached: what the source is attached to (303.4); you: a player
    target: int = Field(default=1, ge=1)


class RemoveCounters(_Op):
    """122.1: remove counters from the source ('remove an ice counter from Dark Depths') or the target:
    as many as it has, up to `amount`."""

    op: Literal["remove_counters"]
    kind: str = Field(min_length=1)
    amount: int = Field(ge=1)
    to: Literal["target", "self"] = "self"
    target: int = Field(default=1, ge=1)


class AddMana(_Op):
    """106.1, 605: add mana to the controller's mana pool (a mana ability: ``mana: true``)."""

    op: Literal["add_mana"]
    mana: str = Field(min_length=3, description="mana symbols, e.g. '{G}' or '{C}{C}'")
    who: Literal["you", "that_player"] = Field(
        default="you", description="whose mana pool: its controller's, or that_player's (603.2: 'that player adds "
                                   "{G}{G}' after 'At the beginning of each player's first main phase', the active "
                                   "player)")


class Mill(_Op):
    """701.17a: "mill N cards": the player puts the top N cards of their library into their graveyard (as
    many as there are, 701.17b), at once."""

    op: Literal["mill"]
    amount: Union[Annotated[int, Field(ge=1)], Quantity] = Field(
        description="a number; a quantity: 'mills X cards, where X is the number of ...', counted once as it resolves "
                    "(608.2h)")
    who: Who = "you"


class Scry(_Op):
    """701.22a: "scry N": its controller looks at the top N cards of their library, then puts any number
    of them on the bottom in any order and the rest on top in any order (`mtgjudge play`: {arrange: {top:
    [...], bottom: [...]}}; --auto: all of them stay on top, in their order)."""

    op: Literal["scry"]
    amount: int = Field(ge=1)


class Surveil(_Op):
    """701.25a: "surveil N": its controller looks at the top N cards of their library, then puts any
    number of them into their graveyard and the rest on top in any order (`mtgjudge play`: {arrange: {top:
    [...], graveyard: [...]}}; --auto: all of them stay on top, in their order)."""

    op: Literal["surveil"]
    amount: int = Field(ge=1)


class SearchLibrary(SearchMore, _Op):  # (split, any_number: engine/vocab/oneshot_actions.py)
    """701.23a, 701.24a: "search your library for a basic land card, put it onto the battlefield tapped,
    then shuffle": its controller looks through their library for a card with these qualities, may find
    none (701.23b: a card of a given quality), puts the one found into ``to``, then shuffles
    (`mtgjudge play`: {search: ID} or {search: null}; --auto: the first such card from the top)."""

    op: Literal["search_library"]
    types: list[CardType] = Field(default_factory=list, description="has one of these card types (none: any card)")
    supertypes: list[Supertype] = Field(default_factory=list, description="has every one of these supertypes ('basic')")
    subtypes: list[str] = Field(default_factory=list, description="has one of these subtypes ('a Rebel permanent card')")
    mana_value_at_most: Union[Annotated[int, Field(ge=0)], Literal["x"], None] = Field(default=None, description="its mana "
                                                  "value is this or less ('with mana value 2 or less', 202.3; x: the spell's X, 107.3a)")
    amount: Union[Annotated[int, Field(ge=1)], Quantity] = Field(default=1, description="'for up to two basic land cards': "
                                                                  "up to that many cards (a quantity: 'up to X ..., where X is', 608.2h)")
    same_name: bool = Field(default=False, description="'a card named ~': a card with the source's name")
    to: Literal["battlefield", "hand", "top", "graveyard", "exile"] = Field(description="top: 'then shuffle and put that card on "
                                                                           "top' (the card found goes on top once the library "
                                                                           "is shuffled); exile: 'exile them' (406.1)")
    tapped: bool = Field(default=False, description="to: battlefield: it enters tapped")
    reveal: bool = Field(default=False, description="'reveal it': the card is shown to every player (701.20a)")
    who: Who = Field(default="you", description="who searches their own library: you; target_controller: the one "
                                                "target's controller as it began to resolve ('Its controller may search "
                                                "their library ...', 608.2h)")
    may: bool = Field(default=False, description="608.2d: 'may search': that player chooses whether to search (not: no "
                                                 "search, no shuffle)")


class DiscardChosen(_Op, ManaValueBound):
    """701.20a, 701.9a: "Target opponent reveals their hand. You choose a nonland card from it. That player discards
    that card.": the player reveals their hand; the ability's controller chooses a card of it with one of
    ``types`` (none: any card) and none of ``not_types``; that player discards it (none when there is none;
    `mtgjudge play`: {discard: [ID], by: CONTROLLER}; --auto: the first such card of the hand)."""

    op: Literal["discard_chosen"]
    who: Who = "target"
    types: list[CardType] = Field(default_factory=list, description="the card chosen has one of these (none: any card)")
    not_types: list[CardType] = Field(default_factory=list, description="the card chosen has none of these ('nonland')")


class PutFromHand(_Op):
    """400.3, 305.4: "you may put a land card from your hand onto the battlefield [tapped]": its controller puts a card
    of their hand with one of ``types`` (or ``subtypes``) onto the battlefield, of their choice (not a land played,
    305.4; nothing when there is none; `mtgjudge play`: {take: [ID]}; --auto: the first such card of the hand)."""

    op: Literal["put_from_hand"]
    types: list[CardType] = Field(default_factory=list, description="the card has one of these card types")
    subtypes: list[str] = Field(default_factory=list, description="the card has one of these subtypes")
    tapped: bool = Field(default=False, description="it enters tapped")


class ReturnSelf(_Op):
    """113.6k, 400.3: "Return this card from your graveyard to your hand", "... to the battlefield tapped": the
    card with the ability, in its owner's graveyard, goes to its owner's hand or onto the battlefield under its
    owner's control (nothing if it has left the graveyard, 400.7). An activated ability whose effect says so
    functions only while the card is in its owner's graveyard (113.6k: the game loop lets its owner activate
    it there, and nowhere else)."""

    op: Literal["return_self"]
    to: Literal["hand", "battlefield"]
    tapped: bool = Field(default=False, description="to: battlefield: it enters tapped")


class LookAtTop(LookOnto, _Op):  # (to, tapped: engine/vocab/oneshot_actions.py)
    """401.2 (an effect lets its player look at cards of their own library), 401.4, 701.20a: "Look at the top four cards
    of your library. Put one of them into your hand and the rest on the bottom of your library in any order", "... You
    may reveal a creature card from among them and put it into your hand. Put the rest on the bottom of your library in
    a random order": its controller looks at the top ``amount`` cards (as many as there are), puts ``take`` of them
    (with the qualities given; ``up_to``: any number up to it) into their hand, revealed when ``reveal``, the rest where
    ``rest`` says ({take: [ID, ...], rest: [ID, ...]}; --auto: the first such cards from the top, the rest in order)."""

    op: Literal["look_at_top"]
    amount: Union[Annotated[int, Field(ge=1)], Count, AnnouncedX] = Field(description="a number; a count counted as it resolves; the X announced (107.3a)")
    take: int = Field(default=1, ge=0, description="how many of them go to the hand (0: they are only looked at "
                                                         "or revealed, and stay on top)")
    up_to: bool = Field(default=False, description="'you may reveal a creature card from among them': none may be taken")
    types: list[CardType] = Field(default_factory=list, description="a card taken has one of these card types (none: any)")
    supertypes: list[Supertype] = Field(default_factory=list, description="a card taken has every one of these")
    subtypes: list[str] = Field(default_factory=list, description="a card taken has one of these subtypes")
    if_none: list["OneShot"] = Field(default_factory=list, description="608.2c: 'If you didn't put a card into ...'")
    reveal: bool = Field(default=False, description="the cards taken are shown to every player (701.20a); 'Reveal the "
                                                    "top N cards': all of them")
    take_all: bool = Field(default=False, description="'Put all creature cards revealed this way into your hand': every "
                                                      "card with the qualities is taken (no choice; `take` unused)")
    rest: Literal["bottom_any_order", "bottom_random", "graveyard", "hand", "top", "exile"] = Field(  # hand, top: the top card
        description="the cards not taken: on the bottom of the library in the order the player chooses (401.4), in a "
                    "random order, into the graveyard, into the hand, exiled (701.13a: 'and exile the rest'), or left "
                    "on top ('If it's a land card, ...')")


class Tap(_Op):
    """701.26: tap (or untap) the target, or the source; ``it``: the object a delayed triggered ability
    refers to (603.7c)."""

    op: Literal["tap", "untap"]
    what: Literal["target", "self", "it", "attached", "that"] = Field(default="target", description="attached: the permanent "
                                                                 "the source (an Aura, an Equipment) is attached to "
                                                                 "('tap enchanted creature', 303.4, 301.5)")
    target: int = Field(default=1, ge=1)


class BecomeRenowned(_Op):
    """702.112b *(EN, current official rules)*: "it becomes renowned" (renown's definition, 702.112a): the source, if
    it is still on the battlefield as the same object (400.7), gets the renowned designation."""

    op: Literal["become_renowned"]


class DoesntUntapNext(_Op):
    """502.3: "That creature doesn't untap during its controller's next untap step." (after "Tap target
    creature."): the target, or the source (``what: self``), doesn't untap during the next untap step of
    the player who controls it then; the effect ends with that step."""

    op: Literal["doesnt_untap_next"]
    what: Literal["target", "self", "that"] = "target"
    target: int = Field(default=1, ge=1)


class Move(_Op):
    """A permanent changes zones (400.7: it becomes a new object): ``exile`` (701.13), ``return_to_hand``
    ("return it to its owner's hand", 400.3), the target, the source ("this creature"), or ``it``: the
    object a delayed triggered ability refers to (603.7c: whatever its characteristics are now, but
    only if it is still the object that was on the battlefield)."""

    op: Literal["exile", "return_to_hand"]
    what: Literal["target", "self", "it", "attached", "that"] = Field(default="target", description="attached: the permanent "
                                                                 "the source is attached to ('exile enchanted creature')")
    target: int = Field(default=1, ge=1)
    also: list[Annotated[int, Field(ge=1, le=64)]] = Field(default_factory=list, description="what: target: more targets (numbers), moved at once ('Exile two target artifacts')")
    linked: bool = Field(default=False, description="exile: the card is exiled with the source, for another of its "
                                                    "abilities to refer to ('the exiled card', 607.2a): recorded in the "
                                                    "source's choices.exiled while the source is the same object (400.7)")


class PutInLibrary(_Op):
    """400.3: "put target creature on top of its owner's library", "put target card from a graveyard on the
    bottom of its owner's library": the target (a permanent, or a card in a graveyard) is put into its owner's
    library, on top or at the bottom (400.7: a new object)."""

    op: Literal["put_in_library"]
    position: Literal["top", "bottom"]
    target: int = Field(default=1, ge=1)


class ReturnChosen(_Op):
    """400.3: "return a land you control to its owner's hand": each player ``who`` names returns one permanent of
    theirs the selector matches, of their choice (`mtgjudge play`: {return: ID, by: PLAYER}; --auto: the first in
    board order), none when they control none."""

    op: Literal["return_chosen"]
    what: Selector = Field(description="the permanents that may be chosen (theirs)")
    who: Who = "you"


class Attach(_Op):
    """701.3a: "attach it to target creature you control": the source (an Equipment) to the target as it resolves, new
    timestamp (613.7e); not if it is a creature (301.5c); already attached to it, it stays (701.3b)."""
    op: Literal["attach"]
    target: int = Field(default=1, ge=1)
    what: Literal["target", "that"] = Field(default="target", description="that: 'attach this Equipment to it', the "
                                            "creature whose entering triggered the ability (603.2, 400.7)")


class Explore(_Op):
    """701.44a: "it explores" (the source), "target creature you control explores" (``what: target``, the Map
    token's, 111.10s): its controller reveals the top card of their library; a land card is put into their
    hand; otherwise the permanent gets a +1/+1 counter and they may put the card into their graveyard
    (`mtgjudge play`: {may: true} or {may: false}; --auto: it stays on top)."""

    op: Literal["explore"]
    what: Literal["self", "target"] = "self"
    target: int = Field(default=1, ge=1)


class Proliferate(_Op):
    """701.34a: "proliferate": its controller chooses any number of permanents and/or players that have a
    counter, and gives each one more counter of each kind it already has, at once (`mtgjudge play`:
    {proliferate: [ID or player, ...]}; --auto: every one of them)."""

    op: Literal["proliferate"]


class ReturnToBattlefield(_Op):
    """400.3, 110.2a: "return target creature card from your graveyard to the battlefield": the target card
    (a card in its owner's graveyard, ``{what: card}``) is put onto the battlefield under its owner's
    control (the spell's controller: the card is in their graveyard), ``tapped`` when the text says so."""

    op: Literal["return_to_battlefield"]
    target: int = Field(default=1, ge=1)
    tapped: bool = False
    what: Literal["target", "it"] = Field(
        default="target", description="it: the card a delayed triggered ability refers to (603.7c), returned from exile "
                                      "under its owner's control ('Exile target creature. Return that card to the "
                                      "battlefield under its owner's control at the beginning of the next end step.')")
    under_yours: bool = Field(default=False, description="701.66a: 'return it to the battlefield tapped under your "
                                                         "control' (what: it): the card, from a graveyard or exile, "
                                                         "under the control of the ability's controller")


class ReturnExiled(_Op):
    """607.2a, 610.3: "return the exiled card to the battlefield under its owner's control": the cards
    exiled with the source by its linked ability (its choices.exiled), those still in exile."""

    op: Literal["return_exiled"]


class May(_Op):
    """608.2d: "you may [do this]": as it resolves, its controller chooses whether the operations happen
    (`mtgjudge play`: {may: true} or {may: false}; --auto: they do)."""

    op: Literal["may"]
    one_shot: list["OneShot"] = Field(min_length=1, description="what happens if they choose to")
    if_you_do: list["OneShot"] = Field(default_factory=list, description="118.12, 608.2c: 'you may [do this]. If you "
                                                                         "do, [effect]': what happens only if they did "
                                                                         "it (one_shot: one payment, or one discard, "
                                                                         "draw or sacrifice: 608.2d, an option that "
                                                                         "can't be taken can't be chosen; 121.6)")

    otherwise: list["OneShot"] = Field(default_factory=list, description="608.2c, 608.2d: 'you may put N +1/+1 counters "
                                                                         "on it. If you don't, [effect]': what happens "
                                                                         "only if they chose not to, or couldn't (it "
                                                                         "left the battlefield: fabricate 702.123a)")

    @model_validator(mode="after")
    def _done(self) -> "May":
        if self.if_you_do and not (len(self.one_shot) == 1 and knows_done(self.one_shot[0])):
            raise ValueError("'if_you_do' goes with a may of one payment, or one discard, draw or sacrifice of your own "
                             "(what the loop knows was done: engine/vocab/oneshot_paycost.py)")
        return self


class Pay(_Op):
    """118.12, 117.1d: "pay {2}" as the spell or ability resolves: its controller pays the mana (its mana
    abilities activated first: the may answer's `tap`); in a `may` only ("you may pay {2}. If you do,
    ...")."""

    op: Literal["pay"]
    cost: str = Field(pattern=r"^(\{([WUBRGC]|\d+|[WUBRG]/[WUBRG])\})+$|^(\{E\})+$|^\{X\}(\{([WUBRGC]|\d+|[WUBRG]/[WUBRG])\})*$|^mana_cost$",
                      description="mana symbols ('{2}', '{1}{R}', '{W/B}': hybrid, 107.4e); '{X}{R}': 107.3f, X chosen by "
                                  "its controller as it resolves (in a triggered ability's may with if_you_do only); "
                                  "mana_cost: the source's mana cost as it resolves (202.1: 'unless you pay its mana "
                                  "cost'; {X} in it is 0, 107.3h; none: unpayable, 118.6, 202.1b)")


class MaySacrifice(_Op):
    """608.2d: "you may sacrifice a [creature]. If you don't, [otherwise]": the controller may sacrifice
    one permanent of theirs the selector matches (701.21); if they don't (or can't: an option that
    can't be taken can't be chosen), the ``otherwise`` operations happen."""

    op: Literal["may_sacrifice"]
    what: Selector = Field(description="the permanents that may be sacrificed (theirs)")
    otherwise: list["OneShot"] = Field(default_factory=list, description="what happens if they don't")
    when_you_do: list["OneShot"] = Field(default_factory=list, description="603.12: 'When you do, ...': a reflexive "
                                                                         "triggered ability (that_many: the sacrificed "
                                                                         "creature's power as it last existed)")
    when_you_do_targets: list[TargetSpec] = Field(default_factory=list, description="its targets")


class ExtraTurn(_Op):
    """500.7: "take an extra turn after this one": its controller takes it directly after this turn (the
    extra turns created later are taken first)."""

    op: Literal["extra_turn"]
    who: Literal["you", "target"] = Field(default="you", description="target: 'target player takes an extra turn'")


class ExileGraveyards(_Op):
    """"Exile all graveyards" (701.13, through the replacement program), "exile target player's graveyard" (who)."""
    op: Literal["exile_graveyards"]
    who: Who = Field(default="each_player", description="whose graveyard: each player's, a target player's, ...")


class Sacrifice(_Op):
    """701.21: "target player sacrifices a creature of their choice": each player ``who`` names
    sacrifices one permanent of theirs the selector matches, chosen by that player (none when they
    control none)."""

    op: Literal["sacrifice"]
    what: Selector = Field(description="the permanents that may be chosen (theirs)")
    who: Who = "target"
    if_you_do: list["OneShot"] = Field(default_factory=list, description="'sacrifice it. If you do, ...': what happens "
                                                                         "only if a permanent was sacrificed (Dark Depths)")
    unless_pays: Optional[str] = Field(default=None, pattern=r"^(\{([WUBRGC]|\d+)\})+$",
                                       description="118.12: 'sacrifice it unless you pay {2}{R}': the player may pay the "
                                                   "mana as it resolves; only if they don't, the permanent is sacrificed")


class AdditionalUpkeeps(_Op):
    """500.10: "you get that many additional upkeep steps after this phase": that many beginning phases,
    each with only an upkeep step, right after the current phase. ``amount: that_many``: the damage of
    the event that triggered the ability."""

    op: Literal["additional_upkeeps"]
    amount: Union[int, Literal["that_many"]] = "that_many"


class DividedDamage(_Op):
    """601.2d, 608.2c: "deals X damage divided as you choose among any number of targets" (Rolling
    Thunder): each target gets the amount its caster announced as the spell was cast (at least 1
    each, ``divide`` in a game file's cast); a target illegal as it resolves gets none (608.2b). The
    damage events happen at once."""

    op: Literal["divided_damage"]
    total: Union[Annotated[int, Field(ge=1)], Literal["x"]] = Field(description="the damage divided: a number, or x "
                                                                               "(the value announced for {X}, 107.3a)")


class Fight(_Op):
    """701.14: "target creature you control fights target creature you don't control": each deals
    damage equal to its power to the other, at once; if either is no longer on the battlefield, no
    longer a creature, or an illegal target now, neither deals damage (701.14b)."""

    op: Literal["fight"]
    target: int = Field(default=1, ge=1, description="the first creature (its target number)")
    other: int = Field(default=2, ge=1, description="the creature it fights (its target number)")
    this: bool = Field(default=False, description="'this creature fights another target creature': the source is the "
                                                  "first creature, and `other` the target it fights (Polukranos)")


class ExileTopThenDamage(_Op):
    """608.2f: "For each of them, exile the top card of your library, then [this] deals damage equal to
    that card's mana value to that permanent or player" (Soulfire Eruption): for each target in turn,
    in the order they are named, one exile then one damage event, never at once."""

    op: Literal["exile_top_then_damage"]


class DiscardHand(_Op):
    """701.9: the player discards their hand (each card a discard event)."""

    op: Literal["discard_hand"]
    who: Who = "you"


class DiscardCards(_Op):
    """701.9b: "discard a card": the player discards that many cards of their choice (all of them if
    they have that many or fewer), at once."""

    op: Literal["discard"]
    amount: int = Field(default=1, ge=1)
    who: Who = "you"


class WinGame(_Op):
    """104.2b: an effect says its controller wins the game (each opponent loses, 104.3)."""

    op: Literal["win_game"]


class DelayedTrigger(_Op):
    """603.7: the resolving spell or ability creates a delayed triggered ability ("at the beginning of the next end
    step", "at end of combat", "when this creature leaves the battlefield", "when that creature becomes untapped"). It
    exists from then on, and can't trigger on an event that happened before (603.7a); it triggers only once, the next
    time (603.7b). It refers to one object (``about``): the source of the ability ("this creature"), the target, or the
    creature the event that triggered the ability is about ("that creature", Wall of Tears); or to the permanents the
    instruction before put onto the battlefield (each of them); it still affects that object if its characteristics
    changed, and nothing if it left the zone it was in (603.7c, 400.7). Its source is the spell, or the source of the
    ability that created it; its controller is the one who controlled that spell or ability as it resolved (603.7d-e)."""

    op: Literal["delayed_trigger"]
    when: Literal["next_end_step", "next_turn_upkeep", "end_of_combat", "leaves_battlefield", "becomes_untapped",
                  "dies_or_exiled"] = Field(
        description="next_end_step: at the beginning of the next end step (513.1); next_turn_upkeep: at the beginning "
                    "of the next turn's upkeep (503.1); end_of_combat: at the beginning of "
                    "the next end of combat step (511.2); leaves_battlefield: when the object it refers to leaves the "
                    "battlefield; becomes_untapped: when it goes from tapped to untapped (603.2e); dies_or_exiled: "
                    "when it is put into a graveyard or into exile from the battlefield (701.66a: earthbend's)")
    about: Literal["self", "target", "that_creature", "self_now", "entered"] = Field(
        default="self", description="the object it refers to (`what: it` in its operations): self, the source of the "
                                    "ability ('this creature'); self_now: the source as it is when the delayed ability "
                                    "is created, after an instruction before moved it ('Exile this creature. Return it "
                                    "to the battlefield ...', 400.7); target: the target (`target: K`); that_creature: the "
                                    "creature the triggering event is about ('whenever this creature blocks a "
                                    "creature, ... that creature'); entered: what the instruction before put onto the battlefield")
    target: int = Field(default=1, ge=1, description="about: target: which target")
    text: str = Field(min_length=1, description="the delayed triggered ability's text, as the log shows it")
    one_shot: list["OneShot"] = Field(min_length=1, description="what it does as it resolves")


class StepTrigger(_Strict):
    """A triggered ability "at the beginning of [a step]" (503.1, 513.1, 603.2b): it triggers as the
    step begins, for the step of its controller's turn (``whose: you``), an opponent's, or each
    turn's. ``if_life_at_least``: an intervening "if" clause (603.4: "if you have 40 or more life"),
    checked as the step begins and again as the ability resolves."""

    at_beginning_of: Literal["upkeep", "draw", "precombat_main", "beginning_of_combat", "end_of_combat",
                             "postcombat_main", "end"]
    whose: Literal["you", "opponent", "each", "enchanted_controller", "enchanted_player"] = "you"  # 303.4: an Aura's
    if_life_at_least: Optional[int] = Field(default=None, description="603.4: 'if you have N or more life'")
    if_came_under_control: bool = Field(default=False, description="603.4, 702.30a: 'if this permanent came under your "
                                                                   "control since the beginning of your last upkeep' "
                                                                   "(an upkeep trigger of yours)")
    if_spells_last_turn: Optional[Literal["none", "two_or_more"]] = Field(
        default=None, description="603.4: 'if no spells were cast last turn' (none), 'if a player cast two or more spells "
                                  "last turn' (two_or_more: one player cast them)")


class CastTrigger(_Strict):
    """603.2, 601.2i: "whenever you cast an instant or sorcery spell from your library": it triggers as its controller
    finishes casting a spell that ``spells`` names (by the characteristics it was cast with), from ``from_zone`` when
    given. The spell is "it" for the ability (``copy_spell``)."""

    event: Literal["cast"]
    self_: bool = Field(default=False, alias="self", description="'when you cast this spell': an ability of the spell "
                                                                 "itself, triggering as it is cast (601.2i)")
    spells: Optional[SpellQuality] = Field(default=None, description="the spells (default: every spell)")
    from_zone: Optional[Literal["hand", "library", "graveyard", "not_hand"]] = Field(
        default=None, description="cast from there only (its caster's; not_hand: 'from anywhere other than your hand')")
    player: Literal["you", "opponent", "any"] = Field(default="you", description="who casts it ('an opponent casts')")
    nth: Optional[int] = Field(default=None, ge=1, description="only the caster's nth spell of the turn among those `spells` "
                                                              "names ('your second spell each turn': 2; 'your first "
                                                              "enchantment spell each turn': 1)")
    kicked: bool = Field(default=False, description="'a kicked spell': cast with its kicker (702.33d)")
    adventurer: bool = Field(default=False, description="'a creature spell that has an Adventure': an adventurer card "
                                                        "(715.2) cast as itself, not as its Adventure (715.3)")
    during: Optional[Literal["opponent_turn"]] = Field(default=None, description="cast during an opponent's turn only (102.2)")
    targeting: Optional[Selector] = Field(default=None, description="115.1: with a target it matches ('that targets this creature')")
    or_copy: bool = Field(default=False, description="'Whenever you cast or copy an instant or sorcery spell' (magecraft, "
                                                     "207.2c): as its controller puts a copy of one on the stack too (707.10)")


class ActivateTrigger(_Strict):
    """603.2, 602.2: "whenever you activate this creature's outlast ability": as its controller finishes activating an
    ability of this object the keyword ``keyword`` stands for. ``cycling``: "When you cycle this card" (702.29c: as it
    is discarded to pay its cycling or typecycling cost, 702.29f; it triggers from the zone the card is put into)."""

    event: Literal["activate"]
    keyword: str = Field(min_length=1, description="the keyword ability activated ('outlast')")
    card: Literal["this", "another", "any"] = Field(
        "this", description="cycling only: 'this' (\"When you cycle this card\", of the card itself), 'another' "
                            "(\"Whenever you cycle another card\"), 'any' (\"Whenever you cycle a card\"): the card "
                            "its controller cycles, while the source is on the battlefield (603.2)")
    player: Literal["you", "any"] = Field("you", description="card 'any': whose cycling ('a player cycles', 702.29a)")

    @model_validator(mode="after")
    def _card(self):
        if (self.card != "this" or self.player != "you") and self.keyword != "cycling" or self.player == "any" != self.card:
            raise ValueError("card 'another' or 'any' and player 'any' (with card 'any') are of cycling only")
        return self


class StateTrigger(_Strict):
    """603.8: a state-triggered ability: it triggers whenever the state holds ("whenever you have no
    cards in hand"), and not again until the ability has left the stack."""

    state: Literal["no_cards_in_hand", "no_counters", "controls_none"] = Field(
        description="no_counters: this permanent has no counters of the kind `kind` on it (Dark Depths); controls_none: "
                    "its controller controls no permanent `what` matches ('When you control no Islands')")
    kind: Optional[str] = Field(default=None, description="no_counters: the kind of counter ('ice')")
    what: Optional[Selector] = Field(default=None, description="controls_none: the permanents (theirs: controller you)")

    @model_validator(mode="after")
    def _kind(self) -> "StateTrigger":
        if (self.state == "no_counters") != (self.kind is not None) or (self.state == "controls_none") != (
                self.what is not None and self.what.controller == "you"):
            raise ValueError("'state: no_counters' goes with 'kind' (the kind of counter), 'controls_none' with 'what' "
                             "(controller: you)")
        return self


OneShot = Annotated[Union[DealDamage, Destroy, Draw, GainLife, LoseLife, PutCounters, RemoveCounters, AddMana, CreateToken, WinGame, Tap,
                          May, MaySacrifice, ReturnExiled, AdditionalUpkeeps, ExileTopThenDamage, DiscardHand, DiscardCards, Move, DelayedTrigger,
                          DividedDamage, Fight, CopySpell, Sacrifice, CreateTokenCopy, Counter, ExtraTurn,
                          ExileGraveyards, Mill, Scry, Surveil, SearchLibrary, ReturnToBattlefield, Proliferate, Pay,
                          Explore, Attach, ReturnChosen, PutInLibrary, LookAtTop, RemoveCounterOrSacrifice, MoveCounter,
                          ReturnSelf, DiscardChosen, PutFromHand, DoesntUntapNext, CountersEach, Connive, Bolster, Adapt, Discover, Endure, Populate, Amass,
                          ExileUntilLeaves, Transform, ArrangeTop, ReturnThatCard, ExileTop, BecomeRenowned, PutOntoBattlefieldYours, ShuffleGraveyard, ExileFromGraveyard,
                          Monstrosity, SacrificeIt, GainsEntered, UntapEach, AddManaChoice, ExileIfLeaves, BecomeMonarch, Blight,
                          PayLife, CreateEffect, UnlessPays, AddTappedMana, ExileReturn, ChooseValue, RevealHand, ExileChosen, DiscardRandom,
                          RevealTopSharing, IfCondition, ReflexiveTrigger, AddManaAmount, TapEach, TapOrUntap,
                          DoesntUntapWhileTapped, BecomeDayNight, FlipCoin, Clash, RollDie, MoveEach, NoSchemesThatTurn,
                          SkipUntapThatTurn, Planeswalk, ChaosEnsues, ExileSelf, RevealTopEach, CastFree, ExileUntilNonland,
                          ExileTopCastAny, CopyNextSpell, RingTempts, DividedCounters, UntapChosen, DiscardAll, RepeatProcess],
                    Field(discriminator="op")]
May.model_rebuild()
MaySacrifice.model_rebuild()
Destroy.model_rebuild()
Sacrifice.model_rebuild()
DelayedTrigger.model_rebuild()
LookAtTop.model_rebuild()
UnlessPays.model_rebuild(_types_namespace={"OneShot": OneShot})  # (oneshot_thatplayer.py)
IfCondition.model_rebuild(_types_namespace={"OneShot": OneShot})  # (oneshot_ifcond.py)
for _random in (FlipCoin, Clash, DieResult, RollDie):  # (oneshot_random.py)
    _random.model_rebuild(_types_namespace={"OneShot": OneShot})
ReflexiveTrigger.model_rebuild(_types_namespace={"OneShot": OneShot, "TargetSpec": TargetSpec})  # (oneshot_reflexive.py)


from engine.vocab.oneshot_check import check_it  # noqa: E402,F401 (the vocabulary's check of "it", 603.7c)
