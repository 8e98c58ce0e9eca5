"""The continuous-effect vocabulary of card files (611, 613): what an ability's effect applies to,
when it exists, and what it does, layer by layer.

An ability that creates a continuous effect carries ``continuous:``::

    - kind: static
      text: All creatures lose all abilities and have base power and toughness 1/1.
      continuous:
        applies_to: {types: [Creature]}
        do:
          - {op: lose_all_abilities}                      # layer 6
          - {op: set_base_pt, power: 1, toughness: 1}      # layer 7b

Each operation has a fixed layer (:data:`OP_LAYER`, 613.1). The parts of one effect apply in their
own layers (613.5) to the set of objects fixed when the effect first applies (613.6). The
programs in ``asp_rules/layers*.lp`` and the oracle in ``tests/oracles/layers.py`` both implement
these operations; ``docs/card-format.md`` documents them.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from asp_rules.rulesdata import OP_LAYER

from engine.vocab.keywords import keyword_words
from engine.vocab.replacement import keyword_replacement, keyword_second_replacement
from engine.vocab.selector import LAYERS_TURN_RECORDS, CardType, Color, Condition, Selector, Supertype, Value, _Strict



class _Op(_Strict):
    pass


class Copy(_Op):
    """Layer 1a (613.2, 707): the copiable values of another object; ``of``: the target, or the object
    named by a choice. ``keep_source_abilities``: "except it has this ability" (Thespian's Stage)."""

    op: Literal["copy"]
    of: Literal["target", "choice"] = "target"
    choice: str = "copy"
    keep_source_abilities: bool = False


class FaceDown(_Op):
    """Layer 1b (708.2): a face-down permanent is a 2/2 creature with no text, no name, no subtypes and
    no mana cost. The engine gives this effect to every face-down permanent of a board."""

    op: Literal["face_down"]


class Control(_Op):
    """Layer 2 (613.1b): the effect's controller controls the affected objects."""

    op: Literal["control"]


class AddTypes(_Op):
    """Layer 4: card types in addition to the others (205.1b)."""

    op: Literal["add_types"]
    types: list[CardType] = Field(min_length=1)


class SetTypes(_Op):
    """Layer 4 (205.1a): the object becomes these card types and subtypes, losing its other card types
    and subtypes (supertypes stay)."""

    op: Literal["set_types"]
    types: list[CardType] = Field(min_length=1)
    subtypes: list[str] = Field(default_factory=list)
    keep_subtypes: bool = Field(default=False, description=(
        "205.1a: the subtypes correlated with a card type the object keeps stay, the others go (\"is an enchantment "
        "and loses all other card types\": an Aura stays an Aura, a creature's creature types go); false: all its "
        "subtypes are replaced by these"))


class AddSubtypes(_Op):
    """Layer 4: subtypes in addition to the others; ``chosen``: the creature type chosen for the source."""

    op: Literal["add_subtypes"]
    subtypes: list[str] = Field(default_factory=list)
    chosen: bool = False
    all_creature_types: bool = False


class SetCreatureTypes(_Op):
    """Layer 4: the creature types are replaced by these (or the chosen one); other subtypes stay."""

    op: Literal["set_creature_types"]
    subtypes: list[str] = Field(default_factory=list)
    chosen: bool = False


class SetLandTypes(_Op):
    """Layer 4 (305.7): the land types are replaced; the land loses the abilities of its rules text
    and gains the mana abilities of its new basic land types."""

    op: Literal["set_land_types"]
    subtypes: list[str] = Field(default_factory=list)
    # 608.2d, 305.7: "becomes the basic land type of your choice": the one its controller chose (choices.basic_land_type)
    chosen: bool = False

    @model_validator(mode="after")
    def _some_type(self):
        if not self.subtypes and not self.chosen:
            raise ValueError("set_land_types needs subtypes or chosen")
        return self


class AddLandTypes(_Op):
    """Layer 4: land types in addition (305.6: basic land types bring their mana abilities);
    ``all_basic``: every basic land type (Prismatic Omen)."""

    op: Literal["add_land_types"]
    subtypes: list[str] = Field(default_factory=list)
    all_basic: bool = False


class AddSupertypes(_Op):
    op: Literal["add_supertypes"]
    supertypes: list[Supertype] = Field(min_length=1)


class RemoveSupertypes(_Op):
    op: Literal["remove_supertypes"]
    supertypes: list[Supertype] = Field(min_length=1)


class RemoveTypes(_Op):
    """Layer 4 (205.1a): the object loses these card types and keeps its others ("~ isn't a creature", a
    Theros God while its controller's devotion is too low, 700.5)."""

    op: Literal["remove_types"]
    types: list[CardType] = Field(min_length=1)


class SetName(_Op):
    """Layer 3 (613.1c): the object's name becomes this ("becomes a ... creature named Vitu-Ghazi");
    changing a name is a text-changing effect (612, 613.1c)."""

    op: Literal["set_name"]
    name: str = Field(min_length=1)


class SetText(_Op):
    """Layer 3 (613.1c): the object has the full text of the object ``of`` matches ("has the full text of
    that card": its name, mana cost, color, types, abilities, power and toughness; Volrath's
    Shapeshifter), and in addition its source's printed abilities listed in ``keep_abilities``
    ("and has the text '{2}: Discard a card.'"), by their 1-based index. A text-changing effect, not a
    copy effect: the effects of later layers still apply to the object."""

    op: Literal["set_text"]
    of: Selector
    keep_abilities: list[int] = Field(default_factory=list, description="indices of the source's printed abilities it also has")


class SetColors(_Op):
    """Layer 5: the object is exactly these colors (``[]``: colorless), or the chosen color."""

    op: Literal["set_colors"]
    colors: list[Color] = Field(default_factory=list)
    chosen: bool = False


class AddColors(_Op):
    """Layer 5: colors in addition (Painter's Servant: the chosen color)."""

    op: Literal["add_colors"]
    colors: list[Color] = Field(default_factory=list)
    chosen: bool = False


class AddAbilities(_Op):
    """Layer 6: the object has these abilities (granted abilities; 613.7a: their own continuous
    effects take the granting effect's timestamp)."""

    op: Literal["add_abilities"]
    abilities: list["GrantedAbility"] = Field(min_length=1)


class AddAbilitiesOf(_Op):
    """Layer 6: the object has the abilities of these kinds of the objects that match ``of`` ("all
    activated abilities of all creature cards in all graveyards": Necrotic Ooze)."""

    op: Literal["add_abilities_of"]
    of: Selector
    kinds: list[Literal["activated", "triggered", "static"]] = Field(default_factory=lambda: ["activated"], min_length=1)


class LoseAllAbilities(_Op):
    """Layer 6: the object loses all abilities; ``except_mana``: all but mana abilities (Blood Sun)."""

    op: Literal["lose_all_abilities"]
    except_mana: bool = False


class LoseAbilities(_Op):
    """Layer 6: the object loses these keyword abilities."""

    op: Literal["lose_abilities"]
    keywords: list[str] = Field(min_length=1)
    cant_have: bool = Field(
        default=False, description="113.11 (seed 000 line 631), 613.1f: and it can't have them ('lose flying and can't have or gain "
                                   "flying', Archetype of Imagination): while the effect exists, no effect adds them to "
                                   "the objects it applies to, whatever its timestamp")


class SetPT(_Op):
    """Layer 7a (characteristic-defining ability) or 7b: power and toughness set to values."""

    op: Literal["set_pt", "set_base_pt"]
    power: Value
    toughness: Value


class ModifyPT(_Op):
    """Layer 7c: +N/+M (613.4c)."""

    op: Literal["modify_pt"]
    power: Value = 0
    toughness: Value = 0


class SwitchPT(_Op):
    """Layer 7d (613.4d)."""

    op: Literal["switch_pt"]


class SpellQuality(_Strict):
    """The spells an effect on casting names (601.3), by the characteristics they would have as cast
    (601.3e: face down, as an Adventure, for a bestow cost). Every field given must hold."""

    types: list[CardType] = Field(default_factory=list, description="has at least one of these card types "
                                                                    "('instant and sorcery spells')")
    subtypes: list[str] = Field(default_factory=list, description="has at least one of these subtypes ('Aura spells')")
    not_types: list[CardType] = Field(default_factory=list, description="has none of these card types ('noncreature "
                                                                        "spells')")
    mana_value: Optional[Literal["even", "odd"]] = Field(default=None, description="its mana value is even (0 is "
                                                                                   "even) or odd ('spells with even "
                                                                                   "mana values')")
    colors: list[Color] = Field(default_factory=list, description="has at least one of these colors ('blue or black "
                                                                  "spells')")
    colorless: bool = Field(default=False, description="has no color (105.2c: 'colorless spells')")
    not_colors: list[Color] = Field(default_factory=list, description="has none of these colors ('a nonred spell', 105.1)")
    multicolored: bool = Field(default=False, description="has two or more colors (105.2: 'multicolored spells')")
    historic: bool = Field(default=False, description="is historic: an artifact, legendary or a Saga (700.6)")
    min_mana_value: Optional[int] = Field(default=None, ge=0, description="its mana value is at least this ('spells "
                                                                          "with mana value 4 or greater', 202.3)")
    max_mana_value: Optional[int] = Field(default=None, ge=0, description="its mana value is at most this ('a creature "
                                                                          "spell with mana value 3 or less', 202.3)")
    supertypes: list[Supertype] = Field(default_factory=list, description="has every one of these supertypes (205.4a: "
                                                                          "'a legendary spell')")
    chosen_color: bool = Field(default=False, description="has the color chosen for the source as it entered (614.12, "
                                                          "its choices.color: 'a spell of the chosen color')")
    chosen_creature_type: bool = Field(default=False, description="has the creature type chosen for the source as it "
                                                                  "entered (614.12, its choices.creature_type: 'a "
                                                                  "spell of the chosen type', 205.3m)")
    chosen_name: bool = Field(default=False, description="has the card name chosen for the source as it entered "
                                                         "(614.12, 201.3, 201.2a: its choices.card_name, 'spells with "
                                                         "the chosen name')")
    not_subtypes: list[str] = Field(default_factory=list, description="has none of these subtypes ('non-Faerie "
                                                                      "spells', 205.3)")
    any_of: list["SpellQuality"] = Field(default_factory=list, description="has one of these qualities at least "
                                         "('an instant, sorcery, or Wizard spell': a card type or a subtype; no mana "
                                         "value bound or 'historic' in them)")
    _selector: Selector = PrivateAttr()

    @model_validator(mode="after")
    def _alternatives(self) -> "SpellQuality":
        if any(q.min_mana_value is not None or q.max_mana_value is not None or q.historic or q.any_of
               for q in self.any_of) or self.any_of and self.historic:
            raise ValueError("any_of's qualities have no mana value bound, 'historic' or any_of; any_of without historic")
        return self

    def model_post_init(self, _context) -> None:
        """The quality as the vocabulary's Selector, made once as the card is read: bridge/selectors.py
        matches it against the spell's characteristics (min_mana_value: engine/game/casting.py's
        spell_is, against the mana value the spell is cast with)."""
        historic = [Selector(any_types=["Artifact"]), Selector(supertypes=["Legendary"]), Selector(subtypes=["Saga"])]
        self._selector = Selector(any_types=self.types, subtypes=self.subtypes, not_types=self.not_types,
                                  mana_value=self.mana_value, colors=self.colors,
                                  not_colors=["white", "blue", "black", "red", "green"] if self.colorless else self.not_colors,
                                  multicolored=True if self.multicolored else None, supertypes=self.supertypes,
                                  chosen_color=self.chosen_color, chosen_creature_type=self.chosen_creature_type,
                                  chosen_name=self.chosen_name, not_subtypes=self.not_subtypes,
                                  any_of=historic if self.historic else [q.selector for q in self.any_of])

    @property
    def selector(self) -> Selector:
        return self._selector


class PlayerEffect(_Op):
    """613.10: an effect on players ("You may cast spells as though they had flash", "Players may
    spend mana as though it were mana of any color"), applied after all objects. The ability's text
    says what it does; the layers program decides whether it exists and its order. With a ``rule``,
    the game loop applies it to the ``players`` it is on, for the ``spells`` it names (601.3)."""

    op: Literal["player_effect"]
    rule: Optional[Literal["cast_as_flash", "cast_from_library_top", "cant_cast", "cant_play_lands",
                           "play_lands_from_library_top", "play_lands_from_graveyard", "look_at_library_top",
                           "library_top_revealed", "hand_revealed", "spells_cant_be_countered"]] = Field(
        default=None, description="an effect the game loop executes (mtgjudge play): cast_as_flash ('you may cast "
                                  "spells as though they had flash', Vedalken Orrery; 601.3b), cast_from_library_top "
                                  "('you may cast creature spells from the top of your library', Garruk's Horde; "
                                  "601.3, 601.3e), cant_cast ('your opponents can't cast spells with even mana "
                                  "values', Void Winnower; 601.3a, 601.5), cant_play_lands ('players can't play "
                                  "lands', Worms of the Earth; 305.2), play_lands_from_library_top ('you may play "
                                  "lands from the top of your library', Courser of Kruphix; 305.1, 305.2), play_lands_from_graveyard ('you "
                                  "may play lands from your graveyard', Crucible of Worlds; 305.1, 305.2), spells_cant_be_countered "
                                  "('creature spells you control can't be countered', the spells its players control; "
                                  "701.6a: a counter instruction leaves them on the stack); "
                                  "information only (401.5: no action of the loop depends on it): look_at_library_top "
                                  "('you may look at the top card of your library any time'), library_top_revealed "
                                  "('play with the top card of your library revealed'), hand_revealed ('your opponents play with their hands "
                                  "revealed', 402.3)")
    spells: Optional[SpellQuality] = Field(default=None, description="the spells it is about (default: every spell)")
    after_spells: Optional[int] = Field(
        default=None, ge=1, description="cant_cast only once the player has cast this many spells this turn (601.2i: "
                                        "the turn's count, the game state's spells_cast): 'Each player can't cast more "
                                        "than one spell each turn' (Rule of Law): 1")
    players: Literal["you", "opponents", "each"] = Field(default="you", description="the players it is on: its controller "
                                                                           "('you may ...'), each opponent, or each "
                                                                           "player ('players can't ...')")


class RuleEffect(_Op):
    """613.11: an effect on the rules of the game ("Creatures without flying or islandwalk can't
    attack"), applied after the effects on players."""

    op: Literal["rule_effect"]
    rule: Optional[Literal["damage_as_wither", "damage_by_toughness", "assign_as_unblocked"]] = Field(
        default=None, description="a rule the engine executes: damage_as_wither ('all damage is dealt as though its "
                                  "source had wither', Everlasting Torment: the combat damage step reads it); "
                                  "damage_by_toughness (510.1a: the creatures it applies to, the effect's applies_to "
                                  "as the layers program fixes them, 613.6, assign combat damage equal to their "
                                  "toughness rather than their power: 'Each creature you control assigns combat "
                                  "damage equal to its toughness rather than its power', Belligerent Brontodon); "
                                  "assign_as_unblocked (510.1b-c: a blocked attacker it applies to may assign all its "
                                  "combat damage to what it attacks, as an unblocked creature would, or assign it as a "
                                  "blocked creature: 'You may have this creature assign its combat damage as though it "
                                  "weren't blocked', Thorn Elemental)")


Operation = Annotated[
    Union[Copy, FaceDown, Control, SetName, SetText, AddTypes, SetTypes, AddSubtypes, SetCreatureTypes, SetLandTypes, AddLandTypes,
          AddSupertypes, RemoveSupertypes, RemoveTypes, SetColors, AddColors, AddAbilities, AddAbilitiesOf, LoseAllAbilities,
          LoseAbilities, SetPT, ModifyPT, SwitchPT, PlayerEffect, RuleEffect],
    Field(discriminator="op"),
]

class Continuous(_Strict):
    """A continuous effect: what it applies to, when it exists, and its operations."""

    applies_to: Optional[Selector] = Field(
        default=None, description="default: the source for a characteristic-defining ability, the targets for a spell or ability with targets"
    )
    condition: Optional[Condition] = Field(default=None, alias="if", description="the effect exists only while this holds")
    during: Optional[Literal["your_turn", "not_your_turn"]] = Field(
        default=None, description="the effect exists only during its controller's turn ('During your turn, ...'), or "
                                  "only during the other players' turns ('During turns other than yours, ...')")
    functions_in: Optional[Literal["graveyard"]] = Field(
        default=None, description="113.6b: the static ability states the zone it functions in ('As long as this card is "
                                  "in your graveyard and you control a Mountain, ...'): it functions only there, not on "
                                  "the battlefield (its controller: the card's owner, 108.4a)")
    do: list[Operation] = Field(min_length=1)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _not_monarch(self) -> "Continuous":
        if self.condition is not None and self.condition.monarch not in (None, "you"):
            raise ValueError("a condition on the monarch (722.1) other than 'you're the monarch' is the game loop's: the "
                             "layers program doesn't read it")
        if self.condition is not None and self.condition.day_night is not None:  # 731: the game loop's
            raise ValueError("a condition on day and night (day_night) is the game loop's: the layers don't read it")
        if self.condition is not None and self.condition.this_turn not in (None, *LAYERS_TURN_RECORDS):
            # (issue 21: the turn's history; the layers read only those, bridge/layers/situation.py TURN_RECORDS)
            raise ValueError("a condition on what happened this turn (this_turn) is the game loop's: the layers read only "
                             + ", ".join(LAYERS_TURN_RECORDS))
        if self.applies_to is not None and '"chosen_name":true' in self.applies_to.model_dump_json():
            raise ValueError("201.3: 'with the chosen name' is the game loop's selectors' (a spell's quality, an "
                             "activation's source): the layers program doesn't read it")
        return self

    @property
    def layers(self) -> list[str]:
        out: list[str] = []
        for op in self.do:
            layer = OP_LAYER[op.op]
            if layer not in out:
                out.append(layer)
        return out


class GrantedKeyword(_Strict):
    """A keyword granted by an effect: ``{keyword: flying}`` (with n/cost/quality like card keywords)."""

    keyword: str
    n: Optional[int] = None
    cost: Optional[str] = None
    quality: Optional[str] = None
    spares_source: bool = Field(
        default=False, description="702.16c, 704.5m: 'This effect doesn't remove this Aura.' (Black Ward): the protection "
                                   "this effect grants doesn't make the Aura whose effect it is attached illegally")
    cost_is_mana_cost: bool = Field(
        default=False, description="the keyword's cost is the mana cost of each card that has it (702.34a flashback, "
                                   "702.138a escape: 'The flashback cost is equal to that card's mana cost.'), `cost` "
                                   "then the rest of it if any ('plus exile three other cards from your graveyard': "
                                   "'Exile three other cards from your graveyard'); read by the game loop for that card "
                                   "(engine/game/granted_cards.py)")

    @property
    def replacement(self):
        """The replacement effect the keyword is, for devour N (702.82a: Jund's "it gains devour 5"); else None."""
        return keyword_replacement(self.keyword, self.n)

    @property
    def means(self):
        """613.1f, 702: the ability a granted keyword is defined as, as the printed keyword's (engine/vocab/cardfile.py
        KeywordAbility.means: prowess's, or its definition in words, "Firebending 2" an attack trigger adding {R}{R}),
        for the game loop and the combat program that find triggered abilities on the board; None for the others."""
        import importlib

        if self.cost_is_mana_cost:  # (a cost of each card that has it: no one ability; engine/game/granted_cards.py)
            return None
        # (imported by name: engine/vocab/cardfile.py imports this module)
        keyword_ability = importlib.import_module("engine.vocab.cardfile").KeywordAbility
        return keyword_ability(kind="keyword", keyword=self.keyword, n=self.n, cost=self.cost, quality=self.quality).means

    @property
    def second_replacement(self):
        """702.44a: sunburst's second replacement effect (charge counters when it isn't a creature as it enters)."""
        return keyword_second_replacement(self.keyword)

    def words(self) -> str:
        if self.cost_is_mana_cost:  # "flashback [its mana cost]", "escape [its mana cost], Exile three other cards ..."
            return f"{self.keyword} [its mana cost]" + (f", {self.cost}" if self.cost else "")
        return keyword_words(self.keyword, self.n, self.cost, self.quality)

    @model_validator(mode="after")
    def _spares_protection(self):
        if self.spares_source and self.keyword != "protection":
            raise ValueError("'spares_source' belongs to a granted protection (702.16c)")
        return self


class GrantedText(_Strict):
    """A non-keyword ability granted by an effect, by its text, with its own continuous effect if any
    (Rune of Flight: "Equipped creature has flying"), and whether it is a mana ability."""

    text: str
    kind: Literal["static", "characteristic_defining", "activated", "triggered"] = "static"
    mana: bool = False
    continuous: Optional[Continuous] = None
    ability: Optional["GrantedFull"] = Field(
        default=None, description="the granted activated or triggered ability itself, in the card vocabulary "
                                  "(engine/vocab/cardfile.py): what the game loop activates, or what triggers, for "
                                  "the object that has it ('this creature' is that object: 700.7; the granting card's "
                                  "name would be the granting card, 201.5a)")
    named_source: bool = Field(
        default=False, description="201.5a: the granting card's name is the one object the activated ability's effect "
                                   "names ('{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any target.', "
                                   "no 'this creature' or 'it' beside it): the game loop resolves the ability with the "
                                   "granting object, as it was when the ability was activated, as the source of its "
                                   "instructions (engine/game/granters.py)")

    @model_validator(mode="after")
    def _the_same_ability(self) -> "GrantedText":
        if self.kind == "characteristic_defining":
            raise ValueError("a granted ability is never characteristic-defining (604.3a: only one printed on the card, "
                             "a token's from the effect that made it, or one a copy or text-changing effect gives): "
                             "use kind static")
        if self.ability is not None and (self.ability.kind != self.kind or self.ability.display() != self.text):
            raise ValueError("a granted ability's `ability` is the ability its text and kind say")
        if self.named_source and (self.ability is None or self.kind != "activated"):
            raise ValueError("'named_source' belongs to a granted activated ability (201.5a)")
        return self


GrantedAbility = Union[GrantedKeyword, GrantedText]

# GrantedText.ability names the card vocabulary's activated and triggered abilities, which contain
# continuous effects: engine/vocab/cardfile.py defines GrantedFull here and completes these models
AddAbilities.model_rebuild(raise_errors=False)
