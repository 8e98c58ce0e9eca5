"""Selectors (109, 700.1 "objects"): which objects an effect, a rule or a count is about, and the
numbers counted on them (611.2d, 608.2h) - the vocabulary every other part of the card format uses
(continuous effects, replacement effects, combat rules, one-shot effects, triggers). Its semantics is
the programs' (asp_rules/layers.lp, replace.lp, attack.lp, block.lp) and, where Python must evaluate
one, bridge/selectors.py's.
"""

from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

Color = Literal["white", "blue", "black", "red", "green"]
CardType = Literal[
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
    "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard",
]
Supertype = Literal["Basic", "Legendary", "Ongoing", "Snow", "World"]
Zone = Literal["battlefield", "graveyard", "hand", "library", "exile", "stack", "command", "anywhere", "not_battlefield"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# the comparisons of a selector (208.1, 202.3): the game loop reads them (bridge/selectors.py compare); an ability that
# hands one to a program (a continuous effect, a combat rule, a replacement effect) is not compiled
# (engine/vocab/oracle/compile.py): the programs don't read them (613.8: a power read in the layers is layer 7's)
COMPARISONS = ("power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least", "mana_value_at_most",
               "mana_value_at_least")


class Selector(_Strict):
    """Which objects: a starting set, narrowed by every filter given (all must hold).

    Starting set: ``self`` (the source), ``attached`` (the object the source is attached to:
    "enchanted creature", "equipped creature"), ``targets`` (the targets of the spell or ability
    that created the effect), ``any_of`` (the union of several selectors); otherwise every object
    in ``zone`` (default: the battlefield).
    """

    self_: bool = Field(default=False, alias="self", description="the source itself ('this creature')")
    attached: bool = Field(default=False, description="the object the source is attached to")
    targets: bool = Field(default=False, description="the targets of the spell or ability")
    that: bool = Field(default=False, description="603.2, 611.2c: the object the event that triggered the ability was "
                                                  "about ('Whenever another creature you control enters, that creature "
                                                  "gains haste until end of turn'), if it is still that object on the "
                                                  "battlefield (400.7); the set fixed as the ability resolves")
    any_of: list["Selector"] = Field(default_factory=list, description="the union of these selectors")
    exiled_with: bool = Field(default=False, description="the cards exiled with the source's linked ability (607.2a: "
                                                         "'the exiled cards' of Sutured Ghoul; the source's "
                                                         "choices.exiled)")
    chosen_source: bool = Field(default=False, description="609.7a: the source of damage its controller chose as the spell "
                                                           "or ability that created the effect resolved (choices.source, "
                                                           "choice_ops.py), while it is that object (400.7; a permanent "
                                                           "spell chosen: the permanent it becomes too)")
    paired: bool = Field(default=False, description="702.95e (the current official rules): the source and the creature "
                                                     "it is paired with (soulbond, 702.95b-c: 'each of those creatures', "
                                                     "'both creatures'); none while the source is unpaired (702.95d)")
    zone: Zone = Field(default="battlefield")
    types: list[CardType] = Field(default_factory=list, description="has every one of these card types")
    any_types: list[CardType] = Field(default_factory=list, description="has at least one of these card types")
    not_types: list[CardType] = Field(default_factory=list, description="has none of these card types")
    subtypes: list[str] = Field(default_factory=list, description="has at least one of these subtypes")
    not_subtypes: list[str] = Field(default_factory=list, description="has none of these subtypes")
    supertypes: list[Supertype] = Field(default_factory=list, description="has every one of these supertypes")
    not_supertypes: list[Supertype] = Field(default_factory=list, description="has none of these supertypes")
    colors: list[Color] = Field(default_factory=list, description="has at least one of these colors")
    not_colors: list[Color] = Field(default_factory=list, description="has none of these colors")
    chosen_color: bool = Field(default=False, description="is the color chosen for the source (choices.color)")
    chosen_creature_type: bool = Field(default=False, description="has the creature type chosen for the source "
                                                                  "(choices.creature_type: 'of the chosen type')")
    not_chosen_creature_type: bool = Field(default=False, description="doesn't have the creature type chosen for the "
                                                                      "source ('creatures that aren't of the chosen "
                                                                      "type', 205.3m: a changeling has it)")
    chosen_name: bool = Field(default=False, description="201.2a: has the card name chosen for the source as it "
                                                         "entered (614.12, 201.3: its choices.card_name, 'with the "
                                                         "chosen name'); matched by the game loop's selectors only "
                                                         "(bridge/selectors.py), never in a continuous effect's")
    keywords: list[str] = Field(default_factory=list, description="has every one of these keywords (a keyword's name, "
                                "'landwalk', or in combat rules its words, 'islandwalk')")
    not_keywords: list[str] = Field(default_factory=list, description="has none of these keywords (same forms)")
    controller: Optional[Literal["you", "opponent"]] = Field(default=None, description="controlled by the effect's controller, or an opponent")
    owner: Optional[Literal["you", "opponent"]] = Field(default=None, description="owned by the effect's controller, or an opponent")
    other: bool = Field(default=False, description="not the source ('other', 'each other')")
    token: Optional[bool] = Field(default=None, description="true: tokens only; false: nontoken only")
    counter: Optional[str] = Field(default=None, description="has at least one counter of this kind; any: of any kind "
                                                            "('with counters on them', 122.1)")
    mana_value: Optional[Literal["even", "odd"]] = Field(
        default=None, description="has an even or an odd mana value (202.3; 0 is even: a token or a land, "
                                  "a face-down permanent, 708.2)")
    power_at_most: Optional[int] = Field(default=None, description="has a power and it is this or less (208.1, as it "
                                         "is after the layers: 'with power 2 or less'; an object with no power doesn't "
                                         "match); read by the game loop only, never in an effect of the layers or the "
                                         "combat and replace programs (613.8: power is layer 7's)")
    power_at_least: Optional[int] = Field(default=None, description="has a power and it is this or greater (208.1: "
                                          "'with power 4 or greater'; as power_at_most)")
    toughness_at_most: Optional[int] = Field(default=None, description="has a toughness and it is this or less (208.1: "
                                             "'with toughness 2 or less'; as power_at_most)")
    toughness_at_least: Optional[int] = Field(default=None, description="has a toughness and it is this or greater "
                                              "(208.1: 'with toughness 4 or greater'; as power_at_most)")
    mana_value_at_most: Optional[int] = Field(default=None, description="its mana value is this or less (202.3: 'with "
                                              "mana value 3 or less'; 0 for a token with no mana cost, a land, a "
                                              "face-down permanent, 708.2; read as power_at_most is)")
    mana_value_at_least: Optional[int] = Field(default=None, description="its mana value is this or greater (202.3: "
                                               "'with mana value 4 or greater'; as mana_value_at_most)")
    attacking: Optional[bool] = Field(default=None, description="true: attacking creatures only (506.4); false: not attacking")
    blocking: Optional[bool] = Field(default=None, description="true: blocking creatures only (506.4); false: not blocking")
    attacking_player: Optional[Literal["you", "opponent", "enchanted"]] = Field(
        default=None, description="attacking that player (506.3, 508.1b: the player a creature attacks, not a planeswalker "
                                  "or battle): the effect's controller ('Creatures attacking you get -1/-0'), one of "
                                  "its opponents ('Creatures attacking your opponents have double strike'), or the player "
                                  "the source (a Curse) enchants ('Creatures attacking enchanted player have trample', "
                                  "303.4)")
    entered_this_turn: bool = Field(
        default=False, description="a permanent that entered the battlefield this turn (the game loop marks it as it "
                                   "enters, 400.7: a new object; a board's entered_this_turn): 'Creatures you control "
                                   "that entered this turn have double strike'")
    all_subtypes: list[str] = Field(default_factory=list, description="has every one of these subtypes (205.3m: "
                                    "'Eldrazi Spawn creatures you control', each an Eldrazi and a Spawn)")
    no_abilities: bool = Field(
        default=False, description="has no abilities (113.1, 613.1f: after the effects of layer 6; keywords, quoted and "
                                   "printed abilities all count): 'Creatures with no abilities get +2/+2'")
    enchanted_player_controls: bool = Field(
        default=False, description="controlled by the player the source enchants (303.4, 702.5d: an Aura with 'Enchant "
                                   "player', a Curse: 'Creatures enchanted player controls get -1/-1'); none while it "
                                   "enchants no player")
    combat_with: Optional[Literal["self", "attached"]] = Field(
        default=None, description="blocking or blocked by the source, or by the object the source is attached to "
                                  "(509.1a, 506.4: a blocking creature and the attacking creature it blocks): 'Creatures "
                                  "blocking or blocked by this creature have lifelink', with blocking: true 'two or "
                                  "more creatures are blocking it', 'as long as it's blocking or blocked by a Goblin'")
    top_of_graveyard: bool = Field(default=False, description="the top card of its owner's graveyard only (404.2; "
                                   "with zone: graveyard and owner: you, 'the top card of your graveyard')")
    multicolored: Optional[bool] = Field(default=None, description="true: two or more colors only (105.2: "
                                                                   "'multicolored creatures'); false: one color or none")
    has_attached: list[str] = Field(default_factory=list, description="an object with one of these subtypes is "
                                    "attached to it: Aura, 'enchanted creatures you control' (303.4), Equipment, "
                                    "'equipped creatures' (301.5a); the attached objects' subtypes as they are when "
                                    "the selector is read (the layers: in effects of layers 5-7)")
    modified: bool = Field(default=False, description="is modified (700.9): one or more counters on it, equipped, or "
                                                      "enchanted by an Aura its controller controls; the attached "
                                                      "objects' subtypes and controllers as they are when the selector "
                                                      "is read (the layers: in effects of layers 5-7)")
    tapped: Optional[bool] = Field(default=None, description="true: tapped permanents only; false: untapped only (110.5)")
    face_down: bool = Field(default=False, description="is a face-down permanent (708.2: 'Face-down creatures you "
                                                       "control', 'for each face-down creature on the battlefield')")
    owned_by_attached_controller: bool = Field(
        default=False, description="owned by the player who controls the object the source is attached to (404.1, "
                                   "402.1: 'for each card in its controller's hand', 'the number of creature cards in its "
                                   "controller's graveyard' of an Aura; none attached: nothing matches)")
    chosen_player: Optional[Literal["controls", "owns"]] = Field(
        default=None, description="controlled (controls) or owned (owns) by the player chosen for the source as it "
                                  "entered (614.12, its choices.player: 'the number of creatures the chosen player "
                                  "controls', 'cards in the chosen player's hand'; none chosen: nothing matches)")
    named_self: bool = Field(default=False, description="has the source's name (201.2: 'for each other creature named ~ "
                                                        "you control', 'creatures named ~ on the battlefield'; 201.5: "
                                                        "the name the source has now)")
    commander: bool = Field(default=False, description="is a commander (903.3: a designation of the card its owner "
                                                       "chose, kept in every zone; copies don't have it, 707.2): "
                                                       "'Commander creatures you own', 'Commanders you control'")
    attached_to: Optional[Literal["self", "attached"]] = Field(
        default=None, description="attached to the source ('for each Aura attached to it', 'as long as this creature "
                                  "is equipped'), or to the object the source is attached to ('two or more Equipment "
                                  "are attached to it' of an Equipment; 301.5, 303.4)")
    controlled_by_attached_controller: bool = Field(
        default=False, description="controlled by the player who controls the object the source is attached to (108.4, "
                                   "303.4: 'as long as its controller controls another creature' of an Aura; none "
                                   "attached: nothing matches)")
    not_attached: bool = Field(default=False, description="not the object the source is attached to ('another creature' "
                                                          "of the enchanted creature's controller, 303.4)")
    cast_from: Optional[Literal["hand"]] = Field(
        default=None, description="a spell cast from its controller's hand (601.2a: the zone the card was cast from, "
                                  "kept while it is on the stack: 'Instant and sorcery spells you cast from your hand "
                                  "have cascade'; with zone: stack)")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_start(self) -> "Selector":
        starts = [self.self_, self.attached, self.targets, bool(self.any_of), self.exiled_with, self.chosen_source,
                  self.paired]
        if sum(starts) > 1:
            raise ValueError("a selector starts from at most one of self, attached, targets, any_of, exiled_with, "
                             "chosen_source, paired")
        return self


class Count(_Strict):
    """A number counted on the current state: objects matched, or card types among them (Tarmogoyf)."""

    count: Selector = Field(description="the objects counted")
    card_types: bool = Field(default=False, description="count the card types among them, not the objects")
    counters: Optional[str] = Field(default=None, description="count the counters of this kind on them, not the "
                                                              "objects ('for each oil counter on it', 122.1); any: "
                                                              "of every kind ('for each counter on it')")
    basic_land_types: bool = Field(default=False, description="count the basic land types among them, not the objects "
                                                              "(domain: 'for each basic land type among lands you "
                                                              "control', 305.6)")
    most_common_color: bool = Field(
        default=False, description="with count {colors: [C]} (permanents): and no other color is among more "
                                   "permanents than C ('as long as black is the most common color among all "
                                   "permanents or is tied for most common': a tie holds; 105.1, 611.3a)")
    devotion: Optional[list[Color]] = Field(
        default=None, min_length=1, max_length=2,
        description="count the mana symbols of these colors (one of them at least) among the mana costs of the "
                    "objects, not the objects (700.5: devotion, with count {controller: you}: '~'s power is equal "
                    "to your devotion to red')")
    colors: bool = Field(default=False, description="count the colors among them, not the objects (105.1, 105.2: "
                                                    "each of the five once, colorless none: 'for each color among "
                                                    "permanents you control', 'the number of colors among ...')")
    times: int = Field(default=1, description="multiply by this")
    plus: int = Field(default=0, description="then add this")


class PlayerNumber(_Strict):
    """A number of a player's, counted on the game as the effect applies, times a number plus a number: the counters of
    a kind a player has (122.1: "for each experience counter you have", "for each poison counter your opponents
    have"), the players in the game ("for each opponent you have", 102.3: each opponent still in the game, 800.4a),
    the cards a player has drawn this turn (121.1), the life a player has lost this turn (119.3) - of the effect's
    controller (``player: you``) or of each of its opponents, added up (``player: opponents``)."""

    player_number: Literal["counters", "in_game", "drawn", "life_lost", "creatures_entered", "speed",
                           "below_half_life"] = Field(
        description="counters: the player's counters of the kind `counters` names (122.1); in_game: 1 for each such "
                    "player still in the game (102.3, 800.4a); drawn: the cards drawn this turn (121.1); life_lost: the "
                    "life lost this turn, in all (119.3); creatures_entered: the creatures that entered the battlefield "
                    "under the player's control this turn (400.7: the game loop's record, engine/game/turn_records.py, a "
                    "board's creatures_entered_this_turn); speed: the player's speed (702.179, the current official "
                    "rules: none is 0; engine/game/speed.py, a board's speed); below_half_life: 1 for a player whose "
                    "life total is less than half their starting life total (119.1, 103.4: (starting - 1) // 2 or "
                    "less), else 0 ('for each opponent whose life total is less than half their starting life total')")
    player: Literal["you", "opponents"] = Field(description="the effect's controller's, or its opponents' added up")
    counters: Optional[str] = Field(default=None, description="with player_number counters: the kind (experience, poison)")
    times: int = Field(default=1, description="multiply by this")
    plus: int = Field(default=0, description="then add this")

    @model_validator(mode="after")
    def _kind(self) -> "PlayerNumber":
        if (self.counters is not None) != (self.player_number == "counters"):
            raise ValueError("counters goes with player_number counters")
        return self


class OwnManaValue(_Strict):
    """The mana value of each affected object itself (Opalescence, March of the Machines)."""

    mana_value: Literal[True]


class Total(_Strict):
    """The total power or toughness of the objects matched, each as it is now (208.2: a '*' counts 0;
    an object with none adds 0): Sutured Ghoul's 'the total power of the exiled cards'."""

    total: Literal["power", "toughness", "mana_value"] = Field(description="what is added up: their power, their "
                                                                  "toughness, or their mana value (202.3: 'the total "
                                                                  "mana value of other creatures you control')")
    of: Selector = Field(description="the objects added up")


class Greatest(_Strict):
    """The greatest power or mana value among the objects matched, each as it is now (202.3; 208.2: a '*'
    counts 0; an object with no power is not among them; none: 0): "the greatest mana value among artifacts you
    control" (Daretti, Rocketeer Engineer), "the greatest power among creature cards in your graveyard"."""

    greatest: Literal["power", "mana_value"]
    of: Selector = Field(description="the objects compared")


class OwnPT(_Strict):
    """The power or the toughness of each affected object itself, as it is when the effect applies: what a
    characteristic-defining ability that defines only the power leaves as the toughness ("~'s power is
    equal to the number of creatures you control", 604.3, 613.4a)."""

    own: Literal["power", "toughness"]


class Life(_Strict):
    """The life total of the effect's controller (119.1: "where X is your life total"), times a number."""

    life: Literal["you"]
    times: int = 1


class AnnouncedX(_Strict):
    """107.3a, 601.2b, 602.2b: the value of X its controller announced as the spell was cast or as the activated ability
    (with {X} in its cost) was activated, times a number ("Draw X cards.", "Target creature gets -X/-X until end of
    turn.": times -1); a resolving effect's is fixed as it begins (611.2d); none announced: 0."""

    x: Literal["announced"] = Field(description="the X announced for the spell or the activated ability")
    times: Literal[1, -1] = Field(default=1, description="-1: the X of a '-X' (a power or toughness lowered)")


class IfPaid(_Strict):
    """608.2c, 702.33d, 702.166b: a number of a resolving spell's effect that an optional cost paid as it was cast
    changes: "Target creature gets -2/-2 until end of turn. If this spell was kicked, that creature gets -6/-6 until end
    of turn instead." (power {if_spell_was: kicked, then: -6, otherwise: -2}); fixed as the effect begins (611.2d), by
    whether the spell was cast with its kicker (bargained: its bargain cost paid) - engine/game/amounts.py quantity."""

    if_spell_was: Literal["kicked", "bargained"] = Field(description="702.33d: kicked; 702.166b: bargained")
    then: int = Field(description="the number when it was")
    otherwise: int = Field(description="the number when it wasn't")


class OwnCount(_Strict):
    """A number of each affected object's own, as it is when the effect applies, times a number: its colors
    ("gets +1/+1 for each of its colors", 105.2: colorless is none), or the other creatures on the battlefield
    that share a creature type with it ("for each other creature on the battlefield that shares a creature type
    with it", 205.3m: a creature with every creature type shares one with each creature that has one); the counters
    of a kind on it, or of every kind (``counters``: "Creatures you control get +1/+1 for each +1/+1 counter on
    them", 122.1); the Auras or Equipment attached to it (``attached``: "for each Aura attached to it", 301.5a,
    303.4) - each counted for each object the effect applies to (613.4c)."""

    own_count: Literal["colors", "sharing_creature_type", "counters", "attached"]
    times: int = 1
    counters: Optional[str] = Field(default=None, description="with own_count counters: the kind, or any (122.1)")
    attached: list[Literal["Aura", "Equipment"]] = Field(
        default_factory=list, description="with own_count attached: the subtypes of the objects attached to it counted")
    yours: bool = Field(default=False, description="with own_count sharing_creature_type: only the creatures the "
                                                   "effect's controller controls ('for each other creature you control "
                                                   "that shares a creature type with it')")

    @model_validator(mode="after")
    def _parameters(self) -> "OwnCount":
        if (self.counters is not None) != (self.own_count == "counters") \
                or bool(self.attached) != (self.own_count == "attached") \
                or (self.yours and self.own_count != "sharing_creature_type"):
            raise ValueError("counters goes with own_count counters, attached with own_count attached, yours with "
                             "own_count sharing_creature_type")
        return self


Value = Union[int, OwnManaValue, OwnPT, Count, Total, Life, OwnCount, Greatest, AnnouncedX, PlayerNumber, IfPaid]


# the highest number of nonland permanents entered this turn a condition may name (the grammar reads "one" to "ten or
# more"): the game loop's loop check (104.4b) counts no higher
NONLAND_ENTERED_MAX = 10


# the records of the turn a continuous effect's condition may read (Condition.this_turn; the layers program's cond_player,
# bridge/layers/situation.py; the game loop's numbers, engine/game/history.py and engine/game/turn_records.py)
LAYERS_TURN_RECORDS = ("creature_died_yours", "you_lost_life", "other_creature_entered_yours", "source_attacked",
                       "you_sacrificed", "noncreature_cast_yours", "source_dealt_damage", "instant_sorcery_cast_yours",
                       "you_committed_crime")


class Condition(_Strict):
    """The effect exists only while this holds ("as long as you control five or more enchantments"):
    a number of objects, a life total (``life``), or the cards a player has drawn this turn (``drawn``), at
    least ``at_least`` and at most ``at_most``."""

    count: Optional[Selector] = Field(default=None, description="the objects counted")
    life: Optional[Literal["you", "opponent", "that_player"]] = Field(
        default=None, description="instead of objects, the life total of the effect's controller, or of an opponent "
                                  "(one of them: 'as long as an opponent has 10 or less life'; 119.1), or of "
                                  "that_player (603.4: 'At the beginning of each player's end step, if that player has "
                                  "5 or less life', the player whose step it is)")
    player: Optional[Literal["you", "opponent", "that_player", "any"]] = Field(
        default=None, description="instead of objects, a number of a player's: the effect's controller's, or one "
                                  "opponent's at least (each opponent on their own), any player's (one player at least, "
                                  "each on their own: 'as long as a library has twenty or fewer cards in it', 'ten or "
                                  "more cards in a single graveyard'), or that_player's (603.4: the "
                                  "intervening 'if' of 'At the beginning of each opponent's upkeep, if that player "
                                  "has two or fewer cards in hand', the player whose step it is): with `zone`, the cards in that "
                                  "player's graveyard, hand or library ('as long as an opponent has eight or more "
                                  "cards in their graveyard', 'an opponent has no cards in hand'); with `counters`, "
                                  "that player's counters of that kind (122.1: 'an opponent has three or more poison "
                                  "counters')")
    zone: Optional[Literal["graveyard", "hand", "library"]] = Field(
        default=None, description="with `player`: the player's zone whose cards are counted (404, 402, 401)")
    more_than_each_opponent: bool = Field(
        default=False, description="with `player: you`: and that number is greater than each opponent's ('as long as "
                                   "you have more cards in hand than each opponent')")
    drawn: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the number of cards the effect's controller has drawn this turn "
                                  "('as long as you've drawn two or more cards this turn'; 121.1: the game loop "
                                  "counts them, a board says them with drawn_this_turn)")
    spells_cast: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the number of spells the effect's controller has cast this turn "
                                  "('as long as you've cast two or more spells this turn', 'you haven't cast a spell "
                                  "this turn': at_least 0, at_most 0; 601.2i: the game loop counts them, a board says "
                                  "them with spells_cast_this_turn)")
    gained_life: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the effect's controller gained life this turn ('as long as you "
                                  "gained life this turn'; 119.3: the game loop records it, a board says it with "
                                  "gained_life_this_turn); no number")
    entered_this_turn: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source entered the battlefield this turn ('as long as it "
                                  "entered this turn'; the game loop marks a permanent as it enters, a board says it "
                                  "with entered_this_turn); no number")
    monstrous: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source is monstrous ('as long as this creature is monstrous'; "
                                  "701.37b: the game loop's designation, a board's monstrous); no number")
    monarch: Optional[Literal["you", "opponent", "none"]] = Field(
        default=None, description="instead of objects, who is the monarch (722.1, the current official rules: the game "
                                  "loop's designation, a board's monarch): its controller ('if you're the monarch'), an "
                                  "opponent ('if an opponent is the monarch'), nobody ('if there is no monarch'); no "
                                  "number. Read by the game loop (an intervening 'if', 603.4; 'Activate only if', 602.5b) "
                                  "and, its controller only ('as long as you're the monarch'), by the layers program; "
                                  "no replacement effect has it")
    renowned: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source is renowned ('as long as this creature is renowned'; "
                                  "702.112b, the current official rules: the game loop's designation, a board's "
                                  "renowned); no number")
    paired: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source is paired with another creature ('as long as this "
                                  "creature is paired with another creature'; 702.95b-d, the current official rules: "
                                  "soulbond's pairing, the game loop's, a board's paired_with); no number")
    nonland_entered: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the number of nonland permanents that entered the battlefield "
                                  "under the effect's controller's control this turn (celebration: 'as long as two or "
                                  "more nonland permanents entered the battlefield under your control this turn': "
                                  "at_least 2; the game loop counts them, a board says them with "
                                  "nonland_entered_this_turn)")
    city_blessing: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the effect's controller has the city's blessing ('as long as you "
                                  "have the city's blessing'; 702.131c, the current official rules: the designation "
                                  "ascend gives, the game loop's, a board's city_blessing); no number")
    day_night: Optional[Literal["day", "night"]] = Field(
        default=None, description="instead of objects, whether it is day or night now (731, the current official rules: "
                                  "the game loop's, a board's day_night): 'if it's night'; no number. Read by the game "
                                  "loop only (608.2c: an instruction's condition), not by the layers or replace programs")
    dash_paid: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source's dash cost was paid ('as long as this permanent's "
                                  "dash cost was paid', 702.109a: the game loop marks the permanent, a board says it "
                                  "with dash_paid); no number")
    blitz_paid: Optional[Literal["self"]] = Field(
        default=None, description="instead of objects, the source's blitz cost was paid ('as long as this permanent's "
                                  "blitz cost was paid', 702.152a: the game loop marks the permanent, a board says it "
                                  "with blitz_paid); no number")
    speed: Optional[Literal["you"]] = Field(
        default=None, description="instead of objects, the effect's controller's speed (702.179, the current official "
                                  "rules: the game loop's, a board's speed; none: 0), bounded by at_least / at_most: "
                                  "'Max speed — [ability]' (702.178: 'As long as you have max speed': at_least 4)")
    # --- what happened this turn (issue 21: the game loop's record of the turn) ---
    this_turn: Optional[Literal["you_attacked", "creature_died", "creature_died_yours", "permanent_left_yours",
                                "you_gained_life", "opponent_lost_life", "player_lost_life", "you_descended",
                                "you_lost_life", "other_creature_entered_yours", "source_attacked", "you_sacrificed",
                                "noncreature_cast_yours", "source_dealt_damage", "instant_sorcery_cast_yours",
                                "you_committed_crime"]] = Field(
        default=None, description="instead of objects, what happened this turn as the game loop records it (a board "
                                  "says it with its *_this_turn keys): you_attacked (508.1: its controller declared one or "
                                  "more attackers, 'if you attacked this turn'); creature_died (700.4: at least `at_least` "
                                  "creatures died, 'if a creature died this turn', 'if two or more creatures died this "
                                  "turn'); creature_died_yours (of those, under its controller's control); "
                                  "permanent_left_yours (a permanent left the battlefield under its controller's control); "
                                  "you_gained_life (119.9-119.10: its controller gained `at_least` or more life in all, 'if "
                                  "you gained 3 or more life this turn'; without a number the condition is gained_life); "
                                  "opponent_lost_life / player_lost_life / you_lost_life (119.3: an opponent / a player / "
                                  "its controller lost `at_least` or more life in all, 'as long as you've lost life this "
                                  "turn'); you_descended (700.11, descend: a permanent card "
                                  "was put into its controller's graveyard from anywhere). Read by the game loop (an "
                                  "intervening 'if', 603.4; 'Activate only if', 602.5b); a continuous effect has only "
                                  "creature_died_yours, you_lost_life and the five that follow (the layers program's "
                                  "cond_player; engine/game/turn_records.py): other_creature_entered_yours (400.7: the "
                                  "creatures other than the source that entered the battlefield under its controller's "
                                  "control this turn, 'as long as another creature entered the battlefield under your "
                                  "control this turn'); source_attacked (508.1a: the source was declared as an attacker "
                                  "this turn, 1 or 0, 'as long as it attacked this turn'); you_sacrificed (701.21a: the "
                                  "permanents its controller sacrificed this turn); noncreature_cast_yours (601.2i: the "
                                  "noncreature spells its controller cast this turn); source_dealt_damage (120.3: the "
                                  "source has dealt damage since it became the object it is, 400.7, 1 or 0 - not only this "
                                  "turn: 'if it hasn't dealt damage yet', at_most 0); instant_sorcery_cast_yours (601.2i: "
                                  "the instant and sorcery spells its controller cast this turn, 'as long as you've cast an "
                                  "instant or sorcery spell this turn'); you_committed_crime (700.13, the current official "
                                  "rules: the crimes its controller committed this turn, 'as long as you've committed a "
                                  "crime this turn')")
    turn: Optional[Literal["yours", "not_yours"]] = Field(
        default=None, description="instead of objects, whose turn it is (500.1: the active player's): its controller's "
                                  "('if it's your turn'), another player's ('if it's not your turn'); no number. Read by "
                                  "the game loop only (a conditional instruction, 608.2c; an intervening 'if', 603.4; "
                                  "'Activate only if', 602.5b): a continuous effect says it with its own `during`")
    versus: Optional[Literal["opponent_more", "you_more"]] = Field(
        default=None, description="instead of a bound, the number compared with the same number of each opponent's (one "
                                  "of them at least, 102.2): opponent_more: an opponent's is greater ('if an opponent "
                                  "controls more lands than you', 'an opponent has more cards in hand than you', 'an "
                                  "opponent has more life than you'); you_more: its controller's is ('you have more life "
                                  "than an opponent'). With count (controller: you: the objects each player controls, "
                                  "counted as that player's), life: you (119.1), or player: you with zone: hand (402.1); "
                                  "no at_least nor at_most. Read by the game loop only (a conditional instruction, "
                                  "608.2c; an intervening 'if', 603.4; 'Activate only if', 602.5b: "
                                  "engine/vocab/oracle/compare.py): no continuous effect has it")
    relative_to_starting: Optional[Literal["whole", "half", "below_half"]] = Field(
        default=None, description="with life: the bounds are added to the player's starting life total (whole, 103.4) or "
                                  "to half of it rounded down (half): 'as long as you have at least 7 life more than "
                                  "your starting life total' (at_least 7, whole), 'your life total is greater than or "
                                  "equal to your starting life total' (at_least 0, whole), 'your life total is less than "
                                  "or equal to half your starting life total' (at_most 0, half); below_half: to the "
                                  "greatest whole number less than half of it ((starting - 1) // 2: 'an opponent's life "
                                  "total is less than half their starting life total', at_most 0)")
    any_of: Optional[list["Condition"]] = Field(
        default=None, min_length=2, description="instead of one condition, several, one of which holding is enough ('Activate "
                                                "only if this land entered this turn or if you control a basic land', "
                                                "602.5b). Read by the game loop only (engine/game/conditions.py holds): no "
                                                "continuous effect has it")
    at_least: int = Field(default=1, ge=0)
    at_most: Optional[int] = Field(default=None, ge=0, description="and at most this many ('as long as you have no "
                                                                   "cards in hand': at_least 0, at_most 0)")
    card_types: bool = Field(default=False, description="count the card types among them, not the objects "
                                                        "(delirium: 'four or more card types among cards in your "
                                                        "graveyard')")
    mana_values: bool = Field(default=False, description="count the different mana values among them, not the "
                                                         "objects (202.3: 'five or more mana values among cards in "
                                                         "your graveyard')")
    counters: Optional[str] = Field(default=None, description="count the counters of this kind on them, not the "
                                                              "objects ('as long as this creature has three or more "
                                                              "+1/+1 counters on it', 122.1); any: of every kind")
    most_common_color: bool = Field(
        default=False, description="with count {colors: [C]} (permanents): and no other color is among more "
                                   "permanents than C ('as long as black is the most common color among all "
                                   "permanents or is tied for most common': a tie holds; 105.1, 611.3a)")
    devotion: Optional[list[Color]] = Field(
        default=None, min_length=1, max_length=2,
        description="count the mana symbols of these colors (one of them at least) among the mana costs of the "
                    "objects, not the objects (700.5: devotion, with count {controller: you}: 'as long as your "
                    "devotion to white is less than five': at_least 0, at_most 4)")

    def life_bounds(self, starting: int) -> tuple[Optional[int], Optional[int]]:
        """The bounds of a life condition (119.1): (lowest, highest), None for no bound ("5 or less life": no lower
        one); relative_to_starting adds the starting life total ``starting`` (103.4), or half of it rounded down."""
        low = self.at_least if "at_least" in self.model_fields_set else None
        high = self.at_most
        base = {"whole": starting, "half": starting // 2, "below_half": (starting - 1) // 2}.get(
            self.relative_to_starting or "", 0)
        return (None if low is None else low + base), (None if high is None else high + base)

    @model_validator(mode="after")
    def _one_kind(self) -> "Condition":
        if sum(x is not None for x in (self.count, self.life, self.drawn, self.spells_cast, self.player, self.gained_life,
                                               self.entered_this_turn, self.monstrous, self.monarch,
                                               self.dash_paid, self.this_turn, self.renowned, self.turn, self.paired,
                                               self.city_blessing, self.nonland_entered, self.speed,
                                               self.any_of, self.day_night, self.blitz_paid)) != 1:
            raise ValueError("a condition counts objects (count), reads a life total (life), the cards drawn this "
                             "turn (drawn) or a number of a player's (player), one of them")
        if (self.player is not None) != (self.zone is not None or (self.count is None and self.counters is not None)):
            raise ValueError("a player's number is the cards in a zone (zone) or counters of a kind (counters)")
        if self.most_common_color and (self.count is None or len(self.count.colors) != 1 or self.count.zone !=
                                       "battlefield" or self.counters or self.card_types or self.mana_values):
            raise ValueError("most_common_color compares the permanents of one color (count {colors: [C]})")
        if self.mana_values and self.count is None:
            raise ValueError("mana_values counts the different mana values among the objects of count")
        if self.more_than_each_opponent and self.player != "you":
            raise ValueError("more_than_each_opponent compares the effect's controller's number (player: you)")
        if self.player is not None and (self.zone is None) == (self.counters is None):
            raise ValueError("a player's number is the cards in a zone (zone) or counters of a kind (counters), one")
        if (self.gained_life is not None or self.entered_this_turn is not None or self.monstrous is not None
                or self.monarch is not None or self.dash_paid is not None or self.renowned is not None
                or self.paired is not None or self.city_blessing is not None
                or self.turn is not None or self.day_night is not None or self.blitz_paid is not None) and (
                "at_least" in self.model_fields_set or self.at_most is not None):
            raise ValueError("'you gained life this turn', 'it entered this turn' have no number")
        if self.this_turn in LAYERS_TURN_RECORDS[2:] and max(self.at_least, self.at_most or 0) > 9:  # (turn_records.py)
            raise ValueError("a count of the turn's record (this_turn) names at most 9 (at_least, at_most)")
        if self.nonland_entered is not None and max(self.at_least, self.at_most or 0) > NONLAND_ENTERED_MAX:
            raise ValueError(f"nonland_entered counts at most {NONLAND_ENTERED_MAX} (at_least, at_most)")
        if self.relative_to_starting is not None and (self.life is None or self.versus is not None):
            raise ValueError("relative_to_starting is a life condition's (life) bounds, from the starting life total")
        if self.versus is not None and ("at_least" in self.model_fields_set or self.at_most is not None or not (
                self.count is not None and self.count.controller == "you" or self.life == "you"
                or self.player == "you" and self.zone == "hand") or self.card_types or self.mana_values
                or self.counters is not None or self.devotion is not None):
            raise ValueError("'versus' compares its controller's objects (count, controller: you), life (life: you) or "
                             "cards in hand (player: you, zone: hand) with an opponent's, without a bound")
        if self.this_turn in ("you_attacked", "permanent_left_yours", "you_descended") and (
                "at_least" in self.model_fields_set or self.at_most is not None):
            raise ValueError("'you attacked this turn', 'a permanent left ...', 'you descended this turn' have no number")
        return self


Selector.model_rebuild()
Condition.model_rebuild()  # (any_of: conditions of its own kind)
