"""Human output of ``mtgjudge play``: the game log, then the final state."""

from __future__ import annotations

from engine.game import GameResult
from engine.app.render import Output

STATUS = {
    "until": "stopped where the game file's 'until' says",
    "actions_done": "stopped at the end of the turn of the last action (or of the first turn, with none)",
    "game_over": "the game is over (104.2)",
    "draw": "the game is a draw: a loop of mandatory actions (104.4b)",
    "budget": "stopped: the priority budget ran out (104.4b)",
}


def print_game(con: Output, result: GameResult) -> None:
    st = result.state
    con.table("game log", ["turn", "step", "rule", "what happens"],
              [(e.turn, e.step, e.rule, e.text) for e in result.log])
    con.print(f"{STATUS[result.status]}: turn {st.turn}, {st.step}, {st.active} active"
              + (f"; winner: {', '.join(result.winners)}" if result.winners else ""))
    con.print()
    con.table("players", ["player", "life", "hand", "library", "counters", ""],
              [(p.name, p.life, len(st.zone_ids("hand", p.name)), len(st.zone_ids("library", p.name)),
                ", ".join(f"{k}: {v}" for k, v in sorted(p.counters.items())),
                "draw" if result.status == "draw" else "lost" if p.lost else "monarch" if p.name == st.monarch else "")
               for p in st.players])
    rows = []
    for oid in st.battlefield:
        o = st.objects[oid]
        status = ", ".join(x for x, on in (("tapped", o.tapped), ("summoning sick", o.summoning_sick)) if on)
        rows.append((oid, o.card_name, o.controller, status, o.damage or "",
                     ", ".join(f"{k}: {v}" for k, v in sorted(o.counters.items()))))
    con.table("battlefield", ["id", "card", "controller", "status", "damage", "counters"], rows)
    gy = [(p, ", ".join(st.zone_ids("graveyard", p))) for p in st.player_names if st.zone_ids("graveyard", p)]
    if gy:
        con.table("graveyards (bottom first)", ["player", "cards"], gy)
    if st.stack:
        con.table("stack (bottom first)", ["id"], [(x,) for x in st.stack])
    if result.rejected:
        con.table("rejected actions (733)", ["action", "rule", "why"],
                  [(f"actions[{r['action']}]", r["rule"], r["message"]) for r in result.rejected])
