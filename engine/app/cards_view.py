"""`mtgjudge cards`' human output for the card database (issue 20): a database card (its abilities in
the table library cards get, engine/app/render.py), a card that can't go on a board (its printed data
and why), `--search`, `--stats`, `--sources` and `cards import`. The JSON documents are made by
engine/app/queries.py."""

from __future__ import annotations

from typing import Any

from engine.app.render import Output, _pt, print_card

STATUS_TEXT = {"all": "all executable", "partly": "partly executable", "none": "none executable",
               "unconvertible": "can't go on a board"}


def colors_line(printed) -> str:
    """202.2, 204: where a database card's colors come from."""
    line = f"colors: {', '.join(printed.colors) or 'colorless'}"
    if printed.color_indicator:
        line += f" (color indicator: {', '.join(printed.color_indicator)})"
    if not printed.color_indicator_known:
        line += ("; the data has no color indicator for this face: its colors may be missing (fix: import fuller "
                 "data: mtgjudge cards import FILE)")
    return line


def _data_notes(printed, con: Output) -> None:
    """What the data says beside the characteristics: layout, faces, the faces it lacks."""
    con.print(f"layout: {printed.layout}" + (f"; keywords: {', '.join(printed.keywords)}" if printed.keywords else "")
              + (f"; back face: {printed.back_face}" if printed.back_face else "")
              + (f"; front face: {printed.front_face}" if printed.front_face else ""))
    for face in printed.faces:
        con.print(f"face {face.name}    {face.mana_cost or ''}".rstrip() + f"    {face.type_line}"
                  + (f"    {_pt(face)}" if _pt(face) else ""))
    if " // " in printed.name and not printed.faces and not printed.back_face:
        con.print(f"the data holds the face {printed.name.split(' // ')[0]} only (fix: import fuller data: "
                  "mtgjudge cards import FILE)")


def print_database_card(answer, con: Output) -> None:
    """A database card converted to a card of the vocabulary (engine/files/dbcards.py): the card as
    library cards are shown, every ability with what executes it or "not executable yet"."""
    printed, card = answer.printed, answer.card
    print_card(card.model_copy(update={"source": f"card database, {printed.source}"}), con)
    if printed.color_indicator or not printed.color_indicator_known:
        con.print(colors_line(printed))
    _data_notes(printed, con)
    status, n, total = answer.status
    con.print(f"not in the card library: {n} of {total} abilities executable ({STATUS_TEXT[status]})"
              + ("; a card file would encode the rest (docs/card-format.md)" if status != "all" else ""))


def print_unconvertible_card(answer, con: Output) -> None:
    """A database card that can't go on a board: its printed data as the database has it, and why."""
    printed = answer.printed
    con.print(f"{printed.name}    {printed.mana_cost or ''}".rstrip())
    con.print(printed.type_line + (f"    {_pt(printed)}" if _pt(printed) else ""))
    value = "unknown" if printed.mana_value is None else str(printed.mana_value)
    con.print(f"mana value {value}; {colors_line(printed)}")
    _data_notes(printed, con)
    if printed.oracle:
        con.print()
        con.print(printed.oracle)
    con.print()
    problem = answer.problem.problem.removeprefix(f"{printed.name}: ")
    con.print(f"not in the card library, and can't go on a board: {problem}"
              + (f" (fix: {answer.problem.fix})" if answer.problem.fix else ""))
    con.print(f"source: card database, {printed.source}")


def print_search(doc: dict[str, Any], con: Output) -> None:
    rows = [(c["name"], c["mana_cost"] or "", c["type_line"], _status_cell(c)) for c in doc["cards"]]
    title = "1 card matches" if doc["count"] == 1 else f"{doc['count']} cards match"
    con.table(f"{title} {' '.join(doc['words'])!r}", ["name", "cost", "type", "abilities"], rows)


def _status_cell(c: dict[str, Any]) -> str:
    if c["executable"] == "unconvertible":
        return STATUS_TEXT["unconvertible"]
    text = f"{STATUS_TEXT[c['executable']]} ({c['executable_abilities']}/{c['abilities']})"
    return text + (", library card" if c["library"] else "")


def print_stats(doc: dict[str, Any], con: Output) -> None:
    con.print(f"card database: {doc['cards']} cards ({'; '.join(doc['sources'])})")
    con.print()
    rows = [(STATUS_TEXT[k], str(doc[k]), str(doc["library"][k]) if k != "unconvertible" else "")
            for k in ("all", "partly", "none", "unconvertible")]
    con.table("abilities executable", ["cards", "count", "of them library cards"], rows)
    if doc["unconvertible_reasons"]:
        con.table("why cards can't go on a board", ["reason", "cards"],
                  [(r, str(n)) for r, n in doc["unconvertible_reasons"].items()])
    con.table("abilities by family", ["family", "abilities", "executable", "share"],
              [(f"{f['family']}. {f['name']}", str(f["abilities"]), str(f["executable"]), _share(f))
               for f in doc["families"]])
    con.table("abilities by program", ["program", "abilities executed", "cards using it"],
              [(p["program"], str(p["abilities"]), str(p["cards"])) for p in doc["programs"]])
    con.table(f"the {len(doc['not_compiled'])} most frequent templates not executable", ["abilities", "template"],
              [(str(t["abilities"]), t["template"]) for t in doc["not_compiled"]])


def _share(f: dict[str, Any]) -> str:
    return f"{100 * f['executable'] / f['abilities']:.1f}%" if f["abilities"] else "-"


def print_sources(doc: dict[str, Any], con: Output) -> None:
    con.print(f"card data in use: {doc['cards']} cards; index {doc['index']}")
    for i, s in enumerate(doc["sources"], 1):
        date = s["date"] or "none"
        con.print(f"{i}. {s['label']}: {s['format']}, file {s['file']}"
                  + (f", imported {s['imported']}" if s.get("imported") else ""))
        con.print(f"   date {date} ({s['date_from']}); {s['records']} cards, {s['in_use']} in use")
    if len(doc["sources"]) > 1:
        con.print("a card comes from the newest source that has it: imported data is newer than the default, and "
                  "of two imports the one with the later date, then the later import (the last above is the newest)")


def print_import(doc: dict[str, Any], con: Output) -> None:
    con.print(f"imported {doc['cards']} cards from {doc['file']}: {doc['label']} (date {doc['date']}, from "
              f"{doc['date_from']})" + (f"; left out: {doc['skipped']} token, emblem or art card objects"
                                        if doc["skipped"] else ""))
    if doc.get("index"):
        con.print(f"{doc['in_use']} of them in use; the index {doc['index']} holds {doc['index_cards']} cards "
                  "(mtgjudge cards --sources)")
    else:
        con.print(doc["note"])
