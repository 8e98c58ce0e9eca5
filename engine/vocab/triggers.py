"""Abilities that trigger on events (603.2, 603.6, 603.10a), as card files say them: zone changes
("when this creature dies", "whenever another creature dies", "when this leaves the battlefield",
"whenever a card is put into your graveyard"), a permanent entering ("when this enters", landfall),
life gained ("whenever you gain life"), cards drawn ("whenever you draw your second card each turn"), damage prevented ("whenever damage that would be dealt to
you is prevented"), and the keywords that are such triggers (undying, persist). What the events of
a game trigger is engine/game/triggered.py.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Selector

EVENT_TRIGGERS = ("dies", "leaves_battlefield", "put_into_graveyard", "enters", "gain_life", "damage_prevented",
                  "deals_damage", "counters_removed", "becomes_tapped", "draws", "becomes_target",
                  "dealt_damage", "discards", "counters_put", "sacrificed", "scries", "surveils", "tapped_for_mana", "commits_crime", "leaves_graveyard", "becomes_untapped", "exploits", "explores", "loses_life", "day_night",
                  "ring_tempts")  # (701.54d: the current official rules, engine/game/ring.py)
# Planechase (901 of the current official rules): events of the game loop's planar die and planeswalking
# (engine/game/planechase.py), whose sources are face-up planes and phenomena in the command zone (311.4, 312.5)
PLANAR_EVENTS = ("chaos_ensues", "planeswalk_to", "planeswalk_away", "encounter")
RULES = {"dies": "603.6c, 700.4", "leaves_battlefield": "603.6c, 603.10a", "put_into_graveyard": "603.6a",
         "enters": "603.6a", "gain_life": "603.2, 119.9", "damage_prevented": "603.2, 615",
         "deals_damage": "603.2, 603.2g", "counters_removed": "603.2, 120.3c", "becomes_tapped": "603.2e", "draws": "603.2, 121.2", "becomes_target": "603.2e, 115.1", "dealt_damage": "603.2, 120.3", "discards": "603.2, 701.9",
         "turned_face_up": "603.2, 702.37e, 708.8", "counters_put": "603.2, 122.1, 122.6",
         "sacrificed": "603.2, 701.21a, 603.10a", "scries": "603.2, 701.22a", "surveils": "603.2, 701.25a",
         "undying": "702.93a, 603.10a", "persist": "702.79a, 603.10a", "transforms": "701.27e, 603.2",
         "becomes_monstrous": "701.37b, 603.2", "tapped_for_mana": "106.12a, 605.1b, 605.4a",
         "commits_crime": "700.13, 603.2", "leaves_graveyard": "603.2, 404.2", "becomes_untapped": "603.2e, 701.26a",
         "exploits": "702.110b, 603.10a", "explores": "701.44b, 603.2",
         "loses_life": "119.3, 603.2", "day_night": "731, 603.2", "set_in_motion": "701.32, 603.2",
         "chaos_ensues": "311.7, 901.9b", "planeswalk_to": "701.31d, 603.2", "planeswalk_away": "701.31d, 603.10g",
         "encounter": "312.5, 603.2", "ring_tempts": "701.54d, 603.2"}  # (700.13: the current official rules, past the seed's 702.42)
# 702.79a, 702.93a: keywords that are "when this dies, if it had no [kind] counters on it" triggers,
# the counters read as the permanent last existed (603.10a, 704.8)
KEYWORD_TRIGGERS = {"undying": "+1/+1", "persist": "-1/-1"}


class ZoneTrigger(BaseModel):
    """What makes a triggered ability trigger on an event (603.2, 603.6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: Literal["dies", "leaves_battlefield", "put_into_graveyard", "enters", "gain_life", "damage_prevented",
                   "deals_damage", "counters_removed", "becomes_tapped", "draws", "becomes_target",
                   "dealt_damage", "discards", "transforms", "turned_face_up", "counters_put", "sacrificed",
                   "scries", "surveils", "becomes_monstrous", "tapped_for_mana", "commits_crime", "leaves_graveyard",
                   "becomes_untapped", "exploits", "explores", "loses_life", "day_night", "set_in_motion",
                   "chaos_ensues", "planeswalk_to", "planeswalk_away", "encounter", "ring_tempts"] = Field(
        description="dies: put into a graveyard from the battlefield (700.4); leaves_battlefield (603.6c); "
                    "put_into_graveyard: from anywhere (603.6a); enters: the battlefield (603.6a); gain_life: a player "
                    "gains life (119.9); damage_prevented: damage to a player is prevented (615); deals_damage: "
                    "a source in subjects deals damage, none if all of it is prevented (603.2g); counters_removed: "
                    "one or more counters of `kind` are removed from a subject (damage to a planeswalker, 120.3c); "
                    "becomes_tapped: a subject on the battlefield goes from untapped to tapped (603.2e: entering "
                    "tapped is not becoming tapped; mtgjudge play); draws: a player draws a card (121.2: each card drawn is one "
                    "event; a draw from an empty library draws none, 121.3; mtgjudge play); becomes_target: a subject on the "
                    "battlefield becomes a target of a spell as it is cast, or of an ability as it is activated or put "
                    "on the stack (115.1, 603.2e: with player: opponent, of an opponent's only; default: anyone's); dealt_damage: "
                    "a subject is dealt damage, none if all of it is prevented (120.3, 603.2g; combat: combat damage "
                    "only); discards: a player discards a card (701.9, each card one event: cycling's discard too, "
                    "702.29a); transforms: 'When this creature transforms into ~' (701.27e: the source transforms and has "
                    "this face up immediately after; the game loop, engine/game/transform.py); turned_face_up: a "
                    "face-down subject on the battlefield is turned face up (702.37e, 708.8: the abilities read as it is "
                    "face up; the game loop, engine/game/priority.py); counters_put: one or more counters (of `kind`, any "
                    "kind without it) are put on a subject, each event of putting them one trigger, entering with them "
                    "one too (122.1, 122.6); sacrificed: a subject is sacrificed (701.21a: moved from the "
                    "battlefield to its owner's graveyard by its controller, whatever replaces the move; a cost, an "
                    "instruction, annihilator, devour, an unpaid upkeep; subjects as they last existed, 603.10a; "
                    "'you sacrifice': subjects with controller: you); scries, surveils: a player scries or surveils N, N "
                    "1 or more (701.22a, 701.25a; 0: no such event, 701.22b, 701.25c, current official rules; the game "
                    "loop, engine/game/library_ops.py); becomes_monstrous: 'When this creature becomes monstrous' "
                    "(701.37a-b: the source's monstrosity made it monstrous; the game loop, engine/game/actions.py); tapped_for_mana: "
                    "a player activates a mana ability with {T} in its cost of a subject, which resolves and adds mana "
                    "(106.12-106.12a; player: whose activation, default any): a triggered mana ability (605.1b) whose "
                    "one_shot is add_tapped_mana, resolved at once after it, without the stack (605.4a; the game loop, "
                    "engine/game/manatrig.py); commits_crime: its controller commits a crime (700.13, current official "
                    "rules: casts a spell, activates an ability or puts a triggered ability on the stack that targets an "
                    "opponent, a spell, ability or permanent an opponent controls, or a card in an opponent's graveyard; "
                    "once for each such spell or ability; the game loop, engine/game/crime.py); leaves_graveyard: one or "
                    "more cards subjects names leave their owner's graveyard, the owner `player` (default: you; 404.2): one "
                    "trigger for each set of simultaneous events (to the battlefield, a hand, exile, a library, or the stack "
                    "as a spell is cast from there, 601.2a: engine/game/gy_leave.py); becomes_untapped: a subject on the battlefield "
                    "goes from tapped to untapped (603.2e, 701.26a: in its controller's untap step, 502.3, or by an "
                    "instruction; what triggers in the untap step waits for the upkeep, 502.4; engine/game/events.py); exploits: the "
                    "controller of a subject's exploit ability sacrifices a creature as that ability resolves (702.110b; a "
                    "trigger on a sacrifice, read as the objects were before it, 603.10a: the subject sacrificing itself "
                    "triggers it; engine/game/exploit.py); explores: a subject has explored (701.44b: once 701.44a is done, even "
                    "if some of it was impossible; the explorer on the battlefield then: engine/game/library_ops.py); loses_life: a player `player` (default you) "
                    "loses life, each life-loss event one trigger (119.3: damage to a player, 120.3a, a payment, an "
                    "instruction; 'that much' the life lost), with during_your_turn only during its controller's turn; day_night: "
                    "day becomes night or night becomes day (731, the current official rules: the seed text stops at "
                    "702.42; 502.2 names it; not as it first becomes day or night from neither; with `becomes`, only "
                    "as it becomes that one; the game loop, engine/game/transform.py); set_in_motion: 'When you set this scheme in "
                    "motion' (701.32, 314.4: the source, a scheme card in the command zone, is set in motion by its "
                    "owner, the archenemy, 904; with source_zone command; the game loop, engine/game/schemes.py); chaos_ensues: chaos ensues (311.7, 901.9b: the "
                    "chaos symbol rolled on the planar die, the current official rules), the source a face-up plane; "
                    "planeswalk_to, planeswalk_away: its controller planeswalks to the source (turned face up) or away "
                    "from it (turned face down, 603.10g: as it last existed; 701.31b-d); encounter: the source, a "
                    "phenomenon, moved off a planar deck and turned face up (312.5): the game loop, "
                    "engine/game/planechase.py; ring_tempts: the Ring tempts a player `player` (default you; 701.54d: "
                    "once they have chosen their Ring-bearer, or none; the game loop, engine/game/ring.py)")
    subjects: Optional[Selector] = Field(
        default=None, description="the objects whose zone change or entering counts, as they last existed (603.10a); "
                                  "default: the source")
    player: Optional[Literal["you", "opponent", "any"]] = Field(
        default=None, description="gain_life, damage_prevented, draws, discards: whose (default: you); becomes_target: whose "
                                  "spell or ability (default: anyone's)")
    nth: Optional[int] = Field(default=None, ge=2, description="draws: only the player's nth card drawn in the turn "
                                                                 "('your second card each turn': 2)")
    kind: Optional[str] = Field(default=None, description="counters_removed, counters_put: this kind of counter "
                                                          "('loyalty', '+1/+1'; counters_put without it: any kind)")
    combat: bool = Field(default=False, description="deals_damage, dealt_damage: combat damage only ('deals combat "
                                                    "damage', 'is dealt combat damage')")
    to_player: bool = Field(default=False, description="deals_damage: to a player only ('to a player')")
    to_player_or_planeswalker: bool = Field(default=False, description="510.2, 603.2, 306.8: deals_damage: to a player or "
                                                                       "a planeswalker only ('to a player or planeswalker'; "
                                                                       "a planeswalker as the damage is dealt)")
    if_greater_pt: bool = Field(default=False, description="603.4, 702.100a: the intervening 'if that creature's power is "
                                                           "greater than this creature's power and/or that creature's "
                                                           "toughness is greater than this creature's toughness' of an "
                                                           "enters trigger (checked as it enters and as it resolves, "
                                                           "608.2h: as they last existed)")
    if_not_renowned: bool = Field(default=False, description="603.4, 702.112a: the intervening 'if it isn't renowned' "
                                                             "(the source: checked as the event happens and as the "
                                                             "ability resolves)")
    if_has_counter: bool = Field(default=False, description="603.4, 702.58a: the intervening 'if this permanent has a "
                                                            "+1/+1 counter on it' of an enters trigger of other subjects "
                                                            "(the source: checked as the event happens and as the "
                                                            "ability resolves, while the source is on the battlefield)")
    # --- intervening "if" on event triggers (issue 21) ---
    if_kicked: bool = Field(default=False, description="603.4, 702.33d: the intervening 'if it was kicked' of the "
                                                       "source's own enters trigger: the permanent entered as a spell "
                                                       "cast with its kicker (checked as it enters; as it resolves it "
                                                       "still was)")
    if_bargained: bool = Field(default=False, description="603.4, 702.166b *(EN, current official rules)*: the "
                                                          "intervening 'if it was bargained' of the source's own enters "
                                                          "trigger: the permanent entered as a bargained spell (checked "
                                                          "as it enters; as it resolves it still was)")
    if_x_at_least: Optional[int] = Field(default=None, ge=1, description="603.4, 702.156a, 107.3m: the intervening 'if X "
                                                                          "is N or more' of the source's own enters "
                                                                          "trigger: the X its spell was cast with, at "
                                                                          "least N (checked as it enters; X doesn't "
                                                                          "change after)")
    to_opponent: bool = Field(default=False, description="deals_damage: to an opponent of the ability's controller "
                                                         "only ('to an opponent')")
    # --- damage and combat triggers (issue 21) ---
    to_creature: bool = Field(default=False, description="deals_damage: to a creature only ('deals combat damage to a "
                                                         "creature', 120.3, 510.2: the permanent dealt damage a creature "
                                                         "as the damage is dealt); the ability's 'that creature' is that "
                                                         "creature, one trigger for each (603.2)")
    # --- combat triggers on groups (issue 21) ---
    one_or_more: Optional[Literal["each_player", "once"]] = Field(
        default=None, description="deals_damage with combat and subjects: 'whenever one or more creatures you control deal "
                                  "combat damage to a player' (each_player: one trigger for each player dealt such "
                                  "damage in a combat damage step, 510.2, 603.2; that player is the ability's) or '... to "
                                  "one or more players' (once: one trigger for the step)")
    or_event: Optional[Literal["dies", "attacks", "transforms", "turned_face_up", "leaves_battlefield"]] = Field(
        default=None, description="enters: the ability also triggers on this event of the same subjects ('When this "
                                  "creature enters or dies', 'Whenever this creature enters or attacks': one ability, "
                                  "603.2; attacks: as attackers are declared, 508.2a, the combat program; transforms: "
                                  "'enters or transforms into ~', the source's own, 701.27e, the game loop; turned_face_up: 'enters "
                                  "or is turned face up', 702.37e, the game loop; leaves_battlefield: 'enters or leaves the battlefield', "
                                  "603.6c, the subjects as they last existed, 603.10a)")
    enters_untapped: bool = Field(default=False, description="enters: only if the source is untapped as it has entered "
                                                             "('When this land enters untapped': 603.6a, 110.5; not "
                                                             "when a replacement had it enter tapped, 614.1c)")
    at_once: bool = Field(default=False, description="discards: 'Whenever you discard one or more [artifact] cards': one "
                                                     "trigger for the cards the player discards at once (701.9, 603.2), "
                                                     "subjects the cards' selector (their card types, in the hand); 'that "
                                                     "many': the number of them (engine/game/batches.py)")
    during_your_turn: bool = Field(default=False, description="loses_life: only during its controller's turn ('Whenever you "
                                                              "lose life during your turn', 102.2)")
    first_each_turn: bool = Field(default=False, description="becomes_target: only the first time each turn the subject "
                                                             "becomes a target of a spell or ability `player` names "
                                                             "(default: anyone's): 'for the first time each turn' (115.1, "
                                                             "603.2e; valiant; engine/game/targeted.py); gain_life: only "
                                                             "the player's first life gain of the turn (119.9: none "
                                                             "before it, the first of simultaneous ones)")
    damaged_by_source: bool = Field(default=False, description="dies: only a subject the source (the object it is now) "
                                                               "dealt damage to this turn, as the subject last existed "
                                                               "('Whenever a creature dealt damage by this creature this "
                                                               "turn dies': 120.3, 603.10a; engine/game/damaged_by.py)")
    source_zone: Literal["battlefield", "graveyard", "command"] = Field(
        default="battlefield", description="where the source must be for it to trigger: graveyard for 'if this card is "
                                           "in your graveyard' (Bridge from Below); command for a scheme's "
                                           "set_in_motion (314.4: a face-up scheme's abilities function in the "
                                           "command zone); default: the battlefield (113.6)")
    becomes: Optional[Literal["day", "night"]] = Field(
        default=None, description="day_night: only as it becomes this ('Whenever night becomes day': day; default: "
                                  "either, 'Whenever day becomes night or night becomes day'; 731, the current official "
                                  "rules)")
    at_upkeep: bool = Field(default=False, description="planeswalk_to: also 'at the beginning of your upkeep' ('When you "
                                                       "planeswalk to ~ and at the beginning of your upkeep': one "
                                                       "ability, two trigger conditions, 603.2; 503.1: as the upkeep of "
                                                       "its controller, the planar controller, begins; the game loop, "
                                                       "engine/game/planechase.py)")
    # --- the Ring (issue 21): 701.54 (current official rules)
    if_other_bearer: bool = Field(default=False, description="ring_tempts: the intervening 'if you chose a creature "
                                                             "other than ~ as your Ring-bearer' (603.4: the creature "
                                                             "chosen as that temptation's Ring-bearer, 701.54a, is "
                                                             "another object than the source; none chosen: false)")
    bearer_chosen: bool = Field(default=False, description="ring_tempts: 'Whenever you choose a creature as your "
                                                           "Ring-bearer' (701.54a: only a temptation in which a "
                                                           "creature is chosen, the one already the Ring-bearer "
                                                           "included)")
    # --- Sagas (issue 21): 714.2b-c (current official rules; the seed's 'Sagas' keyword text gives the same meaning)
    chapters: Optional[tuple[int, ...]] = Field(
        default=None, description="a chapter ability (714.2b-c): counters_put of kind lore on the source, with the "
                                  "intervening 'if the number of lore counters on it was less than N and became at "
                                  "least N', one trigger for each N so crossed ('I —': (1,); 'II, III —': (2, 3)); its "
                                  "final chapter number (714.2d) the greatest N of the Saga's chapter abilities")

    @model_validator(mode="after")
    def _fields(self) -> "ZoneTrigger":
        if self.during_your_turn and self.event != "loses_life":
            raise ValueError("'during_your_turn' belongs to the loses_life event")
        if self.player is not None and self.event not in ("gain_life", "damage_prevented", "draws", "becomes_target", "loses_life",
                                                          "discards", "scries", "surveils", "tapped_for_mana",
                                                          "leaves_graveyard", "ring_tempts"):
            raise ValueError("'player' belongs to the gain_life, damage_prevented, draws, discards and becomes_target "
                             "events")
        if self.subjects is not None and (self.event in ("gain_life", "damage_prevented", "draws", "scries", "surveils", "loses_life",
                                                         "commits_crime", "ring_tempts") or self.event == "discards" and not self.at_once):
            raise ValueError("gain_life, damage_prevented, draws and discards take 'player', not 'subjects'")
        if self.or_event is not None and self.event != "enters":
            raise ValueError("'or_event' belongs to the enters event ('enters or dies', 'enters or attacks')")
        if self.event == "transforms" and (self.subjects is not None or self.or_event is not None):
            raise ValueError("the transforms event is the source's own ('When this creature transforms into ~')")
        if self.event == "becomes_monstrous" and (self.subjects is not None or self.or_event is not None):
            raise ValueError("the becomes_monstrous event is the source's own ('When this creature becomes monstrous')")
        if self.or_event == "transforms" and self.subjects is not None:
            raise ValueError("'enters or transforms into ~' is the source's own")
        if self.if_greater_pt and (self.event != "enters" or self.subjects is None):
            raise ValueError("'if_greater_pt' belongs to an enters trigger of other subjects (702.100a)")
        if self.if_has_counter and (self.event != "enters" or self.subjects is None):
            raise ValueError("'if_has_counter' belongs to an enters trigger of other subjects (702.58a)")
        if self.if_kicked and (self.event != "enters" or self.subjects is not None or self.or_event is not None):
            raise ValueError("'if_kicked' belongs to the enters trigger of the source itself (702.33d)")
        if self.if_bargained and (self.event != "enters" or self.subjects is not None or self.or_event is not None):
            raise ValueError("'if_bargained' belongs to the enters trigger of the source itself (702.166b)")
        if self.if_x_at_least is not None and (self.event != "enters" or self.subjects is not None
                                               or self.or_event is not None):
            raise ValueError("'if_x_at_least' belongs to the enters trigger of the source itself (702.156a)")
        if self.bearer_chosen and self.event != "ring_tempts":
            raise ValueError("'bearer_chosen' belongs to a ring_tempts trigger (701.54a)")
        if self.if_other_bearer and (self.event != "ring_tempts" or self.subjects is not None):
            raise ValueError("'if_other_bearer' belongs to a ring_tempts trigger (701.54a)")
        if self.if_not_renowned and (self.event != "deals_damage" or self.subjects is not None):
            raise ValueError("'if_not_renowned' belongs to a deals_damage trigger of the source itself (702.112a)")
        if self.event == "leaves_graveyard" and (self.subjects is None or self.subjects.zone != "battlefield"
                                                 or "zone" in self.subjects.model_fields_set):
            raise ValueError("leaves_graveyard: the cards' selector (subjects, no zone: they are in the graveyard)")
        if self.to_player_or_planeswalker and (self.event != "deals_damage" or self.to_player or self.to_opponent
                                               or self.to_creature):
            raise ValueError("'to_player_or_planeswalker' belongs to a deals_damage trigger (no other recipient)")
        if self.to_creature and (self.event != "deals_damage" or self.to_player or self.to_opponent):
            raise ValueError("'to_creature' belongs to a deals_damage trigger (not to a player)")
        if self.one_or_more is not None and (self.event != "deals_damage" or not self.combat or self.subjects is None
                                             or not self.to_player):
            raise ValueError("'one_or_more' belongs to a combat deals_damage trigger to a player of subjects (510.2)")
        if self.damaged_by_source and (self.event != "dies" or self.subjects is None or self.or_event is not None):
            raise ValueError("'damaged_by_source' belongs to a dies trigger of subjects ('a creature dealt damage by this "
                             "creature this turn dies')")
        if self.enters_untapped and (self.event != "enters" or self.subjects is not None or self.or_event is not None):
            raise ValueError("'enters_untapped' belongs to the enters trigger of the source itself")
        if self.at_once and self.event != "discards":
            raise ValueError("'at_once' belongs to the discards event ('discard one or more cards')")
        if self.first_each_turn and self.event not in ("becomes_target", "gain_life"):
            raise ValueError("'first_each_turn' belongs to the becomes_target and gain_life events")
        if self.event in PLANAR_EVENTS and (self.subjects is not None or self.or_event is not None):
            raise ValueError("the planar events are the face-up plane's or phenomenon's own (311.7, 701.31d, 312.5)")
        if self.event == "day_night" and (self.subjects is not None or self.or_event is not None):
            raise ValueError("the day_night event is the game's, no object's (731)")
        if (self.event == "set_in_motion") != (self.source_zone == "command") or self.event == "set_in_motion" and (
                self.subjects is not None or self.or_event is not None):
            raise ValueError("the set_in_motion event is the scheme's own, in the command zone (701.32, 314.4)")
        if self.at_upkeep and self.event != "planeswalk_to":
            raise ValueError("'at_upkeep' belongs to the planeswalk_to event")
        if self.becomes is not None and self.event != "day_night":
            raise ValueError("'becomes' belongs to the day_night event")
        if self.nth is not None and self.event != "draws":
            raise ValueError("'nth' belongs to the draws event")
        if self.chapters is not None and (self.event != "counters_put" or self.kind != "lore" or self.subjects is not None
                                          or not self.chapters or min(self.chapters) < 1):
            raise ValueError("'chapters' belongs to a counters_put trigger of kind lore of the source itself (714.2b)")
        return self
