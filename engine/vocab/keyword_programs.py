"""What each keyword ability that a program or the game loop executes is executed by (702): the tables
:func:`engine.vocab.cardfile.executable_by` reads, by program (combat, damage, play, casting), each entry
naming the rules it executes."""

from __future__ import annotations

# Keywords the attack and block programs read (docs/combat.md), and what of them they execute.
COMBAT_KEYWORDS = {
    "flying": "block (702.9b)", "reach": "block (702.17b)", "shadow": "block (702.28b)",
    "horsemanship": "block (702.31b)", "fear": "block (702.36b)", "intimidate": "block (702.13b)",
    "landwalk": "block (702.14c)", "menace": "block (702.111b)", "skulk": "block (702.118b)", "defender": "attack (702.3b)",
    "haste": "attack (702.10b); not its {T} abilities yet",
    "banding": "attack, block (702.22c-d, 702.22h), damage (702.22j-k: who divides the damage)",
    # (only "bands with other legendary creatures" compiles: engine/vocab/oracle/oracle.lark)
    "bands with other": "attack: bands of legendary creatures (702.22b-d, 702.22h), damage (702.22j-k: who divides "
                        "the damage)",
    "flanking": "block: whether it triggers, once per instance and blocker without flanking (702.25a-b, 509.3d); "
                "play: the blocker gets -1/-1 until end of turn",
    "annihilator": "attack: whether it triggers, once per instance (702.86a-b, 508.2a); play: the defending player "
                   "sacrifices N permanents",
    "exalted": "attack: whether it triggers, once per instance, when a creature its controller controls attacks alone "
               "(702.83a-b, 506.5, 508.2a); play: that creature gets +1/+1 until end of turn",
    "bushido": "attack/block: whether it triggers, once per instance, as it blocks or becomes blocked (702.45a-b, "
               "509.3a, 509.3c); play: it gets +N/+N until end of turn",
    "battle cry": "attack: it triggers, once per instance, as it attacks (702.91a-b, 508.2a); play: each other "
                  "attacking creature gets +1/+0 until end of turn",
    "rampage": "block: it triggers, once per instance, as it becomes blocked (702.23a, 702.23c, 509.3c); play: +N/+N "
               "until end of turn for each blocker beyond the first, counted as it resolves (702.23b)",
    "afflict": "block: it triggers, once per instance, as it becomes blocked (702.130a-b, 509.3c); play: the defending "
               "player loses N life",
    "melee": "attack: it triggers, once per instance, as it attacks (702.121a-b, 508.2a); play: it gets +1/+1 until end "
             "of turn for each opponent its controller attacked with a creature this combat, counted as it resolves "
             "(608.2h)",
    "enlist": "attack (702.154a, current official rules: as it attacks, the declaration's enlist taps an untapped "
              "creature its controller controls that isn't attacking and has haste or has been under their control since "
              "the turn began, 508.1; play: the reflexive trigger, 603.12, gives it +X/+0 until end of turn, X that "
              "creature's power: engine/game/enlist.py; the attack's enlist)",
    "myriad": "attack: it triggers, once per instance, as it attacks (702.116a-b, current official rules, 508.2a); play: "
              "for each opponent other than the defending player its controller may create a token copy of it, tapped "
              "and attacking that player or a planeswalker they control (508.4: never declared); the tokens exiled at "
              "end of combat, 603.7c: engine/game/myriad.py",
    "protection": "block (702.16e); damage from sources of a color, of a card type or everything is prevented (702.16e, "
                  "615: replace, damage, play; printed protection only); not enchanting, targeting yet",
}
# Keywords the combat damage step executes (engine/game/combat_damage.py, docs/damage.md).
DAMAGE_KEYWORDS = {
    "first strike": "damage (510.4, 702.7b)", "double strike": "damage (510.4, 702.4b)",
    "trample": "damage (702.19b, 702.19e)", "trample over planeswalkers": "damage (702.19c-e)",
    "deathtouch": "damage (702.2c), state-based actions (704.5h)", "lifelink": "damage (702.15b)",
    "indestructible": "state-based actions (702.12b: not destroyed by 704.5g-h)",
    "infect": "damage (120.3b, 120.3d)", "wither": "damage (120.3d)",
    "toxic": "damage (702.164c: combat damage to a player also gives poison counters, the total toxic value)",
    "undying": "whether it triggers (702.93a, on the counters it last had: replace, damage, sba); play: it returns "
               "with a +1/+1 counter, which the replacement effects see (Solemnity)",
    "persist": "whether it triggers (702.79a, on the counters it last had: replace, damage, sba); play: it returns "
               "with a -1/-1 counter, which the replacement effects see (Melira)",
}


# Keywords the game loop reads otherwise (engine/game/, docs/play.md).
PLAY_KEYWORDS = {
    "daybound": "play (702.145b-c: with it on the battlefield and neither day nor night, it becomes day; as it becomes "
                "night, 502.2, it transforms; at night it enters transformed; it transforms only so: "
                "engine/game/transform.py)",
    "nightbound": "play (702.145d-f: as it becomes day, 502.2, it transforms; alone and neither day nor night, it "
                  "becomes night; it transforms only so: engine/game/transform.py)",
    "vigilance": "play (702.20b, 508.1f: attacking doesn't cause it to tap)",
    "flash": "play (702.8a, 117.1a: cast any time its player could cast an instant)",
    "hexproof": "play (702.11b: it can't be the target of its opponents' spells and abilities)",
    "shroud": "play (702.18a: it can't be the target of spells or abilities)",
    "enchant": "play (702.5a, 303.4a: what the Aura spell targets; 303.4f: attached to it as it enters)",
    "equip": "play (702.6a: attach to target creature you control, as a sorcery; 702.6c: with its quality; 613.7e; 704.5n)",
    "embalm": "play (702.128a: from the graveyard, as a sorcery: a token copy, a white Zombie with no mana cost)",
    "outlast": "play (702.107a: [cost], {T}: a +1/+1 counter on this creature, as a sorcery)",
    "level up": "play (702.87a: [cost]: a level counter on this permanent, as a sorcery)",
    "devoid": "layers (702.114a: a characteristic-defining ability, the card is colorless: its colors are none)",
    "changeling": "layers (702.73a: a characteristic-defining ability, it is every creature type, 613.1d, 613.3)",
    "prowess": "play (702.108a: the triggered ability it stands for, 'whenever you cast a noncreature spell, this "
               "creature gets +1/+1 until end of turn': 601.2i, 603.2, 611.2)",
    "cycling": "play (702.29a: [cost], discard this card: draw a card, activated from the hand)",
    "typecycling": "play (702.29e: [cost], discard this card: search your library for a [type] card, reveal it, put it "
                   "into your hand, then shuffle; activated from the hand, the card found is the action's searching)",
    "transmute": "play (702.53a, current official rules: [cost], discard this card: search your library for a card with "
                 "the same mana value as the discarded card, reveal it, put it into your hand, then shuffle; activated "
                 "from the hand only as a sorcery, the card found is the action's searching)",
    "ninjutsu": "play (702.49a, 702.49c, current official rules: [cost], reveal this card from your hand, return an "
                "unblocked attacking creature you control to its owner's hand: put this card onto the battlefield from "
                "your hand tapped and attacking what the returned creature attacked, unblocked, 508.4: never declared; "
                "activated from the hand once blockers are declared, 509.1h; the action's returning: "
                "engine/game/ninjutsu.py)",
    "dredge": "play (702.52a-b, current official rules: from its owner's graveyard, as they would draw a card with at "
              "least N cards in their library, they may mill N cards and return it to their hand instead, the "
              "answer {dredge: ID or null}: engine/game/dredge.py)",
    "ward": "play (702.21a: as a spell or ability of an opponent targets it, it triggers: counter that spell or ability "
            "unless its controller pays the cost, {may: ...})",
    "cascade": "play (702.85a: as the spell is cast it triggers: exile from the top of the library until a nonland card "
               "of lesser mana value, which may be cast without paying its mana cost ({cast: ID, cascade: true}); the "
               "rest to the bottom in a random order)",
    "storm": "play (702.40a: as it is cast, it triggers: a copy of the spell for each other spell cast before it this "
             "turn, 707.10)",
    "cumulative upkeep": "play (702.24a: at the beginning of its controller's upkeep, an age counter, then pay the cost "
                         "for each age counter or sacrifice it; {may: ...}; a cost of mana symbols, or 'Pay N life.', "
                         "119.4: engine/game/cumulative.py)",
    "split second": "play (702.61a: while the spell is on the stack, no other spell is cast and no ability but a mana "
                    "ability activated)",
    "vanishing": "play (702.63a: it enters with N time counters, 614.1c: replace; at the beginning of its controller's "
                 "upkeep, if it has a time counter, one is removed, 603.4; when the last is removed, it is sacrificed, "
                 "603.2; engine/game/vanishing.py)",
    "start your engines!": "play (702.179, current official rules: its controller, with no speed, gets speed 1, a "
                           "state-based action; the player's speed ability, 'Whenever one or more opponents lose life "
                           "during your turn, if your speed is less than 4, increase your speed by 1', once each turn: "
                           "engine/game/speed.py)",
    "ascend": "play (702.131a-b, current official rules: on a permanent, any time its controller controls ten or more "
              "permanents they get the city's blessing, checked before the state-based actions; on an instant or "
              "sorcery, as it resolves; 702.131c: a designation for the rest of the game: engine/game/ascend.py)",
    "soulbond": "play (702.95a, current official rules: as it or another creature its controller controls enters, both "
                "unpaired, it triggers; as it resolves they may pair the two, {pair: ID or null}; 702.95d: unpaired when "
                "either leaves the battlefield, changes controller or stops being a creature: engine/game/soulbond.py)",
    "crew": "play (702.122a: tap untapped creatures with total power N or greater: it becomes an artifact creature "
            "until end of turn, 613.1d; the action's tapping)",
    "saddle": "play (702.171a-b: as a sorcery, tap other untapped creatures with total power N or greater: it becomes "
              "saddled until end of turn, 514.2, or until it leaves the battlefield; the action's tapping; "
              "engine/game/mounts.py)",
    "read ahead": "play (702.155b: as the Saga enters, its controller chooses a number from one to its final chapter "
                  "number, the lore counters it enters with, as_enters: {chapter: N}; 702.155a: the turn it entered, "
                  "a chapter ability triggers only at exactly its number: engine/game/sagas.py)",
    "eternalize": "play (702.129a, current official rules: from the graveyard, as a sorcery, the card exiled to pay its "
                  "cost: a token copy, a 4/4 black Zombie with no mana cost, 707.9b: engine/game/gy_tokens.py)",
    "encore": "play (702.141a, current official rules: from the graveyard, as a sorcery, the card exiled to pay its cost: "
              "for each opponent a token copy that attacks that opponent this turn if able, 508.1d: the attack "
              "program's attacks_player; the tokens gain haste, 611.2a; sacrificed at the beginning of the next end "
              "step, 603.7c: engine/game/gy_tokens.py)",
}
# Keywords the game loop reads as a spell is cast (engine/game/, docs/play.md).
CAST_KEYWORDS = {
    "kicker": "play (601.2b, 601.2f: an additional cost, 702.33)",
    "morph": "play: cast face down as a 2/2 creature spell for {3} (702.37c, 708.2); turned face up for its morph "
             "cost (116.2b, 702.37e)",
    "megamorph": "play: cast face down as a 2/2 creature spell for {3} (702.37b-c, 708.2); turned face up for its "
                 "megamorph cost, a morph cost, with a +1/+1 counter put on it as it is turned face up (116.2b, 702.37b, "
                 "702.37e; 122.1: the replacement effects apply)",
    "madness": "play: discarded into exile, and cast from there for its madness cost as its trigger resolves "
               "(702.35a, 608.2g)",
    "escape": "play: cast from the graveyard for its escape cost, exiling the other cards it names (702.138a); "
              "it escapes (702.138c: 'escapes with')",
    "bestow": "play: cast for its bestow cost as an Aura spell (702.103b, 601.3b); the permanent stays an Aura "
              "(702.103f not yet)",
    "convoke": "play (702.51a: untapped creatures tapped to pay mana of the total cost, 601.2h; the cast's convoking)",
    "improvise": "play (702.126a: untapped artifacts tapped to pay generic mana of the total cost, 601.2h; the cast's "
                 "improvising)",
    "delve": "play (702.66a: cards of the graveyard exiled to pay generic mana of the total cost, 601.2h; the cast's "
             "delving)",
    "affinity": "play (702.41a: the spell costs {1} less for each such permanent its caster controls, 601.2f)",
    "flashback": "play (702.34a: cast from the graveyard for its flashback cost, an instant or sorcery spell; exiled "
                 "whenever it would leave the stack; the cast's flashback)",
    "buyback": "play (702.27a: an additional cost, its mana or its parts in words, 'Buyback—Sacrifice a land.', 601.2h; "
               "paid, the spell goes to its owner's hand as it resolves; the cast's buyback)",
    "retrace": "play (702.81a: cast from the graveyard by discarding a land card as an additional cost, 601.2b, "
               "601.2f-h; the cast's retrace and discarding)",
    "jump-start": "play (702.133a: an instant or sorcery cast from the graveyard by discarding a card as an additional "
                  "cost; exiled whenever it would leave the stack; the cast's jump_start and discarding)",
    "dash": "play (702.109a: cast for its dash cost rather than its mana cost, 601.2b, 601.2f-h; the permanent it becomes "
            "has haste as long as its dash cost was paid, layers; at the beginning of the next end step it returns to "
            "its owner's hand, 603.7: engine/game/dash.py; the cast's dash)",
    "entwine": "play (702.42a: all the modes of the modal spell chosen, 601.2b, for its entwine cost, an additional "
               "cost, 601.2f; 702.42b: they resolve in the order written: engine/game/entwine.py; the cast's entwined)",
    "replicate": "play (702.56a: its replicate cost paid any number of times, an additional cost, 601.2b, 601.2f; as it "
                 "is cast, if paid, it triggers, 603.4: a copy for each time, each with new targets if chosen, 707.10c: "
                 "engine/game/replicate.py; the cast's replicate: N)",
    "squad": "play (702.157a, current official rules: its squad cost paid any number of times, an additional cost, "
             "601.2b, 601.2f; as the creature enters, if paid, it triggers, 603.4: a token copy of it for each time, "
             "707.2: engine/game/squad.py; the cast's squad: N)",
    "offspring": "play (702.175a, current official rules: its offspring cost paid, an additional cost, 601.2b, 601.2f; "
                 "as the permanent enters, if paid, it triggers, 603.4: a token copy of it, except it's 1/1, 707.9b: "
                 "engine/game/squad.py; the cast's offspring)",
    "surge": "play (702.117a: cast for its surge cost rather than its mana cost if its caster cast another spell this "
             "turn, 601.2b, 601.2f-h: engine/game/alt_costs.py; the cast's surge)",
    "overload": "play (702.96a: cast for its overload cost rather than its mana cost, 601.2b, 601.2f-h, its text "
                "changed: 'each' for 'target', its overloaded abilities; 702.96b: no targets: engine/game/overload.py; "
                "the cast's overload)",
    "spectacle": "play (702.137a: cast for its spectacle cost rather than its mana cost if an opponent lost life this "
                 "turn, 119.3, 601.2b, 601.2f-h: engine/game/alt_costs.py; the cast's spectacle)",
    "evoke": "play (702.74a: cast for its evoke cost rather than its mana cost, 601.2b, 601.2f-h; as the permanent it "
             "becomes enters, its triggered ability triggers, 603.4: its controller sacrifices it, 701.21a: "
             "engine/game/evoke.py; the cast's evoke)",
    "rebound": "play (702.88a: cast from its caster's hand, the spell is exiled as it resolves instead of going to the "
               "graveyard; at the beginning of their next upkeep they may cast it from exile without paying its mana "
               "cost, {cast: ID, rebound: true})",
    # --- keywords casting a card from another zone or for an alternative cost (issue 21, current official rules) ---
    "disturb": "play (702.146a: cast transformed from the graveyard for its disturb cost rather than its mana cost, the "
               "spell its back face's, 601.3e; 702.146b: it enters the battlefield back face up: engine/game/altcast.py; "
               "the cast's disturb)",
    "foretell": "play (702.143a: any time its owner has priority during their turn, a special action, 702.143b: pay {2} and "
                "exile it from their hand face down, {foretell: ID}; on a later turn cast from exile for its foretell "
                "cost rather than its mana cost: engine/game/altcast.py; the cast's foretold)",
    "escalate": "play (702.120a: for each mode chosen beyond the first, 700.2, 601.2b, an additional cost, 601.2f-h: "
                "its mana, or its parts in words, 'Escalate—Discard a card.': engine/game/optional_costs.py; the cast's "
                "modes)",
    "assist": "play (702.132a: another player chosen, their mana abilities activated first, 601.2g, pays any amount "
              "of the generic mana of the total cost, 601.2h; the cast's assist, assist_pays and assist_tap: "
              "engine/game/assist.py)",
    # --- optional additional costs of keywords (issue 21, current official rules; engine/game/optional_costs.py) ---
    "bargain": "play (702.166a: an optional additional cost, an artifact, enchantment or token its caster controls "
               "sacrificed, 601.2b, 601.2f-h; 702.166b: the spell is bargained, 'if this spell was bargained', 'if it "
               "was bargained'; the cast's bargain and sacrificing)",
    "casualty": "play (702.153a: an optional additional cost, a creature with power N or greater its caster controls "
                "sacrificed, 601.2b, 601.2f-h; as the spell is cast, if it was paid, it triggers, 603.4: a copy of the "
                "spell, with new targets if chosen, 707.10c; the cast's casualty and sacrificing)",
    "conspire": "play (702.78a: an optional additional cost, two untapped creatures its caster controls that each share "
                "a color with it tapped, 601.2b, 601.2f-h; as the spell is cast, if it was paid, it triggers, 603.4: a "
                "copy of the spell, with new targets if chosen, 707.10c; the cast's conspire and tapping)",
    "warp": "play (702.185a: cast from the hand for its warp cost rather than its mana cost, 601.2b, 601.2f-h; at the "
            "beginning of the next end step the permanent it becomes is exiled, 603.7; its owner may cast the warped "
            "card from exile after that turn, 702.185b: engine/game/warp.py; the cast's warp)",
    "disguise": "play: cast face down as a 2/2 creature spell for {3} (702.168a, current official rules; 708.2), the "
                "permanent a 2/2 with ward {2} (layers: 613.2b, layer 1b; its ward triggers as a printed one, 702.21a); "
                "turned face up for its disguise cost (116.2b, 702.168)",
    "undaunted": "play (702.125a: the spell costs {1} less for each opponent its caster has, 601.2f; 702.125b: those "
                 "still in the game: engine/game/undaunted.py)",
    "gravestorm": "play (702.69a: as it is cast, it triggers: a copy of the spell for each permanent put into a "
                  "graveyard from the battlefield this turn, tokens too, with new targets if its controller chooses, "
                  "707.10c; the game loop's count, a board's to_graveyard_this_turn)",
    "blitz": "play (702.152a, current official rules: cast for its blitz cost rather than its mana cost, 601.2b, "
             "601.2f-h; the permanent it becomes has haste and 'When this permanent is put into a graveyard from the "
             "battlefield, draw a card' as long as its blitz cost was paid, layers; at the beginning of the next end step "
             "it is sacrificed, 603.7: engine/game/blitz.py; the cast's blitz)",
    "freerunning": "play (702.173a, current official rules: cast for its freerunning cost rather than its mana cost, "
                   "601.2b, 601.2f-h, if a player was dealt combat damage this turn by an Assassin creature or a "
                   "commander under the caster's control, 510.2: engine/game/turn_records.py, alt_costs.py; the cast's "
                   "freerunning)",
    "emerge": "play (702.119a, current official rules: cast for its emerge cost and by sacrificing a creature its caster "
              "controls rather than its mana cost, 601.2b, 601.2f-h; the total cost reduced by that creature's mana "
              "value, generic mana only, 118.7a: engine/game/emerge.py; the cast's emerge and sacrificing)",
    "prototype": "play (702.160a, 718.3, current official rules: cast prototyped for its prototype mana cost, 601.2b, "
                 "601.2f-h; the spell and the permanent it becomes have that mana cost, its power and toughness and the "
                 "colors of that cost, 718.3b, copiable values, 718.2a; its normal characteristics again off the stack "
                 "and the battlefield, 718.4: engine/game/prototype.py; the cast's prototype)",
    "awaken": "play (702.113a, current official rules: an instant or sorcery cast for its awaken cost rather than its "
              "mana cost, 601.2b, 601.2f-h; it has then the spell ability 'Put N +1/+1 counters on target land you "
              "control. That land becomes a 0/0 Elemental creature with haste. It's still a land.', its target chosen "
              "last, 702.113b, followed last, 608.2c: engine/game/awaken.py; the cast's awaken)",
    "plot": "play (702.170a-b, current official rules: any time its owner has priority during their main phase while the "
            "stack is empty, a special action: pay its plot cost and exile it from their hand, {plot: ID}; 702.170d: on "
            "a later turn, during their main phase with the stack empty, cast from exile without paying its mana cost, "
            "601.2b, 601.2f-h: engine/game/plot.py; the cast's plotted)",
    "suspend": "play (702.62a-d, current official rules: a special action when its owner could begin to cast it from "
               "their hand, {suspend: ID}: pay its suspend cost and exile it with N time counters; at the beginning of "
               "its owner's upkeep, if it is suspended, a time counter is removed, 603.4; when the last is removed, if "
               "it's exiled, they may cast it without paying its mana cost, 608.2g, {cast: ID, free: true}; a creature "
               "spell so cast gains haste for as long as they control the permanent: engine/game/suspend.py)",
    "mayhem": "play (702.187b, current official rules: as long as its owner discarded it this turn, 701.9, 514.1, cast "
              "from their graveyard for its mayhem cost rather than its mana cost, 601.2b, 601.2f-h, at the usual times: "
              "engine/game/mayhem.py; the cast's mayhem)",
    "harmonize": "play (702.180a, current official rules: cast from the graveyard for its harmonize cost rather than its "
                 "mana cost, tapping up to one untapped creature its caster controls, the total cost reduced by its "
                 "power, 601.2f, 118.7a; exiled whenever it would leave the stack: engine/game/harmonize.py; the cast's "
                 "harmonize and harmonize_tapping)",
}
# Effects on players that the game loop applies as a spell is cast (PlayerEffect.rule).
CAST_RULES = {
    "cast_as_flash": "play (601.3b: cast as though it had flash)",
    "cast_from_library_top": "play (601.3, 601.3e: cast from the top of the library)",
    "cant_cast": "play (601.3a, 601.5: can't cast)",
    "play_lands_from_library_top": "play (305.1, 305.2: a land played from the top of the library)",
    "play_lands_from_graveyard": "play (305.1, 305.2: a land played from its owner's graveyard)",
    "spells_cant_be_countered": "play (701.6a: a counter instruction leaves the spell on the stack)",
    "look_at_library_top": "play (401.5: information only, no action of the loop depends on it: a game file's "
                           "players act by script and see every zone)",
    "library_top_revealed": "play (401.5: information only, no action of the loop depends on it: a game file's "
                            "players act by script and see every zone)",
    "hand_revealed": "play (402.3: information only, no action of the loop depends on it: a game file's players act "
                     "by script and see every zone)",
}
# Keywords that have no effect in a game in progress: rules of deck construction, which function before the game
# begins (113.6p, seed text: "An ability that modifies the rules for deck construction functions before the game
# begins"). Nothing executes them during a game, and nothing needs to: the table says so instead of a program.
DECK_KEYWORDS = {
    kw: "none in a game in progress (702.124a, current official rules: a partner ability modifies the rules for deck "
        "construction in the Commander variant, 903, and functions before the game begins, 113.6p: two commanders "
        "rather than one; nothing for the game loop to do)"
    for kw in ("partner", "choose a background", "doctor's companion")
}
# 103.6a: "If this card is in your opening hand, you may begin the game with it on the battlefield." (StaticAbility
# before_game): an action taken after the mulligans and before the first turn (103.6), from the opening hand.
# A game file begins from a board, the opening hands and the first turn's beginning behind it (docs/play.md): the
# ability has nothing to do in the game in progress, as the deck construction keywords above.
# 100.2a, 113.6p: "A deck can have any number of cards named ~.", "~ can be your commander." (903.3, current official
# rules): rules of deck construction (StaticAbility before_game: deck_construction), which function before the game.
DECK_RULES = ("none in a game in progress (113.6p: an ability that modifies the rules for deck construction, 100.2a, "
              "903.3, functions before the game begins; nothing for the game loop to do)")
BEFORE_GAME = ("none in a game in progress (103.6a: the player may begin the game with it on the battlefield, an action "
               "taken from the opening hand after the mulligans and before the first turn, 103.6; a game file begins "
               "from a board: nothing for the game loop to do)")
