"""Presentation of the layers task: tables, the JSON document, and the dependency graph."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.app.render import Output

if TYPE_CHECKING:
    import networkx as nx

REASON_TEXT = {
    "existence": "applying it changes whether the effect exists (613.8a)",
    "text": "applying it changes the effect's text (613.8a)",
    "applies_to": "applying it changes what the effect applies to (613.8a)",
    "what_it_does": "applying it changes what the effect does (613.8a)",
}


def layers_json(result, only: str | None = None) -> dict[str, Any]:
    objects = result.objects if only is None else {only: result.objects[only]}
    return {
        "objects": objects,
        "order": result.order,
        "dependencies": result.dependencies,
        "loops": result.loops,
        "players_and_rules": result.in_force,
    }


def _type_line(o: dict) -> str:
    line = " ".join(w.capitalize() for w in o["supertypes"] + o["types"])
    subs = o["subtypes"] + (["(all creature types)"] if o.get("all_creature_types") else [])
    return line + (" — " + " ".join(subs) if subs else "")


def print_layers(result, con: Output, only: str | None = None) -> None:
    objects = result.objects if only is None else {only: result.objects[only]}
    rows = []
    for oid, o in objects.items():
        pt = f"{o['power']}/{o['toughness']}" if o["power"] is not None else ""
        name = o["name"] if o["name"] is not None else "(no name: face down, 708.2)"
        rows.append((oid, name, o["controller"] or "", _type_line(o), ", ".join(o["colors"]) or "colorless", pt,
                     "; ".join(o["abilities"])))
    con.table("characteristics after all continuous effects (613)",
              ["id", "name", "controller", "type", "colors", "P/T", "abilities"], rows)
    if result.order:
        con.table("application order (613.1-613.7)", ["#", "layer", "effect", "timestamp", "applies to"],
                  [(str(i), e["layer"], e["effect"], str(e["timestamp"]), ", ".join(e["applies_to"]) or "(nothing)")
                   for i, e in enumerate(result.order, 1)])
    if result.dependencies:
        con.table("dependencies (613.8a): the effect applies after the one it depends on",
                  ["effect", "depends on", "layer", "why"],
                  [(d["effect"], d["depends_on"], d["layer"], REASON_TEXT[d["reason"]]) for d in result.dependencies])
    if result.in_force:
        con.table("effects on players and on the rules, in force (613.10, 613.11)", ["effect", "rule", "timestamp", "text"],
                  [(e["effect"], e["rule"], str(e["timestamp"]), e["text"]) for e in result.in_force])
    for loop in result.loops:
        con.print(f"dependency loop (613.8b, applied in timestamp order): {', '.join(loop)}")
    if not result.order:
        con.print("no continuous effect applies: the characteristics are the printed ones")
    elif not result.dependencies:
        con.print("no dependencies: every layer applied in timestamp order (613.7)")


def dependency_graph(result) -> nx.DiGraph:
    import networkx as nx  # only for --graph: not on every start

    g = nx.DiGraph()
    for e in result.order:
        g.add_node(e["effect"])
    for d in result.dependencies:
        g.add_edge(d["effect"], d["depends_on"], layer=d["layer"], reason=d["reason"])
    return g


def graph_text(result, kind: str) -> str:
    g = dependency_graph(result)
    in_loop = {n for loop in result.loops for n in loop}
    if kind == "dot":
        import networkx as nx

        dot = nx.nx_pydot.to_pydot(g)
        dot.set_name("dependencies")
        for node in dot.get_nodes():
            if node.get_name().strip('"') in in_loop:
                node.set("color", "red")
        return dot.to_string()
    # Mermaid: networkx has no writer for it; the format is one line per node and edge.
    ids = {n: f"n{i}" for i, n in enumerate(sorted(g.nodes))}
    lines = ["graph LR"]
    for n in sorted(g.nodes):
        lines.append(f'  {ids[n]}["{n}"]')
    for a, b, data in sorted(g.edges(data=True)):
        lines.append(f"  {ids[a]} -->|{data['reason']} L{data['layer']}| {ids[b]}")
    for n in sorted(in_loop):
        lines.append(f"  style {ids[n]} stroke:#d00,stroke-width:2px")
    return "\n".join(lines) + "\n"
