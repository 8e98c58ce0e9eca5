"""The keys of an object's or an effect's ``choices`` that the project reads, and the kind of value of each: the one
list the board loader checks every ``choices`` map against (engine/files/loader.py, board and game files alike) and
that the readers share (tests/test_choice_keys.py finds every key the engine and the bridge read or write in their
source and asks that it be here). An unknown key is an error naming it (issue 22: a key nothing reads would make the
effect apply to nothing without a word). The floor of the project: it imports nothing of it.

Each key: (the kind of its value, what it says). The kinds: ``bool``; ``int``: a whole number of 0 or more; ``str``:
a word or a name; ``id``: an object's id; ``copy``: an object's id, or true on a copy of a spell; ``ids``: a list
of object ids; ``ints``: a list of whole numbers;
``text``: true, or the words that say it (a reminder kept with the permanent); ``source``: a source of damage chosen
(609.7a: its id, or [id, zone, zone changes] as `mtgjudge play` keeps it); ``record``: the engine's own record
[turn, times]; ``any``: a value the engine keeps for itself (written by `--out`, read back as it is).
"""

from __future__ import annotations

# As the object entered or was cast (614.12, 601.2b-h), as an effect began (611.2, 608.2d), given by a user or
# written by `mtgjudge play --out`.
CHOICE_KEYS: dict[str, tuple[str, str]] = {
    # chosen as a permanent enters (614.12) or as a spell or ability resolves (608.2d)
    "color": ("str", "a color chosen (105.1): 'as this enters, choose a color', 'the color of your choice'"),
    "creature_type": ("str", "a creature type chosen (205.3m)"),
    "basic_land_type": ("str", "a basic land type chosen (305.6)"),
    "card_name": ("str", "a card name chosen (201.3)"),
    "player": ("str", "a player chosen ('choose an opponent', 614.12; 'the chosen player')"),
    "source": ("source", "a source of damage chosen (609.7a)"),
    "copy": ("copy", "the object it entered as a copy of, or the effect copies (707.2, 614.1c); on a spell, true: "
                     "a copy of a spell (707.10)"),
    "exiled": ("ids", "the cards in exile its linked ability exiled (607.2a: Sutured Ghoul's 'the exiled cards')"),
    "counted": ("ints", "the values an effect counts, as it began (611.2d), power before toughness"),
    "that": ("id", "the object the event that triggered a stack ability is about ('that creature', 603.7)"),
    "protector": ("str", "a battle's protector (310.8)"),
    # a spell as it was cast (601.2b-h) and the permanent it became
    "x": ("int", "the value of X announced (107.3a, 601.2b; 107.3m: an entering spell's X)"),
    "modes": ("ints", "the modes chosen, numbered from 1 (700.2, 601.2b)"),
    "divide": ("ints", "how its damage is divided among its targets, in their order (601.2d)"),
    "kicked": ("bool", "its kicker cost was paid (702.33d)"),
    "bargained": ("bool", "it was bargained (702.166b)"),
    "casualty_paid": ("bool", "its casualty cost was paid (702.153a)"),
    "conspired": ("bool", "its conspire cost was paid (702.78a)"),
    "cast_from_hand": ("bool", "it was cast from its owner's hand (601.2a)"),
    "mana_spent": ("str", "the mana spent to cast it, as symbols, e.g. '{2}{B}{G}' (601.2h; 'if {G} was spent')"),
    "sacrificed": ("any", "the power, toughness and mana value of what its cost sacrificed (112.7a, 608.2h)"),
    "emerge": ("any", "the creature its emerge cost sacrificed (702.119a)"),
    "harmonize_tapping": ("id", "the creature tapped for its harmonize cost (702.180a)"),
    "cant_be_countered": ("bool", "it can't be countered (a spend-only mana's rider)"),
    "exile_instead": ("bool", "an effect exiles it instead of putting it anywhere else as it resolves (601.3e)"),
    "replicate": ("int", "the times its replicate cost was paid (702.56a)"),
    "squad": ("int", "the times its squad cost was paid (702.157a)"),
    "offspring": ("int", "its offspring cost was paid (702.175a)"),
    "activated": ("bool", "a stack ability that is an activated ability, not a triggered one (113.7)"),
    "suspend_haste": ("bool", "cast by suspend: the creature it becomes has haste (702.62a)"),
    # the alternative and optional costs paid as it was cast (601.2b, 118.9)
    "adventure": ("bool", "cast as an Adventure (715.3)"),
    "face_down": ("bool", "cast face down (708.4)"),
    "escape": ("bool", "cast with escape (702.138a)"),
    "flashback": ("bool", "cast with flashback (702.34a)"),
    "buyback": ("bool", "its buyback cost was paid (702.27a)"),
    "jump_start": ("bool", "cast with jump-start (702.133a)"),
    "dash": ("bool", "its dash cost was paid (702.109a)"),
    "evoke": ("bool", "its evoke cost was paid (702.74a)"),
    "surge": ("bool", "its surge cost was paid (702.117a)"),
    "spectacle": ("bool", "its spectacle cost was paid (702.137a)"),
    "disturb": ("bool", "cast with disturb (702.146a)"),
    "foretold": ("bool", "cast foretold (702.143a)"),
    "warp": ("bool", "its warp cost was paid (702.185a, current official rules)"),
    "harmonize": ("bool", "its harmonize cost was paid (702.180a)"),
    "rebound": ("bool", "it has rebound, cast from the hand (702.88a)"),
    "overload": ("bool", "its overload cost was paid (702.96a)"),
    "blitz": ("bool", "its blitz cost was paid (702.152a)"),
    "freerunning": ("bool", "its freerunning cost was paid (702.173a)"),
    "awaken": ("bool", "its awaken cost was paid (702.113a)"),
    "prototype": ("bool", "cast prototyped (718.3a)"),
    "bestow": ("bool", "cast bestowed (702.103b)"),
    # the engine's own records on a permanent or an effect (`mtgjudge play --out` writes them)
    "doesnt_untap_next": ("text", "it doesn't untap during its controller's next untap step"),
    "exiled_until": ("ids", "the cards it exiled until it leaves the battlefield (610.3)"),
    "exiled_until_as": ("int", "its zone changes as it exiled them (400.7)"),
    "while_on_battlefield_as": ("int", "an effect that lasts while an object stays the object it was (400.7, 611.2b)"),
}

# Keys made of a prefix and an ability's text: the engine's records of the activations of a permanent's abilities
# this turn (602.5b: "Activate only once each turn"; 602.5d).
CHOICE_PREFIXES: dict[str, tuple[str, str]] = {
    "activations on turn: ": ("record", "[turn, times] an ability of this text was activated (602.5b)"),
    "activated on turn: ": ("int", "the turn a mana ability of this text was activated (602.5b)"),
}


def kind_of(key: str) -> str | None:
    """The kind of a key's value; None for a key nothing reads."""
    if key in CHOICE_KEYS:
        return CHOICE_KEYS[key][0]
    return next((kind for prefix, (kind, _m) in CHOICE_PREFIXES.items() if key.startswith(prefix)), None)


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


_CHECKS = {
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "int": (_whole, "a whole number of 0 or more"),
    "str": (lambda v: isinstance(v, str) and v != "", "a word or a name"),
    "id": (lambda v: isinstance(v, str) and v != "", "an object id"),
    "ids": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of object ids"),
    "ints": (lambda v: isinstance(v, list) and all(_whole(x) for x in v), "a list of whole numbers"),
    "copy": (lambda v: v is True or (isinstance(v, str) and v != ""), "an object id"),
    "text": (lambda v: v is True or isinstance(v, str), "true, or the words that say it"),
    "source": (lambda v: isinstance(v, (str, list)), "an object id"),
    "record": (lambda v: isinstance(v, list) and len(v) == 2 and all(_whole(x) for x in v), "[turn, times]"),
    "any": (lambda v: True, "any value"),
}


def value_problem(key: str, value) -> str | None:
    """What is wrong with a known key's value (None: nothing), as 'expected ...'."""
    kind = kind_of(key)
    if kind is None:
        return None
    ok, wanted = _CHECKS[kind]
    return None if ok(value) else f"expected {wanted}"


def known_keys() -> list[str]:
    return sorted(CHOICE_KEYS) + [p + "TEXT" for p in CHOICE_PREFIXES]
