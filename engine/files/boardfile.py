"""The board file format (YAML or JSON), validated by these typed models.

The JSON Schema in ``engine/schemas/board.schema.json`` is generated from these models
(``mtgjudge schema board``) and documented in ``docs/board-format.md``. Structural checks
(types, required fields, ranges) live here; checks that need the card library or the whole
board (unknown cards, ids, references) live in :mod:`engine.files.loader`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from engine.files.ranges import Life  # life totals: -1,000,000 to 1,000,000 (ranges.py says why)
from engine.files.yamlio import NUMBER_MAX  # the one bound of every number a user gives (clingo's 32-bit integers)

Scalar = Union[str, Annotated[int, Field(ge=-NUMBER_MAX, le=NUMBER_MAX)], bool]  # (a number chosen: X, a count)
ChoiceValue = Union[Scalar, list[Scalar]]
Choices = Annotated[
    dict[str, ChoiceValue],
    Field(description="choices made for the object or effect, e.g. {creature_type: Elf, color: red}"),
]
Counters = Annotated[
    dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]],
    Field(description='counters by kind, e.g. {"+1/+1": 2, loyalty: 3}; never negative (122.1)'),
]
Step = Literal["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
               "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main", "end",
               "cleanup"]
Duration = Literal[
    "end_of_turn", "end_of_combat", "until_your_next_turn", "indefinite",
    "while_source_on_battlefield", "while_you_control_source", "while_source_tapped",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardEntry(_Strict):
    """A card in a hidden or non-battlefield zone, when it needs an id: ``{card: NAME, id: ID}``."""

    card: str = Field(min_length=1, description="a library card name (exact, case-insensitive)")
    id: str | None = Field(default=None, min_length=1, description="the object's id (default: from the name)")


ZoneCard = Union[str, CardEntry]
ZoneMap = Annotated[
    dict[str, list[ZoneCard]],
    Field(description="player name to a list of card names or {card, id} entries (libraries top first)"),
]


class Permanent(_Strict):
    """A permanent on the battlefield (110)."""

    card: str = Field(min_length=1, description="a library card or token definition name (exact, case-insensitive)")
    controller: str = Field(min_length=1, description="the player who controls it (108.4)")
    owner: str | None = Field(default=None, description="its owner (108.3); default: the controller")
    id: str | None = Field(default=None, min_length=1, description="its id; default: the name lower-cased with _ (and _2, _3 ...)")
    timestamp: int | None = Field(default=None, ge=1, le=NUMBER_MAX, description="its timestamp (613.7); default: its 1-based position")
    tapped: bool = False
    summoning_sick: bool = Field(default=False, description="not continuously controlled since the turn began (302.6)")
    counters: Counters = Field(default_factory=dict)
    attached_to: str | None = Field(default=None, description="the id of the object or player it is attached to (301.5, 303.4)")
    token: bool = Field(default=False, description="a token (111) made from a library card or token definition")
    face_down: bool = Field(default=False, description="face down (708)")
    renowned: bool = Field(default=False, description="renowned (702.112b: a designation renown gives)")
    monstrous: bool = Field(default=False, description="monstrous (701.37b: a designation monstrosity gives)")
    commander: bool = Field(default=False, description="its owner's commander (903.3: a designation the card keeps in "
                                                       "every zone)")
    paired_with: str | None = Field(default=None, description="the id of the creature it is paired with (702.95b, "
                                                               "soulbond: both say it; the player controlling both "
                                                               "paired them, 702.95d)")
    saddled: bool = Field(default=False, description="saddled (702.171b: a designation saddle gives, until end of turn)")
    entered_this_turn: bool = Field(default=False, description="it entered the battlefield this turn ('as long as it "
                                                              "entered this turn', read by the layers)")
    dash_paid: bool = Field(default=False, description="702.109a: its dash cost was paid (it was cast for its dash cost "
                                                       "and has been on the battlefield since)")
    blitz_paid: bool = Field(default=False, description="702.152a: its blitz cost was paid (it was cast for its blitz "
                                                        "cost and has been on the battlefield since)")
    prototyped: bool = Field(default=False, description="718.3b: it was cast prototyped (a prototype card): it has the "
                                                        "prototype mana cost, power and toughness and that cost's colors")
    copy_of: str | None = Field(default=None, description="the id of the permanent it entered as a copy of (614.1c, 707.2): "
                                "a creature under Essence of the Wild, a token of Rite of Replication")
    damage: int = Field(default=0, ge=0, le=NUMBER_MAX, description="damage marked on it (120.3)")
    choices: Choices = Field(default_factory=dict)
    definition: Optional[dict[str, Any]] = Field(
        default=None, description="a token whose characteristics the effect that created it defined (111.4: 'a 1/1 "
                                  "white Soldier creature token'; 'with haste'; Kalitas's power): its copiable values, "
                                  "a card file map (docs/card-format.md) named like `card`, with token: true; "
                                  "`--out` writes it for such a token")


class Effect(_Strict):
    """A continuous effect created by a resolved spell or ability (611.2)."""

    from_: str = Field(alias="from", min_length=1, description="the card whose spell or ability created it")
    ability: int | None = Field(default=None, ge=1, le=NUMBER_MAX, description="1-based index among the card's abilities (needed when it has several)")
    controller: str = Field(min_length=1, description="the controller of the spell or ability")
    source: str | None = Field(
        default=None, description="the id of the object whose ability created it, when it has one ('this land')"
    )
    definition: Optional[dict[str, Any]] = Field(
        default=None, description="when `from` is a token whose characteristics an effect defined (111.4): its "
                                  "copiable values, a card file map (docs/card-format.md) named like `from`, with "
                                  "token: true; `--out` writes it")
    targets: list[str] = Field(default_factory=list, description="target ids or player names")
    affected: list[str] | None = Field(
        default=None,
        description="611.2c: the objects it affects, fixed when it began (in any zone: a card an ability puts onto the "
                    "battlefield is affected as it enters, 611.2e); omit to let the program find them on the board",
    )
    choices: Choices = Field(default_factory=dict)
    timestamp: int | None = Field(default=None, ge=1, le=NUMBER_MAX, description="default: after every permanent, in list order")
    duration: Duration = Field(default="end_of_turn", description="how long it lasts (611.2a-b)")
    remaining: int | None = Field(default=None, ge=0, le=NUMBER_MAX, description="what is left of a 'prevent the next N damage' shield (615.7)")


class Emblem(_Strict):
    """An emblem in a player's command zone (114.1, 114.2: owned and controlled by the player who got it; 114.4: its
    ability functions there for the rest of the game). Its ability is that of the ability that made it."""

    owner: str = Field(min_length=1, description="the player who got the emblem: its owner and controller (114.2)")
    from_: str = Field(alias="from", min_length=1, description="the card whose ability made it ('You get an emblem "
                                                                 "with ...', an ability with emblem: true)")
    ability: int | None = Field(default=None, ge=1, le=NUMBER_MAX, description="1-based index of that ability among the card's "
                                                                "abilities (needed when it has several)")
    timestamp: int | None = Field(default=None, ge=1, le=NUMBER_MAX, description="its timestamp (613.7d: as it was put "
                                  "into the command zone); default: after every permanent and effect, in list order")


class StackSpell(_Strict):
    """A spell on the stack (112)."""

    card: str = Field(min_length=1)
    controller: str = Field(min_length=1)
    id: str | None = Field(default=None, min_length=1)
    targets: list[str] = Field(default_factory=list)
    choices: Choices = Field(default_factory=dict)


class StackAbility(_Strict):
    """An activated or triggered ability on the stack (113.7)."""

    ability_of: str = Field(min_length=1, description="the id of the object whose ability it is")
    ability: int = Field(ge=1, le=NUMBER_MAX, description="1-based index among that object's abilities")
    controller: str = Field(min_length=1)
    id: str | None = Field(default=None, min_length=1)
    targets: list[str] = Field(default_factory=list)
    choices: Choices = Field(default_factory=dict)


def _stack_kind(v: Any) -> str:
    if isinstance(v, dict):
        return "ability" if "ability_of" in v else "spell"
    return "ability" if hasattr(v, "ability_of") else "spell"


StackEntry = Annotated[
    Union[Annotated[StackSpell, Tag("spell")], Annotated[StackAbility, Tag("ability")]],
    Discriminator(_stack_kind),
]


class Combat(_Strict):
    """The combat in progress (506-511)."""

    attackers: dict[str, str] = Field(default_factory=dict, description="attacker id to the player, planeswalker or battle it attacks")
    blockers: dict[str, Union[str, list[str]]] = Field(default_factory=dict, description="blocker id to the attacker id(s) it blocks")
    entered_attacking: list[str] = Field(default_factory=list, description="ids put onto the battlefield attacking (508.4)")
    entered_blocking: list[str] = Field(default_factory=list, description="ids put onto the battlefield blocking (509.4)")
    bands: list[list[str]] = Field(default_factory=list, description="attacking bands (702.22c), each a list of attacker ids")
    blocked: list[str] = Field(default_factory=list, description="attackers that are blocked though no creature blocks them any more (509.1h, 506.4)")
    first_strikers: Union[list[str], None] = Field(default=None, description="after the first combat damage step: the creatures that had first strike or double strike as it began (510.4); the next combat damage step is the second")


class BoardFile(_Strict):
    """A board: the players, the zones, the continuous effects and the combat."""

    players: list[Annotated[str, Field(min_length=1)]] = Field(min_length=1, description="player names, in seat order (101.4)")
    active: str | None = Field(default=None, description="the active player (102.1); default: the first player")
    life: Union[Life, dict[str, Life]] = Field(default=20, description="life for every player, or a map player to life (119)")
    player_counters: dict[str, Counters] = Field(default_factory=dict, description="counters on players, e.g. {bob: {poison: 3}} (122.1)")
    attack_option: Literal["multiple", "left", "right"] = Field(
        default="multiple",
        description="the multiplayer attack option: attack multiple players (802, the default), or left/right (803)",
    )
    battlefield: list[Permanent] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    emblems: list[Emblem] = Field(default_factory=list, description="the emblems in the players' command zones "
                                  "(114), e.g. [{owner: alice, from: Ajani Steadfast, ability: 3}]")
    hand: ZoneMap = Field(default_factory=dict)
    graveyard: ZoneMap = Field(default_factory=dict)
    exile: ZoneMap = Field(default_factory=dict)
    library: ZoneMap = Field(default_factory=dict)
    command: ZoneMap = Field(default_factory=dict)
    stack: list[StackEntry] = Field(default_factory=list, description="the stack, bottom first")
    combat: Combat | None = None
    turn: int = Field(default=1, ge=1, le=NUMBER_MAX, description="the turn number (500.1); for mtgjudge play")
    step: Optional[Step] = Field(default=None, description="the current step (500.1); for mtgjudge play, which starts "
                                                          "there (default: the untap step)")
    mana_pool: dict[str, Annotated[str, Field(pattern=r"^(\{[WUBRGC]\})*$")]] = Field(
        default_factory=dict, description="mana in each player's pool, e.g. {alice: '{R}{R}'} (106.4)")
    lands_played: int = Field(default=0, ge=0, le=NUMBER_MAX, description="lands the active player has played this turn (305.2)")
    left_battlefield_this_turn: list[str] = Field(
        default_factory=list, description="the players who controlled a permanent that left the battlefield this turn "
                                          "(Revolt: 'if a permanent you controlled left the battlefield this turn')")
    drawn_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the cards each player has drawn this turn (121.1: 'as long as you've drawn "
                                          "two or more cards this turn'), e.g. {alice: 2}")
    spells_cast_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the spells each player has cast this turn (603.4: 'if no spells were cast "
                                          "last turn'; 502.2), e.g. {alice: 1}")
    spells_cast_last_turn: Optional[dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]]] = Field(
        default=None, description="the spells each player cast last turn, e.g. {alice: 0, bob: 2} (603.4, 502.2); "
                                  "default: not said (a game that needs it from before the board stops, naming it)")
    day_night: Optional[Literal["day", "night"]] = Field(
        default=None, description="502.2, 702.145: it is day or night (default: neither, as a game begins)")
    attacked_this_turn: list[str] = Field(
        default_factory=list, description="the players who attacked this turn (508.1: raid, 'if you attacked this turn')")
    died_this_turn: list[str] = Field(
        default_factory=list, description="the controllers of the creatures that died this turn, one entry for each "
                                          "(700.4: morbid, 'for each creature that died this turn')")
    lost_life_this_turn: list[str] = Field(
        default_factory=list, description="the players who lost life this turn (119.3: 'if an opponent lost life this turn')")
    gained_life_this_turn: list[str] = Field(
        default_factory=list, description="the players who gained life this turn (119.3: 'as long as you gained life "
                                          "this turn', read by the layers)")
    dealt_damage_this_turn: list[str] = Field(
        default_factory=list, description="the players who have been dealt damage this turn (120.3; bloodthirst, "
                                          "702.54a: 'if an opponent was dealt damage this turn')")
    # issue 21, the turn's history (engine/game/history.py)
    life_gained_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the life each player has gained this turn in all (119.9-119.10: 'if you "
                                          "gained 3 or more life this turn'), e.g. {alice: 4}")
    life_lost_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the life each player has lost this turn in all (119.3: 'if a player lost 4 "
                                          "or more life this turn'), e.g. {bob: 3}")
    nonland_entered_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the nonland permanents that entered the battlefield under each player's "
                                          "control this turn (celebration: 'as long as two or more nonland permanents "
                                          "entered the battlefield under your control this turn'), e.g. {alice: 2}")
    # engine/game/turn_records.py: more of the turn's record (objects by id)
    creatures_entered_this_turn: dict[str, list[str]] = Field(
        default_factory=dict, description="the creatures that entered the battlefield under each player's control this "
                                          "turn (400.7: 'as long as another creature entered the battlefield under your "
                                          "control this turn'), e.g. {alice: [bears]}; '-' for one that is no longer "
                                          "that object or no object at all (400.7: a creature that died, a token gone)")
    attacked_with_this_turn: list[str] = Field(
        default_factory=list, description="the creatures declared as attackers this turn (508.1a: 'as long as it "
                                          "attacked this turn')")
    sacrificed_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the permanents each player sacrificed this turn (701.21a: 'as long as you "
                                          "sacrificed a permanent this turn'), e.g. {alice: 1}")
    to_graveyard_this_turn: int = Field(
        default=0, ge=0, le=NUMBER_MAX, description="the permanents put into a graveyard from the battlefield this turn, "
                                                   "tokens too (702.69a: gravestorm)")
    noncreature_cast_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the noncreature spells each player cast this turn (601.2i: 'as long as "
                                          "you've cast two or more noncreature spells this turn'), e.g. {alice: 2}")
    instant_sorcery_cast_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the instant and sorcery spells each player cast this turn (601.2i: 'as long "
                                          "as you've cast an instant or sorcery spell this turn'), e.g. {alice: 1}")
    crimes_this_turn: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the crimes each player committed this turn (700.13, the current official "
                                          "rules: 'as long as you've committed a crime this turn'), e.g. {alice: 1}")
    dealt_damage_objects: list[str] = Field(
        default_factory=list, description="the objects that have dealt damage since they became the objects they are "
                                          "(120.3, 400.7: 'if it hasn't dealt damage yet'), kept from turn to turn")
    speed: dict[str, Annotated[int, Field(ge=1, le=4)]] = Field(
        default_factory=dict, description="each player's speed (702.179, start your engines!, current official rules: "
                                          "1 to 4, 702.178: 4 is max speed; a player not listed has no speed), e.g. "
                                          "{alice: 2}")
    ring_tempted: dict[str, Annotated[int, Field(ge=1, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="the times the Ring has tempted each player (701.54c, current official rules: "
                                          "their emblem named The Ring has its first N abilities, at most 4; a player "
                                          "not listed has no emblem), e.g. {alice: 2}")
    ring_bearer: dict[str, str] = Field(
        default_factory=dict, description="each player's Ring-bearer (701.54a, current official rules): the id of a "
                                          "creature on the battlefield that player controls; a player listed has a "
                                          "ring_tempted entry, e.g. {alice: frodo}")
    descended_this_turn: list[str] = Field(
        default_factory=list, description="the players who descended this turn (700.11, descend: a "
                                          "permanent card was put into their graveyard from anywhere this turn)")
    monarch: Optional[str] = Field(
        default=None, description="the player who is the monarch (722.1, current official rules; default: no monarch, "
                                  "as a game begins)")
    city_blessing: list[str] = Field(
        default_factory=list, description="the players who have the city's blessing (702.131c, ascend, current "
                                          "official rules: a designation kept for the rest of the game)")
    # Planechase (901 of the current official rules; the French seed text has no 901: its 311, 312, 701.31, 116.2i)
    planar_deck: ZoneMap = Field(
        default_factory=dict, description="Planechase: each player's planar deck, plane and phenomenon cards, top first "
                                          "(311.2, 312.2: in the command zone, face down); the face-up plane or "
                                          "phenomenon is a plane or phenomenon card of `command` (its owner's)")
    planar_die_rolls: dict[str, Annotated[int, Field(ge=0, le=NUMBER_MAX)]] = Field(
        default_factory=dict, description="Planechase: the times each player has rolled the planar die as the special "
                                          "action this turn (116.2i: the next roll costs that much generic mana), "
                                          "e.g. {alice: 1}")
    starting_life: int = Field(default=20, ge=1, le=NUMBER_MAX, description="each player's starting life total (103.4: 20 in a "
                                                             "two-player game, 40 in Commander, 903.7)")
    archenemy: Optional[str] = Field(
        default=None, description="the archenemy of an Archenemy game (904, current official rules; default: no "
                                  "Archenemy game)")
    scheme_deck: list[Annotated[str, Field(min_length=1)]] = Field(
        default_factory=list, description="the archenemy's scheme deck, top first: the ids of scheme cards the "
                                          "archenemy owns in the command zone (314.2), face down; the archenemy's "
                                          "other scheme cards there are face up (701.32)")


def board_json_schema() -> dict:
    schema = BoardFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtgjudge board file"
    return schema
