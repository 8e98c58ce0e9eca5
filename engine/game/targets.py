"""Targets (115): what a spell or an ability targets (601.2c, 700.2c; an Aura's, 303.4a), chosen as
it is cast or activated, legal or not (115.1-115.4, 115.5, 702.11b hexproof, 702.16b protection,
702.18a shroud), and checked again as it resolves (608.2b)."""

from __future__ import annotations

from bridge.protection import matches, parse
from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.vocab.cardfile import enchant_target
from engine.game import counter_ability, damaged_by, forbidden, spell_targeting
from engine.game import awaken  # 702.113b (issue 21: keywords of permanents)
from engine.game.common import Chapter, Rejected, _name


def _words(quality: dict) -> str:
    """A target's quality (a selector's fields) in words: "tapped", "attacking or blocking", "nonland"."""
    if "any_of" in quality and len(quality) == 1:
        return " or ".join(_words(q) for q in quality["any_of"])
    words = []
    for key, value in quality.items():
        if key in ("tapped", "attacking", "blocking", "token", "multicolored") and isinstance(value, bool):
            words.append(key if value else "un" + key if key == "tapped" else "not " + key)
        elif key in ("not_types", "not_subtypes", "not_supertypes"):
            words += ["non" + str(v).lower() for v in value]
        elif key in ("chosen_color", "chosen_creature_type") and value:  # 614.12: the source's choice
            words.append("of the chosen " + ("color" if key == "chosen_color" else "type"))
        else:
            words.append(f"{key}: {value}")
    return ", ".join(words)


class _Slot:
    """One target of a "for each opponent" spec: the spec, for that opponent (601.2c)."""

    def __init__(self, spec, of_player: str):
        self.spec, self.of_player = spec, of_player

    def __getattr__(self, name: str):
        return getattr(self.spec, name)


class Targets(Chapter):
    """Targets: chosen, legal, checked again (115, 601.2c, 608.2b)."""

    def source_power(self, source: str) -> int | None:
        """The power of a permanent whose ability targets (608.2h: as it is on the battlefield, or as it last
        existed there: the power the loop last computed for it there, Game.last_pt); None when unknown."""
        pt = self.game.pt_now_or_last(source)
        return None if pt is None else pt[0] or 0

    def spell_targets(self, chars, modes: list[int] | None = None) -> list:
        """601.2c: what the spell targets: its spell ability's targets, those of its chosen modes in
        order (700.2c), or what an Aura spell's enchant ability allows (303.4a)."""
        if self.aura_target(chars) is not None:
            return [self.aura_target(chars)]
        if modes:
            bullets = self.game.casting.mode_abilities(chars)
            return [spec for m in modes for spec in (bullets[m - 1].targets or [])]
        spell = self.spell_ability(chars)
        return ((spell.targets or []) if spell is not None else []) + awaken.targets(chars, spell)  # 702.113b: its last

    def expand(self, specs, player: str | None = None, named: int | None = None) -> list:
        """One spec per target, in order: a spec with count N stands for N targets (601.2c); one "for
        each opponent" stands for one target per opponent of ``player``, in turn order; one "any
        number of" for what is left of the ``named`` targets; one "up to one" for one if one is left."""
        out = []
        for spec in specs or ():
            if spec.per_opponent and player is not None:
                out += [_Slot(spec, opp) for opp in self.game.players_from(player)[1:]]
            elif spec.any_number:
                out += [spec] * max(0, (named or 0) - len(out))
            elif spec.up_to:  # "up to one target": one if named (named None: as many as it may be)
                out += [spec] * (spec.count if named is None else min(spec.count, max(0, named - len(out))))
            else:
                out += [spec] * spec.count
        return out

    def check_targets(self, source: str, specs, chosen: list[str], player: str, what: str) -> None:
        """601.2c: as many targets as the text asks; each legal; one word "target" never names the
        same object or player twice (a text with the word several times may)."""
        st = self.game.state
        flat = self.expand(specs, player, len(chosen))
        if len(chosen) != len(flat):
            raise Rejected("601.2c", f"{what} has {len(flat)} target(s), the action names {len(chosen)}")
        k = 0
        for spec in specs or ():
            slots = self.expand([spec], player, len(chosen) - k)
            size = len(slots)
            group = chosen[k:k + size]
            k += size
            if size < getattr(spec, "at_least", 0):  # "one or two target creatures": one at least (601.2c)
                raise Rejected("601.2c", f"{what} asks for at least {spec.at_least} target(s) with one word \"target\"; "
                                         f"the action names {size}")
            if len(set(group)) != len(group):
                raise Rejected("601.2c", f"{what} asks for {spec.count} different targets with one word \"target\"; "
                                         f"the action names {', '.join(_name(st, x) for x in group)}")
            for slot, t in zip(slots, group):
                why = self.target_problem(source, slot, t, player) or different_problem(spec, t, chosen[:k - size])
                if why:
                    raise Rejected("601.2c", f"{_name(st, t)} can't be a target of {what}: {why}")
            why = self.graveyard_problem(spec, group)
            if why:
                raise Rejected("601.2c", f"{what} {why}")

    @staticmethod
    def spell_ability(card):
        return next((a for a in card.abilities if a.kind == "spell"), None)

    @staticmethod
    def aura_target(card):
        """303.4a, 702.5a: an Aura spell targets what its enchant ability allows."""
        if "Aura" not in card.subtypes:
            return None
        quality = next((a.quality for a in card.abilities if getattr(a, "keyword", None) == "enchant"), None)
        return enchant_target(quality)

    def target_problem(self, source: str, spec, t: str, you: str) -> str | None:
        """Why t can't be a target of this spec (115.1-115.4, 702.11b, 702.16b, 702.18a), or None."""
        st = self.game.state
        if t in st.player_names:
            if spec.what not in ("any", "player", "opponent_or_planeswalker", "player_or_planeswalker"):
                return f"it is a player, and the target is a {spec.what}"
            if spec.what == "opponent_or_planeswalker" and t == you:
                return "the target is an opponent or a planeswalker"
            if st.player(t).lost:
                return "that player has left the game"
            if spec.controller == "you" and t != you or spec.controller == "opponent" and t == you:
                return f"the target is {'you' if spec.controller == 'you' else 'an opponent'}"
            return forbidden.player_untargetable(self.game, t, you)
        if spec.what == "spell_or_ability":  # 115.1: "target spell, activated ability, or triggered ability": either one
            o = st.objects.get(t)
            spec = spec.model_copy(update={"what": "ability" if o is not None and o.kind == "ability" else "spell"})
        if spec.what in counter_ability.KINDS:  # 115.1, 701.6a: "counter target activated ability"
            return counter_ability.target_problem(self.game, spec, t, you)
        if spec.what == "spell":  # "counter target spell": a spell on the stack, not the spell itself (115.5)
            o = st.objects.get(t)
            why = None if t in st.stack and o is not None and o.kind == "spell" and t != source else \
                "it is not a spell on the stack" if t != source else "a spell can't target itself (115.5)"
            # "target creature spell": one of the card types (as the spell is on the stack)
            if why is None and spec.types and not set(o.printed.types if o.printed else ()) & set(spec.types):
                why = "it is not a spell of the card types " + ", ".join(spec.types)
            # "target noncreature spell" (205.4: its card types as it is on the stack)
            not_types = set(spec.quality.not_types) if spec.quality is not None else set()
            if why is None and not_types & set(o.printed.types if o.printed else ()):
                why = "it is a " + ", ".join(sorted(not_types & set(o.printed.types))).lower() + " spell"
            if why is None and spec.controller == "you" and o.controller != you:  # "target spell you control"
                why = "it is not a spell you control"
            mv = o.printed.mana_value if o is not None and o.printed is not None else 0  # (X included: 202.3e)
            if why is None and spec.mana_value_at_most is not None and mv > spec.mana_value_at_most:
                why = f"its mana value is {mv}, more than {spec.mana_value_at_most} (202.3)"
            if why is None and spec.targeting is not None:  # "target spell that targets a creature you control"
                why = spell_targeting.targeting_problem(self.game, spec, o, source, you)
            if why is None and (spec.spell is not None or spec.mana_value_x):  # "target blue spell", "... mana value X"
                why = spell_targeting.quality_problem(self.game, spec, o, source)
            return why
        if spec.what == "card":  # a card in a graveyard ("target creature card from your graveyard")
            return self._card_problem(spec, t, you, source)
        if t not in st.battlefield:
            return "it is not on the battlefield"
        if getattr(spec, "other", False) and t == source:
            return "the ability says 'another target': not its own source"
        c = self.game.chars(t)
        types = set(c.get("types", ()))
        if spec.what == "player":
            return "the target is a player"
        if spec.what == "any" and not types & {"creature", "planeswalker", "battle"}:
            return "it is not a creature, planeswalker or battle (115.4)"
        if spec.what in ("creature", "planeswalker") and spec.what not in types:
            return f"it is not a {spec.what}"
        if spec.what in ("opponent_or_planeswalker", "player_or_planeswalker") and "planeswalker" not in types:
            return "it is not a planeswalker"
        if spec.types and not types & {x.lower() for x in spec.types}:
            return "it has none of the card types " + ", ".join(spec.types)
        if spec.power_at_least is not None and (c.get("power") or 0) < spec.power_at_least:
            return f"its power is {c.get('power') or 0}, less than {spec.power_at_least}"
        if spec.power_at_most is not None and (c.get("power") or 0) > spec.power_at_most:
            return f"its power is {c.get('power') or 0}, more than {spec.power_at_most}"
        if getattr(spec, "dealt_damage", False) and not damaged_by.damaged_any(st, t):  # 120.3
            return "it wasn't dealt damage this turn"
        if getattr(spec, "lesser_power", False):  # mentor, 702.134a: less than the source's power
            mine = self.source_power(source)
            if mine is None or (c.get("power") or 0) >= mine:
                return f"its power is {c.get('power') or 0}, not less than its source's ({mine})"
        chosen = dict(st.objects[source].choices) if source in st.objects else {}  # 614.12: "of the chosen color"
        if spec.quality is not None and not SelectorContext(st, characteristics(st, self.game.layers()), source, you, (),
                                                            chosen, self.game.layers().mana_values).match(spec.quality, t):
            return "it is not " + _words(spec.quality.model_dump(exclude_defaults=True, by_alias=True)) + " (115.1)"
        if set(spec.not_colors) & set(c.get("colors", ())):
            return "it is " + ", ".join(sorted(set(spec.not_colors) & set(c.get("colors", ()))))
        if spec.controller == "you" and c.get("controller") != you or \
                spec.controller == "opponent" and c.get("controller") == you:
            return f"it is not controlled by {'you' if spec.controller == 'you' else 'an opponent'}"
        if spec.controller == "defending_player":  # 506.2, 508.5: of the attacking source, or the creature it's attached to
            attackers = st.combat.attackers if st.combat is not None else {}
            host = st.objects[source].attached_to if source in st.objects else None
            attacker = host if source not in attackers and host in attackers else source
            defending = self.game.combat.defending_player(attacker, you)  # (removed from combat: 506.2's, two players)
            if defending is None or c.get("controller") != defending:
                return "it is not controlled by the defending player (506.2, 508.5)"
        of = getattr(spec, "of_player", None)
        if of is not None and c.get("controller") != of:
            return f"it is the target for {of} ('for each opponent'), and {of} doesn't control it"
        abilities = c.get("abilities", ())
        if "shroud" in abilities:
            return "it has shroud (702.18a)"
        if "hexproof" in abilities and c.get("controller") != you:
            return "it has hexproof (702.11b)"
        src = self.game.chars(source)
        if not src and source in st.objects and st.objects[source].printed is not None:
            # a spell on the stack (the layers report permanents): its characteristics as printed
            p = st.objects[source].printed
            src = {"colors": list(p.colors), "types": [t.lower() for t in p.types]}
        # 702.16b: a protection whose quality the source has (a quality bridge/protection.py can't
        # evaluate, matches None, is not taken for one it has: the target stays legal)
        met = [k.words() for k in self.game.layers().keyword_abilities.get(t, ())
               if k.keyword == "protection" and matches(parse(k.quality or ""), src)]
        if met:
            return f"it has {min(met)} (702.16b)"
        return None

    def graveyard_problem(self, spec, group: list[str]) -> str | None:
        """601.2c: "up to two target cards from a single graveyard": why the cards named for this one spec are not all
        in one player's graveyard (a card is in its owner's, 404.2), or None."""
        owners = {self.game.state.objects[t].owner for t in group if t in self.game.state.objects}
        if getattr(spec, "single_graveyard", False) and len(owners) > 1:
            return "asks for cards from a single graveyard, not from " + " and ".join(sorted(owners)) + "'s (601.2c)"
        return None

    def _card_problem(self, spec, t: str, you: str, source: str | None = None) -> str | None:
        """115.1, 404.2: why t is not a card in a graveyard that the spec allows, or None."""
        o = self.game.state.objects.get(t)
        if o is None or o.zone != "graveyard" or o.kind in ("token", "ability"):
            return "it is not a card in a graveyard"
        if getattr(spec, "other", False) and t == source:  # "another target creature card": not the source's own card
            return "the ability says 'another target': not its own source's card"
        if spec.controller == "you" and o.owner != you or spec.controller == "opponent" and o.owner == you:
            return f"it is not in {'your' if spec.controller == 'you' else 'an opponent' + chr(39) + 's'} graveyard"
        card = o.printed
        if spec.types and (card is None or not set(card.types) & set(spec.types)):
            return "it has none of the card types " + ", ".join(spec.types)
        if spec.subtypes and (card is None or not set(card.subtypes) & set(spec.subtypes)):  # 205.3
            return "it has none of the subtypes " + ", ".join(spec.subtypes)
        if spec.mana_value_at_most is not None and (card is None or card.mana_value > spec.mana_value_at_most):
            return f"its mana value is greater than {spec.mana_value_at_most} (202.3)"
        return None

    def still_legal(self, source: str, specs, targets: list[str], controller: str) -> list | None:
        """608.2b: the targets checked again as the spell or ability resolves: the list with None in place
        of each that is illegal now (what it would do to it doesn't happen), or None when it has
        targets and every one of them is illegal (it doesn't resolve)."""
        flat = self.expand(specs, controller, len(targets))
        if not flat:
            return targets
        legal = [self.target_problem(source, spec, t, controller) is None for spec, t in zip(flat, targets)]
        # 'from a single graveyard' (601.2c) needs no new check here: a card keeps its owner, and one that left its
        # graveyard is a new object there (400.7), illegal already (the cards still legal are in one graveyard)
        if not any(legal):
            return None
        return [t if ok else None for t, ok in zip(targets, legal)]


def different_problem(spec, t: str, before: list[str]) -> str | None:
    """115.3, 601.2c: "any other target", "another target creature" after a target of the same spell or ability
    (``different``): not an object or player chosen for a target before it (each word "target" may otherwise name the
    same one), or None."""
    if getattr(spec, "different", False) and t in before:
        return "it is a target named before it, and the text says 'another' or 'other' (115.3)"
    return None
