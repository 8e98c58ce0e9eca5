"""Resolving (608): a spell (608.2, 608.3 permanents; 608.2b its targets illegal now; 608.2n to the
graveyard; 715.3d an Adventure to exile; 608.3b, 702.103e a bestowed Aura), its instructions in the
order written (608.2c, 614.15 self-replacement), copies of spells (707.10, 704.5e), and abilities
(608.2: the keywords that resolve as such: flanking, annihilator, madness 702.35a, embalm, equip
702.6a, undying 702.93a and persist 702.79a)."""

from __future__ import annotations


from typing import Any

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.state.model import Characteristics, GameObject
from engine.vocab.oneshot import StepTrigger
from engine.vocab.oneshot_paycost import creates_effect
from engine.vocab.triggers import KEYWORD_TRIGGERS
from engine.vocab.keyword_costs import EmbalmAbility, EquipAbility, SaddleAbility, TypecyclingAbility
from engine.game import awaken, gy_tokens, spell_copies
from engine.game import freecast  # 614.1a (issue 21: casting without paying the mana cost)
from engine.game.common import Chapter, GameError, _name
from engine.game import conditions, intervening
from engine.game import granters  # 201.5a (round 21: a granted ability whose effect names the granting card)
from engine.game.library_ops import typecycling_search
from engine.game import ascend, cumulative, delay_ops, discover, enlist, monarch, mounts, myriad, ninjutsu, optional_costs, planechase, soulbond, speed, squad, vanishing
from engine.game.triggered import MonarchPart, VanishingPart, greater_pt
from engine.game.triggered import RingPart  # 701.54c
from engine.game import ring  # 701.54 (issue 21: the Ring tempts you)
from engine.game import suspend  # 702.62a
from engine.game import emblems, repeat  # 114, 608.2c (issue 24: emblems, "repeat this process")


class Resolution(Chapter):
    """Resolving spells and abilities (608)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.resolving_amount = 0
        self.resolving_player = None
        self.resolving_about: str | None = None
        self.resolving_refs: dict[str, tuple | None] = {}

    def instructions(self, card, you: str) -> list:
        """608.2c: the spell's instructions in the order written (the modes of a modal spell, "• ...", are
        followed when chosen: ``instructions_with_targets``); 614.15: a self-replacement effect ("... instead
        if ...") is followed in place of the instructions it names when its condition holds, and not
        at all otherwise."""
        spells = [(i, a) for i, a in enumerate(card.abilities, 1)
                  if a.kind == "spell" and not a.text.lstrip().startswith("•") and getattr(a, "modes", None) is None]
        replacing = {a.instead_of: a for _, a in spells if a.instead_of is not None and self.instead_holds(a, you)}
        out = []
        for i, a in spells:
            if a.instead_of is not None:
                continue
            if i in replacing:
                self.game.say("614.15", f"{card.name}: \"{replacing[i].text}\" applies instead of \"{a.text}\"")
                a = replacing[i]
            if not (a.one_shot or a.continuous or a.replacement or getattr(a, "combat", None)):
                self.game.say("608.2c", f"{card.name}: \"{a.text}\" (not executable yet)")
                continue
            out.append(a)
        return out

    def instead_holds(self, ab, you: str) -> bool:
        if ab.instead_if == "revolt":  # "if a permanent you controlled left the battlefield this turn"
            return you in self.game.state.left_battlefield
        raise ValueError(ab.instead_if)

    def resolve(self) -> None:
        st = self.game.state
        oid = st.stack[-1]
        o = st.objects[oid]
        if o.kind == "ability":
            self.resolve_ability(oid)
            return
        card = o.printed
        modes = list(o.choices.get("modes") or [])
        name = self.game.casting.spell_text(card, oid)
        good = self.game.targets.still_legal(oid, self.game.targets.spell_targets(card, modes), list(o.targets), o.controller)
        if good is None and o.choices.get("bestow"):
            # 608.3b, 702.103e: a bestowed Aura spell whose target is illegal becomes a creature spell
            self.unchoose(oid)
            o.targets = ()
            self.game.say("608.3b", f"{name}'s target is illegal now: it is no longer a bestowed Aura spell but a creature "
                                    "spell, and resolves as one (702.103e)")
            self.game.events.enter(oid, o.controller, "stack")
            return
        if good is None:  # 608.2b
            self.game.say("608.2b", f"{name} doesn't resolve: every target is illegal now")
            self.off_the_stack(oid, "608.2b")
            return
        permanent = any(t in card.types for t in ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land", "Battle"))
        if permanent:  # 608.3
            self.game.say("608.3", f"{name} resolves")
            self.game.events.enter(oid, o.controller, "stack")
            if o.choices.get("face_down") and oid in st.battlefield:  # 702.37c: it enters as the 2/2 it was
                o.face_down = True
                self.unchoose(oid)
                self.game.say("708.2", f"{oid} is a face-down 2/2 creature with no name, text, subtypes or mana cost")
            elif not (o.choices.get("bestow") or o.choices.get("prototype")) or oid not in st.battlefield:  # (718.3b)
                self.unchoose(oid)
            return
        self.game.say("608.2", f"{name} resolves")
        self.resolving_refs = {}
        for k, (t, kept) in enumerate(zip(o.targets, good), 1):
            if kept is None:
                self.game.say("608.2b", f"target {k} of {name}, {_name(st, t)}, is illegal now: the spell doesn't "
                                        "affect it through that target")
        ascend.on_resolution(self.game, card, o.controller)  # 702.131a: ascend, printed first
        for ab, targets in self.instructions_with_targets(card, o.controller, modes, good):
            self.do(oid, ab, o.controller, targets, name)
        if oid in st.stack and self.cease(oid):
            return
        if oid in st.stack and (o.choices.get("flashback") or o.choices.get("jump_start")
                                or o.choices.get("harmonize")):  # 702.34a, 702.133a, 702.180a
            rule, why = ("702.34a", "its flashback cost was paid") if o.choices.get("flashback") else (
                "702.180a", "its harmonize cost was paid") if o.choices.get("harmonize") else (
                "702.133a", "cast using its jump-start ability")
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="exile",
                                                      resolves=True)], rule, f"is exiled ({why})")
        elif oid in st.stack and freecast.exiled_instead(o):  # 614.1a: "If that spell would be put into your graveyard"
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="exile",
                                                      resolves=True)], "614.1a", "is exiled instead of going to a graveyard")
        elif oid in st.stack and o.choices.get("rebound"):  # 702.88a: cast from the hand, exiled instead of the graveyard
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="exile",
                                                      resolves=True)], "702.88a", "is exiled (rebound)")
            self.game.triggers.rebound_later(oid, o.controller)
        elif oid in st.stack and o.choices.get("buyback"):  # 702.27a: to its owner's hand instead of the graveyard
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="hand",
                                                      resolves=True)], "702.27a",
                                          "goes to its owner's hand (its buyback cost was paid)")
        elif oid in st.stack:  # 608.2n; 715.3d: an Adventure that resolves goes to exile
            exile = bool(o.choices.get("adventure"))
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"},
                                                      to="exile" if exile else "graveyard", resolves=True)],
                                          "715.3d" if exile else "608.2n",
                                          "is exiled (an Adventure that resolves)" if exile else "goes to its owner's graveyard")
        self.unchoose(oid)

    def copy_spell(self, spell: str | None, you: str, new_targets: bool = False) -> None:
        """707.10: a copy of the spell is put on the stack under the controller of the ability that makes
        it (not cast): its characteristics as they are on the stack (copiable values, an Adventure's
        too), its modes, X, division and targets (707.10c: with ``new_targets``, its controller may change
        them before it is put on the stack: spell_copies.choose)."""
        st = self.game.state
        if spell is None or spell not in st.stack:
            self.game.say("707.10", f"{_name(st, spell or '')} is no longer on the stack: it isn't copied")
            return
        o = st.objects[spell]
        new = self.game.fresh_id(f"{spell}_copy")
        st.objects[new] = GameObject(id=new, kind="spell", zone="stack", owner=you, controller=you, printed=o.printed,
                                     card_name=o.card_name, choices={**{k: v for k, v in o.choices.items()
                                                                        if k != "mana_spent"}, "copy": True},
                                     targets=tuple(o.targets))
        if new_targets and o.targets:
            st.objects[new].targets = spell_copies.choose(self.game, st.objects[new], you)
        st.stack.append(new)
        aim = f" targeting {', '.join(_name(st, t) for t in st.objects[new].targets)}" if o.targets else ""
        self.game.say("707.10", f"{you} puts a copy of {self.game.casting.spell_text(o.printed, spell)} ({new}) on the stack{aim}")
        spell_copies.copy_triggers(self.game, new, you)  # 603.2: "whenever you cast or copy" (magecraft)

    def off_the_stack(self, oid: str, rule: str, exile: bool = False) -> None:
        """A spell that leaves the stack without resolving (608.2b, 701.6a): to its owner's graveyard,
        through the replacement program; a copy ceases to exist (704.5e); ``exile``: the countering
        effect's own replacement, "exile it instead of putting it into its owner's graveyard" (614.1a)."""
        if self.cease(oid):
            return
        o = self.game.state.objects.get(oid)
        if exile or freecast.exiled_instead(o):  # (614.1a: the countering effect's, or the effect that cast it free)
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="exile")],
                                          "614.1a", "is exiled instead of going to its owner's graveyard")
        elif o is not None and (o.choices.get("flashback") or o.choices.get("jump_start")
                                or o.choices.get("harmonize")):  # 702.34a, 702.133a, 702.180a
            rule, why = ("702.34a", "its flashback cost was paid") if o.choices.get("flashback") else (
                "702.180a", "its harmonize cost was paid") if o.choices.get("harmonize") else (
                "702.133a", "cast using its jump-start ability")
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="exile")],
                                          rule, f"is exiled ({why})")
        else:
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "stack"}, to="graveyard")],
                                          rule, "goes to its owner's graveyard")
        self.unchoose(oid)

    def cease(self, oid: str) -> bool:
        """704.5e: a copy of a spell that leaves the stack ceases to exist; True when it was one."""
        st = self.game.state
        o = st.objects.get(oid)
        if o is None or not o.choices.get("copy"):
            return False
        st.take_out(oid)
        del st.objects[oid]
        self.game.say("704.5e", f"the copy {oid} leaves the stack and ceases to exist")
        return True

    def unchoose(self, oid: str) -> None:
        """A card that leaves the stack has its own characteristics again: no more an Adventure (715.4),
        a face-down spell, a bestowed Aura, its X 0 (202.3e)."""
        o = self.game.state.objects.get(oid)
        card = self.game.card_file(oid) if o is not None and o.kind != "token" else None
        if card is not None and o.printed != Characteristics.of_card(card):
            o.printed = Characteristics.of_card(card)

    def instructions_with_targets(self, card, you: str, modes: list[int], targets: list) -> list[tuple[Any, list]]:
        """608.2c: the instructions to follow, each with its targets: every instruction shares the spell's
        targets; a chosen mode has its own, in the order the modes' targets were chosen (700.2c)."""
        if not modes:
            return awaken.shares(self.instructions(card, you), targets)  # 702.113a: the awaken ability its own target
        out, k = [], 0
        bullets = self.game.casting.mode_abilities(card)
        for m in modes:
            ab = bullets[m - 1]
            n = len(self.game.targets.expand(ab.targets or [], you, len(targets) - k))
            mine, k = targets[k:k + n], k + n
            if ab.one_shot or ab.continuous or ab.replacement or getattr(ab, "combat", None):
                out.append((ab, mine))
            else:
                self.game.say("608.2c", f"{card.name}: \"{ab.text}\" (not executable yet)")
        return out

    def resolve_ability(self, oid: str) -> None:
        st = self.game.state
        o = st.objects[oid]
        ab, text = self.game.abilities.pop(oid, (None, "?"))
        self.game.triggers.state_live.discard((o.ability_of, o.ability_index))  # 603.8: it has left the stack
        source = st.objects.get(o.ability_of)
        if ab is None and source is not None and source.printed is not None and o.ability_index:
            ab = source.printed.abilities[o.ability_index - 1]  # an ability the board put on the stack
            text = ab.display()
        st.stack.remove(oid)
        del st.objects[oid]
        self.resolving_refs = self.game.refs.pop(oid, {})
        who = f"the ability of {_name(st, o.ability_of)}"
        if isinstance(ab, MonarchPart):  # 722.2: the monarch's two triggered abilities (no source)
            monarch.resolve(self.game, ab, o.controller, self.game.about.pop(oid, None))
            return
        if isinstance(ab, RingPart):  # 701.54c: the abilities of a player's emblem named The Ring
            ring.resolve(self.game, ab, o.controller, self.game.about.pop(oid, None))
            return
        if isinstance(ab, speed.SpeedPart):  # 702.179: a player's speed ability (no source)
            speed.resolve(self.game, o.controller)
            return
        if isinstance(ab, planechase.PlaneswalkPart):  # 901.8: the planeswalking ability (no source)
            planechase.resolve(self.game, ab, o.controller)
            return
        if isinstance(ab, VanishingPart):  # 702.63a: its two triggered abilities
            vanishing.resolve(self.game, ab, o.ability_of, o.controller, who)
            return
        if isinstance(ab, suspend.SuspendPart):  # 702.62a: its two triggered abilities (the card in exile)
            suspend.resolve(self.game, ab, o.ability_of, o.ability_index, o.controller, who)
            return
        if isinstance(ab, soulbond.SoulbondPart):  # 702.95a: its two triggered abilities
            soulbond.resolve(self.game, ab, o.ability_of, o.controller, who, self.game.about.pop(oid, None))
            return
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) in ("flanking", "annihilator",
                                                                                     "exalted", "bushido", "storm",
                                                                                     "battle cry", "rampage", "cascade",
                                                                                     "ward", "afflict", "melee", "replicate",
                                                                                     "casualty", "conspire", "gravestorm",
                                                                                     "squad", "offspring", "myriad",
                                                                                     "enlist"):
            about = self.game.about.pop(oid, None)
            self.game.refs.pop(oid, None)
            amount = self.game.amounts.pop(oid, None) or 0
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            if ab.keyword == "enlist":  # 702.154a: its reflexive triggered ability (603.12)
                enlist.resolve(self.game, o.ability_of, o.ability_index, o.controller, amount)
            elif ab.keyword == "myriad":  # 702.116a
                myriad.resolve(self.game, ab, o.ability_of, o.controller, who)
            elif ab.keyword in ("squad", "offspring"):  # 702.157a, 702.175a
                squad.resolve(self.game, ab, o.ability_of, o.controller, amount)
            elif ab.keyword == "ward":  # 702.21a
                self.game.triggers.ward(about, ab.cost or "", o.ability_of)
            elif ab.keyword == "cascade":  # 702.85a
                self.cascade(amount, o.controller)
            elif ab.keyword in ("storm", "replicate", "casualty", "conspire", "gravestorm"):  # 702.40a: a copy for each
                # other spell cast before it this turn; 702.56a: for each time its replicate cost was paid; 702.153a,
                # 702.78a: one; 702.69a: for each permanent put into a graveyard from the battlefield this turn
                self.game.say(*("702.40a", f"{amount} other spell(s) were cast before it this turn: {amount} copies") if ab.keyword
                              == "storm" else ("702.69a", f"{amount} permanent(s) were put into a graveyard from the "
                                                          f"battlefield this turn: {amount} copies")
                              if ab.keyword == "gravestorm"
                              else ("702.56a", f"its replicate cost was paid {amount} time(s): {amount} copies")
                              if ab.keyword == "replicate" else (optional_costs.RULES[ab.keyword],
                                                                 f"its {ab.keyword} cost was paid: a copy"))
                for _ in range(amount):  # (702.56a, 702.153a, 702.78a: new targets for the copies, 707.10c)
                    self.copy_spell(about, o.controller, new_targets=ab.keyword != "storm")
            elif ab.keyword == "battle cry":  # 702.91a
                self.game.combat.battle_cry(o.ability_of, o.ability_index, o.controller)
            elif ab.keyword == "afflict":  # 702.130a
                self.game.combat.afflict(o.ability_of, ab.n or 0, o.controller)
            elif ab.keyword == "melee":  # 702.121a
                self.game.combat.melee(o.ability_of, o.ability_index, o.controller)
            elif ab.keyword == "rampage":  # 702.23a
                self.game.combat.rampage(o.ability_of, o.ability_index, o.controller, ab.n or 0)
            elif ab.keyword in ("exalted", "bushido"):  # 702.83a, 702.45a
                self.game.combat.keyword_pump(o.ability_of, about if ab.keyword == "exalted" else o.ability_of,
                                              o.ability_index, o.controller, ab)
            elif ab.keyword == "flanking":
                self.game.combat.flanking(o.ability_of, about, o.ability_index, o.controller)
            else:
                self.game.combat.annihilator(o.ability_of, ab.n or 0, o.controller)
            return
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) == "cumulative upkeep":
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            cumulative.cumulative_upkeep(self.game, o.ability_of, ab.cost or "", o.controller)  # 702.24a
            return
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) == "rebound":
            self.game.say("608.2", f"{who} resolves: \"you may cast this card from exile without paying its mana cost\" "
                                   "(702.88a)")
            self.rebound(o.ability_of, o.controller)
            return
        if ab is not None and ab.kind == "keyword" and getattr(ab, "keyword", None) == "madness":
            self.game.say("608.2", f"{who} resolves: \"When this card is exiled this way, its owner may cast it by paying "
                                   f"{ab.cost} rather than paying its mana cost\"")
            self.madness(o.ability_of, o.controller)
            return
        if isinstance(ab, ninjutsu.NinjutsuAbility):  # 702.49a, 702.49c
            ninjutsu.resolve(self.game, ab, o.ability_of, o.controller, who)
            return
        if isinstance(ab, (gy_tokens.EternalizeAbility, gy_tokens.EncoreAbility)):  # 702.129a, 702.141a
            gy_tokens.resolve(self.game, ab, o.ability_of, o.controller, who, text)
            return
        if isinstance(ab, EmbalmAbility):
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            self.game.events.embalm(o.ability_of, o.controller)
            return
        if isinstance(ab, TypecyclingAbility):  # 702.29e
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            typecycling_search(self.game, ab, o.controller)
            return
        if isinstance(ab, SaddleAbility):  # 702.171a-b
            self.game.say("608.2", f"{who} resolves: \"This permanent becomes saddled until end of turn.\"")
            mounts.become_saddled(self.game, o.ability_of, self.resolving_refs.get("self"))
            return
        if isinstance(ab, EquipAbility):
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            self.equip(o.ability_of, list(o.targets), o.controller, ab.targets)
            return
        kind = KEYWORD_TRIGGERS.get(getattr(ab, "keyword", None)) if ab is not None and ab.kind == "keyword" else None
        if kind is not None:  # 702.93a undying, 702.79a persist
            self.game.say("608.2", f"{who} resolves: \"{text}\"")
            self.return_with_counter(o.ability_of, ab.keyword, kind)
            return
        if ab is not None and ab.kind in ("triggered", "activated") and getattr(ab, "modes", None) is not None:
            self.resolve_modes(oid, o, text, who)
            return
        if ab is None or not (getattr(ab, "one_shot", None) or getattr(ab, "continuous", None)
                              or getattr(ab, "replacement", None) or getattr(ab, "combat", None)):
            self.game.say("608.2", f"{who} resolves: \"{text}\" (what it does is not executable yet)")
            return
        trig = getattr(ab, "trigger", None)
        if isinstance(trig, StepTrigger) and not self.game.triggers.intervening_if(trig, o.controller, o.ability_of):
            self.game.say("603.4", f"{who} is removed from the stack: {self.game.triggers.if_text(trig)} is false as it resolves")
            return
        if getattr(ab, "if_condition", None) is not None and not conditions.holds(self.game, ab.if_condition, o.ability_of,
                                                                                  o.controller, self.game.players_about.get(oid)):
            self.game.say("603.4", f"{who} is removed from the stack: its 'if' is false as it resolves")
            return
        renowned = st.objects.get(o.ability_of)
        if getattr(trig, "if_not_renowned", False) and renowned is not None and renowned.renowned:
            self.game.say("603.4", f"{who} is removed from the stack: 'if it isn't renowned' is false as it resolves")
            return
        if getattr(trig, "if_greater_pt", False) and not greater_pt(  # 702.100a (608.2h: as they last existed)
                self.game.pt_now_or_last(self.game.about.get(oid)), self.game.pt_now_or_last(o.ability_of)):
            self.game.say("603.4", f"{who} is removed from the stack: that creature's power and toughness are not "
                                   "greater as it resolves")
            return
        graft = st.objects.get(o.ability_of) if getattr(trig, "if_has_counter", False) else None
        if graft is not None and o.ability_of in st.battlefield and not graft.counters.get("+1/+1", 0):  # 702.58a
            self.game.say("603.4", f"{who} is removed from the stack: 'if this permanent has a +1/+1 counter on it' is "
                                   "false as it resolves")
            return
        targets = self.game.targets.still_legal(o.ability_of, ab.targets, list(o.targets), o.controller)
        if targets is None:  # 608.2b
            self.game.say("608.2b", f"{who} doesn't resolve: every target is illegal now")
            return
        self.game.say("608.2", f"{who} resolves: \"{text}\"")
        self.resolving_amount = self.game.amounts.pop(oid, 0)
        self.resolving_about = self.game.about.pop(oid, None)
        self.resolving_player = self.game.players_about.pop(oid, None)  # "that player" (the damaged player)
        self.do(granters.resolving_source(self, o.ability_of), ab, o.controller, targets, _name(st, o.ability_of))

    def resolve_modes(self, oid: str, o, text: str, who: str) -> None:
        """603.3c, 700.2: a modal triggered ability does what its chosen modes do, in the order printed,
        each with its own targets (in the order they were chosen, 700.2c); 608.2b: it doesn't resolve
        when it has targets and all are illegal now."""
        st = self.game.state
        modes = list(o.choices.get("modes") or [])
        bullets = self.game.triggers.mode_abilities(o.ability_of, o.ability_index)
        chosen = [bullets[m - 1] for m in modes if 1 <= m <= len(bullets)]
        specs = [s for m in chosen for s in (m.targets or [])]
        targets = self.game.targets.still_legal(o.ability_of, specs, list(o.targets), o.controller)
        if targets is None:
            self.game.say("608.2b", f"{who} doesn't resolve: every target is illegal now")
            return
        self.game.say("608.2", f"{who} resolves: \"{text}\" (mode{'s' if len(modes) > 1 else ''} "
                               f"{', '.join(map(str, modes))})")
        self.resolving_amount = self.game.amounts.pop(oid, 0)
        self.resolving_about = self.game.about.pop(oid, None)
        k = 0
        for m in chosen:
            n = len(self.game.targets.expand(m.targets or [], o.controller, len(targets) - k))
            mine, k = targets[k:k + n], k + n
            self.do(o.ability_of, m, o.controller, mine, _name(st, o.ability_of))

    def cascade(self, n: int, you: str) -> None:
        """702.85a *(EN, current official rules)*: exile from the top of the library until a nonland card whose mana
        value is less than this spell's, ``n`` as it was cast; it may be cast free; the rest to the bottom in a random
        order (engine/game/discover.py, the procedure discover shares)."""
        discover.exile_until_free(self.game, "cascade", n, you)

    def madness(self, card: str, owner: str) -> None:
        """702.35a, 608.2g: the owner may cast the exiled card for its madness cost as the trigger
        resolves ({cast: ID, madness: true}; no player receives priority after, the resolution goes on),
        or not ({cast: ID, madness: false}; --auto: not): then it goes to the graveyard."""
        if self._cast_from_exile(card, owner, "madness", "702.35a", "for its madness cost", "with its targets and mana"):
            return
        if card in self.game.state.exile:
            self.game.events.zone_changes([ZoneChange(type="zone_change", object=card, **{"from": "exile"}, to="graveyard")],
                                          "702.35a", "isn't cast: its owner puts it into their graveyard")

    def rebound(self, card: str, you: str) -> None:
        """702.88a, 608.2g: its controller may cast the card from exile without paying its mana cost as the
        rebound trigger resolves ({cast: ID, rebound: true}, with its targets; no player receives priority
        after, the resolution goes on), or not ({cast: ID, rebound: false}; --auto: not): it stays in exile."""
        if not self._cast_from_exile(card, you, "rebound", "702.88a", "from exile without paying its mana cost",
                                     "with its targets"):
            self.game.say("702.88a", f"{you} doesn't cast {_name(self.game.state, card)}: it stays in exile")

    def _cast_from_exile(self, card: str, player: str, how: str, rule: str, words: str, needs: str) -> bool:
        """Madness and rebound (702.35a, 702.88a): the player may cast the card this trigger exiled (or found in
        exile) as it resolves, by the game file's {cast: ID, <how>: true | false}; True when it was cast (on the
        stack now). A card that left exile is a new object (400.7): it can't be cast this way."""
        st = self.game.state
        ref = self.resolving_refs.get("self")
        if ref is None or ref[1] != "exile" or not self.game.same(ref):
            self.game.say("400.7", f"{_name(st, card)} is no longer the card exiled this way: it can't be cast")
            return True
        act = self.game.action()
        if isinstance(act, gf.Cast) and act.cast == card and getattr(act, how) is not None and act.by in (None, player):
            self.game.take()
            if getattr(act, how):
                setattr(self.game.casting, f"{how}_card", card)
                try:
                    self.game.priority.perform(act, player)
                finally:
                    setattr(self.game.casting, f"{how}_card", None)
                return card in st.stack
        elif not self.game.auto:
            raise GameError(self.game.where(), f"{rule}: {player} may cast {_name(st, card)} {words}",
                            f"add {{cast: {card}, {how}: true}} ({needs}) or {{cast: {card}, {how}: false}}, or use "
                            "--auto (not cast)")
        return False

    def equip(self, equipment: str, targets: list[str], you: str, specs=EquipAbility.targets) -> None:
        """702.6a: "Attach to target creature you control" (701.3a): the target checked again (608.2b), with the
        quality of "Equip [quality]" (702.6c: ``specs``, the ability's targets);
        an Equipment that is also a creature equips nothing (301.5c); attached again to the creature it
        equips, nothing happens (701.3b); attached, it gets a new timestamp (613.7e)."""
        st = self.game.state
        good = self.game.targets.still_legal(equipment, specs, targets, you)
        if good is None or good[0] is None:
            self.game.say("608.2b", f"the equip ability of {_name(st, equipment)} doesn't resolve: its target is illegal now")
            return
        target = good[0]
        if equipment not in st.battlefield:
            self.game.say("701.3a", f"{_name(st, equipment)} is no longer on the battlefield: it attaches to nothing")
            return
        if "creature" in self.game.chars(equipment).get("types", ()) or target == equipment:
            self.game.say("301.5c", f"{_name(st, equipment)} is a creature: it can't equip {_name(st, target)}")
            return
        o = st.objects[equipment]
        if o.attached_to == target:
            self.game.say("701.3b", f"{_name(st, equipment)} is already attached to {_name(st, target)}: nothing happens")
            return
        o.attached_to = target
        o.timestamp = st.next_timestamp  # 613.7e
        st.next_timestamp += 1
        self.game.say("701.3a", f"{_name(st, equipment)} is attached to {_name(st, target)} (timestamp {o.timestamp}, 613.7e)")

    def attach_to(self, equipment: str, made: list[str]) -> None:
        """701.3a: "create a ... token, then attach this Equipment to it" (living weapon, 702.92a): the
        Equipment attached to the token just created (no target); nothing when the Equipment has left the
        battlefield, is a creature (301.5c), or the token didn't stay on the battlefield; 613.7e."""
        st = self.game.state
        if len(made) != 1 or equipment not in st.battlefield or "creature" in self.game.chars(equipment).get("types", ()):
            self.game.say("701.3a", f"{_name(st, equipment)} is attached to nothing: it is no longer on the battlefield, "
                                    "is a creature, or no token is there to attach it to")
            return
        o = st.objects[equipment]
        o.attached_to = made[0]
        o.timestamp = st.next_timestamp  # 613.7e
        st.next_timestamp += 1
        self.game.say("701.3a", f"{_name(st, equipment)} is attached to {_name(st, made[0])} (timestamp {o.timestamp}, 613.7e)")

    def return_with_counter(self, x: str, keyword: str, kind: str) -> None:
        """702.93a, 702.79a: "return it to the battlefield under its owner's control with a +1/+1 (-1/-1)
        counter on it": the card it became in the graveyard (603.10a), unless it left there (400.7); the
        counter comes with the entering event, which the replacement effects see (Solemnity, Melira: 614.1c)."""
        st = self.game.state
        ref = self.resolving_refs.get("self")
        if ref is None or ref[1] != "graveyard" or not self.game.same(ref):
            self.game.say("400.7", f"{_name(st, x)} is no longer the card that went to the graveyard: {keyword} doesn't "
                                   "return it")
            return
        self.game.events.enter(x, st.objects[x].owner, "graveyard", counters={kind: 1})

    def do(self, source: str, ab, you: str, targets: list, name: str) -> None:
        """608.2c-h: the instructions, in order; each event through the replacement program. A target
        that is illegal now is None: what the spell does to it doesn't happen (608.2b)."""
        self.game.instructions.begin(targets)
        self.game.events.dealt_to = set()  # 120.3, 608.2c: what its instructions deal damage to ("this way")
        st = self.game.state
        for op in repeat.process(self.game, ab, you, name):  # 608.2c: "repeat this process" (engine/game/repeat.py)
            before = {x: st.objects[x].zone_changes for x in st.battlefield}
            self.game.instructions.follow(op, source, ab, you, targets, name)
            if delay_ops.entering(op):  # 608.2c: "it", "them" after it: the permanents it put onto the battlefield
                self.game.instructions.entered = [x for x in st.battlefield if before.get(x) != st.objects[x].zone_changes]
            self.game.triggers.state_triggers()  # 603.8: a state that holds for a moment during the resolution triggers
            intervening.check(self.game)  # 603.4: the intervening "if" of what this instruction's events triggered
        # 611.2: a continuous effect, or restrictions and requirements on attacks and blocks (508.1,
        # 509.1: the combat programs read the effect's rules while it lasts)
        if (ab.continuous is not None or getattr(ab, "combat", None)) and (targets or not getattr(ab, "targets", None)) \
                and not creates_effect(ab.one_shot):  # (608.2c: created by its "If you do" only, paycost.py)
            self.game.instructions.continuous_effect(source, ab, you, [t for t in targets if t is not None])
        rule = getattr(ab, "replacement", None)
        if getattr(ab, "emblem", False):  # 114.2: "You get an emblem with [ability]" (engine/game/emblems.py)
            emblems.get_emblem(self.game, source, ab, you)
        elif rule is not None and ab.kind in ("spell", "activated", "triggered", "mode"):
            self.game.instructions.replacement_effect(source, ab, you, [t for t in targets if t is not None])
