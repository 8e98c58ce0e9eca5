"""One-shot operations added in issue 21 for keyword actions and counters on several permanents (the part of the
card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here): counters put on
each permanent a selector matches (122.1), connive (701.50a), bolster (701.39a), adapt (701.46a), populate (701.36a), discover (701.57a), endure (701.63a), amass (701.47a), exile until the source leaves the battlefield (610.3), transform (701.27), putting the top cards back in any order (401.4). Executed by the
game loop (engine/game/actions.py)."""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import AnnouncedX, Selector


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CountersEach(_Op):
    """122.1: "put a +1/+1 counter on each creature you control", "... on each other creature you control": one
    counters event for each permanent the selector matches as the spell or ability resolves (608.2c: the set
    fixed then), all at once."""

    op: Literal["counters_each"]
    kind: str = Field(min_length=1, description="the kind of counter ('+1/+1', '-1/-1')")
    amount: int = Field(ge=1)
    each: Selector = Field(description="the permanents (on the battlefield; 'other': not the source)")


class Connive(_Op):
    """701.50a: "it connives" (the source): its controller draws a card, then discards a card; if a nonland card
    is discarded this way, they put a +1/+1 counter on the conniving permanent (none if it has left the
    battlefield, 701.50b; `mtgjudge play`: {discard: [ID]}; --auto: the last card of the hand)."""

    op: Literal["connive"]
    what: Literal["self"] = Field(description="self: the source (required: 'it' of a target is not read)")


class Bolster(_Op):
    """701.39a: "bolster N": its controller chooses a creature they control with the least toughness among the
    creatures they control (one of those tied for it) and puts N +1/+1 counters on it (`mtgjudge play`: {take:
    [ID]} when several are tied; --auto: the first in board order); nothing when they control no creature."""

    op: Literal["bolster"]
    amount: int = Field(ge=1)


class Adapt(_Op):
    """701.46a: "adapt N" (the source): if this permanent has no +1/+1 counters on it, its controller puts N
    +1/+1 counters on it."""

    op: Literal["adapt"]
    amount: int = Field(ge=1)


class Discover(_Op):
    """701.57a (seed text): "discover N": its controller exiles cards from
    the top of their library until they exile a nonland card with mana value N or less; they may cast it without
    paying its mana cost if the resulting spell's mana value is N or less (`mtgjudge play`: {cast: ID, discover:
    true}, or false; --auto: not cast); if they don't, it is put into their hand; the other exiled cards go to the
    bottom of their library in a random order (engine/game/discover.py, the procedure cascade's, 702.85a)."""

    op: Literal["discover"]
    amount: int = Field(ge=0, description="N: the greatest mana value of the card found")


class Populate(_Op):
    """701.36a (seed text): "populate": its controller chooses a creature token they control (`mtgjudge play`: {take:
    [ID]} when they control several; --auto: the first in board order) and creates a token that's a copy of it (111.1,
    707.2: engine/game/events.py token_copies); 701.36b: none when they control no creature token."""

    op: Literal["populate"]


class Endure(_Op):
    """701.63a (seed text): "it endures N" (the source): that permanent's controller creates an N/N white Spirit
    creature token unless they put N +1/+1 counters on it (`mtgjudge play`: {may: true} the counters, {may: false} the
    token; --auto: the token); a permanent no longer on the battlefield gets no counters: the token (engine/game/
    actions.py: endure); 701.63b: endure 0 does nothing."""

    op: Literal["endure"]
    what: Literal["self"] = Field(description="self: the source (required: another object enduring is not read)")
    amount: int = Field(ge=0, description="N")


class Amass(_Op):
    """701.47a: "amass Zombies 2": if its controller controls no Army creature, they create a 0/0 black [subtype] Army
    creature token; they choose an Army creature they control (`mtgjudge play`: {take: [ID]} when they control
    several; --auto: the first in board order) and put N +1/+1 counters on it; if it isn't a [subtype], it becomes
    one in addition to its other types (an effect with no end, 611.2)."""

    op: Literal["amass"]
    subtype: str = Field(min_length=1, description="the creature type ('Zombie', 'Orc')")
    amount: int = Field(ge=1)


class ExileUntilLeaves(_Op):
    """610.3: "exile target nonland permanent an opponent controls until this enchantment leaves the battlefield": the
    target is exiled, unless the source has already left the battlefield (610.3a-b: then it doesn't move); right after
    the source leaves the battlefield, the card returns to the battlefield under its owner's control (610.3c), the
    cards exiled this way by the same source at once (610.3d)."""

    op: Literal["exile_until_leaves"]
    target: int = Field(default=1, ge=1)



class ReturnThatCard(_Op):
    """603.10a, 400.7, 400.3: "When enchanted land dies, return that card to its owner's hand", "Whenever an attacking
    creature you control dies, return that card to its owner's hand": the card the permanent the triggering event is
    about became in its owner's graveyard returns to its owner's hand; nothing if it left the graveyard (a new
    object, 400.7) or ceased to exist (a token, 111.7)."""

    op: Literal["return_that_card"]


class Monstrosity(_Op):
    """701.37a-b: "Monstrosity N." (the source): if this permanent isn't monstrous, its controller puts N +1/+1
    counters on it and it becomes monstrous (a designation kept until it leaves the battlefield); "Monstrosity X." of
    an activated ability with {X} in its cost: the X announced (107.3a, 602.2b; 0: no counter, monstrous all the same)."""

    op: Literal["monstrosity"]
    amount: Union[Annotated[int, Field(ge=1)], AnnouncedX] = Field(description="N, or {x: announced} (107.3a)")


ACTIONS = (CountersEach, Connive, Bolster, Adapt, Amass, ExileUntilLeaves, ReturnThatCard, Monstrosity)


class ArrangeTop(_Op):
    """401.2, 401.4: "look at the top four cards of your library, then put them back in any order": its
    controller looks at the top ``amount`` cards of their library (as many as there are) and puts them back
    on top in the order they choose (`mtgjudge play`: {arrange: {top: [ID, ...]}}, the first on top; --auto:
    their order is kept)."""

    op: Literal["arrange_top"]
    amount: int = Field(ge=1, description="1: the top card looked at only ('Look at the top card of target player's "
                                          "library.'), it stays there")
    # library searches and looks, more shapes (issue 21): "Look at the top three cards of target player's library, then
    # put them back in any order. You may have that player shuffle." (engine/game/top_order.py)
    who: Literal["you", "target"] = Field(default="you", description="whose library: the controller's, or the target "
                                                                    "player's (the controller orders it, 401.2)")
    may_shuffle: bool = Field(default=False, description="'You may shuffle.': the controller may then have that library "
                                                         "shuffled (701.24a)")
    may_move: Optional[Literal["graveyard", "bottom"]] = Field(default=None, description="amount 1: 'You may put that "
                                                               "card into their graveyard' (or on the bottom of that "
                                                               "library): the controller chooses (608.2d)")


class Transform(_Op):
    """701.27: "transform this creature": the source turns over to its other face (the same object); a
    permanent that is no transforming double-faced card doesn't (701.27c) (engine/game/transform.py)."""

    op: Literal["transform"]
    what: Literal["self"] = "self"


class ExileTop(_Op):
    """701.13a, 702.115a *(EN, current official rules)*: "that player exiles the top card of their library" (ingest),
    "exile the top card of your library": each such player exiles the top ``amount`` cards of their library (as many
    as there are), at once; ``who`` as the vocabulary's players (that_player: the player dealt damage, 603.2)."""

    op: Literal["exile_top"]
    amount: int = Field(default=1, ge=1)
    who: Literal["you", "target", "each_opponent", "each_player", "that_player"] = "you"
    # --- library manipulation (issue 21): "You may play that card this turn." after it (engine/game/play_exiled.py)
    play: Optional[Literal["end_of_turn", "end_of_your_next_turn"]] = Field(
        default=None, description="611.2a, 601.3, 305.1: its controller may play the cards exiled this way (cast them, "
        "play a land: 601.1a) while each stays in exile (400.7), until the cleanup step of this turn (end_of_turn, "
        "514.2: 'this turn', 'until end of turn') or of their next turn (end_of_your_next_turn)")
    play_free: Optional[bool] = Field(default=None, description="118.9, 611.2a: with play, 'you may play that card without paying "
                                                       "its mana cost': each is cast for no mana (engine/game/freecast.py)")


class RemoveCounterOrSacrifice(_Op):
    """702.32a (fading's upkeep trigger, seed text): "remove a fade counter from this permanent. If you can't, sacrifice
    the permanent.": one counter of ``kind`` is removed from the source (122.1); if it has none (or has left the
    battlefield), its controller sacrifices it instead, if they still control it (701.21a) (engine/game/actions.py)."""

    op: Literal["remove_counter_or_sacrifice"]
    kind: str = Field(min_length=1, description="the kind of counter ('fade')")


class MoveCounter(_Op):
    """122.8, 702.58a (graft's trigger): "move a +1/+1 counter from this permanent onto that creature": a counter of
    ``kind`` is removed from the source and put on the creature whose entering triggered the ability (603.2: "that
    creature"); if either can't be done (the source has no such counter, either of them is no longer on the
    battlefield as the same object, 400.7), no counter is removed or put (engine/game/actions.py)."""

    op: Literal["move_counter"]
    kind: Literal["+1/+1"] = "+1/+1"
    to: Literal["that_creature"] = Field(description="the object whose event triggered the ability")


class LookOnto(BaseModel):
    """Library manipulation (issue 21): the fields look_at_top (engine/vocab/oneshot.py's LookAtTop) takes from here:
    where the cards taken go, "You may put a land card from among them onto the battlefield tapped." (400.3, 305.4:
    not a land played; engine/game/library_ops.py)."""

    to: Literal["hand", "battlefield", "top"] = Field(default="hand", description="where the cards taken go: their "
                                                      "owner's hand, the battlefield under their control, or back on top "
                                                      "of the library ('You may put one of those cards back on top')")
    tapped: bool = Field(default=False, description="to: battlefield: they enter tapped")
    # looking at the top card (issue 21): "If it's a permanent card, you may put it onto the battlefield. Otherwise, you
    # may put it on the bottom of your library." (rest: top, hand: engine/vocab/oneshot.py's LookAtTop)
    card: Optional[Selector] = Field(default=None, description="a card taken also matches this selector (its qualities "
                                     "beyond types: 'a permanent card', 'a colorless card', 'a historic card'; 700.6)")
    rest_may: bool = Field(default=False, description="the player may put the rest where rest says ('Otherwise, you may "
                                                      "put it into your graveyard'); if they don't, they stay on top")
    # reveal until (issue 21): "Reveal cards from the top of your library until you reveal a creature card. Put that card
    # into your hand and the rest ..." (amount unused; engine/game/reveal_until.py)
    power_at_most: Optional[int] = Field(default=None, ge=0, description="a card taken has this power or less ('a "
                                         "creature card with power 3 or less', 208.1)")
    mana_value_at_most: Optional[int] = Field(default=None, ge=0, description="a card taken has this mana value or less "
                                              "(202.3)")
    one_of_each: bool = Field(default=False, description="401.2: 'a creature card and/or a land card': up to one card of "
                                                         "each of the types (or subtypes), each card taken counted for "
                                                         "one of them (take: how many there are)")
    until: bool = Field(default=False, description="701.20a: cards revealed one by one from the top until one with the "
                                                   "qualities is: that card taken, the others revealed the rest (none: "
                                                   "the whole library revealed, all of it the rest)")
    # more shapes of the looks (issue 21, engine/vocab/oracle/oneshot_look.py): "a creature card with power 5 or greater";
    # "onto the battlefield tapped and attacking" (engine/game/library_ops.py, engine/game/attacking.py)
    power_at_least: Optional[int] = Field(default=None, ge=0, description="a card taken has this power or greater ('a "
                                          "creature card with power 5 or greater', 208.1)")
    attacking: bool = Field(default=False, description="508.4: to: battlefield, tapped: the cards taken enter attacking "
                                                       "(what each attacks, its controller's choice), never declared as "
                                                       "attackers")


class SearchMore(BaseModel):
    """Library searches, more shapes (issue 21): the fields search_library (engine/vocab/oneshot.py's SearchLibrary)
    takes from here (engine/game/library_ops.py)."""

    split: bool = Field(default=False, description="701.23a: 'put one onto the battlefield tapped and the other into your "
                                                   "hand': the first card found enters tapped, the other goes to the hand")
    any_number: bool = Field(default=False, description="701.23a: 'for any number of cards named ~': any number of such "
                                                        "cards (amount unused)")
    named: Optional[str] = Field(default=None, description="201.2: 'a card named Chandra, Bold Pyromancer': a card with "
                                                           "this name (another card's)")
    also_graveyard: bool = Field(default=False, description="701.23a, 404.2: 'search your library and/or graveyard ... If "
                                 "you search your library this way, shuffle': a card found in the library or in the player's "
                                 "graveyard; the library shuffled unless the card found is the graveyard's (the player "
                                 "searched the graveyard only)")
    by_you: bool = Field(default=False, description="701.23a: 'Search target player's library for ...': the ability's "
                                                    "controller searches the library of the player ``who`` names and "
                                                    "chooses the cards (onto the battlefield: under their control); that "
                                                    "player shuffles it")
    exactly: bool = Field(default=False, description="701.23d: 'for three cards' (a quantity, no quality): that many "
                                                     "found, or as many as the library holds (a search for 'a card' of "
                                                     "no quality, too)")
    card: Optional[Selector] = Field(default=None, description="701.23a: a card found also matches this selector (its "
                                     "qualities beyond types, supertypes and subtypes: 'a legendary card', 'a green creature "
                                     "card', 'an instant card or a card with flash', 'with mana value 6 or greater'; the "
                                     "selector machinery matches it, bridge/selectors.py)")


class RevealTopSharing(_Op):
    """Kinship (issue 21): "you may look at the top card of your library. If it shares a creature type with this creature,
    you may reveal it. If you do, ...": the first operation of a `may` (its ``if_you_do`` happens only if the card was
    revealed): its controller may reveal the top card of their library only if it shares a creature type with the
    source (205.3m; a changeling card has every creature type, 702.73a of the current official rules), 701.20a; it
    stays on top (engine/game/kinship.py)."""

    op: Literal["reveal_top_sharing"]
    sharing: Literal["self"] = Field(description="the card shares a creature type with the source ('this creature')")


class RevealTopEach(_Op):
    """701.20a: "Each player reveals the top card of their library." (parley): each player, in turn order, shows the top
    card of their library to every player; the cards stay where they are. The instructions after it may count them:
    "For each nonland card revealed this way, ..." (engine/vocab/amount.py's RevealedThisWay; engine/game/reveal_each.py)."""

    op: Literal["reveal_top_each"]
