"""Human output (rich tables, fixed width when not a terminal: byte-identical runs) and JSON output."""

from __future__ import annotations

import json
import sys
from typing import Any

from tabulate import tabulate

from engine.vocab import loop_reads
from engine.vocab.cardfile import ActivatedAbility, CardFile, KeywordAbility, executable_by, parse_activation_cost
from engine.state.model import DISPLAY_ORDER, GameState, ability_dict
from engine.state.unexecuted import HEADING, not_executed, rows as not_executed_rows


class Output:
    """Plain text output: the same input gives byte-identical text, on a terminal or not."""

    def __init__(self, file=None):
        self.file = file or sys.stdout
        self.after_blank = True  # the last line printed was blank (or none was): a section may begin

    def print(self, text: str = "") -> None:
        self.file.write(text + "\n")
        self.after_blank = text == ""

    def table(self, title: str, headers: list[str], rows: list[tuple]) -> None:
        if title:
            self.print(title)
        self.print(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
        self.print()


def console(file=None) -> Output:
    return Output(file)


def dump_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)


def type_line(supertypes, types, subtypes) -> str:
    line = " ".join(list(supertypes) + list(types))
    if subtypes:
        line += " — " + " ".join(subtypes)
    return line


def _ability_json(ab) -> dict[str, Any]:
    d = ability_dict(ab)
    d["executable"] = executable_by(ab)
    if isinstance(ab, ActivatedAbility):
        c = parse_activation_cost(ab.cost)
        d["cost_parts"] = {"mana": c.mana, "tap": c.tap, "untap": c.untap, "energy": c.energy,
                           "loyalty": c.loyalty, "other": list(c.other)}
    return d


def card_dict(card: CardFile) -> dict[str, Any]:
    d: dict[str, Any] = {
        "name": card.name,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "colors": card.printed_colors,
        "color_indicator": card.color_indicator,
        "supertypes": card.supertypes,
        "types": card.types,
        "subtypes": card.subtypes,
        "type_line": type_line(card.supertypes, card.types, card.subtypes),
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
        "defense": card.defense,
        "token": card.token,
        "oracle": card.oracle,
        "abilities": [_ability_json(a) for a in card.abilities],
    }
    if card.adventure is not None:
        adv = card.adventure
        d["adventure"] = {
            "name": adv.name, "mana_cost": adv.mana_cost,
            "type_line": type_line(adv.supertypes, adv.types, adv.subtypes), "oracle": adv.oracle,
            "abilities": [_ability_json(a) for a in adv.abilities],
        }
    if card.source:
        d["source"] = card.source
    return d


def _pt(card: CardFile) -> str:
    if card.power is not None:
        return f"{card.power}/{card.toughness}"
    if card.loyalty is not None:
        return f"loyalty {card.loyalty}"
    if card.defense is not None:
        return f"defense {card.defense}"
    return ""


def print_card_list(cards: list[CardFile], con: Output) -> None:
    rows = [(c.name + (" (token)" if c.token else ""), c.mana_cost or "",
             type_line(c.supertypes, c.types, c.subtypes), _pt(c), str(len(c.abilities))) for c in cards]
    con.table(f"{len(cards)} cards", ["name", "cost", "type", "P/T", "abilities"], rows)


def _ability_row(i: int, ab) -> tuple[str, ...]:
    detail = ""
    if isinstance(ab, KeywordAbility):
        detail = ", ".join(f"{k}={getattr(ab, k)}" for k in ("n", "cost", "quality") if getattr(ab, k) is not None)
    elif isinstance(ab, ActivatedAbility):
        c = parse_activation_cost(ab.cost)
        parts = [f"loyalty {c.loyalty}" if c.loyalty else "", f"mana {c.mana}" if c.mana else "",
                 "tap" if c.tap else "", "untap" if c.untap else "", f"energy {c.energy}" if c.energy else ""]
        parts += list(c.other)
        detail = "cost: " + " + ".join(p for p in parts if p)
        if ab.mana:
            detail += "; mana ability (605)"
    spec = getattr(ab, "continuous", None)
    if spec is not None:
        detail = (detail + "; " if detail else "") + "continuous effect, layers " + ", ".join(spec.layers)
    if getattr(ab, "linked_to", None) is not None:
        detail = (detail + "; " if detail else "") + f"linked to ability {ab.linked_to} (607.1)"
    # (issue 24: the targets the loop can't read of an ability it would execute otherwise)
    why = None if loop_reads.does_nothing(ab) else loop_reads.unread(ab)
    return (str(i), ab.kind, ab.RULE, ab.display(), detail,
            executable_by(ab) or "not executable yet" + (f": {why}" if why else ""))


def print_card(card: CardFile, con: Output) -> None:
    con.print(f"{card.name}    {card.mana_cost or ''}".rstrip())
    con.print(type_line(card.supertypes, card.types, card.subtypes) + (f"    {_pt(card)}" if _pt(card) else ""))
    con.print(f"mana value {card.mana_value}; colors: {', '.join(card.printed_colors) or 'colorless'}"
              + ("; token definition" if card.token else ""))
    if card.oracle:
        con.print()
        con.print(card.oracle)
    con.print()
    faces = [("", card)] + ([("Adventure: ", card.adventure)] if card.adventure else [])
    for prefix, face in faces:
        if prefix:
            con.print(f"{prefix}{face.name}    {face.mana_cost or ''}".rstrip())
            con.print(type_line(face.supertypes, face.types, face.subtypes))
            con.print()
            con.print(face.oracle)
            con.print()
        if face.abilities:
            con.table(f"abilities of {face.name}", ["#", "kind", "rule", "text", "parsed", "executed by"],
                      [_ability_row(i, ab) for i, ab in enumerate(face.abilities, 1)])
    from engine.vocab.grant_refs import granted_by_card  # (613.1f: the references of engine/game/ability_refs.py)
    grants = granted_by_card(card)
    if grants:
        con.table(f"abilities {card.name} grants (613.1f): activated in a game as 'ability: N, granted_by: ID', ID its id",
                  ["N", "text"], [(str(n), text) for n, text in grants])
    if card.source:
        con.print(f"source: {card.source}")


def show_document(state: GameState, board: str) -> dict[str, Any]:
    """`mtgjudge show --json`: the board as loaded, each object with its printed characteristics
    (109.3: a library card's, or a card database's, engine/files/dbfaces.py), and the abilities no
    program executes."""
    doc = {"board": board, **state.to_dict()}
    for o in doc["objects"]:
        printed = state.objects[o["id"]].printed
        if printed is not None:
            o["printed"] = {**printed.to_dict(), "abilities": [ab.display() for ab in printed.abilities]}
    if any(o.printed is not None and o.printed.abilities for o in state.permanents()):
        from engine.game.ability_refs import shown_rows  # 602, 613.1f: what 'activate' names (ability_refs.py)
        doc["ability_references"] = [dict(zip(("permanent", "reference", "plain", "kind", "text"), r))
                                     for r in shown_rows(state)]
    return {**doc, "not_executed": not_executed(state)}


def _printed_row(o) -> tuple[str, ...]:
    p = o.printed
    size = (f"{p.power}/{p.toughness}" if p.power is not None else f"loyalty {p.loyalty}" if p.loyalty is not None
            else f"defense {p.defense}" if p.defense is not None else "")
    return (o.id, p.name, p.mana_cost or "", str(p.mana_value), ", ".join(p.colors) or "colorless",
            type_line(p.supertypes, p.types, p.subtypes), size)


def print_not_executed(con: Output, entries: list[dict[str, Any]]) -> None:
    """The abilities of the objects involved that no program executed (engine/state/unexecuted.py): a
    section when there are any."""
    if entries:
        if not con.after_blank:
            con.print()
        con.table(HEADING, ["object", "ability", "text"], not_executed_rows(entries))


def _status(o) -> str:
    flags = [n for n, on in (("tapped", o.tapped), ("sick", o.summoning_sick), ("token", o.is_token),
                             ("face down", o.face_down)) if on]
    return ", ".join(flags)


def _pairs(d: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(d.items()))


def print_board(state: GameState, con: Output) -> None:
    if state.source:
        con.print(f"board {state.source}")
        con.print()
    con.table("players", ["seat", "player", "life", "counters", ""],
              [(str(p.seat + 1), p.name, str(p.life), _pairs(p.counters),
                ", ".join(x for x, on in (("active", p.name == state.active), ("monarch", p.name == state.monarch)) if on))
               for p in state.players])  # 722.1: the monarch, a designation
    if state.battlefield:
        con.table("battlefield", ["id", "card", "controller", "owner", "timestamp", "status", "counters", "damage",
                                  "attached to", "choices"],
                  [(o.id, o.card_name, o.controller, o.owner, str(o.timestamp), _status(o), _pairs(o.counters),
                    str(o.damage) if o.damage else "", o.attached_to or "", _pairs(o.choices))
                   for o in state.permanents()])
    if state.effects:
        con.table("continuous effects (611.2)", ["#", "from", "source", "ability", "controller", "targets",
                                                 "affected", "timestamp", "duration", "remaining"],
                  [(str(e.index), e.source_card, (e.source or "") + (" (inferred)" if e.source_inferred else ""),
                    f"{e.ability_index}: {e.ability.display()}",
                    e.controller, ", ".join(e.targets), "" if e.affected is None else ", ".join(e.affected) or "(none)",
                    str(e.timestamp), e.duration.replace("_", " "),
                    "" if e.remaining is None else str(e.remaining)) for e in state.effects])
    if state.stack:
        rows = []
        for oid in state.stack:
            o = state.objects[oid]
            what = o.card_name if o.kind == "spell" else f"ability {o.ability_index} of {o.ability_of}"
            rows.append((o.id, what, o.controller or "", ", ".join(o.targets), _pairs(o.choices)))
        con.table("stack (bottom first)", ["id", "object", "controller", "targets", "choices"], rows)
    rows = []
    for zone in ("hand", "graveyard", "library", "exile", "command"):
        for p in state.players:
            if zone in ("hand", "graveyard", "library"):
                ids = state.player_zones.get((p.name, zone), [])
            else:
                ids = [i for i in getattr(state, zone) if state.objects[i].owner == p.name]
            if ids:
                label = zone + (" (top first)" if zone == "library" else "")
                rows.append((label, p.name, ", ".join(f"{i} ({state.objects[i].card_name})" for i in ids)))
    if rows:
        con.table("other zones", ["zone", "player", "objects"], rows)
    if state.combat is not None:
        c = state.combat
        def note(a: str) -> str:
            notes = ["entered attacking (508.4)"] if a in c.entered_attacking else []
            if c.band_of(a):
                notes.append("in a band with " + ", ".join(c.band_of(a)) + " (702.22c)")
            return "; ".join(notes)
        rows = [(a, f"attacks {d}", note(a)) for a, d in c.attackers.items()]
        rows += [(b, "blocks " + ", ".join(att), "entered blocking (509.4)" if b in c.entered_blocking else "")
                 for b, att in c.blockers.items()]
        con.table("combat", ["creature", "attacks / blocks", "note"], rows)
    printed = [state.objects[i] for zone in DISPLAY_ORDER for i in state.zone_ids(zone)
               if state.objects[i].printed is not None]
    if printed:
        con.table("printed characteristics (109.3)", ["id", "name", "mana cost", "mana value", "colors", "type",
                                                      "P/T, loyalty"], [_printed_row(o) for o in printed])
    if any(o.printed is not None and o.printed.abilities for o in state.permanents()):
        from engine.game.ability_refs import shown_rows  # 602, 613.1f: what 'activate' names (ability_refs.py)
        rows = shown_rows(state)
        if rows:
            con.table("activated abilities of the permanents (602, 613.1f): an activate action's reference", ["permanent", "reference",
                      "plain", "kind", "text"], rows)
    print_not_executed(con, not_executed(state))
