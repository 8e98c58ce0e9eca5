"""Keyword abilities executed through their rule definitions (702: "[keyword] means '[ability]'").

Many keywords of 702 are defined as an ability written in words: "Soulshift N" means "When this
permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana
value N or less from your graveyard to your hand" (702.46a). :data:`DEFINITIONS` holds, for each such
keyword, its rule number and the definition's words, with the keyword's parameter as ``{n}`` (a
number: "2"), ``{cost}`` (a cost: "{2}{R}"), ``{a_n}`` (a number as a card prints it before a noun: "a", "two") or ``{s}`` (the plural
ending for that number). :func:`definition` compiles the words with the compiler of the families
(engine/vocab/oracle/compile.py: the same grammars that read the printed abilities), so that a keyword
means exactly the ability a card printing those words has: executable where that ability is
(``engine.vocab.cardfile.executable_by``), executed by the game loop as that ability
(engine/vocab/keyword_costs.py: ``stands_for``). A definition that the grammars don't read whole, or
whose ability no program executes, leaves the keyword not executable (never half-done).

Rule numbers: 702.2-702.42 checked in the seed text (French, ../shared/seeds); 702.43 onward from the
current official English rules (the seed stops at 702.42); the words are the rules' definitions, as the
database cards' reminder text prints them.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from engine.vocab.oracle.compile import compile_paragraph

# keyword -> (rule, the ability it means, in words). One ability each: the loop executes a keyword as
# the one ability it stands for. A keyword that represents two abilities has its other one where the
# programs read it: modular's "This permanent enters with N +1/+1 counters on it" (702.43a) is the keyword's
# replacement (engine/vocab/replacement.py: keyword_replacement); executable_by asks both (TWO_PARTS).
DEFINITIONS: dict[str, tuple[str, str]] = {
    # 702.30a (seed, French: « Au début de votre entretien, si ce permanent est passé sous votre contrôle depuis
    # le début de votre dernier entretien, sacrifiez-le à moins que vous ne payiez [coût]. »): a mana cost only
    "echo": ("702.30a", "At the beginning of your upkeep, if this permanent came under your control since the "
                        "beginning of your last upkeep, sacrifice it unless you pay {cost}."),
    # 702.32a (seed, French: « Au début de votre entretien, retirez un marqueur « évanescence » de ce permanent. Si vous
    # ne le pouvez pas, sacrifiez ce permanent. »): the second of fading's two abilities (its first, the replacement
    # "This permanent enters with N fade counters on it", is keyword_replacement's)
    "fading": ("702.32a", "At the beginning of your upkeep, remove a fade counter from this permanent. If you can't, "
                          "sacrifice the permanent."),
    # 702.58a: the second of graft's two abilities (its first, "This permanent enters with N +1/+1 counters on it", is
    # keyword_replacement's): an enters trigger with its intervening "if" (603.4) on the source's counters; "move" (122.8)
    "graft": ("702.58a", "Whenever another creature enters, if this permanent has a +1/+1 counter on it, you may move a "
                         "+1/+1 counter from this permanent onto that creature."),
    # 702.92a: the Germ token's subtypes are no printed card's (the generated SUBTYPE list lacks them)
    "living weapon": ("702.92a", "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then "
                                 "attach this Equipment to it."),
    # 702.46a: a leaves-the-battlefield trigger (603.10a), the Spirit card a target in your graveyard
    "soulshift": ("702.46a", "When this permanent is put into a graveyard from the battlefield, you may return "
                             "target Spirit card with mana value {n} or less from your graveyard to your hand."),
    # 702.68a
    "frenzy": ("702.68a", "Whenever this creature attacks and isn't blocked, it gets +{n}/+0 until end of turn."),
    # 702.105a: an attack trigger (508.2a, the combat program's: an attack on a player no player has more life than)
    "dethrone": ("702.105a", "Whenever this creature attacks the player with the most life or tied for most life, put a "
                             "+1/+1 counter on this creature."),
    # 702.110a
    "exploit": ("702.110a", "When this creature enters, you may sacrifice a creature."),
    # 702.123a
    "fabricate": ("702.123a", "When this permanent enters, you may put {a_n} +1/+1 counter{s} on it. If you don't, "
                              "create {a_n} 1/1 colorless Servo artifact creature token{s}."),
    # 702.163a
    "for mirrodin!": ("702.163a", "When this Equipment enters, create a 2/2 red Rebel creature token, then attach "
                                  "this Equipment to it."),
    # 702.182a
    "job select": ("702.182a", "When this Equipment enters, create a 1/1 colorless Hero creature token, then attach "
                               "this Equipment to it."),
    # 702.100a: an enters trigger with its intervening "if" (603.4) comparing the characteristics the layers give; in
    # the words of the cards' reminder text (the rule's: "if that creature's power is greater than this creature's
    # power and/or that creature's toughness is greater than this creature's toughness": the same condition)
    "evolve": ("702.100a", "Whenever a creature you control enters, if that creature has greater power or toughness "
                           "than this creature, put a +1/+1 counter on this creature."),
    # 702.101a: a cast trigger (601.2i, 603.2), a hybrid mana payment (107.4e) as it resolves (118.12)
    "extort": ("702.101a", "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you "
                           "gain life equal to the total life lost this way."),
    # 702.112a-b: a combat damage trigger with its intervening "if" (603.4) on the renowned designation
    "renown": ("702.112a", "When this creature deals combat damage to a player, if it isn't renowned, put {a_n} +1/+1 "
                           "counter{s} on it and it becomes renowned."),
    # 702.43a: the second of modular's two abilities, a leaves-the-battlefield trigger (603.10a: the +1/+1 counters it
    # had as it last existed on the battlefield)
    "modular": ("702.43a", "When this permanent is put into a graveyard from the battlefield, you may put a +1/+1 "
                           "counter on target artifact creature for each +1/+1 counter on this permanent."),
    # 702.134a: an attack trigger (508.2a, the combat program's); the target's power less than this creature's
    # (as it is, or last existed on the battlefield, 608.2h)
    "mentor": ("702.134a", "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with "
                           "lesser power."),
    # 702.97a: an activated ability of the card in its owner's graveyard (113.6k: its cost exiles it from there), in the
    # cards' reminder text's words (the rule's "equal to the power of the card you exiled": the same number, 608.2h)
    "scavenge": ("702.97a", "{cost}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to this "
                            "card's power on target creature. Activate only as a sorcery."),
    # 702.84a (current official rules: "[Cost]: Return this card from your graveyard to the battlefield. It gains haste.
    # Exile it at the beginning of the next end step. If it would leave the battlefield, exile it instead of putting it
    # anywhere else. Activate only as a sorcery."): an activated ability of the card in its owner's graveyard (113.6k), its
    # riders on the permanent it becomes (611.2c: haste; 603.7c: the delayed exile; 614.1a: the replacement)
    "unearth": ("702.84a", "{cost}: Return this card from your graveyard to the battlefield. It gains haste. Exile it at "
                           "the beginning of the next end step. If it would leave the battlefield, exile it instead of "
                           "putting it anywhere else. Activate only as a sorcery."),
    # 702.115a: a combat damage trigger, "that player": the player dealt damage (603.2)
    "ingest": ("702.115a", "Whenever this creature deals combat damage to a player, that player exiles the top card of "
                           "their library."),
    # 702.149a (the current official rules: "Whenever this creature and at least one other creature with power greater
    # than this creature's power attack, put a +1/+1 counter on this creature."), in the words of the cards' reminder
    # text (the same condition): an attack trigger the combat program decides on the powers at the declaration (508.2a)
    "training": ("702.149a", "Whenever this creature attacks with another creature with greater power, put a +1/+1 "
                             "counter on this creature."),
    # 702.135a
    "afterlife": ("702.135a", "When this permanent is put into a graveyard from the battlefield, create {a_n} 1/1 "
                              "white and black Spirit creature token{s} with flying."),
    # 702.181a (the current official rules: "Whenever this creature attacks, create N 1/1 red Warrior creature tokens.
    # Those tokens enter tapped and attacking. Sacrifice them at the beginning of the next end step."), in the words of
    # the cards' reminder text: the tokens enter tapped and attacking (508.4: never declared, no attack trigger), a
    # delayed triggered ability sacrifices them (603.7c)
    "mobilize": ("702.181a", "Whenever this creature attacks, create {a_n} tapped and attacking 1/1 red Warrior creature "
                             "token{s}. Sacrifice {them} at the beginning of the next end step."),
    # 702.165a (current official rules: "When this creature enters, put N +1/+1 counters on target creature. If that's
    # another creature, it also gains the non-backup abilities of this creature printed below this one until end of
    # turn."): its first sentence here; its second, the grant, is added by backup() from the keyword's ``grants``
    "backup": ("702.165a", "When this creature enters, put {a_n} +1/+1 counter{s} on target creature."),
    # 702.188a (the current official rules' firebending, not in the seed, which stops at 702.42; its number inferred):
    # in the words of the cards' reminder text ("Whenever a creature with firebending N attacks, add N {R}. This mana
    # lasts until end of combat."): an attack trigger (508.2a) adding N red mana (106.4) that isn't lost as the steps
    # of combat end until the end of combat step ends (500.4: {op: add_mana_choice, lasts: combat})
    "firebending": ("702.188a", "Whenever this creature attacks, add {r_n}. Until end of combat, you don't lose this "
                                "mana as steps end."),
    # 702.147a (current official rules: "Decayed represents a static ability and a triggered ability. "Decayed" means
    # "This creature can't block" and "When this creature attacks, sacrifice it at end of combat.""): the second, an
    # attack trigger (508.2a) whose delayed triggered ability (603.7) sacrifices the source; the first is the keyword's
    # combat restriction (engine/vocab/cardfile.py: KeywordAbility.combat, 509.1b)
    # 702.156a (current official rules: "Ravenous is a keyword that represents both a replacement effect and a
    # triggered ability. 'Ravenous' means 'This permanent enters with X +1/+1 counters on it' and 'When this permanent
    # enters, if X is 5 or more, draw a card.'"): the second here, an enters trigger with its intervening "if" (603.4) on
    # the X its spell was cast with (107.3m); the first is the keyword's replacement (keyword_replacement)
    "ravenous": ("702.156a", "When this permanent enters, if X is 5 or more, draw a card."),
    "decayed": ("702.147a", "When this creature attacks, sacrifice it at end of combat."),
    # 702.77a (current official rules: "Reinforce is an activated ability that functions only while the card with
    # reinforce is in a player's hand. 'Reinforce N—[cost]' means '[Cost], Discard this card: Put N +1/+1 counters on
    # target creature.'"): an activated ability of the card in its owner's hand (113.6k: its cost discards it from
    # there; the loop activates it from there as it does a printed one, Costs.zone_ability), at any time the player
    # has priority (no "Activate only as a sorcery": 602.5)
    "reinforce": ("702.77a", "{cost}, Discard this card: Put {a_n} +1/+1 counter{s} on target creature."),
    # 702.124j (current official rules: "Partner with [name]" represents two abilities: a partner ability, a rule of deck
    # construction that functions before the game begins, 113.6p, nothing to do in a game in progress; and "When this
    # permanent enters, target player may search their library for a card named [name], reveal it, put it into their
    # hand, then shuffle."): the second here, an enters trigger (603.6a), its target a player (115.1) who chooses
    # whether to search (701.23a-b); "this creature": every card with the ability is a creature card. The name is the
    # keyword's quality, put in the compiled search as it is printed (partner_with: a name the grammar reads whole,
    # whatever its words)
    # 702.39a (seed, French), in the words of the current official rules: built by _provoke (the words read are
    # _PROVOKE_READ's)
    "provoke": ("702.39a", "Whenever this creature attacks, you may have target creature defending player controls untap "
                           "and block this creature this combat if able."),
    # 702.59a (current official rules): built by _recover (the words read are _RECOVER_READ's)
    "recover": ("702.59a", "When a creature is put into your graveyard from the battlefield, you may pay {cost}. If you "
                           "do, return this card from your graveyard to your hand. Otherwise, exile this card."),
    "partner with": ("702.124j", "When this creature enters, target player may search their library for a card named "
                                 "{name}, reveal it, put it into their hand, then shuffle."),
}

# the keywords that represent two abilities, one of them the keyword's replacement (702.43a modular) or its combat
# restriction (702.147a decayed): executable only when both are
TWO_PARTS = frozenset({"modular", "fading", "graft", "decayed", "ravenous"})

_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def definition_text(keyword: str, n: int | None = None, cost: str | None = None) -> str | None:
    """The words a keyword with its parameter means (DEFINITIONS), or None for a keyword not defined
    here or a parameter the words can't take."""
    if keyword not in DEFINITIONS:
        return None
    text = DEFINITIONS[keyword][1]
    if "{n}" in text or "{a_n}" in text or "{r_n}" in text:
        if n is None or n < 1 or n not in _WORDS:
            return None
        text = text.replace("{n}", str(n)).replace("{a_n}", _WORDS[n]).replace("{s}", "s" if n > 1 else "").replace(
            "{them}", "them" if n > 1 else "it").replace("{r_n}", "{R}" * n)
    if "{name}" in text:  # 702.124j: compiled with _NAME, the name put in after (partner_with)
        text = text.replace("{name}", _NAME)
    if "{cost}" in text:
        if not cost:
            return None
        text = text.replace("{cost}", cost)
    return text


# 702.124j: the words compiled with a name of one word that stands for the keyword's quality (partner_with)
_NAME = "Partnered"


@lru_cache(maxsize=512)
def partner_with(name: str):
    """702.124j: the enters trigger "partner with [name]" means, the search for a card named ``name`` (the name as
    printed, put into the compiled search: compiled with _NAME for it, so that no word of a name is read as the
    grammar's); None for a quality that is no card's name ("itself")."""
    if not name or name.lower() == "itself" or "{name}" in name:
        return None
    found = _compiled("partner with", None, None)
    if found is None:
        return None
    data = found.model_dump(by_alias=True, exclude_none=True)
    ops = [op for op in data["one_shot"] if op.get("named") == _NAME]
    if len(ops) != 1 or ops[0].get("op") != "search_library":
        return None
    ops[0]["named"] = name
    data["text"] = data["text"].replace(_NAME, name)
    return type(found).model_validate(data)


@lru_cache(maxsize=512)
def _compiled(keyword: str, n: int | None, cost: str | None):
    text = definition_text(keyword, n, cost)
    found = compile_paragraph(text) if text is not None else None
    if found is None or len(found) != 1:
        return None
    return found[0]


def definition(ab):
    """The ability the keyword ability ``ab`` means by its rule (DEFINITIONS), compiled from its words;
    None when ``ab`` is no such keyword or the words don't compile to one ability. The same model each
    time for the same keyword and parameter."""
    if getattr(ab, "kind", None) != "keyword" or ab.keyword not in DEFINITIONS:
        return None
    if ab.keyword == "backup":  # 702.165a: the abilities it grants are the card's (its ``grants``)
        return _backup(ab.n, json.dumps([g.model_dump(mode="json", by_alias=True, exclude_defaults=True)
                                         for g in ab.grants])) if ab.grants else None
    if ab.keyword == "partner with":  # 702.124j: the partner's name, its quality
        return partner_with(ab.quality)
    if ab.keyword == "provoke":  # 702.39a: the requirement and the untap, both chosen with the "may"
        return _provoke()
    if ab.keyword == "recover":  # 702.59a: a trigger of the card in its owner's graveyard
        return _recover(ab.cost) if ab.cost and re.fullmatch(r"(\{[^{}]+\})+", ab.cost) else None
    return _compiled(ab.keyword, getattr(ab, "n", None), getattr(ab, "cost", None))


@lru_cache(maxsize=128)
def _backup(n: int | None, grants: str):
    """702.165a: backup N's enters trigger, its first sentence compiled from its words; its second ("If that's another
    creature, it also gains the non-backup abilities of this creature printed below this one until end of turn") the
    ability's continuous effect (611.2c: on its target, until end of turn, layer 6: 613.1f) granting ``grants``
    (702.165c-d: the abilities printed on the card, fixed with the keyword), created by {op: create_effect} only when
    the target isn't the source itself (other_than_source)."""
    first = _compiled("backup", n, None)
    if first is None:
        return None
    data = first.model_dump(by_alias=True, exclude_none=True)
    data["continuous"] = {"do": [{"op": "add_abilities", "abilities": json.loads(grants)}]}
    data["one_shot"] = data["one_shot"] + [{"op": "create_effect", "target": 1, "other_than_source": True}]
    data["text"] = data["text"] + " If that's another creature, it gains the following abilities until end of turn."
    return type(first).model_validate(data)


# 702.39a: the words the grammar reads (mayhave.lark: mh_may_have_block_source), the ability's requirement made
# "this combat" and the untap added after (_provoke)
_PROVOKE_READ = ("Whenever this creature attacks, you may have target creature defending player controls block this "
                 "creature this turn if able.")


@lru_cache(maxsize=1)
def _provoke():
    """702.39a (seed, French: « À chaque fois que cette créature attaque, vous pouvez choisir que la créature ciblée que
    le joueur défenseur contrôle bloque cette créature pendant ce combat si possible. Si vous faites ainsi, dégagez
    cette créature. »; current official rules: "... you may have target creature defending player controls untap and
    block this creature this combat if able."): an attack trigger (508.2a) with a creature target defending player
    controls; if its controller chooses to as it resolves (608.2d), the requirement on that target to block this
    creature (509.1c, the block program's blocks_attacker), an effect that ends with this combat (the text says "this
    combat": engine/game/tap_ops.py duration, end_of_combat), and the target untapped ({op: untap}, its first target)."""
    found = compile_paragraph(_PROVOKE_READ)
    if found is None or len(found) != 1:
        return None
    data = found[0].model_dump(by_alias=True, exclude_none=True)
    [may] = data["one_shot"]
    if may.get("op") != "may" or [op["op"] for op in may["one_shot"]] != ["create_effect"]:
        return None
    may["one_shot"] = may["one_shot"] + [{"op": "untap"}]
    data["text"] = DEFINITIONS["provoke"][1]
    return type(found[0]).model_validate(data)


# 702.59a: the words the grammar reads, the trigger's subjects made the cards of "your graveyard" and the "Otherwise"
# added after (_recover)
_RECOVER_READ = ("Whenever a creature you control dies, you may pay {cost}. If you do, return this card from your "
                 "graveyard to your hand.")


@lru_cache(maxsize=64)
def _recover(cost: str):
    """702.59a (current official rules: "Recover is a triggered ability that functions only while the card with recover
    is in a player's graveyard. 'Recover [cost]' means 'When a creature is put into your graveyard from the
    battlefield, you may pay [cost]. If you do, return this card from your graveyard to your hand. Otherwise, exile
    this card.'"): a dies trigger (700.4) of the card in its owner's graveyard (source_zone: graveyard, 113.6k) on the
    creatures its owner owns (a creature is put into its owner's graveyard, 400.3: subjects ``owner: you``, whoever
    controlled it); a mana cost paid if its owner chooses to (118.12, 608.2d); the card returned to its owner's hand
    (return_self, 400.7: if it is still there), or else exiled ({op: exile, what: self} in ``otherwise``: the card in
    its owner's graveyard, engine/game/graveyard.py exiles_self)."""
    found = compile_paragraph(_RECOVER_READ.format(cost=cost))
    if found is None or len(found) != 1:
        return None
    data = found[0].model_dump(by_alias=True, exclude_defaults=True)
    trigger = data["trigger"]
    if (trigger.get("event"), trigger.get("source_zone"), trigger.get("subjects")) != (
            "dies", "graveyard", {"types": ["Creature"], "controller": "you"}):
        return None
    [may] = data["one_shot"]
    if may.get("op") != "may" or may.get("otherwise") or [op["op"] for op in may.get("if_you_do", ())] != ["return_self"]:
        return None
    trigger["subjects"] = {"types": ["Creature"], "owner": "you"}
    may["otherwise"] = [{"op": "exile", "what": "self"}]
    data["text"] = DEFINITIONS["recover"][1].replace("{cost}", cost)
    return type(found[0]).model_validate(data)


def rule(keyword: str) -> str | None:
    return DEFINITIONS[keyword][0] if keyword in DEFINITIONS else None
