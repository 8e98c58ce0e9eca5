"""Board files to game states: structural validation (pydantic), then the checks that need the
card library and the whole board (unknown cards, players, ids, references).

Every problem is an :class:`~engine.files.errors.InputError`: one line naming the file, the field and
the fix. Nothing is half-loaded: the state is built only once every check has passed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.counting import counted_values
from asp_rules.rulesdata import INTRINSIC_COUNTERS

from engine.files import boardfile as bf
from engine.files.choice_check import check_board_choices
from engine.files.combat_refs import check_attacks
from engine.files import schemedeck
from engine.files import effect_source  # issue 22: an effect saying "this" without `source`
from engine.vocab.cardfile import CardFile
from engine.vocab.keyword_costs import keyword_effect
from engine.vocab import keyword_statics
from engine.files.errors import InputError, closest
from engine.files.library import CardLibrary, card_from_map, slug
from engine.state.model import MANA_LETTERS, Characteristics, CombatState, ContinuousEffect, GameObject, GameState, Player
from engine.files.ranges import bound_problem
from engine.files.yamlio import numbers_in_range, parse_text, pydantic_location, read_file
from engine.files import planar
from engine.files.ring_fields import ring_effects, ring_fields  # 701.54: the Ring (issue 21)
from engine.files.emblem_fields import with_emblems  # 114: emblems (issue 24)

DOC = "see docs/board-format.md"

# Union member names pydantic puts into error locations; they are not fields the user wrote.
_UNION_PARTS = {"str", "int", "bool", "CardEntry", "spell entry", "ability entry", "list[str]",
                "list[union[str,int,bool]]", "function-after[_known(), str]", "constrained-int", "list[union[str,constrained-int,bool]]",
                "dict[str,constrained-int]"}


def _all_field_names() -> list[str]:
    names: set[str] = set()
    for model in (bf.BoardFile, bf.Permanent, bf.Effect, bf.StackSpell, bf.StackAbility, bf.Combat, bf.CardEntry):
        for name, info in model.model_fields.items():
            names.add(info.alias or name)
    return sorted(names)


_FIX_BY_FIELD = {
    "players": "give 'players' as a list of player names, e.g. [alice, bob]",
    "controller": "name a player listed in 'players'",
    "owner": "name a player listed in 'players'",
    "counters": "give counters as a map of kind to a whole number of 0 or more",
    "damage": "give damage as a whole number of 0 or more",
    "timestamp": "give timestamps as whole numbers from 1",
    "life": "give life as a whole number, or a map of player to a whole number",
    "duration": "use one of " + ", ".join(bf.Duration.__args__),  # type: ignore[attr-defined]
    "attack_option": "use multiple, left or right",
}


def _validation_error(file: str, e: ValidationError) -> InputError:
    errors = e.errors()
    # The most specific error first: the deepest location that does not go through a union member
    # the input plainly was not (a map given where a string alternative was tried, and so on).
    def score(err: dict) -> tuple:
        through_str = any(p == "str" for p in err["loc"]) and isinstance(err.get("input"), dict)
        # A misspelt key shows up as both "unknown field" and "missing": name the misspelling.
        return (not through_str, err["type"] == "extra_forbidden", len(err["loc"]))

    err = max(errors, key=score)
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and (p in _UNION_PARTS or p.startswith("function-"))))
    where = pydantic_location(loc)
    last = next((p for p in reversed(loc) if isinstance(p, str)), None)
    kind = err["type"]
    if kind == "extra_forbidden":
        if err.get("input") is None and " " in str(last):
            # {card: Ashiok, Wicked Manipulator} in YAML: the comma split the name into a new key.
            return InputError(file, where, "unknown field; a card name with a comma was split by YAML",
                              'quote the name, e.g. card: "Ashiok, Wicked Manipulator"')
        close = closest(str(last), _all_field_names())
        fix = f"did you mean '{close[0]}'?" if close else "remove it (docs/board-format.md lists the fields)"
        return InputError(file, where, "unknown field", fix)
    if kind == "missing":
        return InputError(file, where, "is required", _FIX_BY_FIELD.get(str(last), f"add it; {DOC}"))
    bound = bound_problem(bf.BoardFile, err)  # a number outside its field's range: the range named (ranges.py)
    if bound is not None:
        return InputError(file, where, *bound)
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    got = err.get("input")
    shown = repr(got) if not isinstance(got, (dict, list)) else type(got).__name__.replace("dict", "a map").replace("list", "a list")
    # (a counter's kind, a player's name: the fix of the field they are under, counters or life)
    named = next((p for p in reversed(loc) if isinstance(p, str) and p in _FIX_BY_FIELD), last)
    return InputError(file, where, f"{msg[0].lower() + msg[1:]}, got {shown}", _FIX_BY_FIELD.get(str(named), DOC))


def load_board(path: str | Path, library: CardLibrary) -> GameState:
    data = read_file(path)
    return board_from_data(data, library, str(path))


def load_board_text(text: str, library: CardLibrary, file: str = "<board>") -> GameState:
    return board_from_data(parse_text(text, file), library, file)


def board_from_data(data: Any, library: CardLibrary, file: str = "<board>") -> GameState:
    if not isinstance(data, dict):
        raise InputError(file, None, "a board file must be a map with at least 'players'", DOC)
    numbers_in_range(data, file)  # (a board given as data, not read from a file: the web desk, crosscheck cases)
    try:
        board = bf.BoardFile.model_validate(data, strict=True)  # no "3" or true taken as a number (yamlio.py)
    except ValidationError as e:
        raise _validation_error(file, e) from None
    builder = _Builder(board, library, file)
    names = [(p, f"players[{i}]") for i, p in enumerate(board.players)] + builder._explicit_ids()
    for name, field in names:  # an id or a player's name is a name: one line of visible text (issue 25)
        _one_line_name(name, field, file)
    state = builder.build()
    check_attacks(builder, state.effects)  # 508.1b: no attack on its own controller (issue 25, combat_refs.py)
    return state


def _one_line_name(name: str, field: str, file: str) -> None:
    """An id or a player's name holds no line break, tab or invisible formatting character (a right-to-left
    override, a zero-width space: Unicode's Cc, Cf, Zl, Zp): each is a name the output and the log print on one line,
    and an invisible character would make two names that look the same."""
    import unicodedata

    bad = next((c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None:
        raise InputError(file, field, f"{name!r} holds the character U+{ord(bad):04X} "
                                      f"({unicodedata.name(bad, 'a control character').lower()})",
                         "write ids and player names as one line of visible text, e.g. giant_2")


def _prototyped(builder, o: GameObject, field: str) -> None:
    """718.3b: a board's prototyped permanent has the prototyped characteristics (engine/vocab/keyword_statics.py), and
    its normal ones again as it leaves the battlefield (718.4: engine/game/sba.py ``_move``)."""
    o.unprototyped, o.printed = o.printed, keyword_statics.prototyped(o.printed)
    if o.printed is None:
        raise builder.err(field, f"{o.card_name!r} has no prototype ability (702.160a)", "leave out 'prototyped'")


def _new_id(builder: "_Builder", base: str) -> str:
    """The first free one of base, base_2, base_3...: from the last number this base took (the names taken only
    grow), not from 1 again (18,000 Grizzly Bears: quadratic, 20 s; issue 25)."""
    n = builder._id_numbers.get(base, 1)
    candidate = base if n == 1 else f"{base}_{n}"
    while candidate in builder.taken or candidate in builder.players or candidate in builder.objects:
        n += 1
        candidate = f"{base}_{n}"
    builder._id_numbers[base] = n
    builder.taken.add(candidate)
    return candidate


class _Builder:
    """Builds a GameState from a validated BoardFile, checking references as it goes."""

    def __init__(self, board: bf.BoardFile, library: CardLibrary, file: str):
        self.b = board
        self.lib = library
        self.file = file
        self.players: list[str] = list(board.players)
        self.taken: set[str] = set()
        self.objects: dict[str, GameObject] = {}
        self.defined_tokens: dict[str, Characteristics] = {}  # 111.4: the token definitions the board gives

    def err(self, field: str, problem: str, fix: str) -> InputError:
        return InputError(self.file, field, problem, fix)

    # --- players ---------------------------------------------------------------------------
    def _drawn(self) -> dict[str, int]:
        for name in self.b.drawn_this_turn:
            self.check_player(name, f"drawn_this_turn.{name}")
        return {p: n for p, n in self.b.drawn_this_turn.items() if n}

    def _amounts(self, field: str) -> dict[str, int]:
        """A board's amounts of each player's this turn (the life gained, lost: engine/game/history.py)."""
        said = getattr(self.b, field)
        for name in said:
            self.check_player(name, f"{field}.{name}")
        return {p: n for p, n in said.items() if n}

    def _spells(self, said: dict[str, int] | None, name: str) -> dict[str, int] | None:
        """603.4, 502.2: the spells each player cast this turn or last turn, as the board says them."""
        for p in said or ():
            self.check_player(p, f"{name}.{p}")
        return None if said is None else {p: said.get(p, 0) for p in self.players}

    def _players(self, field: str) -> list[str]:
        """A board's list of players (who left the battlefield, attacked, were dealt damage ... this turn):
        each one a player of the board."""
        names = getattr(self.b, field)
        for k, name in enumerate(names):
            self.check_player(name, f"{field}[{k}]")
        return list(names)

    def check_player(self, name: str, field: str) -> str:
        if name not in self.players:
            close = closest(name, self.players)
            hint = f"did you mean '{close[0]}'?" if close else f"use one of: {', '.join(self.players)}"
            raise self.err(field, f"{name!r} is not a player in 'players'", hint)
        return name

    def build_players(self) -> list[Player]:
        seen: set[str] = set()
        for i, p in enumerate(self.players):
            if p in seen:
                raise self.err(f"players[{i}]", f"player {p!r} is listed twice", "give each player once")
            seen.add(p)
        life = self.b.life
        if isinstance(life, dict):
            for name in life:
                self.check_player(name, f"life.{name}")
        for name in self.b.player_counters:
            self.check_player(name, f"player_counters.{name}")
        out = []
        for seat, name in enumerate(self.players):
            total = life.get(name, 20) if isinstance(life, dict) else life
            counters = {k: v for k, v in self.b.player_counters.get(name, {}).items() if v > 0}
            out.append(Player(name, seat, total, counters))
        return out

    # --- ids -------------------------------------------------------------------------------
    def _explicit_ids(self) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        for i, p in enumerate(self.b.battlefield):
            if p.id is not None:
                found.append((p.id, f"battlefield[{i}].id"))
        for i, s in enumerate(self.b.stack):
            if s.id is not None:
                found.append((s.id, f"stack[{i}].id"))
        for zone in ("hand", "graveyard", "exile", "library", "command"):
            for player, cards in getattr(self.b, zone).items():
                for i, c in enumerate(cards):
                    if isinstance(c, bf.CardEntry) and c.id is not None:
                        found.append((c.id, f"{zone}.{player}[{i}].id"))
        return found

    def reserve_explicit_ids(self) -> None:
        where: dict[str, str] = {}
        for oid, field in self._explicit_ids():
            if oid in self.players:
                raise self.err(field, f"id {oid!r} is also a player's name", "give the object another id")
            if oid in where:
                raise self.err(field, f"duplicate id {oid!r} (also at {where[oid]})", "give every object its own id")
            where[oid] = field
        self.taken = set(where)
        self._id_numbers: dict[str, int] = {}  # new_id's: each base's last number taken

    def new_id(self, explicit: str | None, name: str) -> str:
        if explicit is not None:
            return explicit
        return _new_id(self, slug(name) or "object")

    # --- cards -----------------------------------------------------------------------------
    def card(self, name: str, field: str, zone: str | None = None) -> CardFile:
        """The card a board names (a card file of the library, else any card of the card database, by
        exact name: engine/files/library.py). A transforming card's back face, named by its name, is the
        card with its back face up: only a permanent shows it (712.8 *(EN)*: in every other zone a
        double-faced card has its front face's characteristics)."""
        card = self.lib.lookup(name, self.file, field)
        if zone is not None and zone != "battlefield":
            back = self.lib.back_face(card.name)
            if back is not None:
                raise self.err(field, f"{card.name!r} is the back face of {back.front_face!r}: in the {zone} a "
                                      "double-faced card has its front face's characteristics (712.8)",
                               f"name the card by its front face, {back.front_face!r}")
        return card

    def defined(self, p: bf.Permanent, f: str) -> CardFile:
        """111.4: a token whose characteristics the effect that created it defined, as the board gives them
        (``--out`` writes them: 'a 1/1 white Soldier creature token' has no card of its name)."""
        if not p.token:
            raise self.err(f"{f}.definition", "only a token has characteristics an effect defined (111.4)",
                           "add 'token: true', or remove the definition and name a card")
        return self.token_definition(p.definition, p.card, f)

    def token_definition(self, data: dict, name: str, f: str) -> CardFile:
        """111.4: a token definition a board gives, of the token named ``name``."""
        card = card_from_map(data, self.file, f"{f}.definition")
        if not card.token:
            raise self.err(f"{f}.definition.token", "a token's definition is a token definition (111.4)", "add 'token: true'")
        if card.name != name:
            raise self.err(f"{f}.definition.name", f"{card.name!r} is not the name it defines, {name!r}",
                           "give the definition that name")
        self.defined_tokens[card.name] = Characteristics.of_card(card)
        return card

    def printed(self, card: CardFile) -> Characteristics:
        """A permanent's printed characteristics; a back face's mana value is its front face's (202.3b)."""
        chars = Characteristics.of_card(card)
        back = self.lib.back_face(card.name)
        if back is not None and back.front_mana_value is not None:
            chars = dataclasses.replace(chars, mana_value=back.front_mana_value)
        return chars

    # --- zones -----------------------------------------------------------------------------
    def build_battlefield(self) -> list[str]:
        ids = []
        for i, p in enumerate(self.b.battlefield):
            f = f"battlefield[{i}]"
            card = self.card(p.card, f"{f}.card", "battlefield") if p.definition is None else self.defined(p, f)
            self.check_player(p.controller, f"{f}.controller")
            owner = self.check_player(p.owner, f"{f}.owner") if p.owner is not None else p.controller
            if card.token and not p.token:
                raise self.err(f"{f}.token", f"{card.name!r} is a token definition", "add 'token: true'")
            if not card.is_permanent_card:  # 304.4, 307.4: instants and sorceries never enter the battlefield
                kind = "an instant" if "Instant" in card.types else "a sorcery" if "Sorcery" in card.types else "not a permanent card"
                raise self.err(f"{f}.card", f"{card.name!r} is {kind}: it can't be on the battlefield (304.4, 307.4)",
                               "put it in a hand, a graveyard or on the stack")
            oid = self.new_id(p.id, card.name)
            self.objects[oid] = GameObject(
                id=oid, kind="token" if p.token else "card", zone="battlefield", owner=owner,
                controller=p.controller, printed=self.printed(card), card_name=card.name,
                timestamp=p.timestamp if p.timestamp is not None else i + 1,
                tapped=p.tapped, summoning_sick=p.summoning_sick, face_down=p.face_down, copy_of=p.copy_of, damage=p.damage,
                renowned=p.renowned, monstrous=p.monstrous, commander=p.commander, entered_this_turn=p.entered_this_turn,
                dash_paid=p.dash_paid, saddled=p.saddled, paired_with=p.paired_with, blitz_paid=p.blitz_paid,  # 702.152a
                paired_under=(p.controller or owner) if p.paired_with is not None else None,
                # (a zero count is no counter, except loyalty and defense: a planeswalker or battle given 0 is
                # at 0, where one given none has its printed value, 306.5b, 310.4b)
                counters={k: v for k, v in p.counters.items() if v > 0 or k in INTRINSIC_COUNTERS.values()},
                attached_to=p.attached_to,
                choices=dict(p.choices), front_face=self.front_of(card, f"{f}.card"),
            )
            if p.prototyped:  # 718.3b: the prototyped characteristics; its normal ones again as it leaves (718.4)
                _prototyped(self, self.objects[oid], f"{f}.prototyped")
            ids.append(oid)
        return ids

    def front_of(self, card: CardFile, field: str) -> tuple[str, Characteristics] | None:
        """712.8, 701.27a: the front face (name, characteristics) of a permanent shown by its back face, which
        it has again as it leaves the battlefield (or transforms); None for any other permanent."""
        back = self.lib.back_face(card.name)
        if back is None or back.front_face is None:
            return None
        front = self.lib.lookup(back.front_face, self.file, field)
        return front.name, Characteristics.of_card(front)

    def build_stack(self) -> list[str]:
        ids = []
        for i, s in enumerate(self.b.stack):
            f = f"stack[{i}]"
            self.check_player(s.controller, f"{f}.controller")
            if isinstance(s, bf.StackSpell):
                card = self.card(s.card, f"{f}.card", "stack")
                if card.token:
                    raise self.err(f"{f}.card", f"{card.name!r} is a token definition, not a spell", "name a card")
                oid = self.new_id(s.id, card.name)
                self.objects[oid] = GameObject(
                    id=oid, kind="spell", zone="stack", owner=s.controller, controller=s.controller,
                    printed=Characteristics.of_card(card), card_name=card.name, targets=tuple(s.targets),
                    choices=dict(s.choices),
                )
            else:
                oid = self.new_id(s.id, f"{s.ability_of} ability {s.ability}")
                self.objects[oid] = GameObject(
                    id=oid, kind="ability", zone="stack", owner=s.controller, controller=s.controller,
                    printed=None, targets=tuple(s.targets), choices=dict(s.choices),
                    ability_of=s.ability_of, ability_index=s.ability,
                )
            ids.append(oid)
        return ids

    def build_zone(self, zone: str) -> tuple[dict[tuple[str, str], list[str]], list[str]]:
        per_player: dict[tuple[str, str], list[str]] = {}
        shared: list[str] = []
        for player, cards in getattr(self.b, zone).items():
            self.check_player(player, f"{zone}.{player}")
            ids = []
            for i, entry in enumerate(cards):
                f = f"{zone}.{player}[{i}]"
                name = entry if isinstance(entry, str) else entry.card
                card = self.card(name, f if isinstance(entry, str) else f"{f}.card", zone)
                if card.token:
                    raise self.err(f, f"{card.name!r} is a token definition; a token that leaves the battlefield ceases to exist (111.7, 704.5d)", "remove it")
                oid = self.new_id(None if isinstance(entry, str) else entry.id, card.name)
                self.objects[oid] = GameObject(
                    id=oid, kind="card", zone=zone, owner=player, controller=None,
                    printed=Characteristics.of_card(card), card_name=card.name,
                )
                ids.append(oid)
            if zone in ("library", "hand", "graveyard"):
                per_player[(player, zone)] = ids
            else:
                shared.extend(ids)
        return per_player, shared

    # --- references ------------------------------------------------------------------------
    def check_ref(self, ref: str, field: str, *, zone: str | None = None, players: bool = True) -> None:
        if players and ref in self.players:
            return
        obj = self.objects.get(ref)
        if obj is None:
            pool = list(self.objects) + (self.players if players else [])
            close = closest(ref, pool)
            hint = f"did you mean '{close[0]}'?" if close else "use an id shown by 'mtgjudge show'"
            raise self.err(field, f"no object{' or player' if players else ''} has id {ref!r}", hint)
        if zone is not None and obj.zone != zone:
            raise self.err(field, f"{ref!r} is in the {obj.zone}, not on the {zone}", f"name an object on the {zone}")

    def check_copies(self) -> None:
        """614.1c, 707.2: a permanent that entered as a copy names another permanent."""
        for i, oid in enumerate(self.battlefield):
            ref = self.objects[oid].copy_of
            if ref is None:
                continue
            f = f"battlefield[{i}].copy_of"
            if ref == oid:
                raise self.err(f, f"{oid!r} is a copy of itself", "name the permanent it copies")
            self.check_ref(ref, f, zone="battlefield", players=False)

    def check_choices(self, effects: list[ContinuousEffect]) -> None:
        """The choices that name objects: `copy`, the object copied (707.2, 614.1c; an object of the board,
        in any zone: it may have left since); `exiled`, the cards in exile that the permanent's linked
        ability exiled (607.2a: "the exiled cards" of Sutured Ghoul)."""
        named = [(f"battlefield[{i}]", oid, self.objects[oid].choices) for i, oid in enumerate(self.battlefield)]
        named += [(f"effects[{k}]", None, e.choices) for k, e in enumerate(effects)]
        check_board_choices(self, named)  # issue 22: each key one the engine reads, stack entries too (choice_check.py)
        for where, oid, choices in named:
            if "copy" in choices:
                ref = choices["copy"]
                if not isinstance(ref, str):
                    raise self.err(f"{where}.choices.copy", f"{ref!r} is not an object id", "name the permanent copied")
                if ref == oid:
                    raise self.err(f"{where}.choices.copy", f"{oid!r} copies itself", "name another permanent")
                self.check_ref(ref, f"{where}.choices.copy", players=False)
            if "exiled" in choices:
                refs = choices["exiled"]
                if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
                    raise self.err(f"{where}.choices.exiled", f"{refs!r} is not a list of object ids",
                                   "list the ids of the cards exiled with it, e.g. [runeclaw_bear]")
                for j, ref in enumerate(refs):
                    self.check_ref(ref, f"{where}.choices.exiled[{j}]", zone="exile", players=False)

    def check_attachments(self) -> None:
        for i, oid in enumerate(self.battlefield):
            obj = self.objects[oid]
            if obj.attached_to is None:
                continue
            f = f"battlefield[{i}].attached_to"
            if obj.attached_to == oid:
                raise self.err(f, f"{oid!r} is attached to itself", "attach it to another permanent or a player")
            self.check_ref(obj.attached_to, f, zone="battlefield")
        # No cycle of attachments (301.5c, 303.4d: an Aura can't enchant itself, directly or not).
        for oid in self.battlefield:
            seen = {oid}
            cur = self.objects[oid].attached_to
            while cur is not None and cur in self.objects:
                if cur in seen:
                    raise self.err(f"battlefield[{self.battlefield.index(oid)}].attached_to",
                                   f"attachments form a loop through {oid!r}", "break the loop")
                seen.add(cur)
                cur = self.objects[cur].attached_to

    def check_stack_refs(self) -> None:
        for i, oid in enumerate(self.stack):
            obj = self.objects[oid]
            for j, t in enumerate(obj.targets):
                self.check_ref(t, f"stack[{i}].targets[{j}]")
            if obj.kind == "ability":
                f = f"stack[{i}].ability_of"
                self.check_ref(obj.ability_of, f, players=False)  # type: ignore[arg-type]
                source = self.objects[obj.ability_of]  # type: ignore[index]
                if source.printed is None:
                    raise self.err(f, f"{obj.ability_of!r} is an ability on the stack; it has no abilities of its own (113.7)",
                                   "name the object whose ability this is")
                n = len(source.printed.abilities)
                if not 1 <= (obj.ability_index or 0) <= n:
                    raise self.err(f"stack[{i}].ability", f"{source.card_name!r} has {n} abilities, not {obj.ability_index}",
                                   f"give a number from 1 to {n}" if n else "name an object that has abilities")

    def check_counted(self, counted, ability, f: str) -> None:
        """611.2d: the numbers an effect's counted values were as it began, one for each, in the order of
        its operations (power before toughness)."""
        spec = getattr(ability, "continuous", None)
        wanted = len(counted_values(spec)) if spec is not None else 0
        if not wanted:
            raise self.err(f, "the effect counts nothing on the game (no 'count' or 'total' power or toughness)",
                           "leave 'counted' out")
        if not isinstance(counted, list) or len(counted) != wanted or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in counted):
            raise self.err(f, f"expected a list of {wanted} integer{'s' if wanted > 1 else ''} (the values counted as "
                              f"the effect began, 611.2d), got {counted!r}",
                           f"give {wanted} number{'s' if wanted > 1 else ''}, power before toughness")

    def build_effects(self, first_timestamp: int) -> list[ContinuousEffect]:
        out = []
        for i, e in enumerate(self.b.effects):
            f = f"effects[{i}]"
            card = self.card(e.from_, f"{f}.from") if e.definition is None else self.token_definition(
                e.definition, e.from_, f)
            self.check_player(e.controller, f"{f}.controller")
            n = len(card.abilities)
            if n == 0:
                raise self.err(f"{f}.from", f"{card.name!r} has no abilities to create an effect", "name the card whose spell or ability created the effect")
            if e.ability is None and n > 1:
                raise self.err(f"{f}.ability", f"{card.name!r} has {n} abilities; which one created the effect?", f"add 'ability: N' with N from 1 to {n}")
            index = e.ability or 1
            if index > n:
                raise self.err(f"{f}.ability", f"{card.name!r} has {n} abilities, not {index}", f"give a number from 1 to {n}")
            for j, t in enumerate(e.targets):
                self.check_ref(t, f"{f}.targets[{j}]")
            if e.source is not None:
                self.check_ref(e.source, f"{f}.source", players=False)
                src = self.objects[e.source]
                if src.card_name is None:
                    raise self.err(f"{f}.source", f"{e.source!r} is an ability on the stack, not a card or token",
                                   "name the object whose ability created the effect")
                if src.card_name != card.name:
                    raise self.err(f"{f}.source", f"{e.source!r} is {src.card_name!r}, not {card.name!r}",
                                   "name an object made from the card in 'from'")
            source = e.source or effect_source.inferred_source(self, card.name, card.abilities[index - 1], f, e.affected)
            if "counted" in e.choices:
                self.check_counted(e.choices["counted"], card.abilities[index - 1], f"{f}.choices.counted")
            # 611.2c: the objects it was given as it began, in any zone (E41: the card an ability puts onto
            # the battlefield, affected as it enters, 611.2e)
            for j, a in enumerate(e.affected or ()):
                self.check_ref(a, f"{f}.affected[{j}]", players=False)
            ability = card.abilities[index - 1]
            # a keyword's effect (702.25a flanking: the blocker, its target, gets -1/-1; exalted, bushido N, prowess,
            # crew N: engine/vocab/keyword_costs.py)
            ability = keyword_effect(ability)
            out.append(ContinuousEffect(
                index=i + 1, source_card=card.name, ability_index=index, ability=ability,
                controller=e.controller, targets=tuple(e.targets), choices=dict(e.choices),
                timestamp=e.timestamp if e.timestamp is not None else first_timestamp + i,
                duration=e.duration, remaining=e.remaining, source=source, source_inferred=source != e.source,
                affected=tuple(e.affected) if e.affected is not None else None,
            ))
        return out

    def build_combat(self) -> CombatState | None:
        c = self.b.combat
        if c is None:
            return None
        for attacker, defender in c.attackers.items():
            f = f"combat.attackers.{attacker}"
            self.check_ref(attacker, f, zone="battlefield", players=False)
            if defender in self.players:
                continue
            self.check_ref(defender, f, zone="battlefield")
            printed = self.objects[defender].printed
            if printed is None or not ({"Planeswalker", "Battle"} & set(printed.types)):
                raise self.err(f, f"{defender!r} is neither a player, a planeswalker nor a battle (506.3)",
                               "attack a player, a planeswalker or a battle")
        blockers: dict[str, tuple[str, ...]] = {}
        for blocker, blocked in c.blockers.items():
            f = f"combat.blockers.{blocker}"
            self.check_ref(blocker, f, zone="battlefield", players=False)
            attacked = (blocked,) if isinstance(blocked, str) else tuple(blocked)
            for a in attacked:
                if a not in c.attackers:
                    raise self.err(f, f"{a!r} is not an attacking creature in combat.attackers", "block an attacker")
            blockers[blocker] = attacked
        for kind, ids, table in (("entered_attacking", c.entered_attacking, c.attackers),
                                 ("entered_blocking", c.entered_blocking, c.blockers)):
            for j, oid in enumerate(ids):
                if oid not in table:
                    raise self.err(f"combat.{kind}[{j}]", f"{oid!r} is not listed in combat.{kind.split('_')[1].replace('attacking', 'attackers').replace('blocking', 'blockers')}",
                                   "list it there too")
        seen: dict[str, int] = {}
        for j, band in enumerate(c.bands):
            for oid in band:
                f = f"combat.bands[{j}]"
                if oid not in c.attackers:
                    raise self.err(f, f"{oid!r} is not an attacking creature in combat.attackers (702.22c)",
                                   "band attackers only")
                if oid in seen:
                    raise self.err(f, f"{oid!r} is already in band {seen[oid]} (702.22c: one band per creature)",
                                   "put each creature in one band")
                seen[oid] = j
            if len({c.attackers[oid] for oid in band}) > 1:
                raise self.err(f"combat.bands[{j}]", "its members attack different players, planeswalkers or battles (702.22d)",
                               "band creatures that attack the same one")
        for j, oid in enumerate(c.blocked):
            if oid not in c.attackers:
                raise self.err(f"combat.blocked[{j}]", f"{oid!r} is not listed in combat.attackers", "list it there too")
        for j, oid in enumerate(c.first_strikers or ()):
            if oid not in c.attackers and oid not in c.blockers:
                raise self.err(f"combat.first_strikers[{j}]", f"{oid!r} is neither an attacker nor a blocker",
                               "list creatures in combat only")
        return CombatState(dict(c.attackers), blockers, tuple(c.entered_attacking), tuple(c.entered_blocking),
                           tuple(tuple(b) for b in c.bands if b), tuple(c.blocked),
                           tuple(c.first_strikers) if c.first_strikers is not None else None)

    def check_timestamps(self, effects: list[ContinuousEffect]) -> None:
        """613.7, 613.7m: every permanent and every effect has its own timestamp (objects that would
        get one at the same time get them in sequence)."""
        seen: dict[int, str] = {}
        stamped = [(self.objects[oid].timestamp, f"battlefield[{i}].timestamp") for i, oid in enumerate(self.battlefield)]
        stamped += [(e.timestamp, f"effects[{e.index - 1}].timestamp") for e in effects]
        for stamp, field in stamped:
            if stamp in seen:
                raise self.err(field, f"timestamp {stamp} is also {seen[stamp]}'s (613.7m: timestamps are in sequence, never shared)",
                               "give each permanent and effect its own timestamp")
            seen[stamp] = field.removesuffix(".timestamp")

    # --- all -------------------------------------------------------------------------------
    def build(self) -> GameState:
        players = self.build_players()
        active = self.check_player(self.b.active, "active") if self.b.active is not None else self.players[0]
        self.reserve_explicit_ids()
        self.battlefield = self.build_battlefield()
        self.stack = self.build_stack()
        player_zones: dict[tuple[str, str], list[str]] = {}
        shared: dict[str, list[str]] = {}
        for zone in ("hand", "graveyard", "exile", "library", "command"):
            per, common = self.build_zone(zone)
            player_zones.update(per)
            shared[zone] = common
        self.check_attachments()
        self.check_copies()
        self.check_stack_refs()
        top = max((self.objects[i].timestamp or 0 for i in self.battlefield), default=0)
        effects = self.build_effects(top + 1)
        self.check_choices(effects)
        self.check_timestamps(effects)
        effects = with_emblems(self, effects + ring_effects(self, effects, top), top)  # 701.54c: Ring-bearers'; 114
        combat = self.build_combat()
        last = max([top] + [e.timestamp for e in effects])
        pool = {}
        for name, text in self.b.mana_pool.items():
            self.check_player(name, f"mana_pool.{name}")
            letters = {k: text.count("{" + k + "}") for k in MANA_LETTERS}
            pool[name] = {k: n for k, n in letters.items() if n}
        return planar.build(self, GameState(
            players=players, active=active, attack_option=self.b.attack_option, objects=self.objects,
            battlefield=self.battlefield, stack=self.stack, exile=shared["exile"], command=shared["command"],
            player_zones=player_zones, effects=effects, combat=combat, next_timestamp=last + 1, source=self.file,
            turn=self.b.turn, step=self.b.step, mana_pool=pool, lands_played=self.b.lands_played,
            left_battlefield=set(self._players("left_battlefield_this_turn")), drawn=self._drawn(),
            spells_cast=self._spells(self.b.spells_cast_this_turn, "spells_cast_this_turn") or {},
            spells_cast_last_turn=self._spells(self.b.spells_cast_last_turn, "spells_cast_last_turn"),
            day_night=self.b.day_night,
            attacked=set(self._players("attacked_this_turn")),
            died=self._players("died_this_turn"),
            lost_life=set(self._players("lost_life_this_turn")),
            dealt_damage=set(self._players("dealt_damage_this_turn")),
            gained_life=set(self._players("gained_life_this_turn")),
            life_gained=self._amounts("life_gained_this_turn"), life_lost=self._amounts("life_lost_this_turn"),
            descended=set(self._players("descended_this_turn")),
            nonland_entered=self._amounts("nonland_entered_this_turn"),
            **_records(self),  # engine/game/turn_records.py
            monarch=self.check_player(self.b.monarch, "monarch") if self.b.monarch is not None else None,  # 722.1
            city_blessing=set(self._players("city_blessing")), starting_life=self.b.starting_life,  # 702.131c, 103.4
            **schemedeck.build(self, shared["command"]),  # 904, 314.2: the archenemy and their scheme deck
            defined_tokens=self.defined_tokens,
        ))


def _records(self: _Builder) -> dict:
    """engine/game/turn_records.py's record as the board says it: each id an object's (400.7: the object it is)."""
    def keys(ids, field, gone=False):  # gone: "-", an object that no longer is (400.7), never the source
        for k, oid in enumerate(ids):
            if not (gone and oid == "-"):
                self.check_ref(oid, f"{field}[{k}]", players=False)
        return [(oid, self.objects[oid].zone_changes) if oid != "-" or not gone else ("-", -1) for oid in ids]
    entered = self.b.creatures_entered_this_turn
    for name in entered:
        self.check_player(name, f"creatures_entered_this_turn.{name}")
    return {"creatures_entered": {p: keys(ids, f"creatures_entered_this_turn.{p}", True) for p, ids in entered.items() if ids},
            "attacked_with": set(keys(self.b.attacked_with_this_turn, "attacked_with_this_turn")),
            "sacrificed": self._amounts("sacrificed_this_turn"),
            "noncreature_cast": self._amounts("noncreature_cast_this_turn"),
            "to_graveyard": self.b.to_graveyard_this_turn,  # 702.69a
            "instant_sorcery_cast": self._amounts("instant_sorcery_cast_this_turn"),
            "crimes": self._amounts("crimes_this_turn"),
            "damage_dealers": set(keys(self.b.dealt_damage_objects, "dealt_damage_objects")),
            "speed": self._amounts("speed"),  # 702.179
            **ring_fields(self)}  # 701.54 (engine/files/ring_fields.py)
