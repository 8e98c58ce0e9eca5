"""Family 5 of the Oracle grammar (oneshot.lark), conditional clauses (issue 21): an activated ability's
"Activate only if [condition]." (602.5b). The condition's words are read by the static abilities' grammar
(statics.lark: ``st_condition``, the condition of "as long as [condition]"), into the vocabulary's Condition
(engine/vocab/selector.py); the ability keeps the sentence in its effect text like its other restrictions, and
``activate_if`` holds the condition the game loop checks as the ability would be activated
(engine/game/costs.py, engine/game/conditions.py)."""

from __future__ import annotations

import importlib
import re
from functools import lru_cache

from engine.vocab.oracle import compare, oneshot_animate, oneshot_eachplayer, oneshot_history, oneshot_ifevent
from engine.vocab.oracle import oneshot_only
from engine.vocab.oracle import oneshot_gyif  # 113.6m, 603.4 (issue 21: "if this card is in your graveyard")
from engine.vocab.oracle.objects import NotRead, parser, read_tree
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_limits import LimitsReader
from engine.vocab.oracle.words import ability_word

# "Activate only if [condition].", and its joins with the restrictions the loop reads in the text (602.5b, 602.5d):
# "Activate only if [condition] and only once each turn.", "... and only once.", "... and only as a sorcery.",
# "Activate only as a sorcery and only if [condition]."
# (and the activation limits' joins, oneshot_limits.py: "Activate only once each turn and only if [condition].",
# "Activate only during your upkeep and only if ...", "Activate only during combat and only if ...")
_ONLY_IF = r"Activate only (?:(?:as a sorcery|once each turn|during your upkeep|during combat|during your turn) and only )?if "
_JOINS = re.compile(r" and only (?:once each turn|once|as a sorcery)$")
# the condition's sentence in an activated ability's effect text: "Activate only if [condition]."
_SENTENCE = re.compile(r"(?:^|(?<=\. ))" + _ONLY_IF + r"([^.]+)\.$")
# 603.4: the intervening "if" clause at the start of a triggered ability's effect (oneshot.lark: OS_IF_CONDITION)
_INTERVENING = re.compile(r"^if (?!this card is in your graveyard, )(?!(?:this \w+|~) came under |no spells were |a player cast |it isn't renowned|that "
                          r"creature has greater |(?:this \w+|~) has a \+1/\+1 counter on it)([^,.]+), ")
# the words the statics' grammar reads (not this family's): left out of oneshot.py's check of the words it knows
# (and those of a conditional instruction, oneshot_ifcond.py: "If [condition], ", "Then if [condition], ", " if [condition].")
WORDS_READ = re.compile(r"(?<=\. )" + _ONLY_IF + r"[^.]+\.|(?<=, )if [^,.]+, |(?:^|(?<=\. ))(?:If|Then if) [^,.]+, "
                        r"|(?<= )if [^,.]+\.(?= |$)")
# the fields of a condition the game loop evaluates (engine/game/conditions.py: holds)
LOOP_READS = frozenset({"count", "card_types", "counters", "life", "player", "zone", "at_least", "at_most", "monarch",
                        "this_turn", "gained_life", "drawn", "spells_cast", "versus", "turn", "entered_this_turn",
                        "any_of", "day_night"})  # (the turn's history: engine/game/history.py)
# 722.1 (the current official rules: the seed text stops at 702.42): the conditions on the monarch, the game loop's
# designation (no static ability's: the statics' grammar doesn't read them) -> Condition {monarch}
MONARCH = {"you're the monarch": "you", "an opponent is the monarch": "opponent", "there is no monarch": "none"}
# 500.1: whose turn it is (the active player's), read by the game loop only (a static ability's "during your turn" is
# its effect's own `during`) -> Condition {turn}
TURN = {"it's your turn": "yours", "it's not your turn": "not_yours"}
# 731 (the current official rules): whether it is day or night, the game loop's (engine/game/transform.py) -> Condition
# {day_night}
DAY_NIGHT = {"it's night": "night", "it's day": "day"}


@lru_cache(maxsize=2048)
def condition(words: str) -> dict:
    """The Condition (a dict of the vocabulary) of "Activate only if [words].", on the ability's source
    (its "this creature", 602.5b); NotRead if the statics' grammar doesn't read all of it or the game loop
    doesn't evaluate that kind of condition."""
    from lark.exceptions import LarkError

    statics = importlib.import_module("engine.vocab.oracle.statics")  # (a family compile.py loads by name, as here)

    if words in MONARCH:  # 722.1: who is the monarch (engine/game/conditions.py: holds)
        return {"monarch": MONARCH[words]}
    if words in DAY_NIGHT:  # 731: it is day or night now (engine/game/conditions.py: holds)
        return {"day_night": DAY_NIGHT[words]}
    if words in TURN:  # 500.1: the active player is its controller, or isn't (engine/game/conditions.py: holds)
        return {"turn": TURN[words]}
    if (happened := oneshot_history.read(words)) is not None:  # what happened this turn (engine/game/history.py)
        return happened
    if (exact := oneshot_only.read(words)) is not None:  # "you have exactly seven cards in hand" (402.1)
        return exact
    if (versus := compare.read(words)) is not None:  # "an opponent controls more lands than you" (compare.lark)
        return versus
    if (that := oneshot_eachplayer.condition(words)) is not None:  # "that player has two or fewer cards in hand"
        return that  # (603.4: checked against the trigger by oneshot_eachplayer.check_condition)
    try:
        tree = parser("statics", ("st_condition",)).parse(words)
    except LarkError:
        try:  # "this land entered this turn or if you control a basic land" (statics.lark: st_condition_or)
            either = parser("statics", ("st_condition_or",)).parse(words)
        except LarkError:
            raise NotRead(f"a condition the statics' grammar doesn't read: {words!r}") from None
        # 602.5b, 608.2c: one of them holding is enough (Condition's any_of, the game loop's only)
        return {"any_of": [_loop_condition(*read_tree(statics._Statics(), t), words) for t in either.children]}
    return _loop_condition(*read_tree(statics._Statics(), tree), words)


def _loop_condition(cond: dict, it, words: str) -> dict:
    """The condition statics.lark's st_condition read, as the game loop evaluates it on the ability's source (its "this
    creature"); NotRead for a kind of condition the loop doesn't evaluate."""
    from engine.vocab.oracle.statics_values import _IT, _resolve
    from engine.vocab.selector import Condition

    if it is _IT or cond.get("_it") or set(cond) & {"during", "always", "monstrous", "devotion",
                                                     "more_than_each_opponent"}:
        raise NotRead(f"a condition the game loop doesn't evaluate on activation: {words!r}")
    if "count" in cond:
        count = cond["count"]
        if not set(count) & {"self", "attached", "zone", "controller", "attached_to", "_host_kinds", "any_of"}:
            count = {"self": True, **count}  # "this creature is attacking": the source
        cond = {**cond, "count": _resolve(count, {"self": True}), "at_least": cond.get("at_least", 1)}
    if any("zone" in sel for sel in cond.get("count", {}).get("any_of", ())):
        raise NotRead(f"a union of objects in zones other than the battlefield (not counted by the loop): {words!r}")
    if set(cond) - LOOP_READS or cond.get("entered_this_turn", "self") != "self":
        raise NotRead(f"a condition the game loop doesn't evaluate on activation: {words!r}")
    try:
        Condition.model_validate(cond)
    except ValueError:
        raise NotRead(f"no Condition of the vocabulary: {words!r}") from None
    return cond


def activation(effect: str) -> dict:
    """The fields "Activate only if [condition]." adds to an activated ability, from its effect text."""
    m = _SENTENCE.search(effect)
    return {"activate_if": condition(_JOINS.sub("", m.group(1)))} if m else {}


def intervening(bare: str, ability: dict) -> dict:
    """603.4: the ability with the condition of its intervening "if" clause (``if_condition``): after "at the
    beginning of" (checked as the step begins and as it resolves) or an event (oneshot_ifevent.py)."""
    ability = oneshot_animate.check(bare, ability)  # 611.2a: an indefinite animation
    if ability.get("kind") != "triggered":
        return ability
    word = ability_word(bare)  # 207.2c
    m = _INTERVENING.match(bare[word.end() if word else 0:].partition(", ")[2])
    if bare[word.end() if word else 0:].partition(", ")[2].startswith(oneshot_gyif.CLAUSE):  # 603.4, 113.6m
        return {**ability, "if_condition": oneshot_gyif.IN_GRAVEYARD}  # (checked again as it resolves: oneshot_gyif.py)
    if m is None:
        return ability
    if any(k.startswith("if_") for k in ability.get("trigger") or {}):
        return ability  # a clause another template read (oneshot.lark: OS_IF_CAME_UNDER, ...)
    ability = oneshot_ifevent.on_trigger(ability, m.group(1), condition, bare)  # (a step's trigger or an event's, 603.4)
    oneshot_eachplayer.check_condition(ability.get("trigger"), ability.get("if_condition") or {})  # ("that player")
    return ability


def without_word(bare: str) -> str:
    """An activated ability's words without the ability word before it (207.2c: "Threshold — "), as its cost and
    effect are printed."""
    word = ability_word(bare)
    return bare[word.end():] if word else bare


class CondReader(LimitsReader):  # (and the activation limits: oneshot_limits.py)
    """The methods of oneshot.py's transformer for the conditional clauses."""

    def os_worded(self, children):
        """207.2c-d: an ability word (or a flavor word) and the ability after it: the ability (no rules meaning)."""
        return children[-1]

    def os_intervening_if(self, children):
        """603.4: "if [condition], [instructions]." after a trigger: the instructions (the condition read now, and
        put on the ability by ``intervening``)."""
        oneshot_ifevent.read_words(str(children[0])[len("if "):], condition)
        return [c for c in children if isinstance(c, Piece)]

    def os_activate_if(self, children):
        """602.5b: "Activate only if [condition].": a restriction kept in the effect text (an activated
        ability's only, as "Activate only as a sorcery."), its condition read now (``activation``)."""
        words = _JOINS.sub("", re.sub("^" + _ONLY_IF, "", str(children[0])))
        oneshot_eachplayer.check_condition(None, condition(words))  # (no "that player" to activate it)
        return ["sorcery_only"]
