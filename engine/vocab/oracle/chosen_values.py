"""Family 5 of the Oracle grammar: a value chosen as a spell or ability resolves, read by the instructions after it
(608.2c, 608.2d): "Choose a creature type. Draw a card for each permanent you control of that type." (-> one_shot
[{op: choose_value, choice: creature_type}, {op: draw, amount: {count: {types: [Permanent], controller: you,
chosen_creature_type: true}}}]), "Choose a color. ~ deals X damage to each creature of the chosen color." (-> the
damage's selector chosen_color: true). "of the chosen type" / "of the chosen color" (objects.lark's OF_CHOSEN_TYPE,
OF_CHOSEN_COLOR) and "of that type" / "of that color" (OF_THAT_VALUE: {that_value: KIND}, made chosen_creature_type /
chosen_color here, after a "Choose a ..." of that kind only) in a selector of an instruction after the choice; the
game loop puts the value chosen in their place as it follows each instruction after it (engine/game/chosen_values.py,
the one selector matcher bridge/selectors.py reading it). Called by oneshot_hand.check."""

from __future__ import annotations

import re

from asp_rules.rulesdata import is_creature_type

from engine.vocab.oracle.objects import NotRead, subtype
from engine.vocab.oracle.oneshot_cards import Piece

# a selector's field naming a value chosen -> the kind of value (choose_value's choice)
_FIELDS = {"chosen_creature_type": "creature_type", "chosen_color": "color",
           "not_chosen_creature_type": "creature_type"}  # ("that aren't of the chosen type", 205.3m)
_OF_THAT = {"creature_type": "chosen_creature_type", "color": "chosen_color"}


def selector_reads(data) -> set[str]:
    """The kinds of value (creature_type, color) the selectors in ``data`` name: chosen_creature_type, chosen_color."""
    out: set[str] = set()
    if isinstance(data, dict):
        out |= {kind for key, kind in _FIELDS.items() if data.get(key) is True}
        data = list(data.values())
    for x in data if isinstance(data, list) else ():
        out |= selector_reads(x)
    return out


def without_selectors(data):
    """``data`` without its selectors' chosen_creature_type / chosen_color (what else in it reads a value chosen)."""
    if isinstance(data, dict):
        return {k: without_selectors(v) for k, v in data.items() if k not in _FIELDS}
    if isinstance(data, list):
        return [without_selectors(x) for x in data]
    return data


def counted(sel: dict) -> dict:
    """608.2h, 608.2c: a counted group "of the chosen type" / "of the chosen color" ("the number of permanents you control
    of the chosen type"): the value chosen as the spell or ability resolves (that_value, made the selector's field again
    by resolve_that after a "Choose a ..." of that kind; anywhere else no selector has it: not read)."""
    found = [k for k in _FIELDS if sel.get(k) is True]
    if len(found) != 1 or "that_value" in sel:
        return sel
    out = {k: v for k, v in sel.items() if k != found[0]}
    out["that_value"] = _FIELDS[found[0]]
    return out


def resolve_that(ops: list, continuous) -> None:
    """"of that type", "of that color" ({that_value: KIND}) after a "Choose a creature type." / "Choose a color." of
    that kind before it in the same ability: the selector's chosen_creature_type / chosen_color; anywhere else it
    stays, and no selector has it (not read)."""
    chosen: set[str] = set()

    def walk(data, key=None):
        if isinstance(data, dict):
            kind = data.get("that_value")
            if kind is not None:
                field = "chosen" if "op" in data else _OF_THAT[kind]  # ("becomes that type": the op's chosen value)
                if kind not in chosen or field in data:
                    raise NotRead("'of that type' / 'of that color' after no value of that kind chosen before it")
                del data["that_value"]
                data[field] = True
            if key == "count" and not selector_reads(data) <= chosen:  # (the loop's counts read no source's choice)
                raise NotRead("'for each ... of the chosen type' after no value of that kind chosen as it resolves")
            for k, v in data.items():
                walk(v, k)
        elif isinstance(data, list):
            for x in data:
                walk(x, key)

    for op in ops:
        if op.get("op") == "choose_value":
            chosen.add(op.get("choice"))
        walk(op)
    walk(continuous or {})


def check_negated(kind: str, ops: list, continuous) -> None:
    """205.3m, 608.2d: "that aren't of the chosen type" ({not_chosen_creature_type: true}) in a spell reads the creature
    type chosen as it resolves ("Choose a creature type. Destroy all creatures that aren't of the chosen type."): a spell
    that chooses none (it has no value chosen as it entered, 614.12) is not read (every creature would be one)."""
    def reads(data) -> bool:
        if isinstance(data, dict):
            return data.get("not_chosen_creature_type") is True or any(reads(v) for v in data.values())
        return isinstance(data, list) and any(reads(x) for x in data)

    if kind == "spell" and (reads(ops) or reads(continuous or {})) and not any(
            op.get("op") == "choose_value" and op.get("choice") == "creature_type" for op in ops):
        raise NotRead("'that aren't of the chosen type' in a spell that chooses no creature type")


class ChosenValuesReader:
    """The transformer methods of chosen_values.lark (a mixin of oneshot._Reader)."""

    def cv_choose_other_than(self, children):
        """205.3m, 608.2d: "Choose a creature type other than Wall." (-> choose_value creature_type, other_than)."""
        barred = subtype(str(children[1]))
        if not is_creature_type(barred):
            raise NotRead(f"'other than {barred}': no creature type")
        return Piece([{"op": "choose_value", "choice": "creature_type", "other_than": barred}])

    def cv_becomes_that_type(self, children):
        """205.3m, 611.2c: "[object] becomes that type until end of turn" (the object as os_pump reads it): its creature
        types replaced by the one chosen before (that_value: resolve_that makes it chosen: true, or refuses it)."""
        return self.os_pump([children[0], [{"op": "set_creature_types", "that_value": "creature_type"}]])

    def _hand_mv(self, children) -> dict:
        """202.3: the card chosen from the revealed hand, its qualities (os_hand_choose's) and its mana value bound."""
        (_, kind), = self.os_hand_choose(children[:2])
        n, way = re.match(r"with mana value ([0-9]+) or (greater|less)", str(children[2])).groups()
        return dict(kind or {}, **{"mana_value_at_least" if way == "greater" else "mana_value_at_most": int(n)})

    def cv_hand_choose_mv(self, children):  # 701.20a: completed by "That player discards that card." (discard_chosen)
        return [("hand_choose", self._hand_mv(children))]

    def cv_hand_exile_mv(self, children):  # 701.20a, 406.1: exile_chosen (oneshot_hand.merge)
        return [("hand_exile", self._hand_mv(children))]

    def cv_hand_exile_that(self, _):  # 701.20a, 406.1 (merge_exile_that)
        return [("hand_exile_that", None)]


def merge_exile_that(ops: list, piece: tuple) -> None:
    """701.20a, 406.1: "Exile that card." completes "You choose a ... card from it." (a discard_chosen whose card is
    chosen, oneshot_library.merge's stage "taken"): the card chosen is exiled (exile_chosen, the same choice)."""
    last = ops[-1] if ops else {}
    if last.get("op") != "discard_chosen" or last.get("_stage") != "taken":
        raise NotRead("'Exile that card.' after no card chosen from a revealed hand")
    fields = {k: v for k, v in last.items() if k not in ("op", "_stage")}
    last.clear()
    last.update({"op": "exile_chosen", **fields})


def that_target_player(kind: str, head, ops: list, specs: list, check) -> None:
    """608.2c, 115.1: "that player" after an instruction on the ability's one target, a player ("Target opponent reveals
    their hand. ... If you control a Warrior, that player loses 2 life."): that target (who / damage to: target), where
    "that player" names no player of the trigger (``check``: oneshot_library.check_that_player, which refuses it)."""
    try:
        check(kind, head, ops)
        return
    except NotRead:
        if len(specs) != 1 or specs[0].get("what") not in ("player", "opponent") or specs[0].get("up_to"):
            raise
        if kind == "triggered" and any(("player" in k or "opponent" in k) and v != "you" for k, v in (head or {}).items()):
            raise  # (a trigger on another player's event: "that player" may be that one, 603.2)

    def walk(op_list):
        for op in op_list:
            if op.get("who") == "that_player":
                op["who"] = "target"
            if op.get("op") == "damage" and op.get("to") == "that_player":
                op["to"] = "target"
            elif op.get("op") == "damage" and "that_player" in (op.get("to") if isinstance(op.get("to"), list) else ()):
                raise NotRead("'that player' among several recipients")
            for key in ("one_shot", "if_you_do", "otherwise"):
                walk(op.get(key) or ())
    walk(ops)
    check(kind, head, ops)
