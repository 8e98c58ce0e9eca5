"""Game files (docs/play.md): a board plus the actions the players take, for ``mtgjudge play``.

    players: [alice, bob]
    step: precombat_main
    battlefield: [...]
    hand: {alice: [Lightning Bolt]}
    actions:
      - {cast: lightning_bolt, targets: [bob], tap: [mountain]}
      - {attack: {grizzly_bears: bob}}
    until: {turn: 2, step: upkeep}

Every action may say when it happens (``at: {turn, step}``) and who takes it (``by``); between two
actions every player who has priority passes (117.3d). Validated by these pydantic models, then
against the board; each failure is one line naming the file, the field and the fix.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.files.boardfile import Step
from engine.files.errors import InputError
from engine.files.known_keys import unknown_key_fix
from engine.vocab.cardfile import KeywordAbility
from engine.files.library import CardLibrary, slug
from engine.files.loader import board_from_data
from engine.state.model import GameState
from engine.files.ranges import bound_problem
from engine.files.yamlio import NUMBER_MAX, pydantic_location, read_file

DOC = "see docs/play.md"


ManaLetter = Literal["W", "U", "B", "R", "G", "C"]
MANA_LETTERS = ("W", "U", "B", "R", "G", "C")
# a permanent whose mana ability pays: its id, or {id: the mana letter} when the ability gives a choice
TapEntry = Union[str, Annotated[dict[str, str], Field(min_length=1, max_length=1)]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class At(_Strict):
    """When an action happens: the first time the game is in this step (of this turn) and the
    acting player may take it."""

    turn: Optional[int] = Field(default=None, ge=1, le=NUMBER_MAX, description="the turn number (default: the current one or later)")
    step: Optional[Step] = Field(default=None, description="the step")


class _Action(_Strict):
    by: Optional[str] = Field(default=None, description="the player who takes it (default: the player with priority, "
                                                        "or the one the rules name)")
    at: Optional[At] = None


class Pass(_Action):
    """117.3d: the player passes priority once (to let a spell resolve before responding to what it
    brings, for instance); between actions players pass anyway."""

    pass_: bool = Field(alias="pass", description="true")


class PlayLand(_Action):
    """305.1: play a land from the hand (a special action, 116.2a)."""

    play_land: str = Field(description="the id of the land card in the player's hand")


class Cast(_Action):
    """601.2: cast a spell from the hand, or from the top of the library when an effect lets the player
    (601.3); the choices of its proposal (601.2b-d) and the cards it is cast as (601.3e)."""

    cast: str = Field(description="the id of the card in the player's hand or on top of their library")
    targets: list[str] = Field(default_factory=list, description="its targets, in the order of its text (601.2c); "
                                                                 "a modal spell's, those of its chosen modes in order")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability is activated to pay "
                                                                  "(601.2g); {ID: LETTER} for one that gives a choice "
                                                                  "of mana ({T}: Add {U} or {R}: the letter added)")
    sacrificing: list[str] = Field(default_factory=list, description="permanents sacrificed for an additional cost (601.2h)")
    # 118.8, 601.2h: what pays the spell's own additional cost ("As an additional cost to cast this spell, discard a
    # card"; exiling pays "exile a creature card from your graveyard"); left out, --auto takes the first that can
    discarding: list[str] = Field(default_factory=list, description="the cards discarded for an additional cost (601.2h)")
    returning: list[str] = Field(default_factory=list, description="the permanents returned to their owner's hand for an "
                                                                   "additional cost (601.2h)")
    tapping: list[str] = Field(default_factory=list, description="the untapped permanents tapped for an additional cost "
                                                                 "(601.2h)")
    other_option: bool = Field(default=False, description="the other option of its additional cost is paid ('discard a "
                                                          "card or pay {2}': the {2}; 601.2b); left out, the first")
    alternative: bool = Field(default=False, description="its alternative cost is paid rather than its mana cost (118.9: "
                                                         "'You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana "
                                                         "cost'; what pays its part: sacrificing, returning, ...)")
    convoking: list[str] = Field(default_factory=list, description="702.51a: the untapped creatures tapped to pay mana of "
                                                                   "its total cost (convoke)")
    improvising: list[str] = Field(default_factory=list, description="702.126a: the untapped artifacts tapped to pay "
                                                                     "generic mana of its total cost (improvise)")
    delving: list[str] = Field(default_factory=list, description="702.66a: the cards of the graveyard exiled to pay "
                                                                 "generic mana of its total cost (delve)")
    x: Optional[int] = Field(default=None, ge=0, le=NUMBER_MAX, description="the value announced for {X} in its cost "
                                                                         "(601.2b, 107.3a)")
    modes: list[Annotated[int, Field(ge=1, le=NUMBER_MAX)]] = Field(default_factory=list, description="a modal spell's modes, "
                                                                                       "numbered from 1 among its "
                                                                                       "bullets (700.2, 601.2b)")
    kicked: bool = Field(default=False, description="its kicker cost is paid (702.33, 601.2b)")
    # optional additional costs of keywords (601.2b, 601.2f-h; current official rules), each paid by what the cast's
    # sacrificing (tapping) names: engine/game/optional_costs.py
    bargain: bool = Field(default=False, description="its bargain cost is paid, an artifact, enchantment or token "
                                                     "sacrificed (702.166a; sacrificing: [ID]): it is bargained, 702.166b")
    casualty: bool = Field(default=False, description="its casualty cost is paid, a creature with power N or greater "
                                                      "sacrificed (702.153a; sacrificing: [ID]): as it is cast, a copy")
    assist: Optional[str] = Field(default=None, description="702.132a: the other player chosen to help pay a spell "
                                                             "with assist (they pay assist_pays of the generic mana of "
                                                             "its total cost, 601.2g-h, with the mana abilities of "
                                                             "assist_tap)")
    assist_pays: int = Field(default=0, ge=0, le=NUMBER_MAX, description="702.132a: how much of the generic mana of the total cost the "
                                                          "assisting player pays")
    assist_tap: list[TapEntry] = Field(default_factory=list, description="702.132a, 601.2g: the assisting player's "
                                                                        "permanents whose mana ability they activate "
                                                                        "first, as the cast's tap")
    conspire: bool = Field(default=False, description="its conspire cost is paid, two untapped creatures its caster "
                                                      "controls that each share a color with it tapped (702.78a; "
                                                      "tapping: [ID, ID]): as it is cast, a copy")
    divide: dict[str, Annotated[int, Field(ge=1, le=NUMBER_MAX)]] = Field(default_factory=dict, description="how it divides its damage among its targets: "
                                                                     "target -> amount, each at least 1 (601.2d)")
    adventure: bool = Field(default=False, description="an adventurer card cast as its Adventure (715.3)")
    face_down: bool = Field(default=False, description="cast face down with its morph ability, a 2/2 creature spell "
                                                       "for {3} (702.37c, 708.2)")
    bestow: bool = Field(default=False, description="cast for its bestow cost, as an Aura spell (702.103b)")
    escape: bool = Field(default=False, description="cast from the graveyard for its escape cost (702.138a)")
    foretold: bool = Field(default=False, description="a foretold card cast from exile for its foretell cost, on a turn "
                                                      "after the one it was foretold in (702.143a)")
    disturb: bool = Field(default=False, description="cast transformed from the graveyard for its disturb cost (702.146a): "
                                                     "the spell has its back face's characteristics and enters the "
                                                     "battlefield back face up (702.146b)")
    dash: bool = Field(default=False, description="cast for its dash cost rather than its mana cost (702.109a): the "
                                                  "permanent has haste, and returns to its owner's hand at the "
                                                  "beginning of the next end step")
    entwined: bool = Field(default=False, description="its entwine cost is paid (702.42a): all of its modes are "
                                                      "chosen ('modes' lists them all), resolved in the order written")
    replicate: int = Field(default=0, ge=0, le=NUMBER_MAX, description="how many times its replicate cost is paid, an additional cost "
                                                        "(702.56a): as it is cast, a copy for each time")
    squad: int = Field(default=0, ge=0, le=NUMBER_MAX, description="how many times its squad cost is paid, an additional cost "
                                                    "(702.157a): as the creature enters, a token copy for each time")
    offspring: bool = Field(default=False, description="its offspring cost is paid, an additional cost (702.175a): as "
                                                       "the permanent enters, a token copy of it, except it's 1/1")
    surge: bool = Field(default=False, description="cast for its surge cost rather than its mana cost (702.117a: its "
                                                   "caster has cast another spell this turn)")
    spectacle: bool = Field(default=False, description="cast for its spectacle cost rather than its mana cost "
                                                       "(702.137a: an opponent lost life this turn)")
    overload: bool = Field(default=False, description="cast for its overload cost rather than its mana cost (702.96a): "
                                                      "its text has 'each' for 'target'; it has no targets (702.96b)")
    warp: bool = Field(default=False, description="cast from the hand for its warp cost rather than its mana cost "
                                                  "(702.185a): the permanent is exiled at the beginning of the next "
                                                  "end step; its owner may cast it from exile on a later turn")
    blitz: bool = Field(default=False, description="cast for its blitz cost rather than its mana cost (702.152a): the "
                                                   "permanent has haste and 'When this permanent is put into a "
                                                   "graveyard from the battlefield, draw a card', and is sacrificed at "
                                                   "the beginning of the next end step")
    freerunning: bool = Field(default=False, description="cast for its freerunning cost rather than its mana cost "
                                                         "(702.173a: a player was dealt combat damage this turn by an "
                                                         "Assassin creature or a commander under the caster's control)")
    emerge: bool = Field(default=False, description="cast for its emerge cost rather than its mana cost (702.119a): "
                                                    "'sacrificing' names the creature sacrificed; the total cost is "
                                                    "reduced by that creature's mana value")
    prototype: bool = Field(default=False, description="cast prototyped (702.160a, 718.3): the spell and the permanent "
                                                       "it becomes have its prototype mana cost, power and toughness, "
                                                       "and the colors of that mana cost (718.3b)")
    awaken: bool = Field(default=False, description="cast for its awaken cost rather than its mana cost (702.113a): "
                                                    "its last target, a land its caster controls, gets the counters "
                                                    "and becomes a 0/0 Elemental creature with haste")
    harmonize: bool = Field(default=False, description="cast from the graveyard for its harmonize cost rather than its "
                                                       "mana cost (702.180a): exiled whenever it would leave the stack; "
                                                       "tapping: [ID] the untapped creature its caster controls tapped, "
                                                       "up to one, the total cost reduced by its power")
    mayhem: bool = Field(default=False, description="cast from the graveyard for its mayhem cost rather than its mana "
                                                    "cost, its owner having discarded it this turn (702.187b)")
    plotted: bool = Field(default=False, description="a plotted card cast from exile without paying its mana cost, "
                                                     "during its owner's main phase with the stack empty, on a turn "
                                                     "after the one it became plotted in (702.170d)")
    evoke: bool = Field(default=False, description="cast for its evoke cost rather than its mana cost (702.74a): as the "
                                                   "permanent enters, it triggers: its controller sacrifices it")
    cascade: Optional[bool] = Field(default=None, description="as a cascade trigger resolves: true, cast the card it "
                                                              "exiled without paying its mana cost; false: don't "
                                                              "(702.85a)")
    discover: Optional[bool] = Field(default=None, description="as a player discovers: true, cast the card it exiled "
                                                               "without paying its mana cost; false: don't, it is put "
                                                               "into its owner's hand (701.57a)")
    free: bool = Field(default=False, description="as a spell or ability resolves that says 'you may cast [a spell] "
                                                  "from your hand without paying its mana cost': cast it now, for no "
                                                  "mana (608.2g, 118.9; 107.3b: X is 0)")
    retrace: bool = Field(default=False, description="cast from the graveyard by discarding a land card as an additional "
                                                     "cost (702.81a; discarding: [ID])")
    jump_start: bool = Field(default=False, description="cast from the graveyard by discarding a card as an additional "
                                                        "cost (702.133a; discarding: [ID]); it is exiled whenever it "
                                                        "would leave the stack")
    rebound: Optional[bool] = Field(default=None, description="as a rebound trigger resolves: true, cast the card it "
                                                              "refers to from exile without paying its mana cost; "
                                                              "false: don't (702.88a)")
    flashback: bool = Field(default=False, description="cast from the graveyard for its flashback cost (702.34a); it is "
                                                       "exiled whenever it would leave the stack")
    buyback: bool = Field(default=False, description="its buyback cost is paid (702.27a, an additional cost): it goes to "
                                                     "its owner's hand as it resolves")
    madness: Optional[bool] = Field(default=None, description="as its madness trigger resolves: true, cast it from exile "
                                                              "for its madness cost; false, decline (it goes to the "
                                                              "graveyard) (702.35a)")
    exiling: list[str] = Field(default_factory=list, description="the other cards of the graveyard exiled to pay the "
                                                                 "escape cost ('Exile six other cards from your "
                                                                 "graveyard'), or an additional cost ('exile a creature "
                                                                 "card from your graveyard', 601.2h)")


class Activate(_Action):
    """602: activate an ability of a permanent; without ``ability``, its mana ability {T}: Add ... (605:
    the mana is added to the pool at once)."""

    activate: str = Field(description="the id of the permanent")
    ability: Optional[int] = Field(default=None, ge=1, le=NUMBER_MAX, description="which of its abilities, 1-based as 'mtgjudge cards' "
                                                                   "lists them (default: its {T} mana ability)")
    printed_by: Optional[str] = Field(default=None, description="with ability N: the ability printed as ability N on "
                                                                "the card of this object (the permanent itself, or the "
                                                                "card it copies or has the text of, 707.2, 613.1c)")
    granted_by: Optional[str] = Field(default=None, description="with ability N: the N-th ability the effects of this "
                                                                "object grant the permanent (613.1f, 611.3a: the "
                                                                "source of the granting effect; 'mtgjudge show' "
                                                                "lists each permanent's references)")
    targets: list[str] = Field(default_factory=list, description="its targets (602.2b, 601.2c)")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays its mana cost; "
                                                                  "{ID: LETTER} for one that gives a choice of mana")
    mana: Optional[str] = Field(default=None, pattern=r"^[WUBRGC]+$",
                                description="the mana a mana ability with a choice adds ({T}: Add {U} or {R}): its letter "
                                            "(605.3); several for several mana ('two mana in any combination of colors': WU)")
    sacrificing: list[str] = Field(default_factory=list, description="what pays 'Sacrifice a creature' or 'Sacrifice "
                                                                     "another Vampire or Zombie' in its cost (601.2h)")
    tapping: list[str] = Field(default_factory=list, description="what pays 'Tap two untapped Humans you control'")
    discarding: list[str] = Field(default_factory=list, description="the cards that pay 'Discard a card'")
    returning: list[str] = Field(default_factory=list, description="what pays 'Return a land you control to its "
                                                                   "owner's hand' in its cost (601.2h)")
    exiling: list[str] = Field(default_factory=list, description="the cards of the graveyard that pay 'Exile two cards "
                                                                 "from your graveyard' in its cost (601.2h)")
    searching: Optional[str] = Field(default=None, description="702.29e: the card a typecycling ability's search finds "
                                                               "in the library (left out: --auto takes the first)")
    x: Optional[int] = Field(default=None, ge=0, le=NUMBER_MAX, description="the value announced for {X} in its cost "
                                                                         "(602.2b, 107.3a); left out: --auto takes 0")
    modes: list[Annotated[int, Field(ge=1, le=NUMBER_MAX)]] = Field(default_factory=list, max_length=100,
                                                     description="a modal activated ability's modes, numbered from 1 "
                                                                 "among the bullets that follow it (700.2a; left out: "
                                                                 "the only choice, or --auto's first)")


class Attack(_Action):
    """508.1: the active player declares attackers: creature id -> what it attacks."""

    attack: dict[str, str]
    bands: list[list[str]] = Field(default_factory=list, description="702.22c: attacking bands")
    enlist: dict[str, str] = Field(default_factory=dict, description="702.154a: attacker -> the untapped creature it "
                                                                     "enlists, tapped as it attacks: the attacker gets "
                                                                     "+X/+0, X that creature's power")


class Block(_Action):
    """509.1: a defending player declares blockers: blocker id -> attacker id (or a list)."""

    block: dict[str, Union[str, list[str]]]


class AssignDamage(_Action):
    """510.1: how each creature divides its combat damage: creature -> recipient -> amount."""

    assign_damage: dict[str, dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]]]  # 510.1: 0 or more to each


class OrderTriggers(_Action):
    """603.3b: the order in which a player puts their triggered abilities on the stack, first to last
    (each as SOURCE#INDEX)."""

    order_triggers: list[str]


class TriggerTargets(_Action):
    """603.3d: the targets of triggered abilities as they are put on the stack: SOURCE#INDEX -> targets."""

    trigger_targets: dict[str, list[str]]


class TriggerModes(_Action):
    """603.3c: the modes of modal triggered abilities as they are put on the stack: SOURCE#INDEX -> the
    modes' numbers (from 1, among the bullets that follow the ability, 700.2)."""

    trigger_modes: dict[str, list[Annotated[int, Field(ge=1, le=NUMBER_MAX)]]]


class Choose(_Action):
    """616.1: which outcome of the replacement and prevention effects (its number, as mtgjudge replace
    lists them), for the next event that has several."""

    choose: int = Field(ge=1, le=NUMBER_MAX)


class Sacrifice(_Action):
    """608.2d: the answer to "you may sacrifice ...": the permanent sacrificed, or none (``decline``)."""

    sacrifice: Optional[str] = Field(description="the id of the permanent, or null to decline")


class ReturnChoice(_Action):
    """400.3: the permanent a player returns to its owner's hand for "return a land you control to its owner's
    hand" (one of theirs the instruction allows, of their choice)."""

    return_: str = Field(alias="return", description="the id of the permanent")


class TurnFaceUp(_Action):
    """116.2b, 702.37e: the special action of turning a face-down permanent with morph face up, paying its
    morph cost, any time its controller has priority."""

    turn_face_up: str = Field(description="the id of the face-down permanent")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays the morph cost")
    discarding: list[str] = Field(default_factory=list, description="702.37e: the cards of the hand a morph cost in "
                                                                    "words discards ('Morph—Discard a card.')")
    returning: list[str] = Field(default_factory=list, description="702.37e: the permanents a morph cost in words "
                                                                   "returns to their owner's hand ('Morph—Return a "
                                                                   "Bird you control to its owner's hand.')")


class Foretell(_Action):
    """702.143a *(EN, current official rules)*: the special action (702.143b) of foretelling a card with foretell: any time
    its owner has priority during their turn, they pay {2} and exile it from their hand face down."""

    foretell: str = Field(description="the id of the card with foretell in the player's hand")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays the {2}")


class Plot(_Action):
    """702.170a *(EN, current official rules)*: the special action (702.170b) of plotting a card with plot: any time its
    owner has priority during their main phase while the stack is empty, they exile it from their hand and pay its plot
    cost; it becomes a plotted card."""

    plot: str = Field(description="the id of the card with plot in the player's hand")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays the plot cost")


class Suspend(_Action):
    """702.62a *(EN, current official rules)*: the special action of suspending a card with suspend: if its owner could
    begin to cast it from their hand now, they pay its suspend cost and exile it with N time counters on it."""

    suspend: str = Field(description="the id of the card with suspend in the player's hand")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays the suspend cost")


class Keep(_Action):
    """704.5j: under the legend rule, the legendary permanent the player keeps."""

    keep: str


class Discard(_Action):
    """514.1: the cards a player discards down to their maximum hand size in the cleanup step."""

    discard: list[str]


class MayAnswer(_Action):
    """608.2d: the answer to "you may [do this]" as the spell or ability resolves."""

    may: bool = Field(description="true: it happens; false: it doesn't")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability is activated to pay "
                                                                  "what the player may pay (cumulative upkeep, 702.24a)")
    x: Optional[int] = Field(default=None, ge=0, le=NUMBER_MAX, description="107.3f: the value of X the player chooses as they pay a cost "
                                                            "with {X} as the ability resolves ('you may pay {X}. If you "
                                                            "do, ...'): the X of the instructions after it")


class AsEnters(_Action):
    """614.12: the choices a permanent's controller makes as it enters ("as this enters, choose a color";
    Sutured Ghoul's "exile any number of creature cards from your graveyard")."""

    as_enters: dict[Literal["color", "creature_type", "exiled", "chapter", "basic_land_type", "card_name", "player"],
                    Union[Annotated[int, Field(ge=0, le=NUMBER_MAX)], str, list[str]]] = Field(
        description="color: a color; creature_type: a creature type; basic_land_type: a basic land type (305.6); card_name: "
                    "the name of a card (201.3: 'choose a card name'); player: a player ('choose an opponent', 'choose a "
                    "player', 614.12); exiled: the ids of the cards exiled; chapter: "
                    "702.155b, read ahead: the number of lore counters the Saga enters with (one to its final chapter "
                    "number)")


class ValueChoice(_Action):
    """608.2d: the value a player chooses as a spell or ability resolves ("the color of your choice", "the creature
    type of your choice", "the basic land type of your choice": engine/game/choice_ops.py)."""

    choice: dict[Literal["color", "creature_type", "basic_land_type", "source"], str] = Field(
        description="color: a color; creature_type: a creature type; basic_land_type: a basic land type (305.6); "
                    "source: the id of a permanent or of a spell on the stack, a source of damage (609.7a)")


class Arrange(_Action):
    """701.22a scry, 701.25a surveil: where the cards its player looks at go: ``top`` (in this order, the
    first on top), ``bottom`` (scry: in this order, the last at the bottom) or ``graveyard`` (surveil)."""

    arrange: dict[Literal["top", "bottom", "graveyard"], list[str]] = Field(
        description="top / bottom / graveyard: the ids of the cards looked at, each once")


class Search(_Action):
    """701.23a-b: the card a player finds searching their library, or null (none found: a card of a given
    quality may be left unfound)."""

    search: Union[str, list[str], None] = Field(description="the id of the card found, or null; the ids of the cards "
                                                            "found when the search is for up to several cards")


class Take(_Action):
    """401.2, 401.4: the cards a player puts into their hand from among the top cards of their library they
    look at ("look at the top four cards of your library. Put one of them into your hand ..."), and the
    order of the rest at the bottom when it is theirs to choose; 400.3: the card of their hand a player puts
    onto the battlefield ("you may put a land card from your hand onto the battlefield"); 701.39a: the creature
    a player bolsters, one of those tied for the least toughness among theirs ({take: [ID]}); 701.47a: the Army
    creature of theirs a player amasses on."""

    take: list[str] = Field(description="the ids of the cards taken (none: [] when the effect says 'you may')")
    rest: list[str] = Field(default_factory=list, description="the others, in the order they go to the bottom (the "
                                                              "last at the bottom); default: their order in the library")


class ProliferateChoice(_Action):
    """701.34a: the permanents and players a player chooses as they proliferate (any number of those with a
    counter, none included)."""

    proliferate: list[str] = Field(description="the ids of the permanents and the players chosen")


class ManaChoice(_Action):
    """106.1, 608.2d: the mana a player adds for an instruction that lets them choose it as it resolves ("add one mana
    of any color": {add: G}; "add two mana in any combination of colors": {add: WU})."""

    add: str = Field(pattern=r"^[WUBRGC]+$", description="the letters of the mana added (W, U, B, R, G, C)")
class Dredge(_Action):
    """702.52a (current official rules): as the player would draw a card, the card with dredge of their graveyard whose
    dredge replaces the draw (they mill N cards and return it to their hand), or null to draw (616.1: their choice)."""

    dredge: Optional[str] = Field(description="the id of the card of their graveyard that dredges, or null: they draw")


class KeepTapped(_Action):
    """502.3: in their untap step, the permanents with "You may choose not to untap this creature during your untap
    step" the active player chooses not to untap (the others untap; [] untaps them all)."""

    keep_tapped: list[str] = Field(description="the ids of the permanents that stay tapped")


class CopyTargets(_Action):
    """707.10c: "You may choose new targets for the copy": the copy's targets, as it is put on the stack, in the
    order of the copied spell's (each the copied spell's own at that place, legal or not, or a new legal one)."""

    copy_targets: list[str] = Field(description="the ids of the targets (players by name)")


class PairChoice(_Action):
    """702.95a (soulbond, the current official rules): as a soulbond ability resolves, the creature its controller
    pairs with the other one (any unpaired creature they control, or the creature that entered), or none: they may
    not."""

    pair: Optional[str] = Field(description="the id of the creature paired with the soulbond creature (or with the "
                                            "creature that entered), or null to decline")


class FlipResult(_Action):
    """705.1 (current official rules): the result of the coin flip a player makes as a spell or ability resolves ("Flip
    a coin. If you win the flip, ..."): whether they win or lose it (left out: drawn at random, seeded by the game,
    engine/game/random_ops.py)."""

    flip: Literal["win", "lose"] = Field(description="win: the call matches the result; lose: it doesn't")


class RollResult(_Action):
    """706 (current official rules): the result of the die a player rolls as a spell or ability resolves ("Roll a
    d20.": 1 to 20; a number the die can't show stops the game; left out: drawn at random, seeded by the game)."""

    roll: int = Field(ge=1, le=NUMBER_MAX, description="the number the die shows")


class RollPlanarDie(_Action):
    """116.2i (Planechase, 901 of the current official rules): the special action of rolling the planar die, by the
    active player with priority, the stack empty, in a main phase of their turn, for {N} (N: the times they performed
    it this turn); the result (901.9) given, or drawn at random (seeded by the game: engine/game/planechase.py)."""

    roll_planar_die: Literal[True] = Field(description="true")
    result: Optional[Literal["chaos", "planeswalk", "blank"]] = Field(
        default=None, description="the face the die shows: chaos (the chaos symbol: chaos ensues, 901.9b), planeswalk "
                                  "(the planeswalker symbol: the planeswalking ability triggers, 901.8) or blank; left "
                                  "out, drawn at random")
    tap: list[TapEntry] = Field(default_factory=list, description="permanents whose mana ability pays its cost")


class ClashOpponent(_Action):
    """701.30b: the opponent a player chooses to clash with ("clash with an opponent"), when they have several."""

    clash: str = Field(description="the opponent's name")


Action = Union[Pass, PlayLand, Cast, Activate, Attack, Block, AssignDamage, OrderTriggers, TriggerTargets, TriggerModes,
               Choose, Keep,
               Sacrifice, Discard, TurnFaceUp, AsEnters, MayAnswer, Arrange, Search, ProliferateChoice, ReturnChoice, Take,
               ManaChoice, CopyTargets, ValueChoice, Foretell, Dredge, KeepTapped, PairChoice, FlipResult, ClashOpponent, RollResult,
               RollPlanarDie, Plot, Suspend]
VERBS = {"pass": Pass, "play_land": PlayLand, "cast": Cast, "activate": Activate, "attack": Attack, "block": Block,
         "assign_damage": AssignDamage, "order_triggers": OrderTriggers, "trigger_targets": TriggerTargets,
         "trigger_modes": TriggerModes,
         "choose": Choose, "keep": Keep, "sacrifice": Sacrifice, "discard": Discard, "turn_face_up": TurnFaceUp,
         "as_enters": AsEnters, "may": MayAnswer, "arrange": Arrange, "search": Search,
         "proliferate": ProliferateChoice, "return": ReturnChoice, "take": Take,
         "add": ManaChoice, "copy_targets": CopyTargets, "choice": ValueChoice, "foretell": Foretell,
         "dredge": Dredge, "keep_tapped": KeepTapped, "pair": PairChoice, "flip": FlipResult, "clash": ClashOpponent, "roll": RollResult,
         "roll_planar_die": RollPlanarDie, "plot": Plot, "suspend": Suspend}
_AT = TypeAdapter(At)


def pydantic_error(e: ValidationError, file: str, prefix: str, model: Any = None) -> InputError:
    err = min(e.errors(), key=lambda x: (x["type"] != "extra_forbidden", len(x["loc"])))
    loc = pydantic_location(tuple(err["loc"]))
    where = prefix if loc == "(top level)" else f"{prefix}.{loc}"
    if err["type"] == "extra_forbidden":
        return InputError(file, where, "unknown field", unknown_key_fix(loc.rsplit(".", 1)[-1], (Action, At), "docs/play.md"))
    bound = bound_problem(model, err) if model is not None else None  # a number outside its range: the range named
    if bound is not None:
        return InputError(file, where, *bound)
    msg = err["msg"].removeprefix("Value error, ")
    got = err.get("input")  # what was given, as the line says what is wanted ("3" or true for a number)
    shown = f", got {got!r}" if err["type"].endswith("_type") and not isinstance(got, (dict, list)) else ""
    return InputError(file, where, msg[0].lower() + msg[1:] + shown, DOC)


def load_game(path: str | Path, library: CardLibrary) -> tuple[GameState, list[Action], Optional[At]]:
    return game_from_data(read_file(path), library, str(path))


def game_from_data(data: Any, library: CardLibrary, file: str) -> tuple[GameState, list[Action], Optional[At]]:
    if not isinstance(data, dict):
        raise InputError(file, "(top level)", "is not a mapping", f"write a board with 'actions:'; {DOC}")
    data = dict(data)
    given = "actions" in data
    raw_actions = data.pop("actions", None)
    if given and (raw_actions is None or raw_actions == []):  # issue 25: an empty list said nothing (left out: passes)
        raise InputError(file, "actions", "is empty", "list the actions, or leave 'actions' out to play the board "
                                                      f"with no action until 'until' (or the end of the turn); {DOC}")
    raw_actions = [] if raw_actions is None else raw_actions
    raw_until = data.pop("until", None)
    data.pop("expect", None)  # what the final state must be: read by the tests (tests/test_games.py), not here
    state = board_from_data(data, library, file)
    if not isinstance(raw_actions, list):
        raise InputError(file, "actions", "is not a list", f"write 'actions: [{{cast: ID}}, ...]'; {DOC}")
    future = _future_ids(state, library)  # computed once for the whole script, when an action needs it
    actions = [_action(a, i, file, state, library, future) for i, a in enumerate(raw_actions)]
    until = None
    if raw_until is not None:
        try:
            until = _AT.validate_python(raw_until, strict=True)
        except ValidationError as e:
            raise pydantic_error(e, file, "until", At) from None
        if until.step is None:
            raise InputError(file, "until.step", "is required", "name the step where the game stops, e.g. 'end'")
    return state, actions, until


def _future_ids(state: GameState, library: CardLibrary | None) -> Callable[[], set[str]]:
    """The ids of the tokens the game may create (111.1): a token of the library, or a token copy of a card of
    the board (707.2), each named by its name's slug (then _2, _3 ...). Read once, the first time an action names
    an id that is not on the board: every card of the library is looked at (the card database's compiled cards
    too), the same for each action of the script."""
    @lru_cache(maxsize=1)
    def future() -> set[str]:
        tokens = {slug(n) for n in (library.names() if library is not None else ()) if library.get(n).token}
        return tokens | {slug(o.card_name) for o in state.objects.values() if o.card_name}

    return future


def _action(raw: Any, i: int, file: str, state: GameState, library: CardLibrary | None = None,
            future: Callable[[], set[str]] | None = None) -> Action:
    future = future or _future_ids(state, library)
    where = f"actions[{i}]"
    if not isinstance(raw, dict):
        raise InputError(file, where, "is not a mapping", f"write one action, e.g. '{{cast: lightning_bolt}}'; {DOC}")
    verbs = [k for k in raw if k in VERBS]
    if len(verbs) != 1:
        found = "no action" if not verbs else "several actions (" + ", ".join(verbs) + ")"
        raise InputError(file, where, f"has {found}", "give exactly one of " + ", ".join(VERBS))
    try:
        action = VERBS[verbs[0]].model_validate(raw, strict=True)  # no "3" or true taken as a number
    except ValidationError as e:
        raise pydantic_error(e, file, where, VERBS[verbs[0]]) from None
    names = set(state.player_names)
    if action.by is not None and action.by not in names:
        raise InputError(file, f"{where}.by", f"names {action.by!r}, who is not a player", "name one of " + ", ".join(sorted(names)))
    if isinstance(action, ClashOpponent) and action.clash not in names:  # 701.30b: an opponent, a player
        raise InputError(file, f"{where}.clash", f"names {action.clash!r}, who is not a player", "name one of " + ", ".join(sorted(names)))
    ids = set(state.objects)
    # a token the game will create gets the id of its name's slug, then _2, _3 ... (_future_ids)

    def known(field: str, x: str, players: bool = False, later: bool = True) -> None:
        # (or a token its effect's text defines, 111.4: named by its subtypes and the word Token)
        if later and x not in ids and (re.sub(r"_\d+$", "", x) in future() or re.sub(r"_\d+$", "", x).endswith("_token")
                                       # an ability on the stack (113.3b-c): its source's id, then _ability, _ability_2 ...
                                       or re.sub(r"_ability(_\d+)?$", "", x) in ids):
            return  # checked when the action comes (an object that isn't there then: the action is refused)
        if x not in ids and not (players and x in names):
            raise InputError(file, f"{where}.{field}", f"names {x!r}, which is not on the board",
                             "use an id shown by 'mtgjudge show' on the game file" + (" or a player" if players else ""))
    for name in ("play_land", "cast", "activate", "keep", "sacrifice", "turn_face_up"):
        if getattr(action, name, None) is not None:  # (a card to cast or play is there from the start)
            known(name, getattr(action, name), later=name not in ("play_land", "cast"))
    if isinstance(action, Activate):  # the reference of an ability (engine/game/ability_refs.py)
        _ability_reference(action, where, file)
        for name in ("printed_by", "granted_by"):
            if getattr(action, name) is not None:
                known(name, getattr(action, name))
    for t in getattr(action, "targets", []):
        known("targets", t, players=True)
    for k, t in enumerate(getattr(action, "tap", [])):
        if isinstance(t, dict):  # {id: the mana letter chosen}
            (t, letter), = t.items()
            if not letter or any(x not in MANA_LETTERS for x in letter):  # (several: "two mana in any combination")
                raise InputError(file, f"{where}.tap[{k}].{t}", f"{letter!r} is not a mana letter",
                                 "write one of " + ", ".join(MANA_LETTERS))
        known("tap", t)
    for name in ("sacrificing", "tapping", "discarding", "exiling"):
        for t in getattr(action, name, []):
            known(name, t)
    if isinstance(action, Attack):
        for c, d in action.attack.items():
            known(f"attack.{c}", c)
            known(f"attack.{c}", d, players=True)
    if isinstance(action, Block):
        for b, a in action.block.items():
            known(f"block.{b}", b)
            for x in (a if isinstance(a, list) else [a]):
                known(f"block.{b}", x)
    if isinstance(action, AssignDamage):
        for c, to in action.assign_damage.items():
            known(f"assign_damage.{c}", c)
            for r in to:
                known(f"assign_damage.{c}.{r}", r, players=True)
    if isinstance(action, TriggerTargets):
        for key, ts in action.trigger_targets.items():
            for t in ts:
                known(f"trigger_targets.{key}", t, players=True)
    if isinstance(action, CopyTargets):
        for t in action.copy_targets:
            known("copy_targets", t, players=True)
    if isinstance(action, Discard):
        for c in action.discard:
            known("discard", c)
    if isinstance(action, Cast) and library is not None:
        _cast_options(action, where, file, state, library)
    return action


def _ability_reference(act: Activate, where: str, file: str) -> None:
    """``printed_by`` or ``granted_by`` completes an ``ability: N`` (engine/game/ability_refs.py): one of them, with it."""
    if act.printed_by is not None and act.granted_by is not None:
        raise InputError(file, f"{where}.granted_by", "is given with printed_by: an ability is printed or granted",
                         "keep the one 'mtgjudge show' lists for the ability")
    for name in ("printed_by", "granted_by"):
        if getattr(act, name) is not None and act.ability is None:
            raise InputError(file, f"{where}.{name}", "is given without 'ability'",
                             f"write 'ability: N, {name}: ID' (N: the ability's number there, as 'mtgjudge show' lists it)")


def _cast_options(act: Cast, where: str, file: str, state: GameState, library: CardLibrary) -> None:
    """The options a cast action asks for are the card's: an Adventure (715), morph (702.37), bestow
    (702.103), kicker (702.33), {X} in the cost it is cast for (107.3), modes (700.2), a division of
    damage (601.2d). Whether they are legal choices now is the game's to say (601.2b-e)."""
    o = state.objects[act.cast]
    card = library.get(o.card_name) if o.card_name else None
    if card is None:
        return
    name = card.name

    def bad(field: str, problem: str, fix: str) -> InputError:
        return InputError(file, f"{where}.{field}", problem, fix)

    def keyword(face, *names: str):
        return next((a for a in face.abilities if isinstance(a, KeywordAbility) and a.keyword in names), None)

    face = card
    if act.adventure:
        if card.adventure is None:
            raise bad("adventure", f"{name} is not an adventurer card (715)", "remove 'adventure: true'")
        face = card.adventure
    if act.face_down and keyword(card, "morph", "megamorph", "disguise") is None:  # 702.168a: disguise too
        raise bad("face_down", f"{name} has no morph or disguise ability (702.37, 702.168): it can't be cast face down",
                  "remove 'face_down: true'")
    if act.bestow and keyword(card, "bestow") is None:
        raise bad("bestow", f"{name} has no bestow ability (702.103)", "remove 'bestow: true'")
    if act.kicked and keyword(face, "kicker") is None:
        raise bad("kicked", f"{face.name} has no kicker ability (702.33)", "remove 'kicked: true'")
    # (casualty and conspire an effect may give the spell, 613.1f: the loop checks those as it is cast,
    # engine/game/optional_costs.py with engine/game/spell_keywords.py)
    for field, kw, rule in (("bargain", "bargain", "702.166"),):
        if getattr(act, field) and keyword(face, kw) is None:
            raise bad(field, f"{face.name} has no {kw} ability ({rule})", f"remove '{field}: true'")
    cost = "{3}" if act.face_down else keyword(card, "bestow").cost if act.bestow else face.mana_cost
    extra_x = not act.face_down and any(getattr(a, "costs", None) is not None and a.costs.additional is not None
                                        and a.costs.additional.count == "x" for a in face.abilities)  # 107.3a
    if act.x is not None and "{X}" not in (cost or "").upper() and not extra_x:
        raise bad("x", f"the cost {name} is cast for ({cost or 'none'}) has no {{X}}", "remove 'x'")
    spells = [] if act.face_down else [a for a in face.abilities if a.kind == "spell"]
    modal = any(getattr(a, "modes", None) is not None for a in spells)
    count = sum(a.text.lstrip().startswith("•") for a in spells)
    if act.modes and not modal:
        raise bad("modes", f"{face.name} is not a modal spell (700.2)", "remove 'modes'")
    for m in act.modes:
        if m > count:
            raise bad("modes", f"{face.name} has {count} modes, not a mode {m}", f"name modes 1 to {count}")
    divides = any(op.op in ("divided_damage", "divided_counters") for a in spells for op in (a.one_shot or ()))
    if act.divide and not divides:
        raise bad("divide", f"{face.name} doesn't divide damage or counters among its targets (601.2d)", "remove 'divide'")
    for t in act.divide:
        if t not in act.targets:
            raise bad("divide", f"names {t!r}, which is not one of the action's targets",
                      "divide the damage among the targets the action names")
