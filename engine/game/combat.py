"""Combat (506-511): attackers and blockers declared (508.1, 509.1) as the script gives them, checked
by the combat programs (bridge/combat.py); combat damage (510) by engine/game/combat_damage.py, its
assignment ordered (510.1c); removal from combat (506.4); flanking (702.25a), annihilator (702.86a),
exalted (702.83a), bushido (702.45a) and melee (702.121a) as they resolve (the combat program says which trigger)."""

from __future__ import annotations

from bridge.combat import Declaration, best, build_problem, check

from engine.files import gamefile as gf
from engine.game.combat_damage import CombatDamage, DamageInputError
from engine.files.events import LifeLoss, ZoneChange
from engine.vocab.cardfile import KeywordAbility, flanking_effect
from engine.vocab.keyword_costs import battle_cry_effect, keyword_effect, melee_effect, rampage_effect
from engine.state.model import CombatState, ContinuousEffect
from engine.game import enlist, turn_records
from engine.game import ring  # 701.54c: the abilities of the emblem named The Ring
from engine.game import script  # (issue 24: the declaration's 'by', 506.2; ids that name nothing)
from engine.game.sba import _leave_combat
from engine.game.triggered import Triggered
from engine.game.common import Chapter, GameError, _name


def _keyword_trigger(t) -> KeywordAbility | None:
    """The keyword ability of a combat trigger (flanking, annihilator N), as the ability that resolves:
    the card's own or a copied card's (707.2), or the one an effect granted (ability index 0; 702.25b,
    702.86b: each instance triggers apart)."""
    m = t.model
    if m is None:
        return None
    if getattr(m, "kind", None) in ("keyword", "triggered"):  # a triggered ability an effect grants (613.1f)
        return m
    return KeywordAbility(kind="keyword", keyword=m.keyword, n=m.n)


class Combat(Chapter):
    """Combat (506-511)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.attacked_with: dict[str, set[str]] = {}  # this turn: the creatures each player attacked with
        self.declared: dict[str, str] = {}  # this combat: each creature declared as an attacker -> what it attacked
        self.enlisting: dict[str, str] = {}  # 702.154a: the accepted declaration's enlist (attacker -> creature)

    def removed_from_combat(self) -> None:
        """506.4: an attacking or blocking permanent that stops being a creature is removed from combat
        (what it blocked stays blocked, 509.1h)."""
        st = self.game.state
        c = st.combat
        if c is None or not (c.attackers or c.blockers):
            return
        layers = self.game.layers()
        for x in sorted(set(c.attackers) | set(c.blockers)):
            if x in st.battlefield and "creature" not in layers.objects.get(x, {}).get("types", ()):
                _leave_combat(st, x)
                self.game.say("506.4", f"{_name(st, x)} is no longer a creature: it is removed from combat")

    def flanking(self, source: str, blocker: str | None, index: int, you: str) -> None:
        """702.25a: "whenever a creature without flanking blocks this creature, the blocking creature gets
        -1/-1 until end of turn": a continuous effect on the blocker (611.2c: that creature only)."""
        st = self.game.state
        if blocker is None or blocker not in st.battlefield:
            self.game.say("702.25a", "the blocking creature has left the battlefield: nothing happens")
            return
        # the card whose flanking it is, for a board to read the effect back (--out): the source's own, or,
        # for a copy, the copied card's (707.2: the effect then names that card, and no source object)
        held = [h for h, i in self.game.layers().printed_abilities.get(source, ()) if i == index
                and getattr(st.objects[h].printed.abilities[i - 1], "keyword", None) == "flanking"] if index else []
        card = st.objects[held[0] if held else source].printed if source in st.objects else None
        if not index and card is not None:  # a granted instance (702.25b): the card's own flanking, for --out
            index = next((i for i, a in enumerate(card.abilities, 1)
                          if a.kind == "keyword" and getattr(a, "keyword", None) == "flanking"), 0)
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else "",
                                           ability_index=index or 1, ability=flanking_effect(), controller=you,
                                           targets=(blocker,), choices={}, timestamp=ts, duration="end_of_turn", remaining=None,
                                           source=source if not held or held[0] == source else None))
        self.game.say("702.25a", f"{_name(st, blocker)} gets -1/-1 until end of turn (flanking; timestamp {ts})")

    def defending_player(self, source: str, you: str) -> str | None:
        """506.2: the defending player of an attacking creature: the player it attacks, or the controller of
        the planeswalker or battle it attacks, as the layers give it; the annihilator and afflict triggers."""
        st = self.game.state
        attacked = st.combat.attackers.get(source) if st.combat is not None else None
        if attacked in st.player_names:
            return attacked
        if attacked is not None and attacked in st.objects:
            return self.game.chars(attacked).get("controller") or st.objects[attacked].controller
        return next((p for p in st.player_names if p != you), None)

    def afflict(self, source: str, n: int, you: str) -> None:
        """702.130a *(EN, current official rules)*: "Afflict N" means "Whenever this creature becomes blocked,
        defending player loses N life" (506.2: the player it attacks, or the controller of what it attacks;
        119.3: a life loss event, which replacement effects see)."""
        player = self.defending_player(source, you)
        if player is None or n <= 0:
            return
        self.game.say("702.130a", f"{player} is the defending player of {_name(self.game.state, source)}: "
                                  f"they lose {n} life (afflict {n})")
        self.game.events.player_events([LifeLoss(type="life_loss", player=player, amount=n)])

    def annihilator(self, source: str, n: int, you: str) -> None:
        """702.86a: "defending player sacrifices N permanents": the player the creature attacks, or the
        controller of the planeswalker or battle it attacks (506.2), chooses N of their permanents
        ({sacrifice: ID, by: PLAYER} once for each; --auto: the first ones in board order), all of them
        if they control N or fewer; they are sacrificed at once (701.21)."""
        st = self.game.state
        player = self.defending_player(source, you)
        if player is None:
            return
        able = [x for x in st.battlefield if self.game.chars(x).get("controller") == player]
        chosen = self.game.instructions.sacrifices_chosen(player, able, n, f"the annihilator of {_name(st, source)}", "702.86a")
        if not chosen:
            self.game.say("702.86a", f"{player} controls no permanent to sacrifice")
            return
        self.game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")
                                       for x in chosen], "702.86a", "is sacrificed", sacrificed=True)

    def declare_attackers(self) -> None:
        st = self.game.state
        problem = build_problem(st, self.game.layers(), config=self.game.config)
        decl, verdict = self._declaration(problem, "attack", st.active)
        self.declared = {}  # 508.1: this combat's declaration (none: no player was attacked, 508.3b)
        if not decl.pairs:
            self.game.say("508.1", f"{st.active} declares no attackers")
            return
        st.combat = CombatState(attackers={c: d for c, d in decl.pairs}, bands=decl.bands)
        self.declared = dict(decl.pairs)  # 508.1 (702.121a: the opponents attacked, looked back at)
        self.attacked_with.setdefault(st.active, set()).update(c for c, _d in decl.pairs)  # 608.2i: looked back at
        st.attacked.add(st.active)  # 508.1: "if you attacked this turn" (raid)
        turn_records.attacked(st, st.combat.attackers)  # 508.1a: "as long as it attacked this turn"
        tapped = [c for c, _d in decl.pairs if "vigilance" not in self.game.chars(c).get("abilities", ())
                  and not st.objects[c].tapped]
        self.game.events.tap(tapped)  # 508.1f
        self.game.say("508.1", f"{st.active} attacks: " + ", ".join(f"{_name(st, c)} -> {_name(st, d)}" for c, d in decl.pairs)
                      + (f"; tapped: {', '.join(_name(st, c) for c in tapped)} (508.1f)" if tapped else ""))
        enlist.enlisted(self.game, self.enlisting)  # 702.154a: the creatures the declaration enlists
        self.enlisting = {}
        for t in verdict.triggers:
            self.game.pending.append(Triggered(t.source, t.ability, t.text, t.objects[0] if t.objects else t.source,
                                               "attack", "508.2a", self.game.chars(t.source).get("controller") or "",
                                               model=_keyword_trigger(t)))
        ring.attack_triggers(self.game)  # 701.54c, 508.2a: the emblem named The Ring's second ability

    def battle_cry(self, source: str, index: int, you: str) -> None:
        """702.91a: each other attacking creature gets +1/+0 until end of turn: those attacking as it
        resolves (611.2c: the set fixed then)."""
        st = self.game.state
        others = sorted(x for x in (st.combat.attackers if st.combat is not None else {}) if x != source
                        and x in st.battlefield)
        if not others:
            self.game.say("702.91a", "no other creature is attacking: nothing happens")
            return
        ts = self._pump(source, others, index, you, battle_cry_effect())
        self.game.say("702.91a", f"{', '.join(_name(st, x) for x in others)} get(s) +1/+0 (battle cry) until end of turn "
                                 f"(timestamp {ts})")

    def melee(self, source: str, index: int, you: str) -> None:
        """702.121a *(EN, current official rules)*: "Melee" means "Whenever this creature attacks, it gets +1/+1
        until end of turn for each opponent you attacked with a creature this combat": counted as it resolves
        (608.2h), the opponents (players, not planeswalkers or battles: 506.2) creatures were declared attacking
        (508.1: by the attacking player, its controller; a creature put onto the battlefield attacking was never
        declared, 508.4), whether or not those creatures still attack or are on the battlefield."""
        st = self.game.state
        opponents = sorted({d for d in self.declared.values() if d in st.player_names and d != you})
        if source not in st.battlefield or not opponents:
            self.game.say("702.121a", f"{_name(st, source)}: {len(opponents)} opponent(s) attacked, or it has left the "
                                      "battlefield: nothing happens")
            return
        k = len(opponents)
        ts = self._pump(source, [source], index, you, melee_effect(k))
        self.game.say("702.121a", f"{you} attacked {', '.join(opponents)} with creatures this combat: {_name(st, source)} "
                                  f"gets +{k}/+{k} (melee) until end of turn (timestamp {ts})")

    def rampage(self, source: str, index: int, you: str, n: int) -> None:
        """702.23a-b: +N/+N until end of turn for each creature blocking it beyond the first, counted as
        the ability resolves."""
        st = self.game.state
        blocking = [b for b, attackers in (st.combat.blockers.items() if st.combat is not None else ())
                    if source in attackers]
        beyond = max(len(blocking) - 1, 0)
        if source not in st.battlefield or not beyond:
            self.game.say("702.23b", f"{_name(st, source)} is blocked by {len(blocking)} creature(s): no bonus")
            return
        ts = self._pump(source, [source], index, you, rampage_effect(n, beyond))
        self.game.say("702.23b", f"{_name(st, source)} get(s) +{n * beyond}/+{n * beyond} (rampage {n}, {beyond} "
                                 f"blocker(s) beyond the first) until end of turn (timestamp {ts})")

    def _pump(self, source: str, creatures: list[str], index: int, you: str, effect) -> int:
        """A keyword's resolved effect on these creatures until end of turn (611.2c: the set fixed as it
        resolves): its timestamp."""
        st = self.game.state
        card = st.objects[source].printed if source in st.objects else None
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else "",
                                           ability_index=index or 1, ability=effect, controller=you,
                                           targets=tuple(creatures), choices={}, timestamp=ts, duration="end_of_turn",
                                           remaining=None, source=source))
        return ts

    def keyword_pump(self, source: str, creature: str | None, index: int, you: str, ab: KeywordAbility) -> None:
        """702.83a exalted ("that creature gets +1/+1 until end of turn"), 702.45a bushido N ("it gets
        +N/+N until end of turn"): a continuous effect on that creature only (611.2c), unless it has left
        the battlefield (400.7)."""
        st = self.game.state
        rule = "702.83a" if ab.keyword == "exalted" else "702.45a"
        if creature is None or creature not in st.battlefield:
            self.game.say(rule, "the creature has left the battlefield: nothing happens")
            return
        effect = keyword_effect(ab)
        ts = self._pump(source, [creature], index, you, effect)
        n = effect.continuous.do[0].power
        self.game.say(rule, f"{_name(st, creature)} gets +{n}/+{n} until end of turn ({ab.keyword}; timestamp {ts})")

    def declare_blockers(self) -> None:
        st = self.game.state
        problem = build_problem(st, self.game.layers(), config=self.game.config)
        decl, verdict = self._declaration(problem, "block", None)
        blockers: dict[str, tuple[str, ...]] = {}
        for b, a in list(decl.pairs) + list(verdict.band_blocks):
            blockers.setdefault(b, ())
            if a not in blockers[b]:
                blockers[b] = tuple(sorted(blockers[b] + (a,)))
        st.combat.blockers = blockers
        st.combat.blocked = tuple(sorted({a for v in blockers.values() for a in v}))
        if not blockers:
            self.game.say("509.1", "no blockers are declared")
        else:
            self.game.say("509.1", "blocks: " + ", ".join(f"{_name(st, b)} blocks {', '.join(_name(st, a) for a in v)}"
                                                          for b, v in sorted(blockers.items())))
        for t in verdict.triggers:  # the object of the event: the last one named, "that creature" (the attacker
            # it blocks, 509.3b; the blocker, 509.3d)
            self.game.pending.append(Triggered(t.source, t.ability, t.text, t.objects[-1] if t.objects else t.source,
                                               "block", "509.3", self.game.chars(t.source).get("controller") or "",
                                               model=_keyword_trigger(t)))
        ring.block_triggers(self.game)  # 701.54c, 509.3c: the emblem named The Ring's third ability

    def _declaration(self, problem, side: str, player: str | None):
        """The declaration the script gives for this step (508.1, 509.1), checked by the combat
        program; an illegal one is refused (733) and the next one the script gives is tried. None
        given: no attackers or blockers, if that is legal; otherwise the choice is missing (--auto:
        the first declaration that obeys the most requirements)."""
        verb = "attackers" if side == "attack" else "blockers"
        step = "declare_attackers" if side == "attack" else "declare_blockers"
        kind = gf.Attack if side == "attack" else gf.Block
        # 506.2, 508.1, 509.1: who declares (the active player; the defending players, engine/game/script.py)
        declarers = [self.game.state.active] if side == "attack" else sorted(
            {self.defending_player(a, self.game.state.active) for a in (self.game.state.combat.attackers
                                                                         if self.game.state.combat else ())} - {None})
        while True:
            act = self.game.action()
            if isinstance(act, kind) and (act.at is None or self.game.due(act, step)) \
                    and script.declarer(self.game, act, side, declarers):
                script.nothing_named(self.game, act)  # an id that names nothing now: an error of the script
                self.game.take()
                if side == "attack":
                    pairs = tuple(sorted(act.attack.items()))
                    decl = Declaration("attack", pairs, (), tuple(tuple(sorted(b)) for b in act.bands)).canonical()
                    why = enlist.refused(self.game, act.enlist, pairs)  # 702.154a
                    if why is not None:
                        self.game.rejected.append({"action": self.game.pos - 1, "rule": "702.154a", "message": why})
                        self.game.say("702.154a", f"rejected: the declaration's enlist is illegal: {why} (733)")
                        continue
                    self.enlisting = dict(act.enlist)
                else:
                    decl = Declaration("block", tuple((b, x) for b, a in act.block.items()
                                                      for x in (a if isinstance(a, list) else [a]))).canonical()
                verdict = check(problem, decl, self.game.config)
                if verdict.legal:
                    return decl, verdict
                why = " ".join(v.message for v in verdict.violations)
                rule = verdict.violations[0].rule if verdict.violations else "508.1"
                self.game.rejected.append({"action": self.game.pos - 1, "rule": rule, "message": why})
                self.game.say(rule, f"rejected: the declaration {decl.to_dict()[side]} is illegal: {why} (733)")
                continue
            decl = Declaration(side, ())
            verdict = check(problem, decl, self.game.config)
            if verdict.legal:
                return decl, verdict
            if not self.game.auto:
                why = " ".join(v.message for v in verdict.violations)
                raise GameError(self.game.where(), f"{'508.1' if side == 'attack' else '509.1'}: declaring no {verb} is "
                                                   f"illegal here: {why}", f"add a legal {{{side}: ...}} for this step, "
                                                                           "or use --auto")
            found = best(problem, side, self.game.config)
            decl = found.example if found.example is not None else decl
            return decl, check(problem, decl, self.game.config)

    def combat_damage(self, dealer: CombatDamage) -> None:
        st = self.game.state
        act = self.game.action()
        given: dict[str, dict[str, int]] = {}
        if isinstance(act, gf.AssignDamage) and (act.at is None or self.game.due(act)):
            self.game.take()
            given = {c: dict(to) for c, to in act.assign_damage.items()}
        open_choices = [d for d in dealer.dealers() if d.forced is None and d.creature not in given]
        for d in open_choices:
            if not self.game.auto:
                raise GameError(self.game.where(), f"{d.rule}: {d.chooser} divides {_name(st, d.creature)}'s {d.power} combat "
                                                   f"damage among {', '.join(_name(st, r) for r in d.recipients)}",
                                "add {assign_damage: {CREATURE: {RECIPIENT: N, ...}}}, or use --auto")
            given[d.creature] = self._auto_assignment(dealer, d)
        # 616.1: each choice among the outcomes of the replacement effects, the damage's and those of
        # the events it leads to, is a {choose: N} action when it comes up (--auto: the first)
        try:
            result = dealer.deal(given, None, self.game.sba.keep_legend, choose=self.game.events.outcome_for)
        except DamageInputError as e:
            raise GameError(self.game.where(), e.problem, e.fix) from None
        if not result.legal:
            raise GameError(self.game.where(), "; ".join(p.message for p in result.problems),
                            "give a legal assignment (mtgjudge damage on the board checks one)")
        new = result.state
        st.__dict__.update(new.__dict__)
        for line in result.log:
            rule, _, text = line.partition(": ")
            self.game.say(rule, text)
        self.game.pending += result.triggers

    def _auto_assignment(self, dealer: CombatDamage, d) -> dict[str, int]:
        """--auto: lethal damage to each blocker in order (702.19b), the rest to the last recipient."""
        left = d.power
        out: dict[str, int] = {}
        blockers = [r for r in d.recipients if r not in (d.defender, d.beyond) and r not in self.game.state.player_names]
        for b in blockers:
            c = dealer.chars[b]
            need = 1 if d.deathtouch else max((c.get("toughness") or 0) - self.game.state.objects[b].damage, 0)
            n = min(need, left)
            if n:
                out[b] = n
                left -= n
        if left:  # (as though it weren't blocked, without trample: to its blockers, as a blocked creature)
            last = blockers[-1] if getattr(d, "as_unblocked", False) and not d.trample and blockers else d.recipients[-1]
            out[last] = out.get(last, 0) + left
        return out
